"""How strong can any Nags bot be? An "oracle" probe for the strength targets of issue 5.

The oracle cheats on purpose (it is a measuring stick, never a seat a player
meets): it reads the true state, every hand and the draw pile's contents, and
knows the policy of its opponents. At each decision with more than one legal
move it plays every move followed by ``--rollouts`` play-outs to the end of the
game (itself ``easy``, the opponents their own level, chance sampled) and keeps
the move with the most wins. On the same seeds the script also plays ``easy``
in the oracle's seat, so the two win rates compare like for like.

If even the oracle stays far below a target (``easy`` against ``random``: 90% of
2-seat games, twice the fair share with more seats; ``hard`` against ``easy``:
60% and 1.25 times), no honest bot can reach it in default Nags.

Usage::

    python benchmarks/nags_oracle.py --games 400 --rollouts 40 --seats 2 --opponent random
"""

from __future__ import annotations

import argparse
import random
import statistics

from engine.games import make_bot
from engine.core import CHANCE
from engine.games import get_game
from engine.sim import wilson_interval


def play_out(state, choose, rng) -> None:
    """Play ``state`` to the end: chance steps from ``rng``, every decision ``choose(state, view, legal)``."""
    while not state.is_over:
        if state.to_move == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        view = state.view(state.to_move)
        state.apply(choose(state, view, view.legal_actions()))


def credit(state, me: int) -> float:
    """NA-21: the win credit of seat ``me`` (a shared win counts 1/k)."""
    winners = state.winners()
    return 1 / len(winners) if me in winners else 0.0


def play(kind: str, seed: int, me: int, seats: int, rollouts: int, easy, other) -> float:
    """One game with ``kind`` ("easy" or "oracle") in seat ``me``; its win credit."""
    game = get_game("nags")
    bot_rng = random.Random(seed + 1)

    def rollout_policy(rng):
        return lambda s, view, legal: (easy if view.seat == me else other).choose(view, legal, rng)

    def oracle_value(state, action) -> float:
        total = 0.0
        for k in range(rollouts):
            s = state.clone()
            s.apply(action)
            rng = random.Random(k * 7919 + 13)
            play_out(s, rollout_policy(rng), rng)
            total += credit(s, me)
        return total

    def choose(state, view, legal):
        if view.seat != me:
            return other.choose(view, legal, bot_rng)
        if kind == "oracle" and len(legal) > 1:
            return max(legal, key=lambda a: oracle_value(state, a))
        return easy.choose(view, legal, bot_rng)

    state = game.new_state(game.variant_class(), seats)
    play_out(state, choose, random.Random(seed))
    return credit(state, me)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--rollouts", type=int, default=30, help="play-outs per legal move")
    ap.add_argument("--seats", type=int, default=2)
    ap.add_argument("--opponent", default="random", help="the other seats' level (random, easy)")
    args = ap.parse_args()
    easy, other = make_bot("nags", "easy"), make_bot("nags", args.opponent)
    results: dict[str, list[float]] = {"easy": [], "oracle": []}
    for g in range(args.games):
        for kind in results:
            results[kind].append(play(kind, 1000 + g, g % args.seats, args.seats, args.rollouts, easy, other))
    print(f"nags, {args.seats} seats, against {args.opponent}, {args.games} games, fair share {1 / args.seats:.3f}")
    for kind, xs in results.items():
        wins = sum(xs)
        lo, hi = wilson_interval(wins, len(xs))
        print(f"  {kind:6s} {statistics.fmean(xs):.3f} [{lo:.3f}, {hi:.3f}]")


if __name__ == "__main__":
    main()
