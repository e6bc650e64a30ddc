"""Nogginate's turn: what the seat to move may do now (NG-26 to NG-45), shared by the state and the view.

A :class:`Turn` is built from the same fields by :class:`~engine.games.nogginate.state.NogginateState`
and :class:`~engine.games.nogginate.view.NogginateView`, so both give one answer for every action.
As in OpenSpiel's gin rummy, each phase and action type has its own legality: one check per move
(:data:`CHECKS`, keyed by action type and phase; the state's ``VERBS`` pair them with the handlers)
and one hint per phase for anything else (:data:`HINTS`); :meth:`Turn.legal` looks up the phase's
move generator (:data:`_LEGAL_BY_PHASE`). The cheat powers'
checks and candidates are in :mod:`engine.games.nogginate.powers`.

Pending commitments (no dead ends, no take-backs): once a team that is not down starts melding,
the turn cannot end before the minimum is met (NG-32, NG-32a), and only melds after which it can
still be met are offered; after a partner's "yes" no move may spoil a going out the player can
still make (NG-45e). Both are answered by the search :func:`~engine.games.nogginate.melds.can_place`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Callable, Sequence

from engine.cards import Card, pretty_text
from engine.games.nogginate.cards import CHEAT_CARDS
from engine.core import Action
from engine.grammar import article
from engine.games.nogginate.actions import (
    ASK,
    BONUS_ACT,
    DRAW,
    DRAW_CHEATS,
    DRAW_MIXED,
    JOKERNATE_ACT,
    NO,
    OUT,
    PASS,
    YES,
    Add,
    Answer,
    Ask,
    Close,
    Discard,
    Draw,
    FreezeNate,
    GoOut,
    Merge,
    NewNate,
    NewNoggi,
    Onto,
    PassTurn,
    Phase,
    PlaceBonus,
    TakePile,
    shape_problem,
)
from engine.games.nogginate.cheats import JOKERNATE_CARD, SHOW, TELL, CheatNate, Give, StartJokernate
from engine.games.nogginate.melds import (
    BONUS,
    CLOSE_AT,
    FREEZE,
    JOKER,
    JOKERNATE,
    NATE,
    NOGGI,
    NOGGI_CLOSE_AT,
    TableMeld,
    add_problem,
    can_meld_out,
    can_place,
    card_value,
    closable,
    closed_count,
    holds,
    less,
    merged_nate,
    nate_problem,
    nate_shape_ok,
    new_meld,
    noggi_problem,
    place_shapes,
    replays,
    stranded,
    unit_weight,
)
from engine.games.nogginate.powers import POWER_WHY, power_moves, why_cheat_nate, why_give

if TYPE_CHECKING:
    from engine.games.nogginate.game import NogginateVariant

#: NG-45e/NG-45i: the refusal of a move that would spoil a going out the player was told to make.
SPOILS = "your partner said yes: you must go out this turn, and after this you no longer could (NG-45e, NG-45i)"

#: NG-45e/k: answers of :meth:`Turn._able_path` by hand and team melds, with the placements found (the legal list,
#: the view's list and a bot may ask about one hand in turn, and every move of a big hand is checked after a yes).
_ABLE: dict[tuple, tuple[bool, Sequence[tuple] | None]] = {}
_ABLE_SIZE = 20_000


def _order(c: Card) -> int:
    return c.order


def _able_search(cards: Counter, nates: list, noggis: list, m: int, stuck: int, jn: bool,
                 path: list | None = None, quick: int = -1) -> bool:
    """NG-45e: whether the ``m`` natural and joker ``cards`` can all be placed in new melds and on
    the team's ``nates`` and ``noggis`` (all but one when no special card is ``stuck`` for the
    discard); ``jn``: the team has a Jokernate (NG-23), which takes any number of jokers. Without one,
    ``path`` (when given) receives the placements found and ``quick`` bounds the search before the exact count
    (:func:`~engine.games.nogginate.melds.can_place`)."""
    if not jn:
        return can_place(cards, nates, noggis, m - (1 - stuck), 0, unit_weight, path, quick)
    # NG-23: the team's Jokernate, open or closed, takes any number of jokers: some jokers may go into
    # Nates (j of them), the rest onto the Jokernate
    jokers = cards.pop(JOKER, 0)
    for j in range(jokers + 1):
        if j:
            cards[JOKER] = j
        if can_place(cards, nates, noggis, m - jokers + j - (1 - stuck), 0, unit_weight, quick=0):
            return True
    return False


class Turn:
    """The seat to move's situation, built by the state and by the view from the same
    fields, so both give one answer for every action (NG-26 to NG-45)."""

    __slots__ = ("v", "phase", "seat", "team", "partnership", "hand", "melds", "team_melds", "discards",
                 "stock", "down", "need", "pile_rest", "asked", "permission", "ask_left", "minimum", "_counts",
                 "cheat_stock", "returning", "return_seats")

    def __init__(self, v: NogginateVariant, phase: Phase, seat: int, team: int, partnership: bool,
                 hand: Sequence[Card], melds: Sequence[TableMeld], discards: Sequence[Card], stock: int, down: bool,
                 need: int, pile_rest: bool, asked: bool, permission: int, ask_left: bool, minimum: int,
                 cheat_stock: int = 0, returning: Sequence[Card] = (), return_seats: Sequence[int] = ()) -> None:
        self.v, self.phase, self.seat, self.team, self.partnership = v, phase, seat, team, partnership
        self.hand, self.melds, self.discards, self.stock, self.down = hand, melds, discards, stock, down
        self.team_melds = [m for m in melds if m.team == team]
        self.need, self.pile_rest, self.asked, self.permission = need, pile_rest, asked, permission
        self.ask_left, self.minimum = ask_left, minimum
        self.cheat_stock, self.returning, self.return_seats = cheat_stock, returning, return_seats
        self._counts: Counter | None = None

    @property
    def counts(self) -> Counter:
        """The hand as a multiset (card -> copies)."""
        if self._counts is None:
            self._counts = Counter(self.hand)
        return self._counts

    def meld(self, mid: int) -> TableMeld | None:
        """The meld ``m<mid>`` on the table, or None."""
        for m in self.melds:
            if m.id == mid:
                return m
        return None

    def why(self, action: Action) -> str | None:
        """None if ``action`` is legal, else a sentence naming the rule that forbids it: the
        check of the action's type in this phase (:data:`CHECKS`), else the phase's hint
        (:data:`HINTS`)."""
        check = CHECKS.get((type(action), self.phase))
        if check is not None:
            return check(self, action)
        hint = HINTS.get(self.phase)
        return "it is not a player's move now" if hint is None else hint(self, action)

    def legal(self) -> list[Action]:
        """Every legal action, in a fixed order (the order seeded bots and the play hashes depend on)."""
        moves = _LEGAL_BY_PHASE.get(self.phase)
        return [] if moves is None else moves(self)

    # -- going out ---------------------------------------------------------------
    def may_go_out_now(self) -> bool:
        """NG-43/NG-45: the team has two closed melds and (in a partnership) the partner said yes."""
        return closed_count(self.team_melds) >= 2 and (not self.partnership or self.permission == 1)

    def may_empty(self, team_melds: Sequence[TableMeld]) -> bool:
        """Whether the hand may become empty with ``team_melds`` on the table: NG-43 is met or
        can be by closing Noggis, and (NG-45a) the partner said yes."""
        return (closed_count(team_melds) + closable(team_melds) >= 2
                and (not self.partnership or self.permission == 1))

    def able_to_go_out(self) -> bool:
        """NG-45e: whether the player can still empty the hand this turn (all cards melded,
        or all but one and that one discarded)."""
        return self._able(self.counts, self.team_melds)

    def spoils(self, hand: Counter, team_melds: Sequence[TableMeld]) -> bool:
        """NG-45e: after "yes", whether a move leaving ``hand`` and ``team_melds`` would spoil
        a going out the player is still able to make."""
        # the player's own ability first: it is one search, remembered, and without it nothing can spoil; the
        # placements it found are tried first after the move (most moves lay a card where they put it)
        if self.permission != 1:
            return False
        able, path = self._able_path(self.counts, self.team_melds)
        return able and not self._able_path(hand, team_melds, path, True)[0]

    def stuck(self, c: Counter) -> int:
        """Special cards of the hand ``c`` that could only be the going-out discard: Freeze cards
        fewer than 3 (NG-22), cheat cards that no cheat-Nate takes, except Show and Tell between
        partners, which are always playable (NG-45j: the other powers are not searched)."""
        fz = c.get(FREEZE, 0)
        n = fz if fz < 3 else 0
        if not self.v.use_cheat_cards:
            return n + sum(k for x, k in c.items() if x in CHEAT_CARDS)
        own = total = 0
        for x, k in c.items():
            if x in CHEAT_CARDS and k > 0:
                if self.partnership and (x is SHOW or x is TELL):
                    continue
                total += k
                if k < 3:
                    own += k
        if self.v.cheat_nate_mixed_types:
            return n + (0 if total >= 3 else total)
        return n + own

    def specials_last(self, rest: Counter) -> bool:
        """NG-22a/NG-22b: after a Freeze-Nate or cheat-Nate the hand ``rest`` holds nothing but
        other such groups and at most one card to discard."""
        plain = sum(k for x, k in rest.items() if k > 0 and (x.is_natural or x.is_joker or x is BONUS))
        return plain + self.stuck(rest) <= 1

    def _able(self, c: Counter, team_melds: Sequence[TableMeld]) -> bool:
        return self._able_path(c, team_melds)[0]

    def _able_path(self, c: Counter, team_melds: Sequence[TableMeld], hint: Sequence[tuple] | None = None,
                   after_move: bool = False) -> tuple[bool, Sequence[tuple] | None]:
        """NG-45e: whether the hand ``c`` can be emptied this turn with ``team_melds``, and the placements that
        do it when a search found them (None otherwise). ``hint``: placements found for a hand before a move,
        replayed first (:func:`~engine.games.nogginate.melds.replays`): a True it gives is a real completion;
        ``after_move``: the hand after a move being checked: no path is wanted, so when the replay fails the
        exact count answers without a search first (NG-32c)."""
        stuck = self.stuck(c)
        if stuck > 1:
            return False, None
        m = sum(k for x, k in c.items() if x.is_natural or x.is_joker)
        if m == 0:
            return True, None
        nates, noggis = place_shapes(team_melds)
        cards = Counter({x: k for x, k in c.items() if x.is_natural or x.is_joker})
        if stranded(cards, nates, noggis) > 1 - stuck:  # at most one card may be left, for the discard
            return False, None
        jn = any(t.kind == JOKERNATE for t in team_melds)
        # the cards in their order (the search tries them in it) and the melds as they are: equal keys, equal answers
        key = (stuck, jn, tuple((x.order, k) for x, k in cards.items()), tuple(nates), tuple(noggis))
        known = _ABLE.get(key)
        if known is None:
            if len(_ABLE) >= _ABLE_SIZE:
                _ABLE.clear()
            if hint and not jn and replays(hint, cards, nates, noggis, m - (1 - stuck)):
                known = _ABLE[key] = (True, hint)
            else:
                path: list = []
                found = _able_search(cards, nates, noggis, m, stuck, jn, path, 0 if after_move else -1)
                known = _ABLE[key] = (found, path if found and path else None)
        return known

    def pass_ok(self) -> bool:
        """NG-44 (NG-44a): ``pass`` with exactly one card, when the player may not go out."""
        if len(self.hand) != 1 or self.need > 0:
            return False
        if closed_count(self.team_melds) < 2:
            return True
        if not self.partnership:
            return False
        if self.permission == 0:
            return True
        if self.permission == 1:
            return False
        return self.asked or not self.ask_left

    def ask_ok(self) -> bool:
        """NG-45b/c/k: a partnership player may ask once a turn, when the team meets NG-43 or
        will once it closes Noggis it can close, and the hand can still be emptied this turn."""
        return (self.partnership and not self.asked and self.ask_left and self.need <= 0
                and closed_count(self.team_melds) + closable(self.team_melds) >= 2 and self.able_to_go_out())

    def bound_to_go_out(self) -> bool:
        """NG-45e/k: after "yes" the player must go out if still able; a yes after which
        going out is no longer possible binds no more."""
        return self.permission == 1 and self.able_to_go_out()

    # -- melding -------------------------------------------------------------------
    def _keep(self) -> int:
        """Cards that must stay in hand while the minimum is pending (NG-32a): one, or none
        while a taken pile is waiting to join the hand (NG-36)."""
        return 0 if self.pile_rest and len(self.discards) > 0 else 1

    def minimum_reachable(self, rest: Counter, after: list[TableMeld], need: int, keep: int) -> bool:
        """NG-32a/NG-32b: whether ``need`` more points can still be melded this turn from the hand
        ``rest`` with the team's melds ``after``, keeping ``keep`` cards, or (NG-32b) by melding every
        card of ``rest`` and going out."""
        nates, noggis = place_shapes(after)
        if can_place(rest, nates, noggis, need, keep):
            return True
        return keep == 1 and self._down_and_out(rest, after, need, nates, noggis)

    def _down_and_out(self, rest: Counter, after: list[TableMeld], need: int, nates: list, noggis: list) -> bool:
        """NG-32b: melding every card of ``rest`` reaches ``need`` points and leaves the team its two
        closed melds (NG-43), so the player goes down and out at once; never in a partnership, where
        the hand may be emptied only after a "yes" (NG-45a), asked once the minimum is met (NG-45b)."""
        if self.partnership and self.permission != 1:
            return False
        cards = +rest
        if sum(card_value(c) * k for c, k in cards.items()) < need:
            return False
        closed = closed_count([m for m in after if m.kind != NATE])
        jokernate = next((m for m in after if m.kind == JOKERNATE), None)
        jokers = cards.get(JOKER, 0)
        if jokernate is None or not jokers:
            return can_meld_out(cards, nates, noggis, closed)
        # NG-23: the team's Jokernate, open or closed, takes any jokers the Nates do not (and closes at 7)
        for j in range(jokers + 1):
            cards[JOKER] = j
            full = 1 if not jokernate.closed and len(jokernate.cards) + jokers - j >= CLOSE_AT else 0
            if can_meld_out(+cards, nates, noggis, closed + full):
                return True
        return False

    def meld_problem(self, used: Sequence[Card], after_fn: Callable[[], list[TableMeld]],
                     points: int) -> str | None:
        """The common checks of a meld or add that uses ``used`` from the hand and leaves the
        team's melds as ``after_fn()`` (called only when needed): the pending minimum (NG-32a)
        and an empty hand (NG-43, NG-45a)."""
        left = len(self.hand) - len(used)
        if self.down and left > 0 and self.permission != 1:  # the common case: nothing to check
            return None
        after = after_fn()
        if not self.down:
            need = (self.need if self.need > 0 else self.minimum) - points
            if need > 0:
                if not self.minimum_reachable(less(self.counts, used), after, need, self._keep()):
                    return (f"the initial meld must reach {self.minimum} points this turn and these cards leave no "
                            f"way to reach it (NG-32)")
                return None
            if self.pile_rest and self.discards:
                return None  # the minimum is met: the rest of the pile joins the hand (NG-36 step 4)
        if left == 0 and not self.may_empty(after):
            return self.empty_problem()
        if left > 0 and self.spoils(less(self.counts, used), after):
            return SPOILS
        return None

    def empty_problem(self) -> str:
        """Why the hand may not become empty now (NG-43, NG-44, NG-45a, NG-45e)."""
        if closed_count(self.team_melds) + closable(self.team_melds) < 2 or not self.partnership:
            return "you may not meld your last card: your team needs two closed melds to go out (NG-43, NG-44)"
        if self.permission == 0:
            return "your partner said no: you may not go out this turn (NG-45e)"
        return "ask your partner first: \"Partner, may I go out?\" (NG-45a)"

    def with_meld(self, m: TableMeld) -> list[TableMeld]:
        """The team's melds with ``m`` in place of the meld of its id (or added)."""
        return [x for x in self.team_melds if x.id != m.id] + [m]

    def after_power(self, used: Sequence[Card], gained: Sequence[Card], after: list[TableMeld]) -> str | None:
        """The checks every power shares: an empty hand needs NG-43 (and NG-45a), and after a
        partner's "yes" nothing may spoil a going out (NG-45e, NG-45i)."""
        left = len(self.hand) - len(used) + len(gained)
        if left == 0 and not self.may_empty(after):
            return self.empty_problem()
        if left > 0 and self.permission == 1:
            h = less(self.counts, used)
            h.update(gained)
            if self.spoils(h, after):
                return SPOILS
        return None

    def own(self, mid: int, what: str, rule: str) -> TableMeld | str:
        """The team's meld ``m<mid>``, or the refusal (``what`` and ``rule`` name the power's limit)."""
        m = self.meld(mid)
        if m is None:
            return f"there is no meld m{mid}"
        if m.team != self.team:
            return f"m{mid} belongs to another team: {what} ({rule})"
        return m

    def new_problem(self, noggi: bool, cards: tuple[Card, Card, Card]) -> str | None:
        """Why a new Noggi (``noggi``) or Nate of ``cards`` may not be laid in the meld phase
        (NG-16, NG-20, NG-26a, NG-32a), or None."""
        if not holds(self.counts, cards):
            return "you do not hold those cards"
        why = noggi_problem(cards) if noggi else nate_problem(cards)
        if why:
            return why
        kind = NOGGI if noggi else NATE
        return self.meld_problem(cards, lambda: self.team_melds + [new_meld(0, self.team, kind, cards)],
                                 sum(map(card_value, cards)))

    def add_problem(self, mid: int, card: Card) -> str | None:
        """Why ``card`` may not be added to meld ``mid`` in the meld phase (NG-6, NG-16, NG-20,
        NG-21, NG-32a), or None."""
        if self.counts.get(card, 0) < 1:
            return f"you do not hold {card.pretty}"
        m = self.meld(mid)
        if m is None:
            return f"there is no meld m{mid}"
        if m.team != self.team:
            return f"m{mid} belongs to another team: add only to your team's melds (NG-6)"
        why = add_problem(m, card)
        if why:
            return why
        return self.meld_problem((card,), lambda: self.with_meld(m.with_card(card)), card_value(card))

    def meld_candidates(self) -> list[NewNoggi | NewNate | Add]:
        """New melds and adds the hand's cards could make (checked by :meth:`why` after)."""
        hand = self.counts
        nat = sorted((c for c in hand if c.is_natural), key=_order)
        have = {(c.suit, c.rank): c for c in nat}
        by_rank: dict[int, list[Card]] = {}
        for c in nat:
            by_rank.setdefault(c.rank, []).append(c)
        jokers = hand.get(JOKER, 0)
        out: list[NewNoggi | NewNate | Add] = []
        for c in nat:
            b, d = have.get((c.suit, c.rank + 1)), have.get((c.suit, c.rank + 2))
            if b is not None and d is not None:
                out.append(NewNoggi((c, b, d)))
        for faces in by_rank.values():
            _new_nates(out, faces, hand, jokers)
        for m in self.team_melds:
            _adds(out, m, have, by_rank, jokers)
        return out


