"""The table screen of Nickels (3 to 7 players, rules NK-1 to NK-22).

Top to bottom on the felt: the round's contract with the draw pile (its count) and
the discard pile (top card and the count beneath); the melds panel (one row per
player: name, cards held, down or not, claims used, and that player's melds
``m3 ▸ 4♠5♠6♠7♠``); the decision bar for a quick question (a claim offer, which
arrangement of a meld, which meld to lay off on); your hand as a fan (grouped by
suit or rank, ``g``). The side column holds the score sheet of the seven rounds.
Seats, bots, undo, hint, the log and the end of the match come from
:class:`tui.screens.base_table.BaseTableScreen`.

The screen reads only ``session.view(seat)`` of the human shown, and never decides
a rule: every move is built as an engine action and ``session.act`` refuses an
illegal one with the engine's sentence (which names the rule).

Keys: ←/→ move, space select (or pass on an offer), ``g`` group by suit/rank,
``t`` take, ``p`` pass, ``c`` claim, ``m`` lay the selected cards as one meld (1-9 picks
an arrangement when the jokers can stand for several cards), ``o`` lay off the selected
card (then the meld's number and Enter, or click a meld), ``w`` swap a joker (select the
natural card), ``d`` discard, Esc cancel; z / h / l / ? from the base. Enter plays only the move
the bar above the hand names (a typed meld number to lay off on, the hinted move while its
cards are selected: :meth:`NickelsTableScreen.enter_move`); several ways are chosen by number.

Several people at one terminal: a claim offer to a person is one public claim window
(:class:`ClaimWindow`) for every person at the table, whose answers become standing
orders (``Session.set_standing_order``) that the session applies in the rules' order,
so nobody needs a hand-off screen per discard.
"""

from __future__ import annotations

from typing import Callable, Sequence

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from engine.grammar import plural
from engine.cards import Card
from engine.core import Action, View
from engine.games.nickels.game import CLAIM, DECLINE, LayMeld, Layoff, Phase, Swap
from engine.games.nickels.view import NickelsView
from tui.games.nickels.ui import (CAPTION_TIP, CHANGE_KINDS, HAND_WORD, JOKER_TIP, KEY_HELP, LEGEND, STRONG_EVENT_KINDS,
                                  action_cards, contract_line, default_key, describe_action, hand_breakdown,
                                  meld_faces, meld_plain, meld_text, meld_tip, name, names, prompt)
from engine.session import TableSession
from tui.screens.base_table import BaseTableScreen
from tui.screens.enter_move import EnterMove
from tui.screens.rummy_input import Outcome, RummyInput
from rich.cells import cell_len, set_cell_size

from engine.core import Event
from tui.widgets.cards import card_small
from tui.widgets.changes import Changes
from tui.widgets.piles import Pile, PileStrip
from tui.widgets.decision import DecisionBar
from tui.widgets.hand import FanHand
from tui.widgets.melds import MeldLine, MeldsPanel


class ClaimWindow(ModalScreen[frozenset[int]]):
    """One public claim window for several people at one terminal (design note): the
    offered card and a key per person who may claim it; Enter when everyone has answered.
    Shows no private card. Returns the seats that claim."""

    DEFAULT_CSS = """
    ClaimWindow { align: center middle; }
    ClaimWindow > Vertical { width: 64; height: auto; border: thick $accent; background: $surface; padding: 1 2; }
    """

    BINDINGS = [Binding("enter", "done", "Done"), Binding("escape", "done", "Nobody claims")]
    #: A window for everyone at the table (it shows no private card).
    PUBLIC_WINDOW = True

    def __init__(self, card_text: str, seats: Sequence[int], names_: Sequence[str]) -> None:
        super().__init__()
        self.card_text = card_text
        self.seats = list(seats)
        self.names = list(names_)
        self.keys: dict[str, int] = {}
        for s in self.seats:
            for ch in self.names[s].lower() + "abcdefghijklmnopqrstuvwxy":
                if ch.isalpha() and ch not in self.keys and ch not in ("q",):
                    self.keys[ch] = s
                    break
        self.claiming: set[int] = set()
        self._text = Static("", id="claim-text")

    def compose(self) -> ComposeResult:
        with Vertical():
            yield self._text

    def on_mount(self) -> None:
        self._draw()

    def _draw(self) -> None:
        parts = [f"{self.card_text} is offered (+1 face-down penalty card for a claim)."]
        for k, s in self.keys.items():
            mark = "claims" if s in self.claiming else "passes"
            parts.append(f"  {self.names[s]}: press {k}  ({mark})")
        parts.append("Enter when done (the first claimant in turn order gets it, NK-13c).")
        self._text.update("\n".join(parts))

    def on_key(self, event: events.Key) -> None:
        seat = self.keys.get(event.key)
        if seat is not None:
            event.stop()
            self.claiming ^= {seat}
            self._draw()

    def action_done(self) -> None:
        self.dismiss(frozenset(self.claiming))


