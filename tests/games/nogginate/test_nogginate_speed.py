"""Nogginate speed work keeps behaviour identical: fixed-seed random matches hash the same.

The hashes below were recorded from the engine before the speed-ups of
``engine/games/nogginate/game.py`` and ``melds.py`` (on top of commit 22f9446). Each
match is played by picking uniformly among the legal actions with a seeded RNG; the
hash covers every legal list (contents and order), every chosen action, every event
(kind, text, seat, data, visibility) and the final state's fingerprint. A change that
alters a legal list, its order, an event or the state changes the hash. Matches are
cut short with ``fixed_rounds`` / ``max_rounds`` (random play rarely reaches 10,000).
If a rules fix changes behaviour on purpose, re-record the hashes with
:func:`match_digest` and say so in the commit (re-recorded at the merge into main: the Bonus and
Freeze-Nate narration names their faces; the merged speed-ups gave the same digests as main's
engine before them; case 9 again for the NG-45e/NG-45i fix of the ng-rules branch). Cases 21 to 27 play with
cheat cards (issue 14), under each cheat option, recorded once the cheat engine's fixes were in.
"""

from __future__ import annotations

import hashlib
import random

import pytest

from engine.core import CHANCE
from engine.games.nogginate.game import Nogginate, NogginateVariant

#: (seed, seats, variant options) -> the digest recorded from the unchanged engine.
CASES: list[tuple[int, int, dict, str]] = [
    (1, 4, {'fixed_rounds': 3}, "e3d5d8844aa842cc0f1f84e5ae5a03b93cfa376527bf26bef0f07af72b438098"),
    (2, 4, {'max_rounds': 4}, "7a687ff2d6b139806fab7332dc06e1a4ec9e6ea630ae65d54d4bcfac536897f3"),
    (3, 2, {}, "107ee29f50d6b9576a79ebb1ac832e3d516fe0f3e1863e6036d046d0ae7f3af3"),
    (4, 6, {'fixed_rounds': 2}, "496e15cea379536eb3ed43cb9cb00b06859eec2240609d6392e093c1c90d233e"),
    (5, 6, {'six_player_teams': '2x3', 'fixed_rounds': 2},
     "6190952c9d180be67574e2fe75924e2c65a0b27c7cb6d0bcb1712d17896f3c96"),
    (6, 3, {'fixed_rounds': 3, 'auto_close_noggis_at_round_end': True, 'score_melded_card_values': True},
     "2b1d4a153e10ad0e5ba034aaa06ec06d779ef88fc96286a2427a624e900335ea"),
    (7, 5, {'fixed_rounds': 2, 'show_tell_in_individual_games': True},
     "f962ff4cb543f2a001c08634411449ce0ba55ef5edc62f7dc1e5e278643fcf82"),
    (8, 4, {'max_go_out_asks_per_round': 1, 'max_rounds': 3, 'min_meld_when_negative': 150},
     "436060136a8a522e7adb6bc29e25a65b6aee887edcc0ef1c0dd4303ac6c7c3a0"),
    (9, 4, {'tie_policy': 'shared', 'all_bonus_penalty': 0, 'fixed_rounds': 3},
     "62c07cf6a9e6dbb81f596a604e1851ef6807075ae2f426317481ea808ea15c08"),
    (10, 2, {'max_rounds': 3, 'min_meld_when_negative': 0},
     "7ea9b5dcc5f5e61aef2b95aee34b831e25fefd34cc96f43bad738f4ae155dd03"),
    (11, 4, {'max_rounds': 20}, "0fb367d837d67253698bc4256c3f42275f8334789912b8f327864da9ee421399"),
    (13, 6, {'max_rounds': 10}, "cd377eb06e7149f8d5d3495bd39d709e586483fe2c3a51be3374edc49a4da2b5"),
    # issue 14: cheat cards on, recorded from the engine with the cheat-rules branch's fixes
    (21, 4, {'use_cheat_cards': True, 'fixed_rounds': 5},
     "4ecff23cd224ec9035d05f3e01540a4df59cd60c57c36bcc2dc6eb846279ab0c"),
    (22, 4, {'use_cheat_cards': True, 'steal_return_policy': 'team_choice', 'hands_off_single_use': True,
     'max_rounds': 5},
     "264e3562d76d06b072b672f89ed3a345e27a19ee060914ff160ec8f5e6b51abf"),
    (23, 3, {'use_cheat_cards': True, 'show_tell_in_individual_games': True, 'cheat_nate_mixed_types': True,
     'fixed_rounds': 5},
     "1f027c0dead7f851949fa56de2e9c41396c02db0852e49c7868f4a3dd78b2a0b"),
    (24, 6, {'use_cheat_cards': True, 'six_player_teams': '2x3', 'steal_return_policy': 'team_choice',
     'fixed_rounds': 3},
     "875473432b2447336f5685adead96dc0f1e3d0fe965eb6818e35b364836bb4ee"),
    (25, 5, {'use_cheat_cards': True, 'last_custom_card_topup_from_cheat': True,
     'steal_return_policy': 'fewest_cards', 'fixed_rounds': 5},
     "097ee9b7e5a399cd7ade648fbd66aea0015e3f1b18197813e0eb7257b261dff7"),
    (26, 2, {'use_cheat_cards': True, 'max_rounds': 6},
     "2724a55cf6f352999e794ab70605dbb74ba62eff10b47978afa7640d70b11d87"),
    (27, 6, {'use_cheat_cards': True, 'fixed_rounds': 3, 'max_go_out_asks_per_round': 1},
     "117652936ad1124879069aac2bd060a30b936f5e8d46ae5c1948b40a24d84b2d"),
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
    from engine.games.nogginate.melds import custom_deck
    rng = random.Random(seed)
    deck = [c for c in custom_deck() if c.is_natural or c.is_joker]
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


def test_the_cheat_card_cases_play_the_powers():
    """Cases with ``use_cheat_cards`` lock the cheat engine's behaviour: between them their random matches play
    the cheat draws and the powers (a lock that never reached them would lock nothing)."""
    played: set[str] = set()
    for seed, seats, options, _ in CASES:
        if not options.get("use_cheat_cards"):
            continue
        rng = random.Random(seed)
        s = Nogginate.new_state(NogginateVariant(**options), seats)
        while not s.is_over:
            legal = [] if s.to_move == CHANCE else s.legal_actions()
            act = s.sample_chance(rng) if s.to_move == CHANCE else legal[int(rng.random() * len(legal))]
            played.add(str(act).split()[0] + (" " + str(act).split()[1] if str(act).startswith("draw ") else ""))
            s.apply(act)
    assert {"draw 1c1x", "draw 2x", "handsoff", "jokernate", "reconfigure", "remove", "resurrect", "show", "tell",
            "steal", "give"} <= played, played
