"""Properties of the Nags engine over thousands of random games (2-5 seats, random variants).

Every game is driven only through the public contract: ``sample_chance`` for
chance steps and a uniformly random legal action for the seat to move.
"""

from __future__ import annotations

import pytest
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import Card, standard_deck
from engine.core import CHANCE
from contract_support import assert_clone_is_independent, assert_legal_or_refused_cleanly
from engine.games.nags import game as nags_mod
from engine.games.nags.game import (Buy, ChooseDealer, ChooseDirection, Deal, DealRunner, DoneBuying, Nags,
                               NagsState, NagsVariant, Pass, Phase, Play, Reveal, Turn, start_search_key)

FULL = sorted(standard_deck())


def random_variant(rng: random.Random) -> NagsVariant:
    """Any combination the rules allow (``NagsVariant.problems`` is empty)."""
    mode = ("fixed", "alternating", "choice")[int(rng.random() * 3)]
    games, target = 1, None
    r = rng.random()
    if r < 0.2:
        games = 2 + int(rng.random() * 2)
    elif r < 0.3:
        target = 15 + int(rng.random() * 20)
    buying = (games > 1 or target is not None) and rng.random() < 0.6
    v = NagsVariant(
        opening_must_include_lowest_card=rng.random() < 0.3, allow_voluntary_turn=rng.random() < 0.2,
        shuffle_on_recycle=rng.random() < 0.4, direction_mode=mode, match_games=games, match_target=target,
        buying_horses=buying, allow_negative_after_purchase=buying and rng.random() < 0.3)
    assert v.problems() == []
    return v


def step(s: NagsState, rng: random.Random):
    """One random step: a chance outcome or a uniformly chosen legal action."""
    if s.to_move == CHANCE:
        a = s.sample_chance(rng)
    else:
        acts = s.legal_actions()
        assert acts, "a seat to move always has an action"
        a = acts[int(rng.random() * len(acts))]
    s.apply(a)
    return a


def all_cards(s: NagsState) -> list[Card]:
    out = [r[0] for r in s.runners] + s.discard + s.stock_known + s.pool
    for h in s.hands:
        out += h
    return sorted(out)


def assert_conserved(s: NagsState) -> None:
    if s.phase == Phase.DEALER:
        return
    assert all_cards(s) == FULL, s.fingerprint()
    assert not (Counter(s.pool_known) - Counter(s.pool)), "pool_known must be part of the pool"


def game_step_bound(n: int) -> int:
    """Steps in one game can never exceed this: at most 9n plays, and between two
    plays at most STUCK_BACKSTOP * n * 52 + 1 turned cards (two steps each)."""
    idle = nags_mod.STUCK_BACKSTOP * n * 52 + 1
    return (9 * n + 1) * (2 * idle + 1) + 8 + 14 * n


@pytest.mark.slow
def test_random_games_conserve_cards_end_and_round_trip_notation():
    rng_v = random.Random(2024)
    played = Counter()
    for seed in range(1500):
        n = 2 + seed % 4
        variant = random_variant(rng_v)
        rng = random.Random(seed)
        s = Nags.new_state(variant, n)
        steps_this_game, game_no = 0, 0
        while not s.is_over:
            a = step(s, rng)
            assert Nags.parse_action(str(a)) == a, str(a)
            assert_conserved(s)
            if s.phase in (Phase.PLAY, Phase.DIRECTION, Phase.REVEAL):
                m = len(s.discard) + s.stock_count
                limit = nags_mod.STUCK_BACKSTOP if variant.shuffle_on_recycle else nags_mod.STUCK_FACTOR
                assert s.idle_turns <= limit * n * m + 1
            if s.game_no != game_no:
                game_no, steps_this_game = s.game_no, 0
            steps_this_game += 1
            assert steps_this_game <= game_step_bound(n)
            played[type(a).__name__] += 1
        bought = Counter(s.owners.values())  # NA-25: 10 points per horse bought
        assert s.scores() == [sum(g[i] for g in s.history) / 2 - 10 * bought[i] for i in range(n)]
        assert s.winners() and max(s.scores()) == s.scores()[s.winners()[0]]
    # the random games reached every kind of action
    for name in ("ChooseDealer", "DealRunner", "Deal", "Reveal", "Play", "Turn", "ChooseDirection", "Buy",
                 "DoneBuying"):
        assert played[name] > 0, name


