"""Issue 11 part 6: a key (``.``) makes the bots play without the pace delay for
the rest of the hand, and the last bot move's cards are marked on the table
(generic: the cards of its event's ``data["cards"]``), not only in the log."""

from __future__ import annotations

import asyncio

from engine.cards import parse_card
from engine.session import Session
from tui.games.noms.table import NomsTableScreen, TrickTable
from tui.games.spite_malice.table import SpiteMaliceTableScreen
from tui.widgets.cards import CardWidget
from tui_support import ScreenTestApp, press, wait_for


class SMApp(ScreenTestApp):
    SCREEN = SpiteMaliceTableScreen


class NomsApp(ScreenTestApp):
    SCREEN = NomsTableScreen


def marked(app) -> list[CardWidget]:
    return [w for w in app.table.query("#table-left CardWidget").results(CardWidget) if w.has_class("-last-play")]


async def test_fast_key_skips_the_pace_for_the_rest_of_the_hand_and_the_bots_play_is_marked():
    s = Session("spite_malice", None, ["human", "ai:easy"], seed=3, write_log=False)
    app = SMApp(s, pace=60.0)  # a minute per bot move unless sped up
    async with app.run_test(size=(160, 50)) as pilot:
        await wait_for(pilot, lambda: app.table.thinking == 1)  # Bix plays first (seed 3)
        await asyncio.sleep(0.3)
        assert not any(a == 1 for a, _ in s.history)  # still held back by the pace
        await press(pilot, "full_stop")
        assert app.table.current_pace() == 0.0 and app.table.fast_hand == s.state.hand_number
        await wait_for(pilot, lambda: s.to_move == 0 and app.table.human_turn(), limit=20)
        seat, cards = app.table.last_bot_play
        assert seat == 1 and cards
        shown = marked(app)
        assert shown and all(w.card.text in cards for w in shown)
        assert all(w.source != "hand" for w in shown)
        # answering removes the mark (the pace is back, so Bix does not answer at once)
        app.table.fast_hand = None
        await press(pilot, "1", "q")  # discard the first hand card onto D1 (always legal, SM-12)
        await wait_for(pilot, lambda: len([a for a, _ in s.history if a == 0]) >= 1)
        await wait_for(pilot, lambda: app.table.thinking == 1)
        assert app.table.last_bot_play is None and not marked(app)
    # the pace comes back with the next hand
    app2 = SMApp(Session("spite_malice", {"game_type": "SNM_A_SHORT"}, ["human", "ai:easy"], seed=3,
                         write_log=False), pace=2.5)
    table = app2.table
    table.fast_hand = 5
    assert table.current_pace() == 2.5


async def test_noms_marks_the_bots_last_card_on_its_canvas():
    s = Session("noms", None, ["human", "ai:easy", "ai:easy", "ai:easy"], seed=3, write_log=False)
    app = NomsApp(s)
    async with app.run_test(size=(160, 50)) as pilot:
        await wait_for(pilot, lambda: app.table.human_turn())
        app.table.mark_last_play(2, ["QH"])
        assert app.table.query_one(TrickTable).last_card == parse_card("QH")
        app.table.mark_last_play(None, [])
        assert app.table.query_one(TrickTable).last_card is None
