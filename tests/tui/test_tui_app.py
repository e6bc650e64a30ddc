"""The app shell: setup, rules and replay screens, themes, quitting (Textual pilots).

The table screen belongs to another part of the TUI; most tests here replace
it with a small stand-in screen (``FakeTableScreen``) so they check the app's
navigation, not the table's play. Nags rules named where a test relies on one.
"""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest
from textual.screen import Screen
from textual.widgets import Input, MarkdownViewer, RadioButton, Select, Static, Switch

from engine.cards import pretty_text
from engine.config import TableConfig, load_config
from engine.games import ALL_IDS, TITLES
from engine.games.nags.game import Nags, NagsVariant
from engine.gamelog import Replay, read_log
from engine.seats import SeatSpec
from engine.variants import ConfigError
from engine.session import Session
from engine.variants import option_specs
from themes import CARD_VARIABLES, GAME_VARIABLES, THEMES, load_themes, theme_variable_defaults
from tui.app import CardtableApp, ConfirmQuit, ascii_wanted
from tui.screens.howto import HowToScreen
from tui.screens.replay import ReplayScreen
from tui.widgets.status import StatusLine
from hidden_support import screen_text, shown_cards
from tui.screens.rules import RulesScreen, rules_markdown
from tui.screens.setup import SetupScreen

SIZE = (150, 60)


class FakeTableScreen(Screen):
    """Stand-in for ``tui.games.nags.table.NagsTableScreen(session, pace)``."""

    def __init__(self, session, pace: float = 0.6) -> None:
        super().__init__()
        self.session = session
        self.pace = pace

    def compose(self):
        yield Static("table")


@pytest.fixture
def fake_table(monkeypatch):
    """Make ``from tui.games.nags.table import NagsTableScreen`` give FakeTableScreen."""
    module = types.ModuleType("tui.games.nags.table")
    module.NagsTableScreen = FakeTableScreen
    monkeypatch.setitem(sys.modules, "tui.games.nags.table", module)
    return FakeTableScreen


@pytest.fixture
def table(tmp_path) -> TableConfig:
    return TableConfig(game="nags", seats=[SeatSpec("human"), SeatSpec("ai", "random"), SeatSpec("ai", "random")],
                       log_dir=tmp_path / "logs", pace=0.0)


def bot_log(tmp_path: Path, seed: int = 7, n_seats: int = 3, variant=None) -> Path:
    """Play a bot-only Nags match with logging and return the log path."""
    path = tmp_path / "match.jsonl"
    s = Session("nags", variant or NagsVariant(), ["ai:random"] * n_seats, seed=seed, log_path=path)
    s.advance()
    while not s.is_over:
        s.act(s.bot_choose())
    s.close()
    return path


# -- themes -----------------------------------------------------------------------------

def test_every_theme_defines_the_card_variables():
    themes, labels = load_themes()
    assert {"felt", "high-contrast"} <= set(themes)
    for name, theme in themes.items():
        missing = [v for v in CARD_VARIABLES if v not in theme.variables]
        assert not missing, (name, missing)
        assert labels[name]


def _game_palettes() -> dict:
    """game id -> its registered palette (loaded through its TableSpec), for games that have one."""
    from tui.games import TABLES, load
    return {gid: load(t.palette) for gid, t in TABLES.items() if t.palette}


def test_every_theme_colours_every_kind_of_card_face():
    """The shared faces' colours are in every theme file; a game's own (Nogginate's Freeze,
    Bonus, cheat cards and suits) join every theme from its palette, with the theme's own
    shade where the palette names one (high contrast)."""
    from tui.widgets.cards import FACE_LOOKS, SUIT_PALETTES
    palettes = _game_palettes()
    assert set(palettes) == {"nogginate"}
    game_vars = {v for p in palettes.values() for v in p.colors}
    wanted = {look.color for look in FACE_LOOKS.values()} | {v for p in SUIT_PALETTES.values() for v in p.values()}
    assert {"card-joker", "card-freeze", "card-bonus", "card-cheat", "nogginate-clubs"} <= wanted
    assert wanted <= set(CARD_VARIABLES) | game_vars and not set(CARD_VARIABLES) & game_vars
    for name, theme in THEMES.items():
        assert wanted <= set(theme.variables), name
    assert THEMES["high-contrast"].variables["card-freeze"] == "#006b75"
    assert THEMES["felt"].variables["card-freeze"] == "#00838f" == GAME_VARIABLES["card-freeze"]
    assert set(GAME_VARIABLES) == game_vars and game_vars <= set(theme_variable_defaults())
    files, _ = load_themes()  # the theme files themselves name no game's colour
    assert not any(game_vars & set(t.variables) for t in files.values())


