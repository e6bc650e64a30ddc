"""``engine.games.nickels.melds.arrange``: the books and runs a selection of cards forms
(NK-7, NK-8, NK-9), which the Nickels table uses to name what each joker stands for."""

from __future__ import annotations

import pytest

from engine.cards import parse_cards
from engine.games.nickels.melds import Book, Run, arrange, meld_problem


def texts(cards: str) -> list[str]:
    return [m.text() for m in arrange(parse_cards(cards))]


@pytest.mark.parametrize("cards, expected", [
    ("7C 7D JK", ["7C 7D JK"]),                                  # NK-7 book, NK-9 joker takes its rank
    ("5H 6H 7H 8H", ["5H 6H 7H 8H"]),                            # NK-8 run
    ("5H 7H JK JK", ["JK=4H 5H JK=6H 7H", "5H JK=6H 7H JK=8H"]),  # NK-9: gap filled, the spare joker at either end
    ("AS 2S 3S JK", ["AS 2S 3S JK=4S"]),                         # NK-8: the ace low
    ("QS KS AS JK", ["JK=JS QS KS AS"]),                         # NK-8: the ace high, never wrapping
    ("AS JK JK JK", ["AS JK JK JK", "AS JK=2S JK=3S JK=4S", "JK=JS JK=QS JK=KS AS"]),  # a book or a run
    ("5H 6C 7H 8H", []),                                         # NK-8: one suit
    ("5H 6H 7H", []),                                            # NK-8: four cards or more
    ("7C 7D", []),                                               # NK-7: three cards or more
    ("JK JK JK", []),                                            # NK-9: a natural card gives the meld its rank
    ("5H 5H 6H 7H", []),                                         # a run holds each rank once
    ("5H 9H JK JK", []),                                         # two jokers cannot fill three gaps
])
def test_arrange_names_every_book_and_run(cards, expected):
    assert texts(cards) == expected


def test_arranged_melds_are_valid_and_use_exactly_the_cards():
    for cards in ("5H 7H JK JK", "AS JK JK JK", "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "KD KD JK JK"):
        picked = sorted(parse_cards(cards))
        melds = arrange(picked)
        assert melds, cards
        for m in melds:
            assert isinstance(m, (Book, Run))
            assert meld_problem(m) is None, (cards, m.text())
            assert sorted(m.cards) == picked
