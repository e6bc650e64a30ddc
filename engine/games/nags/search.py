"""The Nags ``medium`` and ``hard`` levels: flat Monte Carlo with common random
numbers around the ``easy`` move (:class:`engine.ai.ismcts.ISMCTSBot` with the
profile below).

Why flat and around ``easy``: in 2-seat Nags only 19% of decisions have more
than one legal move, and an omniscient one-decision bound puts the ceiling
against ``easy`` near 55%; the searches therefore keep the ``easy`` move
unless a candidate beats it on evidence. Latest measurement: ``hard`` against
``easy``, 2 seats, 53.0% +- 5.6 (150 duplicate deals). The cheating oracle
probe (``benchmarks/nags_oracle.py``) and the history of the experiments are in
``docs/ai-measurements.md``.
"""

from __future__ import annotations

from engine.ai.base import BUDGETS
from engine.ai.ismcts import ISMCTSBot, SearchProfile, end_of_hand, heuristic_move
from engine.core import State
from engine.games.nags.bots import NagsEasyBot

#: Nags: points of margin that map to a reward of 0 or 1 (a play-out is 5 + cards left, NA-18).
NAGS_SCALE = 15.0
#: Nags: the share of the reward that is won/lost against the best opponent (NA-20).
NAGS_WIN_WEIGHT = 0.7


def nags_reward(root: State, end: State) -> list[float]:
    """NA-18 to NA-21: reward per seat in [0, 1] for a rollout from ``root`` to ``end``.

    ``NAGS_WIN_WEIGHT`` of it is the result against the best opponent's match
    total at ``end`` (1 ahead, 0.5 level, 0 behind; what the arena and a player
    count); the rest is the margin over the best opponent of the points won
    since ``root``, ``0.5 + margin / (2 * NAGS_SCALE)`` clipped, so that among
    wins (or losses) the bigger margin is still preferred.
    """
    before, after = root.scores(), end.scores()
    n = len(after)
    out = []
    for s in range(n):
        others = [o for o in range(n) if o != s]
        best = max(after[o] for o in others)
        win = 1.0 if after[s] > best else 0.5 if after[s] == best else 0.0
        margin = (after[s] - before[s]) - max(after[o] - before[o] for o in others)
        m = 0.5 + margin / (2 * NAGS_SCALE)
        m = 0.0 if m < 0 else 1.0 if m > 1 else m
        out.append(NAGS_WIN_WEIGHT * win + (1 - NAGS_WIN_WEIGHT) * m)
    return out


def nags_profile() -> SearchProfile:
    """The Nags search: flat Monte Carlo with common random numbers around the
    ``easy`` move (rollouts: ``easy`` without noise, to the end of the current
    game). Tree UCB with noisy rollouts was no better than ``easy``, even when
    given the true hands (see the module docstring)."""
    return SearchProfile(rollout_bot=NagsEasyBot(), reward=nags_reward, stop=end_of_hand,
                         epsilon=0.0, flat=True, default=heuristic_move(NagsEasyBot()), deviate_z=1.0)


def make_search_bot(level: str = "hard", budget_s: float | None = None, iterations: int | None = None) -> ISMCTSBot:
    """The ``medium`` or ``hard`` Nags bot; with neither ``budget_s`` (seconds per
    decision) nor ``iterations``, the level's budget (:data:`engine.ai.base.BUDGETS`)."""
    if budget_s is None and iterations is None:
        budget_s = BUDGETS[level]
    return ISMCTSBot(nags_profile(), budget_s=budget_s, iterations=iterations, level=level)
