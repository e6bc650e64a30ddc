"""Where logs live: the logs folder (:func:`default_log_dir`, :func:`check_log_dir`), new
log names, the newest unfinished log and a log's progress read from its bytes."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from engine.files import MB, size_text
from engine.gamelog.lines import is_int
from engine.gamelog.reader import read_log
from engine.gamelog.writer import LOG_SUFFIX

# ---------------------------------------------------------------------------
# Where logs live
# ---------------------------------------------------------------------------

def default_log_dir() -> Path:
    """The folder for logs: ``platformdirs.user_data_path("cardtable") / "logs"``."""
    from platformdirs import user_data_path
    return user_data_path("cardtable") / "logs"


#: Free space (bytes) the log folder's disk must have for a new match to start.
MIN_FREE_BYTES = MB


class LogDirError(OSError):
    """The log folder cannot hold a new log: it is a file, cannot be made or
    written, or its disk is full. ``str()`` is one sentence naming the folder."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


def check_log_dir(log_dir: Path) -> None:
    """Make sure a new log can be written in ``log_dir`` (made if missing): it is a
    folder (not a file), a file can be created and written in it, and its disk has
    at least :data:`MIN_FREE_BYTES` free. A small probe file is written and removed.

    Raises:
        LogDirError: one sentence saying which of these fails.
    """
    import errno
    import os
    import tempfile
    log_dir = Path(log_dir)
    if log_dir.exists() and not log_dir.is_dir():
        raise LogDirError(f"the log folder {log_dir} is a file, not a folder; set log_dir to a folder")
    try:
        log_dir.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        why = "a part of its path is a file" if isinstance(err, (FileExistsError, NotADirectoryError)) \
            else (err.strerror or str(err)).lower()
        raise LogDirError(f"cannot make the log folder {log_dir}: {why}") from None
    try:
        st = os.statvfs(log_dir)
        free = st.f_bavail * st.f_frsize
    except (OSError, AttributeError):  # no statvfs (Windows): the probe below still writes
        free = None
    if free is not None and free < MIN_FREE_BYTES:
        raise LogDirError(f"the disk holding the log folder {log_dir} is full "
                          f"({size_text(free)} free); free some space or set log_dir to another folder")
    try:
        with tempfile.NamedTemporaryFile(dir=log_dir, prefix=".cardtable-probe-", suffix=".tmp") as probe:
            probe.write(b"x" * 512)
            probe.flush()
            os.fsync(probe.fileno())
    except OSError as err:
        if err.errno == errno.ENOSPC:
            raise LogDirError(f"the disk holding the log folder {log_dir} is full; free some space "
                              "or set log_dir to another folder") from None
        raise LogDirError(f"cannot write in the log folder {log_dir}: {(err.strerror or str(err)).lower()}") \
            from None


def new_log_path(game_id: str, log_dir: Path) -> Path:
    """A fresh log file name in ``log_dir``: ``<game>-YYYYmmdd-HHMMSS[-k].jsonl`` (UTC),
    made unique with ``-2``, ``-3``... if the name is taken. Does not create it."""
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
    log_dir = Path(log_dir)
    path = log_dir / f"{game_id}-{stamp}{LOG_SUFFIX}"
    k = 2
    while path.exists():
        path = log_dir / f"{game_id}-{stamp}-{k}{LOG_SUFFIX}"
        k += 1
    return path


def newest_unfinished(log_dir: Path) -> Path | None:
    """The most recently modified log in ``log_dir`` that has a usable header, no result
    line and an action by a seat (:func:`log_progress`: a match nobody has played yet is
    no game to continue, issue 22), or None (also when the folder does not exist)."""
    log_dir = Path(log_dir)
    if not log_dir.is_dir():
        return None
    files = sorted((p for p in log_dir.glob("*" + LOG_SUFFIX) if p.is_file()),
                   key=lambda p: (p.stat().st_mtime_ns, p.name), reverse=True)
    for p in files:
        try:
            log = read_log(p)
        except OSError:
            continue
        if log.header and not log.finished and log_progress(p.read_bytes()).seat_actions:
            return p
    return None


@dataclass(frozen=True)
class LogProgress:
    """How far a logged match got, from its lines without replaying them (:func:`log_progress`).

    Attributes:
        seat_actions: the actions in effect made by a seat; chance steps (the deal) do not
            count, so it is 0 for a match nobody has played yet.
        hands_done: the hands finished and in effect (their ``score`` line not undone).
        undos: the undo lines (the match used undo when there is one).
    """

    seat_actions: int = 0
    hands_done: int = 0
    undos: int = 0


#: An action line as :class:`LogWriter` writes it; other spellings are parsed as JSON.
_ACTION_LINE = re.compile(rb'\{"type": "action", "n": (\d+), "actor": (\d+|"chance")[,}]')


def log_progress(raw: bytes) -> LogProgress:
    """How far the match in a log's bytes ``raw`` got: actions by a seat and hands finished, with
    undo lines applied. Lines are not checked (a bad or cut line is skipped) and only action
    lines, undo lines and score lines are looked at, so the recent-games list stays fast for
    hundreds of logs; ``verify_log`` is the full check."""
    seat_ns: list[int] = []  # the count ``n`` after each seat action in effect
    score_ns: list[int] = []  # the count ``n`` when each finished hand's score line was written
    n = undos = 0
    for line in raw.split(b"\n")[1:]:
        m = _ACTION_LINE.match(line)
        if m:
            n = int(m[1])
            if m[2] != b'"chance"':
                seat_ns.append(n)
            continue
        if b'"undo"' not in line and b'"score"' not in line and b'"action"' not in line:
            continue
        try:
            obj = json.loads(line)
        except (ValueError, RecursionError):
            continue
        if not isinstance(obj, dict) or not is_int(obj.get("n", n)):
            continue
        kind = obj.get("type")
        if kind == "action":
            n = obj["n"]
            if obj.get("actor") != "chance":
                seat_ns.append(n)
        elif kind == "undo":
            n = obj["n"]
            undos += 1
            while seat_ns and seat_ns[-1] > n:
                seat_ns.pop()
            while score_ns and score_ns[-1] > n:
                score_ns.pop()
        elif kind == "score":
            score_ns.append(n)
    return LogProgress(len(seat_ns), len(score_ns), undos)
