"""Naglma's Spite & Malice (rules SM-1 to SM-20 in ``rules/spite_malice.md``).

Two players race to empty their **stock deck** onto shared **play decks** that
are built up from Ace (SM-9) and removed when they reach MAXV, the highest
non-wild value (SM-3, SM-4, SM-10). A :class:`SpiteMaliceState` is one game,
or a match of games to ``match_to`` points when that option is set (SM-17).

Card values (SM-2): A = 1, 2..10, J = 11, Q = 12, K = 13, Joker = 14.

Chance steps and their notation (logged by whoever drives the state):

* ``deal <stock 0> / <stock 1>``: both stock decks, bottom card first, top card
  last (SM-5). The order of a stock deck is fixed at the deal and nobody sees
  it; only the top card is face up (SM-6, SM-18). A tie of the turned top cards
  collects everything and re-deals (SM-6): the next step is another ``deal``.
* ``draw <cards>``: the cards a player draws from the face-down draw deck
  (SM-7 start-of-turn fill, SM-11 refill). The draw deck is an unordered pool
  (docs/engine.md), so a draw is a uniform choice of cards from it. With
  ``draw_empty`` a draw that empties the draw deck takes all its cards, then
  the removed pile becomes the new draw deck and the rest come from it (SM-14).

Player actions (decks are numbered from 1; a hand card is named by its face,
identical faces being interchangeable):

* ``play 7H P1``: hand card 7H onto play deck 1 (SM-8 move 1);
* ``play S P3``: the top card of the own stock deck onto play deck 3 (move 2);
* ``play D2 P1``: the top card of the own discard deck 2 onto play deck 1 (move 3);
* ``discard 7H D4``: hand card 7H onto the own discard deck 4, ending the turn (move 4, SM-12).

A wild card's counted value is the play deck's next value (SM-9), so a play
deck with n cards always has effective top value n.
"""

from __future__ import annotations

import functools
import operator
import random
from collections import Counter
from dataclasses import dataclass
from typing import ClassVar, Literal, Sequence, cast

