"""The hand-off screen: with several humans at one terminal it covers the
table between their turns, so nobody sees another player's hand."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static


class HandoffScreen(Screen[None]):
    """A full, opaque screen saying "Pass to Ann — press Enter".

    Args:
        name: the player who takes the keyboard next.
        note: an optional line above (e.g. what just happened, public only).

    Dismissed (with None) by Enter, space or Esc (Esc closes every overlay).
    """

    BINDINGS = [Binding("enter,space,escape", "ready", "Show my hand", key_display="Enter", id="handoff.ready")]

    DEFAULT_CSS = """
    HandoffScreen { align: center middle; background: $background; }
    HandoffScreen #handoff-box {
        width: 64; height: auto; padding: 2 4; border: double $primary; background: $surface;
        text-align: center;
    }
    HandoffScreen.-ascii #handoff-box { border: ascii $primary; }
    HandoffScreen #handoff-title { text-style: bold; width: 100%; text-align: center; }
    HandoffScreen #handoff-note { color: $text-muted; width: 100%; text-align: center; margin-top: 1; }
    """

    def __init__(self, player: str, note: str = "") -> None:
        super().__init__()
        self.player = player
        self.note = note

    def compose(self) -> ComposeResult:
        yield Static(id="handoff-box", markup=False)

    def on_mount(self) -> None:
        from tui.widgets.cards import ascii_mode

        self.set_class(ascii_mode(self.app), "-ascii")
        box = self.query_one("#handoff-box", Static)
        text = f"Pass the keyboard to {self.player}\n\n{self.player}: press Enter when ready"
        if self.note:
            text = self.note + "\n\n" + text
        box.update(text)
        self.sub_title = f"Pass to {self.player}"

    def action_ready(self) -> None:
        """Enter: uncover the table for the player."""
        self.dismiss(None)
