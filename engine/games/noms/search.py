"""Noms search pieces used by the ``medium`` and ``hard`` bots (``engine.games``).

The auction evaluator (NO-7, NO-8, scored by NO-19 to NO-21)
------------------------------------------------------------

The evaluator asks the deals rather than a hand estimate (the ``easy`` bidder
passes about 4 first hands in 5): for each **sample** it draws one determinization of
the seat's view and plays it out several times with the ``easy`` bot in every
seat, **without random moves** (a random move in the declarer's play costs a
trick, which is what a contract of 10 cannot spare):

* **numeric bids**: the seat declares (its lowest legal numeric bid, the
  others pass), announces each candidate trump (NO-10a) and the ``easy``
  called card for it (NO-10b), and the side's tricks W are counted; every
  numeric level L is then scored with :func:`engine.games.noms.game.score_hand`
  from the same W (the ``easy`` play does not depend on the level);
* **Mis** and **Mis a Vis** (NO-13, NO-14): the seat declares them;
* **pass**: the seat passes and the ``easy`` bots finish the auction and the
  hand (the seat plays ``easy`` too).

A candidate's value is the seat's points of the hand minus the mean of the
other three seats' points (the relative reward of
:func:`noms_relative_reward`, in points). The ``easy`` call
is kept unless the best candidate beats it by more than ``z`` standard errors
of the paired difference (same determinizations, same policy seeds).

Determinizations use the view only (``view.determinize``); with ``infer`` they
are also **filtered by the auction so far** (NO-8): a seat that passed is
dealt, by rejection sampling, a hand on which the ``easy`` bidder would also
pass at that point, and a seat that bid a hand on which it would have bid.
This reads nothing but the public auction and the seat's own cards.

The card play (NO-15)
---------------------

:func:`evaluate_play` (through :func:`noms_decide`, :data:`DECIDE_PLAY`): flat
Monte Carlo with common random numbers over the merged candidate cards of
:func:`noms_candidates`, noise-free ``easy`` play-outs to the
end of the hand, the ``easy`` card kept unless another beats it by
:data:`PLAY_Z` paired standard errors. With
:data:`INFER_PLAY` its determinizations come from :class:`PlaySampler`: the
declarer's dealt hand must agree with its calls, trump and called card as the
``easy`` bot makes them (a hand that bid 10 and named hearts), and the other
seats' with their calls (a seat that passed holds no hand the ``easy`` bidder
would have bid).

Mis a Vis (NO-14): the ``easy`` opponents use the exposed hand (lead under the
declarer's lowest card of a suit, stay under it), so the evaluator's play-outs
defend Mis a Vis as a player would.

Latest measurement (2026-11, whole games to 101, ``hard@250it`` against three
``easy``, 81 duplicate deals x 4 rotations, seed 4041): ``hard`` won 106 of 324
games, 32.7% [27.8, 38.0], 1.31x its fair share; win share minus an ``easy``
seat's, per deal, +0.103 [+0.032, +0.173]; decision p99 751 ms. The history of
the experiments (speed, the auction and play variants tried) is in
``docs/ai-measurements.md``.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Sequence, cast

from engine.ai.base import BUDGETS
from engine.ai.ismcts import ISMCTSBot, SearchProfile, SearchResult, end_of_hand, heuristic_move
from engine.games.noms.bots import NomsEasyBot
from engine.cards import Card, standard_deck
from engine.core import Action, State, View
from engine.games.noms.game import (N_SEATS, Bid, Call, NomsState, NomsView, Pass, Phase, Play, Trump, is_numeric,
                                   score_hand)
from engine.games.noms.view import constrained_deal

_PLAYER_PHASES = (Phase.AUCTION, Phase.TRUMP, Phase.CALL, Phase.PLAY)
_AUCTION = Phase.AUCTION
_DECK = standard_deck()
_ALL_CALLS = [Call(c) for c in _DECK]

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
#: The same during the play (:func:`determinize_play`; one determinization per sample of every card decision).
PLAY_INFER_TRIES = 10
#: :class:`PlaySampler`: draws per search for a declarer hand, declarer hands kept per decision,
#: deals of the other hidden hands per sample.
DECLARER_TRIES = 120
DECLARER_POOL = 12
OTHERS_TRIES = 8
#: :func:`evaluate_play` uses :class:`PlaySampler` (False: :func:`determinize_play`).
PLAY_SAMPLER = True
#: Paired standard errors by which a card must beat the ``easy`` card (:func:`evaluate_play`).
PLAY_Z = 1.0
#: :func:`noms_decide` plays the cards with :func:`evaluate_play` (False: the generic flat search of
#: :mod:`engine.ai.ismcts`, which draws plain determinizations).
DECIDE_PLAY = True
#: :func:`evaluate_play` filters its determinizations by the auction and the announcements.
INFER_PLAY = True


def relative_points(pts: Sequence[float], seat: int) -> float:
    """NO-19 to NO-21: ``seat``'s points minus the mean of the other seats' points."""
    n = len(pts)
    return pts[seat] - (sum(pts) - pts[seat]) / (n - 1)


def play_out(d: NomsState, policy, rng: random.Random) -> None:
    """Play ``d`` to the end of its current hand with ``policy`` (a bot) in every
    seat, no random moves. Stops at the first chance step or the game's end.
    The policy picks from ``legal_actions()``, so moves go through ``apply_trusted``."""
    while d.phase in _PLAYER_PHASES:
        legal = d.legal_actions()
        tm = d.to_move
        d.apply_trusted(legal[0] if len(legal) == 1 else policy.choose(d.view(tm), legal, rng))


def hand_points(d: NomsState) -> tuple[int, ...]:
    """Points of the hand ``d`` just finished (NO-19 to NO-21; all zero for an all-pass)."""
    return d.results[-1][4]


def _declare(d: NomsState, seat: int, level: int) -> None:
    """From an auction position with ``seat`` to move: ``seat`` bids ``level``
    and everyone else passes (NO-8), so ``seat`` becomes the declarer."""
    d.apply(Bid(level))
    while d.phase is _AUCTION:
        d.apply(Pass())


def auction_consistent(d: NomsState, view: NomsView, bidder, hands: list[list[Card]] | None = None,
                       seats: frozenset[int] | set[int] | None = None) -> bool:
    """Whether ``bidder`` (the ``easy`` bot) would have made every call of the
    auction so far (``view.auction``, NO-8) for the other seats with the hands of
    ``d`` (or ``hands``: the cards each seat was dealt, see :func:`dealt_hands`).
    Only the seats' calls are replayed (``seats``: only these seats'); the
    seat's own are skipped."""
    replay = NomsState(d.variant)
    replay.dealer = d.dealer
    replay.hands = d.hands if hands is None else hands
    replay.phase = _AUCTION
    replay.bidder = (d.dealer + 1) % N_SEATS
    replay.mult = d.mult
    wants: dict[int, list[int]] = {}
    var = d.variant
    for seat, level in view.auction:
        if seat != view.seat and (seats is None or seat in seats):
            legal = replay.legal_actions()
            if seat not in wants:
                wants[seat] = bidder.bid_wants(replay.hands[seat], var)
            a = legal[0] if len(legal) == 1 else bidder.call_for(wants[seat], legal, var)
            want_pass = level == 0
            if want_pass != isinstance(a, Pass):
                return False
            if not want_pass and cast(Bid, a).level != level:
                return False
        replay.apply(Pass() if level == 0 else Bid(level))
    return True


