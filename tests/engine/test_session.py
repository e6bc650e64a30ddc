"""Session: one match with seats, bots, chance, the log, undo, hints and resume."""

from __future__ import annotations

import json
import random

import pytest

from engine.core import CHANCE, IllegalAction
from engine.gamelog import LogReplayError, read_log, verify_log
from engine.seats import SeatSpec
from engine.session import Session
from engine.variants import variant_to_table


def play_bots(s: Session) -> None:
    """Let bots move until a human is to move or the match is over."""
    s.advance()
    while not s.is_over and not s.is_human(s.to_move):
        s.act(s.bot_choose())


def human_move(s: Session, rng: random.Random):
    """A legal move for the human to move, chosen from its view only."""
    legal = s.view(s.to_move).legal_actions()
    return legal[int(rng.random() * len(legal))]


def play_to_end(s: Session, rng: random.Random, max_moves: int | None = None) -> None:
    moves = 0
    play_bots(s)
    while not s.is_over and (max_moves is None or moves < max_moves):
        s.act(human_move(s, rng))
        moves += 1
        play_bots(s)


def test_header_and_seat_names(tmp_path):
    s = Session("nags", {"match_games": 2}, ["human", SeatSpec.parse("ai:random:Rex"), "ai:random"],
                seed=5, log_dir=tmp_path)
    assert not s.log_path.exists()  # the log is made when the match starts (issue 22)
    s.advance()
    s.close()
    log = read_log(s.log_path)
    h = log.header
    assert s.log_path.parent == tmp_path and log.errors == []
    assert (h["game"], h["seed"], h["format"]) == ("nags", 5, 1)
    assert h["rules"] == variant_to_table(s.variant) and h["rules"]["match_games"] == 2
    assert h["seats"] == [{"spec": "human", "name": "You"}, {"spec": "ai:random:Rex", "name": "Rex"},
                          {"spec": "ai:random", "name": "Cato (random)"}]
    assert s.names == ["You", "Rex", "Cato (random)"]
    assert "T" in h["started"]


def test_random_seed_is_stored(tmp_path):
    s = Session("nags", None, ["ai:random", "ai:random"], log_dir=tmp_path)
    s.advance()
    s.close()
    assert isinstance(s.seed, int)
    assert read_log(s.log_path).header["seed"] == s.seed


def test_no_log_and_bad_setups(tmp_path):
    s = Session("nags", None, ["human", "ai:random"], seed=1, write_log=False, log_dir=tmp_path)
    play_to_end(s, random.Random(1), max_moves=5)
    assert s.log_path is None and list(tmp_path.iterdir()) == []
    with pytest.raises(ValueError, match="2 to 5 seats"):
        Session("nags", None, ["human"], write_log=False)
    with pytest.raises(ValueError, match="grandmaster"):
        Session("nags", None, ["human", "ai:grandmaster"], write_log=False)
    taken = tmp_path / "taken.jsonl"
    taken.write_text("")
    with pytest.raises(FileExistsError):
        Session("nags", None, ["human", "ai:random"], log_path=taken)


def test_same_seed_same_match(tmp_path):
    a = Session("nags", {"match_games": 2}, ["ai:random"] * 4, seed=9, write_log=False)
    b = Session("nags", {"match_games": 2}, ["ai:random"] * 4, seed=9, write_log=False)
    c = Session("nags", {"match_games": 2}, ["ai:random"] * 4, seed=10, write_log=False)
    for s in (a, b, c):
        play_bots(s)
        assert s.is_over
    assert a.history == b.history and a.narration == b.narration
    assert a.history != c.history


def test_act_validates_and_advances(tmp_path):
    s = Session("nags", None, ["human", "human"], seed=3, log_dir=tmp_path)
    assert s.to_move == CHANCE
    with pytest.raises(IllegalAction):
        s.act("pass")  # nobody may act before the deal
    events = s.advance()
    assert [e.kind for e in events][:2] == ["dealer", "runner"] and "deal" in [e.kind for e in events]
    assert s.to_move >= 0 and s.advance() == []
    seat = s.to_move
    before = s.state.fingerprint()
    bad = next(a for a in ("pass", "turn", "play AS", "play 2C") if s.state.why_illegal(s.game.parse_action(a)))
    reason = s.why_illegal(bad)
    assert reason
    with pytest.raises(IllegalAction) as err:
        s.act(bad)
    assert str(err.value) == reason
    assert s.state.fingerprint() == before and len(read_log(s.log_path).entries) == len(s.history)
    assert s.why_illegal("fly away")  # a parse error is a reason too
    good = s.view(seat).legal_actions()[0]
    assert s.why_illegal(good) is None
    n = len(s.history)
    s.act(good)
    assert s.history[n] == (seat, str(good))
    assert s.to_move != CHANCE  # act() ran the chance steps after the move
    s.close()
    assert verify_log(s.log_path).ok


