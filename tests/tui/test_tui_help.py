"""Help that teaches (issue 11, part 3): the one-screen "How to play" per game, shown
first by ``?``/``F1`` with the full rules one key further, and ``Esc`` closing every
overlay (Textual pilots at 80x24)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re

import pytest
from textual.binding import Binding
from textual.command import CommandPalette
from textual.screen import Screen
from textual.widgets import HelpPanel, Markdown, MarkdownViewer

import tui
from engine.config import TableConfig
from engine.games import SPECS
from engine.seats import SeatSpec
from engine.session import Session
from tui.app import CardtableApp, ConfirmQuit
from tui.screens import table_screen_class
from tui.screens.base_table import BaseTableScreen
from tui.screens.handoff import HandoffScreen
from tui.screens.howto import (HowToScreen, binding_rows, howto_markdown, howto_page, key_sections, key_text,
                               table_bindings)
from tui.screens.replay import ReplayScreen
from tui.screens.rules import RulesScreen
from tui.screens.setup import SetupScreen
from tui.screens.summary import SummaryScreen

from tui_support import wait_for

SMALL = (80, 24)
SEATS = {"nags": 2, "noms": 4, "spite_malice": 2, "nickels": 4, "nogginate": 4}


def table_config(tmp_path, game: str, humans: int = 1) -> TableConfig:
    n = SEATS[game]
    seats = [SeatSpec("human", name=f"P{i}") for i in range(humans)] + [SeatSpec("ai", "random")] * (n - humans)
    return TableConfig(game=game, seats=seats, log_dir=tmp_path / "logs", pace=0.0)


# -- the texts ----------------------------------------------------------------------------------

@pytest.mark.parametrize("gid", sorted(SPECS))
def test_every_game_has_a_howto_with_the_aim_and_a_turn_in_five_lines(gid):
    text = SPECS[gid].howto_text()
    assert text.startswith("# How to play ")
    assert "**Aim:**" in text
    turn = text.split("## A turn", 1)[1]
    steps = re.findall(r"^(\d)\. ", turn, re.M)
    assert steps == ["1", "2", "3", "4", "5"]
    assert max(len(line) for line in text.splitlines()) <= 78  # reads at 80 columns as written
    assert howto_markdown(gid) == (text, True)


def test_a_game_without_a_howto_points_to_the_rules(unloadable_game):
    text, found = howto_markdown("nogginate")  # its package is missing: so is its how-to
    assert not found and "rules" in text


def test_key_text_reads_like_a_player():
    assert key_text("question_mark,f1") == "? / F1"
    assert key_text("enter") == "Enter" and key_text("escape") == "Esc" and key_text("ctrl+t") == "ctrl+t"


def test_binding_rows_merge_shown_keys_and_keep_hidden_ones_with_their_own_meaning():
    rows = binding_rows([
        Binding("left", "move(-1)", "Move", key_display="←", id="x.left"),
        Binding("right", "move(1)", "Move", key_display="→", id="x.right"),
        Binding("1", "pick(1)", "Card", key_display="1-3", id="x.1"),
        Binding("2", "pick(2)", "Card", show=False, id="x.2"),
        Binding("enter", "play", "Play", id="x.play"),
        Binding("escape", "clear", "Clear", show=False, id="x.clear"),
    ], keymap={"x.play": "p"})
    assert rows == [("← / →", "Move"), ("1-3", "Card"), ("p", "Play"), ("Esc", "Clear")]


@pytest.mark.parametrize("gid", sorted(SPECS))
def test_the_help_lists_each_key_once(gid):
    """Seen defect: Nogginate's key table listed n (No, New Noggi) and s (Pass, Match summary)
    twice. A key of several meanings (at different steps) is one row with its meanings."""
    seen: dict[str, str] = {}
    for _title, rows in key_sections(gid):
        for keys, desc in rows:
            for key in (t for part in keys.split(" / ") for t in part.split()):
                assert key not in seen, f"{gid}: {key} listed for {seen[key]!r} and for {desc!r}"
                seen[key] = desc
    rows = dict(key_sections("nogginate")[0][1])
    assert rows["n"] == "No; New Noggi" and rows["s"] == "Pass; Match summary"


def test_how_to_play_follows_remapped_keys():
    """The config's [keys] remapping (a short name such as rules, or a binding id) reaches the
    how-to: its key tables, the keys written in its text and its "Press r" line."""
    keymap = {"rules": "f1", "ng.discard": "f5", "hint": "f2"}
    text, found = howto_markdown("nogginate", keymap)
    assert found and "`F5` discards a selected cheat card" in text and "`x`" not in text
    assert "`k` melds a cheat-Nate" in text  # not remapped: as written
    rows = dict(key_sections("nogginate", keymap=keymap)[0][1])
    assert rows["F5"] == "Discard" and rows["F2"] == "Hint" and "x" not in rows


async def test_the_how_to_screen_says_the_remapped_rules_key(tmp_path):
    table = table_config(tmp_path, "nags")
    table.keys = {"rules": "f1", "close": "q"}
    app = CardtableApp(table)
    async with app.run_test(size=SMALL) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        app.show_howto("nags")
        await wait_for(pilot, lambda: isinstance(app.screen, HowToScreen) and bool(app.screen.markdown))
        assert "Press F1 for the full numbered rules, q to go back." in app.screen.markdown


async def test_the_tables_own_words_name_remapped_keys(tmp_path):
    """Seen with ``[keys] "table.turn" = "v"``: the footer said v, but Enter's why-not said "t turns
    the top card"; the table's words about a key (key_label: Enter's bar, why-nots) follow [keys]."""
    table = table_config(tmp_path, "nags")
    table.keys = {"table.turn": "v", "table.play": "f3"}
    app = CardtableApp(table)
    async with app.run_test(size=SMALL) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        app.start_table(table)
        await wait_for(pilot, lambda: isinstance(app.screen, BaseTableScreen) and app.screen.human_turn())
        t = app.screen
        assert t.key_label("table.turn") == "v" and t.key_label(action="enter_move") == "F3"
        if t.enter_move() is not None:  # a play is legal (else Enter names none, NA-11)
            assert t.enter_text().startswith("F3: play ")
        else:
            assert t.why_not("enter_move").endswith("v turns the top card of the draw pile (NA-11).")
        t.session.close()


