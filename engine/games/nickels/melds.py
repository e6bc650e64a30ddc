"""Nickels melds: books and runs with wild jokers (NK-7 to NK-11, NK-16, NK-20).

A **book** (NK-7) is 3 or more cards of one rank, any suits, duplicates
allowed; a **run** (NK-8) is 4 or more cards of one suit in consecutive rank,
the ace either low (``A 2 3 4``) or high (``J Q K A``), never both, no wrap.
Jokers are wild (NK-9): in a book a joker takes the book's rank; in a run each
joker stands for one named card (``JK=6C``).

Runs are kept by **position**: 1 is the low ace, 2..13 the two to the king,
14 the high ace. A run of ``n`` cards starting at ``lo`` covers positions
``lo .. lo+n-1`` (within 1..14 and at most 13 long, so never both aces).

Notation of one meld (used by the ``down`` action): the cards separated by
spaces; a book lists its naturals (sorted) then its jokers (``7C 7D JK``); a
run lists its positions from low to high, a joker written as the card it
stands for (``JK=AS 2S 3S 4S``, ``10H JH QH AH`` is not a run).

The functions here are pure; the state (:mod:`.state`) owns the melds on the
table (:class:`TableMeld`).
"""

from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Iterator, Sequence

from engine.cards import ACE, Card, Suit, multi_deck, parse_card, rank_text

JOKER = Card.joker()

#: NK-10: the contract of each round, as (books, runs), for the 6 to 12 hands.
CONTRACTS: tuple[tuple[int, int], ...] = ((2, 0), (1, 1), (0, 2), (3, 0), (2, 1), (1, 2), (0, 3))
#: NK-3: seven rounds, the 6 to the 12 hand.
ROUNDS = len(CONTRACTS)
HAND_NAMES = tuple(f"{5 + i} hand" for i in range(1, ROUNDS + 1))

#: Smallest book and run (NK-7, NK-8).
MIN_BOOK = 3
MIN_RUN = 4
#: The longest run: A..K or 2..A (NK-8).
MAX_RUN = 13


class MeldError(ValueError):
    """A meld that breaks NK-7 to NK-9; ``str()`` names the rule."""


def pos_rank(pos: int) -> int:
    """The card rank at run position ``pos`` (1 and 14 are both the ace)."""
    return ACE if pos in (1, 14) else pos


def rank_positions(rank: int) -> tuple[int, ...]:
    """The run positions a card of ``rank`` may take (the ace: 1 or 14)."""
    return (1, 14) if rank == ACE else (rank,)


def contract_text(books: int, runs: int) -> str:
    """``"2 books"``, ``"1 book + 1 run"``, ``"3 runs"`` (NK-10)."""
    parts = []
    if books:
        parts.append(f"{books} book{'s' if books != 1 else ''}")
    if runs:
        parts.append(f"{runs} run{'s' if runs != 1 else ''}")
    return " + ".join(parts)


@dataclass(frozen=True, slots=True)
class Book:
    """NK-7: cards of one rank (``rank`` 2..14), naturals sorted then jokers."""

    rank: int
    cards: tuple[Card, ...]

    is_run = False

    @property
    def naturals(self) -> int:
        """How many natural (non-joker) cards the book holds."""
        return sum(1 for c in self.cards if not c.is_joker)

    def text(self) -> str:
        """The meld's notation (``7C 7D JK``)."""
        return " ".join(c.text for c in self.cards)

    def pretty(self) -> str:
        """The meld with suit symbols (``7♣ 7♦ JK``)."""
        return " ".join(c.pretty for c in self.cards)

    def with_card(self, card: Card) -> "Book":
        """The book with one more card (a layoff, NK-16)."""
        return make_book(self.cards + (card,))


