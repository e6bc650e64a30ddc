"""Noms (Nomination Whist): four players, bids 10-13, Mis and Mis a Vis, a hidden
partner named by a called card (rules NO-1 to NO-22 and NO-V1 to NO-V4 in
``rules/noms.md``). A :class:`NomsState` is the whole game to 101 (NO-22).

Chance steps and their notation:

* ``dealer 2``: the first dealer, chosen uniformly (NO-2);
* ``shuffle 2C 7H ...``: the 52 cards of the first hand's deck, top card first
  (NO-4; every hand with ``shuffle_every_hand``);
* ``cut 17``: the top 17 cards go beneath the rest (NO-5a), every hand. The deal
  (NO-6) then follows from the deck order and needs no chance step.

Player actions: ``bid 11``, ``bid mis``, ``bid misavis``, ``pass`` (NO-7, NO-8),
``trump S`` / ``notrump`` (NO-10a), ``call AS`` (NO-10b), ``play QH`` (NO-15).

Decks are lists with the **top card first**. Gathering after a played hand
(NO-5, DECISION): each trick keeps its four cards in playing order and each
seat's pile keeps its tricks in the order won, the first card of its first
trick at the bottom; the piles are stacked new P1 first (bottom), then P2, P3,
P4. So the new deck, read from the bottom up, is P1's pile, P2's, P3's, P4's.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, Sequence, cast

from engine.cards import (
    Card,
    Suit,
    cards_text,
    parse_card,
    parse_cards,
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
from engine.determinize import DeterminizeError, deal
from engine.grammar import agree
from engine.match import match_over, match_winners
from engine.variants import option
from engine.inputs import brief

N_SEATS = 4        # NO-1
HAND_SIZE = 13     # NO-6
N_TRICKS = 13
MIS = 20           # bid level of Mis (NO-7)
MISAVIS = 21       # bid level of Mis a Vis (NO-7)
PASS_CALL = 0      # a pass in the auction record

_FULL_DECK = standard_deck()
_SUIT_LETTERS = "CDHS"
#: NO-16: sorting order of suits after an all-pass: hearts, clubs, diamonds, spades.
SORT_SUIT_ORDER = (Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES)


# ---------------------------------------------------------------------------
# Variant
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class NomsVariant:
    """House rules for Noms (the configuration summary of ``rules/noms.md``)."""

    shuffle_every_hand: bool = option(
        False, rule="NO-5", help="shuffle before every hand (false: gather the tricks and only cut)")
    stop_when_decided: bool = option(
        False, rule="NO-15a", help="end a hand as soon as its result is settled (false: play all 13 tricks)")
    double_hands_stack: bool = option(
        False, rule="NO-18", help="each further passed-out hand doubles again (x4, x8...); false: x2 at most")
    target: int = option(101, rule="NO-22", min=1, max=10000, help="the game ends once someone has this many points")
    tie_policy: Literal["play_on", "shared"] = option(
        "play_on", rule="NO-22", choices=("play_on", "shared"),
        help='"play_on": keep playing hands while the leaders are tied; "shared": tied leaders share the win')
    slam_not_bid: bool = option(
        False, rule="NO-V1", help="a contract below 13 that takes all 13 tricks is lost: each opponent scores 26")
    min_bid: int = option(10, rule="NO-V2", choices=(10, 7), help="the lowest numeric bid (7 adds bids 7, 8, 9)")
    forced_dealer_bid: bool = option(
        False, rule="NO-V2", help="if P1, P2 and P3 pass, the dealer must bid (needs min_bid = 7)")
    mis_value_10: bool = option(
        False, rule="NO-V3", help="Mis ranks between 10 and 11 and scores +10, or -(10 + tricks taken) if it fails")
    keep_mis_a_vis_with_mis10: bool = option(
        False, rule="NO-V3", help="keep Mis a Vis as the highest bid when mis_value_10 is on")
    first_lead: Literal["declarer", "dealer_left"] = option(
        "declarer", rule="NO-V4", choices=("declarer", "dealer_left"),
        help='who leads to the first trick: "declarer" or "dealer_left" (P1)')
    max_hands: int = option(
        2000, rule="NO-22a", min=1, max=2000,
        help="the game ends after this many hands even if nobody has reached the target: the highest total "
             "wins, tied leaders share (a safety cap that keeps every game finite)")

    def problems(self) -> list[tuple[str, str]]:
        """Combinations the rules forbid, as ``(option, message)`` pairs."""
        out = []
        if self.forced_dealer_bid and self.min_bid != 7:
            out.append(("forced_dealer_bid", "the forced dealer bid goes with min_bid = 7 (NO-V2)"))
        if self.keep_mis_a_vis_with_mis10 and not self.mis_value_10:
            out.append(("keep_mis_a_vis_with_mis10", "only meaningful with mis_value_10 = true (NO-V3)"))
        return out

    @property
    def has_mis_a_vis(self) -> bool:
        """NO-V3: Mis a Vis is removed under ``mis_value_10`` unless kept."""
        return not self.mis_value_10 or self.keep_mis_a_vis_with_mis10

    @property
    def bid_levels(self) -> tuple[int, ...]:
        """Every bid level allowed, lowest to highest (NO-7, NO-V2, NO-V3)."""
        levels = list(range(self.min_bid, 14)) + [MIS]
        if self.has_mis_a_vis:
            levels.append(MISAVIS)
        return tuple(sorted(levels, key=lambda b: bid_rank(b, self)))


# ---------------------------------------------------------------------------
# Rules as small pure functions
# ---------------------------------------------------------------------------

def bid_rank(level: int, variant: NomsVariant) -> float:
    """NO-7 / NO-V3: a number that orders bids: 7..13 for numeric bids, Mis 13.5
    (10.5 under ``mis_value_10``), Mis a Vis 14."""
    if level == MIS:
        return 10.5 if variant.mis_value_10 else 13.5
    if level == MISAVIS:
        return 14.0
    return float(level)


def bid_text(level: int) -> str:
    """Notation of a bid level: ``10``, ``mis``, ``misavis``."""
    return {MIS: "mis", MISAVIS: "misavis"}.get(level, str(level))


def bid_name(level: int) -> str:
    """Player text of a bid level: ``10``, ``Mis``, ``Mis a Vis``."""
    return {MIS: "Mis", MISAVIS: "Mis a Vis"}.get(level, str(level))


def is_numeric(level: int) -> bool:
    """NO-7: a bid to win tricks (7..13), as opposed to Mis / Mis a Vis."""
    return level < MIS


def deal_packets(deck: list[Card], dealer: int) -> list[list[Card]]:
    """NO-6: deal 52 cards from the top (``deck[0]``) in four rounds of packets;
    in round r player Pr gets 4 cards and the others 3. Returns the hands by seat.

    Raises:
        ValueError: if the deck does not hold 52 cards.
    """
    if len(deck) != 52:
        raise ValueError("a Noms deal needs 52 cards (NO-6)")
    hands: list[list[Card]] = [[] for _ in range(N_SEATS)]
    pos = 0
    for r in range(4):
        for i in range(4):
            seat = (dealer + 1 + i) % N_SEATS
            n = 4 if i == r else 3
            hands[seat].extend(deck[pos:pos + n])
            pos += n
    return hands


def cut_deck(deck: list[Card], k: int) -> list[Card]:
    """NO-5a: move the top ``k`` cards (1..51) beneath the rest."""
    return deck[k:] + deck[:k]


def sort_key_all_pass(card: Card) -> tuple[int, int]:
    """NO-16: hearts, clubs, diamonds, spades; within a suit A down to 2."""
    return (SORT_SUIT_ORDER.index(card.suit), -card.rank)


def all_pass_deck(hands: list[list[Card]], dealer: int) -> list[Card]:
    """NO-16/NO-17: the next deck (top first) after an all-pass: P1's sorted hand
    on top (P1 relative to ``dealer``, who just dealt), then P2's, P3's, P4's."""
    out: list[Card] = []
    for i in range(1, 5):
        out.extend(sorted(hands[(dealer + i) % N_SEATS], key=sort_key_all_pass))
    return out


