"""Nags bots: the ``easy`` heuristic (rules NA-1 to NA-25).

:class:`NagsEasyBot` looks one play ahead. It is handed only its seat's
:class:`engine.games.nags.game.NagsView` and the legal actions, and scores every
legal action with a few features a player would weigh:

* **Playing out** (NA-17/NA-18) ends the game at once and is always taken.
* **Horses** (NA-12, NA-19): bringing a running horse in is worth its points at
  the next position (plus the owner's bonus, NA-25d, if the bot owns it). A play
  whose cards are all the wrong colour makes the horse fall: that is avoided
  when the bot still holds the right colour, and mildly welcome otherwise (it
  denies the horse to everyone else).
* **Shedding** (NA-9): more cards per play, and spending values the bot holds many of.
* **The next player** must play T or next(T) (NA-10). From the cards the bot
  has not seen (52 minus its hand, the discard pile, the runners, the known
  draw pile, and the cards below the start card, NA-7) and the next player's
  hand size, it estimates the chance that the next player cannot play and must
  turn a card (NA-11), and the points the next player could take by bringing a
  horse in with the values the play opens to them. Both weigh more when the
  next player has few cards left.
* **Its own next turn**: a small Markov model moves the top value through the
  other players' turns (each plays T, plays next(T) or turns a card, with
  probabilities from the unseen cards) and gives the chance that the bot can
  play again; this keeps it from stranding its own cards.

Choosing a direction (NA-23) uses the same next-turn model for up and down.
Buying a horse (NA-25) compares the price (10 points) with the expected
runner bonus and placing bonus over the games that are left, and buys only
with a lead or a score to spare.
"""

from __future__ import annotations

import random
from typing import Callable, Sequence, cast

from engine.grammar import article
from engine.ai.base import HeuristicBot
from engine.cards import standard_deck
from engine.core import Action, View
from engine.games.nags.game import (CAME_IN, RUNNING, Buy, ChooseDirection, DoneBuying, NagsView, Pass, Play, Turn,
                               horse_half_points, next_value, prev_value, start_search_key, value_text)

_FULL_DECK = standard_deck()
_VALUES = tuple(range(2, 15))

#: Measured with the simulator (random playouts of 3 seats): the chance that a
#: running horse comes in during a game, and the mean position when it does.
_P_COMES_IN = 0.6
_MEAN_POSITION_FRACTION = 0.55  # mean points of a horse that comes in, as a fraction of v


def _p_none(unseen: int, good: int, hand: int) -> float:
    """Hypergeometric: the chance that ``hand`` cards drawn from ``unseen``
    cards include none of ``good`` particular ones."""
    if good <= 0 or hand <= 0:
        return 1.0
    if unseen - good < hand:
        return 0.0
    p = 1.0
    for i in range(hand):
        p *= (unseen - good - i) / (unseen - i)
    return p


