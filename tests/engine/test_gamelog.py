"""The JSON-lines game log: writer, lenient reader, rebuild, verify and replay positions."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

from engine import gamelog
from engine.core import CHANCE
from engine.gamelog import (FORMAT, LogReplayError, LogWriter, Replay, new_log_path,
                            newest_unfinished, read_log, rebuild, verify_log, LogProgress, log_progress)
from engine.games import get_game
from engine.session import Session

HEADER = {"game": "nags", "rules": {}, "seats": [{"spec": "ai:random", "name": "A"},
                                                  {"spec": "ai:random", "name": "B"}],
          "seed": 1, "started": "2026-01-01T00:00:00+00:00"}

VARIANTS = [
    {},
    {"direction_mode": "alternating"},
    {"direction_mode": "choice", "allow_voluntary_turn": True},
    {"shuffle_on_recycle": True, "opening_must_include_lowest_card": True},
    {"match_games": 3, "buying_horses": True},                 # NA-21, NA-25
    {"match_target": 15, "buying_horses": True, "allow_negative_after_purchase": True},
]


def bot_game(tmp_path: Path, seed: int, n_seats: int, rules: dict | None = None,
             finish: bool = True, max_moves: int | None = None) -> Session:
    """A bot-only Nags session (random bots) played to the end or ``max_moves`` player moves."""
    s = Session("nags", rules or {}, ["ai:random"] * n_seats, seed=seed, log_dir=tmp_path)
    s.advance()
    moves = 0
    while not s.is_over and (max_moves is None or moves < max_moves):
        s.act(s.bot_choose())
        moves += 1
    s.close()
    return s


def lines_of(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def write_lines(path: Path, lines: list[str]) -> None:
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")


# ---------------------------------------------------------------------------
# Writer and reader
# ---------------------------------------------------------------------------

def test_round_trip(tmp_path):
    path = tmp_path / "sub" / "dir" / "g.jsonl"
    with LogWriter(path, HEADER) as w:
        w.action(1, "chance", "dealer 1")
        w.action(2, 0, "play 2C")
        w.undo(1, 1)
        w.action(2, 1, "turn")
        w.check(0, "abcd")
        w.score(0, [10.5, 6], [10.5, 6.0])
        w.result([0], [10.5, 6.0], "abcd")
    log = read_log(path)
    assert log.errors == []
    assert log.header["type"] == "header" and log.header["format"] == FORMAT
    assert log.header["game"] == "nags" and log.header["seed"] == 1
    assert [e["line"] for e in log.entries] == list(range(2, 9))
    assert [e["type"] for e in log.entries] == ["action", "action", "undo", "action", "check", "score", "result"]
    assert log.entries[5]["scores"] == [10.5, 6.0]
    assert log.effective_actions() == [(2, "chance", "dealer 1"), (5, 1, "turn")]
    assert log.finished and log.good_prefix_lines == 8 == log.total_lines


def test_text_seed_is_accepted(tmp_path):
    """A simulation writes per-match seeds as text ("42:7"); the reader accepts them."""
    path = tmp_path / "sim.jsonl"
    LogWriter(path, {**HEADER, "seed": "42:7"}).close()
    log = read_log(path)
    assert log.errors == [] and log.header["seed"] == "42:7"
    assert verify_log(path).ok


def test_writer_is_strict(tmp_path):
    path = tmp_path / "g.jsonl"
    with pytest.raises(TypeError):
        LogWriter(path, {**HEADER, "seed": object()})
    assert not path.exists()  # a bad header writes nothing
    w = LogWriter(path, HEADER)
    with pytest.raises(ValueError):
        w.action(1, "dealer", "dealer 1")      # actor must be a seat or "chance"
    with pytest.raises(ValueError):
        w.action(1, True, "dealer 1")
    with pytest.raises(ValueError):
        w.score(0, [math.nan, 1.0], [1.0, 1.0])
    with pytest.raises(TypeError):
        w.write({"type": "check", "hand": 0, "hash": {1, 2}})
    w.close()
    assert len(lines_of(path)) == 1
    with pytest.raises(ValueError):
        w.check(0, "x")                          # closed


def test_killed_process_loses_nothing(tmp_path):
    """A process killed without closing the log leaves every line it wrote."""
    path = tmp_path / "killed.jsonl"
    code = f"""
