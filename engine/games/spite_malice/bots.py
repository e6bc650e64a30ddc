"""Spite & Malice bots: the ``easy`` heuristic (rules SM-1 to SM-20).

:class:`SpiteMaliceEasyBot` is handed only its seat's
:class:`engine.games.spite_malice.game.SpiteMaliceView` and the legal actions. It
decides one move at a time, re-planning from the view every time:

1. **Stock first** (SM-13): if the stock top card can be played now, play it
   (a wild stock card goes where it does not set up the opponent).
2. **A chain to the stock**: search, play deck by play deck, for a sequence of
   hand cards, discard-deck tops and wild cards (SM-8, SM-9) that builds a
   play deck up to one below the stock top; the chain using the fewest wild
   cards (then the fewest cards) wins, and its first move is played. Wild cards
   are otherwise **held for the stock**.
3. **Refill** (SM-11): if every hand card is natural and they can all be
   played, play them out to draw a fresh hand.
4. **Safe plays**: natural discard-deck tops, then natural hand cards, that do
   not leave a play deck at one below the opponent's visible stock card. A
   play may pass through that value when the run of natural cards goes on
   past it (:meth:`_Ctx.reach`), and the value is no danger once a play deck
   already shows it (the opponent can play the card anyway); a deck showing
   it is built on first.
5. **A wild card bridges a gap** (SM-9): with two or more wild cards in hand,
   one is played where at least 1 natural card follows it; with a single wild
   card only where 3 follow (:attr:`SpiteMaliceEasyBot.bridge_need`).
6. **Discard** (SM-12): the natural card least likely to be played soon, onto
   the discard deck that keeps a descending run (a top one higher, or the same
   value), else an empty discard deck, else burying the least useful top card.

Latest measurement (2026-11, duplicate deals, ``easy`` against ``random``,
seed 11, 100 deals x 2 seats): SNM_A 79.0% [72.8, 84.1], paired +11.3
[+10.0, +12.7] points; ``random`` never wins, the rest are SM-15 ties (the
draw deck runs dry while ``easy`` waits for a missing value). The ideas tried
and rejected are in ``docs/ai-measurements.md``.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Iterator, Protocol, Sequence, cast

from engine.ai.base import HeuristicBot
from engine.cards import Card
from engine.core import Action, View
from engine.games.spite_malice.game import (VALUE, Discard, PlayDiscard, PlayHand, PlayStock, SpiteMaliceVariant,
                                            SpiteMaliceView)

#: Nodes explored per play deck by the chain search (keeps a decision fast).
_CHAIN_BUDGET = 400


class SeatView(Protocol):
    """What the easy bot reads of a seat's view: a :class:`SpiteMaliceView`, or the
    search's lighter rollout view over a state's own lists (SM-18: only what the seat sees)."""

    @property
    def seat(self) -> int: ...
    @property
    def variant(self) -> SpiteMaliceVariant: ...
    @property
    def hand(self) -> Sequence[Card]: ...
    @property
    def stock_tops(self) -> Sequence[Card | None]: ...
    @property
    def play(self) -> Sequence[Sequence[Card]]: ...
    @property
    def discards(self) -> Sequence[Sequence[Sequence[Card]]]: ...


class SpiteMaliceEasyBot(HeuristicBot):
    """Level ``easy``: the Spite & Malice heuristic of the module docstring.

    ``choose(view, legal, rng)`` returns one element of ``legal``; it reads
    nothing but ``view`` and is deterministic (``rng`` only breaks exact ties).
    ``pick(view)`` is the same choice without the legal-move list (the search's rollouts).
    """

    #: Natural cards that must follow a wild card played to bridge a gap (SM-9), by wild cards
    #: held (1, 2 or more): with one wild card it is kept for the stock unless the gain is large.
    #: (2, 1) scored 83% against ``random`` but 47% against the old ``easy``; (3, 1) 81% and 51.5%.
    bridge_need = (3, 1)

    def _moves(self, view: SeatView) -> Iterator[Action]:
        """The heuristic's moves for the seat to move, most preferred first (a lazy
        iterator of actions: stock, chain, refill, safe play, bridge, then a discard)."""
        for _, a in self._steps(view):
            yield a

    def _steps(self, view: SeatView) -> Iterator[tuple[str, Action]]:
        """:meth:`_moves` with the name of the step that proposed each move
        (``stock``, ``chain``, ``refill``, ``safe``, ``bridge``, ``discard``)."""
        ctx = _Ctx(view)
        for name, step in (("stock", self._stock_play), ("chain", self._chain), ("refill", self._refill),
                           ("safe", self._safe_play), ("bridge", self._bridge)):
            a = step(ctx)
            if a is not None:
                yield name, a
        yield "discard", self._discard(ctx)

    def decide(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        """The heuristic's pick among two or more legal actions (see the class docstring)."""
        return self.decide_with_reason(view, legal, rng)[0]

    def decide_with_reason(self, view: View, legal: Sequence[Action], rng: random.Random) -> tuple[Action, str]:
        """:meth:`decide`'s move and the step of the module docstring that chose it, in words."""
        view = cast(SpiteMaliceView, view)  # a Spite & Malice bot is only given its own game's view
        legal_set = set(legal)
        for name, a in self._steps(view):
            if a in legal_set:
                return a, _step_reason(name, a, view)
        return legal[int(rng.random() * len(legal))], "no rule of thumb fits"  # pragma: no cover - defensive

    def pick(self, view: SeatView) -> Action:
        """The heuristic's move for the seat to move in ``view`` without a list of
        legal actions (the search's rollouts: building that list costs a quarter of
        a rollout). Every step builds only moves that SM-8/SM-9 allow, so this is
        :meth:`decide`'s choice whenever the seat has a real choice; the state's
        ``apply`` still checks it. ``view`` needs only ``seat``, ``variant``,
        ``hand``, ``stock_tops``, ``play`` and ``discards``."""
        return next(self._moves(view))

    # -- 1. stock ----------------------------------------------------------------
    def _stock_play(self, ctx: "_Ctx") -> Action | None:
        top = ctx.my_top
        if top is None:
            return None
        v = VALUE[top]
        if v < ctx.wmin:
            for j, t in enumerate(ctx.tops):
                if t + 1 == v:
                    return PlayStock(j)
            return None
        # a wild stock card: where it does not set up the opponent, best where it clears a deck
        best, best_key = None, None
        for j, t in enumerate(ctx.tops):
            after = ctx.after(t + 1)
            key = (after != ctx.danger, t + 1 == ctx.maxv, t)
            if best_key is None or key > best_key:
                best, best_key = j, key
        return PlayStock(cast(int, best))  # there is always at least one play deck (SM-20)

    # -- 2. chain to the stock ------------------------------------------------------
    def _chain(self, ctx: "_Ctx") -> Action | None:
        top = ctx.my_top
        if top is None or VALUE[top] >= ctx.wmin:
            return None
        s = VALUE[top]
        best, best_cost = None, None
        for j, t in enumerate(ctx.tops):
            if t >= s - 1:
                continue
            found = ctx.chain(t + 1, s - 1)
            if found is None:
                continue
            cost, first = found
            if best_cost is None or cost < best_cost:
                best_cost = cost
                kind, x = first
                best = PlayHand(cast(Card, x), j) if kind == "H" else PlayDiscard(cast(int, x), j)
        return best

    # -- 3. refill ---------------------------------------------------------------
    def _refill(self, ctx: "_Ctx") -> Action | None:
        hand = ctx.view.hand
        if not hand or any(VALUE[c] >= ctx.wmin for c in hand):
            return None
        first = _play_out(sorted(VALUE[c] for c in hand), list(ctx.tops), ctx.maxv, [0])
        if first is None:
            return None
        v, j = first
        card = next(c for c in hand if VALUE[c] == v)
        return PlayHand(card, j)

    # -- 4. safe plays ---------------------------------------------------------------
    def _safe_play(self, ctx: "_Ctx") -> Action | None:
        best: Action | None = None
        best_key = None
        view = ctx.view
        reach: dict[int, int] = {}

        def ok(j: int, v: int) -> bool:
            # safe at once, or the run of natural cards goes on past the opponent's value
            if ctx.after(v) != ctx.danger:
                return True
            if j not in reach:
                reach[j] = ctx.reach(ctx.tops[j])
            return reach[j] > v

        for i, d in enumerate(view.discards[view.seat]):
            if d and VALUE[d[-1]] < ctx.wmin:
                v = VALUE[d[-1]]
                for j, t in enumerate(ctx.tops):
                    if t + 1 == v and ok(j, v):
                        key = (t == ctx.danger, 2, -v, -i, -j)
                        if best_key is None or key > best_key:
                            best, best_key = PlayDiscard(i, j), key
        for c in set(view.hand):
            v = VALUE[c]
            if v >= ctx.wmin:
                continue
            for j, t in enumerate(ctx.tops):
                if t + 1 == v and ok(j, v):
                    key = (t == ctx.danger, 1, -v, -c.order, -j)
                    if best_key is None or key > best_key:
                        best, best_key = PlayHand(c, j), key
        return best

    # -- 5. a wild card bridging a gap --------------------------------------------
    def _bridge(self, ctx: "_Ctx") -> Action | None:
        view = ctx.view
        wild = next((c for c in view.hand if VALUE[c] >= ctx.wmin), None)
        if wild is None:
            return None
        nw = sum(1 for c in view.hand if VALUE[c] >= ctx.wmin)
        need = self.bridge_need[min(nw, len(self.bridge_need)) - 1]
        best, best_key = None, None
        for j, t in enumerate(ctx.tops):
            w = t + 1
            end = ctx.reach(w) if w < ctx.maxv else w
            gain = end - w
            if gain < need or ctx.after(end) == ctx.danger:
                continue
            key = (gain, -t)
            if best_key is None or key > best_key:
                best, best_key = PlayHand(wild, j), key
        return best

    # -- 6. discard ----------------------------------------------------------------
    def _discard(self, ctx: "_Ctx") -> Action:
        view = ctx.view
        piles = view.discards[view.seat]
        best, best_score = None, None
        for c in sorted(set(view.hand)):
            v = VALUE[c]
            wild = v >= ctx.wmin
            # how far the card is from being playable on any play deck (larger: keep it less)
            dist = min(((v - t - 1) % ctx.maxv) for t in ctx.tops) if not wild else 0
            # (holding back links of a future chain to the stock measured worse: the hand clogs)
            card_score = -100.0 if wild else dist * 1.0 + v * 0.1
            for i, d in enumerate(piles):
                if not d:
                    pile_score = 4.0 + v * 0.3
                else:
                    u = VALUE[d[-1]]
                    if u >= ctx.wmin:
                        pile_score = -20.0  # never bury a wild card
                    elif u == v + 1:
                        pile_score = 10.0
                    elif u == v:
                        pile_score = 7.0
                    elif u > v:
                        pile_score = 5.0 - (u - v) * 0.3
                    else:
                        pile_score = -(v - u) * 0.5
                score = card_score + pile_score
                if best_score is None or score > best_score:
                    best, best_score = Discard(c, i), score
        return cast(Discard, best)  # a seat to move always holds a card (SM-7, SM-11)


