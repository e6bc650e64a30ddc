"""The table configuration file (TOML): game, seats, house rules, theme, keys.

The file lives at :func:`default_config_path` (``~/.config/cardtable/config.toml``
on Linux) unless the CLI is given ``--config FILE``. Layout::

    game = "nags"          # the game the setup screen starts on
    seed = 42              # optional: a fixed seed makes deals repeatable
    theme = "felt"         # felt | high-contrast
    log_dir = "~/cardlogs" # optional: where game logs go (relative = next to this file)
    pace = 0.6             # seconds between bot moves, 0..10
    undo = "own_turn"      # off | own_turn | free: how far a player may take moves back

    [[seats]]              # one table per seat, clockwise; the first is seat 0
    spec = "human:Ann"     # human[:NAME] or ai:LEVEL[:NAME]

    [rules.nags]           # house rules, one table per game id
    direction_mode = "alternating"

    [keys]                 # optional key remapping: action id -> key
    hint = "h"

Every mistake raises :class:`engine.variants.ConfigError` naming the file, the
key and what is allowed; seats are named ``seats[0]``, ``seats[1]``... like the
seat numbers at the table. This module is part of the engine: it never imports
Textual or Rich.
"""

from __future__ import annotations

import difflib
import errno
import re
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Iterable, Mapping

from engine.files import MB, FileTooLarge, read_capped
from engine.games import ALL_IDS, UnknownGame, default_level, get_game, seat_level_problem
from engine.inputs import (MAX_CONFIG_DEPTH, brief, control_char, int_too_long, long_int,
                           long_int_in_text, too_deep)
from engine.seats import SeatSpec, SeatSpecError
from engine.undo import DEFAULT_UNDO, UNDO_MODES
from engine.variants import ConfigError, build_variant, variant_to_table

#: Theme names used when the ``themes`` package cannot be found (see :func:`theme_names`).
THEMES: tuple[str, ...] = ("felt", "high-contrast")
#: Keys allowed at the top level of the file.
TABLE_KEYS: tuple[str, ...] = ("game", "seed", "theme", "log_dir", "pace", "undo", "seats", "rules", "keys")
#: Keys allowed in each ``[[seats]]`` table.
SEAT_KEYS: tuple[str, ...] = ("spec",)
#: Allowed range of ``pace`` (seconds between bot moves).
PACE_RANGE: tuple[float, float] = (0.0, 10.0)
#: Largest allowed seed (seeds are 0..2**63-1 so they fit any log reader).
MAX_SEED = 2**63 - 1
DEFAULT_GAME = "nags"
DEFAULT_THEME = "felt"
DEFAULT_PACE = 0.6
#: Longest key name in ``[keys]`` (Textual's longest, ``ctrl+shift+pageup``, has 17 characters).
MAX_KEY_NAME = 32
#: Largest config file read (a real one is a few KB); a bigger file is refused unread.
MAX_CONFIG_BYTES = MB

_TOML_POS = re.compile(r"\s*\(at line (\d+), column (\d+)\)\s*$")


