"""The setup screen: pick a game, the seats, the house rules, a seed and a pace.

Every house-rule option of the chosen game is generated from
``engine.variants.option_specs`` (bool -> Switch, choices -> Select, int ->
Input with its allowed range, optional int -> empty means none), and the whole
form is validated with ``engine.variants.build_variant`` so the player sees
the same one-sentence :class:`~engine.variants.ConfigError` message the config
file would give. Keys: ``enter`` start (from anywhere on the screen: a focused
switch, game or list does not take it; only a focused button is pressed and an open
list's option is picked), space toggles a switch or picks a game, ``ctrl+s`` save
the table to the config file, ``?`` how to play (and the rules), ``ctrl+q`` quit.

Above the form, "Your games" offers the newest unfinished game of the logs
folder (``engine.gamelog.newest_unfinished``, the one ``cardtable resume``
continues; ``ctrl+o`` continues it), the recent-games list (``ctrl+r``: replay
or resume with one key) and the statistics (``ctrl+g``); the folder is read in
a worker thread each time the screen shows, so the form never waits for it.
"""

from __future__ import annotations

import dataclasses
import tomllib
from pathlib import Path
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.validation import Integer, Number
from textual.widgets import (Button, Header, Input, Label, RadioButton, RadioSet, Select, Static,
                             Switch)

from engine.config import MAX_SEED, TableConfig, default_seats, variant_for
from engine.games import ALL_IDS, GAMES, UnknownGame, default_level, game_title, levels_for
from engine.inputs import brief
from engine.seats import SeatSpec, name_problem, seat_names
from engine.undo import DEFAULT_UNDO, UNDO_MODES
from engine.stats import CorruptLog, GameRecord, read_record
from engine.variants import ConfigError, OptionSpec, build_variant, option_specs
from tui.screens.navigate import OpenLog, RequestQuit, ShowHowto, ShowRecent, ShowStats, StartTable
from tui.widgets.footer import WrappingFooter
from themes import THEME_LABELS
from tui.stats_text import describe_unfinished

#: The house option ``undo`` as the setup screen offers it.
UNDO_LABELS = {"off": "off", "own_turn": "your last turn", "free": "turn by turn, any number"}

#: Seat rows built once; rows beyond the chosen number of seats are hidden.
MAX_SEATS = 7
#: Allowed pace (seconds a bot waits before it moves, so humans can follow).
PACE_MIN, PACE_MAX = 0.0, 10.0


class SetupError(ValueError):
    """One sentence saying what is wrong with the form."""


def parse_option_text(spec: OptionSpec, text: str) -> Any:
    """Turn an Input's text into an option value (``None`` for an empty optional).

    Raises:
        SetupError: for text that is not a number of the option's type.
    """
    text = text.strip()
    if text == "":
        if spec.nullable:
            return None
        raise SetupError(f"{spec.name} needs a value ({spec.allowed})")
    if spec.type is int:
        try:
            return int(text)
        except ValueError:
            raise SetupError(f"{spec.name} must be a whole number ({spec.allowed}), not {text!r}") from None
    if spec.type is float:
        try:
            return float(text)
        except ValueError:
            raise SetupError(f"{spec.name} must be a number ({spec.allowed}), not {text!r}") from None
    if spec.is_table:  # an inline TOML table, as in the config file: {joker = 50, ace = 20}
        try:
            return tomllib.loads(f"value = {text}")["value"]
        except tomllib.TOMLDecodeError:
            raise SetupError(f"{spec.name} must be a table such as {spec.default} ({spec.allowed}), "
                             f"not {text!r}") from None
    return text