def test_high_contrast_has_a_four_colour_deck():
    v = THEMES["high-contrast"].variables
    suits = [v["suit-clubs"], v["suit-diamonds"], v["suit-hearts"], v["suit-spades"]]
    assert len({s.lower() for s in suits}) == 4
    felt = THEMES["felt"].variables  # NA-4: the classic deck is red/black only
    assert felt["suit-hearts"] == felt["suit-diamonds"] and felt["suit-clubs"] == felt["suit-spades"]


def test_ascii_flag_from_env_or_config():
    assert ascii_wanted(None, {"CARDTABLE_ASCII": "1"})
    assert not ascii_wanted(None, {"CARDTABLE_ASCII": "0"})
    assert ascii_wanted(types.SimpleNamespace(ascii_cards=True), {})
    assert not ascii_wanted(TableConfig(), {})


async def test_theme_toggle_and_css_variables(table):
    app = CardtableApp(table)
    async with app.run_test(size=SIZE) as pilot:
        assert app.theme == "felt"
        await pilot.press("ctrl+t")
        assert app.theme == "high-contrast"
        await pilot.pause()
        assert app.theme_variables["suit-clubs"] == THEMES["high-contrast"].variables["suit-clubs"]
        app.theme = "textual-dark"  # a built-in theme still gets the card variables
        await pilot.pause()
        assert "suit-hearts" in app.get_css_variables()


async def test_a_running_app_draws_a_games_faces_in_its_themes_colours(table):
    """Nogginate's palette, registered when its table or replay is first shown, colours its
    faces and suits from the app's theme: the theme's own shade (high contrast), else the
    palette's default (also under a built-in Textual theme)."""
    from engine.cards import Card, Suit
    from engine.games.nogginate.cards import Kind
    from tui.widgets.cards import card_color, suit_color
    nogginate = _game_palettes()["nogginate"]
    (suits,) = nogginate.suits
    freeze = Card.special(Kind.FREEZE)
    app = CardtableApp(table)
    async with app.run_test(size=SIZE) as pilot:
        assert card_color(app, freeze) == "#00838f" and suit_color(app, Suit.CLUBS, suits) == "#1565c0"
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert app.theme == "high-contrast"
        assert card_color(app, freeze) == "#006b75" and suit_color(app, Suit.CLUBS, suits) == "#0033cc"
        app.theme = "textual-dark"
        await pilot.pause()
        assert card_color(app, freeze) == nogginate.colors["card-freeze"] == "#00838f"


# -- setup screen -------------------------------------------------------------------------

async def test_setup_lists_games_and_every_option(table):
    app = CardtableApp(table)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        for gid in ALL_IDS:
            button = screen.query_one(f"#game-{gid}", RadioButton)
            assert not button.disabled and str(button.label) == TITLES[gid]
        assert screen.query_one("#game-nags", RadioButton).value
        kinds = {bool: Switch}
        for spec in option_specs(NagsVariant):
            widget = screen.query_one(f"#opt-{spec.name}")
            expected = Select if spec.choices else kinds.get(spec.type, Input)
            assert isinstance(widget, expected), spec.name
        counts = [v for _, v in screen.query_one("#n-seats", Select)._options]
        assert counts == list(range(Nags.min_seats, Nags.max_seats + 1))
        assert screen.seats() == table.seats


