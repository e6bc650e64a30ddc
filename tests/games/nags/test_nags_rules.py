"""Nags rules NA-1 .. NA-25 (``/work/shared/rules/nags.md``), one or more tests per rule.

Positions are built the way a log rebuilds them: by applying the chance
actions ``dealer``, ``runner`` and ``deal`` with chosen cards, then ``reveal``
for every card turned from the face-down draw pile. Player moves go through
``apply`` in notation (``play 2C 2D``, ``turn``), so the parser is exercised too.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from engine.cards import Card, Suit, parse_card, parse_cards, standard_deck
from engine.core import CHANCE, TERMINAL, IllegalAction, shuffled
from engine.games.nags import game as nags_mod
from engine.games.nags.game import (CAME_IN, FELL, RUNNING, Buy, ChooseDealer, ChooseDirection, Deal, DealRunner,
                               DoneBuying, Nags, NagsState, NagsVariant, Pass, Play, Reveal, Turn,
                               face_value, horse_half_points, horse_result, legal_values, next_value,
                               playout_half_points, prev_value, start_search_key)
from engine.variants import ConfigError, build_variant

# ---------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------

VALUES = range(2, 15)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def new_game(n: int, runners: str, hands: list[str], dealer: int = 0, **opts) -> NagsState:
    """A match at its first play: dealer, four runners and the hands applied as chance actions."""
    state = Nags.new_state(NagsVariant(**opts), n)
    state.apply(ChooseDealer(dealer))
    for r in runners.split():
        state.apply(DealRunner(parse_card(r)))
    state.apply(Deal(tuple(cards(h) for h in hands)))
    return state


def act(state: NagsState, text: str):
    """Apply a move in notation; returns the events."""
    return state.apply(Nags.parse_action(text))


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def legal_texts(state: NagsState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def played_values(state: NagsState) -> set[int]:
    return {a.cards[0].rank for a in state.legal_actions() if isinstance(a, Play)}


def runner(state: NagsState, card: str) -> list:
    c = parse_card(card)
    return next(r for r in state.runners if r[0] is c)


# A 3-seat layout used by many tests. P0 holds 2C (the lowest card) and opens;
# P1 holds no 2 or 3, so after the opening P1 must turn a card, and the test
# chooses that card with ``reveal`` to set the top value T for P2.
P0 = "2C 2D 3C 3D 4C 4D 5C 5D 6C"
P1 = "7C 7D 7H 7S 8C 8D 8H 10C 10D"
# free: 2H 2S 3H 3S 4H 4S 5H 5S 6D 6H 6S 8S 9C 9D 9H 9S 10H 10S J* Q* K* A*


def after_p1_turns(p2: str, reveal: str, runners: str = "9D JC QH 10S", **opts) -> NagsState:
    """P0 opens with 2C 2D, P1 cannot play and turns ``reveal``: P2 is to move on T = that card."""
    s = new_game(3, runners, [P0, P1, p2], dealer=2, **opts)
    act(s, "play 2C 2D")
    assert s.legal_actions() == [Turn()]
    act(s, "turn")
    assert s.to_move == CHANCE
    s.apply(Reveal(parse_card(reveal)))
    return s


# ---------------------------------------------------------------------------
# Cards, players, deal
# ---------------------------------------------------------------------------

def test_NA_1_two_to_five_players_one_pack():
    for n in range(2, 6):
        s = Nags.new_state(NagsVariant(), n)
        assert s.n_seats == n
    for n in (1, 6):
        with pytest.raises(ValueError, match="2 to 5"):
            Nags.new_state(NagsVariant(), n)
    s = Nags.new_state(NagsVariant(), 2)
    s.apply(ChooseDealer(0))
    assert sorted(s.pool) == sorted(standard_deck())  # 52 cards, no jokers
    assert len(set(s.pool)) == 52 and not any(c.is_joker for c in s.pool)


def test_NA_2_face_values():
    expected = {"2": 2, "3": 3, "9": 9, "10": 10, "J": 11, "Q": 12, "K": 13, "A": 14}
    for text, v in expected.items():
        for suit in "CDHS":
            assert face_value(parse_card(text + suit)) == v


def test_NA_3_suit_order_only_for_start_search():
    assert Suit.CLUBS < Suit.DIAMONDS < Suit.HEARTS < Suit.SPADES
    keys = [start_search_key(parse_card(t)) for t in ("2C", "2D", "2H", "2S", "3C", "AS")]
    assert keys == sorted(keys)
    # suit plays no part in what may be played: 5C and 5S are equally legal on a 4
    assert legal_values(4, 1) == (4, 5)


def test_NA_4_colours():
    assert [parse_card(t).is_red for t in ("7C", "7D", "7H", "7S")] == [False, True, True, False]


def test_NA_5_runners_have_four_distinct_values():
    s = Nags.new_state(NagsVariant(), 3)
    s.apply(ChooseDealer(0))
    s.apply(DealRunner(parse_card("7H")))
    with pytest.raises(IllegalAction, match="already running"):
        s.apply(DealRunner(parse_card("7C")))
    rng = random.Random(5)
    seen = set()
    for _ in range(3000):
        a = s.sample_chance(rng)
        assert isinstance(a, DealRunner) and a.card.rank != 7
        seen.add(a.card)
    assert len(seen) == 48  # every card of another value can come out


def test_NA_5_runner_sampling_gives_four_distinct_values():
    for seed in range(50):
        rng = random.Random(seed)
        s = Nags.new_state(NagsVariant(), 4)
        s.apply(s.sample_chance(rng))
        while s.phase == nags_mod.Phase.RUNNERS:
            s.apply(s.sample_chance(rng))
        assert len({r[0].rank for r in s.runners}) == 4
        assert all(r[1] == RUNNING for r in s.runners)


@pytest.mark.parametrize("n,pile", [(2, 30), (3, 21), (4, 12), (5, 3)])
def test_NA_6_deal_nine_each_rest_is_draw_pile(n, pile):
    rng = random.Random(n)
    s = Nags.new_state(NagsVariant(), n)
    while s.phase != nags_mod.Phase.PLAY:
        s.apply(s.sample_chance(rng))
    assert [len(h) for h in s.hands] == [9] * n
    assert s.stock_count == pile == 48 - 9 * n
    assert s.discard == []


def test_NA_6_deal_is_validated():
    s = Nags.new_state(NagsVariant(), 2)
    s.apply(ChooseDealer(0))
    for r in "9D JC QH 10S".split():
        s.apply(DealRunner(parse_card(r)))
    with pytest.raises(IllegalAction, match="9 cards"):
        s.apply(Deal((cards(P0), cards("7C 7D"))))
    with pytest.raises(IllegalAction, match="not in the pack"):
        s.apply(Deal((cards(P0), cards("9D 7D 7H 7S 8C 8D 8H 10C 10D"))))  # 9D is a runner
    with pytest.raises(IllegalAction, match="not in the pack"):
        s.apply(Deal((cards(P0), cards("2C 7D 7H 7S 8C 8D 8H 10C 10D"))))  # 2C twice


def test_NA_6_deal_one_at_a_time_from_left_of_dealer():
    """With a generator whose draws are all 0, the shuffle is a fixed rotation; the
    first card dealt (the pool's second card after that shuffle) goes left of the dealer."""
    class Zero(random.Random):
        def random(self):
            return 0.0
    for dealer in range(3):
        s = Nags.new_state(NagsVariant(), 3)
        s.apply(ChooseDealer(dealer))
        for r in "9D JC QH 10S".split():
            s.apply(DealRunner(parse_card(r)))
        order = shuffled(Zero(), s.pool)
        deal = s.sample_chance(Zero())
        assert order[0] in deal.hands[(dealer + 1) % 3]
        assert order[1] in deal.hands[(dealer + 2) % 3]
        assert order[2] in deal.hands[dealer]


def test_NA_6a_dealer_random_then_moves_clockwise():
    s = Nags.new_state(NagsVariant(), 4)
    seen = {s.sample_chance(random.Random(seed)).seat for seed in range(60)}
    assert seen == {0, 1, 2, 3}
    rng = random.Random(11)
    s = Nags.new_state(NagsVariant(match_games=4), 4)
    dealers = []
    while not s.is_over:
        if s.to_move == CHANCE:
            if s.phase == nags_mod.Phase.RUNNERS and not s.runners:
                dealers.append(s.dealer)
            s.apply(s.sample_chance(rng))
        else:
            acts = s.legal_actions()
            s.apply(acts[int(rng.random() * len(acts))])
    assert len(dealers) == 4
    assert dealers == [(dealers[0] + i) % 4 for i in range(4)]


# ---------------------------------------------------------------------------
# Starting the game
# ---------------------------------------------------------------------------

def test_NA_7_start_search_test_vector_5():
    """Test vector 5: P0 3C, P1 2S, P2 2D -> P2 starts (2D is below 2S)."""
    s = new_game(3, "QC KC AC 3D", ["3C 4C 5C 6C 7C 8C 9C 10C JC", "2S 4D 5D 6D 7D 8D 9D 10D JD",
                                    "2D 4H 5H 6H 7H 8H 9H 10H JH"], dealer=0)
    assert (s.starter, s.start_card, s.to_move) == (2, parse_card("2D"), 2)
    assert legal_texts(s) == {"play 2D"}


def test_NA_7_ace_counts_high_in_start_search():
    s = new_game(2, "2C 3C 4C 5C", ["AS 6C 7C 8C 9C 10C JC QC KC", "AC 2D 3D 4D 5D 6D 7D 8D 9D"])
    assert (s.starter, s.start_card) == (1, parse_card("2D"))
    s = new_game(2, "2C 2D 2H 2S".replace("2D", "3D").replace("2H", "4H").replace("2S", "5S"),
                 ["3C 4C 5C 6C 7C 8C 9C 10C JC", "2D 6D 7D 8D 9D 10D JD QD KD"])
    assert (s.starter, s.start_card) == (1, parse_card("2D"))


def test_NA_8_opening_any_subset_of_starting_rank():
    s = new_game(3, "9D JC QH 10S", [P0, P1, "KC KD AC AD 2H 3H QD 9H 9S"], dealer=2)
    assert s.to_move == 0
    assert legal_texts(s) == {"play 2C", "play 2D", "play 2C 2D"}
    s2 = s.clone()
    act(s2, "play 2D")  # need not include the lowest card (CONFIG default False)
    assert s2.top_value == 2 and s2.to_move == 1  # play continues clockwise
    reason = s.why_illegal(Play(cards("3C")))
    assert "NA-8" in reason and "starting rank" in reason
    assert "NA-8" in s.why_illegal(Turn())


def test_NA_8_house_rule_opening_must_include_lowest_card():
    s = new_game(3, "9D JC QH 10S", [P0, P1, "KC KD AC AD 2H 3H QD 9H 9S"], dealer=2,
                 opening_must_include_lowest_card=True)
    assert legal_texts(s) == {"play 2C", "play 2C 2D"}
    reason = s.why_illegal(Play(cards("2D")))
    assert "2♣" in reason and "lowest" in reason
    with pytest.raises(IllegalAction, match="NA-8"):
        act(s, "play 2D")


# ---------------------------------------------------------------------------
# Turns
# ---------------------------------------------------------------------------

def test_NA_9_one_value_per_play_test_vector_2():
    """Test vector 2: {5S,5H} on T=4 is legal; {5S,6S} is mixed; {6S} on T=4 is illegal."""
    s = after_p1_turns("5S 5H 6S KC KD AC AD QD 9H", "4S")
    assert s.top_value == 4 and s.to_move == 2
    assert s.why_illegal(Play(cards("5S 5H"))) is None
    mixed = s.why_illegal(Play(cards("5S 6S")))
    assert "same face value" in mixed and "NA-9" in mixed
    wrong = s.why_illegal(Play(cards("6S")))
    assert "NA-10" in wrong and "4" in wrong and "5" in wrong
    events = act(s, "play 5S 5H")
    assert kinds(events) == ["play"]
    assert s.discard[-2:] == list(cards("5H 5S")) and s.to_move == 0  # one play, then the next seat


def test_NA_10_refusal_reads_an_ace_and_an_eight():
    """The refusal is read aloud: "on an A going up", "on an 8", never "on a A"."""
    s = after_p1_turns("5S 5H 6S KC KD JD QC QD 9H", "AS")
    assert "on an A going up" in s.why_illegal(Play(cards("5S")))
    s = after_p1_turns("5S 5H 6S KC KD JD QC QD 9H", "8S")
    assert "on an 8 going up" in s.why_illegal(Play(cards("5S")))


def test_NA_9_order_within_a_play_does_not_matter():
    assert Play(cards("5S 5H")) == Play(cards("5H 5S"))
    s = after_p1_turns("5S 5H 6S KC KD AC AD QD 9H", "4S")
    t = s.clone()
    s.apply(Play(cards("5S 5H")))
    t.apply(Play(cards("5H 5S")))
    assert s.fingerprint() == t.fingerprint()


def test_NA_10_test_vector_1_helpers():
    K, A = 13, 14
    assert set(legal_values(K, 1)) == {K, A}
    assert set(legal_values(A, 1)) == {A, 2}
    assert set(legal_values(A, -1)) == {A, K}
    assert set(legal_values(2, -1)) == {2, A}
    assert next_value(K) == A and next_value(A) == 2 and prev_value(2) == A and prev_value(A) == K
    for v in VALUES:
        assert prev_value(next_value(v)) == v


def test_NA_10_ace_wraps_both_ways_in_play():
    """Test vector 1 at the table: T=K up {K,A}; T=A up {A,2}; T=A down {A,K}; T=2 down {2,A}."""
    p2 = "KC KD AC AD 2H 3H QD 9H 9S"
    assert played_values(after_p1_turns(p2, "KS")) == {13, 14}
    assert played_values(after_p1_turns(p2, "AS")) == {14, 2}
    # Alternating: P1's turned card flips the direction to down for P2.
    s = after_p1_turns(p2, "AS", direction_mode="alternating")
    assert s.direction == -1 and played_values(s) == {14, 13}
    s = after_p1_turns(p2, "2S", direction_mode="alternating")
    assert played_values(s) == {2, 14}
    assert legal_texts(s) == {"play 2H", "play AC", "play AD", "play AC AD"}


def test_NA_11_compulsory_play_and_turn_ends_the_turn():
    s = after_p1_turns("5S 5H 6S KC KD AC AD QD 9H", "4S")
    assert Turn() not in s.legal_actions()
    reason = s.why_illegal(Turn())
    assert "compulsory" in reason and "NA-11" in reason
    # P1 turns an 8 although P1 holds 8s: the turn ends at once anyway.
    s = new_game(3, "9D JC QH 10S", [P0, P1, "KC KD AC AD 2H 3H QD 9H 9S"], dealer=2)
    act(s, "play 2C 2D")
    act(s, "turn")
    events = s.apply(Reveal(parse_card("8S")))
    assert kinds(events) == ["turn"] and s.top_value == 8
    assert s.to_move == 2 and s.turn == 2


def test_NA_11_house_rule_voluntary_turn():
    s = after_p1_turns("5S 5H 6S KC KD AC AD QD 9H", "4S", allow_voluntary_turn=True)
    assert Turn() in s.legal_actions() and s.why_illegal(Turn()) is None
    act(s, "turn")
    assert s.to_move == CHANCE
    s = new_game(3, "9D JC QH 10S", [P0, P1, "KC KD AC AD 2H 3H QD 9H 9S"], dealer=2,
                 allow_voluntary_turn=True)
    assert Turn() not in s.legal_actions()  # never instead of the opening (NA-8)


# ---------------------------------------------------------------------------
# Horses
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("play,result", [("9S", CAME_IN), ("9H 9D", FELL), ("9H 9S", CAME_IN)])
def test_NA_12_horse_colour_test_vector_3(play, result):
    """Test vector 3: runner 9C; {9S} brings it in, {9H,9D} makes it fall, {9H,9S} brings it in."""
    assert horse_result(parse_card("9C"), cards(play)) == result
    s = after_p1_turns("9S 9H 9D KC KD AC AD QD 10H", "8S", runners="9C JD QH 6D")
    events = act(s, "play " + play)
    r = runner(s, "9C")
    assert r[1] == result
    if result == CAME_IN:
        assert r[2:] == [1, 2] and s.game_half[2] == 18
        assert "horse_in" in kinds(events)
    else:
        assert r[2:] == [0, -1] and s.game_half == [0, 0, 0]
        assert "horse_fell" in kinds(events)


def test_NA_12_turned_card_credits_the_turner_and_fallen_do_not_count():
    # P1 turns 3H (red; the runner 3S is black): it falls.
    s = new_game(3, "3S 8S QH 6D", [P0, P1, "KC KD AC AD 2H 9C 10H 9H 9S"], dealer=2)
    act(s, "play 2C 2D")
    act(s, "turn")
    assert kinds(s.apply(Reveal(parse_card("3H")))) == ["turn", "horse_fell"]
    assert runner(s, "3S")[1] == FELL
    # P2 cannot play a 3 or 4 and turns QD: red like QH, it comes in 1st (the fallen 3 does not count) for P2.
    act(s, "turn")
    s.apply(Reveal(parse_card("QD")))
    assert runner(s, "QH")[1:] == [CAME_IN, 1, 2]
    assert s.game_half == [0, 0, 24]


def test_NA_13_no_effect_after_in():
    s = after_p1_turns("9S 9H KC KD AC AD QD 10H JH", "8S", runners="9C JD QH 6D")
    assert "horse_in" in kinds(act(s, "play 9S"))
    act(s, "turn")  # P0 holds no 9 or 10
    assert kinds(s.apply(Reveal(parse_card("9D")))) == ["turn"]  # red 9: no fall any more
    assert runner(s, "9C")[1:] == [CAME_IN, 1, 2]
    assert s.game_half == [0, 0, 18]


def test_NA_13_no_effect_after_fallen():
    s = after_p1_turns("9H 9D KC KD AC AD QD 10H JH", "8S", runners="9C JD QH 6D")
    assert "horse_fell" in kinds(act(s, "play 9H"))
    act(s, "turn")
    assert kinds(s.apply(Reveal(parse_card("9S")))) == ["turn"]  # black 9: it cannot come in now
    assert runner(s, "9C")[1:] == [FELL, 0, -1]
    assert s.game_half == [0, 0, 0]


def _random_games(count, seed0=0, **opts):
    """Finished random matches (uniform legal moves), for rules that hold in every game."""
    for seed in range(seed0, seed0 + count):
        rng = random.Random(seed)
        s = Nags.new_state(NagsVariant(**opts), 2 + seed % 4)
        events = []
        while not s.is_over:
            if s.to_move == CHANCE:
                a = s.sample_chance(rng)
            else:
                acts = s.legal_actions()
                a = acts[int(rng.random() * len(acts))]
            events += s.apply(a)
        yield s, events


def test_NA_14_positions_count_only_horses_in():
    games = 0
    for s, events in _random_games(150):
        positions = sorted(r[2] for r in s.runners if r[1] == CAME_IN)
        fallen = sum(1 for r in s.runners if r[1] == FELL)
        assert positions == list(range(1, len(positions) + 1))
        assert len(positions) <= 4 - fallen
        running = [r for r in s.runners if r[1] == RUNNING]
        assert all(r[2] == 0 and r[3] == -1 for r in running)  # running horses score nothing
        horse_half = sum(e.data["half_points"] for e in events if e.kind == "horse_in")
        playout_half = sum(e.data["half_points"] for e in events if e.kind == "play_out")
        assert horse_half + playout_half == sum(s.totals_half)
        games += fallen >= 2
    assert games > 0  # some games had two fallen horses


# ---------------------------------------------------------------------------
# Draw pile exhausted; blocked game
# ---------------------------------------------------------------------------

# 5 seats: the draw pile is 3 cards (3C 3D 3H). P0 holds every other 2, 3 and 4;
# P1..P4 hold none, so each of them must turn a card.
P0_5 = "2C 2D 2H 2S 3S 4C 4D 4H 4S"
OTHERS_5 = ["5C 5D 5H 5S 10C 10D 10H 10S JC", "JD JH JS QC QD QH QS KC KD",
            "KH KS AC AD AH AS 6D 6H 6S", "7D 7H 7S 8D 8H 8S 9D 9H 9S"]


def five_seats_pile_exhausted(**opts) -> NagsState:
    s = new_game(5, "6C 7C 8C 9C", [P0_5] + OTHERS_5, dealer=4, **opts)
    act(s, "play 2C")
    for seat, card in ((1, "3C"), (2, "3D"), (3, "3H")):
        assert s.to_move == seat and s.legal_actions() == [Turn()]
        act(s, "turn")
        s.apply(Reveal(parse_card(card)))
    assert s.stock_count == 0 and s.discard == list(cards("2C 3C 3D 3H")) and s.to_move == 4
    return s


def test_NA_15_recycle_without_shuffle_turns_oldest_discard_first():
    s = five_seats_pile_exhausted()
    events = act(s, "turn")  # no chance step: the order is known
    assert kinds(events) == ["recycle", "turn"]
    assert s.discard == list(cards("3H 2C"))  # the former top stays; the oldest discard was turned
    assert s.stock_known == list(cards("3D 3C"))  # next turned: 3C, then 3D (top = last)
    assert s.to_move == 0 and s.top_value == 2
    view = s.view(3)
    assert view.stock_known == tuple(cards("3D 3C"))  # everybody knows the order


def test_NA_15_recycle_with_shuffle_is_a_chance_step():
    s = five_seats_pile_exhausted(shuffle_on_recycle=True)
    events = act(s, "turn")
    assert kinds(events) == ["recycle"] and s.to_move == CHANCE
    assert s.discard == list(cards("3H"))
    assert sorted(s.pool) == sorted(cards("2C 3C 3D")) and sorted(s.pool_known) == sorted(s.pool)
    with pytest.raises(IllegalAction):
        s.apply(Reveal(parse_card("3H")))  # the former top card is not in the new draw pile
    s.apply(Reveal(parse_card("3D")))
    assert s.discard == list(cards("3H 3D")) and sorted(s.pool) == sorted(cards("2C 3C"))
    assert s.to_move == 0


def _force(s: NagsState, hands, discard, stock=""):
    """Put cards where a test wants them (a position the deal cannot produce)."""
    s.hands = [sorted(cards(h)) for h in hands]
    s.discard = list(cards(discard))
    s.stock_known = list(cards(stock))
    s.pool, s.pool_known = [], []


def _blockable(**opts) -> NagsState:
    # Unreachable from a real deal (the discard and draw piles always hold >= 3
    # cards, see test_NA_16_pass_is_unreachable_from_a_deal), so the position is forced.
    s = new_game(3, "9D JC QH 10S", [P0, P1, "KC KD AC AD 2H 3H QD 9H 9S"], dealer=2, **opts)
    act(s, "play 2C 2D")
    _force(s, ["4C 5C", "7C 8C", "9S QS"], "2D")
    s.runners[1][1:] = [CAME_IN, 1, 2]  # JC came in for P2 earlier this game
    s.game_half = [0, 0, 22]
    return s


def test_NA_16_pass_when_nothing_can_be_turned_and_blocked_after_a_full_cycle():
    s = _blockable(direction_mode="alternating")
    assert s.to_move == 1 and s.legal_actions() == [Pass()]
    reason = s.why_illegal(Turn())
    assert "NA-16" in reason and "pass" in reason
    assert kinds(act(s, "pass")) == ["pass"]
    assert s.direction == 1  # a pass does not flip the direction (NA-22)
    act(s, "pass")  # P2
    events = act(s, "pass")  # P0: a full cycle of passes
    assert kinds(events) == ["pass", "blocked", "hand_over", "match_over"]
    assert s.is_over and s.blocked
    assert s.scores() == [0, 0, 11]  # no play-out points; the horse already in is scored
    assert s.winners() == [2]


def test_NA_16_a_play_breaks_the_cycle_of_passes():
    s = _blockable()
    s.hands[2] = list(cards("3S QS"))  # P2 can now play a 3 on the 2
    act(s, "pass")
    assert s.passes == 1 and s.legal_actions() == [Play(cards("3S"))]
    act(s, "play 3S")
    assert s.passes == 0 and not s.is_over
    assert "NA-16" in s.why_illegal(Pass())


def test_NA_16_pass_is_unreachable_from_a_deal():
    for s, events in _random_games(80):
        assert "pass" not in kinds(events)


# ---------------------------------------------------------------------------
# End of game and scoring
# ---------------------------------------------------------------------------

def test_NA_17_NA_18_worked_example_three_players():
    """The worked example of the rules file, played out move by move."""
    s = new_game(3, "7H QC 3S AD", [
        "2C 2H 8C 8D 8H 8S KD KH KS",      # P0
        "3H 6S 6D 9C 9D QS 2D 5H JH",      # P1
        "4C 4D 7C 7D 10C 10D KC 5D JD",    # P2
    ], dealer=2)
    assert s.starter == 0 and s.start_card == parse_card("2C")
    act(s, "play 2C 2H")
    assert "horse_fell" in kinds(act(s, "play 3H"))             # 3H red, runner 3S black
    assert runner(s, "3S")[1] == FELL
    assert kinds(act(s, "play 4C 4D")) == ["play"]               # no runner has value 4
    assert s.legal_actions() == [Turn()]                         # P0 holds no 4 or 5
    act(s, "turn")
    assert kinds(s.apply(Reveal(parse_card("5S")))) == ["turn"]
    assert s.top_value == 5 and s.to_move == 1                   # P0's turn ends
    act(s, "play 6S 6D")
    events = act(s, "play 7C 7D")                                # 7D red like 7H: in 1st for P2
    assert runner(s, "7H")[1:] == [CAME_IN, 1, 2]
    assert [e.data["half_points"] for e in events if e.kind == "horse_in"] == [14]
    act(s, "play 8C 8D 8H 8S")
    act(s, "play 9C 9D")
    act(s, "play 10C 10D")
    assert s.legal_actions() == [Turn()]                         # P0: no 10 or J
    act(s, "turn")
    s.apply(Reveal(parse_card("JS")))
    act(s, "play QS")                                            # QS black like QC: in 2nd for P1
    assert runner(s, "QC")[1:] == [CAME_IN, 2, 1]
    act(s, "play KC")
    events = act(s, "play KD KH KS")                             # P0 plays out
    assert [len(h) for h in s.hands] == [0, 3, 2]
    play_out = [e for e in events if e.kind == "play_out"][0]
    assert play_out.data["half_points"] == 20 == playout_half_points(5)   # 5 + 5 = 10 points
    assert s.is_over and s.to_move == TERMINAL
    assert s.scores() == [10, 6, 7]
    assert s.winners() == [0]
    assert runner(s, "AD")[1] == RUNNING                         # NA-14: still running, no score


def _two_seat_tie(runners="10D 7C 8C 9C", p1="QC QD QH QS 5C 5D 5H 5S 6C") -> tuple[NagsState, list]:
    """P0 opens with four 2s; P1 turns 10H; P0 plays four Js; P1 plays Qs; P0 plays out with KC."""
    s = new_game(2, runners, ["2C 2D 2H 2S JC JD JH JS KC", p1], dealer=1)
    act(s, "play 2C 2D 2H 2S")
    act(s, "turn")
    s.apply(Reveal(parse_card("10H")))
    act(s, "play JC JD JH JS")
    act(s, "play " + " ".join(str(c) for c in s.hands[1] if c.rank == 12))
    return s, act(s, "play KC")


def test_NA_17_horses_of_the_final_play_are_resolved_first():
    s, events = _two_seat_tie(runners="10D 7C 8C KS")
    assert kinds(events) == ["play", "horse_in", "play_out", "hand_over", "match_over"]
    assert s.scores() == [10 + 6.5, 10]


def test_NA_18_play_out_points():
    assert [playout_half_points(k) for k in (0, 3, 17)] == [10, 16, 44]


# The table of NA-19, copied from the rules file: value -> points for 1st..4th.
HALF_POINT_TABLE = {
    2: (2, 1, 0.5, 0.5), 3: (3, 1.5, 1, 1), 4: (4, 2, 1.5, 1), 5: (5, 2.5, 1.5, 1.5),
    6: (6, 3, 2, 1.5), 7: (7, 3.5, 2.5, 2), 8: (8, 4, 2.5, 2), 9: (9, 4.5, 3, 2.5),
    10: (10, 5, 3.5, 2.5), 11: (11, 5.5, 3.5, 3), 12: (12, 6, 4, 3), 13: (13, 6.5, 4.5, 3.5),
    14: (14, 7, 4.5, 3.5),
}


@pytest.mark.parametrize("value", VALUES)
@pytest.mark.parametrize("position", [1, 2, 3, 4])
def test_NA_19_half_point_table(value, position):
    assert horse_half_points(value, position) == 2 * HALF_POINT_TABLE[value][position - 1]


def test_NA_19_test_vector_4_ace_and_bad_position():
    assert [horse_half_points(14, p) for p in (1, 2, 3, 4)] == [28, 14, 9, 7]
    with pytest.raises(ValueError):
        horse_half_points(14, 5)


def test_NA_20_going_out_first_does_not_guarantee_winning():
    # The runner QS: P1's black QC brings it in 2nd (+6) on top of the 10 in 1st (+10).
    s, _ = _two_seat_tie(runners="10D 7C 8C QS", p1="QC QD QH 5C 5D 5H 5S 6C 6D")
    assert s.scores() == [5 + 6, 10 + 6]
    assert s.winners() == [1]


def test_NA_21_single_game_tie_shares_the_win():
    s, _ = _two_seat_tie()
    assert s.scores() == [10, 10]
    assert s.winners() == [0, 1]


def test_NA_21_match_games_sums_games():
    for s, events in _random_games(30, match_games=3):
        assert len(s.history) == 3 and s.hand_number == 2
        assert s.totals_half == [sum(g[i] for g in s.history) for i in range(s.n_seats)]
        assert [e.data["hand"] for e in events if e.kind == "hand_over"] == [0, 1, 2]
        best = max(s.totals_half)
        assert s.winners() == [i for i, t in enumerate(s.totals_half) if t == best]


def test_NA_21_match_target_ends_after_the_game_that_reaches_it():
    for s, events in _random_games(30, match_target=25):
        totals = [0] * s.n_seats
        for g, row in enumerate(s.history):
            totals = [t + h for t, h in zip(totals, row)]
            reached = max(totals) >= 50
            assert reached == (g == len(s.history) - 1)
        assert max(s.scores()) >= 25


# ---------------------------------------------------------------------------
# Variations
# ---------------------------------------------------------------------------

def test_NA_22_alternating_flips_after_a_turned_card():
    s = new_game(3, "3S 8S QH 6D", [P0, P1, "KC KD AC AD 2H 9C 10H 9H 9S"], dealer=2,
                 direction_mode="alternating")
    assert s.direction == 1
    act(s, "play 2C 2D")
    act(s, "turn")
    events = s.apply(Reveal(parse_card("3H")))
    assert kinds(events) == ["turn", "horse_fell", "direction"]  # the horse on the card, then the flip
    assert s.direction == -1 and s.to_move == 2
    assert played_values(s) == {2}  # down from 3: 3 or 2; P2 holds 2H only
    act(s, "play 2H")
    assert s.direction == -1  # a play does not flip it
    act(s, "turn")  # P0 holds no 2 or A
    s.apply(Reveal(parse_card("JS")))
    assert s.direction == 1


def test_NA_22_direction_starts_up_every_game():
    flipped_before_new_game = 0
    for seed in range(25):
        rng = random.Random(seed)
        s = Nags.new_state(NagsVariant(direction_mode="alternating", match_games=3), 2 + seed % 4)
        while not s.is_over:
            if s.to_move == CHANCE:
                if s.phase == nags_mod.Phase.RUNNERS and not s.runners:
                    assert s.direction == 1
                s.apply(s.sample_chance(rng))
            else:
                acts = s.legal_actions()
                down = s.direction == -1
                events = s.apply(acts[int(rng.random() * len(acts))])
                if "hand_over" in kinds(events) and not s.is_over:
                    flipped_before_new_game += down  # a game ended going down
        assert len(s.history) == 3
    assert flipped_before_new_game


def test_NA_23_choice_after_seeing_the_turned_card():
    s = new_game(3, "3S 8S QH 6D", [P0, P1, "KC KD AC AD 2H 9C 10H 9H 9S"], dealer=2,
                 direction_mode="choice")
    act(s, "play 2C 2D")
    act(s, "turn")
    s.apply(Reveal(parse_card("3H")))
    assert s.to_move == 1 and s.turn == 1  # P1, who turned, chooses
    assert set(s.legal_actions()) == {ChooseDirection(1), ChooseDirection(-1)}
    assert "NA-23" in s.why_illegal(Play(cards("7C")))
    up = s.clone()
    events = act(up, "up")
    assert events[0].seat == 1 and up.to_move == 2 and played_values(up) == set()
    events = act(s, "down")
    assert events[0].seat == 1 and s.direction == -1 and played_values(s) == {2}


@pytest.mark.parametrize("mode", ["alternating", "choice"])
def test_NA_22_NA_23_voluntary_turn_does_not_change_direction(mode):
    """NA-22/NA-23 act on a card turned "because they cannot play": a voluntary
    turn (allow_voluntary_turn, NA-11) neither flips nor offers the choice."""
    s = after_p1_turns("3H 5S 6S KC KD AC AD QD 9H", "4S", direction_mode=mode,
                       allow_voluntary_turn=True)
    if mode == "choice":
        act(s, "down")  # P1's turn was forced, so P1 chooses
    assert s.direction == -1 and s.to_move == 2  # alternating: P1's forced turn flipped it
    assert Play(cards("3H")) in s.legal_actions()
    act(s, "turn")  # P2 could play 3H: a voluntary turn
    events = s.apply(Reveal(parse_card("8S")))
    assert "chooses to turn" in events[0].narrate(["A", "B", "C", "D", "E"]) and events[0].data["forced"] is False
    assert "direction" not in kinds(events)
    assert s.direction == -1 and s.to_move == 0 and s.phase == nags_mod.Phase.PLAY


def test_NA_23_choice_and_alternating_exclude_each_other():
    field = {f.name: f for f in dataclasses.fields(NagsVariant)}["direction_mode"]
    assert field.default == "fixed"
    with pytest.raises(ConfigError):
        build_variant(NagsVariant, {"direction_mode": "alternating+choice"})


def test_NA_24_special_cards_not_implemented():
    names = [f.name for f in dataclasses.fields(NagsVariant)]
    assert not any("special" in n for n in names)
    with pytest.raises(ConfigError, match="unknown option"):
        build_variant(NagsVariant, {"special_cards": True})


# Buying a Horse (NA-25). Game 1 (dealer 0): P2 plays out for 5 + 16 = 21 points.
GAME1 = ("6C 7C 8C 9C", ["3C 10C 10D 10H 10S JC JD JH JS", "3D QC QD QH QS KC KD KH KS",
                         "2C 2D 2H 2S 4C 4D 4H 4S 5C"])


def _after_game_one(**opts) -> NagsState:
    s = new_game(3, GAME1[0], GAME1[1], dealer=0, match_games=2, buying_horses=True, **opts)
    act(s, "play 2C 2D 2H 2S")
    act(s, "play 3C")
    act(s, "play 3D")
    act(s, "play 4C 4D 4H 4S")
    act(s, "turn")
    s.apply(Reveal(parse_card("5D")))
    act(s, "turn")
    s.apply(Reveal(parse_card("5H")))
    act(s, "play 5C")
    assert s.scores() == [0, 0, 21] and s.phase == nags_mod.Phase.BUY
    return s


def test_NA_25a_buying_order_price_and_no_negative_scores():
    s = _after_game_one()
    assert s.dealer == 1 and s.to_move == 2  # offered first left of the next dealer
    act(s, "buy 10")
    assert s.scores() == [0, 0, 11] and s.owners == {10: 2} and s.to_move == 2
    act(s, "buy K")
    assert s.scores() == [0, 0, 1]
    assert legal_texts(s) == {"done"}  # 1 point left: no more purchases
    assert "10 points" in s.why_illegal(Buy(14))
    act(s, "done")
    assert s.to_move == 0 and legal_texts(s) == {"done"}
    act(s, "done")
    act(s, "done")
    assert s.to_move == CHANCE and s.phase == nags_mod.Phase.RUNNERS


def test_NA_25b_one_owner_per_value_and_negative_option():
    s = _after_game_one(allow_negative_after_purchase=True)
    act(s, "buy 10")
    act(s, "done")
    assert "belongs" in s.why_illegal(Buy(10))
    act(s, "buy 9")  # allowed to go negative with the option
    assert s.scores()[0] == -10
    assert "buy 10" not in legal_texts(s)


def test_NA_25_only_in_a_match():
    with pytest.raises(ConfigError, match="NA-25"):
        build_variant(NagsVariant, {"buying_horses": True})


def _game_two(buy: str, runners: str, hands: list[str]) -> NagsState:
    s = _after_game_one()
    act(s, "buy " + buy)
    for _ in range(3):
        act(s, "done")
    for r in runners.split():
        s.apply(DealRunner(parse_card(r)))
    s.apply(Deal(tuple(cards(h) for h in hands)))
    return s


def test_NA_25cd_example_owner_of_the_10():
    """P2 owns the 10. The 10D runner comes in 2nd for P0: P0 +5, P2 +5 + 2 = +7."""
    s = _game_two("10", "10D 6H 8C AS", ["2C 10H JC JD JH JS QC QD QH", "4C 4D 4H 4S 5C 5D 5H 5S KC",
                                         "9C 9D 9H KD KH KS QS 3C 3D"])
    assert s.game_half == [0, 0, 4]  # (c) runner bonus as soon as the 10 is a runner
    act(s, "play 2C")
    act(s, "turn")
    s.apply(Reveal(parse_card("6D")))  # the 6 comes in 1st for P1
    act(s, "turn")
    s.apply(Reveal(parse_card("9S")))
    events = act(s, "play 10H")
    assert runner(s, "10D")[1:] == [CAME_IN, 2, 0]
    assert kinds(events) == ["play", "horse_in", "owner_bonus"]
    assert s.game_scores() == [5, 6, 7]


def test_NA_25cd_example_owner_brings_in_the_king():
    """P2 owns the K, and the K comes in 1st for P2: 13 + 13 + 2 = 28."""
    s = _game_two("K", "KS 6H 8C AD", ["2C 10H JC JD JH JS QC QD 9H", "4C 4D 4H 4S 5C 5D 5H 5S 9C",
                                       "KC 9D 10C 10D 3C 3D 7C 7D 7H"])
    act(s, "play 2C")
    act(s, "turn")
    s.apply(Reveal(parse_card("QH")))
    act(s, "play KC")
    assert runner(s, "KS")[1:] == [CAME_IN, 1, 2]
    assert s.game_scores() == [0, 0, 28]


def test_NA_25c_runner_bonus_even_when_the_horse_falls():
    s = _game_two("K", "KS 6H 8C AD", ["2C 10H JC JD JH JS QC QD 9H", "4C 4D 4H 4S 5C 5D 5H 5S 9C",
                                       "KD 9D 10C 10D 3C 3D 7C 7D 7H"])
    act(s, "play 2C")
    act(s, "turn")
    s.apply(Reveal(parse_card("QH")))
    act(s, "play KD")  # red K, black runner: falls
    assert runner(s, "KS")[1] == FELL and s.game_scores() == [0, 0, 2]


# ---------------------------------------------------------------------------
# why_illegal messages
# ---------------------------------------------------------------------------

def test_why_illegal_messages_name_the_reason():
    s = after_p1_turns("5S 5H 6S KC KD AC AD QD 9H", "4S")
    before = s.fingerprint()
    assert "do not hold 5D" in s.why_illegal(Play(cards("5D")))
    assert "at least one card" in s.why_illegal(Play(()))
    assert "NA-16" in s.why_illegal(Pass())
    assert "NA-23" not in s.why_illegal(ChooseDirection(1)) and "play" in s.why_illegal(ChooseDirection(1))
    assert "play" in s.why_illegal(DoneBuying())
    with pytest.raises(IllegalAction, match="NA-10"):
        act(s, "play 6S")
    with pytest.raises(IllegalAction, match="do not hold"):
        act(s, "play 5D")
    with pytest.raises(IllegalAction, match="same face value"):
        act(s, "play 5S 6S")
    assert s.fingerprint() == before  # refused moves change nothing
    chance = new_game(3, "9D JC QH 10S", [P0, P1, "KC KD AC AD 2H 3H QD 9H 9S"], dealer=2)
    act(chance, "play 2C 2D")
    act(chance, "turn")
    assert "dealt" in chance.why_illegal(Turn())
    with pytest.raises(IllegalAction, match="chance outcome"):
        chance.apply(Turn())
    with pytest.raises(IllegalAction, match="chance outcome"):
        chance.apply(Reveal(parse_card("2H")))  # in P2's hand, not in the draw pile


def test_why_illegal_is_none_exactly_for_legal_actions():
    rng = random.Random(3)
    s = Nags.new_state(NagsVariant(allow_voluntary_turn=True), 3)
    candidates = [Turn(), Pass(), ChooseDirection(1), DoneBuying(), Buy(10)]
    while not s.is_over:
        if s.to_move == CHANCE:
            s.apply(s.sample_chance(rng))
            continue
        hand = s.hands[s.turn_seat]
        plays = [Play((c,)) for c in standard_deck()] + [Play(tuple(hand[:2])), Play(tuple(hand[-2:]))]
        legal = s.legal_actions()
        for a in candidates + plays:
            assert (s.why_illegal(a) is None) == (a in legal), a
        s.apply(legal[int(rng.random() * len(legal))])


# ---------------------------------------------------------------------------
# NA-16a: the engine guard against a game that goes round for ever
# ---------------------------------------------------------------------------

def _lcm(*xs: int) -> int:
    import math
    out = 1
    for x in xs:
        out = out * x // math.gcd(out, x)
    return out


def _step(v: int, d: int) -> int:
    return next_value(v) if d > 0 else prev_value(v)


def _idle_position(rng: random.Random, n: int, mode: str, shuffle: bool = False) -> NagsState:
    """A position just after a play, built so that nobody can play on most of the
    cards going round (and, now and then, one card somebody can play on).

    The hands hold 1-3 cards of three neighbouring values. The m cards of the
    discard and draw piles (order known, as after a recycle, NA-15) are chosen
    slot by slot: with no play, the top card at idle step i is C[(k + i) mod m]
    and faces seat (turn + i) mod n going in direction d0 * (-1)^i (alternating),
    so with m a multiple of lcm(n, 2) each slot always faces the same seat and
    direction. Cards left over are out of the game: the guard's argument does not
    depend on the card count. With ``shuffle`` the cards going round are safe for
    every seat in both directions."""
    s = Nags.new_state(NagsVariant(direction_mode=mode, shuffle_on_recycle=shuffle), n)
    s.apply(ChooseDealer(0))
    deck = shuffled(rng, standard_deck())
    band = 2 + int(rng.random() * 13)
    band_values = {band, next_value(band), next_value(next_value(band))}
    in_band = [c for c in deck if c.rank in band_values]
    s.hands = []
    for _ in range(n):
        k = 1 + int(rng.random() * 3)
        s.hands.append(sorted(in_band[:k]))
        del in_band[:k]
    held = [{c.rank for c in h} for h in s.hands]
    rest = [c for c in deck if not any(c in h for h in s.hands)]
    s.turn_seat = int(rng.random() * n)
    d0 = -1 if mode == "alternating" and rng.random() < 0.5 else 1
    s.direction = d0
    period = n if mode != "alternating" else _lcm(n, 2)
    slots = period * (1 + int(rng.random() * (40 // period)))
    slots = max(slots, period * ((3 + period - 1) // period))
    spoil = int(rng.random() * slots) if rng.random() < 0.35 else -1
    tops = []
    for i in range(slots):
        seat = (s.turn_seat + i) % n
        d = d0 * (-1) ** i if mode == "alternating" else 1
        if shuffle:
            def ok(c):
                return all(c.rank not in h and next_value(c.rank) not in h and prev_value(c.rank) not in h
                           for h in held)
        else:
            def ok(c, seat=seat, d=d):
                return c.rank not in held[seat] and _step(c.rank, d) not in held[seat]
        pick = next((c for c in rest if ok(c) != (i == spoil)), None)
        if pick is None:
            pick = next((c for c in rest if ok(c)), None)
        if pick is None:
            break
        rest.remove(pick)
        tops.append(pick)
    tops = tops[:len(tops) - len(tops) % period]
    if len(tops) < 3:
        return _idle_position(rng, n, mode, shuffle)
    m = len(tops)
    k = 1 + int(rng.random() * (m - 1))  # the discard pile holds C[0..k], top C[k] = tops[0]
    cycle = [tops[(j - k) % m] for j in range(m)]
    s.discard = cycle[:k + 1]
    s.stock_known = cycle[k + 1:][::-1]
    s.pool = []
    s.runners = [[c, RUNNING, 0, -1] for c in rest[:4] if len({x.rank for x in rest[:4]}) == 4]
    s.phase, s.opened, s.start_card = nags_mod.Phase.PLAY, True, min(c for h in s.hands for c in h)
    return s


def _turn_until_play(s: NagsState, limit: int) -> tuple[str, int]:
    """Turn cards (choosing up in the Choice variation) until someone can play,
    the game ends, or ``limit`` cards were turned: ('play'|'blocked'|'limit', turns)."""
    for turns in range(limit + 1):
        if s.is_over or s.phase != nags_mod.Phase.PLAY or s.game_no:
            return "blocked", turns
        if any(isinstance(a, Play) for a in s.legal_actions()):
            return "play", turns
        if turns == limit:
            break
        s.apply(Turn())
        if s.phase == nags_mod.Phase.DIRECTION:
            s.apply(ChooseDirection(1))
    return "limit", limit


@pytest.mark.parametrize("mode", ["fixed", "alternating", "choice"])
def test_NA_16a_guard_never_ends_a_game_that_could_progress(mode, monkeypatch):
    """No shuffle: the guard fires exactly when, with no guard, nobody would ever play."""
    rng = random.Random(16)
    outcomes = {"play": 0, "blocked": 0}
    for i in range(250):
        n = 2 + i % 4
        start = _idle_position(rng, n, mode)
        m = len(start.discard) + start.stock_count
        period = _lcm(m, n, 2)
        bound = nags_mod.STUCK_FACTOR * n * m
        with monkeypatch.context() as mp:
            mp.setattr(nags_mod, "STUCK_FACTOR", 10 ** 9)
            oracle, t_oracle = _turn_until_play(start.clone(), 3 * period + 1)
        guarded = start.clone()
        result, t = _turn_until_play(guarded, bound + 5)
        if oracle == "play":
            assert (result, t) == ("play", t_oracle) and t_oracle <= period
        else:
            assert result == "blocked" and t == bound + 1 and guarded.blocked
            assert guarded.scores() == [h / 2 for h in guarded.history[-1]]  # no play-out points
        outcomes["play" if oracle == "play" else "blocked"] += 1
    assert outcomes["play"] > 20 and outcomes["blocked"] > 20


def test_NA_16a_idle_cycle_is_periodic_without_shuffle(monkeypatch):
    """The argument behind STUCK_FACTOR: with no play, (top card, seat to move,
    direction) repeats with a period dividing lcm(m, n, 2), from the first idle step."""
    monkeypatch.setattr(nags_mod, "STUCK_FACTOR", 10 ** 9)
    rng = random.Random(7)
    checked = 0
    for i in range(120):
        n = 2 + i % 4
        s = _idle_position(rng, n, ("fixed", "alternating")[i % 2])
        m = len(s.discard) + s.stock_count
        period = _lcm(m, n, 2)
        seen = []
        for _ in range(2 * period):
            if any(isinstance(a, Play) for a in s.legal_actions()):
                break
            seen.append((s.discard[-1], s.to_move, s.direction))
            s.apply(Turn())
        else:
            assert seen[:period] == seen[period:]
            checked += 1
    assert checked > 20


def test_NA_16a_with_shuffle_blocks_early_only_when_nobody_could_ever_play():
    rng = random.Random(3)
    seen = {"never": 0, "maybe": 0}
    for i in range(300):
        n = 2 + i % 4
        s = _idle_position(rng, n, ("fixed", "alternating")[i % 2], shuffle=True)
        m = len(s.discard) + s.stock_count
        chance = random.Random(i)
        while not s.is_over:
            if s.to_move != CHANCE and any(isinstance(a, Play) for a in s.legal_actions()):
                break
            before = s.clone()
            s.apply(s.sample_chance(chance) if s.to_move == CHANCE else Turn())
            if s.is_over:
                could = before._playable_someday()
                t = s.idle_turns
                if could:
                    assert t > nags_mod.STUCK_BACKSTOP * n * m
                else:
                    assert t == nags_mod.STUCK_FACTOR * n * m + 1
                seen["maybe" if could else "never"] += 1
    assert seen["never"] > 5, seen
