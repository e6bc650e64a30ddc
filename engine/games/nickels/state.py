"""Nickels' state: a match of seven rounds, and what each action does to it (NK-3 to NK-22).

:class:`NickelsState` is a :class:`~engine.phased.PhasedState`: its ``FIELDS`` table generates
``clone``, ``fingerprint`` and the view's public fields; its ``VERBS`` table gives one handler per
chance phase and per move (phase and action type: ``pass`` declines the discard in the acquire
phase and an offer in the offer phase), with the legality of :mod:`engine.games.nickels.turn`.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, ClassVar

from engine.cards import Card, cards_text, forget_one, insert_sorted
from engine.games.nickels.scoring import seat_breakdown
from engine.core import Action, ChooseDealer, Event, IllegalAction, rand_below
from engine.grammar import plural
from engine.games.nickels.actions import (
    CHANCE_PHASES,
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
)
from engine.games.nickels.melds import (
    CONTRACTS,
    HAND_NAMES,
    JOKER,
    ROUNDS,
    Book,
    Meld,
    Run,
    TableMeld,
    contract_text,
)
from engine.games.nickels.turn import (CHANCE_TEXT, FIXED_MOVES, OFFER_HINT, OVER_TEXT, acquire_hint,
                                      discard_problem, layoff_move_problem, layoff_pos, meld_problem, play_hint,
                                      may_claim, play_moves, swap_move_problem, swap_pos)
from engine.games.nickels.view import NickelsView
from engine.determinize import deal_round, rest_after_deal
from engine.match import match_winners
from engine.phased import (AS_IS, CARD_ROWS, CARDS, INT_ROWS, INTS, LIST, PHASE, ROWS, SHARE, SORTED_CARDS,
                           SORTED_ROWS, TUPLE, TUPLES, Field, PhasedState, chance, move, slots)

if TYPE_CHECKING:
    from engine.games.nickels.game import Nickels, NickelsVariant

#: Phase members bound once for the hot paths: ``Phase.X`` goes through the enum's metaclass (about
#: 0.3 us a lookup on Python 3.11, against 0.05 us for a module global).
_DEALER, _DEAL, _UPCARD, _ACQUIRE = Phase.DEALER, Phase.DEAL, Phase.UPCARD, Phase.ACQUIRE
_OFFER, _PENALTY, _AFTER, _DRAW = Phase.OFFER, Phase.PENALTY, Phase.AFTER, Phase.DRAW
_PLAY, _OVER = Phase.PLAY, Phase.OVER

#: Who moves in each phase of a player's move (the state field holding the seat: ``PhasedState.to_move``).
_MOVER = {Phase.ACQUIRE: "turn_seat", Phase.AFTER: "turn_seat", Phase.PLAY: "turn_seat",
          Phase.OFFER: "offer_seat"}


def _order(c: Card) -> int:
    return c.order


def _melds_text(melds: list[TableMeld]) -> str:
    return ";".join(f"{m.id}:{m.owner}:{m.meld.text()}" for m in melds)


class NickelsState(PhasedState):
    """A match of seven rounds of Nickels.

    Public attributes (read by views, bots, tests and widgets; change them only via :meth:`apply`):
        phase: the :class:`~engine.games.nickels.actions.Phase` the match is at.
        round_no: 0..6, the 6 to the 12 hand (NK-3); dealer: this round's dealer.
        turn_seat: whose turn it is; offer_seat: the seat deciding on an offer (NK-13c).
        hands: each seat's hand, sorted; pool: the draw pile (an unordered pool);
        discards: the discard pile, bottom first (face up, NK-5, NK-18).
        melds: the melds on the table (:class:`TableMeld`), in the order laid.
        down_turn: per seat, the turn number on which it went down this round (-1: not down).
        owed: (books, runs) the player to move still owes while going down (NK-11); (0, 0) otherwise.
        known: per seat, cards publicly known to be in its hand (discards it took).
        claims: per seat, claims this round; turn_claims: claims in the current turn.
        turn_no: turns started this round (1 for the first).
        round_scores: each finished round's points per seat; totals: match totals.
        out_seat: who went out in the last finished round (None: nobody, NK-19).
    """

    Phase = Phase
    CHANCE_PHASES = CHANCE_PHASES
    OVER = Phase.OVER
    MOVER = _MOVER
    CHANCE_TEXT, OVER_TEXT = CHANCE_TEXT, OVER_TEXT
    PHASE_HINTS = {Phase.ACQUIRE: acquire_hint, Phase.AFTER: acquire_hint, Phase.OFFER: OFFER_HINT,
                   Phase.PLAY: play_hint}
    FIELDS = (
        Field("variant", SHARE, None, view=AS_IS),
        Field("n_seats", SHARE, None, view=AS_IS),
        Field("_pen", SHARE, None),  # the variant's penalty values and deck, cached
        Field("_deck", SHARE, None),
        Field("phase", SHARE, PHASE, view=AS_IS),
        Field("round_no", view=AS_IS),
        Field("dealer", view=AS_IS),
        Field("turn_seat"),  # the view's ``turn``
        Field("offer_seat", view=AS_IS),
        Field("hands", ROWS, CARD_ROWS),
        Field("pool", LIST, SORTED_CARDS),
        Field("discards", LIST, CARDS, view=TUPLE),
        Field("melds", LIST, _melds_text, view=TUPLE),
        Field("next_id", view=AS_IS),
        Field("down_turn", LIST, INTS, view=TUPLE),
        Field("owed", SHARE, INTS, view=AS_IS),
        Field("known", ROWS, SORTED_ROWS),  # the view's rows are sorted
        Field("claims", LIST, INTS, view=TUPLE),
        Field("turn_claims", view=AS_IS),
        Field("turn_no", view=AS_IS),
        Field("round_scores", LIST, INT_ROWS, view=TUPLES),  # finished rows never change
        Field("totals", LIST, INTS, view=TUPLE),
        Field("out_seat", view=AS_IS),
    )
    __slots__ = slots(FIELDS)

    game: ClassVar[type[Nickels]]

    def __init__(self, variant: NickelsVariant, n_seats: int) -> None:
        self.variant = variant
        self.n_seats = n_seats
        self._pen = variant.penalty_values
        self._deck = tuple(variant.full_deck(n_seats))
        self.phase = _DEALER
        self.round_no = 0
        self.dealer = 0
        self.round_scores: list[list[int]] = []
        self.totals = [0] * n_seats
        self.out_seat: int | None = None
        self._reset_round()

    def _reset_round(self) -> None:
        n = self.n_seats
        self.turn_seat = (self.dealer + 1) % n
        self.offer_seat = -1
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.pool: list[Card] = list(self._deck)
        self.discards: list[Card] = []
        self.melds: list[TableMeld] = []
        self.next_id = 1
        self.down_turn = [-1] * n
        self.owed = (0, 0)
        self.known: list[list[Card]] = [[] for _ in range(n)]
        self.claims = [0] * n
        self.turn_claims = 0
        self.turn_no = 1

    # -- whose move --------------------------------------------------------------
    @property
    def turn(self) -> int:
        return self.turn_seat

    @property
    def hand_number(self) -> int:
        return self.round_no

    @property
    def contract(self) -> tuple[int, int]:
        """NK-10: (books, runs) of this round."""
        return CONTRACTS[self.round_no]

    def has_melded(self, seat: int) -> bool:
        """Whether ``seat`` has gone down this round."""
        return self.down_turn[seat] >= 0

    def laid_this_round(self, seat: int) -> list[Meld]:
        """The melds ``seat`` laid going down this round (NK-11 checks the next against them)."""
        return [m.meld for m in self.melds if m.owner == seat]

    def may_lay_off(self, seat: int) -> bool:
        """NK-15/NK-16: ``seat`` went down on an earlier turn of this round."""
        return 0 <= self.down_turn[seat] < self.turn_no

    def meld_by_id(self, mid: int) -> TableMeld | None:
        """The meld ``m<mid>`` on the table, or None."""
        for m in self.melds:
            if m.id == mid:
                return m
        return None

    def can_supply(self, extra_top: int = 0) -> bool:
        """NK-19: whether a card can be drawn now: the draw pile has one, or the
        discard pile below its top card (after ``extra_top`` more cards leave it) does."""
        return bool(self.pool) or len(self.discards) - extra_top >= 2

    def may_claim(self, seat: int) -> bool:
        """NK-13c/f/g, NK-14a, NK-19: ``seat`` may claim the top discard now (it is not its turn nor
        its own discard, it has not melded, the claim limits allow it and a penalty card can be paid)."""
        return may_claim(self.variant, seat, self.turn_seat, self.down_turn, len(self.discards), len(self.pool),
                         self.turn_claims, self.claims, self.turn_no)

    # -- legal actions -------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """The moves of ``to_move``: ``take``/``pass`` (acquire), ``claim``/``pass`` (offer),
        then ``down`` arrangements, layoffs, swaps and discards (play). Empty at chance steps."""
        fixed = FIXED_MOVES.get(self.phase)
        if fixed is not None:
            return list(fixed)
        if self.phase is not _PLAY:
            return []
        seat = self.turn_seat
        return play_moves(self.hands[seat], self.melds, seat, self.contract, self.owed,
                          self.variant.min_naturals_per_meld, self.round_no == ROUNDS - 1, self.down_turn[seat],
                          self.turn_no)

    # -- chance ----------------------------------------------------------------------
    def _sample_dealer(self, rng: random.Random) -> Action:
        return ChooseDealer(rand_below(rng, self.n_seats))

    def _sample_card(self, rng: random.Random) -> Card:
        """A card of the unordered draw pile, uniformly: the up-card, a draw or a penalty card."""
        return self.pool[rand_below(rng, len(self.pool))]

    def _sample_upcard(self, rng: random.Random) -> Action:
        return Upcard(self._sample_card(rng))

    def _sample_draw(self, rng: random.Random) -> Action:
        return DrawCard(self._sample_card(rng))

    def _sample_penalty(self, rng: random.Random) -> Action:
        return PenaltyCard(self._sample_card(rng))

    def _sample_deal(self, rng: random.Random) -> Action:
        return Deal(deal_round(self.pool, rng, self.dealer, self.n_seats, 6 + self.round_no))  # NK-4

    def observation(self, action: Action, seat: int) -> str:
        """NK-4/NK-13: a seat sees its own dealt hand and the others' sizes
        (``deal 6 / 2C 5H ... / 6``), its own draws and penalty cards (``draw 7H``)
        and only that the others drew (``draw``, ``penalty``); everything else is public."""
        if type(action) is Deal:
            return "deal " + " / ".join(cards_text(h) if i == seat else str(len(h))
                                        for i, h in enumerate(action.hands))
        if type(action) is DrawCard and seat != self.turn_seat:
            return "draw"
        if type(action) is PenaltyCard and seat != self.offer_seat:
            return "penalty"
        return str(action)

    # -- chance outcomes, one handler per phase -------------------------------------------
    def _apply_dealer(self, action: ChooseDealer) -> list[Event]:
        if not 0 <= action.seat < self.n_seats:
            raise self.impossible(action, "expected the first dealer: dealer <seat>")
        self.dealer = action.seat
        self._reset_round()
        self.phase = _DEAL
        return [Event("dealer", "{seat} {seat:deals|deal} first (NK-4)", self.dealer, {"dealer": self.dealer})]

    def _apply_deal(self, action: Deal) -> list[Event]:
        hands = action.hands
        size = 6 + self.round_no
        if len(hands) != self.n_seats or any(len(h) != size for h in hands):
            raise IllegalAction(f"the {HAND_NAMES[self.round_no]} deals {size} cards to each of "
                                f"{self.n_seats} seats")
        rest = rest_after_deal(self.pool, hands)
        if rest is None:
            raise IllegalAction("the deal holds cards that are not in the pack")
        self.hands = [sorted(h, key=_order) for h in hands]
        self.pool = rest
        self.phase = _UPCARD
        b, r = self.contract
        return [Event("deal", f"{{seat}} {{seat:deals|deal}} the {HAND_NAMES[self.round_no]}: {size} cards each; "
                      f"the contract is {contract_text(b, r)}" + (", all cards, no discard (NK-20)"
                                                                  if self.round_no == ROUNDS - 1 else ""),
                      self.dealer, {"round": self.round_no, "size": size, "books": b, "runs": r})]

    def _pool_outcome(self, action: Upcard | DrawCard | PenaltyCard) -> Card:
        """The card of the chance outcome ``action`` (the draw pile must hold it)."""
        if action.card not in self.pool:
            raise self.impossible(action, f"{action} is not a card of the draw pile")
        return action.card

    def _apply_upcard(self, action: Upcard) -> list[Event]:
        card = self._pool_outcome(action)
        if card.is_joker and self.variant.reject_joker_upcard:  # NK-5 optional variation
            return [Event("upcard_joker", "A joker is turned up and goes back into the draw pile (NK-5)",
                          None, {"card": card.text, "cards": [card.text]})]
        self.pool.remove(card)
        self.discards.append(card)
        events = [Event("upcard", f"{card.pretty} is turned up to start the discard pile (NK-5)", None,
                        {"card": card.text, "cards": [card.text]})]
        return events + self._start_turn()

    def _apply_draw(self, action: DrawCard) -> list[Event]:
        card = self._pool_outcome(action)
        seat = self.turn_seat
        self.pool.remove(card)
        insert_sorted(self.hands[seat], card)
        self.phase = _PLAY
        return [Event("draw", "{seat} {seat:draws|draw} from the draw pile", seat, {"count": 1}),
                Event("draw_private", f"{{seat}} {{seat:draws|draw}} {card.pretty}", seat,
                      {"card": card.text, "cards": [card.text]}, frozenset((seat,)))]

    def _apply_penalty(self, action: PenaltyCard) -> list[Event]:
        card = self._pool_outcome(action)
        seat = self.offer_seat
        self.pool.remove(card)
        insert_sorted(self.hands[seat], card)
        events = [Event("penalty", "{seat} {seat:takes|take} a face-down penalty card (NK-13c)", seat, {"count": 1}),
                  Event("penalty_private", f"{{seat}} {{seat:takes|take}} {card.pretty} as the penalty card", seat,
                        {"card": card.text, "cards": [card.text]}, frozenset((seat,)))]
        self.offer_seat = -1
        if self.discards:
            self.phase = _AFTER
            top = self.discards[-1]
            events.append(Event("exposed", f"{top.pretty} now lies on top of the discard pile: {{s{self.turn_seat}}} "
                                "may take it (NK-13d)", self.turn_seat, {"card": top.text, "cards": [top.text]}))
            return events
        return events + self._need_draw()

    # -- a player's moves, one handler per phase and action type ----------------------------
    def _apply_take(self, a: Take) -> list[Event]:
        seat = self.turn_seat
        card = self.discards.pop()
        insert_sorted(self.hands[seat], card)
        self.known[seat].append(card)
        how = "free (NK-13b)" if self.phase is _ACQUIRE else "from under the claimed card (NK-13d)"
        self.phase = _PLAY
        return [Event("take", f"{{seat}} {{seat:takes|take}} {card.pretty} {how}", seat,
                      {"card": card.text, "cards": [card.text]})]

    def _apply_pass(self, a: Decline) -> list[Event]:
        seat = self.turn_seat
        top = self.discards[-1]
        events = [Event("decline", f"{{seat}} {{seat:passes|pass}} on {top.pretty}", seat,
                        {"card": top.text, "cards": [top.text]})]
        if self.phase is _AFTER and self.turn_claims >= self.variant.out_of_turn_claims_per_turn:
            return events + self._need_draw()  # NK-13f: the exposed card is offered only to C
        return events + self._next_offer(seat)

    def _apply_offer_pass(self, a: Decline) -> list[Event]:
        who = self.offer_seat
        return [Event("offer_pass", "{seat} {seat:passes|pass}", who, {})] + self._next_offer(who)

    def _apply_claim(self, a: Claim) -> list[Event]:
        who = self.offer_seat
        card = self.discards.pop()
        insert_sorted(self.hands[who], card)
        self.known[who].append(card)
        self.claims[who] += 1
        self.turn_claims += 1
        events = [Event("claim", f"{{seat}} {{seat:claims|claim}} {card.pretty} (May I?)", who,
                        {"card": card.text, "cards": [card.text]})]
        events += self._reshuffle_if_empty()
        self.phase = _PENALTY
        return events

    def _apply_discard(self, a: Discard) -> list[Event]:
        seat = self.turn_seat
        card = a.card
        self._lose(seat, card)
        self.discards.append(card)
        events = [Event("discard", f"{{seat}} {{seat:discards|discard}} {card.pretty}", seat,
                        {"card": card.text, "cards": [card.text]})]
        if not self.hands[seat]:
            return events + self._end_round(seat, "{seat} {seat:discards|discard} the last card and {seat:goes|go} "
                                                  "out (NK-18)")
        return events + self._next_turn()

    def _apply_meld(self, a: LayMeld) -> list[Event]:
        seat = self.turn_seat
        hand = self.hands[seat]
        meld = a.meld
        for c in meld.cards:
            self._lose(seat, c)
        if self.down_turn[seat] < 0:
            self.down_turn[seat] = self.turn_no
            self.owed = self.contract
        b, r = self.owed
        self.owed = (b - (not meld.is_run), r - meld.is_run)
        self.melds.append(TableMeld(self.next_id, seat, meld))
        self.next_id += 1
        events = [Event("meld", f"{{seat}} {{seat:lays|lay}} m{self.next_id - 1}: {meld.pretty()}", seat,
                        {"meld": self.next_id - 1, "cards": [c.text for c in meld.cards]})]
        if self.owed != (0, 0):
            return events
        events.append(Event("down", "{seat} {seat:has|have} gone down with the contract (NK-11)", seat,
                            {"melds": [m.id for m in self.melds if m.owner == seat]}))
        if not hand:
            return events + self._end_round(seat, "{seat} {seat:goes|go} down with every card and {seat:goes|go} "
                                                  "out (NK-18)")
        return events

    def _apply_layoff(self, lay: Layoff) -> list[Event]:
        seat = self.turn_seat
        hand = self.hands[seat]
        idx, tm = self._meld_index(lay.meld)
        self._lose(seat, lay.card)
        m = tm.meld
        new: Meld = m.with_card(lay.card) if isinstance(m, Book) else m.extended(lay.card, layoff_pos(lay))
        self.melds[idx] = TableMeld(tm.id, tm.owner, new)
        events = [Event("layoff", f"{{seat}} {{seat:lays|lay}} off {lay.shown()} on m{tm.id}", seat,
                        {"meld": tm.id, "card": lay.card.text, "cards": [lay.card.text]})]
        if not hand:
            return events + self._end_round(seat, "{seat} {seat:lays|lay} off the last card and {seat:goes|go} out "
                                                  "(NK-18)")
        return events

    def _apply_swap(self, sw: Swap) -> list[Event]:
        seat = self.turn_seat
        hand = self.hands[seat]
        idx, tm = self._meld_index(sw.meld)
        run = tm.meld
        if not isinstance(run, Run):
            raise IllegalAction(f"m{tm.id} is not a run")
        pos = swap_pos(sw.card, run)
        self._lose(seat, sw.card)
        insert_sorted(hand, JOKER)
        self.known[seat].append(JOKER)
        self.melds[idx] = TableMeld(tm.id, tm.owner, run.swapped(pos, sw.card))
        return [Event("swap", f"{{seat}} {{seat:puts|put}} {sw.card.pretty} in m{tm.id} and {{seat:takes|take}} the "
                              "joker (NK-16)", seat,
                      {"meld": tm.id, "card": sw.card.text, "cards": [sw.card.text]})]

    def _lose(self, seat: int, card: Card) -> None:
        """``card`` leaves ``seat``'s hand (and what others knew of it there)."""
        self.hands[seat].remove(card)
        forget_one(self.known[seat], card)

    # -- the turn's steps ------------------------------------------------------------------
    def _start_turn(self) -> list[Event]:
        """NK-12/NK-13a: the current player's acquire step (a draw when the discard pile is empty)."""
        self.turn_claims = 0
        if not self.discards:
            return self._need_draw()
        self.phase = _ACQUIRE
        return []

    def _need_draw(self) -> list[Event]:
        """NK-13/NK-19: the current player draws; reshuffle the discards (all but the
        top) into a new draw pile if needed, or end the round if no card can be had."""
        events = self._reshuffle_if_empty()
        if not self.pool:
            return events + self._end_round(None, "no card can be drawn: the round ends with nobody out (NK-19)")
        self.phase = _DRAW
        return events

    def _reshuffle_if_empty(self) -> list[Event]:
        """NK-19: an empty draw pile takes every discard but the top card."""
        if self.pool or len(self.discards) < 2:
            return []
        moved = self.discards[:-1]
        self.discards = self.discards[-1:]
        self.pool = moved
        return [Event("reshuffle", f"The draw pile is empty: {plural(len(moved), 'discard is', 'discards are')} "
                                   "shuffled into a new "
                      "draw pile (NK-19)", None, {"count": len(moved)})]

    def _next_offer(self, after: int) -> list[Event]:
        """NK-13c: offer the top discard to the next eligible seat clockwise after
        ``after`` (stopping before the current player), else the current player draws."""
        n = self.n_seats
        s = (after + 1) % n
        while s != self.turn_seat:
            if self.may_claim(s):
                self.offer_seat = s
                self.phase = _OFFER
                return []
            s = (s + 1) % n
        self.offer_seat = -1
        return self._need_draw()

    def _meld_index(self, mid: int) -> tuple[int, TableMeld]:
        for i, m in enumerate(self.melds):
            if m.id == mid:
                return i, m
        raise IllegalAction(f"there is no meld m{mid}")

    def _next_turn(self) -> list[Event]:
        self.turn_no += 1
        if self.turn_no > self.variant.max_turns_per_round:  # NK-19a
            return self._end_round(None, f"{self.variant.max_turns_per_round} turns without anyone going out: "
                                   "the round ends (NK-19a)")
        self.turn_seat = (self.turn_seat + 1) % self.n_seats
        return self._start_turn()

    def _end_round(self, out: int | None, text: str) -> list[Event]:
        """NK-21: score the round; then deal the next one (NK-4) or end the match (NK-22)."""
        twelve = self.round_no == ROUNDS - 1
        pen = self._pen
        unmelded = 0 if twelve else self.variant.unmelded_penalty
        pts = [int(seat_breakdown(s, self.hands[s], self.down_turn[s] >= 0, unmelded, pen, out).total)
               for s in range(self.n_seats)]
        for s in range(self.n_seats):
            self.totals[s] += pts[s]
        self.round_scores.append(pts)
        self.out_seat = out
        events = [Event("out" if out is not None else "round_end", text, out, {}),
                  Event("hand_over", f"The {HAND_NAMES[self.round_no]} is over", None,
                        {"hand": self.round_no, "scores": [float(x) for x in pts],
                         "totals": [float(x) for x in self.totals], "out": out,
                         "left": [cards_text(h) for h in self.hands],
                         "melded": [d >= 0 for d in self.down_turn],
                         "unmelded": unmelded,
                         "reason": text})]
        if self.round_no == ROUNDS - 1:
            events.append(self.end_match([float(x) for x in self.totals]))
            return events
        self.round_no += 1
        self.dealer = (self.dealer + 1) % self.n_seats
        self._reset_round()
        self.phase = _DEAL
        return events

    # -- results ---------------------------------------------------------------------
    def scores(self) -> list[float]:
        """NK-22: match totals in penalty points (lower is better)."""
        return [float(x) for x in self.totals]

    def winners(self) -> list[int]:
        """NK-22: the seat(s) with the lowest total after seven rounds; empty while running."""
        if self.phase is not _OVER:
            return []
        return match_winners(self.totals, highest_wins=self.game.highest_wins)

    # -- information ---------------------------------------------------------------
    def view(self, seat: int) -> NickelsView:
        """What ``seat`` may know: its hand, every meld, the whole discard pile (it was laid
        face up), the draw pile's size, each hand's size and the cards publicly known to
        be in it (discards taken), who has gone down and when, and the claims made."""
        # Built without the frozen dataclass's __init__ (one object.__setattr__ a field), as Noms'
        # view is: the same fields and values.
        v = object.__new__(NickelsView)
        v.__dict__.update(
            seat=seat, **self.public_fields(), to_move=self.to_move, turn=self.turn_seat,
            hand=tuple(self.hands[seat]) if 0 <= seat < self.n_seats else (),
            hand_sizes=tuple(map(len, self.hands)), pool_count=len(self.pool),
            known=tuple(tuple(sorted(k, key=_order)) for k in self.known), is_over=self.phase is _OVER)
        return v

    def zones(self) -> dict[str, list[Card]]:
        """Every card by zone (card conservation): the draw pile, the discard pile, the melds, each hand."""
        out = {"pool": self.pool[:], "discards": self.discards[:],
               "melds": [c for m in self.melds for c in m.meld.cards]}
        for s in range(self.n_seats):
            out[f"hand {s}"] = self.hands[s][:]
        return out

    VERBS = (
        move(Take, (Phase.ACQUIRE, Phase.AFTER), _apply_take),
        move(Decline, (Phase.ACQUIRE, Phase.AFTER), _apply_pass),
        move(Decline, Phase.OFFER, _apply_offer_pass),
        move(Claim, Phase.OFFER, _apply_claim),
        move(LayMeld, Phase.PLAY, _apply_meld, problem=meld_problem),
        move(Discard, Phase.PLAY, _apply_discard, problem=discard_problem),
        move(Layoff, Phase.PLAY, _apply_layoff, problem=layoff_move_problem),
        move(Swap, Phase.PLAY, _apply_swap, problem=swap_move_problem),
        chance(ChooseDealer, Phase.DEALER, _apply_dealer, _sample_dealer),
        chance(Deal, Phase.DEAL, _apply_deal, _sample_deal),
        chance(Upcard, Phase.UPCARD, _apply_upcard, _sample_upcard),
        chance(DrawCard, Phase.DRAW, _apply_draw, _sample_draw),
        chance(PenaltyCard, Phase.PENALTY, _apply_penalty, _sample_penalty),
    )


NickelsView.state_class = NickelsState
