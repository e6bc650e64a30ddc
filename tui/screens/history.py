"""The player's history in the app: the statistics screen and the recent-games list.

Both read the logs folder (:mod:`engine.stats`) each time they open, so there
is nothing to keep in sync. The statistics screen shows games played and won,
the win rate with its Wilson 95% interval, tables by game and by opponents'
level (best and worst results, games with undo), streaks and a chart of
results over time (textual-plotext). The recent-games list shows the newest
games (when, game, players, result); ``enter`` resumes an unfinished game or
replays a finished one, ``v`` replays either.

Keys (statistics): ``g`` next game filter, ``r`` recent games, ``escape``/``q`` back.
Keys (recent games): ``enter`` resume or replay, ``v`` replay, ``s`` statistics, ``escape``/``q`` back.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, DataTable, Header, Label, Static

from engine.games import ALL_IDS
from engine.stats import GameRecord, LogScan, PlayerStats, compute_stats, scan_logs
from tui.screens.navigate import GoBack, OpenLog
from tui.widgets.footer import WrappingFooter
from tui.stats_text import (OUTCOME_STYLE, accuracy_text, game_table, game_title, level_table, notes_text,
                            overall_text, recent_row)

#: How many games the recent-games list shows.
RECENT_LIMIT = 200


class StatsScreen(Screen):
    """Statistics of the player's games in ``log_dir``.

    Args:
        log_dir: the logs folder.
        game: show only this game's logs (None: every game).

    Attributes:
        stats: the :class:`engine.stats.PlayerStats` shown (read when the screen opens and on ``g``).
        game: the game filter.
    """

    DEFAULT_CSS = """
    StatsScreen #stats-body { padding: 0 1; }
    StatsScreen #stats-body > Static { margin-bottom: 1; }
    StatsScreen #stats-chart { height: 12; min-height: 8; margin-bottom: 1; }
    """

    BINDINGS = [
        Binding("g", "next_game", "Game", id="stats.game"),
        Binding("r", "recent", "Recent games", id="stats.recent"),
        Binding("escape,q", "close", "Back", id="stats.close"),
    ]

    def __init__(self, log_dir: Path, game: str | None = None) -> None:
        super().__init__()
        self.log_dir = Path(log_dir)
        self.game = game
        self.stats: PlayerStats | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="stats-body"):
            yield Static("", id="stats-overall")
            yield Static("", id="stats-games")
            yield Static("", id="stats-levels")
            yield _chart_widget()
            yield Static("", id="stats-notes")
        yield WrappingFooter()

    def on_mount(self) -> None:
        self.reload()
        self.query_one("#stats-body").focus()

    def reload(self) -> None:
        """Read the folder again and redraw everything."""
        self.stats = compute_stats(scan_logs(self.log_dir, self.game))
        stats = self.stats
        self.sub_title = "Statistics: " + ("every game" if self.game is None else game_title(self.game))
        overall = overall_text(stats)
        acc = accuracy_text(stats)  # issue 28: the analysed games' accuracy, when there are any
        if acc is not None:
            overall = Text("\n").join([overall, acc])
        self.query_one("#stats-overall", Static).update(overall)
        has_games = bool(stats.overall.played or stats.overall.unfinished)
        games = self.query_one("#stats-games", Static)
        levels = self.query_one("#stats-levels", Static)
        games.display = levels.display = has_games
        if has_games:
            games.update(game_table(stats))
            levels.update(level_table(stats))
        self._draw_chart(stats)
        self.query_one("#stats-notes", Static).update(notes_text(stats))

    def _draw_chart(self, stats: PlayerStats) -> None:
        chart = self.query_one("#stats-chart")
        unit, periods = stats.over_time()
        chart.display = bool(periods)
        if not periods:
            return
        if hasattr(chart, "plt"):
            plt = chart.plt
            plt.clear_figure()
            labels = [p.label for p in periods]
            most = max(p.played for p in periods)
            plt.stacked_bar(labels, [[p.won for p in periods], [p.shared for p in periods],
                                     [p.lost for p in periods]],
                            labels=["won", "shared", "lost"], color=["green", "yellow", "red"],
                            width=0.6)
            plt.xlim(0.2, len(periods) + 0.8)  # one period is one bar, not the whole width
            step = max(1, -(-most // 4))
            plt.yticks(list(range(0, most + 1, step)))
            plt.ylim(0, most * 1.45)  # headroom for the legend (top left)
            plt.title(f"Results by {unit}")
            chart.refresh()
        else:  # textual-plotext missing: Rich bars
            from tui.stats_text import bar_chart
            chart.update(bar_chart(unit, periods))  # type: ignore[attr-defined]

    def chart_periods(self) -> list[tuple[str, int, int, int]]:
        """The chart's data: ``(label, won, shared, lost)`` per period (for tests)."""
        if self.stats is None:
            return []
        return [(p.label, p.won, p.shared, p.lost) for p in self.stats.over_time()[1]]

    # -- actions ---------------------------------------------------------------------
    def action_next_game(self) -> None:
        """Key ``g``: every game -> the first game -> ... -> every game."""
        order: list[str | None] = [None, *ALL_IDS]
        i = order.index(self.game) if self.game in order else 0
        self.game = order[(i + 1) % len(order)]
        self.reload()

    def action_recent(self) -> None:
        """Key ``r``: the recent-games list (replacing this screen)."""
        self.app.switch_screen(RecentGamesScreen(self.log_dir))

    def action_close(self) -> None:
        """Back to the previous screen, or quit if this is the only one."""
        self.post_message(GoBack())


