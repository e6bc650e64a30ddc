"""Issue 15: a log cut after the match's last action and before its result line.

Resuming it writes the missing check, score and result lines and says the match
had already ended (before the fix, resume said it resumed and left the log
unfinished for ever)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from engine.gamelog import read_log, verify_log
from engine.session import Session
from tui import cli

GAMES = [("nags", {"match_games": 2}, ["ai:random"] * 3),
         ("noms", {"target": 10}, ["ai:random"] * 4),
         ("spite_malice", {"stock_count": 2, "match_to": 1}, ["ai:easy"] * 2)]


def finished_log(tmp_path: Path, game_id: str, rules: dict, seats: list[str]) -> Path:
    path = tmp_path / f"{game_id}.jsonl"
    with Session(game_id, rules, seats, seed=7, log_path=path) as s:
        s.advance()
        while not s.is_over:
            s.act(s.bot_choose())
    return path


def cut_points(path: Path) -> list[int]:
    """Line counts to keep: every cut after the last action line and before the end."""
    lines = path.read_text().splitlines()
    last_action = max(i for i, t in enumerate(lines, 1) if json.loads(t)["type"] == "action")
    return list(range(last_action, len(lines)))


@pytest.mark.parametrize("game_id,rules,seats", GAMES, ids=[g[0] for g in GAMES])
def test_resume_of_a_log_cut_before_its_result_line_completes_it(tmp_path, game_id, rules, seats):
    whole = finished_log(tmp_path, game_id, rules, seats)
    full = whole.read_text()
    cuts = cut_points(whole)
    assert len(cuts) >= 3  # the last action ends a hand: check, score, result follow
    for keep in cuts:
        part = tmp_path / f"cut{keep}.jsonl"
        part.write_text("".join(full.splitlines(keepends=True)[:keep]))
        assert not verify_log(part).finished
        r = Session.resume(part)
        assert r.ended_before_resume and r.is_over
        assert "already ended" in r.narration[-1]
        r.close()
        v = verify_log(part)
        assert v.ok and v.finished, (keep, v)
        assert part.read_text() == full  # exactly the lines the uninterrupted match wrote


def test_cli_resume_says_the_match_had_already_ended(tmp_path, monkeypatch):
    whole = finished_log(tmp_path, *GAMES[0])
    part = tmp_path / "part.jsonl"
    part.write_text("".join(whole.read_text().splitlines(keepends=True)[:cut_points(whole)[0]]))
    calls = []
    monkeypatch.setattr(cli, "_run_app", lambda *a, **k: calls.append(k))
    result = CliRunner().invoke(cli.app, ["resume", str(part)])
    assert result.exit_code == 0, result.output
    assert "had already ended" in result.output and calls == []
    assert read_log(part).finished and verify_log(part).ok


def test_a_running_match_is_not_marked_ended(tmp_path):
    whole = finished_log(tmp_path, *GAMES[0])
    part = tmp_path / "part.jsonl"
    part.write_text("".join(whole.read_text().splitlines(keepends=True)[:20]))
    r = Session.resume(part)
    assert not r.ended_before_resume and not r.is_over
    r.close()
