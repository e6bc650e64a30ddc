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
        if h.plan.count(",") >= 2:
            break
        s.act(h.action)
    else:
        raise AssertionError("no plan of three moves")
    assert h.plan.startswith("meld ") and h.plan.split(", ")[-1].startswith("discard ")  # the whole turn
    done = count[0]
    s.act(h.action)
    h2 = s.hint_with_reason(0)
    assert count[0] == done  # no second search in the same turn
    assert h2.plan == h.plan.split(", ", 1)[1]  # the rest of the plan, its next step first
