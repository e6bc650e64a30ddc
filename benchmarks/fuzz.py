"""Random-game fuzzing of every registered game, over random house rules and seat counts.

Usage:
    python benchmarks/fuzz.py GAME [--games N] [--seconds S] [--seed N] [--jobs N]
        [--max-steps N] [--hand-steps N] [--log-every N] [--progress S] [--set OPTION=VALUE ...]
    python benchmarks/fuzz.py GAME --long --seconds N [--seed N] [--share F] [--pace F] [--set OPTION=VALUE ...]

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
  ``is_legal`` holds for every legal action; and both ways on near misses
  (``near-miss``, :func:`near_misses`): actions of the played action's shape with one
  field changed (a wrong card, a card dropped or repeated, a wrong meld id or count)
  and an action legal at a recent step (the wrong seat, the wrong moment) are accepted
  by ``is_legal`` exactly when they are in the legal list, and an illegal one is
  refused by ``apply`` with ``IllegalAction``, leaving the state unchanged (``applies``);
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

The long-run mode (``--long --seconds N``, one game id, one core) is for volume: the
checks above would cost 10 to 100 times a bare random playout, so only the cheap
ones run at every step (conservation as the card count, a legal move exists exactly
when a seat moves, one near miss checked both ways, termination) and the expensive
ones (the exact multiset of cards, determinize, the view's legal list, ``is_legal``
and notation of every legal action, clone independence, and per match determinism
and the log replayed, for one match in :data:`REPLAY_EVERY` at least) at sampled steps and
at every match's end. A step is sampled
while the expensive checks have used at most ``--share`` (0.5) of the run's time and
the run is ahead of ``--pace`` (0.4) times the bare playout's steps a second
(:class:`Budget`). The bare playout is ``benchmarks/bench.py``'s (:func:`bare_setup`),
measured in the same run in slices between matches; rates are per second of this
process's CPU time, so other programs on the machine do not skew the ratio. The
report gives both rates and their ratio (the goal: at least a third), and ends with
the command that continues the run (its next seed) and the line ``123,456 steps``.
A failure's reproducing command runs the full checks on that one seed.
"""

from __future__ import annotations

import argparse
import contextlib
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
from engine.cards import Card  # noqa: E402
from engine.core import CHANCE, TERMINAL, Action, Game, IllegalAction, State  # noqa: E402
from engine.games import GAMES  # noqa: E402
from engine.variants import ConfigError, OptionSpec, build_variant, option_specs, variant_to_table  # noqa: E402

#: Other legal actions applied to clones per seat step (besides the one played).
SAMPLE = 3
#: Near-miss actions tried per seat step (:func:`near_misses`), plus one action legal at a recent step
#: (``--long``: one of them a step).
NEAR_MISSES = 3
#: Actions legal at recent steps kept to try again later (the wrong seat, the wrong moment).
RECENT = 16
#: With ``--long``: the odds that a step is a candidate for the expensive checks (they then run if the
#: time budget allows), and the share of the run's time they may take.
SAMPLE_ODDS = 0.25
LONG_SHARE = 0.5
#: With ``--long``: the pace the run keeps, as a share of the bare playout's steps a second measured at
#: its start (the expensive checks wait while the run is behind it); the goal is a third.
LONG_PACE = 0.4
#: With ``--long``: one match in this many (by seed) has its replays (determinism, log) whatever the budget.
REPLAY_EVERY = 250
#: With ``--long``: the bare playout is measured in this many slices spread over the run.
BARE_SLICES = 10
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
    """What a run (or a part of one) did for one game.

    ``sampled`` counts the steps whose expensive checks ran (every step in the full mode, a
    share of them with ``--long``); ``replayed`` the matches whose determinism and log were
    checked; ``cut`` the matches stopped by the run's deadline (their steps were checked)."""

    games: int = 0
    steps: int = 0
    checks: Counter = field(default_factory=Counter)
    failures: list[Failure] = field(default_factory=list)
    truncated: int = 0
    logs: int = 0
    longest_hand: int = 0
    seeds: list[tuple[int, int]] = field(default_factory=list)  # [first, last] ranges played
    truncated_seeds: list[tuple[int, int, list]] = field(default_factory=list)  # (seed, hands, totals), a few
    sampled: int = 0
    replayed: int = 0
    cut: int = 0
    bare_steps: int = 0  # steps of the unchecked replays (determinism) and the time they took:
    bare_seconds: float = 0.0  # the bare rate of the fuzz's own matches

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
        self.sampled += other.sampled
        self.replayed += other.replayed
        self.cut += other.cut
        self.bare_steps += other.bare_steps
        self.bare_seconds += other.bare_seconds


