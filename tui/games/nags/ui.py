"""Nags-specific presentation for the table screen: prompts, runner labels and
key hints. Text only: every rule comes from the engine (legal actions, the
view's fields); this module only words them for a player.
"""

from __future__ import annotations

from typing import Sequence

from engine.cards import Card, rank_text
from engine.games.nags import SPEC
from engine.core import Action
from engine.games.nags.game import (CAME_IN, FELL, Buy, ChooseDirection, DoneBuying, NagsView, Pass, Phase, Play,
                               Turn, half_text)
from tui.widgets.narration import asciify, notation_words, thinking_text  # noqa: F401 - re-exported for older callers

#: Keys that select every card of one face value (NA-2 values 2..A); ``0`` is the ten.
VALUE_KEYS: dict[str, int] = {**{str(v): v for v in range(2, 10)}, "0": 10, "j": 11, "q": 12, "k": 13, "a": 14}
#: The key that selects a value, the inverse of :data:`VALUE_KEYS`.
KEY_FOR_VALUE: dict[int, str] = {v: k for k, v in VALUE_KEYS.items()}

_VALUE_WORDS = {11: "Jacks", 12: "Queens", 13: "Kings", 14: "Aces"}
_ORDINALS = ("1st", "2nd", "3rd", "4th")

#: Event kinds the Nags game log writes in bold (NA-13 a horse in, NA-25 owner bonus, NA-17 play-out).
STRONG_EVENT_KINDS = frozenset({"horse_in", "owner_bonus", "play_out"})
#: What Nags calls one hand of a match (NA-21: a match is several games).
HAND_WORD = SPEC.hand_word  # the engine's word ("Round 3 over", "round 3 of 7" in recent games)


def card_label(card: Card, ascii_only: bool = False) -> str:
    """A card as a player reads it: ``10♥`` (or ``10H`` with ``ascii_only``)."""
    return card.text if ascii_only else card.pretty


def value_plural(value: int) -> str:
    """A face value (NA-2) in the plural: ``5s``, ``10s``, ``Jacks``, ``Aces``."""
    return _VALUE_WORDS.get(value, f"{rank_text(value)}s")


def points(half: int) -> str:
    """Half points (NA-19) as shown to players: ``7``, ``6.5``."""
    return half_text(half)


def play_values(legal: Sequence[Action]) -> list[int]:
    """The face values that appear in the legal plays, in the engine's order."""
    out: list[int] = []
    for a in legal:
        if isinstance(a, Play) and a.cards[0].rank not in out:
            out.append(a.cards[0].rank)
    return out


def runner_status(runner: tuple, names: Sequence[str]) -> str:
    """One runner's state (NA-12..NA-14): ``running``, ``fallen``, or ``in 1st: Ann``
    (who brought it in)."""
    _card, status, position, seat = runner[:4]
    if status == CAME_IN:
        who = names[seat] if 0 <= seat < len(names) else "?"
        return f"in {_ORDINALS[position - 1]}: {who}"
    if status == FELL:
        return "fallen"
    return "running"


