"""Nogginate's cheat powers on the table (NG-C0b to NG-C9, NG-22 cheat-Nates): when each may be
played, which ones the hand could play now, and what playing each does.

The cards, the actions and the meld arithmetic are in :mod:`engine.games.nogginate.cheats`; here
each power has one checker (:data:`_POWER_CHECKS`, behind the shared checks of :func:`why_power`),
one move generator (:data:`_POWER_MOVES`) and one effect (:data:`_POWER_EFFECTS`, behind
:func:`apply_power`). The checkers read a :class:`~engine.games.nogginate.turn.Turn`; the effects
change a :class:`~engine.games.nogginate.state.NogginateState` (whose own table sends the powers
here).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, Callable

from engine.cards import Card
from engine.games.nogginate.cards import CHEAT_CARDS
from engine.core import Action, Event
from engine.grammar import agree
from engine.games.nogginate.actions import JOKERNATE_ACT, Phase
from engine.games.nogginate.cheats import (
    COMBINE,
    HANDS_OFF,
    JOKERNATE_CARD,
    POWER_CARD,
    RECONFIGURE,
    REMOVE,
    RESURRECT,
    SHOW,
    STEAL,
    TELL,
    TELL_ACTS,
    TELLS,
    CheatNate,
    Combine,
    Give,
    HandsOff,
    Reconfigure,
    Remove,
    Resurrect,
    Show,
    StartJokernate,
    Steal,
    Tell,
    after_steal,
    cheat_nate_problem,
    combine_problem,
    combined,
    reconfigure_problem,
    remove_problem,
    removed,
    steal_problem,
    without_card,
)
from engine.games.nogginate.melds import (
    CHEAT_NATE,
    JOKER,
    JOKERNATE,
    NATE,
    NOGGI,
    TableMeld,
    card_value,
    closed_count,
    holds,
    less,
    new_meld,
    reopened,
)

if TYPE_CHECKING:
    from engine.games.nogginate.state import NogginateState
    from engine.games.nogginate.turn import Turn


def _order(c: Card) -> int:
    return c.order


#: The melds a power may work on: Noggis, Nates and Jokernates (not Freeze- or cheat-Nates).
_PLAIN_KINDS = (NOGGI, NATE, JOKERNATE)


# ---------------------------------------------------------------------------
# When a power may be played
# ---------------------------------------------------------------------------

def why_power(t: Turn, action: Action) -> str | None:
    """NG-C0b to NG-C9: None if the power ``action`` may be played now (the phase is the meld
    phase), else why not. The card must be held, and all but Show, Tell and Jokernate work on
    the team's melds, so the team must be down (NG-C0d)."""
    cls = type(action)
    card = POWER_CARD[cls]
    if t.counts.get(card, 0) < 1:
        return f"you hold no {card.kind.title} card"
    if cls not in _BEFORE_DOWN and not t.down:
        return f"{card.kind.title} works on your team's melds: go down first (NG-C0d)"
    return _POWER_CHECKS[cls](t, action)


def _why_show(t: Turn, a: Show) -> str | None:
    """NG-C6 (NG-12): show a held card to the partner."""
    if not t.partnership:
        return _no_partner(SHOW)
    if less(t.counts, (SHOW,)).get(a.card, 0) < 1:
        return f"you hold no {a.card.pretty} to show (NG-C6)"
    return t.after_power((SHOW,), (), t.team_melds)


def _why_tell(t: Turn, a: Tell) -> str | None:
    """NG-C7 (NG-12): one of Tell's recommendations to the partner."""
    if not t.partnership:
        return _no_partner(TELL)
    if a not in TELL_ACTS:
        return "Tell recommends one of: " + ", ".join(TELLS) + " (NG-C7)"
    return t.after_power((TELL,), (), t.team_melds)


def _no_partner(card: Card) -> str:
    return f"{card.kind.title} has no use without a partner (NG-12): discard it, or meld it in a cheat-Nate (NG-22)"


