"""Noms search pieces used by the ``medium`` and ``hard`` bots (``engine.ai.levels``).

The auction evaluator (NO-7, NO-8, scored by NO-19 to NO-21)
------------------------------------------------------------

The ``easy`` bidder passes most hands (about 4 first hands in 5 end all-pass
among ``easy`` bots) and makes about 5 contracts of 10 in 6. The evaluator
asks the deals instead: for each **sample** it draws one determinization of
the seat's view and plays it out several times with the ``easy`` bot in every
seat, **without random moves** (a random move in the declarer's play costs a
trick, which is what a contract of 10 cannot spare):

* **numeric bids**: the seat declares (its lowest legal numeric bid, the
  others pass), announces each candidate trump (NO-10a) and the ``easy``
  called card for it (NO-10b), and the side's tricks W are counted; every
  numeric level L is then scored with :func:`engine.games.noms.score_hand`
  from the same W (the ``easy`` play does not depend on the level);
* **Mis** and **Mis a Vis** (NO-13, NO-14): the seat declares them;
* **pass**: the seat passes and the ``easy`` bots finish the auction and the
  hand (the seat plays ``easy`` too).

A candidate's value is the seat's points of the hand minus the mean of the
other three seats' points (the relative reward of
:func:`engine.ai.levels.noms_relative_reward`, in points). The ``easy`` call
is kept unless the best candidate beats it by more than ``z`` standard errors
of the paired difference (same determinizations, same policy seeds).

Determinizations use the view only (``view.determinize``); with ``infer`` they
are also **filtered by the auction so far** (NO-8): a seat that passed is
dealt, by rejection sampling, a hand on which the ``easy`` bidder would also
pass at that point, and a seat that bid a hand on which it would have bid.
This reads nothing but the public auction and the seat's own cards.

Measured (2026-11, first hands, ``hard`` in one seat against three ``easy``):

* auction only (the seat plays ``easy`` cards; 120 deals x 4 seats, 400
  play-outs, exactly paired with all-``easy``): +0.22 +- 0.30 relative points
  per hand; 41 of 480 calls changed, 33 of them pass -> 10, worth +3.2 each;
  the 6 Mis a Vis calls netted -13 in all (hence :data:`MIS_Z`);
* ``cardtable arena noms -s ai:hard@400it -s ai:easy -s ai:easy -s ai:easy
  -n 100 --seed 5 --hands 1``: paired diff +0.40 (+0.01 .. +0.80) with the
  old tree card play, +0.50 (+0.10 .. +0.91) with flat, noise-free card play
  (:data:`PLAY_FLAT`, :data:`PLAY_EPSILON`); before, -0.08 +- 0.36.
* :data:`BID_Z` 0.5 instead of 1 (auction only, the same 120 deals): +0.12 +-
  0.31 against +0.22 +- 0.30, so 1 is kept.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Sequence

from engine.ai.base import make_bot
from engine.core import Action
from engine.games.noms import (N_SEATS, P_AUCTION, P_CALL, P_PLAY, P_TRUMP, Bid, NomsState, NomsView, Pass, Trump,
                               is_numeric, score_hand)

_PLAYER_PHASES = (P_AUCTION, P_TRUMP, P_CALL, P_PLAY)

#: Paired standard errors by which a call must beat the ``easy`` call to replace it.
BID_Z = 1.0
#: The same for Mis and Mis a Vis (NO-20: 13 or 26 points either way, so a wrong call costs more).
MIS_Z = 2.0
#: Numeric bids are simulated only when the ``easy`` side estimate reaches this many tricks.
NUMERIC_FLOOR = 7.0
#: Mis / Mis a Vis are simulated only when the ``easy`` danger score is at most this.
MIS_DANGER_CEIL = 3.0
#: Rejection-sampling attempts per determinization before accepting an unfiltered one.
INFER_TRIES = 30


def relative_points(pts: Sequence[float], seat: int) -> float:
    """NO-19 to NO-21: ``seat``'s points minus the mean of the other seats' points."""
    n = len(pts)
    return pts[seat] - (sum(pts) - pts[seat]) / (n - 1)


def play_out(d: NomsState, policy, rng: random.Random) -> None:
    """Play ``d`` to the end of its current hand with ``policy`` (a bot) in every
    seat, no random moves. Stops at the first chance step or the game's end."""
    while d.phase in _PLAYER_PHASES:
        legal = d.legal_actions()
        tm = d.to_move
        d.apply(legal[0] if len(legal) == 1 else policy.choose(d.view(tm), legal, rng))


