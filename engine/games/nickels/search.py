"""Nickels ``medium``/``hard``: flat Monte Carlo with common random numbers over
the small decisions (rules NK-11 to NK-21; ``five-games.md``, "Bots for
compound turns"; ``ai-design-notes.md`` section 7.2, Nickels).

A decision of :class:`NickelsSearchBot`:

1. **The rule of thumb first.** The search base's move and reason
   (:class:`engine.games.nickels.bots.NickelsSearchBaseBot`: ``easy``'s rules, but claiming a
   card that brings the contract to 2 missing and discarding the costlier card with partners
   first; alone it beats ``easy``, 1.28x the fair share of whole matches).
2. **The play phase: whole-turn plans** (issue 25). At the seat's first play-phase decision
   of a turn, :func:`engine.games.nickels.plans.turn_plans` proposes up to :data:`PLANS`
   plans besides ``easy``'s (going down with its melds in some order, joker swaps, lay-offs
   and the discard; ``easy``'s melds with other discards; a bounded beam over the engine's
   moves); the shared paired flat Monte Carlo (:class:`engine.ai.plans.PlanSearch`) compares
   them with rollouts cut after :data:`PLAN_TURNS_AHEAD` turns, and the chosen plan is then
   played move by move without searching again while the view is the one it expected.
   **Other decisions: candidates** (:func:`candidates`): take or pass the top discard (NK-13b/d)
   when the card could matter (it lowers the contract distance or has a partner
   in hand; once down, always); claim or pass an offer (NK-13c) when the card
   lowers the distance. Other decisions are the base's at once.
3. **Rollouts with common random numbers.** Sample ``k`` draws one
   determinization of the view (``view.determinize``: the cards a seat took from
   the discard pile stay in its hand) and one chance seed and one policy seed;
   every candidate is applied to a copy and the other seats play on with ``easy``, the
   searching seat with the base (``apply_trusted``, the moves come from the legal list) until
   the round ends or :data:`ACQUIRE_TURNS_AHEAD` (take or pass, claim or pass; the analysis
   board's rollouts :data:`TURNS_AHEAD`) more turns have started. The score (:func:`rollout_score`)
   is the penalty-point margin, in points, higher is better: the mean of the other
   seats' points minus the seat's own, the round's real points when it ended,
   else the estimate :func:`estimate_points` (a line in the hand's penalty points per
   class of seat: down, or not down by contract distance; fitted on ``easy`` self-play).
4. **Keep the base's move unless a clear gain.** The base's move is played unless
   another candidate beats it on the same samples by more than :data:`MIN_GAIN`
   points and :data:`MARGIN` standard errors of the paired difference.

Deterministic for a seed with ``iterations`` (= rollouts, one candidate in one
sample each); anytime with ``budget_s``. The bot reads nothing but its view.

Latest measurement (2026-11-27, ``benchmarks/rummy_strength.py``, duplicate deals, fresh seed,
loaded 2-core machine): ``hard@30it`` against three ``easy``, whole matches (seed 25401, 56
matches): 1.57x the fair share [1.10, 2.09], paired -10.6 [-16.7, -4.6] penalty points a round;
its base alone 1.28x [1.14, 1.43], -6.1 (seed 5002, 600 matches). At the default 0.8 s budget:
decision p99 921 ms. More in ``docs/ai-measurements.md``.
"""

from __future__ import annotations

import random
import time
from typing import Sequence, cast

from engine.ai.base import BUDGETS, FORCED_REASON, margin_reward
from engine.ai.plans import PlanSearch
from engine.ai.ismcts import ISMCTSBot, SearchProfile, SearchResult, paired_search, search_reason
from engine.core import CHANCE, Action, State, View
from engine.games.nickels.bots import (NickelsEasyBot, NickelsSearchBaseBot, contract_distance, discard_order,
                                       usefulness)
from engine.games.nickels.plans import plan_words, turn_plans
from engine.games.nickels.game import ROUNDS, Claim, Decline, Discard, NickelsState, NickelsView, Phase, Take

