"""Nickels' actions, their notation and the phases of a match.

Every player move and chance outcome is a small frozen dataclass whose ``str()`` is its
notation (``take``, ``meld 7C 7D JK``, ``layoff JK=6C m4``, ``draw 7H``...; the full list is in
:mod:`engine.games.nickels.game`); :func:`parse_nickels_action` reads it back with one parser
per verb (:data:`_VERBS`).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Callable, ClassVar

from engine.cards import Card, cards_text, parse_card, parse_cards, rank_text
from engine.core import Action, ActionParseError, ChooseDealer, parse_notation
from engine.games.nickels.melds import JOKER, Meld, MeldError, parse_meld
from engine.inputs import brief


class Phase(enum.IntEnum):
    """The step a Nickels match is at (the values are the ones logs and fingerprints always had).

    Chance steps: ``DEALER`` (NK-4), ``DEAL`` (NK-4), ``UPCARD`` (NK-5), ``PENALTY`` (a claim's
    penalty card, NK-13c), ``DRAW`` (NK-13). A turn: ``ACQUIRE`` (the current player takes the
    top discard or passes, NK-13b), ``OFFER`` (each eligible seat in turn claims it or passes,
    NK-13c), ``AFTER`` (after a claim, the current player takes the card underneath or passes,
    NK-13d), ``PLAY`` (go down, lay off, discard). ``OVER``: the match is over.
    """

    DEALER = 0
    DEAL = 1
    UPCARD = 2
    ACQUIRE = 3
    OFFER = 4
    PENALTY = 5
    AFTER = 6
    DRAW = 7
    PLAY = 8
    OVER = 9


#: The chance steps: the driver samples them (``State.sample_chance``).
CHANCE_PHASES = frozenset((Phase.DEALER, Phase.DEAL, Phase.UPCARD, Phase.PENALTY, Phase.DRAW))


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

    def shown(self) -> str:
        """The card laid off as a player reads it: ``8♠``, or ``JK (as 6)`` for a joker."""
        return self.card.pretty if self.stands is None else f"JK (as {rank_text(self.stands.rank)})"


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


# ---------------------------------------------------------------------------
# Notation: one parser per verb
# ---------------------------------------------------------------------------

def parse_nickels_action(text: str) -> Action:
    """Parse Nickels notation (see :mod:`engine.games.nickels.game`).

    Raises:
        ActionParseError: for an unknown verb, a bad card, meld or meld id.
    """
    return parse_notation(text, _parse_verb, "Nickels", "take, pass, claim, meld, layoff, swap, discard")


def _parse_verb(verb: str, rest: str) -> Action | None:
    parse = _VERBS.get(verb)
    return None if parse is None else parse(rest.split(), rest)


def _meld_id(token: str) -> int:
    t = token.strip().lower()
    if len(t) < 2 or t[0] != "m" or not t[1:].isdigit() or int(t[1:]) < 1:
        raise ValueError(f"expected a meld id such as m3, found {token!r}")
    return int(t[1:])


def _bare(verb: str, action: Action) -> Callable[[list[str], str], Action]:
    """The parser of a verb without arguments (``take``, ``pass``, ``claim``)."""
    def parse(args: list[str], rest: str) -> Action:
        if args:
            raise ActionParseError(f"{brief(verb)} takes no arguments")
        return action
    return parse


def _one_card(verb: str, make: Callable[[Card], Action]) -> Callable[[list[str], str], Action]:
    """The parser of a verb naming one card (``discard 7H``, and the chance steps ``upcard``,
    ``draw``, ``penalty``)."""
    def parse(args: list[str], rest: str) -> Action:
        if len(args) != 1:
            raise ActionParseError(f"write e.g. '{verb} 7H'")
        return make(parse_card(args[0]))
    return parse


def _meld(args: list[str], rest: str) -> Action:
    if not args:
        raise ActionParseError("write the meld's cards, e.g. 'meld 7C 7D JK' or 'meld 5H JK=6H 7H 8H'")
    try:
        return LayMeld(parse_meld(rest))
    except MeldError as err:
        raise ActionParseError(str(err)) from None


def _layoff(args: list[str], rest: str) -> Action:
    if len(args) not in (2, 3) or (len(args) == 3 and args[2].lower() != "low"):
        raise ActionParseError("write e.g. 'layoff 7H m3', 'layoff JK=6C m4' or 'layoff AS m2 low'")
    low = len(args) == 3
    what = args[0]
    if "=" not in what:
        return Layoff(parse_card(what), _meld_id(args[1]), None, low)
    left, right = what.split("=", 1)
    if not parse_card(left).is_joker:
        raise ActionParseError(f"{brief(what)}: only a joker stands for another card (NK-9)")
    stands = parse_card(right)
    if stands.is_joker:
        raise ActionParseError(f"{brief(what)}: a joker stands for a natural card (NK-9)")
    return Layoff(JOKER, _meld_id(args[1]), stands, low)


def _swap(args: list[str], rest: str) -> Action:
    if len(args) != 2:
        raise ActionParseError("write e.g. 'swap 5S m4'")
    return Swap(parse_card(args[0]), _meld_id(args[1]))


def _dealer(args: list[str], rest: str) -> Action:
    if len(args) != 1 or not args[0].isdigit():
        raise ActionParseError("write e.g. 'dealer 2'")
    return ChooseDealer(int(args[0]))


#: Each verb's parser: ``parse(args, rest)`` with the words after the verb and the raw rest.
_VERBS: dict[str, Callable[[list[str], str], Action]] = {
    "take": _bare("take", TAKE),
    "pass": _bare("pass", DECLINE),
    "claim": _bare("claim", CLAIM),
    "meld": _meld,
    "layoff": _layoff,
    "swap": _swap,
    "discard": _one_card("discard", Discard),
    "deal": lambda args, rest: Deal(tuple(tuple(sorted(parse_cards(part))) for part in rest.split("/"))),
    "upcard": _one_card("upcard", Upcard),
    "draw": _one_card("draw", DrawCard),
    "penalty": _one_card("penalty", PenaltyCard),
    "dealer": _dealer,
}
