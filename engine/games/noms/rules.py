"""Noms' rules as data and small pure functions: the house rules (:class:`NomsVariant`),
the phases of a hand (:class:`Phase`), the bids, the deal in packets, gathering and
cutting the deck, the trick's winner and the score (rules NO-1 to NO-22, NO-V1 to NO-V4
in ``rules.md``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Literal

from engine.cards import Card, Suit, standard_deck
from engine.variants import option


N_SEATS = 4        # NO-1
HAND_SIZE = 13     # NO-6
N_TRICKS = 13
MIS = 20           # bid level of Mis (NO-7)
MISAVIS = 21       # bid level of Mis a Vis (NO-7)
PASS_CALL = 0      # a pass in the auction record

_FULL_DECK = standard_deck()
_SUIT_LETTERS = "CDHS"
#: NO-16: sorting order of suits after an all-pass: hearts, clubs, diamonds, spades.
SORT_SUIT_ORDER = (Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES)


# ---------------------------------------------------------------------------
# Variant
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class NomsVariant:
    """House rules for Noms (the configuration summary of ``rules/noms.md``)."""

    shuffle_every_hand: bool = option(
        False, rule="NO-5", help="shuffle before every hand (false: gather the tricks and only cut)")
    stop_when_decided: bool = option(
        False, rule="NO-15a", help="end a hand as soon as its result is settled (false: play all 13 tricks)")
    double_hands_stack: bool = option(
        False, rule="NO-18", help="each further passed-out hand doubles again (x4, x8...); false: x2 at most")
    target: int = option(101, rule="NO-22", min=1, max=10000, help="the game ends once someone has this many points")
    tie_policy: Literal["play_on", "shared"] = option(
        "play_on", rule="NO-22", choices=("play_on", "shared"),
        help='"play_on": keep playing hands while the leaders are tied; "shared": tied leaders share the win')
    slam_not_bid: bool = option(
        False, rule="NO-V1", help="a contract below 13 that takes all 13 tricks is lost: each opponent scores 26")
    min_bid: int = option(10, rule="NO-V2", choices=(10, 7), help="the lowest numeric bid (7 adds bids 7, 8, 9)")
    forced_dealer_bid: bool = option(
        False, rule="NO-V2", help="if P1, P2 and P3 pass, the dealer must bid (needs min_bid = 7)")
    mis_value_10: bool = option(
        False, rule="NO-V3", help="Mis ranks between 10 and 11 and scores +10, or -(10 + tricks taken) if it fails")
    keep_mis_a_vis_with_mis10: bool = option(
        False, rule="NO-V3", help="keep Mis a Vis as the highest bid when mis_value_10 is on")
    first_lead: Literal["declarer", "dealer_left"] = option(
        "declarer", rule="NO-V4", choices=("declarer", "dealer_left"),
        help='who leads to the first trick: "declarer" or "dealer_left" (P1)')
    max_hands: int = option(
        2000, rule="NO-22a", min=1, max=2000,
        help="the game ends after this many hands even if nobody has reached the target: the highest total "
             "wins, tied leaders share (a safety cap that keeps every game finite)")

    def problems(self) -> list[tuple[str, str]]:
        """Combinations the rules forbid, as ``(option, message)`` pairs."""
        out = []
        if self.forced_dealer_bid and self.min_bid != 7:
            out.append(("forced_dealer_bid", "the forced dealer bid goes with min_bid = 7 (NO-V2)"))
        if self.keep_mis_a_vis_with_mis10 and not self.mis_value_10:
            out.append(("keep_mis_a_vis_with_mis10", "only meaningful with mis_value_10 = true (NO-V3)"))
        return out

    @property
    def has_mis_a_vis(self) -> bool:
        """NO-V3: Mis a Vis is removed under ``mis_value_10`` unless kept."""
        return not self.mis_value_10 or self.keep_mis_a_vis_with_mis10

    @property
    def bid_levels(self) -> tuple[int, ...]:
        """Every bid level allowed, lowest to highest (NO-7, NO-V2, NO-V3)."""
        levels = list(range(self.min_bid, 14)) + [MIS]
        if self.has_mis_a_vis:
            levels.append(MISAVIS)
        return tuple(sorted(levels, key=lambda b: bid_rank(b, self)))


# ---------------------------------------------------------------------------
# Rules as small pure functions
# ---------------------------------------------------------------------------

def bid_rank(level: int, variant: NomsVariant) -> float:
    """NO-7 / NO-V3: a number that orders bids: 7..13 for numeric bids, Mis 13.5
    (10.5 under ``mis_value_10``), Mis a Vis 14."""
    if level == MIS:
        return 10.5 if variant.mis_value_10 else 13.5
    if level == MISAVIS:
        return 14.0
    return float(level)


def bid_text(level: int) -> str:
    """Notation of a bid level: ``10``, ``mis``, ``misavis``."""
    return {MIS: "mis", MISAVIS: "misavis"}.get(level, str(level))


def bid_name(level: int) -> str:
    """Player text of a bid level: ``10``, ``Mis``, ``Mis a Vis``."""
    return {MIS: "Mis", MISAVIS: "Mis a Vis"}.get(level, str(level))


def is_numeric(level: int) -> bool:
    """NO-7: a bid to win tricks (7..13), as opposed to Mis / Mis a Vis."""
    return level < MIS


def deal_packets(deck: list[Card], dealer: int) -> list[list[Card]]:
    """NO-6: deal 52 cards from the top (``deck[0]``) in four rounds of packets;
    in round r player Pr gets 4 cards and the others 3. Returns the hands by seat.

    Raises:
        ValueError: if the deck does not hold 52 cards.
    """
    if len(deck) != 52:
        raise ValueError("a Noms deal needs 52 cards (NO-6)")
    hands: list[list[Card]] = [[] for _ in range(N_SEATS)]
    pos = 0
    for r in range(4):
        for i in range(4):
            seat = (dealer + 1 + i) % N_SEATS
            n = 4 if i == r else 3
            hands[seat].extend(deck[pos:pos + n])
            pos += n
    return hands


def cut_deck(deck: list[Card], k: int) -> list[Card]:
    """NO-5a: move the top ``k`` cards (1..51) beneath the rest."""
    return deck[k:] + deck[:k]


def sort_key_all_pass(card: Card) -> tuple[int, int]:
    """NO-16: hearts, clubs, diamonds, spades; within a suit A down to 2."""
    return (SORT_SUIT_ORDER.index(card.suit), -card.rank)


def all_pass_deck(hands: list[list[Card]], dealer: int) -> list[Card]:
    """NO-16/NO-17: the next deck (top first) after an all-pass: P1's sorted hand
    on top (P1 relative to ``dealer``, who just dealt), then P2's, P3's, P4's."""
    out: list[Card] = []
    for i in range(1, 5):
        out.extend(sorted(hands[(dealer + i) % N_SEATS], key=sort_key_all_pass))
    return out


