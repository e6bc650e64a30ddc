"""Regenerate docs/screenshot.svg: the Nags table a few moves into a game.

Usage: python docs/make_screenshot.py   (writes docs/screenshot.svg)
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

os.environ.setdefault("CARDTABLE_PACE", "0")

from engine.config import default_table  # noqa: E402
from engine.seats import SeatSpec  # noqa: E402
from engine.session import Session  # noqa: E402
from tui.app import CardtableApp  # noqa: E402


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
    asyncio.run(main())
