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

from typing import Any, Sequence

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
                                           RESURRECT, SHOW, STEAL, TELL, CheatNate, Combine, Give, HandsOff,
                                           Reconfigure, Remove, Resurrect, Show, StartJokernate, Steal, Tell,
                                           steal_problem)
from engine.games.nogginate.game import (ASK, BONUS_ACT, DRAW, NO, OUT, PASS, YES, Add, Close, Discard, Draw,
                                         FreezeNate, Merge, NewNate, NewNoggi, Onto, Phase, TakePile)
from engine.games.nogginate.melds import FREEZE, JOKER, NATE, NOGGI
from tui.games.nogginate.palette import SUITS
from tui.games.nogginate.ui import (HAND_WORD, KEY_HELP, STRONG_EVENT_KINDS, TELL_MENU, action_cards,
                                    describe_action, hand_breakdown, meld_text, name, names, pile_text,
                                    power_name, prompt, shown_text, special_style, team_name, team_status)
from tui.screens.base_table import BaseTableScreen
from tui.screens.enter_move import EnterMove, hinted_move
from tui.screens.summary import session_teams
from tui.widgets.cards import card_small
from tui.widgets.decision import DecisionBar
from tui.widgets.hand import FanHand
from tui.widgets.melds import MeldLine, MeldsPanel

def meld_plan(kind: str, cards: Sequence[Card], next_id: int) -> list[Action]:
    """The actions that lay ``cards`` as one new meld (NG-26a): the three-card start, then
    one ``add`` per further card onto the new meld ``m<next_id>``.

    Args:
        kind: ``"noggi"`` or ``"nate"``.
        cards: the selected cards (3 or more; a Nate with the Jokernate card: ``jokernate``
            and one ``add`` per joker beyond three, NG-C3).
        next_id: the id the new meld will get (``view.next_id``).
    Returns:
        The actions in order (a Noggi starts from its three lowest cards and grows outward;
        a Nate starts from naturals, jokers added last); the engine judges each one.
    """
    if kind == NATE and JOKERNATE_CARD in cards:  # NG-C3: the Jokernate card starts a Jokernate
        jokers = sum(1 for c in cards if c is JOKER)
        return [StartJokernate()] + [Add(next_id, JOKER) for _ in range(jokers - 3)]
    if kind == NOGGI:
        order = sorted(cards, key=lambda c: (c.rank, c.order))
        return [NewNoggi((order[0], order[1], order[2]))] + [Add(next_id, c) for c in order[3:]]
    nat = [c for c in cards if c.is_natural]
    other = [c for c in cards if not c.is_natural]
    order = nat + other
    start = (order[0], order[1], order[2])
    return [NewNate(start)] + [Add(next_id, c) for c in order[3:]]


