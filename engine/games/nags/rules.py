"""Nags' rules as data and small pure functions: the house rules (:class:`NagsVariant`),
the phases of a match (:class:`Phase`), face values, the rank direction and the scoring
(rules NA-1 to NA-25 in ``rules.md``). Points are kept in **half points** (integers, NA-19).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Literal, cast

from engine.cards import ACE, Card, Suit, rank_text, standard_deck
from engine.variants import option


HAND_SIZE = 9  # NA-6
N_RUNNERS = 4  # NA-5

# Runner status values.
RUNNING, CAME_IN, FELL = 0, 1, 2
STATUS_TEXT = {RUNNING: "running", CAME_IN: "in", FELL: "fallen"}


# ---------------------------------------------------------------------------
# Variant
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class NagsVariant:
    """House rules for Nags (the configuration summary of ``rules/nags.md``)."""

    opening_must_include_lowest_card: bool = option(
        False, rule="NA-8", help="the start player's first play must include the lowest card found by the start search")
    allow_voluntary_turn: bool = option(
        False, rule="NA-11", help="a player who could play may turn the top card of the draw pile instead")
    shuffle_on_recycle: bool = option(
        False, rule="NA-15", help="shuffle the old discards when they become the new draw pile")
    direction_mode: Literal["fixed", "alternating", "choice"] = option(
        "fixed", rule="NA-22", choices=("fixed", "alternating", "choice"),
        help='"fixed": always up; "alternating": the rank direction flips whenever a card is turned (NA-22); '
             '"choice": the player who turned a card chooses up or down (NA-23)')
    match_games: int = option(1, rule="NA-21", min=1, max=100, help="number of games in a match (scores are summed)")
    match_target: int | None = option(
        None, rule="NA-21", min=1, max=2500,
        help="instead of a fixed number of games, play until someone has at least this many points after a game "
             "(at most 2,500: NA-21b)")
    buying_horses: bool = option(
        False, rule="NA-25", help="Buying a Horse between games of a match: 10 points per face value")
    allow_negative_after_purchase: bool = option(
        False, rule="NA-25", help="allow buying a horse with fewer than 10 points (the score may go negative)")
    max_drawn_games: int = option(
        10, rule="NA-21a", min=1, max=1000,
        help="in a match to match_target, after this many games in a row in which nobody scored the match "
             "ends: the highest total wins (keeps every match finite)")

    def problems(self) -> list[tuple[str, str]]:
        """Combinations the rules forbid, as ``(option, message)`` pairs."""
        out = []
        if self.buying_horses and not self.is_match:
            out.append(("buying_horses", "Buying a Horse needs a match of several games: "
                        "set match_games > 1 or match_target (NA-25)"))
        if self.allow_negative_after_purchase and not self.buying_horses:
            out.append(("allow_negative_after_purchase", "only meaningful with buying_horses = true (NA-25)"))
        return out

    @property
    def is_match(self) -> bool:
        """True when more than one game may be played (NA-21)."""
        return self.match_games > 1 or self.match_target is not None


# ---------------------------------------------------------------------------
# Rules as small pure functions (each names its rule)
# ---------------------------------------------------------------------------

def face_value(card: Card) -> int:
    """NA-2: 2..10 at pip value, J 11, Q 12, K 13, A 14."""
    return card.rank


def start_search_key(card: Card) -> tuple[int, int]:
    """NA-3/NA-7: the order of the start search (rank 2..A, then clubs < diamonds < hearts < spades)."""
    return (card.rank, int(cast(Suit, card.suit)))  # Nags deals only natural cards


def next_value(v: int) -> int:
    """NA-10: the value one higher, with next(K) = A and next(A) = 2."""
    return 2 if v == ACE else v + 1


def prev_value(v: int) -> int:
    """NA-10: the value one lower, with prev(2) = A and prev(A) = K."""
    return ACE if v == 2 else v - 1


def legal_values(top: int, direction: int) -> tuple[int, int]:
    """NA-10: the values that may be played on ``top``: T and next(T) going up
    (``direction`` = +1), T and prev(T) going down (-1)."""
    return (top, next_value(top) if direction > 0 else prev_value(top))


def horse_half_points(value: int, position: int) -> int:
    """NA-19: half points for a horse of face ``value`` coming in at ``position`` (1..4)."""
    if position == 1:
        return 2 * value
    if position == 2:
        return value
    if position == 3:
        return (2 * value + 1) // 3
    if position == 4:
        return (value + 1) // 2
    raise ValueError(f"no horse position {position}")


def horse_result(runner: Card, placed: tuple[Card, ...]) -> int:
    """NA-12: what cards of the runner's value do to it: CAME_IN if at least one
    has the runner's colour, else FELL. ``placed`` must hold only that value."""
    return CAME_IN if any(c.is_red == runner.is_red for c in placed) else FELL


def playout_half_points(cards_left_in_other_hands: int) -> int:
    """NA-18: 5 points plus 1 per card left in the other players' hands, in half points."""
    return 2 * (5 + cards_left_in_other_hands)


def value_text(value: int) -> str:
    return rank_text(value)


def half_text(half: int) -> str:
    """Half points as player text: ``7``, ``6.5``."""
    return str(half // 2) if half % 2 == 0 else f"{half // 2}.5"


class Phase(IntEnum):
    """The steps of a Nags match (the values are the old ``P_*`` numbers)."""

    DEALER = 0      # chance: the first dealer (NA-6a)
    RUNNERS = 1     # chance: the four runners (NA-5)
    DEAL = 2        # chance: nine cards each (NA-6)
    PLAY = 3        # play, turn or pass (NA-8 to NA-16)
    REVEAL = 4      # chance: the card turned from a pool of unknown order (NA-11)
    DIRECTION = 5   # the Choice variation: up or down (NA-23)
    BUY = 6         # Buying a Horse between games (NA-25)
    OVER = 7


# The members under plain names for the hot paths: on Python 3.11 ``Phase.PLAY`` goes
# through ``EnumType.__getattr__`` (0.3 us a lookup), a module global costs 0.03 us.
_DEALER, _RUNNERS, _DEAL, _PLAY, _REVEAL, _DIRECTION, _BUY, _OVER = Phase


_FULL_DECK = standard_deck()
