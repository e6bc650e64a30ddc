"""Spite & Malice's actions and their notation (:data:`VERBS`, :func:`parse_sm_action`).

Player actions (decks are numbered from 1; a hand card is named by its face):
``play 7H P1`` (a hand card onto play deck 1, SM-8 move 1), ``play S P3`` (the stock's
top card, move 2), ``play D2 P1`` (the top card of discard deck 2, move 3),
``discard 7H D4`` (ending the turn, move 4, SM-12). Chance outcomes: ``deal ... / ...``
and ``draw 7H 3S`` (see :mod:`engine.games.spite_malice.game`).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card, cards_text, parse_card, parse_cards
from engine.core import Action, ActionParseError, VerbTable, parse_notation


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


def _parse_play(rest: str) -> Action:
    args = rest.split()
    if len(args) != 2:
        raise ActionParseError("write e.g. 'play 7H P1', 'play S P1' or 'play D2 P1'")
    src, deck = args[0].upper(), _index(args[1], "P")
    if src == "S":
        return PlayStock(deck)
    if src.startswith("D") and src[1:].isdigit():
        return PlayDiscard(_index(src, "D"), deck)
    return PlayHand(parse_card(src), deck)


def _parse_discard(rest: str) -> Discard:
    args = rest.split()
    if len(args) != 2:
        raise ActionParseError("write e.g. 'discard 7H D1'")
    return Discard(parse_card(args[0]), _index(args[1], "D"))


def _parse_draw(rest: str) -> Draw:
    cards = parse_cards(rest)
    if not cards:
        raise ActionParseError("draw needs at least one card")
    return Draw(tuple(sorted(cards)))


#: Spite & Malice notation: verb -> parser of the rest (the chance outcomes' verbs last).
VERBS: VerbTable = {
    "play": _parse_play,
    "discard": _parse_discard,
    "draw": _parse_draw,
    "deal": lambda rest: Deal(tuple(tuple(parse_cards(part)) for part in rest.split("/"))),
}


def parse_sm_action(text: str) -> Action:
    """Parse Spite & Malice notation (see the module docstring).

    Raises:
        ActionParseError: for unknown words, bad cards or bad deck numbers.
    """
    return parse_notation(text, VERBS, "Spite & Malice", "play, discard")
