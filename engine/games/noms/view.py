"""What one seat of a Noms game may know (:class:`NomsView`), the legal-list builders
the view shares with the state, and ``determinize``: a full state consistent with a view.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Sequence

from engine.cards import Card
from engine.core import Action, View, rand_below, shuffled
from engine.determinize import DeterminizeError, deal
from engine.games.noms.actions import _CALLS, _PASS, _PLAYS, _TRUMPS, Bid
from engine.games.noms.rules import (_AUCTION, _CALL, _CUT, _FULL_DECK, _OVER, _PLAY, _SHUFFLE, _TRUMP, N_SEATS,
                                    NomsVariant, Phase, bid_rank)

if TYPE_CHECKING:
    from engine.games.noms.state import NomsState


def bid_list(var: NomsVariant, high: int, dealer_forced: bool) -> list[Action]:
    """NO-8: pass (unless ``dealer_forced``, NO-V2) and every bid of ``var`` strictly
    higher than the standing bid ``high`` (0 for none)."""
    out: list[Action] = []
    if not dealer_forced:
        out.append(_PASS)
    hr = bid_rank(high, var) if high else 0.0
    for lv in var.bid_levels:
        if bid_rank(lv, var) > hr:
            out.append(Bid(lv))
    return out


def play_list(hand: Sequence[Card], trick: Sequence[Card]) -> list[Action]:
    """NO-15: the plays from ``hand`` (sorted) on ``trick``: follow the suit led if able, else any card."""
    if trick:
        led = trick[0].suit
        follow: list[Action] = [_PLAYS[c] for c in hand if c.suit == led]
        if follow:
            return follow
    return [_PLAYS[c] for c in hand]


def voids_from_tricks(tricks, trick: tuple[Card, ...], leader: int) -> list[set[int]]:
    """The suits each seat has shown it lacks by not following suit (NO-15),
    from this hand's finished ``tricks`` and the current ``trick``."""
    voids: list[set[int]] = [set() for _ in range(N_SEATS)]
    seq = [(lead, c) for lead, c, _ in tricks]
    if trick:
        seq.append((leader, trick))
    for lead, cards in seq:
        led = cards[0].suit
        for i in range(1, len(cards)):
            if cards[i].suit != led:
                voids[(lead + i) % N_SEATS].add(int(led))
    return voids


