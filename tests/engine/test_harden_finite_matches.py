"""Issue 15: every configuration gives a finite match (NA-21a, NO-22a, SM-17a).

Before these rules a Spite & Malice match with ``max_turns = 1`` and
``match_to = 10000`` never ended (every game a tie worth nothing), a Nags match
to a target could in principle go on through scoreless blocked games, and a Noms
game to a target had no bound on its hands (all-pass hands, tied leaders, NO-V3)."""

from __future__ import annotations

import random
import threading

from typer.testing import CliRunner

from engine.core import CHANCE, rand_below
from engine.games.nags.game import NagsState, NagsVariant
from engine.games.noms.game import NomsState, NomsVariant
from engine.games.spite_malice.game import SpiteMaliceState, SpiteMaliceVariant
from tui import cli


def play_random(s, rng: random.Random, max_steps: int) -> int:
    """Random legal play; returns the steps taken (fails if the bound is exceeded)."""
    steps = 0
    while not s.is_over:
        assert steps < max_steps, "the match did not end within the bound"
        if s.to_move == CHANCE:
            s.apply(s.sample_chance(rng))
        else:
            legal = s.legal_actions()
            s.apply(legal[rand_below(rng, len(legal))])
        steps += 1
    return steps


def test_sm_17a_a_match_of_ties_ends_after_max_tied_games():
    """The reported configuration: every game ends as a tie after one turn."""
    for seed in range(5):
        v = SpiteMaliceVariant(max_turns=1, match_to=10000)
        s = SpiteMaliceState(v)
        play_random(s, random.Random(seed), 10_000)
        assert len(s.game_points) == v.max_tied_games == 10
        assert s.game_points == [[0, 0]] * 10 and s.winners() == [0, 1]


def test_sm_17a_the_bound_counts_ties_in_a_row_only():
    v = SpiteMaliceVariant(max_turns=40, match_to=10000, max_tied_games=3, stock_count=2, hand_card_count=2)
    for seed in range(6):
        s = SpiteMaliceState(v)
        play_random(s, random.Random(seed), 200_000)
        games = s.game_points
        assert games[-3:] == [[0, 0]] * 3  # it ended on the third tie in a row (10000 is out of reach)
        run = 0
        for g in games[:-1]:  # no earlier run of three ties
            run = 0 if any(g) else run + 1
            assert run < 3
        assert len(games) <= 2 * v.match_to * v.max_tied_games


def test_sm_17a_a_single_game_is_unchanged():
    s = SpiteMaliceState(SpiteMaliceVariant(max_turns=1))
    play_random(s, random.Random(1), 10_000)
    assert len(s.game_points) == 1 and s.winners() == [0, 1]


def test_the_reported_sim_finishes(tmp_path):
    """``cardtable sim`` of the reported table ends (it ran for ever before)."""
    cfg = tmp_path / "c.toml"
    cfg.write_text('game = "spite_malice"\n[rules.spite_malice]\nmax_turns = 1\nmatch_to = 10000\n')
    out: list = []
    worker = threading.Thread(target=lambda: out.append(CliRunner().invoke(
        cli.app, ["sim", "spite_malice", "--seat", "ai:easy", "--seat", "ai:easy", "--games", "3", "--seed", "1",
                  "--config", str(cfg)])), daemon=True)
    worker.start()
    worker.join(60)
    assert out, "cardtable sim did not finish within 60 s"
    assert out[0].exit_code == 0, out[0].output


def _end_scoreless_games(s: NagsState, limit: int) -> int:
    """Deal each game, then end it as blocked with nobody scoring (NA-16); returns the games played."""
    rng = random.Random(3)
    games = 0
    while not s.is_over:
        assert games < limit
        while s.to_move == CHANCE:
            s.apply(s.sample_chance(rng))
        if s.is_over:
            break
        s.game_half = [0] * s.n_seats
        s._end_game(blocked=True)
        games += 1
        while not s.is_over and s.to_move >= 0 and s.legal_actions() and str(s.legal_actions()[-1]) == "done":
            s.apply(s.legal_actions()[-1])  # NA-25: buy nothing
    return games


def test_na_21a_scoreless_games_in_a_row_end_a_match_to_a_target():
    v = NagsVariant(match_target=10000, buying_horses=True, allow_negative_after_purchase=True)
    s = NagsState(v, 3)
    assert _end_scoreless_games(s, 1000) == v.max_drawn_games == 10
    assert s.winners() == [0, 1, 2]  # all level at 0: they share (NA-21)


def test_na_21a_a_fixed_number_of_games_is_unchanged():
    v = NagsVariant(match_games=12)
    s = NagsState(v, 3)
    assert _end_scoreless_games(s, 1000) == 12


def test_na_21a_worst_nags_match_to_a_target_ends():
    """A target match with buying and negative purchases: random play ends within the
    bound of NA-21a (games <= max_drawn_games * (2 * (n * target + 130) / 10 + 1))."""
    v = NagsVariant(match_target=60, buying_horses=True, allow_negative_after_purchase=True, max_drawn_games=2)
    for seed in range(3):
        s = NagsState(v, 3)
        play_random(s, random.Random(seed), 400_000)
        assert len(s.history) <= v.max_drawn_games * (2 * (3 * 60 + 130) // 10 + 1)


def test_no_22a_a_game_ends_after_max_hands():
    """The worst Noms table: an unreachable target, tied leaders play on, Mis may cost points."""
    v = NomsVariant(target=10000, tie_policy="play_on", mis_value_10=True, stop_when_decided=True, max_hands=6)
    for seed in range(3):
        s = NomsState(v)
        play_random(s, random.Random(seed), 10_000)
        assert len(s.results) == 6
        best = max(s.totals)
        assert s.winners() == [i for i, t in enumerate(s.totals) if t == best]


def test_no_22a_the_default_cap_does_not_cut_a_normal_game():
    s = NomsState(NomsVariant())
    play_random(s, random.Random(5), 200_000)
    assert max(s.totals) >= 101 and len(s.results) < NomsVariant().max_hands