def hand_points(d: NomsState) -> tuple[int, ...]:
    """Points of the hand ``d`` just finished (NO-19 to NO-21; all zero for an all-pass)."""
    return d.results[-1][4]


def _declare(d: NomsState, seat: int, level: int) -> None:
    """From an auction position with ``seat`` to move: ``seat`` bids ``level``
    and everyone else passes (NO-8), so ``seat`` becomes the declarer."""
    d.apply(Bid(level))
    while d.phase == P_AUCTION:
        d.apply(Pass())


def auction_consistent(d: NomsState, view: NomsView, bidder) -> bool:
    """Whether ``bidder`` (the ``easy`` bot) would have made every call of the
    auction so far (``view.auction``, NO-8) for the other seats with the hands of
    ``d``. Only the seats' calls are replayed; the seat's own are skipped."""
    replay = NomsState(d.variant)
    replay.dealer = d.dealer
    replay.hands = d.hands
    replay.phase = P_AUCTION
    replay.bidder = (d.dealer + 1) % N_SEATS
    replay.mult = d.mult
    rng = random.Random(0)
    for seat, level in view.auction:
        if seat != view.seat:
            legal = replay.legal_actions()
            a = bidder.choose(replay.view(seat), legal, rng)
            want_pass = level == 0
            if want_pass != isinstance(a, Pass):
                return False
            if not want_pass and a.level != level:
                return False
        replay.apply(Pass() if level == 0 else Bid(level))
    return True


def determinize(view: NomsView, rng: random.Random, infer: bool, bidder) -> NomsState:
    """A determinization of ``view`` (``view.determinize``); with ``infer``, one
    whose hands agree with the auction so far (:func:`auction_consistent`) when
    such a deal is found within :data:`INFER_TRIES` draws."""
    d = view.determinize(rng)
    if not infer or not any(s != view.seat for s, _ in view.auction):
        return d
    for _ in range(INFER_TRIES):
        if auction_consistent(d, view, bidder):
            return d
        d = view.determinize(rng)
    return d


@dataclass
class CallEvaluation:
    """What :func:`evaluate_auction` found.

    Attributes:
        action: the call chosen.
        easy: the ``easy`` call.
        samples: determinizations simulated.
        rollouts: hands played out.
        values: notation of each candidate call -> mean relative points (for a
            numeric bid, with its best trump).
        trumps: numeric bid notation -> the best trump (None: No Trump).
    """

    action: Action
    easy: Action
    samples: int
    rollouts: int
    values: dict[str, float] = field(default_factory=dict)
    trumps: dict[str, int | None] = field(default_factory=dict)


