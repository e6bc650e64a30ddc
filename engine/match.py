"""Multi-hand matches: when a match ends and who wins it.

Every game's ``State`` is a whole match (so one log, one replay and one resume
cover it); the per-game states call these helpers at the end of each hand so
the end-of-match rules are written once:

* a fixed number of hands (Nags ``match_games``, Nickels' seven rounds);
* a target score checked after each hand (Nags ``match_target``, Noms 101,
  Nogginate 10,000), optionally requiring a unique leader (Noms NO-22,
  Nogginate NG-54 keep playing while the leaders are tied);
* highest total wins (Nags, Noms, Nogginate) or lowest (Nickels NK-22).

Partnerships: pass ``teams`` (``Game.teams(n_seats, variant)``, a list of seat
lists). A partnership shares one total, kept in each of its seats' entries of
``totals``; the end and the winners are then decided on one total per team, so
partners with equal totals are never a tie between themselves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence


def team_totals(totals: Sequence[int | float], teams: Sequence[Sequence[int]] | None) -> list[int | float]:
    """One total per team (``teams`` None: one team per seat, in seat order).

    Args:
        totals: match totals per seat; partners hold their team's shared total.
        teams: the partnerships (every seat in exactly one team), or None.

    Raises:
        ValueError: if ``teams`` does not cover every seat exactly once, or
            partners' totals differ (a partnership shares one total).
    """
    if teams is None:
        return list(totals)
    seats = sorted(s for t in teams for s in t)
    if seats != list(range(len(totals))) or any(not t for t in teams):
        raise ValueError(f"teams {teams!r} must hold every seat of {len(totals)} exactly once")
    out: list[int | float] = []
    for t in teams:
        vals = {totals[s] for s in t}
        if len(vals) != 1:
            raise ValueError(f"partners {list(t)} must share one total, not {[totals[s] for s in t]}")
        out.append(totals[t[0]])
    return out


def match_over(hands_played: int, totals: Sequence[int | float], hands: int | None,
               target: int | float | None, *, unique_leader: bool = False,
               teams: Sequence[Sequence[int]] | None = None) -> bool:
    """Whether the match ends after ``hands_played`` hands.

    Args:
        hands_played: hands completed so far (>= 1).
        totals: match totals per seat (any unit, the same as ``target``).
        hands: the fixed number of hands, used when ``target`` is None.
        target: end once some total is >= target (then ``hands`` is ignored).
        unique_leader: with a target, also require one seat (one team, with
            ``teams``) strictly ahead.
        teams: the partnerships (see :func:`team_totals`); None: every seat alone.

    Returns:
        True when no further hand is to be played.

    Raises:
        ValueError: if neither ``hands`` nor ``target`` is given (the match would never end),
            or ``teams`` is inconsistent with ``totals`` (see :func:`team_totals`).
    """
    if hands is None and target is None:
        raise ValueError("a match needs a number of hands or a target score")
    totals = team_totals(totals, teams)
    if target is not None:
        if max(totals) < target:
            return False
        if unique_leader:
            best = max(totals)
            return sum(1 for t in totals if t == best) == 1
        return True
    return hands is not None and hands_played >= hands


def match_winners(totals: Sequence[int | float], *, highest_wins: bool = True,
                  teams: Sequence[Sequence[int]] | None = None) -> list[int]:
    """Seats with the best total, ascending (ties share the win); with ``teams``,
    every seat of the team(s) with the best team total.

    Raises:
        ValueError: if ``teams`` is inconsistent with ``totals`` (see :func:`team_totals`).
    """
    if teams is None:
        best = max(totals) if highest_wins else min(totals)
        return [i for i, t in enumerate(totals) if t == best]
    per_team = team_totals(totals, teams)
    best = max(per_team) if highest_wins else min(per_team)
    return sorted(s for t, tot in zip(teams, per_team) if tot == best for s in t)


def win_credit(winners: Sequence[int], n_seats: int, teams: Sequence[Sequence[int]] | None = None) -> list[float]:
    """Each seat's share of one match's win: a win shared by ``k`` teams (or players) gives
    ``1/k`` to each, and every partner of a winning team gets its team's share (NG-54:
    the partnership wins together). 0 for every seat when ``winners`` is empty.

    Args:
        winners: the winning seats (``State.winners()``: every seat of each winning team).
        n_seats: seats at the table.
        teams: the partnerships (``Game.teams``); None: every seat alone.

    Returns:
        A list of ``n_seats`` credits that sums to the number of seats in one winning team
        (1 for a game without partners).
    """
    groups = [list(t) for t in teams] if teams is not None else [[s] for s in range(n_seats)]
    won = set(winners)
    winning = [t for t in groups if any(s in won for s in t)]
    credit = [0.0] * n_seats
    for t in winning:
        for s in t:
            credit[s] = 1 / len(winning)
    return credit


# ---------------------------------------------------------------------------
# Where a hand's points came from
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class ScoreItem:
    """One source of a seat's (or team's) points in a finished hand.

    Attributes:
        what: the source in a player's words (``Closed Noggi m3``, ``K♠ left in hand``).
        points: its points, signed as they count (a penalty is negative where the game
            scores up, positive where the game counts penalty points, as Nickels does).
        rule: the rule that gives them (``NG-51``, ``NK-21``).
        kind: a short key grouping like sources over a match, for a match's score sheet:
            ``melds``, ``bonus``, ``out``, ``hand`` (cards left, several in one item), ``card``
            (one card left: ``what`` is its face; a table may list a seat's cards on one line),
            ``penalty``, ``unmelded``.
    """

    what: str
    points: float
    rule: str
    kind: str


@dataclass(frozen=True)
class ScoreBreakdown:
    """Where one seat's or one partnership's points in a finished hand came from.

    Attributes:
        seats: the seats scored together (one seat, or a partnership's seats).
        items: every source of points, in the order the rules list them.
        note: one fact about the whole (``not qualified: fewer than two closed melds``), or "".
    """

    seats: tuple[int, ...]
    items: tuple[ScoreItem, ...]
    note: str = ""

    @property
    def total(self) -> float:
        """The hand's points: the sum of the items."""
        return sum(i.points for i in self.items)


def breakdown_data(groups: Sequence[ScoreBreakdown]) -> list[dict]:
    """``groups`` as plain data (lists, strings, numbers) for an event's ``data``."""
    return [{"seats": list(g.seats), "note": g.note,
             "items": [[i.what, i.points, i.rule, i.kind] for i in g.items]} for g in groups]


def breakdown_from_data(data: Sequence[dict]) -> list[ScoreBreakdown]:
    """The inverse of :func:`breakdown_data`.

    Raises:
        KeyError, TypeError, ValueError: if ``data`` is not shaped as :func:`breakdown_data` writes it.
    """
    return [ScoreBreakdown(tuple(int(s) for s in g["seats"]),
                           tuple(ScoreItem(str(w), p, str(r), str(k)) for w, p, r, k in g["items"]),
                           str(g.get("note", ""))) for g in data]
