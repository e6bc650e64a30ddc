"""The Nags table centre: the four runners (horses) with their state and who
brought each in (NA-5, NA-12..NA-14, NA-25 owners), the discard pile, the
draw pile and the direction."""

from __future__ import annotations

from typing import Sequence

from rich.text import Text
from textual.containers import Center, Horizontal, Vertical
from textual.widgets import Static

from engine.games.nags import CAME_IN, FELL, NagsView
from tui.nags_ui import runner_status
from tui.widgets.cards import CardWidget, theme_color
from tui.widgets.piles import DirectionSign, DiscardPile, DrawPile


class RunnerBox(Vertical):
    """One runner: its card (dimmed once fallen) and its state below."""

    DEFAULT_CSS = """
    RunnerBox { width: 20; height: 7; }
    RunnerBox > Center { height: 5; }
    RunnerBox > .runner-status { width: 20; text-align: center; }
    RunnerBox > .runner-owner { width: 20; text-align: center; color: $text-muted; }
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
        status_w.update(Text(text, style=style), layout=False)
        owner_w.update(f"owner: {owner}" if owner else "", layout=False)


class TableCentre(Vertical):
    """Runners on top; discard pile, draw pile and direction below.
    Call :meth:`update_view` with the shown seat's view."""

    DEFAULT_CSS = """
    TableCentre { height: auto; }
    TableCentre > #runners { height: 7; width: 1fr; margin-bottom: 1; }
    TableCentre > #runners > #runners-label { width: 12; height: 5; padding: 2 1 0 0; text-align: right; }
    TableCentre > #piles { height: 7; width: 1fr; }
    TableCentre > #piles > DrawPile { margin-left: 4; }
    TableCentre > #piles > DirectionSign { margin-left: 2; }
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

    def update_view(self, view: NagsView, names: Sequence[str]) -> None:
        """Redraw from ``view`` (public information only)."""
        owners = dict(view.owners)
        for i in range(4):
            runner = view.runners[i] if i < len(view.runners) else None
            owner = None
            if runner is not None and runner[0].rank in owners:
                owner = names[owners[runner[0].rank]]
            self.query_one(f"#runner-{i}", RunnerBox).set_runner(runner, names, owner)
        self.query_one(DiscardPile).set_cards(view.discard)
        self.query_one(DrawPile).set_count(view.stock_count)
        self.query_one(DirectionSign).set_direction(view.direction)
