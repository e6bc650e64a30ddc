"""Duplicate bot-versus-bot matches with paired statistics (``cardtable arena``).

A **deal** is one whole game: a game (or match, NA-21) of Nags, a Noms game
to 101 (NO-22), a game (or match, SM-17) of Spite & Malice. With ``hands=k``
each game stops after its first ``k`` hands (``hand_over`` events; the
scores and winners of those hands count), which for Noms measures play hand
by hand at a twelfth of the cost. With ``n`` seat specs, deal ``d`` is played
``n`` times, once per **rotation** ``r = 0..n-1``; in rotation ``r`` spec ``k``
sits at seat ``(k + r) mod n``. Every rotation of a deal gets the same luck
(see below), so the cards stay with the seats and the bots move round them:
each spec meets every seat's cards once per deal and luck largely cancels out.
None of the three games has fixed partnerships (Noms' partner is named by a
called card each hand), so there are no partnerships to swap.

How much luck is shared (:class:`DuplicateChance`)
--------------------------------------------------

Chance is explicit in this engine (``docs/engine.md``): the arena answers every
chance step itself.

1. **Everything before the first player decision is identical.** Until a bot
   has acted, the state of every rotation is the same, so the chance steps are
   answered by ``state.sample_chance`` from one generator seeded only by
   ``(seed, d)``: the same dealer seat (NA-6a, NO-2), the same runners (NA-5),
   the same hands to the same seats (NA-6, NO-4..NO-6 shuffle and cut, SM-5
   stock decks, SM-6 re-deals). The state after the deal has the same
   fingerprint in every rotation, so the first player (NA-7 lowest card, NO-8
   left of the dealer, SM-6 higher stock card) is the same seat too. These
   outcomes have exactly the game's own distribution.
2. **The draw pile is a stacked deck.** A later draw from the face-down draw
   pile (Nags ``reveal``, NA-11; Spite & Malice ``draw``, SM-7/SM-11/SM-14)
   takes the first card(s) of a pre-shuffled order of the whole pack, seeded by
   ``(seed, d, pass)``, that are still in the draw pile (the engine's unordered
   pool). While the pool only shrinks by these draws, the pile behaves like a
   physical deck stacked the same way in every rotation: the k-th card turned
   is the same card in every rotation, whoever turns it and whenever. When
   cards come back into the pool (S&M's removed pile becoming the draw deck,
   SM-14; Nags ``shuffle_on_recycle``, NA-15) a new *pass* starts over a fresh
   order ``(seed, d, pass + 1)``; identical recycled piles then again give
   identical draws, different ones give what the order says of them. The
   order is independent of the deal and of the bots, and the first pool card
   of a uniformly shuffled order is a uniform draw from the pool, so the games
   keep their distribution exactly.
3. **Anything else** (a chance step of a later hand, a game without an
   adapter) is drawn with ``state.sample_chance`` from a generator seeded by
   ``(seed, d, "fallback")``: reproducible, but shared only by coincidence.
   :attr:`ArenaResult.chance` counts the steps answered each way.

Statistics
----------

Per distinct seat spec (specs that repeat, such as three ``ai:random`` seats,
are pooled): seat-games, wins (a win shared by k players or partnerships
counts 1/k to each, NA-21; partners each get their team's share,
:func:`engine.match.win_credit`) with a Wilson 95% interval over the independent results
(partners' one shared result counted once), the mean score per seat-game, the
**paired** per-deal score difference against the baseline (the first *other*
spec; for the first spec, the second), and the decision time of
``bot.choose`` (median, p99, max, in ms). The paired difference of deal ``d``
is the spec's mean score over all its seat-games in the deal's rotations minus
the baseline's; both specs sit in every seat with the same cards, so it is a
same-seat comparison. Its interval is mean +- 1.96 sd / sqrt(deals).

Reproducibility: the same arguments give the same games and numbers (except
timings), whatever ``jobs`` is: deals are played in worker processes but
assembled in deal order, and each game's generators depend only on
``(seed, d, r)``. Bot ``k`` of rotation ``r`` decides with
``random.Random(f"{seed}:{d}:{r}:{k}")``.
"""

from __future__ import annotations

import json
import math
import os
import random
import statistics
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

