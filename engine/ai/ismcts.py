"""A generic single-observer Information Set MCTS bot (SO-ISMCTS, Cowling, Powley
& Whitehouse 2012) for any game that implements the engine contract
(``docs/engine.md``): ``View.determinize(rng)``, ``State.legal_actions``,
``apply`` (``apply_trusted`` in the rollouts), ``clone``, ``sample_chance``, ``scores`` and ``team_of``.

One search builds **one tree keyed by the searching seat's information**:

* every iteration draws a fresh determinization from the bot's own view
  (``view.determinize``), so the search never touches a hidden card;
* a tree edge is a tuple ``(acting seat, action)`` (actions are frozen,
  hashable values), so the same move in different determinizations shares a
  node, and an opponent's node is *not* keyed by its (sampled) hand;
* a chance outcome is an edge too, keyed ``(CHANCE, observation)`` by what the
  searching seat observes of it (``State.observation(outcome, seat)``: a card
  turned face up is public, an opponent's draw is only a count), so an
  opponent's hidden draw does not open a new child per sampled card;
* selection uses UCB1 on rewards in [0, 1] with **availability counts** (an
  action that exists only in some determinizations is scored against the
  number of iterations in which it was legal);
* each node is credited with the reward of the seat that moved into it
  (a reward per seat, shared by partners through ``team_of``);
* rollouts follow the game's ``easy`` heuristic with about one move in five
  uniformly random, and may stop early with an evaluation
  (:attr:`SearchProfile.stop` / :attr:`SearchProfile.reward`);
* the move played is the most visited root child.

The search is anytime: with ``budget_s`` it checks ``time.perf_counter`` after
every iteration and stops at its budget; with ``iterations`` it runs exactly
that many and is deterministic for a given ``rng`` seed (all randomness is
drawn with ``Random.random()``). It returns at once when only one move is
legal.
"""

from __future__ import annotations

import math
import random
import re
import time
from dataclasses import dataclass
from typing import Callable, Sequence, TypeVar, cast

from engine.ai.flat_mc import paired_flat_mc
from engine.ai.base import Bot, HeuristicBot, Reason, choose_with_reason
from engine.cards import pretty_text
from engine.core import CHANCE, TERMINAL, Action, State, View, rand_below

_V = TypeVar("_V")

#: UCB exploration constant for rewards in [0, 1] (Cowling et al. 2012; ~ sqrt(2)/2).
DEFAULT_C = 0.7
#: Share of rollout moves chosen uniformly at random instead of by the heuristic.
DEFAULT_EPSILON = 0.2


def heuristic_move(bot: HeuristicBot) -> Callable[[View, Sequence[Action], random.Random], Action]:
    """``(view, legal, rng) -> Action``: ``bot``'s move (a flat search's default move)."""
    return bot.choose


# ---------------------------------------------------------------------------
# What a game tells the search
# ---------------------------------------------------------------------------

def margin_reward(root: State, end: State, scale: float) -> list[float]:
    """Reward per seat in [0, 1] from the points scored between ``root`` and ``end``.

    Each seat's gain (``end.scores() - root.scores()``, in the game's points) is
    averaged over its partnership (``team_of``); a seat's reward is
    ``0.5 + (team gain - mean gain of the other teams) / (2 * scale)``,
    clipped to [0, 1]. Partners therefore always receive the same reward.
    """
    before, after = root.scores(), end.scores()
    n = len(after)
    teams: dict[int, list[int]] = {}
    for s in range(n):
        teams.setdefault(end.team_of(s), []).append(s)
    gain = {t: sum(after[s] - before[s] for s in seats) / len(seats) for t, seats in teams.items()}
    out = [0.5] * n
    if len(gain) < 2:
        return out
    for s in range(n):
        t = end.team_of(s)
        others = [g for u, g in gain.items() if u != t]
        r = 0.5 + (gain[t] - sum(others) / len(others)) / (2 * scale)
        out[s] = 0.0 if r < 0 else 1.0 if r > 1 else r
    return out


