"""Nickels bots: the ``easy`` heuristic (rules NK-1 to NK-22).

:class:`NickelsEasyBot` sees only its seat's :class:`.game.NickelsView` and the
legal actions, and decides one step at a time:

1. **Acquire** (NK-13b/d): take the top discard when it is *useful* (it joins
   cards kept toward the contract, or, once down, it can be laid off), else pass.
2. **Offer** (NK-13c): claim only a card that makes a needed book or run nearly
   complete (two or more partners already held) while the hand is not large;
   the penalty card costs a card, so claims are rare.
3. **Going down** (NK-11a): as soon as a contract meld is legal, lay the one
   with the most cards (jokers count extra: they cost 50 if left).
4. **Laying off** (NK-16): swap a joker out of a run first (the joker is laid
   off next), then lay off any card, jokers last.
5. **Discard** (NK-18): the card with the highest penalty (NK-6) among the least
   useful ones; never a joker unless nothing else is left; avoid a card the next
   player visibly collects (a discard they took of the same rank).
"""

from __future__ import annotations

import random
from typing import Sequence, cast

from engine.ai.base import HeuristicBot
from engine.cards import Card
from engine.core import Action, View
from engine.games.nickels.game import (Claim, Decline, Discard, LayMeld, Layoff, NickelsView, Swap, Take,
                                       layoff_moves)
from engine.games.nickels.melds import pos_rank, rank_positions


def usefulness(card: Card, hand: Sequence[Card], contract: tuple[int, int]) -> float:
    """How much ``card`` helps toward the contract's books and runs given the rest of
    ``hand`` (0: no partner at all). Jokers are always useful."""
    if card.is_joker:
        return 10.0
    books, runs = contract
    score = 0.0
    same_rank = sum(1 for c in hand if c is not card and not c.is_joker and c.rank == card.rank)
    if books:
        score += same_rank * 1.0
    if runs:
        near = 0.0
        for pos in rank_positions(card.rank):
            for d in (-2, -1, 1, 2):
                p = pos + d
                if 1 <= p <= 14 and any(c.suit == card.suit and c.rank == pos_rank(p) for c in hand
                                        if not c.is_joker):
                    near += 1.0 if abs(d) == 1 else 0.6
        score += near
    return score


class NickelsEasyBot(HeuristicBot):
    """Level ``easy``: the rules of thumb in the module docstring."""

    #: claim only while holding at most this many cards more than the round's deal
    claim_slack = 3

    def decide(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        return self.decide_with_reason(view, legal, rng)[0]

    def decide_with_reason(self, view: View, legal: Sequence[Action],
                           rng: random.Random) -> tuple[Action, str]:
        v = cast(NickelsView, view)
        seat = v.seat
        hand = list(v.hand)
        contract = v.contract
        down = v.down_turn[seat] >= 0
        if v.phase in ("acquire", "after"):
            top = v.discards[-1]
            if down:
                if layoff_moves([top], v.melds):
                    return Take(), f"{top.pretty} can be laid off at once"
                return Decline(), f"{top.pretty} fits no meld on the table"
            if usefulness(top, hand, contract) >= 1.5:
                return Take(), f"{top.pretty} joins cards kept toward the contract"
            return Decline(), f"{top.pretty} does not help the contract"
        if v.phase == "offer":
            top = v.discards[-1]
            size = 6 + v.round_no
            if len(hand) <= size + self.claim_slack and usefulness(top, hand, contract) >= 2.5:
                return Claim(), f"{top.pretty} nearly completes a book or run, worth the penalty card"
            return Decline(), f"{top.pretty} is not worth a penalty card"
        melds = [a for a in legal if isinstance(a, LayMeld)]
        if melds:
            best = max(melds, key=lambda a: (len(a.meld.cards) + 2 * sum(c.is_joker for c in a.meld.cards)))
            return best, "lays the contract's biggest meld"
        swaps = [a for a in legal if isinstance(a, Swap)]
        if swaps:
            return swaps[0], f"frees a joker with {swaps[0].card.pretty}, to lay it off next"
        layoffs = [a for a in legal if isinstance(a, Layoff)]
        if layoffs:
            natural = [a for a in layoffs if not a.card.is_joker]
            pick = natural[0] if natural else layoffs[0]
            return pick, "empties the hand: every card laid off is a penalty saved"
        discards = [a for a in legal if isinstance(a, Discard)]
        if not discards:
            return legal[0], "the only kind of move left"
        nxt = (seat + 1) % v.n_seats
        collected = {c.rank for c in v.known[nxt] if not c.is_joker}
        pen = v.variant.penalty_values

        def cost(a: Discard) -> tuple:
            c = a.card
            rest = list(hand)
            rest.remove(c)
            return (c.is_joker, usefulness(c, rest, contract) if not down else 0.0,
                    (not c.is_joker and c.rank in collected), -pen.of(c))

        pick_d = min(discards, key=cost)
        return pick_d, f"{pick_d.card.pretty} is the costliest card that no meld needs"
