"""Properties of the Spite & Malice engine over many random games (random variants,
all three shuffle types, SM-14), driven only through the public contract."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import multi_deck
from engine.core import CHANCE
from contract_support import assert_clone_is_independent, assert_legal_or_refused_cleanly
from engine.gamelog import read_log, verify_log
from engine.games.spite_malice.game import (AVAILABLE_TYPES, SHUFFLE_TYPES, Deal, Discard, Draw,
                                       Phase, PlayDiscard, PlayHand, PlayStock, SpiteMalice, SpiteMaliceState,
                                       SpiteMaliceVariant)
from engine.session import Session
from engine.variants import variant_to_table


def random_variant(rng: random.Random) -> SpiteMaliceVariant:
    """A preset with random overrides that SM-20 accepts (small stocks keep games short)."""
    while True:
        opts = {"game_type": AVAILABLE_TYPES[int(rng.random() * 4)],
                "shuffle_type": SHUFFLE_TYPES[int(rng.random() * 3)],
                "stock_count": 1 + int(rng.random() * 12)}
        if rng.random() < 0.4:
            opts["play_deck_count"] = 1 + int(rng.random() * 5)
            opts["discard_deck_count"] = 1 + int(rng.random() * 5)
            opts["hand_card_count"] = 1 + int(rng.random() * 7)
        if rng.random() < 0.3:
            opts["decks_included"] = 1 + int(rng.random() * 2)
            opts["minimum_wild_card"] = ("9", "jack", "queen", "king", "joker")[int(rng.random() * 5)]
            opts["include_jokers"] = rng.random() < 0.5
        if rng.random() < 0.2:
            opts["shortfall_policy"] = "partial"
        opts["max_turns"] = 400
        v = SpiteMaliceVariant(**opts)
        if not v.problems():
            return v


def step(s: SpiteMaliceState, rng: random.Random):
    if s.to_move == CHANCE:
        a = s.sample_chance(rng)
    else:
        acts = s.legal_actions()
        assert acts, "a seat to move always has a move"
        a = acts[int(rng.random() * len(acts))]
    s.apply(a)
    return a


def all_cards(s: SpiteMaliceState) -> Counter:
    c = Counter(s.pool) + Counter(s.removed)
    for i in range(2):
        c.update(s.hands[i])
        c.update(s.stocks[i])
        for d in s.discards[i]:
            c.update(d)
    for p in s.play:
        c.update(p)
    return c


def assert_conserved(s: SpiteMaliceState) -> None:
    assert all_cards(s) == Counter(s.variant.full_deck()), s.fingerprint()
    assert all(len(p) < s.variant.maxv for p in s.play)  # SM-10
    if not s.variant.shuffle_type == "draw_empty":
        assert s.removed == []


def test_random_games_conserve_cards_terminate_and_round_trip_notation():
    rng_v = random.Random(2024)
    seen = Counter()
    for seed in range(300):
        v = random_variant(rng_v)
        rng = random.Random(seed)
        s = SpiteMalice.new_state(v)
        steps = 0
        while not s.is_over:
            a = step(s, rng)
            assert SpiteMalice.parse_action(str(a)) == a, str(a)
            assert_conserved(s)
            steps += 1
            # SM-16: turns are capped and every turn ends with a discard, so a game is bounded
            assert s.turns <= v.max_turns and steps < 200_000
            seen[type(a).__name__] += 1
        seen[v.shuffle_type] += 1
        seen["result", s.result] += 1
        assert s.winners()
    for name in ("Deal", "Draw", "PlayHand", "PlayStock", "PlayDiscard", "Discard", *SHUFFLE_TYPES):
        assert seen[name] > 0, name
    assert seen["result", 0] and seen["result", 1] and seen["result", -1]


def _trace(seed: int, v: SpiteMaliceVariant):
    rng = random.Random(seed)
    s = SpiteMalice.new_state(v)
    actions, prints = [], []
    while not s.is_over:
        actions.append(str(step(s, rng)))
        prints.append(s.fingerprint())
    return actions, prints


def test_same_seed_same_game_and_notation_replays_it():
    rng_v = random.Random(1)
    for seed in range(30):
        v = random_variant(rng_v)
        actions, prints = _trace(seed, v)
        assert _trace(seed, v) == (actions, prints)
        s = SpiteMalice.new_state(v)
        for text, fp in zip(actions, prints):
            s.apply(SpiteMalice.parse_action(text))
            assert s.fingerprint() == fp


def test_clone_is_independent():
    rng_v = random.Random(5)
    for seed in range(40):
        rng = random.Random(seed)
        s = SpiteMalice.new_state(random_variant(rng_v))
        while not s.is_over:
            if rng.random() < 0.1:
                assert_clone_is_independent(s, random.Random(seed * 7), 10, step)
            step(s, rng)


def _hidden_swap(s: SpiteMaliceState, seat: int, rng: random.Random) -> SpiteMaliceState | None:
    """A state ``seat`` cannot tell from ``s``: a card of the other hand, of a stock
    below its top, or of the draw deck swapped with another such card (SM-18)."""
    t = s.clone()
    other = 1 - seat
    places = [("hand", other)] + [("stock", i) for i in range(2) if len(t.stocks[i]) > 1] + [("pool", 0)]
    slots = []
    for kind, i in places:
        lst = t.hands[i] if kind == "hand" else t.stocks[i] if kind == "stock" else t.pool
        n = len(lst) - 1 if kind == "stock" else len(lst)
        slots += [(lst, k) for k in range(n)]
    nwis = not t.variant.include_wild_cards_in_stock
    for _ in range(20):
        (a, i), (b, j) = slots[int(rng.random() * len(slots))], slots[int(rng.random() * len(slots))]
        if a[i] is b[j] or a is b:  # same face, or within one place (hands and the pool are unordered)
            continue
        if nwis and ((a in t.stocks and t.is_wild(b[j])) or (b in t.stocks and t.is_wild(a[i]))):
            continue
        a[i], b[j] = b[j], a[i]
        t.hands[other].sort()
        return t
    return None


def test_views_hide_the_other_hand_the_stocks_below_the_top_and_the_draw_order():
    rng_v = random.Random(9)
    swaps = 0
    for seed in range(80):
        rng = random.Random(seed)
        s = SpiteMalice.new_state(random_variant(rng_v))
        while not s.is_over:
            if s.phase in (Phase.PLAY, Phase.DRAW) and rng.random() < 0.2:
                seat = int(rng.random() * 2)
                t = _hidden_swap(s, seat, rng)
                if t is not None:
                    assert t.fingerprint() != s.fingerprint()
                    assert t.view(seat) == s.view(seat)
                    swaps += 1
            step(s, rng)
    assert swaps > 300


def test_determinize_is_consistent_with_the_view_and_conserves_cards():
    rng_v = random.Random(13)
    phases = Counter()
    for seed in range(80):
        rng = random.Random(seed)
        s = SpiteMalice.new_state(random_variant(rng_v))
        while True:
            if rng.random() < 0.15 or s.is_over:
                seat = int(rng.random() * 2)
                view = s.view(seat)
                d = view.determinize(random.Random(seed + 1000))
                assert d.view(seat) == view
                if s.phase != Phase.DEAL:
                    assert_conserved(d)
                if not s.variant.include_wild_cards_in_stock:
                    assert not any(d.is_wild(c) for st_ in d.stocks for c in st_[:-1])
                if not d.is_over:
                    step(d.clone(), random.Random(seed))
                phases[view.phase] += 1
            if s.is_over:
                break
            step(s, rng)
    assert set(Phase) <= set(phases)


def test_session_logs_of_bot_games_verify(tmp_path):
    """A whole match driven by engine.session.Session with bot seats round-trips through its log."""
    for i, table in enumerate([{"game_type": "SNM_A_SHORT"}, {"game_type": "SNM_PZ_NWIS", "stock_count": 6},
                               {"shuffle_type": "deck_removed", "stock_count": 4, "match_to": 5},
                               {"shuffle_type": "any_draw", "stock_count": 4}]):
        s = Session("spite_malice", table, ["ai:easy", "ai:random" if i % 2 else "ai:easy"], seed=i,
                    log_dir=tmp_path)
        s.advance()
        while not s.is_over:
            s.act(s.bot_choose())
            s.advance()
        s.close()
        result = verify_log(s.log_path)
        assert result.ok, result
        log = read_log(s.log_path)
        assert log.header["rules"] == variant_to_table(s.state.variant)
        assert log.entries[-1]["type"] == "result" and log.entries[-1]["scores"] == s.state.scores()


# -- hypothesis -----------------------------------------------------------------

faces = multi_deck(1, 1)
cards_st = st.sampled_from(faces)
actions_st = st.one_of(
    st.builds(PlayHand, cards_st, st.integers(0, 5)),
    st.builds(PlayStock, st.integers(0, 5)),
    st.builds(PlayDiscard, st.integers(0, 5), st.integers(0, 5)),
    st.builds(Discard, cards_st, st.integers(0, 5)),
    st.lists(cards_st, min_size=1, max_size=5).map(lambda cs: Draw(tuple(cs))),
    st.lists(st.lists(cards_st, min_size=1, max_size=4).map(tuple), min_size=2, max_size=2)
    .map(lambda ss: Deal(tuple(ss))),
)


@settings(max_examples=300, deadline=None)
@given(actions_st)
def test_parse_action_round_trips(action):
    assert SpiteMalice.parse_action(str(action)) == action


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2 ** 32 - 1), data=st.data())
def test_any_action_is_either_legal_or_refused_cleanly(seed, data):
    rng = random.Random(seed)
    s = SpiteMalice.new_state(random_variant(rng))
    for _ in range(data.draw(st.integers(0, 120))):
        if s.is_over:
            break
        step(s, rng)
    if s.is_over or s.to_move == CHANCE:
        return
    a = data.draw(actions_st)
    assert_legal_or_refused_cleanly(s, a)