@dataclass
class TableConfig:
    """One table: what is played, by whom, under which house rules, and how it looks.

    Attributes:
        game: game id (``engine.games.ALL_IDS``; must be available).
        seed: seed for the chance steps, or None for a fresh random one.
        theme: one of :func:`theme_names` (``felt``, ``high-contrast``, ...).
        log_dir: folder for game logs, or None for ``engine.gamelog.default_log_dir()``.
        pace: seconds between bot moves (0..10).
        undo: the house option for taking moves back against bots, one of
            ``engine.undo.UNDO_MODES``: ``"off"``, ``"own_turn"`` (default: your last
            turn), ``"free"`` (turn by turn, as far back as you like).
        seats: who sits where, seat 0 first (clockwise).
        rules: game id -> validated variant object, for games with a ``[rules.<id>]`` table.
        keys: action id -> key name (Textual key syntax, e.g. ``"ctrl+z"``).
        source: where the values came from (a path or ``"defaults"``), for error messages.
    """

    game: str = DEFAULT_GAME
    seed: int | None = None
    theme: str = DEFAULT_THEME
    log_dir: Path | None = None
    pace: float = DEFAULT_PACE
    undo: str = DEFAULT_UNDO
    seats: list[SeatSpec] = field(default_factory=list)
    rules: dict[str, Any] = field(default_factory=dict)
    keys: dict[str, str] = field(default_factory=dict)
    source: str = field(default="defaults", compare=False)

    def variant_for(self, game_id: str | None = None) -> Any:
        """The house rules for ``game_id`` (default: this table's game): the
        ``[rules.<id>]`` table if given, else the game's default variant.

        Raises:
            UnknownGame: if the game is unknown or not available yet.
        """
        gid = game_id or self.game
        if gid in self.rules:
            return self.rules[gid]
        return get_game(gid).variant_class()

    def with_overrides(self, *, game: str | None = None, seats: list[SeatSpec] | None = None,
                       seed: int | None = None, log_dir: Path | None = None,
                       undo: str | None = None, source: str = "command line") -> "TableConfig":
        """A copy with command-line values in place of the file's, re-validated.

        Args:
            game: a game id to play instead of ``self.game``.
            seats: seats to use instead of the file's (None keeps them).
            seed: a seed instead of the file's (None keeps it).
            log_dir: a log folder instead of the file's (None keeps it).
            undo: an undo option instead of the file's (None keeps it).
            source: named in error messages.

        Raises:
            ConfigError: unknown/unavailable game, a bot level the game lacks,
                a seat count the game does not allow, or an unknown undo option.
        """
        new = replace(self, game=game or self.game,
                      seats=list(seats) if seats else list(self.seats),
                      seed=self.seed if seed is None else seed,
                      log_dir=self.log_dir if log_dir is None else log_dir,
                      undo=self.undo if undo is None else undo)
        check_seed(new.seed, source, "seed")
        check_undo(new.undo, source, "undo" if undo is None else "--undo")
        gid = check_game(new.game, source, "game" if game is None else "GAME")
        if not new.seats:
            new.seats = default_seats(gid)
        elif not seats and gid != self.game:
            # Another game than the file's, and no --seat: the file's seats were
            # chosen for its own game; keep them only if they fit this one.
            try:
                check_seats(gid, new.seats, source, "seats")
            except ConfigError:
                new.seats = default_seats(gid)
        check_seats(gid, new.seats, source, "seats" if seats is None else "--seat")
        return new


def theme_names() -> tuple[str, ...]:
    """The themes the app ships: the ``name`` of each ``themes/*.toml`` file,
    ``felt`` first. The files are read with ``tomllib``; the ``themes``
    package itself (which imports Textual) is located but never imported.
    Falls back to :data:`THEMES` if the package is not installed."""
    import importlib.util
    spec = importlib.util.find_spec("themes")
    names: list[str] = []
    for folder in (spec.submodule_search_locations or []) if spec else []:
        for path in sorted(Path(folder).glob("*.toml")):
            try:
                name = tomllib.loads(path.read_text(encoding="utf-8")).get("name", path.stem)
            except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError):
                continue
            if isinstance(name, str) and name not in names:
                names.append(name)
    if not names:
        return THEMES
    return tuple(sorted(names, key=lambda n: (n != DEFAULT_THEME, n)))


# -- defaults ---------------------------------------------------------------

def default_config_path() -> Path:
    """The per-user config file: ``platformdirs.user_config_path("cardtable") / "config.toml"``."""
    from platformdirs import user_config_path
    return user_config_path("cardtable") / "config.toml"


def default_seats(game_id: str = DEFAULT_GAME, n: int | None = None) -> list[SeatSpec]:
    """You plus ``n - 1`` bots of :func:`engine.games.default_level` (``easy``
    where the game has it). ``n`` defaults to three seats where the game allows
    it (two for Spite & Malice, four for Noms)."""
    game = get_game(game_id)
    level = default_level(game_id)
    if n is None:
        n = min(max(3, game.min_seats), game.max_seats)
    return [SeatSpec("human")] + [SeatSpec("ai", level) for _ in range(n - 1)]


