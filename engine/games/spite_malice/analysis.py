"""Spite & Malice's hooks for the analysis board (:mod:`engine.analysis`, issue 28).

Decisions by kind, in the game's terms: stock plays (SM-9: the stock's top card to a play deck),
hand plays, discard-deck plays, discards (SM-10: which card to which discard deck ends the turn).
A move is told as the game log tells it (``play 5♠ from discard deck D3 on P2``). The candidates
are the move played, the ``easy`` bot's and the first moves of the ``hard`` search's best turn
plans (:func:`engine.games.spite_malice.search.enumerate_plans`). A candidate is rolled out
like the search's plans (``easy`` in both seats for :data:`.search.TURNS_AHEAD` more turns or
to the game's end) and scored by the search's evaluation (:func:`.search.rollout_score`)
divided by 10, so the unit is **stock cards**: one stock card shed more than the opponent is 1,
a game won is 10. Determinizations: ``view.determinize`` (the view only).
"""

from __future__ import annotations

import random
from typing import Sequence, cast

from engine.ai.analysis import GameAnalysis
from engine.core import CHANCE, Action, State, View
from engine.games.spite_malice.actions import Discard, PlayDiscard, PlayHand, PlayStock
from engine.games.spite_malice.game import SpiteMaliceState, SpiteMaliceView, card_value, value_text
from engine.games.spite_malice.search import TURNS_AHEAD, _RolloutView, enumerate_plans, rollout_score
from engine.games.spite_malice.bots import SpiteMaliceEasyBot
from engine.grammar import article


class SpiteMaliceAnalysis(GameAnalysis):
    """Spite & Malice (module docstring): unit stock cards."""

    unit = "stock cards"
    min_gain = 0.5
    kinds = ("stock plays", "hand plays", "discard-deck plays", "discards")
    max_alternatives = 4

    def __init__(self) -> None:
        self._bot = SpiteMaliceEasyBot()
        super().__init__("spite_malice", self._bot)

    def kind(self, view: View, action: Action) -> str:
        if isinstance(action, PlayStock):
            return "stock plays"
        if isinstance(action, PlayDiscard):
            return "discard-deck plays"
        if isinstance(action, Discard):
            return "discards"
        return "hand plays"

    def same(self, view: View, a: Action, b: Action) -> bool:
        """Equivalent moves (SM-2: suits are irrelevant): the same value from the same source
        (the stock, one discard deck, the hand) onto play decks showing the same value, or
        discarded onto discard decks holding the same values (two empty ones, say)."""
        if type(a) is not type(b):
            return False
        v = cast(SpiteMaliceView, view)
        if isinstance(a, Discard) and isinstance(b, Discard):
            decks = v.discards[v.seat]
            return card_value(a.card) == card_value(b.card) and (
                [card_value(c) for c in decks[a.pile]] == [card_value(c) for c in decks[b.pile]])
        if isinstance(a, (PlayStock, PlayDiscard, PlayHand)) and isinstance(b, (PlayStock, PlayDiscard, PlayHand)):
            if len(v.play[a.deck]) != len(v.play[b.deck]):
                return False
            if isinstance(a, PlayHand) and isinstance(b, PlayHand):
                return card_value(a.card) == card_value(b.card)
            return not isinstance(a, PlayDiscard) or a.pile == cast(PlayDiscard, b).pile
        return a == b

    def why(self, view: View, played: Action, better: Action) -> str:
        """SM-9: the play deck the move played leaves needing the opponent's stock card, when
        the better move does not ("P1 then needs a 5: the opponent's stock card"). The play
        decks after a move are public, so a determinization of the view shows them."""
        v = cast(SpiteMaliceView, view)
        top = v.stock_tops[1 - v.seat]
        if top is None or v.variant.is_wild(top):
            return ""
        want = card_value(top)

        def needing(move: Action) -> list[int]:
            d = v.determinize(random.Random(0))
            d.apply(move)
            return [j for j, p in enumerate(cast(SpiteMaliceState, d).play) if len(p) + 1 == want]

        decks = needing(played)
        if not decks or len(needing(better)) >= len(decks):
            return ""
        return f"P{decks[0] + 1} then needs {article(value_text(want))}: the opponent's stock card"

    def words(self, view: View, action: Action) -> str:
        """The move as the game log tells it, the card named (every card moved is one the seat
        sees: its hand, its stock top, its discard decks' tops): ``play 10♥ from the stock on
        P1``, ``play 5♠ from discard deck D3 on P2``, ``play K♠ from the hand on P1 (wild, as 3)``,
        ``discard 8♦ on D2``."""
        v = cast(SpiteMaliceView, view)
        if isinstance(action, Discard):
            return f"discard {action.card.pretty} on D{action.pile + 1}"
        if isinstance(action, (PlayStock, PlayDiscard, PlayHand)):
            if isinstance(action, PlayStock):
                card, where = v.stock_tops[v.seat], "from the stock"
            elif isinstance(action, PlayDiscard):
                card, where = v.discards[v.seat][action.pile][-1], f"from discard deck D{action.pile + 1}"
            else:
                card, where = action.card, "from the hand"
            text = f"play {card.pretty if card else '?'} {where} on P{action.deck + 1}"
            if card is not None and v.variant.is_wild(card):
                text += f" (wild, as {value_text(len(v.play[action.deck]) + 1)})"
            return text
        return super().words(view, action)

    def alternatives(self, view: View, legal: Sequence[Action], played: Action,
                     rng: random.Random) -> list[Action]:
        v = cast(SpiteMaliceView, view)
        out = [self._bot.choose(v, legal, rng)]
        base = v.determinize(random.Random(0))  # the plans read only the seat's cards and the table
        out += [p[0] for _, p in enumerate_plans(cast(SpiteMaliceState, base), v.seat) if p]
        return out

    def rollout(self, d: State, root: State, rp: random.Random, rc: random.Random,
                deadline: float | None) -> bool:
        s, r0 = cast(SpiteMaliceState, d), cast(SpiteMaliceState, root)
        pick = self._bot.pick
        limit = r0.turns + TURNS_AHEAD + 1
        steps = 0
        while not s.is_over and s.game_no == r0.game_no and s.turns < limit and steps < 400:
            steps += 1
            if s.to_move == CHANCE:
                s.apply(s.sample_chance(rc))
                continue
            s.apply(pick(_RolloutView(s, s.to_move)))
        return True

    def score(self, root: State, end: State, seat: int) -> float:
        return rollout_score(cast(SpiteMaliceState, root), cast(SpiteMaliceState, end), seat) / 10.0


ANALYSIS = SpiteMaliceAnalysis()