def _value_word(v: int) -> str:
    """A value as a card player names it (SM-2): ``A``, ``7``, ``Q``."""
    return {1: "A", 11: "J", 12: "Q", 13: "K", 14: "Joker"}.get(v, str(v))


def _step_reason(step: str, action: Action, view: SeatView) -> str:
    """Why the easy bot's ``step`` (see :meth:`SpiteMaliceEasyBot._steps`) proposed ``action``."""
    ctx = _Ctx(view)
    me = view.seat
    top = view.stock_tops[me]
    if step == "stock":
        return "plays your stock card: every stock card played is a step to winning"
    if step == "chain" and top is not None:
        deck = cast("PlayHand | PlayDiscard", action).deck + 1
        return f"builds play deck {deck} towards your stock card ({_value_word(VALUE[top])}) with your cards"
    if step == "refill":
        return "plays out your whole hand, so you draw 5 fresh cards"
    if step == "safe":
        opp = view.stock_tops[1 - me]
        if opp is not None and VALUE[opp] < ctx.wmin:
            return f"safe: leaves no deck one below the opponent's stock card ({_value_word(VALUE[opp])})"
        return "a safe play: builds a play deck with a natural card, keeping wild cards for your stock"
    if step == "bridge":
        return "plays a wild card where your own natural cards can follow it"
    if isinstance(action, Discard):
        return _discard_reason(ctx, action, view)
    return "the easy rule of thumb"


