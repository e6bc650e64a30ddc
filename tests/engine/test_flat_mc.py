"""The shared paired flat Monte Carlo loop (engine/ai/flat_mc.py) and the Spite & Malice
plan search that now runs on it (issue 25: one loop, game hooks for candidates, rollout, score)."""

from __future__ import annotations

import hashlib
import random

import pytest

from engine.ai.flat_mc import paired_flat_mc
from engine.core import CHANCE
from engine.games import get_game, make_bot


def _run(rows, **kw):
    """The loop over fixed per-sample scores: ``rows[k][i]`` is candidate i's score on sample k."""
    it = iter(range(len(rows)))
    return paired_flat_mc(len(rows[0]), lambda r: next(it), lambda k, i, late: rows[k][i], random.Random(1), **kw)


def test_the_heuristic_is_kept_without_a_paired_gain():
    rows = [[10.0, 10.5], [0.0, 0.5], [5.0, 5.5], [7.0, 7.5]]  # +0.5 every sample, below min_gain 1
    assert _run(rows, iterations=8, budget_s=None, margin=1.0, min_gain=1.0).best == 0


def test_a_candidate_replaces_the_heuristic_on_a_clear_paired_gain():
    # wildly different samples, but candidate 1 always 3 better: common random numbers see it
    rows = [[100.0, 103.0], [-50.0, -47.0], [7.0, 10.5], [0.0, 2.5]]
    found = _run(rows, iterations=8, budget_s=None, margin=1.0, min_gain=1.0)
    assert found.best == 1
    assert found.rollouts == 8 and [len(x) for x in found.scores] == [4, 4]


def test_an_iteration_budget_counts_rollouts_exactly():
    rows = [[1.0, 2.0, 3.0]] * 10
    found = _run(rows, iterations=7, budget_s=None, margin=1.0, min_gain=0.0)
    assert found.rollouts == 7 and [len(x) for x in found.scores] == [3, 2, 2]


def test_an_abandoned_rollout_drops_its_whole_sample():
    calls = []

    def rollout(k, i, late):
        calls.append((k, i, late))
        return None if k == 2 and i == 1 else float(i)
    it = iter(range(10))
    found = paired_flat_mc(3, lambda r: next(it), rollout, random.Random(1), iterations=None, budget_s=0.0,
                           margin=1.0, min_gain=0.0)
    # the first sample runs without a deadline; the budget (0 s) is spent after it
    assert calls[0][2] is None and found.rollouts == 3 and [len(x) for x in found.scores] == [1, 1, 1]


def test_the_loop_refuses_no_candidate_and_no_budget():
    with pytest.raises(ValueError):
        paired_flat_mc(0, lambda r: 0, lambda s, i, d: 0.0, random.Random(1), iterations=5, budget_s=None,
                       margin=1.0, min_gain=0.0)
    with pytest.raises(ValueError):
        paired_flat_mc(2, lambda r: 0, lambda s, i, d: 0.0, random.Random(1), iterations=None, budget_s=None,
                       margin=1.0, min_gain=0.0)


def _sm_digest(seed: int, its: int = 40, moves: int = 120) -> str:
    """Seat 0 ``hard@{its}it`` against ``easy``: every move and every search's chosen plan,
    rollouts per plan and mean scores, hashed."""
    game = get_game("spite_malice")
    s = game.new_state(game.variant_class(), 2)
    hard, easy = make_bot("spite_malice", f"hard@{its}it"), make_bot("spite_malice", "easy")
    rng = random.Random(seed)
    brng = [random.Random(f"{seed}:{i}") for i in range(2)]
    h = hashlib.sha256()
    k = 0
    while not s.is_over and k < moves:
        if s.to_move == CHANCE:
            s.apply(s.sample_chance(rng))
            continue
        v = s.view(s.to_move)
        bot = hard if s.to_move == 0 else easy
        a = bot.choose(v, v.legal_actions(), brng[s.to_move])
        k += 1
        last = getattr(bot, "last", None)
        if last is not None:
            h.update(repr((str(a), last.chosen_key, sorted(last.visits.items()),
                           sorted((x, round(y, 9)) for x, y in last.values.items()))).encode())
        h.update(str(a).encode())
        s.apply(a)
    return h.hexdigest()


#: Recorded with Spite & Malice's own copy of the loop (before engine/ai/flat_mc.py).
SM_DIGESTS = {
    1: "4a3e30b92fc2f1f61de3e38d768d2718b58cae2f6108c744af69520108ad96ca",
    2: "c6aa5900ca44e4638ffeee35d22dba8a5ed1a069687bf8e3241a259ec2b76f74",
    3: "5a9ee16a6bb16ce227d18c733c8a96cf1549050f167b119d84bc79780cb09231",
}


@pytest.mark.parametrize("seed", sorted(SM_DIGESTS))
def test_spite_malice_hard_decides_as_with_its_own_loop(seed):
    """Same plans, same rollouts per plan, same mean scores, same moves on fixed seeds."""
    assert _sm_digest(seed) == SM_DIGESTS[seed]