from engine.ai.base import Bot
from engine.chance import ChanceSource
from engine.core import Action, State, shuffled
from engine.games import get_game, get_spec, make_bot
from engine.seats import SeatSpec
from engine.match import win_credit
from engine.sim import SimError, guarded_choice, play_out, wilson_interval

__all__ = ["ArenaError", "ArenaResult", "DealRecord", "DuplicateChance", "SpecStats", "play_deal",
           "rotation_seats", "run_arena", "summarize"]


class ArenaError(SimError):
    """An arena that cannot run (a human seat, a bad seat count, an unknown level, no deals)."""


# ---------------------------------------------------------------------------
# Duplicate chance
# ---------------------------------------------------------------------------

class DuplicateChance(ChanceSource):
    """Answers the chance steps of one rotation of deal ``deal`` so that every
    rotation of the deal gets the same luck (see the module docstring).

    Make one per game (per rotation) with the same ``(seed, deal)`` for every
    rotation; call :meth:`sample` at each chance step and :meth:`decision_made`
    after every player decision.

    Attributes:
        prefix_steps: chance steps answered before the first decision (shared exactly).
        ordered_steps: draws answered from the pre-shuffled order (shared as a stacked deck).
        fallback_steps: chance steps drawn from the fallback generator.
        passes: orders started for draws (1 + the recycles seen).
        taken: ``(pass, card)`` for every card taken from an order, in the order taken
            (a ``Draw`` action sorts its cards, so this is the stacked sequence itself).
    """

    def __init__(self, seed: int | str, deal: int) -> None:
        self.seed = seed
        self.deal = deal
        self._prefix_rng = random.Random(f"{seed}:{deal}")
        self._fallback_rng = random.Random(f"{seed}:{deal}:fallback")
        self._in_prefix = True
        self._pass = -1
        self._order: list[Any] = []
        self._used: list[bool] = []
        self._remaining: Counter = Counter()
        self.prefix_steps = 0
        self.ordered_steps = 0
        self.fallback_steps = 0
        self.taken: list[tuple[int, Any]] = []
        self._others: dict[str, DuplicateChance] = {}

    @property
    def passes(self) -> int:
        """Orders started for draws so far (0 before the first draw after the prefix)."""
        return self._pass + 1

    def decision_made(self) -> None:
        """A player has acted: the rotations' states may differ from now on."""
        self._in_prefix = False

    def sample(self, state: State) -> Action:
        """The outcome of ``state``'s chance step (``state.to_move == CHANCE``).

        Raises:
            engine.core.IllegalAction: if ``state`` is not at a chance step.
        """
        if self._in_prefix:
            self.prefix_steps += 1
            return state.sample_chance(self._prefix_rng)
        action = self._draw_step(state)
        if action is not None:
            self.ordered_steps += 1
            return action
        self.fallback_steps += 1
        return state.sample_chance(self._fallback_rng)

    # -- the stacked draw pile ------------------------------------------------
    def _draw_step(self, state: State) -> Action | None:
        """A draw from the face-down draw pile answered from the order (the game's
        ``GameSpec.draw_step`` hook), or None if this step is not such a draw (the
        caller falls back)."""
        hook = get_spec(state.game.id).draw_step
        return None if hook is None else hook(state, self.take)

    def take(self, pool: Sequence[Any], k: int, universe: Sequence[Any], new_pass: bool = False,
             stack: str = "") -> list[Any]:
        """The first ``k`` cards of the current order that are still in ``pool``
        (a multiset), starting a new pass when ``pool`` has gained cards since
        the pass began (or when ``new_pass``).

        Args:
            pool: the cards of the face-down draw pile (any order; faces may repeat).
            k: cards to take, ``0 <= k <= len(pool)``.
            universe: the whole pack of the game (every card the pool can hold).
            stack: a name for a second face-down pile with its own order (Nogginate's cheat
                stock, ``"cheat"``); ``""`` is the game's draw pile.

        Returns:
            ``k`` cards of ``pool``, in the order's order.
        """
        if stack:
            return self._other(stack).take(pool, k, universe, new_pass)
        have = Counter(pool)
        if new_pass or self._pass < 0 or have - self._remaining:
            self._start_pass(have, universe)
        out: list[Any] = []
        seen: Counter = Counter()
        for i, card in enumerate(self._order):
            if len(out) == k:
                break
            if self._used[i]:
                continue
            if seen[card] < have[card]:  # the pool's copies of a face are its first unused positions
                seen[card] += 1
                self._used[i] = True
                out.append(card)
        if len(out) < k:  # cannot happen while pool is within the universe; be safe
            extra = list((have - Counter(out)).elements())
            out += extra[:k - len(out)]
        self._remaining -= Counter(out)
        self.taken += [(self._pass, c) for c in out]
        return out

    def _other(self, stack: str) -> "DuplicateChance":
        """The stacked order of the named second pile (its own passes, seeded by the stack's name)."""
        if stack not in self._others:
            self._others[stack] = DuplicateChance(f"{self.seed}:{stack}", self.deal)
        return self._others[stack]

    def _start_pass(self, pool: Counter, universe: Sequence[Any]) -> None:
        """Begin pass ``self.passes``: a fresh order of ``universe`` seeded by ``(seed, deal, pass)``."""
        self._pass += 1
        rng = random.Random(f"{self.seed}:{self.deal}:draw:{self._pass}")
        self._order = shuffled(rng, sorted(universe))
        self._used = [False] * len(self._order)
        self._remaining = Counter(pool)