class _Failed(Exception):
    def __init__(self, check: str, message: str) -> None:
        super().__init__(message)
        self.check = check


class Budget:
    """When the expensive checks run (the exact multiset of cards, ``clone``, ``determinize``,
    ``notation``, ``applies``, the view's legal list, and per match ``determinism`` and ``log``).

    ``share=None`` (the full mode): at every step and after every match. With a share in 0..1
    (``--long``) they run while the time spent on them is at most ``share`` of the run's time
    so far and, given a ``pace`` (steps a second the run must keep, e.g. a third of the bare
    playout's), while the run is ahead of that pace; at a step drawn with probability
    :data:`SAMPLE_ODDS` (so the checked steps spread over the run instead of bunching) and at
    every match's end (the last position's checks; the replays of the match only within the
    budget). The cheap checks run at every step either way: conservation (a checksum), a legal
    move exists, legality both ways on near misses, termination.
    """

    def __init__(self, share: float | None = None, seed: int = 0, pace: float | None = None) -> None:
        self.share = share
        self.pace = pace
        self.steps = 0
        self.t0 = self.clock()
        self.spent = 0.0
        self.rng = random.Random(f"fuzz:budget:{seed}")
        self.gap = 1

    #: The budget's clock: this process's CPU time, like the rates of ``--long``.
    clock = staticmethod(time.process_time)

    @property
    def full(self) -> bool:
        return self.share is None

    def _under(self, current: int = 0) -> bool:
        elapsed = self.clock() - self.t0
        if self.pace is not None and self.steps + current < self.pace * elapsed:
            return False  # behind the pace: cheap checks only until the run catches up
        return self.spent <= self.share * elapsed  # type: ignore[operator]

    def step(self, current: int = 0) -> bool:
        """Run the expensive step checks now (``current``: steps of the match under way so far)?
        A step is a candidate after a random gap of 1 to ``2 / SAMPLE_ODDS - 1`` steps."""
        if self.full:
            return True
        self.gap -= 1
        if self.gap > 0:
            return False
        self.gap = 1 + int(self.rng.random() * (2 / SAMPLE_ODDS - 1))
        return self._under(current)

    def match(self) -> bool:
        """Replay the match about to be played (determinism, log) when it ends?"""
        return self.full or self._under()

    def charge(self, t_start: float) -> None:
        """Count the time since ``t_start`` (a :attr:`clock` reading) as spent on expensive checks."""
        self.spent += self.clock() - t_start


def _cards(state: State) -> dict:
    """The multiset of every card over the state's zones, keyed by the card object's ``id`` (cards are
    interned faces, ``engine.cards``: one object per face, so this counts faces; ints hash in C, four
    times faster than the cards' own hash). Compared with C's dict ``==``; :func:`_diff` names the cards."""
    return dict(Counter(map(id, chain.from_iterable(state.zones().values()))))


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
                      forced: dict[str, Any] | None = None, steps: int | None = None) -> tuple[list[Action], str]:
    """Play ``seed`` again with no checks (``steps``: stop after that many, as a match cut by the
    run's deadline was): its actions and final fingerprint."""
    game, variant, n, rng = _setup(game_id, seed, forced)
    s = game.new_state(variant, n)
    actions: list[Action] = []
    hand, hand_start = s.hand_number, 0
    while not s.is_over and not (len(actions) >= max_steps and len(actions) == hand_start) \
            and (steps is None or len(actions) < steps):
        a, _ = _choose(s, rng)
        s.apply(a)
        actions.append(a)
        if s.hand_number != hand:
            hand, hand_start = s.hand_number, len(actions)
    return actions, s.fingerprint()


