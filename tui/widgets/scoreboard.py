"""Scores and seats panels.

* :class:`MatchScoreboard` (any game): per-hand points of finished hands and
  the match totals, from the ``hand_over`` events' data.
* :class:`SeatsPanel` (any game whose view has ``hand_sizes``; ``dealer`` optional):
  one line per seat with the backs of the cards held.
"""

from __future__ import annotations

from typing import Any, Sequence

from rich import box
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

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
                      humans: Sequence[int] = (), winners: Sequence[int] = (), hand_word: str = "Hand",
                      teams: Sequence[Sequence[int]] | None = None) -> None:
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
            teams: the partnerships (``Game.teams``); when a team has several
                seats, one row per team (``Ann & Cy``) with its shared points,
                marked when any of its seats is to move.
        """
        a = ascii_mode(self.app)
        table = Table(box=box.ASCII if a else box.SIMPLE_HEAD, expand=True, pad_edge=False, show_edge=False)
        table.add_column("", width=2, no_wrap=True)
        table.add_column("Seat", ratio=3, no_wrap=True, overflow="ellipsis")
        first = max(0, len(hand_scores) - self.HISTORY_COLUMNS)
        for h in range(first, len(hand_scores)):
            table.add_column(f"{hand_word[:1]}{h + 1}", justify="right", no_wrap=True)
        table.add_column("Match", justify="right", no_wrap=True, style="bold")
        if not teams or all(len(t) == 1 for t in teams):
            groups: list[Sequence[int]] = [[seat] for seat in range(len(names))]
        else:
            groups = [t for t in teams if t]
        for group in groups:
            seat = group[0]
            name = " & ".join(names[s] for s in group)
            if thinking in group:
                mark = "~" if a else "…"
            elif to_move in group:
                mark = ">" if a else "▶"
            else:
                mark = ""
            label = Text(name + (" *" if any(s in humans for s in group) and len(humans) > 1 else ""))
            row: list = [Text(mark, style="bold"), label]
            for h in range(first, len(hand_scores)):
                row.append(format_points(hand_scores[h][seat]) if seat < len(hand_scores[h]) else "-")
            total = Text(format_points(totals[seat]) if seat < len(totals) else "0")
            if seat in winners:
                total.stylize("bold reverse")
            row.append(total)
            table.add_row(*row)
        rows = len(groups) + 4
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
    SeatsPanel { height: auto; width: 1fr; padding: 0 1; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def update_view(self, view: Any, names: Sequence[str], *, thinking: int | None = None,
                    bots: Sequence[int] = ()) -> None:
        """Redraw from ``view``; ``thinking`` is the bot seat choosing, ``bots`` the bot seats."""
        a = ascii_mode(self.app)
        text = Text(no_wrap=True, overflow="ellipsis")  # one line per seat, cut on a narrow table
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
        self.update(text)
        self._drawn = True
