"""Nogginate rules NG-1 .. NG-54 (``engine/games/nogginate/rules.md``) and the engine's
DECISIONs NG-26a, NG-32a, NG-44a, NG-45h, NG-54a: one or more tests per rule, every
option of the configuration summary except the cheat-card ones, the worked example
and the six test vectors.

Positions are built with :func:`table`: a new match, ``dealer`` applied through the
parser, then the hands, the discard pile and the melds set directly (the stock is the
rest of the 162-card deck, so card conservation holds), and the moves applied in
notation. Cheat cards (NG-11, NG-12, the cheat part of NG-22, NG-C*) are issue 14:
here only what exists now is tested (the cheat deck builder, ``use_cheat_cards``
refused with "not available yet").
"""

from __future__ import annotations

from collections import Counter

import pytest

from engine.cards import Card, CardKind
from engine.games.nogginate.cards import CHEAT_CARDS, CHEAT_KINDS, NOGGINATE, Kind, cheat_deck, nogginate_deck
from engine.core import CHANCE, TERMINAL, ActionParseError, IllegalAction
from engine.games.nogginate.cheats import HANDS_OFF
from engine.games.nogginate.game import Nogginate, NogginateState, NogginateVariant, Phase
from engine.games.nogginate.melds import (
    FREEZE_NATE, NATE, NOGGI, TableMeld, add_problem, card_value, minimum_for, nate_problem,
    nate_shape_ok, new_meld, noggi_problem)
from engine.variants import ConfigError, build_variant

JK = Card.joker()
FZ = Card.special(Kind.FREEZE)
BN = Card.special(Kind.BONUS)


def C(text: str) -> list[Card]:
    return NOGGINATE.parse_cards(text)


def A(text: str):
    return Nogginate.parse_action(text)


def play(s: NogginateState, *texts: str) -> list:
    events: list = []
    for t in texts:
        events += s.apply(A(t))
    return events


def texts(s: NogginateState) -> set[str]:
    return {str(a) for a in s.legal_actions()}


SUITS = "CDHS"


def filler(seat: int, pool: Counter) -> list[Card]:
    """Ten cards for a seat the test does not care about: one per rank 0..9, suits on a diagonal (no meld)."""
    out = []
    for r in range(10):
        for k in range(4):
            c = C(f"{r}{SUITS[(r + seat + k) % 4]}")[0]
            if pool[c] > len([x for x in out if x is c]):
                out.append(c)
                break
    return out


def table(hands: dict[int, str], *, n: int = 4, pile: str = "0S", melds: tuple = (), turn: int = 0,
          phase: int = Phase.ACQUIRE, down: tuple = (), totals: tuple | None = None, bonuses: tuple | None = None,
          stock: str | None = None, cheat_stock: str | None = None, **opts) -> NogginateState:
    """A match in round 1 with ``turn`` to move in ``phase``: ``hands`` (seat -> cards; other seats hold
    :func:`filler`), the discard pile ``pile`` (bottom first), ``melds`` as ``(team, kind, cards, closed)``
    or, with cheat cards, ``(team, kind, cards, closed, hands_off_cards)`` (ids m1, m2, ... in order), the
    teams in ``down`` down, the placed ``bonuses`` per team, and the stocks the rest of the decks (or exactly
    ``stock`` / ``cheat_stock``: the other cards are then out of play)."""
    s = Nogginate.new_state(NogginateVariant(**opts), n)
    s.apply(A(f"dealer {(turn - 1) % n}"))
    assert s.turn_seat == turn and s.phase == Phase.DEAL
    if totals is not None:
        s.totals = list(totals)
    deck = Counter(nogginate_deck()) + Counter(s.cheat_stock)
    pool = Counter(deck)

    def take(cs: list[Card]) -> list[Card]:
        pool.subtract(cs)
        assert all(v >= 0 for v in pool.values()), f"more copies than the decks hold: {cs}"
        return cs

    for i, (team, kind, cs, closed, *guards) in enumerate(melds, start=1):
        m = new_meld(i, team, kind, take(C(cs)))
        g = guards[0] if guards else 0
        take([HANDS_OFF] * g)
        s.melds.append(TableMeld(m.id, m.team, m.kind, m.cards, closed or m.closed, g))
    s.next_id = len(melds) + 1
    s.discards = take(C(pile))
    for seat in sorted(hands):
        s.hands[seat] = sorted(take(C(hands[seat])), key=lambda c: c.order)
    for seat in range(n):
        if seat not in hands:
            s.hands[seat] = sorted(take(filler(seat, pool)), key=lambda c: c.order)
    if bonuses is not None:
        s.bonuses = list(bonuses)
        take([BN] * sum(bonuses))
    s.cheat_stock = (take(C(cheat_stock)) if cheat_stock is not None
                     else [c for c in pool.elements() if c in CHEAT_CARDS])
    if cheat_stock is None:
        pool.subtract(s.cheat_stock)
    s.stock = take(C(stock)) if stock is not None else [c for c in pool.elements() if c not in CHEAT_CARDS]
    for t in down:
        if t < len(s.down):
            s.down[t] = True
    s.phase = phase
    if stock is None and cheat_stock is None:
        assert Counter(c for z in s.zones().values() for c in z) == deck
    return s


def end_round_by_stock(s: NogginateState) -> list:
    """Empty the stock and let the player to move draw: the round ends (NG-31)."""
    s.stock = []
    s.phase = Phase.ACQUIRE
    return s.apply(A("draw"))


# ---------------------------------------------------------------------------
# Players, teams and seating
# ---------------------------------------------------------------------------

def test_ng1_two_to_six_players_partners_only_with_four_and_six():
    """NG-1: 2-6 players; with 4 or 6 everyone has a partner, with 2, 3, 5 everyone plays alone."""
    for n in (1, 7):
        with pytest.raises(ValueError):
            Nogginate.new_state(NogginateVariant(), n)
    for n in range(2, 7):
        s = Nogginate.new_state(NogginateVariant(), n)
        assert s.partnership == (n in (4, 6))
        assert sorted(x for t in s.teams for x in t) == list(range(n))


def test_ng2_a_single_player_is_a_team():
    """NG-2: in a 3-player game each player is a team: melds, down and totals are per player."""
    s = table({0: "4S 5S 6S 9C 9D 9H 2C"}, n=3, phase=Phase.MELD)
    assert s.teams == ((0,), (1,), (2,))
    play(s, "noggi 4S 5S 6S", "nate 9C 9D 9H")
    assert s.down == [True, False, False] and all(m.team == 0 for m in s.melds)
    assert s.scores() == [float(t) for t in s.totals]


def test_ng3_four_players_partners_sit_opposite_and_turns_alternate():
    """NG-3: seats {0,2} and {1,3}; turns go 0,1,2,3 so teams alternate."""
    assert Nogginate.teams(4, NogginateVariant()) == [[0, 2], [1, 3]]
    s = table({0: "4S 5S 9C 9D"}, phase=Phase.MELD)
    order = []
    for _ in range(4):
        order.append(s.team_of(s.turn_seat))
        hand = s.hands[s.turn_seat]
        s.phase = Phase.MELD
        s.apply(A(f"discard {hand[0].text}"))
    assert order == [0, 1, 0, 1]


def test_ng4_six_players_three_partnerships_or_two_teams_of_three():
    """NG-4: 6 players are three partnerships {0,3},{1,4},{2,5} by default; "2x3" gives {0,2,4},{1,3,5}."""
    assert Nogginate.teams(6, NogginateVariant()) == [[0, 3], [1, 4], [2, 5]]
    assert Nogginate.teams(6, NogginateVariant(six_player_teams="2x3")) == [[0, 2, 4], [1, 3, 5]]
    s = Nogginate.new_state(NogginateVariant(), 6)
    assert s.partner_of(0) == 3 and s.partner_of(4) == 1
    with pytest.raises(ConfigError):
        build_variant(NogginateVariant, {"six_player_teams": "3x3"})


def test_ng5_first_dealer_at_random_the_deal_rotates_and_the_left_of_the_dealer_starts():
    """NG-5: the first dealer is a chance step; seat dealer+1 plays first; the deal passes clockwise."""
    s = Nogginate.new_state(NogginateVariant(), 4)
    assert s.to_move == CHANCE
    import random
    seen = {str(s.sample_chance(random.Random(i))) for i in range(40)}
    assert seen == {"dealer 0", "dealer 1", "dealer 2", "dealer 3"}
    s = table({1: "4S 5S"}, turn=1, phase=Phase.MELD)
    assert s.dealer == 0 and s.to_move == 1
    end_round_by_stock(s)
    assert s.dealer == 1 and s.phase == Phase.DEAL
    s.apply(s.sample_chance(random.Random(1)))
    s.apply(s.sample_chance(random.Random(2)))
    assert s.to_move == 2


