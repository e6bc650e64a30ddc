"""Whole-turn plan generation for the rummy searches (issue 25): a bounded beam over a game's
own one-meld-per-action legal moves, with positions reached twice merged.

A **plan** is the list of a seat's moves from a decision to the end of its turn (melds,
adds/lay-offs, joker swaps, closes, powers, and the discard or other ending). A game
describes its turns with a :class:`TurnModel`; :func:`turn_plans` proposes the candidates
for the paired flat Monte Carlo (:mod:`engine.ai.flat_mc`):

1. ``easy``'s plan (the model's ``easy_move`` until the turn ends);
2. ``easy``'s melds with each other ending the model offers (other discards, asking...);
3. a beam: each depth keeps the ``beam`` positions with the best ``score`` among those one
   non-ending move further, positions with equal ``key`` merged (so the order of independent
   melds does not matter when the key ignores meld ids), at most ``nodes`` expansions; each
   kept position is finished twice, by ``easy``'s ending at once and by ``easy``'s
   continuation; the ``keep`` best finished plans by ``score`` join the candidates.

Plans are made on one determinization of the seat's view; a game's model must move only the
seat's own cards and public ones, so the plans are the same for every determinization.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any, Callable, Generic, Sequence, TypeVar, cast

from engine.ai.flat_mc import paired_flat_mc
from engine.ai.ismcts import SearchResult, search_reason
from engine.core import Action

St = TypeVar("St")


@dataclass
class TurnModel(Generic[St]):
    """How :func:`turn_plans` walks one game's turn (all from the seat ``me``'s side).

    Attributes:
        mine: ``(state) -> bool``: the seat is still in the part of its turn a plan covers.
        legal: ``(state) -> list[Action]``: the engine's legal moves there.
        is_end: ``(action) -> bool``: the action ends the turn (a discard, going out...).
        easy_move: ``(state) -> Action``: ``easy``'s move there (legal).
        endings: ``(state) -> list[Action]``: the ways to end the turn worth trying there,
            ``easy``'s first (each legal).
        key: ``(state) -> tuple``: the position a plan step changes (without meld ids).
        score: ``(state) -> float``: a static value of the position, higher is better.
        max_moves: a safety cap on a plan's length.
    """

    mine: Callable[[St], bool]
    legal: Callable[[St], list[Action]]
    is_end: Callable[[Action], bool]
    easy_move: Callable[[St], Action]
    endings: Callable[[St], list[Action]]
    key: Callable[[St], tuple]
    score: Callable[[St], float]
    max_moves: int = 60


def _play(s: Any, moves: Sequence[Action]) -> Any:
    d = s.clone()
    for a in moves:
        d.apply_trusted(a)  # every move was legal where the generator met it
    return d


def easy_plan(s: St, model: TurnModel[St]) -> list[Action]:
    """``easy``'s moves from ``s`` (not changed) to the end of the seat's turn."""
    d = cast(Any, s).clone()
    out: list[Action] = []
    while model.mine(d) and len(out) < model.max_moves:
        a = model.easy_move(d)
        out.append(a)
        d.apply_trusted(a)  # easy's moves are legal
    return out


def turn_plans(s: St, model: TurnModel[St], limit: int, beam: int, nodes: int, keep: int) -> list[list[Action]]:
    """Up to ``limit`` distinct plans from ``s`` (module docstring), ``easy``'s first; each
    starts with a move legal in ``s`` and is legal to its end. Two plans reaching the same
    ``key`` with the same last move are one."""
    plans: list[list[Action]] = []
    ends: set[tuple] = set()

    def add(p: list[Action]) -> bool:
        if not p or len(plans) >= limit:
            return False
        k = model.key(_play(s, p)) + (p[-1],)
        if k in ends:
            return False
        ends.add(k)
        plans.append(p)
        return True

    ep = easy_plan(s, model)
    add(ep)
    if ep and model.is_end(ep[-1]):
        pre = ep[:-1]
        for a in model.endings(_play(s, pre)):
            add(pre + [a])
    if len(plans) >= limit:
        return plans
    found: list[tuple[float, list[Action]]] = []
    seen = {model.key(s)}
    frontier: list[tuple[St, list[Action]]] = [(s, [])]
    expanded = 0
    while frontier and expanded < nodes:
        children: list[tuple[float, St, list[Action]]] = []
        for node, path in frontier:
            for a in model.legal(node):
                if model.is_end(a):
                    continue
                d = cast(Any, node).clone()
                d.apply_trusted(a)  # from the legal list
                if not model.mine(d):  # a move that hands the turn on ends the plan
                    found.append((model.score(d), path + [a]))
                    continue
                k = model.key(d)
                if k in seen:
                    continue
                seen.add(k)
                children.append((model.score(d), d, path + [a]))
            expanded += 1
            if expanded >= nodes:
                break
        children.sort(key=lambda x: -x[0])
        frontier = [(d, p) for _, d, p in children[:beam]]
        for d, p in frontier:
            for tail in (model.endings(d)[:1], easy_plan(d, model)):
                if tail:
                    full = p + tail
                    found.append((model.score(_play(s, full)), full))
    found.sort(key=lambda x: -x[0])
    kept = 0
    for _, p in found:
        if kept >= keep or len(plans) >= limit:
            break
        if add(p):
            kept += 1
    return plans


def plan_words(plan: Sequence[Action], laid: Callable[[Action], str | None],
               words: Callable[[Action], str]) -> str:
    """A turn's plan in a player's words for the hint (issue 25), new melds laid one after
    another said together: ``"lay 4♠5♠6♠ and 7♣7♦JK, lay off 8♠ on m2, discard K♦"``.

    Args:
        plan: the turn's moves in order.
        laid: the game's words for a move that lays a new meld (its cards), ``None`` for any
            other move.
        words: the game's words for any other move.

    Returns:
        The moves joined by commas; ``""`` for no moves.
    """
    out: list[str] = []
    lays: list[str] = []
    for a in plan:
        meld = laid(a)
        if meld is not None:
            lays.append(meld)
            continue
        if lays:
            out.append("lay " + " and ".join(lays))
            lays = []
        out.append(words(a))
    if lays:
        out.append("lay " + " and ".join(lays))
    return ", ".join(out)


class PlanSearch:
    """The part of a ``medium``/``hard`` rummy bot that chooses a whole-turn plan once a turn
    and plays it out (issue 25). Mixed into an :class:`engine.ai.ismcts.ISMCTSBot` subclass
    (``budget_s``, ``iterations``, ``margin``, ``easy``, ``last``), which provides the hooks:

    * ``_turn_plans(base, legal) -> list[list[Action]]``: the candidates on the determinization
      ``base`` (``easy``'s first), e.g. from :func:`turn_plans`;
    * ``_plan_sample(view, r)``: one sample of the flat Monte Carlo (a determinization first);
    * ``_plan_rollout(sample, plan, late) -> float | None``: ``plan`` played (checked moves)
      on a copy of the sample's determinization, then the game's rollout and score;
    * ``_view_key(view) -> tuple``: what a plan step changes in the view;
    * ``_plan_words(plan) -> str``: the plan in words (the hint).

    The chosen plan's later moves are cached, each with the view it should meet; a move of the
    cache is played while the view is that one, else the seat searches again. The hint keeps one
    such bot between hints (:meth:`engine.session.Session.hint_with_reason`), so it shows the whole
    plan (:meth:`plan_words_ahead`) and searches once a turn.
    """

    plan_min_gain: float = 0.0

    def _init_plans(self) -> None:
        self._cached: list[tuple[Action, tuple]] = []
        self._plan_text = ""
        self._step: Action | None = None  # the move of the plan chosen last (a plan decision's answer)

    def _forced_step(self, a: Action) -> None:
        """A forced move (the only legal one): consumed from the cached plan when it is its next move."""
        self._step = None
        if self._cached and self._cached[0][0] == a:
            self._cached = self._cached[1:]
            self._step = a

    def plan_ahead(self, action: Action) -> list[Action]:
        """The rest of this turn's plan when the last decision played ``action`` as a step of it:
        ``action`` first, then the moves still cached (the view each expects is not checked
        here); [] when the last decision was not a plan step (the acquisition, an answer...)."""
        if self._step is None or self._step != action:
            return []
        return [action] + [a for a, _ in self._cached]

    def plan_words_ahead(self, action: Action) -> str:
        """:meth:`plan_ahead` in the game's words (``_plan_words``), or "" without a plan."""
        ahead = self.plan_ahead(action)
        return cast(Any, self)._plan_words(ahead) if ahead else ""

    def _plan_step(self, v: Any, legal: Sequence[Action], rng: random.Random,
                   easy: tuple[Action, str]) -> tuple[Action, str]:
        """The next move of this turn's plan: the cached plan while the view is the one it
        expected, else a new plan search (:meth:`search_plans`)."""
        if self._cached:
            a, expect = self._cached[0]
            self._cached = self._cached[1:]
            if expect == cast(Any, self)._view_key(v) and a in legal:
                self._step = a
                return a, easy[1] if easy[0] == a else f"the next move of the plan it chose: {self._plan_text}"
            self._cached = []
        res = self.search_plans(v, legal, rng)
        self._step = res.action
        return res.action, search_reason(res, easy)

    def search_plans(self, view: Any, legal: Sequence[Action], rng: random.Random) -> SearchResult:
        """This turn's plans compared by paired flat Monte Carlo (:func:`engine.ai.flat_mc.paired_flat_mc`);
        returns the :class:`engine.ai.ismcts.SearchResult` (also in ``last``) and caches the
        chosen plan's later moves with the view each should meet."""
        bot: Any = self
        t0 = time.perf_counter()
        me = view.seat
        r = random.Random(int(rng.random() * 2**53))
        base = view.determinize(r)
        plans = [p for p in bot._turn_plans(base, legal) if p and p[0] in legal]
        if not plans:
            plans = [[bot.easy.decide(view, legal, random.Random(0))]]
        if len(plans) > 1:
            found = paired_flat_mc(
                len(plans), lambda rr: bot._plan_sample(view, rr),
                lambda smp, i, late: bot._plan_rollout(smp, plans[i], late), r,
                iterations=bot.iterations, budget_s=bot.budget_s, margin=bot.margin,
                min_gain=self.plan_min_gain, t0=t0)
            scores, best = found.scores, found.best
        else:
            scores, best = [[]], 0
        plan = plans[best]
        s = base.clone()
        steps: list[tuple[Action, tuple]] = []
        for a in plan:
            s.apply_trusted(a)  # legal in base, where the plan was made
            steps.append((a, bot._view_key(s.view(me))))
        self._cached = [(plan[k + 1], steps[k][1]) for k in range(len(plan) - 1)]
        self._plan_text = bot._plan_words(plan)
        keys = [f"{me} {' / '.join(map(str, p))}" for p in plans]
        visits = {keys[i]: len(x) for i, x in enumerate(scores) if x}
        values = {keys[i]: sum(x) / len(x) for i, x in enumerate(scores) if x}
        res = SearchResult(plan[0], sum(len(x) for x in scores), time.perf_counter() - t0, visits, values, 1,
                           unit="points", chosen_key=keys[best])
        bot.last = res
        return res
