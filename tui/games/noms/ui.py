"""Noms-specific presentation for the table screen and the replay: bid names
and keys, the contract line, tricks per side, prompts, hints and the replay
renderer. Text only: every rule comes from the engine (legal actions, the
view's fields, rules NO-1..NO-22 in ``rules/noms.md``); this module only
words them for a player.
"""

from __future__ import annotations

from typing import Sequence


from engine.cards import Card, CardParseError, Suit, parse_card
from engine.games.noms import SPEC
from engine.core import Action
from engine.grammar import render
from engine.games.noms.game import (MIS, MISAVIS, Bid, Call, NomsView, Pass, Phase, Play, Trump, bid_name,
                               is_numeric)
from tui.widgets.narration import notation_words

#: Keys of the auction (NO-7, NO-V2): key -> bid level. ``0`` is 10, ``1`` 11, ``2`` 12, ``3`` 13.
BID_KEYS: dict[str, int] = {"7": 7, "8": 8, "9": 9, "0": 10, "1": 11, "2": 12, "3": 13, "m": MIS, "v": MISAVIS}
#: The key of each bid level, the inverse of :data:`BID_KEYS`.
KEY_FOR_BID: dict[int, str] = {v: k for k, v in BID_KEYS.items()}
#: The key that passes in the auction (NO-8).
PASS_KEY = "p"
#: Keys of the trump announcement (NO-10a): key -> suit (None: No Trump). The suits are
#: numbered in their order clubs < diamonds < hearts < spades; letters are not used, so that
#: ``h`` is the hint on every step (issue 22) and ``s`` the summary.
TRUMP_KEYS: dict[str, int | None] = {"1": int(Suit.CLUBS), "2": int(Suit.DIAMONDS), "3": int(Suit.HEARTS),
                                     "4": int(Suit.SPADES), "n": None}
#: The key of each trump choice, the inverse of :data:`TRUMP_KEYS`.
KEY_FOR_TRUMP: dict[int | None, str] = {v: k for k, v in TRUMP_KEYS.items()}
#: Value keys (rank 2..14; ``0`` is the ten): in play, the cursor goes to a card of that value
#: (again: the next one), and Enter plays it.
RANK_KEYS: dict[str, int] = {**{str(v): v for v in range(2, 10)}, "0": 10, "j": 11, "q": 12, "k": 13, "a": 14}
#: Suits in the order a hand is laid out: spades, hearts, clubs, diamonds (colours alternate).
DISPLAY_SUITS: tuple[int, ...] = (int(Suit.SPADES), int(Suit.HEARTS), int(Suit.CLUBS), int(Suit.DIAMONDS))
#: Event kinds the Noms log writes in bold (contract, partner revealed, exposure, result).
STRONG_EVENT_KINDS = frozenset({"contract", "partner", "expose", "result", "all_pass"})
HAND_WORD = SPEC.hand_word  # the engine's word ("Round 3 over", "round 3 of 7" in recent games)

KEY_HELP = """\
Auction (NO-8): 0=10 1=11 2=12 3=13 (7 8 9 with the minimum-7 rules) · m Mis · v Mis a Vis · p pass
Trumps (NO-10a): 1 clubs 2 diamonds 3 hearts 4 spades, n no trump · Called card (NO-10b): type it (AS, 10H) + Enter
Play (NO-15): ←/→ or a value key (2-9, 0 the ten, j q k a: again for the next) and Enter, or click a card
t last trick · z undo (against bots) · h hint · l last events · ? rules"""


def bid_label(level: int) -> str:
    """A bid level as players say it: ``10``, ``Mis``, ``Mis a Vis`` (NO-7)."""
    return bid_name(level)


def bid_key(level: int) -> str:
    """The key that makes bid ``level`` (``0`` for 10, ``m`` for Mis...)."""
    return KEY_FOR_BID[level]


def suit_text(suit: int | None, ascii_only: bool = False) -> str:
    """A suit as a word with its symbol: ``hearts ♥`` (``hearts`` in ASCII); None is ``no trump``."""
    if suit is None:
        return "no trump"
    s = Suit(suit)
    word = s.name.lower()
    return word if ascii_only else f"{word} {s.symbol}"


def card_label(card: Card, ascii_only: bool = False) -> str:
    """A card as a player reads it: ``10♥`` (``10H`` in ASCII)."""
    return card.text if ascii_only else card.pretty


