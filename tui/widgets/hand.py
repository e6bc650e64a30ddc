"""The player's hand (cursor, selection, clicks) and the horse market for
Buying a Horse (NA-25)."""

from __future__ import annotations

from typing import Iterable, Sequence

from rich.text import Text
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Static

from engine.cards import Card, rank_text
from tui.widgets.cards import CardWidget, ascii_mode


class HandView(Horizontal):
    """A row of face-up cards with a keyboard cursor and a selection.

    The hand holds a list of cards (``cards``), the index under the cursor
    (``cursor``) and a set of selected indices. Selected cards are raised one
    row. Clicking a card moves the cursor there and toggles it.
    Posts :class:`HandView.SelectionChanged` whenever the selection changes.
    """

    DEFAULT_CSS = """
    HandView {
        height: 6;
        width: 1fr;
        padding: 0 1;
    }
    HandView > CardWidget { margin: 1 1 0 0; }
    HandView > CardWidget.-selected { margin: 0 1 1 0; }
    HandView > #hand-empty { width: auto; margin: 2 1 0 0; color: $text-muted; }
    """

    class SelectionChanged(Message):
        """The selection or cursor changed; ``cards`` are the selected cards."""

        def __init__(self, hand: "HandView", cards: list[Card]) -> None:
            super().__init__()
            self.hand = hand
            self.cards = cards

        @property
        def control(self) -> "HandView":
            return self.hand

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.cards: list[Card] = []
        self.cursor = 0
        self.selected: set[int] = set()
        self.face_up = True
        self._slots: list[CardWidget] = []

    def compose(self):
        yield Static("(no cards)", id="hand-empty")

    # -- content -------------------------------------------------------------
    def set_cards(self, cards: Sequence[Card], *, face_up: bool = True) -> None:
        """Show ``cards`` (left to right). Keeps the selection of cards still held;
        the cursor stays on the same index, clamped to the hand."""
        cards = list(cards)
        if cards == self.cards and face_up == self.face_up and len(self._slots) == len(cards):
            return
        keep = [self.cards[i] for i in sorted(self.selected) if i < len(self.cards)]
        self.cards = cards
        self.face_up = face_up
        self.selected = set()
        for c in keep:
            for i, x in enumerate(cards):
                if x is c and i not in self.selected:
                    self.selected.add(i)
                    break
        while len(self._slots) < len(cards):
            w = CardWidget(None, index=len(self._slots), source="hand")
            self._slots.append(w)
            self.mount(w)
        while len(self._slots) > len(cards):
            self._slots.pop().remove()
        for i, (w, c) in enumerate(zip(self._slots, cards)):
            w.card = c
            w.face_up = face_up
        self.cursor = max(0, min(self.cursor, len(cards) - 1))
        empty = self.query_one("#hand-empty")
        if empty.display != (not cards):
            empty.display = not cards
        self._paint()

    def _paint(self) -> None:
        for i, w in enumerate(self._slots):
            w.cursor = i == self.cursor and self.face_up
            w.selected = i in self.selected

    def _changed(self) -> None:
        self._paint()
        self.post_message(self.SelectionChanged(self, self.selected_cards()))

    # -- selection -----------------------------------------------------------
    def selected_cards(self) -> list[Card]:
        """The selected cards, left to right."""
        return [self.cards[i] for i in sorted(self.selected) if i < len(self.cards)]

    def cursor_card(self) -> Card | None:
        """The card under the cursor, or None for an empty hand."""
        return self.cards[self.cursor] if 0 <= self.cursor < len(self.cards) else None

    def move(self, delta: int) -> None:
        """Move the cursor ``delta`` cards (wrapping around the hand)."""
        if self.cards:
            self.cursor = (self.cursor + delta) % len(self.cards)
            self._changed()

    def toggle(self, index: int | None = None) -> None:
        """Select or unselect the card at ``index`` (default: under the cursor)."""
        i = self.cursor if index is None else index
        if 0 <= i < len(self.cards):
            self.selected ^= {i}
            self._changed()

    def select_value(self, rank: int) -> bool:
        """Select every card of face value ``rank``, or unselect them if all are
        selected already. Other cards are unselected. Returns False when the hand
        has no card of that value."""
        idx = {i for i, c in enumerate(self.cards) if c.rank == rank}
        if not idx:
            return False
        self.selected = set() if idx == self.selected else idx
        self.cursor = min(idx)
        self._changed()
        return True

    def select_cards(self, cards: Iterable[Card]) -> None:
        """Select exactly ``cards`` (e.g. a hint's play) and put the cursor on the first."""
        want = list(cards)
        self.selected = set()
        for c in want:
            for i, x in enumerate(self.cards):
                if x is c and i not in self.selected:
                    self.selected.add(i)
                    break
        if self.selected:
            self.cursor = min(self.selected)
        self._changed()

    def clear_selection(self) -> None:
        """Unselect every card."""
        if self.selected:
            self.selected = set()
            self._changed()

    def on_card_widget_clicked(self, event: CardWidget.Clicked) -> None:
        event.stop()
        if not self.face_up:
            return
        self.cursor = event.index
        self.toggle(event.index)


