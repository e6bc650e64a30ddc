"""Spite & Malice presentation for the table screen: the key map, pile names,
prompts, hints and the wording of refused moves. Text only: every rule comes
from the engine (the view's legal actions, ``why_illegal``); this module only
words them for a player, in the Naglma terms of ``rules/spite_malice.md``
(stock deck, play decks, discard decks, hand, draw deck, removed pile).

Sources and targets are named by **pile ids**, the same strings the card
widgets report in clicks: ``"hand:2"`` (the third hand card), ``"stock"``
(the own stock deck's top card), ``"discard:1"`` (the top of the own discard
deck D2) and ``"play:3"`` (play deck P4).
"""

from __future__ import annotations

from typing import Sequence


from engine.cards import Card
from engine.games.spite_malice import SPEC
from engine.core import Action, Event
from engine.grammar import plural, render
from engine.games.spite_malice.game import (SEED_TYPE_NAMES, VALUE, Discard, PlayDiscard, PlayHand, PlayStock,
                                       SpiteMaliceView, value_text)
from tui.widgets.narration import asciify, notation_words

#: Keys that pick a hand card as the source (the n-th card of the sorted hand).
HAND_KEYS = "123456789"
#: The key that picks the own stock deck's top card.
STOCK_KEY = "s"
#: Keys of the own discard decks D1, D2...: a source (their top card), or the
#: target of a picked hand card (a discard, which ends the turn, SM-12).
DISCARD_KEYS = "qwertyui"
#: Keys of the play decks P1, P2... (targets only).
PLAY_KEYS = "abcdfgjkmnop"

#: Event kinds the game log writes in bold (SM-10 a play deck removed, SM-13 the win, SM-15/16 ties).
STRONG_EVENT_KINDS = frozenset({"clear", "win", "tie", "recycle", "redeal"})
#: What Spite & Malice calls one hand of a match (SM-17).
HAND_WORD = SPEC.hand_word  # the engine's word ("Round 3 over", "round 3 of 7" in recent games)

_VALUE_WORDS = {1: "Ace", 11: "Jack", 12: "Queen", 13: "King", 14: "Joker"}

KEY_HELP = """\
Pick a card: 1-5 a hand card · s your stock deck's top card · q w e r the top card of your discard decks D1-D4
Then a target: a b c d play decks P1-P4 · with a hand card picked, q w e r discard it (this ends your turn, SM-12)
Enter (or the card's key again) plays the picked card to the only play deck that takes it · Esc cancels
Mouse: click a card, then click a play deck or one of your discard decks (click it again to autoplay)
z undo (against bots) · h hint (picks the suggested card; Enter plays it) · l last events · ? rules"""


# ---------------------------------------------------------------------------
# Keys
# ---------------------------------------------------------------------------

def key_range(keys: str, count: int) -> str:
    """The keys of ``count`` piles as a footer/prompt label: ``1-5``, ``q-r``, ``a``."""
    count = max(0, min(count, len(keys)))
    if count == 0:
        return ""
    if count == 1:
        return keys[0]
    return f"{keys[0]}-{keys[count - 1]}"


def pile_key(pile: str) -> str | None:
    """The key of a pile id (``"play:1"`` -> ``b``); None if it has none."""
    kind, _, idx = pile.partition(":")
    i = int(idx) if idx else 0
    table = {"hand": HAND_KEYS, "discard": DISCARD_KEYS, "play": PLAY_KEYS}.get(kind)
    if kind == "stock":
        return STOCK_KEY
    if table is None or i >= len(table):
        return None
    return table[i]


# ---------------------------------------------------------------------------
# Values and cards
# ---------------------------------------------------------------------------

def card_name(card: Card, ascii_only: bool = False) -> str:
    """A card as players read it: ``7♥`` (``7H`` with ``ascii_only``), ``JK`` for a joker."""
    return card.text if ascii_only else card.pretty


def value_word(value: int) -> str:
    """A value (SM-2) in words with its article: ``a 7``, ``an 8``, ``an Ace``, ``a Queen``."""
    word = _VALUE_WORDS.get(value, str(value))
    article = "an" if word in ("Ace", "8") else "a"
    return f"{article} {word}"


def wild_text(view: SpiteMaliceView) -> str:
    """The wild cards of the variant (SM-3) in short: ``K``, ``Joker``, ``J Q K``; ``""`` if there are none."""
    return " ".join(value_text(x) for x in view.variant.wild_values())


def needs_text(view: SpiteMaliceView, deck: int) -> str:
    """What play deck ``deck`` takes next: ``needs A``, ``needs 8``, ``needs Q`` (SM-9)."""
    return f"needs {value_text(view.needs(deck))}"


