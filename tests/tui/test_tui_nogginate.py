"""The Nogginate table (issue 13): a whole scripted turn (draw, a meld of four cards laid
as the three-card start and an ``add``, NG-26a, a discard), a pile take (the only way, or
which two naturals), refusals that name the rule, the partner's question in hot seat
(one hand-off each way, the decision bar), the palette and the special faces, the replay
renderer's seat view."""

from __future__ import annotations

import asyncio
import time


from engine.cards import Suit
from engine.games.nogginate.cards import NOGGINATE
from engine.games.nogginate.game import Phase
from engine.games.nogginate.melds import NATE, NOGGI, TableMeld
from engine.session import Session
from tui.games import TABLES
from tui.games.nogginate.table import NogginateTableScreen
from tui.widgets.melds import MeldsPanel
from tui.games.nogginate.ui import meld_plain, prompt
from tui.screens.handoff import HandoffScreen
from tui.widgets.cards import THEME_DEFAULTS, card_color
from tui.widgets.decision import DecisionBar

from tui_support import TableApp, position_log, press, replay_board, until_human_turn, wait_for

cards = NOGGINATE.parse_cards


def set_hand(session: Session, seat: int, text: str) -> None:
    """Put ``text``'s cards in ``seat``'s hand (the old hand goes back to the stock)."""
    st = session.state
    st.stock.extend(st.hands[seat])
    new = cards(text)
    for c in new:
        if c in st.stock:  # a card held elsewhere is simply copied (the screen is under test, not the deck)
            st.stock.remove(c)
    st.hands[seat] = sorted(new, key=lambda c: c.order)


def set_top(session: Session, text: str) -> None:
    """Put a card from the stock on top of the discard pile."""
    st = session.state
    c = NOGGINATE.parse(text)
    if c in st.stock:
        st.stock.remove(c)
    st.discards.append(c)


def go_down(session: Session, team: int) -> None:
    session.state.down[team] = True


def add_closed(session: Session, kind: str, text: str) -> None:
    """Lay a closed meld of ``kind`` (NOGGI, NATE) for seat 0's team."""
    st = session.state
    st.melds.append(TableMeld(st.next_id, 0, kind, tuple(cards(text)), True))
    st.next_id += 1


def seat_0_melding(players: int, *closed: tuple[str, str]) -> Session:
    """A ``players``-seat round with seat 0 in its meld phase, its team down, with ``closed`` melds
    (kind, cards) on the table."""
    s = Session("nogginate", None, ["ai:random"] * players, seed=3, write_log=False)
    s.advance()
    st = s.state
    st.turn_seat, st.phase, st.need = 0, Phase.MELD, 0
    go_down(s, 0)
    for kind, text in closed:
        add_closed(s, kind, text)
    return s


async def fresh(app: TableApp, pilot) -> NogginateTableScreen:
    await until_human_turn(pilot)
    t = app.table
    assert isinstance(t, NogginateTableScreen)
    return t


async def redraw(t, pilot) -> None:
    t.redraw()
    await pilot.pause()


def test_registered():
    assert TABLES["nogginate"].screen == "tui.games.nogginate.table:NogginateTableScreen"


async def test_a_whole_turn_draw_meld_of_four_discard():
    app = TableApp("nogginate", ["human", "ai:random", "ai:random", "ai:random"], seed=3)
    async with app.run_test(size=(120, 36)) as pilot:
        t = await fresh(app, pilot)
        s = app.session
        assert t.view.phase == Phase.ACQUIRE
        set_hand(s, 0, "4S 5S 6S 7S 9H 9D 2C 3C 10D")
        go_down(s, 0)
        await redraw(t, pilot)
        assert t.prompt(t.view).startswith("Draw two cards (d)")
        await press(pilot, "d")
        await wait_for(pilot, lambda: t.human_turn() and t.view.phase == Phase.MELD)
        assert len(t.view.hand) == 11
        await press(pilot, "end")
        assert t.hand.cursor == 10
        await press(pilot, "home")
        assert t.hand.cursor == 0
        mid = t.view.next_id
        t.hand.select_cards(cards("4S 5S 6S 7S"))
        await press(pilot, "n")
        moves = [m for actor, m in s.history if actor == 0]
        assert moves[-2:] == ["noggi 4S 5S 6S", f"add m{mid} 7S"]
        meld = next(m for m in s.state.melds if m.id == mid)
        assert meld.kind == NOGGI and len(meld.cards) == 4
        chip = t.query_one(MeldsPanel).chip(mid)
        assert "4♠5♠6♠7♠ open" in chip.plain
        # a refusal shows the engine's sentence with the rule
        t.hand.select_cards(cards("9H"))
        await press(pilot, str(mid))
        assert "NG-16" in t._status().message_text
        await press(pilot, "escape")
        t.hand.select_cards(cards("10D"))
        await press(pilot, "x")
        assert [m for actor, m in s.history if actor == 0][-1] == "discard 10D"
        assert s.state.turn_seat != 0 or s.is_over


