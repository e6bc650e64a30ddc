"""``cardtable analyse`` (tui/cli.py, issue 28): the marks and the summary, the deal replayed,
and one-line errors for a bad log, seat or level."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from engine.seats import SeatSpec
from engine.sim import run_sim
from tui.cli import app


@pytest.fixture(autouse=True)
def isolated_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))


@pytest.fixture(scope="module")
def nags_log(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("logs")
    run_sim("nags", None, [SeatSpec.parse("ai:easy")] * 3, 1, 11, log_dir=folder)
    return folder / "game-00000.jsonl"


def one_line_error(result, *fragments: str) -> str:
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    [line] = result.output.strip().splitlines()
    assert line.startswith("cardtable: ")
    for f in fragments:
        assert f in line, line
    return line


def test_analyse_prints_the_decisions_and_the_summary(nags_log):
    result = CliRunner().invoke(app, ["analyse", str(nags_log), "--seat", "1", "--budget", "3", "--all"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Decisions" in out and "verdict" in out and "By kind of decision" in out
    assert "plays" in out and "buying horses" in out and "points lost" in out
    assert "Seat 1 (" in out and "real decision" in out and "forced moves not counted" in out
    assert "(3 samples a decision)" in out


def test_analyse_deal_replay_puts_a_bot_in_the_seat(nags_log):
    result = CliRunner().invoke(app, ["analyse", str(nags_log), "--deal-replay", "easy", "--times", "2"])
    assert result.exit_code == 0, result.output
    lines = result.output.strip().splitlines()
    assert lines[0].startswith("The deal of game-00000.jsonl, 1 hand, seat 0") and "other seats: ai:easy" in lines[0]
    assert lines[1].startswith("you scored ") and "easy in your seat scored" in lines[1]
    assert "over 2 replays" in lines[1]


def test_analyse_errors_are_one_line(nags_log, tmp_path):
    runner = CliRunner()
    one_line_error(runner.invoke(app, ["analyse", str(tmp_path / "gone.jsonl")]), "no such log file")
    one_line_error(runner.invoke(app, ["analyse", str(nags_log), "--seat", "5"]), "seat 5 is not in this game")
    one_line_error(runner.invoke(app, ["analyse", str(nags_log), "--deal-replay", "expert"]), "no expert bot for nags")
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"type": "header"}\n')
    one_line_error(runner.invoke(app, ["analyse", str(bad)]), "bad.jsonl: line 1:")
    cut = tmp_path / "cut.jsonl"
    lines = nags_log.read_text().splitlines(keepends=True)
    n = sum('"type": "action"' in line for line in lines[:6])
    cut.write_text("".join(lines[:6]) + f'{{"type": "action", "n": {n + 1}, "actor": 0, "action": "play ZZ"}}\n')
    one_line_error(runner.invoke(app, ["analyse", str(cut)]), "cut.jsonl: line 7: cannot read the action")


def test_analyse_warns_of_a_bad_line_and_weighs_the_lines_before_it(nags_log, tmp_path):
    cut = tmp_path / "cut.jsonl"
    cut.write_text(nags_log.read_text() + "not json\n")
    result = CliRunner().invoke(app, ["analyse", str(cut), "--budget", "2"])
    assert result.exit_code == 0, result.output
    assert result.stderr.startswith("cardtable: ") and "cut.jsonl: line" in result.stderr
    assert "analysing the lines before it" in result.stderr and "By kind of decision" in result.stdout
