"""The Nogginate table: its screen, wording and palette (its own faces and
colours), described by :data:`TABLE`."""

from __future__ import annotations

from tui.games.spec import TableSpec

TABLE = TableSpec(
    game_id="nogginate",
    screen="tui.games.nogginate.table:NogginateTableScreen",
    palette="tui.games.nogginate.palette:PALETTE",
)
