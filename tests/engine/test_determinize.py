"""engine/determinize.py: the shared multiset determinizer (property tests)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import parse_cards
from engine.determinize import DeterminizeError, deal

FACES = ["2C", "3C", "4D", "5H", "6S", "7S", "JK"]


@st.composite
def problems(draw):
    """A multiset of faces (duplicates likely), hand sizes adding up to it, known
    cards per hand taken from a hidden true deal, and exclusions the true deal
    respects (so a deal always exists)."""
    cards = draw(st.lists(st.sampled_from(FACES), min_size=0, max_size=24))
    n = draw(st.integers(1, 5))
    rng = random.Random(draw(st.integers(0, 2**32)))
    rng.shuffle(cards)
    cuts = sorted(draw(st.lists(st.integers(0, len(cards)), min_size=n - 1, max_size=n - 1)))
    bounds = [0] + cuts + [len(cards)]
    truth = [cards[bounds[i]:bounds[i + 1]] for i in range(n)]
    known = [h[:draw(st.integers(0, len(h)))] for h in truth]
    exclude = []
    for h in truth:
        held = {c[-1] for c in h}
        banned = draw(st.sets(st.sampled_from("CDHSK")))
        banned -= held  # a void the true hand respects
        exclude.append((lambda c, b=frozenset(banned): c[-1] in b) if banned else None)
    return cards, [len(h) for h in truth], known, exclude


@settings(max_examples=300, deadline=None)
@given(problems(), st.integers(0, 2**32), st.sampled_from([0, 1, 8]))
def test_deal_keeps_sizes_multiset_known_and_exclusions(problem, seed, tries):
    cards, sizes, known, exclude = problem
    hands = deal(cards, sizes, random.Random(seed), known=known, exclude=exclude, tries=tries)
    assert [len(h) for h in hands] == sizes
    assert Counter(c for h in hands for c in h) == Counter(cards)
    for h, k, ex in zip(hands, known, exclude):
        assert not Counter(k) - Counter(h)
        if ex is not None:
            dealt = Counter(h) - Counter(k)
            assert not any(ex(c) for c in dealt)


def test_duplicate_faces_are_separate_copies():
    cards = parse_cards("7H 7H 7H 8S")
    hands = deal(cards, [2, 2], random.Random(1), known=[[cards[0], cards[1]], []])
    assert Counter(hands[0]) == Counter(parse_cards("7H 7H"))
    assert Counter(hands[1]) == Counter(parse_cards("7H 8S"))


def test_tight_exclusions_use_the_fallback():
    # hand 0 may hold only spades and needs 3 of the 3 spades among 12 cards
    cards = parse_cards("2S 3S 4S 2H 3H 4H 5H 6H 7H 8H 9H 10H")
    for seed in range(30):
        hands = deal(cards, [3, 4, 5], random.Random(seed), exclude=[lambda c: not c.text.endswith("S"), None, None],
                     tries=0)
        assert sorted(str(c) for c in hands[0]) == ["2S", "3S", "4S"]


def test_deal_is_deterministic_for_a_seed():
    cards = parse_cards("2S 3S 4S 2H 3H 4H 5H")
    ex = [lambda c: c.text.endswith("S"), None]
    assert deal(cards, [3, 4], random.Random(7), exclude=ex) == deal(cards, [3, 4], random.Random(7), exclude=ex)


@pytest.mark.parametrize("kwargs, match", [
    (dict(sizes=[2, 2]), "do not add up"),
    (dict(sizes=[1, 2], known=[["7H", "8S"], []]), "are known"),
    (dict(sizes=[1, 2], known=[["9C"], []]), "not among"),
    (dict(sizes=[1, 2], exclude=[lambda c: True, lambda c: c == "7H"]), "no hand may hold 7H"),
    (dict(sizes=[2, 1], exclude=[lambda c: c != "7H", None]), "no deal respects"),
])
def test_impossible_constraints_raise(kwargs, match):
    with pytest.raises(DeterminizeError, match=match):
        deal(["7H", "8S", "8S"], rng=random.Random(0), **kwargs)