@pytest.mark.parametrize("gid", sorted(SPECS))
def test_the_keys_listed_are_the_tables_own_bindings(gid):
    """Every key the table shows in its footer is in the how-to, with the same words."""
    (_, table), (_, everywhere) = key_sections(gid)
    listed = {d for _, desc in table for d in desc.split("; ")}  # a key of several meanings: "n  No; New Noggi"
    cls = table_screen_class(gid)
    shown = {b.description for b in cls.BINDINGS if isinstance(b, Binding) and b.show}
    assert shown <= listed
    assert {"Undo", "Hint", "Help"} <= listed
    assert any(desc == "Theme" for _, desc in everywhere)
    page, found = howto_page(gid)
    assert found and "## Keys at this table" in page and "| `h` | Hint |" in page
    assert table_bindings(gid) == list(cls.BINDINGS)


# -- the screen at 80x24 ------------------------------------------------------------------------

@pytest.mark.parametrize("gid", sorted(SPECS))
async def test_question_mark_at_the_table_shows_how_to_play_then_the_rules_then_back(tmp_path, gid):
    app = CardtableApp(table_config(tmp_path, gid), start="table")
    async with app.run_test(size=SMALL) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BaseTableScreen))
        table = app.screen
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HowToScreen))
        howto = app.screen
        assert howto.game_id == gid and howto.found
        await pilot.pause()
        # The aim and the whole turn are on screen at once, without scrolling.
        body = howto.query_one("#howto-body")
        md = howto.query_one("#howto-text", Markdown)
        steps = md.query("MarkdownOrderedList")
        assert len(steps) == 1 and steps.first().region.bottom <= body.region.bottom
        assert md.query("MarkdownParagraph").first().region.y >= body.region.y  # the aim
        assert "Aim:" in md.source
        keys = {desc for _, rows in howto.key_rows for _, desc in rows}
        assert {"Hint", "Undo"} <= keys
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
        assert app.screen.game_id == gid
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is howto)
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is table)


async def test_f1_and_the_setup_button_show_how_to_play(tmp_path):
    app = CardtableApp(table_config(tmp_path, "noms"))
    async with app.run_test(size=SMALL) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.press("f1")
        await wait_for(pilot, lambda: isinstance(app.screen, HowToScreen))
        assert app.screen.game_id == "noms"
        await pilot.press("f1")  # one key further: the numbered rules
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
        await pilot.press("escape", "escape")
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        app.screen.query_one("#rules").press()
        await wait_for(pilot, lambda: isinstance(app.screen, HowToScreen))


# -- Esc closes every overlay ---------------------------------------------------------------------

async def test_escape_closes_the_keys_panel_and_the_command_palette(tmp_path):
    app = CardtableApp(table_config(tmp_path, "nags"), start="table")
    async with app.run_test(size=SMALL) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BaseTableScreen))
        table = app.screen
        app.action_show_help_panel()
        await wait_for(pilot, lambda: bool(table.query(HelpPanel)))
        await pilot.press("escape")
        await wait_for(pilot, lambda: not table.query(HelpPanel))
        assert app.screen is table
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: isinstance(app.screen, CommandPalette))
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is table)
        # With no panel open, Esc is the table's own key again (clears a selection).
        assert app.check_action("hide_keys_panel", ()) is False