def default_table() -> TableConfig:
    """The table used when there is no config file: Nags, you and two easy bots
    (random bots if the easy level is missing), felt theme, pace 0.6 s."""
    return TableConfig(seats=default_seats(DEFAULT_GAME))


def load_default_config() -> TableConfig:
    """:func:`load_config` of :func:`default_config_path` if that file exists,
    else :func:`default_table`.

    Raises:
        ConfigError: for any mistake in the file.
    """
    path = default_config_path()
    return load_config(path) if path.is_file() else default_table()


# -- loading ----------------------------------------------------------------

def load_config(path: str | Path) -> TableConfig:
    """Read and validate a config file.

    A relative ``log_dir`` is taken relative to the file's folder.

    Raises:
        ConfigError: naming the file, the key and the allowed values, for an
            unreadable file, a path that is not a regular file (a folder,
            ``/dev/zero``, a pipe), a file over :data:`MAX_CONFIG_BYTES`, bad TOML syntax (with its line and column), an
            unknown key, a wrong type, a value out of range, an unknown or
            unavailable game, an unknown theme, a bad seat spec, a bot level the
            game lacks, or a seat count the game does not allow.
    """
    path = Path(path)
    source = str(path)
    try:
        text = read_capped(path, MAX_CONFIG_BYTES, "config file").decode("utf-8")
    except FileNotFoundError:
        raise ConfigError(source, "", "no such config file") from None
    except UnicodeDecodeError:
        raise ConfigError(source, "", "the file is not UTF-8 text") from None
    except FileTooLarge as exc:
        raise ConfigError(source, "", str(exc.strerror)) from None
    except OSError as exc:
        if exc.errno == errno.EINVAL and exc.strerror and exc.strerror.startswith("not a regular file"):
            raise ConfigError(source, "", f"cannot read the file: {exc.strerror}; a config is a TOML file") from None
        raise ConfigError(source, "", f"cannot read the file ({exc.strerror or exc})") from None
    try:
        data = tomllib.loads(text)
    except RecursionError:  # tomllib recurses once per nested array or inline table
        raise ConfigError(source, "", f"tables or arrays nested too deeply; a config nests at most "
                                      f"{MAX_CONFIG_DEPTH} levels") from None
    except tomllib.TOMLDecodeError as exc:
        msg = str(exc)
        m = _TOML_POS.search(msg)
        if m:
            msg = msg[:m.start()]
            raise ConfigError(source, "", f"line {m.group(1)}, column {m.group(2)}: "
                                          f"bad TOML syntax: {msg}") from None
        raise ConfigError(source, "", f"bad TOML syntax: {msg}") from None
    except ValueError:  # tomllib's int() of a number too long to convert (over 4,300 digits)
        found = long_int_in_text(text)
        where = f"line {found[0]}: " if found else ""
        raise ConfigError(source, "", where + int_too_long(found[1] if found else 4301)) from None
    return parse_config(data, source=source, base_dir=path.parent)


