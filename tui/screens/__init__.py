"""The screens of the cardtable app, and the lookup of each game's table screen.

:data:`TABLE_SCREENS` maps a game id to ``"module:Class"`` (from the table
registry :data:`tui.games.TABLES`); the module is imported only when a match of
that game is shown (so a game's screen may be missing or broken without
breaking the app).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from engine.session import TableSession
from tui.games import TABLES, load

if TYPE_CHECKING:
    from tui.screens.base_table import BaseTableScreen

#: game id -> ``"module:Class"`` of its table screen (a ``BaseTableScreen`` subclass).
TABLE_SCREENS: dict[str, str] = {gid: spec.screen for gid, spec in TABLES.items()}


class TableScreenError(LookupError):
    """No table screen can be shown for a game; ``str(err)`` is one sentence for the player."""


def _game_of(session: TableSession) -> tuple[str, str]:
    return session.game.id, session.game.title


def has_table_screen(game_id: str) -> bool:
    """True when :data:`TABLE_SCREENS` names a screen for ``game_id`` (not imported yet)."""
    return game_id in TABLE_SCREENS


def table_screen_class(game_id: str, title: str | None = None) -> type[BaseTableScreen[Any]]:
    """The table screen class for ``game_id``, imported now (never cached, so
    tests may swap the module), with the game's palette registered.

    Raises:
        TableScreenError: the game has no table screen, or its module or class
            cannot be loaded (the message names the game, never a traceback).
    """
    title = title or game_id
    target = TABLE_SCREENS.get(game_id)
    if target is None:
        raise TableScreenError(f"{title} cannot be played at the table yet: it has no table screen.")
    try:
        spec = TABLES.get(game_id)
        if spec is not None:
            spec.load_palette()
        return cast("type[BaseTableScreen[Any]]", load(target))
    except (ImportError, AttributeError) as err:
        raise TableScreenError(f"The table screen for {title} could not be loaded ({err}).") from err


def table_screen_for(session: TableSession, pace: float = 0.6) -> BaseTableScreen[Any]:
    """A new table screen for ``session``'s game (``session.game.id``), built as
    ``Class(session, pace=pace)``, a ``BaseTableScreen`` subclass.

    Raises:
        TableScreenError: see :func:`table_screen_class`.
    """
    gid, title = _game_of(session)
    cls = table_screen_class(gid, title)
    return cls(session, pace=pace)


__all__ = ["TABLE_SCREENS", "TableScreenError", "has_table_screen", "table_screen_class", "table_screen_for"]
