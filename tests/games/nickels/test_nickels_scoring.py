"""Where every penalty point of a Nickels round came from (issue 24): each card left with its
NK-6 value and the 25 for not having melded (NK-21), rebuilt from the ``hand_over`` data."""

from __future__ import annotations

from engine.cards import parse_cards
from engine.games.nickels.game import Nickels, NickelsVariant, PenaltyValues
from engine.games.nickels.scoring import seat_breakdown
from play_hash_support import random_hand_overs


def test_nk21_each_card_left_at_its_nk6_value_and_25_for_not_melding():
    """NK-21 with NK-6's values: JK 50, A 20, 10 10, 2 5, and +25 for a seat that did not meld."""
    g = seat_breakdown(2, parse_cards("JK AS 10H 2C"), False, 25, PenaltyValues(), None)
    assert [(i.what, i.points, i.rule) for i in g.items] == [
        ("JK", 50, "NK-6"), ("A♠", 20, "NK-6"), ("10♥", 10, "NK-6"), ("2♣", 5, "NK-6"),
        ("did not meld this round", 25, "NK-21")]
    assert g.total == 110 and g.seats == (2,)


def test_nk21_the_one_who_went_out_scores_0_and_nobody_pays_25_in_the_12_hand():
    """NK-21: going out scores 0; in the 12 hand (unmelded 0) no 25 item appears."""
    out = seat_breakdown(1, [], True, 25, PenaltyValues(), 1)
    assert [(i.what, i.points) for i in out.items] == [("{s1} went out", 0)] and out.total == 0
    twelve = seat_breakdown(0, parse_cards("KD"), False, 0, PenaltyValues(), 1)
    assert [i.rule for i in twelve.items] == ["NK-6"] and twelve.total == 10


def test_nk6_the_breakdown_follows_the_penalty_values_house_rule():
    """NK-6's ``penalty_values`` option: the items carry the table's values."""
    g = seat_breakdown(0, parse_cards("JK"), True, 25, PenaltyValues(joker=15), None)
    assert g.total == 15


def test_nk21_every_round_of_a_match_breaks_down_to_its_scores():
    """A whole random match (seven rounds): each ``hand_over``'s breakdown has one group per seat,
    one card item per card left, and sums to the seat's round score."""
    variant = NickelsVariant()
    rounds = 0
    for e in random_hand_overs(Nickels.new_state(variant, 4), seed=7):
        rounds += 1
        groups = Nickels.round_breakdown(e.data, variant, 4)
        assert [g.seats for g in groups] == [(0,), (1,), (2,), (3,)]
        assert [g.total for g in groups] == e.data["scores"]
        for seat, g in enumerate(groups):
            cards = [i for i in g.items if i.rule == "NK-6"]
            assert len(cards) == len(parse_cards(e.data["left"][seat]) if e.data["left"][seat] else [])
    assert rounds == 7
