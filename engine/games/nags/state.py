"""A whole Nags match (:class:`NagsState`) on the state skeleton (:mod:`engine.phased`):
its fields, whose move it is, and one handler per verb (:attr:`NagsState.VERBS`).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, ClassVar, cast

from engine.cards import Card, cards_text
from engine.core import CHANCE, TERMINAL, Action, ChooseDealer, Event, IllegalAction, Pass, rand_below, shuffled
from engine.grammar import agree, article, plural
from engine.match import match_over, match_winners
from engine.phased import (CARDS, DICT, FLAG, INT_ROWS, INTS, LIST, PHASE, ROWS, SHARE, SORTED_CARDS, SORTED_ROWS,
                           Field, PhasedState, chance, move, slots)
from engine.games.nags.actions import Buy, ChooseDirection, Deal, DealRunner, DoneBuying, Play, Reveal, Turn
from engine.games.nags.rules import (_BUY, _DEAL, _DEALER, _DIRECTION, _FULL_DECK, _OVER, _PLAY, _REVEAL, _RUNNERS,
                                    CAME_IN, FELL, HAND_SIZE, N_RUNNERS, RUNNING, NagsVariant, Phase, half_text,
                                    horse_half_points, horse_result, legal_values, next_value, playout_half_points,
                                    prev_value, start_search_key, value_text)
from engine.games.nags.view import NagsView, buy_list, play_list

if TYPE_CHECKING:
    from engine.games.nags.game import Nags


#: NA-16a (engine guard, DECISION). While nobody plays, the hands do not change
#: and the m cards of the discard and draw piles go round in a fixed cycle: the
#: turned cards read one cyclic sequence of those m cards, because NA-15 turns the
#: pile over without shuffling and keeps only the top card back. The position
#: (top card, seat to move, direction) therefore repeats with a period dividing
#: lcm(m, n, 2) <= 2nm. Once more than ``STUCK_FACTOR * n * m`` cards have been
#: turned in a row with no play (STUCK_FACTOR >= 2), every position of the cycle
#: has been met with nobody able to play, so nobody ever will: the game would go
#: round for ever and ends as blocked (scored as NA-16). With the Choice variation
#: or ``allow_voluntary_turn`` a player could have changed the cycle; the guard
#: then means every chance to do so in two full cycles was declined.
STUCK_FACTOR = 2
#: NA-16a with ``shuffle_on_recycle``: the order changes at every recycle, so after
#: STUCK_FACTOR cycles the game is blocked only if no seat holds a value playable on
#: any card going round; if one does, a play will come by chance, and this many
#: cycles end the game in any case (so every game ends).
STUCK_BACKSTOP = 20

def _runners_text(runners: list[list]) -> str:
    return ",".join(f"{r[0]}:{r[1]}:{r[2]}:{r[3]}" for r in runners)


def _owners_text(owners: dict[int, int]) -> str:
    return ",".join(f"{k}:{v}" for k, v in sorted(owners.items()))


class NagsState(PhasedState):
    """A Nags match. Build it with :meth:`Nags.new_state`.

    Public attributes (read by views, tests and widgets; change them only via
    :meth:`apply`):
        hands: each seat's cards.
        runners: ``[card, status, position, credited seat]`` per runner.
        discard: the discard pile, bottom to top.
        stock_known: draw-pile cards in a publicly known order (top = last).
        pool: draw-pile cards of unknown order (drawn below ``stock_known``).
        pool_known: cards publicly known to be somewhere in ``pool``.
        direction: +1 up, -1 down (NA-22, NA-23).
        game_half / totals_half: this game's and the match's half points per seat.
        owners: face value -> owning seat (Buying a Horse, NA-25).
        voids: per seat, the face values it is publicly known not to hold this
            game: when it turned a card or passed because it could not play
            (NA-11, NA-16) it held none of the values playable then, and a Nags
            hand only loses cards. Knowledge derived from the history, so it is
            left out of :meth:`fingerprint` (log hashes stay as they were).
    """

    Phase = Phase
    CHANCE_PHASES = frozenset((Phase.DEALER, Phase.RUNNERS, Phase.DEAL, Phase.REVEAL))
    OVER = Phase.OVER
    PHASE_HINTS = {Phase.PLAY: "it is time to play a card", Phase.DIRECTION: "choose the direction: up or down (NA-23)",
                   Phase.BUY: "buy a horse or say done (NA-25)"}
    FIELDS = (
        Field("variant", SHARE, None),
        Field("n_seats"),
        Field("phase", SHARE, PHASE),
        Field("dealer"),
        Field("game_no"),
        Field("turn_seat"),
        Field("runners", ROWS, _runners_text),
        Field("hands", ROWS, SORTED_ROWS),
        Field("discard", LIST, CARDS),
        Field("stock_known", LIST, CARDS),
        Field("pool", LIST, SORTED_CARDS),
        Field("pool_known", LIST, SORTED_CARDS),
        Field("direction"),
        Field("opened", SHARE, FLAG),
        Field("start_card"),
        Field("starter"),
        Field("passes"),
        Field("idle_turns"),
        Field("turn_forced", SHARE, FLAG),
        Field("game_half", LIST, INTS),
        Field("totals_half", LIST, INTS),
        Field("owners", DICT, _owners_text),
        Field("buyer"),
        Field("buys_done"),
        Field("history", LIST, INT_ROWS),  # finished games' rows are never changed
        Field("blocked", SHARE, FLAG),
        Field("voids", LIST, None),  # derived from the history (see above)
    )
    __slots__ = slots(FIELDS)

    game: ClassVar["type[Nags]"]

    def __init__(self, variant: NagsVariant, n_seats: int) -> None:
        self.variant = variant
        self.n_seats = n_seats
        self.phase = _DEALER
        self.dealer = 0
        self.game_no = 0
        self.turn_seat = 0
        self.runners: list[list] = []
        self.hands: list[list[Card]] = [[] for _ in range(n_seats)]
        self.discard: list[Card] = []
        self.stock_known: list[Card] = []
        self.pool: list[Card] = []
        self.pool_known: list[Card] = []
        self.direction = 1
        self.opened = False
        self.start_card: Card | None = None
        self.starter = 0
        self.passes = 0
        self.idle_turns = 0
        self.turn_forced = True
        self.game_half = [0] * n_seats
        self.totals_half = [0] * n_seats
        self.owners: dict[int, int] = {}
        self.buyer = 0
        self.buys_done = 0
        self.history: list[list[int]] = []
        self.blocked = False
        self.voids: list[frozenset[int]] = [frozenset()] * n_seats

    # -- whose move ----------------------------------------------------------
    @property
    def to_move(self) -> int:
        p = self.phase
        if p in self.CHANCE_PHASES:
            return CHANCE
        if p is _OVER:
            return TERMINAL
        if p is _BUY:
            return self.buyer
        return self.turn_seat

    @property
    def turn(self) -> int:
        return self.turn_seat

    @property
    def hand_number(self) -> int:
        return self.game_no

    @property
    def top_value(self) -> int | None:
        """Face value T of the top discard, or None before the opening play."""
        return self.discard[-1].rank if self.discard else None

    @property
    def stock_count(self) -> int:
        """Cards in the face-down draw pile."""
        return len(self.stock_known) + len(self.pool)

    def can_turn(self) -> bool:
        """NA-15/NA-16: a card can be turned unless the draw pile is empty and the
        discard pile has at most one card."""
        return bool(self.stock_known or self.pool or len(self.discard) > 1)

    # -- legal actions ---------------------------------------------------------
    def _play_values(self) -> tuple[int, ...]:
        """NA-8/NA-10: the face values the player to move may play now."""
        if not self.opened:
            return (cast(Card, self.start_card).rank,)  # set by the deal, before any play
        return legal_values(self.discard[-1].rank, self.direction)

    def _plays(self, hand: list[Card]) -> list[Action]:
        """NA-8/NA-9/NA-10: every distinct set of same-valued cards that may be
        played, each as a :class:`Play` of sorted cards (hands are kept sorted)."""
        must_include = None
        if not self.opened and self.variant.opening_must_include_lowest_card:
            must_include = self.start_card
        return play_list(hand, self._play_values(), must_include)

    def _can_play(self) -> bool:
        """NA-11: whether the player to move holds a card of a playable value."""
        values = self._play_values()
        return any(c.rank in values for c in self.hands[self.turn_seat])

    def legal_actions(self) -> list[Action]:
        """Legal actions of the seat to move (NA-8 to NA-11, NA-16, NA-23, NA-25);
        empty at chance steps and when the match is over."""
        p = self.phase
        if p is _PLAY:
            must = self.start_card if not self.opened and self.variant.opening_must_include_lowest_card else None
            plays = play_list(self.hands[self.turn_seat], self._play_values(), must)
            if plays:
                if self.variant.allow_voluntary_turn and self.opened and self.can_turn():
                    plays.append(Turn())
                return plays
            return [Turn()] if self.can_turn() else [Pass()]
        if p is _DIRECTION:
            return [ChooseDirection(1), ChooseDirection(-1)]
        if p is _BUY:
            return buy_list(self.variant, self.totals_half[self.buyer], self.owners)
        return []

    # -- one verb at a time: legality, why not, and the move (the VERBS table below) --
    def _legal_play(self, action: Play) -> bool:
        """NA-8 to NA-10: one or more held cards of a playable value (with the start card
        in the opening under ``opening_must_include_lowest_card``)."""
        cards = action.cards
        if not cards:
            return False
        v = cards[0].rank
        if any(c.rank != v for c in cards) or v not in self._play_values():
            return False
        hand = self.hands[self.turn_seat]
        if len(set(cards)) != len(cards) or any(c not in hand for c in cards):
            return False
        return self.opened or not self.variant.opening_must_include_lowest_card or self.start_card in cards

    def _why_play(self, action: Play) -> str:
        if not action.cards:
            return "a play needs at least one card (NA-9)"
        hand = self.hands[self.turn_seat]
        missing = sorted({c for c in action.cards if action.cards.count(c) > hand.count(c)})
        if missing:
            return f"you do not hold {cards_text(missing)}"
        if len({c.rank for c in action.cards}) > 1:
            return "all the cards of one play must have the same face value (NA-9)"
        v = action.cards[0].rank
        if not self.opened:
            start = self.start_card
            assert start is not None  # set by the deal, before any play
            if v != start.rank:
                return f"the first play must be {value_text(start.rank)}s, the starting rank (NA-8)"
            return f"the first play must include {start.pretty}, the lowest card (NA-8, house rule)"
        a, b = legal_values(self.discard[-1].rank, self.direction)
        way = "up" if self.direction > 0 else "down"
        return (f"on {article(value_text(a))} going {way} you may play only {value_text(a)}s or {value_text(b)}s "
                f"(NA-10)")

    def _do_play(self, action: Play) -> list[Event]:
        seat = self.turn_seat
        hand = self.hands[seat]
        for c in action.cards:
            hand.remove(c)
        self.discard.extend(action.cards)
        self.opened = True
        self.passes = 0
        self.idle_turns = 0
        events = [Event("play", "{seat} {seat:plays|play} " + " ".join(c.pretty for c in action.cards), seat,
                        {"cards": [c.text for c in action.cards]})]
        events += self._horse(seat, action.cards)
        if not hand:  # NA-17: the game ends at once, after the horses
            left = sum(len(h) for h in self.hands)
            half = playout_half_points(left)
            self.game_half[seat] += half
            events.append(Event("play_out", f"{{seat}} {{seat:plays|play}} out: 5 + {plural(left, 'card', 'cards')} = "
                                            f"+{half_text(half)}",
                                seat, {"half_points": half}))
            return events + self._end_game()
        self._advance()
        return events

    def _legal_turn(self, action: Turn) -> bool:
        """NA-11: a card can be turned, and the player cannot play (or may turn anyway)."""
        if not self.can_turn():
            return False
        return not self._can_play() or (self.variant.allow_voluntary_turn and self.opened)

    def _why_turn(self, action: Turn) -> str:
        if not self.can_turn():
            return "the draw pile is empty and the discard pile has one card: you must pass (NA-16)"
        if not self.opened:
            return "the start player must open with the starting rank (NA-8)"
        return "you have a legal play, and play is compulsory (NA-11)"

    def _do_turn(self, action: Turn) -> list[Event]:
        # NA-11: a turn is forced unless the player had a play (allow_voluntary_turn).
        self.turn_forced = not (self.variant.allow_voluntary_turn and self._plays(self.hands[self.turn_seat]))
        if self.turn_forced:  # NA-11: it holds none of the values playable now (public knowledge)
            self._note_void()
        events: list[Event] = []
        if not self.stock_known and not self.pool:
            events.append(self._recycle())
        if self.stock_known:
            return events + self._place_turned(self.stock_known.pop())
        self.phase = _REVEAL
        return events

    def _legal_pass(self, action: Pass) -> bool:
        """NA-16: only when the player can neither play nor turn."""
        return not self.can_turn() and not self._can_play()

    def _why_pass(self, action: Pass) -> str:
        return "you may pass only when no card can be turned (NA-16)"

    def _do_pass(self, action: Pass) -> list[Event]:
        self._note_void()
        seat = self.turn_seat
        self.passes += 1
        events = [Event("pass", "{seat} cannot play or turn a card and {seat:passes|pass}", seat)]
        if self.passes >= self.n_seats:  # NA-16: one full cycle of passes
            return events + self._end_game(blocked=True)
        self._advance()
        return events

    def _legal_direction(self, action: ChooseDirection) -> bool:
        return action.direction in (1, -1)

    def _do_direction(self, action: ChooseDirection) -> list[Event]:
        """NA-23: the player who turned chooses, then play moves on."""
        seat = self.turn_seat
        self.direction = action.direction
        self.phase = _PLAY
        events = [Event("direction", "{seat} {seat:chooses|choose} to go " + str(action), seat,
                        {"direction": self.direction})]
        if self._stuck():
            return events + self._end_game(blocked=True, stuck=True)
        self._advance()
        return events

    def _legal_buy(self, action: Buy) -> bool:
        """NA-25: an unowned horse, for 10 points the buyer has (or may owe)."""
        return (2 <= action.value <= 14 and action.value not in self.owners
                and (self.variant.allow_negative_after_purchase or self.totals_half[self.buyer] >= 20))

    def _why_buy(self, action: Buy) -> str:
        if action.value in self.owners:
            return f"the {value_text(action.value)} already belongs to a player (NA-25b)"
        return "a horse costs 10 points and you have fewer (NA-25a)"

    def _do_buy(self, action: Buy) -> list[Event]:
        seat = self.buyer
        self.owners[action.value] = seat
        self.totals_half[seat] -= 20
        return [Event("buy", "{seat} {seat:buys|buy} the " + value_text(action.value) + " horse for 10 points",
                      seat, {"value": action.value})]

    def _do_done_buying(self, action: DoneBuying) -> list[Event]:
        seat = self.buyer
        self.buys_done += 1
        events = [Event("done_buying", "{seat} {seat:buys|buy} no more horses", seat)]
        if self.buys_done == self.n_seats:
            self._start_game()
        else:
            self.buyer = (self.buyer + 1) % self.n_seats
        return events

    # -- chance outcomes ---------------------------------------------------------
    def _sample_dealer(self, rng: random.Random) -> Action:
        return ChooseDealer(rand_below(rng, self.n_seats))

    def _do_dealer(self, action: ChooseDealer) -> list[Event]:
        if not 0 <= action.seat < self.n_seats:
            raise self.impossible(action)
        self.dealer = action.seat
        self._start_game()
        return [Event("dealer", "{seat} {seat:deals|deal} first", action.seat)]

    def _sample_runner(self, rng: random.Random) -> Action:
        taken = {r[0].rank for r in self.runners}
        candidates = [c for c in _FULL_DECK if c.rank not in taken]
        return DealRunner(candidates[rand_below(rng, len(candidates))])

    def _do_runner(self, action: DealRunner) -> list[Event]:
        card = action.card
        if any(r[0].rank == card.rank for r in self.runners):
            raise IllegalAction(f"runner {card} is impossible: its value is already running (NA-5)")
        if card not in self.pool:
            raise IllegalAction(f"runner {card} is impossible: it is not in the pack")
        self.pool.remove(card)
        self.runners.append([card, RUNNING, 0, -1])
        events = [Event("runner", f"Runner {card.pretty} is under starter's orders", None,
                        {"card": card.text, "cards": [card.text]})]
        owner = self.owners.get(card.rank)
        if owner is not None:  # NA-25c runner bonus
            self.game_half[owner] += 4
            events.append(Event("owner_bonus", "{seat} {seat:owns|own} the " + value_text(card.rank)
                                + " horse, which is running: +2", owner, {"half_points": 4}))
        if len(self.runners) == N_RUNNERS:
            self.phase = _DEAL
        return events

    def _sample_deal(self, rng: random.Random) -> Action:
        order = shuffled(rng, self.pool)
        hands: list[list[Card]] = [[] for _ in range(self.n_seats)]
        for i in range(HAND_SIZE * self.n_seats):  # one at a time from left of the dealer
            hands[(self.dealer + 1 + i) % self.n_seats].append(order[i])
        return Deal(tuple(tuple(sorted(h)) for h in hands))

    def _do_deal(self, action: Deal) -> list[Event]:
        hands = action.hands
        if len(hands) != self.n_seats or any(len(h) != HAND_SIZE for h in hands):
            raise IllegalAction(f"a deal gives {HAND_SIZE} cards to each of {self.n_seats} seats (NA-6)")
        in_pool = set(self.pool)
        dealt: set[Card] = set()
        for h in hands:
            for c in h:
                if c not in in_pool or c in dealt:
                    raise IllegalAction(f"deal: {c} is not in the pack")
                dealt.add(c)
        self.pool = [c for c in self.pool if c not in dealt]
        self.hands = [sorted(h) for h in hands]
        # NA-7: search 2..A, clubs..spades, for the first card held.
        best: tuple[tuple[int, int], int, Card] | None = None
        for seat, held in enumerate(self.hands):
            for c in held:
                k = start_search_key(c)
                if best is None or k < best[0]:
                    best = (k, seat, c)
        assert best is not None
        _, self.starter, self.start_card = best
        self.turn_seat = self.starter
        self.phase = _PLAY
        return [Event("deal", f"Cards dealt: {HAND_SIZE} each, {self.stock_count} in the draw pile", None),
                Event("starter", "{seat} {seat:holds|hold} " + self.start_card.pretty
                      + ", the lowest card, and {seat:starts|start}",
                      self.starter, {"card": self.start_card.text, "cards": [self.start_card.text]})]

    def _sample_reveal(self, rng: random.Random) -> Action:
        return Reveal(self.pool[rand_below(rng, len(self.pool))])

    def _do_reveal(self, action: Reveal) -> list[Event]:
        if action.card not in self.pool:
            raise self.impossible(action)
        self.pool.remove(action.card)
        if action.card in self.pool_known:
            self.pool_known.remove(action.card)
        return self._place_turned(action.card)

    def observation(self, action: Action, seat: int) -> str:
        """NA-6: a seat sees its own dealt hand and only the sizes of the others
        (``deal 2C 5H ... / 9 / 9``); runners, turned cards and moves are public."""
        if type(action) is Deal:
            return "deal " + " / ".join(cards_text(h) if i == seat else str(len(h))
                                        for i, h in enumerate(action.hands))
        return str(action)

    # -- the course of a game ---------------------------------------------------------
    def _start_game(self) -> None:
        """NA-5: begin a game: the whole pack is in the (unordered) pool."""
        self.phase = _RUNNERS
        self.runners = []
        self.hands = [[] for _ in range(self.n_seats)]
        self.discard = []
        self.stock_known = []
        self.pool = list(_FULL_DECK)
        self.pool_known = []
        self.direction = 1  # NA-22: direction starts up every game
        self.opened = False
        self.start_card = None
        self.passes = 0
        self.idle_turns = 0
        self.game_half = [0] * self.n_seats
        self.blocked = False
        self.voids = [frozenset()] * self.n_seats

    def _advance(self) -> None:
        self.turn_seat = (self.turn_seat + 1) % self.n_seats

    def _horse(self, seat: int, placed: tuple[Card, ...]) -> list[Event]:
        """NA-12/NA-13: a horse of the placed value comes in or falls."""
        v = placed[0].rank
        for r in self.runners:
            if r[0].rank == v:
                break
        else:
            return []
        if r[1] != RUNNING:
            return []
        result = horse_result(r[0], placed)
        name = r[0].pretty
        if result == FELL:
            r[1] = FELL
            return [Event("horse_fell", f"The {name} horse falls", seat, {"card": r[0].text, "cards": [r[0].text]})]
        position = 1 + sum(1 for x in self.runners if x[1] == CAME_IN)
        r[1], r[2], r[3] = CAME_IN, position, seat
        half = horse_half_points(v, position)
        self.game_half[seat] += half
        ordinal = ("1st", "2nd", "3rd", "4th")[position - 1]
        events = [Event("horse_in", f"The {name} horse comes in {ordinal} for {{seat}}: +{half_text(half)}",
                        seat, {"card": r[0].text, "cards": [r[0].text], "position": position, "half_points": half})]
        owner = self.owners.get(v)
        if owner is not None:  # NA-25d placing bonus
            self.game_half[owner] += half
            events.append(Event("owner_bonus", "{seat} {seat:owns|own} the " + value_text(v) + " horse: +"
                                + half_text(half), owner, {"half_points": half}))
        return events

    def _recycle(self) -> Event:
        """NA-15: every discard but the top becomes the new draw pile."""
        old = self.discard[:-1]
        self.discard = self.discard[-1:]
        if self.variant.shuffle_on_recycle:
            self.pool = old
            self.pool_known = old[:]
            how = "shuffled"
        else:
            self.stock_known = old[::-1]  # turned face down: the oldest discard is on top
            how = "turned face down, in order"
        return Event("recycle", f"The discard pile is {how} to make a new draw pile "
                                f"({plural(len(old), 'card', 'cards')})",
                     None, {"count": len(old)})

    def _place_turned(self, card: Card) -> list[Event]:
        seat = self.turn_seat
        self.discard.append(card)
        self.phase = _PLAY
        self.passes = 0
        self.idle_turns += 1
        forced = self.turn_forced
        how = "cannot play and {seat:turns|turn} " if forced else "{seat:chooses|choose} to turn "
        events = [Event("turn", "{seat} " + how + card.pretty, seat,
                        {"card": card.text, "cards": [card.text], "forced": forced})]
        events += self._horse(seat, (card,))
        # NA-22/NA-23 act only on a card turned because the player could not play.
        mode = self.variant.direction_mode if forced else "fixed"
        if mode == "alternating":  # NA-22: flip after the card is placed
            self.direction = -self.direction
            events.append(Event("direction", "Direction is now " + ("up" if self.direction > 0 else "down"),
                                seat, {"direction": self.direction}))
        elif mode == "choice":  # NA-23: the player chooses after seeing the card
            self.phase = _DIRECTION
            return events
        if self._stuck():
            return events + self._end_game(blocked=True, stuck=True)
        self._advance()
        return events

    def _stuck(self) -> bool:
        """NA-16a (engine guard, DECISION; see :data:`STUCK_FACTOR`): True when the
        cards have gone round so often with no play that nobody ever will play."""
        cycle = self.n_seats * max(len(self.discard) + self.stock_count, 1)
        t = self.idle_turns
        if t <= STUCK_FACTOR * cycle:
            return False
        if not self.variant.shuffle_on_recycle or t > STUCK_BACKSTOP * cycle:
            return True
        return not self._playable_someday()

    def _playable_someday(self) -> bool:
        """NA-16a with shuffling: whether some seat holds a value that could be
        played (NA-10) on some card of the discard or draw pile, in a direction
        the variation allows. Over-approximates, so False means never."""
        going_round = {c.rank for c in self.discard}
        going_round.update(c.rank for c in self.pool)
        going_round.update(c.rank for c in self.stock_known)
        ways = (self.direction,) if self.variant.direction_mode == "fixed" else (1, -1)
        wanted = set(going_round)
        for v in going_round:
            for d in ways:
                wanted.add(next_value(v) if d > 0 else prev_value(v))
        return any(c.rank in wanted for h in self.hands for c in h)

    def _note_void(self) -> None:
        """NA-11/NA-16: the seat to move cannot play: record that it holds none of
        the playable values (hands never gain cards, so this holds all game)."""
        seat = self.turn_seat
        self.voids[seat] = self.voids[seat] | frozenset(self._play_values())

    def _end_game(self, blocked: bool = False, stuck: bool = False) -> list[Event]:
        """NA-18/NA-20/NA-21: score the game and start the next one or end the match.
        ``blocked``: NA-16, no play-out points; ``stuck``: blocked by the NA-16a guard."""
        self.blocked = blocked
        for i in range(self.n_seats):
            self.totals_half[i] += self.game_half[i]
        self.history.append(self.game_half[:])
        events = []
        if stuck:
            events.append(Event("blocked", "Nobody can play on any card that goes round: "
                                "the game is blocked (NA-16)", None, {"stuck": True}))
        elif blocked:
            events.append(Event("blocked", "Nobody can play or turn a card: the game is blocked (NA-16)", None))
        points = [h / 2 for h in self.game_half]
        totals = [h / 2 for h in self.totals_half]
        # The breakdown for the summary (NA-20): play-out points (NA-18) of the seat
        # that played out, and the rest (horses NA-19, owners' bonuses NA-25).
        out = None if blocked else next((i for i, h in enumerate(self.hands) if not h), None)
        playout = [0.0] * self.n_seats
        if out is not None:
            playout[out] = playout_half_points(sum(len(h) for h in self.hands)) / 2
        horses = [p - q for p, q in zip(points, playout)]
        events.append(Event("hand_over", f"Game {self.game_no + 1} over", None,
                            {"hand": self.game_no, "scores": points, "totals": totals, "blocked": blocked,
                             "played_out": out, "playout_points": playout, "horse_points": horses}))
        played = self.game_no + 1
        if match_over(played, self.totals_half, self.variant.match_games,
                      None if self.variant.match_target is None else 2 * self.variant.match_target) \
                or (self.variant.match_target is not None
                    and self._drawn_in_a_row() >= self.variant.max_drawn_games):  # NA-21a
            self.phase = _OVER
            w = self.winners()
            events.append(Event("match_over", agree(len(w), "Winner: ", "Winners: ")
                                + ", ".join(f"{{s{i}:^}}" if k == 0 else f"{{s{i}}}" for k, i in enumerate(w)), None,
                                {"winners": w, "totals": totals}))
            return events
        self.game_no += 1
        self.dealer = (self.dealer + 1) % self.n_seats  # NA-6a
        if self.variant.buying_horses:
            self.phase = _BUY
            self.buyer = (self.dealer + 1) % self.n_seats  # NA-25a order
            self.buys_done = 0
            self.game_half = [0] * self.n_seats
        else:
            self._start_game()
        return events

    def _drawn_in_a_row(self) -> int:
        """NA-21a: the number of games at the end of ``history`` in which nobody scored."""
        n = 0
        for points in reversed(self.history):
            if any(points):
                break
            n += 1
        return n

    # -- results ---------------------------------------------------------------
    def scores(self) -> list[float]:
        """Match totals in points (NA-20, NA-21)."""
        return [h / 2 for h in self.totals_half]

    def game_scores(self) -> list[float]:
        """This game's points so far per seat."""
        return [h / 2 for h in self.game_half]

    def winners(self) -> list[int]:
        """NA-20/NA-21: the seats with the highest match total (ties share)."""
        if self.phase != _OVER:
            return []
        return match_winners(self.totals_half, highest_wins=True)

    # -- information -----------------------------------------------------------
    def view(self, seat: int) -> "NagsView":
        return NagsView(
            seat=seat, n_seats=self.n_seats, variant=self.variant, phase=self.phase,
            to_move=self.to_move, turn=self.turn_seat, dealer=self.dealer, game_no=self.game_no,
            hand=tuple(sorted(self.hands[seat])), hand_sizes=tuple(len(h) for h in self.hands),
            runners=tuple(tuple(r) for r in self.runners), discard=tuple(self.discard),
            stock_known=tuple(self.stock_known), pool_count=len(self.pool),
            pool_known=tuple(sorted(self.pool_known)), direction=self.direction, opened=self.opened,
            start_card=self.start_card, starter=self.starter, passes=self.passes, idle_turns=self.idle_turns,
            turn_forced=self.turn_forced,
            game_half=tuple(self.game_half), totals_half=tuple(self.totals_half),
            owners=tuple(sorted(self.owners.items())), buyer=self.buyer, buys_done=self.buys_done,
            history=tuple(tuple(h) for h in self.history), blocked=self.blocked,
            is_over=self.phase is _OVER,
            voids=tuple(tuple(sorted(v)) for v in self.voids),
        )

    def zones(self) -> dict[str, list[Card]]:
        """Every card by zone (card conservation, ``State.zones``): before the first
        deal the whole pack; then the runners, hands, discard pile and draw pile
        (its known-order part and its pool; ``pool_known`` is part of the pool)."""
        if self.phase is _DEALER:
            return {"pack": list(_FULL_DECK)}
        out = {"runners": [r[0] for r in self.runners], "discard": self.discard[:],
               "stock_known": self.stock_known[:], "pool": self.pool[:]}
        for i, h in enumerate(self.hands):
            out[f"hand {i}"] = h[:]
        return out

    VERBS = (
        move(Play, Phase.PLAY, _do_play, _legal_play, _why_play),
        move(Turn, Phase.PLAY, _do_turn, _legal_turn, _why_turn),
        move(Pass, Phase.PLAY, _do_pass, _legal_pass, _why_pass),
        move(ChooseDirection, Phase.DIRECTION, _do_direction, _legal_direction),
        move(Buy, Phase.BUY, _do_buy, _legal_buy, _why_buy),
        move(DoneBuying, Phase.BUY, _do_done_buying),
        chance(ChooseDealer, Phase.DEALER, _do_dealer, _sample_dealer),
        chance(DealRunner, Phase.RUNNERS, _do_runner, _sample_runner),
        chance(Deal, Phase.DEAL, _do_deal, _sample_deal),
        chance(Reveal, Phase.REVEAL, _do_reveal, _sample_reveal),
    )


NagsView.state_class = NagsState
