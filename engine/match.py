"""Multi-hand matches: when a match ends and who wins it.

Every game's ``State`` is a whole match (so one log, one replay and one resume
cover it); the per-game states call these helpers at the end of each hand so
the end-of-match rules are written once:

* a fixed number of hands (Nags ``match_games``, Nickels' seven rounds);
* a target score checked after each hand (Nags ``match_target``, Noms 101,
  Nogginate 10,000), optionally requiring a unique leader (Noms NO-22,
  Nogginate NG-54 keep playing while the leaders are tied);
* highest total wins (Nags, Noms, Nogginate) or lowest (Nickels NK-22).
"""

from __future__ import annotations

from typing import Sequence


def match_over(hands_played: int, totals: Sequence[int | float], hands: int | None,
               target: int | float | None, *, unique_leader: bool = False) -> bool:
    """Whether the match ends after ``hands_played`` hands.

    Args:
        hands_played: hands completed so far (>= 1).
        totals: match totals per seat (any unit, the same as ``target``).
        hands: the fixed number of hands, used when ``target`` is None.
        target: end once some total is >= target (then ``hands`` is ignored).
        unique_leader: with a target, also require one seat strictly ahead.

    Returns:
        True when no further hand is to be played.

    Raises:
        ValueError: if neither ``hands`` nor ``target`` is given (the match would never end).
    """
    if hands is None and target is None:
        raise ValueError("a match needs a number of hands or a target score")
    if target is not None:
        if max(totals) < target:
            return False
        if unique_leader:
            best = max(totals)
            return sum(1 for t in totals if t == best) == 1
        return True
    return hands is not None and hands_played >= hands


def match_winners(totals: Sequence[int | float], *, highest_wins: bool = True) -> list[int]:
    """Seats with the best total (ties share the win)."""
    best = max(totals) if highest_wins else min(totals)
    return [i for i, t in enumerate(totals) if t == best]
