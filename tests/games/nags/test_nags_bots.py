"""The Nags ``easy`` bot: legal, deterministic, sensible in set positions, better than random."""

from __future__ import annotations

import random

import pytest
from contract_support import self_play

from engine.games import levels_for, make_bot
from engine.games.nags.bots import NagsEasyBot
from engine.cards import parse_cards
from engine.games.nags.game import (Buy, ChooseDealer, ChooseDirection, Deal, DealRunner, DoneBuying, Nags,
                               NagsVariant, Phase, Play, Turn, parse_nags_action)
from engine.seats import SeatSpec
from engine.sim import run_sim

VARIANTS = {
    "default": NagsVariant(),
    "lowest-card": NagsVariant(opening_must_include_lowest_card=True),
    "voluntary-turn": NagsVariant(allow_voluntary_turn=True),
    "shuffle-recycle": NagsVariant(shuffle_on_recycle=True),
    "alternating": NagsVariant(direction_mode="alternating"),
    "choice": NagsVariant(direction_mode="choice"),
    "match-buying": NagsVariant(match_games=3, buying_horses=True),
    "target-buying": NagsVariant(match_target=40, buying_horses=True, allow_negative_after_purchase=True),
}


def test_easy_is_registered_for_nags():
    assert "easy" in levels_for("nags")
    assert isinstance(make_bot("nags", "easy"), NagsEasyBot)


@pytest.mark.parametrize("name", list(VARIANTS))
def test_easy_only_returns_legal_actions(name):
    """Every decision over whole matches of 2-5 seats is one of the legal actions."""
    variant = VARIANTS[name]
    rng = random.Random(name)
    bot = NagsEasyBot()

    def decide(state, view, legal):
        action = bot.choose(view, legal, rng)
        assert action in legal
        assert state.why_illegal(action) is None
        return action

    decisions = sum(self_play(Nags.new_state(variant, 2 + g % 4), decide, rng) for g in range(12))
    assert decisions > 100


def test_easy_is_deterministic_for_a_seed():
    seats = [SeatSpec.parse("ai:easy")] * 3
    a = run_sim("nags", VARIANTS["choice"], seats, 15, seed=42)
    b = run_sim("nags", VARIANTS["choice"], seats, 15, seed=42)
    assert a.rows == b.rows and a.actions == b.actions


@pytest.mark.slow
def test_easy_beats_random_in_three_seats():
    """Measured about 0.50 over 1000 games (fair share 1/3); the bar is well below."""
    seats = [SeatSpec.parse("ai:easy"), SeatSpec.parse("ai:random"), SeatSpec.parse("ai:random")]
    r = run_sim("nags", None, seats, 300, seed=2024)
    assert r.rows[0]["win_rate"] > 0.40
    assert r.rows[0]["mean_score"] > max(r.rows[1]["mean_score"], r.rows[2]["mean_score"])


# -- set positions -----------------------------------------------------------------

def _position(hands: list[str], runners: str, variant: NagsVariant | None = None, dealer: int = 0):
    """A state right after the deal: the given runners (NA-5) and hands (NA-6)."""
    state = Nags.new_state(variant or NagsVariant(), len(hands))
    state.apply(ChooseDealer(dealer))
    for c in parse_cards(runners):
        state.apply(DealRunner(c))
    state.apply(Deal(tuple(tuple(sorted(parse_cards(h))) for h in hands)))
    return state


def _choose(state, seed: int = 0):
    view = state.view(state.to_move)
    return NagsEasyBot().choose(view, view.legal_actions(), random.Random(seed))


def _play(state, text: str) -> None:
    state.apply(parse_nags_action(text))


def test_na12_brings_a_horse_in_with_the_right_colour():
    """Runner 3S (black): holding 3H and 3S, the bot plays both (the horse comes in, NA-12/NA-19)."""
    state = _position(["2C 5C 6C 7C 8C 9C 10C JC QC",
                       "3H 3S 2D 5D 6D 7D 8D 9D 10D",
                       "4C 4D 4H 5H 6H 7H 8H 9H 10H"], "3C JS QH AD")
    _play(state, "play 2C")
    assert state.to_move == 1
    assert _choose(state) == Play(tuple(sorted(parse_cards("3H 3S"))))


