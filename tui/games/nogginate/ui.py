"""Nogginate wording for the table and the replay: card faces in Nogginate's own palette,
melds with their marks, team captions, prompts (what you may do now, what the initial meld
still needs), actions in a player's words and how a finished round was scored. Reads only a
``NogginateView`` (and ``hand_over`` event data); the rules questions go to the engine
(``view.legal_actions()``, ``why_illegal``)."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from rich.style import Style
from rich.text import Text

from engine.cards import Card
from engine.games.nogginate import SPEC
from engine.core import Action
from engine.games.nogginate.cards import CHEAT_CARDS
from engine.games.nogginate.cheats import (JOKERNATE_CARD, POWER_CARD, CheatNate, Combine, Give, HandsOff,
                                           Reconfigure, Remove, Resurrect, Show, StartJokernate, Steal, Tell)
from engine.games.nogginate.game import (Add, Answer, Ask, Close, Discard, Draw, FreezeNate, GoOut, Merge,
                                         NewNate, NewNoggi, Onto, PassTurn, Phase, PlaceBonus, TakePile)
from engine.games.nogginate.melds import CHEAT_NATE, FREEZE_NATE, JOKER, JOKERNATE, NATE, TableMeld
from tui.games.nogginate.palette import PALETTE
from tui.widgets.changes import ChangeKinds
from tui.widgets.narration import notation_words

HAND_WORD = SPEC.hand_word  # the engine's word ("Round 3 over", "round 3 of 7" in recent games)
STRONG_EVENT_KINDS = frozenset({"pile", "down", "closed", "close", "ask", "answer", "out", "hand_over",
                                "match_over", "steal", "steal_blocked", "split", "combine", "resurrect",
                                "show_private", "tell_private"})
KEY_HELP = ("←/→ move · space select · g group by suit/rank · d draw · p take the pile · o top card onto a Noggi · "
            "n new Noggi · t new Nate · 1-9 add to a meld · c close · a ask to go out · x discard · s pass · "
            "b bonus · f Freeze-Nate · m merge · y/n answer · z undo · h hint · ? rules · cheat cards: 1 draw one "
            "custom and one cheat card, 2 draw two cheat cards, select a cheat card then its meld numbers / Enter "
            "to play its power, k cheat-Nate")

#: Tell's menu (NG-C7a) in the order of the keys 1-8: the advice and how the menu names it.
TELL_MENU: tuple[tuple[str, str], ...] = (
    ("draw", "draw custom"), ("cheat", "draw cheat"), ("pile", "take the pile"), ("meld", "meld"),
    ("out", "go out"), ("stay", "don't go out"), ("discard", "discard a rank…"), ("keep", "keep a rank…"))

CardText = Callable[[Card], Text]

#: The default key of each table binding a prompt names; the table passes its own (``[keys]`` remapped).
KEYS = {"ng.draw": "d", "ng.pile": "p", "ng.onto": "o", "ng.noggi": "n", "ng.nate": "t", "ng.close": "c",
        "ng.ask": "a", "ng.discard": "x", "ng.pass": "s", "ng.yes": "y", "ng.no": "n", "table.summary": "s"}


def default_key(binding_id: str) -> str:
    """The default key of the table binding ``binding_id`` (:data:`KEYS`)."""
    return KEYS[binding_id]

#: Special faces drawn reversed (white on their colour, the palette's default) so they read at a glance.
SPECIAL_BG = {"JK": "#c62828", **{look.label: PALETTE.colors[look.color] for look in PALETTE.faces.values()}}


def plain_card(ascii_only: bool) -> CardText:
    """A :data:`CardText` without colours (``7♥`` or ``7H``, ``JK``)."""
    return lambda c: Text(c.text if ascii_only else c.pretty)


def name(card: Card, ascii_only: bool = False) -> str:
    """``7♥`` (``7H`` in ASCII), ``JK``, ``FZ``, ``BN``."""
    return card.text if ascii_only else card.pretty


def names(cards: Sequence[Card], ascii_only: bool = False, sep: str = " ") -> str:
    """Several cards (``5♥ 6♥ 7♥``)."""
    return sep.join(name(c, ascii_only) for c in cards)


def team_name(view: Any, team: int, names_: Sequence[str]) -> str:
    """``Ann & Cy`` (a partnership) or ``Ann`` (one player)."""
    return " & ".join(names_[s].split(" (")[0] for s in view.teams[team])


def meld_kind(m: TableMeld) -> str:
    """``Noggi``, ``Nate``, ``Freeze-Nate``, ``Jokernate`` (NG-23) or ``cheat-Nate`` (NG-22)."""
    return {NATE: "Nate", FREEZE_NATE: "Freeze-Nate", JOKERNATE: "Jokernate",
            CHEAT_NATE: "cheat-Nate"}.get(m.kind, "Noggi")


def meld_marks(m: TableMeld) -> str:
    """The meld's marks: ``open`` / ``closed`` (``super`` for all 11), a Nate's ``clean`` / ``dirty``,
    ``hands-off`` (NG-C2; ``hands-off×2`` for two Hands Off cards). A cheat-Nate has none."""
    word = m.status()
    if m.kind == CHEAT_NATE:
        return ""
    if m.guards > 1:
        word += f"×{m.guards}"
    return word


#: The style of the Hands Off mark on a meld (NG-C2): it must read at a glance before a Steal.
HANDS_OFF_STYLE = Style(color="#ffffff", bgcolor="#ad1457", bold=True)


def meld_text(m: TableMeld, card: CardText, *, kind: bool = True) -> Text:
    """A meld as small cards side by side and its marks: ``4♠5♠6♠7♠ Noggi open`` (without
    ``kind`` the word Noggi / Nate is left out: ``7♣7♦JK open dirty``; the special kinds
    Freeze-Nate, Jokernate and cheat-Nate are always named). Hands Off (NG-C2) is drawn as a
    reversed ``hands-off`` mark."""
    out = Text()
    for c in m.cards:
        out.append_text(card(c))
    marks = meld_marks(m)
    guard = ""
    if m.guards:
        head, _, guard = marks.partition("hands-off")
        marks, guard = head.rstrip(), "hands-off" + guard
    named = kind or m.kind in (FREEZE_NATE, JOKERNATE, CHEAT_NATE)
    words = " ".join(w for w in ((meld_kind(m) if named else ""), marks) if w)
    out.append(f" {words}", style="bold" if m.closed or m.kind == CHEAT_NATE else "dim")
    if guard:
        out.append(" ")
        out.append(guard, style=HANDS_OFF_STYLE)
    return out


def meld_faces(m: TableMeld) -> tuple[tuple[Card, ...], tuple[str, ...]]:
    """A meld's cards and, per card, what it stands for: a joker in a Nate stands for the Nate's
    rank (NG-20); a Jokernate's jokers and every natural card stand for themselves ("")."""
    rank = str(m.rank) if m.kind == NATE and m.naturals else ""
    return m.cards, tuple(rank if c is JOKER else "" for c in m.cards)


