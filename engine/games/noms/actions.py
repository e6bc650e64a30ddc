"""Noms' actions and their notation (:data:`VERBS`, :func:`parse_noms_action`).

Player actions: ``bid 11``, ``bid mis``, ``bid misavis``, ``pass`` (NO-7, NO-8),
``trump S`` / ``notrump`` (NO-10a), ``call AS`` (NO-10b), ``play QH`` (NO-15). Chance
outcomes: ``dealer 2``, ``shuffle 2C 7H ...``, ``cut 17`` (see :mod:`engine.games.noms.game`).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card, Suit, cards_text, parse_card, parse_cards
from engine.core import Action, ActionParseError, ChooseDealer, Pass, VerbTable, bare, parse_notation
from engine.inputs import brief
from engine.games.noms.rules import _FULL_DECK, _SUIT_LETTERS, MIS, MISAVIS, bid_text


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


def _parse_bid(rest: str) -> Bid:
    r = rest.lower().replace(" ", "")
    if r == "mis":
        return Bid(MIS)
    if r == "misavis":
        return Bid(MISAVIS)
    if r.isdigit() and 7 <= int(r) <= 13:
        return Bid(int(r))
    raise ActionParseError(f"{brief(rest)} is not a bid (7..13, mis, misavis)")


def _parse_trump(rest: str) -> Trump:
    r = rest.upper()
    if r in ("NT", "NOTRUMP", "NONE"):
        return Trump(None)
    if len(r) == 1 and r in "CDHS♣♦♥♠":
        return Trump(int("CDHS♣♦♥♠".index(r) % 4))
    raise ActionParseError(f"{brief(rest)} is not a suit (C, D, H, S)")


#: Noms notation: verb -> parser of the rest (the chance outcomes' verbs last).
VERBS: VerbTable = {
    "bid": _parse_bid,
    "pass": bare("pass", _PASS),
    "trump": _parse_trump,
    "notrump": bare("notrump", Trump(None)),
    "call": lambda rest: Call(parse_card(rest)),
    "play": lambda rest: Play(parse_card(rest)),
    "dealer": lambda rest: ChooseDealer(int(rest)),
    "cut": lambda rest: Cut(int(rest)),
    "shuffle": lambda rest: Shuffle(tuple(parse_cards(rest))),
}


def parse_noms_action(text: str) -> Action:
    """Parse Noms notation (see the module docstring).

    Raises:
        ActionParseError: for unknown words, bad bids or bad cards.
    """
    return parse_notation(text, VERBS, "Noms", "bid, pass, trump, notrump, call, play")