def end_of_hand(root: State, state: State, plies: int) -> bool:
    """Stop a rollout when the hand (game, deal) that was running at ``root`` is over."""
    return state.hand_number != root.hand_number


@dataclass
class SearchProfile:
    """How ISMCTS searches one game.

    Attributes:
        rollout_bot: the heuristic (``easy``) bot used in rollouts; it is given
            ``state.view(seat)`` of the determinized state.
        reward: ``(root_state, end_state) -> list[float]``: reward per seat in
            [0, 1] at the end of a rollout (terminal or stopped).
        stop: ``(root_state, state, plies) -> bool``: stop the rollout (or the
            descent) here and evaluate with ``reward``; ``plies`` counts player
            and chance steps since the root.
        candidates: optional ``(view, legal, rng) -> list[Action]``: the root
            actions worth searching (a subset of ``legal``); None searches all.
        epsilon: the share of rollout moves drawn uniformly at random.
        c: the UCB exploration constant.
        flat: True, or a predicate ``(view, legal) -> bool`` deciding per
            decision: instead of the tree, a root-only Monte Carlo with **common random
            numbers**: each sample draws one determinization and one pair of
            seeds (chance, policy) and plays every candidate from it, so the
            candidates are compared on the same deals and the same draws
            (paired differences; far less noise per rollout than UCB's
            independent samples). ``iterations`` then counts rollouts.
        default: optional ``(view, legal, rng) -> Action``: the heuristic's move.
            It is played unless another candidate beats it by more
            than ``deviate_z`` standard errors of the reward difference (paired
            with ``flat``, unpaired in the tree) and by more than ``deviate_min``
            reward: the search only deviates from the heuristic on evidence.
        deviate_z: see ``default``.
        deviate_min: see ``default`` (reward units, [0, 1] scale).
        decide: optional ``(bot, view, legal, rng) -> SearchResult | None``: a
            game's own decision procedure, tried first (with the bot's
            ``budget_s``/``iterations``); None lets the search run as usual.
    """

    rollout_bot: Bot
    reward: Callable[[State, State], list[float]]
    stop: Callable[[State, State, int], bool] = end_of_hand
    candidates: Callable[[View, Sequence[Action], random.Random], list[Action]] | None = None
    epsilon: float = DEFAULT_EPSILON
    c: float = DEFAULT_C
    flat: bool | Callable[[View, Sequence[Action]], bool] = False
    default: Callable[[View, Sequence[Action], random.Random], Action] | None = None
    deviate_z: float = 1.5
    deviate_min: float = 0.0
    decide: Callable[["ISMCTSBot", View, Sequence[Action], random.Random], "SearchResult | None"] | None = None


# ---------------------------------------------------------------------------
# The tree
# ---------------------------------------------------------------------------

class _Node:
    """One information set of the searching seat (the path of observed edges)."""

    __slots__ = ("children", "visits", "total", "avail", "seat", "sq")

    def __init__(self, seat: int) -> None:
        self.children: dict[tuple, _Node] = {}
        self.visits = 0
        self.total = 0.0     # sum of the rewards of ``seat`` (the seat that moved into this node)
        self.avail = 1       # iterations in which this edge was legal (availability count)
        self.seat = seat     # -1 for a chance edge and for the root
        self.sq = 0.0        # sum of squared rewards (kept for the root's children only)


@dataclass
class SearchResult:
    """What one search found (for tests, tuning and the benchmark).

    Attributes:
        action: the chosen action (most visited root child).
        iterations: iterations run.
        seconds: wall time of the search.
        visits: root edge (as text, ``"seat notation"``) -> visits.
        values: root edge key -> mean reward of the searching seat.
        max_depth: the deepest tree node reached (in edges from the root).
        tree: the root node (for tests and diagnostics).
        unit: what ``values`` measure: ``"reward"`` (the profile's reward in [0, 1])
            or ``"points"`` (the game's points, as a game's own decision procedure
            may report them).
        chosen_key: the ``values`` key of the move played when it is not its notation
            (a whole-turn plan); None otherwise.
    """

    action: Action
    iterations: int
    seconds: float
    visits: dict[str, int]
    values: dict[str, float]
    max_depth: int
    tree: _Node | None = None
    unit: str = "reward"
    chosen_key: str | None = None


