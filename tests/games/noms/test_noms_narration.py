"""Issue 22: every Noms event kind reads right in the third and the second person
(:mod:`narration_support`): "You announce Spades", "You are the declarer"."""

from __future__ import annotations

from narration_support import assert_every_kind_narrated_well, play_events


def test_every_noms_event_kind_is_narrated_with_agreement():
    assert_every_kind_narrated_well("noms", 4, play_events("noms", 4, [{}], range(4)))
