"""Nogginate's cheat cards (issue 14): rules NG-11, NG-12, NG-15, NG-22 (cheat-Nates), NG-23 (Jokernate),
NG-26 to NG-31 (the draws), NG-27 (the cheat discard pile), NG-C0a to NG-C9 and the engine's DECISIONs
NG-22b, NG-30a, NG-45j, NG-C0f, NG-C0g, NG-C4a, NG-C5a, NG-C6a, NG-C7a, NG-C8a, NG-C9a, with every cheat
option of the configuration summary.

Positions are built with :func:`ctable` (the ``table`` of ``test_nogginate_rules`` with the cheat deck):
hands, melds (with Hands Off cards) and piles set directly, the stocks the rest of both decks, so card
conservation holds. Every test checks the legal list and the refusal (``why_illegal``, naming the rule), the
state after ``apply``, and (:func:`agree`) that the view of the seat to move gives the same legal list and
the same answers as the state.

The properties at the end (hypothesis) play random matches with cheat cards on and random cheat options,
and check random positions against every power action that could be written; engine fixes found on the way
have their own tests (the view's NG-45d sentence, a power written in another order, NG-45e with a Jokernate).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cards import Card
from engine.games.nogginate.cards import CHEAT_CARDS, nogginate_deck
from engine.core import CHANCE, TERMINAL, ActionParseError, IllegalAction
from engine.games.nogginate.cheats import (
    COMBINE, HANDS_OFF, JOKERNATE_CARD, POWER_CARD, RECONFIGURE, REMOVE, RESURRECT, SHOW, STEAL, TELL, TELLS,
    CheatNate, Combine, Give, HandsOff, Reconfigure, Remove, Resurrect, Show, StartJokernate, Steal, Tell,
    cheat_cards)
from engine.games.nogginate.game import Draw, Nogginate, NogginateState, NogginateVariant, Phase
from engine.games.nogginate.melds import CHEAT_NATE, JOKERNATE, NATE, NOGGI, TableMeld, new_meld
from test_nogginate_properties import run_match
from test_nogginate_rules import A, C, play, table, texts

JK = Card.joker()
CHEATS = (COMBINE, HANDS_OFF, JOKERNATE_CARD, RECONFIGURE, REMOVE, RESURRECT, SHOW, STEAL, TELL)


def ctable(hands: dict[int, str], *, phase: int = Phase.MELD, down: tuple = (0, 1, 2, 3, 4, 5), **kw) -> NogginateState:
    """:func:`test_nogginate_rules.table` with cheat cards on (``use_cheat_cards`` unless given), in the
    meld phase and every team down unless told otherwise: ``hands`` hold cheat cards too, ``melds`` may
    carry Hands Off cards, ``cheat_stock`` sets the cheat stock."""
    kw.setdefault("use_cheat_cards", True)
    return table(hands, phase=phase, down=down, **kw)


def agree(s: NogginateState, *actions: str) -> dict[str, str | None]:
    """The state's answers for ``actions`` (notation -> refusal or None), after checking that the view of
    the seat to move lists the same moves and gives the same answers, and that ``is_legal`` is membership
    in the legal list."""
    legal = s.legal_actions()
    v = s.view(s.to_move)
    assert v.compute_legal() == legal
    out = {}
    for t in actions:
        a = A(t)
        why = s.why_illegal(a)
        assert v.why_illegal(a) == why, t
        assert (why is None) == (a in legal), (t, why)
        assert why is None or "NG-" in why or why.startswith(("you hold no", "you do not hold", "there is no")) \
            or why.endswith("is not among the returned cards"), why
        out[t] = why
    for a in legal:
        assert s.why_illegal(a) is None and v.why_illegal(a) is None
        assert Nogginate.parse_action(str(a)) == a
    return out


def meld(s: NogginateState, mid: int) -> TableMeld:
    return next(m for m in s.melds if m.id == mid)


def conserved(s: NogginateState) -> None:
    assert Counter(c for z in s.zones().values() for c in z) == Counter(nogginate_deck()) + Counter(
        cheat_cards(not s.partnership, s.variant.show_tell_in_individual_games))


CLOSED2 = ((0, NOGGI, "1S 2S 3S 4S 5S 6S 7S", True), (0, NATE, "9H 9H 9S 9S 9D 9D 9D", True))


# ---------------------------------------------------------------------------
# The cheat deck (NG-11, NG-12, NG-15, NG-C0a)
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("n", [4, 6])
def test_ng11_a_partnership_game_has_the_54_card_cheat_deck(n):
    """NG-11: with ``use_cheat_cards`` a 4- or 6-player game's cheat stock is the 54 cards, 6 of each of the
    9 powers; cards are conserved over both decks (``zones``)."""
    s = Nogginate.new_state(NogginateVariant(use_cheat_cards=True), n)
    assert len(s.cheat_stock) == 54 and Counter(s.cheat_stock) == {c: 6 for c in CHEATS}
    s.apply(A("dealer 0"))
    s.apply(s.sample_chance(random.Random(1)))
    conserved(s)
    assert {"cheat stock", "cheat discards", "hands off", "returning"} <= set(s.zones())


@pytest.mark.parametrize("n", [2, 3, 5])
def test_ng12_an_individual_game_has_42_cheat_cards_unless_show_tell_in_individual_games(n):
    """NG-12: in 2, 3 and 5 player games Show and Tell are out (42 cards); with
    ``show_tell_in_individual_games`` all 54 stay."""
    s = Nogginate.new_state(NogginateVariant(use_cheat_cards=True), n)
    assert len(s.cheat_stock) == 42 and SHOW not in s.cheat_stock and TELL not in s.cheat_stock
    s = Nogginate.new_state(NogginateVariant(use_cheat_cards=True, show_tell_in_individual_games=True), n)
    assert len(s.cheat_stock) == 54 and s.cheat_stock.count(SHOW) == 6 == s.cheat_stock.count(TELL)


def test_ng12_show_and_tell_are_dead_cards_in_an_individual_game():
    """NG-12 (``show_tell_in_individual_games``): in a 3-player game Show and Tell cannot be played; they are
    only discarded (onto the cheat discard pile) or melded in a cheat-Nate on the going-out turn (NG-22)."""
    s = ctable({0: "SHW TEL 7H 8C"}, n=3, show_tell_in_individual_games=True)
    why = agree(s, "show 7H", "tell pile", "discard SHW", "discard TEL")
    assert "NG-12" in why["show 7H"] and "NG-12" in why["tell pile"]
    assert why["discard SHW"] is None and why["discard TEL"] is None
    assert not any(t.startswith(("show", "tell")) for t in texts(s))
    play(s, "discard SHW")
    assert s.cheat_discards == [SHOW] and s.discards == C("0S")
    s = ctable({0: "SHW SHW SHW 8C"}, n=3, melds=CLOSED2, show_tell_in_individual_games=True)
    assert agree(s, "cheatnate SHW SHW SHW")["cheatnate SHW SHW SHW"] is None
    play(s, "cheatnate SHW SHW SHW", "discard 8C")
    assert s.out_seat == 0


def test_ng15_the_cheat_stock_is_face_down_and_its_discard_pile_starts_empty_each_round():
    """NG-15: the cheat stock is face down (a view shows its size only) and the cheat discard pile starts
    empty; a new round starts again with the whole cheat deck."""
    s = ctable({0: "STL 8C 9C"}, n=2, melds=CLOSED2)
    v = s.view(1)
    assert v.cheat_stock_count == len(s.cheat_stock) == 41 and v.cheat_discards == ()
    play(s, "discard STL")
    assert s.view(1).cheat_discards == (STEAL,)
    s.stock = []
    s.phase = Phase.ACQUIRE
    s.turn_seat = 1
    play(s, "draw")  # NG-31: the round ends
    assert s.phase == Phase.DEAL and len(s.cheat_stock) == 42 and s.cheat_discards == []


def test_ngc0a_cheat_cards_are_never_dealt_only_drawn_from_the_cheat_stock():
    """NG-C0a (NG-13): the deal holds no cheat card; cheat cards reach a hand only by a cheat draw."""
    rng = random.Random(4)
    for seed in range(5):
        s = Nogginate.new_state(NogginateVariant(use_cheat_cards=True), 4)
        s.apply(A("dealer 1"))
        deal = s.sample_chance(random.Random(seed))
        assert not any(c in CHEAT_CARDS for h in deal.hands for c in h)
        s.apply(deal)
        s.apply(s.sample_chance(rng))
        assert s.phase == Phase.ACQUIRE and len(s.cheat_stock) == 54
        assert not any(c in CHEAT_CARDS for h in s.hands for c in h)
        play(s, "draw 2x")
        drawn = s.sample_chance(rng)
        assert len(drawn.cards) == 2 and all(c in CHEAT_CARDS for c in drawn.cards)
        s.apply(drawn)
        assert len(s.cheat_stock) == 52 and sum(c in CHEAT_CARDS for c in s.hands[s.turn_seat]) == 2
    bad = Nogginate.parse_action("deal " + " / ".join(["STL"] * 4))
    s = Nogginate.new_state(NogginateVariant(use_cheat_cards=True), 4)
    s.apply(A("dealer 1"))
    with pytest.raises(IllegalAction):
        s.apply(bad)


# ---------------------------------------------------------------------------
# The draws (NG-26, NG-28 to NG-31, NG-30a)
# ---------------------------------------------------------------------------

def test_ng26_three_draws_two_custom_one_of_each_or_two_cheat():
    """NG-26(a): ``draw`` (2 custom), ``draw 1c1x`` (one of each), ``draw 2x`` (2 cheat); the drawn cards
    are the player's alone; the others see ``drawn 2`` and which stocks they came from."""
    s = ctable({0: "8C 9C"}, phase=Phase.ACQUIRE)
    assert {"draw", "draw 1c1x", "draw 2x"} <= texts(s)
    agree(s, "draw", "draw 1c1x", "draw 2x")
    play(s, "draw 1c1x")
    assert s.phase == Phase.DRAW
    d = s.sample_chance(random.Random(2))
    assert sorted(c in CHEAT_CARDS for c in d.cards) == [False, True]
    assert s.observation(d, 1) == "drawn 2" and s.observation(d, 0) == str(d)
    custom, cheat = len(s.stock), len(s.cheat_stock)
    events = s.apply(d)
    assert (len(s.stock), len(s.cheat_stock)) == (custom - 1, cheat - 1) and len(s.hands[0]) == 4
    assert events[0].data == {"count": 2, "cheats": 1} and events[1].visible_to == frozenset((0,))
    with pytest.raises(IllegalAction):  # a draw of the wrong stocks is refused
        t = ctable({0: "8C 9C"}, phase=Phase.ACQUIRE)
        play(t, "draw 2x")
        t.apply(A("drawn 7H STL"))
    with pytest.raises(ActionParseError):
        A("draw 3x")


