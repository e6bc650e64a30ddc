"""What a log line must be: the header's checks (:func:`check_header`, :class:`LogSetup`), each
line type's fields (:func:`line_problem`) and the reader's bounds on lines and files."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Callable, Iterator, TypeGuard

from engine.core import Game
from engine.files import MB
from engine.inputs import MAX_LOG_DEPTH, brief, int_too_long, long_int, too_deep
from engine.seats import SeatSpec, SeatSpecError, safe_name, seat_names
from engine.undo import UNDO_MODES
from engine.gamelog.writer import FORMAT

def is_int(x: Any) -> TypeGuard[int]:
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
    if seed is not None and not is_int(seed) and not isinstance(seed, str):
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
    if not is_int(fmt):
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
    if not is_int(obj.get("n")):
        return "action line without a whole-number n"
    actor = obj.get("actor")
    if actor != "chance" and not (is_int(actor) and actor >= 0):
        return "action line whose actor is neither a seat number nor \"chance\""
    if not isinstance(obj.get("action"), str) or not obj["action"].strip():
        return "action line without an action"
    return None


def _undo_problem(obj: dict) -> str | None:
    if not is_int(obj.get("n")) or not is_int(obj.get("count")) or obj["count"] < 1:
        return "undo line needs whole numbers n and count >= 1"
    if "seed" in obj and not is_int(obj["seed"]) and not isinstance(obj["seed"], str):
        return "undo line whose seed is neither a number nor a text"
    return None


def _check_problem(obj: dict) -> str | None:
    if not is_int(obj.get("hand")) or not isinstance(obj.get("hash"), str):
        return "check line needs a hand number and a hash"
    return None


def _score_problem(obj: dict) -> str | None:
    if not is_int(obj.get("hand")) or not _is_num_list(obj.get("scores")) or not _is_num_list(obj.get("totals")):
        return "score line needs a hand number and lists of scores and totals"
    return None


def _result_problem(obj: dict) -> str | None:
    w = obj.get("winners")
    if not isinstance(w, list) or not all(is_int(x) for x in w) or not _is_num_list(obj.get("scores")) \
            or not isinstance(obj.get("hash"), str):
        return "result line needs winners, scores and a hash"
    return None


#: Line type -> the shape check of a line of that type (None: the line is well formed).
_LINE_PROBLEMS: dict[str, Callable[[dict], str | None]] = {
    "action": _action_problem, "undo": _undo_problem, "check": _check_problem, "score": _score_problem,
    "result": _result_problem, "header": lambda obj: "a second header line",
}


def line_problem(obj: Any) -> str | None:
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


def log_limit(first_line: bytes) -> int:
    """The size a log may have: its header's game's ``Game.max_log_bytes``, or
    :data:`engine.core.Game.max_log_bytes` when the header names no game."""
    from engine.games import UnknownGame, get_game
    try:
        obj = json.loads(first_line)
        return int(get_game(obj["game"]).max_log_bytes)
    except (ValueError, TypeError, KeyError, RecursionError, UnknownGame):
        return int(Game.max_log_bytes)


def longest_digits(line: str) -> int:
    """The length of the longest run of digits in ``line`` (a line whose number was too long to read)."""
    best = run = 0
    for ch in line:
        run = run + 1 if ch.isdigit() else 0
        best = max(best, run)
    return best


def split_lines(text: str) -> Iterator[str]:
    """The lines of ``text`` split at ``\\n`` only (no final empty line after a last newline)."""
    pos, end = 0, len(text)
    while pos < end:
        j = text.find("\n", pos)
        if j < 0:
            yield text[pos:]
            return
        yield text[pos:j]
        pos = j + 1