def determinize(view: NomsView, rng: random.Random, infer: bool, bidder) -> NomsState:
    """A determinization of ``view`` (``view.determinize``); with ``infer``, one
    whose hands agree with the auction so far (:func:`auction_consistent`) when
    such a deal is found within :data:`INFER_TRIES` draws."""
    if not infer or not any(s != view.seat for s, _ in view.auction):
        return view.determinize(rng)
    return _first_accepted(view, rng, INFER_TRIES, lambda d: auction_consistent(d, view, bidder))


def _first_accepted(view: NomsView, rng: random.Random, tries: int, accept) -> NomsState:
    """Rejection sampling: the first of ``view.determinize`` draws that ``accept``
    takes, checking at most ``tries`` draws; the last draw if none is taken."""
    d = view.determinize(rng)
    for _ in range(tries):
        if accept(d):
            return d
        d = view.determinize(rng)
    return d


def dealt_hands(d: NomsState, view: NomsView) -> list[list[Card]]:
    """The 13 cards each seat held at the start of this hand in ``d``: its
    cards now plus those it played to this hand's tricks (NO-15)."""
    hands = [list(h) for h in d.hands]
    for leader, cards, _ in view.tricks:
        for k, c in enumerate(cards):
            hands[(leader + k) % N_SEATS].append(c)
    for k, c in enumerate(view.trick):
        hands[(view.leader + k) % N_SEATS].append(c)
    return hands


