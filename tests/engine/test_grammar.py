"""Narration agrees with its reader from the template's own forms (issue 22: a template
per person and number, :mod:`engine.grammar`), not by rewriting finished English."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core import Event, Game
from engine.games import SPECS, get_game
from engine.grammar import TemplateError, agree, article, plural, render
from tui.games.spite_malice.ui import game_breakdown, result_text
from tui.widgets.narration import what_seat_sees

NAMES = ["You", "Bix"]
TESTS = Path(__file__).resolve().parents[1]


def test_event_narrate_chooses_the_form_for_the_reader():
    assert Event("bid", "{seat} {seat:bids|bid} 10", 0).narrate(NAMES) == "You bid 10"
    assert Event("bid", "{seat} {seat:bids|bid} 10", 1).narrate(NAMES) == "Bix bids 10"
    assert Event("win", "{seat} {seat:has|have} played the last stock card and {seat:wins|win} (SM-13)",
                 0).narrate(NAMES) == "You have played the last stock card and win (SM-13)"
    assert Event("x", "{s1} {s1:leads|lead} and {s0} {s0:wins|win}", 1).narrate(NAMES) == "Bix leads and you win"
    assert Event("x", "{s0} {s0:plays|play} and {s1} {s1:wins|win}", 1).narrate(NAMES) == "You play and Bix wins"


def test_the_reader_is_a_seat_not_a_word_in_the_text():
    """The person is chosen for the seat read as ``you``; a name that merely is ``You``
    in a sentence changes nothing, and any seat can be the reader."""
    e = Event("swap", "{seat} {seat:puts|put} 9♦ in m1 and {seat:takes|take} the joker", 0)
    assert e.narrate(["Ann", "Bix"]) == "Ann puts 9♦ in m1 and takes the joker"
    assert e.narrate(["Ann", "Bix"], you=0) == "You put 9♦ in m1 and take the joker"
    assert e.narrate(["You", "Bix"], you=None) == "You puts 9♦ in m1 and takes the joker"  # nobody is "you"
    assert render("You bids 10", ["Ann", "Bix"]) == "You bids 10"  # finished English is not rewritten


def test_you_is_capitalised_only_where_a_sentence_starts():
    assert render("{s1} {s1:gives|give} 7♥ to {s0}; {s0:'s} team is down", NAMES) == \
        "Bix gives 7♥ to you; your team is down"
    assert render("{s0:'s} team is down. {s1:'s} is not", NAMES) == "Your team is down. Bix's is not"
    assert render("7♥ lies on the pile: {s0} may take it", NAMES) == "7♥ lies on the pile: you may take it"
    assert render("Winner: {s0:^}", NAMES) == "Winner: You"
    assert render("what {s0} {s0:sees|see}", NAMES) == "what you see"


def test_numbers_choose_their_forms_when_the_event_is_made():
    assert plural(1, "card", "cards") == "1 card" and plural(0, "card", "cards") == "0 cards"
    assert f"7♥ {agree(1, 'goes', 'go')} back" == "7♥ goes back"
    assert f"7♥ 8♥ {agree(2, 'goes', 'go')} back" == "7♥ 8♥ go back"


def test_the_article_is_chosen_for_the_word_read_aloud():
    assert [article(w) for w in ("7", "8", "A", "K", "11", "18", "80", "10", "ace", "Noggi")] == [
        "a 7", "an 8", "an A", "a K", "an 11", "an 18", "an 80", "a 10", "an ace", "a Noggi"]


def test_a_template_error_names_the_field():
    with pytest.raises(TemplateError, match="s7"):
        render("{s7} broken", NAMES)
    with pytest.raises(TemplateError, match="bad"):
        render("{seat:bad}", NAMES, 0)
    assert Event("x", "{s7} broken", 0).narrate(["Ann"]) == "{s7} broken"  # a log's narration never fails


def test_every_game_has_a_narration_test():
    """Each game's events are narrated and checked by ``tests/games/<id>/test_<id>_narration.py``
    (:mod:`narration_support` finds the kinds in the game's code), so a new game cannot skip it."""
    missing = [g for g in SPECS if not (TESTS / "games" / g / f"test_{g}_narration.py").is_file()]
    assert not missing


def test_table_wording_agrees_too():
    """Words the table builds itself: the replay's heading, Spite & Malice's result and score lines."""
    assert what_seat_sees(NAMES, 0) == "what you see" and what_seat_sees(NAMES, 1) == "what Bix sees"

    class V:
        reason = "{seat} {seat:has|have} played the last stock card and {seat:wins|win} (SM-13)"
        result = 0
    assert result_text(V(), NAMES) == "You have played the last stock card and win (SM-13)"
    assert game_breakdown({"winner": 0, "stock_left": [0, 1]}, NAMES) == \
        "You won: Bix had 1 card left in the stock, so you score 1 (SM-17)"


def test_fixed_seat_count_says_the_number_once():
    noms: type[Game] = get_game("noms")
    assert noms.seat_range_error(2) == f"{noms.title} needs 4 seats, not 2"
    assert get_game("nags").seat_range_error(6) == "Nags needs 2 to 5 seats, not 6"
