"""Every game's bots play exactly as before a refactoring: fixed-seed bot matches hash the same.

The digests were recorded from the engine before issue 23's refactoring (main at b339eb9):
the first hands of a match in which each seat is a bot (the search levels on an iteration
budget, so the digest does not depend on the machine), hashed by
:func:`play_hash_support.bot_match_digest`: each view's legal list, each bot's choice, every
chance outcome and event, and the fingerprint where play stops. It covers the easy
heuristics, the searches, the determinizers and the views together. If a bot or a rule
changes play on purpose, re-record the digest and say so in the commit.
"""

from __future__ import annotations

import pytest

from play_hash_support import bot_match_digest

#: (game, seed, level per seat, house rules, hands played, digest recorded from the unchanged engine)
CASES: list[tuple[str, int, list[str], dict, int, str]] = [
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


@pytest.mark.parametrize("game_id,seed,levels,options,hands,digest", CASES)
def test_fixed_seed_bot_matches_play_exactly_as_before(game_id, seed, levels, options, hands, digest):
    assert bot_match_digest(game_id, seed, levels, options, hands) == digest
