"""Nogginate bots: the ``easy`` heuristic (rules NG-26 to NG-51), also the rollout
policy of the searches (:mod:`.search`).

The heuristic is a **planner** (:func:`plan_move`): it proposes moves in its order
of preference and checks each one with the engine's own legality code (``Turn.why``,
the one code path of the state and the view), so it never needs the whole legal
list; the first legal proposal is the move. The same planner runs from a seat's
:class:`~.game.NogginateView` (the ``easy`` bot) and from a determinized
:class:`~.game.NogginateState` (the searches' rollouts, :func:`state_move`), seeing
in both only what the seat may know.

The rules of thumb, each move with a one-line reason (the table's hint shows it):

1. **Answer** (NG-45): "no" while holding a Bonus card (-750 if the round ends now,
   NG-50) or a big hand (:data:`ANSWER_NO_HAND` points or more) while the stock still
   has cards to meld them with; else "yes" (+200 and the team's melds score now).
2. **Acquire** (NG-26): take the whole pile (NG-36) when it pays: :data:`PILE_PAYS`
   cards or more, or it grows an open Nate; the two naturals melded with the top card
   are those with the fewest suit neighbours, onto an open Nate first, then a new
   Nate. Else take the top card onto an open Noggi (NG-37). Else draw.
3. **Meld** (NG-26 step 2), in this order: finish a pending initial meld with the
   highest-value legal meld (NG-32a); place every Bonus card (NG-47: a Bonus left in
   hand costs 750); close Noggis of 7 or more (NG-17: 1,500 each); merge open Nates
   (NG-24); go down as soon as the minimum can be met (NG-32, the highest-value first
   meld of a completable initial meld); once down, extend Noggis, add naturals to
   Nates, lay new Noggis and clean Nates, and put a joker on an open Nate only when it
   closes it (7 cards) or the hand is nearly empty.
4. **Going out** (NG-42 to NG-45): with at most :data:`GO_OUT_HAND` cards, when the
   hand can be emptied and the team's round score at that moment
   (:func:`team_estimate`) is at least the best other team's, or the stock is low, ask
   the partner (partnerships) or go straight out (alone); after "yes", meld everything
   including jokers and a Freeze-Nate, then discard the last card.
5. **Discard** (NG-26 step 3): a Freeze card first (it is dead and freezes the pile,
   NG-35); else the natural that helps the hand least and that the next opponent does
   not visibly collect (it does not extend their open Noggi, is not the rank of their
   Nates or of the cards they took with a pile, and is not a 4, 5 or 6, the cards every
   7-card Noggi needs), the highest value first; a rank with 11 copies in sight is
   safe (nobody can hold two). A joker or a Bonus only when nothing else is left.
6. **Cheat cards** (NG-11, NG-22, NG-26 to NG-31, NG-C1 to NG-C9; :func:`cheat_move`,
   :func:`draw_choice`), once the team is down, before closing and melding:
   Combine to a Super Noggi whenever possible; Remove on a dirty Nate whose naturals the
   hand holds (Resurrect first when it is closed); Steal the card that breaks an
   opponent's near-closed meld onto a team meld where it fits, when the opponents' loss
   plus the team's gain (:func:`steal_gain`, closing a meld counted as a step toward going
   out) is :data:`STEAL_PAYS` or more; Reconfigure when the Noggi gains more than the Nate
   loses; Hands Off on the team's open meld closest to closing; Jokernate with 3+ jokers
   (also to go down); Show (a joker, else a card of the rank of the team's biggest open
   Nate) and Tell (``out`` when ahead on closed melds, ``stay`` when behind, ``keep R``
   for the opponents' Nate rank) in partnerships; a cheat-Nate to go out. Cheat draws are
   rare on purpose (``draw 2x`` with a 16+ card hand, ``draw 1c1x`` when the partner tells
   ``cheat``): measured, a custom card given up for a random power loses the race to go
   out. A cheat card with nothing to act on is discarded after every natural (a custom
   discard sheds hand points), or first when it would block going out (NG-45j); a partner's
   Show (a rank it holds: keep mine) and Tell (``stay``/``out`` on asking, ``keep R`` and
   ``discard R`` on discards, ``pile``, ``cheat``, ``draw``) are followed; with
   ``steal_return_policy = "team_choice"`` a returned card goes to the teammate whose known
   cards it fits. ``easy-plain`` (``NogginateEasyBot(powers=False)``) ignores all of this:
   it never draws cheat cards by choice, plays no power and discards them first.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Callable, Sequence, cast

from engine.ai.base import HeuristicBot
from engine.cards import Card
from engine.games.nogginate.cards import CHEAT_CARDS
from engine.core import Action, View
from engine.games.nogginate.cheats import (
    COMBINE,
    HANDS_OFF,
    JOKERNATE_CARD,
    RECONFIGURE,
    REMOVE,
    RESURRECT,
    SHOW,
    STEAL,
    TELL,
    CheatNate,
    Combine,
    Give,
    HandsOff,
    Reconfigure,
    Remove,
    Resurrect,
    Show,
    Steal,
    Tell,
)
from engine.games.nogginate.estimates import (Ctx, meld_cards, meld_value, meld_worth, neighbours, steal_gain,
                                              still_able, team_estimate, worth)
from engine.games.nogginate.game import (
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
    Close,
    Discard,
    FreezeNate,
    Merge,
    NewNate,
    NewNoggi,
    NogginateState,
    NogginateView,
    Onto,
    Phase,
    TakePile,
    Turn,
)
from engine.games.nogginate.melds import (BONUS, CLOSE_AT, FREEZE, JOKER, JOKERNATE, NATE, NOGGI, TableMeld,
                                          can_place, card_value, closable, closed_count, nate_shape_ok)
from engine.games.nogginate.powers import power_moves
from engine.games.nogginate.turn import why_take_pile

#: A pile of this many cards or more is worth taking (NG-36).
PILE_PAYS = 3
#: The partner says no to "may I go out?" with this many hand points or more (while the stock lasts).
ANSWER_NO_HAND = 150
#: Below this many stock cards the round is nearly over: go out when able, answer yes.
STOCK_LOW = 16
#: The planner looks for a way out only with at most this many cards in hand (the search behind
#: ``Turn.able_to_go_out`` can take milliseconds on a big hand that cannot be emptied).
GO_OUT_HAND = 8
#: A joker goes onto a Nate (or into a new one) when the hand has at most this many cards.
JOKER_HAND = 3


# ---------------------------------------------------------------------------
# Cheat cards (NG-11, NG-22, NG-26 to NG-31, NG-C1 to NG-C9)
# ---------------------------------------------------------------------------

#: A Steal is played when the opponents' loss plus the team's gain (:func:`steal_gain`) is at least this.
STEAL_PAYS = 150.0
#: ``draw 2x`` by choice only while the custom stock holds at least this many cards ...
CHEAT_DRAW_STOCK = 24
#: ... and the hand holds at least this many cards (custom cards are not needed).
CHEAT_BIG_HAND = 16


def _opponent_melds(ctx: Ctx) -> list[TableMeld]:
    return [m for m in ctx.turn.melds if m.team != ctx.team]


def _steal_targets(ctx: Ctx) -> bool:
    """An opponent's open meld near closing without Hands Off (a 5+ card Noggi or Nate)."""
    return any(not m.closed and not m.guards and m.kind in (NOGGI, NATE, JOKERNATE) and len(m.cards) >= 5
               for m in _opponent_melds(ctx))