#: Discards (the best of the ``easy`` ranking) compared by the search.
DISCARDS = 3
#: Turns started after the decision's turn before a rollout is scored (4 seats: two orbits).
TURNS_AHEAD = 8
#: Standard errors of the paired difference by which a candidate must beat the ``easy`` move.
MARGIN = 1.5
#: Points (per round) by which a candidate must beat the ``easy`` move on average.
MIN_GAIN = 2.0
#: A rollout stops after this many moves whatever happens (a safety cap).
MAX_STEPS = 2000
#: Plans compared per turn besides ``easy``'s (:func:`.plans.turn_plans`).
PLANS = 5
#: Turns started after the plan's turn before a plan's rollout is scored (as :data:`TURNS_AHEAD`).
PLAN_TURNS_AHEAD = 8
#: Turns started after a take-or-pass or claim-or-pass decision before its rollout is scored: a
#: claim's cost (two more cards to shed, no more claims once down) lands after 8 turns, where the
#: round-end estimate's correlation with the real margin is 0.60 (0.86 at 24 turns).
ACQUIRE_TURNS_AHEAD = 24


#: :func:`estimate_points`' fitted line per class of seat, ``(slope per penalty point in hand,
#: points)``: a seat that is down, then a seat not down by contract distance 0..4 (4: 4 or more),
#: outside and in the 12 hand. Least squares of the round's real points on the hand's penalty
#: points in 130 ``easy`` self-play matches (15,460 turn starts, 4 seats each; docs/ai-plans.md).
EST_DOWN = (0.471, -0.1)
EST_NOT_DOWN = ((0.101, 4.6), (0.011, 47.6), (0.121, 49.5), (0.244, 51.5), (0.399, 48.7))
EST_NOT_DOWN_TWELVE = ((0.365, 20.5), (0.483, 24.5), (0.362, 48.6), (0.261, 63.3), (0.430, 48.6))


def estimate_points(state: NickelsState, seat: int) -> float:
    """The points ``seat`` is expected to score in the running round (NK-21), from its
    hand: ``slope * penalty + points`` (:data:`EST_DOWN`, :data:`EST_NOT_DOWN`,
    :data:`EST_NOT_DOWN_TWELVE`), the line of its class: down, or not down at
    :func:`~engine.games.nickels.bots.contract_distance` 0 to 4+ (the unmelded 25 is in
    the fitted points). Fitted on ``easy`` self-play: a hand one card from its contract
    scores about 48 whatever its penalty points (it usually goes down, then out)."""
    pen = state._pen
    pts = float(sum(pen.of(c) for c in state.hands[seat]))
    if state.down_turn[seat] >= 0:
        a, b = EST_DOWN
    else:
        table = EST_NOT_DOWN_TWELVE if state.round_no == ROUNDS - 1 else EST_NOT_DOWN
        a, b = table[min(4, contract_distance(state.hands[seat], state.contract))]
    return a * pts + b


def rollout_score(root: NickelsState, end: NickelsState, me: int) -> float:
    """The penalty-point margin of ``me`` (points, higher is better): the other
    seats' mean points minus its own, for the round running at ``root``: its real
    points (NK-21) when it ended, else :func:`estimate_points`."""
    k = len(root.round_scores)
    if len(end.round_scores) > k:
        pts = [float(x) for x in end.round_scores[k]]
    else:
        pts = [estimate_points(end, s) for s in range(end.n_seats)]
    others = [pts[s] for s in range(len(pts)) if s != me]
    return sum(others) / len(others) - pts[me]


def candidates(view: NickelsView, legal: Sequence[Action], easy_move: Action,
               penalty_first: bool = False) -> list[Action]:
    """Step 2 of the module docstring: the moves worth searching, ``easy_move``
    first; a single element means no search. The other discards follow
    :func:`~engine.games.nickels.bots.discard_order` (``penalty_first``: the base's ranking)."""
    v = view
    me = v.seat
    down = v.down_turn[me] >= 0
    if v.phase in (Phase.ACQUIRE, Phase.AFTER):
        top = v.discards[-1]
        hand = list(v.hand)
        if down:
            return [easy_move, Decline() if easy_move == Take() else Take()]
        if (contract_distance(hand + [top], v.contract) < contract_distance(hand, v.contract)
                or usefulness(top, hand, v.contract) > 0):
            return [easy_move, Decline() if easy_move == Take() else Take()]
        return [easy_move]
    if v.phase == Phase.OFFER:
        if v.round_no == ROUNDS - 1:
            return [easy_move]
        top = v.discards[-1]
        hand = list(v.hand)
        if contract_distance(hand + [top], v.contract) < contract_distance(hand, v.contract):
            return [easy_move, Decline() if easy_move == Claim() else Claim()]
        return [easy_move]
    if type(easy_move) is not Discard:
        return [easy_move]
    ranked = [a for _, a in discard_order(v, [cast(Discard, a) for a in legal if type(a) is Discard],
                                          penalty_first)]
    out: list[Action] = [easy_move]
    out.extend(a for a in ranked if a != easy_move)
    return out[:DISCARDS]