_S = TypeVar("_S", bound=State)


def paired_search(view: View, cands: Sequence[Action], rng: random.Random, *, seeds: int,
                  rollout: Callable[[_S, _S, list[random.Random], float | None], bool],
                  score: Callable[[_S, _S, int], float], iterations: int | None, budget_s: float | None,
                  margin: float, min_gain: float) -> SearchResult:
    """Paired flat Monte Carlo over single moves ``cands`` (the Nickels and Nogginate small
    decisions), on the shared loop :func:`engine.ai.flat_mc.paired_flat_mc`.

    Each sample determinizes ``view`` once and draws ``seeds`` generator seeds; every
    candidate is played from a clone of it: ``rollout(state after the candidate, the
    determinized root, generators, deadline)`` plays on in place and returns False when it
    passed the deadline (the sample is then dropped, as the comparison is paired);
    ``score(root, end, seat)`` is the candidate's score in points. Stops after ``iterations``
    rollouts or ``budget_s`` seconds (None: no such bound); ``cands[0]`` is the heuristic's own
    move and is replaced only on evidence (``margin``, ``min_gain``). Returns the
    :class:`SearchResult` (visits and mean values by ``"<seat> <action>"``; unit points)."""
    t0 = time.perf_counter()
    me = view.seat
    r = random.Random(int(rng.random() * 2**53))

    def sample(rr: random.Random) -> tuple[_S, list[int]]:
        d0 = cast(_S, view.determinize(rr))  # the game's own state class
        return d0, [int(rr.random() * 2**53) for _ in range(seeds)]

    def one(smp: tuple[_S, list[int]], i: int, late: float | None) -> float | None:
        d0, drawn = smp
        d = cast(_S, d0.clone())
        d.apply_trusted(cands[i])  # a legal move of this seat (cands are taken from legal)
        if not rollout(d, d0, [random.Random(x) for x in drawn], late):
            return None
        return score(d0, d, me)

    found = paired_flat_mc(len(cands), sample, one, r, iterations=iterations, budget_s=budget_s,
                           margin=margin, min_gain=min_gain, t0=t0)
    scores = found.scores
    visits = {f"{me} {a}": len(scores[i]) for i, a in enumerate(cands) if scores[i]}
    values = {f"{me} {a}": sum(scores[i]) / len(scores[i]) for i, a in enumerate(cands) if scores[i]}
    return SearchResult(cands[found.best], found.rollouts, time.perf_counter() - t0, visits, values, 1,
                        unit="points")


def action_words(text: str) -> str:
    """An action's notation (``"play 7H 7D"``) with its card codes as a player reads
    them (``"play 7♥ 7♦"``, :func:`engine.cards.pretty_text`); other words are kept."""
    return pretty_text(text)


def _value_text(value: float, unit: str) -> str:
    return f"{value:+.1f} points" if unit == "points" else f"{value:.0%}"


