"""What one Nickels seat may know (:class:`NickelsView`), its legal moves (the same
:func:`~engine.games.nickels.turn.play_moves` as the state's) and its determinization: a state
consistent with the view, the unseen cards dealt at random (:func:`engine.determinize.deal`).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.cards import Card
from engine.core import Action, View
from engine.determinize import deal
from engine.games.nickels.actions import Phase
from engine.games.nickels.melds import CONTRACTS, ROUNDS, TableMeld, pack_counts
from engine.games.nickels.turn import FIXED_MOVES, may_claim, play_moves

if TYPE_CHECKING:
    from engine.games.nickels.game import NickelsVariant
    from engine.games.nickels.state import NickelsState


def _order(c: Card) -> int:
    return c.order


@dataclass(frozen=True)
class NickelsView(View):
    """What one seat may know (see :meth:`NickelsState.view`). ``known[s]`` are the
    cards publicly known to be in seat ``s``'s hand (discards it took and still holds)."""

    seat: int
    variant: NickelsVariant
    n_seats: int
    phase: Phase
    to_move: int
    turn: int
    offer_seat: int
    round_no: int
    dealer: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    pool_count: int
    discards: tuple[Card, ...]
    melds: tuple[TableMeld, ...]
    next_id: int
    down_turn: tuple[int, ...]
    owed: tuple[int, int]
    known: tuple[tuple[Card, ...], ...]
    claims: tuple[int, ...]
    turn_claims: int
    turn_no: int
    round_scores: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    out_seat: int | None
    is_over: bool

    @property
    def contract(self) -> tuple[int, int]:
        """NK-10: (books, runs) of this round."""
        return CONTRACTS[self.round_no]

    def may_claim(self, seat: int) -> bool:
        """NK-13c/f/g, NK-19: whether ``seat`` may claim the top discard now (the same public
        test as ``NickelsState.may_claim``, :func:`engine.games.nickels.turn.may_claim`)."""
        return may_claim(self.variant, seat, self.turn, self.down_turn, len(self.discards), self.pool_count,
                         self.turn_claims, self.claims)

    def compute_legal(self) -> list[Action]:
        """The moves of this seat, in the state's order (see :meth:`NickelsState.legal_actions`)."""
        fixed = FIXED_MOVES.get(self.phase)
        if fixed is not None:
            return list(fixed)
        if self.phase != Phase.PLAY:
            return []
        return play_moves(self.hand, self.melds, self.seat, self.contract, self.owed,
                          self.variant.min_naturals_per_meld, self.round_no == ROUNDS - 1,
                          self.down_turn[self.seat], self.turn_no)

    def unseen_cards(self) -> list[Card]:
        """The cards this seat cannot place: the pack minus its hand, the melds and
        the discard pile (the other hands, known cards included, and the draw pile)."""
        seen = Counter(self.hand)
        seen.update(self.discards)
        for m in self.melds:
            seen.update(m.meld.cards)
        full = pack_counts(*self.variant.decks(self.n_seats))
        full.subtract(seen)
        return sorted(full.elements(), key=_order)

    def determinize(self, rng: random.Random) -> NickelsState:
        """A state consistent with this view: the cards it cannot see are dealt at random
        to the other hands and the draw pile, keeping every size; cards publicly known to
        be in a hand (discards it took) stay there (:func:`engine.determinize.deal`)."""
        from engine.games.nickels.state import NickelsState  # the state module imports this one

        s = NickelsState(self.variant, self.n_seats)
        s.phase = self.phase
        s.round_no, s.dealer, s.turn_seat, s.offer_seat = self.round_no, self.dealer, self.turn, self.offer_seat
        s.discards = list(self.discards)
        s.melds = list(self.melds)
        s.next_id = self.next_id
        s.down_turn = list(self.down_turn)
        s.owed = self.owed
        s.known = [list(k) for k in self.known]
        s.claims = list(self.claims)
        s.turn_claims, s.turn_no = self.turn_claims, self.turn_no
        s.round_scores = [list(r) for r in self.round_scores]
        s.totals = list(self.totals)
        s.out_seat = self.out_seat
        if s.phase in (Phase.DEALER, Phase.DEAL):
            s.hands = [[] for _ in range(self.n_seats)]
            s.pool = list(s._deck)
            return s
        others = [o for o in range(self.n_seats) if o != self.seat]
        sizes = [self.hand_sizes[o] for o in others] + [self.pool_count]
        known = [self.known[o] for o in others] + [()]
        dealt = deal(self.unseen_cards(), sizes, rng, known=known)
        s.hands = [[] for _ in range(self.n_seats)]
        s.hands[self.seat] = list(self.hand)
        for o, cards in zip(others, dealt):
            s.hands[o] = sorted(cards, key=_order)
        s.pool = dealt[-1]
        return s
