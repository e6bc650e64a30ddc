"""The Nogginate bots (engine/games/nogginate/bots.py and search.py): the ``easy`` rules
of thumb in small constructed positions (NG-17, NG-32, NG-35, NG-36, NG-37, NG-45,
NG-47, NG-50; with cheat cards NG-22, NG-26, NG-C1 to NG-C9), the planner's moves legal
along whole rounds, ``easy-plain``, and the searches' legality, budgets and determinism."""

from __future__ import annotations

import random
import re
import time
from collections import Counter

import pytest

from engine.ai.base import BUDGETS, FORCED_REASON
from engine.games.nogginate.cards import NOGGINATE
from engine.core import CHANCE
from engine.arena import DuplicateChance, play_deal
from engine.config import check_seats
from engine.games import get_spec, make_bot, make_search_bot
from engine.games.nogginate.bots import Ctx, NogginateEasyBot, plan_move, state_move, team_estimate, told_out
from engine.games.nogginate.cheats import (
    POWER_CARD,
    SHOW,
    CheatNate,
    Combine,
    Give,
    HandsOff,
    Reconfigure,
    Remove,
    Resurrect,
    Show,
    Steal,
    Tell,
    cheat_cards,
)
from engine.games.nogginate.game import (
    ASK,
    BONUS_ACT,
    DRAW,
    DRAW_CHEATS,
    DRAW_MIXED,
    JOKERNATE_ACT,
    NO,
    PASS,
    YES,
    Close,
    Discard,
    NewNate,
    NewNoggi,
    Nogginate,
    NogginateState,
    NogginateVariant,
    Onto,
    Phase,
    TakePile,
)
from engine.games.nogginate.melds import FREEZE, JOKER, NATE, NOGGI, TableMeld, custom_deck, new_meld
from engine.games.nogginate.search import NogginateSearchBot, candidates, rollout_score
from engine.seats import SeatSpec
from engine.variants import ConfigError


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
    rest = Counter(custom_deck())
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
    s.phase = Phase[phase.upper()]
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


def _speaks_to_the_player(why: str) -> bool:
    """A reason is a hint's: it speaks to the player ("your hand"), never as the bot ("my hand"),
    outside the quoted question "Partner, may I go out?"."""
    return re.search(r"\b(I|my|me)\b", why.replace("Partner, may I go out?", "")) is None


def test_easy_partner_says_no_with_a_bonus_card_or_a_big_hand():
    s = position(["9C 9D 9H 2S", "3C", "BN 4D", "5C"], down=[True, False], melds=CLOSED_TWO,
                 phase="answer", asked=True, answer_seat=2)
    a, why = easy(s)
    assert a == NO and "Bonus" in why and _speaks_to_the_player(why)
    s = position(["9C 9D 9H 2S", "3C", "10C 10D 10H 10S JK JK 1C", "5C"], down=[True, False], melds=CLOSED_TWO,
                 phase="answer", asked=True, answer_seat=2)
    a, why = easy(s)
    assert a == NO and "points" in why and "your hand" in why and _speaks_to_the_player(why)
    s = position(["9C 9D 9H 2S", "3C", "10C 10D 10H 10S JK JK 1C", "5C"], down=[True, False], melds=CLOSED_TWO,
                 phase="answer", asked=True, answer_seat=2, stock_size=5)
    a, why = easy(s)
    assert a == YES and _speaks_to_the_player(why)  # the stock is nearly gone: take the points now


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


# -- cheat cards (NG-11, NG-22, NG-26, NG-C1 to NG-C9) -------------------------------------------

def cheat_position(hands: list[str], cheats: dict[int, str] | None = None, opts: dict | None = None,
                   **kw) -> NogginateState:
    """:func:`position` at a table with cheat cards: ``cheats`` (seat -> cheat cards) join those
    hands; the cheat stock is the rest of the cheat deck."""
    s = position(hands, **kw)
    s.variant = NogginateVariant(use_cheat_cards=True, **(opts or {}))
    deck = Counter(cheat_cards(not s.partnership, s.variant.show_tell_in_individual_games))
    for seat, text in (cheats or {}).items():
        cs = C(text)
        deck.subtract(cs)
        s.hands[seat] = sorted(s.hands[seat] + cs, key=lambda c: c.order)
    assert all(v >= 0 for v in deck.values())
    s.cheat_stock = list(deck.elements())
    return s


