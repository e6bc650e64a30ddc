"""Spite & Malice's rules as data and small pure functions: card values and wildness
(SM-2, SM-3), the game types' presets and the house rules (:class:`SpiteMaliceVariant`,
SM-19, SM-20), and the phases of a game (:class:`Phase`).
"""

from __future__ import annotations

import functools
import operator
from dataclasses import dataclass
from enum import IntEnum
from typing import Literal, cast

from engine.cards import Card, multi_deck, standard_deck
from engine.variants import option


# ---------------------------------------------------------------------------
# Values and wildness (SM-2, SM-3)
# ---------------------------------------------------------------------------

#: SM-2: the value of every card face (A = 1, J 11, Q 12, K 13, Joker 14).
VALUE: dict[Card, int] = {c: (1 if c.rank == 14 else c.rank) for c in standard_deck()}
VALUE[Card.joker()] = 14


def card_value(card: Card) -> int:
    """SM-2: A = 1, 2..10 pip value, J = 11, Q = 12, K = 13, Joker = 14."""
    return VALUE[card]


#: SM-3: ``minimum_wild_card`` names and their values.
WILD_NAMES: dict[str, int] = {"ace": 1, **{str(v): v for v in range(2, 11)}, "jack": 11, "queen": 12,
                              "king": 13, "joker": 14}
VALUE_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K", 14: "Joker"}


def value_text(v: int) -> str:
    """A value as players say it: ``A``, ``7``, ``Q``, ``Joker``."""
    return VALUE_TEXT.get(v, str(v))


#: Sort key giving the order of ``Card.__lt__`` (an int compare: sorting is a hot spot of rollouts).
_ORDER = operator.attrgetter("order")


@functools.lru_cache(maxsize=32)
def _packs(decks: int, jokers_per_deck: int) -> tuple[Card, ...]:
    """:func:`engine.cards.multi_deck`, built once per size (determinizations build many states)."""
    return tuple(multi_deck(decks, jokers_per_deck))


SHUFFLE_TYPES = ("deck_removed", "any_draw", "draw_empty")

#: The seed's "Game Types" table (SM-19). MEGIDDO and MEGI_9 are the seed's rows as
#: given; they fail SM-20 and are rejected as never published.
PRESETS: dict[str, dict] = {
    "SNM_A": dict(shuffle_type="draw_empty", stock_count=20, play_deck_count=4, discard_deck_count=4,
                  hand_card_count=5, include_jokers=False, decks_included=2, minimum_wild_card="king",
                  include_wild_cards_in_stock=True),
    "SNM_PZ": dict(shuffle_type="draw_empty", stock_count=20, play_deck_count=4, discard_deck_count=4,
                   hand_card_count=5, include_jokers=True, decks_included=2, minimum_wild_card="joker",
                   include_wild_cards_in_stock=True),
    "SNM_PZ_NWIS": dict(shuffle_type="draw_empty", stock_count=20, play_deck_count=4, discard_deck_count=4,
                        hand_card_count=5, include_jokers=True, decks_included=2, minimum_wild_card="joker",
                        include_wild_cards_in_stock=False),
    "SNM_A_SHORT": dict(shuffle_type="draw_empty", stock_count=5, play_deck_count=4, discard_deck_count=4,
                        hand_card_count=5, include_jokers=False, decks_included=2, minimum_wild_card="king",
                        include_wild_cards_in_stock=True),
    "MEGIDDO": dict(shuffle_type="deck_removed", stock_count=0, play_deck_count=0, discard_deck_count=0,
                    hand_card_count=0, include_jokers=False, decks_included=0, minimum_wild_card="ace",
                    include_wild_cards_in_stock=False),
    "MEGI_9": dict(shuffle_type="deck_removed", stock_count=0, play_deck_count=0, discard_deck_count=0,
                   hand_card_count=0, include_jokers=False, decks_included=0, minimum_wild_card="ace",
                   include_wild_cards_in_stock=False),
}
#: Game types that can be played.
AVAILABLE_TYPES = ("SNM_A", "SNM_PZ", "SNM_PZ_NWIS", "SNM_A_SHORT")
#: Game types named by the seed whose rules were never published (SM-20 DECISION).
UNAVAILABLE_TYPES = ("MEGIDDO", "MEGI_9")
#: The seed's spelling of each game type.
SEED_TYPE_NAMES = {"SNM_A": "SNM A", "SNM_PZ": "SNM PZ", "SNM_PZ_NWIS": "SNM PZ_NWIS",
                   "SNM_A_SHORT": "SNM A-SHORT", "MEGIDDO": "MEGIDDO", "MEGI_9": "MEGI 9"}
