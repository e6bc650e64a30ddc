"""Headless bot-only matches and their statistics (``cardtable sim``).

:func:`run_sim` plays ``games`` whole matches between bots with fixed seats
and reports per seat the wins (a tie shares the win: each of k winners gets
1/k, NA-21), the win rate with a Wilson 95% interval and the mean match score.

Reproducibility: game ``g`` of a run with ``seed`` draws every chance outcome
(the dealer, NA-6a; the runners, NA-5; the deal, NA-6; every turned card,
NA-11) from ``random.Random(f"{seed}:{g}")`` and seat ``i``'s bot decides with
``random.Random(f"{seed}:{g}:{i}")``. So the same arguments always give the
same games, and one game can be replayed on its own.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from engine.ai.base import Bot
from engine.chance import ChanceSource
from engine.games import make_bot
from engine.core import CHANCE, Action, State, View
from engine.games import get_game
from engine.match import match_winners, win_credit
from engine.seats import SeatSpec

#: Safety net: a match that needs more steps than this is a bug, not a long game.
MAX_STEPS = 1_000_000


class SimError(ValueError):
    """A simulation that cannot run (a human seat, a bad seat count, an unknown level)."""


def wilson_interval(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion.

    Args:
        successes: number of successes (may be fractional: shared wins count 1/k).
        n: number of trials (games); 0 gives ``(0.0, 1.0)``.
        z: the normal quantile (1.96 for 95%).

    Returns:
        ``(lo, hi)``, both in ``[0, 1]``.

    Raises:
        ValueError: if ``n < 0`` or ``successes`` is outside ``0..n``.
    """
    if n < 0 or successes < 0 or successes > n:
        raise ValueError(f"need 0 <= successes <= n, got {successes} of {n}")
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class SimResult:
    """The outcome of :func:`run_sim`.

    Attributes:
        game_id, variant, seats, games, seed: the arguments.
        wins: per seat, wins with shared wins counted 1/k (k winning players or partnerships).
        outright: per seat, games won alone.
        ties: per seat, games whose win it shared (a drawn game, a tie on points).
        score_sums: per seat, the sum of match scores (points).
        actions: player decisions made (all seats, all games).
        chance_steps: chance outcomes applied (deals, runners, turned cards...).
        logs: the log files written (empty without ``log_dir``).
    """

    game_id: str
    variant: Any
    seats: list[SeatSpec]
    games: int
    seed: int
    wins: list[float] = field(default_factory=list)
    outright: list[int] = field(default_factory=list)
    ties: list[int] = field(default_factory=list)
    score_sums: list[float] = field(default_factory=list)
    actions: int = 0
    chance_steps: int = 0
    logs: list[Path] = field(default_factory=list)

    @property
    def rows(self) -> list[dict[str, Any]]:
        """One dict per seat: ``seat``, ``spec`` (text), ``games``, ``wins``,
        ``win_rate``, ``win_rate_ci`` (Wilson 95% ``(lo, hi)``), ``outright``
        (games won alone), ``ties`` (games whose win was shared), ``mean_score`` (points)."""
        out = []
        for i, spec in enumerate(self.seats):
            w = self.wins[i]
            out.append({
                "seat": i,
                "spec": str(spec),
                "games": self.games,
                "wins": w,
                "win_rate": w / self.games if self.games else 0.0,
                "win_rate_ci": wilson_interval(w, self.games),
                "outright": self.outright[i],
                "ties": self.ties[i],
                "mean_score": self.score_sums[i] / self.games if self.games else 0.0,
            })
        return out

    def table(self) -> str:
        """The rows as a plain-text table (for the CLI and the benchmark)."""
        lines = [f"{'seat':>4}  {'spec':<16} {'games':>6} {'wins':>8} {'win rate':>8}  {'95% CI':<15} {'mean':>7}"]
        for r in self.rows:
            lo, hi = r["win_rate_ci"]
            lines.append(f"{r['seat']:>4}  {r['spec']:<16} {r['games']:>6} {r['wins']:>8.1f} "
                         f"{r['win_rate']:>8.3f}  [{lo:.3f}, {hi:.3f}] {r['mean_score']:>7.2f}")
        return "\n".join(lines)


