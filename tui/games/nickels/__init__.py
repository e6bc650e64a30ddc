"""The Nickels table: its screen, widgets, wording, described by :data:`TABLE`."""

from __future__ import annotations

from tui.games.spec import TableSpec

TABLE = TableSpec(
    game_id="nickels",
    screen="tui.games.nickels.table:NickelsTableScreen",
)
