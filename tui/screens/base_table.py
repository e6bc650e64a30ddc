"""The game-independent table screen: seats, bots, hand-off, undo, hint, the
status line, the game log, the scores panel and the end of the match.

A game's table screen is a small subclass of :class:`BaseTableScreen` that
draws its own centre and hand and maps its keys to actions; see the class
docstring for the hooks. ``tui.games.nags.table.NagsTableScreen`` (Nags) is the
reference subclass; :mod:`tui.screens` has the registry that picks the
screen class for a session's game.
"""

from __future__ import annotations

import dataclasses
import os
import re
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Generic, Iterable, Sequence, TypeVar, cast

from rich.console import RenderableType
from rich.text import Text
from textual import events, on, work
from textual.actions import parse as parse_action
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static
from textual.worker import get_current_worker

from engine.core import Action, Event, IllegalAction, View
from engine.lesson import LessonSession
from engine.match import ScoreBreakdown
from tui.screens.hand_result import HandResultScreen, breakdown_table, points_lines
from tui.screens.enter_move import EnterMove
from tui.screens.handoff import HandoffScreen
from tui.screens.summary import SummaryScreen, session_teams
from tui.widgets.cards import CardWidget, ascii_mode, theme_color
from tui.widgets.footer import WrappingFooter
from tui.widgets.gamelog import GameLog
from tui.widgets.narration import asciify, hand_scores_line, notation_words, thinking_text
from tui.widgets.scoreboard import MatchScoreboard
from tui.widgets.status import StatusLine

if TYPE_CHECKING:
    from engine.session import Hint, TableSession

#: The view type of a game's table screen (``BaseTableScreen[NickelsView]``).
V = TypeVar("V", bound=View)

#: The bindings every table screen gets (appended after the game's own ones).
COMMON_BINDINGS: list[Binding] = [
    Binding("z", "undo", "Undo", id="table.undo"),
    Binding("h", "hint", "Hint", id="table.hint"),
    Binding("l", "last_events", "Last events", id="table.last"),
    Binding("question_mark", "rules", "Help", key_display="?", id="table.rules"),
    Binding("s", "summary", "Match summary", id="table.summary"),
    Binding("full_stop", "fast_bots", "Fast bots", key_display=".", id="table.fast"),
    Binding("ctrl+s", "save_log", "Save log elsewhere", id="table.save_log"),
    Binding("i", "side_panel", "Scores/log", id="table.side"),
    Binding("escape", "close_overlay", "Close panel", id="table.close"),
]
#: Actions of :data:`COMMON_BINDINGS`, decided by the base's ``check_action``.
COMMON_ACTIONS = frozenset({"undo", "hint", "last_events", "rules", "summary", "fast_bots", "save_log", "side_panel",
                            "close_overlay"})
#: The game bindings' action that plays :meth:`BaseTableScreen.enter_move` (a game binds Enter to it).
ENTER_ACTION = "enter_move"

#: Below this many columns the side column (scores and game log) folds away and
#: ``i`` shows it as a panel over the table (the screen has the class ``-narrow``).
SIDE_FOLD_BELOW = 100
#: Below this many rows the screen has the class ``-short`` (games draw parts of the
#: table with one-line cards); from :data:`TALL_FROM` rows up it has ``-tall``.
SHORT_BELOW, TALL_FROM = 30, 40


def _binding_id(b: BindingType) -> str | None:
    return b.id if isinstance(b, Binding) else None


def hand_results_from_history(session: TableSession) -> dict[int, dict]:
    """The ``hand_over`` data of every hand finished so far (``session.hand_results()``: a local
    session replays its history; a remote one has them from the server)."""
    return session.hand_results()


