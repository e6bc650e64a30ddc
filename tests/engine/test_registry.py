"""The game registry (``engine.games``): one list of games, specs loaded when first asked for.

Issue 23: ``ALL_IDS`` is derived from ``SPECS``; there is no list of "planned" games.
Issue 22: a game's package is imported only when that game is used, so each check here
runs in a fresh interpreter and reads ``sys.modules`` (nothing is timed)."""

from __future__ import annotations

import pytest

from engine import games
from engine.games import ALL_IDS, GAMES, SPECS, TITLES, UnknownGame, game_title, get_spec
from import_support import loaded_after


def test_all_ids_are_the_registry_keys_in_offer_order():
    assert ALL_IDS == tuple(SPECS) == tuple(GAMES) == tuple(TITLES)
    assert ALL_IDS == ("nags", "noms", "spite_malice", "nickels", "nogginate")
    assert not hasattr(games, "PLANNED")


@pytest.mark.parametrize("game_id", ALL_IDS)
def test_each_spec_is_its_packages_and_the_title_is_the_games(game_id):
    spec = SPECS[game_id]
    assert spec.id == game_id and spec.package == f"engine.games.{game_id}"
    assert GAMES[game_id] is spec.game and get_spec(game_id) is spec
    assert spec.game.title == TITLES[game_id] == game_title(game_id)


def test_an_unknown_id_is_no_game():
    assert "chess" not in SPECS and game_title("chess") == "chess"
    with pytest.raises(KeyError):
        SPECS["chess"]
    with pytest.raises(UnknownGame, match="unknown game 'chess'; games are nags, noms"):
        get_spec("chess")


def test_a_game_that_cannot_be_loaded_is_one_sentence(unloadable_game):
    assert unloadable_game in SPECS  # still a game of the product: listed, offered, named
    with pytest.raises(UnknownGame, match=r"^Nogginate \(nogginate\) could not be loaded \(.*\); reinstall"):
        get_spec(unloadable_game)


def test_importing_the_registry_imports_no_game():
    assert loaded_after("import engine.games")["games"] == []


def test_asking_for_one_game_imports_that_game_only():
    code = "from engine.games import get_spec, levels_for; get_spec('nickels').make_bot('easy'); levels_for('nickels')"
    assert loaded_after(code)["games"] == ["engine.games.nickels"]
