"""Issue 22: every Nogginate event kind reads right in the third and the second person
(:mod:`narration_support`): "You add 10♦ to m1", "what you see", "1 card". The kinds a few
seeded matches do not reach come from the rules tests' positions (Combine, a Steal that
splits a Noggi, closing a Noggi, a pile taken before going down)."""

from __future__ import annotations

from narration_support import add_events, assert_every_kind_narrated_well, play_events
from test_nogginate_cheats import ctable
from test_nogginate_rules import play, table

from engine.games.nogginate.game import Phase
from engine.games.nogginate.melds import NATE, NOGGI

TABLES = [{"use_cheat_cards": True, "hands_off_single_use": True, "steal_return_policy": "team_choice",
           "fixed_rounds": 2}, {"use_cheat_cards": True, "fixed_rounds": 1}]


def test_every_nogginate_event_kind_is_narrated_with_agreement():
    by_kind = play_events("nogginate", 4, TABLES, range(3), max_steps=2000)
    combine = ctable({0: "CMB 8C"}, melds=((0, NOGGI, "4S 5S 6S 7S 8S 9S 10S", False), (1, NOGGI, "1H 2H 3H", False),
                                           (0, NOGGI, "0S 1S 2S 3S 4S 5S", False)))
    add_events(by_kind, play(combine, "combine m3 m1"))  # NG-C1
    steal = ctable({0: "STL 8C"}, melds=((1, NOGGI, "1H 2H 3H 4H 5H 6H 7H 8H 9H", False), (0, NATE, "5C 5D 5S", False)))
    add_events(by_kind, play(steal, "steal m1 5H m2"))  # NG-C8: the Noggi splits
    close = table({0: "3S 10S 9C 9D"}, melds=((0, NOGGI, "4S 5S 6S 7S 8S 9S", False),), down=(0,), phase=Phase.MELD)
    add_events(by_kind, play(close, "add m1 3S", "close m1"))  # NG-17
    add_events(by_kind, play(table({0: "7H 7D 4S 5S 6S 2C"}, pile="9C 9D 9H 7S"), "pile 7H 7D"))  # NG-36 waits
    assert_every_kind_narrated_well("nogginate", 4, by_kind)
