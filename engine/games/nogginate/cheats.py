"""Nogginate's cheat cards (rules NG-11, NG-12, NG-22, NG-26 to NG-31, NG-C0a to NG-C9):
the cheat deck, the actions that play each power, and the pure meld arithmetic behind
them (Combine's Super Noggi, Steal's check of the victim's meld, Reconfigure, Remove).

The turn (:mod:`engine.games.nogginate.turn`, :mod:`engine.games.nogginate.powers`) checks whose
turn and which phase it is, and the state moves the cards; these functions only answer "what does
the table look like after".

Notation (one power per action, on the holder's own turn in the meld phase, NG-C0b):

* ``combine m2 m5`` (NG-C1), ``handsoff m3`` (NG-C2), ``jokernate JK JK JK`` (NG-C3: the
  Jokernate card and three jokers; more jokers with ``add``), ``reconfigure m4 m2 7H``
  (NG-C4: the natural 7H from the Nate m4 onto the Noggi m2), ``remove m4 7H 7S`` (NG-C9:
  the naturals from the hand that replace the Nate's jokers), ``resurrect m3`` (NG-C5),
  ``show 7H`` (NG-C6), ``tell pile`` (NG-C7, see :data:`TELLS`), ``steal m5 7H m2``
  (NG-C8: the card 7H from the opponent's m5 onto the team's m2);
* ``cheatnate STL STL STL`` (NG-22: a cheat-Nate on the going-out turn);
* ``give 7H s2`` (NG-C8 with ``steal_return_policy = "team_choice"``: the owning team
  gives one returned card to one of its players).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

from engine.grammar import article
from engine.cards import Card, cards_text
from engine.games.nogginate.cards import CHEAT_CARDS, CHEAT_KINDS, Kind, cheat_deck
from engine.core import Action
from engine.games.nogginate.melds import (
    JOKERNATE,
    NATE,
    NOGGI,
    SUPER_LEN,
    TableMeld,
    add_problem,
    nate_shape_ok,
    new_meld,
)

if TYPE_CHECKING:
    from engine.games.nogginate.game import NogginateVariant

COMBINE = Card.special(Kind.COMBINE)
HANDS_OFF = Card.special(Kind.HANDS_OFF)
JOKERNATE_CARD = Card.special(Kind.JOKERNATE)
RECONFIGURE = Card.special(Kind.RECONFIGURE)
REMOVE = Card.special(Kind.REMOVE)
RESURRECT = Card.special(Kind.RESURRECT)
SHOW = Card.special(Kind.SHOW)
STEAL = Card.special(Kind.STEAL)
TELL = Card.special(Kind.TELL)

#: NG-C7 (DECISION): the recommendations a Tell may carry. ``discard`` and ``keep`` name a rank.
TELLS = {
    "draw": "draw from the custom stock",
    "cheat": "draw cheat cards",
    "pile": "take the discard pile",
    "meld": "meld what you can",
    "out": "go out as soon as you can",
    "stay": "do not go out yet",
    "discard": "discard {a_rank}",
    "keep": "keep your {rank}s (they feed the opponents)",
}
TELL_RANKED = ("discard", "keep")


def _order(c: Card) -> int:
    return c.order


@functools.lru_cache(maxsize=16)
def game_cheat_deck(variant: NogginateVariant, partnership: bool) -> tuple[Card, ...]:
    """NG-11/NG-12: a game's cheat deck (a shared tuple; empty without ``use_cheat_cards``)."""
    if not variant.use_cheat_cards:
        return ()
    return tuple(cheat_cards(not partnership, variant.show_tell_in_individual_games))


def cheat_cards(individual: bool, show_tell: bool) -> list[Card]:
    """NG-11/NG-12: the cheat deck of a game: 54 cards, or 42 in an individual game (2, 3 or 5
    players) unless ``show_tell`` (``show_tell_in_individual_games``) keeps Show and Tell."""
    kinds = [k for k in CHEAT_KINDS if show_tell or not individual or k not in (Kind.SHOW, Kind.TELL)]
    return cheat_deck(kinds)


