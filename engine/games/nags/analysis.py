"""Nags' hooks for the analysis board (:mod:`engine.analysis`, issue 28).

Decisions by kind: plays (NA-9: which value, and which cards of it: colour decides whether a
horse comes in or falls), turning a card instead (NA-11), the direction (NA-23) and buying
horses (NA-25). A candidate is rolled out with the ``easy`` bot in every seat to the end of
the game (hand) and scored in points: the seat's points won minus the mean of the other seats'
(NA-18 to NA-20). Determinizations: ``view.determinize`` (the view only).
"""

from __future__ import annotations

from engine.ai.analysis import GameAnalysis
from engine.core import Action, View
from engine.games.nags.bots import NagsEasyBot
from engine.games.nags.actions import Buy, ChooseDirection, DoneBuying, Play, Turn


class NagsAnalysis(GameAnalysis):
    """Nags (module docstring): unit points."""

    unit = "points"
    min_gain = 1.0
    kinds = ("plays", "turning a card", "direction", "buying horses")
    max_alternatives = 4

    def __init__(self) -> None:
        super().__init__("nags", NagsEasyBot())

    def kind(self, view: View, action: Action) -> str:
        if isinstance(action, Play):
            return "plays"
        if isinstance(action, Turn):
            return "turning a card"
        if isinstance(action, ChooseDirection):
            return "direction"
        if isinstance(action, (Buy, DoneBuying)):
            return "buying horses"
        return "plays"

    def words(self, view: View, action: Action) -> str:
        if isinstance(action, Turn):
            return "turn a card from the draw pile"
        if isinstance(action, ChooseDirection):
            return "go up" if action.direction > 0 else "go down"
        if isinstance(action, DoneBuying):
            return "buy no more horses"
        return super().words(view, action)


ANALYSIS = NagsAnalysis()
