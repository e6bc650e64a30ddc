"""Nogginate moves from a table's partial input (issue 24): a kind of move, the cards picked and
the meld(s) aimed at become engine actions (:meth:`NogginateView.moves_for`,
:meth:`NogginateView.plan_for`), so that a table builds no action and writes no notation itself.

The rule of every kind: the legal ways the input names when there are some (several: the table
asks which), else the one attempt a player means, returned as it is, so that playing it gets the
engine's refusal naming the rule (``why_illegal``); ``[]`` only when the input names no move at
all (no card for a discard, three cards missing for a new meld).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Sequence

from engine.cards import Card
from engine.core import Action, MeldTarget, meld_ids
from engine.games.nogginate.actions import (ASK, BONUS_ACT, DRAW, DRAW_CHEATS, DRAW_MIXED, JOKERNATE_ACT, NO,
                                            OUT, PASS, YES, Add, Close, Discard, FreezeNate, Merge, NewNate,
                                            NewNoggi, Onto, TakePile)
from engine.games.nogginate.cards import CHEAT_CARDS
from engine.games.nogginate.cheats import (JOKERNATE_CARD, SHOW, TELL_RANKED, TELLS, CheatNate, Combine, Give,
                                           HandsOff, Reconfigure, Remove, Resurrect, Show, Steal, Tell,
                                           steal_problem)
from engine.games.nogginate.melds import FREEZE, JOKER, NATE, NOGGI

if TYPE_CHECKING:
    from engine.games.nogginate.view import NogginateView

#: The moves that need nothing but their kind.
_FIXED: dict[str, Action] = {"draw": DRAW, "draw_mixed": DRAW_MIXED, "draw_cheats": DRAW_CHEATS, "bonus": BONUS_ACT,
                             "ask": ASK, "yes": YES, "no": NO, "pass": PASS, "jokernate": JOKERNATE_ACT}

#: The kinds of move :func:`moves_for` builds (a table's keys name them); ``tell <advice>`` per Tell (NG-C7a).
MOVE_KINDS: tuple[str, ...] = (
    *_FIXED, "pile", "onto", "noggi", "nate", "add", "close", "merge", "freezenate", "discard", "cheatnate",
    "give", "steal", "combine", "handsoff", "resurrect", "reconfigure", "remove", "show",
    *(f"tell {advice}" for advice in TELLS))

#: The kinds whose cards go down one move at a time (NG-26a): :func:`plan_for` orders them.
PLAN_KINDS = (NOGGI, NATE, "add")


def _order(c: Card) -> int:
    return c.order


def _noggi_order(c: Card) -> tuple[int, int]:
    return (c.rank, c.order)


Builder = Callable[["NogginateView", list[Card], tuple[int, ...]], list[Action]]


def moves_for(view: NogginateView, kind: str, cards: Sequence[Card] = (), target: MeldTarget = None) -> list[Action]:
    """See :meth:`engine.games.nogginate.view.NogginateView.moves_for`."""
    if kind not in MOVE_KINDS:
        raise ValueError(f"no Nogginate move of kind {kind!r}; kinds: {', '.join(MOVE_KINDS)}")
    fixed = _FIXED.get(kind)
    if fixed is not None:
        return [fixed]
    ids = meld_ids(target)
    if kind.startswith("tell "):
        advice = kind[5:]
        if advice not in TELL_RANKED:
            return [Tell(advice)]
        return [Tell(advice, ids[0])] if len(ids) == 1 else []
    return _BUILDERS[kind](view, list(cards), ids)


def _team_melds(view: NogginateView, kind: str | None = None, closed: bool | None = None) -> list[int]:
    team = view.team_of(view.seat)
    return [m.id for m in view.melds if m.team == team and (kind is None or m.kind == kind)
            and (closed is None or m.closed == closed)]


def _pile(view: NogginateView, cards: list[Card], ids: tuple[int, ...]) -> list[Action]:
    """NG-36: the ways to take the pile with the two naturals picked (any two, none picked)
    onto the Nate picked (or as a new Nate, or any)."""
    pair = sorted(cards, key=_order) if len(cards) == 2 else None
    ways: list[Action] = [a for a in view.legal_actions() if isinstance(a, TakePile)
                          and (pair is None or list(a.cards) == pair) and (not ids or a.meld == ids[0])]
    if ways:
        return ways
    if pair is None:  # the natural attempt: two cards of the top's rank from the hand
        top = view.discards[-1] if view.discards else (view.hand[0] if view.hand else FREEZE)
        same = [c for c in view.hand if c.is_natural and top.is_natural and c.rank == top.rank]
        pair = sorted((same + [top, top])[:2], key=_order)
    return [TakePile((pair[0], pair[1]), ids[0] if ids else None)]


def _onto(view: NogginateView, cards: list[Card], ids: tuple[int, ...]) -> list[Action]:
    """NG-37: the top discard onto the Noggi picked, or every open Noggi it may go onto."""
    if ids:
        return [Onto(ids[0])]
    ways: list[Action] = [a for a in view.legal_actions() if isinstance(a, Onto)]
    noggis = _team_melds(view, NOGGI)
    return ways or [Onto(noggis[0] if noggis else 0)]


def _new(kind: str) -> Builder:
    def build(view: NogginateView, cards: list[Card], ids: tuple[int, ...]) -> list[Action]:
        """NG-16/NG-20 (NG-C3): a new meld of exactly three cards (the Jokernate card and three jokers)."""
        if kind == NATE and JOKERNATE_CARD in cards:
            return [JOKERNATE_ACT]
        if len(cards) != 3:
            return []
        if kind == NOGGI:
            a, b, c = sorted(cards, key=_noggi_order)
            return [NewNoggi((a, b, c))]
        a, b, c = sorted(cards, key=_order)
        return [NewNate((a, b, c))]
    return build


def _add(view: NogginateView, cards: list[Card], ids: tuple[int, ...]) -> list[Action]:
    """NG-6/NG-16/NG-20: one card onto the meld picked."""
    return [Add(ids[0], cards[0])] if len(cards) == 1 and ids else []


def _close(view: NogginateView, cards: list[Card], ids: tuple[int, ...]) -> list[Action]:
    """NG-17: close the Noggi picked, or every Noggi that may close now."""
    if ids:
        return [Close(ids[0])]
    ways: list[Action] = [a for a in view.legal_actions() if isinstance(a, Close)]
    noggis = _team_melds(view, NOGGI, closed=False)
    return ways or [Close(noggis[-1] if noggis else 0)]


def _merge(view: NogginateView, cards: list[Card], ids: tuple[int, ...]) -> list[Action]:
    """NG-24: merge the two Nates picked, or the legal merges (of the one picked)."""
    if len(ids) >= 2:
        return [Merge(min(ids[:2]), max(ids[:2]))]
    return [a for a in view.legal_actions() if isinstance(a, Merge) and (not ids or ids[0] in (a.a, a.b))]


def _freezenate(view: NogginateView, cards: list[Card], ids: tuple[int, ...]) -> list[Action]:
    """NG-22: the Freeze cards picked (none picked: all in the hand) as a Freeze-Nate."""
    return [FreezeNate(sum(1 for c in (cards or view.hand) if c is FREEZE))]


def _discard(view: NogginateView, cards: list[Card], ids: tuple[int, ...]) -> list[Action]:
    """NG-26 step 3: discard the one card picked; with no card left in the hand, go out (NG-42)."""
    if not cards and not view.hand:
        return [OUT]
    return [Discard(cards[0])] if len(cards) == 1 else []


def _cheatnate(view: NogginateView, cards: list[Card], ids: tuple[int, ...]) -> list[Action]:
    """NG-22: the cheat-Nate of the cheat cards picked, else every legal cheat-Nate."""
    chosen = sorted((c for c in cards if c in CHEAT_CARDS), key=_order)
    ways: list[Action] = [a for a in view.legal_actions() if isinstance(a, CheatNate)]
    if chosen:
        ways = [a for a in ways if isinstance(a, CheatNate) and list(a.cards) == chosen] or ways
    held = chosen or [c for c in view.hand if c in CHEAT_CARDS]
    return ways or [CheatNate(tuple(held))]


def _give(view: NogginateView, cards: list[Card], ids: tuple[int, ...]) -> list[Action]:
    """NG-C8 (``team_choice``): the players the returned card picked may be given to."""
    card = cards[0] if cards else (view.returning[0] if view.returning else None)
    return [a for a in view.legal_actions() if isinstance(a, Give) and a.card == card]


def _steal(view: NogginateView, cards: list[Card], ids: tuple[int, ...]) -> list[Action]:
    """NG-C8: from the opponent's meld ``ids[0]`` (onto the team's meld ``ids[1]``; the natural
    picked, if any): the legal Steals; none: the attempt that fits best, refused with the reason."""
    if not ids:
        return []
    wanted = [c for c in cards if c not in CHEAT_CARDS]
    ways: list[Action] = [a for a in view.legal_actions() if isinstance(a, Steal) and a.victim == ids[0]
                          and (len(ids) < 2 or a.dest == ids[1]) and (not wanted or a.card == wanted[0])]
    if ways:
        return ways
    melds = {m.id: m for m in view.melds}
    victim = melds.get(ids[0])
    dests = [ids[1]] if len(ids) > 1 else _team_melds(view, closed=False)
    pool = wanted or (list(victim.cards) if victim else [])
    fits = [(c, d) for c in pool for d in dests if victim and d in melds and steal_problem(victim, c, melds[d]) is None]
    card, dest = fits[0] if fits else (pool[0] if pool else JOKER, dests[0] if dests else ids[0])
    return [Steal(ids[0], card, dest)]


def _combine(view: NogginateView, cards: list[Card], ids: tuple[int, ...]) -> list[Action]:
    """NG-C1: combine the two Noggis picked, or the legal Combines (of the one picked)."""
    if len(ids) >= 2:
        return [Combine(ids[0], ids[1])]
    return [a for a in view.legal_actions() if isinstance(a, Combine) and (not ids or ids[0] in (a.a, a.b))]


def _one_meld(make: Callable[[int], Action]) -> Builder:
    def build(view: NogginateView, cards: list[Card], ids: tuple[int, ...]) -> list[Action]:
        """A power on the one meld picked (NG-C2 Hands Off, NG-C5 Resurrect)."""
        return [make(ids[0])] if ids else []
    return build


def _reconfigure(view: NogginateView, cards: list[Card], ids: tuple[int, ...]) -> list[Action]:
    """NG-C4: a natural from the Nate ``ids[0]`` onto the Noggi ``ids[1]``: the legal ways (of the
    natural picked), else the attempt with a natural of the Noggi's suit."""
    if len(ids) < 2:
        return []
    wanted = [c for c in cards if c.is_natural]
    ways: list[Action] = [a for a in view.legal_actions() if isinstance(a, Reconfigure) and a.nate == ids[0]
                          and a.noggi == ids[1] and (not wanted or a.card == wanted[0])]
    if ways:
        return ways
    melds = {m.id: m for m in view.melds}
    nate, noggi = melds.get(ids[0]), melds.get(ids[1])
    naturals = wanted or [c for c in (nate.cards if nate else ()) if c.is_natural]
    fit = [c for c in naturals if noggi is not None and c.suit == noggi.suit]
    return [Reconfigure(ids[0], ids[1], (fit or naturals or [JOKER])[0])]


