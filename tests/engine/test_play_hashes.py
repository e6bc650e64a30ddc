"""Every game plays exactly as before a refactoring: fixed-seed matches hash the same.

The digests were recorded from main's engine, without issue 23's state skeleton, per-verb
handlers and module splits (main at 8636dd6, after issue 22's narration templates).
:func:`play_hash_support.match_digest` hashes a match of uniformly random legal actions
(every legal list, action, chance outcome and event, and the final fingerprint);
:func:`play_hash_support.bot_match_digest` the first hands of a match of bots (the search
levels on an iteration budget, so the digest does not depend on the machine): the easy
heuristics, the searches, the determinizers and the views together. Nickels and Nogginate
keep their random-match digests in ``tests/games/<id>/test_<id>_speed.py``. If a rules fix
changes play on purpose, re-record the digests with these functions and say so in the commit.
Re-recorded: Nickels' bot digest for issue 24's NK-14a (nobody is offered their own discard), and
again for issue 25 (Nickels medium/hard play on a stronger base and cut their take/claim rollouts
at 24 turns; the easy and random digests did not change).
"""

from __future__ import annotations

import pytest

from play_hash_support import bot_match_digest, match_digest

#: (game, seed, seats, house rules, digest of a random match recorded from the unchanged engine)
RANDOM_CASES: list[tuple[str, int, int, dict, str]] = [
    ("nags", 1, 2, {},
     "b4f26e952bbb03aa8be2b39ed2557161deb1663b7325e01a7df3d09106914b0c"),
    ("nags", 2, 3, {},
     "e5892add0a2b5840662ca0b25bd72b4136f9877fb12f9a1b05d26eef4be64871"),
    ("nags", 3, 4, {},
     "effa4e0ac49111d237555020ad2ff2341863d64d946453d1d56051abcd022d63"),
    ("nags", 4, 5, {},
     "aba8449a23f4c83a86212d4dc5bfa8bec1686892b66fe11f19ed4f8ab3aca395"),
    ("nags", 5, 4, {'direction_mode': 'alternating', 'allow_voluntary_turn': True},
     "476c496c35750f52dce40017066f98c2286541a0ca7f0b06de8157d8fbf2ad95"),
    ("nags", 6, 3, {'direction_mode': 'choice', 'shuffle_on_recycle': True},
     "36af86bf09f0f1877be10de8cb770906963df184bcc23232af58af1a4ddb525a"),
    ("nags", 7, 4, {'match_games': 4, 'buying_horses': True, 'allow_negative_after_purchase': True},
     "c799915487444325b9a1ea19a10f00cdc5c03f33ba50ba4126b99a87f7d2bc3c"),
    ("nags", 8, 3, {'match_target': 40, 'opening_must_include_lowest_card': True, 'buying_horses': True},
     "667677c32437d0e3d3add3070a7e15d35e7342fbfe966c03c6f76f22eba71165"),
    ("nags", 9, 3, {'match_games': 3},
     "c4c3d938dd23ca0c27baf9d0af46457732f81220458216dafb05aab4ffa74deb"),
    ("nags", 10, 4, {'match_games': 3},
     "5c6d3f669b3e58c2ac2ce51d428558ef5ef5d8cca3a5386edfe913ceca22fe29"),
    ("nags", 11, 5, {'match_games': 3},
     "8dd494c777f6e27a64a3c6fa3ccc6595073593b2b0eade70330c4c118e50f567"),
    ("nags", 12, 2, {'match_games': 3},
     "17a0873475d132ae796c63ec7d11a093822a0205317a74b15b90e00abbf67330"),
    ("nags", 13, 3, {'match_games': 3},
     "917f220b8c16f7ac61b1c95a5058100704ea35292a1fc2770607d83b3e81b382"),
    ("nags", 14, 4, {'match_games': 3},
     "9ec82c8efdd238a8c87a14741303802c986a20f21dfb71e84f3d00d09b19ee05"),
    ("nags", 15, 5, {'match_games': 3},
     "7044986261c0066dc76ab69c811ad626f4632733d2b4ef572281074e29fafd61"),
    ("nags", 16, 2, {'match_games': 3},
     "80f92fe72f29cc5f71e72be949a1d979b8f29a2641a0b5f04647d5e382ed18c8"),
    ("noms", 1, 4, {},
     "76a6996bcfa35e3b5e83c9d3eb94b88ca7d64c2b85d91c44fcd251488d33c4b6"),
    ("noms", 2, 4, {'shuffle_every_hand': True, 'stop_when_decided': True},
     "4bf890e8eec523f3acba6b061bab9af1faed7c5d8450c6c2f4b0c537bce73657"),
    ("noms", 3, 4, {'double_hands_stack': True, 'slam_not_bid': True, 'tie_policy': 'shared'},
     "9fa0f1c5e3ea120b21f390d11604133ab415b1dc7d830a86c35380f67db3e12a"),
    ("noms", 4, 4, {'min_bid': 7, 'forced_dealer_bid': True, 'first_lead': 'dealer_left'},
     "d61ffebbb0fe84a28ccbd96e42b40928e296d7224628f6242fdf2159bb5721b5"),
    ("noms", 5, 4, {'mis_value_10': True, 'keep_mis_a_vis_with_mis10': True, 'target': 60},
     "ede3f2d6770e01d12df73e1c69040a0c897d9bd5fcd74656080df732c032c722"),
    ("noms", 6, 4, {'mis_value_10': True, 'max_hands': 5},
     "150557279b63fbf7be97b332a01382b87cd992284140bec9c7d7472d247b0dbe"),
    ("noms", 7, 4, {},
     "00fb03c77642f275b16834f77dddbe2f1ddb10e674b144198c7e42ab9fa7029c"),
    ("noms", 8, 4, {},
     "20c4ac23bd77e1bd22c372a3a1cc1b464fa7c936287780b2fc03d4e951cf8b5e"),
    ("noms", 9, 4, {},
     "52d4bbf5e4b10c5d0ba3c6d652d604b01ec992ce0ee811f5d1e74c0452910213"),
    ("noms", 10, 4, {},
     "030739f65234f89bc32269b4ddb197c2b752b8fe8874237e9633c641934fec8d"),
    ("noms", 11, 4, {},
     "4528a142cb567ae51346c3a3b137b51d61e9efa58d4b37d3bd20852405fe0e47"),
    ("noms", 12, 4, {},
     "cb7a83cd47e2bcbb124c762659d2ca0bf0029e25fdf83bd093be8e9495a1da14"),
    ("noms", 13, 4, {},
     "77ce4ad4daf15adcecd5f36c9b3148623e47c6b6cb6e59e0c75235d8ac2767d5"),
    ("noms", 14, 4, {},
     "8a6457ee5c6a697db7dc33c8123c90c43b18f23ca8819bf13b782d6462151699"),
    ("spite_malice", 1, 2, {},
     "2a29bb06b0c76821f930cf423e773d1b3fdde670c1aa02011b1240ad4ae21d5d"),
    ("spite_malice", 2, 2, {'game_type': 'SNM_PZ'},
     "6c7e13fd2220a1595989e1740fd8a65b9bb61120074970ecea6e72238c9cac8b"),
    ("spite_malice", 3, 2, {'game_type': 'SNM_PZ_NWIS'},
     "90ec805991c8417818446c464392bbe742adc05982239728663178595fec77c1"),
    ("spite_malice", 4, 2, {'game_type': 'SNM_A_SHORT', 'match_to': 30},
     "a7caaff8c2ec0d4d32b6915037828cb250a0855324fc27446bccd18a7f7a602a"),
    ("spite_malice", 5, 2, {'shuffle_type': 'draw_empty', 'shortfall_policy': 'partial'},
     "a23f4987dc0aa9bfba7168a1849f77925d1034132da67651637ac7066abfef98"),
    ("spite_malice", 6, 2, {'shuffle_type': 'any_draw', 'max_turns': 60, 'match_to': 10, 'max_tied_games': 3},
     "c8c4c2d204b8818add7a8bb527959e6bd1b2905d2c52864205aa0d09dfb343f4"),
    ("spite_malice", 7, 2, {'match_to': 20},
     "e74a9192d1ca17dcecce0ecf92d3152106ff89f4229858f778923fd7ec1bf257"),
    ("spite_malice", 8, 2, {'match_to': 20},
     "e4c974049f67354bccb13e32382da78e8b9aa8cf2e84cf9c12b39ff1ef5908d0"),
    ("spite_malice", 9, 2, {'match_to': 20},
     "655b004a9357a2e85a3b9be50c3fa908d1b1f2a9da14572e17b405232e9518c8"),
    ("spite_malice", 10, 2, {'match_to': 20},
     "5086905de9f3f1bb03337f13f8809224109438236d858d8cff8229d4ba15e580"),
    ("spite_malice", 11, 2, {'match_to': 20},
     "15debe255b38487b38ddda270f65470673224d819bec667692a1348a6287147a"),
    ("spite_malice", 12, 2, {'match_to': 20},
     "84cda9ead5ddf773eea97844fcfa898113504503a591189d8b607d817a21974c"),
    ("spite_malice", 13, 2, {'match_to': 20},
     "5d2fd2984fff61d01f7bf696263f50848c8e3efc64530695bae06b84aac9dcdf"),
    ("spite_malice", 14, 2, {'match_to': 20},
     "00232bd57fbbcb85f17fb3b5c644c69a69e586df3ac0c57cde0c491f2ebef168"),
]

