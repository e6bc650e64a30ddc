"""A shared multiset determinizer: deal the cards a seat cannot see to the
places they could be (other hands, an unordered draw pile), keeping what the
seat knows.

Decks may hold several identical faces, so every count here is a
:class:`collections.Counter` (never a ``set``). A *hand* is any place of known
size: another seat's hand, a face-down pile. For each hand the caller gives:

* its size (how many of the unseen cards it holds);
* ``known``: cards known to be in it (a claimed discard, a shown card, the
  NA-7 start card); they stay there;
* ``exclude``: a predicate ``card -> bool``, True for a card the hand cannot
  hold (a void in a suit, "holds no card of the two playable values" after a
  forced turn in Nags).

:func:`deal` first places the cards only one hand may hold (they are there
in every consistent deal), then tries plain uniform deals (rejection sampling, ``tries``
times), which is exactly uniform over the consistent deals; when the
constraints are tight (or a rough estimate says plain deals would rarely
fit) it falls back to a sequential deal that places each
constrained card in a hand chosen with probability proportional to its free
room among the hands that may still take it, checking Hall's condition so it
never runs into a dead end (every consistent deal can come out, not all with
equal probability). All randomness is drawn with ``rng.random()``.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Callable, Hashable, Iterable, Sequence, TypeVar

from engine.core import shuffled

C = TypeVar("C", bound=Hashable)

#: Plain uniform deals tried before the sequential fallback.
DEFAULT_TRIES = 8


class DeterminizeError(ValueError):
    """No deal satisfies the sizes, known cards and exclusions (the message says which check failed)."""


def deal(unseen: Iterable[C], sizes: Sequence[int], rng: random.Random, *,
         known: Sequence[Iterable[C]] | None = None,
         exclude: Sequence[Callable[[C], bool] | None] | None = None,
         tries: int = DEFAULT_TRIES) -> list[list[C]]:
    """Deal the multiset ``unseen`` to hands of the given sizes.

    Args:
        unseen: every card to place (a multiset: repeats are separate copies),
            including the ``known`` ones.
        sizes: the number of cards each hand ends with; ``sum(sizes)`` must
            equal the number of cards in ``unseen``.
        rng: the generator (only ``rng.random()`` is called).
        known: per hand, cards known to be in it (a sub-multiset of ``unseen``);
            they are in the result's hand (known cards are never checked
            against ``exclude``: the caller knows they are there).
        exclude: per hand, None or a predicate True for a card that hand cannot hold.
        tries: uniform deals tried before the sequential fallback (0: fallback only).

    Returns:
        One list per hand (in ``sizes`` order): its known cards first, then the
        dealt ones in random order. The lists together hold exactly ``unseen``.

    Raises:
        DeterminizeError: if the sizes do not add up, a known card is not in
            ``unseen`` (or more known cards than the hand's size), or no deal
            respects the exclusions.
    """
    pool = list(unseen)
    n = len(sizes)
    known_l = [list(k) for k in known] if known is not None else [[] for _ in range(n)]
    excl = list(exclude) if exclude is not None else [None] * n
    rest = _unknown_cards(pool, sizes, known_l, excl)
    free = [sizes[i] - len(known_l[i]) for i in range(n)]
    cards = list(rest.elements())
    active = [i for i in range(n) if excl[i] is not None]
    if not active:
        return _fill(known_l, free, shuffled(rng, cards))
    masks, by_mask = _masks(rest, excl, active, free)
    # cards only one hand may hold are there in every consistent deal: place them first
    forced = {m: m.bit_length() - 1 for m in by_mask if m & (m - 1) == 0}
    if forced:
        known_l, free, cards = _place_forced(cards, masks, forced, known_l, free)
        for m in forced:
            del by_mask[m]
        active = [i for i in active if free[i] > 0]
        if not active:
            return _fill(known_l, free, shuffled(rng, cards))
    hands = _uniform_deal(cards, masks, by_mask, free, active, rng, tries)
    if hands is None:
        hands = _sequential_deal(cards, masks, by_mask, free, rng)
    return [known_l[i] + hands[i] for i in range(n)]


def _unknown_cards(pool: list[C], sizes: Sequence[int], known: list[list[C]], excl: list) -> Counter[C]:
    """The cards of ``pool`` not known to be anywhere, after checking that the
    arguments fit together (see :func:`deal`'s Raises)."""
    n = len(sizes)
    if len(known) != n or len(excl) != n:
        raise DeterminizeError(f"{n} hand sizes but {len(known)} known lists and {len(excl)} exclusions")
    if any(s < 0 for s in sizes) or sum(sizes) != len(pool):
        raise DeterminizeError(f"hand sizes {list(sizes)} do not add up to the {len(pool)} unseen cards")
    rest = Counter(pool)
    for i, kn in enumerate(known):
        if len(kn) > sizes[i]:
            raise DeterminizeError(f"hand {i} holds {sizes[i]} cards but {len(kn)} are known to be in it")
        rest.subtract(kn)
    if any(v < 0 for v in rest.values()):
        missing = sorted(str(c) for c, v in rest.items() if v < 0)
        raise DeterminizeError(f"known cards not among the unseen cards: {' '.join(missing)}")
    return rest


def _masks(rest: Counter[C], excl: list, active: list[int], free: list[int]) -> tuple[dict[C, int], Counter[int]]:
    """Which hands may hold each distinct face (a bit mask over the hands), and how
    many cards each mask has.

    Raises:
        DeterminizeError: a card no hand may hold, or no deal fits (Hall's condition)."""
    n = len(free)
    everywhere = (1 << n) - 1
    masks: dict[C, int] = {}
    for c in rest:
        m = everywhere
        for i in active:
            if excl[i](c):
                m &= ~(1 << i)
        masks[c] = m
    by_mask: Counter[int] = Counter()
    for c, cnt in rest.items():
        by_mask[masks[c]] += cnt
    if by_mask.get(0):
        bad = sorted(str(c) for c in rest if masks[c] == 0)
        raise DeterminizeError(f"no hand may hold {' '.join(bad)}")
    if not _hall_ok(by_mask, free, n):
        raise DeterminizeError("no deal respects the exclusions (some hands cannot take the cards only they may hold)")
    return masks, by_mask


def _place_forced(cards: list[C], masks: dict[C, int], forced: dict[int, int], known: list[list[C]],
                  free: list[int]) -> tuple[list[list[C]], list[int], list[C]]:
    """Put each card whose mask allows one hand only (``forced``: mask -> hand) with
    that hand's known cards. Returns the new known lists, free room and the other cards."""
    known = [k[:] for k in known]
    free = free[:]
    keep: list[C] = []
    for c in cards:
        h = forced.get(masks[c])
        if h is None:
            keep.append(c)
        else:
            known[h].append(c)
            free[h] -= 1
    return known, free, keep


def _uniform_deal(cards: list[C], masks: dict[C, int], by_mask: Counter[int], free: list[int], active: list[int],
                  rng: random.Random, tries: int) -> list[list[C]] | None:
    """Plain uniform deals (rejection sampling, exactly uniform over the consistent
    deals): the first of ``tries`` that respects the exclusions, or None. Skipped when a
    rough estimate of the chance that a plain deal fits is below 5%."""
    n = len(free)
    everywhere = (1 << n) - 1
    total = sum(free)
    p_ok = 1.0
    for m, cnt in by_mask.items():
        if m != everywhere:
            p_ok *= (sum(free[i] for i in range(n) if m >> i & 1) / total) ** cnt if total else 1.0
    for _ in range(tries if p_ok >= 0.05 else 0):
        hands = _fill([[] for _ in range(n)], free, shuffled(rng, cards))
        if all(masks[c] >> i & 1 for i in active for c in hands[i]):
            return hands
    return None


def _sequential_deal(cards: list[C], masks: dict[C, int], by_mask: Counter[int], free: list[int],
                     rng: random.Random) -> list[list[C]]:
    """The constrained cards first, each to a hand drawn in proportion to its free
    room among those that keep a deal possible (Hall's condition), then the loose
    cards at random."""
    n = len(free)
    everywhere = (1 << n) - 1
    constrained = [c for c in cards if masks[c] != everywhere]
    loose = [c for c in cards if masks[c] == everywhere]
    room = free[:]
    out: list[list[C]] = [[] for _ in range(n)]
    left = Counter(by_mask)
    for c in shuffled(rng, constrained):
        m = masks[c]
        left[m] -= 1
        choices = [i for i in range(n) if m >> i & 1 and room[i] > 0]
        while True:
            pick = _weighted_pick(choices, room, rng)
            room[pick] -= 1
            if _hall_ok(left, room, n):
                break
            room[pick] += 1
            choices.remove(pick)  # Hall held before this card, so some choice keeps it
        out[pick].append(c)
    return _fill(out, room, shuffled(rng, loose))


def _weighted_pick(choices: list[int], room: list[int], rng: random.Random) -> int:
    """One of ``choices``, hand i with probability proportional to ``room[i]`` (one ``rng.random()``)."""
    weights = [room[i] for i in choices]
    x = rng.random() * sum(weights)
    for i, w in zip(choices, weights):
        if x < w:
            return i
        x -= w
    return choices[-1]


def _fill(hands: list[list[C]], room: Sequence[int], order: list[C]) -> list[list[C]]:
    """Append ``order``'s cards to ``hands``, ``room[i]`` to hand i, in turn."""
    k = 0
    out = [h[:] for h in hands]
    for i, r in enumerate(room):
        out[i].extend(order[k:k + r])
        k += r
    return out


def _hall_ok(by_mask: Counter, room: Sequence[int], n: int) -> bool:
    """Hall's condition for placing the counted cards (grouped by the mask of
    hands that may hold them) into hands with ``room`` free places: for every
    set H of hands, the cards that only hands in H may hold fit in H's room.
    (Loose cards, allowed everywhere, fit as long as the totals agree.)"""
    items = [(m, k) for m, k in by_mask.items() if k > 0]
    for h in range(1, 1 << n):
        need = 0
        for m, k in items:
            if m & ~h == 0:
                need += k
        if need:
            cap = 0
            for i in range(n):
                if h >> i & 1:
                    cap += room[i]
            if need > cap:
                return False
    return True