class BaseTableScreen(Screen[None], Generic[V]):
    """A match at the table, for any game: everything that is not the game's own.

    Generic in the game's view type ``V`` (``class NickelsTableScreen(BaseTableScreen[NickelsView])``):
    the hooks get the seat's view typed, and :attr:`view` is one.

    Args:
        session: the :class:`engine.session.Session` (not yet advanced, or resumed).
        pace: seconds a bot's move is held back so a person can follow
            (0 for tests); ``CARDTABLE_PACE`` in the environment overrides it.

    What the base does: holds the session and the names; shows one human seat
    (:attr:`shown_seat`); runs bots in a ``@work(thread=True)`` worker
    (``session.bot_choose``), holding the move for the pace with a
    "thinking…" cue, and applies it on the UI thread (:class:`BotMoved`;
    a move chosen before an undo is dropped); covers the table with a
    :class:`HandoffScreen` between several humans at one terminal; undo
    (``z``), hint (``h``), last events (``l``), rules (``?``), the match summary
    (``s``, and :class:`SummaryScreen` at the end), fast bots (``.``: no pace delay for
    the rest of the hand); the status line (prompt and
    message); the narrated game log with a scores line per finished hand; the
    scores panel; the layout (left: the game's widgets on the felt; right:
    scores above the log; the status line and the footer below).

    Any terminal from 80x24 up (issue 11): the screen carries Textual breakpoint
    classes, ``-narrow`` / ``-wide`` (:data:`SIDE_FOLD_BELOW` columns) and
    ``-short`` / ``-medium`` / ``-tall`` (:data:`SHORT_BELOW`, :data:`TALL_FROM` rows).
    The side column takes 36% of the width (34 to 58 columns); on a ``-narrow``
    screen it folds away and ``i`` shows it over the table (class ``-side-open``).
    The footer wraps its keys onto more rows (:class:`tui.widgets.footer.WrappingFooter`)
    and the status line grows for a long prompt. A game's widgets fit the room they
    get: :class:`tui.widgets.hand.HandView` and :class:`tui.widgets.cards.CardWidget`
    switch to one-line cards by themselves; a game's CSS may use the classes above
    for its own centre.

    Hooks a game's screen implements (everything else is optional):

    ``compose_table() -> ComposeResult`` (required)
        Yield the game's widgets for the left column (centre, board, hand).
        Use ``id``\\ s of your own; the base uses ``#table-main``,
        ``#table-left``, ``#table-right``, ``#scoreboard``, ``#log``,
        ``#status``. The class ``table-panel`` gives a widget the table's
        rounded border (ASCII-aware); set ``border_title`` in :meth:`setup_table`.
    ``refresh_view(view) -> None`` (required)
        Redraw the game's widgets from ``view`` = ``session.view(shown_seat)``
        (never read another seat's cards). While :attr:`covered` is True show
        no private card (a hand-off is waiting). :meth:`human_turn` says
        whether the shown human may act (e.g. to dim the hand).
    ``prompt(view) -> str`` (required)
        One sentence for the status line: what the shown seat may do now, or
        whom it waits for. The base shows "X is thinking…" and "Pass the
        keyboard to X" itself.
    ``check_game_action(action, parameters) -> bool | None``
        ``check_action`` for the game's own bindings (True: enabled and shown,
        None: shown disabled, False: hidden). Called only once mounted and
        drawn; use :meth:`human_turn` and :meth:`legal`. Default True.
    ``show_hint(action) -> None``
        Show the engine's suggestion (``session.hint_with_reason``, found in a worker
        thread); default: the status message ``describe_action(action)`` as a hint.
        E.g. select the cards. The base then adds the hint's reason to a hint message.
    ``describe_action(action) -> str``
        An action in a player's words (default ``str(action)``, the notation).
    ``reset_input() -> None``
        Clear cursor/selection state; called after a human's move, an undo
        and a hand-off.
    ``setup_table() -> None``
        Once on mount, before the first deal (border titles, hidden widgets).
    ``compose_scores()`` / ``refresh_scores(view)``
        The scores panel (id ``scoreboard``). Default: :class:`MatchScoreboard`
        with the finished hands' points and the match totals.
    ``hand_over_line(data, names)``
        Wording of the log (default: :mod:`tui.widgets.narration`).
    ``hand_breakdown(data, names)`` / ``hand_result_lines(data, events)``
        How a finished hand was scored, from its ``hand_over`` data (one line, shown in
        the result panel and the end-of-match summary), and the lines of the panel
        (:class:`~tui.screens.hand_result.HandResultScreen`) that waits for a key after
        each hand but the last when a person plays (``PAUSE_AFTER_HAND``).
    ``events_logged(events)``
        Every batch of events, before the redraw (e.g. remember the last play).
    ``mark_last_play(seat, cards)``
        Mark the last bot move's cards (from its event's ``data["cards"]``) on the table;
        default: the ``-last-play`` class on the left column's matching card widgets.
    ``enter_move() -> EnterMove | None``
        What Enter plays now (:class:`~tui.screens.enter_move.EnterMove`: the move in words and
        how to play it), or None when Enter has nothing to do. A game binds Enter to the action
        ``enter_move`` (:data:`ENTER_ACTION`); the base offers the key only while there is a
        move, shows the move's words as the binding's footer text, and :meth:`enter_text`
        gives ``Enter: add 10♦ to m1`` for the game's bar or prompt. Default: None.
    ``why_not_game(action, parameters) -> str | None``
        Why the game's key ``action`` does nothing at this step, for a key pressed while its
        binding is disabled (the base says it when the game has nothing better: "Wait: Bix is
        thinking.", "Pass: not at this step.").
    Class attributes: ``BINDINGS`` (the game's keys; :data:`COMMON_BINDINGS`
    are appended automatically unless a binding with the same id is listed),
    ``HAND_WORD`` ("Hand"; Nags says "Game"), ``SCORES_TITLE``,
    ``LOG_TITLE``, ``STRONG_EVENT_KINDS`` (event kinds logged in bold),
    ``KEY_HELP`` (the key list shown by ``?`` when the app has no rules
    screen), ``DEFAULT_CSS`` (selectors may use the subclass name).

    No key is silent (issue 22): a key whose every binding is disabled now says why in the
    status line (:meth:`why_not`); Esc closes an open overlay (the scores/log panel of a narrow
    screen, the last events) before it means anything else.

    To act, a binding's action method builds an engine ``Action`` and calls
    :meth:`human_act`; an illegal action shows ``session.act``'s reason (``why_illegal``)
    in the status line and changes nothing. Use :meth:`message` /
    :meth:`clear_message` for the status message.

    Attributes:
        session: the session being played.
        names: seat names.
        humans / bots: the seats played at this terminal / by bots.
        shown_seat: the human seat whose hand is on screen.
        thinking: the bot seat choosing a move now, or None.
        covered: True while a hand-off is waiting (show no private cards).
        pace: the bot delay in seconds.
        hand_results: hand index -> ``hand_over`` event data (points) of every finished hand.
    """

    BINDINGS: ClassVar[list[BindingType]] = []
    COMMON_BINDINGS: ClassVar[list[Binding]] = COMMON_BINDINGS
    #: No widget takes the focus by itself: the keys are the table's (a focused scrolling panel
    #: would take Home, End and the arrows for itself: two meanings for one key).
    AUTO_FOCUS = ""

    HAND_WORD: ClassVar[str] = "Hand"
    SCORES_TITLE: ClassVar[str] = "Scores (points)"
    LOG_TITLE: ClassVar[str] = "Game log"
    STRONG_EVENT_KINDS: ClassVar[frozenset[str]] = frozenset()
    KEY_HELP: ClassVar[str] = "z undo (against bots) · h hint · l last events · ? rules"
    #: After a finished hand (not the last), wait for a key on :class:`HandResultScreen`
    #: before play goes on (only when a person sits at the table).
    PAUSE_AFTER_HAND: ClassVar[bool] = True
    #: A read-only table (issue 24: the replay draws its positions with the game's own table): it
    #: draws ``session.view(shown_seat)`` like any table and takes no move: the session is not
    #: advanced, no bot is asked, no hand-off covers it, no result panel or summary is pushed,
    #: and :meth:`human_turn` is False. A read-only subclass brings its own keys.
    READ_ONLY: ClassVar[bool] = False

    #: Width classes (Textual breakpoints): ``-narrow`` folds the side column away.
    HORIZONTAL_BREAKPOINTS: list[tuple[int, str]] | None = [(0, "-narrow"), (SIDE_FOLD_BELOW, "-wide")]
    #: Height classes: ``-short`` (under 30 rows), ``-medium``, ``-tall`` (40 rows and more).
    VERTICAL_BREAKPOINTS: list[tuple[int, str]] | None = [
        (0, "-short"), (SHORT_BELOW, "-medium"), (TALL_FROM, "-tall")]

    DEFAULT_CSS = """
    BaseTableScreen { layout: vertical; }
    BaseTableScreen #table-main { height: 1fr; layers: base side; }
    BaseTableScreen #table-left { width: 1fr; }
    BaseTableScreen #table-right { width: 36%; min-width: 34; max-width: 58; background: $surface; }
    BaseTableScreen.-narrow #table-right { display: none; }
    BaseTableScreen.-narrow.-side-open #table-right {
        display: block; layer: side; dock: right; width: 46; max-width: 90%; min-width: 0;
        border-left: thick $accent; }
    BaseTableScreen #scoreboard { border: round $primary 60%; border-title-color: $primary; height: auto; }
    BaseTableScreen #log { border: round $primary 60%; border-title-color: $primary; }
    BaseTableScreen .table-panel { border: round $primary 60%; border-title-color: $primary; }
    BaseTableScreen.-ascii #scoreboard, BaseTableScreen.-ascii #log,
    BaseTableScreen.-ascii .table-panel { border: ascii $primary; }
    BaseTableScreen #table-left CardWidget.-last-play { border: round $success; }
    BaseTableScreen.-ascii #table-left CardWidget.-last-play { border: ascii $success; text-style: bold underline; }
    BaseTableScreen #table-left CardWidget.-compact.-last-play {
        border: none; color: $success; text-style: bold underline; }
    BaseTableScreen #last-events { display: none; layer: side; dock: top; width: 100%; height: auto;
        max-height: 70%; padding: 0 1; background: $surface; border: round $accent; border-title-color: $accent; }
    BaseTableScreen #last-events.-open { display: block; }
    BaseTableScreen.-ascii #last-events { border: ascii $accent; }
    BaseTableScreen #lesson { display: none; height: auto; max-height: 6; padding: 0 1;
        background: $boost; border-left: thick $warning; }
    BaseTableScreen.-lesson #lesson { display: block; }
    BaseTableScreen.-lesson.-short #lesson { display: none; }
    BaseTableScreen.-ascii #lesson { border-left: ascii $warning; }
    """

    def __init_subclass__(cls, **kwargs: Any) -> None:
        own = cls.__dict__.get("BINDINGS")
        if own is not None:
            ids = {_binding_id(b) for b in own}
            cls.BINDINGS = [*own, *(b for b in cls.COMMON_BINDINGS if b.id not in ids)]
        elif not any("BINDINGS" in k.__dict__ for k in cls.__mro__[1:]
                     if isinstance(k, type) and issubclass(k, BaseTableScreen) and k is not BaseTableScreen):
            cls.BINDINGS = list(cls.COMMON_BINDINGS)
        super().__init_subclass__(**kwargs)

    class BotMoved(Message):
        """A bot worker chose ``action`` for ``seat`` (``generation`` guards against
        stale moves after an undo)."""

        def __init__(self, seat: int, action: Action, generation: int) -> None:
            super().__init__()
            self.seat = seat
            self.action = action
            self.generation = generation

    class BotFailed(Message):
        """A bot worker raised ``error``."""

        def __init__(self, seat: int, error: Exception, generation: int) -> None:
            super().__init__()
            self.seat = seat
            self.error = error
            self.generation = generation

    def __init__(self, session: TableSession, pace: float = 0.6, *, name: str | None = None) -> None:
        super().__init__(name=name)
        self.session: TableSession = session
        env = os.environ.get("CARDTABLE_PACE")
        if env:
            try:
                pace = float(env)
            except ValueError:
                pass
        self.pace = max(0.0, float(pace))
        self.names: list[str] = list(session.names)
        n = len(self.names)
        self.humans: list[int] = [s for s in range(n) if session.is_human(s)]
        self.bots: list[int] = [s for s in range(n) if s not in self.humans]
        self.shown_seat: int = self.humans[0] if self.humans else 0
        self.thinking: int | None = None
        self.covered = len(self.humans) > 1
        self.hand_results: dict[int, dict] = hand_results_from_history(session) if session.history else {}
        self._generation = 0
        self._view: V | None = None
        self._summary_shown = False
        self._last_move_line = 0  # index in the log of the shown human's last move
        #: the last hint shown, in full (move and reason), as the game log has it
        self.hint_text = ""
        #: the figures behind the last hint (``Hint.details``) and the position it is for
        self._hint_details = ""
        self._hint_at: tuple[int, int, int] | None = None
        #: the hint found at ``_hint_at`` (its move and reason), and whether h shows its figures now
        self._hint_move: tuple[Action, str] | None = None
        self._hint_figures_shown = False
        self._started = False
        self._pending_result: tuple[dict, list[Event]] | None = None  # a hand_over not yet shown
        #: the hand (``state.hand_number``) in which the bots play without the pace delay (key ``.``)
        self.fast_hand: int | None = None
        #: the last bot move's cards on the table: ``(seat, card texts)`` from its event's ``data["cards"]``
        self.last_bot_play: tuple[int, list[str]] | None = None
        #: the last "why not" said for a key: (sentence, moves then, the bot thinking then)
        self._why_note: tuple[str, str] | None = None
        #: a lesson's end (:meth:`show_lesson_done`) was shown
        self._lesson_done_shown = False
        #: a remote session's link as last said: (connected, the reason it is lost for good)
        self._link: tuple[bool, str | None] = (True, None)
        #: the other people away from a remote table as last said (``RemoteSession.away``)
        self._away: frozenset[int] = frozenset(getattr(session, "away", frozenset()))

    # -- hooks (see the class docstring) -------------------------------------------------
    def compose_table(self) -> ComposeResult:
        """Yield the game's widgets for the left column. Required."""
        raise NotImplementedError(f"{type(self).__name__} must implement compose_table()")

    def refresh_view(self, view: V) -> None:
        """Redraw the game's widgets from the shown seat's ``view``. Required."""
        raise NotImplementedError(f"{type(self).__name__} must implement refresh_view(view)")

    def prompt(self, view: V) -> str:
        """The status line's sentence for ``view``. Required."""
        raise NotImplementedError(f"{type(self).__name__} must implement prompt(view)")

    def check_game_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``check_action`` for the game's own bindings (default: enabled)."""
        return True

    def describe_action(self, action: Action) -> str:
        """``action`` in a player's words (default: its notation, cards as the table writes them)."""
        return notation_words(action, self.ascii)

    def show_hint(self, action: Action) -> None:
        """Show the suggested ``action`` (default: a hint message in the status line)."""
        self.message(self.describe_action(action), "hint")

    def reset_input(self) -> None:
        """Clear cursor/selection state (after a move, an undo, a hand-off). Default: nothing."""

    def setup_table(self) -> None:
        """Once on mount, before the first deal: titles, hidden widgets. Default: nothing."""

    def compose_scores(self) -> ComposeResult:
        """The scores panel (must have ``id="scoreboard"``). Default: :class:`MatchScoreboard`."""
        yield MatchScoreboard(id="scoreboard")

    def refresh_scores(self, view: V) -> None:
        """Redraw the scores panel (default: the :class:`MatchScoreboard`)."""
        board = self.query_one("#scoreboard")
        if isinstance(board, MatchScoreboard):
            s = self.session
            board.update_scores(self.names, self.hand_scores, self.match_totals(), to_move=s.to_move,
                                thinking=self.thinking, humans=self.humans,
                                winners=s.winners() if s.is_over else (), hand_word=self.HAND_WORD,
                                teams=session_teams(s))

    def hand_over_line(self, data: dict, names: Sequence[str]) -> str | None:
        """The log line after a finished hand (its and the match's points)."""
        return hand_scores_line(data, names, self.HAND_WORD)

    def hand_result_lines(self, data: dict, events: Sequence[Event]) -> list[RenderableType]:
        """The lines of the panel shown after a finished hand (:class:`HandResultScreen`):
        ``data`` is the ``hand_over`` event's data, ``events`` the batch it came in
        (the last play, the trick...). Default: :meth:`hand_breakdown` (if any), where every
        point came from (:meth:`round_breakdown`, as a :func:`breakdown_table`) when the game
        itemises it, then the hand's and the match's points. Games add their own facts."""
        own = self.hand_breakdown(data, self.names)
        lines: list[RenderableType] = [own] if own else []
        groups = self.round_breakdown(data)
        if groups:
            lines.append(breakdown_table(groups, self.names, ascii_only=self.ascii))
        return lines + points_lines(data, self.names, self.HAND_WORD, teams=[g.seats for g in groups or ()])

    def round_breakdown(self, data: dict) -> list[ScoreBreakdown] | None:
        """Where every point of the finished hand with ``hand_over`` data ``data`` came from, per
        seat or partnership (the engine's ``Game.round_breakdown``), or None when the game does
        not itemise it or the data is not what it expects."""
        s = self.session
        try:
            return s.game.round_breakdown(data, s.variant, len(self.names))
        except (KeyError, IndexError, TypeError, ValueError):
            return None

    def mark_last_play(self, seat: int | None, cards: Sequence[str]) -> None:
        """Mark on the table the cards of the last bot move (``cards``: card texts from its
        event's ``data["cards"]``; empty, ``seat`` None: nothing to mark). Default: every face-up
        :class:`~tui.widgets.cards.CardWidget` of the left column showing one of them, outside the
        hand, gets the class ``-last-play`` (unless it is under the cursor or picked).
        Games that draw cards otherwise (a canvas) override this."""
        wanted = set(cards)
        for w in self.query("#table-left CardWidget").results(CardWidget):
            card = w.card
            mark = (bool(wanted) and card is not None and w.face_up and card.text in wanted
                    and w.source != "hand" and not w.cursor and not w.selected)
            w.set_class(mark, "-last-play")

    def hand_breakdown(self, data: dict, names: Sequence[str]) -> str | None:
        """One line saying how a finished hand was scored, from its ``hand_over`` data
        (shown in the hand's result panel and the end-of-match summary). Default: None."""
        return None

    # -- public helpers -------------------------------------------------------------------
    @property
    def ascii(self) -> bool:
        """True when cards and marks are drawn in ASCII."""
        return ascii_mode(self.app)

    @property
    def view(self) -> V:
        """The current view of the shown seat (refreshed after every change)."""
        if self._view is None:
            self._view = self._seat_view()
        return self._view

    def _seat_view(self) -> V:
        """``session.view(shown_seat)``, as the game's view type (the session of this game's screen
        gives its game's views)."""
        return cast(V, self.session.view(self.shown_seat))

    def human_turn(self) -> bool:
        """True when the seat shown is a human who may act now."""
        s = self.session
        return (not self.READ_ONLY and not s.is_over and not self.covered and self.thinking is None
                and s.to_move == self.shown_seat and s.is_human(self.shown_seat))

    def legal(self) -> list[Action]:
        """The shown seat's legal actions when it may act now, else []."""
        return self.view.legal_actions() if self.human_turn() else []

    @property
    def hand_scores(self) -> list[list[float]]:
        """Points per finished hand per seat (from the ``hand_over`` events)."""
        return [list(self.hand_results[h].get("scores", [])) for h in sorted(self.hand_results)]

    def match_totals(self) -> list[float]:
        """The match totals per seat now (points; ``session.scores()``)."""
        return self.session.scores()

    def message(self, text: str, kind: str = "info") -> None:
        """Show ``text`` above the prompt; ``kind`` is ``info``, ``error`` or ``hint``."""
        self._status().set_message(text, kind)

    def clear_message(self) -> None:
        """Remove the status message."""
        self._status().clear_message()

    def set_key_display(self, binding_id: str, text: str) -> None:
        """Show ``text`` in the footer for the binding ``binding_id`` of this screen
        (e.g. the real key range ``1-4`` of a hand of 4), instead of its class-level
        ``key_display``; the key itself is unchanged. Unknown ids are ignored."""
        self._replace_bindings(lambda b: b.id == binding_id, key_display=text)

    def _replace_bindings(self, hit: Callable[[Binding], bool], **changes: Any) -> None:
        """This screen's bindings for which ``hit(binding)`` holds get ``changes`` (footer text)."""
        for bindings in self._bindings.key_to_bindings.values():
            for i, b in enumerate(bindings):
                if hit(b) and any(getattr(b, k) != v for k, v in changes.items()):
                    bindings[i] = dataclasses.replace(b, **changes)

    def redraw(self) -> None:
        """Redraw every panel from the shown seat's view (batched)."""
        with self.app.batch_update():
            self._redraw()

    # -- layout ------------------------------------------------------------------------
    def size_classes(self, width: int, height: int) -> list[str]:
        """The width and height classes (:attr:`HORIZONTAL_BREAKPOINTS`, :attr:`VERTICAL_BREAKPOINTS`)
        of a ``width`` x ``height`` terminal, as Textual picks them: the largest breakpoint reached."""
        out = []
        for size, breakpoints in ((width, self.HORIZONTAL_BREAKPOINTS), (height, self.VERTICAL_BREAKPOINTS)):
            reached = [(at, name) for at, name in breakpoints or () if size >= at]
            if reached:
                out.append(max(reached)[1])
        return out

    def compose(self) -> ComposeResult:
        # The size classes Textual sets at the first resize, set now: the widgets are styled once
        # for the right size instead of again, all of them, at that resize (issue 22: start-up).
        width, height = self.app.size
        if width and height:
            self.add_class(*self.size_classes(width, height), update=False)
        with Horizontal(id="table-main"):
            with Vertical(id="table-left"):
                yield from self.compose_table()
            with Vertical(id="table-right"):
                yield from self.compose_scores()
                yield GameLog(id="log", hand_line=self.hand_over_line,
                              strong_kinds=self.STRONG_EVENT_KINDS)
            yield Static("", id="last-events", markup=False)
        yield Static("", id="lesson", markup=False)
        yield StatusLine(id="status")
        yield WrappingFooter()

    @property
    def game_title(self) -> str:
        """The game's title (``session.game.title``)."""
        return getattr(getattr(self.session, "game", None), "title", "") or "cardtable"

    def on_mount(self) -> None:
        self.set_class(ascii_mode(self.app), "-ascii")
        self.set_class(self.lesson is not None, "-lesson")
        game = self.game_title
        for board in self.query("#scoreboard"):
            board.border_title = self.SCORES_TITLE
        self.query_one("#log").border_title = self.LOG_TITLE
        self.sub_title = game
        self.setup_table()
        self._name_the_legend()
        self._apply_felt()
        self.watch(self.app, "theme", lambda *_: self._apply_felt(), init=False)
        log = self.query_one(GameLog)
        self._sync_log()
        for line in getattr(self.session, "narration", [])[-200:]:  # a resumed match's story so far
            log.add_line(line)
        if hasattr(self.session, "on_change"):  # a remote seat (net.client.RemoteSession): its link is watched
            setattr(self.session, "on_change", lambda: self.post_message(self.LinkChanged()))
        log.add_line(f"{game}: " + ", ".join(self.names) + (f" (seed {self.session.seed})"
                                                               if getattr(self.session, "seed", None) else ""))
        self._deal()  # the first frame shows the dealt table, never empty panels
        self.call_after_refresh(self._start)

    def _name_the_legend(self) -> None:
        """A table whose marks have a legend (the screen class's ``LEGEND``, on the ``?`` screen)
        says where it is without a mouse: the melds panel's border reads ``?: what the marks mean``
        (the tooltips say it to a mouse only; a longer footer word for ``?`` cost Nogginate's
        footer a third row at 80x24)."""
        if not getattr(self, "LEGEND", ()):
            return
        key = self.key_label("table.rules")
        if key:
            for panel in self.query("MeldsPanel"):  # by name: the base imports no rummy widget
                panel.border_subtitle = f"{key}: what the marks mean"

    def on_resize(self, event: events.Resize) -> None:
        """The width classes decide whether ``i`` (scores/log panel) is offered; the height
        classes where the lesson's line goes."""
        self.call_after_refresh(self.refresh_bindings)
        if self.lesson is not None:
            self.call_after_refresh(self._show_lesson)

    def _deal(self) -> None:
        """On mount, before the first frame: the session up to its first decision (the deal)
        and every panel drawn from it. Bots, hand-offs and result panels wait for :meth:`_start`.
        A read-only table only draws."""
        if self.READ_ONLY:
            self._redraw()
            return
        try:
            events = self.session.advance()
        except IllegalAction as err:
            self.message(str(err), "error")
            events = []
        self._log_events(events)
        seat = self.session.to_move
        bot = not self.session.is_over and seat >= 0 and not self.session.is_human(seat)
        self.thinking = seat if bot else None  # its worker starts with _start; the cue is there at once
        self._redraw()

    def _start(self) -> None:
        if self._started:
            return
        self._started = True
        self._step()

    def _apply_felt(self) -> None:
        self.query_one("#table-left").styles.background = theme_color(self.app, "felt")

    # -- internals ----------------------------------------------------------------------
    def _status(self) -> StatusLine:
        return self.query_one(StatusLine)

    def events_logged(self, events: Sequence[Event]) -> None:
        """Every batch of events the table logs (a move's, a deal's), before the redraw: a game
        may remember what its widgets need (the last play). Default: nothing."""

    def forget_events(self) -> None:
        """Forget what :meth:`events_logged` remembered (a replay jumping to another position is
        told that position's events again, from the start of its hand). Default: nothing."""

    def _log_events(self, events: Iterable[Event]) -> None:
        events = list(events)
        self.events_logged(events)
        for e in events:
            if e.kind == "hand_over":
                self.hand_results[int(e.data.get("hand", len(self.hand_results)))] = dict(e.data)
                self._pending_result = (dict(e.data), events)
        if events:
            self._sync_log()
            self.query_one(GameLog).add_events(events, self.names)

    def _sync_log(self) -> None:
        """The game log shows what the shown seat may see, and nothing while covered."""
        self.query_one(GameLog).set_viewer(self.shown_seat, covered=self.covered and not self.session.is_over)

    def _redraw(self) -> None:
        self._report_log_error()
        self._sync_log()
        view = self._view = self._seat_view()
        self.refresh_view(view)
        last = self.last_bot_play if not self.covered else None
        self.mark_last_play(last[0] if last else None, last[1] if last else ())
        self.refresh_scores(view)
        status = self._status()
        if self.thinking is not None:
            status.set_prompt(thinking_text(self.names[self.thinking], self.ascii,
                                            self.session.seat_kind(self.thinking)))
        elif self.covered and not self.session.is_over:
            status.set_prompt(f"Pass the keyboard to {self.names[self.session.to_move]}")
        else:
            status.set_prompt(self.prompt(view))
        self._show_enter_move()
        self._show_lesson()
        for panel in self.query("#last-events.-open").results(Static):  # open: it follows the play
            panel.update(Text(self.last_events_text()))
        self.refresh_bindings()
        self._clear_stale_why()

    def refresh_input(self) -> None:
        """After a change of the player's input only (a selection, a typed number): the prompt,
        Enter's move and the footer again, without redrawing the table."""
        if self.human_turn():
            self._status().set_prompt(self.prompt(self.view))
        self._show_enter_move()
        self.refresh_bindings()
        self.call_after_refresh(self._clear_stale_why)  # once the bindings say what each key does now

    def _report_log_error(self) -> None:
        """Say once, loudly, that the log could not be written (``session.log_error``)
        and how to save the match elsewhere."""
        error = getattr(self.session, "log_error", None)
        if error is None or error == getattr(self, "_log_error_shown", None):
            return
        self._log_error_shown = error
        text = f"{error[:1].upper()}{error[1:]}. Press ctrl+s to write it to another file."
        self.message(text, "error")
        self.notify(text, title="The log is not being written", severity="error", timeout=30, markup=False)

    def action_save_log(self) -> None:
        """ctrl+s (after a failed log write): write the whole match to another file."""
        from tui.screens.save_log import SaveLogScreen

        def saved(path: Path | None) -> None:
            if path is not None:
                self._log_error_shown = None
                self.message(f"The log is saved to {path} and continues there.")
                self.notify(f"Log saved to {path}", timeout=8, markup=False)
                self.refresh_bindings()

        self.app.push_screen(SaveLogScreen(self.session), saved)

    def _step(self) -> None:
        """Decide what happens next: the summary, a hand-off, a bot's turn or a human's
        (a read-only table only redraws)."""
        s = self.session
        if self.READ_ONLY:
            self.thinking = None
            self.redraw()
            return
        if not s.is_over and s.to_move < 0:  # a chance step left over (e.g. after resume)
            self._log_events(s.advance())
        if self._pending_result is not None:
            data, batch = self._pending_result
            self._pending_result = None
            if self.PAUSE_AFTER_HAND and self.humans and not s.is_over:
                self.thinking = None
                self.redraw()
                self.show_hand_result(data, batch)
                return
        lesson = self.lesson
        if lesson is not None and lesson.done and not self._lesson_done_shown:
            self._lesson_done_shown = True
            self.thinking = None
            self.redraw()
            self.show_lesson_done()
            return
        if s.is_over:
            self.thinking = None
            self.redraw()
            self._show_summary()
            return
        seat = s.to_move
        if s.is_human(seat):
            self.thinking = None
            if seat != self.shown_seat or (self.covered and len(self.humans) > 1):
                self._hand_off(seat)
                return
            self.redraw()
            return
        self.thinking = seat
        self.redraw()
        self._think(seat, self._generation)

    def _hand_off(self, seat: int) -> None:
        """Cover the table and wait for ``seat``'s player (several humans, one terminal)."""
        self.covered = True
        self.redraw()

        def uncovered(_result: None) -> None:
            self.shown_seat = seat
            self.covered = False
            self._view = None
            self.reset_input()
            self.redraw()

        self.app.push_screen(HandoffScreen(self.names[seat]), uncovered)

    @work(thread=True, exclusive=True, group="table-bots", exit_on_error=False)
    def _think(self, seat: int, generation: int) -> None:
        """Worker thread: ask the bot (view-only) and hold its move for the pace
        delay (none for a quiet action, such as a pass on an offer)."""
        worker = get_current_worker()
        start = time.monotonic()
        try:
            action = self.session.bot_choose(seat)
        except Exception as err:  # noqa: BLE001 - shown to the player, never a traceback
            self.post_message(self.BotFailed(seat, err, generation))
            return
        while not worker.is_cancelled and not self.session.is_quiet(action):
            left = self.current_pace() - (time.monotonic() - start)
            if left <= 0:
                break
            time.sleep(min(left, 0.05))
        if not worker.is_cancelled:
            self.post_message(self.BotMoved(seat, action, generation))

    @on(BotMoved)
    def _bot_moved(self, message: BotMoved) -> None:
        if message.generation != self._generation or self.session.to_move != message.seat:
            return  # chosen before an undo (or for a position that is gone)
        self.thinking = None
        try:
            events = self.session.act(message.action)
        except IllegalAction as err:
            self.message(f"{self.names[message.seat]} tried an illegal move: {err}", "error")
            return
        played = next((e for e in events if e.seat == message.seat and e.data.get("cards")
                       and e.seen_by(self.shown_seat)), None)
        if played is not None:
            self.last_bot_play = (message.seat, [str(c) for c in played.data["cards"]])
        self._log_events(events)
        self._step()

    class LinkChanged(Message):
        """A remote session heard from its table or its connection changed (posted from its thread)."""

    @on(LinkChanged)
    def _link_changed(self, _message: LinkChanged) -> None:
        """Say when a remote table's connection drops, comes back or is lost for good, and when
        another person leaves the table or joins it again (the wait cue then says so too)."""
        away = frozenset(getattr(self.session, "away", frozenset()))
        if away != self._away:
            left, back = sorted(away - self._away), sorted(self._away - away)
            self._away = away
            if left or back:
                said = [f"{self.names[s]} left the table." for s in left]
                said += [f"{self.names[s]} joined the table." for s in back]
                self.message(" ".join(said))
            self.redraw()
        link = (bool(getattr(self.session, "connected", True)), getattr(self.session, "gone", None))
        if link == self._link:
            return
        self._link = link
        up, gone = link
        if gone:  # (kind "info": an "error" would read "Not allowed: ...")
            self.message(f"{gone[:1].upper()}{gone[1:]}.")
        elif not up:
            self.message("The connection to the table is lost: reconnecting...")
        else:
            self.message("Connected to the table again.")

    @on(BotFailed)
    def _bot_failed(self, message: BotFailed) -> None:
        if message.generation != self._generation:
            return
        self.thinking = None
        if isinstance(message.error, ConnectionError):  # a remote table lost (net.client): say that alone
            self.message(f"{str(message.error)[:1].upper()}{str(message.error)[1:]}.")
        else:
            self.message(f"{self.names[message.seat]} could not choose a move: {message.error}", "error")
        self.redraw()

    def show_hand_result(self, data: dict, events: Sequence[Event]) -> None:
        """Show the finished hand's result (:class:`HandResultScreen`) and go on
        with play once the player has pressed a key."""
        title = f"{self.HAND_WORD} {int(data.get('hand', 0)) + 1} over"
        self.app.push_screen(HandResultScreen(title, self.hand_result_lines(data, events)),
                             lambda _result: self._step())

    def make_summary(self) -> Screen:
        """The screen shown at the end of the match (default :class:`SummaryScreen`
        with the finished hands' points and ``session.scores()``)."""
        hands = sorted(self.hand_results)
        lines = [self.hand_breakdown(self.hand_results[h], self.names) for h in hands]
        breakdown = [f"{self.HAND_WORD} {h + 1}: {line}" for h, line in zip(hands, lines) if line]
        groups = [self.round_breakdown(self.hand_results[h]) or [] for h in hands]
        return SummaryScreen(self.session, self.hand_scores, hand_word=self.HAND_WORD, breakdown=breakdown,
                             breakdowns=groups if any(groups) else ())

    def _show_summary(self) -> None:
        if self._summary_shown:
            return
        self._summary_shown = True
        self.app.push_screen(self.make_summary())

    def human_act(self, action: Action) -> bool:
        """Try ``action`` for the shown human through ``session.act``, which
        validates it (the only check). If it is illegal, shows the engine's
        reason (worded by :meth:`illegal_text`) as an error and changes nothing.
        Returns True if it was played (then input is reset and play goes on)."""
        if not self.human_turn():
            return False
        try:
            events = self.session.act(action)
        except IllegalAction as err:
            self.message(self.illegal_text(action, self.lesson_words(str(err))), "error")
            return False
        self.clear_message()
        self.reset_input()
        for panel in self.query("#last-events"):
            panel.set_class(False, "-open")  # your move: what happened before it is in the log
        self.last_bot_play = None  # answered: the mark goes
        self._last_move_line = len(self.query_one(GameLog).lines_text)
        self._log_events(events)
        self._step()
        return True

    def illegal_text(self, action: Action, reason: str) -> str:
        """The error shown when the human's ``action`` is refused with the engine's
        ``reason`` (``why_illegal``'s sentence); games may reword it. Default: the reason."""
        return reason

    # -- bindings ------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "close_overlay":
            return self.overlay_open()
        if action in self._escape_actions() and self.overlay_open():
            return False  # Esc closes the overlay first: one meaning at a time
        if action in ("last_events", "rules"):
            return True
        if action == "summary":
            return self.session.is_over
        if action == "fast_bots":
            return self._has_bots() and not self.session.is_over
        if action == "save_log":  # only offered once a log write failed
            return getattr(self.session, "log_error", None) is not None
        if action == "side_panel":
            return self.has_class("-narrow")
        if not self.is_mounted or self._view is None:
            return False
        if action == "undo":  # shown too when the house option forbids it, so that z says why
            return self.human_turn() and (self.session.can_undo() or self.session.undo_barred_by_house_rule())
        if action == "hint":
            return self.human_turn()
        if action == ENTER_ACTION:
            return self.human_turn() and self.enter_move() is not None
        return self.check_game_action(action, parameters)

    def _escape_actions(self) -> set[str]:
        """The game's actions on the key(s) that close an overlay (Esc unless remapped)."""
        keys = [k for k, bs in self._bindings.key_to_bindings.items() if any(b.id == "table.close" for b in bs)]
        return {parse_action(b.action)[1] for k in keys for b in self._bindings.key_to_bindings.get(k, ())
                if b.id != "table.close"}

    def overlay_open(self) -> bool:
        """True while the scores/log panel (``i``, narrow screens) or the last events (``l``) cover the table."""
        if not self.is_mounted:
            return False
        return self.has_class("-side-open") or any(w.has_class("-open") for w in self.query("#last-events"))

    def action_close_overlay(self) -> None:
        """Esc: close the open overlays (the scores/log panel, the last events)."""
        self.set_class(False, "-side-open")
        for w in self.query("#last-events"):
            w.set_class(False, "-open")
        self.refresh_bindings()

    # -- Enter: the move the table names ------------------------------------------------
    def enter_move(self) -> EnterMove | None:
        """What Enter plays now, or None (see the class docstring). Default: None."""
        return None

    def enter_text(self) -> str:
        """``Enter: add 10♦ to m1`` (the Enter key as remapped), or "" when Enter does nothing now."""
        move = self.enter_move() if self.is_mounted and self.human_turn() else None
        if move is None:
            return ""
        return f"{self.key_label(action=ENTER_ACTION) or 'Enter'}: {move.label}"

    def action_enter_move(self) -> None:
        """Enter: play :meth:`enter_move`'s move (shown in words whenever there is one)."""
        move = self.enter_move() if self.human_turn() else None
        if move is not None:
            move.run()

    def _show_enter_move(self) -> None:
        """The footer's text for Enter is the move it plays ("Add 10♦ to m1")."""
        move = self.enter_move() if self.human_turn() else None
        if move is not None:
            label = move.label[:1].upper() + move.label[1:]
            self.set_binding_text(label, action=ENTER_ACTION)

    def key_label(self, binding_id: str | None = None, *, action: str | None = None) -> str:
        """The key of this screen's binding ``binding_id`` (or the first bound to ``action``, its
        name without parameters) as a player reads it, after the config's ``[keys]`` remapping
        (``Enter``, ``x``, ``F1``); "" when there is none. The keymap is Textual's, applied to the
        binding chain only, so the screen's own bindings still hold the default keys: the config's
        ``[keys]`` (:func:`tui.keynames.remapped`, as the how-to reads it) is looked up here."""
        from tui.keynames import key_text, remapped
        keymap = dict(getattr(getattr(self.app, "table", None), "keys", None) or {})
        for key, bindings in self._bindings.key_to_bindings.items():
            for b in bindings:
                if (binding_id is not None and b.id == binding_id) or (
                        action is not None and parse_action(b.action)[1] == action):
                    return key_text((remapped(keymap, b.id) or key).split(",")[0])
        return ""

    def set_binding_text(self, description: str, binding_id: str | None = None, *, action: str | None = None) -> None:
        """Show ``description`` in the footer for this screen's binding ``binding_id`` (or those bound
        to ``action``), instead of its class-level description; the key itself is unchanged."""
        self._replace_bindings(lambda b: (binding_id is not None and b.id == binding_id) or (
            action is not None and parse_action(b.action)[1] == action), description=description)

    # -- a guided first game (engine.lesson) ------------------------------------------------
    @property
    def lesson(self) -> LessonSession | None:
        """The session as a lesson (:class:`engine.lesson.LessonSession`), or None for a real match."""
        return self.session if isinstance(self.session, LessonSession) else None

    def lesson_words(self, text: str) -> str:
        """``text`` of a lesson with its ``{key:BINDING_ID}`` written as this table's key (after the
        player's ``[keys]``, :meth:`key_label`) and, on an ASCII table, its suit symbols as letters."""
        out = re.sub(r"\{key:([\w.-]+)\}", lambda m: self.key_label(m.group(1)) or m.group(1), text)
        return asciify(out) if self.ascii else out

    def lesson_text(self) -> str:
        """The lesson line: the step's text on the player's turn (the intro before the first move),
        "watch" while another seat moves, what was learned at the end; "" for a real match."""
        lesson = self.lesson
        if lesson is None:
            return ""
        steps = lesson.lesson.steps
        step = lesson.step
        if step is None:
            return self.lesson_words(f"Lesson done: {lesson.lesson.learned}")
        head = f"Lesson {lesson.step_index + 1}/{len(steps)}: "
        if not self.human_turn():
            who = self.names[lesson.to_move] if 0 <= lesson.to_move < len(self.names) else "the dealer"
            return head + f"watch {who} play."
        intro = f"{lesson.lesson.intro} " if lesson.step_index == 0 else ""
        return head + self.lesson_words(intro + step.text)

    def _select_lesson_cards(self) -> None:
        """With a hint in a lesson: the step's cards (``select``) are selected in the hand, all of
        them (a step's key may play several moves, the hint names only the next)."""
        lesson = self.lesson
        step = lesson.step if lesson is not None else None
        if step is None or not step.select:
            return
        from tui.widgets.hand import HandView
        for hand in self.query(HandView).results(HandView):
            wanted = list(step.select)
            picked = []
            for c in hand.cards:
                if str(c) in wanted:
                    wanted.remove(str(c))
                    picked.append(c)
            hand.select_cards(picked)
        self.refresh_input()

    def _show_lesson(self) -> None:
        """The lesson's line over the status line; on a short screen (80x24) the status line shows
        it in place of the prompt, which the step says again (issue 24: the lesson's own 3-5 rows
        squeezed the table)."""
        if self.lesson is not None:
            text = self.lesson_text()
            self.query_one("#lesson", Static).update(Text(text))
            self._status().show_instead(text if self.has_class("-short") else "")

    def show_lesson_done(self) -> None:
        """The lesson's end: what was learned, and a real game offered (:class:`tui.screens.lesson.LessonDone`)."""
        from tui.screens.lesson import LessonDone
        lesson = self.lesson
        if lesson is None:
            return
        def answered(play: bool | None) -> None:
            if play is None:  # play this game on against the bots, without the lesson's line
                self.set_class(False, "-lesson")
                self._step()
            elif play:
                self.app.play_after_lesson(self.session)  # type: ignore[attr-defined]
            else:
                self.app.show_setup()  # type: ignore[attr-defined]

        self.app.push_screen(LessonDone(lesson.lesson.title, self.lesson_words(lesson.lesson.learned),
                                        self.game_title), answered)

    # -- no silent key --------------------------------------------------------------------
    def on_key(self, event: events.Key) -> None:
        """A key that has bindings here but none enabled says why (:meth:`why_not`), so that no
        key in the footer (or bound at all) does nothing silently. The bindings run when the key
        reaches the app, after this handler, and keys typed fast are all here before the first
        one's binding has run ("1" then Enter: Enter needs the card "1" picks): so the check runs
        from the app's queue, behind the keys before it, not now."""
        if self.is_mounted and self._bindings.key_to_bindings.get(event.key):
            self.app.call_later(self._why_key_does_nothing, event.key)

    def _why_key_does_nothing(self, key: str) -> None:
        """Say why ``key`` does nothing now, if none of its bindings will take it."""
        if not self.is_mounted or self.app.screen is not self:
            return
        reason = self._why_key(key)
        if reason:
            self.message(reason, "info")
            self._why_note = (reason, key)

    def _why_key(self, key: str) -> str | None:
        """Why ``key`` does nothing now (:meth:`why_not` of its shown binding), or None when one of
        its bindings takes it (or it has none here)."""
        bound = self._bindings.key_to_bindings.get(key)
        if not bound:
            return None
        app = self.app
        for namespace, bindings in self._modal_binding_chain:
            for b in bindings.key_to_bindings.get(key, ()):
                if app._check_action_state(b.action, namespace):
                    return None  # a binding will take it
        shown = [b for b in bound if b.show] or list(bound)
        _ns, name, params = parse_action(shown[0].action)
        return self.why_not(name, params, shown[0].description) or None

    def _clear_stale_why(self) -> None:
        """A "why not" that no longer holds goes: asked again now, the key would do something or
        give another reason (a move was made, a bot stopped thinking, a card was selected and Esc
        now has something to cancel)."""
        note = self._why_note
        if note is None or not self.is_mounted:
            return
        reason, key = note
        if self._status().message_text != reason:
            self._why_note = None  # another message replaced it
            return
        if self._why_key(key) != reason:
            self._why_note = None
            self.clear_message()

    def why_not(self, action: str, parameters: tuple[object, ...] = (), description: str = "") -> str:
        """Why the key bound to ``action`` does nothing now, as one sentence: the match is over,
        a hand-off waits, a bot is moving, the house rule, or the game's reason
        (:meth:`why_not_game`); ``description`` is the binding's footer text."""
        s = self.session
        what = description or action.replace("_", " ")
        if action == "summary":
            where = "i shows the scores now" if self.has_class("-narrow") else "the scores are on the right"
            return f"The match summary comes when the match is over; {where}."
        if action == "fast_bots":
            if not self._has_bots():
                return "There are no bots at this table."
            return "The match is over: no bot moves any more."
        if action == "side_panel":
            return "The scores and the game log are on the right already."
        if action == "save_log":
            return "The log is written as you play; ctrl+s is for when writing it fails."
        if action == "close_overlay" or action in self._escape_actions():
            return "Nothing to close or cancel."
        if s.is_over:
            return "The match is over: s shows the summary."
        if self.covered:
            return f"Pass the keyboard to {self.names[s.to_move]} first."
        if self.thinking is not None or not self.human_turn():
            who = self.names[s.to_move] if 0 <= s.to_move < len(self.names) else "the dealer"
            doing = "thinking" if self.thinking is not None else "to move"
            if action == "undo":
                return f"Undo is for your turn: {who} is {doing}."
            return f"Wait: {who} is {doing}."
        if action == "undo":
            return s.why_no_undo() or "Nothing to take back yet."
        lesson = self.lesson
        if lesson is not None and lesson.step is not None:
            why = self.lesson_words(lesson.step.why)  # the lesson's step says what to do instead
            return why[:1].upper() + why[1:]
        if action == ENTER_ACTION:
            reason = self.why_not_game(action, parameters)
            return reason or "Enter plays the move the table names; there is none now."
        return self.why_not_game(action, parameters) or f"{what}: not at this step."

    def why_not_game(self, action: str, parameters: tuple[object, ...]) -> str | None:
        """Why the game's key ``action`` does nothing at this step (the shown human's turn),
        or None for the base's general sentence. Default: None."""
        return None

    def action_undo(self) -> None:
        """z: take back your last turn (against bots only; how far is the house
        option ``undo``: off, own_turn, free). When undo is not allowed, says why."""
        reason = self.session.why_no_undo()
        if reason is not None:
            self.message(reason, "error")
            return
        self._generation += 1
        self.workers.cancel_group(self, "table-bots")
        try:
            events = self.session.undo()
        except IllegalAction as err:
            self.message(str(err), "error")
            return
        current = self.session.hand_number
        self.hand_results = {h: d for h, d in self.hand_results.items() if h < current}
        self.thinking = None
        self._log_events(events)
        self.message("Move taken back: decide again.", "info")
        self.reset_input()
        self._step()

    def action_hint(self) -> None:
        """h: ask the engine's hint (``session.hint_with_reason``: the game's ``medium``
        search where it has one) in a worker thread; :meth:`show_hint` shows the move
        and the status line adds why in words (the whole line also goes to the game log,
        for the hinted seat only). A hint that arrives after the position changed is
        dropped. h again on the same position shows the figures behind it (the trial
        games and their points, ``Hint.details``) instead of searching again, and a third
        time the hint again (its move selected anew, e.g. after Esc cleared it): h
        alternates between the two."""
        if not self.human_turn():
            return
        if self._hint_at == (self._generation, len(self.session.history), self.shown_seat):
            if self._hint_figures_shown and self._hint_move is not None:
                self._present_hint(*self._hint_move)  # h a third time: the hint again (its move too)
                return
            details = self._hint_details or "no trial games behind this hint: a rule of thumb, or the only move"
            self.message(asciify(details) if self.ascii else details, "hint")
            self._hint_figures_shown = True
            return  # h again on the same position: the figures behind the hint
        self.message("Looking for a hint…" if not self.ascii else "Looking for a hint...", "info")
        self._find_hint(self.shown_seat, self._generation, len(self.session.history))

    class HintFound(Message):
        """The hint worker found ``hint`` (an ``engine.session.Hint``) for ``seat`` at the
        position after ``moves`` actions (``generation`` guards against an undo)."""

        def __init__(self, seat: int, hint: Hint | Exception, generation: int, moves: int) -> None:
            super().__init__()
            self.seat = seat
            self.hint = hint
            self.generation = generation
            self.moves = moves

    @work(thread=True, exclusive=True, group="table-hint", exit_on_error=False)
    def _find_hint(self, seat: int, generation: int, moves: int) -> None:
        """Worker thread: the session's hint (the seat's view only; its own generator)."""
        worker = get_current_worker()
        hint: Hint | Exception
        try:
            hint = self.session.hint_with_reason(seat)
        except Exception as err:  # noqa: BLE001 - shown to the player, never a traceback
            hint = err
        if not worker.is_cancelled:  # h pressed again: only the newest search reports
            self.post_message(self.HintFound(seat, hint, generation, moves))

    @on(HintFound)
    def _hint_found(self, message: HintFound) -> None:
        if (message.generation != self._generation or message.moves != len(self.session.history)
                or message.seat != self.shown_seat or not self.human_turn()):
            return  # the position changed while the hint was sought
        hint = message.hint
        if isinstance(hint, Exception):
            self.message(f"No hint: {hint}", "error")
            return
        self._hint_at = (message.generation, message.moves, message.seat)
        self._hint_details = getattr(hint, "details", "")
        reason = self.lesson_words(hint.reason)
        plan = getattr(hint, "plan", "")
        if "," in plan:  # a whole-turn plan of several moves (issue 25): shown instead of the why (h: figures)
            reason = f"this turn's plan: {plan} (Enter plays its next step)"
        if self.ascii:
            reason = asciify(reason)
        self._hint_move = (hint.action, reason)
        self._present_hint(hint.action, reason)
        self._select_lesson_cards()
        dash = "-" if self.ascii else "—"
        self.hint_text = f"Hint: {self.describe_action(hint.action)} {dash} {reason}" if reason else ""
        if self.hint_text:
            self.query_one(GameLog).add_line(self.hint_text, style="italic", visible_to=frozenset({message.seat}))

    def _present_hint(self, action: Action, reason: str) -> None:
        """Show a found hint: the game's :meth:`show_hint` (the move, its cards selected) and the
        reason in words after it, with "(h: figures)" when there are figures behind it."""
        self.show_hint(action)
        self._hint_figures_shown = False
        status = self._status()
        if status.message_kind == "hint" and reason:
            dash = "-" if self.ascii else "—"
            more = " (h: figures)" if self._hint_details else ""
            status.set_message(f"{status.message_text} {dash} {reason}{more}", "hint")

    def current_pace(self) -> float:
        """The bots' delay now (seconds): :attr:`pace`, or 0 for the rest of the hand after ``.``."""
        if self.fast_hand is not None and self.fast_hand == self.session.hand_number:
            return 0.0
        return self.pace

    def _has_bots(self) -> bool:
        """Whether a bot plays at this table (people at other terminals are not hurried by ".")."""
        return any(self.session.seat_kind(s) == "bot" for s in self.bots)

    def action_fast_bots(self) -> None:
        """.: the bots play without pause for the rest of this hand (pace x0)."""
        self.fast_hand = self.session.hand_number
        self.message(f"The bots play at once for the rest of this {self.HAND_WORD.lower()}.", "info")

    def last_events_text(self) -> str:
        """What happened since your last move (at most 12 lines of the game log)."""
        lines = self.query_one(GameLog).lines_text
        recent = lines[self._last_move_line:] or lines[-6:]
        return "\n".join(recent[-12:]) or "Nothing has happened yet."

    def action_last_events(self) -> None:
        """l: show (or hide) what happened since your last move, over the top of the table
        (never over the prompt); Esc or your next move closes it."""
        panel = self.query_one("#last-events", Static)
        if panel.has_class("-open"):
            panel.set_class(False, "-open")
        else:
            text = self.last_events_text()
            panel.update(Text(text))
            close = self.key_label("table.close") or "Esc"
            panel.border_title = "Last events"
            panel.border_subtitle = f"{close} or {self.key_label('table.last') or 'l'} closes"
            panel.set_class(True, "-open")
        self.refresh_bindings()

    def action_summary(self) -> None:
        """s after the end: the match summary again."""
        if self.session.is_over:
            self._summary_shown = False
            self._show_summary()

    def action_side_panel(self) -> None:
        """i (narrow terminals): show or hide the scores and the game log over the table."""
        self.toggle_class("-side-open")
        self.refresh_bindings()
        if self.has_class("-side-open"):  # the log kept no scroll position while hidden: show its end
            log = self.query_one(GameLog)
            self.call_after_refresh(lambda: log.scroll_end(animate=False))

    def action_rules(self) -> None:
        """?: how to play this game (the app's how-to screen, whose ``r`` opens the full
        rules); the rules screen, or the key list, if the app has no how-to screen."""
        for name in ("show_howto", "show_rules"):
            show = getattr(self.app, name, None)
            if callable(show):
                show(self.session.game.id)
                return
        self.notify(self.KEY_HELP, title="Keys", timeout=12)


__all__ = ["BaseTableScreen", "COMMON_BINDINGS", "COMMON_ACTIONS", "hand_results_from_history"]
