"""The table screen of Nogginate (2 to 6 players, partnerships; rules NG-1 to NG-54).

Top to bottom on the felt: the round, the stock's size and the discard pile (its top
card, its size, frozen or not); the melds panel (one row per team: its players, its
score, down or the minimum it needs, and its melds ``m3 ▸ 4♠5♠6♠7♠ Noggi open``);
the decision bar for a quick question (the partner's "may I go out?", which of several
ways to take the pile); your hand as a fan of 40+ cards grouped by suit or rank
(``g``), drawn in Nogginate's palette (blue clubs, orange diamonds, purple hearts,
green spades; a theme may override them). Seats, bots, undo, hint, the log, the
scores panel and the end of the match come from
:class:`tui.screens.base_table.BaseTableScreen`.

The screen reads only ``session.view(seat)`` of the human shown and never decides a
rule: every move is an engine action and ``session.act`` refuses an illegal one with
the engine's sentence (which names the rule, e.g. "NG-36").

Keys: ←/→ move, space select, ``g`` group; ``d`` draw, ``p`` take the pile (with the
selected two naturals, or the only way), ``o`` the top card onto a Noggi; ``n`` new
Noggi and ``t`` new Nate from the selected cards (more than three: the three-card
start, then one ``add`` per card, NG-26a), a meld's number (or a click on it) adds
the selected cards to it; ``c`` close a Noggi, ``m`` merge Nates, ``b`` place a Bonus,
``f`` Freeze-Nate, ``a`` ask to go out, ``x`` discard (or go out), ``s`` pass;
``y``/``n`` answer the partner; Esc cancel; z / h / l / ? from the base. Enter plays only the
move the bar above the hand names ("Enter: add 10♦ to m1": a typed meld number, the hinted
move while its cards are selected, a cheat card's last step) and never discards
(:meth:`NogginateTableScreen.enter_move`).

With cheat cards (``use_cheat_cards``, NG-11): the info panel adds the cheat stock and its
dead discard pile; ``1`` / ``2`` in the draw step draw one custom and one cheat card / two
cheat cards (NG-26). A power is played by selecting its cheat card, then its targets, the
decision bar saying what each step needs: meld numbers (typed or clicked) for Steal, Combine,
Hands Off, Resurrect, Reconfigure and Remove, a card of the victim's meld for Steal (1-9, 0),
the card to show (selected in the hand) and Enter for Show, a menu (1-8, then a rank) for
Tell, Enter for Jokernate (the bar says what Enter does); ``k`` melds a cheat-Nate (NG-22). A Steal's returned cards
(``team_choice``) are given by number. What the partner showed and told (NG-C6, NG-C7) is in
a strip above the hand, for the seat shown only (behind its hand-off in hot seat).
"""

from __future__ import annotations

from typing import Sequence

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from engine.grammar import plural
from engine.cards import Card
from engine.core import Action
from engine.games.nogginate.cards import CHEAT_CARDS
from engine.games.nogginate.cheats import (COMBINE, HANDS_OFF, JOKERNATE_CARD, RECONFIGURE, REMOVE,
                                           RESURRECT, SHOW, STEAL, TELL, Steal)
from engine.games.nogginate.game import Discard, GoOut, Onto, Phase, TakePile
from engine.games.nogginate.melds import NOGGI
from tui.games.nogginate.palette import SUITS
from tui.games.nogginate.ui import (CAPTION_TIP, CHANGE_KINDS, HAND_WORD, KEY_HELP, LEGEND, STRONG_EVENT_KINDS,
                                    TELL_MENU, action_cards, card_tip, default_key, describe_action, hand_breakdown,
                                    meld_faces, meld_marks_text, meld_tip, name, names, power_name, power_needs, prompt,
                                    shown_text, special_style, team_name, team_status)
from engine.games.nogginate.view import NogginateView
from engine.session import TableSession
from tui.screens.base_table import BaseTableScreen
from tui.screens.enter_move import EnterMove, hinted_move
from tui.screens.rummy_input import Outcome, Pending, RummyInput
from tui.screens.summary import session_teams
from rich.cells import cell_len, set_cell_size

from engine.core import Event
from tui.widgets.cards import card_small
from tui.widgets.changes import Changes
from tui.widgets.piles import Pile, PileStrip
from tui.widgets.decision import DecisionBar
from tui.widgets.hand import FanHand
from tui.widgets.melds import MeldLine, MeldsPanel

#: Each meld power's move kind (``NogginateView.moves_for``) and how many melds it takes (NG-C1 to NG-C9).
POWER_MOVES: dict[Card, tuple[str, int]] = {
    STEAL: ("steal", 2), COMBINE: ("combine", 2), RECONFIGURE: ("reconfigure", 2), HANDS_OFF: ("handsoff", 1),
    RESURRECT: ("resurrect", 1), REMOVE: ("remove", 1)}


