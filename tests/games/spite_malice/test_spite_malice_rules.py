"""Spite & Malice rules SM-1 .. SM-20 (``engine/rules/spite_malice.md``), one or more tests per rule.

Positions are built the way a log rebuilds them: the chance actions ``deal``
(both stock decks, bottom card first) and ``draw`` with chosen cards, then
player moves in notation (``play 7H P1``, ``play S P2``, ``play D1 P3``,
``discard 7H D2``), so the parser is exercised too. A few tests then set the
play decks or the draw deck directly to reach a late-game position quickly.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.cards import Card, parse_card, parse_cards
from engine.core import CHANCE, TERMINAL, IllegalAction
from engine.games import GAMES, get_game
from engine.games.spite_malice.game import (PRESETS, TIE, Deal, Discard, Draw, PlayDiscard, PlayHand, PlayStock,
                                       SpiteMalice, SpiteMaliceState, SpiteMaliceVariant, card_value)
from engine.variants import ConfigError, build_variant


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def new_game(stock0: str, stock1: str, draw: str | None = None, **opts) -> SpiteMaliceState:
    """A game dealt with the given stocks (bottom first, top last); ``draw`` is
    the first player's opening draw (SM-7)."""
    opts.setdefault("stock_count", len(stock0.split()))
    s = SpiteMalice.new_state(SpiteMaliceVariant(**opts), 2)
    s.apply(Deal((cards(stock0), cards(stock1))))
    if draw is not None:
        assert s.to_move == CHANCE and s.draw_need == len(draw.split())
        s.apply(Draw(cards(draw)))
    return s


def act(s: SpiteMaliceState, text: str):
    return s.apply(SpiteMalice.parse_action(text))


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def legal(s: SpiteMaliceState) -> set[str]:
    return {str(a) for a in s.legal_actions()}


def set_play(s: SpiteMaliceState, *decks: str) -> None:
    """Set the play decks (cards in play order; the pool keeps the card count right)."""
    for j, text in enumerate(decks):
        for c in cards(text):
            s.pool.remove(c)
        s.play[j] = list(cards(text))


# -- SM-1 ------------------------------------------------------------------------

def test_SM_1_two_players_only():
    assert SpiteMalice.min_seats == SpiteMalice.max_seats == 2
    for n in (1, 3, 4):
        with pytest.raises(ValueError, match="needs 2 seats"):
            SpiteMalice.new_state(SpiteMaliceVariant(), n)
    assert get_game("spite_malice") is SpiteMalice and "spite_malice" in GAMES


# -- SM-2 / SM-3 -----------------------------------------------------------------------

def test_SM_2_card_values_ace_low_joker_high_suits_irrelevant():
    assert [card_value(parse_card(t)) for t in "AS 2C 10D JH QS KC".split()] == [1, 2, 10, 11, 12, 13]
    assert card_value(Card.joker()) == 14
    assert card_value(parse_card("7H")) == card_value(parse_card("7S"))


def test_SM_3_wild_from_the_minimum_wild_card_up():
    a = SpiteMalice.new_state(SpiteMaliceVariant(game_type="SNM_A"))
    assert a.variant.maxv == 12 and a.is_wild(parse_card("KS")) and not a.is_wild(parse_card("QS"))
    pz = SpiteMalice.new_state(SpiteMaliceVariant(game_type="SNM_PZ"))
    assert pz.variant.maxv == 13 and pz.is_wild(Card.joker()) and not pz.is_wild(parse_card("KS"))
    house = SpiteMalice.new_state(SpiteMaliceVariant(include_jokers=True, minimum_wild_card="king"))
    assert house.is_wild(Card.joker()) and house.is_wild(parse_card("KD")) and house.variant.maxv == 12
    nine = SpiteMalice.new_state(SpiteMaliceVariant(minimum_wild_card="9"))
    assert nine.is_wild(parse_card("9C")) and nine.is_wild(parse_card("JC")) and not nine.is_wild(parse_card("8C"))
    assert not nine.is_wild(parse_card("AC"))
    # The variant answers the same question for views and the board (one rule, one place).
    assert nine.variant.is_wild(parse_card("9C")) and not nine.variant.is_wild(parse_card("8C"))
    assert nine.variant.wild_values() == [9, 10, 11, 12, 13]
    assert a.variant.wild_values() == [13] and pz.variant.wild_values() == [14]
    assert house.variant.wild_values() == [13, 14]


