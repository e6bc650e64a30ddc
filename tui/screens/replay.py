"""The replay screen: a logged match stepped through on the game's own table (issue 24).

One presentation path: every position is drawn by the game's table screen, read-only
(:attr:`BaseTableScreen.READ_ONLY`), fed by :class:`engine.session.ReplaySession`, the replay's
position as a session whose ``view(seat)`` is what that seat knew. The game's keys are gone:
the keys step through the replay instead. ``0``..``5`` show one seat's view (its hand and
the table as it saw them; each step as that seat observed it, ``State.observation``, and the
events it may see); ``a`` shows everything: the table from the last seat shown plus every
seat's hand in a panel titled so (the one omniscient reader of states). A finished match opens
on everything; an unfinished one (it may still be resumed) on the first human seat's view.
Steps: one action (left/right), one turn (shift+left/right or ``,``/``.``), one hand
(pgup/pgdn or ``[``/``]``), a hand by number (``g``), the start or end (home/end). ``p`` plays
on from the position shown: a new match from there with seats chosen as on the setup screen
(:class:`PlayOnScreen`; ``engine.session.Session.branch``). The status line says where
the replay is ("action 37/212, round 1 · Bix's view") and the step just made.

The analysis (issue 28): ``m`` weighs the first human seat's decisions in a worker; then the
timeline row above the status line (:class:`tui.widgets.timeline.ReplayTimeline`: every position,
the one shown, each hand's start) marks the mistakes and the "not clearly" decisions, ``n`` and
``N`` go to the next and previous mistake (a click on the row anywhere), the status line says why
the move shown was marked, and ``p`` at a mark plays on from just before the marked move.
m, n and N are in the footer only when they act (:meth:`ReplayScreen.check_action`).

A log that cannot be opened (or a game without a table) gets :class:`ReplayMessageScreen`,
one sentence saying why; ``ReplayScreen(path)`` picks the class.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, ClassVar, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.dom import DOMNode
from textual.reactive import reactive
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Button, Header, Input, Label, Select, Static

from engine.cards import pretty_text
from engine.core import ActionParseError
from engine.gamelog import GameLog as LogFile
from engine.gamelog import LogReplayError, Replay, read_log
from engine.seats import SeatSpec, safe_name
from engine.session import ReplaySession
from tui.screens.base_table import BaseTableScreen
from tui.screens.deal_replay import DealReplayHost
from tui.widgets.cards import ascii_mode
from tui.screens.navigate import GoBack
from tui.widgets.footer import WrappingFooter
from tui.widgets.gamelog import GameLog
from tui.widgets.narration import asciify
from tui.widgets.timeline import ReplayTimeline

MAX_SEAT_KEYS = 6
HISTORY_LINES = 12
#: Steps whose events the replay's game log shows (the latest last).
LOG_STEPS = 60


def seat_names_from_header(header: dict) -> list[str]:
    """Display names of the seats recorded in a log header (``seats[i].name``,
    else the seat spec, else ``seat i``), made safe with ``engine.seats.safe_name``
    (the log may come from anyone: control characters are shown escaped, long names cut)."""
    names = []
    for i, s in enumerate(header.get("seats") or []):
        name = s.get("name") if isinstance(s, dict) else None
        names.append(safe_name(name or (s.get("spec") if isinstance(s, dict) else None) or f"seat {i}"))
    return names


@dataclass
class LoadedLog:
    """A log opened for the replay: its positions, or one sentence saying why not.

    Attributes:
        path: the log file (None when none was given).
        replay: the positions (None when the log is unusable).
        error: why the log could not be opened, or stops replaying early ("" when fine).
        game_id, names: from the header.
        undo_count: undo lines in the log.
        start_seat: the seat view to open on (None: everything), see the module docstring.
        header: the header line.
    """

    path: Path | None
    replay: Replay | None = None
    error: str = ""
    game_id: str = ""
    names: list[str] = field(default_factory=list)
    undo_count: int = 0
    start_seat: int | None = None
    header: dict = field(default_factory=dict)


def load_replay(path: str | Path | None) -> LoadedLog:
    """Read and replay the log at ``path`` (never raises: a problem is :attr:`LoadedLog.error`)."""
    if path is None:
        return LoadedLog(None, error="No log file was given to replay.")
    path = Path(path)
    out = LoadedLog(path)
    try:
        log: LogFile = read_log(path)
    except OSError as err:
        out.error = f"Cannot read {path}: {err.strerror or err}."
        return out
    out.game_id = log.game_id or ""
    out.header = dict(log.header or {})
    out.names = seat_names_from_header(out.header)
    out.undo_count = sum(1 for e in log.entries if e["type"] == "undo")
    if not log.finished:  # it may still be resumed: do not open on everyone's cards
        humans = [i for i, seat in enumerate(out.header.get("seats") or [])
                  if isinstance(seat, dict) and str(seat.get("spec", "")).startswith("human")]
        out.start_seat = humans[0] if humans else None
    try:
        out.replay = Replay(log)
    except LogReplayError as err:
        out.error = f"Cannot replay {path.name}: line {err.line}: {err.reason}."
        return out
    problems = []
    if log.errors:
        problems.append(f"line {log.errors[0].line}: {log.errors[0].message}")
    if out.replay.error is not None:
        problems.append(f"line {out.replay.error.line}: {out.replay.error.reason}")
    if problems:
        out.error = (f"The log is damaged ({problems[0]}); showing the "
                     f"{out.replay.last_index} actions before it.")
    return out


def _table_class(game_id: str) -> type[BaseTableScreen[Any]] | None:
    """The game's table screen class, or None when it has none (or it cannot be loaded)."""
    from tui.screens import TableScreenError, table_screen_class
    try:
        table = table_screen_class(game_id)
    except TableScreenError:
        return None
    return table if isinstance(table, type) and issubclass(table, BaseTableScreen) else None


