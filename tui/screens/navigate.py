"""How a screen asks to go somewhere (issue 24): it posts one of these messages and the app
(:class:`tui.app.CardtableApp`) handles it, so no screen calls an app method it cannot type.

A message posted by a screen bubbles to its app. An app without a handler (a test's bare app)
ignores it; :class:`GoBack` has a default a screen can use itself (:func:`go_back`).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:
    from textual.app import App

    from engine.config import TableConfig

__all__ = ["GoBack", "OpenLog", "RequestQuit", "ShowHowto", "ShowRecent", "ShowStats", "StartTable", "go_back"]


class OpenLog(Message):
    """Open the log at ``path``: resume the match (``resume``) or replay it."""

    def __init__(self, path: str | os.PathLike[str], *, resume: bool) -> None:
        super().__init__()
        self.path = path
        self.resume = resume


class ShowRecent(Message):
    """Show the recent-games list."""


class ShowStats(Message):
    """Show the statistics (of ``game_id``, or all games)."""

    def __init__(self, game_id: str | None = None) -> None:
        super().__init__()
        self.game_id = game_id


class ShowHowto(Message):
    """Show how to play ``game_id`` (None: the game of the screen shown)."""

    def __init__(self, game_id: str | None = None) -> None:
        super().__init__()
        self.game_id = game_id


class RequestQuit(Message):
    """Leave the program (the app asks first when a match is running)."""


class StartTable(Message):
    """Start a match from the table config ``table`` (the setup screen's form)."""

    def __init__(self, table: TableConfig) -> None:
        super().__init__()
        self.table = table


class GoBack(Message):
    """Back to the previous screen, or quit when this one is the only one above the base."""


def go_back(app: App) -> None:
    """:class:`GoBack`'s meaning: pop the screen shown, or leave when it is the only one."""
    if len(app.screen_stack) > 2:
        app.pop_screen()
    else:
        app.exit()