# -- SM-4 / SM-9 / SM-10 (worked examples 1 and 2) ------------------------------------------

def test_SM_4_worked_example_snm_a_jack_then_king_as_queen_clears():
    """SNM A, play deck showing 10: play J, then K (wild, counts as Q); the deck is removed."""
    s = new_game("5C 5D", "3C 3D", draw="JC KS 4H 4S 6D")
    set_play(s, "AC 2C 3H 4C 5H 6H 7C 8C 9C 10C")
    act(s, "play JC P1")
    assert len(s.play[0]) == 11
    ev = act(s, "play KS P1")
    assert ev[0].data["counted"] == 12 and "counts as Q" in ev[0].text
    assert "clear" in kinds(ev) and s.play[0] == []
    assert Counter(s.removed) == Counter(cards("AC 2C 3H 4C 5H 6H 7C 8C 9C 10C JC KS"))


def test_SM_4_snm_a_queen_clears_and_a_king_is_never_a_natural_top():
    s = new_game("5C 5D", "3C 3D", draw="QC KS KH 4S 6D")
    set_play(s, "AC 2C 3H 4C 5H 6H 7C 8C 9C 10C JD")
    act(s, "play QC P1")  # a natural Queen reaches MAXV = 12
    assert s.play[0] == [] and len(s.removed) == 12
    act(s, "play KS P2")  # a King on an empty deck is wild and counts as Ace
    assert s.play[1] == [parse_card("KS")]
    assert all(len(p) < 12 for p in s.play)


def test_SM_4_worked_example_pz_king_or_joker_clears_a_queen():
    base = "AC 2C 3H 4C 5H 6H 7C 8C 9C 10C JC QC"
    for card in ("KD", "JK"):
        s = new_game("5C 5D", "3C 3D", draw=f"{card} KH 4H 4S 6D", game_type="SNM_PZ")
        set_play(s, base)
        ev = act(s, f"play {card} P1")
        assert ev[0].data["counted"] == 13 and s.play[0] == [] and "clear" in kinds(ev)
    # a natural K can never go on an empty deck, nor anywhere but on a Q
    s = new_game("5C 5D", "3C 3D", draw="KD 4H 4S 6D 7D", game_type="SNM_PZ")
    set_play(s, "", "AC 2C 3H 4C 5H 6H 7C 8C 9C 10C JC")
    assert not any(a.startswith("play KD") for a in legal(s))
    with pytest.raises(IllegalAction, match="empty play deck takes only an Ace or a wild"):
        act(s, "play KD P1")
    with pytest.raises(IllegalAction, match="shows J: it takes only a Q"):
        act(s, "play KD P2")


def test_SM_9_empty_deck_takes_ace_or_wild_then_the_next_value():
    s = new_game("9C 9D", "3C 3D", draw="AH 2S 3S KD 5C")
    assert legal(s) >= {"play AH P1", "play KD P1"} and "play 2S P1" not in legal(s)
    act(s, "play AH P1")
    assert "play 2S P1" in legal(s) and "play 3S P1" not in legal(s)
    act(s, "play KD P2")  # wild on empty: counts as Ace
    act(s, "play 2S P2")  # so a 2 follows it: its counted value stayed 1
    act(s, "play 3S P2")
    assert [len(p) for p in s.play] == [1, 3, 0, 0]
    assert [s.view(0).needs(j) for j in range(4)] == [2, 4, 1, 1]  # what each play deck takes next


def test_SM_9_wild_counts_as_the_next_value_and_stays_fixed():
    s = new_game("9C 9D", "3C 3D", draw="AH 2S KD 4S 5C")
    act(s, "play AH P1")
    act(s, "play KD P1")  # counts as 2
    assert "play 4S P1" not in legal(s)
    with pytest.raises(IllegalAction, match="shows 2: it takes only a 3"):
        act(s, "play 4S P1")


