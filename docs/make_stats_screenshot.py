"""Regenerate docs/stats-screenshot.svg (the statistics screen) and print what
``cardtable stats`` shows (the README's example) over a demo logs folder.

The folder holds real matches played through ``engine.session.Session`` (the
human seat's moves chosen by the easy bot); only the ``started`` time in each
header is moved back, spreading the games over two weeks so the chart of
results over time has more than one bar.

Usage: python docs/make_stats_screenshot.py   (writes the SVG next to this script)
"""

from __future__ import annotations

import asyncio
import json
import random
import tempfile
from datetime import datetime, timedelta, timezone
from pathlib import Path

from rich.console import Console

from engine.config import default_table
from engine.games import make_bot
from engine.session import Session
from engine.stats import load_stats
from tui.app import CardtableApp
from tui.stats_text import stats_renderable

HERE = Path(__file__).parent
#: (game, seats, how many)
PLAN = [("nags", ["human", "ai:easy", "ai:easy"], 14), ("nags", ["human", "ai:random", "ai:random"], 5),
        ("spite_malice", ["human", "ai:easy"], 6), ("noms", ["human", "ai:easy", "ai:easy", "ai:easy"], 3)]


def play(path: Path, game: str, seats: list[str], seed: int, undo: bool, stop_after: int | None) -> None:
    with Session(game, None, seats, seed=seed, log_path=path) as s:
        rng = random.Random(seed)
        stand_in = make_bot(game, "easy")
        undone = False
        s.advance()
        while not s.is_over and (stop_after is None or len(s.history) < stop_after):
            if s.is_human(s.to_move):
                if undo and not undone and s.can_undo():
                    s.undo()
                    undone = True
                    continue
                view = s.view(s.to_move)
                s.act(stand_in.choose(view, view.legal_actions(), rng))
            else:
                s.act(s.bot_choose())


def make_folder(folder: Path) -> None:
    rng = random.Random(2026)
    start = datetime(2026, 11, 9, 19, 0, tzinfo=timezone.utc)
    k = 0
    for game, seats, count in PLAN:
        for _ in range(count):
            path = folder / f"{game}-{k:03d}.jsonl"
            play(path, game, seats, seed=100 + k, undo=k % 9 == 4, stop_after=30 if k in (7, 26) else None)
            lines = path.read_text().splitlines()
            header = json.loads(lines[0])
            when = start + timedelta(days=rng.randrange(14), minutes=rng.randrange(240))
            header["started"] = when.isoformat()
            path.write_text("\n".join([json.dumps(header)] + lines[1:]) + "\n")
            k += 1


async def screenshot(folder: Path) -> None:
    """The statistics screen over ``folder``, 100x52 so every part shows at once."""
    table = default_table()
    table.log_dir = folder
    app = CardtableApp(table)
    async with app.run_test(size=(100, 52)) as pilot:
        await pilot.pause(0.5)
        app.show_stats()
        await pilot.pause(0.5)
        out = HERE / "stats-screenshot.svg"
        app.save_screenshot(filename=out.name, path=str(out.parent))
        print("wrote", out)


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="cardtable-demo-") as tmp:
        folder = Path(tmp) / "logs"
        folder.mkdir()
        make_folder(folder)
        Console(width=80).print(stats_renderable(load_stats(folder), tz=timezone.utc))
        asyncio.run(screenshot(folder))


if __name__ == "__main__":
    main()