_REPLAY_CLASSES: dict[type, type] = {}


def replay_table_class(table: type[BaseTableScreen[Any]]) -> type["ReplayScreen"]:
    """The read-only replay class of a game's table screen: :class:`ReplayScreen` first (its keys,
    its prompt), then the game's table (its widgets and drawing), no key of the table inherited."""
    cls = _REPLAY_CLASSES.get(table)
    if cls is None:
        cls = type(f"{table.__name__}Replay", (ReplayScreen, table),
                   {"READ_ONLY": True, "COMMON_BINDINGS": [], "BINDINGS": list(ReplayScreen.REPLAY_BINDINGS),
                    "__module__": __name__}, inherit_bindings=False)
        _REPLAY_CLASSES[table] = cls
    return cls


class ReplayScreen(DealReplayHost, Screen[None]):
    """Step through the log at ``path`` on the game's table (see the module docstring).

    ``ReplayScreen(path)`` is, for a log that replays, an instance of the game's table screen in
    its read-only mode (:func:`replay_table_class`), else a :class:`ReplayMessageScreen`.

    Args:
        path: a cardtable log (JSON Lines).
        loaded: the log already opened (:func:`load_replay`; tests give positions of their own).

    Attributes:
        replay: the :class:`engine.gamelog.Replay` (None if the log is unusable).
        error: one sentence when the log could not be opened or stops replaying early.
        index: the position shown (0 = before the first action).
        seat: None for everything (omniscient), else the seat whose view is shown.
        game_id, names: from the log header.
        undo_count: undo lines in the log (0 when the match used no undo).
    """

    REPLAY_BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,l", "step(1)", "Next", id="replay.next", key_display="→"),
        Binding("left,h", "step(-1)", "Back", id="replay.back", key_display="←"),
        Binding("shift+right,full_stop", "turn(1)", "Next turn", id="replay.next-turn", key_display="."),
        Binding("shift+left,comma", "turn(-1)", "Prev turn", id="replay.prev-turn", key_display=","),
        Binding("pagedown,right_square_bracket", "game(1)", "Next hand", id="replay.next-game", key_display="]"),
        Binding("pageup,left_square_bracket", "game(-1)", "Prev hand", id="replay.prev-game", key_display="["),
        Binding("g", "goto_hand", "Go to hand", id="replay.goto"),
        Binding("home", "jump(0)", "Start", id="replay.start", show=False),
        Binding("end", "jump(-1)", "End", id="replay.end", show=False),
        Binding("a", "seat(-1)", "Everything", id="replay.all"),
        *[Binding(str(i), f"seat({i})", "Seat view" if i == 0 else f"Seat {i}", id=f"replay.seat-{i}",
                  show=i == 0, key_display=f"0-{MAX_SEAT_KEYS - 1}" if i == 0 else None)
          for i in range(MAX_SEAT_KEYS)],
        Binding("p", "play_on", "Play on from here", id="replay.play-on"),
        Binding("m", "analyse", "Mark mistakes", id="replay.analyse"),
        Binding("n", "next_mistake", "Next mistake", id="replay.next-mistake"),
        Binding("N", "prev_mistake", "Prev mistake", id="replay.prev-mistake"),
        Binding("d", "deal_replay", "Bots play your deal", id="replay.deal", show=False),
        Binding("d", "deal_replay_why", "Bots play your deal", id="replay.deal-why", show=False),
        Binding("escape", "cancel_deal_replay", "Stop the replays", id="replay.deal-stop"),
        Binding("i", "side_panel", "Scores/log", id="table.side"),
        Binding("question_mark", "rules", "Help", key_display="?", id="table.rules"),
        Binding("escape,q", "close", "Close", id="replay.close"),
    ]
    BINDINGS = REPLAY_BINDINGS
    REPLAY_ACTIONS = frozenset({"step", "turn", "game", "goto_hand", "jump", "seat", "play_on", "side_panel",
                                "rules", "close", "analyse", "next_mistake", "prev_mistake", "deal_replay",
                                "deal_replay_why", "cancel_deal_replay"})

    #: samples per decision for ``m`` (None: ``engine.analysis.DEFAULT_BUDGET``; tests lower it)
    analysis_budget: int | None = None

    index: reactive[int] = reactive(0, init=False)
    seat: reactive[int | None] = reactive(None, init=False)
    #: the log as :meth:`__new__` opened it (it picks the class from the game)
    _loaded: LoadedLog

    DEFAULT_CSS = """
    ReplayScreen #replay-everything { display: none; layer: side; dock: bottom; width: 100%; height: auto;
        max-height: 60%; padding: 0 1; background: $surface; border: round $warning; border-title-color: $warning; }
    ReplayScreen.-everything #replay-everything { display: block; }
    ReplayScreen #status { border-top: none; min-height: 2; }
    ReplayScreen #analysis-progress { height: 1; padding: 0 1; background: $panel; }
    ReplayScreen #analysis-progress Label { width: auto; }
    ReplayScreen #analysis-bar { width: 1fr; }
    ReplayScreen #analysis-bar Bar { width: 1fr; }
    """

    @classmethod
    @lru_cache(maxsize=None)
    def _css_bases(cls, base: type[DOMNode]) -> Sequence[type[DOMNode]]:
        """Every DOM class of ``base``'s MRO: a table's replay class styles as the game's table too
        (Textual follows only the first base, here :class:`ReplayScreen`)."""
        return [c for c in base.__mro__ if isinstance(c, type) and issubclass(c, DOMNode)]

    def __new__(cls, path: str | Path | None = None, *args: Any, loaded: LoadedLog | None = None,
                **kwargs: Any) -> "ReplayScreen":
        loaded = loaded if loaded is not None else load_replay(path)
        target: type[ReplayScreen] = cls
        if cls is ReplayScreen:
            table = _table_class(loaded.game_id) if loaded.replay is not None else None
            if table is None and loaded.replay is not None and not loaded.error:
                loaded.error = f"{loaded.game_id or 'This game'} has no table to replay it on."
            target = replay_table_class(table) if table is not None else ReplayMessageScreen
        obj = super().__new__(target)
        obj._loaded = loaded
        return obj

    def __init__(self, path: str | Path | None = None, *, loaded: LoadedLog | None = None) -> None:
        loaded = self._loaded
        self.path = loaded.path
        self.deal_log = loaded.path  # ``d`` replays its deal
        self.replay: Replay | None = loaded.replay
        self.error: str | None = loaded.error or None
        self.game_id = loaded.game_id
        self.names: list[str] = list(loaded.names)
        self.undo_count = loaded.undo_count
        self.header = loaded.header
        #: the seat whose view the table draws (also while everything is shown)
        self.table_seat = loaded.start_seat if loaded.start_seat is not None else 0
        if isinstance(self, BaseTableScreen):
            assert self.replay is not None, "a table replay has positions"
            self.replay_session = ReplaySession(self.replay, self.names, 0)
            super().__init__(self.replay_session, pace=0.0)  # type: ignore[call-arg]  # the game's table
            self.shown_seat = self.table_seat
            self.covered = False  # several people's seats: the replay never hands off
            self.hand_results = {}
        else:
            super().__init__()
        self.set_reactive(ReplayScreen.seat, loaded.start_seat)
        #: the analysis of :attr:`analysed_seat` once ``m`` has run it (issue 28), and its marks by
        #: the position after the marked move (where the replay narrates it)
        self.analysis: Any = None
        self.marks: dict[int, Any] = {}
        #: the analysed seat's "not clearly" decisions (an alternative scored the game's least gain for a
        #: mistake or more, not clearly: :meth:`is_doubt`), by the position after the move, as :attr:`marks`
        self.doubts: dict[int, Any] = {}
        self.analysing = False
        self._hand_starts: list[int] | None = None

    # -- reading the position -------------------------------------------------------------
    @property
    def last_index(self) -> int:
        """The index of the final position (0 when there is no replay)."""
        return self.replay.last_index if self.replay else 0

    def hand_word(self) -> str:
        """What the game calls one hand ("Round" in the rummy games, "Game" in Nags)."""
        word = getattr(self, "HAND_WORD", None)
        if isinstance(word, str):
            return word
        table = _table_class(self.game_id)
        return table.HAND_WORD if table is not None else "Hand"

    def status_text(self) -> str:
        """``action 37/212, round 1 · Bix's view`` (plus match over, undo used)."""
        if self.replay is None:
            return self.error or "Nothing to replay."
        state = self.replay.positions[self.index]
        who = "everything (omniscient)" if self.seat is None else self._possessive(self.seat) + " view"
        return (f"action {self.index}/{self.last_index}, {self.hand_word().lower()} {state.hand_number + 1} · {who}"
                + (" · match over" if state.is_over else "") + (" · undo used" if self.undo_count else ""))

    def _possessive(self, seat: int) -> str:
        """``Bix's``, or ``your`` for the seat named You."""
        name = self.seat_name(seat)
        return "your" if name == "You" else f"{name}'s"

    def view_title(self) -> str:
        """Which view this is, so nobody mistakes the omniscient one for a player's."""
        if self.seat is None:
            title = "Everything (omniscient): every hand and every hidden card"
        else:
            who = self.seat_name(self.seat)
            whose = self._possessive(self.seat)
            title = f"{whose[0].upper() + whose[1:]} view: only what {'you' if who == 'You' else who} saw"
        if self.undo_count:
            times = f"{self.undo_count} time{'s' if self.undo_count != 1 else ''}"
            title += f" · undo used ({times}; only the moves kept are shown)"
        return title

    def seat_name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else f"seat {seat}"

    def notation_seen(self, j: int) -> str:
        """Action ``j``'s notation, or in a seat view what that seat observed of it
        (``State.observation``: another seat's hidden draw is only a count), its cards
        written as the table writes them (:func:`engine.cards.pretty_text`)."""
        replay = self.replay
        assert replay is not None, "notation_seen is asked once the log is loaded"
        notation = replay.notations[j]
        if self.seat is None:
            return pretty_text(notation)
        try:
            action = replay.game.parse_action(notation)
        except ActionParseError:
            return pretty_text(notation)
        return pretty_text(replay.positions[j].observation(action, self.seat))

    def narration_lines(self) -> list[str]:
        """What the current step did: the action with its actor, then its events
        narrated (in a seat view: what that seat observed, and only the events it may see)."""
        if self.replay is None or self.index == 0:
            return ["The start of the match."]
        i = self.index - 1
        actor = self.replay.actors[i]
        who = "chance" if actor == "chance" else self.seat_name(int(actor))
        out = [f"{who}: {self.notation_seen(i)}"] + self.mark_lines()
        out += [e.narrate(self.names) for e in self.replay.events[i] if e.seen_by(self.seat)]
        return out

    def history_lines(self) -> list[str]:
        """The earlier steps, newest first (at most :data:`HISTORY_LINES`), each as
        the seat shown observed it (:meth:`notation_seen`), cut to 26 characters."""
        if self.replay is None:
            return []
        out = []
        start = max(0, self.index - 1 - HISTORY_LINES)
        for j in range(self.index - 2, start - 1, -1):
            actor = self.replay.actors[j]
            who = "chance" if actor == "chance" else self.seat_name(int(actor))
            notation = self.notation_seen(j)
            if len(notation) > 26:
                notation = notation[:25] + "…"
            out.append(f"{j + 1:>4} {who}: {notation}")
        return out

    def everything_text(self) -> Text:
        """Every seat's hand at this position (the omniscient panel), from the state's zones."""
        if self.replay is None:
            return Text("")
        zones = self.replay.positions[self.index].zones()
        out = Text()
        for seat, name in enumerate(self.names):
            cards = zones.get(f"hand {seat}")
            if cards is None:
                continue
            if len(out):
                out.append("\n")
            out.append(f"{name}: ", style="bold")
            text = " ".join(c.pretty for c in cards) or "no cards"
            out.append(asciify(text) if self.is_mounted and ascii_mode(self.app) else text)
        return out

    # -- moving ----------------------------------------------------------------------------
    def watch_index(self, _old: int, _new: int) -> None:
        self.show_position()

    def watch_seat(self, _old: int | None, new: int | None) -> None:
        if new is not None:
            self.table_seat = new
        self.show_position()

    def show_position(self) -> None:
        """Draw the position :attr:`index` as :attr:`seat` saw it: the read-only table from that
        seat's view (:attr:`table_seat` while everything is shown), the step's cards marked as the
        last play, the game log up to the step as the seat saw it, every hand in the omniscient
        panel, and the step's narration in the status line."""
        if not isinstance(self, BaseTableScreen) or not self.is_mounted or self.replay is None:
            return
        replay = self.replay
        self.replay_session.goto(self.index)
        self.shown_seat = self.table_seat
        self._view = None
        self.hand_results = self.replay_session.hand_results()
        self.forget_events()  # the memory of another position (what just changed) goes
        for j in range(self.log_start(), self.index):  # the table's memory (the last trick...)
            self.events_logged([e for e in replay.events[j] if e.seen_by(self.seat)])  # as it was told, in order
        seen = [e for e in (replay.events[self.index - 1] if self.index else []) if e.seen_by(self.seat)]
        played = next((e for e in seen if e.seat is not None and e.seat >= 0 and e.data.get("cards")), None)
        self.last_bot_play = (played.seat, [str(c) for c in played.data["cards"]]) if played is not None else None
        self._rebuild_log()
        self.set_class(self.seat is None, "-everything")
        panel = self.query_one("#replay-everything", Static)
        panel.update(self.everything_text())
        panel.border_title = "Everything (omniscient): every hand"
        self._draw_timeline()
        with self.app.batch_update():
            self._redraw()
            self._status().set_message(" · ".join(self.narration_lines()), "info")

    def _draw_timeline(self) -> None:
        """The timeline row: the positions, the one shown, the hands' starts and the marks."""
        assert self.replay is not None
        for timeline in self.query(ReplayTimeline):
            timeline.show(last=self.last_index, index=self.index, hands=self.hand_starts()[1:],
                          mistakes=self.marks, doubts=self.doubts, ascii_only=ascii_mode(self.app))

    def position_words(self, index: int) -> str:
        """Position ``index`` in one line, for the timeline's tooltip: ``action 66, hand 2: You: bid
        misavis · ✗ mistake 2 of 3: ...`` (the move as the seat shown saw it, then the mark if any)."""
        assert self.replay is not None
        where = f"action {index}, {self.hand_word().lower()} {self.replay.positions[index].hand_number + 1}"
        if index == 0:
            return where + ": the start of the match"
        actor = self.replay.actors[index - 1]
        who = "chance" if actor == "chance" else self.seat_name(int(actor))
        return " · ".join([f"{where}: {who}: {self.notation_seen(index - 1)}"] + self.mark_lines(index))

    def on_replay_timeline_jump(self, event: ReplayTimeline.Jump) -> None:
        """A click on the timeline: to the position under the mouse."""
        event.stop()
        self.index = max(0, min(self.last_index, event.index))

    # -- the analysis (issue 28) -------------------------------------------------------------
    def analysis_seat(self) -> int:
        """The seat ``m`` analyses: the first human seat of the log, else the seat whose view is shown."""
        seats = self.header.get("seats", []) if isinstance(self.header, dict) else []
        humans = [k for k, s in enumerate(seats) if isinstance(s, dict) and str(s.get("spec", "")).startswith("human")]
        return humans[0] if humans else self.table_seat

    def mark_lines(self, index: int | None = None) -> list[str]:
        """The analysis's word on the move that led to position ``index`` (default: the one shown), if
        it weighed it: ``✗ mistake 2 of 3: -4.0 points expected; better: play 9♠`` at a mark,
        ``not clearly: play 9♠ scored 1.2 points more`` at a doubt (nothing elsewhere)."""
        index = self.index if index is None else index
        plain = self.is_mounted and ascii_mode(self.app)  # ASCII cards: X, as on the timeline, and 9S
        d = self.marks.get(index)
        if d is not None:
            order = sorted(self.marks)
            line = (f"{'X' if plain else '✗'} mistake {order.index(index) + 1} of {len(order)}: "
                    + d.reason.removeprefix("a mistake: "))
        elif (d := self.doubts.get(index)) is not None:
            line = f"not clearly: {d.best} scored {d.loss:.1f} {d.unit} more"
        else:
            return []
        return [asciify(line) if plain else line]

    def analysis_brief(self) -> str:
        """The analysis in a few words for the prompt (``You: 3 mistakes, 21.4 points expected lost``),
        ``analysing…`` while it runs, "" before."""
        if self.analysing:
            return f"analysing {self._possessive(self.analysis_seat())} decisions…"
        r = self.analysis
        if r is None:
            return ""
        n = len(r.mistakes)
        if not n:
            return f"{self.seat_name(r.seat)}: no clear mistake"
        return (f"{self.seat_name(r.seat)}: {n} mistake{'s' if n != 1 else ''}, "
                f"{r.expected_loss:.1f} {r.unit} expected lost")

    def action_analyse(self) -> None:
        """``m``: weigh every real decision of :meth:`analysis_seat` in a worker (the screen stays
        live, a progress bar shows how far it is), then mark the mistakes (``n`` jumps to them)."""
        if self.replay is None or self.analysing or not isinstance(self, BaseTableScreen):
            return
        if self.analysis is not None:
            self.notify(self.analysis_summary(), timeout=8, markup=False)
            return
        from textual.widgets import ProgressBar
        self.analysing = True
        bar = ProgressBar(id="analysis-bar", show_eta=False, show_percentage=False)
        whose = f"Analysing {self._possessive(self.analysis_seat())} decisions"
        label = Label(whose + " ", markup=False)
        row = Horizontal(label, bar, id="analysis-progress")
        self._mount_above_timeline(row)
        self.notify(f"Analysing {self._possessive(self.analysis_seat())} decisions; the replay stays live.",
                    timeout=4, markup=False)
        self._analysis_changed()
        seat = self.analysis_seat()
        replay = self.replay

        def shown(done: int, total: int) -> None:
            bar.update(total=total, progress=done)
            label.update(f"{whose}: {done} of {total} ")

        def step(done: int, total: int) -> None:
            self.app.call_from_thread(shown, done, total)

        def work() -> None:
            from engine.analysis import DEFAULT_BUDGET, AnalysisError, analyse_positions
            from engine.gamelog import log_setup
            try:
                names = log_setup(replay.log).names
                report = analyse_positions(self.game_id, replay.positions, replay.actors, replay.notations, seat,
                                           budget=self.analysis_budget or DEFAULT_BUDGET, progress=step,
                                           lines=replay.lines, seat_name=names[seat])
            except (AnalysisError, LogReplayError, ValueError) as err:
                self.app.call_from_thread(self._analysis_failed, str(err))
                return
            self.app.call_from_thread(self._analysis_done, report)

        self.run_worker(work, thread=True, exclusive=True, group="analysis", name="analysis")

    def _analysis_done(self, report: Any) -> None:
        self.analysing = False
        self.analysis = report
        if self.path is not None:
            from engine.analysis import save_summary
            try:  # the statistics' accuracy line reads it
                save_summary(report, self.path)
            except OSError:
                pass
        self.marks = {d.index + 1: d for d in report.mistakes}
        self.doubts = {d.index + 1: d for d in report.decisions if self.is_doubt(d, report.game_id)}
        for bar in self.query("#analysis-progress"):
            bar.remove()
        self.notify(self.analysis_summary(), timeout=10, markup=False)
        self.show_position()

    def _analysis_failed(self, why: str) -> None:
        self.analysing = False
        for bar in self.query("#analysis-progress"):
            bar.remove()
        self._analysis_changed()
        self.notify(f"No analysis: {why}", severity="warning", timeout=10, markup=False)

    @staticmethod
    def is_doubt(decision: Any, game_id: str) -> bool:
        """A "not clearly" decision worth a mark: not a mistake, but an alternative scored at least
        the game's ``min_gain`` more (the evidence fell short of 2 standard errors). Smaller gains
        are noise at the analysis's budget (Spite & Malice gave 25 of them in one game)."""
        from engine.analysis import AnalysisError, analysis_for
        try:
            least = analysis_for(game_id).min_gain
        except AnalysisError:
            least = 0.0
        return not decision.mistake and bool(decision.best) and decision.loss > 0 and decision.loss >= least

    def _analysis_changed(self) -> None:
        """The prompt's word on the analysis and the keys m, n, N follow it."""
        if isinstance(self, BaseTableScreen):
            self._status().set_prompt(self.prompt(None))
        self.refresh_bindings()

    def analysis_summary(self) -> str:
        """One line: the mistakes found and what they cost, and the key to reach them."""
        r = self.analysis
        if r is None:
            return ""
        n = len(r.mistakes)
        who = self.seat_name(r.seat)
        if not n:
            return f"{who}: no clear mistake in {len(r.decisions)} real decisions."
        return (f"{who}: {n} mistake{'s' if n != 1 else ''} in {len(r.decisions)} real decisions, "
                f"{r.expected_loss:.1f} {r.unit} expected lost; n jumps to the next.")

    def mark_after(self, delta: int) -> int | None:
        """The next marked position after the one shown (``delta`` 1) or the one before it (-1), or None."""
        if delta > 0:
            return min((i for i in self.marks if i > self.index), default=None)
        return max((i for i in self.marks if i < self.index), default=None)

    def action_next_mistake(self) -> None:
        """``n``: to the next marked move after the position shown (after ``m``)."""
        self._to_mark(1)

    def action_prev_mistake(self) -> None:
        """``N``: to the marked move before the position shown (after ``m``)."""
        self._to_mark(-1)

    def _to_mark(self, delta: int) -> None:
        target = self.mark_after(delta)
        if target is None:
            if isinstance(self, BaseTableScreen):
                self.message(self._why_no_mark(delta), "info")
            return
        self.index = target

    def _why_no_mark(self, delta: int) -> str:
        """Why ``n`` (``delta`` 1) or ``N`` (-1) has no mark to go to, in one sentence."""
        if self.analysing:
            return "The analysis is still running: the marks come when it ends."
        if self.analysis is None:
            return "Press m first: the analysis marks the mistakes."
        if not self.marks:
            return self.analysis_summary()
        if delta > 0:
            return "No marked mistake after this point; N goes back to the one before."
        return "No marked mistake before this point; n goes to the next."

    # -- your deal, played by the bots (issue 28; tui/screens/deal_replay.py) -------------------
    def deal_mount(self, bar: Any) -> None:
        self._mount_above_timeline(bar)

    def _mount_above_timeline(self, widget: Widget) -> None:
        """Show ``widget`` (a progress row) just above the timeline and the status line: seen at any size."""
        timeline = self.query_one(ReplayTimeline)
        parent = timeline.parent
        assert isinstance(parent, Widget)
        parent.mount(widget, before=timeline)

    def deal_hand_word(self) -> str:
        return self.hand_word()

    def deal_show(self, text: str, ok: bool) -> None:
        timeout = 4 if self.deal_running else 30 if ok else 8  # "replaying..." goes soon; the result stays
        self.notify(text, severity="information" if ok else "warning", timeout=timeout, markup=False)

    def _rebuild_log(self) -> None:
        """The game log: the events of the steps from :meth:`log_start` up to :attr:`index`, as the
        seat shown may see them (every event in the omniscient view)."""
        assert self.replay is not None
        log = self.query_one(GameLog)
        log._entries = []
        log.lines_text = []
        log.clear()
        log.viewer, log.covered = self.seat, False
        for events in self.replay.events[self.log_start():self.index]:
            log.add_events(events, self.names)

    def log_start(self) -> int:
        """The first step the table is told of: the start of the position's hand (an earlier hand's
        plays are about cards since dealt again), at most :data:`LOG_STEPS` steps back."""
        assert self.replay is not None
        positions = self.replay.positions
        hand = positions[self.index].hand_number
        j = self.index
        while j > 0 and j > self.index - LOG_STEPS and positions[j - 1].hand_number == hand:
            j -= 1
        return j

    def _sync_log(self) -> None:
        """The replay's log shows what the seat shown saw (everything in the omniscient view)."""
        self.query_one(GameLog).set_viewer(self.seat)

    def prompt(self, view: Any) -> str:
        """The status line's prompt: which view and where the replay is (never a move to make), the
        analysis in a few words once ``m`` ran it, and what ``p`` plays on from."""
        brief = self.analysis_brief()
        where = "before this move" if self.index in self.marks else "here"
        return f"{self.view_title()} · {self.status_text()}{' · ' + brief if brief else ''} · p plays on from {where}"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not isinstance(self, BaseTableScreen):
            return True
        deal = self.deal_check(action)
        if deal is not None:  # ``d``: your deal, played by the bots (tui/screens/deal_replay.py)
            return deal
        if action == "side_panel":
            return self.has_class("-narrow")
        if action == "play_on":
            return self.replay is not None and not self.replay.positions[self.play_on_index()].is_over
        if action == "analyse":
            return self.replay is not None and self.analysis is None and not self.analysing
        if action in ("next_mistake", "prev_mistake"):
            return self.mark_after(1 if action == "next_mistake" else -1) is not None
        if action == "seat":  # a seat key past this log's seats does nothing (why_not says so)
            return int(str(parameters[0])) < len(self.names) if parameters else True
        return action in self.REPLAY_ACTIONS

    def why_not(self, action: str, parameters: tuple[object, ...] = (), description: str = "") -> str:
        """Why a replay key does nothing here, in one sentence (the table's own reasons otherwise)."""
        if action == "analyse":
            if self.analysing:
                return "The analysis is running; the replay stays live meanwhile."
            return self.analysis_summary() or "Nothing to analyse."
        if action in ("next_mistake", "prev_mistake"):
            return self._why_no_mark(1 if action == "next_mistake" else -1)
        if action == "play_on":
            return "The match is over at this position: step back to play on."
        if action == "seat":
            return f"This match has seats 0 to {len(self.names) - 1}; a shows every hand."
        return super().why_not(action, parameters, description)  # type: ignore[misc]

    def on_mount(self) -> None:
        if not isinstance(self, BaseTableScreen):
            return
        self.query_one("#table-main").mount(Static("", id="replay-everything"))
        seats = len(self.names)  # the footer names this log's seat keys ("0-2" for three seats, not "0-5")
        self._replace_bindings(lambda b: b.id == "replay.seat-0", key_display=f"0-{seats - 1}" if seats > 1 else "0")
        timeline = ReplayTimeline(id="replay-timeline", describe=self.position_words)
        self.mount(timeline, before=self._status())  # in place of the rule above it
        self.sub_title = (f"Replay of {self.path.name}" if self.path else "Replay") + \
            (" · undo used" if self.undo_count else "")
        if self.error:
            self.notify(self.error, severity="warning", timeout=10, markup=False)
        self.call_after_refresh(self.show_position)

    def action_step(self, delta: int) -> None:
        """One action forward (+1) or back (-1)."""
        self.index = max(0, min(self.last_index, self.index + delta))

    def action_turn(self, delta: int) -> None:
        """To the next (+1) or previous (-1) position where another player is to act."""
        if self.replay is not None:
            self.index = (self.replay.next_turn_index(self.index) if delta > 0
                          else self.replay.prev_turn_index(self.index))

    def action_game(self, delta: int) -> None:
        """To the start of the next (+1) or previous (-1) hand of the match."""
        if self.replay is not None:
            self.index = (self.replay.next_hand_index(self.index) if delta > 0
                          else self.replay.prev_hand_index(self.index))

    def hand_starts(self) -> list[int]:
        """The first position of each hand (hand ``k`` starts at ``hand_starts()[k]``)."""
        if self.replay is None:
            return [0]
        if self._hand_starts is not None:
            return list(self._hand_starts)
        out = [0]
        while True:
            nxt = self.replay.next_hand_index(out[-1])
            if nxt <= out[-1] or self.replay.positions[nxt].hand_number == self.replay.positions[out[-1]].hand_number:
                self._hand_starts = out
                return list(out)
            out.append(nxt)

    def goto_hand(self, number: int) -> str | None:
        """Jump to the start of hand ``number`` (from 1); None, or why not in one sentence."""
        starts = self.hand_starts()
        if not 1 <= number <= len(starts):
            word = self.hand_word().lower()
            return f"This log has {word}s 1 to {len(starts)}, not {number}."
        self.index = starts[number - 1]
        return None

    def action_goto_hand(self) -> None:
        """g: ask for a hand's number and jump to its start."""
        starts = self.hand_starts()

        def answered(text: str | None) -> None:
            if not text:
                return
            try:
                number = int(text)
            except ValueError:
                self.notify(f"{text!r} is not a number: type 1 to {len(starts)}.", severity="warning", markup=False)
                return
            why = self.goto_hand(number)
            if why:
                self.notify(why, severity="warning", markup=False)

        self.app.push_screen(GotoHandScreen(self.hand_word(), len(starts)), answered)

    def action_jump(self, where: int) -> None:
        """To the first position (0) or the last (-1)."""
        self.index = self.last_index if where < 0 else 0

    def action_seat(self, seat: int) -> None:
        """Show one seat's view (``seat`` >= 0) or every hand (-1)."""
        if seat < 0:
            self.seat = None
            return
        n = self.replay.n_seats if self.replay else 0
        if seat >= n:
            self.notify(f"This match has seats 0 to {n - 1}.", timeout=3)
            return
        self.seat = seat

    def play_on_index(self) -> int:
        """The position ``p`` plays on from: the one shown, or at a marked mistake the one before the
        marked move (the decision, to be made again)."""
        return self.index - 1 if self.index in self.marks else self.index

    def action_play_on(self) -> None:
        """p: a new match from this position (before the move at a marked mistake: :meth:`play_on_index`),
        seats chosen as on the setup screen (:class:`PlayOnScreen`)."""
        if self.replay is None or self.path is None:
            return
        index = self.play_on_index()
        if self.replay.positions[index].is_over:
            self.notify("The match is over at this position: step back to play on.", severity="warning")
            return
        from engine.gamelog import log_setup
        specs = list(log_setup(self.replay.log).seats)
        game = self.replay.game

        def chosen(seats: list[SeatSpec] | None) -> None:
            if seats is None:
                return
            start = getattr(self.app, "play_on", None)
            if callable(start):
                start(self.replay, index, seats, self.path)
            else:
                self.notify("This app cannot start a match from here.", severity="warning")

        mark = self.marks.get(self.index)
        self.app.push_screen(PlayOnScreen(game.id, specs, self.names, index, self.replay.lines, self.path,
                                          before=f"{self._possessive(self.analysis.seat)} {mark.played}"
                                          if mark is not None else ""), chosen)

    def action_close(self) -> None:
        """Back to the previous screen, or quit if the replay is the only screen."""
        self.post_message(GoBack())


