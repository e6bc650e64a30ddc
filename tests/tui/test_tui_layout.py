"""Issue 11 part 1, "any terminal from 80x24 up": at 80x24, 100x30, 120x36 and 160x50
every table shows every hand card, every runner / pile / trick seat, the prompt and
the footer's keys inside the screen (checked by widget regions, not by eye); the side
column folds away below 100 columns and ``i`` shows it; the setup, rules, replay and
summary screens fit too; below 80x24 a "make the terminal at least 80x24" screen
covers everything and goes away when the terminal grows."""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path

import pytest
from textual.app import App
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import Input

from engine.cards import Card, Suit
from engine.config import default_table
from engine.seats import SeatSpec
from engine.session import Session
from tui.app import CardtableApp
from tui.games.nags.widgets import HorseMarket, RunnerBox
from tui.games.noms.table import NomsHand, TrickTable
from tui.games.spite_malice.table import SMPile
from tui.screens.replay import ReplayScreen
from tui.screens.howto import HowToScreen
from tui.screens.rules import RulesScreen
from tui.screens.setup import SetupScreen
from tui.screens.summary import SummaryScreen
from tui.screens.too_small import TooSmallScreen, too_small_text
from tui.widgets.cards import THEME_DEFAULTS, CardWidget
from tui.widgets.footer import WrappingFooter
from tui.widgets.hand import HandView
from tui.widgets.piles import DirectionSign, DiscardPile, DrawPile
from tui.widgets.status import StatusLine

from tui_support import TableApp, until_human_turn

SIZES = [(80, 24), (100, 30), (120, 36), (160, 50)]
OLD_LOGS = Path(__file__).resolve().parents[1] / "fixtures" / "old_logs"


async def until(pilot, cond, limit: float = 20.0) -> None:
    """Let the app run until ``cond()`` holds (a loaded machine may need more than one pause)."""
    deadline = time.monotonic() + limit
    while not cond():
        assert time.monotonic() < deadline, "the screen never got there"
        await pilot.pause(0.02)
    await pilot.pause()


def assert_on_screen(widget: Widget, what: str = "") -> None:
    """``widget`` is displayed, has a size, lies inside the screen and is not clipped
    by any container (so a person sees all of it)."""
    screen = widget.screen
    geometry = screen.find_widget(widget)
    region, clip = geometry.region, geometry.clip
    label = what or repr(widget)
    assert widget.display and region.width > 0 and region.height > 0, f"{label} has no room: {region}"
    assert Region(0, 0, *screen.size).contains_region(region), f"{label} is off the screen: {region}"
    assert clip.contains_region(region), f"{label} is cut: {region} clipped to {clip}"


def assert_footer_fits(screen) -> None:
    footer = screen.query_one(WrappingFooter)
    assert_on_screen(footer, "the footer")
    keys = [k for k in footer.query("FooterKey") if not k.has_class("-command-palette")]
    typing = isinstance(screen.focused, Input)  # letters go to the input: Textual shows no letter keys
    assert keys or typing, "the footer shows no key"
    for key in keys:
        assert_on_screen(key, f"footer key {key.key_display} {key.description}")


def assert_prompt_fits(screen) -> None:
    status = screen.query_one(StatusLine)
    assert_on_screen(status, "the status line")
    need = status.get_content_height(status.content_region.size, screen.size, status.content_region.width)
    assert need <= status.content_region.height, "the prompt is cut"
    footer = screen.query_one(WrappingFooter)
    assert status.region.bottom <= footer.region.y


def assert_table_fits(table) -> None:
    assert_prompt_fits(table)
    assert_footer_fits(table)
    assert_on_screen(table.query_one("#table-left"), "the table")


# -- every game at every size -----------------------------------------------------------

@pytest.mark.parametrize("size", SIZES)
async def test_nags_table_fits(size):
    app = TableApp("nags", ["human", "ai:random", "ai:random"], seed=7)
    async with app.run_test(size=size) as pilot:
        await until_human_turn(pilot)
        t = app.table
        assert_table_fits(t)
        hand = t.query_one(HandView)
        assert len(hand._slots) == len(t.view.hand) == 9
        for i, w in enumerate(hand._slots):
            assert_on_screen(w, f"hand card {i}")
        assert hand.compact == (size[0] <= 100)  # 9 big cards need 74 columns of the table
        for i in range(4):
            runner = t.query_one(f"#runner-{i}", RunnerBox)
            assert_on_screen(runner, f"runner {i}")
            assert_on_screen(runner.query_one(CardWidget), f"runner {i}'s card")
        for kind in (DiscardPile, DrawPile, DirectionSign):
            assert_on_screen(t.query_one(kind), kind.__name__)
        top = [w for w in t.query_one(DiscardPile).query(CardWidget) if w.has_class("-top")]
        assert len(top) == 1
        assert_on_screen(top[0], "the discard pile's top card")
        assert_on_screen(t.query_one("#seats"), "the seats")
        # selecting still works with compact cards (and they show it)
        await pilot.press("right", "space")
        assert hand.selected == {1}
        assert_on_screen(hand._slots[1], "the selected card")


