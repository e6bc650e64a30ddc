"""A seat at a table server, as a session a table screen plays (issue 27).

:func:`join` connects with the table's URL and a seat code and returns a :class:`RemoteSession`:
the same typed interface (:class:`engine.session.TableSession`) the table screens use for a local
:class:`engine.session.Session`, so a screen does not know which it has.

How the screen's loop maps onto the wire. The screen plays its own seat with :meth:`RemoteSession.act`
(the action is sent; the call returns the events once the server has applied it, or raises
``IllegalAction`` with the server's reason). Every other seat looks like a bot to the screen
(:meth:`RemoteSession.is_human` is True only for this seat): the screen asks
:meth:`RemoteSession.bot_choose` in its worker thread, which waits for the server's next batch (that
seat's move, a person's or a bot's) and returns it as a :class:`RemoteMove`; the screen then
``act``\\ s it, which takes the batch's events and view. So the screen's pace, "X is thinking" cue
and event narration work unchanged.

A websocket is read in a thread of its own (``websockets.sync``). When the connection drops the
thread reconnects (backing off up to :data:`RECONNECT_FOR` seconds) and asks for the batches it
missed; the screen keeps waiting meanwhile, and its own move is refused with a sentence saying so.
"""

from __future__ import annotations

import random
import ssl as ssl_module
import threading
import time
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.sync.client import ClientConnection, connect

from engine.core import Action, Event, IllegalAction, View
from engine.games import get_game
from engine.seats import SeatSpec
from engine.session import Hint, HintMemory
from engine.variants import build_variant
from net import protocol as P
from net.codec import CodecError, decode, decode_event

#: seconds a dropped client keeps trying to reconnect
RECONNECT_FOR = 60.0
#: seconds to wait for the server's answer to a move
ANSWER_TIMEOUT = 15.0


class JoinError(Exception):
    """Joining failed; the text is one sentence for the player (wrong code, server gone, version mismatch)."""


@dataclass(frozen=True)
class RemoteMove(Action):
    """Another seat's move as this seat saw it (``State.observation``): what
    :meth:`RemoteSession.bot_choose` returns, and what the screen hands back to ``act``."""

    text: str
    quiet: bool = False  # type: ignore[misc]

    def __str__(self) -> str:
        return self.text


def _open(url: str, ssl_context: ssl_module.SSLContext | None, timeout: float) -> ClientConnection:
    """Open the websocket, with every failure as a :class:`JoinError` sentence."""
    # legacy=True: a connection held open across calls, not a with-block (websockets 17.1)
    kw: dict[str, Any] = {"open_timeout": timeout, "max_size": P.MAX_SERVER_MESSAGE, "close_timeout": 2,
                          "legacy": True}
    if url.startswith("wss://"):
        kw["ssl"] = ssl_context or ssl_module.create_default_context()
    try:
        return connect(url, **kw)
    except InvalidURI:
        raise JoinError(f"{url} is not a table address: it looks like ws://HOST:PORT (wss:// with TLS)") from None
    except InvalidHandshake as err:
        raise JoinError(f"{url} is not a cardtable table server ({err})") from None
    except ssl_module.SSLError as err:
        raise JoinError(f"cannot make a secure connection to {url}: {err.reason or err}") from None
    except TimeoutError:
        raise JoinError(f"the table at {url} does not answer (timed out after {timeout:g} s)") from None
    except OSError as err:
        raise JoinError(f"cannot reach the table at {url}: {err.strerror or err} (is the host's server running?)") \
            from None


def _hello(ws: ClientConnection, code: str, since: int | None, timeout: float) -> dict:
    msg = P.hello(code)
    if since is not None:
        msg["since"] = since
    try:
        ws.send(P.dumps(msg))
        answer = P.loads(ws.recv(timeout), limit=P.MAX_SERVER_MESSAGE)
    except TimeoutError:
        ws.close()
        raise JoinError(f"the table did not answer the hello within {timeout:g} s") from None
    except ConnectionClosed:
        raise JoinError("the table closed the connection") from None
    except P.ProtocolError as err:
        ws.close()
        raise JoinError(f"the table sent a bad message ({err})") from None
    if answer["type"] == "error":
        ws.close()
        raise JoinError(str(answer.get("reason", "refused")))
    if answer["type"] != "welcome":
        ws.close()
        raise JoinError(f"the table answered {answer['type']!r} to the hello")
    return answer


