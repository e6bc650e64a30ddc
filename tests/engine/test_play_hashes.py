"""Every game plays exactly as before a refactoring: fixed-seed matches hash the same.

The digests were recorded from the engine before issue 23's state skeleton, per-verb
handlers and module splits (main at b339eb9). :func:`play_hash_support.match_digest`
hashes a match of uniformly random legal actions (every legal list, action, chance
outcome and event, and the final fingerprint); :func:`play_hash_support.bot_match_digest`
the first hands of a match of bots (the search levels on an iteration budget, so the
digest does not depend on the machine): the easy heuristics, the searches, the
determinizers and the views together. Nickels and Nogginate keep their random-match
digests in ``tests/games/<id>/test_<id>_speed.py``. If a rules fix changes play on
purpose, re-record the digests with these functions and say so in the commit.
"""

from __future__ import annotations

import pytest

from play_hash_support import bot_match_digest, match_digest

#: (game, seed, seats, house rules, digest of a random match recorded from the unchanged engine)
RANDOM_CASES: list[tuple[str, int, int, dict, str]] = [
    ("nags", 1, 2, {},
     "66e6843ceec6102b1dace4d4f22d2e05fa88b6c773864db4f37b3f36f9f5787a"),
    ("nags", 2, 3, {},
     "b9715ba3edaad5894527f85a998ff789ac1bbd87acba899f68a37e823a7aa33e"),
    ("nags", 3, 4, {},
     "6ab5407fba01e07870a9a88d07b3e6f8187ce8eeee1a2eb212e96f36a04f73b1"),
    ("nags", 4, 5, {},
     "4545d4f3359e5074653d1cbdbcedb71f3afd8b2e39c391dbc49ff1e3f796b51d"),
    ("nags", 5, 4, {'direction_mode': 'alternating', 'allow_voluntary_turn': True},
     "e3b91cbc5e56c0194f4ef1d9c3f84a2023b954f3397e50357766cee036f827c0"),
    ("nags", 6, 3, {'direction_mode': 'choice', 'shuffle_on_recycle': True},
     "1fd6f7f66c3cde1e160c89d398e750e046e079fc963716244a7d698283dc9eee"),
    ("nags", 7, 4, {'match_games': 4, 'buying_horses': True, 'allow_negative_after_purchase': True},
     "b3f5de6341409668dd2c75a60428afb508eff75c1d60f001b98068847fc7e83c"),
    ("nags", 8, 3, {'match_target': 40, 'opening_must_include_lowest_card': True, 'buying_horses': True},
     "7c18155f872a38ba9a02b88cb685b656ed4f8ada856bb5dfd35804b095b65f1b"),
    ("nags", 9, 3, {'match_games': 3},
     "a493dea5968eeb732e3863c3f139766ccbf2d9ec45d16d7d2c6141717affbe42"),
    ("nags", 10, 4, {'match_games': 3},
     "ca9d69375ae947224c7b1a9adaf0bd3d28db5fee543937a5eade756c649ff70e"),
    ("nags", 11, 5, {'match_games': 3},
     "dd79b038cedcf2acb290d6f0f1588142b769f5224bc9f109a940f8717dda6b53"),
    ("nags", 12, 2, {'match_games': 3},
     "1b7aa355d92a1ddc3070a08fb1c6930599dee8415d13a185e14d6f5934816893"),
    ("nags", 13, 3, {'match_games': 3},
     "815ce9ffa53064acdf57b5d1ac2f211a761bc60e8a10ae084f8997c775335156"),
    ("nags", 14, 4, {'match_games': 3},
     "866d59c1e5f22df0757b982817cb351fe0756181092a6d03c00d363361703928"),
    ("nags", 15, 5, {'match_games': 3},
     "782f62d695b46b0fa2f7c05da5d6f98ceeef762a2cddf6e6ae6227ba9a7547b5"),
    ("nags", 16, 2, {'match_games': 3},
     "2b6402878007947b4c2a249d5b580a920e4e8bd43de490abdef61241dcfdd150"),
    ("noms", 1, 4, {},
     "bf5979c5641394bf9caff0849b54c66e531f752d926a652565a323cf4442f403"),
    ("noms", 2, 4, {'shuffle_every_hand': True, 'stop_when_decided': True},
     "24ed1ffc1d679690d92b5464ea526b6523ad9e3cadc51203372a8db93766cee4"),
    ("noms", 3, 4, {'double_hands_stack': True, 'slam_not_bid': True, 'tie_policy': 'shared'},
     "1af4de7033cfe180fc5f69143b7255cec1bf94cedfd3e833abdbf5744d626757"),
    ("noms", 4, 4, {'min_bid': 7, 'forced_dealer_bid': True, 'first_lead': 'dealer_left'},
     "6e249dba274251896262d67257dda99a5cf45563446ff7a709f335c02daa2f53"),
    ("noms", 5, 4, {'mis_value_10': True, 'keep_mis_a_vis_with_mis10': True, 'target': 60},
     "be690c2b54e61036874cef0504fce9ea5ff643138980449acc7fc19531c013b5"),
    ("noms", 6, 4, {'mis_value_10': True, 'max_hands': 5},
     "5eb12432c14a9ccba44f2d0e27df76bdc844d43d92101f4f3dfb3c0dee8d9afd"),
    ("noms", 7, 4, {},
     "3f64bd0ae5c3f158345aaf22f3a19ba852b2124702bfb19ce993a6ed2f6ff68f"),
    ("noms", 8, 4, {},
     "7ff5746e13d279d0d1503c274761b1c3cc088e07b90b0b4c69a2b3f16d3b5549"),
    ("noms", 9, 4, {},
     "d33bacc7e1c3720fa0ceae023bbb75d539eeebe31ad3f02e7d2b13f786474faa"),
    ("noms", 10, 4, {},
     "35c2ccf64a97acdfd500a8556355ae2f3dbc3a87ab76740c68b10963308d600b"),
    ("noms", 11, 4, {},
     "2331f02aa508e4e958e2b1b8ed6b8ab60c87e7e9fae9b11487d25be583c6b640"),
    ("noms", 12, 4, {},
     "019f2b7bf3fb376618b3c7a044159726f0fcaf7c381f6bab670ece41bf80d347"),
    ("noms", 13, 4, {},
     "ddf5a55983ae0a803c26e44cdfdda255b91e790e19984eebb0db954ee7f04f11"),
    ("noms", 14, 4, {},
     "4430f36645658c49f001eca2be1d518903a810ec85d4407b3f02578907becfe3"),
    ("spite_malice", 1, 2, {},
     "650f4bc2235003102e58562b8d56743de952fd72048b8dbc51849b501b2d493c"),
    ("spite_malice", 2, 2, {'game_type': 'SNM_PZ'},
     "b716d6d35ff278388cbd1ae2d87f4ca5dc94c4f3d29e9277bea924543a9e5dd7"),
    ("spite_malice", 3, 2, {'game_type': 'SNM_PZ_NWIS'},
     "a9cc495272746f5b1787280f3c20d4e9bddda616e26da29265891eb53f22e2ed"),
    ("spite_malice", 4, 2, {'game_type': 'SNM_A_SHORT', 'match_to': 30},
     "2222c9b0c5bf62cdb837053b81be13dce13ecafb54f8815ad65e7cb1b44b0402"),
    ("spite_malice", 5, 2, {'shuffle_type': 'draw_empty', 'shortfall_policy': 'partial'},
     "cf9229bc7c9ed4ced8017af5e135aed5bed28c3e0e0265160ec428e34960a960"),
    ("spite_malice", 6, 2, {'shuffle_type': 'any_draw', 'max_turns': 60, 'match_to': 10, 'max_tied_games': 3},
     "0cac3a0835f5c4f5106e6eb2b61ffb6f7470e6046709ee8e9904267ee38d7b65"),
    ("spite_malice", 7, 2, {'match_to': 20},
     "46cedcf71b5218005ed79b94e55ac1794e77ed58e9adcf0264a64bccb06cb049"),
    ("spite_malice", 8, 2, {'match_to': 20},
     "25eaf412633b26aa8413030fdb90580e56d18d3db35f5d8ca9dc7c95b7d007a2"),
    ("spite_malice", 9, 2, {'match_to': 20},
     "ae07b64f58c8579babafbe8b66738b891ce8162ad825ca0e9ca86fbedab7ca32"),
    ("spite_malice", 10, 2, {'match_to': 20},
     "5c438e1789c6fc233243188b77937378bbed2d599d8572a6757adc93f1845d93"),
    ("spite_malice", 11, 2, {'match_to': 20},
     "8b6334cda41553a704e6463d6d480961716a7ded23483f2e17ac631e47a5da49"),
    ("spite_malice", 12, 2, {'match_to': 20},
     "8cad2c3b529a48cfe20d8cdeb421b472b6c779f9337355a3bed205f6937da983"),
    ("spite_malice", 13, 2, {'match_to': 20},
     "3093c5ad02ed984c0d3b68d027863e9d951eddc04fb27635c1d279f9858f7e0b"),
    ("spite_malice", 14, 2, {'match_to': 20},
     "46206f78b59c3404cca5c22371ef4ffc008e94f60ca92a44715d073c11615f74"),
]

