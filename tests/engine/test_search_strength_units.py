"""Fast unit tests of the search-strength pieces: the flat common-random-numbers
mode of engine/ai/ismcts.py (deviate from the heuristic only on evidence) and
the Nags reward of engine/games/nags/search.py (NA-17 to NA-20: final game points,
won or lost against the best opponent)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine.ai.ismcts import ISMCTSBot, SearchProfile
from engine.games.nags.search import nags_profile, nags_reward
from engine.games.noms.search import noms_profile
from engine.core import CHANCE, TERMINAL

# -- a one-decision toy game --------------------------------------------------------------
# Seat 0 picks "safe" or "risky"; a coin then decides: "risky" wins with
# probability P_RISKY, "safe" with probability P_SAFE. Seat 0 scores 1 for a win.

@dataclass
class ToyState:
    p_win: dict
    choice: str | None = None
    won: bool | None = None
    hand_number: int = 0

    @property
    def to_move(self) -> int:
        if self.choice is None:
            return 0
        if self.won is None:
            return CHANCE
        return TERMINAL

    def legal_actions(self) -> list[str]:
        return ["safe", "risky"] if self.choice is None else []

    def sample_chance(self, rng: random.Random) -> str:
        return "win" if rng.random() < self.p_win[self.choice] else "lose"

    def apply(self, a: str) -> list:
        if self.choice is None:
            self.choice = a
        else:
            self.won = a == "win"
            self.hand_number = 1
        return []

    def observation(self, a: str, seat: int) -> str:  # the contract's State.observation: all public
        return a

    def clone(self) -> ToyState:
        return ToyState(dict(self.p_win), self.choice, self.won, self.hand_number)

    def scores(self) -> list[float]:
        return [1.0 if self.won else 0.0, 0.0 if self.won else 1.0]

    def view(self, seat: int) -> ToyView:
        return ToyView(seat, self.p_win)


@dataclass
class ToyView:
    seat: int
    p_win: dict = field(default_factory=dict)

    def determinize(self, rng: random.Random) -> ToyState:
        return ToyState(dict(self.p_win))


class _FirstBot:
    def choose(self, view, legal, rng):
        return legal[0]


def toy_profile(**kw) -> SearchProfile:
    def reward(root, end):
        return end.scores()
    return SearchProfile(rollout_bot=_FirstBot(), reward=reward, flat=True,
                         default=lambda view, legal, rng: "safe", **kw)


def test_flat_search_deviates_from_the_default_on_clear_evidence():
    view = ToyView(0, {"safe": 0.2, "risky": 0.8})
    bot = ISMCTSBot(toy_profile(), iterations=400)
    res = bot.search(view, ["safe", "risky"], random.Random(1))
    assert res.action == "risky"
    assert res.values["0 risky"] > res.values["0 safe"]
    assert res.iterations == 400 and res.visits["0 safe"] == 200


def test_flat_search_keeps_the_default_without_evidence():
    # Both moves win equally often: common random numbers make every paired
    # difference 0, so there is no reason to leave the heuristic's move.
    view = ToyView(0, {"safe": 0.5, "risky": 0.5})
    for seed in range(5):
        bot = ISMCTSBot(toy_profile(), iterations=200)
        assert bot.choose(view, ["safe", "risky"], random.Random(seed)) == "safe"


def test_flat_search_is_deterministic_for_a_seed():
    view = ToyView(0, {"safe": 0.45, "risky": 0.55})
    a = ISMCTSBot(toy_profile(deviate_z=0.0), iterations=100).search(view, ["safe", "risky"], random.Random(7))
    b = ISMCTSBot(toy_profile(deviate_z=0.0), iterations=100).search(view, ["safe", "risky"], random.Random(7))
    assert a.values == b.values and a.action == b.action


class _End:
    """A stand-in end state for the reward: match totals in points and seats' teams."""

    def __init__(self, scores):
        self._s = scores

    def scores(self):
        return list(self._s)

    def team_of(self, seat):
        return seat


def test_nags_reward_ranks_a_win_above_any_loss():
    # NA-20: the highest game total wins; the reward is mostly win or loss.
    root = _End([0, 0, 0])
    win_small = nags_reward(root, _End([10, 9, 0]))
    loss_big_margin_over_third = nags_reward(root, _End([9, 10, 0]))
    assert win_small[0] > loss_big_margin_over_third[0] + 0.4
    assert all(0.0 <= r <= 1.0 for r in win_small + loss_big_margin_over_third)