@pytest.mark.parametrize("shuffle", ["draw_empty", "deck_removed", "any_draw"])
def test_SM_10_a_complete_deck_is_removed_and_its_slot_is_empty(shuffle):
    s = new_game("9C 9D", "3C 3D", draw="QH 4S 5S 6S 7S", shuffle_type=shuffle)
    set_play(s, "AC 2C 3H 4C 5H 6H 7C 8C 9C 10C JC")
    pool_before = len(s.pool)
    act(s, "play QH P1")
    assert s.play[0] == []
    if shuffle == "draw_empty":
        assert len(s.removed) == 12 and len(s.pool) == pool_before
    else:
        assert s.removed == [] and len(s.pool) == pool_before + 12
    assert "play 4S P1" not in legal(s)  # the slot is empty again: Ace or wild only


# -- SM-5 / SM-6 --------------------------------------------------------------------------

@pytest.mark.parametrize("game_type,draw_deck", [("SNM_A", 64), ("SNM_PZ", 68), ("SNM_PZ_NWIS", 68),
                                                 ("SNM_A_SHORT", 94)])
def test_SM_5_deal_sizes_per_preset(game_type, draw_deck):
    v = SpiteMaliceVariant(game_type=game_type)
    rng = random.Random(1)
    s = SpiteMalice.new_state(v)
    deal = s.sample_chance(rng)
    s.apply(deal)
    while s.redeals and s.to_move == CHANCE and s.draw_need == 0:
        s.apply(s.sample_chance(rng))
    assert [len(x) for x in s.stocks] == [v.stock_count] * 2
    assert len(s.pool) == draw_deck and all(p == [] for p in s.play)
    assert all(d == [] for ds in s.discards for d in ds) and s.hands == [[], []]


def test_SM_5_no_wilds_in_stock_sets_jokers_aside_and_shuffles_them_into_the_draw_deck():
    v = SpiteMaliceVariant(game_type="SNM_PZ_NWIS")
    rng = random.Random(3)
    for _ in range(30):
        s = SpiteMalice.new_state(v)
        deal = s.sample_chance(rng)
        assert Card.joker() not in deal.stocks[0] + deal.stocks[1]
        s.apply(deal)
        if s.redeals == 0:
            assert s.pool.count(Card.joker()) == 4
    s = SpiteMalice.new_state(v)
    with pytest.raises(IllegalAction, match="cannot be dealt to the stocks"):
        s.apply(Deal((cards("JK") + cards("2C") * 19, cards("3C") * 20)))
    s = SpiteMalice.new_state(SpiteMaliceVariant(game_type="SNM_PZ", stock_count=3))
    s.apply(Deal((cards("2C 3C JK"), cards("4D 5D 6D"))))
    assert s.stocks[0][-1] is Card.joker() and s.turn == 0  # wild cards may be dealt to stocks in PZ


def test_SM_6_higher_stock_card_goes_first_and_stays_face_up():
    s = new_game("2C 9D", "AC KD", stock_count=2)  # SNM A: K beats 9 (values, not wildness)
    assert s.to_move == CHANCE and s.turn == 1 and s.draw_need == 5
    v = s.view(0)
    assert v.stock_tops == (parse_card("9D"), parse_card("KD"))
    s = new_game("2C JK", "AC KD", stock_count=2, game_type="SNM_PZ")
    assert s.turn == 0  # Joker = 14


def test_SM_6_equal_values_re_deal_everything_then_the_hand_is_dealt():
    s = SpiteMalice.new_state(SpiteMaliceVariant(stock_count=2))
    ev = s.apply(Deal((cards("2C 9D"), cards("AC 9S"))))
    assert "redeal" in kinds(ev) and s.redeals == 1 and s.to_move == CHANCE
    assert s.stocks == [[], []] and len(s.pool) == 104 and s.hands == [[], []]
    assert isinstance(s.sample_chance(random.Random(0)), Deal)
    s.apply(Deal((cards("2C 9D"), cards("AC 8S"))))
    assert s.turn == 0 and s.draw_need == 5 and s.hands == [[], []]  # SM-6 DECISION: hand after the tie


# -- SM-7 / SM-11 / SM-12 --------------------------------------------------------------------

def test_SM_7_start_of_turn_draws_up_to_the_hand_size():
    s = new_game("9C 9D", "3C 3D", draw="4H 4S 6D 7D 8D")  # the first play is dealt 5
    assert len(s.hands[0]) == 5 and s.to_move == 0
    act(s, "discard 4H D1")
    assert s.to_move == CHANCE and s.turn == 1 and s.draw_need == 5
    s.apply(Draw(cards("10H 10S JD JS 5C")))
    act(s, "discard 10H D1")
    assert s.turn == 0 and s.draw_need == 1  # seat 0 holds 4: draws 1
    s.apply(Draw(cards("2D")))
    assert len(s.hands[0]) == 5