def test_easy_combines_two_noggis_into_a_super_noggi():
    s = cheat_position(["9C 2S 7D", "3C", "4C", "5C"], cheats={0: "CMB"}, down=[True, False],
                       melds=[(0, NOGGI, "0H 1H 2H 3H 4H 5H", False), (0, NOGGI, "5H 6H 7H 8H 9H 10H", False)])
    a, why = easy(s)
    assert a == Combine(1, 2) and "NG-C1" in why


def test_easy_steals_the_card_that_breaks_a_near_closed_noggi():
    s = cheat_position(["9C 2S 7D", "3C", "4C", "5C"], cheats={0: "STL"}, down=[True, True],
                       melds=[(1, NOGGI, "2H 3H 4H 5H 6H 7H", False), (0, NATE, "4C 4D 4S", False)])
    a, why = easy(s)
    assert a == Steal(1, C("4H")[0], 2) and "NG-C8" in why
    # a card off a short opponent meld that stays on the table is not worth the Steal card
    s = cheat_position(["10C 2S 7D", "3C", "4C", "5C"], cheats={0: "STL"}, down=[True, True],
                       melds=[(1, NATE, "9H 9D 9S 9C", False), (0, NATE, "9C 9D JK", False)])
    assert type(easy(s)[0]) is not Steal


def test_easy_puts_hands_off_on_the_meld_closest_to_closing():
    s = cheat_position(["9C 2S 7D", "3C", "4C", "5C"], cheats={0: "HOF"}, down=[True, False],
                       melds=[(0, NATE, "8C 8D 8H 8S", False), (0, NOGGI, "2H 3H 4H 5H 6H", False)])
    a, why = easy(s)
    assert a == HandsOff(2) and "NG-C2" in why


def test_easy_goes_down_with_a_jokernate():
    s = cheat_position(["JK JK JK 2S 7D 10C", "3C", "4C", "5C"], cheats={0: "JKN"})
    a, why = easy(s)
    assert a == JOKERNATE_ACT and "Jokernate" in why


def test_easy_resurrects_then_removes_to_clean_a_closed_dirty_nate():
    s = cheat_position(["8C 8D 2S 10C", "3C", "4C", "5C"], cheats={0: "RES RMV"}, down=[True, False],
                       melds=[(0, NATE, "8H 8S 8S 8H 8D JK JK", True), (0, NOGGI, "2H 3H 4H", False)])
    a, why = easy(s)
    assert a == Resurrect(1) and "NG-C9" in why
    s.apply(a)
    a, why = easy(s)
    assert type(a) is Remove and a.meld == 1 and "clean" in why
    s.apply(a)
    assert s.melds[0].is_clean and s.hands[0].count(JOKER) == 2


def test_easy_reconfigures_a_nate_card_onto_a_noggi():
    s = cheat_position(["2S 10C 1D", "3C", "4C", "5C"], cheats={0: "RCF"}, down=[True, False],
                       melds=[(0, NATE, "9C 9D 9H 9S", False), (0, NOGGI, "5S 6S 7S 8S", False)])
    a, why = easy(s)
    assert a == Reconfigure(1, 2, C("9S")[0]) and "NG-C4" in why


def test_easy_shows_and_tells_its_partner_and_the_partner_reads_them():
    s = cheat_position(["JK 2S 7D 10C", "3C", "4C", "5C"], cheats={0: "SHW TEL"}, down=[True, True],
                       melds=[(1, NATE, "7C 7D 7H 7S 7S 7D 7C", True), (1, NOGGI, "2H 3H 4H", False),
                              (0, NATE, "9C 9D 9H", False)])
    a, why = easy(s)
    assert a == Show(JOKER) and "NG-C6" in why
    s.apply(a)
    a, why = easy(s)  # behind on closed melds, 0 to 1: the partner should not go out yet
    assert a == Tell("stay") and "NG-C7" in why
    s.apply(a)
    ctx = Ctx.of_view(s.view(2))
    assert list(ctx.partner_shown) == [JOKER] and ctx.tell == Tell("stay")