def meld_marks_text(m: TableMeld) -> Text:
    """The marks of :func:`meld_text` alone (``open dirty``, ``Jokernate open``, a reversed
    ``hands-off``), for the heading of a meld drawn as small cards."""
    full = meld_text(m, lambda c: Text(""), kind=False)
    return full[1:] if full.plain.startswith(" ") else full


#: What a cheat card does (NG-C1 to NG-C9, NG-22), in a few words (tooltips and the ``?`` screen).
POWERS: dict[str, str] = {
    "CMB": "Combine: two of your open Noggis of one suit become a closed Super Noggi",
    "HOF": "Hands Off: no Steal may take from your open meld",
    "JKN": "Jokernate: three jokers start a Jokernate",
    "RCF": "Reconfigure: a natural card moves from your open Nate onto your open Noggi",
    "RMV": "Remove: naturals replace the jokers of your dirty Nate; the jokers come back to your hand",
    "RES": "Resurrect: your closed meld is open again",
    "SHW": "Show: one card of your hand for your partner's eyes only",
    "STL": "Steal: a card from an opponent's open meld onto yours",
    "TEL": "Tell: one word for your partner (draw, take the pile, go out...)",
}

#: Every mark and abbreviation the Nogginate table shows, and what it means (tooltips and the ``?`` screen).
LEGEND: tuple[tuple[str, str], ...] = (
    ("m3", "meld number 3: type its number (or click it) to add the selected cards to it"),
    ("Noggi / Nate", "7+ cards in a row of one suit, 0 to 10 (NG-16) / 7+ cards of one rank (NG-20)"),
    ("open / closed", "cards may still be added / the meld is finished and scores (NG-17, NG-21)"),
    ("clean / dirty", "a Nate without jokers (500 closed) / with jokers (300 closed), NG-21"),
    ("super", "a closed Noggi of all eleven cards, 0 to 10 (2,000, NG-18)"),
    ("hands-off", "a Hands Off card lies on the meld: no Steal may take from it (NG-C2)"),
    ("JK", "a joker: in a Nate it stands for the Nate's rank (written under it)"),
    ("FZ", "a Freeze card: freezes the discard pile when discarded; three or more make a Freeze-Nate (NG-22)"),
    ("BN", "a Bonus card: +100 placed on the table (b), -750 left in hand (NG-47)"),
    ("bonus 2", "the team's Bonus cards placed on the table (NG-47)"),
    ("frozen", "a special card on top of the discard pile: nobody may take the pile (NG-35)"),
    ("(2x)", "that player holds 2 cheat cards (cheat cards in hand are public)"),
    ("min 50 / need 30 of 50", "the points the team's first melds must reach (NG-32) / still to meld this turn"),
    ("dead", "the cheat pile: played and discarded cheat cards, never taken or reshuffled"),
    ("green", "what changed since your last move: a meld laid or grown, the pile taken, a Steal"),
    *((code, words) for code, words in POWERS.items()),
)

