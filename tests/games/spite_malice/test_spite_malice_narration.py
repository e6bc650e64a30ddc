"""Issue 22: every Spite & Malice event kind reads right in the third and the second person
(:mod:`narration_support`); SM-6's re-deal comes from the rules test's deal of equal stock cards."""

from __future__ import annotations

from narration_support import add_events, assert_every_kind_narrated_well, play_events
from test_spite_malice_rules import cards

from engine.games.spite_malice.game import Deal, SpiteMalice, SpiteMaliceVariant

TABLES = [{}, {"shortfall_policy": "partial"}]


def test_every_spite_malice_event_kind_is_narrated_with_agreement():
    by_kind = play_events("spite_malice", 2, TABLES, range(4))
    s = SpiteMalice.new_state(SpiteMaliceVariant(stock_count=2))
    add_events(by_kind, s.apply(Deal((cards("2C 9D"), cards("AC 9S")))))  # SM-6: equal values
    assert_every_kind_narrated_well("spite_malice", 2, by_kind)
