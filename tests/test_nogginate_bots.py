"""The Nogginate bots (engine/games/nogginate/bots.py and search.py): the ``easy`` rules
of thumb in small constructed positions (NG-17, NG-32, NG-35, NG-36, NG-37, NG-45,
NG-47, NG-50), the planner's moves legal along whole rounds, and the searches'
legality, budgets and determinism."""

from __future__ import annotations

import random
import time
from collections import Counter

import pytest

from engine.ai.base import BUDGETS, FORCED_REASON
from engine.cards import NOGGINATE
from engine.core import CHANCE
from engine.games import get_spec, make_search_bot
from engine.games.nogginate.bots import Ctx, NogginateEasyBot, plan_move, state_move, team_estimate
from engine.games.nogginate.game import (
    ASK,
    BONUS_ACT,
    DRAW,
    NO,
    PASS,
    PHASE_NAMES,
    YES,
    Close,
    Discard,
    NewNate,
    NewNoggi,
    Nogginate,
    NogginateState,
    NogginateVariant,
    Onto,
    TakePile,
    _deck,
)
from engine.games.nogginate.melds import FREEZE, NATE, NOGGI, TableMeld, new_meld
from engine.games.nogginate.search import NogginateSearchBot, candidates, rollout_score


def C(text: str):
    return NOGGINATE.parse_cards(text)


def position(hands: list[str], discards: str = "", melds=(), down=None, phase: str = "meld", turn: int = 0,
             n: int | None = None, permission: int = -1, asked: bool = False, answer_seat: int = -1,
             stock_size: int | None = None) -> NogginateState:
    """A state with the given hands, discard pile (bottom first) and melds ``(team, kind,
    cards, closed)``; every other card is in the stock (or the first ``stock_size`` of them)."""
    n = n or len(hands)
    s = NogginateState(NogginateVariant(), n)
    s.hands = [sorted(C(h), key=lambda c: c.order) for h in hands]
    s.discards = C(discards)
    s.melds = []
    for i, (team, kind, text, closed) in enumerate(melds):
        m = new_meld(i + 1, team, kind, C(text))
        s.melds.append(TableMeld(m.id, m.team, m.kind, m.cards, closed or m.closed))
    s.next_id = len(s.melds) + 1
    s.down = list(down) if down is not None else [False] * len(s.teams)
    rest = Counter(_deck())
    for h in s.hands:
        rest.subtract(h)
    rest.subtract(s.discards)
    for m in s.melds:
        rest.subtract(m.cards)
    assert all(v >= 0 for v in rest.values())
    s.stock = list(rest.elements())
    if stock_size is not None:
        s.stock = s.stock[:stock_size]
    s.turn_seat = turn
    s.permission, s.asked = permission, asked
    s.answer_seat = answer_seat
    s.phase = PHASE_NAMES.index(phase)
    s.turn_no = 9
    return s


def easy(state: NogginateState):
    view = state.view(state.to_move)
    legal = view.legal_actions()
    a, why = NogginateEasyBot().choose_with_reason(view, legal, random.Random(0))
    assert a in legal
    if why == FORCED_REASON:  # the planner's own reason for a forced move
        a2, why = plan_move(Ctx.of_view(view))
        assert a2 == a
    return a, why


# -- acquire (NG-26, NG-36, NG-37) ---------------------------------------------------

def test_easy_takes_a_paying_pile_and_draws_under_a_small_one():
    hand = "7C 7D 2S 5H 9H 10C 10D 10S"
    s = position([hand, "3C 3D"], discards="4S 8H 1C 7H", phase="acquire", down=[True, False])
    a, why = easy(s)
    assert isinstance(a, TakePile) and a.cards == tuple(C("7C 7D")) and "takes the pile of 4" in why
    s = position([hand, "3C 3D"], discards="7H", phase="acquire", down=[True, False])
    a, why = easy(s)
    assert a == DRAW and "does not pay" in why


def test_easy_takes_the_pile_onto_an_open_nate_even_when_small():
    s = position(["7C 7D 2S 5H 9H", "3C 3D"], discards="7H", phase="acquire", down=[True, False],
                 melds=[(0, NATE, "7S 7S 7H", False)])
    a, why = easy(s)
    assert a == TakePile(tuple(C("7C 7D")), 1) and "onto m1" in why


def test_easy_takes_the_top_card_onto_its_noggi_and_draws_under_a_frozen_pile():
    melds = [(0, NOGGI, "3H 4H 5H 6H", False)]
    s = position(["1C 9S 10D", "3C 3D"], discards="2S 7H", phase="acquire", down=[True, False], melds=melds)
    a, why = easy(s)
    assert a == Onto(1) and "extends" in why
    s = position(["1C 9S 10D", "3C 3D"], discards="7H FZ", phase="acquire", down=[True, False], melds=melds)
    a, why = easy(s)
    assert a == DRAW and "frozen" in why


# -- melding (NG-17, NG-32, NG-47) ---------------------------------------------------------

