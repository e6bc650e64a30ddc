"""The Nags widgets.

* :class:`NagsTableCentre`: the four runners (horses) with their state and who
  brought each in (NA-5, NA-12..NA-14, NA-25 owners), the discard pile, the
  draw pile and the direction.
* :class:`NagsScoreboard`: every seat's cards in hand, this game's and the
  match's points (with .5, NA-19/NA-20/NA-21), earlier games, horses owned
  (NA-25), who is to move, who deals and who is thinking.
* :class:`HorseMarket`: the 13 face values for Buying a Horse (NA-25a).
"""

from __future__ import annotations

from typing import Sequence

from rich.markup import escape
from rich import box
from rich.table import Table
from rich.text import Text
from textual.containers import Center, Horizontal, Vertical
from textual.message import Message
from textual.widgets import Static

from engine.cards import rank_text
from engine.games.nags.game import CAME_IN, FELL, NagsView, Phase
from tui.games.nags.ui import points, runner_status
from tui.widgets.cards import CardWidget, ascii_mode, theme_color
from tui.widgets.piles import DirectionSign, DiscardPile, DrawPile


class RunnerBox(Vertical):
    """One runner: its card (dimmed once fallen) and its state below. Its card is
    drawn compact (one line) when the board gives it a single row (short terminals)."""

    DEFAULT_CSS = """
    RunnerBox { width: 1fr; min-width: 9; max-width: 20; height: auto; }
    RunnerBox > Center { height: 5; }
    RunnerBox > .runner-status { width: 1fr; height: auto; text-align: center; }
    RunnerBox > .runner-owner { width: 1fr; height: auto; text-align: center; color: $text-muted; }
    """

    def compose(self):
        with Center():
            yield CardWidget(None)
        yield Static("", classes="runner-status")
        yield Static("", classes="runner-owner")

    def set_runner(self, runner: tuple | None, names: Sequence[str], owner: str | None) -> None:
        """Show ``runner`` (``(card, status, position, seat)`` from the view) or an empty slot."""
        card_w = self.query_one(CardWidget)
        status_w = self.query_one(".runner-status", Static)
        owner_w = self.query_one(".runner-owner", Static)
        if runner is None:
            card_w.card = None
            status_w.update("", layout=False)
            owner_w.update("", layout=False)
            owner_w.display = False
            return
        card, status = runner[0], runner[1]
        card_w.card = card
        card_w.face_up = status != FELL
        card_w.dim = status == FELL
        text = runner_status(runner, names)
        style = ""
        if status == CAME_IN:
            style = f"bold {theme_color(self.app, 'runner-in')}"
        elif status == FELL:
            style = theme_color(self.app, "runner-fallen")
        status_w.update(Text(text, style=style))
        owner_w.update(f"owner: {escape(owner)}" if owner else "")
        if owner_w.display != bool(owner):
            owner_w.display = bool(owner)


class NagsTableCentre(Vertical):
    """Runners on top; discard pile, draw pile and direction below.
    Call :meth:`update_view` with the shown seat's view."""

    DEFAULT_CSS = """
    NagsTableCentre { height: auto; }
    NagsTableCentre > #runners { height: auto; width: 1fr; margin-bottom: 1; }
    NagsTableCentre > #runners > #runners-label { width: 10; height: 5; padding: 2 1 0 0; text-align: right; }
    NagsTableCentre > #piles { height: 7; width: 1fr; }
    NagsTableCentre > #piles > DiscardPile { width: 1fr; }
    NagsTableCentre > #piles > DrawPile { margin-left: 1; }
    NagsTableCentre > #piles > DirectionSign { margin-left: 1; }
    """

    def compose(self):
        with Horizontal(id="runners"):
            yield Static("Runners", id="runners-label")
            for i in range(4):
                yield RunnerBox(id=f"runner-{i}")
        with Horizontal(id="piles"):
            yield DiscardPile()
            yield DrawPile()
            yield DirectionSign()

    #: Rows the centre needs for big runners (cards, state, owner) and for big piles too.
    BIG_RUNNERS_ROWS, BIG_PILES_ROWS = 8, 15

    def on_resize(self) -> None:
        """Fit the room: big cards where they fit, else one-line piles, then one-line runners."""
        h = self.content_size.height
        piles, runners = h < self.BIG_PILES_ROWS, h < self.BIG_RUNNERS_ROWS
        self.set_class(piles, "-compact-piles")
        self.set_class(runners, "-compact-runners")
        for card in self.query("#piles CardWidget").results(CardWidget):
            card.set_compact(piles)
        for card in self.query("RunnerBox CardWidget").results(CardWidget):
            card.set_compact(runners)

    def update_view(self, view: NagsView, names: Sequence[str], last_play: int = 1) -> None:
        """Redraw from ``view`` (public information only); ``last_play``: how many top cards of
        the discard pile the last play (or turn) put there, all shown as the top."""
        owners = dict(view.owners)
        for i in range(4):
            runner = view.runners[i] if i < len(view.runners) else None
            owner = None
            if runner is not None and runner[0].rank in owners:
                owner = names[owners[runner[0].rank]]
            self.query_one(f"#runner-{i}", RunnerBox).set_runner(runner, names, owner)
        self.query_one(DiscardPile).set_cards(view.discard, last_play)
        self.query_one(DrawPile).set_count(view.stock_count)
        self.query_one(DirectionSign).set_direction(view.direction)


