"""The parts of a Nickels seat's view that the table screens use instead of the omniscient
state (issue 24, the seam): each answers from public facts exactly as the state does."""

from __future__ import annotations

import random

import pytest

from engine.core import CHANCE
from engine.games.nickels.game import Nickels, Phase
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
