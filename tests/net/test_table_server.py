"""The table server with real parts (issue 27): a server on 127.0.0.1 (port 0) in a thread, real
websocket clients, the log checked with ``replay --verify``'s checker, every message a client
receives checked against that seat's view."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from engine import gamelog
from engine.core import IllegalAction
from net import protocol as P
from net.client import JoinError, join
from net.codec import encode
from net.server import TableServer, codes_path
from net_support import check_messages, in_threads, play_seat, running, tapped_join

NOMS_SEATS = ["remote:Ann", "ai:easy", "remote:Bob", "ai:easy"]
NOMS_FAST = {"target": 20, "stop_when_decided": True}


def _noms(tmp_path: Path, cls: type[TableServer] = TableServer, **kw) -> TableServer:
    return cls.new("noms", NOMS_SEATS, rules=NOMS_FAST, seed=11, log_path=tmp_path / "t.jsonl", **kw)


def test_a_whole_noms_game_with_two_remote_partners_and_two_bots(tmp_path: Path) -> None:
    """Two scripted remote seats (partners, on two connections) play a whole match with two
    server-side bots; the log verifies; every message each seat got is that seat's view."""
    with running(lambda: _noms(tmp_path)) as runner:
        server = runner.server
        assert server is not None
        a, b = tapped_join(server.url, server.codes[0]), tapped_join(server.url, server.codes[2])
        steps = in_threads(lambda: play_seat(a, 1), lambda: play_seat(b, 2))
        assert a.is_over and b.is_over and a.scores() == b.scores()
        assert steps[0] == steps[1] > 20
        a.close()
        b.close()
    log = tmp_path / "t.jsonl"
    assert gamelog.verify_log(log).ok
    assert not codes_path(log).exists()  # the match is over: its codes are gone
    assert check_messages(log, 0, a.messages) > 20
    assert check_messages(log, 2, b.messages) > 20


class LeakyServer(TableServer):
    """A planted leak: the next seat's view sent as the seat's own."""

    def _snapshot(self, seat, state):  # type: ignore[no-untyped-def]
        out = super()._snapshot(seat, state)
        out["view"] = encode(state.view((seat + 1) % len(self.session.seats)))
        return out


def test_the_view_check_catches_a_planted_leak(tmp_path: Path) -> None:
    with running(lambda: _noms(tmp_path, LeakyServer)) as runner:
        server = runner.server
        assert server is not None
        a = tapped_join(server.url, server.codes[0])
        a.close()
    with pytest.raises(AssertionError, match="is not seat 0's"):
        check_messages(tmp_path / "t.jsonl", 0, a.messages)


def _raw(url: str, code: str):
    ws = connect(url, max_size=P.MAX_SERVER_MESSAGE, legacy=True)
    ws.send(P.dumps(P.hello(code)))
    welcome = json.loads(ws.recv(5))
    assert welcome["type"] == "welcome", welcome
    return ws, welcome


def _answer(ws) -> dict:
    while True:
        msg = json.loads(ws.recv(5))
        if msg["type"] in ("refused", "error"):
            return msg


def test_join_errors_are_one_sentence(tmp_path: Path) -> None:
    with running(lambda: _noms(tmp_path)) as runner:
        server = runner.server
        assert server is not None
        with pytest.raises(JoinError, match="wrong seat code"):
            join(server.url, "not-a-code")
        with pytest.raises(JoinError, match="wrong seat code"):
            join(server.url, server.codes[0][:-1])
        ws = connect(server.url, legacy=True)
        ws.send(json.dumps({"type": "hello", "protocol": 99, "code": server.codes[0]}))
        assert "version mismatch" in json.loads(ws.recv(5))["reason"]
        ws.close()
        url = server.url
    with pytest.raises(JoinError, match="cannot reach the table"):
        join(url, "x", timeout=2)
    with pytest.raises(JoinError, match="not a table address"):
        join("http//nowhere", "x")


