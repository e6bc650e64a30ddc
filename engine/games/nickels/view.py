"""What one Nickels seat may know (:class:`NickelsView`), its legal moves (the same
:func:`~engine.games.nickels.turn.play_moves` as the state's) and its determinization: a state
consistent with the view, the unseen cards dealt at random (:func:`engine.determinize.deal`).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Sequence

from engine.cards import Card
from engine.core import Action, MeldTarget, View, meld_ids
from engine.determinize import deal
from engine.games.nickels.actions import CLAIM, DECLINE, TAKE, Discard, LayMeld, Layoff, Phase, Swap
from engine.games.nickels.melds import CONTRACTS, ROUNDS, TableMeld, arrange, pack_counts
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

    #: The state class (set by :mod:`engine.games.nickels.state`, which imports this module).
    state_class: ClassVar[type[NickelsState]]

    @property
    def contract(self) -> tuple[int, int]:
        """NK-10: (books, runs) of this round."""
        return CONTRACTS[self.round_no]

    def may_claim(self, seat: int) -> bool:
        """NK-13c/f/g, NK-14a, NK-19: whether ``seat`` may claim the top discard now (the same public
        test as ``NickelsState.may_claim``, :func:`engine.games.nickels.turn.may_claim`)."""
        return may_claim(self.variant, seat, self.turn, self.down_turn, len(self.discards), self.pool_count,
                         self.turn_claims, self.claims, self.turn_no)

    #: The kinds of move :meth:`moves_for` builds (a table's keys name them).
    MOVE_KINDS = ("take", "pass", "claim", "discard", "meld", "layoff", "swap")

    def moves_for(self, kind: str, cards: Sequence[Card] = (), target: MeldTarget = None) -> list[Action]:
        """The moves a player means by a partial input: a kind of move, the cards picked and the
        meld aimed at, so a table builds no action itself (issue 24).

        Args:
            kind: one of :data:`MOVE_KINDS`: ``take`` / ``pass`` / ``claim`` (NK-13), ``discard``
                (one card, NK-18), ``meld`` (exactly the cards of one book or run, NK-7 to NK-11),
                ``layoff`` (one card on meld ``target``, NK-14), ``swap`` (one natural card for the
                joker in meld ``target``, NK-16).
            cards: the cards picked, in any order; target: a meld id (``layoff``, ``swap``; the first
                of several picked, :data:`engine.core.MeldTarget`).

        Returns:
            ``meld``: every arrangement of the cards (:func:`~engine.games.nickels.melds.arrange`:
            a joker naming each card it may stand for, an ace low or high), legal now or not;
            ``layoff``: the legal ways to lay the card on the meld (several when a joker may stand
            for several cards or an ace end a run low or high), else the one plain attempt;
            otherwise the one move. An attempt that is not legal is returned as it is, so that
            playing it gets the engine's refusal naming the rule. ``[]`` when the input names no
            move: no cards for a meld or cards that form none, not exactly one card for a
            discard, lay off or swap, no target for a lay off or swap.

        Raises:
            ValueError: for a kind not in :data:`MOVE_KINDS`.
        """
        if kind not in self.MOVE_KINDS:
            raise ValueError(f"no Nickels move of kind {kind!r}; kinds: {', '.join(self.MOVE_KINDS)}")
        fixed: dict[str, Action] = {"take": TAKE, "pass": DECLINE, "claim": CLAIM}
        if kind in fixed:
            return [fixed[kind]]
        if kind == "meld":
            return [LayMeld(m) for m in arrange(cards)]
        if len(cards) != 1:
            return []
        card = cards[0]
        if kind == "discard":
            return [Discard(card)]
        ids = meld_ids(target)
        if not ids:
            return []
        if kind == "swap":
            return [Swap(card, ids[0])]
        ways: list[Action] = [a for a in self.legal_actions()
                              if isinstance(a, Layoff) and a.card == card and a.meld == ids[0]]
        return ways or [Layoff(card, ids[0])]

    def compute_legal(self) -> list[Action]:
        """The moves of this seat, in the state's order (see :meth:`NickelsState.legal_actions`)."""
        fixed = FIXED_MOVES.get(self.phase)
        if fixed is not None:
            return list(fixed)
        if self.phase is not Phase.PLAY:
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
        s = self.state_class(self.variant, self.n_seats)
        s.set_public_fields(self)
        s.turn_seat = self.turn
        s.known = [list(k) for k in self.known]
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
