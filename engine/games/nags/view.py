"""What one seat of a Nags match may know (:class:`NagsView`), the legal-list builders
the view shares with the state, and ``determinize``: a full state consistent with a view.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, ClassVar, Sequence, cast

from engine.cards import Card
from engine.core import Action, Pass, View
from engine.determinize import deal

from engine.games.nags.actions import Buy, ChooseDirection, DoneBuying, Play, Turn
from engine.games.nags.rules import (_BUY, _DEALER, _DIRECTION, _FULL_DECK, _PLAY, NagsVariant, Phase, legal_values,
                                    start_search_key)

if TYPE_CHECKING:
    from engine.games.nags.state import NagsState


@dataclass(frozen=True)
class NagsView(View):
    """What one seat of a Nags match may know (everything but the other hands
    and the order of an unseen draw pile). :meth:`legal_actions` derives this
    seat's legal actions from the view on first use (lazily, cached)."""

    #: The state class :meth:`determinize` builds (set by :mod:`engine.games.nags.state`).
    state_class: ClassVar["type[NagsState]"]

    seat: int
    n_seats: int
    variant: NagsVariant
    phase: Phase
    to_move: int
    turn: int
    dealer: int
    game_no: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    runners: tuple[tuple, ...]
    discard: tuple[Card, ...]
    stock_known: tuple[Card, ...]
    pool_count: int
    pool_known: tuple[Card, ...]
    direction: int
    opened: bool
    start_card: Card | None
    starter: int
    passes: int
    idle_turns: int
    turn_forced: bool
    game_half: tuple[int, ...]
    totals_half: tuple[int, ...]
    owners: tuple[tuple[int, int], ...]
    buyer: int
    buys_done: int
    history: tuple[tuple[int, ...], ...]
    blocked: bool
    is_over: bool
    voids: tuple[tuple[int, ...], ...] = ()

    def compute_legal(self) -> list[Action]:
        """NA-8 to NA-11, NA-16, NA-23, NA-25 from the view's fields, in the state's order."""
        phase = self.phase
        if phase is _PLAY:
            start = self.start_card
            if not self.opened:
                values: tuple[int, ...] = (cast(Card, start).rank,)  # set by the deal, before any play
                must = start if self.variant.opening_must_include_lowest_card else None
            else:
                values, must = legal_values(self.discard[-1].rank, self.direction), None
            plays = play_list(self.hand, values, must)
            can_turn = bool(self.stock_known or self.pool_count or len(self.discard) > 1)
            if plays:
                if self.variant.allow_voluntary_turn and self.opened and can_turn:
                    plays.append(Turn())
                return plays
            return [Turn()] if can_turn else [Pass()]
        if phase is _DIRECTION:
            return [ChooseDirection(1), ChooseDirection(-1)]
        if phase is _BUY:
            return buy_list(self.variant, self.totals_half[self.buyer], dict(self.owners))
        return []

    @property
    def stock_count(self) -> int:
        return len(self.stock_known) + self.pool_count

    @property
    def top_value(self) -> int | None:
        return self.discard[-1].rank if self.discard else None

    def determinize(self, rng: random.Random) -> "NagsState":
        """A state consistent with this view: the unseen cards (other hands and
        the unordered part of the draw pile) are re-dealt at random, keeping
        what the seat knows: the start card stays with the starter until
        played, cards below it were in no hand at the deal (NA-7), a seat that
        had to turn or pass holds none of the values it could not play then
        (NA-11, NA-16: :attr:`voids`), and cards known to be in the draw pile
        stay there. Dealt with :func:`engine.determinize.deal`."""
        s = self._public_state()
        if s.phase is not _DEALER:  # before the first game nothing is on the table
            self._deal_hidden(s, rng)
        return s

    def _public_state(self) -> "NagsState":
        """A state holding everything this view shows: the public fields, this seat's
        hand, and no other hand yet."""
        s = self.state_class(self.variant, self.n_seats)
        s.phase = self.phase
        s.dealer, s.game_no, s.turn_seat = self.dealer, self.game_no, self.turn
        s.runners = [list(r) for r in self.runners]
        s.discard = list(self.discard)
        s.stock_known = list(self.stock_known)
        s.direction, s.opened, s.start_card, s.starter = self.direction, self.opened, self.start_card, self.starter
        s.passes, s.idle_turns, s.turn_forced = self.passes, self.idle_turns, self.turn_forced
        s.game_half, s.totals_half = list(self.game_half), list(self.totals_half)
        s.owners = dict(self.owners)
        s.buyer, s.buys_done = self.buyer, self.buys_done
        s.history = [list(h) for h in self.history]
        s.blocked = self.blocked
        s.voids = [frozenset(v) for v in self.voids] if self.voids else [frozenset()] * self.n_seats
        s.pool_known = list(self.pool_known)
        s.hands = [[] for _ in range(self.n_seats)]
        s.hands[self.seat] = list(self.hand)
        return s

    def _deal_hidden(self, s: "NagsState", rng: random.Random) -> None:
        """Deal the cards this seat has not seen to the other hands and the pool of ``s``
        (see :meth:`determinize`)."""
        seen = list(self.hand) + list(self.discard) + [r[0] for r in self.runners] + list(self.stock_known) \
            + list(self.pool_known)
        unseen = list((Counter(_FULL_DECK) - Counter(seen)).elements())
        others = [o for o in range(self.n_seats) if o != self.seat]
        known: list[list[Card]] = [[] for _ in range(len(others) + 1)]  # the other hands, then the pool
        start = self.start_card
        if start is not None and self.starter != self.seat and start in unseen:
            # NA-7: everyone saw who holds the start card; a hand only loses cards
            # by playing them (even after an opening without it, NA-8).
            known[others.index(self.starter)] = [start]
        sizes = [self.hand_sizes[o] for o in others]
        sizes.append(len(unseen) - sum(sizes))
        dealt = deal(unseen, sizes, rng, known=known, exclude=self._exclusions(others) + [None])
        for o, h in zip(others, dealt):
            s.hands[o] = sorted(h)
        s.pool = dealt[-1] + list(self.pool_known)

    def _exclusions(self, others: list[int]) -> list:
        """Per other seat, the cards it cannot hold (None: any): NA-7, cards below the
        start card were in no hand at the deal; NA-11/NA-16, a seat that could not play
        holds none of the values playable then."""
        start = self.start_card
        key = start_search_key(start) if start is not None else None
        exclude: list = []
        for o in others:
            void = frozenset(self.voids[o]) if self.voids else frozenset()
            if key is None and not void:
                exclude.append(None)
            else:
                exclude.append(lambda c, v=void, k=key: c.rank in v or (k is not None and start_search_key(c) < k))
        return exclude


def play_list(hand: Sequence[Card], values: tuple[int, ...], must_include: Card | None) -> list[Action]:
    """NA-8/NA-9/NA-10: every distinct set of same-valued cards of ``hand`` (sorted)
    whose value is in ``values``, each a :class:`Play` of sorted cards; with
    ``must_include`` (the opening's lowest card, house rule) only sets holding it."""
    out: list[Action] = []
    for v in values:
        same = [c for c in hand if c.rank == v]
        if not same:
            continue
        if len(same) == 1:
            out.append(Play((same[0],)))
            continue
        for k in range(1, len(same) + 1):
            for combo in combinations(same, k):
                if must_include is None or must_include in combo:
                    out.append(Play(combo))
    return out


def buy_list(variant: NagsVariant, buyer_half: int, owners: dict[int, int]) -> list[Action]:
    """NA-25: done, and a horse of every unowned value when the buyer has 10
    points (``buyer_half`` >= 20 half points) or the house rule allows a debt."""
    out: list[Action] = [DoneBuying()]
    if variant.allow_negative_after_purchase or buyer_half >= 20:
        out.extend(Buy(v) for v in range(2, 15) if v not in owners)
    return out