class NagsEasyBot(HeuristicBot):
    """Level ``easy``: a one-play-ahead Nags heuristic (see the module docstring).

    ``choose(view, legal, rng)`` returns one element of ``legal``; ties between
    equally scored actions are broken with ``rng.random()``, so the bot is
    deterministic for a seeded ``rng``. It reads nothing but ``view``.

    The weights are attributes so tuning runs can vary them.
    """


    # Feature weights, in half points (the unit of NagsView scores).
    w_card = 3.0          # per card shed
    w_value_left = 1.5    # per distinct value no longer held (fewer plays to go out)
    w_block = 6.0         # chance the next player must turn a card
    w_block_danger = 6.0  # extra block weight per card fewer than 5 in the next player's hand
    w_setup = 0.8         # expected horse half points handed to the next player
    w_fall = 0.25         # share of a horse's value gained by making it fall when we cannot bring it in
    w_again = 8.0         # chance we can play on our next turn
    danger_cards = 5

    def decide(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        """The heuristic's pick among two or more legal actions (see the class docstring)."""
        view = cast(NagsView, view)  # a Nags bot is only given a Nags view
        first = legal[0]
        if isinstance(first, (Buy, DoneBuying)) or any(isinstance(a, Buy) for a in legal):
            return self._choose_buy(view, legal)
        if isinstance(first, ChooseDirection):
            return self._choose_direction(view, legal, rng)
        return self._choose_play(_Context(view), legal, rng, None)

    def decide_with_reason(self, view: View, legal: Sequence[Action], rng: random.Random) -> tuple[Action, str]:
        """:meth:`decide`'s move (the same for the same ``rng``) and the rule of thumb
        behind it: for a play, the feature in which it beats the next best play most
        (playing out, a horse brought in or kept alive, the next player blocked, a
        play left for the next turn, cards shed); for a buy or a direction, the
        estimate that decided it."""
        view = cast(NagsView, view)
        first = legal[0]
        if isinstance(first, (Buy, DoneBuying)) or any(isinstance(a, Buy) for a in legal):
            action = self._choose_buy(view, legal)
            return action, self._buy_reason(view, action)
        if isinstance(first, ChooseDirection):
            action = self._choose_direction(view, legal, rng)
            return action, self._direction_reason(view, action)
        ctx = _Context(view)
        parts: dict[Action, dict[str, float]] = {}
        action = self._choose_play(ctx, legal, rng, parts)
        return action, _play_reason(ctx, action, parts)

    def _choose_play(self, ctx: "_Context", legal: Sequence[Action], rng: random.Random,
                     parts: "dict[Action, dict[str, float]] | None") -> Action:
        """The best scored play (ties broken with ``rng``); ``parts``, when given,
        receives each action's score by feature (see :meth:`_score`)."""
        best: list[Action] = []
        best_score = float("-inf")
        for a in legal:
            p: dict[str, float] | None = None if parts is None else parts.setdefault(a, {})
            s = self._score(ctx, a, p)
            if s > best_score + 1e-9:
                best, best_score = [a], s
            elif s > best_score - 1e-9:
                best.append(a)
        return best[0] if len(best) == 1 else best[int(rng.random() * len(best))]

    # -- plays -------------------------------------------------------------
    def _score(self, ctx: "_Context", action: Action, parts: "dict[str, float] | None" = None) -> float:
        """The action's score in half points. ``parts``, when given, receives the
        score by feature (``out``, ``cards``, ``all_of_value``, ``horse``, ``block``,
        ``setup``, ``again``, ``turn``) and the facts the reasons name (``p_block``,
        ``p_again``, ``next_hand``)."""
        view = ctx.view
        if isinstance(action, Pass):
            return 0.0
        if isinstance(action, Turn):
            # NA-11 voluntary turn: we shed nothing and hand the move on.
            if parts is not None:
                parts["turn"] = self.w_again * 0.5 - 2 * self.w_card
            return self.w_again * 0.5 - 2 * self.w_card
        assert isinstance(action, Play)
        cards = action.cards
        k = len(cards)
        v = cards[0].rank
        if k == len(view.hand):
            if parts is not None:
                parts["out"] = 1e6
            return 1e6  # NA-17: playing out ends the game with 5 + cards in other hands
        score = self.w_card * k
        held_v = ctx.my_count[v]
        if k == held_v:
            score += self.w_value_left
        if parts is not None:
            parts["cards"] = self.w_card * k
            parts["all_of_value"] = self.w_value_left if k == held_v else 0.0
        horse = self._horse_score(ctx, v, cards)
        score += horse
        # The next player after this play (NA-10).
        left = ctx.my_count.copy()
        left[v] -= k
        nxt = (view.seat + 1) % view.n_seats
        h = view.hand_sizes[nxt]
        d = view.direction
        opts = (v, next_value(v) if d > 0 else prev_value(v))
        p_block = _p_none(ctx.n_unseen, ctx.unseen_count[opts[0]] + ctx.unseen_count[opts[1]], h)
        block = (self.w_block + self.w_block_danger * max(0, self.danger_cards - h)) * p_block
        score += block
        setup = _setup_points(ctx, v, cards, opts, h)
        score -= self.w_setup * setup
        # Our own next turn.
        p_again = ctx.p_play_again(v, d, left, nxt)
        score += self.w_again * p_again
        if parts is not None:
            parts.update(horse=horse, block=block, setup=-self.w_setup * setup, again=self.w_again * p_again,
                         p_block=p_block, p_again=p_again, next_hand=h)
        return score

    def _horse_score(self, ctx: "_Context", v: int, cards: tuple) -> float:
        """NA-12, NA-19, NA-25d: what playing ``cards`` of value ``v`` does to its running
        horse, in half points: its placing points if one has the runner's colour (twice
        for our own horse), else the loss of our own horse, or a share of the points
        an opponent loses when it falls."""
        r = ctx.running.get(v)
        if r is None:
            return 0.0
        view = ctx.view
        runner = r[0]
        pts = horse_half_points(v, ctx.next_position)
        if any(c.is_red == runner.is_red for c in cards):
            return pts * (2 if ctx.owned.get(v) == view.seat else 1)
        i_can_still = any(c.rank == v and c.is_red == runner.is_red and c not in cards for c in view.hand)
        if i_can_still or ctx.owned.get(v) == view.seat:
            return -pts  # never throw away our own horse
        horse = self.w_fall * pts
        if ctx.owned.get(v) is not None:
            horse += self.w_fall * pts
        return horse

    # -- NA-23 --------------------------------------------------------------
    def _choose_direction(self, view: NagsView, legal: Sequence[Action], rng: random.Random) -> Action:
        ctx = _Context(view)
        top = view.top_value
        assert top is not None  # a direction is chosen after a card was turned onto the pile (NA-23)
        nxt = (view.seat + 1) % view.n_seats
        h = view.hand_sizes[nxt]
        best, best_s = legal[0], float("-inf")
        for a in legal:
            d = a.direction  # type: ignore[attr-defined]
            opts = (top, next_value(top) if d > 0 else prev_value(top))
            p_block = _p_none(ctx.n_unseen, ctx.unseen_count[opts[0]] + ctx.unseen_count[opts[1]], h)
            s = self.w_again * ctx.p_play_again(top, d, ctx.my_count, nxt) + self.w_block * p_block
            s += rng.random() * 1e-6
            if s > best_s:
                best, best_s = a, s
        return best

    def _direction_reason(self, view: NagsView, action: Action) -> str:
        """Why :meth:`_choose_direction` chose ``action`` (NA-23)."""
        ctx = _Context(view)
        top = view.top_value
        assert top is not None  # a direction is chosen after a card was turned (NA-23)
        d = action.direction  # type: ignore[attr-defined]
        nb = next_value(top) if d > 0 else prev_value(top)
        p = ctx.p_play_again(top, d, ctx.my_count, (view.seat + 1) % view.n_seats)
        return (f"{'up' if d > 0 else 'down'}: the next player needs {article(value_text(top))} or "
                f"{article(value_text(nb))}, and you can play on your next turn ({p:.0%})")

    def _buy_reason(self, view: NagsView, action: Action) -> str:
        """Why :meth:`_choose_buy` chose ``action`` (NA-25)."""
        if isinstance(action, Buy):
            games = _games_left(view)
            return (f"a value is a runner in about 4 games of 13 (+2, and its placing points again): "
                    f"the {value_text(action.value)} should repay its 10 points in {games:.0f} more games")
        mine = view.totals_half[view.seat]
        if mine < 20:
            return "too few points: a horse costs 10 and pays back only over several games"
        if _games_left(view) < 1:
            return "no game left for a horse to pay back its 10 points"
        return "keeps your points: no horse pays back its 10 points with the games left"

    # -- NA-25 --------------------------------------------------------------
    def _choose_buy(self, view: NagsView, legal: Sequence[Action]) -> Action:
        buys = [a for a in legal if isinstance(a, Buy)]
        done = next((a for a in legal if isinstance(a, DoneBuying)), legal[0])
        if not buys:
            return done
        me = view.seat
        mine = view.totals_half[me]
        others = [t for i, t in enumerate(view.totals_half) if i != me]
        lead = mine - max(others)
        games_left = _games_left(view)
        if games_left < 1 or mine < 20:
            return done
        if lead < 0 and mine - 20 < 20:
            return done  # behind with a low score: a purchase only pays back late
        # A bought value pays +2 when it runs (4 of 13 values run) and its
        # placing points again when it comes in (NA-25c/d), for every game left.
        best, best_gain = done, 0.0
        for a in buys:
            v = a.value  # type: ignore[attr-defined]
            per_game = (4 / 13) * (4 + _P_COMES_IN * _MEAN_POSITION_FRACTION * 2 * v)
            gain = games_left * per_game - 20
            if lead < 20:
                gain -= 10  # with a thin lead the points in hand are worth more
            if gain > best_gain:
                best, best_gain = a, gain
        return best


def _setup_points(ctx: "_Context", v: int, cards: tuple, opts: tuple[int, int], h: int) -> float:
    """NA-10, NA-19: the horse points the next player (``h`` cards) may take on our
    play of ``cards`` of value ``v``: for each value it may play (``opts``) with a
    running horse, the chance it holds that horse's colour times its placing points."""
    r = ctx.running.get(v)
    pos = ctx.next_position + (1 if r is not None and any(c.is_red == r[0].is_red for c in cards) else 0)
    setup = 0.0
    for u in opts:
        rr = ctx.running.get(u)
        if rr is None or (u == v and r is not None) or pos > 4:
            continue
        right = ctx.unseen_colour[u][1 if rr[0].is_red else 0]
        p_has = 1.0 - _p_none(ctx.n_unseen, right, h)
        setup += p_has * horse_half_points(u, pos)
    return setup


_ORDINAL = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}