@pytest.mark.parametrize("game_id", ["nags", "noms", "spite_malice"])
def test_act_checks_a_move_once_and_applies_it_trusted(game_id, monkeypatch):
    """A move is validated once, in ``Session.act`` (``why_illegal``: the move's ``VERBS``
    row's check), then applied with ``apply_trusted``; ``apply`` (which would check
    again) never runs."""
    n = 4 if game_id == "noms" else 2
    s = Session(game_id, None, ["human"] * n, seed=5, write_log=False)
    s.advance()
    state_cls = type(s.state)
    calls: dict[str, list] = {"why_illegal": [], "apply": [], "apply_trusted": []}

    def recording(name):
        real = getattr(state_cls, name)

        def wrapper(self, action):
            calls[name].append(action)
            return real(self, action)
        return wrapper

    for name in calls:
        monkeypatch.setattr(state_cls, name, recording(name))
    for _ in range(6):
        move = s.view(s.to_move).legal_actions()[-1]
        for made in calls.values():
            made.clear()
        s.act(move)
        # the move, then any chance steps that follow it (a deal, a reveal), all trusted
        assert calls["why_illegal"] == [move] and calls["apply"] == [] and calls["apply_trusted"][0] == move


def test_finished_match_is_logged_and_verifies(tmp_path):
    s = Session("nags", {"match_games": 3, "buying_horses": True}, ["human", "ai:random", "ai:random"],
                seed=8, log_dir=tmp_path)
    play_to_end(s, random.Random(8))
    with pytest.raises(IllegalAction):
        s.act("pass")
    s.close()
    log = read_log(s.log_path)
    result = log.entries[-1]
    assert result["type"] == "result"
    assert result["winners"] == s.state.winners() and result["scores"] == s.state.scores()
    assert result["hash"] == s.state.state_hash()
    scores = [e for e in log.entries if e["type"] == "score"]
    assert [e["hand"] for e in scores] == [0, 1, 2] and scores[-1]["totals"] == s.state.scores()
    assert verify_log(s.log_path).ok


def test_bot_choose_and_hint_do_not_change_the_match(tmp_path):
    seats = ["human", "ai:random", "ai:random"]
    a = Session("nags", None, seats, seed=12, write_log=False)
    b = Session("nags", None, seats, seed=12, write_log=False)
    ra, rb = random.Random(1), random.Random(1)
    for _ in range(15):
        play_bots(a)
        play_bots(b)
        if a.is_over:
            break
        fp = a.state.fingerprint()
        hint = a.hint(a.to_move)
        assert hint in a.view(a.to_move).legal_actions()
        assert a.state.fingerprint() == fp
        with pytest.raises(ValueError):
            a.bot_choose()  # the human's seat has no bot
        a.act(human_move(a, ra))
        b.act(human_move(b, rb))
    assert a.history == b.history  # hints drew from no game generator


def test_bot_choose_reads_only(tmp_path):
    s = Session("nags", None, ["ai:random"] * 3, seed=4, write_log=False)
    s.advance()
    fp = s.state.fingerprint()
    choice = s.bot_choose()
    assert choice in s.state.legal_actions() and s.state.fingerprint() == fp
    other = next(i for i in range(3) if i != s.to_move)
    with pytest.raises(ValueError, match="nothing to do"):
        s.bot_choose(other)


# ---------------------------------------------------------------------------
# Undo
# ---------------------------------------------------------------------------

