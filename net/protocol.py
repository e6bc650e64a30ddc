"""The table server's wire protocol: JSON text messages over a websocket (docs/protocol.md).

Every message is one JSON object with a ``type``. A client first sends ``hello`` with
:data:`PROTOCOL` and its seat code; the server answers ``welcome`` (the table and the seat's
first ``update``) or ``error`` and closes. Then the client sends ``act`` and the server sends
``update`` (after every action at the table, the seat's view and the events it may see),
``presence`` (the human seats with no connection now, whenever that changes), ``refused`` (an
action not taken, with the reason) and ``error`` (a message that broke the rules,
or the server shutting down).

Limits (the server enforces them; the client keeps to them): a message is at most
:data:`MAX_MESSAGE` bytes, a connection sends at most :data:`RATE` messages per second on
average (bursts of :data:`BURST`), a seat has at most :data:`CONNECTIONS_PER_SEAT` connections.
"""

from __future__ import annotations

import json
from typing import Any

#: the protocol version; a hello with another is refused ("version mismatch")
PROTOCOL = 1
#: the largest message a client may send, in bytes (an ``act`` is a few dozen)
MAX_MESSAGE = 4096
#: the largest message the server sends (a view with every meld on a big table, with room to spare)
MAX_SERVER_MESSAGE = 1 << 20
#: messages per second a connection may send on average, and in one burst
RATE = 20.0
BURST = 40
#: connections one seat may have open at once (a second terminal, a reconnect before the old one closed)
CONNECTIONS_PER_SEAT = 2
#: the longest action notation accepted
MAX_NOTATION = 200


class ProtocolError(ValueError):
    """A message that is not valid under this protocol (the text says what is wrong)."""


def dumps(message: dict) -> str:
    """One message as compact JSON text."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def loads(text: str | bytes, limit: int = MAX_MESSAGE) -> dict:
    """Parse one message: a JSON object with a string ``type``, at most ``limit`` bytes.

    Raises:
        ProtocolError: naming what is wrong (too big, not JSON, not an object, no type).
    """
    size = len(text.encode() if isinstance(text, str) else text)
    if size > limit:
        raise ProtocolError(f"message of {size} bytes; at most {limit}")
    try:
        data: Any = json.loads(text)
    except (ValueError, UnicodeDecodeError) as err:
        raise ProtocolError(f"not JSON: {err}") from err
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ProtocolError('a message is a JSON object with a "type"')
    return data


def hello(code: str) -> dict:
    """The client's first message: the protocol version and the seat code."""
    return {"type": "hello", "protocol": PROTOCOL, "code": code}


def act(notation: str, n: int) -> dict:
    """Take the action ``notation`` at position ``n`` (the number of actions the client has seen:
    an act for an older position is refused, so a move is never applied to a table that moved on)."""
    return {"type": "act", "action": notation, "n": n}


def refused(reason: str, n: int | None = None) -> dict:
    """An action not taken (the table is unchanged), with the reason in one sentence."""
    return {"type": "refused", "reason": reason, "n": n}


def presence(away: list[int]) -> dict:
    """The human seats with no open connection now (a player who left or lost the link), sent to
    every connection whenever the list changes; the welcome carries it too."""
    return {"type": "presence", "away": sorted(away)}


def error(reason: str) -> dict:
    """A message that broke the protocol, a bad code, or the server going away (one sentence)."""
    return {"type": "error", "reason": reason}