def _remove(view: NogginateView, cards: list[Card], ids: tuple[int, ...]) -> list[Action]:
    """NG-C9: clean the dirty Nate picked with the naturals picked, else the legal ways to clean it."""
    if not ids:
        return []
    naturals = tuple(c for c in cards if c.is_natural)
    if naturals:
        return [Remove(ids[0], naturals)]
    ways: list[Action] = [a for a in view.legal_actions() if isinstance(a, Remove) and a.meld == ids[0]]
    return ways or [Remove(ids[0], ())]


def _show(view: NogginateView, cards: list[Card], ids: tuple[int, ...]) -> list[Action]:
    """NG-C6: show the one card picked besides the Show card."""
    others = list(cards)
    if SHOW in others:
        others.remove(SHOW)
    return [Show(others[0])] if len(others) == 1 else []


_BUILDERS: dict[str, Builder] = {
    "pile": _pile, "onto": _onto, NOGGI: _new(NOGGI), NATE: _new(NATE), "add": _add, "close": _close,
    "merge": _merge, "freezenate": _freezenate, "discard": _discard, "cheatnate": _cheatnate, "give": _give,
    "steal": _steal, "combine": _combine, "handsoff": _one_meld(HandsOff), "resurrect": _one_meld(Resurrect),
    "reconfigure": _reconfigure, "remove": _remove, "show": _show,
}