def test_SM_11_hand_played_out_draws_again_several_times():
    s = new_game("9C 9D", "3C 3D", draw="AH 2H 3H 4H 5H", hand_card_count=5)
    for t in ("AH", "2H", "3H", "4H"):
        act(s, f"play {t} P1")
    ev = act(s, "play 5H P1")
    assert "refill" in kinds(ev) and s.to_move == CHANCE and s.draw_need == 5
    s.apply(Draw(cards("6H 7H 8H 10C 10D")))
    assert s.to_move == 0 and s.turn == 0
    for t in ("6H", "7H", "8H"):
        act(s, f"play {t} P1")
    assert s.hands[0] == list(cards("10C 10D"))


def test_SM_12_turn_ends_only_by_a_discard_and_last_card_discard_draws_nothing():
    s = new_game("9C 9D", "3C 3D", draw="AH 2H 3H 4H 10S")
    assert all(a.split()[0] in ("play", "discard") for a in legal(s))  # no pass
    for t in ("AH", "2H", "3H", "4H"):
        act(s, f"play {t} P1")
        assert s.turn == 0
    ev = act(s, "discard 10S D3")  # the last hand card: no draw, the turn is over
    assert "refill" not in kinds(ev) and s.hands[0] == [] and s.turn == 1
    s.apply(Draw(cards("JD JS QD QS 6C")))
    act(s, "discard JD D1")
    assert s.draw_need == 5  # seat 0 draws up at the start of the next turn (SM-7)


# -- SM-8 --------------------------------------------------------------------------------------

def test_SM_8_legal_move_kinds_and_forbidden_moves():
    s = new_game("9C KD", "3C 2D", draw="AH 5H 6H 7H 10S")  # KD: wild stock top
    s.discards[0][0] = list(cards("4C 2S"))  # buried 4C under 2S
    s.discards[1][0] = list(cards("AS"))  # the opponent's discard top
    for c in cards("4C 2S AS"):
        s.pool.remove(c)
    acts = legal(s)
    assert "play S P1" in acts and "play AH P1" in acts  # moves 2 and 1
    assert "discard 10S D1" in acts and "discard 5H D4" in acts  # move 4 onto any discard deck
    assert not any("D1 P" in a for a in acts)  # 2S is not playable on empty decks; 4C is buried
    assert all(not a.startswith("discard D") for a in acts)  # no discard -> discard, no stock -> discard
    act(s, "play S P1")
    assert "play D1 P1" in legal(s)  # the discard top 2S on the Ace
    act(s, "play D1 P1")
    assert s.discards[0][0] == [parse_card("4C")]
    with pytest.raises(IllegalAction):
        act(s, "play D1 P2")  # 4C is now top but cannot go on an empty deck
    with pytest.raises(IllegalAction, match="only a hand card may be discarded"):
        act(s, "discard 2D D1")  # the opponent's stock top is not ours
    with pytest.raises(IllegalAction, match="empty"):
        act(s, "play D2 P2")


def test_SM_8_stock_card_cannot_be_discarded_and_the_opponents_cards_are_out_of_reach():
    s = new_game("9C 5D", "3C AS", draw="2H 6H 7H 8H 10S", stock_count=2)
    assert s.turn == 0
    acts = legal(s)
    assert "discard 5D D1" not in acts and not any(a.startswith("play S") for a in acts)
    with pytest.raises(IllegalAction, match="you do not hold 5D"):
        act(s, "discard 5D D1")
    assert s.why_illegal(Discard(parse_card("10S"), 9)) == "you have only 4 discard decks, D1 to D4"


# -- SM-13 -----------------------------------------------------------------------------------------

def test_SM_13_empty_stock_wins_at_once_mid_turn():
    s = new_game("5D", "AC", stock_count=1)
    assert s.turn == 0
    s.apply(Draw(cards("AH 2H 3H 4H 10S")))
    for t in ("AH", "2H", "3H", "4H"):
        act(s, f"play {t} P1")
    ev = act(s, "play S P1")
    assert "win" in kinds(ev) and s.is_over and s.to_move == TERMINAL
    assert s.winners() == [0] and s.hands[0] == [parse_card("10S")] and s.result == 0
    assert s.scores() == [1.0, 0.0]  # SM-17 points: one card left in the other stock