def card_tip(card: Card) -> str | None:
    """The tooltip of a special card in the hand (``FZ``, ``BN``, ``JK``, a cheat card by its full
    name and power, from :data:`LEGEND`); None for a numeric card."""
    if card.is_natural:
        return None
    words = dict(LEGEND).get(card.text)
    return f"{card.text}: {words}" if words else None


#: The tooltip of a team's caption on the melds panel.
CAPTION_TIP = "\n".join(["▶: the team to move; the team's score, then down or the minimum its first melds need"]
                        + [f"{code}: {words}" for code, words in LEGEND
                           if code in ("min 50 / need 30 of 50", "bonus 2", "(2x)")])

#: The events that change the Nogginate table (:class:`tui.widgets.changes.Changes`).
CHANGE_KINDS = ChangeKinds(
    new_meld=frozenset({"meld", "combine", "split"}),
    grown=frozenset({"add", "onto", "pile", "steal", "reconfigure"}),
    touched=frozenset({"close", "closed", "merge", "handsoff", "resurrect", "remove"}),
    pile=frozenset({"pile", "onto"}),
    said=frozenset({"draw", "discard", "bonus", "ask", "answer", "out", "pass", "give", "show", "tell",
                    "steal_blocked", "down"}),
)


def meld_tip(m: TableMeld) -> str:
    """The tooltip of a meld: its kind, what its marks mean, what a joker in it stands for."""
    parts = [f"m{m.id}: a {meld_kind(m)}"]
    marks = meld_marks(m).replace("×", " ").split()
    for code, words in LEGEND:
        if code in marks or any(w in marks for w in code.split(" / ")):
            parts.append(f"{code}: {words}")
    if m.jokers and m.kind == NATE:
        parts.append(f"JK: a joker standing for a {m.rank}")
    return "\n".join(parts)


def meld_plain(m: TableMeld, ascii_only: bool = False) -> str:
    """:func:`meld_text` as plain text."""
    return meld_text(m, plain_card(ascii_only)).plain


def power_name(card: Card) -> str:
    """A cheat card's power in words (``Steal``), or the card's notation for another card."""
    return card.kind.title if card in CHEAT_CARDS else card.text


#: What each cheat card needs before it can be played (NG-C0d, NG-C1..NG-C9), said when a selected
#: one has no legal use this turn (seen in the 2026-11-27 play-through: "Steal has nothing to act
#: on now" left the player guessing why). Keyed by the power's kind title (``Steal``).
POWER_NEEDS = {
    "Combine": "two open Noggis of your team in one suit that together run 0 to 10 (NG-C1)",
    "Hands Off": "an open Noggi or Nate of your team (NG-C2)",
    "Jokernate": "three jokers in your hand (NG-C3)",
    "Reconfigure": "a natural card in an open Nate of your team that extends an open Noggi of yours (NG-C4)",
    "Resurrect": "a closed Noggi or Nate of your team (NG-C5)",
    "Steal": "an end card of an opponent's open meld (without Hands Off) that fits an open meld of your "
             "team (NG-C8)",
    "Remove": "an open dirty Nate of your team and a natural of its rank in your hand for each joker (NG-C9)",
}