def play_game(state: State, bots: list[Bot], chance_rng: random.Random, bot_rngs: list[random.Random],
              on_action: Callable[[Any, Any], None] | None = None) -> tuple[int, int]:
    """Play ``state`` to the end of the match with bots.

    Each bot receives only ``state.view(seat)`` and that view's legal actions.
    ``on_action(actor, action)`` is called after each applied step (``actor`` is
    a seat or ``"chance"``) and before the next, so a logger sees every step.

    Returns:
        ``(decisions, chance_steps)`` made.

    Raises:
        RuntimeError: if the match is not over after :data:`MAX_STEPS` steps.
    """
    decisions = chances = 0
    for _ in range(MAX_STEPS):
        mover = state.to_move
        if mover == CHANCE:
            action = state.sample_chance(chance_rng)
            actor: Any = "chance"
            chances += 1
            state.apply_trusted(action)  # drawn from this state by sample_chance
        elif mover < 0:
            return decisions, chances
        else:
            view = state.view(mover)
            action = bots[mover].choose(view, view.legal_actions(), bot_rngs[mover])
            actor = mover
            decisions += 1
            state.apply(action)  # checked: a bot's choice, which the sim does not look up in the list
        if on_action is not None:
            on_action(actor, action)
    raise RuntimeError(f"match not over after {MAX_STEPS} steps")


#: ``choose(seat, view, legal) -> action``: a decision of :func:`play_out`; it must return an
#: element of ``legal`` (:func:`guarded_choice` makes sure of it).
Chooser = Callable[[int, View, list[Action]], Action]


def guarded_choice(bot: Bot, view: View, legal: list[Action], rng: random.Random,
                   fix_rng: random.Random) -> tuple[Action, float, bool]:
    """``bot``'s choice with the time it took, made safe: a bot that raises or answers a move not
    in ``legal`` is given a random legal move from ``fix_rng`` (an illegal move, not a crashed run).

    Returns:
        ``(action, seconds in bot.choose, illegal)``; ``action`` is an element of ``legal``.
    """
    t0 = time.perf_counter()
    try:
        action: Action | None = bot.choose(view, legal, rng)
    except Exception:  # noqa: BLE001 - a crashing bot is an illegal move, not a crashed run
        action = None
    spent = time.perf_counter() - t0
    if action not in legal:
        return legal[int(fix_rng.random() * len(legal))], spent, True
    assert action is not None
    return action, spent, False


def step_result(state: State, events: list, hands_seen: int, hands: int | None
                ) -> tuple[int, tuple[list[float], list[int]] | None]:
    """``(hands_seen, result)`` after a step of :func:`play_out`: ``result`` is ``(scores, winners)``
    once the game is over, or once ``hands`` hands are (``hands`` None: the whole game), else None.
    A partial run's scores are the last ``hand_over`` event's ``scores`` and its winners that
    hand's best by the game's own measure (``Game.highest_wins``: the fewest penalty points in
    Nickels, NK-22)."""
    if state.is_over:
        return hands_seen, (list(state.scores()), list(state.winners()))
    for e in events:
        if e.kind == "hand_over":
            hands_seen += 1
            if hands is not None and hands_seen >= hands:
                scores = [float(x) for x in e.data.get("scores", state.scores())]
                return hands_seen, (scores, match_winners(scores, highest_wins=state.game.highest_wins))
    return hands_seen, None


def play_out(state: State, chance: ChanceSource, choose: Chooser, hands: int | None = None
             ) -> tuple[list[float], list[int]]:
    """Play ``state`` on, in place, to the end of the game or of its first ``hands`` hands: the
    one play loop of the arena's rotations (:func:`engine.arena.play_deal`) and the deal replay
    (:func:`engine.deal_replay.replay_deal`).

    Chance steps are answered by ``chance.sample`` (and ``chance.decision_made()`` is called after
    every decision); a seat to move gets ``choose(seat, view, legal)`` with its own view only, and
    the move, an element of ``legal``, is applied unchecked.

    Returns:
        ``(scores, winners)`` as :func:`step_result` gives them (the state's own at the end).

    Raises:
        RuntimeError: if the game is not over after :data:`MAX_STEPS` steps; whatever ``choose``
            raises (a deal replay's cancel).
    """
    hands_seen = 0
    for _ in range(MAX_STEPS):
        mover = state.to_move
        if mover == CHANCE:
            events = state.apply(chance.sample(state))
        elif mover < 0:
            return list(state.scores()), list(state.winners())
        else:
            view = state.view(mover)
            action = choose(mover, view, view.legal_actions())
            chance.decision_made()
            events = state.apply_trusted(action)  # an element of ``legal`` (the chooser's contract)
        hands_seen, result = step_result(state, events, hands_seen, hands)
        if result is not None:
            return result
    raise RuntimeError(f"game not over after {MAX_STEPS} steps")