class NogginateTableScreen(BaseTableScreen):
    """A match of Nogginate at the table (see the module docstring).

    Attributes (besides those of :class:`BaseTableScreen`):
        choices: the moves offered in the decision bar (1-9 picks one), or [].
        digits: the meld number typed so far (adding the selected cards to it).
        hinted: the last hint's move.
        picks: the meld ids picked so far for the selected cheat card's power.
        steal_card: the card picked from the victim's meld (Steal), or None.
        card_choices: the cards offered for that pick (keys 1-9, 0), or [].
        tell_advice: the Tell recommendation waiting for its rank (``discard`` / ``keep``), or None.
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

    DEFAULT_CSS = """
    NogginateTableScreen #ng-board { height: 1fr; overflow-y: auto; }
    NogginateTableScreen #ng-info { height: auto; padding: 0 1; }
    NogginateTableScreen #ng-melds { height: 1fr; min-height: 5; max-height: 100%; }
    NogginateTableScreen #ng-melds MeldRow > .meld-owner { width: 24; }
    NogginateTableScreen #ng-hand-panel { height: auto; border: round $accent; border-title-color: $accent; }
    NogginateTableScreen #ng-hand-panel.-waiting { border: round $primary 60%; border-title-color: $primary; }
    NogginateTableScreen.-ascii #ng-hand-panel { border: ascii $primary; }
    NogginateTableScreen #ng-hand CardWidget.-special { text-style: bold italic; }
    NogginateTableScreen #ng-shown { height: auto; padding: 0 1; background: $success 20%; display: none; }
    NogginateTableScreen #ng-shown.-open { display: block; }
    """

    def __init__(self, session: Any, pace: float = 0.6, *, name: str | None = None) -> None:
        super().__init__(session, pace=pace, name=name)
        self.choices: list[Action] = []
        self.digits = ""
        self.hinted: Action | None = None
        self.picks: list[int] = []
        self.steal_card: Card | None = None
        self.card_choices: list[Card] = []
        self.tell_advice: str | None = None
        self.power_for: Card | None = None
        self.teams: list[list[int]] = session_teams(session) or [[s] for s in range(len(self.names))]

    # -- layout ----------------------------------------------------------------------
    def compose_table(self) -> ComposeResult:
        with Vertical(id="ng-board"):
            yield Static("", id="ng-info", classes="table-panel")
            yield MeldsPanel(id="ng-melds", classes="table-panel")
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
    def refresh_view(self, view: Any) -> None:
        mine = self.human_turn()
        a = self.ascii
        info = Text()
        info.append(f"Round {view.round_no + 1}", style="bold")
        if view.dealer >= 0:
            info.append(f" · dealer {self.names[view.dealer]} · ")
        info.append_text(pile_text(view, self._card))
        self.query_one("#ng-info", Static).update(info)
        rows = []
        for t, members in enumerate(view.teams):
            on_move = view.to_move in members
            mark = (">" if a else "▶") if on_move else " "
            cap = Text(f"{mark}{team_name(view, t, self.names)[:22]}", style="bold" if on_move else "")
            cheats = view.cheat_counts or (0,) * len(view.hand_sizes)
            bonus = f" · bonus {view.bonuses[t]}" if view.bonuses[t] else ""
            # with cheat cards each hand's count of them (public, "(2x)") and the bonus goes up a line
            up = bonus if view.variant.use_cheat_cards else ""
            cap.append(f"\n {view.totals[t]:,} · {team_status(view, t)}{up}", style="not bold")
            sizes = " ".join(f"{self.names[s].split(' (')[0][:5]} {view.hand_sizes[s]}"
                             + (f"({cheats[s]}x)" if cheats[s] else "") for s in members)
            cap.append(f"\n {sizes}{'' if up else bonus}", style="not bold dim")
            melds = [MeldLine(m.id, meld_text(m, self._card, kind=False)) for m in view.melds if m.team == t]
            rows.append((cap, melds))
        self.query_one(MeldsPanel).show(rows, target=None, ascii_only=a)
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
            many = len(self.humans) > 1
            who = f"{self.names[view.seat]}'s" if many else "Your"
            known = view.known[view.seat]
            extra = f", {len(known)} known to all from the pile" if known else ""
            panel.border_title = f"{who} hand ({plural(len(view.hand), 'card', 'cards')}, by {hand.group}: g{extra})"
        strip = self.query_one("#ng-shown", Static)
        text = Text() if self.covered else shown_text(view, self.names, self._card)
        strip.update(text)
        strip.set_class(bool(text.plain), "-open")
        if view.phase == Phase.RETURN and self.human_turn() and view.returning:
            card = view.returning[0]
            self.choices = [x for x in view.legal_actions() if isinstance(x, Give) and x.card == card][:9]
        self._draw_decision(view)

    def _draw_decision(self, view: Any) -> None:
        bar = self.query_one(DecisionBar)
        a = self.ascii
        if not self.human_turn():
            bar.close()
            return
        if view.phase == Phase.ANSWER:
            enter = self.enter_text()
            bar.ask(f"{self.names[view.turn]} asks: \"Partner, may I go out?\"  y yes / n no"
                    + (f" · {enter}" if enter else ""))
        elif view.phase == Phase.RETURN and self.choices:
            card = name(view.returning[0], a)
            opts = "  ".join(f"{i + 1} {self.names[c.seat]}" for i, c in enumerate(self.choices)
                             if isinstance(c, Give))
            bar.ask(f"The Steal returned {names(view.returning, a)}: give {card} to {opts}")
        elif self.choices:
            opts = "  ".join(f"{i + 1} {describe_action(c, a)}" for i, c in enumerate(self.choices))
            bar.ask(f"Which? {opts}  (Esc cancel)")
        elif self._power() is not None and view.phase == Phase.MELD:
            enter = self.enter_text()
            bar.ask(self.power_question() + (f" · {enter}" if enter else ""))
            self._show_targets(view)
        elif self.digits:
            enter = self.enter_text()
            bar.ask(f"Add {names(self.hand.selected_cards(), a)} to meld m{self.digits}_: type its number"
                    + (f" · {enter}" if enter else "") + " (Esc cancel)")
        elif self.enter_text():
            bar.ask(f"{self.enter_text()}  (Esc cancel)")
        else:
            bar.close()

    def hand_breakdown(self, data: dict, names_: Sequence[str]) -> str:
        return hand_breakdown(data, names_, self.teams)

    def prompt(self, view: Any) -> str:
        power = self._power() if view.phase == Phase.MELD else None
        if power is not None:
            sel = names(self._selected(), self.ascii)
            return (f"Playing {power_name(power)} ({sel}): answer the bar above; x discards the card instead, "
                    "Esc cancels.")
        return prompt(view, self.names, ascii_only=self.ascii,
                      selected=self.hand.selected_cards() if self.human_turn() else ())

    def describe_action(self, action: Action) -> str:
        return describe_action(action, self.ascii)

    def reset_input(self) -> None:
        self.choices = []
        self.digits = ""
        self.hinted = None
        self._reset_power()
        if self.is_mounted:
            for h in self.query("#ng-hand").results(FanHand):
                h.clear_selection()

    def show_hint(self, action: Action) -> None:
        """The bot's move: its cards are selected in the hand, the move said in words."""
        self.hinted = action
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
        if action in ("draw", "pile", "onto"):
            return True if phase == Phase.ACQUIRE else (None if action == "draw" and not mine else False)
        if action == "cheatnate":
            if not getattr(self.view.variant, "use_cheat_cards", False):
                return False
            return True if phase == Phase.MELD else None
        if action in ("new_meld", "close", "merge", "bonus", "freezenate", "ask", "discard", "pass_"):
            if action == "pass_" and self.session.is_over:
                return False  # s: the match summary
            return True if phase == Phase.MELD else (None if action in ("new_meld", "discard") else False)
        if action == "digit":
            cheat_draw = phase == Phase.ACQUIRE and self.view.variant.use_cheat_cards
            return mine and (bool(self.choices) or phase in (Phase.MELD, Phase.RETURN) or cheat_draw)
        if action == "cancel":
            return mine and self.has_input()
        return True

    # -- helpers ---------------------------------------------------------------------
    def has_input(self) -> bool:
        """True when Esc has something to cancel: a selection, a typed number, offered ways, a power's picks."""
        return bool(self.choices or self.digits or self.picks or self.steal_card is not None or self.card_choices
                    or self.tell_advice or self._selected() or self.enter_text())

    def _selected(self) -> list[Card]:
        return self.hand.selected_cards()

    def _offer(self, moves: list[Action], what: str) -> None:
        """One move: play it; several: the decision bar asks which (1-9)."""
        if len(moves) == 1:
            self.human_act(moves[0])
            return
        self.choices = moves[:9]
        self.message(f"Several ways to {what}: press its number (Esc cancels).", "info")
        self.redraw()

    def _play_all(self, moves: Sequence[Action]) -> None:
        """Play ``moves`` in order (one meld or card at a time, NG-26a); stop at the first
        refusal, which shows the engine's reason."""
        for i, move in enumerate(moves):
            if not self.human_turn():
                if i < len(moves):
                    self.message(f"Stopped before {describe_action(move, self.ascii)}.", "error")
                return
            if not self.human_act(move):
                return

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
        self.human_act(YES if yes else NO)

    def action_draw(self) -> None:
        self.human_act(DRAW)

    def action_pile(self) -> None:
        """p: take the pile (NG-36) with the selected two naturals, or the only way; several: ask."""
        if not self.human_turn():
            return
        view = self.view
        chosen = sorted(self._selected(), key=lambda c: c.order)
        ways = [x for x in self.legal() if isinstance(x, TakePile)]
        if len(chosen) == 2:
            ways = [x for x in ways if sorted(x.cards, key=lambda c: c.order) == chosen]
        if ways:
            pairs = {x.cards for x in ways}
            if len(pairs) > 1 and len(chosen) != 2:
                top = view.discards[-1]
                self.message(f"Several pairs of {top.rank}s could take the pile: select the two naturals "
                             f"({' or '.join(names(p, self.ascii, '+') for p in sorted(pairs))}), then p.",
                             "info")
                return
            self._offer(ways, "take the pile")
            return
        # Nothing legal: let the engine say why for the most natural attempt.
        if len(chosen) == 2:
            attempt = TakePile((chosen[0], chosen[1]))
        else:
            top = view.discards[-1] if view.discards else (view.hand[0] if view.hand else FREEZE)
            same = [c for c in view.hand if c.is_natural and top.is_natural and c.rank == top.rank]
            pair = (same + [top, top])[:2]
            attempt = TakePile((pair[0], pair[1]))
        self.human_act(attempt)

    def action_onto(self) -> None:
        """o: the top card onto the team's open Noggi (NG-37): the only one, or ask."""
        if not self.human_turn():
            return
        ways = [x for x in self.legal() if isinstance(x, Onto)]
        if ways:
            self._offer(ways, "take the top card onto a Noggi")
            return
        team = self.view.team_of(self.view.seat)
        noggis = [m.id for m in self.view.melds if m.team == team and m.kind == NOGGI]
        self.human_act(Onto(noggis[0] if noggis else 0))

    def action_new_meld(self, kind: str) -> None:
        """n / t: the selected cards as a new Noggi / Nate: the three-card start, then one
        ``add`` per further card (NG-26a)."""
        if not self.human_turn():
            return
        chosen = self._selected()
        word = "Noggi" if kind == NOGGI else "Nate"
        if len(chosen) < 3:
            need = ("three cards in a row of one suit" if kind == NOGGI
                    else "three cards of one rank (or two and a joker)")
            self.message(f"select {need} for a new {word} first (space selects; NG-16, NG-20)", "error")
            return
        hinted = self.hinted
        if isinstance(hinted, (NewNoggi, NewNate)) and sorted(hinted.cards) == sorted(chosen):
            self.human_act(hinted)
            return
        self._play_all(meld_plan(kind, chosen, self.view.next_id))

    def _add_to(self, mid: int) -> None:
        cards = self._selected()
        if not cards:
            self.message(f"select the cards to add to m{mid} first (space selects)", "error")
            return
        # A Noggi grows outward: add the cards nearest its ends first.
        m = next((x for x in self.view.melds if x.id == mid), None)
        if m is not None and m.kind == NOGGI:
            lo = m.lo
            below = sorted((c for c in cards if c.rank < lo), key=lambda c: -c.rank)
            above = sorted((c for c in cards if c.rank >= lo), key=lambda c: c.rank)
            cards = below + above
        elif m is not None and m.kind == NATE:
            cards = [c for c in cards if c.is_natural] + [c for c in cards if not c.is_natural]
        self._play_all([Add(mid, c) for c in cards])

    def action_close(self) -> None:
        """c: close a Noggi of 7+ cards (NG-17): the only one, or ask."""
        if not self.human_turn():
            return
        ways = [x for x in self.legal() if isinstance(x, Close)]
        if ways:
            self._offer(ways, "close a Noggi")
            return
        team = self.view.team_of(self.view.seat)
        noggis = [m.id for m in self.view.melds if m.team == team and m.kind == NOGGI and not m.closed]
        self.human_act(Close(noggis[-1] if noggis else 0))

    def action_merge(self) -> None:
        """m: merge two open Nates of one rank (NG-24): the only pair, or ask."""
        if not self.human_turn():
            return
        ways = [x for x in self.legal() if isinstance(x, Merge)]
        if ways:
            self._offer(ways, "merge Nates")
            return
        self.message("you have no two open Nates of one rank to merge (NG-24)", "error")

    def action_bonus(self) -> None:
        self.human_act(BONUS_ACT)

    def action_freezenate(self) -> None:
        if self.human_turn():
            self.human_act(FreezeNate(sum(1 for c in self.view.hand if c is FREEZE)))

    def action_ask(self) -> None:
        self.human_act(ASK)

    def action_discard(self) -> None:
        """x: discard the selected card (or the card under the cursor); with no card left, go out."""
        if not self.human_turn():
            return
        view = self.view
        if not view.hand:
            self.human_act(OUT)
            return
        chosen = self._selected() or ([self.hand.cursor_card()] if self.hand.cursor_card() else [])
        if len(chosen) != 1 or chosen[0] is None:
            self.message("select one card to discard (space selects, ←/→ move)", "error")
            return
        self.human_act(Discard(chosen[0]))

    def action_pass_(self) -> None:
        self.human_act(PASS)

    def action_digit(self, i: int) -> None:
        if not self.human_turn():
            return
        if self.choices:
            if 1 <= i <= len(self.choices):
                chosen = self.choices[i - 1]
                self.choices = []
                self.human_act(chosen)
            return
        if self.view.phase == Phase.ACQUIRE:
            if i in (1, 2) and self.view.variant.use_cheat_cards:
                self.human_act(Draw("1c1x" if i == 1 else "2x"))  # NG-26: the engine says why not
            return
        if self._power() is not None:
            self._power_digit(i)
            return
        if not self._selected():
            self.message("select cards first, then the number of the meld to add them to", "error")
            return
        self.digits = (self.digits + str(i)).lstrip("0")[:3]
        ids = [m.id for m in self.view.melds]
        if self.digits and int(self.digits) in ids and not any(
                str(m).startswith(self.digits) and str(m) != self.digits for m in ids):
            self._typed_meld(int(self.digits))  # no longer number starts with it: no Enter needed
            return
        self.redraw()

    def _typed_meld(self, mid: int) -> None:
        """The typed meld number is complete: add the selected cards to meld ``mid``."""
        self.digits = ""
        self._add_to(mid)

    def enter_move(self) -> EnterMove | None:
        """What Enter plays now (the bar above the hand says it): a typed meld number (add the
        selected cards to it), a cheat card's step (Show, Tell's rank, Jokernate, a typed meld),
        or the hinted move while exactly its cards are selected (none for a draw). Nothing the
        bar does not name (a selected card is discarded with ``x``), and never one of several
        offered ways (their numbers choose)."""
        view = self.view
        if self.choices:
            return None
        if self._power() is not None and view.phase == Phase.MELD:
            return self._power_enter()
        if self.digits and view.phase == Phase.MELD:
            cards = self._selected()
            if not cards:
                return None
            mid = int(self.digits)
            return EnterMove(f"add {names(cards, self.ascii)} to m{mid}", lambda: self._typed_meld(mid))
        return hinted_move(self.hinted, self._selected(), action_cards, self.describe_action, self.human_act)

    def why_not_game(self, action: str, parameters: tuple[object, ...]) -> str | None:
        view = self.view
        if action == "enter_move":
            if self.choices or view.phase == Phase.RETURN:
                return "Several ways: press the number of your choice in the bar (Esc cancels)."
            if self._power() is not None and view.phase == Phase.MELD:
                return self.power_question()
            if view.phase == Phase.MELD:
                return ("Enter plays only the move the bar names (none now): select cards, then n, t or a "
                        "meld's number; x discards.")
            return None
        if action == "pass_" and view.phase == Phase.ACQUIRE:
            return "s passes only in the meld step, with one card left (NG-43); first draw (d) or take the pile (p)."
        if action in ("new_meld", "close", "merge", "bonus", "freezenate", "ask", "discard", "pass_", "cheatnate"):
            if view.phase == Phase.ACQUIRE:
                return "First draw two cards (d) or take the pile (p); then you meld and discard."
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
        self.digits = ""
        if self.view.phase == Phase.MELD and self._power() is not None:
            if self._power_step() == "meld":
                self._power_meld(message.meld_id)
            else:
                self.message(self.power_question(), "error")
            return
        if self.view.phase == Phase.ACQUIRE:
            mine = [x for x in self.legal() if (isinstance(x, Onto) and x.meld == message.meld_id)
                    or (isinstance(x, TakePile) and x.meld == message.meld_id)]
            if mine:
                self._offer(mine, f"take the pile onto m{message.meld_id}")
                return
        self._add_to(message.meld_id)

    @on(FanHand.SelectionChanged)
    def _selection(self, message: FanHand.SelectionChanged) -> None:
        if self.human_turn():
            power = self._power()
            if power is not self.power_for:
                self._reset_power()
                self.power_for = power
            self._draw_decision(self.view)
            self.refresh_input()

    # -- cheat cards (NG-C0 to NG-C9, NG-22) -------------------------------------------
    def _reset_power(self) -> None:
        self.picks = []
        self.steal_card = None
        self.card_choices = []
        self.tell_advice = None
        self.power_for = None

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
        esc = " (Esc cancels)"
        if power is None:
            return ""
        if not self._power_usable(power):
            x = self.key_label("ng.discard") or "x"
            return (f"{power_name(power)} has nothing to act on now (no legal use this turn): {x} discards it"
                    f"{esc}")
        typed = f" m{self.digits}_" if self.digits else ""
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
            return f"Show: select the one card to show your partner (space){esc}"
        if power is TELL:
            if self.tell_advice:
                return (f"Tell: {self.tell_advice} which rank? type 0-10 (1 then Enter for 1){typed}{esc}")
            opts = "  ".join(f"{i + 1} {words}" for i, (_adv, words) in enumerate(TELL_MENU))
            return f"Tell your partner: {opts}{esc}"
        if power is JOKERNATE_CARD:
            return f"Jokernate: three jokers start a Jokernate (add more after){esc}"
        return f"{power_name(power)}{esc}"

    def _show_targets(self, view: Any) -> None:
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
                self.steal_card = self.card_choices[k - 1]
                self.card_choices = []
                self.redraw()
            return
        if step == "tell":
            if 1 <= i <= len(TELL_MENU):
                advice = TELL_MENU[i - 1][0]
                if advice in ("discard", "keep"):
                    self.tell_advice = advice
                    self.redraw()
                else:
                    self.human_act(Tell(advice))
            return
        if step == "enter":
            self.message(self.power_question(), "error")
            return
        self.digits = (self.digits + str(i)).lstrip("0")[:3] if step == "meld" else (self.digits + str(i))[:2]
        if step == "rank":
            if self.digits and (self.digits != "1" and int(self.digits) <= 10):
                rank = int(self.digits)
                self.digits = ""
                self._tell_rank(rank)
                return
            if self.digits and int(self.digits) > 10:
                self.digits = ""
            self.redraw()
            return
        ids = [m.id for m in self.view.melds]
        if self.digits and int(self.digits) in ids and not any(
                str(m).startswith(self.digits) and str(m) != self.digits for m in ids):
            mid = int(self.digits)
            self.digits = ""
            self._power_meld(mid)
            return
        self.redraw()

    def _tell_rank(self, rank: int) -> None:
        advice = self.tell_advice or "discard"
        if not self.human_act(Tell(advice, rank)):
            self.tell_advice = None
            self.redraw()

    def _power_enter(self) -> EnterMove | None:
        """Enter while a cheat card is selected: the hinted power, a typed rank (Tell) or meld
        number, Jokernate, or Show with its one card; else None (the bar asks for more)."""
        hinted = hinted_move(self.hinted, self._selected(), action_cards, self.describe_action, self.human_act)
        if hinted is not None:
            return hinted
        power = self._power()
        step = self._power_step()
        a = self.ascii
        if step == "rank" and self.digits:
            rank = int(self.digits)
            tell = Tell(self.tell_advice or "discard", rank)
            return EnterMove(describe_action(tell, a), lambda: self._typed_rank(rank))
        if step == "meld" and self.digits:
            mid = int(self.digits)
            return EnterMove(f"{power_name(power) if power else 'power'}: m{mid}", lambda: self._typed_power_meld(mid))
        if power is JOKERNATE_CARD:
            return EnterMove(describe_action(StartJokernate(), a), lambda: self.human_act(StartJokernate()))
        if power is SHOW:
            others = list(self._selected())
            others.remove(SHOW)
            if len(others) == 1:
                show = Show(others[0])
                return EnterMove(describe_action(show, a), lambda: self.human_act(show))
        return None

    def _typed_rank(self, rank: int) -> None:
        self.digits = ""
        self._tell_rank(rank)

    def _typed_power_meld(self, mid: int) -> None:
        self.digits = ""
        self._power_meld(mid)

    def _failed(self) -> None:
        """A refused power: start its steps again (the refusal stays on the status line)."""
        self.picks = []
        self.steal_card = None
        self.card_choices = []
        self.redraw()

    def _power_meld(self, mid: int) -> None:
        """The meld ``mid`` picked for the selected cheat card's power: the next step, or the move."""
        power = self._power()
        view = self.view
        melds = {m.id: m for m in view.melds}
        team = view.team_of(view.seat)
        own_open = [m.id for m in view.melds if m.team == team and not m.closed]
        if power is STEAL:
            if not self.picks:
                victim = melds.get(mid)
                legal = [x for x in self.legal() if isinstance(x, Steal) and x.victim == mid]
                cards = sorted({x.card for x in legal}, key=lambda c: c.order)
                if not cards:  # the engine says why nothing can be taken from it (Hands Off, a closed meld...)
                    fits = [(c, d) for c in (victim.cards if victim else ()) for d in own_open
                            if steal_problem(victim, c, melds[d]) is None] if victim else []
                    c, d = fits[0] if fits else (victim.cards[0] if victim else JOKER, own_open[0] if own_open else mid)
                    if not self.human_act(Steal(mid, c, d)):
                        self._failed()
                    return
                self.picks = [mid]
                if len(cards) == 1:
                    self.steal_card = cards[0]
                    self.message(f"{name(cards[0], self.ascii)} is the only card you can steal from m{mid}.", "info")
                else:
                    self.card_choices = cards[:10]
                self.redraw()
                return
            card = self.steal_card if self.steal_card is not None else JOKER
            if not self.human_act(Steal(self.picks[0], card, mid)):
                self._failed()
            return
        if power in (COMBINE, RECONFIGURE) and not self.picks:
            self.picks = [mid]
            self.redraw()
            return
        act: Action
        if power is COMBINE:
            act = Combine(self.picks[0], mid)
        elif power is RECONFIGURE:
            nate = melds.get(self.picks[0])
            noggi = melds.get(mid)
            naturals = [c for c in (nate.cards if nate else ()) if c.is_natural]
            fit = [c for c in naturals if noggi is not None and c.suit == noggi.suit]
            act = Reconfigure(self.picks[0], mid, (fit or naturals or [JOKER])[0])
        elif power is HANDS_OFF:
            act = HandsOff(mid)
        elif power is RESURRECT:
            act = Resurrect(mid)
        elif power is REMOVE:
            nat = tuple(c for c in self._selected() if c.is_natural)
            if not nat:
                ways = [x for x in self.legal() if isinstance(x, Remove) and x.meld == mid]
                if len(ways) > 1:
                    self._offer(ways, f"clean m{mid}")
                    return
                act = ways[0] if ways else Remove(mid, ())
            else:
                act = Remove(mid, nat)
        else:
            self.message(self.power_question(), "error")
            return
        if not self.human_act(act):
            self._failed()

    def action_cheatnate(self) -> None:
        """k: meld a cheat-Nate (NG-22, the going-out turn only): the selected cheat cards, or the
        only way; several: ask. Nothing legal: the engine says why."""
        if not self.human_turn():
            return
        chosen = [c for c in self._selected() if c in CHEAT_CARDS]
        ways = [x for x in self.legal() if isinstance(x, CheatNate)]
        if chosen:
            ways = [x for x in ways if sorted(x.cards) == sorted(chosen)] or ways
        if ways:
            self._offer(ways, "meld a cheat-Nate")
            return
        held = chosen or [c for c in self.view.hand if c in CHEAT_CARDS]
        self.human_act(CheatNate(tuple(held)))


__all__ = ["NogginateTableScreen", "meld_plan"]
