"""Noms bots: the ``easy`` heuristic (rules NO-1 to NO-22, NO-V1 to NO-V4).

:class:`NomsEasyBot` reads only its seat's :class:`engine.games.noms.game.NomsView`.

* **Bidding** (NO-7, NO-8): for every trump suit and No Trump it estimates its
  own tricks from high cards (an honour counts less when higher cards are out
  and it lacks the guards), long suits and trump length with short side suits;
  the side's tricks add the hidden partner's expected share of the rest plus
  the called card (NO-12). It bids the lowest legal level the estimate covers,
  Mis / Mis a Vis (NO-13) on hands with no dangerous high cards, and passes
  otherwise. The forced dealer (NO-V2) bids the lowest level.
* **Announcements** (NO-10): the trump suit with the best estimate, and the
  highest missing trump honour, else the highest missing ace (in its longest
  side suit), as the called card.
* **Play** (NO-15): leads a master card (the highest card still out), the
  declaring side draws trumps with master trumps, the declarer looks for the
  partner by leading the called suit; otherwise leads low from its longest side
  suit. Second hand low, third hand high, fourth hand wins as cheaply as it can,
  does not beat a partner's winning card, ruffs with the lowest trump that wins
  and otherwise discards its lowest card from its shortest side suit.
* **Mis**: the declarer plays the highest card that still loses and throws
  its highest cards when void; the opponents duck under the declarer.
* **Mis a Vis** (NO-14): once the declarer's hand is face up, the opponents
  use it: they lead a card below the declarer's lowest card of a suit, stay
  under it while the trick can still force the declarer, and discard the
  cards that cannot get under any of its cards first.
* **Partner inference** (NO-12): a seat that fails to follow the called card's
  suit does not hold it; when a single seat is left, the bot knows the partner.
"""

from __future__ import annotations

import random
from typing import Sequence, cast

from engine.ai.base import HeuristicBot
from engine.cards import Card, standard_deck
from engine.core import Action, View
from engine.games.noms.game import (MIS, MISAVIS, N_SEATS, Bid, Call, NomsView, Pass, Play, Trump, bid_rank,
                               is_numeric, trick_winner)

_FULL_DECK = standard_deck()


def suit_estimate(cards: list[Card], outside_higher) -> float:
    """Expected tricks of one suit's ``cards`` (high to low) from high cards and
    length; ``outside_higher(card)`` counts higher cards of the suit not held."""
    length = len(cards)
    est = 0.0
    for idx, c in enumerate(cards):
        m = outside_higher(c)
        if m == 0:
            est += 1.0
        elif length >= m + 1 + idx:
            est += 0.5 ** m
    return est


