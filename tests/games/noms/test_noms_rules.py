"""Noms rules NO-1 to NO-22 and NO-V1 to NO-V4, each test named after its rule,
plus the worked examples and test vectors of ``rules/noms.md``."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.cards import Card, Suit, parse_card, parse_cards, standard_deck
from engine.core import CHANCE, ActionParseError, IllegalAction
from engine.games import get_game
from engine.games.noms.game import (MIS, MISAVIS, Bid, Call, ChooseDealer, Cut, Noms, NomsState, NomsVariant, Pass,
                               Phase, Play, Shuffle, Trump,
                               all_pass_deck, bid_rank, cut_deck, deal_packets, gathered_deck, score_hand,
                               sort_key_all_pass, trick_winner)
from engine.variants import ConfigError, build_variant

C = parse_card
SUITS = {"C": Suit.CLUBS, "D": Suit.DIAMONDS, "H": Suit.HEARTS, "S": Suit.SPADES}
SUIT_HANDS = ["H", "C", "D", "S"]  # seat i holds all 13 cards of this suit by default


def suit_cards(letter: str) -> list[Card]:
    return [Card.get(r, SUITS[letter]) for r in range(14, 1, -1)]


def deck_for(hands: list[list[Card]], dealer: int) -> list[Card]:
    """The deck (top first) that NO-6 deals into ``hands``: the inverse of the deal."""
    pools = [list(h) for h in hands]
    deck: list[Card] = []
    for r in range(4):
        for i in range(4):
            seat = (dealer + 1 + i) % 4
            n = 4 if i == r else 3
            deck.extend(pools[seat][:n])
            del pools[seat][:n]
    return deck


def start(hands: list[list[Card]] | None = None, dealer: int = 3, variant: NomsVariant | None = None) -> NomsState:
    """A state in the auction of its first hand with exactly these hands."""
    hands = hands or [suit_cards(x) for x in SUIT_HANDS]
    s = Noms.new_state(variant or NomsVariant(), 4)
    s.apply(ChooseDealer(dealer))
    d = deck_for(hands, dealer)
    s.apply(Shuffle(tuple([d[-1]] + d[:-1])))  # cut 1 then restores d (NO-5a)
    s.apply(Cut(1))
    assert [sorted(h) for h in s.hands] == [sorted(h) for h in hands]
    return s


def run(s: NomsState, *texts: str) -> None:
    for t in texts:
        s.apply(Noms.parse_action(t))


def play_first_legal(s: NomsState) -> None:
    """Finish the hand: every seat plays its first legal card."""
    hand = s.hand_no
    while s.hand_no == hand and s.phase == Phase.PLAY:
        s.apply(s.legal_actions()[0])


# -- players, cards, seats -------------------------------------------------------

def test_NO_1_four_players_one_pack_ace_high():
    with pytest.raises(ValueError):
        Noms.new_state(NomsVariant(), 3)
    assert get_game("noms") is Noms
    s = start()
    assert sorted(c for h in s.hands for c in h) == sorted(standard_deck())
    # rank A K Q ... 2 within a suit
    assert trick_winner(parse_cards("KH AH 2H QH"), 0, None) == 1
    assert trick_winner(parse_cards("10S 9S JS 2S"), 2, None) == 0


def test_NO_2_first_dealer_uniform_and_seats_fixed():
    seen = Counter()
    for i in range(400):
        s = Noms.new_state(NomsVariant(), 4)
        a = s.sample_chance(random.Random(i))
        assert isinstance(a, ChooseDealer)
        seen[a.seat] += 1
    assert set(seen) == {0, 1, 2, 3} and min(seen.values()) > 60


def test_NO_3_dealer_moves_clockwise_also_after_all_pass():
    s = start(dealer=3)
    run(s, "pass", "pass", "pass", "pass")
    assert s.dealer == 0 and s.hand_no == 1
    s.apply(Cut(5))
    assert s.seat_p(1) == 1 and s.seat_p(4) == 0
    assert s.to_move == 1  # P1 of the new dealer opens the auction


# -- preparing and dealing -------------------------------------------------------

def test_NO_4_first_hand_shuffled_then_cut():
    s = Noms.new_state(NomsVariant(), 4)
    s.apply(ChooseDealer(0))
    assert s.phase == Phase.SHUFFLE and s.to_move == CHANCE
    with pytest.raises(IllegalAction):
        s.apply(Shuffle(tuple(standard_deck()[:51])))
    a = s.sample_chance(random.Random(3))
    assert isinstance(a, Shuffle) and sorted(a.cards) == sorted(standard_deck())
    s.apply(a)
    assert s.phase == Phase.CUT


def test_NO_5_later_hands_gather_tricks_without_shuffle():
    s = start(dealer=3)
    run(s, "bid 10", "pass", "pass", "pass", "trump N".replace("N", "D"), "call AS")
    tricks = []
    while s.hand_no == 0:
        leader, before = s.leader, list(s.trick)
        a = s.legal_actions()[0]
        s.apply(a)
        if len(before) == 3:  # this card completed a trick
            cards = tuple(before + [a.card])
            tricks.append((leader, cards, trick_winner(cards, leader, Suit.DIAMONDS)))
    assert len(tricks) == 13
    assert s.phase == Phase.CUT and s.dealer == 0  # no shuffle step: straight to the cut
    # Independent reconstruction: piles in the order won, P1 (seat 1) at the bottom.
    piles = {seat: [c for _, cards, w in tricks if w == seat for c in cards] for seat in range(4)}
    bottom_up = piles[1] + piles[2] + piles[3] + piles[0]
    assert s.deck == bottom_up[::-1] == gathered_deck(tricks, 0)
    assert sorted(s.deck) == sorted(standard_deck())
    s.apply(Cut(10))
    assert [sorted(h) for h in s.hands] == [sorted(h) for h in deal_packets(cut_deck(bottom_up[::-1], 10), 0)]


def test_NO_5_gathered_deck_order_decision():
    # two tricks only, to read the order by hand: seat 2 won trick A, seat 1 won trick B
    a = tuple(parse_cards("2C 3C 4C 5C"))
    b = tuple(parse_cards("2D 3D 4D 5D"))
    deck = gathered_deck([(0, a, 2), (1, b, 1)], new_dealer=0)
    # bottom up: P1 = seat 1's pile (B), then P2 = seat 2's pile (A)
    assert deck == list(reversed(list(b) + list(a)))
    assert deck[0] is C("5C") and deck[-1] is C("2D")


def test_NO_5a_cut_moves_top_k_beneath():
    d = standard_deck()
    assert cut_deck(d, 3) == d[3:] + d[:3]
    s = start()
    run(s, "pass", "pass", "pass", "pass")
    for bad in (0, 52):
        with pytest.raises(IllegalAction):
            s.apply(Cut(bad))
    ks = {s.sample_chance(random.Random(i)).k for i in range(600)}
    assert ks == set(range(1, 52))


def test_NO_6_packet_deal_test_vector_1():
    deck = standard_deck()  # card n is deck[n-1]
    hands = deal_packets(deck, dealer=3)
    assert hands[0][:4] == deck[0:4]
    assert hands[1][:3] == deck[4:7]
    assert hands[2][:3] == deck[7:10]
    assert hands[3][:3] == deck[10:13]
    assert hands[0][4:7] == deck[13:16]  # round 2: card 14 to seat 0, packet of 3
    assert hands[1][3:7] == deck[16:20]  # seat 1 then gets cards 17-20
    assert [len(h) for h in hands] == [13] * 4


# -- bidding ---------------------------------------------------------------------

def test_NO_7_bid_order():
    v = NomsVariant()
    assert v.bid_levels == (10, 11, 12, 13, MIS, MISAVIS)
    s = start()
    run(s, "bid 12")
    assert s.legal_actions() == [Pass(), Bid(13), Bid(MIS), Bid(MISAVIS)]
    with pytest.raises(IllegalAction):
        s.apply(Bid(11))
    assert "higher" in s.why_illegal(Bid(11))


def test_NO_8_reentry_after_pass_test_vector_3():
    s = start(dealer=3)  # P1 = seat 0
    run(s, "bid 10", "bid 11", "pass", "pass", "bid 12", "pass", "pass", "pass")
    assert s.declarer == 0 and s.contract == 12 and s.phase == Phase.TRUMP


def test_NO_8_after_mis_a_vis_only_passes():
    s = start()
    run(s, "bid misavis")
    assert s.legal_actions() == [Pass()]
    run(s, "pass", "pass", "pass")
    assert s.declarer == 0 and s.contract == MISAVIS


def test_NO_9_all_pass_test_vector_2():
    s = start(dealer=3)
    run(s, "pass", "bid 10", "pass", "pass", "pass")
    assert s.declarer == 1 and s.contract == 10  # P2
    s = start(dealer=3)
    run(s, "pass", "pass", "pass", "pass")
    assert s.phase == Phase.CUT and s.results[-1][1] == -1 and s.next_mult == 2
    assert s.totals == [0, 0, 0, 0]


# -- announcements ---------------------------------------------------------------

def test_NO_10_trump_then_called_card_before_the_first_lead():
    s = start()
    run(s, "bid 10", "pass", "pass", "pass")
    assert s.phase == Phase.TRUMP and s.to_move == 0
    assert s.legal_actions() == [Trump(0), Trump(1), Trump(2), Trump(3), Trump(None)]
    with pytest.raises(IllegalAction):
        s.apply(Call(C("AS")))
    run(s, "notrump")
    assert s.phase == Phase.CALL and s.trump is None
    assert len(s.legal_actions()) == 52  # NO-12: any card may be called
    with pytest.raises(IllegalAction):
        s.apply(Play(C("AH")))
    run(s, "call KD")
    assert s.phase == Phase.PLAY and s.called is C("KD") and s.to_move == 0


def test_NO_11_both_announcements_explicit():
    with pytest.raises(ActionParseError):
        Noms.parse_action("call A")  # a called card needs its suit
    with pytest.raises(ActionParseError):
        Noms.parse_action("trump")
    assert Noms.parse_action("trump s") == Trump(3)
    assert Noms.parse_action("notrump") == Trump(None)
    s = start(variant=NomsVariant(first_lead="dealer_left"), dealer=0)  # P1 = seat 1
    run(s, "pass", "pass", "bid 10", "pass", "pass", "pass")  # seat 3 declares
    assert s.phase == Phase.TRUMP and s.to_move == 3  # asked explicitly before P1 leads


def test_NO_12_hidden_partner_views():
    s = start()
    run(s, "bid 10", "pass", "pass", "pass", "trump H", "call AS")  # seat 3 holds AS
    assert s.partner == 3
    assert s.view(3).partner == 3 and s.view(3).i_am_partner
    for seat in (0, 1, 2):
        assert s.view(seat).partner is None and not s.view(seat).partner_known
    # the same announcement with the card in another hand: seats 0..2 see nothing new
    hands = [suit_cards(x) for x in SUIT_HANDS]
    hands[3].remove(C("AS"))
    hands[2].remove(C("AD"))
    hands[3].append(C("AD"))
    hands[2].append(C("AS"))
    t = start(hands)
    run(t, "bid 10", "pass", "pass", "pass", "trump H", "call AS")
    assert t.partner == 2
    assert t.view(0) == s.view(0)  # the declarer cannot tell
    assert t.view(1) == s.view(1)
    # revealed only by playing the card
    while not s.view(0).partner_known:
        s.apply(s.legal_actions()[0])
    assert s.view(0).partner == 3 and s.view(1).partner == 3


def test_NO_12_calling_own_card_plays_alone_and_only_declarer_knows():
    s = start()
    run(s, "bid 10", "pass", "pass", "pass", "trump H", "call AH")
    assert s.partner == -1
    assert s.view(0).partner == 0
    for seat in (1, 2, 3):
        assert s.view(seat).partner is None
    hands = [suit_cards(x) for x in SUIT_HANDS]
    hands[0].remove(C("AH"))
    hands[1].remove(C("2C"))
    hands[0].append(C("2C"))
    hands[1].append(C("AH"))
    t = start(hands)
    run(t, "bid 10", "pass", "pass", "pass", "trump H", "call AH")
    assert t.partner == 1
    for seat in (2, 3):  # neither holder nor declarer: cannot tell alone from partnered
        assert s.view(seat) == t.view(seat)


def test_NO_13_mis_alone_no_trump_no_call():
    s = start()
    run(s, "bid mis", "pass", "pass", "pass")
    assert s.phase == Phase.PLAY and s.trump is None and s.called is None and s.partner == -1
    assert s.to_move == 0  # the declarer leads (NO-15)


def test_NO_14_mis_a_vis_exposed_after_first_trick():
    s = start()
    run(s, "pass", "bid misavis", "pass", "pass", "pass")
    assert s.declarer == 1
    for _ in range(3):
        s.apply(s.legal_actions()[0])
    assert all(s.view(i).exposed == () for i in range(4))
    s.apply(s.legal_actions()[0])  # the first trick is complete
    for i in range(4):
        assert s.view(i).exposed == tuple(sorted(s.hands[1])) and len(s.view(i).exposed) == 12
    s.apply(s.legal_actions()[0])
    assert len(s.view(0).exposed) == len(s.hands[1])


# -- play ------------------------------------------------------------------------

def test_NO_15_follow_suit_trumps_and_winner_leads():
    hands = [suit_cards(x) for x in SUIT_HANDS]
    # seat 1 gets one heart instead of a club
    hands[1].remove(C("2C"))
    hands[0].remove(C("2H"))
    hands[1].append(C("2H"))
    hands[0].append(C("2C"))
    s = start(hands)
    run(s, "bid 10", "pass", "pass", "pass", "trump S", "call 2D")
    assert s.to_move == 0  # the declarer leads
    run(s, "play AH")
    assert s.legal_actions() == [Play(C("2H"))]  # must follow hearts
    with pytest.raises(IllegalAction):
        s.apply(Play(C("AC")))
    assert "follow suit" in s.why_illegal(Play(C("AC")))
    run(s, "play 2H", "play AD", "play 2S")  # seat 3 trumps
    assert s.tricks[-1][2] == 3 and s.to_move == 3
    assert trick_winner(parse_cards("5H KH 9C AC"), 0, None) == 1  # off-suit never wins
    assert trick_winner(parse_cards("5H KH 2C AC"), 0, 0) == 3  # highest trump
    # no obligation to trump: seat 0 may play a club on a diamond lead
    assert trick_winner(parse_cards("3D 4C 9D 2D"), 1, None) == 3


def test_NO_15a_all_thirteen_tricks_played():
    s = start()
    run(s, "bid 10", "pass", "pass", "pass", "trump H", "call AH")
    played = 0
    while s.hand_no == 0:
        s.apply(s.legal_actions()[0])
        played += 1
    assert played == 52  # decided after 10 tricks, yet all 13 played
    v = NomsVariant(stop_when_decided=True)
    t = start(variant=v)
    run(t, "bid 10", "pass", "pass", "pass", "trump H", "call AH")
    played = 0
    while t.hand_no == 0:
        t.apply(t.legal_actions()[0])
        played += 1
    assert played == 40 and t.results[0][3] is True
    assert sorted(t.deck) == sorted(standard_deck())  # unplayed cards are gathered too


# -- all pass and the double hand ------------------------------------------------

def test_NO_16_sorted_hand_test_vector_4():
    hand = parse_cards("5S 3C QD AH 2H AS KC 9H")
    assert sorted(hand, key=sort_key_all_pass) == parse_cards("AH 9H 2H KC 3C QD AS 5S")


def test_NO_17_all_pass_deck_p1_on_top():
    s = start(dealer=3)
    hands = [h[:] for h in s.hands]
    run(s, "pass", "pass", "pass", "pass")
    expected = []
    for seat in (0, 1, 2, 3):  # P1..P4 of dealer 3
        expected += sorted(hands[seat], key=sort_key_all_pass)
    assert s.deck == expected == all_pass_deck(hands, 3)
    assert s.deck[0] is C("AH")
    s.apply(Cut(13))  # the next dealer (seat 0) cuts once, then deals
    assert s.dealer == 0 and sum(len(h) for h in s.hands) == 52


def test_NO_18_double_hand_and_no_stacking():
    s = start(dealer=3)
    run(s, "pass", "pass", "pass", "pass")
    s.apply(Cut(1))
    assert s.mult == 2
    run(s, "pass", "pass", "pass", "pass")  # the double hand passed out too
    s.apply(Cut(1))
    assert s.mult == 2  # does not stack
    v = NomsVariant(double_hands_stack=True)
    t = start(dealer=3, variant=v)
    run(t, "pass", "pass", "pass", "pass")
    t.apply(Cut(1))
    run(t, "pass", "pass", "pass", "pass")
    t.apply(Cut(1))
    assert t.mult == 4
    run(t, "bid 10")
    assert t.results[-1][4] == (0, 0, 0, 0)  # an all-pass scores nothing


# -- scoring ---------------------------------------------------------------------

def test_NO_19_worked_examples():
    v = NomsVariant()
    tricks = [6, 2, 5, 0]  # declarer seat 0, partner seat 2 (holds AS)
    assert score_hand(11, 0, 2, tricks, v) == ([11, 0, 11, 0], True)
    assert score_hand(11, 0, 2, tricks, v, mult=2) == ([22, 0, 22, 0], True)
    assert score_hand(11, 0, 2, [5, 2, 4, 2], v) == ([0, 11, 0, 11], False)  # W = 9
    assert score_hand(12, 0, None, [10, 1, 1, 1], v) == ([0, 12, 12, 12], False)


def test_NO_19_partner_scores_in_play():
    s = start()  # seat 0 hearts, seat 3 spades
    run(s, "bid 10", "pass", "pass", "pass", "trump H", "call AS")
    play_first_legal(s)
    assert s.results[0][3] is True and s.totals == [10, 0, 0, 10]


def test_NO_20_mis_and_mis_a_vis_scores():
    v = NomsVariant()
    assert score_hand(MIS, 1, None, [4, 0, 4, 5], v) == ([0, 13, 0, 0], True)
    assert score_hand(MIS, 1, None, [4, 1, 4, 4], v) == ([13, 0, 13, 13], False)
    assert score_hand(MISAVIS, 2, None, [5, 4, 1, 3], v) == ([26, 26, 0, 26], False)  # took the 9th trick
    assert score_hand(MISAVIS, 2, None, [5, 4, 1, 3], v, mult=2) == ([52, 52, 0, 52], False)
    s = start()  # seat 3 holds every spade and bids Mis: it must win its own lead
    run(s, "pass", "pass", "pass", "bid mis", "pass", "pass", "pass")
    play_first_legal(s)
    assert s.totals == [13, 13, 13, 0]


def test_NO_21_double_hand_doubles_the_score():
    s = start(dealer=3)
    hands = [h[:] for h in s.hands]
    run(s, "pass", "pass", "pass", "pass")
    # the sorted deck cut at 13 puts P2's cards on top: deal it and play a Mis that fails
    s.apply(Cut(13))
    assert s.mult == 2
    spades = next(i for i in range(4) if C("AS") in s.hands[i])
    while s.to_move != spades:
        run(s, "pass")
    run(s, "bid misavis", "pass", "pass", "pass")
    play_first_legal(s)
    pts = s.results[-1][4]
    assert max(pts) == 52 and pts[spades] == 0 or min(pts) == 0
    assert all(p in (0, 52) for p in pts)
    assert sorted(c for h in hands for c in h) == sorted(standard_deck())


def _mis_fail_with_totals(totals, variant=None) -> NomsState:
    s = start(variant=variant)  # seat 3 holds all spades: Mis fails, the others +13
    s.totals = list(totals)
    run(s, "pass", "pass", "pass", "bid mis", "pass", "pass", "pass")
    play_first_legal(s)
    return s


def test_NO_22_game_to_101_with_tie_play_on():
    s = _mis_fail_with_totals([80, 0, 0, 0])
    assert s.phase == Phase.CUT and s.totals == [93, 13, 13, 0]  # nobody at 101 yet
    s = _mis_fail_with_totals([90, 10, 0, 0])
    assert s.phase == Phase.OVER and s.winners() == [0] and s.scores()[0] == 103
    s = _mis_fail_with_totals([90, 90, 0, 0])
    assert s.totals[:2] == [103, 103] and s.phase == Phase.CUT and s.winners() == []  # play on
    s = _mis_fail_with_totals([90, 90, 0, 0], NomsVariant(tie_policy="shared"))
    assert s.phase == Phase.OVER and s.winners() == [0, 1]
    s = _mis_fail_with_totals([90, 0, 0, 0], NomsVariant(target=50))
    assert s.is_over


# -- variants --------------------------------------------------------------------

def test_NO_V1_slam_not_bid_test_vector_5():
    v = NomsVariant(slam_not_bid=True)
    assert score_hand(11, 0, 2, [7, 0, 6, 0], v) == ([0, 26, 0, 26], False)
    assert score_hand(11, 0, None, [13, 0, 0, 0], v) == ([0, 26, 26, 26], False)
    assert score_hand(13, 0, None, [13, 0, 0, 0], v) == ([13, 0, 0, 0], True)
    assert score_hand(8, 0, 1, [10, 3, 0, 0], NomsVariant(slam_not_bid=True, min_bid=7)) == ([0, 0, 26, 26], False)
    s = start(variant=v)
    run(s, "bid 11", "pass", "pass", "pass", "trump H", "call AS")
    play_first_legal(s)
    assert s.totals == [0, 26, 26, 0]
    assert score_hand(11, 0, None, [13, 0, 0, 0], NomsVariant())[1] is True  # off by default


def test_NO_V2_min_bid_7_and_forced_dealer():
    v = NomsVariant(min_bid=7, forced_dealer_bid=True)
    assert v.bid_levels[:4] == (7, 8, 9, 10)
    s = start(variant=v, dealer=3)
    run(s, "pass", "pass", "pass")
    assert s.to_move == 3 and Pass() not in s.legal_actions() and Bid(7) in s.legal_actions()
    assert "dealer must bid" in s.why_illegal(Pass())
    run(s, "bid 7", "bid 8", "pass", "pass", "pass")  # the others may overcall
    assert s.declarer == 0 and s.contract == 8
    assert NomsVariant(min_bid=7).problems() == []
    assert NomsVariant(forced_dealer_bid=True).problems()
    with pytest.raises(ConfigError):
        build_variant(NomsVariant, {"min_bid": 8})
    s = start(variant=NomsVariant(), dealer=3)
    with pytest.raises(IllegalAction):
        s.apply(Bid(7))


def test_NO_V3_mis_valued_10():
    v = NomsVariant(mis_value_10=True)
    assert v.bid_levels == (10, MIS, 11, 12, 13)  # Mis a Vis removed
    assert bid_rank(10, v) < bid_rank(MIS, v) < bid_rank(11, v)
    assert score_hand(MIS, 0, None, [2, 4, 4, 3], v) == ([-12, 0, 0, 0], False)
    assert score_hand(MIS, 0, None, [0, 4, 4, 5], v, mult=2) == ([20, 0, 0, 0], True)
    kept = NomsVariant(mis_value_10=True, keep_mis_a_vis_with_mis10=True)
    assert kept.bid_levels[-1] == MISAVIS
    assert score_hand(MISAVIS, 0, None, [0, 4, 4, 5], kept) == ([26, 0, 0, 0], True)
    assert NomsVariant(keep_mis_a_vis_with_mis10=True).problems()
    s = start(variant=v)
    run(s, "bid 10", "bid mis")
    assert Bid(11) in s.legal_actions() and Bid(10) not in s.legal_actions()
    run(s, "pass", "pass", "bid 11", "pass", "pass", "pass")
    assert s.contract == 11
    t = _mis_fail_with_totals([0, 0, 0, 5], v)  # seat 3 takes all 13 tricks
    assert t.totals == [0, 0, 0, 5 - 23]  # scores may go negative


def test_NO_V4_first_lead_by_dealer_left():
    v = NomsVariant(first_lead="dealer_left")
    s = start(variant=v, dealer=3)  # P1 = seat 0
    run(s, "pass", "bid 10", "pass", "pass", "pass")
    assert s.to_move == 1 and s.phase == Phase.TRUMP  # the declarer announces first
    run(s, "trump C", "call AS")
    assert s.phase == Phase.PLAY and s.to_move == 0  # then P1 leads
    t = start(variant=v, dealer=3)
    run(t, "pass", "pass", "bid mis", "pass", "pass", "pass")
    assert t.to_move == 0  # P1 leads a Mis too
    u = start(variant=NomsVariant(), dealer=3)
    run(u, "pass", "pass", "bid mis", "pass", "pass", "pass")
    assert u.to_move == 2


def test_config_options_are_the_rule_file_names():
    from engine.variants import option_specs
    names = {s.name for s in option_specs(NomsVariant)}
    assert names == {"shuffle_every_hand", "stop_when_decided", "double_hands_stack", "target", "tie_policy",
                     "slam_not_bid", "min_bid", "forced_dealer_bid", "mis_value_10",
                     "keep_mis_a_vis_with_mis10", "first_lead", "max_hands"}
    s = Noms.new_state(NomsVariant(shuffle_every_hand=True), 4)
    s.apply(ChooseDealer(0))
    s.apply(s.sample_chance(random.Random(1)))
    s.apply(Cut(1))
    run(s, "pass", "pass", "pass", "pass")
    assert s.phase == Phase.SHUFFLE  # NO-5 option: shuffle every hand
    assert s.phase != Phase.AUCTION and Phase.CALL != Phase.TRUMP
