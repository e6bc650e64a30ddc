"""Session: standing orders, quiet actions (no pace delay) and undo back to the
start of the human's own turn (engine/session.py, tui/screens/base_table.py)."""

from __future__ import annotations

import time
from dataclasses import dataclass

import pytest

from engine.core import Action, Pass
from engine.gamelog import read_log, verify_log
from engine.games.noms.game import Phase as NomsPhase, Play as NomsPlay
from engine.games.spite_malice.game import Discard
from engine.session import Session
from test_tui_base_table import SIZE, BaseApp, nags, ready
from tui_support import press, wait_for


def _noms(tmp_path, seed=4):
    return Session("noms", None, ["human", "ai:random", "ai:random", "ai:random"], seed=seed,
                   log_path=tmp_path / "noms.jsonl")


def test_standing_order_answers_for_the_seat_and_is_logged_as_its_action(tmp_path):
    """A human's standing order "pass" answers every auction call for them (NO-8):
    the session never waits for seat 0 while a pass is legal, and the log shows
    seat 0's own passes; in the play (NO-15) the order is illegal and seat 0 decides."""
    with _noms(tmp_path) as s:
        s.set_standing_order(0, "pass")
        s.advance()
        for _ in range(200):
            if s.to_move == 0 and s.view(0).phase is NomsPhase.PLAY:
                break
            assert s.to_move != 0  # seat 0 never waits in the auction (nor for trump or a call)
            s.act(s.bot_choose())
        assert isinstance(s.view(0).legal_actions()[0], NomsPlay)
        assert (0, "pass") in s.history
        s.set_standing_order(0, None)
        assert s.standing_orders == {}
    log = read_log(tmp_path / "noms.jsonl")
    assert any(e.get("actor") == 0 and e.get("action") == "pass" for e in log.entries)
    assert verify_log(tmp_path / "noms.jsonl").ok


def test_a_callable_order_may_decline_and_an_illegal_one_is_skipped(tmp_path):
    seen = []

    def only_forced(view, legal):
        seen.append(view.seat)
        return legal[0] if len(legal) == 1 else None

    s = nags(["human", "ai:random"], seed=3)
    s.set_standing_order(0, only_forced)
    s.advance()
    waited = 0
    while not s.is_over and waited < 5:
        if s.to_move == 0:
            assert len(s.view(0).legal_actions()) > 1  # forced moves were answered by the order
            waited += 1
            s.act(s.view(0).legal_actions()[0])
        else:
            s.act(s.bot_choose())
    assert seen.count(0) > waited
    assert any(actor == 0 for actor, _ in s.history)
    while not s.is_over and s.to_move != 0:
        s.act(s.bot_choose())
    if not s.is_over:
        n = len(s.history)
        s.set_standing_order(0, Pass())  # NA-16: a pass is legal only when nothing can be turned
        s.advance()
        assert s.to_move == 0 and len(s.history) == n
    with pytest.raises(ValueError):
        s.set_standing_order(5, "pass")


@dataclass(frozen=True, slots=True)
class _QuietNod(Action):
    quiet = True

    def __str__(self) -> str:
        return "nod"


def test_quiet_is_a_flag_of_the_action_class():
    s = nags(["human", "ai:random"])
    assert s.is_quiet(_QuietNod()) and not s.is_quiet(Pass())


async def test_a_quiet_bot_action_skips_the_pace_delay():
    session = nags(["human", "ai:random"], seed=4)
    session.is_quiet = lambda action: True
    app = BaseApp(session, pace=30.0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: ready(app))
        n = len(session.history)
        start = time.monotonic()
        await press(pilot, "x")
        await wait_for(pilot, lambda: ready(app) and len(session.history) > n + 1, limit=10.0)
        assert time.monotonic() - start < 10.0  # a 30 s pace would still be waiting


def _sm_turn_with_plays(seed: int):
    """An S&M session (human seat 0 against a bot) at the start of a turn of seat 0
    in which a play other than the discard is legal."""
    s = Session("spite_malice", None, ["human", "ai:random"], seed=seed, write_log=False)
    s.advance()
    for _ in range(400):
        if s.is_over:
            return None
        legal = s.view(0).legal_actions() if s.to_move == 0 else []
        if s.to_move == 0 and any(not isinstance(a, Discard) for a in legal):
            return s
        s.act(s.bot_choose() if s.to_move != 0 else legal[0])
    return None


def test_undo_goes_back_to_the_start_of_the_humans_turn():
    """SM-8: a turn is several plays, then a discard. One undo after two plays
    goes back to the start of the turn; after the whole turn and the bot's reply,
    one undo goes back to the start of that turn too."""
    for seed in range(40):
        s = _sm_turn_with_plays(seed)
        if s is None:
            continue
        start_fp, start_n = s.state.fingerprint(), len(s.history)
        plays = 0
        while s.to_move == 0 and plays < 2:
            legal = [a for a in s.view(0).legal_actions() if not isinstance(a, Discard)]
            if not legal:
                break
            s.act(legal[0])
            plays += 1
        if plays < 2 or s.to_move != 0:
            continue
        ev = s.undo()
        assert s.state.fingerprint() == start_fp and len(s.history) == start_n
        assert ev[0].data["count"] >= 2
        # the whole turn, then the bot's turn: undo returns to the start of that turn
        while s.to_move == 0:
            s.act(next((a for a in s.view(0).legal_actions() if not isinstance(a, Discard)),
                       s.view(0).legal_actions()[0]))
        assert s.to_move == 1 or s.is_over
        if s.is_over:
            continue
        while s.to_move == 1:
            s.act(s.bot_choose())
        if s.is_over:
            continue
        s.undo()
        assert s.state.fingerprint() == start_fp and len(s.history) == start_n
        return
    pytest.fail("no turn with two plays found")
