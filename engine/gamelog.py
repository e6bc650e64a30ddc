"""The game log: JSON Lines written as play goes, read leniently, replayed and verified.

Format (``docs/engine.md``, "The log format"): the first line is a header
(``type: header``, ``format``, ``engine``, ``game``, ``rules``, ``seats``,
``seed``, ``undo`` (the house option ``off``/``own_turn``/``free``; absent in older
logs), ``started``); every following line is one of

* ``{"type": "action", "n": 7, "actor": 0 | "chance", "action": "play 2C 2H"}``
* ``{"type": "undo", "n": 9, "count": 3, "seed": 1234}``: the last ``count`` actions are taken
  back; ``seed`` (since the undo option; older logs have none) is the fresh seed of the chance
  generator from there on (the chance outcomes themselves are logged as actions, so replay
  and verify never need it; resume does, to draw the same cards as the running game would);
* ``{"type": "check", "hand": 0, "hash": "..."}``: the state hash after the last action of a hand;
* ``{"type": "score", "hand": 0, "scores": [...], "totals": [...]}``: points of that hand and match totals;
* ``{"type": "result", "winners": [0], "scores": [...], "hash": "..."}``: the end of the match.

``n`` is the number of actions in effect after the line. The writer is strict
(it refuses values JSON cannot carry) and flushes after every line, so a killed
process loses nothing. The reader is lenient: it collects ``(line, reason)``
errors and keeps every good line before the first bad one.
"""

from __future__ import annotations

import contextlib
import errno
import json
import math
import os
import re
from dataclasses import dataclass, field
from datetime import datetime, timezone
from importlib import metadata
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, TextIO, TypeGuard

from engine.core import CHANCE, TERMINAL, ActionParseError, Event, Game, IllegalAction, State
from engine.files import MB, regular_file_size, size_text, too_large
from engine.inputs import MAX_LOG_DEPTH, brief, int_too_long, long_int, too_deep
from engine.seats import SeatSpec, SeatSpecError, safe_name, seat_names
from engine.undo import UNDO_MODES

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


# ---------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------

@dataclass
class LogError:
    """One problem found while reading a log: its 1-based line and what is wrong."""

    line: int
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


@dataclass
class GameLog:
    """A log as read by :func:`read_log`.

    Attributes:
        path: the file.
        header: the header object, or ``{}`` when it is missing or unusable.
        entries: the good lines after the header (before the first bad line),
            each a dict with its 1-based ``"line"`` number added.
        errors: every problem found, in line order (empty for a clean log).
        total_lines: the number of lines in the file.
    """

    path: Path
    header: dict
    entries: list[dict] = field(default_factory=list)
    errors: list[LogError] = field(default_factory=list)
    total_lines: int = 0

    def effective_actions(self) -> list[tuple[int, int | str, str]]:
        """The actions in effect at the end of the good prefix, with undo lines
        applied: ``(line, actor, notation)``, actor a seat or ``"chance"``."""
        out: list[tuple[int, int | str, str]] = []
        for e in self.entries:
            if e["type"] == "action":
                out.append((e["line"], e["actor"], e["action"]))
            elif e["type"] == "undo":
                del out[len(out) - e["count"]:]
        return out

    def chance_seed_starts(self) -> dict[int, int | str | None]:
        """Where a chance generator starts among :meth:`effective_actions`: index ->
        seed. Index 0 holds the header's seed; an undo line with a ``seed`` starts
        a new generator at the action count it leaves (a later undo to the same
        count or before it replaces it). An undo line without a seed (older logs)
        kept drawing from the same generator, so it starts none."""
        starts: dict[int, int | str | None] = {0: self.header.get("seed")}
        n = 0
        for e in self.entries:
            if e["type"] == "action":
                n += 1
            elif e["type"] == "undo":
                n -= e["count"]
                starts = {k: v for k, v in starts.items() if k <= n}
                if "seed" in e:
                    starts[n] = e["seed"]
        return starts

    @property
    def used_undo(self) -> bool:
        """True when the good prefix holds an undo line (the match used undo)."""
        return any(e["type"] == "undo" for e in self.entries)

    @property
    def undo_mode(self) -> str | None:
        """The header's house option ``undo`` (``off``/``own_turn``/``free``), None in older logs."""
        mode = self.header.get("undo")
        return mode if isinstance(mode, str) else None

    @property
    def finished(self) -> bool:
        """True when the good prefix holds a result line (the match ended)."""
        return any(e["type"] == "result" for e in self.entries)

    @property
    def good_prefix_lines(self) -> int:
        """The number of leading lines that are good (0 if even the header is bad)."""
        if self.errors:
            return self.errors[0].line - 1
        return self.total_lines

    @property
    def ok(self) -> bool:
        """True when no line has a problem."""
        return not self.errors

    @property
    def game_id(self) -> str | None:
        """The header's game id, or None when the header is unusable."""
        return self.header.get("game")


