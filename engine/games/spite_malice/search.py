"""Spite & Malice ``medium``/``hard``: flat Monte Carlo over whole-turn plans
(rules SM-7 to SM-13; ``ai-design-notes.md`` section 7.2, turn-level macro moves).

A decision of :class:`SpiteMaliceSearchBot`:

1. **Stock first** (SM-13): a natural stock top card that fits a play deck is
   played at once (decks of equal top are interchangeable).
2. **Plans.** A depth-first search over the seat's own moves (SM-8, SM-9) from
   the view, with transpositions merged (play decks compared as a sorted list
   of tops), enumerates *plans*: sequences of plays ending with a discard
   (SM-12), with a stock play (the next stock card is turned up, SM-6) or with
   an emptied hand (a refill, SM-11). Those ends are where the view next gains
   information, so a plan uses only cards the seat already sees. Each plan is
   scored by :func:`static_eval`; the best :data:`PLANS` (and the ``easy``
   bot's own plan) are kept.
3. **Rollouts with common random numbers.** For determinization ``k``
   (``view.determinize``) every plan is applied, then both seats play on with
   the ``easy`` bot for :data:`TURNS_AHEAD` turns with the same chance seed; the
   result is scored by :func:`rollout_score` (a win +100, a loss -100, else
   10 points per stock card of margin plus the horizon terms: own stock top
   playable or reachable, wild cards held). The rollouts call the ``easy``
   bot's :meth:`~engine.games.spite_malice.bots.SpiteMaliceEasyBot.pick` on a light
   view (:class:`_RolloutView`, no copies) without the legal-move list; ``pick``'s
   move is not taken from ``legal_actions()``, so it goes through the checked
   ``apply``; the plan search applies its legal moves with ``apply_trusted``.
   The loop is the shared paired flat Monte Carlo (:func:`engine.ai.flat_mc.paired_flat_mc`):
   the ``easy`` plan is played unless another beats it on the same
   determinizations by more than 1 point and :data:`MARGIN` standard errors of the paired difference;
   the chosen plan's remaining moves are replayed without a new search as long as the
   view is the one the plan expected.

Deterministic for a seed with ``iterations`` (= rollouts, one plan in one
determinization each); anytime with ``budget_s``. The bot reads nothing but
its view.

Latest measurement (2026-11-21, duplicate deals, ``ai:hard@300it`` against
``easy``, fresh seed 3031, 100 deals x 2 rotations): 59.8% [52.8, 66.3] of
games (a tie counts half), paired +1.75 [+0.80, +2.69] points; ~745 rollouts a
decision at the 0.8 s budget. Doubling the budget changes nothing measurable,
so the 3-turn horizon and its evaluation, not time, are the limit. The history
(speed-ups, the horizon-term fit, rejected trials) is in
``docs/ai-measurements.md``.
"""

from __future__ import annotations

import random
import time
from typing import Sequence, cast

from engine.ai.ismcts import ISMCTSBot, SearchProfile, SearchResult, search_reason
from engine.ai.base import BUDGETS, FORCED_REASON
from engine.ai.flat_mc import paired_flat_mc
from engine.games.spite_malice.bots import SpiteMaliceEasyBot, _Ctx
from engine.core import CHANCE, Action, State, View
from engine.games.spite_malice.game import (VALUE, Discard, Phase, PlayDiscard, PlayHand, PlayStock,
                                       SpiteMaliceState, SpiteMaliceView)

_PLAY = Phase.PLAY

#: Plans (besides the easy bot's) refined by rollouts.
PLANS = 6
#: Nodes expanded by the plan search per decision.
NODE_CAP = 1500
#: Standard errors by which a plan must beat the easy plan (paired) to be played instead.
MARGIN = 1.0
#: Turns (both seats) played by ``easy`` after the root turn's plan, before scoring.
TURNS_AHEAD = 3
#: Whether :func:`rollout_score` adds the horizon terms of :data:`HORIZON_WEIGHTS`.
HORIZON_EVAL = True
#: Points at a rollout's horizon (10 points = one stock card of margin): own stock top
#: playable at once, own stock top reachable with own cards, per own wild card in hand,
#: per opponent wild card in hand (subtracted). A least-squares fit of the final result
#: (x100) of 600 ``easy`` self-play games on these features gave 9.0 per stock card, 18.4,
#: 14.9, 6.7 and 6.5; here scaled to 10 per stock card.
HORIZON_WEIGHTS = (20.0, 16.0, 8.0, 7.0)


