"""The setup screen's "Join a friend's table" (issue 27, tui/screens/join.py): the real app, a real
table server on 127.0.0.1 (``net.server``), the player types the host's join line and plays the seat
at the game's own table; a wrong code is refused in the dialog, in the client's words."""

from __future__ import annotations

import asyncio
import time

from engine.config import TableConfig
from net.server import ServerThread, TableServer
from tui.app import CardtableApp
from tui.screens.join import JoinTableScreen, parse_join_line


def test_the_whole_join_line_fills_the_address_and_the_code():
    line = "cardtable join ws://cards.example:8765 --code 3q2Xj-AbC"
    assert parse_join_line(line) == ("ws://cards.example:8765", "3q2Xj-AbC")
    assert parse_join_line(" ws://h:1 ", " c0de ") == ("ws://h:1", "c0de")
    assert parse_join_line(line, "typed") == ("ws://cards.example:8765", "typed")  # a typed code stays


async def _until(pilot, ready, what: str, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not ready():
        assert time.monotonic() < deadline, f"never: {what}"
        await asyncio.sleep(0.02)
    await pilot.pause()


async def test_a_player_joins_a_hosted_table_from_the_setup_screen(tmp_path):
    runner = ServerThread(lambda: TableServer.new("nags", ["remote:Ann", "ai:easy:Bo"], seed=3,
                                                  log_path=tmp_path / "hosted.jsonl"))
    runner.start()
    try:
        server = runner.server
        assert server is not None
        app = CardtableApp(TableConfig(log_dir=tmp_path / "logs", pace=0.0))
        async with app.run_test(size=(100, 32)) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+b")
            await _until(pilot, lambda: isinstance(app.screen, JoinTableScreen), "the join dialog")

            for ch in "ws://127.0.0.1:1":  # nothing listens there: refused in one line, in the dialog
                await pilot.press(ch)
            await pilot.press("tab", *"wrong", "enter")
            await _until(pilot, lambda: "Cannot join" in str(app.screen.query_one("#join-error").render()),
                         "the refusal")
            assert isinstance(app.screen, JoinTableScreen)

            url = app.screen.query_one("#join-url")
            url.value = f"cardtable join {server.url} --code {server.codes[0]}"  # the host's line, pasted
            app.screen.query_one("#join-code").value = ""
            url.focus()
            await pilot.press("enter")
            await _until(pilot, lambda: hasattr(app.screen, "session") and app.screen.session.is_human(0),
                         "the table screen")
            table = app.screen
            assert table.session.view(0).legal_actions()  # Ann's seat, her hand, at the Nags table
            assert "Ann" in table.names and "Bo" in table.names
            n = runner.call(lambda: len(server.session.history))
            await pilot.press("enter")  # plays the selected 2♦, over the wire
            await _until(pilot, lambda: runner.call(lambda: len(server.session.history)) > n, "Ann's move")
            assert runner.call(lambda: server.session.history[n][0]) == 0
            table.session.close()
    finally:
        runner.stop()