def _trace(seed: int, n: int, variant: NagsVariant) -> tuple[list[str], list[str]]:
    rng = random.Random(seed)
    s = Nags.new_state(variant, n)
    actions, prints = [], []
    while not s.is_over:
        actions.append(str(step(s, rng)))
        prints.append(s.fingerprint())
    return actions, prints


def test_same_seed_same_actions_same_fingerprints():
    rng_v = random.Random(1)
    for seed in range(60):
        n, variant = 2 + seed % 4, random_variant(rng_v)
        actions, prints = _trace(seed, n, variant)
        assert _trace(seed, n, variant) == (actions, prints)
        # replaying the notation alone rebuilds the same states (what a log does)
        s = Nags.new_state(variant, n)
        for text, fp in zip(actions, prints):
            s.apply(Nags.parse_action(text))
            assert s.fingerprint() == fp
        assert len(set(prints)) > 1


def test_clone_is_independent():
    rng_v = random.Random(5)
    for seed in range(150):
        rng = random.Random(seed)
        s = Nags.new_state(random_variant(rng_v), 2 + seed % 4)
        while not s.is_over:
            if rng.random() < 0.1:
                assert_clone_is_independent(s, random.Random(seed * 7), 10, step)
                twin = s.clone()
                a = step(s, random.Random(seed))
                twin.apply(a)
                assert twin.fingerprint() == s.fingerprint()
            else:
                step(s, rng)


def _hidden_swap(s: NagsState, seat: int, rng: random.Random) -> NagsState | None:
    """A state another seat could not tell from ``s`` given ``seat``'s view: one
    card of another hand swapped with an unseen draw-pile card or a card of a third
    hand, keeping what the start search revealed (NA-7)."""
    t = s.clone()
    key = start_search_key(t.start_card) if t.start_card else (0, 0)
    movable = lambda c: c is not t.start_card and start_search_key(c) > key  # noqa: E731
    others = [o for o in range(t.n_seats) if o != seat and any(movable(c) for c in t.hands[o])]
    if not others:
        return None
    o = others[int(rng.random() * len(others))]
    x = [c for c in t.hands[o] if movable(c)][0]
    pool_cands = [c for c in t.pool if movable(c) and c not in t.pool_known]
    third = [(p, c) for p in range(t.n_seats) if p not in (seat, o) for c in t.hands[p] if movable(c)]
    if pool_cands and (not third or rng.random() < 0.5):
        y = pool_cands[int(rng.random() * len(pool_cands))]
        t.pool[t.pool.index(y)] = x
    elif third:
        p, y = third[int(rng.random() * len(third))]
        t.hands[p].remove(y)
        t.hands[p] = sorted(t.hands[p] + [x])
    else:
        return None
    t.hands[o].remove(x)
    t.hands[o] = sorted(t.hands[o] + [y])
    return t


def test_views_hide_other_hands_and_the_unseen_draw_pile():
    rng_v = random.Random(9)
    swaps = 0
    for seed in range(250):
        rng = random.Random(seed)
        s = Nags.new_state(random_variant(rng_v), 2 + seed % 4)
        while not s.is_over:
            if s.phase in (Phase.PLAY, Phase.REVEAL, Phase.DIRECTION) and rng.random() < 0.15:
                seat = int(rng.random() * s.n_seats)
                t = _hidden_swap(s, seat, rng)
                if t is not None:
                    assert t.fingerprint() != s.fingerprint()
                    assert t.view(seat) == s.view(seat)
                    swaps += 1
            step(s, rng)
    assert swaps > 500


