"""A table server (issue 27): one :class:`engine.session.Session` played by people at other
terminals over websockets, with the bots run here.

The server owns the session and its log (the same log as a local match: ``cardtable replay
--verify`` checks it, and :meth:`TableServer.resume` goes on from it after a crash). Every human
seat has a random code (:func:`secrets.token_urlsafe`, 128 bits); a connection proves one seat
with its code (compared with :func:`hmac.compare_digest`) and from then on:

* it receives only that seat's view (``State.view``) and the events that seat may see
  (``Event.seen_by``), never the state: the same filtering the hot-seat table and the replays use;
* an ``act`` is taken only for that seat, only when it is to move, only at the position the
  client saw, and only when ``Session.act`` finds it legal; anything else gets ``refused`` with
  the reason and the table is unchanged.

Limits (:mod:`net.protocol`): message size (the websocket closes a bigger frame, code 1009),
a token bucket per connection (flooding closes it, code 1008), connections per seat.

Seat codes are kept beside the log in ``<log>.codes`` (JSON, file mode 0600): a restarted server
must accept the same codes, and a file next to the log is no new secret to guard, since the log
itself holds every hidden card of the match. The file is removed when the match ends.

Play happens in *batches*: one player's action and the chance steps ``Session.act`` applies after
it (a deal), or the chance steps that open the match. A client receives batches in order, each with
its events and the seat's view after it; a client that reconnects says the last batch it saw and
receives those it missed.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import os
import secrets
import ssl as ssl_module
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from engine import gamelog
from engine.core import Action, ActionParseError, Event, IllegalAction, State
from engine.seats import SeatSpec
from engine.session import Session
from engine.variants import variant_to_table
from net import protocol as P
from net.codec import encode, encode_event

#: seconds a new connection has to send its hello
HELLO_TIMEOUT = 10.0
#: the suffix of the seat-code file beside a log
CODES_SUFFIX = ".codes"


class HostError(ValueError):
    """A table that cannot be hosted as asked (one sentence: a bad seat, no remote seat...)."""


@dataclass
class Batch:
    """One step of play as clients receive it: ``actor``'s action (or ``"chance"`` for the
    opening deal) and the chance steps after it.

    Attributes:
        actor: the seat that acted, or ``"chance"``.
        start: the number of actions in the match before this batch.
        end: the number of actions in the match after this batch.
        obs: per seat, the action as that seat sees it (``State.observation``).
        quiet: the action moves nothing (``Action.quiet``: a table plays it without delay).
        events: every event of the batch (filtered per seat when sent).
        after: the state after the batch (a clone; only the server reads it).
    """

    actor: int | str
    start: int
    end: int
    obs: list[str]
    quiet: bool
    events: list[Event]
    after: State


def codes_path(log_path: Path) -> Path:
    """Where the seat codes of the table logging to ``log_path`` are kept."""
    return log_path.with_name(log_path.name + CODES_SUFFIX)


def new_code() -> str:
    """A fresh seat code: 16 random bytes from :mod:`secrets`, URL-safe text (22 characters)."""
    return secrets.token_urlsafe(16)


def parse_host_seats(texts: Sequence[str]) -> tuple[list[SeatSpec], list[int]]:
    """The seats of ``cardtable host``: ``human[:NAME]`` (the host's own seat), ``remote[:NAME]``
    (a person joining with a code) or ``ai:LEVEL[:NAME]``.

    Returns:
        the session's seat specs (a remote seat is a human seat there, so the log is an ordinary
        log) and the indices of the remote seats.

    Raises:
        engine.seats.SeatSpecError: for a bad seat (names it).
        HostError: when no seat is remote or more than one is the host's.
    """
    specs: list[SeatSpec] = []
    remote: list[int] = []
    for i, text in enumerate(texts):
        kind, _, name = text.partition(":")
        if kind.strip().lower() == "remote":
            specs.append(SeatSpec.parse("human" + (f":{name}" if name else "")))
            remote.append(i)
        else:
            specs.append(SeatSpec.parse(text))
    if not remote:
        raise HostError("no seat is remote: give at least one --seat remote (or play locally with cardtable play)")
    local = [i for i, s in enumerate(specs) if s.is_human and i not in remote]
    if len(local) > 1:
        raise HostError("the host plays at most one seat here: make the other people's seats remote")
    return specs, remote


class _Bucket:
    """A token bucket: :data:`net.protocol.RATE` messages a second, bursts of :data:`net.protocol.BURST`."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, float(burst)
        self.tokens, self.at = float(burst), time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True


