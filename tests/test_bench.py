"""benchmarks/bench.py: where ``--peers`` finds the peer venv's Python."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "benchmarks" / "bench.py"


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
