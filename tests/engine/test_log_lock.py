"""Issue 26, one writer per log: a table that opens a log takes an OS file lock
(``engine.gamelog.LogLock``, ``filelock``); a second opener, in this process or another, is
told which process holds it and may only replay it. Before, two ``cardtable resume`` of the
same log interleaved their lines and the log failed verification."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from engine.gamelog import LogInUse, LogLock, verify_log
from engine.session import Session, plan_resume
from tui.cli import app

ROOT = Path(__file__).resolve().parents[2]


def unfinished_log(tmp_path: Path) -> Path:
    """A Nags log stopped part way (three bots), closed as a table closes it."""
    path = tmp_path / "part.jsonl"
    with Session("nags", {"match_games": 2}, ["ai:random"] * 3, seed=4, log_path=path) as s:
        s.advance()
        for _ in range(10):
            s.act(s.bot_choose())
    return path


def play_on(session: Session, moves: int) -> None:
    for _ in range(moves):
        if session.is_over:
            return
        session.act(session.bot_choose())


def test_two_resumes_of_one_log_in_one_process_cannot_interleave(tmp_path):
    """The reported failure, in one process: the second resume is refused, so the log still verifies."""
    path = unfinished_log(tmp_path)
    first = Session.resume(path)
    with pytest.raises(LogInUse, match=f"process {os.getpid()}.*one writer.*cardtable replay"):
        Session.resume(path)
    play_on(first, 30)
    first.close()
    assert verify_log(path).ok
    with Session.resume(path) as again:  # closed: free again
        play_on(again, 5)
    assert verify_log(path).ok


HOLDER = """
import sys, time
from engine.session import Session
s = Session.resume(sys.argv[1])
print("held", flush=True)
time.sleep(60)
"""


@pytest.fixture
def holder(tmp_path):
    """Another process resuming the log and holding it; yields (log, process)."""
    path = unfinished_log(tmp_path)
    proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)], stdout=subprocess.PIPE, text=True,
                            cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        assert proc.stdout.readline().strip() == "held"
        yield path, proc
    finally:
        proc.kill()
        proc.wait()


def test_a_second_process_is_told_which_process_holds_the_log_and_may_only_replay(holder):
    path, proc = holder
    result = CliRunner().invoke(app, ["resume", str(path)])
    assert result.exit_code == 1
    assert f"process {proc.pid}" in result.output and f"cardtable replay {path}" in result.output
    plan = plan_resume(path)
    assert plan.in_use and plan.refusal and plan.up_to_line is None
    assert CliRunner().invoke(app, ["replay", "--verify", str(path)]).output.strip() == "ok"  # reading is free
    with pytest.raises(LogInUse, match=f"process {proc.pid}"):
        Session.resume(path)


def test_a_killed_holder_leaves_the_log_free(holder):
    """The OS drops the lock of a process killed with SIGKILL: no stale lock blocks a resume."""
    path, proc = holder
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    deadline = time.monotonic() + 5
    while True:
        try:
            s = Session.resume(path)
            break
        except LogInUse:
            assert time.monotonic() < deadline
            time.sleep(0.05)
    play_on(s, 5)
    s.close()
    assert verify_log(path).ok


def test_a_new_log_is_locked_while_its_table_plays_and_the_lock_file_goes_with_it(tmp_path):
    path = tmp_path / "new.jsonl"
    s = Session("nags", None, ["ai:random"] * 3, seed=1, log_path=path)
    s.advance()  # the log is made at the first action (the deal)
    lock_file = path.with_name(path.name + ".lock")
    assert lock_file.read_text().strip() == str(os.getpid())
    with pytest.raises(LogInUse):
        LogLock(path).acquire()
    s.close()
    assert not lock_file.exists()
    LogLock(path).acquire().release()


def test_the_app_opens_a_log_in_use_as_a_replay(holder, monkeypatch):
    """The app's Resume of a log another table writes shows its replay and names the process."""
    path, proc = holder
    from tui.app import CardtableApp
    from tui.screens.replay import ReplayScreen
    app_ = CardtableApp.__new__(CardtableApp)
    pushed, notes = [], []
    monkeypatch.setattr(CardtableApp, "running_session", lambda self: None)
    monkeypatch.setattr(CardtableApp, "push_screen", lambda self, screen, *a, **k: pushed.append(screen))
    monkeypatch.setattr(CardtableApp, "notify", lambda self, text, **k: notes.append(text))
    assert app_.open_log(path, resume=True)
    assert isinstance(pushed[0], ReplayScreen) and f"process {proc.pid}" in notes[0]