def _new_nates(out: list[NewNoggi | NewNate | Add], faces: list[Card], hand: Counter, jokers: int) -> None:
    """Append to ``out`` every distinct trio of one rank's ``faces`` (a face at most as often as
    held), in card order, each pair's trios followed by the pair and a joker (when the hand holds one)."""
    nf = len(faces)
    for i in range(nf):
        a = faces[i]
        for j in range(i, nf):
            if j == i and hand[a] < 2:
                continue
            b = faces[j]
            for k in range(j, nf):
                if k == j and (hand[b] < (3 if i == j else 2)):
                    continue
                out.append(NewNate((a, b, faces[k])))
            if jokers:
                out.append(NewNate((a, b, JOKER)))


def _adds(out: list[NewNoggi | NewNate | Add], m: TableMeld, have: dict, by_rank: dict[int, list[Card]],
          jokers: int) -> None:
    """Append to ``out`` the hand's cards that could grow the team meld ``m`` (NG-16, NG-20, NG-23)."""
    if m.kind == NOGGI:
        if not m.closed:
            for r in (m.lo - 1, m.hi + 1):
                c = have.get((m.suit, r))
                if c is not None:
                    out.append(Add(m.id, c))
    elif m.kind == NATE:
        for c in by_rank.get(m.rank, ()):
            out.append(Add(m.id, c))
        if jokers:
            out.append(Add(m.id, JOKER))
    elif m.kind == JOKERNATE and jokers:
        out.append(Add(m.id, JOKER))