async def test_setup_validates_options_inline(table):
    app = CardtableApp(table)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        games = screen.query_one("#opt-match_games", Input)
        games.value = "0"
        await pilot.pause()
        assert "out of range" in screen.last_error and "1..100" in screen.last_error
        games.value = "2"
        await pilot.pause()
        assert screen.last_error == ""
        screen.query_one("#opt-allow_negative_after_purchase", Switch).value = True
        await pilot.pause()
        assert "buying_horses" in screen.last_error  # NA-25 needs Buying a Horse first
        screen.query_one("#opt-buying_horses", Switch).value = True
        await pilot.pause()
        assert screen.last_error == ""
        screen.query_one("#opt-match_target", Input).value = ""
        screen.query_one("#seed", Input).value = "12x"
        await pilot.pause()
        assert "seed" in screen.last_error
        text = str(screen.query_one("#setup-error", Static).render())
        assert text.count(".") >= 1 and "\n" not in text.strip()


async def test_setup_seat_rows_follow_the_count(table):
    app = CardtableApp(table)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.query_one("#n-seats", Select).value = 5
        await pilot.pause()
        assert len(screen.seats()) == 5
        assert screen.query_one("#seat-row-4").display and not screen.query_one("#seat-row-5").display
        screen.query_one("#seat-kind-1", Select).value = "human"
        await pilot.pause()
        assert screen.query_one("#seat-level-1", Select).disabled
        assert screen.seats()[1] == SeatSpec("human")


async def test_setup_starts_a_match_with_the_chosen_rules(table, fake_table):
    app = CardtableApp(table)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.query_one("#opt-direction_mode", Select).value = "alternating"
        screen.query_one("#seat-name-0", Input).value = "Ann"
        screen.query_one("#seed", Input).value = "42"
        await pilot.pause()
        screen.query_one("#seed", Input).focus()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, FakeTableScreen)
        session = app.screen.session
        assert session.variant.direction_mode == "alternating"
        assert session.seed == 42 and session.names[0] == "Ann"
        assert Path(session.log_path).parent == table.log_dir
        session.close()


async def test_setup_refuses_to_start_with_a_bad_option(table, fake_table):
    app = CardtableApp(table)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.query_one("#opt-match_games", Input).value = "500"
        await pilot.click("#start")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "match_games" in app.screen.last_error


async def test_save_table_writes_the_config(table, tmp_path, monkeypatch):
    target = tmp_path / "cfg" / "config.toml"
    monkeypatch.setattr("engine.config.default_config_path", lambda: target)
    app = CardtableApp(table)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.query_one("#opt-shuffle_on_recycle", Switch).value = True
        screen.query_one("#opt-match_games", Input).value = "3"
        screen.query_one("#n-seats", Select).value = 4
        screen.query_one("#pace", Input).value = "1.5"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
    saved = load_config(target)
    assert saved.rules["nags"].shuffle_on_recycle and saved.rules["nags"].match_games == 3
    assert len(saved.seats) == 4 and saved.pace == 1.5 and saved.game == "nags"


# -- rules screen ------------------------------------------------------------------------------

def test_rules_markdown_found_and_missing(unloadable_game):
    text, found = rules_markdown("nags")
    assert found and "NA-1" in text
    text, found = rules_markdown("nogginate")  # its package is missing: so are its rules
    assert not found and "missing" in text


async def test_rules_screen_opens_and_closes(table):
    app = CardtableApp(table)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")  # how to play first, the full rules one key further
        await pilot.pause()
        assert isinstance(app.screen, HowToScreen) and app.screen.game_id == "nags"
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen) and app.screen.game_id == "nags"
        assert app.screen.found
        assert app.screen.query_one(MarkdownViewer).document.source.startswith("# Nags")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HowToScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)


# -- table navigation and quitting ----------------------------------------------------------------

async def test_start_table_then_play_again_and_quit_with_confirm(table, fake_table):
    app = CardtableApp(table, start="table")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        first = app.screen
        assert isinstance(first, FakeTableScreen) and first.pace == table.pace
        new = app.new_match_like(first.session)
        new.advance()  # the fake table does not deal: the deal makes the log that quitting keeps
        await pilot.pause()
        assert isinstance(app.screen, FakeTableScreen) and app.screen is not first
        assert app.screen.session is new and new.seats == first.session.seats
        assert new.variant == first.session.variant
        assert len([s for s in app.screen_stack if isinstance(s, FakeTableScreen)]) == 1
        assert app.current_game_id() == "nags"  # what `?` shows over the table
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmQuit)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, FakeTableScreen) and app.is_running
        await pilot.press("ctrl+q", "y")
        await pilot.pause()
    assert app.return_code == 0
    assert read_log(new.log_path).header["game"] == "nags"  # the log was kept