def test_ng28_without_cheat_cards_a_draw_takes_two_custom_cards():
    """NG-28: with cheat cards off, only ``draw`` (2 custom cards) is offered; the cheat draws are refused."""
    s = ctable({0: "8C 9C"}, phase=Phase.ACQUIRE, use_cheat_cards=False)
    why = agree(s, "draw", "draw 1c1x", "draw 2x")
    assert why["draw"] is None and "NG-28" in why["draw 1c1x"] and "NG-28" in why["draw 2x"]


def test_ng29_one_custom_card_left_no_top_up_from_the_cheat_stock():
    """NG-29: with one custom card left, ``draw`` takes it alone, ``draw 1c1x`` is refused (no making up
    from the cheat stock) and ``draw 2x`` is still allowed; ``last_custom_card_topup_from_cheat`` allows the
    1c1x draw."""
    s = ctable({0: "8C 9C"}, phase=Phase.ACQUIRE, stock="4H")
    why = agree(s, "draw", "draw 1c1x", "draw 2x")
    assert why["draw"] is None and "NG-29" in why["draw 1c1x"] and why["draw 2x"] is None
    play(s, "draw")
    assert s.sample_chance(random.Random(1)).cards == tuple(C("4H"))
    s = ctable({0: "8C 9C"}, phase=Phase.ACQUIRE, stock="4H", last_custom_card_topup_from_cheat=True)
    assert agree(s, "draw 1c1x")["draw 1c1x"] is None
    play(s, "draw 1c1x")
    d = s.sample_chance(random.Random(1))
    assert C("4H")[0] in d.cards and len(d.cards) == 2
    s.apply(d)
    assert s.stock == [] and len(s.hands[0]) == 4


def test_ng30_an_empty_cheat_stock_allows_no_cheat_draw_and_is_never_reshuffled():
    """NG-30: with the cheat stock empty, only ``draw`` remains; the cheat discard pile stays dead."""
    s = ctable({0: "8C 9C"}, phase=Phase.ACQUIRE, cheat_stock="")
    s.cheat_discards = [STEAL, TELL]
    why = agree(s, "draw", "draw 1c1x", "draw 2x")
    assert "NG-30" in why["draw 1c1x"] and "NG-30" in why["draw 2x"]
    play(s, "draw")
    s.apply(s.sample_chance(random.Random(1)))
    assert s.cheat_stock == [] and s.cheat_discards == [STEAL, TELL]


def test_ng30a_one_cheat_card_left_only_draw_1c1x_takes_it():
    """NG-30a: with one cheat card left, ``draw 2x`` is refused and ``draw 1c1x`` takes it."""
    s = ctable({0: "8C 9C"}, phase=Phase.ACQUIRE, cheat_stock="STL")
    why = agree(s, "draw 1c1x", "draw 2x")
    assert why["draw 1c1x"] is None and "NG-30a" in why["draw 2x"]
    play(s, "draw 1c1x")
    d = s.sample_chance(random.Random(3))
    assert STEAL in d.cards
    s.apply(d)
    assert s.cheat_stock == [] and STEAL in s.hands[0]


def test_ng31_an_empty_custom_stock_forbids_cheat_draws():
    """NG-31: with the custom stock empty no cheat card may be drawn either; ``draw`` ends the round with
    nobody out."""
    s = ctable({0: "8C 9C"}, phase=Phase.ACQUIRE, stock="")
    why = agree(s, "draw", "draw 1c1x", "draw 2x")
    assert why["draw"] is None and "NG-31" in why["draw 1c1x"] and "NG-31" in why["draw 2x"]
    events = play(s, "draw")
    assert any(e.kind == "round_end" for e in events) and s.out_seat is None


# ---------------------------------------------------------------------------
# The cheat discard pile (NG-27)
# ---------------------------------------------------------------------------

def test_ng27_a_cheat_discard_goes_to_the_cheat_pile_and_does_not_freeze_the_custom_pile():
    """NG-27: a cheat card discarded is the turn's discard and goes to the cheat discard pile; the custom
    pile keeps its (numeric) top card and the next player may take it."""
    s = ctable({0: "STL 8C", 1: "5H 5D 5S 6C 7C 8D 9D 1H 2H"}, pile="3C 5C")
    play(s, "discard STL")
    assert s.cheat_discards == [STEAL] and s.discards == C("3C 5C") and s.turn_seat == 1
    assert "pile 5D 5H" in texts(s)
    assert agree(s, "pile 5D 5H")["pile 5D 5H"] is None


def test_ng27_a_used_power_goes_to_the_cheat_pile_except_hands_off():
    """NG-27 (NG-C2): a power played in the meld phase puts its card on the cheat discard pile (it is not the
    turn's discard); Hands Off stays on its meld instead (zone ``hands off``)."""
    s = ctable({0: "TEL HOF 8C 9C"}, melds=((0, NOGGI, "4S 5S 6S", False),))
    play(s, "tell pile")
    assert s.cheat_discards == [TELL] and s.phase == Phase.MELD and s.turn_seat == 0
    play(s, "handsoff m1")
    assert s.cheat_discards == [TELL] and meld(s, 1).guards == 1 and s.zones()["hands off"] == [HANDS_OFF]
    conserved(s)


# ---------------------------------------------------------------------------
# General rules (NG-C0b to NG-C0g)
# ---------------------------------------------------------------------------

def test_ngc0b_powers_only_on_the_holders_turn_in_the_meld_phase_any_number():
    """NG-C0b: a power is played only by the player to move, in the meld phase (not before acquiring); any
    number may be played in a turn."""
    s = ctable({0: "TEL TEL SHW 8C 9C"}, phase=Phase.ACQUIRE)
    assert "NG-26" in agree(s, "tell pile")["tell pile"]
    s.phase = Phase.MELD
    play(s, "tell pile", "tell out", "show 8C")
    assert s.cheat_discards == [TELL, TELL, SHOW]
    v = s.view(2)
    assert v.why_illegal(A("discard 9C")) == "it is not your move" and v.compute_legal() == []


def test_ngc0c_own_means_the_team_and_opponent_any_other_team():
    """NG-C0c: Hands Off and the other powers act on the acting player's team's melds (the partner's too);
    Steal takes from another team's; in an individual game any other player is an opponent."""
    melds = ((0, NOGGI, "4S 5S 6S", False), (1, NOGGI, "4H 5H 6H 7H", False), (0, NOGGI, "8H 9H 10H", False))
    s = ctable({0: "HOF STL 8C"}, melds=melds)
    why = agree(s, "handsoff m1", "handsoff m2", "steal m2 7H m3", "steal m1 4S m2")
    assert why["handsoff m1"] is None and "another team" in why["handsoff m2"] and "NG-C2" in why["handsoff m2"]
    assert why["steal m2 7H m3"] is None and "NG-C8" in why["steal m1 4S m2"]
    s = ctable({2: "HOF 8C"}, melds=melds, turn=2)  # the partner plays on the team's melds
    assert agree(s, "handsoff m1")["handsoff m1"] is None
    s = ctable({0: "STL 8C"}, n=3, melds=((2, NOGGI, "4H 5H 6H 7H", False), (0, NOGGI, "8H 9H 10H", False)))
    assert agree(s, "steal m1 7H m2")["steal m1 7H m2"] is None


def test_ngc0d_the_meld_powers_need_the_team_down():
    """NG-C0d: Steal, Reconfigure, Remove, Combine and Hands Off (and Resurrect) act on the team's open melds,
    so a team that is not down cannot play them."""
    s = ctable({0: "STL RCF RMV CMB HOF RES 7H 8C"}, down=(1,), melds=((1, NOGGI, "4H 5H 6H 7H", False),))
    why = agree(s, "steal m1 7H m1", "reconfigure m1 m1 7H", "remove m1 7H", "combine m1 m2", "handsoff m1",
                "resurrect m1")
    assert all("NG-C0d" in w for w in why.values()), why
    assert not any(a.split()[0] in ("steal", "reconfigure", "remove", "combine", "handsoff", "resurrect")
                   for a in texts(s))


