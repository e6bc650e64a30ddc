"""engine/cards.py: interned cards, suits, kinds a game registers, deck builders and the card
notation (Nogginate's own kinds, decks and notation: tests/games/nogginate/test_nogginate_cards.py)."""

from __future__ import annotations

import copy
import pickle
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.cards import (ACE, FRENCH, JACK, KING, QUEEN, STANDARD_RANKS, Card, CardKind, CardParseError, Notation,
                          Suit, all_faces, cards_text, multi_deck, parse_card, parse_cards, rank_text, register_kind,
                          sort_cards, standard_deck)
from engine.games.nogginate.cards import NOGGINATE


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
    for rank in (-1, 15):
        with pytest.raises(ValueError):
            Card.get(rank, Suit.CLUBS)
    with pytest.raises(ValueError):
        Card.get(5, None)  # an unsuited face is the joker or a special kind
    # Ranks 0 and 1 exist (a pack numbered from 0), but they are no French cards:
    for rank in (0, 1):
        assert Card.get(rank, Suit.CLUBS) not in FRENCH
        assert Card.get(rank, Suit.CLUBS) is not Card.get(ACE, Suit.CLUBS)


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


# -- kinds of faces and the notation per game ----------------------------------------------------------

def test_the_built_in_kinds_and_the_registry():
    assert [int(k) for k in (CardKind.NATURAL, CardKind.JOKER)] == [0, 1]
    assert (CardKind.JOKER.code, CardKind.JOKER.title, repr(CardKind.JOKER)) == ("JK", "Joker", "CardKind.JOKER")
    assert CardKind.all()[:2] == (CardKind.NATURAL, CardKind.JOKER) and CardKind.of(1) is CardKind.JOKER
    joker = CardKind.JOKER
    assert pickle.loads(pickle.dumps(joker)) is joker and copy.deepcopy(joker) is joker
    with pytest.raises(ValueError):
        CardKind.of(99)
    with pytest.raises(ValueError, match="exists already"):
        register_kind("JOKER", "JKR", __name__)
    for code in ("JK", "10H", "J", "fz", "ABCDE"):  # a face's text already, or not two to four capitals
        with pytest.raises(ValueError, match="cannot be a card code"):
            register_kind("TEST_KIND", code, __name__)


def test_every_face_is_interned_with_a_unique_order_and_text():
    faces = all_faces()
    assert len(faces) == 15 * 4 + len(CardKind.all()) - 1
    assert len({c.order for c in faces}) == len(faces)
    assert len({c.text for c in faces}) == len(faces)
    assert all(0 <= c.order < 128 for c in faces)
    for c in faces:
        assert Card.face(c.kind, c.rank, c.suit) is c
        assert Card.from_text(c.text) is c
        assert pickle.loads(pickle.dumps(c)) is c and copy.deepcopy(c) is c
        assert c.is_natural == (c.kind is CardKind.NATURAL) == (c.suit is not None)
        assert c.is_joker == (c.kind is CardKind.JOKER)
    joker = Card.special(CardKind.JOKER)
    assert joker is Card.joker() and joker.order == 100 and joker.text == joker.pretty == "JK"
    assert not joker.is_natural and not joker.is_red and joker.rank == 0
    with pytest.raises(ValueError):
        Card.special(CardKind.NATURAL)
    with pytest.raises(CardParseError):
        Card.from_text("10h")  # canonical text only


_REGISTER_AND_PICKLE = """
import pickle, sys
from engine.cards import Card, CardKind, all_faces, register_kind
before = len(all_faces())
kind = register_kind("TEST_FACE", "TFC", "engine.cards")
assert register_kind("TEST_FACE", "TFC", "engine.cards") is kind  # idempotent
card = Card.special(kind)
assert len(all_faces()) == before + 1 and Card.from_text("TFC") is card and card.pretty == "TFC"
assert card.order == 100 + int(kind) - 1 and kind.title == "Test Face" and CardKind.all()[-1] is kind
sys.stdout.buffer.write(pickle.dumps([card, Card.joker()]))
"""

_UNPICKLE = """
import pickle, sys
from engine.cards import Card
cards = pickle.loads(sys.stdin.buffer.read())
print(" ".join(c.text for c in cards), cards[1] is Card.joker())
"""


