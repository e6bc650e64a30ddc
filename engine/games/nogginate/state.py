"""Nogginate's state: a whole match, and what each action does to it (NG-5 to NG-54).

Legality is the :class:`~engine.games.nogginate.turn.Turn`'s (built by :meth:`NogginateState._turn`).
As in OpenSpiel's gin rummy, a chance outcome is applied by its phase's handler
(:data:`_CHANCE_APPLY`, sampled by :data:`_CHANCE_SAMPLE`) and a player's move by its action
type's (:data:`_APPLY`; the cheat powers' effects are in :mod:`engine.games.nogginate.powers`).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Sequence

from engine.cards import Card, cards_text, forget_one, insert_sorted
from engine.games.nogginate.cards import CHEAT_CARDS
from engine.core import CHANCE, TERMINAL, Action, ChooseDealer, Event, IllegalAction, State, rand_below, shuffled
from engine.grammar import agree, plural
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
from engine.games.nogginate.turn import Turn
from engine.games.nogginate.view import NogginateView
from engine.match import ScoreBreakdown, breakdown_data, match_winners
from engine.games.nogginate.scoring import team_breakdown

if TYPE_CHECKING:
    from engine.games.nogginate.game import Nogginate, NogginateVariant

HAND_SIZE = 15  # NG-13
TARGET = 10_000  # NG-54

#: Phase members bound once for the hot paths: ``Phase.X`` goes through the enum's metaclass (about
#: 0.3 us a lookup on Python 3.11, against 0.05 us for a module global).
_DEALER, _DEAL, _UPCARD, _ACQUIRE = Phase.DEALER, Phase.DEAL, Phase.UPCARD, Phase.ACQUIRE
_DRAW, _MELD, _ANSWER, _OVER = Phase.DRAW, Phase.MELD, Phase.ANSWER, Phase.OVER

#: Who moves in each phase of a player's move (the state field holding the seat).
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


class NogginateState(State):
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

    __slots__ = ("variant", "n_seats", "teams", "team_idx", "partnership", "phase", "round_no", "dealer",
                 "turn_seat", "answer_seat", "hands", "stock", "discards", "melds", "next_id", "bonuses", "down",
                 "need", "pile_rest", "asked", "permission", "asks", "known", "totals", "round_scores", "out_seat",
                 "turn_no", "cheat_stock", "cheat_discards", "draw_kind", "shown", "tells", "returning",
                 "return_team", "return_seat")

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

    def clone(self) -> NogginateState:
        s = object.__new__(NogginateState)
        s.variant, s.n_seats, s.teams, s.team_idx, s.partnership = (self.variant, self.n_seats, self.teams,
                                                                    self.team_idx, self.partnership)
        s.phase, s.round_no, s.dealer, s.turn_seat, s.answer_seat = (self.phase, self.round_no, self.dealer,
                                                                     self.turn_seat, self.answer_seat)
        s.hands = [h[:] for h in self.hands]
        s.stock = self.stock[:]
        s.discards = self.discards[:]
        s.melds = self.melds[:]
        s.next_id = self.next_id
        s.bonuses = self.bonuses[:]
        s.down = self.down[:]
        s.need, s.pile_rest, s.asked, s.permission = self.need, self.pile_rest, self.asked, self.permission
        s.asks = self.asks[:]
        s.known = [k[:] for k in self.known]
        s.totals = self.totals[:]
        s.round_scores = self.round_scores[:]
        s.out_seat = self.out_seat
        s.turn_no = self.turn_no
        s.cheat_stock = self.cheat_stock[:]
        s.cheat_discards = self.cheat_discards[:]
        s.draw_kind = self.draw_kind
        s.shown = [k[:] for k in self.shown]
        s.tells = self.tells[:]
        s.returning = self.returning[:]
        s.return_team, s.return_seat = self.return_team, self.return_seat
        return s

    # -- whose move --------------------------------------------------------------
    @property
    def to_move(self) -> int:
        who = _MOVER.get(self.phase)
        if who is not None:
            return getattr(self, who)
        return TERMINAL if self.phase == _OVER else CHANCE

    @property
    def turn(self) -> int:
        return self.turn_seat

    @property
    def is_over(self) -> bool:
        return self.phase == _OVER

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
        if self.phase in CHANCE_PHASES or self.phase == _OVER:
            return []
        return self._turn().legal()

    def is_legal(self, action: Action) -> bool:
        """The same answer as ``action in self.legal_actions()``, checking only the rules the action names."""
        return self.why_illegal(action) is None

    def why_illegal(self, action: Action) -> str | None:
        """``None`` if ``action`` is legal now, else a sentence naming the rule that forbids it."""
        if self.phase in CHANCE_PHASES:
            return "it is not a player's move: cards are being dealt or drawn"
        if self.phase == _OVER:
            return "the match is over"
        return self._turn().why(action)

    # -- chance ----------------------------------------------------------------------
    def sample_chance(self, rng: random.Random) -> Action:
        """The next chance outcome, uniformly at random: the first dealer, the deal, the
        up-card, or the cards of a draw (from the unordered stock).

        Raises:
            IllegalAction: if the next step is not a chance step.
        """
        sample = _CHANCE_SAMPLE.get(self.phase)
        if sample is None:
            raise IllegalAction("not a chance step")
        return sample(self, rng)

    def _sample_dealer(self, rng: random.Random) -> Action:
        return ChooseDealer(rand_below(rng, self.n_seats))

    def _sample_deal(self, rng: random.Random) -> Action:
        n = self.n_seats
        order = shuffled(rng, self.stock)[:HAND_SIZE * n]
        hands: list[list[Card]] = [[] for _ in range(n)]
        for i, c in enumerate(order):  # NG-13: one at a time from the dealer's left
            hands[(self.dealer + 1 + i) % n].append(c)
        return Deal(tuple(tuple(sorted(h, key=_order)) for h in hands))

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

    # -- apply -------------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        if self.phase in CHANCE_PHASES:
            return _CHANCE_APPLY[self.phase](self, action)
        why = self.why_illegal(action)
        if why is not None:
            raise IllegalAction(why)
        return self._apply_move(action)

    def apply_trusted(self, action: Action) -> list[Event]:
        """:meth:`apply` without the legality check (see :meth:`State.apply_trusted`)."""
        if self.phase in CHANCE_PHASES:
            return _CHANCE_APPLY[self.phase](self, action)
        return self._apply_move(action)

    def _apply_move(self, action: Action) -> list[Event]:
        handler = _APPLY.get(type(action))
        if handler is None:
            raise IllegalAction(f"{action} is not a move now")
        return handler(self, action)

    # -- chance outcomes, one handler per phase -------------------------------------------
    def _apply_dealer(self, action: Action) -> list[Event]:
        if type(action) is not ChooseDealer or not 0 <= action.seat < self.n_seats:
            raise IllegalAction("expected the first dealer: dealer <seat>")
        self.dealer = action.seat
        self._reset_round()
        self.phase = _DEAL
        return [Event("dealer", "{seat} {seat:deals|deal} first (NG-5)", self.dealer, {"dealer": self.dealer})]

    def _apply_deal(self, action: Action) -> list[Event]:
        if type(action) is not Deal:
            raise IllegalAction("expected the deal")
        hands = action.hands
        if len(hands) != self.n_seats or any(len(h) != HAND_SIZE for h in hands):
            raise IllegalAction(f"the deal gives {HAND_SIZE} cards to each of {self.n_seats} seats (NG-13)")
        rest = Counter(self.stock)
        rest.subtract(c for h in hands for c in h)
        if any(v < 0 for v in rest.values()):
            raise IllegalAction("the deal holds cards that are not in the deck")
        self.hands = [sorted(h, key=_order) for h in hands]
        self.stock = list(rest.elements())
        self.phase = _UPCARD
        mins = ", ".join(f"{self.minimum(t)}" for t in range(len(self.teams)))
        return [Event("deal", f"{{seat}} {{seat:deals|deal}} round {self.round_no + 1}: {HAND_SIZE} cards each; "
                      "initial-meld "
                      f"minimum {mins} (NG-13, NG-32)", self.dealer,
                      {"round": self.round_no, "size": HAND_SIZE,
                       "minimums": [self.minimum(t) for t in range(len(self.teams))]})]

    def _apply_upcard(self, action: Action) -> list[Event]:
        card = action.card if type(action) is Upcard else None
        if card is None or card not in self.stock:
            raise IllegalAction(f"{action} is not a card of the stock")
        self.stock.remove(card)
        self.discards.append(card)
        self.phase = _ACQUIRE
        note = "" if card.is_natural else " and freezes the pile (NG-14, NG-35)"
        return [Event("upcard", f"{card.pretty} is turned up to start the discard pile{note}", None,
                      {"card": card.text, "cards": [card.text]})]

    def _apply_drawn(self, action: Action) -> list[Event]:
        if type(action) is not Drawn:
            raise IllegalAction("expected the drawn cards")
        cards = action.cards
        k = self.draw_kind
        want_x = min(2, len(self.cheat_stock)) if k == 2 else k
        want_c = min(2 - k, len(self.stock))
        customs = [c for c in cards if c not in CHEAT_CARDS]
        cheats = [c for c in cards if c in CHEAT_CARDS]
        if (len(customs) != want_c or len(cheats) != want_x
                or any(self.stock.count(c) < customs.count(c) for c in customs)
                or any(self.cheat_stock.count(c) < cheats.count(c) for c in cheats)):
            raise IllegalAction(f"{action} is not {want_c} custom and {want_x} cheat cards of the stocks")
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
            self.phase = _OVER
            w = self.winners()
            events.append(Event("match_over", agree(len(w), "Winner: ", "Winners: ")
                                + ", ".join(f"{{s{i}:^}}" if k == 0 else f"{{s{i}}}" for k, i in enumerate(w)), None,
                                {"winners": w, "totals": self.scores()}))
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
        if self.phase != _OVER:
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
        return NogginateView(
            seat=seat, variant=self.variant, n_seats=self.n_seats, teams=self.teams, phase=self.phase,
            to_move=self.to_move, turn=self.turn_seat, answer_seat=self.answer_seat, round_no=self.round_no,
            dealer=self.dealer, hand=tuple(self.hands[seat]) if seated else (),
            hand_sizes=tuple(len(h) for h in self.hands), stock_count=len(self.stock),
            discards=tuple(self.discards), melds=tuple(self.melds), next_id=self.next_id,
            bonuses=tuple(self.bonuses), down=tuple(self.down), need=self.need, pile_rest=self.pile_rest,
            asked=self.asked, permission=self.permission, asks=tuple(self.asks),
            known=tuple(tuple(sorted(k, key=_order)) for k in self.known),
            totals=tuple(self.totals), round_scores=tuple(tuple(r) for r in self.round_scores),
            out_seat=self.out_seat, turn_no=self.turn_no, is_over=self.phase == _OVER,
            placed=(BONUS,) * sum(self.bonuses), cheat_stock_count=len(self.cheat_stock),
            cheat_discards=tuple(self.cheat_discards),
            cheat_counts=tuple(sum(1 for c in h if c in CHEAT_CARDS) for h in self.hands),
            shown=tuple(tuple(sorted(self.shown[o], key=_order)) if self.team_idx[o] == mine else ()
                        for o in range(self.n_seats)),
            tells=tuple(t for t in self.tells if self.team_idx[t[0]] == mine),
            returning=tuple(self.returning), return_seat=self.return_seat)

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

    def fingerprint(self) -> str:
        return "|".join([
            "nogginate", self.phase.name.lower(), str(self.round_no), str(self.dealer), str(self.turn_seat),
            str(self.answer_seat), "/".join(cards_text(h) for h in self.hands),
            cards_text(sorted(self.stock, key=_order)), cards_text(self.discards),
            ";".join(_meld_text(m) for m in self.melds),
            str(self.next_id), ",".join(map(str, self.bonuses)), ",".join(str(int(d)) for d in self.down),
            str(self.need), str(int(self.pile_rest)), str(int(self.asked)), str(self.permission),
            ",".join(map(str, self.asks)), "/".join(cards_text(sorted(k, key=_order)) for k in self.known),
            ",".join(map(str, self.totals)), ";".join(",".join(map(str, r)) for r in self.round_scores),
            str(self.out_seat), str(self.turn_no),
        ] + (self._cheat_fingerprint() if self.variant.use_cheat_cards else []))

    def _cheat_fingerprint(self) -> list[str]:
        return [cards_text(sorted(self.cheat_stock, key=_order)), cards_text(self.cheat_discards),
                str(self.draw_kind), "/".join(cards_text(k) for k in self.shown),
                ";".join(f"{s}:{t}" for s, t in self.tells), cards_text(self.returning), str(self.return_team),
                str(self.return_seat)]


def _draw_text(cheats: int, count: int) -> str:
    """NG-26, NG-29: the narration of a draw of ``count`` cards, ``cheats`` of them asked from the cheat stock."""
    if cheats == 0:
        one = " (the last card, NG-29)" if count == 1 else ""
        return f"{{seat}} {{seat:draws|draw}} {plural(count, 'card', 'cards')} from the stock{one}"
    if cheats == 1:
        return "{seat} {seat:draws|draw} a custom card and a cheat card (NG-26)"
    return f"{{seat}} {{seat:draws|draw}} {plural(count, 'cheat card', 'cheat cards')} (NG-26)"


def _meld_text(m: TableMeld) -> str:
    return (f"{m.id}:{m.team}:{m.kind}:{int(m.closed)}:{cards_text(m.cards)}"
            + (f":{m.guards}:{int(m.held_open)}" if m.guards or m.held_open else ""))


_Apply = Callable[[NogginateState, Any], "list[Event]"]

#: The chance outcome of each chance phase: how it is sampled and how it is applied.
_CHANCE_SAMPLE: dict[Phase, Callable[[NogginateState, random.Random], Action]] = {
    Phase.DEALER: NogginateState._sample_dealer, Phase.DEAL: NogginateState._sample_deal,
    Phase.UPCARD: NogginateState._sample_upcard, Phase.DRAW: NogginateState._sample_drawn,
}
_CHANCE_APPLY: dict[Phase, _Apply] = {
    Phase.DEALER: NogginateState._apply_dealer, Phase.DEAL: NogginateState._apply_deal,
    Phase.UPCARD: NogginateState._apply_upcard, Phase.DRAW: NogginateState._apply_drawn,
}

#: What each player move does (checked before, or trusted: ``State.apply_trusted``).
_APPLY: dict[type, _Apply] = {
    Answer: NogginateState._apply_answer,
    Draw: NogginateState._apply_draw,
    **dict.fromkeys(POWER_CARD, apply_power),
    Give: apply_give,
    CheatNate: apply_cheat_nate,
    Onto: NogginateState._apply_onto,
    TakePile: NogginateState._apply_take_pile,
    NewNoggi: NogginateState._apply_new_meld,
    NewNate: NogginateState._apply_new_meld,
    Add: NogginateState._apply_add,
    Close: NogginateState._apply_close,
    Merge: NogginateState._apply_merge,
    PlaceBonus: NogginateState._apply_bonus,
    FreezeNate: NogginateState._apply_freeze_nate,
    Ask: NogginateState._apply_ask,
    Discard: NogginateState._apply_discard,
    GoOut: NogginateState._apply_go_out,
    PassTurn: NogginateState._apply_pass,
}
