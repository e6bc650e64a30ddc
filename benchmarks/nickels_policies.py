"""Nickels rules of thumb against three ``easy``, whole matches on the arena's duplicate deals (issue 25).

A policy without search plays fast (a 4-match deal in about a second), so changes to the rules
under ``hard``'s search (:class:`engine.games.nickels.bots.NickelsSearchBaseBot`) can be chosen
on hundreds of whole matches before the slow search runs. Each policy is ``easy`` with class
attributes changed (``claim_distance``: claim a card that brings the contract to at most this
many missing, -1 never; ``discard_penalty_first``: the costlier card with partners first).
Prints the policy's win share (Wilson 95%, as a multiple of the fair 25%) and the paired
penalty points a round against ``easy`` in the same seat (95% t over deals; lower is better).

Usage::

    nice -n 10 python benchmarks/nickels_policies.py base --seed 5002 --deals 150
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

from engine.arena import play_deal
from engine.games import get_game, make_bot
from engine.games.nickels.bots import NickelsEasyBot, NickelsSearchBaseBot
from engine.seats import SeatSpec
from engine.sim import wilson_interval


def _policy(name: str, **attrs: object) -> type[NickelsEasyBot]:
    return type(name, (NickelsEasyBot,), dict(attrs))


#: The policies measured (docs/ai-measurements.md, "Nickels: a stronger base under the search").
POLICIES: dict[str, type[NickelsEasyBot]] = {
    "never-claim": _policy("NeverClaim", claim_distance=-1),
    "claim-at-0": _policy("ClaimAt0", claim_distance=0),
    "claim-at-2": _policy("ClaimAt2", claim_distance=2),
    "claim-at-3": _policy("ClaimAt3", claim_distance=3),
    "discard-penalty-first": _policy("PenaltyFirst", discard_penalty_first=True),
    "base": NickelsSearchBaseBot,
}


def run(name: str, seed: int, deals: int, other: str = "easy") -> str:
    """``deals`` duplicate deals (4 rotations each) of policy ``name`` against three ``other``;
    returns the summary line."""
    def factory(game_id: str, level: str):  # noqa: ANN202 - the arena's bot factory
        return POLICIES[level]() if level in POLICIES else make_bot(game_id, level)

    game = get_game("nickels")
    specs = [SeatSpec("ai", name)] + [SeatSpec("ai", other)] * 3
    credit, results, diffs = 0.0, 0, []
    t0 = time.time()
    for deal in range(deals):
        rec = play_deal("nickels", game.variant_class(), specs, seed, deal, bot_factory=factory)
        d = []
        for sc, wn in zip(rec.scores, rec.wins):
            credit += wn[0]
            results += 1
            d.append((sc[0] - statistics.mean(sc[1:])) / 7)
        diffs.append(statistics.mean(d))
    lo, hi = wilson_interval(credit, results)
    m = statistics.mean(diffs)
    h = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else float("nan")
    return (f"{name} vs 3 {other}, seed {seed}, {deals} deals: {credit:g}/{results} matches, "
            f"{4 * credit / results:.2f}x fair share [{4 * lo:.2f}, {4 * hi:.2f}], "
            f"paired {m:+.1f} [{m - h:+.1f}, {m + h:+.1f}] points a round ({time.time() - t0:.0f} s)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("policy", choices=sorted(POLICIES))
    ap.add_argument("--seed", type=int, default=5001)
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--other", default="easy")
    args = ap.parse_args()
    print(run(args.policy, args.seed, args.deals, args.other), flush=True)


if __name__ == "__main__":
    main()