class NickelsTableScreen(BaseTableScreen[NickelsView]):
    """A match of Nickels at the table (see the module docstring).

    Attributes (besides those of :class:`BaseTableScreen`):
        input: the shared rummy input machine (:class:`~tui.screens.rummy_input.RummyInput`): the
            ways offered, the move waiting for its meld number, the number typed, a clicked meld,
            the hinted move. Each key's action only names its kind of move (``NickelsView.moves_for``).
    """

    BINDINGS = [
        Binding("left", "cursor(-1)", "Move", key_display="←→", id="nk.left"),
        Binding("right", "cursor(1)", "Move", show=False, id="nk.right"),
        Binding("space", "space", "Select", id="nk.space"),
        Binding("t", "take", "Take", id="nk.take"),
        Binding("p", "pass_", "Pass", id="nk.pass"),
        Binding("c", "claim", "Claim", id="nk.claim"),
        Binding("m", "meld", "Meld", id="nk.meld"),
        Binding("o", "layoff", "Lay off", id="nk.layoff"),
        Binding("w", "swap", "Swap joker", id="nk.swap"),
        Binding("d", "discard", "Discard", id="nk.discard"),
        Binding("g", "group", "Group", id="nk.group"),
        Binding("enter", "enter_move", "The bar's move", id="nk.enter"),
        Binding("escape", "cancel", "Cancel", id="nk.cancel"),
        *[Binding(str(i), f"digit({i})", "Number", show=False, id=f"nk.digit-{i}") for i in range(10)],
    ]  # + z undo, h hint, l last events, ? rules, s summary, . fast bots, i side panel

    HAND_WORD = HAND_WORD
    STRONG_EVENT_KINDS = STRONG_EVENT_KINDS
    KEY_HELP = KEY_HELP
    LEGEND = LEGEND
    SCORES_TITLE = "Score sheet"

    DEFAULT_CSS = """
    NickelsTableScreen #nk-board { height: 1fr; overflow-y: auto; }
    NickelsTableScreen #nk-info { height: auto; padding: 0 1; }
    NickelsTableScreen #nk-melds { height: 1fr; min-height: 4; max-height: 100%; }
    NickelsTableScreen #nk-bottom { height: auto; }
    /* tall: the melds panel as tall as its melds, the hand at the foot of the table and the felt
       between them (issue 24: at 200x60 early in a round the panel was half empty) */
    NickelsTableScreen.-tall #nk-info { dock: top; }
    NickelsTableScreen.-tall #nk-melds { height: auto; max-height: 100%; }
    NickelsTableScreen.-tall #nk-bottom { dock: bottom; }
    NickelsTableScreen #nk-hand-panel { height: auto; border: round $accent; border-title-color: $accent; }
    NickelsTableScreen #nk-hand-panel.-waiting { border: round $primary 60%; border-title-color: $primary; }
    NickelsTableScreen.-ascii #nk-hand-panel { border: ascii $primary; }
    NickelsTableScreen #scoreboard { padding: 0 1; text-wrap: nowrap; text-overflow: ellipsis; }
    NickelsTableScreen.-short #nk-info { border: none; height: auto; }
    """

    def __init__(self, session: TableSession, pace: float = 0.6, *, name: str | None = None) -> None:
        super().__init__(session, pace=pace, name=name)
        self.input = RummyInput(lambda: self.view, self.human_act, self.describe_action, action_cards)
        #: several people at one terminal: per seat, (offer key, claims?) from the last claim window
        self._claim_answers: dict[int, tuple[tuple, bool]] = {}
        #: what changed since the shown seat's last move (highlighted, and said in the piles' strip)
        self.changes = Changes(CHANGE_KINDS)
        if len(self.humans) > 1:
            for seat in self.humans:
                session.set_standing_order(seat, self._claim_order(seat))

    # -- layout ----------------------------------------------------------------------
    def compose_table(self) -> ComposeResult:
        with Vertical(id="nk-board"):
            yield PileStrip(id="nk-info", classes="table-panel")
            yield MeldsPanel(id="nk-melds", classes="table-panel")
            with Vertical(id="nk-bottom"):
                yield DecisionBar(id="nk-decision")
                with Vertical(id="nk-hand-panel"):
                    yield FanHand(id="nk-hand")

    def compose_scores(self) -> ComposeResult:
        yield Static("", id="scoreboard")

    def setup_table(self) -> None:
        self.query_one("#nk-info").border_title = "Nickels"
        self.query_one("#nk-melds").border_title = "Players and melds"

    def _space(self) -> str:
        """The select / pass key as prompts and the footer spell it (``Space``, after ``[keys]``)."""
        return self.key_label("nk.space") or "Space"

    @property
    def hand(self) -> FanHand:
        return self.query_one("#nk-hand", FanHand)

    def _card(self, c: Card) -> Text:
        return card_small(c, self.app, on_face=False)

    # -- hooks ---------------------------------------------------------------------------
    def refresh_view(self, view: NickelsView) -> None:
        mine = self.human_turn()
        a = self.ascii
        # space selects a card, except on a claim offer, where it passes (the footer says which)
        offer = mine and view.phase == Phase.OFFER
        self.set_binding_text("Pass" if offer else "Select", "nk.space")
        # one key per move in the footer: on an offer space passes, and p (which passes too) is not shown
        self._replace_bindings(lambda b: b.id == "nk.pass", show=not offer)
        self._draw_piles(view)
        self._draw_melds(view)
        panel = self.query_one("#nk-hand-panel")
        panel.set_class(not mine, "-waiting")
        hand = self.hand
        if self.covered:
            hand.set_cards([], face_up=False)
            panel.border_title = "Hand hidden"
        else:
            hand.set_cards(view.hand)
            for w in hand._slots:
                w.tooltip = JOKER_TIP if w.card is not None and w.card.is_joker else None
            many = len(self.humans) > 1
            who = f"{self.names[view.seat]}'s" if many else "Your"
            known = view.known[view.seat]
            extra = f"others know of {names(known, a, ' ')}" if known else ""
            panel.border_title = hand.title(who, self.key_label("nk.group"), extra)
        self._draw_decision(view)

    def events_logged(self, events: Sequence[Event]) -> None:
        self.changes.add(events, self.names, self.shown_seat)

    def forget_events(self) -> None:
        self.changes.clear()

    def _draw_piles(self, view: NickelsView) -> None:
        """The draw pile and the discard pile as cards (the top card that may be claimed stands
        out), the contract and what just changed beside them."""
        offer = view.phase == Phase.OFFER and bool(view.discards)
        mark, note, tip = "", "", ""
        if offer:
            mark = "claim"
            note = "may be claimed (c)" if view.may_claim(view.seat) and self.human_turn() else "offered"
            tip = "its top card may be claimed out of turn with a face-down penalty card (NK-13c)"
        elif self.changes.pile:
            mark = "new"
        piles = [Pile("Draw pile", view.pool_count, tip="face down; pass (p) on the discard to draw from it"),
                 Pile("Discard pile", len(view.discards), tuple(view.discards), mark, note, tip, "Discard")]
        lines: list[str | Text] = [Text(contract_line(view), style="bold")]
        for line in self.changes.lines:
            lines.append(Text(line, style="italic"))
        strip = self.query_one("#nk-info", PileStrip)
        strip.more_key = self.key_label("table.last")
        strip.show(piles, lines)

    def _draw_melds(self, view: NickelsView) -> None:
        """One row per player: name, cards held, down or not, claims; that player's melds as
        small overlapping cards (one line each on a short screen), what just changed marked."""
        a = self.ascii
        rows = []
        for s, nm in enumerate(self.names):
            mark = (">" if a else "▶") if s == view.to_move else " "
            size = view.hand_sizes[s]
            claims = view.claims[s]
            cap = Text(f"{mark}{nm}", style="bold" if s == view.to_move else "")
            if claims:
                cap.append(f" {claims} claim{'s' if claims != 1 else ''}", style="not bold")
            status = "down" if view.down_turn[s] >= 0 else "not down"
            if s == view.turn and view.owed != (0, 0):  # NK-11: the contract is being laid
                status = "going down"
            cap.append(f"\n {plural(size, 'card', 'cards')} · {status}", style="not bold")
            melds = []
            for tm in view.melds:
                if tm.owner != s:
                    continue
                faces, under = meld_faces(tm.meld, a)
                new, changed = self.changes.marked(tm.id, [c.text for c in faces])
                melds.append(MeldLine(tm.id, meld_text(tm.meld, self._card), faces, under,
                                      Text("run" if tm.meld.is_run else "book", style="dim"),
                                      meld_tip(tm.meld, tm.id, a), changed, new))
            rows.append((cap, melds))
        self.query_one(MeldsPanel).show(rows, target=self.input.target, ascii_only=a, tall=not self.has_class("-short"),
                                        caption_width=23, caption_tip=CAPTION_TIP)

    def _draw_decision(self, view: NickelsView) -> None:
        bar = self.query_one(DecisionBar)
        a = self.ascii
        if not self.human_turn():
            bar.close()
            return
        esc = f"({self.key_label('nk.cancel') or 'Esc'} cancel)"
        inp = self.input
        if view.phase == Phase.OFFER and view.discards:
            enter = self.enter_text()
            claim, pass_ = self.key_label("nk.claim") or "c", self._space()
            bar.ask(f"Claim {name(view.discards[-1], a)} (+1 face-down penalty card)? {claim} claim, {pass_} pass"
                    + (f" · {enter}" if enter else ""))
        elif inp.choices:
            opts = "  ".join(f"{i + 1} {meld_plain(c.meld, a)}" for i, c in enumerate(inp.choices)
                             if isinstance(c, LayMeld))
            if not opts:
                opts = "  ".join(f"{i + 1} {describe_action(c, a)}" for i, c in enumerate(inp.choices))
            bar.ask(f"Which? {opts}  {esc}")
        elif inp.pending:
            card = inp.pending.cards
            what = name(card[0], a) if card else "the card"
            verb = "Lay off" if inp.pending.kind == "layoff" else "Swap in"
            enter = self.enter_text()
            bar.ask(f"{verb} {what} on meld m{inp.digits or '_'}: type its number or click a meld"
                    + (f" · {enter}" if enter else "") + f" {esc}")
        elif self.enter_text():
            bar.ask(f"{self.enter_text()}  {esc}")
        else:
            bar.close()

    def refresh_scores(self, view: NickelsView) -> None:
        """The score sheet of the seven rounds (NK-21, NK-22): rounds down, players across."""
        n = len(self.names)
        board = self.query_one("#scoreboard", Static)
        wide = self.app.size.width
        side = 46 if wide < 100 else max(34, min(58, int(wide * 0.36)))  # the side column (base_table's CSS)
        room = side - 4 - 8  # its border and padding, the round column
        short = [x.split(" (")[0] for x in self.names]  # "Bix (easy)" -> "Bix"
        w = max(3, min(7, room // max(1, n) - 1, max(cell_len(x) for x in short)))
        out = Text(no_wrap=True)
        heads = [x if cell_len(x) <= w else set_cell_size(x, w) for x in short]  # cells: a CJK name is 2 a character
        out.append("Round ".ljust(8) + " ".join(" " * (w - cell_len(x)) + x for x in heads) + "\n", style="bold")
        for r in range(7):
            cur = r == view.round_no and not view.is_over
            label = f"{'>' if self.ascii else '▶'}" if cur else " "
            label += f"{6 + r} hand"
            cells = []
            for s in range(n):
                cells.append(str(view.round_scores[r][s]).rjust(w) if r < len(view.round_scores) else "".rjust(w))
            out.append(label.ljust(8) + " ".join(cells) + "\n", style="bold" if cur else "")
        out.append("Total".ljust(8) + " ".join(str(t).rjust(w) for t in view.totals), style="bold")
        board.update(out)
        rows = 9 + 2
        if board.styles.height is None or board.styles.height.value != rows:
            board.styles.height = rows

    def hand_breakdown(self, data: dict, names_: Sequence[str]) -> str:
        return hand_breakdown(data, names_, self.ascii)

    def prompt(self, view: NickelsView) -> str:
        return prompt(view, self.names, ascii_only=self.ascii,
                      selected=self.hand.selected_cards() if self.human_turn() else (),
                      keys=lambda bid: self.key_label(bid) or default_key(bid))

    def describe_action(self, action: Action) -> str:
        return describe_action(action, self.ascii)

    def reset_input(self) -> None:
        self.input.reset()
        if self.is_mounted:
            for h in self.query("#nk-hand").results(FanHand):
                h.clear_selection()

    def show_hint(self, action: Action) -> None:
        """The bot's move: its cards are selected in the hand, the move said in words."""
        self.input.hinted = action
        self.hand.select_cards(action_cards(action))  # none for a draw: the selection goes, Enter plays it
        self.message(self.describe_action(action), "hint")

    def check_game_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        mine = self.human_turn()
        phase = self.view.phase if mine else None
        if action in ("cursor", "group", "space"):
            return True if mine or action == "group" else None
        if action == "take":
            return phase in (Phase.ACQUIRE, Phase.AFTER)
        if action == "pass_":
            return phase in (Phase.ACQUIRE, Phase.AFTER, Phase.OFFER)
        if action == "claim":
            return True if phase == Phase.OFFER else False
        if action in ("layoff", "swap") and phase == Phase.PLAY:  # offered only when some card fits (NK-15, NK-16)
            kind = Layoff if action == "layoff" else Swap
            return any(isinstance(a, kind) for a in self.legal())
        if action in ("meld", "discard", "layoff", "swap"):
            return True if phase == Phase.PLAY else (None if action == "discard" else False)
        if action == "digit":
            return mine and (bool(self.input.choices) or self.input.pending is not None)
        if action == "cancel":
            return mine and self.has_input()
        return True

    def has_input(self) -> bool:
        """True when Esc has something to cancel: a selection, a pick, a typed number, offered ways."""
        return bool(self.input.has_input() or self.hand.selected_cards() or self.enter_text())

    # -- several people at one terminal: the claim window ---------------------------------
    def _offer_view(self) -> NickelsView:
        """The view of the seat to move, for the public facts of the offer (the claim window
        shows no card of its hand): the phase, the discard pile, the claim counts."""
        return self.session.view(self.session.to_move)  # type: ignore[return-value]

    def _offer_key(self) -> tuple[int, int, int, int]:
        v = self._offer_view()
        return (v.round_no, v.turn_no, len(v.discards), v.turn_claims)

    def _claim_order(self, seat: int) -> Callable[[View, list[Action]], Action | None]:
        def order(view: View, legal: list[Action]) -> Action | None:
            if not isinstance(view, NickelsView) or view.phase != Phase.OFFER:
                return None
            answer = self._claim_answers.get(seat)
            if answer is None or answer[0] != self._offer_key():
                return None
            return CLAIM if answer[1] else DECLINE
        return order

    def _step(self) -> None:
        s = self.session
        if (len(self.humans) > 1 and not s.is_over and self._pending_result is None
                and s.to_move >= 0 and s.is_human(s.to_move)
                and self._offer_view().phase == Phase.OFFER):  # an offer to a person
            self._open_claim_window()
            return
        super()._step()

    def _open_claim_window(self) -> None:
        s = self.session
        offer = self._offer_view()
        key = self._offer_key()
        seats = [h for h in self.humans if offer.may_claim(h)]
        top = offer.discards[-1]
        self.covered = True
        self.redraw()

        def answered(claiming: frozenset[int] | None) -> None:
            for h in seats:
                self._claim_answers[h] = (key, h in (claiming or frozenset()))
            self._log_events(s.advance())
            self._step()

        self.app.push_screen(ClaimWindow(name(top, self.ascii), seats, self.names), answered)

    # -- moves -----------------------------------------------------------------------
    def action_cursor(self, delta: int) -> None:
        if self.human_turn():
            self.hand.move(delta)

    def action_space(self) -> None:
        if not self.human_turn():
            return
        if self.view.phase == Phase.OFFER:
            self._settle(self.input.start("pass"))
            return
        self.hand.toggle()
        self.redraw()

    def action_group(self) -> None:
        group = self.hand.toggle_group()
        self.redraw()
        self.message(f"Hand grouped by {group}.", "info")

    def _settle(self, outcome: Outcome) -> None:
        """After an input step: ways offered or a target awaited -> the bar asks (a refusal is
        already on the status line; a played move redrew the table)."""
        if outcome in ("ask", "wait"):
            self.redraw()

    def action_take(self) -> None:
        self._settle(self.input.start("take"))

    def action_pass_(self) -> None:
        self._settle(self.input.start("pass"))

    def action_claim(self) -> None:
        self._settle(self.input.start("claim"))

    def _one_card(self, what: str) -> Card | None:
        chosen = self.hand.chosen_cards()
        if len(chosen) != 1:
            self.message(f"select one card to {what} ({self._space()} selects, ←/→ move)", "error")
            return None
        return chosen[0]

    def action_discard(self) -> None:
        if not self.human_turn():
            return
        card = self._one_card("discard")
        if card is not None:
            self._settle(self.input.start("discard", [card]))

    def action_meld(self) -> None:
        """m: lay the selected cards as one meld; if they form several (jokers standing for
        different cards, an ace low or high), the decision bar asks which (1-9; the hinted one
        is laid at once)."""
        if not self.human_turn():
            return
        chosen = self.hand.selected_cards()
        if not chosen:
            self.message(f"select the cards of one book or run first ({self._space()} selects)", "error")
            return
        outcome = self.input.start("meld", chosen)
        if outcome == "none":
            self.message(f"{names(chosen, self.ascii, ' ')} form no book (3+ of one rank, NK-7) and no run "
                         "(4+ in sequence of one suit, NK-8)", "error")
        self._settle(outcome)

    def _start_target(self, kind: str) -> None:
        """o / w: the selected card waits for the meld's number (or the meld clicked before)."""
        if not self.human_turn():
            return
        card = self._one_card("lay off" if kind == "layoff" else "swap for a joker")
        if card is None:
            return
        self.hand.select_cards([card])
        self._settle(self.input.start(kind, [card], need=1))

    def action_layoff(self) -> None:
        self._start_target("layoff")

    def action_swap(self) -> None:
        self._start_target("swap")

    def action_digit(self, i: int) -> None:
        if self.human_turn():
            self._settle(self.input.digit(i))

    def enter_move(self) -> EnterMove | None:
        """What Enter plays now (the bar above the hand says it): the typed meld number of a lay
        off or joker swap, or the hinted move while exactly its cards are selected (none for a
        take or a pass). Never one of several offered ways (their numbers choose)."""
        if self.input.pending and self.view.phase != Phase.PLAY:
            return None
        return self.input.enter(self.hand.selected_cards())

    def why_not_game(self, action: str, parameters: tuple[object, ...]) -> str | None:
        phase = self.view.phase
        if action == "enter_move":
            if self.input.choices:
                return "Several ways: press the number of your choice in the bar (Esc cancels)."
            if self.input.pending:
                return "Type the meld's number (or click the meld), then Enter."
            if phase == Phase.PLAY:
                return "Enter plays only the move the bar names (none now): select cards, then m, o, w or d."
            return None
        if action in ("meld", "layoff", "swap", "discard"):
            if phase == Phase.OFFER:
                return f"First answer the offer: {self.key_label('nk.claim') or 'c'} claims it, {self._space()} passes."
            if phase in (Phase.ACQUIRE, Phase.AFTER):
                return "First take the top card (t) or pass it (p); then you meld, lay off, swap and discard."
        if action == "digit":
            o, w = self.key_label("nk.layoff") or "o", self.key_label("nk.swap") or "w"
            return f"A number picks a meld after {o} or {w}, or one of the ways the bar offers."
        if action in ("layoff", "swap") and phase == Phase.PLAY:
            view = self.view
            down = view.down_turn[view.seat]
            what = "lay off" if action == "layoff" else "swap a joker"
            if down < 0:
                m = self.key_label("nk.meld") or "m"
                return f"You {what} once you are down (NK-16): first lay your contract ({m})."
            if down == view.turn_no:
                return f"You went down this turn: {what} from your next turn (NK-15)."
            return ("No card of yours fits a meld on the table now (NK-16)." if action == "layoff"
                    else "No joker on the table stands for a card you hold (NK-16).")
        if action in ("take", "pass_", "claim") and phase == Phase.PLAY:
            return "You have taken or passed already: meld, lay off (o), swap (w) or discard (d) now."
        return None

    def action_cancel(self) -> None:
        self.reset_input()
        self.clear_message()
        self.redraw()

    @on(MeldsPanel.Picked)
    def _meld_picked(self, message: MeldsPanel.Picked) -> None:
        message.stop()
        if not self.human_turn():
            return
        if self.input.pending:
            self._settle(self.input.pick(message.meld_id))
            return
        self.input.pick(message.meld_id)
        if self.input.target is not None:
            o, w = self.key_label("nk.layoff") or "o", self.key_label("nk.swap") or "w"
            self.message(f"m{self.input.target} picked: select a card, {o} to lay it off or {w} to swap it for a "
                         "joker", "info")
        self.redraw()

    @on(FanHand.SelectionChanged)
    def _selection(self, message: FanHand.SelectionChanged) -> None:
        if self.human_turn() and not self.input.pending:
            self._draw_decision(self.view)
            self.refresh_input()


__all__ = ["ClaimWindow", "NickelsTableScreen"]
