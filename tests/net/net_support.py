"""Real table servers and scripted remote seats for tests/net (a server on 127.0.0.1, port 0,
in a thread of its own; clients are real ``net.client`` sessions over real websockets)."""

from __future__ import annotations

import random
import threading
import time
from collections import deque
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

from engine import gamelog
from engine.core import Event, IllegalAction
from net import protocol as P
from net.client import RemoteSession, join
from net.codec import decode, decode_event
from net.server import ServerThread, TableServer


@contextmanager
def running(make: Callable[[], TableServer]) -> Iterator[ServerThread]:
    """A started :class:`ServerThread`, stopped afterwards."""
    runner = ServerThread(make)
    runner.start()
    try:
        yield runner
    finally:
        runner.stop()


class Tapped(RemoteSession):
    """A remote session with the list of every message it received (for the leak check)."""

    messages: list[dict]


def tapped_join(url: str, code: str) -> Tapped:
    """:func:`net.client.join`, keeping the welcome and every later message in ``.messages``."""
    messages: list[dict] = []
    s = join(url, code, tap=messages.append)
    s.__class__ = Tapped
    s.messages = messages  # type: ignore[attr-defined]
    return s  # type: ignore[return-value]


def play_seat(session: RemoteSession, seed: int, *, stop_after: int | None = None,
              between: Callable[[int], None] | None = None) -> int:
    """Play ``session``'s seat the way a table screen does (its own moves chosen at random from
    its view; every other seat's batch taken through ``bot_choose``/``act``) until the match is
    over or ``stop_after`` steps. Returns the steps taken."""
    rng = random.Random(seed)
    session.advance()
    steps = 0
    sent: deque[float] = deque()  # own moves in the last second: a script keeps under the server's rate limit
    while not session.is_over and (stop_after is None or steps < stop_after):
        if session.to_move == session.seat:
            while len(sent) >= P.RATE // 2:
                time.sleep(max(0.0, sent[0] + 1.0 - time.monotonic()))
                while sent and sent[0] <= time.monotonic() - 1.0:
                    sent.popleft()
            sent.append(time.monotonic())
            try:
                session.act(rng.choice(session.view(session.seat).legal_actions()))
            except IllegalAction as err:  # the connection dropped before the move was taken: as a player, again
                if "play it again" not in str(err) and "reconnecting" not in str(err):
                    raise
                time.sleep(0.05)
                continue
        else:
            session.act(session.bot_choose())
        steps += 1
        if between is not None:
            between(steps)
    return steps


def in_threads(*jobs: Callable[[], Any], timeout: float = 60.0) -> list[Any]:
    """Run ``jobs`` in threads at once; their results (an exception is raised here)."""
    out: list[Any] = [None] * len(jobs)
    errors: list[BaseException] = []

    def run(i: int, job: Callable[[], Any]) -> None:
        try:
            out[i] = job()
        except BaseException as err:  # noqa: BLE001 - re-raised in the caller
            errors.append(err)

    threads = [threading.Thread(target=run, args=(i, j), daemon=True) for i, j in enumerate(jobs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout)
    if errors:
        raise errors[0]
    assert not any(t.is_alive() for t in threads), "a client did not finish in time"
    return out


def _events_equal(got: list[Event], want: list[Event]) -> bool:
    return [(e.kind, e.text, e.seat, e.data) for e in got] == [(e.kind, e.text, e.seat, e.data) for e in want]


def check_messages(log_path: Path, seat: int, messages: list[dict]) -> int:
    """Check every view and event a seat received against what that seat may know: each view equals
    ``State.view(seat)`` of the logged position it names, each batch's events are exactly the events
    of its actions that ``seat`` may see (``Event.seen_by``), each move's text is the engine's
    ``State.observation`` for the seat. Returns the views checked.

    Raises:
        AssertionError: naming the message that told the seat something else (a leak, or a wrong view).
    """
    replay = gamelog.Replay(gamelog.read_log(log_path))
    ends: list[int] = []
    snap_obs: dict[int, str] = {}
    checked = 0
    for k, msg in enumerate(messages):
        snaps: list[tuple[dict, list | None, int | None]] = []
        if msg["type"] == "welcome":
            snaps.append((msg["state"], None, None))
            ends.append(int(msg["state"]["n"]))
        for b in msg.get("batches") or []:
            snaps.append((b["state"], b["events"], b["actor"]))
            snap_obs[id(b["state"])] = b.get("obs")
        for snap, events, _actor in snaps:
            n = int(snap["n"])
            assert n <= replay.last_index, f"message {k}: position {n} is not in the log"
            state = replay.positions[n]
            assert decode(snap["view"]) == state.view(seat), f"message {k}: the view at {n} is not seat {seat}'s"
            assert snap["to_move"] == state.to_move and snap["scores"] == list(state.scores())
            if events is not None:
                start = max((e for e in ends if e < n), default=0)  # the batch before this one
                want = [e for i in range(start, n) for e in replay.events[i] if e.seen_by(seat)]
                got = [decode_event(e, seat) for e in events]
                if _actor != "chance":  # the move as this seat saw it, as the engine words it for the seat
                    move = replay.game.parse_action(replay.notations[start])
                    assert snap_obs[id(snap)] == replay.positions[start].observation(move, seat), \
                        f"message {k}: the move at {start} is not as seat {seat} saw it"
                assert _events_equal(got, want), f"message {k}: events at {start}..{n} are not what seat {seat} sees"
                ends.append(n)
            checked += 1
    return checked