def power_needs(card: Card) -> str:
    """What the cheat card ``card`` needs before it can be played (:data:`POWER_NEEDS`), or ""."""
    return POWER_NEEDS.get(power_name(card), "")


def tell_words(tell: Tell) -> str:
    """A Tell's recommendation in words (NG-C7a), e.g. ``take the discard pile``."""
    return tell.words()


def shown_text(view: Any, names_: Sequence[str], card: CardText) -> Text:
    """NG-C6/NG-C7: what the shown seat's partners showed it (``view.shown``) and their latest
    Tell (``view.tells``), and what this seat showed and told; empty Text when there is none.
    Reads only the seat's own view, so it never names another team's secret."""
    out = Text()
    me = view.seat
    shown = view.shown or ()
    for s, cards in enumerate(shown):
        if s == me or not cards:
            continue
        out.append(f"Shown by {names_[s].split(' (')[0]}: ", style="bold")
        for i, c in enumerate(cards):
            if i:
                out.append(" ")
            out.append_text(card(c))
        out.append("  ")
    latest: dict[int, Tell] = {}
    for teller, t in view.tells or ():
        latest[teller] = t
    for teller, t in latest.items():
        if teller == me:
            continue
        out.append(f"{names_[teller].split(' (')[0]} tells: ", style="bold")
        out.append(f"{tell_words(t)}  ")
    mine = []
    if me < len(shown) and shown[me]:
        mine.append("you showed " + " ".join(card(c).plain for c in shown[me]))
    if me in latest:
        mine.append(f"you told: {tell_words(latest[me])}")
    if mine:
        out.append("(" + "; ".join(mine) + ")", style="dim")
    out.rstrip()
    return out


def team_status(view: Any, team: int) -> str:
    """``down``, or ``min 50`` (the initial-meld minimum still to meet, NG-32), or ``need 30 of 50``
    while an initial meld is pending this turn (NG-32a)."""
    if view.down[team]:
        return "down"
    if view.need > 0 and view.team_of(view.turn) == team:
        return f"need {view.need} of {view.minimum(team)}"
    return f"min {view.minimum(team)}"


def top_pairs(view: Any) -> int:
    """How many natural cards of the top discard's rank the hand holds (0 if the pile is frozen or empty)."""
    if not view.discards or not view.discards[-1].is_natural:
        return 0
    r = view.discards[-1].rank
    return sum(1 for c in view.hand if c.is_natural and c.rank == r)


