"""The statistics screen, the recent-games list and the setup screen's "Your games" (Textual pilots),
at 80x24 and 120x36. Logs are real matches (tests/stats_support.py); the table screen is a stand-in
(as in test_tui_app.py), so resuming checks what the app hands the table."""

from __future__ import annotations

import io
import json
import re
import sys
import types
from pathlib import Path

import pytest
from rich.console import Console
from textual.screen import Screen
from textual.widgets import Button, DataTable, Static

from engine.config import TableConfig
from engine.seats import SeatSpec
from engine.sim import run_sim
from engine.stats import compute_stats, scan_logs
from tests.stats_support import play_log
from tui.app import CardtableApp
from tui.screens.history import ConfirmResume, RecentGamesScreen, StatsScreen
from tui.screens.replay import ReplayScreen
from tui.screens.setup import SetupScreen

SIZES = [(80, 24), (120, 36)]
#: A seat name that would be markup if it were read as such.
MARKUP_NAME = "[bold red]Eve[/]"


class FakeTableScreen(Screen):
    """Stand-in for ``NagsTableScreen(session, pace)``."""

    HAND_WORD = "Game"  # the replay screen asks the game's table screen what a hand is called

    def __init__(self, session, pace: float = 0.6) -> None:
        super().__init__()
        self.session = session

    def compose(self):
        yield Static("table")


@pytest.fixture(autouse=True)
def isolated_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))


@pytest.fixture
def fake_table(monkeypatch):
    module = types.ModuleType("tui.games.nags.table")
    module.NagsTableScreen = FakeTableScreen
    monkeypatch.setitem(sys.modules, "tui.games.nags.table", module)
    return FakeTableScreen


@pytest.fixture(scope="module")
def source_logs(tmp_path_factory) -> Path:
    """Finished and unfinished logs, made once and copied into each test's folder."""
    d = tmp_path_factory.mktemp("source")
    for i, seed in enumerate([1, 2, 3, 4, 5]):
        play_log(d / f"nags-{i}.jsonl", seed=seed, undo=seed == 3)
    play_log(d / "spite_malice-0.jsonl", "spite_malice", ["human", "ai:easy"], seed=4)
    play_log(d / "nags-9-unfinished.jsonl", seats=[f"human:{MARKUP_NAME}", "ai:easy", "ai:easy"], seed=21,
             stop_after=14)
    run_sim("nags", None, [SeatSpec("ai", "easy")] * 3, 1, 9, log_dir=d)
    (d / "garbage.jsonl").write_text("{not json\n")
    return d


@pytest.fixture
def folder(tmp_path, source_logs) -> Path:
    d = tmp_path / "logs"
    d.mkdir()
    for p in sorted(source_logs.iterdir()):
        (d / p.name).write_bytes(p.read_bytes())
    return d


def table_for(folder: Path) -> TableConfig:
    return TableConfig(game="nags", seats=[SeatSpec("human"), SeatSpec("ai", "easy"), SeatSpec("ai", "easy")],
                       log_dir=folder, pace=0.0)


async def wait_history(pilot) -> SetupScreen:
    """Let the setup screen's worker read the folder."""
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, SetupScreen)
    return screen


def text_of(widget: Static) -> str:
    """What a Static shows, rendered at its width as plain text."""
    console = Console(width=max(widget.size.width, 1), record=True, file=io.StringIO())
    console.print(widget.content)
    return console.export_text()


# -- statistics screen ----------------------------------------------------------------------

@pytest.mark.parametrize("size", SIZES)
async def test_stats_screen_from_the_setup_key(folder, size):
    app = CardtableApp(table_for(folder))
    expected = compute_stats(scan_logs(folder))
    async with app.run_test(size=size) as pilot:
        await wait_history(pilot)
        await pilot.press("ctrl+g")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        t = screen.stats.overall
        assert (t.played, t.won, t.lost, t.unfinished, t.undo) == (expected.overall.played, expected.overall.won,
                                                                  expected.overall.lost, 1, 1)
        overall = text_of(screen.query_one("#stats-overall", Static))
        assert f"{t.played} finished games" in overall and f"Win rate {100 * t.win_rate:.1f}%" in overall
        assert "95% interval" in overall and "Current streak" in overall
        games = text_of(screen.query_one("#stats-games", Static))
        assert "Nags" in games and "Malice" in games  # the title may wrap at 80 columns
        notes = text_of(screen.query_one("#stats-notes", Static))
        assert "1 bot-only log" in notes and "1 unreadable log skipped" in notes
        chart = screen.query_one("#stats-chart")
        assert chart.display and type(chart).__name__ == "PlotextPlot"
        assert sum(w + s + lost for _, w, s, lost in screen.chart_periods()) == t.played
        # every part fits the width: nothing is cut at the right edge
        for widget in screen.query("#stats-body > *"):
            assert widget.region.right <= size[0], widget
        await pilot.press("g")  # the first game: Nags only
        assert screen.game == "nags" and screen.stats.by_game[0].label == "nags" and len(screen.stats.by_game) == 1
        assert "Nags" in str(screen.sub_title)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)


async def test_stats_screen_from_the_command_palette(folder):
    app = CardtableApp(table_for(folder))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_history(pilot)
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "Statistics" in titles and "Recent games" in titles
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"statistics")
        await pilot.pause(0.5)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)