def gathered_deck(tricks: list[tuple[int, tuple[Card, ...], int]], new_dealer: int,
                  leftovers: list[list[Card]] | None = None) -> list[Card]:
    """NO-5 (DECISION): the next deck, top first, from this hand's tricks
    ``(leader, cards in playing order, winner)``. Each seat's pile is its tricks
    in the order won; piles are stacked new P1 first (bottom), then P2, P3, P4.
    ``leftovers`` (cards never played, only with ``stop_when_decided``) go on top
    of their holder's pile, sorted by :func:`sort_key_all_pass`."""
    piles: list[list[Card]] = [[] for _ in range(N_SEATS)]
    for _, cards, winner in tricks:
        piles[winner].extend(cards)
    if leftovers:
        for seat in range(N_SEATS):
            piles[seat].extend(sorted(leftovers[seat], key=sort_key_all_pass))
    bottom_up: list[Card] = []
    for i in range(1, 5):
        bottom_up.extend(piles[(new_dealer + i) % N_SEATS])
    bottom_up.reverse()
    return bottom_up


def trick_winner(cards: tuple[Card, ...] | list[Card], leader: int, trump: int | None) -> int:
    """NO-15: the seat winning a trick of ``cards`` played from ``leader`` on:
    the highest trump, else the highest card of the suit led."""
    led = cards[0].suit
    best_i, best = 0, cards[0]
    best_trump = trump is not None and best.suit == trump
    for i in range(1, len(cards)):
        c = cards[i]
        if trump is not None and c.suit == trump:
            if not best_trump or c.rank > best.rank:
                best_i, best, best_trump = i, c, True
        elif not best_trump and c.suit == led and c.rank > best.rank:
            best_i, best = i, c
    return (leader + best_i) % N_SEATS


def score_hand(contract: int, declarer: int, partner: int | None, tricks: list[int], variant: NomsVariant,
               mult: int = 1) -> tuple[list[int], bool]:
    """Points of one played hand and whether the contract was made.

    Args:
        contract: the bid level (7..13, :data:`MIS`, :data:`MISAVIS`).
        declarer: the declarer's seat.
        partner: the called card's holder, or None when the declarer plays alone
            (own card called, NO-12; Mis and Mis a Vis, NO-13).
        tricks: tricks won per seat.
        variant: the house rules (NO-V1, NO-V3).
        mult: 2 in a double hand (NO-18, NO-21), more with ``double_hands_stack``.

    Returns:
        ``(points per seat, made)``: NO-19 numeric, NO-20 Mis / Mis a Vis, NO-V1
        slam not bid, NO-V3 Mis valued 10; all times ``mult`` (NO-21).
    """
    pts = [0] * N_SEATS
    side = {declarer} if partner is None else {declarer, partner}
    opponents = [s for s in range(N_SEATS) if s not in side]
    if is_numeric(contract):
        w = sum(tricks[s] for s in side)
        if variant.slam_not_bid and contract < 13 and w == N_TRICKS:  # NO-V1
            for s in opponents:
                pts[s] = 26 * mult
            return pts, False
        made = w >= contract  # NO-19
        for s in (side if made else opponents):
            pts[s] = contract * mult
        return pts, made
    took = tricks[declarer]
    made = took == 0
    if contract == MIS and variant.mis_value_10:  # NO-V3
        pts[declarer] = (10 if made else -(10 + took)) * mult
        return pts, made
    value = 13 if contract == MIS else 26  # NO-20
    for s in ([declarer] if made else opponents):
        pts[s] = value * mult
    return pts, made


# ---------------------------------------------------------------------------
# Actions
# ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Bid(Action):
    """NO-7/NO-8: a bid (level 7..13, :data:`MIS` or :data:`MISAVIS`)."""
    level: int

    def __str__(self) -> str:
        return "bid " + bid_text(self.level)


@dataclass(frozen=True, slots=True)
class Trump(Action):
    """NO-10a: the trump suit (0..3 as :class:`Suit`), or None for No Trump."""
    suit: int | None

    def __str__(self) -> str:
        return "notrump" if self.suit is None else "trump " + _SUIT_LETTERS[self.suit]


