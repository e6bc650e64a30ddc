"""Issue 25: Nickels' hint keeps its bot between hints: the whole plan of the turn in words, then its
next step without a second search."""

from __future__ import annotations

from engine.session import Session


def test_the_hint_shows_the_whole_plan_and_its_next_step_without_a_second_search(plan_searches):
    count = plan_searches
    s = Session("nickels", None, ["human", "ai:easy", "ai:easy"], seed=4, write_log=False)
    for _ in range(200):
        s.advance()
        if s.to_move != 0:
            s.act(s.bot_choose())
            continue
        h = s.hint_with_reason(0)
        if h.plan.startswith("lay ") and (" and " in h.plan or h.plan.count(",") >= 2):
            break
        s.act(h.action)
    else:
        raise AssertionError("no plan of three moves")
    assert h.plan.split(", ")[-1].startswith("discard ")  # the whole turn, in a player's words
    assert "meld " not in h.plan and any(suit in h.plan for suit in "\u2663\u2665\u2666\u2660")  # not notation
    done = count[0]
    s.act(h.action)
    h2 = s.hint_with_reason(0)
    assert count[0] == done  # no second search in the same turn
    assert h2.plan.split(", ")[-1] == h.plan.split(", ")[-1]  # the rest of the same plan
    assert len(h2.plan) < len(h.plan)
