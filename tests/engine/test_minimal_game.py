"""The smallest game on the state skeleton (``tests/minimal_game.py``) keeps the engine
contract: what docs/engine.md's "Adding a game" promises a new game's author."""

from __future__ import annotations

import random

import pytest

from contract_support import assert_clone_is_independent, assert_legal_or_refused_cleanly, self_play
from engine.core import IllegalAction
from engine.phased import field_differences
from minimal_game import Deal, Fold, HighCard, HighCardVariant, Phase, Stay


def _step(s, rng):
    legal = s.legal_actions()
    s.apply(s.sample_chance(rng) if s.to_move < 0 else legal[int(rng.random() * len(legal))])


@pytest.mark.parametrize("seed", range(40))
def test_high_card_keeps_the_contract(seed):
    rng = random.Random(seed)
    s = HighCard.new_state(HighCardVariant(), 2 + seed % 3)

    def decide(state, view, legal):
        assert legal == state.legal_actions() and legal
        for a in (Stay(), Fold(), Deal(())):
            assert_legal_or_refused_cleanly(state.clone(), a)
        assert_clone_is_independent(state, random.Random(seed), 3, _step)
        for seat in range(state.n_seats):  # a seat's view survives a re-deal of what it cannot see
            v = state.view(seat)
            assert v.determinize(random.Random(seed + seat)).view(seat) == v
        for a in legal:
            assert HighCard.parse_action(str(a)) == a
        return legal[int(rng.random() * len(legal))]

    assert self_play(s, decide, rng) == s.n_seats
    assert s.is_over and s.phase is Phase.OVER and len(s.winners()) == 1 and sum(s.scores()) == s.n_seats


def test_the_skeleton_gives_clone_fingerprint_and_the_prologue():
    s = HighCard.new_state(HighCardVariant(), 2)
    assert not hasattr(s, "__dict__")  # the FIELDS slots take effect
    assert "not a player's move" in s.why_illegal(Stay())
    with pytest.raises(IllegalAction, match="not a possible chance outcome"):
        s.apply(Stay())
    s.apply(HighCard.parse_action("deal 7S / QS"))
    assert s.fingerprint() == "high_card|2|say|7S QS|0|0,0"
    c = s.clone()
    c.apply(Fold())
    assert field_differences(s, c) == ["turn_seat", "folded"] and s.fingerprint().endswith("|0|0,0")
    assert s.why_illegal(Deal(())) == "say stay or fold"
    s.apply(Fold())
    assert s.why_illegal(Fold()) == "everyone else has folded: you must stay"
    with pytest.raises(IllegalAction, match="must stay"):
        s.apply(Fold())
    s.apply(Stay())
    assert s.winners() == [1] and s.why_illegal(Stay()) == "the match is over"