def _is_int(x: Any) -> TypeGuard[int]:
    return isinstance(x, int) and not isinstance(x, bool)


def _is_num_list(x: Any) -> bool:
    return isinstance(x, list) and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in x)


@dataclass(frozen=True)
class LogSetup:
    """What a usable log header sets up (:func:`check_header`).

    Attributes:
        game: the game class named by ``game``.
        variant: the house rules, validated by the game's variant class.
        seats: the seat specs, seat 0 first (names made safe to show: someone else's log).
        names: the seats' display names from the header (made safe), or the default names.
        seed: the header's seed (an int or a text), None when absent.
        undo: the house option ``undo``, None in older logs.
    """

    game: type[Game]
    variant: Any
    seats: tuple[SeatSpec, ...]
    names: tuple[str, ...]
    seed: int | str | None
    undo: str | None


class HeaderError(ValueError):
    """A first line that is not a usable log header; ``str()`` says why in one sentence."""


def check_header(obj: Any) -> LogSetup:
    """Validate a log header: the one check every reader of a log uses (``read_log``,
    ``replay --verify``, resume, the replay screen, the statistics), so a header one of
    them accepts all of them accept.

    The header must be a JSON object of ``type`` header with a ``format`` this engine
    reads, an available ``game``, ``rules`` its variant class accepts, a list of
    ``seats`` whose specs parse and whose bot levels (and search budgets,
    ``engine.ai.base.parse_level``) the game has, a seat count the game allows under
    those rules, a ``seed`` that is a number of at most ``engine.inputs.MAX_INT_DIGITS``
    digits or a text, and an ``undo`` option of ``engine.undo.UNDO_MODES`` if
    present; it nests at most ``engine.inputs.MAX_LOG_DEPTH`` levels. Seat names are
    not refused: a bad one is made safe to show (``engine.seats.safe_name``).

    Raises:
        HeaderError: naming the first problem (values quoted briefly, ``engine.inputs.brief``).
    """
    if not isinstance(obj, dict) or obj.get("type") != "header":
        raise HeaderError("the first line is not a log header")
    _check_header_shape(obj)
    game, variant = _header_game(obj)
    seats = obj.get("seats")
    if not isinstance(seats, list) or not seats or not all(
            isinstance(s, dict) and isinstance(s.get("spec"), str) for s in seats):
        raise HeaderError("the header has no seat list")
    specs = _header_seats(game, variant, seats)
    seed = obj.get("seed")
    if seed is not None and not _is_int(seed) and not isinstance(seed, str):
        raise HeaderError("the header's seed is neither a number nor a text")
    if "undo" in obj and obj["undo"] not in UNDO_MODES:
        raise HeaderError(f"the header's undo is {brief(obj['undo'])}, not one of " + ", ".join(UNDO_MODES))
    defaults = seat_names(specs)
    names = tuple(safe_name(s.get("name") or d) for s, d in zip(seats, defaults))
    undo = obj.get("undo")
    return LogSetup(game, variant, tuple(specs), names, seed, undo if isinstance(undo, str) else None)


def _check_header_shape(obj: dict) -> None:
    """The header's nesting, its integers' lengths and its format number (:func:`check_header`).

    Raises:
        HeaderError: naming the problem."""
    deep = too_deep(obj, MAX_LOG_DEPTH)
    if deep is not None:
        raise HeaderError(f"the header's {deep} is nested too deeply; a log line nests at most "
                          f"{MAX_LOG_DEPTH} levels")
    huge = long_int(obj)
    if huge is not None:
        raise HeaderError(f"the header's {huge[0]} is {int_too_long(huge[1])}")
    fmt = obj.get("format")
    if not _is_int(fmt):
        raise HeaderError("the header has no format number")
    if fmt > FORMAT:
        raise HeaderError(f"the log has format {fmt}, newer than this cardtable reads ({FORMAT}); upgrade cardtable")


