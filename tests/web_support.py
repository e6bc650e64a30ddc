"""Driving ``cardtable web`` in headless Chromium (Debian's ``/usr/bin/chromium``, Playwright's Python
API, no browser download): start the server, open its page, read the terminal's text, press keys.

Used by ``tests/tui/test_web.py`` and ``docs/make_web_screenshot.py``. The page draws the terminal on a
canvas (xterm.js with its WebGL or canvas renderer), so there is no text in the DOM: :data:`CATCH_TERMINAL`
keeps xterm.js's ``Terminal`` where :data:`READ_SCREEN` can read its buffer, row by row.
"""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

CHROMIUM = Path("/usr/bin/chromium")

#: Chromium's switches for a closed network (the machine notes): headless, no background fetches.
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]

#: textual.js keeps its xterm.js Terminal in a closure (``this.terminal = new Terminal(...)``); a setter
#: on Object.prototype, installed before the page's scripts run, catches that assignment and keeps the
#: terminal as ``window.__xterm`` (then gives the object its own plain property, as before).
CATCH_TERMINAL = """Object.defineProperty(Object.prototype, 'terminal', {configurable: true, set(v) {
  window.__xterm = v;
  Object.defineProperty(this, 'terminal', {value: v, writable: true, configurable: true, enumerable: true});
}});"""

#: The text xterm.js shows, one line per row (what the player sees, less colours); null before it opens.
READ_SCREEN = """() => { const t = window.__xterm; if (!t) return null; const b = t.buffer.active, rows = [];
  for (let i = 0; i < t.rows; i++) rows.push(b.getLine(b.viewportY + i).translateToString(true));
  return rows.join('\\n'); }"""


@contextmanager
def web_server(home: Path, args: list[str], pace: float | None = 0) -> Iterator[str]:
    """``cardtable web --port 0 -- ARGS`` with its config and logs under ``home`` (and bots at ``pace``
    seconds a move, through ``CARDTABLE_PACE``); yields the address it printed, stops it after.

    Raises:
        AssertionError: if it does not say where it serves within 20 s.
    """
    env = dict(os.environ, XDG_CONFIG_HOME=str(home / "xdg-config"), XDG_DATA_HOME=str(home / "xdg-data"),
               PYTHONUNBUFFERED="1")
    if pace is not None:
        env["CARDTABLE_PACE"] = str(pace)
    server = subprocess.Popen([sys.executable, "-m", "tui.cli", "web", "--port", "0", "--", *args],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
    try:
        assert server.stdout is not None
        deadline, out = time.monotonic() + 20, b""
        while b"\n" not in out and time.monotonic() < deadline and server.poll() is None:
            if select.select([server.stdout], [], [], 0.1)[0]:
                out += os.read(server.stdout.fileno(), 4096)
        found = re.search(rb"open (http://127\.0\.0\.1:\d+) in a browser", out)
        if found is None:
            raise AssertionError(f"cardtable web did not say where it serves: {out!r}")
        yield found[1].decode()
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:  # pragma: no cover - it stops on SIGTERM
            server.kill()
            server.wait()


@contextmanager
def browser_page(sync_api: Any, url: str, width: int = 1280, height: int = 800) -> Iterator[Any]:
    """A Playwright page on ``url`` in headless :data:`CHROMIUM` at ``width`` x ``height`` pixels, its
    terminal caught (:data:`CATCH_TERMINAL`) and every request off the loopback address refused."""
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": width, "height": height})
            page.route(re.compile(r"^https?://(?!127\.0\.0\.1[:/])"), lambda route: route.abort())
            page.add_init_script(CATCH_TERMINAL)
            page.goto(url)
            yield page
        finally:
            browser.close()


def screen_text(page: Any) -> str:
    """The terminal's text now ('' before it opens)."""
    return page.evaluate(READ_SCREEN) or ""


def wait_for(page: Any, pattern: str, timeout: float = 20.0) -> str:
    """The screen's text once ``pattern`` (a regex) is on it.

    Raises:
        AssertionError: after ``timeout`` seconds, with the screen as it stands.
    """
    deadline, text = time.monotonic() + timeout, ""
    while time.monotonic() < deadline:
        text = screen_text(page)
        if re.search(pattern, text):
            return text
        time.sleep(0.1)
    raise AssertionError(f"{pattern!r} not on the browser's screen after {timeout:g} s:\n{text}")


def keyboard_focus(page: Any) -> None:
    """Give xterm.js's hidden text area the keyboard (where a player's click on the terminal puts it)."""
    page.focus(".xterm-helper-textarea")
