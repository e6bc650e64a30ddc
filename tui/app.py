"""The cardtable Textual application: screens, themes, global keys.

:func:`run_app` is what the CLI calls. The app owns the table configuration
(``app.table``), the ASCII-card flag the widgets read (``app.ascii_cards``),
the themes from :mod:`themes`, and three global keys: ``?``/``f1`` shows how to
play the current game (and its full rules one key further), ``ctrl+t`` cycles the
themes, ``ctrl+q`` quits
(asking first while a match is running; the log is written as play goes, so
nothing is lost either way).

Screens call back into the app for navigation: :meth:`CardtableApp.start_table`
(a new match from a table config), :meth:`CardtableApp.new_match_like` ("play
again"), :meth:`CardtableApp.show_setup` (back to the setup screen) and
:meth:`CardtableApp.show_howto` and :meth:`CardtableApp.show_rules`.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any, Iterable

from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Label

from engine import config
from engine.config import TableConfig, variant_for
from engine.gamelog import Replay
from engine.seats import SeatSpec
from engine.session import ReplaySession, Session, TableSession
from themes import APP_CSS_PATH, DEFAULT_THEME, THEMES, THEME_LABELS, theme_variable_defaults
from tui.games.spec import load
from tui.screens import TABLE_SCREENS, TableScreenError, has_table_screen, table_screen_class, table_screen_for
from tui.screens.navigate import GoBack, OpenLog, RequestQuit, ShowHowto, ShowRecent, ShowStats, StartTable, go_back
from tui.screens.too_small import TooSmallScreen, too_small

# The other screens (setup, how to play, rules, replay, statistics, recent games) are imported
# when first shown: `cardtable play` draws its table without them (issue 22: start-up), and
# the how-to's Markdown alone costs about 0.1 s.
SETUP = "tui.screens.setup:SetupScreen"
HOWTO = "tui.screens.howto:HowToScreen"
RULES = "tui.screens.rules:RulesScreen"
REPLAY = "tui.screens.replay:ReplayScreen"
STATS = "tui.screens.history:StatsScreen"
RECENT = "tui.screens.history:RecentGamesScreen"
CONFIRM_RESUME = "tui.screens.history:ConfirmResume"

#: Values of ``CARDTABLE_ASCII`` that switch ASCII cards on.
_TRUE_WORDS = {"1", "true", "yes", "on"}


def ascii_wanted(table: object | None = None, environ: dict[str, str] | None = None) -> bool:
    """True when cards should be drawn with ASCII letters (``7H``) instead of
    suit symbols (``7♥``): ``CARDTABLE_ASCII=1`` in the environment, or an
    ``ascii``/``ascii_cards`` flag set in the table config."""
    env = os.environ if environ is None else environ
    if env.get("CARDTABLE_ASCII", "").strip().lower() in _TRUE_WORDS:
        return True
    return bool(getattr(table, "ascii_cards", False) or getattr(table, "ascii", False))


def session_running(session: TableSession | None) -> bool:
    """True if ``session`` has a match that is not over."""
    return session is not None and not session.is_over


def session_game_id(session: Session | None) -> str | None:
    """The game id of ``session`` (``session.game.id``), or None without a session."""
    return None if session is None else session.game.id


def _is_screen(screen: object, *targets: str) -> bool:
    """``isinstance(screen, C)`` for the classes ``C`` named ``"module:Class"`` in ``targets``, without
    importing them: a class whose module was never imported has no instances."""
    for target in targets:
        module, _, name = target.partition(":")
        loaded = sys.modules.get(module)
        if loaded is not None and isinstance(screen, getattr(loaded, name)):
            return True
    return False


def _session_of(screen: Screen) -> TableSession | None:
    """The session a table screen plays (a local one or a seat at a table server), or None (a
    replay's, or a screen without a session)."""
    session = getattr(screen, "session", None)
    if isinstance(session, ReplaySession):
        return None
    if isinstance(session, Session) or hasattr(session, "url"):  # net.client.RemoteSession: no import of net here
        return session
    return None


class ConfirmQuit(ModalScreen[bool]):
    """Asks "Leave the running match?"; dismisses with True to quit."""

    BINDINGS = [
        Binding("y", "answer(True)", "Quit", id="confirm.yes"),
        Binding("n,escape", "answer(False)", "Stay", id="confirm.no"),
    ]

    def __init__(self, log_path: str | None = None, log_error: str | None = None, *,
                 remote: str | None = None) -> None:
        """``remote``: for a seat at a table server (``net.client.RemoteSession``), ``"host"`` when
        this terminal hosts the table (quitting closes it for everyone) or ``"joined"``."""
        super().__init__()
        self.log_path = log_path
        self.log_error = log_error
        self.remote = remote

    def compose(self) -> ComposeResult:
        where = f" to {self.log_path}" if self.log_path else ""
        question = (f"A match is running. Quit now? Every move so far is saved{where}; "
                    "`cardtable resume` continues it.")
        if self.remote == "host":
            question = ("You host this table: quitting closes it for everyone. Quit now? Every move so far is "
                        f"saved{where}; `cardtable host --resume` serves it again with the same join lines.")
        elif self.remote == "joined":
            question = ("Leave the table? The others wait for your seat; `cardtable join` with the same line "
                        "takes you back to it.")
        if self.log_error:  # a failed write: quitting loses what the log lacks
            question = (f"A match is running and {self.log_error}. Quit now and lose it? "
                        "Press n, then ctrl+s at the table to save it first.")
        with Vertical(id="confirm-dialog"):
            yield Label(question, id="confirm-question", markup=False)
            with Horizontal(id="confirm-buttons"):
                yield Button("Quit (y)", variant="error", id="confirm-quit")
                yield Button("Stay (n)", variant="primary", id="confirm-stay")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "confirm-quit")

    def action_answer(self, quit_: bool) -> None:
        self.dismiss(quit_)


