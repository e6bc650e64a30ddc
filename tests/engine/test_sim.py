"""The headless simulator (engine/sim.py): statistics, seeding, logs, errors."""

from __future__ import annotations

import json
import random

import pytest

from engine.ai.base import RandomBot
from engine.games import make_bot
from engine.core import State, View
from engine.games.nags.game import Nags, NagsVariant
from engine.seats import SeatSpec
from engine.sim import SimError, play_game, run_sim, wilson_interval

EASY = SeatSpec.parse("ai:easy")
RAND = SeatSpec.parse("ai:random")


# -- Wilson interval ------------------------------------------------------------

@pytest.mark.parametrize("k, n, lo, hi", [
    (5, 10, 0.2366, 0.7634),   # textbook values (Wilson 1927, z = 1.96)
    (0, 10, 0.0, 0.2775),
    (10, 10, 0.7225, 1.0),
    (50, 100, 0.4038, 0.5962),
    (1, 3, 0.0615, 0.7923),
])
def test_wilson_interval_known_values(k, n, lo, hi):
    got = wilson_interval(k, n)
    assert got == pytest.approx((lo, hi), abs=1e-4)


def test_wilson_interval_fractional_and_edges():
    lo, hi = wilson_interval(2.5, 7)  # shared wins count 1/k (NA-21)
    assert 0 < lo < 2.5 / 7 < hi < 1
    assert wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson_interval(11, 10)
    with pytest.raises(ValueError):
        wilson_interval(-1, 10)


def test_wilson_interval_narrows_with_more_games():
    w1 = wilson_interval(30, 100)
    w2 = wilson_interval(300, 1000)
    assert w2[1] - w2[0] < w1[1] - w1[0]


# -- run_sim --------------------------------------------------------------------

def test_rows_shape_and_shared_wins_sum_to_games():
    r = run_sim("nags", None, [EASY, RAND, RAND], 40, seed=5)
    rows = r.rows
    assert [row["seat"] for row in rows] == [0, 1, 2]
    assert [row["spec"] for row in rows] == ["ai:easy", "ai:random", "ai:random"]
    assert all(row["games"] == 40 for row in rows)
    # NA-21: ties share the win, so the wins of all seats add up to the games played.
    assert sum(row["wins"] for row in rows) == pytest.approx(40)
    for row in rows:
        assert row["win_rate"] == pytest.approx(row["wins"] / 40)
        lo, hi = row["win_rate_ci"]
        assert lo <= row["win_rate"] <= hi
        assert row["mean_score"] >= 0  # Nags points are never negative without NA-25 purchases
    assert r.actions > 0 and r.chance_steps > 0


def test_same_seed_same_result_other_seed_other_games():
    a = run_sim("nags", None, [EASY, RAND], 30, seed=123)
    b = run_sim("nags", None, [EASY, RAND], 30, seed=123)
    c = run_sim("nags", None, [EASY, RAND], 30, seed=124)
    assert a.rows == b.rows and a.actions == b.actions and a.chance_steps == b.chance_steps
    assert (a.rows, a.actions) != (c.rows, c.actions)


def test_game_g_uses_its_own_seeds(tmp_path):
    """Game g draws chance from Random(f"{seed}:{g}") and seat i from Random(f"{seed}:{g}:{i}")."""
    seats = [EASY, RAND, RAND]
    r = run_sim("nags", None, seats, 4, seed=9, log_dir=tmp_path)
    for g in (0, 3):
        state = Nags.new_state(NagsVariant(), 3)
        bots = [make_bot("nags", s.level) for s in seats]
        play_game(state, bots, random.Random(f"9:{g}"), [random.Random(f"9:{g}:{i}") for i in range(3)])
        lines = [json.loads(x) for x in r.logs[g].read_text().splitlines()]
        result = lines[-1]
        assert result["type"] == "result"
        assert result["hash"] == state.state_hash()
        assert result["scores"] == state.scores()
        assert lines[0]["seed"] == f"9:{g}"


def test_mean_score_and_wins_match_the_logs(tmp_path):
    variant = NagsVariant(match_games=2, buying_horses=True)  # NA-21, NA-25
    r = run_sim("nags", variant, [EASY, RAND], 6, seed=2, log_dir=tmp_path)
    assert len(r.logs) == 6 and all(p.parent == tmp_path for p in r.logs)
    results = [json.loads(p.read_text().splitlines()[-1]) for p in r.logs]
    for seat in (0, 1):
        mean = sum(res["scores"][seat] for res in results) / 6
        wins = sum(1 / len(res["winners"]) for res in results if seat in res["winners"])
        assert r.rows[seat]["mean_score"] == pytest.approx(mean)
        assert r.rows[seat]["wins"] == pytest.approx(wins)


def test_logs_verify_by_replay(tmp_path):
    from engine.gamelog import read_log, verify_log
    variant = NagsVariant(match_games=2, buying_horses=True, direction_mode="choice")
    r = run_sim("nags", variant, [EASY, RAND, EASY], 3, seed=4, log_dir=tmp_path)
    for p in r.logs:
        res = verify_log(p)
        assert res.ok and res.finished, res.reason
        log = read_log(p)
        kinds = [e["type"] for e in log.entries]
        assert kinds.count("check") == 2 and kinds.count("score") == 2  # one per game of the match
        assert log.header["seats"][0]["spec"] == "ai:easy"


def test_progress_is_called_once_per_game():
    seen = []
    run_sim("nags", None, [RAND, RAND], 5, seed=1, progress=seen.append)
    assert seen == [1, 2, 3, 4, 5]


@pytest.mark.parametrize("seats, games, needle", [
    ([SeatSpec.parse("human"), RAND], 3, "human"),
    ([RAND], 3, "2 to 5 seats"),
    ([RAND] * 6, 3, "2 to 5 seats"),
    ([SeatSpec.parse("ai:grandmaster"), RAND], 3, "grandmaster"),
    ([RAND, RAND], 0, "at least one game"),
])
def test_bad_requests_raise_one_sentence(seats, games, needle):
    with pytest.raises(SimError) as err:
        run_sim("nags", None, seats, games, seed=1)
    assert needle in str(err.value) and "\n" not in str(err.value)


def test_bots_are_handed_views_never_states():
    class Spy(RandomBot):
        def __init__(self):
            self.calls = 0

        def choose(self, view, legal, rng):
            assert isinstance(view, View) and not isinstance(view, State)
            assert list(legal) == view.legal_actions() and legal
            self.calls += 1
            return super().choose(view, legal, rng)

    spies = [Spy(), Spy(), Spy()]
    state = Nags.new_state(NagsVariant(), 3)
    decisions, chances = play_game(state, spies, random.Random(1), [random.Random(i) for i in range(3)])
    assert state.is_over
    assert decisions == sum(s.calls for s in spies) > 0
    assert chances >= 6  # dealer, four runners (NA-5), the deal (NA-6)


def test_outright_wins_and_shared_wins_are_counted_apart():
    """A drawn Spite & Malice game (SM-15) is a shared win: it counts 1/2 to each
    seat's wins and 1 to each seat's ``ties``, never to ``outright``."""
    r = run_sim("spite_malice", None, [EASY, RAND], 40, seed=3)
    a, b = r.rows
    assert a["ties"] == b["ties"] > 0
    assert a["outright"] + b["outright"] + a["ties"] == 40
    assert a["wins"] == pytest.approx(a["outright"] + a["ties"] / 2)
