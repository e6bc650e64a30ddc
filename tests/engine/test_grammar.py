"""Issue 11 part 6: narration agrees with a seat named ``You`` wherever it is
narrated (Event.narrate), not message by message."""

from __future__ import annotations

from engine.core import Event, Game
from engine.games import get_game
from engine.grammar import second_person
from tui.games.spite_malice.ui import result_text

NAMES = ["You", "Bix"]


def test_event_narrate_agrees_with_you():
    assert Event("bid", "{seat} bids 10", 0).narrate(NAMES) == "You bid 10"
    assert Event("win", "{seat} has played the last stock card and wins (SM-13)", 0).narrate(NAMES) == \
        "You have played the last stock card and win (SM-13)"
    assert Event("first", "{seat} turned up the higher stock card and plays first", 0).narrate(NAMES) == \
        "You turned up the higher stock card and play first"
    assert Event("bid", "{seat} bids 10", 1).narrate(NAMES) == "Bix bids 10"
    assert Event("x", "{s1} leads and {s0} wins", 1).narrate(NAMES) == "Bix leads and You win"
    assert Event("x", "{s0} plays and {s1} wins", 1).narrate(NAMES) == "You play and Bix wins"


def test_second_person_needs_a_seat_named_you():
    assert second_person("You bids 10", ["Ann", "Bix"]) == "You bids 10"


def test_spite_malice_result_text_agrees():
    class V:
        reason = "{seat} has played the last stock card and wins (SM-13)"
        result = 0
    assert result_text(V(), NAMES) == "You have played the last stock card and win (SM-13)"


def test_fixed_seat_count_says_the_number_once():
    noms: type[Game] = get_game("noms")
    assert noms.seat_range_error(2) == f"{noms.title} needs 4 seats, not 2"
    assert get_game("nags").seat_range_error(6) == "Nags needs 2 to 5 seats, not 6"
