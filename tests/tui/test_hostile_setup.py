"""Issue 26: the setup screen's seed field is bounded like every other seed (0..2**63-1): a seed of
5,000 digits is refused in one short sentence (before: Python's int() wording about 4,300 digits, or the
whole text echoed), and a seed out of range never reaches a log header the log readers would refuse."""

from __future__ import annotations

import asyncio

from textual.widgets import Input

from engine.config import MAX_SEED
from tui_support import setup_screen


def test_setup_screen_bounds_the_seed(tmp_path):
    async def run():
        async with setup_screen(tmp_path) as screen:
            seed = screen.query_one("#seed", Input)
            seed.value = "9" * 5000
            assert screen.validate() is None
            assert screen.last_error.endswith("not a number of 5,000 characters") and len(screen.last_error) < 200
            seed.value = str(MAX_SEED + 1)
            assert screen.validate() is None and "out of range" in screen.last_error
            seed.value = str(MAX_SEED)
            built = screen.validate()
            assert built is not None and built.seed == MAX_SEED
    asyncio.run(run())
