"""Noms: the rules and state (:mod:`.game`), the bots (:mod:`.bots`,
:mod:`.search`) and the clarified rules text (``rules.md``), described to the
rest of the engine by :data:`SPEC`."""

from __future__ import annotations

from engine.games.noms import game, search
from engine.games.noms.bots import NomsEasyBot
from engine.spec import GameSpec, standard_bots


SPEC = GameSpec(
    game=game.Noms,
    package=__name__,
    bots=standard_bots(NomsEasyBot, search.make_search_bot),
    draw_step=None,
    hint_level="medium@100it",  # about medium's 0.15 s of CPU (2026-11-23), the same hint on any machine
    hand_word="Hand",  # a game to 101 (NO-22): no fixed number of hands
)
