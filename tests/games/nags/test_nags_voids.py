"""NA-11/NA-16: a Nags seat that had to turn a card (or pass) held none of the
values playable then; hands only lose cards, so every determinization keeps it."""

from __future__ import annotations

import random

from engine.core import CHANCE, rand_below
from engine.games.nags.game import Nags, NagsVariant, Turn


def test_a_seat_that_had_to_turn_holds_no_playable_value_in_any_determinization():
    turned = 0
    for seed in range(12):
        rng = random.Random(seed)
        s = Nags.new_state(NagsVariant(), 3)
        while not s.is_over:
            if s.to_move == CHANCE:
                s.apply(s.sample_chance(rng))
                continue
            seat = s.to_move
            legal = s.legal_actions()
            a = legal[rand_below(rng, len(legal))]
            if a == Turn():
                values = set(s._play_values())
                s.apply(a)
                turned += 1
                assert values <= set(s.voids[seat])
                for other in range(3):
                    if other == seat:
                        continue
                    v = s.view(other)
                    assert set(v.voids[seat]) >= values
                    for k in range(3):
                        d = v.determinize(random.Random(k))
                        assert not {c.rank for c in d.hands[seat]} & set(v.voids[seat])
                        assert d.view(other) == v
            else:
                s.apply(a)
            # the state's voids are facts about the real hands
            for i, h in enumerate(s.hands):
                assert not {c.rank for c in h} & s.voids[i]
    assert turned > 20