def join(url: str, code: str, *, ssl_context: ssl_module.SSLContext | None = None,
         timeout: float = 10.0, tap: Callable[[dict], None] | None = None) -> "RemoteSession":
    """Sit down at the table server at ``url`` (``ws://HOST:PORT`` or ``wss://``) in the seat whose
    code is ``code``.

    ``tap``, if given, is called with every message the server sends (the welcome first), as parsed
    JSON, before the session takes it (tests check each against the seat's view).

    Returns:
        a :class:`RemoteSession` for that seat, connected (close it with :meth:`RemoteSession.close`).

    Raises:
        JoinError: one sentence: the address is bad or unreachable, the code is wrong, the protocol
            versions differ, the seat has too many connections.
    """
    ws = _open(url, ssl_context, timeout)
    welcome = _hello(ws, code, None, timeout)
    if tap is not None:
        tap(welcome)
    return RemoteSession(url, code, ws, welcome, ssl_context=ssl_context, timeout=timeout, tap=tap)


class RemoteSession:
    """One seat of a table server, as a table screen's session (see the module docstring).

    Made by :func:`join`. Attributes as :class:`engine.session.Session`'s that a screen reads:
    ``game``, ``variant``, ``names``, ``seats``, ``history`` (this seat's observations),
    ``narration``, ``seed`` (None: the seed is the host's secret), ``log_path`` (None), ``log_error``.

    Attributes:
        seat: the seat this session plays.
        hosted_log: the table's log when this terminal hosts the table (``cardtable host`` sets it:
            quitting here closes the table for everyone), else None.
        away: the other human seats with no connection to the table now (they left or lost the link).
        connected: False while the connection is down (the reader thread is reconnecting).
        gone: the sentence saying why the table is lost for good, else None.
    """

    def __init__(self, url: str, code: str, ws: ClientConnection, welcome: dict, *,
                 ssl_context: ssl_module.SSLContext | None = None, timeout: float = 10.0,
                 tap: Callable[[dict], None] | None = None) -> None:
        self._tap = tap
        self.url, self._code, self._ssl, self._timeout = url, code, ssl_context, timeout
        self.seat: int = int(welcome["seat"])
        self.game = get_game(str(welcome["game"]))
        self.variant = build_variant(self.game.variant_class, welcome.get("rules") or {}, source=url, section="rules")
        self.names: list[str] = [str(n) for n in welcome["names"]]
        humans = set(welcome.get("humans") or [])
        self.seats: list[SeatSpec] = [SeatSpec("human" if i in humans else "ai", "" if i in humans else "remote", n)
                                      for i, n in enumerate(self.names)]
        self.narration: list[str] = [str(x) for x in welcome.get("narration") or []]
        self.away: frozenset[int] = frozenset(int(a) for a in welcome.get("away") or [])
        self.hosted_log: Path | None = None
        self.seed: int | str | None = None
        self.log_path = None
        self.log_error: str | None = None
        self.undo_mode = "off"
        self.ended_before_resume = False
        self._hands: dict[int, dict] = {int(k): decode(v) for k, v in (welcome.get("hands") or {}).items()}
        self._cond = threading.Condition()
        self._pending: deque[dict] = deque()
        self._refusal: str | None = None
        self._hints = HintMemory(self.game.id)  # as a local Session keeps them
        self._set_state(welcome["state"])
        self.history: list[tuple[int | str, str]] = [("chance", "")] * self._n
        self._received = self._n
        self.connected = True
        self.gone: str | None = None
        self._closing = False
        self._epoch = 0  # connections made again so far
        self._ws = ws
        #: called (from the reader thread) whenever something arrives or the connection changes; tests and UIs
        self.on_change: Callable[[], None] | None = None
        self._reader = threading.Thread(target=self._read_loop, name=f"cardtable-seat-{self.seat}", daemon=True)
        self._reader.start()

    # -- the current position -------------------------------------------------------
    def _set_state(self, snap: dict) -> None:
        self._n = int(snap["n"])
        self._to_move = int(snap["to_move"])
        self._over = bool(snap["over"])
        self._scores = [float(x) for x in snap["scores"]]
        self._winners = [int(x) for x in snap["winners"]]
        self._hand = int(snap["hand"])
        self._view: View = decode(snap["view"])

    @property
    def to_move(self) -> int:
        """The seat to act (``engine.core.CHANCE``/``TERMINAL`` as a local session)."""
        return self._to_move

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def hand_number(self) -> int:
        return self._hand

    def scores(self) -> list[float]:
        return list(self._scores)

    def winners(self) -> list[int]:
        return list(self._winners)

    def is_human(self, seat: int) -> bool:
        """True only for this seat: the screen waits for every other seat as for a bot."""
        return seat == self.seat

    def seat_kind(self, seat: int) -> str:
        """``"human"`` for this seat, ``"bot"`` for a bot, ``"remote"`` for a person at another
        terminal, ``"away"`` for a person with no connection now (see
        :meth:`engine.session.Session.seat_kind`)."""
        if seat == self.seat:
            return "human"
        if not (0 <= seat < len(self.seats)) or not self.seats[seat].is_human:
            return "bot"
        return "away" if seat in self.away else "remote"

    def view(self, seat: int) -> View:
        """This seat's view (the server sends no other).

        Raises:
            ValueError: for another seat.
        """
        if seat != self.seat:
            raise ValueError(f"a remote seat sees only its own view (seat {self.seat + 1})")
        return self._view

    def hand_results(self) -> dict[int, dict]:
        """Hand index -> the ``hand_over`` data of every hand finished so far."""
        return dict(self._hands)

    # -- the wire ----------------------------------------------------------------------
    def _notify(self) -> None:
        self._cond.notify_all()
        if self.on_change is not None:
            try:
                self.on_change()
            except Exception:  # noqa: BLE001 - a listener's failure must not stop the reader
                pass

    def _take(self, msg: dict) -> None:
        """Handle one message from the server (the reader thread, holding the condition)."""
        if self._tap is not None:
            self._tap(msg)
        kind = msg["type"]
        if kind in ("update", "welcome"):
            if kind == "welcome":
                self.away = frozenset(int(a) for a in msg.get("away") or [])
            for b in msg.get("batches") or []:
                end = int(b["state"]["n"])
                if end > self._received:
                    self._pending.append(b)
                    self._received = end
        elif kind == "presence":
            self.away = frozenset(int(a) for a in msg.get("away") or [] if a != self.seat)
        elif kind == "refused":
            self._refusal = str(msg.get("reason") or "refused")
        elif kind == "error":
            self._refusal = str(msg.get("reason") or "error")
            if "shutting down" in self._refusal:
                self.gone = "the host closed the table"
        self._notify()

    def _read_loop(self) -> None:
        while not self._closing:
            try:
                for raw in self._ws:
                    msg = P.loads(raw, limit=P.MAX_SERVER_MESSAGE)
                    with self._cond:
                        self._take(msg)
            except (ConnectionClosed, OSError):
                pass
            except (P.ProtocolError, CodecError, KeyError, ValueError) as err:
                with self._cond:
                    self.gone = f"the table sent a bad message ({err})"
                    self._notify()
                self._ws.close()
                return
            if self._closing:
                return
            with self._cond:
                self.connected = False
                self._notify()
            if not self._reconnect():
                return

    def _reconnect(self) -> bool:
        """Connect again and ask for the missed batches; False when it gave up (:attr:`gone` says why)."""
        deadline = time.monotonic() + RECONNECT_FOR
        delay = 0.1
        while not self._closing and time.monotonic() < deadline:
            time.sleep(delay * (0.5 + random.random()))
            delay = min(delay * 2, 2.0)
            try:
                ws = _open(self.url, self._ssl, self._timeout)
                welcome = _hello(ws, self._code, self._received, self._timeout)
            except JoinError as err:
                if "wrong seat code" in str(err) or "version mismatch" in str(err):
                    with self._cond:
                        self.gone = str(err)
                        self._notify()
                    return False
                continue
            with self._cond:
                self._ws = ws
                self.connected = True
                self._epoch += 1
                self._take(welcome)
            return True
        with self._cond:
            self.gone = self.gone or f"lost the table at {self.url} (no answer for {RECONNECT_FOR:g} s)"
            self._notify()
        return False

    # -- playing -------------------------------------------------------------------------
    def _consume(self) -> list[Event]:
        """Take the oldest received batch as the current position (holding the condition)."""
        b = self._pending.popleft()
        events = [decode_event(e, self.seat) for e in b["events"]]
        self._set_state(b["state"])
        actor = b["actor"]
        self.history.extend([(actor, str(b.get("obs") or ""))] + [("chance", "")] * (self._n - len(self.history) - 1))
        del self.history[self._n:]
        for e in events:
            if e.visible_to is None:
                self.narration.append(e.narrate(self.names))
            if e.kind == "hand_over":
                self._hands[int(e.data.get("hand", len(self._hands)))] = dict(e.data)
        return events

    def _wait(self, ready: Callable[[], bool], timeout: float | None) -> bool:
        end = None if timeout is None else time.monotonic() + timeout
        while not ready():
            if self.gone is not None or self._closing:
                return False
            left = 0.25 if end is None else min(0.25, end - time.monotonic())
            if left <= 0:
                return False
            self._cond.wait(left)
        return True

    def advance(self) -> list[Event]:
        """Take received batches of chance steps only (a deal the server made); returns their events."""
        with self._cond:
            events: list[Event] = []
            while self._pending and self._pending[0]["actor"] == "chance":
                events += self._consume()
            return events

    def bot_choose(self, seat: int | None = None) -> Action:
        """Wait (in the screen's worker thread) for the next batch: another seat's move.

        Raises:
            ConnectionError: the table is lost for good (:attr:`gone`) or this session was closed.
        """
        with self._cond:
            if not self._wait(lambda: bool(self._pending), None):
                raise ConnectionError(self.gone or "the connection to the table is closed")
            b = self._pending[0]
            return RemoteMove(str(b.get("obs") or ""), bool(b.get("quiet")))

    def act(self, action: Action | str) -> list[Event]:
        """Play ``action`` for this seat (sent to the server, which validates it), or take another
        seat's move (a :class:`RemoteMove` from :meth:`bot_choose`). Returns the batch's events.

        Raises:
            IllegalAction: the server's reason, or that it is not this seat's turn, the table has
                moved on, the connection is down, or no answer came in :data:`ANSWER_TIMEOUT` s.
        """
        with self._cond:
            if isinstance(action, RemoteMove):
                if not self._pending:
                    raise IllegalAction("no move has come from the table")
                return self._consume()
            if self._over:
                raise IllegalAction("the match is over")
            if self._to_move != self.seat:
                raise IllegalAction(f"it is not your turn: {self._who()} is to move")
            if self._pending:
                raise IllegalAction("the table has moved on: look again")
            if self.gone is not None:
                raise IllegalAction(self.gone)
            if not self.connected:
                raise IllegalAction("the connection to the table is down; reconnecting...")
            self._refusal = None
            try:
                self._ws.send(P.dumps(P.act(str(action), self._n)))
            except (ConnectionClosed, OSError):
                raise IllegalAction("the connection to the table is down; reconnecting...") from None
            epoch = self._epoch
            ok = self._wait(lambda: self._refusal is not None or bool(self._pending) or self._epoch != epoch,
                            ANSWER_TIMEOUT)
            if self._refusal is not None:
                reason, self._refusal = self._refusal, None
                raise IllegalAction(reason)
            if not self._pending and self._epoch != epoch:
                raise IllegalAction("the connection dropped before the table took your move: play it again")
            if not ok:
                raise IllegalAction(self.gone or f"no answer from the table in {ANSWER_TIMEOUT:g} s")
            return self._consume()

    def _who(self) -> str:
        return self.names[self._to_move] if 0 <= self._to_move < len(self.names) else "nobody"

    def why_illegal(self, action: Action | str) -> str | None:
        """None if this seat may take ``action`` now by its view, else a sentence (the server decides)."""
        if self._to_move != self.seat:
            return f"it is not your turn: {self._who()} is to move"
        if isinstance(action, str):
            try:
                action = self.game.parse_action(action)
            except ValueError as err:
                return str(err)
        why = getattr(self._view, "why_illegal", None)
        if callable(why):
            return why(action)
        return None if self._view.is_legal(action) else f"{action} is not legal now"

    def is_quiet(self, action: Action) -> bool:
        return bool(getattr(action, "quiet", False))

    # -- hints (worked out here, from this seat's view alone) ------------------------------
    def hint_with_reason(self, seat: int) -> Hint:
        """The engine's suggestion for this seat (:func:`engine.session.hint_for_view`).

        Raises:
            ValueError: for another seat, or when this seat has nothing to do.
        """
        view = self.view(seat)
        return self._hints.hint(self._n, view, f"remote:{self.seat}:{self._n}", self.names[seat], seat)

    def hint(self, seat: int) -> Action:
        return self.hint_with_reason(seat).action

    # -- what a remote seat cannot do ------------------------------------------------------
    def why_no_undo(self) -> str | None:
        return "undo is off at a table with people at other terminals"

    def can_undo(self) -> bool:
        return False

    def undo_barred_by_house_rule(self) -> bool:
        return False

    @property
    def used_undo(self) -> bool:
        return False

    def undo(self, seed: int | None = None) -> list[Event]:
        raise IllegalAction("undo is off at a table with people at other terminals")

    def set_standing_order(self, seat: int, order: Any) -> None:
        """Standing orders are for several people at one terminal; a remote seat answers itself.

        Raises:
            ValueError: always.
        """
        raise ValueError("a remote seat takes no standing orders")

    def save_log(self, path: Any) -> Any:
        raise OSError("the host keeps this table's log")

    def close(self) -> None:
        """Leave the table (the seat stays yours: join again with the same code)."""
        self._closing = True
        with self._cond:
            self._cond.notify_all()
        try:
            self._ws.close()
        except Exception:  # noqa: BLE001 - closing a dead socket
            pass

    def __enter__(self) -> "RemoteSession":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