# ---------------------------------------------------------------------------
# Why a move is illegal: one checker per phase, and in the meld phase one per action type
# ---------------------------------------------------------------------------

def _answer_hint(t: Turn, action: Action) -> str:
    """NG-45d: the partner asked "may I go out?"; only an answer is a move."""
    return shape_problem(action) or "your partner asked \"may I go out?\": answer yes or no (NG-45d)"


def _acquire_hint(t: Turn, action: Action) -> str:
    """NG-26 step 1: draw, take the pile, or take the top card onto a Noggi."""
    return shape_problem(action) or "first draw, take the pile or take the top card onto a Noggi (NG-26)"


def _meld_hint(t: Turn, action: Action) -> str:
    """NG-26 steps 2 and 3: a move of another phase, or no move at all."""
    return (shape_problem(action) or _MELD_REFUSALS.get(type(action)) or _pending_problem(t)
            or ("no cards are being returned" if type(action) is Give
                else f"{pretty_text(str(action))} is not a move now"))


def _return_hint(t: Turn, action: Action) -> str:
    """NG-C8: only a ``give`` is a move while returned cards are given out."""
    return shape_problem(action) or why_give(t, action) or "it is not a player's move now"


def _pending_problem(t: Turn) -> str | None:
    """NG-32a: while the initial meld is pending only melds and adds count toward it."""
    if t.need > 0:
        return (f"finish the initial meld first: {t.need} more points from your hand this turn "
                f"(NG-32; minimum {t.minimum})")
    return None