def legal_bids(legal: Sequence[Action]) -> list[int]:
    """The bid levels among ``legal``, lowest first in the engine's order."""
    return [a.level for a in legal if isinstance(a, Bid)]


def display_order(cards: Sequence[Card], trump: int | None = None) -> list[Card]:
    """A hand laid out for the table: by suit (spades, hearts, clubs, diamonds,
    so colours alternate), each suit from the ace down."""
    order = {s: i for i, s in enumerate(DISPLAY_SUITS)}
    return sorted(cards, key=lambda c: (order.get(-1 if c.suit is None else int(c.suit), 9), -c.rank))


def parse_called_card(text: str, trump: int | None) -> Card:
    """The called card typed by the declarer (NO-10b): ``AS``, ``10h``, ``Q♦``.
    A bare rank (``A``) is of the trump suit (the NO-11 shortcut).

    Raises:
        ValueError: one sentence when ``text`` is not a card, or is a bare rank
            under No Trump (NO-11).
    """
    t = text.strip().upper()
    if not t:
        raise ValueError("type a card such as AS or 10H, or click one")
    if t in ("A", "K", "Q", "J", "T") or (t.isdigit() and 2 <= int(t) <= 10):
        if trump is None:
            raise ValueError("under No Trump the called card needs its suit, e.g. AS (NO-11)")
        t = t + Suit(trump).letter
    try:
        card = parse_card(t)
    except CardParseError as err:
        raise ValueError(str(err)) from None
    if card.is_joker:
        raise ValueError("Noms has no jokers: call one of the 52 cards (NO-1)")
    return card


def declarer_side(view: NomsView) -> set[int]:
    """The declarer's side as far as ``view``'s seat knows: the declarer, plus the
    partner once known (NO-12). Empty before the auction ends."""
    if view.declarer < 0:
        return set()
    side = {view.declarer}
    if view.partner is not None:
        side.add(view.partner)
    return side


def partner_known_to(view: NomsView) -> bool:
    """True when ``view``'s seat knows who holds the called card (NO-12): it was
    played, or this seat holds it, or the declarer called their own card."""
    return view.partner is not None


def side_tricks(view: NomsView) -> tuple[int, int]:
    """Tricks won this hand by the declarer's side (as far as this seat knows)
    and by the other seats."""
    side = declarer_side(view)
    mine = sum(view.won[s] for s in side)
    return mine, sum(view.won) - mine


def seat_role(view: NomsView, seat: int) -> str:
    """``declarer``, ``partner`` (when known to this seat), ``alone`` or ``""``."""
    if view.declarer < 0:
        return ""
    if seat == view.declarer:
        if view.partner == view.declarer or not is_numeric(view.contract):
            return "declarer, alone"
        return "declarer"
    if view.partner == seat:
        return "partner"
    return ""


def last_call(view: NomsView, seat: int) -> str | None:
    """The seat's last call in this hand's auction: ``11``, ``Mis``, ``pass``, or None."""
    for s, level in reversed(view.auction):
        if s == seat:
            return "pass" if level == 0 else bid_label(level)
    return None


def contract_line(view: NomsView, names: Sequence[str], ascii_only: bool = False) -> str:
    """The contract as one line: ``Bix 11 · trumps spades ♠ · called A♥ (partner
    not known yet) · double hand x2``; during the auction the standing bid."""
    dbl = f" · double hand x{view.mult}" if view.mult > 1 else ""
    if view.declarer < 0:
        if view.phase is Phase.AUCTION:
            if view.high:
                return render(f"Auction: {{s{view.high_seat}}} {{s{view.high_seat}:bids|bid}} "
                              f"{bid_label(view.high)} (highest){dbl}", names)
            return f"Auction: no bid yet{dbl}"
        return "No contract" + dbl
    parts = [f"Contract: {names[view.declarer]} {bid_label(view.contract)}"]
    if not is_numeric(view.contract):
        parts.append("alone, no trump (NO-13)")
    else:
        parts.append(("trumps " + suit_text(view.trump, ascii_only)) if view.trump_set and view.trump is not None
                     else "no trump" if view.trump_set else "trumps not announced yet")
        if view.called is not None:
            called = f"called {card_label(view.called, ascii_only)}"
            if view.partner_known:
                who = names[view.partner] if view.partner is not None and view.partner != view.declarer else None
                called += f" (partner: {who})" if who else " (declarer alone)"
            elif view.partner is not None:
                if view.partner == view.seat and view.seat != view.declarer:
                    called += " (you hold it: you are the partner, keep it secret)"
                elif view.partner == view.declarer:
                    called += " (your own card: you play alone, only you know)"
            else:
                called += " (partner not known yet)"
            parts.append(called)
        elif view.trump_set:
            parts.append("no card called yet")
    return " · ".join(parts) + dbl