def test_easy_goes_down_as_soon_as_the_minimum_can_be_met():
    s = position(["9C 9D 9H 4S 5S 6S 1C", "3C 3D"])
    a, why = easy(s)
    assert isinstance(a, (NewNate, NewNoggi)) and why.startswith("goes down")
    # and finishes the initial meld it started (NG-32a)
    s.apply(a)
    a2, why2 = easy(s)
    assert isinstance(a2, (NewNate, NewNoggi)) and "initial meld" in why2
    s.apply(a2)
    assert s.down[0]


def test_easy_does_not_start_melding_below_the_minimum():
    s = position(["1C 1D 1H 4S 8D 10H", "3C 3D"])  # 15 points of melds: below 50
    a, why = easy(s)
    assert isinstance(a, Discard) and "helps the hand least" in why


def test_easy_places_a_bonus_card_first_even_before_going_down():
    s = position(["BN 1C 4S 8D 10H", "3C 3D"])
    a, why = easy(s)
    assert a == BONUS_ACT and "750" in why


def test_easy_closes_a_noggi_of_seven():
    s = position(["1C 9S 10D", "3C 3D"], down=[True, False], melds=[(0, NOGGI, "0H 1H 2H 3H 4H 5H 6H", False)])
    a, why = easy(s)
    assert a == Close(1) and "1,500" in why


def test_easy_keeps_jokers_unless_they_close_a_nate():
    melds = [(0, NATE, "8C 8D 8H 8S 8S", False), (0, NATE, "4C 4D 4H", False)]
    s = position(["JK 1C 9S 10D", "3C 3D"], down=[True, False], melds=melds)
    a, _ = easy(s)
    assert isinstance(a, Discard) and not a.card.is_joker  # 6 cards with the joker: no
    melds[0] = (0, NATE, "8C 8D 8H 8S 8S 8S", False)
    s = position(["JK 1C 9S 10D", "3C 3D"], down=[True, False], melds=melds)
    a, why = easy(s)
    assert str(a) == "add m1 JK" and "7 cards" in why


# -- discarding (NG-35) -------------------------------------------------------------------

def test_easy_freezes_the_pile_with_a_freeze_card():
    s = position(["FZ 1C 9S 10D", "3C 3D"], discards="4S 8H 1C 7H 2D 9C", down=[True, False])
    a, why = easy(s)
    assert a == Discard(FREEZE) and "freezes the pile" in why


def test_easy_keeps_cards_the_next_opponent_collects():
    # 10D would extend the opponent's open Noggi 5D..9D (NG-37 onto), 2S is the rank of its Nate
    melds = [(1, NOGGI, "5D 6D 7D 8D 9D", False), (1, NATE, "2C 2D 2H", False)]
    s = position(["10D 2S 9S", "3C 3D"], down=[True, True], melds=melds)
    a, _ = easy(s)
    assert a == Discard(C("9S")[0])


# -- going out and the partner's answer (NG-43 to NG-45) -------------------------------

CLOSED_TWO = [(0, NOGGI, "0H 1H 2H 3H 4H 5H 6H", True), (0, NATE, "8C 8D 8H 8S 8S 8S 8C", True)]


def test_easy_asks_to_go_out_when_the_hand_can_be_emptied_and_answers_for_the_team():
    s = position(["9C 9D 9H 2S", "3C", "4C 4D", "5C"], down=[True, False], melds=CLOSED_TWO)
    a, why = easy(s)
    assert isinstance(a, NewNate)  # melds first
    s.apply(a)
    a, why = easy(s)
    assert a == ASK and "Partner, may I go out" in why
    s.apply(a)
    assert s.to_move == 2
    ans, why = easy(s)
    assert ans == YES and why.startswith("yes")
    s.apply(ans)
    while s.to_move == 0 and not s.is_over:  # bound to go out now (NG-45e)
        a, _ = easy(s)
        s.apply(a)
    assert s.out_seat == 0


def test_easy_partner_says_no_with_a_bonus_card_or_a_big_hand():
    s = position(["9C 9D 9H 2S", "3C", "BN 4D", "5C"], down=[True, False], melds=CLOSED_TWO,
                 phase="answer", asked=True, answer_seat=2)
    a, why = easy(s)
    assert a == NO and "Bonus" in why
    s = position(["9C 9D 9H 2S", "3C", "10C 10D 10H 10S JK JK 1C", "5C"], down=[True, False], melds=CLOSED_TWO,
                 phase="answer", asked=True, answer_seat=2)
    a, why = easy(s)
    assert a == NO and "points" in why
    s = position(["9C 9D 9H 2S", "3C", "10C 10D 10H 10S JK JK 1C", "5C"], down=[True, False], melds=CLOSED_TWO,
                 phase="answer", asked=True, answer_seat=2, stock_size=5)
    assert easy(s)[0] == YES  # the stock is nearly gone: take the points now