def test_ng6_melds_belong_to_the_team_and_never_take_an_opponents_cards():
    """NG-6: either partner adds to the team's melds; adding to another team's meld is refused naming NG-6."""
    s = table({0: "4S 5S 9C", 2: "7S 9D"}, melds=((0, NOGGI, "5S 6S 7S", False), (1, NATE, "9H 9H 9S", False)),
              down=(0, 1), phase=Phase.MELD)
    assert "add m1 4S" in texts(s)
    assert "NG-6" in s.why_illegal(A("add m2 9C"))
    assert "add m2 9C" not in texts(s)
    play(s, "add m1 4S", "discard 9C")
    s.phase = Phase.MELD
    s.apply(A(f"discard {s.hands[1][0].text}"))  # seat 1
    s.phase = Phase.MELD
    assert s.to_move == 2 and s.is_legal(A("add m1 8S")) is False and s.is_legal(A("add m1 3S")) is False
    s.hands[2] = sorted(C("8S 3S 9D"), key=lambda c: c.order)
    assert s.is_legal(A("add m1 8S")) and s.is_legal(A("add m1 3S"))


def test_ng7_no_table_talk_a_seat_sees_only_its_own_hand_and_the_others_draw_counts():
    """NG-7: the only partner communication is the go-out question; a view holds its own hand only and
    others see a draw as ``drawn 2``."""
    s = table({0: "4S 5S", 2: "7H 7D"})
    v = s.view(2)
    assert v.hand == tuple(s.hands[2]) and v.hand_sizes == (2, 10, 2, 10)
    assert not hasattr(v, "hands")
    s.apply(A("draw"))
    d = A("drawn 7H 3S")
    assert s.observation(d, 0) == "drawn 3S 7H"
    assert s.observation(d, 2) == "drawn 2"


# ---------------------------------------------------------------------------
# The cards
# ---------------------------------------------------------------------------

def test_ng8_the_custom_deck_has_162_cards():
    """NG-8: 132 numeric, 6 Freeze, 18 Joker, 6 Bonus."""
    d = nogginate_deck()
    assert len(d) == 162
    assert sum(c.is_natural for c in d) == 132
    assert d.count(FZ) == 6 and d.count(JK) == 18 and d.count(BN) == 6
    s = table({})
    assert sum(len(z) for z in s.zones().values()) == 162


def test_ng9_eleven_ranks_four_suits_three_copies_of_each_card():
    """NG-9: ranks 0..10 in four suits, 12 copies per rank, 3 per suit and rank."""
    d = Counter(c for c in nogginate_deck() if c.is_natural)
    assert len(d) == 44 and set(d.values()) == {3}
    assert sorted({c.rank for c in d}) == list(range(11))


def test_ng10_card_point_values():
    """NG-10: 0-3 are 5, 4-9 are 10, 10 is 20, Freeze 5, Joker 50, Bonus 100, cheat cards 0."""
    for r in range(11):
        assert card_value(C(f"{r}H")[0]) == (5 if r <= 3 else 20 if r == 10 else 10)
    assert (card_value(FZ), card_value(JK), card_value(BN)) == (5, 50, 100)
    assert all(card_value(c) == 0 for c in cheat_deck())


def test_ng11_the_cheat_deck_is_a_second_stock_with_use_cheat_cards():
    """NG-11/NG-15: the cheat deck has 6 each of 9 types (54 cards); with ``use_cheat_cards`` a partnership
    game starts its round with all 54 as the cheat stock and an empty cheat discard pile (default off)."""
    deck = cheat_deck()
    assert len(deck) == 54 and Counter(c.kind for c in deck) == {k: 6 for k in CHEAT_KINDS}
    assert len(CHEAT_KINDS) == 9
    assert NogginateVariant().use_cheat_cards is False
    assert NogginateVariant(use_cheat_cards=True).problems() == []
    s = Nogginate.new_state(NogginateVariant(use_cheat_cards=True), 4)
    assert Counter(s.cheat_stock) == Counter(deck) and s.cheat_discards == []
    assert Nogginate.new_state(NogginateVariant(), 4).cheat_stock == []


def test_ng12_show_and_tell_are_left_out_of_an_individual_games_cheat_deck():
    """NG-12: without Show and Tell the cheat deck has 42 cards (built with ``cheat_deck``); the option
    ``show_tell_in_individual_games`` exists, default False. Dealing the cheat deck comes with issue 14."""
    kinds = [k for k in CHEAT_KINDS if k not in (Kind.SHOW, Kind.TELL)]
    assert len(cheat_deck(kinds)) == 42
    assert NogginateVariant().show_tell_in_individual_games is False
    assert build_variant(NogginateVariant, {"show_tell_in_individual_games": True}).show_tell_in_individual_games
    with pytest.raises(ValueError):
        cheat_deck([CardKind.JOKER])


# ---------------------------------------------------------------------------
# Deal
# ---------------------------------------------------------------------------

def test_ng13_fifteen_cards_each_one_at_a_time_from_the_dealers_left():
    """NG-13: 15 cards each; a deal of another size is refused naming NG-13; no cheat cards are dealt."""
    import random
    s = Nogginate.new_state(NogginateVariant(), 4)
    s.apply(A("dealer 2"))
    deal = s.sample_chance(random.Random(5))
    assert all(len(h) == 15 for h in deal.hands)
    bad = Nogginate.parse_action("deal " + " / ".join(["0C 1C 2C"] * 4))
    with pytest.raises(IllegalAction, match="NG-13"):
        s.clone().apply(bad)
    s.apply(deal)
    assert all(len(h) == 15 for h in s.hands) and len(s.stock) == 162 - 60
    assert not any(c in CHEAT_CARDS for z in s.zones().values() for c in z)


def test_ng14_the_upcard_stays_even_a_joker_and_blocks_the_pile():
    """NG-14: the up-card starts the pile, whatever it is; a Joker up-card freezes the pile for the first
    player (NG-35)."""
    import random
    s = Nogginate.new_state(NogginateVariant(), 4)
    s.apply(A("dealer 3"))
    s.apply(s.sample_chance(random.Random(3)))
    s.hands[0] = sorted(C("7H 7D 7S 8S 9S 10S") + s.hands[0][6:], key=lambda c: c.order)
    s.stock = [c for c in nogginate_deck() if c not in s.hands[0]][:50] + [JK]
    events = s.apply(A("upcard JK"))
    assert s.discards == [JK] and s.phase == Phase.ACQUIRE and "NG-35" in events[0].text
    assert [str(a) for a in s.legal_actions()] == ["draw"]


def test_ng15_no_cheat_stock_without_cheat_cards():
    """NG-15: the cheat stock and cheat discard pile exist only with cheat cards (issue 14); with them off
    every card of every zone is a custom card."""
    s = table({0: "4S 5S"})
    assert {c in CHEAT_CARDS for z in s.zones().values() for c in z} == {False}
    assert set(s.zones()) == {"stock", "discards", "melds", "bonuses", "hand 0", "hand 1", "hand 2", "hand 3"}


# ---------------------------------------------------------------------------
# Melds
# ---------------------------------------------------------------------------

def test_ng16_a_noggi_is_a_run_of_one_suit_without_wrapping():
    """NG-16: 3+ consecutive ranks of one suit, no duplicates, no wrapping 10-0; at most 11 cards."""
    assert noggi_problem(C("4S 5S 6S")) is None
    assert "NG-16" in noggi_problem(C("4S 5S"))
    assert "NG-16" in noggi_problem(C("4S 5H 6S"))
    assert "NG-16" in noggi_problem(C("4S 5S 5S"))
    assert "NG-16" in noggi_problem(C("9S 10S 0S"))
    assert noggi_problem(C(" ".join(f"{r}S" for r in range(11)))) is None
    full = new_meld(1, 0, NOGGI, C(" ".join(f"{r}S" for r in range(11))))
    assert add_problem(full, C("0S")[0]) is not None
    m = new_meld(1, 0, NOGGI, C("8S 9S 10S"))
    assert "NG-16" in add_problem(m, C("0S")[0])
    with pytest.raises(ActionParseError, match="NG-26a"):
        A("noggi 4S 5S 6S 7S")


def test_ng17_closing_a_noggi_is_optional_from_seven_cards_and_a_closed_noggi_takes_no_more():
    """NG-17: ``close`` is offered from 7 cards (not at 6), never forced; a closed Noggi cannot be extended;
    an open Noggi of 7+ scores nothing and does not count toward NG-43."""
    s = table({0: "3S 10S 9C 9D"}, melds=((0, NOGGI, "4S 5S 6S 7S 8S 9S", False),), down=(0,), phase=Phase.MELD)
    assert "NG-17" in s.why_illegal(A("close m1")) and "close m1" not in texts(s)
    play(s, "add m1 3S")
    assert not s.melds[0].closed and "close m1" in texts(s) and "discard 9C" in texts(s)
    play(s, "close m1")
    assert s.melds[0].closed and "NG-17" in s.why_illegal(A("add m1 10S"))
    assert "add m1 10S" not in texts(s)
    # an open Noggi of 7 cards scores nothing and counts for nothing
    s = table({0: "9C"}, n=2, melds=((0, NOGGI, "1S 2S 3S 4S 5S 6S 7S", False),
                                     (0, NATE, "9H 9H 9S 9S 9D 9D 9D", True)), down=(0,))
    assert not s.team_qualifies(0)
    assert s.round_points(None)[0] == -10