def _header_game(obj: dict) -> tuple[type[Game], Any]:
    """The header's game class and the variant its ``rules`` build (:func:`check_header`).

    Raises:
        HeaderError: no available game, or rules its variant class refuses."""
    from engine.games import UnknownGame, get_game
    from engine.variants import ConfigError, build_variant
    game_id = obj.get("game")
    if not isinstance(game_id, str):
        raise HeaderError("the header names no game")
    try:
        game = get_game(game_id)
    except UnknownGame as err:
        raise HeaderError(str(err)) from None
    rules = obj.get("rules", {})
    if not isinstance(rules, dict):
        raise HeaderError("the header's rules are not a table")
    try:
        return game, build_variant(game.variant_class, rules, source="the header", section="rules")
    except ConfigError as err:
        raise HeaderError(f"bad rules in the header: {err.key}: {err.message}") from None


def _header_seats(game: type[Game], variant: Any, seats: list[dict]) -> list[SeatSpec]:
    """The header's seat specs, each parsed and its bot level one the game has, and as many
    seats as the game allows under ``variant`` (:func:`check_header`).

    Raises:
        HeaderError: naming the first bad seat, or the seat count."""
    from engine.games import seat_level_problem
    specs = []
    for i, seat in enumerate(seats):
        try:
            spec = SeatSpec.parse(seat["spec"], lenient=True)
        except SeatSpecError as err:
            raise HeaderError(f"the header's seat {i}: {err}") from None
        problem = None if spec.is_human else seat_level_problem(game.id, spec.level or "random")
        if problem:
            raise HeaderError(f"the header's seat {i}: {problem}")
        specs.append(spec)
    seats_problem = game.seat_range_error(len(specs), variant)
    if seats_problem:
        raise HeaderError(seats_problem)
    return specs


def _action_problem(obj: dict) -> str | None:
    if not _is_int(obj.get("n")):
        return "action line without a whole-number n"
    actor = obj.get("actor")
    if actor != "chance" and not (_is_int(actor) and actor >= 0):
        return "action line whose actor is neither a seat number nor \"chance\""
    if not isinstance(obj.get("action"), str) or not obj["action"].strip():
        return "action line without an action"
    return None


def _undo_problem(obj: dict) -> str | None:
    if not _is_int(obj.get("n")) or not _is_int(obj.get("count")) or obj["count"] < 1:
        return "undo line needs whole numbers n and count >= 1"
    if "seed" in obj and not _is_int(obj["seed"]) and not isinstance(obj["seed"], str):
        return "undo line whose seed is neither a number nor a text"
    return None


def _check_problem(obj: dict) -> str | None:
    if not _is_int(obj.get("hand")) or not isinstance(obj.get("hash"), str):
        return "check line needs a hand number and a hash"
    return None


def _score_problem(obj: dict) -> str | None:
    if not _is_int(obj.get("hand")) or not _is_num_list(obj.get("scores")) or not _is_num_list(obj.get("totals")):
        return "score line needs a hand number and lists of scores and totals"
    return None


def _result_problem(obj: dict) -> str | None:
    w = obj.get("winners")
    if not isinstance(w, list) or not all(_is_int(x) for x in w) or not _is_num_list(obj.get("scores")) \
            or not isinstance(obj.get("hash"), str):
        return "result line needs winners, scores and a hash"
    return None


#: Line type -> the shape check of a line of that type (None: the line is well formed).
_LINE_PROBLEMS: dict[str, Callable[[dict], str | None]] = {
    "action": _action_problem, "undo": _undo_problem, "check": _check_problem, "score": _score_problem,
    "result": _result_problem, "header": lambda obj: "a second header line",
}


def _line_problem(obj: Any) -> str | None:
    """Shape problems of one non-header line (independent of its neighbours)."""
    if not isinstance(obj, dict):
        return "not a JSON object"
    kind = obj.get("type")
    if kind is None:
        return "line without a type"
    check = _LINE_PROBLEMS.get(kind) if isinstance(kind, str) else None
    return f"unknown line type {brief(kind)}" if check is None else check(obj)