class _RolloutView:
    """The part of ``state.view(seat)`` that :meth:`SpiteMaliceEasyBot.pick` reads
    (SM-18: only what the seat may see), sharing the state's own lists (so the bot
    must not change them) instead of copying every deck into tuples: 1017 rollouts/s
    best against 905 with ``state.view(seat)`` (2026-11-23, ``docs/ai-measurements.md``)."""

    __slots__ = ("discards", "hand", "play", "seat", "stock_tops", "variant")

    def __init__(self, state: SpiteMaliceState, seat: int) -> None:
        self.seat = seat
        self.variant = state.variant
        self.hand = state.hands[seat]
        self.stock_tops = tuple(st[-1] if st else None for st in state.stocks)
        self.play = state.play
        self.discards = state.discards


def _easy() -> SpiteMaliceEasyBot:
    return SpiteMaliceEasyBot()


def _sig(state: SpiteMaliceState, me: int) -> tuple:
    """What the seat sees of ``state`` that a plan step changes (to check a cached plan)."""
    return (state.turns, state.game_no, tuple(state.hands[me]), tuple(tuple(p) for p in state.play),
            tuple(tuple(d) for d in state.discards[me]), len(state.stocks[0]), len(state.stocks[1]))


def _view_sig(view: SpiteMaliceView) -> tuple:
    me = view.seat
    return (view.turns, view.game_no, tuple(view.hand), tuple(tuple(p) for p in view.play),
            tuple(tuple(d) for d in view.discards[me]), view.stock_counts[0], view.stock_counts[1])


def _pile_penalty(pile: Sequence, wmin: int) -> float:
    """SM-8 move 3: a discard deck plays best as a run descending towards its top."""
    pen = 0.0
    for below, above in zip(pile, pile[1:]):
        u, v = VALUE[below], VALUE[above]
        if u >= wmin:
            pen += 8.0          # a buried wild card
        elif u == v + 1 or u == v:
            continue
        elif u < v:
            pen += 3.0          # a low card buried under a higher one
        else:
            pen += 1.0
    return pen


def static_eval(state: SpiteMaliceState, me: int, root_stock: int, root_hand: int, root_disc: int,
                kind: str, discard: Discard | None = None) -> float:
    """A plan's end from the seat's side, in rough points (higher is better).

    Args:
        state: the position after the plan's plays (``discard`` not yet applied).
        me: the searching seat; root_stock/root_hand/root_disc: its stock size,
            hand size and discard-deck card count at the root.
        kind: ``"discard"``, ``"stock"`` (ends with a stock play, SM-6) or ``"refill"`` (SM-11).
        discard: the ending discard for kind ``"discard"``.

    Terms: +50 per stock card played (SM-13); -25 when a play deck lets the
    opponent's natural stock top be played (SM-9); -1 per step between the
    play decks and the own stock top; +6 per wild card kept in hand; the
    discard decks' order (:func:`_pile_penalty`); +1 per hand card and +2 per
    discard-deck card played; +5 for a refill.
    """
    wmin, maxv = state._wmin, state._maxv
    tops = [len(p) for p in state.play]
    score = 50.0 * (root_stock - len(state.stocks[me]))
    if not state.stocks[me]:
        return score + 1000.0
    opp = state.stocks[1 - me]
    if opp:
        v = VALUE[opp[-1]]
        if v < wmin and (v - 1) in tops:
            score -= 25.0
    if kind != "stock":
        s = VALUE[state.stocks[me][-1]]
        if s < wmin:
            gap = min((s - 1 - t) if t < s else maxv for t in tops)
            score -= min(gap, 6)
    hand = list(state.hands[me])
    piles = [list(d) for d in state.discards[me]]
    if discard is not None:
        hand.remove(discard.card)
        piles[discard.pile].append(discard.card)
    score += 6.0 * sum(1 for c in hand if VALUE[c] >= wmin)
    score -= sum(_pile_penalty(p, wmin) for p in piles)
    played_hand = root_hand - len(state.hands[me]) if kind != "refill" else root_hand
    score += 1.0 * max(played_hand, 0)
    score += 2.0 * (root_disc - sum(len(d) for d in state.discards[me]))
    if kind == "refill":
        score += 5.0
    return score


