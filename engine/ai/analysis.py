"""The analysis board's weighing of one decision (issue 28; the driver over a whole log is
:mod:`engine.analysis`): what a game tells it (:class:`GameAnalysis`), what it finds
(:class:`Decision`, :class:`GameReport`), and the short summary kept beside a log for the
statistics' accuracy line (:func:`save_summary`, :func:`read_summary`).

A decision is weighed from the seat's **view** only: the candidates (the move played first)
are compared by the shared paired flat Monte Carlo (:func:`engine.ai.flat_mc.paired_flat_mc`)
over determinizations of the view, and the move is a **mistake** only on the paired-gain rule
(:func:`engine.ai.base.paired_pick`, :data:`MARGIN` standard errors and the game's
``min_gain``). ``docs/analysis.md`` says what a mark means and its limits.
"""

from __future__ import annotations

import json
import math
import os
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from engine.ai.base import Bot
from engine.ai.flat_mc import paired_flat_mc
from engine.ai.ismcts import action_words
from engine.core import CHANCE, Action, IllegalAction, State, View

__all__ = ["ANALYSIS_SUFFIX", "CONFIRM", "CONFIRM_MARGIN", "DEFAULT_BUDGET", "Decision", "GameAnalysis", "GameReport",
           "MARGIN", "MAX_BUDGET",
           "analyse_decision", "candidates_of", "decision_at", "read_summary", "save_summary", "summary_path"]

#: Samples (determinizations) per decision; every candidate is rolled out once per sample.
DEFAULT_BUDGET = 12
#: Standard errors of the paired difference the best alternative must clear (stricter than
#: the bots' 1.0 to 1.5: a mark accuses a player, and one game has many decisions).
MARGIN = 2.0
#: A mark is confirmed on this many times ``budget`` fresh samples (:func:`analyse_decision`)...
CONFIRM = 3
#: ...by :data:`CONFIRM_MARGIN` standard errors there (an independent second test, since the
#: first takes the best of four alternatives on its own samples). Measured on 11 first-test marks
#: judged at 200 samples: 8 were true; 6 were confirmed, 5 of them true
#: (``docs/playtests/2026-11-27-night-analysis.md``).
CONFIRM_MARGIN = 1.5
#: Largest budget the command line accepts (samples per decision).
MAX_BUDGET = 1000


@dataclass
class Decision:
    """One real decision of the analysed seat and what the analysis found.

    Attributes:
        index: the position in the log's effective actions (``Replay.positions[index]`` is
            the position before the move).
        line: the log line of the move.
        hand: the hand (round, game) number, from 0.
        kind: the kind of decision in the game's terms (``"bids"``, ``"pile takes"``).
        played: the move played, in words.
        best: the best alternative found, in words ("" when none was compared).
        loss: the best alternative's mean paired gain over the move played, in :attr:`unit`
            (negative or 0: the move played scored at least as well).
        low, high: a 95% interval of that gain.
        samples: samples compared (complete ones).
        mistake: True when the evidence rule marks it.
        unit: the game's unit ("points", "penalty points").
        min_gain: the least loss a mark needs (the game's ``min_gain``), in :attr:`unit`.
        why: for a mark, what the move played did that the better one does not
            (:meth:`GameAnalysis.why`), or "".
    """

    index: int
    line: int
    hand: int
    kind: str
    played: str
    best: str
    loss: float
    low: float
    high: float
    samples: int
    mistake: bool
    unit: str
    min_gain: float = 0.0
    why: str = ""

    @property
    def reason(self) -> str:
        """The one-line verdict in plain words ("a mistake: -14.0 points expected; better:
        lay off 8♠ on m2")."""
        if self.mistake:
            sign = "+" if self.unit.startswith("penalty") else "-"  # penalty points: more is worse
            return f"a mistake: {sign}{self.loss:.1f} {self.unit} expected; better: {self.best}" \
                + (f" ({self.why})" if self.why else "")
        if self.best and self.loss > 0:
            penalty = self.unit.startswith("penalty")
            better = f"{self.best} {'cost' if penalty else 'scored'} {self.loss:.1f} {self.unit} " \
                     f"{'fewer' if penalty else 'more'}"
            if self.low > 0 and self.loss <= self.min_gain:  # a clear difference, but a small one
                return f"fine: {better}; a mark needs more than {self.min_gain:g}"
            return f"fine: {better}, not clearly"
        return "fine: no alternative scored better"


