"""Random-game fuzzing of every registered game, over random house rules and seat counts.

Usage:
    python benchmarks/fuzz.py GAME [--games N] [--seconds S] [--seed N] [--jobs N]
        [--max-steps N] [--hand-steps N] [--log-every N] [--progress S] [--set OPTION=VALUE ...]

``GAME`` is a game id or ``all``. Fuzz game ``i`` of a run uses seed ``SEED + i``
(``--seed``, default 1), so every failure is reproduced alone with
``python benchmarks/fuzz.py GAME --seed N --games 1``. With ``--seconds`` the run
stops at whichever of the two limits comes first (``--games`` then defaults to
unlimited). ``--jobs N`` plays in N worker processes.

What one fuzz "game" is: one match of the game's ``State`` from ``new_state`` to
``is_over``, with house rules drawn at random (:func:`draw_rules`) and a random
seat count in ``min_seats..max_seats``. So a Nags fuzz game is a match of
``match_games`` games (or to ``match_target``), a Noms one a game of several hands
to ``target``, a Spite & Malice one a single game or a match to ``match_to``, a
Nogginate one ``fixed_rounds`` or ``max_rounds`` rounds (drawn in 1..8,
:data:`MATCH_LENGTH_CAPS`). A bool or choices option is drawn only among the values
the game accepts in some combination (:func:`accepted_values`). ``--set OPTION=VALUE``
(repeatable; the value is read as TOML, else as a plain string) forces a house rule in
every game, the others still drawn at random: ``--set use_cheat_cards=true`` fuzzes
Nogginate with cheat cards only; a failure's reproducing command repeats the ``--set``.
Drawn rules may make a match very long (a Noms target of 10,000): a match is
stopped at the first end of a hand after ``--max-steps`` steps and counted as
*truncated*, which is not a failure (the report lists a few, with their hands and
totals: a match whose totals never move is one the rules never end). A failure is
a single hand (``State.hand_number`` unchanged) lasting more than ``--hand-steps``
steps: every hand must end by the rules.

Every step (chance steps included) is checked (each check counted once):

* ``conservation``: the multiset of cards over every zone (``State.zones()``) is the
  one the match started with;
* ``determinize``: for every seat, ``view.determinize(rng).view(seat) == view``
  (a seat's view is unchanged when every card hidden from it is re-dealt, so the
  view hides what it must and search bots are consistent), the re-dealt state
  conserves the cards too, and for the seat to move its legal list is the view's;
* ``legal``: at a seat's step the legal list is non-empty (empty once over,
  chance steps have none) and equals the seat's ``View.legal_actions()``;
  ``is_legal`` holds for every legal action;
* ``notation``: ``parse_action(str(a)) == a`` for every legal action and the chance outcome;
* ``applies`` + ``clone``: a sample of up to ``SAMPLE`` (3) other legal actions, drawn
  at random each step, is applied to clones of the state; each applies without an
  exception and the original's fingerprint is unchanged afterwards (clone
  independence); the chosen action (uniform over the legal list) or chance
  outcome is then applied to the state itself;
* ``termination``: see above;

and per game:

* ``determinism``: the seed is played again without checks and gives the same
  actions and the same final fingerprint;
* ``log``: one game in ``--log-every`` (default 50, by seed) is written as a
  JSON-lines log (the format of ``engine.gamelog``, with a check and score line per
  hand and the result) and must pass ``engine.gamelog.verify_log``.

Prints per game: games, steps, checks, failures, truncated matches, logs verified,
the longest hand in steps, wall time and games/s; then every failure with the
command that reproduces it. Exits 1 when anything failed, 2 for bad arguments.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import random
import sys
import tempfile
import tomllib
import time
import traceback
from collections import Counter
from itertools import chain
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

from engine import gamelog  # noqa: E402
from engine.core import CHANCE, TERMINAL, Action, Game, State  # noqa: E402
from engine.games import GAMES  # noqa: E402
from engine.variants import ConfigError, OptionSpec, build_variant, option_specs, variant_to_table  # noqa: E402

#: Other legal actions applied to clones per seat step (besides the one played).
SAMPLE = 3
#: Default cap on a match's steps (beyond it the match is truncated, not failed).
MAX_STEPS = 3000
#: Default bound on one hand's steps (beyond it the hand failed to end).
HAND_STEPS = 50000
#: Default: one game in this many (by seed) is written to a log and verified.
LOG_EVERY = 50
#: Truncated matches listed in the report (seed, hands played, totals).
TRUNCATED_SHOWN = 5
#: Attempts at drawing house rules the game accepts before taking the defaults.
RULE_DRAWS = 200
#: Random house-rule tables drawn (once per game and process) to learn which values of each bool or
#: choices option the game accepts at all (:func:`accepted_values`).
ACCEPT_PROBES = 1000
#: Per game, options that set how long a match lasts, drawn every time (never left at the default) in
#: ``1..cap``: with them most fuzz matches end by their own rules before ``--max-steps`` (a match that
#: is only truncated never checks the end of a match). Nogginate plays to 10,000 (NG-54), which random
#: play seldom reaches: a default match lasts its ``max_rounds`` of 100 rounds, about 20,000 steps.
MATCH_LENGTH_CAPS: dict[str, dict[str, int]] = {"nogginate": {"fixed_rounds": 8, "max_rounds": 8}}


# ---------------------------------------------------------------------------
# Random house rules
# ---------------------------------------------------------------------------

def _draw_int(spec: OptionSpec, rng: random.Random) -> int:
    """An int in the option's range, small values favoured: ``min + span ** (u ** 3) - 1``
    for a uniform ``u``, so a range of 1..10,000 gives values under 100 about 80%
    of the time but still reaches the top."""
    lo = spec.min if spec.min is not None else 0
    hi = spec.max if spec.max is not None else lo + 1000
    span = hi - lo + 1
    u = rng.random()
    return min(hi, lo + int(span ** (u * u * u)) - 1)


def _finite_values(spec: OptionSpec) -> tuple[Any, ...] | None:
    """A bool's or a choices option's values in declared order (bools: ``False, True``); None otherwise."""
    if spec.choices is not None:
        return spec.choices
    if spec.type is bool and not spec.is_table:
        return (False, True)
    return None


def accepted_values(variant_class: type, name: str) -> tuple[Any, ...] | None:
    """The values of the bool or choices option ``name`` that ``variant_class`` accepts in some
    combination, in declared order (None for an option with a range or a table of options):
    those found in :data:`ACCEPT_PROBES` random tables (drawn as :func:`draw_rules` draws, from
    a fixed seed) that ``build_variant`` accepts, the game's ``problems()`` included. Draws take
    a bool or choices option only among these values, so a value the game always refuses
    (Spite & Malice's unpublished game types) costs no redraws; a value accepted only with other options (Nags'
    ``allow_negative_after_purchase`` with ``buying_horses`` in a match) is still drawn."""
    return _accepted_by_option(variant_class).get(name)


@functools.lru_cache(maxsize=None)
def _accepted_by_option(variant_class: type) -> dict[str, tuple[Any, ...]]:
    specs = option_specs(variant_class)
    finite = {s.name: vals for s in specs for vals in [_finite_values(s)] if vals is not None}
    defaults = {s.name: s.default for s in specs}
    seen: dict[str, set] = {n: {defaults[n]} for n in finite} if _accepted(variant_class, {}) else \
        {n: set() for n in finite}
    rng = random.Random(f"fuzz:accepted:{variant_class.__name__}")
    for _ in range(ACCEPT_PROBES):
        table = {}
        for spec in specs:
            if rng.random() < 0.5:
                continue
            value = _draw_value(spec, rng)
            if value is not None:
                table[spec.name] = value
        if _accepted(variant_class, table):
            for n in finite:
                seen[n].add(table.get(n, defaults[n]))
    return {n: tuple(v for v in vals if v in seen[n]) for n, vals in finite.items()}


def _accepted(variant_class: type, table: dict[str, Any]) -> bool:
    try:
        build_variant(variant_class, table)
    except ConfigError:
        return False
    return True


def _draw_value(spec: OptionSpec, rng: random.Random, accepted: tuple[Any, ...] | None = None) -> Any:
    """A random value the option's declaration allows (None: leave it out); a bool or a choices
    option draws among ``accepted`` (:func:`accepted_values`) when given."""
    if spec.nullable and rng.random() < 0.2:
        return None
    if accepted is not None and len(accepted) < (len(spec.choices) if spec.choices is not None else 2):
        return accepted[int(rng.random() * len(accepted))] if accepted else None
    if spec.choices is not None:
        return spec.choices[int(rng.random() * len(spec.choices))]
    if spec.is_table:  # a table of options (Nickels' penalty_values): draw each of its entries
        sub = {s.name: _draw_value(s, rng) for s in option_specs(spec.type)}
        return {k: v for k, v in sub.items() if v is not None}
    if spec.type is bool:
        return rng.random() < 0.5
    if spec.type is int:
        return _draw_int(spec, rng)
    if spec.type is float:
        lo = float(spec.min if spec.min is not None else 0)
        hi = float(spec.max if spec.max is not None else lo + 100)
        return lo + rng.random() * (hi - lo)
    return None  # free text: keep the default


def draw_rules(game: type[Game], rng: random.Random,
               forced: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
    """Random house rules for ``game``: each option of its variant class is left
    at its default or (half the time) drawn from its declared choices or range
    (:func:`_draw_value`; a bool or choices option only among the values the game
    accepts on their own, :func:`accepted_values`; a match-length option of
    :data:`MATCH_LENGTH_CAPS` always, in ``1..cap``); the table is validated by
    ``build_variant`` (the game's own ``problems()`` included) and drawn again when
    refused, up to :data:`RULE_DRAWS` times, then the defaults are used. ``forced`` options
    (``--set``) replace the drawn values in every table, the defaults' fallback included.

    Returns:
        ``(variant, table)``: the built variant and the options drawn (TOML-ready).
    """
    specs = option_specs(game.variant_class)
    accepted = {spec.name: accepted_values(game.variant_class, spec.name) for spec in specs}
    caps = MATCH_LENGTH_CAPS.get(game.id, {})
    for _ in range(RULE_DRAWS):
        table = {}
        for spec in specs:
            if spec.name in caps:
                spec = dataclasses.replace(spec, max=min(caps[spec.name], spec.max or caps[spec.name]))
            elif rng.random() < 0.5:
                continue
            value = _draw_value(spec, rng, accepted[spec.name])
            if value is not None:
                table[spec.name] = value
        table.update(forced or {})
        try:
            return build_variant(game.variant_class, table, source="fuzz", section=f"rules.{game.id}"), table
        except ConfigError:
            continue
    return build_variant(game.variant_class, dict(forced or {})), dict(forced or {})


def parse_forced(game: type[Game], items: list[str]) -> dict[str, Any]:
    """``--set OPTION=VALUE`` items as a table of forced house rules for ``game``: each value
    read as a TOML value (``true``, ``3``, ``"x"``), else as a plain string (``team_choice``).

    Raises:
        ValueError: for an item without ``=``, or a table ``game``'s variant refuses
            (an unknown option, a value out of range).
    """
    table: dict[str, Any] = {}
    for item in items:
        name, eq, text = item.partition("=")
        if not eq or not name.strip():
            raise ValueError(f"--set wants OPTION=VALUE, found {item!r}")
        try:
            value = tomllib.loads(f"v = {text.strip()}")["v"]
        except tomllib.TOMLDecodeError:
            value = text.strip()
        table[name.strip()] = value
    try:
        build_variant(game.variant_class, table, source="--set", section=f"rules.{game.id}")
    except ConfigError as err:
        raise ValueError(str(err)) from None
    return table


# ---------------------------------------------------------------------------
# One game
# ---------------------------------------------------------------------------

@dataclass
class Failure:
    """One failed check: which game and seed, at which step, what was wrong."""

    game_id: str
    seed: int
    step: int
    check: str
    message: str
    forced: dict[str, Any] = field(default_factory=dict)

    def repro(self) -> str:
        """The command that plays this game alone (with the run's ``--set`` options)."""
        sets = "".join(f" --set {k}={_toml_value(v)}" for k, v in self.forced.items())
        return f"python benchmarks/fuzz.py {self.game_id} --seed {self.seed} --games 1{sets}"


def _toml_value(v: Any) -> str:
    """``v`` as ``--set`` reads it back: TOML for bools and numbers, a bare word for a string."""
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


@dataclass
class Tally:
    """What a run (or a part of one) did for one game."""

    games: int = 0
    steps: int = 0
    checks: Counter = field(default_factory=Counter)
    failures: list[Failure] = field(default_factory=list)
    truncated: int = 0
    logs: int = 0
    longest_hand: int = 0
    seeds: list[tuple[int, int]] = field(default_factory=list)  # [first, last] ranges played
    truncated_seeds: list[tuple[int, int, list]] = field(default_factory=list)  # (seed, hands, totals), a few

    def add(self, other: "Tally") -> None:
        self.games += other.games
        self.steps += other.steps
        self.checks.update(other.checks)
        self.failures += other.failures
        self.truncated += other.truncated
        self.logs += other.logs
        self.longest_hand = max(self.longest_hand, other.longest_hand)
        self.seeds += other.seeds
        self.truncated_seeds = (self.truncated_seeds + other.truncated_seeds)[:TRUNCATED_SHOWN]


class _Failed(Exception):
    def __init__(self, check: str, message: str) -> None:
        super().__init__(message)
        self.check = check


def _cards(state: State) -> dict:
    """The multiset of every card over the state's zones (a plain dict, compared with C's dict ``==``)."""
    return dict(Counter(chain.from_iterable(state.zones().values())))


def _setup(game_id: str, seed: int, forced: dict[str, Any] | None = None) -> tuple[type[Game], Any, int,
                                                                                  random.Random]:
    """The game, its drawn rules (``forced`` ones set), the seat count and the play generator for ``seed``."""
    game = GAMES[game_id]
    rules_rng = random.Random(f"fuzz:{game_id}:{seed}:rules")
    variant, _ = draw_rules(game, rules_rng, forced)
    counts = game.seat_counts(variant)
    n = counts[int(rules_rng.random() * len(counts))]
    return game, variant, n, random.Random(f"fuzz:{game_id}:{seed}:play")


def _choose(state: State, rng: random.Random) -> tuple[Action, list[Action]]:
    """The step to play: a chance outcome, or a uniformly drawn legal action."""
    if state.to_move == CHANCE:
        return state.sample_chance(rng), []
    legal = state.legal_actions()
    return legal[int(rng.random() * len(legal))], legal


def _replay_unchecked(game_id: str, seed: int, max_steps: int,
                      forced: dict[str, Any] | None = None) -> tuple[list[str], str]:
    """Play ``seed`` again with no checks: its action notations and final fingerprint."""
    game, variant, n, rng = _setup(game_id, seed, forced)
    s = game.new_state(variant, n)
    actions = []
    hand, hand_start = s.hand_number, 0
    while not s.is_over and not (len(actions) >= max_steps and len(actions) == hand_start):
        a, _ = _choose(s, rng)
        s.apply(a)
        actions.append(str(a))
        if s.hand_number != hand:
            hand, hand_start = s.hand_number, len(actions)
    return actions, s.fingerprint()


def _check_step(game: type[Game], s: State, n: int, cards: dict, crng: random.Random,
                checks: Counter) -> None:
    """Every per-step check except the one that needs the chosen action (see the module docstring)."""
    if _cards(s) != cards:
        raise _Failed("conservation", f"cards by zone differ from the start: {_diff(_cards(s), cards)}")
    checks["conservation"] += 1
    for seat in range(n):
        v = s.view(seat)
        d = v.determinize(random.Random(crng.random()))
        if d.view(seat) != v:
            raise _Failed("determinize", f"seat {seat}: the determinized state's view differs from the view")
        if _cards(d) != cards:
            raise _Failed("determinize", f"seat {seat}: the determinized state does not conserve the cards: "
                          + _diff(_cards(d), cards))
        if seat == s.to_move and d.legal_actions() != v.legal_actions():
            raise _Failed("determinize", f"seat {seat}: the determinized state's legal list differs from the view's")
        checks["determinize"] += 1
    to_move = s.to_move
    legal = s.legal_actions()
    if to_move == TERMINAL or to_move == CHANCE:
        if legal:
            raise _Failed("legal", f"legal actions at a {'chance' if to_move == CHANCE else 'terminal'} step")
        checks["legal"] += 1
        return
    if not legal:
        raise _Failed("legal", f"seat {to_move} is to move with no legal action")
    if s.view(to_move).legal_actions() != legal:
        raise _Failed("legal", f"seat {to_move}: the view's legal list differs from the state's")
    for a in legal:
        if not s.is_legal(a):
            raise _Failed("legal", f"{a} is listed as legal but is_legal says no: {s.why_illegal(a)}")
        if game.parse_action(str(a)) != a:
            raise _Failed("notation", f"{a!s} does not parse back to the same action")
    checks["legal"] += 1
    checks["notation"] += len(legal)
    if len(legal) > 1:
        before = s.fingerprint()
        picks = legal if len(legal) <= SAMPLE else [legal[int(crng.random() * len(legal))] for _ in range(SAMPLE)]
        for a in picks:
            c = s.clone()
            try:
                c.apply(a)
            except Exception as err:  # any exception is the failure
                raise _Failed("applies", f"legal {a} raised {type(err).__name__}: {err}") from None
            checks["applies"] += 1
            if s.fingerprint() != before:
                raise _Failed("clone", f"applying {a} to a clone changed the original state")
            checks["clone"] += 1


def _diff(got: dict, want: dict) -> str:
    extra, missing = Counter(got) - Counter(want), Counter(want) - Counter(got)
    return (f"extra {sorted(c.text for c in extra.elements())}, "
            f"missing {sorted(c.text for c in missing.elements())}")


def fuzz_game(game_id: str, seed: int, *, max_steps: int = MAX_STEPS, hand_steps: int = HAND_STEPS,
              log_dir: Path | None = None, forced: dict[str, Any] | None = None) -> Tally:
    """Play and check one fuzz game (see the module docstring).

    Args:
        game_id: a registered game id.
        seed: the game's seed (rules, seats, moves and checks derive from it).
        max_steps: steps after which the match is truncated (not a failure).
        hand_steps: steps one hand may last; more is a ``termination`` failure.
        log_dir: when given, the game is written there as a log and verified
            (the file is removed when it verifies).
        forced: house rules set in every game (``--set``), the others drawn.

    Returns:
        A :class:`Tally` of one game (failures hold at most one entry: a game
        stops at its first failure).
    """
    t = Tally(games=1, seeds=[(seed, seed)])
    step = 0
    try:
        game, variant, n, rng = _setup(game_id, seed, forced)
        crng = random.Random(f"fuzz:{game_id}:{seed}:check")
        s = game.new_state(variant, n)
        cards = _cards(s)
        played: list[str] = []
        writer = None
        if log_dir is not None:
            path = log_dir / f"fuzz-{game_id}-{seed}.jsonl"
            writer = gamelog.LogWriter(path, {
                "engine": gamelog.ENGINE_VERSION, "game": game_id, "rules": variant_to_table(variant),
                "seats": [{"spec": "ai:random", "name": f"Seat {i + 1}"} for i in range(n)],
                "seed": seed, "started": gamelog.now_iso()})
        hand, hand_start = s.hand_number, 0
        while True:
            _check_step(game, s, n, cards, crng, t.checks)
            if s.is_over or (step >= max_steps and step == hand_start):
                break  # over, or truncated at the first hand boundary after max_steps
            actor: int | str = "chance" if s.to_move == CHANCE else s.to_move
            a, _ = _choose(s, rng)
            if actor == "chance":
                if game.parse_action(str(a)) != a:
                    raise _Failed("notation", f"chance outcome {a!s} does not parse back to the same action")
                t.checks["notation"] += 1
            events = s.apply(a)
            step += 1
            played.append(str(a))
            if writer is not None:
                writer.action(step, actor, str(a))
                for e in events:
                    if e.kind == "hand_over":
                        h = e.data.get("hand", s.hand_number)
                        writer.check(h, s.state_hash())
                        totals = e.data.get("totals", s.scores())
                        writer.score(h, e.data.get("scores", totals), totals)
                if s.is_over:
                    writer.result(s.winners(), s.scores(), s.state_hash())
            if s.hand_number != hand:
                t.longest_hand = max(t.longest_hand, step - hand_start)
                hand, hand_start = s.hand_number, step
            elif step - hand_start > hand_steps:
                raise _Failed("termination", f"hand {hand} did not end within {hand_steps} steps")
        t.longest_hand = max(t.longest_hand, step - hand_start)
        t.checks["termination"] += 1
        if not s.is_over:
            t.truncated = 1
            t.truncated_seeds.append((seed, s.hand_number, [round(x, 1) for x in s.scores()]))
        else:
            if len(s.scores()) != n or not set(s.winners()) <= set(range(n)):
                raise _Failed("termination", f"bad result: scores {s.scores()}, winners {s.winners()}")
        again, fp = _replay_unchecked(game_id, seed, max_steps, forced)
        if again != played or fp != s.fingerprint():
            first = next((i for i, (x, y) in enumerate(zip(again, played)) if x != y), min(len(again), len(played)))
            raise _Failed("determinism", f"the seed played again differs from step {first + 1}")
        t.checks["determinism"] += 1
        if writer is not None:
            writer.close()
            result = gamelog.verify_log(writer.path)
            if not result.ok or result.finished != s.is_over or result.actions != step:
                raise _Failed("log", f"{writer.path}: line {result.line}: {result.reason}")
            writer.path.unlink()
            t.logs += 1
            t.checks["log"] += 1
    except _Failed as f:
        t.failures.append(Failure(game_id, seed, step, f.check, str(f), dict(forced or {})))
    except Exception as err:  # noqa: BLE001  any crash of the engine is a failure to report
        where = traceback.extract_tb(err.__traceback__)[-1]
        t.failures.append(Failure(game_id, seed, step, "crash", f"{type(err).__name__}: {err} "
                                  f"({Path(where.filename).name}:{where.lineno})", dict(forced or {})))
    t.steps = step
    return t


def fuzz_seeds(game_id: str, first: int, count: int, *, deadline: float | None = None,
               max_steps: int = MAX_STEPS, hand_steps: int = HAND_STEPS, log_every: int = LOG_EVERY,
               forced: dict[str, Any] | None = None) -> Tally:
    """Fuzz games with seeds ``first .. first + count - 1`` (stopping early at
    ``deadline``, a ``time.monotonic()`` value) and add up their tallies; the
    seeds played are in ``Tally.seeds``. One game in ``log_every`` (seed divisible
    by it; 0: none) is logged and verified in a temporary folder; ``forced``: see
    :func:`fuzz_game`."""
    total = Tally()
    with tempfile.TemporaryDirectory(prefix="cardtable-fuzz-") as tmp:
        for seed in range(first, first + count):
            if deadline is not None and time.monotonic() >= deadline:
                break
            log_dir = Path(tmp) if log_every and seed % log_every == 0 else None
            total.add(fuzz_game(game_id, seed, max_steps=max_steps, hand_steps=hand_steps, log_dir=log_dir,
                                forced=forced))
    total.seeds = _merge(total.seeds)
    return total


def _merge(ranges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for a, b in sorted(ranges):
        if out and a <= out[-1][1] + 1:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


# ---------------------------------------------------------------------------
# A run
# ---------------------------------------------------------------------------

def _chunks(first: int, games: int | None, size: int) -> Iterator[tuple[int, int]]:
    start, end = first, None if games is None else first + games
    while end is None or start < end:
        count = size if end is None else min(size, end - start)
        yield start, count
        start += count


def run(game_id: str, *, games: int | None, seconds: float | None, seed: int = 1, jobs: int = 1,
        max_steps: int = MAX_STEPS, hand_steps: int = HAND_STEPS, log_every: int = LOG_EVERY,
        progress: float | None = None, out=None, forced: dict[str, Any] | None = None) -> tuple[Tally, float]:
    """Fuzz one game: ``games`` games (None: until ``seconds`` run out) from seed
    ``seed``, in ``jobs`` processes, with the house rules ``forced`` (``--set``) in every
    game; progress lines (every ``progress`` seconds) go to ``out`` (default
    ``sys.stdout``). Returns the tally and the wall time in seconds."""
    out = out or sys.stdout
    t0 = time.monotonic()
    deadline = None if seconds is None else t0 + seconds
    kw: dict[str, Any] = dict(max_steps=max_steps, hand_steps=hand_steps, log_every=log_every, forced=forced)
    total = Tally()
    last_note = t0
    if jobs <= 1:
        for first, count in _chunks(seed, games, 10):
            if deadline is not None and time.monotonic() >= deadline:
                break
            total.add(fuzz_seeds(game_id, first, count, deadline=deadline, **kw))
            if progress and time.monotonic() - last_note >= progress:
                last_note = time.monotonic()
                _note(out, game_id, total, last_note - t0)
    else:
        chunks = _chunks(seed, games, 10)
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            running = set()
            while True:
                while len(running) < 2 * jobs and (deadline is None or time.monotonic() < deadline):
                    nxt = next(chunks, None)
                    if nxt is None:
                        break
                    running.add(pool.submit(fuzz_seeds, game_id, nxt[0], nxt[1], deadline=deadline, **kw))
                if not running:
                    break
                done, running = wait(running, return_when=FIRST_COMPLETED)
                for fut in done:
                    total.add(fut.result())
                if progress and time.monotonic() - last_note >= progress:
                    last_note = time.monotonic()
                    _note(out, game_id, total, last_note - t0)
    total.seeds = _merge(total.seeds)
    return total, time.monotonic() - t0


def _note(out, game_id: str, t: Tally, wall: float) -> None:
    print(f"  ... {game_id}: {t.games} games, {t.steps} steps, {len(t.failures)} failures, "
          f"{wall:.0f} s", file=out, flush=True)


def report(game_id: str, t: Tally, wall: float, out=None) -> None:
    """Print one game's summary line, its checks and its failures (with the command reproducing each)
    to ``out`` (default ``sys.stdout``)."""
    out = out or sys.stdout
    seeds = ", ".join(f"{a}..{b}" if a != b else str(a) for a, b in t.seeds[:4]) + (" ..." if len(t.seeds) > 4
                                                                                   else "")
    rate = t.games / wall if wall > 0 else 0.0
    print(f"{game_id}: {t.games} games, {t.steps} steps, {sum(t.checks.values())} checks, "
          f"{len(t.failures)} failures, {t.truncated} truncated, {t.logs} logs verified, "
          f"longest hand {t.longest_hand} steps, {wall:.1f} s ({rate:.1f} games/s), seeds {seeds or '-'}",
          file=out)
    print("  checks: " + ", ".join(f"{k} {v}" for k, v in sorted(t.checks.items())), file=out)
    for seed, hands, totals in t.truncated_seeds:
        print(f"  truncated: seed {seed} after {hands} hands, totals {totals}", file=out)
    for f in t.failures[:20]:
        print(f"  FAIL seed {f.seed} step {f.step} [{f.check}] {f.message}\n    reproduce: {f.repro()}", file=out)
    if len(t.failures) > 20:
        print(f"  ... and {len(t.failures) - 20} more failures", file=out)


def main(argv: list[str] | None = None) -> int:
    """Parse the command line, fuzz each game asked for, print the report; 1 on any failure."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("game", help="a game id, or 'all': " + ", ".join(sorted(GAMES)))
    p.add_argument("--games", type=int, default=None, help="games per game id (default 200 without --seconds)")
    p.add_argument("--seconds", type=float, default=None, help="stop after this many seconds per game id")
    p.add_argument("--seed", type=int, default=1, help="seed of the first game (game i uses SEED + i)")
    p.add_argument("--jobs", type=int, default=1, help="worker processes")
    p.add_argument("--max-steps", type=int, default=MAX_STEPS, help="truncate a match after this many steps")
    p.add_argument("--hand-steps", type=int, default=HAND_STEPS, help="a hand lasting longer fails")
    p.add_argument("--log-every", type=int, default=LOG_EVERY, help="log and verify one game in N (0: none)")
    p.add_argument("--progress", type=float, default=None, help="print a progress line every S seconds")
    p.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE", dest="forced",
                   help="force a house rule in every game (repeatable; one game id, not 'all'), "
                        "e.g. --set use_cheat_cards=true")
    args = p.parse_args(argv)
    ids = sorted(GAMES) if args.game == "all" else [args.game]
    if any(g not in GAMES for g in ids):
        p.error(f"unknown game {args.game!r}; choose all or one of {', '.join(sorted(GAMES))}")
    forced: dict[str, Any] = {}
    if args.forced:
        if len(ids) != 1:
            p.error("--set names one game's house rules: give a game id, not 'all'")
        try:
            forced = parse_forced(GAMES[ids[0]], args.forced)
        except ValueError as err:
            p.error(str(err))
    if args.games is None and args.seconds is None:
        args.games = 200
    failed = False
    if forced:
        print("forced house rules: " + ", ".join(f"{k}={_toml_value(v)}" for k, v in forced.items()), flush=True)
    for gid in ids:
        t, wall = run(gid, games=args.games, seconds=args.seconds, seed=args.seed, jobs=args.jobs,
                      max_steps=args.max_steps, hand_steps=args.hand_steps, log_every=args.log_every,
                      progress=args.progress, forced=forced)
        report(gid, t, wall)
        failed = failed or bool(t.failures)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
