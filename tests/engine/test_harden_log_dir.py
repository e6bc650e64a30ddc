"""Issue 15: a log folder that is a file, cannot be written or sits on a full
disk is a clear error at startup; a write that fails mid-match says so, keeps
the match in memory and offers to save it elsewhere (never a silent loss)."""

from __future__ import annotations

import asyncio
import errno
import os
import tempfile
from pathlib import Path

import pytest
from textual.widgets import Input
from typer.testing import CliRunner

from engine.config import TableConfig, load_config
from engine.gamelog import LogDirError, LogWriter, check_log_dir, verify_log
from engine.seats import SeatSpec
from engine.session import Session
from engine.variants import ConfigError
from tui.cli import app as cli_app
from tui_support import ScreenTestApp, wait_for


@pytest.fixture
def a_file(tmp_path) -> Path:
    path = tmp_path / "passwd"
    path.write_text("root:x:0:0\n")
    return path


# -- at startup -----------------------------------------------------------------------------

def test_config_log_dir_that_is_a_file_is_refused(tmp_path, a_file):
    cfg = tmp_path / "c.toml"
    cfg.write_text(f'log_dir = "{a_file}"\n')
    with pytest.raises(ConfigError, match=r"log_dir: .* is a file, not a folder"):
        load_config(cfg)


def test_check_log_dir_names_each_problem(tmp_path, a_file, monkeypatch):
    with pytest.raises(LogDirError, match="is a file, not a folder"):
        check_log_dir(a_file)
    with pytest.raises(LogDirError, match="cannot make the log folder .*: a part of its path is a file"):
        check_log_dir(a_file / "logs")
    check_log_dir(tmp_path / "new" / "logs")  # made when missing
    assert (tmp_path / "new" / "logs").is_dir() and not list((tmp_path / "new" / "logs").iterdir())

    class Full:
        f_bavail, f_frsize = 3, 4096
    monkeypatch.setattr(os, "statvfs", lambda p: Full())
    with pytest.raises(LogDirError, match=r"the disk holding the log folder .* is full \(12 KB free\)"):
        check_log_dir(tmp_path)


def test_check_log_dir_probe_failures(tmp_path, monkeypatch):
    class Refusing:
        def __init__(self, code: int) -> None:
            self.code = code

        def __call__(self, *a, **k):
            raise OSError(self.code, {errno.ENOSPC: "No space left on device",
                                      errno.EACCES: "Permission denied"}[self.code])
    monkeypatch.setattr(tempfile, "NamedTemporaryFile", Refusing(errno.ENOSPC))
    with pytest.raises(LogDirError, match="is full"):
        check_log_dir(tmp_path)
    monkeypatch.setattr(tempfile, "NamedTemporaryFile", Refusing(errno.EACCES))
    with pytest.raises(LogDirError, match="cannot write in the log folder .*: permission denied"):
        check_log_dir(tmp_path)


def test_session_and_cli_refuse_a_log_folder_that_is_a_file(tmp_path, a_file):
    with pytest.raises(LogDirError, match="is a file"):
        Session("nags", None, ["human", "ai:random"], log_dir=a_file)
    result = CliRunner().invoke(cli_app, ["play", "nags", "--seat", "human", "--seat", "ai:random",
                                          "--log", str(a_file / "x.jsonl")])
    assert result.exit_code == 1 and result.output.count("\n") == 1
    assert "is a file, not a folder" in result.output
    result = CliRunner().invoke(cli_app, ["sim", "nags", "--seat", "ai:random", "--seat", "ai:random",
                                          "--log-dir", str(a_file / "sub")])
    assert result.exit_code == 1 and "a part of its path is a file" in result.output


def test_app_says_at_startup_that_the_log_folder_is_a_file(a_file):
    from tui.app import CardtableApp
    table = TableConfig(game="nags", seats=[SeatSpec("human"), SeatSpec("ai", "random")], log_dir=a_file)
    app = CardtableApp(table)
    assert app.startup_error and "is a file, not a folder" in app.startup_error


# -- mid-match ---------------------------------------------------------------------------------

class DiskFills:
    """Makes every write to ``path`` fail with ENOSPC once armed (a full disk)."""

    def __init__(self, monkeypatch, path: Path) -> None:
        self.path, self.armed = Path(path), False
        real = LogWriter._write_text

        def write(writer, text):
            if self.armed and writer.path == self.path:
                raise OSError(errno.ENOSPC, "No space left on device")
            return real(writer, text)
        monkeypatch.setattr(LogWriter, "_write_text", write)


def play(s: Session, moves: int | None = None) -> None:
    s.advance()
    n = 0
    while not s.is_over and (moves is None or n < moves):
        s.act(s.bot_choose() if not s.is_human(s.to_move) else s.view(s.to_move).legal_actions()[0])
        n += 1


def test_a_failed_write_keeps_the_match_and_it_can_be_saved_elsewhere(tmp_path, monkeypatch):
    path = tmp_path / "logs" / "m.jsonl"
    s = Session("nags", {"match_games": 2}, ["ai:random"] * 3, seed=9, log_path=path)
    disk = DiskFills(monkeypatch, path)
    play(s, 20)
    disk.armed = True
    play(s, 10)  # before: OSError out of Session.act, the match lost
    assert s.log_error and "could not be written (No space left on device)" in s.log_error
    assert str(path) in s.log_error and not s.is_over
    kept = verify_log(path)
    assert kept.ok and not kept.finished and kept.actions >= 20  # what was written is a good prefix
    other = tmp_path / "elsewhere" / "m.jsonl"
    assert s.save_log(other) == other and s.log_error is None and s.log_path == other
    play(s)  # the rest of the match is logged in the new file
    s.close()
    v = verify_log(other)
    assert v.ok and v.finished and v.actions == len(s.history)


def test_save_log_refuses_an_existing_file_and_a_bad_folder(tmp_path, a_file):
    s = Session("nags", None, ["ai:random"] * 2, seed=1, write_log=False)
    play(s, 5)
    with pytest.raises(FileExistsError):
        s.save_log(a_file)
    with pytest.raises(LogDirError):
        s.save_log(a_file / "x.jsonl")
    saved = s.save_log(tmp_path / "ok.jsonl")
    assert verify_log(saved).ok


def test_the_table_shows_the_failure_and_saves_elsewhere(tmp_path, monkeypatch):
    from tui.games import TABLES, load
    from tui.screens.save_log import SaveLogScreen

    class App(ScreenTestApp):
        SCREEN = load(TABLES["nags"].screen)

    path = tmp_path / "m.jsonl"
    s = Session("nags", {"match_games": 3}, ["human", "ai:random", "ai:random"], seed=5, log_path=path)
    disk = DiskFills(monkeypatch, path)
    disk.armed = True
    other = tmp_path / "saved.jsonl"

    async def run():
        app = App(s)
        async with app.run_test(size=(160, 50)) as pilot:
            await wait_for(pilot, lambda: s.log_error is not None and app.table.human_turn())
            await pilot.pause()
            table = app.table
            assert any("could not be written" in note.message and "ctrl+s" in note.message
                       for note in app._notifications)
            assert table.check_action("save_log", ()) is True
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert isinstance(app.screen, SaveLogScreen)
            app.screen.query_one("#savelog-path", Input).value = str(other)
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is table and s.log_error is None and s.log_path == other
            assert table.check_action("save_log", ()) is False
    asyncio.run(run())
    v = verify_log(other)
    assert v.ok and v.actions == len(s.history)