@dataclass(frozen=True, slots=True)
class Run:
    """NK-8: ``cards[i]`` lies at position ``lo + i`` of suit ``suit``; a joker
    there stands for the card of that position (NK-9)."""

    suit: Suit
    lo: int
    cards: tuple[Card, ...]

    is_run = True

    @property
    def hi(self) -> int:
        """The highest position (``lo + len - 1``)."""
        return self.lo + len(self.cards) - 1

    @property
    def naturals(self) -> int:
        """How many natural (non-joker) cards the run holds."""
        return sum(1 for c in self.cards if not c.is_joker)

    def card_at(self, pos: int) -> Card:
        """The natural card position ``pos`` stands for (what a joker there represents)."""
        return Card.get(pos_rank(pos), self.suit)

    def tokens(self) -> list[str]:
        """Each position's notation: the card, or ``JK=6C`` for a joker."""
        return [c.text if not c.is_joker else "JK=" + self.card_at(self.lo + i).text
                for i, c in enumerate(self.cards)]

    def text(self) -> str:
        """The meld's notation (``5C JK=6C 7C 8C``)."""
        return " ".join(self.tokens())

    def pretty(self) -> str:
        """The meld with suit symbols; a joker shows the rank it stands for (``5♣ JK(6) 7♣ 8♣``)."""
        return " ".join(c.pretty if not c.is_joker else f"JK({rank_text(pos_rank(self.lo + i))})"
                        for i, c in enumerate(self.cards))

    def joker_positions(self) -> list[int]:
        """The positions held by jokers."""
        return [self.lo + i for i, c in enumerate(self.cards) if c.is_joker]

    def extended(self, card: Card, pos: int) -> "Run":
        """The run with ``card`` (a natural or a joker) added at position ``pos``, one
        past either end. The caller has checked it fits (:func:`run_end_positions`)."""
        if pos == self.lo - 1:
            return Run(self.suit, pos, (card,) + self.cards)
        return Run(self.suit, self.lo, self.cards + (card,))

    def swapped(self, pos: int, card: Card) -> "Run":
        """The run with the card at ``pos`` replaced by ``card`` (joker replacement, NK-16)."""
        i = pos - self.lo
        return Run(self.suit, self.lo, self.cards[:i] + (card,) + self.cards[i + 1:])


Meld = Book | Run


@dataclass(frozen=True, slots=True)
class TableMeld:
    """A meld on the table: its id (``m3`` is 3; ids are never reused in a round),
    the seat that laid it down and the meld."""

    id: int
    owner: int
    meld: Meld

    def label(self) -> str:
        """``m3``."""
        return f"m{self.id}"


@functools.lru_cache(maxsize=8)
def pack(decks: int, jokers_per_deck: int) -> tuple[Card, ...]:
    """NK-2: the pack of ``decks`` standard decks with ``jokers_per_deck`` jokers each (a shared tuple)."""
    return tuple(multi_deck(decks, jokers_per_deck))


