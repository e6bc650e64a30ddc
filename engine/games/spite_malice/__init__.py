"""Spite & Malice: the rules and state (:mod:`.game`), the bots (:mod:`.bots`,
:mod:`.search`) and the clarified rules text (``rules.md``), described to the
rest of the engine by :data:`SPEC`."""

from __future__ import annotations

from typing import cast

from engine.core import Action, State
from engine.games.spite_malice import game, search
from engine.games.spite_malice.bots import SpiteMaliceEasyBot
from engine.spec import GameSpec, standard_bots, Taker


def draw_step(state: State, take: Taker) -> Action | None:
    """The arena's stacked draw pile for Spite & Malice (SM-7, SM-11, SM-14): the
    cards drawn are the first cards of the arena's order still in the draw deck.
    ``state`` is a SpiteMaliceState."""
    state = cast(game.SpiteMaliceState, state)
    if state.phase is not game.Phase.DRAW:
        return None
    need, pool = state.draw_need, list(state.pool)
    universe = state.variant.full_deck()
    if len(pool) >= need:
        return game.Draw(tuple(take(pool, need, universe)))
    # SM-14 draw_empty: the whole draw deck, then the removed pile becomes the draw deck.
    # A new pass over the removed pile serves this draw and the draws after it.
    rest = take(list(state.removed), need - len(pool), universe, new_pass=True)
    return game.Draw(tuple(pool) + tuple(rest))


SPEC = GameSpec(
    game=game.SpiteMalice,
    package=__name__,
    bots=standard_bots(SpiteMaliceEasyBot, search.make_search_bot),
    draw_step=draw_step,
    hint_level="medium@150it",  # about medium's 0.15 s of CPU (2026-11-23), the same hint on any machine
    hand_word="Game",
)
