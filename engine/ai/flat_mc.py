"""Paired flat Monte Carlo: the one search loop the rummy games and Spite & Malice share.

A decision compares a few **candidates** (single moves, or whole-turn plans) by rollouts
with **common random numbers**: every sample draws one determinization of the seat's view
(and the chance seeds), and every candidate is rolled out from that same sample, so the
candidates are compared on the same deals and the same draws (paired differences). The
first candidate is the ``easy`` heuristic's own; another replaces it only on evidence
(:func:`engine.ai.base.paired_pick`: a mean paired gain above ``min_gain`` and ``margin``
standard errors). This is flat (root-only) Monte Carlo, not a tree search: nothing is
kept between samples but each candidate's scores.

A game configures it with two hooks (:func:`paired_flat_mc`):

* ``sample(r) -> S``: one sample (a determinization of the view, seeds), drawn from ``r``;
* ``rollout(sample, i, deadline) -> float | None``: candidate ``i`` applied to a copy of
  the sample and played on to the game's cut-off, scored from the seat's side (higher is
  better); None when ``time.perf_counter()`` passed ``deadline`` first (abandoned).

The candidates and the score are the game's business (its ``candidates`` / plan
generator and its rollout score); the loop, the budget and the paired-gain rule are here.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Callable, Generic, TypeVar

from engine.ai.base import paired_pick

S = TypeVar("S")


@dataclass
class FlatResult(Generic[S]):
    """What :func:`paired_flat_mc` found.

    Attributes:
        best: the index of the candidate to play (0, the heuristic's, unless another won on evidence).
        scores: per candidate, its rollout scores; ``scores[i][k]`` shares sample ``k`` with every other row.
        rollouts: rollouts completed (the iteration count).
        seconds: wall time of the loop.
    """

    best: int
    scores: list[list[float]]
    rollouts: int
    seconds: float

    def means(self) -> list[float]:
        """Each candidate's mean score (``-inf`` for a candidate never rolled out)."""
        return [sum(x) / len(x) if x else float("-inf") for x in self.scores]


def paired_flat_mc(n_cands: int, sample: Callable[[random.Random], S],
                   rollout: Callable[[S, int, float | None], float | None], r: random.Random, *,
                   iterations: int | None, budget_s: float | None, margin: float, min_gain: float,
                   t0: float | None = None) -> FlatResult[S]:
    """Score ``n_cands`` candidates by paired rollouts and pick one (module docstring).

    Args:
        n_cands: how many candidates (candidate 0 is the heuristic's); at least 1.
        sample: draws one sample from ``r`` (called once per round of rollouts).
        rollout: ``(sample, i, deadline)`` -> candidate ``i``'s score on ``sample``, or None
            when abandoned past ``deadline`` (a :func:`time.perf_counter` time; None: no deadline).
        r: the search's generator (all its randomness: deterministic for a seed).
        iterations: stop after this many rollouts (may end inside a sample; the paired
            comparison uses the samples every candidate completed). None: no limit.
        budget_s: stop once this many seconds after ``t0`` have passed and at least one
            sample is complete; later rollouts get the deadline and may be abandoned (their
            sample is then dropped). None: no time limit.
        margin, min_gain: the paired-gain rule (:func:`engine.ai.base.paired_pick`).
        t0: the decision's start (:func:`time.perf_counter`); default now.

    Returns:
        A :class:`FlatResult`.

    Raises:
        ValueError: if ``n_cands`` < 1 or neither budget is given.
    """
    if n_cands < 1:
        raise ValueError("no candidate to search")
    if iterations is None and budget_s is None:
        raise ValueError("a flat Monte Carlo search needs an iteration or a time budget")
    clock = time.perf_counter
    t0 = clock() if t0 is None else t0
    deadline = None if budget_s is None else t0 + budget_s
    scores: list[list[float]] = [[] for _ in range(n_cands)]
    n = 0
    while True:
        smp = sample(r)
        for i in range(n_cands):
            late = deadline if scores[-1] else None  # abandon only once one sample is complete
            v = rollout(smp, i, late)
            if v is None:
                for row in scores[:i]:
                    row.pop()  # keep only complete samples (the comparison is paired)
                n -= i
                return FlatResult(paired_pick(scores, margin, min_gain), scores, n, clock() - t0)
            scores[i].append(v)
            n += 1
            if (iterations is not None and n >= iterations) or \
                    (deadline is not None and scores[-1] and clock() >= deadline):
                return FlatResult(paired_pick(scores, margin, min_gain), scores, n, clock() - t0)