#: Longest line a log may hold; a longer one is a bad line and reading stops there.
MAX_LINE_BYTES = MB
#: Bad lines collected before the reader stops (a file of 50 million blank lines is not read to its end).
MAX_ERRORS = 100


def _log_limit(first_line: bytes) -> int:
    """The size a log may have: its header's game's ``Game.max_log_bytes``, or
    :data:`engine.core.Game.max_log_bytes` when the header names no game."""
    from engine.games import UnknownGame, get_game
    try:
        obj = json.loads(first_line)
        return int(get_game(obj["game"]).max_log_bytes)
    except (ValueError, TypeError, KeyError, RecursionError, UnknownGame):
        return int(Game.max_log_bytes)


def _longest_digits(line: str) -> int:
    """The length of the longest run of digits in ``line`` (a line whose number was too long to read)."""
    best = run = 0
    for ch in line:
        run = run + 1 if ch.isdigit() else 0
        best = max(best, run)
    return best


def _lines(text: str) -> Iterator[str]:
    """The lines of ``text`` split at ``\\n`` only (no final empty line after a last newline)."""
    pos, end = 0, len(text)
    while pos < end:
        j = text.find("\n", pos)
        if j < 0:
            yield text[pos:]
            return
        yield text[pos:j]
        pos = j + 1


def read_log(path: Path) -> GameLog:
    """Read a log leniently.

    Every line is checked (JSON, known type, required fields, the header's
    game); in the good prefix the action counts ``n`` must also follow on
    (each action adds one, each undo takes back ``count``) and nothing may
    follow the result line. Problems are collected as :class:`LogError`; the
    entries keep every good line before the first bad one.

    Bounds: a path that is not a regular file is refused before it is opened;
    a log over its game's ``Game.max_log_bytes`` (64 MB) is refused unread; a
    line over :data:`MAX_LINE_BYTES` (1 MB) is a bad line and reading stops
    there, as it does after :data:`MAX_ERRORS` bad lines (``total_lines`` then
    counts the lines read).

    Raises:
        OSError: if the file cannot be read at all (missing, a folder, a device
            or pipe, no permission); :class:`engine.files.FileTooLarge` (an OSError)
            for a log over its size bound.
    """
    path = Path(path)
    text = _read_bounded(path)
    ends_with_newline = text.endswith("\n")
    n_lines = text.count("\n") + (0 if ends_with_newline or not text else 1)
    log = GameLog(path=path, header={}, total_lines=n_lines)
    if not n_lines:
        log.errors.append(LogError(1, "the log is empty (no header)"))
        return log
    reader = _Reader(log, n_lines, ends_with_newline)
    for i, line in enumerate(_lines(text), start=1):  # lazily: millions of blank lines are not split at once
        if not reader.take(i, line):
            break
    return log


def _read_bounded(path: Path) -> str:
    """The text of a regular file within its log size bound (see :func:`read_log`)."""
    size = regular_file_size(path)
    with open(path, "rb") as f:
        first = f.readline(MAX_LINE_BYTES + 1)
        limit = _log_limit(first)
        if size > limit:
            raise too_large(path, size, limit, "log")
        raw = first + f.read(limit + 1 - len(first))
    if len(raw) > limit:
        raise too_large(path, limit, limit, "log", grew=True)
    return raw.decode("utf-8", errors="replace")


