"""A game (or match) of Spite & Malice (:class:`SpiteMaliceState`) on the state skeleton
(:mod:`engine.phased`): its fields, whose move it is, and one handler per verb
(:attr:`SpiteMaliceState.VERBS`).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, ClassVar, cast

from engine.cards import Card, cards_text
from engine.core import CHANCE, TERMINAL, Action, Event, IllegalAction, rand_below, shuffled
from engine.grammar import agree, article, plural
from engine.match import match_over, match_winners
from engine.phased import (CARD_ROWS, GRID, INT_ROWS, INTS, LIST, PHASE, ROWS, SHARE, SORTED_CARDS, Field, PhasedState,
                           chance, move, slots)
from engine.games.spite_malice.actions import Deal, Discard, Draw, PlayDiscard, PlayHand, PlayStock
from engine.games.spite_malice.rules import (_DEAL, _DRAW, _ORDER, _OVER, _PLAY, TIE, VALUE, Phase, SpiteMaliceVariant,
                                           value_text)
from engine.games.spite_malice.view import SpiteMaliceView, legal_list

if TYPE_CHECKING:
    from engine.games.spite_malice.game import SpiteMalice


def _discards_text(discards: list[list[list[Card]]]) -> str:
    return "//".join("/".join(cards_text(d) for d in ds) for ds in discards)


class SpiteMaliceState(PhasedState):
    """One game of Spite & Malice, or a match when ``match_to`` is set (SM-17).

    Public attributes (read by views, tests and widgets; change them only via
    :meth:`apply`):
        hands: each seat's hand (kept sorted).
        stocks: each seat's stock deck, bottom first, top card last (face up, SM-6).
        play: the shared play decks; a deck of n cards has effective top value n (SM-9).
        discards: per seat, its discard decks, bottom first.
        pool: the draw deck, an unordered pool (SM-14).
        removed: the removed pile of ``draw_empty`` (SM-14), unordered.
        draw_need: cards to draw at the pending ``draw`` chance step.
        turns: turns finished in this game (SM-16).
        result: None while the game runs, the winning seat, or :data:`TIE`.
        totals: match points per seat (SM-17); game_points: each finished game's points.
    """

    Phase = Phase
    CHANCE_PHASES = frozenset((Phase.DEAL, Phase.DRAW))
    OVER = Phase.OVER
    CHANCE_TEXT = "it is not a player's move: the cards are being dealt or drawn"
    OVER_TEXT = "the game is over"
    PHASE_HINTS = {Phase.PLAY: "play onto a play deck, or discard a hand card to end your turn (SM-8)"}
    FIELDS = (
        Field("variant", SHARE, None),
        Field("n_seats", SHARE, None),
        Field("phase", SHARE, PHASE),
        Field("game_no"),
        Field("turn_seat"),
        Field("hands", ROWS, CARD_ROWS),
        Field("stocks", ROWS, CARD_ROWS),
        Field("play", ROWS, CARD_ROWS),
        Field("discards", GRID, _discards_text),
        Field("pool", LIST, SORTED_CARDS),
        Field("removed", LIST, SORTED_CARDS),
        Field("draw_need"),
        Field("turns"),
        Field("redeals"),
        Field("result"),
        Field("reason", SHARE, None),  # the result's narration
        Field("totals", LIST, INTS),
        Field("game_points", LIST, INT_ROWS),  # finished rows never change
        # caches of the variant's values, for the hot paths
        Field("_wmin", SHARE, None),
        Field("_maxv", SHARE, None),
        Field("_hsize", SHARE, None),
        Field("_recycle", SHARE, None),
    )
    __slots__ = slots(FIELDS)

    game: ClassVar["type[SpiteMalice]"]

    def __init__(self, variant: SpiteMaliceVariant, n_seats: int = 2) -> None:
        self.variant = variant
        self.n_seats = n_seats
        self._wmin = variant.wild_min
        self._maxv = variant.maxv
        self._hsize = cast(int, variant.hand_card_count)  # set from the preset when the variant is built
        self._recycle = variant.shuffle_type == "draw_empty"
        self.game_no = 0
        self.totals = [0] * n_seats
        self.game_points: list[list[int]] = []
        self._reset_game()

    def _reset_game(self) -> None:
        v = self.variant
        self.phase = _DEAL
        self.turn_seat = 0
        self.hands: list[list[Card]] = [[], []]
        self.stocks: list[list[Card]] = [[], []]
        self.play: list[list[Card]] = [[] for _ in range(v.play_deck_count)]
        self.discards: list[list[list[Card]]] = [[[] for _ in range(v.discard_deck_count)] for _ in range(2)]
        self.pool: list[Card] = v.full_deck()
        self.removed: list[Card] = []
        self.draw_need = 0
        self.turns = 0
        self.redeals = 0
        self.result: int | None = None
        self.reason = ""

    # -- whose move ----------------------------------------------------------
    @property
    def to_move(self) -> int:
        p = self.phase
        if p is _PLAY:
            return self.turn_seat
        if p is _OVER:
            return TERMINAL
        return CHANCE

    @property
    def turn(self) -> int:
        return self.turn_seat

    @property
    def hand_number(self) -> int:
        return self.game_no

    def is_wild(self, card: Card) -> bool:
        """SM-3: whether ``card`` is wild under this variant (see :meth:`SpiteMaliceVariant.is_wild`)."""
        return self.variant.is_wild(card)

    def fits(self, card: Card, deck: int) -> bool:
        """SM-9: whether ``card`` may be placed on play deck ``deck``."""
        v = VALUE[card]
        return v >= self._wmin or v == len(self.play[deck]) + 1

    # -- legal actions ---------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """SM-8/SM-9: every legal move of the player to move (stock plays, discard-deck
        plays, hand plays, then discards); empty at chance steps and at the end."""
        if self.phase is not _PLAY:
            return []
        seat = self.turn_seat
        stock = self.stocks[seat]
        return legal_list(self.hands[seat], stock[-1] if stock else None, self.discards[seat], self.play,
                           self._wmin)

    # -- one verb at a time: legality, why not, and the move (the VERBS table below) --
    def _legal_play_hand(self, action: PlayHand) -> bool:
        """SM-8 move 1, SM-9: a held card that fits the play deck."""
        deck = action.deck
        if not 0 <= deck < len(self.play) or action.card not in self.hands[self.turn_seat]:
            return False
        v = VALUE[action.card]
        return v >= self._wmin or v == len(self.play[deck]) + 1

    def _legal_play_stock(self, action: PlayStock) -> bool:
        """SM-8 move 2, SM-9: the stock's top card fits the play deck."""
        stock = self.stocks[self.turn_seat]
        deck = action.deck
        if not 0 <= deck < len(self.play) or not stock:
            return False
        v = VALUE[stock[-1]]
        return v >= self._wmin or v == len(self.play[deck]) + 1

    def _legal_play_discard(self, action: PlayDiscard) -> bool:
        """SM-8 move 3, SM-9: the discard deck's top card fits the play deck."""
        piles = self.discards[self.turn_seat]
        deck, pile = action.deck, action.pile
        if not 0 <= deck < len(self.play) or not 0 <= pile < len(piles) or not piles[pile]:
            return False
        v = VALUE[piles[pile][-1]]
        return v >= self._wmin or v == len(self.play[deck]) + 1

    def _why_play(self, action: PlayHand | PlayStock | PlayDiscard) -> str:
        """SM-8/SM-9: the card is not there, or does not fit the play deck."""
        seat = self.turn_seat
        np, nd = len(self.play), len(self.discards[seat])
        if not 0 <= action.deck < np:
            return f"there are only {np} play decks, P1 to P{np} (SM-9)"
        if isinstance(action, PlayHand):
            if action.card not in self.hands[seat]:
                return f"you do not hold {action.card}"
            card = action.card
        elif isinstance(action, PlayStock):
            if not self.stocks[seat]:
                return "your stock deck is empty"
            card = self.stocks[seat][-1]
        else:
            if not 0 <= action.pile < nd:
                return f"you have only {nd} discard decks, D1 to D{nd}"
            if not self.discards[seat][action.pile]:
                return f"your discard deck D{action.pile + 1} is empty"
            card = self.discards[seat][action.pile][-1]
        t = len(self.play[action.deck])
        if t == 0:
            return f"an empty play deck takes only an Ace or a wild card, not {card} (SM-9)"
        return (f"play deck P{action.deck + 1} shows {value_text(t)}: it takes only {article(value_text(t + 1))} "
                f"or a wild card, not {card} (SM-9)")

    def _do_play_hand(self, action: PlayHand) -> list[Event]:
        seat = self.turn_seat
        self.hands[seat].remove(action.card)
        events = self._place(seat, action.card, action.deck, "from the hand", action.card.text)
        if not self.hands[seat]:  # SM-11
            events.append(Event("refill", "{seat} {seat:has|have} played out the hand and {seat:draws|draw} again "
                                "(SM-11)", seat))
            events += self._begin_draw(self._hsize)
        return events

    def _do_play_stock(self, action: PlayStock) -> list[Event]:
        seat = self.turn_seat
        stock = self.stocks[seat]
        events = self._place(seat, stock.pop(), action.deck, "from the stock", "S")
        if not stock:  # SM-13
            return events + self._end_game(seat, "{seat} {seat:has|have} played the last stock card and "
                                                 "{seat:wins|win} (SM-13)")
        events.append(Event("turn_up", f"{{seat}} {{seat:turns|turn}} up {stock[-1].pretty} on the stock deck",
                            seat, {"card": stock[-1].text, "cards": [stock[-1].text]}))
        return events

    def _do_play_discard(self, action: PlayDiscard) -> list[Event]:
        seat = self.turn_seat
        pile = action.pile
        card = self.discards[seat][pile].pop()
        return self._place(seat, card, action.deck, f"from discard deck D{pile + 1}", f"D{pile + 1}")

    def _place(self, seat: int, card: Card, to: int, where: str, source: str) -> list[Event]:
        """SM-9/SM-10: ``card`` (taken from ``where``) goes onto play deck ``to``; a
        deck that reaches MAXV is removed at once."""
        deck = self.play[to]
        deck.append(card)
        counted = len(deck)
        wild = VALUE[card] >= self._wmin
        text = f"{{seat}} {{seat:plays|play}} {card.pretty} {where} on P{to + 1}"
        if wild:
            text += f" (wild, counts as {value_text(counted)})"
        events = [Event("play", text, seat, {"card": card.text, "cards": [card.text], "deck": to,
                                            "counted": counted, "source": source})]
        if counted >= self._maxv:  # SM-4/SM-10: the deck is complete and removed at once
            self.play[to] = []
            if self._recycle:
                self.removed.extend(deck)
                how = "onto the removed pile"
            else:
                self.pool.extend(deck)  # deck_removed: shuffled in at once; any_draw: shuffled before each draw
                how = "into the draw deck"
            events.append(Event("clear", f"Play deck P{to + 1} reaches {value_text(self._maxv)} and is "
                                f"removed {how} (SM-10)", seat, {"deck": to}))
        return events

    def _legal_discard(self, action: Discard) -> bool:
        """SM-8 move 4: a held card onto one of the own discard decks."""
        seat = self.turn_seat
        return 0 <= action.pile < len(self.discards[seat]) and action.card in self.hands[seat]

    def _why_discard(self, action: Discard) -> str:
        seat = self.turn_seat
        if action.card not in self.hands[seat]:
            return f"you do not hold {action.card}; only a hand card may be discarded (SM-8)"
        nd = len(self.discards[seat])
        return f"you have only {nd} discard decks, D1 to D{nd}"

    def _do_discard(self, action: Discard) -> list[Event]:
        seat = self.turn_seat
        self.hands[seat].remove(action.card)
        self.discards[seat][action.pile].append(action.card)
        self.turns += 1
        events = [Event("discard", f"{{seat}} {{seat:discards|discard}} {action.card.pretty} on D{action.pile + 1}",
                        seat, {"card": action.card.text, "cards": [action.card.text], "pile": action.pile})]
        if self.turns >= self.variant.max_turns:  # SM-16
            return events + self._end_game(TIE, f"{self.turns} turns played: the game ends as a tie (SM-16)")
        self.turn_seat = 1 - seat
        return events + self._start_turn()

    # -- chance outcomes ----------------------------------------------------------
    def _sample_deal(self, rng: random.Random) -> Action:
        n = self.variant.stock_count
        order = shuffled(rng, self.variant.stock_eligible())[:2 * n]
        # DECISION (SM-5): one card at a time, seat 0 first; the first card dealt is the bottom card.
        return Deal((tuple(order[0::2]), tuple(order[1::2])))

    def _do_deal(self, action: Deal) -> list[Event]:
        stocks = action.stocks
        n = self.variant.stock_count
        if len(stocks) != 2 or any(len(s) != n for s in stocks):
            raise IllegalAction(f"a deal gives {n} stock cards to each of the 2 players (SM-5)")
        eligible = Counter(self.variant.stock_eligible())
        dealt = Counter(stocks[0]) + Counter(stocks[1])
        bad = dealt - eligible
        if bad:
            raise IllegalAction(f"deal: {cards_text(sorted(bad.elements()))} cannot be dealt to the stocks (SM-5)")
        pool = Counter(self.pool)
        pool.subtract(dealt)
        self.pool = sorted(pool.elements())
        self.stocks = [list(stocks[0]), list(stocks[1])]
        a, b = VALUE[self.stocks[0][-1]], VALUE[self.stocks[1][-1]]
        events = [Event("deal", f"Stock decks dealt: {n} each; {self.stocks[0][-1].pretty} and "
                        f"{self.stocks[1][-1].pretty} turned up; {plural(len(self.pool), 'card', 'cards')} in the "
                        "draw deck", None,
                        {"tops": [self.stocks[0][-1].text, self.stocks[1][-1].text],
                         "cards": [self.stocks[0][-1].text, self.stocks[1][-1].text]})]
        if a == b:  # SM-6: equal values: collect everything and re-deal
            redeals = self.redeals + 1
            self._reset_game()
            self.redeals = redeals
            events.append(Event("redeal", "Both stock cards have the same value: the cards are re-dealt (SM-6)",
                                None))
            return events
        self.turn_seat = 0 if a > b else 1
        events.append(Event("first", "{seat} turned up the higher stock card and {seat:plays|play} first",
                            self.turn_seat))
        return events + self._start_turn()

    def _sample_draw(self, rng: random.Random) -> Action:
        need, pool = self.draw_need, self.pool
        if len(pool) >= need:
            return Draw(tuple(_sample(rng, pool, need)))
        return Draw(tuple(pool) + tuple(_sample(rng, self.removed, need - len(pool))))

    def _do_draw(self, action: Draw) -> list[Event]:
        cards = action.cards
        need = self.draw_need
        if len(cards) != need:
            raise IllegalAction(f"the draw is {need} cards, not {len(cards)} (SM-7)")
        events: list[Event] = []
        want = Counter(cards)
        pool = Counter(self.pool)
        if len(self.pool) >= need:
            if want - pool:
                raise IllegalAction(f"draw: {cards_text(sorted((want - pool).elements()))} is not in the draw deck")
            pool.subtract(want)
            self.pool = sorted(pool.elements(), key=_ORDER)
        else:  # SM-14 draw_empty: the draw deck runs out, the removed pile is shuffled in
            rest = want - pool
            if pool - want or rest - Counter(self.removed) or not self._recycle:
                raise IllegalAction("draw: the draw must take the whole draw deck, then cards of the removed pile")
            removed = Counter(self.removed)
            removed.subtract(rest)
            self.pool = sorted(removed.elements(), key=_ORDER)
            self.removed = []
            events.append(Event("recycle", "The draw deck is empty: the removed pile is shuffled into a new draw "
                                "deck (SM-14)", None, {"count": len(self.pool) + sum(rest.values())}))
        seat = self.turn_seat
        hand = self.hands[seat]
        hand.extend(cards)
        hand.sort(key=_ORDER)
        self.draw_need = 0
        self.phase = _PLAY
        events.insert(0, Event("draw", f"{{seat}} {{seat:draws|draw}} {plural(need, 'card', 'cards')}", seat,
                               {"count": need}))
        return events

    def _start_turn(self) -> list[Event]:
        """SM-7: draw up to the hand size."""
        need = self._hsize - len(self.hands[self.turn_seat])
        if need <= 0:
            self.phase = _PLAY
            return []
        return self._begin_draw(need)

    def _begin_draw(self, need: int) -> list[Event]:
        """SM-14/SM-15: set up a draw of ``need`` cards, or end the game on a shortfall."""
        available = len(self.pool) + (len(self.removed) if self._recycle else 0)
        if available < need:
            if self.variant.shortfall_policy == "tie":
                return self._end_game(TIE, f"{plural(need, 'card', 'cards')} must be drawn but only "
                                           f"{plural(available, 'is', 'are')} left: "
                                           "the game is a tie (SM-15)")
            need = available
            if need == 0:
                if not self.hands[self.turn_seat]:
                    return self._end_game(TIE, "no hand card and nothing to draw: the game is a tie (SM-15)")
                self.phase = _PLAY
                return []
        self.draw_need = need
        self.phase = _DRAW
        return []

    def observation(self, action: Action, seat: int) -> str:
        """SM-5/SM-18: a deal shows both stock tops and sizes only (``deal 20 7H /
        20 3S``); a draw shows its cards to the drawer only, a count to the other
        seat (``draw 2``); moves are public."""
        cls = type(action)
        if cls is Deal:
            return "deal " + " / ".join(f"{len(st)} {st[-1]}" if st else "0" for st in cast(Deal, action).stocks)
        if cls is Draw and seat != self.turn_seat:
            return f"draw {len(cast(Draw, action).cards)}"
        return str(action)

    def _end_game(self, result: int, text: str) -> list[Event]:
        """SM-13/SM-15/SM-16/SM-17: record the result, score it, start the next game or end."""
        self.result = result
        self.reason = text
        pts = [0, 0]
        if result != TIE:
            pts[result] = len(self.stocks[1 - result])  # SM-17
        for i in range(2):
            self.totals[i] += pts[i]
        self.game_points.append(pts)
        events = [Event("win" if result != TIE else "tie", text, None if result == TIE else result,
                        {"result": result}),
                  Event("hand_over", f"Game {self.game_no + 1} over", None,
                        {"hand": self.game_no, "scores": [float(x) for x in pts],
                         "totals": [float(x) for x in self.totals],
                         # SM-17: the winner scores the cards left in the loser's stock
                         "winner": None if result == TIE else result,
                         "stock_left": [len(st) for st in self.stocks], "reason": text})]
        target = self.variant.match_to
        if target is None or match_over(self.game_no + 1, self.totals, None, target) \
                or self._tied_in_a_row() >= self.variant.max_tied_games:  # SM-17a
            self.phase = _OVER
            w = self.winners()
            events.append(Event("match_over", agree(len(w), "Winner: ", "Winners: ")
                                + ", ".join(f"{{s{i}:^}}" if k == 0 else f"{{s{i}}}" for k, i in enumerate(w)), None,
                                {"winners": w, "totals": [float(x) for x in self.totals]}))
            return events
        self.game_no += 1
        self._reset_game()
        return events

    def _tied_in_a_row(self) -> int:
        """SM-17a: the number of games at the end of ``game_points`` that scored nothing
        (ties: a won game scores at least the one card left in the other stock)."""
        n = 0
        for pts in reversed(self.game_points):
            if any(pts):
                break
            n += 1
        return n

    # -- results ---------------------------------------------------------------
    def scores(self) -> list[float]:
        """SM-17: match points per seat (the winner of a game scores the cards left
        in the other stock deck; a tie scores nothing)."""
        return [float(x) for x in self.totals]

    def winners(self) -> list[int]:
        """SM-13/SM-15: the winner of a single game (both seats on a tie); with
        ``match_to``, the seat(s) with the highest total (SM-17). Empty while running."""
        if self.phase is not _OVER:
            return []
        if self.variant.match_to is None:
            return [0, 1] if self.result == TIE else [cast(int, self.result)]  # set when the game ended
        return match_winners(self.totals)

    # -- information -------------------------------------------------------------
    def view(self, seat: int) -> "SpiteMaliceView":
        """SM-18 (amended): hands, the order of the draw deck and the stock cards
        below the top are hidden; the removed pile's order is hidden but its
        contents are known (every card in it was seen on a play deck); the stock
        tops, play decks and discard decks are public."""
        return SpiteMaliceView(
            seat=seat, variant=self.variant, phase=self.phase, to_move=self.to_move,
            turn=self.turn_seat, game_no=self.game_no, hand=tuple(self.hands[seat]),
            hand_sizes=(len(self.hands[0]), len(self.hands[1])),
            stock_tops=tuple(s[-1] if s else None for s in self.stocks),
            stock_counts=(len(self.stocks[0]), len(self.stocks[1])),
            play=tuple(tuple(p) for p in self.play),
            discards=tuple(tuple(tuple(d) for d in ds) for ds in self.discards),
            pool_count=len(self.pool), removed_count=len(self.removed), draw_need=self.draw_need,
            turns=self.turns, redeals=self.redeals, result=self.result, reason=self.reason,
            totals=tuple(self.totals), game_points=tuple(tuple(g) for g in self.game_points),
            is_over=self.phase is _OVER,
            removed=tuple(sorted(self.removed, key=_ORDER)))

    def zones(self) -> dict[str, list[Card]]:
        """Every card by zone (card conservation, ``State.zones``): the draw deck
        (pool), the removed pile, the play decks, and each seat's hand, stock and
        discard decks."""
        out = {"pool": self.pool[:], "removed": self.removed[:]}
        for i, p in enumerate(self.play):
            out[f"play {i}"] = p[:]
        for s in range(2):
            out[f"hand {s}"] = self.hands[s][:]
            out[f"stock {s}"] = self.stocks[s][:]
            for j, d in enumerate(self.discards[s]):
                out[f"discard {s}.{j}"] = d[:]
        return out

    VERBS = (
        move(PlayHand, Phase.PLAY, _do_play_hand, _legal_play_hand, _why_play),
        move(PlayStock, Phase.PLAY, _do_play_stock, _legal_play_stock, _why_play),
        move(PlayDiscard, Phase.PLAY, _do_play_discard, _legal_play_discard, _why_play),
        move(Discard, Phase.PLAY, _do_discard, _legal_discard, _why_discard),
        chance(Deal, Phase.DEAL, _do_deal, _sample_deal),
        chance(Draw, Phase.DRAW, _do_draw, _sample_draw),
    )


def _sample(rng: random.Random, items: list[Card], k: int) -> list[Card]:
    """``k`` of ``items`` chosen uniformly without replacement (``rng.random()`` only)."""
    n = len(items)
    if k * 3 <= n:
        picked: set[int] = set()
        while len(picked) < k:
            picked.add(rand_below(rng, n))
        return [items[i] for i in sorted(picked)]
    return shuffled(rng, items)[:k]


SpiteMaliceView.state_class = SpiteMaliceState
