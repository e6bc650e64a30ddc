"""Crash safety, measured (issue 15): a bot-only match is killed with SIGKILL at random moments
(a signal it cannot catch), across every registered game, and each time

* the log verifies up to its last complete line (a line cut off by the kill is the only bad one);
* nothing is lost: every action the program had carried out (it notes each in a second file
  once ``Session.act`` returns) is in the log, and the logged actions are exactly the first
  actions of the same match played without a kill (same seed, seats and rules);
* resume continues from the right action: the resumed session's history is every logged
  action, its state is the log's replayed state, and the finished log verifies with the
  logged actions first.

The kill lands after a random number of log lines (in the first 80% before the match's last action: a cut
between the last action and the result line is resumed by ``Session.resume`` itself, tested
with the rest of resume) plus a random sub-millisecond delay, so it falls anywhere in the
writing of a line or between lines.
"""

from __future__ import annotations

import pytest
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from engine.games import GAMES
from engine.gamelog import read_log, rebuild, verify_log
from engine.session import Session

pytestmark = pytest.mark.slow  # a slow family: the inner loop runs -m 'not slow'

ROOT = Path(__file__).resolve().parents[2]
#: Kills that must land while the match is running.
KILLS = 24
#: A bot-only match, played to its end with the log written by ``Session``; after every move it
#: notes in a second file how many actions it has carried out (for "nothing lost").
SCRIPT = """
import sys
from pathlib import Path
from engine.session import Session
game, seed, path, seats = sys.argv[1], int(sys.argv[2]), Path(sys.argv[3]), sys.argv[4].split(",")
done = open(sys.argv[5], "w")
s = Session(game, None, seats, seed=seed, log_path=path)
s.advance()
while not s.is_over:
    s.act(s.bot_choose())
    print(len(s.history), file=done, flush=True)  # actions the program has carried out
s.close()
"""


def _seats(game_id: str) -> list[str]:
    game = GAMES[game_id]
    n = min(game.max_seats, max(game.min_seats, 3))
    return ["ai:easy"] + ["ai:random"] * (n - 1)


def _reference(game_id: str, seed: int, path: Path) -> tuple[list[tuple], int]:
    """The same match played in this process without a kill: its history and the line
    number of its last action line."""
    s = Session(game_id, None, _seats(game_id), seed=seed, log_path=path)
    s.advance()
    while not s.is_over:
        s.act(s.bot_choose())
    s.close()
    lines = path.read_text().splitlines()
    last_action = max(i for i, line in enumerate(lines, start=1) if json.loads(line)["type"] == "action")
    return list(s.history), last_action


def _lines(path: Path) -> int:
    try:
        return path.read_bytes().count(b"\n")
    except FileNotFoundError:
        return 0


def _kill_during(game_id: str, seed: int, path: Path, done: Path, target: int, rng: random.Random) -> bool:
    """Run the match in a subprocess and SIGKILL it once its log has ``target`` lines
    (plus a random delay under a millisecond). False if it ended before the kill."""
    proc = subprocess.Popen([sys.executable, "-c", SCRIPT, game_id, str(seed), str(path),
                             ",".join(_seats(game_id)), str(done)], cwd=ROOT, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    try:
        while proc.poll() is None and _lines(path) < target:
            time.sleep(0.0005)
        time.sleep(rng.random() * 0.001)
        if proc.poll() is not None:
            assert proc.returncode == 0, proc.stderr.read().decode()
            return False
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
        return proc.returncode == -signal.SIGKILL
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stderr.close()


def test_a_killed_bot_match_loses_nothing_and_resumes_from_the_right_action(tmp_path):
    games = sorted(GAMES)
    kills, cut_lines, trial, per_game = 0, 0, 0, dict.fromkeys(games, 0)
    started = time.monotonic()
    while kills < KILLS:
        trial += 1
        assert trial <= 3 * KILLS, f"only {kills} of {trial - 1} kills landed while the match ran"
        game_id, seed = min(games, key=per_game.__getitem__), 500 + trial  # the game killed least so far
        rng = random.Random(trial)
        history, last_action = _reference(game_id, seed, tmp_path / f"ref-{trial}.jsonl")
        path = tmp_path / f"kill-{trial}.jsonl"
        done = tmp_path / f"done-{trial}.txt"
        if not _kill_during(game_id, seed, path, done, 2 + int(rng.random() * 0.8 * (last_action - 2)), rng):
            path.unlink(missing_ok=True)
            continue
        log = read_log(path)
        if len(log.effective_actions()) == len(history):
            continue  # the kill came after the last action (resume's own tests cover that cut)
        kills += 1
        per_game[game_id] += 1
        where = f"{game_id} seed {seed} (trial {trial})"
        # Only a line cut off by the kill may be bad, and only the last one.
        assert log.good_prefix_lines >= log.total_lines - 1, (where, log.errors)
        if log.errors:
            cut_lines += 1
            assert [e.line for e in log.errors] == [log.total_lines], (where, log.errors)
            assert "cut off" in log.errors[0].message, (where, log.errors)
        prefix = tmp_path / f"prefix-{trial}.jsonl"
        prefix.write_text("".join(path.read_text().splitlines(keepends=True)[:log.good_prefix_lines]))
        result = verify_log(prefix)
        assert result.ok and not result.finished, (where, result.reason)
        logged = [(actor, notation) for _, actor, notation in log.effective_actions()]
        assert logged == history[:len(logged)], f"{where}: the log is not the match's first actions"
        carried_out = ([0] + [int(x) for x in done.read_text().split()])[-1]
        assert len(logged) >= carried_out, f"{where}: {carried_out} actions done, {len(logged)} logged"
        # Resume continues from the last logged action, with every logged action in its history.
        resumed = Session.resume(path)
        assert resumed.history == logged, where
        assert resumed.state.fingerprint() == rebuild(read_log(prefix)).fingerprint(), where
        resumed.advance()
        while not resumed.is_over:
            resumed.act(resumed.bot_choose())
        resumed.close()
        final = verify_log(path)
        assert final.ok and final.finished, (where, final.reason)
        assert [(a, n) for _, a, n in read_log(path).effective_actions()][:len(logged)] == logged, where
    wall = time.monotonic() - started
    print(f"crash safety: {kills} kills in {trial} trials ({per_game}), {cut_lines} logs ended in a cut-off "
          f"line, 0 actions lost, every resumed log verified; {wall:.1f} s")
    assert min(per_game.values()) >= KILLS // len(games) - 1, per_game
