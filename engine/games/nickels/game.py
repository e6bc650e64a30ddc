"""Nickels: seven-round contract rummy with "May I" claims (rules NK-1 to NK-22 in ``rules.md``).

A :class:`NickelsState` is a whole match of seven rounds, the 6 to the 12
hand (NK-3). Each round has a contract (NK-10) that a player lays down in one
go (``down``, NK-11); later turns lay off single cards on any meld (NK-16).
Lowest total after seven rounds wins (NK-22).

Chance steps and their notation (the draw pile is an unordered pool, see
``docs/engine.md``; every card taken from it is a chance step):

* ``dealer 2``: the first dealer, at random (NK-4);
* ``deal <seat 0> / <seat 1> / ...``: each seat's hand, sorted (NK-4);
* ``upcard 7H``: the card turned to start the discard pile (NK-5); with
  ``reject_joker_upcard`` a turned joker goes back into the draw pile and the
  next step is another ``upcard``;
* ``draw 7H``: the card the player to move draws (NK-13a/d/e), seen only by them;
* ``penalty 7H``: the face-down penalty card of a claim (NK-13c), seen only by
  the claimant.

Player actions:

* ``take``: take the top discard (NK-13b, free; NK-13d, the card underneath after a claim);
* ``pass``: decline it (the current player), or decline an offer (another player, NK-13c);
* ``claim``: take the offered discard out of turn, plus a penalty card (NK-13c);
* ``meld 7C 7D JK``, ``meld 5H JK=6H 7H 8H``: lay one meld of the contract (NK-11,
  NK-15, NK-20; notation of :mod:`.melds`). Going down is one meld per action: the
  first starts it, only melds after which the rest of the contract can still be laid
  are legal, and the turn cannot end until the contract is complete (a pending
  commitment, so there are no dead ends and the legal list stays small);
* ``layoff 7H m3``: lay one card off on meld ``m3`` (NK-16); a joker on a run names
  the card it stands for (``layoff JK=6C m4``); a low ace adds ``low``
  (``layoff AS m2 low``), a joker on a book is ``layoff JK m3``;
* ``swap 5S m4``: replace the joker standing for 5S in run ``m4`` with the natural
  5S from the hand, taking the joker (NK-16);
* ``discard 7H``: end the turn (NK-18).

Turn phases: acquire (the current player takes or passes) -> offer (each seat
eligible under NK-13c in clockwise order: claim or pass; a claim is followed by
the penalty chance step) -> after a claim, the current player takes the card
underneath or passes (NK-13d) -> draw (chance) -> play (``meld``, ``layoff``,
``swap``) -> ``discard``.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from dataclasses import dataclass
from typing import ClassVar, Sequence, cast

from engine.cards import (ACE, Card, cards_text, forget_one, insert_sorted, multi_deck, parse_card, parse_cards,
                          pretty_text, rank_text)
from engine.core import (
    CHANCE,
    TERMINAL,
    Action,
    ActionParseError,
    ChooseDealer,
    Event,
    Game,
    IllegalAction,
    State,
    View,
    parse_notation,
    rand_below,
    shuffled,
)
from engine.determinize import deal
from engine.grammar import agree, plural
from engine.games.nickels.melds import (
    CONTRACTS,
    JOKER,
    Book,
    Meld,
    MeldError,
    Run,
    contract_text,
    lay_problem,
    next_melds,
    parse_meld,
    rank_positions,
    run_end_positions,
)
from engine.match import match_winners
from engine.variants import option
from engine.inputs import brief

ROUNDS = 7  # NK-3
HAND_NAMES = tuple(f"{5 + i} hand" for i in range(1, ROUNDS + 1))


# ---------------------------------------------------------------------------
# Variant
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class PenaltyValues:
    """NK-6: the points a card left in hand costs (a reconstruction of the seed's lost table)."""

    joker: int = option(50, rule="NK-6", min=0, max=1000, help="a joker left in hand")
    ace: int = option(20, rule="NK-6", min=0, max=1000, help="an ace left in hand")
    ten_to_king: int = option(10, rule="NK-6", min=0, max=1000, help="a 10, J, Q or K left in hand")
    two_to_nine: int = option(5, rule="NK-6", min=0, max=1000, help="a 2 to 9 left in hand")

    def __str__(self) -> str:
        return "{" + ", ".join(f"{k} = {v}" for k, v in self.__dict__.items()) + "}"

    def of(self, card: Card) -> int:
        """NK-6: the penalty points of ``card``."""
        if card.is_joker:
            return self.joker
        if card.rank == ACE:
            return self.ace
        return self.ten_to_king if card.rank >= 10 else self.two_to_nine


@dataclass(frozen=True)
class NickelsVariant:
    """House rules for Nickels (the configuration summary of ``rules.md``)."""

    allow_seven_players: bool = option(
        False, rule="NK-2", help="allow a seventh player (4 decks and 8 jokers)")
    reject_joker_upcard: bool = option(
        False, rule="NK-5", help="a joker turned up to start the discard pile goes back into the draw pile")
    penalty_values: PenaltyValues = option(
        PenaltyValues(), rule="NK-6",
        help="points for cards left in hand: joker, ace, ten_to_king, two_to_nine "
             "(a table, e.g. {joker = 50, ace = 20, ten_to_king = 10, two_to_nine = 5})")
    min_naturals_per_meld: int = option(
        1, rule="NK-9", min=1, max=13, help="natural (non-joker) cards every meld needs when it is laid down")
    out_of_turn_claims_per_turn: int = option(
        1, rule="NK-13", min=0, max=6,
        help="claims allowed in one turn (1: the card exposed by a claim is offered only to the player "
             "whose turn it is; 0: no claims at all)")
    max_claims_per_player_per_round: int | None = option(
        None, rule="NK-13", min=1, max=100, help="claims each player may make in one round (omit: no limit)")
    unmelded_penalty: int = option(
        25, rule="NK-21", min=0, max=1000, help="added for each player who has not gone down (never in the 12 hand)")
    max_turns_per_round: int = option(
        1000, rule="NK-19a", min=10, max=2000,
        help="a round with nobody out after this many turns ends and is scored like one whose draw pile "
             "ran out (a safety cap that keeps every match finite)")

    def decks(self, n_seats: int) -> tuple[int, int]:
        """NK-2: (standard decks, jokers) for ``n_seats`` players."""
        if n_seats <= 4:
            return 2, 4
        if n_seats <= 6:
            return 3, 6
        return 4, 8

    def full_deck(self, n_seats: int) -> list[Card]:
        """NK-2: the pack for ``n_seats`` players (a new list)."""
        d, j = self.decks(n_seats)
        return list(_pack(d, j // d))


@functools.lru_cache(maxsize=8)
def _pack(decks: int, jokers_per_deck: int) -> tuple[Card, ...]:
    return tuple(multi_deck(decks, jokers_per_deck))


@functools.lru_cache(maxsize=8)
def _pack_dict(decks: int, jokers: int) -> dict[Card, int]:
    return dict(Counter(_pack(decks, jokers // decks)))


def _pack_counts(decks: int, jokers: int) -> Counter:
    """NK-2: the pack of ``decks`` standard decks and ``jokers`` jokers as a new Counter (card -> copies)."""
    return Counter(_pack_dict(decks, jokers))


# ---------------------------------------------------------------------------
# Actions
# ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Take(Action):
    """NK-13b/d: take the top discard as the turn's draw. Notation: ``take``."""

    def __str__(self) -> str:
        return "take"


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """NK-13: decline the top discard (the current player) or an offer (anyone
    else). Notation: ``pass``. Quiet: it moves nothing on the table."""

    quiet: ClassVar[bool] = True

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Claim(Action):
    """NK-13c: take the offered discard out of turn, with a penalty card. Notation: ``claim``."""

    def __str__(self) -> str:
        return "claim"


@dataclass(frozen=True, slots=True)
class LayMeld(Action):
    """NK-11/NK-15/NK-20: lay one meld of the contract while going down; the first
    starts going down and the turn cannot end until the whole contract is laid.
    Notation: ``meld 7C 7D JK`` (a book), ``meld 5H JK=6H 7H 8H`` (a run)."""

    meld: Meld

    def __str__(self) -> str:
        return "meld " + self.meld.text()


@dataclass(frozen=True, slots=True)
class Layoff(Action):
    """NK-16: ``card`` onto meld ``meld`` (its id). A joker on a run names the card it
    stands for (``stands``); ``low`` puts an ace (or a joker standing for one) at
    the low end of a run. Notation: ``layoff 7H m3``, ``layoff JK=6C m4``, ``layoff AS m2 low``."""

    card: Card
    meld: int
    stands: Card | None = None
    low: bool = False

    def __str__(self) -> str:
        what = self.card.text if self.stands is None else f"JK={self.stands.text}"
        return f"layoff {what} m{self.meld}" + (" low" if self.low else "")


@dataclass(frozen=True, slots=True)
class Swap(Action):
    """NK-16: replace the joker in run ``meld`` that stands for ``card`` with ``card``
    from the hand; the joker goes to the hand. Notation: ``swap 5S m4``."""

    card: Card
    meld: int

    def __str__(self) -> str:
        return f"swap {self.card.text} m{self.meld}"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """NK-18: discard one card face up, ending the turn. Notation: ``discard 7H``."""

    card: Card

    def __str__(self) -> str:
        return f"discard {self.card.text}"


@dataclass(frozen=True, slots=True)
class Deal(Action):
    """Chance, NK-4: every seat's hand (sorted), in seat order."""

    hands: tuple[tuple[Card, ...], ...]

    def __str__(self) -> str:
        return "deal " + " / ".join(cards_text(h) for h in self.hands)


@dataclass(frozen=True, slots=True)
class Upcard(Action):
    """Chance, NK-5: the card turned face up to start the discard pile."""

    card: Card

    def __str__(self) -> str:
        return f"upcard {self.card.text}"


@dataclass(frozen=True, slots=True)
class DrawCard(Action):
    """Chance, NK-13: the card the player to move draws from the draw pile."""

    card: Card

    def __str__(self) -> str:
        return f"draw {self.card.text}"


@dataclass(frozen=True, slots=True)
class PenaltyCard(Action):
    """Chance, NK-13c: the face-down penalty card a claimant takes from the draw pile."""

    card: Card

    def __str__(self) -> str:
        return f"penalty {self.card.text}"


TAKE, DECLINE, CLAIM = Take(), Decline(), Claim()


def _meld_id(token: str) -> int:
    t = token.strip().lower()
    if len(t) < 2 or t[0] != "m" or not t[1:].isdigit() or int(t[1:]) < 1:
        raise ValueError(f"expected a meld id such as m3, found {token!r}")
    return int(t[1:])


def parse_nickels_action(text: str) -> Action:
    """Parse Nickels notation (see the module docstring).

    Raises:
        ActionParseError: for an unknown verb, a bad card, meld or meld id.
    """
    return parse_notation(text, _parse_verb, "Nickels", "take, pass, claim, meld, layoff, swap, discard")


def _parse_verb(verb: str, rest: str) -> Action | None:
    args = rest.split()
    if verb in ("take", "pass", "claim"):
        if args:
            raise ActionParseError(f"{brief(verb)} takes no arguments")
        return {"take": TAKE, "pass": DECLINE, "claim": CLAIM}[verb]
    if verb == "meld":
        if not args:
            raise ActionParseError("write the meld's cards, e.g. 'meld 7C 7D JK' or 'meld 5H JK=6H 7H 8H'")
        try:
            return LayMeld(parse_meld(rest))
        except MeldError as err:
            raise ActionParseError(str(err)) from None
    if verb == "layoff":
        if len(args) not in (2, 3) or (len(args) == 3 and args[2].lower() != "low"):
            raise ActionParseError("write e.g. 'layoff 7H m3', 'layoff JK=6C m4' or 'layoff AS m2 low'")
        low = len(args) == 3
        what = args[0]
        if "=" in what:
            left, right = what.split("=", 1)
            if not parse_card(left).is_joker:
                raise ActionParseError(f"{brief(what)}: only a joker stands for another card (NK-9)")
            stands = parse_card(right)
            if stands.is_joker:
                raise ActionParseError(f"{brief(what)}: a joker stands for a natural card (NK-9)")
            return Layoff(JOKER, _meld_id(args[1]), stands, low)
        return Layoff(parse_card(what), _meld_id(args[1]), None, low)
    if verb == "swap":
        if len(args) != 2:
            raise ActionParseError("write e.g. 'swap 5S m4'")
        return Swap(parse_card(args[0]), _meld_id(args[1]))
    if verb == "discard":
        if len(args) != 1:
            raise ActionParseError("write e.g. 'discard 7H'")
        return Discard(parse_card(args[0]))
    if verb == "deal":
        return Deal(tuple(tuple(sorted(parse_cards(part))) for part in rest.split("/")))
    if verb in ("upcard", "draw", "penalty"):
        if len(args) != 1:
            raise ActionParseError(f"write e.g. '{verb} 7H'")
        card = parse_card(args[0])
        return {"upcard": Upcard, "draw": DrawCard, "penalty": PenaltyCard}[verb](card)
    if verb == "dealer":
        if len(args) != 1 or not args[0].isdigit():
            raise ActionParseError("write e.g. 'dealer 2'")
        return ChooseDealer(int(args[0]))
    return None


# ---------------------------------------------------------------------------
# Melds on the table
# ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class TableMeld:
    """A meld on the table: its id (``m3`` is 3; ids are never reused in a round),
    the seat that laid it down and the meld."""

    id: int
    owner: int
    meld: Meld

    def label(self) -> str:
        """``m3``."""
        return f"m{self.id}"


# ---------------------------------------------------------------------------
# State
# ---------------------------------------------------------------------------

(P_DEALER, P_DEAL, P_UPCARD, P_ACQUIRE, P_OFFER, P_PENALTY, P_AFTER, P_DRAW, P_PLAY, P_OVER) = range(10)
PHASE_NAMES = ("dealer", "deal", "upcard", "acquire", "offer", "penalty", "after", "draw", "play", "over")
_CHANCE_PHASES = frozenset((P_DEALER, P_DEAL, P_UPCARD, P_PENALTY, P_DRAW))


class NickelsState(State):
    """A match of seven rounds of Nickels.

    Public attributes (read by views, bots, tests and widgets; change them only via :meth:`apply`):
        round_no: 0..6, the 6 to the 12 hand (NK-3); dealer: this round's dealer.
        turn_seat: whose turn it is; offer_seat: the seat deciding on an offer (NK-13c).
        hands: each seat's hand, sorted; pool: the draw pile (an unordered pool);
        discards: the discard pile, bottom first (face up, NK-5, NK-18).
        melds: the melds on the table (:class:`TableMeld`), in the order laid.
        down_turn: per seat, the turn number on which it went down this round (-1: not down).
        owed: (books, runs) the player to move still owes while going down (NK-11); (0, 0) otherwise.
        known: per seat, cards publicly known to be in its hand (discards it took).
        claims: per seat, claims this round; turn_claims: claims in the current turn.
        turn_no: turns started this round (1 for the first).
        round_scores: each finished round's points per seat; totals: match totals.
        out_seat: who went out in the last finished round (None: nobody, NK-19).
    """

    __slots__ = ("variant", "n_seats", "phase", "round_no", "dealer", "turn_seat", "offer_seat", "hands", "pool",
                 "discards", "melds", "next_id", "down_turn", "owed", "known", "claims", "turn_claims", "turn_no",
                 "round_scores", "totals", "out_seat", "_pen", "_deck")

    game: ClassVar["type[Nickels]"]

    def __init__(self, variant: NickelsVariant, n_seats: int) -> None:
        self.variant = variant
        self.n_seats = n_seats
        self._pen = variant.penalty_values
        self._deck = tuple(variant.full_deck(n_seats))
        self.phase = P_DEALER
        self.round_no = 0
        self.dealer = 0
        self.round_scores: list[list[int]] = []
        self.totals = [0] * n_seats
        self.out_seat: int | None = None
        self._reset_round()

    def _reset_round(self) -> None:
        n = self.n_seats
        self.turn_seat = (self.dealer + 1) % n
        self.offer_seat = -1
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.pool: list[Card] = list(self._deck)
        self.discards: list[Card] = []
        self.melds: list[TableMeld] = []
        self.next_id = 1
        self.down_turn = [-1] * n
        self.owed = (0, 0)
        self.known: list[list[Card]] = [[] for _ in range(n)]
        self.claims = [0] * n
        self.turn_claims = 0
        self.turn_no = 1

    def clone(self) -> "NickelsState":
        s = object.__new__(NickelsState)
        s.variant, s.n_seats, s._pen, s._deck = self.variant, self.n_seats, self._pen, self._deck
        s.phase, s.round_no, s.dealer = self.phase, self.round_no, self.dealer
        s.turn_seat, s.offer_seat = self.turn_seat, self.offer_seat
        s.hands = [h[:] for h in self.hands]
        s.pool = self.pool[:]
        s.discards = self.discards[:]
        s.melds = self.melds[:]
        s.next_id = self.next_id
        s.down_turn = self.down_turn[:]
        s.owed = self.owed
        s.known = [k[:] for k in self.known]
        s.claims = self.claims[:]
        s.turn_claims, s.turn_no = self.turn_claims, self.turn_no
        s.round_scores = self.round_scores[:]  # finished rows never change
        s.totals = self.totals[:]
        s.out_seat = self.out_seat
        return s

    # -- whose move --------------------------------------------------------------
    @property
    def to_move(self) -> int:
        p = self.phase
        if p in (P_ACQUIRE, P_AFTER, P_PLAY):
            return self.turn_seat
        if p == P_OFFER:
            return self.offer_seat
        if p == P_OVER:
            return TERMINAL
        return CHANCE

    @property
    def turn(self) -> int:
        return self.turn_seat

    @property
    def is_over(self) -> bool:
        return self.phase == P_OVER

    @property
    def hand_number(self) -> int:
        return self.round_no

    @property
    def contract(self) -> tuple[int, int]:
        """NK-10: (books, runs) of this round."""
        return CONTRACTS[self.round_no]

    def has_melded(self, seat: int) -> bool:
        """Whether ``seat`` has gone down this round."""
        return self.down_turn[seat] >= 0

    def laid_this_round(self, seat: int) -> list[Meld]:
        """The melds ``seat`` laid going down this round (NK-11 checks the next against them)."""
        return [m.meld for m in self.melds if m.owner == seat]

    def may_lay_off(self, seat: int) -> bool:
        """NK-15/NK-16: ``seat`` went down on an earlier turn of this round."""
        return 0 <= self.down_turn[seat] < self.turn_no

    def meld_by_id(self, mid: int) -> TableMeld | None:
        """The meld ``m<mid>`` on the table, or None."""
        for m in self.melds:
            if m.id == mid:
                return m
        return None

    def can_supply(self, extra_top: int = 0) -> bool:
        """NK-19: whether a card can be drawn now: the draw pile has one, or the
        discard pile below its top card (after ``extra_top`` more cards leave it) does."""
        return bool(self.pool) or len(self.discards) - extra_top >= 2

    def may_claim(self, seat: int) -> bool:
        """NK-13c/f/g, NK-19: ``seat`` may claim the top discard now (it is not its turn, it
        has not melded, the claim limits allow it and a penalty card can be paid)."""
        v = self.variant
        return (seat != self.turn_seat and self.down_turn[seat] < 0 and bool(self.discards)
                and self.turn_claims < v.out_of_turn_claims_per_turn
                and (v.max_claims_per_player_per_round is None or self.claims[seat] < v.max_claims_per_player_per_round)
                and self.can_supply(1))

    # -- legal actions -------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """The moves of ``to_move``: ``take``/``pass`` (acquire), ``claim``/``pass`` (offer),
        then ``down`` arrangements, layoffs, swaps and discards (play). Empty at chance steps."""
        p = self.phase
        if p in (P_ACQUIRE, P_AFTER):
            return [TAKE, DECLINE]
        if p == P_OFFER:
            return [CLAIM, DECLINE]
        if p != P_PLAY:
            return []
        seat = self.turn_seat
        return _play_moves(self.hands[seat], self.melds, seat, self.contract, self.owed,
                           self.variant.min_naturals_per_meld, self.round_no == ROUNDS - 1, self.down_turn[seat],
                           self.turn_no)

    def is_legal(self, action: Action) -> bool:
        """The same answer as ``action in self.legal_actions()``, checking only the rules the action names."""
        return self.why_illegal(action) is None

    def why_illegal(self, action: Action) -> str | None:
        """``None`` if ``action`` is legal now, else a sentence naming the rule that forbids it."""
        p = self.phase
        if p in _CHANCE_PHASES:
            return "it is not a player's move: cards are being dealt or drawn"
        if p == P_OVER:
            return "the match is over"
        cls = type(action)
        if p in (P_ACQUIRE, P_AFTER):
            if cls is Take or cls is Decline:
                return None
            if cls is Claim:
                return "it is your turn: take the discard free, or pass (NK-13b)"
            return "first take the top discard or pass and draw (NK-12, NK-13)"
        if p == P_OFFER:
            if cls is Claim or cls is Decline:
                return None
            return "the top discard is offered to you: claim it or pass (NK-13c)"
        # P_PLAY
        seat = self.turn_seat
        hand = self.hands[seat]
        if cls is LayMeld:
            return self._why_not_meld(cast(LayMeld, action))
        if self.owed != (0, 0):
            return (f"finish going down first: still to lay {contract_text(*self.owed)} (NK-11: the contract "
                    "goes down in one turn)")
        if cls is Discard:
            if cast(Discard, action).card not in hand:
                return f"you do not hold {cast(Discard, action).card.pretty}"
            return None
        if cls is Layoff or cls is Swap:
            if self.down_turn[seat] < 0:
                return "you may lay off only after going down with the contract (NK-16)"
            if self.down_turn[seat] == self.turn_no:
                return "you went down this turn: lay off from your next turn (NK-15)"
            if cls is Layoff:
                return _layoff_problem(cast(Layoff, action), hand, self.melds)
            return _swap_problem(cast(Swap, action), hand, self.melds)
        if cls in (Take, Decline, Claim):
            return "you have drawn: now go down, lay off, or discard (NK-12)"
        return f"{pretty_text(str(action))} is not a move now"

    def _why_not_meld(self, action: LayMeld) -> str | None:
        seat = self.turn_seat
        dt = self.down_turn[seat]
        if dt >= 0 and self.owed == (0, 0):
            return "you have gone down already this round: lay off on the melds instead, no new melds (NK-16)"
        books, runs = self.owed if dt >= 0 else self.contract
        laid = self.laid_this_round(seat) if dt >= 0 else []
        return lay_problem(action.meld, Counter(self.hands[seat]), books, runs, laid,
                           self.variant.min_naturals_per_meld, self.round_no == ROUNDS - 1)

    # -- chance ----------------------------------------------------------------------
    def sample_chance(self, rng: random.Random) -> Action:
        """The next chance outcome, uniformly at random: the first dealer, a deal, the
        up-card, a draw or a penalty card (drawn from the unordered draw pile).

        Raises:
            IllegalAction: if the next step is not a chance step.
        """
        p = self.phase
        if p == P_DEALER:
            return ChooseDealer(rand_below(rng, self.n_seats))
        if p == P_DEAL:
            size = 6 + self.round_no
            order = shuffled(rng, self.pool)[:size * self.n_seats]
            n = self.n_seats
            hands: list[list[Card]] = [[] for _ in range(n)]
            for i, c in enumerate(order):  # NK-4: one at a time, from the dealer's left
                hands[(self.dealer + 1 + i) % n].append(c)
            return Deal(tuple(tuple(sorted(h, key=_order)) for h in hands))
        pool = self.pool
        if p == P_UPCARD:
            return Upcard(pool[rand_below(rng, len(pool))])
        if p == P_DRAW:
            return DrawCard(pool[rand_below(rng, len(pool))])
        if p == P_PENALTY:
            return PenaltyCard(pool[rand_below(rng, len(pool))])
        raise IllegalAction("not a chance step")

    def observation(self, action: Action, seat: int) -> str:
        """NK-4/NK-13: a seat sees its own dealt hand and the others' sizes
        (``deal 6 / 2C 5H ... / 6``), its own draws and penalty cards (``draw 7H``)
        and only that the others drew (``draw``, ``penalty``); everything else is public."""
        cls = type(action)
        if cls is Deal:
            return "deal " + " / ".join(cards_text(h) if i == seat else str(len(h))
                                        for i, h in enumerate(cast(Deal, action).hands))
        if cls is DrawCard and seat != self.turn_seat:
            return "draw"
        if cls is PenaltyCard and seat != self.offer_seat:
            return "penalty"
        return str(action)

    # -- apply -------------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        p = self.phase
        if p in _CHANCE_PHASES:
            return self._apply_chance(action)
        why = self.why_illegal(action)
        if why is not None:
            raise IllegalAction(why)
        return self._apply_move(action)

    def apply_trusted(self, action: Action) -> list[Event]:
        """:meth:`apply` without the legality check (see :meth:`State.apply_trusted`)."""
        if self.phase in _CHANCE_PHASES:
            return self._apply_chance(action)
        return self._apply_move(action)

    def _apply_chance(self, action: Action) -> list[Event]:
        p = self.phase
        cls = type(action)
        if p == P_DEALER:
            if cls is not ChooseDealer or not 0 <= cast(ChooseDealer, action).seat < self.n_seats:
                raise IllegalAction("expected the first dealer: dealer <seat>")
            self.dealer = cast(ChooseDealer, action).seat
            self._reset_round()
            self.phase = P_DEAL
            return [Event("dealer", "{seat} {seat:deals|deal} first (NK-4)", self.dealer, {"dealer": self.dealer})]
        if p == P_DEAL:
            if cls is not Deal:
                raise IllegalAction("expected the deal")
            hands = cast(Deal, action).hands
            size = 6 + self.round_no
            if len(hands) != self.n_seats or any(len(h) != size for h in hands):
                raise IllegalAction(f"the {HAND_NAMES[self.round_no]} deals {size} cards to each of "
                                    f"{self.n_seats} seats")
            rest = Counter(self.pool)
            rest.subtract(c for h in hands for c in h)
            if any(v < 0 for v in rest.values()):
                raise IllegalAction("the deal holds cards that are not in the pack")
            self.hands = [sorted(h, key=_order) for h in hands]
            self.pool = list(rest.elements())
            self.phase = P_UPCARD
            b, r = self.contract
            return [Event("deal", f"{{seat}} {{seat:deals|deal}} the {HAND_NAMES[self.round_no]}: {size} cards each; "
                          f"the contract is {contract_text(b, r)}" + (", all cards, no discard (NK-20)"
                                                                      if self.round_no == ROUNDS - 1 else ""),
                          self.dealer, {"round": self.round_no, "size": size, "books": b, "runs": r})]
        card = cast("Upcard | DrawCard | PenaltyCard", action).card if cls in (Upcard, DrawCard, PenaltyCard) \
            else None
        if card is None or card not in self.pool:
            raise IllegalAction(f"{action} is not a card of the draw pile")
        if p == P_UPCARD:
            if cls is not Upcard:
                raise IllegalAction("expected the up-card")
            if card.is_joker and self.variant.reject_joker_upcard:  # NK-5 optional variation
                return [Event("upcard_joker", "A joker is turned up and goes back into the draw pile (NK-5)",
                              None, {"card": card.text, "cards": [card.text]})]
            self.pool.remove(card)
            self.discards.append(card)
            events = [Event("upcard", f"{card.pretty} is turned up to start the discard pile (NK-5)", None,
                            {"card": card.text, "cards": [card.text]})]
            return events + self._start_turn()
        if p == P_DRAW:
            if cls is not DrawCard:
                raise IllegalAction("expected a draw")
            seat = self.turn_seat
            self.pool.remove(card)
            insert_sorted(self.hands[seat], card)
            self.phase = P_PLAY
            return [Event("draw", "{seat} {seat:draws|draw} from the draw pile", seat, {"count": 1}),
                    Event("draw_private", f"{{seat}} {{seat:draws|draw}} {card.pretty}", seat,
                          {"card": card.text, "cards": [card.text]}, frozenset((seat,)))]
        # P_PENALTY
        if cls is not PenaltyCard:
            raise IllegalAction("expected the penalty card")
        seat = self.offer_seat
        self.pool.remove(card)
        insert_sorted(self.hands[seat], card)
        events = [Event("penalty", "{seat} {seat:takes|take} a face-down penalty card (NK-13c)", seat, {"count": 1}),
                  Event("penalty_private", f"{{seat}} {{seat:takes|take}} {card.pretty} as the penalty card", seat,
                        {"card": card.text, "cards": [card.text]}, frozenset((seat,)))]
        self.offer_seat = -1
        if self.discards:
            self.phase = P_AFTER
            top = self.discards[-1]
            events.append(Event("exposed", f"{top.pretty} now lies on top of the discard pile: {{s{self.turn_seat}}} "
                                "may take it (NK-13d)", self.turn_seat, {"card": top.text, "cards": [top.text]}))
            return events
        return events + self._need_draw()

    def _start_turn(self) -> list[Event]:
        """NK-12/NK-13a: the current player's acquire step (a draw when the discard pile is empty)."""
        self.turn_claims = 0
        if not self.discards:
            return self._need_draw()
        self.phase = P_ACQUIRE
        return []

    def _need_draw(self) -> list[Event]:
        """NK-13/NK-19: the current player draws; reshuffle the discards (all but the
        top) into a new draw pile if needed, or end the round if no card can be had."""
        events = self._reshuffle_if_empty()
        if not self.pool:
            return events + self._end_round(None, "no card can be drawn: the round ends with nobody out (NK-19)")
        self.phase = P_DRAW
        return events

    def _reshuffle_if_empty(self) -> list[Event]:
        """NK-19: an empty draw pile takes every discard but the top card."""
        if self.pool or len(self.discards) < 2:
            return []
        moved = self.discards[:-1]
        self.discards = self.discards[-1:]
        self.pool = moved
        return [Event("reshuffle", f"The draw pile is empty: {plural(len(moved), 'discard is', 'discards are')} "
                                   "shuffled into a new "
                      "draw pile (NK-19)", None, {"count": len(moved)})]

    def _next_offer(self, after: int) -> list[Event]:
        """NK-13c: offer the top discard to the next eligible seat clockwise after
        ``after`` (stopping before the current player), else the current player draws."""
        n = self.n_seats
        s = (after + 1) % n
        while s != self.turn_seat:
            if self.may_claim(s):
                self.offer_seat = s
                self.phase = P_OFFER
                return []
            s = (s + 1) % n
        self.offer_seat = -1
        return self._need_draw()

    def _apply_move(self, action: Action) -> list[Event]:
        cls = type(action)
        p = self.phase
        seat = self.turn_seat
        if p in (P_ACQUIRE, P_AFTER):
            if cls is Take:
                card = self.discards.pop()
                insert_sorted(self.hands[seat], card)
                self.known[seat].append(card)
                self.phase = P_PLAY
                how = "free (NK-13b)" if p == P_ACQUIRE else "from under the claimed card (NK-13d)"
                return [Event("take", f"{{seat}} {{seat:takes|take}} {card.pretty} {how}", seat,
                              {"card": card.text, "cards": [card.text]})]
            top = self.discards[-1]
            events = [Event("decline", f"{{seat}} {{seat:passes|pass}} on {top.pretty}", seat,
                            {"card": top.text, "cards": [top.text]})]
            if p == P_AFTER and self.turn_claims >= self.variant.out_of_turn_claims_per_turn:
                return events + self._need_draw()  # NK-13f: the exposed card is offered only to C
            return events + self._next_offer(seat)
        if p == P_OFFER:
            who = self.offer_seat
            if cls is Decline:
                return [Event("offer_pass", "{seat} {seat:passes|pass}", who, {})] + self._next_offer(who)
            card = self.discards.pop()
            insert_sorted(self.hands[who], card)
            self.known[who].append(card)
            self.claims[who] += 1
            self.turn_claims += 1
            events = [Event("claim", f"{{seat}} {{seat:claims|claim}} {card.pretty} (May I?)", who,
                            {"card": card.text, "cards": [card.text]})]
            events += self._reshuffle_if_empty()
            self.phase = P_PENALTY
            return events
        # P_PLAY
        hand = self.hands[seat]
        if cls is Discard:
            card = cast(Discard, action).card
            hand.remove(card)
            forget_one(self.known[seat], card)
            self.discards.append(card)
            events = [Event("discard", f"{{seat}} {{seat:discards|discard}} {card.pretty}", seat,
                            {"card": card.text, "cards": [card.text]})]
            if not hand:
                return events + self._end_round(seat, "{seat} {seat:discards|discard} the last card and {seat:goes|go} "
                                                      "out (NK-18)")
            return events + self._next_turn()
        if cls is LayMeld:
            meld = cast(LayMeld, action).meld
            for c in meld.cards:
                hand.remove(c)
                forget_one(self.known[seat], c)
            if self.down_turn[seat] < 0:
                self.down_turn[seat] = self.turn_no
                self.owed = self.contract
            b, r = self.owed
            self.owed = (b - (not meld.is_run), r - meld.is_run)
            self.melds.append(TableMeld(self.next_id, seat, meld))
            self.next_id += 1
            events = [Event("meld", f"{{seat}} {{seat:lays|lay}} m{self.next_id - 1}: {meld.pretty()}", seat,
                            {"meld": self.next_id - 1, "cards": [c.text for c in meld.cards]})]
            if self.owed != (0, 0):
                return events
            events.append(Event("down", "{seat} {seat:has|have} gone down with the contract (NK-11)", seat,
                                {"melds": [m.id for m in self.melds if m.owner == seat]}))
            if not hand:
                return events + self._end_round(seat, "{seat} {seat:goes|go} down with every card and {seat:goes|go} "
                                                      "out (NK-18)")
            return events
        if cls is Layoff:
            lay = cast(Layoff, action)
            idx, tm = self._meld_index(lay.meld)
            hand.remove(lay.card)
            forget_one(self.known[seat], lay.card)
            m = tm.meld
            if isinstance(m, Book):
                new: Meld = m.with_card(lay.card)
            else:
                new = m.extended(lay.card, _layoff_pos(lay, m))
            self.melds[idx] = TableMeld(tm.id, tm.owner, new)
            shown = lay.card.pretty if lay.stands is None else f"JK (as {rank_text(lay.stands.rank)})"
            events = [Event("layoff", f"{{seat}} {{seat:lays|lay}} off {shown} on m{tm.id}", seat,
                            {"meld": tm.id, "card": lay.card.text, "cards": [lay.card.text]})]
            if not hand:
                return events + self._end_round(seat, "{seat} {seat:lays|lay} off the last card and {seat:goes|go} out "
                                                      "(NK-18)")
            return events
        # Swap
        sw = cast(Swap, action)
        idx, tm = self._meld_index(sw.meld)
        run = cast(Run, tm.meld)
        pos = _swap_pos(sw.card, run)
        hand.remove(sw.card)
        forget_one(self.known[seat], sw.card)
        insert_sorted(hand, JOKER)
        self.known[seat].append(JOKER)
        self.melds[idx] = TableMeld(tm.id, tm.owner, run.swapped(pos, sw.card))
        return [Event("swap", f"{{seat}} {{seat:puts|put}} {sw.card.pretty} in m{tm.id} and {{seat:takes|take}} the "
                              "joker (NK-16)", seat,
                      {"meld": tm.id, "card": sw.card.text, "cards": [sw.card.text]})]

    def _meld_index(self, mid: int) -> tuple[int, TableMeld]:
        for i, m in enumerate(self.melds):
            if m.id == mid:
                return i, m
        raise IllegalAction(f"there is no meld m{mid}")

    def _next_turn(self) -> list[Event]:
        self.turn_no += 1
        if self.turn_no > self.variant.max_turns_per_round:  # NK-19a
            return self._end_round(None, f"{self.variant.max_turns_per_round} turns without anyone going out: "
                                   "the round ends (NK-19a)")
        self.turn_seat = (self.turn_seat + 1) % self.n_seats
        return self._start_turn()

    def _end_round(self, out: int | None, text: str) -> list[Event]:
        """NK-21: score the round; then deal the next one (NK-4) or end the match (NK-22)."""
        twelve = self.round_no == ROUNDS - 1
        pen = self._pen
        pts = []
        for s in range(self.n_seats):
            p = sum(pen.of(c) for c in self.hands[s])
            if self.down_turn[s] < 0 and not twelve:
                p += self.variant.unmelded_penalty
            pts.append(p)
        for s in range(self.n_seats):
            self.totals[s] += pts[s]
        self.round_scores.append(pts)
        self.out_seat = out
        events = [Event("out" if out is not None else "round_end", text, out, {}),
                  Event("hand_over", f"The {HAND_NAMES[self.round_no]} is over", None,
                        {"hand": self.round_no, "scores": [float(x) for x in pts],
                         "totals": [float(x) for x in self.totals], "out": out,
                         "left": [cards_text(h) for h in self.hands],
                         "melded": [d >= 0 for d in self.down_turn],
                         "unmelded": 0 if twelve else self.variant.unmelded_penalty,
                         "reason": text})]
        if self.round_no == ROUNDS - 1:
            self.phase = P_OVER
            w = self.winners()
            events.append(Event("match_over", agree(len(w), "Winner: ", "Winners: ")
                                + ", ".join(f"{{s{i}:^}}" if k == 0 else f"{{s{i}}}" for k, i in enumerate(w)), None,
                                {"winners": w, "totals": [float(x) for x in self.totals]}))
            return events
        self.round_no += 1
        self.dealer = (self.dealer + 1) % self.n_seats
        self._reset_round()
        self.phase = P_DEAL
        return events

    # -- results ---------------------------------------------------------------------
    def scores(self) -> list[float]:
        """NK-22: match totals in penalty points (lower is better)."""
        return [float(x) for x in self.totals]

    def winners(self) -> list[int]:
        """NK-22: the seat(s) with the lowest total after seven rounds; empty while running."""
        if self.phase != P_OVER:
            return []
        return match_winners(self.totals, highest_wins=False)

    # -- information ---------------------------------------------------------------
    def view(self, seat: int) -> "NickelsView":
        """What ``seat`` may know: its hand, every meld, the whole discard pile (it was laid
        face up), the draw pile's size, each hand's size and the cards publicly known to
        be in it (discards taken), who has gone down and when, and the claims made."""
        return NickelsView(
            seat=seat, variant=self.variant, n_seats=self.n_seats, phase=PHASE_NAMES[self.phase],
            to_move=self.to_move, turn=self.turn_seat, offer_seat=self.offer_seat, round_no=self.round_no,
            dealer=self.dealer, hand=tuple(self.hands[seat]) if 0 <= seat < self.n_seats else (),
            hand_sizes=tuple(len(h) for h in self.hands), pool_count=len(self.pool),
            discards=tuple(self.discards), melds=tuple(self.melds), next_id=self.next_id,
            down_turn=tuple(self.down_turn), owed=self.owed,
            known=tuple(tuple(sorted(k, key=_order)) for k in self.known),
            claims=tuple(self.claims), turn_claims=self.turn_claims, turn_no=self.turn_no,
            round_scores=tuple(tuple(r) for r in self.round_scores), totals=tuple(self.totals),
            out_seat=self.out_seat, is_over=self.phase == P_OVER)

    def zones(self) -> dict[str, list[Card]]:
        """Every card by zone (card conservation): the draw pile, the discard pile, the melds, each hand."""
        out = {"pool": self.pool[:], "discards": self.discards[:],
               "melds": [c for m in self.melds for c in m.meld.cards]}
        for s in range(self.n_seats):
            out[f"hand {s}"] = self.hands[s][:]
        return out

    def fingerprint(self) -> str:
        return "|".join([
            "nickels", PHASE_NAMES[self.phase], str(self.round_no), str(self.dealer), str(self.turn_seat),
            str(self.offer_seat), "/".join(cards_text(h) for h in self.hands),
            cards_text(sorted(self.pool, key=_order)), cards_text(self.discards),
            ";".join(f"{m.id}:{m.owner}:{m.meld.text()}" for m in self.melds), str(self.next_id),
            ",".join(map(str, self.down_turn)), f"{self.owed[0]},{self.owed[1]}",
            "/".join(cards_text(sorted(k, key=_order)) for k in self.known),
            ",".join(map(str, self.claims)), str(self.turn_claims), str(self.turn_no),
            ";".join(",".join(map(str, r)) for r in self.round_scores), ",".join(map(str, self.totals)),
            str(self.out_seat),
        ])


def _order(c: Card) -> int:
    return c.order


def _layoff_pos(lay: Layoff, run: Run) -> int:
    """The run position a (checked) layoff takes."""
    named = lay.stands if lay.stands is not None else lay.card
    if named.rank == ACE:
        return 1 if lay.low else 14
    return named.rank


def _swap_pos(card: Card, run: Run) -> int:
    """The position of the joker in ``run`` that stands for ``card`` (checked before)."""
    for pos in rank_positions(card.rank):
        if run.lo <= pos <= run.hi and run.cards[pos - run.lo].is_joker:
            return pos
    raise IllegalAction(f"no joker in that run stands for {card}")


def _layoff_problem(lay: Layoff, hand: Sequence[Card], melds: Sequence[TableMeld]) -> str | None:
    """NK-16: why this layoff is not allowed, or None."""
    if lay.card not in hand:
        return f"you do not hold {lay.card.pretty}"
    tm = next((m for m in melds if m.id == lay.meld), None)
    if tm is None:
        return f"there is no meld m{lay.meld} on the table"
    m = tm.meld
    if lay.stands is not None and not lay.card.is_joker:
        return "only a joker names a card to stand for (layoff JK=6C m4, NK-9)"
    if isinstance(m, Book):
        if lay.stands is not None or lay.low:
            return f"m{tm.id} is a book: lay a joker on it as 'layoff JK m{tm.id}' (NK-16)"
        if lay.card.is_joker or lay.card.rank == m.rank:
            return None
        return f"m{tm.id} is a book of {Card.get(m.rank, 0).text[:-1]}s: it takes only that rank or a joker (NK-16)"
    if lay.card.is_joker and lay.stands is None:
        ends = run_end_positions(m)
        if not ends:
            return f"m{tm.id} is a full run (NK-8)"
        return f"name the card the joker stands for, e.g. layoff JK={m.card_at(ends[0]).text} m{tm.id} (NK-9)"
    named = lay.stands if lay.stands is not None else lay.card
    if lay.low and named.rank != ACE:
        return "'low' is only for an ace at the low end of a run (NK-8)"
    if named.suit != m.suit:
        return f"m{tm.id} is a run of {m.suit.symbol}: it takes only {m.suit.symbol} cards (NK-16)"
    pos = _layoff_pos(lay, m)
    if pos not in run_end_positions(m):
        if named.rank == ACE and 15 - pos in run_end_positions(m):
            what = lay.card.text if lay.stands is None else f"JK={named.text}"
            return (f"{named.pretty} goes on m{tm.id} only at its {'high' if lay.low else 'low'} end: write "
                    f"'layoff {what} m{tm.id}{'' if lay.low else ' low'}' (an ace is low or high, NK-8)")
        shown = ", ".join(m.card_at(p).pretty for p in run_end_positions(m))
        return (f"{named.pretty} does not extend m{tm.id} at either end (it takes {shown}; an ace is low or high, "
                "never both, and runs do not wrap, NK-8)") if shown else f"m{tm.id} cannot grow any longer (NK-8)"
    return None


def _swap_problem(sw: Swap, hand: Sequence[Card], melds: Sequence[TableMeld]) -> str | None:
    """NK-16: why this joker replacement is not allowed, or None."""
    if sw.card.is_joker:
        return "replace a joker with the natural card it stands for (NK-16)"
    if sw.card not in hand:
        return f"you do not hold {sw.card.pretty}"
    tm = next((m for m in melds if m.id == sw.meld), None)
    if tm is None:
        return f"there is no meld m{sw.meld} on the table"
    m = tm.meld
    if isinstance(m, Book):
        return "jokers in books are permanent: only a joker in a run can be replaced (NK-16)"
    if sw.card.suit == m.suit:
        for pos in rank_positions(sw.card.rank):
            if m.lo <= pos <= m.hi and m.cards[pos - m.lo].is_joker:
                return None
    return f"no joker in m{tm.id} stands for {sw.card.pretty} (NK-16)"


def layoff_moves(hand: Sequence[Card], melds: Sequence[TableMeld]) -> list[Action]:
    """NK-16: every single-card layoff and joker replacement the cards of ``hand``
    allow on ``melds`` (one action per distinct face and target)."""
    faces = set(hand)
    has_joker = JOKER in faces
    by_rank: dict[int, list[Card]] = {}  # the natural faces of each rank, in card order
    for c in sorted(faces, key=_order):
        if not c.is_joker:
            by_rank.setdefault(c.rank, []).append(c)
    out: list[Action] = []
    for tm in melds:
        m = tm.meld
        if isinstance(m, Book):  # its rank's faces, then the joker (which sorts after every natural)
            for c in by_rank.get(m.rank, ()):
                out.append(Layoff(c, tm.id))
            if has_joker:
                out.append(Layoff(JOKER, tm.id))
            continue
        for pos in run_end_positions(m):
            named = m.card_at(pos)
            low = pos == 1
            if named in faces:
                out.append(Layoff(named, tm.id, None, low))
            if has_joker:
                out.append(Layoff(JOKER, tm.id, named, low))
        if JOKER in m.cards:
            for pos in m.joker_positions():
                named = m.card_at(pos)
                if named in faces:
                    out.append(Swap(named, tm.id))
    return out


def _play_moves(hand: Sequence[Card], melds: Sequence[TableMeld], seat: int, contract: tuple[int, int],
                owed: tuple[int, int], min_nat: int, twelve: bool, down_turn: int, turn_no: int) -> list[Action]:
    """The play-phase moves of ``seat``: while going down only the next melds
    (NK-11); not yet down: the melds that can start the contract, then the
    discards; down on an earlier turn: layoffs and swaps (NK-16), then the
    discards (one per distinct face, NK-18)."""
    out: list[Action] = []
    if down_turn < 0:
        books, runs = contract
        out.extend(LayMeld(m) for m in next_melds(hand, books, runs, [], min_nat, twelve))
    elif owed != (0, 0):
        laid = [m.meld for m in melds if m.owner == seat]
        return [LayMeld(m) for m in next_melds(hand, owed[0], owed[1], laid, min_nat, twelve)]
    elif down_turn < turn_no:
        out.extend(layoff_moves(hand, melds))
    prev = None
    for c in hand:  # sorted: equal faces are adjacent
        if c is not prev:
            out.append(Discard(c))
            prev = c
    return out


# ---------------------------------------------------------------------------
# View
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class NickelsView(View):
    """What one seat may know (see :meth:`NickelsState.view`). ``known[s]`` are the
    cards publicly known to be in seat ``s``'s hand (discards it took and still holds)."""

    seat: int
    variant: NickelsVariant
    n_seats: int
    phase: str
    to_move: int
    turn: int
    offer_seat: int
    round_no: int
    dealer: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    pool_count: int
    discards: tuple[Card, ...]
    melds: tuple[TableMeld, ...]
    next_id: int
    down_turn: tuple[int, ...]
    owed: tuple[int, int]
    known: tuple[tuple[Card, ...], ...]
    claims: tuple[int, ...]
    turn_claims: int
    turn_no: int
    round_scores: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    out_seat: int | None
    is_over: bool

    @property
    def contract(self) -> tuple[int, int]:
        """NK-10: (books, runs) of this round."""
        return CONTRACTS[self.round_no]

    def compute_legal(self) -> list[Action]:
        """The moves of this seat, in the state's order (see :meth:`NickelsState.legal_actions`)."""
        p = self.phase
        if p in ("acquire", "after"):
            return [TAKE, DECLINE]
        if p == "offer":
            return [CLAIM, DECLINE]
        if p != "play":
            return []
        return _play_moves(self.hand, self.melds, self.seat, self.contract, self.owed,
                           self.variant.min_naturals_per_meld, self.round_no == ROUNDS - 1,
                           self.down_turn[self.seat], self.turn_no)

    def unseen_cards(self) -> list[Card]:
        """The cards this seat cannot place: the pack minus its hand, the melds and
        the discard pile (the other hands, known cards included, and the draw pile)."""
        seen = Counter(self.hand)
        seen.update(self.discards)
        for m in self.melds:
            seen.update(m.meld.cards)
        full = _pack_counts(*self.variant.decks(self.n_seats))
        full.subtract(seen)
        return sorted(full.elements(), key=_order)

    def determinize(self, rng: random.Random) -> NickelsState:
        """A state consistent with this view: the cards it cannot see are dealt at random
        to the other hands and the draw pile, keeping every size; cards publicly known to
        be in a hand (discards it took) stay there (:func:`engine.determinize.deal`)."""
        s = NickelsState(self.variant, self.n_seats)
        s.phase = PHASE_NAMES.index(self.phase)
        s.round_no, s.dealer, s.turn_seat, s.offer_seat = self.round_no, self.dealer, self.turn, self.offer_seat
        s.discards = list(self.discards)
        s.melds = list(self.melds)
        s.next_id = self.next_id
        s.down_turn = list(self.down_turn)
        s.owed = self.owed
        s.known = [list(k) for k in self.known]
        s.claims = list(self.claims)
        s.turn_claims, s.turn_no = self.turn_claims, self.turn_no
        s.round_scores = [list(r) for r in self.round_scores]
        s.totals = list(self.totals)
        s.out_seat = self.out_seat
        if s.phase in (P_DEALER, P_DEAL):
            s.hands = [[] for _ in range(self.n_seats)]
            s.pool = list(s._deck)
            return s
        others = [o for o in range(self.n_seats) if o != self.seat]
        sizes = [self.hand_sizes[o] for o in others] + [self.pool_count]
        known = [self.known[o] for o in others] + [()]
        dealt = deal(self.unseen_cards(), sizes, rng, known=known)
        s.hands = [[] for _ in range(self.n_seats)]
        s.hands[self.seat] = list(self.hand)
        for o, cards in zip(others, dealt):
            s.hands[o] = sorted(cards, key=_order)
        s.pool = dealt[-1]
        return s


class Nickels(Game):
    """Nickels: 3 to 6 players, 7 with ``allow_seven_players`` (NK-1)."""

    id = "nickels"
    title = "Nickels"
    min_seats = 3
    max_seats = 7
    variant_class = NickelsVariant

    @classmethod
    def new_state(cls, variant: NickelsVariant, n_seats: int = 4) -> NickelsState:
        """A new match at its first chance step (the first dealer).

        Raises:
            ValueError: for fewer than 3 or more than 6 seats (7 only with ``allow_seven_players``, NK-1).
        """
        err = cls.seat_range_error(n_seats, variant)
        if err:
            raise ValueError(err)
        return NickelsState(variant, n_seats)

    @classmethod
    def seat_range_error(cls, n_seats: int, variant: NickelsVariant | None = None) -> str | None:
        """NK-1: ``None`` if ``n_seats`` may play (7 only when ``variant`` allows it; with no
        variant, 7 passes and the match's own check decides), else why not."""
        if n_seats == 7 and variant is not None and not variant.allow_seven_players:
            return "Nickels needs 3 to 6 seats; 7 only with the house rule allow_seven_players (NK-1)"
        return super().seat_range_error(n_seats, variant)

    @classmethod
    def parse_action(cls, text: str) -> Action:
        return parse_nickels_action(text)


NickelsState.game = Nickels
