"""Cards of any kind, deck builders and a card notation per game.

Cards are *interned*: there is exactly one ``Card`` object per distinct card
face (``Card.get(14, Suit.SPADES)`` always returns the same object), so
comparing cards is an identity check and copying a hand is a list copy.
Several decks at once or a custom deck with duplicate cards are lists that
hold the same object more than once; a multiset of cards is a list or a
``collections.Counter``.

A face is identified by ``(kind, rank, suit)``. Its :class:`CardKind` is
``NATURAL`` for a ranked, suited card (ranks 0..14: the French pack uses
2..14 with the ace as 14; a game may number its pack from 0), ``JOKER``, or an
unsuited kind a game registers for itself with :func:`register_kind` (its
package does so when imported; the game's faces, deck builders and notation
live there). Every natural face and the joker exist once, made when this module
is imported; a registered kind's one face is made when it is registered. A deck
builder (:func:`standard_deck`, :func:`multi_deck`, or a game's own) decides which
faces a game uses.

Each face has one canonical text, unique over all faces (:attr:`Card.text`:
``10H``, ``AS``, ``0C``, ``JK``, a registered kind's code). What a typed token
means depends on the game, so parsing goes through a :class:`Notation`:
:data:`FRENCH` (:func:`parse_card`, :func:`parse_cards`) holds the 52 cards and
the joker: ``TH`` is the ten, ``1S`` is the ace, suit symbols (``10♥``) and
``JOKER`` / ``*`` are accepted. Parsing is case-insensitive.
"""

from __future__ import annotations

import bisect
import enum
import importlib
import re
from typing import ClassVar, Iterable, Mapping

from engine.inputs import brief