def parse_config(data: Mapping[str, Any], *, source: str = "config",
                 base_dir: Path | None = None) -> TableConfig:
    """Validate a table already read by ``tomllib`` (see :func:`load_config`).

    Args:
        data: the TOML document as a dict.
        source: file name (or other origin) named in errors.
        base_dir: folder a relative ``log_dir`` is resolved against (None: as given).

    Raises:
        ConfigError: for every mistake (see :func:`load_config`), and for tables or
            arrays nested over ``engine.inputs.MAX_CONFIG_DEPTH`` levels or an integer of
            over ``engine.inputs.MAX_INT_DIGITS`` digits anywhere in it.
    """
    deep = too_deep(data, MAX_CONFIG_DEPTH)
    if deep is not None:
        raise ConfigError(source, deep, f"nested too deeply; a config nests at most {MAX_CONFIG_DEPTH} levels")
    huge = long_int(data)
    if huge is not None:
        raise ConfigError(source, huge[0], int_too_long(huge[1]))
    for key in data:
        if key not in TABLE_KEYS:
            raise ConfigError(source, key, "unknown key; valid keys are " + ", ".join(TABLE_KEYS))
    cfg = TableConfig(source=source)

    if "game" in data:
        cfg.game = _want_str(data["game"], source, "game", "one of " + ", ".join(ALL_IDS))
    check_game(cfg.game, source, "game")

    if "seed" in data:
        cfg.seed = data["seed"]
        check_seed(cfg.seed, source, "seed")

    if "theme" in data:
        cfg.theme = _parse_theme(data["theme"], source)

    if "log_dir" in data:
        cfg.log_dir = _parse_log_dir(data["log_dir"], source, base_dir)

    if "pace" in data:
        cfg.pace = _parse_pace(data["pace"], source)

    if "undo" in data:
        cfg.undo = _want_str(data["undo"], source, "undo", _choices(UNDO_MODES))
        check_undo(cfg.undo, source, "undo")

    if "seats" in data:
        cfg.seats = _parse_seats(data["seats"], source)
    else:
        cfg.seats = default_seats(cfg.game)
    check_seats(cfg.game, cfg.seats, source, "seats")

    if "rules" in data:
        cfg.rules = _parse_rules(data["rules"], source)

    if "keys" in data:
        cfg.keys = _parse_keys(data["keys"], source)
    return cfg


def _parse_theme(value: Any, source: str) -> str:
    """``theme``: one of the themes found (:func:`theme_names`)."""
    names = theme_names()
    theme = _want_str(value, source, "theme", _choices(names))
    if theme not in names:
        raise ConfigError(source, "theme", f"unknown theme {brief(theme)}; choose one of {_choices(names)}")
    return theme


def _parse_log_dir(value: Any, source: str, base_dir: Path | None) -> Path:
    """``log_dir``: a folder path (``~`` expanded; relative to ``base_dir`` when given), not a file."""
    raw = _want_str(value, source, "log_dir", "a folder path")
    if not raw.strip():
        raise ConfigError(source, "log_dir", "empty path; give a folder path or leave log_dir out")
    bad = control_char(raw)
    if bad is not None:
        raise ConfigError(source, "log_dir", f"the path holds the control character {bad}; "
                                             "give a folder path of printable characters")
    p = Path(raw).expanduser()
    folder = base_dir / p if (base_dir is not None and not p.is_absolute()) else p
    if folder.exists() and not folder.is_dir():
        raise ConfigError(source, "log_dir", f"{folder} is a file, not a folder; give a folder for the logs")
    return folder


def _parse_pace(pace: Any, source: str) -> float:
    """``pace``: seconds between bot moves, within :data:`PACE_RANGE`."""
    lo, hi = PACE_RANGE
    if isinstance(pace, bool) or not isinstance(pace, (int, float)):
        raise ConfigError(source, "pace", f"expected a number of seconds, got {brief(pace)}; allowed: {lo}..{hi}")
    if not lo <= pace <= hi:
        raise ConfigError(source, "pace", f"{pace} is out of range; allowed: {lo}..{hi} seconds")
    return float(pace)


def _choices(values: Iterable[str]) -> str:
    return ", ".join(f'"{v}"' for v in values)


def _want_str(value: Any, source: str, key: str, allowed: str) -> str:
    if not isinstance(value, str):
        raise ConfigError(source, key, f"expected a string, got {brief(value)} ({type(value).__name__}); "
                                       f"allowed: {allowed}")
    return value


def check_game(game_id: str, source: str, key: str = "game") -> str:
    """``game_id`` if it names an available game.

    Raises:
        ConfigError: listing the game ids, or saying the game is not available yet.
    """
    try:
        get_game(game_id)
    except UnknownGame as exc:
        raise ConfigError(source, key, str(exc)) from None
    return game_id


def check_seed(seed: Any, source: str, key: str = "seed") -> None:
    """Accept ``None`` or an int in ``0..2**63-1``.

    Raises:
        ConfigError: for another type or a value out of range.
    """
    if seed is None:
        return
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ConfigError(source, key, f"expected an integer, got {brief(seed)}; allowed: 0..{MAX_SEED} or omitted")
    if not 0 <= seed <= MAX_SEED:
        raise ConfigError(source, key, f"{brief(seed)} is out of range; allowed: 0..{MAX_SEED}")


