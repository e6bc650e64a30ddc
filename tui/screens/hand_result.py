"""The pause after a finished hand, for any game: the hand's result stays on
screen until the player presses a key (or clicks), so the last trick and the
points do not flash by while the bots go on with the next hand.

The lines come from the ``hand_over`` event's data (the engine's facts) worded
by the table screen's ``hand_result_lines`` hook; this screen only shows them.
"""

from __future__ import annotations

from typing import Any, Sequence

from rich.console import Group, RenderableType
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from tui.widgets.narration import format_points

#: The last line of the panel.
CONTINUE_TEXT = "Press any key to continue"


class HandResultScreen(ModalScreen[None]):
    """A modal panel over the table with one finished hand's result.

    Args:
        title: e.g. ``Hand 3 over``.
        lines: the result, one renderable (``str`` or rich ``Text``/table) per line.

    Any key or a click closes it (the key is not passed on to the table).
    """

    DEFAULT_CSS = """
    HandResultScreen { align: center middle; background: $background 40%; }
    HandResultScreen #result-box { width: 78; max-width: 100%; height: auto; max-height: 100%;
                                   padding: 0 2; border: double $accent; background: $surface; }
    HandResultScreen #result-title { text-style: bold; }
    HandResultScreen #result-continue { color: $text-muted; margin-top: 1; }
    """

    def __init__(self, title: str, lines: Sequence[RenderableType]) -> None:
        super().__init__()
        self.title_text = title
        # plain strings are shown as they are (seat names may hold "[" or "]"), never as markup
        self.lines: list[RenderableType] = [Text(line) if isinstance(line, str) else line for line in lines]

    def compose(self) -> ComposeResult:
        with Vertical(id="result-box"):
            yield Static(self.title_text, id="result-title", markup=False)
            yield Static(Group(*self.lines), id="result-body")
            yield Static(CONTINUE_TEXT, id="result-continue")

    def body_text(self) -> str:
        """The panel's text without styles (title, lines, the continue line), for tests."""
        out = [self.title_text]
        for line in self.lines:
            out.append(line.plain if isinstance(line, Text) else str(line))
        return "\n".join(out + [CONTINUE_TEXT])

    def on_key(self, event: events.Key) -> None:
        event.stop()
        event.prevent_default()
        self.dismiss(None)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.dismiss(None)


def points_lines(data: dict[str, Any], names: Sequence[str], hand_word: str = "Hand") -> list[str]:
    """The generic part of a hand's result from its ``hand_over`` data (``scores`` and
    ``totals`` in points): ``Points this hand: Ann 10, Bix -3`` and ``Match: Ann 25, Bix 4``."""
    out = []
    scores = data.get("scores") or []
    totals = data.get("totals") or []
    if scores:
        out.append(f"Points this {hand_word.lower()}: "
                   + ", ".join(f"{n} {format_points(s)}" for n, s in zip(names, scores)))
    if totals:
        out.append("Match totals: " + ", ".join(f"{n} {format_points(t)}" for n, t in zip(names, totals)))
    return out


__all__ = ["HandResultScreen", "points_lines", "CONTINUE_TEXT"]