NOT_PUBLISHED = "not available (their rules were never published)"

_PARAMS = ("shuffle_type", "stock_count", "play_deck_count", "discard_deck_count", "hand_card_count",
           "include_jokers", "decks_included", "minimum_wild_card", "include_wild_cards_in_stock")


# ---------------------------------------------------------------------------
# Variant
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class SpiteMaliceVariant:
    """House rules for Spite & Malice (the configuration summary of ``rules/spite_malice.md``).

    ``game_type`` selects a preset of the seed's table; every rule parameter
    left at ``None`` takes the preset's value when the variant is built, and a
    parameter given beside ``game_type`` overrides the preset (SM-19). So
    ``SpiteMaliceVariant(game_type="SNM_PZ", stock_count=10)`` is PZ with
    10-card stocks, and every field of a built variant holds a value.
    """

    game_type: Literal["SNM_A", "SNM_PZ", "SNM_PZ_NWIS", "SNM_A_SHORT", "MEGIDDO", "MEGI_9"] = option(
        "SNM_A", rule="SM-19", choices=tuple(PRESETS), seed_name="Game Type",
        help="preset of the seed's table (SNM_A, SNM_PZ, SNM_PZ_NWIS, SNM_A_SHORT); every rule parameter "
             "given beside it overrides the preset; MEGIDDO and MEGI_9 are " + NOT_PUBLISHED)
    shuffle_type: str | None = option(
        None, rule="SM-14", choices=SHUFFLE_TYPES, seed_name="SHUFFLE TYPE",
        help="when the draw deck is shuffled: deck_removed (a removed play deck is shuffled in at once), "
             "any_draw (before every draw), draw_empty (the removed pile becomes the draw deck when it is "
             "empty); default from game_type")
    stock_count: int | None = option(
        None, rule="SM-5", min=1, max=100, seed_name="STOCK COUNT",
        help="cards dealt to each player's stock deck; default from game_type")
    play_deck_count: int | None = option(
        None, rule="SM-9", min=1, max=12, seed_name="PLAY DECK COUNT",
        help="number of shared play decks; default from game_type")
    discard_deck_count: int | None = option(
        None, rule="SM-8", min=1, max=12, seed_name="DISCARD DECK COUNT",
        help="discard decks per player; default from game_type")
    hand_card_count: int | None = option(
        None, rule="SM-7", min=1, max=20, seed_name="HAND CARD COUNT",
        help="hand size drawn up to; default from game_type")
    include_jokers: bool | None = option(
        None, rule="SM-5", seed_name="INCLUDE JOKERS",
        help="add 2 jokers per full deck; default from game_type")
    decks_included: int | None = option(
        None, rule="SM-5", min=1, max=8, seed_name="DECKS INCLUDED",
        help="number of 52-card decks; default from game_type")
    minimum_wild_card: str | None = option(
        None, rule="SM-3", choices=tuple(WILD_NAMES), seed_name="MINIMUM WILD CARD",
        help="this value and every higher value are wild (A=1 .. K=13, Joker=14); the play decks clear at "
             "the value below it; ace is never allowed (SM-20); default from game_type")
    include_wild_cards_in_stock: bool | None = option(
        None, rule="SM-5", seed_name="INCLUDE WILD CARDS IN STOCK",
        help="false: wild cards are kept out of the stock deal and shuffled into the draw deck; "
             "default from game_type")
    shortfall_policy: Literal["tie", "partial"] = option(
        "tie", rule="SM-15", choices=("tie", "partial"),
        help='"tie": a draw that cannot be completed ends the game as a tie; "partial": draw what is left '
             "and tie only when the player to move has no hand card and nothing can be drawn")
    max_turns: int = option(2000, rule="SM-16", min=1, max=10_000,
                            help="after this many turns in a game it ends as a tie (safety cap; at most 10,000)")
    match_to: int | None = option(
        None, rule="SM-17", min=1, max=10_000,
        help="play a match: the winner of a game scores the cards left in the other stock deck; the first "
             "to this many points wins (omit for a single game)")
    max_tied_games: int = option(
        10, rule="SM-17a", min=1, max=1000,
        help="in a match, after this many tied games in a row the match ends: the higher total wins, "
             "level totals share the win (keeps every match finite)")

    def __post_init__(self) -> None:
        preset = PRESETS.get(self.game_type)
        if preset is None:
            return  # problems() reports it
        for name in _PARAMS:
            if getattr(self, name) is None:
                object.__setattr__(self, name, preset[name])

    # -- derived values ---------------------------------------------------------
    @property
    def wild_min(self) -> int:
        """SM-3: the value of ``minimum_wild_card``; cards of this value or more are wild."""
        name = self.minimum_wild_card  # None only for an unavailable game_type (problems() reports it)
        return 13 if name is None else WILD_NAMES.get(name, 13)

    def is_wild(self, card: Card) -> bool:
        """SM-3: whether ``card`` is wild (its value is at least the minimum wild card's)."""
        return VALUE[card] >= self.wild_min

    def wild_values(self) -> list[int]:
        """SM-3: the wild values of this table, lowest first (14 is the Joker, only with jokers)."""
        top = 14 if self.include_jokers else 13
        return list(range(self.wild_min, top + 1))

    @property
    def maxv(self) -> int:
        """SM-3/SM-4: the highest non-wild value; a play deck is removed when it reaches it."""
        return self.wild_min - 1

    def full_deck(self) -> list[Card]:
        """SM-5: ``decks_included`` packs, with 2 jokers per pack if ``include_jokers`` (a new list)."""
        decks = cast(int, self.decks_included)  # set from the preset when the variant is built (SM-19)
        return list(_packs(max(decks, 0), 2 if self.include_jokers else 0))

    def stock_eligible(self) -> list[Card]:
        """SM-5: the cards that may be dealt to stock decks (all, or all but the wild cards)."""
        deck = self.full_deck()
        if self.include_wild_cards_in_stock:
            return deck
        w = self.wild_min
        return [c for c in deck if VALUE[c] < w]

    def problems(self) -> list[tuple[str, str]]:
        """SM-20: combinations that cannot be played, as ``(option, message)`` pairs."""
        if self.game_type in UNAVAILABLE_TYPES:
            return [("game_type", f"{SEED_TYPE_NAMES[self.game_type]} is {NOT_PUBLISHED}; choose one of "
                     + ", ".join(AVAILABLE_TYPES) + " (SM-20)")]
        out: list[tuple[str, str]] = []
        for name in ("decks_included", "stock_count", "play_deck_count", "discard_deck_count", "hand_card_count"):
            if getattr(self, name) < 1:
                out.append((name, f"{name} must be at least 1 (SM-20)"))
        if self.wild_min < 2:
            out.append(("minimum_wild_card", "the Ace can never be wild: minimum_wild_card must be 2 or higher "
                                             "(SM-20)"))
        if out:
            return out
        eligible = self.stock_eligible()
        stock_count = cast(int, self.stock_count)  # set from the preset when the variant is built (SM-19)
        if 2 * stock_count > len(eligible):
            out.append(("stock_count", f"two stock decks of {stock_count} need {2 * stock_count} cards "
                        f"but only {len(eligible)} may be dealt to stocks (SM-20)"))
        elif len({VALUE[c] for c in eligible}) < 2:
            out.append(("minimum_wild_card", "every card that may be dealt to a stock has the same value, so the "
                        "first player could never be decided (SM-6, SM-20)"))
        return out

    def warnings(self) -> list[str]:
        """SM-20: legal but doubtful combinations (no wild cards at all)."""
        if self.game_type in UNAVAILABLE_TYPES:
            return []
        if self.minimum_wild_card == "joker" and not self.include_jokers:
            return ["minimum_wild_card is joker but include_jokers is false: there are no wild cards (SM-20)"]
        return []


class Phase(IntEnum):
    """The steps of a Spite & Malice game (the values are the old ``P_*`` numbers)."""

    DEAL = 0   # chance: both stock decks (SM-5, SM-6)
    DRAW = 1   # chance: the cards drawn (SM-7, SM-11, SM-14)
    PLAY = 2   # plays, then a discard (SM-8)
    OVER = 3


# The members under plain names for the hot paths: on Python 3.11 ``Phase.PLAY`` goes
# through ``EnumType.__getattr__`` (0.3 us a lookup), a module global costs 0.03 us.
_DEAL, _DRAW, _PLAY, _OVER = Phase

#: ``result`` of a tied game.
TIE = -1