def _why_jokernate(t: Turn, a: StartJokernate) -> str | None:
    """NG-C3/NG-23: the Jokernate card and three jokers start a Jokernate (it counts toward the minimum)."""
    if t.counts.get(JOKER, 0) < 3:
        return "a Jokernate needs the Jokernate card and 3 jokers from your hand (NG-C3, NG-23)"
    cards = (JOKER, JOKER, JOKER)
    return t.meld_problem((JOKERNATE_CARD,) + cards,
                          lambda: t.team_melds + [new_meld(0, t.team, JOKERNATE, cards)], 3 * card_value(JOKER))


def _why_combine(t: Turn, a: Combine) -> str | None:
    """NG-C1: join two of the team's open Noggis into a Super Noggi."""
    pair = _own_two(t, a.a, a.b, "Combine joins your team's own Noggis", "NG-C1")
    if isinstance(pair, str):
        return pair
    ma, mb = pair
    why = combine_problem(ma, mb)
    if why:
        return why
    sup, extras = combined(ma, mb)
    return t.after_power((COMBINE,), extras, [x for x in t.team_melds if x.id not in (ma.id, mb.id)] + [sup])


def _own_two(t: Turn, x: int, y: int, what: str, rule: str) -> tuple[TableMeld, TableMeld] | str:
    """The team's melds ``m<x>`` and ``m<y>``, or the refusal for the first that is not one (:meth:`Turn.own`)."""
    a = t.own(x, what, rule)
    if isinstance(a, str):
        return a
    b = t.own(y, what, rule)
    return b if isinstance(b, str) else (a, b)


def _why_hands_off(t: Turn, a: HandsOff) -> str | None:
    """NG-C2: protect one of the team's open Noggis or Nates from Steal."""
    m = t.own(a.meld, "Hands Off protects your team's own meld", "NG-C2")
    if isinstance(m, str):
        return m
    if m.kind not in _PLAIN_KINDS or m.closed:
        return f"Hands Off goes on one of your team's open Noggis or Nates; {m.label()} is not (NG-C2)"
    return t.after_power((HANDS_OFF,), (), t.team_melds)


def _why_resurrect(t: Turn, a: Resurrect) -> str | None:
    """NG-C5: reopen one of the team's closed Noggis or Nates."""
    m = t.own(a.meld, "Resurrect reopens your team's own meld", "NG-C5")
    if isinstance(m, str):
        return m
    if m.kind not in _PLAIN_KINDS or not m.closed:
        return f"Resurrect reopens one of your team's closed Noggis or Nates; {m.label()} is not (NG-C5)"
    return t.after_power((RESURRECT,), (), t.with_meld(reopened(m)))


def _why_reconfigure(t: Turn, a: Reconfigure) -> str | None:
    """NG-C4: move a natural from the team's open Nate onto its open Noggi."""
    pair = _own_two(t, a.nate, a.noggi, "Reconfigure moves cards between your team's own melds", "NG-C4")
    if isinstance(pair, str):
        return pair
    nate, noggi = pair
    why = reconfigure_problem(nate, noggi, a.card)
    if why:
        return why
    after = [x for x in t.team_melds if x.id not in (nate.id, noggi.id)]
    return t.after_power((RECONFIGURE,), (), after + [without_card(nate, a.card), noggi.with_card(a.card)])


def _why_remove(t: Turn, a: Remove) -> str | None:
    """NG-C9: swap the jokers of the team's open dirty Nate for naturals from the hand."""
    m = t.own(a.meld, "Remove works on your team's own Nates", "NG-C9")
    if isinstance(m, str):
        return m
    why = remove_problem(m, a.cards)
    if why:
        return why
    if not holds(less(t.counts, (REMOVE,)), a.cards):
        return f"you need {len(a.cards)} natural {m.rank}s in your hand to replace the jokers (NG-C9)"
    return t.after_power((REMOVE,) + a.cards, (JOKER,) * m.jokers, t.with_meld(removed(m, a.cards)))


