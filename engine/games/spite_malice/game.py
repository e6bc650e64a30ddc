"""Naglma's Spite & Malice (rules SM-1 to SM-20 in ``rules/spite_malice.md``).

Two players race to empty their **stock deck** onto shared **play decks** that
are built up from Ace (SM-9) and removed when they reach MAXV, the highest
non-wild value (SM-3, SM-4, SM-10). A :class:`SpiteMaliceState` is one game,
or a match of games to ``match_to`` points when that option is set (SM-17).

Card values (SM-2): A = 1, 2..10, J = 11, Q = 12, K = 13, Joker = 14.

Chance steps and their notation (logged by whoever drives the state):

* ``deal <stock 0> / <stock 1>``: both stock decks, bottom card first, top card
  last (SM-5). The order of a stock deck is fixed at the deal and nobody sees
  it; only the top card is face up (SM-6, SM-18). A tie of the turned top cards
  collects everything and re-deals (SM-6): the next step is another ``deal``.
* ``draw <cards>``: the cards a player draws from the face-down draw deck
  (SM-7 start-of-turn fill, SM-11 refill). The draw deck is an unordered pool
  (docs/engine.md), so a draw is a uniform choice of cards from it. With
  ``draw_empty`` a draw that empties the draw deck takes all its cards, then
  the removed pile becomes the new draw deck and the rest come from it (SM-14).

Player actions (decks are numbered from 1; a hand card is named by its face,
identical faces being interchangeable):

* ``play 7H P1``: hand card 7H onto play deck 1 (SM-8 move 1);
* ``play S P3``: the top card of the own stock deck onto play deck 3 (move 2);
* ``play D2 P1``: the top card of the own discard deck 2 onto play deck 1 (move 3);
* ``discard 7H D4``: hand card 7H onto the own discard deck 4, ending the turn (move 4, SM-12).

A wild card's counted value is the play deck's next value (SM-9), so a play
deck with n cards always has effective top value n.

The package's modules, bottom up: :mod:`.rules` (values, wildness, the game types
and house rules, the phases), :mod:`.actions` (actions and notation), :mod:`.view`
(what a seat knows, and ``determinize``), :mod:`.state` (the game and one handler
per verb), this module (the :class:`SpiteMalice` game). Everything a caller needs
is importable from here.
"""

from __future__ import annotations

from engine.core import Action, Game
from engine.games.spite_malice.actions import (VERBS, Deal, Discard, Draw, PlayDiscard, PlayHand, PlayStock,
                                              parse_sm_action)
from engine.games.spite_malice.rules import (AVAILABLE_TYPES, NOT_PUBLISHED, PRESETS, SEED_TYPE_NAMES, SHUFFLE_TYPES,
                                            TIE, UNAVAILABLE_TYPES, VALUE, VALUE_TEXT, WILD_NAMES, Phase,
                                            SpiteMaliceVariant, card_value, value_text)
from engine.games.spite_malice.state import SpiteMaliceState
from engine.games.spite_malice.view import SpiteMaliceView

__all__ = ["AVAILABLE_TYPES", "NOT_PUBLISHED", "PRESETS", "SEED_TYPE_NAMES", "SHUFFLE_TYPES", "TIE",
           "UNAVAILABLE_TYPES", "VALUE", "VALUE_TEXT", "VERBS", "WILD_NAMES", "Deal", "Discard", "Draw", "Phase",
           "PlayDiscard", "PlayHand", "PlayStock", "SpiteMalice", "SpiteMaliceState", "SpiteMaliceVariant",
           "SpiteMaliceView", "card_value", "parse_sm_action", "value_text"]


class SpiteMalice(Game):
    """Naglma's Spite & Malice (exactly 2 seats, SM-1)."""

    id = "spite_malice"
    title = "Naglma's Spite & Malice"
    min_seats = 2
    max_seats = 2
    variant_class = SpiteMaliceVariant

    @classmethod
    def new_state(cls, variant: SpiteMaliceVariant, n_seats: int = 2) -> SpiteMaliceState:
        """A new game (or match) at its first chance step, the deal.

        Raises:
            ValueError: for a seat count other than 2 (SM-1) or a variant that fails SM-20.
        """
        err = cls.seat_range_error(n_seats)
        if err:
            raise ValueError(err)
        problems = variant.problems()
        if problems:
            raise ValueError(problems[0][1])
        return SpiteMaliceState(variant, n_seats)

    @classmethod
    def parse_action(cls, text: str) -> Action:
        return parse_sm_action(text)


SpiteMaliceState.game = SpiteMalice
