"""Nogginate's actions, their notation and the phases of a match.

Every player move and chance outcome is a small frozen dataclass whose ``str()`` is its
notation (``draw``, ``pile 7H 7D m4``, ``add m3 7H``, ``drawn 7H 3S``...; the full list is
in :mod:`engine.games.nogginate.game`); :func:`parse_nogginate_action` reads it back with
one parser per verb (:data:`_VERBS`). The cheat powers' actions live with their rules in
:mod:`engine.games.nogginate.cheats`; their verbs are parsed here too.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Callable, cast

from engine.cards import Card, cards_text
from engine.games.nogginate.cards import CHEAT_CARDS, NOGGINATE
from engine.core import Action, ActionParseError, ChooseDealer, parse_notation
from engine.games.nogginate.cheats import (
    TELL_RANKED,
    TELLS,
    CheatNate,
    Combine,
    Give,
    HandsOff,
    Reconfigure,
    Remove,
    Resurrect,
    Show,
    StartJokernate,
    Steal,
    Tell,
)
from engine.games.nogginate.melds import FREEZE
from engine.inputs import brief


class Phase(enum.IntEnum):
    """The step a Nogginate match is at (the values are the ones logs and fingerprints always had).

    Chance steps: ``DEALER`` (NG-5), ``DEAL`` (NG-13), ``UPCARD`` (NG-14), ``DRAW`` (the drawn
    cards, NG-26a). A player's turn: ``ACQUIRE`` (draw or take the pile, NG-26 step 1), ``MELD``
    (step 2 and the discard, step 3); ``ANSWER``: the partner answers "may I go out?" (NG-45);
    ``RETURN``: a team gives out the cards a Steal returned (NG-C8). ``OVER``: the match is over.
    """

    DEALER = 0
    DEAL = 1
    UPCARD = 2
    ACQUIRE = 3
    DRAW = 4
    MELD = 5
    ANSWER = 6
    OVER = 7
    RETURN = 8


#: The chance steps: the driver samples them (``State.sample_chance``).
CHANCE_PHASES = frozenset((Phase.DEALER, Phase.DEAL, Phase.UPCARD, Phase.DRAW))


# ---------------------------------------------------------------------------
# Actions
# ---------------------------------------------------------------------------

#: NG-26(a): the three ways to draw: two custom cards, one of each, two cheat cards.
DRAW_KINDS = ("2c", "1c1x", "2x")


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """NG-26(a): draw two cards: ``kind`` ``"2c"`` from the custom stock (one when one is left,
    NG-29; with the stock empty the round ends, NG-31), ``"1c1x"`` one custom and one cheat
    card, ``"2x"`` two cheat cards. Notation: ``draw``, ``draw 1c1x``, ``draw 2x``."""

    kind: str = "2c"

    def __str__(self) -> str:
        return "draw" if self.kind == "2c" else f"draw {self.kind}"

    @property
    def cheats(self) -> int:
        """The cheat cards this draw takes (0, 1 or 2)."""
        return DRAW_KINDS.index(self.kind)


@dataclass(frozen=True, slots=True)
class TakePile(Action):
    """NG-36: take the whole discard pile, melding its top card with ``cards`` (two
    naturals of its rank from the hand) as a new Nate, or onto the team's Nate ``meld``.
    Notation: ``pile 7H 7D``, ``pile 7H 7D m4``."""

    cards: tuple[Card, Card]
    meld: int | None = None

    def __str__(self) -> str:
        return f"pile {cards_text(self.cards)}" + (f" m{self.meld}" if self.meld is not None else "")


@dataclass(frozen=True, slots=True)
class Onto(Action):
    """NG-37: take the top discard onto the team's open Noggi ``meld``. Notation: ``onto m3``."""

    meld: int

    def __str__(self) -> str:
        return f"onto m{self.meld}"


@dataclass(frozen=True, slots=True)
class NewNoggi(Action):
    """NG-16: start a Noggi with three consecutive cards of one suit (grow it with ``add``).
    Notation: ``noggi 4S 5S 6S``."""

    cards: tuple[Card, Card, Card]

    def __str__(self) -> str:
        return "noggi " + cards_text(self.cards)


@dataclass(frozen=True, slots=True)
class NewNate(Action):
    """NG-20: start a Nate with three cards: three naturals of a rank, or two and a joker
    (grow it with ``add``). Notation: ``nate 7C 7D JK``."""

    cards: tuple[Card, Card, Card]

    def __str__(self) -> str:
        return "nate " + cards_text(self.cards)


@dataclass(frozen=True, slots=True)
class Add(Action):
    """NG-6/NG-16/NG-20/NG-21: add one card from the hand to the team's meld ``meld``.
    Notation: ``add m3 7H``."""

    meld: int
    card: Card

    def __str__(self) -> str:
        return f"add m{self.meld} {self.card.text}"


