"""Issue 24, replays on the table: ``cardtable replay`` draws each position with the game's own
table screen, read-only (the game's keys are gone; the keys step through the replay), jumps to a
hand by number, and plays on from any position (a new match with seats chosen as on the setup
screen, its log naming the log and line it branched from and verifying by itself)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, Select

from engine.config import TableConfig
from engine.gamelog import Replay, read_log, verify_log
from engine.seats import SeatSpec
from engine.session import Session
from hidden_support import screen_text
from tui.app import CardtableApp
from tui.screens.base_table import BaseTableScreen
from tui.screens.replay import GotoHandScreen, PlayOnScreen, ReplayScreen
from tui.widgets.status import StatusLine
from tui_support import press, wait_for

SIZES = [(80, 24), (120, 36)]


def nickels_log(tmp_path: Path, actions: int = 400) -> Path:
    """A logged Nickels match (a human seat played by the hint, three bots), cut after ``actions``."""
    path = tmp_path / "nickels.jsonl"
    with Session("nickels", {}, ["human:You", "ai:easy", "ai:easy", "ai:easy"], seed=3, log_path=path) as s:
        s.advance()
        while len(s.history) < actions and not s.is_over:
            seat = s.to_move
            s.act(s.hint(seat) if s.is_human(seat) else s.bot_choose())
    return path


def app_for(tmp_path: Path, path: Path) -> CardtableApp:
    table = TableConfig(game="nickels", seats=[SeatSpec("human")] + [SeatSpec("ai", "easy")] * 3,
                        log_dir=tmp_path / "logs", pace=0.0)
    return CardtableApp(table, start="replay", replay_path=path)


@pytest.mark.parametrize("size", SIZES)
async def test_the_replay_is_the_table_read_only_and_its_keys_step(tmp_path, size):
    """The position is drawn by the Nickels table; the table's own keys play nothing (the replay's
    session is unchanged, no move is made); right/left, shift+arrows (turns), ] and [ (hands) step."""
    path = nickels_log(tmp_path)
    replay = Replay(read_log(path))
    app = app_for(tmp_path, path)
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and isinstance(screen, BaseTableScreen) and screen.READ_ONLY
        await pilot.pause()
        assert screen.seat == 0  # an unfinished log opens on the human seat's view
        await press(pilot, "right", "right", "right")
        assert screen.index == 3 and screen.replay_session.index == 3
        before = [p.fingerprint() for p in replay.positions[:5]]
        await press(pilot, "d", "x", "enter", "space", "c", "z")  # the table's keys: draw, discard, claim, undo
        assert screen.index == 3 and not screen.human_turn()
        assert len(screen.session.history) == 3
        title = str(screen.query_one("#nk-hand-panel").border_title)
        assert "by suit)" in title and ": g" not in title  # g goes to a hand here, it groups nothing
        await press(pilot, "left")
        assert screen.index == 2
        await press(pilot, "right_square_bracket")
        assert replay.positions[screen.index].hand_number == 1
        assert "round 2" in screen.query_one(StatusLine).prompt_text
        await press(pilot, "end")
        assert screen.index == replay.last_index
        text = screen_text(app)
        assert "Players and melds" in text and "action" in text
        assert [p.fingerprint() for p in replay.positions[:5]] == before


@pytest.mark.parametrize("size", SIZES)
async def test_g_goes_to_a_hand_by_number(tmp_path, size):
    path = nickels_log(tmp_path)
    app = app_for(tmp_path, path)
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        await pilot.pause()
        starts = screen.hand_starts()
        assert len(starts) >= 2
        await press(pilot, "g")
        await wait_for(pilot, lambda: isinstance(app.screen, GotoHandScreen))
        await press(pilot, "2", "enter")
        await wait_for(pilot, lambda: app.screen is screen)
        assert screen.index == starts[1] and screen.replay.positions[screen.index].hand_number == 1
        assert screen.goto_hand(99) == f"This log has rounds 1 to {len(starts)}, not 99."


@pytest.mark.parametrize("size", SIZES)
async def test_play_on_from_here_starts_a_match_from_the_position(tmp_path, size):
    """p at a position: the seats as on the setup screen (here seat 2 becomes a human); Start opens the
    new match at that position (the same cards, hidden ones too) and its log names the source log and
    line and verifies by itself."""
    path = nickels_log(tmp_path)
    replay = Replay(read_log(path))
    app = app_for(tmp_path, path)
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        await pilot.pause()
        screen.index = 40  # a jump (the arrow keys, tested above, would draw each of the 40 positions)
        await pilot.pause()
        index = screen.index
        assert index == 40
        await press(pilot, "p")
        await wait_for(pilot, lambda: isinstance(app.screen, PlayOnScreen))
        chooser = app.screen
        assert [chooser.query_one(f"#seat-kind-{i}", Select).value for i in range(4)] == ["human", "ai", "ai", "ai"]
        chooser.query_one("#seat-kind-2", Select).value = "human"
        chooser.query_one("#seat-name-2", Input).value = "Cy"
        await pilot.pause()
        assert chooser.query_one("#seat-level-2", Select).disabled
        await press(pilot, "enter")  # Start has the focus
        await wait_for(pilot, lambda: isinstance(app.screen, BaseTableScreen) and not app.screen.READ_ONLY
                       or type(app.screen).__name__ == "HandoffScreen")
        table = next(s for s in reversed(app.screen_stack) if isinstance(s, BaseTableScreen) and not s.READ_ONLY)
        session = table.session
        assert session.branched_from == {"log": str(path), "line": replay.lines[index - 1], "actions": index}
        assert session.history[:index] == list(zip(replay.actors[:index], replay.notations[:index]))
        assert [str(s) for s in session.seats] == ["human:You", "ai:easy", "human:Cy", "ai:easy"]
        log_path = session.log_path
    header = read_log(log_path).header
    assert header["branched_from"]["line"] == replay.lines[index - 1]
    assert verify_log(log_path).ok
