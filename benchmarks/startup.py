"""Start-up cost of cardtable: CPU time to the first full frame and import time, next to Textual's own.

Usage:
    python benchmarks/startup.py [--repeats 15] [--size 80x24] [--importtime-top 12]

Every case runs in a fresh child process (the interpreter this script runs under, so
a venv's ``python benchmarks/startup.py`` measures that venv), and the cases are
interleaved run by run so that a busy machine slows them alike. The CPU time of a
child is its user + system time from ``os.wait4`` (every thread, interpreter start
included), so each case is comparable with the floor:

=================  ==============================================================
case               what the child does
=================  ==============================================================
floor              ``import textual.app``: Textual's own import (the floor)
bare app frame     a one-widget Textual app, up to its first frame written to the
                   terminal (what any Textual app costs, for reference)
+ typer parse      the floor plus a one-command typer CLI parsing ``play``'s kind of
                   options (typer 0.29 builds a pydantic adapter per parameter: the
                   CLI library's own cost, for reference)
import tui.app     ``import tui.app`` (the app module and what it imports)
--help             ``cardtable --help`` (the installed console script)
play nags frame    ``cardtable play nags --seat human --seat ai:easy --seed 1`` in a
                   pseudo terminal of ``--size``, up to the first frame written while
                   the table shows the dealt position (the table screen has drawn its
                   view); the child is then stopped
=================  ==============================================================

The frame cases run the real app on a real pseudo terminal (Textual's Linux driver);
the child wraps ``App._display`` (the one place Textual writes a frame) to stop at
the first frame of the dealt table. Config and logs go to a temporary home, so the
player's own config and log folder are neither read nor written.

Printed: per case the median CPU seconds with the interquartile range and the
extremes, and per case the run-by-run difference to the floor (median and IQR of
the paired differences). Then ``-X importtime`` of ``import tui.app`` and of
``cardtable --help``: the cumulative import time of the top modules (median over
``--importtime-runs``) and the biggest imports by self time. Nothing is asserted:
these are measurements (issue 22's goals: play to first frame under floor + 0.2 s,
``--help`` under 0.3 s).
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: Child code: stop (exit 0) at the first frame written while the current screen is a
#: table that has drawn its view (``BaseTableScreen._view`` is set by its first redraw).
_TABLE_FRAME_HOOK = """
import os, sys
from textual.app import App
_display = App._display
def _stop_at_table_frame(self, screen, renderable):
    _display(self, screen, renderable)
    if renderable is not None and not self._batch_count and screen is self.screen \\
            and getattr(screen, "_view", None) is not None:
        os._exit(0)
App._display = _stop_at_table_frame
sys.argv[0] = "cardtable"
from tui.cli import main
main()
"""

#: Child code: Textual's import and a one-command typer CLI parsing two options, as ``cardtable play``'s
#: does (typer builds a pydantic TypeAdapter per parameter: what the CLI library costs on its own).
_TEXTUAL_AND_TYPER = """
import textual.app
from pathlib import Path
from typing import Annotated, Optional
import typer
app = typer.Typer(add_completion=False)
@app.command()
def play(game: str, seat: Annotated[Optional[list[str]], typer.Option("--seat")] = None,
         log: Annotated[Optional[Path], typer.Option("--log")] = None) -> None:
    pass
app(["nags", "--seat", "human", "--log", "x"], standalone_mode=False)
"""

#: Child code: a bare Textual app (one Static), stopped at its first frame.
_BARE_APP = """
import os
from textual.app import App
from textual.widgets import Static
class Bare(App):
    def compose(self):
        yield Static("hello")
    def _display(self, screen, renderable):
        super()._display(screen, renderable)
        if renderable is not None and not self._batch_count:
            os._exit(0)
