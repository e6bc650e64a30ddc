"""The parts of a Nickels seat's view that the table screens use instead of the omniscient
state (issue 24, the seam): each answers from public facts exactly as the state does."""

from __future__ import annotations

import random

import pytest

from engine.core import CHANCE
from engine.games.nickels.game import CLAIM, DECLINE, TAKE, Discard, LayMeld, Layoff, Nickels, Phase, Swap
from test_nickels_properties import choose, random_variant


@pytest.mark.parametrize("seed", range(6))
def test_nk13c_view_may_claim_agrees_with_the_state_for_every_seat_and_viewer(seed):
    """NK-13c/f/g, NK-19: ``NickelsView.may_claim`` (what a claim window for several people
    at one terminal asks) gives the state's answer from any seat's view."""
    rng = random.Random(seed)
    v = random_variant(rng)
    s = Nickels.new_state(v, rng.choice(Nickels.seat_counts(v)))
    offers = 0
    for _ in range(600):
        if s.is_over:
            break
        if s.to_move != CHANCE:
            views = [s.view(x) for x in range(s.n_seats)]
            for seat in range(s.n_seats):
                want = s.may_claim(seat)
                assert all(view.may_claim(seat) == want for view in views), (seat, s.fingerprint())
            offers += s.phase == Phase.OFFER
        s.apply(s.sample_chance(rng) if s.to_move == CHANCE else choose(s, rng))
    assert offers or v.out_of_turn_claims_per_turn == 0


def _play_positions(seed: int, steps: int = 3000):
    """The seat-to-move views of one random match (random house rules) in the play phase."""
    rng = random.Random(seed)
    v = random_variant(rng)
    s = Nickels.new_state(v, rng.choice(Nickels.seat_counts(v)))
    for _ in range(steps):
        if s.is_over:
            return
        if s.to_move != CHANCE and s.phase == Phase.PLAY:
            yield s.view(s.to_move)
        s.apply(s.sample_chance(rng) if s.to_move == CHANCE else choose(s, rng))


def test_nk14_moves_for_a_layoff_are_the_legal_ways_of_that_card_on_that_meld():
    """NK-14: ``moves_for("layoff", [card], meld)`` gives every legal way (a joker's meanings,
    an ace low or high) and nothing else; with none legal, the one attempt the engine refuses."""
    checked = refused = 0
    for view in (v for seed in range(12) for v in _play_positions(seed)):  # layoffs are rare under random play
        legal = view.legal_actions()
        for card in set(view.hand):
            for tm in view.melds:
                got = view.moves_for("layoff", [card], tm.id)
                want = [a for a in legal if isinstance(a, Layoff) and a.card == card and a.meld == tm.id]
                if want:
                    assert got == want
                    checked += 1
                else:
                    assert got == [Layoff(card, tm.id)] and got[0] not in legal
                    refused += 1
    assert checked and refused


def test_nk7_nk8_moves_for_a_meld_are_the_arrangements_of_exactly_those_cards():
    """NK-7/NK-8/NK-11: ``moves_for("meld", cards)`` is every arrangement of the cards; every
    legal meld of the position is among the moves for its own cards."""
    seen = 0
    for view in (v for seed in range(12) for v in _play_positions(seed)):  # layoffs are rare under random play
        for a in view.legal_actions():
            if isinstance(a, LayMeld):
                got = view.moves_for("meld", a.meld.cards)
                assert a in got and all(isinstance(m, LayMeld) and sorted(m.meld.cards) == sorted(a.meld.cards)
                                        for m in got)
                seen += 1
    assert seen


def test_moves_for_the_fixed_moves_one_card_moves_and_what_names_no_move():
    view = next(_play_positions(0))
    card = view.hand[0]
    assert view.moves_for("take") == [TAKE] and view.moves_for("pass") == [DECLINE]
    assert view.moves_for("claim") == [CLAIM]
    assert view.moves_for("discard", [card]) == [Discard(card)]
    assert view.moves_for("swap", [card], 7) == [Swap(card, 7)]
    assert view.moves_for("discard", []) == [] and view.moves_for("layoff", [card]) == []
    assert view.moves_for("meld", []) == [] and view.moves_for("swap", list(view.hand[:2]), 1) == []
    with pytest.raises(ValueError, match="kinds: take, pass"):
        view.moves_for("steal", [card])
