"""The screen shown over everything while the terminal is smaller than the
smallest size cardtable lays out (80x24): it says how big the terminal must be
and how big it is now, and goes away by itself when the terminal grows.

:class:`CardtableApp` pushes it on a resize (and after any screen change) and
pops it when the terminal is large enough; play below goes on (a bot keeps
thinking), nothing is lost.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.screen import ModalScreen
from textual.widgets import Static

#: The smallest terminal (columns, rows) every screen is laid out for.
MIN_SIZE: tuple[int, int] = (80, 24)


def too_small(width: int, height: int, minimum: tuple[int, int] = MIN_SIZE) -> bool:
    """True when a ``width`` x ``height`` terminal (cells) is below ``minimum``."""
    return width < minimum[0] or height < minimum[1]


def too_small_text(width: int, height: int, minimum: tuple[int, int] = MIN_SIZE) -> str:
    """The sentence shown: ``Make the terminal at least 80x24 (now 70x20).``"""
    return f"Make the terminal at least {minimum[0]}x{minimum[1]} (now {width}x{height})."


class TooSmallScreen(ModalScreen[None]):
    """"Make the terminal at least 80x24 (now WxH)", centred, over any screen.

    It dismisses itself as soon as the terminal is at least :data:`MIN_SIZE`
    (on a resize, or when it comes back to the top of the stack). Keys other
    than the app's priority keys (``ctrl+q`` quits) do nothing here."""

    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; background: $background; }
    TooSmallScreen > #too-small { width: auto; max-width: 100%; height: auto; padding: 0 1;
        text-align: center; color: $text; background: $error 40%; }
    """

    def compose(self) -> ComposeResult:
        yield Static(self._message(), id="too-small")

    def _message(self) -> Text:
        w, h = self.app.size
        text = Text(too_small_text(w, h), style="bold")
        text.append("\nctrl+q quits; every move is saved.", style="")
        return text

    @property
    def message_text(self) -> str:
        """The sentence on the screen now (plain text)."""
        return self._message().plain

    def on_resize(self, event: events.Resize) -> None:
        self._check()

    def on_screen_resume(self) -> None:
        self._check()

    _gone = False

    def _check(self) -> None:
        w, h = self.app.size
        if not too_small(w, h):
            if self.app.screen is self and not self._gone:
                self._gone = True
                self.dismiss()
            return
        self.query_one("#too-small", Static).update(self._message())


__all__ = ["MIN_SIZE", "TooSmallScreen", "too_small", "too_small_text"]