def test_determinize_is_consistent_with_the_view_and_conserves_cards():
    rng_v = random.Random(13)
    checked = Counter()
    for seed in range(250):
        rng = random.Random(seed)
        s = Nags.new_state(random_variant(rng_v), 2 + seed % 4)
        while True:
            if rng.random() < 0.2 or s.is_over:
                seat = int(rng.random() * s.n_seats)
                view = s.view(seat)
                d = view.determinize(random.Random(seed + 1000))
                assert d.view(seat) == view
                assert_conserved(d)
                assert d.legal_actions() == s.legal_actions() or s.to_move != seat
                # the start card stays with the start player while unplayed (NA-7, NA-8)
                if s.start_card is not None and any(s.start_card in h for h in s.hands):
                    assert s.start_card in d.hands[s.starter]
                if not d.is_over:  # the determinized state plays on
                    step(d.clone(), random.Random(seed))
                checked[view.phase] += 1
            if s.is_over:
                break
            step(s, rng)
    assert set(Phase) - {Phase.DEALER} <= set(checked)


# -- hypothesis ---------------------------------------------------------------

cards_st = st.sampled_from(standard_deck())
actions_st = st.one_of(
    st.lists(cards_st, min_size=1, max_size=4, unique=True).map(lambda cs: Play(tuple(cs))),
    st.just(Turn()), st.just(Pass()), st.sampled_from([ChooseDirection(1), ChooseDirection(-1)]),
    st.integers(2, 14).map(Buy), st.just(DoneBuying()), st.integers(0, 4).map(ChooseDealer),
    cards_st.map(DealRunner), cards_st.map(Reveal),
    st.lists(st.lists(cards_st, min_size=9, max_size=9, unique=True), min_size=2, max_size=5)
    .map(lambda hs: Deal(tuple(tuple(sorted(h)) for h in hs))),
)


@settings(max_examples=300, deadline=None)
@given(actions_st)
def test_parse_action_round_trips(action):
    assert Nags.parse_action(str(action)) == action


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2 ** 32 - 1), n=st.integers(2, 5), data=st.data())
def test_any_action_is_either_legal_or_refused_cleanly(seed, n, data):
    """Random actions thrown at random positions: legal ones apply, others raise
    IllegalAction with a sentence and leave the state unchanged."""
    rng = random.Random(seed)
    s = Nags.new_state(random_variant(rng), n)
    for _ in range(data.draw(st.integers(0, 150))):
        if s.is_over:
            break
        step(s, rng)
    if s.is_over or s.to_move == CHANCE:
        return
    a = data.draw(actions_st)
    assert_legal_or_refused_cleanly(s, a)


def test_fast_legality_check_agrees_with_legal_actions():
    """``apply`` checks legality without listing moves (``is_legal``); over random
    positions it must agree with ``legal_actions()`` for every candidate move made
    from the hand (each same-value subset, mixed pairs) and every other action kind."""
    from itertools import combinations
    checked = 0
    for seed in range(120):
        rng = random.Random(seed)
        s = Nags.new_state(random_variant(rng), 2 + seed % 4)
        while not s.is_over:
            if s.to_move != CHANCE:
                legal = set(s.legal_actions())
                hand = s.hands[s.to_move] if s.phase == Phase.PLAY else []
                candidates = [Turn(), Pass(), ChooseDirection(1), ChooseDirection(-1), DoneBuying()]
                candidates += [Buy(v) for v in range(2, 15)]
                for v in {c.rank for c in hand}:
                    same = [c for c in hand if c.rank == v]
                    candidates += [Play(combo) for k in range(1, len(same) + 1) for combo in combinations(same, k)]
                candidates += [Play(tuple(sorted(pair))) for pair in combinations(hand[:5], 2)]
                for a in candidates:
                    assert s.is_legal(a) == (a in legal), (a, s.fingerprint())
                    checked += 1
            step(s, rng)
    assert checked > 10000
