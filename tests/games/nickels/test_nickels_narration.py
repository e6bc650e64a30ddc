"""Issue 22: every Nickels event kind reads right in the third and the second person
(:mod:`narration_support`): "You put 9♦ in m1", not "You puts"."""

from __future__ import annotations

from narration_support import assert_every_kind_narrated_well, play_events

#: Short rounds (NK-19a) reach the end of the match; the default table has the long rounds'
#: lay-offs, joker swaps and reshuffles; NK-5's variation turns a joker back.
TABLES = [{"reject_joker_upcard": True, "max_turns_per_round": 10}, {}]


def test_every_nickels_event_kind_is_narrated_with_agreement():
    assert_every_kind_narrated_well("nickels", 4, play_events("nickels", 4, TABLES, range(3), max_steps=600))
