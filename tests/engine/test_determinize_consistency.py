"""Every game's determinization agrees with the view it came from, at every step
(chance steps included), for every seat: ``view.determinize(rng).view(seat) == view``.
Parametrized over the game registry, so a new game inherits it."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import CHANCE, rand_below
from engine.games import GAMES
from tests.games.nags.test_nags_properties import all_cards as nags_cards
from tests.games.nags.test_nags_properties import random_variant as nags_variant
from tests.games.noms.test_noms_properties import all_cards as noms_cards
from tests.games.noms.test_noms_properties import random_variant as noms_variant
from tests.games.spite_malice.test_spite_malice_properties import all_cards as sm_cards
from tests.games.spite_malice.test_spite_malice_properties import random_variant as sm_variant

pytestmark = pytest.mark.slow  # a slow family: the inner loop runs -m 'not slow'

#: random house rules per game (the games' own property-test generators)
RANDOM_RULES = {"nags": nags_variant, "noms": noms_variant, "spite_malice": sm_variant}
#: every card a state holds, in all its zones (the games' own property-test helpers)
ALL_CARDS = {"nags": nags_cards, "noms": noms_cards, "spite_malice": sm_cards}


def _check_game(game_id: str, seed: int, n_seats: int | None = None, max_steps: int = 1500,
                house_rules: bool = False) -> None:
    game = GAMES[game_id]
    rng = random.Random(seed)
    counts = game.seat_counts(game.variant_class())
    n = n_seats or counts[rand_below(rng, len(counts))]
    variant = RANDOM_RULES[game_id](rng) if house_rules and game_id in RANDOM_RULES else game.variant_class()
    n = n if game.seat_range_error(n, variant) is None else game.seat_counts(variant)[0]
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
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**31), house_rules=st.booleans())
def test_determinize_agrees_with_the_view_at_every_step(game_id, seed, house_rules):
    """New random matches every run (3 per game: 10 took 11 s of CPU each for Nickels and Nogginate);
    the same equality is asserted at every step for every seat by the walks below (4 fixed seeds per game)
    and by the brief fuzz run (tests/engine/test_fuzz.py: 25 to 50 seeds per game, drawn house rules)."""
    _check_game(game_id, seed, house_rules=house_rules)


def assert_determinizes_consistently(s, seed: int, step: int) -> None:
    """Issue 15: for every seat, the determinization of its view has that view, the
    same seat to move, every seat's hand of the right size and every card of the
    game (no state with no cards, as Noms gave between hands)."""
    game_id = s.game.id
    for seat in range(s.n_seats):
        v = s.view(seat)
        d = v.determinize(random.Random(seed * 7919 + step * 31 + seat))
        where = f"{game_id} seed {seed} step {step} seat {seat}"
        assert d.view(seat) == v, where
        assert (d.to_move, d.is_over) == (s.to_move, s.is_over), where
        for other in range(s.n_seats):
            assert len(d.view(other).hand) == len(s.view(other).hand), f"{where}: hand of seat {other}"
        if game_id in ALL_CARDS:
            assert Counter(ALL_CARDS[game_id](d)) == Counter(ALL_CARDS[game_id](s)), f"{where}: cards differ"


def walk(game_id: str, seed: int, house_rules: bool, max_steps: int = 3000) -> None:
    """A random game of ``game_id`` (random seat count; random house rules if asked),
    checked by :func:`assert_determinizes_consistently` before every step and at the end."""
    game = GAMES[game_id]
    rng = random.Random(seed)
    counts = game.seat_counts(game.variant_class())
    n = counts[rand_below(rng, len(counts))]
    variant = RANDOM_RULES[game_id](rng) if house_rules and game_id in RANDOM_RULES else game.variant_class()
    n = n if game.seat_range_error(n, variant) is None else game.seat_counts(variant)[0]
    s = game.new_state(variant, n)
    step = 0
    while not s.is_over and step < max_steps:
        assert_determinizes_consistently(s, seed, step)
        if s.to_move == CHANCE:
            s.apply(s.sample_chance(rng))
        else:
            legal = s.legal_actions()
            s.apply(legal[rand_below(rng, len(legal))])
        step += 1
    assert_determinizes_consistently(s, seed, step)


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("seed", range(4))
def test_every_seat_determinizes_with_right_hands_and_all_cards_at_every_step(game_id, seed):
    walk(game_id, seed, house_rules=seed % 2 == 0)


def test_noms_between_hands_with_a_shuffle_every_hand_keeps_the_pack():
    """The case the fuzz run found: with ``shuffle_every_hand`` the gathered pack
    waits for its shuffle, and a determinization held no cards then (NO-5)."""
    walk("noms", 0, house_rules=True, max_steps=70)