def _answer_ok(t: Turn, action: Answer) -> str | None:
    return None


def why_draw(t: Turn, d: Draw) -> str | None:
    """NG-26(a), NG-28 to NG-31 (NG-30a): whether the draw ``d`` is possible."""
    if d.kind == "2c":
        return None
    if not t.v.use_cheat_cards:
        return "this table plays without cheat cards: draw two custom cards (NG-28)"
    if t.stock == 0:
        return "the custom stock is empty: no cheat cards may be drawn (NG-31)"
    if t.cheat_stock < d.cheats:
        if t.cheat_stock == 0:
            return "the cheat stock is empty, and its discard pile is never reshuffled (NG-30)"
        return "the cheat stock holds one card: draw 1c1x takes it with a custom card (NG-30a)"
    if d.kind == "1c1x" and t.stock == 1 and not t.v.last_custom_card_topup_from_cheat:
        return ("one custom card is left: a draw takes just that card, and the second is not made up from the "
                "cheat stock (NG-29); 'draw 2x' takes two cheat cards")
    return None


def why_take_pile(t: Turn, a: TakePile) -> str | None:
    """NG-35, NG-36 (NG-38): whether the pile may be taken with ``a.cards`` (onto ``a.meld``)."""
    if not t.discards:
        return "the discard pile is empty (NG-38)"
    top = t.discards[-1]
    if not top.is_natural:
        return f"the pile is frozen: {top.pretty} is on top; it can be taken only under a numeric card (NG-35)"
    if any(not c.is_natural or c.rank != top.rank for c in a.cards):
        return (f"you need two natural {top.rank}s to take the pile; jokers cannot stand in (NG-36)")
    if not holds(t.counts, a.cards):
        return f"you need two natural {top.rank}s in your hand to take the pile (NG-36)"
    if a.meld is not None:
        m = t.meld(a.meld)
        if m is None or m.team != t.team or m.kind != NATE:
            return f"take the pile onto one of your team's Nates of {top.rank}s, or as a new Nate (NG-36)"
        if m.rank != top.rank:
            return f"m{m.id} is a Nate of {m.rank}s, the top card is {article(str(top.rank))} (NG-36)"
        after = t.with_meld(TableMeld(m.id, m.team, NATE, m.cards + (top,) + tuple(a.cards), m.closed))
    else:
        after = t.team_melds + [new_meld(0, t.team, NATE, (top,) + tuple(a.cards))]
    return _pile_commitments(t, a.cards, top, after)


