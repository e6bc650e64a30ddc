"""Issue 15: seat names are inert. A name is printable characters only, at most
24 of them, checked where it enters (``--seat``, the config file, the setup
screen, ``Session``); a name read from someone else's log is shown made safe,
not refused; and every screen shows a name literally (markup escaped)."""

from __future__ import annotations

import asyncio
import html
import json
import re
from pathlib import Path

import pytest
from textual.widgets import Input
from typer.testing import CliRunner

from engine.config import load_config
from engine.seats import MAX_NAME_LENGTH, SeatSpec, SeatSpecError, name_problem, safe_name
from engine.session import Session
from engine.variants import ConfigError
from tui.cli import app as cli_app
from tui.games import TABLES, load
from tui.screens.replay import ReplayScreen, seat_names_from_header
from tui_support import ScreenTestApp, setup_screen, wait_for

ESC_NAME = "\u001b[2J"  # clears the screen when printed raw


def screen_text(app) -> str:
    """The text an app shows now (from its SVG screenshot)."""
    svg = app.export_screenshot()
    return html.unescape("".join(re.findall(r"<text[^>]*>([^<]*)</text>", svg))).replace("\xa0", " ")


# -- the rule (engine) --------------------------------------------------------------------------

def test_name_rule_printable_and_at_most_24_characters():
    assert name_problem("Ann") is None and name_problem("[bold red]Bob[/]") is None
    assert name_problem("Zoë Ñandú 王") is None
    assert "printable" in name_problem(ESC_NAME)
    assert "printable" in name_problem("Ann\tBix")
    assert "printable" in name_problem("a\u200bb")  # zero-width space: invisible
    assert name_problem("x" * MAX_NAME_LENGTH) is None and MAX_NAME_LENGTH == 24
    assert "at most 24" in name_problem("x" * 25)


def test_seat_spec_refuses_a_bad_name_and_a_log_reader_gets_it_made_safe():
    for text in (f"human:{ESC_NAME}", "ai:easy:" + "y" * 30):
        with pytest.raises(SeatSpecError, match="bad seat"):
            SeatSpec.parse(text)
    assert SeatSpec.parse(f"human:{ESC_NAME}", lenient=True).name == "\\x1b[2J"
    assert SeatSpec.parse("ai:easy:[b]Bob[/b]").name == "[b]Bob[/b]"  # markup text is a valid name


def test_safe_name_escapes_controls_and_cuts_long_names():
    assert safe_name("Ann") == "Ann" and safe_name("[b]Zed[/b]") == "[b]Zed[/b]"
    assert safe_name(ESC_NAME) == "\\x1b[2J"
    assert safe_name("z" * 40) == "z" * 23 + "…"
    assert safe_name(17) == "17"


def test_session_refuses_a_bad_name():
    with pytest.raises(ValueError, match="printable"):
        Session("nags", None, [SeatSpec("human", None, ESC_NAME), "ai:random"], write_log=False)


# -- where names enter ----------------------------------------------------------------------------

def test_config_refuses_an_escape_sequence_in_a_name(tmp_path):
    path = tmp_path / "c.toml"
    path.write_text('[[seats]]\nspec = "human:\\u001b[2J"\n[[seats]]\nspec = "ai:random"\n')
    with pytest.raises(ConfigError, match=r"seats\[0\]\.spec: .*printable"):
        load_config(path)


@pytest.mark.parametrize("name", [ESC_NAME, "n" * 25])
def test_cli_seat_with_a_bad_name_is_one_line(name):
    result = CliRunner().invoke(cli_app, ["sim", "nags", "--seat", f"ai:random:{name}", "--seat", "ai:random",
                                          "-n", "1"])
    assert result.exit_code == 1
    assert result.output.count("\n") == 1 and "bad seat" in result.output and "\x1b" not in result.output


