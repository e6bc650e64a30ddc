"""Nogginate's cards (NG-8, NG-9, NG-11; ``engine/games/nogginate/cards.py``): its special kinds,
registered with ``engine.cards`` in the rules' order, the custom and cheat decks and the
notation (its round trips: tests/engine/test_cards.py, with every notation)."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.cards import ACE, Card, CardKind, CardParseError, Suit, register_kind
from engine.games.nogginate.cards import (CHEAT_CARDS, CHEAT_KINDS, NOGGINATE, SPECIAL_KINDS, Kind, cheat_deck,
                                          nogginate_deck)


def test_the_special_kinds_ng8_and_the_nine_cheat_cards_ng11():
    assert [k.title for k in CHEAT_KINDS] == ["Combine", "Hands Off", "Jokernate", "Reconfigure", "Remove",
                                             "Resurrect", "Show", "Steal", "Tell"]
    assert [k.code for k in SPECIAL_KINDS] == ["JK", "FZ", "BN", "CMB", "HOF", "JKN", "RCF", "RMV", "RES", "SHW",
                                               "STL", "TEL"]
    assert CHEAT_CARDS == {Card.special(k) for k in CHEAT_KINDS}
    assert not {Card.joker(), Card.special(Kind.FREEZE), Card.special(Kind.BONUS), Card.get(3, Suit.SPADES)} \
        & CHEAT_CARDS
    # registered in the rules' order after the joker: the faces sort (and fingerprint) as before the registry
    assert [Card.special(k).order for k in SPECIAL_KINDS] == list(range(100, 112))
    assert all(k.owner == "engine.games.nogginate.cards" for k in SPECIAL_KINDS[1:])
    assert register_kind("FREEZE", "FZ", "engine.games.nogginate.cards") is Kind.FREEZE  # imported twice: the same
    freeze = Card.special(Kind.FREEZE)
    assert freeze.text == freeze.pretty == "FZ" and not freeze.is_joker and not freeze.is_natural
    assert Card.from_text("CMB") is Card.special(Kind.COMBINE)


def test_nogginate_notation():
    assert NOGGINATE.parse("1S") is Card.get(1, Suit.SPADES)
    assert NOGGINATE.parse("0c") is Card.get(0, Suit.CLUBS)
    assert NOGGINATE.parse("10♥") is NOGGINATE.parse("th") is Card.get(10, Suit.HEARTS)
    assert NOGGINATE.parse("fz") is NOGGINATE.parse("Freeze") is Card.special(Kind.FREEZE)
    assert NOGGINATE.parse("bn") is Card.special(Kind.BONUS)
    assert NOGGINATE.parse("hands-off") is NOGGINATE.parse("HOF") is Card.special(Kind.HANDS_OFF)
    assert NOGGINATE.parse("*") is NOGGINATE.parse("JK") is Card.joker()
    assert NOGGINATE.parse_cards("0C, 1S FZ tel") == [Card.get(0, Suit.CLUBS), Card.get(1, Suit.SPADES),
                                                     Card.special(Kind.FREEZE), Card.special(Kind.TELL)]
    for bad in ("AS", "JH", "11C", "QS", "XYZ", "", "0X"):
        with pytest.raises(CardParseError) as err:
            NOGGINATE.parse(bad)
        assert repr(bad) in str(err.value)
    assert len(NOGGINATE.faces) == 44 + len(SPECIAL_KINDS)
    with pytest.raises(ValueError):
        NOGGINATE.text(Card.get(ACE, Suit.SPADES))


def test_nogginate_decks_ng8_ng11():
    deck = nogginate_deck()
    counts = Counter(deck)
    assert len(deck) == 162 and all(c in NOGGINATE for c in deck)
    assert sum(1 for c in deck if c.is_natural) == 132 and all(counts[c] == 3 for c in deck if c.is_natural)
    assert counts[Card.joker()] == 18 and counts[Card.special(Kind.FREEZE)] == 6
    assert counts[Card.special(Kind.BONUS)] == 6
    cheats = cheat_deck()
    assert len(cheats) == 54 and all(c in CHEAT_CARDS for c in cheats) and len(set(cheats)) == 9
    individual = cheat_deck([k for k in CHEAT_KINDS if k not in (Kind.SHOW, Kind.TELL)])  # NG-12
    assert len(individual) == 42
    for kind in (Kind.FREEZE, CardKind.JOKER):
        with pytest.raises(ValueError, match="is not a cheat kind"):
            cheat_deck([kind])