def check_undo(mode: Any, source: str, key: str = "undo") -> str:
    """``mode`` if it is one of ``engine.undo.UNDO_MODES`` (the house option ``undo``).

    Raises:
        ConfigError: naming the key and the choices.
    """
    if mode not in UNDO_MODES:
        raise ConfigError(source, key, f"unknown undo option {brief(mode)}; choose one of {_choices(UNDO_MODES)} "
                                       f'("off": no undo, "own_turn": your last turn, "free": turn by turn)')
    return str(mode)


def check_seats(game_id: str, seats: list[SeatSpec], source: str, key: str = "seats") -> None:
    """Check the seat count and every bot level against the game.

    Raises:
        ConfigError: naming the allowed seat range or the game's bot levels.
    """
    game = get_game(game_id)
    for i, seat in enumerate(seats):
        problem = None if seat.is_human else seat_level_problem(game_id, seat.level or "random")
        if problem:
            raise ConfigError(source, _seat_key(key, i), problem)
    err = game.seat_range_error(len(seats))
    if err:
        raise ConfigError(source, key, err)


def _seat_key(key: str, i: int) -> str:
    return f"seats[{i}].spec" if key == "seats" else f"{key} (seat {i})"


def _parse_seats(raw: Any, source: str) -> list[SeatSpec]:
    shape = 'each seat is a [[seats]] table with spec = "human[:NAME]" or "ai:LEVEL[:NAME]"'
    if not isinstance(raw, list):
        raise ConfigError(source, "seats", f"expected an array of tables; {shape}")
    seats = []
    for i, entry in enumerate(raw):
        where = f"seats[{i}]"
        if not isinstance(entry, dict):
            raise ConfigError(source, where, f"expected a table, got {brief(entry)}; {shape}")
        for k in entry:
            if k not in SEAT_KEYS:
                raise ConfigError(source, f"{where}.{k}", "unknown key; valid keys are " + ", ".join(SEAT_KEYS))
        if "spec" not in entry:
            raise ConfigError(source, f"{where}.spec", f"missing; {shape}")
        spec = _want_str(entry["spec"], source, f"{where}.spec", "human[:NAME] or ai:LEVEL[:NAME]")
        try:
            seats.append(SeatSpec.parse(spec))
        except SeatSpecError as exc:
            raise ConfigError(source, f"{where}.spec", str(exc)) from None
    return seats


def _parse_rules(raw: Any, source: str) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise ConfigError(source, "rules", "expected tables such as [rules.nags]; "
                                           "game ids are " + ", ".join(ALL_IDS))
    rules = {}
    for gid, table in raw.items():
        key = f"rules.{gid}"
        if gid not in ALL_IDS:
            raise ConfigError(source, key, "unknown game; game ids are " + ", ".join(ALL_IDS))
        if not isinstance(table, dict):
            raise ConfigError(source, key, f"expected a table [{key}] of option = value lines")
        rules[gid] = build_variant(get_game(check_game(gid, source, key)).variant_class, table, source=source,
                                   section=key)
    return rules


def _parse_keys(raw: Any, source: str, prefix: str = "keys.") -> dict[str, str]:
    if not isinstance(raw, dict):
        raise ConfigError(source, "keys", 'expected a table [keys] of action = "key" lines')
    keys: dict[str, str] = {}
    for action, key in raw.items():
        if isinstance(key, dict):  # `table.hint = "f2"` in TOML is a nested table: flatten the dotted id
            keys.update({f"{action}.{sub}": k for sub, k in _parse_keys(key, source, f"{prefix}{action}.").items()})
            continue
        if not isinstance(key, str) or not key or any(ch.isspace() for ch in key) or len(key) > MAX_KEY_NAME:
            raise ConfigError(source, f"{prefix}{action}", f"expected a key name such as \"h\" or \"ctrl+z\" "
                                                        f"(no spaces, at most {MAX_KEY_NAME} characters), "
                                                        f"got {brief(key)}")
        keys[action] = key
    return keys