class _Reader:
    """:func:`read_log`'s line-by-line checks, into ``log``: while the prefix is
    good (``good``), the action count ``n`` follows on and nothing follows the result."""

    def __init__(self, log: GameLog, n_lines: int, ends_with_newline: bool) -> None:
        self.log = log
        self.n_lines = n_lines
        self.ends_with_newline = ends_with_newline
        self.good = True
        self.n = 0
        self.after_result = False

    def fail(self, line: int, message: str) -> None:
        self.log.errors.append(LogError(line, message))
        self.good = False

    def take(self, i: int, line: str) -> bool:
        """Check line ``i`` (its text ``line``); False when reading stops here."""
        if len(self.log.errors) >= MAX_ERRORS:
            self.log.errors.append(LogError(i, f"more than {MAX_ERRORS} bad lines: the rest is not read"))
            self.log.total_lines = i
            return False
        if len(line) > MAX_LINE_BYTES // 4 and len(line.encode("utf-8")) > MAX_LINE_BYTES:
            self.fail(i, f"the line is over {size_text(MAX_LINE_BYTES)} long; no log line is")
            self.log.total_lines = i
            return False
        obj = self._json(i, line)
        if obj is None:
            return True
        if i == 1:
            try:
                check_header(obj)
            except HeaderError as err:
                self.fail(1, str(err))
            else:
                self.log.header = obj
            return True
        problem = _line_problem(obj)
        if problem:
            self.fail(i, problem)
        elif self.good:
            problem = self._sequence_problem(obj)
            if problem:
                self.fail(i, problem)
            else:
                obj["line"] = i
                self.log.entries.append(obj)
        return True

    def _json(self, i: int, line: str) -> Any:
        """Line ``i`` parsed, or None after recording why it is not a JSON value."""
        cut = i == self.n_lines and not self.ends_with_newline  # the last line, without its newline
        if not line.strip() and not cut:
            self.fail(i, "empty line")
            return None
        try:
            return json.loads(line)
        except RecursionError:  # absurdly nested arrays or objects
            self.fail(i, "not valid JSON (nested too deeply for a log line)")
        except ValueError as err:
            if cut:
                self.fail(i, "the last line is cut off (the program stopped while writing it)")
            elif not line.strip():
                self.fail(i, "empty line")
            elif isinstance(err, json.JSONDecodeError):
                self.fail(i, f"not valid JSON ({err.msg} at column {err.colno})")
            else:  # json.loads raises a bare ValueError for an integer of over 4,300 digits
                self.fail(i, f"not valid JSON ({int_too_long(_longest_digits(line))})")
        return None

    def _sequence_problem(self, obj: dict) -> str | None:
        """A well-formed line out of sequence (the action count, a line after the
        result), or None after counting it."""
        kind = obj["type"]
        if self.after_result:
            return "a line after the result line"
        if kind == "action":
            if obj["n"] != self.n + 1:
                return f"action count n is {obj['n']}, expected {self.n + 1}"
            self.n += 1
        elif kind == "undo":
            if obj["count"] > self.n:
                return f"undo of {obj['count']} actions, but only {self.n} are in effect"
            if obj["n"] != self.n - obj["count"]:
                return f"undo line says n={obj['n']}, expected {self.n - obj['count']}"
            self.n -= obj["count"]
        elif kind == "result":
            self.after_result = True
        return None


# ---------------------------------------------------------------------------
# Rebuilding and verifying
# ---------------------------------------------------------------------------

class LogReplayError(Exception):
    """A log line that does not replay. ``line`` is its 1-based number,
    ``reason`` one sentence saying why."""

    def __init__(self, line: int, reason: str) -> None:
        self.line, self.reason = line, reason
        super().__init__(f"line {line}: {reason}")


def _game_and_variant(log: GameLog):
    """(game class, variant, n_seats) from the header (:func:`check_header`), or LogReplayError at line 1."""
    setup = log_setup(log)
    return setup.game, setup.variant, len(setup.seats)


def log_setup(log: GameLog) -> LogSetup:
    """The header of ``log`` checked by :func:`check_header`.

    Raises:
        LogReplayError: at line 1 when the header is missing or unusable.
    """
    if not log.header:
        raise LogReplayError(1, log.errors[0].message if log.errors else "the log has no header")
    try:
        return check_header(log.header)
    except HeaderError as err:
        raise LogReplayError(1, str(err)) from None


def _actor_of(state: State) -> int | str | None:
    t = state.to_move
    if t == CHANCE:
        return "chance"
    if t == TERMINAL:
        return None
    return t


def _apply_logged(game, state: State, line: int, actor: int | str, notation: str) -> list[Event]:
    """Parse and apply one logged action, or raise LogReplayError naming ``line``."""
    try:
        action = game.parse_action(notation)
    except ActionParseError as err:
        raise LogReplayError(line, f"cannot read the action {brief(notation)}: {err}") from None
    expected = _actor_of(state)
    if expected is None:
        raise LogReplayError(line, f"{brief(notation)} comes after the end of the match")
    if actor != expected:
        who = "a chance step" if expected == "chance" else f"seat {expected}"
        raise LogReplayError(line, f"the log says {brief(actor)} acts, but {who} is to move")
    try:
        return state.apply(action)
    except IllegalAction as err:
        raise LogReplayError(line, f"{brief(notation)} is illegal: {err}") from None