def shown_value_label(view: SpiteMaliceView, deck: int) -> str | None:
    """For a play deck whose top card is wild, what it stands for: ``K=7`` (SM-9); else None."""
    cards = view.play[deck]
    if not cards or not view.variant.is_wild(cards[-1]):
        return None
    top = cards[-1]
    return f"{'JK' if top.suit is None else value_text(VALUE[top])}={value_text(len(cards))}"


def removed_count(view: SpiteMaliceView) -> int:
    """Cards on the removed pile (SM-14 ``draw_empty``); SM-18 hides which cards they are."""
    return view.removed_count


def game_type_name(view: SpiteMaliceView) -> str:
    """The seed's name of the view's game type, e.g. ``SNM A-SHORT``."""
    return SEED_TYPE_NAMES.get(view.variant.game_type, view.variant.game_type)


# ---------------------------------------------------------------------------
# Piles, sources and actions
# ---------------------------------------------------------------------------

def pile_name(pile: str) -> str:
    """A pile id in words: ``hand:2`` -> ``hand card 3``, ``stock`` -> ``your stock deck``,
    ``discard:1`` -> ``discard deck 2``, ``play:0`` -> ``play deck 1``."""
    kind, _, idx = pile.partition(":")
    n = int(idx) + 1 if idx else 0
    if kind == "hand":
        return f"hand card {n}"
    if kind == "stock":
        return "your stock deck"
    if kind == "discard":
        return f"discard deck {n}"
    if kind == "play":
        return f"play deck {n}"
    return pile


def hand_cards(view: SpiteMaliceView) -> list[Card]:
    """The hand as shown and numbered on screen: by value (SM-2, Ace first), then by suit.
    ``hand:i`` names the i-th card of this list."""
    return sorted(view.hand, key=lambda c: (VALUE[c], c.order))


def stable_hand(view: SpiteMaliceView, slots: Sequence[Card | None] = ()) -> list[Card | None]:
    """The hand's slots for the keys 1-9, stable within a turn: when every card of
    the hand is still in ``slots`` (the layout shown before), each keeps its slot and
    a played card leaves a gap (None), so "3" stays the same card after a play;
    otherwise (a new turn, a draw) the hand is laid out afresh as :func:`hand_cards`."""
    left = list(view.hand)
    kept: list[Card | None] = []
    for c in slots:
        if c is not None and c in left:
            left.remove(c)
            kept.append(c)
        else:
            kept.append(None)
    if left or not any(kept):
        return list(hand_cards(view))
    while kept and kept[-1] is None:
        kept.pop()
    return kept


def hand_keys_text(slots: Sequence[Card | None]) -> str:
    """The keys of the filled slots, runs joined: ``1-5``, ``2-5``, ``1 3-5``."""
    idx = [i for i, c in enumerate(slots) if c is not None and i < len(HAND_KEYS)]
    runs: list[list[int]] = []
    for i in idx:
        if runs and runs[-1][-1] == i - 1:
            runs[-1].append(i)
        else:
            runs.append([i])
    return " ".join(HAND_KEYS[r[0]] if len(r) == 1 else f"{HAND_KEYS[r[0]]}-{HAND_KEYS[r[-1]]}" for r in runs)


def source_card(view: SpiteMaliceView, source: str, hand: Sequence[Card | None] | None = None) -> Card | None:
    """The card a source pile id offers in ``view`` (None if there is none); ``hand:i``
    is slot i of ``hand`` (the slots shown, :func:`stable_hand`; default :func:`hand_cards`)."""
    kind, _, idx = source.partition(":")
    if kind == "hand":
        i = int(idx)
        cards = hand_cards(view) if hand is None else hand
        return cards[i] if 0 <= i < len(cards) else None
    if kind == "stock":
        return view.stock_tops[view.seat]
    if kind == "discard":
        i = int(idx)
        decks = view.discards[view.seat]
        return decks[i][-1] if 0 <= i < len(decks) and decks[i] else None
    return None


def build_action(view: SpiteMaliceView, source: str, target: str,
                 hand: Sequence[Card | None] | None = None) -> Action | None:
    """The engine action moving ``source``'s card onto ``target`` (SM-8), or None when
    no such move exists at all (onto a stock, stock or discard deck onto a discard deck...).
    The action may still be illegal now; ask ``session.why_illegal``."""
    kind, _, idx = source.partition(":")
    tkind, _, tidx = target.partition(":")
    if tkind not in ("play", "discard") or not tidx:
        return None
    t = int(tidx)
    if kind == "hand":
        card = source_card(view, source, hand)
        if card is None:
            return None
        return PlayHand(card, t) if tkind == "play" else Discard(card, t)
    if tkind != "play":
        return None
    if kind == "stock":
        return PlayStock(t)
    if kind == "discard":
        return PlayDiscard(int(idx), t)
    return None


