"""The player's hand (cursor, selection, clicks), for any game."""

from __future__ import annotations

from typing import Iterable, Sequence

import math

from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

from engine.cards import Card
from engine.grammar import plural
from tui.widgets.cards import CardWidget


class HandView(Widget):
    """A row of face-up cards with a keyboard cursor and a selection.

    The hand holds a list of cards (``cards``), the index under the cursor
    (``cursor``) and a set of selected indices. Selected cards are raised one
    row. Clicking a card moves the cursor there and toggles it.
    Posts :class:`HandView.SelectionChanged` whenever the selection changes.

    The hand fits itself to the room it gets (any number of cards, any terminal):
    big cards (7x5) while they fit the width in at most :meth:`big_rows` rows,
    else compact one-line cards (``7♥``, underlined under the cursor, reversed
    when selected), wrapping onto as many rows as needed. Its height follows.
    :attr:`compact` says which is drawn now.
    """

    DEFAULT_CSS = """
    HandView {
        height: 6;
        width: 1fr;
        padding: 0 1;
        layout: grid;
        grid-columns: 8;
        grid-rows: 6;
    }
    HandView > CardWidget { margin: 1 1 0 0; }
    HandView > CardWidget.-selected { margin: 0 1 1 0; }
    HandView > #hand-empty { width: auto; margin: 2 1 0 0; color: $text-muted; column-span: 8; }
    HandView.-compact { grid-columns: 4; grid-rows: 1; }
    HandView.-compact > CardWidget, HandView.-compact > CardWidget.-selected {
        height: 1; width: 3; margin: 0 1 0 0; }
    HandView.-compact > #hand-empty { margin: 0 1 0 0; }
    """

    #: Cells of one card in the grid: big (a 7x5 card, a gap, a row to raise it) and compact (``10♥`` and a gap).
    BIG_CELL, COMPACT_CELL = (8, 6), (4, 1)

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
        #: how many rows of big cards are allowed; None: from the screen's height class
        #: (``-short``: 0, so always compact; ``-tall``: 2; otherwise 1)
        self.max_big_rows: int | None = None
        #: the suit colours of the cards (a name in ``tui.widgets.cards.SUIT_PALETTES``: "french" or a game's own)
        self.palette = "french"

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
            w = CardWidget(None, index=len(self._slots), source="hand", palette=self.palette)
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
        self.fit()

    # -- size ------------------------------------------------------------------
    @property
    def compact(self) -> bool:
        """True while the cards are drawn in one line each."""
        return self.has_class("-compact")

    def big_rows(self) -> int:
        """Rows of big cards allowed now: :attr:`max_big_rows`, else 0 on a ``-short``
        screen, 2 on a ``-tall`` one, 1 otherwise."""
        if self.max_big_rows is not None:
            return self.max_big_rows
        try:
            screen = self.screen
        except Exception:  # not mounted
            return 1
        if screen.has_class("-short"):
            return 0
        return 2 if screen.has_class("-tall") else 1

    def layout_for(self, width: int, count: int) -> tuple[bool, int, int]:
        """The layout of ``count`` cards in ``width`` cells (padding included).

        Returns:
            (compact, columns, rows): big cards when ``count`` fits in :meth:`big_rows`
            rows of big cards, else compact cards wrapping onto ``rows`` rows.
        """
        inner = max(1, width - 2)
        count = max(1, count)
        big_w, _ = self.BIG_CELL
        cols = max(1, (inner + 1) // big_w)
        rows = math.ceil(count / cols)
        if rows <= self.big_rows():
            return False, min(cols, count), rows
        cols = max(1, (inner + 1) // self.COMPACT_CELL[0])
        return True, min(cols, count), math.ceil(count / cols)

    def fit(self) -> None:
        """Choose big or compact cards and the rows for the width the hand has now."""
        width = self.size.width
        if not width:
            return
        compact, cols, rows = self.layout_for(width, len(self.cards))
        if not self.cards:  # the "(no cards)" line spans several columns: give it the whole row
            cols = max(1, (max(1, width - 2) + 1) // (self.COMPACT_CELL if compact else self.BIG_CELL)[0])
        self.set_class(compact, "-compact")
        for w in self._slots:
            w.set_compact(compact)
        if self.styles.grid_size_columns != cols:
            self.styles.grid_size_columns = cols
        height = rows * (self.COMPACT_CELL[1] if compact else self.BIG_CELL[1])
        if self.styles.height is None or self.styles.height.value != height:
            self.styles.height = height

    def on_resize(self) -> None:
        self.fit()

    def on_mount(self) -> None:
        self.call_after_refresh(self.fit)

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

    def chosen_cards(self) -> list[Card]:
        """The selected cards, or else the card under the cursor (``[]`` for an empty hand):
        what a move on "these cards" means when nothing is selected."""
        current = self.cursor_card()
        return self.selected_cards() or ([current] if current is not None else [])

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


def _suit_key(card: Card) -> tuple[int, int, int]:
    if not card.is_natural or card.suit is None:
        return (1, 0, card.order)
    return (0, int(card.suit), card.rank)


def _rank_key(card: Card) -> tuple[int, int, int]:
    if not card.is_natural or card.suit is None:
        return (1, 0, card.order)
    return (0, card.rank, int(card.suit))


class FanHand(HandView):
    """A big hand (20 to 40 cards) for rummy games: a :class:`HandView` (cursor,
    multi-selection, clicks, big cards that turn compact and wrap when they do not
    fit) whose cards are grouped by suit (then rank) or by rank (then suit), jokers
    and other special faces last. :meth:`toggle_group` switches the grouping (a
    table binds it to one key); the selection follows the cards.

    Attributes:
        group: ``"suit"`` or ``"rank"``.
    """

    GROUPS = ("suit", "rank")
    #: From this many terminal rows a fan may take three rows of big cards (a 40-card hand at 200x60).
    THREE_ROWS_FROM = 56

    def __init__(self, *, group: str = "suit", id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.group = group if group in self.GROUPS else "suit"
        self._given: list[Card] = []

    def big_rows(self) -> int:
        """As :meth:`HandView.big_rows`, but three rows on a terminal of :attr:`THREE_ROWS_FROM` rows
        or more (unless :attr:`max_big_rows` is set)."""
        rows = super().big_rows()
        if self.max_big_rows is None and rows == 2 and self.app.size.height >= self.THREE_ROWS_FROM:
            return 3
        return rows

    def grouped(self, cards: Sequence[Card]) -> list[Card]:
        """``cards`` in the order shown under the current grouping."""
        return sorted(cards, key=_rank_key if self.group == "rank" else _suit_key)

    def set_cards(self, cards: Sequence[Card], *, face_up: bool = True) -> None:
        """Show ``cards`` in the order of :attr:`group` (see :meth:`HandView.set_cards`)."""
        self._given = list(cards)
        super().set_cards(self.grouped(cards), face_up=face_up)

    def title(self, who: str, group_key: str, extra: str = "") -> str:
        """The hand panel's title: ``Your hand (12 cards, by suit: g, EXTRA)``. ``who`` is "Your" or
        "Ann's"; ``group_key`` the key that switches the grouping as the player reads it
        (``BaseTableScreen.key_label``), "" where none does (a replay, whose ``g`` goes to a hand):
        then the grouping is named without a key. ``extra`` goes last, after ", " (none if "")."""
        head = f"{who} hand ({plural(len(self.cards), 'card', 'cards')}, by {self.group}"
        return head + (f": {group_key}" if group_key else "") + (f", {extra}" if extra else "") + ")"

    def toggle_group(self) -> str:
        """Switch between grouping by suit and by rank; the selected cards stay selected
        and the cursor stays on its card. Returns the new grouping."""
        chosen = self.selected_cards()
        at = self.cursor_card()
        self.group = "rank" if self.group == "suit" else "suit"
        order = self.grouped(self.cards)
        self.cards = []  # force the redraw in the new order
        self.selected = set()
        super().set_cards(order, face_up=self.face_up)
        self.select_cards(chosen) if chosen else self._paint()
        if at is not None:
            self.cursor = next((i for i, c in enumerate(self.cards) if c is at), self.cursor)
            self._paint()
        return self.group