def test_ng17_closing_on_the_going_out_turn():
    """NG-17/NG-43: a Noggi may be closed on the turn its player goes out, counting for the two closed melds."""
    s = table({0: "3S 9C"}, n=2, melds=((0, NOGGI, "4S 5S 6S 7S 8S 9S", False), (0, NATE, "9H 9H 9S 9S 9D 9D 9D",
                                                                                    True)), down=(0,), phase=Phase.MELD)
    play(s, "add m1 3S")
    assert "NG-43" in s.why_illegal(A("discard 9C"))
    assert "pass" in texts(s)
    play(s, "close m1")
    assert "discard 9C" in texts(s)
    events = play(s, "discard 9C")
    assert s.out_seat == 0 and any(e.kind == "out" for e in events)
    assert s.round_scores[-1][0] == 1500 + 500 + 200


def test_ng18_a_super_noggi_closes_itself():
    """NG-18: adding the 11th rank closes the Noggi (no ``close`` needed); it scores 2,000 (NG-51)."""
    s = table({0: "0S 9C 9D"}, melds=((0, NOGGI, "1S 2S 3S 4S 5S 6S 7S 8S 9S 10S", False),), down=(0,),
              phase=Phase.MELD)
    events = play(s, "add m1 0S")
    assert s.melds[0].closed and s.melds[0].is_super
    assert any("NG-18" in e.text for e in events)
    assert "close m1" not in texts(s)
    assert new_meld(2, 0, NOGGI, C(" ".join(f"{r}H" for r in range(11)))).closed


def test_ng19_several_noggis_of_one_suit_and_no_joining_without_combine():
    """NG-19: a team may hold two Noggis of one suit with overlapping ranks; two Noggis are never merged
    (that needs the Combine cheat card, issue 14)."""
    s = table({0: "4S 5S 6S 9C 9D"}, melds=((0, NOGGI, "3S 4S 5S", False),), down=(0,), phase=Phase.MELD)
    assert "noggi 4S 5S 6S" in texts(s)
    play(s, "noggi 4S 5S 6S")
    assert "NG-19" in s.why_illegal(A("merge m1 m2"))
    assert not any(t.startswith("merge") for t in texts(s))


def test_ng20_nate_shapes():
    """NG-20: one rank, at most 2 jokers and naturals >= 2 x jokers; a 2-joker Nate has 6+ cards; max 14."""
    assert nate_problem(C("7C 7D 7H")) is None
    assert nate_problem(C("7C 7D JK")) is None
    assert "NG-20" in nate_problem(C("7C JK JK"))
    assert "NG-20" in nate_problem(C("7C 7D 8H"))
    assert "NG-20" in nate_problem(C("7C 7D FZ"))
    assert nate_shape_ok(4, 2) and not nate_shape_ok(3, 2) and not nate_shape_ok(12, 3) and nate_shape_ok(12, 2)
    m = new_meld(1, 0, NATE, C("7C 7D 7H JK"))
    assert "NG-20" in add_problem(m, JK)
    assert add_problem(new_meld(1, 0, NATE, C("7C 7D 7H 7S JK")), JK) is None
    assert "NG-20" in add_problem(m, C("8H")[0])


def test_ng21_a_nate_closes_itself_at_seven_and_still_grows():
    """NG-21: the 7th card closes a Nate at once; cards may still be added to a closed Nate (within NG-20);
    a Nate is never closed by choice; clean/dirty is judged by jokers."""
    s = table({0: "9C 9H 9S JK 2C"}, melds=((0, NATE, "9D 9D 9D 9H 9H JK", False),), down=(0,), phase=Phase.MELD)
    assert "NG-17" in s.why_illegal(A("close m1"))
    events = play(s, "add m1 9C")
    assert s.melds[0].closed and any("NG-21" in e.text for e in events)
    assert "add m1 9H" in texts(s) and "add m1 JK" in texts(s)
    play(s, "add m1 9H", "add m1 JK")
    assert s.melds[0].closed and len(s.melds[0].cards) == 9 and not s.melds[0].is_clean
    assert new_meld(2, 0, NATE, C("5C 5C 5C 5D 5D 5D 5H")).is_clean


def test_ng22_a_freeze_nate_only_on_the_going_out_turn():
    """NG-22: 3+ Freeze cards melded as their own Nate only on the going-out turn (at most one card left to
    discard, and the team may go out); it never counts as closed and scores 0. Cheat-Nates and the option
    ``cheat_nate_mixed_types`` come with issue 14 (the option exists, default False)."""
    closed2 = ((0, NOGGI, "1S 2S 3S 4S 5S 6S 7S", True), (0, NATE, "9H 9H 9S 9S 9D 9D 9D", True))
    s = table({0: "FZ FZ FZ 4C 8D"}, n=2, melds=closed2, down=(0,), phase=Phase.MELD)
    assert "NG-22" in s.why_illegal(A("freezenate FZ FZ FZ"))
    play(s, "discard 8D")
    s.turn_seat, s.phase = 0, Phase.MELD
    assert "freezenate FZ FZ FZ" in texts(s)
    play(s, "freezenate FZ FZ FZ")
    assert s.melds[-1].kind == FREEZE_NATE and not s.melds[-1].closed
    play(s, "discard 4C")
    assert s.round_scores[-1][0] == 1500 + 500 + 200
    # a team that may not go out may not meld Freeze cards, however few cards are left
    s = table({0: "FZ FZ FZ 4C"}, n=2, melds=closed2[:1], down=(0,), phase=Phase.MELD)
    assert "NG-22" in s.why_illegal(A("freezenate FZ FZ FZ"))
    # a Freeze-Nate does not count toward NG-43
    s = table({0: "4C"}, n=2, melds=closed2[:1] + ((0, FREEZE_NATE, "FZ FZ FZ", False),), down=(0,))
    assert not s.team_qualifies(0)
    # partnership: only after the partner said yes
    s = table({0: "FZ FZ FZ 4C"}, melds=closed2, down=(0,), phase=Phase.MELD)
    assert "NG-45a" in s.why_illegal(A("freezenate FZ FZ FZ"))
    play(s, "ask", "yes")
    assert s.is_legal(A("freezenate FZ FZ FZ"))
    assert NogginateVariant().cheat_nate_mixed_types is False


def test_ng23_no_nate_of_jokers_only_without_the_jokernate_card():
    """NG-23: a Jokernate needs the Jokernate cheat card (issue 14); without it three jokers are no Nate."""
    assert "NG-20" in nate_problem([JK, JK, JK])
    s = table({0: "JK JK JK 4C"}, phase=Phase.MELD, down=(0,))
    assert "NG-20" in s.why_illegal(A("nate JK JK JK"))
    assert not any(t.startswith("nate") for t in texts(s))


def test_ng24_merging_two_open_nates_of_a_rank():
    """NG-24: two open Nates of one rank merge if the result obeys NG-20 (closing at 7); a closed Nate,
    two ranks or too many jokers are refused naming NG-24."""
    s = table({0: "9C 2C"}, melds=((0, NATE, "5C 5D JK", False), (0, NATE, "5H 5S 5S 5C", False),
                                   (0, NATE, "5D 5D 5H 5H JK JK", False), (0, NATE, "8C 8D 8H", False),
                                   (0, NATE, "8C 8D 8H 8S 8S 8S 8D", True)), down=(0,), phase=Phase.MELD)
    legal = texts(s)
    assert "merge m1 m2" in legal and "merge m2 m3" in legal
    assert "merge m1 m3" not in legal and "NG-24" in s.why_illegal(A("merge m1 m3"))  # 3 jokers
    assert "NG-24" in s.why_illegal(A("merge m1 m4"))
    assert "NG-24" in s.why_illegal(A("merge m4 m5"))
    events = play(s, "merge m1 m2")
    assert [m.id for m in s.melds] == [1, 3, 4, 5]
    assert s.melds[0].closed and len(s.melds[0].cards) == 7 and any("NG-21" in e.text for e in events)


def test_ng25_jokers_never_go_in_a_noggi():
    """NG-25: a joker is refused in a new Noggi and as an addition to one."""
    m = new_meld(1, 0, NOGGI, C("4S 5S 6S"))
    assert "NG-25" in add_problem(m, JK)
    assert "NG-25" in noggi_problem(C("4S 5S") + [JK])
    s = table({0: "JK 4C 9C"}, melds=((0, NOGGI, "4S 5S 6S", False),), down=(0,), phase=Phase.MELD)
    assert "NG-25" in s.why_illegal(A("add m1 JK")) and "add m1 JK" not in texts(s)


