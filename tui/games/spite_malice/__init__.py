"""The spite_malice table: its screen, widgets, wording, described by :data:`TABLE`."""

from __future__ import annotations

from tui.games.spec import TableSpec

TABLE = TableSpec(
    game_id="spite_malice",
    screen="tui.games.spite_malice.table:SpiteMaliceTableScreen",
)
