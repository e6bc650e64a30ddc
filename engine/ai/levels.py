"""The ``medium`` and ``hard`` bot levels: :class:`engine.ai.ismcts.ISMCTSBot`
with a :class:`engine.ai.ismcts.SearchProfile` per game.

| game | rollout | stops at | reward per seat in [0, 1] |
|---|---|---|---|
| Nags | ``easy`` with 1 move in 5 random | the end of the current game (NA-17, NA-18) | 0.5 + (own game points - mean of the others) / 30, clipped |
| Noms (trump, called card, card play; the auction is the ``easy`` bidder's) | ``easy`` with 1 move in 5 random | the end of the current hand (NO-19 to NO-21) | the seat's own points of the hand, scaled by 13 x the hand's multiplier (NO-21); NO-V3 Mis may go below 0 |
| Spite & Malice (stock plays first; discards: the ``easy`` choice only) | ``easy`` with 1 move in 5 random | the end of the game (SM-13), or after 4 more turns | a win 1, a loss 0, a tie 0.5; when cut short, 0.5 + (stock cards the opponent gained over us) / 12, clipped to [0.05, 0.95] |

``medium`` searches about 0.15 s per decision, ``hard`` about 0.8 s (so that
99% of decisions stay under 1 s on a 2-core machine). Both return at once when
a single move is legal.
"""

from __future__ import annotations

import random
from typing import Sequence

from engine.ai.base import make_bot, register
from engine.ai.ismcts import ISMCTSBot, SearchProfile, end_of_hand, margin_reward
from engine.cards import Card
from engine.core import Action, State, View

#: Seconds per decision of each search level.
BUDGETS = {"medium": 0.15, "hard": 0.8}

#: Nags: points of margin that map to a reward of 0 or 1 (a play-out is 5 + cards left, NA-18).
NAGS_SCALE = 15.0
#: Spite & Malice: turns simulated past the root before the evaluation (SM-16 games can be long).
SM_TURNS_AHEAD = 4
#: Spite & Malice: stock cards of margin that map to the edge of the evaluation's range.
SM_SCALE = 6.0


# -- Nags ---------------------------------------------------------------------

def nags_reward(root: State, end: State) -> list[float]:
    """NA-18/NA-19/NA-20: the points won in the rest of the current game, as a margin."""
    return margin_reward(root, end, NAGS_SCALE)


def nags_profile() -> SearchProfile:
    """The Nags search: rollouts to the end of the current game (one hand of the match)."""
    return SearchProfile(rollout_bot=make_bot("nags", "easy"), reward=nags_reward, stop=end_of_hand)


# -- Noms ---------------------------------------------------------------------

def noms_reward(root: State, end: State) -> list[float]:
    """NO-19 to NO-21: each seat's own points of the hand being played, scaled.

    The declarer's side is known only at the end (NO-12), so each seat is
    rewarded by its own score: 0 for nothing, 1 for a made 13 (times the
    multiplier); Mis (26) is clipped to 1, NO-V3 Mis failures go down to 0.
    """
    mult = getattr(root, "mult", 1) or 1
    lo = -23.0 * mult if root.variant.mis_value_10 else 0.0
    hi = 13.0 * mult
    before, after = root.scores(), end.scores()
    out = []
    for b, a in zip(before, after):
        r = (a - b - lo) / (hi - lo)
        out.append(0.0 if r < 0 else 1.0 if r > 1 else r)
    return out


def noms_candidates(view: View, legal: Sequence[Action], rng: random.Random) -> list[Action]:
    """The root actions the Noms search considers.

    * The auction (NO-7, NO-8) is not searched: the ``easy`` bidder's call is
      played. Searching bids with noisy heuristic rollouts lost 2.4 +- 2.1 points
      per hand against the easy bidder (24 paired hands, 150 iterations).
    * NO-10b: the called cards worth simulating are the easy bot's choice, the
      two highest trumps and the aces the declarer lacks.
    * Everything else (trump, card play) searches all its legal actions.
    """
    from engine.games.noms import Bid, Call, Pass

    if not legal:
        return []
    if isinstance(legal[0], (Bid, Pass)):
        return [make_bot("noms", "easy").choose(view, legal, rng)]
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


def noms_profile() -> SearchProfile:
    """The Noms search: rollouts to the end of the current hand (a game to 101 is long)."""
    return SearchProfile(rollout_bot=make_bot("noms", "easy"), reward=noms_reward, stop=end_of_hand,
                         candidates=noms_candidates)


# -- Spite & Malice ------------------------------------------------------------

def sm_stop(root: State, state: State, plies: int) -> bool:
    """SM-13/SM-16: stop when the game ends or after :data:`SM_TURNS_AHEAD` turns."""
    return state.game_no != root.game_no or state.turns - root.turns >= SM_TURNS_AHEAD


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


def sm_chance_key(state: State, outcome: Action, searcher: int) -> str:
    """SM-7/SM-11/SM-18: drawn cards go into a hand, so every draw is one edge
    (the opponent's cards are hidden; the searcher's own draws are merged too,
    which keeps the tree reusable; availability counts handle the moves a draw
    makes possible)."""
    return str(outcome).split(" ", 1)[0]


def sm_candidates(view: View, legal: Sequence[Action], rng: random.Random) -> list[Action]:
    """SM-13 stock first: when the stock's top card can be played, only stock
    plays are searched; otherwise every play onto a play deck and the easy
    bot's choice (its discard, SM-12). Searching all discards flattened the
    statistics (about 25 root moves) and lost stock plays."""
    from engine.games.spite_malice import Discard, PlayStock

    stock = [a for a in legal if isinstance(a, PlayStock)]
    if stock:
        return stock
    out = [a for a in legal if not isinstance(a, Discard)]
    easy = make_bot("spite_malice", "easy").choose(view, legal, rng)
    if easy not in out:
        out.append(easy)
    return out


def sm_profile() -> SearchProfile:
    """The Spite & Malice search: a few turns ahead, then the stock-count evaluation."""
    return SearchProfile(rollout_bot=make_bot("spite_malice", "easy"), reward=sm_reward, stop=sm_stop,
                         chance_key=sm_chance_key, candidates=sm_candidates)


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
