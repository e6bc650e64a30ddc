"""The end-of-match summary for any game: per-hand points and match totals
(any sign, fractions such as Nags' .5 shown as they are), the winner(s) as
the engine decides them (highest or lowest total), "play again" and "quit"."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from rich import box
from rich.align import Align
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Static

from engine.match import ScoreBreakdown
from engine.session import TableSession
from tui.screens.deal_replay import DealReplayHost
from tui.screens.hand_result import breakdown_table, sheet_table
from tui.widgets.cards import ascii_mode
from tui.widgets.narration import format_points
from tui.widgets.footer import WrappingFooter


#: Hands shown one column each; earlier hands of a longer match are summed in one column.
MAX_HAND_COLUMNS = 10


def summary_table(names: Sequence[str], hand_scores: Sequence[Sequence[float]], totals: Sequence[float],
                  winners: Sequence[int], *, ascii_only: bool = False, hand_word: str = "Hand",
                  teams: Sequence[Sequence[int]] | None = None) -> Table:
    """A rich table: one row per seat, one column per finished hand (points,
    any sign; past :data:`MAX_HAND_COLUMNS` hands the earliest are summed in
    one column), then the match total; winners are marked.

    Args:
        names: seat names.
        hand_scores: points per hand per seat (``hand_scores[h][seat]``).
        totals: the match totals per seat (points).
        winners: seats that won (ties share).
        ascii_only: ASCII box lines.
        hand_word: the column title (``Game`` for Nags, ``Hand`` by default).
        teams: the partnerships (``Game.teams``); when a team has several seats,
            one row per team (``Ann & Cy``) with its shared points.
    """
    rows = team_rows(names, teams)
    shown = list(enumerate(hand_scores))
    earlier: list[tuple[int, Sequence[float]]] = []
    if len(shown) > MAX_HAND_COLUMNS:  # a long match: the earliest hands share one column
        cut = len(shown) - MAX_HAND_COLUMNS + 1
        earlier, shown = shown[:cut], shown[cut:]
    title = f"Scores ({hand_word.lower()}s 1-{len(hand_scores)})" if hand_scores else "Scores"
    table = Table(box=box.ASCII if ascii_only else box.ROUNDED, title=title, expand=False)
    table.add_column("Seat", no_wrap=True)
    if earlier:
        table.add_column(f"1-{len(earlier)}", justify="right", no_wrap=True)
    for g, _ in shown:
        table.add_column(str(g + 1), justify="right", no_wrap=True)
    table.add_column("Match", justify="right", style="bold", no_wrap=True)
    for name, seat in rows:
        row: list[Any] = [Text(name + ("  (winner)" if seat in winners else ""),
                               style="bold" if seat in winners else "")]
        if earlier:
            row.append(format_points(sum(g[seat] for _, g in earlier if seat < len(g))))
        row += [format_points(g[seat]) if seat < len(g) else "-" for _, g in shown]
        row.append(format_points(totals[seat]) if seat < len(totals) else "-")
        table.add_row(*row)
    return table


def session_teams(session: Any) -> list[list[int]] | None:
    """The session's partnerships (``Game.teams``), or None when it cannot say."""
    game = getattr(session, "game", None)
    teams = getattr(game, "teams", None)
    if teams is None:
        return None
    return teams(len(session.names), getattr(session, "variant", None))


def team_rows(names: Sequence[str], teams: Sequence[Sequence[int]] | None) -> list[tuple[str, int]]:
    """``(label, seat whose points the row shows)`` per row: one per seat, or,
    when some team has several seats, one per team (``Ann & Cy``: partners share
    one total, so the first seat's points stand for the team)."""
    if not teams or all(len(t) == 1 for t in teams):
        return [(name, seat) for seat, name in enumerate(names)]
    return [(" & ".join(names[s] for s in t), t[0]) for t in teams if t]


