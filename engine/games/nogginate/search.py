"""Nogginate ``medium``/``hard``: flat Monte Carlo with common random numbers over the
small decisions of a compound turn (rules NG-26 to NG-51; ``five-games.md``, "Bots for
compound turns").

A decision of :class:`NogginateSearchBot`:

1. **The rule of thumb first.** The ``easy`` planner's move and reason
   (:func:`engine.games.nogginate.bots.plan_move`).
2. **The meld phase: whole-turn plans** (issue 25). At the seat's first meld-phase decision
   of a turn, :func:`engine.games.nogginate.plans.turn_plans` proposes up to :data:`PLANS`
   plans besides ``easy``'s (its melds with other endings, and a bounded beam over the
   engine's meld moves: melds and their order, adds, closes, merges, the Bonus card, the
   cheat powers, the discard or asking the partner); the shared paired flat Monte Carlo
   (:class:`engine.ai.plans.PlanSearch`, :func:`engine.ai.flat_mc.paired_flat_mc`) compares
   them with rollouts cut after :data:`PLAN_TURNS_AHEAD` turns, and the chosen plan is then
   played move by move without searching again while the view is the one it expected.
   **Other decisions: candidates** (:func:`candidates`): the acquisition
   (draw, the best way to take the pile, the top card onto each open Noggi; NG-26,
   NG-36, NG-37); the partner's yes or no (NG-45d); with cheat cards (NG-11), when the
   planner draws cheat cards, ``draw 1c1x``, ``draw 2x`` and ``draw`` (NG-26; searched only
   then: a cheat draw loses on average, and a noisy search offered it at every draw picked
   it by chance too often, ``hard@24it`` 41.9% against ``easy``).
3. **Rollouts with common random numbers.** Each sample is one determinization of the
   view (``view.determinize``: the partner's hand is as hidden as an opponent's, except
   the cards it showed, NG-C6; cards a seat took with a pile stay in its hand; the cheat
   stock is its own pool), and one chance seed (the planner is deterministic);
   every candidate is applied to a copy and all seats play on with the ``easy``
   planner (:func:`~engine.games.nogginate.bots.state_move`: proposals checked one by
   one with the engine's legality code, no legal lists, ``apply_trusted``) until the
   round ends or :data:`TURNS_AHEAD` more turns have started. The score
   (:func:`rollout_score`) is the **team margin** in points, higher is better: the
   seat's team's round points minus the best other team's, the real points (NG-51)
   when the round ended, else :func:`~engine.games.nogginate.bots.team_estimate`.
   Partners share it, so a partner plays (and answers) for the team.
4. **Keep ``easy`` unless a clear gain**: another candidate is played only when it
   beats the ``easy`` move on the same samples by more than :data:`MIN_GAIN` points
   and :data:`MARGIN` standard errors of the paired difference
   (:func:`engine.ai.base.paired_pick`).

Deterministic for a seed with ``iterations`` (rollouts, one candidate in one sample
each); anytime with ``budget_s`` (a rollout past the deadline is abandoned once each
candidate has one sample). The bot reads nothing but its view.

Measured (2026-11-27, plans, ``benchmarks/rummy_strength.py``, duplicate deals, one round
each, loaded 2-core machine; ``docs/ai-measurements.md``): ``hard@60it`` against ``easy``,
2 seats, seed 25101: 72 of 114 rounds, 63.2% [54.0, 71.4], paired +444 [+239, +648] points a
round (the cheating oracle at the same budget 73.1% on the first 26); a ``hard@60it``
partnership, 4 seats, seed 25102: 64.9% [56.9, 72.1] of 148; with cheat cards, seed 25104:
67.7% [59.1, 75.3] of 124. ``hard`` at 0.8 s: decision p50 0.1 ms, p99 832 ms.
"""

from __future__ import annotations

import random
import time
from typing import Sequence, cast