def _why_steal(t: Turn, a: Steal) -> str | None:
    """NG-C8 (NG-C2): take a card from an opponent's open meld onto the team's own."""
    victim = t.meld(a.victim)
    if victim is None:
        return f"there is no meld m{a.victim}"
    if victim.team == t.team:
        return "Steal takes from an opponent's meld, not your team's (NG-C8)"
    dest = t.own(a.dest, "the stolen card goes onto your team's own meld", "NG-C8")
    if isinstance(dest, str):
        return dest
    why = steal_problem(victim, a.card, dest)
    if why:
        return why
    if victim.guards:
        if not t.v.hands_off_single_use:
            return f"{victim.label()} has Hands Off: Steal cannot take from it (NG-C2)"
        return t.after_power((STEAL,), (), t.team_melds)  # the attempt is blocked (hands_off_single_use)
    return t.after_power((STEAL,), (), t.with_meld(dest.with_card(a.card)))


def why_cheat_nate(t: Turn, a: CheatNate) -> str | None:
    """NG-22 (NG-22a, NG-22b): a cheat-Nate, on the going-out turn, of all the hand's cards
    of its type (of all its cheat cards with ``cheat_nate_mixed_types``), melded last."""
    cards = a.cards
    why = cheat_nate_problem(cards, t.v.cheat_nate_mixed_types)
    if why:
        return why
    if Counter(cards) - t.counts:
        return "you do not hold those cards"
    mixed = t.v.cheat_nate_mixed_types
    have = sum(k for x, k in t.counts.items() if x in CHEAT_CARDS and (mixed or x is cards[0]))
    if have != len(cards):
        what = "cheat cards" if mixed else f"{cards[0].kind.title} cards"
        return f"meld all your {have} {what} in the cheat-Nate (NG-22b)"
    if not t.specials_last(less(t.counts, cards)):
        return ("a cheat-Nate is melded only on the turn you go out: meld it last, with at most one card left "
                "to discard (NG-22b)")
    if not t.may_empty(t.team_melds):
        return "a cheat-Nate is melded only on the turn you go out (NG-22): " + t.empty_problem()
    if closed_count(t.team_melds) < 2:
        return ("a cheat-Nate is melded only on the turn you go out (NG-22b): close your Noggi first, so that "
                "your team has its two closed melds (NG-43)")
    return None


def why_give(t: Turn, action: Action) -> str | None:
    """NG-C8 (``team_choice``): the return phase's one move, who gets each card a Steal returned."""
    if type(action) is not Give:
        return "a Steal returned cards to your team: give each to one of you, e.g. 'give 7H s2' (NG-C8)"
    if action.card not in t.returning:
        return f"{action.card.pretty} is not among the returned cards"
    if action.seat not in t.return_seats:
        return "give the card to a player of your team (NG-C8)"
    return None


#: The powers that need no melds of the team's on the table (NG-C0d).
_BEFORE_DOWN = frozenset((Show, Tell, StartJokernate))

#: Each power's own checks (after :func:`why_power`'s shared ones).
_POWER_CHECKS: dict[type, Callable[[Turn, Any], str | None]] = {
    Combine: _why_combine, HandsOff: _why_hands_off, StartJokernate: _why_jokernate, Reconfigure: _why_reconfigure,
    Remove: _why_remove, Resurrect: _why_resurrect, Show: _why_show, Tell: _why_tell, Steal: _why_steal,
}

#: The checker of every power action, for the turn's table of meld-phase moves.
POWER_WHY: dict[type, Callable[[Turn, Any], str | None]] = dict.fromkeys(POWER_CARD, why_power)


# ---------------------------------------------------------------------------
# The powers the hand could play now
# ---------------------------------------------------------------------------

