"""The analysis board (issue 28): every real decision a seat faced in a logged game, weighed
from that seat's view only, with the clear mistakes marked.

How a decision is weighed (``docs/analysis.md``)
------------------------------------------------

For each position of the log where the analysed seat was to move with a **real choice**
(two or more legal moves that are not equivalent, :meth:`GameAnalysis.distinct`; a forced
move is skipped), the candidates are the move played and a few alternatives
(:meth:`GameAnalysis.alternatives`: the ``easy`` bot's move and the game search's own
candidates). They are compared by the shared paired flat Monte Carlo
(:func:`engine.ai.flat_mc.paired_flat_mc`): each of ``budget`` samples draws one
determinization of the seat's **view** (``view.determinize`` or the game search's own
view-only sampler, never the logged hidden cards) and seeds, and every candidate is rolled out
from that same sample with the ``easy`` bot in every seat (the seat's own later moves too) to
the game's horizon, scored in the game's units from the seat's side. The move played is
candidate 0; a decision is a **mistake** only on evidence, the paired-gain rule of the bots
(:func:`engine.ai.base.paired_pick`): the best alternative's mean paired gain exceeds the
game's ``min_gain`` and :data:`MARGIN` standard errors. The expected loss is that mean gain.

Honest by construction: a decision's samples come from ``positions[i].view(seat)`` and a
generator seeded by ``(seed, i)`` alone, so re-dealing the cards the seat could not see
leaves every mark unchanged (tested).

Each game says what is game-specific in its own package, ``engine/games/<id>/analysis.py``,
exporting ``ANALYSIS``: a :class:`GameAnalysis` subclass (units, kinds of decision, moves in
words, candidates, rollout and score).

Latest measurement: see ``docs/analysis.md``.
"""

from __future__ import annotations

import importlib
import math
import random
from dataclasses import dataclass, field
from typing import Callable, Sequence

from engine.ai.base import Bot
from engine.ai.flat_mc import paired_flat_mc
from engine.ai.ismcts import action_words
from engine.core import CHANCE, Action, IllegalAction, State, View
from engine.gamelog import GameLog, LogReplayError, Replay, log_setup

__all__ = ["AnalysisError", "Decision", "GameAnalysis", "GameReport", "DEFAULT_BUDGET", "MARGIN",
           "analyse_log", "analyse_decision", "analyse_positions", "analysis_for", "decision_at"]

#: Samples (determinizations) per decision; every candidate is rolled out once per sample.
DEFAULT_BUDGET = 12
#: Standard errors of the paired difference the best alternative must clear (stricter than
#: the bots' 1.0 to 1.5: a mark accuses a player, and one game has many decisions).
MARGIN = 2.0
#: Largest budget the command line accepts (samples per decision).
MAX_BUDGET = 1000


class AnalysisError(ValueError):
    """A log that cannot be analysed (one sentence, naming the line or the seat)."""


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

    @property
    def reason(self) -> str:
        """The one-line verdict in plain words ("a mistake: -14.0 points expected; better:
        lay off 8♠ on m2")."""
        if self.mistake:
            sign = "+" if self.unit.startswith("penalty") else "-"  # penalty points: more is worse
            return f"a mistake: {sign}{self.loss:.1f} {self.unit} expected; better: {self.best}"
        if self.best and self.loss > 0:
            return f"fine: {self.best} scored {self.loss:.1f} {self.unit} more, not clearly"
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

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self._easy: Bot | None = None

    @property
    def easy(self) -> Bot:
        """The game's ``easy`` bot (the rollout policy and the first alternative)."""
        if self._easy is None:
            from engine.games import make_bot
            self._easy = make_bot(self.game_id, "easy")
        return self._easy

    # -- what a decision is ----------------------------------------------------
    def kind(self, view: View, action: Action) -> str:
        """The kind of decision ``action`` answers at ``view`` (one of :attr:`kinds`)."""
        return self.kinds[0]

    def words(self, view: View, action: Action) -> str:
        """``action`` in words a player reads (cards as ``7♥``)."""
        return action_words(str(action))

    def distinct(self, view: View, legal: Sequence[Action]) -> list[Action]:
        """One move per class of equivalent moves (default: every legal move)."""
        return list(legal)

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


