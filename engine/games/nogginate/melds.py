"""Nogginate's melds: Noggis (runs of one suit), Nates (cards of one rank, with at most
two jokers), Freeze-Nates, card values, the initial-meld minimum, and the searches
behind the pending commitments (rules NG-10, NG-16 to NG-25, NG-32, NG-45e).

A meld on the table is a :class:`TableMeld`: an id (``m3``; ids are never reused in a
round), the team that owns it (NG-6), its kind, its cards and whether it is closed.
Melds are immutable; the state replaces one when it grows.

:func:`can_place` is the one search the rules engine needs for its commitments: can
cards from a hand still be melded (as new melds or onto given melds) until a target is
reached, leaving a given number of cards? It answers NG-32's "can the minimum still be
reached this turn" (target in points) and NG-45e's "is the player still able to go out"
(target in cards).
"""

from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass
from typing import Callable, Iterable, Sequence, cast

from engine.cards import Card, CardKind, Suit
from engine.games.nogginate.cards import Kind, nogginate_deck

NOGGI, NATE, FREEZE_NATE = "noggi", "nate", "freeze"
#: NG-23: a Nate of jokers only (started with the Jokernate cheat card); NG-22: a cheat-Nate.
JOKERNATE, CHEAT_NATE = "jokernate", "cheat"
#: The kinds that are Nates of some sort for NG-43 (a closed Jokernate counts as a closed Nate).
NATE_KINDS = frozenset((NATE, JOKERNATE))
JOKER = Card.joker()
FREEZE = Card.special(Kind.FREEZE)
BONUS = Card.special(Kind.BONUS)
#: NG-16/NG-18: a Noggi holds at most the 11 ranks 0..10; NG-21: a Nate closes at 7 cards.
SUPER_LEN, CLOSE_AT = 11, 7
#: NG-17: a Noggi may be closed from 7 cards.
NOGGI_CLOSE_AT = 7


@functools.lru_cache(maxsize=1)
def custom_deck() -> tuple[Card, ...]:
    """NG-7 to NG-9: the 162-card custom deck (a shared tuple, in deck order)."""
    return tuple(nogginate_deck())


@functools.lru_cache(maxsize=1)
def custom_deck_counts() -> dict[Card, int]:
    """The custom deck as face -> copies (shared: copy it before changing it)."""
    return dict(Counter(custom_deck()))


def card_value(card: Card) -> int:
    """NG-10: the point value of ``card`` in hand or toward the initial meld: 0-3 are 5,
    4-9 are 10, 10 is 20, Freeze 5, Joker 50, Bonus 100 (a meld bonus, NG-47), cheat cards 0."""
    if card.is_natural:
        return 5 if card.rank <= 3 else (20 if card.rank == 10 else 10)
    return _SPECIAL_VALUE.get(card.kind, 0)


_SPECIAL_VALUE = {CardKind.JOKER: 50, Kind.FREEZE: 5, Kind.BONUS: 100}


def minimum_for(score: int, when_negative: int = 50) -> int:
    """NG-32: the initial-meld minimum (points) for a team whose cumulative score at the
    start of the round is ``score``: below 1,500 it is 50 (``when_negative`` below 0,
    ``min_meld_when_negative``), then 90 to 2,995, 120 to 4,995, 150 from 5,000."""
    if score < 0:
        return when_negative
    if score < 1500:
        return 50
    if score < 3000:
        return 90
    if score < 5000:
        return 120
    return 150


def nate_shape_ok(naturals: int, jokers: int) -> bool:
    """NG-20: a Nate of ``naturals`` numeric cards and ``jokers`` jokers is legal: at least
    3 cards, at most 2 jokers and at least twice as many naturals as jokers."""
    return jokers <= 2 and naturals >= 2 * jokers and naturals + jokers >= 3


@dataclass(frozen=True, slots=True)
class TableMeld:
    """A meld on the table (NG-6: it belongs to a team).

    Attributes:
        id: ``m3`` is 3 (never reused in a round).
        team: the owning team's index (``Game.teams``).
        kind: ``"noggi"`` (NG-16), ``"nate"`` (NG-20), ``"freeze"`` (a Freeze-Nate, NG-22),
            ``"jokernate"`` (NG-23) or ``"cheat"`` (a cheat-Nate, NG-22).
        cards: a Noggi's cards low to high; a Nate's naturals in card order, then its jokers.
        closed: NG-17/NG-18/NG-21/NG-23 (a Freeze-Nate or cheat-Nate is never closed).
        guards: Hands Off cards attached (NG-C2): while above 0, Steal cannot take from it.
        held_open: a Nate or Jokernate resurrected this turn (NG-C5): it does not close at 7
            cards until the turn ends.
    """

    id: int
    team: int
    kind: str
    cards: tuple[Card, ...]
    closed: bool = False
    guards: int = 0
    held_open: bool = False

    def label(self) -> str:
        """``m3``."""
        return f"m{self.id}"

    @property
    def is_noggi(self) -> bool:
        return self.kind == NOGGI

    @property
    def is_nate(self) -> bool:
        return self.kind == NATE

    @property
    def jokers(self) -> int:
        """Jokers in the meld (a Nate's; 0 for a Noggi, NG-25)."""
        return sum(1 for c in self.cards if c.is_joker)

    @property
    def naturals(self) -> int:
        """Numeric cards in the meld."""
        return sum(1 for c in self.cards if c.is_natural)

    @property
    def rank(self) -> int:
        """A Nate's rank (NG-20); a Noggi's lowest rank."""
        return self.cards[0].rank

    @property
    def suit(self) -> Suit | None:
        """A Noggi's suit (NG-16); None for a Nate or a Freeze-Nate."""
        return self.cards[0].suit if self.kind == NOGGI else None

    @property
    def lo(self) -> int:
        """A Noggi's lowest rank."""
        return self.cards[0].rank

    @property
    def hi(self) -> int:
        """A Noggi's highest rank."""
        return self.cards[-1].rank

    @property
    def is_super(self) -> bool:
        """NG-18: a Noggi of all 11 ranks 0..10."""
        return self.kind == NOGGI and len(self.cards) == SUPER_LEN

    @property
    def is_clean(self) -> bool:
        """NG-21: a Nate without jokers (judged at scoring time)."""
        return not any(c.is_joker for c in self.cards)

    def status(self) -> str:
        """Short marks for the table: ``open``/``closed`` and, for a Nate, ``clean``/``dirty``."""
        if self.kind == FREEZE_NATE:
            return "freeze"
        if self.kind == CHEAT_NATE:
            return "cheat"
        word = "closed" if self.closed else "open"
        if self.kind == NATE:
            word += " clean" if self.is_clean else " dirty"
        elif self.is_super and self.closed:
            word = "super"
        if self.guards:
            word += " hands-off"
        return word

    def pretty(self) -> str:
        """The cards with suit symbols, e.g. ``4♠ 5♠ 6♠``."""
        return " ".join(c.pretty for c in self.cards)

    def with_card(self, card: Card) -> "TableMeld":
        """This meld grown by ``card`` (checked by the caller: :func:`add_problem`), closing a
        Nate at 7 cards (NG-21) and a Noggi at 11 (NG-18)."""
        if self.kind == NOGGI:
            cards = (card,) + self.cards if card.rank < self.cards[0].rank else self.cards + (card,)
            return TableMeld(self.id, self.team, NOGGI, cards, self.closed or len(cards) == SUPER_LEN, self.guards)
        cards = nate_cards(self.cards + (card,))
        return TableMeld(self.id, self.team, self.kind, cards,
                         self.closed or (len(cards) >= CLOSE_AT and not self.held_open), self.guards, self.held_open)