# ---------------------------------------------------------------------------
# Near misses: actions of the right shape with one thing wrong
# ---------------------------------------------------------------------------

def _mutate(value: Any, universe: list, rng: random.Random) -> Any:
    """A near value of a field of an action: another card for a card, one card of a tuple of
    cards changed (or one dropped or repeated), a number one off or another small one (a wrong
    meld id or count), a flipped bool, a number for None; :data:`_SKIP` when there is none."""
    if isinstance(value, Card):
        return universe[int(rng.random() * len(universe))]
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        u = rng.random()
        return value + 1 if u < 0.4 else value - 1 if u < 0.7 else int(rng.random() * (abs(value) + 4))
    if value is None:
        return int(rng.random() * 4)
    if isinstance(value, tuple) and value and all(isinstance(x, Card) for x in value):
        cards = list(value)
        i = int(rng.random() * len(cards))
        u = rng.random()
        if u < 0.7:
            cards[i] = universe[int(rng.random() * len(universe))]
        elif u < 0.85 and len(cards) > 1:
            del cards[i]
        else:
            cards.append(cards[i])
        return tuple(cards)
    return _SKIP


_SKIP = object()


def near_misses(action: Action, universe: list, rng: random.Random, k: int | None = None) -> list[Action]:
    """Up to ``k`` actions shaped like ``action`` with one field changed (:func:`_mutate`): the
    right verb with a wrong card, a wrong meld id, a wrong count. Each may happen to be legal:
    the check is that ``is_legal`` says exactly whether it is in the legal list."""
    k = NEAR_MISSES if k is None else k
    cls = type(action)
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(action)) \
            if dataclasses.is_dataclass(action) else ()
    out: list[Action] = []
    for _ in range(k if names else 0):
        i = int(rng.random() * len(names))
        values = [getattr(action, n) for n in names]
        value = _mutate(values[i], universe, rng)
        if value is _SKIP:
            continue
        values[i] = value
        try:
            out.append(cls(*values))
        except Exception:  # noqa: BLE001 - a shape the action's own checks refuse is no action
            continue
    return out


_FIELDS: dict[type, tuple[str, ...]] = {}


def _check_near_misses(s: State, legal: list[Action], chosen: Action, universe: list, recent: list[Action],
                       rng: random.Random, checks: Counter, light: bool = False) -> list[Action]:
    """Legality both ways on :data:`NEAR_MISSES` near misses of ``chosen`` and on one action legal
    at a recent step (another seat's move, another phase's: the wrong seat or the wrong moment):
    ``is_legal`` must hold exactly for those in ``legal``. ``light`` (``--long``): one near miss a
    step: a recent action three times in four (nothing to build), else a near miss of ``chosen``.
    Returns the near misses that are illegal."""
    if light:
        if recent and rng.random() < 0.75:
            cands = [recent[int(rng.random() * len(recent))]]
        else:
            cands = near_misses(chosen, universe, rng, 1)
    else:
        cands = near_misses(chosen, universe, rng)
        if recent:
            cands.append(recent[int(rng.random() * len(recent))])
    if not cands:
        return []
    illegal = []
    for m in cands:
        if light:  # is_legal first: the legal list is searched only when it says yes (a legal action it
            listed = s.is_legal(m)  # refused would fail apply when played, and the sampled steps' sweep)
            if listed and m not in legal:
                raise _Failed("legal", f"near miss {m!s}: is_legal says True but it is not in the legal list")
        else:
            listed = m in legal
            if s.is_legal(m) != listed:
                raise _Failed("legal", f"near miss {m!s}: is_legal says {not listed} but it is "
                                       f"{'' if listed else 'not '}in the legal list")
        if not listed:
            illegal.append(m)
    checks["near-miss"] += len(cands)
    return illegal


# ---------------------------------------------------------------------------
# The checks of one step
# ---------------------------------------------------------------------------

def _checksum(state: State) -> int:
    """The number of cards over the state's zones: the cheap conservation check of every step (a
    card lost or added changes it). The exact multiset (:func:`_cards`: a card turned into another
    too) is compared at every sampled step and at the end of every match, so a change that keeps the
    count is found by the match's end at the latest."""
    return sum(map(len, state.zones().values()))


