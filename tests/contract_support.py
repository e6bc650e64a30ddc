"""Engine-contract checks shared by every game's property tests (docs/engine.md)."""

from __future__ import annotations

import random
from typing import Callable

from engine.core import CHANCE, Action, IllegalAction, State


def assert_clone_is_independent(s: State, branch: random.Random, steps: int,
                                step: Callable[[State, random.Random], object]) -> None:
    """``clone()`` copies the whole state: playing ``steps`` random steps on the
    clone leaves ``s`` (its fingerprint) unchanged."""
    before = s.fingerprint()
    c = s.clone()
    assert c.fingerprint() == before
    for _ in range(steps):
        if c.is_over:
            break
        step(c, branch)
    assert s.fingerprint() == before


def assert_legal_or_refused_cleanly(s: State, a: Action) -> None:
    """``is_legal``, ``why_illegal`` and ``apply`` agree with ``legal_actions``: a legal action
    applies, any other raises ``IllegalAction`` with the ``why_illegal`` sentence
    and leaves the state unchanged."""
    before = s.fingerprint()
    reason = s.why_illegal(a)
    legal = a in s.legal_actions()
    assert s.is_legal(a) == legal
    if legal:
        assert reason is None
        s.apply(a)
        return
    assert isinstance(reason, str) and reason
    try:
        s.apply(a)
    except IllegalAction as err:
        assert str(err) == reason
    else:
        raise AssertionError(f"{a} was applied though illegal: {reason}")
    assert s.fingerprint() == before


def self_play(s: State, decide: Callable[[State, object, list], Action], rng: random.Random) -> int:
    """Play ``s`` to its end: chance steps from ``rng``; every seat's move is
    ``decide(state, view, legal)`` (the view and legal actions of the seat to
    move), where the caller makes its assertions. Returns the seat decisions made."""
    decisions = 0
    while not s.is_over:
        if s.to_move == CHANCE:
            s.apply(s.sample_chance(rng))
            continue
        view = s.view(s.to_move)
        s.apply(decide(s, view, view.legal_actions()))
        decisions += 1
    return decisions
