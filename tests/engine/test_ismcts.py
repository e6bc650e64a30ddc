"""The generic SO-ISMCTS bot (engine/ai/ismcts.py) and the medium/hard levels
(engine/games/*/search.py) for Nags, Noms and Spite & Malice."""

from __future__ import annotations

import dataclasses
import random

import pytest
from typer.testing import CliRunner

from engine.ai.base import LEVELS
from engine.games import levels_for, make_bot
from engine.ai.ismcts import ISMCTSBot, margin_reward
from engine.ai.base import BUDGETS
from engine.games import make_search_bot
from engine.games.spite_malice.search import sm_reward
from engine.core import CHANCE
from engine.games import get_game
from engine.games.nags.game import Play as NagsPlay
from engine.games.noms.game import Bid, Pass, Play as NomsPlay
from engine.seats import SeatSpec, SeatSpecError

GAME_SEATS = {"nags": 3, "noms": 4, "spite_malice": 2}


def positions(game_id: str, n: int, seed: int, keep=lambda state, legal: True):
    """States at decisions with a choice (``keep`` filters them), from easy self-play."""
    rng = random.Random(seed)
    game = get_game(game_id)
    easy = make_bot(game_id, "easy")
    out = []
    while len(out) < n:
        state = game.new_state(game.variant_class(), GAME_SEATS[game_id])
        while not state.is_over and len(out) < n and state.hand_number < 2:
            if state.to_move == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            view = state.view(state.to_move)
            legal = view.legal_actions()
            if len(legal) > 1 and keep(state, legal) and rng.random() < 0.2:
                out.append(state.clone())
            state.apply(easy.choose(view, legal, rng))
    return out


# -- levels and seat specs ---------------------------------------------------------

@pytest.mark.parametrize("game_id", sorted(GAME_SEATS))
def test_medium_and_hard_are_registered_search_bots(game_id):
    assert LEVELS == ("random", "easy", "medium", "hard")
    assert levels_for(game_id) == ["random", "easy", "medium", "hard"]
    for level in ("medium", "hard"):
        bot = make_bot(game_id, level)
        assert isinstance(bot, ISMCTSBot) and bot.level == level
        assert bot.budget_s == BUDGETS[level] and bot.iterations is None
    assert BUDGETS["medium"] < BUDGETS["hard"] < 1.0


def test_seat_spec_error_lists_every_level():
    with pytest.raises(SeatSpecError, match="LEVEL is random, easy, medium or hard"):
        SeatSpec.parse("robot")
    assert SeatSpec.parse("ai:hard:Hal") == SeatSpec("ai", "hard", "Hal")


def test_cli_accepts_a_hard_seat(monkeypatch, tmp_path):
    """``cardtable play nags --seat human --seat ai:hard`` reaches the table."""
    import tui.app
    from tui.cli import app

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "c"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "d"))
    calls = []
    monkeypatch.setattr(tui.app, "run_app", lambda table=None, **kw: calls.append(kw))
    result = CliRunner().invoke(app, ["play", "nags", "--seat", "human", "--seat", "ai:hard"])
    assert result.exit_code == 0, result.output
    assert [str(s) for s in calls[0]["session"].seats] == ["human", "ai:hard"]


# -- the search ---------------------------------------------------------------------

@pytest.mark.parametrize("game_id", sorted(GAME_SEATS))
def test_an_iteration_budget_is_deterministic_for_a_seed(game_id):
    for k, state in enumerate(positions(game_id, 3, seed=1)):
        view = state.view(state.to_move)
        runs = []
        for _ in range(2):
            bot = make_search_bot(game_id, "hard", iterations=40)
            action = bot.choose(view, view.legal_actions(), random.Random(k))
            assert action in view.legal_actions()
            runs.append((action, bot.last.visits if bot.last else None))
        assert runs[0] == runs[1]
        if runs[0][1]:  # (a Noms auction is not searched)
            assert sum(runs[0][1].values()) == 40  # every iteration passes through one root edge


def test_a_single_legal_move_is_returned_without_searching():
    state = positions("nags", 1, seed=2)[0]
    view = state.view(state.to_move)
    only = view.legal_actions()[:1]
    bot = make_search_bot("nags", "hard", iterations=10_000)
    rng = random.Random(5)
    assert bot.choose(view, only, rng) == only[0]
    assert bot.last is None
    assert rng.random() == random.Random(5).random()  # no randomness was drawn
    with pytest.raises(ValueError):
        bot.choose(view, [], rng)


def test_a_time_budget_stops_the_search():
    """Anytime: a tiny budget still runs at least one iteration and returns a legal move."""
    state = positions("noms", 1, seed=3, keep=lambda s, legal: isinstance(legal[0], NomsPlay))[0]
    view = state.view(state.to_move)
    bot = ISMCTSBot(make_search_bot("noms").profile, budget_s=0.01)
    assert bot.choose(view, view.legal_actions(), random.Random(1)) in view.legal_actions()
    assert bot.last.iterations >= 1


def _walk(node, depth=0):
    yield node, depth
    for child in node.children.values():
        yield from _walk(child, depth + 1)