class GameChoice(RadioSet, inherit_bindings=False):
    """The list of games: the arrow keys choose the game, as in any group of radio buttons
    (Textual's RadioSet only moves a highlight, starting on the first game, which Enter then
    pressed); so the game shown chosen is always the one Enter starts.

    The choice is made at once, when the key is read: the buttons are switched and
    :class:`RadioSet.Changed` posted in one step. (Switching one button and letting its own
    message update the set later lost keys typed fast: four quick downs left two games
    shown on and the form on a third.)"""

    # priority, like the screen's Enter: read in the order typed (a plain binding runs once the key
    # has bubbled back to the app, after an Enter typed right behind it, which then started the
    # game the arrow was leaving)
    BINDINGS = [
        Binding("down,right", "choose(1)", "Next game", show=False, priority=True),
        Binding("up,left", "choose(-1)", "Previous game", show=False, priority=True),
    ]

    def on_mount(self) -> None:
        self.call_later(self._highlight_chosen)

    def _highlight_chosen(self) -> None:
        if self.pressed_index >= 0:  # the highlight starts on the chosen game, not the first
            self._selected = self.pressed_index

    def action_choose(self, delta: int) -> None:
        """Choose the next (``delta`` 1) or previous (-1) game that can be played (wrapping)."""
        buttons = list(self.query(RadioButton))
        enabled = [i for i, b in enumerate(buttons) if not b.disabled]
        if not enabled:
            return
        current = self.pressed_index
        if current in enabled:
            nxt = enabled[(enabled.index(current) + (1 if delta > 0 else -1)) % len(enabled)]
        else:
            nxt = enabled[0] if delta > 0 else enabled[-1]
        if nxt == current:
            return
        with self.prevent(RadioButton.Changed):
            for i, b in enumerate(buttons):
                b.value = i == nxt
        self._pressed_button = buttons[nxt]
        self._selected = nxt
        self.post_message(self.Changed(self, buttons[nxt]))


def seat_row(i: int, game_id: str, spec: SeatSpec) -> Horizontal:
    """Seat ``i``'s row of the form (``Seat 1``, human or ai, the bot level, the name), set to
    ``spec``: the setup screen's rows, and the seats of "play on from here" (the replay)."""
    levels = levels_for(game_id)
    level = spec.level if spec.level in levels else default_level(game_id)
    return Horizontal(
        Label(f"Seat {i + 1}", classes="field-label"),
        Select([("human", "human"), ("ai", "ai")], id=f"seat-kind-{i}", allow_blank=False,
               value=spec.kind, classes="seat-kind", compact=True),
        Select([(lv, lv) for lv in levels], id=f"seat-level-{i}", allow_blank=False, value=level,
               disabled=spec.is_human, classes="seat-level", compact=True),
        Input(spec.name, placeholder="name", id=f"seat-name-{i}", max_length=24, classes="seat-name", compact=True),
        classes="form-row seat-row", id=f"seat-row-{i}")


def read_seat_row(screen: Screen, i: int) -> SeatSpec:
    """The seat spec chosen in seat ``i``'s row (:func:`seat_row`) on ``screen``."""
    kind = screen.query_one(f"#seat-kind-{i}", Select).value
    name = screen.query_one(f"#seat-name-{i}", Input).value.strip()
    if kind == "human":
        return SeatSpec("human", None, name)
    return SeatSpec("ai", str(screen.query_one(f"#seat-level-{i}", Select).value), name)


