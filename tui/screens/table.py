"""The table screen: a human (or several at one terminal) plays a whole Nags
match against bots.

Everything drawn comes from ``session.view(seat)`` for the human seat shown;
the screen never reads another seat's cards. Moves go through
``session.act``; illegal attempts show ``session.why_illegal``. Bots choose in
``@work(thread=True)`` workers with a pace delay and a visible "thinking…" cue,
and their choice comes back as a :class:`TableScreen.BotMoved` message that
is applied on the UI thread.

Keys (every binding has an id, so the app's keymap can remap it):

=============  ==================================================
←/→            move the cursor along the hand (or the horse market)
space          select / unselect the card under the cursor
2-9 0 j q k a  select every card of that value (0 is the ten)
Enter          play the selection (or the card under the cursor); buy a horse
t              turn the top card of the draw pile (NA-11)
p              pass (NA-16)
u / d          choose up / down after turning (Choice, NA-23)
n              done buying horses (NA-25)
z              undo back to your previous decision (against bots)
h              hint: shows and selects the suggested cards
l              the last events
?              rules
escape         clear the selection
=============  ==================================================
"""

from __future__ import annotations

import os
import time
from typing import Any

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer
from textual.worker import get_current_worker

from engine.core import Action, Event, IllegalAction
from engine.games.nags import Buy, ChooseDirection, DoneBuying, Pass, Play, Turn
from tui.nags_ui import KEY_HELP, VALUE_KEYS, action_words, card_label, prompt, second_person, thinking_text
from tui.screens.handoff import HandoffScreen
from tui.screens.summary import SummaryScreen
from tui.widgets.cards import ascii_mode, theme_color
from tui.widgets.gamelog import GameLog
from tui.widgets.hand import HandView, HorseMarket
from tui.widgets.runners import TableCentre
from tui.widgets.scoreboard import Scoreboard, SeatsPanel
from tui.widgets.status import StatusLine

_MOVE_GROUP = Binding.Group("Move", compact=True)


def _value_bindings() -> list[Binding]:
    out = []
    for i, (key, value) in enumerate(VALUE_KEYS.items()):
        out.append(Binding(key, f"value({value})", "All of a value", show=i == 0, key_display="2-9 0 J Q K A",
                           id=f"table.value-{key}"))
    return out


