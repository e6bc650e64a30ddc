"""Issue 26, long-tail terminations: every house-rule value admitted keeps a random match (uniformly
random legal moves) under :data:`MAX_RANDOM_MATCH_STEPS` steps. Before, ``fixed_rounds`` 511
(Nogginate) and ``match_target`` 5,680 (Nags) were admitted and random matches outlasted a 60 s bound:
a Nogginate match of 1,000 rounds ran 220,000 steps (100 s of bare play on the shared machine), one of
Nags to 10,000 160,000. The options that set a match's length are bounded (NA-21b, NO-22b, SM-16a,
NG-54b) and a random match at each one's largest admitted value is played here to its end."""

from __future__ import annotations

import random

import pytest

from engine.core import CHANCE
from engine.games import GAMES
from engine.variants import ConfigError, build_variant, option_specs

#: The bound every admitted house-rule value keeps a random match under (steps, chance steps included):
#: under 60 s of bare random play for the slowest game (Nogginate, about 3,000 to 8,000 steps per CPU
#: second on the shared 2-core machine), a few minutes of ``benchmarks/fuzz.py --long``.
MAX_RANDOM_MATCH_STEPS = 200_000

#: Per game: the options that set how long a match lasts, at their largest admitted values (with the
#: others that lengthen it), and the seat count that makes it longest.
LONGEST = {
    "nags": [({"match_target": 2500}, 5), ({"match_games": 100}, 5),
             ({"match_target": 2500, "buying_horses": True, "allow_negative_after_purchase": True,
               "max_drawn_games": 1000}, 5)],
    "noms": [({"target": 10000, "max_hands": 2000, "tie_policy": "play_on"}, 4)],
    "spite_malice": [({"match_to": 10000, "max_turns": 10000, "max_tied_games": 1000}, 2),
                     ({"max_turns": 10000, "stock_count": 100, "decks_included": 8}, 2)],
    "nickels": [({"max_turns_per_round": 2000}, 6)],
    "nogginate": [({"fixed_rounds": 200}, 4), ({"max_rounds": 200}, 6),
                  ({"fixed_rounds": 200, "use_cheat_cards": True}, 4)],
}


def random_match_steps(game_id: str, rules: dict, seats: int, seed: int) -> int:
    game = GAMES[game_id]
    s = game.new_state(build_variant(game.variant_class, rules), seats)
    rng = random.Random(seed)
    steps = 0
    while not s.is_over:
        assert steps < MAX_RANDOM_MATCH_STEPS, f"{game_id} {rules}: no end within {MAX_RANDOM_MATCH_STEPS} steps"
        if s.to_move == CHANCE:
            s.apply_trusted(s.sample_chance(rng))
        else:
            legal = s.legal_actions()
            s.apply_trusted(legal[int(rng.random() * len(legal))])
        steps += 1
    return steps


@pytest.mark.parametrize("value, rule", [
    ("nags:match_target=2501", "NA-21b"), ("nags:match_games=101", "NA-21b"),
    ("noms:max_hands=2001", "NO-22b"), ("spite_malice:max_turns=10001", "SM-16a"),
    ("nogginate:fixed_rounds=201", "NG-54b"), ("nogginate:max_rounds=201", "NG-54b"),
])
def test_house_rules_that_would_make_a_match_endless_in_practice_are_refused(value, rule):
    """NA-21b, NO-22b, SM-16a, NG-54b: the largest admitted values (before: 10,000 and 100,000 and 1,000,000
    and 1,000) are refused one past the bound, naming it."""
    game_id, _, assignment = value.partition(":")
    name, _, number = assignment.partition("=")
    with pytest.raises(ConfigError, match=f"out of range; allowed: 1..{int(number) - 1}"):
        build_variant(GAMES[game_id].variant_class, {name: int(number)})
    spec = next(s for s in option_specs(GAMES[game_id].variant_class) if s.name == name)
    assert spec.max == int(number) - 1 and spec.rule.split("-")[0] == rule.split("-")[0]


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(LONGEST))
def test_a_random_match_at_the_longest_admitted_rules_ends_within_the_bound(game_id):
    """NA-21b, NO-22b, SM-16a, NG-54b (and NK-19a): random matches at each match-length option's largest
    admitted value end within MAX_RANDOM_MATCH_STEPS."""
    for k, (rules, seats) in enumerate(LONGEST[game_id]):
        assert random_match_steps(game_id, rules, seats, seed=k) < MAX_RANDOM_MATCH_STEPS