def test_bad_messages_are_refused_and_the_table_is_unharmed(tmp_path: Path) -> None:
    """Out of turn (another seat to move: a connection acts only for the seat its code proved),
    stale position, illegal, unparsable, malformed, unknown, oversized and flooding messages: each
    refused or closed, nothing applied, and the table plays on."""
    with running(lambda: _noms(tmp_path, rate=5.0, burst=10)) as runner:
        server = runner.server
        assert server is not None
        history = lambda: runner.call(lambda: len(server.session.history))  # noqa: E731
        mover = runner.call(lambda: server.session.to_move)
        assert mover in (0, 2)  # a remote seat bids first at seed 11 (the bots wait for it)
        other = 2 - mover
        name = ["Ann", "", "Bob"][mover]
        bob, _ = _raw(server.url, server.codes[other])
        n0 = history()
        bob.send(P.dumps(P.act("pass", n0)))  # the other remote's code, the mover's turn
        assert f"not your turn: {name} is to move" in _answer(bob)["reason"]
        bob.send(P.dumps({**P.act("pass", n0), "seat": mover}))  # naming another seat changes nothing
        assert "not your turn" in _answer(bob)["reason"]
        ann, _ = _raw(server.url, server.codes[mover])
        ann.send(P.dumps(P.act("pass", n0 - 1)))
        assert "moved on" in _answer(ann)["reason"]
        ann.send(P.dumps(P.act("bid 99", n0)))
        assert _answer(ann)["type"] == "refused"
        ann.send(P.dumps(P.act("fly away", n0)))
        assert _answer(ann)["type"] == "refused"
        ann.send("{not json")
        assert "not JSON" in _answer(ann)["reason"]
        ann.send(json.dumps({"type": "shout"}))
        assert "unknown message type" in _answer(ann)["reason"]
        ann.send(json.dumps({"type": "act", "action": ["pass"], "n": n0}))
        assert _answer(ann)["type"] == "refused"
        assert history() == n0
        big, _ = _raw(server.url, server.codes[other])
        big.send("x" * (P.MAX_MESSAGE + 1))
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                big.recv(5)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
        flood, _ = _raw(server.url, server.codes[other])
        with pytest.raises(ConnectionClosed):
            for _ in range(200):
                flood.send(json.dumps({"type": "noise"}))
            while True:
                flood.recv(5)
        assert history() == n0
        third = connect(server.url, legacy=True)  # Bob has two connections open at most (bob and flood's gone: one)
        third.send(P.dumps(P.hello(server.codes[other])))
        assert json.loads(third.recv(5))["type"] == "welcome"
        fourth = connect(server.url, legacy=True)
        fourth.send(P.dumps(P.hello(server.codes[other])))
        assert "already has 2 connections" in json.loads(fourth.recv(5))["reason"]
        time.sleep(0.3)  # the flood's bucket refills: Ann's move goes through
        ann.send(P.dumps(P.act("pass", n0)))
        while True:
            msg = json.loads(ann.recv(5))
            if msg["type"] == "update":
                break
        assert msg["batches"][0]["actor"] == mover and history() > n0
        for ws in (bob, ann, third, fourth):
            ws.close()


def test_a_remote_move_refused_says_why_and_changes_nothing(tmp_path: Path) -> None:
    with running(lambda: _noms(tmp_path)) as runner:
        server = runner.server
        assert server is not None
        mover = runner.call(lambda: server.session.to_move)
        ann, bob = join(server.url, server.codes[mover]), join(server.url, server.codes[2 - mover])
        n = len(ann.history)
        with pytest.raises(IllegalAction, match="not your turn"):
            bob.act("pass")
        with pytest.raises(IllegalAction):
            ann.act("play 2C")  # the auction is on
        assert len(ann.history) == n and runner.call(lambda: len(server.session.history)) == n
        ann.act(ann.view(mover).legal_actions()[0])
        bob.close()
        assert len(ann.history) > n
        ann.close()