# -- replay screen ------------------------------------------------------------------------------------

async def test_replay_steps_through_a_log(tmp_path, table):
    path = bot_log(tmp_path, variant=NagsVariant(match_games=2))
    replay = Replay(read_log(path))
    app = CardtableApp(table, start="replay", replay_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.error is None
        assert screen.status_text().startswith(f"action 0/{replay.last_index}, game 1")
        await pilot.press("right", "right", "right")
        assert screen.index == 3
        await pilot.press("left")
        assert screen.index == 2
        lines = screen.narration_lines()
        assert lines[0] == f"chance: {pretty_text(replay.notations[1])}"  # runner 9♣, as on the table
        assert lines[1:] == [e.narrate(screen.names) for e in replay.events[1]]
        await pilot.press("full_stop")
        assert screen.index == replay.next_turn_index(2)
        await pilot.press("comma")
        assert screen.index == replay.prev_turn_index(replay.next_turn_index(2))
        await pilot.press("right_square_bracket")  # NA-21: the second game of the match
        second = replay.next_hand_index(screen.index if screen.index else 0)
        assert screen.index == second or replay.positions[screen.index].hand_number == 1
        assert "game 2" in screen.status_text()
        await pilot.press("left_square_bracket")
        assert replay.positions[screen.index].hand_number == 0
        await pilot.press("end")
        assert screen.index == replay.last_index and "match over" in screen.status_text()


async def test_replay_seat_view_hides_other_hands(tmp_path, table):
    path = bot_log(tmp_path, seed=3)
    replay = Replay(read_log(path))
    app = CardtableApp(table, start="replay", replay_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        deal = next(i for i, n in enumerate(replay.notations) if n.startswith("deal "))
        screen.index = deal + 1
        await pilot.pause()
        state = replay.positions[deal + 1]
        theirs = sorted(state.hands[2])[0]
        assert shown_cards(screen_text(app), [theirs])  # a finished match opens on everything
        await pilot.press("1")
        await pilot.pause()
        assert screen.seat == 1 and "view" in screen.status_text()
        assert not shown_cards(screen_text(app), [theirs])  # the table draws seat 1's view only
        await pilot.press("a")
        assert screen.seat is None
        await pilot.press("q")
        await pilot.pause()
    assert not app.is_running


async def test_replay_of_a_missing_or_broken_log(tmp_path, table):
    app = CardtableApp(table, start="replay", replay_path=tmp_path / "nope.jsonl")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.screen.replay is None and "Cannot read" in app.screen.error
        await pilot.press("right")
        assert app.screen.index == 0
    path = bot_log(tmp_path)
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:12]) + "\n{broken\n")
    app = CardtableApp(table, start="replay", replay_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.screen.replay.last_index == 11 and "damaged" in app.screen.error


async def test_real_table_screen_is_pushed_and_replaced(table):
    from tui.games.nags.table import NagsTableScreen

    app = CardtableApp(table, start="table")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        first = app.screen
        assert isinstance(first, NagsTableScreen)
        assert len(app.screen_stack) == 2  # no setup screen is built under the table (issue 22: start-up)
        new = app.new_match_like(first.session)
        await pilot.pause()
        assert isinstance(app.screen, NagsTableScreen) and app.screen.session is new
        assert new.seed != first.session.seed or new.log_path != first.session.log_path
        app.show_setup()  # leaving the table goes back to a setup screen, built now
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen) and len(app.screen_stack) == 2
        assert app.start_table(table)
        await pilot.pause()
        assert isinstance(app.screen, NagsTableScreen) and isinstance(app.screen_stack[-2], SetupScreen)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmQuit)
        await pilot.press("y")
        await pilot.pause()
    assert not app.is_running


async def test_config_keys_remap_bindings_and_unknown_ids_are_reported(table):
    table.keys = {"app.theme": "f2"}
    app = CardtableApp(table)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f2")
        assert app.theme == "high-contrast"
        await pilot.press("ctrl+t")  # the old key no longer toggles
        assert app.theme == "high-contrast"
    table.keys = {"app.them": "f3"}  # a startup error naming the key and the close matches, never a toast
    with pytest.raises(ConfigError, match=r"keys\.app\.them: unknown action; did you mean app\.theme"):
        CardtableApp(table)


