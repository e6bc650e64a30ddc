"""The table screen of Naglma's Spite & Malice (2 players, rules SM-1 to SM-20).

The board, top to bottom: the other player's stock deck (count and face-up
top card) and discard decks; the shared play decks (each with its top card,
a wild top marked with the value it stands for, e.g. ``K=7``, and the value
it needs next) beside the draw deck; your stock deck and discard decks; your
hand. Seats, bots, undo, hint, the log and the end of the game come from
:class:`tui.screens.base_table.BaseTableScreen`.

Everything drawn comes from ``session.view(seat)`` of the human seat shown;
the screen never reads the state. Moves go through ``session.act``; refused
moves show the engine's reason, worded by :func:`tui.games.spite_malice.ui.explain_illegal`.

Keys (pick a source, then a target; every binding has an id for the keymap):

=============  =========================================================
1-5            pick a hand card (numbered by value, Ace first)
s              pick your stock deck's top card (SM-8 move 2)
q w e r        pick the top card of your discard deck D1-D4 (move 3);
               with a hand card picked: discard it there (move 4, ends the turn, SM-12)
a b c d        play the picked card on play deck P1-P4 (SM-9)
Enter          the move the prompt names ("Enter: play 7♥ from hand to play deck 2"): the
               hint's move, or the picked card onto the only play deck that takes it
               (autoplay); pressing the card's key again does the same
Esc            cancel the pick
z / h / l / ?  undo / hint (picks the easy bot's move; Enter plays it) / last events / rules
s              (after the end) the summary
=============  =========================================================

Mouse: click a card (hand, your stock, your discard deck), then a play deck
or (for a hand card) one of your discard decks; clicking the picked card
again autoplays it.
"""

from __future__ import annotations

from typing import Sequence

from rich.markup import escape
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from engine.cards import Card
from engine.core import Action
from tui.games.spite_malice.ui import game_breakdown, hand_keys_text, stable_hand
from engine.games.spite_malice.game import SpiteMaliceView
from engine.session import TableSession
from tui.screens.base_table import BaseTableScreen
from tui.screens.enter_move import EnterMove
from tui.games.spite_malice.ui import (DISCARD_KEYS, HAND_KEYS, HAND_WORD, KEY_HELP, PLAY_KEYS, STOCK_KEY,
                                 STRONG_EVENT_KINDS, action_source, action_target, autoplay, build_action,
                                 card_name, describe_action, explain_illegal, game_type_name,
                                 key_range, legal_targets, needs_text, pile_name, prompt, removed_count, result_text,
                                 shown_value_label, source_card)
from tui.widgets.cards import CardWidget