# -- SM-14 / SM-15 -------------------------------------------------------------------------------------

def _late(shuffle: str, pool: str, removed: str, **opts) -> SpiteMaliceState:
    """Seat 0 to draw 5 at the start of its turn with the given draw deck and removed pile."""
    s = new_game("9C 9D", "3C 3D", draw="4H 4S 6D 7D 8D", shuffle_type=shuffle, **opts)
    act(s, "discard 4H D1")
    s.apply(Draw(cards("10H 10S JD JS 5C")))
    keep = Counter(s.pool)
    s.pool = list(cards(pool))
    s.removed = list(cards(removed))
    s.hands[0] = []  # seat 0 has played out and discarded its last card
    extra = Counter(s.pool) + Counter(s.removed)
    assert not (extra - keep)
    act(s, "discard 10H D1")
    return s


def test_SM_14_worked_example_draw_empty_recycles_the_removed_pile():
    """Draw deck of 2, removed pile of 24, a draw of 5: 2, then the shuffled removed pile, 3 more."""
    removed = "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH"
    s = _late("draw_empty", "KS KD", removed)
    assert s.to_move == CHANCE and s.draw_need == 5
    d = s.sample_chance(random.Random(4))
    assert {parse_card("KS"), parse_card("KD")} <= set(d.cards) and len(d.cards) == 5
    ev = s.apply(d)
    assert "recycle" in kinds(ev) and s.removed == [] and len(s.pool) == 21
    # a draw that leaves out a draw-deck card is impossible
    s2 = _late("draw_empty", "KS KD", removed)
    with pytest.raises(IllegalAction, match="whole draw deck"):
        s2.apply(Draw(cards("KS AC 2C 3C 4C")))


def test_SM_15_worked_example_empty_removed_pile_is_a_tie():
    s = _late("draw_empty", "KS KD", "")
    assert s.is_over and s.result == TIE and s.winners() == [0, 1] and s.scores() == [0.0, 0.0]
    assert "SM-15" in s.reason


@pytest.mark.parametrize("shuffle", ["deck_removed", "any_draw"])
def test_SM_14_deck_removed_and_any_draw_keep_no_removed_pile(shuffle):
    s = _late(shuffle, "KS KD", "")
    assert s.is_over and s.result == TIE  # nothing to recycle: 2 < 5
    s = _late(shuffle, "KS KD AC 2C 3C 4C", "")
    assert s.draw_need == 5
    s.apply(s.sample_chance(random.Random(0)))
    assert len(s.pool) == 1 and s.removed == []


def test_SM_15_partial_policy_draws_what_is_left():
    s = _late("draw_empty", "KS KD", "", shortfall_policy="partial")
    assert not s.is_over and s.draw_need == 2
    s.apply(Draw(cards("KS KD")))
    assert s.to_move == 0 and len(s.hands[0]) == 2
    s = _late("draw_empty", "", "", shortfall_policy="partial")
    assert s.is_over and s.result == TIE  # no hand card and nothing to draw


# -- SM-16 / SM-17 --------------------------------------------------------------------------------------

def test_SM_16_turn_cap_ends_the_game_as_a_tie():
    s = new_game("9C 9D", "3C 3D", draw="4H 4S 6D 7D 8D", max_turns=3)
    act(s, "discard 4H D1")
    s.apply(s.sample_chance(random.Random(1)))
    act(s, str(next(a for a in s.legal_actions() if isinstance(a, Discard))))
    s.apply(s.sample_chance(random.Random(2)))
    ev = act(s, "discard 4S D2")
    assert s.is_over and s.result == TIE and "SM-16" in s.reason and s.turns == 3 and "tie" in kinds(ev)


def _win_first_game(match_to: int) -> tuple[SpiteMaliceState, list]:
    """Seat 0 plays out its 2-card stock; seat 1 keeps 2 stock cards."""
    s = SpiteMalice.new_state(SpiteMaliceVariant(stock_count=2, match_to=match_to))
    s.apply(Deal((cards("9C 6D"), cards("8S 2S"))))
    s.apply(Draw(cards("AH 2H 3H 4H 5H")))
    for t in ("AH", "2H", "3H", "4H", "5H"):
        act(s, f"play {t} P1")
    s.apply(Draw(cards("7H 7S 8H 10C 10D")))  # SM-11 refill
    act(s, "play S P1")
    act(s, "play 7H P1")
    act(s, "play 8H P1")
    return s, act(s, "play S P1")