def test_sim_table_shows_a_markup_name_literally():
    result = CliRunner().invoke(cli_app, ["sim", "nags", "--seat", "ai:random:[b]Bo[/b]", "--seat",
                                          "ai:random:[red]Cy[/]", "-n", "2", "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert "[b]Bo[/b]" in result.output and "[red]Cy[/]" in result.output


def test_setup_screen_refuses_a_bad_name(tmp_path):
    async def run():
        async with setup_screen(tmp_path) as screen:
            screen.query_one("#seat-name-0", Input).value = "Ann\x07"
            assert screen.validate() is None
            assert "seat 1" in screen.last_error and "printable" in screen.last_error
            screen.query_one("#seat-name-0", Input).value = "[b]Ann[/b]"
            built = screen.validate()
            assert built is not None and built.seats[0].name == "[b]Ann[/b]"
    asyncio.run(run())


# -- names from someone else's log ----------------------------------------------------------------

def hostile_log(tmp_path: Path, finished: bool = True) -> Path:
    path = tmp_path / "theirs.jsonl"
    with Session("nags", None, ["ai:random"] * 3, seed=4, log_path=path) as s:
        s.advance()
        while not s.is_over:
            s.act(s.bot_choose())
    lines = path.read_text().splitlines(keepends=True)
    header = json.loads(lines[0])
    header["seats"][0] = {"spec": f"ai:random:{ESC_NAME}", "name": ESC_NAME + "[b]Evil[/b]"}
    header["seats"][1]["name"] = "[b]Zed[/b]"
    lines[0] = json.dumps(header) + "\n"
    path.write_text("".join(lines if finished else lines[:30]))
    return path


def test_replay_names_from_a_log_are_made_safe(tmp_path):
    header = json.loads(hostile_log(tmp_path).read_text().splitlines()[0])
    names = seat_names_from_header(header)
    assert names[:2] == ["\\x1b[2J[b]Evil[/b]", "[b]Zed[/b]"]


def test_resume_of_a_log_with_bad_names_shows_them_safe(tmp_path):
    s = Session.resume(hostile_log(tmp_path, finished=False))
    assert s.names[:2] == ["\\x1b[2J[b]Evil[/b]", "[b]Zed[/b]"]
    assert s.seats[0].name == "\\x1b[2J"
    s.close()


def test_replay_screen_shows_names_literally(tmp_path):
    from engine.config import TableConfig
    from tui.app import CardtableApp
    path = hostile_log(tmp_path)

    async def run():
        app = CardtableApp(TableConfig(game="nags", pace=0.0), start="replay", replay_path=path)
        async with app.run_test(size=(150, 60)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ReplayScreen) and screen.error is None
            screen.seat = 1
            screen.index = 5
            screen.show_position()
            await pilot.pause()
            text = screen_text(app)
            assert "[b]Zed[/b]'s view" in text
            assert "\x1b" not in text
    asyncio.run(run())


# -- every table screen and its summary -----------------------------------------------------------

NAMES = ["[i]Ann[/i]", "[b]Zed[/b]", "[u]Kim[/u]", "[red]Lu[/]"]
SMALL = {"nags": {"match_games": 1}, "noms": {"target": 1}, "spite_malice": {"stock_count": 1}}


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_table_and_summary_show_markup_names_literally(game_id):
    """Before: a hand panel's title, a border, the winner line showed ``Zed`` in bold."""
    from engine.games import GAMES
    n = GAMES[game_id].min_seats

    class App(ScreenTestApp):
        SCREEN = load(TABLES[game_id].screen)

    def session() -> Session:
        return Session(game_id, SMALL.get(game_id), [f"ai:random:{NAMES[i]}" for i in range(n)], seed=3,
                       write_log=False)

    def play(s: Session, limit: int) -> None:
        s.advance()
        while not s.is_over and len(s.history) < limit:
            s.act(s.bot_choose())

    whole = session()
    play(whole, 10**6)
    s = session()
    play(s, len(whole.history) - 4)  # the same match (seeded bots), up to its last few moves

    async def run():
        app = App(s)
        async with app.run_test(size=(160, 50)) as pilot:
            await pilot.pause(0.3)
            texts = [screen_text(app)]
            await wait_for(pilot, lambda: s.is_over, 120)
            await pilot.pause(0.3)
            texts.append(screen_text(app))
        for text in texts:
            for name in NAMES[:n]:
                bare = re.sub(r"\[/?[a-z]*\]", "", name)
                opened = name[:name.index(bare) + len(bare)]  # "[i]Ann": the markup shown, not applied
                # (the closing tag may be cut by a narrow cell, "[i]Ann[/…": still shown literally)
                odd = [line for line in text.splitlines() if line.count(bare) != line.count(opened)]
                assert text.count(bare) == text.count(opened), (name, odd)
        assert any(name in texts[-1] for name in NAMES[:n])  # the summary names the winner(s)
    asyncio.run(run())