@pytest.mark.parametrize("size", SIZES)
async def test_spite_malice_board_fits(size):
    app = TableApp("spite_malice", ["human", "ai:random"], seed=4, rules={"game_type": "SNM_A_SHORT"})
    async with app.run_test(size=size) as pilot:
        await until_human_turn(pilot)
        t = app.table
        await pilot.press("1")  # a hand card picked: its targets are marked
        assert t.picked == "hand:0"
        assert_table_fits(t)
        hand = [p for p in t.query(SMPile) if p.has_class("-hand") and p.display]
        assert len(hand) == len(t.view.hand) == 5
        piles = ["opp-stock", "draw", "my-stock", *[f"opp-discard-{i}" for i in range(4)],
                 *[f"my-discard-{i}" for i in range(4)], *[f"play-{j}" for j in range(4)]]
        for pile in [*hand, *(t.query_one(f"#{p}", SMPile) for p in piles)]:
            assert_on_screen(pile, f"pile {pile.id}")
            assert_on_screen(pile.card_widget, f"the card of {pile.id}")
            assert_on_screen(pile.query_one(".pile-cap"), f"the caption of {pile.id}")


@pytest.mark.parametrize("size", SIZES)
async def test_nickels_table_fits(size):
    from tui.games.nickels.table import NickelsTableScreen  # noqa: F401 - the screen under test
    from tui.widgets.melds import MeldsPanel

    app = TableApp("nickels", ["human", "ai:random", "ai:random", "ai:random"], seed=3)
    async with app.run_test(size=size) as pilot:
        await until_human_turn(pilot)
        t = app.table
        assert_table_fits(t)
        hand = t.query_one(HandView)
        assert len(hand._slots) == len(t.view.hand) >= 6
        for i, w in enumerate(hand._slots):
            assert_on_screen(w, f"hand card {i}")
        assert_on_screen(t.query_one("#nk-info"), "the contract and the piles")
        assert_on_screen(t.query_one(MeldsPanel), "the players and their melds")


async def _noms_to(pilot, phase: str) -> None:
    """Seed 1 against easy bots: the human bids 13 and wins the auction, names
    spades, then calls A♠ (keys as a player types them)."""
    await until_human_turn(pilot)
    t = pilot.app.table
    if phase == "auction":
        return
    await pilot.press("3")
    await until_human_turn(pilot)
    assert t.view.phase.name.lower() == "trump"
    await pilot.press("4")
    await until_human_turn(pilot)
    assert t.view.phase.name.lower() == "call"
    if phase == "call":
        return
    await pilot.press("a", "s", "enter")
    await until_human_turn(pilot)
    assert t.view.phase.name.lower() == "play"