def test_the_tree_is_keyed_by_the_searchers_information():
    """Opponent nodes are shared between determinizations (keyed by seat and
    action), so the tree grows deeper than one level, and the availability
    counts obey visits <= avail."""
    for k, state in enumerate(positions("noms", 2, seed=4, keep=lambda s, legal: isinstance(legal[0], NomsPlay)
                                        and len(s.tricks) < 6)):
        view = state.view(state.to_move)
        prof = dataclasses.replace(make_search_bot("noms").profile, flat=False)  # Noms plays flat; test the tree
        bot = ISMCTSBot(prof, iterations=300)
        bot.choose(view, view.legal_actions(), random.Random(k))
        res = bot.last
        assert res.max_depth >= 3  # one level below the opponents: a keyed-by-sampled-hand tree stops at 2
        root = res.tree
        assert root.visits == 300
        for key in root.children:
            seat, action = key  # edges are (seat, action) tuples
            assert seat == view.seat and str(action).startswith("play ")
        n_opponent_nodes_revisited = 0
        for node, depth in _walk(root):
            assert sum(c.visits for c in node.children.values()) <= node.visits
            if node.seat >= 0:
                assert 1 <= node.visits <= node.avail
                if depth >= 2 and node.seat != view.seat and node.visits > 1:
                    n_opponent_nodes_revisited += 1
        assert n_opponent_nodes_revisited > 5


def test_nags_search_takes_the_play_out():
    """NA-17/NA-18: playing out ends the game at once for 5 points plus the cards
    left in the other hands: the search finds it among other plays."""
    def can_play_out(state, legal):
        hand = len(state.hands[state.to_move])
        return any(isinstance(a, NagsPlay) and len(a.cards) == hand for a in legal) and len(legal) > 2

    found = positions("nags", 3, seed=6, keep=can_play_out)
    for k, state in enumerate(found):
        view = state.view(state.to_move)
        action = make_search_bot("nags", "hard", iterations=120).choose(view, view.legal_actions(), random.Random(k))
        assert isinstance(action, NagsPlay) and len(action.cards) == len(view.hand)


def test_noms_auction_uses_the_easy_bidder():
    """The auction (engine/games/noms/search.py evaluate_auction): hard makes a legal call."""
    found = positions("noms", 4, seed=7, keep=lambda s, legal: isinstance(legal[0], (Bid, Pass)))
    for k, state in enumerate(found):
        view = state.view(state.to_move)
        hard = make_search_bot("noms", "hard", iterations=50).choose(view, view.legal_actions(), random.Random(k))
        assert hard in view.legal_actions()
        assert isinstance(hard, (Bid, Pass))


# -- rewards ---------------------------------------------------------------------------

class _Scored:
    """A stand-in state: scores and partnerships only."""

    def __init__(self, scores, teams=None):
        self._s = scores
        self._t = teams or list(range(len(scores)))

    def scores(self):
        return self._s

    def team_of(self, seat):
        return self._t[seat]


def test_margin_reward_is_scaled_clipped_and_shared_by_partners():
    r = margin_reward(_Scored([0, 0, 0]), _Scored([10, 0, 4]), scale=10)
    assert r == pytest.approx([0.5 + 8 / 20, 0.5 - 7 / 20, 0.5 - 1 / 20])
    assert margin_reward(_Scored([0, 0]), _Scored([50, 0]), scale=10) == [1.0, 0.0]
    partners = margin_reward(_Scored([0] * 4, [0, 1, 0, 1]), _Scored([6, 0, 2, 0], [0, 1, 0, 1]), scale=8)
    assert partners[0] == partners[2] == pytest.approx(0.75) and partners[1] == partners[3] == pytest.approx(0.25)


def test_spite_malice_reward_wins_and_truncated_evaluation():
    """SM-13: a win is 1 and a loss 0; a cut-short rollout is scored by stock cards shed."""
    state = positions("spite_malice", 1, seed=9)[0]
    end = state.clone()
    end.stocks[0] = end.stocks[0][:-2]  # seat 0 shed two stock cards, seat 1 none
    r = sm_reward(state, end)
    assert r[0] > 0.5 > r[1] and r[0] + r[1] == pytest.approx(1.0) and 0.05 <= r[1]
    won = state.clone()
    won.game_points = won.game_points + [[7, 0]]
    won.phase = won.OVER
    assert sm_reward(state, won) == [1.0, 0.0]


# -- search budgets in seat specs (``hard@1.6``, ``hard@500it``) -------------------------

def test_a_level_may_name_its_search_budget():
    from engine.ai.base import parse_level

    assert parse_level("hard") == ("hard", None, None)
    assert parse_level("hard@1.6") == ("hard", 1.6, None)
    assert parse_level("medium@0.5s") == ("medium", 0.5, None)
    assert parse_level("hard@500it") == ("hard", None, 500)
    for bad in ("easy@2", "random@10it", "hard@", "hard@0", "hard@-1", "hard@1.6min", "hard@0it"):
        with pytest.raises(ValueError):
            parse_level(bad)
    bot = make_bot("nags", "hard@40it")
    assert isinstance(bot, ISMCTSBot) and (bot.budget_s, bot.iterations, bot.level) == (None, 40, "hard")
    bot = make_bot("spite_malice", "medium@1.25")
    assert (bot.budget_s, bot.iterations, bot.level) == (1.25, None, "medium")


def test_a_budgeted_seat_plays_in_the_arena():
    from engine.arena import run_arena

    res = run_arena("nags", None, [SeatSpec.parse("ai:hard@20it"), SeatSpec.parse("ai:easy")], deals=1, seed=4)
    assert [s.spec for s in res.seats] == ["ai:hard@20it", "ai:easy"] and res.illegal_moves == 0
