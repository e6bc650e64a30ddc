"""The going-down search of ``engine/games/nickels/melds.py`` as it was before the speed work
(commit 0d9cb9b), kept verbatim as a test oracle: ``tests/games/nickels/test_nickels_speed.py`` checks that
the fast ``next_melds`` gives the same melds in the same order on random hands. If a rules fix
changes what ``next_melds`` must answer, change this copy the same way (or retire it)."""

from __future__ import annotations

from collections import Counter
from typing import Iterable, Iterator, Sequence

from engine.cards import Card, Suit
from engine.games.nickels.melds import JOKER, MAX_RUN, MIN_BOOK, MIN_RUN, Book, Meld, Run, pos_rank, runs_join


def _order(c: Card) -> int:
    return c.order


def book_candidates(hand: Counter, min_nat: int, skip_ranks: Iterable[int] = ()) -> list[Book]:
    """Every book (NK-7, NK-9) the cards of ``hand`` can form: each sub-multiset of one
    rank's naturals (at least ``min_nat``) with 0 or more of the held jokers, 3 cards
    or more; ranks in ``skip_ranks`` are left out (NK-11: a contract's books differ)."""
    jokers = hand[JOKER]
    skip = set(skip_ranks)
    by_rank: dict[int, list[tuple[Card, int]]] = {}
    for c, n in hand.items():
        if n > 0 and not c.is_joker and c.rank not in skip:
            by_rank.setdefault(c.rank, []).append((c, n))
    out: list[Book] = []
    for rank in sorted(by_rank):
        faces = sorted(by_rank[rank], key=lambda cn: cn[0].order)
        for nat in _book_naturals(faces, max(1, min_nat)):
            for j in range(max(0, MIN_BOOK - len(nat)), jokers + 1):
                out.append(Book(rank, nat + (JOKER,) * j))
    return out


def _book_naturals(faces: Sequence[tuple[Card, int]], min_nat: int) -> Iterator[tuple[Card, ...]]:
    """Every sub-multiset of the held faces of one rank with at least ``min_nat`` cards."""
    def rec(i: int, acc: list[Card]) -> Iterator[tuple[Card, ...]]:
        if i == len(faces):
            if len(acc) >= min_nat:
                yield tuple(acc)
            return
        card, n = faces[i]
        for k in range(n + 1):
            yield from rec(i + 1, acc + [card] * k)
    return rec(0, [])


def run_candidates(hand: Counter, min_nat: int) -> list[Run]:
    """Every run (NK-8, NK-9, NK-9a) the cards of ``hand`` can form: each span of 4
    to 13 positions of one suit whose gaps the held jokers can fill, with at least
    ``min_nat`` naturals; a joker fills only a position whose card is not held (NK-9a)."""
    jokers = hand[JOKER]
    out: list[Run] = []
    for suit in Suit:
        held = [hand[Card.get(pos_rank(pos), suit)] > 0 if pos else False for pos in range(15)]
        if not any(held):
            continue
        for lo in range(1, 12):
            for hi in range(lo + MIN_RUN - 1, min(14, lo + MAX_RUN - 1) + 1):
                nat = sum(held[lo:hi + 1])
                if hi - lo + 1 - nat > jokers or nat < max(1, min_nat):
                    continue
                out.append(Run(suit, lo, tuple(Card.get(pos_rank(p), suit) if held[p] else JOKER
                                               for p in range(lo, hi + 1))))
    return out


def completable(hand: Counter, books: int, runs: int, laid: Sequence[Meld], min_nat: int = 1,
                all_cards: bool = False, memo: dict | None = None) -> bool:
    """Whether ``books`` more books and ``runs`` more runs can be laid from ``hand``
    beside the melds ``laid`` this turn, keeping NK-11 (books of different ranks,
    runs that could not join) and NK-9a; with ``all_cards`` (the 12 hand, NK-20) they
    must use every card of ``hand``. ``memo`` caches answers within one caller."""
    if books == 0 and runs == 0:
        return not all_cards or sum(hand.values()) == 0
    if memo is None:
        memo = {}
    key = (frozenset(item for item in hand.items() if item[1] > 0), books, runs,
           tuple(sorted(m.rank for m in laid if isinstance(m, Book))),
           tuple(sorted((int(m.suit), m.lo, m.hi) for m in laid if isinstance(m, Run))))
    got = memo.get(key)
    if got is None:
        got = memo[key] = _completable(hand, books, runs, laid, min_nat, all_cards, memo)
    return got