def evaluate_auction(view: NomsView, legal: Sequence[Action], rng: random.Random, *,
                     iterations: int | None = None, budget_s: float | None = None, z: float = BID_Z,
                     infer: bool = True) -> CallEvaluation:
    """NO-7/NO-8: choose a call by simulation (see the module docstring).

    Args:
        view: the seat's view, in the auction, with the seat to move.
        legal: its legal calls (two or more).
        rng: the only source of randomness (``random()`` draws).
        iterations: hands to play out in all (a budget independent of load);
            ``budget_s``: seconds. With neither, 200 hands.
        z: paired standard errors by which a call must beat the ``easy`` call
            (at least :data:`MIS_Z` for Mis and Mis a Vis).
        infer: filter determinizations by the auction so far.

    Returns:
        A :class:`CallEvaluation`; its ``action`` is one of ``legal``.
    """
    easy = make_bot("noms", "easy")
    easy_call = easy.choose(view, legal, rng)
    me = view.seat
    var = view.variant
    hand = list(view.hand)
    numeric = [a for a in legal if isinstance(a, Bid) and is_numeric(a.level)]
    trumps: list[int | None] = []
    if numeric:
        own = {t: easy.side_tricks(hand, t) for t in (None, 0, 1, 2, 3)}
        if max(own.values()) >= NUMERIC_FLOOR or isinstance(easy_call, Bid) and is_numeric(easy_call.level):
            ranked = sorted(own, key=lambda t: -own[t])
            trumps = ranked[:3] if None in ranked[:3] else ranked[:2] + [None]
    danger = easy.mis_danger(hand)
    mis = [a for a in legal if isinstance(a, Bid) and not is_numeric(a.level)
           and (danger <= MIS_DANGER_CEIL or a == easy_call)]
    has_pass = any(isinstance(a, Pass) for a in legal)
    if not trumps and not mis:
        return CallEvaluation(easy_call, easy_call, 0, 0)
    if iterations is None and budget_s is None:
        iterations = 200
    per_sample = len(trumps) + len(mis) + (1 if has_pass else 0)
    deadline = None if budget_s is None else time.perf_counter() + budget_s
    base_level = min((a.level for a in numeric), default=0)
    # per candidate key -> list of per-sample relative points
    rows: dict[str, list[float]] = {}
    samples = rollouts = 0
    while True:
        if iterations is not None and rollouts + per_sample > max(iterations, per_sample):
            break
        if deadline is not None and samples >= 2 and time.perf_counter() >= deadline:
            break
        d0 = determinize(view, rng, infer, easy)
        seed = int(rng.random() * 2**53)
        samples += 1
        for t in trumps:
            d = d0.clone()
            _declare(d, me, base_level)
            d.apply(Trump(t))
            call = easy.choose(d.view(me), d.legal_actions(), random.Random(seed))
            d.apply(call)
            play_out(d, easy, random.Random(seed))
            rollouts += 1
            partner = d.partner if d.partner >= 0 else None
            for a in numeric:
                pts, _ = score_hand(a.level, me, partner, d.won, var, d.mult)
                rows.setdefault(f"{a}|{t}", []).append(relative_points(pts, me))
        for a in mis:
            d = d0.clone()
            _declare(d, me, a.level)
            play_out(d, easy, random.Random(seed))
            rollouts += 1
            rows.setdefault(str(a), []).append(relative_points(hand_points(d), me))
        if has_pass:
            d = d0.clone()
            d.apply(Pass())
            play_out(d, easy, random.Random(seed))
            rollouts += 1
            rows.setdefault("pass", []).append(relative_points(hand_points(d), me))
    # best trump per numeric level
    values: dict[str, float] = {}
    best_rows: dict[str, list[float]] = {}
    best_trump: dict[str, int | None] = {}
    for a in numeric:
        if not trumps:
            break
        t = max(trumps, key=lambda t: sum(rows[f"{a}|{t}"]))
        best_rows[str(a)] = rows[f"{a}|{t}"]
        best_trump[str(a)] = t
    for a in mis:
        best_rows[str(a)] = rows[str(a)]
    if has_pass:
        best_rows["pass"] = rows["pass"]
    for k, r in best_rows.items():
        values[k] = sum(r) / len(r)
    by_key = {str(a): a for a in legal}
    ek = str(easy_call)
    best_k = max(values, key=lambda k: values[k])
    choice = easy_call
    if best_k != ek:
        if ek not in best_rows:
            # the easy call was not simulated (a numeric bid with no trump list cannot happen;
            # a pass is always simulated when legal): compare with the best simulated instead
            choice = by_key[best_k]
        else:
            diffs = [x - y for x, y in zip(best_rows[best_k], best_rows[ek])]
            m = len(diffs)
            mean = sum(diffs) / m
            var_ = sum((x - mean) ** 2 for x in diffs) / (m - 1) if m > 1 else 0.0
            zz = z if best_k == "pass" or is_numeric(by_key[best_k].level) else max(z, MIS_Z)
            if mean > zz * math.sqrt(var_ / m) and m > 1:
                choice = by_key[best_k]
    return CallEvaluation(choice, easy_call, samples, rollouts, values, best_trump)


