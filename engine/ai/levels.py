"""The ``medium`` and ``hard`` bot levels: :class:`engine.ai.ismcts.ISMCTSBot`
with a :class:`engine.ai.ismcts.SearchProfile` per game.

| game | rollout | stops at | reward per seat in [0, 1] |
|---|---|---|---|
| Nags (flat Monte Carlo with common random numbers; keeps the ``easy`` move unless another is better by 1 standard error) | ``easy``, no noise | the end of the current game (NA-17, NA-18) | 0.7 x (ahead of the best opponent 1, level 0.5, behind 0) + 0.3 x (0.5 + (own points won - the best opponent's) / 30, clipped) |
| Noms (auction: :mod:`engine.ai.noms_search`, play-outs of each call; card play: :func:`engine.ai.noms_search.evaluate_play` on determinizations that agree with the auction; trump and called card: flat Monte Carlo here; equivalent cards merged, common random numbers; keeps the ``easy`` move unless another is better by 1 standard error) | ``easy``, no noise | the end of the current hand (NO-19 to NO-21) | 0.5 + (own points of the hand - the mean of the other seats') / (26 x the hand's multiplier, NO-21), clipped |

Spite & Malice does not use the tree search: :func:`make_search_bot` returns
:class:`engine.ai.spite_malice_search.SpiteMaliceSearchBot` (an ``ISMCTSBot``
by interface), flat Monte Carlo over whole-turn plans (the ``easy`` plan plus
the best plans of a plan search) with ``easy`` rollouts on common
determinizations; a plan replaces the ``easy`` one only on a clear paired gain.
A move-by-move tree search lost to ``easy`` (a turn is ~25 small moves).
The whole-turn search wins 59.8% [52.8, 66.3] of games against ``easy``, paired
+1.75 [+0.80, +2.69] points (``hard@300it``, 100 duplicate deals, seed 3031; see
that module).

``medium`` searches about 0.15 s per decision, ``hard`` about 0.8 s (so that
99% of decisions stay under 1 s on a 2-core machine). Both return at once when
a single move is legal.

Why Nags and Noms search around the ``easy`` move (measured 2026-11, duplicate
deals, iteration budgets, hard in one seat against ``easy``): in 2-seat Nags
only 19% of decisions (about 2.4 per seat and game) have more than one legal
move. The old tree search (300 iterations, noisy rollouts, margin reward) won
47.7% +- 6.9 (100 deals x 2 seats), and the same search given the **true**
hands 47.2% to 49.5%; flat Monte Carlo with the true hands and 900 rollouts
49.2%. An omniscient one-decision bound (200 paired rollouts per candidate,
selected and scored on separate halves) is +0.053 +- 0.033 win probability per
seat and game, so about 55% is the ceiling against ``easy``. The searches
therefore keep the ``easy`` move unless a candidate beats it on evidence.
An "oracle" probe (``benchmarks/nags_oracle.py``, 2026-11-21) makes the
same point for every Nags target: a bot that sees every hand and the draw
pile's contents, knows its opponents' policy and plays the best of 30 to 40
rollouts per legal move won 64.5% [59.7, 69.0] of 2-seat games against
``random`` (``easy`` 62.9% on the same 400 deals), 45.5% [40.0, 51.2] of 4-seat
games against three ``random`` (``easy`` 39.0%, 300 deals) and 24.7%
[19.3, 31.2] against three ``easy`` (``easy`` itself 22.0%, 200 deals). Doubling
the search: ``hard@2000it`` against ``hard@1000it``, 2 seats, 100 duplicate
deals: 49.2% [42.4, 56.1], paired -0.19 [-0.44, +0.06] points.
A variant with more choice (``direction_mode = "choice"``,
``allow_voluntary_turn = true``), ``hard@500it`` against ``easy``, 2 seats,
seed 77, 37 duplicate deals (stopped): 51.4% [40.2, 62.4], paired +0.03
[-1.26, +1.31] points; more choice does not let the search pull ahead either.
Noms: searching the auction with an own-score reward (each seat's own points)
lost 2.33 +- 0.93 points per hand (40 deals x 4 seats, 150 rollouts, even with
the guard): a failed bid scored 0 like a pass. With
:func:`noms_relative_reward` the same auction search scored -0.11 +- 0.53
(30 deals), card play -0.08 +- 0.36 (40 deals). The auction is now decided by
:func:`engine.ai.noms_search.evaluate_auction` (noise-free play-outs with the
seat as declarer per trump, Mis, Mis a Vis and pass; see that module for the
measurements), the card play by
:func:`engine.ai.noms_search.evaluate_play`. Whole games to 101
(``hard@250it`` against three ``easy``, 81 duplicate deals, seed 4041): 32.7%
[27.8, 38.0] of games won, 1.31x the fair share; win share minus an ``easy``
seat's, per deal, +0.103 [+0.032, +0.173].
"""

from __future__ import annotations

import random
from typing import Sequence

from engine.ai.base import make_bot, register
from engine.ai.ismcts import ISMCTSBot, SearchProfile, end_of_hand
from engine.cards import Card
from engine.core import Action, State, View

#: Seconds per decision of each search level.
BUDGETS = {"medium": 0.15, "hard": 0.8}

#: Nags: points of margin that map to a reward of 0 or 1 (a play-out is 5 + cards left, NA-18).
NAGS_SCALE = 15.0
#: Nags: the share of the reward that is won/lost against the best opponent (NA-20).
NAGS_WIN_WEIGHT = 0.7
#: Spite & Malice: stock cards of margin that map to the edge of the evaluation's range.
SM_SCALE = 6.0


# -- Nags ---------------------------------------------------------------------

