"""What cheat draws are worth to Nogginate's ``easy`` planner (NG-26, NG-C1 to NG-C9).

Usage:
    python benchmarks/nogginate_cheat_draws.py [--deals 500] [--draw default|always|never] [--no-powers]
        [--no-steal] [--same-draws] [--first-deal 0]

Plays single 4-seat rounds with cheat cards (``fixed_rounds = 1``): one partnership is the
``easy`` planner with cheat cards, the other ``easy-plain``; every deal (``random.Random(deal)``
for all chance steps) is played twice with the partnerships' seats swapped. ``--draw``
replaces the planner's cheat-draw rule (:func:`engine.games.nogginate.bots.draw_choice`):
``always`` draws ``1c1x`` whenever the team is down, the custom stock holds 24+ cards and the
hand holds no cheat card; ``never`` never draws cheat cards. ``--no-powers`` plays no power
(cheat cards drawn are only discarded); ``--no-steal`` plays every power but Steal.
``--same-draws`` makes the other partnership draw cheat cards by the same rule and only
discard them: the margin is then what the powers alone are worth, the draws being equal.

Prints the mean round margin (the powered team's round points minus the other's) with a
95% interval over the rounds, and how often each team went out. A measurement, not a test:
see ``docs/ai-measurements.md`` ("Nogginate with cheat cards").
"""

from __future__ import annotations

import argparse
import random
import statistics

from engine.core import CHANCE
from engine.games.nogginate import bots as B
from engine.games.nogginate.bots import Ctx, plan_move
from engine.games.nogginate.cards import CHEAT_CARDS
from engine.games.nogginate.game import DRAW_MIXED, JOKERNATE_ACT, Nogginate, NogginateVariant

VARIANT = NogginateVariant(use_cheat_cards=True, fixed_rounds=1)
#: ``--same-draws``: whether the seat to move plays powers (set before each move).
_POWERED = [True]


def _always(ctx: Ctx):
    t = ctx.turn
    if (not ctx.cheats or ctx.cheat_stock == 0 or not t.down or ctx.stock < 24
            or any(c in CHEAT_CARDS for c in ctx.hand)):
        return None
    return (DRAW_MIXED, "always") if B._ok(t, DRAW_MIXED) else None


def play(deal: int, powered_team: int, same_draws: bool = False) -> tuple[float, int | None]:
    """One round: ``(powered team's margin, team that went out or None)``."""
    rng = random.Random(deal)
    s = Nogginate.new_state(VARIANT, 4)
    while not s.is_over:
        if s.to_move == CHANCE:
            s.apply_trusted(s.sample_chance(rng))
            continue
        mine = s.team_idx[s.to_move] == powered_team
        _POWERED[0] = mine
        s.apply(plan_move(Ctx.of_state(s, mine or same_draws))[0])
    r = s.round_scores[-1]
    return float(r[powered_team] - r[1 - powered_team]), (None if s.out_seat is None else s.team_idx[s.out_seat])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=500)
    ap.add_argument("--draw", choices=("default", "always", "never"), default="default")
    ap.add_argument("--no-powers", action="store_true")
    ap.add_argument("--no-steal", action="store_true")
    ap.add_argument("--same-draws", action="store_true")
    ap.add_argument("--first-deal", type=int, default=0, help="deal seeds run from here (fresh deals)")
    args = ap.parse_args()
    if args.draw == "always":
        B.draw_choice = _always
    elif args.draw == "never":
        B.draw_choice = lambda ctx: None
    if args.no_powers or args.same_draws:  # no powers at all, or only for the plain team
        move, use, ok = B.cheat_move, B.cheat_use, B._ok
        on = (lambda: False) if args.no_powers else (lambda: _POWERED[0])
        B.cheat_move = lambda ctx: move(ctx) if on() else None
        B.cheat_use = lambda ctx, c: on() and use(ctx, c)
        B._ok = lambda t, a: (a is not JOKERNATE_ACT or on()) and ok(t, a)
    if args.no_steal:
        B.STEAL_PAYS = float("inf")
    margins: list[float] = []
    outs = [0, 0]
    for deal in range(args.first_deal, args.first_deal + args.deals):
        for team in (0, 1):
            m, out = play(deal, team, args.same_draws)
            margins.append(m)
            if out is not None:
                outs[0 if out == team else 1] += 1
    n = len(margins)
    mean = statistics.fmean(margins)
    half = 1.96 * statistics.stdev(margins) / n ** 0.5
    print(f"draw={args.draw} powers={not args.no_powers} steal={not args.no_steal} "
          f"same_draws={args.same_draws}: {n} rounds, margin "
          f"{mean:+.0f} [{mean - half:+.0f}, {mean + half:+.0f}] points per round; went out: powered "
          f"{outs[0] / n:.0%}, plain {outs[1] / n:.0%}")


if __name__ == "__main__":
    main()