def tricks_line(view: NomsView, names: Sequence[str], *, per_seat: bool = True) -> str:
    """Tricks won this hand per seat (unless ``per_seat`` is False) and per side:
    ``Tricks: You 2, Bix 3... · declarer's side 5 of 11 needed, others 3``."""
    parts = []
    if per_seat:
        parts.append("Tricks: " + ", ".join(f"{names[s]} {view.won[s]}" for s in range(len(names))))
    if view.declarer >= 0 and (view.phase is Phase.PLAY or view.tricks):
        side, others = side_tricks(view)
        need = view.contract
        if is_numeric(need):
            known = "" if partner_known_to(view) else " (partner not known)"
            parts.append(f"Declarer's side {side} of {need} needed{known}, others {others}")
        elif need:
            parts.append(f"{names[view.declarer]} must take no trick: {view.won[view.declarer]} taken")
    return " · ".join(parts) or f"Tricks: {sum(view.won)} played"


def auction_line(view: NomsView, names: Sequence[str]) -> str:
    """This hand's calls in order: ``Bids: Bix 10, Cato pass, Dora 11``."""
    if not view.auction:
        return "Bids: none yet"
    return "Bids: " + ", ".join(f"{names[s]} {'pass' if lv == 0 else bid_label(lv)}" for s, lv in view.auction)


def prompt(view: NomsView, names: Sequence[str], *, many_humans: bool = False, ascii_only: bool = False) -> str:
    """What the seat of ``view`` may do now, as one sentence for the status line."""
    lr = "<-/->" if ascii_only else "←/→"
    dots = "..." if ascii_only else "…"
    who = f"{names[view.seat]}, your" if many_humans else "Your"
    if view.is_over:
        return "The game is over: press s for the summary."
    if view.to_move != view.seat:
        if view.to_move < 0:
            return f"Dealing{dots}"
        other = names[view.to_move]
        verb = {Phase.AUCTION: "to bid", Phase.TRUMP: "to announce trumps",
                Phase.CALL: "to call a card"}.get(view.phase, "to play")
        return f"Waiting for {other} {verb}{dots}"
    legal = view.legal_actions()
    if view.phase is Phase.AUCTION:
        options = [f"{bid_key(lv)}={bid_label(lv)}" for lv in legal_bids(legal)]
        if Pass() in legal:
            options.append("p=pass")
            if len(options) == 1:  # Mis a Vis has been bid: nothing is higher (NO-7)
                options[0] += " (nothing outbids the highest bid)"
        else:
            options[-1] += " (you must bid, NO-V2)"
        return f"{who} call (NO-8): {', '.join(options)} (or click a button)"
    if view.phase is Phase.TRUMP:
        return (f"{who} contract is {bid_label(view.contract)}: announce trumps (NO-10a): 1 clubs, 2 diamonds, "
                "3 hearts, 4 spades, n no trump")
    if view.phase is Phase.CALL:
        return ("Call a card to name your hidden partner (NO-10b): type it (AS, 10H) and press Enter, "
                "or click it in the grid")
    plays = [a.card for a in legal if isinstance(a, Play)]
    how = f"({lr} or a value key, then Enter; or click)"
    if not view.trick:
        return f"{who} lead: play any card {how}"
    led = view.trick[0].suit
    if led is None:  # Noms deals no joker
        return f"{who} turn: play any card {how}"
    if all(c.suit == led for c in plays):
        return f"{who} turn: follow {led.name.lower()} (NO-15) {how}"
    return f"{who} turn: no {led.name.lower()} left, play any card {how}"


