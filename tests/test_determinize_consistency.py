"""Every game's determinization agrees with the view it came from, at every step
(chance steps included), for every seat: ``view.determinize(rng).view(seat) == view``.
Parametrized over the game registry, so a new game inherits it."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import CHANCE, rand_below
from engine.games import GAMES
from test_nags_properties import random_variant as nags_variant
from test_noms_properties import random_variant as noms_variant
from test_spite_malice_properties import random_variant as sm_variant

#: random house rules per game (the games' own property-test generators)
RANDOM_RULES = {"nags": nags_variant, "noms": noms_variant, "spite_malice": sm_variant}


def _check_game(game_id: str, seed: int, n_seats: int | None = None, max_steps: int = 1500,
                house_rules: bool = False) -> None:
    game = GAMES[game_id]
    rng = random.Random(seed)
    n = n_seats or game.min_seats + rand_below(rng, game.max_seats - game.min_seats + 1)
    variant = RANDOM_RULES[game_id](rng) if house_rules and game_id in RANDOM_RULES else game.variant_class()
    s = game.new_state(variant, n)
    steps = 0
    while not s.is_over and steps < max_steps:
        for seat in range(n):
            v = s.view(seat)
            d = v.determinize(random.Random(seed * 7919 + steps * 31 + seat))
            assert d.view(seat) == v, f"{game_id} seed {seed} step {steps} seat {seat}"
        if s.to_move == CHANCE:
            s.apply(s.sample_chance(rng))
        else:
            legal = s.legal_actions()
            s.apply(legal[rand_below(rng, len(legal))])
        steps += 1


@pytest.mark.parametrize("game_id", sorted(GAMES))
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**31), house_rules=st.booleans())
def test_determinize_agrees_with_the_view_at_every_step(game_id, seed, house_rules):
    _check_game(game_id, seed, house_rules=house_rules)
