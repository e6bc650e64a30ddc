"""Issue 24, "play on from here": a new match from a replay's position keeps every card dealt
so far, its log names the log and line it branched from, and it verifies on its own; a replay's
position as a session (``ReplaySession``) cannot be played."""

from __future__ import annotations

import json

import pytest

from engine.core import IllegalAction
from engine.gamelog import Replay, read_log, verify_log
from engine.session import ReplaySession, Session


def bot_log(tmp_path, game="nickels", seats=4, actions=80, seed=3):
    path = tmp_path / f"{game}.jsonl"
    with Session(game, {}, ["ai:easy"] * seats, seed=seed, log_path=path) as s:
        s.advance()
        while len(s.history) < actions and not s.is_over:
            s.act(s.bot_choose())
    return path


@pytest.mark.parametrize("game,seats", [("nickels", 4), ("nogginate", 4), ("nags", 3)])
def test_play_on_keeps_the_position_and_its_log_verifies_alone(tmp_path, game, seats):
    path = bot_log(tmp_path, game, seats)
    replay = Replay(read_log(path))
    index = min(50, replay.last_index - 5)
    new_path = tmp_path / "branch.jsonl"
    s = Session.branch(replay, index, ["human"] + ["ai:easy"] * (seats - 1), source=path, log_path=new_path,
                       seed=99)
    try:
        assert s.state.fingerprint() == replay.positions[index].fingerprint()  # hidden cards as they were
        assert s.history == list(zip(replay.actors[:index], replay.notations[:index]))
        for _ in range(40):  # the bots play on until the human's turn
            s.advance()
            if s.is_over or s.is_human(s.to_move):
                break
            s.act(s.bot_choose())
    finally:
        s.close()
    header = json.loads(new_path.read_text().splitlines()[0])
    assert header["branched_from"] == {"log": str(path), "line": replay.lines[index - 1], "actions": index}
    assert header["seats"][0]["spec"] == "human" and header["seed"] == 99
    path.unlink()  # the source is gone: the branch still verifies by itself
    result = verify_log(new_path)
    assert result.ok, result


def test_play_on_refuses_a_finished_position_and_one_outside_the_replay(tmp_path):
    path = tmp_path / "done.jsonl"
    with Session("nogginate", {"fixed_rounds": 1}, ["ai:easy"] * 2, seed=2, log_path=path) as s:
        s.advance()
        while not s.is_over:
            s.act(s.bot_choose())
    replay = Replay(read_log(path))
    with pytest.raises(ValueError, match="over"):
        Session.branch(replay, replay.last_index, ["human", "ai:easy"], source=path, write_log=False)
    with pytest.raises(ValueError, match="outside"):
        Session.branch(replay, replay.last_index + 1, ["human", "ai:easy"], source=path, write_log=False)


def test_a_replay_session_cannot_be_played(tmp_path):
    path = bot_log(tmp_path, actions=30)
    replay = Replay(read_log(path))
    rs = ReplaySession(replay, ["A", "B", "C", "D"], 20)
    assert rs.state is replay.positions[20] and len(rs.history) == 20
    assert not any(rs.is_human(s) for s in range(4)) and rs.advance() == []  # a bots' match
    legal = rs.view(rs.to_move).legal_actions() if rs.to_move >= 0 else []
    with pytest.raises(IllegalAction):
        rs.act(legal[0] if legal else "pass")
    with pytest.raises(IllegalAction):
        rs.bot_choose()
    assert not rs.can_undo()
    rs.goto(10_000)
    assert rs.index == replay.last_index
