"""Play hashes: a fixed-seed match reduced to one sha256, so a change that alters a legal
list, its order, a chance outcome, an event or the final state (or a bot's choice) is seen.

``match_digest`` plays uniformly random legal actions; ``bot_match_digest`` lets the
game's bots of the given levels choose from their seats' views (search levels with an
iteration budget, ``hard@40it``, so the digest does not depend on the machine's speed).
``tests/engine/test_play_hashes.py`` (and the rummy games' ``test_<id>_speed.py``) hold
digests recorded from the engine before a refactoring; if a rules fix changes play on
purpose, re-record them with these functions and say so in the commit.
"""

from __future__ import annotations

import hashlib
import random

from engine.core import CHANCE, Event, State
from engine.games import get_game, make_bot


def _events(h, events: list[Event]) -> None:
    for e in events:
        vis = sorted(e.visible_to) if e.visible_to is not None else None
        h.update(repr((e.kind, e.text, e.seat, sorted(e.data.items()), vis)).encode())


def match_digest(game_id: str, seed: int, seats: int, options: dict) -> str:
    """The sha256 of one fixed-seed random match of ``game_id`` under house rules
    ``options``: every legal list (contents and order), every chosen action and
    chance outcome, every event (kind, text, seat, data, visibility) and the final
    state's fingerprint."""
    game = get_game(game_id)
    h = hashlib.sha256()
    rng = random.Random(seed)
    s = game.new_state(game.variant_class(**options), seats)
    while not s.is_over:
        if s.to_move == CHANCE:
            act = s.sample_chance(rng)
        else:
            legal = s.legal_actions()
            h.update(("|".join(map(str, legal)) + "\n").encode())
            act = legal[int(rng.random() * len(legal))]
        h.update((str(act) + "\n").encode())
        _events(h, s.apply(act))
    h.update(s.fingerprint().encode())
    return h.hexdigest()


def bot_match_digest(game_id: str, seed: int, levels: list[str], options: dict, hands: int) -> str:
    """The sha256 of the first ``hands`` hands of a fixed-seed match in which seat ``i``
    is the bot of ``levels[i]``: each seat's view's legal list, each bot's choice,
    every chance outcome and event, and the state's fingerprint where play stops."""
    game = get_game(game_id)
    h = hashlib.sha256()
    rng = random.Random(seed)
    bots = [make_bot(game_id, lv) for lv in levels]
    bot_rngs = [random.Random(f"{seed}:{i}") for i in range(len(levels))]
    s: State = game.new_state(game.variant_class(**options), len(levels))
    while not s.is_over and s.hand_number < hands:
        seat = s.to_move
        if seat == CHANCE:
            act = s.sample_chance(rng)
        else:
            view = s.view(seat)
            legal = view.legal_actions()
            h.update(("|".join(map(str, legal)) + "\n").encode())
            act = bots[seat].choose(view, legal, bot_rngs[seat])
        h.update((str(act) + "\n").encode())
        _events(h, s.apply(act))
    h.update(s.fingerprint().encode())
    return h.hexdigest()


def random_hand_overs(state: State, seed: int):
    """Play ``state`` to its end with uniformly random legal actions (chance from ``Random(seed)``),
    yielding each ``hand_over`` event as it comes (the state is as the event left it)."""
    rng = random.Random(seed)
    while not state.is_over:
        legal = None if state.to_move == CHANCE else state.legal_actions()
        act = state.sample_chance(rng) if legal is None else legal[int(rng.random() * len(legal))]
        for e in state.apply(act):
            if e.kind == "hand_over":
                yield e
