"""Nogginate whole-turn plans for the ``medium``/``hard`` search (issue 25; rules NG-26 to NG-47,
NG-C1 to NG-C9).

A **plan** is everything a seat does in the meld phase of one turn (NG-26 steps 2 and 3):
the melds and their order, adds, closes and merges, the Bonus card, the cheat powers, and the
way the turn ends (a discard, going out, passing, or asking the partner, NG-45). It is a
sequence of the engine's own one-meld-per-action moves, generated from one determinization of
the seat's view (only the seat's own cards and the table move, so the plan is legal in every
determinization of the same view).

:func:`turn_plans` proposes the candidates, ``easy``'s plan first:

1. ``easy``'s plan (:func:`easy_plan`: the planner, :func:`~.bots.state_move`, up to the end
   of its turn);
2. the same melds with another ending: the next :data:`ENDINGS` discards of ``easy``'s
   ranking, asking the partner or not (NG-45);
3. a **beam search** over the legal meld-phase moves (:meth:`NogginateState.legal_actions`):
   each depth keeps the :data:`BEAM` positions with the best :func:`static_score`, positions
   reached twice are merged (:func:`position_key`: hand and the team's melds, meld ids
   ignored, so the order of independent melds does not matter), at most :data:`NODES`
   expansions; each kept position is finished twice, by ending the turn at once
   (``easy``'s ending) and by ``easy``'s continuation. The :data:`KEEP` best finished plans
   by :func:`static_score` not already proposed are added.

The search (:mod:`.search`) compares them by paired flat Monte Carlo and plays the chosen plan
move by move without searching again.
"""

from __future__ import annotations

from typing import Sequence

from engine.cards import Card
from engine.core import Action
from engine.games.nogginate.bots import Ctx, discard_key, end_turn, state_move, team_estimate
from engine.games.nogginate.game import ASK, OUT, PASS, Discard, NogginateState, Phase

#: Positions kept per depth of the beam.
BEAM = 3
#: Positions expanded at most by the beam (each costs one legal list, about 0.6 ms).
NODES = 24
#: Plans from the beam kept besides ``easy``'s and its other endings.
KEEP = 3
#: Other discards of ``easy``'s ranking tried after ``easy``'s melds.
ENDINGS = 2
#: Moves in one plan at most (a safety cap).
MAX_MOVES = 60

_MELD = Phase.MELD
_ENDS = (Discard, type(OUT), type(PASS), type(ASK))


def position_key(s: NogginateState, me: int) -> tuple:
    """What a plan step changes, without meld ids (two orders of the same independent melds
    give one key): the seat's hand, the team's melds (kind, cards, closed, guards), the Bonus
    cards placed, the pending minimum, the phase and who moves."""
    team = s.team_idx[me]
    melds = tuple(sorted((m.kind, tuple(c.order for c in m.cards), m.closed, m.guards)
                         for m in s.melds if m.team == team))
    return (tuple(sorted(c.order for c in s.hands[me])), melds, s.bonuses[team], s.need, s.phase, s.to_move,
            len(s.discards))


def static_score(s: NogginateState, me: int) -> float:
    """A plan's end from the seat's team's side, in points: :func:`team_estimate` of the team's
    melds and Bonus cards with the seat's own hand (the other hands are the same for every plan
    of one decision); the round's real points when the plan went out (NG-51)."""
    team = s.team_idx[me]
    return team_estimate(s.melds, team, s.bonuses[team], [s.hands[me]])


def _mine(s: NogginateState, me: int) -> bool:
    return s.to_move == me and s.phase is _MELD and not s.is_over


def easy_plan(s: NogginateState, me: int) -> list[Action]:
    """``easy``'s moves from ``s`` (not changed) to the end of its meld phase."""
    d = s.clone()
    out: list[Action] = []
    while _mine(d, me) and len(out) < MAX_MOVES:
        a = state_move(d)
        out.append(a)
        d.apply_trusted(a)  # the planner checks each proposal with the engine's why()
    return out