def _combine_target(ctx: Ctx) -> bool:
    """Two of the team's open Noggis of one suit (a Combine may join them, NG-C1)."""
    suits = [m.suit for m in ctx.turn.team_melds if m.kind == NOGGI and not m.closed]
    return len(suits) != len(set(suits))


def _dirty_nate(ctx: Ctx) -> bool:
    """A team Nate with jokers whose rank the hand holds (Remove, after Resurrect if closed)."""
    ranks = {c.rank for c in ctx.hand if c.is_natural}
    return any(m.kind == NATE and m.jokers and m.rank in ranks for m in ctx.turn.team_melds)


def cheat_use(ctx: Ctx, c: Card) -> bool:
    """Whether the cheat card ``c`` could still pay in this hand (kept rather than
    discarded): a target for its power exists or may soon (module docstring, rule 6)."""
    t = ctx.turn
    if not ctx.cheats:
        return False
    if c is SHOW or c is TELL:
        return ctx.partnership
    if c is JOKERNATE_CARD:
        return t.counts.get(JOKER, 0) >= 2
    if not t.down:
        return c is not RESURRECT
    use = _CHEAT_USES.get(c)
    return use is not None and use(ctx)


def _hands_off_target(ctx: Ctx) -> bool:
    """An open Noggi or Nate of the team's without Hands Off (NG-C2)."""
    return any(not m.closed and m.kind in (NOGGI, NATE) and not m.guards for m in ctx.turn.team_melds)


def _reconfigure_target(ctx: Ctx) -> bool:
    """An open Nate and an open Noggi of the team's (NG-C4)."""
    team = ctx.turn.team_melds
    return any(m.kind == NATE and not m.closed for m in team) and any(m.kind == NOGGI and not m.closed for m in team)


#: Once the team is down, whether each power has a target (:func:`cheat_use`).
_CHEAT_USES: dict[Card, Callable[[Ctx], bool]] = {
    COMBINE: _combine_target,
    HANDS_OFF: _hands_off_target,
    STEAL: _steal_targets,
    REMOVE: _dirty_nate,
    RESURRECT: lambda ctx: _dirty_nate(ctx) and ctx.turn.counts.get(REMOVE, 0) > 0,
    RECONFIGURE: _reconfigure_target,
}


def draw_choice(ctx: Ctx) -> tuple[Action, str] | None:
    """Rule 6 (NG-26, NG-29 to NG-31): ``draw 1c1x`` or ``draw 2x`` when cheat cards pay,
    or None (draw two custom cards): ``draw 1c1x`` when the partner's Tell says ``cheat``
    (``draw`` says not to); ``draw 2x`` once the team is down, the hand holds no cheat card
    and :data:`CHEAT_BIG_HAND` cards or more (custom cards are not needed), while the custom
    stock holds :data:`CHEAT_DRAW_STOCK` cards or more. Rarely, on purpose: a round is a
    race to go out (NG-42, NG-43), and a custom card given up for a random power slows the
    team down more than the power makes up on average (measured against ``easy-plain``,
    ``docs/ai-measurements.md``)."""
    t = ctx.turn
    if not ctx.cheats or ctx.cheat_stock == 0:
        return None
    tell = ctx.tell.advice if ctx.tell is not None else ""
    if tell == "draw":
        return None
    if tell == "cheat" and _ok(t, DRAW_MIXED):
        return DRAW_MIXED, "draws one custom and one cheat card: your partner told you to draw cheat cards (NG-C7)"
    if not t.down or any(c in CHEAT_CARDS for c in ctx.hand):
        return None
    if ctx.stock >= CHEAT_DRAW_STOCK and len(ctx.hand) >= CHEAT_BIG_HAND and _ok(t, DRAW_CHEATS):
        return DRAW_CHEATS, (f"draws two cheat cards: with {len(ctx.hand)} cards in hand custom cards are not "
                             "needed, and a power may set the opponents back (NG-26)")
    return None