def _chart_widget() -> Static:
    """The chart: a textual-plotext plot, or a Static for Rich bars when textual-plotext is missing."""
    try:
        from textual_plotext import PlotextPlot
    except ImportError:
        return Static("", id="stats-chart")
    return PlotextPlot(id="stats-chart")  # type: ignore[return-value]


class RecentGamesScreen(Screen):
    """The player's newest games in ``log_dir``, newest first: when, game, result, players.

    ``enter`` (or a click) resumes an unfinished game or replays a finished one;
    ``v`` replays either. The app does the opening (``CardtableApp.open_log``).

    Attributes:
        scan: the folder as read.
        records: the games listed, in row order.
    """

    DEFAULT_CSS = """
    RecentGamesScreen #recent-table { height: 1fr; }
    RecentGamesScreen #recent-note { height: auto; padding: 0 1; color: $text-muted; }
    """

    BINDINGS = [
        Binding("enter", "open", "Resume / replay", id="recent.open", priority=True),
        Binding("v", "replay", "Replay", id="recent.replay"),
        Binding("s", "stats", "Statistics", id="recent.stats"),
        Binding("escape,q", "close", "Back", id="recent.close"),
    ]

    def __init__(self, log_dir: Path) -> None:
        super().__init__()
        self.log_dir = Path(log_dir)
        self.scan: LogScan | None = None
        self.records: list[GameRecord] = []

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="recent-note")
        yield DataTable(id="recent-table", cursor_type="row", zebra_stripes=True)
        yield WrappingFooter()

    def on_mount(self) -> None:
        self.sub_title = "Recent games"
        table = self.query_one(DataTable)
        table.add_columns("when", "game", "result", "players")
        self.reload()
        table.focus()

    def on_screen_resume(self) -> None:
        if self.scan is not None:  # back from a replay or a table: results may have changed
            self.reload()

    def reload(self) -> None:
        """Read the folder again and refill the list (the cursor stays on its row number)."""
        self.scan = scan_logs(self.log_dir)
        self.records = self.scan.recent(RECENT_LIMIT)
        table = self.query_one(DataTable)
        row = table.cursor_row
        table.clear()
        for r in self.records:
            table.add_row(*recent_row(r))
        if self.records:
            table.move_cursor(row=min(row, len(self.records) - 1))
        self.query_one("#recent-note", Static).update(self._note())

    def _note(self) -> Text:
        scan = self.scan
        assert scan is not None
        out = Text()
        if not self.records:
            out.append(f"No games of yours in {scan.folder} yet." if scan.exists
                       else f"No games yet: the log folder {scan.folder} does not exist.")
        else:
            n = len(scan.records)
            shown = f"the newest {len(self.records)} of {n}" if n > len(self.records) else f"{n}"
            out.append(f"{shown} game{'s' if n != 1 else ''} from {scan.folder}. ")
            out.append("enter", style="bold")
            out.append(": resume an ")
            out.append("unfinished", style=OUTCOME_STYLE["unfinished"])
            out.append(" game or replay a finished one; ")
            out.append("v", style="bold")
            out.append(": replay.")
        left = []
        if scan.bot_only:
            left.append(f"{scan.bot_only} bot-only")
        if scan.unplayed:
            left.append(f"{scan.unplayed} never played")
        if scan.corrupt:
            left.append(f"{len(scan.corrupt)} unreadable")
        if left:
            total = scan.bot_only + scan.unplayed + len(scan.corrupt)
            listed = ", ".join(left[:-1]) + " and " + left[-1] if len(left) > 1 else left[0]
            out.append(f" ({listed} log{'s' if total != 1 else ''} not listed.)", style="dim")
        return out

    def selected(self) -> GameRecord | None:
        """The game under the cursor, or None for an empty list."""
        if not self.records:
            return None
        row = self.query_one(DataTable).cursor_row
        return self.records[row] if 0 <= row < len(self.records) else None

    # -- actions ---------------------------------------------------------------------
    def action_open(self) -> None:
        """Key ``enter``: resume the game under the cursor if unfinished, else replay it."""
        record = self.selected()
        if record is not None:
            self.post_message(OpenLog(record.path, resume=not record.finished))

    def action_replay(self) -> None:
        """Key ``v``: replay the game under the cursor (finished or not)."""
        record = self.selected()
        if record is not None:
            self.post_message(OpenLog(record.path, resume=False))

    def action_stats(self) -> None:
        """Key ``s``: the statistics (replacing this screen)."""
        self.app.switch_screen(StatsScreen(self.log_dir))

    def action_close(self) -> None:
        """Back to the previous screen, or quit if this is the only one."""
        self.post_message(GoBack())

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_open()


class ConfirmResume(ModalScreen[bool]):
    """Asks whether to resume a log up to the line before a bad one; dismisses with True for yes.

    Args:
        question: the sentence to ask (plain text, shown without markup).
    """

    DEFAULT_CSS = """
    ConfirmResume { align: center middle; }
    ConfirmResume > Vertical { width: 70; max-width: 100%; height: auto; border: thick $warning;
                                background: $surface; padding: 1 2; }
    ConfirmResume Horizontal { height: auto; margin-top: 1; }
    ConfirmResume Button { margin-right: 2; }
    """

    BINDINGS = [
        Binding("y", "answer(True)", "Resume", id="resume.yes"),
        Binding("n,escape", "answer(False)", "Cancel", id="resume.no"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.question, markup=False, id="resume-question")
            with Horizontal():
                yield Button("Resume (y)", variant="warning", id="resume-yes")
                yield Button("Cancel (n)", variant="primary", id="resume-no")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "resume-yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


__all__ = ["StatsScreen", "RecentGamesScreen", "ConfirmResume", "RECENT_LIMIT"]