def test_undo_restores_exact_state_and_reseeds(tmp_path):
    """Undo restores the exact position; the cards after it come from a fresh
    seed (logged in the undo line), so the log still verifies and replays exactly."""
    s = Session("nags", {"match_games": 2}, ["human", "ai:random", "ai:random"], seed=17, log_dir=tmp_path,
                undo="free")
    rng = random.Random(17)
    play_bots(s)
    assert not s.can_undo()  # no earlier decision yet
    for _ in range(6):
        s.act(human_move(s, rng))
        play_bots(s)
    fp, hist, narr = s.state.fingerprint(), list(s.history), len(s.narration)
    move = human_move(s, rng)
    s.act(move)
    play_bots(s)
    after_hist = list(s.history)
    assert s.can_undo() and not s.used_undo
    events = s.undo(seed=99)
    assert events[0].kind == "undo" and events[0].seat == 0 and s.used_undo
    assert s.state.fingerprint() == fp and s.history == hist
    assert s.narration[narr:] == [events[0].narrate(s.names)]
    s.act(move)
    play_bots(s)
    # with undo = "free" several undos in a row walk back turn by turn
    s.undo()
    s.undo()
    assert len(s.history) < len(hist)
    play_to_end(s, rng)
    s.close()
    log = read_log(s.log_path)
    undos = [e for e in log.entries if e["type"] == "undo"]
    assert len(undos) == 3 and undos[0]["count"] == len(after_hist) - len(hist)
    assert undos[0]["seed"] == 99 and all(isinstance(u["seed"], int) for u in undos)
    assert log.used_undo and log.undo_mode == "free" and log.header["undo"] == "free"
    assert [(a, n) for _, a, n in log.effective_actions()] == s.history
    r = verify_log(s.log_path)
    assert r.ok and r.finished


def test_undo_needs_a_lone_human(tmp_path):
    s = Session("nags", None, ["human", "human", "ai:random"], seed=2, write_log=False)
    rng = random.Random(2)
    play_bots(s)
    for _ in range(6):
        s.act(human_move(s, rng))
        play_bots(s)
    assert not s.can_undo()
    with pytest.raises(IllegalAction):
        s.undo()


# ---------------------------------------------------------------------------
# Resume
# ---------------------------------------------------------------------------

def test_resume_restores_position_and_appends(tmp_path):
    s = Session("nags", {"match_games": 2}, ["human", "ai:random", "ai:random:Zed"], seed=40, log_dir=tmp_path)
    rng = random.Random(40)
    play_to_end(s, rng, max_moves=8)
    s.act(human_move(s, rng))  # stop right after a move, bots still to answer
    fp, hist = s.state.fingerprint(), list(s.history)
    before = s.log_path.read_bytes()
    # no close(): as if the program had been killed (the OS drops a dead process's lock)
    s._writer.lock.release()
    r = Session.resume(s.log_path)
    assert r.state.fingerprint() == fp and r.history == hist
    assert r.names == s.names and r.seed == 40 and r.variant == s.variant
    assert [str(x) for x in r.seats] == [str(x) for x in s.seats]
    play_to_end(r, rng)
    r.close()
    after = r.log_path.read_bytes()
    assert after.startswith(before) and len(after) > len(before)
    v = verify_log(r.log_path)
    assert v.ok and v.finished
    with pytest.raises(ValueError, match="already finished"):
        Session.resume(r.log_path)


def test_resume_draws_the_same_cards(tmp_path):
    """The chance generator is brought back exactly: with humans only (no bot
    generators involved), a resumed match equals an uninterrupted one."""
    rules = {"match_games": 2}
    whole = Session("nags", rules, ["human", "human"], seed=41, write_log=False)
    play_to_end(whole, random.Random(41))
    part = Session("nags", rules, ["human", "human"], seed=41, log_dir=tmp_path)
    rng = random.Random(41)
    play_to_end(part, rng, max_moves=12)
    part.close()
    r = Session.resume(part.log_path)
    play_to_end(r, rng)
    assert r.history == whole.history


def test_resume_undo_after_resume(tmp_path):
    s = Session("nags", None, ["human", "ai:random"], seed=42, log_dir=tmp_path)
    rng = random.Random(42)
    play_to_end(s, rng, max_moves=6)
    s.close()
    r = Session.resume(s.log_path)
    fp, n = r.state.fingerprint(), len(r.history)
    r.advance()
    assert r.can_undo()  # decisions before the resume can be taken back
    r.act(human_move(r, rng))
    play_bots(r)
    r.undo()
    assert r.state.fingerprint() == fp and len(r.history) == n
    r.close()
    assert verify_log(r.log_path).ok


