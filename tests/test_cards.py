"""engine/cards.py: interned cards, suits, deck builders and the card notation."""

from __future__ import annotations

import copy
import pickle

import pytest

from engine.cards import (ACE, JACK, KING, QUEEN, STANDARD_RANKS, Card, CardParseError, Suit, cards_text,
                          multi_deck, parse_card, parse_cards, rank_text, sort_cards, standard_deck)


def test_cards_are_interned():
    assert Card.get(14, Suit.SPADES) is Card.get(14, Suit.SPADES)
    assert parse_card("as") is Card.get(ACE, Suit.SPADES)
    assert Card.get(10, 2) is Card.get(10, Suit.HEARTS)  # an int suit is accepted
    assert Card.joker() is Card.get(0, None) and Card.joker().is_joker


def test_copy_and_pickle_keep_identity():
    c = parse_card("QH")
    assert copy.copy(c) is c and copy.deepcopy([c])[0] is c
    assert pickle.loads(pickle.dumps(c)) is c
    assert pickle.loads(pickle.dumps(Card.joker())) is Card.joker()


def test_bad_rank_raises():
    for rank in (0, 1, 15):
        with pytest.raises(ValueError):
            Card.get(rank, Suit.CLUBS)


def test_standard_deck_and_multi_deck():
    deck = standard_deck()
    assert len(deck) == 52 == len(set(deck))
    assert deck[0] is parse_card("2C") and deck[-1] is parse_card("AS")
    assert standard_deck() is not deck  # a new list each time
    assert sum(c.is_joker for c in standard_deck(jokers=2)) == 2
    two = multi_deck(2, jokers_per_deck=1)
    assert len(two) == 106 and two.count(parse_card("7D")) == 2 and two.count(Card.joker()) == 2


def test_suits_order_letters_symbols_colours():
    assert list(Suit) == [Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES]
    assert "".join(s.letter for s in Suit) == "CDHS"
    assert "".join(s.symbol for s in Suit) == "♣♦♥♠"
    assert [s.is_red for s in Suit] == [False, True, True, False]
    assert [c.is_red for c in parse_cards("2C 2D 2H 2S")] == [False, True, True, False]
    assert not Card.joker().is_red


def test_rank_text():
    assert [rank_text(r) for r in (2, 10, JACK, QUEEN, KING, ACE)] == ["2", "10", "J", "Q", "K", "A"]


def test_notation_round_trips_for_every_card():
    for c in standard_deck(jokers=1):
        assert parse_card(c.text) is c
        assert parse_card(c.text.lower()) is c
        assert parse_card(c.pretty) is c
        assert str(c) == repr(c) == c.text


@pytest.mark.parametrize("text,expected", [("TH", "10H"), ("10♥", "10H"), (" qs ", "QS"), ("joker", "JK"),
                                           ("*", "JK"), ("K♣", "KC")])
def test_parse_accepts_variants(text, expected):
    assert parse_card(text).text == expected


@pytest.mark.parametrize("text", ["", "1", "11H", "0S", "ZZ", "QX", "10", "H"])
def test_parse_rejects_non_cards(text):
    with pytest.raises(CardParseError) as err:
        parse_card(text)
    assert repr(text) in str(err.value)


def test_parse_cards_and_cards_text():
    cs = parse_cards("2C, 10H  QS")
    assert cards_text(cs) == "2C 10H QS"
    assert parse_cards(cards_text(cs)) == cs
    assert parse_cards("") == []
    with pytest.raises(CardParseError, match="'9X'"):
        parse_cards("2C 9X")


def test_sorting_by_rank_then_suit():
    cs = parse_cards("AS 2H 2C 10D KC")
    assert cards_text(sort_cards(cs)) == "2C 2H 10D KC AS"
    assert sorted(cs) == sort_cards(cs)
    assert len({c.order for c in standard_deck(jokers=1)}) == 53
    assert STANDARD_RANKS == tuple(range(2, 15))
