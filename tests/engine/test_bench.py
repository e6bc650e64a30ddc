"""benchmarks/bench.py: where ``--peers`` finds the peer venv's Python."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench.py"


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("cardtable_bench", BENCH)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_peer_python_comes_from_the_option_then_the_environment(bench, tmp_path):
    py = tmp_path / "python"
    py.write_text("")
    other = tmp_path / "other"
    other.write_text("")
    assert bench.peer_python(py, {}) == (py, None)
    assert bench.peer_python(None, {bench.PEER_PYTHON_ENV: str(other)}) == (other, None)
    assert bench.peer_python(py, {bench.PEER_PYTHON_ENV: str(other)}) == (py, None)  # the option wins


def test_a_missing_peer_python_names_the_command_that_makes_it(bench, tmp_path):
    for option, env in ((None, {}), (tmp_path / "nope", {}), (None, {bench.PEER_PYTHON_ENV: str(tmp_path / "no")})):
        path, msg = bench.peer_python(option, env)
        assert path is None
        assert "python3 -m venv" in msg and "pip install open_spiel rlcard" in msg
        assert "--peer-python" in msg and bench.PEER_PYTHON_ENV in msg


def test_peers_without_a_python_stop_before_measuring(bench, monkeypatch, capsys):
    monkeypatch.delenv(bench.PEER_PYTHON_ENV, raising=False)
    monkeypatch.setattr(bench, "bench_game", lambda *a: pytest.fail("measured without a peer Python"))
    assert bench.main(["--game", "nags", "--seconds", "0.01", "--peers"]) == 2
    assert "pip install open_spiel rlcard" in capsys.readouterr().err


def test_no_machine_specific_peer_path_in_the_repository():
    root = BENCH.parent.parent
    for path in (BENCH, root / "benchmarks" / "README.md", root / "README.md"):
        assert "/work/peer-venv" not in path.read_text(), path
    assert sys.executable  # the benchmark itself runs with any Python


OPENSPIEL_OUT = ("nags (shedding/stops)            crazy_eights(players=4)       400.0 games/s      30000 actions/s\n"
                 "nickels (rummy)                  gin_rummy                     329.5 games/s      52633 actions/s\n")
RLCARD_OUT = "gin-rummy       100.4 games/s     12104 actions/s\nuno              50.0 games/s      9000 actions/s\n"


def test_peer_rates_are_read_from_the_peer_scripts_lines(bench):
    assert bench.peer_rate(OPENSPIEL_OUT, "gin_rummy") == 52633
    assert bench.peer_rate(RLCARD_OUT, "gin-rummy") == 12104
    assert bench.peer_rate(RLCARD_OUT, "gin_rummy") is None
    assert bench.peer_rate("", "gin-rummy") is None


def test_nickels_is_compared_with_both_gin_rummy_peers(bench):
    ours = {"nickels": {"games": 5.0, "actions": 24208.0, "steps": 30000.0}}
    lines = bench.compare_lines(ours, {"openspiel_peers.py": OPENSPIEL_OUT, "rlcard_peers.py": RLCARD_OUT})
    assert len(lines) == 2
    assert "30000 steps/s = 0.57 x gin_rummy" in lines[0]  # OpenSpiel counts chance steps: our steps
    assert "24208 actions/s = 2.00 x gin-rummy" in lines[1]  # RLCard counts player actions: our actions
    assert bench.compare_lines(ours, {"rlcard_peers.py": "failed"}) == []
    assert bench.compare_lines({}, {"rlcard_peers.py": RLCARD_OUT}) == []


def test_the_nickels_bench_plays_four_seat_matches_and_says_hard_search_is_missing(bench, capsys):
    rates = bench.bench_game("nickels", 4, 0.01)
    out = capsys.readouterr().out
    assert "Nickels, 4 seats" in out and "random playout" in out and "games/s" in out
    assert rates["games"] > 0 and rates["steps"] > rates["actions"] > 0
    from engine.games import levels_for
    if "hard" not in levels_for("nickels"):
        assert "hard search" in out and "no hard level yet" in out
    else:
        assert "iterations/s" in out


def test_nogginate_is_compared_with_gin_rummy(bench):
    ours = {"nogginate": {"games": 0.5, "actions": 10000.0, "steps": 13000.0}}
    lines = bench.compare_lines(ours, {"openspiel_peers.py": OPENSPIEL_OUT})
    assert lines == ["vs: Nogginate 13000 steps/s = 0.25 x gin_rummy (openspiel_peers.py) 52633 actions/s"]


def test_the_nogginate_bench_plays_matches_and_rounds_and_skips_missing_bot_levels(bench, capsys):
    rates = bench.bench_game("nogginate", 2, 0.01)  # 2 seats: a match to 10,000 ends in about a dozen rounds
    out = capsys.readouterr().out
    assert "Nogginate, 2 seats" in out and "random playout (fixed_rounds=1)" in out
    assert "random playout (fixed_rounds=1, use_cheat_cards=True)" in out
    assert "is_legal (a legal action)" in out
    assert rates["games"] > 0 and rates["steps"] > rates["actions"] > 0
    from engine.games import levels_for
    for level, line in (("easy", "easy bot decision"), ("hard", "hard search")):
        assert line in out
        assert ("no " + level + " level yet" in out) == (level not in levels_for("nogginate")), level


def test_the_nogginate_speed_cases_rebuild(bench):
    """Issue 25's worst positions rebuild: each is a meld phase with a legal list, after a partner's yes where
    its name says so."""
    for name, build in bench.SPEED_CASES["nogginate"]:
        s = build()
        assert s.legal_actions(), name
        assert (s.permission == 1) == name.startswith("after a yes"), name