@dataclass(frozen=True, slots=True)
class Call(Action):
    """NO-10b: the called card; its holder is the hidden partner (NO-12)."""
    card: Card

    def __str__(self) -> str:
        return f"call {self.card}"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """NO-15: one card to the trick."""
    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Shuffle(Action):
    """Chance, NO-4: the shuffled deck, top card first."""
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return "shuffle " + cards_text(self.cards)


@dataclass(frozen=True, slots=True)
class Cut(Action):
    """Chance, NO-5a: the top ``k`` cards (1..51) go beneath the rest."""
    k: int

    def __str__(self) -> str:
        return f"cut {self.k}"


_PLAYS = {c: Play(c) for c in _FULL_DECK}
_PLAY_TEXT = {c: "{seat} {seat:plays|play} " + c.pretty for c in _FULL_DECK}
_CALLS = {c: Call(c) for c in _FULL_DECK}
_PASS = Pass()
_TRUMPS = [Trump(int(s)) for s in Suit] + [Trump(None)]


def parse_noms_action(text: str) -> Action:
    """Parse Noms notation (see the module docstring).

    Raises:
        ActionParseError: for unknown words, bad bids or bad cards.
    """
    return parse_notation(text, _parse_noms_verb, "Noms", "bid, pass, trump, notrump, call, play")


def _parse_noms_verb(verb: str, rest: str) -> Action | None:
    """The action for one verb of Noms notation, or None for an unknown verb."""
    if verb in ("pass", "notrump") and rest:
        raise ActionParseError(f"{brief(verb)} takes no arguments")
    if verb == "pass":
        return _PASS
    if verb == "notrump":
        return Trump(None)
    if verb == "bid":
        r = rest.lower().replace(" ", "")
        if r == "mis":
            return Bid(MIS)
        if r in ("misavis", "misavis"):
            return Bid(MISAVIS)
        if r.isdigit() and 7 <= int(r) <= 13:
            return Bid(int(r))
        raise ActionParseError(f"{brief(rest)} is not a bid (7..13, mis, misavis)")
    if verb == "trump":
        r = rest.upper()
        if r in ("NT", "NOTRUMP", "NONE"):
            return Trump(None)
        if len(r) == 1 and r in "CDHS♣♦♥♠":
            return Trump(int("CDHS♣♦♥♠".index(r) % 4))
        raise ActionParseError(f"{brief(rest)} is not a suit (C, D, H, S)")
    if verb == "call":
        return Call(parse_card(rest))
    if verb == "play":
        return Play(parse_card(rest))
    if verb == "dealer":
        return ChooseDealer(int(rest))
    if verb == "cut":
        return Cut(int(rest))
    if verb == "shuffle":
        return Shuffle(tuple(parse_cards(rest)))
    return None


# ---------------------------------------------------------------------------
# State
# ---------------------------------------------------------------------------

P_DEALER, P_SHUFFLE, P_CUT, P_AUCTION, P_TRUMP, P_CALL, P_PLAY, P_OVER = range(8)
PHASE_NAMES = ("dealer", "shuffle", "cut", "auction", "trump", "call", "play", "over")
_CHANCE_PHASES = (P_DEALER, P_SHUFFLE, P_CUT)


