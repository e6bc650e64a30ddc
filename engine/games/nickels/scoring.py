"""Scoring a Nickels round (NK-21), card by card.

:func:`seat_breakdown` lists where a seat's penalty points came from: each card left in
hand at its NK-6 value and the 25 for not having melded. The state's round score is its
total, and :meth:`Nickels.round_breakdown` rebuilds the same items from the ``hand_over``
event's data (``left``, ``melded``, ``unmelded``, ``out``), so the event data needs nothing new.
"""

from __future__ import annotations

from typing import Any, Mapping, Protocol, Sequence

from engine.cards import Card, parse_cards
from engine.match import ScoreBreakdown, ScoreItem


class Penalties(Protocol):
    """What scoring needs of ``NickelsVariant.penalty_values``: a card's NK-6 points."""

    def of(self, card: Card) -> int: ...


def seat_breakdown(seat: int, hand: Sequence[Card], melded: bool, unmelded: int, pen: Penalties,
                   out: int | None) -> ScoreBreakdown:
    """NK-21: the items of ``seat``'s penalty points for a round.

    Args:
        seat: the seat scored.
        hand: its cards left at round end.
        melded: it went down this round.
        unmelded: the penalty for not having melded this round (``unmelded_penalty``; 0 in the 12 hand).
        pen: the NK-6 values (``NickelsVariant.penalty_values``).
        out: the seat that went out, or None.
    Returns:
        one item per card left (kind ``card``: the card's face, its NK-6 value, rule NK-6) and
        the unmelded penalty (NK-21);
        penalty points count up (lower is better, NK-22). Item texts name seats as narration
        templates do (``{s2}``).
    """
    items = [ScoreItem(c.pretty, pen.of(c), "NK-6", "card") for c in hand]
    if out == seat:
        items.insert(0, ScoreItem(f"{{s{seat}}} went out", 0, "NK-21", "out"))
    if not melded and unmelded:
        items.append(ScoreItem("did not meld this round", unmelded, "NK-21", "unmelded"))
    return ScoreBreakdown((seat,), tuple(items))


def round_breakdown(data: Mapping[str, Any], pen: Penalties, n_seats: int) -> list[ScoreBreakdown]:
    """NK-21 for every seat, from a ``hand_over`` event's ``data`` (``left``: each seat's cards
    as text, ``melded``, ``unmelded``, ``out``).

    Raises:
        KeyError, ValueError: if ``data`` is not a Nickels ``hand_over`` event's.
    """
    left, melded = data["left"], data["melded"]
    return [seat_breakdown(s, parse_cards(left[s]) if left[s] else [], bool(melded[s]), int(data["unmelded"]), pen,
                           data.get("out")) for s in range(n_seats)]


__all__ = ["Penalties", "round_breakdown", "seat_breakdown"]
