"""``cardtable host`` and ``cardtable join`` (tui/cli.py): one-line errors, and join opening the
table app with a remote session for the seat (issue 27)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from net.client import RemoteSession
from net.server import TableServer
from net_support import running
from tui.cli import app


@pytest.fixture(autouse=True)
def isolated_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))


def _one_line(result, *fragments: str) -> None:
    assert result.exit_code == 1, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("cardtable: ") and "Traceback" not in result.output, result.output
    for f in fragments:
        assert f in lines[0], lines[0]


def test_join_errors_are_one_line(tmp_path: Path) -> None:
    cli = CliRunner()
    with running(lambda: TableServer.new("noms", ["remote", "ai:easy", "remote", "ai:easy"], seed=1,
                                         log_path=tmp_path / "t.jsonl")) as runner:
        assert runner.server is not None
        url = runner.server.url
        _one_line(cli.invoke(app, ["join", url, "--code", "nope"]), "wrong seat code")
    _one_line(cli.invoke(app, ["join", url, "--code", "nope"]), "cannot reach the table")
    _one_line(cli.invoke(app, ["join", "nowhere", "--code", "x"]), "not a table address")


def test_host_errors_are_one_line(tmp_path: Path) -> None:
    cli = CliRunner()
    _one_line(cli.invoke(app, ["host", "noms", "--seat", "human", "--seat", "ai:easy", "--seat", "ai:easy", "--seat",
                               "ai:easy", "--port", "0"]), "no seat is remote")
    _one_line(cli.invoke(app, ["host", "noms", "--seat", "remote", "--port", "0"]), "4")
    _one_line(cli.invoke(app, ["host", "--resume", str(tmp_path / "none.jsonl")]), "none.jsonl")


def test_join_opens_the_table_with_a_remote_session(tmp_path: Path, monkeypatch) -> None:
    calls: list[dict] = []
    import tui.app
    monkeypatch.setattr(tui.app, "run_app", lambda table=None, **kw: calls.append(kw))
    with running(lambda: TableServer.new("noms", ["remote", "ai:easy", "remote:Bob", "ai:easy"], seed=1,
                                         log_path=tmp_path / "t.jsonl")) as runner:
        assert runner.server is not None
        result = CliRunner().invoke(app, ["join", runner.server.url, "--code", runner.server.codes[2]])
    assert result.exit_code == 0, result.output
    session = calls[0]["session"]
    assert calls[0]["start"] == "table" and isinstance(session, RemoteSession)
    assert session.seat == 2 and session.names[2] == "Bob"
