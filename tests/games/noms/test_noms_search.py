"""The Noms search pieces of engine/games/noms/search.py: the auction evaluator
(NO-7, NO-8, scored by NO-19 to NO-21), its auction-consistent
determinizations (NO-8, NO-12), the trump evaluator (NO-10a) and the hook
that plugs them into the ``hard`` bot."""

from __future__ import annotations

import random

from engine.games.noms import search as ns
from engine.ai.ismcts import ISMCTSBot
from engine.games import make_search_bot
from engine.games.noms.search import noms_profile
from engine.games.noms.bots import NomsEasyBot
from engine.cards import Card, Suit, parse_cards
from engine.games.noms.game import MIS, MISAVIS, Bid, Pass, Phase, Trump, is_numeric
from tests.games.noms.test_noms_bots import STRONG, WEAK, _deal_with
from tests.games.noms.test_noms_rules import run, start, suit_cards
from engine.cards import parse_card as C

LOW = "2S 3S 4S 5S 2H 3H 4H 6H 2D 3D 4D 2C 3C"


def test_relative_points_follow_no19_for_declarer_partner_and_opponents():
    # NO-19 worked example: contract 11 made by seat 0 with partner seat 2: +11 each.
    pts = [11, 0, 11, 0]
    assert ns.relative_points(pts, 0) == 11 - 11 / 3
    assert ns.relative_points(pts, 1) == 0 - 22 / 3
    # failed alone (own card called): each of the three others +12.
    assert ns.relative_points([0, 12, 12, 12], 0) == -12


def test_a_weak_hand_passes_and_numeric_bids_are_not_simulated():
    s = _deal_with(WEAK)
    v = s.view(0)
    ev = ns.evaluate_auction(v, v.legal_actions(), random.Random(1), iterations=60)
    assert ev.action == Pass()
    assert not any(k.startswith("bid 1") for k in ev.values)  # below NUMERIC_FLOOR: no numeric play-outs
    s = _deal_with("AS KS QS JS 10S 9S AH KH QH AD KD AC KC")
    ev = ns.evaluate_auction(s.view(0), s.view(0).legal_actions(), random.Random(1), iterations=30)
    assert "bid 10" in ev.values


def test_a_strong_hand_bids_and_its_best_trump_is_its_long_suit():
    s = _deal_with(STRONG)
    v = s.view(0)
    ev = ns.evaluate_auction(v, v.legal_actions(), random.Random(2), iterations=120)
    assert isinstance(ev.action, Bid) and 10 <= ev.action.level <= 13
    assert ev.values["bid 10"] > ev.values["pass"] + 3
    assert ev.trumps["bid 10"] == int(Suit.SPADES)
    assert 0 < ev.rollouts <= 120


def test_a_hand_of_low_cards_goes_for_mis_or_mis_a_vis():
    s = _deal_with(LOW)
    v = s.view(0)
    ev = ns.evaluate_auction(v, v.legal_actions(), random.Random(3), iterations=120)
    assert ev.action in (Bid(MIS), Bid(MISAVIS))
    assert ev.values[str(ev.action)] > ev.values["pass"]


def test_evaluation_is_deterministic_for_a_seed():
    s = _deal_with("AS KS QS 10S 9S AH KH 5H AD 7D 4D 3C 2C")
    v = s.view(0)
    a = ns.evaluate_auction(v, v.legal_actions(), random.Random(7), iterations=80)
    b = ns.evaluate_auction(v, v.legal_actions(), random.Random(7), iterations=80)
    assert (a.action, a.values, a.rollouts) == (b.action, b.values, b.rollouts)