def announcements_consistent(hand: list[Card], view: NomsView, bidder) -> bool:
    """NO-10: whether ``bidder`` (the ``easy`` bot) holding the declarer's dealt
    ``hand`` would have announced ``view.trump`` and called ``view.called``."""
    if bidder.best_trump(hand)[0] != view.trump:
        return False
    if view.called is None:
        return True
    card = bidder.call_card(hand, view.trump)
    return (card if card is not None else _ALL_CALLS[0].card) is view.called


def play_consistent(d: NomsState, view: NomsView, bidder, hands: list[list[Card]] | None = None,
                    seats: frozenset[int] | None = None) -> bool:
    """During the play (NO-15): whether the other seats' dealt hands in ``d``
    (``hands``, default :func:`dealt_hands`) agree with their calls in the
    auction (``seats``: only these seats' calls) and, for a numeric contract of
    another seat, with the declarer's trump and called card, as the ``easy``
    bot would have made them."""
    if hands is None:
        hands = dealt_hands(d, view)
    decl = view.declarer
    if decl != view.seat and is_numeric(view.contract) and not announcements_consistent(hands[decl], view, bidder):
        return False
    return auction_consistent(d, view, bidder, hands, seats)


def determinize_play(view: NomsView, rng: random.Random, infer: bool, bidder) -> NomsState:
    """A determinization of ``view`` in the play; with ``infer``, one that
    :func:`play_consistent` accepts when found within :data:`PLAY_INFER_TRIES` draws."""
    if not infer:
        return view.determinize(rng)
    return _first_accepted(view, rng, PLAY_INFER_TRIES, lambda d: play_consistent(d, view, bidder))