def test_ngc0e_a_jokernate_may_go_down_its_jokers_count_fifty_each():
    """NG-C0e: a team not down may go down with a Jokernate: 3 jokers count 150 toward the minimum."""
    s = ctable({0: "JKN JK JK JK 8C"}, down=())
    assert agree(s, "jokernate JK JK JK")["jokernate JK JK JK"] is None
    events = play(s, "jokernate JK JK JK")
    assert s.down[0] and any(e.kind == "down" for e in events) and meld(s, 1).kind == JOKERNATE


def test_ngc0f_while_the_initial_meld_is_pending_only_jokernate_may_be_played():
    """NG-C0f: once a player whose team is not down has started melding and the minimum is not reached, the
    only power allowed is Jokernate (its jokers count toward the minimum)."""
    s = ctable({0: "1S 2S 3S TEL SHW JKN JK JK JK 9D 9C"}, down=())
    play(s, "noggi 1S 2S 3S")
    assert s.need == 35
    why = agree(s, "tell pile", "show 9D", "jokernate JK JK JK")
    assert "NG-32" in why["tell pile"] and "NG-32" in why["show 9D"] and why["jokernate JK JK JK"] is None
    assert [t for t in texts(s) if not t.startswith(("noggi", "nate", "add"))] == ["jokernate JK JK JK"]
    play(s, "jokernate JK JK JK")
    assert s.need == 0 and s.down[0] and agree(s, "tell pile")["tell pile"] is None


def test_ngc0g_melds_keep_their_ids_through_hands_off_resurrect_reconfigure_remove():
    """NG-C0g: Hands Off, Resurrect, Reconfigure and Remove leave every meld's id as it was (Combine and a
    Steal's split: see their tests)."""
    melds = ((0, NOGGI, "4S 5S 6S", False), (0, NATE, "7C 7D 7H 7S JK", False), CLOSED2[1])
    s = ctable({0: "HOF RES RCF RMV 7C 8C 9C"}, melds=melds)
    play(s, "handsoff m1", "resurrect m3", "reconfigure m2 m1 7S", "remove m2 7C")
    assert [m.id for m in s.melds] == [1, 2, 3] and s.next_id == 4
    assert [len(m.cards) for m in s.melds] == [4, 4, 7]


# ---------------------------------------------------------------------------
# Cheat-Nates (NG-22, NG-22b)
# ---------------------------------------------------------------------------

def test_ng22_a_cheat_nate_is_three_or_more_cheat_cards_of_one_type_on_the_going_out_turn():
    """NG-22: on the going-out turn only, 3+ cheat cards of one type may be melded as a cheat-Nate; mixed
    types are refused unless ``cheat_nate_mixed_types``; it scores 0 and never counts toward NG-43."""
    s = ctable({0: "STL STL STL 8C"}, n=3, melds=CLOSED2)
    why = agree(s, "cheatnate STL STL STL")
    assert why["cheatnate STL STL STL"] is None
    events = play(s, "cheatnate STL STL STL")
    assert meld(s, 3).kind == CHEAT_NATE and not meld(s, 3).closed and "NG-22" in events[0].text
    totals = list(s.totals)
    play(s, "discard 8C")
    # two closed melds (1,500 + 500) + going out 200; the cheat-Nate adds nothing
    assert s.out_seat == 0 and s.round_scores[0][0] == 2200 and s.totals[0] == totals[0] + 2200
    # mixed types
    s = ctable({0: "STL STL TEL 8C"}, n=3, melds=CLOSED2, show_tell_in_individual_games=True)
    assert "cheat_nate_mixed_types" in agree(s, "cheatnate STL STL TEL")["cheatnate STL STL TEL"]
    s = ctable({0: "STL STL TEL 8C"}, n=3, melds=CLOSED2, show_tell_in_individual_games=True,
               cheat_nate_mixed_types=True)
    assert agree(s, "cheatnate STL STL TEL")["cheatnate STL STL TEL"] is None
    assert "cheatnate STL STL TEL" in texts(s)
    # not the going-out turn: the team lacks its two closed melds
    s = ctable({0: "STL STL STL 8C"}, n=3, melds=CLOSED2[:1])
    assert "NG-43" in agree(s, "cheatnate STL STL STL")["cheatnate STL STL STL"]
    with pytest.raises(ActionParseError):
        A("cheatnate STL STL 7H")


def test_ng22_a_cheat_nate_never_counts_for_ng43():
    """NG-22/NG-43: a cheat-Nate on the table is not a closed meld: a team with one closed meld and a
    cheat-Nate does not qualify (it scores nothing for its closed meld)."""
    s = ctable({0: "8C"}, n=3, melds=(CLOSED2[0], (0, CHEAT_NATE, "STL STL STL", False)))
    assert not s.team_qualifies(0)
    assert "NG-43" in agree(s, "discard 8C")["discard 8C"]


def test_ng22b_the_cheat_nate_holds_all_cards_of_its_type_and_comes_last():
    """NG-22b: a cheat-Nate holds all the player's cheat cards of its type, leaves at most one card to
    discard (other groups aside), and in a partnership needs the partner's yes."""
    s = ctable({0: "STL STL STL STL 8C"}, n=3, melds=CLOSED2)
    why = agree(s, "cheatnate STL STL STL", "cheatnate STL STL STL STL")
    assert "NG-22b" in why["cheatnate STL STL STL"] and why["cheatnate STL STL STL STL"] is None
    s = ctable({0: "STL STL STL 8C 4D"}, n=3, melds=CLOSED2)
    assert "NG-22b" in agree(s, "cheatnate STL STL STL")["cheatnate STL STL STL"]
    s = ctable({0: "STL STL STL CMB CMB CMB 8C"}, n=3, melds=CLOSED2)  # another group may stay
    assert agree(s, "cheatnate STL STL STL")["cheatnate STL STL STL"] is None
    s = ctable({0: "STL STL STL 8C"}, melds=CLOSED2)  # a partnership: ask first
    assert "NG-45a" in agree(s, "cheatnate STL STL STL")["cheatnate STL STL STL"]
    play(s, "ask", "yes")
    assert agree(s, "cheatnate STL STL STL")["cheatnate STL STL STL"] is None


# ---------------------------------------------------------------------------
# Jokernate (NG-23, NG-C3)
# ---------------------------------------------------------------------------

def test_ng23_a_jokernate_starts_with_three_jokers_takes_only_jokers_and_closes_at_seven():
    """NG-23: a Jokernate starts with 3 jokers, takes only jokers (no joker limit) and closes itself at 7."""
    s = ctable({0: "JKN JK JK JK JK JK JK JK 7H 8C"})
    play(s, "jokernate JK JK JK")
    m = meld(s, 1)
    assert m.kind == JOKERNATE and m.cards == (JK,) * 3 and not m.closed
    why = agree(s, "add m1 JK", "add m1 7H")
    assert why["add m1 JK"] is None and "NG-23" in why["add m1 7H"]
    play(s, "add m1 JK", "add m1 JK", "add m1 JK")
    assert not meld(s, 1).closed
    events = play(s, "add m1 JK")
    assert meld(s, 1).closed and len(meld(s, 1).cards) == 7 and any(e.kind == "closed" for e in events)


def test_ng23_a_closed_jokernate_scores_300_and_counts_for_ng43():
    """NG-23/NG-43/NG-51: a closed Jokernate is a closed Nate for going out and scores 300."""
    s = ctable({0: "8C"}, n=3, melds=(CLOSED2[0], (0, JOKERNATE, "JK JK JK JK JK JK JK", True)))
    assert s.team_qualifies(0)
    assert agree(s, "discard 8C")["discard 8C"] is None
    play(s, "discard 8C")
    assert s.round_scores[0][0] == 1500 + 300 + 200


def test_ngc3_jokernate_needs_its_card_and_three_jokers():
    """NG-C3: the Jokernate card with 3 jokers starts a Jokernate; without the card, or with 2 jokers, it is
    refused; more jokers are added later without another card."""
    s = ctable({0: "JK JK JK 8C"})
    assert "you hold no Jokernate card" in agree(s, "jokernate JK JK JK")["jokernate JK JK JK"]
    s = ctable({0: "JKN JK JK 8C"})
    assert "NG-C3" in agree(s, "jokernate JK JK JK")["jokernate JK JK JK"]
    s = ctable({0: "JKN JK JK JK JK 8C"})
    play(s, "jokernate JK JK JK")
    assert s.cheat_discards == [JOKERNATE_CARD] and s.hands[0] == C("8C JK")
    assert "add m1 JK" in texts(s)
    with pytest.raises(ActionParseError):
        A("jokernate JK JK")


# ---------------------------------------------------------------------------
# Combine (NG-C1)
# ---------------------------------------------------------------------------