class SMPile(Vertical):
    """One pile of the board: a caption line, the top card drawn big (a
    :class:`CardWidget` whose clicks report ``source`` and ``index``) and a
    note line below (what a play deck needs, the cards under a discard top)."""

    DEFAULT_CSS = """
    SMPile { width: 11; height: 7; align-horizontal: center; }
    SMPile > .pile-cap { width: 11; height: 1; text-align: center; }
    SMPile > .pile-note { width: 11; height: 1; text-align: center; color: $text-muted; }
    SMPile.-hand { width: 9; height: 6; }
    SMPile.-hand > .pile-cap { width: 9; }
    SMPile.-hand > .pile-note { display: none; }
    SMPile > CardWidget.-cursor { border: heavy $accent; }
    SMPile > CardWidget.-selected { border: double $warning; }
    SMPile > CardWidget.-cursor.-selected { border: heavy $warning; }
    SMPile > CardWidget.-ascii.-cursor { border: ascii $accent; }
    SMPile > CardWidget.-ascii.-selected { border: ascii $warning; }
    SMPile.-target > .pile-cap { color: $accent; text-style: bold; }
    SMPile.-picked > .pile-cap { color: $warning; text-style: bold; }
    """

    def __init__(self, source: str, index: int = 0, *, face_up: bool = True, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.source = source
        self.index = index
        self._face_up = face_up
        self._shown: tuple | None = None

    def compose(self) -> ComposeResult:
        yield Static("", classes="pile-cap")
        yield CardWidget(None, face_up=self._face_up, index=self.index, source=self.source)
        yield Static("", classes="pile-note")

    @property
    def card_widget(self) -> CardWidget:
        """The big card of the pile."""
        return self.query_one(CardWidget)

    def show(self, card: Card | None, *, face_up: bool = True, caption: str | Text = "", note: str | Text = "",
             label: str | None = None, picked: bool = False, target: bool = False, dim: bool = False) -> None:
        """Draw the pile: ``card`` (None: an empty slot), a ``label`` replacing the face
        (a count, ``K=7``), the caption and note lines, and the pick/target marks.
        Nothing is touched when the pile already shows exactly this (keeps redraws cheap)."""
        key = (card, face_up, str(caption), str(note), label, picked, target, dim)
        if key == self._shown:
            return
        self._shown = key
        w = self.card_widget
        w.label = label
        w.card = card
        w.face_up = face_up
        w.set_label(label)
        w.selected = picked
        w.cursor = target
        w.dim = dim
        self.set_class(picked, "-picked")
        self.set_class(target, "-target")
        self.query_one(".pile-cap", Static).update(caption, layout=False)
        self.query_one(".pile-note", Static).update(note, layout=False)


class SMBoard(Vertical):
    """The board's four rows (the other player's decks, the play decks, your decks,
    your hand), fitted to the height it gets: rows switch to one-line cards
    (``-compact``), the other player's first, then the play decks, your decks and
    last your hand; if that is still too tall, your decks and then the play decks
    drop their note line (``-bare``: the cards under a discard top, what a play deck needs)."""

    #: The big height of each row (borders included).
    BIG = {"snm-opp": 9, "snm-centre": 9, "snm-mine": 9, "snm-hand": 8}
    #: The steps, in order: (row id, class, rows saved).
    STEPS = (("snm-opp", "-compact", 5), ("snm-centre", "-compact", 4), ("snm-mine", "-compact", 4),
             ("snm-hand", "-compact", 4), ("snm-mine", "-bare", 1), ("snm-centre", "-bare", 1))

    #: Rows of the screen outside the board (the status line's two, the footer's two and the rule
    #: between them), for the first fit before the board has a size.
    OUTSIDE_ROWS = 5

    def on_mount(self) -> None:
        # The first frame is already fitted (issue 22: no big cards that shrink a moment later): the
        # board's height is estimated from the terminal's now, and set exactly at its first resize.
        self.fit(self.app.size.height - self.OUTSIDE_ROWS)

    def on_resize(self) -> None:
        self.fit(self.size.height)

    def fit(self, height: int) -> None:
        """Take the :attr:`STEPS` in order until the rows fit ``height`` rows."""
        if height <= 0:
            return
        total = sum(self.BIG.values())
        on: set[tuple[str, str]] = set()
        for rid, cls, saved in self.STEPS:
            if total <= height:
                break
            on.add((rid, cls))
            total -= saved
        for rid, cls, _ in self.STEPS:
            for row in self.query(f"#{rid}"):
                row.set_class((rid, cls) in on, cls)
                if cls == "-compact":
                    for card in row.query(CardWidget):
                        card.set_compact((rid, cls) in on)


class SpiteMaliceTableScreen(BaseTableScreen[SpiteMaliceView]):
    """A game (or match, SM-17) of Naglma's Spite & Malice at the table.

    Args:
        session: an ``engine.session.Session`` of ``spite_malice`` (not yet advanced, or resumed).
        pace: seconds a bot's move is held back (0 for tests).

    Attributes (besides those of :class:`BaseTableScreen`):
        picked: the pile id of the picked source card (``"hand:2"``, ``"stock"``,
            ``"discard:0"``) or None.
        hint_target: the pile id the last hint suggested for ``picked`` (Enter plays it), or None.
    """

    BINDINGS = [
        *[Binding(k, f"pick('hand:{i}')", "Hand card", show=i == 0, key_display="1-5", id=f"snm.hand-{i + 1}")
          for i, k in enumerate(HAND_KEYS)],
        Binding(STOCK_KEY, "pick('stock')", "Stock", id="snm.stock"),
        *[Binding(k, f"pile('discard:{i}')", "Discard deck", show=i == 0, key_display="q-r",
                  id=f"snm.discard-{i + 1}") for i, k in enumerate(DISCARD_KEYS)],
        *[Binding(k, f"play_on({j})", "Play deck", show=j == 0, key_display="a-d", id=f"snm.play-{j + 1}")
          for j, k in enumerate(PLAY_KEYS)],
        Binding("enter", "enter_move", "Autoplay", id="snm.autoplay"),
        Binding("escape", "cancel", "Cancel", id="snm.cancel"),
    ]  # + z undo, h hint, l last events, ? rules, s summary from BaseTableScreen

    HAND_WORD = HAND_WORD
    STRONG_EVENT_KINDS = STRONG_EVENT_KINDS
    KEY_HELP = KEY_HELP
    SCORES_TITLE = "Stocks"

    DEFAULT_CSS = """
    SpiteMaliceTableScreen #snm-board { height: 1fr; overflow-y: auto; }
    SpiteMaliceTableScreen .snm-row { height: auto; padding: 0 1; }
    SpiteMaliceTableScreen .snm-row { align-horizontal: center; }
    SpiteMaliceTableScreen .snm-row > Horizontal { height: auto; width: auto; }
    SpiteMaliceTableScreen #snm-mine, SpiteMaliceTableScreen #snm-hand { border: round $accent;
        border-title-color: $accent; }
    SpiteMaliceTableScreen #snm-mine.-waiting, SpiteMaliceTableScreen #snm-hand.-waiting {
        border: round $primary 60%; border-title-color: $primary; }
    SpiteMaliceTableScreen.-ascii #snm-mine, SpiteMaliceTableScreen.-ascii #snm-hand { border: ascii $primary; }
    SpiteMaliceTableScreen .snm-gap { width: 2; }
    SpiteMaliceTableScreen #scoreboard { padding: 0 1; text-wrap: nowrap; text-overflow: ellipsis; }
    SpiteMaliceTableScreen .snm-row.-compact SMPile { height: 3; }
    SpiteMaliceTableScreen .snm-row.-compact SMPile.-hand { height: 2; }
    SpiteMaliceTableScreen .snm-row.-compact SMPile > CardWidget { height: 1; width: 3; margin: 0 4; }
    SpiteMaliceTableScreen .snm-row.-compact SMPile.-hand > CardWidget { margin: 0 3; }
    SpiteMaliceTableScreen #snm-opp.-compact SMPile, SpiteMaliceTableScreen .snm-row.-bare SMPile { height: 2; }
    SpiteMaliceTableScreen #snm-opp.-compact SMPile > .pile-note,
    SpiteMaliceTableScreen .snm-row.-bare SMPile > .pile-note { display: none; }
    """

    def __init__(self, session: TableSession, pace: float = 0.6, *, name: str | None = None) -> None:
        super().__init__(session, pace=pace, name=name)
        self.picked: str | None = None
        self.hint_target: str | None = None
        #: the hand as keyed on screen: slot i is key HAND_KEYS[i]; stable within a turn (a played card leaves a gap)
        self.hand_slots: list[Card | None] = []
        v = session.variant
        self._n_play = v.play_deck_count
        self._n_discard = v.discard_deck_count
        self._n_hand = v.hand_card_count

    # -- layout ----------------------------------------------------------------------
    def compose_table(self) -> ComposeResult:
        with SMBoard(id="snm-board"):
            with Vertical(id="snm-opp", classes="snm-row table-panel"):
                with Horizontal():
                    yield SMPile("opp-stock", id="opp-stock")
                    yield Static("", classes="snm-gap")
                    for i in range(self._n_discard):
                        yield SMPile(f"opp-discard:{i}", i, id=f"opp-discard-{i}")
            with Vertical(id="snm-centre", classes="snm-row table-panel"):
                with Horizontal():
                    for j in range(self._n_play):
                        yield SMPile(f"play:{j}", j, id=f"play-{j}")
                    yield Static("", classes="snm-gap")
                    yield SMPile("draw", face_up=False, id="draw")
            with Vertical(id="snm-mine", classes="snm-row"):
                with Horizontal():
                    yield SMPile("stock", id="my-stock")
                    yield Static("", classes="snm-gap")
                    for i in range(self._n_discard):
                        yield SMPile(f"discard:{i}", i, id=f"my-discard-{i}")
            with Vertical(id="snm-hand", classes="snm-row"):
                with Horizontal():
                    for i in range(self._n_hand):
                        yield SMPile("hand", i, id=f"hand-{i}", classes="-hand")

    def compose_scores(self) -> ComposeResult:
        yield Static("", id="scoreboard")

    # -- hooks ---------------------------------------------------------------------------
    def refresh_view(self, view: SpiteMaliceView) -> None:
        me, other = view.seat, 1 - view.seat
        names = self.names
        mine_turn = self.human_turn()
        self.hand_slots = stable_hand(view, self.hand_slots)
        self._footer_keys(view)
        targets = set(legal_targets(view, self.picked, self.hand_slots)) if (self.picked and mine_turn) else set()
        if self.hint_target:
            targets = {self.hint_target}
        many = len(self.humans) > 1
        your = f"{escape(names[me])}'s" if many else "Your"

        # the other player's stock and discard decks (public, SM-18)
        self.query_one("#snm-opp").border_title = f"{escape(names[other])}: stock deck and discard decks"
        self._show_stock(self.query_one("#opp-stock", SMPile), view, other, key=None)
        for i in range(self._n_discard):
            self._show_discard(self.query_one(f"#opp-discard-{i}", SMPile), view.discards[other][i], i, key=None)

        # play decks and the draw deck
        turn = f"turn {view.turns + 1}" if not view.is_over else f"{view.turns} turns"
        self.query_one("#snm-centre").border_title = (
            f"Play decks · {game_type_name(view)} · {turn} (a tie if nobody wins by turn {view.variant.max_turns})")
        for j in range(self._n_play):
            deck = view.play[j] if j < len(view.play) else ()
            top = deck[-1] if deck else None
            key = PLAY_KEYS[j] if j < len(PLAY_KEYS) else ""
            self.query_one(f"#play-{j}", SMPile).show(
                top, caption=Text.assemble((f"P{j + 1}", "bold"), f" {key}" if key else ""),
                note=needs_text(view, j), label=shown_value_label(view, j), target=f"play:{j}" in targets)
        draw = self.query_one("#draw", SMPile)
        removed = removed_count(view)
        draw.show(None, face_up=False, caption="Draw deck", label=str(view.pool_count) if view.pool_count else None,
                  note=f"removed {removed}" if removed else "")

        # own stock and discard decks
        mine = self.query_one("#snm-mine")
        mine.border_title = f"{your} stock deck and discard decks"
        mine.set_class(not mine_turn, "-waiting")
        self._show_stock(self.query_one("#my-stock", SMPile), view, me, key=STOCK_KEY,
                         picked=self.picked == "stock")
        for i in range(self._n_discard):
            pid = f"discard:{i}"
            self._show_discard(self.query_one(f"#my-discard-{i}", SMPile), view.discards[me][i], i,
                               key=DISCARD_KEYS[i] if i < len(DISCARD_KEYS) else "",
                               picked=self.picked == pid, target=pid in targets)

        # the hand
        panel = self.query_one("#snm-hand")
        panel.set_class(not mine_turn, "-waiting")
        hand = [] if self.covered else self.hand_slots
        if self.covered:
            panel.border_title = "Hand hidden"
        else:
            held = len(view.hand)
            count = f"{held} card{'s' if held != 1 else ''}"
            keys = hand_keys_text(hand)
            panel.border_title = f"{your} hand ({count}" + (f", keys {keys})" if keys else ")")
        for i in range(self._n_hand):
            slot = self.query_one(f"#hand-{i}", SMPile)
            shown = i < len(hand) or (i == 0 and not hand)
            if slot.display != shown:
                slot.display = shown
            card = hand[i] if i < len(hand) else None
            key = HAND_KEYS[i] if i < len(HAND_KEYS) and card is not None else ""
            slot.show(card, caption=key, picked=self.picked == f"hand:{i}", dim=card is not None and not mine_turn)

    def _footer_keys(self, view: SpiteMaliceView) -> None:
        """The footer shows the keys that exist now: the hand's slots, this game's discard and play decks."""
        self.set_key_display("snm.hand-1", hand_keys_text(self.hand_slots) or HAND_KEYS[0])
        self.set_key_display("snm.discard-1", key_range(DISCARD_KEYS, self._n_discard))
        self.set_key_display("snm.play-1", key_range(PLAY_KEYS, self._n_play))

    def _show_stock(self, pile: SMPile, view: SpiteMaliceView, seat: int, *, key: str | None,
                    picked: bool = False) -> None:
        count = view.stock_counts[seat]
        top = view.stock_tops[seat]
        cap = Text.assemble(("Stock", "bold"), f" {key}" if key else "", f" ·{count}")
        pile.show(top, caption=cap, note=f"{count} card{'s' if count != 1 else ''}", picked=picked)

    def _show_discard(self, pile: SMPile, cards: tuple, i: int, *, key: str | None, picked: bool = False,
                      target: bool = False) -> None:
        top = cards[-1] if cards else None
        cap = Text.assemble((f"D{i + 1}", "bold"), f" {key}" if key else "", f" ·{len(cards)}" if cards else "")
        under = [c for c in cards[:-1]]
        shown = under[-3:]
        note = ("…" if len(under) > 3 else "") + " ".join(card_name(c, True)[:-1] or "JK" for c in shown)
        if self.ascii:
            note = note.replace("…", "..")
        pile.show(top, caption=cap, note=note, picked=picked, target=target)

    def compose_scores_text(self, view: SpiteMaliceView) -> Text:
        """The scores panel: both stocks (what each player must still empty, SM-13),
        hand sizes, the draw deck and removed pile, the turn and, in a match, the points (SM-17)."""
        s = self.session
        out = Text()
        for seat, name in enumerate(self.names):
            mark = ">" if self.ascii else "▶"
            moving = seat == s.to_move and not s.is_over
            out.append(f"{mark if moving else ' '} ", style="bold")
            out.append(f"{name[:14]:<14}", style="bold" if moving else "")
            out.append(f" stock {view.stock_counts[seat]:>2}  hand {view.hand_sizes[seat]}")
            if self.thinking == seat:
                out.append("  thinking", style="italic")
            out.append("\n")
        out.append(f"Draw deck {view.pool_count} · removed pile {removed_count(view)}\n", style="dim")
        if view.variant.match_to is not None:
            out.append(f"Match to {view.variant.match_to}: "
                       + ", ".join(f"{n} {t}" for n, t in zip(self.names, view.totals)) + "\n")
        if view.is_over:
            out.append(result_text(view, self.names), style="bold")
        return out

    def refresh_scores(self, view: SpiteMaliceView) -> None:
        text = self.compose_scores_text(view)
        if text.plain.endswith("\n"):
            text.right_crop(1)
        board = self.query_one("#scoreboard", Static)
        board.update(text)
        rows = len(text.plain.splitlines()) + 2  # one line each (no wrap), and the border
        if board.styles.height is None or board.styles.height.value != rows:
            board.styles.height = rows

    def hand_breakdown(self, data: dict, names: Sequence[str]) -> str:
        return game_breakdown(data, names)

    def prompt(self, view: SpiteMaliceView) -> str:
        return prompt(view, self.names, self.picked if self.human_turn() else None,
                      many_humans=len(self.humans) > 1, ascii_only=self.ascii, hand=self.hand_slots,
                      enter=self.enter_text())

    def describe_action(self, action: Action) -> str:
        return describe_action(action, self.view, self.ascii)

    def reset_input(self) -> None:
        self.picked = None
        self.hint_target = None

    def show_hint(self, action: Action) -> None:
        """The easy bot's move (``session.hint``): its card is picked and its target
        marked, so Enter plays it."""
        source, target = action_source(self.view, action, self.hand_slots), action_target(action)
        if source is None or target is None:
            super().show_hint(action)
            return
        self.picked, self.hint_target = source, target
        self.message(self.describe_action(action), "hint")  # the prompt names what Enter plays
        self.redraw()

    def check_game_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        mine = self.human_turn()
        if action == "pick":
            pile = str(parameters[0]) if parameters else ""
            if pile.startswith("hand:"):
                i = int(pile[5:])
                if i >= self._n_hand:
                    return False
                if i == 0:  # the one shown in the footer: greyed out while waiting
                    return True if mine else None
                return mine and i < len(self.hand_slots) and self.hand_slots[i] is not None
            return mine  # s: False lets the key fall through to the summary after the end
        if action == "pile":
            i = int(str(parameters[0]).split(":")[1]) if parameters else 0
            if i >= self._n_discard:
                return False
            return True if mine else (None if i == 0 else False)
        if action == "play_on":
            j = int(str(parameters[0])) if parameters else 0
            if j >= self._n_play:
                return False
            return True if mine else (None if j == 0 else False)
        if action == "cancel":
            return mine and self.picked is not None
        return True

    # -- moves -----------------------------------------------------------------------
    def _try(self, action: Action | None, what: str = "") -> bool:
        """Play ``action`` for the shown human, or say why not (the pick stays)."""
        if action is None:
            self.message(what or "that is not a move in Spite & Malice (SM-8)", "error")
            return False
        return self.human_act(action)

    def illegal_text(self, action: Action, reason: str) -> str:
        """The engine's reason, worded for the table by :func:`explain_illegal`."""
        return explain_illegal(action, self.view, reason, self.ascii)

    def _pick(self, pile: str) -> None:
        view = self.view
        if source_card(view, pile, self.hand_slots) is None:
            what = pile_name(pile)
            self.message(f"you hold no {what}" if pile.startswith("hand") else f"{what} is empty", "error")
            return
        if self.picked == pile:
            self.action_autoplay()
            return
        self.picked, self.hint_target = pile, None
        self.clear_message()
        self.redraw()

    def action_pick(self, pile: str) -> None:
        """1-5 / s: pick a hand card or the stock deck's top card (pressing it again autoplays)."""
        if self.human_turn():
            self._pick(pile)

    def action_pile(self, pile: str) -> None:
        """q w e r: with a hand card picked, discard it onto that discard deck (SM-8 move 4,
        ends the turn, SM-12); otherwise pick that discard deck's top card."""
        if not self.human_turn():
            return
        if self.picked is not None and self.picked.startswith("hand:"):
            self._try(build_action(self.view, self.picked, pile, self.hand_slots))
            return
        self._pick(pile)

    def action_play_on(self, deck: int) -> None:
        """a b c d: play the picked card on that play deck (SM-9)."""
        if not self.human_turn():
            return
        if self.picked is None:
            hk = hand_keys_text(self.hand_slots)
            dk = key_range(DISCARD_KEYS, self._n_discard)
            self.message(f"pick a card first: {hk} a hand card, {STOCK_KEY} your stock deck, "
                         f"{dk} a discard deck's top card", "info")
            return
        self._try(build_action(self.view, self.picked, f"play:{deck}", self.hand_slots))

    def enter_move(self) -> EnterMove | None:
        """What Enter plays now (the prompt names it): the hint's move for the picked card, else
        the picked card onto the only play deck that takes it (autoplay); None without a pick or
        when the card fits no play deck, or several (their keys choose)."""
        if self.picked is None:
            return None
        view = self.view
        if self.hint_target is not None:
            action = build_action(view, self.picked, self.hint_target, self.hand_slots)
        else:
            action, _why = autoplay(view, self.picked, self.hand_slots)
        if action is None:
            return None
        return EnterMove(self.describe_action(action), lambda: self._try(action))

    def why_not_game(self, action: str, parameters: tuple[object, ...]) -> str | None:
        pile = str(parameters[0]) if parameters else ""
        if action == "pick" and pile.startswith("hand:"):
            i = int(pile[5:])
            keys = hand_keys_text(self.hand_slots)
            where = f"your hand cards are on {keys}" if keys else "your hand is empty"
            if i >= self._n_hand:
                return f"A hand holds {self._n_hand} cards here: {where}."
            return f"No hand card on {self.key_label(f'snm.hand-{i + 1}') or HAND_KEYS[i]} now: {where}."
        if action == "enter_move":
            if self.picked is None:
                return "Pick a card first (its key), then Enter plays it where it fits."
            return autoplay(self.view, self.picked, self.hand_slots)[1] or None
        return None

    def action_autoplay(self) -> None:
        """The picked card's key again: Enter's move (:meth:`enter_move`), or why there is none."""
        if not self.human_turn() or self.picked is None:
            return
        move = self.enter_move()
        if move is None:
            self.message(autoplay(self.view, self.picked, self.hand_slots)[1], "info")
            return
        move.run()

    def action_cancel(self) -> None:
        """Esc: drop the pick."""
        self.reset_input()
        self.clear_message()
        self.redraw()

    # -- mouse -----------------------------------------------------------------------
    @on(CardWidget.Clicked)
    def _card_clicked(self, message: CardWidget.Clicked) -> None:
        message.stop()
        src = message.source or ""
        if not self.human_turn():
            if not self.session.is_over:
                self.message("wait for your turn", "info")
            return
        if src == "hand":
            self._pick(f"hand:{message.index}")
        elif src == "stock":
            self._pick("stock")
        elif src.startswith("discard:"):
            self.action_pile(src)
        elif src.startswith("play:"):
            self.action_play_on(int(src[5:]))
        elif src.startswith("opp"):
            other = self.names[1 - self.shown_seat]
            self.message(f"you cannot play from {other}'s stock or discard decks (SM-8)", "error")
        elif src == "draw":
            self.message("you draw from the draw deck at the start of your turn (SM-7)", "info")


__all__ = ["SpiteMaliceTableScreen", "SMPile"]
