"""Issue 25: the hint shows the hinting bot's whole plan for the turn in words and keeps the bot
between hints, so the turn is searched once and each next hint is the plan's next step."""

from __future__ import annotations

from engine.games.nogginate.actions import Add, Discard, NewNate, NewNoggi
from engine.games.nogginate.cards import NOGGINATE
from engine.games.nogginate.game import Phase
from engine.games.nogginate.plans import plan_words
from engine.session import Session


def cards(text: str):
    return tuple(NOGGINATE.parse_cards(text))


def test_a_plan_reads_in_the_games_words_new_melds_laid_together():
    plan = [NewNate(cards("7C 7D JK")), NewNoggi(cards("4S 5S 6S")), Add(2, cards("8S")[0]), Discard(cards("10D")[0])]
    assert plan_words(plan) == "lay 7♣7♦JK and 4♠5♠6♠, add 8♠ to m2, discard 10♦"


def to_meld_phase_plan(s: Session) -> object:
    """Plays the human seat 0 by its hints (the bots by theirs) to the first meld-phase hint whose plan has at
    least three moves; returns that hint."""
    for _ in range(200):
        s.advance()
        if s.to_move != 0:
            s.act(s.bot_choose())
            continue
        phase = s.view(0).phase
        h = s.hint_with_reason(0)
        if phase == Phase.MELD and h.plan.count(",") >= 2:
            return h
        s.act(h.action)
    raise AssertionError("no plan of three moves")


def test_the_hint_shows_the_whole_plan_and_its_next_step_without_a_second_search(plan_searches):
    count = plan_searches
    s = Session("nogginate", None, ["human", "ai:easy"], seed=2, write_log=False)
    h = to_meld_phase_plan(s)
    assert h.plan.startswith(plan_words([h.action]))  # the plan begins with the hinted move
    assert s.hint_with_reason(0) is h  # asked again on the same position: the same hint
    done = count[0]
    s.act(h.action)
    h2 = s.hint_with_reason(0)
    assert count[0] == done  # the plan's next step: no second search in the same turn
    assert h.plan.endswith(h2.plan) and len(h2.plan) < len(h.plan)
    assert h2.plan.startswith(plan_words([h2.action]))