def _check_expensive(game: type[Game], s: State, n: int, cards: dict, legal: list[Action],
                     illegal: list[Action], crng: random.Random, checks: Counter) -> None:
    """The checks of a sampled step (every step in the full mode): the exact multiset of cards,
    determinize for every seat, the view's legal list, ``is_legal`` and notation of every legal
    action, applying legal actions and one illegal near miss to clones (clone independence)."""
    if _cards(s) != cards:
        raise _Failed("conservation", f"cards by zone differ from the start: {_diff(_cards(s), cards)}")
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
    if to_move < 0:
        return
    if s.view(to_move).legal_actions() != legal:
        raise _Failed("legal", f"seat {to_move}: the view's legal list differs from the state's")
    for a in legal:
        if not s.is_legal(a):
            raise _Failed("legal", f"{a} is listed as legal but is_legal says no: {s.why_illegal(a)}")
        if game.parse_action(str(a)) != a:
            raise _Failed("notation", f"{a!s} does not parse back to the same action")
    checks["notation"] += len(legal)
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
    for m in illegal[:1]:  # an illegal near miss is refused with IllegalAction, changing nothing
        c = s.clone()
        fp = c.fingerprint()
        try:
            c.apply(m)
        except IllegalAction:
            pass
        except Exception as err:  # noqa: BLE001
            raise _Failed("applies", f"illegal {m!s} raised {type(err).__name__}, not IllegalAction: {err}") from None
        else:
            raise _Failed("applies", f"illegal {m!s} was applied without IllegalAction")
        if c.fingerprint() != fp:
            raise _Failed("applies", f"refusing illegal {m!s} changed the state")
        checks["applies"] += 1


def _diff(got: dict, want: dict) -> str:
    extra, missing = Counter(got) - Counter(want), Counter(want) - Counter(got)
    return (f"extra {sorted(_BY_ID[i].text for i in extra.elements())}, "
            f"missing {sorted(_BY_ID[i].text for i in missing.elements())}")


#: Card object ids -> cards, for :func:`_diff` (every card of a match's universe is registered).
_BY_ID: dict[int, Card] = {}


