"""Nogginate whole-turn plans (issue 25; engine/games/nogginate/plans.py): the generator, the
plan search's choice made once a turn and played out, and its honesty (NG-7: the partner's hand
is as hidden as an opponent's)."""

from __future__ import annotations

import random

from engine.core import CHANCE
from engine.games import get_game
from engine.games.nogginate.bots import state_move
from engine.games.nogginate.game import ASK, Discard, NewNate, NewNoggi, Phase
from engine.games.nogginate.plans import easy_plan, position_key, turn_plans
from engine.games.nogginate.search import make_search_bot
from hidden_support import plans_ignore_hidden_cards
from test_nogginate_bots import position


def _meld_positions(seats: int, n: int, seed: int, cheats: bool = False):
    """``n`` meld-phase states (the seat to move has two or more legal moves) from easy play."""
    game = get_game("nogginate")
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        s = game.new_state(game.variant_class(use_cheat_cards=cheats), seats)
        while not s.is_over and len(out) < n:
            if s.to_move == CHANCE:
                s.apply(s.sample_chance(rng))
                continue
            if s.phase == Phase.MELD and rng.random() < 0.25 and len(s.legal_actions()) > 1:
                out.append(s.clone())
            s.apply(state_move(s))
    return out


def test_two_orders_of_independent_melds_are_one_position():
    s = position(["9C 9D 9H 4S 5S 6S 2C 2D 2H 8D", "3C 3D"], down=[True, False])
    a = NewNate(tuple(c for c in s.hands[0] if c.rank == 9))
    b = NewNoggi(tuple(c for c in s.hands[0] if c.suit is not None and c.rank in (4, 5, 6)))
    one, two = s.clone(), s.clone()
    one.apply(a)
    one.apply(b)
    two.apply(b)
    two.apply(a)
    assert {m.id: m.kind for m in one.melds} != {m.id: m.kind for m in two.melds}  # the meld ids differ ...
    assert position_key(one, 0) == position_key(two, 0)  # ... the position does not


def test_plans_start_with_easys_and_each_is_legal_to_the_end_of_the_turn():
    for s in _meld_positions(2, 8, 3) + _meld_positions(4, 8, 4, cheats=True):
        me = s.to_move
        plans = turn_plans(s, me, 6)
        assert plans[0] == easy_plan(s, me)
        ends = set()
        for p in plans:
            d = s.clone()
            for a in p:
                assert a in d.legal_actions(), (str(a), [str(x) for x in p])
                d.apply(a)
            # a plan runs to the end of the seat's meld phase (or hands the move on)
            assert not (d.to_move == me and d.phase == Phase.MELD) or p[-1] == ASK or len(p) >= 60
            ends.add(position_key(d, me) + (p[-1],))
        assert len(ends) == len(plans)  # duplicates merged


def test_the_generator_offers_more_than_easys_plan():
    more = sum(len(turn_plans(s, s.to_move, 6)) > 1 for s in _meld_positions(2, 10, 5))
    assert more >= 5


def test_the_plan_is_chosen_once_a_turn_and_played_out_without_searching_again():
    bot = make_search_bot("hard", iterations=12)
    for s in _meld_positions(2, 12, 7):
        s = s.clone()
        me = s.to_move
        rng = random.Random(1)
        v = s.view(me)
        bot.choose(v, v.legal_actions(), rng)
        if bot.last is None or not bot._cached:
            continue
        planned = [a for a, _ in bot._cached]
        s.apply(bot.last.action)
        played = []
        while s.to_move == me and s.phase == Phase.MELD and len(played) < len(planned):
            v = s.view(me)
            a = bot.choose(v, v.legal_actions(), rng)
            if len(v.legal_actions()) > 1:
                assert bot.last is None  # no new search inside the turn
            played.append(a)
            s.apply(a)
        assert played == planned[:len(played)]
        return
    raise AssertionError("no position with a plan of two moves or more")


def test_redealing_hidden_cards_never_changes_a_plan():
    """The whole plan (not only its first move) is the same for the true state and for a
    re-deal of every card the seat cannot see (its view's determinization), partners included."""
    states = _meld_positions(4, 6, 11) + _meld_positions(2, 6, 12)
    assert plans_ignore_hidden_cards(states, lambda: make_search_bot("hard", iterations=10), 100) == 12


def test_a_plan_ends_with_a_discard_or_the_turns_other_ends():
    s = position(["9C 9D 9H 4S 5S 6S 1C 8D", "3C 3D"])
    plans = turn_plans(s, 0, 6)
    assert any(isinstance(p[-1], Discard) for p in plans)
    assert any(len(p) > 1 for p in plans)  # going down (melds) then a discard