from engine.cards import (
    Card,
    cards_text,
    multi_deck,
    parse_card,
    parse_cards,
    pretty_text,
    standard_deck,
)
from engine.core import (
    CHANCE,
    TERMINAL,
    Action,
    ActionParseError,
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
from engine.grammar import agree, article, plural
from engine.match import match_over, match_winners
from engine.variants import option

# ---------------------------------------------------------------------------
# Values and wildness (SM-2, SM-3)
# ---------------------------------------------------------------------------

#: SM-2: the value of every card face (A = 1, J 11, Q 12, K 13, Joker 14).
VALUE: dict[Card, int] = {c: (1 if c.rank == 14 else c.rank) for c in standard_deck()}
VALUE[Card.joker()] = 14


def card_value(card: Card) -> int:
    """SM-2: A = 1, 2..10 pip value, J = 11, Q = 12, K = 13, Joker = 14."""
    return VALUE[card]


#: SM-3: ``minimum_wild_card`` names and their values.
WILD_NAMES: dict[str, int] = {"ace": 1, **{str(v): v for v in range(2, 11)}, "jack": 11, "queen": 12,
                              "king": 13, "joker": 14}
VALUE_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K", 14: "Joker"}


def value_text(v: int) -> str:
    """A value as players say it: ``A``, ``7``, ``Q``, ``Joker``."""
    return VALUE_TEXT.get(v, str(v))


#: Sort key giving the order of ``Card.__lt__`` (an int compare: sorting is a hot spot of rollouts).
_ORDER = operator.attrgetter("order")


@functools.lru_cache(maxsize=32)
def _packs(decks: int, jokers_per_deck: int) -> tuple[Card, ...]:
    """:func:`engine.cards.multi_deck`, built once per size (determinizations build many states)."""
    return tuple(multi_deck(decks, jokers_per_deck))


SHUFFLE_TYPES = ("deck_removed", "any_draw", "draw_empty")

#: The seed's "Game Types" table (SM-19). MEGIDDO and MEGI_9 are the seed's rows as
#: given; they fail SM-20 and are rejected as never published.
PRESETS: dict[str, dict] = {
    "SNM_A": dict(shuffle_type="draw_empty", stock_count=20, play_deck_count=4, discard_deck_count=4,
                  hand_card_count=5, include_jokers=False, decks_included=2, minimum_wild_card="king",
                  include_wild_cards_in_stock=True),
    "SNM_PZ": dict(shuffle_type="draw_empty", stock_count=20, play_deck_count=4, discard_deck_count=4,
                   hand_card_count=5, include_jokers=True, decks_included=2, minimum_wild_card="joker",
                   include_wild_cards_in_stock=True),
    "SNM_PZ_NWIS": dict(shuffle_type="draw_empty", stock_count=20, play_deck_count=4, discard_deck_count=4,
                        hand_card_count=5, include_jokers=True, decks_included=2, minimum_wild_card="joker",
                        include_wild_cards_in_stock=False),
    "SNM_A_SHORT": dict(shuffle_type="draw_empty", stock_count=5, play_deck_count=4, discard_deck_count=4,
                        hand_card_count=5, include_jokers=False, decks_included=2, minimum_wild_card="king",
                        include_wild_cards_in_stock=True),
    "MEGIDDO": dict(shuffle_type="deck_removed", stock_count=0, play_deck_count=0, discard_deck_count=0,
                    hand_card_count=0, include_jokers=False, decks_included=0, minimum_wild_card="ace",
                    include_wild_cards_in_stock=False),
    "MEGI_9": dict(shuffle_type="deck_removed", stock_count=0, play_deck_count=0, discard_deck_count=0,
                   hand_card_count=0, include_jokers=False, decks_included=0, minimum_wild_card="ace",
                   include_wild_cards_in_stock=False),
}
#: Game types that can be played.
AVAILABLE_TYPES = ("SNM_A", "SNM_PZ", "SNM_PZ_NWIS", "SNM_A_SHORT")
#: Game types named by the seed whose rules were never published (SM-20 DECISION).
UNAVAILABLE_TYPES = ("MEGIDDO", "MEGI_9")
#: The seed's spelling of each game type.
SEED_TYPE_NAMES = {"SNM_A": "SNM A", "SNM_PZ": "SNM PZ", "SNM_PZ_NWIS": "SNM PZ_NWIS",
                   "SNM_A_SHORT": "SNM A-SHORT", "MEGIDDO": "MEGIDDO", "MEGI_9": "MEGI 9"}
NOT_PUBLISHED = "not available (their rules were never published)"

_PARAMS = ("shuffle_type", "stock_count", "play_deck_count", "discard_deck_count", "hand_card_count",
           "include_jokers", "decks_included", "minimum_wild_card", "include_wild_cards_in_stock")


# ---------------------------------------------------------------------------
# Variant
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class SpiteMaliceVariant:
    """House rules for Spite & Malice (the configuration summary of ``rules/spite_malice.md``).

    ``game_type`` selects a preset of the seed's table; every rule parameter
    left at ``None`` takes the preset's value when the variant is built, and a
    parameter given beside ``game_type`` overrides the preset (SM-19). So
    ``SpiteMaliceVariant(game_type="SNM_PZ", stock_count=10)`` is PZ with
    10-card stocks, and every field of a built variant holds a value.
    """

    game_type: Literal["SNM_A", "SNM_PZ", "SNM_PZ_NWIS", "SNM_A_SHORT", "MEGIDDO", "MEGI_9"] = option(
        "SNM_A", rule="SM-19", choices=tuple(PRESETS), seed_name="Game Type",
        help="preset of the seed's table (SNM_A, SNM_PZ, SNM_PZ_NWIS, SNM_A_SHORT); every rule parameter "
             "given beside it overrides the preset; MEGIDDO and MEGI_9 are " + NOT_PUBLISHED)
    shuffle_type: str | None = option(
        None, rule="SM-14", choices=SHUFFLE_TYPES, seed_name="SHUFFLE TYPE",
        help="when the draw deck is shuffled: deck_removed (a removed play deck is shuffled in at once), "
             "any_draw (before every draw), draw_empty (the removed pile becomes the draw deck when it is "
             "empty); default from game_type")
    stock_count: int | None = option(
        None, rule="SM-5", min=1, max=100, seed_name="STOCK COUNT",
        help="cards dealt to each player's stock deck; default from game_type")
    play_deck_count: int | None = option(
        None, rule="SM-9", min=1, max=12, seed_name="PLAY DECK COUNT",
        help="number of shared play decks; default from game_type")
    discard_deck_count: int | None = option(
        None, rule="SM-8", min=1, max=12, seed_name="DISCARD DECK COUNT",
        help="discard decks per player; default from game_type")
    hand_card_count: int | None = option(
        None, rule="SM-7", min=1, max=20, seed_name="HAND CARD COUNT",
        help="hand size drawn up to; default from game_type")
    include_jokers: bool | None = option(
        None, rule="SM-5", seed_name="INCLUDE JOKERS",
        help="add 2 jokers per full deck; default from game_type")
    decks_included: int | None = option(
        None, rule="SM-5", min=1, max=8, seed_name="DECKS INCLUDED",
        help="number of 52-card decks; default from game_type")
    minimum_wild_card: str | None = option(
        None, rule="SM-3", choices=tuple(WILD_NAMES), seed_name="MINIMUM WILD CARD",
        help="this value and every higher value are wild (A=1 .. K=13, Joker=14); the play decks clear at "
             "the value below it; ace is never allowed (SM-20); default from game_type")
    include_wild_cards_in_stock: bool | None = option(
        None, rule="SM-5", seed_name="INCLUDE WILD CARDS IN STOCK",
        help="false: wild cards are kept out of the stock deal and shuffled into the draw deck; "
             "default from game_type")
    shortfall_policy: Literal["tie", "partial"] = option(
        "tie", rule="SM-15", choices=("tie", "partial"),
        help='"tie": a draw that cannot be completed ends the game as a tie; "partial": draw what is left '
             "and tie only when the player to move has no hand card and nothing can be drawn")
    max_turns: int = option(2000, rule="SM-16", min=1, max=10_000,
                            help="after this many turns in a game it ends as a tie (safety cap; at most 10,000)")
    match_to: int | None = option(
        None, rule="SM-17", min=1, max=10_000,
        help="play a match: the winner of a game scores the cards left in the other stock deck; the first "
             "to this many points wins (omit for a single game)")
    max_tied_games: int = option(
        10, rule="SM-17a", min=1, max=1000,
        help="in a match, after this many tied games in a row the match ends: the higher total wins, "
             "level totals share the win (keeps every match finite)")

    def __post_init__(self) -> None:
        preset = PRESETS.get(self.game_type)
        if preset is None:
            return  # problems() reports it
        for name in _PARAMS:
            if getattr(self, name) is None:
                object.__setattr__(self, name, preset[name])

    # -- derived values ---------------------------------------------------------
    @property
    def wild_min(self) -> int:
        """SM-3: the value of ``minimum_wild_card``; cards of this value or more are wild."""
        name = self.minimum_wild_card  # None only for an unavailable game_type (problems() reports it)
        return 13 if name is None else WILD_NAMES.get(name, 13)

    def is_wild(self, card: Card) -> bool:
        """SM-3: whether ``card`` is wild (its value is at least the minimum wild card's)."""
        return VALUE[card] >= self.wild_min

    def wild_values(self) -> list[int]:
        """SM-3: the wild values of this table, lowest first (14 is the Joker, only with jokers)."""
        top = 14 if self.include_jokers else 13
        return list(range(self.wild_min, top + 1))

    @property
    def maxv(self) -> int:
        """SM-3/SM-4: the highest non-wild value; a play deck is removed when it reaches it."""
        return self.wild_min - 1

    def full_deck(self) -> list[Card]:
        """SM-5: ``decks_included`` packs, with 2 jokers per pack if ``include_jokers`` (a new list)."""
        decks = cast(int, self.decks_included)  # set from the preset when the variant is built (SM-19)
        return list(_packs(max(decks, 0), 2 if self.include_jokers else 0))

    def stock_eligible(self) -> list[Card]:
        """SM-5: the cards that may be dealt to stock decks (all, or all but the wild cards)."""
        deck = self.full_deck()
        if self.include_wild_cards_in_stock:
            return deck
        w = self.wild_min
        return [c for c in deck if VALUE[c] < w]

    def problems(self) -> list[tuple[str, str]]:
        """SM-20: combinations that cannot be played, as ``(option, message)`` pairs."""
        if self.game_type in UNAVAILABLE_TYPES:
            return [("game_type", f"{SEED_TYPE_NAMES[self.game_type]} is {NOT_PUBLISHED}; choose one of "
                     + ", ".join(AVAILABLE_TYPES) + " (SM-20)")]
        out: list[tuple[str, str]] = []
        for name in ("decks_included", "stock_count", "play_deck_count", "discard_deck_count", "hand_card_count"):
            if getattr(self, name) < 1:
                out.append((name, f"{name} must be at least 1 (SM-20)"))
        if self.wild_min < 2:
            out.append(("minimum_wild_card", "the Ace can never be wild: minimum_wild_card must be 2 or higher "
                                             "(SM-20)"))
        if out:
            return out
        eligible = self.stock_eligible()
        stock_count = cast(int, self.stock_count)  # set from the preset when the variant is built (SM-19)
        if 2 * stock_count > len(eligible):
            out.append(("stock_count", f"two stock decks of {stock_count} need {2 * stock_count} cards "
                        f"but only {len(eligible)} may be dealt to stocks (SM-20)"))
        elif len({VALUE[c] for c in eligible}) < 2:
            out.append(("minimum_wild_card", "every card that may be dealt to a stock has the same value, so the "
                        "first player could never be decided (SM-6, SM-20)"))
        return out

    def warnings(self) -> list[str]:
        """SM-20: legal but doubtful combinations (no wild cards at all)."""
        if self.game_type in UNAVAILABLE_TYPES:
            return []
        if self.minimum_wild_card == "joker" and not self.include_jokers:
            return ["minimum_wild_card is joker but include_jokers is false: there are no wild cards (SM-20)"]
        return []


# ---------------------------------------------------------------------------
# Actions
# ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class PlayHand(Action):
    """SM-8 move 1: a hand card onto play deck ``deck`` (0-based)."""
    card: Card
    deck: int

    def __str__(self) -> str:
        return f"play {self.card} P{self.deck + 1}"


@dataclass(frozen=True, slots=True)
class PlayStock(Action):
    """SM-8 move 2: the top card of the own stock deck onto play deck ``deck``."""
    deck: int

    def __str__(self) -> str:
        return f"play S P{self.deck + 1}"


@dataclass(frozen=True, slots=True)
class PlayDiscard(Action):
    """SM-8 move 3: the top card of own discard deck ``pile`` onto play deck ``deck``."""
    pile: int
    deck: int

    def __str__(self) -> str:
        return f"play D{self.pile + 1} P{self.deck + 1}"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """SM-8 move 4 / SM-12: a hand card onto own discard deck ``pile``; ends the turn."""
    card: Card
    pile: int

    def __str__(self) -> str:
        return f"discard {self.card} D{self.pile + 1}"


@dataclass(frozen=True, slots=True)
class Deal(Action):
    """Chance, SM-5: both stock decks, each bottom card first and top card last."""
    stocks: tuple[tuple[Card, ...], ...]

    def __str__(self) -> str:
        return "deal " + " / ".join(cards_text(s) for s in self.stocks)


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Chance, SM-7/SM-11/SM-14: cards drawn from the draw deck (kept sorted: unordered)."""
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        cs = self.cards
        if type(cs) is not tuple or any(cs[i + 1] < cs[i] for i in range(len(cs) - 1)):
            object.__setattr__(self, "cards", tuple(sorted(cs)))

    def __str__(self) -> str:
        return "draw " + cards_text(self.cards)


def _index(token: str, letter: str) -> int:
    """A 1-based deck number such as ``P2`` or ``D1``, as a 0-based index."""
    t = token.strip().upper()
    if len(t) < 2 or t[0] != letter or not t[1:].isdigit() or int(t[1:]) < 1:
        raise ValueError(f"expected {letter}1, {letter}2, ... but found {token!r}")
    return int(t[1:]) - 1


def parse_sm_action(text: str) -> Action:
    """Parse Spite & Malice notation (see the module docstring).

    Raises:
        ActionParseError: for unknown words, bad cards or bad deck numbers.
    """
    return parse_notation(text, _parse_sm_verb, "Spite & Malice", "play, discard")


def _parse_sm_verb(verb: str, rest: str) -> Action | None:
    """The action for one verb of Spite & Malice notation, or None for an unknown verb."""
    args = rest.split()
    if verb == "play":
        if len(args) != 2:
            raise ActionParseError("write e.g. 'play 7H P1', 'play S P1' or 'play D2 P1'")
        src, deck = args[0].upper(), _index(args[1], "P")
        if src == "S":
            return PlayStock(deck)
        if src.startswith("D") and src[1:].isdigit():
            return PlayDiscard(_index(src, "D"), deck)
        return PlayHand(parse_card(src), deck)
    if verb == "discard":
        if len(args) != 2:
            raise ActionParseError("write e.g. 'discard 7H D1'")
        return Discard(parse_card(args[0]), _index(args[1], "D"))
    if verb == "draw":
        cards = parse_cards(rest)
        if not cards:
            raise ActionParseError("draw needs at least one card")
        return Draw(tuple(sorted(cards)))
    if verb == "deal":
        return Deal(tuple(tuple(parse_cards(part)) for part in rest.split("/")))
    return None


# ---------------------------------------------------------------------------
# State
# ---------------------------------------------------------------------------

P_DEAL, P_DRAW, P_PLAY, P_OVER = range(4)
PHASE_NAMES = ("deal", "draw", "play", "over")
#: ``result`` of a tied game.
TIE = -1


class SpiteMaliceState(State):
    """One game of Spite & Malice, or a match when ``match_to`` is set (SM-17).

    Public attributes (read by views, tests and widgets; change them only via
    :meth:`apply`):
        hands: each seat's hand (kept sorted).
        stocks: each seat's stock deck, bottom first, top card last (face up, SM-6).
        play: the shared play decks; a deck of n cards has effective top value n (SM-9).
        discards: per seat, its discard decks, bottom first.
        pool: the draw deck, an unordered pool (SM-14).
        removed: the removed pile of ``draw_empty`` (SM-14), unordered.
        draw_need: cards to draw at the pending ``draw`` chance step.
        turns: turns finished in this game (SM-16).
        result: None while the game runs, the winning seat, or :data:`TIE`.
        totals: match points per seat (SM-17); game_points: each finished game's points.
    """

    __slots__ = ("variant", "n_seats", "phase", "game_no", "turn_seat", "hands", "stocks", "play", "discards",
                 "pool", "removed", "draw_need", "turns", "redeals", "result", "reason", "totals", "game_points",
                 "_wmin", "_maxv", "_hsize", "_recycle")

    game: ClassVar["type[SpiteMalice]"]

    def __init__(self, variant: SpiteMaliceVariant, n_seats: int = 2) -> None:
        self.variant = variant
        self.n_seats = n_seats
        self._wmin = variant.wild_min
        self._maxv = variant.maxv
        self._hsize = cast(int, variant.hand_card_count)  # set from the preset when the variant is built
        self._recycle = variant.shuffle_type == "draw_empty"
        self.game_no = 0
        self.totals = [0] * n_seats
        self.game_points: list[list[int]] = []
        self._reset_game()

    def _reset_game(self) -> None:
        v = self.variant
        self.phase = P_DEAL
        self.turn_seat = 0
        self.hands: list[list[Card]] = [[], []]
        self.stocks: list[list[Card]] = [[], []]
        self.play: list[list[Card]] = [[] for _ in range(v.play_deck_count)]
        self.discards: list[list[list[Card]]] = [[[] for _ in range(v.discard_deck_count)] for _ in range(2)]
        self.pool: list[Card] = v.full_deck()
        self.removed: list[Card] = []
        self.draw_need = 0
        self.turns = 0
        self.redeals = 0
        self.result: int | None = None
        self.reason = ""

    # -- copying -------------------------------------------------------------
    def clone(self) -> "SpiteMaliceState":
        s = object.__new__(SpiteMaliceState)
        s.variant = self.variant
        s.n_seats = self.n_seats
        s._wmin, s._maxv, s._hsize, s._recycle = self._wmin, self._maxv, self._hsize, self._recycle
        s.phase = self.phase
        s.game_no = self.game_no
        s.turn_seat = self.turn_seat
        s.hands = [self.hands[0][:], self.hands[1][:]]
        s.stocks = [self.stocks[0][:], self.stocks[1][:]]
        s.play = [p[:] for p in self.play]
        s.discards = [[d[:] for d in self.discards[0]], [d[:] for d in self.discards[1]]]
        s.pool = self.pool[:]
        s.removed = self.removed[:]
        s.draw_need = self.draw_need
        s.turns = self.turns
        s.redeals = self.redeals
        s.result = self.result
        s.reason = self.reason
        s.totals = self.totals[:]
        s.game_points = self.game_points[:]  # finished rows never change
        return s

    # -- whose move ----------------------------------------------------------
    @property
    def to_move(self) -> int:
        p = self.phase
        if p == P_PLAY:
            return self.turn_seat
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
        return self.game_no

    def is_wild(self, card: Card) -> bool:
        """SM-3: whether ``card`` is wild under this variant (see :meth:`SpiteMaliceVariant.is_wild`)."""
        return self.variant.is_wild(card)

    def fits(self, card: Card, deck: int) -> bool:
        """SM-9: whether ``card`` may be placed on play deck ``deck``."""
        v = VALUE[card]
        return v >= self._wmin or v == len(self.play[deck]) + 1

    # -- legal actions ---------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """SM-8/SM-9: every legal move of the player to move (stock plays, discard-deck
        plays, hand plays, then discards); empty at chance steps and at the end."""
        if self.phase != P_PLAY:
            return []
        seat = self.turn_seat
        stock = self.stocks[seat]
        return _legal_list(self.hands[seat], stock[-1] if stock else None, self.discards[seat], self.play,
                           self._wmin)

    def is_legal(self, action: Action) -> bool:
        """SM-8/SM-9: the same answer as ``action in self.legal_actions()``, without listing them."""
        if self.phase != P_PLAY:
            return False
        seat = self.turn_seat
        cls = type(action)
        if cls is PlayHand:
            ph = cast(PlayHand, action)
            deck = ph.deck
            if not 0 <= deck < len(self.play) or ph.card not in self.hands[seat]:
                return False
            card = ph.card
        elif cls is PlayStock:
            stock = self.stocks[seat]
            deck = cast(PlayStock, action).deck
            if not 0 <= deck < len(self.play) or not stock:
                return False
            card = stock[-1]
        elif cls is PlayDiscard:
            pd = cast(PlayDiscard, action)
            piles = self.discards[seat]
            deck, pile = pd.deck, pd.pile
            if not 0 <= deck < len(self.play) or not 0 <= pile < len(piles) or not piles[pile]:
                return False
            card = piles[pile][-1]
        elif cls is Discard:
            dc = cast(Discard, action)
            return 0 <= dc.pile < len(self.discards[seat]) and dc.card in self.hands[seat]
        else:
            return False
        v = VALUE[card]
        return v >= self._wmin or v == len(self.play[deck]) + 1

    def why_illegal(self, action: Action) -> str | None:
        """``None`` if ``action`` is legal now, else a sentence naming the rule that forbids it."""
        if self.phase in (P_DEAL, P_DRAW):
            return "it is not a player's move: the cards are being dealt or drawn"
        if self.phase == P_OVER:
            return "the game is over"
        if self.is_legal(action):
            return None
        seat = self.turn_seat
        cls = type(action)
        np, nd = len(self.play), len(self.discards[seat])
        if isinstance(action, (PlayHand, PlayStock, PlayDiscard)):  # no subclasses: the same test as type()
            if not 0 <= action.deck < np:
                return f"there are only {np} play decks, P1 to P{np} (SM-9)"
            if isinstance(action, PlayHand):
                if action.card not in self.hands[seat]:
                    return f"you do not hold {action.card}"
                card = action.card
            elif isinstance(action, PlayStock):
                if not self.stocks[seat]:
                    return "your stock deck is empty"
                card = self.stocks[seat][-1]
            else:
                if not 0 <= action.pile < nd:
                    return f"you have only {nd} discard decks, D1 to D{nd}"
                if not self.discards[seat][action.pile]:
                    return f"your discard deck D{action.pile + 1} is empty"
                card = self.discards[seat][action.pile][-1]
            t = len(self.play[action.deck])
            if t == 0:
                return (f"an empty play deck takes only an Ace or a wild card, not {card} (SM-9)")
            return (f"play deck P{action.deck + 1} shows {value_text(t)}: it takes only {article(value_text(t + 1))} "
                    f"or a wild card, not {card} (SM-9)")
        if isinstance(action, Discard):
            if action.card not in self.hands[seat]:
                return f"you do not hold {action.card}; only a hand card may be discarded (SM-8)"
            return f"you have only {nd} discard decks, D1 to D{nd}"
        if cls in (Deal, Draw):
            return "deals and draws are chance steps, not moves"
        return f"{pretty_text(str(action))} is not a Spite & Malice move"

    # -- chance ------------------------------------------------------------------
    def sample_chance(self, rng: random.Random) -> Action:
        """The next deal (SM-5) or draw (SM-7, SM-11, SM-14), uniformly at random.

        Raises:
            IllegalAction: if the next step is not a chance step.
        """
        if self.phase == P_DEAL:
            n = self.variant.stock_count
            order = shuffled(rng, self.variant.stock_eligible())[:2 * n]
            # DECISION (SM-5): one card at a time, seat 0 first; the first card dealt is the bottom card.
            return Deal((tuple(order[0::2]), tuple(order[1::2])))
        if self.phase == P_DRAW:
            need, pool = self.draw_need, self.pool
            if len(pool) >= need:
                return Draw(tuple(_sample(rng, pool, need)))
            return Draw(tuple(pool) + tuple(_sample(rng, self.removed, need - len(pool))))
        raise IllegalAction("not a chance step")

    def observation(self, action: Action, seat: int) -> str:
        """SM-5/SM-18: a deal shows both stock tops and sizes only (``deal 20 7H /
        20 3S``); a draw shows its cards to the drawer only, a count to the other
        seat (``draw 2``); moves are public."""
        cls = type(action)
        if cls is Deal:
            return "deal " + " / ".join(f"{len(st)} {st[-1]}" if st else "0" for st in cast(Deal, action).stocks)
        if cls is Draw and seat != self.turn_seat:
            return f"draw {len(cast(Draw, action).cards)}"
        return str(action)

    # -- apply -------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        p = self.phase
        if p == P_PLAY:
            if not self.is_legal(action):
                raise IllegalAction(self.why_illegal(action) or f"{action} is not legal now")
            if type(action) is Discard:
                return self._do_discard(action)
            return self._do_play(cast("PlayHand | PlayStock | PlayDiscard", action))
        return self._apply_chance(action)

    def apply_trusted(self, action: Action) -> list[Event]:
        """:meth:`apply` without the legality check (see :meth:`State.apply_trusted`):
        ``action`` must come from ``legal_actions()`` or ``sample_chance`` of this state."""
        if self.phase == P_PLAY:
            if type(action) is Discard:
                return self._do_discard(action)
            return self._do_play(cast("PlayHand | PlayStock | PlayDiscard", action))
        return self._apply_chance(action)

    def _apply_chance(self, action: Action) -> list[Event]:
        p = self.phase
        if p == P_DEAL and type(action) is Deal:
            return self._do_deal(action.stocks)
        if p == P_DRAW and type(action) is Draw:
            return self._do_draw(action.cards)
        if p == P_OVER:
            raise IllegalAction("the game is over")
        raise IllegalAction(f"{action} is not a possible chance outcome now ({PHASE_NAMES[p]})")

    def _do_deal(self, stocks: tuple[tuple[Card, ...], ...]) -> list[Event]:
        n = self.variant.stock_count
        if len(stocks) != 2 or any(len(s) != n for s in stocks):
            raise IllegalAction(f"a deal gives {n} stock cards to each of the 2 players (SM-5)")
        eligible = Counter(self.variant.stock_eligible())
        dealt = Counter(stocks[0]) + Counter(stocks[1])
        bad = dealt - eligible
        if bad:
            raise IllegalAction(f"deal: {cards_text(sorted(bad.elements()))} cannot be dealt to the stocks (SM-5)")
        pool = Counter(self.pool)
        pool.subtract(dealt)
        self.pool = sorted(pool.elements())
        self.stocks = [list(stocks[0]), list(stocks[1])]
        a, b = VALUE[self.stocks[0][-1]], VALUE[self.stocks[1][-1]]
        events = [Event("deal", f"Stock decks dealt: {n} each; {self.stocks[0][-1].pretty} and "
                        f"{self.stocks[1][-1].pretty} turned up; {plural(len(self.pool), 'card', 'cards')} in the "
                        "draw deck", None,
                        {"tops": [self.stocks[0][-1].text, self.stocks[1][-1].text],
                         "cards": [self.stocks[0][-1].text, self.stocks[1][-1].text]})]
        if a == b:  # SM-6: equal values: collect everything and re-deal
            redeals = self.redeals + 1
            self._reset_game()
            self.redeals = redeals
            events.append(Event("redeal", "Both stock cards have the same value: the cards are re-dealt (SM-6)",
                                None))
            return events
        self.turn_seat = 0 if a > b else 1
        events.append(Event("first", "{seat} turned up the higher stock card and {seat:plays|play} first",
                            self.turn_seat))
        return events + self._start_turn()

    def _start_turn(self) -> list[Event]:
        """SM-7: draw up to the hand size."""
        need = self._hsize - len(self.hands[self.turn_seat])
        if need <= 0:
            self.phase = P_PLAY
            return []
        return self._begin_draw(need)

    def _begin_draw(self, need: int) -> list[Event]:
        """SM-14/SM-15: set up a draw of ``need`` cards, or end the game on a shortfall."""
        available = len(self.pool) + (len(self.removed) if self._recycle else 0)
        if available < need:
            if self.variant.shortfall_policy == "tie":
                return self._end_game(TIE, f"{plural(need, 'card', 'cards')} must be drawn but only "
                                           f"{plural(available, 'is', 'are')} left: "
                                           "the game is a tie (SM-15)")
            need = available
            if need == 0:
                if not self.hands[self.turn_seat]:
                    return self._end_game(TIE, "no hand card and nothing to draw: the game is a tie (SM-15)")
                self.phase = P_PLAY
                return []
        self.draw_need = need
        self.phase = P_DRAW
        return []

    def _do_draw(self, cards: tuple[Card, ...]) -> list[Event]:
        need = self.draw_need
        if len(cards) != need:
            raise IllegalAction(f"the draw is {need} cards, not {len(cards)} (SM-7)")
        events: list[Event] = []
        want = Counter(cards)
        pool = Counter(self.pool)
        if len(self.pool) >= need:
            if want - pool:
                raise IllegalAction(f"draw: {cards_text(sorted((want - pool).elements()))} is not in the draw deck")
            pool.subtract(want)
            self.pool = sorted(pool.elements(), key=_ORDER)
        else:  # SM-14 draw_empty: the draw deck runs out, the removed pile is shuffled in
            rest = want - pool
            if pool - want or rest - Counter(self.removed) or not self._recycle:
                raise IllegalAction("draw: the draw must take the whole draw deck, then cards of the removed pile")
            removed = Counter(self.removed)
            removed.subtract(rest)
            self.pool = sorted(removed.elements(), key=_ORDER)
            self.removed = []
            events.append(Event("recycle", "The draw deck is empty: the removed pile is shuffled into a new draw "
                                "deck (SM-14)", None, {"count": len(self.pool) + sum(rest.values())}))
        seat = self.turn_seat
        hand = self.hands[seat]
        hand.extend(cards)
        hand.sort(key=_ORDER)
        self.draw_need = 0
        self.phase = P_PLAY
        events.insert(0, Event("draw", f"{{seat}} {{seat:draws|draw}} {plural(need, 'card', 'cards')}", seat,
                               {"count": need}))
        return events

    def _do_play(self, action: PlayHand | PlayStock | PlayDiscard) -> list[Event]:
        seat = self.turn_seat
        cls = type(action)
        if cls is PlayHand:
            card = cast(PlayHand, action).card
            self.hands[seat].remove(card)
            where = "from the hand"
        elif cls is PlayStock:
            card = self.stocks[seat].pop()
            where = "from the stock"
        else:
            pile = cast(PlayDiscard, action).pile
            card = self.discards[seat][pile].pop()
            where = f"from discard deck D{pile + 1}"
        deck = self.play[action.deck]
        deck.append(card)
        counted = len(deck)
        wild = VALUE[card] >= self._wmin
        text = f"{{seat}} {{seat:plays|play}} {card.pretty} {where} on P{action.deck + 1}"
        if wild:
            text += f" (wild, counts as {value_text(counted)})"
        events = [Event("play", text, seat, {"card": card.text, "cards": [card.text], "deck": action.deck,
                                            "counted": counted, "source": str(action).split()[1]})]
        if counted >= self._maxv:  # SM-4/SM-10: the deck is complete and removed at once
            self.play[action.deck] = []
            if self._recycle:
                self.removed.extend(deck)
                how = "onto the removed pile"
            else:
                self.pool.extend(deck)  # deck_removed: shuffled in at once; any_draw: shuffled before each draw
                how = "into the draw deck"
            events.append(Event("clear", f"Play deck P{action.deck + 1} reaches {value_text(self._maxv)} and is "
                                f"removed {how} (SM-10)", seat, {"deck": action.deck}))
        if cls is PlayStock:
            stock = self.stocks[seat]
            if not stock:  # SM-13
                return events + self._end_game(seat, "{seat} {seat:has|have} played the last stock card and "
                                                     "{seat:wins|win} (SM-13)")
            events.append(Event("turn_up", f"{{seat}} {{seat:turns|turn}} up {stock[-1].pretty} on the stock deck",
                                seat, {"card": stock[-1].text, "cards": [stock[-1].text]}))
        elif cls is PlayHand and not self.hands[seat]:  # SM-11
            events.append(Event("refill", "{seat} {seat:has|have} played out the hand and {seat:draws|draw} again "
                                "(SM-11)", seat))
            events += self._begin_draw(self._hsize)
        return events

    def _do_discard(self, action: Discard) -> list[Event]:
        seat = self.turn_seat
        self.hands[seat].remove(action.card)
        self.discards[seat][action.pile].append(action.card)
        self.turns += 1
        events = [Event("discard", f"{{seat}} {{seat:discards|discard}} {action.card.pretty} on D{action.pile + 1}",
                        seat, {"card": action.card.text, "cards": [action.card.text], "pile": action.pile})]
        if self.turns >= self.variant.max_turns:  # SM-16
            return events + self._end_game(TIE, f"{self.turns} turns played: the game ends as a tie (SM-16)")
        self.turn_seat = 1 - seat
        return events + self._start_turn()

    def _end_game(self, result: int, text: str) -> list[Event]:
        """SM-13/SM-15/SM-16/SM-17: record the result, score it, start the next game or end."""
        self.result = result
        self.reason = text
        pts = [0, 0]
        if result != TIE:
            pts[result] = len(self.stocks[1 - result])  # SM-17
        for i in range(2):
            self.totals[i] += pts[i]
        self.game_points.append(pts)
        events = [Event("win" if result != TIE else "tie", text, None if result == TIE else result,
                        {"result": result}),
                  Event("hand_over", f"Game {self.game_no + 1} over", None,
                        {"hand": self.game_no, "scores": [float(x) for x in pts],
                         "totals": [float(x) for x in self.totals],
                         # SM-17: the winner scores the cards left in the loser's stock
                         "winner": None if result == TIE else result,
                         "stock_left": [len(st) for st in self.stocks], "reason": text})]
        target = self.variant.match_to
        if target is None or match_over(self.game_no + 1, self.totals, None, target) \
                or self._tied_in_a_row() >= self.variant.max_tied_games:  # SM-17a
            self.phase = P_OVER
            w = self.winners()
            events.append(Event("match_over", agree(len(w), "Winner: ", "Winners: ")
                                + ", ".join(f"{{s{i}:^}}" if k == 0 else f"{{s{i}}}" for k, i in enumerate(w)), None,
                                {"winners": w, "totals": [float(x) for x in self.totals]}))
            return events
        self.game_no += 1
        self._reset_game()
        return events

    def _tied_in_a_row(self) -> int:
        """SM-17a: the number of games at the end of ``game_points`` that scored nothing
        (ties: a won game scores at least the one card left in the other stock)."""
        n = 0
        for pts in reversed(self.game_points):
            if any(pts):
                break
            n += 1
        return n

    # -- results ---------------------------------------------------------------
    def scores(self) -> list[float]:
        """SM-17: match points per seat (the winner of a game scores the cards left
        in the other stock deck; a tie scores nothing)."""
        return [float(x) for x in self.totals]

    def winners(self) -> list[int]:
        """SM-13/SM-15: the winner of a single game (both seats on a tie); with
        ``match_to``, the seat(s) with the highest total (SM-17). Empty while running."""
        if self.phase != P_OVER:
            return []
        if self.variant.match_to is None:
            return [0, 1] if self.result == TIE else [cast(int, self.result)]  # set when the game ended
        return match_winners(self.totals)

    # -- information -------------------------------------------------------------
    def view(self, seat: int) -> "SpiteMaliceView":
        """SM-18 (amended): hands, the order of the draw deck and the stock cards
        below the top are hidden; the removed pile's order is hidden but its
        contents are known (every card in it was seen on a play deck); the stock
        tops, play decks and discard decks are public."""
        return SpiteMaliceView(
            seat=seat, variant=self.variant, phase=PHASE_NAMES[self.phase], to_move=self.to_move,
            turn=self.turn_seat, game_no=self.game_no, hand=tuple(self.hands[seat]),
            hand_sizes=(len(self.hands[0]), len(self.hands[1])),
            stock_tops=tuple(s[-1] if s else None for s in self.stocks),
            stock_counts=(len(self.stocks[0]), len(self.stocks[1])),
            play=tuple(tuple(p) for p in self.play),
            discards=tuple(tuple(tuple(d) for d in ds) for ds in self.discards),
            pool_count=len(self.pool), removed_count=len(self.removed), draw_need=self.draw_need,
            turns=self.turns, redeals=self.redeals, result=self.result, reason=self.reason,
            totals=tuple(self.totals), game_points=tuple(tuple(g) for g in self.game_points),
            is_over=self.phase == P_OVER,
            removed=tuple(sorted(self.removed, key=_ORDER)))

    def zones(self) -> dict[str, list[Card]]:
        """Every card by zone (card conservation, ``State.zones``): the draw deck
        (pool), the removed pile, the play decks, and each seat's hand, stock and
        discard decks."""
        out = {"pool": self.pool[:], "removed": self.removed[:]}
        for i, p in enumerate(self.play):
            out[f"play {i}"] = p[:]
        for s in range(2):
            out[f"hand {s}"] = self.hands[s][:]
            out[f"stock {s}"] = self.stocks[s][:]
            for j, d in enumerate(self.discards[s]):
                out[f"discard {s}.{j}"] = d[:]
        return out

    def fingerprint(self) -> str:
        return "|".join([
            "spite_malice", PHASE_NAMES[self.phase], str(self.game_no), str(self.turn_seat),
            "/".join(cards_text(h) for h in self.hands), "/".join(cards_text(s) for s in self.stocks),
            "/".join(cards_text(p) for p in self.play),
            "//".join("/".join(cards_text(d) for d in ds) for ds in self.discards),
            cards_text(sorted(self.pool)), cards_text(sorted(self.removed)), str(self.draw_need), str(self.turns),
            str(self.redeals), str(self.result), ",".join(map(str, self.totals)),
            ";".join(",".join(map(str, g)) for g in self.game_points),
        ])


_PLAY_STOCK = [PlayStock(j) for j in range(12)]
_PLAY_DISCARD: dict[tuple[int, int], PlayDiscard] = {}


def _play_discard(i: int, j: int) -> PlayDiscard:
    a = _PLAY_DISCARD.get((i, j))
    if a is None:
        a = _PLAY_DISCARD[(i, j)] = PlayDiscard(i, j)
    return a


def _legal_list(hand: Sequence[Card], stock_top: Card | None, piles: Sequence[Sequence[Card]],
                play: Sequence[Sequence[Card]], wmin: int) -> list[Action]:
    """SM-8/SM-9: the moves of a seat holding ``hand`` (sorted) with ``stock_top`` and
    discard decks ``piles`` on the play decks ``play``, wild from value ``wmin``:
    stock plays, discard-deck plays, hand plays (one per distinct face), then discards."""
    nxt = [len(p) + 1 for p in play]
    np = len(nxt)
    out: list[Action] = []
    if stock_top is not None:
        v = VALUE[stock_top]
        out.extend(_PLAY_STOCK[j] for j in range(np) if v >= wmin or v == nxt[j])
    for i, d in enumerate(piles):
        if d:
            v = VALUE[d[-1]]
            out.extend(_play_discard(i, j) for j in range(np) if v >= wmin or v == nxt[j])
    distinct = []
    prev = None
    for c in hand:  # hands are sorted: identical faces are adjacent
        if c is not prev:
            distinct.append(c)
            prev = c
    for c in distinct:
        v = VALUE[c]
        out.extend(PlayHand(c, j) for j in range(np) if v >= wmin or v == nxt[j])
    nd = len(piles)
    for c in distinct:
        out.extend(Discard(c, i) for i in range(nd))
    return out


def _sample(rng: random.Random, items: list[Card], k: int) -> list[Card]:
    """``k`` of ``items`` chosen uniformly without replacement (``rng.random()`` only)."""
    n = len(items)
    if k * 3 <= n:
        picked: set[int] = set()
        while len(picked) < k:
            picked.add(rand_below(rng, n))
        return [items[i] for i in sorted(picked)]
    return shuffled(rng, items)[:k]


@dataclass(frozen=True)
class SpiteMaliceView(View):
    """What one seat may know (SM-18): its own hand, both stock tops and sizes,
    every play and discard deck, the size of the draw deck, and the removed
    pile's contents (``removed``, sorted: SM-18 amended, its order is unknown)
    and size. :meth:`legal_actions` derives this seat's legal actions from the
    view on first use (lazily, cached)."""

    seat: int
    variant: SpiteMaliceVariant
    phase: str
    to_move: int
    turn: int
    game_no: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, int]
    stock_tops: tuple[Card | None, ...]
    stock_counts: tuple[int, int]
    play: tuple[tuple[Card, ...], ...]
    discards: tuple[tuple[tuple[Card, ...], ...], ...]
    pool_count: int
    removed_count: int
    draw_need: int
    turns: int
    redeals: int
    result: int | None
    reason: str
    totals: tuple[int, ...]
    game_points: tuple[tuple[int, ...], ...]
    is_over: bool
    removed: tuple[Card, ...] = ()

    def compute_legal(self) -> list[Action]:
        """SM-8/SM-9 from the view's fields, in the state's order."""
        if self.phase != "play":
            return []
        seat = self.seat
        return _legal_list(self.hand, self.stock_tops[seat], self.discards[seat], self.play,
                           self.variant.wild_min)

    def needs(self, deck: int) -> int:
        """SM-9: the value play deck ``deck`` (0-based) takes next; a deck of n cards counts n."""
        return len(self.play[deck]) + 1

    def unseen_cards(self) -> list[Card]:
        """The cards this seat cannot see or place: the other hand, both stocks
        below their tops and the draw deck (the whole pack minus everything
        visible and the removed pile's known contents, SM-18 amended)."""
        if self.phase == "deal":
            return []
        seen = Counter(self.hand)
        seen.update(c for c in self.stock_tops if c is not None)
        for p in self.play:
            seen.update(p)
        for ds in self.discards:
            for d in ds:
                seen.update(d)
        seen.update(self.removed)
        full = Counter(self.variant.full_deck())
        full.subtract(seen)
        return sorted(full.elements(), key=_ORDER)

    def determinize(self, rng: random.Random) -> SpiteMaliceState:
        """A state consistent with this view: the unseen cards are re-dealt at
        random (:func:`engine.determinize.deal`) to the other hand, both stocks
        below their tops and the draw deck, keeping every size; the removed pile
        keeps its known contents (SM-18 amended); with
        ``include_wild_cards_in_stock = false`` the stocks get only non-wild cards (SM-5)."""
        s = SpiteMaliceState(self.variant, 2)
        s.phase = PHASE_NAMES.index(self.phase)
        s.game_no, s.turn_seat, s.turns, s.redeals = self.game_no, self.turn, self.turns, self.redeals
        s.result, s.reason, s.draw_need = self.result, self.reason, self.draw_need
        s.totals = list(self.totals)
        s.game_points = [list(g) for g in self.game_points]
        if s.phase == P_DEAL:
            return s
        s.play = [list(p) for p in self.play]
        s.discards = [[list(d) for d in ds] for ds in self.discards]
        unseen = self.unseen_cards()
        other = 1 - self.seat
        # the stocks below their tops, the other hand, then the draw deck (SM-5, SM-18)
        sizes = [max(0, self.stock_counts[i] - 1) for i in range(2)] + [self.hand_sizes[other]]
        sizes.append(len(unseen) - sum(sizes))
        no_wild = None
        if not self.variant.include_wild_cards_in_stock:
            wmin = self.variant.wild_min
            no_wild = lambda c: VALUE[c] >= wmin  # noqa: E731  SM-5: no wild card in a stock
        dealt = deal(unseen, sizes, rng, exclude=[no_wild, no_wild, None, None])
        s.hands = [[], []]
        s.hands[self.seat] = list(self.hand)
        s.hands[other] = sorted(dealt[2], key=_ORDER)
        for i in range(2):
            top = self.stock_tops[i]
            s.stocks[i] = dealt[i] + ([top] if top is not None else [])
        s.removed = list(self.removed)  # SM-18 amended: its contents are known
        s.pool = sorted(dealt[3], key=_ORDER)
        return s


class SpiteMalice(Game):
    """Naglma's Spite & Malice (exactly 2 seats, SM-1)."""

    id = "spite_malice"
    title = "Naglma's Spite & Malice"
    min_seats = 2
    max_seats = 2
    variant_class = SpiteMaliceVariant

    @classmethod
    def new_state(cls, variant: SpiteMaliceVariant, n_seats: int = 2) -> SpiteMaliceState:
        """A new game (or match) at its first chance step, the deal.

        Raises:
            ValueError: for a seat count other than 2 (SM-1) or a variant that fails SM-20.
        """
        err = cls.seat_range_error(n_seats)
        if err:
            raise ValueError(err)
        problems = variant.problems()
        if problems:
            raise ValueError(problems[0][1])
        return SpiteMaliceState(variant, n_seats)

    @classmethod
    def parse_action(cls, text: str) -> Action:
        return parse_sm_action(text)


SpiteMaliceState.game = SpiteMalice
