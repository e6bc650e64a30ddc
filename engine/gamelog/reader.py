"""Reading a game log leniently: every line checked, the good prefix kept (:func:`read_log`,
:class:`GameLog`)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.files import regular_file_size, size_text, too_large
from engine.inputs import int_too_long
from engine.gamelog.lines import (MAX_ERRORS, MAX_LINE_BYTES, HeaderError, check_header, line_problem, log_limit,
                                   longest_digits, split_lines)

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
    for i, line in enumerate(split_lines(text), start=1):  # lazily: millions of blank lines are not split at once
        if not reader.take(i, line):
            break
    return log


def _read_bounded(path: Path) -> str:
    """The text of a regular file within its log size bound (see :func:`read_log`)."""
    size = regular_file_size(path)
    with open(path, "rb") as f:
        first = f.readline(MAX_LINE_BYTES + 1)
        limit = log_limit(first)
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
        problem = line_problem(obj)
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
                self.fail(i, f"not valid JSON ({int_too_long(longest_digits(line))})")
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