def action_source(view: SpiteMaliceView, action: Action, hand: Sequence[Card | None] | None = None) -> str | None:
    """The pile id an action takes its card from (``hand:i`` is the first slot of ``hand``,
    default :func:`hand_cards`, holding that face)."""
    if isinstance(action, (PlayHand, Discard)):
        try:
            return f"hand:{list(hand_cards(view) if hand is None else hand).index(action.card)}"
        except ValueError:
            return None
    if isinstance(action, PlayStock):
        return "stock"
    if isinstance(action, PlayDiscard):
        return f"discard:{action.pile}"
    return None


def action_target(action: Action) -> str | None:
    """The pile id an action puts its card on (``play:j`` or ``discard:i``)."""
    if isinstance(action, (PlayHand, PlayStock, PlayDiscard)):
        return f"play:{action.deck}"
    if isinstance(action, Discard):
        return f"discard:{action.pile}"
    return None


def legal_targets(view: SpiteMaliceView, source: str, hand: Sequence[Card | None] | None = None) -> list[str]:
    """The play decks (and, for a hand card, the discard decks) the source's card may go to
    now, from the view's legal actions (empty when the seat is not to move)."""
    out = []
    for a in view.legal_actions():
        if action_source(view, a, hand) == source:
            t = action_target(a)
            if t is not None and t not in out:
                out.append(t)
    return out


def autoplay(view: SpiteMaliceView, source: str,
             hand: Sequence[Card | None] | None = None) -> tuple[Action | None, str]:
    """The seed's "autoplay": the play of ``source``'s card onto the only play deck that takes
    it (several empty decks, or decks showing the same value, count as one choice).

    Returns:
        ``(action, "")`` when there is one choice, else ``(None, reason)`` with a sentence
        (no play deck takes it, or which keys to choose between).
    """
    card = source_card(view, source, hand)
    if card is None:
        return None, f"{pile_name(source)} has no card"
    decks = [int(t.split(":")[1]) for t in legal_targets(view, source, hand) if t.startswith("play:")]
    name = card_name(card)
    if not decks:
        needs = ", ".join(value_text(view.needs(j)) for j in range(len(view.play)))
        extra = " Discard it onto one of your discard decks to end your turn." if source.startswith("hand") else ""
        return None, f"{name} fits no play deck now (they need {needs}).{extra}"
    tops = {view.needs(j) for j in decks}
    if len(tops) > 1:
        keys = " or ".join(PLAY_KEYS[j] if j < len(PLAY_KEYS) else f"P{j + 1}" for j in decks)
        return None, f"{name} fits play decks {', '.join(f'P{j + 1}' for j in decks)}: press {keys}"
    action = build_action(view, source, f"play:{decks[0]}", hand)
    return action, ""


def describe_action(action: Action, view: SpiteMaliceView, ascii_only: bool = False) -> str:
    """An action in words: ``play 7♥ from hand to play deck 2``, ``play 4♣ from your stock deck
    to play deck 1 (as 4)``, ``discard 9♠ onto discard deck 3 (ends your turn)``."""
    def tidy(text: str) -> str:
        return asciify(text) if ascii_only else text

    if isinstance(action, Discard):
        return tidy(f"discard {card_name(action.card)} from hand onto discard deck {action.pile + 1} "
                    "(ends your turn)")
    if isinstance(action, (PlayHand, PlayStock, PlayDiscard)):
        source = action_source(view, action) or ""
        card = action.card if isinstance(action, PlayHand) else source_card(view, source)
        where = {"hand": "from hand", "stock": "from your stock deck"}.get(
            source.split(":")[0], f"from discard deck {getattr(action, 'pile', 0) + 1}")
        text = f"play {card_name(card) if card else '?'} {where} to play deck {action.deck + 1}"
        if card is not None and view.variant.is_wild(card):
            text += f" (wild, as {value_text(view.needs(action.deck))})"
        return tidy(text)
    return notation_words(action, ascii_only)


def explain_illegal(action: Action, view: SpiteMaliceView, reason: str, ascii_only: bool = False) -> str:
    """A refused move in a player's words: for a card that does not fit a play deck,
    ``play deck 2 needs a 7 (or a wild card: K), not 9♥ (SM-9)``; otherwise the engine's
    ``reason`` as given."""
    if isinstance(action, (PlayHand, PlayStock, PlayDiscard)) and 0 <= action.deck < len(view.play):
        source = action_source(view, action)
        card = action.card if isinstance(action, PlayHand) else (source_card(view, source) if source else None)
        if card is not None and "SM-9" in reason:
            t = view.needs(action.deck) - 1
            wild = wild_text(view)
            alt = f" (or a wild card: {wild})" if wild else ""
            state = "is empty: it needs" if t == 0 else "needs"
            text = (f"play deck {action.deck + 1} {state} {value_word(t + 1)}{alt}, "
                    f"not {card_name(card)} (SM-9)")
            if t + 1 > view.variant.maxv:  # cannot happen (decks clear at MAXV) but word it safely
                text = reason
            return asciify(text) if ascii_only else text
    return asciify(reason) if ascii_only else reason