class NomsState(State):
    """A Noms game to 101. Build it with :meth:`Noms.new_state`.

    Public attributes (change them only via :meth:`apply`):
        dealer: the dealer's seat (NO-3); hand_no: 0-based hand number.
        deck: the face-down deck, top first (hidden from every view).
        hands: each seat's cards.
        auction: the calls of this hand, ``(seat, level)`` with level 0 for a pass.
        declarer / contract: -1 / 0 until the auction ends.
        trump: the trump suit as an int, or None (No Trump, Mis); ``trump_set``
            says whether it has been announced.
        called: the called card (NO-10b); partner: its holder, -1 when the
            declarer holds it or for Mis (alone); revealed: it has been played.
        trick: this trick's cards in playing order; leader: who led it.
        tricks: the finished tricks of this hand, ``(leader, cards, winner)``.
        won: tricks per seat this hand; exposed: Mis a Vis hand is face up (NO-14).
        mult: this hand's score multiplier (NO-18); next_mult for the next hand.
        totals: game totals per seat; results: per finished hand
            ``(dealer, declarer, contract, made, points)`` (declarer -1 for all-pass).
    """

    __slots__ = ("variant", "n_seats", "phase", "dealer", "hand_no", "deck", "hands", "dealt", "auction",
                 "high", "high_seat", "passes", "bidder", "declarer", "contract", "trump", "trump_set",
                 "called", "partner", "revealed", "trick", "leader", "tricks", "won", "exposed", "mult",
                 "next_mult", "totals", "results")

    game: ClassVar["type[Noms]"]

    def __init__(self, variant: NomsVariant, n_seats: int = N_SEATS) -> None:
        self.variant = variant
        self.n_seats = n_seats
        self.phase = P_DEALER
        self.dealer = 0
        self.hand_no = 0
        self.deck: list[Card] = []
        self.hands: list[list[Card]] = [[] for _ in range(N_SEATS)]
        self.dealt: list[list[Card]] = [[] for _ in range(N_SEATS)]
        self.auction: list[tuple[int, int]] = []
        self.high = 0
        self.high_seat = -1
        self.passes = 0
        self.bidder = 0
        self.declarer = -1
        self.contract = 0
        self.trump: int | None = None
        self.trump_set = False
        self.called: Card | None = None
        self.partner = -1
        self.revealed = False
        self.trick: list[Card] = []
        self.leader = 0
        self.tricks: list[tuple[int, tuple[Card, ...], int]] = []
        self.won = [0] * N_SEATS
        self.exposed = False
        self.mult = 1
        self.next_mult = 1
        self.totals = [0] * N_SEATS
        self.results: list[tuple[int, int, int, bool, tuple[int, ...]]] = []

    def clone(self) -> "NomsState":
        s = object.__new__(NomsState)
        s.variant = self.variant
        s.n_seats = self.n_seats
        s.phase = self.phase
        s.dealer = self.dealer
        s.hand_no = self.hand_no
        s.deck = self.deck[:]
        s.hands = [h[:] for h in self.hands]
        s.dealt = self.dealt  # replaced, never mutated
        s.auction = self.auction[:]
        s.high = self.high
        s.high_seat = self.high_seat
        s.passes = self.passes
        s.bidder = self.bidder
        s.declarer = self.declarer
        s.contract = self.contract
        s.trump = self.trump
        s.trump_set = self.trump_set
        s.called = self.called
        s.partner = self.partner
        s.revealed = self.revealed
        s.trick = self.trick[:]
        s.leader = self.leader
        s.tricks = self.tricks[:]
        s.won = self.won[:]
        s.exposed = self.exposed
        s.mult = self.mult
        s.next_mult = self.next_mult
        s.totals = self.totals[:]
        s.results = self.results[:]
        return s

    # -- whose move ----------------------------------------------------------
    @property
    def to_move(self) -> int:
        p = self.phase
        if p == P_PLAY:
            return (self.leader + len(self.trick)) % N_SEATS
        if p == P_AUCTION:
            return self.bidder
        if p in (P_TRUMP, P_CALL):
            return self.declarer
        if p == P_OVER:
            return TERMINAL
        return CHANCE

    @property
    def is_over(self) -> bool:
        """True once the game has ended (NO-22)."""
        return self.phase == P_OVER

    @property
    def hand_number(self) -> int:
        return self.hand_no

    def seat_p(self, k: int) -> int:
        """NO-3: the seat of Pk (P1 = dealer's left ... P4 = dealer)."""
        return (self.dealer + k) % N_SEATS

    # -- legal actions ---------------------------------------------------------
    def _dealer_forced(self) -> bool:
        return (self.variant.forced_dealer_bid and self.high == 0 and len(self.auction) == 3
                and self.bidder == self.dealer)

    def legal_actions(self) -> list[Action]:
        """Legal actions of the seat to move; empty at chance steps and at the end."""
        p = self.phase
        if p == P_PLAY:  # the list builders are called directly: this runs millions of times
            return _play_list(self.hands[(self.leader + len(self.trick)) % N_SEATS], self.trick)
        if p == P_AUCTION:
            return _bid_list(self.variant, self.high, self._dealer_forced())
        if p == P_TRUMP:
            return list(_TRUMPS)
        if p == P_CALL:
            return [_CALLS[c] for c in _FULL_DECK]
        return []

    def is_legal(self, action: Action) -> bool:
        """NO-8, NO-10, NO-15, NO-V2: the same answer as ``action in
        self.legal_actions()``, without listing them."""
        p = self.phase
        cls = type(action)
        if p == P_PLAY:
            if cls is not Play:
                return False
            c = cast(Play, action).card
            hand = self.hands[(self.leader + len(self.trick)) % N_SEATS]
            if c not in hand:
                return False
            if self.trick:
                led = self.trick[0].suit
                return c.suit == led or not any(x.suit == led for x in hand)
            return True
        if p == P_AUCTION:
            if cls is Pass:
                return not self._dealer_forced()
            if cls is Bid:
                var = self.variant
                level = cast(Bid, action).level
                if level not in var.bid_levels:
                    return False
                return not self.high or bid_rank(level, var) > bid_rank(self.high, var)
            return False
        if p == P_TRUMP:
            if cls is not Trump:
                return False
            suit = cast(Trump, action).suit
            return suit is None or 0 <= suit < 4
        if p == P_CALL:
            return cls is Call and not cast(Call, action).card.is_joker
        return False

    def why_illegal(self, action: Action) -> str | None:
        """Explain in a sentence why ``action`` is not legal now (None if it is)."""
        if self.phase in _CHANCE_PHASES:
            return "it is not a player's move: the cards are being shuffled, cut or dealt"
        if self.phase == P_OVER:
            return "the game is over"
        if self.is_legal(action):
            return None
        p = self.phase
        if p == P_AUCTION:
            if isinstance(action, Pass):
                return "the dealer must bid after three passes (NO-V2)"
            if isinstance(action, Bid):
                if action.level not in self.variant.bid_levels:
                    return f"{bid_name(action.level)} is not a bid under these rules (NO-7, NO-V2, NO-V3)"
                return f"a bid must be higher than {bid_name(self.high)} (NO-8)"
            return "it is the auction: bid or pass (NO-8)"
        if p == P_TRUMP:
            return "announce the trump suit or no trump first (NO-10)"
        if p == P_CALL:
            return "call a card to name your partner (NO-10)"
        if isinstance(action, Play):
            hand = self.hands[self.to_move]
            if action.card not in hand:
                return f"you do not hold {action.card.pretty}"
            led = cast(Suit, self.trick[0].suit)  # Noms is played with natural cards only (NO-1)
            return f"you must follow suit: {Suit(led).name.lower()} was led (NO-15)"
        return "it is time to play a card (NO-15)"

    def observation(self, action: Action, seat: int) -> str:
        """NO-4 to NO-6: nobody sees a shuffled deck's order (``shuffle``); the cut
        is public and deals each seat its own hand, which only that seat sees
        (``cut 17: 2C 5C ...``). Moves are public."""
        cls = type(action)
        if cls is Shuffle:
            return "shuffle"
        if cls is Cut and 0 <= seat < N_SEATS and len(self.deck) == 52 and 1 <= cast(Cut, action).k <= 51:
            k = cast(Cut, action).k
            hand = deal_packets(cut_deck(self.deck, k), self.dealer)[seat]
            return f"cut {k}: {cards_text(sorted(hand))}"
        return str(action)

    # -- chance --------------------------------------------------------------
    def sample_chance(self, rng: random.Random) -> Action:
        p = self.phase
        if p == P_DEALER:
            return ChooseDealer(rand_below(rng, N_SEATS))
        if p == P_SHUFFLE:
            return Shuffle(tuple(shuffled(rng, _FULL_DECK)))
        if p == P_CUT:
            return Cut(1 + rand_below(rng, 51))
        raise IllegalAction("not a chance step")

    # -- apply -----------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        p = self.phase
        if p in _CHANCE_PHASES:
            return self._apply_chance(action)
        if p == P_OVER:
            raise IllegalAction("the game is over")
        if not self.is_legal(action):
            raise IllegalAction(self.why_illegal(action) or f"{action} is not legal now")
        if p == P_PLAY:  # the common move without a further call
            return self._do_play(cast(Play, action).card)
        return self._apply_move(action)

    def apply_trusted(self, action: Action) -> list[Event]:
        """:meth:`apply` without the legality check (see :meth:`State.apply_trusted`):
        ``action`` must come from ``legal_actions()`` or ``sample_chance`` of this state."""
        p = self.phase
        if p == P_PLAY:
            return self._do_play(cast(Play, action).card)
        if p in _CHANCE_PHASES:
            return self._apply_chance(action)
        return self._apply_move(action)

    def _apply_move(self, action: Action) -> list[Event]:
        """A legal player's move (checked by the caller)."""
        p = self.phase
        if p == P_PLAY:
            return self._do_play(cast(Play, action).card)
        if p == P_AUCTION:
            return self._do_call(action)
        if p == P_TRUMP:
            return self._do_trump(cast(Trump, action).suit)
        return self._do_called(cast(Call, action).card)

    def _apply_chance(self, action: Action) -> list[Event]:
        p = self.phase
        cls = type(action)
        if p == P_DEALER and cls is ChooseDealer and 0 <= cast(ChooseDealer, action).seat < N_SEATS:
            self.dealer = cast(ChooseDealer, action).seat
            self.phase = P_SHUFFLE
            return [Event("dealer", "{seat} {seat:deals|deal} first", self.dealer)]
        if p == P_SHUFFLE and cls is Shuffle:
            cards = cast(Shuffle, action).cards
            if sorted(cards) != _SORTED_DECK:
                raise IllegalAction("a shuffle must hold each of the 52 cards once (NO-1, NO-4)")
            self.deck = list(cards)
            self.phase = P_CUT
            return [Event("shuffle", "{seat} {seat:shuffles|shuffle}", self.dealer)]
        if p == P_CUT and cls is Cut and 1 <= cast(Cut, action).k <= 51:
            k = cast(Cut, action).k
            self.deck = cut_deck(self.deck, k)
            return [Event("cut", "The pack is cut", self.dealer, {"k": k})] + self._deal()
        raise IllegalAction(f"{action} is not a possible chance outcome now ({PHASE_NAMES[p]})")

    def _deal(self) -> list[Event]:
        """NO-6: the deal, then the auction starts with P1 (NO-8)."""
        self.dealt = deal_packets(self.deck, self.dealer)
        self.hands = [sorted(h) for h in self.dealt]  # sorted: the deal order is not kept in play
        self.deck = []
        self.auction = []
        self.high, self.high_seat, self.passes = 0, -1, 0
        self.bidder = self.seat_p(1)
        self.declarer, self.contract = -1, 0
        self.trump, self.trump_set = None, False
        self.called, self.partner, self.revealed = None, -1, False
        self.trick, self.tricks = [], []
        self.won = [0] * N_SEATS
        self.exposed = False
        self.mult = self.next_mult
        self.phase = P_AUCTION
        text = "{seat} {seat:deals|deal} 13 cards each" + (f" (a double hand, x{self.mult})" if self.mult > 1 else "")
        return [Event("deal", text, self.dealer, {"mult": self.mult})]

    def _do_call(self, action: Action) -> list[Event]:
        """NO-8/NO-9: one call of the auction."""
        seat = self.bidder
        if type(action) is Bid:
            self.auction.append((seat, action.level))
            self.high, self.high_seat, self.passes = action.level, seat, 0
            events = [Event("bid", "{seat} {seat:bids|bid} " + bid_name(action.level), seat,
                            {"bid": bid_text(action.level)})]
        else:
            self.auction.append((seat, PASS_CALL))
            self.passes += 1
            events = [Event("pass", "{seat} {seat:passes|pass}", seat)]
        if self.high and self.passes == 3:
            return events + self._auction_won()
        if not self.high and self.passes == 4:
            return events + self._all_pass()
        self.bidder = (seat + 1) % N_SEATS
        return events

    def _auction_won(self) -> list[Event]:
        self.declarer, self.contract = self.high_seat, self.high
        events = [Event("contract", "{seat} {seat:is|are} the declarer with " + bid_name(self.contract), self.declarer,
                        {"bid": bid_text(self.contract)})]
        if is_numeric(self.contract):
            self.phase = P_TRUMP  # NO-10
            return events
        self.trump, self.trump_set = None, True  # NO-13: no trump, alone
        return events + self._start_play()

    def _start_play(self) -> list[Event]:
        """NO-15 / NO-V4: the first lead."""
        self.phase = P_PLAY
        self.leader = self.seat_p(1) if self.variant.first_lead == "dealer_left" else self.declarer
        self.trick = []
        return []

    def _do_trump(self, suit: int | None) -> list[Event]:
        self.trump, self.trump_set = suit, True
        self.phase = P_CALL
        name = "No Trump" if suit is None else Suit(suit).name.capitalize() + " are trumps"
        return [Event("trump", "{seat} {seat:announces|announce} " + name, self.declarer,
                      {"trump": None if suit is None else _SUIT_LETTERS[suit]})]

    def _do_called(self, card: Card) -> list[Event]:
        """NO-10b/NO-12: the holder becomes the hidden partner (a state fact no
        other seat's view shows until the card is played)."""
        self.called = card
        holder = next(s for s in range(N_SEATS) if card in self.hands[s])
        self.partner = -1 if holder == self.declarer else holder
        return [Event("call", "{seat} {seat:calls|call} " + card.pretty, self.declarer,
                      {"card": card.text, "cards": [card.text]})] \
            + self._start_play()

    def _do_play(self, card: Card) -> list[Event]:
        seat = (self.leader + len(self.trick)) % N_SEATS
        self.hands[seat].remove(card)
        self.trick.append(card)
        events = [Event("play", _PLAY_TEXT[card], seat, {"card": card.text, "cards": [card.text]})]
        if card is self.called:
            self.revealed = True
            text = ("{seat} played the called card: {seat} {seat:plays|play} alone" if seat == self.declarer
                    else "{seat} played the called card and {seat:is|are} the partner")
            events.append(Event("partner", text, seat, {"alone": seat == self.declarer}))
        if len(self.trick) < N_SEATS:
            return events
        winner = trick_winner(self.trick, self.leader, self.trump)
        self.tricks.append((self.leader, tuple(self.trick), winner))
        self.won[winner] += 1
        self.trick = []
        self.leader = winner
        events.append(Event("trick", "{seat} {seat:wins|win} the trick", winner, {"trick": len(self.tricks)}))
        if len(self.tricks) == 1 and self.contract == MISAVIS:  # NO-14
            self.exposed = True
            events.append(Event("expose", "{seat} {seat:lays|lay} the Mis a Vis hand face up", self.declarer,
                                {"cards": [c.text for c in self.hands[self.declarer]]}))
        if len(self.tricks) == N_TRICKS or (self.variant.stop_when_decided and self._decided()):
            return events + self._end_hand()
        return events

    def _decided(self) -> bool:
        """NO-15a with ``stop_when_decided``: no further trick can change the points."""
        left = N_TRICKS - len(self.tricks)
        if is_numeric(self.contract):
            w = self.won[self.declarer] + (self.won[self.partner] if self.partner >= 0 else 0)
            if w + left < self.contract:
                return True
            if w >= self.contract:
                # made, unless a slam not bid is still possible (NO-V1)
                return not (self.variant.slam_not_bid and self.contract < 13 and w == len(self.tricks))
            return False
        if self.won[self.declarer] == 0:
            return False
        return not (self.contract == MIS and self.variant.mis_value_10)  # NO-V3 counts every trick

    def _end_hand(self) -> list[Event]:
        """NO-19 to NO-22: score, then end the game or prepare the next hand (NO-5)."""
        partner = self.partner if self.partner >= 0 else None
        pts, made = score_hand(self.contract, self.declarer, partner, self.won, self.variant, self.mult)
        events = [Event("result", ("{seat} {seat:makes|make} " if made else "{seat} {seat:fails|fail} ")
                        + bid_name(self.contract),
                        self.declarer, {"made": made, "partner": partner})]
        last = self.tricks[-1] if self.tricks else None
        outcome = {  # the hand's result for the table's result panel and the summary (NO-19 to NO-21)
            "contract": bid_text(self.contract), "contract_name": bid_name(self.contract),
            "declarer": self.declarer, "partner": partner, "made": made, "mult": self.mult,
            "called": self.called.text if self.called is not None else None,
            "trump": None if self.trump is None else _SUIT_LETTERS[self.trump],
            "tricks_won": self.won[:],
            "last_trick": None if last is None else {"leader": last[0], "cards": [c.text for c in last[1]],
                                                     "winner": last[2]},
        }
        self.results.append((self.dealer, self.declarer, self.contract, made, tuple(pts)))
        new_dealer = (self.dealer + 1) % N_SEATS
        leftovers = self.hands if any(self.hands) else None
        self.deck = gathered_deck(self.tricks, new_dealer, leftovers)
        self.next_mult = 1
        return events + self._close_hand(pts, outcome)

    def _all_pass(self) -> list[Event]:
        """NO-9, NO-16 to NO-18: no play; sort, stack, and double the next hand."""
        events = [Event("all_pass", "Everyone passes: the next hand is a double hand", None)]
        self.results.append((self.dealer, -1, 0, False, (0,) * N_SEATS))
        self.deck = all_pass_deck(self.hands, self.dealer)
        self.next_mult = self.mult * 2 if self.variant.double_hands_stack else 2
        return events + self._close_hand([0] * N_SEATS, {"contract": None, "mult": self.mult})

    def _close_hand(self, pts: list[int], outcome: dict[str, Any]) -> list[Event]:
        """Add ``pts`` to the totals and end the hand; ``outcome`` (contract, declarer,
        partner, made, tricks won, last trick; ``contract`` None when all passed) goes
        into the ``hand_over`` event's data."""
        for i in range(N_SEATS):
            self.totals[i] += pts[i]
        self.hands = [[] for _ in range(N_SEATS)]
        self.trick, self.tricks = [], []
        events = [Event("hand_over", f"Hand {self.hand_no + 1} over", None,
                        {"hand": self.hand_no, "scores": [float(x) for x in pts],
                         "totals": [float(x) for x in self.totals], **outcome})]
        var = self.variant
        if match_over(self.hand_no + 1, self.totals, None, var.target, unique_leader=var.tie_policy == "play_on") \
                or self.hand_no + 1 >= var.max_hands:  # NO-22a
            self.phase = P_OVER
            w = self.winners()
            events.append(Event("match_over", agree(len(w), "Winner: ", "Winners: ")
                                + ", ".join(f"{{s{i}:^}}" if k == 0 else f"{{s{i}}}" for k, i in enumerate(w)), None,
                                {"winners": w, "totals": [float(x) for x in self.totals]}))
            return events
        self.hand_no += 1
        self.dealer = (self.dealer + 1) % N_SEATS  # NO-3
        self.phase = P_SHUFFLE if var.shuffle_every_hand else P_CUT
        return events

    # -- results ---------------------------------------------------------------
    def scores(self) -> list[float]:
        """Game totals in points (NO-19 to NO-21, NO-V3 may be negative)."""
        return [float(x) for x in self.totals]

    def winners(self) -> list[int]:
        """NO-22: the seat(s) with the highest total once the game is over."""
        if self.phase != P_OVER:
            return []
        return match_winners(self.totals)

    # -- information -----------------------------------------------------------
    def view(self, seat: int) -> "NomsView":
        """What ``seat`` may know (NO-12, NO-14): its own hand, the public auction,
        contract and tricks of this hand, the exposed Mis a Vis hand; the partner
        only once the called card is played, or if ``seat`` holds it."""
        partner: int | None = None
        if self.called is not None:
            holder = self.declarer if self.partner < 0 else self.partner
            if self.revealed or seat == holder:
                partner = holder
        to_move = self.to_move
        hands = self.hands
        # Built without the frozen dataclass's __init__ (30 object.__setattr__
        # calls): the same fields and values, for the search's many views. Still
        # worth it with lazy legality (2026-11-23, 400 sampled positions, best of
        # 5): 230k views/s this way against 103k/s through NomsView(...).
        v = object.__new__(NomsView)
        v.__dict__.update(
            seat=seat, variant=self.variant, phase=PHASE_NAMES[self.phase], to_move=to_move,
            dealer=self.dealer, hand_no=self.hand_no, hand=tuple(sorted(hands[seat])),
            hand_sizes=(len(hands[0]), len(hands[1]), len(hands[2]), len(hands[3])), auction=tuple(self.auction),
            high=self.high, high_seat=self.high_seat, passes=self.passes, declarer=self.declarer,
            contract=self.contract, trump=self.trump, trump_set=self.trump_set, called=self.called,
            partner=partner, partner_known=self.revealed, trick=tuple(self.trick), leader=self.leader,
            tricks=tuple(self.tricks), won=tuple(self.won),
            exposed=tuple(sorted(hands[self.declarer])) if self.exposed else (),
            mult=self.mult, next_mult=self.next_mult, totals=tuple(self.totals), results=tuple(self.results),
            is_over=self.phase == P_OVER,
        )
        return v

    def zones(self) -> dict[str, list[Card]]:
        """Every card by zone (card conservation, ``State.zones``): the whole pack
        before the first shuffle, then the gathered deck, the hands, the trick on
        the table and the tricks taken (``dealt`` is a record, not a zone)."""
        if not self.deck and not any(self.hands) and not self.tricks and not self.trick:
            return {"pack": list(_FULL_DECK)}
        out = {"deck": self.deck[:], "trick": self.trick[:],
               "tricks": [c for _, cards, _ in self.tricks for c in cards]}
        for i, h in enumerate(self.hands):
            out[f"hand {i}"] = h[:]
        return out

    def fingerprint(self) -> str:
        return "|".join([
            "noms", PHASE_NAMES[self.phase], str(self.dealer), str(self.hand_no), cards_text(self.deck),
            "/".join(cards_text(sorted(h)) for h in self.hands), "/".join(cards_text(h) for h in self.dealt),
            ",".join(f"{s}:{b}" for s, b in self.auction), str(self.high), str(self.high_seat),
            str(self.passes), str(self.bidder), str(self.declarer), str(self.contract), str(self.trump),
            str(int(self.trump_set)), str(self.called), str(self.partner), str(int(self.revealed)),
            cards_text(self.trick), str(self.leader),
            ";".join(f"{lead}:{cards_text(c)}:{w}" for lead, c, w in self.tricks), ",".join(map(str, self.won)),
            str(int(self.exposed)), str(self.mult), str(self.next_mult), ",".join(map(str, self.totals)),
            ";".join(f"{d}:{s}:{c}:{int(m)}:{','.join(map(str, p))}" for d, s, c, m, p in self.results),
        ])


