"""Issue 24, "The table" of Nickels and Nogginate: the piles drawn as cards (the claimable top
card, a frozen pile), the melds as small overlapping cards (a joker showing what it stands for),
what just changed, the legends, columns in cells (a CJK seat name), and a busy table at 80x24,
120x36 and 200x60 on which nothing overlaps and every card the view holds is seen."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from rich.text import Text
from textual.app import App, ComposeResult

from engine.cards import parse_cards
from engine.core import Event
from tui.games.nickels.ui import CHANGE_KINDS as NK_CHANGES
from tui.games.nogginate.ui import CHANGE_KINDS as NG_CHANGES
from tui.games.nogginate.ui import LEGEND as NG_LEGEND
from tui.screens.howto import howto_markdown
from tui.widgets.cards import card_fan, card_label, card_rows
from tui.widgets.changes import Changes
from tui.widgets.melds import MeldChip, MeldLine, MeldRow, MeldsPanel, crop_lines
from tui.widgets.piles import Pile, PileStrip

from rummy_support import BUSY, SEATS
from tui_support import TableApp, until_human_turn

SIZES = [(80, 24), (120, 36), (200, 60)]
NAMES = ["Ann", "Bix", "明美", "Dee"]


# -- the shared drawing ---------------------------------------------------------------------

def test_a_meld_fans_its_cards_and_writes_under_a_joker_what_it_stands_for():
    rows = [r.plain for r in card_fan(parse_cards("5H JK 7H 8H"), None, under=["", "6♥", "", ""], marked={3})]
    assert rows == ["╭──╭──╭──┏━━━┓", "│5♥│JK│7♥┃8♥ ┃", "╰──╰6♥╰──┗━━━┛"]
    ten = card_fan(parse_cards("10S JS"), None)
    assert {r.cell_len for r in ten} == {9}  # 10♠ is three cells: every row as wide (╭───╭───╮)


def test_crop_lines_counts_cells_not_characters():
    cap = crop_lines(Text("▶明美明美明美明美明美\n 6 cards"), 12)
    assert [cell_len(line) <= 12 for line in cap.plain.split("\n")] == [True, True]
    assert cap.plain.split("\n")[1] == " 6 cards"


def test_what_changed_since_your_last_move_from_the_events():
    ch = Changes(NK_CHANGES)
    claim = Event("claim", "{seat} {seat:claims|claim} 4♣ (May I?)", 1, {"card": "4C", "cards": ["4C"]})
    meld = Event("meld", "{seat} {seat:lays|lay} m3: 4♣ 4♦ 4♠", 1, {"meld": 3, "cards": ["4C", "4D", "4S"]})
    ch.add([claim], NAMES, viewer=0)
    ch.add([meld], NAMES, viewer=0)
    assert ch.pile and ch.lines == ["Bix claims 4♣ with a face-down penalty card (May I?)", "Bix lays m3: 4♣ 4♦ 4♠"]
    assert ch.marked(3, ["4C", "4D", "4S"]) == (True, ())
    layoff = Event("layoff", "{seat} {seat:lays|lay} off 4♥ on m3", 2, {"meld": 3, "card": "4H", "cards": ["4H"]})
    ch.add([layoff], NAMES, viewer=0)
    assert ch.marked(3, ["4C", "4D", "4H", "4S"]) == (True, ())  # still new as a whole
    mine = Event("layoff", "{seat} {seat:lays|lay} off 4♥ on m5", 0, {"meld": 5, "card": "4H", "cards": ["4H"]})
    ch.add([mine], NAMES, viewer=0)  # your move: what the others did is no longer marked
    assert ch.marked(3, ["4C"]) == (False, ()) and ch.marked(5, ["4C", "4H"]) == (False, (1,))
    assert ch.marked(5, ["4H", "4C", "4H"]) == (False, (2,))  # one 4♥ came: one marked, not its twin
    assert not ch.pile and ch.lines == ["Ann lays off 4♥ on m5"]
    secret = Event("show_private", "{seat} {seat:shows|show} the partner 7♥", 1, {"cards": ["7H"]},
                   visible_to=frozenset({1, 3}))
    ng = Changes(NG_CHANGES)
    ng.add([secret], NAMES, viewer=0)
    assert ng.lines == []  # never a secret of another team
    steal = Event("steal", "{seat} {seat:plays|play} Steal: 5♠ from m2 onto m7", 1,
                  {"meld": 7, "from": 2, "cards": ["STL", "5S"]})
    ng.add([steal], NAMES, viewer=0)
    assert ng.marked(7, ["4S", "5S", "6S"]) == (False, (1,)) and ng.marked(2, ["2S", "3S"]) == (True, ())
    assert ng.lines == ["Bix plays Steal: 5♠ from m2 onto m7"]


def test_a_new_deal_forgets_the_move_that_ended_the_last_round():
    """Seen in the 2026-11-27 play-through: the 7 hand began with "You discard the last card and go
    out (NK-18)" as what just changed (the going out, the round's end and the next deal come in one
    batch); after a deal only what followed it is news."""
    ch = Changes(NK_CHANGES)
    out = Event("discard", "{seat} {seat:discards|discard} 4♦", 0, {"card": "4D"})
    gone = Event("out", "{seat} {seat:discards|discard} the last card and {seat:goes|go} out (NK-18)", 0, {})
    over = Event("hand_over", "The 6 hand is over", None, {})
    deal = Event("deal", "{seat} {seat:deals|deal} the 7 hand", 0, {})
    ch.add([out, gone, over, deal], NAMES, viewer=1)
    assert ch.lines == [] and not ch.melds
    take = Event("take", "{seat} {seat:takes|take} Q♣ free (NK-13b)", 1, {"card": "QC"})
    ch.add([deal, take], NAMES, viewer=0)
    assert ch.lines == ["Bix takes Q♣ free (NK-13b)"]


class StripApp(App[None]):
    def __init__(self, piles: list[Pile], lines: list[str], big: bool) -> None:
        super().__init__()
        self.piles, self.lines, self.big = piles, lines, big

    def compose(self) -> ComposeResult:
        strip = PileStrip()
        strip.big = self.big
        yield strip

    def on_mount(self) -> None:
        self.query_one(PileStrip).show(self.piles, self.lines)


@pytest.mark.parametrize("big", [True, False])
async def test_the_piles_as_cards_big_or_in_one_line(big):
    pile = tuple(parse_cards("3S 8D KH QC 4D 7C"))
    piles = [Pile("Draw pile", 83), Pile("Discard pile", 6, pile, "claim", "may be claimed (c)", short="Discard")]
    app = StripApp(piles, ["6 hand: 2 books", "Bix discards 7♣"], big)
    async with app.run_test(size=(100, 12)) as pilot:
        await pilot.pause()
        strip = app.query_one(PileStrip)
        rows = [r.plain for r in strip.rows(96)]
        text = "\n".join(rows)
        if big:
            assert len(rows) == 7 and "83" in rows[2]  # the stock's back and count
            assert "┃7    ┃" in text and "│4  " in text  # the top card whole (heavy: it may be claimed), 4♦ fanned
            assert "may be claimed (c)" in rows[6] and "Bix discards 7♣" in rows[1]  # the text beside the piles
        else:
            assert rows[0].startswith("Draw pile 83 ░░ · Discard 6: ")
            assert rows[0].endswith("7♣ may be claimed (c) · 6 hand: 2 books")  # the first line fits beside
            assert rows[1] == "Bix discards 7♣"
        assert all(cell_len(r) <= 96 for r in rows)


async def test_a_short_strip_shows_the_newest_changes_that_fit_and_counts_the_rest():
    """Issue 24: at 80x24 the line under the piles showed only the latest change; now it shows the
    other players' moves since yours, oldest first, as many as fit, and counts those that do not
    (the table's ``l`` shows them all)."""
    piles = [Pile("Draw pile", 83), Pile("Discard pile", 2, tuple(parse_cards("3S 7C")), short="Discard")]
    moves = ["Bix passes on 3♠", "Bix discards 7♣", "Cy claims 7♣ with a penalty card", "Cy discards 9♦",
             "Dee lays off 4♥ on m5", "Dee discards K♠"]
    app = StripApp(piles, ["6 hand: 2 books"] + moves, False)
    async with app.run_test(size=(80, 12)) as pilot:
        await pilot.pause()
        strip = app.query_one(PileStrip)
        strip.more_key = "l"
        rows = [r.plain for r in strip.rows(78)]
        assert len(rows) == 2 and rows[0].endswith(" · 6 hand: 2 books")
        assert rows[1].startswith("+3 earlier (l) · ") and rows[1].endswith(" · ".join(moves[-3:]))
        assert [r.plain for r in strip.rows(200)][1] == " · ".join(moves)  # all fit: no count
        assert all(cell_len(r) <= 78 for r in rows)


# -- the legends -------------------------------------------------------------------------------

def test_every_mark_is_on_the_howto_screen():
    text, _ = howto_markdown("nogginate")
    for mark in ("(2x)", "FZ", "BN", "JK", "open / closed", "clean / dirty", "frozen", "hands-off"):
        assert f"**{mark}**" in text
    for code in ("STL", "CMB", "RMV", "JKN", "HOF", "RES", "RCF", "SHW", "TEL"):
        assert f"**{code}**" in text
    assert "Steal: a card from an opponent's open meld onto yours" in text
    nk, _ = howto_markdown("nickels")
    assert "**JK**" in nk and "**down / not down**" in nk
    assert len({code for code, _ in NG_LEGEND}) == len(NG_LEGEND)


# -- a busy table at every size ----------------------------------------------------------------

def busy_app(game: str) -> TableApp:
    """The table of ``game`` for ``tests/rummy_support.py``'s busy position (seed 3)."""
    return TableApp(game, SEATS, seed=3, rules=BUSY[game][0])


async def busy_table(pilot, pauses: int = 1):
    """On your first turn, the busy position built and drawn; returns the table screen."""
    await until_human_turn(pilot)
    app = pilot.app
    BUSY[app.session.game.id][1](app)
    app.table.redraw()
    for _ in range(pauses):
        await pilot.pause()
    return app.table


def _no_overlap(widgets) -> None:
    shown = [(w, w.screen.find_widget(w).region) for w in widgets if w.display and w.region.area]
    for i, (a, ra) in enumerate(shown):
        for b, rb in shown[i + 1:]:
            assert not ra.overlaps(rb), f"{a} {ra} overlaps {b} {rb}"


@pytest.mark.parametrize("game", ["nickels", "nogginate"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_a_busy_table_shows_every_card_and_nothing_overlaps(game, size):
    app = busy_app(game)
    async with app.run_test(size=size) as pilot:
        t = await busy_table(pilot, pauses=4)
        view = t.view
        prefix = "nk" if game == "nickels" else "ng"
        board = [t.query_one(f"#{prefix}-info"), t.query_one(MeldsPanel), t.query_one(f"#{prefix}-decision"),
                 t.query_one(f"#{prefix}-hand-panel")]
        _no_overlap(board)
        # the legend is reachable by keyboard, and the table says so (issue 24: tooltips need a mouse)
        assert t.query_one(MeldsPanel).border_subtitle == "?: what the marks mean"
        left = t.query_one("#table-left").region
        for w in board:
            assert left.contains_region(w.region), f"{w} leaves the table: {w.region} of {left}"
        # the piles: the discard pile's top card and the stock's count
        strip = t.query_one(PileStrip)
        drawn = strip.render().plain
        top = view.discards[-1]
        assert strip.piles[1].cards == tuple(view.discards)
        assert (card_label(top, t.ascii) in drawn if not strip.is_big()
                else all(part in drawn for part in card_rows(top, t.ascii)))
        stock = view.pool_count if game == "nickels" else view.stock_count
        assert str(stock) in drawn
        if game == "nogginate":
            assert "frozen" in drawn and strip.piles[1].mark == "frozen"
        # every hand card on screen
        for i, w in enumerate(t.hand._slots):
            assert t.hand.region.contains_region(w.region), f"hand card {i} is cut"
        assert [w.card for w in t.hand._slots] == t.hand.grouped(view.hand)
        # every meld whole, beside (never under) its caption; every card of it drawn
        panel = t.query_one(MeldsPanel)
        for m in view.melds:
            chip = panel.chip(m.id)
            assert chip is not None
            cards = m.meld.cards if game == "nickels" else m.cards
            shown = chip.render().plain
            for c in cards:
                assert card_label(c, t.ascii) in shown
            panel.scroll_to_widget(chip, animate=False)
            await pilot.pause()
            assert panel.region.contains_region(chip.region), f"m{m.id} cannot be brought into sight"
        for row in t.query(MeldRow):
            owner = row.query_one(".meld-owner")
            width = owner.region.width
            assert all(cell_len(line) <= width for line in owner.render().plain.split("\n")), "a caption is cut"
            for chip in row.query(MeldChip):
                assert chip.region.x >= owner.region.right, f"m{chip.meld_id} runs into the caption"
        # the room is used: big piles and melds as small cards unless the screen is short
        tall = size[1] >= 30
        assert strip.is_big() == tall and panel.query(MeldChip).first().styles.height.value == (4 if tall else 1)
        if size == (200, 60):
            assert not t.hand.compact  # two rows of big cards
            # issue 24: the melds panel is as tall as its melds (it was half empty early in a round),
            # the hand at the foot of the table, the felt between them
            assert board[3].region.bottom == left.bottom


async def test_a_grown_meld_is_drawn_whole_in_the_redraw_that_changes_the_hand():
    """Seen before: ``m1 ▸ 10`` for ``10♦10♥JK`` and a Q♦ missing for seconds after a layoff. The
    chip's text, its width and its row's columns change in the very redraw (no pause between)."""
    from engine.games.nickels.melds import make_book
    from tui.widgets.wraprow import WrapRow
    app = busy_app("nickels")
    async with app.run_test(size=(120, 36)) as pilot:
        t = await busy_table(pilot)
        st = app.session.state
        i, tm = next((i, tm) for i, tm in enumerate(st.melds) if len(tm.meld.cards) == 4 and not tm.meld.is_run)
        grown = make_book(tm.meld.cards + tuple(parse_cards("10D")))
        st.melds[i] = type(tm)(tm.id, tm.owner, grown)
        t.redraw()  # and nothing else: no pause, no refresh between
        chip = t.query_one(MeldsPanel).chip(tm.id)
        assert chip.plain.count("10♦") == 2 and str(chip.render()).count("10♦") == 2
        width = max(cell_len(r) for r in str(chip.render()).split("\n")) + 1
        assert chip.styles.width.value == width
        wrap = chip.parent
        assert isinstance(wrap, WrapRow) and str(width) in wrap._spec.split()


async def test_the_marks_are_explained_where_they_appear():
    app = busy_app("nogginate")
    async with app.run_test(size=(120, 36)) as pilot:
        t = await busy_table(pilot)
        panel = t.query_one(MeldsPanel)
        dirty = next(m for m in t.view.melds if m.jokers and not m.closed and m.kind == "nate")
        tip = str(panel.chip(dirty.id).tooltip)
        assert "clean / dirty" in tip and "open / closed" in tip and f"standing for a {dirty.rank}" in tip
        guarded = next(m for m in t.view.melds if m.guards)
        assert "no Steal may take from it" in str(panel.chip(guarded.id).tooltip)
        assert "(2x)" in str(t.query_one(".meld-owner").tooltip)
        tips = {w.card.text: str(w.tooltip) for w in t.hand._slots if w.card is not None and not w.card.is_natural}
        assert tips["STL"].startswith("STL: Steal:") and tips["FZ"].startswith("FZ: a Freeze card")
        assert "BN" in tips and "JK" in tips
        assert "NG-35" in str(t.query_one(PileStrip).tooltip)


async def test_a_lesson_on_a_short_screen_takes_the_prompts_rows(tmp_path):
    """Issue 24: at 80x24 the lesson's own line took 3-5 rows and squeezed Nogginate's teams panel;
    there the status line shows the lesson's step in place of the prompt (which the step says
    again), and from 30 rows up the lesson has its line again."""
    from engine.config import TableConfig
    from engine.lesson import LessonSession, load_lesson
    from tui.app import CardtableApp
    from tui.screens.base_table import BaseTableScreen
    from tui.widgets.status import StatusLine

    session = LessonSession(load_lesson("nogginate"))
    app = CardtableApp(TableConfig(game="nogginate", log_dir=tmp_path / "logs", pace=0.0), start="table",
                       session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(400):
            if isinstance(app.screen, BaseTableScreen) and app.screen.human_turn():
                break
            await pilot.pause(0.02)
        table = app.screen
        assert isinstance(table, BaseTableScreen) and table.human_turn()
        status, lesson = table.query_one(StatusLine), table.query_one("#lesson")
        await pilot.pause()
        assert not lesson.region.height and status.shown.plain.split("\n", 1)[1].startswith("Lesson 1/")
        assert status.prompt_text and status.prompt_text not in status.shown.plain
        await pilot.resize_terminal(120, 36)
        for _ in range(5):
            await pilot.pause()
        assert lesson.region.height and status.prompt_text in status.shown.plain and not status.instead


async def test_early_in_a_round_at_200x60_the_melds_panel_is_as_tall_as_its_melds():
    """Issue 24: at 200x60 the melds panel took every spare row, half empty early in a round; it
    is as tall as its rows now, the hand stands at the foot of the table and the felt between
    (Nogginate's table has the same CSS; the busy-table test checks its hand at the foot)."""
    game = "nickels"
    app = busy_app(game)
    async with app.run_test(size=(200, 60)) as pilot:
        await until_human_turn(pilot)
        t = app.table
        panel = t.query_one(MeldsPanel)
        await pilot.pause()
        last = max(row.region.bottom for row in panel.query(MeldRow))
        assert panel.content_region.bottom - last <= 1, (panel.content_region, last)  # a row's margin at most
        prefix = "nk" if game == "nickels" else "ng"
        assert t.query_one(f"#{prefix}-hand-panel").region.bottom == t.query_one("#table-left").region.bottom


class PanelApp(App[None]):
    def compose(self) -> ComposeResult:
        yield MeldsPanel()


async def test_a_meld_id_that_leaves_and_comes_back_in_one_frame_draws_again():
    """A replay jump (or a new round) takes meld m4 off the panel and brings an m4 back before the
    old chip's removal has run: it was drawn with the DOM id ``meld-4`` twice (DuplicateIds,
    found by the replay's hidden-card test). Rows likewise."""
    m4 = MeldLine(4, Text("4♠5♠6♠"), tuple(parse_cards("4S 5S 6S")))
    m5 = MeldLine(5, Text("7♥7♦7♣"), tuple(parse_cards("7H 7D 7C")))
    app = PanelApp()
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.query_one(MeldsPanel)
        panel.show([(Text("Ann"), [m4]), (Text("Bo"), [m5])])
        await pilot.pause()
        panel.show([(Text("Ann"), [])])  # m4 and Bo's row leave
        panel.show([(Text("Ann"), [m4]), (Text("Bo"), [m5])])  # and come back in the same frame
        await pilot.pause()
        chip = panel.chip(4)
        assert chip is not None and "4♠" in chip.render().plain
        assert panel.row(1) is not None
