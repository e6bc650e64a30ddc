"""Your deal, played by the bots (issue 28): the deal of a logged game replayed with a bot
level in one seat, the other seats as they were, the result beside the seat's own.

The same luck (:class:`LoggedChance`)
-------------------------------------

Each chance step of a replay is answered with the **log's own chance outcomes**, hand by
hand: at a chance step of hand ``h`` the next outcome logged in hand ``h`` that is possible
now (checked by the engine, ``State.apply`` on a copy) is used; outcomes that are no longer
possible are skipped, and when hand ``h``'s outcomes run out a generator seeded by
``(seed, replay)`` draws. So the deal (dealer, hands, up-card, runners) is exactly the logged
one, and later draws come in the logged order as long as the cards are still there: like the
arena's :class:`engine.arena.DuplicateChance`, a stacked deck (the k-th card turned is the
same card whoever turns it), taken from the log instead of a seeded order. A Nickels or
Nogginate round's new deal and a Noms hand's shuffle and cut are logged outcomes too.

The seats
---------

The analysed seat gets the bot ``level`` (``hard``, ``hard@500it``...). A seat that was a bot
in the log plays as that bot (its logged level). Another **human** seat cannot replay its
moves once play differs, so it is played by the game's hint level
(:meth:`engine.spec.GameSpec.hint_level_name`: ``medium`` at a fixed budget), the bot whose
advice the table gives. A replay plays as many hands as the log finished (the whole match
when the log has its result line).

Each replay ``t`` seeds its bots with ``(seed, t, seat)``, so replays differ by the bots'
choices and by draws past the logged ones; the mean over them is reported with a 95% interval
(Student's t).
"""

from __future__ import annotations

import math
import random
import statistics
from dataclasses import dataclass, field
from typing import Callable

from engine.ai.base import Bot, parse_level
from engine.chance import ChanceSource
from engine.core import CHANCE, Action, IllegalAction, State
from engine.gamelog import GameLog, LogReplayError, Replay, replay_whole
from engine.games import get_spec
from engine.sim import MAX_STEPS

__all__ = ["DealReplayError", "DealReplayResult", "LoggedChance", "replay_deal", "t_interval"]

#: Most replays the command line accepts.
MAX_TIMES = 100

#: Two-sided 95% quantiles of Student's t by degrees of freedom (beyond 30: 1.96).
_T95 = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26, 10: 2.23,
        11: 2.20, 12: 2.18, 13: 2.16, 14: 2.14, 15: 2.13, 16: 2.12, 17: 2.11, 18: 2.10, 19: 2.09,
        20: 2.09, 25: 2.06, 30: 2.04}


class DealReplayError(ValueError):
    """A deal that cannot be replayed (one sentence)."""


def t_interval(xs: list[float]) -> tuple[float, float, float]:
    """``(mean, low, high)``: the mean of ``xs`` and its 95% Student-t interval (infinite
    half-width for fewer than two values)."""
    m = statistics.fmean(xs)
    if len(xs) < 2:
        return m, -math.inf, math.inf
    df = len(xs) - 1
    q = _T95.get(df) or next((v for k, v in sorted(_T95.items()) if k >= df), 1.96)
    h = q * statistics.stdev(xs) / math.sqrt(len(xs))
    return m, m - h, m + h


class LoggedChance(ChanceSource):
    """Chance answered from a log's outcomes, hand by hand (module docstring).

    Args:
        outcomes: per hand number, the logged chance outcomes of that hand in order.
        seed: the fallback generator's seed.
    Attributes:
        logged, fallback: chance steps answered each way.
    """

    def __init__(self, outcomes: dict[int, list[Action]], seed: int | str) -> None:
        self._queues = {h: list(q) for h, q in outcomes.items()}
        self._rng = random.Random(seed)
        self.logged = 0
        self.fallback = 0

    def sample(self, state: State) -> Action:
        queue = self._queues.get(state.hand_number, [])
        while queue:
            a = queue.pop(0)
            try:
                state.clone().apply(a)
            except IllegalAction:
                continue
            self.logged += 1
            return a
        self.fallback += 1
        return state.sample_chance(self._rng)