def fuzz_game(game_id: str, seed: int, *, max_steps: int = MAX_STEPS, hand_steps: int = HAND_STEPS,
              log_dir: Path | None = None, forced: dict[str, Any] | None = None,
              budget: Budget | None = None, deadline: float | None = None) -> Tally:
    """Play and check one fuzz game (see the module docstring).

    Args:
        game_id: a registered game id.
        seed: the game's seed (rules, seats, moves and checks derive from it).
        max_steps: steps after which the match is truncated (not a failure).
        hand_steps: steps one hand may last; more is a ``termination`` failure.
        log_dir: when given, the game is written there as a log and verified
            (the file is removed when it verifies); with a sampling ``budget``, only
            when the budget allows the match's replays.
        forced: house rules set in every game (``--set``), the others drawn.
        budget: when the expensive checks run (:class:`Budget`); None: always (the full mode).
        deadline: a ``time.monotonic()`` value at which the match stops where it is (counted
            in ``Tally.cut``; its steps were checked, its replay compares those steps).

    Returns:
        A :class:`Tally` of one game (failures hold at most one entry: a game
        stops at its first failure).
    """
    budget = budget or Budget()
    t = Tally(games=1, seeds=[(seed, seed)])
    step = 0
    try:
        game, variant, n, rng = _setup(game_id, seed, forced)
        crng = random.Random(f"fuzz:{game_id}:{seed}:check")
        s = game.new_state(variant, n)
        universe = sorted(set(chain.from_iterable(s.zones().values())), key=lambda c: c.text)
        _BY_ID.update((id(c), c) for c in universe)
        cards = _cards(s)
        count = _checksum(s)
        recent: list[Action] = []
        played: list[Action] = []
        # decided at the start, so a match not replayed collects no log lines; with --long one match in
        # REPLAY_EVERY is replayed whatever the budget (a cheap game's run may never be ahead of its pace)
        replay = budget.match() or seed % REPLAY_EVERY == 0
        lines: list[tuple[Any, ...]] | None = [] if log_dir is not None and replay else None
        hand, hand_start = s.hand_number, 0
        cut = False
        checks = t.checks
        full = budget.full
        while True:
            legal = s.legal_actions()
            to_move = s.to_move
            # the cheap checks of every step: conservation (a checksum) and a legal move exactly when a seat moves
            if _checksum(s) != count:
                raise _Failed("conservation", f"cards by zone differ from the start: {_diff(_cards(s), cards)}")
            if to_move < 0:
                if legal:
                    raise _Failed("legal", f"legal actions at a {'chance' if to_move == CHANCE else 'terminal'} "
                                           "step")
            elif not legal:
                raise _Failed("legal", f"seat {to_move} is to move with no legal action")
            over = to_move == TERMINAL or (step >= max_steps and step == hand_start)
            cut = not over and deadline is not None and not step & 63 and time.monotonic() >= deadline
            a: Action | None = None
            illegal: list[Action] = []
            if over or cut:
                pass
            elif to_move == CHANCE:
                a = s.sample_chance(rng)
            else:
                a = legal[int(rng.random() * len(legal))]
                illegal = _check_near_misses(s, legal, a, universe, recent, crng, checks, not full)
                if len(recent) < RECENT:
                    recent.append(legal[int(crng.random() * len(legal))])
                else:
                    recent[step % RECENT] = legal[int(crng.random() * len(legal))]
            if full or over or cut or budget.step(step):  # and the last position of every match
                t0 = budget.clock()
                _check_expensive(game, s, n, cards, legal, illegal, crng, checks)
                if to_move == CHANCE and a is not None:
                    if game.parse_action(str(a)) != a:
                        raise _Failed("notation", f"chance outcome {a!s} does not parse back to the same action")
                    checks["notation"] += 1
                budget.charge(t0)
                t.sampled += 1
            if a is None:
                break  # over, truncated at the first hand boundary after max_steps, or cut by the deadline
            events = s.apply(a)
            step += 1
            played.append(a)
            if lines is not None:
                ended = [e for e in events if e.kind == "hand_over"]
                lines.append(("chance" if to_move == CHANCE else to_move, a, ended,
                              s.state_hash() if ended else None, s.scores() if ended else None, s.hand_number))
            if s.hand_number != hand:
                t.longest_hand = max(t.longest_hand, step - hand_start)
                hand, hand_start = s.hand_number, step
            elif step - hand_start > hand_steps:
                raise _Failed("termination", f"hand {hand} did not end within {hand_steps} steps")
        t.longest_hand = max(t.longest_hand, step - hand_start)
        budget.steps += step
        checks["conservation"] += step + 1
        checks["legal"] += step + 1
        checks["termination"] += 1
        if cut:
            t.cut = 1
        elif not s.is_over:
            t.truncated = 1
            t.truncated_seeds.append((seed, s.hand_number, [round(x, 1) for x in s.scores()]))
        elif len(s.scores()) != n or not set(s.winners()) <= set(range(n)):
            raise _Failed("termination", f"bad result: scores {s.scores()}, winners {s.winners()}")
        if replay:
            t0 = budget.clock()
            again, fp = _replay_unchecked(game_id, seed, max_steps, forced, steps=step if cut else None)
            t.bare_steps += len(again)
            t.bare_seconds += budget.clock() - t0
            if again != played or fp != s.fingerprint():
                first = next((i for i, (x, y) in enumerate(zip(again, played)) if x != y),
                             min(len(again), len(played)))
                raise _Failed("determinism", f"the seed played again differs from step {first + 1}")
            t.checks["determinism"] += 1
            t.replayed += 1
            if lines is not None and log_dir is not None:
                _check_log(game_id, seed, n, variant, lines, s, step, log_dir)
                t.logs += 1
                t.checks["log"] += 1
            budget.charge(t0)
    except _Failed as f:
        t.failures.append(Failure(game_id, seed, step, f.check, str(f), dict(forced or {})))
    except Exception as err:  # noqa: BLE001  any crash of the engine is a failure to report
        where = traceback.extract_tb(err.__traceback__)[-1]
        t.failures.append(Failure(game_id, seed, step, "crash", f"{type(err).__name__}: {err} "
                                  f"({Path(where.filename).name}:{where.lineno})", dict(forced or {})))
    t.steps = step
    return t