def _pile_commitments(t: Turn, used: tuple[Card, Card], top: Card, after: list[TableMeld]) -> str | None:
    """NG-36 step 3 (NG-32): a team not down must be able to meet its minimum from the hand with
    the top card; NG-43: taking a pile of one card with the last two may not empty the hand."""
    if not t.down:
        need = t.minimum - card_value(top) - sum(card_value(c) for c in used)
        if need > 0:
            keep = 0 if len(t.discards) > 1 else 1
            if not t.minimum_reachable(less(t.counts, used), after, need, keep):
                return (f"taking the pile before going down needs {t.minimum} points melded from your hand "
                        "with the top card, and these cards cannot reach it (NG-36 step 3, NG-32)")
            return None
    if len(t.hand) - 2 == 0 and len(t.discards) == 1 and not t.may_empty(after):
        return "taking the pile would leave you without cards, and you may not go out now (NG-36, NG-43)"
    return None


def why_onto(t: Turn, a: Onto) -> str | None:
    """NG-37: whether the top card may go onto the team's open Noggi ``a.meld``."""
    if not t.discards:
        return "the discard pile is empty (NG-38)"
    top = t.discards[-1]
    m = t.meld(a.meld)
    if m is None or m.team != t.team or m.kind != NOGGI:
        return "take the top card onto one of your team's open Noggis (NG-37)"
    if m.closed:
        return f"{m.label()} is closed: only an open Noggi takes the top card (NG-37)"
    if not top.is_natural:
        return f"{top.pretty} is not a numeric card (NG-37)"
    why = add_problem(m, top)
    if why:
        return why + " (NG-37)"
    return None


