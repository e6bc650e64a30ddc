"""Nogginate: the rules (:mod:`.game` and the modules it names: actions, melds, cheats, turn,
powers, state, view), the bots (:mod:`.bots`, :mod:`.search`) and the clarified rules text
(``rules.md``), described to the rest of the engine by :data:`SPEC`."""

from __future__ import annotations

from typing import cast

from engine.core import Action, State
from engine.games.nogginate import game, search
from engine.games.nogginate.bots import NogginateEasyBot
from engine.games.nogginate.cheats import game_cheat_deck
from engine.games.nogginate.melds import custom_deck
from engine.spec import GameSpec, Taker, standard_bots


def draw_step(state: State, take: Taker) -> Action | None:
    """The arena's stacked stock for Nogginate (NG-13, NG-14, NG-26): the deal, the up-card
    and every draw are the first cards of the arena's order still in the stock, so seats
    rotated over the same deal see the same cards in the same order. ``state`` is a
    NogginateState."""
    state = cast(game.NogginateState, state)
    p = state.phase
    universe = list(custom_deck())
    if p == game.Phase.DEAL:
        n = state.n_seats
        order = take(list(state.stock), game.HAND_SIZE * n, universe, new_pass=True)
        hands: list[list] = [[] for _ in range(n)]
        for i, c in enumerate(order):  # NG-13: one at a time from the dealer's left
            hands[(state.dealer + 1 + i) % n].append(c)
        return game.Deal(tuple(tuple(sorted(h, key=lambda c: c.order)) for h in hands))
    if p == game.Phase.UPCARD:
        return game.Upcard(take(list(state.stock), 1, universe)[0])
    if p == game.Phase.DRAW:
        x = state.draw_kind  # NG-26: cheat cards of this draw, from the cheat stock's own stacked order
        k = min(2 - x, len(state.stock))
        cards = take(list(state.stock), k, universe) if k else []
        if x:
            deck = game_cheat_deck(state.variant, state.partnership)
            cards += take(list(state.cheat_stock), x, deck, stack="cheat")
        return game.Drawn(tuple(sorted(cards, key=lambda c: c.order)))
    return None


def _easy_plain(level: str, budget_s: float | None, iterations: int | None) -> NogginateEasyBot:
    """``easy-plain``: the ``easy`` planner told never to use cheat cards (never draws them by
    choice, plays no power, discards any it holds first): the baseline of the cheat-card
    measurements (``docs/ai-measurements.md``). Not listed among the levels players pick."""
    return NogginateEasyBot(powers=False)


SPEC = GameSpec(
    game=game.Nogginate,
    package=__name__,
    bots={**standard_bots(NogginateEasyBot, search.make_search_bot), "easy-plain": _easy_plain},
    draw_step=draw_step,
    hint_level="medium@16it",  # a fixed budget: the same hint on any machine
    hand_word="Round",
    match_hands=lambda v: v.fixed_rounds,  # NG-54: else a match to 10,000
)