async def test_escape_closes_the_handoff_summary_and_quit_question(tmp_path):
    session = Session("nags", {"match_games": 1}, ["human:Ann", "human:Cy"], seed=5, write_log=False)
    app = CardtableApp(table_config(tmp_path, "nags"), start="table", session=session)
    async with app.run_test(size=SMALL) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, BaseTableScreen) and not app.screen.covered)
        table = app.screen
        await pilot.press("ctrl+q")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmQuit))
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is table)
        app.push_screen(SummaryScreen(session, [], hand_word="Game"))
        await wait_for(pilot, lambda: isinstance(app.screen, SummaryScreen))
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is table)


def _screen_classes() -> list[type[Screen]]:
    for mod in pkgutil.walk_packages(tui.__path__, "tui."):
        importlib.import_module(mod.name)
    out = []
    for mod_name, mod in list(__import__("sys").modules.items()):
        if not mod_name.startswith("tui."):
            continue
        for obj in vars(mod).values():
            if inspect.isclass(obj) and issubclass(obj, Screen) and obj.__module__ == mod_name:
                out.append(obj)
    return sorted(set(out), key=lambda c: c.__qualname__)


#: Screens Esc does not close: the setup screen (the bottom of the stack) and the
#: "make the terminal at least 80x24" screen (it leaves when the terminal is big enough).
NOT_OVERLAYS = {"SetupScreen", "TooSmallScreen"}


def test_every_overlay_screen_binds_escape():
    """Every screen the app shows over another one closes on Esc: it binds ``escape``,
    or closes on any key (its own ``on_key``). Exempt: :data:`NOT_OVERLAYS` and the
    table screens (Esc cancels a selection there; ``?``, ``s``... open overlays that
    close on Esc)."""
    checked = []
    for cls in _screen_classes():
        if cls.__name__ in NOT_OVERLAYS or issubclass(cls, BaseTableScreen):
            continue
        keys = {k.strip() for b in cls.BINDINGS if isinstance(b, Binding) for k in b.key.split(",")}
        assert "escape" in keys or "on_key" in vars(cls), f"{cls.__qualname__} does not close on Esc"
        checked.append(cls)
    assert {HowToScreen, RulesScreen, ReplayScreen, SummaryScreen, HandoffScreen, ConfirmQuit} <= set(checked)


async def test_rules_viewer_still_renders_the_numbered_rules(tmp_path):
    app = CardtableApp(table_config(tmp_path, "nags"))
    async with app.run_test(size=SMALL) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        app.show_rules("nags")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
        assert "NA-10" in app.screen.query_one(MarkdownViewer).document.source


# -- hints that say why -----------------------------------------------------------------------------

@pytest.mark.parametrize("gid", sorted(SPECS))
async def test_hint_shows_the_move_and_why_in_one_line_and_in_the_seats_log(tmp_path, gid):
    from tui.widgets.gamelog import GameLog
    from tui.widgets.status import StatusLine

    app = CardtableApp(table_config(tmp_path, gid), start="table")
    async with app.run_test(size=SMALL) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BaseTableScreen))
        table = app.screen
        await wait_for(pilot, lambda: table.human_turn(), limit=60)
        seat = table.shown_seat
        expected = table.session.hint_with_reason(seat)
        status = table.query_one(StatusLine)
        await pilot.press("h")
        await wait_for(pilot, lambda: status.message_kind == "hint")
        more = " (h: figures)" if expected.details else ""  # the figures behind it: h again
        assert status.message_text.endswith(" — " + expected.reason + more)
        log = table.query_one(GameLog)
        assert log.lines_text[-1] == table.hint_text
        assert table.hint_text.startswith("Hint: ") and expected.reason in table.hint_text
        assert log._entries[-1][3] == frozenset({seat})  # only the hinted seat's log shows it


async def test_a_hint_found_for_a_position_that_is_gone_is_dropped(tmp_path):
    from tui.widgets.status import StatusLine

    app = CardtableApp(table_config(tmp_path, "nags"), start="table")
    async with app.run_test(size=SMALL) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BaseTableScreen))
        table = app.screen
        await wait_for(pilot, lambda: table.human_turn(), limit=60)
        hint = table.session.hint_with_reason(table.shown_seat)
        table.post_message(table.HintFound(table.shown_seat, hint, table._generation - 1,
                                           len(table.session.history)))
        table.post_message(table.HintFound(table.shown_seat, hint, table._generation,
                                           len(table.session.history) - 1))
        await pilot.pause()
        await pilot.pause()
        assert table.query_one(StatusLine).message_kind != "hint" and table.hint_text == ""
