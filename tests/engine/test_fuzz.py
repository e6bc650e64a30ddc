"""benchmarks/fuzz.py: a brief fuzz run of every registered game (CI), and proof that its checks can fail:
a bug planted for each invariant the fuzzer claims is caught in its full mode and in ``--long`` (issue 26;
before, ``is_legal`` was checked only on actions from the legal list, so an ``is_legal`` that accepts an
illegal move went unseen).

The long runs are ``python benchmarks/fuzz.py GAME --long --seconds 1800`` per game (benchmarks/README.md).
"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

import pytest

from engine.core import Pass
from engine.games import GAMES
from engine.games.nags.game import Nags, NagsState, NagsView, Phase, Play, Turn
from engine.games.nags.rules import _FULL_DECK
from engine.variants import option_specs

pytestmark = pytest.mark.slow  # a slow family: the inner loop runs -m 'not slow'

FUZZ = Path(__file__).resolve().parents[2] / "benchmarks" / "fuzz.py"
#: CI's brief run per game: one game per seed (its house rules and seat count drawn from the seed),
#: each stopped at the first end of a hand after BRIEF_STEPS steps (so a Nags or Spite & Malice game, a
#: Noms hand or two), every LOG_EVERY-th seed logged and verified.
BRIEF_SEEDS = range(1000, 1050)
BRIEF_STEPS = 60
LOG_EVERY = 10
#: Every other seed where one hand is long: each Nogginate and Nickels seed plays a whole hand of 250
#: steps or more (seeds 1000-1049: 12,200 and 23,600 steps, 27 and 30 s of CPU, the suite's two slowest
#: tests). The 25 odd seeds still draw every seat count (Nogginate 2-6, both 6-seat team layouts;
#: Nickels 3-7) and check more steps (5,900 and 9,100; 11 and 10 s) than the 50 seeds of Nags (5,500),
#: Spite & Malice (5,900) or Noms (3,300), with every check at every step; every fifth seed is logged.
BRIEF_SEEDS_OF = {"nogginate": (range(1001, 1050, 2), 5), "nickels": (range(1001, 1050, 2), 5)}


@pytest.fixture(scope="module")
def fuzz():
    spec = importlib.util.spec_from_file_location("cardtable_fuzz", FUZZ)
    mod = importlib.util.module_from_spec(spec)
    sys.modules["cardtable_fuzz"] = mod
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_brief_fuzz_run_finds_no_failure(fuzz, game_id):
    seeds, log_every = BRIEF_SEEDS_OF.get(game_id, (BRIEF_SEEDS, LOG_EVERY))
    t = fuzz.Tally()
    for seed in seeds:
        t.add(fuzz.fuzz_seeds(game_id, seed, 1, max_steps=BRIEF_STEPS, log_every=log_every))
    assert t.games == len(seeds)
    assert not t.failures, "\n".join(f"{f.check}: {f.message} ({f.repro()})" for f in t.failures)
    assert t.logs == sum(seed % log_every == 0 for seed in seeds) >= 5
    for check in ("conservation", "determinize", "legal", "notation", "applies", "clone", "termination",
                  "determinism", "log"):
        assert t.checks[check] > 0, check


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_drawn_house_rules_pass_validation_and_vary_every_option(fuzz, game_id):
    game = GAMES[game_id]
    rng = random.Random(5)
    seen: dict[str, set] = {s.name: set() for s in option_specs(game.variant_class)}
    for _ in range(300):
        variant, table = fuzz.draw_rules(game, rng)
        assert getattr(variant, "problems", lambda: [])() == []
        for key, value in table.items():  # a table option (Nickels' penalty_values) is a dict: seen as its items
            seen[key].add(tuple(sorted(value.items())) if isinstance(value, dict) else value)
    # an option with one value the game accepts (a declared single choice, or a value the game always
    # refuses) cannot vary
    assert all(len(values) >= 2 or spec.choices == (spec.default,)
               or len(fuzz.accepted_values(game.variant_class, spec.name) or ()) == 1
               for spec in option_specs(game.variant_class) for values in [seen[spec.name]]), seen


def test_values_a_game_always_refuses_are_never_drawn_and_the_others_are(fuzz):
    """accepted_values: Nogginate accepts both values of use_cheat_cards; Spite & Malice refuses its
    unpublished game types and a wild Ace; Nags' allow_negative_after_purchase is accepted
    only with buying_horses in a match, and is still drawn."""
    def values(gid, name):
        return fuzz.accepted_values(GAMES[gid].variant_class, name)
    assert values("nogginate", "use_cheat_cards") == (False, True)
    assert values("nogginate", "six_player_teams") == ("3x2", "2x3")
    assert values("nags", "allow_negative_after_purchase") == (False, True)
    assert "MEGIDDO" not in values("spite_malice", "game_type") and "SNM_A" in values("spite_malice", "game_type")
    assert "ace" not in values("spite_malice", "minimum_wild_card")
    assert values("nogginate", "max_rounds") is None  # a range: drawn from it
    rng = random.Random(3)
    drawn = {fuzz.draw_rules(GAMES["nogginate"], rng)[1].get("use_cheat_cards", False) for _ in range(200)}
    assert drawn == {False, True}


def test_nogginate_matches_drawn_for_fuzzing_are_short_enough_to_end(fuzz):
    """MATCH_LENGTH_CAPS: a Nogginate match to 10,000 (NG-54) lasts its 100-round cap under random play, so the
    fuzzer always draws max_rounds (and fixed_rounds when set) in 1..8."""
    rng = random.Random(4)
    drawn = set()
    for _ in range(200):
        variant, table = fuzz.draw_rules(GAMES["nogginate"], rng)
        assert 1 <= variant.max_rounds <= 8 and "max_rounds" in table
        assert variant.fixed_rounds is None or 1 <= variant.fixed_rounds <= 8
        drawn.add(variant.max_rounds)
    assert len(drawn) >= 4


def _first_failure(fuzz, game_id: str, **kw):
    t = fuzz.fuzz_seeds(game_id, 7, 1, max_steps=200, log_every=0, **kw)
    assert len(t.failures) == 1
    return t.failures[0]


def test_a_crash_is_a_failure(fuzz, monkeypatch):
    """An exception from the engine is reported (the invariants' planted bugs: test_fuzz_planted.py)."""
    from engine.games.nags.game import NagsState

    def boom(self, action):
        raise RuntimeError("boom")
    monkeypatch.setattr(NagsState, "apply", boom)
    f = _first_failure(fuzz, "nags")
    assert f.check in ("applies", "crash") and "boom" in f.message
    assert f.repro() == "python benchmarks/fuzz.py nags --seed 7 --games 1"


def test_a_hand_that_never_ends_is_a_termination_failure(fuzz):
    f = _first_failure(fuzz, "nags", hand_steps=20)
    assert f.check == "termination" and "did not end within 20 steps" in f.message


def test_the_command_line_reports_and_exits_non_zero_on_a_failure(fuzz, monkeypatch, capsys):
    assert fuzz.main(["spite_malice", "--games", "2", "--seed", "3", "--max-steps", "10"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("spite_malice: 2 games, ") and "0 failures" in out and "seeds 3..4" in out
    from engine.games.spite_malice.game import SpiteMaliceState
    monkeypatch.setattr(SpiteMaliceState, "zones", lambda self: {"pool": self.pool[:]})
    assert fuzz.main(["spite_malice", "--games", "1", "--seed", "3"]) == 1
    out = capsys.readouterr().out
    assert "1 failures" in out and "reproduce: python benchmarks/fuzz.py spite_malice --seed 3 --games 1" in out


def test_a_table_option_has_each_of_its_entries_drawn_and_varied(fuzz):
    """Nickels' penalty_values (NK-6) is a table of options: the fuzzer draws its entries one by one."""
    game = GAMES["nickels"]
    rng = random.Random(9)
    seen: dict[str, set] = {}
    for _ in range(300):
        variant, table = fuzz.draw_rules(game, rng)
        for key, value in table.get("penalty_values", {}).items():
            seen.setdefault(key, set()).add(value)
            assert getattr(variant.penalty_values, key) == value
    assert set(seen) == {"joker", "ace", "ten_to_king", "two_to_nine"}
    assert all(len(values) >= 2 for values in seen.values()), seen


def test_set_forces_a_house_rule_in_every_drawn_table_and_in_the_reproducing_command(fuzz, capsys):
    """``--set OPTION=VALUE`` (issue 14: fuzzing Nogginate with cheat cards on): the value is read as TOML,
    else as a word; every drawn table holds it while the other options still vary; a failure's command
    repeats it; an unknown option, a bad value or ``all`` is refused."""
    game = GAMES["nogginate"]
    forced = fuzz.parse_forced(game, ["use_cheat_cards=true", "steal_return_policy=team_choice"])
    assert forced == {"use_cheat_cards": True, "steal_return_policy": "team_choice"}
    rng = random.Random(11)
    seen = set()
    for _ in range(100):
        variant, table = fuzz.draw_rules(game, rng, forced)
        assert variant.use_cheat_cards is True and variant.steal_return_policy == "team_choice"
        assert table["use_cheat_cards"] is True
        seen.add(variant.hands_off_single_use)
    assert seen == {False, True}
    for bad in (["bogus=1"], ["use_cheat_cards"], ["max_rounds=0"]):
        with pytest.raises(ValueError):
            fuzz.parse_forced(game, bad)
    f = fuzz.Failure("nogginate", 5, 3, "legal", "x", forced)
    assert f.repro() == ("python benchmarks/fuzz.py nogginate --seed 5 --games 1 --set use_cheat_cards=true "
                         "--set steal_return_policy=team_choice")
    t = fuzz.fuzz_seeds("nogginate", 3, 2, max_steps=40, log_every=0, forced={"use_cheat_cards": True})
    assert t.games == 2 and not t.failures
    assert fuzz.main(["nogginate", "--games", "1", "--max-steps", "30", "--set", "use_cheat_cards=true"]) == 0
    assert "forced house rules: use_cheat_cards=true" in capsys.readouterr().out
    for argv in (["all", "--set", "use_cheat_cards=true"], ["nogginate", "--set", "nope=1"]):
        with pytest.raises(SystemExit) as exc:
            fuzz.main(argv)
        assert exc.value.code == 2


# -- the planted bugs: each takes monkeypatch and returns the game to fuzz ---------------------

def lenient_is_legal(mp):
    """is_legal accepts a play of any playable value, held or not (the independent fuzzer's plant)."""
    real = NagsState.is_legal

    def is_legal(self, a):
        if type(a) is Play and self.phase is Phase.PLAY and a.cards and len({c.rank for c in a.cards}) == 1 \
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


def test_the_long_mode_reports_its_speed_against_the_bare_playout_and_ends_with_the_steps(fuzz, capsys):
    """``--long --seconds N``: one core, the bare playout measured in the same run, the command that
    continues the run, and last the number of steps checked ("123,456 steps")."""
    import re
    assert fuzz.main(["spite_malice", "--long", "--seconds", "4", "--seed", "20"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert re.fullmatch(r"[\d,]+ steps", out[-1]) and int(out[-1].split()[0].replace(",", "")) > 0
    speed = next(line for line in out if line.strip().startswith("speed:"))
    assert "checked steps per CPU second" in speed and "benchmarks/bench.py" in speed and "ratio" in speed
    assert re.search(r"continue with: python benchmarks/fuzz\.py spite_malice --long --seconds N --seed \d+",
                     "\n".join(out))
    for argv in (["nags", "--long"], ["all", "--long", "--seconds", "5"], ["nags", "--long", "--seconds", "5",
                                                                          "--jobs", "2"]):
        with pytest.raises(SystemExit) as exc:
            fuzz.main(argv)
        assert exc.value.code == 2