def power_moves(t: Turn) -> list[Action]:
    """Every cheat power and cheat-Nate the hand could play now, in a fixed order (checked by
    :meth:`~engine.games.nogginate.turn.Turn.why` after)."""
    hand = t.counts
    open_team = [m for m in t.team_melds if not m.closed and m.kind in _PLAIN_KINDS]
    out: list[Action] = []
    for card, moves in _POWER_MOVES:
        if hand.get(card, 0):
            out.extend(moves(t, open_team))
    out.extend(_cheat_nates(t))
    return out


def _combines(t: Turn, open_team: list[TableMeld]) -> list[Action]:
    noggis = [m for m in open_team if m.kind == NOGGI]
    out: list[Action] = []
    for i, a in enumerate(noggis):
        for b in noggis[i + 1:]:
            if combine_problem(a, b) is None:
                x, y = sorted((a.id, b.id))
                out.append(Combine(x, y))
    return out


def _jokernates(t: Turn, open_team: list[TableMeld]) -> list[Action]:
    return [JOKERNATE_ACT] if t.counts.get(JOKER, 0) >= 3 else []


def _reconfigures(t: Turn, open_team: list[TableMeld]) -> list[Action]:
    return [Reconfigure(nate.id, nog.id, c)
            for nate in open_team if nate.kind == NATE
            for c in sorted({c for c in nate.cards if c.is_natural}, key=_order)
            for nog in open_team
            if nog.kind == NOGGI and c.suit == nog.suit and c.rank in (nog.lo - 1, nog.hi + 1)]


def _removes(t: Turn, open_team: list[TableMeld]) -> list[Action]:
    hand = t.counts
    out: list[Action] = []
    for m in open_team:
        if m.kind == NATE and m.jokers:
            faces = sorted((c for c in hand if c.is_natural and c.rank == m.rank), key=_order)
            if m.jokers == 1:
                out.extend(Remove(m.id, (c,)) for c in faces)
                continue
            for i, a in enumerate(faces):
                out.extend(Remove(m.id, (a, b)) for b in faces[i:] if a is not b or hand[a] >= 2)
    return out


def _resurrects(t: Turn, open_team: list[TableMeld]) -> list[Action]:
    return [Resurrect(m.id) for m in t.team_melds if m.closed and m.kind in _PLAIN_KINDS]


def _steals(t: Turn, open_team: list[TableMeld]) -> list[Action]:
    if not open_team:
        return []
    return [Steal(v.id, c, d.id)
            for v in t.melds if v.team != t.team and not v.closed and v.kind in _PLAIN_KINDS
            for c in sorted(set(v.cards), key=_order)
            for d in open_team if steal_problem(v, c, d) is None]


def _shows(t: Turn, open_team: list[TableMeld]) -> list[Action]:
    hand = t.counts
    return [Show(c) for c in sorted(hand, key=_order) if c is not SHOW or hand[c] > 1] if t.partnership else []


def _tells(t: Turn, open_team: list[TableMeld]) -> list[Action]:
    return list(TELL_ACTS) if t.partnership else []


def _cheat_nates(t: Turn) -> list[Action]:
    """NG-22: the hand's cheat cards as cheat-Nates (3+ of a type, or all of them when mixed)."""
    groups: dict[Card, int] = {c: k for c, k in t.counts.items() if c in CHEAT_CARDS}
    if t.v.cheat_nate_mixed_types:
        if sum(groups.values()) < 3:
            return []
        return [CheatNate(tuple(sorted((c for c, k in groups.items() for _ in range(k)), key=_order)))]
    return [CheatNate((c,) * k) for c, k in sorted(groups.items(), key=lambda ck: ck[0].order) if k >= 3]


