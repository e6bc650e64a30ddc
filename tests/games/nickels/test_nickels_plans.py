"""Nickels whole-turn plans (issue 25; engine/games/nickels/plans.py): the generator and the
plan search's honesty (NK-13: the other hands and the stock are hidden)."""

from __future__ import annotations

import random

from engine.core import CHANCE
from engine.games import get_game
from engine.games.nickels.game import Discard, Phase
from engine.games.nickels.plans import easy_plan, position_key, turn_plans
from engine.games.nickels.search import make_search_bot
from engine.games.nickels.bots import NickelsEasyBot
from hidden_support import plans_ignore_hidden_cards


def _play_positions(n: int, seed: int, want_melds: bool = False):
    """``n`` play-phase states with two or more legal moves (``want_melds``: the seat can go down)."""
    game = get_game("nickels")
    rng = random.Random(seed)
    easy = NickelsEasyBot()
    out = []
    while len(out) < n:
        s = game.new_state(game.variant_class(), 4)
        while not s.is_over and len(out) < n:
            if s.to_move == CHANCE:
                s.apply(s.sample_chance(rng))
                continue
            legal = s.legal_actions()
            if s.phase == Phase.PLAY and len(legal) > 1 and (
                    not want_melds or any(type(a).__name__ == "LayMeld" for a in legal)) and rng.random() < 0.5:
                out.append(s.clone())
            v = s.view(s.to_move)
            s.apply(easy.choose(v, v.legal_actions(), rng))
    return out


def test_plans_start_with_easys_and_are_legal_to_the_discard():
    for s in _play_positions(6, 1) + _play_positions(4, 2, want_melds=True):
        me = s.to_move
        plans = turn_plans(s, me, 6)
        assert plans[0] == easy_plan(s, me)
        ends = set()
        for p in plans:
            d = s.clone()
            for a in p:
                assert a in d.legal_actions()
                d.apply(a)
            assert isinstance(p[-1], Discard) or not (d.to_move == me and d.phase == Phase.PLAY)
            ends.add(position_key(d, me) + (p[-1],))
        assert len(ends) == len(plans)


def test_redealing_hidden_cards_never_changes_a_plan():
    assert plans_ignore_hidden_cards(_play_positions(8, 3), lambda: make_search_bot("hard", iterations=9), 50) == 8