class SummaryScreen(DealReplayHost, Screen[None]):
    """Shown when a match ends (any game).

    Args:
        session: the finished ``engine.session.Session``; ``state.winners()`` is
            read (the engine knows whether the highest or the lowest total wins),
            and ``state.scores()`` when ``totals`` is not given.
        hand_scores: points per finished hand per seat, usually from the
            ``hand_over`` events' ``scores``.
        totals: match totals per seat (points); default ``session.scores()``.
        hand_word: what the game calls one hand (``Game`` for Nags).
        breakdown: how each hand was scored, one line per hand (the table's
            ``hand_breakdown`` of the ``hand_over`` events' data, e.g. Nags' horse and
            play-out points, Noms' contracts); shown under the scores when given.
        breakdowns: where every point of each hand came from (``Game.round_breakdown``
            per finished hand, in hand order), for games that itemise it: shown as the
            match's points by source (:func:`~tui.screens.hand_result.sheet_table`) and,
            hand by hand, as :func:`~tui.screens.hand_result.breakdown_table`.

    Attributes:
        hand_scores: as given (lists of floats).

    Keys: Enter (or ``s``) back to setup, the game menu (when the app has it; else Enter goes back
    to the table, as Esc does); ``r`` play again (``app.new_match_like(session)``), a key of its
    own: Enter never starts a new match (issue 24: it did, through the focused button); ``q`` quit;
    ``m`` the replay with the analysis of the match (issue 28); ``d`` the match's deal replayed with a
    bot in the player's seat (:mod:`tui.screens.deal_replay`, issue 28), in the footer only after a
    game against bots (else ``d`` says why), Esc stopping it while it runs.
    The buttons take no focus, so Enter is always the screen's key the footer names.
    """

    BINDINGS = [
        Binding("enter", "setup", "Back to setup", id="summary.menu"),
        Binding("enter", "back", "Back to table", show=False),
        Binding("r", "play_again", "Play again", id="summary.again"),
        Binding("s", "setup", "Setup", show=False, id="summary.setup"),
        Binding("q", "quit_app", "Quit", id="summary.quit"),
        Binding("escape", "back", "Back to table", id="summary.back"),
        Binding("m", "analyse", "Analyse your game", id="summary.analyse"),
        Binding("d", "deal_replay", "Bots play your deal", id="summary.deal"),
        Binding("d", "deal_replay_why", "Bots play your deal", show=False, id="summary.deal-why"),
        Binding("escape", "cancel_deal_replay", "Stop the replays", id="summary.deal-stop"),
    ]

    DEFAULT_CSS = """
    SummaryScreen { align: center middle; }
    SummaryScreen #summary-box { width: 100; max-width: 100%; height: auto; max-height: 100%; padding: 1 3;
                                 overflow-y: auto;
                                 border: double $primary; background: $surface; }
    SummaryScreen #summary-title { text-style: bold; width: 100%; text-align: center; }
    SummaryScreen #summary-winners { width: 100%; text-align: center; margin: 1 0; text-style: bold; }
    SummaryScreen #summary-table { width: 100%; }
    SummaryScreen #summary-deal { width: 100%; height: auto; }
    SummaryScreen #summary-deal-text { width: 100%; margin-bottom: 1; display: none; }
    SummaryScreen #summary-deal-text.-shown { display: block; }
    SummaryScreen #summary-deal-text.-failed { color: $warning; }
    SummaryScreen #summary-undo { width: 100%; text-align: center; color: $warning; margin-bottom: 1; }
    SummaryScreen #summary-breakdown { height: auto; max-height: 12; margin-top: 1; }
    SummaryScreen #summary-sheet { width: 100%; margin-top: 1; }
    SummaryScreen .summary-hand-title { text-style: bold; margin-top: 1; }
    SummaryScreen #summary-buttons { height: auto; width: 100%; margin-top: 1; align-horizontal: center; }
    SummaryScreen #summary-buttons Button { margin: 0 1; }
    """

    def __init__(self, session: TableSession, hand_scores: Sequence[Sequence[float]] = (),
                 totals: Sequence[float] | None = None, *, hand_word: str = "Hand",
                 breakdown: Sequence[str] = (), breakdowns: Sequence[Sequence[ScoreBreakdown]] = ()) -> None:
        super().__init__()
        self.breakdown: list[str] = list(breakdown)
        self.breakdowns: list[list[ScoreBreakdown]] = [list(g) for g in breakdowns]
        self.session = session
        self.hand_scores: list[list[float]] = [list(g) for g in hand_scores]
        self.totals: list[float] = list(session.scores() if totals is None else totals)
        self.hand_word = hand_word
        path = getattr(session, "log_path", None)
        self.deal_log = Path(path) if path is not None else None

    @property
    def winners(self) -> list[int]:
        """Seats that won the match (ties share; the engine decides highest or lowest)."""
        return self.session.winners()

    def winners_text(self) -> str:
        """``Winner: Ann`` or ``Winners (tie): Ann, Bix``."""
        names = [self.session.names[s] for s in self.winners]
        if not names:
            return "No winner."
        if len(names) == 1:
            return f"Winner: {names[0]}"
        return "Winners (tie): " + ", ".join(names)

    def undo_text(self) -> str:
        """``Undo was used (2 times; house rule undo = "free")`` when the match used
        undo (``session.used_undo``), else ``""``."""
        if not getattr(self.session, "used_undo", False):
            return ""
        count = int(getattr(self.session, "undo_count", 1))
        mode = getattr(self.session, "undo_mode", "")
        return (f"Undo was used ({count} time{'s' if count != 1 else ''}"
                + (f'; house rule undo = "{mode}"' if mode else "") + ")")

    def compose(self) -> ComposeResult:
        names = self.session.names
        hands = len(self.hand_scores)
        word = self.hand_word.lower()
        with Vertical(id="summary-box"):
            yield Static(f"Match over after {hands} {word}{'s' if hands != 1 else ''}", id="summary-title")
            yield Static(self.winners_text(), id="summary-winners", markup=False)
            if self.undo_text():
                yield Static(self.undo_text(), id="summary-undo")
            with Vertical(id="summary-deal"):  # "your deal, played by the bots": its bar, then its result
                yield Static("", id="summary-deal-text", markup=False)
            yield Static(Align.center(summary_table(names, self.hand_scores, self.totals, self.winners,
                                                    ascii_only=ascii_mode(self.app), hand_word=self.hand_word,
                                                    teams=session_teams(self.session))),
                         id="summary-table")
            ascii_only = ascii_mode(self.app)
            sheet = sheet_table(self.breakdowns, names, ascii_only=ascii_only) if self.breakdowns else None
            if sheet is not None:
                yield Static(Align.center(sheet), id="summary-sheet")
            if self.breakdown or self.breakdowns:
                with VerticalScroll(id="summary-breakdown"):
                    if self.breakdown:
                        yield Static("\n".join(self.breakdown), id="summary-breakdown-text", markup=False)
                    for h, groups in enumerate(self.breakdowns):
                        if groups:
                            yield Static(f"{self.hand_word} {h + 1}", classes="summary-hand-title", markup=False)
                            yield Static(breakdown_table(groups, names, ascii_only=ascii_only),
                                         classes="summary-hand")
            with Horizontal(id="summary-buttons"):
                if self.check_action("setup", ()):
                    yield Button("Back to setup (Enter)", id="setup", variant="primary")
                if self.check_action("play_again", ()):
                    yield Button("Play again (r)", id="again", variant="default")
                yield Button("Quit (q)", id="quit", variant="error")
        yield WrappingFooter()

    def on_mount(self) -> None:
        for button in self.query(Button):  # Enter is the screen's key, never "press the focused button"
            button.can_focus = False
        self.set_focus(None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        deal = self.deal_check(action)
        if deal is not None:
            return deal
        if action == "setup":
            return hasattr(self.app, "show_setup")
        if action == "play_again":  # a seat at a table server: only the host can start another match
            return not hasattr(self.session, "url")
        if action == "analyse":  # offered when the match has a log to replay
            return self.log_path() is not None
        if action == "back":  # Esc stops the replays while they run
            return not self.deal_running
        return True

    def log_path(self) -> Path | None:
        """The match's log file, or None when it has none (not written, or gone)."""
        path = getattr(self.session, "log_path", None)
        return Path(path) if path is not None and Path(path).is_file() else None

    def deal_mount(self, bar: Any) -> None:
        self.query_one("#summary-deal").mount(bar)

    def deal_hand_word(self) -> str:
        return self.hand_word

    def deal_show(self, text: str, ok: bool) -> None:
        shown = self.query_one("#summary-deal-text", Static)
        shown.update(text)
        shown.set_class(not ok, "-failed")
        shown.add_class("-shown")
        shown.scroll_visible()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "again":
            self.action_play_again()
        elif event.button.id == "setup":
            self.action_setup()
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

    def action_analyse(self) -> None:
        """``m``: the match's replay, analysing the human seat's decisions at once (issue 28;
        the replay screen's ``m``): its marks on the replay, ``n`` to the next, Esc back here."""
        path = self.log_path()
        if path is None:
            self.notify("This match has no log to analyse.", severity="warning", timeout=5)
            return
        from tui.screens.replay import ReplayScreen
        screen = ReplayScreen(path)
        self.app.push_screen(screen)
        analyse = getattr(screen, "action_analyse", None)
        if callable(analyse) and screen.replay is not None:
            screen.call_after_refresh(analyse)

    def action_quit_app(self) -> None:
        """Leave the program (the log is complete)."""
        try:
            self.session.close()
        except OSError:
            pass
        self.app.exit()
