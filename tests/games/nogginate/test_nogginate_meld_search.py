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
    """NG-32c: "can the minimum still be reached" and "can the hand be emptied and the team close" (NG-32b)
    look at most NODE_LIMIT steps; past it the answer is no (never a completion that was not found). The hand
    (100 points) empties in two melds (4♣5♣6♣ and 7♦7♠JK): found with the limit, not with a limit of one
    step. Whether the hand can still be emptied (NG-45e, cards counted) is answered exactly whatever the limit."""
    hand = Counter(NOGGINATE.parse_cards("4C 5C 6C 7D 7S JK"))
    assert can_meld_out(hand, [], [], 2) and can_place(hand, [], [], 90, 0)
    monkeypatch.setattr(melds, "NODE_LIMIT", 1)
    assert not can_meld_out(hand, [], [], 2)
    assert not can_place(hand, [], [], 90, 0)
    assert can_place(hand, [], [], 6, 0, unit_weight)


#: Hands of issue 25's 6-seat rounds with cheat cards (the team's Nates as (rank, naturals, jokers), no Noggi):
#: every card must be placed. The first empties (1s, 2♣2♣JK and 8s as new Nates, the rest on the Nates) but
#: the search of NODE_LIMIT steps missed it (it first meets a completion after 304,813); the second cannot
#: (the 9s need runs through 7♣ and 7♦, and the 7♠ is then left over), which the search took 4,000 steps to say.
EXACT = (("0C 1C 1C 1D 1H 2C 2C 3S 4C 4C 4D 4H 4H 4S 5D 5S 6C 6H 7H 8C 8C 8H 8S 8S 9H 9H JK",
          [(5, 8, 1), (6, 6, 0), (7, 6, 0), (9, 5, 2), (10, 5, 0), (4, 3, 0), (3, 3, 0), (0, 3, 0)], True),
         ("0C 0D 0H 0S 1C 1H 1H 1S 2D 2D 2H 4H 5D 5D 5S 6D 6D 6S 7C 7D 7S 8C 8C 8C 8D 8D 9C 9D",
          [(10, 3, 0), (3, 6, 1), (0, 4, 2), (8, 6, 2), (2, 3, 0), (4, 2, 1), (1, 3, 0)], False))


def test_whether_a_hand_can_be_emptied_is_answered_exactly():
    """NG-32c/NG-45e: the count over the ranks answers the hands the step-limited search got wrong or took
    0.1 s over; and a 20-card hand of fixed-seed match 5 (three jokers make three Nates of two, with 0♥0♠,
    6♣6♥ and 9♣9♣) that the old search missed, so that the player could not ask to go out (NG-45k)."""
    for text, nates, able in EXACT:
        hand = Counter(NOGGINATE.parse_cards(text))
        n = sum(hand.values())
        assert can_place(hand, nates, [], n, 0, unit_weight) is able
        assert melds.fewest_left(dict(hand), nates, [], 5) == (0 if able else 1)
    hand = Counter(NOGGINATE.parse_cards("0H 0S 1H 2H 3S 4H 5S 6C 6H 7D 7D 7S 9C 9C 10C 10C 10D JK JK JK"))
    nates = [(5, 7, 1), (1, 3, 1), (2, 4, 1), (4, 7, 1), (8, 5, 1), (3, 3, 1), (7, 5, 2)]
    assert can_place(hand, nates, [], 20, 0, unit_weight)
    hand[JOKER] -= 1  # two jokers: at best 0♥ goes in a run 0♥1♥2♥ and 0♠ stays in the hand
    assert not can_place(hand, nates, [], 19, 0, unit_weight)
    assert melds.fewest_left(dict(hand), nates, [], 3) == 1


@settings(max_examples=150, deadline=None)
@given(hand=hands, table=tables, slack=st.integers(0, 3))
def test_the_count_agrees_with_a_brute_force(hand, table, slack):
    """fewest_left: the fewest cards left after placing, exactly up to ``slack`` (else slack + 1)."""
    nates, noggis = tuple(sorted(table["nates"])), tuple(sorted(table["noggis"]))
    counts = {c: k for c, k in hand.items() if k > 0}
    n = sum(counts.values())
    best = next(t for t in range(n, -1, -1) if t == 0 or brute_place(dict(counts), nates, noggis, t, n, unit_weight))
    assert melds.fewest_left(counts, list(nates), list(noggis), slack) == min(n - best, slack + 1)


def test_a_path_found_before_a_move_is_replayed_after_it():
    """replays: the placements can_place found, tried again after a move that laid one of their cards, are a
    completion; after a move that breaks them the answer is no (and the caller searches)."""
    hand = Counter(NOGGINATE.parse_cards("4C 5C 6C 7C 7D 7S 7H 9H"))
    path: list = []
    assert can_place(hand, [(9, 3, 0)], [], 8, 0, unit_weight, path)
    assert sum(len(cards) for _, cards, _ in path) == 8
    seven_c = NOGGINATE.parse_cards("7C")[0]
    after = Counter(hand)
    after[seven_c] -= 1  # 7♣ laid on a Nate of 7s the path makes
    assert melds.replays(path, after, [(9, 3, 0)], [], 7) or melds.fewest_left(dict(+after), [(9, 3, 0)], [], 0) > 0
    broken = Counter(hand)
    for c in NOGGINATE.parse_cards("5C 7D"):  # the move took cards of two of the path's melds
        broken[c] -= 1
    assert not melds.replays(path, +broken, [(9, 3, 0)], [], 6)
    assert not melds.replays(path, hand, [], [], 8)  # no Nate of 9s for the 9♥