import os, signal
from pathlib import Path
from engine.gamelog import LogWriter
w = LogWriter(Path({str(path)!r}), {HEADER!r})
for i in range(1, 41):
    w.action(i, "chance" if i % 3 == 0 else i % 2, "turn")
os.kill(os.getpid(), signal.SIGKILL)
"""
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True)
    assert proc.returncode != 0  # it really was killed
    log = read_log(path)
    assert log.errors == []
    assert [e["n"] for e in log.entries] == list(range(1, 41))


def test_read_back_without_close(tmp_path):
    path = tmp_path / "open.jsonl"
    w = LogWriter(path, HEADER)
    for i in range(1, 11):
        w.action(i, i % 2, "turn")
        assert len(read_log(path).entries) == i
    w.close()


def test_truncated_last_line_keeps_good_prefix(tmp_path):
    s = bot_game(tmp_path, seed=3, n_seats=3)
    text = s.log_path.read_text()
    cut = text[: text.rfind("\n", 0, len(text) - 1) + 25]  # last line cut after 24 characters
    s.log_path.write_text(cut)
    n_lines = cut.count("\n") + 1
    log = read_log(s.log_path)
    assert len(log.errors) == 1
    assert log.errors[0].line == n_lines and "cut off" in log.errors[0].message
    assert log.good_prefix_lines == n_lines - 1
    assert not log.finished  # the result line was the one cut
    state = rebuild(log)     # the good prefix replays
    assert state.fingerprint() == Replay(log).positions[-1].fingerprint()
    assert len(log.effective_actions()) == len(s.history)  # only the result line was lost
    r = verify_log(s.log_path)
    assert not r.ok and r.line == n_lines


def test_corrupt_middle_line(tmp_path):
    s = bot_game(tmp_path, seed=4, n_seats=2)
    lines = lines_of(s.log_path)
    lines[9] = lines[9][:-5] + "}}}"   # line 10
    lines[20] = '{"type": "shrug"}'    # line 21, also reported
    write_lines(s.log_path, lines)
    log = read_log(s.log_path)
    assert [(e.line, e.message.split(" (")[0]) for e in log.errors] == \
        [(10, "not valid JSON"), (21, "unknown line type 'shrug'")]
    assert log.good_prefix_lines == 9
    assert [e["line"] for e in log.entries] == list(range(2, 10))
    assert rebuild(log).fingerprint() == _state_after(s, 8).fingerprint()
    r = verify_log(s.log_path)
    assert (r.ok, r.line) == (False, 10)


def _state_after(s: Session, n: int):
    game = get_game("nags")
    st = game.new_state(s.variant, len(s.seats))
    for _, notation in s.history[:n]:
        st.apply(game.parse_action(notation))
    return st


@pytest.mark.parametrize("bad, message", [
    ('{"type": "action", "n": 2, "actor": "chance"}', "without an action"),
    ('{"type": "action", "n": 2, "actor": "north", "action": "turn"}', "actor"),
    ('{"type": "action", "n": 5, "actor": 0, "action": "turn"}', "expected 2"),
    ('{"type": "undo", "n": 0, "count": 4}', "only 1 are in effect"),
    ('{"type": "undo", "n": 1, "count": 1}', "expected 0"),
    ('{"type": "check", "hand": 0}', "check line"),
    ('{"type": "score", "hand": 0, "scores": [1, "x"], "totals": [1, 2]}', "score line"),
    ('{"type": "result", "winners": [0]}', "result line"),
    ('{"type": "header", "format": 1}', "second header"),
    ('[1, 2]', "not a JSON object"),
    ('', "empty line"),
])
def test_bad_lines_are_named(tmp_path, bad, message):
    path = tmp_path / "g.jsonl"
    write_lines(path, [json.dumps({"type": "header", "format": 1, **HEADER}),
                       '{"type": "action", "n": 1, "actor": "chance", "action": "dealer 0"}',
                       bad,
                       '{"type": "action", "n": 2, "actor": "chance", "action": "runner 2C"}'])
    log = read_log(path)
    assert log.errors and log.errors[0].line == 3 and message in log.errors[0].message
    assert [e["line"] for e in log.entries] == [2]


def test_line_after_result(tmp_path):
    s = bot_game(tmp_path, seed=5, n_seats=2)
    lines = lines_of(s.log_path) + ['{"type": "check", "hand": 0, "hash": "00"}']
    write_lines(s.log_path, lines)
    log = read_log(s.log_path)
    assert [(e.line, e.message) for e in log.errors] == [(len(lines), "a line after the result line")]
    assert log.finished


@pytest.mark.parametrize("header, message", [
    ({"type": "action", "n": 1}, "not a log header"),
    ({**HEADER, "type": "header", "format": 1, "game": "chess"}, "unknown game"),
    ({**HEADER, "type": "header", "format": 99}, "newer"),
    ({**HEADER, "type": "header", "format": 1, "seats": []}, "seat list"),
])
def test_bad_header(tmp_path, header, message):
    _check_bad_header(tmp_path, header, message)


def test_a_header_of_a_game_that_cannot_be_loaded(tmp_path, unloadable_game):
    _check_bad_header(tmp_path, {**HEADER, "type": "header", "format": 1, "game": unloadable_game},
                      "could not be loaded")


def _check_bad_header(tmp_path, header, message):
    path = tmp_path / "g.jsonl"
    write_lines(path, [json.dumps(header), '{"type": "action", "n": 1, "actor": "chance", "action": "dealer 0"}'])
    log = read_log(path)
    assert log.errors[0].line == 1 and message in log.errors[0].message
    assert log.header == {} and log.entries == [] and log.good_prefix_lines == 0
    r = verify_log(path)
    assert (r.ok, r.line) == (False, 1)
    with pytest.raises(LogReplayError) as err:
        rebuild(log)
    assert err.value.line == 1


def test_empty_and_missing_files(tmp_path):
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    assert verify_log(empty).line == 1
    r = verify_log(tmp_path / "nope.jsonl")
    assert not r.ok and r.line is None and "cannot read" in r.reason


def test_bad_rules_in_header(tmp_path):
    path = tmp_path / "g.jsonl"
    write_lines(path, [json.dumps({"type": "header", "format": 1, **HEADER, "rules": {"direction_mode": "sideways"}})])
    r = verify_log(path)
    assert (r.ok, r.line) == (False, 1) and "direction_mode" in r.reason


# ---------------------------------------------------------------------------
# Verify
# ---------------------------------------------------------------------------

def test_verify_many_random_games(tmp_path):
    """Bot-only matches for 2..5 seats under several house rules all verify,
    and the rebuilt state is the live final state."""
    count = 0
    for i, rules in enumerate(VARIANTS):
        for n_seats in range(2, 6):
            s = bot_game(tmp_path, seed=100 * i + n_seats, n_seats=n_seats, rules=rules)
            r = verify_log(s.log_path)
            assert r.ok, (rules, n_seats, r)
            assert r.finished and r.actions == len(s.history)
            log = read_log(s.log_path)
            assert rebuild(log).fingerprint() == s.state.fingerprint()
            # one check and one score line per hand played (NA-21)
            hands = s.state.hand_number + 1
            assert sum(e["type"] == "check" for e in log.entries) == hands
            assert sum(e["type"] == "score" for e in log.entries) == hands
            count += 1
    assert count == len(VARIANTS) * 4


def test_unfinished_log_verifies(tmp_path):
    s = bot_game(tmp_path, seed=7, n_seats=4, max_moves=30)
    assert not s.is_over
    r = verify_log(s.log_path)
    assert r.ok and not r.finished and r.actions == len(s.history)
    assert rebuild(read_log(s.log_path)).fingerprint() == s.state.fingerprint()


def _player_action_lines(lines: list[str]) -> list[int]:
    """0-based indexes of action lines by a seat (not chance)."""
    out = []
    for i, line in enumerate(lines):
        obj = json.loads(line)
        if obj.get("type") == "action" and obj["actor"] != "chance":
            out.append(i)
    return out


def test_verify_catches_illegal_action(tmp_path):
    s = bot_game(tmp_path, seed=11, n_seats=3)
    lines = lines_of(s.log_path)
    idx = _player_action_lines(lines)[5]
    obj = json.loads(lines[idx])
    # the position before that line: find a move the engine forbids there
    state = _state_after(s, obj["n"] - 1)
    game = get_game("nags")
    candidates = ["pass", "turn", "play AS", "play 2C", "play KH KD", "up"]
    bad = next(c for c in candidates if state.why_illegal(game.parse_action(c)) is not None)
    reason = state.why_illegal(game.parse_action(bad))
    obj["action"] = bad
    lines[idx] = json.dumps(obj)
    write_lines(s.log_path, lines)
    r = verify_log(s.log_path)
    assert (r.ok, r.line) == (False, idx + 1)
    assert "illegal" in r.reason and reason in r.reason


def test_verify_catches_unparsable_action(tmp_path):
    s = bot_game(tmp_path, seed=12, n_seats=2)
    lines = lines_of(s.log_path)
    idx = _player_action_lines(lines)[2]
    obj = json.loads(lines[idx])
    obj["action"] = "fly away"
    lines[idx] = json.dumps(obj)
    write_lines(s.log_path, lines)
    r = verify_log(s.log_path)
    assert (r.ok, r.line) == (False, idx + 1) and "cannot read the action" in r.reason


def test_verify_catches_wrong_actor(tmp_path):
    s = bot_game(tmp_path, seed=13, n_seats=4)
    lines = lines_of(s.log_path)
    idx = _player_action_lines(lines)[3]
    obj = json.loads(lines[idx])
    obj["actor"] = (obj["actor"] + 1) % 4
    lines[idx] = json.dumps(obj)
    write_lines(s.log_path, lines)
    r = verify_log(s.log_path)
    assert (r.ok, r.line) == (False, idx + 1) and "is to move" in r.reason


def test_verify_catches_chance_tampering(tmp_path):
    """A turned card changed to one already on the table no longer replays."""
    s = bot_game(tmp_path, seed=14, n_seats=2)
    lines = lines_of(s.log_path)
    idx = next(i for i, line in enumerate(lines) if '"reveal ' in line)
    dealt = next(json.loads(line)["action"] for line in lines if '"deal ' in line)
    card = dealt.split()[1]  # a card dealt into a hand, so not in the draw pile
    obj = json.loads(lines[idx])
    obj["action"] = f"reveal {card}"
    lines[idx] = json.dumps(obj)
    write_lines(s.log_path, lines)
    r = verify_log(s.log_path)
    assert (r.ok, r.line) == (False, idx + 1)


@pytest.mark.parametrize("kind", ["check", "score", "result"])
def test_verify_catches_tampered_totals_and_hashes(tmp_path, kind):
    s = bot_game(tmp_path, seed=15, n_seats=3, rules={"match_games": 2})
    lines = lines_of(s.log_path)
    idx = next(i for i, line in enumerate(lines) if json.loads(line)["type"] == kind)
    obj = json.loads(lines[idx])
    if kind == "check":
        obj["hash"] = "0" * 16
    elif kind == "score":
        obj["scores"][0] += 1
    else:
        obj["winners"] = [w for w in range(3) if w not in obj["winners"]][:1]
    lines[idx] = json.dumps(obj)
    write_lines(s.log_path, lines)
    r = verify_log(s.log_path)
    assert (r.ok, r.line) == (False, idx + 1)
    assert any(word in r.reason for word in ("hash", "scores", "winners"))


def test_rebuild_up_to_line(tmp_path):
    s = bot_game(tmp_path, seed=16, n_seats=3)
    log = read_log(s.log_path)
    for n in (0, 1, 6, 20):
        line = next(e["line"] for e in log.entries if e["type"] == "action" and e["n"] == n) if n else 1
        assert rebuild(log, up_to_line=line).fingerprint() == _state_after(s, n).fingerprint()


# ---------------------------------------------------------------------------
# Replay positions
# ---------------------------------------------------------------------------

def test_replay_positions_match_live_run(tmp_path):
    s = Session("nags", {"match_games": 2, "direction_mode": "choice"}, ["ai:random"] * 3, seed=21,
                log_dir=tmp_path)
    live: dict[int, str] = {0: s.state.fingerprint()}
    s.advance()
    live[len(s.history)] = s.state.fingerprint()
    while not s.is_over:
        s.act(s.bot_choose())
        live[len(s.history)] = s.state.fingerprint()
    s.close()
    rp = Replay(read_log(s.log_path))
    assert rp.error is None and rp.last_index == len(s.history)
    for n, fp in live.items():
        assert rp.positions[n].fingerprint() == fp
    assert list(zip(rp.actors, rp.notations)) == s.history
    narrated = [e.narrate(s.names) for evs in rp.events for e in evs]
    assert narrated == s.narration


def test_replay_turn_and_hand_steps(tmp_path):
    s = bot_game(tmp_path, seed=22, n_seats=3,
                 rules={"match_games": 3, "direction_mode": "choice", "buying_horses": True})
    rp = Replay(read_log(s.log_path))
    # turn steps: each stop (but the ends) has a player to move who did not make the step before
    stops = [0]
    while stops[-1] != rp.last_index:
        nxt = rp.next_turn_index(stops[-1])
        assert nxt > stops[-1]
        stops.append(nxt)
    assert len(stops) > 10
    for a, b in zip(stops[1:-1], stops[2:-1]):
        mover = rp.positions[a].to_move
        assert mover >= 0
        assert {x for x in rp.actors[a:b] if x != "chance"} == {mover}
        assert rp.positions[b].to_move >= 0 and rp.positions[b].to_move != mover
    for a, b in zip(stops, stops[1:]):
        assert rp.prev_turn_index(b) == a
    # a chance position inside a step goes forward to the next player
    k = next(i for i in range(1, rp.last_index) if rp.positions[i].to_move == CHANCE and i not in stops)
    assert rp.next_turn_index(k) in stops and rp.positions[rp.next_turn_index(k)].to_move != CHANCE
    # hand steps: three games, so two boundaries where hand_number goes up by one (NA-21)
    starts = [0]
    while starts[-1] != rp.last_index:
        starts.append(rp.next_hand_index(starts[-1]))
    assert [rp.positions[i].hand_number for i in starts] == [0, 1, 2, 2]
    assert rp.positions[starts[1] - 1].hand_number == 0
    assert rp.prev_hand_index(starts[2]) == starts[1]
    assert rp.prev_hand_index(starts[2] + 5) == starts[2]
    assert rp.prev_hand_index(starts[1]) == 0


def test_replay_stops_at_bad_action(tmp_path):
    s = bot_game(tmp_path, seed=23, n_seats=2)
    lines = lines_of(s.log_path)
    idx = _player_action_lines(lines)[4]
    obj = json.loads(lines[idx])
    obj["actor"] = 1 - obj["actor"]
    lines[idx] = json.dumps(obj)
    write_lines(s.log_path, lines)
    rp = Replay(read_log(s.log_path))
    assert rp.error is not None and rp.error.line == idx + 1
    assert rp.last_index == obj["n"] - 1


# ---------------------------------------------------------------------------
# Where logs live
# ---------------------------------------------------------------------------

def test_log_paths(tmp_path):
    assert gamelog.default_log_dir().name == "logs"
    assert gamelog.default_log_dir().parent.name.lower() == "cardtable"
    a = new_log_path("nags", tmp_path)
    a.write_text("x")
    b = new_log_path("nags", tmp_path)
    assert a != b and a.name.startswith("nags-") and b.suffix == ".jsonl" and not b.exists()


def test_newest_unfinished(tmp_path):
    import os
    assert newest_unfinished(tmp_path / "none") is None
    done = bot_game(tmp_path, seed=30, n_seats=2)
    assert newest_unfinished(tmp_path) is None
    old = bot_game(tmp_path, seed=31, n_seats=2, max_moves=5)
    new = bot_game(tmp_path, seed=32, n_seats=2, max_moves=5)
    junk = tmp_path / "zz-junk.jsonl"
    junk.write_text("not a log\n")
    for i, p in enumerate([old.log_path, new.log_path, done.log_path, junk]):
        os.utime(p, ns=(10**18 + i * 10**9, 10**18 + i * 10**9))
    assert newest_unfinished(tmp_path) == new.log_path


def test_newest_unfinished_skips_a_match_nobody_played(tmp_path):
    """Issue 22: a header-only log (a config error stopped the start) and a log of the deal
    alone are no game to continue: resume and "Continue" open the real unfinished game."""
    import os
    real = bot_game(tmp_path, seed=33, n_seats=2, max_moves=5)
    header_only = tmp_path / "nags-header-only.jsonl"
    header_only.write_text(lines_of(real.log_path)[0] + "\n")
    dealt = Session("nags", {}, ["human", "ai:random"], seed=34, log_dir=tmp_path)
    dealt.advance()  # the deal is written; nobody has acted yet
    dealt.close()
    assert log_progress(dealt.log_path.read_bytes()) == LogProgress(seat_actions=0, hands_done=0)
    for i, p in enumerate([real.log_path, header_only, dealt.log_path]):
        os.utime(p, ns=(10**18 + i * 10**9, 10**18 + i * 10**9))
    assert newest_unfinished(tmp_path) == real.log_path


def test_a_session_makes_its_log_when_the_match_starts(tmp_path):
    """Issue 22: a session made and never started (the app refused the config) leaves no log."""
    s = Session("nags", {}, ["human", "ai:random"], seed=35, log_dir=tmp_path)
    assert s.log_path is not None and not s.log_path.exists()
    s.close()
    assert list(tmp_path.iterdir()) == []
    s = Session("nags", {}, ["human", "ai:random"], seed=35, log_dir=tmp_path)
    s.advance()
    assert read_log(s.log_path).header["seed"] == 35 and verify_log(s.log_path).ok


def test_log_progress_counts_seat_actions_and_finished_hands_undo_included(tmp_path):
    s = bot_game(tmp_path, seed=36, n_seats=2, rules={"match_games": 3})
    raw = s.log_path.read_bytes()
    seat = sum(1 for actor, _ in s.history if actor != "chance")
    assert log_progress(raw) == LogProgress(seat_actions=seat, hands_done=3)
    lines = raw.decode().splitlines()
    first_score = next(i for i, line in enumerate(lines) if '"score"' in line)
    n = json.loads(lines[first_score - 2])["n"]  # the hand's last action, then its check line
    cut = lines[:first_score + 1] + [json.dumps({"type": "undo", "n": n - 1, "count": 1})]
    progress = log_progress(("\n".join(cut) + "\n").encode())
    assert progress.hands_done == 0 and progress.seat_actions == sum(
        1 for line in cut[1:first_score - 1] if '"action"' in line and '"chance"' not in line) - 1


def test_integer_too_long_for_json_is_a_line_error(tmp_path):
    """json.loads raises a bare ValueError (not JSONDecodeError) for an integer of
    more digits than Python converts; the reader reports it at its line instead of crashing."""
    s = bot_game(tmp_path, seed=4, n_seats=2)
    lines = lines_of(s.log_path)
    lines[9] = '{"type": "action", "n": ' + "9" * 5000 + "}"   # line 10
    write_lines(s.log_path, lines)
    log = read_log(s.log_path)
    assert [(e.line, e.message.split(" (")[0]) for e in log.errors] == [(10, "not valid JSON")]
    assert (verify_log(s.log_path).ok, verify_log(s.log_path).line) == (False, 10)


def test_absurdly_nested_json_is_a_line_error_not_a_crash(tmp_path):
    """Issue 15: json.loads raises RecursionError for deeply nested arrays; the reader
    (and verify, and the size check on the header line) report the line instead of crashing."""
    s = bot_game(tmp_path, seed=4, n_seats=2)
    lines = lines_of(s.log_path)
    lines[9] = "[" * 200_000 + "]" * 200_000   # line 10
    write_lines(s.log_path, lines)
    log = read_log(s.log_path)
    assert [(e.line, e.message.split(" (")[0]) for e in log.errors] == [(10, "not valid JSON")]
    assert (verify_log(s.log_path).ok, verify_log(s.log_path).line) == (False, 10)
    lines[0] = lines[9]  # a nested header line too
    write_lines(s.log_path, lines)
    assert verify_log(s.log_path).line == 1
