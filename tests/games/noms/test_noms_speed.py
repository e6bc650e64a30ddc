"""Noms plays exactly as before a refactoring: fixed-seed random matches hash the same.

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
    (1, 4, {},
     "bf5979c5641394bf9caff0849b54c66e531f752d926a652565a323cf4442f403"),
    (2, 4, {'shuffle_every_hand': True, 'stop_when_decided': True},
     "24ed1ffc1d679690d92b5464ea526b6523ad9e3cadc51203372a8db93766cee4"),
    (3, 4, {'double_hands_stack': True, 'slam_not_bid': True, 'tie_policy': 'shared'},
     "1af4de7033cfe180fc5f69143b7255cec1bf94cedfd3e833abdbf5744d626757"),
    (4, 4, {'min_bid': 7, 'forced_dealer_bid': True, 'first_lead': 'dealer_left'},
     "6e249dba274251896262d67257dda99a5cf45563446ff7a709f335c02daa2f53"),
    (5, 4, {'mis_value_10': True, 'keep_mis_a_vis_with_mis10': True, 'target': 60},
     "be690c2b54e61036874cef0504fce9ea5ff643138980449acc7fc19531c013b5"),
    (6, 4, {'mis_value_10': True, 'max_hands': 5},
     "5eb12432c14a9ccba44f2d0e27df76bdc844d43d92101f4f3dfb3c0dee8d9afd"),
    (7, 4, {},
     "3f64bd0ae5c3f158345aaf22f3a19ba852b2124702bfb19ce993a6ed2f6ff68f"),
    (8, 4, {},
     "7ff5746e13d279d0d1503c274761b1c3cc088e07b90b0b4c69a2b3f16d3b5549"),
    (9, 4, {},
     "d33bacc7e1c3720fa0ceae023bbb75d539eeebe31ad3f02e7d2b13f786474faa"),
    (10, 4, {},
     "35c2ccf64a97acdfd500a8556355ae2f3dbc3a87ab76740c68b10963308d600b"),
    (11, 4, {},
     "2331f02aa508e4e958e2b1b8ed6b8ab60c87e7e9fae9b11487d25be583c6b640"),
    (12, 4, {},
     "019f2b7bf3fb376618b3c7a044159726f0fcaf7c381f6bab670ece41bf80d347"),
    (13, 4, {},
     "ddf5a55983ae0a803c26e44cdfdda255b91e790e19984eebb0db954ee7f04f11"),
    (14, 4, {},
     "4430f36645658c49f001eca2be1d518903a810ec85d4407b3f02578907becfe3"),
]


@pytest.mark.parametrize("seed,seats,options,digest", CASES)
def test_fixed_seed_random_matches_play_exactly_as_before(seed, seats, options, digest):
    assert match_digest("noms", seed, seats, options) == digest