class Suit(enum.IntEnum):
    """The four French suits, in the usual bridge order Clubs < Diamonds < Hearts < Spades."""

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
        """True for Diamonds and Hearts."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)


class CardKind(int):
    """What sort of face a card is: ``NATURAL`` (a rank and a suit), ``JOKER``, or an
    unsuited kind a game registered (:func:`register_kind`). A kind is its number (an
    ``int``: kinds compare, hash and sort as their numbers) with a name and a code; there
    is one object per kind. Get kinds from the class attributes, :func:`register_kind`
    or :meth:`of`, never with ``CardKind(...)``.

    Attributes:
        name: upper case, e.g. ``"JOKER"``, ``"TWO_WORDS"``.
        code: the notation of the kind's face (``"JK"``); ``""`` for ``NATURAL`` (a natural
            card is written rank then suit).
        owner: the module that registered the kind (``""`` for the two built in); unpickling
            a face of the kind imports it.
    """

    NATURAL: ClassVar["CardKind"]
    JOKER: ClassVar["CardKind"]
    _by_number: ClassVar[dict[int, "CardKind"]] = {}

    name: str
    code: str
    owner: str

    def __new__(cls, number: int, name: str, code: str, owner: str = "") -> "CardKind":
        kind = int.__new__(cls, number)
        kind.name, kind.code, kind.owner = name, code, owner
        return kind

    @classmethod
    def of(cls, number: int) -> "CardKind":
        """The kind numbered ``number``.

        Raises:
            ValueError: no kind has this number.
        """
        try:
            return cls._by_number[number]
        except KeyError:
            raise ValueError(f"{number!r} is not a card kind") from None

    @classmethod
    def all(cls) -> tuple["CardKind", ...]:
        """Every kind so far, ``NATURAL`` and ``JOKER`` first, then in registration order."""
        return tuple(cls._by_number[n] for n in sorted(cls._by_number))

    @property
    def title(self) -> str:
        """The name printed on the card: ``Joker``, ``Two Words``...; ``Natural`` for ``NATURAL``."""
        return self.name.replace("_", " ").title()

    def __repr__(self) -> str:
        return f"CardKind.{self.name}"

    def __reduce__(self):  # pickling keeps kinds unique
        return (CardKind.of, (int(self),))

    def __copy__(self) -> "CardKind":
        return self

    def __deepcopy__(self, memo) -> "CardKind":
        return self


CardKind.NATURAL = CardKind(0, "NATURAL", "")
CardKind.JOKER = CardKind(1, "JOKER", "JK")
CardKind._by_number.update({0: CardKind.NATURAL, 1: CardKind.JOKER})

#: Rank numbers for the standard pack. Aces are 14; a game that counts the
#: ace low maps it with its own value function.
JACK, QUEEN, KING, ACE = 11, 12, 13, 14
STANDARD_RANKS: tuple[int, ...] = tuple(range(2, 15))
#: Every rank a natural card may have (0..14).
ALL_RANKS: tuple[int, ...] = tuple(range(0, 15))
#: The rank of every unsuited face (the joker and the other special kinds).
JOKER_RANK = 0

_RANK_TEXT = {11: "J", 12: "Q", 13: "K", 14: "A"}
_SUIT_FROM_TEXT = {
    "C": Suit.CLUBS, "D": Suit.DIAMONDS, "H": Suit.HEARTS, "S": Suit.SPADES,
    "♣": Suit.CLUBS, "♦": Suit.DIAMONDS, "♥": Suit.HEARTS, "♠": Suit.SPADES,
}
#: ``order`` of the first special face: the joker's 100, then one more per kind in registration
#: order (sorting and fingerprints depend on it).
_SPECIAL_ORDER_BASE = 100


def rank_text(rank: int) -> str:
    """Notation of a rank number: ``0``..``10``, ``J``, ``Q``, ``K``, ``A``."""
    return _RANK_TEXT.get(rank, str(rank))


class Card:
    """One card face. Immutable and interned: get cards with :meth:`get`,
    :meth:`joker`, :meth:`special`, :meth:`face` or a :class:`Notation`, never
    with ``Card(...)`` directly.

    Attributes:
        kind: the :class:`CardKind`.
        rank: 0..14 for a natural card (ace = 14), 0 for every special face.
        suit: the :class:`Suit`, or ``None`` for a special face.
        text: the canonical notation (``"10H"``, ``"0C"``, ``"JK"``), unique per face.
        pretty: readable form with the suit symbol (``"10♥"``); the code for a special face.
        order: a small int, unique per face, used for sorting: ``rank * 4 + suit``
            for naturals (0..59), 100 for the joker, 101.. for the registered kinds.
        is_red: True for natural Diamonds and Hearts.
        is_natural, is_joker: the kind tests.
    """

    __slots__ = ("kind", "rank", "suit", "text", "pretty", "order", "is_red", "is_natural", "is_joker",
                 "__weakref__")
    _interned: dict[tuple[int, int, int], "Card"] = {}
    _by_rank_suit: dict[tuple[int, int | None], "Card"] = {}
    _by_text: dict[str, "Card"] = {}

    kind: CardKind
    rank: int
    suit: Suit | None
    text: str
    pretty: str
    order: int
    is_red: bool
    is_natural: bool
    is_joker: bool

    def __init__(self, kind: CardKind, rank: int, suit: Suit | None) -> None:
        self.kind = kind
        self.rank = rank
        self.suit = suit
        if kind is CardKind.NATURAL:
            assert suit is not None
            self.text = rank_text(rank) + suit.letter
            self.pretty = rank_text(rank) + suit.symbol
            self.order = rank * 4 + int(suit)
        else:
            self.text = self.pretty = kind.code
            self.order = _SPECIAL_ORDER_BASE + int(kind) - int(CardKind.JOKER)
        self.is_red = bool(suit is not None and suit.is_red)
        self.is_natural = kind is CardKind.NATURAL
        self.is_joker = kind is CardKind.JOKER

    @classmethod
    def get(cls, rank: int, suit: Suit | int | None) -> "Card":
        """Return the one interned natural card of this rank and suit; ``suit=None``
        with rank 0 is the joker (as before special kinds existed).

        Args:
            rank: 0..14 (the ace is 14; 0 and 1 for a pack numbered from 0).
            suit: a :class:`Suit` or its int value, or ``None`` for the joker.

        Raises:
            ValueError: if no natural card has this rank and suit.
        """
        try:
            return cls._by_rank_suit[(rank, suit)]
        except (KeyError, TypeError):
            if suit is None:
                raise ValueError(f"an unsuited card of rank {rank!r} is not a face: "
                                 "use Card.joker() or Card.special(kind)") from None
            raise ValueError(f"no card of rank {rank!r} and suit {suit!r}") from None

    @classmethod
    def joker(cls) -> "Card":
        """The (single, interned) joker face."""
        return _JOKER

    @classmethod
    def special(cls, kind: CardKind | int) -> "Card":
        """The one face of an unsuited kind (``CardKind.JOKER``, a registered kind).

        Raises:
            ValueError: for ``CardKind.NATURAL`` or a number that is no kind.
        """
        return cls.face(kind, JOKER_RANK, None)

    @classmethod
    def face(cls, kind: CardKind | int, rank: int = JOKER_RANK, suit: Suit | int | None = None) -> "Card":
        """The one face with this ``(kind, rank, suit)``: a natural card needs a rank
        0..14 and a suit, a special kind takes rank 0 and no suit.

        Raises:
            ValueError: when no such face exists.
        """
        card = cls._interned.get((kind, rank, -1 if suit is None else suit))
        if card is None:
            raise ValueError(f"no card face of kind {kind!r}, rank {rank!r}, suit {suit!r}")
        return card

    @classmethod
    def from_text(cls, text: str) -> "Card":
        """The face whose canonical :attr:`text` is exactly ``text`` (``"10H"``,
        ``"1S"``, ``"JK"``). Unlike a :class:`Notation` this accepts no variants,
        so it needs no game: every face's text is unique.

        Raises:
            CardParseError: when no face has this text.
        """
        card = cls._by_text.get(text)
        if card is None:
            raise CardParseError(f"{brief(text)} is not the text of a card face")
        return card

    def __repr__(self) -> str:
        return self.text

    __str__ = __repr__

    def __lt__(self, other: "Card") -> bool:
        return self.order < other.order

    def __reduce__(self):  # pickling keeps cards interned (used by --jobs processes)
        if self.kind.owner:  # a registered kind: its module makes the face where it is unpickled
            return (_registered_face, (self.kind.owner, self.text))
        return (Card.face, (int(self.kind), self.rank, None if self.suit is None else int(self.suit)))

    def __copy__(self) -> "Card":
        return self

    def __deepcopy__(self, memo) -> "Card":
        return self


def _intern(card: Card) -> Card:
    s = -1 if card.suit is None else int(card.suit)
    Card._interned[(card.kind, card.rank, s)] = card
    Card._by_text[card.text] = card
    if card.kind is CardKind.NATURAL:
        Card._by_rank_suit[(card.rank, s)] = card
    return card


def _make_faces() -> None:
    for r in ALL_RANKS:
        for s in Suit:
            _intern(Card(CardKind.NATURAL, r, s))
    Card._by_rank_suit[(JOKER_RANK, None)] = _intern(Card(CardKind.JOKER, JOKER_RANK, None))


_make_faces()
_JOKER = Card._interned[(CardKind.JOKER, JOKER_RANK, -1)]


def register_kind(name: str, code: str, owner: str) -> CardKind:
    """Add a game's unsuited kind of face and make its one face: the kind gets the next
    number (its face the next :attr:`Card.order`, so a game's kinds sort in the order it
    registers them, after the joker). Registering the same name and code again returns the
    same kind (a module imported twice).

    Args:
        name: upper case, ``"TWO_WORDS"``; the face's title is made from it (``Two Words``).
        code: the face's notation, unique over every face (``"TW"``).
        owner: the registering module's name (``__name__``): unpickling the face imports it.

    Raises:
        ValueError: a name or code another kind or face already has, or a code that is
            not two to four letters.
    """
    for kind in CardKind._by_number.values():
        if kind.name == name and kind.code == code:
            return kind
        if kind.name == name:
            raise ValueError(f"a card kind named {name} exists already (code {kind.code})")
    if not (2 <= len(code) <= 4 and code.isalpha() and code.isupper()) or code in Card._by_text:
        raise ValueError(f"{code!r} cannot be a card code: two to four capital letters, no face's text yet")
    kind = CardKind(max(CardKind._by_number) + 1, name, code, owner)
    CardKind._by_number[int(kind)] = kind
    _intern(Card(kind, JOKER_RANK, None))
    return kind


def _registered_face(owner: str, text: str) -> Card:
    """The face ``text`` of a kind registered by module ``owner`` (imported first, so an
    unpickling process that has not imported the game yet gets its faces)."""
    importlib.import_module(owner)
    return Card.from_text(text)


def all_faces() -> tuple[Card, ...]:
    """Every face so far, naturals by rank then suit, then the joker and the registered kinds' faces."""
    return tuple(sorted(Card._interned.values(), key=lambda c: c.order))


