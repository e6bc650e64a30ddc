"""Calibrate Nickels' round-end estimate (:func:`engine.games.nickels.search.estimate_points`).

Plays ``easy`` self-play matches (4 seats), records at every turn start each seat's penalty
points in hand, whether it is down and its contract distance, and at the round's end the real
points (NK-21). Then:

* ``--fit``: least squares of the real points on the hand's penalty points per class of seat
  (down; not down by distance 0..4+, the 12 hand apart): the table in ``search.py``;
* for cut-offs of K turns, how well the margin a rollout cut after K turns would score
  (the estimate at turn t+K, the real points if the round ended first) predicts the round's real
  margin from turn t: bias, RMSE, correlation (the rollout's cut-off trade-off).

Usage::

    nice -n 10 python benchmarks/nickels_estimate.py --matches 130 --seed 778 --fit
"""

from __future__ import annotations

import argparse
import math
import random
import statistics as st
from collections import defaultdict

from engine.core import CHANCE
from engine.games import get_game
from engine.games.nickels.bots import NickelsEasyBot, contract_distance
from engine.games.nickels.search import estimate_points

CUTS = (0, 2, 4, 8, 12, 16, 24)


def rounds(matches: int, seed: int) -> list[tuple[list[dict], list[int]]]:
    """Per round of ``easy`` self-play: its turn-start records and real points."""
    game = get_game("nickels")
    easy = NickelsEasyBot()
    out: list[tuple[list[dict], list[int]]] = []
    for g in range(matches):
        rng = random.Random(f"{seed}:{g}")
        s = game.new_state(game.variant_class(), 4)
        cur: list[dict] = []
        last = None
        while not s.is_over:
            if s.to_move == CHANCE:
                s.apply(s.sample_chance(rng))
                continue
            if s.turn_no != last:
                last = s.turn_no
                cur.append({"round": s.round_no, "mover": s.to_move,
                            "est": [estimate_points(s, q) for q in range(4)],
                            "pen": [sum(s._pen.of(c) for c in s.hands[q]) for q in range(4)],
                            "down": [s.down_turn[q] >= 0 for q in range(4)],
                            "dist": [contract_distance(s.hands[q], s.contract) for q in range(4)]})
            k = len(s.round_scores)
            legal = s.legal_actions()
            s.apply(legal[0] if len(legal) == 1 else easy.decide(s.view(s.to_move), legal, rng))
            if len(s.round_scores) > k:
                out.append((cur, list(s.round_scores[k])))
                cur, last = [], None
    return out


def _margin(pts: list[float], me: int) -> float:
    return sum(pts[q] for q in range(4) if q != me) / 3 - pts[me]


def _corr(a: list[float], b: list[float]) -> float:
    ma, mb = st.mean(a), st.mean(b)
    sa = math.sqrt(sum((x - ma) ** 2 for x in a))
    sb = math.sqrt(sum((y - mb) ** 2 for y in b))
    return sum((x - ma) * (y - mb) for x, y in zip(a, b)) / (sa * sb)


def cutoffs(data: list[tuple[list[dict], list[int]]], first_only: bool) -> None:
    for k in CUTS:
        pe, pr = [], []
        for recs, real in data:
            if first_only and recs[0]["round"] != 0:
                continue
            for i, r in enumerate(recs):
                me = r["mover"]
                pe.append(_margin(recs[i + k]["est"], me) if i + k < len(recs) else _margin(real, me))
                pr.append(_margin(real, me))
        err = [a - b for a, b in zip(pe, pr)]
        print(f"  K={k:2d}: bias {st.mean(err):+5.1f}  RMSE {math.sqrt(st.mean([e * e for e in err])):5.1f}  "
              f"corr {_corr(pe, pr):.3f}  (n {len(pe)})")


def fit(data: list[tuple[list[dict], list[int]]]) -> None:
    by: dict[tuple, list[tuple[float, float]]] = defaultdict(list)
    for recs, real in data:
        for r in recs:
            for q in range(4):
                key = ("down",) if r["down"][q] else (min(4, r["dist"][q]), r["round"] == 6)
                by[key].append((r["pen"][q], real[q]))
    for key in sorted(by, key=str):
        v = by[key]
        mx, my = st.mean(x for x, _ in v), st.mean(y for _, y in v)
        sxx = sum((x - mx) ** 2 for x, _ in v)
        a = sum((x - mx) * (y - my) for x, y in v) / sxx if sxx else 0.0
        print(f"  {key}: slope {a:.3f}, points {my - a * mx:.1f} (n {len(v)})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--matches", type=int, default=30)
    ap.add_argument("--seed", type=int, default=777)
    ap.add_argument("--fit", action="store_true")
    args = ap.parse_args()
    data = rounds(args.matches, args.seed)
    print(f"{len(data)} rounds, {sum(len(r) for r, _ in data)} turn starts; cut-offs, every round:")
    cutoffs(data, False)
    print("first rounds only:")
    cutoffs(data, True)
    if args.fit:
        print("fitted lines (real points = slope * penalty in hand + points):")
        fit(data)


if __name__ == "__main__":
    main()