@dataclass
class _Conn:
    ws: ServerConnection
    seat: int
    queue: asyncio.Queue = field(default_factory=asyncio.Queue)


class TableServer:
    """Serve one session to its human seats (see the module docstring).

    Args:
        session: a new (not yet advanced) or resumed session; the server drives it from now on.
        codes: seat -> code, for every human seat (the host's own seat included: its table joins
            over the loopback like anyone's).
        remote: the seats whose join lines are printed (the others' codes are the host's).
        bind: the address to listen on (``127.0.0.1`` unless the host says otherwise).
        port: the port (0: any free one; :attr:`port` says which).
        ssl: a server TLS context (``wss://``), or None.
        bot_delay: seconds to wait after a bot's move before the next bot moves (the clients pace
            the moves they show themselves; this only spreads the server's work).
        rate, burst: the message rate limit per connection (tests lower it).
    """

    def __init__(self, session: Session, codes: dict[int, str], remote: Sequence[int] = (), *,
                 bind: str = "127.0.0.1", port: int = 0, ssl: ssl_module.SSLContext | None = None,
                 bot_delay: float = 0.0, rate: float = P.RATE, burst: int = P.BURST) -> None:
        self.session = session
        self.codes = dict(codes)
        self.remote = list(remote)
        self.bind, self.port, self.ssl = bind, port, ssl
        self.bot_delay = bot_delay
        self.rate, self.burst = rate, burst
        self.batches: list[Batch] = []
        self._conns: dict[int, list[_Conn]] = {s: [] for s in self.codes}
        self._away_said: list[int] = sorted(self._conns)  # the seats away as last told (nobody at first)
        self._lock = asyncio.Lock()
        self._server: Server | None = None
        self._drive_task: asyncio.Task | None = None
        self.over = asyncio.Event()
        #: actions accepted from clients and bots since start (the load benchmark counts them)
        self.accepted = 0

    # -- making a table ------------------------------------------------------------
    @classmethod
    def new(cls, game_id: str, seats: Sequence[str], *, rules: Any = None, seed: int | None = None,
            log_path: Path | None = None, log_dir: Path | None = None, **kw: Any) -> "TableServer":
        """A new table for ``game_id`` with ``seats`` (:func:`parse_host_seats`); every human seat
        gets a fresh code. Raises what :class:`engine.session.Session` and
        :func:`parse_host_seats` raise."""
        specs, remote = parse_host_seats(seats)
        session = Session(game_id, rules, specs, seed=seed, log_path=log_path, log_dir=log_dir)
        codes = {i: new_code() for i, s in enumerate(specs) if s.is_human}
        return cls(session, codes, remote, **kw)

    @classmethod
    def resume(cls, log_path: Path, **kw: Any) -> "TableServer":
        """The table logging to ``log_path``, after the server stopped (a crash, ``kill -9``): the
        session resumes from the log (:meth:`engine.session.Session.resume`), the seat codes are
        read back from :func:`codes_path`, the batches rebuilt from the log's actions.

        Raises:
            HostError: no codes file beside the log (it was not a hosted table, or it is over).
            OSError, engine.gamelog.LogReplayError, ValueError: as ``Session.resume``.
        """
        log_path = Path(log_path)
        try:
            stored = json.loads(codes_path(log_path).read_text())
            codes = {int(k): str(v) for k, v in stored["codes"].items()}
            remote = [int(s) for s in stored["remote"]]
        except (OSError, ValueError, KeyError, TypeError) as err:
            raise HostError(f"{codes_path(log_path)}: no seat codes to resume this table with ({err})") from err
        session = Session.resume(log_path)
        self = cls(session, codes, remote, **kw)
        self._rebuild_batches()
        return self

    def _rebuild_batches(self) -> None:
        """The batches of the match so far, from its log (after :meth:`resume`)."""
        assert self.session.log_path is not None
        replay = gamelog.Replay(gamelog.read_log(self.session.log_path))
        n_seats = len(self.session.seats)
        i = 0
        while i < replay.last_index:
            start, actor = i, replay.actors[i]
            i += 1
            while i < replay.last_index and replay.actors[i] == "chance":
                i += 1
            action = self.session.game.parse_action(replay.notations[start])
            before = replay.positions[start]
            events = [e for k in range(start, i) for e in replay.events[k]]
            self.batches.append(Batch(actor, start, i, [before.observation(action, s) for s in range(n_seats)],
                                      bool(getattr(action, "quiet", False)), events, replay.positions[i]))

    def _write_codes(self) -> None:
        """Keep the codes beside the log (mode 0600), written whole or not at all."""
        path = self.session.log_path
        if path is None:
            return
        target = codes_path(path)
        tmp = target.with_name(target.name + ".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as f:
            json.dump({"codes": {str(k): v for k, v in self.codes.items()}, "remote": self.remote}, f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)

    # -- running -------------------------------------------------------------------
    @property
    def url(self) -> str:
        """The address clients join (``ws://127.0.0.1:PORT``, ``wss://`` with TLS)."""
        host = self.bind if self.bind not in ("0.0.0.0", "::", "") else "127.0.0.1"
        if ":" in host:
            host = f"[{host}]"
        return f"{'wss' if self.ssl else 'ws'}://{host}:{self.port}"

    def join_line(self, seat: int, host: str | None = None) -> str:
        """The one line that joins ``seat`` (``cardtable join URL --code CODE``); ``host`` replaces
        the address in the URL (the name friends reach this machine by)."""
        url = self.url
        if host:
            url = f"{url.split('://')[0]}://{host}:{self.port}"
        return f"cardtable join {url} --code {self.codes[seat]}"

    async def start(self) -> None:
        """Listen, deal (a new match) and write the codes beside the log; bots start moving.

        Raises:
            OSError: the address cannot be bound (in use, not this machine's).
        """
        self._server = await serve(self._handler, self.bind, self.port, ssl=self.ssl,
                                   max_size=P.MAX_MESSAGE, max_queue=4, ping_interval=20, ping_timeout=20)
        sock = next(iter(self._server.sockets))
        self.port = sock.getsockname()[1]
        async with self._lock:
            s = self.session
            n0 = len(s.history)
            events = s.advance()  # the deal (a new match; a resumed one stopped at a chance step)
            if len(s.history) > n0 or not self.batches:
                self.batches.append(Batch("chance", n0, len(s.history), [""] * len(s.seats), True, events,
                                          s.state.clone()))
            self._write_codes()
            self._check_over()
        self._kick_bots()

    async def close(self) -> None:
        """Stop listening, tell the clients, close the log (the table can be resumed from it)."""
        if self._drive_task is not None:
            self._drive_task.cancel()
        for conns in self._conns.values():
            for c in list(conns):
                c.queue.put_nowait(P.dumps(P.error("the table server is shutting down")))
                c.queue.put_nowait(None)
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        self.session.close()

    async def serve_until_over(self, grace: float = 5.0) -> None:
        """Run until the match is over (then ``grace`` seconds more, for the last views to go out)."""
        await self.over.wait()
        await asyncio.sleep(grace)

    def _check_over(self) -> None:
        if self.session.is_over and not self.over.is_set():
            self.over.set()
            self.session.close()
            if self.session.log_path is not None:
                codes_path(self.session.log_path).unlink(missing_ok=True)

    # -- one connection ------------------------------------------------------------------
    def seat_for(self, code: Any) -> int | None:
        """The seat whose code is ``code``, compared in constant time with every seat's code."""
        if not isinstance(code, str) or len(code) > 200:
            return None
        found = None
        given = code.encode()
        for seat, real in self.codes.items():
            if hmac.compare_digest(given, real.encode()):
                found = seat
        return found

    async def _handler(self, ws: ServerConnection) -> None:
        conn: _Conn | None = None
        writer: asyncio.Task | None = None
        try:
            conn = await self._hello(ws)
            if conn is None:
                return
            writer = asyncio.create_task(self._write(conn))
            bucket = _Bucket(self.rate, self.burst)
            async for raw in ws:
                if not bucket.take():
                    await self._send_now(conn, P.error(f"too many messages: at most {self.rate:g} a second"))
                    await self._drop(ws, 1008, "too many messages")
                    return
                try:
                    msg = P.loads(raw)
                except P.ProtocolError as err:
                    conn.queue.put_nowait(P.dumps(P.refused(str(err))))
                    continue
                if msg["type"] == "act":
                    await self._act(conn, msg)
                else:
                    conn.queue.put_nowait(P.dumps(P.refused(f"unknown message type {msg['type'][:40]!r}")))
        except ConnectionClosed:
            pass
        finally:
            if conn is not None:
                if conn in self._conns.get(conn.seat, []):
                    self._conns[conn.seat].remove(conn)
                    self._tell_presence()
                conn.queue.put_nowait(None)
            if writer is not None:
                await asyncio.gather(writer, return_exceptions=True)

    @staticmethod
    async def _drop(ws: ServerConnection, code: int, reason: str) -> None:
        """Close ``ws`` with ``code``; a peer that does not answer the close within a second (it is
        still flooding us) is cut off."""
        try:
            await asyncio.wait_for(ws.close(code, reason), 1.0)
        except (asyncio.TimeoutError, ConnectionClosed):
            ws.transport.abort()

    async def _send_now(self, conn: _Conn, message: dict) -> None:
        conn.queue.put_nowait(P.dumps(message))
        conn.queue.put_nowait(None)
        await asyncio.sleep(0)

    async def _write(self, conn: _Conn) -> None:
        """Send ``conn``'s queued messages in order (None ends)."""
        while True:
            text = await conn.queue.get()
            if text is None:
                return
            try:
                await conn.ws.send(text)
            except ConnectionClosed:
                return

    async def _refuse_hello(self, ws: ServerConnection, reason: str) -> None:
        try:
            await ws.send(P.dumps(P.error(reason)))
            await ws.close(1008, reason[:100])
        except ConnectionClosed:
            pass

    async def _hello(self, ws: ServerConnection) -> _Conn | None:
        """Read the hello and prove the seat; send the welcome (or an error and close)."""
        try:
            raw = await asyncio.wait_for(ws.recv(), HELLO_TIMEOUT)
            msg = P.loads(raw)
        except asyncio.TimeoutError:
            await self._refuse_hello(ws, f"no hello within {HELLO_TIMEOUT:g} seconds")
            return None
        except P.ProtocolError as err:
            await self._refuse_hello(ws, str(err))
            return None
        if msg["type"] != "hello":
            await self._refuse_hello(ws, 'the first message must be a "hello"')
            return None
        if msg.get("protocol") != P.PROTOCOL:
            await self._refuse_hello(ws, f"version mismatch: this table speaks protocol {P.PROTOCOL}, the client "
                                         f"{msg.get('protocol')!r}; use the same cardtable version as the host")
            return None
        seat = self.seat_for(msg.get("code"))
        if seat is None:
            await self._refuse_hello(ws, "wrong seat code: no seat at this table has it")
            return None
        if len(self._conns[seat]) >= P.CONNECTIONS_PER_SEAT:
            await self._refuse_hello(ws, f"seat {seat + 1} already has {P.CONNECTIONS_PER_SEAT} connections")
            return None
        conn = _Conn(ws, seat)
        async with self._lock:
            since = msg.get("since")
            conn.queue.put_nowait(P.dumps(self._welcome(seat, since if isinstance(since, int) else None)))
            self._conns[seat].append(conn)
            self._tell_presence()
        return conn

    def away(self) -> list[int]:
        """The human seats with no open connection now (nobody has joined yet, or they left)."""
        return [seat for seat, conns in self._conns.items() if not conns]

    def _tell_presence(self) -> None:
        """Send every connection the seats away, when that changed since the last time said."""
        away = self.away()
        if away == self._away_said:
            return
        self._away_said = away
        text = P.dumps(P.presence(away))
        for conns in self._conns.values():
            for c in conns:
                c.queue.put_nowait(text)

    def _welcome(self, seat: int, since: int | None) -> dict:
        s = self.session
        out: dict[str, Any] = {
            "type": "welcome", "protocol": P.PROTOCOL, "seat": seat, "game": s.game.id,
            "rules": variant_to_table(s.variant), "names": list(s.names),
            "humans": [i for i, spec in enumerate(s.seats) if spec.is_human],
            "narration": s.narration[-200:], "state": self._snapshot(seat, self.batches[-1].after),
            "hands": self._hand_results(), "away": [a for a in self.away() if a != seat],
        }
        if since is not None:
            out["batches"] = [self._batch(b, seat) for b in self.batches if b.end > since]
        return out

    def _hand_results(self) -> dict[str, dict]:
        """Hand index -> the public ``hand_over`` data of every finished hand."""
        out: dict[str, dict] = {}
        for b in self.batches:
            for e in b.events:
                if e.kind == "hand_over" and e.visible_to is None:
                    out[str(e.data.get("hand", len(out)))] = encode(dict(e.data))
        return out

    def _snapshot(self, seat: int, state: State) -> dict:
        return {"n": self.batches[-1].end if state is self.batches[-1].after else None,
                "to_move": state.to_move, "over": state.is_over, "scores": list(state.scores()),
                "winners": list(state.winners()), "hand": state.hand_number, "view": encode(state.view(seat))}

    def _batch(self, b: Batch, seat: int) -> dict:
        snap = self._snapshot(seat, b.after)
        snap["n"] = b.end
        return {"actor": b.actor, "start": b.start, "obs": b.obs[seat], "quiet": b.quiet,
                "events": [encode_event(e) for e in b.events if e.seen_by(seat)], "state": snap}

    # -- play ------------------------------------------------------------------------
    async def _act(self, conn: _Conn, msg: dict) -> None:
        s = self.session
        async with self._lock:
            notation, n = msg.get("action"), msg.get("n")
            reason: str | None = None
            if not isinstance(notation, str) or not notation or len(notation) > P.MAX_NOTATION:
                reason = f'"action" must be an action\'s notation (text, at most {P.MAX_NOTATION} characters)'
            elif s.is_over:
                reason = "the match is over"
            elif s.to_move != conn.seat:
                who = s.names[s.to_move] if s.to_move >= 0 else "nobody"
                reason = f"it is not your turn: {who} is to move"
            elif n != len(s.history):
                reason = f"the table has moved on (you saw {n!r} actions, there are {len(s.history)})"
            else:
                try:
                    self._apply(conn.seat, s.game.parse_action(notation))
                except (IllegalAction, ActionParseError) as err:
                    reason = str(err)
            if reason is not None:
                conn.queue.put_nowait(P.dumps(P.refused(reason, len(s.history))))
                return
        self._kick_bots()

    def _apply(self, seat: int, action: Action) -> None:
        """Play ``action`` for ``seat`` (``Session.act`` validates it), record the batch and send
        it to every connection. Raises IllegalAction as ``Session.act``."""
        s = self.session
        obs = [s.state.observation(action, k) for k in range(len(s.seats))]
        n0 = len(s.history)
        events = s.act(action)
        self.accepted += 1
        batch = Batch(seat, n0, len(s.history), obs, bool(getattr(action, "quiet", False)), events, s.state.clone())
        self.batches.append(batch)
        for k, conns in self._conns.items():
            if conns:
                text = P.dumps({"type": "update", "batches": [self._batch(batch, k)]})
                for c in conns:
                    c.queue.put_nowait(text)
        self._check_over()

    def _kick_bots(self) -> None:
        if self._drive_task is None or self._drive_task.done():
            self._drive_task = asyncio.create_task(self._drive())

    async def _drive(self) -> None:
        """Play the bots' turns (each chosen in a worker thread from its view only)."""
        s = self.session
        while True:
            async with self._lock:
                seat = s.to_move
                if s.is_over or seat < 0 or s.is_human(seat):
                    return
            action = await asyncio.to_thread(s.bot_choose, seat)
            async with self._lock:
                if s.to_move != seat:
                    continue
                self._apply(seat, action)
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)