def standard_deck(jokers: int = 0) -> list[Card]:
    """One 52-card pack in a fixed order (clubs 2..A, diamonds, hearts, spades),
    plus ``jokers`` jokers. Returns a new list."""
    deck = [Card.get(r, s) for s in Suit for r in STANDARD_RANKS]
    deck.extend(_JOKER for _ in range(jokers))
    return deck


def multi_deck(decks: int, jokers_per_deck: int = 0) -> list[Card]:
    """``decks`` standard packs, each with ``jokers_per_deck`` jokers. Identical faces
    are the same object, several times."""
    out: list[Card] = []
    for _ in range(decks):
        out.extend(standard_deck(jokers_per_deck))
    return out


class CardParseError(ValueError):
    """Raised for text that is not a card in the notation."""


class Notation:
    """How one game writes and reads its cards.

    Writing is the face's canonical :attr:`Card.text`; parsing maps every
    accepted token (case-insensitive, suit letters or symbols) to a face.

    Args:
        name: a short name for messages (``"French"``).
        rank_words: rank token -> rank, e.g. ``{"10": 10, "T": 10, "A": 14, "1": 14}``;
            every rank here exists in all four suits.
        specials: unsuited faces -> the extra words accepted for them (their
            canonical code is always accepted).
        hint: examples for the error message (``"7H, 10S, QD, AC"``).
    """

    __slots__ = ("name", "faces", "_faces", "_by_token", "_hint")

    def __init__(self, name: str, rank_words: Mapping[str, int], specials: Mapping[Card, Iterable[str]] | None = None,
                 hint: str = "7H, 10S, QD, AC") -> None:
        self.name = name
        self._hint = hint
        by_token: dict[str, Card] = {}
        for word, rank in rank_words.items():
            for suit_word, suit in _SUIT_FROM_TEXT.items():
                by_token[word.upper() + suit_word] = Card.get(rank, suit)
        for card, words in (specials or {}).items():
            if card.is_natural:
                raise ValueError(f"{card} is not a special face")
            by_token[card.text] = card
            for w in words:
                by_token[w.upper()] = card
        self._by_token = by_token
        #: The faces this notation can write and read, in ``order``.
        self.faces: tuple[Card, ...] = tuple(sorted(set(by_token.values()), key=lambda c: c.order))
        self._faces = frozenset(self.faces)

    def __repr__(self) -> str:
        return f"Notation({self.name!r}, {len(self.faces)} faces)"

    def __contains__(self, card: object) -> bool:
        return card in self._faces

    def parse(self, text: str) -> Card:
        """Parse one card token (``QS``, ``10h``, ``TH``, ``10♥``, ``JK``...).

        Raises:
            CardParseError: with the offending text when it is not a card of this notation.
        """
        t = text.strip().upper()
        card = self._by_token.get(t)
        if card is not None:
            return card
        if len(t) < 2 or t[-1] not in _SUIT_FROM_TEXT:
            raise CardParseError(f"{brief(text)} is not a card (write e.g. {self._hint})")
        raise CardParseError(f"{brief(text)} is not a card: unknown rank {brief(t[:-1])}")

    def parse_cards(self, text: str) -> list[Card]:
        """Parse a whitespace- or comma-separated list of cards.

        Raises:
            CardParseError: naming the first token that is not a card.
        """
        parse = self.parse
        return [parse(tok) for tok in text.replace(",", " ").split()]

    def text(self, card: Card) -> str:
        """The notation of ``card`` (its canonical text).

        Raises:
            ValueError: if this notation has no such face (e.g. ``0C`` in French).
        """
        if card not in self._faces:
            raise ValueError(f"{card.text} is not a card of the {self.name} notation")
        return card.text

    def cards_text(self, cards: Iterable[Card]) -> str:
        """Notation of several cards separated by spaces (inverse of :meth:`parse_cards`).

        Raises:
            ValueError: if a card is not a face of this notation.
        """
        return " ".join(self.text(c) for c in cards)