def assert_noms_fits(t) -> None:
    assert_table_fits(t)
    hand = t.query_one(NomsHand)
    assert_on_screen(hand, "the hand")
    n, w = len(hand.cards), hand.content_region.width
    assert n == 13
    if hand.compact:  # one line per row of cards: all rows inside the widget
        cols = max(1, (w - 1) // NomsHand.COMPACT_CELL)
        assert -(-n // cols) <= hand.content_region.height
    else:  # the fan: the last card's right edge inside the widget
        assert hand.content_region.height >= 6 and 1 + (n - 1) * hand.step() + 7 <= w
    centre = t.query_one(TrickTable)
    assert_on_screen(centre, "the trick table")
    drawn = centre.render().plain
    for b in centre.blocks:  # every seat around the trick is drawn (its name, maybe cut short)
        assert b["name"][:3] in drawn, f"{b['name']} is missing from the trick table"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("phase", ["auction", "call", "play"])
async def test_noms_table_fits(size, phase):
    app = TableApp("noms", ["human", "ai:easy", "ai:easy", "ai:easy"], seed=1)
    async with app.run_test(size=size) as pilot:
        await _noms_to(pilot, phase)
        t = app.table
        assert_noms_fits(t)
        if phase == "auction":
            assert_on_screen(t.query_one("#bidbar"), "the call bar")
            for b in t.query("#bidbar Button"):
                assert_on_screen(b, f"button {b.label}")
            assert_on_screen(t.query_one("#contract"), "the contract")
        if phase == "call":
            assert_on_screen(t.query_one("#call-input"), "the called-card input")
            assert_on_screen(t.query_one("#call-grid"), "the 52-card grid")


# -- the side column ----------------------------------------------------------------------

async def test_side_column_folds_below_100_columns_and_i_shows_it():
    app = TableApp("nags", ["human", "ai:random", "ai:random"], seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_human_turn(pilot)
        t = app.table
        right = t.query_one("#table-right")
        assert t.has_class("-narrow") and not right.display
        assert t.check_action("side_panel", ()) is True
        assert any(k.key == "i" for k in t.query("FooterKey")), "the footer offers i"
        await pilot.press("i")
        assert right.display
        assert_on_screen(t.query_one("#scoreboard"), "the scores")
        assert_on_screen(t.query_one("#log"), "the game log")
        await pilot.press("i")
        assert not right.display
        await pilot.resize_terminal(120, 36)
        await pilot.pause()
        await pilot.pause()
        assert t.has_class("-wide") and right.display
        assert t.check_action("side_panel", ()) is False  # always shown: no key
        assert 34 <= right.region.width <= 58
        assert_on_screen(t.query_one("#log"), "the game log")


async def test_lines_logged_while_the_side_panel_is_folded_wrap_to_its_width_when_i_opens_it():
    """Seen at 80x24: i, Esc, a hint, i again: the hint read in 20-column scraps ("the next
    player" / "likely holds no 3 or") in a 43-column log (written while hidden, at min_width)."""
    from tui.widgets.gamelog import GameLog
    app = TableApp("nags", ["human", "ai:random", "ai:random"], seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_human_turn(pilot)
        t = app.table
        log = t.query_one(GameLog)
        for _ in range(2):
            await pilot.press("i")
            await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()
        line = ("Hint: play 3♦ 3♥ — the next player likely holds no 3 or 4 (46%) and must turn a card; "
                "4♣ 4♠ scored higher in trial games")
        log.add_line(line)
        await pilot.press("i")

        def shown_rows() -> list[str]:
            rows = [s.text.rstrip() for s in log.lines]
            start = next(i for i, r in enumerate(rows) if r.startswith("Hint: play 3♦"))
            return rows[start:]

        for _ in range(20):  # the layout after display may take a few refreshes under load
            await pilot.pause()
            if len(shown_rows()) <= 4:
                break
        width = log.scrollable_content_region.width
        assert width > 30
        shown = shown_rows()
        assert " ".join(shown) == line and len(shown) <= -(-len(line) // (width - 12))


async def test_a_resize_refits_the_table():
    """The same match grows from 80x24 to 160x50 and back: big cards come and go."""
    app = TableApp("nags", ["human", "ai:random", "ai:random"], seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_human_turn(pilot)
        hand = app.table.query_one(HandView)
        assert hand.compact
        await pilot.resize_terminal(160, 50)
        await pilot.pause()
        await pilot.pause()
        assert not hand.compact and hand.region.height == 6
        assert not app.table.query_one("#runner-0", RunnerBox).query_one(CardWidget).compact
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert hand.compact
        assert_table_fits(app.table)


# -- the generic hand: any number of cards ----------------------------------------------------

class HandApp(App):
    def __init__(self, cards: list[Card]) -> None:
        super().__init__()
        self.cards = cards

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return dict(THEME_DEFAULTS)

    def compose(self):
        yield HandView(id="hand")

    def on_mount(self) -> None:
        self.query_one(HandView).set_cards(self.cards)


def _pack(n: int) -> list[Card]:
    return [Card.get(2 + i % 13, Suit(i // 13 % 4)) for i in range(n)]


@pytest.mark.parametrize("count, size, compact, rows", [
    (9, (80, 24), False, 1),     # 9 big cards fit 80 columns
    (10, (80, 24), True, 1),     # 10 do not: one line of compact cards
    (40, (80, 24), True, 3),     # a Nickels-size hand wraps onto 3 rows
    (40, (160, 50), True, 2),
    (13, (120, 50), False, 1),
    (18, (80, 50), False, 2),    # a tall terminal: two rows of big cards
])
async def test_hand_fits_any_number_of_cards(count, size, compact, rows):
    app = HandApp(_pack(count))
    async with app.run_test(size=size) as pilot:
        hand = app.query_one(HandView)
        hand.max_big_rows = 2 if size[1] >= 40 else 1
        hand.fit()
        await pilot.pause()
        await pilot.pause()
        assert hand.compact is compact
        assert hand.region.height == rows * (1 if compact else 6)
        for w in hand._slots:
            assert_on_screen(w, "a hand card")
            assert w.compact is compact
        assert hand.layout_for(size[0], count)[0] is compact


@pytest.mark.parametrize("big_rows", [0, 1])
async def test_an_empty_hand_says_no_cards_in_full(big_rows):
    """Seen at 80x24 after going out: the hand read "(no": the empty hand kept one card's column."""
    app = HandApp([])
    async with app.run_test(size=(80, 24)) as pilot:
        hand = app.query_one(HandView)
        hand.max_big_rows = big_rows
        hand.fit()
        await pilot.pause()
        await pilot.pause()
        empty = hand.query_one("#hand-empty")
        assert empty.region.width >= len("(no cards)") and empty.region.height >= 1
        assert "(no cards)" in "".join(s.text for s in empty.render_lines(empty.region.reset_offset)[0])


async def test_compact_card_shows_its_one_line_face():
    app = HandApp(_pack(30))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        w = app.query_one(HandView)._slots[8]
        assert w.compact and w.render().plain == "10♣" and w.region.height == 1


async def test_horse_market_is_compact_on_a_narrow_table():
    class MarketApp(App):
        def compose(self):
            yield HorseMarket()

    app = MarketApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        market = app.query_one(HorseMarket)
        assert market.compact
        for w in market.query(".horse"):
            assert_on_screen(w, "a horse value")
    async with MarketApp().run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        assert not pilot.app.query_one(HorseMarket).compact


# -- the other screens ----------------------------------------------------------------------

def _app(tmp_path, **kw) -> CardtableApp:
    return CardtableApp(dataclasses.replace(default_table(), log_dir=str(tmp_path)), **kw)


@pytest.mark.parametrize("size", SIZES)
async def test_setup_screen_fits(size, tmp_path):
    app = _app(tmp_path)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: isinstance(app.screen, SetupScreen) and app.screen.query("#start")
                    and app.screen.query("FooterKey"))
        assert_footer_fits(app.screen)
        start = app.screen.query_one("#start")
        app.screen.scroll_to_widget(start, animate=False)
        await pilot.pause()
        assert_on_screen(start, "the Start button")


@pytest.mark.parametrize("size", SIZES)
async def test_rules_screen_fits(size, tmp_path):
    app = _app(tmp_path)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.press("question_mark")  # How to play first, the numbered rules one key further
        await until(pilot, lambda: isinstance(app.screen, HowToScreen) and app.screen.query("FooterKey"))
        assert_footer_fits(app.screen)
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, RulesScreen) and app.screen.query("FooterKey"))
        assert_footer_fits(app.screen)
        assert_on_screen(app.screen.query_one("#rules-viewer"), "the rules")


@pytest.mark.parametrize("size", SIZES)
async def test_replay_screen_fits(size, tmp_path):
    app = _app(tmp_path, start="replay", replay_path=OLD_LOGS / "spite_malice-b54612d.jsonl")
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.press("right", "right")
        await until(pilot, lambda: app.screen.query("FooterKey"))
        assert_footer_fits(app.screen)
        for wid in ("#status", "#table-left"):  # the game's own table, read-only (issue 24)
            assert_on_screen(app.screen.query_one(wid), wid)


def _finished(game: str, seats: int) -> Session:
    s = Session(game, {}, ["human"] + ["ai:random"] * (seats - 1), seed=5, write_log=False)
    s.advance()
    while not s.is_over:
        s.act(s.hint(s.to_move) if s.is_human(s.to_move) else s.bot_choose())
        s.advance()
    return s


@pytest.mark.parametrize("size", SIZES)
async def test_summary_screen_fits(size, tmp_path):
    app = _app(tmp_path)
    session = _finished("nags", 3)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: isinstance(app.screen, SetupScreen))
        app.push_screen(SummaryScreen(session, [[11.0, 0.0, 4.0]]))
        await until(pilot, lambda: isinstance(app.screen, SummaryScreen) and app.screen.query("FooterKey"))
        screen = app.screen
        assert_footer_fits(screen)
        for wid in ("#summary-box", "#summary-table", "#setup", "#again", "#quit"):
            assert_on_screen(screen.query_one(wid), wid)


async def test_summary_enter_goes_back_to_setup_and_r_starts_a_new_match(tmp_path, monkeypatch):
    """Issue 24: Enter on the match summary does what its footer and first button say (back to
    setup, the game menu), never a new match (it pressed the focused "Play again"); ``r`` is the
    new match's own key."""
    app = _app(tmp_path)
    again: list = []
    monkeypatch.setattr(app, "new_match_like", again.append)
    session = _finished("nags", 3)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, SetupScreen))
        app.push_screen(SummaryScreen(session, [[11.0, 0.0, 4.0]]))
        await until(pilot, lambda: isinstance(app.screen, SummaryScreen) and app.screen.query("FooterKey"))
        footer = {k.description for k in app.screen.query_one(WrappingFooter).query("FooterKey")}
        assert "Back to setup" in footer and "Play again" in footer
        await pilot.press("r")
        assert again == [session]
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, SetupScreen))
        assert again == [session]


# -- below 80x24 ---------------------------------------------------------------------------------

async def test_too_small_terminal_gets_a_clear_screen_that_goes_away(tmp_path):
    app = _app(tmp_path)
    async with app.run_test(size=(70, 20)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        assert "Make the terminal at least 80x24 (now 70x20)." in app.screen.message_text
        await pilot.resize_terminal(79, 30)
        await until(pilot, lambda: "(now 79x30)" in app.screen.message_text)
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: isinstance(app.screen, SetupScreen) and app.screen.query("FooterKey"))
        assert_footer_fits(app.screen)
        await pilot.resize_terminal(100, 23)  # too short now
        await until(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        await pilot.resize_terminal(100, 30)
        await until(pilot, lambda: isinstance(app.screen, SetupScreen))


async def test_a_table_started_on_a_small_terminal_is_covered_until_it_grows(tmp_path):
    app = _app(tmp_path)
    async with app.run_test(size=(60, 20)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        table = dataclasses.replace(app.table, game="nags",
                                    seats=[SeatSpec.parse(s) for s in ("human", "ai:random", "ai:random")])
        assert app.start_table(table), [n.message for n in app._notifications]
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)  # the new table is covered too
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: getattr(app.screen, "session", None) is not None and app.screen.query("FooterKey"))
        assert_footer_fits(app.screen)


def test_too_small_text():
    assert too_small_text(70, 20) == "Make the terminal at least 80x24 (now 70x20)."


def grow_hand(session, seat: int, size: int) -> None:
    """Give ``seat`` cards from the stock until its hand holds ``size`` (a long round's hand
    after a big pile; the cards stay conserved)."""
    state = session.state
    while len(state.hands[seat]) < size:
        state.hands[seat].append(state.stock.pop())
    state.hands[seat].sort(key=lambda c: c.order)


def many_melds(session, count: int) -> None:
    """Lay ``count`` more Nates on the table, alternately for each team (a long round's
    table; only the screen is under test here)."""
    from engine.games.nogginate.cards import NOGGINATE
    from engine.games.nogginate.melds import NATE, TableMeld

    state = session.state
    for i in range(count):
        rank = i % 11
        cards = tuple(NOGGINATE.parse_cards(f"{rank}C {rank}D {rank}H {rank}S JK"))
        state.melds.append(TableMeld(state.next_id, i % 2, NATE, cards, False))
        state.next_id += 1


@pytest.mark.parametrize("size", SIZES)
async def test_nogginate_table_fits_a_40_card_hand(size):
    """A 42-card hand and 20 more melds: every hand card, the piles' line and the melds panel
    (which scrolls inside itself) stay on screen."""
    from tui.widgets.melds import MeldsPanel

    app = TableApp("nogginate", ["human", "ai:random", "ai:random", "ai:random"], seed=3)
    async with app.run_test(size=size) as pilot:
        await until_human_turn(pilot)
        t = app.table
        grow_hand(app.session, 0, 42)
        many_melds(app.session, 20)
        t.redraw()
        await until(pilot, lambda: len(t.query_one(HandView)._slots) == 42)
        assert_table_fits(t)
        hand = t.query_one(HandView)
        assert len(hand._slots) == len(t.view.hand) == 42
        for i, w in enumerate(hand._slots):
            assert_on_screen(w, f"hand card {i}")
        assert_on_screen(t.query_one("#ng-info"), "the round, the stock and the discard pile")
        assert_on_screen(t.query_one(MeldsPanel), "the teams and their melds")
