"""Regenerate the README's table screenshots: docs/screenshot.svg (the Nags table a few moves
into a game) and, at 120x36, docs/nickels-screenshot.svg and docs/nogginate-screenshot.svg (a
rummy table mid-round: the hint's move for you, the bots' own, until melds lie on the table).

Usage: python docs/make_screenshot.py [nags|nickels|nogginate|all]   (default: all)
"""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

os.environ.setdefault("CARDTABLE_PACE", "0")

from engine.config import default_table  # noqa: E402
from engine.seats import SeatSpec  # noqa: E402
from engine.session import Session  # noqa: E402
from tui.app import CardtableApp  # noqa: E402
from tui.screens.base_table import BaseTableScreen  # noqa: E402


#: The rummy screenshots: game -> (rules, seed, melds on the table before the shot, seats).
#: Nickels with three players: at 120x36 a fourth player's melds scroll out of sight.
RUMMY = {"nickels": ({}, 8, 4, ("human:You", "ai:easy:Bix", "ai:easy:Cy")),
         "nogginate": ({"use_cheat_cards": True}, 5, 4, ("human:You", "ai:easy:Bix", "ai:easy:Cy", "ai:easy:Dee"))}


async def rummy(game: str) -> None:
    """docs/<game>-screenshot.svg: the table at 120x36 on your turn once melds lie on it. The
    match is played at the table (your moves are the hint's, made as the keys would make them;
    the bots play their own), so its game log, what just changed and the last moves read as
    at a real table (a session played headless first showed only the log's start line)."""
    rules, seed, melds, specs = RUMMY[game]
    seats = [SeatSpec.parse(s) for s in specs]
    session = Session(game, rules, seats, seed=seed, write_log=False)
    app = CardtableApp(default_table(), start="table", session=session)
    async with app.run_test(size=(120, 36)) as pilot:
        table = app.screen
        assert isinstance(table, BaseTableScreen)
        for _ in range(20000):
            await pilot.pause(0.01)
            if session.is_over:
                break
            if not isinstance(app.screen, BaseTableScreen):  # a round's result: go on
                await pilot.press("space")
                continue
            if not table.human_turn():
                continue
            view = session.view(0)
            if len(view.melds) >= melds and len(view.legal_actions()) > 2:  # type: ignore[attr-defined]
                break
            table.human_act(session.hint(0))
        await pilot.pause(0.5)
        out = Path(__file__).with_name(f"{game}-screenshot.svg")
        app.save_screenshot(filename=out.name, path=str(out.parent))
        print("wrote", out)


async def main() -> None:
    table = default_table()
    seats = [SeatSpec.parse(s) for s in ("human", "ai:easy", "ai:easy")]
    session = Session("nags", None, seats, seed=11, write_log=False)
    app = CardtableApp(table, start="table", session=session)
    async with app.run_test(size=(160, 50)) as pilot:
        for _ in range(6):  # a few moves: take the hint each time it is our turn
            for _ in range(200):
                await pilot.pause(0.02)
                if session.is_over or session.to_move == 0:
                    break
            if session.is_over:
                break
            await pilot.press("h")
            await pilot.press("enter") if session.view(0).legal_actions()[0].__class__.__name__ == "Play" \
                else await pilot.press("t")
        await pilot.pause(0.3)
        out = Path(__file__).with_name("screenshot.svg")
        app.save_screenshot(filename=out.name, path=str(out.parent))
        print("wrote", out)


if __name__ == "__main__":
    which = sys.argv[1] if len(sys.argv) > 1 else "all"
    if which in ("nags", "all"):
        asyncio.run(main())
    for game in RUMMY:
        if which in (game, "all"):
            asyncio.run(rummy(game))
