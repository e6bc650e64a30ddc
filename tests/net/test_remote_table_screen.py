"""The game's own table screen over a remote session (issue 27): the screen does not know the session
is remote; it shows the seat's view, waits for the other seats' moves and plays its own over the wire."""

from __future__ import annotations

import sys
from pathlib import Path

from textual.widgets import Label

from engine.games.noms.actions import Bid
from net.client import join
from net.server import TableServer
from net_support import running

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from engine.config import TableConfig  # noqa: E402
from tui.app import CardtableApp, ConfirmQuit  # noqa: E402
from tui_support import SessionApp, until_human_turn, wait_for  # noqa: E402


async def test_the_noms_table_plays_a_remote_seat(tmp_path: Path) -> None:
    with running(lambda: TableServer.new("noms", ["remote:Ann", "ai:easy", "ai:easy", "ai:easy"], seed=2,
                                         log_path=tmp_path / "t.jsonl")) as runner:
        server = runner.server
        assert server is not None
        session = join(server.url, server.codes[0])
        app = SessionApp(session)
        async with app.run_test(size=(80, 24)) as pilot:
            await until_human_turn(pilot)
            n = runner.call(lambda: len(server.session.history))
            legal = session.view(0).legal_actions()
            app.table.human_act(next(a for a in legal if not isinstance(a, Bid)))  # pass
            await wait_for(pilot, lambda: runner.call(lambda: len(server.session.history)) > n)
            assert runner.call(lambda: server.session.history[n][0]) == 0  # Ann's move reached the table
            await wait_for(pilot, lambda: len(session.history) > n + 1 or session.is_over)  # the bots' moves arrive
            assert "Ann" in app.table.names
            runner.stop()  # the host closes the table: the screen says so
            await wait_for(pilot, lambda: "host closed the table" in app.table._status().message_text)
        session.close()


async def test_the_table_says_when_another_person_left_and_does_not_hurry_people(tmp_path: Path) -> None:
    """Waiting for a person at another terminal reads "Waiting for Bob to play…", not "Bob is
    thinking…"; while Bob has no connection the cue says he left and play goes on when he joins
    again; his joining is said in the status line. "." (fast bots) hurries only bots."""
    seats = ["remote:Ann", "remote:Bob", "ai:easy", "ai:easy"]
    with running(lambda: TableServer.new("noms", seats, seed=2, log_path=tmp_path / "t.jsonl")) as runner:
        server = runner.server
        assert server is not None
        session = join(server.url, server.codes[0])
        app = SessionApp(session)
        async with app.run_test(size=(80, 24)) as pilot:
            table = app.table
            status = table._status()
            await wait_for(pilot, lambda: session.to_move == 1 or table.thinking == 1 or table.human_turn())
            if table.human_turn():
                table.human_act(next(a for a in session.view(0).legal_actions() if not isinstance(a, Bid)))
            await wait_for(pilot, lambda: table.thinking == 1)
            assert "Waiting for Bob, who is not connected: play goes on when Bob joins" in status.prompt_text
            bob = join(server.url, server.codes[1])
            await wait_for(pilot, lambda: "Bob joined the table." in status.message_text)
            await wait_for(pilot, lambda: "Waiting for Bob to play" in status.prompt_text)
            assert "thinking" not in status.prompt_text
            assert table._has_bots()
            bob.close()
            await wait_for(pilot, lambda: "Bob left the table." in status.message_text)
        session.close()


async def test_quitting_a_remote_seat_says_what_it_does_for_the_others(tmp_path: Path) -> None:
    """ctrl+q at a joined seat asks "Leave the table?" (the others wait for it); at the host's own
    seat it says quitting closes the table for everyone, and how to serve it again."""
    seats = ["remote:Ann", "remote:Bob", "ai:easy", "ai:easy"]
    with running(lambda: TableServer.new("noms", seats, seed=2, log_path=tmp_path / "t.jsonl")) as runner:
        server = runner.server
        assert server is not None
        session = join(server.url, server.codes[0])
        app = CardtableApp(TableConfig(game="noms", log_dir=tmp_path / "logs", pace=0.0), start="table",
                           session=session)
        async with app.run_test(size=(80, 24)) as pilot:
            for hosted, words in ((None, "Leave the table? The others wait for your seat"),
                                  (tmp_path / "t.jsonl", "You host this table: quitting closes it for everyone")):
                session.hosted_log = hosted  # `cardtable host` marks the host's own seat so
                await pilot.press("ctrl+q")
                await wait_for(pilot, lambda: isinstance(app.screen, ConfirmQuit))
                question = str(app.screen.query_one("#confirm-question", Label).render())
                assert words in question
                assert ("t.jsonl" in question) == (hosted is not None)
                await pilot.press("n")
                await wait_for(pilot, lambda: not isinstance(app.screen, ConfirmQuit))
        session.close()