async def test_the_pile_with_the_only_pair_or_the_selected_one():
    app = TableApp("nogginate", ["human", "ai:random", "ai:random", "ai:random"], seed=3)
    async with app.run_test(size=(120, 36)) as pilot:
        t = await fresh(app, pilot)
        s = app.session
        set_hand(s, 0, "7C 7D 7S 2H 3H 4H 9S 10S")
        set_top(s, "7H")
        go_down(s, 0)
        await redraw(t, pilot)
        assert "or take the pile with two natural 7s (p)" in t.prompt(t.view)
        assert t.check_action("pile", ()) is True and t.check_action("onto", ()) is False  # no Noggi for o
        await press(pilot, "p")  # three 7s: which two?
        assert "select the two naturals" in t._status().message_text
        assert s.state.phase != Phase.MELD
        t.hand.select_cards(cards("7C 7D"))
        await press(pilot, "p")
        assert [m for actor, m in s.history if actor == 0][-1] == "pile 7C 7D"
        assert s.state.phase == Phase.MELD
        assert any(m.kind == NATE and len(m.cards) == 3 for m in s.state.melds if m.team == 0)


async def test_a_frozen_pile_is_refused_with_the_rule():
    app = TableApp("nogginate", ["human", "ai:random", "ai:random", "ai:random"], seed=3)
    async with app.run_test(size=(100, 30)) as pilot:
        t = await fresh(app, pilot)
        s = app.session
        set_hand(s, 0, "7C 7D 2H 3H")
        set_top(s, "JK")
        await redraw(t, pilot)
        assert "frozen" in t.query_one("#ng-info").render().plain
        # issue 24: p and o are shown only when they can act; pressed anyway, they say why
        assert t.check_action("pile", ()) is False and t.check_action("onto", ()) is False
        assert t.check_action("draw", ()) is True
        await press(pilot, "p")
        message = t._status().message_text
        assert "NG-35" in message and message.startswith("p cannot take the pile now") and "(d)" in message
        await press(pilot, "o")
        assert "NG-37" in t._status().message_text
        assert s.state.phase != Phase.MELD


async def test_the_partner_question_in_hot_seat_one_hand_off_each_way():
    app = TableApp("nogginate", ["human:Ann", "ai:random:Bix", "human:Cy", "ai:random:Dee"], seed=5)
    async with app.run_test(size=(120, 36)) as pilot:
        deadline = time.monotonic() + 30
        while not (isinstance(app.screen, HandoffScreen) or app.table.human_turn()):
            assert time.monotonic() < deadline
            await asyncio.sleep(0.01)
        t = app.table
        s = app.session
        # play on (random moves for the people) until it is Ann's turn to acquire
        for _ in range(200):
            if isinstance(app.screen, HandoffScreen):
                await press(pilot, "enter")
                await wait_for(pilot, lambda: t.human_turn())
            if s.to_move == 0 and s.state.phase != Phase.MELD and t.human_turn():
                break
            await wait_for(pilot, lambda: t.human_turn() or isinstance(app.screen, HandoffScreen))
            if t.human_turn() and s.to_move != 0:
                t.human_act(s.view(s.to_move).legal_actions()[0])
        assert s.to_move == 0 and t.shown_seat == 0
        set_hand(s, 0, "2H 3H 4H 8S")
        go_down(s, 0)
        st = s.state
        st.melds.append(TableMeld(st.next_id, 0, NOGGI, tuple(cards("0C 1C 2C 3C 4C 5C 6C")), True))
        st.melds.append(TableMeld(st.next_id + 1, 0, NATE, tuple(cards("9C 9C 9D 9D 9H 9S 9S")), True))
        st.next_id += 2
        await redraw(t, pilot)
        await press(pilot, "d")
        await wait_for(pilot, lambda: t.human_turn() and t.view.phase == Phase.MELD)
        set_hand(s, 0, "2H 3H 4H 9C 8S")  # Ann can go out whatever she drew, so she may ask (NG-45k)
        await redraw(t, pilot)
        await press(pilot, "a")
        await wait_for(pilot, lambda: isinstance(app.screen, HandoffScreen))  # Cy takes the keyboard
        await press(pilot, "enter")
        await wait_for(pilot, lambda: t.human_turn() and t.shown_seat == 2)
        bar = t.query_one(DecisionBar)
        assert bar.question.startswith("Ann asks: \"Partner, may I go out?\"") and "y yes / n no" in bar.question
        await press(pilot, "y")
        await wait_for(pilot, lambda: isinstance(app.screen, HandoffScreen))  # back to Ann
        await press(pilot, "enter")
        await wait_for(pilot, lambda: t.human_turn() and t.shown_seat == 0)
        assert s.state.permission == 1
        assert "Your partner said yes" in t.prompt(t.view)
        assert [m for actor, m in s.history if actor == 2][-1] == "yes"