from engine.ai.base import BUDGETS, FORCED_REASON, margin_reward
from engine.ai.plans import PlanSearch
from engine.ai.ismcts import ISMCTSBot, SearchProfile, SearchResult, paired_search, search_reason
from engine.core import CHANCE, Action, State, View
from engine.games.nogginate.bots import Ctx, NogginateEasyBot, discard_key, end_turn, pile_choice, plan_move, \
    state_move, team_estimate
from engine.games.nogginate.cheats import POWER_CARD
from engine.games.nogginate.plans import plan_words, turn_plans
from engine.games.nogginate.game import ASK, DRAW, DRAW_CHEATS, DRAW_MIXED, NO, YES, Discard, NewNate, NewNoggi, \
    NogginateState, NogginateView, Onto, Phase

#: Discards (the best of the ``easy`` ranking) compared by the search.
DISCARDS = 3
#: Turns started after the decision's turn before a rollout is scored with the round-end
#: estimate (:func:`rollout_score`); was 400 (to the round's end) before issue 25: a rollout to
#: the round's end costs about 5 times as much, and the plan search needs the samples.
TURNS_AHEAD = 8
#: Standard errors of the paired difference by which a candidate must beat the ``easy`` move.
MARGIN = 1.0
#: Points (team margin, per round) by which a candidate must beat the ``easy`` move on average.
MIN_GAIN = 10.0
#: A rollout stops after this many moves whatever happens (a safety cap).
MAX_STEPS = 3000
#: Plans compared per turn besides ``easy``'s (:func:`.plans.turn_plans`).
PLANS = 5
#: Turns started after the plan's turn before a plan's rollout is scored with the round-end
#: estimate (:func:`rollout_score`); ``docs/ai-plans.md``.
PLAN_TURNS_AHEAD = TURNS_AHEAD


def view_key(v: NogginateView) -> tuple:
    """What a plan step changes in the seat's view (a cached plan's next move is played only
    while the view is the one the plan expected)."""
    return (v.round_no, v.turn_no, v.phase, v.to_move, tuple(sorted(c.order for c in v.hand)), v.melds,
            v.bonuses, v.need, v.permission, v.asked, len(v.discards), v.hand_sizes, v.cheat_discards)


def rollout_score(root: NogginateState, end: NogginateState, seat: int) -> float:
    """The team margin of ``seat`` (points, higher is better) for the round running at
    ``root``: its team's points minus the best other team's, the real round points
    (NG-51) when the round ended in ``end``, else :func:`team_estimate` of each team."""
    k = len(root.round_scores)
    team = end.team_idx[seat]
    if len(end.round_scores) > k:
        pts = [float(x) for x in end.round_scores[k]]
    else:
        pts = [team_estimate(end.melds, t, end.bonuses[t], [end.hands[s] for s in members])
               for t, members in enumerate(end.teams)]
    return pts[team] - max(p for t, p in enumerate(pts) if t != team)


def candidates(view: NogginateView, legal: Sequence[Action], easy_move: Action) -> list[Action]:
    """Step 2 of the module docstring: the moves worth searching, ``easy_move`` first,
    each in ``legal``; a single element means no search."""
    out: list[Action] = [easy_move]

    def add(a: Action | None) -> None:
        if a is not None and a not in out and a in legal:
            out.append(a)

    ctx = Ctx.of_view(view)
    if ctx.phase == Phase.ANSWER:
        add(NO if easy_move == YES else YES)
        return out
    if ctx.phase == Phase.ACQUIRE:
        add(DRAW)
        if ctx.cheats and easy_move in (DRAW_MIXED, DRAW_CHEATS):  # NG-26: the other cheat draw
            add(DRAW_MIXED)
            add(DRAW_CHEATS)
        if view.discards and view.discards[-1].is_natural:
            add(pile_choice(ctx.turn))
            for a in legal:
                if isinstance(a, Onto):
                    add(a)
        return out
    if easy_move == ASK or (isinstance(easy_move, (NewNoggi, NewNate)) and not ctx.turn.down
                            and ctx.turn.need <= 0):
        add(end_turn(ctx)[0])  # not asking / not going down this turn: end the turn now
        return out
    if type(easy_move) in POWER_CARD:  # a power (NG-C1 to NG-C9): against the plan without powers
        add(plan_move(Ctx.of_view(view, powers=False))[0])
        return out
    if type(easy_move) is not Discard:
        return out
    cards = sorted({cast(Discard, a).card for a in legal if type(a) is Discard}, key=lambda c: c.order)
    for c in sorted(cards, key=lambda c: discard_key(ctx, c))[:DISCARDS]:
        add(Discard(c))
    return out