# ---------------------------------------------------------------------------
# Turn structure
# ---------------------------------------------------------------------------

def test_ng26_acquire_then_meld_then_end():
    """NG-26: a turn starts with one acquisition (draw, pile, onto); melds and discards before it are
    refused naming NG-26, and a second acquisition too; the discard ends the turn."""
    s = table({0: "4S 5S 6S 9C 9D", 1: "2C 3C"}, down=(0,))
    assert "NG-26" in s.why_illegal(A("noggi 4S 5S 6S"))
    assert "NG-26" in s.why_illegal(A("discard 9C"))
    assert {str(a) for a in s.legal_actions()} == {"draw"}
    play(s, "draw", "drawn 7S 3S")
    assert s.phase == Phase.MELD and "NG-26" in s.why_illegal(A("draw"))
    play(s, "noggi 4S 5S 6S", "add m1 7S", "discard 9C")
    assert s.turn_seat == 1 and s.phase == Phase.ACQUIRE


def test_ng26a_one_meld_or_one_card_per_action():
    """NG-26a: a new meld is laid with exactly three cards and grows one card at a time; the whole plan
    of a turn is reachable that way."""
    with pytest.raises(ActionParseError, match="NG-26a"):
        A("nate 7C 7D 7H 7S")
    s = table({0: "7C 7D 7H 7S JK 4S 5S 6S 7S 8S 2C"}, phase=Phase.MELD)
    play(s, "nate 7C 7D 7H", "add m1 7S", "add m1 JK", "noggi 4S 5S 6S", "add m2 7S", "add m2 8S")
    assert s.down[0] and [len(m.cards) for m in s.melds] == [5, 5] and [c.text for c in s.hands[0]] == ["2C"]


def test_ng27_the_discard_is_one_card_and_ends_the_turn():
    """NG-27: exactly one card is discarded onto the custom pile; the turn passes. (Cheat-card discards come
    with issue 14.)"""
    s = table({0: "9C 9D 4H"}, phase=Phase.MELD, pile="5S")
    play(s, "discard 9D")
    assert [c.text for c in s.discards] == ["5S", "9D"] and len(s.hands[0]) == 2 and s.turn_seat == 1
    with pytest.raises(ActionParseError):
        A("discard 9C 9D")


def test_ng28_a_draw_takes_two_custom_cards():
    """NG-28: without cheat cards a draw takes two cards of the custom stock."""
    import random
    s = table({0: "9C 9D"})
    play(s, "draw")
    assert s.phase == Phase.DRAW and s.to_move == CHANCE
    d = s.sample_chance(random.Random(0))
    assert len(d.cards) == 2 and all(c not in CHEAT_CARDS for c in d.cards)
    with pytest.raises(IllegalAction):
        s.clone().apply(A("drawn 7H"))
    s.apply(d)
    assert len(s.hands[0]) == 4


def test_ng29_one_custom_card_left_draws_one():
    """NG-29: with one card in the stock a draw takes just that card (``last_custom_card_topup_from_cheat``
    is a cheat option, issue 14; default False)."""
    import random
    s = table({0: "9C 9D"}, stock="4H")
    events = play(s, "draw")
    assert events == []
    d = s.sample_chance(random.Random(0))
    assert str(d) == "drawn 4H"
    with pytest.raises(IllegalAction):
        s.clone().apply(A("drawn 4H 4H"))
    events = s.apply(d)
    assert "NG-29" in events[0].text and s.stock == [] and len(s.hands[0]) == 3
    assert NogginateVariant().last_custom_card_topup_from_cheat is False


def test_ng30_no_cheat_draws_without_a_cheat_stock():
    """NG-30: the cheat stock is issue 14; now a draw never yields a cheat card (a ``drawn`` naming one, or a
    card the stock does not hold, is refused)."""
    s = table({0: "9C 9D"})
    play(s, "draw")
    with pytest.raises(IllegalAction):
        s.apply(A("drawn STL 4H"))
    s = table({0: "9C 9D"}, stock="4H 5H")
    play(s, "draw")
    with pytest.raises(IllegalAction):
        s.apply(A("drawn 4H JK"))


def test_ng31_an_empty_stock_ends_the_round_with_nobody_out():
    """NG-31: with the stock empty the pile may still be taken; ``draw`` ends the round at once and scores
    it; nobody gets the 200 going-out bonus."""
    two_closed = ((0, NOGGI, "1S 2S 3S 4S 5S 6S 7S", True), (0, NATE, "9H 9H 9S 9S 9D 9D 9D", True))
    s = table({0: "4C 4D 8C", 1: "5C"}, n=2, melds=two_closed, pile="2S 4H", down=(0,), stock="")
    assert s.stock == [] and "pile 4C 4D" in texts(s) and "draw" in texts(s)
    events = play(s, "draw")
    assert any("NG-31" in e.text for e in events)
    assert s.out_seat is None and s.round_no == 1 and s.phase == Phase.DEAL
    assert s.round_scores[0] == [1500 + 500 - (10 + 10 + 10), -10]


# ---------------------------------------------------------------------------
# Going down
# ---------------------------------------------------------------------------

def test_ng32_minimum_initial_meld_by_score_and_min_meld_when_negative():
    """NG-32: 50 below 1,500 (negative included), 90 to 2,995, 120 to 4,995, 150 from 5,000; the option
    ``min_meld_when_negative`` sets the negative score's minimum; the table uses the start-of-round total."""
    assert [minimum_for(x) for x in (-200, 0, 1495, 1500, 2995, 3000, 4995, 5000, 9000)] == \
        [50, 50, 50, 90, 90, 120, 120, 150, 150]
    assert minimum_for(-5, when_negative=15) == 15 and minimum_for(0, when_negative=15) == 50
    s = table({0: "4S 5S 6S 9C 9D 9H 2C"}, phase=Phase.MELD, totals=(3000, 0))
    assert s.minimum(0) == 120 and s.minimum(1) == 50
    assert "NG-32" in s.why_illegal(A("noggi 4S 5S 6S"))
    s = table({0: "4S 5S 6S 2C"}, phase=Phase.MELD, totals=(-100, 0), min_meld_when_negative=30)
    assert s.minimum(0) == 30
    play(s, "noggi 4S 5S 6S")
    assert s.down[0]


def test_ng32a_a_started_initial_meld_must_be_finished_this_turn():
    """NG-32a: once melding starts the turn cannot end before the minimum; only melds that keep it
    reachable are offered; one card must stay in hand."""
    s = table({0: "4S 5S 6S 9C 9D JK 1H 2D"}, phase=Phase.MELD)
    assert s.is_legal(A("noggi 4S 5S 6S"))
    play(s, "noggi 4S 5S 6S")
    assert s.need == 20 and not s.down[0]
    assert "NG-32" in s.why_illegal(A("discard 1H"))
    legal = texts(s)
    assert legal and all(t.startswith(("nate", "add", "noggi")) for t in legal)
    play(s, "nate 9C 9D JK")
    assert s.down[0] and s.need == 0 and "discard 1H" in texts(s)
    # a line that would need the last card of the hand is not offered
    s = table({0: "4S 5S 6S 9C 9D 9H"}, phase=Phase.MELD)
    assert not s.is_legal(A("noggi 4S 5S 6S")) and "NG-32" in s.why_illegal(A("nate 9C 9D 9H"))
    assert not any(t.startswith(("noggi", "nate")) for t in texts(s))


def test_ng33_bonus_cards_and_buried_pile_cards_do_not_count_toward_the_minimum():
    """NG-33: a placed Bonus is worth nothing toward the minimum; of a taken pile only the top card counts."""
    s = table({0: "BN 4S 5S 6S 9C"}, phase=Phase.MELD)
    play(s, "bonus")
    assert s.need == 0 and not s.down[0]
    assert not s.is_legal(A("noggi 4S 5S 6S"))
    s = table({0: "7H 7D 2C 3C 4C 9S"}, pile="10S 10D 10H JK 7S")
    play(s, "pile 7H 7D")
    assert s.need == 50 - 30 and s.pile_rest and [c.text for c in s.discards] == ["10S", "10D", "10H", "JK"]


def test_ng34_placing_a_bonus_card_does_not_make_a_team_down():
    """NG-34: after ``bonus`` the team is still not down and its minimum still applies."""
    s = table({0: "BN 9C 9D 2C"}, phase=Phase.MELD)
    play(s, "bonus")
    assert s.bonuses[0] == 1 and s.down == [False, False]
    assert "discard 9C" in texts(s)


# ---------------------------------------------------------------------------
# The discard pile
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("top", ["FZ", "JK", "BN"])
def test_ng35_a_special_card_on_top_freezes_the_pile(top):
    """NG-35: with a Freeze, Joker or Bonus on top nobody takes the pile; the refusal names NG-35."""
    s = table({0: "5H 5D 5C 9S", 1: "5S 5S 2C"}, pile=f"5C {top}")
    assert texts(s) == {"draw"}
    assert "NG-35" in s.why_illegal(A("pile 5H 5D"))