def _points(half: float) -> str:
    """Half points as points (``7``, ``3.5``)."""
    return f"{half / 2:g}"


def _play_reason(ctx: "_Context", action: Action, parts: "dict[Action, dict[str, float]]") -> str:
    """The rule of thumb behind ``action``: the feature in which it beats the next
    best play most (``parts``: every action's score by feature, :meth:`NagsEasyBot._score`)."""
    view = ctx.view
    mine = parts.get(action, {})
    if "out" in mine:
        return f"plays out your last cards: the game ends and you score 5 + {sum(view.hand_sizes) - len(view.hand)}"
    if isinstance(action, Turn):
        return "turns a card rather than break up your hand"
    if isinstance(action, Pass):
        return "nothing to play or turn"
    assert isinstance(action, Play)
    runner_up = _runner_up(action, parts)
    theirs = parts.get(runner_up, {}) if runner_up is not None else {}
    features = ("horse", "block", "again", "setup", "all_of_value", "cards")
    gain = {f: mine.get(f, 0.0) - theirs.get(f, 0.0) for f in features}
    best = max(features, key=lambda f: gain[f])
    why = _FEATURE_REASONS.get(best) if gain[best] > 0 else None
    text = why(ctx, action, mine, runner_up) if why is not None else None
    if text is not None:
        return text
    k, v = len(action.cards), action.cards[0].rank
    return f"sheds {k} cards at once" if k > 1 else f"sheds a card ({value_text(v)})"