def _best_steal(ctx: Ctx) -> tuple[Steal, float] | None:
    t = ctx.turn
    best: tuple[Steal, float] | None = None
    for a in power_moves(t):
        if isinstance(a, Steal):
            g = steal_gain(t, a)
            if (best is None or g > best[1]) and g >= STEAL_PAYS and _ok(t, a):
                best = (a, g)
    return best


def _show_card(ctx: Ctx) -> Card | None:
    """NG-C6: the card worth showing the partner: a joker (it closes a Nate), else a natural
    of the rank of the team's biggest open Nate, else of the rank held most often."""
    t = ctx.turn
    rest = Counter(t.counts)
    rest[SHOW] -= 1
    if rest.get(JOKER, 0) > 0:
        return JOKER
    nat = sorted((c for c, k in rest.items() if k > 0 and c.is_natural), key=lambda c: c.order)
    if not nat:
        return None
    nates = sorted((m for m in t.team_melds if m.kind == NATE and not m.closed), key=lambda m: -len(m.cards))
    for m in nates:
        for c in nat:
            if c.rank == m.rank:
                return c
    by_rank = Counter(c.rank for c in t.hand if c.is_natural)
    return max(nat, key=lambda c: (by_rank[c.rank], -c.order))


def _tell(ctx: Ctx) -> tuple[Tell, str]:
    """NG-C7: the Tell for the partner: ``out`` when the team is ahead on closed melds and
    may go out, ``stay`` when behind, ``keep R`` for the rank of the biggest open Nate of
    the opponent who plays after the partner, else ``meld``."""
    t = ctx.turn
    mine = closed_count(t.team_melds)
    theirs = max((closed_count([m for m in t.melds if m.team == k]) for k in range(len(ctx.teams))
                  if k != ctx.team), default=0)
    if mine >= 2 and mine > theirs:
        return Tell("out"), f"tells the partner to go out: we have {mine} closed melds, they have {theirs} (NG-C7)"
    if mine < theirs:
        return Tell("stay"), (f"tells the partner not to go out yet: we are behind on closed melds, {mine} to "
                              f"{theirs} (NG-C7)")
    opp = (ctx.seat - 1) % len(ctx.hand_sizes)  # plays after the partner in a 4-seat partnership
    opp_team = next((k for k, x in enumerate(ctx.teams) if opp in x), -1)
    nates = sorted((m for m in t.melds if m.team == opp_team and m.kind == NATE and not m.closed),
                   key=lambda m: (-len(m.cards), m.id))
    if nates:
        r = nates[0].rank
        return Tell("keep", r), f"tells the partner to keep their {r}s: the opponents collect them (NG-C7)"
    return Tell("meld"), "tells the partner to meld what they can (NG-C7)"


def cheat_move(ctx: Ctx) -> tuple[Action, str] | None:
    """Rule 6: the power the planner plays now (the team is down, or the initial meld is
    not pending), or None: Combine whenever possible; Remove on a dirty Nate whose
    naturals the hand holds (after Resurrect when it is closed); Steal when it breaks an
    opponent's near-closed meld (:func:`steal_gain` at least :data:`STEAL_PAYS`);
    Reconfigure when the Noggi gains more than the Nate loses; Hands Off on the team's
    open meld closest to closing; Show and Tell (partnerships; free: they cost no discard)."""
    hand = ctx.turn.counts
    if not any(c in CHEAT_CARDS for c in hand):
        return None
    for card, play in _POWER_PLAYS:
        if hand.get(card, 0):
            got = play(ctx)
            if got is not None:
                return got
    return None


def _play_combine(ctx: Ctx) -> tuple[Action, str] | None:
    t = ctx.turn
    for a in power_moves(t):
        if isinstance(a, Combine) and _ok(t, a):
            return a, (f"combines m{a.a} and m{a.b} into a Super Noggi: closed at once, 2,000 points "
                       "(NG-C1, NG-18)")
    return None


def _play_remove(ctx: Ctx) -> tuple[Action, str] | None:
    """Remove on an open dirty Nate, else Resurrect on a closed one to clean it this turn."""
    t = ctx.turn
    for m in t.team_melds:
        if m.kind == NATE and m.jokers and not m.closed:
            faces = sorted((c for c in t.hand if c.is_natural and c.rank == m.rank), key=lambda c: c.order)
            if len(faces) >= m.jokers:
                a = Remove(m.id, tuple(faces[:m.jokers]))
                if _ok(t, a):
                    return a, (f"removes the jokers of the Nate m{m.id} with natural {m.rank}s: it is clean "
                               "(500 points, not 300) and the jokers come back to the hand (NG-C9)")
    if not t.counts.get(RESURRECT, 0):
        return None
    for m in t.team_melds:
        if m.kind == NATE and m.jokers and m.closed:
            faces = [c for c in t.hand if c.is_natural and c.rank == m.rank]
            r = Resurrect(m.id)
            if len(faces) >= m.jokers and _ok(t, r):
                return r, f"resurrects the dirty Nate m{m.id} to clean it with Remove this turn (NG-C5, NG-C9)"
    return None