def test_easy_follows_the_partners_tell_on_discards_and_going_out():
    s = position(["7C 9D 4S 10H", "3C", "4C", "5C"], down=[True, False])
    s.variant = NogginateVariant(use_cheat_cards=True)
    plain = easy(s)[0]
    assert plain == Discard(C("10H")[0])
    s.tells = [(2, Tell("keep", 10))]
    assert easy(s)[0] != Discard(C("10H")[0])
    s.tells = [(2, Tell("discard", 7))]
    assert easy(s)[0] == Discard(C("7C")[0])
    s.tells = [(1, Tell("discard", 9))]  # an opponent's Tell is never seen (NG-C7)
    assert easy(s)[0] == plain
    # "tell out" / "tell stay": asking to go out (stay only while the stock is not low)
    s.tells = [(2, Tell("out"))]
    assert told_out(Ctx.of_state(s)) is True
    s.tells = [(2, Tell("out")), (2, Tell("stay"))]
    assert told_out(Ctx.of_state(s)) is False
    s.stock = s.stock[:5]
    assert told_out(Ctx.of_state(s)) is None


def test_easy_melds_a_cheat_nate_to_go_out():
    s = cheat_position(["9C 9D 9H 2S", "3C", "4C 4D", "5C"], cheats={0: "STL STL STL"}, down=[True, False],
                       melds=CLOSED_TWO + [(0, NATE, "9S 9S 9C", False)], permission=1, asked=True)
    seen = []
    for _ in range(8):
        a, why = easy(s)
        seen.append(a)
        s.apply(a)
        if s.turn_seat != 0:
            break
    assert CheatNate(tuple(C("STL STL STL"))) in seen and s.out_seat == 0


def test_easy_discards_cheat_cards_it_cannot_use_and_plain_ignores_them():
    s = cheat_position(["7C 9D 4S 10H", "3C", "4C"], cheats={0: "SHW"}, down=[True, False],
                       opts={"show_tell_in_individual_games": True})
    a, why = easy(s)  # Show has no use without a partner (NG-12)
    assert a == Discard(SHOW) and "NG-27" in why
    s = cheat_position(["7C 9D 4S 10H", "3C", "4C", "5C"], cheats={0: "STL"}, down=[True, False])
    view = s.view(0)
    assert NogginateEasyBot(powers=False).choose(view, view.legal_actions(), random.Random(0)) == Discard(
        C("STL")[0])


def test_easy_gives_returned_cards_to_the_teammate_who_can_use_them():
    s = cheat_position(["2S 10C 1D", "6H 6D 3C", "4C", "5C 5D"], cheats={0: "STL"}, down=[True, True],
                       opts={"steal_return_policy": "team_choice"},
                       melds=[(1, NOGGI, "5H 6H 7H 8H 9H 10H", False), (0, NATE, "7C 7D 7S", False)])
    a, why = easy(s)
    assert a == Steal(1, C("7H")[0], 2)
    s.apply(a)
    assert s.phase == Phase.RETURN and s.to_move == 1
    a, why = easy(s)
    assert a == Give(C("5H")[0], 1) and "NG-C8" in why  # 6H beside it in seat 1's hand; seat 3's is hidden
    s.shown[3] = C("5C 5D")  # seat 3 showed its partner two 5s (NG-C6)
    a, why = easy(s)
    assert a == Give(C("5H")[0], 3) and "fits" in why
    s.apply(a)
    a, why = easy(s)
    assert a == Give(C("6H")[0], 1)


def test_easy_draws_cheat_cards_when_told_and_plain_never_does():
    s = cheat_position(["7C 9D 4S 10H", "3C", "4C", "5C"], discards="2D", phase="acquire", down=[True, False])
    assert easy(s)[0] == DRAW
    s.tells = [(2, Tell("cheat"))]
    a, why = easy(s)
    assert a == DRAW_MIXED and "NG-C7" in why
    view = s.view(0)
    assert NogginateEasyBot(powers=False).choose(view, view.legal_actions(), random.Random(0)) == DRAW
    big = cheat_position(["0C 1D 2S 3H 4C 5D 6S 7H 8C 9D 10S 0H 1C 2D 3S 4H", "3C", "4C", "5C"], discards="2D",
                         phase="acquire", down=[True, False])
    assert easy(big)[0] == DRAW_CHEATS


