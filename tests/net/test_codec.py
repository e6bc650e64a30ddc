"""net/codec.py: every game's views and events survive JSON unchanged; nothing outside the engine is rebuilt."""

from __future__ import annotations

import json

import pytest

from engine.session import Session
from net.codec import CodecError, decode, decode_event, encode, encode_event

GAMES = [("nags", 3), ("noms", 4), ("nogginate", 4), ("spite_malice", 2), ("nickels", 4)]


@pytest.mark.parametrize("game,seats", GAMES)
def test_every_view_and_event_round_trips(game: str, seats: int) -> None:
    s = Session(game, None, ["ai:random"] * seats, seed=3, write_log=False)
    events = s.advance()
    for _ in range(40):
        for seat in range(seats):
            view = s.view(seat)
            back = decode(json.loads(json.dumps(encode(view))))
            assert back == view and back.legal_actions() == view.legal_actions()
        for e in events:
            back_e = decode_event(json.loads(json.dumps(encode_event(e))), 0)
            assert (back_e.kind, back_e.text, back_e.seat, back_e.data) == (e.kind, e.text, e.seat, e.data)
            assert (back_e.visible_to is None) == (e.visible_to is None)
        if s.is_over:
            break
        events = s.act(s.bot_choose())


@pytest.mark.parametrize("payload", [
    {"dc": "os:system", "f": {}},                      # not the engine's
    {"dc": "engine.session:Session", "f": {}},         # the engine's, but not a dataclass
    {"e": "subprocess:Popen", "v": 1},
    {"c": "ZZ"},                                       # no such card
    {"t": "not a list"},
    {"x": 1},
])
def test_decode_rebuilds_only_the_engines_dataclasses_and_enums(payload) -> None:
    with pytest.raises(CodecError):
        decode(payload)