@dataclass(frozen=True)
class NomsView(View):
    """What one seat of a Noms game may know. :meth:`legal_actions` derives this
    seat's legal actions from the view on first use (lazily, cached).

    ``partner`` is the called card's holder as far as this seat knows: None
    until the card is played, except for the holder itself (its own seat), and
    for a declarer who called their own card (the declarer's seat: alone,
    NO-12). ``exposed`` is the Mis a Vis hand once face up (NO-14). Only this
    hand's tricks are shown: the view never holds the previous hand's trick
    order (the order of the next deck, NO-5)."""

    #: The state class :meth:`determinize` builds (set by :mod:`engine.games.noms.state`).
    state_class: ClassVar["type[NomsState]"]

    seat: int
    variant: NomsVariant
    phase: Phase
    to_move: int
    dealer: int
    hand_no: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    auction: tuple[tuple[int, int], ...]
    high: int
    high_seat: int
    passes: int
    declarer: int
    contract: int
    trump: int | None
    trump_set: bool
    called: Card | None
    partner: int | None
    partner_known: bool
    trick: tuple[Card, ...]
    leader: int
    tricks: tuple[tuple[int, tuple[Card, ...], int], ...]
    won: tuple[int, ...]
    exposed: tuple[Card, ...]
    mult: int
    next_mult: int
    totals: tuple[int, ...]
    results: tuple
    is_over: bool

    def compute_legal(self) -> list[Action]:
        """NO-8, NO-10, NO-15, NO-V2 from the view's fields, in the state's order."""
        phase = self.phase
        if phase is _PLAY:
            return play_list(self.hand, self.trick)
        if phase is _AUCTION:
            var = self.variant
            forced = (var.forced_dealer_bid and self.high == 0 and len(self.auction) == 3
                      and self.to_move == self.dealer)
            return bid_list(var, self.high, forced)
        if phase is _TRUMP:
            return list(_TRUMPS)
        if phase is _CALL:
            return [_CALLS[c] for c in _FULL_DECK]
        return []

    @property
    def n_seats(self) -> int:
        return N_SEATS

    @property
    def i_am_partner(self) -> bool:
        """True for the holder of the called card (not the declarer) (NO-12)."""
        return self.partner == self.seat and self.seat != self.declarer

    def voids(self) -> list[set[int]]:
        """Suits each seat has shown it lacks (NO-15)."""
        return voids_from_tricks(self.tricks, self.trick, self.leader)

    def played_cards(self) -> list[Card]:
        """Every card played this hand, finished tricks first."""
        out = [c for _, cards, _ in self.tricks for c in cards]
        out.extend(self.trick)
        return out

    def determinize(self, rng: random.Random) -> "NomsState":
        """A state consistent with this view: the cards this seat cannot see are
        re-dealt at random among the other hands, keeping hand sizes, the exposed
        Mis a Vis hand, the played cards and every void shown by not following
        suit (so the called card goes only to a seat that may hold it). The
        partner is then whoever holds (or played) the called card. The order of
        a face-down deck (before a cut) is unknown and is drawn at random."""
        s = self._public_state()
        if s.phase in (_CUT, _OVER) or (s.phase is _SHUFFLE and s.results):
            # the gathered pack between hands (and after the last one): all 52 cards, order unknown here
            s.deck = shuffled(rng, _FULL_DECK)
        if s.phase not in (_AUCTION, _TRUMP, _CALL, _PLAY):
            if self.called is not None:  # between hands: the last hand's partner as this seat knows it
                holder = self.partner
                if holder is None:  # unrevealed and not this seat: any other seat may have held it
                    others = [i for i in range(N_SEATS) if i != self.seat]
                    holder = others[rand_below(rng, len(others))]
                s.partner = -1 if holder == self.declarer else holder
            return s
        s.hands = self._deal_hands(rng)
        # The dealt hands are only needed for an all-pass (NO-16), which happens
        # before any card is played, so the current hands are the dealt ones then.
        s.dealt = [h[:] for h in s.hands]
        if self.called is not None:
            holder = self._called_holder(s.hands)
            s.partner = -1 if holder == self.declarer else holder
        return s

    def _public_state(self) -> "NomsState":
        """A state holding everything this view shows, and no hand yet."""
        s = self.state_class(self.variant)
        s.phase = self.phase
        s.dealer, s.hand_no = self.dealer, self.hand_no
        s.auction = list(self.auction)
        s.high, s.high_seat, s.passes = self.high, self.high_seat, self.passes
        s.bidder = self.to_move if s.phase is _AUCTION else (self.dealer + 1) % N_SEATS
        s.declarer, s.contract = self.declarer, self.contract
        s.trump, s.trump_set, s.called = self.trump, self.trump_set, self.called
        s.revealed = self.partner_known
        s.trick, s.leader = list(self.trick), self.leader
        s.tricks = list(self.tricks)
        s.won = list(self.won)
        s.exposed = bool(self.exposed)
        s.mult, s.next_mult = self.mult, self.next_mult
        s.totals, s.results = list(self.totals), list(self.results)
        return s

    def _deal_hands(self, rng: random.Random) -> list[list[Card]]:
        """Every hand: this seat's, the exposed Mis a Vis hand, and the unseen cards dealt
        to the others (sizes and shown voids kept, :func:`constrained_deal`)."""
        hands: list[list[Card]] = [[] for _ in range(N_SEATS)]
        hands[self.seat] = list(self.hand)
        known = set(self.hand)
        if self.exposed and self.declarer != self.seat:
            hands[self.declarer] = list(self.exposed)
            known.update(self.exposed)
        known.update(self.played_cards())
        unseen = [c for c in _FULL_DECK if c not in known]
        free = [i for i in range(N_SEATS) if not hands[i] and self.hand_sizes[i] and i != self.seat]
        fixed: dict[int, list[Card]] = {i: [] for i in free}
        constrained_deal(unseen, free, {i: self.hand_sizes[i] for i in free}, self.voids(), rng, fixed)
        for i in free:
            hands[i] = sorted(fixed[i])
        return hands

    def _called_holder(self, hands: list[list[Card]]) -> int:
        """Who holds the called card in ``hands``, or played it this hand (the declarer
        when nobody has)."""
        holder = next((i for i in range(N_SEATS) if self.called in hands[i]), None)
        if holder is not None:
            return holder
        return next(((lead + k) % N_SEATS for lead, cards, _ in self.tricks + ((self.leader, self.trick, -1),)
                     for k, c in enumerate(cards) if c is self.called), self.declarer)


def constrained_deal(cards: list[Card], seats: list[int], room: dict[int, int], voids: list[set[int]],
                      rng: random.Random, out: dict[int, list[Card]]) -> None:
    """Deal ``cards`` to ``seats`` filling ``room`` exactly, never giving a seat a
    suit it is void in (NO-15), with the shared multiset determinizer
    (:func:`engine.determinize.deal`: uniform when a few plain deals find a
    consistent one, else Hall-checked sequential). If no deal respects the voids
    (only for an inconsistent view) the voids are ignored."""
    sizes = [room[s] for s in seats]
    exclude = [(lambda c, v=frozenset(voids[s]): int(c.suit) in v) if voids[s] else None for s in seats]
    try:
        hands = deal(cards, sizes, rng, exclude=exclude)
    except DeterminizeError:
        hands = deal(cards, sizes, rng)
    for s, h in zip(seats, hands):
        out[s].extend(h)
