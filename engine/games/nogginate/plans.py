"""Nogginate whole-turn plans for the ``medium``/``hard`` search (issue 25; rules NG-26 to NG-47,
NG-C1 to NG-C9).

A **plan** is everything a seat does in the meld phase of one turn (NG-26 steps 2 and 3):
the melds and their order, adds, closes and merges, the Bonus card, the cheat powers, and the
way the turn ends (a discard, going out, passing, or asking the partner, NG-45). It is a
sequence of the engine's own one-meld-per-action moves (:meth:`NogginateState.legal_actions`),
made on one determinization of the seat's view: only the seat's own cards and the table move.

:func:`turn_plans` configures the shared generator (:func:`engine.ai.plans.turn_plans`):
``easy`` is the planner (:func:`~.bots.state_move`); the other endings are the next
:data:`ENDINGS` discards of ``easy``'s ranking and asking the partner (NG-45); positions are
merged by :func:`position_key` (meld ids ignored); the beam ranks by :func:`static_score`.
"""

from __future__ import annotations

from typing import Sequence

from engine.ai import plans as shared
from engine.cards import Card
from engine.core import Action
from engine.games.nogginate.bots import Ctx, discard_key, end_turn, state_move, team_estimate
from engine.games.nogginate.actions import Add, Close, Merge, NewNate, NewNoggi, PlaceBonus
from engine.games.nogginate.game import ASK, OUT, PASS, Discard, NogginateState, Phase

#: Positions kept per depth of the beam.
BEAM = 3
#: Positions expanded at most by the beam (each costs one legal list, about 0.6 ms).
NODES = 24
#: Plans from the beam kept besides ``easy``'s and its other endings.
KEEP = 3
#: Other discards of ``easy``'s ranking tried after ``easy``'s melds.
ENDINGS = 2

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
    of one decision)."""
    team = s.team_idx[me]
    return team_estimate(s.melds, team, s.bonuses[team], [s.hands[me]])


def _endings(s: NogginateState) -> list[Action]:
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


def model(me: int) -> shared.TurnModel[NogginateState]:
    """The seat ``me``'s meld phase as a :class:`engine.ai.plans.TurnModel`."""
    return shared.TurnModel(
        mine=lambda s: s.to_move == me and s.phase is _MELD and not s.is_over,
        legal=lambda s: s.legal_actions(), is_end=lambda a: isinstance(a, _ENDS), easy_move=state_move,
        endings=_endings, key=lambda s: position_key(s, me), score=lambda s: static_score(s, me))


def easy_plan(s: NogginateState, me: int) -> list[Action]:
    """``easy``'s moves from ``s`` (not changed) to the end of its meld phase."""
    return shared.easy_plan(s, model(me))


def turn_plans(s: NogginateState, me: int, limit: int) -> list[list[Action]]:
    """Up to ``limit`` distinct plans from ``s`` (the seat ``me`` to move in the meld phase),
    ``easy``'s first; each starts with a move legal in ``s``."""
    return shared.turn_plans(s, model(me), limit, BEAM, NODES, KEEP)


def plan_words(plan: Sequence[Action]) -> str:
    """A turn's plan in a player's words for the hint (issue 25), new melds laid together:
    ``"lay 4♠5♠6♠ and 7♣7♦JK, add 8♠ to m2, close m3, discard K♦"``; ``""`` for no moves."""
    return shared.plan_words(plan, _laid, _words)


def _laid(a: Action) -> str | None:
    """A new Noggi's or Nate's cards (``7♣7♦JK``), ``None`` for any other move."""
    return "".join(c.pretty for c in a.cards) if isinstance(a, (NewNoggi, NewNate)) else None


def _words(a: Action) -> str:
    """One move of a plan in a player's words (the notation with pretty cards where no words fit)."""
    if isinstance(a, Add):
        return f"add {a.card.pretty} to m{a.meld}"
    if isinstance(a, Close):
        return f"close m{a.meld}"
    if isinstance(a, Merge):
        return f"merge m{a.b} into m{a.a}"
    if isinstance(a, PlaceBonus):
        return "place the Bonus card"
    if isinstance(a, Discard):
        return f"discard {a.card.pretty}"
    if a == ASK:
        return "ask your partner to go out"
    if a == OUT:
        return "go out"
    if a == PASS:
        return "pass and keep the last card"
    text = str(a)
    for c in getattr(a, "cards", ()) or ():
        if isinstance(c, Card):
            text = text.replace(str(c), c.pretty, 1)
    card = getattr(a, "card", None)
    if isinstance(card, Card):
        text = text.replace(str(card), card.pretty, 1)
    return text