# ---------------------------------------------------------------------------
# Playing one deal
# ---------------------------------------------------------------------------

def rotation_seats(n: int, r: int) -> list[int]:
    """For rotation ``r`` of ``n`` seats: ``seats[k]`` is the seat of spec ``k``, ``(k + r) mod n``."""
    return [(k + r) % n for k in range(n)]


@dataclass
class DealRecord:
    """One deal, all its rotations (picklable; what a worker process returns).

    Attributes:
        deal: the deal number.
        scores: ``scores[r][k]``: the score (points) of spec index ``k`` in rotation ``r``.
        wins: ``wins[r][k]``: the win credit of spec index ``k`` in rotation ``r`` (1/k for a shared win).
        times: ``times[k]``: ``bot.choose`` times of spec index ``k`` in seconds, all rotations.
        illegal: illegal moves (an action not among the legal ones, or an exception in ``choose``).
        chance: ``[prefix, ordered, fallback]`` chance steps over the rotations.
        fingerprints: per rotation, the state fingerprint right after the first chance prefix.
    """

    deal: int
    scores: list[list[float]]
    wins: list[list[float]]
    times: list[list[float]]
    illegal: int
    chance: list[int]
    fingerprints: list[str] = field(default_factory=list)


def play_deal(game_id: str, variant: Any, specs: Sequence[SeatSpec], seed: int, deal: int,
              bot_factory: Callable[[str, str], Bot] = make_bot, hands: int | None = None) -> DealRecord:
    """Play every rotation of deal ``deal`` (a whole game each, or its first
    ``hands`` hands) with duplicate chance.

    Args:
        game_id, variant: the game and its rules (variant None: the default rules).
        specs: one ``ai:LEVEL`` spec per seat; spec ``k`` sits at ``(k + r) mod n`` in rotation ``r``.
        seed: the run's seed.
        deal: the deal number.
        bot_factory: ``(game_id, level) -> Bot`` (tests pass fakes); a fresh bot per spec and rotation.
        hands: stop each rotation after this many hands (scores and winners of
            those hands); None plays the whole game (match).

    Returns:
        the :class:`DealRecord`.

    Raises:
        RuntimeError: if a hand does not end within :data:`engine.sim.MAX_STEPS` steps.
    """
    game = get_game(game_id)
    if variant is None:
        variant = game.variant_class()
    n = len(specs)
    scores: list[list[float]] = []
    wins: list[list[float]] = []
    times: list[list[float]] = [[] for _ in range(n)]
    illegal = 0
    chance_counts = [0, 0, 0]
    fingerprints: list[str] = []
    for r in range(n):
        seat_of = rotation_seats(n, r)
        spec_at = {seat: k for k, seat in enumerate(seat_of)}
        bots = [bot_factory(game_id, specs[k].level or "random") for k in range(n)]
        bot_rngs = [random.Random(f"{seed}:{deal}:{r}:{k}") for k in range(n)]
        fix_rng = random.Random(f"{seed}:{deal}:{r}:illegal")
        chance = DuplicateChance(seed, deal)
        state = game.new_state(variant, n)

        def choose(mover: int, view: Any, legal: list[Action]) -> Action:
            nonlocal illegal
            if len(fingerprints) == r:  # the first decision: the shared prefix is over
                fingerprints.append(state.fingerprint())
            k = spec_at[mover]
            action, spent, wrong = guarded_choice(bots[k], view, legal, bot_rngs[k], fix_rng)
            times[k].append(spent)
            illegal += wrong
            return action

        try:
            result = play_out(state, chance, choose, hands)
        except RuntimeError as err:
            raise RuntimeError(f"deal {deal} rotation {r}: {err}") from None
        hand_scores, winners = result
        scores.append([float(hand_scores[seat_of[k]]) for k in range(n)])
        credit = win_credit(winners, n, game.teams(n, variant))
        wins.append([credit[seat_of[k]] for k in range(n)])
        chance_counts[0] += chance.prefix_steps
        chance_counts[1] += chance.ordered_steps
        chance_counts[2] += chance.fallback_steps
    return DealRecord(deal, scores, wins, times, illegal, chance_counts, fingerprints)


