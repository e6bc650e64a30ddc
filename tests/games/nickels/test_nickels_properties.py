"""Properties of the Nickels engine over random games (random house rules, 3 to 7
seats), driven through the public contract: a seat to move always has a legal
action, every round ends (NK-19, NK-19a), cards are conserved, ``is_legal``
agrees with ``legal_actions`` on random and constructed actions, notation
round-trips, and a view's determinization shows the same view."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from contract_support import assert_legal_or_refused_cleanly
from engine.cards import Card, Suit
from engine.core import CHANCE, Action
from engine.games.nickels.game import (Discard, LayMeld, Layoff, Nickels, NickelsState, NickelsVariant,
                                       PenaltyValues, Phase, Swap)
from engine.games.nickels.melds import JOKER, Book, Run, completable, next_melds

SETTINGS = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_variant(rng: random.Random) -> NickelsVariant:
    return NickelsVariant(
        allow_seven_players=rng.random() < 0.5,
        reject_joker_upcard=rng.random() < 0.5,
        penalty_values=PenaltyValues(*(rng.randrange(0, 60) for _ in range(4))),
        min_naturals_per_meld=rng.choice((1, 1, 2, 3)),
        out_of_turn_claims_per_turn=rng.choice((0, 1, 1, 2)),
        max_claims_per_player_per_round=rng.choice((None, None, 1, 3)),
        unmelded_penalty=rng.choice((25, 0, 10)),
        max_turns_per_round=rng.choice((10, 20, 40)),
    )


def choose(s: NickelsState, rng: random.Random) -> Action:
    """A random legal move, going down and laying off more often than random (so melds happen)."""
    acts = s.legal_actions()
    assert acts, f"no legal action: {s.fingerprint()}"
    good = [a for a in acts if type(a) in (LayMeld, Layoff, Swap)]
    if good and rng.random() < 0.8:
        return rng.choice(good)
    if s.phase != Phase.PLAY and rng.random() < 0.3:
        return acts[0]  # take / claim
    return rng.choice(acts)


def assert_conserved(s: NickelsState) -> None:
    total: Counter = Counter()
    for cards in s.zones().values():
        total.update(cards)
    assert total == Counter(s.variant.full_deck(s.n_seats)), s.fingerprint()


def constructed(s: NickelsState, rng: random.Random) -> list[Action]:
    """Actions a careless caller might build: cards of the hand or the pack on melds that exist or not."""
    seat = s.turn_seat
    hand = s.hands[seat] or [JOKER]
    some = [rng.choice(hand) for _ in range(3)] + [Card.get(rng.randrange(2, 15), rng.choice(list(Suit)))]
    mids = [m.id for m in s.melds] + [s.next_id, 0]
    out: list[Action] = [Nickels.parse_action(t) for t in ("take", "pass", "claim")]
    for c in some:
        mid = rng.choice(mids)
        out += [Discard(c), Layoff(c, mid), Layoff(c, mid, None, True), Swap(c, mid)]
        if not c.is_joker:
            out += [Layoff(JOKER, mid, c), Layoff(JOKER, mid, c, True)]
    nat = [c for c in hand if not c.is_joker]
    if nat:
        c = rng.choice(nat)
        out.append(LayMeld(Book(c.rank, (c, c, JOKER))))
        out.append(LayMeld(Book(c.rank, (JOKER, c, c))))
        out.append(LayMeld(Book(c.rank % 13 + 2, (c, c, c))))
        lo = max(1, min(c.rank, 11))
        out.append(LayMeld(Run(c.suit, lo, tuple(Card.get(p if p != 1 else 14, c.suit) if p != c.rank else c
                                                  for p in range(lo, lo + 4)))))
        out.append(LayMeld(Run(c.suit, lo, (c, JOKER, JOKER, JOKER))))
    return out


@SETTINGS
@given(seed=st.integers(0, 10**9))
def test_random_games_always_have_a_move_end_every_round_and_conserve_cards(seed):
    rng = random.Random(seed)
    v = random_variant(rng)
    n = rng.choice(Nickels.seat_counts(v))
    s = Nickels.new_state(v, n)
    steps = 0
    downs = [0]
    while not s.is_over:
        if s.to_move == CHANCE:
            a = s.sample_chance(rng)
        else:
            a = choose(s, rng)
            assert s.is_legal(a)
        assert Nickels.parse_action(str(a)) == a, str(a)
        round_no, seat = s.round_no, s.turn_seat
        s.apply(a)
        assert_conserved(s)
        if type(a) is LayMeld and s.round_no == round_no and s.owed == (0, 0):
            # NK-17: going down without out-of-turn pickups leaves at most one card (NK-20: none)
            if s.claims[seat] == 0:
                assert len(s.hands[seat]) <= (0 if round_no == 6 else 1)
            downs[0] += 1
        # NK-19a: every round ends within max_turns_per_round turns
        assert s.is_over or s.round_no != round_no or s.turn_no <= v.max_turns_per_round
        steps += 1
        assert steps < 100_000
    assert len(s.round_scores) == 7 and s.winners()


@SETTINGS
@given(seed=st.integers(0, 10**9))
def test_is_legal_agrees_with_legal_actions_on_random_and_constructed_actions(seed):
    rng = random.Random(seed)
    v = random_variant(rng)
    s = Nickels.new_state(v, rng.choice(Nickels.seat_counts(v)))
    checked = 0
    while not s.is_over and checked < 300:
        if s.to_move == CHANCE:
            s.apply(s.sample_chance(rng))
            continue
        if rng.random() < 0.5:
            legal = s.legal_actions()
            assert len(set(legal)) == len(legal), "duplicate legal actions"
            for a in legal:
                assert s.is_legal(a) and s.why_illegal(a) is None, str(a)
            for a in constructed(s, rng):
                assert_legal_or_refused_cleanly(s.clone(), a)
                checked += 1
        s.apply(choose(s, rng))


@SETTINGS
@given(seed=st.integers(0, 10**9))
def test_determinized_views_show_the_same_view(seed):
    rng = random.Random(seed)
    v = random_variant(rng)
    s = Nickels.new_state(v, rng.choice(Nickels.seat_counts(v)))
    looks = 0
    while not s.is_over and looks < 60:
        if rng.random() < 0.2:
            seat = rng.randrange(s.n_seats)
            view = s.view(seat)
            d = view.determinize(random.Random(seed + looks))
            assert d.view(seat) == view
            if not d.is_over and s.phase > 1:
                assert_conserved(d)
            if view.to_move == seat:
                assert view.legal_actions() == s.legal_actions()
            looks += 1
        if s.to_move == CHANCE:
            s.apply(s.sample_chance(rng))
        else:
            s.apply(choose(s, rng))


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_going_down_is_offered_exactly_when_the_contract_can_be_laid(data):
    """NK-11, NK-11a: next_melds is empty exactly when completable is False, and after
    each offered meld the rest is still completable (no dead ends)."""
    rng = random.Random(data.draw(st.integers(0, 10**9)))
    round_no = data.draw(st.integers(0, 6))
    from engine.games.nickels.melds import CONTRACTS
    books, runs = CONTRACTS[round_no]
    suits = rng.sample(list(Suit), 2)
    ranks = rng.sample(range(2, 15), 6)
    pack = [Card.get(r, su) for r in ranks for su in suits] * 2 + [JOKER] * 4
    hand = rng.sample(pack, min(len(pack), 7 + round_no + rng.randrange(3)))
    mn = rng.choice((1, 1, 2))
    twelve = round_no == 6
    melds = next_melds(hand, books, runs, [], mn, twelve)
    assert bool(melds) == completable(Counter(hand), books, runs, [], mn, twelve)
    laid: list = []
    h = Counter(hand)
    while melds:
        m = rng.choice(melds)
        h -= Counter(m.cards)
        laid.append(m)
        if isinstance(m, Book):
            books -= 1
        else:
            runs -= 1
        if not books and not runs:
            assert not twelve or not h
            break
        melds = next_melds(list(h.elements()), books, runs, laid, mn, twelve)
        assert melds, "stuck half way down"


def _oracle(hand: Counter, books: int, runs: int, min_nat: int, all_cards: bool) -> bool:
    """Brute force for NK-9a/NK-11/NK-20: some order of melds laying the contract exists, each
    meld built from the hand at its moment (books: any naturals of an unused rank and any jokers;
    runs: a natural where held, else a joker), runs never joinable."""
    from engine.games.nickels.melds import pos_rank

    memo: dict = {}

    def go(h: Counter, b: int, r: int, used: frozenset, laid: frozenset) -> bool:
        if not b and not r:
            return not all_cards or not +h
        key = (frozenset((+h).items()), b, r, used, laid)
        if key in memo:
            return memo[key]
        nexts: list = []
        if b:
            by: dict = {}
            for c, k in (+h).items():
                if not c.is_joker and c.rank not in used:
                    by.setdefault(c.rank, []).append((c, k))
            for rank, faces in by.items():
                subs: list = [()]
                for c, k in faces:
                    subs = [s + (c,) * i for s in subs for i in range(k + 1)]
                for nat in subs:
                    if len(nat) >= min_nat:
                        nexts += [("b", rank, nat + (JOKER,) * j) for j in range(h[JOKER] + 1) if len(nat) + j >= 3]
        if r:
            for suit in Suit:
                for lo in range(1, 12):
                    for hi in range(lo + 3, min(14, lo + 12) + 1):
                        cs = tuple(Card.get(pos_rank(p), suit) if h[Card.get(pos_rank(p), suit)] else JOKER
                                   for p in range(lo, hi + 1))
                        nat = sum(not c.is_joker for c in cs)
                        if nat < min_nat or len(cs) - nat > h[JOKER]:
                            continue
                        if any(s == suit and (h2 + 1 == lo or hi + 1 == l2) and max(h2, hi) - min(l2, lo) < 13
                               for s, l2, h2 in laid):
                            continue
                        nexts.append(("r", (suit, lo, hi), cs))
        res = False
        for kind, what, cs in nexts:
            rest = h - Counter(cs)
            if kind == "b":
                res = go(rest, b - 1, r, used | {what}, laid)
            else:
                res = go(rest, b, r - 1, used, laid | {what})
            if res:
                break
        memo[key] = res
        return res

    return go(hand, books, runs, frozenset(), frozenset())


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9), round_no=st.integers(0, 6), min_nat=st.sampled_from((1, 1, 2, 3)))
def test_completable_matches_a_brute_force_search(seed, round_no, min_nat):
    """NK-9, NK-9a, NK-11, NK-20: the engine's search (runs first, a book first only when needed,
    the 12 hand from its lowest card when one natural per meld is enough) finds a contract exactly
    when some order of melds lays it."""
    from engine.games.nickels.melds import CONTRACTS
    rng = random.Random(seed)
    books, runs = CONTRACTS[round_no]
    suits = rng.sample(list(Suit), rng.choice((1, 2)))
    lo = rng.randrange(2, 9)
    ranks = list(range(lo, lo + rng.choice((4, 5, 6, 7))))
    pack = [Card.get(r, su) for r in ranks for su in suits] * 2 + [JOKER] * rng.choice((1, 2, 3, 4))
    hand = Counter(rng.sample(pack, min(len(pack), 7 + round_no + rng.randrange(3))))
    twelve = round_no == 6
    assert completable(hand, books, runs, [], min_nat, twelve) == _oracle(hand, books, runs, min_nat, twelve)