#: Each power's card and its move generator, in the order of the legal list.
_POWER_MOVES: tuple[tuple[Card, Callable[[Turn, list[TableMeld]], list[Action]]], ...] = (
    (COMBINE, _combines), (HANDS_OFF, lambda t, ms: [HandsOff(m.id) for m in ms]), (JOKERNATE_CARD, _jokernates),
    (RECONFIGURE, _reconfigures), (REMOVE, _removes), (RESURRECT, _resurrects), (STEAL, _steals), (SHOW, _shows),
    (TELL, _tells),
)


# ---------------------------------------------------------------------------
# What a power does
# ---------------------------------------------------------------------------

def apply_power(s: NogginateState, action: Action) -> list[Event]:
    """NG-C1 to NG-C9: play a cheat power (checked before). The card goes to the cheat discard
    pile (NG-27), except Hands Off, which stays on its meld (NG-C2)."""
    cls = type(action)
    card = POWER_CARD[cls]
    seat = s.turn_seat
    s._lose(seat, card)
    if cls is not HandsOff:
        s.cheat_discards.append(card)
    return _POWER_EFFECTS[cls](s, action, seat, card)


def _show(s: NogginateState, a: Show, seat: int, card: Card) -> list[Event]:
    c = a.card
    if s.shown[seat].count(c) < s.hands[seat].count(c):  # a copy not shown yet, if any
        s.shown[seat].append(c)
    mates = frozenset(s.teams[s.team_idx[seat]])
    return [Event("show", "{seat} {seat:plays|play} Show: a card for the partner's eyes only (NG-C6)", seat,
                  {"cards": [card.text]}),
            Event("show_private", f"{{seat}} {{seat:shows|show}} the partner {c.pretty} (NG-C6)", seat,
                  {"card": c.text, "cards": [c.text]}, mates)]


def _tell(s: NogginateState, a: Tell, seat: int, card: Card) -> list[Event]:
    s.tells.append((seat, a))
    mates = frozenset(s.teams[s.team_idx[seat]])
    return [Event("tell", "{seat} {seat:plays|play} Tell: a word for the partner only (NG-C7)", seat,
                  {"cards": [card.text]}),
            Event("tell_private", f"{{seat}} {{seat:tells|tell}} the partner: {a.words()} (NG-C7)", seat,
                  {"advice": a.advice, "rank": a.rank}, mates)]


def _jokernate(s: NogginateState, a: StartJokernate, seat: int, card: Card) -> list[Event]:
    for _ in range(3):
        s._lose(seat, JOKER)
    team = s.team_idx[seat]
    mid = s.next_id
    s.melds.append(new_meld(mid, team, JOKERNATE, (JOKER,) * 3))
    s.next_id += 1
    events = [Event("meld", f"{{seat}} {{seat:plays|play}} Jokernate and {{seat:starts|start}} a Jokernate, "
                    f"m{mid}: {' '.join([JOKER.pretty] * 3)} (NG-C3)", seat,
                    {"meld": mid, "cards": [card.text] + [JOKER.text] * 3})]
    return events + s._placed(seat, team, 3 * card_value(JOKER))


def _combine(s: NogginateState, a: Combine, seat: int, card: Card) -> list[Event]:
    ia, ma = s._meld_index(a.a)
    _, mb = s._meld_index(a.b)
    sup, extras = combined(ma, mb)
    s.melds[ia] = sup
    s.melds = [x for x in s.melds if x.id != mb.id]
    s._receive(seat, extras)
    more = f"; {' '.join(c.pretty for c in extras)} {agree(len(extras), 'goes', 'go')} to the hand" if extras else ""
    return [Event("combine", f"{{seat}} {{seat:plays|play}} Combine: m{mb.id} joins m{ma.id}, a closed "
                  f"Super Noggi (NG-C1, NG-18){more}", seat,
                  {"meld": ma.id, "from": mb.id, "cards": [card.text] + [c.text for c in extras]})]


