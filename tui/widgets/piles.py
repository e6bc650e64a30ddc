"""The discard pile, the draw pile and the direction sign of the table centre."""

from __future__ import annotations

from typing import Sequence

from rich.text import Text
from textual.containers import Center, Horizontal, Vertical
from textual.widgets import Static

from engine.cards import Card
from tui.widgets.cards import CardWidget, ascii_mode


class DiscardPile(Horizontal):
    """The top cards of the discard pile, oldest left, the top card right
    (raised and outlined). Shows up to ``SHOWN`` cards and the pile's size."""

    SHOWN = 6

    DEFAULT_CSS = """
    DiscardPile { height: 7; width: auto; }
    DiscardPile > #discard-label { width: 12; height: 6; padding: 2 1 0 0; text-align: right; }
    DiscardPile > CardWidget { margin: 1 0 0 0; }
    DiscardPile > CardWidget.-top { margin: 0 0 1 1; border: heavy $accent; }
    DiscardPile > CardWidget.-ascii.-top { border: ascii $accent; }
    """

    def compose(self):
        yield Static("Discard", id="discard-label")
        for i in range(self.SHOWN):
            yield CardWidget(None, index=i)

    def set_cards(self, discard: Sequence[Card]) -> None:
        """Show the last cards of ``discard`` (bottom to top)."""
        top = list(discard[-self.SHOWN:])
        slots = list(self.query(CardWidget).results(CardWidget))
        self.query_one("#discard-label", Static).update(
            Text(f"Discard\n{len(discard)} card{'s' if len(discard) != 1 else ''}"), layout=False)
        for i, w in enumerate(slots):
            card = top[i] if i < len(top) else None
            w.card = card
            shown = card is not None or (i == 0 and not top)
            if w.display != shown:
                w.display = shown
            is_top = card is not None and i == len(top) - 1
            w.set_class(is_top, "-top")
            w.dim = card is not None and not is_top


class DrawPile(Vertical):
    """The face-down draw pile with the number of cards in it."""

    DEFAULT_CSS = """
    DrawPile { width: 12; height: 7; }
    DrawPile > Center { height: 5; margin-top: 1; }
    DrawPile > #draw-label { width: 12; text-align: center; }
    """

    def compose(self):
        with Center():
            yield CardWidget(None, face_up=False, label="", id="draw-card")
        yield Static("Draw pile", id="draw-label")

    def set_count(self, count: int) -> None:
        """Show ``count`` cards in the draw pile (an empty slot at 0)."""
        w = self.query_one("#draw-card", CardWidget)
        w.card = None
        w.face_up = False
        w.set_label(str(count) if count else None)
        self.query_one("#draw-label", Static).update(f"Draw: {count}", layout=False)


class DirectionSign(Static):
    """The current rank direction (NA-10, NA-22): up or down."""

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
        self.update(Text(f"Direction\n{arrow} {word} {arrow}"), layout=False)
        self.set_class(direction < 0, "-down")
