"""The end-of-match summary: per-game and match scores (points with .5),
the winner(s), "play again" and "quit"."""

from __future__ import annotations

from typing import Any, Sequence

from rich import box
from rich.align import Align
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Static

from tui.nags_ui import fmt_points, points
from tui.widgets.cards import ascii_mode


def summary_table(names: Sequence[str], per_game_half: Sequence[Sequence[int]], totals: Sequence[float],
                  winners: Sequence[int], *, ascii_only: bool = False) -> Table:
    """A rich table: one row per seat, one column per game (half points shown as
    points, NA-19), then the match total (NA-21); winners are marked."""
    table = Table(box=box.ASCII if ascii_only else box.ROUNDED, title="Scores", expand=False)
    table.add_column("Seat", no_wrap=True)
    for g in range(len(per_game_half)):
        table.add_column(f"Game {g + 1}", justify="right")
    table.add_column("Match", justify="right", style="bold")
    for seat, name in enumerate(names):
        row: list[Any] = [Text(name + ("  (winner)" if seat in winners else ""),
                               style="bold" if seat in winners else "")]
        row += [points(g[seat]) for g in per_game_half]
        row.append(fmt_points(totals[seat]))
        table.add_row(*row)
    return table


class SummaryScreen(Screen[None]):
    """Shown when a match ends.

    Args:
        session: the finished ``engine.session.Session``; its ``state.scores()``
            and ``state.winners()`` are read (the match is over, nothing is hidden).
        per_game_half: half points per game per seat (from the final view's history).

    Keys: ``r``/Enter play again (``app.new_match_like(session)``), ``s`` back to
    setup (when the app has it), ``q`` quit.
    """

    BINDINGS = [
        Binding("r", "play_again", "Play again", id="summary.again"),
        Binding("s", "setup", "Setup", id="summary.setup"),
        Binding("q", "quit_app", "Quit", id="summary.quit"),
        Binding("escape", "back", "Back to table", id="summary.back"),
    ]

    DEFAULT_CSS = """
    SummaryScreen { align: center middle; }
    SummaryScreen #summary-box { width: 100; height: auto; padding: 1 3;
                                 border: double $primary; background: $surface; }
    SummaryScreen #summary-title { text-style: bold; width: 100%; text-align: center; }
    SummaryScreen #summary-winners { width: 100%; text-align: center; margin: 1 0; text-style: bold; }
    SummaryScreen #summary-table { width: 100%; }
    SummaryScreen #summary-buttons { height: auto; width: 100%; margin-top: 1; align-horizontal: center; }
    SummaryScreen #summary-buttons Button { margin: 0 1; }
    """

    def __init__(self, session: Any, per_game_half: Sequence[Sequence[int]]) -> None:
        super().__init__()
        self.session = session
        self.per_game_half = [list(g) for g in per_game_half]

    @property
    def winners(self) -> list[int]:
        """Seats that won the match (ties share, NA-21)."""
        return list(self.session.state.winners())

    def winners_text(self) -> str:
        """``Winner: Ann`` or ``Winners (tie): Ann, Bix``."""
        names = [self.session.names[s] for s in self.winners]
        if not names:
            return "No winner."
        if len(names) == 1:
            return f"Winner: {names[0]}"
        return "Winners (tie): " + ", ".join(names)

    def compose(self) -> ComposeResult:
        names = self.session.names
        totals = self.session.state.scores()
        games = len(self.per_game_half)
        with Vertical(id="summary-box"):
            yield Static(f"Match over after {games} game{'s' if games != 1 else ''}", id="summary-title")
            yield Static(self.winners_text(), id="summary-winners")
            yield Static(Align.center(summary_table(names, self.per_game_half, totals, self.winners,
                                                    ascii_only=ascii_mode(self.app))), id="summary-table")
            with Horizontal(id="summary-buttons"):
                yield Button("Play again (r)", id="again", variant="primary")
                yield Button("Quit (q)", id="quit", variant="error")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#again", Button).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "setup":
            return hasattr(self.app, "show_setup")
        return True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "again":
            self.action_play_again()
        else:
            self.action_quit_app()

    def action_play_again(self) -> None:
        """A new match like this one (the app decides how; see ``new_match_like``)."""
        again = getattr(self.app, "new_match_like", None)
        if callable(again):
            again(self.session)
        else:
            self.notify("This app cannot start a new match from here.", severity="warning")

    def action_setup(self) -> None:
        """Back to the setup screen."""
        show = getattr(self.app, "show_setup", None)
        if callable(show):
            show()

    def action_back(self) -> None:
        """Look at the final table again."""
        self.dismiss(None)

    def action_quit_app(self) -> None:
        """Leave the program (the log is complete)."""
        close = getattr(self.session, "close", None)
        if callable(close):
            try:
                close()
            except OSError:
                pass
        self.app.exit()