def _hands_off(s: NogginateState, a: HandsOff, seat: int, card: Card) -> list[Event]:
    i, m = s._meld_index(a.meld)
    s.melds[i] = TableMeld(m.id, m.team, m.kind, m.cards, m.closed, m.guards + 1, m.held_open)
    return [Event("handsoff", f"{{seat}} {{seat:puts|put}} Hands Off on m{m.id}: no Steal from it (NG-C2)",
                  seat, {"meld": m.id, "cards": [card.text]})]


def _resurrect(s: NogginateState, a: Resurrect, seat: int, card: Card) -> list[Event]:
    i, m = s._meld_index(a.meld)
    s.melds[i] = reopened(m)
    until = " for the rest of this turn" if m.kind != NOGGI else ""
    return [Event("resurrect", f"{{seat}} {{seat:plays|play}} Resurrect: m{m.id} is open again{until} "
                  "(NG-C5)", seat, {"meld": m.id, "cards": [card.text]})]


def _reconfigure(s: NogginateState, a: Reconfigure, seat: int, card: Card) -> list[Event]:
    i, nate = s._meld_index(a.nate)
    s.melds[i] = without_card(nate, a.card)
    j, noggi = s._meld_index(a.noggi)
    grown = noggi.with_card(a.card)
    s.melds[j] = grown
    events = [Event("reconfigure", f"{{seat}} {{seat:plays|play}} Reconfigure: {a.card.pretty} moves from "
                    f"m{nate.id} to m{noggi.id} (NG-C4)", seat,
                    {"meld": noggi.id, "from": nate.id, "cards": [card.text, a.card.text]})]
    if grown.closed and not noggi.closed:
        events.append(Event("closed", f"m{noggi.id} is a Super Noggi: it closes (NG-18)", seat,
                            {"meld": noggi.id}))
    return events


def _remove(s: NogginateState, a: Remove, seat: int, card: Card) -> list[Event]:
    i, m = s._meld_index(a.meld)
    for c in a.cards:
        s._lose(seat, c)
    s.melds[i] = removed(m, a.cards)
    jokers = [JOKER] * m.jokers
    s._receive(seat, jokers)
    return [Event("remove", f"{{seat}} {{seat:plays|play}} Remove: {' '.join(c.pretty for c in a.cards)} "
                  f"{agree(len(a.cards), 'replaces', 'replace')} the "
                  f"{agree(len(jokers), 'joker', 'jokers')} of m{m.id}, which "
                  f"{agree(len(jokers), 'goes', 'go')} to the hand (NG-C9)", seat,
                  {"meld": m.id,
                   "cards": [card.text] + [c.text for c in a.cards] + [JOKER.text] * len(jokers)})]


def _steal(s: NogginateState, a: Steal, seat: int, card: Card) -> list[Event]:
    """NG-C8: take the card, add it to the team's meld, check the victim's meld (NG-C2: a
    single-use Hands Off blocks the attempt instead)."""
    vi, victim = s._meld_index(a.victim)
    if victim.guards:  # hands_off_single_use: the attempt is blocked
        s.melds[vi] = TableMeld(victim.id, victim.team, victim.kind, victim.cards, victim.closed,
                                victim.guards - 1, victim.held_open)
        s.cheat_discards.append(HANDS_OFF)
        return [Event("steal_blocked", f"{{seat}} {{seat:plays|play}} Steal on m{victim.id}; its Hands Off "
                      "blocks it, and both cards go to the cheat discard pile (NG-C2)", seat,
                      {"meld": victim.id, "cards": [card.text, HANDS_OFF.text]})]
    kept, back = after_steal(victim, a.card, s.next_id)
    s.melds[vi:vi + 1] = kept
    if len(kept) == 2:
        s.next_id += 1
    di, dest = s._meld_index(a.dest)
    grown = dest.with_card(a.card)
    s.melds[di] = grown
    events = [Event("steal", f"{{seat}} {{seat:plays|play}} Steal: {a.card.pretty} from m{victim.id} onto "
                    f"m{dest.id} (NG-C8)", seat,
                    {"meld": dest.id, "from": victim.id, "cards": [card.text, a.card.text]})]
    if grown.closed and not dest.closed:
        what = "a Super Noggi: it closes (NG-18)" if grown.is_super else "7 cards: it closes (NG-21)"
        events.append(Event("closed", f"m{dest.id} is {what}", seat, {"meld": dest.id}))
    if len(kept) == 2:
        events.append(Event("split", f"m{victim.id} splits in two: m{kept[0].id} and m{kept[1].id} (NG-C8)",
                            seat, {"meld": victim.id, "into": [m.id for m in kept]}))
    if back:
        events += _return(s, victim.team, back, victim.id, not kept)
    return events