@dataclass
class GameReport:
    """The analysis of one seat in one log.

    Attributes:
        game_id, seat, seat_name: what was analysed.
        unit: the game's unit.
        kinds: the game's kinds of decision in order (every kind, even with no decision).
        decisions: every real decision, in play order.
        forced: moves of the seat skipped as forced (one legal move, or all equivalent).
        budget: samples per decision.
    """

    game_id: str
    seat: int
    seat_name: str
    unit: str
    kinds: tuple[str, ...]
    decisions: list[Decision] = field(default_factory=list)
    forced: int = 0
    budget: int = DEFAULT_BUDGET

    @property
    def mistakes(self) -> list[Decision]:
        """The marked decisions."""
        return [d for d in self.decisions if d.mistake]

    @property
    def expected_loss(self) -> float:
        """The expected loss summed over the mistakes, in :attr:`unit`."""
        return sum(d.loss for d in self.mistakes)

    @property
    def accuracy(self) -> float | None:
        """The share of real decisions not marked (None with no decision)."""
        return None if not self.decisions else 1 - len(self.mistakes) / len(self.decisions)

    def by_kind(self) -> list[tuple[str, int, int, float]]:
        """Per kind of decision: ``(kind, decisions, mistakes, expected loss)``, in the game's
        order, then any other kind met."""
        order = list(self.kinds) + sorted({d.kind for d in self.decisions} - set(self.kinds))
        out = []
        for k in order:
            ds = [d for d in self.decisions if d.kind == k]
            ms = [d for d in ds if d.mistake]
            out.append((k, len(ds), len(ms), sum(d.loss for d in ms)))
        return out


class GameAnalysis:
    """What the analysis needs to know about one game (the defaults fit a game whose
    ``easy`` bot plays out a hand quickly and whose ``scores()`` grow hand by hand).

    A game's ``engine/games/<id>/analysis.py`` subclasses it and exports an instance as
    ``ANALYSIS``. Every hook sees only the seat's :class:`engine.core.View` (or a
    determinization of it).

    Attributes:
        unit: what a score counts ("points", "penalty points").
        min_gain: the least mean paired gain, in :attr:`unit`, that can make a mistake.
        kinds: the kinds of decision in the order a summary lists them.
        max_alternatives: alternatives compared besides the move played.
    """

    unit = "points"
    min_gain = 2.0
    kinds: tuple[str, ...] = ("moves",)
    max_alternatives = 3

    def __init__(self, game_id: str, easy: Bot) -> None:
        self.game_id = game_id
        #: the game's ``easy`` bot (the rollout policy and the first alternative)
        self.easy = easy

    # -- what a decision is ----------------------------------------------------
    def kind(self, view: View, action: Action) -> str:
        """The kind of decision ``action`` answers at ``view`` (one of :attr:`kinds`)."""
        return self.kinds[0]

    def why(self, view: View, played: Action, better: Action) -> str:
        """What ``played`` does that ``better`` does not, in a few plain words for a mark ("the
        K♦ horse falls"), or "" (default: nothing to say)."""
        return ""

    def words(self, view: View, action: Action) -> str:
        """``action`` in words a player reads (cards as ``7♥``)."""
        return action_words(str(action))

    def distinct(self, view: View, legal: Sequence[Action]) -> list[Action]:
        """One move per class of equivalent moves (:meth:`same`), the first of each class in
        ``legal``'s order."""
        out: list[Action] = []
        for a in legal:
            if all(not self.same(view, a, b) for b in out):
                out.append(a)
        return out

    def same(self, view: View, a: Action, b: Action) -> bool:
        """True when ``a`` and ``b`` are equivalent moves at ``view`` (default: equal)."""
        return a == b

    def alternatives(self, view: View, legal: Sequence[Action], played: Action,
                     rng: random.Random) -> list[Action]:
        """Moves to compare with ``played`` (elements of ``legal``, any order; duplicates and
        moves equivalent to ``played`` are dropped by the caller). Default: the ``easy``
        bot's move, then the other distinct legal moves in the legal list's order."""
        out = [self.easy.choose(view, legal, rng)]
        out += self.distinct(view, legal)
        return out

    # -- how a candidate is scored ----------------------------------------------
    def sample(self, view: View, r: random.Random) -> State:
        """One determinization of ``view`` (default: ``view.determinize``)."""
        return view.determinize(r)

    def rollout(self, d: State, root: State, rp: random.Random, rc: random.Random,
                deadline: float | None) -> bool:
        """Play ``d`` (after the candidate) on in place to the horizon; False when abandoned.
        Default: the ``easy`` bot in every seat until the hand running at ``root`` ends."""
        hand = root.hand_number
        easy = self.easy
        steps = 0
        while not d.is_over and d.hand_number == hand and steps < 5000:
            steps += 1
            if d.to_move == CHANCE:
                d.apply_trusted(d.sample_chance(rc))
                continue
            legal = d.legal_actions()
            a = legal[0] if len(legal) == 1 else easy.choose(d.view(d.to_move), legal, rp)
            d.apply_trusted(a)
        return True

    def score(self, root: State, end: State, seat: int) -> float:
        """``seat``'s result from ``root`` to ``end``, higher is better, in :attr:`unit`.
        Default: its score gain minus the mean of the other seats' gains."""
        gains = [a - b for a, b in zip(end.scores(), root.scores())]
        n = len(gains)
        return gains[seat] - (sum(gains) - gains[seat]) / (n - 1) if n > 1 else gains[seat]


