"""What one seat of a Spite & Malice game may know (:class:`SpiteMaliceView`), the
legal-list builder the view shares with the state, and ``determinize``: a full state
consistent with a view.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Sequence

from engine.cards import Card
from engine.core import Action, View
from engine.determinize import deal
from engine.games.spite_malice.actions import Discard, PlayDiscard, PlayHand, PlayStock
from engine.games.spite_malice.rules import _DEAL, _ORDER, _PLAY, VALUE, Phase, SpiteMaliceVariant

if TYPE_CHECKING:
    from engine.games.spite_malice.state import SpiteMaliceState


_PLAY_STOCK = [PlayStock(j) for j in range(12)]
_PLAY_DISCARD: dict[tuple[int, int], PlayDiscard] = {}


def _play_discard(i: int, j: int) -> PlayDiscard:
    a = _PLAY_DISCARD.get((i, j))
    if a is None:
        a = _PLAY_DISCARD[(i, j)] = PlayDiscard(i, j)
    return a


def legal_list(hand: Sequence[Card], stock_top: Card | None, piles: Sequence[Sequence[Card]],
                play: Sequence[Sequence[Card]], wmin: int) -> list[Action]:
    """SM-8/SM-9: the moves of a seat holding ``hand`` (sorted) with ``stock_top`` and
    discard decks ``piles`` on the play decks ``play``, wild from value ``wmin``:
    stock plays, discard-deck plays, hand plays (one per distinct face), then discards."""
    nxt = [len(p) + 1 for p in play]
    np = len(nxt)
    out: list[Action] = []
    if stock_top is not None:
        v = VALUE[stock_top]
        out.extend(_PLAY_STOCK[j] for j in range(np) if v >= wmin or v == nxt[j])
    for i, d in enumerate(piles):
        if d:
            v = VALUE[d[-1]]
            out.extend(_play_discard(i, j) for j in range(np) if v >= wmin or v == nxt[j])
    distinct = []
    prev = None
    for c in hand:  # hands are sorted: identical faces are adjacent
        if c is not prev:
            distinct.append(c)
            prev = c
    for c in distinct:
        v = VALUE[c]
        out.extend(PlayHand(c, j) for j in range(np) if v >= wmin or v == nxt[j])
    nd = len(piles)
    for c in distinct:
        out.extend(Discard(c, i) for i in range(nd))
    return out


@dataclass(frozen=True)
class SpiteMaliceView(View):
    """What one seat may know (SM-18): its own hand, both stock tops and sizes,
    every play and discard deck, the size of the draw deck, and the removed
    pile's contents (``removed``, sorted: SM-18 amended, its order is unknown)
    and size. :meth:`legal_actions` derives this seat's legal actions from the
    view on first use (lazily, cached)."""

    #: The state class :meth:`determinize` builds (set by :mod:`engine.games.spite_malice.state`).
    state_class: ClassVar["type[SpiteMaliceState]"]

    seat: int
    variant: SpiteMaliceVariant
    phase: Phase
    to_move: int
    turn: int
    game_no: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, int]
    stock_tops: tuple[Card | None, ...]
    stock_counts: tuple[int, int]
    play: tuple[tuple[Card, ...], ...]
    discards: tuple[tuple[tuple[Card, ...], ...], ...]
    pool_count: int
    removed_count: int
    draw_need: int
    turns: int
    redeals: int
    result: int | None
    reason: str
    totals: tuple[int, ...]
    game_points: tuple[tuple[int, ...], ...]
    is_over: bool
    removed: tuple[Card, ...] = ()

    def compute_legal(self) -> list[Action]:
        """SM-8/SM-9 from the view's fields, in the state's order."""
        if self.phase is not _PLAY:
            return []
        seat = self.seat
        return legal_list(self.hand, self.stock_tops[seat], self.discards[seat], self.play,
                           self.variant.wild_min)

    def needs(self, deck: int) -> int:
        """SM-9: the value play deck ``deck`` (0-based) takes next; a deck of n cards counts n."""
        return len(self.play[deck]) + 1

    def unseen_cards(self) -> list[Card]:
        """The cards this seat cannot see or place: the other hand, both stocks
        below their tops and the draw deck (the whole pack minus everything
        visible and the removed pile's known contents, SM-18 amended)."""
        if self.phase is _DEAL:
            return []
        seen = Counter(self.hand)
        seen.update(c for c in self.stock_tops if c is not None)
        for p in self.play:
            seen.update(p)
        for ds in self.discards:
            for d in ds:
                seen.update(d)
        seen.update(self.removed)
        full = Counter(self.variant.full_deck())
        full.subtract(seen)
        return sorted(full.elements(), key=_ORDER)

    def determinize(self, rng: random.Random) -> "SpiteMaliceState":
        """A state consistent with this view: the unseen cards are re-dealt at
        random (:func:`engine.determinize.deal`) to the other hand, both stocks
        below their tops and the draw deck, keeping every size; the removed pile
        keeps its known contents (SM-18 amended); with
        ``include_wild_cards_in_stock = false`` the stocks get only non-wild cards (SM-5)."""
        s = self.state_class(self.variant, 2)
        s.phase = self.phase
        s.game_no, s.turn_seat, s.turns, s.redeals = self.game_no, self.turn, self.turns, self.redeals
        s.result, s.reason, s.draw_need = self.result, self.reason, self.draw_need
        s.totals = list(self.totals)
        s.game_points = [list(g) for g in self.game_points]
        if s.phase is _DEAL:
            return s
        s.play = [list(p) for p in self.play]
        s.discards = [[list(d) for d in ds] for ds in self.discards]
        unseen = self.unseen_cards()
        other = 1 - self.seat
        # the stocks below their tops, the other hand, then the draw deck (SM-5, SM-18)
        sizes = [max(0, self.stock_counts[i] - 1) for i in range(2)] + [self.hand_sizes[other]]
        sizes.append(len(unseen) - sum(sizes))
        no_wild = None
        if not self.variant.include_wild_cards_in_stock:
            wmin = self.variant.wild_min
            no_wild = lambda c: VALUE[c] >= wmin  # noqa: E731  SM-5: no wild card in a stock
        dealt = deal(unseen, sizes, rng, exclude=[no_wild, no_wild, None, None])
        s.hands = [[], []]
        s.hands[self.seat] = list(self.hand)
        s.hands[other] = sorted(dealt[2], key=_ORDER)
        for i in range(2):
            top = self.stock_tops[i]
            s.stocks[i] = dealt[i] + ([top] if top is not None else [])
        s.removed = list(self.removed)  # SM-18 amended: its contents are known
        s.pool = sorted(dealt[3], key=_ORDER)
        return s
