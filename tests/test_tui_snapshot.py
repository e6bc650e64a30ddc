"""SVG snapshots of the table layouts of Nags, Noms and Spite & Malice (fixed seed, pace 0) at
160x50, 120x36 and 80x24 (issue 11: big cards where they fit, one-line cards and a folded
side column on small terminals).

Regenerate after a deliberate layout change with
``pytest tests/test_tui_snapshot.py --snapshot-update`` and look at the SVG."""

from __future__ import annotations

import asyncio
import time

import pytest
from textual.app import App

from engine.session import Session
from tui.screens import table_screen_class
from tui.widgets.cards import THEME_DEFAULTS


class SnapshotApp(App):
    """A game's table screen alone, on Textual's default theme plus the card fallbacks."""

    def __init__(self, seats: list[str], seed: int, rules: dict | None = None, game: str = "nags") -> None:
        super().__init__()
        self.session = Session(game, rules or {}, seats, seed=seed, write_log=False)
        self.table = table_screen_class(game)(self.session, pace=0)

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return dict(THEME_DEFAULTS)

    def on_mount(self) -> None:
        self.push_screen(self.table)


async def _until_human_turn(pilot) -> None:
    app = pilot.app
    deadline = time.monotonic() + 30
    while not (app.screen is app.table and app.table.human_turn()):
        assert time.monotonic() < deadline, "the human never got a turn"
        await asyncio.sleep(0.005)
    await pilot.pause()


#: The snapshot sizes besides 160x50 (the tests above keep their names and their 160x50 files).
SMALLER = [(120, 36), (80, 24)]


def test_table_layout(snap_compare):
    """Your turn after the bots' opening plays: runners, piles, hand, scores, log, status, footer."""
    app = SnapshotApp(["human", "ai:random", "ai:random"], seed=7)

    async def run_before(pilot) -> None:
        await _until_human_turn(pilot)
        await pilot.press("right", "space")  # cursor and a raised, selected card

    assert snap_compare(app, terminal_size=(160, 50), run_before=run_before)


def test_noms_table_layout(snap_compare):
    """Noms: your first call in the auction (bid keys and buttons, the table, hand, scores toward 101)."""
    app = SnapshotApp(["human", "ai:random", "ai:random", "ai:random"], seed=3, game="noms")

    async def run_before(pilot) -> None:
        await _until_human_turn(pilot)

    assert snap_compare(app, terminal_size=(160, 50), run_before=run_before)


def test_spite_malice_board_layout(snap_compare):
    """Spite & Malice: your first turn, with a hand card picked (its legal play decks marked)."""
    app = SnapshotApp(["human", "ai:random"], seed=4, rules={"game_type": "SNM_A_SHORT"}, game="spite_malice")

    async def run_before(pilot) -> None:
        await _until_human_turn(pilot)
        await pilot.press("1")

    assert snap_compare(app, terminal_size=(160, 50), run_before=run_before)


@pytest.mark.parametrize("size", SMALLER, ids=lambda s: f"{s[0]}x{s[1]}")
def test_table_layout_smaller(snap_compare, size):
    """Nags on a smaller terminal: all four runners and all nine hand cards (one-line at 80x24)."""
    app = SnapshotApp(["human", "ai:random", "ai:random"], seed=7)

    async def run_before(pilot) -> None:
        await _until_human_turn(pilot)
        await pilot.press("right", "space")

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SMALLER, ids=lambda s: f"{s[0]}x{s[1]}")
def test_noms_table_layout_smaller(snap_compare, size):
    """Noms on a smaller terminal: the whole call bar, the four seats, the 13-card hand."""
    app = SnapshotApp(["human", "ai:random", "ai:random", "ai:random"], seed=3, game="noms")

    async def run_before(pilot) -> None:
        await _until_human_turn(pilot)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SMALLER, ids=lambda s: f"{s[0]}x{s[1]}")
def test_spite_malice_board_layout_smaller(snap_compare, size):
    """Spite & Malice on a smaller terminal: every deck and the whole hand, rows compact as needed."""
    app = SnapshotApp(["human", "ai:random"], seed=4, rules={"game_type": "SNM_A_SHORT"}, game="spite_malice")

    async def run_before(pilot) -> None:
        await _until_human_turn(pilot)
        await pilot.press("1")

    assert snap_compare(app, terminal_size=size, run_before=run_before)