def gathered_deck(tricks: list[tuple[int, tuple[Card, ...], int]], new_dealer: int,
                  leftovers: list[list[Card]] | None = None) -> list[Card]:
    """NO-5 (DECISION): the next deck, top first, from this hand's tricks
    ``(leader, cards in playing order, winner)``. Each seat's pile is its tricks
    in the order won; piles are stacked new P1 first (bottom), then P2, P3, P4.
    ``leftovers`` (cards never played, only with ``stop_when_decided``) go on top
    of their holder's pile, sorted by :func:`sort_key_all_pass`."""
    piles: list[list[Card]] = [[] for _ in range(N_SEATS)]
    for _, cards, winner in tricks:
        piles[winner].extend(cards)
    if leftovers:
        for seat in range(N_SEATS):
            piles[seat].extend(sorted(leftovers[seat], key=sort_key_all_pass))
    bottom_up: list[Card] = []
    for i in range(1, 5):
        bottom_up.extend(piles[(new_dealer + i) % N_SEATS])
    bottom_up.reverse()
    return bottom_up


def trick_winner(cards: tuple[Card, ...] | list[Card], leader: int, trump: int | None) -> int:
    """NO-15: the seat winning a trick of ``cards`` played from ``leader`` on:
    the highest trump, else the highest card of the suit led."""
    led = cards[0].suit
    best_i, best = 0, cards[0]
    best_trump = trump is not None and best.suit == trump
    for i in range(1, len(cards)):
        c = cards[i]
        if trump is not None and c.suit == trump:
            if not best_trump or c.rank > best.rank:
                best_i, best, best_trump = i, c, True
        elif not best_trump and c.suit == led and c.rank > best.rank:
            best_i, best = i, c
    return (leader + best_i) % N_SEATS


def score_hand(contract: int, declarer: int, partner: int | None, tricks: list[int], variant: NomsVariant,
               mult: int = 1) -> tuple[list[int], bool]:
    """Points of one played hand and whether the contract was made.

    Args:
        contract: the bid level (7..13, :data:`MIS`, :data:`MISAVIS`).
        declarer: the declarer's seat.
        partner: the called card's holder, or None when the declarer plays alone
            (own card called, NO-12; Mis and Mis a Vis, NO-13).
        tricks: tricks won per seat.
        variant: the house rules (NO-V1, NO-V3).
        mult: 2 in a double hand (NO-18, NO-21), more with ``double_hands_stack``.

    Returns:
        ``(points per seat, made)``: NO-19 numeric, NO-20 Mis / Mis a Vis, NO-V1
        slam not bid, NO-V3 Mis valued 10; all times ``mult`` (NO-21).
    """
    pts = [0] * N_SEATS
    side = {declarer} if partner is None else {declarer, partner}
    opponents = [s for s in range(N_SEATS) if s not in side]
    if is_numeric(contract):
        w = sum(tricks[s] for s in side)
        if variant.slam_not_bid and contract < 13 and w == N_TRICKS:  # NO-V1
            for s in opponents:
                pts[s] = 26 * mult
            return pts, False
        made = w >= contract  # NO-19
        for s in (side if made else opponents):
            pts[s] = contract * mult
        return pts, made
    took = tricks[declarer]
    made = took == 0
    if contract == MIS and variant.mis_value_10:  # NO-V3
        pts[declarer] = (10 if made else -(10 + took)) * mult
        return pts, made
    value = 13 if contract == MIS else 26  # NO-20
    for s in ([declarer] if made else opponents):
        pts[s] = value * mult
    return pts, made


class Phase(IntEnum):
    """The steps of a Noms game (the values are the old ``P_*`` numbers)."""

    DEALER = 0    # chance: the first dealer (NO-2)
    SHUFFLE = 1   # chance: the shuffled deck (NO-4)
    CUT = 2       # chance: the cut, then the deal (NO-5a, NO-6)
    AUCTION = 3   # bid or pass (NO-7 to NO-9)
    TRUMP = 4     # the declarer names trumps (NO-10a)
    CALL = 5      # the declarer calls a card (NO-10b)
    PLAY = 6      # tricks (NO-15)
    OVER = 7


# The members under plain names for the hot paths: on Python 3.11 ``Phase.PLAY`` goes
# through ``EnumType.__getattr__`` (0.3 us a lookup), a module global costs 0.03 us.
_DEALER, _SHUFFLE, _CUT, _AUCTION, _TRUMP, _CALL, _PLAY, _OVER = Phase
