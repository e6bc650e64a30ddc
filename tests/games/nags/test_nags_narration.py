"""Issue 22: every Nags event kind reads right in the third and the second person
(:mod:`narration_support`); the kinds no deal reaches (NA-16's pass and blocked game) come
from the forced position of the rules tests."""

from __future__ import annotations

from narration_support import add_events, assert_every_kind_narrated_well, play_events
from test_nags_rules import _blockable, act

TABLES = [{}, {"direction_mode": "choice", "buying_horses": True, "match_games": 2},
          {"direction_mode": "alternating", "shuffle_on_recycle": True}]


def test_every_nags_event_kind_is_narrated_with_agreement():
    by_kind = play_events("nags", 4, TABLES, range(4))
    s = _blockable(direction_mode="alternating")
    for _ in range(3):
        add_events(by_kind, act(s, "pass"))  # NA-16: three passes block the game
    assert_every_kind_narrated_well("nags", 4, by_kind)