# ---------------------------------------------------------------------------
# Actions
# ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Combine(Action):
    """NG-C1: join the team's open Noggis ``a`` and ``b`` (same suit, together 0-10) into a
    Super Noggi (id ``a``, closed); the extra copies go to the hand. Notation: ``combine m2 m5``."""

    a: int
    b: int

    def __post_init__(self) -> None:  # one action however written: the lower id first, as listed
        if self.a > self.b:
            a, b = self.b, self.a
            object.__setattr__(self, "a", a)
            object.__setattr__(self, "b", b)

    def __str__(self) -> str:
        return f"combine m{self.a} m{self.b}"


@dataclass(frozen=True, slots=True)
class HandsOff(Action):
    """NG-C2: attach Hands Off to the team's open Noggi or Nate ``meld``. Notation: ``handsoff m3``."""

    meld: int

    def __str__(self) -> str:
        return f"handsoff m{self.meld}"


@dataclass(frozen=True, slots=True)
class StartJokernate(Action):
    """NG-C3/NG-23: the Jokernate card with three jokers starts a Jokernate (grow it with
    ``add``). Notation: ``jokernate JK JK JK``."""

    def __str__(self) -> str:
        return "jokernate JK JK JK"


@dataclass(frozen=True, slots=True)
class Reconfigure(Action):
    """NG-C4: move the natural ``card`` from the team's open Nate ``nate`` onto the team's open
    Noggi ``noggi``. Notation: ``reconfigure m4 m2 7H``."""

    nate: int
    noggi: int
    card: Card

    def __str__(self) -> str:
        return f"reconfigure m{self.nate} m{self.noggi} {self.card.text}"


@dataclass(frozen=True, slots=True)
class Remove(Action):
    """NG-C9: take every joker out of the team's open dirty Nate ``meld`` into the hand,
    putting ``cards`` (naturals of its rank, one per joker) in their place.
    Notation: ``remove m4 7H 7S``."""

    meld: int
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:  # one action however written: the naturals in card order, as listed
        object.__setattr__(self, "cards", tuple(sorted(self.cards, key=_order)))

    def __str__(self) -> str:
        return f"remove m{self.meld} {cards_text(self.cards)}"


@dataclass(frozen=True, slots=True)
class Resurrect(Action):
    """NG-C5: reopen the team's closed Noggi or Nate ``meld``. Notation: ``resurrect m3``."""

    meld: int

    def __str__(self) -> str:
        return f"resurrect m{self.meld}"


@dataclass(frozen=True, slots=True)
class Show(Action):
    """NG-C6: reveal ``card`` from the hand to the partner only. Notation: ``show 7H``
    (the other team observes ``show``)."""

    card: Card

    def __str__(self) -> str:
        return f"show {self.card.text}"


@dataclass(frozen=True, slots=True)
class Tell(Action):
    """NG-C7: one non-binding recommendation to the partner (:data:`TELLS`; ``rank`` for
    ``discard`` and ``keep``). Notation: ``tell pile``, ``tell discard 7`` (the other team
    observes ``tell``)."""

    advice: str
    rank: int | None = None

    def __str__(self) -> str:
        return f"tell {self.advice}" + (f" {self.rank}" if self.rank is not None else "")

    def words(self) -> str:
        """The recommendation in words, e.g. ``discard a 7``."""
        return TELLS[self.advice].format(rank=self.rank, a_rank=article(str(self.rank)))


@dataclass(frozen=True, slots=True)
class Steal(Action):
    """NG-C8: take ``card`` from the opponent's open meld ``victim`` and add it at once to the
    team's open meld ``dest``. Notation: ``steal m5 7H m2``."""

    victim: int
    card: Card
    dest: int

    def __str__(self) -> str:
        return f"steal m{self.victim} {self.card.text} m{self.dest}"


@dataclass(frozen=True, slots=True)
class CheatNate(Action):
    """NG-22: meld 3+ cheat cards of one type (any types with ``cheat_nate_mixed_types``) as a
    cheat-Nate, on the going-out turn only. Notation: ``cheatnate STL STL STL``."""

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:  # one action however written: the cards in card order, as listed
        object.__setattr__(self, "cards", tuple(sorted(self.cards, key=_order)))

    def __str__(self) -> str:
        return "cheatnate " + cards_text(self.cards)


@dataclass(frozen=True, slots=True)
class Give(Action):
    """NG-C8 (``steal_return_policy = "team_choice"``): the owning team gives the returned
    ``card`` to its player ``seat``. Notation: ``give 7H s2``."""

    card: Card
    seat: int

    def __str__(self) -> str:
        return f"give {self.card.text} s{self.seat}"