def analysis_for(game_id: str) -> GameAnalysis:
    """The game's :class:`GameAnalysis` (``engine.games.<id>.analysis.ANALYSIS``).

    Raises:
        AnalysisError: if the game has no analysis module.
    """
    from engine.games import get_spec
    try:
        mod = importlib.import_module(get_spec(game_id).package + ".analysis")
    except ModuleNotFoundError:
        raise AnalysisError(f"no analysis for {game_id} yet") from None
    return mod.ANALYSIS


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
        (0: no clear mistake).
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
    return cands, found.scores, found.best


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


def analyse_log(log: GameLog, seat: int | None = None, budget: int = DEFAULT_BUDGET, seed: int | str = 0,
                progress: Callable[[int, int], None] | None = None) -> GameReport:
    """Analyse every real decision of ``seat`` in ``log`` (module docstring).

    Args:
        log: a read log (:func:`engine.gamelog.read_log`); its good prefix is analysed.
        seat: the seat; None: the first human seat, else seat 0.
        budget: samples per decision (1 to :data:`MAX_BUDGET`).
        seed: the analysis's seed (the same seed gives the same marks).
        progress: called as ``progress(done, total)`` after each decision (and once at 0).

    Returns:
        The :class:`GameReport`.

    Raises:
        AnalysisError: for a header that cannot be used, a log that stops replaying (naming
            its line), a seat the game does not have, a budget out of range.
    """
    try:
        setup = log_setup(log)
        replay = Replay(log)
    except LogReplayError as err:
        raise AnalysisError(f"line {err.line}: {err.reason}") from None
    if replay.error is not None:
        raise AnalysisError(f"line {replay.error.line}: {replay.error.reason}")
    n = len(setup.seats)
    if seat is None:
        seat = next((k for k, s in enumerate(setup.seats) if s.is_human), 0)
    if not 0 <= seat < n:
        raise AnalysisError(f"seat {seat} is not in this game: seats 0 to {n - 1}")
    if not 1 <= budget <= MAX_BUDGET:
        raise AnalysisError(f"budget {budget} is out of range: 1 to {MAX_BUDGET} samples per decision")
    return analyse_positions(setup.game.id, replay.positions, replay.actors, replay.notations, seat,
                             budget=budget, seed=seed, progress=progress, lines=replay.lines,
                             seat_name=setup.names[seat])


def analyse_positions(game_id: str, positions: Sequence[State], actors: Sequence[int | str],
                      notations: Sequence[str], seat: int, budget: int = DEFAULT_BUDGET, seed: int | str = 0,
                      progress: Callable[[int, int], None] | None = None, lines: Sequence[int] | None = None,
                      seat_name: str = "") -> GameReport:
    """:func:`analyse_log` on replayed positions: ``positions[i]`` is the state before action
    ``i``, played by ``actors[i]`` as ``notations[i]`` (a :class:`engine.gamelog.Replay`'s
    lists). Only ``positions[i].view(seat)`` is read at a decision of ``seat``, so positions
    whose hidden cards are re-dealt give the same report (the honesty test)."""
    ga = analysis_for(game_id)
    idx: list[int] = []
    forced = 0
    for i, actor in enumerate(actors):
        if actor != seat:
            continue
        view = positions[i].view(seat)
        if len(ga.distinct(view, view.legal_actions())) > 1:
            idx.append(i)
        else:
            forced += 1
    report = GameReport(game_id, seat, seat_name or f"seat {seat}", ga.unit, ga.kinds, forced=forced, budget=budget)
    if progress is not None:
        progress(0, len(idx))
    for done, i in enumerate(idx, 1):
        view = positions[i].view(seat)
        played = positions[i].game.parse_action(notations[i])
        report.decisions.append(decision_at(ga, view, played, budget, seed, i, lines[i] if lines else 0,
                                            view_hand_number(positions[i])))
        if progress is not None:
            progress(done, len(idx))
    return report


def view_hand_number(state: State) -> int:
    """The hand number (public: every seat knows which hand is being played)."""
    return state.hand_number


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
                    samples=len(scores[0]), mistake=best != 0, unit=ga.unit)
