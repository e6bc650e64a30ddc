"""The Noms search pieces of engine/ai/noms_search.py: the auction evaluator
(NO-7, NO-8, scored by NO-19 to NO-21), its auction-consistent
determinizations (NO-8, NO-12), the trump evaluator (NO-10a) and the hook
that plugs them into the ``hard`` bot."""

from __future__ import annotations

import random

from engine.ai import noms_search as ns
from engine.ai.ismcts import ISMCTSBot
from engine.ai.levels import make_search_bot, noms_profile
from engine.ai.noms import NomsEasyBot
from engine.cards import Card, Suit, parse_cards
from engine.games.noms import MIS, MISAVIS, Bid, Pass, Trump
from tests.test_noms_bots import STRONG, WEAK, _deal_with
from tests.test_noms_rules import run, start

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