def _play_steal(ctx: Ctx) -> tuple[Action, str] | None:
    best = _best_steal(ctx)
    if best is None:
        return None
    st, g = best
    v = ctx.turn.meld(st.victim)
    vl = f"{len(v.cards)}-card " if v is not None else ""
    return st, (f"steals {st.card.pretty} from the opponents' {vl}meld m{st.victim} onto m{st.dest}: "
                f"it sets them back and helps us, about {g:.0f} points (NG-C8)")


def _play_reconfigure(ctx: Ctx) -> tuple[Action, str] | None:
    t = ctx.turn
    best: tuple[Reconfigure, float] | None = None
    for a in power_moves(t):
        if isinstance(a, Reconfigure):
            na, no = t.meld(a.nate), t.meld(a.noggi)
            if na is None or no is None:
                continue
            g = (worth(no.with_card(a.card)) - worth(no)) - (worth(na) - meld_worth(NATE, len(na.cards) - 1, False))
            if g > 0 and (best is None or g > best[1]) and _ok(t, a):
                best = (a, g)
    if best is None:
        return None
    rc = best[0]
    return rc, (f"moves {rc.card.pretty} from the Nate m{rc.nate} onto the Noggi m{rc.noggi}: the Noggi "
                "grows toward 1,500 and the Nate stays valid (NG-C4)")


def _play_hands_off(ctx: Ctx) -> tuple[Action, str] | None:
    t = ctx.turn
    opens = [m for m in t.team_melds if not m.closed and not m.guards and m.kind in (NOGGI, NATE, JOKERNATE)
             and len(m.cards) >= 4]
    if not opens:
        return None
    m = max(opens, key=lambda m: (worth(m), -m.id))
    a = HandsOff(m.id)
    if not _ok(t, a):
        return None
    return a, f"puts Hands Off on {m.label()}, our meld closest to closing: no Steal can take from it (NG-C2)"


def _play_show(ctx: Ctx) -> tuple[Action, str] | None:
    if not ctx.partnership:
        return None
    c = _show_card(ctx)
    if c is None or not _ok(ctx.turn, Show(c)):
        return None
    return Show(c), f"shows {c.pretty} to the partner: it tells them what our melds can count on (NG-C6)"


def _play_tell(ctx: Ctx) -> tuple[Action, str] | None:
    if not ctx.partnership:
        return None
    tl, why = _tell(ctx)
    return (tl, why) if _ok(ctx.turn, tl) else None


#: Rule 6's powers in the planner's order of preference, each with the card it needs.
_POWER_PLAYS: tuple[tuple[Card, Callable[[Ctx], tuple[Action, str] | None]], ...] = (
    (COMBINE, _play_combine), (REMOVE, _play_remove), (STEAL, _play_steal), (RECONFIGURE, _play_reconfigure),
    (HANDS_OFF, _play_hands_off), (SHOW, _play_show), (TELL, _play_tell),
)


def give_move(ctx: Ctx) -> tuple[Action, str]:
    """NG-C8 (``team_choice``): give the first returned card to the teammate who can use it:
    the one whose known cards (this seat's hand; the partner's shown and public cards) hold
    its rank or a suit neighbour, else the one with more cards (the other stays nearer to
    going out)."""
    t = ctx.turn
    card = sorted(t.returning, key=lambda c: c.order)[0]
    seats = [s for s in t.return_seats] or [ctx.seat]

    def known(s: int) -> Sequence[Card]:
        return ctx.hand if s == ctx.seat else ctx.partner_shown

    def use(s: int) -> float:
        cs = known(s)
        if not card.is_natural:
            return 0.0
        return sum(1 for x in cs if x.is_natural and x.rank == card.rank) + neighbours(card, cs)

    best = max(seats, key=lambda s: (use(s), ctx.hand_sizes[s], s == ctx.seat))
    a = Give(card, best)
    why = ("it fits their cards" if use(best) > 0 else "they hold more cards; the other stays nearer going out")
    return a, f"gives {card.pretty} to seat {best}: {why} (NG-C8)"


# ---------------------------------------------------------------------------
# The planner
# ---------------------------------------------------------------------------

def _ok(t: Turn, a: Action) -> bool:
    return t.why(a) is None


def answer(ctx: Ctx) -> tuple[Action, str]:
    """Rule 1: the partner's yes or no (NG-45)."""
    hand = ctx.hand
    if BONUS in hand:
        return NO, "no: you still hold a Bonus card, -750 if the round ends now (NG-50)"
    pts = sum(card_value(c) for c in hand)
    if pts >= ANSWER_NO_HAND and ctx.stock >= STOCK_LOW:
        return NO, f"no: your hand still holds {pts} points; better meld them first"
    return YES, f"yes: the team scores now and your hand costs only {pts} points"