def _why_close(t: Turn, a: Close) -> str | None:
    """NG-17: close an open Noggi of 7 or more cards."""
    noggi = t.meld(a.meld)
    if noggi is None or noggi.team != t.team:
        return "close one of your team's Noggis (NG-17)"
    if noggi.kind != NOGGI:
        return "Nates close by themselves at 7 cards; only a Noggi is closed by choice (NG-17, NG-21)"
    if noggi.closed:
        return f"{noggi.label()} is closed already (NG-17)"
    if len(noggi.cards) < NOGGI_CLOSE_AT:
        return f"a Noggi is closed with 7 or more cards; {noggi.label()} has {len(noggi.cards)} (NG-17)"
    if t.spoils(t.counts, t.with_meld(replace(noggi, closed=True))):
        return SPOILS
    return None


def _why_merge(t: Turn, a: Merge) -> str | None:
    """NG-24: merge two open Nates of one rank."""
    ma, mb = t.meld(a.a), t.meld(a.b)
    if ma is None or mb is None or ma.team != t.team or mb.team != t.team or ma.id == mb.id:
        return "merge two of your team's Nates (NG-24)"
    if ma.kind != NATE or mb.kind != NATE:
        return "only Nates are merged; two Noggis join only with Combine (NG-19, NG-24)"
    if ma.closed or mb.closed:
        return "only two open Nates are merged; add cards to a closed Nate instead (NG-24)"
    if ma.rank != mb.rank:
        return "merge two Nates of the same rank (NG-24)"
    if not nate_shape_ok(ma.naturals + mb.naturals, ma.jokers + mb.jokers):
        return "the merged Nate would break NG-20 (at most 2 jokers, twice as many numeric cards) (NG-24)"
    if t.permission == 1:
        merged = merged_nate(ma, mb)
        if t.spoils(t.counts, [x for x in t.team_melds if x.id not in (ma.id, mb.id)] + [merged]):
            return SPOILS
    return None


def _why_bonus(t: Turn, a: PlaceBonus) -> str | None:
    """NG-47: place a Bonus card (the last card only when the hand may become empty)."""
    if t.counts.get(BONUS, 0) < 1:
        return "you hold no Bonus card"
    if len(t.hand) == 1 and not t.may_empty(t.team_melds):
        return t.empty_problem()
    return None


def _why_freeze_nate(t: Turn, a: FreezeNate) -> str | None:
    """NG-22 (NG-22a): all the hand's Freeze cards, on the going-out turn, melded last."""
    have = t.counts.get(FREEZE, 0)
    if have < 3:
        return "a Freeze-Nate needs 3 or more Freeze cards (NG-22)"
    if a.count != have:
        return f"meld all your {have} Freeze cards in the Freeze-Nate (NG-22a)"
    if not t.specials_last(less(t.counts, [FREEZE] * a.count)):
        return ("a Freeze-Nate is melded only on the turn you go out: meld it last, with at most one card "
                "left to discard (NG-22a)")
    if not t.may_empty(t.team_melds):
        return "a Freeze-Nate is melded only on the turn you go out (NG-22): " + t.empty_problem()
    if closed_count(t.team_melds) < 2:  # else a pass could follow it (NG-44)
        return ("a Freeze-Nate is melded only on the turn you go out (NG-22a): close your Noggi first, so "
                "that your team has its two closed melds (NG-43)")
    return None


def _why_ask(t: Turn, a: Ask) -> str | None:
    """NG-45b/c/g: "Partner, may I go out?"."""
    if not t.partnership:
        return "in a game without partners nobody is asked; go out when your team may (NG-45g)"
    if t.asked:
        return "you asked this turn already (NG-45c)"
    if not t.ask_left:
        return "your team has asked as often as the house rules allow this round (NG-45c)"
    if closed_count(t.team_melds) + closable(t.team_melds) < 2:
        return "ask only when your team has two closed melds, or will once you close a Noggi (NG-45b)"
    if not t.able_to_go_out():
        return "you cannot empty your hand this turn, so there is nothing to ask yet (NG-45k)"
    return None


def _why_discard(t: Turn, a: Discard) -> str | None:
    """NG-26 step 3, NG-42 to NG-45: discard a held card; the last one only when going out."""
    c = a.card
    if t.counts.get(c, 0) < 1:
        return f"you do not hold {c.pretty}"
    if len(t.hand) == 1:
        if t.may_go_out_now():
            return None
        if closed_count(t.team_melds) < 2:
            return ("discarding your last card would be going out, and your team needs two closed melds: "
                    "say pass and keep it (NG-43, NG-44)")
        if t.permission == 0:
            return "your partner said no: keep your last card and say pass (NG-45e)"
        return "ask your partner before you go out (NG-45a)"
    if t.bound_to_go_out():
        return "your partner said yes: you must go out this turn, and you still can (NG-45e)"
    return None


