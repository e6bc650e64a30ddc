"""Private narration: ``Event.visible_to`` and the game log widget, which shows
only what the shown seat may see and nothing while the table is covered."""

from __future__ import annotations

from textual.app import App, ComposeResult

from engine.core import Event
from test_tui_base_table import SIZE, BaseApp, nags, ready
from tui_support import press, wait_for
from tui.screens.handoff import HandoffScreen
from tui.widgets.cards import THEME_DEFAULTS
from tui.widgets.gamelog import GameLog

NAMES = ["Ann", "Ben", "Cy"]
PUBLIC = Event("draw", "{seat} draws 2 cards", 0)
MINE = Event("draw_cards", "{seat} draws 7H 3S", 0, visible_to=frozenset({0}))
PARTNER = Event("show", "{seat} shows 9C to {s2}", 0, visible_to=frozenset({0, 2}))


def test_seen_by():
    assert PUBLIC.seen_by(1) and PUBLIC.seen_by(None)
    assert MINE.seen_by(0) and not MINE.seen_by(1) and MINE.seen_by(None)
    assert PARTNER.seen_by(2) and not PARTNER.seen_by(1)


class LogApp(App):
    def get_theme_variable_defaults(self) -> dict[str, str]:
        return dict(THEME_DEFAULTS)

    def compose(self) -> ComposeResult:
        yield GameLog(id="log")


async def test_the_log_shows_what_the_viewer_may_see_and_nothing_while_covered():
    app = LogApp()
    async with app.run_test(size=(100, 30)) as pilot:
        log = app.query_one(GameLog)
        log.set_viewer(1)
        assert log.add_events([PUBLIC, MINE, PARTNER], NAMES) == ["Ann draws 2 cards"]
        assert log.lines_text == ["Ann draws 2 cards"]
        log.set_viewer(0)
        assert log.lines_text == ["Ann draws 2 cards", "Ann draws 7H 3S", "Ann shows 9C to Cy"]
        log.set_viewer(2)
        assert log.lines_text == ["Ann draws 2 cards", "Ann shows 9C to Cy"]
        log.set_viewer(2, covered=True)
        assert log.lines_text == []
        log.add_events([PUBLIC], NAMES)  # given while covered: kept, not shown
        assert log.lines_text == []
        log.set_viewer(None)  # all hands
        assert len(log.lines_text) == 4
        await pilot.pause(0)


async def test_the_table_log_follows_the_shown_seat_and_is_empty_while_covered():
    session = nags(["human:Ann", "human:Ben", "ai:random"], seed=2)
    app = BaseApp(session)
    secret = Event("peek", "{seat} peeks at a secret card", 1, visible_to=frozenset({1}))
    async with app.run_test(size=SIZE) as pilot:
        seen_secret = {}
        for _ in range(4):
            await wait_for(pilot, lambda: ready(app))
            if session.is_over:
                break
            assert isinstance(app.screen, HandoffScreen)
            log = app.table.query_one(GameLog)
            assert log.lines_text == []  # covered: the log shows nothing
            app.table._log_events([secret])
            assert log.lines_text == []
            seat = session.to_move
            await press(pilot, "enter")
            await wait_for(pilot, lambda: app.screen is app.table and app.table.human_turn())
            assert log.lines_text  # uncovered: the public story is back
            seen_secret[seat] = any("peeks at a secret card" in line for line in log.lines_text)
            n = len(session.history)
            await press(pilot, "x")
            await wait_for(pilot, lambda: len(session.history) > n)
        assert seen_secret == {0: False, 1: True}
