"""``cardtable web`` (tui/web.py, issue 27): the app served to a browser by textual-serve.

The browser test starts the real command on a free loopback port, opens the page in headless
Chromium (Debian's ``/usr/bin/chromium``, driven by Playwright's Python API; no browser download;
``tests/web_support.py``) and plays the first moves of a fixed-seed Nags game by keys, reading the
screen from xterm.js's own buffer, and saves a screenshot. Without chromium or playwright it skips,
saying which is missing (CI has no chromium).
"""

from __future__ import annotations

import re
import subprocess
import sys
from typing import Any

import pytest
from typer.testing import CliRunner

from tui import web
from tui.cli import app
from web_support import CHROMIUM, browser_page, keyboard_focus, wait_for, web_server

@pytest.fixture(autouse=True)
def isolated_dirs(tmp_path, monkeypatch):
    """No test reads the user's config file or writes to the user's log folder."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))


# -- the command each tab runs, and the CLI's refusals ---------------------------------------------

def test_each_tab_runs_this_python_s_cli_with_the_command_after_the_dashes():
    command = web.app_command(["play", "nags", "--seed", "3"], config="/tmp/my table.toml")
    assert command.split()[:4] == [sys.executable, "-P", "-m", "tui.cli"]
    assert command.endswith("--config '/tmp/my table.toml' play nags --seed 3")
    assert web.app_command() == f"{sys.executable} -P -m tui.cli"


@pytest.mark.parametrize("argv", [["web", "--", "sim", "nags"], ["web", "--", "web"], ["web", "--", "stats"]])
def test_a_command_that_opens_no_app_is_refused_in_one_line(argv):
    result = CliRunner().invoke(app, argv)
    assert result.exit_code == 1
    assert result.output.count("\n") == 1
    assert f"not {argv[2]!r}" in result.output and "play, learn, replay, resume, join" in result.output


def test_an_unknown_game_is_refused_before_the_server_starts():
    result = CliRunner().invoke(app, ["web", "--", "play", "bridge"])
    assert result.exit_code == 2 and "unknown game 'bridge'" in result.output


def test_without_the_web_extra_one_line_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)  # import of it fails, as when not installed
    result = CliRunner().invoke(app, ["web", "--port", "0"])
    assert result.exit_code == 1
    assert result.output == "cardtable: " + web.INSTALL_HINT + "\n"
    assert "pip install '.[web]'" in result.output


def test_a_port_in_use_is_one_line_naming_the_address():
    import socket
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run([sys.executable, "-m", "tui.cli", "web", "--port", str(port)], capture_output=True,
                                text=True, timeout=30)
    assert result.returncode == 1
    assert result.stderr.startswith(f"cardtable: --bind 127.0.0.1 --port {port}: ")
    assert "address already in use" in result.stderr and result.stderr.count("\n") == 1
    assert "Traceback" not in result.stdout + result.stderr


# -- the page ----------------------------------------------------------------------------------------

async def test_the_page_s_websocket_address_is_the_one_the_browser_used():
    """Bound to 0.0.0.0 the server cannot know its own name: the page's ``ws://`` address comes from
    the browser's Host header (textual-serve alone wrote ``ws://0.0.0.0:8000/ws``), unless --public-url.
    The page asks no third party for its font (textual-serve's asks Google Fonts): it uses the one it ships."""
    from aiohttp.test_utils import TestClient, TestServer

    async def page(server: Any, host: str) -> str:
        async with TestClient(TestServer(await server._make_app())) as client:
            response = await client.get("/", headers={"Host": host})
            assert response.status == 200
            text = await response.text()
            assert "fonts.googleapis.com" not in text and "/static/fonts/RobotoMono-VariableFont_wght.ttf" in text
            return str(re.search(r'data-session-websocket-url="([^"]*)"', text)[1])

    assert await page(web.make_server("true", "0.0.0.0", 8000), "cards.example:8000") == "ws://cards.example:8000/ws"
    proxied = web.make_server("true", "127.0.0.1", 8000, public_url="https://cards.example")
    assert await page(proxied, "127.0.0.1:8000") == "wss://cards.example/ws"


# -- a real browser ------------------------------------------------------------------------------------

NAGS_SEED_3 = ["play", "nags", "--seed", "3", "--seat", "human:Ann", "--seat", "ai:easy:Bo"]


def test_a_browser_plays_the_first_moves_of_nags(tmp_path):
    """Headless Chromium opens ``cardtable web`` and plays by keys: Enter plays the selected 2♦, the
    value key 3 then Enter plays the 3♣ after the bot's 2♠; the hand, the log and the status follow."""
    if not CHROMIUM.exists():
        pytest.skip(f"no {CHROMIUM} (Debian's chromium package: apt-get install chromium)")
    sync_api = pytest.importorskip("playwright.sync_api", reason="no playwright (test extra: pip install '.[test]')")
    with web_server(tmp_path, NAGS_SEED_3) as url, browser_page(sync_api, url) as page:
        first = wait_for(page, r"Your turn: you hold the lowest card, open with 2s")
        assert "Your hand (9 cards)" in first and "Nags: Ann, Bo (seed 3)" in first
        assert page.evaluate("() => [...document.fonts].some(f => f.family.includes('Roboto Mono') "
                             "&& f.status === 'loaded')"), "the page's own font did not load"
        keyboard_focus(page)

        page.keyboard.press("Enter")
        after_bot = wait_for(page, r"Your turn: play 3s")
        assert "Ann plays 2♦" in after_bot and "Bo plays 2♠" in after_bot
        assert "Your hand (8 cards)" in after_bot

        page.keyboard.press("3")
        page.keyboard.press("Enter")
        played = wait_for(page, r"Ann plays 3♣")
        assert "Your hand (7 cards)" in played
        page.screenshot(path=str(tmp_path / "web-nags.png"))
    assert (tmp_path / "web-nags.png").stat().st_size > 10_000
    logs = list((tmp_path / "xdg-data").rglob("*.jsonl"))
    assert len(logs) == 1, logs  # the tab was a real session, writing its log where the server's user keeps them