def test_ngc1_combine_makes_a_closed_super_noggi_and_the_extra_copies_go_to_the_hand():
    """NG-C1/NG-18/NG-C0g: two open Noggis of one suit covering 0-10 become one closed Super Noggi with the
    lower id; the duplicated ranks' extra copies go to the acting player's hand (publicly known)."""
    melds = ((0, NOGGI, "4S 5S 6S 7S 8S 9S 10S", False), (1, NOGGI, "1H 2H 3H", False),
             (0, NOGGI, "0S 1S 2S 3S 4S 5S", False))
    s = ctable({0: "CMB 8C"}, melds=melds)
    assert agree(s, "combine m1 m3")["combine m1 m3"] is None and "combine m1 m3" in texts(s)
    events = play(s, "combine m3 m1")
    sup = meld(s, 1)
    assert sup.closed and sup.is_super and [c.rank for c in sup.cards] == list(range(11))
    assert 3 not in [m.id for m in s.melds] and s.next_id == 4
    assert Counter(s.hands[0]) == Counter(C("8C 4S 5S")) and Counter(s.known[0]) == Counter(C("4S 5S"))
    assert s.cheat_discards == [COMBINE] and "NG-C1" in events[0].text
    conserved(s)


def test_ngc1_combine_is_refused_without_0_to_10_across_suits_or_with_a_closed_noggi():
    """NG-C1: Combine is refused when the two do not cover 0-10 (the missing ranks named), for two suits, for
    a closed Noggi and for another team's Noggi."""
    melds = ((0, NOGGI, "4S 5S 6S 7S 8S 9S", False), (0, NOGGI, "0S 1S 2S 3S", False),
             (0, NOGGI, "0H 1H 2H 3H", False), (0, NOGGI, "3D 4D 5D 6D 7D 8D 9D 10D", True),
             (0, NOGGI, "0D 1D 2D", False), (1, NOGGI, "0S 1S 2S 3S 4S 5S", False),
             (0, NOGGI, "4S 5S 6S 7S 8S 9S 10S", False))
    s = ctable({0: "CMB 8C"}, melds=melds)
    why = agree(s, "combine m1 m2", "combine m1 m3", "combine m4 m5", "combine m6 m7", "combine m2 m7")
    assert "missing 10" in why["combine m1 m2"] and "NG-C1" in why["combine m1 m2"]
    assert "same suit" in why["combine m1 m3"]
    assert "open" in why["combine m4 m5"] and "NG-C1" in why["combine m4 m5"]
    assert "another team" in why["combine m6 m7"]
    assert why["combine m2 m7"] is None
    assert [t for t in texts(s) if t.startswith("combine")] == ["combine m2 m7"]


# ---------------------------------------------------------------------------
# Hands Off (NG-C2)
# ---------------------------------------------------------------------------

STEAL_POS = ((1, NOGGI, "3H 4H 5H 6H", False), (0, NOGGI, "7H 8H 9H", False))


def test_ngc2_hands_off_blocks_steal():
    """NG-C2: a meld with Hands Off cannot be stolen from (the refusal names NG-C2; no Steal listed)."""
    s = ctable({0: "STL 8C"}, melds=((1, NOGGI, "3H 4H 5H 6H", False, 1), STEAL_POS[1]))
    assert "NG-C2" in agree(s, "steal m1 6H m2")["steal m1 6H m2"]
    assert not any(t.startswith("steal") for t in texts(s))
    s = ctable({1: "HOF 8C 9D"}, melds=STEAL_POS, turn=1)
    play(s, "handsoff m1", "discard 8C")
    assert s.turn_seat == 2
    s.hands[2] = C("STL 9C")
    s.phase = Phase.MELD
    assert "NG-C2" in agree(s, "steal m1 6H m2")["steal m1 6H m2"]


def test_ngc2_hands_off_single_use_blocks_one_steal_then_both_cards_are_dead():
    """NG-C2 (``hands_off_single_use``, NG-C8a): the Steal is a legal attempt that is blocked: one Hands Off
    and the Steal card go to the cheat discard pile, the meld is untouched; a second Steal then works."""
    s = ctable({0: "STL STL 8C"}, melds=((1, NOGGI, "3H 4H 5H 6H", False, 1), STEAL_POS[1]),
               hands_off_single_use=True)
    assert agree(s, "steal m1 6H m2")["steal m1 6H m2"] is None
    events = play(s, "steal m1 6H m2")
    assert events[0].kind == "steal_blocked" and "NG-C2" in events[0].text
    assert meld(s, 1).cards == tuple(C("3H 4H 5H 6H")) and meld(s, 1).guards == 0
    assert meld(s, 2).cards == tuple(C("7H 8H 9H")) and Counter(s.cheat_discards) == Counter([STEAL, HANDS_OFF])
    conserved(s)
    play(s, "steal m1 6H m2")
    assert meld(s, 2).cards == tuple(C("6H 7H 8H 9H")) and meld(s, 1).cards == tuple(C("3H 4H 5H"))


def test_ngc2_hands_off_stays_through_closing_and_resurrect():
    """NG-C2: Hands Off stays on its meld until the round ends, including when the meld closes and is
    resurrected: Steal is still refused; it goes on open melds only."""
    s = ctable({1: "HOF RES 10H 9C 2D"}, melds=((1, NOGGI, "3H 4H 5H 6H 7H 8H 9H", False),), turn=1)
    play(s, "handsoff m1", "close m1")
    assert meld(s, 1).closed and meld(s, 1).guards == 1
    play(s, "resurrect m1")
    assert not meld(s, 1).closed and meld(s, 1).guards == 1
    play(s, "add m1 10H", "discard 9C")
    s.hands[2] = C("STL HOF 8C")
    s.melds.append(TableMeld(2, 0, NOGGI, tuple(C("0H 1H 2H"))))
    s.next_id = 3
    s.phase = Phase.MELD
    why = agree(s, "steal m1 3H m2", "handsoff m1")
    assert "NG-C2" in why["steal m1 3H m2"] and "another team" in why["handsoff m1"]
    s = ctable({0: "HOF 8C"}, melds=CLOSED2)
    assert "NG-C2" in agree(s, "handsoff m1")["handsoff m1"]


# ---------------------------------------------------------------------------
# Reconfigure (NG-C4, NG-C4a)
# ---------------------------------------------------------------------------

def test_ngc4_reconfigure_moves_a_natural_from_an_open_nate_onto_an_open_noggi():
    """NG-C4/NG-C4a: one natural moves from the team's open Nate to the end of its open Noggi
    (``reconfigure m2 m1 7S``); the Nate keeps 3+ cards."""
    s = ctable({0: "RCF 8C"}, melds=((0, NOGGI, "4S 5S 6S", False), (0, NATE, "7C 7D 7H 7S", False)))
    assert agree(s, "reconfigure m2 m1 7S")["reconfigure m2 m1 7S"] is None
    assert [t for t in texts(s) if t.startswith("reconfigure")] == ["reconfigure m2 m1 7S"]
    events = play(s, "reconfigure m2 m1 7S")
    assert meld(s, 1).cards == tuple(C("4S 5S 6S 7S")) and meld(s, 2).cards == tuple(C("7C 7D 7H"))
    assert s.cheat_discards == [RECONFIGURE] and "NG-C4" in events[0].text


def test_ngc4_the_nate_must_stay_valid_with_three_cards_and_jokers_never_move():
    """NG-C4: Reconfigure is refused when the Nate would fall below 3 cards or break NG-20, for a joker, for
    a card that does not extend the Noggi, and for a closed Nate."""
    melds = ((0, NOGGI, "4S 5S 6S", False), (0, NATE, "7C 7S JK", False), (0, NATE, "7D 7H 7S", False),
             (0, NATE, "7C 7D 7H 7S JK JK", False), (0, NATE, "8C 8D 8H 8S", False),
             (0, NATE, "10C 10D 10H 10S 10C 10D 10H", True))
    s = ctable({0: "RCF 9C"}, melds=melds)
    why = agree(s, "reconfigure m2 m1 7S", "reconfigure m3 m1 7S", "reconfigure m4 m1 7S",
                "reconfigure m2 m1 JK", "reconfigure m5 m1 8S", "reconfigure m6 m1 10S", "reconfigure m1 m3 4S")
    assert all(w is not None and "NG-C4" in w for w in why.values()), why
    assert "jokers are never moved" in why["reconfigure m2 m1 JK"]
    assert "no longer be a Nate" in why["reconfigure m3 m1 7S"]
    assert not any(t.startswith("reconfigure") for t in texts(s))


# ---------------------------------------------------------------------------
# Resurrect (NG-C5, NG-C5a)
# ---------------------------------------------------------------------------

def test_ngc5_a_resurrected_noggi_stays_open_until_closed_again():
    """NG-C5: a closed Noggi reopens, takes cards (toward a Super Noggi), does not count toward NG-43 while
    open, and stays open after the turn until the team closes it."""
    s = ctable({0: "RES 8S 9S 2C"}, melds=CLOSED2)
    assert agree(s, "resurrect m1")["resurrect m1"] is None
    events = play(s, "resurrect m1")
    assert not meld(s, 1).closed and not meld(s, 1).held_open and "NG-C5" in events[0].text
    assert not s.team_qualifies(0)
    play(s, "add m1 8S", "discard 9S")
    assert not meld(s, 1).closed and s.turn_seat == 1
    assert s.cheat_discards == [RESURRECT]


def test_ngc5_a_resurrected_nate_is_open_for_the_turn_and_closes_again_at_turn_end():
    """NG-C5: a resurrected Nate is held open for the rest of the turn (a card added does not close it) and
    closes again as the turn ends when it has 7+ cards; refused on an open meld."""
    s = ctable({0: "RES 9C 2C 3D"}, melds=CLOSED2)
    why = agree(s, "resurrect m2", "resurrect m3")
    assert why["resurrect m2"] is None and "no meld m3" in why["resurrect m3"]
    play(s, "resurrect m2")
    assert not meld(s, 2).closed and meld(s, 2).held_open
    play(s, "add m2 9C")
    assert not meld(s, 2).closed and len(meld(s, 2).cards) == 8
    play(s, "discard 2C")
    assert meld(s, 2).closed and not meld(s, 2).held_open
    s = ctable({0: "RES 9C 2C"}, melds=((0, NOGGI, "4S 5S 6S", False),))
    assert "NG-C5" in agree(s, "resurrect m1")["resurrect m1"]


