"""Load on the table server (issue 27): N tables of 4 remote clients on the loopback for T seconds.

    python benchmarks/server_load.py [--tables 25] [--seconds 120] [--think 0.25] [--game noms]

The tables are served by one server process (``--serve``, started by this script: one asyncio loop,
one :class:`net.server.TableServer` per table, each writing its log); the 4 x N clients run here in one
asyncio loop over real websockets. Every client plays its seat at random from the view it was sent,
``--think`` seconds after it became its turn. Noms is played to a target of 10,000 points, so no match
ends within the run.

Reported:

* actions lost: moves the clients sent that got neither the table's update nor a refusal, plus moves
  the server confirmed that are missing from its log (each log is read after the server stopped);
* latency from a move (its ``act`` sent) to each of the other three seats receiving the new view:
  p50, p99 and max in milliseconds, over every (move, other seat) pair;
* moves per second over all tables, and the server's CPU seconds.

Bounded: at most 100 tables and 600 seconds. Sizes and figures are in benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import gamelog  # noqa: E402
from net import protocol as P  # noqa: E402
from net.codec import decode  # noqa: E402

MAX_TABLES, MAX_SECONDS = 100, 600
RULES = {"noms": {"target": 10000}}


async def serve(tables: int, game: str, folder: Path) -> None:
    """The server process: ``tables`` tables, their URLs and codes printed as one JSON line; runs until
    stdin closes."""
    from net.server import TableServer
    servers = []
    for t in range(tables):
        server = TableServer.new(game, ["remote"] * 4, rules=RULES.get(game), seed=t, log_path=folder / f"t{t}.jsonl")
        await server.start()
        servers.append(server)
    print(json.dumps([{"url": s.url, "codes": s.codes, "log": str(s.session.log_path)} for s in servers]), flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    for s in servers:
        await s.close()
    usage = resource.getrusage(resource.RUSAGE_SELF)
    print(json.dumps({"cpu": usage.ru_utime + usage.ru_stime, "accepted": [s.accepted for s in servers]}), flush=True)


class Stats:
    def __init__(self) -> None:
        self.sent: dict[tuple[int, int], float] = {}  # (table, position) -> when the move was sent
        self.seen: dict[tuple[int, int], list[tuple[int, float]]] = defaultdict(list)  # (table, start) -> arrivals
        self.actor: dict[tuple[int, int], int] = {}
        self.confirmed: dict[int, int] = defaultdict(int)
        self.refused = 0
        self.errors: list[str] = []


async def client(table: int, seat: int, url: str, code: str, stats: Stats, stop_at: float, think: float) -> None:
    from websockets.asyncio.client import connect
    rng = random.Random(f"{table}:{seat}")
    try:
        async with connect(url, max_size=P.MAX_SERVER_MESSAGE) as ws:
            await ws.send(P.dumps(P.hello(code)))
            cur = P.loads(await ws.recv(), P.MAX_SERVER_MESSAGE)["state"]
            waiting = False
            while True:
                now = time.monotonic()
                if now >= stop_at and not waiting:
                    return
                if cur["to_move"] == seat and not cur["over"] and not waiting and now < stop_at:
                    await asyncio.sleep(think)
                    action = rng.choice(decode(cur["view"]).legal_actions())
                    stats.sent[(table, cur["n"])] = time.monotonic()
                    stats.actor[(table, cur["n"])] = seat
                    await ws.send(P.dumps(P.act(str(action), cur["n"])))
                    waiting = True
                try:
                    raw = await asyncio.wait_for(ws.recv(), max(0.05, stop_at + 5 - time.monotonic()))
                except asyncio.TimeoutError:
                    return
                at = time.monotonic()
                msg = P.loads(raw, P.MAX_SERVER_MESSAGE)
                if msg["type"] == "update":
                    for b in msg["batches"]:
                        stats.seen[(table, b["start"])].append((seat, at))
                        if b["actor"] == seat:
                            stats.confirmed[table] += 1
                            waiting = False
                        cur = b["state"]
                elif msg["type"] == "refused":
                    stats.refused += 1
                    waiting = False
    except Exception as err:  # noqa: BLE001 - counted and reported
        stats.errors.append(f"table {table} seat {seat}: {err}")


async def drive(tables: list[dict], seconds: float, think: float) -> Stats:
    stats = Stats()
    stop_at = time.monotonic() + seconds
    await asyncio.gather(*(client(t, int(seat), tab["url"], code, stats, stop_at, think)
                           for t, tab in enumerate(tables) for seat, code in tab["codes"].items()))
    return stats


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tables", type=int, default=25)
    ap.add_argument("--seconds", type=float, default=120.0)
    ap.add_argument("--think", type=float, default=0.25, help="seconds a client waits before its move")
    ap.add_argument("--game", default="noms")
    ap.add_argument("--serve", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args()
    tables = max(1, min(args.tables, MAX_TABLES))
    seconds = max(1.0, min(args.seconds, MAX_SECONDS))
    if args.serve:
        asyncio.run(serve(tables, args.game, args.serve))
        return
    folder = Path(tempfile.mkdtemp(prefix="cardtable-load-"))
    proc = subprocess.Popen([sys.executable, __file__, "--serve", str(folder), "--tables", str(tables),
                             "--game", args.game], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdin is not None
    info = json.loads(proc.stdout.readline())
    t0 = time.monotonic()
    stats = asyncio.run(drive(info, seconds, args.think))
    wall = time.monotonic() - t0
    proc.stdin.close()
    tail = json.loads(proc.stdout.readline())
    proc.wait()
    lat: list[float] = []
    unanswered = 0
    for key, sent in stats.sent.items():
        others = [at for seat, at in stats.seen.get(key, []) if seat != stats.actor[key]]
        if not any(seat == stats.actor[key] for seat, _ in stats.seen.get(key, [])):
            unanswered += 1
        lat.extend((at - sent) * 1000 for at in others)
    unanswered -= stats.refused
    missing = 0
    for t, tab in enumerate(info):
        logged = sum(1 for e in gamelog.read_log(Path(tab["log"])).entries
                     if e["type"] == "action" and e["actor"] != "chance")
        missing += max(0, stats.confirmed[t] - logged)
    moves = sum(stats.confirmed.values())
    print(f"{tables} tables x 4 clients, {wall:.0f} s, think {args.think:g} s, game {args.game}")
    print(f"moves confirmed {moves} ({moves / wall:.1f}/s), refused {stats.refused}, client errors "
          f"{len(stats.errors)}")
    print(f"actions lost: {max(0, unanswered) + missing} (sent, no answer: {max(0, unanswered)}; "
          f"confirmed, not in the log: {missing})")
    print(f"move -> other seats' new view: p50 {percentile(lat, 0.5):.1f} ms, p99 {percentile(lat, 0.99):.1f} ms, "
          f"max {max(lat, default=float('nan')):.1f} ms over {len(lat)} deliveries")
    mine = resource.getrusage(resource.RUSAGE_SELF)
    print(f"server CPU {tail['cpu']:.1f} s ({100 * tail['cpu'] / wall:.0f}% of one core), clients' CPU "
          f"{mine.ru_utime + mine.ru_stime:.1f} s; load average {os.getloadavg()[0]:.1f}; logs in {folder}")
    for e in stats.errors[:5]:
        print("  error:", e)


if __name__ == "__main__":
    main()