#: The card each power is played with.
POWER_CARD: dict[type, Card] = {
    Combine: COMBINE, HandsOff: HANDS_OFF, StartJokernate: JOKERNATE_CARD, Reconfigure: RECONFIGURE,
    Remove: REMOVE, Resurrect: RESURRECT, Show: SHOW, Tell: TELL, Steal: STEAL,
}

#: Tell's menu (NG-C7), in a fixed order: the plain recommendations, then those naming a rank.
TELL_ACTS = tuple(Tell(a) for a in TELLS if a not in TELL_RANKED) + tuple(
    Tell(a, r) for a in TELL_RANKED for r in range(11))


# ---------------------------------------------------------------------------
# The meld arithmetic
# ---------------------------------------------------------------------------

def combine_problem(a: TableMeld, b: TableMeld) -> str | None:
    """NG-C1: why the open Noggis ``a`` and ``b`` cannot be combined (None if they can).
    Ownership is the caller's check."""
    if a.id == b.id:
        return "Combine joins two different Noggis (NG-C1)"
    if a.kind != NOGGI or b.kind != NOGGI:
        return "Combine joins two Noggis (NG-C1)"
    if a.closed or b.closed:
        return "Combine joins two open Noggis (NG-C1)"
    if a.suit != b.suit:
        return "Combine joins two Noggis of the same suit (NG-C1)"
    ranks = {c.rank for c in a.cards} | {c.rank for c in b.cards}
    if len(ranks) != SUPER_LEN:
        missing = " ".join(str(r) for r in range(SUPER_LEN) if r not in ranks)
        return f"together m{a.id} and m{b.id} must hold every rank 0 to 10; missing {missing} (NG-C1)"
    return None


def combined(a: TableMeld, b: TableMeld) -> tuple[TableMeld, list[Card]]:
    """NG-C1/NG-18: the closed Super Noggi of ``a`` and ``b`` (id ``a.id``, both melds' Hands
    Off cards) and the extra copies that go to the hand (checked by :func:`combine_problem`)."""
    by_rank: dict[int, Card] = {}
    extras: list[Card] = []
    for c in a.cards + b.cards:
        if c.rank in by_rank:
            extras.append(c)
        else:
            by_rank[c.rank] = c
    cards = tuple(by_rank[r] for r in range(SUPER_LEN))
    return TableMeld(a.id, a.team, NOGGI, cards, True, a.guards + b.guards), extras


def steal_problem(victim: TableMeld, card: Card, dest: TableMeld) -> str | None:
    """NG-C8: why ``card`` cannot be stolen from ``victim`` onto ``dest`` (None if it can).
    Whose melds they are and Hands Off are the caller's checks."""
    if victim.kind not in (NOGGI, NATE, JOKERNATE):
        return f"m{victim.id} is not a Noggi or a Nate: nothing is stolen from it (NG-C8)"
    if victim.closed:
        return f"m{victim.id} is closed: Steal takes only from an open meld (NG-C8)"
    if card not in victim.cards:
        return f"m{victim.id} holds no {card.pretty} (NG-C8)"
    if dest.closed or dest.kind not in (NOGGI, NATE, JOKERNATE):
        return f"the stolen card goes onto one of your team's open Noggis or Nates; m{dest.id} is not (NG-C8)"
    if card.is_joker and dest.kind == NOGGI:
        return "a stolen joker goes only onto an open Nate or Jokernate (NG-C8, NG-25)"
    why = add_problem(dest, card)
    return None if why is None else f"the stolen card must fit m{dest.id}: {why} (NG-C8)"


