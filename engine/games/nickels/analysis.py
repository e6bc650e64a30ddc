"""Nickels' hooks for the analysis board (:mod:`engine.analysis`, issue 28).

Decisions by kind: taking the discard (NK-13b/d), claims ("May I", NK-13c), going down (NK-11a:
every meld of the contract, the first and those after it on the same turn), melds and lay-offs
(NK-16), discards (NK-12).
The candidates are the move played, the ``easy`` bot's and the ``hard`` search's own
(:func:`engine.games.nickels.search.candidates`: take or pass, claim or pass, the best
discards by ``easy``'s ranking). A candidate is rolled out by the search's own rollout
(``easy`` in every seat, cut after :data:`engine.games.nickels.search.TURNS_AHEAD` turns or at
the round's end) and scored in penalty points: the other seats' mean minus the seat's own
(NK-21; an unfinished round by the search's estimate), so a mistake's loss is the penalty
points it is expected to cost. Determinizations: ``view.determinize`` (the view only). A move
within a turn is weighed with the rest of the turn played by ``easy``.
"""

from __future__ import annotations

import random
from typing import Sequence, cast

from engine.ai.analysis import GameAnalysis
from engine.core import Action, State, View
from engine.games.nickels.bots import NickelsEasyBot
from engine.games.nickels.game import (Claim, Decline, Discard, LayMeld, Layoff, NickelsState, NickelsView, Phase, Swap,
                                       Take)
from engine.games.nickels.search import candidates, make_search_bot, rollout_score


class NickelsAnalysis(GameAnalysis):
    """Nickels (module docstring): unit penalty points."""

    unit = "penalty points"
    min_gain = 2.0
    kinds = ("taking the discard", "claims", "going down", "melds and lay-offs", "discards")
    max_alternatives = 3

    def __init__(self) -> None:
        self._bot = NickelsEasyBot()
        super().__init__("nickels", self._bot)
        self._search = make_search_bot("hard", iterations=1)

    def kind(self, view: View, action: Action) -> str:
        v = cast(NickelsView, view)
        if v.phase in (Phase.ACQUIRE, Phase.AFTER):
            return "taking the discard"
        if v.phase == Phase.OFFER:
            return "claims"
        if isinstance(action, Discard):
            return "discards"
        if isinstance(action, LayMeld):  # every meld is part of going down (no new melds once down, NK-16)
            return "going down"
        return "melds and lay-offs"

    def words(self, view: View, action: Action) -> str:
        v = cast(NickelsView, view)
        if isinstance(action, Take):
            return f"take {v.discards[-1].pretty} from the discard pile"
        if isinstance(action, Claim):
            return f"claim {v.discards[-1].pretty}"
        if isinstance(action, Decline):
            return "pass"
        if isinstance(action, LayMeld):
            return "meld " + action.meld.pretty()  # a joker in a run as JK(6), as the table shows it
        if isinstance(action, Layoff):
            return f"lay off {action.shown()} on m{action.meld}" + (" (low)" if action.low else "")
        if isinstance(action, Swap):
            return f"swap {action.card.pretty} for the joker in m{action.meld}"
        return super().words(view, action)

    def alternatives(self, view: View, legal: Sequence[Action], played: Action,
                     rng: random.Random) -> list[Action]:
        v = cast(NickelsView, view)
        easy = self._bot.choose(v, legal, random.Random(0))
        out = candidates(v, legal, easy)
        if v.phase in (Phase.ACQUIRE, Phase.AFTER, Phase.OFFER):
            out += list(legal)  # the other answer even where the search would not ask
        return out

    def rollout(self, d: State, root: State, rp: random.Random, rc: random.Random,
                deadline: float | None) -> bool:
        return self._search._rollout_from(cast(NickelsState, d), cast(NickelsState, root), rp, rc, deadline)

    def score(self, root: State, end: State, seat: int) -> float:
        return rollout_score(cast(NickelsState, root), cast(NickelsState, end), seat)


ANALYSIS = NickelsAnalysis()
