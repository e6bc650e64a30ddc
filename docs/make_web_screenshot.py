"""Regenerate docs/web-screenshot.png: the Nags table in headless Chromium through ``cardtable web``,
a few moves into a fixed-seed game (the hint's move for you, the bot's own), at 1280x800 pixels.

Needs what the browser test needs (docs/web.md, Testing): Debian's /usr/bin/chromium and the test
extra's playwright. Usage: python docs/make_web_screenshot.py
"""

from __future__ import annotations

import re
import sys
import time
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from playwright import sync_api  # noqa: E402

from web_support import browser_page, keyboard_focus, screen_text, wait_for, web_server  # noqa: E402

SEATS = ["--seat", "human:Ann", "--seat", "ai:easy:Bo", "--seat", "ai:easy:Cy"]


def moves_by_ann(page: Any) -> int:
    return len(re.findall(r"Ann (plays|cannot play)", screen_text(page)))


def play_your_turn(page: Any, turn: int, timeout: float = 30.0) -> None:
    """Make Ann's ``turn``-th move: turn a card when the status says so, else the hint's move. A key
    pressed while the screen still showed the last turn is ignored by the table, so it tries again."""
    deadline = time.monotonic() + timeout
    while moves_by_ann(page) < turn:
        if time.monotonic() > deadline:
            raise AssertionError(f"Ann's move {turn} not made:\n{screen_text(page)}")
        status = "\n".join(screen_text(page).splitlines()[-3:])
        if "Your turn" in status and "press t" in status:
            page.keyboard.press("t")
            page.wait_for_timeout(1000)
        elif "Your turn" in status:
            page.keyboard.press("h")  # the hint searches a while ("Looking for a hint…"), then selects its move
            wait_for(page, r"\n Hint: ")
            page.keyboard.press("Enter")
            page.wait_for_timeout(1000)
        page.wait_for_timeout(100)


def main() -> None:
    out = ROOT / "docs" / "web-screenshot.png"
    with tempfile.TemporaryDirectory() as home:
        with web_server(Path(home), ["play", "nags", "--seed", "7", *SEATS]) as url:
            with browser_page(sync_api, url) as page:
                wait_for(page, r"Your turn")
                keyboard_focus(page)
                for turn in range(1, 4):  # three of your turns: the hint's move (h selects it), else turn a card
                    play_your_turn(page, turn)
                wait_for(page, r"Your turn")
                page.keyboard.press("h")
                wait_for(page, r"\n Hint: .*\n Your turn")
                page.screenshot(path=str(out))
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
