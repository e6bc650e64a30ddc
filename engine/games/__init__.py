"""The game registry: game id -> :class:`engine.spec.GameSpec`, and bots by level.

Game ids are the same everywhere (CLI, config, logs): ``nogginate``, ``nags``,
``noms``, ``spite_malice``, ``nickels``. Each game is one package
(``engine/games/<id>/``) exporting one ``SPEC``; :data:`SPECS` is the one
registry. Games not built yet are listed in :data:`PLANNED` so the CLI can say
so instead of failing obscurely. Adding a game means adding its package and one
line to :data:`SPECS` (and its table to ``tui.games``).
"""

from __future__ import annotations

from engine.ai.base import Bot, RandomBot, parse_level
from engine.core import Game
from engine.games import nags, nickels, nogginate, noms, spite_malice
from engine.inputs import brief
from engine.spec import GameSpec

#: game id -> its descriptor; the order is the order games are offered in.
SPECS: dict[str, GameSpec] = {spec.id: spec for spec in (nags.SPEC, noms.SPEC, spite_malice.SPEC, nickels.SPEC,
                                                          nogginate.SPEC)}

#: game id -> its :class:`engine.core.Game` class (derived from :data:`SPECS`).
GAMES: dict[str, type[Game]] = {gid: spec.game for gid, spec in SPECS.items()}

#: Game ids that exist in the product but whose rules are not implemented yet.
PLANNED: dict[str, str] = {gid: title for gid, title in (("nogginate", "Nogginate"), ("nickels", "Nickels"))
                           if gid not in SPECS}

ALL_IDS = ("nogginate", "nags", "noms", "spite_malice", "nickels")


class UnknownGame(ValueError):
    """Raised for a game id that is not a game, or not available yet."""


def get_spec(game_id: str) -> GameSpec:
    """The descriptor of ``game_id``.

    Raises:
        UnknownGame: with the valid ids, or saying the game is not available yet.
    """
    spec = SPECS.get(game_id)
    if spec is not None:
        return spec
    if game_id in PLANNED:
        raise UnknownGame(f"{PLANNED[game_id]} ({game_id}) is not available yet; "
                          f"available: {', '.join(SPECS)}")
    raise UnknownGame(f"unknown game {brief(game_id)}; games are {', '.join(ALL_IDS)}")


def get_game(game_id: str) -> type[Game]:
    """The game class for ``game_id``.

    Raises:
        UnknownGame: see :func:`get_spec`.
    """
    return get_spec(game_id).game


def levels_for(game_id: str) -> list[str]:
    """The bot levels available for a game, weakest first (``random`` always is;
    an unknown game has only ``random``)."""
    spec = SPECS.get(game_id)
    return spec.levels() if spec is not None else ["random"]


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


__all__ = ["ALL_IDS", "GAMES", "PLANNED", "SPECS", "UnknownGame", "default_level", "get_game", "get_spec",
           "levels_for", "make_bot", "make_search_bot", "seat_level_problem"]
