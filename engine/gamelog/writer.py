"""Writing a game log: the header's versions, the writer (strict, flushed line by line) and the
lock that keeps a second process off a log being written (see :mod:`engine.gamelog`)."""

from __future__ import annotations

import contextlib
import errno
import json
import math
import os
from datetime import datetime, timezone
from importlib import metadata
from pathlib import Path
from typing import Any, Iterable, TextIO


#: Version of the log format this module writes and reads.
FORMAT = 1


def _engine_version() -> str:
    try:
        return metadata.version("cardtable")
    except metadata.PackageNotFoundError:
        return "0.1.0"


#: Version of the installed cardtable package (written in every header).
ENGINE_VERSION = _engine_version()

LOG_SUFFIX = ".jsonl"


# ---------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------

def _check_actor(actor: Any) -> None:
    if actor == "chance":
        return
    if not isinstance(actor, int) or isinstance(actor, bool) or actor < 0:
        raise ValueError(f"actor must be a seat number or 'chance', not {actor!r}")


LOCK_SUFFIX = ".lock"


class LogInUse(OSError):
    """Another process (or another table of this one) writes this log; ``str()`` names it and the
    process holding it, and says the log may only be replayed. ``pid``: that process, if known."""

    def __init__(self, path: Path, pid: int | None) -> None:
        who = f"process {pid}" if pid is not None else "another process"
        self.message = (f"{path} is open at another table ({who}): a log has one writer; "
                        f"watch it with: cardtable replay {path}")
        super().__init__(errno.EBUSY, self.message, str(path))
        self.pid = pid

    def __str__(self) -> str:
        return self.message


class LogLock:
    """The one-writer lock of a log: an OS file lock (``filelock``: ``flock`` on Unix,
    ``LockFileEx`` on Windows) on ``<log>.lock`` beside it, holding the owner's process id.

    The operating system drops the lock when its process ends, even by ``kill -9``, so a
    crash never leaves a log locked (a stale ``.lock`` file is taken over; the log
    listings ignore it). A second lock of the same log, in this process or another,
    fails at once with :class:`LogInUse` naming the holder. Released locks remove their file.

    Args:
        path: the log file.
    """

    def __init__(self, path: Path) -> None:
        from filelock import FileLock
        self.path = Path(path)
        self.lock_path = self.path.with_name(self.path.name + LOCK_SUFFIX)
        self._lock = FileLock(self.lock_path, timeout=0, on_acquired=_write_pid)

    def acquire(self) -> "LogLock":
        """Take the lock (returns self).

        Raises:
            LogInUse: another holder has it.
            OSError: the lock file cannot be made (a folder that cannot be written).
        """
        from filelock import Timeout
        try:
            self._lock.acquire()
        except Timeout:
            raise LogInUse(self.path, log_holder_pid(self.path)) from None
        return self

    @property
    def held(self) -> bool:
        """True while this lock holds the log."""
        return self._lock.is_locked

    def release(self) -> None:
        """Drop the lock and remove its file (safe to call twice)."""
        if self._lock.is_locked:
            with contextlib.suppress(OSError):  # removed while held: filelock re-checks the file after locking
                os.unlink(self.lock_path)
            self._lock.release()


def _write_pid(fd: int) -> None:
    os.ftruncate(fd, 0)
    os.lseek(fd, 0, os.SEEK_SET)
    os.write(fd, f"{os.getpid()}\n".encode())


def log_holder_pid(path: Path) -> int | None:
    """The process id written in ``path``'s lock file (the holder's, while it is locked), or None."""
    try:
        with open(Path(path).with_name(Path(path).name + LOCK_SUFFIX), "rb") as f:
            text = f.read(32).decode("ascii", "replace").strip()
    except OSError:
        return None
    return int(text) if text.isdigit() and len(text) < 12 else None


def check_log_free(path: Path) -> None:
    """Raise :class:`LogInUse` if some table holds ``path``'s lock now (tried and let go at once)."""
    LogLock(path).acquire().release()