def test_SM_17_the_winner_scores_the_other_stock_and_the_match_goes_on():
    s, ev = _win_first_game(match_to=3)
    assert "win" in kinds(ev) and "hand_over" in kinds(ev) and "match_over" not in kinds(ev)
    over = next(e for e in ev if e.kind == "hand_over")
    assert {k: over.data[k] for k in ("hand", "scores", "totals")} == {"hand": 0, "scores": [2.0, 0.0],
                                                                       "totals": [2.0, 0.0]}
    assert over.data["winner"] == 0 and over.data["stock_left"] == [0, 2]  # the breakdown for the summary
    assert s.totals == [2, 0] and s.game_points == [[2, 0]]
    assert not s.is_over and s.game_no == 1 and s.hand_number == 1 and s.to_move == CHANCE
    assert isinstance(s.sample_chance(random.Random(0)), Deal) and s.stocks == [[], []]


def test_SM_17_the_match_ends_when_a_total_reaches_the_target():
    s, ev = _win_first_game(match_to=2)
    assert s.is_over and s.winners() == [0] and s.scores() == [2.0, 0.0] and "match_over" in kinds(ev)
    single, _ = _win_first_game(match_to=None)
    assert single.is_over and single.winners() == [0] and single.scores() == [2.0, 0.0]


# -- SM-18 ------------------------------------------------------------------------------------------------

def test_SM_18_views_show_tops_play_and_discard_decks_and_hide_hands_and_stocks():
    s = new_game("9C 8C 9D", "3C 4C 3D", draw="AH 2H 6H 7H 10S")
    act(s, "play AH P1")
    act(s, "discard 10S D2")
    v1 = s.view(1)
    assert v1.hand == () and v1.hand_sizes == (3, 0)
    assert v1.stock_tops == (parse_card("9D"), parse_card("3D")) and v1.stock_counts == (3, 3)
    assert v1.play[0] == (parse_card("AH"),) and v1.discards[0][1] == (parse_card("10S"),)
    assert v1.pool_count == len(s.pool)
    text = repr(v1)
    assert "8C" not in text and "2H" not in text  # the stock below the top and the other hand
    assert s.view(0).hand == tuple(cards("2H 6H 7H"))


def test_SM_18_removed_pile_contents_are_known_its_order_is_not():
    """SM-18 (amended): both players saw every card of the removed pile on a play
    deck, so its contents are in every view: swapping one of its cards with a
    draw-deck card changes the views, reordering it does not, and determinize
    keeps exactly those cards there (never in a hand or the draw deck)."""
    rng = random.Random(5)
    for seed in range(40):
        s = SpiteMalice.new_state(build_variant(SpiteMaliceVariant, {"game_type": "SNM_A_SHORT"}), 2)
        r = random.Random(seed)
        while not s.is_over and not (s.removed and s.pool):
            legal = s.legal_actions()
            a = s.sample_chance(r) if s.to_move == CHANCE else legal[int(r.random() * len(legal))]
            s.apply(a)
        if s.is_over:
            continue
        t = s.clone()
        t.removed[0], t.pool[0] = t.pool[0], t.removed[0]
        if Counter(t.removed) == Counter(s.removed):
            continue
        u = s.clone()
        u.removed.reverse()
        for seat in (0, 1):
            assert s.view(seat) != t.view(seat)
            assert s.view(seat) == u.view(seat)
            assert s.view(seat).removed_count == len(s.removed)
            assert Counter(s.view(seat).removed) == Counter(s.removed)
            for _ in range(5):
                d = s.view(seat).determinize(rng)
                assert Counter(d.removed) == Counter(s.removed) and d.view(seat) == s.view(seat)
        return
    pytest.fail("no game reached a removed pile and a draw deck at once")


# -- SM-19 / SM-20 -----------------------------------------------------------------------------------------

