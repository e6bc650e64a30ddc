"""Nags' actions and their notation (:data:`VERBS`, :func:`parse_nags_action`).

Player actions: ``play 7H 7D``, ``turn``, ``pass`` (NA-16), ``up``/``down`` (the
Choice variation, NA-23), ``buy K`` and ``done`` (Buying a Horse, NA-25). Chance
outcomes: ``dealer 2``, ``runner 7H``, ``deal 2C 5H ... / 7D ... / ...``, ``reveal 7H``
(see :mod:`engine.games.nags.game`).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card, cards_text, parse_card, parse_cards
from engine.core import Action, ActionParseError, ChooseDealer, Pass, VerbTable, bare, parse_notation
from engine.inputs import brief
from engine.games.nags.rules import value_text


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


def _parse_play(rest: str) -> Play:
    cards = parse_cards(rest)
    if not cards:
        raise ActionParseError("play needs at least one card, e.g. 'play 7H 7D'")
    return Play(tuple(sorted(cards)))


#: Nags notation: verb -> parser of the rest (the chance outcomes' verbs last).
VERBS: VerbTable = {
    "play": _parse_play,
    "turn": bare("turn", Turn()),
    "pass": bare("pass", Pass()),
    "up": bare("up", ChooseDirection(1)),
    "down": bare("down", ChooseDirection(-1)),
    "done": bare("done", DoneBuying()),
    "buy": lambda rest: Buy(parse_value(rest)),
    "dealer": lambda rest: ChooseDealer(int(rest)),
    "runner": lambda rest: DealRunner(parse_card(rest)),
    "reveal": lambda rest: Reveal(parse_card(rest)),
    "deal": lambda rest: Deal(tuple(tuple(parse_cards(part)) for part in rest.split("/"))),
}


def parse_nags_action(text: str) -> Action:
    """Parse Nags notation (see the module docstring).

    Raises:
        ActionParseError: for unknown words or bad cards.
    """
    return parse_notation(text, VERBS, "Nags", "play, turn, pass, up, down, buy, done")
