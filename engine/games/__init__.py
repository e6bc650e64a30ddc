"""The game registry: game id -> :class:`engine.spec.GameSpec`, and bots by level.

Game ids are the same everywhere (CLI, config, logs): ``nags``, ``noms``,
``spite_malice``, ``nickels``, ``nogginate``. Each game is one package
(``engine/games/<id>/``) exporting one ``SPEC``. :data:`TITLES` is the one list
of games (id and title, in the order games are offered); :data:`SPECS` maps the
same ids to their specs and imports a game's package only when its spec is
first asked for, so ``cardtable --help``, the setup screen's list of games and
the table of one game never import the other four (issue 22: a game's package
costs 0.05 to 0.3 s of CPU to import). Adding a game means adding its package
and one line to :data:`TITLES` (its table is found as ``tui.games.<id>``).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Callable, Generic, Iterator, Mapping, TypeVar

if TYPE_CHECKING:  # imported where used: ``cardtable --help`` reads TITLES and nothing more
    from engine.ai.base import Bot
    from engine.core import Game
    from engine.spec import GameSpec

#: game id -> the game's title (``Game.title``); the order is the order games are offered in.
TITLES: dict[str, str] = {
    "nags": "Nags",
    "noms": "Noms (Nomination Whist)",
    "spite_malice": "Naglma's Spite & Malice",
    "nickels": "Nickels",
    "nogginate": "Nogginate",
}


class UnknownGame(ValueError):
    """Raised for a game id that is not a game, or whose package cannot be loaded."""


class GameNotLoaded(UnknownGame):
    """A game of :data:`TITLES` whose package failed to import (an install that lacks a part)."""


def _load_spec(game_id: str) -> GameSpec:
    """Import ``engine.games.<game_id>`` and return its ``SPEC``.

    Raises:
        GameNotLoaded: naming the game and the import error.
    """
    try:
        spec = importlib.import_module(f"{__name__}.{game_id}").SPEC
    except ImportError as err:
        raise GameNotLoaded(f"{TITLES[game_id]} ({game_id}) could not be loaded ({err}); "
                            "reinstall cardtable with pip install .") from err
    if spec.id != game_id:
        raise GameNotLoaded(f"the package engine.games.{game_id} describes {spec.id!r}, not {game_id!r}")
    return spec


V = TypeVar("V")


class LazyRegistry(Mapping[str, V], Generic[V]):
    """A read-only mapping over a fixed tuple of game ids whose values are made on first
    access (``load(game_id)``) and kept. ``in``, ``len`` and iteration never load anything.

    Args:
        ids: the keys, in order.
        load: ``load(game_id) -> value``; it may raise (e.g. :class:`GameNotLoaded`).
    """

    def __init__(self, ids: tuple[str, ...], load: Callable[[str], V]) -> None:
        self._ids = ids
        self._load = load
        self._loaded: dict[str, V] = {}

    def __getitem__(self, game_id: str) -> V:
        try:
            return self._loaded[game_id]
        except KeyError:
            if game_id not in self._ids:
                raise
        value = self._loaded[game_id] = self._load(game_id)
        return value

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._ids

    def __iter__(self) -> Iterator[str]:
        return iter(self._ids)

    def __len__(self) -> int:
        return len(self._ids)

    def loaded(self) -> tuple[str, ...]:
        """The ids whose value has been made so far."""
        return tuple(self._loaded)

    def forget(self, game_id: str) -> None:
        """Drop a made value, so the next access loads it again (tests)."""
        self._loaded.pop(game_id, None)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(self._ids)}; loaded: {', '.join(self._loaded) or 'none'})"


#: game id -> its descriptor, loaded on first access (the order of :data:`TITLES`).
SPECS: LazyRegistry[GameSpec] = LazyRegistry(tuple(TITLES), _load_spec)

#: game id -> its :class:`engine.core.Game` class (``SPECS[id].game``, loaded with it).
GAMES: LazyRegistry[type[Game]] = LazyRegistry(tuple(SPECS), lambda gid: SPECS[gid].game)

#: Every game id, in the order games are offered (the keys of :data:`SPECS`).
ALL_IDS: tuple[str, ...] = tuple(SPECS)


def game_title(game_id: str) -> str:
    """The player-facing name of a game id, without importing the game (the id itself
    for an id that is not a game)."""
    return TITLES.get(game_id, game_id)


def get_spec(game_id: str) -> GameSpec:
    """The descriptor of ``game_id`` (its package is imported on first use).

    Raises:
        UnknownGame: with the valid ids; GameNotLoaded (an UnknownGame) if its package fails to import.
    """
    if game_id not in SPECS:
        from engine.inputs import brief  # a 900 KB game id is quoted by a short prefix
        raise UnknownGame(f"unknown game {brief(game_id)}; games are {', '.join(ALL_IDS)}")
    return SPECS[game_id]


def get_game(game_id: str) -> type[Game]:
    """The game class for ``game_id``.

    Raises:
        UnknownGame: see :func:`get_spec`.
    """
    return get_spec(game_id).game


def levels_for(game_id: str) -> list[str]:
    """The bot levels available for a game, weakest first (``random`` always is;
    an unknown game has only ``random``)."""
    return SPECS[game_id].levels() if game_id in SPECS else ["random"]


def default_level(game_id: str) -> str:
    """The level new AI seats get: ``easy`` where the game has it (fast and
    decent; the search levels ``medium``/``hard`` are chosen on purpose), else ``random``."""
    return "easy" if "easy" in levels_for(game_id) else "random"


def seat_level_problem(game_id: str, level: str) -> str | None:
    """Why a bot of ``level`` (with an optional search budget, ``hard@1.6``) cannot sit at a
    ``game_id`` table, or None when it can: the one rule for a config's seats, a ``--seat``
    and a log header's seats. The level must be one of the game's seat levels
    (``GameSpec.seat_levels``) and the budget within ``engine.ai.base.parse_level``'s bounds.

    Raises:
        UnknownGame: for a game id that is not available.
    """
    from engine.ai.base import parse_level
    from engine.inputs import brief
    try:
        base = parse_level(level)[0]
    except ValueError as err:
        return str(err)
    spec = get_spec(game_id)
    if base not in spec.seat_levels():
        return f"no {brief(base)} bot for {spec.game.title}; levels: {', '.join(spec.levels())}"
    return None


def make_bot(game_id: str, level: str) -> Bot:
    """A new bot of ``level`` for ``game_id``; ``level`` may carry a search
    budget (``hard@1.6``, ``hard@500it``; see :func:`engine.ai.base.parse_level`).

    Raises:
        ValueError: naming the levels available for that game, or for a bad budget.
        UnknownGame: for a game id that is not available.
    """
    from engine.ai.base import RandomBot, parse_level
    if level == "random":
        return RandomBot()
    base, seconds, iterations = parse_level(level)
    return get_spec(game_id).make_bot(base, seconds, iterations)


def make_search_bot(game_id: str, level: str = "hard", budget_s: float | None = None,
                    iterations: int | None = None) -> Bot:
    """A search bot (``medium`` or ``hard``) of ``game_id`` with an optional budget
    (seconds per decision, or iterations per decision).

    Raises:
        ValueError: if the game has no such level.
    """
    return get_spec(game_id).make_bot(level, budget_s, iterations)


__all__ = ["ALL_IDS", "GAMES", "GameNotLoaded", "LazyRegistry", "SPECS", "TITLES", "UnknownGame", "default_level",
           "game_title", "get_game", "get_spec", "levels_for", "make_bot", "make_search_bot", "seat_level_problem"]
