"""NogginateView.moves_for / plan_for (issue 24): the engine builds a move from a table's partial
input (a kind, the cards picked, the meld(s) aimed at); checked against ``legal_actions`` over
random matches with and without cheat cards, and on stacked tables for the refusals."""

from __future__ import annotations

import random
from typing import Iterator

import pytest

from engine.cards import Card
from engine.core import CHANCE, Action
from engine.games.nogginate.cheats import (COMBINE, HANDS_OFF, JOKERNATE_CARD, RECONFIGURE, REMOVE, RESURRECT, SHOW,
                                           STEAL, CheatNate, Combine, Give, HandsOff, Reconfigure, Remove,
                                           Resurrect, Show, StartJokernate, Steal, Tell)
from engine.games.nogginate.game import (Add, Answer, Ask, Close, Discard, Draw, FreezeNate, GoOut, Merge, NewNate,
                                         NewNoggi, Nogginate, NogginateVariant, Onto, PassTurn, Phase, PlaceBonus,
                                         TakePile)
from engine.games.nogginate.melds import FREEZE, JOKER
from engine.games.nogginate.view import NogginateView
from test_nogginate_cheats import ctable
from test_nogginate_rules import C, table

Input = tuple[str, tuple[Card, ...], object]


def table_input(a: Action) -> Input:
    """The partial input a table gathers for the legal move ``a``: the key's kind, the cards a
    player selects, the meld(s) picked (or Tell's rank)."""
    draws = {"2c": "draw", "1c1x": "draw_mixed", "2x": "draw_cheats"}
    if isinstance(a, Draw):
        return draws[a.kind], (), None
    simple: dict[type, str] = {PlaceBonus: "bonus", Ask: "ask", PassTurn: "pass", StartJokernate: "jokernate"}
    if type(a) in simple:
        return simple[type(a)], (), None
    if isinstance(a, Answer):
        return ("yes" if a.yes else "no"), (), None
    if isinstance(a, TakePile):
        return "pile", a.cards, a.meld
    if isinstance(a, Onto):
        return "onto", (), a.meld
    if isinstance(a, (NewNoggi, NewNate)):
        return ("noggi" if isinstance(a, NewNoggi) else "nate"), tuple(reversed(a.cards)), None
    if isinstance(a, Add):
        return "add", (a.card,), a.meld
    if isinstance(a, Close):
        return "close", (), a.meld
    if isinstance(a, Merge):
        return "merge", (), (a.b, a.a)
    if isinstance(a, FreezeNate):
        return "freezenate", (FREEZE,) * a.count, None
    if isinstance(a, Discard):
        return "discard", (a.card,), None
    if isinstance(a, GoOut):
        return "discard", (), None
    if isinstance(a, CheatNate):
        return "cheatnate", a.cards, None
    if isinstance(a, Give):
        return "give", (a.card,), None
    if isinstance(a, Steal):
        return "steal", (STEAL, a.card), (a.victim, a.dest)
    if isinstance(a, Combine):
        return "combine", (COMBINE,), (a.a, a.b)
    if isinstance(a, HandsOff):
        return "handsoff", (HANDS_OFF,), a.meld
    if isinstance(a, Resurrect):
        return "resurrect", (RESURRECT,), a.meld
    if isinstance(a, Reconfigure):
        return "reconfigure", (RECONFIGURE, a.card), (a.nate, a.noggi)
    if isinstance(a, Remove):
        return "remove", (REMOVE, *a.cards), a.meld
    if isinstance(a, Show):
        return "show", (a.card, SHOW), None
    if isinstance(a, Tell):
        return f"tell {a.advice}", (), a.rank
    raise AssertionError(f"no table input for {a}")


def positions(seed: int, cheats: bool, steps: int = 2500) -> Iterator[NogginateView]:
    """The seat-to-move views of one random match (moves of every kind preferred to discards)."""
    rng = random.Random(seed)
    n = rng.choice((2, 3, 4, 6))
    s = Nogginate.new_state(NogginateVariant(fixed_rounds=1, use_cheat_cards=cheats), n)
    for _ in range(steps):
        if s.is_over:
            return
        if s.to_move == CHANCE:
            s.apply(s.sample_chance(rng))
            continue
        yield s.view(s.to_move)
        legal = s.legal_actions()
        busy = [a for a in legal if not isinstance(a, (Discard, PassTurn, Tell, Show))]
        s.apply(rng.choice(busy if busy and rng.random() < 0.85 else legal))


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("cheats", [False, True])
def test_every_legal_move_is_among_the_moves_for_its_table_input(seed, cheats):
    """Every legal move of a position is built by ``moves_for`` from the input a table gathers
    for it; what comes back is either legal ways only, or one attempt the engine refuses."""
    kinds: set[str] = set()
    for view in positions(seed, cheats):
        legal = view.legal_actions()
        for a in legal:
            kind, cards, target = table_input(a)
            got = view.moves_for(kind, cards, target)
            assert a in got, (kind, cards, target, got)
            assert all(x in legal for x in got), (a, got)
            kinds.add(kind)
    assert {"draw", "discard", "noggi", "nate", "add"} <= kinds


