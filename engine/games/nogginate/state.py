"""Nogginate's state: a whole match, and what each action does to it (NG-5 to NG-54).

:class:`NogginateState` is a :class:`~engine.phased.PhasedState`: its ``FIELDS`` table generates
``clone``, ``fingerprint`` (the cheat cards' fields only at a table that plays them) and the view's
public fields; its ``VERBS`` table gives one handler per chance phase and per move, each move
checked by the :class:`~engine.games.nogginate.turn.Turn`'s check of its type and phase
(:data:`~engine.games.nogginate.turn.CHECKS`; the cheat powers' effects are in
:mod:`engine.games.nogginate.powers`).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Sequence

from engine.cards import Card, cards_text, forget_one, insert_sorted
from engine.games.nogginate.cards import CHEAT_CARDS
from engine.core import Action, ChooseDealer, Event, IllegalAction, rand_below
from engine.grammar import plural
from engine.games.nogginate.actions import (
    CHANCE_PHASES,
    Add,
    Answer,
    Ask,
    Close,
    Deal,
    Discard,
    Draw,
    Drawn,
    FreezeNate,
    GoOut,
    Merge,
    NewNate,
    NewNoggi,
    Onto,
    PassTurn,
    Phase,
    PlaceBonus,
    TakePile,
    Upcard,
)
from engine.games.nogginate.cheats import HANDS_OFF, POWER_CARD, CheatNate, Give, Show, Tell, game_cheat_deck
from engine.games.nogginate.melds import (
    BONUS,
    CLOSE_AT,
    FREEZE,
    FREEZE_NATE,
    NATE,
    NOGGI,
    TableMeld,
    card_value,
    closable,
    closed_count,
    custom_deck,
    merged_nate,
    minimum_for,
    new_meld,
)
from engine.games.nogginate.powers import apply_cheat_nate, apply_give, apply_power
from engine.games.nogginate.turn import CHECKS, HINTS, Turn
from engine.games.nogginate.view import NogginateView
from engine.determinize import deal_round, rest_after_deal
from engine.match import ScoreBreakdown, breakdown_data, match_winners
from engine.games.nogginate.scoring import team_breakdown
from engine.phased import (AS_IS, CARD_ROWS, CARDS, FLAG, INT_ROWS, INTS, LIST, PHASE, ROWS, SHARE, SORTED_CARDS,
                           SORTED_ROWS, TUPLE, TUPLES, Field, PhasedState, Verb, chance, move, slots)

if TYPE_CHECKING:
    from engine.games.nogginate.game import Nogginate, NogginateVariant

HAND_SIZE = 15  # NG-13
TARGET = 10_000  # NG-54

#: Phase members bound once for the hot paths: ``Phase.X`` goes through the enum's metaclass (about
#: 0.3 us a lookup on Python 3.11, against 0.05 us for a module global).
_DEALER, _DEAL, _UPCARD, _ACQUIRE = Phase.DEALER, Phase.DEAL, Phase.UPCARD, Phase.ACQUIRE
_DRAW, _MELD, _ANSWER, _OVER = Phase.DRAW, Phase.MELD, Phase.ANSWER, Phase.OVER

#: Who moves in each phase of a player's move (the state field holding the seat: ``PhasedState.to_move``).
_MOVER = {Phase.ACQUIRE: "turn_seat", Phase.MELD: "turn_seat", Phase.ANSWER: "answer_seat",
          Phase.RETURN: "return_seat"}


def _order(c: Card) -> int:
    return c.order


def team_seats(n_seats: int, six_player_teams: str = "3x2") -> list[list[int]]:
    """NG-1/NG-3/NG-4: 4 players in two partnerships {0,2} {1,3}; 6 players in three
    partnerships {0,3} {1,4} {2,5} (or two teams of three {0,2,4} {1,3,5} with
    ``six_player_teams = "2x3"``); 2, 3 and 5 players alone."""
    if n_seats == 4:
        return [[0, 2], [1, 3]]
    if n_seats == 6:
        if six_player_teams == "2x3":
            return [[0, 2, 4], [1, 3, 5]]
        return [[0, 3], [1, 4], [2, 5]]
    return [[s] for s in range(n_seats)]


def _meld_text(m: TableMeld) -> str:
    return (f"{m.id}:{m.team}:{m.kind}:{int(m.closed)}:{cards_text(m.cards)}"
            + (f":{m.guards}:{int(m.held_open)}" if m.guards or m.held_open else ""))


def _melds_text(melds: list[TableMeld]) -> str:
    return ";".join(_meld_text(m) for m in melds)


def _flags(values: list[bool]) -> str:
    return ",".join(str(int(d)) for d in values)


def _tells_text(tells: list[tuple[int, Tell]]) -> str:
    return ";".join(f"{s}:{t}" for s, t in tells)


def _on_turn(check: Callable[[Turn, Any], Any]) -> Callable[[NogginateState, Any], Any]:
    """``check`` of a :class:`Turn` (the checks and hints the view shares) as a function of the state."""
    def on_state(state: NogginateState, action: Any) -> Any:
        return check(state._turn(), action)
    on_state.__doc__ = check.__doc__
    return on_state


def _row(action: type[Action], phase: Phase, apply: Callable[[NogginateState, Any], list[Event]]) -> Verb:
    """The ``VERBS`` row of a move: its handler, checked by the turn's check (:data:`CHECKS`)."""
    return move(action, phase, apply, problem=_on_turn(CHECKS[action, phase]))