class ReplayMessageScreen(ReplayScreen):
    """A log that cannot be replayed on a table: one sentence saying why (and Esc)."""

    BINDINGS = [Binding("escape,q", "close", "Close", id="replay.close")]

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(Text(self.error or "Nothing to replay.", style="bold"), id="replay-status")
        yield WrappingFooter()

    def on_mount(self) -> None:
        self.sub_title = f"Replay of {self.path.name}" if self.path else "Replay"
        if self.error:
            self.notify(self.error, severity="error", timeout=10, markup=False)


class GotoHandScreen(ModalScreen[str | None]):
    """Asks which hand to jump to (``Go to round (1-7):``); Enter answers, Esc cancels."""

    DEFAULT_CSS = """
    GotoHandScreen { align: center middle; }
    GotoHandScreen > Vertical { width: 40; height: auto; border: round $accent; background: $surface; padding: 0 1; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="goto.cancel")]

    def __init__(self, hand_word: str, count: int) -> None:
        super().__init__()
        self.hand_word = hand_word
        self.count = count

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(f"Go to {self.hand_word.lower()} (1-{self.count}):")
            yield Input(placeholder=f"1-{self.count}", id="goto-number", type="integer")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class PlayOnScreen(ModalScreen["list[SeatSpec] | None"]):
    """Play on from here: the seats of the new match, chosen as on the setup screen (human or a bot
    and its level, a name), one row per seat of the replayed match; the cards already dealt stay
    as they were. ``Start`` (Enter) answers with the seat specs, Esc cancels.

    Args:
        game_id: the game (its bot levels).
        seats: the replayed match's seat specs (the rows start from them).
        names: its seat names.
        index: the position played on from.
        lines: the replay's log line per action (the line named in the new log's header).
        source: the log replayed.
        before: the marked move the match starts just before, in words ("your lead K♦"), or "".
    """

    DEFAULT_CSS = """
    PlayOnScreen { align: center middle; }
    PlayOnScreen > Vertical { width: 76; max-width: 100%; height: auto; max-height: 100%;
        border: double $accent; background: $surface; padding: 0 1; }
    PlayOnScreen .form-row { height: auto; }
    PlayOnScreen Label { width: 100%; }
    PlayOnScreen .field-label { width: 8; padding-top: 0; }
    PlayOnScreen .seat-kind { width: 12; }
    PlayOnScreen .seat-level { width: 14; }
    PlayOnScreen .seat-name { width: 1fr; }
    PlayOnScreen #play-on-buttons { height: auto; align-horizontal: center; margin-top: 1; }
    PlayOnScreen #play-on-buttons Button { margin: 0 1; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="play-on.cancel")]

    def __init__(self, game_id: str, seats: Sequence[SeatSpec], names: Sequence[str], index: int,
                 lines: Sequence[int], source: Path, before: str = "") -> None:
        super().__init__()
        #: the marked move this match starts just before ("your lead K♦"), or ""
        self.before = before
        self.game_id = game_id
        self.seat_specs = list(seats)  # a bot's shown name follows its level, as on the setup screen
        self.index = index
        self.line = lines[index - 1] if index else 1
        self.source = source

    def compose(self) -> ComposeResult:
        from tui.screens.setup import seat_row
        with Vertical():
            title = "Play on from before the marked move" if self.before else "Play on from here"
            just = f", just before {self.before}: choose again" if self.before else ""
            yield Label(Text.assemble((title, "bold"),
                                      f": a new match from action {self.index} of {self.source.name} "
                                      f"(line {self.line}){just}; the cards dealt so far stay as they were."))
            for i, spec in enumerate(self.seat_specs):
                yield seat_row(i, self.game_id, spec)
            with Horizontal(id="play-on-buttons"):
                yield Button("Start (Enter)", id="play-on-start", variant="primary")
                yield Button("Cancel (Esc)", id="play-on-cancel")

    def on_mount(self) -> None:
        self.query_one("#play-on-start", Button).focus()

    def seats(self) -> list[SeatSpec]:
        """The seat specs as chosen in the rows."""
        from tui.screens.setup import read_seat_row
        return [read_seat_row(self, i) for i in range(len(self.seat_specs))]

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "play-on-start":
            self.dismiss(self.seats())
        else:
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def on_select_changed(self, event: Select.Changed) -> None:
        """A human seat has no bot level (as on the setup screen)."""
        if event.select.has_class("seat-kind") and event.select.id:
            i = event.select.id.rsplit("-", 1)[1]
            self.query_one(f"#seat-level-{i}", Select).disabled = event.value == "human"


__all__ = ["GotoHandScreen", "LoadedLog", "PlayOnScreen", "ReplayMessageScreen", "ReplayScreen", "load_replay",
           "replay_table_class", "seat_names_from_header"]