def _why_go_out(t: Turn, a: GoOut) -> str | None:
    """NG-42/NG-43: end the turn with no card left."""
    if t.hand:
        return "you still hold cards: meld them or discard one to go out (NG-42)"
    if closed_count(t.team_melds) < 2:
        return "close a Noggi first: your team needs two closed melds to go out (NG-43)"
    return None


def _why_pass(t: Turn, a: PassTurn) -> str | None:
    """NG-44: keep the last card when the player may not go out."""
    if len(t.hand) != 1:
        return "pass only with exactly one card left (NG-44)"
    if t.pass_ok():
        return None
    if t.permission == 1 or not t.partnership:
        return "you may go out: discard your last card (NG-44 allows a pass only when you may not)"
    return "ask your partner first; pass only if the answer is no (NG-44, NG-45)"


_Why = Callable[[Turn, Any], "str | None"]


def _shaped(check: _Why) -> _Why:
    """``check`` after the shape of the action (a shape the notation never writes is in no legal list)."""
    def why(t: Turn, action: Any) -> str | None:
        return shape_problem(action) or check(t, action)
    why.__doc__ = check.__doc__
    return why


def _after_minimum(check: _Why) -> _Why:
    """``check`` of a meld-phase move that does not count toward a pending initial meld (NG-32a)."""
    def why(t: Turn, action: Any) -> str | None:
        return shape_problem(action) or _pending_problem(t) or check(t, action)
    why.__doc__ = check.__doc__
    return why


#: Moves of other phases, refused in the meld phase with these words.
_MELD_REFUSALS: dict[type, str] = {
    **dict.fromkeys((Draw, TakePile, Onto), "you have acquired this turn already: meld, then discard (NG-26)"),
    Answer: "nobody asked you a question",
}

#: The check of each move, by action type and phase (None: legal, else the sentence). The state's
#: ``VERBS`` table pairs each with its handler; :meth:`Turn.why` reads it for the view and the bots.
CHECKS: dict[tuple[type, Phase], _Why] = {
    (Answer, Phase.ANSWER): _shaped(_answer_ok),
    (Draw, Phase.ACQUIRE): _shaped(why_draw),  # NG-26 step 1
    (TakePile, Phase.ACQUIRE): _shaped(why_take_pile),
    (Onto, Phase.ACQUIRE): _shaped(why_onto),
    # NG-26 steps 2 and 3; NG-32a: while the initial meld is pending only new melds, adds and a Jokernate
    **{(cls, Phase.MELD): (_shaped if cls is StartJokernate else _after_minimum)(check)
       for cls, check in POWER_WHY.items()},
    (CheatNate, Phase.MELD): _after_minimum(why_cheat_nate),
    (NewNoggi, Phase.MELD): _shaped(lambda t, a: t.new_problem(True, a.cards)),
    (NewNate, Phase.MELD): _shaped(lambda t, a: t.new_problem(False, a.cards)),
    (Add, Phase.MELD): _shaped(lambda t, a: t.add_problem(a.meld, a.card)),
    (Close, Phase.MELD): _after_minimum(_why_close),
    (Merge, Phase.MELD): _after_minimum(_why_merge),
    (PlaceBonus, Phase.MELD): _after_minimum(_why_bonus),
    (FreezeNate, Phase.MELD): _after_minimum(_why_freeze_nate),
    (Ask, Phase.MELD): _after_minimum(_why_ask),
    (Discard, Phase.MELD): _after_minimum(_why_discard),
    (GoOut, Phase.MELD): _after_minimum(_why_go_out),
    (PassTurn, Phase.MELD): _after_minimum(_why_pass),
    (Give, Phase.RETURN): _shaped(why_give),  # NG-C8
}

#: The powers' checks without the shape and the pending minimum (the legal list's candidates are well
#: formed, and no power is offered while the minimum is pending).
_POWER_WHY: dict[type, _Why] = {**POWER_WHY, CheatNate: why_cheat_nate}

#: The refusal of an action without a check in the phase (the state's ``PHASE_HINTS``).
HINTS: dict[Phase, Callable[[Turn, Action], str]] = {
    Phase.ANSWER: _answer_hint, Phase.ACQUIRE: _acquire_hint, Phase.MELD: _meld_hint, Phase.RETURN: _return_hint}


# ---------------------------------------------------------------------------
# The legal list: one generator per phase
# ---------------------------------------------------------------------------

#: One ``Discard`` per face, shared by every legal list (actions are immutable values).
_DISCARDS: dict[Card, Discard] = {}


def _acquire_moves(t: Turn) -> list[Action]:
    """NG-26 step 1: the draws, every way to take the pile, and the top card onto each open Noggi."""
    out: list[Action] = [DRAW]
    if t.v.use_cheat_cards:
        out.extend(d for d in (DRAW_MIXED, DRAW_CHEATS) if why_draw(t, d) is None)
    if not t.discards:
        return out
    top = t.discards[-1]
    if top.is_natural:
        out.extend(_pile_moves(t, top))
        for m in t.team_melds:
            if m.kind == NOGGI and not m.closed and add_problem(m, top) is None:
                out.append(Onto(m.id))
    return out


