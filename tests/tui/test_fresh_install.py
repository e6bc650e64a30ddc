"""The app as a player gets it: a fresh venv with ``pip install .`` (no test extras), driven in a
pseudo terminal.

Issue 22: ``cardtable rules GAME`` in a terminal failed on a fresh install ("this install lacks
a part of cardtable (click)"): the pager imported click, which only the test extras bring. The
venv is built once per run (about a minute), so these tests are marked slow."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def fresh_venv(tmp_path_factory) -> Path:
    """A venv with cardtable installed as the README says (``pip install .``: no extras); its ``bin`` folder.
    This run's pip installs into it (``--python``), so the venv needs no pip of its own, and byte-compiles
    nothing in advance (a module is compiled when first imported): the same packages, the module's four
    tests at 11.9 s of CPU instead of 18.6 (2026-11-27)."""
    where = tmp_path_factory.mktemp("fresh") / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(where)], check=True)
    pip = subprocess.run([sys.executable, "-m", "pip", "--python", str(where / "bin" / "python"), "install", "-q",
                          "--no-compile", str(ROOT)], capture_output=True, text=True)
    if pip.returncode != 0:
        pytest.fail(f"pip install . failed: {pip.stderr[-2000:]}")
    return where / "bin"


def run_in_terminal(argv: list[str], env: dict[str, str], answer: bytes = b"q", until: bytes = b"",
                    timeout: float = 60.0) -> tuple[int, str]:
    """Run ``argv`` with a pseudo terminal of 100x30 as its terminal; once its output holds
    ``until``, type ``answer`` (``q`` leaves a pager). Returns the exit code and the output.

    Raises:
        AssertionError: if it runs past ``timeout`` seconds (it is killed).
    """
    pid, fd = pty.fork()
    if pid == 0:
        try:
            os.execve(argv[0], argv, env)
        finally:
            os._exit(127)
    import fcntl
    import struct
    import termios
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    out = bytearray()
    answered = False
    deadline = time.monotonic() + timeout
    try:
        while True:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            if time.monotonic() > deadline:
                os.kill(pid, 9)
                os.waitpid(pid, 0)
                raise AssertionError(f"{argv} still running after {timeout:g} s: {bytes(out[-800:])!r}")
            if select.select([fd], [], [], 0.05)[0]:
                try:
                    out += os.read(fd, 65536)
                except OSError:
                    pass
            if not answered and until in out:
                time.sleep(0.2)
                os.write(fd, answer)
                answered = True
        while select.select([fd], [], [], 0.05)[0]:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
    finally:
        os.close(fd)
    return os.waitstatus_to_exitcode(status), out.decode("utf-8", errors="replace")


def test_the_fresh_install_has_no_click(fresh_venv):
    """The condition of the bug: click is not installed by ``pip install .``."""
    probe = subprocess.run([str(fresh_venv / "python"), "-c", "import click"], capture_output=True, text=True)
    assert probe.returncode != 0 and "No module named 'click'" in probe.stderr


@pytest.mark.parametrize("argv", [["rules", "nags"], ["rules", "nickels", "--full"]])
def test_rules_in_a_terminal_pages_on_a_fresh_install(fresh_venv, tmp_path, argv):
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path), "TERM": "xterm-256color",
           "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data")}
    code, out = run_in_terminal([str(fresh_venv / "cardtable"), *argv], env, until=b"Nags" if argv[1] == "nags"
                                else b"NK-1")
    assert code == 0, out[-2000:]
    assert "lacks a part" not in out and "Traceback" not in out
    assert ("How to play Nags" in out) if argv[1] == "nags" else ("NK-1" in out)


def test_cardtable_web_on_a_fresh_install_names_the_extra_in_one_line(fresh_venv, tmp_path):
    """Issue 27: textual-serve is the web extra, so ``pip install .`` has no ``cardtable web``; it says
    in one line which extra to install (no traceback)."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path),
           "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_DATA_HOME": str(tmp_path / "data")}
    result = subprocess.run([str(fresh_venv / "cardtable"), "web", "--port", "0"], capture_output=True, text=True,
                            env=env, timeout=60)
    assert result.returncode == 1
    assert result.stderr == "cardtable: cardtable web needs the web extra: pip install 'cardtable[web]' " \
                            "(from a clone: pip install '.[web]')\n"