class PlaySampler:
    """Determinizations of one card decision's view (NO-15) that agree with
    the auction (NO-8) and the declarer's announcements (NO-10), in two stages:

    1. the **declarer's** hand (another seat's): plain determinizations are
       drawn until the declarer's dealt hand agrees with its calls and its
       trump and called card (at most :data:`DECLARER_TRIES` draws); the
       declarer hands found are kept, and once :data:`DECLARER_POOL` are found
       (or a search fails) samples reuse them;
    2. the **other hidden hands** are then re-dealt among those seats (keeping
       hand sizes and shown voids) until their calls agree too (at most
       :data:`OTHERS_TRIES` deals; else the last one is used).

    Reads nothing but the view: its own hand, the public auction,
    announcements, tricks and the exposed Mis a Vis hand.
    """

    def __init__(self, view: NomsView, rng: random.Random, bidder) -> None:
        self.view = view
        self.rng = rng
        self.bidder = bidder
        decl = view.declarer
        self.decl = decl if decl != view.seat and not (view.exposed and decl >= 0) else -1
        self.pool: list[list[Card]] = []  # the declarer's current cards, per accepted deal
        self.searching = self.decl >= 0
        self.voids = view.voids()
        self.others = frozenset(s for s, _ in view.auction if s != view.seat and s != self.decl)
        self.hidden = [i for i in range(N_SEATS) if i != view.seat and i != self.decl and view.hand_sizes[i]
                       and not (view.exposed and i == decl)]
        known = set(view.hand) | set(view.played_cards()) | set(view.exposed)
        self.free = [c for c in _DECK if c not in known]  # the cards of the hidden hands

    def _declarer_ok(self, d: NomsState, hands: list[list[Card]]) -> bool:
        return play_consistent(d, self.view, self.bidder, hands, frozenset((self.decl,)))

    def sample(self) -> NomsState:
        """One determinization (a :class:`NomsState` at the view's position)."""
        v, rng = self.view, self.rng
        d = v.determinize(rng)
        decl = self.decl
        if decl < 0:
            self._redeal_others(d, False)
            return d
        if self.searching:
            for _ in range(DECLARER_TRIES):
                if self._declarer_ok(d, dealt_hands(d, v)):
                    self.pool.append(list(d.hands[decl]))
                    if len(self.pool) >= DECLARER_POOL:
                        self.searching = False
                    self._redeal_others(d, False)
                    return d
                d = v.determinize(rng)
            self.searching = False
        if not self.pool:  # no declarer hand found: a plain one, the others filtered
            self._redeal_others(d, False)
            return d
        d.hands[decl] = list(self.pool[int(rng.random() * len(self.pool))])
        self._redeal_others(d, True)
        return d

    def _redeal_others(self, d: NomsState, must: bool) -> None:
        """Deal the cards the view does not place (and the declarer of ``d`` does
        not hold) among the other hidden seats until their calls agree (NO-8);
        ``must``: ``d``'s current deal of them is not valid and must be replaced."""
        v, rng = self.view, self.rng
        seats = self.hidden
        check = self.others & set(seats)
        if not must and (not check or auction_consistent(d, v, self.bidder, dealt_hands(d, v), check)):
            return
        if not seats:
            return
        held = set(d.hands[self.decl]) if self.decl >= 0 else set()
        cards = [c for c in self.free if c not in held]
        room = {i: v.hand_sizes[i] for i in seats}
        for _ in range(OTHERS_TRIES if check else 1):
            out: dict[int, list[Card]] = {i: [] for i in seats}
            constrained_deal(cards, seats, room, self.voids, rng, out)
            for i in seats:
                d.hands[i] = sorted(out[i])
            if not check or auction_consistent(d, v, self.bidder, dealt_hands(d, v), check):
                break
        self._fix_partner(d)

    def _fix_partner(self, d: NomsState) -> None:
        v = self.view
        if v.called is None:
            return
        holder = next((i for i in range(N_SEATS) if v.called in d.hands[i]), None)
        if holder is not None:
            d.partner = -1 if holder == v.declarer else holder


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
    easy = NomsEasyBot()
    easy_call = easy.choose(view, legal, rng)
    plan = _AuctionPlan(view, legal, easy, easy_call)
    if not plan.trumps and not plan.mis:
        return CallEvaluation(easy_call, easy_call, 0, 0)
    if iterations is None and budget_s is None:
        iterations = 200
    per_sample = plan.per_sample
    deadline = None if budget_s is None else time.perf_counter() + budget_s
    rows: dict[str, list[float]] = {}  # per candidate key -> list of per-sample relative points
    samples = rollouts = 0
    while True:
        if iterations is not None and rollouts + per_sample > max(iterations, per_sample):
            break
        if deadline is not None and samples >= 2 and time.perf_counter() >= deadline:
            break
        d0 = determinize(view, rng, infer, easy)
        seed = int(rng.random() * 2**53)
        samples += 1
        rollouts += plan.play_sample(d0, seed, rows)
    best_rows, best_trump = plan.best_rows(rows)
    values = {k: sum(r) / len(r) for k, r in best_rows.items()}
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
            zz = z if best_k == "pass" or is_numeric(cast(Bid, by_key[best_k]).level) else max(z, MIS_Z)
            if _beats_paired(best_rows[best_k], best_rows[ek], zz):
                choice = by_key[best_k]
    return CallEvaluation(choice, easy_call, samples, rollouts, values, best_trump)