def _completable(hand: Counter, books: int, runs: int, laid: Sequence[Meld], min_nat: int, all_cards: bool,
                 memo: dict) -> bool:
    if runs:
        total = sum(hand.values())
        if all_cards and (total > MAX_RUN * runs + (MAX_RUN * books) or total < MIN_RUN * runs):
            return False
        prev = [m for m in laid if isinstance(m, Run)]
        cands = run_candidates(hand, min_nat)
        if all_cards and not books and min_nat == 1:
            # every card must go into some run: try only the runs holding the lowest natural card
            first = min((c for c, n in hand.items() if n > 0 and not c.is_joker), key=_order, default=None)
            if first is None:
                return False
            cands = [r for r in cands if first in r.cards]
        cands.sort(key=lambda r: sum(c.is_joker for c in r.cards))
        for r in cands:
            if any(runs_join(p, r) for p in prev):
                continue
            rest = hand - Counter(r.cards)
            if completable(rest, books, runs - 1, list(laid) + [r], min_nat, all_cards, memo):
                return True
        if books and hand[JOKER]:
            # NK-9a (nk-rules fix 1c728e2): a book laid first frees its naturals' positions for a run's jokers
            used_ranks = {m.rank for m in laid if isinstance(m, Book)}
            for b in book_candidates(hand, min_nat, used_ranks):
                if hand[JOKER] > len(b.cards) - b.naturals and completable(
                        hand - Counter(b.cards), books - 1, runs, list(laid) + [b], min_nat, all_cards, memo):
                    return True
        return False
    used = {m.rank for m in laid if isinstance(m, Book)}
    if not all_cards:
        # greedy is exact: the ranks with the most naturals need the fewest jokers
        per_rank: Counter = Counter()
        for c, n in hand.items():
            if n > 0 and not c.is_joker and c.rank not in used:
                per_rank[c.rank] += n
        counts = sorted((n for n in per_rank.values() if n >= max(1, min_nat)), reverse=True)[:books]
        if len(counts) < books:
            return False
        return sum(max(0, MIN_BOOK - n) for n in counts) <= hand[JOKER]
    for b in book_candidates(hand, min_nat, used):
        if completable(hand - Counter(b.cards), books - 1, 0, list(laid) + [b], min_nat, all_cards, memo):
            return True
    return False


def next_melds(hand: Sequence[Card], books: int, runs: int, laid: Sequence[Meld], min_nat: int = 1,
               all_cards: bool = False) -> list[Meld]:
    """NK-11, NK-20: every meld that may be laid next while going down, given the
    melds ``laid`` already this turn and ``books``/``runs`` still owed: a valid book
    of a new rank or a run that could not join one laid, after which the rest of the
    contract can still be completed (so a player never gets stuck half way down).
    Books first (by rank), then runs (by suit and start)."""
    hc = Counter(hand)
    out: list[Meld] = []
    memo: dict = {}
    if not completable(hc, books, runs, laid, min_nat, all_cards, memo):
        return out
    if books:
        used = [m.rank for m in laid if isinstance(m, Book)]
        for b in book_candidates(hc, min_nat, used):
            if completable(hc - Counter(b.cards), books - 1, runs, list(laid) + [b], min_nat, all_cards, memo):
                out.append(b)
    if runs:
        prev = [m for m in laid if isinstance(m, Run)]
        for r in run_candidates(hc, min_nat):
            if any(runs_join(p, r) for p in prev):
                continue
            if completable(hc - Counter(r.cards), books, runs - 1, list(laid) + [r], min_nat, all_cards, memo):
                out.append(r)
    return out
