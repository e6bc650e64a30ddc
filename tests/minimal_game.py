"""High Card: the smallest whole game on the engine's skeleton (docs/engine.md, "Adding a game").

Rules: the pack is the 13 spades. Each seat is dealt one card face down (a chance
step, ``deal 7S / QS``). In seat order each seat says ``stay`` or ``fold``; a seat
may fold only while someone else stays. The highest card among those who stayed
wins the pot of one point per seat. One hand is the match.

It is a test fixture, not a game of the product: it counts the lines a new game
needs, and ``tests/engine/test_minimal_game.py`` checks it against the contract.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from enum import IntEnum
from typing import ClassVar

from engine.cards import Card, Suit, cards_text, parse_card
from engine.core import CHANCE, TERMINAL, Action, Event, Game, View, bare, parse_notation, shuffled
from engine.determinize import deal
from engine.phased import INTS, PHASE, SHARE, Field, LIST, PhasedState, chance, move, slots

PACK = tuple(Card.get(r, Suit.SPADES) for r in range(2, 15))


@dataclass(frozen=True)
class HighCardVariant:
    """No house rules."""


@dataclass(frozen=True, slots=True)
class Stay(Action):
    def __str__(self) -> str:
        return "stay"


@dataclass(frozen=True, slots=True)
class Fold(Action):
    def __str__(self) -> str:
        return "fold"


@dataclass(frozen=True, slots=True)
class Deal(Action):
    """Chance: each seat's card, in seat order."""
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return "deal " + " / ".join(c.text for c in self.cards)


VERBS = {"stay": bare("stay", Stay()), "fold": bare("fold", Fold()),
         "deal": lambda rest: Deal(tuple(parse_card(t) for t in rest.split("/")))}


class Phase(IntEnum):
    DEAL = 0
    SAY = 1
    OVER = 2


class HighCardState(PhasedState):
    Phase = Phase
    CHANCE_PHASES = frozenset((Phase.DEAL,))
    OVER = Phase.OVER
    PHASE_HINTS = {Phase.SAY: "say stay or fold"}
    FIELDS = (
        Field("variant", SHARE, None),
        Field("n_seats"),
        Field("phase", SHARE, PHASE),
        Field("hands", LIST, cards_text),
        Field("turn_seat"),
        Field("folded", LIST, INTS),
    )
    __slots__ = slots(FIELDS)
    game: ClassVar[type[Game]]

    def __init__(self, variant: HighCardVariant, n_seats: int) -> None:
        self.variant, self.n_seats, self.phase = variant, n_seats, Phase.DEAL
        self.hands: list[Card] = []
        self.turn_seat = 0
        self.folded = [0] * n_seats

    @property
    def to_move(self) -> int:
        return {Phase.DEAL: CHANCE, Phase.OVER: TERMINAL}.get(self.phase, self.turn_seat)

    @property
    def hand_number(self) -> int:
        return 0

    def legal_actions(self) -> list[Action]:
        return _legal(self.phase, self.folded, self.turn_seat)

    def _may_fold(self, action: Fold) -> bool:
        return sum(self.folded) + 1 < self.n_seats

    def _why_fold(self, action: Fold) -> str:
        return "everyone else has folded: you must stay"

    def _say(self, action: Action) -> list[Event]:
        seat = self.turn_seat
        self.folded[seat] = int(isinstance(action, Fold))
        self.turn_seat += 1
        if self.turn_seat == self.n_seats:
            self.phase = Phase.OVER
        return [Event(str(action), "{seat} says " + str(action), seat)]

    def _sample_deal(self, rng: random.Random) -> Action:
        return Deal(tuple(shuffled(rng, PACK)[:self.n_seats]))

    def _deal(self, action: Deal) -> list[Event]:
        if len(action.cards) != self.n_seats or len(set(action.cards)) != self.n_seats:
            raise self.impossible(action, f"a deal is {self.n_seats} different spades")
        self.hands, self.phase = list(action.cards), Phase.SAY
        return [Event("deal", "One card each", None)]

    VERBS = (move(Stay, Phase.SAY, _say), move(Fold, Phase.SAY, _say, _may_fold, _why_fold),
             chance(Deal, Phase.DEAL, _deal, _sample_deal))

    def scores(self) -> list[float]:
        return [float(self.n_seats if s in self.winners() else 0) for s in range(self.n_seats)]

    def winners(self) -> list[int]:
        if self.phase is not Phase.OVER:
            return []
        return [max((s for s in range(self.n_seats) if not self.folded[s]), key=lambda s: self.hands[s])]

    def view(self, seat: int) -> "HighCardView":
        return HighCardView(seat, self.variant, self.n_seats, self.phase, self.to_move, self.phase is Phase.OVER,
                            self.hands[seat] if self.hands else None, tuple(self.folded),
                            tuple(self.hands) if self.phase is Phase.OVER else ())

    def observation(self, action: Action, seat: int) -> str:
        if isinstance(action, Deal):
            return "deal " + " / ".join(c.text if i == seat else "?" for i, c in enumerate(action.cards))
        return str(action)

    def zones(self) -> dict[str, list[Card]]:
        return {"pack": [c for c in PACK if c not in self.hands], "hands": self.hands[:]}


def _legal(phase: Phase, folded: list[int] | tuple[int, ...], seat: int) -> list[Action]:
    if phase is not Phase.SAY:
        return []
    return [Stay(), Fold()] if sum(folded) + 1 < len(folded) else [Stay()]


@dataclass(frozen=True)
class HighCardView(View):
    seat: int
    variant: HighCardVariant
    n_seats: int
    phase: Phase
    to_move: int
    is_over: bool
    card: Card | None
    folded: tuple[int, ...]
    shown: tuple[Card, ...]

    def compute_legal(self) -> list[Action]:
        return _legal(self.phase, self.folded, self.to_move)

    def determinize(self, rng: random.Random) -> HighCardState:
        s = HighCardState(self.variant, self.n_seats)
        s.phase, s.folded = self.phase, list(self.folded)
        s.turn_seat = self.to_move if self.to_move >= 0 else (self.n_seats if self.is_over else 0)
        if self.card is not None:
            others = list((Counter(PACK) - Counter([self.card])).elements())
            dealt = deal(others, [1] * (self.n_seats - 1) + [len(others) - self.n_seats + 1], rng)
            s.hands = [h[0] for h in dealt[:-1]]
            s.hands.insert(self.seat, self.card)
        if self.shown:
            s.hands = list(self.shown)
        return s


class HighCard(Game):
    id = "high_card"
    title = "High Card"
    min_seats, max_seats = 2, 4
    variant_class = HighCardVariant

    @classmethod
    def new_state(cls, variant: HighCardVariant, n_seats: int) -> HighCardState:
        err = cls.seat_range_error(n_seats)
        if err:
            raise ValueError(err)
        return HighCardState(variant, n_seats)

    @classmethod
    def parse_action(cls, text: str) -> Action:
        return parse_notation(text, VERBS, "High Card", "stay, fold")


HighCardState.game = HighCard
