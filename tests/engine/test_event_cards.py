"""Every game's events carry the cards their narration names (``Event.data["cards"]``),
so the game-log widget colours cards from data, not by reading the text."""

from __future__ import annotations

import json
import random
import re

import pytest

from engine.cards import Card
from engine.core import CHANCE
from engine.games import SPECS, get_game
from engine.variants import build_variant

#: A French card written in narration (what the log widget's old regex looked for).
_FRENCH_CARD = re.compile(r"(?<![\w♣♦♥♠])(?:10|[0-9JQKA])[♣♦♥♠](?![\w♣♦♥♠])|(?<![\w♣♦♥♠])(?:JK|FZ|BN)(?![\w♣♦♥♠])")

SEATS = {"nags": 4, "noms": 4, "spite_malice": 2, "nickels": 4, "nogginate": 4}

#: Events whose card list shows cards without naming them in the text (NO-14: the exposed hand;
#: NG-36: the rest of a taken pile, which can be 40 cards).
SHOWN_NOT_NAMED = {("noms", "expose"), ("nogginate", "pile_rest")}


@pytest.mark.parametrize("game_id", sorted(SPECS))
def test_narrated_cards_are_in_the_event_data(game_id):
    game = get_game(game_id)
    variant = build_variant(game.variant_class, {}, source="test", section="rules")
    kinds_with_cards: set[str] = set()
    for seed in range(3):
        rng = random.Random(seed)
        s = game.new_state(variant, SEATS[game_id])
        steps = 0
        while not s.is_over and steps < 3000:
            action = s.sample_chance(rng) if s.to_move == CHANCE else rng.choice(s.legal_actions())
            for e in s.apply(action):
                text = e.narrate([f"P{i}" for i in range(SEATS[game_id])])
                cards = e.data.get("cards")
                named = _FRENCH_CARD.findall(text)
                if cards is None:
                    assert not named, (e.kind, text)
                    continue
                kinds_with_cards.add(e.kind)
                json.dumps(e.data)  # JSON-serialisable
                assert isinstance(cards, list) and all(isinstance(t, str) for t in cards), (e.kind, cards)
                faces = [Card.from_text(t) for t in cards]  # canonical texts
                pretty = {c.pretty for c in faces}
                assert set(named) <= pretty, (e.kind, text, cards)  # nothing named is left out
                if (game_id, e.kind) not in SHOWN_NOT_NAMED:
                    assert pretty <= set(named), (e.kind, text, cards)  # and nothing else is listed
            steps += 1
    assert kinds_with_cards & {"play", "discard"}
