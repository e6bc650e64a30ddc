"""The replay screen: step through a logged match forward and back.

It is the one omniscient reader of states. Keys ``0``..``5`` show one seat's
view (exactly what that seat knew: its board, and each step as that seat
observed it, ``State.observation`` and the events it may see); ``a`` shows
everything (the omniscient view, titled so). A finished match opens on
everything; an unfinished one (it may still be resumed) opens on the first
human seat's view. A match that used undo says so in the title and status. Steps: one action (left/right), one turn
(shift+left/right or ``,``/``.``), one game (pgup/pgdn or ``[``/``]``),
the start or end (home/end). The narration panel tells what the current
step did; the status line reads "action 37/212, game 1" ("hand 1" in Noms).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Header, Static

from engine.cards import Card, pretty_text
from engine.core import ActionParseError
from engine.gamelog import LogReplayError, Replay, read_log
from engine.seats import safe_name
from tui.games import TABLES, load
from tui.widgets.footer import WrappingFooter
from tui.widgets.narration import what_seat_sees

MAX_SEAT_KEYS = 6
HISTORY_LINES = 12


def seat_names_from_header(header: dict) -> list[str]:
    """Display names of the seats recorded in a log header (``seats[i].name``,
    else the seat spec, else ``seat i``), made safe with ``engine.seats.safe_name``
    (the log may come from anyone: control characters are shown escaped, long names cut)."""
    names = []
    for i, s in enumerate(header.get("seats") or []):
        name = s.get("name") if isinstance(s, dict) else None
        names.append(safe_name(name or (s.get("spec") if isinstance(s, dict) else None) or f"seat {i}"))
    return names


_ASCII_SUITS = str.maketrans({"♣": "C", "♦": "D", "♥": "H", "♠": "S"})


class Palette:
    """Card colouring for the renderer: suit colours from the app theme and
    the ASCII flag (uses the table widgets' ``card_text`` when available)."""

    def __init__(self, app: Any = None) -> None:
        self.app = app
        try:
            from tui.widgets.cards import ascii_mode
            self.ascii = ascii_mode(app)
        except ImportError:
            self.ascii = bool(getattr(app, "ascii_cards", False))

    def plain(self, text: str) -> str:
        """``text`` with suit symbols replaced by letters in ASCII mode (for narration)."""
        return text.translate(_ASCII_SUITS) if self.ascii else text

    def card(self, card: Card) -> Text:
        """One card as coloured text (``10♥``, or ``10H`` in ASCII mode)."""
        try:
            from tui.widgets.cards import card_text
        except ImportError:  # the table widgets are optional for the replay
            return Text(card.text if self.ascii else card.pretty, style="bold")
        return card_text(card, self.app, on_face=True)

    def cards(self, cards: Any, sep: str = " ") -> Text:
        """Several cards separated by ``sep`` ("-" when there are none)."""
        out = Text()
        for i, c in enumerate(cards):
            if i:
                out.append(sep)
            out.append_text(self.card(c))
        return out if len(out) else Text("-", style="dim")


def renderer_for(game_id: str) -> Callable[..., Any]:
    """The replay renderer of ``game_id`` (its ``TableSpec.replay``, with the game's palette
    registered), or :func:`render_generic` when the game has none or it cannot be loaded."""
    spec = TABLES.get(game_id)
    if spec is None:
        return render_generic
    try:
        spec.load_palette()
        return load(spec.replay)
    except (ImportError, AttributeError):
        return render_generic


def render_generic(state: Any, names: list[str], seat: int | None, palette: Palette) -> Text:
    """Fallback for games without their own renderer: the state's fingerprint,
    or the seat's view as its dataclass text."""
    if seat is None:
        return Text.assemble(("Omniscient position\n", "bold"), state.fingerprint())
    what = what_seat_sees(names, seat)
    return Text.assemble((what[0].upper() + what[1:] + "\n", "bold"), repr(state.view(seat)))




class ReplayScreen(Screen):
    """Step through the log at ``path``.

    Args:
        path: a cardtable log (JSON Lines).

    Attributes:
        replay: the :class:`engine.gamelog.Replay` (None if the log is unusable).
        error: one sentence when the log could not be opened or stops replaying early.
        index: the position shown (0 = before the first action).
        seat: None for everything (omniscient), else the seat whose view is shown.
        board_text: the position as drawn (rich Text), its first line the view's title.
        game_id, names: from the log header.
        undo_count: undo lines in the log (0 when the match used no undo).
    """

    BINDINGS = [
        Binding("right,l", "step(1)", "Next", id="replay.next", key_display="→"),
        Binding("left,h", "step(-1)", "Back", id="replay.back", key_display="←"),
        Binding("shift+right,full_stop", "turn(1)", "Next turn", id="replay.next-turn", key_display="."),
        Binding("shift+left,comma", "turn(-1)", "Prev turn", id="replay.prev-turn", key_display=","),
        Binding("pagedown,right_square_bracket", "game(1)", "Next game", id="replay.next-game", key_display="]"),
        Binding("pageup,left_square_bracket", "game(-1)", "Prev game", id="replay.prev-game", key_display="["),
        Binding("home", "jump(0)", "Start", id="replay.start", show=False),
        Binding("end", "jump(-1)", "End", id="replay.end", show=False),
        Binding("a", "seat(-1)", "Everything", id="replay.all"),
        *[Binding(str(i), f"seat({i})", "Seat view" if i == 0 else f"Seat {i}", id=f"replay.seat-{i}",
                  show=i == 0, key_display=f"0-{MAX_SEAT_KEYS - 1}" if i == 0 else None)
          for i in range(MAX_SEAT_KEYS)],
        Binding("escape,q", "close", "Close", id="replay.close"),
    ]

    index: reactive[int] = reactive(0, init=False)
    seat: reactive[int | None] = reactive(None, init=False)

    def __init__(self, path: str | Path | None) -> None:
        super().__init__()
        self.path = Path(path) if path is not None else None
        self.replay: Replay | None = None
        self.error: str | None = None
        self.game_id = ""
        self.names: list[str] = []
        self.board_text = Text("")
        self.undo_count = 0
        self._load()

    def _load(self) -> None:
        if self.path is None:
            self.error = "No log file was given to replay."
            return
        try:
            log = read_log(self.path)
        except OSError as err:
            self.error = f"Cannot read {self.path}: {err.strerror or err}."
            return
        self.game_id = log.game_id or ""
        self.names = seat_names_from_header(log.header)
        self.undo_count = sum(1 for e in log.entries if e["type"] == "undo")
        if not log.finished:  # it may still be resumed: do not open on everyone's cards
            humans = [i for i, seat in enumerate(log.header.get("seats") or [])
                      if isinstance(seat, dict) and str(seat.get("spec", "")).startswith("human")]
            if humans:
                self.set_reactive(ReplayScreen.seat, humans[0])
        try:
            self.replay = Replay(log)
        except LogReplayError as err:
            self.error = f"Cannot replay {self.path.name}: line {err.line}: {err.reason}."
            return
        problems = []
        if log.errors:
            problems.append(f"line {log.errors[0].line}: {log.errors[0].message}")
        if self.replay.error is not None:
            problems.append(f"line {self.replay.error.line}: {self.replay.error.reason}")
        if problems:
            self.error = (f"The log is damaged ({problems[0]}); showing the "
                          f"{self.replay.last_index} actions before it.")

    # -- layout --------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="replay-status", markup=False)
        with Horizontal(id="replay-body"):
            with VerticalScroll(id="replay-board-scroll"):
                yield Static("", id="replay-board")
            with VerticalScroll(id="replay-side"):
                yield Static("", id="replay-narration")
                yield Static("", id="replay-history")
        yield WrappingFooter()

    def on_mount(self) -> None:
        self.sub_title = (f"Replay of {self.path.name}" if self.path else "Replay") + \
            (" · undo used" if self.undo_count else "")
        if self.error:
            self.notify(self.error, severity="error" if self.replay is None else "warning", timeout=10, markup=False)
        self.app.theme_changed_signal.subscribe(self, lambda _theme: self.refresh_view())
        self.call_after_refresh(self.refresh_view)  # is_mounted is still False here: draw once mounted

    # -- reading the position -------------------------------------------------------------
    @property
    def last_index(self) -> int:
        """The index of the final position (0 when there is no replay)."""
        return self.replay.last_index if self.replay else 0

    def status_text(self) -> str:
        """``action 37/212, game 1`` (plus the seat shown)."""
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
        """The board's first line: which view this is, so nobody mistakes the
        omniscient one for a player's."""
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

    def hand_word(self) -> str:
        """What the game calls one hand ("Game" for Nags, "Hand" for Noms), from its table screen."""
        from tui.screens import TableScreenError, table_screen_class
        try:
            return table_screen_class(self.game_id).HAND_WORD
        except TableScreenError:
            return "Hand"

    def seat_name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else f"seat {seat}"

    def notation_seen(self, j: int) -> str:
        """Action ``j``'s notation, or in a seat view what that seat observed of it
        (``State.observation``: another seat's hidden draw is only a count), its cards
        written as the table writes them (``cut 18: 4♦ 4♥``, :func:`engine.cards.pretty_text`)."""
        notation = self.replay.notations[j]
        if self.seat is None:
            return pretty_text(notation)
        try:
            action = self.replay.game.parse_action(notation)
        except ActionParseError:
            return pretty_text(notation)
        return pretty_text(self.replay.positions[j].observation(action, self.seat))

    def narration_lines(self) -> list[str]:
        """What the current step did: the action with its actor, then its events
        narrated (in a seat view: what that seat observed, and only the events it may see)."""
        if self.replay is None or self.index == 0:
            return ["The start of the match."]
        i = self.index - 1
        actor = self.replay.actors[i]
        who = "chance" if actor == "chance" else self.seat_name(int(actor))
        out = [f"{who}: {self.notation_seen(i)}"]
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

    # -- drawing ---------------------------------------------------------------------------
    def refresh_view(self) -> None:
        """Redraw the status line, the board and the narration for the current index."""
        if not self.is_mounted:
            return
        self.query_one("#replay-status", Static).update(self.status_text())
        board = self.query_one("#replay-board", Static)
        narration = self.query_one("#replay-narration", Static)
        history = self.query_one("#replay-history", Static)
        if self.replay is None:
            self.board_text = Text(self.error or "Nothing to replay.", style="bold")
            board.update(self.board_text)
            narration.update("")
            history.update("")
            return
        state = self.replay.positions[self.index]
        renderer = renderer_for(self.game_id)
        self.board_text = Text.assemble((self.view_title() + "\n\n", "bold reverse" if self.seat is None else "bold"),
                                        renderer(state, self.names, self.seat, Palette(self.app)))

        board.update(self.board_text)
        step = Text()
        palette = Palette(self.app)
        lines = [palette.plain(line) for line in self.narration_lines()]
        step.append("This step\n", style="bold")
        step.append(lines[0] + "\n", style="bold")
        for line in lines[1:]:
            step.append("  " + line + "\n")
        narration.update(step)
        hist = Text("Earlier\n", style="bold")
        for line in self.history_lines():
            hist.append(palette.plain(line) + "\n", style="dim")
        history.update(hist)

    def watch_index(self) -> None:
        self.refresh_view()

    def watch_seat(self) -> None:
        self.refresh_view()

    # -- actions -----------------------------------------------------------------------
    def action_step(self, delta: int) -> None:
        """One action forward (+1) or back (-1)."""
        self.index = max(0, min(self.last_index, self.index + delta))

    def action_turn(self, delta: int) -> None:
        """To the next (+1) or previous (-1) turn of a different player."""
        if self.replay is not None:
            self.index = (self.replay.next_turn_index(self.index) if delta > 0
                          else self.replay.prev_turn_index(self.index))

    def action_game(self, delta: int) -> None:
        """To the start of the next (+1) or previous (-1) game of the match."""
        if self.replay is not None:
            self.index = (self.replay.next_hand_index(self.index) if delta > 0
                          else self.replay.prev_hand_index(self.index))

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

    def action_close(self) -> None:
        """Back to the previous screen, or quit if the replay is the only screen."""
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        else:
            self.app.exit()