def _runner_up(action: Play, parts: "dict[Action, dict[str, float]]") -> Action | None:
    """The best other play by total score, of another value where there is one (why
    this value, rather than how many of it)."""
    total = {a: sum(v for k, v in p.items() if not k.startswith(("p_", "next_"))) for a, p in parts.items()}
    others = [a for a in parts if a != action]
    v0 = action.cards[0].rank
    others = [a for a in others if not (isinstance(a, Play) and a.cards[0].rank == v0)] or others
    return max(others, key=lambda a: total[a]) if others else None


def _horse_reason(ctx: "_Context", action: Play, mine: dict[str, float], runner_up: Action | None) -> str | None:
    v = action.cards[0].rank
    r = ctx.running.get(v)
    if mine.get("horse", 0.0) > 0 and r is not None:
        if any(c.is_red == r[0].is_red for c in action.cards):
            half = horse_half_points(v, ctx.next_position)
            return f"brings the {r[0].pretty} horse in {_ORDINAL.get(ctx.next_position, '')} for {_points(half)} points"
        return f"makes the {r[0].pretty} horse fall, so nobody else brings it in"
    ru = ctx.running.get(runner_up.cards[0].rank) if isinstance(runner_up, Play) else None
    if ru is not None:
        return f"keeps the {ru[0].pretty} horse alive: you still hold its colour"
    return None


def _block_reason(ctx: "_Context", action: Play, mine: dict[str, float], runner_up: Action | None) -> str:
    v = action.cards[0].rank
    nb = next_value(v) if ctx.view.direction > 0 else prev_value(v)
    return (f"the next player likely holds no {value_text(v)} or {value_text(nb)} "
            f"({mine.get('p_block', 0.0):.0%}) and must turn a card")