def test_ngc5a_a_resurrected_nate_of_seven_counts_for_going_out():
    """NG-C5a: a Nate resurrected this turn with 7+ cards counts as closed for NG-43 when its player goes out
    that turn (it closes again as the turn ends) and scores as closed."""
    s = ctable({0: "RES 8C"}, n=3, melds=CLOSED2)
    play(s, "resurrect m2")
    assert agree(s, "discard 8C")["discard 8C"] is None
    play(s, "discard 8C")
    assert s.out_seat == 0 and s.round_scores[0][0] == 1500 + 500 + 200


# ---------------------------------------------------------------------------
# Show (NG-C6, NG-C6a)
# ---------------------------------------------------------------------------

def test_ngc6_show_reveals_a_card_to_the_partner_only():
    """NG-C6/NG-C6a: ``show 7H`` reveals 7H to the partner: the partner's view lists it, the private narration
    is for the team, the other team observes ``show`` and sees nothing of the card."""
    s = ctable({0: "SHW 7H 8C 9C"})
    assert agree(s, "show 7H", "show 4D")["show 4D"] is not None
    assert {t for t in texts(s) if t.startswith("show")} == {"show 7H", "show 8C", "show 9C"}
    act = A("show 7H")
    assert s.observation(act, 2) == "show 7H" and s.observation(act, 1) == "show" and s.observation(act, 3) == "show"
    events = s.apply(act)
    pub, priv = events
    assert pub.kind == "show" and "7H" not in pub.text and "7" not in str(pub.data) and pub.visible_to is None
    assert priv.kind == "show_private" and priv.visible_to == frozenset((0, 2)) and priv.data["card"] == "7H"
    assert s.view(2).shown[0] == tuple(C("7H")) and s.view(0).shown[0] == tuple(C("7H"))
    assert s.view(1).shown == ((), (), (), ()) and s.view(3).shown == ((), (), (), ())
    assert s.cheat_discards == [SHOW]


def test_ngc6a_the_partner_knows_the_shown_card_until_it_leaves_the_hand():
    """NG-C6a: the shown card stays known while held (showing the same face again reveals a second copy only
    if held); it is forgotten once melded or discarded; the partner's determinize keeps it in the shower's
    hand."""
    s = ctable({0: "SHW SHW SHW 7H 7H 8C 9C"})
    play(s, "show 7H", "show 7H", "show 7H")
    assert s.shown[0] == C("7H 7H")
    v = s.view(2)
    for seed in range(20):
        d = v.determinize(random.Random(seed))
        assert Counter(d.hands[0])[C("7H")[0]] >= 2 and d.view(2) == v
    s = ctable({0: "SHW 7H 8C 9C"})
    play(s, "show 7H", "discard 7H")
    assert s.shown[0] == [] and s.view(2).shown[0] == ()


# ---------------------------------------------------------------------------
# Tell (NG-C7, NG-C7a)
# ---------------------------------------------------------------------------

def test_ngc7_tell_sends_the_partner_a_recommendation():
    """NG-C7: ``tell discard 7`` reaches the partner's view (and its private narration); the other team
    observes ``tell``; the partner is free to ignore it."""
    s = ctable({0: "TEL 8C 9C"})
    act = A("tell discard 7")
    assert agree(s, "tell discard 7")["tell discard 7"] is None
    assert s.observation(act, 1) == "tell" and s.observation(act, 2) == "tell discard 7"
    events = s.apply(act)
    assert events[1].kind == "tell_private" and events[1].visible_to == frozenset((0, 2))
    assert "discard a 7" in events[1].text and events[0].data == {"cards": ["TEL"]}
    assert s.view(2).tells == ((0, Tell("discard", 7)),) and s.view(1).tells == () and s.view(3).tells == ()


def test_ngc7a_the_tell_menu():
    """NG-C7a: the menu is draw, cheat, pile, meld, out, stay, discard <rank>, keep <rank>; anything else does
    not parse; the Tell card goes to the cheat discard pile."""
    s = ctable({0: "TEL 8C 9C"})
    tells = sorted(t for t in texts(s) if t.startswith("tell"))
    assert len(tells) == 6 + 2 * 11 and "tell keep 10" in tells and "tell draw" in tells
    for bad in ("tell", "tell foo", "tell discard", "tell discard 11", "tell pile 3"):
        with pytest.raises(ActionParseError):
            A(bad)
    assert Tell("stay").words() == "do not go out yet"
    assert (Tell("discard", 7).words(), Tell("discard", 8).words()) == ("discard a 7", "discard an 8")
    play(s, "tell stay")
    assert s.cheat_discards == [TELL] and s.tells == [(0, Tell("stay"))]


# ---------------------------------------------------------------------------
# Steal (NG-C8, NG-C8a)
# ---------------------------------------------------------------------------

def test_ngc8_steal_from_an_end_of_a_noggi():
    """NG-C8: ``steal m1 6H m2`` takes 6H from the end of an opponent's open Noggi onto the team's Noggi; the
    victim keeps 3+ cards and its id."""
    s = ctable({0: "STL 8C"}, melds=STEAL_POS)
    assert agree(s, "steal m1 6H m2")["steal m1 6H m2"] is None
    assert [t for t in texts(s) if t.startswith("steal")] == ["steal m1 6H m2"]
    events = play(s, "steal m1 6H m2")
    assert meld(s, 1).cards == tuple(C("3H 4H 5H")) and meld(s, 2).cards == tuple(C("6H 7H 8H 9H"))
    assert s.cheat_discards == [STEAL] and "NG-C8" in events[0].text and s.next_id == 3
    conserved(s)


def test_ngc8_steal_from_the_middle_of_a_noggi_splits_it_with_a_new_id_for_the_upper_part():
    """NG-C8/NG-C0g: a card taken from the middle splits the Noggi: the lower part keeps the id, the upper part
    gets a new id; a part of fewer than 3 cards goes back to the owner's hand."""
    s = ctable({0: "STL 8C"}, melds=((1, NOGGI, "1H 2H 3H 4H 5H 6H 7H 8H 9H", False), (0, NATE, "5C 5D 5S", False)))
    assert agree(s, "steal m1 5H m2")["steal m1 5H m2"] is None
    events = play(s, "steal m1 5H m2")
    assert meld(s, 1).cards == tuple(C("1H 2H 3H 4H")) and meld(s, 3).cards == tuple(C("6H 7H 8H 9H"))
    assert meld(s, 3).team == 1 and not meld(s, 3).closed and s.next_id == 4
    assert meld(s, 2).cards == tuple(C("5C 5D 5H 5S"))
    split = next(e for e in events if e.kind == "split")
    assert split.data == {"meld": 1, "into": [1, 3]}
    conserved(s)
    # one part too short: it goes back to the hand of the owning team's next player
    s = ctable({0: "STL 8C"}, melds=((1, NOGGI, "1H 2H 3H 4H 5H 6H", False), (0, NATE, "3C 3D 3S", False)))
    before = len(s.hands[1])
    events = play(s, "steal m1 3H m2")
    assert meld(s, 1).cards == tuple(C("4H 5H 6H")) and s.next_id == 3
    assert len(s.hands[1]) == before + 2 and Counter(s.known[1]) == Counter(C("1H 2H"))
    assert any(e.kind == "returned" for e in events)
    conserved(s)


def test_ngc8_a_nate_broken_below_ng20_goes_back_whole():
    """NG-C8: a Nate left breaking NG-20 (or under 3 cards) goes back whole to the owning team's hand."""
    s = ctable({0: "STL 8C"}, melds=((1, NATE, "8D 8S JK", False), (0, NATE, "8C 8H 8H", False)))
    before = len(s.hands[1])
    events = play(s, "steal m1 8D m2")
    assert [m.id for m in s.melds] == [2] and len(s.hands[1]) == before + 2
    assert Counter(s.known[1]) == Counter(C("8S JK")) and meld(s, 2).cards == tuple(C("8C 8D 8H 8H"))
    assert next(e for e in events if e.kind == "returned").data["cards"] == ["8S", "JK"]
    # a Nate that stays valid keeps its cards on the table
    s = ctable({0: "STL 8C"}, melds=((1, NATE, "8D 8S 8C 8C", False), (0, NATE, "8H 8H 8D", False)))
    play(s, "steal m1 8S m2")
    assert meld(s, 1).cards == tuple(C("8C 8C 8D"))