def acquire(ctx: Ctx) -> tuple[Action, str]:
    """Rule 2: the pile, one card onto a Noggi, or draw (NG-26 step 1)."""
    t = ctx.turn
    pile = t.discards
    if pile:
        top = pile[-1]
        if top.is_natural:
            best = pile_choice(t)
            if best is not None:
                target = t.meld(best.meld) if best.meld is not None else None
                grows = target is not None and not target.closed
                if len(pile) >= PILE_PAYS or grows:
                    where = f"onto {target.label()}" if target is not None else "as a new Nate"
                    return best, f"takes the pile of {len(pile)} cards: {top.pretty} melds {where}"
                if best is not None and ctx.tell is not None and ctx.tell.advice == "pile":
                    return best, f"takes the pile of {len(pile)} cards: your partner told you to (NG-C7)"
            for m in t.team_melds:
                if m.kind == NOGGI and not m.closed:
                    a = Onto(m.id)
                    if _ok(t, a):
                        return a, f"{top.pretty} extends the Noggi {m.label()} ({len(m.cards) + 1} cards)"
    if ctx.cheats:
        got = draw_choice(ctx)
        if got is not None:
            return got
    return DRAW, ("draws: the pile is frozen" if pile and not pile[-1].is_natural
                  else "draws: the pile does not pay")


def pile_choice(t: Turn) -> TakePile | None:
    """The best legal way to take the pile (NG-36), or None: onto an open Nate first,
    then a new Nate, then a closed Nate; the pair with the fewest suit neighbours."""
    top = t.discards[-1]
    hand = t.hand
    faces = sorted({c for c in hand if c.is_natural and c.rank == top.rank}, key=lambda c: c.order)
    counts = t.counts
    pairs = []
    for i, x in enumerate(faces):
        if counts[x] >= 2:
            pairs.append((x, x))
        for y in faces[i + 1:]:
            pairs.append((x, y))
    if not pairs:
        return None
    pairs.sort(key=lambda p: (neighbours(p[0], hand) + neighbours(p[1], hand), p[0].order, p[1].order))
    nates = [m for m in t.team_melds if m.kind == NATE and m.rank == top.rank]
    targets: list[int | None] = [m.id for m in nates if not m.closed] + [None] + [m.id for m in nates if m.closed]
    for tg in targets:
        for p in pairs:
            a = TakePile(p, tg)
            if why_take_pile(t, a) is None:
                return a
    return None


def _value(a: Action) -> int:
    return sum(card_value(c) for c in meld_cards(a))


def meld_moves(t: Turn, jokers: bool) -> list[Action]:
    """Melds and adds from the hand in the planner's order (rule 3): naturals onto Noggis,
    onto open Nates, then onto closed Nates; new Noggis; new clean Nates; with ``jokers``
    also jokers onto Nates and new Nates with a joker. Not yet checked for legality."""
    hand = t.counts
    nat = sorted((c for c in hand if c.is_natural), key=lambda c: c.order)
    have = {(int(cast(int, c.suit)), c.rank): c for c in nat}
    by_rank: dict[int, list[Card]] = {}
    for c in nat:
        by_rank.setdefault(c.rank, []).extend([c] * hand[c])
    out = _natural_adds(t, have, by_rank)
    for c in nat:
        b, d = have.get((int(cast(int, c.suit)), c.rank + 1)), have.get((int(cast(int, c.suit)), c.rank + 2))
        if b is not None and d is not None:
            out.append(NewNoggi((c, b, d)))
    for r, cs in by_rank.items():
        if len(cs) >= 3:
            cs = sorted(cs, key=lambda c: (neighbours(c, t.hand), c.order))
            out.append(NewNate(cast("tuple[Card, Card, Card]", tuple(sorted(cs[:3], key=lambda c: c.order)))))
    if jokers and hand.get(JOKER, 0):
        out.extend(_joker_moves(t, by_rank))
    return out


def _natural_adds(t: Turn, have: dict[tuple[int, int], Card], by_rank: dict[int, list[Card]]) -> list[Action]:
    """Naturals onto the team's open Noggis (either end), then one onto each Nate of its rank,
    open Nates first."""
    out: list[Action] = []
    for m in t.team_melds:
        if m.kind == NOGGI and not m.closed:
            s = int(cast(int, m.suit))
            for r in (m.lo - 1, m.hi + 1):
                c = have.get((s, r))
                if c is not None:
                    out.append(Add(m.id, c))
    nates = [m for m in t.team_melds if m.kind == NATE]
    for m in sorted(nates, key=lambda m: m.closed):
        for c in by_rank.get(m.rank, ())[:1]:
            out.append(Add(m.id, c))
    return out


def _joker_moves(t: Turn, by_rank: dict[int, list[Card]]) -> list[Action]:
    """A joker onto the team's open Jokernates, onto each Nate with room for one (NG-20), and
    into a new Nate with each pair of the hand."""
    out: list[Action] = [Add(m.id, JOKER) for m in t.team_melds if m.kind == JOKERNATE and not m.closed]
    out.extend(Add(m.id, JOKER) for m in t.team_melds if m.kind == NATE and nate_shape_ok(m.naturals, m.jokers + 1))
    out.extend(NewNate((cs[0], cs[1], JOKER)) for cs in by_rank.values() if len(cs) == 2)
    return out