def _endings(s: NogginateState, me: int) -> list[Action]:
    """The ways to end the turn from ``s`` worth trying: ``easy``'s ending, then the next
    :data:`ENDINGS` discards of its ranking and asking the partner (each legal)."""
    legal = s.legal_actions()
    ctx = Ctx.of_state(s)
    out: list[Action] = [end_turn(ctx)[0]]
    discards = sorted({a.card for a in legal if isinstance(a, Discard)}, key=lambda c: discard_key(ctx, c))
    out.extend(Discard(c) for c in discards[:ENDINGS + 1])
    if ASK in legal:
        out.append(ASK)
    seen: list[Action] = []
    for a in out:
        if a not in seen and a in legal:
            seen.append(a)
    return seen


def _apply_all(s: NogginateState, moves: Sequence[Action]) -> NogginateState:
    d = s.clone()
    for a in moves:
        d.apply_trusted(a)  # every move was legal where the plan generator met it
    return d


def turn_plans(s: NogginateState, me: int, limit: int) -> list[list[Action]]:
    """Up to ``limit`` distinct plans from ``s`` (the seat ``me`` to move in the meld phase),
    ``easy``'s first (module docstring); each starts with a move legal in ``s``."""
    plans: list[list[Action]] = []
    ends: set[tuple] = set()

    def add(p: list[Action]) -> bool:
        if not p or len(plans) >= limit:
            return False
        k = position_key(_apply_all(s, p), me) + (p[-1],)
        if k in ends:
            return False
        ends.add(k)
        plans.append(p)
        return True

    ep = easy_plan(s, me)
    add(ep)
    if ep and isinstance(ep[-1], _ENDS):
        pre = ep[:-1]
        before = _apply_all(s, pre)
        for a in _endings(before, me):
            add(pre + [a])
    if len(plans) >= limit:
        return plans
    found: list[tuple[float, list[Action]]] = []
    seen = {position_key(s, me)}
    frontier: list[tuple[NogginateState, list[Action]]] = [(s, [])]
    nodes = 0
    while frontier and nodes < NODES:
        children: list[tuple[float, NogginateState, list[Action]]] = []
        for node, path in frontier:
            for a in node.legal_actions():
                if isinstance(a, _ENDS):
                    continue
                d = node.clone()
                d.apply_trusted(a)  # from node.legal_actions()
                if not _mine(d, me):  # a power that hands the move on ends the plan
                    found.append((static_score(d, me), path + [a]))
                    continue
                k = position_key(d, me)
                if k in seen:
                    continue
                seen.add(k)
                children.append((static_score(d, me), d, path + [a]))
            nodes += 1
            if nodes >= NODES:
                break
        children.sort(key=lambda x: -x[0])
        frontier = [(d, p) for _, d, p in children[:BEAM]]
        for d, p in frontier:
            for tail in ([end_turn(Ctx.of_state(d))[0]], easy_plan(d, me)):
                if tail and tail[0] in d.legal_actions():
                    full = p + tail
                    found.append((static_score(_apply_all(s, full), me), full))
    found.sort(key=lambda x: -x[0])
    kept = 0
    for _, p in found:
        if kept >= KEEP or len(plans) >= limit:
            break
        if add(p):
            kept += 1
    return plans


def plan_words(plan: Sequence[Action]) -> str:
    """A plan in plain words for a hint (``"lay 7♣ 7♦ JK, add 8♠ to m2, discard K♦"``)."""
    return ", ".join(_words(a) for a in plan)


def _words(a: Action) -> str:
    text = str(a)
    for c in getattr(a, "cards", ()) or ():
        if isinstance(c, Card):
            text = text.replace(str(c), c.pretty, 1)
    card = getattr(a, "card", None)
    if isinstance(card, Card):
        text = text.replace(str(card), card.pretty, 1)
    return text
