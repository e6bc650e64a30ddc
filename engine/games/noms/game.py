"""Noms (Nomination Whist): four players, bids 10-13, Mis and Mis a Vis, a hidden
partner named by a called card (rules NO-1 to NO-22 and NO-V1 to NO-V4 in
``rules/noms.md``). A :class:`NomsState` is the whole game to 101 (NO-22).

Chance steps and their notation:

* ``dealer 2``: the first dealer, chosen uniformly (NO-2);
* ``shuffle 2C 7H ...``: the 52 cards of the first hand's deck, top card first
  (NO-4; every hand with ``shuffle_every_hand``);
* ``cut 17``: the top 17 cards go beneath the rest (NO-5a), every hand. The deal
  (NO-6) then follows from the deck order and needs no chance step.

Player actions: ``bid 11``, ``bid mis``, ``bid misavis``, ``pass`` (NO-7, NO-8),
``trump S`` / ``notrump`` (NO-10a), ``call AS`` (NO-10b), ``play QH`` (NO-15).

Decks are lists with the **top card first**. Gathering after a played hand
(NO-5, DECISION): each trick keeps its four cards in playing order and each
seat's pile keeps its tricks in the order won, the first card of its first
trick at the bottom; the piles are stacked new P1 first (bottom), then P2, P3,
P4. So the new deck, read from the bottom up, is P1's pile, P2's, P3's, P4's.

The package's modules, bottom up: :mod:`.rules` (the house rules, the phases and
the rules as small pure functions), :mod:`.actions` (actions and notation),
:mod:`.view` (what a seat knows, and ``determinize``), :mod:`.state` (the game
and one handler per verb), this module (the :class:`Noms` game). Everything a
caller needs is importable from here.
"""

from __future__ import annotations

from engine.core import Action, ChooseDealer, Game, Pass
from engine.games.noms.actions import VERBS, Bid, Call, Cut, Play, Shuffle, Trump, parse_noms_action
from engine.games.noms.rules import (HAND_SIZE, MIS, MISAVIS, N_SEATS, N_TRICKS, PASS_CALL, SORT_SUIT_ORDER,
                                    NomsVariant, Phase, all_pass_deck, bid_name, bid_rank, bid_text, cut_deck,
                                    deal_packets, gathered_deck, is_numeric, score_hand, sort_key_all_pass,
                                    trick_winner)
from engine.games.noms.state import NomsState
from engine.games.noms.view import NomsView, voids_from_tricks

__all__ = ["HAND_SIZE", "MIS", "MISAVIS", "N_SEATS", "N_TRICKS", "PASS_CALL", "SORT_SUIT_ORDER", "VERBS", "Bid", "Call",
           "ChooseDealer", "Cut", "Noms", "NomsState", "NomsVariant", "NomsView", "Pass", "Phase", "Play", "Shuffle",
           "Trump", "all_pass_deck", "bid_name", "bid_rank", "bid_text", "cut_deck", "deal_packets", "gathered_deck",
           "is_numeric", "parse_noms_action", "score_hand", "sort_key_all_pass", "trick_winner", "voids_from_tricks"]


class Noms(Game):
    """Noms (Nomination Whist), exactly four seats (NO-1)."""

    id = "noms"
    title = "Noms (Nomination Whist)"
    min_seats = 4
    max_seats = 4
    variant_class = NomsVariant

    @classmethod
    def new_state(cls, variant: NomsVariant, n_seats: int = N_SEATS) -> NomsState:
        err = cls.seat_range_error(n_seats)
        if err:
            raise ValueError(err)
        return NomsState(variant, n_seats)

    @classmethod
    def parse_action(cls, text: str) -> Action:
        return parse_noms_action(text)


NomsState.game = Noms
