"""Where every point of a Nogginate round came from (issue 24): the engine's breakdown per team
(NG-46 to NG-52), item by item, sums to the round's score; partnerships are listed once."""

from __future__ import annotations

import pytest

from engine.games.nogginate.game import Nogginate, NogginateVariant
from engine.games.nogginate.melds import NATE, NOGGI
from engine.match import breakdown_data, breakdown_from_data
from play_hash_support import random_hand_overs
from test_nogginate_rules import CLOSED2, table


def items(group) -> list[tuple[str, float, str]]:
    return [(i.what, i.points, i.rule) for i in group.items]


def test_ng51_worked_example_item_by_item():
    """NG-51's worked example: team A 4,140 from two Noggis, a dirty Nate, two Bonus cards
    (NG-48), going out (NG-46) and A2's 4 and Joker; team B -885 (not qualified: NG-49, NG-50)."""
    nine = " ".join(f"{r}H" for r in range(1, 9))
    s = table({0: "", 2: "4C JK", 1: "10C 7D BN", 3: "3H"},
              melds=((0, NOGGI, nine, True), (0, NOGGI, " ".join(f"{r}S" for r in range(11)), True),
                     (0, NATE, "5C 5C 5C 5D 5D 5D JK", True), (1, NATE, "6C 6C 6C 6D 6D 6D 6H", True)),
              bonuses=(2, 1))
    a, b = s.round_breakdown(0)
    assert a.seats == (0, 2) and b.seats == (1, 3)
    assert items(a) == [("Closed Noggi m1", 1500, "NG-51"), ("Closed Super Noggi m2", 2000, "NG-51"),
                        ("Closed dirty Nate m3", 300, "NG-51"), ("2 Bonus cards melded, 100 each", 200, "NG-48"),
                        ("{s0} went out", 200, "NG-46"), ("cards left, {s2}: 4♣ 10, JK 50", -60, "NG-51")]
    assert a.total == 4140 and a.note == ""
    assert items(b) == [("1 Bonus card melded, not qualified", -100, "NG-49"),
                        ("cards left, {s1}: 7♦ 10, 10♣ 20", -30, "NG-51"),
                        ("{s1} holds a Bonus card", -750, "NG-50"), ("cards left, {s3}: 3♥ 5", -5, "NG-51")]
    assert b.total == -885 and "not qualified" in b.note and "NG-43" in b.note
    assert s.round_points(0) == [4140, -885]


def test_ng48_all_six_bonus_cards_are_one_item_of_1000():
    """NG-48: all six melded Bonus cards score 1,000, one item (not six of 100)."""
    s = table({0: ""}, n=2, melds=CLOSED2, bonuses=(6, 0))
    bonus = [i for i in s.round_breakdown(None)[0].items if i.kind == "bonus"]
    assert [(i.what, i.points, i.rule) for i in bonus] == [("all 6 Bonus cards melded", 1000, "NG-48")]


def test_ng51_open_melds_and_ng52_melded_card_values():
    """NG-51: an open meld is no item; NG-52's option adds one item for the melded cards' values."""
    melds = CLOSED2 + ((0, NATE, "8C 8C 8C", False),)
    assert [i.what for i in table({0: ""}, n=2, melds=melds).round_breakdown(None)[0].items] == [
        "Closed Noggi m1", "Closed clean Nate m2"]
    g = table({0: ""}, n=2, melds=melds, score_melded_card_values=True).round_breakdown(None)[0]
    assert g.items[-1].rule == "NG-52" and g.items[-1].points == 3 * 5 + 4 * 10 + 7 * 10 + 3 * 10 and g.total == 2155


def test_ng46_to_ng52_every_hand_over_carries_a_breakdown_that_sums_to_its_score():
    """Random matches (partnerships of two and of three, cheat cards): each ``hand_over`` event's
    breakdown lists every team once, with its seats, and sums to the team's round score."""
    rules = set()
    for seed, seats, opts in ((3, 4, {}), (4, 6, {"six_player_teams": "2x3", "use_cheat_cards": True}),
                              (5, 3, {"use_cheat_cards": True})):
        variant = NogginateVariant(fixed_rounds=2, **opts)
        s = Nogginate.new_state(variant, seats)
        rounds = 0
        for e in random_hand_overs(s, seed):
            rounds += 1
            groups = Nogginate.round_breakdown(e.data, variant, seats)
            assert groups is not None
            assert [list(g.seats) for g in groups] == [list(t) for t in s.teams]
            assert [g.total for g in groups] == e.data["team_scores"]
            for g in groups:
                assert all(e.data["scores"][seat] == g.total for seat in g.seats)
                rules |= {i.rule for i in g.items}
        assert rounds == 2
    assert rules <= {"NG-46", "NG-48", "NG-49", "NG-50", "NG-51", "NG-52"} and "NG-51" in rules


def test_breakdown_data_round_trips():
    """The event carries the breakdown as plain data; reading it back gives the same items."""
    s = table({0: "", 2: "4C JK"}, melds=CLOSED2, bonuses=(2, 0))
    groups = s.round_breakdown(0)
    assert breakdown_from_data(breakdown_data(groups)) == groups


@pytest.mark.parametrize("bad", [[{"seats": [0]}], [{"seats": [0], "items": [["x", 1]]}]])
def test_a_damaged_breakdown_is_refused_by_name(bad):
    with pytest.raises((KeyError, ValueError)):
        breakdown_from_data(bad)
