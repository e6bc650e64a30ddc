"""A mark of the analysis board is confirmed on fresh samples (engine.ai.analysis.analyse_decision,
issue 28): a gain seen only on the samples that picked the alternative is no mistake."""

from __future__ import annotations

import random

from engine.ai.analysis import CONFIRM, GameAnalysis, analyse_decision, decision_at


class Table:
    """A one-decision game: move 0 (played) or move 1; the sample number is public."""

    def __init__(self, k: int = 0, move: int | None = None) -> None:
        self.k, self.move = k, move

    def clone(self) -> "Table":
        return Table(self.k, self.move)

    def apply(self, move: int) -> None:
        self.move = move


class Seat:
    seat = 0

    def legal_actions(self) -> list[int]:
        return [0, 1]


class Planted(GameAnalysis):
    """Move 1 scores ``first`` more than move 0 on the first ``budget`` samples, ``later`` after."""

    min_gain = 1.0

    def __init__(self, budget: int, first: float, later: float) -> None:
        super().__init__("planted", None)  # type: ignore[arg-type]  # no easy bot: no rollout policy needed
        self.budget, self.first, self.later, self.n = budget, first, later, 0

    def alternatives(self, view, legal, played, rng):
        return [1]

    def sample(self, view, r):
        self.n += 1
        return Table(self.n)

    def rollout(self, d, root, rp, rc, deadline):
        return True

    def score(self, root, end, seat):
        if end.move == 0:
            return 0.0
        return self.first if end.k <= self.budget else self.later


def test_a_gain_seen_only_on_the_first_samples_is_not_marked():
    ga = Planted(budget=6, first=3.0, later=0.0)
    cands, scores, best = analyse_decision(ga, Seat(), 0, 6, random.Random(1))
    assert cands == [0, 1] and best == 0
    assert len(scores[0]) == len(scores[1]) == 6 + CONFIRM * 6  # the confirming samples are kept
    d = decision_at(Planted(budget=6, first=3.0, later=0.0), Seat(), 0, 6, 0, 0)
    assert not d.mistake and d.reason.startswith("fine: 1 scored 0.8 points more")


def test_a_gain_the_fresh_samples_confirm_is_marked():
    d = decision_at(Planted(budget=6, first=3.0, later=2.0), Seat(), 0, 6, 0, 0)
    assert d.mistake and d.reason == "a mistake: -2.2 points expected; better: 1"


def words(loss: float, low: float, unit: str = "points", min_gain: float = 1.0) -> str:
    from engine.ai.analysis import Decision
    return Decision(index=0, line=1, hand=0, kind="plays", played="play 8♣", best="play 8♣ 8♥ 8♠", loss=loss,
                    low=low, high=2 * loss - low, samples=12, mistake=False, unit=unit, min_gain=min_gain).reason


def test_an_unmarked_better_move_says_whether_the_difference_was_small_or_unclear():
    assert words(0.8, 0.5) == "fine: play 8♣ 8♥ 8♠ scored 0.8 points more; a mark needs more than 1"
    assert words(0.8, -0.3) == "fine: play 8♣ 8♥ 8♠ scored 0.8 points more, not clearly"
    assert words(1.5, 0.2, "penalty points", 2.0) == \
        "fine: play 8♣ 8♥ 8♠ cost 1.5 penalty points fewer; a mark needs more than 2"