def test_nags_reward_compares_with_the_best_opponent():
    # NA-18/NA-19: points over the best opponent, not over the mean of the others.
    root = _End([0, 0, 0])
    a = nags_reward(root, _End([10, 20, 0]))[0]
    b = nags_reward(root, _End([10, 12, 0]))[0]
    assert b > a
    tie = nags_reward(root, _End([5, 5]))
    assert tie[0] == tie[1]


def test_nags_and_noms_profiles_deviate_from_the_easy_move_only_on_evidence():
    assert nags_profile().flat and nags_profile().default is not None
    assert noms_profile().default is not None and noms_profile().flat  # flat, noise-free: +0.10 on 100 paired deals


def test_tree_search_keeps_the_default_without_evidence():
    view = ToyView(0, {"safe": 0.5, "risky": 0.5})
    prof = toy_profile()
    prof.flat = False
    for seed in range(3):
        bot = ISMCTSBot(prof, iterations=60)
        assert bot.choose(view, ["safe", "risky"], random.Random(seed)) == "safe"
    view = ToyView(0, {"safe": 0.05, "risky": 0.95})
    assert ISMCTSBot(prof, iterations=200).choose(view, ["safe", "risky"], random.Random(1)) == "risky"


def test_noms_card_play_candidates_merge_only_equivalent_cards():
    """NO-15: cards of a suit separated only by held or played cards are one
    candidate; the easy card and the called card (NO-12) are always searched."""
    from engine.games import make_bot
    from engine.games.noms.search import noms_candidates
    from engine.games import get_game
    from engine.games.noms.game import Play

    game = get_game("noms")
    rng = random.Random(4)
    easy = make_bot("noms", "easy")
    checked = 0
    state = game.new_state(game.variant_class(), 4)
    while checked < 25 and not state.is_over:
        if state.to_move == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        view = state.view(state.to_move)
        legal = view.legal_actions()
        if len(legal) > 1 and isinstance(legal[0], Play):
            cands = noms_candidates(view, legal, random.Random(0))
            assert set(cands) <= set(legal)
            assert easy.choose(view, legal, random.Random(0)) in cands
            gone = {c for t in view.tricks for c in t[1]} | set(view.trick)
            if view.called in {a.card for a in legal}:
                assert Play(view.called) in cands
            for a in legal:
                if a in cands:
                    continue
                # a dropped card has a searched card of its suit with only held/played cards between
                same = [b.card for b in cands if b.card.suit == a.card.suit and b.card != view.called]
                known = set(view.hand) | gone
                assert a.card != view.called
                assert any(all(any(c.rank == rk and c.suit == a.card.suit for c in known)
                               for rk in range(min(a.card.rank, b.rank) + 1, max(a.card.rank, b.rank)))
                           for b in same)
            checked += 1
        state.apply(easy.choose(view, legal, rng))
    assert checked > 0


def test_noms_relative_reward_makes_a_failed_contract_cost_the_declarer():
    """NO-19: a failed 10 gives each opponent +10 and the declarer 0; that must
    be worse for the declarer than a passed-out hand (nothing scored), which the
    own-score reward could not tell apart (the auction search overbid)."""
    from engine.games.noms.search import noms_relative_reward

    root = _End([20, 30, 40, 50])
    root.mult = 1
    root.variant = type("V", (), {"mis_value_10": False})()
    failed = _End([20, 40, 50, 50])    # seat 0 declared with seat 3 as partner; 1 and 2 each +10
    made = _End([30, 30, 40, 60])      # seat 0 and partner 3 each +10
    passed = _End([20, 30, 40, 50])
    rf, rm, rp = (noms_relative_reward(root, e) for e in (failed, made, passed))
    assert rf[0] < rp[0] == 0.5 < rm[0]
    assert rf[1] > 0.5 and rm[3] == rm[0]
    double = _End([20, 30, 40, 50])
    double.mult = 2
    # NO-21: a made 10 on a double hand scores 20 each; scaled by the multiplier it
    # is worth what a made 10 is on a single hand, while 10 points there count half.
    assert noms_relative_reward(double, _End([40, 30, 40, 70]))[0] == rm[0]
    assert 0.5 < noms_relative_reward(double, made)[0] < rm[0]
    assert all(0.0 <= r <= 1.0 for r in rf + rm)
