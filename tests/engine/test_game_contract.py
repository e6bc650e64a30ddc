"""The engine contract (docs/engine.md), checked for every game in the registry.

Each test is parametrized over :data:`engine.games.SPECS`, so a new game
inherits all of them by being registered: its descriptor is complete, clones
are independent, every action is legal or refused with a sentence, notation
round-trips (player actions and chance outcomes), a seat's view survives a
re-deal of what it cannot see, and a logged match replays and verifies.
"""

from __future__ import annotations

import random

import pytest

from contract_support import assert_clone_is_independent, assert_legal_or_refused_cleanly
from engine.ai.base import HeuristicBot
from engine.core import CHANCE, Game, State
from engine.games import SPECS, make_bot
from engine.gamelog import verify_log
from engine.seats import SeatSpec
from engine.sim import run_sim

GAME_IDS = sorted(SPECS)
#: Steps of one random walk (enough to reach several hands of every game).
WALK_STEPS = 400


def _seats(game: type[Game]) -> int:
    return min(game.max_seats, max(game.min_seats, 3))


def _walk(game_id: str, seed: int, steps: int = WALK_STEPS):
    """Yield ``(state, rng)`` at every step of a random walk through a match."""
    game = SPECS[game_id].game
    rng = random.Random(seed)
    s = game.new_state(game.variant_class(), _seats(game))
    for _ in range(steps):
        if s.is_over:
            return
        yield s, rng
        if s.to_move == CHANCE:
            s.apply(s.sample_chance(rng))
        else:
            legal = s.legal_actions()
            s.apply(legal[int(rng.random() * len(legal))])


def _random_step(s: State, rng: random.Random) -> None:
    if s.to_move == CHANCE:
        s.apply(s.sample_chance(rng))
    else:
        legal = s.legal_actions()
        s.apply(legal[int(rng.random() * len(legal))])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_descriptor_is_complete(game_id):
    spec = SPECS[game_id]
    assert spec.id == game_id == spec.game.id
    assert spec.game.min_seats <= spec.game.max_seats
    assert spec.rules_text().lstrip().startswith("#")
    levels = spec.levels()
    assert levels[0] == "random" and "easy" in levels
    assert isinstance(make_bot(game_id, "easy"), HeuristicBot)
    for level in levels:
        assert make_bot(game_id, level).level == level


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_clones_are_independent(game_id):
    branch = random.Random(99)
    for i, (s, _rng) in enumerate(_walk(game_id, 1)):
        if i % 25 == 0:
            assert_clone_is_independent(s, branch, 30, _random_step)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_action_is_legal_or_refused_with_a_sentence(game_id):
    """Each legal action of some other position, tried here: applied if legal,
    else refused with ``why_illegal``'s sentence and the state unchanged."""
    seen = []
    for i, (s, rng) in enumerate(_walk(game_id, 2)):
        if s.to_move == CHANCE:
            continue
        seen.extend(s.legal_actions()[:3])
        if i % 7 == 0 and seen:
            for a in rng.sample(seen, min(4, len(seen))):
                assert_legal_or_refused_cleanly(s.clone(), a)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_notation_round_trips_for_actions_and_chance_outcomes(game_id):
    game = SPECS[game_id].game
    for s, rng in _walk(game_id, 3):
        actions = [s.sample_chance(random.Random(rng.random()))] if s.to_move == CHANCE else s.legal_actions()
        for a in actions:
            assert game.parse_action(str(a)) == a


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_view_survives_a_redeal_of_what_the_seat_cannot_see(game_id):
    """View honesty: the view of the seat to move is the same in any state its
    view determinizes to, so nothing hidden can reach a bot through it."""
    for i, (s, rng) in enumerate(_walk(game_id, 4)):
        if s.to_move == CHANCE or i % 5:
            continue
        view = s.view(s.to_move)
        for _ in range(2):
            assert view.determinize(rng).view(s.to_move) == view


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_logged_match_replays_and_verifies(game_id, tmp_path):
    game = SPECS[game_id].game
    seats = [SeatSpec("ai", "easy")] + [SeatSpec("ai", "random")] * (_seats(game) - 1)
    run_sim(game_id, None, seats, 1, 7, log_dir=tmp_path)
    logs = sorted(tmp_path.glob("*.jsonl"))
    assert len(logs) == 1
    result = verify_log(logs[0])
    assert result.ok and result.finished, result.reason