class LogWriter:
    """Writes one match's log, one JSON object per line, flushed after each line,
    holding the log's :class:`LogLock` from opening to :meth:`close`.

    Args:
        path: the log file; parent folders are made. With a header, an
            existing file is replaced (callers that must not clobber a log,
            such as :class:`engine.session.Session`, check first).
        header: the header fields (``type`` and ``format`` are added if absent);
            ``None`` opens an existing log to append to it (used by resume).
        lock: the log's lock, already held (resume takes it before reading the log);
            None takes one.

    Raises:
        TypeError, ValueError: for a header or line JSON cannot hold exactly
            (objects, NaN, infinities); nothing is written then.
        LogInUse: another table writes this log.
    """

    def __init__(self, path: Path, header: dict | None, lock: LogLock | None = None) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._file: TextIO | None = None
        full = None if header is None else {"type": "header", "format": FORMAT, **header}
        text = None if full is None else self._encode(full)  # refuse a bad header before creating the file
        self.lock = lock if lock is not None else LogLock(self.path).acquire()
        try:
            self._file = open(self.path, "a" if text is None else "w", encoding="utf-8", newline="\n")
        except BaseException:
            self.lock.release()
            raise
        if text is not None:
            self._write_text(text)

    @staticmethod
    def _encode(obj: dict) -> str:
        return json.dumps(obj, ensure_ascii=False, allow_nan=False, separators=(", ", ": "))

    def _write_text(self, text: str) -> None:
        if self._file is None:
            raise ValueError(f"the log {self.path} is closed")
        self._file.write(text + "\n")
        self._file.flush()

    def write(self, obj: dict) -> None:
        """Write one line (any log object); strict JSON, flushed at once."""
        self._write_text(self._encode(obj))

    def action(self, n: int, actor: int | str, notation: str) -> None:
        """An action line: ``n`` actions in effect after it, ``actor`` a seat or ``"chance"``."""
        _check_actor(actor)
        if not isinstance(notation, str) or not notation:
            raise ValueError(f"action notation must be a non-empty string, not {notation!r}")
        self.write({"type": "action", "n": int(n), "actor": actor, "action": notation})

    def undo(self, n: int, count: int, seed: int | str | None = None) -> None:
        """An undo line: ``count`` actions taken back, leaving ``n`` in effect;
        ``seed``: the new chance seed from there on (left out when None)."""
        if count < 1 or n < 0:
            raise ValueError(f"bad undo: n={n}, count={count}")
        line: dict[str, Any] = {"type": "undo", "n": int(n), "count": int(count)}
        if seed is not None:
            line["seed"] = seed if isinstance(seed, str) else int(seed)
        self.write(line)

    def check(self, hand: int, hash: str) -> None:
        """A check line: the state hash after the last action of hand ``hand`` (0-based)."""
        self.write({"type": "check", "hand": int(hand), "hash": str(hash)})

    def score(self, hand: int, scores: Iterable[float], totals: Iterable[float]) -> None:
        """A score line: points of hand ``hand`` per seat and the match totals (game points)."""
        self.write({"type": "score", "hand": int(hand), "scores": [_num(x) for x in scores],
                    "totals": [_num(x) for x in totals]})

    def result(self, winners: Iterable[int], scores: Iterable[float], hash: str) -> None:
        """The result line: winning seats, final totals and the final state hash."""
        self.write({"type": "result", "winners": [int(w) for w in winners],
                    "scores": [_num(x) for x in scores], "hash": str(hash)})

    def close(self) -> None:
        """Close the file (further writes raise ValueError) and let go of the log's lock.
        Safe to call twice."""
        if self._file is not None:
            try:
                self._file.close()
            finally:
                self._file = None
                self.lock.release()

    def __enter__(self) -> "LogWriter":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _num(x: Any) -> float:
    if isinstance(x, bool) or not isinstance(x, (int, float)) or not math.isfinite(x):
        raise ValueError(f"a score must be a finite number, not {x!r}")
    return float(x)


def now_iso() -> str:
    """The current UTC time as ISO 8601 to the second (the header's ``started``)."""
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat()