def enumerate_plans(state: SpiteMaliceState, me: int, cap: int = NODE_CAP) -> list[tuple[float, list[Action]]]:
    """Step 2 of the module docstring: ``(static score, actions)`` of every plan
    found within ``cap`` expanded nodes, best first. ``state`` (a determinization
    at the seat's decision) is not changed; only the seat's own known cards move."""
    root_stock = len(state.stocks[me])
    root_hand = len(state.hands[me])
    root_disc = sum(len(d) for d in state.discards[me])
    seen: set = set()
    out: list[tuple[float, list[Action]]] = []
    budget = [cap]

    def key(s: SpiteMaliceState) -> tuple:
        return (tuple(sorted(len(p) for p in s.play)), tuple(s.hands[me]),
                tuple(len(d) for d in s.discards[me]), len(s.stocks[me]))

    def dfs(s: SpiteMaliceState, path: list[Action]) -> None:
        k = key(s)
        if k in seen or budget[0] <= 0:
            return
        seen.add(k)
        budget[0] -= 1
        tried_tops: set = set()
        for a in s.legal_actions():
            cls = type(a)
            if cls is Discard:
                out.append((static_eval(s, me, root_stock, root_hand, root_disc, "discard", cast(Discard, a)),
                            path + [a]))
                continue
            # decks with the same top are interchangeable for the same source
            play = cast("PlayHand | PlayStock | PlayDiscard", a)  # every other legal action is a play (SM-9)
            src = (("S",) if cls is PlayStock else ("D", cast(PlayDiscard, a).pile) if cls is PlayDiscard
                   else ("H", cast(PlayHand, a).card))
            t = (src, len(s.play[play.deck]))
            if t in tried_tops:
                continue
            tried_tops.add(t)
            n = s.clone()
            n.apply_trusted(a)  # from s.legal_actions()
            if cls is PlayStock or n.phase is not _PLAY:
                kind = "stock" if cls is PlayStock else "refill"
                out.append((static_eval(n, me, root_stock, root_hand, root_disc, kind), path + [a]))
                continue
            dfs(n, path + [a])

    dfs(state, [])
    out.sort(key=lambda x: -x[0])
    return out


def easy_plan(state: SpiteMaliceState, me: int, rng: random.Random) -> list[Action]:
    """The ``easy`` bot's moves from ``state`` up to its next discard, stock play or refill."""
    easy = _easy()
    s = state.clone()
    path: list[Action] = []
    while s.to_move == me and s.phase is _PLAY:
        v = s.view(me)
        a = easy.choose(v, v.legal_actions(), rng)
        path.append(a)
        s.apply_trusted(a)  # an element of the view's legal list, which is s.legal_actions()
        if type(a) in (Discard, PlayStock):
            break
    return path


def seat_features(state: SpiteMaliceState, seat: int) -> tuple[int, int, int, int, float]:
    """What a rollout's end position holds for ``seat`` (all of it public except
    the seat's own hand, which a determinization knows): ``(stock cards left,
    stock top playable at once, stock top reachable with own cards, wild cards
    in hand, discard-deck disorder)``.

    "Playable at once" (SM-9/SM-13): a wild stock top, or a play deck one below
    a natural one. "Reachable" (SM-8): a chain of hand cards, discard-deck tops
    and wild cards builds a play deck up to it (the ``easy`` bot's chain search),
    counted only when not playable at once. Disorder: :func:`_pile_penalty`
    summed over the seat's discard decks (points)."""
    wmin = state._wmin
    wilds = sum(1 for c in state.hands[seat] if VALUE[c] >= wmin)
    disorder = sum(_pile_penalty(d, wmin) for d in state.discards[seat])
    now, reach = _stock_prospect(state, seat)
    return len(state.stocks[seat]), now, reach, wilds, disorder


def _stock_prospect(state: SpiteMaliceState, seat: int) -> tuple[int, int]:
    """``(playable at once, reachable)`` of :func:`seat_features` (each 0 or 1)."""
    stock = state.stocks[seat]
    if not stock:
        return 0, 0
    v = VALUE[stock[-1]]
    tops = [len(p) for p in state.play]
    if v >= state._wmin or (v - 1) in tops:
        return 1, 0
    ctx = _Ctx(_RolloutView(state, seat))
    return 0, int(any(t < v - 1 and ctx.chain(t + 1, v - 1) is not None for t in tops))