_FRENCH_RANK_WORDS = {**{str(r): r for r in range(2, 11)}, "T": 10, "J": JACK, "Q": QUEEN, "K": KING,
                      "A": ACE, "1": ACE}

#: The French pack: 52 cards and the joker.
#: ``1S`` and ``AS`` are both the ace, ``TH`` and ``10H`` the ten.
FRENCH = Notation("French", _FRENCH_RANK_WORDS, {_JOKER: ("JOKER", "*")})

def parse_card(text: str) -> Card:
    """Parse one card in the :data:`FRENCH` notation (``QS``, ``10h``, ``TH``, ``10♥``, ``1S``, ``JK``).

    Raises:
        CardParseError: with the offending text when it is not a card.
    """
    return FRENCH.parse(text)


def parse_cards(text: str) -> list[Card]:
    """Parse a whitespace- or comma-separated list of cards in the :data:`FRENCH` notation.

    Raises:
        CardParseError: naming the first token that is not a card.
    """
    return FRENCH.parse_cards(text)


def cards_text(cards: Iterable[Card]) -> str:
    """Canonical text of several cards separated by spaces (inverse of :func:`parse_cards`
    for French cards, of :meth:`Notation.parse_cards` for any notation's faces)."""
    return " ".join(c.text for c in cards)


