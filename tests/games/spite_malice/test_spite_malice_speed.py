"""Spite & Malice plays exactly as before a refactoring: fixed-seed random matches hash the same.

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
     "650f4bc2235003102e58562b8d56743de952fd72048b8dbc51849b501b2d493c"),
    (2, 2, {'game_type': 'SNM_PZ'},
     "b716d6d35ff278388cbd1ae2d87f4ca5dc94c4f3d29e9277bea924543a9e5dd7"),
    (3, 2, {'game_type': 'SNM_PZ_NWIS'},
     "a9cc495272746f5b1787280f3c20d4e9bddda616e26da29265891eb53f22e2ed"),
    (4, 2, {'game_type': 'SNM_A_SHORT', 'match_to': 30},
     "2222c9b0c5bf62cdb837053b81be13dce13ecafb54f8815ad65e7cb1b44b0402"),
    (5, 2, {'shuffle_type': 'draw_empty', 'shortfall_policy': 'partial'},
     "cf9229bc7c9ed4ced8017af5e135aed5bed28c3e0e0265160ec428e34960a960"),
    (6, 2, {'shuffle_type': 'any_draw', 'max_turns': 60, 'match_to': 10, 'max_tied_games': 3},
     "0cac3a0835f5c4f5106e6eb2b61ffb6f7470e6046709ee8e9904267ee38d7b65"),
    (7, 2, {'match_to': 20},
     "46cedcf71b5218005ed79b94e55ac1794e77ed58e9adcf0264a64bccb06cb049"),
    (8, 2, {'match_to': 20},
     "25eaf412633b26aa8413030fdb90580e56d18d3db35f5d8ca9dc7c95b7d007a2"),
    (9, 2, {'match_to': 20},
     "ae07b64f58c8579babafbe8b66738b891ce8162ad825ca0e9ca86fbedab7ca32"),
    (10, 2, {'match_to': 20},
     "5c438e1789c6fc233243188b77937378bbed2d599d8572a6757adc93f1845d93"),
    (11, 2, {'match_to': 20},
     "8b6334cda41553a704e6463d6d480961716a7ded23483f2e17ac631e47a5da49"),
    (12, 2, {'match_to': 20},
     "8cad2c3b529a48cfe20d8cdeb421b472b6c779f9337355a3bed205f6937da983"),
    (13, 2, {'match_to': 20},
     "3093c5ad02ed984c0d3b68d027863e9d951eddc04fb27635c1d279f9858f7e0b"),
    (14, 2, {'match_to': 20},
     "46206f78b59c3404cca5c22371ef4ffc008e94f60ca92a44715d073c11615f74"),
]


@pytest.mark.parametrize("seed,seats,options,digest", CASES)
def test_fixed_seed_random_matches_play_exactly_as_before(seed, seats, options, digest):
    assert match_digest("spite_malice", seed, seats, options) == digest