def test_ng35_only_the_top_card_matters():
    """NG-35: a Freeze card buried in the pile has no effect once a numeric card lies on top."""
    s = table({0: "5H 5D 10C 10D 10H 2C"}, pile="3C FZ JK BN 5C")
    assert "pile 5D 5H" in texts(s)
    play(s, "pile 5H 5D")
    assert s.pile_rest and s.need == 20


def test_ng36_taking_the_pile_before_going_down_the_rest_waits():
    """NG-36: the top card and two naturals form a Nate; a team not down must then meld the minimum from
    the hand (the top card counts, the rest of the pile does not) before the rest joins the hand."""
    s = table({0: "7H 7D 4S 5S 6S 2C"}, pile="9C 9D 9H 7S")
    legal = texts(s)
    assert "pile 7D 7H" in legal
    events = play(s, "pile 7H 7D")
    assert any(e.kind == "pile_wait" and "NG-36" in e.text for e in events)
    assert s.pile_rest and s.need == 20 and [c.text for c in s.discards] == ["9C", "9D", "9H"]
    assert len(s.hands[0]) == 4 and s.melds[0].kind == NATE and len(s.melds[0].cards) == 3
    assert "NG-32" in s.why_illegal(A("discard 2C"))
    events = play(s, "noggi 4S 5S 6S")
    assert s.down[0] and not s.pile_rest and s.discards == []
    assert sorted(c.text for c in s.hands[0]) == sorted(["2C", "9C", "9D", "9H"])
    assert any(e.kind == "pile_rest" for e in events)
    assert s.known[0] and sorted(c.text for c in s.known[0]) == ["9C", "9D", "9H"]


def test_ng36_the_pile_cannot_be_taken_if_the_minimum_cannot_be_met():
    """NG-36 step 3: not down and the hand cannot complete the minimum: the pile is refused naming NG-36."""
    s = table({0: "7H 7D 2C 9S"}, pile="9C 9D 9H 7S")
    assert "NG-36" in s.why_illegal(A("pile 7H 7D"))
    assert texts(s) == {"draw"}
    # a high top card may be enough on its own
    s = table({0: "10H 10D 2C"}, pile="9C 10S")
    play(s, "pile 10H 10D")
    assert s.down[0] and [c.text for c in s.hands[0]] == ["2C", "9C"]


def test_ng36_two_naturals_jokers_cannot_stand_in_and_an_existing_nate():
    """NG-36: two natural cards of the top's rank are needed (a joker does not stand in); a team that is
    down may take the pile onto its Nate of that rank, open or closed."""
    s = table({0: "7H JK 2C"}, pile="7S", down=(0,))
    assert texts(s) == {"draw"}
    assert "NG-36" in s.why_illegal(A("pile 7H JK"))
    s = table({0: "7H 7D 2C"}, pile="3C 7S", down=(0,),
              melds=((0, NATE, "7C 7C 7C 7D 7D 7H 7H", True), (0, NATE, "7S 7S JK", False)))
    legal = texts(s)
    assert {"pile 7D 7H", "pile 7D 7H m1", "pile 7D 7H m2"} <= legal
    play(s, "pile 7H 7D m1")
    assert len(s.melds[0].cards) == 10 and s.melds[0].closed and [c.text for c in s.hands[0]] == ["2C", "3C"]
    s = table({0: "7H 7D 2C"}, pile="7S", down=(0,), melds=((1, NATE, "7C 7C 7C", False),))
    assert "NG-36" in s.why_illegal(A("pile 7H 7D m1"))


def test_ng37_the_top_card_onto_an_open_noggi():
    """NG-37: the top discard goes onto a team's open Noggi it extends; the rest of the pile stays; a closed
    Noggi, the wrong suit or rank are refused naming NG-37."""
    s = table({0: "2C 9D"}, pile="9C 3S", melds=((0, NOGGI, "4S 5S 6S", False), (0, NOGGI, "4H 5H 6H 7H 8H 9H 10H",
                                                                                  True),
                                                  (1, NOGGI, "4S 5S 6S", False)), down=(0,))
    assert {"draw", "onto m1"} == texts(s)
    assert "NG-37" in s.why_illegal(A("onto m2")) and "NG-37" in s.why_illegal(A("onto m3"))
    play(s, "onto m1")
    assert [c.text for c in s.melds[0].cards] == ["3S", "4S", "5S", "6S"] and [c.text for c in s.discards] == ["9C"]
    assert s.phase == Phase.MELD and len(s.hands[0]) == 2


def test_ng38_an_empty_pile_cannot_be_taken():
    """NG-38: with no discard pile only ``draw`` is offered; ``pile``/``onto`` are refused naming NG-38."""
    s = table({0: "7H 7D 2C"}, pile="", melds=((0, NOGGI, "4S 5S 6S", False),), down=(0,))
    assert texts(s) == {"draw"}
    assert "NG-38" in s.why_illegal(A("pile 7H 7D")) and "NG-38" in s.why_illegal(A("onto m1"))


# ---------------------------------------------------------------------------
# Freeze, Joker and Bonus cards
# ---------------------------------------------------------------------------

def test_ng39_a_freeze_card_goes_in_no_noggi_or_numeric_nate():
    """NG-39: Freeze cards are refused in Noggis and Nates; they score 5 in hand."""
    s = table({0: "FZ 9C 2C"}, melds=((0, NOGGI, "4S 5S 6S", False), (0, NATE, "9H 9D 9S", False)), down=(0,),
              phase=Phase.MELD)
    assert s.why_illegal(A("add m1 FZ")) and "NG-20" in s.why_illegal(A("add m2 FZ"))
    assert not any("FZ" in t and t.startswith("add") for t in texts(s))
    s = table({0: "FZ"}, n=2)
    assert s.round_points(None)[0] == -5


def test_ng40_a_joker_counts_fifty_toward_the_minimum():
    """NG-40: a joker in a new Nate counts 50: 2C 2D JK = 60 reaches 50 at once."""
    s = table({0: "2C 2D JK 9S"}, phase=Phase.MELD)
    play(s, "nate 2C 2D JK")
    assert s.down[0]
    s = table({0: "JK"}, n=2)
    assert s.round_points(None)[0] == -50


def test_ng41_a_bonus_discard_freezes_the_pile_and_has_no_effect_at_round_end():
    """NG-41: a Bonus card on top freezes the pile; lying in the pile at round end it costs nobody."""
    s = table({0: "BN 9C 9D", 1: "9H 9S 2C"}, n=2, phase=Phase.MELD, pile="9C")
    play(s, "discard BN")
    assert texts(s) == {"draw"}
    pts = s.round_points(None)
    assert pts == [-20, -25]


# ---------------------------------------------------------------------------
# Going out
# ---------------------------------------------------------------------------

CLOSED2 = ((0, NOGGI, "1S 2S 3S 4S 5S 6S 7S", True), (0, NATE, "9H 9H 9S 9S 9D 9D 9D", True))


def test_ng42_going_out_by_melding_everything_or_discarding_the_last_card():
    """NG-42: ``out`` with an empty hand, or the last card discarded (any card, a joker too)."""
    s = table({0: "8H 8C 8D"}, n=2, melds=CLOSED2, down=(0,), phase=Phase.MELD)
    play(s, "nate 8C 8D 8H")
    assert texts(s) >= {"out"} and "NG-42" not in (s.why_illegal(A("out")) or "")
    play(s, "out")
    assert s.out_seat == 0 and s.round_scores[-1][0] == 1500 + 500 + 200
    s = table({0: "JK"}, n=2, melds=CLOSED2, down=(0,), phase=Phase.MELD)
    assert "discard JK" in texts(s)
    play(s, "discard JK")
    assert s.out_seat == 0
    s = table({0: "8H 2C"}, n=2, melds=CLOSED2, down=(0,), phase=Phase.MELD)
    assert "NG-42" in s.why_illegal(A("out"))


def test_ng43_two_closed_melds_counting_those_closed_this_turn():
    """NG-43: the team needs two closed melds (either partner's) at the moment of going out; the last card
    may not be melded or discarded without them; a Nate closed this turn counts."""
    one = CLOSED2[:1] + ((0, NATE, "9H 9H 9S 9S 9D 9D", False),)
    s = table({0: "9C 4H"}, n=2, melds=one, down=(0,), phase=Phase.MELD)
    play(s, "add m2 9C")
    assert s.melds[1].closed and "discard 4H" in texts(s)
    # melding the last card is going out: allowed when it closes the second meld, refused when it does not
    s = table({0: "9C"}, n=2, melds=one, down=(0,), phase=Phase.MELD)
    assert s.why_illegal(A("add m2 9C")) is None
    play(s, "add m2 9C")
    assert texts(s) == {"out"}
    s = table({0: "9C"}, n=2, melds=CLOSED2[:1] + ((0, NATE, "9H 9H 9S 9S 9D", False),), down=(0,), phase=Phase.MELD)
    assert "NG-43" in s.why_illegal(A("add m2 9C")) and texts(s) == {"pass"}
    # both partners' melds count together
    s = table({2: "4H"}, turn=2, melds=CLOSED2, down=(0,), phase=Phase.MELD)
    assert texts(s) == {"ask"}


