"""What a Nogginate bot knows and reckons, shared by ``easy`` (:mod:`.bots`) and the searches
(:mod:`.search`): :class:`Ctx`, the deciding seat's knowledge built from a view or from a
state with the same fields, and the estimates the planner weighs (a meld's points and
worth, a team's round score now, a Steal's gain, a card's suit neighbours, whether the hand
could still be emptied after a meld).
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from engine.cards import Card
from engine.games.nogginate.cards import CHEAT_CARDS
from engine.core import Action
from engine.games.nogginate.cheats import Steal, Tell, after_steal
from engine.games.nogginate.game import Add, NewNate, NewNoggi, NogginateState, NogginateView, Turn
from engine.games.nogginate.melds import (BONUS, CLOSE_AT, FREEZE, JOKERNATE, NATE, NOGGI, TableMeld, can_place,
                                          card_value, closed_count, new_meld, place_shapes, unit_weight)

#: What closing a meld is worth beyond its points in the planner's cheat decisions (the race to go out).
CLOSED_RACE = 800.0


class Ctx:
    """What the deciding seat knows, built from a view (:meth:`of_view`) or from a
    state (:meth:`of_state`, for rollouts) with the same fields: the engine's turn
    object (``turn``), the seat's hand, the next seat, the cards publicly known in it,
    the team totals and the stock's size."""

    __slots__ = ("turn", "seat", "team", "hand", "phase", "nxt", "nxt_team", "nxt_known", "totals", "stock",
                 "teams", "partnership", "hand_sizes", "bonuses", "powers", "cheats", "cheat_stock", "cheat_counts",
                 "partner_shown", "tell", "return_seats")

    turn: Turn
    seat: int
    team: int
    hand: Sequence[Card]
    phase: int
    nxt: int
    nxt_team: int
    nxt_known: Sequence[Card]
    totals: Sequence[int]
    stock: int
    teams: Sequence[Sequence[int]]
    partnership: bool
    hand_sizes: Sequence[int]
    bonuses: Sequence[int]
    #: Whether the seat plays cheat powers and draws cheat cards (False: ``easy-plain``).
    powers: bool
    #: The table plays with cheat cards (NG-11) and the seat uses them (``powers``).
    cheats: bool
    cheat_stock: int
    cheat_counts: Sequence[int]
    #: NG-C6: the cards of the partners' hands they showed this seat (still held).
    partner_shown: Sequence[Card]
    #: NG-C7: the latest Tell a partner gave this seat this round, or None.
    tell: Tell | None
    #: NG-C8 (``team_choice``): the seats the returned cards may be given to.
    return_seats: Sequence[int]

    def _cheat_fields(self, powers: bool, use: bool, cheat_stock: int, cheat_counts: Sequence[int],
                      shown: Sequence[Sequence[Card]], tells: Sequence[tuple[int, Tell]]) -> None:
        self.powers = powers
        self.cheats = use and powers
        self.cheat_stock = cheat_stock
        self.cheat_counts = cheat_counts
        mates = [o for o in self.teams[self.team] if o != self.seat]
        self.partner_shown = [c for o in mates if o < len(shown) for c in shown[o]]
        self.tell = None
        for who, t in reversed(tells):
            if who in mates:
                self.tell = t
                break
        self.return_seats = self.teams[self.team]

    @classmethod
    def of_view(cls, v: NogginateView, powers: bool = True) -> "Ctx":
        c = cls()
        c.turn = v._turn()
        c.seat = v.seat
        c.team = v.team_of(v.seat)
        c.hand = v.hand
        c.phase = c.turn.phase
        n = v.n_seats
        c.nxt = (v.turn + 1) % n
        c.nxt_team = v.team_of(c.nxt)
        c.nxt_known = v.known[c.nxt]
        c.totals = v.totals
        c.stock = v.stock_count
        c.teams = v.teams
        c.partnership = v.partnership
        c.hand_sizes = v.hand_sizes
        c.bonuses = v.bonuses
        c._cheat_fields(powers, v.variant.use_cheat_cards, v.cheat_stock_count, v.cheat_counts, v.shown, v.tells)
        return c

    @classmethod
    def of_state(cls, s: NogginateState, powers: bool = True) -> "Ctx":
        c = cls()
        c.turn = s._turn()
        seat = s.to_move
        c.seat = seat
        c.team = s.team_idx[seat]
        c.hand = s.hands[seat]
        c.phase = s.phase
        c.nxt = (s.turn_seat + 1) % s.n_seats
        c.nxt_team = s.team_idx[c.nxt]
        c.nxt_known = s.known[c.nxt]
        c.totals = s.totals
        c.stock = len(s.stock)
        c.teams = s.teams
        c.partnership = s.partnership
        c.hand_sizes = [len(h) for h in s.hands]
        c.bonuses = s.bonuses
        if s.variant.use_cheat_cards:
            team = s.team_idx[seat]
            c._cheat_fields(powers, True, len(s.cheat_stock), [sum(1 for x in h if x in CHEAT_CARDS) for h in s.hands],
                            s.shown, [t for t in s.tells if s.team_idx[t[0]] == team])
        else:
            c._cheat_fields(powers, False, 0, (), (), ())
        return c


def meld_value(m: TableMeld) -> int:
    """NG-51: what a closed meld scores (Noggi 1,500, Super Noggi 2,000, clean Nate 500,
    dirty 300); 0 for a Freeze-Nate."""
    if m.kind == NOGGI:
        return 2000 if m.is_super else 1500
    if m.kind == NATE:
        return 500 if m.is_clean else 300
    return 0


