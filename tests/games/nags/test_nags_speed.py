"""Nags plays exactly as before a refactoring: fixed-seed random matches hash the same.

The digests were recorded from the engine before issue 23's state skeleton and per-verb
handlers (main at b339eb9). Each match picks uniformly among the legal actions with a
seeded generator; the digest (:func:`play_hash_support.match_digest`) covers every legal
list (contents and order), every action and chance outcome, every event and the final
fingerprint. If a rules fix changes play on purpose, re-record them and say so in the commit.
"""

from __future__ import annotations

import pytest

from play_hash_support import match_digest

#: (seed, seats, house rules, digest recorded from the unchanged engine)
CASES: list[tuple[int, int, dict, str]] = [
    (1, 2, {},
     "66e6843ceec6102b1dace4d4f22d2e05fa88b6c773864db4f37b3f36f9f5787a"),
    (2, 3, {},
     "b9715ba3edaad5894527f85a998ff789ac1bbd87acba899f68a37e823a7aa33e"),
    (3, 4, {},
     "6ab5407fba01e07870a9a88d07b3e6f8187ce8eeee1a2eb212e96f36a04f73b1"),
    (4, 5, {},
     "4545d4f3359e5074653d1cbdbcedb71f3afd8b2e39c391dbc49ff1e3f796b51d"),
    (5, 4, {'direction_mode': 'alternating', 'allow_voluntary_turn': True},
     "e3b91cbc5e56c0194f4ef1d9c3f84a2023b954f3397e50357766cee036f827c0"),
    (6, 3, {'direction_mode': 'choice', 'shuffle_on_recycle': True},
     "1fd6f7f66c3cde1e160c89d398e750e046e079fc963716244a7d698283dc9eee"),
    (7, 4, {'match_games': 4, 'buying_horses': True, 'allow_negative_after_purchase': True},
     "b3f5de6341409668dd2c75a60428afb508eff75c1d60f001b98068847fc7e83c"),
    (8, 3, {'match_target': 40, 'opening_must_include_lowest_card': True, 'buying_horses': True},
     "7c18155f872a38ba9a02b88cb685b656ed4f8ada856bb5dfd35804b095b65f1b"),
    (9, 3, {'match_games': 3},
     "a493dea5968eeb732e3863c3f139766ccbf2d9ec45d16d7d2c6141717affbe42"),
    (10, 4, {'match_games': 3},
     "ca9d69375ae947224c7b1a9adaf0bd3d28db5fee543937a5eade756c649ff70e"),
    (11, 5, {'match_games': 3},
     "dd79b038cedcf2acb290d6f0f1588142b769f5224bc9f109a940f8717dda6b53"),
    (12, 2, {'match_games': 3},
     "1b7aa355d92a1ddc3070a08fb1c6930599dee8415d13a185e14d6f5934816893"),
    (13, 3, {'match_games': 3},
     "815ce9ffa53064acdf57b5d1ac2f211a761bc60e8a10ae084f8997c775335156"),
    (14, 4, {'match_games': 3},
     "866d59c1e5f22df0757b982817cb351fe0756181092a6d03c00d363361703928"),
    (15, 5, {'match_games': 3},
     "782f62d695b46b0fa2f7c05da5d6f98ceeef762a2cddf6e6ae6227ba9a7547b5"),
    (16, 2, {'match_games': 3},
     "2b6402878007947b4c2a249d5b580a920e4e8bd43de490abdef61241dcfdd150"),
]


@pytest.mark.parametrize("seed,seats,options,digest", CASES)
def test_fixed_seed_random_matches_play_exactly_as_before(seed, seats, options, digest):
    assert match_digest("nags", seed, seats, options) == digest