def rollout_score(root: SpiteMaliceState, end: SpiteMaliceState, me: int) -> float:
    """SM-13/SM-17: +100 for a win, -100 for a loss, 0 for a tie; a rollout cut
    short scores 10 points per stock card shed more than the opponent, -8 when
    the opponent's stock top can be played on a play deck (SM-9), and, with
    :data:`HORIZON_EVAL`, the :data:`HORIZON_WEIGHTS` terms of
    :func:`seat_features`: the own stock top playable at once or reachable, and
    wild cards held by either seat."""
    if end.is_over or end.game_no != root.game_no:
        res = end.result
        return 0.0 if res is None or res < 0 else (100.0 if res == me else -100.0)
    shed = [len(root.stocks[i]) - len(end.stocks[i]) for i in range(2)]
    score = 10.0 * (shed[me] - shed[1 - me])
    opp = end.stocks[1 - me]
    if opp and VALUE[opp[-1]] < end._wmin and (VALUE[opp[-1]] - 1) in [len(p) for p in end.play]:
        score -= 8.0
    if HORIZON_EVAL:
        w_now, w_reach, w_wild, w_wild_opp = HORIZON_WEIGHTS
        now, reach = _stock_prospect(end, me)
        wmin = end._wmin
        score += w_now * now + w_reach * reach + w_wild * sum(1 for c in end.hands[me] if VALUE[c] >= wmin)
        score -= w_wild_opp * sum(1 for c in end.hands[1 - me] if VALUE[c] >= wmin)
    return score


class SpiteMaliceSearchBot(ISMCTSBot):
    """Levels ``medium`` and ``hard`` for Spite & Malice (module docstring).

    It is an :class:`ISMCTSBot` by interface (``budget_s``, ``iterations``,
    ``level``, ``last``) but searches whole-turn plans by flat Monte Carlo.
    ``choose(view, legal, rng)`` returns an element of ``legal``; raises
    ValueError when ``legal`` is empty.
    """

    def __init__(self, profile: SearchProfile, budget_s: float | None = None, iterations: int | None = None,
                 level: str = "hard", plans: int | None = None, turns_ahead: int | None = None,
                 margin: float | None = None) -> None:
        super().__init__(profile, budget_s=budget_s, iterations=iterations, level=level)
        self.plans = PLANS if plans is None else plans
        self.turns_ahead = TURNS_AHEAD if turns_ahead is None else turns_ahead
        self.margin = MARGIN if margin is None else margin
        self._cached: list[tuple[Action, tuple]] = []

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        view = cast(SpiteMaliceView, view)  # a Spite & Malice bot is only given its own game's view
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            self.last = None
            self._cached = []
            return legal[0]
        if self._cached:
            a, expect = self._cached[0]
            if expect == _view_sig(view) and a in legal:
                nxt = self._cached[1:]
                self._cached = nxt
                self.last = None
                return a
            self._cached = []
        # SM-13: a natural stock card that fits is always played
        top = view.stock_tops[view.seat]
        if top is not None and VALUE[top] < view.variant.wild_min:
            for a in legal:
                if type(a) is PlayStock:
                    self.last = None
                    return a
        return self.search(view, legal, rng).action

    def choose_with_reason(self, view: View, legal: Sequence[Action], rng: random.Random) -> tuple[Action, str]:
        """:meth:`choose` (the same move for the same ``rng``) and one line saying why:
        a forced move, the stock card played at once (SM-13), the next move of a plan
        searched earlier, or what the plan search found (:func:`engine.ai.ismcts.search_reason`)."""
        easy = self.heuristic_reason(view, legal)
        action = self.choose(view, legal, rng)
        if len(legal) == 1:
            return action, FORCED_REASON
        if self.last is None:
            if type(action) is PlayStock:
                return action, "plays your stock card at once: every stock card played is a step to winning"
            base = easy[1] if easy is not None and easy[0] == action else "the next move of the plan it chose"
            return action, base
        return action, search_reason(self.last, easy)

    def search(self, view: View, legal: Sequence[Action], rng: random.Random) -> SearchResult:
        """Steps 2 and 3 of the module docstring; caches the chosen plan's later moves.
        ``view`` is a :class:`SpiteMaliceView`."""
        view = cast(SpiteMaliceView, view)
        t0 = time.perf_counter()
        me = view.seat
        r = random.Random(int(rng.random() * 2**53))
        base = view.determinize(r)
        plans = self._candidate_plans(base, me, legal, r)
        if len(plans) > 1:
            found = paired_flat_mc(len(plans), lambda rr: int(rr.random() * 2**53),
                                   lambda seed, i, _late: self._plan_rollout(view, plans[i], seed), r,
                                   iterations=self.iterations, budget_s=self.budget_s, margin=self.margin,
                                   min_gain=1.0, t0=t0)
            scores, best = found.scores, found.best
        else:
            scores, best = [[]], 0
        counts = [len(x) for x in scores]
        means = [sum(x) / len(x) if x else float("-inf") for x in scores]
        plan = plans[best]
        # cache the rest of the plan with the view each step should meet
        s = base.clone()
        steps: list[tuple[Action, tuple]] = []
        for a in plan:
            s.apply(a)
            steps.append((a, _sig(s, me)))
        self._cached = [(plan[k + 1], steps[k][1]) for k in range(len(plan) - 1)]
        visits = {f"{me} {' / '.join(map(str, p))}": counts[i] for i, p in enumerate(plans) if counts[i]}
        values = {f"{me} {' / '.join(map(str, p))}": means[i] for i, p in enumerate(plans) if counts[i]}
        res = SearchResult(plan[0], sum(counts), time.perf_counter() - t0, visits, values, 1, unit="points",
                           chosen_key=f"{me} {' / '.join(map(str, plan))}")
        self.last = res
        return res

    def _candidate_plans(self, base: SpiteMaliceState, me: int, legal: Sequence[Action],
                         r: random.Random) -> list[list[Action]]:
        """The ``easy`` plan first, then up to :attr:`plans` more from the plan search,
        each starting with a legal move (at least one plan: the first legal move)."""
        ep = easy_plan(base, me, random.Random(int(r.random() * 2**53)))
        plans: list[list[Action]] = [ep] if ep and ep[0] in legal else []
        for _, p in enumerate_plans(base, me):
            if p not in plans and p[0] in legal:
                plans.append(p)
            if len(plans) >= self.plans + 1:
                break
        return plans or [[legal[0]]]

    def _plan_rollout(self, view: SpiteMaliceView, plan: list[Action], seed: int) -> float:
        """One determinization (``seed``: common to every plan) with ``plan`` applied, then ``easy`` play."""
        me = view.seat
        r = random.Random(seed)
        root = view.determinize(r)
        s = root.clone()
        for a in plan:
            s.apply(a)
        pick = cast(SpiteMaliceEasyBot, self.profile.rollout_bot).pick  # sm_profile's rollout bot
        limit = root.turns + self.turns_ahead + 1
        steps = 0
        while not s.is_over and s.game_no == root.game_no and s.turns < limit and steps < 400:
            steps += 1
            mover = s.to_move
            if mover == CHANCE:
                s.apply(s.sample_chance(r))
                continue
            s.apply(pick(_RolloutView(s, mover)))
        return rollout_score(root, s, me)