class _AuctionPlan:
    """The calls :func:`evaluate_auction` simulates: numeric bids with up to three
    trumps (when the hand may make one), Mis and Mis a Vis (when the hand is not too
    dangerous, or they are the ``easy`` call), and the pass."""

    def __init__(self, view: NomsView, legal: Sequence[Action], easy: NomsEasyBot, easy_call: Action) -> None:
        self.view, self.easy = view, easy
        hand = list(view.hand)
        self.numeric = [a for a in legal if isinstance(a, Bid) and is_numeric(a.level)]
        self.trumps: list[int | None] = []
        if self.numeric:
            own = {t: easy.side_tricks(hand, t) for t in (None, 0, 1, 2, 3)}
            if max(own.values()) >= NUMERIC_FLOOR or isinstance(easy_call, Bid) and is_numeric(easy_call.level):
                ranked = sorted(own, key=lambda t: -own[t])
                self.trumps = ranked[:3] if None in ranked[:3] else ranked[:2] + [None]
        danger = easy.mis_danger(hand)
        self.mis = [a for a in legal if isinstance(a, Bid) and not is_numeric(a.level)
                    and (danger <= MIS_DANGER_CEIL or a == easy_call)]
        self.has_pass = any(isinstance(a, Pass) for a in legal)
        self.base_level = min((a.level for a in self.numeric), default=0)

    @property
    def per_sample(self) -> int:
        """Hands played out per determinization."""
        return len(self.trumps) + len(self.mis) + (1 if self.has_pass else 0)

    def play_sample(self, d0: NomsState, seed: int, rows: dict[str, list[float]]) -> int:
        """Play every call out from the determinization ``d0`` with the same policy seed;
        append each call's relative points to ``rows`` (a numeric bid once per trump:
        one play-out scores every level). Returns the play-outs run."""
        me, easy, var = self.view.seat, self.easy, self.view.variant
        for t in self.trumps:
            d = d0.clone()
            _declare(d, me, self.base_level)
            d.apply(Trump(t))
            call = easy.choose(d.view(me), d.legal_actions(), random.Random(seed))
            d.apply_trusted(call)
            play_out(d, easy, random.Random(seed))
            partner = d.partner if d.partner >= 0 else None
            for a in self.numeric:
                pts, _ = score_hand(a.level, me, partner, d.won, var, d.mult)
                rows.setdefault(f"{a}|{t}", []).append(relative_points(pts, me))
        for a in self.mis:
            d = d0.clone()
            _declare(d, me, a.level)
            play_out(d, easy, random.Random(seed))
            rows.setdefault(str(a), []).append(relative_points(hand_points(d), me))
        if self.has_pass:
            d = d0.clone()
            d.apply(Pass())
            play_out(d, easy, random.Random(seed))
            rows.setdefault("pass", []).append(relative_points(hand_points(d), me))
        return self.per_sample

    def best_rows(self, rows: dict[str, list[float]]) -> tuple[dict[str, list[float]], dict[str, int | None]]:
        """Each call's rows (a numeric bid's with its best trump) and that trump."""
        best_rows: dict[str, list[float]] = {}
        best_trump: dict[str, int | None] = {}
        for a in self.numeric if self.trumps else ():
            t = max(self.trumps, key=lambda t: sum(rows[f"{a}|{t}"]))
            best_rows[str(a)] = rows[f"{a}|{t}"]
            best_trump[str(a)] = t
        for a in self.mis:
            best_rows[str(a)] = rows[str(a)]
        if self.has_pass:
            best_rows["pass"] = rows["pass"]
        return best_rows, best_trump


def _beats_paired(rows: list[float], base: list[float], z: float) -> bool:
    """Whether ``rows`` beats ``base`` (the same samples) by more than ``z`` paired
    standard errors (False with fewer than two samples)."""
    diffs = [x - y for x, y in zip(rows, base)]
    m = len(diffs)
    if m < 2:
        return False
    mean = sum(diffs) / m
    var_ = sum((x - mean) ** 2 for x in diffs) / (m - 1)
    return mean > z * math.sqrt(var_ / m)