def plan_for(view: NogginateView, kind: str, cards: Sequence[Card], target: MeldTarget = None) -> list[Action]:
    """See :meth:`engine.games.nogginate.view.NogginateView.plan_for`."""
    if kind not in PLAN_KINDS:
        raise ValueError(f"no Nogginate plan of kind {kind!r}; kinds: {', '.join(PLAN_KINDS)}")
    cards = list(cards)
    ids = meld_ids(target)
    if kind == "add":
        if not cards or not ids:
            return []
        m = next((x for x in view.melds if x.id == ids[0]), None)
        if m is not None and m.kind == NOGGI:  # a Noggi grows outward: the cards nearest its ends first
            below = sorted((c for c in cards if c.rank < m.lo), key=lambda c: -c.rank)
            cards = below + sorted((c for c in cards if c.rank >= m.lo), key=lambda c: c.rank)
        elif m is not None and m.kind == NATE:  # naturals before jokers (NG-21)
            cards = [c for c in cards if c.is_natural] + [c for c in cards if not c.is_natural]
        return [Add(ids[0], c) for c in cards]
    mid = view.next_id
    if kind == NATE and JOKERNATE_CARD in cards:  # NG-C3: the Jokernate card starts a Jokernate
        jokers = sum(1 for c in cards if c is JOKER)
        return [JOKERNATE_ACT] + [Add(mid, JOKER) for _ in range(jokers - 3)]
    if len(cards) < 3:
        return []
    if kind == NOGGI:
        order = sorted(cards, key=_noggi_order)
    else:
        order = [c for c in cards if c.is_natural] + [c for c in cards if not c.is_natural]
    return moves_for(view, kind, order[:3]) + [Add(mid, c) for c in order[3:]]


__all__ = ["MOVE_KINDS", "PLAN_KINDS", "moves_for", "plan_for"]