_SORTED_DECK = sorted(_FULL_DECK)


def _bid_list(var: NomsVariant, high: int, dealer_forced: bool) -> list[Action]:
    """NO-8: pass (unless ``dealer_forced``, NO-V2) and every bid of ``var`` strictly
    higher than the standing bid ``high`` (0 for none)."""
    out: list[Action] = []
    if not dealer_forced:
        out.append(_PASS)
    hr = bid_rank(high, var) if high else 0.0
    for lv in var.bid_levels:
        if bid_rank(lv, var) > hr:
            out.append(Bid(lv))
    return out


def _play_list(hand: Sequence[Card], trick: Sequence[Card]) -> list[Action]:
    """NO-15: the plays from ``hand`` (sorted) on ``trick``: follow the suit led if able, else any card."""
    if trick:
        led = trick[0].suit
        follow: list[Action] = [_PLAYS[c] for c in hand if c.suit == led]
        if follow:
            return follow
    return [_PLAYS[c] for c in hand]


def voids_from_tricks(tricks, trick: tuple[Card, ...], leader: int) -> list[set[int]]:
    """The suits each seat has shown it lacks by not following suit (NO-15),
    from this hand's finished ``tricks`` and the current ``trick``."""
    voids: list[set[int]] = [set() for _ in range(N_SEATS)]
    seq = [(lead, c) for lead, c, _ in tricks]
    if trick:
        seq.append((leader, trick))
    for lead, cards in seq:
        led = cards[0].suit
        for i in range(1, len(cards)):
            if cards[i].suit != led:
                voids[(lead + i) % N_SEATS].add(int(led))
    return voids


