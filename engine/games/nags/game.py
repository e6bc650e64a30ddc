"""Nags: the horse-racing "stops" game (rules NA-1 to NA-25 in ``rules/nags.md``).

Points are kept internally in **half points** (integers, NA-19); ``scores()``
returns points. A :class:`NagsState` is a whole match of ``match_games`` games
(NA-21), with Buying a Horse between games (NA-25).

Chance steps and their notation (logged by whoever drives the state):

* ``dealer 2``: the first dealer, chosen at random (NA-6a);
* ``runner 7H``: one runner dealt face up (NA-5; a card whose value is already
  running is put back, so the outcome is uniform over the other values);
* ``deal 2C 5H ... / 7D ... / ...``: each seat's nine cards, in seat order (NA-6);
* ``reveal 7H``: the card a player turns from a face-down draw pile whose order
  nobody knows (NA-11). After a recycle without shuffling (NA-15) the order is
  known to everyone and a turn reveals the next card with no chance step.

Player actions: ``play 7H 7D``, ``turn``, ``pass`` (NA-16), ``up``/``down`` (the
Choice variation, NA-23), ``buy K`` and ``done`` (Buying a Horse, NA-25).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from itertools import combinations
from typing import ClassVar, Literal, Sequence, cast

from engine.grammar import article
from engine.cards import (
    ACE,
    Card,
    Suit,
    cards_text,
    parse_card,
    parse_cards,
    pretty_text,
    rank_text,
    standard_deck,
)
from engine.core import (
    CHANCE,
    TERMINAL,
    Action,
    ActionParseError,
    ChooseDealer,
    Event,
    Game,
    IllegalAction,
    Pass,
    State,
    View,
    parse_notation,
    rand_below,
    shuffled,
)
from engine.determinize import deal
from engine.grammar import agree, plural
from engine.match import match_over, match_winners
from engine.variants import option
from engine.inputs import brief

HAND_SIZE = 9  # NA-6
N_RUNNERS = 4  # NA-5

# Runner status values.
RUNNING, CAME_IN, FELL = 0, 1, 2
STATUS_TEXT = {RUNNING: "running", CAME_IN: "in", FELL: "fallen"}


# ---------------------------------------------------------------------------
# Variant
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class NagsVariant:
    """House rules for Nags (the configuration summary of ``rules/nags.md``)."""

    opening_must_include_lowest_card: bool = option(
        False, rule="NA-8", help="the start player's first play must include the lowest card found by the start search")
    allow_voluntary_turn: bool = option(
        False, rule="NA-11", help="a player who could play may turn the top card of the draw pile instead")
    shuffle_on_recycle: bool = option(
        False, rule="NA-15", help="shuffle the old discards when they become the new draw pile")
    direction_mode: Literal["fixed", "alternating", "choice"] = option(
        "fixed", rule="NA-22", choices=("fixed", "alternating", "choice"),
        help='"fixed": always up; "alternating": the rank direction flips whenever a card is turned (NA-22); '
             '"choice": the player who turned a card chooses up or down (NA-23)')
    match_games: int = option(1, rule="NA-21", min=1, max=100, help="number of games in a match (scores are summed)")
    match_target: int | None = option(
        None, rule="NA-21", min=1, max=2500,
        help="instead of a fixed number of games, play until someone has at least this many points after a game "
             "(at most 2,500: NA-21b)")
    buying_horses: bool = option(
        False, rule="NA-25", help="Buying a Horse between games of a match: 10 points per face value")
    allow_negative_after_purchase: bool = option(
        False, rule="NA-25", help="allow buying a horse with fewer than 10 points (the score may go negative)")
    max_drawn_games: int = option(
        10, rule="NA-21a", min=1, max=1000,
        help="in a match to match_target, after this many games in a row in which nobody scored the match "
             "ends: the highest total wins (keeps every match finite)")

    def problems(self) -> list[tuple[str, str]]:
        """Combinations the rules forbid, as ``(option, message)`` pairs."""
        out = []
        if self.buying_horses and not self.is_match:
            out.append(("buying_horses", "Buying a Horse needs a match of several games: "
                        "set match_games > 1 or match_target (NA-25)"))
        if self.allow_negative_after_purchase and not self.buying_horses:
            out.append(("allow_negative_after_purchase", "only meaningful with buying_horses = true (NA-25)"))
        return out

    @property
    def is_match(self) -> bool:
        """True when more than one game may be played (NA-21)."""
        return self.match_games > 1 or self.match_target is not None


# ---------------------------------------------------------------------------
# Rules as small pure functions (each names its rule)
# ---------------------------------------------------------------------------

def face_value(card: Card) -> int:
    """NA-2: 2..10 at pip value, J 11, Q 12, K 13, A 14."""
    return card.rank


def start_search_key(card: Card) -> tuple[int, int]:
    """NA-3/NA-7: the order of the start search (rank 2..A, then clubs < diamonds < hearts < spades)."""
    return (card.rank, int(cast(Suit, card.suit)))  # Nags deals only natural cards


def next_value(v: int) -> int:
    """NA-10: the value one higher, with next(K) = A and next(A) = 2."""
    return 2 if v == ACE else v + 1


def prev_value(v: int) -> int:
    """NA-10: the value one lower, with prev(2) = A and prev(A) = K."""
    return ACE if v == 2 else v - 1


def legal_values(top: int, direction: int) -> tuple[int, int]:
    """NA-10: the values that may be played on ``top``: T and next(T) going up
    (``direction`` = +1), T and prev(T) going down (-1)."""
    return (top, next_value(top) if direction > 0 else prev_value(top))


def horse_half_points(value: int, position: int) -> int:
    """NA-19: half points for a horse of face ``value`` coming in at ``position`` (1..4)."""
    if position == 1:
        return 2 * value
    if position == 2:
        return value
    if position == 3:
        return (2 * value + 1) // 3
    if position == 4:
        return (value + 1) // 2
    raise ValueError(f"no horse position {position}")


def horse_result(runner: Card, placed: tuple[Card, ...]) -> int:
    """NA-12: what cards of the runner's value do to it: CAME_IN if at least one
    has the runner's colour, else FELL. ``placed`` must hold only that value."""
    return CAME_IN if any(c.is_red == runner.is_red for c in placed) else FELL


