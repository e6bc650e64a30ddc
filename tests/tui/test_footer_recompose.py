"""The key footer (tui.widgets.footer.WrappingFooter) is composed again only when the keys it shows
change: Textual's footer recomposes at every refresh of the bindings (each key a new widget, styled
again), and a move refreshes them whether or not a key changed."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets._footer import FooterKey

from tui.widgets.footer import WrappingFooter


class FooterApp(App):
    BINDINGS = [Binding("x", "go", "Go")]
    allowed = True

    def compose(self) -> ComposeResult:
        yield WrappingFooter()

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        return None if action == "go" and not self.allowed else True  # None: shown, disabled

    def action_go(self) -> None:
        pass


async def test_the_footer_is_composed_again_only_when_its_keys_change():
    app = FooterApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        footer = app.query_one(WrappingFooter)
        keys = list(footer.query(FooterKey))
        go = next(k for k in keys if k.key == "x")
        assert not go.has_class("-disabled")
        app.refresh_bindings()  # nothing changed: the same widgets
        await pilot.pause()
        await pilot.pause()
        assert list(footer.query(FooterKey)) == keys
        app.allowed = False  # the key is now disabled: composed again, shown disabled
        app.refresh_bindings()
        await pilot.pause()
        await pilot.pause()
        go = next(k for k in footer.query(FooterKey) if k.key == "x")
        assert go not in keys and go.has_class("-disabled")
