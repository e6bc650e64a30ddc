"""The house option ``undo`` (off / own_turn / free) from the config file and the
command line to the table, and the marks a match that used undo carries: the
log (an undo line with its new seed; the header's ``undo``), the summary and
the replay. The rules of undo itself are tested per game in ``test_hidden_info.py``."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from engine.config import ConfigError, TableConfig, config_to_table, load_config, parse_config
from engine.gamelog import Replay, read_log, verify_log
from engine.session import Session
from engine.undo import UNDO_MODES
from hidden_support import human_turn_then_bots, table_app, wait_until

ROOT = Path(__file__).resolve().parents[2]


# -- config and command line ---------------------------------------------------------------

def test_undo_defaults_to_own_turn_and_is_read_from_the_table_section(tmp_path):
    assert TableConfig().undo == "own_turn" == load_config(ROOT / "config.example.toml").undo
    for mode in UNDO_MODES:
        cfg = parse_config({"undo": mode}, source="x.toml")
        assert cfg.undo == mode and config_to_table(cfg)["undo"] == mode


def test_a_bad_undo_value_names_key_file_and_choices():
    with pytest.raises(ConfigError) as err:
        parse_config({"undo": "sometimes"}, source="my.toml")
    assert str(err.value).startswith("my.toml: undo: ")
    assert '"off", "own_turn", "free"' in str(err.value)
    with pytest.raises(ConfigError) as err:
        TableConfig().with_overrides(undo="never")
    assert err.value.key == "--undo" and "own_turn" in str(err.value)


@pytest.fixture
def app_calls(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    calls: list[tuple[object, dict]] = []
    import tui.app
    monkeypatch.setattr(tui.app, "run_app", lambda table=None, **kw: calls.append((table, kw)))
    return calls


def test_play_takes_undo_from_the_command_line_over_the_config(app_calls, tmp_path):
    from tui.cli import app
    config = tmp_path / "c.toml"
    config.write_text('undo = "off"\n', encoding="utf-8")
    runner = CliRunner()
    result = runner.invoke(app, ["play", "nags", "--config", str(config), "--log", str(tmp_path / "a.jsonl")])
    assert result.exit_code == 0, result.output
    assert app_calls[-1][1]["session"].undo_mode == "off"
    app_calls[-1][1]["session"].advance()
    assert read_log(tmp_path / "a.jsonl").header["undo"] == "off"
    result = runner.invoke(app, ["play", "nags", "--config", str(config), "--undo", "free",
                                 "--log", str(tmp_path / "b.jsonl")])
    assert result.exit_code == 0, result.output
    assert app_calls[-1][1]["session"].undo_mode == "free"
    result = runner.invoke(app, ["play", "nags", "--undo", "maybe"])
    assert result.exit_code != 0 and "Traceback" not in result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "--undo" in lines[0] and '"off", "own_turn", "free"' in lines[0], result.output


def test_a_session_refuses_an_unknown_undo_mode():
    with pytest.raises(ValueError, match="undo must be one of"):
        Session("nags", None, ["human", "ai:random"], write_log=False, undo="maybe")


# -- the log --------------------------------------------------------------------------------

def _played_with_undo(tmp_path: Path, mode: str = "own_turn") -> Session:
    s = Session("nags", None, ["human", "ai:random", "ai:random"], seed=12, log_dir=tmp_path, undo=mode)
    rng = random.Random(12)
    s.advance()
    for _ in range(3):
        human_turn_then_bots(s, rng)
    s.undo(seed=4242)
    human_turn_then_bots(s, rng)
    return s


def test_the_undo_line_keeps_the_new_seed_and_old_undo_lines_still_read(tmp_path):
    s = _played_with_undo(tmp_path)
    s.close()
    log = read_log(s.log_path)
    [undo] = [e for e in log.entries if e["type"] == "undo"]
    assert undo["seed"] == 4242 and log.used_undo and log.undo_mode == "own_turn"
    assert log.chance_seed_starts() == {0: 12, undo["n"]: 4242}
    # An older log: no "undo" in the header, undo lines without a seed. It still
    # verifies, replays and resumes (the chance generator is then seeded afresh).
    old = tmp_path / "old.jsonl"
    lines = []
    for raw in s.log_path.read_text(encoding="utf-8").splitlines():
        obj = json.loads(raw)
        obj.pop("seed" if obj["type"] == "undo" else "undo", None)
        lines.append(json.dumps(obj))
    old.write_text("\n".join(lines) + "\n", encoding="utf-8")
    old_log = read_log(old)
    assert old_log.ok and old_log.undo_mode is None and old_log.used_undo
    assert old_log.chance_seed_starts() == {0: 12}
    assert verify_log(old).ok
    r = Session.resume(old)
    assert r.state.fingerprint() == s.state.fingerprint() and r.undo_mode == "own_turn" and r.used_undo
    r.close()


@pytest.mark.parametrize("line,problem", [
    ('{"type": "undo", "n": 0, "count": 1, "seed": [1]}', "seed is neither"),
])
def test_a_bad_undo_seed_is_a_bad_line(tmp_path, line, problem):
    s = _played_with_undo(tmp_path)
    s.close()
    text = s.log_path.read_text(encoding="utf-8").splitlines()
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(text[:2] + [line]) + "\n", encoding="utf-8")
    log = read_log(bad)
    assert log.errors and log.errors[0].line == 3 and problem in log.errors[0].message


def test_a_header_with_an_unknown_undo_mode_is_refused(tmp_path):
    s = _played_with_undo(tmp_path)
    s.close()
    text = s.log_path.read_text(encoding="utf-8").splitlines()
    header = json.loads(text[0])
    header["undo"] = "sometimes"
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join([json.dumps(header)] + text[1:]) + "\n", encoding="utf-8")
    log = read_log(bad)
    assert log.errors and log.errors[0].line == 1 and "undo" in log.errors[0].message


# -- the table, the summary and the replay ----------------------------------------------------

async def test_z_says_why_when_undo_is_off():
    s = Session("nags", None, ["human", "ai:random"], seed=5, write_log=False, undo="off")
    app = table_app(s)
    async with app.run_test(size=(160, 50)) as pilot:
        t = app.table
        await wait_until(pilot, lambda: t.human_turn())
        t.human_act(s.view(0).legal_actions()[0])
        await wait_until(pilot, lambda: s.is_over or t.human_turn())
        assert t.check_action("undo", ())  # shown, so that the key can say why not
        n = len(s.history)
        await pilot.press("z")
        await pilot.pause()
        from tui.widgets.status import StatusLine
        assert t.query_one(StatusLine).message_text == 'undo is off at this table (house rule undo = "off")'
        assert len(s.history) == n and not s.used_undo


async def test_the_summary_says_the_match_used_undo(tmp_path):
    from textual.app import App
    from textual.widgets import Static

    from tui.screens.summary import SummaryScreen
    from tui.widgets.cards import THEME_DEFAULTS
    s = _played_with_undo(tmp_path, mode="free")
    s.undo()

    class SummaryApp(App):
        def get_theme_variable_defaults(self) -> dict[str, str]:
            return dict(THEME_DEFAULTS)

        def on_mount(self) -> None:
            self.push_screen(SummaryScreen(s, []))

    app = SummaryApp()
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        note = app.screen.query_one("#summary-undo", Static)
        assert str(note.render()) == 'Undo was used (2 times; house rule undo = "free")'
    clean = Session("nags", None, ["human", "ai:random"], seed=1, write_log=False)
    assert SummaryScreen(clean, []).undo_text() == ""
    s.close()


def test_the_replay_marks_undo_and_opens_an_unfinished_match_on_the_players_view(tmp_path):
    from tui.screens.replay import ReplayScreen
    s = _played_with_undo(tmp_path)
    s.close()
    screen = ReplayScreen(s.log_path)
    assert screen.undo_count == 1 and "undo used" in screen.status_text()
    assert "undo used (1 time" in screen.view_title()
    # unfinished: it may be resumed, so it opens on the human's view, not everyone's cards
    assert screen.seat == 0 and screen.view_title().startswith("Your view: only what you saw")
    assert "your view" in screen.status_text() and "everything" not in screen.status_text()
    screen.seat = None
    assert screen.view_title().startswith("Everything (omniscient)")
    assert Replay(read_log(s.log_path)).last_index == len(s.history)


async def test_setup_offers_the_undo_option_and_the_match_gets_it(tmp_path, monkeypatch):
    import sys
    import types

    from textual.widgets import Input, Select

    from engine.seats import SeatSpec
    from tui.app import CardtableApp
    from tui.screens.base_table import BaseTableScreen

    class FakeTable(BaseTableScreen):
        def compose_table(self):
            return iter(())

        def refresh_view(self, view) -> None:
            pass

        def prompt(self, view) -> str:
            return ""

    module = types.ModuleType("tui.games.nags.table")
    module.NagsTableScreen = FakeTable
    monkeypatch.setitem(sys.modules, "tui.games.nags.table", module)
    table = TableConfig(game="nags", seats=[SeatSpec("human"), SeatSpec("ai", "random")],
                        log_dir=tmp_path / "logs", pace=0.0, undo="off")
    app = CardtableApp(table)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        screen = app.screen
        select = screen.query_one("#undo", Select)
        assert select.value == "off"
        assert screen.build_table().undo == "off"
        select.value = "free"
        await pilot.pause()
        assert screen.build_table().undo == "free"
        screen.query_one("#seed", Input).focus()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, FakeTable)
        session = app.screen.session
        assert session.undo_mode == "free" and read_log(session.log_path).header["undo"] == "free"
        session.close()