def search_reason(res: SearchResult, heuristic: tuple[Action, str] | None = None) -> Reason:
    """What a search found, for a hint: plain words a player reads at the table, and
    the figures behind them as :attr:`engine.ai.base.Reason.details` (shown on request).

    The words never claim more than the figures hold: "the other choices did worse in
    trial games" only when the chosen move's mean is the best; else they name the move
    that scored higher and say it was not clearly enough to change the choice.
    ``heuristic`` is the ``easy`` bot's ``(move, reason)`` at the same decision: when the
    search chose the same move, its reason leads ("keeps the ace; the other choices did
    worse in trial games"); when the search overruled it, the words say so.

    ``res.values`` keys are notation, optionally after the seat (``"0 play 7H"``), or
    whole-turn plans (``"play 3H P1 / discard 9S D2"``, ``res.chosen_key`` naming the
    one played). The details read ``100 trial games: this move +3.0 points on average,
    A♦ -5.0 points`` (``rated 60%`` for a search rated in rewards)."""
    values = {re.sub(r"^\d+ ", "", k): v for k, v in res.values.items()}
    chosen = _key_for(values, str(res.action), re.sub(r"^\d+ ", "", res.chosen_key or ""))
    same = heuristic is not None and heuristic[0] == res.action
    rule = heuristic[1] if same and heuristic is not None else None
    if chosen is None or len(values) < 2:
        return Reason(rule or "the search's choice")
    n = res.iterations
    first = chosen.partition(" / ")[0]
    others = [k for k in values if k.partition(" / ")[0] != first]  # plans starting otherwise
    mine = (f"{_value_text(values[chosen], res.unit)} on average" if res.unit == "points"
            else f"rated {_value_text(values[chosen], res.unit)}")
    if not others:
        return Reason(rule or "every plan the search tried starts with it",
                      f"{n} trial games: this move {mine}")
    alt = max(others, key=lambda k: values[k])
    other = _overruled(values, heuristic, same, first)
    shown = [alt] if other is None or other == alt else [other, alt]
    details = (f"{n} trial games: this move {mine}, "
               + ", ".join(f"{_first_move(k)} {_value_text(values[k], res.unit)}" for k in shown))
    return Reason(_reason_words(values, chosen, alt, other, rule, heuristic), details)


def _overruled(values: dict[str, float], heuristic: tuple[Action, str] | None, same: bool,
               first: str) -> str | None:
    """The ``values`` key of the rule of thumb's move when the search chose another first
    move (None when they agree or the search did not try it)."""
    if heuristic is None or same:
        return None
    other = _key_for(values, str(heuristic[0]))
    return None if other is None or other.partition(" / ")[0] == first else other


def _reason_words(values: dict[str, float], chosen: str, alt: str, other: str | None, rule: str | None,
                  heuristic: tuple[Action, str] | None) -> str:
    """:func:`search_reason`'s words: never more than the figures hold (``alt`` is the best
    plan starting otherwise, ``other`` the overruled rule of thumb's, ``rule`` its reason
    when the search agreed with it)."""
    best = values[chosen] >= values[alt]
    unclear = f"{_first_move(alt)} scored higher in trial games, but not clearly enough to change the choice"
    if rule is not None:
        return f"{rule}; " + ("the other choices did worse in trial games" if best else unclear)
    if other is not None and heuristic is not None:
        if values[chosen] >= values[other]:
            return (f"in trial games it did better than {_first_move(other)}, the rule of thumb's choice "
                    f"({heuristic[1]})")
        return f"the search's choice over {_first_move(other)}, the rule of thumb's ({heuristic[1]})"
    return "it did best in trial games" if best else unclear


def _key_for(values: dict[str, float], action: str, preferred: str = "") -> str | None:
    """The ``values`` key of a move: ``preferred`` if present, the move's notation, or
    the first plan that starts with the move."""
    if preferred and preferred in values:
        return preferred
    if action in values:
        return action
    return next((k for k in values if k.partition(" / ")[0] == action), None)


def _first_move(key: str) -> str:
    """A root edge's words: the first move of a plan (``"a / b"``), its cards pretty
    (a card play is named by its cards alone: ``"3♣"``)."""
    first, sep, _ = key.partition(" / ")
    words = action_words(first)
    if words.startswith("play ") and all(len(w) >= 2 and w[-1] in "♣♦♥♠" for w in words[5:].split()):
        words = words[5:]
    return words + (" and on" if sep else "")


def _texts(by_edge: dict[tuple, _V]) -> dict[str, _V]:
    """Root edges ``(seat, action)`` as ``"seat notation"`` text, for results and reports."""
    return {f"{k[0]} {k[1]}": v for k, v in by_edge.items()}


def _ucb_child(children: dict[tuple, _Node], items: list[tuple[tuple, Action]], c: float) -> tuple[_Node, Action]:
    """UCB1 with availability counts among ``items`` (edge key, action), every one
    already a child: the best child and its action; each child's ``avail`` counts
    this iteration."""
    best_s = -1.0  # every UCB score beats it
    best: tuple[_Node, Action] | None = None
    log, sqrt = math.log, math.sqrt
    for key, a in items:
        ch = children[key]
        s = ch.total / ch.visits + c * sqrt(log(ch.avail) / ch.visits)
        if s > best_s:
            best_s, best = s, (ch, a)
    for key, _ in items:
        children[key].avail += 1
    assert best is not None
    return best