def _check_log(game_id: str, seed: int, n: int, variant: Any, lines: list, s: State, steps: int,
               log_dir: Path) -> None:
    """Write the match as a log (``engine.gamelog``: an action line per step, a check and a score line
    per hand, the result) and replay it with ``verify_log``; the file is removed when it verifies."""
    path = log_dir / f"fuzz-{game_id}-{seed}.jsonl"
    with gamelog.LogWriter(path, {
            "engine": gamelog.ENGINE_VERSION, "game": game_id, "rules": variant_to_table(variant),
            "seats": [{"spec": "ai:random", "name": f"Seat {i + 1}"} for i in range(n)],
            "seed": seed, "started": gamelog.now_iso()}) as writer:
        for i, (actor, action, events, hash_, totals_now, hand_now) in enumerate(lines, start=1):
            writer.action(i, actor, str(action))
            for e in events:
                if e.kind == "hand_over":
                    h = e.data.get("hand", hand_now)
                    writer.check(h, hash_)
                    totals = e.data.get("totals", totals_now)
                    writer.score(h, e.data.get("scores", totals), totals)
        if s.is_over:
            writer.result(s.winners(), s.scores(), s.state_hash())
    result = gamelog.verify_log(path)
    if not result.ok or result.finished != s.is_over or result.actions != steps:
        raise _Failed("log", f"{path}: line {result.line}: {result.reason}")
    path.unlink()


def fuzz_seeds(game_id: str, first: int, count: int, *, deadline: float | None = None,
               max_steps: int = MAX_STEPS, hand_steps: int = HAND_STEPS, log_every: int = LOG_EVERY,
               forced: dict[str, Any] | None = None, budget: Budget | None = None,
               log_root: Path | None = None) -> Tally:
    """Fuzz games with seeds ``first .. first + count - 1`` (stopping early at
    ``deadline``, a ``time.monotonic()`` value) and add up their tallies; the
    seeds played are in ``Tally.seeds``. One game in ``log_every`` (seed divisible
    by it; 0: none) is logged and verified in a temporary folder; ``forced``: see
    :func:`fuzz_game`. With a sampling ``budget`` (``--long``) a match under way at the
    deadline stops there (counted in ``Tally.cut``); in the full mode it is played out. ``log_root``:
    the folder for the logs (default: a new temporary one)."""
    total = Tally()
    with contextlib.ExitStack() as stack:
        tmp = log_root or Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="cardtable-fuzz-")))
        for seed in range(first, first + count):
            if deadline is not None and time.monotonic() >= deadline:
                break
            log_dir = tmp if log_every and seed % log_every == 0 else None
            total.add(fuzz_game(game_id, seed, max_steps=max_steps, hand_steps=hand_steps, log_dir=log_dir,
                                forced=forced, budget=budget,
                                deadline=deadline if budget is not None and not budget.full else None))
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