def going_down(t: Turn) -> tuple[Action, str] | None:
    """Rule 3, NG-32: the first meld of an initial meld that can reach the minimum this
    turn (the highest-value legal one), or None when none can."""
    hand = t.counts
    if not can_place(Counter(hand), [], [], t.minimum, 1):
        return None
    cands = [a for a in t.meld_candidates() if isinstance(a, (NewNoggi, NewNate))]
    cands.sort(key=lambda a: (-_value(a), str(a)))
    for a in cands:
        if _ok(t, a):
            cards = " ".join(c.pretty for c in meld_cards(a))
            return a, f"goes down: the minimum of {t.minimum} can be met, starting with {cards}"
    return None


def told_out(ctx: Ctx) -> bool | None:
    """NG-C7: the partner's latest Tell about going out: True for ``out``, False for ``stay``
    (followed while the stock is not low), None for neither."""
    if ctx.tell is None:
        return None
    if ctx.tell.advice == "out":
        return True
    if ctx.tell.advice == "stay" and ctx.stock >= STOCK_LOW:
        return False
    return None


def wants_out(ctx: Ctx) -> bool:
    """Rule 4: going out pays: the team's round score now is at least the best other
    team's (:func:`team_estimate`, open melds not counted), or the stock is low."""
    if ctx.stock < STOCK_LOW:
        return True
    t = ctx.turn
    mine = team_estimate(t.melds, ctx.team, ctx.bonuses[ctx.team], [], open_credit=False) + 200
    best = max((team_estimate(t.melds, k, ctx.bonuses[k], [], open_credit=False)
                for k in range(len(ctx.teams)) if k != ctx.team), default=-1e9)
    return mine >= best


def meld_phase(ctx: Ctx) -> tuple[Action, str] | None:
    """Rule 3 and 4 up to the end of the turn; None when it is time to discard or pass."""
    t = ctx.turn
    if t.need > 0:
        return _finish_initial_meld(ctx)
    got = _bonus_or_power(ctx) or _close_or_merge(t)
    if got is not None:
        return got
    if not t.down:
        return going_down(t)
    return _meld_on(ctx)


def _finish_initial_meld(ctx: Ctx) -> tuple[Action, str] | None:
    """NG-32a: the pending initial meld: a Jokernate (NG-C0e), else the highest-value legal meld or add."""
    t = ctx.turn
    hand = t.counts
    if ctx.cheats and any(c in CHEAT_CARDS for c in hand) and hand.get(JOKERNATE_CARD, 0) and _ok(t, JOKERNATE_ACT):
        return JOKERNATE_ACT, (f"starts a Jokernate with 3 jokers: 150 toward the {t.need} points still needed "
                               "(NG-C0e)")
    cands: list[Action] = list(t.meld_candidates())
    cands.sort(key=lambda a: (-_value(a), str(a)))
    for a in cands:
        if _ok(t, a):
            return a, f"completes the initial meld: {t.need} more points needed (NG-32)"
    return None


def _bonus_or_power(ctx: Ctx) -> tuple[Action, str] | None:
    """The Bonus card (NG-47), then a Jokernate (NG-C3) and the other powers (rule 6)."""
    t = ctx.turn
    hand = t.counts
    if hand.get(BONUS, 0) and _ok(t, BONUS_ACT):
        return BONUS_ACT, "places the Bonus card: +100, and -750 if it stayed in the hand (NG-47, NG-50)"
    if not ctx.cheats or not any(c in CHEAT_CARDS for c in hand):
        return None
    if hand.get(JOKERNATE_CARD, 0) and hand.get(JOKER, 0) >= 3 and _ok(t, JOKERNATE_ACT):
        return JOKERNATE_ACT, (f"starts a Jokernate with {hand[JOKER]} jokers"
                               + ("" if t.down else ", and goes down with it") + ": it closes at 7 (NG-C3, NG-23)")
    return cheat_move(ctx)


def _close_or_merge(t: Turn) -> tuple[Action, str] | None:
    """NG-17: close a Noggi of 7+ cards; NG-24: merge two Nates of one rank."""
    for m in t.team_melds:
        if m.kind == NOGGI and not m.closed and len(m.cards) >= 7:
            return Close(m.id), f"closes the Noggi {m.label()}: 1,500 points (NG-17)"
    open_nates = [m for m in t.team_melds if m.kind == NATE and not m.closed]
    for i, na in enumerate(open_nates):
        for nb in open_nates[i + 1:]:
            if na.rank == nb.rank and nate_shape_ok(na.naturals + nb.naturals, na.jokers + nb.jokers):
                x, y = sorted((na.id, nb.id))
                return Merge(x, y), f"merges the Nates of {na.rank}s toward 7 cards (NG-24)"
    return None


def _meld_on(ctx: Ctx) -> tuple[Action, str] | None:
    """Rule 3 and 4 once the team is down: on the way out, melds that keep the hand emptiable;
    else melds and adds (jokers only when they close a meld or the hand is small); then the
    Freeze- or cheat-Nate of a going out, and the question (NG-45)."""
    t = ctx.turn
    few = len(t.hand) <= GO_OUT_HAND
    going = t.permission == 1 or (not t.partnership and few and closed_count(t.team_melds)
                                   + closable(t.team_melds) >= 2 and t.able_to_go_out() and wants_out(ctx))
    if going:
        for a in meld_moves(t, jokers=True):
            if still_able(t, a) and _ok(t, a):
                return a, _meld_reason(t, a) + ", on the way out"
    keep_jokers = not going and len(t.hand) > JOKER_HAND
    for a in meld_moves(t, jokers=True):
        if keep_jokers and _saves_joker(t, a):
            continue
        if _ok(t, a):
            return a, _meld_reason(t, a)
    got = _special_nate(t) if going else None
    return got if got is not None else _ask(ctx, few)


