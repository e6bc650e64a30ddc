"""``State.observation(action, seat)``: what a seat observes of an action (the
contract in engine/core.py; NA-6, NO-4 to NO-6, SM-5/SM-7/SM-18)."""

from __future__ import annotations

import random

import pytest

from engine.cards import cards_text, pretty_text
from engine.core import CHANCE, rand_below
from engine.games import GAMES
from engine.games.nags.game import Deal as NagsDeal
from engine.games.noms.game import Cut, Shuffle
from engine.games.spite_malice.game import Deal as SMDeal, Draw


def _chance_states(game_id: str, seed: int, limit: int = 40):
    """Up to ``limit`` states at a chance step from one random game."""
    game = GAMES[game_id]
    rng = random.Random(seed)
    s = game.new_state(game.variant_class(), game.min_seats)
    found = 0
    while not s.is_over and found < limit:
        if s.to_move == CHANCE:
            found += 1
            yield s.clone()
            s.apply(s.sample_chance(rng))
        else:
            legal = s.legal_actions()
            a = legal[rand_below(rng, len(legal))]
            for seat in range(s.n_seats):
                assert s.observation(a, seat) == str(a)  # moves are public
            s.apply(a)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_outcomes_a_seat_cannot_tell_apart_leave_it_the_same_view(game_id):
    """Two chance outcomes with the same observation for a seat give that seat
    the same view: the observation carries all that the seat learns (so the
    search's chance edges are information sets of the searching seat)."""
    groups = 0
    for k, s in enumerate(_chance_states(game_id, 3)):
        rng = random.Random(k)
        outcomes = [s.sample_chance(rng) for _ in range(6)]
        for seat in range(s.n_seats):
            seen: dict[str, object] = {}
            for o in outcomes:
                t = s.clone()
                obs = t.observation(o, seat)
                t.apply(o)
                v = t.view(seat)
                if obs in seen:
                    groups += 1
                    assert seen[obs] == v, (game_id, obs)
                else:
                    seen[obs] = v
    assert groups > 0


def test_nags_deal_shows_a_seat_its_own_hand_and_the_others_sizes():
    s = GAMES["nags"].new_state(GAMES["nags"].variant_class(), 3)
    rng = random.Random(2)
    while not (s.to_move == CHANCE and s.phase is s.Phase.DEAL):
        s.apply(s.sample_chance(rng))
    d = s.sample_chance(rng)
    assert isinstance(d, NagsDeal)
    obs = s.observation(d, 1)
    assert obs == f"deal 9 / {cards_text(d.hands[1])} / 9"
    assert s.observation(d, -1) == "deal 9 / 9 / 9"


def test_sm_draw_is_seen_by_the_drawer_and_counted_by_the_other():
    s = GAMES["spite_malice"].new_state(GAMES["spite_malice"].variant_class(), 2)
    rng = random.Random(4)
    deal = s.sample_chance(rng)
    assert isinstance(deal, SMDeal)
    assert s.observation(deal, 0) == s.observation(deal, 1) == "deal " + " / ".join(
        f"{len(st)} {st[-1]}" for st in deal.stocks)
    s.apply(deal)
    draw = s.sample_chance(rng)
    assert isinstance(draw, Draw)
    drawer = s.turn_seat
    assert s.observation(draw, drawer) == str(draw)
    assert s.observation(draw, 1 - drawer) == f"draw {len(draw.cards)}"


def test_noms_shuffle_is_seen_by_nobody_and_the_cut_shows_each_seat_its_hand():
    game = GAMES["noms"]
    s = game.new_state(game.variant_class(shuffle_every_hand=True), 4)
    rng = random.Random(1)
    while s.to_move == CHANCE:
        a = s.sample_chance(rng)
        if isinstance(a, Shuffle):
            assert {s.observation(a, i) for i in range(-1, 4)} == {"shuffle"}
        if isinstance(a, Cut):
            obs = [s.observation(a, i) for i in range(4)]
            s.apply(a)
            assert obs == [f"cut {a.k}: {cards_text(sorted(s.hands[i]))}" for i in range(4)]
            break
        s.apply(a)
    else:
        pytest.fail("no cut")


def test_replay_seat_view_narrates_what_the_seat_observed(tmp_path):
    """The replay's seat view (tui/screens/replay.py) narrates a deal as that seat
    observed it (its own hand, the others' sizes); the all-hands view shows it whole."""
    from engine.gamelog import Replay, read_log
    from engine.session import Session
    from tui.screens.replay import ReplayScreen

    path = tmp_path / "nags.jsonl"
    with Session("nags", None, ["ai:random"] * 3, seed=3, log_path=path) as s:
        s.advance()
        for _ in range(6):
            s.act(s.bot_choose())
    replay = Replay(read_log(path))
    deal = next(i for i, n in enumerate(replay.notations) if n.startswith("deal "))
    screen = ReplayScreen(path)
    screen.index = deal + 1
    assert screen.narration_lines()[0] == f"chance: {pretty_text(replay.notations[deal])}"
    screen.seat = 1
    hands = replay.positions[deal + 1].hands
    mine = " ".join(c.pretty for c in sorted(hands[1]))
    assert screen.narration_lines()[0] == f"chance: deal 9 / {mine} / 9"  # issue 22: 4♦, never 4D
    assert screen.notation_seen(deal) == pretty_text(replay.positions[deal].observation(
        GAMES["nags"].parse_action(replay.notations[deal]), 1))
