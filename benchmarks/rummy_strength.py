"""Duplicate-deal strength runs for the rummy searches (issue 25), deal by deal, with an oracle.

The arena (``cardtable arena``) prints its numbers only at the end; this script plays the same
duplicate deals (:func:`engine.arena.play_deal`: stacked draws, every rotation) one deal at a
time and appends each deal's record to a JSON-lines file, so a run cut short still counts.
``--summary FILE`` prints the statistics of a file: the first spec's win rate per independent
result (a partnership's result once; Wilson 95% interval), its share of the fair share, and the
paired per-deal score difference to the second spec (points per round; 95% t interval).

**The oracle** (level ``oracle@Nit``, a measuring stick, never a seat a player meets): the
game's ``hard`` search at ``N`` iterations that cheats: its determinizations are the true state
(every hand), and the chance steps of its rollouts come from a copy of the arena's stacked
order (it knows the stock order). Same budget, same plans, same opponents.

Usage::

    nice -n 10 python benchmarks/rummy_strength.py nogginate -s hard@60it -s easy --deals 40 \\
        --seed 25101 --hands 1 --out ng2.jsonl
    python benchmarks/rummy_strength.py --summary ng2.jsonl
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import random
import statistics
import sys
from pathlib import Path
from typing import Any

import engine.arena as arena
from engine.arena import play_deal
from engine.games import get_game, make_bot
from engine.seats import SeatSpec
from engine.sim import wilson_interval

#: The true state and the arena's chance source of the rotation being played (the oracle reads them).
TRUE: dict[str, Any] = {}


class _WatchedChance(arena.DuplicateChance):
    """The arena's duplicate chance, remembering itself and the state it answers (for the oracle)."""

    copy = False  # the oracle's copies (its rollouts) do not record

    def sample(self, state):  # type: ignore[override]
        if not self.copy:
            TRUE["chance"], TRUE["state"] = self, state
        return super().sample(state)


def _copy_chance() -> Any:
    c = copy.deepcopy(TRUE["chance"])
    c.copy = True
    return c


class _OracleView:
    """A seat's view whose determinization is the true state (the oracle's cheat)."""

    def __init__(self, view: Any, bot: Any) -> None:
        self._v, self._bot = view, bot

    def __getattr__(self, name: str) -> Any:
        return getattr(self._v, name)

    def determinize(self, rng: random.Random) -> Any:
        rng.random()  # keep the search's random stream as long as an honest one
        d = TRUE["state"].clone()
        self._bot._snaps[id(d)] = (d, _copy_chance())
        return d


def oracle_bot(game_id: str, iterations: int) -> Any:
    """The cheating ``hard`` of ``game_id`` (module docstring) at ``iterations`` rollouts."""
    if game_id == "nogginate":
        from engine.games.nogginate.search import NogginateSearchBot as Base, ng_profile as profile
    else:
        from engine.games.nickels.search import NickelsSearchBot as Base, nk_profile as profile  # type: ignore

    class Oracle(Base):  # type: ignore[valid-type, misc]
        def __init__(self) -> None:
            super().__init__(profile(), iterations=iterations, level="hard")
            self._snaps: dict[int, tuple[Any, Any]] = {}
            self._cur: Any = None

        def choose_with_reason(self, view, legal, rng):  # type: ignore[override]
            self._snaps = {}
            return super().choose_with_reason(_OracleView(view, self), legal, rng)

        def _rollout_from(self, d, root, *args, **kw):  # type: ignore[override]
            snap = self._snaps.get(id(root))
            self._cur = copy.deepcopy(snap[1]) if snap is not None else None
            return super()._rollout_from(d, root, *args, **kw)

        def _chance_outcome(self, d, rc):  # type: ignore[override]
            return self._cur.sample(d) if self._cur is not None else d.sample_chance(rc)

    return Oracle()


def factory(game_id: str, level: str) -> Any:
    if level.startswith("oracle@") and level.endswith("it"):
        return oracle_bot(game_id, int(level[len("oracle@"):-2]))
    return make_bot(game_id, level)