_TOKEN = re.compile(r"[^\s,;:()]+")


def pretty_text(text: str) -> str:
    """``text`` (an action's notation, a chance step, a log's card list) with every card's
    canonical text written as players read it: ``cut 18: 4D 4H`` -> ``cut 18: 4♦ 4♥``,
    ``discard 10H D1`` -> ``discard 10♥ D1``. Only whole words that are exactly a face's
    :attr:`Card.text` change (``D1``, ``m3``, ``18`` stay), so it needs no game's notation."""
    by_text = Card._by_text

    def pretty(m: re.Match) -> str:
        card = by_text.get(m.group(0))
        return card.pretty if card is not None else m.group(0)
    return _TOKEN.sub(pretty, text)


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    """Cards sorted by rank, then suit (the order players usually hold them)."""
    return sorted(cards, key=_order_key)


def _order_key(card: Card) -> int:
    return card.order


def insert_sorted(hand: list[Card], card: Card) -> None:
    """Insert ``card`` into ``hand`` (sorted by :attr:`Card.order`), after any equal faces."""
    bisect.insort(hand, card, key=_order_key)


def forget_one(known: list[Card], card: Card) -> None:
    """Remove one copy of ``card`` from ``known`` if it is there (a seat played a card that was
    publicly known to be in its hand: one fewer copy is known)."""
    if card in known:
        known.remove(card)
