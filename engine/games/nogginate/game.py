"""Nogginate: Samba-like partnership rummy with a 162-card deck (rules NG-1 to NG-54 in ``rules.md``).

A :class:`NogginateState` is a whole match: rounds until a team reaches 10,000
(NG-54), or ``fixed_rounds``. With ``use_cheat_cards`` the cheat deck (NG-11, NG-12) is a
second stock with its own dead discard pile, and the nine powers (NG-C1 to NG-C9) are
actions of the meld phase (:mod:`engine.games.nogginate.cheats`).

Chance steps and their notation (the stock is an unordered pool; every card taken
from it is a chance step):

* ``dealer 2``: the first dealer, at random (NG-5);
* ``deal <seat 0> / <seat 1> / ...``: each seat's 15 cards, sorted (NG-13);
* ``upcard 7H``: the card turned to start the discard pile (NG-14);
* ``drawn 7H 3S``: the cards the player to move draws (NG-26a, NG-29: one card when one
  is left; cheat cards from the cheat stock, e.g. ``drawn 7H STL``), seen only by that
  player (the others observe ``drawn 2``: which stocks it came from is public).

Player actions, one meld or one card at a time (NG-26a):

* acquire (NG-26 step 1): ``draw`` (two cards from the custom stock; with the stock empty
  it ends the round, NG-31), ``draw 1c1x`` and ``draw 2x`` (one custom and one cheat card,
  two cheat cards: NG-26, NG-29 to NG-31), ``pile 7H 7D`` (take the whole pile, melding the top card
  with these two naturals as a new Nate, NG-36), ``pile 7H 7D m4`` (the same onto the
  team's Nate m4), ``onto m3`` (the top card onto the team's open Noggi m3, NG-37);
* meld phase (step 2): ``noggi 4S 5S 6S`` and ``nate 7C 7D JK`` (a new meld's first three
  cards), ``add m3 7H`` (one card onto a team meld), ``close m3`` (NG-17), ``merge m2 m5``
  (NG-24), ``bonus`` (NG-47), ``freezenate FZ FZ FZ`` (NG-22, the going-out turn only),
  ``ask`` ("Partner, may I go out?", NG-45), the cheat powers and ``cheatnate`` (see
  :mod:`engine.games.nogginate.cheats`);
* the partner's answer: ``yes`` / ``no`` (NG-45); ``give 7H s2``: a card a Steal returned,
  given by its team to one of its players (NG-C8, ``team_choice``);
* end (step 3): ``discard 7H``, ``out`` (no card left, NG-42), ``pass`` (one card left and
  not going out, NG-44).

Pending commitments (no dead ends, no take-backs): once a team that is not down starts
melding, the turn cannot end before the minimum is met (NG-32, NG-32a), and only melds
after which it can still be met are offered; a pile taken before going down waits
until the minimum is met from the hand (NG-36 step 3).

The package, along the seams of OpenSpiel's gin rummy (this module keeps the house rules and
the :class:`Nogginate` game, and names everything else a bot, a table or a test needs):

* :mod:`.actions`: the actions, their notation (one parser per verb) and the :class:`Phase`;
* :mod:`.melds`: the melds on the table, card values and the commitment search ``can_place``;
* :mod:`.cheats`: the cheat deck, the powers' actions and their meld arithmetic;
* :mod:`.turn`: the turn's legality, one checker per phase and per action type, one move
  generator per phase; :mod:`.powers`: the same for the cheat powers, and their effects;
* :mod:`.state`: the match and one handler per chance phase and per action type;
* :mod:`.view`: what one seat may know, and its determinization.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Mapping

from engine.core import Action, Game
from engine.match import ScoreBreakdown, breakdown_from_data
from engine.games.nogginate.actions import (
    ASK,
    BONUS_ACT,
    CHANCE_PHASES,
    DRAW,
    DRAW_CHEATS,
    DRAW_KINDS,
    DRAW_MIXED,
    JOKERNATE_ACT,
    NO,
    OUT,
    PASS,
    YES,
    Add,
    Answer,
    Ask,
    Close,
    Deal,
    Discard,
    Draw,
    Drawn,
    FreezeNate,
    GoOut,
    Merge,
    NewNate,
    NewNoggi,
    Onto,
    PassTurn,
    Phase,
    PlaceBonus,
    TakePile,
    Upcard,
    parse_nogginate_action,
)
from engine.games.nogginate.scoring import BONUS_PENALTY_HELD, OUT_BONUS
from engine.games.nogginate.state import HAND_SIZE, TARGET, NogginateState, team_seats
from engine.games.nogginate.turn import Turn
from engine.games.nogginate.view import NogginateView
from engine.variants import option

__all__ = [
    "ASK", "BONUS_ACT", "BONUS_PENALTY_HELD", "CHANCE_PHASES", "DRAW", "DRAW_CHEATS", "DRAW_KINDS", "DRAW_MIXED",
    "HAND_SIZE", "JOKERNATE_ACT", "NO", "OUT", "OUT_BONUS", "PASS", "TARGET", "YES", "Add", "Answer", "Ask", "Close",
    "Deal", "Discard", "Draw", "Drawn", "FreezeNate", "GoOut", "Merge", "NewNate", "NewNoggi", "Nogginate",
    "NogginateState", "NogginateVariant", "NogginateView", "Onto", "PassTurn", "Phase", "PlaceBonus", "TakePile",
    "Turn", "Upcard", "parse_nogginate_action",
]


# ---------------------------------------------------------------------------
# Variant
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class NogginateVariant:
    """House rules for Nogginate (the configuration summary of ``rules.md``)."""

    use_cheat_cards: bool = option(
        False, rule="NG-11", help="include the cheat deck: a second stock of 54 power cards (42 without Show "
                                  "and Tell in games without partners) and its dead discard pile")
    show_tell_in_individual_games: bool = option(
        False, rule="NG-12", help="keep Show and Tell in the cheat deck of 2, 3 and 5 player games (without a "
                                  "partner they are only discarded or melded in a cheat-Nate)")
    six_player_teams: Literal["3x2", "2x3"] = option(
        "3x2", rule="NG-4", choices=("3x2", "2x3"),
        help='six players: "3x2" three partnerships of two (seats 0+3, 1+4, 2+5) or "2x3" two teams of three')
    auto_close_noggis_at_round_end: bool = option(
        False, rule="NG-17", help="an open Noggi of 7 or more cards counts as closed at scoring")
    cheat_nate_mixed_types: bool = option(
        False, rule="NG-22",
        help="a cheat-Nate (3+ cheat cards melded on the turn you go out) may mix cheat card types")
    last_custom_card_topup_from_cheat: bool = option(
        False, rule="NG-29",
        help="with one custom card left, 'draw 1c1x' may take it and one cheat card (cheat cards)")
    min_meld_when_negative: int = option(
        50, rule="NG-32", min=0, max=150, help="the initial-meld minimum of a team with a negative score")
    all_bonus_penalty: int = option(
        600, rule="NG-49", min=0, max=10_000,
        help="the penalty when a team that does not qualify melded all 6 Bonus cards")
    score_melded_card_values: bool = option(
        False, rule="NG-52", help="Samba style: add the point values of every melded card")
    hands_off_single_use: bool = option(
        False, rule="NG-C2",
        help="Hands Off blocks one Steal, then it and the Steal card go to the cheat discard pile (off: it "
             "protects its meld for the rest of the round; cheat cards)")
    steal_return_policy: Literal["next_to_play", "team_choice", "fewest_cards"] = option(
        "next_to_play", rule="NG-C8", choices=("next_to_play", "team_choice", "fewest_cards"),
        help='who gets the cards a Steal breaks off a meld: "next_to_play" the owning team\'s next player, '
             '"team_choice" that player gives each card to one of the team, "fewest_cards" the team\'s player with '
             'the fewest cards (cheat cards)')
    max_go_out_asks_per_round: int | None = option(
        None, rule="NG-45", min=1, max=100,
        help='"Partner, may I go out?" questions each team may ask in a round (omit: one per turn, no cap)')
    tie_policy: Literal["play_on", "shared"] = option(
        "play_on", rule="NG-54", choices=("play_on", "shared"),
        help='teams tied for the lead at 10,000 or more: "play_on" another round, or "shared" win')
    fixed_rounds: int | None = option(
        None, rule="NG-54", min=1, max=200,
        help="play this many rounds instead of to 10,000; the highest total wins (omit: play to 10,000; "
             "at most 200: NG-54b)")
    max_rounds: int = option(
        100, rule="NG-54a", min=1, max=200,
        help="a match to 10,000 still undecided after this many rounds ends; the highest total wins, tied "
             "leaders share (a safety cap that keeps every match finite)")

    def problems(self) -> list[tuple[str, str]]:
        """Combinations that cannot be played, as ``(option, message)`` pairs (none: every
        combination of Nogginate's options is playable)."""
        return []


class Nogginate(Game):
    """Nogginate: 2 to 6 players; partnerships with 4 and 6 (NG-1 to NG-4)."""

    id = "nogginate"
    title = "Nogginate"
    min_seats = 2
    max_seats = 6
    variant_class = NogginateVariant

    @classmethod
    def new_state(cls, variant: NogginateVariant, n_seats: int = 4) -> NogginateState:
        """A new match at its first chance step (the first dealer).

        Raises:
            ValueError: for fewer than 2 or more than 6 seats (NG-1).
        """
        err = cls.seat_range_error(n_seats, variant)
        if err:
            raise ValueError(err)
        return NogginateState(variant, n_seats)

    @classmethod
    def round_breakdown(cls, data: Mapping[str, Any], variant: NogginateVariant,
                        n_seats: int) -> list[ScoreBreakdown] | None:
        """NG-46 to NG-52: each team's points item by item (closed melds, Bonus cards, going out,
        cards left, the Bonus-card penalty), as the round's ``hand_over`` data carries them
        (``data["breakdown"]``, :func:`~engine.games.nogginate.scoring.team_breakdown`); None
        for an event without them."""
        groups = data.get("breakdown")
        return breakdown_from_data(groups) if groups else None

    @classmethod
    def teams(cls, n_seats: int, variant: NogginateVariant | None) -> list[list[int]]:
        """NG-1/NG-3/NG-4: 4 players in two partnerships {0,2} {1,3}; 6 players in three
        partnerships {0,3} {1,4} {2,5} (or two teams of three {0,2,4} {1,3,5} with
        ``six_player_teams = "2x3"``); 2, 3 and 5 players alone (:func:`~.state.team_seats`)."""
        return team_seats(n_seats, variant.six_player_teams if variant is not None else "3x2")

    @classmethod
    def parse_action(cls, text: str) -> Action:
        return parse_nogginate_action(text)


NogginateState.game = Nogginate
