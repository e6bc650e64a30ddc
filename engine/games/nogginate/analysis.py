"""Nogginate's hooks for the analysis board (:mod:`engine.analysis`, issue 28).

Decisions by kind: pile takes (NG-26, NG-36, NG-37: draw, take the pile, take the top card
onto a Noggi), going down (NG-32: a first meld while the team is not down), melds and lay-offs,
asking to go out and answering (NG-45), going out (NG-42), discards (NG-26 step 3), cheat cards
(NG-C1 to NG-C9). The candidates are the move played, the ``easy`` planner's and the ``hard``
search's own candidates (:func:`engine.games.nogginate.search.candidates`: the other pile
choices, not asking, the best discards by the planner's ranking). A candidate is rolled out
by the search's own rollout (the planner in every seat, cut after
:data:`engine.games.nogginate.search.TURNS_AHEAD` turns or at the round's end) and scored in
points: the team's round points minus the best other team's (NG-51; an unfinished round by
the planner's estimate). Determinizations: ``view.determinize`` (the view only). A move within
a turn is weighed with the rest of the turn played by the planner.
"""

from __future__ import annotations

import random
from typing import Sequence, cast

from engine.ai.analysis import GameAnalysis
from engine.core import Action, State, View
from engine.games.nogginate.bots import Ctx, NogginateEasyBot, plan_move
from engine.games.nogginate.cheats import POWER_CARD
from engine.games.nogginate.game import (Answer, Ask, Discard, Draw, GoOut, NewNate, NewNoggi, NogginateState,
                                         NogginateView, Onto, Phase, TakePile)
from engine.games.nogginate.plans import plan_words
from engine.games.nogginate.search import candidates, make_search_bot, rollout_score


#: a draw (NG-26a, NG-28) in words, by :attr:`Draw.kind`
_DRAW_WORDS = {"2c": "draw two cards", "1c1x": "draw one card and one cheat card", "2x": "draw two cheat cards"}


class NogginateAnalysis(GameAnalysis):
    """Nogginate (module docstring): unit points (the team margin)."""

    unit = "points"
    min_gain = 10.0
    kinds = ("pile takes", "going down", "melds and lay-offs", "asking to go out", "answering an ask",
             "going out", "discards", "cheat cards")
    max_alternatives = 3

    def __init__(self) -> None:
        super().__init__("nogginate", NogginateEasyBot())
        self._search = make_search_bot("hard", iterations=1)

    def kind(self, view: View, action: Action) -> str:
        v = cast(NogginateView, view)
        if v.phase == Phase.ACQUIRE:
            return "pile takes"
        if v.phase == Phase.ANSWER or isinstance(action, Answer):
            return "answering an ask"
        if isinstance(action, Ask):
            return "asking to go out"
        if isinstance(action, GoOut):
            return "going out"
        if isinstance(action, Discard):
            return "discards"
        if type(action) in POWER_CARD:
            return "cheat cards"
        team = next(t for t, m in enumerate(v.teams) if v.seat in m)
        if isinstance(action, (NewNoggi, NewNate)) and not v.down[team]:
            return "going down"
        return "melds and lay-offs"

    def words(self, view: View, action: Action) -> str:
        if isinstance(action, Ask):
            return "ask your partner to go out"
        if isinstance(action, TakePile):  # the pile's top card melds with the two naturals (NG-36)
            two = " ".join(c.pretty for c in action.cards)
            return f"take the pile with {two} " + (f"onto m{action.meld}" if action.meld is not None
                                                   else "as a new Nate")
        if isinstance(action, Onto):
            top = cast(NogginateView, view).discards
            return f"take {top[-1].pretty} onto m{action.meld}" if top else f"take the top card onto m{action.meld}"
        if isinstance(action, Draw):
            return _DRAW_WORDS.get(action.kind, str(action))
        return plan_words([action])

    def alternatives(self, view: View, legal: Sequence[Action], played: Action,
                     rng: random.Random) -> list[Action]:
        v = cast(NogginateView, view)
        easy, _ = plan_move(Ctx.of_view(v))
        if easy not in legal:
            easy = legal[0]
        return candidates(v, legal, easy)

    def rollout(self, d: State, root: State, rp: random.Random, rc: random.Random,
                deadline: float | None) -> bool:
        return self._search._rollout_from(cast(NogginateState, d), cast(NogginateState, root), rc, deadline)

    def score(self, root: State, end: State, seat: int) -> float:
        return rollout_score(cast(NogginateState, root), cast(NogginateState, end), seat)


ANALYSIS = NogginateAnalysis()