class NogginateTableScreen(BaseTableScreen[NogginateView]):
    """A match of Nogginate at the table (see the module docstring).

    Attributes (besides those of :class:`BaseTableScreen`):
        input: the shared rummy input machine (:class:`~tui.screens.rummy_input.RummyInput`): the
            ways offered, the move waiting for its meld number(s) (adding the selected cards, a
            power's melds, Tell's rank), the number typed, the hinted move.
        steal_card: the card picked from the victim's meld (Steal), or None.
        card_choices: the cards offered for that pick (keys 1-9, 0), or [].
        power_for: the cheat card the picks belong to (another selection starts afresh).
    """

    BINDINGS = [
        Binding("left", "cursor(-1)", "Move", key_display="←→", id="ng.left"),
        Binding("right", "cursor(1)", "Move", show=False, id="ng.right"),
        Binding("home", "cursor_end(0)", "First card", show=False, id="ng.home"),
        Binding("end", "cursor_end(-1)", "Last card", show=False, id="ng.end"),
        Binding("space", "select", "Select", id="ng.space"),
        Binding("g", "group", "Group", id="ng.group"),
        Binding("y", "answer(True)", "Yes", id="ng.yes"),
        Binding("n", "answer(False)", "No", id="ng.no"),
        Binding("d", "draw", "Draw", id="ng.draw"),
        Binding("p", "pile", "Take pile", id="ng.pile"),
        Binding("o", "onto", "Onto Noggi", id="ng.onto"),
        Binding("n", "new_meld('noggi')", "New Noggi", id="ng.noggi"),
        Binding("t", "new_meld('nate')", "New Nate", id="ng.nate"),
        Binding("c", "close", "Close", id="ng.close"),
        Binding("m", "merge", "Merge", id="ng.merge"),
        Binding("b", "bonus", "Bonus", id="ng.bonus"),
        Binding("f", "freezenate", "Freeze-Nate", id="ng.freezenate"),
        Binding("k", "cheatnate", "Cheat-Nate", id="ng.cheatnate"),
        Binding("a", "ask", "Ask to go out", id="ng.ask"),
        Binding("x", "discard", "Discard", id="ng.discard"),
        Binding("s", "pass_", "Pass", id="ng.pass"),
        Binding("enter", "enter_move", "The bar's move", id="ng.enter"),
        Binding("escape", "cancel", "Cancel", id="ng.cancel"),
        *[Binding(str(i), f"digit({i})", "Meld number", show=False, id=f"ng.digit-{i}") for i in range(10)],
    ]  # + z undo, h hint, l last events, ? rules, s summary, . fast bots, i side panel

    HAND_WORD = HAND_WORD
    STRONG_EVENT_KINDS = STRONG_EVENT_KINDS
    KEY_HELP = KEY_HELP
    LEGEND = LEGEND

    DEFAULT_CSS = """
    NogginateTableScreen #ng-board { height: 1fr; overflow-y: auto; }
    NogginateTableScreen #ng-info { height: auto; padding: 0 1; }
    NogginateTableScreen #ng-melds { height: 1fr; min-height: 5; max-height: 100%; }
    NogginateTableScreen #ng-bottom { height: auto; }
    /* tall: the melds panel as tall as its melds, the hand at the foot of the table and the felt
       between them (issue 24: at 200x60 early in a round the panel was half empty) */
    NogginateTableScreen.-tall #ng-info { dock: top; }
    NogginateTableScreen.-tall #ng-melds { height: auto; max-height: 100%; }
    NogginateTableScreen.-tall #ng-bottom { dock: bottom; }
    NogginateTableScreen #ng-melds MeldRow > .meld-owner { width: 24; }
    NogginateTableScreen #ng-hand-panel { height: auto; border: round $accent; border-title-color: $accent; }
    NogginateTableScreen #ng-hand-panel.-waiting { border: round $primary 60%; border-title-color: $primary; }
    NogginateTableScreen.-ascii #ng-hand-panel { border: ascii $primary; }
    NogginateTableScreen #ng-hand CardWidget.-special { text-style: bold italic; }
    NogginateTableScreen #ng-shown { height: auto; padding: 0 1; background: $success 20%; display: none; }
    NogginateTableScreen #ng-shown.-open { display: block; }
    """

    def __init__(self, session: TableSession, pace: float = 0.6, *, name: str | None = None) -> None:
        super().__init__(session, pace=pace, name=name)
        self.input = RummyInput(lambda: self.view, self.human_act, self.describe_action, action_cards,
                                plan_for=lambda kind, cards, target: self.view.plan_for(kind, cards, target))
        self.steal_card: Card | None = None
        self.card_choices: list[Card] = []
        self.power_for: Card | None = None
        self.teams: list[list[int]] = session_teams(session) or [[s] for s in range(len(self.names))]
        #: what changed since the shown seat's last move (highlighted, and said in the piles' strip)
        self.changes = Changes(CHANGE_KINDS)

    # -- layout ----------------------------------------------------------------------
    def compose_table(self) -> ComposeResult:
        with Vertical(id="ng-board"):
            yield PileStrip(id="ng-info", classes="table-panel")
            yield MeldsPanel(id="ng-melds", classes="table-panel")
            with Vertical(id="ng-bottom"):
                yield DecisionBar(id="ng-decision")
                yield Static("", id="ng-shown")
                with Vertical(id="ng-hand-panel"):
                    hand = FanHand(id="ng-hand")
                    hand.palette = SUITS
                    yield hand

    def setup_table(self) -> None:
        self.query_one("#ng-info").border_title = "Nogginate"
        self.query_one("#ng-melds").border_title = "Teams and melds"

    @property
    def hand(self) -> FanHand:
        return self.query_one("#ng-hand", FanHand)

    def _card(self, c: Card) -> Text:
        style = special_style(c)
        if style is not None:
            return Text(name(c, self.ascii), style=style)
        return card_small(c, self.app, on_face=False, palette=SUITS)

    # -- hooks ---------------------------------------------------------------------------
    def refresh_view(self, view: NogginateView) -> None:
        mine = self.human_turn()
        self._draw_piles(view)
        self._draw_melds(view)
        panel = self.query_one("#ng-hand-panel")
        panel.set_class(not mine, "-waiting")
        hand = self.hand
        if self.covered:
            hand.set_cards([], face_up=False)
            panel.border_title = "Hand hidden"
        else:
            hand.set_cards(view.hand)
            for w in hand._slots:
                w.set_class(w.card is not None and not w.card.is_natural, "-special")
                w.tooltip = card_tip(w.card) if w.card is not None else None
            many = len(self.humans) > 1
            who = f"{self.names[view.seat]}'s" if many else "Your"
            known = view.known[view.seat]
            extra = f"{len(known)} known to all from the pile" if known else ""
            panel.border_title = hand.title(who, self.key_label("ng.group"), extra)
        strip = self.query_one("#ng-shown", Static)
        text = Text() if self.covered else shown_text(view, self.names, self._card)
        strip.update(text)
        strip.set_class(bool(text.plain), "-open")
        if view.phase == Phase.RETURN and self.human_turn() and view.returning:
            self.input.choices = view.moves_for("give", view.returning[:1])[:RummyInput.MAX_CHOICES]
        self._draw_decision(view)

    def events_logged(self, events: Sequence[Event]) -> None:
        self.changes.add(events, self.names, self.shown_seat)

    def forget_events(self) -> None:
        self.changes.clear()

    def _draw_piles(self, view: NogginateView) -> None:
        """The stock and the discard pile as cards (a frozen pile's top card in the Freeze colour,
        NG-35), with cheat cards the cheat stock and its dead pile; the round and what just
        changed beside them."""
        top = view.discards[-1] if view.discards else None
        frozen = top is not None and not top.is_natural
        mark = "frozen" if frozen else ("new" if self.changes.pile else "")
        note = ("frozen ❄" if not self.ascii else "frozen *") if frozen else ""
        tip = ("frozen: a special card lies on top, nobody may take the pile (NG-35)" if frozen
               else "take it whole with two natural cards of its top card's rank (p), or its top card onto your "
                    "open Noggi (o)")
        piles = [Pile("Stock", view.stock_count, tip="draw two cards from it (d)"),
                 Pile("Discard pile", len(view.discards), tuple(view.discards), mark, note, tip, "Discard")]
        if view.variant.use_cheat_cards:
            piles.append(Pile("Cheat stock", view.cheat_stock_count,
                              tip="draw one custom and one cheat card (1) or two cheat cards (2)", short="Cheat"))
            piles.append(Pile("Cheat pile", len(view.cheat_discards), tuple(view.cheat_discards),
                              "dead" if view.cheat_discards else "", "dead" if view.cheat_discards else "",
                              "played and discarded cheat cards: never taken, never reshuffled (NG-15)"))
        head = Text(f"Round {view.round_no + 1}", style="bold")
        if view.dealer >= 0:
            head.append(f" · dealer {self.names[view.dealer]}", style="not bold")
        lines: list[str | Text] = [head]
        if view.pile_rest:
            lines.append("The pile taken joins the hand once the minimum is met (NG-36)")
        for line in self.changes.lines:
            lines.append(Text(line, style="italic"))
        strip = self.query_one("#ng-info", PileStrip)
        strip.more_key = self.key_label("table.last")
        strip.palette = SUITS
        strip.show(piles, lines)

    def _draw_melds(self, view: NogginateView) -> None:
        """One row per team: its players, score, down or the minimum, Bonus cards, each hand's
        size and cheat cards; its melds as small overlapping cards (one line on a short screen)."""
        a = self.ascii
        rows = []
        cheats = view.cheat_counts or (0,) * len(view.hand_sizes)
        for t, members in enumerate(view.teams):
            on_move = view.to_move in members
            mark = (">" if a else "▶") if on_move else " "
            cap = Text(f"{mark}{team_name(view, t, self.names)}", style="bold" if on_move else "")
            bonus = f" · bonus {view.bonuses[t]}" if view.bonuses[t] else ""
            cap.append(f"\n {view.totals[t]:,} · {team_status(view, t)}{bonus}", style="not bold")
            for s in members:
                short = self.names[s].split(" (")[0]
                short = short if cell_len(short) <= 8 else set_cell_size(short, 8)
                cap.append(f"\n {short} {plural(view.hand_sizes[s], 'card', 'cards')}"
                           + (f" ({cheats[s]}x)" if cheats[s] else ""), style="not bold dim")
            melds = []
            for m in view.melds:
                if m.team != t:
                    continue
                faces, under = meld_faces(m)
                new, changed = self.changes.marked(m.id, [c.text for c in faces])
                melds.append(MeldLine(m.id, self._cards_text(faces, under), faces, under, meld_marks_text(m),
                                      meld_tip(m), changed, new))
            rows.append((cap, melds))
        self.query_one(MeldsPanel).show(rows, target=None, ascii_only=a, tall=not self.has_class("-short"),
                                        palette=SUITS, caption_width=24, caption_tip=CAPTION_TIP)

    def _cards_text(self, cards: Sequence[Card], under: Sequence[str]) -> Text:
        """A meld's cards in one line, a joker with the rank it stands for (``JK(7)``)."""
        out = Text()
        for c, u in zip(cards, under):
            out.append_text(self._card(c))
            if u:
                out.append(f"({u})", style="dim")
        return out

    def _draw_decision(self, view: NogginateView) -> None:
        bar = self.query_one(DecisionBar)
        a = self.ascii
        if not self.human_turn():
            bar.close()
            return
        if view.phase == Phase.ANSWER:
            enter = self.enter_text()
            bar.ask(f"{self.names[view.turn]} asks: \"Partner, may I go out?\"  y yes / n no"
                    + (f" · {enter}" if enter else ""))
        elif view.phase == Phase.RETURN and self.input.choices:
            card = name(view.returning[0], a)
            opts = "  ".join(f"{i + 1} {self.names[getattr(c, 'seat')]}" for i, c in enumerate(self.input.choices))
            bar.ask(f"The Steal returned {names(view.returning, a)}: give {card} to {opts}")
        elif self.input.choices:
            opts = "  ".join(f"{i + 1} {describe_action(c, a)}" for i, c in enumerate(self.input.choices))
            bar.ask(f"Which? {opts}  {self._esc()}")
        elif self._power() is not None and view.phase == Phase.MELD:
            enter = self.enter_text()
            bar.ask(self.power_question() + (f" · {enter}" if enter else ""))
            self._show_targets(view)
        elif self.input.pending and self.input.pending.kind == "add":
            enter = self.enter_text()
            bar.ask(f"Add {names(self.input.pending.cards, a)} to meld m{self.input.digits}_: type its number"
                    + (f" · {enter}" if enter else "") + f" {self._esc()}")
        elif self.enter_text():
            bar.ask(f"{self.enter_text()}  {self._esc()}")
        else:
            bar.close()

    def hand_breakdown(self, data: dict, names_: Sequence[str]) -> str:
        return hand_breakdown(data, names_, self.teams)

    def prompt(self, view: NogginateView) -> str:
        power = self._power() if view.phase == Phase.MELD else None
        if power is not None:
            chosen = self._selected()
            sel = names(chosen, self.ascii)
            x, esc = self.key_label("ng.discard") or "x", self.key_label("ng.cancel") or "Esc"
            # x discards one selected card (action_discard): with more selected it discards nothing
            instead = (f"{x} discards {power_name(power)} instead" if len(chosen) == 1 else
                       f"to discard a card instead, select it alone, then {x}")
            return f"Playing {power_name(power)} ({sel}): answer the bar above; {instead}; {esc} cancels."
        return prompt(view, self.names, ascii_only=self.ascii,
                      selected=self.hand.selected_cards() if self.human_turn() else (),
                      keys=lambda bid: self.key_label(bid) or default_key(bid))

    def describe_action(self, action: Action) -> str:
        return describe_action(action, self.ascii)

    def _esc(self) -> str:
        return f"({self.key_label('ng.cancel') or 'Esc'} cancel)"

    def _space(self) -> str:
        """The select key as prompts and the footer spell it (``Space``, after ``[keys]``)."""
        return self.key_label("ng.space") or "Space"

    def reset_input(self) -> None:
        self.input.reset()
        self._reset_power()
        if self.is_mounted:
            for h in self.query("#ng-hand").results(FanHand):
                h.clear_selection()

    def show_hint(self, action: Action) -> None:
        """The bot's move: its cards are selected in the hand, the move said in words."""
        self.input.hinted = action
        self.hand.select_cards(action_cards(action))  # none for a draw: the selection goes, Enter plays it
        self.message(self.describe_action(action), "hint")

    def check_game_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        mine = self.human_turn()
        phase = self.view.phase if mine else None
        if action == "group":
            return True
        if action in ("cursor", "cursor_end", "select"):
            return True if mine and phase in (Phase.ACQUIRE, Phase.MELD) else None
        if action == "answer":
            return phase == Phase.ANSWER
        if action in ("pile", "onto"):  # shown only when it has a move (issue 24): else the key says why
            return phase == Phase.ACQUIRE and self._acquire_way(action) is None
        if action == "draw":
            return True if phase == Phase.ACQUIRE else (None if not mine else False)
        if action == "cheatnate":
            if not getattr(self.view.variant, "use_cheat_cards", False):
                return False
            return True if phase == Phase.MELD else None
        if action in ("new_meld", "close", "merge", "bonus", "freezenate", "ask", "discard", "pass_"):
            if action == "pass_" and self.session.is_over:
                return False  # s: the match summary
            if action == "discard" and phase == Phase.MELD and not self._may_end_with_x():
                return False  # going out is barred with this last card (NG-44): x is not offered
            return True if phase == Phase.MELD else (None if action in ("new_meld", "discard") else False)
        if action == "digit":
            cheat_draw = phase == Phase.ACQUIRE and self.view.variant.use_cheat_cards
            return mine and (bool(self.input.choices) or phase in (Phase.MELD, Phase.RETURN) or cheat_draw)
        if action == "cancel":
            return mine and self.has_input()
        return True

    # -- helpers ---------------------------------------------------------------------
    def _acquire_way(self, action: str) -> str | None:
        """Why ``p`` (``action`` "pile", NG-36) or ``o`` ("onto", NG-37) has no legal move now (the
        engine's reason for the move the key means), or None when it has one."""
        view = self.view
        legal = view.legal_actions()
        if any(isinstance(a, TakePile if action == "pile" else Onto) for a in legal):
            return None
        if action == "onto" and view.discards:  # the engine's reason is an instruction ("take ... onto")
            team = view.team_of(view.seat)
            noggis = [m for m in view.melds if m.team == team and m.kind == NOGGI and not m.closed]
            top = name(view.discards[-1], self.ascii)
            return (f"{top} extends none of your team's open Noggis (NG-37)" if noggis
                    else "your team has no open Noggi to take it onto (NG-37)")
        meant = view.moves_for(action)
        return (view.why_illegal(meant[0]) if meant else None) or "not now"

    def _acquire_keys(self) -> str:
        """The keys that take cards in the draw step now: ``draw two cards (d) or take the pile (p)``."""
        ways = [f"draw two cards ({self.key_label('ng.draw') or 'd'})"]
        if self.view.phase == Phase.ACQUIRE and self._acquire_way("pile") is None:
            ways.append(f"take the pile ({self.key_label('ng.pile') or 'p'})")
        return " or ".join(ways)

    def _may_end_with_x(self) -> bool:
        """True when some discard (or going out with no card) is legal now: ``x`` has a move."""
        return any(isinstance(a, (Discard, GoOut)) for a in self.legal())

    def has_input(self) -> bool:
        """True when Esc has something to cancel: a selection, a typed number, offered ways, a power's picks."""
        return bool(self.input.has_input() or self.steal_card is not None or self.card_choices
                    or self._selected() or self.enter_text())

    def _selected(self) -> list[Card]:
        return self.hand.selected_cards()

    def _offer(self, moves: Sequence[Action], what: str) -> Outcome:
        """The ways a key names: one is played; several: the decision bar asks which (1-9)."""
        outcome = self.input.offer(moves)
        if outcome == "ask":
            self.message(f"Several ways to {what}: press its number ({self.key_label('ng.cancel') or 'Esc'} "
                         "cancels).", "info")
        return self._settle(outcome)

    def _settle(self, outcome: Outcome) -> Outcome:
        """After an input step: ways offered or a number awaited -> the bar asks (a refusal is on
        the status line already; a played move redrew the table)."""
        if outcome in ("ask", "wait"):
            self.redraw()
        return outcome

    # -- moves -----------------------------------------------------------------------
    def action_cursor(self, delta: int) -> None:
        if self.human_turn():
            self.hand.move(delta)

    def action_cursor_end(self, end: int) -> None:
        """Home / End: the cursor on the first / last card of the hand."""
        if self.human_turn():
            hand = self.hand
            hand.move((end % max(1, len(hand.cards))) - hand.cursor)

    def action_select(self) -> None:
        if self.human_turn():
            self.hand.toggle()
            self.redraw()

    def action_group(self) -> None:
        group = self.hand.toggle_group()
        self.redraw()
        self.message(f"Hand grouped by {group}.", "info")

    def action_answer(self, yes: bool) -> None:
        self._settle(self.input.start("yes" if yes else "no"))

    def action_draw(self) -> None:
        self._settle(self.input.start("draw"))

    def action_pile(self) -> None:
        """p: take the pile (NG-36) with the selected two naturals, or the only way; several: ask."""
        if not self.human_turn():
            return
        view = self.view
        chosen = self._selected()
        pair = chosen if len(chosen) == 2 else ()
        ways = view.moves_for("pile", pair)
        pairs = {x.cards for x in ways if isinstance(x, TakePile) and view.is_legal(x)}
        if len(pairs) > 1 and not pair:
            top = view.discards[-1]
            self.message(f"Several pairs of {top.rank}s could take the pile: select the two naturals "
                         f"({' or '.join(names(p, self.ascii, '+') for p in sorted(pairs))}), then "
                         f"{self.key_label('ng.pile') or 'p'}.", "info")
            return
        self._offer(ways, "take the pile")

    def action_onto(self) -> None:
        """o: the top card onto the team's open Noggi (NG-37): the only one, or ask."""
        if self.human_turn():
            self._offer(self.view.moves_for("onto"), "take the top card onto a Noggi")

    def action_new_meld(self, kind: str) -> None:
        """n / t: the selected cards as a new Noggi / Nate: the three-card start, then one
        ``add`` per further card (NG-26a; ``NogginateView.plan_for``)."""
        if not self.human_turn():
            return
        chosen = self._selected()
        word = "Noggi" if kind == NOGGI else "Nate"
        if len(chosen) < 3:
            need = ("three cards in a row of one suit" if kind == NOGGI
                    else "three cards of one rank (or two and a joker)")
            self.message(f"select {need} for a new {word} first ({self._space()} selects; NG-16, NG-20)", "error")
            return
        self._settle(self.input.start(kind, chosen, plan=True))

    def _add_to(self, mid: int) -> None:
        """The selected cards onto meld ``mid``, one at a time (``plan_for("add")``)."""
        cards = self._selected()
        if not cards:
            self.message(f"select the cards to add to m{mid} first ({self._space()} selects)", "error")
            return
        self.input.start("add", cards, need=1, plan=True)
        self._settle(self.input.pick(mid))

    def action_close(self) -> None:
        """c: close a Noggi of 7+ cards (NG-17): the only one, or ask."""
        if self.human_turn():
            self._offer(self.view.moves_for("close"), "close a Noggi")

    def action_merge(self) -> None:
        """m: merge two open Nates of one rank (NG-24): the only pair, or ask."""
        if not self.human_turn():
            return
        if self._offer(self.view.moves_for("merge"), "merge Nates") == "none":
            self.message("you have no two open Nates of one rank to merge (NG-24)", "error")

    def action_bonus(self) -> None:
        self._settle(self.input.start("bonus"))

    def action_freezenate(self) -> None:
        if self.human_turn():
            self._settle(self.input.start("freezenate"))

    def action_ask(self) -> None:
        self._settle(self.input.start("ask"))

    def action_discard(self) -> None:
        """x: discard the selected card (or the card under the cursor); with no card left, go out."""
        if not self.human_turn():
            return
        chosen = self.hand.chosen_cards() if self.view.hand else []
        if self.view.hand and len(chosen) != 1:
            self.message(f"select one card to discard ({self._space()} selects, ←/→ move)", "error")
            return
        self._settle(self.input.start("discard", chosen))

    def action_pass_(self) -> None:
        self._settle(self.input.start("pass"))

    def action_digit(self, i: int) -> None:
        if not self.human_turn():
            return
        if self.input.choices:
            self._settle(self.input.digit(i))
            return
        if self.view.phase == Phase.ACQUIRE:
            if i in (1, 2) and self.view.variant.use_cheat_cards:  # NG-26: the engine says why not
                self._settle(self.input.start("draw_mixed" if i == 1 else "draw_cheats"))
            return
        if self._power() is not None:
            self._power_digit(i)
            return
        if not self._selected():
            self.message("select cards first, then the number of the meld to add them to", "error")
            return
        if self.input.pending is None or self.input.pending.kind != "add":
            self.input.start("add", self._selected(), need=1, plan=True)
        self._settle(self.input.digit(i))

    def enter_move(self) -> EnterMove | None:
        """What Enter plays now (the bar above the hand says it): a typed meld number (add the
        selected cards to it), a cheat card's step (Show, Tell's rank, Jokernate, a typed meld),
        or the hinted move while exactly its cards are selected (none for a draw). Nothing the
        bar does not name (a selected card is discarded with ``x``), and never one of several
        offered ways (their numbers choose)."""
        view = self.view
        if self.input.choices:
            return None
        if self._power() is not None and view.phase == Phase.MELD:
            return self._power_enter()
        if self.input.pending is not None and view.phase != Phase.MELD:
            return None
        return self.input.enter(self._selected())

    def why_not_game(self, action: str, parameters: tuple[object, ...]) -> str | None:
        view = self.view
        if action == "enter_move":
            if self.input.choices or view.phase == Phase.RETURN:
                return "Several ways: press the number of your choice in the bar (Esc cancels)."
            if self._power() is not None and view.phase == Phase.MELD:
                return self.power_question()
            if view.phase == Phase.MELD:
                return ("Enter plays only the move the bar names (none now): select cards, then n, t or a "
                        "meld's number; x discards.")
            return None
        if action == "discard" and view.phase == Phase.MELD and not self._may_end_with_x():
            last = view.hand[0] if len(view.hand) == 1 else None
            why = view.why_illegal(Discard(last)) if last is not None else None
            s = self.key_label("ng.pass") or "s"
            return (f"You may not go out now{': ' + why if why else ''}; {s} passes and keeps the last card (NG-44)."
                    if last is not None else why)
        if action in ("pile", "onto") and view.phase == Phase.ACQUIRE:
            why = self._acquire_way(action)
            what = "take the pile" if action == "pile" else "take the top card onto a Noggi"
            key = self.key_label("ng.pile" if action == "pile" else "ng.onto")
            return f"{key} cannot {what} now: {why}; {self._acquire_keys()}." if why else None
        if action == "pass_" and view.phase == Phase.ACQUIRE:
            return (f"{self.key_label('ng.pass') or 's'} passes only in the meld step, with one card left (NG-43); "
                    f"first {self._acquire_keys()}.")
        if action in ("new_meld", "close", "merge", "bonus", "freezenate", "ask", "discard", "pass_", "cheatnate"):
            if view.phase == Phase.ACQUIRE:
                return f"First {self._acquire_keys()}; then you meld and discard."
            if view.phase == Phase.ANSWER:
                return "Answer your partner first: y yes, n no."
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
        self.input.digits = ""
        if self.view.phase == Phase.MELD and self._power() is not None:
            if self._power_step() == "meld":
                self._power_meld(message.meld_id)
            else:
                self.message(self.power_question(), "error")
            return
        mid = message.meld_id
        if self.view.phase == Phase.ACQUIRE:
            view = self.view
            pair = self._selected() if len(self._selected()) == 2 else ()
            mine = [x for x in view.moves_for("onto", (), mid) + view.moves_for("pile", pair, mid) if view.is_legal(x)]
            if mine:
                self._offer(mine, f"take the pile onto m{mid}")
                return
        self._add_to(mid)

    @on(FanHand.SelectionChanged)
    def _selection(self, message: FanHand.SelectionChanged) -> None:
        if self.human_turn():
            power = self._power()
            if power is not self.power_for:
                self._reset_power()
                self.power_for = power
            p = self.input.pending
            if p is not None and p.kind == "add":  # the cards to add are the ones selected now
                p.cards = tuple(self._selected())
            self._draw_decision(self.view)
            self.refresh_input()

    # -- cheat cards (NG-C0 to NG-C9, NG-22) -------------------------------------------
    def _reset_power(self) -> None:
        self.steal_card = None
        self.card_choices = []
        self.power_for = None
        if self._power_pending() is not None:
            self.input.pending, self.input.picks, self.input.digits = None, [], ""

    def _power_pending(self) -> Pending | None:
        """The machine's pending move when it is a cheat card's (a power's melds, Tell's rank)."""
        p = self.input.pending
        return p if p is not None and (p.kind.startswith("tell ") or p.kind in dict(POWER_MOVES.values())) else None

    @property
    def picks(self) -> list[int]:
        """The meld ids picked so far for the selected cheat card's power."""
        return list(self.input.picks) if self._power_pending() is not None else []

    @property
    def tell_advice(self) -> str | None:
        """The Tell recommendation waiting for its rank (``discard`` / ``keep``), or None."""
        p = self._power_pending()
        return p.kind[5:] if p is not None and p.kind.startswith("tell ") else None

    def _power(self) -> Card | None:
        """The cheat card whose power is being played: the only cheat card selected (in the
        meld phase, on your turn), or None."""
        if not self.is_mounted or not self.human_turn():
            return None
        cheats = [c for c in self._selected() if c in CHEAT_CARDS]
        if len(cheats) == 2 and SHOW in cheats:  # Show a cheat card
            return SHOW
        return cheats[0] if len(cheats) == 1 else None

    def _power_usable(self, power: Card) -> bool:
        """True when some legal move other than discarding uses the cheat card ``power`` (e.g.
        Hands Off once the team has an open meld, NG-C2); the bar asks no question that cannot
        be answered."""
        return any(power in action_cards(a) for a in self.view.legal_actions() if not isinstance(a, Discard))

    def _power_step(self) -> str:
        """What the power's next step needs: ``meld`` (a meld number), ``card`` (1-9/0 from
        :attr:`card_choices`), ``tell`` (the menu), ``rank`` (Tell's rank) or ``enter``."""
        power = self._power()
        if power is STEAL and self.picks and self.steal_card is None:
            return "card"
        if power is TELL:
            return "rank" if self.tell_advice else "tell"
        if power in (SHOW, JOKERNATE_CARD):
            return "enter"
        return "meld"

    def power_question(self) -> str:
        """The decision bar's question for the selected cheat card's next step (what it needs)."""
        power = self._power()
        a = self.ascii
        esc = f" ({self.key_label('ng.cancel') or 'Esc'} cancels)"
        if power is None:
            return ""
        if not self._power_usable(power):
            x = self.key_label("ng.discard") or "x"
            needs = power_needs(power)
            why = f"it needs {needs}" if needs else "no legal use this turn"
            return f"{power_name(power)} has nothing to act on now: {why}. {x} discards it{esc}"
        typed = f" m{self.input.digits}_" if self.input.digits else ""
        if power is STEAL:
            if not self.picks:
                return f"Steal: pick the opponent's meld to take from (its number){typed}{esc}"
            victim = self.picks[0]
            if self.steal_card is None:
                opts = "  ".join(f"{(i + 1) % 10} {name(c, a)}" for i, c in enumerate(self.card_choices))
                return f"Steal from m{victim}: pick the card  {opts}{esc}"
            return (f"Steal {name(self.steal_card, a)} from m{victim}: pick your meld to put it on (its number)"
                    f"{typed}{esc}")
        if power is COMBINE:
            if not self.picks:
                return f"Combine: pick your first open Noggi (its number){typed}{esc}"
            return f"Combine m{self.picks[0]} with: pick your other Noggi of that suit{typed}{esc}"
        if power is HANDS_OFF:
            return f"Hands Off: pick your open meld to protect from Steal (its number){typed}{esc}"
        if power is RESURRECT:
            return f"Resurrect: pick your closed meld to reopen (its number){typed}{esc}"
        if power is RECONFIGURE:
            if not self.picks:
                return f"Reconfigure: pick your open Nate to take a natural card from (its number){typed}{esc}"
            return f"Reconfigure from m{self.picks[0]}: pick your open Noggi to put the card on{typed}{esc}"
        if power is REMOVE:
            nat = [c for c in self._selected() if c.is_natural]
            using = f" with {names(nat, a)}" if nat else ""
            return (f"Remove{using}: pick your dirty Nate to clean (its number); its jokers come to your hand"
                    f"{typed}{esc}")
        if power is SHOW:
            other = [c for c in self._selected() if c is not SHOW] or [c for c in self._selected()[1:]]
            if len(other) == 1:
                return f"Show: {name(other[0], a)} to your partner only{esc}"
            return f"Show: select the one card to show your partner ({self._space()}){esc}"
        if power is TELL:
            if self.tell_advice:
                enter = self.key_label(action="enter_move") or "Enter"
                typed = f" {self.input.digits}_" if self.input.digits else ""
                return f"Tell: {self.tell_advice} which rank? type 0-10 (1 then {enter} for 1){typed}{esc}"
            opts = "  ".join(f"{i + 1} {words}" for i, (_adv, words) in enumerate(TELL_MENU))
            return f"Tell your partner: {opts}{esc}"
        if power is JOKERNATE_CARD:
            return f"Jokernate: three jokers start a Jokernate (add more after){esc}"
        return f"{power_name(power)}{esc}"

    def _show_targets(self, view: NogginateView) -> None:
        """Scroll the melds panel to the melds the power's next step picks from (an opponent's
        for Steal's first step, else your team's), so that they are in sight on a small screen."""
        if self._power_step() != "meld":
            return
        team = view.team_of(view.seat)
        theirs = self._power() is STEAL and not self.picks
        target = next((m.id for m in view.melds if (m.team != team) == theirs), None)
        panel = self.query_one(MeldsPanel)
        chip = panel.chip(target) if target is not None else None
        if chip is not None:
            panel.call_after_refresh(panel.scroll_to_widget, chip, animate=False, top=True)

    def _power_digit(self, i: int) -> None:
        step = self._power_step()
        if step == "card":
            k = 10 if i == 0 else i
            if 1 <= k <= len(self.card_choices):
                self._steal_card(self.card_choices[k - 1])
                self.redraw()
            return
        if step == "tell":
            if 1 <= i <= len(TELL_MENU):
                advice = TELL_MENU[i - 1][0]
                ranked = advice in ("discard", "keep")
                self._after_power(self.input.start(f"tell {advice}", need=1 if ranked else 0,
                                                   numbers=range(11) if ranked else None))
            return
        if step == "enter":
            self.message(self.power_question(), "error")
            return
        if step == "meld":
            self._power_started()
        self._after_power(self.input.digit(i))

    def _power_started(self) -> None:
        """The selected power's move waits in the input machine for its melds (started afresh
        when another cheat card, or none of its kind, is pending)."""
        power = self._power()
        kind, need = POWER_MOVES.get(power, ("", 0)) if power is not None else ("", 0)
        p = self.input.pending
        if kind and (p is None or p.kind != kind):
            self.input.start(kind, self._selected(), need=need)

    def _steal_card(self, card: Card) -> None:
        """Steal's card from the victim's meld is picked: the move goes on to the destination."""
        self.steal_card = card
        self.card_choices = []
        p = self.input.pending
        if p is not None:
            p.cards = (STEAL, card)

    def _after_power(self, outcome: Outcome) -> None:
        """After a power's step: a refusal starts its steps again; Steal's victim picked asks for
        the card (``moves_for("steal", ..., victim)``: the cards that can be taken from it)."""
        if outcome == "refused":
            self._failed()
            return
        p = self.input.pending
        if outcome == "wait" and p is not None and p.kind == "steal" and len(self.input.picks) == 1 \
                and self.steal_card is None:
            victim = self.input.picks[0]
            view = self.view
            ways = view.moves_for("steal", self._selected(), victim)
            if len(ways) == 1 and not view.is_legal(ways[0]):  # the engine says why nothing can be taken
                self.input.pending, self.input.picks = None, []
                if not self.human_act(ways[0]):
                    self._failed()
                return
            cards = sorted({x.card for x in ways if isinstance(x, Steal)}, key=lambda c: c.order)
            if len(cards) == 1:
                self._steal_card(cards[0])
                self.message(f"{name(cards[0], self.ascii)} is the only card you can steal from m{victim}.", "info")
            else:
                self.card_choices = cards[:10]
        if outcome in ("ask", "wait", "none"):
            self.redraw()

    def _power_enter(self) -> EnterMove | None:
        """Enter while a cheat card is selected: the hinted power, a typed rank (Tell) or meld
        number, Jokernate, or Show with its one card; else None (the bar asks for more)."""
        hinted = hinted_move(self.input.hinted, self._selected(), action_cards, self.describe_action, self.human_act)
        if hinted is not None:
            return hinted
        power = self._power()
        step = self._power_step()
        pending = self._power_pending()
        if step in ("rank", "meld") and self.input.digits and pending is not None:
            move = self.input.enter(self._selected())
            if move is None:
                return None
            n = self.input.typed()
            words = move.label if step == "rank" or len(self.input.picks) + 1 >= pending.need \
                else f"{power_name(power) if power else 'power'}: m{n}"
            return EnterMove(words, lambda: self._after_power(self.input.pick(n) if n is not None else "none"))
        kind = "jokernate" if power is JOKERNATE_CARD else "show" if power is SHOW else None
        if kind is not None:
            moves = self.view.moves_for(kind, self._selected())
            if len(moves) == 1 and self.view.why_illegal(moves[0]) is None:  # never a refused move
                return EnterMove(self.describe_action(moves[0]), lambda: self.human_act(moves[0]))
        return None

    def _failed(self) -> None:
        """A refused power: start its steps again (the refusal stays on the status line)."""
        self.input.pending, self.input.picks, self.input.digits = None, [], ""
        self.steal_card = None
        self.card_choices = []
        self.redraw()

    def _power_meld(self, mid: int) -> None:
        """The meld ``mid`` picked (clicked, or its number typed) for the selected cheat card's power."""
        self._power_started()
        if self.input.pending is None:
            self.message(self.power_question(), "error")
            return
        self._after_power(self.input.pick(mid))

    def action_cheatnate(self) -> None:
        """k: meld a cheat-Nate (NG-22, the going-out turn only): the selected cheat cards, or the
        only way; several: ask. Nothing legal: the engine says why."""
        if self.human_turn():
            self._offer(self.view.moves_for("cheatnate", self._selected()), "meld a cheat-Nate")


__all__ = ["NogginateTableScreen", "POWER_MOVES"]
