"""The Spite & Malice search levels (engine/games/spite_malice/search.py): whole-turn
plans (SM-8 to SM-12), stock first (SM-13), determinism and honesty (SM-18)."""

from __future__ import annotations

import random

import engine.games.spite_malice.search as sms
from engine.games import make_bot
from engine.ai.ismcts import ISMCTSBot
from engine.ai.base import BUDGETS
from engine.games import make_search_bot
from engine.games.spite_malice.search import sm_profile
from engine.games.spite_malice.search import (
    HORIZON_WEIGHTS,
    SpiteMaliceSearchBot,
    _RolloutView,
    enumerate_plans,
    rollout_score,
    seat_features,
)
from engine.cards import parse_cards
from engine.core import CHANCE
from engine.games.spite_malice.game import (
    Phase,
    VALUE,
    Deal,
    Discard,
    Draw,
    PlayStock,
    SpiteMalice,
    SpiteMaliceState,
    SpiteMaliceVariant,
)


def positions(n: int, seed: int, keep=lambda state, legal: True):
    """States at decisions with a choice, from easy self-play."""
    rng = random.Random(seed)
    easy = make_bot("spite_malice", "easy")
    out = []
    while len(out) < n:
        state = SpiteMalice.new_state(SpiteMaliceVariant(), 2)
        while not state.is_over and len(out) < n:
            if state.to_move == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            view = state.view(state.to_move)
            legal = view.legal_actions()
            if len(legal) > 1 and keep(state, legal) and rng.random() < 0.2:
                out.append(state.clone())
            state.apply(easy.choose(view, legal, rng))
    return out


def test_levels_are_the_plan_search_with_the_level_budgets():
    for level in ("medium", "hard"):
        bot = make_bot("spite_malice", level)
        assert isinstance(bot, SpiteMaliceSearchBot) and isinstance(bot, ISMCTSBot)
        assert bot.level == level and bot.budget_s == BUDGETS[level] and bot.iterations is None


def test_plans_are_legal_sequences_ending_at_new_information():
    """SM-8/SM-11/SM-12: every plan applies legally and ends with a discard, a stock
    play or an emptied hand (a refill); nothing after the end of the plan."""
    for state in positions(4, seed=1):
        me = state.to_move
        plans = enumerate_plans(state, me)
        assert plans
        scores = [s for s, _ in plans]
        assert scores == sorted(scores, reverse=True)
        for _, plan in plans[:40]:
            s = state.clone()
            for k, a in enumerate(plan):
                assert s.why_illegal(a) is None
                s.apply(a)
                last = k == len(plan) - 1
                ended = type(a) in (Discard, PlayStock) or s.phase != Phase.PLAY
                assert ended == last


def test_a_natural_stock_card_that_fits_is_played_first():
    """SM-13: the stock card goes out whenever it fits."""
    found = positions(3, seed=2, keep=lambda s, legal: any(type(a) is PlayStock for a in legal)
                      and VALUE[s.stocks[s.to_move][-1]] < s.variant.wild_min)
    for k, state in enumerate(found):
        view = state.view(state.to_move)
        a = make_search_bot("spite_malice", "hard", iterations=20).choose(view, view.legal_actions(),
                                                                          random.Random(k))
        assert type(a) is PlayStock


def test_an_iteration_budget_is_deterministic_and_counts_rollouts():
    for k, state in enumerate(positions(3, seed=3)):
        view = state.view(state.to_move)
        runs = []
        for _ in range(2):
            bot = make_search_bot("spite_malice", "hard", iterations=30)
            a = bot.choose(view, view.legal_actions(), random.Random(k))
            assert a in view.legal_actions()
            runs.append((a, bot.last.visits if bot.last else None))
        assert runs[0] == runs[1]
        if runs[0][1]:
            assert sum(runs[0][1].values()) == 30


def test_the_decision_ignores_hidden_cards():
    """SM-18: permuting the opponent's hand with the draw deck changes nothing."""
    for k, state in enumerate(positions(3, seed=4)):
        me = state.to_move
        other = state.clone()
        opp = 1 - me
        cards = other.hands[opp] + other.pool
        random.Random(k).shuffle(cards)
        n = len(other.hands[opp])
        other.hands[opp], other.pool = sorted(cards[:n]), sorted(cards[n:])
        v1, v2 = state.view(me), other.view(me)
        assert v1 == v2
        a1 = make_search_bot("spite_malice", "hard", iterations=20).choose(v1, v1.legal_actions(), random.Random(9))
        a2 = make_search_bot("spite_malice", "hard", iterations=20).choose(v2, v2.legal_actions(), random.Random(9))
        assert a1 == a2


def test_a_cached_plan_is_followed_only_while_the_view_matches():
    """The rest of a chosen plan is played without a new search on the expected view."""
    for k, state in enumerate(positions(6, seed=5)):
        me = state.to_move
        bot = make_search_bot("spite_malice", "hard", iterations=20)
        view = state.view(me)
        a = bot.choose(view, view.legal_actions(), random.Random(k))
        plan_len = len(bot._cached)
        state.apply(a)
        if state.to_move == me and plan_len:
            view = state.view(me)
            nxt = bot._cached[0][0]
            assert bot.choose(view, view.legal_actions(), random.Random(k)) == nxt
            assert bot.last is None  # no search was needed


