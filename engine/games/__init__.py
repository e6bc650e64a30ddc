"""The game registry: game id -> :class:`engine.core.Game`.

Game ids are the same everywhere (CLI, config, logs): ``nogginate``, ``nags``,
``noms``, ``spite_malice``, ``nickels``. Games not built yet are listed in
:data:`PLANNED` so the CLI can say so instead of failing obscurely.
"""

from __future__ import annotations

from engine.core import Game
from engine.games.nags import Nags
from engine.games.noms import Noms
from engine.games.spite_malice import SpiteMalice

GAMES: dict[str, type[Game]] = {Nags.id: Nags, Noms.id: Noms, SpiteMalice.id: SpiteMalice}

#: Game ids that exist in the product but whose rules are not implemented yet.
PLANNED: dict[str, str] = {
    "nogginate": "Nogginate",
    "nickels": "Nickels",
}

ALL_IDS = ("nogginate", "nags", "noms", "spite_malice", "nickels")


class UnknownGame(ValueError):
    """Raised for a game id that is not a game, or not available yet."""


def get_game(game_id: str) -> type[Game]:
    """The game class for ``game_id``.

    Raises:
        UnknownGame: with the valid ids, or saying the game is not available yet.
    """
    if game_id in GAMES:
        return GAMES[game_id]
    if game_id in PLANNED:
        raise UnknownGame(f"{PLANNED[game_id]} ({game_id}) is not available yet; "
                          f"available: {', '.join(GAMES)}")
    raise UnknownGame(f"unknown game {game_id!r}; games are {', '.join(ALL_IDS)}")
