"""Nags' analysis hooks (engine/games/nags/analysis.py, issue 28): what counts as a real
decision and how the summary names it."""

from __future__ import annotations

from engine.analysis import analysis_for
from engine.cards import parse_card, parse_cards
from engine.games.nags.game import ChooseDealer, Deal, DealRunner, Nags, NagsVariant, Play


def opening(runners: str):
    """Seat 0 to open (NA-7, NA-8) holding 2♣ and 2♦, with these runners."""
    state = Nags.new_state(NagsVariant(), 3)
    state.apply(ChooseDealer(2))
    for r in runners.split():
        state.apply(DealRunner(parse_card(r)))
    hands = ["2C 2D 3C 3D 4C 4D 5C 5D 6C", "7C 7D 7H 7S 8C 8D 8H 10C 10D", "9C 9H 9S JH JS QC QS KC KD"]
    state.apply(Deal(tuple(tuple(parse_cards(h)) for h in hands)))
    assert state.to_move == 0
    return state.view(0)


def test_NA_12_plays_that_differ_only_in_suit_are_one_move_unless_a_horse_is_running():
    ga = analysis_for("nags")
    club, diamond, both = (Play(tuple(parse_cards(t))) for t in ("2C", "2D", "2C 2D"))
    view = opening("9D JC QH 10S")  # no 2 running: the suit of a 2 changes nothing
    assert set(view.legal_actions()) == {club, diamond, both}
    assert ga.same(view, club, diamond) and not ga.same(view, club, both)
    assert len(ga.distinct(view, view.legal_actions())) == 2
    view = opening("2H JC QH 10S")  # the red 2 is running: 2♦ brings it in, 2♣ makes it fall
    assert not ga.same(view, club, diamond) and not ga.same(view, diamond, both)
    assert len(ga.distinct(view, view.legal_actions())) == 3


def test_a_play_where_a_running_horse_can_come_in_or_fall_is_a_horse_play():
    ga = analysis_for("nags")
    club = Play(tuple(parse_cards("2C")))
    assert ga.kind(opening("2H JC QH 10S"), club) == "horse plays"  # 2♣ makes the red 2 fall
    assert ga.kind(opening("9D JC QH 10S"), club) == "plays"
    assert ga.kinds[:2] == ("horse plays", "plays")


def test_NA_12_a_mark_says_which_horse_the_move_played_lets_fall():
    ga = analysis_for("nags")
    club, diamond, both = (Play(tuple(parse_cards(t))) for t in ("2C", "2D", "2C 2D"))
    view = opening("2H JC QH 10S")
    assert ga.why(view, club, diamond) == "2♣ makes the 2♥ horse fall; 2♦ brings it in"
    assert ga.why(view, club, both) == "2♣ makes the 2♥ horse fall; 2♣ 2♦ bring it in"
    assert ga.why(view, diamond, club) == ""  # the move played brought it in
    assert ga.why(opening("9D JC QH 10S"), club, both) == ""  # no 2 running