def test_SM_19_presets_match_the_seed_table_and_parameters_override():
    a = build_variant(SpiteMaliceVariant, {})
    assert (a.game_type, a.shuffle_type, a.stock_count, a.play_deck_count, a.discard_deck_count,
            a.hand_card_count, a.include_jokers, a.decks_included, a.minimum_wild_card,
            a.include_wild_cards_in_stock) == ("SNM_A", "draw_empty", 20, 4, 4, 5, False, 2, "king", True)
    assert build_variant(SpiteMaliceVariant, {"game_type": "SNM_A_SHORT"}).stock_count == 5
    nwis = build_variant(SpiteMaliceVariant, {"game_type": "SNM_PZ_NWIS"})
    assert nwis.include_jokers and nwis.minimum_wild_card == "joker" and not nwis.include_wild_cards_in_stock
    over = build_variant(SpiteMaliceVariant, {"game_type": "SNM_PZ", "stock_count": 10, "shuffle_type": "any_draw"})
    assert over.stock_count == 10 and over.shuffle_type == "any_draw" and over.include_jokers
    assert over == SpiteMaliceVariant(game_type="SNM_PZ", stock_count=10, shuffle_type="any_draw")
    house = build_variant(SpiteMaliceVariant, {"include_jokers": True, "minimum_wild_card": "king"})
    assert house.maxv == 12 and len(house.full_deck()) == 108


@pytest.mark.parametrize("game_type", ["MEGIDDO", "MEGI_9"])
def test_SM_20_megiddo_and_megi_9_are_not_available(game_type):
    with pytest.raises(ConfigError, match=r"never published"):
        build_variant(SpiteMaliceVariant, {"game_type": game_type}, section="rules.spite_malice")
    assert PRESETS[game_type]["shuffle_type"] == "deck_removed"
    with pytest.raises(ValueError, match="never published"):
        SpiteMalice.new_state(SpiteMaliceVariant(game_type=game_type))


@pytest.mark.parametrize("table,key,message", [
    ({"decks_included": 0}, "decks_included", "out of range"),
    ({"stock_count": 0}, "stock_count", "out of range"),
    ({"minimum_wild_card": "ace"}, "minimum_wild_card", "Ace can never be wild"),
    ({"stock_count": 53, "decks_included": 1}, "stock_count", "only 52 may be dealt"),
    ({"game_type": "SNM_PZ_NWIS", "decks_included": 1, "stock_count": 27}, "stock_count", "only 52"),
    ({"minimum_wild_card": "2", "include_wild_cards_in_stock": False, "stock_count": 4}, "minimum_wild_card",
     "first player could never be decided"),
    ({"shuffle_type": "sometimes"}, "shuffle_type", "not allowed"),
])
def test_SM_20_invalid_combinations_are_rejected_with_a_clear_error(table, key, message):
    with pytest.raises(ConfigError, match=message) as err:
        build_variant(SpiteMaliceVariant, table, section="rules.spite_malice")
    assert err.value.key == f"rules.spite_malice.{key}"
    assert "\n" not in str(err.value)


def test_SM_20_direct_construction_problems_and_the_no_wild_warning():
    assert SpiteMaliceVariant(decks_included=0).problems()[0][0] == "decks_included"
    v = SpiteMaliceVariant(minimum_wild_card="joker", include_jokers=False)
    assert v.problems() == [] and "no wild cards" in v.warnings()[0] and v.maxv == 13
    assert SpiteMaliceVariant(game_type="SNM_PZ").warnings() == []
    s = SpiteMalice.new_state(v)  # legal: plays with kings clearing, no wilds
    assert not s.is_wild(parse_card("KS"))


# -- notation ------------------------------------------------------------------------------------------------

def test_notation_round_trips_and_bad_text_is_refused():
    for text in ("play 7H P1", "play S P3", "play D2 P1", "discard JK D4", "draw 2C 7H JK", "deal AC 2D / 3S KH"):
        assert str(SpiteMalice.parse_action(text)) == text
    assert SpiteMalice.parse_action("play 10h p2") == PlayHand(parse_card("10H"), 1)
    assert SpiteMalice.parse_action("play d3 p1") == PlayDiscard(2, 0)
    assert SpiteMalice.parse_action("play s p4") == PlayStock(3)
    assert Draw(cards("7H 2C")) == Draw(cards("2C 7H"))
    for bad in ("", "pass", "play 7H", "play 7H Q1", "discard 7H P1", "play ZZ P1", "play 7H P0"):
        with pytest.raises(ValueError):
            SpiteMalice.parse_action(bad)