class ServerThread:
    """A :class:`TableServer` running in a thread of its own (its own asyncio loop): how
    ``cardtable host`` serves while the host's table runs in the foreground, and how tests
    serve real clients.

    Args:
        make: builds the server (called in the thread, so its asyncio objects belong to that loop).

    Attributes:
        server: the running server once :meth:`start` returned.
    """

    def __init__(self, make: "Any") -> None:
        import threading

        self._make = make
        self._ready = threading.Event()
        self._stop: asyncio.Event | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self.server: TableServer | None = None
        self.error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="cardtable-server", daemon=True)

    def start(self, timeout: float = 10.0) -> TableServer:
        """Start it and wait until it listens.

        Raises:
            whatever building or starting the server raised (OSError for an address in use...).
        """
        self._thread.start()
        self._ready.wait(timeout)
        if self.error is not None:
            raise self.error
        if self.server is None:
            raise TimeoutError("the table server did not start")
        return self.server

    def _run(self) -> None:
        asyncio.run(self._main())

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        try:
            server = self._make()
            await server.start()
        except BaseException as err:  # noqa: BLE001 - handed to start()'s caller
            self.error = err
            self._ready.set()
            return
        self.server = server
        self._ready.set()
        await self._stop.wait()
        await server.close()

    def call(self, fn: "Any") -> "Any":
        """Run ``fn()`` in the server's loop and return its result (tests read the session safely)."""
        import concurrent.futures

        assert self._loop is not None

        async def run() -> Any:
            return fn()

        fut: concurrent.futures.Future = asyncio.run_coroutine_threadsafe(run(), self._loop)
        return fut.result(10)

    def wait_over(self, grace: float = 3.0) -> None:
        """Block until the match is over (then ``grace`` seconds for the last views to go out) or the
        server thread ends."""
        assert self.server is not None
        while not self.server.over.is_set() and self._thread.is_alive():
            self._thread.join(0.5)
        if self._thread.is_alive():
            self._thread.join(grace)

    def stop(self, timeout: float = 10.0) -> None:
        """Close the server (clients are told) and wait for the thread."""
        if self._loop is not None and self._stop is not None and self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(timeout)