@pytest.mark.parametrize("cheats", [False, True])
def test_an_illegal_input_gives_one_attempt_that_the_engine_refuses_naming_the_rule(cheats):
    """A partial input naming no legal move gives the one attempt a player means, and the engine's
    refusal of it names the rule (so the table shows why)."""
    refused = 0
    for view in (v for seed in range(3) for v in positions(seed, cheats)):
        if view.phase != Phase.MELD:
            continue
        legal = view.legal_actions()
        for card in set(view.hand):
            for m in view.melds:
                got = view.moves_for("add", [card], m.id)
                assert got == [Add(m.id, card)]
                if got[0] not in legal:
                    why = view.why_illegal(got[0])
                    assert why and ("NG-" in why or why.startswith(("you hold no", "there is no"))), why
                    refused += 1
    assert refused


def test_ng36_pile_ways_follow_the_naturals_picked_and_the_nate_picked():
    """NG-36: ``pile`` with no naturals picked gives every legal way; two picked, their ways; a Nate
    picked, the way onto it; none legal: the attempt with two cards of the top's rank."""
    s = table({0: "7C 7D 7H 9S 9H 2D"}, pile="3C 7S", melds=((0, "nate", "7C 7D 7S", False),), down=(0,))
    view = s.view(0)
    ways = view.moves_for("pile")
    legal_piles = [a for a in view.legal_actions() if isinstance(a, TakePile)]
    assert ways == legal_piles and len(ways) >= 2
    assert {a.meld for a in ways if isinstance(a, TakePile)} == {None, 1}
    assert view.moves_for("pile", C("7H 7D"), 1) == [TakePile(tuple(C("7D 7H")), 1)]
    s = table({0: "9S 9H 2D 4C"}, pile="3C 7S")
    view = s.view(0)
    attempt = view.moves_for("pile")
    assert len(attempt) == 1 and attempt[0] not in view.legal_actions()
    assert "NG-36" in (view.why_illegal(attempt[0]) or "")


def test_plan_for_lays_a_new_meld_three_cards_first_then_one_add_per_card():
    """NG-26a: a new Noggi starts from its three lowest cards, a Nate from naturals (jokers added
    last), each further card one ``add`` onto ``m<next_id>``; the Jokernate card starts a Jokernate."""
    view = table({0: "4S 5S 6S 7S 7C 7D 7H JK"}, phase=Phase.MELD, down=(0,)).view(0)
    mid = view.next_id
    assert view.plan_for("noggi", C("7S 4S 6S 5S")) == [NewNoggi(tuple(C("4S 5S 6S"))), Add(mid, C("7S")[0])]
    plan = view.plan_for("nate", C("JK 7C 7D 7H"))
    assert plan[0] == NewNate(tuple(C("7C 7D 7H"))) and plan[1:] == [Add(mid, JOKER)]
    assert view.plan_for("noggi", C("4S 5S")) == []
    cview = ctable({0: "JKN JK JK JK JK"}).view(0)
    assert cview.plan_for("nate", C("JKN JK JK JK JK")) == [StartJokernate(), Add(cview.next_id, JOKER)]
    assert view.moves_for("nate", [JOKERNATE_CARD]) == [StartJokernate()]
    with pytest.raises(ValueError, match="kinds: noggi, nate, add"):
        view.plan_for("discard", C("4S"))


def test_plan_for_adds_cards_nearest_a_noggis_ends_first():
    view = table({0: "2S 3S 8S 9S"}, phase=Phase.MELD, down=(0,),
                 melds=((0, "noggi", "4S 5S 6S 7S", False),)).view(0)
    assert [str(a) for a in view.plan_for("add", C("9S 2S 3S 8S"), 1)] == [
        "add m1 3S", "add m1 2S", "add m1 8S", "add m1 9S"]
    assert view.plan_for("add", C("9S"), None) == []


def test_moves_for_names_no_move_without_its_cards_or_target_and_refuses_an_unknown_kind():
    view = table({0: "4S 5S 6S 7S"}, phase=Phase.MELD, down=(0,)).view(0)
    assert view.moves_for("discard", []) == [] and view.moves_for("discard", C("4S 5S")) == []
    assert view.moves_for("add", C("4S")) == [] and view.moves_for("noggi", C("4S 5S")) == []
    assert view.moves_for("steal", [STEAL]) == [] and view.moves_for("tell discard") == []
    assert view.moves_for("tell discard", (), 7) == [Tell("discard", 7)]
    with pytest.raises(ValueError, match="kinds: draw"):
        view.moves_for("layoff", C("4S"), 1)
