"""Nickels: the rules (:mod:`.game` and the modules it names: actions, melds, turn, state, view), the
bots (:mod:`.bots`, :mod:`.search`) and the clarified rules text (``rules.md``), described to the rest
of the engine by :data:`SPEC`."""

from __future__ import annotations

from typing import cast

from engine.core import Action, State
from engine.games.nickels import game, search
from engine.games.nickels.bots import NickelsEasyBot
from engine.spec import GameSpec, Taker, standard_bots


def draw_step(state: State, take: Taker) -> Action | None:
    """The arena's stacked draw pile for Nickels (NK-4, NK-5, NK-13): deals, the up-card,
    draws and penalty cards are the first cards of the arena's order still in the draw
    pile, so seats rotated over the same deal see the same cards in the same order.
    ``state`` is a NickelsState."""
    state = cast(game.NickelsState, state)
    p = state.phase
    if p == game.Phase.DEAL:
        size = 6 + state.round_no
        n = state.n_seats
        order = take(list(state.pool), size * n, state.variant.full_deck(n), new_pass=True)
        hands: list[list] = [[] for _ in range(n)]
        for i, c in enumerate(order):  # NK-4: one at a time from the dealer's left
            hands[(state.dealer + 1 + i) % n].append(c)
        return game.Deal(tuple(tuple(sorted(h)) for h in hands))
    universe = state.variant.full_deck(state.n_seats)
    if p == game.Phase.UPCARD:
        return game.Upcard(take(list(state.pool), 1, universe)[0])
    if p == game.Phase.DRAW:
        return game.DrawCard(take(list(state.pool), 1, universe)[0])
    if p == game.Phase.PENALTY:
        return game.PenaltyCard(take(list(state.pool), 1, universe)[0])
    return None


SPEC = GameSpec(
    game=game.Nickels,
    package=__name__,
    bots=standard_bots(NickelsEasyBot, search.make_search_bot),
    draw_step=draw_step,
    hint_level="medium@16it",  # about medium's 0.15 s of CPU at low load (2026-11-23), the same hint on any machine
    hand_word="Round",
    match_hands=lambda v: game.ROUNDS,  # NK-3
    score_unit="penalty points",  # NK-21, NK-22: the lowest total wins
)