def test_inferred_determinizations_agree_with_the_auction_so_far():
    """NO-8: a seat that bid 10 is dealt a hand on which the easy bidder bids 10."""
    # seat 0 is P1 and passes; seat 1 bids 10; seat 2 is to move.
    strong1 = parse_cards(STRONG)
    rest = [c for c in sorted(Card.get(r, x) for x in Suit for r in range(2, 15)) if c not in strong1]
    s = start([rest[:13], strong1, rest[13:26], rest[26:]], dealer=3)
    run(s, "pass", "bid 10")
    v = s.view(2)
    easy = NomsEasyBot()
    rng = random.Random(5)
    hits = 0
    for _ in range(10):
        d = ns.determinize(v, rng, True, easy)
        assert sorted(d.hands[2]) == sorted(v.hand)  # own cards never move
        hits += ns.auction_consistent(d, v, easy)
    assert hits == 10
    raw = sum(ns.auction_consistent(v.determinize(rng), v, easy) for _ in range(40))
    assert raw < 40  # the filter does something: plain deals often disagree


def test_trump_evaluator_picks_a_legal_trump_and_prefers_the_long_suit():
    s = _deal_with("AS KS QS JS 10S 9S 8S 7S 2H 3H 2D 3D 2C")
    run(s, "bid 10", "pass", "pass", "pass")
    v = s.view(0)
    a = ns.evaluate_trump(v, v.legal_actions(), random.Random(4), iterations=100)
    assert a == Trump(int(Suit.SPADES))


def test_hard_bot_uses_the_auction_evaluator_and_stays_legal():
    assert noms_profile().decide is ns.noms_decide
    bot = make_search_bot("noms", "hard", iterations=60)
    assert isinstance(bot, ISMCTSBot)
    s = _deal_with(STRONG)
    v = s.view(0)
    a = bot.choose(v, v.legal_actions(), random.Random(0))
    assert isinstance(a, Bid) and a in v.legal_actions()
    assert bot.last is not None and bot.last.iterations > 0  # rollouts of the evaluator


# -- the card play (NO-15) with determinizations that agree with the auction ----------

def _played_position(tricks: int = 3):
    """The first deal (from seed 0 up) whose easy auction gives a numeric
    contract, played by the easy bot into trick ``tricks + 1`` until an
    opponent of the declarer is to move with a choice."""
    easy = NomsEasyBot()
    for seed in range(200):
        rng = random.Random(seed)
        s = start_random(rng)
        while s.phase == Phase.AUCTION:
            s.apply(easy.choose(s.view(s.to_move), s.legal_actions(), rng))
        if s.declarer < 0 or not is_numeric(s.contract):
            continue
        while s.phase != Phase.PLAY or len(s.tricks) < tricks:
            s.apply(easy.choose(s.view(s.to_move), s.legal_actions(), rng))
        while s.phase == Phase.PLAY and len(s.tricks) == tricks:
            if s.to_move not in (s.declarer, s.partner) and len(s.legal_actions()) > 1:
                return s
            s.apply(easy.choose(s.view(s.to_move), s.legal_actions(), rng))
    raise AssertionError("no such deal")


def start_random(rng: random.Random):
    """A first hand dealt from ``rng`` (NO-2, NO-4, NO-5a), in its auction."""
    from engine.games.noms.game import Noms, NomsVariant
    s = Noms.new_state(NomsVariant(), 4)
    while s.phase != Phase.AUCTION:
        s.apply(s.sample_chance(rng))
    return s


def test_dealt_hands_rebuild_the_deal_and_the_true_deal_agrees_with_the_auction():
    s = _played_position()
    v = s.view(s.to_move)
    assert [sorted(h) for h in ns.dealt_hands(s, v)] == [sorted(h) for h in s.dealt]
    assert ns.play_consistent(s, v, NomsEasyBot())
    # NO-10: the declarer's announcements are checked against its dealt hand
    easy = NomsEasyBot()
    assert ns.announcements_consistent(s.dealt[s.declarer], v, easy)
    other = next(t for t in (None, 0, 1, 2, 3) if t != v.trump)
    long_other = [Card.get(r, t) for t in range(4) if t == (other if other is not None else -1) for r in range(2, 15)]
    if long_other:  # all 13 cards of another suit: the easy bot would name that suit
        assert not ns.announcements_consistent(long_other, v, easy)


