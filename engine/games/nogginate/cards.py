"""Nogginate's cards (NG-8, NG-9, NG-11): its special kinds, its decks and its notation.

Importing this module registers Nogginate's unsuited kinds with :mod:`engine.cards`
(:func:`engine.cards.register_kind`), in the rules' order, so their faces sort after the
joker as Freeze, Bonus, then the nine cheat cards (``order`` 101 to 111):

* ``FZ`` Freeze and ``BN`` Bonus (NG-8), dealt in the custom deck with the jokers;
* the cheat cards (NG-11): ``CMB`` Combine, ``HOF`` Hands Off, ``JKN`` Jokernate,
  ``RCF`` Reconfigure, ``RMV`` Remove, ``RES`` Resurrect, ``SHW`` Show, ``STL`` Steal,
  ``TEL`` Tell, in a deck of their own.

:data:`NOGGINATE` reads and writes them: ranks ``0``..``10`` in four suits (``1S`` is the
rank-1 spade; ``TH`` also reads as the 10), ``JK``, the codes above and the full names
(``FREEZE``, ``HANDSOFF``, ``HANDS-OFF``), case-insensitive.
"""

from __future__ import annotations

from typing import Iterable

from engine.cards import Card, CardKind, Notation, Suit, register_kind


class Kind:
    """Nogginate's special kinds of face (registered when this module is imported)."""

    FREEZE = register_kind("FREEZE", "FZ", __name__)
    BONUS = register_kind("BONUS", "BN", __name__)
    COMBINE = register_kind("COMBINE", "CMB", __name__)
    HANDS_OFF = register_kind("HANDS_OFF", "HOF", __name__)
    JOKERNATE = register_kind("JOKERNATE", "JKN", __name__)
    RECONFIGURE = register_kind("RECONFIGURE", "RCF", __name__)
    REMOVE = register_kind("REMOVE", "RMV", __name__)
    RESURRECT = register_kind("RESURRECT", "RES", __name__)
    SHOW = register_kind("SHOW", "SHW", __name__)
    STEAL = register_kind("STEAL", "STL", __name__)
    TELL = register_kind("TELL", "TEL", __name__)


#: The nine cheat kinds (NG-11), in the rules' order.
CHEAT_KINDS: tuple[CardKind, ...] = (Kind.COMBINE, Kind.HANDS_OFF, Kind.JOKERNATE, Kind.RECONFIGURE, Kind.REMOVE,
                                     Kind.RESURRECT, Kind.SHOW, Kind.STEAL, Kind.TELL)
#: Every unsuited kind a Nogginate deck holds: the joker, Freeze, Bonus and the cheat kinds.
SPECIAL_KINDS: tuple[CardKind, ...] = (CardKind.JOKER, Kind.FREEZE, Kind.BONUS, *CHEAT_KINDS)
#: The nine cheat faces: ``card in CHEAT_CARDS`` is the test of a cheat card (as fast as an attribute).
CHEAT_CARDS: frozenset[Card] = frozenset(Card.special(k) for k in CHEAT_KINDS)
#: Nogginate's numeric ranks (NG-9).
NOGGINATE_RANKS: tuple[int, ...] = tuple(range(0, 11))


def nogginate_deck() -> list[Card]:
    """Nogginate's 162-card custom deck (NG-8, NG-9): three copies of ranks 0..10
    in each suit (132 numeric cards), 6 Freeze, 18 Joker and 6 Bonus cards, in a
    fixed order (suit, rank, copy; then Freeze, Joker, Bonus). Returns a new list."""
    deck = [Card.get(r, s) for s in Suit for r in NOGGINATE_RANKS for _ in range(3)]
    deck += [Card.special(Kind.FREEZE)] * 6 + [Card.joker()] * 18 + [Card.special(Kind.BONUS)] * 6
    return deck


def cheat_deck(kinds: Iterable[CardKind] = CHEAT_KINDS, copies: int = 6) -> list[Card]:
    """Nogginate's cheat deck (NG-11): ``copies`` cards of each of ``kinds`` (all
    nine by default: 54 cards; NG-12 leaves out Show and Tell in individual games).

    Raises:
        ValueError: if a kind is not a cheat kind.
    """
    out: list[Card] = []
    for k in kinds:
        if k not in CHEAT_KINDS:
            raise ValueError(f"{CardKind.of(k).name} is not a cheat kind")
        out.extend([Card.special(k)] * copies)
    return out


#: Nogginate's cards (NG-8, NG-9, NG-11): ranks 0..10 in four suits (``0C``, ``1S``,
#: ``10H``; ``TH`` also reads as the 10), ``JK``, ``FZ``, ``BN`` and the cheat codes.
NOGGINATE = Notation(
    "Nogginate", {**{str(r): r for r in NOGGINATE_RANKS}, "T": 10},
    {Card.special(k): {k.name, k.name.replace("_", ""), k.name.replace("_", "-")} | ({"*"} if k is CardKind.JOKER
                                                                                      else set())
     for k in SPECIAL_KINDS},
    hint="0C, 7H, 10S, JK, FZ, BN, CMB")

__all__ = ["CHEAT_CARDS", "CHEAT_KINDS", "Kind", "NOGGINATE", "NOGGINATE_RANKS", "SPECIAL_KINDS", "cheat_deck",
           "nogginate_deck"]