def test_ngc8_jokers_only_onto_a_nate_or_jokernate_and_closed_melds_are_neither_source_nor_destination():
    """NG-C8: a stolen joker goes onto an open Nate or Jokernate, never a Noggi; closed melds are neither
    stolen from nor stolen into; a card that does not fit the destination is refused."""
    melds = ((1, NATE, "6C 6D 6H 6S JK", False), (0, NOGGI, "7H 8H 9H", False), (0, NATE, "4C 4D 4H", False),
             (0, JOKERNATE, "JK JK JK", False), (1, NOGGI, "1S 2S 3S 4S 5S 6S 7S", True),
             (0, NATE, "9H 9H 9S 9S 9D 9D 9D", True), (0, NOGGI, "8S 9S 10S", False))
    s = ctable({0: "STL 8C"}, melds=melds)
    why = agree(s, "steal m1 JK m2", "steal m1 JK m3", "steal m1 JK m4", "steal m5 7S m7", "steal m1 6H m6",
                "steal m1 6H m2", "steal m1 6H m3")
    assert "NG-25" in why["steal m1 JK m2"] and why["steal m1 JK m3"] is None and why["steal m1 JK m4"] is None
    assert "closed" in why["steal m5 7S m7"] and "NG-C8" in why["steal m5 7S m7"]
    assert "NG-C8" in why["steal m1 6H m6"]
    assert why["steal m1 6H m2"] is None and "NG-C8" in why["steal m1 6H m3"]
    play(s, "steal m1 JK m4")
    assert meld(s, 4).cards == (JK,) * 4 and meld(s, 1).cards == tuple(C("6C 6D 6H 6S"))


def test_ngc8_steal_return_policy_next_to_play_and_fewest_cards():
    """NG-C8 (``steal_return_policy``): returned cards go to the owning team's player who plays next
    (``next_to_play``, default) or the one with the fewest cards (``fewest_cards``; ties: next to play); in
    an individual game to the owner."""
    melds = ((1, NOGGI, "2H 3H 4H", False), (0, NOGGI, "5H 6H 7H", False))
    s = ctable({0: "STL 8C", 3: "2C"}, melds=melds)
    before = [len(h) for h in s.hands]
    play(s, "steal m1 4H m2")
    assert len(s.hands[1]) == before[1] + 2 and len(s.hands[3]) == before[3] and s.melds[0].id == 2
    s = ctable({0: "STL 8C", 3: "2C"}, melds=melds, steal_return_policy="fewest_cards")
    play(s, "steal m1 4H m2")
    assert s.hands[3] == sorted(C("2C 2H 3H"), key=lambda c: c.order) and Counter(s.known[3]) == Counter(C("2H 3H"))
    s = ctable({0: "STL 8C"}, n=3, melds=((2, NOGGI, "2H 3H 4H", False), melds[1]),
               steal_return_policy="fewest_cards")
    before = len(s.hands[2])
    play(s, "steal m1 4H m2")
    assert len(s.hands[2]) == before + 2


def test_ngc8a_team_choice_the_owning_team_gives_each_returned_card():
    """NG-C8a (``team_choice``): a ``return`` phase follows: the owning team's next player gives each
    returned card (``give 1H s3``) to a player of the team, then the Steal's player goes on."""
    melds = ((1, NOGGI, "2H 3H 4H", False), (0, NOGGI, "5H 6H 7H", False))
    s = ctable({0: "STL 8C 9C"}, melds=melds, steal_return_policy="team_choice")
    events = play(s, "steal m1 4H m2")
    assert s.to_move == 1 and s.returning == C("2H 3H") and s.view(1).phase == Phase.RETURN
    assert any(e.kind == "returned" for e in events)
    assert texts(s) == {f"give {c} s{p}" for c in ("2H", "3H") for p in (1, 3)}
    why = agree(s, "give 2H s3", "give 2H s0", "give 4H s1", "discard 8C")
    assert why["give 2H s3"] is None and "NG-C8" in why["give 2H s0"] and "not among" in why["give 4H s1"]
    assert "NG-C8" in why["discard 8C"]
    assert s.view(0).why_illegal(A("give 2H s3")) == "it is not your move"
    conserved(s)
    play(s, "give 2H s3")
    assert s.to_move == 1
    play(s, "give 3H s1")
    assert s.to_move == 0 and s.phase == Phase.MELD and s.returning == []
    assert s.known[3] == C("2H") and s.known[1] == C("3H")
    conserved(s)
    with pytest.raises(ActionParseError):
        A("give 1H 3")


# ---------------------------------------------------------------------------
# Remove (NG-C9, NG-C9a)
# ---------------------------------------------------------------------------

def test_ngc9_remove_swaps_the_jokers_of_an_open_dirty_nate_for_naturals():
    """NG-C9/NG-C9a: ``remove m1 7H 7S`` puts the naturals in place of the Nate's jokers, which go to the hand
    (publicly known); the Nate is clean."""
    s = ctable({0: "RMV 7H 7S 8C"}, melds=((0, NATE, "7C 7D 7C 7D JK JK", False),))
    assert agree(s, "remove m1 7H 7S")["remove m1 7H 7S"] is None
    assert [t for t in texts(s) if t.startswith("remove")] == ["remove m1 7H 7S"]
    events = play(s, "remove m1 7S 7H")
    assert meld(s, 1).is_clean and Counter(meld(s, 1).cards) == Counter(C("7C 7C 7D 7D 7H 7S"))
    assert Counter(s.hands[0]) == Counter(C("8C JK JK")) and s.known[0] == [JK, JK]
    assert s.cheat_discards == [REMOVE] and "NG-C9" in events[0].text
    conserved(s)


def test_ngc9_remove_is_refused_on_a_closed_or_clean_nate_or_with_the_wrong_naturals():
    """NG-C9: Remove needs an open dirty Nate (a closed one: Resurrect first), one natural of its rank per
    joker, held in the hand."""
    melds = ((0, NATE, "7C 7D 7C 7D 7H 7H JK", True), (0, NATE, "8C 8D 8H", False), (0, NATE, "7S 7S JK", False),
             (1, NATE, "6C 6D JK", False))
    s = ctable({0: "RMV 7S 8C 6H 9C"}, melds=melds)
    why = agree(s, "remove m1 7S", "remove m2 8C", "remove m3 8C", "remove m3 7S 7S", "remove m4 6H")
    assert "Resurrect" in why["remove m1 7S"] and all(w and "NG-C9" in w for w in why.values()), why
    assert agree(s, "remove m3 7S")["remove m3 7S"] is None
    assert why["remove m3 7S 7S"] == "put one natural 7 in place of the joker (NG-C9)"


def test_ngc9_resurrect_then_remove_on_a_closed_dirty_nate_in_one_turn():
    """NG-C9 with NG-C5: Resurrect on a closed dirty Nate, then Remove on it in the same turn: the Nate is
    clean, closes again as the turn ends, and scores 500 instead of 300."""
    melds = (CLOSED2[0], (0, NATE, "8C 8D 8H 8S 8C JK JK", True))
    s = ctable({0: "RES RMV 8D 8H 3C"}, n=3, melds=melds)
    assert "NG-C9" in agree(s, "remove m2 8D 8H")["remove m2 8D 8H"]
    play(s, "resurrect m2")
    assert agree(s, "remove m2 8D 8H")["remove m2 8D 8H"] is None
    play(s, "remove m2 8D 8H")
    assert meld(s, 2).is_clean and meld(s, 2).held_open and Counter(s.hands[0]) == Counter(C("3C JK JK"))
    assert s.cheat_discards == [RESURRECT, REMOVE]
    play(s, "discard 3C")
    assert meld(s, 2).closed and meld(s, 2).is_clean
    conserved(s)
    s.stock = []
    s.phase = Phase.ACQUIRE
    play(s, "draw")
    assert s.round_scores[0][0] == 1500 + 500 - 100  # the two jokers are still in the hand


# ---------------------------------------------------------------------------
# Going out with cheat cards (NG-45j)
# ---------------------------------------------------------------------------

def test_ng45j_a_cheat_card_is_got_rid_of_only_by_a_cheat_nate_the_last_discard_or_show_and_tell():
    """NG-45j: after "yes", a player holding one cheat card and a card that can be melded is still able to go
    out (bound: no other discard); two cheat cards that no cheat-Nate takes leave the player unable (the
    powers' chances are not searched), so a discard is free; Show and Tell between partners are always
    playable."""
    noggi = (0, NOGGI, "4S 5S 6S", False)
    s = ctable({0: "STL 7S 9C"}, melds=CLOSED2 + (noggi,))
    s.permission = 1
    why = agree(s, "discard 9C", "add m3 7S", "discard STL")
    assert why["add m3 7S"] is None and "NG-45e" in why["discard 9C"] and "NG-45e" in why["discard STL"]
    s = ctable({0: "STL RCF 7S 9C"}, melds=CLOSED2 + (noggi,))
    s.permission = 1
    assert agree(s, "discard 9C")["discard 9C"] is None
    s = ctable({0: "TEL SHW 7S"}, melds=CLOSED2 + (noggi,))
    s.permission = 1
    why = agree(s, "discard 7S", "tell out", "add m3 7S")
    assert "NG-45e" in why["discard 7S"] and why["tell out"] is None and why["add m3 7S"] is None


# ---------------------------------------------------------------------------
# Properties with cheat cards on (hypothesis)
# ---------------------------------------------------------------------------

#: Refusals that state a fact about the table rather than a rule.
FACTUAL = ("you do not hold", "you hold no", "there is no meld", "nobody asked", "it is not a player's move",
           "no cards are being returned")
POWERS = tuple(POWER_CARD) + (CheatNate,)
CHEAT_OPTIONS = st.fixed_dictionaries({
    "show_tell_in_individual_games": st.booleans(), "cheat_nate_mixed_types": st.booleans(),
    "last_custom_card_topup_from_cheat": st.booleans(), "hands_off_single_use": st.booleans(),
    "steal_return_policy": st.sampled_from(("next_to_play", "team_choice", "fewest_cards")),
    "six_player_teams": st.sampled_from(("3x2", "2x3"))})


