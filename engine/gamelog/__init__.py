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

The package's modules, along the log's seams: :mod:`~engine.gamelog.writer` (the writer, its lock
and the header's versions), :mod:`~engine.gamelog.lines` (what each line must be, the header's
checks, the reader's bounds), :mod:`~engine.gamelog.reader` (the lenient reader),
:mod:`~engine.gamelog.rebuild` (rebuild, verify, replay positions) and
:mod:`~engine.gamelog.folder` (where logs live, a log's progress). Every name is importable from
``engine.gamelog`` itself, as before the split.
"""

from __future__ import annotations

from engine.gamelog.writer import (
    FORMAT, ENGINE_VERSION, LOG_SUFFIX, LOCK_SUFFIX, LogInUse, LogLock, log_holder_pid, check_log_free, LogWriter,
    now_iso,
)
from engine.gamelog.lines import (
    LogSetup, HeaderError, check_header, line_problem, MAX_LINE_BYTES, MAX_ERRORS,
)
from engine.gamelog.reader import (
    LogError, GameLog, read_log,
)
from engine.gamelog.rebuild import (
    LogReplayError, log_setup, rebuild, VerifyResult, verify_log, Replay, replay_whole,
)
from engine.gamelog.folder import (
    default_log_dir, MIN_FREE_BYTES, LogDirError, check_log_dir, new_log_path, newest_unfinished, LogProgress,
    log_progress,
)

__all__ = [
    "ENGINE_VERSION",
    "FORMAT",
    "GameLog",
    "HeaderError",
    "LOCK_SUFFIX",
    "LOG_SUFFIX",
    "LogDirError",
    "LogError",
    "LogInUse",
    "LogLock",
    "LogProgress",
    "LogReplayError",
    "LogSetup",
    "LogWriter",
    "MAX_ERRORS",
    "MAX_LINE_BYTES",
    "MIN_FREE_BYTES",
    "Replay",
    "VerifyResult",
    "check_header",
    "check_log_dir",
    "check_log_free",
    "default_log_dir",
    "line_problem",
    "log_holder_pid",
    "log_progress",
    "log_setup",
    "new_log_path",
    "newest_unfinished",
    "now_iso",
    "read_log",
    "rebuild",
    "replay_whole",
    "verify_log",
]
