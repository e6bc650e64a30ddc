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
(Student's t), in the game's unit (:attr:`engine.spec.GameSpec.score_unit`), and, when the log
has the match's result, how many replays the seat won beside whether it won.

The play loop is the arena's (:func:`engine.sim.play_out`): one loop for both, and a bot that
raises or answers an illegal move is given a random legal one and counted
(:attr:`DealReplayResult.illegal`), as in the arena.
"""

from __future__ import annotations

import math
import random
import statistics
from dataclasses import dataclass, field
from typing import Callable

from engine.ai.base import Bot, parse_level
from engine.chance import ChanceSource
from engine.core import Action, IllegalAction, State, View
from engine.gamelog import GameLog, LogReplayError, Replay, log_setup, replay_whole
from engine.games import get_spec
from engine.match import win_credit
from engine.sim import guarded_choice, play_out

__all__ = ["DealReplayCancelled", "DealReplayError", "DealReplayResult", "LoggedChance", "player_seat",
           "replay_deal", "t_interval"]

#: Most replays the command line accepts.
MAX_TIMES = 100

#: Two-sided 95% quantiles of Student's t by degrees of freedom (beyond 30: 1.96).
_T95 = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26, 10: 2.23,
        11: 2.20, 12: 2.18, 13: 2.16, 14: 2.14, 15: 2.13, 16: 2.12, 17: 2.11, 18: 2.10, 19: 2.09,
        20: 2.09, 25: 2.06, 30: 2.04}


class DealReplayError(ValueError):
    """A deal that cannot be replayed (one sentence)."""


class DealReplayCancelled(Exception):
    """:func:`replay_deal` stopped because its ``stop()`` said so (the app's Esc)."""


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
        yours: the seat's score in the log after those hands, in :attr:`unit`.
        scores: the seat's score in each replay.
        highest_wins: True when a higher score is better (False: Nickels' penalty points).
        unit: what a score counts (``GameSpec.score_unit``: ``"points"``, ``"penalty points"``).
        match_over: the log has the match's result, so wins can be compared.
        you_won: the seat's share of the log's win (1, 0, 1/k for a k-way tie; 0 when not over).
        wins: the seat's share of the win in each replay (empty when not :attr:`match_over`).
        others: what sat in the other seats (``"ai:hard"``, ``"human, played by medium@16it"``).
        logged_steps, fallback_steps: chance steps answered from the log and drawn afresh.
        illegal: moves a bot got wrong (raised, or not legal), replaced by a random legal move.
        choices: the seat's decisions with more than one legal move, over all replays (0: every
            move of the seat was forced, so the bot could only replay the game as it was).
    """

    seat: int
    level: str
    hands: int
    yours: float
    scores: list[float] = field(default_factory=list)
    highest_wins: bool = True
    unit: str = "points"
    match_over: bool = False
    you_won: float = 0.0
    wins: list[float] = field(default_factory=list)
    others: list[str] = field(default_factory=list)
    logged_steps: int = 0
    fallback_steps: int = 0
    illegal: int = 0
    choices: int = 0

    def interval(self) -> tuple[float, float, float]:
        """``(mean, low, high)`` of :attr:`scores` (:func:`t_interval`)."""
        return t_interval(self.scores)

    def summary(self, you: str = "you") -> str:
        """One line: "you scored 340 points; hard in your seat scored 515 points on average over 8
        replays [470, 560]" (with "lower is better" for a game where it is)."""
        mean, low, high = self.interval()
        n = len(self.scores)
        iv = f" [{_whole(low)}, {_whole(high)}]" if math.isfinite(low) else ""
        better = "" if self.highest_wins else " (lower is better)"
        return (f"{you} scored {self.yours:.0f} {self.unit}; {self.level} in your seat scored {mean:.0f} "
                f"{self.unit} on average over {n} replay{'s' if n != 1 else ''}{iv}{better}")

    def wins_text(self) -> str:
        """"hard won 5 of 8 replays; you won the match" ("" when the log has no result)."""
        if not self.match_over or not self.wins:
            return ""
        won = sum(self.wins)
        n = len(self.wins)
        count = f"{won:.0f}" if won == int(won) else f"{won:.1f}"
        yours = ("you won" if self.you_won == 1 else "you lost" if self.you_won == 0 else "you shared the win")
        return f"{self.level} won {count} of {n} replay{'s' if n != 1 else ''}; {yours}"


def player_seat(log: GameLog) -> tuple[int | None, str]:
    """The seat "your deal, played by the bots" replays in the app: the log's first human seat,
    when a bot sat at the table too; else ``(None, why)``, one sentence for the player.

    Raises:
        nothing: an unusable header is a ``why`` too.
    """
    try:
        setup = log_setup(log)
    except LogReplayError as err:
        return None, f"its log cannot be read (line {err.line}: {err.reason})."
    humans = [k for k, s in enumerate(setup.seats) if s.is_human]
    if not humans:
        return None, "every seat was a bot, so there is no deal of yours to compare."
    if len(humans) == len(setup.seats):
        return None, ("it needs a game against bots; every seat here was a person (the other seats "
                      "would have no bot to keep).")
    return humans[0], ""


def _whole(x: float) -> str:
    """``x`` to a whole number, never ``-0``."""
    text = f"{x:.0f}"
    return "0" if text == "-0" else text


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
                bot_factory: Callable[[str, str], Bot] | None = None,
                stop: Callable[[], bool] | None = None) -> DealReplayResult:
    """Replay ``log``'s deal ``times`` times with ``level`` in ``seat`` (module docstring).

    Args:
        log: a read log; its good prefix is used.
        seat: the seat to put the bot in.
        level: a level of the game, optionally with a budget (``hard@500it``).
        times: replays (1 to :data:`MAX_TIMES`).
        seed: the replays' seed.
        progress: ``progress(done, total)`` in hands played over all replays (``total`` is
            ``times`` x the hands of one replay), at 0, at each new hand and after each replay.
        bot_factory: ``(game_id, level) -> Bot``; default the registry's (tests pass cheap bots).
        stop: asked before every decision; True stops the replays (the app's Esc).

    Returns:
        A :class:`DealReplayResult`.

    Raises:
        DealReplayError: for a log that does not replay (naming the line), a seat or level the
            game does not have, a log with no finished hand, ``times`` out of range.
        DealReplayCancelled: when ``stop()`` said so.
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
    teams = game.teams(n, setup.variant)
    result = DealReplayResult(seat, level, hands, float(final.scores()[seat]), highest_wins=game.highest_wins,
                              unit=spec.score_unit, match_over=final.is_over,
                              you_won=win_credit(final.winners(), n, teams)[seat] if final.is_over else 0.0,
                              others=[f"{'human, played by ' if s.is_human else 'ai:'}{levels[k]}"
                                      for k, s in enumerate(setup.seats) if k != seat])
    per = max(hands, 1)
    total = times * per
    if progress is not None:
        progress(0, total)
    for t in range(times):
        bots = [make(game.id, lv) for lv in levels]
        rngs = [random.Random(f"{seed}:{t}:{k}") for k in range(n)]
        fix_rng = random.Random(f"{seed}:{t}:illegal")
        chance = LoggedChance(outcomes, f"{seed}:{t}:chance")
        state = game.new_state(setup.variant, n)
        shown = [0]

        def choose(mover: int, view: View, legal: list[Action]) -> Action:
            if stop is not None and stop():
                raise DealReplayCancelled()
            if progress is not None and min(state.hand_number, per) != shown[0]:
                shown[0] = min(state.hand_number, per)
                progress(t * per + shown[0], total)
            action, _, wrong = guarded_choice(bots[mover], view, legal, rngs[mover], fix_rng)
            result.illegal += wrong
            result.choices += mover == seat and len(legal) > 1
            return action

        _, winners = play_out(state, chance, choose, None if final.is_over else hands)
        result.scores.append(float(state.scores()[seat]))
        if final.is_over:
            result.wins.append(win_credit(winners, n, teams)[seat])
        result.logged_steps += chance.logged
        result.fallback_steps += chance.fallback
        if progress is not None:
            progress((t + 1) * per, total)
    return result


def _registry_bot(game_id: str, level: str) -> Bot:
    from engine.games import make_bot
    return make_bot(game_id, level)
