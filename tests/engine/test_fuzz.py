"""benchmarks/fuzz.py: a brief fuzz run of every registered game (CI), and proof that its checks can fail.

The long run is ``python benchmarks/fuzz.py all --seconds 1200 --jobs 2`` (README).
"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

import pytest

from engine.games import GAMES
from engine.variants import option_specs

pytestmark = pytest.mark.slow  # a slow family: the inner loop runs -m 'not slow'

FUZZ = Path(__file__).resolve().parents[2] / "benchmarks" / "fuzz.py"
#: CI's brief run per game: this many games from a fixed seed, each stopped at the first
#: end of a hand after BRIEF_STEPS steps (so a Nags or Spite & Malice game, a Noms hand or two).
BRIEF_GAMES = 70
BRIEF_STEPS = 60


@pytest.fixture(scope="module")
def fuzz():
    spec = importlib.util.spec_from_file_location("cardtable_fuzz", FUZZ)
    mod = importlib.util.module_from_spec(spec)
    sys.modules["cardtable_fuzz"] = mod
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_brief_fuzz_run_finds_no_failure(fuzz, game_id):
    t = fuzz.fuzz_seeds(game_id, 1000, BRIEF_GAMES, max_steps=BRIEF_STEPS, log_every=10)
    assert t.games == BRIEF_GAMES
    assert not t.failures, "\n".join(f"{f.check}: {f.message} ({f.repro()})" for f in t.failures)
    assert t.logs == BRIEF_GAMES // 10
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


def test_a_lost_card_is_a_conservation_failure_with_its_seed(fuzz, monkeypatch):
    from engine.games.noms.game import NomsState
    real = NomsState.zones

    def leaky(self):
        zones = real(self)
        if zones.get("trick"):
            zones["trick"] = zones["trick"][1:]
        return zones
    monkeypatch.setattr(NomsState, "zones", leaky)
    f = _first_failure(fuzz, "noms")
    assert f.check == "conservation" and "missing" in f.message
    assert f.repro() == "python benchmarks/fuzz.py noms --seed 7 --games 1"


def test_a_view_that_shows_a_hidden_card_is_a_determinize_failure(fuzz, monkeypatch):
    from dataclasses import replace

    from engine.games.nags.game import NagsState
    real = NagsState.view

    def peeking(self, seat):  # the view tells the seat the first card of the pool
        v = real(self, seat)
        return replace(v, history=v.history + ((len(self.pool) and self.pool[0].order,),))
    monkeypatch.setattr(NagsState, "view", peeking)
    assert _first_failure(fuzz, "nags").check == "determinize"


def test_a_clone_sharing_a_hand_is_a_clone_failure(fuzz, monkeypatch):
    from engine.games.spite_malice.game import SpiteMaliceState
    real = SpiteMaliceState.clone

    def shallow(self):
        c = real(self)
        c.hands = self.hands
        return c
    monkeypatch.setattr(SpiteMaliceState, "clone", shallow)
    assert _first_failure(fuzz, "spite_malice").check == "clone"


def test_an_empty_legal_list_and_a_crash_are_failures(fuzz, monkeypatch):
    from engine.games.nags.game import NagsState, NagsView
    monkeypatch.setattr(NagsState, "legal_actions", lambda self: [])
    monkeypatch.setattr(NagsView, "compute_legal", lambda self: [])
    assert _first_failure(fuzz, "nags").check == "legal"
    monkeypatch.undo()

    def boom(self, action):
        raise RuntimeError("boom")
    monkeypatch.setattr(NagsState, "apply", boom)
    f = _first_failure(fuzz, "nags")
    assert f.check in ("applies", "crash") and "boom" in f.message


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