class NogginateSearchBot(PlanSearch, ISMCTSBot):
    """Levels ``medium`` and ``hard`` for Nogginate (module docstring).

    An :class:`ISMCTSBot` by interface (``budget_s``, ``iterations``, ``level``,
    ``last``); it searches by flat Monte Carlo around the ``easy`` move.
    ``choose(view, legal, rng)`` returns an element of ``legal``; raises ValueError
    when ``legal`` is empty.
    """

    def __init__(self, profile: SearchProfile, budget_s: float | None = None, iterations: int | None = None,
                 level: str = "hard", turns_ahead: int | None = None, margin: float | None = None) -> None:
        super().__init__(profile, budget_s=budget_s, iterations=iterations, level=level)
        self.turns_ahead = TURNS_AHEAD if turns_ahead is None else turns_ahead
        self.margin = MARGIN if margin is None else margin
        self.easy = cast(NogginateEasyBot, profile.rollout_bot)
        self.plans = PLANS
        self.plan_min_gain = MIN_GAIN
        self.plan_turns = PLAN_TURNS_AHEAD
        self._init_plans()

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        return self.choose_with_reason(view, legal, rng)[0]

    def choose_with_reason(self, view: View, legal: Sequence[Action], rng: random.Random) -> tuple[Action, str]:
        """The move (the same for the same ``rng`` as :meth:`choose`) and one line saying
        why: the forced move, the ``easy`` rule of thumb when nothing was searched, or
        what the search found (:func:`engine.ai.ismcts.search_reason`).

        Raises:
            ValueError: if ``legal`` is empty.
        """
        if not legal:
            raise ValueError("no legal action to choose from")
        self.last = None
        if len(legal) == 1:
            self._forced_step(legal[0])
            return legal[0], FORCED_REASON
        v = cast(NogginateView, view)  # a Nogginate bot is only given its own game's view
        easy = self.easy.decide_with_reason(v, legal, random.Random(0))
        if v.phase == Phase.MELD and v.to_move == v.seat:
            return self._plan_step(v, legal, rng, easy)
        self._cached = []
        cands = candidates(v, legal, easy[0])
        if len(cands) < 2:
            return easy
        res = self.search_candidates(v, cands, rng)
        return res.action, search_reason(res, easy)

    # -- whole-turn plans (the meld phase; engine.ai.plans.PlanSearch's hooks) ---------
    def _turn_plans(self, base: NogginateState, legal: Sequence[Action]) -> list[list[Action]]:
        return turn_plans(base, base.to_move, self.plans + 1)

    def _plan_sample(self, view: NogginateView, r: random.Random) -> tuple[NogginateState, int]:
        return view.determinize(r), int(r.random() * 2**53)

    def _plan_rollout(self, smp: tuple[NogginateState, int], plan: list[Action], late: float | None) -> float | None:
        d0, seed_c = smp
        d = d0.clone()
        for a in plan:
            d.apply(a)  # checked: a plan made on one determinization, played in another
        if not self._rollout_from(d, d0, random.Random(seed_c), late, self.plan_turns):
            return None
        return rollout_score(d0, d, d0.to_move)

    def _view_key(self, v: NogginateView) -> tuple:
        return view_key(v)

    def _plan_words(self, plan: list[Action]) -> str:
        return plan_words(plan)

    def decide(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        return self.choose(view, legal, rng)

    def decide_with_reason(self, view: View, legal: Sequence[Action], rng: random.Random) -> tuple[Action, str]:
        return self.choose_with_reason(view, legal, rng)

    def search(self, view: View, legal: Sequence[Action], rng: random.Random) -> SearchResult:
        """Search every candidate of :func:`candidates` (with one, the result holds it
        with no rollouts). ``view`` is a :class:`NogginateView`."""
        v = cast(NogginateView, view)
        if v.phase == Phase.MELD and v.to_move == v.seat:
            return self.search_plans(v, legal, rng)
        easy = self.easy.decide_with_reason(v, legal, random.Random(0))
        cands = candidates(v, legal, easy[0])
        if len(cands) < 2:
            res = SearchResult(cands[0], 0, 0.0, {}, {}, 0, unit="points")
            self.last = res
            return res
        return self.search_candidates(v, cands, rng)

    def search_candidates(self, view: NogginateView, cands: list[Action], rng: random.Random) -> SearchResult:
        """Steps 3 and 4 of the module docstring over ``cands`` (``cands[0]`` is the ``easy`` move)."""
        res = paired_search(view, cands, rng, seeds=1,
                            rollout=lambda d, d0, rngs, late: self._rollout_from(d, d0, rngs[0], late),
                            score=rollout_score, iterations=self.iterations,
                            budget_s=self.budget_s, margin=self.margin, min_gain=MIN_GAIN)
        self.last = res
        return res

    def _chance_outcome(self, d: State, rc: random.Random) -> Action:
        """A rollout's chance step: ``d.sample_chance(rc)`` (an oracle probe overrides it)."""
        return d.sample_chance(rc)

    def _rollout_from(self, d: NogginateState, root: NogginateState, rc: random.Random,
                      deadline: float | None = None, turns_ahead: int | None = None) -> bool:
        """Play ``d`` on with the ``easy`` planner for every seat until the round running at
        ``root`` ends or :attr:`turns_ahead` more turns have started; False when
        ``time.perf_counter()`` passed ``deadline`` first (the rollout is abandoned)."""
        clock = time.perf_counter
        k = len(root.round_scores)
        limit = root.turn_no + (self.turns_ahead if turns_ahead is None else turns_ahead)
        steps = 0
        while not d.is_over and len(d.round_scores) == k and d.turn_no <= limit and steps < MAX_STEPS:
            steps += 1
            if deadline is not None and not steps % 16 and clock() > deadline:
                return False
            if d.to_move == CHANCE:
                d.apply_trusted(self._chance_outcome(d, rc))
                continue
            d.apply_trusted(state_move(d))  # the planner checks each proposal with the engine's why()
        return True


# -- the search profile and the levels -------------------------------------------

def ng_reward(root: State, end: State) -> list[float]:
    """NG-51: a reward per seat in [0, 1] from the team margin (:func:`rollout_score` /
    4000 around 0.5, clipped); both states are NogginateStates."""
    root_s, end_s = cast(NogginateState, root), cast(NogginateState, end)
    return [margin_reward(rollout_score(root_s, end_s, s), 4000.0) for s in range(end_s.n_seats)]


def ng_profile() -> SearchProfile:
    """The Nogginate profile given to :class:`NogginateSearchBot`, which takes only the
    rollout bot (``easy``) from it (and :func:`ng_reward` for generic tools)."""
    return SearchProfile(rollout_bot=NogginateEasyBot(), reward=ng_reward)


def make_search_bot(level: str = "hard", budget_s: float | None = None,
                    iterations: int | None = None) -> NogginateSearchBot:
    """The ``medium`` or ``hard`` Nogginate bot; with neither ``budget_s`` (seconds per
    decision) nor ``iterations`` (rollouts per decision), the level's budget
    (:data:`engine.ai.base.BUDGETS`)."""
    if budget_s is None and iterations is None:
        budget_s = BUDGETS[level]
    return NogginateSearchBot(ng_profile(), budget_s=budget_s, iterations=iterations, level=level)


__all__ = ["NogginateSearchBot", "candidates", "make_search_bot", "ng_profile", "plan_move", "rollout_score"]