def playout_half_points(cards_left_in_other_hands: int) -> int:
    """NA-18: 5 points plus 1 per card left in the other players' hands, in half points."""
    return 2 * (5 + cards_left_in_other_hands)


def value_text(value: int) -> str:
    return rank_text(value)


def half_text(half: int) -> str:
    """Half points as player text: ``7``, ``6.5``."""
    return str(half // 2) if half % 2 == 0 else f"{half // 2}.5"


# ---------------------------------------------------------------------------
# Actions
# ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Play(Action):
    """NA-9: one or more cards of one face value from hand to the discard pile.

    The cards are kept sorted (NA-9: their order within a play does not
    matter), so ``Play((7H, 7D)) == Play((7D, 7H))`` and both place the same
    discard pile."""
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        cards = self.cards
        if type(cards) is not tuple or (len(cards) > 1 and any(
                cards[i + 1] < cards[i] for i in range(len(cards) - 1))):
            object.__setattr__(self, "cards", tuple(sorted(cards)))

    def __str__(self) -> str:
        return "play " + cards_text(self.cards)


@dataclass(frozen=True, slots=True)
class Turn(Action):
    """NA-11: turn the top card of the draw pile onto the discard pile."""

    def __str__(self) -> str:
        return "turn"


@dataclass(frozen=True, slots=True)
class ChooseDirection(Action):
    """NA-23: after turning a card, choose the rank direction (+1 up, -1 down)."""
    direction: int

    def __str__(self) -> str:
        return "up" if self.direction > 0 else "down"


@dataclass(frozen=True, slots=True)
class Buy(Action):
    """NA-25: buy the horse of one face value for 10 points."""
    value: int

    def __str__(self) -> str:
        return "buy " + value_text(self.value)


@dataclass(frozen=True, slots=True)
class DoneBuying(Action):
    """NA-25: buy no more horses now."""

    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class DealRunner(Action):
    """Chance, NA-5: one runner turned face up."""
    card: Card

    def __str__(self) -> str:
        return f"runner {self.card}"


@dataclass(frozen=True, slots=True)
class Deal(Action):
    """Chance, NA-6: every seat's hand, in seat order."""
    hands: tuple[tuple[Card, ...], ...]

    def __str__(self) -> str:
        return "deal " + " / ".join(cards_text(h) for h in self.hands)


@dataclass(frozen=True, slots=True)
class Reveal(Action):
    """Chance, NA-11: the card turned from a draw pile of unknown order."""
    card: Card

    def __str__(self) -> str:
        return f"reveal {self.card}"


_VALUE_FROM_TEXT = {"J": 11, "Q": 12, "K": 13, "A": 14, "T": 10}


def parse_value(text: str) -> int:
    t = text.strip().upper()
    if t in _VALUE_FROM_TEXT:
        return _VALUE_FROM_TEXT[t]
    if t.isdigit() and 2 <= int(t) <= 10:
        return int(t)
    raise ActionParseError(f"{brief(text)} is not a face value (2..10, J, Q, K, A)")


def parse_nags_action(text: str) -> Action:
    """Parse Nags notation (see the module docstring).

    Raises:
        ActionParseError: for unknown words or bad cards.
    """
    return parse_notation(text, _parse_nags_verb, "Nags", "play, turn, pass, up, down, buy, done")


def _parse_nags_verb(verb: str, rest: str) -> Action | None:
    """The action for one verb of Nags notation, or None for an unknown verb."""
    if verb == "play":
        cards = parse_cards(rest)
        if not cards:
            raise ActionParseError("play needs at least one card, e.g. 'play 7H 7D'")
        return Play(tuple(sorted(cards)))
    if verb in ("turn", "pass", "up", "down", "done") and rest.strip():
        raise ActionParseError(f"{brief(verb)} takes no arguments")
    if verb == "turn":
        return Turn()
    if verb == "pass":
        return Pass()
    if verb in ("up", "down"):
        return ChooseDirection(1 if verb == "up" else -1)
    if verb == "done":
        return DoneBuying()
    if verb == "buy":
        return Buy(parse_value(rest))
    if verb == "dealer":
        return ChooseDealer(int(rest))
    if verb == "runner":
        return DealRunner(parse_card(rest))
    if verb == "reveal":
        return Reveal(parse_card(rest))
    if verb == "deal":
        return Deal(tuple(tuple(parse_cards(part)) for part in rest.split("/")))
    return None


# ---------------------------------------------------------------------------
# State
# ---------------------------------------------------------------------------

# Phases
P_DEALER, P_RUNNERS, P_DEAL, P_PLAY, P_REVEAL, P_DIRECTION, P_BUY, P_OVER = range(8)
PHASE_NAMES = ("dealer", "runners", "deal", "play", "reveal", "direction", "buy", "over")
_CHANCE_PHASES = (P_DEALER, P_RUNNERS, P_DEAL, P_REVEAL)

#: NA-16a (engine guard, DECISION). While nobody plays, the hands do not change
#: and the m cards of the discard and draw piles go round in a fixed cycle: the
#: turned cards read one cyclic sequence of those m cards, because NA-15 turns the
#: pile over without shuffling and keeps only the top card back. The position
#: (top card, seat to move, direction) therefore repeats with a period dividing
#: lcm(m, n, 2) <= 2nm. Once more than ``STUCK_FACTOR * n * m`` cards have been
#: turned in a row with no play (STUCK_FACTOR >= 2), every position of the cycle
#: has been met with nobody able to play, so nobody ever will: the game would go
#: round for ever and ends as blocked (scored as NA-16). With the Choice variation
#: or ``allow_voluntary_turn`` a player could have changed the cycle; the guard
#: then means every chance to do so in two full cycles was declined.
STUCK_FACTOR = 2
#: NA-16a with ``shuffle_on_recycle``: the order changes at every recycle, so after
#: STUCK_FACTOR cycles the game is blocked only if no seat holds a value playable on
#: any card going round; if one does, a play will come by chance, and this many
#: cycles end the game in any case (so every game ends).
STUCK_BACKSTOP = 20

_FULL_DECK = standard_deck()


class NagsState(State):
    """A Nags match. Build it with :meth:`Nags.new_state`.

    Public attributes (read by views, tests and widgets; change them only via
    :meth:`apply`):
        hands: each seat's cards.
        runners: ``[card, status, position, credited seat]`` per runner.
        discard: the discard pile, bottom to top.
        stock_known: draw-pile cards in a publicly known order (top = last).
        pool: draw-pile cards of unknown order (drawn below ``stock_known``).
        pool_known: cards publicly known to be somewhere in ``pool``.
        direction: +1 up, -1 down (NA-22, NA-23).
        game_half / totals_half: this game's and the match's half points per seat.
        owners: face value -> owning seat (Buying a Horse, NA-25).
        voids: per seat, the face values it is publicly known not to hold this
            game: when it turned a card or passed because it could not play
            (NA-11, NA-16) it held none of the values playable then, and a Nags
            hand only loses cards. Knowledge derived from the history, so it is
            left out of :meth:`fingerprint` (log hashes stay as they were).
    """

    __slots__ = ("variant", "n_seats", "phase", "dealer", "game_no", "turn_seat", "runners", "hands",
                 "discard", "stock_known", "pool", "pool_known", "direction", "opened", "start_card",
                 "starter", "passes", "idle_turns", "turn_forced", "game_half", "totals_half", "owners", "buyer",
                 "buys_done", "history", "blocked", "voids")

    game: ClassVar["type[Nags]"]

    def __init__(self, variant: NagsVariant, n_seats: int) -> None:
        self.variant = variant
        self.n_seats = n_seats
        self.phase = P_DEALER
        self.dealer = 0
        self.game_no = 0
        self.turn_seat = 0
        self.runners: list[list] = []
        self.hands: list[list[Card]] = [[] for _ in range(n_seats)]
        self.discard: list[Card] = []
        self.stock_known: list[Card] = []
        self.pool: list[Card] = []
        self.pool_known: list[Card] = []
        self.direction = 1
        self.opened = False
        self.start_card: Card | None = None
        self.starter = 0
        self.passes = 0
        self.idle_turns = 0
        self.turn_forced = True
        self.game_half = [0] * n_seats
        self.totals_half = [0] * n_seats
        self.owners: dict[int, int] = {}
        self.buyer = 0
        self.buys_done = 0
        self.history: list[list[int]] = []
        self.blocked = False
        self.voids: list[frozenset[int]] = [frozenset()] * n_seats

    # -- copying -------------------------------------------------------------
    def clone(self) -> "NagsState":
        s = object.__new__(NagsState)
        s.variant = self.variant
        s.n_seats = self.n_seats
        s.phase = self.phase
        s.dealer = self.dealer
        s.game_no = self.game_no
        s.turn_seat = self.turn_seat
        s.runners = [r[:] for r in self.runners]
        s.hands = [h[:] for h in self.hands]
        s.discard = self.discard[:]
        s.stock_known = self.stock_known[:]
        s.pool = self.pool[:]
        s.pool_known = self.pool_known[:]
        s.direction = self.direction
        s.opened = self.opened
        s.start_card = self.start_card
        s.starter = self.starter
        s.passes = self.passes
        s.idle_turns = self.idle_turns
        s.turn_forced = self.turn_forced
        s.game_half = self.game_half[:]
        s.totals_half = self.totals_half[:]
        s.owners = dict(self.owners)
        s.buyer = self.buyer
        s.buys_done = self.buys_done
        s.history = self.history[:]  # finished games' rows are never changed
        s.blocked = self.blocked
        s.voids = self.voids[:]
        return s

    # -- whose move ----------------------------------------------------------
    @property
    def to_move(self) -> int:
        p = self.phase
        if p in _CHANCE_PHASES:
            return CHANCE
        if p == P_OVER:
            return TERMINAL
        if p == P_BUY:
            return self.buyer
        return self.turn_seat

    @property
    def turn(self) -> int:
        return self.turn_seat

    @property
    def is_over(self) -> bool:
        """True when the match has ended (NA-21)."""
        return self.phase == P_OVER

    @property
    def hand_number(self) -> int:
        return self.game_no

    @property
    def top_value(self) -> int | None:
        """Face value T of the top discard, or None before the opening play."""
        return self.discard[-1].rank if self.discard else None

    @property
    def stock_count(self) -> int:
        """Cards in the face-down draw pile."""
        return len(self.stock_known) + len(self.pool)

    def can_turn(self) -> bool:
        """NA-15/NA-16: a card can be turned unless the draw pile is empty and the
        discard pile has at most one card."""
        return bool(self.stock_known or self.pool or len(self.discard) > 1)

    # -- legal actions ---------------------------------------------------------
    def _play_values(self) -> tuple[int, ...]:
        """NA-8/NA-10: the face values the player to move may play now."""
        if not self.opened:
            return (cast(Card, self.start_card).rank,)  # set by the deal, before any play
        return legal_values(self.discard[-1].rank, self.direction)

    def _plays(self, hand: list[Card]) -> list[Action]:
        """NA-8/NA-9/NA-10: every distinct set of same-valued cards that may be
        played, each as a :class:`Play` of sorted cards (hands are kept sorted)."""
        must_include = None
        if not self.opened and self.variant.opening_must_include_lowest_card:
            must_include = self.start_card
        return _play_list(hand, self._play_values(), must_include)

    def _can_play(self) -> bool:
        """NA-11: whether the player to move holds a card of a playable value."""
        values = self._play_values()
        return any(c.rank in values for c in self.hands[self.turn_seat])

    def is_legal(self, action: Action) -> bool:
        """NA-8 to NA-11, NA-16, NA-23, NA-25: the same answer as
        ``action in self.legal_actions()``, without listing them."""
        p = self.phase
        if p == P_PLAY:
            cls = type(action)
            if cls is Play:
                cards = cast(Play, action).cards
                if not cards:
                    return False
                v = cards[0].rank
                if any(c.rank != v for c in cards) or v not in self._play_values():
                    return False
                hand = self.hands[self.turn_seat]
                if len(set(cards)) != len(cards) or any(c not in hand for c in cards):
                    return False
                return (self.opened or not self.variant.opening_must_include_lowest_card
                        or self.start_card in cards)
            if cls is Turn:
                if not self.can_turn():
                    return False
                return not self._can_play() or (self.variant.allow_voluntary_turn and self.opened)
            if cls is Pass:
                return not self.can_turn() and not self._can_play()
            return False
        if p == P_DIRECTION:
            return type(action) is ChooseDirection and action.direction in (1, -1)
        if p == P_BUY:
            if type(action) is DoneBuying:
                return True
            return (type(action) is Buy and 2 <= action.value <= 14 and action.value not in self.owners
                    and (self.variant.allow_negative_after_purchase or self.totals_half[self.buyer] >= 20))
        return False

    def legal_actions(self) -> list[Action]:
        """Legal actions of the seat to move (NA-8 to NA-11, NA-16, NA-23, NA-25);
        empty at chance steps and when the match is over."""
        p = self.phase
        if p == P_PLAY:
            must = self.start_card if not self.opened and self.variant.opening_must_include_lowest_card else None
            plays = _play_list(self.hands[self.turn_seat], self._play_values(), must)
            if plays:
                if self.variant.allow_voluntary_turn and self.opened and self.can_turn():
                    plays.append(Turn())
                return plays
            return [Turn()] if self.can_turn() else [Pass()]
        if p == P_DIRECTION:
            return [ChooseDirection(1), ChooseDirection(-1)]
        if p == P_BUY:
            return _buy_list(self.variant, self.totals_half[self.buyer], self.owners)
        return []

    def why_illegal(self, action: Action) -> str | None:
        """Explain in a sentence why ``action`` is not legal now (None if it is)."""
        if self.phase in _CHANCE_PHASES:
            return "it is not a player's move: the cards are being dealt"
        if self.phase == P_OVER:
            return "the match is over"
        if self.is_legal(action):
            return None
        if isinstance(action, Play) and self.phase == P_PLAY:
            return self._why_play_illegal(action)
        if isinstance(action, Turn) and self.phase == P_PLAY:
            if not self.can_turn():
                return "the draw pile is empty and the discard pile has one card: you must pass (NA-16)"
            if not self.opened:
                return "the start player must open with the starting rank (NA-8)"
            return "you have a legal play, and play is compulsory (NA-11)"
        if isinstance(action, Pass):
            return "you may pass only when no card can be turned (NA-16)"
        if isinstance(action, Buy) and self.phase == P_BUY:
            if action.value in self.owners:
                return f"the {value_text(action.value)} already belongs to a player (NA-25b)"
            return "a horse costs 10 points and you have fewer (NA-25a)"
        return {P_PLAY: "it is time to play a card", P_DIRECTION: "choose the direction: up or down (NA-23)",
                P_BUY: "buy a horse or say done (NA-25)"}.get(self.phase,
                                                             f"{pretty_text(str(action))} is not legal now")

    def _why_play_illegal(self, action: Play) -> str:
        if not action.cards:
            return "a play needs at least one card (NA-9)"
        hand = self.hands[self.turn_seat]
        missing = sorted({c for c in action.cards if action.cards.count(c) > hand.count(c)})
        if missing:
            return f"you do not hold {cards_text(missing)}"
        if len({c.rank for c in action.cards}) > 1:
            return "all the cards of one play must have the same face value (NA-9)"
        v = action.cards[0].rank
        if not self.opened:
            start = self.start_card
            assert start is not None  # set by the deal, before any play
            if v != start.rank:
                return f"the first play must be {value_text(start.rank)}s, the starting rank (NA-8)"
            return f"the first play must include {start.pretty}, the lowest card (NA-8, house rule)"
        a, b = legal_values(self.discard[-1].rank, self.direction)
        way = "up" if self.direction > 0 else "down"
        return (f"on {article(value_text(a))} going {way} you may play only {value_text(a)}s or {value_text(b)}s "
                f"(NA-10)")

    # -- chance --------------------------------------------------------------
    def sample_chance(self, rng: random.Random) -> Action:
        p = self.phase
        if p == P_DEALER:
            return ChooseDealer(rand_below(rng, self.n_seats))
        if p == P_RUNNERS:
            taken = {r[0].rank for r in self.runners}
            candidates = [c for c in _FULL_DECK if c.rank not in taken]
            return DealRunner(candidates[rand_below(rng, len(candidates))])
        if p == P_DEAL:
            order = shuffled(rng, self.pool)
            hands: list[list[Card]] = [[] for _ in range(self.n_seats)]
            for i in range(HAND_SIZE * self.n_seats):  # one at a time from left of the dealer
                hands[(self.dealer + 1 + i) % self.n_seats].append(order[i])
            return Deal(tuple(tuple(sorted(h)) for h in hands))
        if p == P_REVEAL:
            return Reveal(self.pool[rand_below(rng, len(self.pool))])
        raise IllegalAction("not a chance step")

    def observation(self, action: Action, seat: int) -> str:
        """NA-6: a seat sees its own dealt hand and only the sizes of the others
        (``deal 2C 5H ... / 9 / 9``); runners, turned cards and moves are public."""
        if type(action) is Deal:
            return "deal " + " / ".join(cards_text(h) if i == seat else str(len(h))
                                        for i, h in enumerate(action.hands))
        return str(action)

    # -- apply -----------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        p = self.phase
        if p in _CHANCE_PHASES:
            return self._apply_chance(action)
        if p == P_OVER:
            raise IllegalAction("the match is over")
        if not self.is_legal(action):
            raise IllegalAction(self.why_illegal(action) or f"{action} is not legal now")
        if p == P_PLAY and isinstance(action, Play):  # the common move without a further call
            return self._do_play(action)
        return self._apply_move(action)

    def apply_trusted(self, action: Action) -> list[Event]:
        """:meth:`apply` without the legality check (see :meth:`State.apply_trusted`):
        ``action`` must come from ``legal_actions()`` or ``sample_chance`` of this state."""
        p = self.phase
        if p == P_PLAY and isinstance(action, Play):
            return self._do_play(action)
        if p in _CHANCE_PHASES:
            return self._apply_chance(action)
        return self._apply_move(action)

    def _apply_move(self, action: Action) -> list[Event]:
        """A legal player's move (checked by the caller)."""
        p = self.phase
        if p == P_PLAY:
            if isinstance(action, Play):
                return self._do_play(action)
            if isinstance(action, Turn):
                return self._do_turn()
            return self._do_pass()
        if p == P_DIRECTION:  # NA-23: the player who turned chooses, then play moves on
            seat = self.turn_seat
            self.direction = cast(ChooseDirection, action).direction
            self.phase = P_PLAY
            events = [Event("direction", "{seat} {seat:chooses|choose} to go " + str(action), seat,
                            {"direction": self.direction})]
            if self._stuck():
                return events + self._end_game(blocked=True, stuck=True)
            self._advance()
            return events
        return self._do_buy(action)

    def _apply_chance(self, action: Action) -> list[Event]:
        p = self.phase
        if p == P_DEALER and isinstance(action, ChooseDealer) and 0 <= action.seat < self.n_seats:
            self.dealer = action.seat
            self._start_game()
            return [Event("dealer", "{seat} {seat:deals|deal} first", action.seat)]
        if p == P_RUNNERS and isinstance(action, DealRunner):
            return self._do_runner(action.card)
        if p == P_DEAL and isinstance(action, Deal):
            return self._do_deal(action.hands)
        if p == P_REVEAL and isinstance(action, Reveal) and action.card in self.pool:
            self.pool.remove(action.card)
            if action.card in self.pool_known:
                self.pool_known.remove(action.card)
            return self._place_turned(action.card)
        raise IllegalAction(f"{action} is not a possible chance outcome now ({PHASE_NAMES[p]})")

    def _start_game(self) -> None:
        """NA-5: begin a game: the whole pack is in the (unordered) pool."""
        self.phase = P_RUNNERS
        self.runners = []
        self.hands = [[] for _ in range(self.n_seats)]
        self.discard = []
        self.stock_known = []
        self.pool = list(_FULL_DECK)
        self.pool_known = []
        self.direction = 1  # NA-22: direction starts up every game
        self.opened = False
        self.start_card = None
        self.passes = 0
        self.idle_turns = 0
        self.game_half = [0] * self.n_seats
        self.blocked = False
        self.voids = [frozenset()] * self.n_seats

    def _do_runner(self, card: Card) -> list[Event]:
        if any(r[0].rank == card.rank for r in self.runners):
            raise IllegalAction(f"runner {card} is impossible: its value is already running (NA-5)")
        if card not in self.pool:
            raise IllegalAction(f"runner {card} is impossible: it is not in the pack")
        self.pool.remove(card)
        self.runners.append([card, RUNNING, 0, -1])
        events = [Event("runner", f"Runner {card.pretty} is under starter's orders", None,
                        {"card": card.text, "cards": [card.text]})]
        owner = self.owners.get(card.rank)
        if owner is not None:  # NA-25c runner bonus
            self.game_half[owner] += 4
            events.append(Event("owner_bonus", "{seat} {seat:owns|own} the " + value_text(card.rank)
                                + " horse, which is running: +2", owner, {"half_points": 4}))
        if len(self.runners) == N_RUNNERS:
            self.phase = P_DEAL
        return events

    def _do_deal(self, hands: tuple[tuple[Card, ...], ...]) -> list[Event]:
        if len(hands) != self.n_seats or any(len(h) != HAND_SIZE for h in hands):
            raise IllegalAction(f"a deal gives {HAND_SIZE} cards to each of {self.n_seats} seats (NA-6)")
        in_pool = set(self.pool)
        dealt: set[Card] = set()
        for h in hands:
            for c in h:
                if c not in in_pool or c in dealt:
                    raise IllegalAction(f"deal: {c} is not in the pack")
                dealt.add(c)
        self.pool = [c for c in self.pool if c not in dealt]
        self.hands = [sorted(h) for h in hands]
        # NA-7: search 2..A, clubs..spades, for the first card held.
        best: tuple[tuple[int, int], int, Card] | None = None
        for seat, held in enumerate(self.hands):
            for c in held:
                k = start_search_key(c)
                if best is None or k < best[0]:
                    best = (k, seat, c)
        assert best is not None
        _, self.starter, self.start_card = best
        self.turn_seat = self.starter
        self.phase = P_PLAY
        return [Event("deal", f"Cards dealt: {HAND_SIZE} each, {self.stock_count} in the draw pile", None),
                Event("starter", "{seat} {seat:holds|hold} " + self.start_card.pretty
                      + ", the lowest card, and {seat:starts|start}",
                      self.starter, {"card": self.start_card.text, "cards": [self.start_card.text]})]

    def _advance(self) -> None:
        self.turn_seat = (self.turn_seat + 1) % self.n_seats

    def _horse(self, seat: int, placed: tuple[Card, ...]) -> list[Event]:
        """NA-12/NA-13: a horse of the placed value comes in or falls."""
        v = placed[0].rank
        for r in self.runners:
            if r[0].rank == v:
                break
        else:
            return []
        if r[1] != RUNNING:
            return []
        result = horse_result(r[0], placed)
        name = r[0].pretty
        if result == FELL:
            r[1] = FELL
            return [Event("horse_fell", f"The {name} horse falls", seat, {"card": r[0].text, "cards": [r[0].text]})]
        position = 1 + sum(1 for x in self.runners if x[1] == CAME_IN)
        r[1], r[2], r[3] = CAME_IN, position, seat
        half = horse_half_points(v, position)
        self.game_half[seat] += half
        ordinal = ("1st", "2nd", "3rd", "4th")[position - 1]
        events = [Event("horse_in", f"The {name} horse comes in {ordinal} for {{seat}}: +{half_text(half)}",
                        seat, {"card": r[0].text, "cards": [r[0].text], "position": position, "half_points": half})]
        owner = self.owners.get(v)
        if owner is not None:  # NA-25d placing bonus
            self.game_half[owner] += half
            events.append(Event("owner_bonus", "{seat} {seat:owns|own} the " + value_text(v) + " horse: +"
                                + half_text(half), owner, {"half_points": half}))
        return events

    def _do_play(self, action: Play) -> list[Event]:
        seat = self.turn_seat
        hand = self.hands[seat]
        for c in action.cards:
            hand.remove(c)
        self.discard.extend(action.cards)
        self.opened = True
        self.passes = 0
        self.idle_turns = 0
        events = [Event("play", "{seat} {seat:plays|play} " + " ".join(c.pretty for c in action.cards), seat,
                        {"cards": [c.text for c in action.cards]})]
        events += self._horse(seat, action.cards)
        if not hand:  # NA-17: the game ends at once, after the horses
            left = sum(len(h) for h in self.hands)
            half = playout_half_points(left)
            self.game_half[seat] += half
            events.append(Event("play_out", f"{{seat}} {{seat:plays|play}} out: 5 + {plural(left, 'card', 'cards')} = "
                                            f"+{half_text(half)}",
                                seat, {"half_points": half}))
            return events + self._end_game()
        self._advance()
        return events

    def _do_turn(self) -> list[Event]:
        # NA-11: a turn is forced unless the player had a play (allow_voluntary_turn).
        self.turn_forced = not (self.variant.allow_voluntary_turn and self._plays(self.hands[self.turn_seat]))
        if self.turn_forced:  # NA-11: it holds none of the values playable now (public knowledge)
            self._note_void()
        events: list[Event] = []
        if not self.stock_known and not self.pool:
            events.append(self._recycle())
        if self.stock_known:
            return events + self._place_turned(self.stock_known.pop())
        self.phase = P_REVEAL
        return events

    def _recycle(self) -> Event:
        """NA-15: every discard but the top becomes the new draw pile."""
        old = self.discard[:-1]
        self.discard = self.discard[-1:]
        if self.variant.shuffle_on_recycle:
            self.pool = old
            self.pool_known = old[:]
            how = "shuffled"
        else:
            self.stock_known = old[::-1]  # turned face down: the oldest discard is on top
            how = "turned face down, in order"
        return Event("recycle", f"The discard pile is {how} to make a new draw pile "
                                f"({plural(len(old), 'card', 'cards')})",
                     None, {"count": len(old)})

    def _place_turned(self, card: Card) -> list[Event]:
        seat = self.turn_seat
        self.discard.append(card)
        self.phase = P_PLAY
        self.passes = 0
        self.idle_turns += 1
        forced = self.turn_forced
        how = "cannot play and {seat:turns|turn} " if forced else "{seat:chooses|choose} to turn "
        events = [Event("turn", "{seat} " + how + card.pretty, seat,
                        {"card": card.text, "cards": [card.text], "forced": forced})]
        events += self._horse(seat, (card,))
        # NA-22/NA-23 act only on a card turned because the player could not play.
        mode = self.variant.direction_mode if forced else "fixed"
        if mode == "alternating":  # NA-22: flip after the card is placed
            self.direction = -self.direction
            events.append(Event("direction", "Direction is now " + ("up" if self.direction > 0 else "down"),
                                seat, {"direction": self.direction}))
        elif mode == "choice":  # NA-23: the player chooses after seeing the card
            self.phase = P_DIRECTION
            return events
        if self._stuck():
            return events + self._end_game(blocked=True, stuck=True)
        self._advance()
        return events

    def _stuck(self) -> bool:
        """NA-16a (engine guard, DECISION; see :data:`STUCK_FACTOR`): True when the
        cards have gone round so often with no play that nobody ever will play."""
        cycle = self.n_seats * max(len(self.discard) + self.stock_count, 1)
        t = self.idle_turns
        if t <= STUCK_FACTOR * cycle:
            return False
        if not self.variant.shuffle_on_recycle or t > STUCK_BACKSTOP * cycle:
            return True
        return not self._playable_someday()

    def _playable_someday(self) -> bool:
        """NA-16a with shuffling: whether some seat holds a value that could be
        played (NA-10) on some card of the discard or draw pile, in a direction
        the variation allows. Over-approximates, so False means never."""
        going_round = {c.rank for c in self.discard}
        going_round.update(c.rank for c in self.pool)
        going_round.update(c.rank for c in self.stock_known)
        ways = (self.direction,) if self.variant.direction_mode == "fixed" else (1, -1)
        wanted = set(going_round)
        for v in going_round:
            for d in ways:
                wanted.add(next_value(v) if d > 0 else prev_value(v))
        return any(c.rank in wanted for h in self.hands for c in h)

    def _note_void(self) -> None:
        """NA-11/NA-16: the seat to move cannot play: record that it holds none of
        the playable values (hands never gain cards, so this holds all game)."""
        seat = self.turn_seat
        self.voids[seat] = self.voids[seat] | frozenset(self._play_values())

    def _do_pass(self) -> list[Event]:
        self._note_void()
        seat = self.turn_seat
        self.passes += 1
        events = [Event("pass", "{seat} cannot play or turn a card and {seat:passes|pass}", seat)]
        if self.passes >= self.n_seats:  # NA-16: one full cycle of passes
            return events + self._end_game(blocked=True)
        self._advance()
        return events

    def _end_game(self, blocked: bool = False, stuck: bool = False) -> list[Event]:
        """NA-18/NA-20/NA-21: score the game and start the next one or end the match.
        ``blocked``: NA-16, no play-out points; ``stuck``: blocked by the NA-16a guard."""
        self.blocked = blocked
        for i in range(self.n_seats):
            self.totals_half[i] += self.game_half[i]
        self.history.append(self.game_half[:])
        events = []
        if stuck:
            events.append(Event("blocked", "Nobody can play on any card that goes round: "
                                "the game is blocked (NA-16)", None, {"stuck": True}))
        elif blocked:
            events.append(Event("blocked", "Nobody can play or turn a card: the game is blocked (NA-16)", None))
        points = [h / 2 for h in self.game_half]
        totals = [h / 2 for h in self.totals_half]
        # The breakdown for the summary (NA-20): play-out points (NA-18) of the seat
        # that played out, and the rest (horses NA-19, owners' bonuses NA-25).
        out = None if blocked else next((i for i, h in enumerate(self.hands) if not h), None)
        playout = [0.0] * self.n_seats
        if out is not None:
            playout[out] = playout_half_points(sum(len(h) for h in self.hands)) / 2
        horses = [p - q for p, q in zip(points, playout)]
        events.append(Event("hand_over", f"Game {self.game_no + 1} over", None,
                            {"hand": self.game_no, "scores": points, "totals": totals, "blocked": blocked,
                             "played_out": out, "playout_points": playout, "horse_points": horses}))
        played = self.game_no + 1
        if match_over(played, self.totals_half, self.variant.match_games,
                      None if self.variant.match_target is None else 2 * self.variant.match_target) \
                or (self.variant.match_target is not None
                    and self._drawn_in_a_row() >= self.variant.max_drawn_games):  # NA-21a
            self.phase = P_OVER
            w = self.winners()
            events.append(Event("match_over", agree(len(w), "Winner: ", "Winners: ")
                                + ", ".join(f"{{s{i}:^}}" if k == 0 else f"{{s{i}}}" for k, i in enumerate(w)), None,
                                {"winners": w, "totals": totals}))
            return events
        self.game_no += 1
        self.dealer = (self.dealer + 1) % self.n_seats  # NA-6a
        if self.variant.buying_horses:
            self.phase = P_BUY
            self.buyer = (self.dealer + 1) % self.n_seats  # NA-25a order
            self.buys_done = 0
            self.game_half = [0] * self.n_seats
        else:
            self._start_game()
        return events

    def _drawn_in_a_row(self) -> int:
        """NA-21a: the number of games at the end of ``history`` in which nobody scored."""
        n = 0
        for points in reversed(self.history):
            if any(points):
                break
            n += 1
        return n

    def _do_buy(self, action: Action) -> list[Event]:
        seat = self.buyer
        if isinstance(action, Buy):
            self.owners[action.value] = seat
            self.totals_half[seat] -= 20
            return [Event("buy", "{seat} {seat:buys|buy} the " + value_text(action.value) + " horse for 10 points",
                          seat, {"value": action.value})]
        self.buys_done += 1
        events = [Event("done_buying", "{seat} {seat:buys|buy} no more horses", seat)]
        if self.buys_done == self.n_seats:
            self._start_game()
        else:
            self.buyer = (self.buyer + 1) % self.n_seats
        return events

    # -- results ---------------------------------------------------------------
    def scores(self) -> list[float]:
        """Match totals in points (NA-20, NA-21)."""
        return [h / 2 for h in self.totals_half]

    def game_scores(self) -> list[float]:
        """This game's points so far per seat."""
        return [h / 2 for h in self.game_half]

    def winners(self) -> list[int]:
        """NA-20/NA-21: the seats with the highest match total (ties share)."""
        if self.phase != P_OVER:
            return []
        return match_winners(self.totals_half, highest_wins=True)

    # -- information -----------------------------------------------------------
    def view(self, seat: int) -> "NagsView":
        return NagsView(
            seat=seat, n_seats=self.n_seats, variant=self.variant, phase=PHASE_NAMES[self.phase],
            to_move=self.to_move, turn=self.turn_seat, dealer=self.dealer, game_no=self.game_no,
            hand=tuple(sorted(self.hands[seat])), hand_sizes=tuple(len(h) for h in self.hands),
            runners=tuple(tuple(r) for r in self.runners), discard=tuple(self.discard),
            stock_known=tuple(self.stock_known), pool_count=len(self.pool),
            pool_known=tuple(sorted(self.pool_known)), direction=self.direction, opened=self.opened,
            start_card=self.start_card, starter=self.starter, passes=self.passes, idle_turns=self.idle_turns,
            turn_forced=self.turn_forced,
            game_half=tuple(self.game_half), totals_half=tuple(self.totals_half),
            owners=tuple(sorted(self.owners.items())), buyer=self.buyer, buys_done=self.buys_done,
            history=tuple(tuple(h) for h in self.history), blocked=self.blocked,
            is_over=self.phase == P_OVER,
            voids=tuple(tuple(sorted(v)) for v in self.voids),
        )

    def zones(self) -> dict[str, list[Card]]:
        """Every card by zone (card conservation, ``State.zones``): before the first
        deal the whole pack; then the runners, hands, discard pile and draw pile
        (its known-order part and its pool; ``pool_known`` is part of the pool)."""
        if self.phase == P_DEALER:
            return {"pack": list(_FULL_DECK)}
        out = {"runners": [r[0] for r in self.runners], "discard": self.discard[:],
               "stock_known": self.stock_known[:], "pool": self.pool[:]}
        for i, h in enumerate(self.hands):
            out[f"hand {i}"] = h[:]
        return out

    def fingerprint(self) -> str:
        runners = ",".join(f"{r[0]}:{r[1]}:{r[2]}:{r[3]}" for r in self.runners)
        hands = "/".join(cards_text(sorted(h)) for h in self.hands)
        return "|".join([
            "nags", str(self.n_seats), PHASE_NAMES[self.phase], str(self.dealer), str(self.game_no),
            str(self.turn_seat), runners, hands, cards_text(self.discard), cards_text(self.stock_known),
            cards_text(sorted(self.pool)), cards_text(sorted(self.pool_known)), str(self.direction),
            str(int(self.opened)), str(self.start_card), str(self.starter), str(self.passes),
            str(self.idle_turns), str(int(self.turn_forced)), ",".join(map(str, self.game_half)),
            ",".join(map(str, self.totals_half)),
            ",".join(f"{k}:{v}" for k, v in sorted(self.owners.items())), str(self.buyer), str(self.buys_done),
            ";".join(",".join(map(str, h)) for h in self.history), str(int(self.blocked)),
        ])


@dataclass(frozen=True)
class NagsView(View):
    """What one seat of a Nags match may know (everything but the other hands
    and the order of an unseen draw pile). :meth:`legal_actions` derives this
    seat's legal actions from the view on first use (lazily, cached)."""

    seat: int
    n_seats: int
    variant: NagsVariant
    phase: str
    to_move: int
    turn: int
    dealer: int
    game_no: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    runners: tuple[tuple, ...]
    discard: tuple[Card, ...]
    stock_known: tuple[Card, ...]
    pool_count: int
    pool_known: tuple[Card, ...]
    direction: int
    opened: bool
    start_card: Card | None
    starter: int
    passes: int
    idle_turns: int
    turn_forced: bool
    game_half: tuple[int, ...]
    totals_half: tuple[int, ...]
    owners: tuple[tuple[int, int], ...]
    buyer: int
    buys_done: int
    history: tuple[tuple[int, ...], ...]
    blocked: bool
    is_over: bool
    voids: tuple[tuple[int, ...], ...] = ()

    def compute_legal(self) -> list[Action]:
        """NA-8 to NA-11, NA-16, NA-23, NA-25 from the view's fields, in the state's order."""
        phase = self.phase
        if phase == "play":
            start = self.start_card
            if not self.opened:
                values: tuple[int, ...] = (cast(Card, start).rank,)  # set by the deal, before any play
                must = start if self.variant.opening_must_include_lowest_card else None
            else:
                values, must = legal_values(self.discard[-1].rank, self.direction), None
            plays = _play_list(self.hand, values, must)
            can_turn = bool(self.stock_known or self.pool_count or len(self.discard) > 1)
            if plays:
                if self.variant.allow_voluntary_turn and self.opened and can_turn:
                    plays.append(Turn())
                return plays
            return [Turn()] if can_turn else [Pass()]
        if phase == "direction":
            return [ChooseDirection(1), ChooseDirection(-1)]
        if phase == "buy":
            return _buy_list(self.variant, self.totals_half[self.buyer], dict(self.owners))
        return []

    @property
    def stock_count(self) -> int:
        return len(self.stock_known) + self.pool_count

    @property
    def top_value(self) -> int | None:
        return self.discard[-1].rank if self.discard else None

    def determinize(self, rng: random.Random) -> NagsState:
        """A state consistent with this view: the unseen cards (other hands and
        the unordered part of the draw pile) are re-dealt at random, keeping
        what the seat knows: the start card stays with the starter until
        played, cards below it were in no hand at the deal (NA-7), a seat that
        had to turn or pass holds none of the values it could not play then
        (NA-11, NA-16: :attr:`voids`), and cards known to be in the draw pile
        stay there. Dealt with :func:`engine.determinize.deal`."""
        s = NagsState(self.variant, self.n_seats)
        s.phase = PHASE_NAMES.index(self.phase)
        s.dealer, s.game_no, s.turn_seat = self.dealer, self.game_no, self.turn
        s.runners = [list(r) for r in self.runners]
        s.discard = list(self.discard)
        s.stock_known = list(self.stock_known)
        s.direction, s.opened, s.start_card, s.starter = self.direction, self.opened, self.start_card, self.starter
        s.passes, s.idle_turns, s.turn_forced = self.passes, self.idle_turns, self.turn_forced
        s.game_half, s.totals_half = list(self.game_half), list(self.totals_half)
        s.owners = dict(self.owners)
        s.buyer, s.buys_done = self.buyer, self.buys_done
        s.history = [list(h) for h in self.history]
        s.blocked = self.blocked
        s.voids = [frozenset(v) for v in self.voids] if self.voids else [frozenset()] * self.n_seats
        s.pool_known = list(self.pool_known)
        s.hands = [[] for _ in range(self.n_seats)]
        s.hands[self.seat] = list(self.hand)
        if s.phase == P_DEALER:  # before the first game nothing is on the table
            return s
        seen = list(self.hand) + list(self.discard) + [r[0] for r in self.runners] + list(self.stock_known) \
            + list(self.pool_known)
        unseen = list((Counter(_FULL_DECK) - Counter(seen)).elements())
        others = [o for o in range(self.n_seats) if o != self.seat]
        known: list[list[Card]] = [[] for _ in range(len(others) + 1)]  # the other hands, then the pool
        start = self.start_card
        if start is not None and self.starter != self.seat and start in unseen:
            # NA-7: everyone saw who holds the start card; a hand only loses cards
            # by playing them (even after an opening without it, NA-8).
            known[others.index(self.starter)] = [start]
        # NA-7: cards below the start card were in no hand at the deal; NA-11/NA-16:
        # a seat that could not play holds none of the values playable then.
        key = start_search_key(start) if start is not None else None
        exclude: list = []
        for o in others:
            void = frozenset(self.voids[o]) if self.voids else frozenset()
            if key is None and not void:
                exclude.append(None)
            else:
                exclude.append(lambda c, v=void, k=key: c.rank in v or (k is not None and start_search_key(c) < k))
        exclude.append(None)
        sizes = [self.hand_sizes[o] for o in others]
        sizes.append(len(unseen) - sum(sizes))
        dealt = deal(unseen, sizes, rng, known=known, exclude=exclude)
        for o, h in zip(others, dealt):
            s.hands[o] = sorted(h)
        s.pool = dealt[-1] + list(self.pool_known)
        return s


def _play_list(hand: Sequence[Card], values: tuple[int, ...], must_include: Card | None) -> list[Action]:
    """NA-8/NA-9/NA-10: every distinct set of same-valued cards of ``hand`` (sorted)
    whose value is in ``values``, each a :class:`Play` of sorted cards; with
    ``must_include`` (the opening's lowest card, house rule) only sets holding it."""
    out: list[Action] = []
    for v in values:
        same = [c for c in hand if c.rank == v]
        if not same:
            continue
        if len(same) == 1:
            out.append(Play((same[0],)))
            continue
        for k in range(1, len(same) + 1):
            for combo in combinations(same, k):
                if must_include is None or must_include in combo:
                    out.append(Play(combo))
    return out


def _buy_list(variant: NagsVariant, buyer_half: int, owners: dict[int, int]) -> list[Action]:
    """NA-25: done, and a horse of every unowned value when the buyer has 10
    points (``buyer_half`` >= 20 half points) or the house rule allows a debt."""
    out: list[Action] = [DoneBuying()]
    if variant.allow_negative_after_purchase or buyer_half >= 20:
        out.extend(Buy(v) for v in range(2, 15) if v not in owners)
    return out


class Nags(Game):
    """The Nags game (2-5 seats)."""

    id = "nags"
    title = "Nags"
    min_seats = 2
    max_seats = 5
    variant_class = NagsVariant

    @classmethod
    def new_state(cls, variant: NagsVariant, n_seats: int) -> NagsState:
        err = cls.seat_range_error(n_seats)
        if err:
            raise ValueError(err)
        return NagsState(variant, n_seats)

    @classmethod
    def parse_action(cls, text: str) -> Action:
        return parse_nags_action(text)


NagsState.game = Nags
