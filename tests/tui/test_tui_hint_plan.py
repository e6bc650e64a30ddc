"""Issue 25: at a rummy table ``h`` shows the hinting bot's whole plan for the turn, Enter plays its next
step, and the next ``h`` names the step after it without searching again."""

from __future__ import annotations

from tui_support import TableApp, press, until_human_turn, wait_for


async def test_h_shows_the_turns_plan_and_enter_plays_its_steps(plan_searches):
    count = plan_searches
    app = TableApp("nogginate", ["human", "ai:easy"], seed=2)
    async with app.run_test(size=(120, 36)) as pilot:
        await until_human_turn(pilot)
        t = app.table
        s = app.session
        for _ in range(6):  # the hinted draw first, then the meld phase's plan
            before = len(s.history)
            await press(pilot, "h")
            await wait_for(pilot, lambda: t._status().message_kind == "hint")
            text = t._status().message_text
            if "this turn's plan: " in text:
                break
            await press(pilot, "enter")
            await wait_for(pilot, lambda: len(s.history) > before and t.human_turn())
        else:
            raise AssertionError("no plan was hinted")
        plan = text.split("this turn's plan: ", 1)[1].split(" (Enter", 1)[0]
        rest = plan.split(", ", 1)[1]  # the plan has several moves
        hinted = t._hint_move[0]
        searched = count[0]
        before = len(s.history)
        await press(pilot, "enter")  # plays the plan's first step, the hinted move
        await wait_for(pilot, lambda: len(s.history) > before and t.human_turn())
        assert s.history[before][1] == str(hinted)
        await press(pilot, "h")
        await wait_for(pilot, lambda: t._status().message_kind == "hint")
        assert count[0] == searched  # the next step comes from the kept plan: no second search
        assert f"this turn's plan: {rest} (Enter plays its next step)" in t._status().message_text