def _saves_joker(t: Turn, a: Action) -> bool:
    """Rule 3: a joker is kept back rather than added to a Nate it does not close (a Jokernate
    takes it) or laid in a new Nate."""
    if isinstance(a, Add) and a.card.is_joker:
        target = t.meld(a.meld)
        return target is None or target.closed or (len(target.cards) + 1 < CLOSE_AT and target.kind != JOKERNATE)
    return isinstance(a, NewNate) and JOKER in a.cards


def _special_nate(t: Turn) -> tuple[Action, str] | None:
    """NG-22: the Freeze-Nate, else a cheat-Nate, that lets the player go out."""
    hand = t.counts
    fz = hand.get(FREEZE, 0)
    if fz >= 3 and _ok(t, FreezeNate(fz)):
        return FreezeNate(fz), "melds the Freeze cards as a Freeze-Nate to go out (NG-22)"
    groups = sorted(((c, k) for c, k in hand.items() if c in CHEAT_CARDS and k > 0), key=lambda ck: ck[0].order)
    tries = [CheatNate(tuple(c for c, k in groups for _ in range(k)))] if t.v.cheat_nate_mixed_types else [
        CheatNate((c,) * k) for c, k in groups if k >= 3]
    for a in tries:
        if len(a.cards) >= 3 and _ok(t, a):
            return a, "melds the cheat cards as a cheat-Nate to go out (NG-22)"
    return None


def _ask(ctx: Ctx, few: bool) -> tuple[Action, str] | None:
    """Rule 4, NG-45: ask "may I go out?" with a small hand that can be emptied, when going out
    pays (not against the partner's ``stay``) or the partner said ``out`` (NG-C7)."""
    t = ctx.turn
    if few and _ok(t, ASK) and t.able_to_go_out() and wants_out(ctx) and told_out(ctx) is not False:
        return ASK, "asks \"Partner, may I go out?\": the hand can be emptied and the team is ahead (NG-45)"
    if few and told_out(ctx) and _ok(t, ASK) and t.able_to_go_out():
        return ASK, "asks \"Partner, may I go out?\": your partner told you to go out (NG-C7, NG-45)"
    return None


def _meld_reason(t: Turn, a: Action) -> str:
    if isinstance(a, Add):
        m = t.meld(a.meld)
        n = len(m.cards) + 1 if m is not None else 0
        kind = "Noggi" if m is not None and m.kind == NOGGI else "Nate"
        if a.card.is_joker:
            what = "Jokernate" if m is not None and m.kind == JOKERNATE else "Nate"
            return f"adds a joker to the {what} m{a.meld} ({n} cards)"
        close = " and closes it" if kind == "Nate" and m is not None and not m.closed and n >= CLOSE_AT else ""
        return f"adds {a.card.pretty} to the {kind} m{a.meld} ({n} cards){close}"
    cards = " ".join(c.pretty for c in meld_cards(a))
    if isinstance(a, NewNoggi):
        return f"starts a Noggi {cards}, toward 7 cards and 1,500 points"
    return f"starts a Nate {cards}, toward 7 cards"


def discard_key(ctx: Ctx, c: Card) -> tuple:
    """Rule 5: the discard ranking of ``c`` (smaller: discarded first)."""
    if c is FREEZE:
        return (0, 0, 0.0, 0, c.order)
    if c.is_joker:
        return (2, 0, 0.0, 0, c.order)
    if c in CHEAT_CARDS:
        return _cheat_discard_key(ctx, c)
    if not c.is_natural:
        return (3, 0, 0.0, 0, c.order)
    return _natural_discard_key(ctx, c)


def _cheat_discard_key(ctx: Ctx, c: Card) -> tuple:
    """Rule 6: a cheat card is a dead discard (NG-27) that feeds nobody: first when it has no use
    or would block going out, after every natural when it may still pay."""
    if not ctx.cheats or (not ctx.partnership and (c is SHOW or c is TELL)):
        return (0, 1, 0.0, 0, c.order)
    if len(ctx.turn.hand) <= GO_OUT_HAND and ctx.turn.counts[c] < 3:
        return (0, 2, 0.0, 0, c.order)  # it would block going out (NG-22, NG-45j): shed it first
    if cheat_use(ctx, c):
        return (2, 1, 0.0, 0, c.order)
    return (1, 3, 0.0, 0, c.order)  # after every natural: a custom discard sheds hand points