#: (game, seed, level per seat, house rules, hands played, digest recorded from the unchanged engine)
BOT_CASES: list[tuple[str, int, list[str], dict, int, str]] = [
    ("nags", 1, ['easy', 'hard@30it', 'medium@30it', 'random'], {}, 1,
     "ff892a4924b01abf8e9a9e6cf3249890cb6c5bdd498bc154a5f54b9ca4fd8e94"),
    ("nags", 2, ['hard@10it', 'easy', 'easy'], {'direction_mode': 'choice', 'match_games': 2, 'buying_horses': True}, 2,
     "9f100c724574fc3f2c512de4b9707cda9eb166c8eca1ce2512a2a60f947e89c0"),
    ("noms", 1, ['easy', 'hard@20it', 'medium@20it', 'easy'], {}, 2,
     "ef5f40ddf79baa3c20fefbc6b3fa081b3623e2678b83472d0cf2c2574eb421ad"),
    ("noms", 2, ['hard@20it', 'easy', 'random', 'easy'], {'min_bid': 7}, 2,
     "6e35efd3f19363f66a6fa9ce014f0b12e4663a5c2e4a5544f3a0a523298a0275"),
    ("spite_malice", 1, ['easy', 'hard@20it'], {}, 1,
     "f1dad56fe3cb48f652fe8863634f025a0b2506d8cf0f0d3942e40fd36b59c4c9"),
    ("spite_malice", 2, ['medium@20it', 'easy'], {'game_type': 'SNM_PZ'}, 1,
     "6950bddc557c2f279133a1d5bba6840eb17ff0732da747a40c4fb2b8f3434ae9"),
    ("nickels", 1, ['easy', 'hard@5it', 'medium@5it', 'easy'], {}, 1,
     "31ad001cd34f9bccc67e75c9c2b6c3833657b85a9f9103ee5fd75508ea2052c4"),
    ("nogginate", 1, ['easy', 'hard@10it', 'medium@10it', 'easy'], {}, 1,
     "030497aecb427ca1e4f48e3cb9cd93f44afc05d4bd0310f6c453b050cf37b60d"),
    ("nogginate", 2, ['easy', 'hard@10it', 'easy', 'easy'], {'use_cheat_cards': True}, 1,
     "d64d5de99959f1c73dc52724a58616ed2c0371a821de0e6a82b95472b7e23d2c"),
]


@pytest.mark.parametrize("game_id,seed,seats,options,digest", RANDOM_CASES)
def test_fixed_seed_random_matches_play_exactly_as_before(game_id, seed, seats, options, digest):
    assert match_digest(game_id, seed, seats, options) == digest


@pytest.mark.parametrize("game_id,seed,levels,options,hands,digest", BOT_CASES)
def test_fixed_seed_bot_matches_play_exactly_as_before(game_id, seed, levels, options, hands, digest):
    assert bot_match_digest(game_id, seed, levels, options, hands) == digest