class TableScreen(Screen[None]):
    """A Nags match at the table.

    Args:
        session: an ``engine.session.Session`` (not yet advanced, or resumed).
        pace: seconds a bot's move is held back so a person can follow
            (0 for tests); ``CARDTABLE_PACE`` in the environment overrides it.

    Attributes:
        session: the session being played.
        shown_seat: the human seat whose hand is on screen.
        thinking: the bot seat choosing a move now, or None.
    """

    BINDINGS = [
        Binding("left", "move(-1)", "Move", key_display="←", id="table.left", group=_MOVE_GROUP),
        Binding("right", "move(1)", "Move", key_display="→", id="table.right", group=_MOVE_GROUP),
        Binding("space", "toggle", "Select", id="table.select"),
        *_value_bindings(),
        Binding("enter", "play", "Play", id="table.play"),
        Binding("enter", "play_refused", "Play", show=False, id="table.play"),
        Binding("enter", "buy", "Buy horse", id="table.buy"),
        Binding("t", "turn", "Turn card", id="table.turn"),
        Binding("t", "turn_refused", "Turn card", show=False, id="table.turn"),
        Binding("p", "pass_turn", "Pass", id="table.pass"),
        Binding("p", "pass_refused", "Pass", show=False, id="table.pass"),
        Binding("u", "direction(1)", "Up", id="table.up"),
        Binding("d", "direction(-1)", "Down", id="table.down"),
        Binding("n", "done_buying", "Done buying", id="table.done"),
        Binding("z", "undo", "Undo", id="table.undo"),
        Binding("h", "hint", "Hint", id="table.hint"),
        Binding("l", "last_events", "Last events", id="table.last"),
        Binding("question_mark", "rules", "Rules", key_display="?", id="table.rules"),
        Binding("escape", "clear", "Clear", show=False, id="table.clear"),
        Binding("s", "summary", "Match summary", id="table.summary"),
    ]

    DEFAULT_CSS = """
    TableScreen { layout: vertical; }
    TableScreen #table-main { height: 1fr; }
    TableScreen #table-left { width: 1fr; }
    TableScreen #table-right { width: 58; background: $surface; }
    TableScreen #seats { border: round $primary 60%; border-title-color: $primary; height: auto;
                         background: $surface 60%; }
    TableScreen #centre { border: round $primary 60%; border-title-color: $primary; height: 1fr;
                          padding: 0 1; align-vertical: middle; }
    TableScreen #hand-panel { border: round $accent; border-title-color: $accent; height: 8;
                              background: $surface 40%; }
    TableScreen #hand-panel.-waiting { border: round $primary 60%; border-title-color: $primary; }
    TableScreen #scoreboard { border: round $primary 60%; border-title-color: $primary; height: auto; }
    TableScreen #log { border: round $primary 60%; border-title-color: $primary; }
    TableScreen.-ascii #seats, TableScreen.-ascii #centre, TableScreen.-ascii #hand-panel,
    TableScreen.-ascii #scoreboard, TableScreen.-ascii #log { border: ascii $primary; }
    """

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

    def __init__(self, session: Any, pace: float = 0.6, *, name: str | None = None) -> None:
        super().__init__(name=name)
        self.session = session
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
        self._generation = 0
        self._view = None
        self._summary_shown = False
        self._last_move_line = 0  # index in the log of the shown human's last move
        self._started = False

    # -- layout ----------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal(id="table-main"):
            with Vertical(id="table-left"):
                yield SeatsPanel(id="seats")
                yield TableCentre(id="centre")
                with Vertical(id="hand-panel"):
                    yield HandView(id="hand")
                    yield HorseMarket(id="market")
            with Vertical(id="table-right"):
                yield Scoreboard(id="scoreboard")
                yield GameLog(id="log")
        yield StatusLine(id="status")
        yield Footer()

    def on_mount(self) -> None:
        self.set_class(ascii_mode(self.app), "-ascii")
        game = getattr(getattr(self.session, "game", None), "title", "Nags")
        self.query_one("#seats").border_title = "Seats"
        self.query_one("#centre").border_title = f"{game}: the table"
        self.query_one("#scoreboard").border_title = "Scores (points)"
        self.query_one("#log").border_title = "Game log"
        self.query_one("#market").display = False
        self.sub_title = game
        self._apply_felt()
        self.watch(self.app, "theme", lambda *_: self._apply_felt(), init=False)
        log = self.query_one(GameLog)
        for line in getattr(self.session, "narration", [])[-200:]:  # a resumed match's story so far
            log.add_line(second_person(line, self.names))
        log.add_line(f"{game}: " + ", ".join(self.names) + (f" (seed {self.session.seed})"
                                                               if getattr(self.session, "seed", None) else ""))
        self.call_after_refresh(self._start)

    def _start(self) -> None:
        if self._started:
            return
        self._started = True
        try:
            events = self.session.advance()
        except IllegalAction as err:
            self._status().set_message(str(err), "error")
            events = []
        self._log_events(events)
        self._step()

    def _apply_felt(self) -> None:
        felt = theme_color(self.app, "felt")
        self.query_one("#table-left").styles.background = felt

    # -- helpers ---------------------------------------------------------------------
    def _status(self) -> StatusLine:
        return self.query_one(StatusLine)

    def _hand(self) -> HandView:
        return self.query_one(HandView)

    def _market(self) -> HorseMarket:
        return self.query_one(HorseMarket)

    def _log_events(self, events: list[Event]) -> None:
        if events:
            self.query_one(GameLog).add_events(events, self.names)

    @property
    def view(self):
        """The current view of the shown seat (refreshed after every change)."""
        if self._view is None:
            self._view = self.session.view(self.shown_seat)
        return self._view

    def human_turn(self) -> bool:
        """True when the seat shown is a human who may act now."""
        s = self.session
        return (not s.is_over and not self.covered and self.thinking is None
                and s.to_move == self.shown_seat and s.is_human(self.shown_seat))

    def _phase(self) -> str:
        return self.view.phase

    def _legal(self) -> list[Action]:
        return self.view.legal_actions()

    # -- the driving loop ------------------------------------------------------------
    def _refresh_table(self) -> None:
        """Redraw every panel from the shown seat's view."""
        with self.app.batch_update():
            self._redraw()

    def _redraw(self) -> None:
        self._view = self.session.view(self.shown_seat)
        view = self._view
        self.query_one(TableCentre).update_view(view, self.names)
        self.query_one(Scoreboard).update_view(view, self.names, thinking=self.thinking, humans=self.humans)
        self.query_one(SeatsPanel).update_view(view, self.names, thinking=self.thinking, bots=self.bots)
        buying = view.phase == "buy" and view.to_move == self.shown_seat and self.session.is_human(self.shown_seat)
        hand, market = self._hand(), self._market()
        if hand.display != (not buying):
            hand.display = not buying
        if market.display != buying:
            market.display = buying
        panel = self.query_one("#hand-panel")
        name = self.names[self.shown_seat]
        if buying:
            market.set_owners({v: self.names[s] for v, s in view.owners})
            panel.border_title = f"{name}: buy horses (NA-25)"
        else:
            hand.set_cards([] if self.covered else list(view.hand), face_up=not self.covered)
            whose = "Your hand" if len(self.humans) == 1 else f"{name}'s hand"
            panel.border_title = f"{whose} ({len(view.hand)} cards)" if not self.covered else "Hand hidden"
        panel.set_class(not self.human_turn(), "-waiting")
        status = self._status()
        if self.thinking is not None:
            status.set_prompt(thinking_text(self.names[self.thinking], ascii_mode(self.app)))
        elif self.covered and not self.session.is_over:
            status.set_prompt(f"Pass the keyboard to {self.names[self.session.to_move]}")
        else:
            status.set_prompt(prompt(view, self.names, many_humans=len(self.humans) > 1,
                                     ascii_only=ascii_mode(self.app)))
        self.refresh_bindings()

    def _step(self) -> None:
        """Decide what happens next: the summary, a hand-off, a bot's turn or a human's."""
        s = self.session
        if s.is_over:
            self.thinking = None
            self._refresh_table()
            self._show_summary()
            return
        if s.to_move < 0:  # a chance step left over (e.g. after resume)
            self._log_events(s.advance())
        seat = s.to_move
        if s.is_human(seat):
            self.thinking = None
            if seat != self.shown_seat or (self.covered and len(self.humans) > 1):
                self._hand_off(seat)
                return
            self._refresh_table()
            return
        self.thinking = seat
        self._refresh_table()
        self._think(seat, self._generation)

    def _hand_off(self, seat: int) -> None:
        """Cover the table and wait for ``seat``'s player (several humans, one terminal)."""
        self.covered = True
        self._refresh_table()

        def uncovered(_result: None) -> None:
            self.shown_seat = seat
            self.covered = False
            self._view = None
            self._hand().clear_selection()
            self._refresh_table()

        self.app.push_screen(HandoffScreen(self.names[seat]), uncovered)

    @work(thread=True, exclusive=True, group="table-bots", exit_on_error=False)
    def _think(self, seat: int, generation: int) -> None:
        """Worker thread: ask the bot (view-only) and hold its move for the pace delay."""
        worker = get_current_worker()
        start = time.monotonic()
        try:
            action = self.session.bot_choose(seat)
        except Exception as err:  # noqa: BLE001 - shown to the player, never a traceback
            self.post_message(self.BotFailed(seat, err, generation))
            return
        while not worker.is_cancelled:
            left = self.pace - (time.monotonic() - start)
            if left <= 0:
                break
            time.sleep(min(left, 0.05))
        if not worker.is_cancelled:
            self.post_message(self.BotMoved(seat, action, generation))

    @on(BotMoved)
    def _bot_moved(self, message: BotMoved) -> None:
        if message.generation != self._generation or self.session.to_move != message.seat:
            return
        self.thinking = None
        try:
            events = self.session.act(message.action)
        except IllegalAction as err:
            self._status().set_message(f"{self.names[message.seat]} tried an illegal move: {err}", "error")
            return
        self._log_events(events)
        self._step()

    @on(BotFailed)
    def _bot_failed(self, message: BotFailed) -> None:
        if message.generation != self._generation:
            return
        self.thinking = None
        self._status().set_message(f"{self.names[message.seat]} could not choose a move: {message.error}",
                                   "error")
        self._refresh_table()

    def _show_summary(self) -> None:
        if self._summary_shown:
            return
        self._summary_shown = True
        history = self.session.view(self.shown_seat).history
        self.app.push_screen(SummaryScreen(self.session, history))

    def _human_act(self, action: Action) -> bool:
        """Try ``action`` for the shown human. Shows the engine's reason if it is
        illegal. Returns True if it was played."""
        if not self.human_turn():
            return False
        reason = self.session.why_illegal(action)
        if reason is not None:
            self._status().set_message(reason, "error")
            return False
        try:
            events = self.session.act(action)
        except IllegalAction as err:
            self._status().set_message(str(err), "error")
            return False
        self._status().clear_message()
        self._hand().clear_selection()
        log = self.query_one(GameLog)
        self._last_move_line = len(log.lines_text)
        self._log_events(events)
        self._step()
        return True

    # -- bindings: what is shown and enabled ------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("last_events",):
            return True
        if action == "rules":
            return True
        if action == "summary":
            return self.session.is_over
        if not self.is_mounted or self._view is None:
            return False
        mine = self.human_turn()
        phase = self._phase()
        legal = self._legal() if mine else []
        if action in ("toggle", "value", "play", "clear"):
            return mine and phase == "play" and any(isinstance(a, Play) for a in legal)
        if action == "move":
            return mine and phase in ("play", "buy")
        if action == "play_refused":
            return mine and phase == "play" and not any(isinstance(a, Play) for a in legal)
        if action == "turn":
            return mine and phase == "play" and Turn() in legal
        if action == "turn_refused":
            return mine and phase == "play" and Turn() not in legal
        if action == "pass_turn":
            return mine and phase == "play" and Pass() in legal
        if action == "pass_refused":
            return mine and phase == "play" and Pass() not in legal
        if action == "direction":
            return mine and phase == "direction"
        if action == "buy":
            if not (mine and phase == "buy"):
                return False
            return True if any(isinstance(a, Buy) for a in legal) else None
        if action == "done_buying":
            return mine and phase == "buy"
        if action == "undo":
            return mine and self.session.can_undo()
        if action == "hint":
            return mine
        return True

    # -- actions ---------------------------------------------------------------------
    def action_move(self, delta: int) -> None:
        """←/→: move the cursor along the hand, or along the horse market when buying."""
        if self._phase() == "buy":
            self._market().move(delta)
        else:
            self._hand().move(delta)

    def action_toggle(self) -> None:
        """Space: select or unselect the card under the cursor."""
        self._hand().toggle()
        self._status().clear_message()

    def action_value(self, value: int) -> None:
        """2-9, 0, j, q, k, a: select all cards of that face value (NA-2)."""
        if not self._hand().select_value(value):
            from engine.cards import rank_text
            self._status().set_message(f"you hold no {rank_text(value)}", "info")
        else:
            self._status().clear_message()

    def action_clear(self) -> None:
        """Escape: unselect every card."""
        self._hand().clear_selection()

    def action_play(self) -> None:
        """Enter: play the selected cards (the card under the cursor if none is selected)."""
        hand = self._hand()
        cards = hand.selected_cards()
        if not cards:
            card = hand.cursor_card()
            if card is None:
                return
            cards = [card]
        self._human_act(Play(tuple(sorted(cards))))

    def action_play_refused(self) -> None:
        """Enter when no play is legal: say why that card cannot be played (the engine's reason)."""
        card = self._hand().cursor_card()
        if card is not None:
            self._human_act(Play((card,)))

    def action_buy(self) -> None:
        """Enter while buying: buy the horse under the cursor for 10 points (NA-25)."""
        self._human_act(Buy(self._market().value))

    def action_done_buying(self) -> None:
        """n: buy no more horses now (NA-25)."""
        self._human_act(DoneBuying())

    def action_turn(self) -> None:
        """t: turn the top card of the draw pile (NA-11)."""
        self._human_act(Turn())

    def action_turn_refused(self) -> None:
        """t when turning is not allowed: say why (the engine's reason)."""
        self._human_act(Turn())

    def action_pass_turn(self) -> None:
        """p: pass when no card can be turned (NA-16)."""
        self._human_act(Pass())

    def action_pass_refused(self) -> None:
        """p when passing is not allowed: say why."""
        self._human_act(Pass())

    def action_direction(self, direction: int) -> None:
        """u/d: choose up or down after turning a card (Choice, NA-23)."""
        self._human_act(ChooseDirection(direction))

    def action_undo(self) -> None:
        """z: take back everything since your previous decision (against bots only)."""
        if not self.session.can_undo():
            self._status().set_message("there is no move of yours to take back", "error")
            return
        self._generation += 1
        self.workers.cancel_group(self, "table-bots")
        try:
            events = self.session.undo()
        except IllegalAction as err:
            self._status().set_message(str(err), "error")
            return
        self._log_events(events)
        self._status().set_message("Move taken back: decide again.", "info")
        self._hand().clear_selection()
        self._step()

    def action_hint(self) -> None:
        """h: ask the easy bot what it would do here; a play's cards are selected."""
        if not self.human_turn():
            return
        try:
            action = self.session.hint(self.shown_seat)
        except ValueError as err:
            self._status().set_message(str(err), "error")
            return
        a = ascii_mode(self.app)
        if isinstance(action, Play):
            self._hand().select_cards(action.cards)
            self._status().set_message(f"play {' '.join(card_label(c, a) for c in action.cards)} "
                                       "(selected: press Enter)", "hint")
        elif isinstance(action, Buy):
            self._market().pick(action.value)
            self._status().set_message(action_words(action, a), "hint")
        else:
            self._status().set_message(action_words(action, a), "hint")

    def action_last_events(self) -> None:
        """l: what happened since your last move (at most 12 lines)."""
        lines = self.query_one(GameLog).lines_text
        recent = lines[self._last_move_line:] or lines[-6:]
        text = "\n".join(recent[-12:]) or "Nothing has happened yet."
        self.notify(text, title="Last events", timeout=10)

    def action_summary(self) -> None:
        """s after the end: the match summary again."""
        if self.session.is_over:
            self._summary_shown = False
            self._show_summary()

    def action_rules(self) -> None:
        """?: the rules (the app's rules screen; the key list if the app has none)."""
        show = getattr(self.app, "show_rules", None)
        if callable(show):
            show()
            return
        self.notify(KEY_HELP, title="Keys", timeout=12)

    # -- mouse -------------------------------------------------------------------------
    @on(HandView.SelectionChanged)
    def _selection_changed(self, message: HandView.SelectionChanged) -> None:
        if self.covered:
            message.hand.clear_selection()

    @on(HorseMarket.Picked)
    def _horse_picked(self, message: HorseMarket.Picked) -> None:
        self._status().set_message(f"Enter buys the {message.value if message.value <= 10 else 'JQKA'[message.value - 11]}"
                                   " horse for 10 points", "info")