class HorseMarket(Horizontal):
    """The 13 face values for Buying a Horse (NA-25a): each box shows the value
    and its owner, the cursor picks the value that Enter buys.
    Posts :class:`HorseMarket.Picked` when a value is clicked."""

    DEFAULT_CSS = """
    HorseMarket { height: 6; width: 1fr; padding: 0 1; }
    HorseMarket > .horse {
        width: 7; height: 5; margin: 1 0 0 0;
        border: round $foreground 40%;
        content-align: center middle; text-align: center;
    }
    HorseMarket > .horse.-ascii { border: ascii $foreground 40%; }
    HorseMarket > .horse.-owned { color: $text-muted; }
    HorseMarket > .horse.-cursor { border: heavy $accent; }
    HorseMarket > .horse.-ascii.-cursor { border: ascii $accent; }
    """

    VALUES = tuple(range(2, 15))

    class Picked(Message):
        """A value box was clicked."""

        def __init__(self, value: int) -> None:
            super().__init__()
            self.value = value

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.cursor = 0
        self.owners: dict[int, str] = {}

    def compose(self):
        for v in self.VALUES:
            yield Static(rank_text(v), classes="horse", name=str(v))

    def on_mount(self) -> None:
        for w in self.query(".horse"):
            w.set_class(ascii_mode(self.app), "-ascii")
        self._paint()

    @property
    def value(self) -> int:
        """The face value under the cursor."""
        return self.VALUES[self.cursor]

    def set_owners(self, owners: dict[int, str]) -> None:
        """Show who owns each value (value -> owner name)."""
        self.owners = dict(owners)
        self._paint()

    def move(self, delta: int) -> None:
        """Move the cursor ``delta`` values (wrapping)."""
        self.cursor = (self.cursor + delta) % len(self.VALUES)
        self._paint()

    def pick(self, value: int) -> None:
        """Put the cursor on ``value`` (2..14)."""
        if value in self.VALUES:
            self.cursor = self.VALUES.index(value)
            self._paint()

    def _paint(self) -> None:
        for i, w in enumerate(self.query(".horse").results(Static)):
            v = self.VALUES[i]
            owner = self.owners.get(v)
            w.update(Text(f"{rank_text(v)}\n{owner[:5] if owner else '-'}"), layout=False)
            w.set_class(owner is not None, "-owned")
            w.set_class(i == self.cursor, "-cursor")

    def on_click(self, event) -> None:
        widget = event.widget
        if widget is not None and widget.has_class("horse"):
            self.pick(int(widget.name))
            self.post_message(self.Picked(int(widget.name)))