def after_steal(victim: TableMeld, card: Card, new_id: int) -> tuple[list[TableMeld], list[Card]]:
    """NG-C8: the victim's melds left on the table after ``card`` is taken from ``victim``
    and the cards that go back to the owning team's hands.

    A Nate or Jokernate that no longer meets NG-20/NG-23 goes back whole. A Noggi taken from
    an end keeps 3+ cards or goes back; taken from the middle it splits into two runs, each
    staying (3+ cards) or going back. The lower staying part keeps the meld's id; an upper
    part beside it gets ``new_id`` (ids of the melds left stay stable, new parts get new ids)."""
    if victim.kind == NOGGI:
        low = tuple(c for c in victim.cards if c.rank < card.rank)
        high = tuple(c for c in victim.cards if c.rank > card.rank)
        kept: list[TableMeld] = []
        back: list[Card] = []
        for part in (low, high):
            if len(part) >= 3:
                mid = victim.id if not kept else new_id
                kept.append(TableMeld(mid, victim.team, NOGGI, part, False, victim.guards))
            else:
                back.extend(part)
        return kept, back
    cards = list(victim.cards)
    cards.remove(card)
    nat = sum(1 for c in cards if c.is_natural)
    jok = len(cards) - nat
    ok = len(cards) >= 3 and (jok == len(cards) if victim.kind == JOKERNATE else nate_shape_ok(nat, jok))
    if not ok:
        return [], cards
    return [TableMeld(victim.id, victim.team, victim.kind, tuple(cards), False, victim.guards,
                      victim.held_open)], []


def reconfigure_problem(nate: TableMeld, noggi: TableMeld, card: Card) -> str | None:
    """NG-C4: why the natural ``card`` cannot move from ``nate`` onto ``noggi`` (None if it can).
    Ownership is the caller's check."""
    if nate.kind != NATE or nate.closed:
        return f"Reconfigure moves a card out of one of your team's open Nates; m{nate.id} is not (NG-C4)"
    if noggi.kind != NOGGI or noggi.closed:
        return f"Reconfigure moves a card onto one of your team's open Noggis; m{noggi.id} is not (NG-C4)"
    if not card.is_natural or card not in nate.cards:
        return f"m{nate.id} holds no natural {card.pretty}: jokers are never moved (NG-C4)"
    if not nate_shape_ok(nate.naturals - 1, nate.jokers) or len(nate.cards) - 1 < 3:
        return (f"without {card.pretty}, m{nate.id} would no longer be a Nate (3+ cards, at most 2 jokers, twice "
                "as many numeric cards) (NG-C4)")
    why = add_problem(noggi, card)
    return None if why is None else why + " (NG-C4)"


def without_card(meld: TableMeld, card: Card) -> TableMeld:
    """``meld`` with one copy of ``card`` taken out (a Nate losing a card to Reconfigure)."""
    cards = list(meld.cards)
    cards.remove(card)
    return TableMeld(meld.id, meld.team, meld.kind, tuple(cards), meld.closed, meld.guards, meld.held_open)


def remove_problem(nate: TableMeld, cards: Sequence[Card]) -> str | None:
    """NG-C9: why the jokers of ``nate`` cannot be swapped for ``cards`` (None if they can).
    Ownership and holding the cards are the caller's checks."""
    if nate.kind != NATE:
        return f"Remove works on a dirty Nate; m{nate.id} is not a Nate (NG-C9)"
    if nate.closed:
        return f"m{nate.id} is closed: play Resurrect on it first, then Remove (NG-C9)"
    if not nate.jokers:
        return f"m{nate.id} is clean: it has no jokers to remove (NG-C9)"
    if len(cards) != nate.jokers:
        if nate.jokers == 1:
            return f"put one natural {nate.rank} in place of the joker (NG-C9)"
        return f"put one natural {nate.rank} in place of each of the {nate.jokers} jokers (NG-C9)"
    if any(not c.is_natural or c.rank != nate.rank for c in cards):
        return f"only natural {nate.rank}s replace the jokers of m{nate.id} (NG-C9)"
    return None


def removed(nate: TableMeld, cards: Sequence[Card]) -> TableMeld:
    """NG-C9: ``nate`` clean, with ``cards`` in place of its jokers."""
    nat = tuple(c for c in nate.cards if not c.is_joker) + tuple(cards)
    m = new_meld(nate.id, nate.team, NATE, nat)
    return TableMeld(m.id, m.team, NATE, m.cards, nate.closed, nate.guards, nate.held_open)


def cheat_nate_problem(cards: Sequence[Card], mixed: bool) -> str | None:
    """NG-22: why ``cards`` are not a cheat-Nate (None if they are): 3+ cheat cards of one
    type (any types when ``mixed``, ``cheat_nate_mixed_types``)."""
    if len(cards) < 3 or any(c not in CHEAT_CARDS for c in cards):
        return "a cheat-Nate is 3 or more cheat cards (NG-22)"
    if not mixed and len(set(cards)) > 1:
        return "a cheat-Nate's cards are all of one type (NG-22; cheat_nate_mixed_types allows mixing)"
    return None