def test_resume_after_cut_off_last_line(tmp_path):
    s = Session("nags", None, ["human", "ai:random", "ai:random"], seed=43, log_dir=tmp_path)
    rng = random.Random(43)
    play_to_end(s, rng, max_moves=10)
    s.close()
    data = s.log_path.read_bytes()
    s.log_path.write_bytes(data[:-9])  # the last line is cut
    log = read_log(s.log_path)
    assert log.errors and log.errors[0].line == log.total_lines
    r = Session.resume(s.log_path)
    assert r.history == s.history[:-1]
    backup = s.log_path.with_name(s.log_path.name + ".bak")
    assert backup.read_bytes() == data[:-9]
    play_to_end(r, rng)
    r.close()
    assert verify_log(r.log_path).ok


def test_resume_up_to_line_and_bad_log(tmp_path):
    s = Session("nags", None, ["human", "ai:random"], seed=44, log_dir=tmp_path)
    rng = random.Random(44)
    play_to_end(s, rng, max_moves=10)
    s.close()
    lines = s.log_path.read_text().splitlines()
    # resume from just after the 12th action
    line = next(i + 1 for i, text in enumerate(lines) if json.loads(text).get("n") == 12
                and json.loads(text)["type"] == "action")
    r = Session.resume(s.log_path, up_to_line=line)
    assert r.history == s.history[:12]
    assert len(r.log_path.read_text().splitlines()) == line
    r.close()
    # a log whose action does not replay names the line
    lines = r.log_path.read_text().splitlines()
    obj = json.loads(lines[-1])
    obj["action"] = "fly away"
    lines[-1] = json.dumps(obj)
    r.log_path.write_text("\n".join(lines) + "\n")
    with pytest.raises(LogReplayError) as err:
        Session.resume(r.log_path)
    assert err.value.line == line
    assert Session.resume(r.log_path, up_to_line=line - 1).history == s.history[:11]


# -- chance sources ------------------------------------------------------------------------------

def test_a_stacked_deck_is_the_sessions_chance_source_then_its_seed_takes_over(tmp_path):
    """``Session(chance=StackedChance(...))`` deals the stacked outcomes (logged as chance
    actions; None draws one at random) and then draws from the source behind them: no
    test patches ``State.sample_chance``."""
    from engine.chance import RandomChance, StackedChance
    stacked = StackedChance(["dealer 2", "runner 9D", None, "runner QH", "runner 10S"], then=RandomChance(5))
    s = Session("nags", None, ["human", "ai:easy", "ai:easy"], seed=5, log_dir=tmp_path, chance=stacked)
    s.advance()
    chance = [n for actor, n in s.history if actor == "chance"]
    assert chance[0] == "dealer 2" and chance[1] == "runner 9D" and chance[3:5] == ["runner QH", "runner 10S"]
    assert chance[2].startswith("runner ") and chance[5].startswith("deal ")  # drawn by RandomChance(5)
    assert s.state.dealer == 2 and not stacked.queue
    play_to_end(s, random.Random(1), max_moves=5)
    s.close()
    assert verify_log(s.log_path).ok  # the log replays without the source: outcomes are actions


def test_the_arenas_duplicate_chance_is_a_chance_source_too():
    """The arena's :class:`DuplicateChance` drives a session: two tables of one deal with
    the seats rotated get the same deal, and a player's move ends the shared prefix."""
    from engine.arena import DuplicateChance
    tables = []
    for seats in (["human", "ai:easy", "ai:random"], ["ai:random", "human", "ai:easy"]):
        dup = DuplicateChance(9, 3)
        s = Session("nags", None, seats, seed=1, write_log=False, chance=dup)
        s.advance()
        tables.append((s, dup))
    assert tables[0][0].state.fingerprint() == tables[1][0].state.fingerprint()
    s, dup = tables[0]
    assert dup.prefix_steps > 0 and dup._in_prefix
    s.act(s.view(s.to_move).legal_actions()[0] if s.is_human(s.to_move) else s.bot_choose())
    assert not dup._in_prefix
