"""Nickels whole-turn plans for the ``medium``/``hard`` search (issue 25; rules NK-11 to NK-18).

A **plan** is everything a seat does in the play phase of its turn (NK-11 to NK-18): the
contract's melds and their order, joker swaps (NK-16), lay-offs, and the discard that ends the
turn (NK-18). It is a sequence of the engine's own one-meld-per-action moves
(:meth:`NickelsState.legal_actions`), made on one determinization of the seat's view: only the
seat's own cards and the table move.

:func:`turn_plans` configures the shared generator (:func:`engine.ai.plans.turn_plans`):
``easy`` is :class:`~.bots.NickelsEasyBot`; the other endings are the next :data:`ENDINGS`
discards of ``easy``'s ranking (:func:`~.bots.discard_order`); positions are merged by
:func:`position_key` (meld ids ignored); the beam ranks by :func:`static_score`, the hand's
penalty points still to pay (NK-6, NK-21).
"""

from __future__ import annotations

import random
from typing import Sequence

from engine.ai import plans as shared
from engine.core import Action
from engine.games.nickels.bots import NickelsEasyBot, discard_order
from engine.cards import pretty_text
from engine.games.nickels.game import Discard, LayMeld, Layoff, NickelsState, Phase, Swap

#: Positions kept per depth of the beam.
BEAM = 3
#: Positions expanded at most by the beam.
NODES = 16
#: Plans from the beam kept besides ``easy``'s and its other endings.
KEEP = 3
#: Other discards of ``easy``'s ranking tried after ``easy``'s melds and lay-offs.
ENDINGS = 2

_PLAY = Phase.PLAY
_EASY = NickelsEasyBot()


def position_key(s: NickelsState, me: int) -> tuple:
    """What a plan step changes, without meld ids: the seat's hand, every meld on the table
    (owner and cards; lay-offs go on any seat's melds, NK-16), the contract still owed, the
    phase and who moves."""
    melds = tuple(sorted((m.owner, tuple(sorted(c.order for c in m.meld.cards))) for m in s.melds))
    return (tuple(sorted(c.order for c in s.hands[me])), melds, s.phase, s.to_move, len(s.discards),
            s.down_turn[me] >= 0)


def static_score(s: NickelsState, me: int) -> float:
    """Minus the penalty points the seat's hand would cost now (NK-6), minus the unmelded
    penalty (NK-21) while not down: fewer points in hand is better."""
    pen = s._pen
    pts = float(sum(pen.of(c) for c in s.hands[me]))
    if s.down_turn[me] < 0:
        pts += s.variant.unmelded_penalty
    return -pts


def _easy_move(s: NickelsState, bot: NickelsEasyBot = _EASY) -> Action:
    v = s.view(s.to_move)
    legal = v.legal_actions()
    return legal[0] if len(legal) == 1 else bot.decide(v, legal, random.Random(0))


def _endings(s: NickelsState, bot: NickelsEasyBot = _EASY) -> list[Action]:
    """``bot``'s discard, then the next :data:`ENDINGS` of its ranking (each legal)."""
    v = s.view(s.to_move)
    ds = [a for a in v.legal_actions() if isinstance(a, Discard)]
    if not ds:
        return []
    out: list[Action] = [a for _, a in discard_order(v, ds, bot.discard_penalty_first)]
    return out[:ENDINGS + 1]


def model(me: int, bot: NickelsEasyBot = _EASY) -> shared.TurnModel[NickelsState]:
    """The seat ``me``'s play phase as a :class:`engine.ai.plans.TurnModel`, ``bot`` (``easy``
    or the search's base, :class:`~.bots.NickelsSearchBaseBot`) as its rule of thumb."""
    return shared.TurnModel(
        mine=lambda s: s.to_move == me and s.phase is _PLAY and not s.is_over,
        legal=lambda s: s.legal_actions(), is_end=lambda a: isinstance(a, Discard),
        easy_move=lambda s: _easy_move(s, bot), endings=lambda s: _endings(s, bot),
        key=lambda s: position_key(s, me), score=lambda s: static_score(s, me))


def easy_plan(s: NickelsState, me: int) -> list[Action]:
    """``easy``'s moves from ``s`` (not changed) to the end of its play phase."""
    return shared.easy_plan(s, model(me))


def turn_plans(s: NickelsState, me: int, limit: int, bot: NickelsEasyBot = _EASY) -> list[list[Action]]:
    """Up to ``limit`` distinct plans from ``s`` (the seat ``me`` to move in the play phase),
    ``bot``'s first; each starts with a move legal in ``s``."""
    return shared.turn_plans(s, model(me, bot), limit, BEAM, NODES, KEEP)


def plan_words(plan: Sequence[Action]) -> str:
    """A turn's plan in a player's words for the hint (issue 25), new melds laid together:
    ``"lay 7♣ 7♦ JK and 4♠ 5♠ 6♠ 7♠, lay off 8♠ on m2, discard K♦"``; ``""`` for no moves."""
    return shared.plan_words(plan, _laid, _words)


def _laid(a: Action) -> str | None:
    """A contract meld's cards as the table shows them, ``None`` for any other move."""
    return a.meld.pretty() if isinstance(a, LayMeld) else None


def _words(a: Action) -> str:
    """One move of a plan in a player's words (the notation with pretty cards where no words fit)."""
    if isinstance(a, Layoff):
        return f"lay off {a.shown()} on m{a.meld}" + (" at the low end" if a.low else "")
    if isinstance(a, Swap):
        return f"put {a.card.pretty} in m{a.meld} for its joker"
    if isinstance(a, Discard):
        return f"discard {a.card.pretty}"
    return pretty_text(str(a))