def evaluate_trump(view: NomsView, legal: Sequence[Action], rng: random.Random, *,
                   iterations: int | None = None, budget_s: float | None = None, z: float = BID_Z) -> Action:
    """NO-10a: choose the trump by noise-free ``easy`` play-outs (each trump with
    its ``easy`` called card, common determinizations); the ``easy`` trump is
    kept unless another beats it by ``z`` paired standard errors."""
    easy = NomsEasyBot()
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
            d.apply_trusted(easy.choose(d.view(me), d.legal_actions(), random.Random(seed)))
            play_out(d, easy, random.Random(seed))
            rows[a].append(relative_points(hand_points(d), me))
            n += 1
    best = max(legal, key=lambda a: sum(rows[a]))
    return best if best != easy_t and _beats_paired(rows[best], rows[easy_t], z) else easy_t


def evaluate_play(view: NomsView, legal: Sequence[Action], rng: random.Random, *,
                  iterations: int | None = None, budget_s: float | None = None, z: float = PLAY_Z,
                  infer: bool = INFER_PLAY):
    """NO-15: choose a card by flat Monte Carlo with common random numbers.

    The candidates are :func:`noms_candidates` (equivalent
    cards merged, the ``easy`` card first). Each sample draws one
    determinization (:func:`determinize_play`: with ``infer``, agreeing with
    the auction and the announcements) and plays every candidate from it to the
    end of the hand with noise-free ``easy`` play-outs; a candidate's value is
    the seat's relative points of the hand (:func:`relative_points`). The
    ``easy`` card is kept unless the best beats it by more than ``z`` paired
    standard errors.

    Args:
        view: the seat's view in the play, the seat to move.
        legal: its legal plays (two or more).
        rng: the only source of randomness.
        iterations: play-outs in all (complete samples only); ``budget_s``:
            seconds. With neither, 200 play-outs.

    Returns:
        ``(action, rollouts, values)``: one of ``legal``, the play-outs run, and
        the notation of each candidate -> its mean relative points.
    """
    easy = NomsEasyBot()
    cands = [a for a in noms_candidates(view, legal, rng) if a in legal] or list(legal)
    if len(cands) == 1:
        return cands[0], 0, {}
    rows = _play_samples(view, cands, rng, easy, 200 if iterations is None and budget_s is None else iterations,
                         budget_s, infer)
    k, m = len(cands), len(rows)
    n = k * m
    means = [sum(r[i] for r in rows) / m for i in range(k)]
    values = {str(a): means[i] for i, a in enumerate(cands)}
    best = max(range(k), key=lambda i: means[i])
    better = best != 0 and _beats_paired([r[best] for r in rows], [r[0] for r in rows], z)
    return (cands[best] if better else cands[0]), n, values


def _play_samples(view: NomsView, cands: list[Action], rng: random.Random, easy: NomsEasyBot, iterations: int | None,
                  budget_s: float | None, infer: bool) -> list[list[float]]:
    """:func:`evaluate_play`'s samples: per determinization, each candidate's relative
    points (:func:`_play_row`), until ``iterations`` play-outs (at least two samples)
    or ``budget_s`` seconds."""
    deadline = None if budget_s is None else time.perf_counter() + budget_s
    k = len(cands)
    rows: list[list[float]] = []
    sampler = PlaySampler(view, rng, easy) if infer and PLAY_SAMPLER else None
    while True:
        n = k * len(rows)
        if iterations is not None and n + k > max(iterations, 2 * k):
            return rows
        if deadline is not None and len(rows) >= 2 and time.perf_counter() >= deadline:
            return rows
        d0 = sampler.sample() if sampler is not None else determinize_play(view, rng, infer, easy)
        rows.append(_play_row(d0, cands, view.seat, easy, int(rng.random() * 2**53)))


