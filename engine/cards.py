"""Cards, suits, ranks, deck builders and the text notation for cards.

Cards are *interned*: there is exactly one ``Card`` object per distinct card
face (``Card.get(14, Suit.SPADES)`` always returns the same object), so
comparing cards is an identity check and copying a hand is a list copy.
Several decks at once (Spite & Malice, Nickels) or a custom deck with
duplicate cards (Nogginate) are lists that hold the same object more than
once; a multiset of cards is a list or a ``collections.Counter``.

Notation (used in logs and typed by players): rank then suit letter, e.g.
``2C``, ``10H`` (``TH`` is accepted when parsing), ``QS``, ``AD``; the joker is
``JK``. Parsing is case-insensitive and also accepts the suit symbols
(``10♥``).
"""

from __future__ import annotations

import enum
from typing import Iterable


class Suit(enum.IntEnum):
    """The four French suits, in the Nags order Clubs < Diamonds < Hearts < Spades
    (rule NA-3), which is also the usual bridge order."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """One-letter notation: ``C``, ``D``, ``H`` or ``S``."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """The Unicode suit symbol (♣ ♦ ♥ ♠)."""
        return "♣♦♥♠"[self]

    @property
    def is_red(self) -> bool:
        """True for Diamonds and Hearts (rule NA-4)."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)


#: Rank numbers for the standard pack. Aces are 14; a game that counts the
#: ace low (Spite & Malice) maps it with its own value function.
JACK, QUEEN, KING, ACE = 11, 12, 13, 14
STANDARD_RANKS: tuple[int, ...] = tuple(range(2, 15))
JOKER_RANK = 0

_RANK_TEXT = {11: "J", 12: "Q", 13: "K", 14: "A"}
_TEXT_RANK = {"J": 11, "Q": 12, "K": 13, "A": 14, "T": 10, "1": 14}
_SUIT_FROM_TEXT = {
    "C": Suit.CLUBS, "D": Suit.DIAMONDS, "H": Suit.HEARTS, "S": Suit.SPADES,
    "♣": Suit.CLUBS, "♦": Suit.DIAMONDS, "♥": Suit.HEARTS, "♠": Suit.SPADES,
}


def rank_text(rank: int) -> str:
    """Notation of a rank number: ``2``..``10``, ``J``, ``Q``, ``K``, ``A``."""
    return _RANK_TEXT.get(rank, str(rank))


class Card:
    """One card face. Immutable and interned: build cards with :meth:`get`,
    :meth:`joker` or :func:`parse_card`, never with ``Card(...)`` directly.

    Attributes:
        rank: 2..14 for standard cards (ace = 14), 0 for a joker.
        suit: the :class:`Suit`, or ``None`` for a joker.
        text: the notation (``"10H"``, ``"JK"``).
        order: a small int, unique per face, used for sorting and hashing.
    """

    __slots__ = ("rank", "suit", "text", "order", "is_red", "__weakref__")
    _interned: dict[tuple[int, int], "Card"] = {}

    rank: int
    suit: Suit | None
    text: str
    order: int
    is_red: bool

    def __init__(self, rank: int, suit: Suit | None) -> None:
        self.rank = rank
        self.suit = suit
        self.text = "JK" if suit is None else rank_text(rank) + suit.letter
        self.order = 100 if suit is None else rank * 4 + int(suit)
        self.is_red = bool(suit is not None and suit.is_red)

    @classmethod
    def get(cls, rank: int, suit: Suit | None) -> "Card":
        """Return the one interned card of this rank and suit.

        Raises:
            ValueError: if the rank is not 2..14 for a suited card.
        """
        key = (rank, -1 if suit is None else int(suit))
        card = cls._interned.get(key)
        if card is None:
            if suit is not None and rank not in STANDARD_RANKS:
                raise ValueError(f"no card of rank {rank}")
            card = cls(rank, None if suit is None else Suit(suit))
            cls._interned[key] = card
        return card

    @classmethod
    def joker(cls) -> "Card":
        """The (single, interned) joker face."""
        return cls.get(JOKER_RANK, None)

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    @property
    def pretty(self) -> str:
        """Readable form with the suit symbol, e.g. ``10♥``; jokers are ``🃏``-free ``JK``."""
        return "JK" if self.suit is None else rank_text(self.rank) + self.suit.symbol

    def __repr__(self) -> str:
        return self.text

    __str__ = __repr__

    def __lt__(self, other: "Card") -> bool:
        return self.order < other.order

    def __reduce__(self):  # pickling keeps cards interned (used by --jobs processes)
        return (Card.get, (self.rank, self.suit))

    def __copy__(self) -> "Card":
        return self

    def __deepcopy__(self, memo) -> "Card":
        return self


def standard_deck(jokers: int = 0) -> list[Card]:
    """One 52-card pack in a fixed order (clubs 2..A, diamonds, hearts, spades),
    plus ``jokers`` jokers. Returns a new list."""
    deck = [Card.get(r, s) for s in Suit for r in STANDARD_RANKS]
    deck.extend(Card.joker() for _ in range(jokers))
    return deck


def multi_deck(decks: int, jokers_per_deck: int = 0) -> list[Card]:
    """``decks`` standard packs, each with ``jokers_per_deck`` jokers (Spite &
    Malice, Nickels). Identical faces are the same object, several times."""
    out: list[Card] = []
    for _ in range(decks):
        out.extend(standard_deck(jokers_per_deck))
    return out


class CardParseError(ValueError):
    """Raised for text that is not a card in the notation."""


def parse_card(text: str) -> Card:
    """Parse one card from notation (``QS``, ``10h``, ``TH``, ``10♥``, ``JK``).

    Raises:
        CardParseError: with the offending text when it is not a card.
    """
    t = text.strip().upper()
    if t in ("JK", "JOKER", "*"):
        return Card.joker()
    if len(t) < 2 or t[-1] not in _SUIT_FROM_TEXT:
        raise CardParseError(f"{text!r} is not a card (write e.g. 7H, 10S, QD, AC)")
    suit = _SUIT_FROM_TEXT[t[-1]]
    r = t[:-1]
    if r in _TEXT_RANK:
        rank = _TEXT_RANK[r]
    elif r.isdigit() and 2 <= int(r) <= 10:
        rank = int(r)
    else:
        raise CardParseError(f"{text!r} is not a card: unknown rank {r!r}")
    return Card.get(rank, suit)


def parse_cards(text: str) -> list[Card]:
    """Parse a whitespace- or comma-separated list of cards.

    Raises:
        CardParseError: naming the first token that is not a card.
    """
    return [parse_card(tok) for tok in text.replace(",", " ").split()]


def cards_text(cards: Iterable[Card]) -> str:
    """Notation of several cards separated by spaces (inverse of :func:`parse_cards`)."""
    return " ".join(c.text for c in cards)


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    """Cards sorted by rank, then suit (the order players usually hold them)."""
    return sorted(cards, key=_order_key)


def _order_key(card: Card) -> int:
    return card.order