@dataclass(frozen=True, slots=True)
class Close(Action):
    """NG-17: close the team's open Noggi ``meld`` of 7 or more cards. Notation: ``close m3``."""

    meld: int

    def __str__(self) -> str:
        return f"close m{self.meld}"


@dataclass(frozen=True, slots=True)
class Merge(Action):
    """NG-24: merge the team's open Nates ``a`` and ``b`` (same rank; ``a`` < ``b``; the
    result keeps id ``a``). Notation: ``merge m2 m5``."""

    a: int
    b: int

    def __str__(self) -> str:
        return f"merge m{self.a} m{self.b}"


@dataclass(frozen=True, slots=True)
class PlaceBonus(Action):
    """NG-47: place a Bonus card from the hand on the table. Notation: ``bonus``."""

    def __str__(self) -> str:
        return "bonus"


@dataclass(frozen=True, slots=True)
class FreezeNate(Action):
    """NG-22: meld ``count`` (3+) Freeze cards as a Freeze-Nate, on the going-out turn only.
    Notation: ``freezenate FZ FZ FZ``."""

    count: int

    def __str__(self) -> str:
        return "freezenate " + " ".join(["FZ"] * self.count)


@dataclass(frozen=True, slots=True)
class Ask(Action):
    """NG-45: "Partner, may I go out?". Notation: ``ask``."""

    def __str__(self) -> str:
        return "ask"


@dataclass(frozen=True, slots=True)
class Answer(Action):
    """NG-45(d): the partner's answer, binding both ways (NG-45e). Notation: ``yes`` / ``no``."""

    yes: bool

    def __str__(self) -> str:
        return "yes" if self.yes else "no"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """NG-26 step 3: discard one card, ending the turn (the last card: going out, NG-42).
    Notation: ``discard 7H``."""

    card: Card

    def __str__(self) -> str:
        return f"discard {self.card.text}"


@dataclass(frozen=True, slots=True)
class GoOut(Action):
    """NG-42: end the turn with no card left: going out. Notation: ``out``."""

    def __str__(self) -> str:
        return "out"


@dataclass(frozen=True, slots=True)
class PassTurn(Action):
    """NG-44: keep the last card and end the turn. Notation: ``pass``."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Deal(Action):
    """Chance, NG-13: every seat's 15 cards (sorted), in seat order."""

    hands: tuple[tuple[Card, ...], ...]

    def __str__(self) -> str:
        return "deal " + " / ".join(cards_text(h) for h in self.hands)


@dataclass(frozen=True, slots=True)
class Upcard(Action):
    """Chance, NG-14: the card turned face up to start the discard pile."""

    card: Card

    def __str__(self) -> str:
        return f"upcard {self.card.text}"