def test_ng44_one_card_left_without_two_closed_melds_says_pass():
    """NG-44: a team without two closed melds keeps one card: ``pass`` with one card left, the last card may
    not be discarded; with two or more cards a discard is due and pass is refused."""
    s = table({0: "4H 5H"}, n=2, melds=CLOSED2[:1], down=(0,), phase=Phase.MELD)
    assert "NG-44" in s.why_illegal(A("pass"))
    play(s, "discard 4H")
    s.turn_seat, s.phase = 0, Phase.MELD
    assert texts(s) == {"pass"}
    assert "NG-44" in s.why_illegal(A("discard 5H"))
    play(s, "pass")
    assert s.turn_seat == 1 and s.hands[0] == C("5H")


def test_ng44a_pass_when_going_out_is_not_allowed():
    """NG-44a: a pass after the partner's no, or with no question left; a qualified player who may ask must
    ask first; in an individual game a qualified player discards and goes out (no pass)."""
    s = table({0: "5H"}, melds=CLOSED2, down=(0,), phase=Phase.MELD)
    assert texts(s) == {"ask"}
    play(s, "ask", "no")
    assert texts(s) == {"pass"}
    s = table({0: "5H"}, melds=CLOSED2, down=(0,), phase=Phase.MELD, max_go_out_asks_per_round=1)
    s.asks[0] = 1
    assert texts(s) == {"pass"}
    s = table({0: "5H"}, n=2, melds=CLOSED2, down=(0,), phase=Phase.MELD)
    assert texts(s) == {"discard 5H"} and "NG-44" in s.why_illegal(A("pass"))


def test_ng45_the_partner_is_asked_and_the_answer_binds_both_ways():
    """NG-45: going out needs the partner's yes (a); ask only when the team meets NG-43 or can close to (b);
    once a turn (c); the partner answers (d); after yes the player must go out if able, after no must not (e)."""
    s = table({0: "8H 8C 8D 4S"}, melds=CLOSED2, down=(0,), phase=Phase.MELD)
    play(s, "nate 8C 8D 8H")
    assert "NG-45a" in s.why_illegal(A("discard 4S"))
    events = play(s, "ask")
    assert s.phase == Phase.ANSWER and s.to_move == 2 and any(e.kind == "ask" for e in events)
    assert {str(a) for a in s.legal_actions()} == {"yes", "no"}
    assert "NG-45d" in s.why_illegal(A("discard 4S"))
    play(s, "yes")
    assert s.phase == Phase.MELD and s.to_move == 0 and "NG-45c" in s.why_illegal(A("ask"))
    play(s, "discard 4S")
    assert s.out_seat == 0
    # yes binds: with two cards left and able to go out, a discard keeping a card is refused
    s = table({0: "8H 8C 8D 4S 5S 6S 0D"}, melds=CLOSED2, down=(0,), phase=Phase.MELD)
    play(s, "ask", "yes")
    assert "NG-45e" in s.why_illegal(A("discard 0D"))
    assert not any(t.startswith("discard") for t in texts(s))
    # no binds: the last card may not be melded or discarded
    s = table({0: "8H 8C 8D 9C"}, melds=CLOSED2, down=(0,), phase=Phase.MELD)
    play(s, "ask", "no", "nate 8C 8D 8H")
    assert "NG-45e" in s.why_illegal(A("add m2 9C")) and texts(s) == {"pass"}
    # (b) not before the team can meet NG-43
    s = table({0: "8H 8C 8D 9C"}, melds=CLOSED2[:1], down=(0,), phase=Phase.MELD)
    assert "NG-45b" in s.why_illegal(A("ask"))
    # (g) no question in an individual game
    s = table({0: "8H 8C 8D 9C"}, n=3, melds=CLOSED2, down=(0,), phase=Phase.MELD)
    assert "NG-45g" in s.why_illegal(A("ask"))


def test_ng45c_max_go_out_asks_per_round():
    """NG-45c: ``max_go_out_asks_per_round`` caps a team's questions in a round."""
    s = table({0: "8H 8C 8D 9C 2D"}, melds=CLOSED2, down=(0,), phase=Phase.MELD, max_go_out_asks_per_round=1)
    play(s, "ask", "no", "discard 2D")
    s.turn_seat, s.phase = 2, Phase.MELD
    s.hands[2] = sorted(C("4S 5S 6S 7S"), key=lambda c: c.order)
    assert "NG-45c" in s.why_illegal(A("ask"))
    s.turn_seat, s.phase, s.asked = 0, Phase.MELD, False
    s.variant = NogginateVariant()
    assert s.why_illegal(A("ask")) is None


def test_ng45h_the_next_teammate_answers_in_teams_of_three():
    """NG-45h: with ``six_player_teams = "2x3"`` the teammate who plays next after the asker answers."""
    s = table({4: "8H 8C 8D 9C"}, n=6, turn=4, melds=CLOSED2, down=(0,), phase=Phase.MELD, six_player_teams="2x3")
    play(s, "ask")
    assert s.to_move == 0
    s = table({3: "8H 8C 8D 9C"}, n=6, turn=3, melds=((1, NOGGI, "1S 2S 3S 4S 5S 6S 7S", True),
                                                      (1, NATE, "9H 9H 9S 9S 9D 9D 9D", True)),
              down=(1,), phase=Phase.MELD, six_player_teams="2x3")
    play(s, "ask")
    assert s.to_move == 5
    s = table({4: "8H 8C 8D 9C"}, n=6, turn=4, melds=((1, NOGGI, "1S 2S 3S 4S 5S 6S 7S", True),
                                                      (1, NATE, "9H 9H 9S 9S 9D 9D 9D", True)), down=(1,),
              phase=Phase.MELD)
    play(s, "ask")
    assert s.to_move == 1


def test_ng46_going_out_scores_two_hundred():
    """NG-46: the round ends at once when a player goes out; that team scores +200."""
    s = table({0: "4H"}, n=2, melds=CLOSED2, down=(0,), phase=Phase.MELD, totals=(0, 0))
    play(s, "discard 4H")
    assert s.round_scores[-1][0] == 2000 + 200 and s.phase == Phase.DEAL and s.round_no == 1


# ---------------------------------------------------------------------------
# Bonus cards
# ---------------------------------------------------------------------------

def test_ng47_a_bonus_card_may_be_placed_before_going_down_and_is_never_forced():
    """NG-47: ``bonus`` places a Bonus card even before the team is down; discarding is still allowed."""
    s = table({0: "BN 9C 9D"}, phase=Phase.MELD)
    assert "bonus" in texts(s) and "discard 9C" in texts(s)
    events = play(s, "bonus")
    assert s.bonuses[0] == 1 and "NG-47" in events[0].text and BN not in s.hands[0]
    assert "NG-35" not in "".join(e.text for e in play(s, "discard 9C"))


def test_ng48_bonus_cards_of_a_qualifying_team():
    """NG-48: +100 per placed Bonus card, 1,000 for all six, only for a team meeting NG-43."""
    s = table({0: "4H"}, n=2, melds=CLOSED2, bonuses=(2, 0))
    assert s.round_points(None)[0] == 2000 + 200 - 10
    s = table({0: "4H"}, n=2, melds=CLOSED2, bonuses=(6, 0))
    assert s.round_points(None)[0] == 2000 + 1000 - 10


def test_ng49_bonus_cards_of_a_team_that_does_not_qualify_and_all_bonus_penalty():
    """NG-49: -100 per placed Bonus card when the team misses NG-43; all six cost ``all_bonus_penalty``
    (600 by default)."""
    s = table({0: "4H"}, n=2, melds=CLOSED2[:1], bonuses=(3, 0))
    assert s.round_points(None)[0] == -300 - 10
    s = table({0: "4H"}, n=2, melds=CLOSED2[:1], bonuses=(6, 0))
    assert s.round_points(None)[0] == -600 - 10
    s = table({0: "4H"}, n=2, melds=CLOSED2[:1], bonuses=(6, 0), all_bonus_penalty=1000)
    assert s.round_points(None)[0] == -1000 - 10


def test_ng50_a_bonus_card_in_hand_costs_each_holder_750():
    """NG-50: -750 per player holding one or more Bonus cards (not their face value); partners each pay."""
    s = table({0: "BN BN 4H", 2: "BN"}, melds=CLOSED2)
    assert s.round_points(None)[0] == 2000 - 10 - 750 - 750
    s = table({1: "BN 4H"}, n=2)
    assert s.round_points(None)[1] == -750 - 10