def _discard_reason(ctx: "_Ctx", action: Discard, view: SeatView) -> str:
    """Why the easy bot discards ``action.card`` where it does (step 6), true of this position:
    how far the card is from fitting a play deck, and what lies on the discard deck it goes to."""
    c, v = action.card, VALUE[action.card]
    pile = view.discards[view.seat][action.pile]
    deck = f"D{action.pile + 1}"
    if not pile:
        where = f"on the empty {deck}"
    else:
        u = VALUE[pile[-1]]
        where = (f"on {deck}, on top of the {_value_word(u)}, so they play back in order" if u == v + 1
                 else f"on {deck}, on the other {_value_word(v)}" if u == v
                 else f"on {deck}, on the {_value_word(u)}")
    if v >= ctx.wmin:
        return f"nothing safe to play and only wild cards to spare: {c.pretty} goes {where}"
    dist = min((v - t - 1) % ctx.maxv for t in ctx.tops)
    fits = ("it fits a play deck now, but not safely" if dist == 0
            else f"it fits no play deck until {dist} more {'value is' if dist == 1 else 'values are'} played")
    return f"nothing safe to play: {c.pretty} goes {where}; {fits}"


class _Ctx:
    """What the bot reads from the view, computed once per decision."""

    def __init__(self, view: SeatView) -> None:
        self.view = view
        var = view.variant
        self.wmin = var.wild_min
        self.maxv = var.maxv
        self.tops = [len(p) for p in view.play]
        me = view.seat
        self.my_top = view.stock_tops[me]
        opp = view.stock_tops[1 - me]
        # SM-9: a play deck showing this value lets the opponent play the stock card (None: no such value,
        # or a deck shows it already, so one more changes nothing)
        self.danger = VALUE[opp] - 1 if opp is not None and VALUE[opp] < self.wmin else None
        if self.danger is not None and self.danger in self.tops:
            self.danger = None
        self._chain_src: tuple[Counter[int], dict[int, Card], list[list[Card]]] | None = None

    def after(self, v: int) -> int:
        """The deck's top after it reaches ``v`` (0 when it is removed, SM-10)."""
        return 0 if v >= self.maxv else v

    def reach(self, t: int) -> int:
        """SM-9: the highest value a play deck showing ``t`` can be built to with
        natural hand cards and natural discard-deck tops (uncovering the cards
        below); ``t`` when nothing fits. A deck built to MAXV reaches MAXV."""
        view = self.view
        wmin, maxv = self.wmin, self.maxv
        hand = Counter(VALUE[c] for c in view.hand if VALUE[c] < wmin)
        piles = [list(d) for d in view.discards[view.seat]]
        best = [t]
        budget = [60]

        def dfs(v: int) -> None:
            if v - 1 > best[0]:
                best[0] = v - 1
            if v > maxv or budget[0] <= 0 or best[0] >= maxv:
                return
            budget[0] -= 1
            for d in piles:
                if d and VALUE[d[-1]] == v:
                    c = d.pop()
                    dfs(v + 1)
                    d.append(c)
            if hand[v] > 0:
                hand[v] -= 1
                dfs(v + 1)
                hand[v] += 1

        dfs(t + 1)
        return best[0]

    def chain(self, lo: int, hi: int) -> tuple[tuple[int, int], tuple[str, Card | int]] | None:
        """The cheapest way to supply the values ``lo..hi`` in order from hand cards,
        discard tops (uncovering the cards below) and wild cards: ``((wilds, cards),
        first source)``, or None. An empty range costs nothing and needs no move."""
        view = self.view
        if lo > hi:
            return None
        wmin = self.wmin
        if self._chain_src is None:  # built once per decision; dfs restores what it changes
            hand_card: dict[int, Card] = {}
            for c in view.hand:
                hand_card.setdefault(VALUE[c], c)
            self._chain_src = (Counter(VALUE[c] for c in view.hand), hand_card,
                               [list(d) for d in view.discards[view.seat]])
        hand, hand_card, piles = self._chain_src
        best: list = [None, None]
        budget = [_CHAIN_BUDGET]

        def dfs(v: int, wilds: int, used: int, first) -> None:
            if budget[0] <= 0:
                return
            budget[0] -= 1
            if best[0] is not None and (wilds, used) >= best[0]:
                return
            if v > hi:
                best[0], best[1] = (wilds, used), first
                return
            # natural discard tops first: they uncover cards
            for i, d in enumerate(piles):
                if d and VALUE[d[-1]] == v:
                    c = d.pop()
                    dfs(v + 1, wilds, used + 1, first or ("D", i))
                    d.append(c)
            if hand[v] > 0:
                hand[v] -= 1
                dfs(v + 1, wilds, used + 1, first or ("H", hand_card[v]))
                hand[v] += 1
            for i, d in enumerate(piles):
                if d and VALUE[d[-1]] >= wmin:
                    c = d.pop()
                    dfs(v + 1, wilds + 1, used + 1, first or ("D", i))
                    d.append(c)
            for w in range(wmin, 15):
                if hand[w] > 0:
                    hand[w] -= 1
                    dfs(v + 1, wilds + 1, used + 1, first or ("H", hand_card[w]))
                    hand[w] += 1
                    break

        dfs(lo, 0, 0, None)
        if best[0] is None:
            return None
        return best[0], best[1]


def _play_out(values: list[int], tops: list[int], maxv: int, budget: list[int]) -> tuple[int, int] | None:
    """SM-11: a first move ``(value, deck)`` of a sequence playing every natural
    value of ``values`` onto the play decks, or None."""
    if not values:
        return (0, 0)
    budget[0] += 1
    if budget[0] > 300:
        return None
    seen = set()
    for k, v in enumerate(values):
        if v in seen:
            continue
        seen.add(v)
        for j, t in enumerate(tops):
            if t + 1 == v:
                tops[j] = 0 if v >= maxv else v
                rest = _play_out(values[:k] + values[k + 1:], tops, maxv, budget)
                tops[j] = t
                if rest is not None:
                    return (v, j)
                break  # decks of equal top are interchangeable
    return None

