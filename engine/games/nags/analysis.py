"""Nags' hooks for the analysis board (:mod:`engine.analysis`, issue 28).

Decisions by kind: horse plays (a play where one of the moves open is a running horse's value,
so the colour of the cards played decides whether it comes in or falls, NA-12), other plays
(NA-9: which value, how many cards), turning a card instead (NA-11), the direction (NA-23) and
buying horses (NA-25). A candidate is rolled out with the ``easy`` bot in every seat to the end
of the game (hand) and scored in points: the seat's points won minus the mean of the other
seats' (NA-18 to NA-20). Determinizations: ``view.determinize`` (the view only).

Two plays are the same decision when they place as many cards of one value and do the same
to its horse (:meth:`NagsAnalysis.same`): suits matter only through a running horse's colour
(NA-12), and that horse comes in or falls with the play (NA-13), so 8♣ and 8♥ played with no 8
running leave equivalent games. Without this, a lone choice of which 8 to play counted as a
real decision and two of the four alternatives were the move played in another suit.
"""

from __future__ import annotations

from typing import cast

from engine.ai.analysis import GameAnalysis
from engine.core import Action, View
from engine.games.nags.bots import NagsEasyBot
from engine.games.nags.actions import Buy, ChooseDirection, DoneBuying, Play, Turn
from engine.games.nags.game import RUNNING, NagsView


class NagsAnalysis(GameAnalysis):
    """Nags (module docstring): unit points."""

    unit = "points"
    min_gain = 1.0
    kinds = ("horse plays", "plays", "turning a card", "direction", "buying horses")
    max_alternatives = 4

    def __init__(self) -> None:
        super().__init__("nags", NagsEasyBot())

    def kind(self, view: View, action: Action) -> str:
        if isinstance(action, Play):
            horse = any(isinstance(a, Play) and self._runner(view, a.cards[0].rank) is not None
                        for a in view.legal_actions())
            return "horse plays" if horse else "plays"
        if isinstance(action, Turn):
            return "turning a card"
        if isinstance(action, ChooseDirection):
            return "direction"
        if isinstance(action, (Buy, DoneBuying)):
            return "buying horses"
        return "plays"

    def same(self, view: View, a: Action, b: Action) -> bool:
        """Plays of as many cards of one value are the same move unless a running horse of that
        value comes in with one and falls with the other (NA-12, NA-13)."""
        if isinstance(a, Play) and isinstance(b, Play):
            value = a.cards[0].rank
            if b.cards[0].rank != value or len(a.cards) != len(b.cards):
                return False
            runner = self._runner(view, value)
            return runner is None or (any(c.is_red == runner.is_red for c in a.cards)
                                      == any(c.is_red == runner.is_red for c in b.cards))
        return a == b

    @staticmethod
    def _runner(view: View, value: int):
        """The runner of ``value`` still running (NA-12), or None."""
        return next((r[0] for r in cast(NagsView, view).runners if r[0].rank == value and r[1] == RUNNING), None)

    def why(self, view: View, played: Action, better: Action) -> str:
        """NA-12: the horse the move played makes fall, or fails to bring in, that the better
        move brings in ("K♠ makes the K♦ horse fall; K♥ brings it in")."""
        if not isinstance(better, Play):
            return ""
        runner = self._runner(view, better.cards[0].rank)
        if runner is None or not any(c.is_red == runner.is_red for c in better.cards):
            return ""
        brings = f"{' '.join(c.pretty for c in better.cards)} {'brings' if len(better.cards) == 1 else 'bring'} it in"
        if isinstance(played, Play) and played.cards[0].rank == runner.rank:
            cards = " ".join(c.pretty for c in played.cards)
            return f"{cards} {'makes' if len(played.cards) == 1 else 'make'} the {runner.pretty} horse fall; {brings}"
        return f"the {runner.pretty} horse is running: {brings}"

    def words(self, view: View, action: Action) -> str:
        if isinstance(action, Turn):
            return "turn a card from the draw pile"
        if isinstance(action, ChooseDirection):
            return "go up" if action.direction > 0 else "go down"
        if isinstance(action, DoneBuying):
            return "buy no more horses"
        return super().words(view, action)


ANALYSIS = NagsAnalysis()
