"""Issue 26, statistics that count partnerships and trust only what verifies: a Nogginate
partnership wins together (NG-54), so a won game is a win for the player with the real margin
(before: a shared win worth 50% with margin +0), and a result line ``replay --verify`` rejects is
not believed (before: the statistics counted it)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from engine.gamelog import verify_log
from engine.session import Session
from engine.stats import LOST, WON, Verdicts, compute_stats, read_record, scan_logs
from tui.cli import app


def nogginate_log(path: Path, seed: int) -> Path:
    """One round of Nogginate (NG-54 ``fixed_rounds`` 1): a human on seat 0 partnered with the bot on seat 2."""
    with Session("nogginate", {"fixed_rounds": 1}, ["human", "ai:easy", "ai:easy", "ai:easy"], seed=seed,
                 log_path=path) as s:
        s.advance()
        while not s.is_over:
            s.act(s.view(s.to_move).legal_actions()[0] if s.is_human(s.to_move) else s.bot_choose())
    return path


def test_a_won_partnership_game_is_a_win_with_the_real_margin(tmp_path):
    """Seed 3: seats 0 and 2 win 775 to -700. Before: shared (credit 0.5), margin +0 (the partner's score)."""
    r = read_record(nogginate_log(tmp_path / "won.jsonl", 3))
    assert r.winners == (0, 2) and r.scores == (775.0, -700.0, 775.0, -700.0)
    assert r.teams == ((0, 2), (1, 3))
    assert (r.outcome, r.credit, r.margin) == (WON, 1.0, 1475.0)


def test_a_lost_partnership_game_is_a_loss_with_the_real_margin(tmp_path):
    r = read_record(nogginate_log(tmp_path / "lost.jsonl", 2))
    assert (r.outcome, r.credit, r.margin) == (LOST, 0.0, -775.0)


def test_the_cli_counts_partnership_wins_as_wins(tmp_path):
    logs = tmp_path / "logs"
    logs.mkdir()
    for seed in (3, 4, 2):  # won, won, lost
        nogginate_log(logs / f"ng-{seed}.jsonl", seed)
    stats = compute_stats(scan_logs(logs))
    t = stats.by_game[0]
    assert (t.won, t.shared, t.lost, t.win_rate) == (2, 0, 1, 2 / 3)
    assert t.best.margin == 1510.0 and t.worst.margin == -775.0
    out = " ".join(CliRunner().invoke(app, ["stats", "--log-dir", str(logs)]).output.split())
    assert "won 2, lost 1" in out and "+1510" in out


def tampered(tmp_path: Path) -> Path:
    """A lost Nogginate game whose result line now names the player's partnership the winners."""
    path = nogginate_log(tmp_path / "logs" / "lost.jsonl", 2)
    lines = path.read_text().splitlines()
    result = json.loads(lines[-1])
    assert result["winners"] == [1, 3]
    lines[-1] = json.dumps({**result, "winners": [0, 2]})
    path.write_text("\n".join(lines) + "\n")
    return path


def test_a_result_line_that_does_not_verify_is_not_believed(tmp_path):
    path = tampered(tmp_path)
    res = verify_log(path)
    assert not res.ok
    scan = scan_logs(path.parent)
    assert scan.records == []
    [(bad, why)] = scan.corrupt
    assert bad == path and why.startswith(f"it does not verify (replay --verify): line {res.line}: ")
    out = " ".join(CliRunner().invoke(app, ["stats", "--log-dir", str(path.parent)]).output.split())
    assert "won 1" not in out and "1 unreadable log skipped" in out


def test_a_verdict_is_cached_by_the_logs_bytes(tmp_path, monkeypatch):
    """Each log is replayed once: the verdict is kept under the SHA-256 of its bytes, and an
    edited log (new bytes) is replayed again."""
    logs = tmp_path / "logs"
    logs.mkdir()
    nogginate_log(logs / "a.jsonl", 3)
    cache = tmp_path / "verdicts.json"
    import engine.gamelog as gamelog
    calls: list[Path] = []
    real = gamelog.verify_log
    monkeypatch.setattr(gamelog, "verify_log", lambda p: (calls.append(p), real(p))[1])
    scan_logs(logs, verdicts=Verdicts(cache))
    scan_logs(logs, verdicts=Verdicts(cache))
    assert len(calls) == 1 and json.loads(cache.read_text())["verdicts"]
    tampered(tmp_path)  # logs/lost.jsonl: new bytes
    scan = scan_logs(logs, verdicts=Verdicts(cache))
    assert len(calls) == 2 and len(scan.corrupt) == 1 and len(scan.records) == 1


def test_the_players_own_finished_games_are_not_replayed_but_an_edited_one_is(tmp_path, monkeypatch):
    """A table that closes a finished log with a human seat notes it verifies (it wrote every line), so
    the statistics screen opens without replaying the player's own games; an edited log is replayed."""
    logs = tmp_path / "logs"
    logs.mkdir()
    nogginate_log(logs / "a.jsonl", 3)
    import engine.gamelog as gamelog
    calls: list[Path] = []
    real = gamelog.verify_log
    monkeypatch.setattr(gamelog, "verify_log", lambda p: (calls.append(p), real(p))[1])
    assert len(scan_logs(logs).records) == 1 and calls == []
    tampered(tmp_path)
    scan = scan_logs(logs)
    assert calls == [logs / "lost.jsonl"] and len(scan.corrupt) == 1
