"""Nickels wording for the table and the replay: the contract line, melds as text,
prompts (what you may do now, what the contract still needs), actions in a
player's words and how a finished round was scored. Reads only a
``NickelsView`` (and ``hand_over`` event data); the rules questions go to
:mod:`engine.games.nickels.melds`."""

from __future__ import annotations

from collections import Counter
from typing import Any, Callable, Sequence

from rich.text import Text

from engine.cards import Card, pretty_text
from engine.games.nickels import SPEC
from engine.core import Action
from engine.games.nickels.game import (HAND_NAMES, ROUNDS, Claim, Decline, Discard, LayMeld, Layoff, Phase, Swap,
                                       Take)
from engine.games.nickels.melds import (JOKER, Book, Meld, Run, book_candidates, contract_text, next_melds,
                                        pos_rank, run_candidates)
from engine.cards import rank_text
from tui.widgets.narration import notation_words

HAND_WORD = SPEC.hand_word  # the engine's word ("Round 3 over", "round 3 of 7" in recent games)
STRONG_EVENT_KINDS = frozenset({"claim", "down", "out", "hand_over", "match_over"})
KEY_HELP = ("←/→ move · space select · g group by suit/rank · t take · p pass · c claim · m lay a meld · "
            "o lay off · w swap a joker · d discard · z undo · h hint · ? rules")

CardText = Callable[[Card], Text]


def plain_card(ascii_only: bool) -> CardText:
    """A :data:`CardText` without colours (``7♥`` or ``7H``)."""
    return lambda c: Text(c.text if ascii_only else c.pretty)


def name(card: Card, ascii_only: bool = False) -> str:
    """``7♥`` (``7H`` in ASCII), ``JK``."""
    return card.text if ascii_only else card.pretty


def names(cards: Sequence[Card], ascii_only: bool = False, sep: str = "") -> str:
    """Several cards close together (``5♥6♥7♥8♥``)."""
    return sep.join(name(c, ascii_only) for c in cards)


def meld_text(meld: Meld, card: CardText, sep: str = "") -> Text:
    """A meld as small cards side by side (``sep`` between them: none on the table, a space
    in a sentence); a joker in a run shows what it stands for (``JK(6)``)."""
    out = Text()
    for i, c in enumerate(meld.cards):
        if i and sep:
            out.append(sep)
        if c.is_joker and isinstance(meld, Run):
            out.append_text(card(c))
            out.append(f"({rank_text(pos_rank(meld.lo + i))})", style="dim")
        else:
            out.append_text(card(c))
    return out


def meld_plain(meld: Meld, ascii_only: bool = False, sep: str = "") -> str:
    """:func:`meld_text` as plain text."""
    return meld_text(meld, plain_card(ascii_only), sep).plain


def contract_line(view: Any) -> str:
    """``8 hand: 2 runs`` (NK-10), the 12 hand adds that every card goes down (NK-20)."""
    b, r = view.contract
    text = f"{HAND_NAMES[view.round_no]}: {contract_text(b, r)}"
    if view.round_no == ROUNDS - 1:
        text += ", every card, no discard"
    return text


def twelve(view: Any) -> bool:
    """True in the 12 hand (NK-20)."""
    return view.round_no == ROUNDS - 1


def holds_contract(view: Any) -> bool:
    """Whether the seat's hand can lay the whole contract now (NK-11, NK-20)."""
    b, r = view.contract
    return bool(next_melds(view.hand, b, r, [], view.variant.min_naturals_per_meld, twelve(view)))


def missing_text(view: Any, ascii_only: bool = False) -> str:
    """What the contract still needs from this hand, with the melds of natural cards
    it holds: ``need 2 runs; you have one: 5♥6♥7♥8♥`` (jokers are counted apart)."""
    b, r = view.contract
    hand = Counter(c for c in view.hand if not c.is_joker)
    jokers = sum(1 for c in view.hand if c.is_joker)
    parts = []
    if b:
        books = [m for m in book_candidates(hand, 1) if len(m.cards) >= 3]
        best: dict[int, Book] = {}
        for m in books:
            if m.rank not in best or len(m.cards) > len(best[m.rank].cards):
                best[m.rank] = m
        have = list(best.values())
        parts.append(_have("book", b, have, ascii_only))
    if r:
        runs = run_candidates(hand, 1)
        best_run: dict[Any, Run] = {}
        for m in runs:
            if m.suit not in best_run or len(m.cards) > len(best_run[m.suit].cards):
                best_run[m.suit] = m
        parts.append(_have("run", r, list(best_run.values()), ascii_only))
    text = "; ".join(parts)
    if jokers:
        text += f" (plus {jokers} joker{'s' if jokers != 1 else ''})"
    return text


def _have(word: str, need: int, have: Sequence[Meld], ascii_only: bool) -> str:
    needed = f"need {need} {word}{'s' if need != 1 else ''}"
    if not have:
        return f"{needed}; you have none yet"
    count = {1: "one", 2: "two", 3: "three"}.get(len(have), str(len(have)))
    return f"{needed}; you have {count}: " + ", ".join(meld_plain(m, ascii_only) for m in have[:3])