#: (game, seed, level per seat, house rules, hands played, digest recorded from the unchanged engine)
BOT_CASES: list[tuple[str, int, list[str], dict, int, str]] = [
    ("nags", 1, ['easy', 'hard@30it', 'medium@30it', 'random'], {}, 1,
     "9f0b6d0c6bb59354b0af6d30c2f09c180a77ec8d29b346e5cf96a7d0dbadb0fa"),
    ("nags", 2, ['hard@10it', 'easy', 'easy'], {'direction_mode': 'choice', 'match_games': 2, 'buying_horses': True}, 2,
     "b9b7dbf4c645f9171966ac43c8d65c7effe2d52b6a8a0dd1d0f168b333a680fd"),
    ("noms", 1, ['easy', 'hard@20it', 'medium@20it', 'easy'], {}, 2,
     "55d48e5bd53741585042290d40248b223caaf1ee1fb802c21a65eee38e2de4a9"),
    ("noms", 2, ['hard@20it', 'easy', 'random', 'easy'], {'min_bid': 7}, 2,
     "68b24e74699a696922f6d82f22a2ed585372e7c293313191b960e75aea8859ed"),
    ("spite_malice", 1, ['easy', 'hard@20it'], {}, 1,
     "503e2be1b1a87fc5019f55cbd88d28e9a68863b6ed7ce165bfa8df3e5a3aa876"),
    ("spite_malice", 2, ['medium@20it', 'easy'], {'game_type': 'SNM_PZ'}, 1,
     "43998e835e1c70407759097ad27af81104b64fd6ec9d68179ebdfb1a8aa1a0ed"),
    ("nickels", 1, ['easy', 'hard@5it', 'medium@5it', 'easy'], {}, 1,
     "c6d3bb8bd1f28c89d21d836f1950b26c8e50149978dd72709daf8341c94fc5b3"),
    ("nogginate", 1, ['easy', 'hard@10it', 'medium@10it', 'easy'], {}, 1,
     "aae1d237a26980ec30c31488cf3b70075981494a01b53e9d8e51445a13600007"),
    ("nogginate", 2, ['easy', 'hard@10it', 'easy', 'easy'], {'use_cheat_cards': True}, 1,
     "798dc6fa642a05267b3c0fb3cef298c90dd9d64426855e44e71de3bd9dc86f1a"),
]


@pytest.mark.parametrize("game_id,seed,seats,options,digest", RANDOM_CASES)
def test_fixed_seed_random_matches_play_exactly_as_before(game_id, seed, seats, options, digest):
    assert match_digest(game_id, seed, seats, options) == digest


@pytest.mark.parametrize("game_id,seed,levels,options,hands,digest", BOT_CASES)
def test_fixed_seed_bot_matches_play_exactly_as_before(game_id, seed, levels, options, hands, digest):
    assert bot_match_digest(game_id, seed, levels, options, hands) == digest
