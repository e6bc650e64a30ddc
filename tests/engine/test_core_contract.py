"""engine/core.py and engine/match.py: the game contract, chance helpers and match helpers,
checked on the one game that implements the contract (Nags)."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from engine.core import CHANCE, TERMINAL, Event, Game, IllegalAction, State, View, rand_below, shuffled
from engine.games import GAMES, UnknownGame, get_game
from engine.games.nags import game as nags
from engine.games.nags.game import Nags, NagsVariant
from engine.match import match_over, match_winners


class _Fixed(random.Random):
    """Replays given random() values."""

    def __init__(self, values):
        super().__init__(0)
        self.values = list(values)

    def random(self):
        return self.values.pop(0)


def test_rand_below_uses_random_only():
    rng = _Fixed([0.0, 0.5, 0.999999])
    assert [rand_below(rng, 4) for _ in range(3)] == [0, 2, 3]
    rng = random.Random(1)
    counts = Counter(rand_below(rng, 5) for _ in range(5000))
    assert set(counts) == set(range(5)) and min(counts.values()) > 850


def test_shuffled_is_a_permutation_and_reproducible():
    items = list(range(20))
    a = shuffled(random.Random(42), items)
    assert sorted(a) == items and items == list(range(20))  # the input is not changed
    assert shuffled(random.Random(42), items) == a
    assert shuffled(random.Random(43), items) != a
    # uniform over the 6 orders of 3 items (Fisher-Yates)
    rng = random.Random(7)
    counts = Counter(tuple(shuffled(rng, "abc")) for _ in range(6000))
    assert len(counts) == 6 and min(counts.values()) > 850


def test_shuffled_draws_through_random_method():
    # Fisher-Yates from the end: j = int(r * (i + 1)) for i = 2, 1
    assert shuffled(_Fixed([0.0, 0.0]), [1, 2, 3]) == [2, 3, 1]


def test_event_narration():
    e = Event("play", "{seat} plays 7H after {s1}", 0)
    assert e.narrate(["Ann", "Bob"]) == "Ann plays 7H after Bob"
    assert Event("x", "{seat} moves", None).narrate(["Ann"]) == "chance moves"
    assert Event("x", "{s7} broken", 0).narrate(["Ann"]) == "{s7} broken"  # unknown names stay as text
    assert Event("x", "t").data == {}


def test_game_registry_and_seat_range():
    assert get_game("nags") is Nags and GAMES["nags"] is Nags
    with pytest.raises(UnknownGame, match="unknown game"):
        get_game("poker")
    with pytest.raises(UnknownGame, match="unknown game"):
        get_game("chess")
    assert Nags.seat_range_error(3) is None
    assert Nags.seat_range_error(6) == "Nags needs 2 to 5 seats, not 6"
    assert issubclass(Nags, Game)


def test_state_contract_on_nags():
    rng = random.Random(3)
    s = Nags.new_state(NagsVariant(), 3)
    assert isinstance(s, State) and s.to_move == CHANCE and not s.is_over
    assert s.legal_actions() == [] and s.winners() == []
    with pytest.raises(IllegalAction):
        s.apply(Nags.parse_action("turn"))
    hashes = set()
    while not s.is_over:
        if s.to_move == CHANCE:
            s.apply(s.sample_chance(rng))
        else:
            assert s.turn == s.to_move or s.phase == nags.Phase.DIRECTION
            acts = s.legal_actions()
            s.apply(acts[rand_below(rng, len(acts))])
        h = s.state_hash()
        assert re.fullmatch(r"[0-9a-f]{16}", h)
        hashes.add(h)
    assert s.to_move == TERMINAL and s.legal_actions() == []
    assert len(hashes) > 10
    with pytest.raises(IllegalAction):
        s.sample_chance(rng)
    with pytest.raises(IllegalAction, match="over"):
        s.apply(Nags.parse_action("turn"))
    assert s.team_of(2) == 2
    v = s.view(1)
    assert isinstance(v, View) and v.seat == 1 and v.is_over and v.to_move == TERMINAL
    assert s.determinize(1, random.Random(0)).view(1) == v


def test_match_over_fixed_hands_and_target():
    assert not match_over(1, [10, 3], 2, None)
    assert match_over(2, [10, 3], 2, None)
    assert not match_over(5, [99, 3], 2, 100)  # with a target the number of hands is ignored
    assert match_over(1, [100, 3], 2, 100)
    assert not match_over(3, [100, 100], None, 100, unique_leader=True)
    assert match_over(3, [101, 100], None, 100, unique_leader=True)
    with pytest.raises(ValueError, match="hands or a target"):
        match_over(3, [1, 2], None, None)  # would otherwise never end


def test_match_winners_ties_share():
    assert match_winners([3, 7, 7]) == [1, 2]
    assert match_winners([3, 7, 7], highest_wins=False) == [0]
    assert match_winners([-1.5, -1.5]) == [0, 1]
