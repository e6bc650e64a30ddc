"""Noms' hooks for the analysis board (:mod:`engine.analysis`, issue 28).

Decisions by kind: bids (NO-7, NO-8), trump (NO-10a), the called card (NO-10b), leads and
follows (NO-15). A candidate is rolled out with the noise-free ``easy`` bot in every seat to
the end of the hand and scored in points: the seat's points of the hand minus the mean of the
other three seats' (NO-19 to NO-21; a failed contract of 13 costs the declarer 13 to each
opponent). Determinizations agree with the auction and the announcements as the ``easy`` bot
makes them (:func:`engine.games.noms.search.determinize`, ``determinize_play``): view only.
Equivalent cards (touching cards of one suit) are one move, so a choice between them is not
a decision.
"""

from __future__ import annotations

import random
from typing import Sequence, cast

from engine.ai.analysis import GameAnalysis
from engine.core import Action, State, View
from engine.games.noms.bots import NomsEasyBot
from engine.games.noms.game import Bid, Call, NomsView, Pass, Phase, Play, Trump
from engine.games.noms.rules import MIS, bid_text, is_numeric
from engine.games.noms.search import determinize, determinize_play, noms_candidates, play_group
from engine.cards import pretty_text

_SUITS = ("clubs", "diamonds", "hearts", "spades")


class NomsAnalysis(GameAnalysis):
    """Noms (module docstring): unit points, kinds bids, trump, called card, leads, follows."""

    unit = "points"
    min_gain = 1.0
    kinds = ("bids", "trump", "called card", "leads", "follows")
    max_alternatives = 3

    def __init__(self) -> None:
        self._bidder = NomsEasyBot()
        super().__init__("noms", self._bidder)

    def kind(self, view: View, action: Action) -> str:
        v = cast(NomsView, view)
        if v.phase == Phase.AUCTION:
            return "bids"
        if v.phase == Phase.TRUMP:
            return "trump"
        if v.phase == Phase.CALL:
            return "called card"
        return "leads" if not v.trick else "follows"

    def words(self, view: View, action: Action) -> str:
        if isinstance(action, Pass):
            return "pass"
        if isinstance(action, Bid):
            level = action.level
            return f"bid {bid_text(level)}" if is_numeric(level) else ("bid Mis" if level == MIS else "bid Mis a Vis")
        if isinstance(action, Trump):
            return "no trump" if action.suit is None else f"{_SUITS[action.suit]} as trump"
        if isinstance(action, Call):
            return f"call {action.card.pretty}"
        if isinstance(action, Play):
            v = cast(NomsView, view)
            return f"{'lead' if not v.trick else 'play'} {action.card.pretty}"
        return pretty_text(str(action))

    def same(self, view: View, a: Action, b: Action) -> bool:
        if isinstance(a, Play) and isinstance(b, Play):
            v = cast(NomsView, view)
            ga, gb = play_group(v, a.card), play_group(v, b.card)
            return ga is not None and ga == gb
        return a == b

    def alternatives(self, view: View, legal: Sequence[Action], played: Action,
                     rng: random.Random) -> list[Action]:
        v = cast(NomsView, view)
        easy = self._bidder.choose(v, legal, rng)
        if v.phase == Phase.AUCTION:
            numeric = [a for a in legal if isinstance(a, Bid) and is_numeric(a.level)]
            return [easy, Pass()] + numeric[:1] + [a for a in legal if isinstance(a, Bid) and a.level == MIS]
        if v.phase == Phase.PLAY:
            return [easy] + self.distinct(v, legal)
        return [easy] + noms_candidates(v, legal, rng) + list(legal)

    def sample(self, view: View, r: random.Random) -> State:
        v = cast(NomsView, view)
        if v.phase == Phase.PLAY:
            return determinize_play(v, r, True, self._bidder)
        return determinize(v, r, True, self._bidder)


ANALYSIS = NomsAnalysis()