def nate_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """A Nate's cards in their canonical order: naturals in card order, then jokers."""
    cs = list(cards)
    return tuple(sorted((c for c in cs if not c.is_joker), key=_order)) + tuple(c for c in cs if c.is_joker)


def new_meld(mid: int, team: int, kind: str, cards: Sequence[Card]) -> TableMeld:
    """A new meld (checked by the caller), closed at once if a Nate of 7+ cards or a Super Noggi."""
    if kind == NOGGI:
        cs = tuple(sorted(cards, key=_rank))
        return TableMeld(mid, team, NOGGI, cs, len(cs) == SUPER_LEN)
    if kind in NATE_KINDS:
        cs = nate_cards(cards)
        return TableMeld(mid, team, kind, cs, len(cs) >= CLOSE_AT)
    return TableMeld(mid, team, kind, tuple(cards), False)


def merged_nate(a: TableMeld, b: TableMeld) -> TableMeld:
    """NG-24: the open Nates ``a`` and ``b`` as one (id ``a.id``; both Hands Off cards, NG-C2),
    closed at 7+ cards unless one was resurrected this turn (NG-C5)."""
    cs = nate_cards(a.cards + b.cards)
    held = a.held_open or b.held_open
    return TableMeld(a.id, a.team, NATE, cs, len(cs) >= CLOSE_AT and not held, a.guards + b.guards, held)


def reopened(m: TableMeld) -> TableMeld:
    """NG-C5: ``m`` resurrected: open; a Nate or Jokernate is held open until the turn ends."""
    return TableMeld(m.id, m.team, m.kind, m.cards, False, m.guards, m.kind != NOGGI)


def closed_count(melds: Sequence[TableMeld]) -> int:
    """NG-43: closed Noggis, Nates and Jokernates among ``melds`` (Freeze-Nates and cheat-Nates
    never count); a Nate resurrected this turn with 7+ cards counts, since it closes again as
    the turn ends (NG-C5a)."""
    return sum(1 for m in melds if (m.closed or (m.held_open and len(m.cards) >= CLOSE_AT))
               and m.kind != FREEZE_NATE and m.kind != CHEAT_NATE)


def closable(melds: Sequence[TableMeld]) -> int:
    """NG-17: open Noggis of 7 or more cards (the player could close them this turn)."""
    return sum(1 for m in melds if m.kind == NOGGI and not m.closed and len(m.cards) >= NOGGI_CLOSE_AT)


def place_shapes(melds: Sequence[TableMeld]) -> tuple[list, list]:
    """The team melds cards may be added to, as :func:`can_place` wants them."""
    nates = [(m.rank, m.naturals, m.jokers) for m in melds if m.kind == NATE]
    noggis = [(int(cast(int, m.suit)), m.lo, m.hi) for m in melds if m.kind == NOGGI and not m.closed]
    return nates, noggis


def less(hand: Counter, cards: Sequence[Card]) -> Counter:
    """A copy of the multiset ``hand`` without ``cards``."""
    out = Counter(hand)
    out.subtract(cards)
    return out


def holds(hand: Counter, cards: Sequence[Card]) -> bool:
    """Whether the multiset ``hand`` contains every card of ``cards`` (with repeats)."""
    for i, c in enumerate(cards):  # the copies of c up to here (cards has 1 to 3 entries)
        k = 1
        for d in cards[:i]:
            if d is c:
                k += 1
        if hand.get(c, 0) < k:
            return False
    return True


def _order(c: Card) -> int:
    return c.order


def _rank(c: Card) -> int:
    return c.rank