async def test_stats_screen_with_no_logs(tmp_path):
    app = CardtableApp(table_for(tmp_path / "empty"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_history(pilot)
        app.show_stats()
        await pilot.pause()
        screen = app.screen
        assert "No games of yours" in text_of(screen.query_one("#stats-overall", Static))
        assert not screen.query_one("#stats-chart").display and not screen.query_one("#stats-games").display


async def test_stats_chart_falls_back_to_rich_bars_without_textual_plotext(folder, monkeypatch):
    monkeypatch.setitem(sys.modules, "textual_plotext", None)  # the import fails
    app = CardtableApp(table_for(folder))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_history(pilot)
        app.show_stats()
        await pilot.pause()
        chart = app.screen.query_one("#stats-chart")
        assert isinstance(chart, Static) and chart.display
        text = text_of(chart)
        assert "Results by day" in text and "won" in text and "lost" in text


# -- setup screen: continue and recent games ---------------------------------------------------------

@pytest.mark.parametrize("size", SIZES)
async def test_setup_offers_the_unfinished_game_and_continues_it(folder, fake_table, size):
    app = CardtableApp(table_for(folder))
    async with app.run_test(size=size) as pilot:
        setup = await wait_history(pilot)
        assert setup.unfinished is not None and setup.unfinished.path.name == "nags-9-unfinished.jsonl"
        note = setup.query_one("#setup-unfinished", Static)
        button = setup.query_one("#continue", Button)
        assert note.display and button.display
        assert "Unfinished: Nags with Bix (easy), Cato (easy)" in text_of(note)
        assert button.region.right <= size[0] and setup.query_one("#stats", Button).region.right <= size[0]
        before = len((folder / "nags-9-unfinished.jsonl").read_text().splitlines())
        await pilot.press("ctrl+o")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, FakeTableScreen)
        assert screen.session.log_path == folder / "nags-9-unfinished.jsonl"
        assert len(screen.session.history) == before - 1 and screen.session.names[0] == MARKUP_NAME


async def test_setup_without_an_unfinished_game(tmp_path, source_logs):
    d = tmp_path / "logs"
    d.mkdir()
    (d / "nags-0.jsonl").write_bytes((source_logs / "nags-0.jsonl").read_bytes())
    app = CardtableApp(table_for(d))
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await wait_history(pilot)
        assert setup.unfinished is None
        assert not setup.query_one("#continue", Button).display
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)  # nothing to continue: a notice, no screen


@pytest.mark.parametrize("size", SIZES)
async def test_recent_games_replay_and_resume_with_one_key(folder, fake_table, size):
    app = CardtableApp(table_for(folder))
    scan = scan_logs(folder)
    async with app.run_test(size=size) as pilot:
        await wait_history(pilot)
        await pilot.press("ctrl+r")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RecentGamesScreen)
        table = screen.query_one(DataTable)
        assert table.row_count == len(scan.records) == 7  # the sim log and the garbage are not listed
        assert [r.path for r in screen.records] == [r.path for r in scan.recent()]
        cells = [str(c) for c in table.get_row_at(screen.records.index(next(r for r in scan.records
                                                                              if r.used_undo)))]
        assert cells[1] == "Nags" and re.fullmatch(r"(lost|won|shared), -?[\d.]+ to -?[\d.]+ \(undo\)", cells[2])
        assert table.region.right <= size[0]
        # a finished game: enter replays it
        row = next(i for i, r in enumerate(screen.records) if r.finished)
        await pilot.press(*["down"] * row)
        assert screen.selected() is screen.records[row]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen) and app.screen.path == screen.records[row].path
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        # the unfinished game: v replays it, enter resumes it
        unfinished = next(i for i, r in enumerate(screen.records) if not r.finished)
        table.move_cursor(row=unfinished)
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, FakeTableScreen)
        assert app.screen.session.log_path == screen.records[unfinished].path


async def test_recent_list_shows_names_as_text_not_markup(folder):
    app = CardtableApp(table_for(folder))
    async with app.run_test(size=(120, 36)) as pilot:
        await wait_history(pilot)
        app.show_recent()
        await pilot.pause()
        screen = app.screen
        row = next(i for i, r in enumerate(screen.records) if not r.finished)
        players = screen.query_one(DataTable).get_row_at(row)[3]
        assert str(players).startswith(MARKUP_NAME)
        assert MARKUP_NAME in pilot.app.screen.query_one(DataTable).get_row_at(row)[3].plain


async def test_resuming_a_damaged_log_asks_first(folder, fake_table):
    path = folder / "nags-9-unfinished.jsonl"
    lines = path.read_text().splitlines()
    bad = len(lines) - 2  # keep the header and the actions before the bad line
    lines[bad] = json.dumps({"type": "action", "n": 999, "actor": 0, "action": "play 2C"})
    path.write_text("\n".join(lines) + "\n")
    app = CardtableApp(table_for(folder))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_history(pilot)
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmResume)
        assert f"line {bad + 1}" in app.screen.question
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, FakeTableScreen)
        assert len(app.screen.session.history) == bad - 1
        assert (folder / "nags-9-unfinished.jsonl.bak").exists()


async def test_resume_is_refused_while_a_match_runs(folder, fake_table):
    app = CardtableApp(table_for(folder))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_history(pilot)
        assert app.start_table(app.table)
        await pilot.pause()
        running = app.screen
        assert not app.open_log(folder / "nags-9-unfinished.jsonl", resume=True)
        await pilot.pause()
        assert app.screen is running