@dataclass(frozen=True)
class NomsView(View):
    """What one seat of a Noms game may know. :meth:`legal_actions` derives this
    seat's legal actions from the view on first use (lazily, cached).

    ``partner`` is the called card's holder as far as this seat knows: None
    until the card is played, except for the holder itself (its own seat), and
    for a declarer who called their own card (the declarer's seat: alone,
    NO-12). ``exposed`` is the Mis a Vis hand once face up (NO-14). Only this
    hand's tricks are shown: the view never holds the previous hand's trick
    order (the order of the next deck, NO-5)."""

    seat: int
    variant: NomsVariant
    phase: str
    to_move: int
    dealer: int
    hand_no: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    auction: tuple[tuple[int, int], ...]
    high: int
    high_seat: int
    passes: int
    declarer: int
    contract: int
    trump: int | None
    trump_set: bool
    called: Card | None
    partner: int | None
    partner_known: bool
    trick: tuple[Card, ...]
    leader: int
    tricks: tuple[tuple[int, tuple[Card, ...], int], ...]
    won: tuple[int, ...]
    exposed: tuple[Card, ...]
    mult: int
    next_mult: int
    totals: tuple[int, ...]
    results: tuple
    is_over: bool

    def compute_legal(self) -> list[Action]:
        """NO-8, NO-10, NO-15, NO-V2 from the view's fields, in the state's order."""
        phase = self.phase
        if phase == "play":
            return _play_list(self.hand, self.trick)
        if phase == "auction":
            var = self.variant
            forced = (var.forced_dealer_bid and self.high == 0 and len(self.auction) == 3
                      and self.to_move == self.dealer)
            return _bid_list(var, self.high, forced)
        if phase == "trump":
            return list(_TRUMPS)
        if phase == "call":
            return [_CALLS[c] for c in _FULL_DECK]
        return []

    @property
    def n_seats(self) -> int:
        return N_SEATS

    @property
    def i_am_partner(self) -> bool:
        """True for the holder of the called card (not the declarer) (NO-12)."""
        return self.partner == self.seat and self.seat != self.declarer

    def voids(self) -> list[set[int]]:
        """Suits each seat has shown it lacks (NO-15)."""
        return voids_from_tricks(self.tricks, self.trick, self.leader)

    def played_cards(self) -> list[Card]:
        """Every card played this hand, finished tricks first."""
        out = [c for _, cards, _ in self.tricks for c in cards]
        out.extend(self.trick)
        return out

    def determinize(self, rng: random.Random) -> NomsState:
        """A state consistent with this view: the cards this seat cannot see are
        re-dealt at random among the other hands, keeping hand sizes, the exposed
        Mis a Vis hand, the played cards and every void shown by not following
        suit (so the called card goes only to a seat that may hold it). The
        partner is then whoever holds (or played) the called card. The order of
        a face-down deck (before a cut) is unknown and is drawn at random."""
        s = NomsState(self.variant)
        s.phase = PHASE_NAMES.index(self.phase)
        s.dealer, s.hand_no = self.dealer, self.hand_no
        s.auction = list(self.auction)
        s.high, s.high_seat, s.passes = self.high, self.high_seat, self.passes
        s.bidder = self.to_move if s.phase == P_AUCTION else (self.dealer + 1) % N_SEATS
        s.declarer, s.contract = self.declarer, self.contract
        s.trump, s.trump_set, s.called = self.trump, self.trump_set, self.called
        s.revealed = self.partner_known
        s.trick, s.leader = list(self.trick), self.leader
        s.tricks = list(self.tricks)
        s.won = list(self.won)
        s.exposed = bool(self.exposed)
        s.mult, s.next_mult = self.mult, self.next_mult
        s.totals, s.results = list(self.totals), list(self.results)
        if s.phase in (P_CUT, P_OVER) or (s.phase == P_SHUFFLE and s.results):
            # the gathered pack between hands (and after the last one): all 52 cards, order unknown here
            s.deck = shuffled(rng, _FULL_DECK)
        if s.phase not in (P_AUCTION, P_TRUMP, P_CALL, P_PLAY):
            if self.called is not None:  # between hands: the last hand's partner as this seat knows it
                holder = self.partner
                if holder is None:  # unrevealed and not this seat: any other seat may have held it
                    others = [i for i in range(N_SEATS) if i != self.seat]
                    holder = others[rand_below(rng, len(others))]
                s.partner = -1 if holder == self.declarer else holder
            return s
        hands: list[list[Card]] = [[] for _ in range(N_SEATS)]
        hands[self.seat] = list(self.hand)
        known = set(self.hand)
        if self.exposed and self.declarer != self.seat:
            hands[self.declarer] = list(self.exposed)
            known.update(self.exposed)
        played = self.played_cards()
        known.update(played)
        unseen = [c for c in _FULL_DECK if c not in known]
        free = [i for i in range(N_SEATS) if not hands[i] and self.hand_sizes[i] and i != self.seat]
        room = {i: self.hand_sizes[i] for i in free}
        voids = self.voids()
        fixed: dict[int, list[Card]] = {i: [] for i in free}
        _constrained_deal(unseen, free, room, voids, rng, fixed)
        for i in free:
            hands[i] = sorted(fixed[i])
        s.hands = hands
        # The dealt hands are only needed for an all-pass (NO-16), which happens
        # before any card is played, so the current hands are the dealt ones then.
        s.dealt = [h[:] for h in hands]
        if self.called is not None:
            holder = next((i for i in range(N_SEATS) if self.called in hands[i]), None)
            if holder is None:  # already played
                holder = next(((lead + k) % N_SEATS for lead, cards, _ in self.tricks + ((self.leader, self.trick, -1),)
                               for k, c in enumerate(cards) if c is self.called), self.declarer)
            s.partner = -1 if holder == self.declarer else holder
        return s