def prompt(view: Any, names_: Sequence[str], *, ascii_only: bool = False, selected: Sequence[Card] = (),
           keys: Callable[[str], str] = default_key) -> str:
    """What the shown seat may do now (or whom it waits for); ``keys`` names the key of a table
    binding id (the table's ``key_label``, so that a ``[keys]`` remapping shows)."""
    k = keys
    if view.is_over:
        return f"The match is over: {k('table.summary')} for the summary."
    if view.to_move != view.seat:
        if view.phase == Phase.ANSWER:
            return f"{names_[view.turn]} asked {names_[view.answer_seat]}: \"Partner, may I go out?\""
        who = names_[view.to_move] if view.to_move >= 0 else "the dealer"
        return f"{who} to play."
    sel = f" Selected: {names(selected, ascii_only)}." if selected else ""
    if view.phase == Phase.ANSWER:
        return (f"{names_[view.turn]} asks: \"Partner, may I go out?\" {k('ng.yes')} yes / {k('ng.no')} no (the "
                "answer binds, NG-45).")
    team = view.team_of(view.seat)
    if view.phase == Phase.ACQUIRE:
        top = view.discards[-1] if view.discards else None
        legal = view.legal_actions()
        kinds = [a.kind for a in legal if isinstance(a, Draw)]
        cheats = [w for k, w in (("1c1x", "1 one custom and one cheat"), ("2x", "2 two cheat")) if k in kinds]
        d = k("ng.draw")
        ways = [f"draw two cards ({d} custom, {', '.join(cheats)})" if cheats else f"draw two cards ({d})"]
        note = ""
        if any(isinstance(a, TakePile) for a in legal) and top is not None:
            ways.append(f"take the pile with two natural {top.rank}s ({k('ng.pile')})")
        elif top is not None and top.is_natural:
            note = f" The pile needs two natural {top.rank}s: you hold {top_pairs(view)}."
        elif top is not None:
            note = f" The pile is frozen under {name(top, ascii_only)} (NG-35)."
        if top is not None and any(isinstance(a, Onto) for a in legal):
            ways.append(f"take {name(top, ascii_only)} onto your open Noggi ({k('ng.onto')})")
        lead = ", ".join(ways[:-1]) + " or " + ways[-1] if len(ways) > 1 else ways[0]
        lead = lead[:1].upper() + lead[1:] + "." + note  # not capitalize(): a key such as F3 keeps its case
        if not view.down[team]:
            lead += f" Not down yet: your first melds need {view.minimum(team)} points this turn (NG-32)."
        return lead + sel
    if view.phase == Phase.RETURN:
        back = names(view.returning, ascii_only)
        return (f"A Steal returned {back} to your team: give each card to one of you, by its number in the bar "
                "(NG-C8).")
    if view.phase != Phase.MELD:
        return "Wait for the deal."
    if view.need > 0:
        return (f"Initial meld: {view.need} more points from your hand this turn (minimum {view.minimum(team)}). "
                f"Select cards: {k('ng.noggi')} new Noggi, {k('ng.nate')} new Nate, or the meld's number to add.{sel}")
    x, s = k("ng.discard"), k("ng.pass")
    if not view.hand:
        return f"No cards left: {x} to go out (NG-42)."
    if view.yes_binds():
        return f"Your partner said yes: go out this turn (meld, then discard your last card with {x}).{sel}"
    if view.permission == 1:
        return ("Your partner said yes, but you can no longer go out this turn: the yes no longer binds (NG-45k). "
                f"Meld what you can, then discard one card with {x}.{sel}")
    if len(view.hand) == 1:
        legal = view.legal_actions()
        extra = f" (or {k('ng.ask')} to ask your partner first)" if any(isinstance(a, Ask) for a in legal) else ""
        if not any(isinstance(a, Discard) for a in legal):
            why = view.why_illegal(Discard(view.hand[0])) or "NG-44"
            return f"One card left and you may not go out now ({why}): {s} to pass and keep it{extra}.{sel}"
        if not any(isinstance(a, PassTurn) for a in legal):  # the team has its two closed melds: no pass (NG-44)
            return f"One card left: {x} to discard it and go out (NG-42){extra}.{sel}"
        return f"One card left: {x} to discard it and go out, {s} to pass and keep it{extra}.{sel}"
    cheat = (" A cheat card: select it, then its target." if any(c in CHEAT_CARDS for c in view.hand) else "")
    return (f"Select cards: {k('ng.noggi')} new Noggi, {k('ng.nate')} new Nate, a meld's number adds to it; "
            f"{k('ng.close')} close a Noggi, {k('ng.ask')} ask to go out; end with {x} (discard the selected card)."
            f"{cheat}{sel}")


