"""Nogginate speed work keeps behaviour identical: fixed-seed random matches hash the same.

The hashes below were recorded from the engine before the speed-ups of
``engine/games/nogginate/game.py`` and ``melds.py`` (on top of commit 22f9446). Each
match is played by picking uniformly among the legal actions with a seeded RNG; the
hash covers every legal list (contents and order), every chosen action, every event
(kind, text, seat, data, visibility) and the final state's fingerprint. A change that
alters a legal list, its order, an event or the state changes the hash. Matches are
cut short with ``fixed_rounds`` / ``max_rounds`` (random play rarely reaches 10,000).
If a rules fix changes behaviour on purpose, re-record the hashes with
:func:`match_digest` and say so in the commit.
"""

from __future__ import annotations

import hashlib
import random

import pytest

from engine.core import CHANCE
from engine.games.nogginate.game import Nogginate, NogginateVariant

#: (seed, seats, variant options) -> the digest recorded from the unchanged engine.
CASES: list[tuple[int, int, dict, str]] = [
    (1, 4, {'fixed_rounds': 3}, "37a8cda2428f408568040c8595ec8b0a6c2cbef96998708b46a12ce98d1d7142"),
    (2, 4, {'max_rounds': 4}, "9a4ff9b9ae0ad84f8efc7262c19fbb5a6e4ed1eaf6d810a349a03e307f6e0e7a"),
    (3, 2, {}, "726fee33b819ff48597f5e7246b941cd8cef11f5fce443ef6dcfcbf7dc8f821e"),
    (4, 6, {'fixed_rounds': 2}, "670d7da64a9ba74e4c7b221f068bb0332b6fc9b614a2fa7ec3d115dee5c92651"),
    (5, 6, {'six_player_teams': '2x3', 'fixed_rounds': 2},
     "6a7989da4fa813f30de99e90ee9f89b659a231aca5016b6f611b9f6bfe7ec1c1"),
    (6, 3, {'fixed_rounds': 3, 'auto_close_noggis_at_round_end': True, 'score_melded_card_values': True},
     "8df223c310b447e33d2382ab9685946e347e5bff7d65898fcf665207d31e2cec"),
    (7, 5, {'fixed_rounds': 2, 'show_tell_in_individual_games': True},
     "5e9dfafa1eecf43014e0dacc38aa8eff6ac5c1ee34e25b536a264bae2445aa40"),
    (8, 4, {'max_go_out_asks_per_round': 1, 'max_rounds': 3, 'min_meld_when_negative': 150},
     "07fc847d104b0dc229ec895fe694558633d1de9cd9953faf4e26dd2616161c07"),
    (9, 4, {'tie_policy': 'shared', 'all_bonus_penalty': 0, 'fixed_rounds': 3},
     "83c90c134d4d123053a95e162c673790b11229605073e572cbe20d6440d9bccc"),
    (10, 2, {'max_rounds': 3, 'min_meld_when_negative': 0},
     "03f2b3fe99051928f114af67c7dd69d0ab72cf78e90fcc1a324121bb7c2a5f72"),
    (11, 4, {'max_rounds': 20}, "f491d114c35d6aff44535ee231aa093d4377737db6fb8d7740df5e64615a158a"),
    (13, 6, {'max_rounds': 10}, "68288937aebf2f62a0cecc28d68e1d32b18a203e2dc84a2ef6dfb965e2ae5dc8"),
]


def match_digest(seed: int, seats: int, options: dict) -> str:
    """The sha256 of one fixed-seed random match: legal lists, actions, events, final fingerprint."""
    h = hashlib.sha256()
    rng = random.Random(seed)
    s = Nogginate.new_state(NogginateVariant(**options), seats)
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


#: The digest of :func:`can_place_digest` (3,000 random commitment searches) from the unchanged engine.
CAN_PLACE_DIGEST = "48abc375c2c15c7e53d1efb0d1fbc492f1cf86b4fbbe94ea29cdfbb8e4a14a8e"


def can_place_digest(n: int = 3000, seed: int = 13) -> tuple[str, int]:
    """The sha256 of ``can_place``'s answers (NG-32a, NG-36, NG-45e) on ``n`` random hands of 1-25
    naturals and jokers, with random team Nates and open Noggis, targets in points or cards and
    ``keep`` 0 or 1; and how many answers were True."""
    from collections import Counter

    from engine.games.nogginate import melds as m
    from engine.games.nogginate.game import _deck
    rng = random.Random(seed)
    deck = [c for c in _deck() if c.is_natural or c.is_joker]
    h = hashlib.sha256()
    trues = 0
    for _ in range(n):
        hand = Counter(rng.sample(deck, rng.randint(1, 25)))
        nates = [(rng.randint(0, 10), rng.randint(2, 6), rng.randint(0, 2)) for _ in range(rng.randint(0, 3))]
        noggis = []
        for _ in range(rng.randint(0, 3)):
            lo = rng.randint(0, 8)
            noggis.append((rng.randint(0, 3), lo, min(10, lo + rng.randint(2, 6))))
        weight = m.unit_weight if rng.random() < 0.3 else m.card_value
        target = (rng.randint(1, 12) if weight is m.unit_weight
                  else rng.choice((50, 90, 120, 150, rng.randint(1, 300))))
        ok = m.can_place(hand, nates, noggis, target, rng.choice((0, 1, 1)), weight)
        trues += ok
        h.update(str(int(ok)).encode())
    return h.hexdigest(), trues


def test_the_commitment_search_answers_as_before_on_random_hands():
    digest, trues = can_place_digest()
    assert 500 < trues < 2500  # both answers are common: the digest covers real searches
    assert digest == CAN_PLACE_DIGEST


def test_unseen_cards_are_the_stock_and_the_other_hands():
    """The view's unseen cards (what determinize deals) are exactly the stock and the other seats' hands,
    in card order, at every step (the deal and the first dealer included) of random matches (2, 4 and 6 seats)."""
    checked = 0
    for seed, seats in ((1, 2), (2, 4), (3, 6)):
        rng = random.Random(seed)
        s = Nogginate.new_state(NogginateVariant(fixed_rounds=1), seats)
        while not s.is_over:
            for seat in range(seats):
                hidden = s.stock + [c for o in range(seats) if o != seat for c in s.hands[o]]
                assert s.view(seat).unseen_cards() == sorted(hidden, key=lambda c: c.order)
                checked += 1
            act = s.sample_chance(rng) if s.to_move == CHANCE else rng.choice(s.legal_actions())
            s.apply(act)
    assert checked > 300
