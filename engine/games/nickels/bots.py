"""Nickels bots: the ``easy`` heuristic (rules NK-1 to NK-22).

:class:`NickelsEasyBot` sees only its seat's :class:`.game.NickelsView` and the
legal actions, and decides one step at a time. Its yardstick is the **contract
distance** (:func:`contract_distance`): how many cards the hand still lacks to
hold the round's contract (NK-10) with minimal books (3) and runs (4), jokers
filling gaps.

1. **Acquire** (NK-13b/d): take the top discard free when it lowers the
   distance; once down, when it can be laid off (NK-16). Else pass and draw.
2. **Offer** (NK-13c): claim only a card that lowers the distance to 0 or 1
   (it completes or nearly completes a needed book or run), while the hand is
   not already swollen by claims; the penalty card costs a card and points
   (NK-6), so claims are rare. Never in the 12 hand (NK-20: every card must go
   into the runs, so extra cards only hurt).
3. **Going down** (NK-11a): as soon as a contract meld is legal, lay the meld
   that starts the plan laying the most cards, jokers counting extra (a joker
   left in hand costs 50); :func:`best_down_plan` searches the meld orders.
4. **Laying off** (NK-16): swap a joker out of a run first (the joker is laid
   off next), then lay off any card, the highest penalty first.
5. **Discard** (NK-18): the card whose loss raises the distance least, then the
   least useful (fewest partners), then one the next player does not visibly
   collect (``view.known``: a rank they took for books, a suit neighbour for runs;
   once down, a card that fits no meld on the table), then the highest penalty.
   A joker only when nothing else is left.

Latest measurement (2026-11-23, ``cardtable arena nickels``, duplicate deals, one
``easy`` against three ``random``, 4 seats, seed 11, 15 deals x 4 rotations,
load ~3 on 2 cores): 60 of 60 matches, 100% [94.0, 100] (4.0x the fair share
of 25%), paired -1045 [-1075, -1015] points per match; decision p99 6.5 ms,
max 79 ms. Against the lead's first ``easy`` (three seats, seed 7, 20 deals x 4
rotations): 60.6% of matches (2.4x), paired -194 points per match.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Iterable, Sequence, cast

from engine.ai.base import HeuristicBot
from engine.cards import Card
from engine.core import Action, View
from engine.grammar import plural
from engine.games.nickels.game import (Claim, Decline, Discard, LayMeld, Layoff, NickelsView, Phase, Swap, Take,
                                       TableMeld, layoff_moves)
from engine.games.nickels.melds import Meld, next_melds, pos_rank, rank_positions

#: Nodes (partial going-down plans) :func:`best_down_plan` expands at most.
PLAN_NODES = 300


def usefulness(card: Card, hand: Sequence[Card], contract: tuple[int, int]) -> float:
    """How much ``card`` helps toward the contract's books and runs given the rest of
    ``hand`` (0: no partner at all): 1 per other card of its rank (when books are
    needed), 1 per same-suit card next to it and 0.6 per one two steps away (when
    runs are needed). Jokers are always useful (10)."""
    if card.is_joker:
        return 10.0
    books, runs = contract
    score = 0.0
    if books:
        score += sum(1 for c in hand if c is not card and not c.is_joker and c.rank == card.rank)
    if runs:
        suited = {c.rank for c in hand if c is not card and not c.is_joker and c.suit == card.suit}
        for pos in rank_positions(card.rank):
            for d in (-2, -1, 1, 2):
                p = pos + d
                if 1 <= p <= 14 and pos_rank(p) in suited:
                    score += 1.0 if abs(d) == 1 else 0.6
    return score


def _best_window(nat: Counter) -> tuple[int, tuple[Card, ...]]:
    """The 4-position run window (any suit) holding the most distinct naturals of
    ``nat``: ``(missing cards, the held cards)``; (4, ()) when nothing is held."""
    best: tuple[int, tuple[Card, ...]] = (4, ())
    suits = {c.suit for c, n in nat.items() if n > 0}
    for suit in suits:
        held = [False] * 15
        for c, n in nat.items():
            if n > 0 and c.suit == suit:
                for p in rank_positions(c.rank):
                    held[p] = True
        for lo in range(1, 12):
            k = held[lo] + held[lo + 1] + held[lo + 2] + held[lo + 3]
            if 4 - k < best[0]:
                best = (4 - k, tuple(Card.get(pos_rank(p), suit) for p in range(lo, lo + 4) if held[p]))
    return best


def _runs_missing(nat: Counter, runs: int) -> tuple[int, Counter]:
    """Greedy: ``runs`` windows one after another, each taking its cards out."""
    rest = Counter(nat)
    missing = 0
    for _ in range(runs):
        m, cards = _best_window(rest)
        missing += m
        rest.subtract(cards)
    return missing, +rest


def _books_missing(nat: Counter, books: int) -> tuple[int, Counter]:
    """The ``books`` ranks with the most naturals (different ranks, NK-11)."""
    per_rank: Counter = Counter()
    for c, n in nat.items():
        if n > 0:
            per_rank[c.rank] += n
    top = sorted(per_rank.items(), key=lambda rn: -rn[1])[:books]
    missing = sum(max(0, 3 - n) for _, n in top) + 3 * (books - len(top))
    rest = Counter(nat)
    for rank, n in top:
        take = min(n, 3)
        for c in [c for c in list(rest) if c.rank == rank]:
            k = min(rest[c], take)
            rest[c] -= k
            take -= k
    return missing, +rest


#: :func:`contract_distance`'s memo: ``(hand as a tuple in its order, contract) -> distance``
#: (the rollouts of the search ask for the same hands again and again: 70% of a rollout's
#: time went there before); cleared when it holds :data:`_DIST_MEMO_MAX` entries.
_DIST_MEMO: dict[tuple, int] = {}
_DIST_MEMO_MAX = 50_000


def contract_distance(hand: Iterable[Card], contract: tuple[int, int]) -> int:
    """NK-10: about how many more cards ``hand`` needs to hold the contract with
    minimal melds (books of 3 of different ranks, runs of 4), after its jokers fill
    gaps (0: the contract is, or is nearly certainly, held). A greedy estimate: the
    best run windows then the books, or the books then the runs, the smaller.
    Memoized on the hand in its order (ties of the greedy follow the order)."""
    key = (tuple(hand), contract)
    got = _DIST_MEMO.get(key)
    if got is None:
        if len(_DIST_MEMO) >= _DIST_MEMO_MAX:
            _DIST_MEMO.clear()
        got = _DIST_MEMO[key] = _contract_distance(key[0], contract)
    return got


def _contract_distance(cards: Sequence[Card], contract: tuple[int, int]) -> int:
    jokers = sum(1 for c in cards if c.is_joker)
    nat = Counter(c for c in cards if not c.is_joker)
    books, runs = contract
    m1, rest = _runs_missing(nat, runs)
    b1, _ = _books_missing(rest, books)
    best = m1 + b1
    if books and runs:
        b2, rest2 = _books_missing(nat, books)
        m2, _ = _runs_missing(rest2, runs)
        best = min(best, b2 + m2)
    return max(0, best - jokers)


def best_down_plan(hand: Sequence[Card], books: int, runs: int, laid: Sequence[Meld], min_nat: int,
                   twelve: bool, nodes: int = PLAN_NODES) -> list[Meld]:
    """NK-11/NK-11a: the order of melds completing the contract owed (``books``,
    ``runs``, beside ``laid``) that lays the most cards, a joker counting 3 (it
    costs 50 if kept, NK-6), found depth-first within ``nodes`` expansions; [] when
    no meld can be laid."""
    budget = [nodes]
    best: list = [(-1, [])]

    def weight(m: Meld) -> int:
        return sum(3 if c.is_joker else 1 for c in m.cards)

    def rec(h: list[Card], b: int, r: int, done: list[Meld], score: int) -> None:
        if b == 0 and r == 0:
            if score > best[0][0]:
                best[0] = (score, list(done))
            return
        if budget[0] <= 0:
            return
        budget[0] -= 1
        cands = next_melds(h, b, r, list(laid) + done, min_nat, twelve)
        cands.sort(key=lambda m: -weight(m))
        for m in cands[:6]:
            rest = list(h)
            for c in m.cards:
                rest.remove(c)
            rec(rest, b - (not m.is_run), r - int(m.is_run), done + [m], score + weight(m))

    rec(list(hand), books, runs, [], 0)
    return best[0][1]


def feeds(card: Card, known: Sequence[Card], down: bool, melds: Sequence[TableMeld]) -> bool:
    """Whether discarding ``card`` visibly helps a player who collects ``known``
    (the cards they took from the discard pile): a rank they hold (a book), a
    same-suit card within two ranks (a run); for a player who is down, a card that
    can be laid off on the table (NK-16). Jokers help everyone."""
    if card.is_joker:
        return True
    if down:
        return bool(layoff_moves([card], melds))
    for k in known:
        if k.is_joker:
            continue
        if k.rank == card.rank:
            return True
        if k.suit == card.suit and any(abs(p - q) <= 2 for p in rank_positions(k.rank)
                                       for q in rank_positions(card.rank)):
            return True
    return False


def discard_order(v: NickelsView, discards: Sequence[Discard],
                  penalty_first: bool = False) -> list[tuple[tuple, Discard]]:
    """The discards ranked by the ``easy`` rule (5 in the module docstring), best
    first, each with its cost key. ``penalty_first`` (the search base's rule,
    :class:`NickelsSearchBaseBot`): among the cards with at least one partner, the
    costlier goes first, the number of partners only breaking ties of penalty."""
    hand = list(v.hand)
    contract = v.contract
    seat = v.seat
    down = v.down_turn[seat] >= 0
    nxt = (seat + 1) % v.n_seats
    nxt_down = v.down_turn[nxt] >= 0
    pen = v.variant.penalty_values
    d0 = contract_distance(hand, contract) if not down else 0
    out = []
    for a in discards:
        c = a.card
        rest = list(hand)
        rest.remove(c)
        if down:
            key: tuple = (c.is_joker, 0, 0.0, feeds(c, v.known[nxt], nxt_down, v.melds), -pen.of(c))
        elif penalty_first:
            u = min(usefulness(c, rest, contract), 3.0)
            key = (c.is_joker, contract_distance(rest, contract) - d0, float(u > 0),
                   feeds(c, v.known[nxt], nxt_down, v.melds), -pen.of(c), u)
        else:
            key = (c.is_joker, contract_distance(rest, contract) - d0, min(usefulness(c, rest, contract), 3.0),
                   feeds(c, v.known[nxt], nxt_down, v.melds), -pen.of(c))
        out.append((key, a))
    out.sort(key=lambda ka: (ka[0], ka[1].card.order))
    return out


def _partner_words(contract: tuple[int, int], none: bool) -> str:
    """What counts as a partner of a card under ``contract`` (books, runs), as :func:`usefulness`
    counts it: a card of its rank only while books are needed, a card near it in its suit only
    while runs are needed (the 8 and 12 hands have runs only, the 6 and 9 hands books only)."""
    books, runs = contract
    if books and runs:
        return "no card of its rank, none near it in its suit" if none else "cards of its rank or near it in its suit"
    if books:
        return "no card of its rank" if none else "cards of its rank"
    return "no card near it in its suit" if none else "cards near it in its suit"


def discard_reason(v: NickelsView, order: Sequence[tuple[tuple, Discard]]) -> str:
    """Why the first discard of ``order`` (:func:`discard_order`) is chosen, true of this
    hand: the first step of the rule (5 in the module docstring) where it beats the next
    best discard, and the costlier cards it keeps because they help the melds more."""
    key, pick = order[0]
    c = pick.card
    name = c.pretty
    if len(order) == 1:
        return f"{name} is the only card you may discard"
    pen = v.variant.penalty_values
    rkey, runner = order[1]
    step = next((i for i in range(len(key)) if key[i] != rkey[i]), None)
    if step == 0:
        why = f"{name} rather than a joker, which fits any meld"
    elif step == 1:
        why = (f"the contract needs every card but {name}" if key[1] <= 0
               else f"every card helps the contract; losing {name} sets it back least")
    elif step == 2:
        why = (f"{name} has no partner in your hand ({_partner_words(v.contract, none=True)})" if key[2] == 0
               else f"{name} has the fewest partners in your hand ({_partner_words(v.contract, none=False)})")
    elif step == 3:
        why = f"{name} is no use to the next player, unlike {runner.card.pretty}"
    elif step == 4:
        why = f"{name} costs {pen.of(c)} points if it stays in your hand, the most of the cards you can spare"
    elif step == 5:
        why = f"{name} has the fewest partners in your hand of the cards that cost {pen.of(c)} points"
    else:
        alike = " ".join(a.card.pretty for k, a in order if k == key)
        why = f"{alike} are equally spare; {name} goes first"
    kept = [a.card for k, a in order[1:] if pen.of(a.card) > pen.of(c) and not a.card.is_joker
            and (k[1], k[2]) > (key[1], key[2])]
    if kept:
        shown = " ".join(x.pretty for x in sorted(set(kept), key=lambda x: x.order, reverse=True)[:3])
        why += f"; the costlier {shown} {'helps' if len(set(kept)) == 1 else 'help'} your melds more"
    return why


class NickelsEasyBot(HeuristicBot):
    """Level ``easy``: the rules of thumb in the module docstring."""

    #: claim only while holding at most this many cards more than the round's deal
    claim_slack = 3
    #: claim only a card that brings the contract distance to at most this many cards
    claim_distance = 1
    #: rank the discards by penalty before the number of partners (:func:`discard_order`)
    discard_penalty_first = False

    def decide(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        return self.decide_with_reason(view, legal, rng)[0]

    def decide_with_reason(self, view: View, legal: Sequence[Action],
                           rng: random.Random) -> tuple[Action, str]:
        v = cast(NickelsView, view)
        if v.phase in (Phase.ACQUIRE, Phase.AFTER):
            return self.take_or_pass(v)
        if v.phase == Phase.OFFER:
            return self.offer(v)
        return self.play(v, legal)

    def take_or_pass(self, v: NickelsView) -> tuple[Action, str]:
        """Step 1 of the module docstring: take the top discard or pass (NK-13b, NK-13d)."""
        top = v.discards[-1]
        if v.down_turn[v.seat] >= 0:
            if layoff_moves([top], v.melds):
                return Take(), f"{top.pretty} can be laid off at once"
            return Decline(), f"{top.pretty} fits no meld on the table"
        hand = list(v.hand)
        d0 = contract_distance(hand, v.contract)
        d1 = contract_distance(hand + [top], v.contract)
        if d1 < d0:
            return Take(), (f"{top.pretty} brings the contract closer ({plural(d0, 'card', 'cards')} missing, "
                            f"then {d1 or 'none'})")
        return Decline(), f"{top.pretty} does not bring the contract closer"

    def play(self, v: NickelsView, legal: Sequence[Action]) -> tuple[Action, str]:
        """Steps 3 to 5 of the module docstring: go down, free a joker, lay off, discard."""
        melds = [a for a in legal if isinstance(a, LayMeld)]
        if melds:
            return self.go_down(v, melds)
        swaps = [a for a in legal if isinstance(a, Swap)]
        if swaps:
            return swaps[0], f"frees a joker with {swaps[0].card.pretty}, to lay it off next"
        layoffs = [a for a in legal if isinstance(a, Layoff)]
        if layoffs:
            pen = v.variant.penalty_values
            pick = max(layoffs, key=lambda a: pen.of(a.card))
            return pick, f"lays off {pick.card.pretty}: every card laid off is a penalty saved"
        discards = [a for a in legal if isinstance(a, Discard)]
        if not discards:
            return legal[0], "the only kind of move left"
        order = discard_order(v, discards, self.discard_penalty_first)
        return order[0][1], discard_reason(v, order)

    def go_down(self, v: NickelsView, melds: list[LayMeld]) -> tuple[Action, str]:
        """Step 3: the first meld of the going-down plan that lays the most cards (NK-11)."""
        owed = v.owed if v.owed != (0, 0) else v.contract
        laid = [m.meld for m in v.melds if m.owner == v.seat] if v.owed != (0, 0) else []
        plan = best_down_plan(list(v.hand), owed[0], owed[1], laid, v.variant.min_naturals_per_meld, v.round_no == 6)
        first = LayMeld(plan[0]) if plan else None
        if first is not None and first in melds:
            rest = f", then {plan_text(plan[1:])}" if len(plan) > 1 else ""
            return first, f"goes down laying the most cards: {plan[0].pretty()}{rest}"
        return melds[0], "goes down with the contract"

    def offer(self, v: NickelsView) -> tuple[Action, str]:
        """Step 2 of the module docstring: claim or pass the offered discard."""
        top = v.discards[-1]
        if v.round_no == 6:
            return Decline(), "no claims in the 12 hand: every card must go into the runs (NK-20)"
        hand = list(v.hand)
        size = 6 + v.round_no
        if len(hand) > size + self.claim_slack:
            return Decline(), "the hand is big enough already"
        d0 = contract_distance(hand, v.contract)
        d1 = contract_distance(hand + [top], v.contract)
        if d1 < d0 and d1 <= self.claim_distance:
            if d1 <= 1:
                return Claim(), (f"{top.pretty} completes or nearly completes the contract ({d1} missing), "
                                 "worth the penalty card")
            return Claim(), (f"{top.pretty} brings the contract closer ({d0} missing, then {d1}), "
                             "worth the penalty card")
        return Decline(), f"{top.pretty} is not worth a penalty card"


class NickelsSearchBaseBot(NickelsEasyBot):
    """The rules of thumb under ``medium``/``hard``'s search (their first candidate, and their own
    seat in the rollouts): ``easy``'s, but claiming (NK-13c) every card that brings the contract
    to at most 2 cards missing (``easy``: 1), and discarding (NK-18) the costlier of the cards
    with partners first (:func:`discard_order`'s ``penalty_first``).

    Measured as a bot on its own against three ``easy`` (whole matches, duplicate deals, 2026-11-27):
    1.28x the fair share [1.14, 1.43], paired -6.1 [-7.6, -4.6] penalty points a round (seed
    5002, 600 matches); the claims alone -3.8 [-5.1, -2.4] (seed 5001), where never claiming
    costs +13.9 and claiming only at 0 missing +7.8."""

    claim_distance = 2
    discard_penalty_first = True


def plan_text(plan: Sequence[Meld]) -> str:
    """The melds of a going-down plan, readable (``7♣ 7♦ JK + 5♥ 6♥ 7♥ 8♥``)."""
    return " + ".join(m.pretty() for m in plan)


__all__ = ["NickelsEasyBot", "NickelsSearchBaseBot", "best_down_plan", "contract_distance", "discard_order",
           "discard_reason", "feeds", "plan_text", "usefulness"]