def _same_numbers(a: list, b: list) -> bool:
    return len(a) == len(b) and all(abs(float(x) - float(y)) < 1e-9 for x, y in zip(a, b))


def rebuild(log: GameLog, up_to_line: int | None = None) -> State:
    """Replay a log into a new state.

    Builds the state from the header (game, ``rules`` through the game's
    variant class, seat count), re-applies every action line (taking back
    what undo lines undo) up to and including ``up_to_line`` (default: the
    whole good prefix), and checks every ``check`` hash, every ``score`` line
    against the hand's ``hand_over`` event, and the ``result`` line.

    Returns:
        the state after the last line replayed.

    Raises:
        LogReplayError: for the first line that does not replay: a bad header,
            an unparsable or illegal action (with the engine's reason), an
            actor who is not ``to_move``, or a hash, score or result mismatch.
            A log whose only problem is a bad line after the good prefix
            rebuilds fine (read errors are the reader's business).
    """
    game, variant, n_seats = _game_and_variant(log)
    state = game.new_state(variant, n_seats)
    applied: list[tuple[int, int | str, str]] = []
    last_events: list[Event] = []
    for e in log.entries:
        line = e["line"]
        if up_to_line is not None and line > up_to_line:
            break
        kind = e["type"]
        if kind == "action":
            last_events = _apply_logged(game, state, line, e["actor"], e["action"])
            applied.append((line, e["actor"], e["action"]))
        elif kind == "undo":
            del applied[len(applied) - e["count"]:]
            state = game.new_state(variant, n_seats)
            last_events = []
            for a_line, actor, notation in applied:
                last_events = _apply_logged(game, state, a_line, actor, notation)
        else:
            _check_line(e, state, last_events)
    return state


def _check_line(e: dict, state: State, last_events: list[Event]) -> None:
    """A check, score or result line ``e`` against the replay (``state`` after the
    line's action, ``last_events`` that action's events).

    Raises:
        LogReplayError: naming what differs.
    """
    line, kind = e["line"], e["type"]
    if kind == "check":
        got = state.state_hash()
        if got != e["hash"]:
            raise LogReplayError(line, f"state hash mismatch after hand {e['hand']}: "
                                       f"the log has {e['hash']}, the replay gives {got}")
    elif kind == "score":
        over = [ev for ev in last_events if ev.kind == "hand_over"]
        if not over:
            raise LogReplayError(line, "a score line where no hand has just ended")
        data = over[-1].data
        for key, what in (("scores", "hand scores"), ("totals", "match totals")):
            if key in data and not _same_numbers(e[key], data[key]):
                raise LogReplayError(line, f"{what} {e[key]} differ from the replay's {data[key]}")
    elif kind == "result":
        _check_result(e, state)


def _check_result(e: dict, state: State) -> None:
    """The result line ``e`` against the replay's final ``state`` (see :func:`_check_line`)."""
    line = e["line"]
    if not state.is_over:
        raise LogReplayError(line, "a result line but the match is not over in the replay")
    if state.state_hash() != e["hash"]:
        raise LogReplayError(line, f"final state hash mismatch: the log has {e['hash']}, "
                                   f"the replay gives {state.state_hash()}")
    if sorted(e["winners"]) != sorted(state.winners()):
        raise LogReplayError(line, f"the log names winners {e['winners']}, the replay gives {state.winners()}")
    if not _same_numbers(e["scores"], state.scores()):
        raise LogReplayError(line, f"final scores {e['scores']} differ from the replay's {state.scores()}")


@dataclass
class VerifyResult:
    """The outcome of :func:`verify_log`.

    Attributes:
        ok: True when every line reads and replays.
        line: the first bad line (None when ok, or when the file cannot be read).
        reason: one sentence: what is wrong, or a summary when ok.
        finished: True when the log has a result line (an unfinished log can still be ok).
        actions: actions in effect at the end of what was replayed.
    """

    ok: bool
    line: int | None
    reason: str
    finished: bool = False
    actions: int = 0


