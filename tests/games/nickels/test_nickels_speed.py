"""Nickels speed work keeps behaviour identical: fixed-seed random matches hash the same.

The hashes below were recorded from the engine before the speed-ups of
``engine/games/nickels/game.py`` and ``melds.py`` (commit 0d9cb9b). Each match is
played by picking uniformly among the legal actions with a seeded RNG; the hash
covers every legal list (contents and order), every chosen action, every event
(kind, text, seat, data, visibility) and the final state's fingerprint. A change
that alters a legal list, its order, an event or the state changes the hash.
If a rules fix changes behaviour on purpose, re-record the hashes with
:func:`match_digest` and say so in the commit. Re-recorded for issue 22: event texts became
person templates (``{seat} {seat:discards|discard}``) and counts agree (``1 card``); play did
not change: a digest without the event texts and the round's reason was the same for every case
before and after. Re-recorded for issue 24's NK-14a (nobody is offered their own discard): the
offer skips the seat that threw the top card, so random play differs from the first turn after a
round's first.
"""

from __future__ import annotations

import hashlib
import random

import pytest

from engine.core import CHANCE
from engine.games.nickels.game import Nickels, NickelsVariant

#: (seed, seats, variant options) -> the digest recorded from the unchanged engine.
CASES: list[tuple[int, int, dict, str]] = [
    (1, 4, {}, "ac907153176bb0bddfb6d63b2fe4552c798c6551aa18a5ac8d364f60b092fce4"),
    (2, 4, {}, "4ce222425d5181e3c6d59cfe7acb44ab8e996d8137d84768fa64a53964190cca"),
    (3, 3, {}, "589a231208ebea70fcc22c03baf70d3a963b2cb827811aa8ae08c577b4269c6a"),
    (4, 5, {'min_naturals_per_meld': 2}, "48c0589b8fe94c7e4149250a3a29eb15abd9511ad940d6dd4e48c19fe0d0e44f"),
    (5, 6, {'out_of_turn_claims_per_turn': 2, 'max_claims_per_player_per_round': 3},
     "62e4b425971142c5e0e9db1493df5910e7afce9fb421809948e05f4fe8e3626e"),
    (6, 4, {'reject_joker_upcard': True, 'max_turns_per_round': 40},
     "8404c8a48c68de808e70de1f069161719cae97b8b924a4bc2baa658590ef297e"),
    (7, 4, {}, "7078c2adb122ddf552eefc242fdeb12d792e8b1115463417b04da0a1c4ec7ae8"),
    (8, 4, {}, "642a01edf3c021a1ef726742be35fabdd171eade73bff94998228aaf472a3444"),
    (9, 7, {'allow_seven_players': True}, "7e6e6ca9734cca2c1426a4bd05f9885f4f97e20f157de40109b1182aaf7ce088"),
    (10, 4, {'min_naturals_per_meld': 3, 'unmelded_penalty': 0},
     "ef4ac58ccd53b1fb5198c09ce874a8cf925a4149b4ce25570d92a26e3af270c0"),
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