def test_na12_does_not_drop_its_own_horse():
    """Runner 3S: the bot never plays 3H alone while it holds 3S (that would make its horse fall)."""
    state = _position(["2C 5C 6C 7C 8C 9C 10C JC QC",
                       "3H 3S 2D 2H 5D 7D 8D 9D 10D",
                       "4C 4D 4H 5H 6H 7H 8H 9H 10H"], "3C JS QH AD")
    _play(state, "play 2C")
    choice = _choose(state)
    assert choice != Play(tuple(parse_cards("3H")))
    assert isinstance(choice, Play) and any(c.text == "3S" for c in choice.cards)


def test_na9_sheds_every_card_of_the_value():
    """With three 2s to open (NA-8, NA-9), the bot opens with all three."""
    state = _position(["2C 2D 2H 5C 7C 9C JC KC AC",
                       "3C 3D 4H 6D 8D 10D QD KD AD",
                       "4C 4D 5H 6H 7H 8H 9H 10H JH"], "3S JS QH 6S")
    assert state.to_move == 0
    assert _choose(state) == Play(tuple(sorted(parse_cards("2C 2D 2H"))))


def test_na17_plays_out_when_it_can():
    state = _position(["2C 5C 6C 7C 8C 9C 10C JC QC",
                       "3H 3D 2D 5D 6D 7D 8D 9D 10D",
                       "4C 4D 4H 5H 6H 7H 8H 9H 10H"], "3C JS QH AD")
    _play(state, "play 2C")
    state.hands[1] = sorted(parse_cards("3H 3D"))  # late in a game: only the 3s are left
    assert _choose(state) == Play(tuple(sorted(parse_cards("3D 3H"))))


def test_na23_chooses_the_direction_towards_its_cards():
    """After turning a 9 (choice variation), holding 7s and 8s, the bot goes down; holding 10s and Js, up."""
    for held, want in (("7C 7D 8C 8D 7H 8H", -1), ("10C 10D JC JD 10H JH", 1)):
        state = _position(["2C 5C 6C 7C 8C 9C 10C JC QC",
                           "3H 3D 2D 5D 6D 7D 8D 9D 10D",
                           "4C 4D 4H 5H 6H 7H 8H 9H 10H"], "3C JS QH AD", NagsVariant(direction_mode="choice"))
        # Set the hands for this test: seat 0 opens with 2C (NA-8), seat 1 holds no 2 or 3.
        state.hands = [sorted(parse_cards("2C 3C")), sorted(parse_cards(held)), sorted(parse_cards("2D 3D 4D"))]
        _play(state, "play 2C")
        state.pool.remove(parse_cards("9S")[0])
        state.stock_known = parse_cards("9S")  # the next card to turn is public (NA-15)
        assert state.legal_actions() == [Turn()]  # NA-11: seat 1 cannot play on a 2
        _play(state, "turn")
        assert state.to_move == 1 and state.legal_actions() == [ChooseDirection(1), ChooseDirection(-1)]
        assert _choose(state) == ChooseDirection(want)


def _buy_position(totals_half: list[int], games: int, played: int):
    state = Nags.new_state(NagsVariant(match_games=games, buying_horses=True), 3)
    state.phase = Phase.BUY
    state.buyer = 0
    state.totals_half = list(totals_half)
    state.history = [[0, 0, 0] for _ in range(played)]
    return state


def test_na25_buys_a_high_horse_with_a_lead_and_many_games_left():
    state = _buy_position([80, 20, 20], games=20, played=2)
    action = _choose(state)
    assert isinstance(action, Buy) and action.value >= 12


def test_na25_keeps_its_points_when_behind_or_near_the_end():
    assert _choose(_buy_position([24, 60, 40], games=20, played=2)) == DoneBuying()  # behind, low score
    assert _choose(_buy_position([80, 20, 20], games=3, played=2)) == DoneBuying()   # one game left
