"""Nickels speed work keeps behaviour identical: fixed-seed random matches hash the same.

The hashes below were recorded from the engine before the speed-ups of
``engine/games/nickels/game.py`` and ``melds.py`` (commit 0d9cb9b). Each match is
played by picking uniformly among the legal actions with a seeded RNG; the hash
covers every legal list (contents and order), every chosen action, every event
(kind, text, seat, data, visibility) and the final state's fingerprint. A change
that alters a legal list, its order, an event or the state changes the hash.
If a rules fix changes behaviour on purpose, re-record the hashes with
:func:`match_digest` and say so in the commit.
"""

from __future__ import annotations

import hashlib
import random

import pytest

from engine.core import CHANCE
from engine.games.nickels.game import Nickels, NickelsVariant

#: (seed, seats, variant options) -> the digest recorded from the unchanged engine.
CASES: list[tuple[int, int, dict, str]] = [
    (1, 4, {}, "bf9635c2221447c61df0b6ca0b67cb16fd4a4fdfe28518a38576091bb218dc75"),
    (2, 4, {}, "78d74e425c6c819622d29b36f7659f2023898cb678f571c94379360b886e9e00"),
    (3, 3, {}, "8e193f0edb6ee57eb726c370c67b034d01ed7da684f128bd17702c96ae2ed4a5"),
    (4, 5, {'min_naturals_per_meld': 2}, "2a770bc093c107b8609b4c84c3f3af670ccfc31d55fa8fa9d35da46db36eb741"),
    (5, 6, {'out_of_turn_claims_per_turn': 2, 'max_claims_per_player_per_round': 3},
     "866409cc8f13630b9fc358aa1dd2152823a58bbf86cb3aeb71ed779f285aaef5"),
    (6, 4, {'reject_joker_upcard': True, 'max_turns_per_round': 40},
     "801c536db30aca447c55f51c37b842e6046be9e1836e2c8c9710cd6ef3be8831"),
    (7, 4, {}, "febefc0563d9db6535bff545bcea4b95b41a4566b48961f51831e0bcbe7ac517"),
    (8, 4, {}, "4f85065fc0814795df98c8482e0d5995f4f66718ec390ab4d7219a51dccda9bb"),
    (9, 7, {'allow_seven_players': True}, "4d2b9ce854eae54b08869a4e0aae9402bf31990edb706c72620769202cd2de2f"),
    (10, 4, {'min_naturals_per_meld': 3, 'unmelded_penalty': 0},
     "a0097ba5c44a1990e38a13193857ea7ac401f82821b8d23e021c2e6480178085"),
]


def match_digest(seed: int, seats: int, options: dict) -> str:
    """The sha256 of one fixed-seed random match: legal lists, actions, events, final fingerprint."""
    h = hashlib.sha256()
    rng = random.Random(seed)
    s = Nickels.new_state(NickelsVariant(**options), seats)
    while not s.is_over:
        if s.to_move == CHANCE:
            act = s.sample_chance(rng)
        else:
            legal = s.legal_actions()
            h.update(("|".join(map(str, legal)) + "\n").encode())
            act = legal[int(rng.random() * len(legal))]
        h.update((str(act) + "\n").encode())
        for e in s.apply(act):
            vis = sorted(e.visible_to) if e.visible_to is not None else None
            h.update(repr((e.kind, e.text, e.seat, sorted(e.data.items()), vis)).encode())
    h.update(s.fingerprint().encode())
    return h.hexdigest()


@pytest.mark.parametrize("seed,seats,options,digest", CASES)
def test_fixed_seed_random_matches_play_exactly_as_before(seed, seats, options, digest):
    assert match_digest(seed, seats, options) == digest


#: Random hands compared with the reference search (its 40-card all-cards searches are slow).
HANDS = 50


def _random_hand(rng: random.Random) -> list:
    """A hand of 4 to 40 cards from the 3-4 seat pack (NK-2), sometimes with extra jokers and duplicates."""
    from engine.games.nickels.melds import JOKER
    pack = NickelsVariant().full_deck(4)
    if rng.random() < 0.5:  # mostly one or two suits: many runs, the 12 hand's all-cards search goes deep
        suits = rng.sample(range(4), rng.choice((1, 2)))
        pack = [c for c in pack if c.is_joker or c.suit in suits]
    hand = rng.sample(pack, min(len(pack), rng.randint(4, 40)))
    hand += [JOKER] * (rng.random() < 0.2) * rng.randint(1, 4)
    return sorted(hand, key=lambda c: c.order)


@pytest.mark.slow
def test_next_melds_answers_as_the_reference_search_did_on_random_hands():
    """NK-9a, NK-11, NK-20: the fast going-down search gives the same melds in the same order as the
    pre-speed-up search (tests/games/nickels/nickels_melds_reference.py), for every contract, with melds already
    laid, min_naturals_per_meld 1 to 3 and the 12 hand's all-cards rule."""
    import nickels_melds_reference as ref
    from engine.games.nickels.melds import CONTRACTS, next_melds
    rng = random.Random(12)
    compared = with_melds = twelve_down = 0
    for _ in range(HANDS):
        hand = _random_hand(rng)
        for i, (books, runs) in enumerate(CONTRACTS):
            min_nat = rng.choice((1, 1, 2, 3))
            twelve = i == len(CONTRACTS) - 1
            want = ref.next_melds(hand, books, runs, [], min_nat, twelve)
            assert next_melds(hand, books, runs, [], min_nat, twelve) == want, (hand, books, runs, min_nat)
            compared += 1
            twelve_down += twelve and bool(want)
            if want:  # lay one and compare the next step of going down
                first = want[int(rng.random() * len(want))]
                rest = list(hand)
                for c in first.cards:
                    rest.remove(c)
                b, r = books - (not first.is_run), runs - first.is_run
                if b or r:
                    assert (next_melds(rest, b, r, [first], min_nat, twelve)
                            == ref.next_melds(rest, b, r, [first], min_nat, twelve)), (hand, first)
                    with_melds += 1
    assert compared == HANDS * len(CONTRACTS) and with_melds > HANDS // 4 and twelve_down > 0