def prompt(view: Any, names_: Sequence[str], *, ascii_only: bool = False, selected: Sequence[Card] = (),
           target_wait: str = "") -> str:
    """What the shown seat may do now (or whom it waits for)."""
    if view.is_over:
        return "The match is over: s for the summary."
    top = view.discards[-1] if view.discards else None
    top_name = name(top, ascii_only) if top is not None else ""
    if view.to_move != view.seat:
        who = names_[view.to_move] if view.to_move >= 0 else "the dealer"
        if view.phase == Phase.OFFER:
            return f"{who} may claim {top_name} (NK-13c)."
        return f"{who} to play."
    if target_wait:
        return target_wait
    if view.phase == Phase.ACQUIRE:
        return f"Take {top_name} free (t), or pass (p) and draw from the draw pile."
    if view.phase == Phase.AFTER:
        return f"{top_name} lies on top after the claim: take it (t), or pass (p) and draw."
    if view.phase == Phase.OFFER:
        return (f"{names_[view.turn]} passed on {top_name}: you may claim it out of turn with a face-down "
                "penalty card (c), or pass (space) (NK-13c).")
    if view.phase != Phase.PLAY:
        return "Wait for the deal."
    me = view.seat
    down = view.down_turn[me]
    if view.owed != (0, 0):
        return (f"Going down: still to lay {contract_text(*view.owed)}. Select the next meld's cards, m to lay it "
                "(no discard until the contract is down, NK-11).")
    if down < 0:
        nothing = "" if not selected else f" Selected: {names(selected, ascii_only, ' ')}."
        if twelve(view):
            lead = "The 12 hand: go down with 3 runs using every card and no discard (NK-20)"
        else:
            lead = f"Contract {contract_text(*view.contract)}"
        if holds_contract(view):
            return f"{lead}: you hold it. Select a meld's cards and press m; or discard (d).{nothing}"
        lead = "The 12 hand (every card, no discard, NK-20)" if twelve(view) else "Not down yet"
        return f"{lead}: {missing_text(view, ascii_only)}. Discard a card (select it, d).{nothing}"
    if down == view.turn_no:
        return "You are down. Select a card and press d to discard and end your turn (lay off from your next turn)."
    return ("Lay off: select a card, o, then the meld's number; swap a joker: select the natural card, w, the "
            "meld's number; end with a discard (d).")


def describe_action(action: Action, ascii_only: bool = False) -> str:
    """An action in a player's words."""
    if isinstance(action, Take):
        return "take the top discard"
    if isinstance(action, Decline):
        return "pass"
    if isinstance(action, Claim):
        return "claim the top discard (May I?)"
    if isinstance(action, LayMeld):
        kind = "run" if action.meld.is_run else "book"
        return f"lay the {kind} {meld_plain(action.meld, ascii_only, ' ')}"  # spaced, as in the hint's reason
    if isinstance(action, Layoff):
        what = name(action.card, ascii_only) if action.stands is None else \
            f"a joker as {name(action.stands, ascii_only)}"
        return f"lay off {what} on m{action.meld}" + (" (low)" if action.low else "")
    if isinstance(action, Swap):
        return f"put {name(action.card, ascii_only)} in m{action.meld} and take its joker"
    if isinstance(action, Discard):
        return f"discard {name(action.card, ascii_only)}"
    return notation_words(action, ascii_only)


def action_cards(action: Action) -> list[Card]:
    """The hand cards an action uses (to select them for a hint)."""
    if isinstance(action, LayMeld):
        return list(action.meld.cards)
    if isinstance(action, (Layoff, Swap, Discard)):
        return [action.card]
    return []


def hand_breakdown(data: dict, names_: Sequence[str], ascii_only: bool = False) -> str:
    """How a finished round was scored (NK-21), from its ``hand_over`` data: who went out,
    each other player's points with the cards left (written as on the table: ``2♥ 2♠``,
    ``2H 2S`` with ``ascii_only``) and the penalty for not melding."""
    out = data.get("out")
    scores = data.get("scores") or []
    left = data.get("left") or []
    melded = data.get("melded") or []
    unmelded = int(data.get("unmelded", 0) or 0)
    parts = [f"{names_[out]} went out" if out is not None else "nobody went out"]
    for s, n in enumerate(names_):
        if s == out or s >= len(scores):
            continue
        cards = left[s] if s < len(left) else ""
        cards = cards if ascii_only else pretty_text(cards)
        extra = f" + {unmelded} not down" if unmelded and s < len(melded) and not melded[s] else ""
        parts.append(f"{n} {int(scores[s])} ({cards or 'no cards'}{extra})")
    return "; ".join(parts)


__all__ = ["HAND_WORD", "KEY_HELP", "STRONG_EVENT_KINDS", "action_cards", "contract_line", "describe_action",
           "hand_breakdown", "holds_contract", "meld_plain", "meld_text", "missing_text", "name", "names", "prompt",
           "JOKER"]
