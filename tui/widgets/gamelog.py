"""The narrated game log: one line per event, cards in their suit colours."""

from __future__ import annotations

import re
from typing import Iterable, Sequence

from rich.text import Text
from textual.widgets import RichLog

from engine.cards import Suit
from engine.core import Event
from tui.nags_ui import asciify, game_scores_line, second_person
from tui.widgets.cards import _readable_on_dark, ascii_mode, suit_color

_CARD_RE = re.compile(r"\b(10|[2-9JQKA])([♣♦♥♠])")
_ASCII_CARD_RE = re.compile(r"\b(10|[2-9JQKA])([CDHS])\b")
_SUIT_OF = {**{s.symbol: s for s in Suit}, **{s.letter: s for s in Suit}}


class GameLog(RichLog):
    """A scrolling narration of the match. Keeps every line it was given in
    :attr:`lines_text` (plain text) so tests and the "last events" key can read it.
    It never takes focus, so arrow keys stay with the table."""

    DEFAULT_CSS = """
    GameLog { height: 1fr; background: $surface; scrollbar-size-vertical: 1; }
    """

    can_focus = False

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes, wrap=True, markup=False, highlight=False,
                         auto_scroll=True, min_width=20)
        self.lines_text: list[str] = []

    def add_line(self, text: str, style: str = "") -> None:
        """Append one narrated line (suit symbols become letters in ASCII mode)."""
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
        """Narrate ``events`` with seat names; a finished game also gets its
        scores line (NA-20, NA-21). Returns the lines written."""
        out = []
        for e in events:
            text = second_person(e.narrate(names), names)
            style = ""
            if e.kind in ("horse_in", "owner_bonus", "play_out"):
                style = "bold"
            elif e.kind in ("hand_over", "match_over", "blocked"):
                style = "bold reverse"
            elif e.kind == "undo":
                style = "italic"
            self.add_line(text, style)
            out.append(text)
            if e.kind == "hand_over":
                line = game_scores_line(e.data, names)
                self.add_line(line, "bold")
                out.append(line)
        return out
