"""Start-up imports only what the first screen needs (issue 22: "Start fast").

The time itself is measured in ``benchmarks/startup.py``, never in a test; these tests
check the structure that makes it fast, each in a fresh interpreter (``sys.modules``):
the app module, the CLI and ``--help`` import no game, and a table of one game imports
that game's engine and table only (not the other four, the setup screen, the how-to's
Markdown or the statistics)."""

from __future__ import annotations

from import_support import loaded_after

NOTHING = {"games": [], "tables": [], "other": []}


def test_importing_the_app_imports_no_game_and_no_screen_it_does_not_show_first():
    assert loaded_after("import tui.app") == NOTHING


def test_the_cli_and_its_help_import_no_game_and_no_markdown():
    """``--help`` is plain text: typer's Rich help imports rich.markdown (about 0.2 s with its panels)."""
    assert loaded_after("import tui.cli")["games"] == []
    code = """
import sys
from tui.cli import main
sys.argv = ["cardtable", "--help"]
try:
    main()
except SystemExit:
    pass
"""
    assert loaded_after(code) == NOTHING


def test_a_table_of_one_game_imports_that_game_only(tmp_path):
    code = f"""
import asyncio
from engine.config import TableConfig
from engine.seats import SeatSpec
from engine.session import Session
from tui.app import CardtableApp

async def main():
    table = TableConfig(game="nickels", seats=[SeatSpec("human"), SeatSpec("ai", "easy"), SeatSpec("ai", "easy")],
                        log_dir={str(tmp_path)!r}, pace=0.0)
    session = Session("nickels", None, list(table.seats), seed=1, log_dir={str(tmp_path)!r})
    app = CardtableApp(table, start="table", session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "NickelsTableScreen", app.screen
        app.exit()

asyncio.run(main())
"""
    assert loaded_after(code) == {"games": ["engine.games.nickels"], "tables": ["tui.games.nickels.table"],
                                  "other": []}
