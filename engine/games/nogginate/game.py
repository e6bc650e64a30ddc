"""Nogginate: Samba-like partnership rummy with a 162-card deck (rules NG-1 to NG-54 in ``rules.md``).

A :class:`NogginateState` is a whole match: rounds until a team reaches 10,000
(NG-54), or ``fixed_rounds``. With ``use_cheat_cards`` the cheat deck (NG-11, NG-12) is a
second stock with its own dead discard pile, and the nine powers (NG-C1 to NG-C9) are
actions of the meld phase (:mod:`engine.games.nogginate.cheats`).

Chance steps and their notation (the stock is an unordered pool; every card taken
from it is a chance step):

* ``dealer 2``: the first dealer, at random (NG-5);
* ``deal <seat 0> / <seat 1> / ...``: each seat's 15 cards, sorted (NG-13);
* ``upcard 7H``: the card turned to start the discard pile (NG-14);
* ``drawn 7H 3S``: the cards the player to move draws (NG-26a, NG-29: one card when one
  is left; cheat cards from the cheat stock, e.g. ``drawn 7H STL``), seen only by that
  player (the others observe ``drawn 2``: which stocks it came from is public).

Player actions, one meld or one card at a time (NG-26a):

* acquire (NG-26 step 1): ``draw`` (two cards from the custom stock; with the stock empty
  it ends the round, NG-31), ``draw 1c1x`` and ``draw 2x`` (one custom and one cheat card,
  two cheat cards: NG-26, NG-29 to NG-31), ``pile 7H 7D`` (take the whole pile, melding the top card
  with these two naturals as a new Nate, NG-36), ``pile 7H 7D m4`` (the same onto the
  team's Nate m4), ``onto m3`` (the top card onto the team's open Noggi m3, NG-37);
* meld phase (step 2): ``noggi 4S 5S 6S`` and ``nate 7C 7D JK`` (a new meld's first three
  cards), ``add m3 7H`` (one card onto a team meld), ``close m3`` (NG-17), ``merge m2 m5``
  (NG-24), ``bonus`` (NG-47), ``freezenate FZ FZ FZ`` (NG-22, the going-out turn only),
  ``ask`` ("Partner, may I go out?", NG-45), the cheat powers and ``cheatnate`` (see
  :mod:`engine.games.nogginate.cheats`);
* the partner's answer: ``yes`` / ``no`` (NG-45); ``give 7H s2``: a card a Steal returned,
  given by its team to one of its players (NG-C8, ``team_choice``);
* end (step 3): ``discard 7H``, ``out`` (no card left, NG-42), ``pass`` (one card left and
  not going out, NG-44).

Pending commitments (no dead ends, no take-backs): once a team that is not down starts
melding, the turn cannot end before the minimum is met (NG-32, NG-32a), and only melds
after which it can still be met are offered; a pile taken before going down waits
until the minimum is met from the hand (NG-36 step 3).
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from dataclasses import dataclass, replace
from typing import Callable, ClassVar, Literal, Sequence, cast

from engine.cards import NOGGINATE, Card, cards_text, forget_one, insert_sorted, nogginate_deck, pretty_text
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
from engine.grammar import agree, article, plural
from engine.games.nogginate.cheats import (
    HANDS_OFF,
    JOKERNATE_CARD,
    POWER_CARD,
    SHOW,
    TELL,
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
    after_steal,
    cheat_cards,
    cheat_nate_problem,
    combine_problem,
    combined,
    reconfigure_problem,
    remove_problem,
    removed,
    steal_problem,
    without_card,
)
from engine.games.nogginate.melds import (
    BONUS,
    CHEAT_NATE,
    FREEZE,
    FREEZE_NATE,
    CLOSE_AT,
    JOKER,
    JOKERNATE,
    NATE,
    NOGGI,
    NOGGI_CLOSE_AT,
    TableMeld,
    add_problem,
    can_place,
    merged_nate,
    card_value,
    minimum_for,
    nate_problem,
    nate_shape_ok,
    new_meld,
    noggi_problem,
    unit_weight,
)
from engine.match import match_winners
from engine.variants import option
from engine.inputs import brief

HAND_SIZE = 15  # NG-13
TARGET = 10_000  # NG-54
BONUS_PENALTY_HELD = 750  # NG-50
OUT_BONUS = 200  # NG-46


# ---------------------------------------------------------------------------
# Variant
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class NogginateVariant:
    """House rules for Nogginate (the configuration summary of ``rules.md``)."""

    use_cheat_cards: bool = option(
        False, rule="NG-11", help="include the cheat deck: a second stock of 54 power cards (42 without Show "
                                  "and Tell in games without partners) and its dead discard pile")
    show_tell_in_individual_games: bool = option(
        False, rule="NG-12", help="keep Show and Tell in the cheat deck of 2, 3 and 5 player games (without a "
                                  "partner they are only discarded or melded in a cheat-Nate)")
    six_player_teams: Literal["3x2", "2x3"] = option(
        "3x2", rule="NG-4", choices=("3x2", "2x3"),
        help='six players: "3x2" three partnerships of two (seats 0+3, 1+4, 2+5) or "2x3" two teams of three')
    auto_close_noggis_at_round_end: bool = option(
        False, rule="NG-17", help="an open Noggi of 7 or more cards counts as closed at scoring")
    cheat_nate_mixed_types: bool = option(
        False, rule="NG-22",
        help="a cheat-Nate (3+ cheat cards melded on the turn you go out) may mix cheat card types")
    last_custom_card_topup_from_cheat: bool = option(
        False, rule="NG-29",
        help="with one custom card left, 'draw 1c1x' may take it and one cheat card (cheat cards)")
    min_meld_when_negative: int = option(
        50, rule="NG-32", min=0, max=150, help="the initial-meld minimum of a team with a negative score")
    all_bonus_penalty: int = option(
        600, rule="NG-49", min=0, max=10_000,
        help="the penalty when a team that does not qualify melded all 6 Bonus cards")
    score_melded_card_values: bool = option(
        False, rule="NG-52", help="Samba style: add the point values of every melded card")
    hands_off_single_use: bool = option(
        False, rule="NG-C2",
        help="Hands Off blocks one Steal, then it and the Steal card go to the cheat discard pile (off: it "
             "protects its meld for the rest of the round; cheat cards)")
    steal_return_policy: Literal["next_to_play", "team_choice", "fewest_cards"] = option(
        "next_to_play", rule="NG-C8", choices=("next_to_play", "team_choice", "fewest_cards"),
        help='who gets the cards a Steal breaks off a meld: "next_to_play" the owning team\'s next player, '
             '"team_choice" that player gives each card to one of the team, "fewest_cards" the team\'s player with '
             'the fewest cards (cheat cards)')
    max_go_out_asks_per_round: int | None = option(
        None, rule="NG-45", min=1, max=100,
        help='"Partner, may I go out?" questions each team may ask in a round (omit: one per turn, no cap)')
    tie_policy: Literal["play_on", "shared"] = option(
        "play_on", rule="NG-54", choices=("play_on", "shared"),
        help='teams tied for the lead at 10,000 or more: "play_on" another round, or "shared" win')
    fixed_rounds: int | None = option(
        None, rule="NG-54", min=1, max=200,
        help="play this many rounds instead of to 10,000; the highest total wins (omit: play to 10,000; "
             "at most 200: NG-54b)")
    max_rounds: int = option(
        100, rule="NG-54a", min=1, max=200,
        help="a match to 10,000 still undecided after this many rounds ends; the highest total wins, tied "
             "leaders share (a safety cap that keeps every match finite)")

    def problems(self) -> list[tuple[str, str]]:
        """Combinations that cannot be played, as ``(option, message)`` pairs (none: every
        combination of Nogginate's options is playable)."""
        return []


@functools.lru_cache(maxsize=1)
def _deck() -> tuple[Card, ...]:
    return tuple(nogginate_deck())


@functools.lru_cache(maxsize=1)
def _deck_dict() -> dict[Card, int]:
    return dict(Counter(_deck()))


@functools.lru_cache(maxsize=16)
def _cheat_deck(variant: "NogginateVariant", partnership: bool) -> tuple[Card, ...]:
    """NG-11/NG-12: the game's cheat deck (empty without ``use_cheat_cards``)."""
    if not variant.use_cheat_cards:
        return ()
    return tuple(cheat_cards(not partnership, variant.show_tell_in_individual_games))


@functools.lru_cache(maxsize=1)
def _faces() -> tuple[Card, ...]:
    """The deck's faces, each once, in card order."""
    return tuple(sorted(_deck_dict(), key=lambda c: c.order))


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


#: One ``Discard`` per face, shared by every legal list (actions are immutable values).
_DISCARDS: dict[Card, Discard] = {}
DRAW, BONUS_ACT, ASK, YES, NO, OUT, PASS = Draw(), PlaceBonus(), Ask(), Answer(True), Answer(False), GoOut(), \
    PassTurn()
DRAW_MIXED, DRAW_CHEATS, JOKERNATE_ACT = Draw("1c1x"), Draw("2x"), StartJokernate()
#: Tell's menu (NG-C7), in a fixed order: the plain recommendations, then those naming a rank.
_TELL_ACTS = tuple(Tell(a) for a in TELLS if a not in TELL_RANKED) + tuple(
    Tell(a, r) for a in TELL_RANKED for r in range(11))


def _meld_id(token: str) -> int:
    t = token.strip().lower()
    if len(t) < 2 or t[0] != "m" or not t[1:].isdigit() or int(t[1:]) < 1:
        raise ValueError(f"expected a meld id such as m3, found {token!r}")
    return int(t[1:])


def _sorted3(cards: list[Card], kind: str) -> tuple[Card, Card, Card]:
    if len(cards) != 3:
        raise ActionParseError(f"a new {kind} is laid with exactly 3 cards; grow it with 'add' (NG-26a)")
    key = (lambda c: c.rank) if kind == "Noggi" else (lambda c: c.order)
    return cast("tuple[Card, Card, Card]", tuple(sorted(cards, key=key)))


def parse_nogginate_action(text: str) -> Action:
    """Parse Nogginate notation (see the module docstring).

    Raises:
        ActionParseError: for an unknown verb, a bad card or meld id, or a wrong count.
    """
    return parse_notation(text, _parse_verb, "Nogginate",
                          "draw, pile, onto, noggi, nate, add, close, merge, bonus, freezenate, ask, yes, no, "
                          "discard, out, pass, combine, handsoff, jokernate, reconfigure, remove, resurrect, show, "
                          "tell, steal, cheatnate, give")


_BARE = {"bonus": BONUS_ACT, "ask": ASK, "yes": YES, "no": NO, "out": OUT, "pass": PASS}


def _ids(args: list[str], n: int, example: str) -> list[int]:
    if len(args) != n:
        raise ActionParseError(f"write e.g. {brief(example)}")
    return [_meld_id(a) for a in args]


def _parse_verb(verb: str, rest: str) -> Action | None:
    args = rest.split()
    if verb == "draw":
        if not args:
            return DRAW
        if len(args) != 1 or args[0].lower() not in DRAW_KINDS:
            raise ActionParseError("write 'draw' (two custom cards), 'draw 1c1x' or 'draw 2x' (NG-26)")
        return Draw(args[0].lower())
    if verb in _BARE:
        if args:
            raise ActionParseError(f"{brief(verb)} takes no arguments")
        return _BARE[verb]
    cards = NOGGINATE.parse_cards
    if verb == "pile":
        mid = None
        if args and args[-1].lower().startswith("m") and args[-1][1:].isdigit():
            mid = _meld_id(args.pop())
        cs = sorted(cards(" ".join(args)), key=lambda c: c.order)
        if len(cs) != 2:
            raise ActionParseError("name the two naturals you meld with the top card, e.g. 'pile 7H 7D' (NG-36)")
        return TakePile((cs[0], cs[1]), mid)
    if verb == "onto":
        if len(args) != 1:
            raise ActionParseError("write e.g. 'onto m3'")
        return Onto(_meld_id(args[0]))
    if verb == "noggi":
        return NewNoggi(_sorted3(cards(rest), "Noggi"))
    if verb == "nate":
        return NewNate(_sorted3(cards(rest), "Nate"))
    if verb == "add":
        if len(args) != 2:
            raise ActionParseError("write e.g. 'add m3 7H'")
        return Add(_meld_id(args[0]), NOGGINATE.parse(args[1]))
    if verb == "close":
        if len(args) != 1:
            raise ActionParseError("write e.g. 'close m3'")
        return Close(_meld_id(args[0]))
    if verb == "merge":
        if len(args) != 2:
            raise ActionParseError("write e.g. 'merge m2 m5'")
        a, b = sorted((_meld_id(args[0]), _meld_id(args[1])))
        return Merge(a, b)
    if verb == "freezenate":
        cs = cards(rest)
        if len(cs) < 3 or any(c is not FREEZE for c in cs):
            raise ActionParseError("a Freeze-Nate is 3 or more Freeze cards, e.g. 'freezenate FZ FZ FZ' (NG-22)")
        return FreezeNate(len(cs))
    if verb == "discard":
        if len(args) != 1:
            raise ActionParseError("write e.g. 'discard 7H'")
        return Discard(NOGGINATE.parse(args[0]))
    if verb == "deal":
        return Deal(tuple(tuple(sorted(cards(part), key=lambda c: c.order)) for part in rest.split("/")))
    if verb == "upcard":
        if len(args) != 1:
            raise ActionParseError("write e.g. 'upcard 7H'")
        return Upcard(NOGGINATE.parse(args[0]))
    if verb == "drawn":
        cs = cards(rest)
        if not 1 <= len(cs) <= 2:
            raise ActionParseError("write e.g. 'drawn 7H 3S'")
        return Drawn(tuple(sorted(cs, key=lambda c: c.order)))
    cheat = _parse_cheat(verb, args, rest)
    if cheat is not None:
        return cheat
    if verb == "dealer":
        if len(args) != 1 or not args[0].isdigit():
            raise ActionParseError("write e.g. 'dealer 2'")
        return ChooseDealer(int(args[0]))
    return None


def _parse_cheat(verb: str, args: list[str], rest: str) -> Action | None:
    """The cheat powers' notation (:mod:`engine.games.nogginate.cheats`)."""
    card = NOGGINATE.parse
    if verb == "combine":
        a, b = sorted(_ids(args, 2, "combine m2 m5"))
        return Combine(a, b)
    if verb == "handsoff":
        return HandsOff(_ids(args, 1, "handsoff m3")[0])
    if verb == "resurrect":
        return Resurrect(_ids(args, 1, "resurrect m3")[0])
    if verb == "jokernate":
        if [c.upper() for c in args] != ["JK", "JK", "JK"]:
            raise ActionParseError("a Jokernate starts with three jokers: 'jokernate JK JK JK'; grow it with 'add' "
                                   "(NG-C3, NG-26a)")
        return JOKERNATE_ACT
    if verb == "reconfigure":
        if len(args) != 3:
            raise ActionParseError("write e.g. 'reconfigure m4 m2 7H' (from the Nate m4 onto the Noggi m2)")
        return Reconfigure(_meld_id(args[0]), _meld_id(args[1]), card(args[2]))
    if verb == "remove":
        if not 2 <= len(args) <= 3:
            raise ActionParseError("write e.g. 'remove m4 7H' (a natural for each joker of the Nate)")
        return Remove(_meld_id(args[0]), tuple(sorted((card(a) for a in args[1:]), key=lambda c: c.order)))
    if verb == "show":
        if len(args) != 1:
            raise ActionParseError("write e.g. 'show 7H'")
        return Show(card(args[0]))
    if verb == "tell":
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
    if verb == "steal":
        if len(args) != 3:
            raise ActionParseError("write e.g. 'steal m5 7H m2' (the card from m5 onto your m2)")
        return Steal(_meld_id(args[0]), card(args[1]), _meld_id(args[2]))
    if verb == "cheatnate":
        cs = NOGGINATE.parse_cards(rest)
        if len(cs) < 3 or any(not c.is_cheat for c in cs):
            raise ActionParseError("a cheat-Nate is 3 or more cheat cards, e.g. 'cheatnate STL STL STL' (NG-22)")
        return CheatNate(tuple(sorted(cs, key=lambda c: c.order)))
    if verb == "give":
        if len(args) != 2 or not args[1].lower().startswith("s") or not args[1][1:].isdigit():
            raise ActionParseError("write e.g. 'give 7H s2'")
        return Give(card(args[0]), int(args[1][1:]))
    return None


# ---------------------------------------------------------------------------
# The turn's legality, shared by the state and the view
# ---------------------------------------------------------------------------

(P_DEALER, P_DEAL, P_UPCARD, P_ACQUIRE, P_DRAW, P_MELD, P_ANSWER, P_OVER, P_RETURN) = range(9)
PHASE_NAMES = ("dealer", "deal", "upcard", "acquire", "draw", "meld", "answer", "over", "return")
_CHANCE_PHASES = frozenset((P_DEALER, P_DEAL, P_UPCARD, P_DRAW))


def _order(c: Card) -> int:
    return c.order


def _rank(c: Card) -> int:
    return c.rank


#: Moves that name several cards: how many (None: any number) and the order the notation writes
#: them in (``parse_nogginate_action``), the only order the legal list holds.
_CARD_SHAPES: dict[type, tuple[int | None, Callable[[Card], int], str]] = {
    NewNoggi: (3, _rank, "a new Noggi is laid with exactly 3 cards; grow it with 'add' (NG-26a)"),
    NewNate: (3, _order, "a new Nate is laid with exactly 3 cards; grow it with 'add' (NG-26a)"),
    TakePile: (2, _order, "name the two naturals you meld with the top card, e.g. 'pile 7H 7D' (NG-36)"),
    CheatNate: (None, _order, ""),
    Remove: (None, _order, ""),
}


def _shape_problem(action: Action) -> str | None:
    """Why a move naming cards has a shape the notation never writes (a new Nate of 4 cards, a pile
    take of 1, cards out of card order), or None. Such a move is in no legal list, so ``is_legal``
    refuses it too (found by the near misses of ``benchmarks/fuzz.py``)."""
    shape = _CARD_SHAPES.get(type(action))
    if shape is None:
        return None
    count, key, wrong_count = shape
    cards = action.cards  # type: ignore[attr-defined]
    if count is not None and len(cards) != count:
        return wrong_count
    if any(key(b) < key(a) for a, b in zip(cards, cards[1:])):
        return f"name the cards in card order: {cards_text(sorted(cards, key=key))}"
    return None


def _closed_count(melds: Sequence[TableMeld]) -> int:
    """NG-43: closed Noggis, Nates and Jokernates among ``melds`` (Freeze-Nates and cheat-Nates
    never count); a Nate resurrected this turn with 7+ cards counts, since it closes again as
    the turn ends (NG-C5a)."""
    return sum(1 for m in melds if (m.closed or (m.held_open and len(m.cards) >= CLOSE_AT))
               and m.kind != FREEZE_NATE and m.kind != CHEAT_NATE)


def _closable(melds: Sequence[TableMeld]) -> int:
    """NG-17: open Noggis of 7 or more cards (the player could close them this turn)."""
    return sum(1 for m in melds if m.kind == NOGGI and not m.closed and len(m.cards) >= NOGGI_CLOSE_AT)


def _place_shapes(melds: Sequence[TableMeld]) -> tuple[list, list]:
    """The team melds cards may be added to, as :func:`can_place` wants them."""
    nates = [(m.rank, m.naturals, m.jokers) for m in melds if m.kind == NATE]
    noggis = [(int(cast(int, m.suit)), m.lo, m.hi) for m in melds if m.kind == NOGGI and not m.closed]
    return nates, noggis


#: NG-45e/k: answers of ``_Turn._able`` by hand and team melds (the search behind a "no" on a big hand
#: takes up to ~30 ms, and the legal list, the view's list and a bot may ask about one hand in turn).
_ABLE: dict[tuple, bool] = {}
_ABLE_SIZE = 20_000


def _less(hand: Counter, cards: Sequence[Card]) -> Counter:
    out = Counter(hand)
    out.subtract(cards)
    return out


def _holds(hand: Counter, cards: Sequence[Card]) -> bool:
    """Whether the multiset ``hand`` contains every card of ``cards`` (with repeats)."""
    for i, c in enumerate(cards):  # the copies of c up to here (cards has 1 to 3 entries)
        k = 1
        for d in cards[:i]:
            if d is c:
                k += 1
        if hand.get(c, 0) < k:
            return False
    return True


def _reopened(m: TableMeld) -> TableMeld:
    """NG-C5: ``m`` resurrected: open; a Nate or Jokernate is held open until the turn ends."""
    return TableMeld(m.id, m.team, m.kind, m.cards, False, m.guards, m.kind != NOGGI)


_SPOILS = "your partner said yes: you must go out this turn, and after this you no longer could (NG-45e, NG-45i)"


class _Turn:
    """The seat to move's situation, built by the state and by the view from the same
    fields, so both give one answer for every action (NG-26 to NG-45)."""

    __slots__ = ("v", "phase", "seat", "team", "partnership", "hand", "melds", "team_melds", "discards",
                 "stock", "down", "need", "pile_rest", "asked", "permission", "ask_left", "minimum", "_counts",
                 "cheat_stock", "returning", "return_seats")

    def __init__(self, v: "NogginateVariant", phase: int, seat: int, team: int, partnership: bool,
                 hand: Sequence[Card], melds: Sequence[TableMeld], discards: Sequence[Card], stock: int, down: bool,
                 need: int, pile_rest: bool, asked: bool, permission: int, ask_left: bool, minimum: int,
                 cheat_stock: int = 0, returning: Sequence[Card] = (), return_seats: Sequence[int] = ()) -> None:
        self.v, self.phase, self.seat, self.team, self.partnership = v, phase, seat, team, partnership
        self.hand, self.melds, self.discards, self.stock, self.down = hand, melds, discards, stock, down
        self.team_melds = [m for m in melds if m.team == team]
        self.need, self.pile_rest, self.asked, self.permission = need, pile_rest, asked, permission
        self.ask_left, self.minimum = ask_left, minimum
        self.cheat_stock, self.returning, self.return_seats = cheat_stock, returning, return_seats
        self._counts: Counter | None = None

    @property
    def counts(self) -> Counter:
        if self._counts is None:
            self._counts = Counter(self.hand)
        return self._counts

    def meld(self, mid: int) -> TableMeld | None:
        for m in self.melds:
            if m.id == mid:
                return m
        return None

    # -- going out ---------------------------------------------------------------
    def may_go_out_now(self) -> bool:
        """NG-43/NG-45: the team has two closed melds and (in a partnership) the partner said yes."""
        return _closed_count(self.team_melds) >= 2 and (not self.partnership or self.permission == 1)

    def may_empty(self, team_melds: Sequence[TableMeld]) -> bool:
        """Whether the hand may become empty with ``team_melds`` on the table: NG-43 is met or
        can be by closing Noggis, and (NG-45a) the partner said yes."""
        return (_closed_count(team_melds) + _closable(team_melds) >= 2
                and (not self.partnership or self.permission == 1))

    def able_to_go_out(self) -> bool:
        """NG-45e: whether the player can still empty the hand this turn (all cards melded,
        or all but one and that one discarded)."""
        return self._able(self.counts, self.team_melds)

    def _spoils(self, hand: Counter, team_melds: Sequence[TableMeld]) -> bool:
        """NG-45e: after "yes", whether a move leaving ``hand`` and ``team_melds`` would spoil
        a going out the player is still able to make."""
        return self.permission == 1 and not self._able(hand, team_melds) and self.able_to_go_out()

    def _stuck(self, c: Counter) -> int:
        """Special cards of the hand ``c`` that could only be the going-out discard: Freeze cards
        fewer than 3 (NG-22), cheat cards that no cheat-Nate takes, except Show and Tell between
        partners, which are always playable (NG-45j: the other powers are not searched)."""
        fz = c.get(FREEZE, 0)
        n = fz if fz < 3 else 0
        if not self.v.use_cheat_cards:
            return n + sum(k for x, k in c.items() if x.is_cheat)
        own = total = 0
        for x, k in c.items():
            if x.is_cheat and k > 0:
                if self.partnership and (x is SHOW or x is TELL):
                    continue
                total += k
                if k < 3:
                    own += k
        if self.v.cheat_nate_mixed_types:
            return n + (0 if total >= 3 else total)
        return n + own

    def _specials_last(self, rest: Counter) -> bool:
        """NG-22a/NG-22b: after a Freeze-Nate or cheat-Nate the hand ``rest`` holds nothing but
        other such groups and at most one card to discard."""
        plain = sum(k for x, k in rest.items() if k > 0 and (x.is_natural or x.is_joker or x is BONUS))
        return plain + self._stuck(rest) <= 1

    def _able(self, c: Counter, team_melds: Sequence[TableMeld]) -> bool:
        stuck = self._stuck(c)
        if stuck > 1:
            return False
        m = sum(k for x, k in c.items() if x.is_natural or x.is_joker)
        if m == 0:
            return True
        nates, noggis = _place_shapes(team_melds)
        cards = Counter({x: k for x, k in c.items() if x.is_natural or x.is_joker})
        jn = any(t.kind == JOKERNATE for t in team_melds)
        # the cards in their order (the search tries them in it) and the melds as they are: equal keys, equal answers
        key = (stuck, jn, tuple((x.order, k) for x, k in cards.items()), tuple(nates), tuple(noggis))
        known = _ABLE.get(key)
        if known is None:
            if len(_ABLE) >= _ABLE_SIZE:
                _ABLE.clear()
            known = _ABLE[key] = self._able_search(cards, nates, noggis, m, stuck, jn)
        return known

    def _able_search(self, cards: Counter, nates: list, noggis: list, m: int, stuck: int, jn: bool) -> bool:
        if not jn:
            return can_place(cards, nates, noggis, m - (1 - stuck), 0, unit_weight)
        # NG-23: the team's Jokernate, open or closed, takes any number of jokers: some jokers may go into
        # Nates (j of them), the rest onto the Jokernate
        jokers = cards.pop(JOKER, 0)
        for j in range(jokers + 1):
            if j:
                cards[JOKER] = j
            if can_place(cards, nates, noggis, m - jokers + j - (1 - stuck), 0, unit_weight):
                return True
        return False

    def pass_ok(self) -> bool:
        """NG-44 (NG-44a): ``pass`` with exactly one card, when the player may not go out."""
        if len(self.hand) != 1 or self.need > 0:
            return False
        if _closed_count(self.team_melds) < 2:
            return True
        if not self.partnership:
            return False
        if self.permission == 0:
            return True
        if self.permission == 1:
            return False
        return self.asked or not self.ask_left

    def ask_ok(self) -> bool:
        """NG-45b/c/k: a partnership player may ask once a turn, when the team meets NG-43 or
        will once it closes Noggis it can close, and the hand can still be emptied this turn."""
        return (self.partnership and not self.asked and self.ask_left and self.need <= 0
                and _closed_count(self.team_melds) + _closable(self.team_melds) >= 2 and self.able_to_go_out())

    def bound_to_go_out(self) -> bool:
        """NG-45e/k: after "yes" the player must go out if still able; a yes after which
        going out is no longer possible binds no more."""
        return self.permission == 1 and self.able_to_go_out()

    # -- melding -------------------------------------------------------------------
    def _keep(self) -> int:
        """Cards that must stay in hand while the minimum is pending (NG-32a): one, or none
        while a taken pile is waiting to join the hand (NG-36)."""
        return 0 if self.pile_rest and len(self.discards) > 0 else 1

    def _meld_problem(self, used: Sequence[Card], after_fn: Callable[[], list[TableMeld]],
                      points: int) -> str | None:
        """The common checks of a meld or add that uses ``used`` from the hand and leaves the
        team's melds as ``after_fn()`` (called only when needed): the pending minimum (NG-32a)
        and an empty hand (NG-43, NG-45a)."""
        left = len(self.hand) - len(used)
        if self.down and left > 0 and self.permission != 1:  # the common case: nothing to check
            return None
        after = after_fn()
        if not self.down:
            need = (self.need if self.need > 0 else self.minimum) - points
            if need > 0:
                nates, noggis = _place_shapes(after)
                if not can_place(_less(self.counts, used), nates, noggis, need, self._keep()):
                    return (f"the initial meld must reach {self.minimum} points this turn and these cards leave no "
                            f"way to reach it (NG-32)")
                return None
            if self.pile_rest and self.discards:
                return None  # the minimum is met: the rest of the pile joins the hand (NG-36 step 4)
        if left == 0 and not self.may_empty(after):
            return self._empty_problem()
        if left > 0 and self._spoils(_less(self.counts, used), after):
            return _SPOILS
        return None

    def _empty_problem(self) -> str:
        if _closed_count(self.team_melds) + _closable(self.team_melds) < 2 or not self.partnership:
            return "you may not meld your last card: your team needs two closed melds to go out (NG-43, NG-44)"
        if self.permission == 0:
            return "your partner said no: you may not go out this turn (NG-45e)"
        return "ask your partner first: \"Partner, may I go out?\" (NG-45a)"

    def _with(self, m: TableMeld) -> list[TableMeld]:
        return [x for x in self.team_melds if x.id != m.id] + [m]

    def why(self, action: Action) -> str | None:
        """None if ``action`` is legal, else a sentence naming the rule that forbids it."""
        p, cls = self.phase, type(action)
        if cls in _CARD_SHAPES:
            shape = _shape_problem(action)
            if shape:
                return shape
        if p == P_ANSWER:
            return None if cls is Answer else "your partner asked \"may I go out?\": answer yes or no (NG-45d)"
        if p == P_RETURN:
            return self._give_problem(action)
        if p == P_ACQUIRE:
            if cls is Draw:
                return self._draw_problem(cast(Draw, action))
            if cls is TakePile:
                return self._pile_problem(cast(TakePile, action))
            if cls is Onto:
                return self._onto_problem(cast(Onto, action))
            return "first draw, take the pile or take the top card onto a Noggi (NG-26)"
        if p != P_MELD:
            return "it is not a player's move now"
        if cls in (Draw, TakePile, Onto):
            return "you have acquired this turn already: meld, then discard (NG-26)"
        if cls is Answer:
            return "nobody asked you a question"
        hand = self.counts
        if self.need > 0 and cls not in (NewNoggi, NewNate, Add, StartJokernate):
            return (f"finish the initial meld first: {self.need} more points from your hand this turn "
                    f"(NG-32; minimum {self.minimum})")
        if cls in POWER_CARD:
            return self._power_problem(action, cls)
        if cls is CheatNate:
            return self._cheat_nate_problem(cast(CheatNate, action).cards)
        if cls is Give:
            return "no cards are being returned"
        if cls is NewNoggi or cls is NewNate:
            return self._new_problem(cls is NewNoggi, cast("NewNoggi | NewNate", action).cards)
        if cls is Add:
            ad = cast(Add, action)
            return self._add_problem(ad.meld, ad.card)
        if cls is Close:
            noggi = self.meld(cast(Close, action).meld)
            if noggi is None or noggi.team != self.team:
                return "close one of your team's Noggis (NG-17)"
            if noggi.kind != NOGGI:
                return "Nates close by themselves at 7 cards; only a Noggi is closed by choice (NG-17, NG-21)"
            if noggi.closed:
                return f"{noggi.label()} is closed already (NG-17)"
            if len(noggi.cards) < NOGGI_CLOSE_AT:
                return f"a Noggi is closed with 7 or more cards; {noggi.label()} has {len(noggi.cards)} (NG-17)"
            if self._spoils(self.counts, self._with(replace(noggi, closed=True))):
                return _SPOILS
            return None
        if cls is Merge:
            mg = cast(Merge, action)
            ma, mb = self.meld(mg.a), self.meld(mg.b)
            if ma is None or mb is None or ma.team != self.team or mb.team != self.team or ma.id == mb.id:
                return "merge two of your team's Nates (NG-24)"
            if ma.kind != NATE or mb.kind != NATE:
                return "only Nates are merged; two Noggis join only with Combine (NG-19, NG-24)"
            if ma.closed or mb.closed:
                return "only two open Nates are merged; add cards to a closed Nate instead (NG-24)"
            if ma.rank != mb.rank:
                return "merge two Nates of the same rank (NG-24)"
            if not nate_shape_ok(ma.naturals + mb.naturals, ma.jokers + mb.jokers):
                return "the merged Nate would break NG-20 (at most 2 jokers, twice as many numeric cards) (NG-24)"
            if self.permission == 1:
                merged = merged_nate(ma, mb)
                if self._spoils(self.counts, [x for x in self.team_melds if x.id not in (ma.id, mb.id)] + [merged]):
                    return _SPOILS
            return None
        if cls is PlaceBonus:
            if hand.get(BONUS, 0) < 1:
                return "you hold no Bonus card"
            if len(self.hand) == 1 and not self.may_empty(self.team_melds):
                return self._empty_problem()
            return None
        if cls is FreezeNate:
            n = cast(FreezeNate, action).count
            have = hand.get(FREEZE, 0)
            if have < 3:
                return "a Freeze-Nate needs 3 or more Freeze cards (NG-22)"
            if n != have:
                return f"meld all your {have} Freeze cards in the Freeze-Nate (NG-22a)"
            if not self._specials_last(_less(hand, [FREEZE] * n)):
                return ("a Freeze-Nate is melded only on the turn you go out: meld it last, with at most one card "
                        "left to discard (NG-22a)")
            if not self.may_empty(self.team_melds):
                return "a Freeze-Nate is melded only on the turn you go out (NG-22): " + self._empty_problem()
            if _closed_count(self.team_melds) < 2:  # else a pass could follow it (NG-44)
                return ("a Freeze-Nate is melded only on the turn you go out (NG-22a): close your Noggi first, so "
                        "that your team has its two closed melds (NG-43)")
            return None
        if cls is Ask:
            if not self.partnership:
                return "in a game without partners nobody is asked; go out when your team may (NG-45g)"
            if self.asked:
                return "you asked this turn already (NG-45c)"
            if not self.ask_left:
                return "your team has asked as often as the house rules allow this round (NG-45c)"
            if _closed_count(self.team_melds) + _closable(self.team_melds) < 2:
                return "ask only when your team has two closed melds, or will once you close a Noggi (NG-45b)"
            if not self.able_to_go_out():
                return "you cannot empty your hand this turn, so there is nothing to ask yet (NG-45k)"
            return None
        if cls is Discard:
            c = cast(Discard, action).card
            if hand.get(c, 0) < 1:
                return f"you do not hold {c.pretty}"
            if len(self.hand) == 1:
                if self.may_go_out_now():
                    return None
                if _closed_count(self.team_melds) < 2:
                    return ("discarding your last card would be going out, and your team needs two closed melds: "
                            "say pass and keep it (NG-43, NG-44)")
                if self.permission == 0:
                    return "your partner said no: keep your last card and say pass (NG-45e)"
                return "ask your partner before you go out (NG-45a)"
            if self.bound_to_go_out():
                return "your partner said yes: you must go out this turn, and you still can (NG-45e)"
            return None
        if cls is GoOut:
            if self.hand:
                return "you still hold cards: meld them or discard one to go out (NG-42)"
            if _closed_count(self.team_melds) < 2:
                return "close a Noggi first: your team needs two closed melds to go out (NG-43)"
            return None
        if cls is PassTurn:
            if len(self.hand) != 1:
                return "pass only with exactly one card left (NG-44)"
            if self.pass_ok():
                return None
            if self.permission == 1 or not self.partnership:
                return "you may go out: discard your last card (NG-44 allows a pass only when you may not)"
            return "ask your partner first; pass only if the answer is no (NG-44, NG-45)"
        return f"{pretty_text(str(action))} is not a move now"

    # -- cheat cards -----------------------------------------------------------------
    def _draw_problem(self, d: Draw) -> str | None:
        """NG-26(a), NG-28 to NG-31 (NG-30a): whether the draw ``d`` is possible."""
        if d.kind == "2c":
            return None
        if not self.v.use_cheat_cards:
            return "this table plays without cheat cards: draw two custom cards (NG-28)"
        if self.stock == 0:
            return "the custom stock is empty: no cheat cards may be drawn (NG-31)"
        if self.cheat_stock < d.cheats:
            if self.cheat_stock == 0:
                return "the cheat stock is empty, and its discard pile is never reshuffled (NG-30)"
            return "the cheat stock holds one card: draw 1c1x takes it with a custom card (NG-30a)"
        if d.kind == "1c1x" and self.stock == 1 and not self.v.last_custom_card_topup_from_cheat:
            return ("one custom card is left: a draw takes just that card, and the second is not made up from the "
                    "cheat stock (NG-29); 'draw 2x' takes two cheat cards")
        return None

    def _after_power(self, used: Sequence[Card], gained: Sequence[Card], after: list[TableMeld]) -> str | None:
        """The checks every power shares: an empty hand needs NG-43 (and NG-45a), and after a
        partner's "yes" nothing may spoil a going out (NG-45e, NG-45i)."""
        left = len(self.hand) - len(used) + len(gained)
        if left == 0 and not self.may_empty(after):
            return self._empty_problem()
        if left > 0 and self.permission == 1:
            h = _less(self.counts, used)
            h.update(gained)
            if self._spoils(h, after):
                return _SPOILS
        return None

    def _own(self, mid: int, what: str, rule: str) -> TableMeld | str:
        m = self.meld(mid)
        if m is None:
            return f"there is no meld m{mid}"
        if m.team != self.team:
            return f"m{mid} belongs to another team: {what} ({rule})"
        return m

    def _power_problem(self, action: Action, cls: type) -> str | None:
        """NG-C0b to NG-C9: :meth:`why` for a cheat power (the phase is the meld phase)."""
        card = POWER_CARD[cls]
        name = card.kind.title
        if self.counts.get(card, 0) < 1:
            return f"you hold no {name} card"
        used: tuple[Card, ...] = (card,)
        if cls is Show or cls is Tell:
            if not self.partnership:
                return (f"{name} has no use without a partner (NG-12): discard it, or meld it in a cheat-Nate "
                        "(NG-22)")
            if cls is Show:
                c = cast(Show, action).card
                if _less(self.counts, used).get(c, 0) < 1:
                    return f"you hold no {c.pretty} to show (NG-C6)"
            elif cast(Tell, action) not in _TELL_ACTS:
                return "Tell recommends one of: " + ", ".join(TELLS) + " (NG-C7)"
            return self._after_power(used, (), self.team_melds)
        if cls is StartJokernate:
            if self.counts.get(JOKER, 0) < 3:
                return "a Jokernate needs the Jokernate card and 3 jokers from your hand (NG-C3, NG-23)"
            cards = (JOKER, JOKER, JOKER)
            return self._meld_problem(used + cards,
                                      lambda: self.team_melds + [new_meld(0, self.team, JOKERNATE, cards)],
                                      3 * card_value(JOKER))
        if not self.down:
            return f"{name} works on your team's melds: go down first (NG-C0d)"
        if cls is Combine:
            cb = cast(Combine, action)
            ma = self._own(cb.a, "Combine joins your team's own Noggis", "NG-C1")
            mb = self._own(cb.b, "Combine joins your team's own Noggis", "NG-C1")
            if isinstance(ma, str) or isinstance(mb, str):
                return ma if isinstance(ma, str) else cast(str, mb)
            why = combine_problem(ma, mb)
            if why:
                return why
            sup, extras = combined(ma, mb)
            return self._after_power(used, extras, [x for x in self.team_melds if x.id not in (ma.id, mb.id)] + [sup])
        if cls is HandsOff:
            m = self._own(cast(HandsOff, action).meld, "Hands Off protects your team's own meld", "NG-C2")
            if isinstance(m, str):
                return m
            if m.kind not in (NOGGI, NATE, JOKERNATE) or m.closed:
                return f"Hands Off goes on one of your team's open Noggis or Nates; {m.label()} is not (NG-C2)"
            return self._after_power(used, (), self.team_melds)
        if cls is Resurrect:
            m = self._own(cast(Resurrect, action).meld, "Resurrect reopens your team's own meld", "NG-C5")
            if isinstance(m, str):
                return m
            if m.kind not in (NOGGI, NATE, JOKERNATE) or not m.closed:
                return f"Resurrect reopens one of your team's closed Noggis or Nates; {m.label()} is not (NG-C5)"
            return self._after_power(used, (), self._with(_reopened(m)))
        if cls is Reconfigure:
            rc = cast(Reconfigure, action)
            nate = self._own(rc.nate, "Reconfigure moves cards between your team's own melds", "NG-C4")
            noggi = self._own(rc.noggi, "Reconfigure moves cards between your team's own melds", "NG-C4")
            if isinstance(nate, str) or isinstance(noggi, str):
                return nate if isinstance(nate, str) else cast(str, noggi)
            why = reconfigure_problem(nate, noggi, rc.card)
            if why:
                return why
            after = [x for x in self.team_melds if x.id not in (nate.id, noggi.id)]
            return self._after_power(used, (), after + [without_card(nate, rc.card), noggi.with_card(rc.card)])
        if cls is Remove:
            rm = cast(Remove, action)
            m = self._own(rm.meld, "Remove works on your team's own Nates", "NG-C9")
            if isinstance(m, str):
                return m
            why = remove_problem(m, rm.cards)
            if why:
                return why
            if not _holds(_less(self.counts, used), rm.cards):
                return f"you need {len(rm.cards)} natural {m.rank}s in your hand to replace the jokers (NG-C9)"
            return self._after_power(used + rm.cards, (JOKER,) * m.jokers, self._with(removed(m, rm.cards)))
        # Steal
        st = cast(Steal, action)
        victim = self.meld(st.victim)
        if victim is None:
            return f"there is no meld m{st.victim}"
        if victim.team == self.team:
            return "Steal takes from an opponent's meld, not your team's (NG-C8)"
        dest = self._own(st.dest, "the stolen card goes onto your team's own meld", "NG-C8")
        if isinstance(dest, str):
            return dest
        why = steal_problem(victim, st.card, dest)
        if why:
            return why
        if victim.guards:
            if not self.v.hands_off_single_use:
                return f"{victim.label()} has Hands Off: Steal cannot take from it (NG-C2)"
            return self._after_power(used, (), self.team_melds)  # the attempt is blocked (hands_off_single_use)
        return self._after_power(used, (), self._with(dest.with_card(st.card)))

    def _cheat_nate_problem(self, cards: tuple[Card, ...]) -> str | None:
        """NG-22 (NG-22a, NG-22b): a cheat-Nate, on the going-out turn, of all the hand's cards
        of its type (of all its cheat cards with ``cheat_nate_mixed_types``), melded last."""
        why = cheat_nate_problem(cards, self.v.cheat_nate_mixed_types)
        if why:
            return why
        if Counter(cards) - self.counts:
            return "you do not hold those cards"
        mixed = self.v.cheat_nate_mixed_types
        have = sum(k for x, k in self.counts.items() if x.is_cheat and (mixed or x is cards[0]))
        if have != len(cards):
            what = "cheat cards" if mixed else f"{cards[0].kind.title} cards"
            return f"meld all your {have} {what} in the cheat-Nate (NG-22b)"
        if not self._specials_last(_less(self.counts, cards)):
            return ("a cheat-Nate is melded only on the turn you go out: meld it last, with at most one card left "
                    "to discard (NG-22b)")
        if not self.may_empty(self.team_melds):
            return "a cheat-Nate is melded only on the turn you go out (NG-22): " + self._empty_problem()
        if _closed_count(self.team_melds) < 2:
            return ("a cheat-Nate is melded only on the turn you go out (NG-22b): close your Noggi first, so that "
                    "your team has its two closed melds (NG-43)")
        return None

    def _give_problem(self, action: Action) -> str | None:
        """NG-C8 (``team_choice``): who gets each card a Steal returned to this team."""
        if type(action) is not Give:
            return "a Steal returned cards to your team: give each to one of you, e.g. 'give 7H s2' (NG-C8)"
        g = cast(Give, action)
        if g.card not in self.returning:
            return f"{g.card.pretty} is not among the returned cards"
        if g.seat not in self.return_seats:
            return "give the card to a player of your team (NG-C8)"
        return None

    def _power_moves(self) -> list[Action]:
        """Every cheat power and cheat-Nate the hand could play now (checked by :meth:`why` after)."""
        hand = self.counts
        out: list[Action] = []
        team, melds = self.team_melds, self.melds
        open_team = [m for m in team if not m.closed and m.kind in (NOGGI, NATE, JOKERNATE)]
        if hand.get(POWER_CARD[Combine], 0):
            noggis = [m for m in open_team if m.kind == NOGGI]
            for i, a in enumerate(noggis):
                for b in noggis[i + 1:]:
                    if combine_problem(a, b) is None:
                        x, y = sorted((a.id, b.id))
                        out.append(Combine(x, y))
        if hand.get(HANDS_OFF, 0):
            out.extend(HandsOff(m.id) for m in open_team)
        if hand.get(JOKERNATE_CARD, 0) and hand.get(JOKER, 0) >= 3:
            out.append(JOKERNATE_ACT)
        if hand.get(POWER_CARD[Reconfigure], 0):
            for nate in open_team:
                if nate.kind == NATE:
                    for c in sorted({c for c in nate.cards if c.is_natural}, key=_order):
                        for nog in open_team:
                            if nog.kind == NOGGI and c.suit == nog.suit and c.rank in (nog.lo - 1, nog.hi + 1):
                                out.append(Reconfigure(nate.id, nog.id, c))
        if hand.get(POWER_CARD[Remove], 0):
            for m in open_team:
                if m.kind == NATE and m.jokers:
                    faces = sorted((c for c in hand if c.is_natural and c.rank == m.rank), key=_order)
                    if m.jokers == 1:
                        out.extend(Remove(m.id, (c,)) for c in faces)
                    else:
                        for i, a in enumerate(faces):
                            for b in faces[i:]:
                                if a is not b or hand[a] >= 2:
                                    out.append(Remove(m.id, (a, b)))
        if hand.get(POWER_CARD[Resurrect], 0):
            out.extend(Resurrect(m.id) for m in team if m.closed and m.kind in (NOGGI, NATE, JOKERNATE))
        if hand.get(POWER_CARD[Steal], 0) and open_team:
            for v in melds:
                if v.team != self.team and not v.closed and v.kind in (NOGGI, NATE, JOKERNATE):
                    for c in sorted(set(v.cards), key=_order):
                        for d in open_team:
                            if steal_problem(v, c, d) is None:
                                out.append(Steal(v.id, c, d.id))
        if self.partnership:
            if hand.get(SHOW, 0):
                out.extend(Show(c) for c in sorted(hand, key=_order) if c is not SHOW or hand[c] > 1)
            if hand.get(TELL, 0):
                out.extend(_TELL_ACTS)
        groups: dict[Card, int] = {c: k for c, k in hand.items() if c.is_cheat}
        if self.v.cheat_nate_mixed_types:
            if sum(groups.values()) >= 3:
                out.append(CheatNate(tuple(sorted((c for c, k in groups.items() for _ in range(k)), key=_order))))
        else:
            out.extend(CheatNate((c,) * k) for c, k in sorted(groups.items(), key=lambda ck: ck[0].order) if k >= 3)
        return out

    def _new_problem(self, noggi: bool, cards: tuple[Card, Card, Card]) -> str | None:
        """:meth:`why` for a new Noggi (``noggi``) or Nate of ``cards`` in the meld phase
        (NG-16, NG-20, NG-26a, NG-32a)."""
        if not _holds(self.counts, cards):
            return "you do not hold those cards"
        why = noggi_problem(cards) if noggi else nate_problem(cards)
        if why:
            return why
        kind = NOGGI if noggi else NATE
        return self._meld_problem(cards, lambda: self.team_melds + [new_meld(0, self.team, kind, cards)],
                                  sum(map(card_value, cards)))

    def _add_problem(self, mid: int, card: Card) -> str | None:
        """:meth:`why` for adding ``card`` to meld ``mid`` in the meld phase (NG-6, NG-16, NG-20,
        NG-21, NG-32a)."""
        if self.counts.get(card, 0) < 1:
            return f"you do not hold {card.pretty}"
        m = self.meld(mid)
        if m is None:
            return f"there is no meld m{mid}"
        if m.team != self.team:
            return f"m{mid} belongs to another team: add only to your team's melds (NG-6)"
        why = add_problem(m, card)
        if why:
            return why
        return self._meld_problem((card,), lambda: self._with(m.with_card(card)), card_value(card))

    def _pile_problem(self, a: TakePile) -> str | None:
        if not self.discards:
            return "the discard pile is empty (NG-38)"
        top = self.discards[-1]
        if not top.is_natural:
            return f"the pile is frozen: {top.pretty} is on top; it can be taken only under a numeric card (NG-35)"
        hand = self.counts
        if any(not c.is_natural or c.rank != top.rank for c in a.cards):
            return (f"you need two natural {top.rank}s to take the pile; jokers cannot stand in (NG-36)")
        if not _holds(hand, a.cards):
            return f"you need two natural {top.rank}s in your hand to take the pile (NG-36)"
        used = a.cards
        if a.meld is not None:
            m = self.meld(a.meld)
            if m is None or m.team != self.team or m.kind != NATE:
                return f"take the pile onto one of your team's Nates of {top.rank}s, or as a new Nate (NG-36)"
            if m.rank != top.rank:
                return f"m{m.id} is a Nate of {m.rank}s, the top card is {article(str(top.rank))} (NG-36)"
            after = self._with(TableMeld(m.id, m.team, NATE, m.cards + (top,) + tuple(used), m.closed))
        else:
            after = self.team_melds + [new_meld(0, self.team, NATE, (top,) + tuple(used))]
        left = len(self.hand) - 2
        if not self.down:
            need = self.minimum - card_value(top) - sum(card_value(c) for c in used)
            if need > 0:
                nates, noggis = _place_shapes(after)
                keep = 0 if len(self.discards) > 1 else 1
                if not can_place(_less(hand, used), nates, noggis, need, keep):
                    return (f"taking the pile before going down needs {self.minimum} points melded from your hand "
                            "with the top card, and these cards cannot reach it (NG-36 step 3, NG-32)")
                return None
        if left == 0 and len(self.discards) == 1 and not self.may_empty(after):
            return "taking the pile would leave you without cards, and you may not go out now (NG-36, NG-43)"
        return None

    def _onto_problem(self, a: Onto) -> str | None:
        if not self.discards:
            return "the discard pile is empty (NG-38)"
        top = self.discards[-1]
        m = self.meld(a.meld)
        if m is None or m.team != self.team or m.kind != NOGGI:
            return "take the top card onto one of your team's open Noggis (NG-37)"
        if m.closed:
            return f"{m.label()} is closed: only an open Noggi takes the top card (NG-37)"
        if not top.is_natural:
            return f"{top.pretty} is not a numeric card (NG-37)"
        why = add_problem(m, top)
        if why:
            return why + " (NG-37)"
        return None

    # -- the legal list --------------------------------------------------------------
    def legal(self) -> list[Action]:
        """Every legal action, in a fixed order."""
        p = self.phase
        if p == P_ANSWER:
            return [YES, NO]
        if p == P_ACQUIRE:
            return self._acquire_moves()
        if p == P_RETURN:
            return [Give(c, s) for c in sorted(set(self.returning), key=_order) for s in self.return_seats]
        if p != P_MELD:
            return []
        out: list[Action] = []
        # What why(a) answers, without its dispatch. The candidates are held and well formed (a
        # natural of the Nate's rank, a Noggi's next card): once the team is down and cards are
        # left over, only a joker added to a Nate has a rule left to check (NG-20); after a
        # partner's "yes" every move is checked against NG-45e.
        n = len(self.hand)
        free = self.down and self.permission != 1
        for cand in self._meld_candidates():
            if type(cand) is Add:
                add = cast(Add, cand)
                if (free and n > 1 and add.card is not JOKER) or self._add_problem(add.meld, add.card) is None:
                    out.append(cand)
            elif (free and n > 3) or self._new_problem(type(cand) is NewNoggi,
                                                       cast("NewNoggi | NewNate", cand).cards) is None:
                out.append(cand)
        cheats = self.v.use_cheat_cards and any(c.is_cheat for c in self.counts)
        if self.need > 0:
            if cheats and self.counts.get(JOKERNATE_CARD, 0) and self.why(JOKERNATE_ACT) is None:
                out.append(JOKERNATE_ACT)
            return out
        if cheats:
            out.extend(a for a in self._power_moves() if self.why(a) is None)
        for m in self.team_melds:
            if m.kind == NOGGI and not m.closed and len(m.cards) >= NOGGI_CLOSE_AT:
                if self.permission != 1 or self.why(Close(m.id)) is None:  # NG-45e
                    out.append(Close(m.id))
        open_nates = [m for m in self.team_melds if m.kind == NATE and not m.closed]
        if len(open_nates) > 1:
            ranks = [m.rank for m in open_nates]
            for i, a in enumerate(open_nates):
                for j in range(i + 1, len(open_nates)):
                    if ranks[j] == ranks[i]:
                        b = open_nates[j]
                        if nate_shape_ok(a.naturals + b.naturals, a.jokers + b.jokers):
                            x, y = sorted((a.id, b.id))
                            if self.permission != 1 or self.why(Merge(x, y)) is None:  # NG-45e
                                out.append(Merge(x, y))
        hand = self.counts
        if hand.get(BONUS, 0) and self.why(BONUS_ACT) is None:
            out.append(BONUS_ACT)
        fz = hand.get(FREEZE, 0)
        if fz >= 3 and self.why(FreezeNate(fz)) is None:
            out.append(FreezeNate(fz))
        if self.ask_ok():
            out.append(ASK)
        if not self.hand:
            if _closed_count(self.team_melds) >= 2:
                out.append(OUT)
            return out
        if len(self.hand) == 1:
            if self.may_go_out_now():
                out.append(Discard(self.hand[0]))
            if self.pass_ok():
                out.append(PASS)
            return out
        if not self.bound_to_go_out():
            for c in sorted(self.counts, key=_order):  # each face once
                d = _DISCARDS.get(c)
                if d is None:
                    d = _DISCARDS[c] = Discard(c)
                out.append(d)
        return out

    def _acquire_moves(self) -> list[Action]:
        out: list[Action] = [DRAW]
        if self.v.use_cheat_cards:
            out.extend(d for d in (DRAW_MIXED, DRAW_CHEATS) if self._draw_problem(d) is None)
        if not self.discards:
            return out
        top = self.discards[-1]
        if top.is_natural:
            faces = sorted((c for c in self.counts if c.is_natural and c.rank == top.rank), key=_order)
            pairs = []
            for i, a in enumerate(faces):
                if self.counts[a] >= 2:
                    pairs.append((a, a))
                for b in faces[i + 1:]:
                    pairs.append((a, b))
            targets: list[int | None] = [None] + [m.id for m in self.team_melds if m.kind == NATE
                                                  and m.rank == top.rank]
            for pair in pairs:
                for t in targets:
                    act = TakePile(pair, t)
                    if self._pile_problem(act) is None:
                        out.append(act)
            for m in self.team_melds:
                if m.kind == NOGGI and not m.closed and add_problem(m, top) is None:
                    out.append(Onto(m.id))
        return out

    def _meld_candidates(self) -> list[Action]:
        """New melds and adds the hand's cards could make (checked by :meth:`why` after)."""
        hand = self.counts
        nat = sorted((c for c in hand if c.is_natural), key=_order)
        out: list[Action] = []
        have = {(c.suit, c.rank): c for c in nat}
        for c in nat:
            b, d = have.get((c.suit, c.rank + 1)), have.get((c.suit, c.rank + 2))
            if b is not None and d is not None:
                out.append(NewNoggi((c, b, d)))
        jokers = hand.get(JOKER, 0)
        by_rank: dict[int, list[Card]] = {}
        for c in nat:
            by_rank.setdefault(c.rank, []).append(c)
        for faces in by_rank.values():
            # every distinct trio of the rank's faces (a face at most as often as held), in card
            # order, each pair's trios followed by the pair and a joker
            nf = len(faces)
            for i in range(nf):
                a = faces[i]
                for j in range(i, nf):
                    if j == i and hand[a] < 2:
                        continue
                    b = faces[j]
                    for k in range(j, nf):
                        if k == j and (hand[b] < (3 if i == j else 2)):
                            continue
                        out.append(NewNate((a, b, faces[k])))
                    if jokers:
                        out.append(NewNate((a, b, JOKER)))
        for m in self.team_melds:
            if m.kind == NOGGI and not m.closed:
                for r in (m.lo - 1, m.hi + 1):
                    c = have.get((m.suit, r))
                    if c is not None:
                        out.append(Add(m.id, c))
            elif m.kind == NATE:
                for c in by_rank.get(m.rank, ()):
                    out.append(Add(m.id, c))
                if jokers:
                    out.append(Add(m.id, JOKER))
            elif m.kind == JOKERNATE and jokers:
                out.append(Add(m.id, JOKER))
        return out


# ---------------------------------------------------------------------------
# State
# ---------------------------------------------------------------------------

class NogginateState(State):
    """A match of Nogginate.

    Public attributes (read by views, bots, tests and widgets; change them only via :meth:`apply`):
        round_no: 0-based round; dealer; turn_seat: whose turn; answer_seat: the partner asked (NG-45).
        hands: each seat's hand, sorted; stock: the custom stock (an unordered pool);
        discards: the custom discard pile, bottom first (face up, NG-14).
        melds: every team's melds (:class:`TableMeld`), in the order laid; next_id: the next meld id.
        bonuses: Bonus cards each team has placed (NG-47); down: per team, gone down this round (NG-32).
        need: points still owed toward the initial meld this turn (0: none pending, NG-32a);
        pile_rest: a pile taken before going down waits for the minimum (NG-36 step 3).
        asked, permission: this turn's question (-1 none, 0 no, 1 yes, NG-45); asks: per team this round.
        known: per seat, cards publicly known to be in its hand (a taken pile).
        totals: per team match totals; round_scores: each finished round's points per team.
        out_seat: who went out in the last finished round (None: nobody, NG-31).
        cheat_stock: the cheat stock (an unordered pool, NG-15); cheat_discards: its dead discard
        pile (NG-27, NG-30); draw_kind: the cheat cards of the draw being made (0, 1 or 2).
        shown: per seat, cards of its hand shown to its partner (NG-C6), still held.
        tells: this round's Tells, ``(seat, Tell)`` (NG-C7; seen by the teller's team only).
        returning, return_team, return_seat: cards a Steal returned that their team is giving
        out, and the player choosing (``team_choice``, NG-C8).
    """

    __slots__ = ("variant", "n_seats", "teams", "team_idx", "partnership", "phase", "round_no", "dealer",
                 "turn_seat", "answer_seat", "hands", "stock", "discards", "melds", "next_id", "bonuses", "down",
                 "need", "pile_rest", "asked", "permission", "asks", "known", "totals", "round_scores", "out_seat",
                 "turn_no", "cheat_stock", "cheat_discards", "draw_kind", "shown", "tells", "returning",
                 "return_team", "return_seat")

    game: ClassVar["type[Nogginate]"]

    def __init__(self, variant: NogginateVariant, n_seats: int) -> None:
        self.variant = variant
        self.n_seats = n_seats
        self.teams = tuple(tuple(t) for t in Nogginate.teams(n_seats, variant))
        idx = [0] * n_seats
        for i, t in enumerate(self.teams):
            for s in t:
                idx[s] = i
        self.team_idx = tuple(idx)
        self.partnership = any(len(t) > 1 for t in self.teams)
        self.phase = P_DEALER
        self.round_no = 0
        self.dealer = 0
        self.totals = [0] * len(self.teams)
        self.round_scores: list[list[int]] = []
        self.out_seat: int | None = None
        self._reset_round()

    def _reset_round(self) -> None:
        n, k = self.n_seats, len(self.teams)
        self.turn_seat = (self.dealer + 1) % n
        self.answer_seat = -1
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.stock: list[Card] = list(_deck())
        self.discards: list[Card] = []
        self.melds: list[TableMeld] = []
        self.next_id = 1
        self.bonuses = [0] * k
        self.down = [False] * k
        self.need = 0
        self.pile_rest = False
        self.asked = False
        self.permission = -1
        self.asks = [0] * k
        self.known: list[list[Card]] = [[] for _ in range(n)]
        self.turn_no = 1
        self.cheat_stock: list[Card] = list(_cheat_deck(self.variant, self.partnership))
        self.cheat_discards: list[Card] = []
        self.draw_kind = 0
        self.shown: list[list[Card]] = [[] for _ in range(n)]
        self.tells: list[tuple[int, Tell]] = []
        self.returning: list[Card] = []
        self.return_team = -1
        self.return_seat = -1

    def clone(self) -> "NogginateState":
        s = object.__new__(NogginateState)
        s.variant, s.n_seats, s.teams, s.team_idx, s.partnership = (self.variant, self.n_seats, self.teams,
                                                                    self.team_idx, self.partnership)
        s.phase, s.round_no, s.dealer, s.turn_seat, s.answer_seat = (self.phase, self.round_no, self.dealer,
                                                                     self.turn_seat, self.answer_seat)
        s.hands = [h[:] for h in self.hands]
        s.stock = self.stock[:]
        s.discards = self.discards[:]
        s.melds = self.melds[:]
        s.next_id = self.next_id
        s.bonuses = self.bonuses[:]
        s.down = self.down[:]
        s.need, s.pile_rest, s.asked, s.permission = self.need, self.pile_rest, self.asked, self.permission
        s.asks = self.asks[:]
        s.known = [k[:] for k in self.known]
        s.totals = self.totals[:]
        s.round_scores = self.round_scores[:]
        s.out_seat = self.out_seat
        s.turn_no = self.turn_no
        s.cheat_stock = self.cheat_stock[:]
        s.cheat_discards = self.cheat_discards[:]
        s.draw_kind = self.draw_kind
        s.shown = [k[:] for k in self.shown]
        s.tells = self.tells[:]
        s.returning = self.returning[:]
        s.return_team, s.return_seat = self.return_team, self.return_seat
        return s

    # -- whose move --------------------------------------------------------------
    @property
    def to_move(self) -> int:
        p = self.phase
        if p in (P_ACQUIRE, P_MELD):
            return self.turn_seat
        if p == P_ANSWER:
            return self.answer_seat
        if p == P_RETURN:
            return self.return_seat
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

    def team_of(self, seat: int) -> int:
        return self.team_idx[seat]

    def partner_of(self, seat: int) -> int:
        """NG-45 (NG-45h): the teammate asked "may I go out?": the next teammate clockwise."""
        team = self.teams[self.team_idx[seat]]
        for k in range(1, self.n_seats):
            s = (seat + k) % self.n_seats
            if s in team:
                return s
        return seat

    def minimum(self, team: int) -> int:
        """NG-32: the team's initial-meld minimum (from its score at the start of the round)."""
        return minimum_for(self.totals[team], self.variant.min_meld_when_negative)

    def ask_left(self, team: int) -> bool:
        """NG-45c: the team may still ask this round (``max_go_out_asks_per_round``)."""
        cap = self.variant.max_go_out_asks_per_round
        return cap is None or self.asks[team] < cap

    def _turn(self) -> _Turn:
        seat = self.to_move
        t = self.team_idx[self.turn_seat]
        return _Turn(self.variant, self.phase, seat, t, self.partnership, self.hands[self.turn_seat], self.melds,
                     self.discards, len(self.stock), self.down[t], self.need, self.pile_rest, self.asked,
                     self.permission, self.ask_left(t), self.minimum(t), len(self.cheat_stock), self.returning,
                     self.teams[self.return_team] if self.return_team >= 0 else ())

    # -- legal actions ---------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """The moves of ``to_move`` (see the module docstring); empty at chance steps."""
        if self.phase in _CHANCE_PHASES or self.phase == P_OVER:
            return []
        return self._turn().legal()

    def is_legal(self, action: Action) -> bool:
        """The same answer as ``action in self.legal_actions()``, checking only the rules the action names."""
        return self.why_illegal(action) is None

    def why_illegal(self, action: Action) -> str | None:
        """``None`` if ``action`` is legal now, else a sentence naming the rule that forbids it."""
        if self.phase in _CHANCE_PHASES:
            return "it is not a player's move: cards are being dealt or drawn"
        if self.phase == P_OVER:
            return "the match is over"
        return self._turn().why(action)

    # -- chance ----------------------------------------------------------------------
    def sample_chance(self, rng: random.Random) -> Action:
        """The next chance outcome, uniformly at random: the first dealer, the deal, the
        up-card, or the cards of a draw (from the unordered stock).

        Raises:
            IllegalAction: if the next step is not a chance step.
        """
        p = self.phase
        if p == P_DEALER:
            return ChooseDealer(rand_below(rng, self.n_seats))
        if p == P_DEAL:
            n = self.n_seats
            order = shuffled(rng, self.stock)[:HAND_SIZE * n]
            hands: list[list[Card]] = [[] for _ in range(n)]
            for i, c in enumerate(order):  # NG-13: one at a time from the dealer's left
                hands[(self.dealer + 1 + i) % n].append(c)
            return Deal(tuple(tuple(sorted(h, key=_order)) for h in hands))
        stock = self.stock
        if p == P_UPCARD:
            return Upcard(stock[rand_below(rng, len(stock))])
        if p == P_DRAW:
            k = self.draw_kind
            if k == 1:
                cheats = self.cheat_stock
                return Drawn(tuple(sorted((stock[rand_below(rng, len(stock))],
                                           cheats[rand_below(rng, len(cheats))]), key=_order)))
            if k == 2:
                stock = self.cheat_stock
            if len(stock) == 1:
                return Drawn((stock[0],))
            i = rand_below(rng, len(stock))
            j = rand_below(rng, len(stock) - 1)
            if j >= i:
                j += 1
            return Drawn(tuple(sorted((stock[i], stock[j]), key=_order)))
        raise IllegalAction("not a chance step")

    def observation(self, action: Action, seat: int) -> str:
        """NG-13/NG-26: a seat sees its own dealt hand and the others' sizes, its own draws
        (``drawn 7H 3S``) and only the count of the others' (``drawn 2``); the rest is public."""
        cls = type(action)
        if cls is Deal:
            return "deal " + " / ".join(cards_text(h) if i == seat else str(len(h))
                                        for i, h in enumerate(cast(Deal, action).hands))
        if cls is Drawn and seat != self.turn_seat:
            return f"drawn {len(cast(Drawn, action).cards)}"
        if (cls is Show or cls is Tell) and not (0 <= seat < self.n_seats
                                                 and self.team_idx[seat] == self.team_idx[self.turn_seat]):
            return "show" if cls is Show else "tell"  # NG-C6/NG-C7: for the partner only
        return str(action)

    # -- apply -------------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        if self.phase in _CHANCE_PHASES:
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
            return [Event("dealer", "{seat} {seat:deals|deal} first (NG-5)", self.dealer, {"dealer": self.dealer})]
        if p == P_DEAL:
            if cls is not Deal:
                raise IllegalAction("expected the deal")
            hands = cast(Deal, action).hands
            if len(hands) != self.n_seats or any(len(h) != HAND_SIZE for h in hands):
                raise IllegalAction(f"the deal gives {HAND_SIZE} cards to each of {self.n_seats} seats (NG-13)")
            rest = Counter(self.stock)
            rest.subtract(c for h in hands for c in h)
            if any(v < 0 for v in rest.values()):
                raise IllegalAction("the deal holds cards that are not in the deck")
            self.hands = [sorted(h, key=_order) for h in hands]
            self.stock = list(rest.elements())
            self.phase = P_UPCARD
            mins = ", ".join(f"{self.minimum(t)}" for t in range(len(self.teams)))
            return [Event("deal", f"{{seat}} {{seat:deals|deal}} round {self.round_no + 1}: {HAND_SIZE} cards each; "
                                  "initial-meld "
                          f"minimum {mins} (NG-13, NG-32)", self.dealer,
                          {"round": self.round_no, "size": HAND_SIZE,
                           "minimums": [self.minimum(t) for t in range(len(self.teams))]})]
        if p == P_UPCARD:
            card = cast(Upcard, action).card if cls is Upcard else None
            if card is None or card not in self.stock:
                raise IllegalAction(f"{action} is not a card of the stock")
            self.stock.remove(card)
            self.discards.append(card)
            self.phase = P_ACQUIRE
            note = "" if card.is_natural else " and freezes the pile (NG-14, NG-35)"
            return [Event("upcard", f"{card.pretty} is turned up to start the discard pile{note}", None,
                          {"card": card.text, "cards": [card.text]})]
        # P_DRAW
        if cls is not Drawn:
            raise IllegalAction("expected the drawn cards")
        cards = cast(Drawn, action).cards
        k = self.draw_kind
        want_x = k
        want_c = min(2 - k, len(self.stock))
        if k == 2:
            want_x = min(2, len(self.cheat_stock))
        customs = [c for c in cards if not c.is_cheat]
        cheats = [c for c in cards if c.is_cheat]
        if (len(customs) != want_c or len(cheats) != want_x
                or any(self.stock.count(c) < customs.count(c) for c in customs)
                or any(self.cheat_stock.count(c) < cheats.count(c) for c in cheats)):
            raise IllegalAction(f"{action} is not {want_c} custom and {want_x} cheat cards of the stocks")
        seat = self.turn_seat
        hand = self.hands[seat]
        for c in customs:
            self.stock.remove(c)
            insert_sorted(hand, c)
        for c in cheats:
            self.cheat_stock.remove(c)
            insert_sorted(hand, c)
        self.phase = P_MELD
        want = want_c + want_x
        if k == 0:
            one = " (the last card, NG-29)" if want == 1 else ""
            text = f"{{seat}} {{seat:draws|draw}} {plural(want, 'card', 'cards')} from the stock{one}"
        elif k == 1:
            text = "{seat} {seat:draws|draw} a custom card and a cheat card (NG-26)"
        else:
            text = f"{{seat}} {{seat:draws|draw}} {plural(want, 'cheat card', 'cheat cards')} (NG-26)"
        return [Event("draw", text, seat, {"count": want, "cheats": want_x} if k else {"count": want}),
                Event("draw_private", f"{{seat}} {{seat:draws|draw}} {' '.join(c.pretty for c in cards)}", seat,
                      {"cards": [c.text for c in cards]}, frozenset((seat,)))]

    def _apply_move(self, action: Action) -> list[Event]:
        cls = type(action)
        seat = self.turn_seat
        team = self.team_idx[seat]
        hand = self.hands[seat]
        if cls is Answer:
            yes = cast(Answer, action).yes
            who = self.answer_seat
            self.permission = 1 if yes else 0
            self.answer_seat = -1
            self.phase = P_MELD
            return [Event("answer", f"{{seat}}: \"{'Yes' if yes else 'No'}\" (NG-45)", who, {"yes": yes})]
        if cls is Draw:
            if not self.stock:
                return self._end_round(None, "The stock is empty and {seat} {seat:does|do} not take the pile: the "
                                             "round ends "
                                       "with nobody out (NG-31)")
            self.draw_kind = cast(Draw, action).cheats
            self.phase = P_DRAW
            return []
        if cls in POWER_CARD:
            return self._apply_power(action, cls, seat, team)
        if cls is Give:
            return self._apply_give(cast(Give, action))
        if cls is CheatNate:
            cards = cast(CheatNate, action).cards
            for c in cards:
                self._lose(seat, c)
            mid = self.next_id
            self.melds.append(new_meld(mid, team, CHEAT_NATE, cards))
            self.next_id += 1
            return [Event("meld", f"{{seat}} {{seat:melds|meld}} a cheat-Nate, m{mid}: "
                                  f"{' '.join(c.pretty for c in cards)} (NG-22)",
                          seat, {"meld": mid, "cards": [c.text for c in cards]})]
        if cls is Onto:
            mid = cast(Onto, action).meld
            card = self.discards.pop()
            i, m = self._meld_index(mid)
            self.melds[i] = m.with_card(card)
            self.phase = P_MELD
            return [Event("onto", f"{{seat}} {{seat:takes|take}} {card.pretty} from the pile onto m{mid} (NG-37)", seat,
                          {"meld": mid, "card": card.text, "cards": [card.text]})]
        if cls is TakePile:
            tp = cast(TakePile, action)
            top = self.discards.pop()
            for c in tp.cards:
                self._lose(seat, c)
            cards = (top,) + tp.cards
            if tp.meld is not None:
                i, m = self._meld_index(tp.meld)
                for c in cards:
                    m = m.with_card(c)
                self.melds[i] = m
                mid = tp.meld
            else:
                mid = self.next_id
                self.melds.append(new_meld(mid, team, NATE, cards))
                self.next_id += 1
            self.phase = P_MELD
            events = [Event("pile", f"{{seat}} {{seat:takes|take}} the pile: {top.pretty} with "
                          f"{' '.join(c.pretty for c in tp.cards)} on m{mid} (NG-36)", seat,
                          {"meld": mid, "card": top.text, "cards": [c.text for c in cards]})]
            if not self.down[team]:
                need = self.minimum(team) - sum(card_value(c) for c in cards)
                if need > 0:
                    self.need = need
                    self.pile_rest = True
                    events.append(Event("pile_wait", f"{{seat}} must meld {plural(need, 'more point', 'more points')} "
                                                     "from the hand before "
                                        "the rest of the pile is taken (NG-36 step 3)", seat, {"need": need}))
                    return events
                self.down[team] = True
                events.append(Event("down", "{seat:'s} team is down (NG-32)", seat, {"team": team}))
            return events + self._take_rest()
        if cls is NewNoggi or cls is NewNate:
            cards = cast("NewNoggi | NewNate", action).cards
            for c in cards:
                self._lose(seat, c)
            mid = self.next_id
            kind = NOGGI if cls is NewNoggi else NATE
            m = new_meld(mid, team, kind, cards)
            self.melds.append(m)
            self.next_id += 1
            word = "Noggi" if kind == NOGGI else "Nate"
            events = [Event("meld", f"{{seat}} {{seat:starts|start}} a {word}, m{mid}: {m.pretty()}", seat,
                            {"meld": mid, "cards": [c.text for c in cards]})]
            return events + self._placed(seat, team, sum(card_value(c) for c in cards))
        if cls is Add:
            a = cast(Add, action)
            self._lose(seat, a.card)
            i, m = self._meld_index(a.meld)
            new = m.with_card(a.card)
            self.melds[i] = new
            events = [Event("add", f"{{seat}} {{seat:adds|add}} {a.card.pretty} to m{a.meld}", seat,
                            {"meld": a.meld, "card": a.card.text, "cards": [a.card.text]})]
            if new.closed and not m.closed:
                what = "a Super Noggi: it closes (NG-18)" if new.is_super else "7 cards: it closes (NG-21)"
                events.append(Event("closed", f"m{a.meld} is {what}", seat, {"meld": a.meld}))
            return events + self._placed(seat, team, card_value(a.card))
        if cls is Close:
            mid = cast(Close, action).meld
            i, m = self._meld_index(mid)
            self.melds[i] = replace(m, closed=True)
            return [Event("close", f"{{seat}} {{seat:closes|close}} the Noggi m{mid} (NG-17)", seat, {"meld": mid})]
        if cls is Merge:
            mg = cast(Merge, action)
            ia, ma = self._meld_index(mg.a)
            _, mb = self._meld_index(mg.b)
            merged = merged_nate(ma, mb)
            self.melds[ia] = merged
            self.melds = [x for x in self.melds if x.id != mb.id]
            events = [Event("merge", f"{{seat}} {{seat:merges|merge}} m{mb.id} into m{ma.id} (NG-24)", seat,
                            {"meld": ma.id, "from": mb.id})]
            if merged.closed:
                events.append(Event("closed", f"m{ma.id} has 7 cards or more: it closes (NG-21)", seat,
                                    {"meld": ma.id}))
            return events
        if cls is PlaceBonus:
            self._lose(seat, BONUS)
            self.bonuses[team] += 1
            return [Event("bonus", f"{{seat}} {{seat:places|place}} a Bonus card, {BONUS.pretty} (NG-47)", seat,
                          {"cards": [BONUS.text]})]
        if cls is FreezeNate:
            n = cast(FreezeNate, action).count
            for _ in range(n):
                self._lose(seat, FREEZE)
            mid = self.next_id
            self.melds.append(new_meld(mid, team, FREEZE_NATE, [FREEZE] * n))
            self.next_id += 1
            faces = " ".join([FREEZE.pretty] * n)
            return [Event("meld", f"{{seat}} {{seat:melds|meld}} a Freeze-Nate, m{mid}: {faces} (NG-22)", seat,
                          {"meld": mid, "cards": [FREEZE.text] * n})]
        if cls is Ask:
            self.asked = True
            self.asks[team] += 1
            self.answer_seat = self.partner_of(seat)
            self.phase = P_ANSWER
            return [Event("ask", f"{{seat}}: \"Partner, may I go out?\" ({{s{self.answer_seat}}} "
                                 f"{{s{self.answer_seat}:answers|answer}}, NG-45)",
                          seat, {"partner": self.answer_seat})]
        if cls is Discard:
            card = cast(Discard, action).card
            self._lose(seat, card)
            if card.is_cheat:
                self.cheat_discards.append(card)
                froze = " onto the cheat discard pile (NG-27)"
            else:
                self.discards.append(card)
                froze = "" if card.is_natural else " and {seat:freezes|freeze} the pile (NG-35)"
            events = [Event("discard", f"{{seat}} {{seat:discards|discard}} {card.pretty}{froze}", seat,
                            {"card": card.text, "cards": [card.text]})]
            if not hand:
                return events + self._end_round(seat, "{seat} {seat:discards|discard} the last card and {seat:goes|go} "
                                                      "out (NG-42)")
            return events + self._next_turn()
        if cls is GoOut:
            return self._end_round(seat, "{seat} {seat:melds|meld} every card and {seat:goes|go} out (NG-42)")
        if cls is PassTurn:
            return [Event("pass", "{seat} {seat:says|say} pass and {seat:keeps|keep} the last card (NG-44)", seat,
                          {})] + self._next_turn()
        raise IllegalAction(f"{action} is not a move now")

    def _lose(self, seat: int, card: Card) -> None:
        """``card`` leaves ``seat``'s hand (and what others knew of it there)."""
        self.hands[seat].remove(card)
        forget_one(self.known[seat], card)
        forget_one(self.shown[seat], card)

    def _receive(self, seat: int, cards: Sequence[Card]) -> None:
        """Cards from the table go into ``seat``'s hand, publicly known (NG-C1, NG-C8, NG-C9)."""
        hand = self.hands[seat]
        for c in cards:
            insert_sorted(hand, c)
        self.known[seat].extend(cards)

    def _apply_power(self, action: Action, cls: type, seat: int, team: int) -> list[Event]:
        """NG-C1 to NG-C9: play a cheat power (checked by :meth:`why_illegal`). The card goes to the
        cheat discard pile (NG-27), except Hands Off, which stays on its meld (NG-C2)."""
        card = POWER_CARD[cls]
        self._lose(seat, card)
        if cls is not HandsOff:
            self.cheat_discards.append(card)
        if cls is Show:
            c = cast(Show, action).card
            if self.shown[seat].count(c) < self.hands[seat].count(c):  # a copy not shown yet, if any
                self.shown[seat].append(c)
            mates = frozenset(self.teams[team])
            return [Event("show", "{seat} {seat:plays|play} Show: a card for the partner's eyes only (NG-C6)", seat,
                          {"cards": [card.text]}),
                    Event("show_private", f"{{seat}} {{seat:shows|show}} the partner {c.pretty} (NG-C6)", seat,
                          {"card": c.text, "cards": [c.text]}, mates)]
        if cls is Tell:
            t = cast(Tell, action)
            self.tells.append((seat, t))
            mates = frozenset(self.teams[team])
            return [Event("tell", "{seat} {seat:plays|play} Tell: a word for the partner only (NG-C7)", seat,
                          {"cards": [card.text]}),
                    Event("tell_private", f"{{seat}} {{seat:tells|tell}} the partner: {t.words()} (NG-C7)", seat,
                          {"advice": t.advice, "rank": t.rank}, mates)]
        if cls is StartJokernate:
            for _ in range(3):
                self._lose(seat, JOKER)
            mid = self.next_id
            self.melds.append(new_meld(mid, team, JOKERNATE, (JOKER,) * 3))
            self.next_id += 1
            events = [Event("meld", f"{{seat}} {{seat:plays|play}} Jokernate and {{seat:starts|start}} a Jokernate, "
                            f"m{mid}: "
                            f"{' '.join([JOKER.pretty] * 3)} (NG-C3)", seat,
                            {"meld": mid, "cards": [card.text] + [JOKER.text] * 3})]
            return events + self._placed(seat, team, 3 * card_value(JOKER))
        if cls is Combine:
            cb = cast(Combine, action)
            ia, ma = self._meld_index(cb.a)
            _, mb = self._meld_index(cb.b)
            sup, extras = combined(ma, mb)
            self.melds[ia] = sup
            self.melds = [x for x in self.melds if x.id != mb.id]
            self._receive(seat, extras)
            more = f"; {' '.join(c.pretty for c in extras)} {agree(len(extras), 'goes', 'go')} to the hand" if extras \
                else ""
            return [Event("combine", f"{{seat}} {{seat:plays|play}} Combine: m{mb.id} joins m{ma.id}, a closed "
                          f"Super Noggi (NG-C1, NG-18){more}", seat,
                          {"meld": ma.id, "from": mb.id, "cards": [card.text] + [c.text for c in extras]})]
        if cls is HandsOff:
            i, m = self._meld_index(cast(HandsOff, action).meld)
            self.melds[i] = TableMeld(m.id, m.team, m.kind, m.cards, m.closed, m.guards + 1, m.held_open)
            return [Event("handsoff", f"{{seat}} {{seat:puts|put}} Hands Off on m{m.id}: no Steal from it (NG-C2)",
                          seat, {"meld": m.id, "cards": [card.text]})]
        if cls is Resurrect:
            i, m = self._meld_index(cast(Resurrect, action).meld)
            self.melds[i] = _reopened(m)
            until = " for the rest of this turn" if m.kind != NOGGI else ""
            return [Event("resurrect", f"{{seat}} {{seat:plays|play}} Resurrect: m{m.id} is open again{until} "
                          "(NG-C5)", seat, {"meld": m.id, "cards": [card.text]})]
        if cls is Reconfigure:
            rc = cast(Reconfigure, action)
            i, nate = self._meld_index(rc.nate)
            self.melds[i] = without_card(nate, rc.card)
            j, noggi = self._meld_index(rc.noggi)
            grown = noggi.with_card(rc.card)
            self.melds[j] = grown
            events = [Event("reconfigure", f"{{seat}} {{seat:plays|play}} Reconfigure: {rc.card.pretty} moves from "
                            f"m{nate.id} to m{noggi.id} (NG-C4)", seat,
                            {"meld": noggi.id, "from": nate.id, "cards": [card.text, rc.card.text]})]
            if grown.closed and not noggi.closed:
                events.append(Event("closed", f"m{noggi.id} is a Super Noggi: it closes (NG-18)", seat,
                                    {"meld": noggi.id}))
            return events
        if cls is Remove:
            rm = cast(Remove, action)
            i, m = self._meld_index(rm.meld)
            for c in rm.cards:
                self._lose(seat, c)
            self.melds[i] = removed(m, rm.cards)
            jokers = [JOKER] * m.jokers
            self._receive(seat, jokers)
            return [Event("remove", f"{{seat}} {{seat:plays|play}} Remove: {' '.join(c.pretty for c in rm.cards)} "
                          f"{agree(len(rm.cards), 'replaces', 'replace')} the "
                          f"{agree(len(jokers), 'joker', 'jokers')} of m{m.id}, which "
                          f"{agree(len(jokers), 'goes', 'go')} to the hand (NG-C9)", seat,
                          {"meld": m.id,
                           "cards": [card.text] + [c.text for c in rm.cards] + [JOKER.text] * len(jokers)})]
        return self._apply_steal(cast(Steal, action), seat, card)

    def _apply_steal(self, st: Steal, seat: int, card: Card) -> list[Event]:
        """NG-C8: take the card, add it to the team's meld, check the victim's meld (NG-C2: a
        single-use Hands Off blocks the attempt instead)."""
        vi, victim = self._meld_index(st.victim)
        if victim.guards:  # hands_off_single_use: the attempt is blocked
            self.melds[vi] = TableMeld(victim.id, victim.team, victim.kind, victim.cards, victim.closed,
                                       victim.guards - 1, victim.held_open)
            self.cheat_discards.append(HANDS_OFF)
            return [Event("steal_blocked", f"{{seat}} {{seat:plays|play}} Steal on m{victim.id}; its Hands Off "
                          "blocks it, and both cards go to the cheat discard pile (NG-C2)", seat,
                          {"meld": victim.id, "cards": [card.text, HANDS_OFF.text]})]
        kept, back = after_steal(victim, st.card, self.next_id)
        self.melds[vi:vi + 1] = kept
        if len(kept) == 2:
            self.next_id += 1
        di, dest = self._meld_index(st.dest)
        grown = dest.with_card(st.card)
        self.melds[di] = grown
        events = [Event("steal", f"{{seat}} {{seat:plays|play}} Steal: {st.card.pretty} from m{victim.id} onto "
                        f"m{dest.id} (NG-C8)", seat,
                        {"meld": dest.id, "from": victim.id, "cards": [card.text, st.card.text]})]
        if grown.closed and not dest.closed:
            what = "a Super Noggi: it closes (NG-18)" if grown.is_super else "7 cards: it closes (NG-21)"
            events.append(Event("closed", f"m{dest.id} is {what}", seat, {"meld": dest.id}))
        if len(kept) == 2:
            events.append(Event("split", f"m{victim.id} splits in two: m{kept[0].id} and m{kept[1].id} (NG-C8)",
                                seat, {"meld": victim.id, "into": [m.id for m in kept]}))
        if back:
            events += self._return(victim.team, back, victim.id, not kept)
        return events

    def _return(self, team: int, cards: list[Card], mid: int, whole: bool) -> list[Event]:
        """NG-C8: cards a Steal broke off go back to the owning team's hands
        (``steal_return_policy``)."""
        n = self.n_seats
        order = [s for k in range(1, n + 1) for s in ((self.turn_seat + k) % n,) if s in self.teams[team]]
        policy = self.variant.steal_return_policy
        what = f"m{mid} {'breaks up' if whole else 'is cut short'}: {' '.join(c.pretty for c in cards)}"
        data = {"meld": mid, "cards": [c.text for c in cards]}
        if len(order) > 1 and policy == "team_choice":
            self.returning = sorted(cards, key=_order)
            self.return_team = team
            self.return_seat = order[0]
            self.phase = P_RETURN
            return [Event("returned", f"{what} {agree(len(cards), 'goes', 'go')} back to the team; {{s{order[0]}}} "
                          f"{{s{order[0]}:gives|give}} {agree(len(cards), 'it', 'them')} out (NG-C8)",
                          order[0], data)]
        who = order[0]
        if policy == "fewest_cards":
            who = min(order, key=lambda s: len(self.hands[s]))
        self._receive(who, cards)
        return [Event("returned", f"{what} {agree(len(cards), 'goes', 'go')} back to {{seat:'s}} hand (NG-C8)", who,
                      data)]

    def _apply_give(self, g: Give) -> list[Event]:
        """NG-C8 (``team_choice``): one returned card into a team member's hand."""
        self.returning.remove(g.card)
        self._receive(g.seat, (g.card,))
        events = [Event("give", f"{{s{self.return_seat}}} {{s{self.return_seat}:gives|give}} {g.card.pretty} to "
                        "{seat} (NG-C8)", g.seat,
                        {"card": g.card.text, "cards": [g.card.text]})]
        if not self.returning:
            self.return_team = self.return_seat = -1
            self.phase = P_MELD
        return events

    def _settle_reopened(self) -> None:
        """NG-C5: a Nate resurrected this turn closes again as the turn ends if it has 7+ cards."""
        for i, m in enumerate(self.melds):
            if m.held_open:
                self.melds[i] = TableMeld(m.id, m.team, m.kind, m.cards, len(m.cards) >= CLOSE_AT, m.guards)

    def _placed(self, seat: int, team: int, points: int) -> list[Event]:
        """NG-32: count ``points`` toward the initial meld of a team that is not down."""
        if self.down[team]:
            return []
        need = (self.need if self.need > 0 else self.minimum(team)) - points
        if need > 0:
            self.need = need
            return []
        self.need = 0
        self.down[team] = True
        events = [Event("down", f"{{seat:'s}} team is down: the initial meld reached {self.minimum(team)} (NG-32)",
                        seat, {"team": team})]
        if self.pile_rest:
            events += self._take_rest()
        return events

    def _take_rest(self) -> list[Event]:
        """NG-36 step 4: the rest of the pile goes into the hand (publicly known cards)."""
        seat = self.turn_seat
        rest = self.discards
        self.discards = []
        self.pile_rest = False
        hand = self.hands[seat]
        for c in rest:
            insert_sorted(hand, c)
        self.known[seat].extend(rest)
        if not rest:
            return []
        return [Event("pile_rest", f"{{seat}} {{seat:takes|take}} the rest of the pile into the hand: "
                                   f"{plural(len(rest), 'card', 'cards')} (NG-36)",
                      seat, {"count": len(rest), "cards": [c.text for c in rest]})]

    def _meld_index(self, mid: int) -> tuple[int, TableMeld]:
        for i, m in enumerate(self.melds):
            if m.id == mid:
                return i, m
        raise IllegalAction(f"there is no meld m{mid}")

    def _next_turn(self) -> list[Event]:
        self._settle_reopened()
        self.turn_no += 1
        self.turn_seat = (self.turn_seat + 1) % self.n_seats
        self.need = 0
        self.pile_rest = False
        self.asked = False
        self.permission = -1
        self.phase = P_ACQUIRE
        return []

    # -- scoring -----------------------------------------------------------------------
    def team_qualifies(self, team: int) -> bool:
        """NG-43 at round end: the team has two closed melds (open Noggis of 7+ count with
        ``auto_close_noggis_at_round_end``)."""
        ms = [m for m in self.melds if m.team == team]
        n = _closed_count(ms)
        if self.variant.auto_close_noggis_at_round_end:
            n += _closable(ms)
        return n >= 2

    def round_points(self, out: int | None) -> list[int]:
        """NG-46 to NG-52: each team's points for the round now ending (``out``: who went out)."""
        v = self.variant
        pts = []
        for t, members in enumerate(self.teams):
            ms = [m for m in self.melds if m.team == t]
            ok = self.team_qualifies(t)
            p = 0
            if ok:
                for m in ms:
                    closed = m.closed or (v.auto_close_noggis_at_round_end and m.kind == NOGGI
                                          and len(m.cards) >= NOGGI_CLOSE_AT)
                    if not closed or m.kind == FREEZE_NATE or m.kind == CHEAT_NATE:
                        continue
                    if m.kind == NOGGI:
                        p += 2000 if m.is_super else 1500
                    elif m.kind == JOKERNATE:
                        p += 300  # NG-23
                    else:
                        p += 500 if m.is_clean else 300
                b = self.bonuses[t]
                p += 1000 if b == 6 else 100 * b
                if out is not None and out in members:
                    p += OUT_BONUS
            else:
                b = self.bonuses[t]
                p -= v.all_bonus_penalty if b == 6 else 100 * b
            for s in members:
                h = self.hands[s]
                p -= sum(card_value(c) for c in h if c is not BONUS)
                if BONUS in h:
                    p -= BONUS_PENALTY_HELD
            if v.score_melded_card_values:
                p += sum(card_value(c) for m in ms for c in m.cards)
            pts.append(p)
        return pts

    def _end_round(self, out: int | None, text: str) -> list[Event]:
        """NG-51: score the round; then deal the next (NG-5) or end the match (NG-54)."""
        self._settle_reopened()
        pts = self.round_points(out)
        for t in range(len(self.teams)):
            self.totals[t] += pts[t]
        self.round_scores.append(pts)
        self.out_seat = out
        seat_pts = [float(pts[self.team_idx[s]]) for s in range(self.n_seats)]
        events = [Event("out" if out is not None else "round_end", text, out if out is not None else self.turn_seat,
                        {}),
                  Event("hand_over", f"Round {self.round_no + 1} is over", None,
                        {"hand": self.round_no, "scores": seat_pts, "totals": self.scores(), "out": out,
                         "team_scores": list(pts), "team_totals": list(self.totals),
                         "qualified": [self.team_qualifies(t) for t in range(len(self.teams))],
                         "left": [cards_text(h) for h in self.hands], "reason": text})]
        if self._match_done():
            self.phase = P_OVER
            w = self.winners()
            events.append(Event("match_over", agree(len(w), "Winner: ", "Winners: ")
                                + ", ".join(f"{{s{i}:^}}" if k == 0 else f"{{s{i}}}" for k, i in enumerate(w)), None,
                                {"winners": w, "totals": self.scores()}))
            return events
        self.round_no += 1
        self.dealer = (self.dealer + 1) % self.n_seats
        self._reset_round()
        self.phase = P_DEAL
        return events

    def _match_done(self) -> bool:
        """NG-54 (NG-54a): whether the match ends after the round just scored."""
        v = self.variant
        played = self.round_no + 1
        if v.fixed_rounds is not None:
            return played >= v.fixed_rounds
        best = max(self.totals)
        if best >= TARGET:
            return v.tie_policy == "shared" or self.totals.count(best) == 1 or played >= v.max_rounds
        return played >= v.max_rounds

    # -- results ---------------------------------------------------------------------
    def scores(self) -> list[float]:
        """NG-53: match totals per seat (each seat holds its team's total), in points."""
        return [float(self.totals[self.team_idx[s]]) for s in range(self.n_seats)]

    def winners(self) -> list[int]:
        """NG-54: every seat of the team(s) with the highest total; empty while running."""
        if self.phase != P_OVER:
            return []
        return match_winners(self.scores(), highest_wins=True, teams=[list(t) for t in self.teams])

    # -- information ---------------------------------------------------------------
    def view(self, seat: int) -> "NogginateView":
        """What ``seat`` may know: its hand, every team's melds, the whole discard pile (every card
        in it was laid face up), the stock's size, each hand's size and the cards publicly known to
        be in it (a taken pile), the placed Bonus cards, who is down, the pending minimum, the
        question and its answer, and the scores; with cheat cards, the cheat stock's size, its
        discard pile, how many cheat cards each hand holds (public: draws name their stocks),
        and what the seat's partner showed and told it (NG-C6, NG-C7)."""
        return NogginateView(
            seat=seat, variant=self.variant, n_seats=self.n_seats, teams=self.teams, phase=PHASE_NAMES[self.phase],
            to_move=self.to_move, turn=self.turn_seat, answer_seat=self.answer_seat, round_no=self.round_no,
            dealer=self.dealer, hand=tuple(self.hands[seat]) if 0 <= seat < self.n_seats else (),
            hand_sizes=tuple(len(h) for h in self.hands), stock_count=len(self.stock),
            discards=tuple(self.discards), melds=tuple(self.melds), next_id=self.next_id,
            bonuses=tuple(self.bonuses), down=tuple(self.down), need=self.need, pile_rest=self.pile_rest,
            asked=self.asked, permission=self.permission, asks=tuple(self.asks),
            known=tuple(tuple(sorted(k, key=_order)) for k in self.known),
            totals=tuple(self.totals), round_scores=tuple(tuple(r) for r in self.round_scores),
            out_seat=self.out_seat, turn_no=self.turn_no, is_over=self.phase == P_OVER,
            placed=(BONUS,) * sum(self.bonuses), cheat_stock_count=len(self.cheat_stock),
            cheat_discards=tuple(self.cheat_discards),
            cheat_counts=tuple(sum(1 for c in h if c.is_cheat) for h in self.hands),
            shown=tuple(tuple(sorted(self.shown[o], key=_order))
                        if 0 <= seat < self.n_seats and self.team_idx[o] == self.team_idx[seat] else ()
                        for o in range(self.n_seats)),
            tells=tuple(t for t in self.tells
                        if 0 <= seat < self.n_seats and self.team_idx[t[0]] == self.team_idx[seat]),
            returning=tuple(self.returning), return_seat=self.return_seat)

    def zones(self) -> dict[str, list[Card]]:
        """Every card by zone (card conservation): the stock, the discard pile, the melds, the
        placed Bonus cards, each hand; with cheat cards also the cheat stock, its discard pile,
        the Hands Off cards on melds and cards a Steal returned that are being given out."""
        out = {"stock": self.stock[:], "discards": self.discards[:],
               "melds": [c for m in self.melds for c in m.cards],
               "bonuses": [BONUS] * sum(self.bonuses)}
        if self.variant.use_cheat_cards:
            out.update({"cheat stock": self.cheat_stock[:], "cheat discards": self.cheat_discards[:],
                        "hands off": [HANDS_OFF] * sum(m.guards for m in self.melds),
                        "returning": self.returning[:]})
        for s in range(self.n_seats):
            out[f"hand {s}"] = self.hands[s][:]
        return out

    def fingerprint(self) -> str:
        return "|".join([
            "nogginate", PHASE_NAMES[self.phase], str(self.round_no), str(self.dealer), str(self.turn_seat),
            str(self.answer_seat), "/".join(cards_text(h) for h in self.hands),
            cards_text(sorted(self.stock, key=_order)), cards_text(self.discards),
            ";".join(f"{m.id}:{m.team}:{m.kind}:{int(m.closed)}:{cards_text(m.cards)}"
                     + (f":{m.guards}:{int(m.held_open)}" if m.guards or m.held_open else "") for m in self.melds),
            str(self.next_id), ",".join(map(str, self.bonuses)), ",".join(str(int(d)) for d in self.down),
            str(self.need), str(int(self.pile_rest)), str(int(self.asked)), str(self.permission),
            ",".join(map(str, self.asks)), "/".join(cards_text(sorted(k, key=_order)) for k in self.known),
            ",".join(map(str, self.totals)), ";".join(",".join(map(str, r)) for r in self.round_scores),
            str(self.out_seat), str(self.turn_no),
        ] + ([cards_text(sorted(self.cheat_stock, key=_order)), cards_text(self.cheat_discards), str(self.draw_kind),
              "/".join(cards_text(k) for k in self.shown), ";".join(f"{s}:{t}" for s, t in self.tells),
              cards_text(self.returning), str(self.return_team), str(self.return_seat)]
             if self.variant.use_cheat_cards else []))


# ---------------------------------------------------------------------------
# View
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class NogginateView(View):
    """What one seat may know (see :meth:`NogginateState.view`). ``known[s]`` are the cards
    publicly known to be in seat ``s``'s hand (a taken pile, not yet played)."""

    seat: int
    variant: NogginateVariant
    n_seats: int
    teams: tuple[tuple[int, ...], ...]
    phase: str
    to_move: int
    turn: int
    answer_seat: int
    round_no: int
    dealer: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_count: int
    discards: tuple[Card, ...]
    melds: tuple[TableMeld, ...]
    next_id: int
    bonuses: tuple[int, ...]
    down: tuple[bool, ...]
    need: int
    pile_rest: bool
    asked: bool
    permission: int
    asks: tuple[int, ...]
    known: tuple[tuple[Card, ...], ...]
    totals: tuple[int, ...]
    round_scores: tuple[tuple[int, ...], ...]
    out_seat: int | None
    turn_no: int
    is_over: bool
    #: The Bonus cards placed on the table (NG-47), all teams: public faces (``bonuses`` counts them per team).
    placed: tuple[Card, ...] = ()
    #: NG-15/NG-27/NG-30: the cheat stock's size and its dead discard pile, bottom first.
    cheat_stock_count: int = 0
    cheat_discards: tuple[Card, ...] = ()
    #: Cheat cards in each hand (public: every draw names its stocks and every power is played face up).
    cheat_counts: tuple[int, ...] = ()
    #: NG-C6: per seat, the cards of its hand its partner showed this seat (own seat: what it showed).
    shown: tuple[tuple[Card, ...], ...] = ()
    #: NG-C7: this round's Tells within this seat's team, ``(teller, Tell)``, oldest first.
    tells: tuple[tuple[int, Tell], ...] = ()
    #: NG-C8 (``team_choice``): cards a Steal returned that ``return_seat`` is giving out.
    returning: tuple[Card, ...] = ()
    return_seat: int = -1

    def team_of(self, seat: int) -> int:
        """The index of ``seat``'s team."""
        for i, t in enumerate(self.teams):
            if seat in t:
                return i
        raise ValueError(f"seat {seat} has no team")

    @property
    def partnership(self) -> bool:
        """True when some team has two or more players (NG-1)."""
        return any(len(t) > 1 for t in self.teams)

    def minimum(self, team: int) -> int:
        """NG-32: ``team``'s initial-meld minimum this round."""
        return minimum_for(self.totals[team], self.variant.min_meld_when_negative)

    def _turn(self) -> _Turn:
        t = self.team_of(self.turn)
        cap = self.variant.max_go_out_asks_per_round
        rteam = self.team_of(self.return_seat) if self.return_seat >= 0 else -1
        return _Turn(self.variant, PHASE_NAMES.index(self.phase), self.seat, t, self.partnership, self.hand,
                     self.melds, self.discards, self.stock_count, self.down[t], self.need, self.pile_rest,
                     self.asked, self.permission, cap is None or self.asks[t] < cap, self.minimum(t),
                     self.cheat_stock_count, self.returning, self.teams[rteam] if rteam >= 0 else ())

    def compute_legal(self) -> list[Action]:
        """The moves of this seat, in the state's order (see :meth:`NogginateState.legal_actions`)."""
        if self.phase == "answer":
            return [YES, NO]
        if self.phase not in ("acquire", "meld", "return") or self.to_move != self.seat:
            return []
        return self._turn().legal()

    def yes_binds(self) -> bool:
        """NG-45e/k: this seat's partner said yes this turn and it still binds (this seat can
        still go out); False before any yes, and after a yes that can no longer be kept."""
        return self.to_move == self.seat and self.phase == "meld" and self._turn().bound_to_go_out()

    def why_illegal(self, action: Action) -> str | None:
        """The state's answer for ``action`` (None: legal), from this view's fields."""
        if self.to_move != self.seat:
            return "it is not your move"
        if self.phase not in ("acquire", "meld", "answer", "return"):
            return "it is not a player's move now"
        return self._turn().why(action)  # the answer phase too: the state's sentence (NG-45d)

    def unseen_cards(self) -> list[Card]:
        """The cards this seat cannot place: both decks minus its hand, the melds (and their
        Hands Off cards), the placed Bonus cards, both discard piles and cards being returned
        (left: the other hands, known cards included, and both stocks)."""
        left = dict(_deck_dict())
        for c in _cheat_deck(self.variant, self.partnership):
            left[c] = left.get(c, 0) + 1
        for c in self.hand:
            left[c] -= 1
        for c in self.discards:
            left[c] -= 1
        for m in self.melds:
            for c in m.cards:
                left[c] -= 1
            if m.guards:
                left[HANDS_OFF] -= m.guards
        for c in self.cheat_discards + self.returning:
            left[c] -= 1
        left[BONUS] -= sum(self.bonuses)
        return [c for c in sorted(left, key=_order) for _ in range(left[c])]

    def determinize(self, rng: random.Random) -> NogginateState:
        """A state consistent with this view: the cards it cannot see are dealt at random to
        the other hands and the stock, keeping every size; cards publicly known to be in a
        hand stay there (:func:`engine.determinize.deal`)."""
        s = NogginateState(self.variant, self.n_seats)
        s.phase = PHASE_NAMES.index(self.phase)
        s.round_no, s.dealer, s.turn_seat, s.answer_seat = self.round_no, self.dealer, self.turn, self.answer_seat
        s.discards = list(self.discards)
        s.melds = list(self.melds)
        s.next_id = self.next_id
        s.bonuses = list(self.bonuses)
        s.down = list(self.down)
        s.need, s.pile_rest, s.asked, s.permission = self.need, self.pile_rest, self.asked, self.permission
        s.asks = list(self.asks)
        s.known = [list(k) for k in self.known]
        s.totals = list(self.totals)
        s.round_scores = [list(r) for r in self.round_scores]
        s.out_seat = self.out_seat
        s.turn_no = self.turn_no
        s.cheat_discards = list(self.cheat_discards)
        s.shown = [list(k) for k in self.shown] if self.shown else [[] for _ in range(self.n_seats)]
        s.tells = list(self.tells)
        s.returning = list(self.returning)
        s.return_seat = self.return_seat
        s.return_team = self.team_of(self.return_seat) if self.return_seat >= 0 else -1
        if s.phase in (P_DEALER, P_DEAL):
            s.hands = [[] for _ in range(self.n_seats)]
            s.stock = list(_deck())
            return s
        others = [o for o in range(self.n_seats) if o != self.seat]
        unseen = self.unseen_cards()
        # what this seat knows of each other hand: the public known cards, and what a partner showed
        known = [list((Counter(self.known[o]) | Counter(s.shown[o])).elements()) if s.shown[o] else self.known[o]
                 for o in others]
        cheats = [self.cheat_counts[o] if self.cheat_counts else 0 for o in others]
        dealt = deal([c for c in unseen if not c.is_cheat], [self.hand_sizes[o] - k for o, k in zip(others, cheats)]
                     + [self.stock_count], rng, known=[[c for c in k if not c.is_cheat] for k in known] + [()])
        s.hands = [[] for _ in range(self.n_seats)]
        s.hands[self.seat] = list(self.hand)
        for o, cards in zip(others, dealt):
            s.hands[o] = cards
        s.stock = dealt[-1]
        if self.variant.use_cheat_cards:
            xs = deal([c for c in unseen if c.is_cheat], cheats + [self.cheat_stock_count], rng,
                      known=[[c for c in k if c.is_cheat] for k in known] + [()])
            for o, cards in zip(others, xs):
                s.hands[o] += cards
            s.cheat_stock = xs[-1]
        for o in others:
            s.hands[o].sort(key=_order)
        return s


class Nogginate(Game):
    """Nogginate: 2 to 6 players; partnerships with 4 and 6 (NG-1 to NG-4)."""

    id = "nogginate"
    title = "Nogginate"
    min_seats = 2
    max_seats = 6
    variant_class = NogginateVariant

    @classmethod
    def new_state(cls, variant: NogginateVariant, n_seats: int = 4) -> NogginateState:
        """A new match at its first chance step (the first dealer).

        Raises:
            ValueError: for fewer than 2 or more than 6 seats (NG-1).
        """
        err = cls.seat_range_error(n_seats, variant)
        if err:
            raise ValueError(err)
        return NogginateState(variant, n_seats)

    @classmethod
    def teams(cls, n_seats: int, variant: NogginateVariant | None) -> list[list[int]]:
        """NG-1/NG-3/NG-4: 4 players in two partnerships {0,2} {1,3}; 6 players in three
        partnerships {0,3} {1,4} {2,5} (or two teams of three {0,2,4} {1,3,5} with
        ``six_player_teams = "2x3"``); 2, 3 and 5 players alone."""
        if n_seats == 4:
            return [[0, 2], [1, 3]]
        if n_seats == 6:
            if variant is not None and variant.six_player_teams == "2x3":
                return [[0, 2, 4], [1, 3, 5]]
            return [[0, 3], [1, 4], [2, 5]]
        return [[s] for s in range(n_seats)]

    @classmethod
    def parse_action(cls, text: str) -> Action:
        return parse_nogginate_action(text)


NogginateState.game = Nogginate
