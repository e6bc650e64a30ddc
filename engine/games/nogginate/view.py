"""What one Nogginate seat may know (:class:`NogginateView`), its legal moves (the same
:class:`~engine.games.nogginate.turn.Turn` as the state's) and its determinization: a state
consistent with the view, the unseen cards dealt at random (:func:`engine.determinize.deal`).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.cards import Card
from engine.games.nogginate.cards import CHEAT_CARDS
from engine.core import Action, View
from engine.determinize import deal
from engine.games.nogginate.actions import NO, YES, Phase
from engine.games.nogginate.cheats import HANDS_OFF, Tell, game_cheat_deck
from engine.games.nogginate.melds import BONUS, TableMeld, custom_deck, custom_deck_counts, minimum_for
from engine.games.nogginate.turn import Turn

if TYPE_CHECKING:
    from engine.games.nogginate.game import NogginateVariant
    from engine.games.nogginate.state import NogginateState

#: The phases in which the seat to move chooses (the others: chance steps, or the match is over).
_MOVE_PHASES = frozenset((Phase.ACQUIRE, Phase.MELD, Phase.ANSWER, Phase.RETURN))


def _order(c: Card) -> int:
    return c.order


def _deal_kind(unseen: list[Card], known: list[list[Card]], sizes: list[int], rng: random.Random,
               cheat: bool) -> list[list[Card]]:
    """The ``unseen`` custom cards (or cheat cards, ``cheat``) dealt into hands of ``sizes`` and
    the last one the stock, each hand keeping its ``known`` cards of that kind."""
    return deal([c for c in unseen if (c in CHEAT_CARDS) == cheat], sizes, rng,
                known=[[c for c in k if (c in CHEAT_CARDS) == cheat] for k in known] + [()])


@dataclass(frozen=True)
class NogginateView(View):
    """What one seat may know (see :meth:`NogginateState.view`). ``known[s]`` are the cards
    publicly known to be in seat ``s``'s hand (a taken pile, not yet played)."""

    seat: int
    variant: NogginateVariant
    n_seats: int
    teams: tuple[tuple[int, ...], ...]
    phase: Phase
    to_move: int
    turn: int
    answer_seat: int
    round_no: int
    dealer: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_count: int
    discards: tuple[Card, ...]
    melds: tuple[TableMeld, ...]
    next_id: int
    bonuses: tuple[int, ...]
    down: tuple[bool, ...]
    need: int
    pile_rest: bool
    asked: bool
    permission: int
    asks: tuple[int, ...]
    known: tuple[tuple[Card, ...], ...]
    totals: tuple[int, ...]
    round_scores: tuple[tuple[int, ...], ...]
    out_seat: int | None
    turn_no: int
    is_over: bool
    #: The Bonus cards placed on the table (NG-47), all teams: public faces (``bonuses`` counts them per team).
    placed: tuple[Card, ...] = ()
    #: NG-15/NG-27/NG-30: the cheat stock's size and its dead discard pile, bottom first.
    cheat_stock_count: int = 0
    cheat_discards: tuple[Card, ...] = ()
    #: Cheat cards in each hand (public: every draw names its stocks and every power is played face up).
    cheat_counts: tuple[int, ...] = ()
    #: NG-C6: per seat, the cards of its hand its partner showed this seat (own seat: what it showed).
    shown: tuple[tuple[Card, ...], ...] = ()
    #: NG-C7: this round's Tells within this seat's team, ``(teller, Tell)``, oldest first.
    tells: tuple[tuple[int, Tell], ...] = ()
    #: NG-C8 (``team_choice``): cards a Steal returned that ``return_seat`` is giving out.
    returning: tuple[Card, ...] = ()
    return_seat: int = -1

    def team_of(self, seat: int) -> int:
        """The index of ``seat``'s team."""
        for i, t in enumerate(self.teams):
            if seat in t:
                return i
        raise ValueError(f"seat {seat} has no team")

    @property
    def partnership(self) -> bool:
        """True when some team has two or more players (NG-1)."""
        return any(len(t) > 1 for t in self.teams)

    def minimum(self, team: int) -> int:
        """NG-32: ``team``'s initial-meld minimum this round."""
        return minimum_for(self.totals[team], self.variant.min_meld_when_negative)

    def _turn(self) -> Turn:
        t = self.team_of(self.turn)
        cap = self.variant.max_go_out_asks_per_round
        rteam = self.team_of(self.return_seat) if self.return_seat >= 0 else -1
        return Turn(self.variant, self.phase, self.seat, t, self.partnership, self.hand,
                    self.melds, self.discards, self.stock_count, self.down[t], self.need, self.pile_rest,
                    self.asked, self.permission, cap is None or self.asks[t] < cap, self.minimum(t),
                    self.cheat_stock_count, self.returning, self.teams[rteam] if rteam >= 0 else ())

    def compute_legal(self) -> list[Action]:
        """The moves of this seat, in the state's order (see :meth:`NogginateState.legal_actions`)."""
        if self.phase == Phase.ANSWER:
            return [YES, NO]
        if self.phase not in _MOVE_PHASES or self.to_move != self.seat:
            return []
        return self._turn().legal()

    def yes_binds(self) -> bool:
        """NG-45e/k: this seat's partner said yes this turn and it still binds (this seat can
        still go out); False before any yes, and after a yes that can no longer be kept."""
        return self.to_move == self.seat and self.phase == Phase.MELD and self._turn().bound_to_go_out()

    def why_illegal(self, action: Action) -> str | None:
        """The state's answer for ``action`` (None: legal), from this view's fields."""
        if self.to_move != self.seat:
            return "it is not your move"
        if self.phase not in _MOVE_PHASES:
            return "it is not a player's move now"
        return self._turn().why(action)  # the answer phase too: the state's sentence (NG-45d)

    def unseen_cards(self) -> list[Card]:
        """The cards this seat cannot place: both decks minus its hand, the melds (and their
        Hands Off cards), the placed Bonus cards, both discard piles and cards being returned
        (left: the other hands, known cards included, and both stocks)."""
        left = dict(custom_deck_counts())
        for c in game_cheat_deck(self.variant, self.partnership):
            left[c] = left.get(c, 0) + 1
        for c in self.hand:
            left[c] -= 1
        for c in self.discards:
            left[c] -= 1
        for m in self.melds:
            for c in m.cards:
                left[c] -= 1
            if m.guards:
                left[HANDS_OFF] -= m.guards
        for c in self.cheat_discards + self.returning:
            left[c] -= 1
        left[BONUS] -= sum(self.bonuses)
        return [c for c in sorted(left, key=_order) for _ in range(left[c])]

    def determinize(self, rng: random.Random) -> NogginateState:
        """A state consistent with this view: the cards it cannot see are dealt at random to
        the other hands and the stock, keeping every size; cards publicly known to be in a
        hand stay there (:func:`engine.determinize.deal`)."""
        s = self._public_state()
        if s.phase in (Phase.DEALER, Phase.DEAL):
            s.hands = [[] for _ in range(self.n_seats)]
            s.stock = list(custom_deck())
            return s
        self._deal_unseen(s, rng)
        return s

    def _public_state(self) -> NogginateState:
        """A state holding every public field of this view (the hands and the stocks still to deal)."""
        from engine.games.nogginate.state import NogginateState  # the state module imports this one

        s = NogginateState(self.variant, self.n_seats)
        s.phase = self.phase
        s.round_no, s.dealer, s.turn_seat, s.answer_seat = self.round_no, self.dealer, self.turn, self.answer_seat
        s.discards = list(self.discards)
        s.melds = list(self.melds)
        s.next_id = self.next_id
        s.bonuses = list(self.bonuses)
        s.down = list(self.down)
        s.need, s.pile_rest, s.asked, s.permission = self.need, self.pile_rest, self.asked, self.permission
        s.asks = list(self.asks)
        s.known = [list(k) for k in self.known]
        s.totals = list(self.totals)
        s.round_scores = [list(r) for r in self.round_scores]
        s.out_seat = self.out_seat
        s.turn_no = self.turn_no
        s.cheat_discards = list(self.cheat_discards)
        s.shown = [list(k) for k in self.shown] if self.shown else [[] for _ in range(self.n_seats)]
        s.tells = list(self.tells)
        s.returning = list(self.returning)
        s.return_seat = self.return_seat
        s.return_team = self.team_of(self.return_seat) if self.return_seat >= 0 else -1
        return s

    def _deal_unseen(self, s: NogginateState, rng: random.Random) -> None:
        """Deal the cards this seat cannot see into ``s``: the custom cards to the other hands and
        the stock, then (with cheat cards) the cheat cards to the other hands and the cheat stock,
        each hand keeping its public size, known cards and what a partner showed."""
        others = [o for o in range(self.n_seats) if o != self.seat]
        unseen = self.unseen_cards()
        known = self._known_hands(s, others)
        cheats = [self.cheat_counts[o] if self.cheat_counts else 0 for o in others]
        sizes = [self.hand_sizes[o] - k for o, k in zip(others, cheats)] + [self.stock_count]
        dealt = _deal_kind(unseen, known, sizes, rng, cheat=False)
        s.hands = [[] for _ in range(self.n_seats)]
        s.hands[self.seat] = list(self.hand)
        for o, cards in zip(others, dealt):
            s.hands[o] = cards
        s.stock = dealt[-1]
        if self.variant.use_cheat_cards:
            xs = _deal_kind(unseen, known, cheats + [self.cheat_stock_count], rng, cheat=True)
            for o, cards in zip(others, xs):
                s.hands[o] += cards
            s.cheat_stock = xs[-1]
        for o in others:
            s.hands[o].sort(key=_order)

    def _known_hands(self, s: NogginateState, others: list[int]) -> list[list[Card]]:
        """What this seat knows of each of the ``others``' hands: the public known cards, and what a
        partner showed it (``s.shown``)."""
        return [list((Counter(self.known[o]) | Counter(s.shown[o])).elements()) if s.shown[o] else list(self.known[o])
                for o in others]