def test_easy_passes_with_one_card_when_going_out_is_not_allowed():
    s = position(["2S", "3C"], down=[True, False], melds=[(0, NATE, "8C 8D 8H", False)])
    assert easy(s)[0] == PASS


# -- the planner: legal, equal to the bot, only the seat's view ------------------------

@pytest.mark.parametrize("seats,variant", [(2, NogginateVariant(fixed_rounds=1)),
                                           (4, NogginateVariant(fixed_rounds=1)),
                                           (3, NogginateVariant(fixed_rounds=1)),
                                           (6, NogginateVariant(fixed_rounds=1, six_player_teams="2x3"))])
def test_planner_moves_are_legal_and_the_easy_bots_along_whole_rounds(seats, variant):
    for seed in range(3):
        rng = random.Random(seed)
        s = Nogginate.new_state(variant, seats)
        bot = NogginateEasyBot()
        steps = 0
        while not s.is_over:
            if s.to_move == CHANCE:
                s.apply(s.sample_chance(rng))
                continue
            a = state_move(s)
            view = s.view(s.to_move)
            legal = view.legal_actions()
            assert a in legal, (str(a), [str(x) for x in legal])
            why = bot.choose_with_reason(view, legal, rng)
            assert why[0] == a or len(legal) == 1
            assert why[1] and "\n" not in why[1]
            s.apply(a)
            steps += 1
        assert steps < 3000


def test_plan_from_view_and_state_agree():
    s = position(["9C 9D 9H 4S 5S 6S 1C", "3C 3D"])
    assert plan_move(Ctx.of_view(s.view(0))) == plan_move(Ctx.of_state(s))


def test_team_estimate_counts_closed_melds_bonuses_and_hands():
    melds = [TableMeld(1, 0, NOGGI, tuple(C("0H 1H 2H 3H 4H 5H 6H")), True),
             TableMeld(2, 0, NATE, tuple(C("8C 8D 8H 8S 8S 8S 8C")), True)]
    assert team_estimate(melds, 0, 1, [C("10C 2S")], open_credit=False) == 1500 + 500 + 100 - 25
    assert team_estimate(melds[:1], 0, 1, [C("BN")], open_credit=False) == 1500 * 0.6 - 100 - 750


# -- the searches ----------------------------------------------------------------------------

def test_levels_and_the_hint_budget():
    spec = get_spec("nogginate")
    assert spec.levels() == ["random", "easy", "medium", "hard"]
    assert spec.hint_level_name() == "medium@16it"


def test_search_candidates_start_with_the_easy_move_and_are_legal():
    s = position(["7C 7D 2S 5H 9H 10C 10D 10S", "3C 3D"], discards="4S 8H 1C 7H", phase="acquire",
                 down=[True, False], melds=[(0, NOGGI, "3H 4H 5H 6H", False)])
    view = s.view(0)
    legal = view.legal_actions()
    e = easy(s)[0]
    cands = candidates(view, legal, e)
    assert cands[0] == e and DRAW in cands and Onto(1) in cands and all(a in legal for a in cands)


def test_search_returns_legal_moves_within_its_iteration_budget_and_is_deterministic():
    bot = make_search_bot("nogginate", "hard", iterations=12)
    assert isinstance(bot, NogginateSearchBot)
    rng = random.Random(4)
    s = Nogginate.new_state(NogginateVariant(fixed_rounds=1), 4)
    searched = 0
    while not s.is_over and searched < 6:
        if s.to_move == CHANCE:
            s.apply(s.sample_chance(rng))
            continue
        view = s.view(s.to_move)
        legal = view.legal_actions()
        a, why = bot.choose_with_reason(view, legal, random.Random(7))
        assert a in legal and why
        if bot.last is not None:
            assert bot.last.iterations <= 12
            assert bot.choose(view, legal, random.Random(7)) == a
            searched += 1
        s.apply(state_move(s))
    assert searched == 6


def test_search_forced_move_and_time_budget():
    bot = make_search_bot("nogginate", "hard", budget_s=0.05)
    s = position(["2S", "3C"], down=[True, False], melds=[(0, NATE, "8C 8D 8H", False)])
    view = s.view(0)
    assert bot.choose_with_reason(view, [PASS], random.Random(0)) == (PASS, FORCED_REASON)
    s = position(["FZ 1C 9S 10D 4H 7S", "3C 3D"], discards="4S 8H 1C 7H 2D 9C", down=[True, False])
    view = s.view(0)
    t0 = time.perf_counter()
    a = bot.choose(view, view.legal_actions(), random.Random(0))
    assert a in view.legal_actions() and time.perf_counter() - t0 < 1.0
    assert BUDGETS["hard"] < 1.0


def test_rollout_score_is_the_team_margin():
    s = position(["9C 9D 9H 2S", "3C", "4C 4D", "5C"], down=[True, False], melds=CLOSED_TWO)
    root = s.clone()
    s.round_scores.append([700, -300])
    assert rollout_score(root, s, 0) == 1000 and rollout_score(root, s, 2) == 1000
    assert rollout_score(root, s, 1) == -1000