def _bench():
    """``benchmarks/bench.py`` as a module (its bare random playout is the yardstick of ``--long``)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("cardtable_bench", Path(__file__).with_name("bench.py"))
    mod = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(mod)  # type: ignore[union-attr]
    return mod


def bare_setup(game_id: str, forced: dict[str, Any] | None = None) -> tuple[int, dict[str, Any]]:
    """The seats and house rules of ``benchmarks/bench.py``'s random playout that ``--long`` is measured
    against: bench's seat count (Nags 4), its default rules, or for a game with single-round lines
    (``bench.ROUND_RULES``: Nogginate) its single rounds, which run more steps a second than whole matches
    (the stricter yardstick); the ``--set`` rules on top (Nogginate with cheat cards: bench's cheat line)."""
    bench = _bench()
    seats = {**bench.SEATS, "nags": 4}.get(game_id, GAMES[game_id].min_seats)
    rules: dict[str, Any] = {"fixed_rounds": 1} if game_id in bench.ROUND_RULES else {}
    return seats, {**rules, **(forced or {})}


def bare_rate(game_id: str, seconds: float, forced: dict[str, Any] | None = None) -> tuple[int, float]:
    """``benchmarks/bench.py``'s bare random playout (:func:`bare_setup`) for about ``seconds`` (whole
    matches, at least one): ``(steps, CPU seconds)``. The run's rates are per second of this
    process's CPU time (``time.process_time``), so other processes sharing the machine slow the
    bare playout and the fuzz alike and the ratio stays what the code makes it."""
    seats, rules = bare_setup(game_id, forced)
    c0 = time.process_time()
    _, _, actions, chances, _ = _bench().playouts(game_id, seats, seconds, seed=int(time.time()), rules=rules)
    return actions + chances, time.process_time() - c0


@dataclass
class LongRun:
    """The outcome of :func:`run_long`: the tally, the fuzz's own wall time, and the bare playout's
    steps and seconds measured in the same run (in slices between the fuzz's matches)."""

    tally: Tally
    wall: float
    bare_steps: int
    bare_seconds: float
    next_seed: int
    share: float
    pace: float
    cpu: float = 0.0  # the fuzz's CPU seconds (time.process_time)

    @property
    def rate(self) -> float:
        """Steps checked per CPU second."""
        return self.tally.steps / self.cpu if self.cpu > 0 else 0.0

    @property
    def bare(self) -> float:
        """The bare playout's steps per CPU second."""
        return self.bare_steps / self.bare_seconds if self.bare_seconds > 0 else 0.0

    @property
    def ratio(self) -> float:
        """Checked steps/s over the bare playout's steps/s (the goal: at least 1/3)."""
        return self.rate / self.bare if self.bare else 0.0


def run_long(game_id: str, seconds: float, *, seed: int = 1, share: float = LONG_SHARE, pace: float = LONG_PACE,
             max_steps: int = MAX_STEPS, hand_steps: int = HAND_STEPS, forced: dict[str, Any] | None = None,
             progress: float | None = None, out=None) -> LongRun:
    """The long-run mode (``--long --seconds N``): about ``seconds`` on one core, of which a tenth
    (2 to 60 s) measures ``benchmarks/bench.py``'s bare playout, in :data:`BARE_SLICES` slices spread
    between the fuzz's matches (so both see the same load on a shared machine), and the rest fuzzes
    games from ``seed`` on with the cheap checks at every step and the expensive ones within ``share``
    of the time while the run keeps ``pace`` times the bare playout's steps a second (:class:`Budget`);
    every match is logged in memory and, when the budget allows its replays, written and verified.
    A match under way at the end stops there (its steps were checked)."""
    out = out or sys.stdout
    bare_total = min(60.0, max(2.0, 0.1 * seconds))
    fuzz_total = max(1.0, seconds - bare_total)
    bare_steps, bare_seconds = bare_rate(game_id, bare_total / BARE_SLICES, forced)
    budget = Budget(share, seed, pace=pace * bare_steps / bare_seconds if bare_seconds > 0 else None)
    fuzz_time = fuzz_cpu = 0.0
    slices_done = 1
    total = Tally()
    last_note = time.monotonic()
    nxt = seed
    tmp = tempfile.TemporaryDirectory(prefix="cardtable-fuzz-")
    while fuzz_time < fuzz_total:
        t0, c0 = time.monotonic(), time.process_time()
        part = fuzz_seeds(game_id, nxt, 1, deadline=t0 + fuzz_total - fuzz_time, max_steps=max_steps,
                          hand_steps=hand_steps, log_every=1, forced=forced, budget=budget, log_root=Path(tmp.name))
        fuzz_time += time.monotonic() - t0
        fuzz_cpu += time.process_time() - c0
        total.add(part)
        nxt += 1
        if slices_done < BARE_SLICES and (fuzz_time >= fuzz_total or
                                          fuzz_time >= fuzz_total * slices_done / (BARE_SLICES - 1)):
            steps, secs = bare_rate(game_id, bare_total / BARE_SLICES, forced)
            bare_steps, bare_seconds, slices_done = bare_steps + steps, bare_seconds + secs, slices_done + 1
            budget.t0 += secs  # the budget's clock counts the fuzz's time only
            budget.pace = pace * bare_steps / bare_seconds
        if progress and time.monotonic() - last_note >= progress:
            last_note = time.monotonic()
            _note(out, game_id, total, fuzz_time)
    tmp.cleanup()
    total.seeds = _merge(total.seeds)
    return LongRun(total, fuzz_time, bare_steps, bare_seconds, nxt, share, pace, fuzz_cpu)


def report_long(game_id: str, r: LongRun, forced: dict[str, Any] | None = None, out=None) -> None:
    """Print a long run's report (:func:`report`'s lines, then the speed against the bare playout,
    the sampled share, the command that continues the run), ending with the line ``123,456 steps``."""
    out = out or sys.stdout
    t = r.tally
    report(game_id, t, r.wall, out)
    seats, rules = bare_setup(game_id, forced)
    sets = "".join(f" --set {k}={_toml_value(v)}" for k, v in (forced or {}).items())
    own = f"{t.bare_steps / t.bare_seconds:,.0f}" if t.bare_seconds > 0 else "-"
    print(f"  speed: {r.rate:,.0f} checked steps per CPU second ({t.steps / r.wall:,.0f} per wall second); bare "
          f"random playout (benchmarks/bench.py, {seats} seats, rules {rules or 'default'}) {r.bare:,.0f} steps per "
          f"CPU second in the same run: ratio {r.ratio:.2f} (goal 0.33); the fuzz's own matches unchecked "
          f"{own} steps/s", file=out)
    print(f"  expensive checks on {t.sampled:,} of {t.steps + t.games:,} positions "
          f"({100 * t.sampled / max(1, t.steps + t.games):.1f}%: at most {100 * r.share:.0f}% of the time, "
          f"while ahead of {r.pace:.2f} x the bare pace) and "
          f"at every match's end; {t.replayed:,} of {t.games:,} matches replayed (determinism, log); "
          f"{t.cut} cut at the deadline", file=out)
    print(f"  continue with: python benchmarks/fuzz.py {game_id} --long --seconds N --seed {r.next_seed}{sets}",
          file=out)
    print(f"{t.steps:,} steps", file=out, flush=True)


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
    p.add_argument("--long", action="store_true",
                   help="long-run mode on one core: cheap checks at every step, expensive ones sampled within "
                        f"--share of the time and at every match's end; needs --seconds (default share {LONG_SHARE})")
    p.add_argument("--share", type=float, default=LONG_SHARE, help="with --long: the share of the time (0..1) "
                                                                  "the expensive checks may take at most")
    p.add_argument("--pace", type=float, default=LONG_PACE, help="with --long: the pace to keep, as a share of "
                                                                "the bare playout's steps/s (the goal is 1/3)")
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
    if args.long:
        if args.seconds is None or args.seconds <= 0 or args.games is not None or args.jobs != 1 or len(ids) != 1:
            p.error("--long runs one game id for --seconds N on one core (no --games, no --jobs: run several "
                    "with different --seed to use more cores)")
        if not 0 < args.share <= 1:
            p.error("--share is a fraction of the time, in 0..1")
    if args.games is None and args.seconds is None:
        args.games = 200
    failed = False
    if forced:
        print("forced house rules: " + ", ".join(f"{k}={_toml_value(v)}" for k, v in forced.items()), flush=True)
    if args.long:
        r = run_long(ids[0], args.seconds, seed=args.seed, share=args.share, pace=args.pace,
                     max_steps=args.max_steps,
                     hand_steps=args.hand_steps, forced=forced, progress=args.progress)
        report_long(ids[0], r, forced)
        return 1 if r.tally.failures else 0
    for gid in ids:
        t, wall = run(gid, games=args.games, seconds=args.seconds, seed=args.seed, jobs=args.jobs,
                      max_steps=args.max_steps, hand_steps=args.hand_steps, log_every=args.log_every,
                      progress=args.progress, forced=forced)
        report(gid, t, wall)
        failed = failed or bool(t.failures)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