def _differs(ga: GameAnalysis, view: View, a: Action, others: Sequence[Action]) -> bool:
    return all(not ga.same(view, a, b) for b in others)


def candidates_of(ga: GameAnalysis, view: View, legal: Sequence[Action], played: Action,
                  rng: random.Random) -> list[Action]:
    """The move played, then up to ``ga.max_alternatives`` alternatives that are legal,
    distinct and not equivalent to a move already listed."""
    out = [played]
    for a in ga.alternatives(view, legal, played, rng):
        if len(out) > ga.max_alternatives:
            break
        if a in legal and _differs(ga, view, a, out):
            out.append(a)
    return out


def analyse_decision(ga: GameAnalysis, view: View, played: Action, budget: int,
                     r: random.Random) -> tuple[list[Action], list[list[float]], int]:
    """Weigh ``played`` against the alternatives at ``view`` (module docstring).

    Args:
        ga: the game's analysis hooks.
        view: the seat's view before the move (``view.seat`` to move).
        played: the move played (legal at ``view``).
        budget: samples; each rolls out every candidate.
        r: all the randomness (seed it from public facts only).

    Returns:
        ``(candidates, scores, best)``: the candidates (``played`` first), their paired
        scores (``scores[i][k]`` on sample ``k``) and the index the evidence rule picks
        (0: no clear mistake). A pick is **confirmed**: :data:`CONFIRM` x ``budget`` fresh
        samples of the move played and the picked alternative are added to their rows (which
        are then longer than the others), and the pick stands only if the rule makes it again
        on those fresh samples alone (by :data:`CONFIRM_MARGIN` standard errors). At budget 12
        a Spite & Malice decision whose true gain was 0.2 +- 0.15 (300 samples) was marked
        "-2.4 stock cards" without it: a few rollouts that end the game (+-10) decide a
        12-sample mean, and the best of four alternatives is picked on the same samples.
    """
    legal = view.legal_actions()
    cands = candidates_of(ga, view, legal, played, random.Random(int(r.random() * 2**53)))
    if len(cands) < 2:
        return cands, [[]], 0
    seat = view.seat

    def sample(rr: random.Random) -> tuple[State, int, int]:
        return ga.sample(view, rr), int(rr.random() * 2**53), int(rr.random() * 2**53)

    def one(smp: tuple[State, int, int], i: int, late: float | None) -> float | None:
        d0, sp, sc = smp
        d = d0.clone()
        try:
            d.apply(cands[i])  # checked: legal in every determinization of the view
        except IllegalAction:
            return None
        if not ga.rollout(d, d0, random.Random(sp), random.Random(sc), late):
            return None
        return ga.score(d0, d, seat)

    found = paired_flat_mc(len(cands), sample, one, r, iterations=budget * len(cands), budget_s=None,
                           margin=MARGIN, min_gain=ga.min_gain)
    scores, best = found.scores, found.best
    if best:
        # Confirm a mark on CONFIRM x budget fresh samples of the move played against the
        # marked alternative alone: the rule must pick it again on those (the first batch chose
        # the alternative, so its own samples overstate the gain).
        more = paired_flat_mc(2, sample, lambda smp, j, late: one(smp, (0, best)[j], late), r,
                              iterations=2 * CONFIRM * budget, budget_s=None, margin=CONFIRM_MARGIN,
                              min_gain=ga.min_gain)
        scores[0] += more.scores[0]
        scores[best] += more.scores[1]
        if not more.best:
            best = 0
    return cands, scores, best