class NagsScoreboard(Static):
    """A table of seats and points, rebuilt by :meth:`update_view`.

    Only public facts are shown: hand sizes, points, owners, the dealer."""

    DEFAULT_CSS = """
    NagsScoreboard { height: auto; width: 1fr; padding: 0 1; }
    """

    #: How many finished games get their own column.
    HISTORY_COLUMNS = 4

    def update_view(self, view: NagsView, names: Sequence[str], *, thinking: int | None = None,
                    humans: Sequence[int] = ()) -> None:
        """Redraw from ``view``. ``thinking`` is the bot seat choosing a move;
        ``humans`` are the seats played at this terminal (marked with *)."""
        a = ascii_mode(self.app)
        table = Table(box=box.ASCII if a else box.SIMPLE_HEAD, expand=True, pad_edge=False,
                      show_edge=False)
        table.add_column("", width=2, no_wrap=True)
        table.add_column("Seat", ratio=3, no_wrap=True, overflow="ellipsis")
        table.add_column("Cards", justify="right", no_wrap=True)
        history = list(view.history)
        first = max(0, len(history) - self.HISTORY_COLUMNS)
        for g in range(first, len(history)):
            table.add_column(f"G{g + 1}", justify="right", no_wrap=True)
        current = not view.is_over and view.phase is not Phase.BUY
        if current:
            table.add_column(f"Game {view.game_no + 1}" if history else "Game", justify="right", no_wrap=True)
        table.add_column("Match", justify="right", no_wrap=True, style="bold")
        owners: dict[int, list[int]] = {}
        for value, seat in view.owners:
            owners.setdefault(seat, []).append(value)
        if owners:
            table.add_column("Horses", no_wrap=True)
        best = max(view.totals_half) if view.totals_half else 0
        for seat, name in enumerate(names):
            if thinking == seat:
                mark = "~" if a else "…"
            elif view.to_move == seat or (view.to_move < 0 and view.turn == seat and not view.is_over):
                mark = ">" if a else "▶"
            else:
                mark = ""
            label = Text(name + (" *" if seat in humans and len(humans) > 1 else ""))
            if seat == view.seat and len(humans) <= 1 and seat in humans:
                label.stylize("bold")
            row = [Text(mark, style="bold"), label,
                   str(view.hand_sizes[seat]) if seat < len(view.hand_sizes) else "-"]
            for g in range(first, len(history)):
                row.append(points(history[g][seat]))
            if current:
                row.append(points(view.game_half[seat]))
            total = Text(points(view.totals_half[seat]))
            if view.is_over and view.totals_half[seat] == best:
                total.stylize("bold reverse")
            row.append(total)
            if owners:
                row.append(" ".join(rank_text(v) for v in sorted(owners.get(seat, []))))
            table.add_row(*row)
        rows = len(names) + 4  # border, header, rule, one row per seat, border
        if self.styles.height is None or self.styles.height.value != rows:
            self.styles.height = rows
        self.update(table, layout=False)


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
    HorseMarket.-compact { height: auto; layout: grid; grid-size: 7; grid-rows: 1; grid-columns: 1fr; }
    HorseMarket.-compact > .horse { height: 1; width: 1fr; border: none; margin: 0 1 0 0; }
    HorseMarket.-compact > .horse.-cursor { text-style: bold reverse; }
    """
    #: Cells the 13 boxes need side by side (7 each, and the padding).
    WIDE_CELLS = 13 * 7 + 2

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

    def on_resize(self) -> None:
        """Boxes side by side when they fit the width (and the screen is not short), else a
        compact grid of one-line values (``A Bix``) on two rows."""
        short = self.screen.has_class("-short")
        compact = short or self.size.width < self.WIDE_CELLS
        if compact != self.has_class("-compact"):
            self.set_class(compact, "-compact")
            self._paint()

    @property
    def compact(self) -> bool:
        """True while the values are drawn one line each."""
        return self.has_class("-compact")

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
            sep = " " if self.compact else "\n"
            w.update(Text(f"{rank_text(v)}{sep}{owner[:5] if owner else '-'}"), layout=False)
            w.set_class(owner is not None, "-owned")
            w.set_class(i == self.cursor, "-cursor")

    def on_click(self, event) -> None:
        widget = event.widget
        if widget is not None and widget.has_class("horse"):
            self.pick(int(widget.name))
            self.post_message(self.Picked(int(widget.name)))