class NogginateState(PhasedState):
    """A match of Nogginate.

    Public attributes (read by views, bots, tests and widgets; change them only via :meth:`apply`):
        phase: the :class:`~engine.games.nogginate.actions.Phase` the match is at.
        round_no: 0-based round; dealer; turn_seat: whose turn; answer_seat: the partner asked (NG-45).
        hands: each seat's hand, sorted; stock: the custom stock (an unordered pool);
        discards: the custom discard pile, bottom first (face up, NG-14).
        melds: every team's melds (:class:`TableMeld`), in the order laid; next_id: the next meld id.
        bonuses: Bonus cards each team has placed (NG-47); down: per team, gone down this round (NG-32).
        need: points still owed toward the initial meld this turn (0: none pending, NG-32a);
        pile_rest: a pile taken before going down waits for the minimum (NG-36 step 3).
        asked, permission: this turn's question (-1 none, 0 no, 1 yes, NG-45); asks: per team this round.
        known: per seat, cards publicly known to be in its hand (a taken pile).
        totals: per team match totals; round_scores: each finished round's points per team.
        out_seat: who went out in the last finished round (None: nobody, NG-31).
        cheat_stock: the cheat stock (an unordered pool, NG-15); cheat_discards: its dead discard
        pile (NG-27, NG-30); draw_kind: the cheat cards of the draw being made (0, 1 or 2).
        shown: per seat, cards of its hand shown to its partner (NG-C6), still held.
        tells: this round's Tells, ``(seat, Tell)`` (NG-C7; seen by the teller's team only).
        returning, return_team, return_seat: cards a Steal returned that their team is giving
        out, and the player choosing (``team_choice``, NG-C8).
    """

    Phase = Phase
    CHANCE_PHASES = CHANCE_PHASES
    OVER = Phase.OVER
    MOVER = _MOVER
    CHANCE_TEXT = "it is not a player's move: cards are being dealt or drawn"
    OVER_TEXT = "the match is over"
    PHASE_HINTS = {p: _on_turn(hint) for p, hint in HINTS.items()}
    _CHEATS = "self.variant.use_cheat_cards"  # the cheat cards' fields are fingerprinted only with them
    FIELDS = (
        Field("variant", SHARE, None, view=AS_IS),
        Field("n_seats", SHARE, None, view=AS_IS),
        Field("teams", SHARE, None, view=AS_IS),
        Field("team_idx", SHARE, None),
        Field("partnership", SHARE, None),
        Field("phase", SHARE, PHASE, view=AS_IS),
        Field("round_no", view=AS_IS),
        Field("dealer", view=AS_IS),
        Field("turn_seat"),  # the view's ``turn``
        Field("answer_seat", view=AS_IS),
        Field("hands", ROWS, CARD_ROWS),
        Field("stock", LIST, SORTED_CARDS),
        Field("discards", LIST, CARDS, view=TUPLE),
        Field("melds", LIST, _melds_text, view=TUPLE),
        Field("next_id", view=AS_IS),
        Field("bonuses", LIST, INTS, view=TUPLE),
        Field("down", LIST, _flags, view=TUPLE),
        Field("need", view=AS_IS),
        Field("pile_rest", SHARE, FLAG, view=AS_IS),
        Field("asked", SHARE, FLAG, view=AS_IS),
        Field("permission", view=AS_IS),
        Field("asks", LIST, INTS, view=TUPLE),
        Field("known", ROWS, SORTED_ROWS),  # the view's rows are sorted
        Field("totals", LIST, INTS, view=TUPLE),
        Field("round_scores", LIST, INT_ROWS, view=TUPLES),  # finished rows never change
        Field("out_seat", view=AS_IS),
        Field("turn_no", view=AS_IS),
        Field("cheat_stock", LIST, SORTED_CARDS, when=_CHEATS),
        Field("cheat_discards", LIST, CARDS, when=_CHEATS, view=TUPLE),
        Field("draw_kind", when=_CHEATS),
        Field("shown", ROWS, CARD_ROWS, when=_CHEATS),  # the view shows the team's only
        Field("tells", LIST, _tells_text, when=_CHEATS),  # likewise
        Field("returning", LIST, CARDS, when=_CHEATS, view=TUPLE),
        Field("return_team", when=_CHEATS),
        Field("return_seat", when=_CHEATS, view=AS_IS),
    )
    __slots__ = slots(FIELDS)

    game: ClassVar[type[Nogginate]]

    def __init__(self, variant: NogginateVariant, n_seats: int) -> None:
        self.variant = variant
        self.n_seats = n_seats
        self.teams = tuple(tuple(t) for t in team_seats(n_seats, variant.six_player_teams))
        idx = [0] * n_seats
        for i, t in enumerate(self.teams):
            for s in t:
                idx[s] = i
        self.team_idx = tuple(idx)
        self.partnership = any(len(t) > 1 for t in self.teams)
        self.phase = _DEALER
        self.round_no = 0
        self.dealer = 0
        self.totals = [0] * len(self.teams)
        self.round_scores: list[list[int]] = []
        self.out_seat: int | None = None
        self._reset_round()

    def _reset_round(self) -> None:
        n, k = self.n_seats, len(self.teams)
        self.turn_seat = (self.dealer + 1) % n
        self.answer_seat = -1
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.stock: list[Card] = list(custom_deck())
        self.discards: list[Card] = []
        self.melds: list[TableMeld] = []
        self.next_id = 1
        self.bonuses = [0] * k
        self.down = [False] * k
        self.need = 0
        self.pile_rest = False
        self.asked = False
        self.permission = -1
        self.asks = [0] * k
        self.known: list[list[Card]] = [[] for _ in range(n)]
        self.turn_no = 1
        self.cheat_stock: list[Card] = list(game_cheat_deck(self.variant, self.partnership))
        self.cheat_discards: list[Card] = []
        self.draw_kind = 0
        self.shown: list[list[Card]] = [[] for _ in range(n)]
        self.tells: list[tuple[int, Tell]] = []
        self.returning: list[Card] = []
        self.return_team = -1
        self.return_seat = -1

    # -- whose move --------------------------------------------------------------
    @property
    def turn(self) -> int:
        return self.turn_seat

    @property
    def hand_number(self) -> int:
        return self.round_no

    def team_of(self, seat: int) -> int:
        return self.team_idx[seat]

    def partner_of(self, seat: int) -> int:
        """NG-45 (NG-45h): the teammate asked "may I go out?": the next teammate clockwise."""
        team = self.teams[self.team_idx[seat]]
        for k in range(1, self.n_seats):
            s = (seat + k) % self.n_seats
            if s in team:
                return s
        return seat

    def minimum(self, team: int) -> int:
        """NG-32: the team's initial-meld minimum (from its score at the start of the round)."""
        return minimum_for(self.totals[team], self.variant.min_meld_when_negative)

    def ask_left(self, team: int) -> bool:
        """NG-45c: the team may still ask this round (``max_go_out_asks_per_round``)."""
        cap = self.variant.max_go_out_asks_per_round
        return cap is None or self.asks[team] < cap

    def _turn(self) -> Turn:
        seat = self.to_move
        t = self.team_idx[self.turn_seat]
        return Turn(self.variant, self.phase, seat, t, self.partnership, self.hands[self.turn_seat], self.melds,
                    self.discards, len(self.stock), self.down[t], self.need, self.pile_rest, self.asked,
                    self.permission, self.ask_left(t), self.minimum(t), len(self.cheat_stock), self.returning,
                    self.teams[self.return_team] if self.return_team >= 0 else ())

    # -- legal actions ---------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """The moves of ``to_move`` (see :mod:`engine.games.nogginate.game`); empty at chance steps."""
        if self.phase in CHANCE_PHASES or self.phase is _OVER:
            return []
        return self._turn().legal()

    # -- chance ----------------------------------------------------------------------
    def _sample_dealer(self, rng: random.Random) -> Action:
        return ChooseDealer(rand_below(rng, self.n_seats))

    def _sample_deal(self, rng: random.Random) -> Action:
        return Deal(deal_round(self.stock, rng, self.dealer, self.n_seats, HAND_SIZE))  # NG-13

    def _sample_upcard(self, rng: random.Random) -> Action:
        return Upcard(self.stock[rand_below(rng, len(self.stock))])

    def _sample_drawn(self, rng: random.Random) -> Action:
        k = self.draw_kind
        stock = self.stock
        if k == 1:
            cheats = self.cheat_stock
            return Drawn(tuple(sorted((stock[rand_below(rng, len(stock))],
                                       cheats[rand_below(rng, len(cheats))]), key=_order)))
        if k == 2:
            stock = self.cheat_stock
        if len(stock) == 1:
            return Drawn((stock[0],))
        i = rand_below(rng, len(stock))
        j = rand_below(rng, len(stock) - 1)
        if j >= i:
            j += 1
        return Drawn(tuple(sorted((stock[i], stock[j]), key=_order)))

    def observation(self, action: Action, seat: int) -> str:
        """NG-13/NG-26: a seat sees its own dealt hand and the others' sizes, its own draws
        (``drawn 7H 3S``) and only the count of the others' (``drawn 2``); the rest is public."""
        if type(action) is Deal:
            return "deal " + " / ".join(cards_text(h) if i == seat else str(len(h))
                                        for i, h in enumerate(action.hands))
        if type(action) is Drawn and seat != self.turn_seat:
            return f"drawn {len(action.cards)}"
        if (type(action) is Show or type(action) is Tell) and not (
                0 <= seat < self.n_seats and self.team_idx[seat] == self.team_idx[self.turn_seat]):
            return "show" if type(action) is Show else "tell"  # NG-C6/NG-C7: for the partner only
        return str(action)

    # -- chance outcomes, one handler per phase -------------------------------------------
    def _apply_dealer(self, action: ChooseDealer) -> list[Event]:
        if not 0 <= action.seat < self.n_seats:
            raise self.impossible(action, "expected the first dealer: dealer <seat>")
        self.dealer = action.seat
        self._reset_round()
        self.phase = _DEAL
        return [Event("dealer", "{seat} {seat:deals|deal} first (NG-5)", self.dealer, {"dealer": self.dealer})]

    def _apply_deal(self, action: Deal) -> list[Event]:
        hands = action.hands
        if len(hands) != self.n_seats or any(len(h) != HAND_SIZE for h in hands):
            raise IllegalAction(f"the deal gives {HAND_SIZE} cards to each of {self.n_seats} seats (NG-13)")
        rest = rest_after_deal(self.stock, hands)
        if rest is None:
            raise IllegalAction("the deal holds cards that are not in the deck")
        self.hands = [sorted(h, key=_order) for h in hands]
        self.stock = rest
        self.phase = _UPCARD
        mins = ", ".join(f"{self.minimum(t)}" for t in range(len(self.teams)))
        return [Event("deal", f"{{seat}} {{seat:deals|deal}} round {self.round_no + 1}: {HAND_SIZE} cards each; "
                      "initial-meld "
                      f"minimum {mins} (NG-13, NG-32)", self.dealer,
                      {"round": self.round_no, "size": HAND_SIZE,
                       "minimums": [self.minimum(t) for t in range(len(self.teams))]})]

    def _apply_upcard(self, action: Upcard) -> list[Event]:
        card = action.card
        if card not in self.stock:
            raise self.impossible(action, f"{action} is not a card of the stock")
        self.stock.remove(card)
        self.discards.append(card)
        self.phase = _ACQUIRE
        note = "" if card.is_natural else " and freezes the pile (NG-14, NG-35)"
        return [Event("upcard", f"{card.pretty} is turned up to start the discard pile{note}", None,
                      {"card": card.text, "cards": [card.text]})]

    def _apply_drawn(self, action: Drawn) -> list[Event]:
        cards = action.cards
        k = self.draw_kind
        want_x = min(2, len(self.cheat_stock)) if k == 2 else k
        want_c = min(2 - k, len(self.stock))
        customs = [c for c in cards if c not in CHEAT_CARDS]
        cheats = [c for c in cards if c in CHEAT_CARDS]
        if (len(customs) != want_c or len(cheats) != want_x
                or any(self.stock.count(c) < customs.count(c) for c in customs)
                or any(self.cheat_stock.count(c) < cheats.count(c) for c in cheats)):
            raise self.impossible(action, f"{action} is not {want_c} custom and {want_x} cheat cards of the stocks")
        seat = self.turn_seat
        hand = self.hands[seat]
        for c in customs:
            self.stock.remove(c)
            insert_sorted(hand, c)
        for c in cheats:
            self.cheat_stock.remove(c)
            insert_sorted(hand, c)
        self.phase = _MELD
        return [Event("draw", _draw_text(k, want_c + want_x), seat,
                      {"count": want_c + want_x, "cheats": want_x} if k else {"count": want_c + want_x}),
                Event("draw_private", f"{{seat}} {{seat:draws|draw}} {' '.join(c.pretty for c in cards)}", seat,
                      {"cards": [c.text for c in cards]}, frozenset((seat,)))]

    # -- a player's moves, one handler per action type ------------------------------------
    def _apply_answer(self, a: Answer) -> list[Event]:
        who = self.answer_seat
        self.permission = 1 if a.yes else 0
        self.answer_seat = -1
        self.phase = _MELD
        return [Event("answer", f"{{seat}}: \"{'Yes' if a.yes else 'No'}\" (NG-45)", who, {"yes": a.yes})]

    def _apply_draw(self, a: Draw) -> list[Event]:
        if not self.stock:
            return self._end_round(None, "The stock is empty and {seat} {seat:does|do} not take the pile: the "
                                   "round ends with nobody out (NG-31)")
        self.draw_kind = a.cheats
        self.phase = _DRAW
        return []

    def _apply_onto(self, a: Onto) -> list[Event]:
        card = self.discards.pop()
        i, m = self._meld_index(a.meld)
        self.melds[i] = m.with_card(card)
        self.phase = _MELD
        return [Event("onto", f"{{seat}} {{seat:takes|take}} {card.pretty} from the pile onto m{a.meld} (NG-37)",
                      self.turn_seat,
                      {"meld": a.meld, "card": card.text, "cards": [card.text]})]

    def _apply_take_pile(self, a: TakePile) -> list[Event]:
        seat = self.turn_seat
        team = self.team_idx[seat]
        top = self.discards.pop()
        for c in a.cards:
            self._lose(seat, c)
        cards = (top,) + a.cards
        if a.meld is not None:
            i, m = self._meld_index(a.meld)
            for c in cards:
                m = m.with_card(c)
            self.melds[i] = m
            mid = a.meld
        else:
            mid = self.next_id
            self.melds.append(new_meld(mid, team, NATE, cards))
            self.next_id += 1
        self.phase = _MELD
        events = [Event("pile", f"{{seat}} {{seat:takes|take}} the pile: {top.pretty} with "
                        f"{' '.join(c.pretty for c in a.cards)} on m{mid} (NG-36)", seat,
                        {"meld": mid, "card": top.text, "cards": [c.text for c in cards]})]
        if not self.down[team]:
            need = self.minimum(team) - sum(card_value(c) for c in cards)
            if need > 0:
                self.need = need
                self.pile_rest = True
                events.append(Event("pile_wait", f"{{seat}} must meld {plural(need, 'more point', 'more points')} "
                                    "from the hand before the rest of the pile is taken (NG-36 step 3)", seat,
                                    {"need": need}))
                return events
            self.down[team] = True
            events.append(Event("down", "{seat:'s} team is down (NG-32)", seat, {"team": team}))
        return events + self._take_rest()

    def _apply_new_meld(self, a: NewNoggi | NewNate) -> list[Event]:
        seat = self.turn_seat
        team = self.team_idx[seat]
        for c in a.cards:
            self._lose(seat, c)
        mid = self.next_id
        kind = NOGGI if type(a) is NewNoggi else NATE
        m = new_meld(mid, team, kind, a.cards)
        self.melds.append(m)
        self.next_id += 1
        word = "Noggi" if kind == NOGGI else "Nate"
        events = [Event("meld", f"{{seat}} {{seat:starts|start}} a {word}, m{mid}: {m.pretty()}", seat,
                        {"meld": mid, "cards": [c.text for c in a.cards]})]
        return events + self._placed(seat, team, sum(card_value(c) for c in a.cards))

    def _apply_add(self, a: Add) -> list[Event]:
        seat = self.turn_seat
        self._lose(seat, a.card)
        i, m = self._meld_index(a.meld)
        new = m.with_card(a.card)
        self.melds[i] = new
        events = [Event("add", f"{{seat}} {{seat:adds|add}} {a.card.pretty} to m{a.meld}", seat,
                        {"meld": a.meld, "card": a.card.text, "cards": [a.card.text]})]
        if new.closed and not m.closed:
            what = "a Super Noggi: it closes (NG-18)" if new.is_super else "7 cards: it closes (NG-21)"
            events.append(Event("closed", f"m{a.meld} is {what}", seat, {"meld": a.meld}))
        return events + self._placed(seat, self.team_idx[seat], card_value(a.card))

    def _apply_close(self, a: Close) -> list[Event]:
        i, m = self._meld_index(a.meld)
        self.melds[i] = replace(m, closed=True)
        return [Event("close", f"{{seat}} {{seat:closes|close}} the Noggi m{a.meld} (NG-17)", self.turn_seat,
                      {"meld": a.meld})]

    def _apply_merge(self, a: Merge) -> list[Event]:
        seat = self.turn_seat
        ia, ma = self._meld_index(a.a)
        _, mb = self._meld_index(a.b)
        merged = merged_nate(ma, mb)
        self.melds[ia] = merged
        self.melds = [x for x in self.melds if x.id != mb.id]
        events = [Event("merge", f"{{seat}} {{seat:merges|merge}} m{mb.id} into m{ma.id} (NG-24)", seat,
                        {"meld": ma.id, "from": mb.id})]
        if merged.closed:
            events.append(Event("closed", f"m{ma.id} has 7 cards or more: it closes (NG-21)", seat,
                                {"meld": ma.id}))
        return events

    def _apply_bonus(self, a: PlaceBonus) -> list[Event]:
        seat = self.turn_seat
        self._lose(seat, BONUS)
        self.bonuses[self.team_idx[seat]] += 1
        return [Event("bonus", f"{{seat}} {{seat:places|place}} a Bonus card, {BONUS.pretty} (NG-47)", seat,
                      {"cards": [BONUS.text]})]

    def _apply_freeze_nate(self, a: FreezeNate) -> list[Event]:
        seat = self.turn_seat
        n = a.count
        for _ in range(n):
            self._lose(seat, FREEZE)
        mid = self.next_id
        self.melds.append(new_meld(mid, self.team_idx[seat], FREEZE_NATE, [FREEZE] * n))
        self.next_id += 1
        faces = " ".join([FREEZE.pretty] * n)
        return [Event("meld", f"{{seat}} {{seat:melds|meld}} a Freeze-Nate, m{mid}: {faces} (NG-22)", seat,
                      {"meld": mid, "cards": [FREEZE.text] * n})]

    def _apply_ask(self, a: Ask) -> list[Event]:
        seat = self.turn_seat
        self.asked = True
        self.asks[self.team_idx[seat]] += 1
        self.answer_seat = self.partner_of(seat)
        self.phase = _ANSWER
        return [Event("ask", f"{{seat}}: \"Partner, may I go out?\" ({{s{self.answer_seat}}} "
                             f"{{s{self.answer_seat}:answers|answer}}, NG-45)",
                      seat, {"partner": self.answer_seat})]

    def _apply_discard(self, a: Discard) -> list[Event]:
        seat = self.turn_seat
        card = a.card
        self._lose(seat, card)
        if card in CHEAT_CARDS:
            self.cheat_discards.append(card)
            froze = " onto the cheat discard pile (NG-27)"
        else:
            self.discards.append(card)
            froze = "" if card.is_natural else " and {seat:freezes|freeze} the pile (NG-35)"
        events = [Event("discard", f"{{seat}} {{seat:discards|discard}} {card.pretty}{froze}", seat,
                        {"card": card.text, "cards": [card.text]})]
        if not self.hands[seat]:
            return events + self._end_round(seat, "{seat} {seat:discards|discard} the last card and {seat:goes|go} "
                                                  "out (NG-42)")
        return events + self._next_turn()

    def _apply_go_out(self, a: GoOut) -> list[Event]:
        return self._end_round(self.turn_seat, "{seat} {seat:melds|meld} every card and {seat:goes|go} out (NG-42)")

    def _apply_pass(self, a: PassTurn) -> list[Event]:
        return [Event("pass", "{seat} {seat:says|say} pass and {seat:keeps|keep} the last card (NG-44)", self.turn_seat,
                      {})] + self._next_turn()

    # -- what the handlers share -----------------------------------------------------------
    def _lose(self, seat: int, card: Card) -> None:
        """``card`` leaves ``seat``'s hand (and what others knew of it there)."""
        self.hands[seat].remove(card)
        forget_one(self.known[seat], card)
        forget_one(self.shown[seat], card)

    def _receive(self, seat: int, cards: Sequence[Card]) -> None:
        """Cards from the table go into ``seat``'s hand, publicly known (NG-C1, NG-C8, NG-C9)."""
        hand = self.hands[seat]
        for c in cards:
            insert_sorted(hand, c)
        self.known[seat].extend(cards)

    def _settle_reopened(self) -> None:
        """NG-C5: a Nate resurrected this turn closes again as the turn ends if it has 7+ cards."""
        for i, m in enumerate(self.melds):
            if m.held_open:
                self.melds[i] = TableMeld(m.id, m.team, m.kind, m.cards, len(m.cards) >= CLOSE_AT, m.guards)

    def _placed(self, seat: int, team: int, points: int) -> list[Event]:
        """NG-32: count ``points`` toward the initial meld of a team that is not down."""
        if self.down[team]:
            return []
        need = (self.need if self.need > 0 else self.minimum(team)) - points
        if need > 0:
            self.need = need
            return []
        self.need = 0
        self.down[team] = True
        events = [Event("down", f"{{seat:'s}} team is down: the initial meld reached {self.minimum(team)} (NG-32)",
                        seat, {"team": team})]
        if self.pile_rest:
            events += self._take_rest()
        return events

    def _take_rest(self) -> list[Event]:
        """NG-36 step 4: the rest of the pile goes into the hand (publicly known cards)."""
        seat = self.turn_seat
        rest = self.discards
        self.discards = []
        self.pile_rest = False
        hand = self.hands[seat]
        for c in rest:
            insert_sorted(hand, c)
        self.known[seat].extend(rest)
        if not rest:
            return []
        return [Event("pile_rest", f"{{seat}} {{seat:takes|take}} the rest of the pile into the hand: "
                                   f"{plural(len(rest), 'card', 'cards')} (NG-36)",
                      seat, {"count": len(rest), "cards": [c.text for c in rest]})]

    def _meld_index(self, mid: int) -> tuple[int, TableMeld]:
        for i, m in enumerate(self.melds):
            if m.id == mid:
                return i, m
        raise IllegalAction(f"there is no meld m{mid}")

    def _next_turn(self) -> list[Event]:
        self._settle_reopened()
        self.turn_no += 1
        self.turn_seat = (self.turn_seat + 1) % self.n_seats
        self.need = 0
        self.pile_rest = False
        self.asked = False
        self.permission = -1
        self.phase = _ACQUIRE
        return []

    # -- scoring -----------------------------------------------------------------------
    def team_qualifies(self, team: int) -> bool:
        """NG-43 at round end: the team has two closed melds (open Noggis of 7+ count with
        ``auto_close_noggis_at_round_end``)."""
        ms = [m for m in self.melds if m.team == team]
        n = closed_count(ms)
        if self.variant.auto_close_noggis_at_round_end:
            n += closable(ms)
        return n >= 2

    def round_points(self, out: int | None) -> list[int]:
        """NG-46 to NG-52: each team's points for the round now ending (``out``: who went out)."""
        return [int(g.total) for g in self.round_breakdown(out)]

    def round_breakdown(self, out: int | None) -> list[ScoreBreakdown]:
        """NG-46 to NG-52: where each team's points for the round now ending come from
        (``out``: who went out), item by item (:func:`~.scoring.team_breakdown`)."""
        return [team_breakdown([m for m in self.melds if m.team == t], self.bonuses[t], self.hands, members, out,
                               self.team_qualifies(t), self.variant) for t, members in enumerate(self.teams)]

    def _end_round(self, out: int | None, text: str) -> list[Event]:
        """NG-51: score the round; then deal the next (NG-5) or end the match (NG-54)."""
        self._settle_reopened()
        groups = self.round_breakdown(out)
        pts = [int(g.total) for g in groups]
        for t in range(len(self.teams)):
            self.totals[t] += pts[t]
        self.round_scores.append(pts)
        self.out_seat = out
        seat_pts = [float(pts[self.team_idx[s]]) for s in range(self.n_seats)]
        events = [Event("out" if out is not None else "round_end", text, out if out is not None else self.turn_seat,
                        {}),
                  Event("hand_over", f"Round {self.round_no + 1} is over", None,
                        {"hand": self.round_no, "scores": seat_pts, "totals": self.scores(), "out": out,
                         "team_scores": list(pts), "team_totals": list(self.totals),
                         "qualified": [self.team_qualifies(t) for t in range(len(self.teams))],
                         "left": [cards_text(h) for h in self.hands], "reason": text,
                         "breakdown": breakdown_data(groups)})]
        if self._match_done():
            events.append(self.end_match(self.scores()))
            return events
        self.round_no += 1
        self.dealer = (self.dealer + 1) % self.n_seats
        self._reset_round()
        self.phase = _DEAL
        return events

    def _match_done(self) -> bool:
        """NG-54 (NG-54a): whether the match ends after the round just scored."""
        v = self.variant
        played = self.round_no + 1
        if v.fixed_rounds is not None:
            return played >= v.fixed_rounds
        best = max(self.totals)
        if best >= TARGET:
            return v.tie_policy == "shared" or self.totals.count(best) == 1 or played >= v.max_rounds
        return played >= v.max_rounds

    # -- results ---------------------------------------------------------------------
    def scores(self) -> list[float]:
        """NG-53: match totals per seat (each seat holds its team's total), in points."""
        return [float(self.totals[self.team_idx[s]]) for s in range(self.n_seats)]

    def winners(self) -> list[int]:
        """NG-54: every seat of the team(s) with the highest total; empty while running."""
        if self.phase is not _OVER:
            return []
        return match_winners(self.scores(), highest_wins=True, teams=[list(t) for t in self.teams])

    # -- information ---------------------------------------------------------------
    def view(self, seat: int) -> NogginateView:
        """What ``seat`` may know: its hand, every team's melds, the whole discard pile (every card
        in it was laid face up), the stock's size, each hand's size and the cards publicly known to
        be in it (a taken pile), the placed Bonus cards, who is down, the pending minimum, the
        question and its answer, and the scores; with cheat cards, the cheat stock's size, its
        discard pile, how many cheat cards each hand holds (public: draws name their stocks),
        and what the seat's partner showed and told it (NG-C6, NG-C7)."""
        seated = 0 <= seat < self.n_seats
        mine = self.team_idx[seat] if seated else -1
        # Built without the frozen dataclass's __init__ (one object.__setattr__ a field), as Noms'
        # view is: the same fields and values.
        v = object.__new__(NogginateView)
        v.__dict__.update(
            seat=seat, **self.public_fields(), to_move=self.to_move, turn=self.turn_seat,
            hand=tuple(self.hands[seat]) if seated else (), hand_sizes=tuple(map(len, self.hands)),
            stock_count=len(self.stock), known=tuple(tuple(sorted(k, key=_order)) for k in self.known),
            is_over=self.phase is _OVER, placed=(BONUS,) * sum(self.bonuses), cheat_stock_count=len(self.cheat_stock),
            cheat_counts=tuple(sum(1 for c in h if c in CHEAT_CARDS) for h in self.hands),
            shown=tuple(tuple(sorted(self.shown[o], key=_order)) if self.team_idx[o] == mine else ()
                        for o in range(self.n_seats)),
            tells=tuple(t for t in self.tells if self.team_idx[t[0]] == mine))
        return v

    def zones(self) -> dict[str, list[Card]]:
        """Every card by zone (card conservation): the stock, the discard pile, the melds, the
        placed Bonus cards, each hand; with cheat cards also the cheat stock, its discard pile,
        the Hands Off cards on melds and cards a Steal returned that are being given out."""
        out = {"stock": self.stock[:], "discards": self.discards[:],
               "melds": [c for m in self.melds for c in m.cards],
               "bonuses": [BONUS] * sum(self.bonuses)}
        if self.variant.use_cheat_cards:
            out.update({"cheat stock": self.cheat_stock[:], "cheat discards": self.cheat_discards[:],
                        "hands off": [HANDS_OFF] * sum(m.guards for m in self.melds),
                        "returning": self.returning[:]})
        for s in range(self.n_seats):
            out[f"hand {s}"] = self.hands[s][:]
        return out

    VERBS = (
        _row(Answer, Phase.ANSWER, _apply_answer),
        _row(Draw, Phase.ACQUIRE, _apply_draw),
        _row(TakePile, Phase.ACQUIRE, _apply_take_pile),
        _row(Onto, Phase.ACQUIRE, _apply_onto),
        *[_row(power, Phase.MELD, apply_power) for power in POWER_CARD],
        _row(CheatNate, Phase.MELD, apply_cheat_nate),
        _row(NewNoggi, Phase.MELD, _apply_new_meld),
        _row(NewNate, Phase.MELD, _apply_new_meld),
        _row(Add, Phase.MELD, _apply_add),
        _row(Close, Phase.MELD, _apply_close),
        _row(Merge, Phase.MELD, _apply_merge),
        _row(PlaceBonus, Phase.MELD, _apply_bonus),
        _row(FreezeNate, Phase.MELD, _apply_freeze_nate),
        _row(Ask, Phase.MELD, _apply_ask),
        _row(Discard, Phase.MELD, _apply_discard),
        _row(GoOut, Phase.MELD, _apply_go_out),
        _row(PassTurn, Phase.MELD, _apply_pass),
        _row(Give, Phase.RETURN, apply_give),
        chance(ChooseDealer, Phase.DEALER, _apply_dealer, _sample_dealer),
        chance(Deal, Phase.DEAL, _apply_deal, _sample_deal),
        chance(Upcard, Phase.UPCARD, _apply_upcard, _sample_upcard),
        chance(Drawn, Phase.DRAW, _apply_drawn, _sample_drawn),
    )


def _draw_text(cheats: int, count: int) -> str:
    """NG-26, NG-29: the narration of a draw of ``count`` cards, ``cheats`` of them asked from the cheat stock."""
    if cheats == 0:
        one = " (the last card, NG-29)" if count == 1 else ""
        return f"{{seat}} {{seat:draws|draw}} {plural(count, 'card', 'cards')} from the stock{one}"
    if cheats == 1:
        return "{seat} {seat:draws|draw} a custom card and a cheat card (NG-26)"
    return f"{{seat}} {{seat:draws|draw}} {plural(count, 'cheat card', 'cheat cards')} (NG-26)"


if {(a, p) for a, rows in NogginateState._MOVES.items() for p in rows} != set(CHECKS):
    raise TypeError("NogginateState.VERBS must have one row for each check of the turn (turn.CHECKS)")

NogginateView.state_class = NogginateState