def test_ng51_worked_example():
    """NG-51 worked example: team A 4,140, team B -885."""
    nine = " ".join(f"{r}H" for r in range(1, 9))
    s = table({0: "", 2: "4C JK", 1: "10C 7D BN", 3: "3H"},
              melds=((0, NOGGI, nine, True), (0, NOGGI, " ".join(f"{r}S" for r in range(11)), True),
                     (0, NATE, "5C 5C 5C 5D 5D 5D JK", True), (1, NATE, "6C 6C 6C 6D 6D 6D 6H", True)),
              bonuses=(2, 1))
    assert len(s.melds[0].cards) == 8 and s.melds[1].is_super
    assert s.round_points(0) == [4140, -885]


def test_ng51_open_melds_score_nothing():
    """NG-51: open melds score nothing; a qualifying team adds only its closed melds."""
    s = table({0: ""}, n=2, melds=CLOSED2 + ((0, NATE, "8C 8C 8C 8D 8D 8D", False), (0, NOGGI, "1H 2H 3H", False)))
    assert s.round_points(None)[0] == 2000


def test_ng52_score_melded_card_values():
    """NG-52: melded card values are not added, unless ``score_melded_card_values``."""
    melds = ((0, NATE, "8C 8C 8C", False),)
    assert table({0: ""}, n=2, melds=melds).round_points(None)[0] == 0
    assert table({0: ""}, n=2, melds=melds, score_melded_card_values=True).round_points(None)[0] == 30


def test_ng53_scores_are_cumulative_and_melds_are_cleared():
    """NG-53: totals add up round after round; the next round starts with no melds."""
    s = table({0: "4H", 1: "2C"}, n=2, melds=CLOSED2, down=(0,), phase=Phase.MELD, totals=(1000, -50))
    play(s, "discard 4H")
    assert s.totals == [1000 + 2200, -50 - 5] and s.melds == [] and s.down == [False, False]
    assert s.bonuses == [0, 0] and s.minimum(0) == 120


# ---------------------------------------------------------------------------
# Game end
# ---------------------------------------------------------------------------

def finish(s: NogginateState) -> None:
    end_round_by_stock(s)


def test_ng54_the_first_to_ten_thousand_wins():
    """NG-54: after a round, a team with 10,000 or more and the highest total wins."""
    s = table({0: "", 1: ""}, n=2, totals=(9990, 9000))
    finish(s)
    assert s.phase == Phase.DEAL
    s = table({0: "", 1: ""}, n=2, melds=CLOSED2, totals=(9000, 9990))
    finish(s)
    assert s.is_over and s.to_move == TERMINAL and s.winners() == [0]


@pytest.mark.parametrize("policy", ["play_on", "shared"])
def test_ng54_tie_policy(policy):
    """NG-54: teams tied for the lead at 10,000+: ``play_on`` (default) plays another round, ``shared``
    ends the match with both winning."""
    s = table({0: "", 1: ""}, n=2, totals=(10_000, 10_000), tie_policy=policy)
    finish(s)
    if policy == "play_on":
        assert s.phase == Phase.DEAL and s.winners() == []
    else:
        assert s.is_over and s.winners() == [0, 1]


def test_ng54_fixed_rounds():
    """NG-54: ``fixed_rounds`` plays that many rounds whatever the totals; the highest total wins."""
    s = table({0: "", 1: "4C"}, n=2, totals=(20_000, 0), fixed_rounds=2)
    finish(s)
    assert s.phase == Phase.DEAL and s.round_no == 1
    s.apply(A("deal " + " / ".join([" ".join(["0C"] * 3 + ["1C"] * 3 + ["2C"] * 3 + ["3C"] * 3 + ["4C"] * 3),
                                     " ".join(["0D"] * 3 + ["1D"] * 3 + ["2D"] * 3 + ["3D"] * 3 + ["4D"] * 3)])))
    s.apply(A("upcard 5C"))
    finish(s)
    assert s.is_over and s.winners() == [0] and len(s.round_scores) == 2


def test_ng54a_a_match_to_ten_thousand_ends_after_max_rounds():
    """NG-54a: ``max_rounds`` ends a match nobody wins (highest total wins, tied leaders share); tied leaders
    at 10,000+ stop playing on at the cap too."""
    s = table({0: "", 1: ""}, n=2, totals=(100, 100), max_rounds=1)
    finish(s)
    assert s.is_over and s.winners() == [0, 1]
    s = table({0: "", 1: "4C"}, n=2, totals=(100, 100), max_rounds=1)
    finish(s)
    assert s.winners() == [0]
    s = table({0: "", 1: ""}, n=2, totals=(10_000, 10_000), max_rounds=1)
    finish(s)
    assert s.is_over and s.winners() == [0, 1]
    assert NogginateVariant().max_rounds == 100


# ---------------------------------------------------------------------------
# Configuration summary
# ---------------------------------------------------------------------------

def test_ng17_auto_close_noggis_at_round_end():
    """NG-17 option ``auto_close_noggis_at_round_end``: an open Noggi of 7+ counts (and scores) as closed."""
    melds = ((0, NOGGI, "1S 2S 3S 4S 5S 6S 7S", False), (0, NATE, "9H 9H 9S 9S 9D 9D 9D", True),
             (0, NOGGI, "1H 2H 3H 4H 5H 6H", False))
    assert table({0: ""}, n=2, melds=melds).round_points(None)[0] == 0
    s = table({0: ""}, n=2, melds=melds, auto_close_noggis_at_round_end=True)
    assert s.team_qualifies(0) and s.round_points(None)[0] == 2000


def test_every_non_cheat_option_of_the_configuration_summary_is_a_variant_field():
    """The configuration summary: every option is a ``NogginateVariant`` field with the documented default
    (the cheat-card ones are issue 14)."""
    defaults = {"use_cheat_cards": False, "show_tell_in_individual_games": False, "six_player_teams": "3x2",
                "auto_close_noggis_at_round_end": False, "cheat_nate_mixed_types": False,
                "last_custom_card_topup_from_cheat": False, "min_meld_when_negative": 50, "all_bonus_penalty": 600,
                "score_melded_card_values": False, "hands_off_single_use": False,
                "steal_return_policy": "next_to_play", "max_go_out_asks_per_round": None, "tie_policy": "play_on",
                "fixed_rounds": None, "max_rounds": 100}
    v = NogginateVariant()
    assert {k: getattr(v, k) for k in defaults} == defaults


# ---------------------------------------------------------------------------
# The six test vectors
# ---------------------------------------------------------------------------

def test_vector_1_a_seven_card_noggi_holds_4_5_and_6():
    """Test vector 1 (NG-16/NG-17): every 7-card run s..s+6 (s in 0..4) contains 4, 5 and 6."""
    for s in range(11):
        cs = C(" ".join(f"{r}S" for r in range(s, s + 7) if r <= 10))
        if len(cs) == 7:
            assert noggi_problem(cs) is None and {4, 5, 6} <= {c.rank for c in cs}
    assert [s for s in range(11) if s + 6 <= 10] == [0, 1, 2, 3, 4]


def test_vector_2_nate_validity():
    """Test vector 2 (NG-20): (3,0) valid, (2,1) valid, (3,2) invalid, (4,2) valid, (10,3) invalid."""
    assert [nate_shape_ok(n, j) for n, j in ((3, 0), (2, 1), (3, 2), (4, 2), (10, 3))] == \
        [True, True, False, True, False]
    assert nate_problem(C("5C 5D 5H") + [JK, JK]) is not None
    assert nate_problem(C("5C 5D 5H 5S") + [JK, JK]) is None


def test_vector_3_minimum_meld():
    """Test vector 3 (NG-32): 1,495 -> 50; 1,500 -> 90; -200 -> 50; 5,000 -> 150."""
    assert [minimum_for(x) for x in (1495, 1500, -200, 5000)] == [50, 90, 50, 150]


def test_vector_4_a_noggi_and_a_nate_together_reach_the_minimum():
    """Test vector 4 (NG-32): 4S 5S 6S is 30, not enough; with 9 9 JK (70) the turn's total is 100."""
    s = table({0: "4S 5S 6S 9C 9D JK 2H"}, phase=Phase.MELD)
    play(s, "noggi 4S 5S 6S")
    assert not s.down[0] and s.need == 20 and "NG-32" in s.why_illegal(A("discard 2H"))
    play(s, "nate 9C 9D JK")
    assert s.down[0] and s.need == 0