def run(args: argparse.Namespace) -> None:
    arena.DuplicateChance = _WatchedChance  # type: ignore[misc]
    game = get_game(args.game)
    opts = {"use_cheat_cards": True} if args.cheats else {}
    variant = game.variant_class(**opts)
    specs = [SeatSpec("ai", lv) for lv in args.seat]
    out = Path(args.out)
    with out.open("a", encoding="utf-8") as f:
        for deal in range(args.first_deal, args.first_deal + args.deals):
            rec = play_deal(args.game, variant, specs, args.seed, deal, bot_factory=factory, hands=args.hands)
            times = [sorted(t) for t in rec.times]
            f.write(json.dumps({"game": args.game, "seed": args.seed, "deal": deal, "specs": args.seat,
                                "hands": args.hands, "cheats": args.cheats, "scores": rec.scores,
                                "wins": rec.wins, "illegal": rec.illegal,
                                "times": [t for t in times]}) + "\n")
            f.flush()
            print(f"deal {deal} done: wins {rec.wins}", flush=True)


def _t_ci(xs: list[float]) -> tuple[float, float, float]:
    m = statistics.mean(xs)
    if len(xs) < 2:
        return m, float("nan"), float("nan")
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))
    return m, m - half, m + half


def summary(path: Path) -> None:
    rows = [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
    if not rows:
        print("no deals")
        return
    specs = rows[0]["specs"]
    n = len(specs)
    game_id = rows[0]["game"]
    game = get_game(game_id)
    teams = game.teams(n, game.variant_class(**({"use_cheat_cards": True} if rows[0]["cheats"] else {})))
    partnered = any(len(t) > 1 for t in teams)
    hands = rows[0]["hands"]
    rounds = hands if hands else 7 if game_id == "nickels" else 1
    results, credit, diffs, times = 0, 0.0, [], []
    for row in rows:
        d = []
        for r, (sc, wn) in enumerate(zip(row["scores"], row["wins"])):
            if game_id == "nickels" and hands:  # the arena's --hands credits the highest score; NK-22: lowest wins
                low = min(sc)
                wn = [1 / sc.count(low) if x == low else 0.0 for x in sc]
            ks = [k for k in range(n) if specs[k] == specs[0]]
            bs = [k for k in range(n) if specs[k] == specs[1]]
            if partnered:
                results += 1
                credit += wn[ks[0]]
            else:
                results += len(ks)
                credit += sum(wn[k] for k in ks)
            d.append((statistics.mean(sc[k] for k in ks) - statistics.mean(sc[k] for k in bs)) / rounds)
        diffs.append(statistics.mean(d))
        times.extend(row["times"][0])
    fair = 1 / len(teams)
    rate = credit / results
    lo, hi = wilson_interval(credit, results)
    m, dlo, dhi = _t_ci(diffs)
    times.sort()
    q = (lambda p: times[min(len(times) - 1, int(p * len(times)))] * 1000) if times else (lambda p: float("nan"))
    print(f"{game_id} {specs} seed {rows[0]['seed']} deals {len(rows)} ({rows[0]['deal']}..{rows[-1]['deal']}), "
          f"hands {hands}, cheats {rows[0]['cheats']}")
    print(f"  {specs[0]}: {credit:g} of {results} results, {rate:.1%} [{lo:.1%}, {hi:.1%}], "
          f"{rate / fair:.2f}x fair share [{lo / fair:.2f}, {hi / fair:.2f}]")
    print(f"  paired {specs[0]} - {specs[1]} points per round: {m:+.1f} [{dlo:+.1f}, {dhi:+.1f}]")
    print(f"  decisions of {specs[0]}: p50 {q(0.5):.1f} ms, p99 {q(0.99):.1f} ms, n {len(times)}; "
          f"illegal {sum(r['illegal'] for r in rows)}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game", nargs="?")
    ap.add_argument("-s", "--seat", action="append", default=[])
    ap.add_argument("--deals", type=int, default=10)
    ap.add_argument("--first-deal", type=int, default=0)
    ap.add_argument("--seed", type=int, default=25100)
    ap.add_argument("--hands", type=int, default=None)
    ap.add_argument("--cheats", action="store_true")
    ap.add_argument("--out", default="strength.jsonl")
    ap.add_argument("--summary", default=None)
    args = ap.parse_args()
    if args.summary:
        summary(Path(args.summary))
        return
    if not args.game or len(args.seat) < 2:
        sys.exit("name the game and at least two seats (-s hard@60it -s easy)")
    run(args)


if __name__ == "__main__":
    main()