def power_actions(s: NogginateState, rng: random.Random) -> list:
    """Cheat actions built at random from the hand and the table, legal or not (ids, cards and order at
    random: ``combine m5 m2`` as well as ``combine m2 m5``)."""
    hand = s.hands[s.turn_seat]
    ids = [m.id for m in s.melds] + [99]
    table = [c for m in s.melds for c in m.cards] or C("7H")
    any_card = hand + table + list(CHEATS)
    out: list = [StartJokernate(), Draw("1c1x"), Draw("2x")]
    for _ in range(4):
        a, b = rng.choice(ids), rng.choice(ids)
        out += [Combine(a, b), HandsOff(a), Resurrect(a), Reconfigure(a, b, rng.choice(any_card)),
                Steal(a, rng.choice(table), b), Show(rng.choice(any_card)),
                Remove(a, tuple(rng.sample(any_card, rng.choice((1, 2))))),
                Give(rng.choice(any_card), rng.randrange(s.n_seats))]
        advice = rng.choice(list(TELLS))
        out.append(Tell(advice, rng.randint(0, 10) if advice in ("discard", "keep") else None))
        cheats = [c for c in hand if c in CHEAT_CARDS] or list(CHEATS)
        out.append(CheatNate(tuple(rng.choice(cheats) for _ in range(rng.randint(3, 4)))))
    for m in s.melds:  # the likelier ones: each card of an opponent's meld onto each own meld
        if m.team != s.team_of(s.turn_seat):
            for c in set(m.cards):
                out += [Steal(m.id, c, d.id) for d in s.melds if d.team == s.team_of(s.turn_seat)]
    return out


def check_state(s: NogginateState, rng: random.Random, deck: Counter, deep: bool) -> list:
    """The per-state properties with cheat cards; returns the legal list."""
    assert Counter(c for z in s.zones().values() for c in z) == deck
    if s.to_move in (CHANCE, TERMINAL):
        assert s.legal_actions() == []
        return []
    legal = s.legal_actions()
    assert legal, f"no legal move: {s.fingerprint()}"
    assert len(set(legal)) == len(legal)
    listed = set(legal)
    for a in legal:
        assert s.is_legal(a), (str(a), s.why_illegal(a))
        assert Nogginate.parse_action(str(a)) == a, str(a)
    if not deep:
        return legal
    v = s.view(s.to_move)
    assert v.compute_legal() == legal
    for a in power_actions(s, rng):
        why = s.why_illegal(a)
        assert (why is None) == (a in listed), (str(a), why)
        assert v.why_illegal(a) == why, str(a)
        assert why is None or "NG-" in why or why.startswith(FACTUAL) or "among the returned" in why, why
    for seat in range(s.n_seats):
        v = s.view(seat)
        d = v.determinize(random.Random(rng.random()))
        assert d.view(seat) == v
        assert Counter(c for z in d.zones().values() for c in z) == deck
        assert [len(h) for h in d.hands] == [len(h) for h in s.hands]
        assert (len(d.stock), len(d.cheat_stock)) == (len(s.stock), len(s.cheat_stock))
        assert (d.melds, d.discards, d.cheat_discards) == (s.melds, s.discards, s.cheat_discards)
        held = [[sum(c in CHEAT_CARDS for c in h) for h in x.hands] for x in (d, s)]
        assert held[0] == held[1]
        for o in range(s.n_seats):
            if o != seat:
                held = Counter(d.hands[o])
                assert not Counter(s.known[o]) - held
                if s.team_of(o) == s.team_of(seat):  # NG-C6a: what a partner showed stays in its hand
                    assert not Counter(s.shown[o]) - held
        if seat == s.to_move:
            assert d.legal_actions() == legal
    return legal


def play_cheat_match(seed: int, n: int, rounds: int, deep_every: int, **opts) -> tuple[NogginateState, Counter]:
    """A random match with cheat cards, favouring cheat draws, powers and melds; returns the state and how
    often each kind of action was played."""
    rng = random.Random(seed)
    s = Nogginate.new_state(NogginateVariant(use_cheat_cards=True, fixed_rounds=rounds, **opts), n)
    deck = Counter(nogginate_deck()) + Counter(s.cheat_stock)
    played: Counter = Counter()

    def pick(legal: list, rng: random.Random):
        powers = [a for a in legal if isinstance(a, POWERS)]
        draws = [a for a in legal if isinstance(a, Draw) and a.kind != "2c"]
        melds = [a for a in legal if type(a).__name__ in ("NewNate", "NewNoggi", "Add", "Close", "TakePile",
                                                            "Onto", "Merge", "FreezeNate", "Ask", "PlaceBonus")]
        r = rng.random()
        a = (rng.choice(powers) if powers and r < 0.5 else rng.choice(draws) if draws and r < 0.6
             else rng.choice(melds) if melds and r < 0.9 else rng.choice(legal))
        played[type(a).__name__] += 1
        return a

    run_match(s, rng, lambda s, step: check_state(s, rng, deck, step % deep_every == 0), pick)
    assert len(s.round_scores) == rounds
    assert Counter(c for z in s.zones().values() for c in z) == deck
    return s, played


CHEAT_SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.slow
@CHEAT_SETTINGS
@given(seed=st.integers(0, 10**9), n=st.sampled_from((2, 3, 4, 5, 6)), opts=CHEAT_OPTIONS)
def test_cheat_properties_legal_moves_exist_rounds_end_cards_are_conserved(seed, n, opts):
    """With cheat cards on and random cheat options: from every reachable state a legal move exists; every
    round and the match end; cards are conserved over both decks; ``is_legal`` is membership in the legal list,
    for power actions built at random too; the notation round-trips for every listed action; the view lists
    the state's moves and answers as it does; determinize keeps every size, the public cards, what is known
    of each hand and a partner's shown cards (NG-C6a)."""
    play_cheat_match(seed, n, 1, 3, **opts)


def test_random_cheat_matches_play_every_power():
    """The random matches of the property test do reach the powers: over a few fixed seeds Hands Off,
    Reconfigure, Remove, Resurrect, Show, Tell, Steal with its returns, the cheat-Nate and the cheat draws are
    played (Combine and Jokernate need positions random play seldom builds: their rule tests build them)."""
    seen: Counter = Counter()
    for seed, n, opts in ((1, 4, {}), (2, 4, {"steal_return_policy": "team_choice"}), (3, 3, {}),
                          (4, 6, {"hands_off_single_use": True}), (5, 4, {}), (6, 2, {}), (7, 5, {}), (8, 4, {})):
        seen += play_cheat_match(seed, n, 2, 10, **opts)[1]
    for name in ("HandsOff", "Reconfigure", "Remove", "Resurrect", "Show", "Tell", "Steal", "Give", "CheatNate",
                 "Draw"):
        assert seen[name] > 0, (name, seen)


def test_the_partners_view_refuses_with_the_states_sentence_while_a_question_waits():
    """NG-45d (engine fix, found by the cheat properties): while the partner answers "may I go out?", the
    answering seat's view gives the state's refusal, word for word, for any other move."""
    s = ctable({0: "STL 9C 9C"}, melds=CLOSED2)  # able to go out: 9C 9C onto the 9s, Steal the discard (NG-45k)
    play(s, "ask")
    assert s.to_move == 2
    why = agree(s, "yes", "no", "discard 9C", "tell pile")
    assert why["yes"] is None and "NG-45d" in why["discard 9C"]


def test_a_power_written_in_another_order_is_the_listed_action():
    """Engine fix (``is_legal`` is membership in the legal list): ``Combine(3, 1)``, ``Remove`` with its
    naturals in another order and a mixed ``CheatNate`` in another order are the listed actions (NG-C1,
    NG-C9a, NG-22), as their notation already made them."""
    melds = ((0, NOGGI, "4S 5S 6S 7S 8S 9S 10S", False), (1, NOGGI, "1H 2H 3H", False),
             (0, NOGGI, "0S 1S 2S 3S 4S 5S", False))
    s = ctable({0: "CMB 8C"}, melds=melds)
    assert Combine(3, 1) == Combine(1, 3) and Combine(3, 1) in s.legal_actions() and str(Combine(3, 1)) == \
        "combine m1 m3"
    s = ctable({0: "RMV 7H 7S 8C"}, melds=((0, NATE, "7C 7D 7C 7D JK JK", False),))
    assert Remove(1, tuple(C("7S 7H"))) in s.legal_actions()
    s = ctable({0: "STL STL TEL 8C"}, n=3, melds=CLOSED2, show_tell_in_individual_games=True,
               cheat_nate_mixed_types=True)
    assert CheatNate(tuple(C("TEL STL STL"))) in s.legal_actions() and s.is_legal(CheatNate(tuple(C("STL TEL STL"))))


