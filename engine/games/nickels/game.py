"""Nickels: seven-round contract rummy with "May I" claims (rules NK-1 to NK-22 in ``rules.md``).

A :class:`NickelsState` is a whole match of seven rounds, the 6 to the 12
hand (NK-3). Each round has a contract (NK-10) that a player lays down in one
go (``down``, NK-11); later turns lay off single cards on any meld (NK-16).
Lowest total after seven rounds wins (NK-22).

Chance steps and their notation (the draw pile is an unordered pool, see
``docs/engine.md``; every card taken from it is a chance step):

* ``dealer 2``: the first dealer, at random (NK-4);
* ``deal <seat 0> / <seat 1> / ...``: each seat's hand, sorted (NK-4);
* ``upcard 7H``: the card turned to start the discard pile (NK-5); with
  ``reject_joker_upcard`` a turned joker goes back into the draw pile and the
  next step is another ``upcard``;
* ``draw 7H``: the card the player to move draws (NK-13a/d/e), seen only by them;
* ``penalty 7H``: the face-down penalty card of a claim (NK-13c), seen only by
  the claimant.

Player actions:

* ``take``: take the top discard (NK-13b, free; NK-13d, the card underneath after a claim);
* ``pass``: decline it (the current player), or decline an offer (another player, NK-13c);
* ``claim``: take the offered discard out of turn, plus a penalty card (NK-13c);
* ``meld 7C 7D JK``, ``meld 5H JK=6H 7H 8H``: lay one meld of the contract (NK-11,
  NK-15, NK-20; notation of :mod:`.melds`). Going down is one meld per action: the
  first starts it, only melds after which the rest of the contract can still be laid
  are legal, and the turn cannot end until the contract is complete (a pending
  commitment, so there are no dead ends and the legal list stays small);
* ``layoff 7H m3``: lay one card off on meld ``m3`` (NK-16); a joker on a run names
  the card it stands for (``layoff JK=6C m4``); a low ace adds ``low``
  (``layoff AS m2 low``), a joker on a book is ``layoff JK m3``;
* ``swap 5S m4``: replace the joker standing for 5S in run ``m4`` with the natural
  5S from the hand, taking the joker (NK-16);
* ``discard 7H``: end the turn (NK-18).

Turn phases: acquire (the current player takes or passes) -> offer (each seat
eligible under NK-13c in clockwise order: claim or pass; a claim is followed by
the penalty chance step) -> after a claim, the current player takes the card
underneath or passes (NK-13d) -> draw (chance) -> play (``meld``, ``layoff``,
``swap``) -> ``discard``.

The package, along the seams of OpenSpiel's gin rummy (this module keeps the house rules and
the :class:`Nickels` game, and names everything else a bot, a table or a test needs):

* :mod:`.actions`: the actions, their notation (one parser per verb) and the :class:`Phase`;
* :mod:`.melds`: books and runs, the contracts, the melds on the table and the search behind
  going down meld by meld;
* :mod:`.turn`: the turn's legality, one checker per phase and per action type, and the play
  phase's moves;
* :mod:`.state`: the match and one handler per chance phase and per move;
* :mod:`.view`: what one seat may know, and its determinization.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from engine.cards import ACE, Card
from engine.core import Action, Game
from engine.games.nickels.actions import (
    CHANCE_PHASES,
    CLAIM,
    DECLINE,
    TAKE,
    Claim,
    Deal,
    Decline,
    Discard,
    DrawCard,
    LayMeld,
    Layoff,
    PenaltyCard,
    Phase,
    Swap,
    Take,
    Upcard,
    parse_nickels_action,
)
from engine.games.nickels.melds import HAND_NAMES, ROUNDS, TableMeld, pack
from engine.games.nickels.scoring import round_breakdown
from engine.games.nickels.state import NickelsState
from engine.games.nickels.turn import layoff_moves, layoff_problem, play_moves, swap_problem
from engine.games.nickels.view import NickelsView
from engine.match import ScoreBreakdown
from engine.variants import option

__all__ = [
    "CHANCE_PHASES", "CLAIM", "DECLINE", "HAND_NAMES", "ROUNDS", "TAKE", "Claim", "Deal", "Decline", "Discard",
    "DrawCard", "LayMeld", "Layoff", "Nickels", "NickelsState", "NickelsVariant", "NickelsView", "PenaltyCard",
    "PenaltyValues", "Phase", "Swap", "TableMeld", "Take", "Upcard", "layoff_moves", "layoff_problem",
    "parse_nickels_action", "play_moves", "swap_problem",
]


# ---------------------------------------------------------------------------
# Variant
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class PenaltyValues:
    """NK-6: the points a card left in hand costs (a reconstruction of the seed's lost table)."""

    joker: int = option(50, rule="NK-6", min=0, max=1000, help="a joker left in hand")
    ace: int = option(20, rule="NK-6", min=0, max=1000, help="an ace left in hand")
    ten_to_king: int = option(10, rule="NK-6", min=0, max=1000, help="a 10, J, Q or K left in hand")
    two_to_nine: int = option(5, rule="NK-6", min=0, max=1000, help="a 2 to 9 left in hand")

    def __str__(self) -> str:
        return "{" + ", ".join(f"{k} = {v}" for k, v in self.__dict__.items()) + "}"

    def of(self, card: Card) -> int:
        """NK-6: the penalty points of ``card``."""
        if card.is_joker:
            return self.joker
        if card.rank == ACE:
            return self.ace
        return self.ten_to_king if card.rank >= 10 else self.two_to_nine


@dataclass(frozen=True)
class NickelsVariant:
    """House rules for Nickels (the configuration summary of ``rules.md``)."""

    allow_seven_players: bool = option(
        False, rule="NK-2", help="allow a seventh player (4 decks and 8 jokers)")
    reject_joker_upcard: bool = option(
        False, rule="NK-5", help="a joker turned up to start the discard pile goes back into the draw pile")
    penalty_values: PenaltyValues = option(
        PenaltyValues(), rule="NK-6",
        help="points for cards left in hand: joker, ace, ten_to_king, two_to_nine "
             "(a table, e.g. {joker = 50, ace = 20, ten_to_king = 10, two_to_nine = 5})")
    min_naturals_per_meld: int = option(
        1, rule="NK-9", min=1, max=13, help="natural (non-joker) cards every meld needs when it is laid down")
    out_of_turn_claims_per_turn: int = option(
        1, rule="NK-13", min=0, max=6,
        help="claims allowed in one turn (1: the card exposed by a claim is offered only to the player "
             "whose turn it is; 0: no claims at all)")
    max_claims_per_player_per_round: int | None = option(
        None, rule="NK-13", min=1, max=100, help="claims each player may make in one round (omit: no limit)")
    unmelded_penalty: int = option(
        25, rule="NK-21", min=0, max=1000, help="added for each player who has not gone down (never in the 12 hand)")
    max_turns_per_round: int = option(
        1000, rule="NK-19a", min=10, max=2000,
        help="a round with nobody out after this many turns ends and is scored like one whose draw pile "
             "ran out (a safety cap that keeps every match finite)")

    def decks(self, n_seats: int) -> tuple[int, int]:
        """NK-2: (standard decks, jokers) for ``n_seats`` players."""
        if n_seats <= 4:
            return 2, 4
        if n_seats <= 6:
            return 3, 6
        return 4, 8

    def full_deck(self, n_seats: int) -> list[Card]:
        """NK-2: the pack for ``n_seats`` players (a new list)."""
        d, j = self.decks(n_seats)
        return list(pack(d, j // d))


class Nickels(Game):
    """Nickels: 3 to 6 players, 7 with ``allow_seven_players`` (NK-1)."""

    id = "nickels"
    title = "Nickels"
    min_seats = 3
    max_seats = 7
    variant_class = NickelsVariant
    highest_wins = False  # penalty points: the lowest total wins (NK-22)

    @classmethod
    def new_state(cls, variant: NickelsVariant, n_seats: int = 4) -> NickelsState:
        """A new match at its first chance step (the first dealer).

        Raises:
            ValueError: for fewer than 3 or more than 6 seats (7 only with ``allow_seven_players``, NK-1).
        """
        err = cls.seat_range_error(n_seats, variant)
        if err:
            raise ValueError(err)
        return NickelsState(variant, n_seats)

    @classmethod
    def seat_range_error(cls, n_seats: int, variant: NickelsVariant | None = None) -> str | None:
        """NK-1: ``None`` if ``n_seats`` may play (7 only when ``variant`` allows it; with no
        variant, 7 passes and the match's own check decides), else why not."""
        if n_seats == 7 and variant is not None and not variant.allow_seven_players:
            return "Nickels needs 3 to 6 seats; 7 only with the house rule allow_seven_players (NK-1)"
        return super().seat_range_error(n_seats, variant)

    @classmethod
    def round_breakdown(cls, data: Mapping[str, Any], variant: NickelsVariant, n_seats: int) -> list[ScoreBreakdown]:
        """NK-21: each seat's penalty points card by card, from the round's ``hand_over`` data
        (:func:`~engine.games.nickels.scoring.round_breakdown`)."""
        return round_breakdown(data, variant.penalty_values, n_seats)

    @classmethod
    def parse_action(cls, text: str) -> Action:
        return parse_nickels_action(text)


NickelsState.game = Nickels