def test_a_registered_kind_has_one_face_and_pickles_by_its_owner():
    """A game's kind gets the next number and its face the next order; a pickled face of it
    names the registering module, so a process that never imported the game gets the face
    (here the owner is engine.cards itself: the kind does not exist in the second process)."""
    made = subprocess.run([sys.executable, "-c", _REGISTER_AND_PICKLE], capture_output=True, check=True).stdout
    out = subprocess.run([sys.executable, "-c", _UNPICKLE], input=made, capture_output=True)
    assert out.returncode != 0 and b"not the text of a card face" in out.stderr  # TFC is made only by registering
    nogginate = subprocess.run([sys.executable, "-c", "import pickle, sys\n"
                                "from engine.games.nogginate.cards import Kind\n"
                                "from engine.cards import Card\n"
                                "sys.stdout.buffer.write(pickle.dumps([Card.special(Kind.STEAL), Card.joker()]))"],
                               capture_output=True, check=True).stdout
    out = subprocess.run([sys.executable, "-c", _UNPICKLE], input=nogginate, capture_output=True, text=False)
    assert out.stdout.decode().split() == ["STL", "JK", "True"]  # the game's module was imported to make STL


def test_ranks_zero_and_one_are_their_own_faces():
    zero, one = Card.get(0, Suit.CLUBS), Card.get(1, Suit.SPADES)
    assert (zero.text, zero.pretty, one.text, one.pretty) == ("0C", "0♣", "1S", "1♠")
    assert zero.is_natural and not zero.is_joker and zero is not Card.joker()
    assert sort_cards([Card.get(2, Suit.CLUBS), one, zero]) == [zero, one, Card.get(2, Suit.CLUBS)]
    assert Card.get(0, None) is Card.joker()  # the old spelling of the joker still works


def test_french_notation_is_the_old_one():
    assert parse_card("1S") is Card.get(ACE, Suit.SPADES)  # the ace, in a French game
    assert set(FRENCH.faces) == set(standard_deck(jokers=1))
    for bad in ("0C", "FZ", "BN", "CMB", "1"):
        with pytest.raises(CardParseError):
            parse_card(bad)
    with pytest.raises(ValueError):
        FRENCH.text(Card.get(0, Suit.CLUBS))


#: Every game's notation: the round trips below hold for each.
NOTATIONS = {"French": FRENCH, "Nogginate": NOGGINATE}


@pytest.mark.parametrize("notation", NOTATIONS.values(), ids=list(NOTATIONS))
def test_notation_round_trips_every_face(notation: Notation):
    for c in notation.faces:
        assert notation.parse(notation.text(c)) is c
        assert notation.parse(c.text.lower()) is c
        assert notation.parse(c.pretty) is c


@given(st.sampled_from(list(NOTATIONS)), st.data())
def test_notation_round_trips_card_lists(name, data):
    notation = NOTATIONS[name]
    cards = data.draw(st.lists(st.sampled_from(notation.faces), max_size=30))
    text = notation.cards_text(cards)
    assert notation.parse_cards(text) == cards
    assert notation.parse_cards(text.lower().replace(" ", ", ")) == cards
    if notation is FRENCH:
        assert parse_cards(cards_text(cards)) == cards


@given(st.text(alphabet="0123456789TJQKAXZFBNCDHS♣♦♥♠*", max_size=5))
def test_parse_is_total_either_a_face_or_a_card_parse_error(token):
    for notation in NOTATIONS.values():
        try:
            card = notation.parse(token)
        except CardParseError:
            continue
        assert card in notation


def test_insert_sorted_and_forget_one_keep_hands_as_multisets():
    from engine.cards import forget_one, insert_sorted
    hand = [Card.get(3, Suit.CLUBS), Card.get(7, Suit.HEARTS)]
    insert_sorted(hand, Card.get(5, Suit.SPADES))
    insert_sorted(hand, Card.get(7, Suit.HEARTS))
    assert [c.text for c in hand] == ["3C", "5S", "7H", "7H"]
    known = [Card.get(7, Suit.HEARTS), Card.get(7, Suit.HEARTS)]
    forget_one(known, Card.get(7, Suit.HEARTS))
    forget_one(known, Card.get(9, Suit.HEARTS))  # not known: nothing happens
    assert [c.text for c in known] == ["7H"]


def test_pretty_text_writes_cards_as_the_table_does():
    """Issue 22: one way to write cards wherever a player reads them: a chance step, a notation, a log's card
    list read ``4♦ 4♥``, never ``4D 4H``; only whole words that are a face's text change."""
    from engine.cards import pretty_text
    assert pretty_text("cut 18: 4D 4H 10S JK") == "cut 18: 4♦ 4♥ 10♠ JK"
    assert pretty_text("discard 10H D1") == "discard 10♥ D1"
    assert pretty_text("give 7H s2, add m3 1S (AS)") == "give 7♥ s2, add m3 1♠ (A♠)"
    assert pretty_text("draw 1c1x, 2x, P1 m10 18 H S") == "draw 1c1x, 2x, P1 m10 18 H S"
