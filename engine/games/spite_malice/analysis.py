"""Spite & Malice's hooks for the analysis board (:mod:`engine.analysis`, issue 28).

Decisions by kind: stock plays (SM-9: the stock's top card to a play deck), hand plays, plays
from a discard pile, discards (SM-10: which card to which pile ends the turn). The candidates
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
from engine.games.spite_malice.game import SpiteMaliceState, SpiteMaliceView
from engine.games.spite_malice.search import TURNS_AHEAD, _RolloutView, enumerate_plans, rollout_score
from engine.games.spite_malice.bots import SpiteMaliceEasyBot


class SpiteMaliceAnalysis(GameAnalysis):
    """Spite & Malice (module docstring): unit stock cards."""

    unit = "stock cards"
    min_gain = 0.5
    kinds = ("stock plays", "hand plays", "discard-pile plays", "discards")
    max_alternatives = 4

    def __init__(self) -> None:
        self._bot = SpiteMaliceEasyBot()
        super().__init__("spite_malice", self._bot)

    def kind(self, view: View, action: Action) -> str:
        if isinstance(action, PlayStock):
            return "stock plays"
        if isinstance(action, PlayDiscard):
            return "discard-pile plays"
        if isinstance(action, Discard):
            return "discards"
        return "hand plays"

    def words(self, view: View, action: Action) -> str:
        if isinstance(action, PlayStock):
            return f"play the stock card to play deck {action.deck + 1}"
        if isinstance(action, PlayDiscard):
            return f"play from discard pile {action.pile + 1} to play deck {action.deck + 1}"
        if isinstance(action, PlayHand):
            return f"play {action.card.pretty} to play deck {action.deck + 1}"
        if isinstance(action, Discard):
            return f"discard {action.card.pretty} on discard pile {action.pile + 1}"
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