def test_rollout_score_wins_and_stock_margin():
    """SM-13: a win scores +100, a loss -100; cut short, 10 points per stock card of margin."""
    state = positions(1, seed=6)[0]
    me = state.to_move
    end = state.clone()
    end.stocks[me] = end.stocks[me][:-2] if len(end.stocks[me]) > 2 else end.stocks[me]
    shed = len(state.stocks[me]) - len(end.stocks[me])
    end.play = [[] for _ in end.play]  # no play deck lets the opponent in
    for seat in (0, 1):  # no wild card in a hand, nothing to say about the own stock top
        end.hands[seat] = [c for c in end.hands[seat] if VALUE[c] < end._wmin]
    end.stocks[me][-1] = next(c for c in end.pool if VALUE[c] == 5)
    end.discards[me] = [[] for _ in end.discards[me]]
    end.hands[me] = [c for c in end.hands[me] if VALUE[c] > 4]
    assert seat_features(end, me)[1:4] == (0, 0, 0)
    assert rollout_score(state, end, me) == 10.0 * shed
    won = state.clone()
    won.phase, won.result = Phase.OVER, me
    assert rollout_score(state, won, me) == 100.0
    assert rollout_score(state, won, 1 - me) == -100.0


def _table(stock0: str, stock1: str, hand: str, play: str) -> SpiteMaliceState:
    """Seat 0 to move: stocks (top card last), its hand, play deck P1 built with ``play``."""
    s = SpiteMalice.new_state(SpiteMaliceVariant(stock_count=len(stock0.split())))
    s.apply(Deal((tuple(parse_cards(stock0)), tuple(parse_cards(stock1)))))
    assert s.turn == 0
    s.apply(Draw(tuple(parse_cards(hand))))
    for c in parse_cards(play):
        s.pool.remove(c)
    s.play[0] = list(parse_cards(play))
    return s


def test_seat_features_read_the_stock_top_against_the_play_decks():
    """SM-9/SM-13: the stock top is playable at once (one above a play deck, or wild),
    reachable through hand, discard-deck and wild cards (SM-8), or neither."""
    s = _table("2C 6C", "TD 3D", "4H KH 9S 9D JC", "AC 2S 3S")
    assert seat_features(s, 0) == (2, 0, 1, 1, 0.0)  # 4, K as 5, then the 6
    s.hands[0] = list(parse_cards("4H 9S 9D JC QC"))
    assert seat_features(s, 0)[1:3] == (0, 0)  # the 5 is missing
    s.discards[0][2] = list(parse_cards("5S"))
    assert seat_features(s, 0)[1:3] == (0, 1)  # a discard-deck top supplies it
    s.play[0].append(parse_cards("4C")[0])
    s.play[0].append(parse_cards("5C")[0])
    assert seat_features(s, 0)[1:3] == (1, 0)
    s.stocks[0][-1] = parse_cards("KD")[0]
    s.play[0] = []
    assert seat_features(s, 0)[1:3] == (1, 0)  # a wild stock top always fits


def test_horizon_terms_prefer_the_discard_that_keeps_the_stock_in_reach_and_the_wild_card():
    """SM-3/SM-8/SM-9: with the rollout cut right after the discard, the stock margin
    cannot tell discards apart; the horizon terms prefer keeping the wild King in hand
    (a King on a discard deck still reaches the stock 6, but is no longer held), and
    not burying the discard-deck 5 that, with the hand 4, reaches the stock 6."""
    bot = SpiteMaliceSearchBot(sm_profile(), iterations=10, turns_ahead=0)
    _, w_reach, w_wild, _ = HORIZON_WEIGHTS

    def scores(s, plans):
        card = {c.text: c for c in s.hands[0]}
        return {f"{k} D{i + 1}": bot._plan_rollout(s.view(0), [Discard(card[k], i)], seed=5) for k, i in plans}

    s = _table("2C 6C", "TD 3D", "4H KH 9S 9D JC", "AC 2S 3S")
    assert scores(s, [("9S", 3), ("KH", 3)]) == {"9S D4": w_reach + w_wild, "KH D4": w_reach}
    s = _table("2C 6C", "TD 3D", "4H 9S 9D JC QC", "AC 2S 3S")
    s.discards[0][0] = [s.pool.pop(s.pool.index(parse_cards("5S")[0]))]
    assert scores(s, [("9S", 1), ("9S", 0)]) == {"9S D2": w_reach, "9S D1": 0.0}
    try:
        sms.HORIZON_EVAL = False
        assert set(scores(s, [("9S", 1), ("9S", 0)]).values()) == {0.0}
    finally:
        sms.HORIZON_EVAL = True


def test_rollout_view_gives_the_easy_bot_the_same_move():
    """The rollouts' light view (SM-18: only what the seat sees) gives ``pick`` the
    move it makes from the full view."""
    easy = make_bot("spite_malice", "easy")
    for state in positions(30, seed=8):
        seat = state.to_move
        assert easy.pick(_RolloutView(state, seat)) == easy.pick(state.view(seat))
