"""Spite & Malice's analysis hooks (engine/games/spite_malice/analysis.py, issue 28): moves told
the way the game log tells them, and moves that differ only in suit or in which empty deck is
used counted as one."""

from __future__ import annotations

from engine.analysis import analysis_for
from engine.cards import parse_card, parse_cards
from engine.games.spite_malice.game import Deal, Discard, Draw, PlayDiscard, PlayHand, PlayStock, SpiteMalice, \
    SpiteMaliceVariant


def first_turn(p1: str = ""):
    """Seat 0 to move first (its stock top 9♦ is the higher, SM-6; the opponent's is 4♦) holding
    A♥ A♠ 4♠ 4♥ K♦, with 7♥ on its discard deck D3 and the cards ``p1`` on play deck P1."""
    s = SpiteMalice.new_state(SpiteMaliceVariant(stock_count=2), 2)
    s.apply(Deal((tuple(parse_cards("9C 9D")), tuple(parse_cards("4C 4D")))))
    s.apply(Draw(tuple(parse_cards("AH AS 4S 4H KD"))))
    seven = parse_card("7H")
    s.pool.remove(seven)
    s.discards[0][2] = [seven]
    for c in parse_cards(p1):
        s.pool.remove(c)
        s.play[0].append(c)
    assert s.to_move == 0
    return s.view(0)


def card(text: str):
    return parse_card(text)


def test_a_move_is_told_as_the_game_log_tells_it():
    view, ga = first_turn(), analysis_for("spite_malice")
    assert ga.words(view, PlayHand(card("AH"), 0)) == "play A♥ from the hand on P1"
    assert ga.words(view, PlayHand(card("KD"), 1)) == "play K♦ from the hand on P2 (wild, as A)"
    assert ga.words(view, PlayStock(2)) == "play 9♦ from the stock on P3"
    assert ga.words(view, PlayDiscard(2, 3)) == "play 7♥ from discard deck D3 on P4"
    assert ga.words(view, Discard(card("4S"), 1)) == "discard 4♠ on D2"
    assert ga.kind(view, PlayDiscard(2, 3)) == "discard-deck plays"


def test_SM_2_moves_that_differ_only_in_suit_or_in_which_empty_deck_are_one_move():
    view, ga = first_turn(), analysis_for("spite_malice")
    assert ga.same(view, PlayHand(card("AH"), 0), PlayHand(card("AS"), 2))  # two empty play decks
    assert ga.same(view, Discard(card("4S"), 0), Discard(card("4H"), 3))  # two empty discard decks
    assert not ga.same(view, Discard(card("4S"), 0), Discard(card("4S"), 2))  # D3 holds 7♥
    assert not ga.same(view, Discard(card("4S"), 0), Discard(card("KD"), 0))
    assert not ga.same(view, PlayHand(card("AH"), 0), PlayHand(card("KD"), 0))
    legal = view.legal_actions()
    # A or K on an empty play deck, one discard of each value on an empty deck or on 7♥
    assert len(ga.distinct(view, legal)) == 2 + 3 * 2 < len(legal)


def test_SM_9_a_mark_says_which_play_deck_the_move_played_leaves_for_the_opponents_stock_card():
    view, ga = first_turn(p1="AC 2C"), analysis_for("spite_malice")  # P1 needs a 3
    wild_on_p1, discard = PlayHand(card("KD"), 0), Discard(card("4S"), 0)
    assert ga.why(view, wild_on_p1, discard) == "P1 then needs a 4: the opponent's stock card"
    assert ga.why(view, discard, wild_on_p1) == ""
    assert ga.why(view, PlayHand(card("AH"), 1), discard) == ""