def _play_row(d0: NomsState, cands: list[Action], me: int, easy: NomsEasyBot, seed: int) -> list[float]:
    """Each candidate card played from ``d0``, the hand played out by ``easy`` with the
    policy seed ``seed``: ``me``'s relative points per candidate."""
    row = []
    for a in cands:
        d = d0.clone()
        d.apply(a)
        play_out(d, easy, random.Random(seed))
        row.append(relative_points(hand_points(d), me))
    return row


#: Which decisions :func:`noms_decide` takes over (tuning switches).
DECIDE_AUCTION = True
DECIDE_TRUMP = False
INFER_AUCTION = True
#: The card-play search (``noms_profile``): rollout noise and flat Monte Carlo with common random numbers.
PLAY_EPSILON = 0.0
PLAY_FLAT = True


def noms_decide(bot: ISMCTSBot, view: View, legal: Sequence[Action], rng: random.Random) -> SearchResult | None:
    """:attr:`engine.ai.ismcts.SearchProfile.decide` for Noms: the auction
    (NO-7, NO-8) by :func:`evaluate_auction`, with :data:`DECIDE_TRUMP` the
    trump (NO-10a) by :func:`evaluate_trump`, and with :data:`DECIDE_PLAY` the
    card play (NO-15) by :func:`evaluate_play`, with the bot's budget
    (``bot.iterations`` hands played out, or ``bot.budget_s`` seconds). Returns
    an :class:`engine.ai.ismcts.SearchResult`, or None to let the generic
    search decide (the called card, the trump unless :data:`DECIDE_TRUMP`, and
    the card play of a profile set to the tree, ``flat`` not True). ``view`` is a NomsView."""
    view = cast(NomsView, view)
    first = legal[0]
    start = time.perf_counter()
    if DECIDE_AUCTION and isinstance(first, (Bid, Pass)):
        ev = evaluate_auction(view, legal, rng, iterations=bot.iterations, budget_s=bot.budget_s,
                              infer=INFER_AUCTION)
        return SearchResult(ev.action, ev.rollouts, time.perf_counter() - start, {}, ev.values, 1, unit="points")
    if DECIDE_TRUMP and isinstance(first, Trump):
        a = evaluate_trump(view, legal, rng, iterations=bot.iterations, budget_s=bot.budget_s)
        return SearchResult(a, 0, time.perf_counter() - start, {}, {}, 1)
    if DECIDE_PLAY and isinstance(first, Play) and getattr(bot.profile, "flat", True) is True:
        a, n, values = evaluate_play(view, legal, rng, iterations=bot.iterations, budget_s=bot.budget_s,
                                     infer=INFER_PLAY)
        return SearchResult(a, n, time.perf_counter() - start, {}, values, 1, unit="points")
    return None


# -- the search profile --------------------------------------------------------

def noms_relative_reward(root: State, end: State) -> list[float]:
    """NO-19 to NO-22: each seat's points of the hand minus the mean of the
    other three seats' points, as ``0.5 + difference / (26 x multiplier)``,
    clipped to [0, 1].

    Unlike an own-score reward, a failed contract costs the declarer: its own
    score stays 0 but the opponents gain N each (NO-19), which in the race to
    101 is a loss. With the own-score reward a bid that fails scored the same
    as a pass, so an auction search overbid.
    """
    mult = getattr(root, "mult", 1) or 1
    scale = 13.0 * mult
    before, after = root.scores(), end.scores()
    gains = [a - b for a, b in zip(after, before)]
    n = len(gains)
    total = sum(gains)
    out = []
    for g in gains:
        r = 0.5 + (g - (total - g) / (n - 1)) / (2 * scale)
        out.append(0.0 if r < 0 else 1.0 if r > 1 else r)
    return out