class NickelsSearchBot(PlanSearch, ISMCTSBot):
    """Levels ``medium`` and ``hard`` for Nickels (module docstring).

    An :class:`ISMCTSBot` by interface (``budget_s``, ``iterations``, ``level``,
    ``last``); it searches by flat Monte Carlo around the ``easy`` move.
    ``choose(view, legal, rng)`` returns an element of ``legal``; raises
    ValueError when ``legal`` is empty.
    """

    def __init__(self, profile: SearchProfile, budget_s: float | None = None, iterations: int | None = None,
                 level: str = "hard", turns_ahead: int | None = None, margin: float | None = None) -> None:
        super().__init__(profile, budget_s=budget_s, iterations=iterations, level=level)
        self.turns_ahead = TURNS_AHEAD if turns_ahead is None else turns_ahead
        self.margin = MARGIN if margin is None else margin
        self.easy = cast(NickelsEasyBot, profile.rollout_bot)
        #: the first candidate and the searching seat's own rollout policy (the other seats play ``easy``)
        self.base: NickelsEasyBot = NickelsSearchBaseBot()
        self._me = -1
        self.plans = PLANS
        self.plan_turns = PLAN_TURNS_AHEAD
        self.acquire_turns = ACQUIRE_TURNS_AHEAD
        self.plan_min_gain = MIN_GAIN
        self._init_plans()

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        return self.choose_with_reason(view, legal, rng)[0]

    def choose_with_reason(self, view: View, legal: Sequence[Action], rng: random.Random) -> tuple[Action, str]:
        """The move (the same for the same ``rng`` as :meth:`choose`) and one line
        saying why: the forced move, the ``easy`` rule of thumb when nothing was
        searched, or what the search found (:func:`engine.ai.ismcts.search_reason`).

        Raises:
            ValueError: if ``legal`` is empty.
        """
        if not legal:
            raise ValueError("no legal action to choose from")
        self.last = None
        if len(legal) == 1:
            self._forced_step(legal[0])
            return legal[0], FORCED_REASON
        v = cast(NickelsView, view)  # a Nickels bot is only given its own game's view
        self._me = v.seat
        easy = self.base.decide_with_reason(v, legal, random.Random(0))
        if v.phase == Phase.PLAY and v.to_move == v.seat:
            return self._plan_step(v, legal, rng, easy)
        self._cached = []
        cands = [a for a in candidates(v, legal, easy[0], self.base.discard_penalty_first) if a in legal]
        if len(cands) < 2:
            return easy
        res = self.search_candidates(v, cands, rng)
        return res.action, search_reason(res, easy)

    # -- whole-turn plans (the play phase; engine.ai.plans.PlanSearch's hooks) ---------
    def _turn_plans(self, base: NickelsState, legal: Sequence[Action]) -> list[list[Action]]:
        return turn_plans(base, base.to_move, self.plans + 1, self.base)

    def _plan_sample(self, view: NickelsView, r: random.Random) -> tuple[NickelsState, int, int]:
        return view.determinize(r), int(r.random() * 2**53), int(r.random() * 2**53)

    def _plan_rollout(self, smp: tuple[NickelsState, int, int], plan: list[Action],
                      late: float | None) -> float | None:
        d0, seed_c, seed_p = smp
        d = d0.clone()
        for a in plan:
            d.apply(a)  # checked: a plan made on one determinization, played in another
        if not self._rollout_from(d, d0, random.Random(seed_p), random.Random(seed_c), late, self.plan_turns):
            return None
        return rollout_score(d0, d, d0.to_move)

    def _view_key(self, v: NickelsView) -> tuple:
        return (v.round_no, v.turn_no, v.phase, v.to_move, tuple(sorted(c.order for c in v.hand)), v.melds,
                v.down_turn, len(v.discards), v.hand_sizes)

    def _plan_words(self, plan: list[Action]) -> str:
        return plan_words(plan)

    def decide(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        return self.choose(view, legal, rng)

    def decide_with_reason(self, view: View, legal: Sequence[Action], rng: random.Random) -> tuple[Action, str]:
        return self.choose_with_reason(view, legal, rng)

    def search(self, view: View, legal: Sequence[Action], rng: random.Random) -> SearchResult:
        """Search every candidate of :func:`candidates` (at least two assumed: with one,
        the result holds it with no rollouts). ``view`` is a :class:`NickelsView`."""
        v = cast(NickelsView, view)
        self._me = v.seat
        if v.phase == Phase.PLAY and v.to_move == v.seat:
            return self.search_plans(v, legal, rng)
        easy = self.base.decide_with_reason(v, legal, random.Random(0))
        cands = [a for a in candidates(v, legal, easy[0], self.base.discard_penalty_first) if a in legal] or [easy[0]]
        if len(cands) < 2:
            res = SearchResult(cands[0], 0, 0.0, {}, {}, 0, unit="points")
            self.last = res
            return res
        return self.search_candidates(v, cands, rng)

    def search_candidates(self, view: NickelsView, cands: list[Action], rng: random.Random) -> SearchResult:
        """Step 3 and 4 of the module docstring over ``cands`` (``cands[0]`` is the ``easy`` move)."""
        res = paired_search(view, cands, rng, seeds=2,
                            rollout=lambda d, d0, rngs, late: self._rollout_from(d, d0, rngs[1], rngs[0], late,
                                                                                 self.acquire_turns),
                            score=rollout_score, iterations=self.iterations,
                            budget_s=self.budget_s, margin=self.margin, min_gain=MIN_GAIN)
        self.last = res
        return res

    def _chance_outcome(self, d: State, rc: random.Random) -> Action:
        """A rollout's chance step: ``d.sample_chance(rc)`` (an oracle probe overrides it)."""
        return d.sample_chance(rc)

    def _rollout_from(self, d: NickelsState, root: NickelsState, rp: random.Random, rc: random.Random,
                      deadline: float | None = None, turns_ahead: int | None = None) -> bool:
        """Play ``d`` on with ``easy`` for every other seat and :attr:`base` for the searching
        seat until the round running at ``root`` ends or :attr:`turns_ahead` more turns have
        started; False when ``time.perf_counter()`` passed ``deadline`` first (the rollout is
        abandoned)."""
        easy, base, me = self.easy, self.base, self._me
        clock = time.perf_counter
        k = len(root.round_scores)
        limit = root.turn_no + (self.turns_ahead if turns_ahead is None else turns_ahead)
        steps = 0
        while (not d.is_over and len(d.round_scores) == k and d.turn_no <= limit and steps < MAX_STEPS):
            steps += 1
            if deadline is not None and not steps % 16 and clock() > deadline:
                return False
            tm = d.to_move
            if tm == CHANCE:
                d.apply_trusted(self._chance_outcome(d, rc))
                continue
            legal = d.legal_actions()
            a = legal[0] if len(legal) == 1 else (base if tm == me else easy).decide(d.view(tm), legal, rp)
            d.apply_trusted(a)  # from d.legal_actions()
        return True


# -- the search profile and the levels -------------------------------------------

def nk_reward(root: State, end: State) -> list[float]:
    """NK-21: a reward per seat in [0, 1] from the round's penalty-point margin
    (:func:`rollout_score` / 200 around 0.5, clipped); both states are NickelsStates."""
    root_s, end_s = cast(NickelsState, root), cast(NickelsState, end)
    return [margin_reward(rollout_score(root_s, end_s, s), 200.0) for s in range(end_s.n_seats)]


def nk_profile() -> SearchProfile:
    """The Nickels profile given to :class:`NickelsSearchBot`, which takes only the
    rollout bot (``easy``) from it (and :func:`nk_reward` for generic tools)."""
    return SearchProfile(rollout_bot=NickelsEasyBot(), reward=nk_reward)


def make_search_bot(level: str = "hard", budget_s: float | None = None,
                    iterations: int | None = None) -> NickelsSearchBot:
    """The ``medium`` or ``hard`` Nickels bot; with neither ``budget_s`` (seconds per
    decision) nor ``iterations`` (rollouts per decision), the level's budget
    (:data:`engine.ai.base.BUDGETS`)."""
    if budget_s is None and iterations is None:
        budget_s = BUDGETS[level]
    return NickelsSearchBot(nk_profile(), budget_s=budget_s, iterations=iterations, level=level)


__all__ = ["NickelsSearchBot", "candidates", "estimate_points", "make_search_bot", "nk_profile",
           "rollout_score"]