@functools.lru_cache(maxsize=8)
def _pack_dict(decks: int, jokers: int) -> dict[Card, int]:
    return dict(Counter(pack(decks, jokers // decks)))


def pack_counts(decks: int, jokers: int) -> Counter:
    """NK-2: the pack of ``decks`` standard decks and ``jokers`` jokers as a new Counter (card -> copies)."""
    return Counter(_pack_dict(decks, jokers))


def make_book(cards: Iterable[Card]) -> Book:
    """A :class:`Book` of ``cards`` in canonical order; the rank is the naturals' rank.

    Raises:
        MeldError: if the naturals have different ranks or there is no natural (NK-7, NK-9).
    """
    cs = list(cards)
    nat = sorted((c for c in cs if not c.is_joker), key=_order)
    ranks = {c.rank for c in nat}
    if not nat:
        raise MeldError("a book needs at least one natural card to give it a rank (NK-9)")
    if len(ranks) > 1:
        raise MeldError("a book's cards must all have the same rank (NK-7)")
    return Book(nat[0].rank, tuple(nat) + tuple(c for c in cs if c.is_joker))


def _order(c: Card) -> int:
    return c.order


def parse_meld(text: str) -> Meld:
    """Parse one meld's notation: a book (``7C 7D JK``) or a run (``JK=AS 2S 3S 4S``).

    A meld is a run when a joker names a card (``JK=6C``) or its naturals have
    different ranks; otherwise a book. A run's cards are listed low to high; an
    ace first is the low ace, an ace last the high ace.

    Raises:
        MeldError: for a meld that is neither (the message names NK-7 or NK-8).
        engine.cards.CardParseError: for a token that is not a card.
    """
    tokens = text.split()
    if not tokens:
        raise MeldError("an empty meld")
    cards: list[Card] = []
    stands: list[Card | None] = []
    for tok in tokens:
        if "=" in tok:
            left, right = tok.split("=", 1)
            if not parse_card(left).is_joker:
                raise MeldError(f"{tok!r}: only a joker stands for another card (NK-9)")
            named = parse_card(right)
            if named.is_joker:
                raise MeldError(f"{tok!r}: a joker stands for a natural card (NK-9)")
            cards.append(JOKER)
            stands.append(named)
        else:
            c = parse_card(tok)
            cards.append(c)
            stands.append(None if c.is_joker else c)
    named_ranks = {s.rank for s in stands if s is not None}
    if any(c.is_joker for c, s in zip(cards, stands) if s is not None) or len(named_ranks) > 1:
        return _parse_run(cards, stands)
    return make_book(cards)


def _parse_run(cards: list[Card], stands: list[Card | None]) -> Run:
    if any(s is None for s in stands):
        raise MeldError("in a run every joker must name the card it stands for, e.g. JK=6C (NK-9)")
    named = [s for s in stands if s is not None]
    suits = {s.suit for s in named}
    if len(suits) != 1:
        raise MeldError("a run's cards must all be of one suit (NK-8)")
    n = len(named)
    pos = []
    for i, s in enumerate(named):
        if s.rank == ACE:
            pos.append(1 if i == 0 and n > 1 else 14)
        else:
            pos.append(s.rank)
    if any(pos[i + 1] != pos[i] + 1 for i in range(n - 1)):
        raise MeldError("a run's cards must be in consecutive rank, low to high, an ace either low or high "
                        "and never wrapping round (NK-8)")
    suit = suits.pop()
    assert suit is not None
    return Run(suit, pos[0], tuple(cards))


def meld_problem(meld: Meld, min_naturals: int = 1) -> str | None:
    """``None`` if ``meld`` is a valid book or run for going down, else why not (NK-7 to NK-9)."""
    if meld.naturals < min_naturals:
        return (f"every meld needs at least {min_naturals} natural card{'s' if min_naturals != 1 else ''} "
                "(NK-9)")
    if isinstance(meld, Book):
        if len(meld.cards) < MIN_BOOK:
            return "a book needs at least 3 cards (NK-7)"
        try:
            if make_book(meld.cards) != meld:
                return "a book lists its naturals in order, then its jokers, and has their rank (NK-7)"
        except MeldError as err:
            return str(err)
        return None
    if len(meld.cards) < MIN_RUN:
        return "a run needs at least 4 cards (NK-8)"
    if len(meld.cards) > MAX_RUN or meld.lo < 1 or meld.hi > 14:
        return "a run has the ace low or high, never both, and never wraps round (NK-8)"
    for i, c in enumerate(meld.cards):
        if not c.is_joker and (c.suit != meld.suit or pos_rank(meld.lo + i) != c.rank):
            return "a run's cards must be of one suit and in consecutive rank (NK-8)"
    return None


def run_end_positions(run: Run) -> list[int]:
    """The positions a layoff may extend ``run`` to (NK-16, NK-8): one below and
    one above, when they stay within 1..14 and the run stays at most 13 long."""
    if len(run.cards) >= MAX_RUN:
        return []
    out = []
    if run.lo > 1:
        out.append(run.lo - 1)
    if run.hi < 14:
        out.append(run.hi + 1)
    return out


def runs_join(a: Run, b: Run) -> bool:
    """NK-11: two runs of one suit that could form one continuous run (end to end,
    together a valid run), which one contract may not hold."""
    if a.suit != b.suit:
        return False
    lo, hi = (a, b) if a.lo <= b.lo else (b, a)
    return lo.hi + 1 == hi.lo and hi.hi - lo.lo + 1 <= MAX_RUN


def meld_key(meld: Meld) -> tuple:
    """The canonical order of melds in a ``down`` action: books by rank, then runs
    by suit, start and cards."""
    if isinstance(meld, Book):
        return (0, meld.rank, tuple(c.order for c in meld.cards))
    return (1, int(meld.suit), meld.lo, tuple(c.order for c in meld.cards))


def lay_problem(meld: Meld, hand: Counter, books: int, runs: int, laid: Sequence[Meld], min_nat: int = 1,
                all_cards: bool = False) -> str | None:
    """``None`` if ``meld`` may be laid next while going down (see :func:`next_melds`),
    else a sentence naming the rule it breaks (NK-7 to NK-11, NK-20)."""
    why = meld_problem(meld, min_nat)
    if why:
        return why
    have = hand
    for c, n in Counter(meld.cards).items():
        if have[c] < n:
            return f"you do not hold {'that many ' if have[c] else ''}{c.pretty}"
    owed = contract_text(books, runs)
    if isinstance(meld, Book):
        if not books:
            return f"the contract needs no more books; still to lay: {owed} (NK-10, NK-11)"
        if any(isinstance(m, Book) and m.rank == meld.rank for m in laid):
            return "a contract's books must be of different ranks (NK-11)"
    else:
        if not runs:
            return f"the contract needs no more runs; still to lay: {owed} (NK-10, NK-11)"
        if joker_fills_held(meld, have):
            return "a joker in a run stands only for a card you do not hold; lay the natural card (NK-9a)"
        if any(isinstance(m, Run) and runs_join(m, meld) for m in laid):
            return ("two runs of one suit in a contract must not be able to form one continuous run; "
                    "lay them as one run (NK-11)")
    rest = have - Counter(meld.cards)
    nb, nr = books - (not meld.is_run), runs - int(meld.is_run)
    if not completable(rest, nb, nr, list(laid) + [meld], min_nat, all_cards):
        if all_cards:
            return ("in the 12 hand every card must go into the 3 runs, no discard: this run leaves cards that "
                    "cannot (NK-20)")
        return f"after this meld you could not lay the rest of the contract ({contract_text(nb, nr)}) (NK-11)"
    return None


def meld_cards(melds: Iterable[Meld]) -> Counter:
    """The multiset of cards the melds use (jokers as jokers)."""
    out: Counter = Counter()
    for m in melds:
        out.update(m.cards)
    return out


# ---------------------------------------------------------------------------
# Going down meld by meld: the candidates and whether the contract can still be completed
# ---------------------------------------------------------------------------

def book_candidates(hand: dict[Card, int], min_nat: int, skip_ranks: Iterable[int] = ()) -> list[Book]:
    """Every book (NK-7, NK-9) the cards of ``hand`` can form: each sub-multiset of one
    rank's naturals (at least ``min_nat``) with 0 or more of the held jokers, 3 cards
    or more; ranks in ``skip_ranks`` are left out (NK-11: a contract's books differ)."""
    jokers = hand.get(JOKER, 0)
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
    ``min_nat`` naturals; a joker fills only a position whose card is not held (NK-9a).
    By suit, then start, then end."""
    return [r for r, _, _ in _run_entries({c: n for c, n in hand.items() if n > 0}, min_nat)]


#: ``_POS_CARDS[suit][pos]``: the natural card at run position ``pos`` (1..14; 0 is unused).
_POS_CARDS: tuple[tuple[Card, ...], ...] = tuple(
    tuple(Card.get(pos_rank(pos or 1), suit) for pos in range(15)) for suit in Suit)

#: A run candidate with what it takes from the hand: (run, jokers it uses, its naturals).
_RunEntry = tuple[Run, int, tuple[Card, ...]]


#: A natural card -> (its suit, its run positions as bits of a mask: bit ``pos`` for position ``pos``).
_POS_BITS: dict[Card, tuple[int, int]] = {
    cards[pos]: (suit, sum(1 << p for p in rank_positions(cards[pos].rank)))
    for suit, cards in enumerate(_POS_CARDS) for pos in range(2, 15)}


def _run_entries(hand: dict[Card, int], min_nat: int) -> list[_RunEntry]:
    """:func:`run_candidates` with each run's joker count and naturals (the search's
    form); ``hand`` holds positive counts only."""
    masks = [0, 0, 0, 0]
    for c in hand:
        sb = _POS_BITS.get(c)
        if sb is not None:
            masks[sb[0]] |= sb[1]
    jokers = hand.get(JOKER, 0)
    out: list[_RunEntry] = []
    for suit in Suit:
        if masks[suit]:
            out.extend(_suit_runs(suit, masks[suit], jokers, max(1, min_nat)))
    return out


@functools.lru_cache(maxsize=32768)
def _suit_runs(suit: Suit, mask: int, jokers: int, min_nat: int) -> tuple[_RunEntry, ...]:
    """The runs of one suit whose held positions are the set bits of ``mask`` (bit
    ``pos`` for positions 1..14), with ``jokers`` jokers to fill the gaps and at
    least ``min_nat`` naturals, by start then end; each with its joker count and naturals."""
    held = [bool(mask >> pos & 1) for pos in range(15)]
    before = [0] * 16  # before[p]: held positions below p
    for pos in range(15):
        before[pos + 1] = before[pos] + held[pos]
    cards = _POS_CARDS[suit]
    out: list[_RunEntry] = []
    for lo in range(1, 12):
        for hi in range(lo + MIN_RUN - 1, min(14, lo + MAX_RUN - 1) + 1):
            nat = before[hi + 1] - before[lo]
            if hi - lo + 1 - nat > jokers or nat < min_nat:
                continue
            run = Run(suit, lo, tuple(cards[p] if held[p] else JOKER for p in range(lo, hi + 1)))
            out.append((run, hi - lo + 1 - nat, tuple(cards[p] for p in range(lo, hi + 1) if held[p])))
    return tuple(out)


def _minus(hand: dict[Card, int], cards: Iterable[Card]) -> dict[Card, int]:
    """A copy of ``hand`` (positive counts) without ``cards`` (which it holds)."""
    out = dict(hand)
    for c in cards:
        n = out[c] - 1
        if n:
            out[c] = n
        else:
            del out[c]
    return out


def joker_fills_held(run: Run, hand: Counter) -> bool:
    """NK-9a: whether ``run`` puts a joker where the player holds the natural card
    (counting the naturals the run itself uses)."""
    need: Counter = Counter(c for c in run.cards if not c.is_joker)
    for pos in run.joker_positions():
        card = run.card_at(pos)
        if hand[card] > need[card]:
            return True
    return False


def completable(hand: Counter, books: int, runs: int, laid: Sequence[Meld], min_nat: int = 1,
                all_cards: bool = False, memo: dict | None = None) -> bool:
    """Whether ``books`` more books and ``runs`` more runs can be laid from ``hand``
    beside the melds ``laid`` this turn, keeping NK-11 (books of different ranks,
    runs that could not join) and NK-9a; with ``all_cards`` (the 12 hand, NK-20) they
    must use every card of ``hand``. ``memo`` caches answers within one caller."""
    return _can_complete({c: n for c, n in hand.items() if n > 0}, books, runs, list(laid), min_nat, all_cards,
                         {} if memo is None else memo)


def _can_complete(hand: dict[Card, int], books: int, runs: int, laid: list[Meld], min_nat: int, all_cards: bool,
                  memo: dict) -> bool:
    """:func:`completable` on a hand of positive counts, memoized in ``memo``."""
    if books == 0 and runs == 0:
        return not all_cards or not hand
    key = (frozenset(hand.items()), books, runs,
           tuple(sorted(m.rank for m in laid if isinstance(m, Book))),
           tuple(sorted((int(m.suit), m.lo, m.hi) for m in laid if isinstance(m, Run))))
    got = memo.get(key)
    if got is None:
        got = memo[key] = _completable(hand, books, runs, laid, min_nat, all_cards, memo)
    return got


def _completable(hand: dict[Card, int], books: int, runs: int, laid: list[Meld], min_nat: int, all_cards: bool,
                 memo: dict) -> bool:
    if runs:
        return _runs_completable(hand, books, runs, laid, min_nat, all_cards, memo)
    used = {m.rank for m in laid if isinstance(m, Book)}
    if not all_cards:
        return _books_fit(hand, books, used, min_nat)
    return any(_can_complete(_minus(hand, b.cards), books - 1, 0, laid + [b], min_nat, all_cards, memo)
               for b in book_candidates(hand, min_nat, used))


def _books_fit(hand: dict[Card, int], books: int, used: set[int], min_nat: int) -> bool:
    """Whether ``books`` books of ranks not in ``used`` can be laid from ``hand`` (no other melds
    to share its cards with). Greedy is exact: the ranks with the most naturals need the fewest jokers."""
    per_rank: dict[int, int] = {}
    for c, n in hand.items():
        if not c.is_joker and c.rank not in used:
            per_rank[c.rank] = per_rank.get(c.rank, 0) + n
    counts = sorted((n for n in per_rank.values() if n >= max(1, min_nat)), reverse=True)[:books]
    if len(counts) < books:
        return False
    return sum(max(0, MIN_BOOK - n) for n in counts) <= hand.get(JOKER, 0)


def _runs_completable(hand: dict[Card, int], books: int, runs: int, laid: list[Meld], min_nat: int,
                      all_cards: bool, memo: dict) -> bool:
    """:func:`_completable` with runs still owed: try each run (those using fewest jokers first),
    then a book first (:func:`_book_first`)."""
    if all_cards and _too_many_for_runs(hand, books, runs):
        return False
    prev = [m for m in laid if isinstance(m, Run)]
    for r, j, nat in _run_tries(hand, books, min_nat, all_cards):
        if prev and any(runs_join(p, r) for p in prev):
            continue
        rest = _minus(hand, nat + (JOKER,) * j if j else nat)
        if _can_complete(rest, books, runs - 1, laid + [r], min_nat, all_cards, memo):
            return True
    return _book_first(hand, books, runs, laid, min_nat, all_cards, memo)


def _run_tries(hand: dict[Card, int], books: int, min_nat: int, all_cards: bool) -> list[_RunEntry]:
    """The runs :func:`_runs_completable` tries next, fewest jokers first (stable: then by suit,
    start and end). With every card to meld in runs only (NK-20) and one natural per meld, only
    the runs holding the lowest natural card: some run must hold it (with more naturals per meld
    that run may have to wait for a run that frees a joker's place, NK-9a)."""
    cands = _run_entries(hand, min_nat)
    if all_cards and not books and min_nat == 1:
        first = min((c for c in hand if not c.is_joker), key=_order, default=None)
        cands = [e for e in cands if first in e[2]] if first is not None else []
    cands.sort(key=_jokers_of)
    return cands


def _book_first(hand: dict[Card, int], books: int, runs: int, laid: list[Meld], min_nat: int, all_cards: bool,
                memo: dict) -> bool:
    """NK-9a: with books and jokers, a book laid first frees its naturals' positions for a run's jokers."""
    jokers = hand.get(JOKER, 0)
    if not books or not jokers:
        return False
    used_ranks = {m.rank for m in laid if isinstance(m, Book)}
    return any(jokers > len(b.cards) - b.naturals
               and _can_complete(_minus(hand, b.cards), books - 1, runs, laid + [b], min_nat, all_cards, memo)
               for b in book_candidates(Counter(hand), min_nat, used_ranks))


def _too_many_for_runs(hand: dict[Card, int], books: int, runs: int) -> bool:
    """NK-20 (every card melded): a quick no. More cards than the melds hold, fewer than the runs
    need; with runs only, more suits than runs or a card more often than runs (a run holds one
    suit and each card once). The search would say the same, slower."""
    total = sum(hand.values())
    if total > MAX_RUN * runs + (MAX_RUN * books) or total < MIN_RUN * runs:
        return True
    if books:
        return False
    return (len({c.suit for c in hand if not c.is_joker}) > runs
            or any(n > runs for c, n in hand.items() if not c.is_joker))


def _jokers_of(entry: _RunEntry) -> int:
    return entry[1]


def next_melds(hand: Sequence[Card], books: int, runs: int, laid: Sequence[Meld], min_nat: int = 1,
               all_cards: bool = False) -> list[Meld]:
    """NK-11, NK-20: every meld that may be laid next while going down, given the
    melds ``laid`` already this turn and ``books``/``runs`` still owed: a valid book
    of a new rank or a run that could not join one laid, after which the rest of the
    contract can still be completed (so a player never gets stuck half way down).
    Books first (by rank), then runs (by suit and start)."""
    hc: dict[Card, int] = {}
    for c in hand:
        hc[c] = hc.get(c, 0) + 1
    laid = list(laid)
    out: list[Meld] = []
    memo: dict = {}
    if not _can_complete(hc, books, runs, laid, min_nat, all_cards, memo):
        return out
    if books:
        used = [m.rank for m in laid if isinstance(m, Book)]
        for b in book_candidates(hc, min_nat, used):
            if _can_complete(_minus(hc, b.cards), books - 1, runs, laid + [b], min_nat, all_cards, memo):
                out.append(b)
    if runs:
        prev = [m for m in laid if isinstance(m, Run)]
        for r, j, nat in _run_entries(hc, min_nat):
            if prev and any(runs_join(p, r) for p in prev):
                continue
            if _can_complete(_minus(hc, nat + (JOKER,) * j if j else nat), books, runs - 1, laid + [r], min_nat,
                             all_cards, memo):
                out.append(r)
    return out


# ---------------------------------------------------------------------------
# The melds a selection of cards forms (for a table that lets a player pick cards)
# ---------------------------------------------------------------------------

def arrange(cards: Iterable[Card]) -> list[Meld]:
    """Every book or run (NK-7, NK-8, NK-9) that uses exactly ``cards`` (a player's
    selection, jokers included), with each joker of a run standing for one named card.

    A book needs 3+ cards whose naturals share a rank; a run 4+ cards whose naturals
    share a suit and have different ranks, the jokers filling the gaps between them and
    any left over extending the run at either end (so ``5H 7H JK JK`` gives
    ``5H JK=6H 7H JK=8H`` and ``JK=4H 5H JK=6H 7H``). An ace may be low or high.
    Whether a meld may be laid now (the contract, NK-9a, NK-11) is the state's
    question (``why_illegal``), not this function's.

    Args:
        cards: the selected cards (duplicates allowed).
    Returns:
        The distinct melds, books first, then runs from the lowest start; empty when the
        cards form no book or run (for instance no natural card, NK-9).
    """
    cs = list(cards)
    nat = sorted((c for c in cs if not c.is_joker), key=_order)
    out: list[Meld] = []
    if not nat:
        return out
    if len({c.rank for c in nat}) == 1 and len(cs) >= MIN_BOOK:
        out.append(make_book(cs))
    ranks = [c.rank for c in nat]
    if len({c.suit for c in nat}) != 1 or len(set(ranks)) != len(ranks) or not MIN_RUN <= len(cs) <= MAX_RUN:
        return out
    return out + _runs_through(nat, len(cs) - len(nat))


def _runs_through(nat: list[Card], jokers: int) -> list[Run]:
    """The runs holding the naturals ``nat`` (one suit, distinct ranks) and ``jokers`` jokers: the
    jokers fill the gaps, and any left over extend the run below or above; an ace low or high.
    By start, then end."""
    suit = nat[0].suit
    assert suit is not None
    ranks = [c.rank for c in nat]
    runs: dict[tuple[int, int], Run] = {}
    for ace_pos in ((1, 14) if ACE in ranks else (0,)):
        positions = sorted(ace_pos if r == ACE else r for r in ranks)
        lo, hi = positions[0], positions[-1]
        extra = jokers - (hi - lo + 1 - len(positions))
        held = set(positions)
        for below in range(extra + 1):  # no room for the gaps: extra < 0, no runs
            start, end = lo - below, hi + extra - below
            if start >= 1 and end <= 14:
                runs[(start, end)] = Run(suit, start, tuple(Card.get(pos_rank(p), suit) if p in held else JOKER
                                                            for p in range(start, end + 1)))
    return [runs[k] for k in sorted(runs)]