def noggi_problem(cards: Sequence[Card]) -> str | None:
    """NG-16/NG-25: why ``cards`` are not a Noggi (None if they are)."""
    if len(cards) < 3:
        return "a Noggi needs at least 3 cards (NG-16)"
    if any(not c.is_natural for c in cards):
        return "a Noggi holds numeric cards only: no jokers or special cards (NG-16, NG-25)"
    if len({c.suit for c in cards}) != 1:
        return "a Noggi's cards are all of one suit (NG-16)"
    ranks = sorted(c.rank for c in cards)
    if any(b != a + 1 for a, b in zip(ranks, ranks[1:])):
        return "a Noggi's ranks are consecutive, without repeats or gaps; 10 and 0 do not join (NG-16)"
    return None


def nate_problem(cards: Sequence[Card]) -> str | None:
    """NG-20: why ``cards`` are not a Nate (None if they are)."""
    if len(cards) < 3:
        return "a Nate needs at least 3 cards (NG-20)"
    nats = [c for c in cards if c.is_natural]
    jok = sum(1 for c in cards if c.is_joker)
    if len(nats) + jok != len(cards):
        return "a Nate holds numeric cards of one rank and jokers only; Freeze and Bonus cards never (NG-20, NG-39)"
    if len({c.rank for c in nats}) > 1:
        return "a Nate's numeric cards are all of one rank (NG-20)"
    if not nate_shape_ok(len(nats), jok):
        return (f"{len(nats)} numeric cards and {jok} jokers is not a Nate: at most 2 jokers and at least twice as "
                "many numeric cards as jokers (NG-20)")
    return None


def add_problem(meld: TableMeld, card: Card) -> str | None:
    """NG-17/NG-20/NG-21/NG-25: why ``card`` cannot be added to ``meld`` (None if it can).
    Ownership and whose turn it is are the caller's checks."""
    lab = meld.label()
    if meld.kind == FREEZE_NATE:
        return f"{lab} is a Freeze-Nate: nothing is added to it (NG-22)"
    if meld.kind == CHEAT_NATE:
        return f"{lab} is a cheat-Nate: nothing is added to it (NG-22)"
    if meld.kind == JOKERNATE:
        return None if card.is_joker else f"{lab} is a Jokernate: only jokers are added to it (NG-23)"
    if meld.kind == NOGGI:
        if meld.closed:
            return f"{lab} is a closed Noggi: it cannot be extended (NG-17)"
        if not card.is_natural:
            return "jokers and special cards never go in a Noggi (NG-16, NG-25)"
        if card.suit != meld.suit:
            return f"{lab} is a Noggi of {meld.cards[0].suit.symbol if meld.cards[0].suit is not None else ''}: " \
                   "it takes only that suit (NG-16)"
        if card.rank not in (meld.lo - 1, meld.hi + 1):
            ends = [r for r in (meld.lo - 1, meld.hi + 1) if 0 <= r <= 10]
            want = " or ".join(str(r) for r in ends)
            return f"{card.pretty} does not extend {lab} at either end" + (f" (it takes a {want})" if want else "") \
                + " (NG-16)"
        return None
    # a Nate, open or closed (NG-21: a closed Nate may still grow)
    if card.is_joker:
        if not nate_shape_ok(meld.naturals, meld.jokers + 1):
            return (f"a joker more would break {lab}: at most 2 jokers and at least twice as many numeric cards "
                    "(NG-20)")
        return None
    if not card.is_natural:
        return f"{card.pretty} never goes in a Nate (NG-20, NG-22)"
    if card.rank != meld.rank:
        return f"{lab} is a Nate of {meld.rank}s: it takes only that rank or a joker (NG-20)"
    return None


# ---------------------------------------------------------------------------
# The commitment search
# ---------------------------------------------------------------------------

#: Nodes :func:`can_place` (in points, NG-32a) and :func:`can_meld_out` (NG-32b) visit before they give up and
#: answer False (NG-32c). In 900 random rounds (2026-11-27) no such search reached it; the question in cards
#: (NG-45e), which did on 30-card hands (0.1 s each), is answered exactly by :func:`fewest_left`.
NODE_LIMIT = 4000
#: Nodes the search looks at before :func:`fewest_left` answers a question in cards (NG-45e): a line that exists
#: is mostly found in a few dozen nodes, and the path found is what :func:`replays` tries after a move.
QUICK_LIMIT = 150


def can_place(hand: Counter, nates: Sequence[tuple[int, int, int]], noggis: Sequence[tuple[int, int, int]],
              target: int, keep: int, weight: Callable[[Card], int] = card_value, path: list | None = None,
              quick: int = -1) -> bool:
    """Whether cards of ``hand`` can still be melded until their total ``weight`` reaches
    ``target``, leaving at least ``keep`` cards in hand (NG-32's pending minimum, NG-45e).

    Args:
        hand: the cards that may be melded (card -> copies).
        nates: the Nates cards may be added to, as ``(rank, naturals, jokers)`` (NG-20).
        noggis: the open Noggis cards may be added to, as ``(suit, lo, hi)`` (NG-16).
        target: the weight still to place (<= 0: already reached).
        keep: cards that must stay in the hand.
        weight: a card's weight: its value (NG-10, for the minimum) or 1 (to count cards).
        path: when given, the placements found are appended to it, in order, as :func:`replays` takes them.
        quick: counting cards with none to keep (unit ``weight``, ``keep`` 0: NG-45e), the nodes the search
            looks at (default :data:`QUICK_LIMIT`; 0: none) before :func:`most_placed` answers exactly.

    Returns:
        True when a sequence of new melds (3-card starts, NG-16/NG-20) and single-card
        additions reaches the target; False when none does or the search gives up after
        :data:`NODE_LIMIT` nodes (so a True is always a real completion). Counting cards (unit
        ``weight``) with no count to keep (``keep`` and specials leave room for every card, NG-45e) the
        answer is exact: :func:`fewest_left` answers what :data:`QUICK_LIMIT` nodes did not find (NG-32c).
    """
    if target <= 0:
        return sum(hand.values()) >= keep
    counts = {c: k for c, k in hand.items() if k > 0 and (c.is_natural or c.is_joker)}
    spare = sum(hand.values()) - keep
    # counting cards with no count to keep (NG-45e): a short search finds most lines (and a path), the count
    # over the ranks answers the rest exactly (NG-32c)
    exact = weight is unit_weight and spare >= sum(counts.values())
    if exact and quick == 0:
        return _enough(counts, nates, noggis, target)
    placer = _Placer(counts, weight)
    placer.path = path
    if exact:
        placer.budget = QUICK_LIMIT if quick < 0 else quick
    ok = placer.start(tuple(sorted(nates)), tuple(sorted(noggis)), target, spare)
    if ok and path is not None:
        path.reverse()
    if exact and not ok and placer.budget < 0:
        return _enough(counts, nates, noggis, target)
    return ok