def _play_deals(args: tuple) -> list[DealRecord]:
    """Worker: play a list of deals (top level so it pickles)."""
    game_id, variant, specs, seed, deals, hands = args
    return [play_deal(game_id, variant, specs, seed, d, hands=hands) for d in deals]


# ---------------------------------------------------------------------------
# Statistics
# ---------------------------------------------------------------------------

def _mean_ci(xs: Sequence[float]) -> tuple[float | None, list[float] | None]:
    """Mean and its normal 95% interval, mean +- 1.96 sd/sqrt(n) (None if n < 2 for the interval)."""
    if not xs:
        return None, None
    m = statistics.fmean(xs)
    if len(xs) < 2:
        return m, None
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))
    return m, [m - half, m + half]


def _percentile(sorted_xs: Sequence[float], q: float) -> float:
    """Nearest-rank percentile ``q`` (0..100) of an ascending list."""
    if not sorted_xs:
        return 0.0
    i = max(0, math.ceil(q / 100 * len(sorted_xs)) - 1)
    return sorted_xs[min(i, len(sorted_xs) - 1)]


@dataclass
class SpecStats:
    """The statistics of one distinct seat spec.

    Attributes:
        spec: the spec text (``ai:easy``).
        seats: how many of the seats it fills.
        games: seat-games played (deals x rotations x seats).
        wins: win credit (a win shared by k teams counts 1/k; partners each get their team's share).
        results: the independent results behind ``win_rate``: per deal and rotation, one per
            team the spec plays in (partners share one result; ``games`` without partnerships).
        team_wins: the win credit of those results (each team's once).
        win_rate, win_rate_ci: ``team_wins / results`` (``wins / games`` when partners are alike)
            and its Wilson 95% interval over ``results``: counting both partners' identical
            results as two games would narrow the interval by about 1/sqrt(2).
        mean_score: mean score per seat-game (the game's points).
        baseline: the spec the paired difference is taken against (None with one distinct spec).
        paired_diff, paired_diff_ci: mean per-deal score difference to ``baseline`` (points)
            and its 95% interval (None when undefined).
        decision_ms: ``{"median", "p99", "max", "count"}`` of ``bot.choose`` times in milliseconds.
    """

    spec: str
    seats: int
    games: int
    wins: float
    win_rate: float
    win_rate_ci: list[float]
    mean_score: float
    baseline: str | None
    paired_diff: float | None
    paired_diff_ci: list[float] | None
    decision_ms: dict[str, float]
    results: int = 0
    team_wins: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        return {"spec": self.spec, "seats": self.seats, "games": self.games, "wins": self.wins,
                "results": self.results, "team_wins": self.team_wins,
                "win_rate": self.win_rate, "win_rate_ci": list(self.win_rate_ci), "mean_score": self.mean_score,
                "baseline": self.baseline, "paired_diff": self.paired_diff,
                "paired_diff_ci": None if self.paired_diff_ci is None else list(self.paired_diff_ci),
                "decision_ms": dict(self.decision_ms)}