def test_vector_5_going_out_needs_the_seventh_card_of_the_nate():
    """Test vector 5 (NG-43): one closed Noggi and an open 6-card Nate: going out is illegal; the 7th card
    closes the Nate and going out becomes legal."""
    melds = ((0, NOGGI, "1S 2S 3S 4S 5S 6S 7S", True), (0, NATE, "9H 9H 9S 9S 9D 9D", False))
    s = table({0: "4H 9C"}, n=2, melds=melds, down=(0,), phase=Phase.MELD)
    play(s, "discard 4H")
    s.turn_seat, s.phase = 0, Phase.MELD
    assert "NG-43" in s.why_illegal(A("discard 9C")) and texts(s) == {"pass", "add m2 9C"}
    s = table({0: "4H 9C"}, n=2, melds=melds, down=(0,), phase=Phase.MELD)
    play(s, "add m2 9C")
    assert s.melds[1].closed
    play(s, "discard 4H")
    assert s.out_seat == 0


def test_vector_6_a_freeze_on_top_blocks_two_natural_fives():
    """Test vector 6 (NG-35): a Freeze on top: the next player with two natural 5s cannot take the pile,
    even with a 5 under the Freeze."""
    s = table({0: "5H 5D 10C 10D 10H"}, pile="5C FZ")
    assert texts(s) == {"draw"} and "NG-35" in s.why_illegal(A("pile 5H 5D"))


def test_ng45e_yes_binds_when_going_out_needs_a_chain_of_cards_onto_a_noggi():
    """NG-45e: after "yes" the player must go out if still able: 4S then 3S extend the open Noggi 5S-7S and
    0D is the going-out discard, so discarding 3S (and staying in) is refused. (``can_place``'s bound missed
    the 3S, two below the Noggi, and the player was wrongly let off.)"""
    s = table({0: "3S 4S 0D"}, melds=CLOSED2 + ((0, NOGGI, "5S 6S 7S", False),), down=(0,), phase=Phase.MELD)
    play(s, "ask", "yes")
    assert "NG-45e" in s.why_illegal(A("discard 3S"))
    assert not any(t.startswith("discard") for t in texts(s))
    play(s, "add m3 4S", "add m3 3S", "discard 0D")
    assert s.out_seat == 0


def test_ng22_a_freeze_nate_cannot_be_followed_by_a_pass():
    """NG-22, NG-22a: the Freeze-Nate is melded only on the turn the player goes out. With one closed meld and a
    closable Noggi the player must close it first; otherwise the Freeze cards could be melded and the last
    card kept with a pass (NG-44), a Freeze-Nate on a turn that does not go out."""
    melds = ((0, NOGGI, "1S 2S 3S 4S 5S 6S 7S", False), (0, NATE, "9H 9H 9S 9S 9D 9D 9D", True))
    s = table({0: "FZ FZ FZ 4C"}, n=2, melds=melds, down=(0,), phase=Phase.MELD)
    assert "NG-22" in s.why_illegal(A("freezenate FZ FZ FZ"))
    assert "freezenate FZ FZ FZ" not in texts(s)
    play(s, "close m1", "freezenate FZ FZ FZ")
    assert texts(s) == {"discard 4C"}
    play(s, "discard 4C")
    assert s.out_seat == 0


def test_ng45e_after_yes_no_meld_may_spoil_going_out():
    """NG-45e, NG-45i: after "yes" the player must go out if still able, so a meld, a close or a merge after which
    the hand could no longer be emptied is refused naming NG-45e (a card player does not strand cards on
    purpose to stay in); the melds that keep going out possible stay legal."""
    s = table({0: "4S 5S 6S 6S 7S 8S 0D"}, melds=CLOSED2, down=(0,), phase=Phase.MELD)
    play(s, "ask", "yes")
    assert "NG-45e" in s.why_illegal(A("noggi 5S 6S 7S"))
    assert "noggi 5S 6S 7S" not in texts(s) and "noggi 4S 5S 6S" in texts(s)
    play(s, "noggi 4S 5S 6S", "noggi 6S 7S 8S", "discard 0D")
    assert s.out_seat == 0
    # closing a Noggi that the hand's 8H still has to join
    s = table({0: "8H 0D"}, melds=CLOSED2 + ((0, NOGGI, "1H 2H 3H 4H 5H 6H 7H", False),), down=(0,), phase=Phase.MELD)
    play(s, "ask", "yes")
    assert "NG-45e" in s.why_illegal(A("close m3"))
    play(s, "add m3 8H", "close m3", "discard 0D")
    assert s.out_seat == 0
    # merging two Nates that each still take a joker
    noggis = ((0, NOGGI, "1S 2S 3S 4S 5S 6S 7S", True), (0, NOGGI, "1H 2H 3H 4H 5H 6H 7H", True))
    s = table({0: "JK JK 0D"}, melds=noggis + ((0, NATE, "5C 5C 5D 5D JK", False), (0, NATE, "5H 5H 5S 5D JK", False)),
              down=(0,), phase=Phase.MELD)
    play(s, "ask", "yes")
    assert "NG-45e" in s.why_illegal(A("merge m3 m4"))
    play(s, "add m3 JK", "add m4 JK", "discard 0D")
    assert s.out_seat == 0


def test_ng45k_ask_only_when_the_hand_can_still_be_emptied():
    """NG-45k: the team meets NG-43, but 8C and 2D join no meld and only one card can be the going-out
    discard, so a "yes" could not be kept: the question is refused, named, and not offered."""
    s = table({0: "8C 2D 4S"}, melds=CLOSED2, down=(0,), phase=Phase.MELD)
    assert "NG-45k" in s.why_illegal(A("ask")) and "ask" not in texts(s)
    assert "NG-45k" in s.view(0).why_illegal(A("ask")) and A("ask") not in s.view(0).legal_actions()
    s = table({0: "9C 2D"}, melds=CLOSED2, down=(0,), phase=Phase.MELD)  # 9C joins the closed 9s, 2D is discarded
    assert s.why_illegal(A("ask")) is None and "ask" in texts(s)


def test_ng45k_a_yes_that_can_no_longer_be_kept_does_not_bind():
    """NG-45k: a "yes" standing while the hand can no longer be emptied (a position no legal question leads
    to any more, e.g. from a log written before NG-45k) binds no more: the player discards and stays in
    (the table's words for it: tests/tui/test_tui_nogginate.py)."""
    s = table({0: "8C 2D 4S"}, melds=CLOSED2, down=(0,), phase=Phase.MELD)
    s.asked, s.permission = True, 1
    assert not s.view(0).yes_binds() and {"discard 8C", "discard 2D", "discard 4S"} <= texts(s)
    s = table({0: "9C 2D"}, melds=CLOSED2, down=(0,), phase=Phase.MELD)
    play(s, "ask", "yes")
    assert s.view(0).yes_binds() and "discard 9C" not in texts(s)


EIGHTEEN = "1C 1C 1C 1D 1D 1D 1H 2C 2C 2C 2D 2D 2D 2H 3C 3C 3C 3D"


def test_ng32b_going_down_and_out_by_melding_every_card():
    """NG-32b: 3 players, the team at 1,500 (minimum 90), not down, 18 cards worth 5 each (90 in all):
    melding everything reaches 90, closes the 1s and the 2s at seven cards and goes out (NG-32, NG-42,
    NG-43), so the melds are offered; the state's list, ``is_legal`` and the view agree."""
    s = table({0: EIGHTEEN}, n=3, phase=Phase.MELD, totals=(1500, 0, 0))
    assert s.minimum(0) == 90 and not s.down[0]
    assert s.is_legal(A("nate 1C 1C 1C")) and "nate 1C 1C 1C" in texts(s)
    assert {str(a) for a in s.view(0).legal_actions()} == texts(s)
    play(s, "nate 1C 1C 1C", "add m1 1D", "add m1 1D", "add m1 1D", "add m1 1H",
         "nate 2C 2C 2C", "add m2 2D", "add m2 2D", "add m2 2D", "add m2 2H", "nate 3C 3C 3C")
    assert s.need == 5 and texts(s) == {"add m3 3D"}
    play(s, "add m3 3D")
    assert s.down[0] and not s.hands[0] and texts(s) == {"out"}
    play(s, "out")
    assert s.phase != Phase.MELD


def test_ng32b_no_line_that_melds_every_card_without_two_closed_melds():
    """NG-32b: the last card may complete the minimum only when the hand may then be empty: without two
    closed melds at the end (here one 7-card Nate and 11 cards that close nothing), or in a partnership
    (the partner's yes cannot come before the minimum, NG-45b), the line is still refused."""
    s = table({0: "1C 1C 1C 1D 1D 1D 1H 2C 2C 2C 2D 2D 3C 3C 3C 3D 3D 3H"}, n=3, phase=Phase.MELD,
              totals=(1500, 0, 0))
    assert not s.is_legal(A("nate 1C 1C 1C")) and "NG-32" in s.why_illegal(A("nate 1C 1C 1C"))
    assert not any(t.startswith(("noggi", "nate")) for t in texts(s))
    s = table({0: EIGHTEEN}, n=4, phase=Phase.MELD, totals=(1500, 0))
    assert not s.is_legal(A("nate 1C 1C 1C"))