def test_play_determinizations_give_the_declarer_a_hand_that_bids_and_names_the_trump():
    """NO-8, NO-10: an opponent's determinizations deal the declarer a hand on
    which the easy bot bids and names its trump; plain ones often do not."""
    s = _played_position()
    mover = s.to_move
    v = s.view(mover)
    easy = NomsEasyBot()
    rng = random.Random(3)
    good = 0
    for _ in range(8):
        d = ns.determinize_play(v, rng, True, easy)
        assert sorted(d.hands[mover]) == sorted(v.hand)
        good += ns.play_consistent(d, v, easy)
    raw = sum(ns.play_consistent(v.determinize(rng), v, easy) for _ in range(30))
    assert good / 8 > raw / 30


def test_evaluate_play_is_legal_deterministic_and_searches_merged_cards():
    s = _played_position(2)
    v = s.view(s.to_move)
    legal = v.legal_actions()
    a = ns.evaluate_play(v, legal, random.Random(9), iterations=60)
    b = ns.evaluate_play(v, legal, random.Random(9), iterations=60)
    assert a == b and a[0] in legal and 0 < a[1] <= 60
    assert set(a[2]) <= {str(x) for x in legal}
    bot = make_search_bot("noms", "hard", iterations=40)
    assert bot.choose(v, legal, random.Random(1)) in legal


def test_evaluate_play_finds_the_only_card_that_saves_the_contract():
    """NO-15, NO-19: a contract of 10 at no trump; the declarer holds twelve
    hearts and the 2C, seat 1 twelve clubs. Leading the 2C gives seat 1 the
    lead and its clubs; leading hearts makes the contract."""
    hands = [suit_cards(x) for x in ("H", "C", "D", "S")]
    # seat 0 holds all hearts but the 2H, and the 2C; seat 1 gets the 2H
    hands[0].remove(C("2H"))
    hands[0].append(C("2C"))
    hands[1].remove(C("2C"))
    hands[1].append(C("2H"))
    s = start(hands)
    run(s, "bid 10", "pass", "pass", "pass", "notrump", "call AH")
    v = s.view(0)
    ev = ns.evaluate_play(v, v.legal_actions(), random.Random(2), iterations=40)
    assert ev[0].card.suit == Suit.HEARTS  # leading the 2C loses the lead to seat 1's clubs
    assert ev[2][str(ev[0])] > ev[2]["play 2C"]


def test_play_sampler_keeps_the_view_and_agrees_with_the_auction_more_often():
    """NO-8, NO-10, NO-15: the two-stage sampler keeps every fact of the view
    (own hand, hand sizes, shown voids, the called card's possible holders) and
    deals the declarer hands that agree with its calls and announcements."""
    s = _played_position(4)
    v = s.view(s.to_move)
    easy = NomsEasyBot()
    rng = random.Random(11)
    sp = ns.PlaySampler(v, rng, easy)
    voids = v.voids()
    ok = 0
    for _ in range(12):
        d = sp.sample()
        assert d.view(v.seat) == v  # the seat sees exactly what it saw
        for seat in range(4):
            assert len(d.hands[seat]) == v.hand_sizes[seat]
            assert not any(c.suit in voids[seat] for c in d.hands[seat])
        if v.called is not None and v.called not in v.played_cards():
            holder = next(i for i in range(4) if v.called in d.hands[i])
            assert d.partner == (-1 if holder == v.declarer else holder)
        ok += sp._declarer_ok(d, ns.dealt_hands(d, v))
    assert sp.pool and ok == 12
    raw = sum(sp._declarer_ok(x, ns.dealt_hands(x, v)) for x in (v.determinize(rng) for _ in range(30)))
    assert raw < 15
