"""The discard pile, the draw pile and the direction sign of the table centre.

Each fits the room it is given: with five rows or more, big cards (and the
direction in a box); with fewer (a short terminal, set by the board's CSS:
``height: 1`` on the pile), one line with compact cards (``Discard 5: 3♣ 4♣ 5♦``,
``Draw 21``, ``Direction ▲ up``). The discard pile shows as many of its top
cards as its width holds (at least the top card)."""

from __future__ import annotations

from typing import Sequence

from rich.text import Text
from textual.containers import Center, Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Static

from engine.cards import Card
from tui.widgets.cards import CardWidget, ascii_mode


class FitLabel(Static):
    """A label with a tall form (several lines) and a one-line form, drawn by the
    height it gets: one line when it has a single row."""

    def __init__(self, tall: str = "", line: str = "", *, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__("", id=id, classes=classes)
        self.tall, self.line = tall, line

    def set_texts(self, tall: str, line: str) -> None:
        """Set the tall and the one-line text."""
        if (tall, line) != (self.tall, self.line):
            self.tall, self.line = tall, line
            self.refresh(layout=True)  # a longer text (Discard 10:) needs a wider label

    def render(self) -> Text:
        return Text(self.line if self.size.height <= 1 else self.tall)


class DiscardPile(Horizontal):
    """The top cards of the discard pile, oldest left, the top card right
    (raised and outlined; the whole last play so when it was several cards, the older
    cards dimmed). Shows up to ``SHOWN`` cards (as many as the width holds, and always
    the whole last play) and the pile's size."""

    SHOWN = 6

    DEFAULT_CSS = """
    DiscardPile { height: 7; width: auto; }
    DiscardPile > #discard-label { width: 12; height: 6; padding: 2 1 0 0; text-align: right; }
    DiscardPile > CardWidget { margin: 1 0 0 0; }
    DiscardPile > CardWidget.-top { margin: 0 0 1 1; border: heavy $accent; }
    DiscardPile > CardWidget.-ascii.-top { border: ascii $accent; }
    DiscardPile > CardWidget.-compact { margin: 0 1 0 0; }
    DiscardPile > CardWidget.-compact.-top { margin: 0 1 0 0; border: none; text-style: bold underline; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._discard: list[Card] = []
        self._room = self.SHOWN
        self._last = 1

    def compose(self):
        yield FitLabel("Discard", "Discard", id="discard-label")
        for i in range(self.SHOWN):
            yield CardWidget(None, index=i)

    def on_resize(self) -> None:
        room = self._fit_room()
        if room != self._room:
            self._room = room
            self.set_cards(self._discard)

    def _fit_room(self) -> int:
        """How many cards the width holds (from the parent's width when ``width: auto``)."""
        parent = self.parent
        avail = self.size.width
        if isinstance(parent, Widget) and parent.size.width:
            others = sum(c.outer_size.width for c in parent.children if c is not self and c.display)
            avail = max(avail, parent.size.width - others - 6)
        label = self.query_one("#discard-label").outer_size.width
        per = 4 if self.size.height <= 2 else 7
        return max(1, min(self.SHOWN, (avail - label - 1) // per))

    def set_cards(self, discard: Sequence[Card], last: int | None = None) -> None:
        """Show the last cards of ``discard`` (bottom to top); the top ``last`` cards (the
        last play; default: the kept count, else 1) are all shown and marked as the top."""
        if last is not None:
            self._last = last
        self._discard = list(discard)
        if self.is_mounted and self.parent is not None and self.parent.size.width:
            self._room = self._fit_room()
        top_count = max(1, min(self._last, len(discard), self.SHOWN))
        top = list(discard[-min(self.SHOWN, max(self._room, top_count)):]) if discard else []
        slots = list(self.query(CardWidget).results(CardWidget))
        count = f"{len(discard)} card{'s' if len(discard) != 1 else ''}"
        self.query_one("#discard-label", FitLabel).set_texts(f"Discard\n{count}", f"Discard {len(discard)}:")
        for i, w in enumerate(slots):
            card = top[i] if i < len(top) else None
            w.card = card
            shown = card is not None or (i == 0 and not top)
            if w.display != shown:
                w.display = shown
            is_top = card is not None and i >= len(top) - top_count
            w.set_class(is_top, "-top")
            w.dim = card is not None and not is_top


class DrawPile(Vertical):
    """The face-down draw pile with the number of cards in it (one line,
    ``Draw 21``, when given a single row)."""

    DEFAULT_CSS = """
    DrawPile { width: 12; height: 7; }
    DrawPile > Center { height: 5; margin-top: 1; }
    DrawPile > #draw-label { width: 12; text-align: center; }
    """

    def compose(self):
        with Center():
            yield CardWidget(None, face_up=False, label="", id="draw-card")
        yield Static("Draw pile", id="draw-label")

    def on_resize(self) -> None:
        short = self.size.height <= 2
        center = self.query_one(Center)
        if center.display == short:
            center.display = not short

    def set_count(self, count: int) -> None:
        """Show ``count`` cards in the draw pile (an empty slot at 0)."""
        w = self.query_one("#draw-card", CardWidget)
        w.card = None
        w.face_up = False
        w.set_label(str(count) if count else None)
        self.query_one("#draw-label", Static).update(f"Draw: {count}", layout=False)


class DirectionSign(FitLabel):
    """The current rank direction of a game whose piles run up or down (boxed on two lines,
    or one line ``Direction ▲ up`` when given a single row)."""

    DEFAULT_CSS = """
    DirectionSign { width: 14; height: 5; border: round $foreground 40%; content-align: center middle;
                    text-align: center; margin-top: 1; }
    DirectionSign.-ascii { border: ascii $foreground 40%; }
    DirectionSign.-down { color: $warning; }
    """

    def on_mount(self) -> None:
        self.set_class(ascii_mode(self.app), "-ascii")

    def set_direction(self, direction: int) -> None:
        """Show +1 (up) or -1 (down)."""
        a = ascii_mode(self.app)
        arrow = ("^" if a else "▲") if direction > 0 else ("v" if a else "▼")
        word = "up" if direction > 0 else "down"
        self.set_texts(f"Direction\n{arrow} {word} {arrow}", f"Direction {arrow} {word}")
        self.set_class(direction < 0, "-down")