async def test_config_keys_short_names_as_documented(table):
    """Issue 11 part 6: README's and config.example.toml's ``rules = "f1"`` (a short
    name) is accepted; ``theme = "f2"`` remaps app.theme."""
    table.keys = {"theme": "f2", "rules": "f1"}
    app = CardtableApp(table)
    assert app.startup_error is None
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f2")
        assert app.theme == "high-contrast"


async def test_choosing_another_game_rebuilds_seats_and_options(table):
    """Switching to Noms (4 seats exactly, NO-1) rebuilds the seat rows and the
    house-rule widgets from Noms' own options, and validates them."""
    app = CardtableApp(table)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.query_one("#n-seats", Select).value = 2
        await pilot.pause()
        await pilot.click("#game-noms")
        await pilot.pause()
        assert screen.game_id == "noms"
        assert not screen.query("#opt-direction_mode")
        assert isinstance(screen.query_one("#opt-min_bid", Select), Select)
        assert isinstance(screen.query_one("#opt-slam_not_bid", Switch), Switch)
        assert screen.n_seats == 4  # raised to the new game's minimum
        screen.query_one("#opt-target", Input).value = "0"
        await pilot.pause()
        assert "target" in screen.last_error


async def test_changing_the_game_keeps_the_bots_levels_and_names(tmp_path):
    """Issue 11 part 6: switching game kept every bot at its level (was reset to
    ``random``, names "Bix (random)"); a level the new game lacks falls back to the default."""
    table = TableConfig(game="nags", seats=[SeatSpec("human"), SeatSpec("ai", "easy"), SeatSpec("ai", "medium")],
                        log_dir=tmp_path / "logs", pace=0.0)
    app = CardtableApp(table)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.click("#game-noms")
        await pilot.pause()
        assert screen.game_id == "noms"
        levels = [s.level for s in screen.seats() if not s.is_human]
        assert levels[:2] == ["easy", "medium"] and all(lv == "easy" for lv in levels[2:])
        names = [screen.query_one(f"#seat-name-{i}", Input).placeholder for i in range(1, 4)]
        assert all("random" not in n for n in names) and "(easy)" in names[0] and "(medium)" in names[1]
        screen.query_one("#seat-level-1", Select).value = "hard"
        await pilot.pause()
        assert "(hard)" in screen.query_one("#seat-name-1", Input).placeholder


async def test_replay_screen_is_drawn_at_once(tmp_path, table):
    """Issue 11 part 6: the replay screen opened blank until a key was pressed."""
    path = bot_log(tmp_path)
    app = CardtableApp(table, start="replay", replay_path=path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.pause()
        status = screen.query_one(StatusLine)
        assert "action 0/" in status.prompt_text and status.message_text == "The start of the match."
        assert "Seats" in screen_text(app)  # the Nags table, drawn


async def test_setup_nickels_takes_penalty_values_as_a_table_and_seven_seats_only_with_the_house_rule(table):
    """Nickels' penalty_values (NK-6) is an inline TOML table in the form; 7 seats
    are offered but refused until allow_seven_players is on (NK-1)."""
    app = CardtableApp(table)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.click("#game-nickels")
        await pilot.pause()
        assert screen.game_id == "nickels"
        field = screen.query_one("#opt-penalty_values", Input)
        assert field.value == "{joker = 50, ace = 20, ten_to_king = 10, two_to_nine = 5}"
        field.value = "{joker = 40}"
        await pilot.pause()
        assert screen.variant().penalty_values.joker == 40 and screen.variant().penalty_values.ace == 20
        field.value = "{joker = }"
        await pilot.pause()
        assert "penalty_values must be a table" in screen.last_error
        field.value = "{joker = 40}"
        counts = [v for _, v in screen.query_one("#n-seats", Select)._options]
        assert counts == [3, 4, 5, 6, 7]
        screen.query_one("#n-seats", Select).value = 7
        await pilot.pause()
        assert screen.validate() is None and "allow_seven_players" in screen.last_error
        screen.query_one("#opt-allow_seven_players", Switch).value = True
        await pilot.pause()
        assert screen.validate() is not None
