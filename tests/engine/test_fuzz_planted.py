"""Issue 26: the fuzzer catches a planted bug for each invariant it claims, in its full mode and in
its long mode (``--long``: cheap checks at every step, expensive ones sampled and at every match's
end). Each bug is planted in Nags (or another game) with ``monkeypatch`` and must be reported under
the invariant's name. Before, ``is_legal`` was checked only on actions from the legal list, so a
planted ``is_legal`` that accepts an illegal move went unseen."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

import pytest

from engine.core import Pass
from engine.games.nags.game import _FULL_DECK, P_PLAY, Nags, NagsState, NagsView, Play, Turn

FUZZ = Path(__file__).resolve().parents[2] / "benchmarks" / "fuzz.py"


@pytest.fixture(scope="module")
def fuzz():
    spec = importlib.util.spec_from_file_location("cardtable_fuzz_planted", FUZZ)
    mod = importlib.util.module_from_spec(spec)
    sys.modules["cardtable_fuzz_planted"] = mod
    spec.loader.exec_module(mod)
    return mod


# -- the planted bugs: each takes monkeypatch and returns the game to fuzz ---------------------

def lenient_is_legal(mp):
    """is_legal accepts a play of any playable value, held or not (the independent fuzzer's plant)."""
    real = NagsState.is_legal

    def is_legal(self, a):
        if type(a) is Play and self.phase == P_PLAY and a.cards and len({c.rank for c in a.cards}) == 1 \
                and a.cards[0].rank in self._play_values():
            return True
        return real(self, a)
    mp.setattr(NagsState, "is_legal", is_legal)
    return "nags"


def unchecked_apply(mp):
    """apply plays an illegal move instead of refusing it with IllegalAction."""
    mp.setattr(NagsState, "apply", lambda self, a: NagsState.apply_trusted(self, a) if type(a) is Play
               else REAL_APPLY(self, a))
    return "nags"


REAL_APPLY = NagsState.apply


def patch_result(mp, cls, name, change):
    """Plant a bug: ``cls.name`` returns ``change(self, result, *args)`` instead of ``result``."""
    real = getattr(cls, name)
    mp.setattr(cls, name, lambda self, *args: change(self, real(self, *args), *args))


def lost_card(mp):
    """A card leaves the zones once a card has been played (the count changes)."""
    patch_result(mp, NagsState, "zones", lambda self, z: {**z, "discard": z["discard"][1:]} if z.get("discard") else z)
    return "nags"


def changed_card(mp):
    """The bottom card of the discard pile shows as another face (the count stays: only the exact multiset sees it)."""
    def change(self, z):
        d = z.get("discard")
        if d:
            z["discard"] = [_FULL_DECK[0] if d[0] is not _FULL_DECK[0] else _FULL_DECK[1]] + d[1:]
        return z
    patch_result(mp, NagsState, "zones", change)
    return "nags"


def peeking_view(mp):
    """The view tells a seat the first card of the face-down pool (determinize must change it)."""
    from dataclasses import replace
    patch_result(mp, NagsState, "view", lambda self, v, seat: replace(
        v, history=v.history + ((len(self.pool) and self.pool[0].order,),)))
    return "nags"


def no_legal_move(mp):
    """A seat is to move with no legal action."""
    mp.setattr(NagsState, "legal_actions", lambda self: [])
    mp.setattr(NagsView, "compute_legal", lambda self: [])
    return "nags"


def reversed_view_legal(mp):
    """A view lists the legal moves in another order than the state (seeded bots would differ)."""
    real = NagsView.compute_legal
    mp.setattr(NagsView, "compute_legal", lambda self: list(reversed(real(self))))
    return "nags"


def bad_notation(mp):
    """``turn`` reads back as ``pass``."""
    real = Nags.parse_action.__func__
    mp.setattr(Nags, "parse_action", classmethod(lambda cls, text: Pass() if text == "turn" else real(cls, text)))
    return "nags"


def shallow_clone(mp):
    """A clone shares the hands with its original."""
    from engine.games.spite_malice.game import SpiteMaliceState

    def share(self, c):
        c.hands = self.hands
        return c
    patch_result(mp, SpiteMaliceState, "clone", share)
    return "spite_malice"


def endless_hand(mp):
    """A move that would end the hand is taken back: the hand never ends."""
    real = NagsState.apply

    def apply(self, a):
        before = self.clone()
        events = real(self, a)
        if any(e.kind == "hand_over" for e in events):
            for name in NagsState.__slots__:
                setattr(self, name, getattr(before, name))
            return []
        return events
    mp.setattr(NagsState, "apply", apply)
    return "nags"


def unseeded_chance(mp):
    """The turned card is drawn from a generator of its own, not the one passed in."""
    real = NagsState.sample_chance
    loose = random.Random()
    mp.setattr(NagsState, "sample_chance", lambda self, rng: real(self, random.Random(loose.random())))
    return "nags"


def unstable_hash(mp):
    """The state hash of the log's check lines depends on the object, not the position."""
    import hashlib
    mp.setattr(NagsState, "state_hash", lambda self: hashlib.sha256(f"{id(self)}".encode()).hexdigest()[:16])
    return "nags"


PLANTED = {  # the invariant the fuzzer claims -> bugs that break it
    "legal": [lenient_is_legal, no_legal_move],
    "applies": [unchecked_apply],
    "conservation": [lost_card, changed_card],
    "determinize": [peeking_view, reversed_view_legal],  # a re-dealt state must list the view's moves
    "notation": [bad_notation],
    "clone": [shallow_clone],
    "termination": [endless_hand],
    "determinism": [unseeded_chance],
    "log": [unstable_hash],
}
CASES = [(check, plant) for check, plants in PLANTED.items() for plant in plants]


def first_failure(fuzz, game_id: str, long: bool):
    """Fuzz seeds 1.. in the full mode, or the long mode's sampling, until the first failure."""
    budget = fuzz.Budget(1.0, seed=3) if long else None
    for first in range(1, 200, 10):
        t = fuzz.fuzz_seeds(game_id, first, 10, max_steps=400, hand_steps=300, log_every=1, budget=budget)
        if t.failures:
            return t.failures[0]
    raise AssertionError("no failure found")


@pytest.mark.parametrize("long", [False, True], ids=["full", "long"])
@pytest.mark.parametrize("check, plant", CASES, ids=[p.__name__ for _, p in CASES])
def test_the_fuzzer_catches_a_planted_bug_for_each_invariant_it_claims(fuzz, monkeypatch, check, plant, long):
    game_id = plant(monkeypatch)
    f = first_failure(fuzz, game_id, long)
    assert f.check == check, f"{f.check}: {f.message}"
    assert f.repro().startswith(f"python benchmarks/fuzz.py {game_id} --seed {f.seed} --games 1")


def test_every_claimed_invariant_has_a_planted_bug(fuzz):
    """The invariants the fuzzer counts (its checks) are those with planted bugs here."""
    t = fuzz.fuzz_seeds("nags", 1, 3, max_steps=200, log_every=1)
    assert not t.failures
    claimed = set(t.checks) - {"near-miss"}  # near misses are counted apart; their failures are "legal"
    assert claimed == set(PLANTED), claimed ^ set(PLANTED)
    assert t.checks["near-miss"] > 0


def test_near_misses_keep_the_shape_and_change_one_thing(fuzz):
    """A near miss of a Nags play is a play of the same shape with one card changed, dropped or repeated."""
    s = Nags.new_state(Nags.variant_class(), 3)
    rng = random.Random(2)
    while s.to_move < 0:
        s.apply(s.sample_chance(rng))
    play = next(a for a in s.legal_actions() if type(a) is Play)
    universe = sorted(set(c for z in s.zones().values() for c in z), key=lambda c: c.text)
    misses = fuzz.near_misses(play, universe, random.Random(5), 50)
    assert misses and all(type(m) is Play for m in misses)
    assert any(not s.is_legal(m) for m in misses)
    assert fuzz.near_misses(Turn(), universe, random.Random(5), 5) == []  # nothing to change