def _enough(counts: dict[Card, int], nates: Sequence[tuple[int, int, int]], noggis: Sequence[tuple[int, int, int]],
            target: int) -> bool:
    """Whether ``target`` cards of ``counts`` can be placed (:func:`fewest_left`)."""
    slack = sum(counts.values()) - target
    return slack >= 0 and fewest_left(counts, nates, noggis, slack) <= slack


@functools.lru_cache(maxsize=None)
def _new_cap(z: int) -> int:
    """The most jokers ``z`` naturals of one rank can take as new Nates of three or more (NG-20, NG-24: several
    Nates of a rank; each takes at most 2 and half its naturals); -1 when they cannot all be laid so."""
    if z == 0:
        return 0
    best = -1
    for part in range(3, z + 1):
        rest = _new_cap(z - part)
        if rest >= 0:
            best = max(best, min(2, part // 2) + rest)
    return best


@functools.lru_cache(maxsize=4096)
def _table_cap(table: tuple, y: int) -> int:
    """The most jokers the Nates ``table`` (``(naturals, jokers)`` each) and new Nates of three or more can take
    once ``y`` naturals of their rank are added to them; -1 when that cannot be done."""
    if not table:
        return _new_cap(y)
    (n, j), rest = table[0], table[1:]
    best = -1
    for a in range(y + 1):
        sub = _table_cap(rest, y - a)
        if sub >= 0:
            best = max(best, max(0, min(2, (n + a) // 2) - j) + sub)
    return best


@functools.lru_cache(maxsize=4096)
def _nate_options(table: tuple, x: int, jokers: int) -> tuple:
    """The ways ``x`` naturals of a rank whose Nates on the table are ``table`` can go on Nates, with ``jokers``
    held (:func:`fewest_left`): ``(naturals placed, jokers they make room for, jokers they need)``, the ones no
    other way beats. Without a Nate on the table they stay in the hand, or make new Nates of three or more
    or of two with a joker (NG-20); with one, all of them go on Nates."""
    opts = set()
    if table:
        for p in range(0, x // 2 + 1):  # p new Nates of two naturals and a joker
            y = x - 2 * p
            cap = _table_cap(table, y)
            if cap >= 0 and p <= jokers:
                opts.add((x, min(jokers, cap + p), p))
    else:
        opts.add((0, 0, 0))
        for p in range(0, x // 2 + 1):
            y = x - 2 * p
            cap = _new_cap(y)
            if cap >= 0 and p <= jokers and (p or y):
                opts.add((x, min(jokers, cap + p), p))
    # drop dominated choices
    out = [o for o in opts if not any(q != o and q[0] >= o[0] and q[1] >= o[1] and q[2] <= o[2] for q in opts)]
    return tuple(sorted(out))


@functools.lru_cache(maxsize=None)
def _run_moves(a1: int, a2: int, a3: int, h: int, low: int, high: int, room1: int, room2: int) -> tuple:
    """The runs of one suit through one rank (:func:`fewest_left`): ``a1``, ``a2`` and ``a3`` runs of one card,
    two, and three or more (or fixed to a Noggi's end) end just below; ``h`` cards of the rank are held; ``low``
    Noggis start at this rank (a short run ending just below may join one), ``high`` Noggis end just below (a
    run starting at this rank may be fixed to one). ``room1``/``room2``: how many runs of one card, and of one or
    two, can still grow to three. Returns ``((runs of one, two, three or more after), cards of the rank used)``
    pairs."""
    out: dict[tuple[int, int, int], int] = {}
    for x1 in range(min(a1, h) + 1):
        for x2 in range(min(a2, h - x1) + 1):
            if (a1 - x1) + (a2 - x2) > low:
                continue
            rest = h - x1 - x2
            for u in range(rest + 1):
                x3 = min(a3, u)
                t = u - x3
                att = min(t, high)
                ns = (t - att, x1, x2 + x3 + att)
                if ns[0] > room1 or ns[0] + ns[1] > room2:
                    continue
                used = x1 + x2 + u
                if out.get(ns, -1) < used:
                    out[ns] = used
    return tuple(out.items())


def fewest_left(hand: dict[Card, int], nates: Sequence[tuple[int, int, int]],
                noggis: Sequence[tuple[int, int, int]], slack: int) -> int:
    """The fewest cards of ``hand`` that must stay in it when cards are placed in new melds and on the team's
    ``nates`` and open ``noggis`` (NG-16 to NG-25; NG-45e asks whether it is at most one), exactly, when it is
    at most ``slack``; otherwise ``slack + 1``.

    A sweep over the ranks 0 to 10: at each rank, per suit, the runs that go on through it (of one card, two,
    or three and more, or fixed to a Noggi's end), and the cards left of the rank go on a Nate of the rank, in
    new Nates of three or more or two with a joker (NG-24: several Nates of a rank), or stay in the hand. The
    jokers go where the Nates have room (two at most each, and half the naturals, NG-20). States with more than
    ``slack`` cards left are dropped, so the sweep stays small when little may be left (about 0.2 ms for a
    30-card hand with ``slack`` 1, 2026-11-27).

    Args:
        hand: naturals and jokers (card -> copies).
        nates: the Nates cards may be added to, as ``(rank, naturals, jokers)`` (NG-20).
        noggis: the open Noggis cards may be added to, as ``(suit, lo, hi)`` (NG-16).
        slack: the most cards the caller allows to be left.
    """
    jokers = hand.get(JOKER, 0)
    copies = [[0] * 13 for _ in range(4)]
    for c, k in hand.items():
        if k > 0 and c.is_natural:
            copies[int(cast(int, c.suit))][c.rank] += k
    table: dict[int, list[tuple[int, int]]] = {}
    for r, n, j in nates:
        table.setdefault(r, []).append((n, j))
    low = [[0] * 13 for _ in range(4)]  # runs ending just below r may stop there: Noggis starting at r
    high = [[0] * 13 for _ in range(4)]  # runs starting at r may be fixed to a Noggi ending just below
    for s, lo, hi in noggis:
        low[s][lo] += 1
        if hi < 10:
            high[s][hi + 1] += 1
    zero = (0, 0, 0)
    over = slack + 1
    states: dict[tuple, int] = {((zero, zero, zero, zero), 0, 0): 0}  # (runs per suit, joker room, jokers owed)
    for r in range(12):  # rank 11: every run has ended
        cur = {(suits, cap, req, 0): left for (suits, cap, req), left in states.items()}
        for s in range(4):
            h, lw, hg = copies[s][r], low[s][r], high[s][r]
            if r < 10:  # a run of one needs the next two ranks (or a Noggi next), one of two the next rank
                room2 = copies[s][r + 1] + low[s][r + 1]
                room1 = min(room2, copies[s][r + 2] + low[s][r + 2] + low[s][r + 1])
            else:
                room1 = room2 = 0
            nxt: dict[tuple, int] = {}
            for key, left in cur.items():
                suits, cap, req, pool = key
                a1, a2, a3 = suits[s]
                if not (a1 or a2 or a3 or h):
                    if nxt.get(key, over) > left:
                        nxt[key] = left
                    continue
                for ns, used in _run_moves(a1, a2, a3, h, lw, hg, room1, room2):
                    nk = (suits[:s] + (ns,) + suits[s + 1:], cap, req, pool + h - used)
                    if nxt.get(nk, over) > left:
                        nxt[nk] = left
            cur = nxt
        if r > 10:
            states = {(suits, cap, req): left for (suits, cap, req, _), left in cur.items()}
            break
        states = {}
        tab = tuple(sorted(table.get(r, ())))
        for (suits, cap, req, pool), left in cur.items():
            for placed, dc, dr in _nate_options(tab, pool, jokers):
                v = left + pool - placed
                nr = req + dr
                if v > slack or nr > jokers:
                    continue
                sk = (suits, min(jokers, cap + dc), nr)
                if states.get(sk, over) > v:
                    states[sk] = v
        if not states:
            return over
    return min(min(over, left + jokers - min(jokers, cap)) for (_, cap, _), left in states.items())


_NO_RANKS: frozenset[int] = frozenset()


class _Placer:
    """One run of the placement search of :func:`can_place` and :func:`can_meld_out` over the cards of
    ``counts`` (card -> copies; the search changes the copies in place, never the cards or their order).

    What the search asks at every node and never changes is worked out once here: each natural's rank,
    suit and weight, the ranks held of each suit (a face whose copies are all used still counts as held,
    as the bound has always allowed), which naturals a run of held cards alone could take, the cards of
    each rank and suit in ``counts`` order, and per table (Nates, Noggis) what the table adds. Copies per
    rank are kept up to date as cards are placed and taken back. The nodes visited, their order and every
    answer are those of the plain search (issue 25, 2026-11-27, load ~15 on 2 cores: the legal moves of
    a 35-card hand after a yes 114 -> 46 ms of CPU, a 47-card one 86 -> 45 ms, a search that ends at
    :data:`NODE_LIMIT` 171 -> 101 ms; ``tests/games/nogginate/test_nogginate_speed.py`` locks the answers)."""

    __slots__ = ("counts", "seen", "budget", "nats", "suit_ranks", "by_rank", "alone", "rank_cards",
                 "suit_cards", "joker_weight", "wsum", "wmap", "_runs", "code", "place", "trios", "path")

    def __init__(self, counts: dict[Card, int], weight: Callable[[Card], int]) -> None:
        self.counts = counts
        self.seen: set = set()
        self.budget = NODE_LIMIT
        # the copies of every card as one number, digit i (base 2**8) the copies of the i-th card: the
        # search's memory of positions seen, changed as cards are placed and taken back
        self.place = {c: 1 << (8 * i) for i, c in enumerate(counts)}
        self.code = sum(self.place[c] * k for c, k in counts.items())
        nats = [c for c in counts if c.is_natural]
        faces = {(c.suit, c.rank): c for c in nats}
        self.trios = [(c, b, d) for c in nats
                      if (b := faces.get((c.suit, c.rank + 1))) is not None
                      and (d := faces.get((c.suit, c.rank + 2))) is not None]
        self.nats = [(c, c.rank, weight(c)) for c in nats]
        self.by_rank, self.suit_ranks = _natural_index(counts)
        self.alone = {c for c in nats if _run_reach(c.rank, self.suit_ranks[c.suit], _NO_RANKS, _NO_RANKS)}
        self.rank_cards: dict[int, list[Card]] = {}
        self.suit_cards: dict[int, list[Card]] = {}
        for c in nats:
            self.rank_cards.setdefault(c.rank, []).append(c)
            self.suit_cards.setdefault(int(cast(int, c.suit)), []).append(c)
        self.joker_weight = weight(JOKER)
        self.wmap = {c: weight(c) for c in counts}
        self.wsum = dict.fromkeys(self.by_rank, 0)
        for c, r, w in self.nats:
            self.wsum[r] += w * counts[c]
        self._runs: dict[tuple, dict[int, list[tuple[Card, int]]]] = {}
        self.path: list | None = None  # when a list, the placements of a completion found (can_place's path)

    def _run_cards(self, noggis: tuple) -> dict[int, list[tuple[Card, int]]]:
        """Rank -> the naturals of that rank (with their weights) a run may take with the Noggis
        ``noggis`` on the table: beside two held cards of the suit, or reaching a Noggi's end; every
        rank held is a key."""
        got = self._runs.get(noggis)
        if got is None:
            _, ends, span = _table_reach((), noggis)
            got = self._runs[noggis] = {r: [] for r in self.by_rank}
            for c, r, w in self.nats:
                if c in self.alone or _run_reach(r, self.suit_ranks[c.suit], span.get(c.suit, _NO_RANKS),
                                                 ends.get(c.suit, _NO_RANKS)):
                    got[r].append((c, w))
        return got

    def upper_bound(self, runs: dict[int, list[tuple[Card, int]]], nate_ranks: frozenset[int], room: int) -> int:
        """A quick upper bound on the weight the cards still in hand can add: every natural that could
        join a Nate (of a Nate's rank, ``nate_ranks``, or three of a rank, or two and a joker) or a run
        (beside cards of its suit or a Noggi's end), and every joker a Nate has room for: ``room`` (up to
        2 per Nate on the table) and 2 per new Nate of a rank held twice (NG-24: several Nates of a rank);
        ``runs``: :meth:`_run_cards` of the Noggis on the table."""
        counts = self.counts
        jokers = counts.get(JOKER, 0)
        wsum = self.wsum
        pairs = total = 0
        for r, n in self.by_rank.items():  # every rank held
            if n >= 2:
                pairs += 1
            if r in nate_ranks or n >= 3 or (n >= 2 and jokers):
                total += wsum[r]
            elif n:
                for c, w in runs[r]:
                    total += w * counts[c]
        if jokers:
            total += self.joker_weight * min(jokers, room + 2 * pairs)
        return total

    def moves(self, nates: tuple, noggis: tuple, spare: int):
        """Every placement from the hand: single cards onto the given melds first, then new 3-card
        Noggis and Nates; yields ``(cards used, nates after, noggis after)``."""
        counts = self.counts
        jokers = counts.get(JOKER, 0)
        for i, (r, n, j) in enumerate(nates):
            for c in self.rank_cards.get(r, ()):
                if counts[c] > 0:
                    yield (c,), nates[:i] + ((r, n + 1, j),) + nates[i + 1:], noggis
            if jokers and nate_shape_ok(n, j + 1):
                yield (JOKER,), nates[:i] + ((r, n, j + 1),) + nates[i + 1:], noggis
        for i, (s, lo, hi) in enumerate(noggis):
            for c in self.suit_cards.get(s, ()):
                if counts[c] > 0 and c.rank in (lo - 1, hi + 1):
                    yield (c,), nates, _grown(noggis, i, c.rank)
        if spare < 3:
            return
        for trio in self.trios:  # new Noggis of three held naturals, as _noggi_trios finds them
            if counts[trio[0]] and counts[trio[1]] and counts[trio[2]]:
                yield trio, nates, tuple(sorted(noggis + ((trio[0].suit, trio[0].rank, trio[0].rank + 2),)))
        have = [c for c, k in counts.items() if k > 0]
        for r, cs in _rank_groups(counts, have).items():
            if len(cs) >= 3:
                yield tuple(cs[:3]), tuple(sorted(nates + ((r, 3, 0),))), noggis
            if len(cs) >= 2 and jokers:
                yield (cs[0], cs[1], JOKER), tuple(sorted(nates + ((r, 2, 1),))), noggis

    def start(self, nates: tuple, noggis: tuple, need: int, spare: int, closed: int = -1) -> bool:
        """:meth:`search` from the table's ``nates`` and ``noggis`` (sorted tuples)."""
        return self.search(nates, noggis, need, spare, closed, frozenset(r for r, _, _ in nates),
                           sum(max(0, 2 - j) for _, _, j in nates), self._run_cards(noggis))

    def search(self, nates: tuple, noggis: tuple, need: int, spare: int, closed: int,
               nate_ranks: frozenset[int], room: int, runs: dict[int, list[tuple[Card, int]]]) -> bool:
        """The depth-first placement search: place cards (:meth:`moves`) until ``need`` (in the weight)
        is met with ``spare`` cards; with ``closed`` >= 0 (:func:`can_meld_out`: ``need == spare``, unit
        weight) the goal is also two closed melds (NG-43) counting the Super Noggis made on the way (NG-18).
        ``nate_ranks`` and ``room`` are the ranks of ``nates`` and the jokers they have room for, ``runs``
        :meth:`_run_cards` of ``noggis`` (worked out when they change)."""
        if need <= 0:
            if closed < 0:
                return spare >= 0
            return (closed + sum(1 for _, n, j in nates if n + j >= CLOSE_AT)
                    + sum(1 for _, lo, hi in noggis if hi - lo + 1 >= NOGGI_CLOSE_AT)) >= 2
        if spare <= 0:
            return False
        seen = self.seen
        key = (self.code, nates, noggis, need, closed)
        if key in seen:
            return False
        seen.add(key)
        self.budget -= 1
        if self.budget < 0 or self.upper_bound(runs, nate_ranks, room) < need:
            return False
        counts, by_rank, wsum, wmap, place = self.counts, self.by_rank, self.wsum, self.wmap, self.place
        for cards, new_nates, new_noggis in self.moves(nates, noggis, spare):
            ranks, space = nate_ranks, room
            if len(cards) == 1:
                w = wmap[cards[0]]
                if cards[0] is JOKER:  # into a Nate
                    space -= 1
            else:
                w = wmap[cards[0]] + wmap[cards[1]] + wmap[cards[2]]
                if new_nates is not nates:  # a new Nate
                    ranks, space = nate_ranks | {cards[0].rank}, room + (1 if cards[2] is JOKER else 2)
            supers = 1 if closed >= 0 and len(cards) == 1 and len(new_noggis) < len(noggis) else 0  # NG-18
            code = self.code
            for c in cards:
                code -= place[c]
            if need - w > 0 and spare - len(cards) > 0 and (code, new_nates, new_noggis, need - w,
                                                            closed + supers) in seen:
                continue  # a position met before: the call would answer False at once
            self.code = code
            for c in cards:  # take the cards from the hand (and put them back below)
                counts[c] -= 1
                if c.is_natural:
                    by_rank[c.rank] -= 1
                    wsum[c.rank] -= wmap[c]
            ok = self.search(new_nates, new_noggis, need - w, spare - len(cards), closed + supers, ranks, space,
                             runs if new_noggis is noggis else self._run_cards(new_noggis))
            for c in cards:
                counts[c] += 1
                if c.is_natural:
                    by_rank[c.rank] += 1
                    wsum[c.rank] += wmap[c]
                self.code += place[c]
            if ok:
                if self.path is not None:
                    self.path.append(_step(cards, nates, new_nates, noggis, new_noggis))
                return True
            if self.budget < 0:
                return False
        return False


def _step(cards: tuple[Card, ...], nates: tuple, new_nates: tuple, noggis: tuple, new_noggis: tuple) -> tuple:
    """One placement of a path (:func:`can_place`'s ``path``): ``(kind, cards, rank)``, the kind ``"nate"`` (a
    card onto a Nate of ``rank``), ``"noggi"`` (a card onto a Noggi's end), ``"new noggi"`` or ``"new nate"``."""
    if len(cards) == 3:
        return ("new noggi" if new_noggis is not noggis else "new nate", cards, cards[0].rank)
    if new_noggis is not noggis:
        return "noggi", cards, cards[0].rank
    return "nate", cards, next(a[0] for a, b in zip(nates, new_nates) if a != b)


def replays(path: Sequence[tuple], hand: Counter, nates: Sequence[tuple[int, int, int]],
            noggis: Sequence[tuple[int, int, int]], target: int) -> bool:
    """Whether the placements of ``path`` (a :func:`can_place` path found for another hand, usually this one
    before a move) still place ``target`` cards of ``hand`` with the team's ``nates`` and ``noggis``: a single
    card no longer held is passed over (the move placed it), anything else that no longer fits answers False.
    A True is a real completion (NG-45e), found without a search; a False says nothing.

    Args:
        path: ``(kind, cards, rank)`` steps (:func:`can_place`'s ``path``).
        hand: the cards (card -> copies).
        nates: the Nates, as ``(rank, naturals, jokers)``; noggis: the open Noggis, as ``(suit, lo, hi)``.
        target: the cards to place (each card counts 1).
    """
    counts = dict(hand)
    gs = tuple(sorted(noggis))
    by_rank: dict[int, list[list[int]]] = {}  # rank -> [naturals, jokers] of each Nate of that rank
    for q, n, j in nates:
        by_rank.setdefault(q, []).append([n, j])
    for kind, cards, r in path:
        if target <= 0:
            return True
        if len(cards) == 3:
            if holds(counts, cards):  # type: ignore[arg-type]
                if kind == "new noggi":
                    gs = tuple(sorted(gs + ((int(cast(int, cards[0].suit)), r, r + 2),)))
                else:
                    jokers = 1 if cards[2] is JOKER else 0
                    by_rank.setdefault(r, []).append([3 - jokers, jokers])
                for c in cards:
                    counts[c] -= 1
                target -= 3
                continue
            if kind == "new noggi":
                return False
            singles = cards  # the move took a card of this new Nate: the rest joins a Nate of its rank (NG-24)
        else:
            singles = cards
        for c in singles:
            if counts.get(c, 0) <= 0:
                continue  # the move placed it
            if kind == "noggi":
                suit = int(cast(int, c.suit))
                i = next((i for i, (s, lo, hi) in enumerate(gs) if s == suit and r in (lo - 1, hi + 1)), -1)
                if i < 0:
                    return False
                gs = _grown(gs, i, r)
            else:
                there = by_rank.get(r)
                if not there:
                    return False
                if c is JOKER:
                    nate = next((t for t in there if nate_shape_ok(t[0], t[1] + 1)), None)
                    if nate is None:
                        return False
                    nate[1] += 1
                else:
                    there[0][0] += 1
            counts[c] -= 1
            target -= 1
    return target <= 0


def _run_reach(r: int, sr: set[int] | frozenset[int], e: set[int] | frozenset[int],
               ends: set[int] | frozenset[int]) -> bool:
    """Whether a natural of rank ``r`` could join a run: ``sr`` the ranks held of its suit, ``e`` the
    ranks of its suit's Noggis with the ranks just beyond their ends, ``ends`` those beyond ranks."""
    below, above = (r - 1 in sr or r - 1 in e), (r + 1 in sr or r + 1 in e)
    return bool(below and (above or r - 2 in sr or r - 2 in e) or above and (r + 2 in sr or r + 2 in e)
                or r in ends)


def _natural_index(counts: dict[Card, int]) -> tuple[dict[int, int], dict[object, set[int]]]:
    """The naturals of ``counts``: copies per rank, and the ranks held of each suit."""
    by_rank: dict[int, int] = {}
    suit_ranks: dict[object, set[int]] = {}
    for c, k in counts.items():
        if c.is_natural:
            r = c.rank
            by_rank[r] = by_rank.get(r, 0) + k
            sr = suit_ranks.get(c.suit)
            if sr is None:
                suit_ranks[c.suit] = {r}
            else:
                sr.add(r)
    return by_rank, suit_ranks


def _table_reach(nates, noggis) -> tuple[set[int], dict[object, set[int]], dict[object, set[int]]]:
    """The ranks of the Nates; per suit, the ranks just beyond its Noggis' ends, and the Noggis'
    ranks with those ends (a chain of hand cards may reach a Noggi)."""
    ends: dict[object, set[int]] = {}
    span: dict[object, set[int]] = {}
    for s, lo, hi in noggis:
        ends.setdefault(s, set()).update((lo - 1, hi + 1))
        span.setdefault(s, set()).update(range(lo - 1, hi + 2))
    return {r for r, _, _ in nates}, ends, span


def stranded(hand: Counter, nates: Sequence[tuple[int, int, int]], noggis: Sequence[tuple[int, int, int]]) -> int:
    """The naturals of ``hand`` that no placement :func:`can_place` knows could ever meld (NG-45e's quick
    "no"): a natural with no Nate of its rank on the table, fewer than three of its rank in the hand (or
    two and no joker), and no run of three held cards of its suit through it nor a chain of held cards
    from an open Noggi's end to it. Copies count; jokers never count.

    Args:
        hand: the cards (card -> copies).
        nates: the team's Nates, as ``(rank, naturals, jokers)``.
        noggis: the team's open Noggis, as ``(suit, lo, hi)``.

    Returns:
        How many cards of ``hand`` can certainly not be placed (a lower bound on the cards left over).
    """
    by_rank, suit_ranks = _natural_index({c: k for c, k in hand.items() if k > 0})
    jokers = hand.get(JOKER, 0) > 0
    nate_ranks = {r for r, _, _ in nates}
    out = 0
    for c, k in hand.items():
        if k <= 0 or not c.is_natural:
            continue
        r = c.rank
        n = by_rank[r]
        if r in nate_ranks or n >= 3 or (n >= 2 and jokers):
            continue
        held = suit_ranks[c.suit]
        lo = hi = r
        while lo - 1 in held:
            lo -= 1
        while hi + 1 in held:
            hi += 1
        if hi - lo >= 2:
            continue
        s = int(c.suit)  # type: ignore[arg-type]
        if any(ns == s and (lo <= nhi + 1 <= r or r <= nlo - 1 <= hi) for ns, nlo, nhi in noggis):
            continue
        out += k
    return out


def can_meld_out(hand: Counter, nates: Sequence[tuple[int, int, int]], noggis: Sequence[tuple[int, int, int]],
                 closed: int) -> bool:
    """NG-32b: whether every card of ``hand`` (naturals and jokers only) can be melded, as new melds
    and onto the given melds, so that the team ends with two closed melds (NG-43): Nates of 7+ cards
    (NG-21), Noggis of 7+ cards closed by the player (NG-17) or Super (NG-18).

    Args:
        hand: the cards to meld, all of them (card -> copies).
        nates: the team's Nates, as ``(rank, naturals, jokers)`` (NG-20).
        noggis: the team's open Noggis, as ``(suit, lo, hi)`` (NG-16).
        closed: the team's closed melds :func:`can_place`'s shapes do not show (closed Noggis,
            Jokernates).

    Returns:
        True when such a placement exists; False when none does or the search gives up after
        :data:`NODE_LIMIT` nodes (a True is always a real completion).
    """
    counts = {c: k for c, k in hand.items() if k > 0}
    if any(not (c.is_natural or c.is_joker) for c in counts):
        return False
    left = sum(counts.values())
    return _Placer(counts, unit_weight).start(tuple(sorted(nates)), tuple(sorted(noggis)), left, left, closed)


def _moves(counts: dict[Card, int], nates: tuple, noggis: tuple, spare: int):
    """Every placement from ``counts`` (:meth:`_Placer.moves`): single cards onto the given melds
    first, then new 3-card Noggis and Nates; yields ``(cards used, nates after, noggis after)``."""
    return _Placer(counts, unit_weight).moves(nates, noggis, spare)


def _grown(noggis: tuple, i: int, rank: int) -> tuple:
    """``noggis`` with the ``i``-th grown by a card of ``rank`` at one end (a Super Noggi closes,
    NG-18, and takes no more: it leaves the list)."""
    s, lo, hi = noggis[i]
    rest = noggis[:i] + noggis[i + 1:]
    new = (s, min(lo, rank), max(hi, rank))
    return rest if new[2] - new[1] + 1 == SUPER_LEN else tuple(sorted(rest + (new,)))


def _noggi_trios(have: list[Card]) -> list[tuple[Card, Card, Card]]:
    """The new Noggis of three held naturals (each face once)."""
    faces = {(c.suit, c.rank): c for c in have if c.is_natural}
    out = []
    for (s, r), c in faces.items():
        b, d = faces.get((s, r + 1)), faces.get((s, r + 2))
        if b is not None and d is not None:
            out.append((c, b, d))
    return out


def _rank_groups(counts: dict[Card, int], have: list[Card]) -> dict[int, list[Card]]:
    """The held naturals of each rank, each face as often as held (at most 3 times)."""
    by_rank: dict[int, list[Card]] = {}
    for c in have:
        if c.is_natural:
            by_rank.setdefault(c.rank, []).extend([c] * min(counts[c], 3))
    return by_rank


def unit_weight(card: Card) -> int:
    """Weight 1 per card (:func:`can_place` counting cards, NG-45e)."""
    return 1