def verify_log(path: Path) -> VerifyResult:
    """Read and fully replay a log, checking every hash, score and the result.

    An unfinished log verifies ok up to its end (``finished`` is False then).
    The first bad line is named: the good prefix is replayed before a read error is
    reported, so an illegal action is named rather than a line after it whose shape
    is wrong (a repeated ``n``). Never raises for a bad log.
    """
    try:
        log = read_log(path)
    except OSError as err:
        return VerifyResult(False, None, f"cannot read {path}: {err.strerror or err}")
    try:
        rebuild(log)  # only the good prefix: any error here comes before the first read error
    except LogReplayError as err:
        return VerifyResult(False, err.line, err.reason, log.finished)
    if log.errors:
        first = log.errors[0]
        return VerifyResult(False, first.line, first.message, log.finished, len(log.effective_actions()))
    n = len(log.effective_actions())
    how = "finished" if log.finished else "unfinished"
    return VerifyResult(True, None, f"{how} log of {n} actions replays exactly", log.finished, n)


# ---------------------------------------------------------------------------
# Replay positions (for the replay screen)
# ---------------------------------------------------------------------------

class Replay:
    """Every position of a logged match, for stepping forward and back.

    Built from the log's effective actions (undo lines applied). Index ``i``
    of :attr:`positions` is the state before action ``i`` (so ``positions[0]``
    is the new match and ``positions[-1]`` the last state); ``events[i]``,
    ``actors[i]``, ``notations[i]`` and ``lines[i]`` describe action ``i``.

    A log that stops replaying partway gives the positions up to the bad
    action and sets :attr:`error` (a :class:`LogReplayError`); hashes are not
    checked here (that is :func:`verify_log`'s job).

    Raises:
        LogReplayError: only if the header itself is unusable.
    """

    def __init__(self, log: GameLog) -> None:
        self.log = log
        game, variant, n_seats = _game_and_variant(log)
        self.game = game
        self.n_seats = n_seats
        state = game.new_state(variant, n_seats)
        self.positions: list[State] = [state.clone()]
        self.events: list[list[Event]] = []
        self.actors: list[int | str] = []
        self.notations: list[str] = []
        self.lines: list[int] = []
        self.error: LogReplayError | None = None
        for line, actor, notation in log.effective_actions():
            try:
                events = _apply_logged(game, state, line, actor, notation)
            except LogReplayError as err:
                self.error = err
                break
            self.positions.append(state.clone())
            self.events.append(events)
            self.actors.append(actor)
            self.notations.append(notation)
            self.lines.append(line)

    @property
    def last_index(self) -> int:
        """The index of the final position (= number of actions replayed)."""
        return len(self.positions) - 1

    def _is_turn_stop(self, i: int) -> bool:
        if i == 0 or i == self.last_index:
            return True
        to_move = self.positions[i].to_move
        if to_move < 0:
            return False
        for j in range(i - 1, -1, -1):
            if self.actors[j] != "chance":
                return self.actors[j] != to_move
        return True

    def next_turn_index(self, i: int) -> int:
        """The next position after ``i`` where a different player is to act
        (chance steps and a player's run of actions count as one step), or
        the last position."""
        for j in range(i + 1, self.last_index + 1):
            if self._is_turn_stop(j):
                return j
        return self.last_index

    def prev_turn_index(self, i: int) -> int:
        """The previous such position before ``i``, or 0."""
        for j in range(min(i, self.last_index + 1) - 1, -1, -1):
            if self._is_turn_stop(j):
                return j
        return 0

    def _is_hand_start(self, j: int) -> bool:
        return 0 < j <= self.last_index and \
            self.positions[j].hand_number != self.positions[j - 1].hand_number

    def next_hand_index(self, i: int) -> int:
        """The first position of the next hand after ``i`` (where
        ``hand_number`` changes), or the last position."""
        for j in range(i + 1, self.last_index + 1):
            if self._is_hand_start(j):
                return j
        return self.last_index

    def prev_hand_index(self, i: int) -> int:
        """The start of the hand before position ``i``'s hand start (or of the
        current hand if ``i`` is inside it), or 0."""
        for j in range(min(i, self.last_index + 1) - 1, 0, -1):
            if self._is_hand_start(j):
                return j
        return 0


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
        if not isinstance(obj, dict) or not _is_int(obj.get("n", n)):
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


def now_iso() -> str:
    """The current UTC time as ISO 8601 to the second (the header's ``started``)."""
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat()
