"""Nogginate properties (hypothesis): from every reachable state a legal move exists and
every round and match ends (``fixed_rounds``); cards are conserved; ``is_legal`` agrees
with ``legal_actions`` on listed and hand-built actions; the notation round-trips; a
view lists the state's moves and its determinizations show the same view; the legal
list stays in the tens or low hundreds after a 40-card pile (NG-26a); ``can_place``
never answers True wrongly and agrees with a brute-force search on small hands.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cards import Card, Suit
from engine.games.nogginate.cards import NOGGINATE, Kind, nogginate_deck
from engine.core import CHANCE, TERMINAL
from engine.games.nogginate.game import (
    ASK, BONUS_ACT, DRAW, OUT, PASS, Add, Close, Discard, FreezeNate, Merge, NewNate, NewNoggi, Nogginate,
    NogginateState, NogginateVariant, Onto, Phase, TakePile)
from engine.games.nogginate.melds import SUPER_LEN, can_place, card_value, nate_shape_ok, unit_weight

SETTINGS = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
DECK = Counter(nogginate_deck())
JK = Card.joker()
FZ = Card.special(Kind.FREEZE)
BN = Card.special(Kind.BONUS)


#: Refusals that state a fact about the table rather than a rule.
FACTUAL = ("you do not hold", "you hold no", "there is no meld", "nobody asked", "it is not a player's move")
DECK_CARDS = sorted(DECK, key=lambda c: c.order)


def hand_built(s: NogginateState, rng: random.Random) -> list:
    """Actions made from the hand and the table, legal or not."""
    hand = s.hands[s.turn_seat]
    ids = [m.id for m in s.melds] + [98, 99]
    out = [DRAW, ASK, BONUS_ACT, OUT, PASS, FreezeNate(3)]
    if hand:
        for _ in range(6):
            c = rng.choice(hand)
            out += [Discard(c), Add(rng.choice(ids), c), Onto(rng.choice(ids)), Close(rng.choice(ids))]
        if len(hand) >= 3:
            for _ in range(6):
                three = tuple(sorted(rng.sample(hand, 3), key=lambda c: c.order))
                out.append(NewNate(three))
                out.append(NewNoggi(tuple(sorted(three, key=lambda c: c.rank))))
        if len(hand) >= 2:
            for _ in range(4):
                two = tuple(sorted(rng.sample(hand, 2), key=lambda c: c.order))
                out += [TakePile(two), TakePile(two, rng.choice(ids))]
    a, b = sorted(rng.sample(ids, 2))
    out.append(Merge(a, b))
    for _ in range(4):  # cards from anywhere
        c = rng.choice(DECK_CARDS)
        out += [Discard(c), Add(rng.choice(ids), c)]
    return out


def check(s: NogginateState, rng: random.Random, deep: bool) -> list:
    """The per-state properties; returns the legal list (non-empty at a player's move)."""
    assert Counter(c for z in s.zones().values() for c in z) == DECK
    if s.to_move in (CHANCE, TERMINAL):
        assert s.legal_actions() == []
        return []
    legal = s.legal_actions()
    assert legal, f"no legal move: {s.fingerprint()}"
    assert len(set(legal)) == len(legal)
    for a in legal:
        assert s.is_legal(a), (str(a), s.why_illegal(a))
        assert Nogginate.parse_action(str(a)) == a
    if deep:
        for a in hand_built(s, rng):
            assert s.is_legal(a) == (a in legal), (str(a), s.why_illegal(a))
            why = s.why_illegal(a)
            if why is not None:
                assert "NG-" in why or why.startswith(FACTUAL), why  # a refusal names its rule
        v = s.view(s.to_move)
        assert v.compute_legal() == legal
        for a in hand_built(s, rng)[:8]:
            assert (v.why_illegal(a) is None) == (s.why_illegal(a) is None)
        for seat in range(s.n_seats):
            v = s.view(seat)
            assert v.determinize(rng).view(seat) == v
    return legal


def run_match(s: NogginateState, rng: random.Random, check_state, pick) -> NogginateState:
    """Play ``s`` to its end: chance steps sampled (their notation round-trips), every
    player's move ``pick(legal, rng)`` after ``check_state(s, step)`` returned the legal list."""
    steps = 0
    while not s.is_over:
        steps += 1
        assert steps < 20_000, "a match that does not end"
        if s.to_move == CHANCE:
            a = s.sample_chance(rng)
            assert Nogginate.parse_action(str(a)) == a
            s.apply(a)
            continue
        s.apply(pick(check_state(s, steps), rng))
    assert s.to_move == TERMINAL and s.winners()
    return s


def play_match(seed: int, n: int, rounds: int, deep_every: int, **opts) -> NogginateState:
    rng = random.Random(seed)

    def pick(legal: list, rng: random.Random):  # prefer melding (so rounds reach going out), then anything
        melds = [a for a in legal if isinstance(a, (NewNate, NewNoggi, Add, Close, TakePile, Onto, Merge, FreezeNate))
                 or a in (ASK, BONUS_ACT)]
        return rng.choice(melds) if melds and rng.random() < 0.8 else rng.choice(legal)

    s = run_match(Nogginate.new_state(NogginateVariant(fixed_rounds=rounds, **opts), n), rng,
                  lambda s, step: check(s, rng, step % deep_every == 0), pick)
    assert len(s.round_scores) == rounds
    return s


@SETTINGS
@given(seed=st.integers(0, 10**9), n=st.sampled_from((2, 3, 4, 5, 6)))
def test_a_legal_move_always_exists_and_every_round_and_match_ends(seed, n):
    """From every reachable state a legal move exists (NG-32a, NG-44a); every round ends (the stock,
    NG-31, or going out) and a fixed_rounds match ends (NG-54); cards are conserved; is_legal agrees
    with the list; the notation round-trips; views agree and determinize consistently."""
    play_match(seed, n, 2, 7)


@SETTINGS
@given(seed=st.integers(0, 10**9))
def test_properties_hold_with_two_teams_of_three_and_a_question_cap(seed):
    """The same with ``six_player_teams = "2x3"`` (NG-45h) and ``max_go_out_asks_per_round = 1`` (NG-45c)."""
    play_match(seed, 6, 1, 5, six_player_teams="2x3", max_go_out_asks_per_round=1)


# ---------------------------------------------------------------------------
# the legal list after a 40-card pile (NG-26a)
# ---------------------------------------------------------------------------

@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_the_legal_list_stays_small_after_a_forty_card_pile(seed):
    """NG-26a: after taking a 40-card pile (a hand of about 55 cards) the legal list stays in the tens or
    low hundreds, at every step of the rest of the turn."""
    rng = random.Random(seed)
    s = Nogginate.new_state(NogginateVariant(), 4)
    s.apply(Nogginate.parse_action("dealer 3"))
    s.apply(s.sample_chance(rng))
    deck = list(s.stock)
    rng.shuffle(deck)
    top = next(c for c in deck if c.is_natural)
    deck.remove(top)
    pair = [c for c in deck if c.is_natural and c.rank == top.rank][:2]
    for c in pair:
        deck.remove(c)
    deck += s.hands[0][13:]
    s.hands[0] = sorted(s.hands[0][:13] + pair, key=lambda c: c.order)
    s.discards = deck[:39] + [top]
    s.stock = _rest(s)
    s.down[0] = True
    s.phase = Phase.ACQUIRE
    s.apply(TakePile(tuple(sorted(pair, key=lambda c: c.order))))
    assert len(s.hands[0]) >= 50
    worst = 0
    while s.turn_seat == 0 and not s.is_over:
        legal = s.legal_actions()
        assert legal
        worst = max(worst, len(legal))
        melds = [a for a in legal if isinstance(a, (NewNate, NewNoggi, Add))]
        s.apply(rng.choice(melds) if melds else rng.choice(legal))
    assert worst <= 300, worst


def _rest(s: NogginateState) -> list[Card]:
    """The stock that conserves the deck given the other zones."""
    full = Counter(DECK)
    z = s.zones()
    for k, cs in z.items():
        if k != "stock":
            full.subtract(cs)
    assert all(v >= 0 for v in full.values())
    return list(full.elements())


# ---------------------------------------------------------------------------
# can_place against a brute force
# ---------------------------------------------------------------------------

def brute(hand: Counter, nates: list, noggis: list, target: int, keep: int, weight) -> bool:
    """Every sequence of 3-card new melds and single additions, exhaustively (memoized)."""
    total = sum(hand.values())
    memo: dict = {}

    def go(h: Counter, nates: tuple, noggis: tuple, need: int, left: int) -> bool:
        if need <= 0:
            return left >= keep
        key = (tuple(sorted((c.order, k) for c, k in h.items() if k > 0)), tuple(sorted(nates)),
               tuple(sorted(noggis)), need)
        if key not in memo:
            memo[key] = False
            memo[key] = search(h, nates, noggis, need, left)
        return memo[key]

    def search(h: Counter, nates: tuple, noggis: tuple, need: int, left: int) -> bool:
        cards = [c for c, k in h.items() if k > 0 and (c.is_natural or c.is_joker)]
        moves = []
        for i, (r, n, j) in enumerate(nates):
            for c in cards:
                if c.is_natural and c.rank == r:
                    moves.append(((c,), nates[:i] + ((r, n + 1, j),) + nates[i + 1:], noggis))
                if c.is_joker and nate_shape_ok(n, j + 1):
                    moves.append(((c,), nates[:i] + ((r, n, j + 1),) + nates[i + 1:], noggis))
        for i, (su, lo, hi) in enumerate(noggis):
            if hi - lo + 1 == SUPER_LEN:
                continue
            for c in cards:
                if c.is_natural and c.suit == su and c.rank in (lo - 1, hi + 1):
                    moves.append(((c,), nates, noggis[:i] + ((su, min(lo, c.rank), max(hi, c.rank)),)
                                  + noggis[i + 1:]))
        pool = [c for c, k in h.items() for _ in range(min(k, 3)) if c.is_natural or c.is_joker]
        for three in set(combinations(sorted(pool, key=lambda c: c.order), 3)):
            nat = [c for c in three if c.is_natural]
            jok = 3 - len(nat)
            if len({c.rank for c in nat}) == 1 and nate_shape_ok(len(nat), jok):
                moves.append((three, nates + ((nat[0].rank, len(nat), jok),), noggis))
            if jok == 0 and len({c.suit for c in nat}) == 1:
                rs = sorted(c.rank for c in nat)
                if rs[1] == rs[0] + 1 and rs[2] == rs[1] + 1:
                    moves.append((three, nates, noggis + ((nat[0].suit, rs[0], rs[2]),)))
        for used, nn, ng in moves:
            if left - len(used) < 0:
                continue
            h2 = Counter(h)
            h2.subtract(used)
            if go(h2, nn, ng, need - sum(weight(c) for c in used), left - len(used)):
                return True
        return False

    return go(Counter(hand), tuple(nates), tuple(noggis), target, total)


SMALL = [Card.get(r, s) for r in range(2, 8) for s in (Suit.SPADES, Suit.HEARTS)] + [JK, FZ]


@settings(max_examples=300, deadline=None)
@given(hand=st.lists(st.sampled_from(SMALL), min_size=0, max_size=7),
       nate=st.one_of(st.none(), st.tuples(st.integers(2, 7), st.integers(2, 6), st.integers(0, 2))),
       noggi=st.one_of(st.none(), st.tuples(st.sampled_from((Suit.SPADES, Suit.HEARTS)), st.integers(2, 5))),
       target=st.integers(1, 80), keep=st.integers(0, 2), unit=st.booleans())
def test_can_place_agrees_with_a_brute_force_search(hand, nate, noggi, target, keep, unit):
    """``can_place`` (NG-32a's pending minimum, NG-45e's "still able to go out") answers True exactly when
    some sequence of placements reaches the target keeping ``keep`` cards."""
    h = Counter(c for c, k in Counter(hand).items() for _ in range(min(k, 3)))
    nates = [nate] if nate is not None and nate_shape_ok(nate[1], nate[2]) else []
    noggis = [(int(noggi[0]), noggi[1], noggi[1] + 2)] if noggi is not None else []
    weight = unit_weight if unit else card_value
    if unit:
        target = min(target, 8)
    got = can_place(h, nates, noggis, target, keep, weight)
    want = brute(h, [(r, n, j) for r, n, j in nates], [(Suit(s), lo, hi) for s, lo, hi in noggis], target, keep,
                 weight)
    assert got == want, (sorted(c.text for c in h.elements()), nates, noggis, target, keep, unit)


MID = [Card.get(r, s) for r in range(0, 11) for s in Suit] + [JK]


@settings(max_examples=150, deadline=None)
@given(hand=st.lists(st.sampled_from(MID), min_size=3, max_size=11),
       nates=st.lists(st.tuples(st.integers(0, 10), st.integers(3, 8), st.integers(0, 2)), max_size=2),
       noggis=st.lists(st.tuples(st.sampled_from(list(Suit)), st.integers(0, 8), st.integers(3, 5)), max_size=2),
       target=st.integers(1, 150), keep=st.integers(0, 1))
def test_can_place_never_answers_wrongly_on_larger_hands(hand, nates, noggis, target, keep):
    """On hands of up to 11 cards and several melds ``can_place`` agrees with the brute force (a True is a real
    completion, and no completion is missed)."""
    h = Counter(c for c, k in Counter(hand).items() for _ in range(min(k, 3)))
    nates = [n for n in nates if nate_shape_ok(n[1], n[2])]
    noggis = [(int(s), lo, min(10, lo + ln - 1)) for s, lo, ln in noggis if lo + ln - 1 <= 10]
    got = can_place(h, nates, noggis, target, keep)
    assert got == brute(h, nates, [(Suit(s), lo, hi) for s, lo, hi in noggis], target, keep, card_value)


def test_can_place_examples():
    """A few answers by hand: 4S 5S 6S reaches 30 keeping one card only with a fourth card."""
    h = Counter(NOGGINATE.parse_cards("4S 5S 6S 9C"))
    assert can_place(h, [], [], 30, 1) and not can_place(h, [], [], 31, 1)
    assert not can_place(Counter(NOGGINATE.parse_cards("4S 5S 6S")), [], [], 30, 1)
    assert can_place(Counter(NOGGINATE.parse_cards("9C JK 2H")), [(9, 3, 0)], [], 60, 1)


def test_can_place_extends_a_noggi_by_a_chain_of_cards():
    """NG-32a: 3S then 2S extend the Noggi 4S-6S: 10 points are reachable (found by the brute force: the
    search's bound missed a card two below the Noggi's lowest)."""
    assert can_place(Counter(NOGGINATE.parse_cards("2S 3S")), [], [(int(Suit.SPADES), 4, 6)], 6, 0)
    assert can_place(Counter(NOGGINATE.parse_cards("9S 10S 2C")), [], [(int(Suit.SPADES), 4, 8)], 30, 1)


def test_can_place_starts_a_second_nate_of_a_rank_with_a_joker():
    """NG-20/NG-24: a team may hold two Nates of one rank, so 7C 7D JK is a new Nate (70 points) beside a
    7s Nate that has its two jokers already."""
    assert can_place(Counter(NOGGINATE.parse_cards("7C 7D JK 2H")), [(7, 4, 2)], [], 70, 1)