class SetupScreen(Screen):
    """Choose a table and start a match.

    Args:
        table: the table config the form starts from (``engine.config.TableConfig``).

    Attributes:
        game_id: the game currently chosen.
        last_error: the sentence currently shown under the form ("" if none).
    """

    DEFAULT_CSS = """
    SetupScreen #setup-history { height: auto; margin: 0 0 1 0; }
    SetupScreen #setup-history Button { margin: 0 1 0 0; }
    SetupScreen #setup-friends { height: auto; margin: 0 0 1 0; }
    SetupScreen #setup-unfinished { height: auto; }
    """

    BINDINGS = [
        # priority: checked before the focused widget, so a focused switch or game does not
        # take Enter (issue 22); check_action lets a focused button or an open list have it
        Binding("enter", "start", "Start", id="setup.start", priority=True),
        Binding("ctrl+s", "save", "Save table", id="setup.save"),
        Binding("ctrl+o", "continue_game", "Continue", id="setup.continue", show=False),
        Binding("ctrl+r", "recent", "Recent games", id="setup.recent", show=False),
        Binding("ctrl+g", "stats", "Statistics", id="setup.stats", show=False),
        Binding("ctrl+l", "learn", "Learn to play", id="setup.learn", show=False),
        Binding("ctrl+b", "join", "Join a table", id="setup.join", show=False),
    ]

    def __init__(self, table: TableConfig) -> None:
        super().__init__()
        self.table = table
        game = table.game
        self.game_id: str = game if game in GAMES else next(iter(GAMES))
        self.last_error = ""
        seats = list(table.seats)
        g = GAMES[self.game_id]
        if not (g.min_seats <= len(seats) <= g.max_seats):
            seats = default_seats(self.game_id)
        self._initial_seats = seats
        #: the newest unfinished game in the logs folder (looked up each time the screen shows), or None
        self.unfinished: GameRecord | None = None

    # -- building the form ------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="setup-form"):
            yield from self._history_rows()
            yield Label("Game", classes="section")
            with GameChoice(id="game", compact=True):
                for gid in ALL_IDS:  # titles only: a game is imported when it is chosen
                    yield RadioButton(game_title(gid), value=gid == self.game_id, id=f"game-{gid}")
            with Horizontal(classes="form-row"):
                yield Label("Seats", classes="field-label")
                yield Select(self._seat_count_options(), id="n-seats", allow_blank=False,
                             value=len(self._initial_seats), compact=True)
            with Vertical(id="seats"):
                yield from self._seat_rows()
            yield Static("", id="teams", classes="help")
            yield Label("House rules", classes="section")
            with Vertical(id="options"):
                yield from self._option_rows(self.game_id, self._initial_variant())
            yield Label("Table", classes="section")
            with Horizontal(classes="form-row"):
                yield Label("Seed", classes="field-label")
                seed = self.table.seed
                yield Input("" if seed is None else str(seed), placeholder="random", id="seed", type="integer",
                            valid_empty=True, classes="field", compact=True)
                yield Static("empty = a new random deal each match", classes="help")
            with Horizontal(classes="form-row"):
                yield Label("Pace", classes="field-label")
                yield Input(f"{float(self.table.pace):g}", id="pace", type="number",
                            validators=[Number(PACE_MIN, PACE_MAX)], classes="field", compact=True)
                yield Static(f"seconds a bot waits before it moves ({PACE_MIN:g} to {PACE_MAX:g})",
                             classes="help")
            with Horizontal(classes="form-row"):
                yield Label("Theme", classes="field-label")
                yield Select([(label, name) for name, label in THEME_LABELS.items()], id="theme",
                             allow_blank=False, value=self._initial_theme(), compact=True)
            with Horizontal(classes="form-row"):
                yield Label("Undo", classes="field-label")
                yield Select([(UNDO_LABELS[m], m) for m in UNDO_MODES], id="undo", allow_blank=False,
                             value=self.table.undo if self.table.undo in UNDO_MODES else DEFAULT_UNDO, compact=True)
                yield Static("z against bots; the cards still to come are re-drawn", classes="help")
            yield Static("", id="setup-error")
            with Horizontal(id="setup-buttons"):
                yield Button("Start (enter)", variant="success", id="start")
                yield Button("Save table (ctrl+s)", id="save")
                yield Button("How to play (?)", id="rules")
                yield Button("Quit (ctrl+q)", variant="error", id="quit")
        yield WrappingFooter()

    def _history_rows(self) -> ComposeResult:
        """"Your games": the unfinished game (filled in by :meth:`_show_history`) and three buttons."""
        yield Label("Your games", classes="section")
        note = Static("", id="setup-unfinished")
        note.display = False
        yield note
        with Horizontal(id="setup-history"):
            cont = Button("Continue (ctrl+o)", id="continue", variant="primary", compact=True)
            cont.display = False
            yield cont
            yield Button("Recent games (ctrl+r)", id="recent", compact=True)
            yield Button("Statistics (ctrl+g)", id="stats", compact=True)
            yield Button("Learn to play (ctrl+l)", id="learn", compact=True)
        with Horizontal(id="setup-friends"):
            yield Button("Join a friend's table (ctrl+b)", id="join", compact=True)

    def _initial_theme(self) -> str:
        theme = self.table.theme
        return theme if theme in THEME_LABELS else next(iter(THEME_LABELS))

    def _initial_variant(self) -> Any:
        try:
            return variant_for(self.table, self.game_id)
        except ConfigError as err:
            self.last_error = f"The saved house rules were not usable ({err.message}); showing the defaults."
            return GAMES[self.game_id].variant_class()

    def _seat_count_options(self) -> list[tuple[str, int]]:
        g = GAMES[self.game_id]
        return [(str(n), n) for n in range(g.min_seats, min(g.max_seats, MAX_SEATS) + 1)]

    def _level_options(self) -> list[tuple[str, str]]:
        return [(lv, lv) for lv in levels_for(self.game_id)]

    def _seat_rows(self) -> ComposeResult:
        for i in range(MAX_SEATS):
            spec = (self._initial_seats[i] if i < len(self._initial_seats)
                    else SeatSpec("ai", default_level(self.game_id)))
            row = seat_row(i, self.game_id, spec)
            row.display = i < len(self._initial_seats)
            yield row

    def _option_rows(self, game_id: str, variant: Any) -> list[Horizontal]:
        rows = []
        for spec in option_specs(GAMES[game_id].variant_class):
            value = getattr(variant, spec.name, spec.default)
            widget = self._option_widget(spec, value)
            rule = f"[{spec.rule}] " if spec.rule else ""
            rows.append(Horizontal(Label(spec.name, classes="field-label option-label"), widget,
                                   Static(f"{rule}{spec.help} ({spec.allowed})", classes="help", markup=False),
                                   classes="form-row option-row", id=f"row-{spec.name}"))
        return rows

    @staticmethod
    def _option_widget(spec: OptionSpec, value: Any) -> Any:
        wid = f"opt-{spec.name}"
        if spec.type is bool and spec.choices is None:
            return Switch(bool(value), id=wid, classes="option")
        if spec.choices is not None:
            return Select([(str(c), c) for c in spec.choices], id=wid, allow_blank=False, value=value,
                          classes="option field", compact=True)
        text = "" if value is None else str(value)
        placeholder = "none" if spec.nullable else str(spec.default)
        if spec.type is int:
            return Input(text, id=wid, type="integer", placeholder=placeholder, valid_empty=spec.nullable,
                         validators=[Integer(spec.min, spec.max, failure_description=spec.allowed)],
                         classes="option field", compact=True)
        if spec.type is float:
            return Input(text, id=wid, type="number", placeholder=placeholder, valid_empty=spec.nullable,
                         validators=[Number(spec.min, spec.max)], classes="option field", compact=True)
        return Input(text, id=wid, placeholder=placeholder, classes="option field", compact=True)

    def on_mount(self) -> None:
        self._show_error(self.last_error)
        self._show_teams()
        self.query_one("#game", RadioSet).focus()

    # -- your games (the logs folder) ------------------------------------------------
    def log_folder(self) -> Path:
        """The logs folder of the table: its ``log_dir``, else ``engine.gamelog.default_log_dir()``."""
        from engine.gamelog import default_log_dir
        return Path(self.table.log_dir) if self.table.log_dir is not None else Path(default_log_dir())

    def on_screen_resume(self) -> None:
        """Each time the screen shows (first and after a match), look for an unfinished game."""
        folder = self.log_folder()
        self.run_worker(lambda: self._find_unfinished(folder), thread=True, exclusive=True, group="history")

    def _find_unfinished(self, folder: Path) -> None:
        """In a worker thread: the game ``cardtable resume`` would continue
        (``engine.gamelog.newest_unfinished``), described from its header."""
        from engine.gamelog import newest_unfinished
        record: GameRecord | None = None
        text = ""
        try:
            path = newest_unfinished(folder)
            record = read_record(path) if path is not None else None
            text = describe_unfinished(record) if record is not None else ""  # imports its game: here, not in the UI
        except (OSError, CorruptLog):
            record = None
        except Exception:  # noqa: BLE001 - a log the reader chokes on only means no "Continue" offer
            record = None
        try:
            self.app.call_from_thread(self._show_history, record, text)
        except RuntimeError:  # the app closed meanwhile
            pass

    def _show_history(self, record: GameRecord | None, text: str = "") -> None:
        if not self.is_attached:
            return
        self.unfinished = record
        note = self.query_one("#setup-unfinished", Static)
        note.display = record is not None
        self.query_one("#continue", Button).display = record is not None
        if record is not None:
            note.update("Unfinished: " + (text or describe_unfinished(record)))

    def action_continue_game(self) -> None:
        """Key ``ctrl+o``: resume the newest unfinished game (see :attr:`unfinished`)."""
        if self.unfinished is None:
            self.notify(f"No unfinished game in {self.log_folder()}.", timeout=4, markup=False)
            return
        self.post_message(OpenLog(self.unfinished.path, resume=True))

    def action_recent(self) -> None:
        """Key ``ctrl+r``: the recent-games list."""
        self.post_message(ShowRecent())

    def action_learn(self) -> None:
        """ctrl+l: a guided first game of the chosen game (``engine.lesson``: fixed cards, each
        step waits for its key and says why); a game with no lesson says which games have one."""
        self.app.start_lesson(self.game_id)  # type: ignore[attr-defined]

    def action_join(self) -> None:
        """ctrl+b: join a table a friend hosts (``cardtable host``) with its address and a seat code
        (:class:`tui.screens.join.JoinTableScreen`), then play that seat at its table."""
        from tui.screens.join import JoinTableScreen

        def joined(session: Any) -> None:
            if session is not None:
                self.app.show_table(session)  # type: ignore[attr-defined]
        self.app.push_screen(JoinTableScreen(), joined)

    def action_stats(self) -> None:
        """Key ``ctrl+g``: the statistics screen."""
        self.post_message(ShowStats())

    # -- reading the form ----------------------------------------------------------
    @property
    def n_seats(self) -> int:
        """The number of seats chosen."""
        value = self.query_one("#n-seats", Select).value
        return int(value) if isinstance(value, int) else GAMES[self.game_id].min_seats

    def seats(self) -> list[SeatSpec]:
        """The seat specs of the visible seat rows."""
        return [read_seat_row(self, i) for i in range(self.n_seats)]

    def option_table(self) -> dict[str, Any]:
        """Option name -> value as typed into the form.

        Raises:
            SetupError: for an Input whose text is not a number.
        """
        table: dict[str, Any] = {}
        for spec in option_specs(GAMES[self.game_id].variant_class):
            widget = self.query_one(f"#opt-{spec.name}")
            if isinstance(widget, Switch):
                table[spec.name] = widget.value
            elif isinstance(widget, Select):
                table[spec.name] = widget.value
            elif isinstance(widget, Input):
                value = parse_option_text(spec, widget.value)
                if value is not None:
                    table[spec.name] = value
        return table

    def variant(self) -> Any:
        """The validated variant of the chosen game.

        Raises:
            SetupError: for a bad number; ConfigError: for an option the game rejects.
        """
        return build_variant(GAMES[self.game_id].variant_class, self.option_table(), source="setup",
                             section=f"rules.{self.game_id}")

    def seed(self) -> int | None:
        """The seed typed in, or None for a random one.

        Raises:
            SetupError: for text that is not a whole number.
        """
        text = self.query_one("#seed", Input).value.strip()
        if not text:
            return None
        allowed = f"a whole number 0..{MAX_SEED} or empty"
        if len(text) > 20:  # int() of thousands of digits is refused by Python with words for programmers
            raise SetupError(f"the seed must be {allowed}, not a number of {len(text):,} characters")
        try:
            seed = int(text)
        except ValueError:
            raise SetupError(f"the seed must be {allowed}, not {brief(text)}") from None
        if not 0 <= seed <= MAX_SEED:
            raise SetupError(f"the seed must be {allowed}; {seed} is out of range")
        return seed

    def pace(self) -> float:
        """The pace in seconds.

        Raises:
            SetupError: outside PACE_MIN..PACE_MAX or not a number.
        """
        text = self.query_one("#pace", Input).value.strip()
        try:
            pace = float(text)
        except ValueError:
            raise SetupError(f"the pace must be a number of seconds from {PACE_MIN:g} to {PACE_MAX:g}") from None
        if not PACE_MIN <= pace <= PACE_MAX:
            raise SetupError(f"the pace must be from {PACE_MIN:g} to {PACE_MAX:g} seconds, not {pace:g}")
        return pace

    def build_table(self) -> TableConfig:
        """The table config the form describes (a copy of the one it started from).

        Raises:
            SetupError: with one sentence saying what to fix.
        """
        try:
            variant = self.variant()
        except ConfigError as err:
            raise SetupError(f"{err.key.rsplit('.', 1)[-1]}: {err.message}") from None
        seats = self.seats()
        seats_problem = GAMES[self.game_id].seat_range_error(len(seats), variant)
        if seats_problem:
            raise SetupError(seats_problem)
        for i, seat in enumerate(seats):
            problem = name_problem(seat.name)
            if problem:
                raise SetupError(f"seat {i + 1}: {problem}")
        rules = dict(self.table.rules)
        rules[self.game_id] = variant
        theme = self.query_one("#theme", Select).value
        changes: dict[str, Any] = dict(game=self.game_id, seats=seats, rules=rules, seed=self.seed(), pace=self.pace())
        if isinstance(theme, str):
            changes["theme"] = theme
        undo = self.query_one("#undo", Select).value
        if isinstance(undo, str):
            changes["undo"] = undo
        return dataclasses.replace(self.table, **changes)

    def validate(self) -> TableConfig | None:
        """Build the table and show (or clear) the error line; the table or None."""
        self._show_teams()
        try:
            table = self.build_table()
        except SetupError as err:
            self._show_error(str(err))
            return None
        self._show_error("")
        return table

    def _show_teams(self) -> None:
        """The partnerships at this table (``Game.teams``), e.g. Nogginate with 4 seats:
        "Partners: seats 1 & 3, seats 2 & 4"; hidden when everyone plays alone."""
        try:
            variant = self.variant()
        except Exception:  # a bad option is reported by validate(); the default teams meanwhile
            variant = None
        teams = GAMES[self.game_id].teams(self.n_seats, variant)
        text = ""
        if any(len(t) > 1 for t in teams):
            text = "Partners: " + ", ".join("seats " + " & ".join(str(s + 1) for s in t) for t in teams)
        note = self.query_one("#teams", Static)
        note.update(text)
        note.display = bool(text)

    def _show_error(self, text: str) -> None:
        self.last_error = text
        box = self.query_one("#setup-error", Static)
        if text and not text.endswith("."):
            text += "."
        box.update(text[:1].upper() + text[1:] if text else "")
        box.set_class(bool(text), "-error")

    # -- reacting to changes -----------------------------------------------------------
    @on(RadioSet.Changed, "#game")
    async def _game_changed(self, event: RadioSet.Changed) -> None:
        gid = (event.pressed.id or "").removeprefix("game-")
        if gid not in GAMES or gid == self.game_id:
            return
        try:
            g = GAMES[gid]  # the game's package is imported now, the first time it is chosen
        except UnknownGame as err:  # an install that lacks it: say so, keep the game shown
            self._show_error(str(err))
            self.query_one(f"#game-{self.game_id}", RadioButton).value = True
            return
        self.game_id = gid
        count = self.query_one("#n-seats", Select)
        n = min(max(self.n_seats, g.min_seats), g.max_seats)
        count.set_options(self._seat_count_options())
        count.value = n
        levels = levels_for(gid)
        for i in range(MAX_SEATS):  # keep each bot's level where the new game has it (set_options resets it)
            select = self.query_one(f"#seat-level-{i}", Select)
            kept = select.value
            select.set_options(self._level_options())
            select.value = kept if kept in levels else default_level(gid)
        options = self.query_one("#options", Vertical)
        await options.remove_children()
        await options.mount_all(self._option_rows(gid, g.variant_class()))
        self._show_seat_rows()
        self.validate()

    @on(Select.Changed, "#n-seats")
    def _seat_count_changed(self) -> None:
        self._show_seat_rows()
        self.validate()

    def _show_seat_rows(self) -> None:
        n = self.n_seats
        for i in range(MAX_SEATS):
            self.query_one(f"#seat-row-{i}").display = i < n
        self._refresh_name_placeholders()

    @on(Select.Changed, ".seat-level")
    def _seat_level_changed(self) -> None:
        self._refresh_name_placeholders()  # the auto names say the level: "Bix (easy)"

    @on(Select.Changed, ".seat-kind")
    def _seat_kind_changed(self, event: Select.Changed) -> None:
        i = int((event.select.id or "0").rsplit("-", 1)[-1])
        self.query_one(f"#seat-level-{i}", Select).disabled = event.value == "human"
        self._refresh_name_placeholders()

    def _refresh_name_placeholders(self) -> None:
        specs = [SeatSpec(s.kind, s.level) for s in self.seats()]
        for i, name in enumerate(seat_names(specs)):
            self.query_one(f"#seat-name-{i}", Input).placeholder = name

    @on(Select.Changed, "#theme")
    def _theme_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value in self.app.available_themes:
            self.app.theme = event.value

    @on(Switch.Changed)
    @on(Select.Changed, ".option")
    @on(Input.Changed, ".option, #seed, #pace")
    def _field_changed(self) -> None:
        self.validate()

    @on(Input.Submitted)
    def _input_submitted(self) -> None:
        self.action_start()

    @on(Button.Pressed)
    def _button(self, event: Button.Pressed) -> None:
        event.stop()
        match event.button.id:
            case "start":
                self.action_start()
            case "save":
                self.action_save()
            case "rules":
                self.post_message(ShowHowto(self.game_id))
            case "quit":
                self.post_message(RequestQuit())
            case "continue":
                self.action_continue_game()
            case "recent":
                self.action_recent()
            case "join":
                self.action_join()
            case "stats":
                self.action_stats()
            case "learn":
                self.action_learn()

    # -- actions ---------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "start":
            return not self.enter_belongs_to_focus()
        return True

    def enter_belongs_to_focus(self) -> bool:
        """True when Enter is the focused widget's own (a button presses, an open list picks
        its option); everywhere else on the screen Enter starts the match."""
        node = self.focused
        if isinstance(node, Button):
            return True
        while node is not None and node is not self:
            if isinstance(node, Select) and node.expanded:
                return True
            node = node.parent  # type: ignore[assignment]
        return False

    def action_start(self) -> None:
        """Enter: start the match (:meth:`_start_when_shown`)."""
        self._start_when_shown()

    def _start_when_shown(self, waited: int = 0) -> None:
        """Validate the form and start the match (the app pushes the table screen). A game
        chosen a moment ago whose form is still being built is waited for (up to a second),
        so Enter starts the game the list shows."""
        if not self.is_current:
            return
        shown = self.query_one("#game", RadioSet).pressed_button
        gid = (shown.id or "").removeprefix("game-") if shown is not None else self.game_id
        if gid != self.game_id and gid in GAMES and waited < 50:
            self.set_timer(0.02, lambda: self._start_when_shown(waited + 1))
            return
        table = self.validate()
        if table is not None:
            self.post_message(StartTable(table))

    def action_save(self) -> None:
        """Write the table to the default config file and say where."""
        from engine.config import default_config_path, save_config

        table = self.validate()
        if table is None:
            return
        path = default_config_path()
        try:
            save_config(table, path)
        except (OSError, ValueError) as err:
            self._show_error(f"could not save the table to {path}: {err}")
            return
        self.table = table
        self.app.table = table  # type: ignore[attr-defined]
        self.notify(f"Table saved to {path}", timeout=6)
