"""Lazy, first-class legality (docs/engine.md, "Legality"), for every game in the registry:
``State.is_legal`` agrees with ``legal_actions()``, views build their legal list on
demand (equal to the state's, in the same order) and cache it outside their compared
fields, and ``apply_trusted`` does exactly what ``apply`` does to a legal action."""

from __future__ import annotations

import dataclasses
import random

import pytest

from engine.core import CHANCE, TERMINAL, Pass
from engine.games import GAMES
from tests.games.nags import test_nags_properties
from tests.games.noms import test_noms_properties
from tests.games.spite_malice import test_spite_malice_properties

RANDOM_VARIANT = {
    "nags": test_nags_properties.random_variant,
    "noms": test_noms_properties.random_variant,
    "spite_malice": test_spite_malice_properties.random_variant,
}


def _games(game_id: str, n: int, seed: int):
    """``n`` random matches of ``game_id`` (random variants and seat counts), as
    (state, rng) at each player decision, played on by a uniformly random legal action."""
    game = GAMES[game_id]
    for k in range(n):
        rng = random.Random(f"{seed}:{k}")
        variant = RANDOM_VARIANT[game_id](rng) if game_id in RANDOM_VARIANT else game.variant_class()
        counts = game.seat_counts(variant)
        seats = counts[k % len(counts)]
        s = game.new_state(variant, seats)
        steps = 0
        while not s.is_over and steps < 3000:
            steps += 1
            if s.to_move == CHANCE:
                s.apply(s.sample_chance(rng))
                continue
            yield s, rng
            legal = s.legal_actions()
            s.apply(legal[int(rng.random() * len(legal))])


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_is_legal_agrees_with_legal_actions(game_id):
    """``is_legal(a) == (a in legal_actions())`` for the legal actions and for a pool
    of actions that were legal somewhere earlier in the match (mostly illegal now);
    ``why_illegal`` is None exactly for the legal ones."""
    pool: dict = {}
    checked = illegal = 0
    for s, rng in _games(game_id, 6, seed=1):
        legal = s.legal_actions()
        for a in legal:
            pool.setdefault(a, None)
        keys = list(pool)
        sample = [keys[int(rng.random() * len(keys))] for _ in range(12)] + legal + [Pass()]
        for a in sample:
            ok = a in legal
            assert s.is_legal(a) == ok, (a, s.fingerprint())
            assert (s.why_illegal(a) is None) == ok, (a, s.fingerprint())
            checked += 1
            illegal += not ok
    assert checked > 2000 and illegal > 500


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_views_build_the_legal_list_lazily_in_the_states_order(game_id):
    """The seat to move sees exactly ``state.legal_actions()`` (same order, which bots'
    seeded choices depend on); every other seat sees none; the cache is filled on the
    first call and is not part of the view's equality, hash, repr or fields."""
    n = 0
    for s, _ in _games(game_id, 4, seed=2):
        me = s.to_move
        v = s.view(me)
        assert "_legal" not in v.__dict__  # nothing computed at build time
        fresh = s.view(me)
        assert v.legal_actions() == s.legal_actions()
        assert "_legal" in v.__dict__
        assert v == fresh and hash(v) == hash(fresh) and repr(v) == repr(fresh)
        assert "_legal" not in {f.name for f in dataclasses.fields(v)}
        got = v.legal_actions()
        got.clear()  # callers may change the list they get
        assert v.legal_actions() == s.legal_actions()
        other = (me + 1) % s.n_seats
        assert s.view(other).legal_actions() == []
        n += 1
    assert n > 150


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_apply_trusted_does_what_apply_does(game_id):
    """On a legal action (and a chance outcome from ``sample_chance``) ``apply_trusted``
    leaves the same state and returns the same events as ``apply``."""
    n = 0
    for s, rng in _games(game_id, 3, seed=3):
        legal = s.legal_actions()
        a = legal[int(rng.random() * len(legal))]
        t = s.clone()
        c = s.clone()
        assert c.apply(a) == t.apply_trusted(a)
        assert c.fingerprint() == t.fingerprint()
        while t.to_move == CHANCE:
            seed = rng.random()
            outcome = t.sample_chance(random.Random(seed))
            assert c.apply(outcome) == t.apply_trusted(outcome)
            assert c.fingerprint() == t.fingerprint()
        n += 1
    assert n > 100


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_no_action_is_legal_at_chance_and_terminal_steps(game_id):
    game = GAMES[game_id]
    s = game.new_state(game.variant_class(), game.min_seats)
    assert s.to_move == CHANCE
    assert not s.is_legal(Pass()) and s.why_illegal(Pass())
    rng = random.Random(4)
    while not s.is_over:
        if s.to_move == CHANCE:
            s.apply_trusted(s.sample_chance(rng))
        else:
            legal = s.legal_actions()
            s.apply_trusted(legal[int(rng.random() * len(legal))])
    assert s.to_move == TERMINAL and s.legal_actions() == []
    assert not s.is_legal(Pass()) and s.why_illegal(Pass())