@dataclass
class DealReplayResult:
    """What :func:`replay_deal` found.

    Attributes:
        seat, level: the seat and the bot level put in it.
        hands: hands played in each replay (as many as the log finished).
        yours: the seat's score in the log after those hands.
        scores: the seat's score in each replay.
        highest_wins: True when a higher score is better (False: Nickels' penalty points).
        others: what sat in the other seats (``"ai:hard"``, ``"human -> medium@16it"``).
        logged_steps, fallback_steps: chance steps answered from the log and drawn afresh.
    """

    seat: int
    level: str
    hands: int
    yours: float
    scores: list[float] = field(default_factory=list)
    highest_wins: bool = True
    others: list[str] = field(default_factory=list)
    logged_steps: int = 0
    fallback_steps: int = 0

    def summary(self, you: str = "you") -> str:
        """One line: "you scored 340; hard in your seat scored 515 on average over 8 replays
        [470, 560]" (with "lower is better" for a game where it is)."""
        mean, low, high = t_interval(self.scores)
        n = len(self.scores)
        iv = f" [{low:.0f}, {high:.0f}]" if math.isfinite(low) else ""
        better = "" if self.highest_wins else " (lower is better)"
        return (f"{you} scored {self.yours:.0f}; {self.level} in your seat scored {mean:.0f} on average over "
                f"{n} replay{'s' if n != 1 else ''}{iv}{better}")


def _outcomes_by_hand(replay: Replay) -> dict[int, list[Action]]:
    out: dict[int, list[Action]] = {}
    for i, actor in enumerate(replay.actors):
        if actor == "chance":
            pos = replay.positions[i]
            out.setdefault(pos.hand_number, []).append(pos.game.parse_action(replay.notations[i]))
    return out


def _hands_finished(replay: Replay) -> int:
    return sum(1 for evs in replay.events for e in evs if e.kind == "hand_over")


def replay_deal(log: GameLog, seat: int, level: str, times: int = 8, seed: int | str = 0,
                progress: Callable[[int, int], None] | None = None,
                bot_factory: Callable[[str, str], Bot] | None = None) -> DealReplayResult:
    """Replay ``log``'s deal ``times`` times with ``level`` in ``seat`` (module docstring).

    Args:
        log: a read log; its good prefix is used.
        seat: the seat to put the bot in.
        level: a level of the game, optionally with a budget (``hard@500it``).
        times: replays (1 to :data:`MAX_TIMES`).
        seed: the replays' seed.
        progress: ``progress(done, times)`` after each replay (and once at 0).
        bot_factory: ``(game_id, level) -> Bot``; default the registry's (tests pass cheap bots).

    Returns:
        A :class:`DealReplayResult`.

    Raises:
        DealReplayError: for a log that does not replay (naming the line), a seat or level the
            game does not have, a log with no finished hand, ``times`` out of range.
    """
    try:
        setup, replay = replay_whole(log)
    except LogReplayError as err:
        raise DealReplayError(f"line {err.line}: {err.reason}") from None
    game, n = setup.game, len(setup.seats)
    spec = get_spec(game.id)
    if not 0 <= seat < n:
        raise DealReplayError(f"seat {seat} is not in this game: seats 0 to {n - 1}")
    if not 1 <= times <= MAX_TIMES:
        raise DealReplayError(f"--times {times} is out of range: 1 to {MAX_TIMES}")
    try:
        base = parse_level(level)[0]
    except ValueError as err:
        raise DealReplayError(str(err)) from None
    if base not in spec.seat_levels():
        raise DealReplayError(f"no {level} bot for {game.id}; levels: {', '.join(spec.levels())}")
    hands = _hands_finished(replay)
    final = replay.positions[-1]
    if hands == 0 and not final.is_over:
        raise DealReplayError("the log has no finished hand to compare with; finish a hand first")
    stand_in = spec.hint_level_name()
    levels = [level if k == seat else (s.level or "random") if not s.is_human else stand_in
              for k, s in enumerate(setup.seats)]
    make = bot_factory or _registry_bot
    outcomes = _outcomes_by_hand(replay)
    result = DealReplayResult(seat, level, hands, float(final.scores()[seat]), highest_wins=game.highest_wins,
                              others=[f"{'human, played by ' if s.is_human else 'ai:'}{levels[k]}"
                                      for k, s in enumerate(setup.seats) if k != seat])
    if progress is not None:
        progress(0, times)
    for t in range(times):
        bots = [make(game.id, lv) for lv in levels]
        rngs = [random.Random(f"{seed}:{t}:{k}") for k in range(n)]
        chance = LoggedChance(outcomes, f"{seed}:{t}:chance")
        state = game.new_state(setup.variant, n)
        done = 0
        for _ in range(MAX_STEPS):
            mover = state.to_move
            if mover == CHANCE:
                events = state.apply(chance.sample(state))
            elif mover < 0:
                break
            else:
                view = state.view(mover)
                legal = view.legal_actions()
                action = bots[mover].choose(view, legal, rngs[mover])
                events = state.apply(action)
            done += sum(1 for e in events if e.kind == "hand_over")
            if not final.is_over and done >= hands:
                break
        result.scores.append(float(state.scores()[seat]))
        result.logged_steps += chance.logged
        result.fallback_steps += chance.fallback
        if progress is not None:
            progress(t + 1, times)
    return result


def _registry_bot(game_id: str, level: str) -> Bot:
    from engine.games import make_bot
    return make_bot(game_id, level)
