"""``cardtable host`` as a real process: killed with SIGKILL mid-match and started again with
``--resume``, it loses no action, and the remote seats reconnect with the same codes (issue 27)."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine import gamelog
from net.server import codes_path
from net_support import in_threads, play_seat, tapped_join

CONFIG = "[rules.noms]\ntarget = 20\nstop_when_decided = true\n"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _host(args: list[str], out: Path) -> tuple[subprocess.Popen, list[str]]:
    """Start ``cardtable host ARGS --headless`` and read its join lines."""
    f = open(out, "w")
    proc = subprocess.Popen([sys.executable, "-m", "tui.cli", "host", *args, "--headless"], stdout=f,
                            stderr=subprocess.STDOUT, text=True)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        text = out.read_text()
        if "Serving until" in text:
            return proc, re.findall(r"cardtable join (\S+) --code (\S+)", text)
        assert proc.poll() is None, text
        time.sleep(0.05)
    proc.kill()
    raise AssertionError("the host did not start: " + out.read_text())


def _actions(log: Path) -> list[tuple]:
    return [(e["actor"], e["action"]) for e in gamelog.read_log(log).entries if e["type"] == "action"]


@pytest.mark.slow  # a crash kill: two host processes, about 6 s of wall time
def test_a_host_killed_with_sigkill_and_resumed_loses_no_action(tmp_path: Path) -> None:
    log, port = tmp_path / "t.jsonl", _free_port()
    (tmp_path / "c.toml").write_text(CONFIG)
    proc, lines = _host(["noms", "--seat", "remote:Ann", "--seat", "ai:easy", "--seat", "remote:Bob", "--seat",
                         "ai:easy", "--port", str(port), "--log", str(log), "--seed", "3",
                         "--config", str(tmp_path / "c.toml")], tmp_path / "out1")
    assert len(lines) == 2 and codes_path(log).exists()
    (url, code_a), (_, code_b) = lines
    a, b = tapped_join(url, code_a), tapped_join(url, code_b)
    state: dict = {}

    def kill_then_restart(step: int) -> None:
        if step == 12:
            state["before"] = _actions(log)
            state["seen"] = len(a.history)
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait()
            state["proc"], state["lines"] = _host(["--resume", str(log), "--port", str(port)], tmp_path / "out2")

    try:
        in_threads(lambda: play_seat(a, 1, between=kill_then_restart), lambda: play_seat(b, 2), timeout=90)
    finally:
        for p in (proc, state.get("proc")):
            if p is not None and p.poll() is None:
                p.kill()
                p.wait()
    assert a.is_over and b.is_over
    assert state["lines"] == lines  # the same join lines (the same codes) after the restart
    after = _actions(log)
    assert len(state["before"]) >= state["seen"] > 0
    assert after[:len(state["before"])] == state["before"]  # no action lost (nor changed)
    assert gamelog.verify_log(log).ok
    assert sum(1 for m in a.messages if m["type"] == "welcome") >= 2
    a.close()
    b.close()