@dataclass
class ArenaResult:
    """The outcome of :func:`run_arena`.

    Attributes:
        game_id, variant, specs, deals, seed, hands: the arguments (``hands`` None: whole games).
        records: one :class:`DealRecord` per deal, in deal order.
        illegal_moves: illegal moves over all games.
        chance: ``{"prefix", "ordered", "fallback"}`` chance steps (how the luck was shared).
        seats: one :class:`SpecStats` per distinct spec, in order of first seat.
    """

    game_id: str
    variant: Any
    specs: list[SeatSpec]
    deals: int
    seed: int
    records: list[DealRecord]
    hands: int | None = None
    illegal_moves: int = 0
    chance: dict[str, int] = field(default_factory=dict)
    seats: list[SpecStats] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        """The JSON document of ``--json``: ``game``, ``deals``, ``seed``, ``hands`` (null: whole
        games), ``rotations``, ``teams`` (the partnerships at the table: a fair share of the
        wins is ``1/teams``), ``illegal_moves``, ``chance`` and ``seats`` (one
        :meth:`SpecStats.as_dict` per distinct spec)."""
        return {"game": self.game_id, "deals": self.deals, "seed": self.seed, "hands": self.hands,
                "rotations": len(self.specs),
                "teams": len(get_game(self.game_id).teams(len(self.specs), self.variant)),
                "seat_specs": [str(s) for s in self.specs], "illegal_moves": self.illegal_moves,
                "chance": dict(self.chance), "seats": [s.as_dict() for s in self.seats]}

    def write_json(self, path: Path) -> None:
        """Write :meth:`as_dict` to ``path`` (UTF-8, indented).

        Raises:
            OSError: if the file cannot be written.
        """
        Path(path).write_text(json.dumps(self.as_dict(), indent=2) + "\n", encoding="utf-8")


def summarize(game_id: str, variant: Any, specs: Sequence[SeatSpec], seed: int,
              records: Sequence[DealRecord], hands: int | None = None) -> ArenaResult:
    """Pool the deal records into per-spec statistics (see the module docstring)."""
    names = [str(s) for s in specs]
    distinct = list(dict.fromkeys(names))
    idx = {name: [k for k, nm in enumerate(names) if nm == name] for name in distinct}
    res = ArenaResult(game_id, variant, list(specs), len(records), seed, list(records), hands)
    res.illegal_moves = sum(rec.illegal for rec in records)
    res.chance = {key: sum(rec.chance[i] for rec in records) for i, key in enumerate(("prefix", "ordered", "fallback"))}
    n = len(specs)
    team_of = {seat: t for t, members in enumerate(get_game(game_id).teams(n, variant)) for seat in members}
    teams = [[team_of[seat] for seat in rotation_seats(n, r)] for r in range(n)]  # spec index -> team, per rotation
    for name in distinct:
        baseline = next((o for o in distinct if o != name), None)
        res.seats.append(_spec_stats(name, idx[name], None if baseline is None else idx[baseline], baseline,
                                     records, teams))
    return res


def _spec_stats(name: str, ks: list[int], base_ks: list[int] | None, baseline: str | None,
                records: Sequence[DealRecord], teams: list[list[int]]) -> SpecStats:
    """The statistics of the spec at indices ``ks`` (against ``baseline``'s ``base_ks``);
    ``teams[r][k]``: the team of spec index ``k`` in rotation ``r``."""
    games = sum(len(rec.scores) * len(ks) for rec in records)
    wins = sum(rec.wins[r][k] for rec in records for r in range(len(rec.wins)) for k in ks)
    wins = round(wins, 9)  # 1/k credits: keep sums exact-looking and within 0..games
    per_deal = [_team_results(rec, ks, teams) for rec in records]
    results = sum(c for c, _ in per_deal)
    team_wins = round(sum(w for _, w in per_deal), 9)
    score_sum = sum(rec.scores[r][k] for rec in records for r in range(len(rec.scores)) for k in ks)
    diff = ci = None
    if base_ks is not None:
        diff, ci = _mean_ci([_deal_mean(rec, ks) - _deal_mean(rec, base_ks) for rec in records])
    times = sorted(t * 1000 for rec in records for k in ks for t in rec.times[k])
    dms = {"median": statistics.median(times) if times else 0.0, "p99": _percentile(times, 99),
           "max": times[-1] if times else 0.0, "count": len(times)}
    return SpecStats(name, len(ks), games, wins, team_wins / results if results else 0.0,
                     list(wilson_interval(min(team_wins, results), results)),
                     score_sum / games if games else 0.0, baseline, diff, ci, dms, results, team_wins)