# -- the search profile and the levels -------------------------------------------

#: Spite & Malice: stock cards of margin that map to the edge of the evaluation's range.
SM_SCALE = 6.0


def sm_reward(root: State, end: State) -> list[float]:
    """SM-13/SM-17: 1 for the winner of the game, 0 for the loser, 0.5 each for a
    tie; a rollout cut short is scored by how many stock cards each seat got rid
    of (SM-13: emptying the stock wins), kept inside [0.05, 0.95]. Both states are SpiteMaliceStates."""
    root, end = cast(SpiteMaliceState, root), cast(SpiteMaliceState, end)
    if end.is_over or end.game_no != root.game_no:
        pts = end.game_points[len(root.game_points)]
        if pts[0] == pts[1]:
            return [0.5, 0.5]
        return [1.0, 0.0] if pts[0] > pts[1] else [0.0, 1.0]
    shed = [len(root.stocks[i]) - len(end.stocks[i]) for i in range(2)]
    r0 = 0.5 + (shed[0] - shed[1]) / (2 * SM_SCALE)
    r0 = 0.05 if r0 < 0.05 else 0.95 if r0 > 0.95 else r0
    return [r0, 1.0 - r0]


def sm_profile() -> SearchProfile:
    """The Spite & Malice profile given to :class:`engine.games.spite_malice.search.SpiteMaliceSearchBot`,
    which plans whole turns itself and takes only the rollout bot (``easy``) and,
    for a finished game, :func:`sm_reward` from it."""
    return SearchProfile(rollout_bot=SpiteMaliceEasyBot(), reward=sm_reward)


def make_search_bot(level: str = "hard", budget_s: float | None = None,
                    iterations: int | None = None) -> SpiteMaliceSearchBot:
    """The ``medium`` or ``hard`` Spite & Malice bot (whole-turn plans); with neither
    ``budget_s`` (seconds per decision) nor ``iterations``, the level's budget
    (:data:`engine.ai.base.BUDGETS`)."""
    if budget_s is None and iterations is None:
        budget_s = BUDGETS[level]
    return SpiteMaliceSearchBot(sm_profile(), budget_s=budget_s, iterations=iterations, level=level)