def describe_action(action: Action, ascii_only: bool = False) -> str:
    """An action in a player's words."""
    a = ascii_only
    if isinstance(action, Draw):
        return {"1c1x": "draw one custom and one cheat card", "2x": "draw two cheat cards"}.get(
            action.kind, "draw two cards")
    if isinstance(action, TakePile):
        where = f" onto m{action.meld}" if action.meld is not None else " as a new Nate"
        return f"take the pile with {names(action.cards, a)}{where}"
    if isinstance(action, Onto):
        return f"take the top card onto m{action.meld}"
    if isinstance(action, NewNoggi):
        return f"start a Noggi {names(action.cards, a)}"
    if isinstance(action, NewNate):
        return f"start a Nate {names(action.cards, a)}"
    if isinstance(action, Add):
        return f"add {name(action.card, a)} to m{action.meld}"
    if isinstance(action, Close):
        return f"close the Noggi m{action.meld}"
    if isinstance(action, Merge):
        return f"merge m{action.b} into m{action.a}"
    if isinstance(action, PlaceBonus):
        return "place a Bonus card"
    if isinstance(action, FreezeNate):
        return f"meld {action.count} Freeze cards as a Freeze-Nate"
    if isinstance(action, Ask):
        return "ask \"Partner, may I go out?\""
    if isinstance(action, Answer):
        return "answer yes" if action.yes else "answer no"
    if isinstance(action, Discard):
        return f"discard {name(action.card, a)}"
    if isinstance(action, GoOut):
        return "go out"
    if isinstance(action, PassTurn):
        return "pass and keep the last card"
    if isinstance(action, Steal):
        return f"Steal {name(action.card, a)} from m{action.victim} onto m{action.dest}"
    if isinstance(action, Combine):
        return f"Combine m{action.a} and m{action.b} into a Super Noggi"
    if isinstance(action, HandsOff):
        return f"put Hands Off on m{action.meld}"
    if isinstance(action, StartJokernate):
        return "play Jokernate with three jokers"
    if isinstance(action, Reconfigure):
        return f"Reconfigure: move {name(action.card, a)} from m{action.nate} onto m{action.noggi}"
    if isinstance(action, Remove):
        return f"Remove the jokers of m{action.meld} for {names(action.cards, a)}"
    if isinstance(action, Resurrect):
        return f"Resurrect m{action.meld}"
    if isinstance(action, Show):
        return f"Show {name(action.card, a)} to your partner"
    if isinstance(action, Tell):
        return f"Tell your partner: {tell_words(action)}"
    if isinstance(action, CheatNate):
        return f"meld a cheat-Nate {names(action.cards, a)}"
    if isinstance(action, Give):
        return f"give {name(action.card, a)} to seat {action.seat + 1}"
    return notation_words(action, ascii_only)


def action_cards(action: Action) -> list[Card]:
    """The hand cards an action uses (to select them for a hint)."""
    if isinstance(action, (NewNoggi, NewNate, TakePile)):
        return list(action.cards)
    if isinstance(action, (Add, Discard)):
        return [action.card]
    if isinstance(action, CheatNate):
        return list(action.cards)
    if isinstance(action, StartJokernate):
        return [JOKERNATE_CARD, JOKER, JOKER, JOKER]
    power = POWER_CARD.get(type(action))
    if power is not None:
        if isinstance(action, Show):
            return [power, action.card]
        if isinstance(action, Remove):
            return [power, *action.cards]
        return [power]
    return []


def hand_breakdown(data: dict, names_: Sequence[str], teams: Sequence[Sequence[int]] | None = None) -> str:
    """How a finished round was scored (NG-46 to NG-52), from its ``hand_over`` data: who went
    out (or the stock ran out), each team's points, and a team that did not qualify."""
    out = data.get("out")
    pts = data.get("team_scores") or []
    qualified = data.get("qualified") or []
    parts = [f"{names_[out]} went out" if out is not None else "nobody went out"]
    for t, p in enumerate(pts):
        label = " & ".join(names_[s] for s in teams[t]) if teams and t < len(teams) else f"team {t + 1}"
        note = "" if t >= len(qualified) or qualified[t] else " (not qualified: no two closed melds)"
        parts.append(f"{label} {int(p):+d}{note}")
    return "; ".join(parts)


def special_style(card: Card) -> Style | None:
    """The reversed style of a special face (JK, FZ, BN, a cheat card), or None for a numeric card."""
    bg = SPECIAL_BG.get(card.text)
    return Style(color="#ffffff", bgcolor=bg, bold=True) if bg else None


__all__ = ["CAPTION_TIP", "CHANGE_KINDS", "card_tip", "LEGEND", "POWERS", "meld_faces", "meld_marks_text", "meld_tip",
           "HAND_WORD", "HANDS_OFF_STYLE", "KEYS", "KEY_HELP", "default_key", "STRONG_EVENT_KINDS", "TELL_MENU",
           "action_cards", "describe_action", "hand_breakdown", "meld_kind", "meld_marks",
           "meld_plain", "meld_text", "name", "names", "power_name", "prompt", "shown_text",
           "special_style", "team_name", "team_status", "tell_words", "top_pairs"]