def team_estimate(melds: Sequence[TableMeld], team: int, bonuses: int, hands: Sequence[Sequence[Card] | int],
                  open_credit: bool = True) -> float:
    """The points ``team`` would score if the round ended now (NG-51), smoothed for a
    search: closed melds count in full when the team has two (NG-43), 60% with one;
    with ``open_credit`` an open Noggi of n cards adds ``1500 * (n/7)**2 / 3`` and an
    open Nate ``400 * (n/7)**2 / 3`` (progress toward closing); Bonus cards placed +100
    each with two closed melds, else -100 (NG-48, NG-49); minus the hands' values and
    750 per hand holding a Bonus (NG-50). A hand given as an int (its size, unknown
    cards) counts 12 points a card."""
    ms = [m for m in melds if m.team == team]
    closed = closed_count(ms)
    p = 0.0
    for m in ms:
        if m.closed:
            p += meld_value(m)
        elif open_credit and m.kind != "freeze":
            r = min(1.0, len(m.cards) / 7)
            p += (1500 if m.kind == NOGGI else 400) * r * r / 3
    if closed < 2:
        p *= 0.6 if closed == 1 else 1.0
        p -= 100 * bonuses
    else:
        p += 1000 if bonuses == 6 else 100 * bonuses
    for h in hands:
        if isinstance(h, int):
            p -= 12 * h
        else:
            p -= sum(card_value(c) for c in h if c is not BONUS)
            if BONUS in h:
                p -= 750
    return p


def meld_worth(kind: str, n: int, closed: bool, super_: bool = False, clean: bool = True) -> float:
    """A meld's worth for the planner's cheat decisions: a closed meld its NG-51 points
    (:func:`meld_value`; a Jokernate 300) plus :data:`CLOSED_RACE` (a closed meld is a
    step toward going out, NG-43, and a round is mostly won by the team that goes out);
    an open one of ``n`` cards its progress toward closing, ``base * (n/7)**2`` (Noggi
    1,500, Nate 500, Jokernate 300); an open Noggi of 7+ cards counts as closed (it can be,
    NG-17)."""
    if kind == NOGGI:
        if closed or n >= CLOSE_AT:
            return (2000.0 if super_ else 1500.0) + CLOSED_RACE
        return 1500.0 * (n / CLOSE_AT) ** 2
    if kind == NATE:
        if closed:
            return (500.0 if clean else 300.0) + CLOSED_RACE
        return 500.0 * min(1.0, (n / CLOSE_AT) ** 2)
    if kind == JOKERNATE:
        return 300.0 + CLOSED_RACE if closed else 300.0 * min(1.0, (n / CLOSE_AT) ** 2)
    return 0.0


def worth(m: TableMeld) -> float:
    return meld_worth(m.kind, len(m.cards), m.closed, m.is_super, m.is_clean if m.kind == NATE else True)


def steal_gain(t: Turn, st: Steal) -> float:
    """NG-C8: what the Steal ``st`` is worth to the planner: the victim team's loss (its
    meld's :func:`meld_worth` minus that of the parts left on the table, :func:`after_steal`)
    plus the team's gain on the destination meld; 0 when either meld is missing."""
    v, d = t.meld(st.victim), t.meld(st.dest)
    if v is None or d is None:
        return 0.0
    kept, _back = after_steal(v, st.card, 0)
    loss = worth(v) - sum(worth(k) for k in kept)
    gain = worth(d.with_card(st.card)) - worth(d)
    return loss + gain


def neighbours(card: Card, hand: Sequence[Card]) -> float:
    """Suit neighbours of ``card`` in ``hand`` (Noggi potential): 1 per card one rank
    away, 0.5 per card two ranks away."""
    s = 0.0
    seen = set()
    for c in hand:
        if c.is_natural and c.suit == card.suit and c is not card and c.rank not in seen:
            d = abs(c.rank - card.rank)
            if d == 1:
                s += 1.0
                seen.add(c.rank)
            elif d == 2:
                s += 0.5
                seen.add(c.rank)
    return s


def meld_cards(a: Action) -> tuple[Card, ...]:
    """The cards a new meld or an add takes from the hand (none for other actions)."""
    if isinstance(a, (NewNoggi, NewNate)):
        return a.cards
    if isinstance(a, Add):
        return (a.card,)
    return ()


def still_able(t: Turn, a: Action) -> bool:
    """NG-45e: whether the hand could still be emptied (all cards melded, or all but one
    discarded) after the meld or add ``a`` (the same search as ``Turn.able_to_go_out``)."""
    used = meld_cards(a)
    c = Counter(t.counts)
    c.subtract(used)
    if isinstance(a, Add):
        m = t.meld(a.meld)
        if m is None:
            return False
        after = [x for x in t.team_melds if x.id != m.id] + [m.with_card(a.card)]
    else:
        after = list(t.team_melds) + [new_meld(0, t.team, NOGGI if isinstance(a, NewNoggi) else NATE, used)]
    fz = c.get(FREEZE, 0)
    stuck = (fz if fz < 3 else 0) + sum(k for x, k in c.items() if k > 0 and x in CHEAT_CARDS)
    if stuck > 1:
        return False
    nat = Counter({x: k for x, k in c.items() if k > 0 and (x.is_natural or x.is_joker)})
    m_ = sum(nat.values())
    if m_ == 0:
        return True
    nates, noggis = place_shapes(after)
    return can_place(nat, nates, noggis, m_ - (1 - stuck), 0, unit_weight)