def _team_results(rec: DealRecord, ks: list[int], teams: list[list[int]]) -> tuple[int, float]:
    """``(results, credit)`` of spec indices ``ks`` in one deal: each team's result once."""
    count, credit = 0, 0.0
    for r in range(len(rec.wins)):
        seen: set[int] = set()
        for k in ks:
            t = teams[r][k]
            if t not in seen:
                seen.add(t)
                count += 1
                credit += rec.wins[r][k]
    return count, credit


def _deal_mean(rec: DealRecord, ks: list[int]) -> float:
    """The mean score of spec indices ``ks`` over one deal's rotations."""
    return statistics.fmean([rec.scores[r][k] for r in range(len(rec.scores)) for k in ks])


# ---------------------------------------------------------------------------
# The run
# ---------------------------------------------------------------------------

def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system says, else
    ``os.cpu_count()``; at least 1): the most worker processes worth starting."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # no sched_getaffinity (macOS, Windows)
        return max(1, os.cpu_count() or 1)


def run_arena(game_id: str, variant: Any, specs: Sequence[SeatSpec], deals: int, seed: int, jobs: int = 1,
              progress: Callable[[int], None] | None = None, hands: int | None = None) -> ArenaResult:
    """Play ``deals`` duplicate deals (each in every rotation) and collect per-spec statistics.

    Args:
        game_id: a game id (``"nags"``).
        variant: the game's variant object, or None for the default rules.
        specs: one ``ai:LEVEL`` :class:`SeatSpec` per seat (the seat count of the game).
        deals: number of deals (>= 1); ``deals * len(specs)`` hands are played.
        seed: base seed (see the module docstring).
        jobs: worker processes (>= 1); the result does not depend on it, timings aside.
        progress: called with the number of deals finished so far.
        hands: play only the first ``hands`` hands of each game (Noms: a game to
            101 is about a dozen hands); None (the default) plays whole games.

    Returns:
        an :class:`ArenaResult`.

    Raises:
        ArenaError: for a human seat, a seat count the game does not allow, an
            unknown bot level, ``deals < 1`` or ``jobs < 1`` (one sentence each).
        engine.games.UnknownGame: for an unknown game id.
    """
    game = get_game(game_id)
    if variant is None:
        variant = game.variant_class()
    if deals < 1:
        raise ArenaError("an arena needs at least one deal")
    if jobs < 1:
        raise ArenaError("--jobs must be at least 1")
    if hands is not None and hands < 1:
        raise ArenaError("--hands must be at least 1")
    specs = list(specs)
    err = game.seat_range_error(len(specs), variant)
    if err:
        raise ArenaError(err)
    for i, spec in enumerate(specs):
        if spec.is_human:
            raise ArenaError(f"seat {i} is a human; an arena seats only bots (ai:LEVEL)")
        try:
            make_bot(game_id, spec.level or "random")
        except ValueError as e:
            raise ArenaError(str(e)) from None
    jobs = min(jobs, deals)
    records: list[DealRecord] = []
    if jobs == 1:
        for d in range(deals):
            records.append(play_deal(game_id, variant, specs, seed, d, hands=hands))
            if progress is not None:
                progress(d + 1)
    else:
        # Small chunks keep both workers busy to the end; results are re-assembled in deal order.
        size = max(1, min(10, deals // (jobs * 4) or 1))
        chunks = [list(range(a, min(a + size, deals))) for a in range(0, deals, size)]
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(_play_deals, (game_id, variant, specs, seed, chunk, hands)) for chunk in chunks]
            done = 0
            for fut in futures:
                part = fut.result()
                records.extend(part)
                done += len(part)
                if progress is not None:
                    progress(done)
        records.sort(key=lambda rec: rec.deal)
    return summarize(game_id, variant, specs, seed, records, hands)