def resolve_keys(keys: dict[str, str], action_ids: Iterable[str], source: str = "config") -> dict[str, str]:
    """The ``[keys]`` table with short names expanded to binding ids.

    A key of ``keys`` is a binding id (``app.rules``, ``table.hint``) or a short
    name, the part after the last dot (``rules``), which remaps every binding of
    that name (``app.rules`` and ``table.rules``). An id given in full wins over
    a short name for the same binding.

    Args:
        keys: action id or short name -> key name (Textual key syntax).
        action_ids: every binding id the app has (the engine does not know them).
        source: the file named in an error.
    Returns:
        binding id -> key name.
    Raises:
        ConfigError: for a name that is neither, naming ``keys.NAME`` and the
            closest valid names (``difflib``), or all of them when there are few.
    """
    given = list(dict.fromkeys(action_ids))
    valid = sorted(given)
    by_short: dict[str, list[str]] = {}
    for aid in valid:
        by_short.setdefault(aid.rsplit(".", 1)[-1], []).append(aid)
    out: dict[str, str] = {}
    for action, key in keys.items():
        if action in valid:
            continue
        if action not in by_short:
            close = difflib.get_close_matches(action, sorted(set(valid) | set(by_short)), n=4, cutoff=0.5)
            if close:
                hint = "did you mean " + " or ".join(close) + "?"
            elif len(given) <= 8:
                hint = "valid actions are " + ", ".join(given)
            else:
                hint = "use a binding id such as app.rules or table.hint, or its short name (rules, hint)"
            raise ConfigError(source, f"keys.{action}", f"unknown action; {hint}")
        for aid in by_short[action]:
            out[aid] = key
    out.update({a: k for a, k in keys.items() if a in valid})
    return out


def check_keys(cfg: TableConfig, action_ids: Iterable[str]) -> None:
    """Check that every remapped action in ``cfg.keys`` is one the app has (a
    binding id or its short name, see :func:`resolve_keys`).

    The engine does not know the app's actions; the TUI calls this with its
    binding ids.

    Raises:
        ConfigError: naming the unknown action and the closest valid names.
    """
    resolve_keys(cfg.keys, action_ids, cfg.source)


# -- saving -----------------------------------------------------------------

def config_to_table(cfg: TableConfig) -> dict[str, Any]:
    """The config as a TOML-ready dict (``seed``/``log_dir`` left out when None)."""
    out: dict[str, Any] = {"game": cfg.game}
    if cfg.seed is not None:
        out["seed"] = cfg.seed
    out["theme"] = cfg.theme
    if cfg.log_dir is not None:
        out["log_dir"] = str(cfg.log_dir)
    out["pace"] = float(cfg.pace)
    out["undo"] = cfg.undo
    out["seats"] = [{"spec": str(s)} for s in cfg.seats]
    if cfg.rules:
        out["rules"] = {gid: variant_to_table(v) for gid, v in cfg.rules.items()}
    if cfg.keys:
        out["keys"] = dict(cfg.keys)
    return out


def save_config(cfg: TableConfig, path: str | Path) -> None:
    """Write ``cfg`` as TOML (``tomli_w``), creating the folder if needed.

    Raises:
        OSError: if the file cannot be written.
    """
    import tomli_w
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(tomli_w.dumps(config_to_table(cfg)), encoding="utf-8")


def variant_for(table: Any, game_id: str) -> Any:
    """The validated variant of ``game_id`` in a table config (its ``rules``
    entry, which may be a variant object or a raw TOML table; defaults if absent).

    Raises:
        engine.variants.ConfigError: for a raw table with a bad option.
        engine.games.UnknownGame: for a game that is not available.
    """
    game = get_game(game_id)
    rules = getattr(table, "rules", None) or {}
    entry = rules.get(game_id)
    if isinstance(entry, game.variant_class):
        return entry
    return build_variant(game.variant_class, entry or {}, source="config", section=f"rules.{game_id}")