def result_text(view: SpiteMaliceView, names: Sequence[str]) -> str:
    """Why the game ended (the engine's reason with the winner's name), e.g.
    ``Bob has played the last stock card and wins (SM-13)``."""
    reason = view.reason or "the game is over"
    seat = view.result if view.result is not None and 0 <= view.result < len(names) else None
    return Event("result", reason, seat).narrate(names)  # the reason is the engine's template


def game_breakdown(data: dict, names: Sequence[str]) -> str:
    """How a finished game was scored, from its ``hand_over`` data (``winner``,
    ``stock_left`` per seat, ``reason``): the winner scores the cards left in the
    loser's stock (SM-17), e.g. ``Ann won: Bix had 7 cards left in the stock, so
    Ann scores 7 (SM-17)``; a tie scores nothing."""
    winner = data.get("winner")
    stock = data.get("stock_left") or []
    if winner is None or not 0 <= winner < len(names):
        reason = Event("tie", str(data.get("reason") or "a tie")).narrate(names)
        return f"a tie ({reason}): nobody scores"
    loser = 1 - winner if len(names) == 2 else None
    if loser is None or loser >= len(stock):
        return render(f"{{s{winner}}} won", names)
    n = stock[loser]
    return render(f"{{s{winner}}} won: {{s{loser}}} had {plural(n, 'card', 'cards')} left in the stock, "
                  f"so {{s{winner}}} {{s{winner}:scores|score}} {n} (SM-17)", names)


def prompt(view: SpiteMaliceView, names: Sequence[str], picked: str | None = None, *,
           many_humans: bool = False, ascii_only: bool = False, hand: Sequence[Card | None] | None = None,
           enter: str = "") -> str:
    """What the seat of ``view`` may do now, as one sentence for the status line.

    Args:
        view: the shown seat's view.
        names: display names of both seats.
        picked: the pile id of the picked source card, or None.
        many_humans: address the player by name.
        ascii_only: no suit symbols.
        hand: the hand's slots as keyed on screen (:func:`stable_hand`; default :func:`hand_cards`).
        enter: what Enter plays now, in words (``Enter: play 7♥ from hand to play deck 2``), or "".
    """
    def tidy(text: str) -> str:
        return asciify(text) if ascii_only else text

    if view.is_over:
        return tidy(f"The game is over: {result_text(view, names)}. Press s for the summary.")
    if view.to_move != view.seat:
        if view.to_move < 0:
            return "Dealing..." if ascii_only else "Dealing…"
        return tidy(f"{names[view.to_move]} is playing" + ("..." if ascii_only else "…"))
    who = f"{names[view.seat]}, your" if many_humans else "Your"
    turn = view.turns + 1
    nh, nd, np = len(view.hand), len(view.discards[view.seat]), len(view.play)
    hk = key_range(HAND_KEYS, nh) if hand is None else hand_keys_text(hand)
    dk, pk = key_range(DISCARD_KEYS, nd), key_range(PLAY_KEYS, np)
    if picked is not None:
        card = source_card(view, picked, hand)
        name = card_name(card) if card else "?"
        decks = [t for t in legal_targets(view, picked, hand) if t.startswith("play:")]
        keys = "/".join(pile_key(t) or f"P{int(t[5:]) + 1}" for t in decks)
        play = f"{keys} play it, " if decks else "it fits no play deck: "
        auto = f"{enter}, " if enter else ""
        if picked.startswith("hand"):
            return tidy(f"{name} picked: {play}{dk} discard it (ends your turn), {auto}Esc cancel")
        return tidy(f"{name} from {pile_name(picked)} picked: {play}{auto}Esc cancel")
    sources = ", ".join(k for k in (hk, STOCK_KEY if view.stock_tops[view.seat] is not None else "",
                                    dk if any(view.discards[view.seat]) else "") if k)
    return tidy(f"{who} turn {turn}: pick a card ({sources}), then a play deck ({pk}); "
                f"only discarding a hand card ({dk}) ends the turn")


__all__ = ["HAND_KEYS", "STOCK_KEY", "DISCARD_KEYS", "PLAY_KEYS", "KEY_HELP", "STRONG_EVENT_KINDS", "HAND_WORD",
           "key_range", "pile_key", "card_name", "value_word", "wild_text",
           "needs_text", "shown_value_label", "removed_count", "game_type_name", "pile_name", "hand_cards",
           "source_card", "build_action", "stable_hand", "hand_keys_text",
           "action_source", "action_target", "legal_targets", "autoplay", "describe_action", "explain_illegal",
           "result_text", "prompt"]