def test_prompt_names_the_pending_need():
    s = Session("nogginate", None, ["ai:random"] * 4, seed=3, write_log=False)
    s.advance()
    v = s.view(s.to_move)
    text = prompt(v, ["A", "B", "C", "D"])
    assert "Not down yet: your first melds need 50 points" in text or "take the pile" in text


def test_the_prompt_says_when_a_yes_no_longer_binds():
    """NG-45k: after "yes", the prompt orders a going out only while the player can still go out; a yes
    that can no longer be kept is said to bind no more."""
    s = seat_0_melding(4, (NOGGI, "0C 1C 2C 3C 4C 5C 6C"), (NATE, "9C 9C 9D 9D 9H 9S 9S"))
    st = s.state
    st.asked, st.permission = True, 1
    set_hand(s, 0, "8C 2D 4S")  # 8C and 2D join no meld: no way out this turn
    text = prompt(s.view(0), ["You", "B", "C", "D"])
    assert "the yes no longer binds (NG-45k)" in text and not text.startswith("Your partner said yes: go out")
    set_hand(s, 0, "9C 2D")  # 9C onto the 9s, 2D the going-out discard
    assert prompt(s.view(0), ["You", "B", "C", "D"]).startswith("Your partner said yes: go out this turn")


def test_the_last_card_prompt_offers_a_pass_only_when_a_pass_is_legal():
    """Play-test 2026-11-27 (2 players): with two closed melds and one card left the bar said "x to discard it and
    go out, s to pass and keep it", but a pass is only for a team short of its two closed melds (NG-44) and was
    not a legal move."""
    from engine.games.nogginate.game import PassTurn
    s = seat_0_melding(2, (NATE, "9C 9C 9D 9D 9H 9S 9S"))
    set_hand(s, 0, "7S")
    assert PassTurn() in s.view(0).legal_actions()  # one closed meld: keep the card (NG-44)
    assert "s to pass and keep it" in prompt(s.view(0), ["You", "B"])
    add_closed(s, NATE, "4C 4C 4D 4D 4H 4S 4S")
    assert PassTurn() not in s.view(0).legal_actions()
    text = prompt(s.view(0), ["You", "B"])
    assert text.startswith("One card left: x to discard it and go out") and "pass" not in text


def test_nogginate_palette_and_special_faces():
    from tui.games.nogginate.ui import special_style
    c, d, h, sp = cards("0C 0D 0H 0S")
    assert [card_color(None, x, "nogginate") for x in (c, d, h, sp)] == [
        THEME_DEFAULTS["nogginate-clubs"], THEME_DEFAULTS["nogginate-diamonds"], THEME_DEFAULTS["nogginate-hearts"],
        THEME_DEFAULTS["nogginate-spades"]]
    looks = {x.text: special_style(x) for x in cards("JK FZ BN")}
    assert len({str(st.bgcolor) for st in looks.values()}) == 3
    assert special_style(c) is None and c.suit is Suit.CLUBS


async def test_meld_marks_and_the_replay_seat_view(tmp_path):
    """The marks of a meld; a replay position drawn by the Nogginate table (issue 24) from Bix's view:
    the teams once each, the stock, Bix's own hand and no card of Ann's hand that Bix cannot see."""
    m = TableMeld(3, 0, NATE, tuple(cards("7C 7D JK")), False)
    assert meld_plain(m, ascii_only=True) == "7C7DJK Nate open dirty"
    s = Session("nogginate", None, ["ai:random:Ann", "ai:random:Bix", "ai:random:Cy", "ai:random:Dee"], seed=4,
                write_log=False)
    s.advance()
    for _ in range(60):
        s.act(s.bot_choose())
    text = await replay_board(position_log(s, tmp_path, 1), (120, 36))
    assert "Ann & Cy" in text and "Bix & Dee" in text and "Stock" in text and "Bix's view" in text
    hand_row = next(line for line in text.splitlines() if "hand (" in line)
    assert hand_row and str(len(s.state.hands[1])) in hand_row


async def test_setup_offers_2_to_6_seats_and_shows_the_partnerships(tmp_path):
    from textual.widgets import Select, Static

    from engine.config import TableConfig
    from engine.seats import SeatSpec
    from tui.app import CardtableApp
    from tui.screens.setup import SetupScreen

    table = TableConfig(game="nogginate", seats=[SeatSpec("human")] + [SeatSpec("ai", "random")] * 3,
                        log_dir=tmp_path / "logs", pace=0.0)
    app = CardtableApp(table)
    async with app.run_test(size=(150, 60)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SetupScreen) and screen.game_id == "nogginate"
        count = screen.query_one("#n-seats", Select)
        assert [v for _label, v in count._options] == [2, 3, 4, 5, 6]
        note = screen.query_one("#teams", Static)
        assert note.display and str(note.render()) == "Partners: seats 1 & 3, seats 2 & 4"
        count.value = 6
        await pilot.pause()
        assert str(note.render()) == "Partners: seats 1 & 4, seats 2 & 5, seats 3 & 6"
        count.value = 3
        await pilot.pause()
        assert not note.display
