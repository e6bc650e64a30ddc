"""The Nags table screen: a human (or several at one terminal) plays a whole
Nags match against bots.

Only the Nags parts live here (the runners and piles, the hand, the horse
market, the Nags keys, prompts and hints); seats, bots, hand-off, undo, the
log, the scores and the summary come from
:class:`tui.screens.base_table.BaseTableScreen`.

Everything drawn comes from ``session.view(seat)`` for the human seat shown;
the screen never reads another seat's cards. Moves go through
``session.act``, which validates them; illegal attempts show its reason (``why_illegal``).

Keys (every binding has an id, so the app's keymap can remap it):

=============  ==================================================
←/→            move the cursor along the hand (or the horse market)
space          select / unselect the card under the cursor
2-9 0 j q k a  select every card of that value (0 is the ten)
Enter          play the selection (or the card under the cursor), as the footer and the
               hand's frame name it ("Enter: play 2♣ 2♠"); buy a horse
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

from typing import Sequence

from rich.markup import escape
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical

from engine.grammar import plural
from engine.cards import rank_text
from engine.core import Action, Event
from engine.games.nags.game import Buy, ChooseDirection, DoneBuying, Pass, Phase, Play, Turn
from tui.games.nags.ui import (HAND_WORD, KEY_HELP, STRONG_EVENT_KINDS, VALUE_KEYS, action_words, card_label,
                         game_scores_line, prompt)
from tui.games.nags.widgets import HorseMarket, NagsScoreboard, NagsTableCentre
from tui.games.nags.ui import game_breakdown
from engine.games.nags.game import NagsView
from engine.session import TableSession
from tui.screens.base_table import BaseTableScreen
from tui.screens.enter_move import EnterMove
from tui.widgets.hand import HandView
from tui.widgets.scoreboard import SeatsPanel

_MOVE_GROUP = Binding.Group("Move", compact=True)


def _value_bindings() -> list[Binding]:
    out = []
    for i, (key, value) in enumerate(VALUE_KEYS.items()):
        keys = f"{key},{key.upper()}" if key.isalpha() else key  # the footer shows J Q K A: both cases work
        out.append(Binding(keys, f"value({value})", "All of a value", show=i == 0, key_display="2-9 0 J Q K A",
                           id=f"table.value-{key}"))
    return out


class NagsTableScreen(BaseTableScreen[NagsView]):
    """A Nags match at the table.

    Args:
        session: an ``engine.session.Session`` of Nags (not yet advanced, or resumed).
        pace: seconds a bot's move is held back so a person can follow
            (0 for tests); ``CARDTABLE_PACE`` in the environment overrides it.

    Attributes: those of :class:`BaseTableScreen` (``session``, ``shown_seat``,
    ``thinking``, ``covered``...).
    """

    BINDINGS = [
        Binding("left", "move(-1)", "Move", key_display="←", id="table.left", group=_MOVE_GROUP),
        Binding("right", "move(1)", "Move", key_display="→", id="table.right", group=_MOVE_GROUP),
        Binding("space", "toggle", "Select", id="table.select"),
        *_value_bindings(),
        Binding("enter", "enter_move", "Play", id="table.play"),
        Binding("enter", "buy", "Buy horse", id="table.buy"),
        Binding("t", "turn", "Turn card", id="table.turn"),
        Binding("t", "turn_refused", "Turn card", show=False, id="table.turn"),
        Binding("p", "pass_turn", "Pass", id="table.pass"),
        Binding("p", "pass_refused", "Pass", show=False, id="table.pass"),
        Binding("u", "direction(1)", "Up", id="table.up"),
        Binding("d", "direction(-1)", "Down", id="table.down"),
        Binding("n", "done_buying", "Done buying", id="table.done"),
        Binding("escape", "clear", "Clear", show=False, id="table.clear"),
    ]  # + z undo, h hint, l last events, ? rules, s summary from BaseTableScreen

    HAND_WORD = HAND_WORD
    STRONG_EVENT_KINDS = STRONG_EVENT_KINDS
    KEY_HELP = KEY_HELP

    DEFAULT_CSS = """
    NagsTableScreen #seats { border: round $primary 60%; border-title-color: $primary; height: auto;
                         background: $surface 60%; }
    NagsTableScreen #centre { border: round $primary 60%; border-title-color: $primary; height: 1fr;
                          padding: 0 1; align-vertical: middle; overflow-y: auto; }
    NagsTableScreen #hand-panel { border: round $accent; border-title-color: $accent; height: auto;
                              background: $surface 40%; }
    NagsTableScreen #hand-panel.-waiting { border: round $primary 60%; border-title-color: $primary; }
    NagsTableScreen.-ascii #seats, NagsTableScreen.-ascii #centre,
    NagsTableScreen.-ascii #hand-panel { border: ascii $primary; }
    /* the centre fits itself (NagsTableCentre): one-line piles, then one-line runners */
    NagsTableScreen .-compact-piles > #piles { height: 1; }
    NagsTableScreen .-compact-piles > #runners { margin-bottom: 0; }
    NagsTableScreen .-compact-piles > #piles > * { height: 1; margin: 0 0 0 2; border: none; width: auto; padding: 0; }
    NagsTableScreen .-compact-piles > #piles > DiscardPile { margin: 0; }
    NagsTableScreen .-compact-piles > #piles CardWidget { height: 1; width: 3; }
    NagsTableScreen .-compact-piles #discard-label { height: 1; width: auto; padding: 0 1 0 0; }
    NagsTableScreen .-compact-piles #draw-label { width: auto; }
    NagsTableScreen .-compact-runners RunnerBox > Center { height: 1; }
    NagsTableScreen .-compact-runners RunnerBox CardWidget { height: 1; width: 3; }
    NagsTableScreen .-compact-runners > #runners > #runners-label { height: 1; padding: 0 1 0 0; }
    /* short terminals: the seats without a frame */
    NagsTableScreen.-short #seats { border: none; padding: 0; }
    """

    def __init__(self, session: TableSession, pace: float = 0.6, *, name: str | None = None) -> None:
        super().__init__(session, pace=pace, name=name)
        #: the cards (texts) the last play or turned card put on the discard pile
        self.last_pile: list[str] = []

    # -- hooks ---------------------------------------------------------------------------
    def compose_table(self) -> ComposeResult:
        yield SeatsPanel(id="seats")
        yield NagsTableCentre(id="centre")
        with Vertical(id="hand-panel"):
            yield HandView(id="hand")
            yield HorseMarket(id="market")

    def compose_scores(self) -> ComposeResult:
        yield NagsScoreboard(id="scoreboard")

    def setup_table(self) -> None:
        self.query_one("#seats").border_title = "Seats"
        self.query_one("#centre").border_title = f"{self.game_title}: the table"
        self.query_one("#market").display = False

    def events_logged(self, events: Sequence[Event]) -> None:
        """The last play (or turned card) is remembered, so that the pile shows all of it."""
        for e in events:
            if e.kind in ("play", "turn") and e.data.get("cards"):
                self.last_pile = [str(c) for c in e.data["cards"]]
            elif e.kind in ("deal", "recycle"):
                self.last_pile = []

    def forget_events(self) -> None:
        self.last_pile = []

    def refresh_view(self, view: NagsView) -> None:
        pile = list(view.discard)
        last = len(self.last_pile) if [c.text for c in pile[-len(self.last_pile):]] == self.last_pile else 1
        self.query_one(NagsTableCentre).update_view(view, self.names, last_play=last)
        self.query_one(SeatsPanel).update_view(view, self.names, thinking=self.thinking, bots=self.bots)
        buying = view.phase is Phase.BUY and view.to_move == self.shown_seat and self.session.is_human(self.shown_seat)
        hand, market = self._hand(), self._market()
        if hand.display != (not buying):
            hand.display = not buying
        if market.display != buying:
            market.display = buying
        panel = self.query_one("#hand-panel")
        name = self.names[self.shown_seat]
        if buying:
            market.set_owners({v: self.names[s] for v, s in view.owners})
            panel.border_title = f"{escape(name)}: buy horses (NA-25)"
        else:
            hand.set_cards([] if self.covered else list(view.hand), face_up=not self.covered)
            whose = "Your hand" if len(self.humans) == 1 else f"{escape(name)}'s hand"
            panel.border_title = (f"{whose} ({plural(len(view.hand), 'card', 'cards')})" if not self.covered
                                  else "Hand hidden")
        panel.set_class(not self.human_turn(), "-waiting")
        self._show_enter()

    def refresh_scores(self, view: NagsView) -> None:
        self.query_one(NagsScoreboard).update_view(view, self.names, thinking=self.thinking, humans=self.humans)

    def prompt(self, view: NagsView) -> str:
        return prompt(view, self.names, many_humans=len(self.humans) > 1, ascii_only=self.ascii)

    def hand_over_line(self, data: dict, names: Sequence[str]) -> str:
        return game_scores_line(data, names)

    def hand_breakdown(self, data: dict, names: Sequence[str]) -> str:
        return game_breakdown(data, names)

    def describe_action(self, action: Action) -> str:
        return action_words(action, self.ascii)

    def reset_input(self) -> None:
        self._hand().clear_selection()

    def show_hint(self, action: Action) -> None:
        """A play's cards are selected (Enter plays them); a buy puts the market's cursor on it."""
        if isinstance(action, Play):
            self._hand().select_cards(action.cards)
            them = "them" if len(action.cards) > 1 else "it"
            self.message(f"play {' '.join(card_label(c, self.ascii) for c in action.cards)} "
                         f"(selected: {self.key_label(action='enter_move') or 'Enter'} plays {them})", "hint")
        elif isinstance(action, Buy):
            self._market().pick(action.value)
            self.message(self.describe_action(action), "hint")
        else:
            self.message(self.describe_action(action), "hint")

    def check_game_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        mine = self.human_turn()
        phase = self._phase()
        legal = self._legal() if mine else []
        if action in ("toggle", "value", "clear"):
            return mine and phase is Phase.PLAY and any(isinstance(a, Play) for a in legal)
        if action == "move":
            return mine and phase in (Phase.PLAY, Phase.BUY)
        if action == "turn":
            return mine and phase is Phase.PLAY and Turn() in legal
        if action == "turn_refused":
            return mine and phase is Phase.PLAY and Turn() not in legal
        if action == "pass_turn":
            return mine and phase is Phase.PLAY and Pass() in legal
        if action == "pass_refused":
            return mine and phase is Phase.PLAY and Pass() not in legal
        if action == "direction":
            return mine and phase is Phase.DIRECTION
        if action == "buy":
            if not (mine and phase is Phase.BUY):
                return False
            return True if any(isinstance(a, Buy) for a in legal) else None
        if action == "done_buying":
            return mine and phase is Phase.BUY
        return True

    # -- helpers -------------------------------------------------------------------------
    def _hand(self) -> HandView:
        return self.query_one(HandView)

    def _market(self) -> HorseMarket:
        return self.query_one(HorseMarket)

    def _phase(self) -> Phase:
        return self.view.phase

    def _legal(self) -> list[Action]:
        return self.view.legal_actions()

    # -- actions ---------------------------------------------------------------------
    def action_move(self, delta: int) -> None:
        """←/→: move the cursor along the hand, or along the horse market when buying."""
        if self._phase() is Phase.BUY:
            self._market().move(delta)
        else:
            self._hand().move(delta)

    def action_toggle(self) -> None:  # type: ignore[override]  # Textual's toggle(attribute) is not bound here
        """Space: select or unselect the card under the cursor."""
        self._hand().toggle()
        self.clear_message()

    def action_value(self, value: int) -> None:
        """2-9, 0, j, q, k, a: select all cards of that face value (NA-2)."""
        if not self._hand().select_value(value):
            self.message(f"You hold no {rank_text(value)}.", "info")
        else:
            self.clear_message()

    def action_clear(self) -> None:
        """Escape: unselect every card."""
        self._hand().clear_selection()

    def enter_move(self) -> EnterMove | None:
        """Enter while playing: the selected cards (the card under the cursor if none is selected),
        named in the footer and on the hand's frame; the engine judges the play (and says why
        not, e.g. when only a turn is legal, NA-10/NA-11)."""
        if self._phase() is not Phase.PLAY or not any(isinstance(a, Play) for a in self._legal()):
            return None  # no play at all (only a turn or a pass): Enter names none (why_not_game says why)
        hand = self._hand()
        cards = hand.chosen_cards()
        if not cards:
            return None
        play = Play(tuple(sorted(cards)))
        return EnterMove("play " + " ".join(card_label(c, self.ascii) for c in play.cards),
                         lambda: self.human_act(play))

    def why_not_game(self, action: str, parameters: tuple[object, ...]) -> str | None:
        """Enter when no card can be played: the rule (NA-10) and the key that moves on (NA-11, NA-16)."""
        if action != "enter_move" or self._phase() is not Phase.PLAY:
            return None
        legal = self._legal()
        if any(isinstance(a, Play) for a in legal):
            return "Select the cards to play first (←/→ and space, or a value key)."
        card = self._hand().cursor_card()
        rule = self.session.why_illegal(Play((card,))) if card is not None else ""
        if Turn() in legal:
            step = f"{self.key_label('table.turn') or 't'} turns the top card of the draw pile (NA-11)"
        else:
            step = f"{self.key_label('table.pass') or 'p'} passes (NA-16)"
        return f"Nothing to play: {rule}; {step}." if rule else f"Nothing to play: {step}."

    def _show_enter(self) -> None:
        """The hand's frame names what Enter plays (the footer too, from the base)."""
        self.query_one("#hand-panel").border_subtitle = self.enter_text()

    def action_buy(self) -> None:
        """Enter while buying: buy the horse under the cursor for 10 points (NA-25)."""
        self.human_act(Buy(self._market().value))

    def action_done_buying(self) -> None:
        """n: buy no more horses now (NA-25)."""
        self.human_act(DoneBuying())

    def action_turn(self) -> None:
        """t: turn the top card of the draw pile (NA-11)."""
        self.human_act(Turn())

    def action_turn_refused(self) -> None:
        """t when turning is not allowed: say why (the engine's reason)."""
        self.human_act(Turn())

    def action_pass_turn(self) -> None:
        """p: pass when no card can be turned (NA-16)."""
        self.human_act(Pass())

    def action_pass_refused(self) -> None:
        """p when passing is not allowed: say why."""
        self.human_act(Pass())

    def action_direction(self, direction: int) -> None:
        """u/d: choose up or down after turning a card (Choice, NA-23)."""
        self.human_act(ChooseDirection(direction))

    # -- mouse -------------------------------------------------------------------------
    @on(HandView.SelectionChanged)
    def _selection_changed(self, message: HandView.SelectionChanged) -> None:
        if self.covered:
            message.hand.clear_selection()
        elif self.is_mounted:
            self._show_enter()
            self.refresh_input()

    @on(HorseMarket.Picked)
    def _horse_picked(self, message: HorseMarket.Picked) -> None:
        self.message(f"Enter buys the {rank_text(message.value)} horse for 10 points", "info")