def prompt(view: NagsView, names: Sequence[str], *, many_humans: bool = False,
           ascii_only: bool = False) -> str:
    """What the seat of ``view`` may do now, as one sentence for the status line.

    Args:
        view: the view of the seat shown (a human seat).
        names: display names of all seats.
        many_humans: address the player by name (several humans at one terminal).
        ascii_only: no arrows or suit symbols.

    Returns:
        e.g. ``"Your turn: play 5s or 6s (select with ←/→ and space, Enter to play)"``.
    """
    left_right = "<-/->" if ascii_only else "←/→"
    me = names[view.seat]
    who = f"{me}, your" if many_humans else "Your"
    if view.is_over:
        return "The match is over: press s for the summary."
    if view.to_move != view.seat:
        if view.to_move < 0:
            return "Dealing…" if not ascii_only else "Dealing..."
        other = names[view.to_move]
        if view.phase is Phase.BUY:
            return f"{other} is buying horses…" if not ascii_only else f"{other} is buying horses..."
        return f"Waiting for {other}…" if not ascii_only else f"Waiting for {other}..."
    legal = view.legal_actions()
    if view.phase is Phase.DIRECTION:
        return f"{who} choice (NA-23): press u to go up or d to go down from here"
    if view.phase is Phase.BUY:
        can_buy = any(isinstance(a, Buy) for a in legal)
        if not can_buy:
            return (f"{who} turn to buy horses (NA-25): you have fewer than 10 points, "
                    "press n to go on")
        return (f"{who} turn to buy horses (NA-25, 10 points each): pick a value with {left_right} "
                "or its key, Enter buys it, n when done")
    values = play_values(legal)
    if values:
        words = " or ".join(value_plural(v) for v in values)
        how = f"(select with {left_right} and space or a value key, Enter to play)"
        extra = ", or t to turn a card" if Turn() in legal else ""
        if not view.opened:
            return f"{who} turn: you hold the lowest card, open with {words} (NA-8) {how}{extra}"
        return f"{who} turn: play {words} {how}{extra}"
    if Turn() in legal:
        return f"{who} turn: no legal play, press t to turn the top card of the draw pile (NA-11)"
    if Pass() in legal:
        return f"{who} turn: no play and no card to turn, press p to pass (NA-16)"
    return f"{who} turn."


def action_words(action: Action, ascii_only: bool = False) -> str:
    """An action in words for hints: ``play 7♥ 7♦``, ``turn a card``, ``go up``."""
    if isinstance(action, Play):
        return "play " + " ".join(card_label(c, ascii_only) for c in action.cards)
    if isinstance(action, Turn):
        return "turn the top card (t)"
    if isinstance(action, Pass):
        return "pass (p)"
    if isinstance(action, ChooseDirection):
        return "go up (u)" if action.direction > 0 else "go down (d)"
    if isinstance(action, Buy):
        return f"buy the {rank_text(action.value)} horse (Enter)"
    if isinstance(action, DoneBuying):
        return "buy nothing more (n)"
    return notation_words(action, ascii_only)


def game_scores_line(data: dict, names: Sequence[str]) -> str:
    """The scores of a finished game from a ``hand_over`` event's data (points, NA-20)."""
    scores = data.get("scores", [])
    totals = data.get("totals", [])
    game = ", ".join(f"{n} {_pts(s)}" for n, s in zip(names, scores))
    match = ", ".join(f"{n} {_pts(t)}" for n, t in zip(names, totals))
    blocked = " (blocked)" if data.get("blocked") else ""
    return f"Game {int(data.get('hand', 0)) + 1}{blocked}: {game}. Match: {match}."


def game_breakdown(data: dict, names: Sequence[str]) -> str:
    """How a finished game was scored, from its ``hand_over`` data (``played_out``,
    ``playout_points``, ``horse_points`` in points): play-out points (NA-18) and horse
    points (NA-19, owners' bonuses NA-25), e.g. ``Ann played out: +11 (NA-18) ·
    horse points: Bix 10.5 (NA-19)``; a blocked game (NA-16) has no play-out points."""
    out = data.get("played_out")
    playout = data.get("playout_points") or []
    horses = data.get("horse_points") or []
    if data.get("blocked"):
        first = "blocked: no play-out points (NA-16)"
    elif out is not None and 0 <= out < len(names) and out < len(playout):
        first = f"{names[out]} played out: +{_pts(playout[out])} (NA-18)"
    else:
        first = "no play-out points"
    won = [f"{n} {_pts(h)}" for n, h in zip(names, horses) if h]
    second = ("horse points: " + ", ".join(won) + " (NA-19)") if won else "no horse points"
    return f"{first} · {second}"


def _pts(x: float) -> str:
    """Points (which are whole or .5) as text."""
    return str(int(x)) if float(x).is_integer() else f"{x:.1f}"


KEY_HELP = """\
←/→ move along your hand · space select/unselect · 2-9, 0 (ten), j q k a select all cards of a value
Enter play the selection · t turn the top card · p pass · u/d choose up/down (Choice, NA-23)
Buying horses (NA-25): ←/→ or a value key, Enter buys, n done
z undo (against bots) · h hint · l last events · ? rules"""