def _return(s: NogginateState, team: int, cards: list[Card], mid: int, whole: bool) -> list[Event]:
    """NG-C8: cards a Steal broke off go back to the owning team's hands (``steal_return_policy``)."""
    n = s.n_seats
    order = [seat for k in range(1, n + 1) for seat in ((s.turn_seat + k) % n,) if seat in s.teams[team]]
    policy = s.variant.steal_return_policy
    what = f"m{mid} {'breaks up' if whole else 'is cut short'}: {' '.join(c.pretty for c in cards)}"
    data = {"meld": mid, "cards": [c.text for c in cards]}
    if len(order) > 1 and policy == "team_choice":
        s.returning = sorted(cards, key=_order)
        s.return_team = team
        s.return_seat = order[0]
        s.phase = Phase.RETURN
        return [Event("returned", f"{what} {agree(len(cards), 'goes', 'go')} back to the team; {{s{order[0]}}} "
                      f"{{s{order[0]}:gives|give}} {agree(len(cards), 'it', 'them')} out (NG-C8)",
                      order[0], data)]
    who = order[0]
    if policy == "fewest_cards":
        who = min(order, key=lambda seat: len(s.hands[seat]))
    s._receive(who, cards)
    return [Event("returned", f"{what} {agree(len(cards), 'goes', 'go')} back to {{seat:'s}} hand (NG-C8)", who,
                  data)]


def apply_give(s: NogginateState, g: Give) -> list[Event]:
    """NG-C8 (``team_choice``): one returned card into a team member's hand."""
    s.returning.remove(g.card)
    s._receive(g.seat, (g.card,))
    events = [Event("give", f"{{s{s.return_seat}}} {{s{s.return_seat}:gives|give}} {g.card.pretty} to "
                    "{seat} (NG-C8)", g.seat,
                    {"card": g.card.text, "cards": [g.card.text]})]
    if not s.returning:
        s.return_team = s.return_seat = -1
        s.phase = Phase.MELD
    return events


def apply_cheat_nate(s: NogginateState, a: CheatNate) -> list[Event]:
    """NG-22: meld the cheat-Nate (on the going-out turn; checked before)."""
    seat = s.turn_seat
    for c in a.cards:
        s._lose(seat, c)
    mid = s.next_id
    s.melds.append(new_meld(mid, s.team_idx[seat], CHEAT_NATE, a.cards))
    s.next_id += 1
    return [Event("meld", f"{{seat}} {{seat:melds|meld}} a cheat-Nate, m{mid}: "
                          f"{' '.join(c.pretty for c in a.cards)} (NG-22)", seat,
                  {"meld": mid, "cards": [c.text for c in a.cards]})]


#: Each power's effect, after :func:`apply_power` has taken its card from the hand.
_POWER_EFFECTS: dict[type, Callable[[NogginateState, Any, int, Card], list[Event]]] = {
    Show: _show, Tell: _tell, StartJokernate: _jokernate, Combine: _combine, HandsOff: _hands_off,
    Resurrect: _resurrect, Reconfigure: _reconfigure, Remove: _remove, Steal: _steal,
}
