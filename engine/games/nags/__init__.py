"""Nags: the rules and state (:mod:`.game`), the bots (:mod:`.bots`,
:mod:`.search`) and the clarified rules text (``rules.md``), described to the
rest of the engine by :data:`SPEC`."""

from __future__ import annotations

from typing import cast

from engine.core import Action, State
from engine.games.nags import game, rules, search
from engine.games.nags.bots import NagsEasyBot
from engine.spec import GameSpec, standard_bots, Taker


def draw_step(state: State, take: Taker) -> Action | None:
    """The arena's stacked draw pile for Nags: a card turned from the draw pile
    (NA-11) is the first card of the arena's order still in the pool. ``state`` is a NagsState."""
    state = cast(game.NagsState, state)
    if state.phase is game.Phase.REVEAL and state.pool:
        return game.Reveal(take(list(state.pool), 1, rules._FULL_DECK)[0])
    return None


SPEC = GameSpec(
    game=game.Nags,
    package=__name__,
    bots=standard_bots(NagsEasyBot, search.make_search_bot),
    draw_step=draw_step,
    hint_level="medium@200it",  # about medium's 0.15 s of CPU (2026-11-23), the same hint on any machine
    hand_word="Game",
    match_hands=lambda v: v.match_games if v.match_target is None else None,  # NA-21
)