def nags_reward(root: State, end: State) -> list[float]:
    """NA-18 to NA-21: reward per seat in [0, 1] for a rollout from ``root`` to ``end``.

    ``NAGS_WIN_WEIGHT`` of it is the result against the best opponent's match
    total at ``end`` (1 ahead, 0.5 level, 0 behind; what the arena and a player
    count); the rest is the margin over the best opponent of the points won
    since ``root``, ``0.5 + margin / (2 * NAGS_SCALE)`` clipped, so that among
    wins (or losses) the bigger margin is still preferred.
    """
    before, after = root.scores(), end.scores()
    n = len(after)
    out = []
    for s in range(n):
        others = [o for o in range(n) if o != s]
        best = max(after[o] for o in others)
        win = 1.0 if after[s] > best else 0.5 if after[s] == best else 0.0
        margin = (after[s] - before[s]) - max(after[o] - before[o] for o in others)
        m = 0.5 + margin / (2 * NAGS_SCALE)
        m = 0.0 if m < 0 else 1.0 if m > 1 else m
        out.append(NAGS_WIN_WEIGHT * win + (1 - NAGS_WIN_WEIGHT) * m)
    return out


def easy_move(game_id: str):
    """``(view, legal, rng) -> Action``: the ``easy`` bot's move (the flat search's default)."""
    bot = make_bot(game_id, "easy")
    return lambda view, legal, rng: bot.choose(view, legal, rng)


def nags_profile() -> SearchProfile:
    """The Nags search: flat Monte Carlo with common random numbers around the
    ``easy`` move (rollouts: ``easy`` without noise, to the end of the current
    game). Tree UCB with noisy rollouts was no better than ``easy``, even when
    given the true hands (see the module docstring)."""
    return SearchProfile(rollout_bot=make_bot("nags", "easy"), reward=nags_reward, stop=end_of_hand,
                         epsilon=0.0, flat=True, default=easy_move("nags"), deviate_z=1.0)


# -- Noms ---------------------------------------------------------------------

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
      :func:`engine.ai.noms_search.noms_decide`; if that is switched off, the
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
    from engine.games.noms import Bid, Call, Pass, Play

    if not legal:
        return []
    if isinstance(legal[0], (Bid, Pass)):
        return [make_bot("noms", "easy").choose(view, legal, rng)]
    if isinstance(legal[0], Play):
        return _noms_merged_plays(view, legal, make_bot("noms", "easy").choose(view, legal, rng))
    if not isinstance(legal[0], Call):
        return list(legal)
    out: list[Action] = [make_bot("noms", "easy").choose(view, legal, rng)]
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


def _noms_merged_plays(view: View, legal: Sequence[Action], easy: Action) -> list[Action]:
    """One play per group of equivalent cards (see :func:`noms_candidates`), ``easy`` first."""
    gone = {c for t in view.tricks for c in t[1]} | set(view.trick)
    held = set(view.hand)
    called = view.called

    def group(card: Card) -> tuple[int, int] | None:
        if card == called:
            return None
        r = card.rank
        while r > 2:
            lower = Card.get(r - 1, card.suit)
            if (lower in held and lower != called) or lower in gone:
                r -= 1
            else:
                break
        return (card.suit, r)

    out: list[Action] = [easy]
    groups = {group(easy.card)}
    for a in legal:
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
    :func:`engine.ai.noms_search.noms_decide`; the trump and the called card
    use the flat search here, whose rollout noise and flat mode come from
    :mod:`engine.ai.noms_search`."""
    from engine.ai import noms_search as ns

    return SearchProfile(rollout_bot=make_bot("noms", "easy"), reward=noms_relative_reward, stop=end_of_hand,
                         candidates=noms_candidates, epsilon=ns.PLAY_EPSILON, flat=ns.PLAY_FLAT,
                         default=easy_move("noms"), deviate_z=1.0, decide=ns.noms_decide)


# -- Spite & Malice ------------------------------------------------------------

def sm_reward(root: State, end: State) -> list[float]:
    """SM-13/SM-17: 1 for the winner of the game, 0 for the loser, 0.5 each for a
    tie; a rollout cut short is scored by how many stock cards each seat got rid
    of (SM-13: emptying the stock wins), kept inside [0.05, 0.95]."""
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
    """The Spite & Malice profile given to :class:`engine.ai.spite_malice_search.SpiteMaliceSearchBot`,
    which plans whole turns itself and takes only the rollout bot (``easy``) and,
    for a finished game, :func:`sm_reward` from it."""
    return SearchProfile(rollout_bot=make_bot("spite_malice", "easy"), reward=sm_reward)


# -- registry --------------------------------------------------------------------

PROFILES = {"nags": nags_profile, "noms": noms_profile, "spite_malice": sm_profile}


def make_search_bot(game_id: str, level: str = "hard", budget_s: float | None = None,
                    iterations: int | None = None) -> ISMCTSBot:
    """An :class:`ISMCTSBot` for ``game_id``: with neither ``budget_s`` nor
    ``iterations``, the time budget of ``level`` (:data:`BUDGETS`).

    Raises:
        KeyError: for a game without a search profile.
    """
    if budget_s is None and iterations is None:
        budget_s = BUDGETS[level]
    if game_id == "spite_malice":  # whole-turn plans, engine/ai/spite_malice_search.py
        from engine.ai.spite_malice_search import SpiteMaliceSearchBot
        return SpiteMaliceSearchBot(sm_profile(), budget_s=budget_s, iterations=iterations, level=level)
    return ISMCTSBot(PROFILES[game_id](), budget_s=budget_s, iterations=iterations, level=level)


for _game in PROFILES:
    for _level in BUDGETS:
        register(_game, _level, lambda g=_game, lv=_level: make_search_bot(g, lv))