def evaluate_trump(view: NomsView, legal: Sequence[Action], rng: random.Random, *,
                   iterations: int | None = None, budget_s: float | None = None, z: float = BID_Z) -> Action:
    """NO-10a: choose the trump by noise-free ``easy`` play-outs (each trump with
    its ``easy`` called card, common determinizations); the ``easy`` trump is
    kept unless another beats it by ``z`` paired standard errors."""
    easy = make_bot("noms", "easy")
    easy_t = easy.choose(view, legal, rng)
    me = view.seat
    if iterations is None and budget_s is None:
        iterations = 200
    deadline = None if budget_s is None else time.perf_counter() + budget_s
    rows: dict[Action, list[float]] = {a: [] for a in legal}
    n = 0
    while True:
        if iterations is not None and n + len(legal) > max(iterations, len(legal)):
            break
        if deadline is not None and n and time.perf_counter() >= deadline:
            break
        d0 = view.determinize(rng)
        seed = int(rng.random() * 2**53)
        for a in legal:
            d = d0.clone()
            d.apply(a)
            d.apply(easy.choose(d.view(me), d.legal_actions(), random.Random(seed)))
            play_out(d, easy, random.Random(seed))
            rows[a].append(relative_points(hand_points(d), me))
            n += 1
    best = max(legal, key=lambda a: sum(rows[a]))
    if best == easy_t:
        return easy_t
    diffs = [x - y for x, y in zip(rows[best], rows[easy_t])]
    m = len(diffs)
    if m < 2:
        return easy_t
    mean = sum(diffs) / m
    var_ = sum((x - mean) ** 2 for x in diffs) / (m - 1)
    return best if mean > z * math.sqrt(var_ / m) else easy_t


#: Which decisions :func:`noms_decide` takes over (tuning switches).
DECIDE_AUCTION = True
DECIDE_TRUMP = False
INFER_AUCTION = True
#: The card-play search (``noms_profile``): rollout noise and flat Monte Carlo with common random numbers.
PLAY_EPSILON = 0.0
PLAY_FLAT = True


def noms_decide(bot, view: NomsView, legal: Sequence[Action], rng: random.Random):
    """:attr:`engine.ai.ismcts.SearchProfile.decide` for Noms: the auction
    (NO-7, NO-8) by :func:`evaluate_auction` and, with :data:`DECIDE_TRUMP`, the
    trump (NO-10a) by :func:`evaluate_trump`, with the bot's budget
    (``bot.iterations`` hands played out, or ``bot.budget_s`` seconds). Returns
    an :class:`engine.ai.ismcts.SearchResult`, or None to let the tree search
    decide (the called card and the card play)."""
    from engine.ai.ismcts import SearchResult

    first = legal[0]
    start = time.perf_counter()
    if DECIDE_AUCTION and isinstance(first, (Bid, Pass)):
        ev = evaluate_auction(view, legal, rng, iterations=bot.iterations, budget_s=bot.budget_s,
                              infer=INFER_AUCTION)
        return SearchResult(ev.action, ev.rollouts, time.perf_counter() - start, {}, ev.values, 1)
    if DECIDE_TRUMP and isinstance(first, Trump):
        a = evaluate_trump(view, legal, rng, iterations=bot.iterations, budget_s=bot.budget_s)
        return SearchResult(a, 0, time.perf_counter() - start, {}, {}, 1)
    return None