def action_words(action: Action, ascii_only: bool = False) -> str:
    """An action in words for hints: ``bid 11 (key 1)``, ``trumps hearts ♥ (3)``, ``call A♠``, ``play Q♥``."""
    if isinstance(action, Bid):
        return f"bid {bid_label(action.level)} (key {bid_key(action.level)})"
    if isinstance(action, Pass):
        return "pass (p)"
    if isinstance(action, Trump):
        if action.suit is None:
            return "no trump (n)"
        return f"trumps {suit_text(action.suit, ascii_only)} ({KEY_FOR_TRUMP[action.suit]})"
    if isinstance(action, Call):
        return f"call {card_label(action.card, ascii_only)}"
    if isinstance(action, Play):
        return f"play {card_label(action.card, ascii_only)}"
    return notation_words(action, ascii_only)


def result_text(result: tuple, names: Sequence[str]) -> str:
    """One finished hand from ``view.results`` (``(dealer, declarer, contract, made, points)``):
    ``Bix 11 made`` or ``all passed``."""
    _dealer, declarer, contract, made, _pts = result
    if declarer < 0:
        return "all passed"
    return f"{names[declarer]} {bid_label(contract)} {'made' if made else 'failed'}"


def hand_breakdown(data: dict, names: Sequence[str], ascii_only: bool = False) -> str:
    """A finished hand's contract and outcome from its ``hand_over`` data
    (``contract`` notation or None when all passed, ``declarer``, ``partner``,
    ``called``, ``trump``, ``made``, ``tricks_won``, ``mult``), e.g.
    ``Bix 11 with Cy (called A♠), trumps hearts: made with 11 of 11 tricks`` (NO-19 to NO-21)."""
    mult = int(data.get("mult") or 1)
    dbl = f" (double hand x{mult})" if mult > 1 else ""
    if not data.get("contract"):
        return "all passed: the next hand is doubled (NO-18)" + dbl
    declarer = int(data.get("declarer", -1))
    who = names[declarer] if 0 <= declarer < len(names) else "?"
    name = str(data.get("contract_name") or data.get("contract"))
    won = list(data.get("tricks_won") or [])
    partner = data.get("partner")
    if str(data["contract"]).isdigit():
        side = won[declarer] + (won[partner] if partner is not None and partner < len(won) else 0) if won else 0
        with_ = f" with {names[partner]}" if partner is not None and 0 <= partner < len(names) else " alone"
        called = ""
        if data.get("called"):
            card = parse_card(str(data["called"]))
            called = f" (called {card_label(card, ascii_only)})"
        trump = data.get("trump")
        trumps = suit_text(None if trump is None else "CDHS".index(trump), ascii_only)
        trumps = "no trump" if trump is None else "trumps " + trumps
        result = "made" if data.get("made") else "failed"
        return f"{who} {name}{with_}{called}, {trumps}: {result} with {side} of {name} tricks{dbl}"
    took = won[declarer] if won else 0
    result = "made" if data.get("made") else "failed"
    return f"{who} {name}: {result}, took {took} trick{'s' if took != 1 else ''}{dbl}"


def hand_result_lines(data: dict, names: Sequence[str], ascii_only: bool = False) -> list[str]:
    """The lines of the panel after a Noms hand, from its ``hand_over`` data: the
    contract and its outcome (:func:`hand_breakdown`), the tricks per seat and the
    last trick, complete, with its winner."""
    lines = [hand_breakdown(data, names, ascii_only)]
    won = data.get("tricks_won")
    if won:
        lines.append("Tricks: " + ", ".join(f"{n} {w}" for n, w in zip(names, won)))
    last = data.get("last_trick")
    if last:
        leader = int(last["leader"])
        cards = [parse_card(c) for c in last["cards"]]
        played = ", ".join(f"{names[(leader + k) % len(names)]} {card_label(c, ascii_only)}"
                           for k, c in enumerate(cards))
        lines.append(f"Last trick: {played}: {names[int(last['winner'])]} won it")
    return lines


# ---------------------------------------------------------------------------
# Replay renderer
# ---------------------------------------------------------------------------

__all__ = ["BID_KEYS", "KEY_FOR_BID", "PASS_KEY", "TRUMP_KEYS", "KEY_FOR_TRUMP", "RANK_KEYS", "DISPLAY_SUITS",
           "STRONG_EVENT_KINDS", "HAND_WORD", "KEY_HELP", "bid_label", "bid_key", "suit_text", "card_label",
           "legal_bids", "display_order", "parse_called_card", "declarer_side", "partner_known_to",
           "side_tricks", "seat_role", "last_call", "contract_line", "tricks_line", "auction_line", "prompt",
           "action_words", "result_text"]