@pytest.mark.parametrize("seats,opts", [(4, {}), (4, {"steal_return_policy": "team_choice",
                                                       "cheat_nate_mixed_types": True}),
                                        (2, {"show_tell_in_individual_games": True}), (3, {}),
                                        (6, {"six_player_teams": "2x3", "hands_off_single_use": True})])
def test_planner_moves_are_legal_along_whole_rounds_with_cheat_cards(seats, opts):
    """Whole rounds with cheat cards, ``easy`` with powers against ``easy-plain``: every move
    is legal and some powers are played."""
    variant = NogginateVariant(use_cheat_cards=True, fixed_rounds=1, **opts)
    kinds: Counter = Counter()
    for seed in range(4):
        rng = random.Random(seed)
        s = Nogginate.new_state(variant, seats)
        steps = 0
        while not s.is_over:
            if s.to_move == CHANCE:
                s.apply(s.sample_chance(rng))
                continue
            powers = s.to_move % 2 == 0
            a = state_move(s, powers)
            view = s.view(s.to_move)
            assert s.is_legal(a), (str(a), [str(x) for x in view.legal_actions()])
            assert plan_move(Ctx.of_view(view, powers))[0] == a
            if a == DRAW and powers and rng.random() < 0.3 and s.is_legal(DRAW_MIXED):
                a = DRAW_MIXED  # feed the powers
            if not powers:
                assert type(a) not in POWER_CARD and a not in (DRAW_MIXED, DRAW_CHEATS)
            kinds[type(a).__name__] += 1
            s.apply(a)
            steps += 1
        assert steps < 3000
    assert sum(kinds[k] for k in ("Steal", "HandsOff", "Show", "Tell", "Combine", "Reconfigure", "Remove",
                                  "StartJokernate")) > 0


def test_easy_plain_is_a_seat_level_for_arena_and_sim_but_not_offered():
    spec = get_spec("nogginate")
    assert "easy-plain" not in spec.levels() and "easy-plain" in spec.seat_levels()
    bot = make_bot("nogginate", "easy-plain")
    assert isinstance(bot, NogginateEasyBot) and bot.powers is False
    check_seats("nogginate", [SeatSpec.parse("ai:easy-plain")] * 4, "test")
    with pytest.raises(ConfigError):
        check_seats("nags", [SeatSpec.parse("ai:easy-plain")] * 2, "test")


def test_arena_deals_cheat_draws_from_their_own_stacked_order():
    variant = NogginateVariant(use_cheat_cards=True)
    rec = play_deal("nogginate", variant, [SeatSpec.parse(x) for x in ("ai:easy", "ai:easy-plain") * 2], 5, 0,
                    hands=1)
    assert rec.illegal == 0 and rec.chance[2] == 0  # every draw from a stacked order, none unshared
    dc = DuplicateChance(1, 0)
    deck = list(cheat_cards(False, False))
    first = dc.take(deck, 2, deck, stack="cheat")
    again = DuplicateChance(1, 0).take(deck[::-1], 2, deck, stack="cheat")
    assert first == again and dc.passes == 0  # the main order is untouched


def test_search_candidates_with_cheat_cards():
    s = cheat_position(["7C 9D 4S 10H", "3C", "4C", "5C"], discards="2D", phase="acquire", down=[True, False])
    view = s.view(0)
    assert candidates(view, view.legal_actions(), DRAW) == [DRAW]  # a cheat draw is searched when easy makes one
    cands = candidates(view, view.legal_actions(), DRAW_MIXED)
    assert cands[0] == DRAW_MIXED and DRAW in cands and DRAW_CHEATS in cands
    s = cheat_position(["9C 2S 7D", "3C", "4C", "5C"], cheats={0: "STL"}, down=[True, True],
                       melds=[(1, NOGGI, "2H 3H 4H 5H 6H 7H", False), (0, NATE, "4C 4D 4S", False)])
    view = s.view(0)
    e = easy(s)[0]
    cands = candidates(view, view.legal_actions(), e)
    assert type(cands[0]) is Steal and len(cands) == 2 and type(cands[1]) is not Steal
    bot = make_search_bot("nogginate", "hard", iterations=8)
    assert bot.choose(view, view.legal_actions(), random.Random(1)) in view.legal_actions()
