"""Properties of the Noms engine over many random games in random variants:
52 cards conserved, termination, determinism and replay from notation, clone
independence, the hidden partner never leaking through views (NO-12), and
``determinize`` agreeing with the view it came from."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import standard_deck
from engine.core import CHANCE
from contract_support import assert_clone_is_independent, assert_legal_or_refused_cleanly
from engine.games.noms.game import (MIS, MISAVIS, Bid, Call, Cut, Noms, NomsState, NomsVariant, Phase, Play, Trump,
                               voids_from_tricks)

FULL = sorted(standard_deck())


def random_variant(rng: random.Random) -> NomsVariant:
    """Any combination the rules allow (``problems()`` is empty)."""
    mis10 = rng.random() < 0.4
    low = rng.random() < 0.4
    v = NomsVariant(
        shuffle_every_hand=rng.random() < 0.3, stop_when_decided=rng.random() < 0.3,
        double_hands_stack=rng.random() < 0.3, target=(101, 40)[int(rng.random() * 2)],
        tie_policy=("play_on", "shared")[int(rng.random() * 2)], slam_not_bid=rng.random() < 0.4,
        min_bid=7 if low else 10, forced_dealer_bid=low and rng.random() < 0.7, mis_value_10=mis10,
        keep_mis_a_vis_with_mis10=mis10 and rng.random() < 0.5,
        first_lead=("declarer", "dealer_left")[int(rng.random() * 2)])
    assert v.problems() == []
    return v


def step(s: NomsState, rng: random.Random, pass_bias: float = 0.7):
    """One random step. Auctions pass more often than uniform, so numeric
    contracts, all-passes and double hands all occur."""
    if s.to_move == CHANCE:
        a = s.sample_chance(rng)
    else:
        acts = s.legal_actions()
        assert acts
        if acts[0].__class__.__name__ == "Pass" and rng.random() < pass_bias:
            a = acts[0]
        else:
            a = acts[int(rng.random() * len(acts))]
    s.apply(a)
    return a


def all_cards(s: NomsState):
    out = list(s.deck) + list(s.trick)
    for h in s.hands:
        out += h
    for _, cards, _ in s.tricks:
        out += cards
    return sorted(out)


def test_random_games_conserve_cards_end_and_round_trip_notation():
    rng_v = random.Random(2024)
    kinds = set()
    for seed in range(120):
        variant = random_variant(rng_v)
        rng = random.Random(seed)
        s = Noms.new_state(variant, 4)
        steps = 0
        while not s.is_over:
            a = step(s, rng)
            kinds.add(type(a).__name__ if not isinstance(a, Bid) else f"bid{a.level}")
            assert Noms.parse_action(str(a)) == a, str(a)
            if s.phase not in (Phase.DEALER, Phase.SHUFFLE):
                assert all_cards(s) == FULL, s.fingerprint()
            steps += 1
            assert steps < 200 * 70  # a hand has at most ~70 steps; far fewer than 200 hands
        assert s.winners() and max(s.totals) == s.totals[s.winners()[0]]
        assert s.totals == [sum(r[4][i] for r in s.results) for i in range(4)]
    for name in ("ChooseDealer", "Shuffle", "Cut", "Pass", "Trump", "Call", "Play", "bid10", f"bid{MIS}",
                 f"bid{MISAVIS}", "bid7"):
        assert name in kinds, name


def _trace(seed: int, variant: NomsVariant):
    rng = random.Random(seed)
    s = Noms.new_state(variant, 4)
    actions, prints = [], []
    while not s.is_over:
        actions.append(str(step(s, rng)))
        prints.append(s.fingerprint())
    return actions, prints


def test_same_seed_same_game_and_replay_from_notation():
    rng_v = random.Random(1)
    for seed in range(15):
        variant = random_variant(rng_v)
        actions, prints = _trace(seed, variant)
        assert _trace(seed, variant) == (actions, prints)
        s = Noms.new_state(variant, 4)
        for text, fp in zip(actions, prints):
            s.apply(Noms.parse_action(text))
            assert s.fingerprint() == fp


def test_clone_is_independent():
    for seed in range(20):
        rng = random.Random(seed)
        s = Noms.new_state(NomsVariant(), 4)
        while not s.is_over:
            if rng.random() < 0.05:
                assert_clone_is_independent(s, random.Random(seed), 20, step)
            step(s, rng)


def positions(n_games: int, seed: int):
    """(state, seat) at random points of random games in random variants."""
    rng = random.Random(seed)
    rng_v = random.Random(seed + 1)
    for _ in range(n_games):
        s = Noms.new_state(random_variant(rng_v), 4)
        while not s.is_over:
            if s.to_move != CHANCE and rng.random() < 0.1:
                yield s, int(rng.random() * 4)
            step(s, rng)


def swap_hidden(s: NomsState, seat: int, rng: random.Random) -> NomsState | None:
    """A state ``seat`` cannot tell from ``s``: two other seats (not an exposed
    hand) swap one card of a suit both hold, so no shown void is broken; the
    partner follows the called card (NO-12)."""
    t = s.clone()
    others = [o for o in range(4) if o != seat and not (t.exposed and o == t.declarer)]
    pairs = [(a, b) for a in others for b in others if a < b]
    rng.shuffle(pairs)
    for a, b in pairs:
        common = {c.suit for c in t.hands[a]} & {c.suit for c in t.hands[b]}
        if not common:
            continue
        suit = sorted(common)[0]
        x = [c for c in t.hands[a] if c.suit == suit]
        y = [c for c in t.hands[b] if c.suit == suit]
        # prefer moving the called card when possible
        cx = next((c for c in x if c is t.called), x[int(rng.random() * len(x))])
        cy = next((c for c in y if c is t.called), y[int(rng.random() * len(y))])
        t.hands[a].remove(cx)
        t.hands[b].remove(cy)
        t.hands[a].append(cy)
        t.hands[b].append(cx)
        if t.called is not None and not t.revealed:
            holder = next(i for i in range(4) if t.called in t.hands[i])
            t.partner = -1 if holder == t.declarer else holder
        return t
    return None


def test_views_hide_other_hands_and_the_partner():
    swaps = partner_moves = 0
    rng = random.Random(5)
    for s, seat in positions(40, seed=9):
        t = swap_hidden(s, seat, rng)
        if t is None:
            continue
        assert t.fingerprint() != s.fingerprint()
        assert t.view(seat) == s.view(seat)
        swaps += 1
        partner_moves += t.partner != s.partner
    assert swaps > 300 and partner_moves > 10


def test_NO_12_no_other_seat_view_changes_with_the_holder():
    """Move the called card to each possible hidden hand: only the seats whose
    own hands change (old and new holder) see a difference."""
    rng = random.Random(3)
    checked = 0
    for s, _ in positions(60, seed=21):
        if s.phase is not Phase.PLAY or s.called is None or s.revealed:
            continue
        holder = s.declarer if s.partner < 0 else s.partner
        for other in range(4):
            if other == holder or s.called.suit in voids_from_tricks(s.tricks, tuple(s.trick), s.leader)[other]:
                continue
            same = [c for c in s.hands[other] if c.suit == s.called.suit]
            if not same:
                continue
            t = s.clone()
            y = same[int(rng.random() * len(same))]
            t.hands[holder].remove(s.called)
            t.hands[other].remove(y)
            t.hands[holder].append(y)
            t.hands[other].append(s.called)
            t.partner = -1 if other == t.declarer else other
            for seat in range(4):
                if seat not in (holder, other):
                    assert t.view(seat) == s.view(seat)
            checked += 1
    assert checked > 30


def test_view_never_holds_the_previous_hands_tricks():
    rng = random.Random(8)
    s = Noms.new_state(NomsVariant(), 4)
    while s.hand_no == 0:
        step(s, rng, pass_bias=0.0)
    for seat in range(4):
        v = s.view(seat)
        assert v.tricks == () and v.trick == () and not hasattr(v, "deck")
    s.apply(Cut(7))
    assert all(s.view(i).tricks == () for i in range(4))


def test_determinize_agrees_with_the_view():
    rng = random.Random(4)
    n = 0
    for s, seat in positions(40, seed=33):
        view = s.view(seat)
        d = view.determinize(rng)
        assert d.view(seat) == view
        if s.phase >= Phase.AUCTION:  # the hands are re-dealt
            assert all_cards(d) == FULL
            assert [len(h) for h in d.hands] == [len(h) for h in s.hands]
            voids = view.voids()
            for other in range(4):
                assert not any(int(c.suit) in voids[other] for c in d.hands[other])
            if view.exposed:
                assert sorted(d.hands[view.declarer]) == sorted(s.hands[view.declarer])
            if s.called is not None:
                holder = next((i for i in range(4) if s.called in d.hands[i]), None)
                if holder is not None:
                    assert d.partner == (-1 if holder == d.declarer else holder)
            # the determinized state plays on legally
            for _ in range(10):
                if d.is_over:
                    break
                step(d, rng)
        n += 1
    assert n > 200


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["bid 7", "bid 13", "bid mis", "bid misavis", "pass", "trump C", "trump H", "notrump",
                        "call AS", "call 10D", "play 2C", "play QH", "dealer 3", "cut 1", "cut 51"]))
def test_notation_round_trip(text):
    a = Noms.parse_action(text)
    assert str(a) == text and Noms.parse_action(str(a)) == a
    assert isinstance(a, (Bid, Trump, Call, Play, Cut)) or text in ("pass", "dealer 3")


def test_any_action_is_either_legal_or_refused_cleanly():
    """Every bid, trump, call and card thrown at random positions: legal ones apply,
    the others raise IllegalAction with the why_illegal sentence and change nothing."""
    from engine.core import Pass
    deck = standard_deck()
    candidates = ([Bid(b) for b in (*range(7, 14), MIS, MISAVIS)] + [Pass(), Trump(None)]
                  + [Trump(i) for i in range(4)] + [Call(c) for c in deck] + [Play(c) for c in deck])
    rng = random.Random(11)
    checked = 0
    for g in range(40):
        s = Noms.new_state(NomsVariant(), 4)
        while not s.is_over:
            if s.to_move != CHANCE and rng.random() < 0.1:
                for a in rng.sample(candidates, 6):
                    assert_legal_or_refused_cleanly(s.clone(), a)
                    checked += 1
            step(s, rng)
    assert checked > 500
