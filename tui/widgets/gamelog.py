"""The narrated game log: one line per event, cards in their suit colours."""

from __future__ import annotations

import re
from typing import Callable, Collection, Iterable, Sequence

from rich.text import Text
from textual.widgets import RichLog

from engine.cards import Suit
from engine.core import Event
from tui.widgets.cards import _readable_on_dark, ascii_mode, suit_color
from tui.widgets.narration import asciify, hand_scores_line, second_person

_CARD_RE = re.compile(r"\b(10|[2-9JQKA])([♣♦♥♠])")
_ASCII_CARD_RE = re.compile(r"\b(10|[2-9JQKA])([CDHS])\b")
_SUIT_OF = {**{s.symbol: s for s in Suit}, **{s.letter: s for s in Suit}}

#: Narrates one event's text for the seat names: ``(text, names) -> text``.
PersonFn = Callable[[str, Sequence[str]], str]
#: The extra line after a ``hand_over`` event: ``(event data, names) -> text``, or None for no line.
HandLineFn = Callable[[dict, Sequence[str]], "str | None"]


class GameLog(RichLog):
    """A scrolling narration of the match. Keeps every line it shows in
    :attr:`lines_text` (plain text) so tests and the "last events" key can read it.
    It never takes focus, so arrow keys stay with the table.

    Private narration: a line may be visible to some seats only
    (``Event.visible_to``); the log shows only what :attr:`viewer` may see and
    nothing at all while :attr:`covered` (a hand-off screen is up). It keeps
    every line it was given, so :meth:`set_viewer` redraws it for another seat.

    Args:
        person: rewrites a narrated line for the seat named ``You`` (default
            :func:`tui.widgets.narration.second_person`).
        hand_line: the scores line written after each ``hand_over`` event
            (default :func:`tui.widgets.narration.hand_scores_line`).
        strong_kinds: event kinds written in bold (e.g. a horse coming in).
    """

    DEFAULT_CSS = """
    GameLog { height: 1fr; background: $surface; scrollbar-size-vertical: 1; }
    """

    can_focus = False

    def __init__(self, *, id: str | None = None, classes: str | None = None, person: PersonFn | None = None,
                 hand_line: HandLineFn | None = None, strong_kinds: Collection[str] = ()) -> None:
        super().__init__(id=id, classes=classes, wrap=True, markup=False, highlight=False,
                         auto_scroll=True, min_width=20)
        self.lines_text: list[str] = []
        self.person: PersonFn = person or second_person
        self.hand_line: HandLineFn = hand_line or hand_scores_line
        self.strong_kinds = frozenset(strong_kinds)
        #: the seat whose narration is shown; None shows every line (all hands)
        self.viewer: int | None = None
        #: True while the table is covered: nothing is shown
        self.covered = False
        self._entries: list[tuple[str, str, frozenset[int] | None]] = []

    def _may_see(self, visible_to: frozenset[int] | None) -> bool:
        if self.covered:
            return False
        return visible_to is None or self.viewer is None or self.viewer in visible_to

    def set_viewer(self, seat: int | None, covered: bool = False) -> None:
        """Show the narration ``seat`` may see (None: every line), or nothing while
        ``covered``; redraws the log from every line given so far."""
        if seat == self.viewer and covered == self.covered:
            return
        self.viewer, self.covered = seat, covered
        self.clear()
        self.lines_text = []
        for text, style, visible_to in self._entries:
            if self._may_see(visible_to):
                self._show(text, style)

    def add_line(self, text: str, style: str = "", visible_to: frozenset[int] | None = None) -> None:
        """Append one narrated line, shown if :attr:`viewer` may see it
        (``visible_to`` None: public)."""
        self._entries.append((text, style, visible_to))
        if self._may_see(visible_to):
            self._show(text, style)

    def _show(self, text: str, style: str = "") -> None:
        """Write one line (suit symbols become letters in ASCII mode)."""
        if ascii_mode(self.app):
            text = asciify(text)
        self.lines_text.append(text)
        line = Text(text, style=style)
        regex = _ASCII_CARD_RE if ascii_mode(self.app) else _CARD_RE
        for m in regex.finditer(text):
            colour = _readable_on_dark(suit_color(self.app, _SUIT_OF[m.group(2)]))
            line.stylize(f"bold {colour}", m.start(), m.end())
        self.write(line)

    def add_events(self, events: Iterable[Event], names: Sequence[str]) -> list[str]:
        """Narrate ``events`` with seat names; a finished hand also gets its
        scores line (``hand_line``). Returns the lines the viewer may see
        (private events of other seats are kept but not shown)."""
        out = []
        for e in events:
            text = self.person(e.narrate(names), names)
            style = ""
            if e.kind in self.strong_kinds:
                style = "bold"
            elif e.kind in ("hand_over", "match_over", "blocked"):
                style = "bold reverse"
            elif e.kind == "undo":
                style = "italic"
            self.add_line(text, style, e.visible_to)
            shown = self._may_see(e.visible_to)
            if shown:
                out.append(text)
            if e.kind == "hand_over":
                line = self.hand_line(e.data, names)
                if line:
                    self.add_line(line, "bold", e.visible_to)
                    if shown:
                        out.append(line)
        return out