class CardtableApp(App[None]):
    """The terminal card room.

    Args:
        table: the table configuration (``engine.config.TableConfig``); the
            default config file (or the built-in default table) if ``None``.
        start: ``"setup"`` (the setup screen), ``"table"`` (start a match from
            ``table`` at once, or show ``session`` if given) or ``"replay"``
            (open ``replay_path`` in the replay screen).
        session: an ``engine.session.Session`` to show (a resumed match).
        replay_path: the log file for ``start="replay"``.

    Attributes:
        table: the current table config.
        ascii_cards: draw cards with letters (``7H``) instead of suit symbols.
        startup_error: a sentence shown at start if the config could not be read.
    """

    CSS_PATH = str(APP_CSS_PATH)
    TITLE = "cardtable"
    SUB_TITLE = "a terminal card room"

    BINDINGS = [
        Binding("question_mark,f1", "rules", "Help", id="app.rules", key_display="?"),
        Binding("ctrl+t", "toggle_theme", "Theme", id="app.theme"),
        Binding("ctrl+q", "request_quit", "Quit", id="app.quit", priority=True),
        # Esc closes the Keys panel (ctrl+p -> Keys); with no panel open the key goes on to the screen.
        Binding("escape", "hide_keys_panel", "Close the Keys panel", show=False, priority=True,
                id="app.hide-keys"),
    ]

    def __init__(self, table: TableConfig | None = None, *, start: str = "setup",
                 session: TableSession | None = None,
                 replay_path: str | os.PathLike[str] | None = None) -> None:
        if start not in ("setup", "table", "replay"):
            raise ValueError(f"start must be setup, table or replay, not {start!r}")
        self.startup_error: str | None = None
        if table is None:
            table = self._load_table()
        self.table = table
        self.ascii_cards = ascii_wanted(table)
        self._start = start
        self._start_session = session
        self._replay_path = replay_path
        super().__init__()
        for theme in THEMES.values():
            self.register_theme(theme)
        wanted = table.theme or DEFAULT_THEME
        if wanted not in self.available_themes:
            self.startup_error = self.startup_error or f"Unknown theme {wanted!r}; using {DEFAULT_THEME}."
            wanted = DEFAULT_THEME
        self.theme = wanted
        if table.log_dir is not None and start != "replay":  # a bad log folder is said at once, not mid-match
            from engine.gamelog import LogDirError, check_log_dir
            try:
                check_log_dir(table.log_dir)
            except LogDirError as err:
                self.startup_error = self.startup_error or f"{str(err)[:1].upper()}{str(err)[1:]}."
        if table.keys:  # short names (rules) expand to ids; an unknown one is a ConfigError, like any config mistake
            self.set_keymap(config.resolve_keys(dict(table.keys), binding_ids(), table.source))

    # -- start-up -------------------------------------------------------------
    def _load_table(self) -> TableConfig:
        """The default config file's table, or the built-in table if the file is bad."""
        try:
            return config.load_default_config()
        except (ValueError, OSError) as err:  # ConfigError is a ValueError
            self.startup_error = f"Could not read the config ({err}); using the default table."
            return config.default_table()

    def get_theme_variable_defaults(self) -> dict[str, str]:
        """Card variables for built-in Textual themes (which lack ``$suit-hearts`` etc.)."""
        return theme_variable_defaults()

    def on_mount(self) -> None:
        if self.startup_error:
            self.notify(self.startup_error, severity="warning", timeout=8, markup=False)
        if self._start == "replay":
            self.push_screen(self._make_replay_screen())
            return
        if self._start == "table":  # the setup screen is made when the player goes back to it
            if self._start_session is not None and self._push_table(self._start_session):
                return
            if self._start_session is None and self.start_table(self.table):
                return
        self.push_screen(self._make_setup_screen())

    # -- the terminal's size -----------------------------------------------------
    def on_resize(self, event: Any) -> None:
        self.call_after_refresh(self.check_size)

    def check_size(self) -> None:
        """Cover every screen with :class:`TooSmallScreen` while the terminal is
        below 80x24 (it removes itself when the terminal grows)."""
        if not self.is_running or not self.screen_stack:
            return
        w, h = self.size
        if too_small(w, h) and not isinstance(self.screen, TooSmallScreen):
            self.push_screen(TooSmallScreen())

    def push_screen(self, *args: Any, **kwargs: Any) -> Any:
        """Textual's ``push_screen``; then the size check (a screen pushed on a too small
        terminal, e.g. the end-of-match summary, is covered again)."""
        result = super().push_screen(*args, **kwargs)
        if not (args and isinstance(args[0], TooSmallScreen)):
            self.call_after_refresh(self.check_size)
        return result

    def pop_screen(self) -> Any:
        """Textual's ``pop_screen``; then the size check."""
        result = super().pop_screen()
        self.call_after_refresh(self.check_size)
        return result

    def _make_setup_screen(self) -> Screen:
        return load(SETUP)(self.table)

    def _make_replay_screen(self) -> Screen:
        return load(REPLAY)(self._replay_path)

    # -- navigation used by the screens ----------------------------------------
    def make_session(self, game_id: str, variant: Any, seats: list, seed: int | str | None = None,
                     undo: str | None = None) -> Session:
        """A new ``engine.session.Session`` logging into the table's ``log_dir``, with the
        house option ``undo`` (default: the table's).

        Raises:
            ValueError: for bad seats or levels; OSError if the log cannot be created.
        """
        return Session(game_id, variant, list(seats), seed=seed, log_dir=self.table.log_dir,
                       undo=self.table.undo if undo is None else undo)

    def start_table(self, table: TableConfig) -> bool:
        """Start a match from a table config and show it (the setup screen stays below).

        Returns:
            True if the match started; on a config problem the error is shown
            as a notification and False is returned.
        """
        if not has_table_screen(table.game):  # checked first, so no log is created for nothing
            self.notify(f"Cannot start the match: {table.game} has no table screen yet "
                        f"(playable at the table: {', '.join(sorted(TABLE_SCREENS))}).", severity="error", timeout=8)
            return False
        try:
            variant = variant_for(table, table.game)
            session = self.make_session(table.game, variant, list(table.seats), table.seed, undo=table.undo)
        except (ValueError, OSError) as err:
            self.notify(f"Cannot start the match: {err}", severity="error", timeout=8)
            return False
        self.table = table
        return self._push_table(session)

    def _push_table(self, session: TableSession) -> bool:
        """Show ``session`` in its game's table screen (from :mod:`tui.screens`' registry).
        Returns False (the reason shown as a notification) when the game has none."""
        try:
            screen = table_screen_for(session, pace=float(self.table.pace))
        except TableScreenError as err:
            self.notify(str(err), severity="error", timeout=8)
            return False
        self.push_screen(screen)
        return True

    def show_table(self, session: TableSession) -> bool:
        """Show a session made elsewhere (a remote seat joined from the setup screen, issue 27) at its
        game's table. Returns False (the reason notified) when the game has no table screen."""
        return self._push_table(session)

    def start_lesson(self, game_id: str) -> bool:
        """Start the guided first game of ``game_id`` (``engine.lesson.LessonSession``) at its table.

        Returns:
            True if it started; False with a one-line notification when the game has no lesson
            (naming the games that have one) or its script is bad (file and step named).
        """
        from engine.lesson import LessonError, LessonSession, load_lesson
        try:
            session = LessonSession(load_lesson(game_id))
        except LessonError as err:
            self.notify(str(err), severity="error", timeout=8, markup=False)
            return False
        return self._push_table(session)

    def play_after_lesson(self, session: Session) -> bool:
        """After a lesson: a real match of its game with its seats (the same names and bot levels),
        the default house rules and a random deal, in place of the lesson's table. Returns True if
        it started (else the reason is notified)."""
        try:
            new = self.make_session(session.game.id, None, list(session.seats))
        except (ValueError, OSError) as err:
            self.notify(f"Cannot start a match: {err}", severity="error", timeout=8)
            return False
        self._pop_tables()
        return self._push_table(new)

    def new_match_like(self, session: Session) -> Session | None:
        """"Play again": a fresh match with the same game, house rules and seats
        as ``session`` and a new random seed, replacing the table screen (and
        anything above it, such as a summary).

        Returns:
            The new session, or None if it could not be created (error shown).
        """
        try:
            new = self.make_session(session.game.id, session.variant, list(session.seats), None,
                                    undo=getattr(session, "undo_mode", None))
        except (ValueError, OSError) as err:
            self.notify(f"Cannot start a new match: {err}", severity="error", timeout=8)
            return None
        self._pop_tables()
        self._push_table(new)
        return new

    def play_on(self, replay: Replay, index: int, seats: list[SeatSpec], source: Path) -> Session | None:
        """"Play on from here" (issue 24): a new match from position ``index`` of ``replay`` (the log
        ``source``) with ``seats`` (``engine.session.Session.branch``), logging into the table's
        ``log_dir``, shown over the replay. Returns the session, or None (the error is shown)."""
        try:
            session = Session.branch(replay, index, seats, source=Path(source), log_dir=self.table.log_dir,
                                     undo=self.table.undo)
        except (ValueError, OSError) as err:
            self.notify(f"Cannot play on from here: {err}", severity="error", timeout=8, markup=False)
            return None
        return session if self._push_table(session) else None

    def _pop_tables(self) -> None:
        """Pop every screen from the topmost table screen upwards."""
        stack = self.screen_stack
        idx = max((i for i, s in enumerate(stack) if _session_of(s) is not None), default=None)
        if idx is None:
            return
        for _ in range(len(stack) - idx):
            if len(self.screen_stack) > 1:
                self.pop_screen()

    def show_setup(self) -> None:
        """Go back to the setup screen (closing the table, replay or rules screens); one is
        made in place of them all when there is none (``cardtable play`` starts without it)."""
        for screen in reversed(self.screen_stack):
            if _is_screen(screen, SETUP):
                while self.screen is not screen:
                    self.pop_screen()
                return
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(self._make_setup_screen())

    def current_game_id(self) -> str:
        """The game the user is looking at: the running match's, the replayed
        log's, the one chosen on the setup screen, else the config's."""
        for screen in reversed(self.screen_stack):
            session = _session_of(screen)
            if session is not None:
                return session.game.id
            gid = getattr(screen, "game_id", None)  # the setup, replay and rules screens
            if isinstance(gid, str) and gid:
                return gid
        return self.table.game

    def show_howto(self, game_id: str | None = None) -> None:
        """Open the "How to play" screen for ``game_id`` (default: :meth:`current_game_id`):
        the aim, a turn and the keys at the table; ``r`` there opens the full rules."""
        if _is_screen(self.screen, HOWTO, RULES):
            return
        game_id = game_id or self.current_game_id()
        name = f"howto-{game_id}"
        if not self.is_screen_installed(name):  # kept after closing, like the rules screen
            self.install_screen(load(HOWTO)(game_id), name)
        self.push_screen(name)

    def show_rules(self, game_id: str | None = None) -> None:
        """Open the full numbered rules screen for ``game_id`` (default: :meth:`current_game_id`)."""
        if _is_screen(self.screen, RULES):
            return
        game_id = game_id or self.current_game_id()
        name = f"rules-{game_id}"
        if not self.is_screen_installed(name):  # kept after closing: the Markdown renders once
            self.install_screen(load(RULES)(game_id), name)
        self.push_screen(name)

    # -- the player's history (logs folder) ---------------------------------------
    def log_folder(self) -> Path:
        """The logs folder: the table's ``log_dir``, else ``engine.gamelog.default_log_dir()``."""
        from engine.gamelog import default_log_dir
        return Path(self.table.log_dir) if self.table.log_dir is not None else Path(default_log_dir())

    def show_stats(self, game_id: str | None = None) -> None:
        """Open the statistics screen (every game, or ``game_id``'s) for :meth:`log_folder`."""
        if not _is_screen(self.screen, STATS):
            self.push_screen(load(STATS)(self.log_folder(), game_id))

    def show_recent(self) -> None:
        """Open the recent-games list for :meth:`log_folder`."""
        if not _is_screen(self.screen, RECENT):
            self.push_screen(load(RECENT)(self.log_folder()))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """The command palette (``ctrl+p``): Textual's commands plus Statistics and Recent games."""
        yield from super().get_system_commands(screen)
        yield SystemCommand("Statistics", "Your games from the log folder: win rate, streaks, results over time",
                            self.show_stats)
        yield SystemCommand("Recent games", "Resume an unfinished game or replay a finished one",
                            self.show_recent)

    def open_log(self, path: str | os.PathLike[str], *, resume: bool) -> bool:
        """Replay the log at ``path``, or (``resume=True``) continue its unfinished match at the table.

        A finished log is replayed even when ``resume`` is asked, and so is a log another
        table writes (one writer per log: the notification names the process). A log with
        a bad line is resumed only up to the line before it, after asking, and only when it
        can be resumed from there (``engine.session.plan_resume``, as ``cardtable resume``;
        the original is kept as ``.bak``). While another match is running, resuming is
        refused (one match at a time).

        Returns:
            True if a screen was opened (or the question asked); problems are shown as notifications.
        """
        from engine.session import plan_resume
        path = Path(path)
        if not resume:
            self.push_screen(load(REPLAY)(path))
            return True
        if self.running_session() is not None:
            self.notify("A match is running: finish it or go back to the setup screen first.",
                        severity="warning", timeout=6)
            return False
        plan = plan_resume(path)  # reads and replays every line: finds the first bad one
        if plan.in_use:
            self.notify(f"Cannot resume {path.name}: {plan.refusal}. Showing its replay.", severity="warning",
                        timeout=8, markup=False)
        if plan.finished or plan.in_use:
            self.push_screen(load(REPLAY)(path))
            return True
        if plan.refusal:
            self.notify(f"Cannot resume {path.name}: {plan.refusal}.", severity="error", timeout=8, markup=False)
            return False
        if plan.bad is None:
            return self._resume(path, None)
        cut = plan.up_to_line

        def answered(yes: bool | None) -> None:
            if yes:
                self._resume(path, cut)

        self.push_screen(load(CONFIRM_RESUME)(f"{path.name}: {plan.bad}. Resume the game as it stood "
                                       f"before that line? The original log is kept as {path.name}.bak."),
                         answered)
        return True

    def _resume(self, path: Path, up_to_line: int | None) -> bool:
        from engine.gamelog import LogReplayError
        try:
            session = Session.resume(path, up_to_line=up_to_line)
        except LogReplayError as err:
            self.notify(f"Cannot resume {path.name}: line {err.line}: {err.reason}.", severity="error", timeout=8,
                        markup=False)
            return False
        except (ValueError, OSError) as err:
            self.notify(f"Cannot resume {path.name}: {err}.", severity="error", timeout=8, markup=False)
            return False
        if not has_table_screen(session.game.id):
            session.close()
            self.notify(f"{session.game.title} cannot be played at the table yet.", severity="error", timeout=8)
            return False
        return self._push_table(session)

    # -- where the screens ask to go (tui.screens.navigate) ----------------------
    def on_open_log(self, message: OpenLog) -> None:
        message.stop()
        self.open_log(message.path, resume=message.resume)

    def on_show_recent(self, message: ShowRecent) -> None:
        message.stop()
        self.show_recent()

    def on_show_stats(self, message: ShowStats) -> None:
        message.stop()
        self.show_stats(message.game_id)

    def on_show_howto(self, message: ShowHowto) -> None:
        message.stop()
        self.show_howto(message.game_id)

    def on_request_quit(self, message: RequestQuit) -> None:
        message.stop()
        self.action_request_quit()

    def on_start_table(self, message: StartTable) -> None:
        message.stop()
        self.start_table(message.table)

    def on_go_back(self, message: GoBack) -> None:
        message.stop()
        go_back(self)

    # -- actions ---------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "hide_keys_panel":  # only while the panel is open, else Esc is the screen's
            return self.keys_panel_open()
        return True

    def keys_panel_open(self) -> bool:
        """True when Textual's Keys panel (``HelpPanel``, from ctrl+p -> Keys) is on the screen."""
        panel = sys.modules.get("textual.widgets._help_panel")  # never imported: never opened (and it costs
        return panel is not None and bool(self.screen.query(panel.HelpPanel))  # Markdown's import, 0.05 s)

    def action_hide_keys_panel(self) -> None:
        """Esc while the Keys panel is open: close it."""
        self.action_hide_help_panel()

    def action_rules(self) -> None:
        """Key ``?``/``F1``: how to play the current game (its full rules one key further)."""
        self.show_howto()

    def action_toggle_theme(self) -> None:
        """Key ``ctrl+t``: the next cardtable theme (felt, high contrast, four colours...)."""
        names = list(THEMES)
        i = names.index(self.theme) if self.theme in names else -1
        self.theme = names[(i + 1) % len(names)]
        self.notify(f"Theme: {THEME_LABELS.get(self.theme, self.theme)}", timeout=2)

    def running_session(self) -> TableSession | None:
        """The session of a running (unfinished) match on the screen stack, or None."""
        for screen in reversed(self.screen_stack):
            session = _session_of(screen)
            if session_running(session):
                return session
        return None

    def action_request_quit(self) -> None:
        """Key ``ctrl+q``: quit, asking first while a match is running."""
        if isinstance(self.screen, (ConfirmQuit, TooSmallScreen)):  # the log is saved: no question
            self._quit_now()
            return
        session = self.running_session()
        if session is None:
            self._quit_now()
            return
        log_path = session.log_path

        def answered(quit_: bool | None) -> None:
            if quit_:
                self._quit_now()

        remote = None
        if hasattr(session, "url"):  # a seat at a table server (net.client.RemoteSession)
            hosted = getattr(session, "hosted_log", None)
            remote, log_path = ("host", hosted) if hosted is not None else ("joined", None)
        self.push_screen(ConfirmQuit(str(log_path) if log_path else None, session.log_error, remote=remote), answered)

    def _quit_now(self) -> None:
        for screen in self.screen_stack:
            session = _session_of(screen)
            if session is not None:
                try:
                    session.close()
                except OSError:
                    pass
        self.exit()