#: Feature -> the sentence for a play that wins on it (None: say what it sheds).
_FEATURE_REASONS: dict[str, Callable[["_Context", Play, dict[str, float], Action | None], str | None]] = {
    "horse": _horse_reason,
    "block": _block_reason,
    "again": lambda ctx, a, mine, ru: f"keeps a play for your next turn ({mine.get('p_again', 0.0):.0%})",
    "setup": lambda ctx, a, mine, ru: "opens no running horse to the next player",
    "all_of_value": lambda ctx, a, mine, ru: f"plays every {value_text(a.cards[0].rank)} you hold: "
                                             "fewer plays left to go out",
}


def _games_left(view: NagsView) -> float:
    """Games still to play in the match after this buying round (NA-21); for a
    target match, estimated from the best score per game so far."""
    var = view.variant
    played = len(view.history)
    if var.match_target is None:
        return float(var.match_games - played)
    if not played:
        return 3.0
    mean_best = sum(max(h) for h in view.history) / (2 * played)
    need = var.match_target - max(view.totals_half) / 2
    return max(0.0, need / max(mean_best, 1.0))


class _Context:
    """What the bot works out once per decision from the view: its cards by
    value, the unseen cards by value and colour, the running horses."""

    __slots__ = ("view", "my_count", "unseen_count", "unseen_colour", "n_unseen", "running", "next_position",
                 "owned")

    def __init__(self, view: NagsView) -> None:
        self.view = view
        my = [0] * 15
        for c in view.hand:
            my[c.rank] += 1
        self.my_count = my
        seen = set(view.hand)
        seen.update(view.discard)
        seen.update(r[0] for r in view.runners)
        seen.update(view.stock_known)
        seen.update(view.pool_known)
        low_key = start_search_key(view.start_card) if view.start_card is not None else None
        cnt = [0] * 15
        col = [[0, 0] for _ in range(15)]
        n = 0
        for c in _FULL_DECK:
            if c in seen:
                continue
            if low_key is not None and start_search_key(c) < low_key:
                continue  # NA-7: no hand held it at the deal, so it is in the draw pile
            cnt[c.rank] += 1
            col[c.rank][1 if c.is_red else 0] += 1
            n += 1
        self.unseen_count = cnt
        self.unseen_colour = col
        self.n_unseen = n
        self.running = {r[0].rank: r for r in view.runners if r[1] == RUNNING}
        self.next_position = 1 + sum(1 for r in view.runners if r[1] == CAME_IN)
        self.owned = dict(view.owners)

    def p_play_again(self, top: int, direction: int, mine: list[int], first: int) -> float:
        """The chance that we can play on our next turn, after the other seats
        from ``first`` on have each played T, played the neighbour value or
        turned a card (NA-10, NA-11), given our cards ``mine`` (counts by value)."""
        view = self.view
        dist = {(top, direction): 1.0}
        unseen, n_unseen = self.unseen_count, self.n_unseen
        alternating = view.variant.direction_mode == "alternating"
        turn_dist = [unseen[u] / n_unseen if n_unseen else 1 / 13 for u in range(15)]
        seat = first
        while seat != view.seat:
            h = view.hand_sizes[seat]
            new: dict[tuple[int, int], float] = {}
            for (t, d), p in dist.items():
                nb = next_value(t) if d > 0 else prev_value(t)
                has_t = 1.0 - _p_none(n_unseen, unseen[t], h)
                has_n = 1.0 - _p_none(n_unseen, unseen[nb], h)
                p_none = _p_none(n_unseen, unseen[t] + unseen[nb], h)
                p_play = 1.0 - p_none
                if p_play > 0:
                    # Which value they play: split by how likely each is held.
                    tot = has_t + has_n
                    for u, w in ((t, has_t), (nb, has_n)):
                        if w > 0:
                            key = (u, d)
                            new[key] = new.get(key, 0.0) + p * p_play * w / tot
                if p_none > 0:
                    nd = -d if alternating else d
                    for u in _VALUES:
                        q = turn_dist[u]
                        if q:
                            key = (u, nd)
                            new[key] = new.get(key, 0.0) + p * p_none * q
            dist = new
            seat = (seat + 1) % view.n_seats
        out = 0.0
        for (t, d), p in dist.items():
            nb = next_value(t) if d > 0 else prev_value(t)
            if mine[t] or mine[nb]:
                out += p
        return out