def _gain(base: Sequence[float], row: Sequence[float]) -> tuple[float, float]:
    """Mean paired gain of ``row`` over ``base`` and its standard error."""
    m = min(len(base), len(row))
    if m == 0:
        return 0.0, 0.0
    d = [row[k] - base[k] for k in range(m)]
    mean = sum(d) / m
    if m < 2:
        return mean, math.inf
    var = sum((x - mean) ** 2 for x in d) / (m - 1)
    return mean, math.sqrt(var / m)


def decision_at(ga: GameAnalysis, view: View, played: Action, budget: int, seed: int | str, index: int,
                line: int = 0, hand: int = 0) -> Decision:
    """The :class:`Decision` for the move ``played`` at ``view``, position ``index`` of the log
    (its samples seeded by ``(seed, index)`` only: public facts)."""
    r = random.Random(f"analysis:{seed}:{index}")
    cands, scores, best = analyse_decision(ga, view, played, budget, r)
    gains = [_gain(scores[0], scores[i]) for i in range(1, len(cands))]
    top = best if best else (1 + max(range(len(gains)), key=lambda j: gains[j][0]) if gains else 0)
    mean, se = gains[top - 1] if top else (0.0, 0.0)
    half = 1.96 * se if math.isfinite(se) else math.inf
    return Decision(index=index, line=line, hand=hand, kind=ga.kind(view, played), played=ga.words(view, played),
                    best=ga.words(view, cands[top]) if top else "", loss=mean, low=mean - half, high=mean + half,
                    samples=len(scores[0]), mistake=best != 0, unit=ga.unit, min_gain=ga.min_gain,
                    why=ga.why(view, played, cands[best]) if best else "")


#: The summary file kept beside an analysed log (``game.jsonl`` -> ``game.jsonl.analysis.json``).
ANALYSIS_SUFFIX = ".analysis.json"


def summary_path(log_path: str | Path) -> Path:
    """Where the analysis summary of the log at ``log_path`` is kept."""
    return Path(str(log_path) + ANALYSIS_SUFFIX)


def save_summary(report: GameReport, log_path: str | Path) -> Path:
    """Keep ``report``'s summary beside the log (JSON: game, seat, decisions, mistakes, expected
    loss, unit, budget), written to a temporary file and renamed (never half written).

    Raises:
        OSError: when the folder cannot be written (the caller says so or ignores it).
    """
    path = summary_path(log_path)
    data = {"game": report.game_id, "seat": report.seat, "decisions": len(report.decisions),
            "mistakes": len(report.mistakes), "expected_loss": round(report.expected_loss, 3),
            "unit": report.unit, "budget": report.budget}
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data) + "\n", encoding="utf-8")
    os.replace(tmp, path)
    return path


def read_summary(log_path: str | Path) -> dict[str, Any] | None:
    """The summary :func:`save_summary` kept for the log at ``log_path``, or None when there is
    none or it is not one (a file of at most 4 kB with the right keys and types)."""
    path = summary_path(log_path)
    try:
        if not path.is_file() or path.stat().st_size > 4096:
            return None
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict):
        return None
    ints = ("seat", "decisions", "mistakes", "budget")
    if not all(isinstance(data.get(k), int) and not isinstance(data.get(k), bool) and data[k] >= 0 for k in ints):
        return None
    if not isinstance(data.get("expected_loss"), (int, float)) or not isinstance(data.get("unit"), str) \
            or not isinstance(data.get("game"), str) or data["mistakes"] > data["decisions"]:
        return None
    return data
