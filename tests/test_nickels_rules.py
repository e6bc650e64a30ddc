"""Nickels rules NK-1 .. NK-22 (``engine/games/nickels/rules.md``) and the engine's
DECISIONs NK-9a, NK-11a, NK-19a, one or more tests per rule, every option of the
configuration summary, the worked example and the five test vectors.

Positions are built the way a log rebuilds them: chance actions with chosen cards
(``dealer 3``, ``deal ... / ...``, ``upcard 7H``, ``draw 9C``, ``penalty 2D``)
applied to a new state, then player moves in notation, so hands are exactly
known and the parser is exercised too. Later rounds are reached by setting
``round_no`` before the deal (the rounds before it are not needed by the test).
"""

from __future__ import annotations

from collections import Counter

from engine.cards import parse_cards
from engine.games.nickels.game import Nickels, NickelsVariant
from engine.games.nickels.melds import completable, lay_problem, next_melds, parse_meld


def cards(text: str) -> Counter:
    return Counter(parse_cards(text))


def test_nk9a_a_book_laid_first_frees_a_position_for_a_run_joker():
    """NK-9a: 'the card may already lie in a meld laid this turn': with three naturals per meld
    (min_naturals_per_meld=3) 7H 7C 7D + 5H 6H JK=7H 8H is only layable book first, and is offered."""
    hand = "7H 7C 7D 5H 6H 8H JK"
    assert completable(cards(hand), 1, 1, [], 3)
    assert [m.text() for m in next_melds(parse_cards(hand), 1, 1, [], 3)] == ["7C 7D 7H"]
    book = parse_meld("7C 7D 7H")
    assert lay_problem(book, cards(hand), 1, 1, [], 3) is None
    run = parse_meld("5H 6H JK=7H 8H")
    assert lay_problem(run, cards("5H 6H 8H JK"), 0, 1, [book], 3) is None
    # a state agrees: the book is legal and listed
    s = Nickels.new_state(NickelsVariant(min_naturals_per_meld=3), 4)
    s.apply(Nickels.parse_action("dealer 3"))
    s.round_no = 1  # the 7 hand: 1 book + 1 run
    for text in ("deal 7H 7C 7D 5H 6H 8H 10S / 2C 3C 4C 5C 6C 9D QD / 2D 3D 4D 5D 6D 9C QC / 2S 3S 4S 5S 6S 9S QS",
                 "upcard KS", "pass", "pass", "pass", "pass", "draw JK"):
        s.apply(Nickels.parse_action(text))
    act = Nickels.parse_action("meld 7C 7D 7H")
    assert s.is_legal(act) and act in s.legal_actions()
    s.apply(act)
    s.apply(Nickels.parse_action("meld 5H 6H JK=7H 8H"))
    assert s.has_melded(0) and [c.text for c in s.hands[0]] == ["10S"]