def run_sim(game_id: str, variant: Any, seats: list[SeatSpec], games: int, seed: int,
            log_dir: Path | None = None, progress: Callable[[int], None] | None = None) -> SimResult:
    """Play ``games`` bot-only matches and collect per-seat statistics.

    Args:
        game_id: a game id (``"nags"``).
        variant: the game's variant object, or None for the default rules.
        seats: one :class:`SeatSpec` per seat, all ``ai:LEVEL``; seats stay fixed
            (the first dealer is random per game, NA-6a).
        games: number of matches (>= 1).
        seed: base seed (see the module docstring).
        log_dir: if given, one JSON-lines log per match is written there
            (``game-00000.jsonl`` ...) with :class:`engine.gamelog.LogWriter`.
        progress: called with the number of matches finished after each one.

    Returns:
        a :class:`SimResult`.

    Raises:
        SimError: for a human seat, a seat count the game does not allow, an
            unknown bot level or ``games < 1`` (one sentence each).
        engine.games.UnknownGame: for an unknown game id.
    """
    game = get_game(game_id)
    if variant is None:
        variant = game.variant_class()
    if games < 1:
        raise SimError("a simulation needs at least one game")
    err = game.seat_range_error(len(seats), variant)
    if err:
        raise SimError(err)
    for i, spec in enumerate(seats):
        if spec.is_human:
            raise SimError(f"seat {i} is a human; a simulation seats only bots (ai:LEVEL)")
    try:
        bots = [make_bot(game_id, spec.level or "random") for spec in seats]
    except ValueError as e:
        raise SimError(str(e)) from None
    n = len(seats)
    result = SimResult(game_id, variant, list(seats), games, seed, [0.0] * n, [0] * n, [0] * n, [0.0] * n)
    if log_dir is not None:
        log_dir = Path(log_dir)
        log_dir.mkdir(parents=True, exist_ok=True)
    for g in range(games):
        state = game.new_state(variant, n)
        chance_rng = random.Random(f"{seed}:{g}")
        bot_rngs = [random.Random(f"{seed}:{g}:{i}") for i in range(n)]
        if log_dir is None:
            d, c = play_game(state, bots, chance_rng, bot_rngs)
        else:
            path = log_dir / f"game-{g:05d}.jsonl"
            path.unlink(missing_ok=True)  # a re-run into the same folder replaces its logs
            state, d, c = _play_logged(game_id, variant, seats, f"{seed}:{g}", path)
            result.logs.append(path)
        result.actions += d
        result.chance_steps += c
        winners = state.winners()
        credit = win_credit(winners, n, game.teams(n, variant))
        for w in winners:
            result.wins[w] += credit[w]
            if credit[w] == 1:
                result.outright[w] += 1
            else:
                result.ties[w] += 1
        for i, s in enumerate(state.scores()):
            result.score_sums[i] += s
        if progress is not None:
            progress(g + 1)
    return result


def _play_logged(game_id: str, variant: Any, seats: list[SeatSpec], seed_text: str,
                 path: Path) -> tuple[State, int, int]:
    """Play one match through a logging :class:`engine.session.Session`; its
    generators are seeded as :func:`run_sim`'s (``seed_text`` and
    ``f"{seed_text}:{seat}"``), so the match is the one an unlogged run plays.

    Returns:
        ``(final state, decisions, chance_steps)``.
    """
    from engine.session import Session  # imported late: only logging runs need it

    with Session(game_id, variant, seats, seed=seed_text, log_path=path) as session:
        session.advance()
        while not session.is_over:
            session.act(session.bot_choose())
        chances = sum(1 for actor, _ in session.history if actor == "chance")
        return session.state, len(session.history) - chances, chances
