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
    """A scrolling narration of the match. Keeps every line it was given in
    :attr:`lines_text` (plain text) so tests and the "last events" key can read it.
    It never takes focus, so arrow keys stay with the table.

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
        """Narrate ``events`` with seat names; a finished hand also gets its
        scores line (``hand_line``). Returns the lines written."""
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
            self.add_line(text, style)
            out.append(text)
            if e.kind == "hand_over":
                line = self.hand_line(e.data, names)
                if line:
                    self.add_line(line, "bold")
                    out.append(line)
        return out