def _natural_discard_key(ctx: Ctx, c: Card) -> tuple:
    """Rule 5 for a natural: cards that feed the next opponent last, then the least useful to
    the hand (copies, suit neighbours, the partner's shown cards and Tell), the costliest first."""
    hand = ctx.turn.hand
    same = sum(1 for x in hand if x is not c and x.is_natural and x.rank == c.rank)
    useful = min(same, 3) + neighbours(c, hand)
    if ctx.partner_shown and any(x.is_natural and x.rank == c.rank for x in ctx.partner_shown):
        useful += 0.5  # NG-C6: the partner holds this rank (shown): keep it for the team's Nate
    feeds = 0
    tell = ctx.tell
    if tell is not None and tell.rank == c.rank:
        if tell.advice == "keep":
            feeds = 1  # NG-C7: the partner says the next opponents collect this rank
        elif tell.advice == "discard":
            useful -= 1.0
    if ctx.nxt_team != ctx.team and _live_rank(ctx.turn, c, same):
        feeds = max(feeds, _feeds_next(ctx, c))
        if 4 <= c.rank <= 6:
            useful += 0.5
    return (1, feeds, useful, -card_value(c), c.order)


def _live_rank(t: Turn, c: Card, same: int) -> bool:
    """Whether copies of ``c``'s rank may still be unseen (fewer than 11 on the table, in the
    pile and in the hand with ``c``)."""
    seen = sum(1 for x in t.discards if x.is_natural and x.rank == c.rank)
    seen += sum(1 for m in t.melds for x in m.cards if x.is_natural and x.rank == c.rank)
    return seen + same + 1 < 11


def _feeds_next(ctx: Ctx, c: Card) -> int:
    """How much discarding ``c`` feeds the next player's team: 2 when it extends their open
    Noggi, 1 when it joins their Nate or they are known to hold its rank, else 0."""
    feeds = 0
    for m in ctx.turn.melds:
        if m.team != ctx.nxt_team:
            continue
        if m.kind == NOGGI and not m.closed and m.suit == c.suit and c.rank in (m.lo - 1, m.hi + 1):
            feeds = 2
        elif m.kind == NATE and m.rank == c.rank:
            feeds = max(feeds, 1)
    if any(x.is_natural and x.rank == c.rank for x in ctx.nxt_known):
        feeds = max(feeds, 1)
    return feeds


def end_turn(ctx: Ctx) -> tuple[Action, str]:
    """Rule 4/5: go out, pass, or discard."""
    t = ctx.turn
    if not t.hand:
        return OUT, "melds every card and goes out (NG-42)"
    if len(t.hand) == 1:
        last = t.hand[0]
        if _ok(t, Discard(last)):
            return Discard(last), f"discards {last.pretty}, the last card, and goes out (NG-42)"
        return PASS, "keeps the last card and says pass: going out is not allowed yet (NG-44)"
    c = min(sorted(set(t.hand), key=lambda x: x.order), key=lambda x: discard_key(ctx, x))
    k = discard_key(ctx, c)
    if c in CHEAT_CARDS:
        why = (f"discards {c.pretty} to the cheat discard pile: " + (
            "its power has no use here" if k[0] == 0 else "nothing for its power to act on now") + " (NG-27)")
    elif c is FREEZE:
        why = (f"freezes the pile of {len(t.discards) + 1} cards with a Freeze card (NG-35)" if t.discards
               else "discards a Freeze card: it melds nowhere and freezes the pile (NG-35)")
    elif k[0] == 1:
        why = f"discards {c.pretty}: it helps the hand least" + ("" if k[1] == 0 else ", though the next player "
                                                                 "may use it")
    else:
        why = f"discards {c.pretty}: nothing else is left to discard"
    return Discard(c), why


def plan_move(ctx: Ctx) -> tuple[Action, str]:
    """The ``easy`` move for the seat to move and its reason (module docstring); the
    move is legal (every proposal is checked with the engine's ``why``), except in a
    phase without moves. Falls back to the first legal action in the rare case no
    proposal is legal."""
    if ctx.phase == Phase.ANSWER:
        return answer(ctx)
    if ctx.phase == Phase.ACQUIRE:
        return acquire(ctx)
    if ctx.phase == Phase.RETURN:
        return give_move(ctx)
    got = meld_phase(ctx)
    if got is not None:
        return got
    a, why = end_turn(ctx)
    if _ok(ctx.turn, a):
        return a, why
    legal = ctx.turn.legal()
    return legal[0], "the first legal move (no rule of thumb applies)"


def state_move(state: NogginateState, powers: bool = True) -> Action:
    """The planner's move for ``state.to_move`` read from the state (rollouts); it uses
    nothing of the other hands but their sizes, publicly known cards and what a partner
    showed (NG-C6). ``powers``: False plays as ``easy-plain``."""
    return plan_move(Ctx.of_state(state, powers))[0]


class NogginateEasyBot(HeuristicBot):
    """Level ``easy``: the rules of thumb in the module docstring, with their reasons.

    ``powers=False`` is the level ``easy-plain`` (for measurements): the same planner as a
    player who ignores cheat cards: it never draws them by choice, plays no power and
    discards any cheat card it holds first."""

    def __init__(self, powers: bool = True) -> None:
        self.powers = powers

    def decide(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        return self.decide_with_reason(view, legal, rng)[0]

    def decide_with_reason(self, view: View, legal: Sequence[Action], rng: random.Random) -> tuple[Action, str]:
        v = cast(NogginateView, view)
        a, why = plan_move(Ctx.of_view(v, self.powers))
        if a in legal:
            return a, why
        return legal[0], "the first legal move (no rule of thumb applies)"


__all__ = ["Ctx", "NogginateEasyBot", "answer", "discard_key", "meld_value", "pile_choice", "plan_move",
           "state_move", "team_estimate"]