def _pile_moves(t: Turn, top: Card) -> list[Action]:
    """NG-36: each pair of the hand's naturals of the top card's rank, as a new Nate or onto
    each of the team's Nates of that rank."""
    faces = sorted((c for c in t.counts if c.is_natural and c.rank == top.rank), key=_order)
    pairs = []
    for i, a in enumerate(faces):
        if t.counts[a] >= 2:
            pairs.append((a, a))
        for b in faces[i + 1:]:
            pairs.append((a, b))
    targets: list[int | None] = [None] + [m.id for m in t.team_melds if m.kind == NATE and m.rank == top.rank]
    out: list[Action] = []
    for pair in pairs:
        for mid in targets:
            act = TakePile(pair, mid)
            if why_take_pile(t, act) is None:
                out.append(act)
    return out


def _meld_moves(t: Turn) -> list[Action]:
    """NG-26 steps 2 and 3: melds and adds, powers, closes, merges, the Bonus card, a
    Freeze-Nate, the question, then the ways to end the turn."""
    out = _melds_and_adds(t)
    cheats = t.v.use_cheat_cards and any(c in CHEAT_CARDS for c in t.counts)
    if t.need > 0:
        if cheats and t.counts.get(JOKERNATE_CARD, 0) and POWER_WHY[StartJokernate](t, JOKERNATE_ACT) is None:
            out.append(JOKERNATE_ACT)
        return out
    if cheats:
        out.extend(a for a in power_moves(t) if _POWER_WHY[type(a)](t, a) is None)
    out.extend(_closes_and_merges(t))
    hand = t.counts
    if hand.get(BONUS, 0) and _why_bonus(t, BONUS_ACT) is None:
        out.append(BONUS_ACT)
    fz = hand.get(FREEZE, 0)
    if fz >= 3 and _why_freeze_nate(t, FreezeNate(fz)) is None:
        out.append(FreezeNate(fz))
    if t.ask_ok():
        out.append(ASK)
    out.extend(_end_moves(t))
    return out


def _melds_and_adds(t: Turn) -> list[Action]:
    """The legal new melds and adds. What :meth:`Turn.why` answers, without its dispatch: the
    candidates are held and well formed (a natural of the Nate's rank, a Noggi's next card), so
    once the team is down and cards are left over only a joker added to a Nate has a rule left
    to check (NG-20); after a partner's "yes" every move is checked against NG-45e."""
    out: list[Action] = []
    n = len(t.hand)
    free = t.down and t.permission != 1
    for cand in t.meld_candidates():
        if isinstance(cand, Add):
            if (free and n > 1 and cand.card is not JOKER) or t.add_problem(cand.meld, cand.card) is None:
                out.append(cand)
        elif (free and n > 3) or t.new_problem(type(cand) is NewNoggi, cand.cards) is None:
            out.append(cand)
    return out


def _closes_and_merges(t: Turn) -> list[Action]:
    """NG-17: each open Noggi of 7+ cards closed; NG-24: each pair of open Nates of one rank merged."""
    out: list[Action] = []
    for m in t.team_melds:
        if m.kind == NOGGI and not m.closed and len(m.cards) >= NOGGI_CLOSE_AT:
            close = Close(m.id)
            if t.permission != 1 or _why_close(t, close) is None:  # NG-45e
                out.append(close)
    open_nates = [m for m in t.team_melds if m.kind == NATE and not m.closed]
    for i, a in enumerate(open_nates):
        for b in open_nates[i + 1:]:
            if b.rank == a.rank and nate_shape_ok(a.naturals + b.naturals, a.jokers + b.jokers):
                x, y = sorted((a.id, b.id))
                merge = Merge(x, y)
                if t.permission != 1 or _why_merge(t, merge) is None:  # NG-45e
                    out.append(merge)
    return out


def _end_moves(t: Turn) -> list[Action]:
    """NG-42 to NG-44: going out with no card, the last card's discard or pass, else one discard per face."""
    if not t.hand:
        return [OUT] if closed_count(t.team_melds) >= 2 else []
    if len(t.hand) == 1:
        out: list[Action] = []
        if t.may_go_out_now():
            out.append(Discard(t.hand[0]))
        if t.pass_ok():
            out.append(PASS)
        return out
    if t.bound_to_go_out():
        return []
    out = []
    for c in sorted(t.counts, key=_order):  # each face once
        d = _DISCARDS.get(c)
        if d is None:
            d = _DISCARDS[c] = Discard(c)
        out.append(d)
    return out


def _give_moves(t: Turn) -> list[Action]:
    """NG-C8 (``team_choice``): each returned card to each player of the team."""
    return [Give(c, s) for c in sorted(set(t.returning), key=_order) for s in t.return_seats]


#: The move generator of each phase in which a player moves.
_LEGAL_BY_PHASE: dict[Phase, Callable[[Turn], list[Action]]] = {
    Phase.ANSWER: lambda t: [YES, NO],
    Phase.ACQUIRE: _acquire_moves,
    Phase.MELD: _meld_moves,
    Phase.RETURN: _give_moves,
}
