"""The replay's timeline (issue 28): the positions of a logged match as one row.

``━━━━━┿━━━━●─────┼───✗────?───┼──────`` reads: the part already shown (heavy), the position
shown (``●``), what is still ahead (light), the start of each hand (``┿``/``┼``), the
analysed seat's mistakes (red ``✗``) and its "not clearly" decisions (a dim ``?``: an
alternative scored better, but not by enough to be sure). The row fits any width: position
``i`` of ``0..last`` sits in column ``i * (width - 1) // last``, so a long match puts several
positions in one column; the column then shows the most important of them (the position
shown, a mistake, a hand's start, a doubt, in that order), and the position shown on a
mistake's column draws the ``✗`` reversed. A click moves to the position under the mouse
(the mistake in that column, if there is one): :class:`ReplayTimeline.Jump`; the tooltip
under the mouse names that position's move and its mark.
With ASCII cards the glyphs are ``= O - | X ?``.
"""

from __future__ import annotations

from typing import Callable, Iterable

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

__all__ = ["GLYPHS", "ReplayTimeline", "timeline_cells"]

#: glyphs by kind: (unicode, ascii)
GLYPHS: dict[str, tuple[str, str]] = {
    "played": ("━", "="),
    "ahead": ("─", "-"),
    "hand-played": ("┿", "|"),
    "hand-ahead": ("┼", "|"),
    "current": ("●", "O"),
    "mistake": ("✗", "X"),
    "doubt": ("?", "?"),
}


def _column(i: int, last: int, width: int) -> int:
    return i * (width - 1) // last if last > 0 else 0


def timeline_cells(width: int, last: int, index: int, hands: Iterable[int] = (), mistakes: Iterable[int] = (),
                   doubts: Iterable[int] = ()) -> list[str]:
    """The kind of each of ``width`` columns (a key of :data:`GLYPHS`, ``"current-mistake"`` for
    the position shown on a mistake's column).

    Args:
        width: columns (>= 1).
        last: the last position's index (positions are ``0..last``).
        index: the position shown.
        hands: the first position of each hand (0 is not drawn: the row starts there).
        mistakes, doubts: positions marked (the position after the marked move).
    """
    width = max(1, width)
    col = _column(index, last, width)
    cells = ["played" if c < col else "ahead" for c in range(width)]
    for kinds, positions in ((("hand-played", "hand-ahead"), hands), (("doubt", "doubt"), doubts),
                             (("mistake", "mistake"), mistakes)):
        for i in positions:
            if 0 < i <= last:
                c = _column(i, last, width)
                if kinds[0] == "doubt" and cells[c].startswith("hand"):
                    continue  # a hand's start outranks a doubt
                cells[c] = kinds[0] if c < col else kinds[1]
    cells[col] = "current-mistake" if cells[col] == "mistake" else "current"
    return cells


class ReplayTimeline(Widget):
    """One row: the replay's positions, the position shown and the marks (module docstring).

    Set what it shows with :meth:`show`; :attr:`shown` is the row's plain text (for tests).
    A click posts :class:`Jump` with the position under the mouse; hovering shows ``describe(position)``
    as the tooltip (the move there and its mark)."""

    COMPONENT_CLASSES = {"timeline--played", "timeline--ahead", "timeline--hand", "timeline--current",
                         "timeline--mistake", "timeline--doubt"}

    DEFAULT_CSS = """
    ReplayTimeline { height: 1; width: 1fr; padding: 0 1; background: $panel; }
    ReplayTimeline > .timeline--played { color: $primary; }
    ReplayTimeline > .timeline--ahead { color: $primary 50%; }
    ReplayTimeline > .timeline--hand { color: $foreground 80%; }
    ReplayTimeline > .timeline--current { color: $accent; text-style: bold; }
    ReplayTimeline > .timeline--mistake { color: $error; text-style: bold; }
    ReplayTimeline > .timeline--doubt { color: $warning 70%; }
    """

    class Jump(Message):
        """The player clicked the timeline: go to position :attr:`index`."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, *, id: str | None = None, describe: Callable[[int], str] | None = None) -> None:
        super().__init__(id=id)
        #: position -> one line about it, the tooltip under the mouse (None: no tooltip)
        self.describe = describe
        self.last = 0
        self.index = 0
        self.hands: tuple[int, ...] = ()
        self.mistakes: tuple[int, ...] = ()
        self.doubts: tuple[int, ...] = ()
        self.ascii = False
        #: the row as last drawn, in plain characters
        self.shown = ""

    def show(self, *, last: int, index: int, hands: Iterable[int] = (), mistakes: Iterable[int] = (),
             doubts: Iterable[int] = (), ascii_only: bool = False) -> None:
        """Draw positions ``0..last`` with ``index`` shown, the hands' starts and the marks."""
        state = (last, index, tuple(hands), tuple(sorted(mistakes)), tuple(sorted(doubts)), ascii_only)
        if state != (self.last, self.index, self.hands, self.mistakes, self.doubts, self.ascii):
            self.last, self.index, self.hands, self.mistakes, self.doubts, self.ascii = state
            self.refresh()

    def cells(self, width: int | None = None) -> list[str]:
        """The kind of each column at ``width`` (default: the content width now)."""
        width = self.content_size.width if width is None else width
        return timeline_cells(width, self.last, self.index, self.hands, self.mistakes, self.doubts)

    def column_of(self, position: int, width: int | None = None) -> int:
        """The column (from 0, in the content) where ``position`` is drawn."""
        width = self.content_size.width if width is None else width
        return _column(position, self.last, max(1, width))

    def position_at(self, column: int, width: int | None = None) -> int:
        """The position a click on ``column`` goes to: the mistake drawn there, else the nearest
        position drawn in that column, else the nearest position."""
        width = max(1, self.content_size.width if width is None else width)
        if self.last <= 0:
            return 0
        column = max(0, min(width - 1, column))
        here = [m for m in self.mistakes if _column(m, self.last, width) == column]
        if here:
            return here[0]
        near = round(column * self.last / max(1, width - 1))
        return max(0, min(self.last, near))

    def render(self) -> Text:
        width = self.content_size.width
        styles = {
            "played": self.get_component_rich_style("timeline--played"),
            "ahead": self.get_component_rich_style("timeline--ahead"),
            "hand-played": self.get_component_rich_style("timeline--hand"),
            "hand-ahead": self.get_component_rich_style("timeline--hand"),
            "current": self.get_component_rich_style("timeline--current"),
            "mistake": self.get_component_rich_style("timeline--mistake"),
            "doubt": self.get_component_rich_style("timeline--doubt"),
        }
        styles["current-mistake"] = styles["mistake"] + Style(reverse=True)
        k = 1 if self.ascii else 0
        text = Text(no_wrap=True, overflow="crop")
        for kind in self.cells(width):
            glyph = GLYPHS["mistake" if kind == "current-mistake" else kind][k]
            text.append(glyph, styles[kind])
        self.shown = text.plain
        return text

    def on_mouse_move(self, event: events.MouseMove) -> None:
        offset = event.get_content_offset(self)
        if self.describe is not None and offset is not None:
            self.tooltip = self.describe(self.position_at(offset.x))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        event.stop()
        self.post_message(self.Jump(self.position_at(offset.x)))