def _constrained_deal(cards: list[Card], seats: list[int], room: dict[int, int], voids: list[set[int]],
                      rng: random.Random, out: dict[int, list[Card]]) -> None:
    """Deal ``cards`` to ``seats`` filling ``room`` exactly, never giving a seat a
    suit it is void in (NO-15), with the shared multiset determinizer
    (:func:`engine.determinize.deal`: uniform when a few plain deals find a
    consistent one, else Hall-checked sequential). If no deal respects the voids
    (only for an inconsistent view) the voids are ignored."""
    sizes = [room[s] for s in seats]
    exclude = [(lambda c, v=frozenset(voids[s]): int(c.suit) in v) if voids[s] else None for s in seats]
    try:
        hands = deal(cards, sizes, rng, exclude=exclude)
    except DeterminizeError:
        hands = deal(cards, sizes, rng)
    for s, h in zip(seats, hands):
        out[s].extend(h)


class Noms(Game):
    """Noms (Nomination Whist), exactly four seats (NO-1)."""

    id = "noms"
    title = "Noms (Nomination Whist)"
    min_seats = 4
    max_seats = 4
    variant_class = NomsVariant

    @classmethod
    def new_state(cls, variant: NomsVariant, n_seats: int = N_SEATS) -> NomsState:
        err = cls.seat_range_error(n_seats)
        if err:
            raise ValueError(err)
        return NomsState(variant, n_seats)

    @classmethod
    def parse_action(cls, text: str) -> Action:
        return parse_noms_action(text)


NomsState.game = Noms
