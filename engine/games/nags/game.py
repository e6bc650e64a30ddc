"""Nags: the horse-racing "stops" game (rules NA-1 to NA-25 in ``rules/nags.md``).

Points are kept internally in **half points** (integers, NA-19); ``scores()``
returns points. A :class:`NagsState` is a whole match of ``match_games`` games
(NA-21), with Buying a Horse between games (NA-25).

Chance steps and their notation (logged by whoever drives the state):

* ``dealer 2``: the first dealer, chosen at random (NA-6a);
* ``runner 7H``: one runner dealt face up (NA-5; a card whose value is already
  running is put back, so the outcome is uniform over the other values);
* ``deal 2C 5H ... / 7D ... / ...``: each seat's nine cards, in seat order (NA-6);
* ``reveal 7H``: the card a player turns from a face-down draw pile whose order
  nobody knows (NA-11). After a recycle without shuffling (NA-15) the order is
  known to everyone and a turn reveals the next card with no chance step.

Player actions: ``play 7H 7D``, ``turn``, ``pass`` (NA-16), ``up``/``down`` (the
Choice variation, NA-23), ``buy K`` and ``done`` (Buying a Horse, NA-25).

The package's modules, bottom up: :mod:`.rules` (the house rules, the phases and
the rules as small pure functions), :mod:`.actions` (actions and notation),
:mod:`.view` (what a seat knows, and ``determinize``), :mod:`.state` (the match
and one handler per verb), this module (the :class:`Nags` game). Everything a
caller needs is importable from here.
"""

from __future__ import annotations

from engine.core import Action, ChooseDealer, Game, Pass
from engine.games.nags.actions import (VERBS, Buy, ChooseDirection, Deal, DealRunner, DoneBuying, Play, Reveal, Turn,
                                      parse_nags_action, parse_value)
from engine.games.nags.rules import (ACE, CAME_IN, FELL, HAND_SIZE, N_RUNNERS, RUNNING, STATUS_TEXT, NagsVariant, Phase,
                                    face_value, half_text, horse_half_points, horse_result, legal_values, next_value,
                                    playout_half_points, prev_value, start_search_key, value_text)
from engine.games.nags.state import STUCK_BACKSTOP, STUCK_FACTOR, NagsState
from engine.games.nags.view import NagsView

__all__ = ["ACE", "CAME_IN", "FELL", "HAND_SIZE", "N_RUNNERS", "RUNNING", "STATUS_TEXT", "STUCK_BACKSTOP",
           "STUCK_FACTOR", "VERBS", "Buy", "ChooseDealer", "ChooseDirection", "Deal", "DealRunner", "DoneBuying",
           "Nags", "NagsState", "NagsVariant", "NagsView", "Pass", "Phase", "Play", "Reveal", "Turn", "face_value",
           "half_text", "horse_half_points", "horse_result", "legal_values", "next_value", "parse_nags_action",
           "parse_value", "playout_half_points", "prev_value", "start_search_key", "value_text"]


class Nags(Game):
    """The Nags game (2-5 seats)."""

    id = "nags"
    title = "Nags"
    min_seats = 2
    max_seats = 5
    variant_class = NagsVariant

    @classmethod
    def new_state(cls, variant: NagsVariant, n_seats: int) -> NagsState:
        err = cls.seat_range_error(n_seats)
        if err:
            raise ValueError(err)
        return NagsState(variant, n_seats)

    @classmethod
    def parse_action(cls, text: str) -> Action:
        return parse_nags_action(text)


NagsState.game = Nags
