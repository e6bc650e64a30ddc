"""Scores and seats panels.

* :class:`Scoreboard` (Nags): every seat's cards in hand, this game's and the
  match's points (with .5, NA-19/NA-20/NA-21), earlier games, horses owned
  (NA-25), who is to move, who deals and who is thinking.
* :class:`MatchScoreboard` (any game): per-hand points of finished hands and
  the match totals, from the ``hand_over`` events' data.
* :class:`SeatsPanel` (any game whose view has ``hand_sizes``; ``dealer`` optional):
  one line per seat with the backs of the cards held.
"""

from __future__ import annotations

from typing import Sequence

from rich import box
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from engine.cards import rank_text
from engine.games.nags import NagsView
from tui.nags_ui import points
from tui.widgets.cards import ascii_mode
from tui.widgets.narration import format_points


class MatchScoreboard(Static):
    """The generic scores panel: turn marker, seat, the last finished hands'
    points and the match total. Rebuilt by :meth:`update_scores`.

    Only public facts are shown (the ``hand_over`` events' scores)."""

    DEFAULT_CSS = """
    MatchScoreboard { height: auto; width: 1fr; padding: 0 1; }
    """

    #: How many finished hands get their own column.
    HISTORY_COLUMNS = 4

    def update_scores(self, names: Sequence[str], hand_scores: Sequence[Sequence[float]],
                      totals: Sequence[float], *, to_move: int = -1, thinking: int | None = None,
                      humans: Sequence[int] = (), winners: Sequence[int] = (), hand_word: str = "Hand") -> None:
        """Redraw.

        Args:
            names: seat names.
            hand_scores: points per finished hand per seat (any sign, fractions allowed).
            totals: match totals per seat (points).
            to_move: the seat to move (marked), negative for none.
            thinking: the bot seat choosing a move now (marked ``…``).
            humans: seats played at this terminal (marked ``*`` when several).
            winners: seats to highlight once the match is over.
            hand_word: the column prefix (``Hand`` gives ``H1``, ``H2``...).
        """
        a = ascii_mode(self.app)
        table = Table(box=box.ASCII if a else box.SIMPLE_HEAD, expand=True, pad_edge=False, show_edge=False)
        table.add_column("", width=2, no_wrap=True)
        table.add_column("Seat", ratio=3, no_wrap=True, overflow="ellipsis")
        first = max(0, len(hand_scores) - self.HISTORY_COLUMNS)
        for h in range(first, len(hand_scores)):
            table.add_column(f"{hand_word[:1]}{h + 1}", justify="right", no_wrap=True)
        table.add_column("Match", justify="right", no_wrap=True, style="bold")
        for seat, name in enumerate(names):
            if thinking == seat:
                mark = "~" if a else "…"
            elif to_move == seat:
                mark = ">" if a else "▶"
            else:
                mark = ""
            label = Text(name + (" *" if seat in humans and len(humans) > 1 else ""))
            row: list = [Text(mark, style="bold"), label]
            for h in range(first, len(hand_scores)):
                row.append(format_points(hand_scores[h][seat]) if seat < len(hand_scores[h]) else "-")
            total = Text(format_points(totals[seat]) if seat < len(totals) else "0")
            if seat in winners:
                total.stylize("bold reverse")
            row.append(total)
            table.add_row(*row)
        rows = len(names) + 4
        if self.styles.height is None or self.styles.height.value != rows:
            self.styles.height = rows
        self.update(table, layout=False)


class Scoreboard(Static):
    """A table of seats and points, rebuilt by :meth:`update_view`.

    Only public facts are shown: hand sizes, points, owners, the dealer."""

    DEFAULT_CSS = """
    Scoreboard { height: auto; width: 1fr; padding: 0 1; }
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
        current = not view.is_over and view.phase != "buy"
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


class SeatsPanel(Static):
    """One line per seat around the table: turn marker, name, the backs of the
    cards in hand (their number only; never the cards), and a "thinking…"
    cue for the bot choosing a move.

    Works with any view that has ``seat``, ``to_move`` and ``hand_sizes``
    (a list of card counts per seat); ``dealer`` is shown when the view has it."""

    DEFAULT_CSS = """
    SeatsPanel { height: auto; width: 1fr; padding: 0 1; }
    """

    def update_view(self, view: NagsView, names: Sequence[str], *, thinking: int | None = None,
                    bots: Sequence[int] = ()) -> None:
        """Redraw from ``view``; ``thinking`` is the bot seat choosing, ``bots`` the bot seats."""
        a = ascii_mode(self.app)
        text = Text()
        width = max(len(n) for n in names) + 2
        for seat, name in enumerate(names):
            if seat:
                text.append("\n")
            to_move = view.to_move == seat
            text.append((">" if a else "▶") + " " if to_move else "  ", style="bold")
            text.append(name.ljust(width), style="bold" if to_move else "")
            sizes = getattr(view, "hand_sizes", ())
            n = sizes[seat] if seat < len(sizes) else 0
            text.append(("#" if a else "▮") * n, style="bold")
            text.append(f" {n} card{'s' if n != 1 else ''}".ljust(10))
            if seat == getattr(view, "dealer", None):
                text.append("  dealer", style="dim")
            if thinking == seat:
                text.append("  thinking" + ("..." if a else "…"), style="bold italic")
            elif seat == view.seat and seat not in bots:
                text.append("  (hand shown below)", style="dim")
        self.update(text, layout=not getattr(self, "_drawn", False))
        self._drawn = True
