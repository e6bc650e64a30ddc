"""NG-32a/NG-32b/NG-45e: the placement search behind ``can_place`` and ``can_meld_out``
(engine/games/nogginate/melds.py) against a brute force over the same placements without its
shortcuts (no memo of seen positions, no upper bound, no node budget), on small hands: the
shortcuts never lose a completion and never invent one."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.games.nogginate import melds
from engine.games.nogginate.cards import NOGGINATE
from engine.games.nogginate.melds import CLOSE_AT, JOKER, NOGGI_CLOSE_AT, can_meld_out, can_place, unit_weight

#: A few ranks and two suits, so small hands often hold Nates and Noggis.
POOL = NOGGINATE.parse_cards("4C 5C 6C 7C 8C 4H 5H 6H 7H 7D 7S JK")


def brute_out(counts: dict, nates: tuple, noggis: tuple, closed: int, left: int) -> bool:
    if left == 0:
        return (closed + sum(1 for _, n, j in nates if n + j >= CLOSE_AT)
                + sum(1 for _, lo, hi in noggis if hi - lo + 1 >= NOGGI_CLOSE_AT)) >= 2
    for cards, nn, ng in list(melds._moves(counts, nates, noggis, left)):
        supers = 1 if len(cards) == 1 and len(ng) < len(noggis) else 0
        for c in cards:
            counts[c] -= 1
        ok = brute_out(counts, nn, ng, closed + supers, left - len(cards))
        for c in cards:
            counts[c] += 1
        if ok:
            return True
    return False


def brute_place(counts: dict, nates: tuple, noggis: tuple, need: int, spare: int, weight) -> bool:
    if need <= 0:
        return spare >= 0
    if spare <= 0:
        return False
    for cards, nn, ng in list(melds._moves(counts, nates, noggis, spare)):
        for c in cards:
            counts[c] -= 1
        ok = brute_place(counts, nn, ng, need - sum(weight(c) for c in cards), spare - len(cards), weight)
        for c in cards:
            counts[c] += 1
        if ok:
            return True
    return False


hands = st.lists(st.sampled_from(POOL), min_size=1, max_size=7).map(Counter)
tables = st.fixed_dictionaries({
    "nates": st.lists(st.tuples(st.sampled_from([4, 7]), st.integers(3, 6), st.integers(0, 1)), max_size=1),
    "noggis": st.lists(st.tuples(st.sampled_from([c.suit for c in POOL[:1]]), st.just(5), st.integers(7, 10)),
                       max_size=1),
})


@settings(max_examples=150, deadline=None)
@given(hand=hands, table=tables, closed=st.integers(0, 2))
def test_can_meld_out_agrees_with_a_brute_force(hand, table, closed):
    nates, noggis = tuple(sorted(table["nates"])), tuple(sorted(table["noggis"]))
    counts = {c: k for c, k in hand.items() if k > 0}
    expected = brute_out(dict(counts), nates, noggis, closed, sum(counts.values()))
    assert can_meld_out(hand, list(nates), list(noggis), closed) == expected


@settings(max_examples=150, deadline=None)
@given(hand=hands, table=tables, target=st.integers(1, 9), keep=st.integers(0, 2))
def test_can_place_agrees_with_a_brute_force(hand, table, target, keep):
    nates, noggis = tuple(sorted(table["nates"])), tuple(sorted(table["noggis"]))
    counts = {c: k for c, k in hand.items() if k > 0 and (c.is_natural or c.is_joker)}
    expected = brute_place(dict(counts), nates, noggis, target, sum(hand.values()) - keep, unit_weight)
    assert can_place(hand, list(nates), list(noggis), target, keep, unit_weight) == expected


def test_the_brute_force_finds_a_meld_out():
    hand = Counter(NOGGINATE.parse_cards("4C 5C 6C 7D 7S JK"))
    assert brute_out({c: k for c, k in hand.items()}, (), (), 2, 6)
    assert can_meld_out(hand, [], [], 2) and not can_meld_out(hand, [], [], 1)
    assert JOKER in hand


def test_a_search_that_reaches_its_step_limit_counts_the_line_as_not_there(monkeypatch):
    """NG-32c: "can the minimum still be reached" and "can the hand still be emptied" look at most
    NODE_LIMIT steps; past it the answer is no (never a completion that was not found). The hand
    empties in two melds (4♣5♣6♣ and 7♦7♠JK): found with the limit, not with a limit of one step."""
    hand = Counter(NOGGINATE.parse_cards("4C 5C 6C 7D 7S JK"))
    assert can_meld_out(hand, [], [], 2) and can_place(hand, [], [], 6, 0, unit_weight)
    monkeypatch.setattr(melds, "NODE_LIMIT", 1)
    assert not can_meld_out(hand, [], [], 2)
    assert not can_place(hand, [], [], 6, 0, unit_weight)
