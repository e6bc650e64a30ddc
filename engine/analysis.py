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
from typing import Callable, Sequence

from engine.ai.analysis import (ANALYSIS_SUFFIX, DEFAULT_BUDGET, MARGIN, MAX_BUDGET, Decision, GameAnalysis,
                                GameReport, analyse_decision, candidates_of, decision_at, read_summary,
                                save_summary, summary_path)
from engine.core import State
from engine.gamelog import GameLog, LogReplayError, replay_whole

__all__ = ["ANALYSIS_SUFFIX", "AnalysisError", "DEFAULT_BUDGET", "Decision", "GameAnalysis", "GameReport", "MARGIN",
           "MAX_BUDGET", "analyse_decision", "analyse_log", "analyse_positions", "analysis_for", "candidates_of",
           "decision_at", "read_summary", "save_summary", "summary_path"]


class AnalysisError(ValueError):
    """A log that cannot be analysed (one sentence, naming the line or the seat)."""


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
        setup, replay = replay_whole(log)
    except LogReplayError as err:
        raise AnalysisError(f"line {err.line}: {err.reason}") from None
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