@dataclass(frozen=True, slots=True)
class Drawn(Action):
    """Chance, NG-26(a)/NG-29: the cards (sorted) the player to move draws from the stock."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return "drawn " + cards_text(self.cards)


DRAW, BONUS_ACT, ASK, YES, NO, OUT, PASS = Draw(), PlaceBonus(), Ask(), Answer(True), Answer(False), GoOut(), \
    PassTurn()
DRAW_MIXED, DRAW_CHEATS, JOKERNATE_ACT = Draw("1c1x"), Draw("2x"), StartJokernate()


# ---------------------------------------------------------------------------
# Notation: one parser per verb
# ---------------------------------------------------------------------------

def parse_nogginate_action(text: str) -> Action:
    """Parse Nogginate notation (see :mod:`engine.games.nogginate.game`).

    Raises:
        ActionParseError: for an unknown verb, a bad card or meld id, or a wrong count.
    """
    return parse_notation(text, _parse_verb, "Nogginate",
                          "draw, pile, onto, noggi, nate, add, close, merge, bonus, freezenate, ask, yes, no, "
                          "discard, out, pass, combine, handsoff, jokernate, reconfigure, remove, resurrect, show, "
                          "tell, steal, cheatnate, give")


def _parse_verb(verb: str, rest: str) -> Action | None:
    parse = _VERBS.get(verb)
    return None if parse is None else parse(rest.split(), rest)


def _meld_id(token: str) -> int:
    t = token.strip().lower()
    if len(t) < 2 or t[0] != "m" or not t[1:].isdigit() or int(t[1:]) < 1:
        raise ValueError(f"expected a meld id such as m3, found {token!r}")
    return int(t[1:])


def _ids(args: list[str], n: int, example: str) -> list[int]:
    if len(args) != n:
        raise ActionParseError(f"write e.g. {brief(example)}")
    return [_meld_id(a) for a in args]


def _one(args: list[str], example: str) -> str:
    """The single argument of a verb that takes one (else the error shows ``example``)."""
    if len(args) != 1:
        raise ActionParseError(f"write e.g. {brief(example)}")
    return args[0]


def _by_order(cards: list[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_order))


def _order(c: Card) -> int:
    return c.order


def _rank(c: Card) -> int:
    return c.rank


def _three(kind: str) -> str:
    """NG-26a: the refusal of a new ``kind`` (Noggi or Nate) named with other than 3 cards."""
    return f"a new {kind} is laid with exactly 3 cards; grow it with 'add' (NG-26a)"


_PILE_TWO = "name the two naturals you meld with the top card, e.g. 'pile 7H 7D' (NG-36)"

#: Moves that name several cards: how many (None: any number), the order the notation writes them
#: in (:func:`parse_nogginate_action`), the only order the legal list holds, and the refusal of
#: another count.
_CARD_SHAPES: dict[type, tuple[int | None, Callable[[Card], int], str]] = {
    NewNoggi: (3, _rank, _three("Noggi")),
    NewNate: (3, _order, _three("Nate")),
    TakePile: (2, _order, _PILE_TWO),
    CheatNate: (None, _order, ""),
    Remove: (None, _order, ""),
}


def shape_problem(action: Action) -> str | None:
    """Why a move naming cards has a shape the notation never writes (a new Nate of 4 cards, a
    pile take of 1, cards out of card order), or None. Such a move is in no legal list, so
    ``is_legal`` refuses it too (found by the near misses of ``benchmarks/fuzz.py``)."""
    shape = _CARD_SHAPES.get(type(action))
    if shape is None:
        return None
    count, key, wrong_count = shape
    cards: tuple[Card, ...] = action.cards  # type: ignore[attr-defined]
    if count is not None and len(cards) != count:
        return wrong_count
    if any(key(b) < key(a) for a, b in zip(cards, cards[1:])):
        return f"name the cards in card order: {cards_text(sorted(cards, key=key))}"
    return None


def _sorted3(cards: list[Card], kind: str) -> tuple[Card, Card, Card]:
    if len(cards) != 3:
        raise ActionParseError(_three(kind))
    key = _rank if kind == "Noggi" else _order
    return cast("tuple[Card, Card, Card]", tuple(sorted(cards, key=key)))


def _bare(action: Action) -> Callable[[list[str], str], Action]:
    """The parser of a verb without arguments (``bonus``, ``ask``, ``yes``...)."""
    def parse(args: list[str], rest: str) -> Action:
        if args:
            raise ActionParseError(f"{brief(str(action))} takes no arguments")
        return action
    return parse


def _draw(args: list[str], rest: str) -> Action:
    if not args:
        return DRAW
    if len(args) != 1 or args[0].lower() not in DRAW_KINDS:
        raise ActionParseError("write 'draw' (two custom cards), 'draw 1c1x' or 'draw 2x' (NG-26)")
    return Draw(args[0].lower())


def _pile(args: list[str], rest: str) -> Action:
    mid = None
    if args and args[-1].lower().startswith("m") and args[-1][1:].isdigit():
        mid = _meld_id(args.pop())
    cs = _by_order(NOGGINATE.parse_cards(" ".join(args)))
    if len(cs) != 2:
        raise ActionParseError(_PILE_TWO)
    return TakePile((cs[0], cs[1]), mid)


def _add(args: list[str], rest: str) -> Action:
    if len(args) != 2:
        raise ActionParseError("write e.g. 'add m3 7H'")
    return Add(_meld_id(args[0]), NOGGINATE.parse(args[1]))


def _merge(args: list[str], rest: str) -> Action:
    if len(args) != 2:
        raise ActionParseError("write e.g. 'merge m2 m5'")
    a, b = sorted((_meld_id(args[0]), _meld_id(args[1])))
    return Merge(a, b)


def _freezenate(args: list[str], rest: str) -> Action:
    cs = NOGGINATE.parse_cards(rest)
    if len(cs) < 3 or any(c is not FREEZE for c in cs):
        raise ActionParseError("a Freeze-Nate is 3 or more Freeze cards, e.g. 'freezenate FZ FZ FZ' (NG-22)")
    return FreezeNate(len(cs))


def _drawn(args: list[str], rest: str) -> Action:
    cs = NOGGINATE.parse_cards(rest)
    if not 1 <= len(cs) <= 2:
        raise ActionParseError("write e.g. 'drawn 7H 3S'")
    return Drawn(_by_order(cs))


def _dealer(args: list[str], rest: str) -> Action:
    if len(args) != 1 or not args[0].isdigit():
        raise ActionParseError("write e.g. 'dealer 2'")
    return ChooseDealer(int(args[0]))


# -- the cheat powers' verbs (engine.games.nogginate.cheats) ----------------------

def _combine(args: list[str], rest: str) -> Action:
    a, b = sorted(_ids(args, 2, "combine m2 m5"))
    return Combine(a, b)


def _jokernate(args: list[str], rest: str) -> Action:
    if [c.upper() for c in args] != ["JK", "JK", "JK"]:
        raise ActionParseError("a Jokernate starts with three jokers: 'jokernate JK JK JK'; grow it with 'add' "
                               "(NG-C3, NG-26a)")
    return JOKERNATE_ACT


def _reconfigure(args: list[str], rest: str) -> Action:
    if len(args) != 3:
        raise ActionParseError("write e.g. 'reconfigure m4 m2 7H' (from the Nate m4 onto the Noggi m2)")
    return Reconfigure(_meld_id(args[0]), _meld_id(args[1]), NOGGINATE.parse(args[2]))


def _remove(args: list[str], rest: str) -> Action:
    if not 2 <= len(args) <= 3:
        raise ActionParseError("write e.g. 'remove m4 7H' (a natural for each joker of the Nate)")
    return Remove(_meld_id(args[0]), _by_order([NOGGINATE.parse(a) for a in args[1:]]))


def _tell(args: list[str], rest: str) -> Action:
    if not args or args[0].lower() not in TELLS:
        raise ActionParseError("write 'tell' and one of: " + ", ".join(TELLS) + " (e.g. 'tell discard 7')")
    advice = args[0].lower()
    if advice in TELL_RANKED:
        if len(args) != 2 or not args[1].isdigit() or not 0 <= int(args[1]) <= 10:
            raise ActionParseError(f"write e.g. 'tell {advice} 7' (a rank 0 to 10)")
        return Tell(advice, int(args[1]))
    if len(args) != 1:
        raise ActionParseError(f"'tell {advice}' takes nothing more")
    return Tell(advice)


def _steal(args: list[str], rest: str) -> Action:
    if len(args) != 3:
        raise ActionParseError("write e.g. 'steal m5 7H m2' (the card from m5 onto your m2)")
    return Steal(_meld_id(args[0]), NOGGINATE.parse(args[1]), _meld_id(args[2]))


def _cheatnate(args: list[str], rest: str) -> Action:
    cs = NOGGINATE.parse_cards(rest)
    if len(cs) < 3 or any(c not in CHEAT_CARDS for c in cs):
        raise ActionParseError("a cheat-Nate is 3 or more cheat cards, e.g. 'cheatnate STL STL STL' (NG-22)")
    return CheatNate(_by_order(cs))


def _give(args: list[str], rest: str) -> Action:
    if len(args) != 2 or not args[1].lower().startswith("s") or not args[1][1:].isdigit():
        raise ActionParseError("write e.g. 'give 7H s2'")
    return Give(NOGGINATE.parse(args[0]), int(args[1][1:]))


#: Each verb's parser: ``parse(args, rest)`` with the words after the verb and the raw rest.
_VERBS: dict[str, Callable[[list[str], str], Action]] = {
    "draw": _draw,
    **{str(a): _bare(a) for a in (BONUS_ACT, ASK, YES, NO, OUT, PASS)},
    "pile": _pile,
    "onto": lambda args, rest: Onto(_meld_id(_one(args, "onto m3"))),
    "noggi": lambda args, rest: NewNoggi(_sorted3(NOGGINATE.parse_cards(rest), "Noggi")),
    "nate": lambda args, rest: NewNate(_sorted3(NOGGINATE.parse_cards(rest), "Nate")),
    "add": _add,
    "close": lambda args, rest: Close(_meld_id(_one(args, "close m3"))),
    "merge": _merge,
    "freezenate": _freezenate,
    "discard": lambda args, rest: Discard(NOGGINATE.parse(_one(args, "discard 7H"))),
    "deal": lambda args, rest: Deal(tuple(_by_order(NOGGINATE.parse_cards(part)) for part in rest.split("/"))),
    "upcard": lambda args, rest: Upcard(NOGGINATE.parse(_one(args, "upcard 7H"))),
    "drawn": _drawn,
    "combine": _combine,
    "handsoff": lambda args, rest: HandsOff(_ids(args, 1, "handsoff m3")[0]),
    "resurrect": lambda args, rest: Resurrect(_ids(args, 1, "resurrect m3")[0]),
    "jokernate": _jokernate,
    "reconfigure": _reconfigure,
    "remove": _remove,
    "show": lambda args, rest: Show(NOGGINATE.parse(_one(args, "show 7H"))),
    "tell": _tell,
    "steal": _steal,
    "cheatnate": _cheatnate,
    "give": _give,
    "dealer": _dealer,
}
