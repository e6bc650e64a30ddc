"""Honesty: a seat's view, and so its bot's decisions, never depend on cards it cannot see.

For random positions of random games we build a second state in which every
card the seat cannot see (the other hands and the unordered part of the draw
pile, NA-6/NA-11) is re-dealt consistently with what the seat knows (hand
sizes kept; the start card stays with the starter until the opening play,
NA-7/NA-8; cards below the start card stay in the draw pile, NA-7; cards known
to be in the pool stay there, NA-15). The views must be equal and the
``easy`` and ``random`` bots, seeded alike, must decide alike.
"""

from __future__ import annotations

import gc
import random
import weakref

import pytest

from engine.games import make_bot
from engine.games.nags.bots import NagsEasyBot
from engine.core import CHANCE
from engine.games.nags.game import Nags, NagsState, NagsVariant, Phase, start_search_key

VARIANTS = [
    NagsVariant(),
    NagsVariant(direction_mode="choice"),
    NagsVariant(direction_mode="alternating", allow_voluntary_turn=True),
    NagsVariant(shuffle_on_recycle=True),
    NagsVariant(match_games=3, buying_horses=True),
]


def redeal_hidden(state: NagsState, seat: int, rng: random.Random) -> NagsState:
    """A copy of ``state`` with every card hidden from ``seat`` re-dealt consistently."""
    s = state.clone()
    others = [i for i in range(s.n_seats) if i != seat]
    hidden = [c for i in others for c in s.hands[i]]
    pool_known = list(s.pool_known)
    free_pool = list(s.pool)
    for c in pool_known:
        free_pool.remove(c)
    hidden += free_pool
    fixed: dict[int, list] = {i: [] for i in others}
    must_pool = []
    if s.phase is Phase.PLAY and s.start_card is not None:
        key = start_search_key(s.start_card)
        if not s.opened and s.starter != seat:
            hidden.remove(s.start_card)
            fixed[s.starter].append(s.start_card)
        must_pool = [c for c in hidden if start_search_key(c) < key]
        for c in must_pool:
            hidden.remove(c)
    rng.shuffle(hidden)
    for i in others:
        need = len(s.hands[i]) - len(fixed[i])
        s.hands[i] = sorted(fixed[i] + hidden[:need])
        del hidden[:need]
    s.pool = hidden + must_pool + pool_known
    return s


def positions(n_games: int, seed: int):
    """Yield (state, seat) at random decision points of random games in every variant."""
    rng = random.Random(seed)
    for g in range(n_games):
        variant = VARIANTS[g % len(VARIANTS)]
        n = 2 + g % 4
        state = Nags.new_state(variant, n)
        bots = [make_bot("nags", "easy" if i % 2 else "random") for i in range(n)]
        while not state.is_over:
            mover = state.to_move
            if mover == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            if rng.random() < 0.25:
                yield state, mover
            view = state.view(mover)
            state.apply(bots[mover].choose(view, view.legal_actions(), rng))


def test_views_and_decisions_ignore_hidden_cards():
    """Across 60 games of 2-5 seats and five variants (NA-6, NA-7, NA-11, NA-15, NA-23, NA-25)."""
    easy, rand = make_bot("nags", "easy"), make_bot("nags", "random")
    rng = random.Random(77)
    checked = changed = 0
    for state, mover in positions(60, seed=3):
        other = redeal_hidden(state, mover, rng)
        if other.fingerprint() != state.fingerprint():
            changed += 1
        assert state.view(mover) == other.view(mover)
        watcher = int(rng.random() * state.n_seats)  # a seat that is not to move: its view too
        assert state.view(watcher) == redeal_hidden(state, watcher, rng).view(watcher)
        v1, v2 = state.view(mover), other.view(mover)
        for bot in (easy, rand):
            a1 = bot.choose(v1, v1.legal_actions(), random.Random(checked))
            a2 = bot.choose(v2, v2.legal_actions(), random.Random(checked))
            assert a1 == a2, (bot.level, str(a1), str(a2))
        checked += 1
    assert checked > 300
    assert changed > checked // 2  # the re-deal really moved hidden cards in most positions


def test_redeal_keeps_the_card_multiset_and_hand_sizes():
    rng = random.Random(5)
    for state, mover in positions(10, seed=8):
        other = redeal_hidden(state, mover, rng)
        all_cards = lambda s: sorted([c for h in s.hands for c in h] + s.pool)  # noqa: E731
        assert all_cards(other) == all_cards(state)
        assert [len(h) for h in other.hands] == [len(h) for h in state.hands]
        assert other.hands[mover] == state.hands[mover]


@pytest.mark.parametrize("variant", VARIANTS[:3], ids=["fixed", "choice", "alternating"])
def test_easy_bot_works_on_a_view_whose_state_is_gone(variant):
    """The bot is handed only a View: it needs nothing the state holds."""
    rng = random.Random(11)
    bot = NagsEasyBot()
    done = 0
    for g in range(20):
        state = Nags.new_state(variant, 3)
        while state.to_move == CHANCE:
            state.apply(state.sample_chance(rng))
        for _ in range(int(rng.random() * 30)):
            if state.is_over:
                break
            if state.to_move == CHANCE:
                state.apply(state.sample_chance(rng))
            else:
                state.apply(state.legal_actions()[0])
        if state.is_over or state.to_move == CHANCE:
            continue
        view = state.view(state.to_move)
        legal = view.legal_actions()
        ref = weakref.ref(state)
        del state
        gc.collect()
        assert ref() is None  # the view keeps no reference to the state
        action = bot.choose(view, legal, random.Random(g))
        assert action in legal
        done += 1
    assert done >= 10