class NomsEasyBot(HeuristicBot):
    """Level ``easy``: the heuristics of the module docstring.

    ``choose(view, legal, rng)`` returns one element of ``legal``; ties are
    broken with ``rng.random()`` so the bot is deterministic for a seeded rng.
    The thresholds are attributes so tuning runs can vary them.
    """

    partner_share = 0.35   # share of the tricks we cannot take that a random partner takes
    call_bonus = 0.6       # the called card's own trick
    mis_danger_max = 0.5   # largest danger score for a Mis bid

    def decide(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        """The heuristic's pick among two or more legal actions (see the class docstring)."""
        view = cast(NomsView, view)  # a Noms bot is only given a Noms view
        first = legal[0]
        if isinstance(first, (Bid, Pass)):
            return self._bid(view, legal)
        if isinstance(first, Trump):
            return self._trump(view, legal)
        if isinstance(first, Call):
            return self._call(view, legal)
        return self._play(view, legal, rng)

    def decide_with_reason(self, view: View, legal: Sequence[Action], rng: random.Random) -> tuple[Action, str]:
        """:meth:`decide`'s move and the rule of thumb behind it: the trick
        estimate for a call, trump or called card; the card-play rule for a card."""
        view = cast(NomsView, view)
        first = legal[0]
        if isinstance(first, Play):
            action, why = self._play_with_reason(view, legal)
            return action, why.format(card=cast(Play, action).card.pretty)
        action = self.decide(view, legal, rng)
        if isinstance(first, (Bid, Pass)):
            return action, self._bid_reason(view, action)
        if isinstance(first, Trump):
            trump, est = self.best_trump(view.hand)
            return action, f"the best estimate with a partner: about {est:.1f} tricks"
        card = cast(Call, action).card
        if view.trump is not None and card.suit == view.trump and card.rank >= 12:
            return action, f"calls {card.pretty}, the highest trump honour you lack: your partner holds it"
        if card.rank == 14:
            return action, f"calls {card.pretty}, an ace you lack: your partner holds a sure trick"
        return action, f"calls {card.pretty}, the highest card you lack"

    def _bid_reason(self, view: NomsView, action: Action) -> str:
        """Why :meth:`_bid` made the call ``action`` (NO-7, NO-8)."""
        _, side = self.best_trump(view.hand)
        if isinstance(action, Pass):
            if any(is_numeric(lv) for lv in self.bid_wants(view.hand, view.variant)) and view.high:
                high = view.high if is_numeric(view.high) else "Mis" if view.high == MIS else "Mis a Vis"
                return f"your side would make about {side:.1f} tricks: not enough to bid over {high}"
            return f"your side would make about {side:.1f} tricks: too few for {view.variant.min_bid}"
        level = cast(Bid, action).level
        if level == MIS:
            return "no high card that must win a trick: Mis"
        if level == MISAVIS:
            return "nothing above a 9: safe even with your hand face up"
        if level not in self.bid_wants(view.hand, view.variant):
            return "the dealer may not pass: the lowest bid"
        return f"your hand, a partner and the called card make about {side:.1f} tricks"

    # -- evaluation ----------------------------------------------------------
    @staticmethod
    def _by_suit(cards) -> list[list[Card]]:
        out: list[list[Card]] = [[], [], [], []]
        for c in sorted(cards, key=_neg_rank):
            out[c.suit].append(c)
        return out

    def own_tricks(self, hand, trump: int | None) -> float:
        """Estimated tricks of ``hand`` alone with ``trump`` (None: No Trump)."""
        suits = self._by_suit(hand)
        held = [0, 0, 0, 0]  # per suit, bit r set: rank r held
        for c in hand:
            held[c.suit] |= 1 << c.rank

        def outside_higher(c: Card) -> int:
            return _ABOVE_COUNT[c.rank] - (held[c.suit] & _ABOVE[c.rank]).bit_count()  # type: ignore[index]  # natural cards only

        est = 0.0
        for s in range(4):
            cs = suits[s]
            est += suit_estimate(cs, outside_higher)
            if trump is None:
                if len(cs) >= 5 and cs and cs[0].rank >= 12:
                    est += 0.5 * (len(cs) - 4)
            elif s == trump:
                est += 0.9 * max(0, len(cs) - 3)
        if trump is not None:
            spare = max(0, len(suits[trump]) - 3)
            for s in range(4):
                if s != trump and spare > 0:
                    if not suits[s]:
                        est += min(spare, 2) * 0.7
                        spare -= 2
                    elif len(suits[s]) == 1:
                        est += 0.4
                        spare -= 1
        return est

    def side_tricks(self, hand, trump: int | None) -> float:
        """NO-12: own tricks plus the hidden partner's expected share."""
        own = self.own_tricks(hand, trump)
        return own + max(0.0, 13 - own) * self.partner_share + self.call_bonus

    def best_trump(self, hand) -> tuple[int | None, float]:
        """The trump choice (suit or None) with the best side estimate."""
        best: tuple[int | None, float] = (None, self.side_tricks(hand, None))
        for s in range(4):
            e = self.side_tricks(hand, s)
            if e > best[1] + 1e-9:
                best = (s, e)
        return best

    @staticmethod
    def mis_danger(hand) -> float:
        """NO-13: how likely a Mis hand is to be forced to win a trick: high cards
        count, less when the suit holds low cards to duck with."""
        suits = NomsEasyBot._by_suit(hand)
        danger = 0.0
        for cs in suits:
            low = sorted(cs, key=lambda c: c.rank)
            for i, c in enumerate(low):
                d = (c.rank - 6) - 1.5 * i
                if d > 0:
                    danger += d / 4
        return danger

    # -- auction -------------------------------------------------------------
    def _bid(self, view: NomsView, legal: Sequence[Action]) -> Action:
        return self.call_for(self.bid_wants(view.hand, view.variant), legal, view.variant)

    def bid_wants(self, hand, var) -> list[int]:
        """NO-7: the bid levels this hand would undertake (numeric levels its side
        estimate covers, Mis, Mis a Vis); the auction picks the lowest legal one."""
        _, side = self.best_trump(hand)
        want: list[int] = [lv for lv in range(var.min_bid, 14) if lv <= side - (0.7 if lv >= 12 else 0.0)]
        danger = self.mis_danger(hand)
        top = max(c.rank for c in hand)
        if danger <= self.mis_danger_max and top <= 12:
            want.append(MIS)
        if danger <= 0.0 and top <= 9:
            want.append(MISAVIS)
        return want

    @staticmethod
    def call_for(want: list[int], legal: Sequence[Action], var) -> Action:
        """NO-8: the lowest legal bid among ``want``, else a pass, else (NO-V2
        forced dealer) the lowest legal bid."""
        bids = [a for a in legal if isinstance(a, Bid)]
        ok = [a for a in bids if a.level in want]
        if ok:
            return min(ok, key=lambda a: bid_rank(a.level, var))
        if any(isinstance(a, Pass) for a in legal):
            return next(a for a in legal if isinstance(a, Pass))
        return min(bids, key=lambda a: bid_rank(a.level, var))  # NO-V2 forced dealer

    # -- announcements -------------------------------------------------------
    def _trump(self, view: NomsView, legal: Sequence[Action]) -> Action:
        suit, _ = self.best_trump(view.hand)
        return next((a for a in cast("Sequence[Trump]", legal) if a.suit == suit), legal[0])

    def _call(self, view: NomsView, legal: Sequence[Action]) -> Action:
        best = self.call_card(view.hand, view.trump)
        if best is None:  # we hold every card of a suit... call our own (plays alone)
            return legal[0]
        return next(a for a in cast("Sequence[Call]", legal) if a.card is best)

    def call_card(self, hand: Sequence[Card], trump: int | None) -> Card | None:
        """NO-10: the card the declarer holding ``hand`` calls with ``trump`` (a suit
        or None for no trump): the highest trump honour (Q, K, A) it lacks, else the
        ace it lacks of its longest suit, else the highest card it lacks; None if
        it lacks no card (then :meth:`decide` calls the first legal card)."""
        held = set(hand)
        suits = self._by_suit(hand)
        best, best_key = None, None
        for c in _FULL_DECK:
            if c in held:
                continue
            if trump is not None and c.suit == trump:
                key = (2, c.rank) if c.rank >= 12 else (0, c.rank)
            elif c.rank == 14:
                key = (1, len(suits[c.suit]))  # type: ignore[index]  # Noms cards are natural: suit is set
            else:
                key = (0, c.rank)
            if best_key is None or key > best_key:
                best, best_key = c, key
        return best

    # -- play ----------------------------------------------------------------
    # Each card-choosing helper returns ``(card, why)``: ``why`` is a constant template
    # ("{card}" stands for the card) naming the rule of thumb, formatted only for a hint.
    def _play(self, view: NomsView, legal: Sequence[Action], rng: random.Random) -> Action:
        return self._play_with_reason(view, legal)[0]

    def _play_with_reason(self, view: NomsView, legal: Sequence[Action]) -> tuple[Action, str]:
        plays = cast("Sequence[Play]", legal)  # every legal action is a Play in the play phase
        cards = [a.card for a in plays]
        ctx = _Ctx(view)
        if not is_numeric(view.contract):
            card, why = self._play_mis(ctx, cards)
        elif not view.trick:
            card, why = self._lead(ctx, cards)
        else:
            card, why = self._follow(ctx, cards)
        return next(a for a in plays if a.card is card), why

    def _lead(self, ctx: "_Ctx", cards: list[Card]) -> tuple[Card, str]:
        """A lead: a sure winner (drawing trumps first on the declaring side), the called
        card's suit to find a partner, else low from the longest side suit."""
        v = ctx.view
        trump = v.trump
        sure = self._lead_winner(ctx, cards)
        if sure is not None:
            return sure
        if v.seat == v.declarer and v.partner is None and v.called is not None:
            called_suit = [c for c in cards if c.suit == v.called.suit]
            if called_suit:
                return min(called_suit, key=lambda c: c.rank), "leads the called card's suit to find your partner"
        side = [c for c in cards if c.suit != trump] or cards
        by = self._by_suit(side)
        longest = max((s for s in by if s), key=len)
        return longest[-1], "leads low from your longest suit, keeping its high cards"

    @staticmethod
    def _lead_winner(ctx: "_Ctx", cards: list[Card]) -> tuple[Card, str] | None:
        """The highest master trump while trumps are out (declaring side), else the
        highest master side card; None without one."""
        v = ctx.view
        trump = v.trump
        masters = [c for c in cards if ctx.is_master(c)]
        if ctx.declaring_side(v.seat) and trump is not None:
            mt = [c for c in masters if c.suit == trump]
            if mt and ctx.trumps_out() > 0:
                return max(mt, key=lambda c: c.rank), "draws trumps with {card}, the highest trump left"
        side_masters = [c for c in masters if c.suit != trump]
        if side_masters:
            return max(side_masters, key=lambda c: c.rank), "leads {card}, the highest card left in its suit"
        return None

    def _follow(self, ctx: "_Ctx", cards: list[Card]) -> tuple[Card, str]:
        """A card to a trick already led: low when the own side wins it, else win it
        in the suit led (:meth:`_follow_suit`) or by trumping, else a discard."""
        v = ctx.view
        trump = v.trump
        led = v.trick[0].suit
        w = trick_winner(v.trick, v.leader, trump)
        wcard = v.trick[(w - v.leader) % N_SEATS]
        ally_wins = ctx.team(w) > 0
        beats = [c for c in cards if _beats(c, wcard, led, trump)]
        if ally_wins and (len(v.trick) == 3 or ctx.is_master(wcard)):
            if cards[0].suit != led:
                return self._discard(ctx, cards)
            return min(cards, key=lambda c: (c.suit == trump, c.rank)), "your side already wins the trick: plays low"
        if cards[0].suit == led:
            return self._follow_suit(ctx, cards, beats)
        ruffs = [c for c in beats if trump is not None and c.suit == trump]
        if ruffs and not ally_wins:
            return min(ruffs, key=lambda c: c.rank), "out of the suit led: trumps with the lowest trump that wins"
        return self._discard(ctx, cards)

    @staticmethod
    def _follow_suit(ctx: "_Ctx", cards: list[Card], beats: list[Card]) -> tuple[Card, str]:
        """Following suit against the other side's winning card (``beats``: the cards
        that would win): the cheapest win last, second hand low and third hand high,
        each unless a sure winner is held."""
        pos = len(ctx.view.trick)  # 1: second hand, 2: third, 3: last
        if not beats:
            return min(cards, key=lambda c: c.rank), "cannot beat the winning card: follows with the lowest"
        if pos == 3:
            return min(beats, key=lambda c: c.rank), "last to play: wins the trick as cheaply as possible"
        m = [c for c in beats if ctx.is_master(c)]
        if m:
            return min(m, key=lambda c: c.rank), "{card} is the highest left in the suit: a sure trick"
        if pos == 1:  # second hand low, unless a sure winner
            return min(cards, key=lambda c: c.rank), "second hand low: keeps your high cards for later"
        return max(beats, key=lambda c: c.rank), "third hand high: makes the last player pay to win"

    def _discard(self, ctx: "_Ctx", cards: list[Card]) -> tuple[Card, str]:
        """Out of the suit led and not winning: the lowest card of the shortest side
        suit that is not a master; else the lowest trump that is not a master (a
        master side card, such as an ace, is a trick to come: it is kept); else the
        lowest card of the shortest suit."""
        trump = ctx.view.trump
        side = [c for c in cards if c.suit != trump and not ctx.is_master(c)]
        if side:
            shortest = min((s for s in self._by_suit(side) if s), key=len)
            return shortest[-1], "cannot win this trick: discards low from your shortest side suit"
        low_trumps = [c for c in cards if c.suit == trump and not ctx.is_master(c)]
        if low_trumps:
            return (min(low_trumps, key=lambda c: c.rank),
                    "cannot win this trick: throws a low trump and keeps your sure winners")
        side = [c for c in cards if c.suit != trump] or cards
        shortest = min((s for s in self._by_suit(side) if s), key=len)
        return shortest[-1], "cannot win this trick: every card left is a winner, gives up the cheapest"

    def _play_mis(self, ctx: "_Ctx", cards: list[Card]) -> tuple[Card, str]:
        """Mis and Mis a Vis (NO-20): the declarer avoids tricks, the opponents push
        one on it."""
        v = ctx.view
        decl = v.declarer
        if v.exposed and v.seat != decl:
            return self._defend_exposed(v, cards)
        if not v.trick:
            if v.seat == decl:  # lead the card with most unseen cards above it
                return (max(cards, key=lambda c: (ctx.unseen_above(c), -c.rank)),
                        "Mis: leads the card with the most higher cards still out")
            # opponents lead low in a suit the declarer still holds
            ok = [c for c in cards if c.suit not in ctx.voids[decl]] or cards
            return min(ok, key=lambda c: c.rank), "against Mis: leads low in a suit the declarer still holds"
        w = trick_winner(v.trick, v.leader, None)
        wcard = v.trick[(w - v.leader) % N_SEATS]
        following = cards[0].suit == v.trick[0].suit
        if v.seat == decl:
            return _mis_declarer_follows(v, cards, wcard, following)
        return _mis_opponent_follows(v, cards, w, wcard, following)

    @staticmethod
    def _defend_exposed(v: NomsView, cards: list[Card]) -> tuple[Card, str]:
        """NO-14: an opponent of Mis a Vis, seeing the declarer's remaining
        cards (``v.exposed``), tries to force the declarer to win a trick (NO-20).

        * Lead: the highest card below the declarer's lowest card of a suit it
          holds (it must then win the trick), in the suit whose lowest card is
          highest (the other opponents can most easily stay under it); with no
          such card, the lowest card of a suit the declarer holds.
        * Before the declarer plays: stay below its lowest card of the suit led
          while the trick can still force it (highest such card); when it can
          duck anyway, stay under the card winning the trick (so the declarer
          sheds no higher card), else follow with the lowest card.
        * After the declarer plays: under its winning card if possible (the
          highest such), else shed the highest card.
        * Discards: first the cards that cannot get under any of the
          declarer's cards, highest first.
        """
        dmin, dmax = _suit_bounds(v.exposed)
        if not v.trick:
            return _lead_against_exposed(cards, dmin)
        led = v.trick[0].suit
        if cards[0].suit != led:
            useless = [c for c in cards if c.suit not in dmax or c.rank > dmax[c.suit]]
            return (max(useless or cards, key=lambda c: (c.rank, c.suit)),
                    "against Mis a Vis: throws a card that can never get under the declarer's")
        w = trick_winner(v.trick, v.leader, None)
        wcard = v.trick[(w - v.leader) % N_SEATS]
        if (v.declarer - v.leader) % N_SEATS < len(v.trick):  # the declarer has played
            if w == v.declarer:
                under = [c for c in cards if c.rank < wcard.rank]
                if under:
                    return max(under, key=lambda c: c.rank), "against Mis a Vis: stays under the declarer's card"
                return min(cards, key=lambda c: c.rank), "against Mis a Vis: cannot stay under, plays lowest"
            return max(cards, key=lambda c: c.rank), "against Mis a Vis: the declarer ducked, sheds a high card"
        if led not in dmin:  # the declarer will discard: this trick cannot force it
            return max(cards, key=lambda c: c.rank), "against Mis a Vis: this trick cannot force it, sheds high"
        # while the declarer cannot duck yet, stay under its lowest card; once it can,
        # do not give it a higher card to duck under
        limit = dmin[led] if wcard.rank < dmin[led] else wcard.rank
        under = [c for c in cards if c.rank < limit]
        if under:
            return max(under, key=lambda c: c.rank), "against Mis a Vis: stays low so the declarer must win it"
        return min(cards, key=lambda c: c.rank), "against Mis a Vis: follows with your lowest"


def _mis_declarer_follows(v: NomsView, cards: list[Card], wcard: Card, following: bool) -> tuple[Card, str]:
    """The Mis declarer on a trick led: under the winning card if it can, else rid of
    the most dangerous card."""
    if not following:
        return max(cards, key=lambda c: c.rank), "Mis: cannot follow, throws away your most dangerous card"
    under = [c for c in cards if c.rank < wcard.rank]
    if under:
        return max(under, key=lambda c: c.rank), "Mis: the highest card that still loses the trick"
    if len(v.trick) == 3:
        return max(cards, key=lambda c: c.rank), "Mis: the trick is lost anyway, sheds your highest"
    return min(cards, key=lambda c: c.rank), "Mis: plays your lowest and hopes someone goes over it"


def _mis_opponent_follows(v: NomsView, cards: list[Card], w: int, wcard: Card,
                          following: bool) -> tuple[Card, str]:
    """An opponent of Mis on a trick led (``w`` wins it with ``wcard`` so far): let the
    declarer win it."""
    if (v.declarer - v.leader) % N_SEATS < len(v.trick):  # the declarer has played
        if w == v.declarer:
            under = [c for c in cards if not following or c.rank < wcard.rank]
            if under:
                return max(under, key=lambda c: c.rank), "against Mis: stays under the declarer, who wins it"
            return min(cards, key=lambda c: c.rank), "against Mis: cannot stay under, plays lowest"
        return max(cards, key=lambda c: c.rank), "against Mis: the declarer is safe here, sheds a high card"
    if following:
        return min(cards, key=lambda c: c.rank), "against Mis: ducks low so the declarer may have to win"
    return max(cards, key=lambda c: c.rank), "against Mis: cannot follow, sheds your highest card"


def _suit_bounds(exposed: Sequence[Card]) -> tuple[dict[int | None, int], dict[int | None, int]]:
    """The lowest and the highest rank of each suit in ``exposed``."""
    dmin: dict[int | None, int] = {}
    dmax: dict[int | None, int] = {}
    for c in exposed:
        su = c.suit
        if su not in dmin or c.rank < dmin[su]:
            dmin[su] = c.rank
        if su not in dmax or c.rank > dmax[su]:
            dmax[su] = c.rank
    return dmin, dmax


def _lead_against_exposed(cards: list[Card], dmin: dict[int | None, int]) -> tuple[Card, str]:
    """NO-14 lead against Mis a Vis: the highest card under the declarer's lowest of a
    suit it holds, in the suit whose lowest card is highest; else low in a suit it holds."""
    forcing = [c for c in cards if c.suit in dmin and c.rank < dmin[c.suit]]
    if forcing:
        best_suit = max({c.suit for c in forcing}, key=lambda su: (dmin[su], su))
        return (max((c for c in forcing if c.suit == best_suit), key=lambda c: c.rank),
                "against Mis a Vis: leads under the declarer's lowest card of the suit, forcing it")
    held = [c for c in cards if c.suit in dmin] or cards
    return min(held, key=lambda c: (c.rank, c.suit)), "against Mis a Vis: leads low in a suit it holds"


def _beats(c: Card, best: Card, led: int | None, trump: int | None) -> bool:
    """NO-15: whether card ``c`` would take the lead from ``best``."""
    if trump is not None and c.suit == trump:
        return best.suit != trump or c.rank > best.rank
    if trump is not None and best.suit == trump:
        return False
    return c.suit == led and c.rank > best.rank


class _Ctx:
    """What the bot works out once per card from the view: played and unseen
    cards (as per-suit rank bitmasks), voids (worked out on first use), and who
    is on its side (NO-12 inference)."""

    __slots__ = ("view", "gone_bits", "_voids", "allies", "enemies")

    def __init__(self, view: NomsView) -> None:
        self.view = view
        bit = _BIT.__getitem__
        gone = sum(map(bit, view.hand)) + sum(map(bit, view.trick))  # distinct cards: + is |
        for _, cards, _ in view.tricks:
            gone += sum(map(bit, cards))
        self.gone_bits = gone  # bit card.order set: played this hand or held by us
        self._voids: list[set[int]] | None = None
        self.allies, self.enemies = self._sides()

    @property
    def gone(self) -> set[Card]:
        """Cards played this hand or held by the seat."""
        return {c for c in _FULL_DECK if self.gone_bits & _BIT[c]}

    @property
    def voids(self) -> list[set[int]]:
        """Suits each seat has shown it lacks (NO-15)."""
        if self._voids is None:
            self._voids = self.view.voids()
        return self._voids

    def _holder_candidates(self, me: int, suit: int | None) -> list[int]:
        """Seats other than ``me`` that have not shown out of ``suit`` (NO-15)."""
        v = self.view
        out = [True] * N_SEATS
        out[me] = False
        seq = [(lead, cs) for lead, cs, _ in v.tricks]
        if v.trick:
            seq.append((v.leader, v.trick))
        for lead, cards in seq:
            if cards[0].suit != suit:
                continue
            for i in range(1, len(cards)):
                if cards[i].suit != suit:
                    out[(lead + i) % N_SEATS] = False
        return [s for s in range(N_SEATS) if out[s]]

    def _sides(self) -> tuple[set[int], set[int]]:
        v = self.view
        me, decl = v.seat, v.declarer
        others = {s for s in range(N_SEATS) if s != me}
        if not is_numeric(v.contract):
            return (set(), others) if me == decl else (others - {decl}, {decl})
        holder = v.partner
        if holder is None and v.called is not None:
            # NO-12 inference: who may still hold the called card
            cands = self._holder_candidates(me, v.called.suit)
            if len(cands) == 1:
                holder = cands[0]
        if me == decl:
            if holder is None or holder == me:
                return (set(), others if holder == me else set())
            return {holder}, others - {holder}
        if holder == me:
            return {decl}, others - {decl}
        if holder is None:
            return set(), {decl}
        side = {decl, holder}
        return others - side, side

    def team(self, seat: int) -> int:
        """+1 ally, -1 opponent, 0 unknown (or itself: +1)."""
        if seat == self.view.seat or seat in self.allies:
            return 1
        return -1 if seat in self.enemies else 0

    def declaring_side(self, seat: int) -> bool:
        v = self.view
        return seat == v.declarer or (v.partner == seat and seat != v.declarer)

    def is_master(self, c: Card) -> bool:
        """True when every higher card of the suit is played or held by us."""
        a = _ABOVE_BITS[c]
        return self.gone_bits & a == a

    def unseen_above(self, c: Card) -> int:
        """Higher cards of ``c``'s suit neither played nor held by us."""
        a = _ABOVE_BITS[c]
        return a.bit_count() - (self.gone_bits & a).bit_count()

    def trumps_out(self) -> int:
        """Trumps neither played nor held by us."""
        return 13 - (self.gone_bits & _SUIT_BITS[cast(int, self.view.trump)]).bit_count()  # called with a trump suit


#: Per card, the bit ``1 << card.order``; the bits of the higher cards of its suit; per suit, its 13 bits.
_BIT = {c: 1 << c.order for c in _FULL_DECK}
_ABOVE_BITS = {c: sum(1 << d.order for d in _FULL_DECK if d.suit == c.suit and d.rank > c.rank) for c in _FULL_DECK}
_SUIT_BITS = [sum(1 << d.order for d in _FULL_DECK if d.suit == s) for s in range(4)]
#: Bit masks of the ranks above rank r (r + 1 .. 14), and their counts.
_ABOVE = [sum(1 << k for k in range(r + 1, 15)) for r in range(15)]
_ABOVE_COUNT = [max(0, 14 - r) for r in range(15)]


def _neg_rank(c: Card) -> int:
    return -c.rank