def test_ng45e_jokers_that_go_onto_a_jokernate_keep_a_player_able_to_go_out():
    """NG-45e/NG-23 (engine fix): after "yes", a player whose jokers can all go onto the team's Jokernate
    (which takes any number of jokers, open or closed) is still able to go out, so is bound to: no discard
    that keeps cards; adding the jokers and discarding the last card goes out."""
    for closed, jokers in ((False, "JK JK JK"), (True, "JK JK JK JK JK JK JK")):
        full = ((0, NATE, "9H 9H 9S 9S 9D JK JK", True),)  # a closed Nate that takes no more jokers
        s = ctable({0: "JK JK 5C"}, melds=CLOSED2[:1] + full + ((0, JOKERNATE, jokers, closed),))
        s.permission = 1
        why = agree(s, "discard JK", "discard 5C", "add m3 JK")
        assert "NG-45e" in why["discard JK"] and "NG-45e" in why["discard 5C"] and why["add m3 JK"] is None
        play(s, "add m3 JK", "add m3 JK", "discard 5C")
        assert s.out_seat == 0
    # a joker may still be needed in a new Nate: 5C 5C JK, the other joker onto the Jokernate
    s = ctable({0: "JK JK 5C 5C 8D"}, melds=CLOSED2[:1] + ((0, NATE, "9H 9H 9S 9S 9D JK JK", True),
                                                         (0, JOKERNATE, "JK JK JK", False)))
    s.permission = 1
    assert "NG-45e" in agree(s, "discard 8D")["discard 8D"]
    play(s, "nate 5C 5C JK", "add m3 JK", "discard 8D")
    assert s.out_seat == 0


@pytest.mark.parametrize("text", [
    "draw", "draw 1c1x", "draw 2x", "combine m2 m5", "handsoff m3", "jokernate JK JK JK", "reconfigure m4 m2 7H",
    "remove m4 7H", "remove m4 7H 7S", "resurrect m3", "show 7H", "show STL", "tell draw", "tell cheat",
    "tell pile", "tell meld", "tell out", "tell stay", "tell discard 7", "tell keep 10", "tell discard 0",
    "steal m5 7H m2", "steal m5 JK m2", "cheatnate STL STL STL", "cheatnate CMB STL TEL", "give 7H s2",
    "give JK s0", "drawn 7H STL", "drawn STL TEL"])
def test_every_cheat_notation_round_trips(text):
    """NG-C0b to NG-C9a, NG-22, NG-26: each cheat action's notation parses to an action written back the same."""
    a = A(text)
    assert str(a) == text and A(str(a)) == a


def test_several_hands_off_cards_each_block_one_steal():
    """NG-C8a (``hands_off_single_use``): several Hands Off cards may sit on one meld; each blocks one Steal;
    a meld added to after a cheat-Nate: nothing is added to a cheat-Nate (NG-22)."""
    s = ctable({0: "STL STL STL 8C"}, melds=((1, NOGGI, "3H 4H 5H 6H", False, 2), STEAL_POS[1]),
               hands_off_single_use=True)
    play(s, "steal m1 6H m2", "steal m1 6H m2")
    assert meld(s, 1).guards == 0 and len(meld(s, 1).cards) == 4 and s.cheat_discards.count(HANDS_OFF) == 2
    play(s, "steal m1 6H m2")
    assert len(meld(s, 1).cards) == 3
    s = ctable({0: "STL STL STL STL 8C 9C"}, n=3, melds=CLOSED2 + ((0, CHEAT_NATE, "CMB CMB CMB", False),))
    assert "NG-22" in agree(s, "add m3 STL")["add m3 STL"]


def test_ngc5_a_resurrected_nate_may_be_stolen_into_and_a_jokernate_broken_by_a_steal_goes_back():
    """NG-C5: a resurrected Nate is open for the turn, so a Steal may add to it (it closes again at turn end);
    NG-C8: a Jokernate left with 2 jokers goes back whole to its owners."""
    s = ctable({0: "RES STL STL 8C 2D"}, melds=CLOSED2 + ((1, NATE, "9C 9C 9C JK", False),))
    assert "NG-C8" in agree(s, "steal m3 9C m2")["steal m3 9C m2"]
    play(s, "resurrect m2")
    assert agree(s, "steal m3 9C m2")["steal m3 9C m2"] is None
    play(s, "steal m3 9C m2")
    assert len(meld(s, 2).cards) == 8 and not meld(s, 2).closed and len(meld(s, 3).cards) == 3
    play(s, "discard 2D")
    assert meld(s, 2).closed
    s = ctable({0: "STL 8C 2D"}, melds=((0, NATE, "5C 5D 5H", False), (1, JOKERNATE, "JK JK JK", False)))
    play(s, "steal m2 JK m1")
    assert [m.id for m in s.melds] == [1] and s.known[1] == [JK, JK] and meld(s, 1).jokers == 1


def test_ngc7a_tells_last_until_the_round_ends():
    """NG-C7a: the partner sees a Tell until the round ends; the next round starts with none."""
    s = ctable({0: "TEL 8C 9C"})
    play(s, "tell out", "discard 8C")
    assert s.view(2).tells == ((0, Tell("out")),)
    s.stock = []
    play(s, "draw")
    assert s.phase == Phase.DEAL and s.tells == [] and s.view(2).tells == ()


def random_position(rng: random.Random) -> NogginateState:
    """A meld-phase position with cheat cards and random cheat options: 2 to 9 random melds of every team
    (Noggis, Nates, Jokernates; some closed, some with Hands Off), 1 to 8 cheat cards in the mover's dealt
    hand, most teams down, and (in a partnership) a random answer to the go-out question."""
    from engine.cards import Suit
    n = rng.choice((2, 3, 4, 5, 6))
    opts = dict(use_cheat_cards=True, hands_off_single_use=rng.random() < .5, cheat_nate_mixed_types=rng.random() < .5,
                show_tell_in_individual_games=rng.random() < .5,
                steal_return_policy=rng.choice(("next_to_play", "team_choice", "fewest_cards")))
    s = Nogginate.new_state(NogginateVariant(**opts), n)
    s.apply(A("dealer 0"))
    s.apply(s.sample_chance(rng))
    s.apply(s.sample_chance(rng))
    pool, cheats = Counter(s.stock), Counter(s.cheat_stock)
    for _ in range(rng.randint(2, 9)):
        kind = rng.choice((NOGGI, NOGGI, NATE, NATE, JOKERNATE))
        if kind == NOGGI:
            suit, lo = rng.choice(list(Suit)), rng.randint(0, 8)
            cs = [Card.get(r, suit) for r in range(lo, rng.randint(lo + 2, 10) + 1)]
        elif kind == NATE:
            r, j = rng.randint(0, 10), rng.choice((0, 0, 1, 2))
            cs = [Card.get(r, rng.choice(list(Suit))) for _ in range(rng.randint(max(2 * j, 3 - j), 9))] + [JK] * j
        else:
            cs = [JK] * rng.randint(3, 8)
        if any(pool[c] < k for c, k in Counter(cs).items()):
            continue
        pool.subtract(cs)
        m = new_meld(s.next_id, rng.randrange(len(s.teams)), kind, cs)
        guards = 1 if rng.random() < .2 and cheats[HANDS_OFF] else 0
        cheats[HANDS_OFF] -= guards
        s.melds.append(TableMeld(m.id, m.team, kind, m.cards, m.closed or (len(cs) >= 7 and rng.random() < .4),
                                 guards))
        s.next_id += 1
    s.turn_seat = rng.randrange(n)
    drawn = rng.sample(list(cheats.elements()), rng.randint(1, 8))
    cheats.subtract(drawn)
    s.hands[s.turn_seat] = sorted(s.hands[s.turn_seat] + drawn, key=lambda c: c.order)
    s.cheat_stock, s.stock = list(cheats.elements()), list(pool.elements())
    s.down = [rng.random() < .85 for _ in s.teams]
    s.permission = rng.choice((-1, -1, 0, 1)) if s.partnership else -1
    s.phase = Phase.MELD
    return s


def every_power(s: NogginateState) -> list:
    """Every power action over the table's meld ids (and one that is not there) and the mover's cards."""
    ids = [m.id for m in s.melds] + [99]
    hand = s.hands[s.turn_seat]
    out: list = [StartJokernate()] + [Show(c) for c in set(hand)]
    for a in ids:
        out += [HandsOff(a), Resurrect(a)] + [Combine(a, b) for b in ids]
    for m in s.melds:
        for c in set(m.cards):
            out += [x for d in ids for x in (Steal(m.id, c, d), Reconfigure(m.id, d, c))]
    nat = sorted({c for c in hand if c.is_natural}, key=lambda c: c.order)
    for mid in ids:
        out += [Remove(mid, (c,)) for c in nat]
        out += [Remove(mid, pair) for pair in itertools.combinations_with_replacement(nat, 2)]
    ch = sorted((c for c in hand if c in CHEAT_CARDS), key=lambda c: c.order)
    for k in (3, 4, 5):
        out += [CheatNate(combo) for combo in set(itertools.combinations(ch, k))]
    return out


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_every_power_is_legal_exactly_when_listed_in_random_positions(seed):
    """NG-C0b to NG-C9, NG-22: in random positions (melds of every kind and team, closed or with Hands Off, a
    hand with cheat cards, teams down or not, any answer to the go-out question), every power action over the
    table's ids and the hand's cards is legal exactly when listed, the view agrees, and a legal one applies,
    conserving the cards."""
    s = random_position(random.Random(seed))
    legal = s.legal_actions()
    listed = set(legal)
    v = s.view(s.turn_seat)
    assert legal and v.compute_legal() == legal
    deck = Counter(c for z in s.zones().values() for c in z)
    for a in every_power(s):
        why = s.why_illegal(a)
        assert (why is None) == (a in listed), (str(a), why)
        if why is None:
            c = s.clone()
            c.apply(a)
            assert c.legal_actions() and Counter(x for z in c.zones().values() for x in z) == deck
