"""The status line keeps the prompt on screen however long a hint's reason is."""

from __future__ import annotations

from textual.app import App, ComposeResult

from tui.widgets.status import StatusLine


class StatusApp(App[None]):
    def compose(self) -> ComposeResult:
        yield StatusLine(id="status")


async def test_a_long_hint_is_cut_to_two_lines_and_the_prompt_stays():
    app = StatusApp()
    async with app.run_test(size=(40, 12)) as pilot:
        status = app.query_one(StatusLine)
        status.set_prompt("Your turn: pick a card")
        status.set_message("play K♠ on play deck 2 " + "because it builds towards your stock card " * 6, "hint")
        await pilot.pause()
        lines = [line.plain.rstrip() for line in status.shown.wrap(app.console, status.content_size.width)]
        assert lines[-1] == "Your turn: pick a card"
        assert len(lines) == 3 and lines[1].endswith("…")
        assert lines[0].startswith("Hint: play K♠")
        assert status.message_text.endswith("card ")  # the whole text is kept for the game log and tests


async def test_a_short_message_is_shown_whole():
    app = StatusApp()
    async with app.run_test(size=(40, 12)) as pilot:
        status = app.query_one(StatusLine)
        status.set_prompt("Your turn")
        status.set_message("only Ks or As on a K", "error")
        await pilot.pause()
        lines = [line.plain.rstrip() for line in status.shown.wrap(app.console, status.content_size.width)]
        assert lines == ["Not allowed: only Ks or As on a K", "Your turn"]