def binding_ids() -> list[str]:
    """Every binding id a config ``[keys]`` table may remap (app, setup, rules,
    replay and, when present, table screen bindings), sorted."""
    classes: list[Any] = [CardtableApp, ConfirmQuit, *(load(t) for t in (SETUP, HOWTO, RULES, REPLAY, STATS, RECENT,
                                                                      CONFIRM_RESUME))]
    for game_id in TABLE_SCREENS:  # every game's table screen (common table bindings included)
        try:
            classes.append(table_screen_class(game_id))
        except TableScreenError:
            pass
    ids = set()
    for cls in classes:
        for b in cls.BINDINGS:
            if isinstance(b, Binding) and b.id:
                ids.add(b.id)
    return sorted(ids)


def run_app(table: TableConfig | None = None, *, start: str = "setup", session: TableSession | None = None,
            replay_path: str | os.PathLike[str] | None = None) -> None:
    """Run the full-screen app until the player quits (called by the CLI).

    Args:
        table: an ``engine.config.TableConfig`` (``None``: the default config file).
        start: ``"setup"``, ``"table"`` or ``"replay"`` (see :class:`CardtableApp`).
        session: a session to show with ``start="table"``: a resumed ``engine.session.Session``, or a
            remote seat's (``net.client.RemoteSession``, ``cardtable join``).
        replay_path: the log to open with ``start="replay"``.

    Raises:
        ValueError: for an unknown ``start``.
    """
    CardtableApp(table, start=start, session=session, replay_path=replay_path).run()


__all__ = ["CardtableApp", "ConfirmQuit", "run_app", "binding_ids", "ascii_wanted", "session_game_id",
           "session_running",
           "variant_for"]
