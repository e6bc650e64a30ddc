"""The player's hand (cursor, selection, clicks), for any game."""

from __future__ import annotations

from typing import Iterable, Sequence

from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Static

from engine.cards import Card
from tui.widgets.cards import CardWidget


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