Bare().run()
"""


def _cardtable_script() -> list[str]:
    """The installed ``cardtable`` console script next to this Python, else the same entry point via ``-c``."""
    script = Path(sys.executable).with_name("cardtable")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "import sys; sys.argv[0] = 'cardtable'; from tui.cli import main; main()"]


def _env(home: Path, size: tuple[int, int]) -> dict[str, str]:
    env = dict(os.environ)
    env.update(HOME=str(home), XDG_CONFIG_HOME=str(home / "config"), XDG_DATA_HOME=str(home / "data"),
               XDG_STATE_HOME=str(home / "state"), XDG_CACHE_HOME=str(home / "cache"), TERM="xterm-256color",
               COLUMNS=str(size[0]), LINES=str(size[1]), PYTHONPATH=str(ROOT))
    env.pop("CARDTABLE_ASCII", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # an installed app has its bytecode cached: the warm-up run writes it
    env.pop("TEXTUAL", None)
    return env


def _cpu(rusage: object) -> float:
    return rusage.ru_utime + rusage.ru_stime  # type: ignore[attr-defined]


def run_plain(argv: list[str], env: dict[str, str]) -> float:
    """CPU seconds of ``argv`` run to its end with output discarded.

    Raises:
        RuntimeError: if it exits non-zero.
    """
    proc = subprocess.Popen(argv, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    _pid, status, rusage = os.wait4(proc.pid, 0)
    err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} exited {proc.returncode}: {err.strip()[-400:]}")
    return _cpu(rusage)


def run_in_pty(argv: list[str], env: dict[str, str], size: tuple[int, int], timeout: float = 60.0) -> float:
    """CPU seconds of ``argv`` run in a pseudo terminal of ``size`` (columns, rows), its output
    drained as a terminal would; the child is expected to stop itself (exit 0) at its first frame.

    Raises:
        RuntimeError: if it exits non-zero or runs past ``timeout`` seconds (then it is killed).
    """
    pid, fd = pty.fork()
    if pid == 0:  # the child: the pty is its terminal
        try:
            os.execvpe(argv[0], argv, env)
        finally:
            os._exit(127)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
    deadline = time.monotonic() + timeout
    out = bytearray()
    try:
        while True:
            done, status, rusage = os.wait4(pid, os.WNOHANG)
            if done:
                break
            if time.monotonic() > deadline:
                os.kill(pid, 9)
                os.wait4(pid, 0)
                raise RuntimeError(f"{' '.join(argv)} drew no table frame in {timeout:g} s: "
                                   f"{bytes(out[-400:]).decode(errors='replace')!r}")
            ready, _, _ = select.select([fd], [], [], 0.05)
            if ready:
                try:
                    out += os.read(fd, 65536)
                except OSError:  # the child closed the terminal
                    pass
    finally:
        os.close(fd)
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        raise RuntimeError(f"{' '.join(argv)} exited {code}: {bytes(out[-600:]).decode(errors='replace')!r}")
    return _cpu(rusage)


def quartiles(xs: list[float]) -> tuple[float, float, float]:
    """Lower quartile, median and upper quartile of ``xs`` (``statistics.quantiles``, inclusive)."""
    if len(xs) < 2:
        return xs[0], xs[0], xs[0]
    q1, q2, q3 = statistics.quantiles(xs, n=4, method="inclusive")
    return q1, q2, q3


def importtime(argv: list[str], env: dict[str, str]) -> dict[str, tuple[int, int]]:
    """``-X importtime`` of a child: module -> (self µs, cumulative µs), the first import of each."""
    proc = subprocess.run([sys.executable, "-X", "importtime", *argv], env=env, stdin=subprocess.DEVNULL,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=False)
    out: dict[str, tuple[int, int]] = {}
    for line in proc.stderr.splitlines():
        if not line.startswith("import time:") or "|" not in line:
            continue
        parts = line[len("import time:"):].split("|")
        try:
            own, cum = int(parts[0]), int(parts[1])
        except ValueError:  # the column titles
            continue
        out.setdefault(parts[2].strip(), (own, cum))
    return out


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--repeats", type=int, default=15, help="runs of each case (default 15)")
    p.add_argument("--size", default="80x24", help="terminal size of the frame cases, COLSxROWS (default 80x24)")
    p.add_argument("--importtime-runs", type=int, default=5, help="-X importtime runs per command (default 5)")
    p.add_argument("--importtime-top", type=int, default=12, help="biggest imports listed (default 12)")
    a = p.parse_args(argv)
    cols, rows = (int(x) for x in a.size.lower().split("x"))
    size = (cols, rows)
    with tempfile.TemporaryDirectory(prefix="cardtable-startup-") as tmp:
        home = Path(tmp)
        env = _env(home, size)
        script = _cardtable_script()
        py = sys.executable
        cases: dict[str, object] = {
            "floor: import textual.app": lambda: run_plain([py, "-c", "import textual.app"], env),
            "bare Textual app to frame": lambda: run_in_pty([py, "-c", _BARE_APP], env, size),
            "textual.app + typer parse": lambda: run_plain([py, "-c", _TEXTUAL_AND_TYPER], env),
            "import tui.app": lambda: run_plain([py, "-c", "import tui.app"], env),
            "cardtable --help": lambda: run_plain([*script, "--help"], env),
        }
        counter = iter(range(10**6))

        def play() -> float:
            log = home / f"play-{next(counter)}.jsonl"
            return run_in_pty([py, "-c", _TABLE_FRAME_HOOK, "play", "nags", "--seat", "human", "--seat",
                               "ai:easy", "--seed", "1", "--log", str(log)], env, size)

        cases["play nags to table frame"] = play
        times: dict[str, list[float]] = {name: [] for name in cases}
        for fn in cases.values():  # warm the file cache once, untimed
            fn()  # type: ignore[operator]
        for _ in range(a.repeats):
            for name, fn in cases.items():
                times[name].append(fn())  # type: ignore[operator]
        floor = times["floor: import textual.app"]
        print(f"cardtable start-up, Python {sys.version.split()[0]}, {a.repeats} runs per case, "
              f"terminal {cols}x{rows}, CPU seconds (user + system) of a fresh process")
        print(f"  {'case':28s} {'median':>7s} {'IQR':>15s} {'min..max':>15s}   {'minus floor: median':>19s} "
              f"{'IQR':>15s}")
        for name, xs in times.items():
            q1, q2, q3 = quartiles(xs)
            line = f"  {name:28s} {q2:7.3f} {q1:7.3f}-{q3:<7.3f} {min(xs):7.3f}-{max(xs):<7.3f}"
            if xs is not floor:
                d1, d2, d3 = quartiles([x - f for x, f in zip(xs, floor)])
                line += f"   {d2:19.3f} {d1:7.3f}-{d3:<7.3f}"
            print(line)
        for label, cmd in (("import tui.app", ["-c", "import tui.app"]),
                           ("cardtable --help", ["-c", "import sys; sys.argv[0] = 'cardtable'; "
                                                       "from tui.cli import main; main()", "--help"])):
            runs = [importtime(cmd, env) for _ in range(a.importtime_runs)]
            med = {m: (statistics.median(r[m][0] for r in runs if m in r),
                       statistics.median(r[m][1] for r in runs if m in r)) for m in runs[0]}
            print(f"\n-X importtime, {label} (median of {a.importtime_runs} runs, ms; instrumented, so "
                  "slower than the CPU times above)")
            top = [m for m in ("textual.app", "rich.markdown", "engine.games", "engine.config", "tui.app",
                               "tui.cli", "typer") if m in med]
            print("  cumulative: " + ", ".join(f"{m} {med[m][1] / 1000:.0f}" for m in top))
            ours = sorted(((v[0], m) for m, v in med.items() if m.split(".")[0] in ("engine", "tui", "themes")),
                          reverse=True)[:a.importtime_top]
            print("  our modules by self time: " + ", ".join(f"{m} {us / 1000:.1f}" for us, m in ours))
            loaded = sorted(m for m in med if m.startswith("engine.games.") and m.count(".") == 2)
            print(f"  game packages imported: {', '.join(loaded) or 'none'}")


if __name__ == "__main__":
    main()