class ISMCTSBot(HeuristicBot):
    """A single-observer ISMCTS bot (see the module docstring).

    Args:
        profile: the game's :class:`SearchProfile`.
        budget_s: seconds per decision (anytime; checked after each iteration).
        iterations: a fixed number of iterations instead (deterministic for a seed).
            With both, the search stops at whichever comes first. With neither,
            0.8 s is used.
        level: the seat-spec level name this bot plays as (``medium``, ``hard``).

    ``choose(view, legal, rng)`` returns one element of ``legal`` and reads
    nothing but ``view``; all its randomness comes from ``rng.random()``.
    """

    def __init__(self, profile: SearchProfile, budget_s: float | None = None, iterations: int | None = None,
                 level: str = "hard") -> None:
        if budget_s is None and iterations is None:
            budget_s = 0.8
        self.profile = profile
        self.budget_s = budget_s
        self.iterations = iterations
        self.level = level
        self.last: SearchResult | None = None

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        """Pick an action for ``view.seat`` from ``legal`` (a forced move at once,
        else :meth:`search`; ``last`` is None after a forced move).

        Raises:
            ValueError: if ``legal`` is empty.
        """
        self.last = None
        return super().choose(view, legal, rng)

    def decide(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        """The searched move among two or more legal actions."""
        return self.search(view, legal, rng).action

    def choose_with_reason(self, view: View, legal: Sequence[Action], rng: random.Random) -> tuple[Action, str]:
        """:meth:`choose` (the same move for the same ``rng``) and one line saying what the
        search found (:func:`search_reason`, with the heuristic's reason when it agrees).

        Raises:
            ValueError: if ``legal`` is empty.
        """
        self.last = None
        return super().choose_with_reason(view, legal, rng)

    def decide_with_reason(self, view: View, legal: Sequence[Action], rng: random.Random) -> tuple[Action, str]:
        """The searched move and :func:`search_reason` for it."""
        res = self.search(view, legal, rng)
        return res.action, search_reason(res, self.heuristic_reason(view, legal))

    def heuristic_reason(self, view: View, legal: Sequence[Action]) -> tuple[Action, str] | None:
        """The profile's rollout heuristic (the game's ``easy`` bot): its move and reason
        at this decision, drawn with a generator of its own (the search's is untouched)."""
        return choose_with_reason(self.profile.rollout_bot, view, legal, random.Random(0))

    # -- the search --------------------------------------------------------
    def search(self, view: View, legal: Sequence[Action], rng: random.Random) -> SearchResult:
        """Run one search from ``view`` and return its :class:`SearchResult` (also kept in ``last``):
        the game's own ``decide`` when it answers, else the flat search or the tree."""
        prof = self.profile
        r = random.Random(int(rng.random() * 2**53))  # seeded from ints: stable across Python versions
        res = prof.decide(self, view, legal, r) if prof.decide is not None else None
        if res is None:
            cands = list(legal)
            if prof.candidates is not None:
                cands = [a for a in prof.candidates(view, legal, r) if a in legal] or list(legal)
            root_keys: dict[tuple, Action] = {(view.seat, a): a for a in cands}
            if len(root_keys) == 1:
                res = SearchResult(next(iter(root_keys.values())), 0, 0.0, {}, {}, 0)
            elif prof.flat is True or (callable(prof.flat) and prof.flat(view, legal)):
                res = self._flat_search(view, legal, root_keys, r)
            else:
                res = self._tree_search(view, legal, root_keys, r)
        self.last = res
        return res

    def _tree_search(self, view: View, legal: Sequence[Action], root_keys: dict[tuple, Action],
                     r: random.Random) -> SearchResult:
        """The ISMCTS tree over the root moves ``root_keys``, for the bot's budget."""
        root = _Node(-1)
        start = time.perf_counter()
        deadline = None if self.budget_s is None else start + self.budget_s
        limit = self.iterations
        n = max_depth = 0
        while (limit is None or n < limit) and (deadline is None or not n or time.perf_counter() < deadline):
            n += 1
            max_depth = max(max_depth, self._iterate(view, root, root_keys, r))
        seconds = time.perf_counter() - start
        visits = {k: ch.visits for k, ch in root.children.items()}
        values = {k: ch.total / ch.visits for k, ch in root.children.items() if ch.visits}
        best_key = max(root_keys, key=lambda k: (visits.get(k, 0), values.get(k, 0.0)))
        if self.profile.default is not None:
            best_key = self._keep_default(view, legal, root_keys, root, best_key, r)
        return SearchResult(root_keys[best_key], n, seconds, _texts(visits), _texts(values), max_depth, root)

    def _iterate(self, view: View, root: _Node, root_keys: dict[tuple, Action], r: random.Random) -> int:
        """One iteration: a fresh determinization, selection and expansion down the
        tree, a rollout, and the rewards backed up the path. Returns the depth reached."""
        prof = self.profile
        d = view.determinize(r)
        base = d.clone()  # the root of this determinization, for rewards and the stop test
        path, plies = self._descend(d, base, root, root_keys, view.seat, r)
        self._rollout(d, base, plies, r)
        rewards = prof.reward(base, d)
        for nd in path:
            nd.visits += 1
            if nd.seat >= 0:
                nd.total += rewards[nd.seat]
        if len(path) > 1 and path[1].seat >= 0:
            path[1].sq += rewards[path[1].seat] ** 2
        return len(path) - 1

    def _descend(self, d: State, base: State, root: _Node, root_keys: dict[tuple, Action], me: int,
                 r: random.Random) -> tuple[list[_Node], int]:
        """Selection and expansion on ``d``: chance edges keyed by what ``me`` observes,
        UCB1 with availability counts among tried moves, and the first untried move
        (at random) opens a new node. Returns the path of nodes and the plies played."""
        stop = self.profile.stop
        node = root
        path = [root]
        plies = 0
        while True:
            tm = d.to_move
            if tm == TERMINAL or (plies and stop(base, d, plies)):
                return path, plies
            if tm == CHANCE:
                outcome = d.sample_chance(r)
                key = (CHANCE, d.observation(outcome, me))
                d.apply(outcome)
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = _Node(-1)
            else:
                items = list(root_keys.items()) if node is root else [((tm, a), a) for a in d.legal_actions()]
                untried = [ka for ka in items if ka[0] not in node.children]
                if untried:
                    key, a = untried[rand_below(r, len(untried))]
                    d.apply(a)
                    node.children[key] = _Node(tm)
                    path.append(node.children[key])
                    return path, plies + 1
                child, a = _ucb_child(node.children, items, self.profile.c)
                d.apply(a)
            plies += 1
            node = child
            path.append(node)

    def _keep_default(self, view: View, legal: Sequence[Action], root_keys: dict[tuple, Action], root: _Node,
                      best_key: tuple, r: random.Random) -> tuple:
        """Tree mode with ``SearchProfile.default``: the heuristic's root move
        unless ``best_key`` beats it by more than ``deviate_z`` standard errors
        (unpaired, from the root children's reward sums) and ``deviate_min``."""
        prof = self.profile
        assert prof.default is not None  # only called when the profile has a default
        dk = (view.seat, prof.default(view, legal, r))
        b, d = root.children.get(best_key), root.children.get(dk)
        if dk not in root_keys or dk == best_key:
            return best_key
        if b is None or d is None or b.visits < 2 or d.visits < 2:
            return dk
        mb, md = b.total / b.visits, d.total / d.visits
        vb = max(0.0, b.sq / b.visits - mb * mb) / (b.visits - 1)
        vd = max(0.0, d.sq / d.visits - md * md) / (d.visits - 1)
        diff = mb - md
        if diff <= prof.deviate_min or diff <= prof.deviate_z * math.sqrt(vb + vd):
            return dk
        return best_key

    def _flat_search(self, view: View, legal: Sequence[Action], root_keys: dict[tuple, Action],
                     r: random.Random) -> SearchResult:
        """Root-only Monte Carlo with common random numbers (``SearchProfile.flat``).

        Every sample is one determinization plus one chance seed and one policy
        seed, shared by all candidates; the result's ``values`` are mean rewards
        of the searching seat and ``visits`` the rollouts per candidate.
        """
        prof = self.profile
        me = view.seat
        keys = list(root_keys)
        dflt_key = (me, prof.default(view, legal, r)) if prof.default is not None else None
        start = time.perf_counter()
        deadline = None if self.budget_s is None else start + self.budget_s
        limit = self.iterations
        sums = {k: 0.0 for k in keys}
        visits = {k: 0 for k in keys}
        rows: list[list[float]] = []  # complete samples (every candidate), for the paired test
        n = 0
        while (limit is None or n < limit) and (deadline is None or not rows or time.perf_counter() < deadline):
            row = self._flat_sample(view, [root_keys[k] for k in keys], r, None if limit is None else limit - n)
            for k, v in zip(keys, row):
                sums[k] += v
                visits[k] += 1
            n += len(row)
            if len(row) == len(keys):
                rows.append(row)
        values = {k: sums[k] / visits[k] for k in keys if visits[k]}
        best_key = max(values, key=lambda k: values[k])
        if dflt_key in root_keys and best_key != dflt_key and not self._paired_better(rows, keys, best_key, dflt_key):
            best_key = dflt_key
        res = SearchResult(root_keys[best_key], n, time.perf_counter() - start, _texts(visits), _texts(values), 1,
                           None)
        self.last = res
        return res

    def _flat_sample(self, view: View, moves: list[Action], r: random.Random, budget: int | None) -> list[float]:
        """One sample of the flat search: a determinization and one pair of seeds
        (chance, policy) shared by every move; the searching seat's reward after each
        of the first ``budget`` moves (all of them with None)."""
        d0 = view.determinize(r)
        seed_c, seed_p = int(r.random() * 2**53), int(r.random() * 2**53)
        row = []
        for a in moves[:budget]:  # an iteration budget counts rollouts exactly
            d = d0.clone()
            d.apply(a)
            self._rollout(d, d0, 1, random.Random(seed_p), random.Random(seed_c))
            row.append(self.profile.reward(d0, d)[view.seat])
        return row

    def _paired_better(self, rows: list[list[float]], keys: list[tuple], best: tuple, default: tuple) -> bool:
        """Whether ``best`` beats ``default`` on the paired samples ``rows`` by more
        than ``deviate_z`` standard errors and more than ``deviate_min`` (False with
        fewer than two samples)."""
        m = len(rows)
        if m < 2:
            return False
        i, j = keys.index(best), keys.index(default)
        diffs = [row[i] - row[j] for row in rows]
        mean = sum(diffs) / m
        se = math.sqrt(sum((x - mean) ** 2 for x in diffs) / (m - 1) / m)
        return not (mean <= self.profile.deviate_min or mean <= self.profile.deviate_z * se)

    def _rollout(self, d: State, base: State, plies: int, r: random.Random,
                 rc: random.Random | None = None) -> None:
        """Play ``d`` on with the noisy heuristic until it ends or the profile stops it
        (chance outcomes drawn with ``rc`` when given, else with ``r``)."""
        prof = self.profile
        bot = prof.rollout_bot
        eps = prof.epsilon
        stop = prof.stop
        # The rollout bot picks from the legal list: no second check (State.apply_trusted;
        # a duck-typed state without it is applied with its own apply).
        apply = getattr(d, "apply_trusted", None) or d.apply
        while True:
            tm = d.to_move
            if tm == TERMINAL or (plies and stop(base, d, plies)):
                return
            if tm == CHANCE:
                apply(d.sample_chance(r if rc is None else rc))
            else:
                legal = d.legal_actions()
                if len(legal) == 1:
                    a = legal[0]
                elif r.random() < eps:
                    a = legal[rand_below(r, len(legal))]
                else:
                    a = bot.choose(d.view(tm), legal, r)
                apply(a)
            plies += 1