def test_a_client_dropped_mid_turn_reconnects_and_continues(tmp_path: Path) -> None:
    """Ann's connection is cut twice mid-match (once while the others move); her session
    reconnects by itself with the same code, gets the batches it missed, and the match ends."""
    with running(lambda: _noms(tmp_path)) as runner:
        server = runner.server
        assert server is not None
        a, b = tapped_join(server.url, server.codes[0]), tapped_join(server.url, server.codes[2])

        def cut(step: int) -> None:
            if step in (5, 40):
                a._ws.close()  # the network drops: the reader thread reconnects

        in_threads(lambda: play_seat(a, 1, between=cut), lambda: play_seat(b, 2))
        assert a.is_over and b.is_over
        a.close()
        b.close()
    log = tmp_path / "t.jsonl"
    assert gamelog.verify_log(log).ok
    assert sum(1 for m in a.messages if m["type"] == "welcome") == 3
    check_messages(log, 0, a.messages)


def test_a_nogginate_round_with_partners_on_two_connections(tmp_path: Path) -> None:
    """Partners Ann and Bob (seats 0 and 2) play one whole round of Nogginate from two connections
    against two server bots; each receives only its own view and the private events it may see."""
    log = tmp_path / "n.jsonl"
    with running(lambda: TableServer.new("nogginate", NOMS_SEATS, rules={"fixed_rounds": 1}, seed=4,
                                         log_path=log)) as runner:
        server = runner.server
        assert server is not None
        a, b = tapped_join(server.url, server.codes[0]), tapped_join(server.url, server.codes[2])
        in_threads(lambda: play_seat(a, 1), lambda: play_seat(b, 2))
        assert a.is_over and b.is_over
        a.close()
        b.close()
    assert gamelog.verify_log(log).ok
    assert check_messages(log, 0, a.messages) > 20 and check_messages(log, 2, b.messages) > 20
    replay = gamelog.Replay(gamelog.read_log(log))
    private = [e for events in replay.events for e in events if e.visible_to is not None]
    assert any(not e.seen_by(0) for e in private) and any(not e.seen_by(2) for e in private)


def test_tls_when_given_a_certificate(tmp_path: Path) -> None:
    """With a certificate the table is wss://: a client trusting it plays; one that does not gets a
    one-sentence refusal; a plain ws:// client cannot join."""
    import ssl
    import subprocess

    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out",
                    str(cert), "-days", "1", "-subj", "/CN=localhost"], check=True, capture_output=True)
    server_ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    server_ctx.load_cert_chain(cert, key)
    with running(lambda: _noms(tmp_path, ssl=server_ctx)) as runner:
        server = runner.server
        assert server is not None and server.url.startswith("wss://")
        trust = ssl.create_default_context(cafile=str(cert))
        trust.check_hostname = False
        ann = join(server.url, server.codes[0], ssl_context=trust)
        assert ann.view(0) is not None
        ann.close()
        with pytest.raises(JoinError, match="secure connection"):
            join(server.url, server.codes[0])
        with pytest.raises(JoinError):
            join(server.url.replace("wss://", "ws://"), server.codes[0], timeout=3)


def test_every_seat_hears_when_a_person_leaves_the_table_and_joins_again(tmp_path: Path) -> None:
    """Presence (docs/protocol.md): Ann sees Bob's seat away before he joins, at the table once he
    has, away when his connection closes, and back when he joins again with his code; a bot's seat
    is never away, and a person's wait cue names who is away."""
    def until(check) -> None:
        end = time.monotonic() + 10
        while not check():
            assert time.monotonic() < end, "no presence message came"
            time.sleep(0.02)

    with running(lambda: _noms(tmp_path)) as runner:
        server = runner.server
        assert server is not None
        a = join(server.url, server.codes[0])
        assert a.away == {2} and a.seat_kind(2) == "away" and a.seat_kind(1) == "bot" and a.seat_kind(0) == "human"
        b = join(server.url, server.codes[2])
        until(lambda: a.seat_kind(2) == "remote")
        assert b.away == frozenset()
        b.close()
        until(lambda: a.away == {2})
        b = join(server.url, server.codes[2])
        until(lambda: not a.away)
        assert runner.call(server.away) == []
        a.close()
        b.close()
