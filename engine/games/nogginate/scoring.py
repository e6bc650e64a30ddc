"""Scoring a Nogginate round (NG-46 to NG-52), item by item.

:func:`team_breakdown` lists where every point of a team's round came from (each closed
meld, the Bonus cards, going out, each member's cards left, the Bonus-card penalty); the
state's round points are its total, so the table's breakdown and the score are one
computation. The ``hand_over`` event carries it as plain data (``data["breakdown"]``,
:func:`engine.match.breakdown_data`).
"""

from __future__ import annotations

from typing import Any, Sequence

from engine.cards import Card
from engine.games.nogginate.cards import CHEAT_CARDS
from engine.games.nogginate.melds import (BONUS, CHEAT_NATE, FREEZE_NATE, JOKERNATE, NATE, NOGGI, NOGGI_CLOSE_AT,
                                          TableMeld, card_value)
from engine.match import ScoreBreakdown, ScoreItem

BONUS_PENALTY_HELD = 750  # NG-50
OUT_BONUS = 200  # NG-46


def meld_points(m: TableMeld, auto_close: bool) -> int:
    """NG-51 (NG-17, NG-18, NG-23): what a closed meld scores (open ones, Freeze- and cheat-Nates: 0)."""
    closed = m.closed or (auto_close and m.kind == NOGGI and len(m.cards) >= NOGGI_CLOSE_AT)
    if not closed or m.kind == FREEZE_NATE or m.kind == CHEAT_NATE:
        return 0
    if m.kind == NOGGI:
        return 2000 if m.is_super else 1500
    if m.kind == JOKERNATE:
        return 300  # NG-23
    return 500 if m.is_clean else 300


def _meld_words(m: TableMeld) -> str:
    """``Closed Super Noggi m3``, ``Closed dirty Nate m5`` (``Noggi m2, closed at round end``)."""
    if m.kind == NOGGI:
        what = "Super Noggi" if m.is_super else "Noggi"
    elif m.kind == NATE:
        what = ("clean" if m.is_clean else "dirty") + " Nate"
    elif m.kind == JOKERNATE:
        what = "Jokernate"
    else:
        what = m.kind
    return f"Closed {what} {m.label()}" if m.closed else f"{what} {m.label()}, closed at round end"


def _cards_values(cards: Sequence[Card]) -> str:
    """``4♦ 10, JK 50`` (each card with its NG-10 value)."""
    return ", ".join(f"{c.pretty} {card_value(c)}" for c in cards)


def team_breakdown(melds: Sequence[TableMeld], bonuses: int, hands: Sequence[Sequence[Card]],
                   members: Sequence[int], out: int | None, qualifies: bool, variant: Any) -> ScoreBreakdown:
    """NG-46 to NG-52: the items of one team's round score.

    Args:
        melds: the team's melds on the table at round end.
        bonuses: Bonus cards the team melded (NG-47).
        hands: every seat's hand at round end (only ``members``' are read).
        members: the team's seats.
        out: the seat that went out, or None (the stock ran out, NG-31).
        qualifies: the team meets NG-43 at round end.
        variant: the ``NogginateVariant`` (``auto_close_noggis_at_round_end``,
            ``all_bonus_penalty``, ``score_melded_card_values``).
    Returns:
        the breakdown (items in points; their total is the team's round points). Item texts
        name seats as narration templates do (``{s2}``).
    """
    items: list[ScoreItem] = []
    if qualifies:
        for m in melds:
            p = meld_points(m, variant.auto_close_noggis_at_round_end)
            if p:
                items.append(ScoreItem(_meld_words(m), p, "NG-51", "melds"))
        if bonuses == 6:
            items.append(ScoreItem("all 6 Bonus cards melded", 1000, "NG-48", "bonus"))
        elif bonuses:
            items.append(ScoreItem(f"{bonuses} Bonus card{'s' if bonuses != 1 else ''} melded, 100 each",
                                   100 * bonuses, "NG-48", "bonus"))
        if out is not None and out in members:
            items.append(ScoreItem(f"{{s{out}}} went out", OUT_BONUS, "NG-46", "out"))
    elif bonuses:
        lost = variant.all_bonus_penalty if bonuses == 6 else 100 * bonuses
        items.append(ScoreItem(f"{bonuses} Bonus card{'s' if bonuses != 1 else ''} melded, not qualified",
                               -lost, "NG-49", "bonus"))
    for s in members:
        left = [c for c in hands[s] if c is not BONUS]
        if left:
            counted = [c for c in left if c not in CHEAT_CARDS]
            cheats = len(left) - len(counted)
            words = _cards_values(counted) + (f"{', ' if counted else ''}{cheats} cheat card"
                                              f"{'s' if cheats != 1 else ''} 0" if cheats else "")
            items.append(ScoreItem(f"cards left, {{s{s}}}: {words}", -sum(card_value(c) for c in left),
                                   "NG-51", "hand"))
        if BONUS in hands[s]:
            items.append(ScoreItem(f"{{s{s}}} holds a Bonus card", -BONUS_PENALTY_HELD, "NG-50", "penalty"))
    if variant.score_melded_card_values:
        items.append(ScoreItem("values of the melded cards", sum(card_value(c) for m in melds for c in m.cards),
                               "NG-52", "melds"))
    closed = sum(1 for m in melds if m.closed and m.kind not in (FREEZE_NATE, CHEAT_NATE))
    note = "" if qualifies else (f"not qualified: {closed} closed meld{'s' if closed != 1 else ''}, "
                                 "two are needed (NG-43); closed melds score nothing")
    return ScoreBreakdown(tuple(members), tuple(items), note)


__all__ = ["BONUS_PENALTY_HELD", "OUT_BONUS", "meld_points", "team_breakdown"]