def noms_candidates(view: View, legal: Sequence[Action], rng: random.Random) -> list[Action]:
    """The root actions the Noms search considers.

    * The auction (NO-7, NO-8) is decided before the search by
      :func:`noms_decide`; if that is switched off, the
      ``easy`` bidder's call is played. (Searching bids with noisy heuristic
      rollouts lost 2.4 +- 2.1 points per hand, 24 paired hands, 150 iterations.)
    * NO-10b: the called cards worth simulating are the easy bot's choice, the
      two highest trumps and the aces the declarer lacks.
    * Card play (NO-15): equivalent cards are merged (cards of one suit whose
      ranks are separated only by cards the seat holds or that were already
      played win and lose the same tricks); one card per group is searched, the
      ``easy`` bot's own card for its group. The called card is never merged
      (playing it reveals the partner, NO-12).
    * Everything else (trump) searches all its legal actions.
    """
    if not legal:
        return []
    view = cast(NomsView, view)  # the Noms search is only given Noms views
    if isinstance(legal[0], (Bid, Pass)):
        return [NomsEasyBot().choose(view, legal, rng)]
    if isinstance(legal[0], Play):
        return _noms_merged_plays(view, legal, NomsEasyBot().choose(view, legal, rng))
    if not isinstance(legal[0], Call):
        return list(legal)
    out: list[Action] = [NomsEasyBot().choose(view, legal, rng)]
    held = set(view.hand)
    trump = view.trump
    if trump is not None:
        missing = [Card.get(r, trump) for r in range(14, 1, -1) if Card.get(r, trump) not in held]
        out += [Call(c) for c in missing[:2]]
    for s in range(4):
        ace = Card.get(14, s)
        if s != trump and ace not in held:
            out.append(Call(ace))
    seen: list[Action] = []
    for a in out:
        if a not in seen and a in legal:
            seen.append(a)
    return seen


def play_group(view: NomsView, card: Card) -> tuple[int | None, int] | None:
    """NO-15: the group of cards equivalent to ``card`` for ``view.seat`` (cards of one suit
    whose ranks are separated only by cards the seat holds or that were already played win
    and lose the same tricks), as ``(suit, lowest rank)``; None for the called card, which is
    never merged (playing it reveals the partner, NO-12)."""
    called = view.called
    if card == called:
        return None
    gone = {c for t in view.tricks for c in t[1]} | set(view.trick)
    held = set(view.hand)
    r = card.rank
    while r > 2:
        lower = Card.get(r - 1, card.suit)
        if (lower in held and lower != called) or lower in gone:
            r -= 1
        else:
            break
    return (card.suit, r)


def _noms_merged_plays(view: NomsView, legal: Sequence[Action], easy: Action) -> list[Action]:
    """One play per group of equivalent cards (:func:`play_group`), ``easy`` first."""
    def group(card: Card) -> tuple[int | None, int] | None:
        return play_group(view, card)

    out: list[Action] = [easy]
    groups = {group(cast(Play, easy).card)}
    for a in cast("Sequence[Play]", legal):  # called in the play phase only
        g = group(a.card)
        if a != easy and (g is None or g not in groups):
            groups.add(g)
            out.append(a)
    # All equivalent: nothing to compare, but keep the search anytime (identical
    # cards give identical paired rollouts, so the easy card is kept).
    return out if len(out) > 1 else list(legal)


def noms_profile() -> SearchProfile:
    """The Noms search: rollouts to the end of the current hand (a game to 101 is long);
    the auction and (with ``DECIDE_PLAY``) the card play go to
    :func:`noms_decide`; the trump and the called card
    use the flat search here, whose rollout noise and flat mode come from
    this module."""
    return SearchProfile(rollout_bot=NomsEasyBot(), reward=noms_relative_reward, stop=end_of_hand,
                         candidates=noms_candidates, epsilon=PLAY_EPSILON, flat=PLAY_FLAT,
                         default=heuristic_move(NomsEasyBot()), deviate_z=1.0, decide=noms_decide)


def make_search_bot(level: str = "hard", budget_s: float | None = None, iterations: int | None = None) -> ISMCTSBot:
    """The ``medium`` or ``hard`` Noms bot; with neither ``budget_s`` (seconds per
    decision) nor ``iterations``, the level's budget (:data:`engine.ai.base.BUDGETS`)."""
    if budget_s is None and iterations is None:
        budget_s = BUDGETS[level]
    return ISMCTSBot(noms_profile(), budget_s=budget_s, iterations=iterations, level=level)
