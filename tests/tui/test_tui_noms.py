"""The Noms table screen driven by keys through Textual pilots against random
bots at pace 0: the auction by keys (NO-7, NO-8, NO-V2), trumps by number key
(NO-10a; h is the hint there too), the called card typed in the input (NO-10b, NO-11
shortcut), play by a value key or the cursor, then Enter (NO-15), the engine's reason for an illegal
card, legal cards highlighted, the exposed Mis a Vis hand (NO-14), double-hand
marks (NO-18) and the replay renderer."""

from __future__ import annotations


import pytest

from engine.cards import Card, Suit
from engine.games.noms.game import MISAVIS, Bid, Pass, Phase, Play
from engine.gamelog import Replay, read_log
from engine.session import Session
from hidden_support import screen_text, shown_cards
from tui_support import ReplayApp, ScreenTestApp, position_log, press, replay_board, wait_for
from tui.games.noms.ui import (KEY_FOR_BID, parse_called_card, side_tricks,
                         tricks_line)
from tui.screens import table_screen_class
from tui.games.noms.table import CallGrid, NomsHand, NomsScoreboard, NomsTableScreen, TrickTable, _hand_mults
from tui.screens.hand_result import HandResultScreen
from tui.widgets.status import StatusLine

SIZE = (160, 50)
SEATS = ["human", "ai:random", "ai:random", "ai:random"]
RANK_KEY = {**{v: str(v) for v in range(2, 10)}, 10: "0", 11: "j", 12: "q", 13: "k", 14: "a"}


class NomsApp(ScreenTestApp):
    """A bare app showing one Noms table screen."""

    SCREEN = NomsTableScreen


EASY = ["human", "ai:easy", "ai:easy", "ai:easy"]


def make_session(seed: int = 3, rules: dict | None = None, seats: list[str] = SEATS) -> Session:
    return Session("noms", rules or None, seats, seed=seed, write_log=False)






def my_turn(app: NomsApp) -> bool:
    return app.session.is_over or (app.screen is app.table and app.table.human_turn())


def status(app: NomsApp) -> StatusLine:
    return app.table.query_one(StatusLine)


async def human_move(pilot, app: NomsApp, *, bid: int | None = None, call: str = "AS") -> None:
    """One legal move of the human by keys, chosen from the view's legal actions."""
    n = len(app.session.history)
    view = app.session.view(0)
    legal = view.legal_actions()
    if view.phase is Phase.AUCTION:
        bids = [a.level for a in legal if isinstance(a, Bid)]
        if bid in bids:
            await press(pilot, KEY_FOR_BID[bid])
        else:
            await press(pilot, "p")
    elif view.phase is Phase.TRUMP:
        await press(pilot, "3")  # hearts
    elif view.phase is Phase.CALL:
        assert app.table.query_one("#call-input").has_focus
        await press(pilot, *[c.lower() for c in call], "enter")
    else:
        plays = [a.card for a in legal if isinstance(a, Play)]
        card = plays[-1]
        hand = app.table.query_one(NomsHand)
        if len(app.session.history) % 2:  # both ways of playing: a value key (again: the next card), then Enter
            for _ in range(4):
                await press(pilot, RANK_KEY[card.rank])
                if hand.cursor_card() == card:
                    break
            await press(pilot, "enter")
        else:
            assert app.table.query_one(NomsHand).put_cursor(card)
            await press(pilot, "enter")
    await wait_for(pilot, lambda: len(app.session.history) > n)


async def dismiss_hand_result(pilot, app: NomsApp) -> None:
    """The result panel after a hand waits for a key: press one."""
    await wait_for(pilot, lambda: isinstance(app.screen, HandResultScreen))
    await press(pilot, "space")
    await wait_for(pilot, lambda: not isinstance(app.screen, HandResultScreen))


async def play_hand(pilot, app: NomsApp, *, bid: int | None = 11, call: str = "AS") -> None:
    """Play until the first hand is over (keys only for the human)."""
    while not app.session.state.results and not app.session.is_over:
        await wait_for(pilot, lambda: my_turn(app) or bool(app.session.state.results))
        if app.session.state.results or app.session.is_over:
            break
        await human_move(pilot, app, bid=bid, call=call)


@pytest.mark.slow
async def test_whole_hand_by_keys_against_random_bots():
    """NO-8 bid 11 by key, NO-10a hearts by 3, NO-10b A♠ typed, NO-15 every card by keys, NO-19 scored."""
    app = NomsApp(make_session(seed=3, seats=EASY))
    async with app.run_test(size=SIZE) as pilot:
        await play_hand(pilot, app, bid=11, call="AS")
        s = app.session
        results = s.view(0).results
        assert len(results) == 1
        dealer, declarer, contract, made, pts = results[0]
        assert (declarer, contract) == (0, 11)  # the easy bots let the human's 11 stand
        notations = [n for _a, n in s.history]
        assert "trump H" in notations and "call AS" in notations
        assert sum(1 for n in notations if n.startswith("play")) == 52
        await dismiss_hand_result(pilot, app)
        await wait_for(pilot, lambda: my_turn(app))
        assert list(s.state.scores()) == [float(x) for x in pts]
        text = app.table.query_one(NomsScoreboard).board_text()
        assert "Total/101" in text and "H1" in text
        for name, total in zip(s.names, s.view(0).totals):
            line = next(ln for ln in text.splitlines() if name in ln)
            assert line.split()[-1] == str(total)


async def test_bidding_keys_follow_the_legal_bids():
    """NO-7/NO-8: the keys and buttons offer exactly the legal bids; 1 bids 11."""
    app = NomsApp(make_session(seed=5))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: my_turn(app))
        view = app.session.view(0)
        assert view.phase is Phase.AUCTION
        legal = [a.level for a in view.legal_actions() if isinstance(a, Bid)]
        names = sorted(b.name for b in app.table.query("#bidbar Button"))
        assert names == sorted([f"bid:{lv}" for lv in legal] + (["pass"] if Pass() in view.legal_actions() else []))
        assert "0=10" in status(app).prompt_text or 10 not in legal
        # 7 is not a bid under the default rules (min 10): the key is not even offered
        assert app.table.check_action("bid", (7,)) is False
        if 11 in legal:
            n = len(app.session.history)
            await press(pilot, "1")
            await wait_for(pilot, lambda: len(app.session.history) > n)
            assert app.session.history[n][1] == "bid 11"


async def test_min_bid_7_adds_keys_7_8_9():
    """NO-V2: with min_bid 7, bids 7, 8 and 9 get buttons and keys."""
    app = NomsApp(make_session(seed=5, rules={"min_bid": 7}))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: my_turn(app))
        legal = [a.level for a in app.session.view(0).legal_actions() if isinstance(a, Bid)]
        names = {b.name for b in app.table.query("#bidbar Button")}
        for lv in (7, 8, 9):
            assert (f"bid:{lv}" in names) == (lv in legal)
        if 7 in legal:
            n = len(app.session.history)
            await press(pilot, "7")
            await wait_for(pilot, lambda: len(app.session.history) > n)
            assert app.session.history[n][1] == "bid 7"


async def test_called_card_typed_and_grid_click():
    """NO-10b: the called card typed in the input; a bad card shows one sentence; NO-11 bare rank is of trumps."""
    app = NomsApp(make_session(seed=4, seats=EASY))
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(40):
            await wait_for(pilot, lambda: my_turn(app))
            v = app.session.view(0)
            if v.phase is Phase.CALL or app.session.state.results:
                break
            await human_move(pilot, app, bid=13)
        assert app.session.view(0).phase is Phase.CALL
        await press(pilot, "x", "x", "enter")
        await wait_for(pilot, lambda: "not a card" in status(app).message_text, 5)
        assert app.session.view(0).phase is Phase.CALL
        # a click on the grid fills the input
        grid = app.table.query_one(CallGrid)
        await pilot.click(CallGrid, offset=(0, 0))
        assert grid.picked == Card.get(14, Suit.SPADES)
        assert app.table.query_one("#call-input").value == "AS"
        inp = app.table.query_one("#call-input")
        inp.value = ""
        await press(pilot, "k", "enter")  # bare K: the king of trumps (hearts), NO-11
        await wait_for(pilot, lambda: app.session.view(0).phase is not Phase.CALL)
        assert app.session.history[-1][1] == "call KH" or any(n == "call KH" for _a, n in app.session.history)
        assert not app.table.query_one("#callpanel").display


async def test_h_asks_for_a_hint_while_the_called_card_input_is_empty():
    """Seen defect: the called-card input swallowed ``h`` (it typed "hhh..."); empty, it lets the
    table's keys through, so ``h`` gives a hint that fills in a card; a typed code still takes letters."""
    app = NomsApp(make_session(seed=4, seats=EASY))
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(40):
            await wait_for(pilot, lambda: my_turn(app))
            if app.session.view(0).phase is Phase.CALL or app.session.state.results:
                break
            await human_move(pilot, app, bid=13)
        assert app.session.view(0).phase is Phase.CALL
        inp = app.table.query_one("#call-input")
        assert inp.has_focus and inp.value == ""
        await press(pilot, "h")
        await wait_for(pilot, lambda: status(app).message_kind == "hint" and bool(inp.value), 20)
        assert "h" not in inp.value.lower().rstrip("h")[:1]  # a card code from the hint, not a typed h
        inp.value = ""
        await press(pilot, "1", "0", "h")  # after a rank, h is the suit (hearts)
        assert inp.value == "10h"


async def test_illegal_card_shows_the_engine_reason_and_legal_cards_are_highlighted():
    """NO-15: an off-suit card while able to follow is refused with the engine's reason;
    the hand highlights exactly the legal cards."""
    for seed in (3, 4, 6, 8):
        app = NomsApp(make_session(seed=seed))
        async with app.run_test(size=SIZE) as pilot:
            for _ in range(80):
                await wait_for(pilot, lambda: my_turn(app) or bool(app.session.state.results))
                if app.session.state.results:
                    break
                v = app.session.view(0)
                if v.phase is Phase.PLAY:
                    hand = app.table.query_one(NomsHand)
                    legal = {a.card for a in v.legal_actions()}
                    assert hand.active and hand.legal == legal
                    off = [c for c in v.hand if c not in legal]
                    if off:
                        card = off[0]
                        n = len(app.session.history)
                        assert hand.put_cursor(card)
                        await press(pilot, "enter")
                        assert len(app.session.history) == n
                        msg = status(app).message_text
                        assert msg == app.session.why_illegal(Play(card)) and "follow suit" in msg
                        # the dimmed card is drawn in other colours than a legal one
                        text = hand.render()
                        styles = {}
                        for i, c in enumerate(hand.cards):
                            x = 1 + i * hand.step() + 1
                            y = 0 if i == hand.cursor else 2
                            line = text.split("\n")[y]
                            styles[c] = line.get_style_at_offset(_console(), x)
                        bright = {str(styles[c].bgcolor) for c in hand.cards if c in legal and c != hand.cursor_card()}
                        dim = {str(styles[c].bgcolor) for c in hand.cards if c not in legal}
                        assert bright and dim and not (bright & dim)
                        return
                await human_move(pilot, app, bid=None)
    pytest.fail("no seed gave a position where the human could not play every card")


def _console():
    from rich.console import Console
    return Console()


async def test_mis_a_vis_hand_is_exposed_after_the_first_trick(tmp_path):
    """NO-13/NO-14: the human bids Mis a Vis (v); after the first trick the hand is shown face up."""
    app = NomsApp(make_session(seed=9))
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(80):
            await wait_for(pilot, lambda: my_turn(app) or bool(app.session.state.results))
            v = app.session.view(0)
            if app.session.state.results or (v.declarer >= 0 and v.tricks):
                break
            await human_move(pilot, app, bid=MISAVIS)
        v = app.session.view(0)
        assert v.declarer == 0 and v.contract == MISAVIS
        assert v.exposed and set(v.exposed) == set(v.hand)
        contract = str(app.table.query_one("#contract").render())
        assert "Mis a Vis hand, face up" in contract
        assert all(c.pretty in contract for c in v.exposed)
        loaded = position_log(app.session, tmp_path, 2)
    # the other seats see it too (NO-14), in the replay's seat view (drawn by the Noms table)
    text = await replay_board(loaded, SIZE)
    assert "face up" in text and all(c.pretty in text for c in v.exposed)


async def test_last_trick_key_and_centre_layout():
    """t shows the last finished trick with its winner; the centre puts the human at the bottom."""
    app = NomsApp(make_session(seed=3))
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(80):
            await wait_for(pilot, lambda: my_turn(app))
            v = app.session.view(0)
            if v.phase is Phase.PLAY and v.tricks and v.trick:
                break
            await human_move(pilot, app, bid=11)
        table = app.table.query_one(TrickTable)
        assert [b["seat"] for b in table.blocks] == [0, 1, 2, 3]
        await press(pilot, "t")
        leader, cards, winner = app.session.view(0).tricks[-1]
        assert app.table.show_last
        assert table.centre_text.startswith("Last trick") and app.session.names[winner] in table.centre_text
        assert {b["seat"]: b["card"] for b in table.blocks} == {(leader + k) % 4: c for k, c in enumerate(cards)}
        await press(pilot, "escape")
        assert not app.table.show_last


def test_registered_and_text_helpers():
    """The registry gives the Noms screen; NO-11 typed shortcuts."""
    assert table_screen_class("noms") is NomsTableScreen
    assert parse_called_card("10h", None) == Card.get(10, Suit.HEARTS)
    assert parse_called_card("a", int(Suit.SPADES)) == Card.get(14, Suit.SPADES)
    with pytest.raises(ValueError, match="NO-11"):
        parse_called_card("A", None)
    with pytest.raises(ValueError):
        parse_called_card("ZZ", None)


def test_double_hands_are_marked():
    """NO-18: the hand after an all-pass is doubled (x2 marks), NO-21 scores x2."""
    s = make_session(seed=1)
    s.advance()
    for _ in range(4):
        s.act(Pass())
    view = s.view(0)
    assert view.next_mult == 2 or view.mult == 2
    s.advance()
    view = s.view(0)
    assert view.mult == 2
    fake = [(0, -1, 0, False, (0, 0, 0, 0)), (1, 2, 11, True, (0, 22, 22, 0)), (2, 1, 10, False, (10,) * 4)]
    assert _hand_mults(fake, view) == [1, 2, 1]
    from tui.games.noms.ui import contract_line
    assert "double hand x2" in contract_line(view, s.names)


async def test_replay_seat_view_hides_other_hands(tmp_path):
    """The replay (drawn by the Noms table, issue 24) shows one seat's view: its own hand and no card of
    another hand that seat has not seen; the omniscient panel (a) shows every hand."""
    s = Session("noms", None, ["ai:random:A", "ai:random:B", "ai:random:C", "ai:random:D"], seed=2,
                log_dir=tmp_path)
    s.advance()
    for _ in range(30):
        s.act(s.bot_choose())
        s.advance()
    path = s.log_path
    s.close()
    replay = Replay(read_log(path))
    state = replay.positions[replay.last_index]
    app = ReplayApp(path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.screen is app.replay_screen)
        await press(pilot, "end", "1")
        await pilot.pause()
        seat_text = screen_text(app)
        await press(pilot, "a")
        await pilot.pause()
        all_text = screen_text(app)
    v = state.view(1)
    others = [c for c in state.hands[0] if c not in v.played_cards() and c not in v.exposed]
    assert others and not shown_cards(seat_text, others)
    assert all(c.pretty in all_text for c in state.hands[0])
    side, rest = side_tricks(v)
    assert side + rest == sum(v.won)
    assert "Tricks:" in tricks_line(v, ["A", "B", "C", "D"])


def test_replay_position_line_says_hand_for_noms(tmp_path):
    """The replay screen names Noms hands "hand", as the table does (Nags says "game")."""
    from tui.screens.replay import ReplayScreen
    path = tmp_path / "noms.jsonl"
    with Session("noms", None, ["ai:random"] * 4, seed=5, log_path=path) as s:
        s.advance()
        for _ in range(10):
            s.act(s.bot_choose())
    screen = ReplayScreen(path)
    assert screen.status_text().startswith(f"action 0/{screen.last_index}, hand 1 · everything (omniscient)")


def test_auction_prompt_lists_only_the_calls_you_have():
    """NO-7/NO-8: after Mis a Vis nothing outbids it, so the prompt offers only the pass."""
    from tui.games.noms.ui import prompt
    s = Session("noms", None, ["human", "ai:random", "ai:random", "ai:random"], seed=3, write_log=False)
    s.advance()
    while s.to_move != 0:
        s.act(s.bot_choose())
    view = s.view(0)
    assert view.legal_actions() == [Pass()]
    text = prompt(view, s.names, many_humans=False, ascii_only=False)
    assert "call (NO-8): p=pass (nothing outbids the highest bid)" in text and ": ," not in text


async def test_hand_result_waits_for_a_key_with_tricks_partner_contract_and_last_trick():
    """Issue 11 part 4: after a hand the result (contract made/failed, partner,
    tricks per seat, the last trick complete, points) stays until a key is
    pressed, and no bot plays meanwhile; the words come from the hand_over data."""
    app = NomsApp(make_session(seed=3, seats=EASY))
    async with app.run_test(size=SIZE) as pilot:
        await play_hand(pilot, app, bid=11, call="AS")
        await wait_for(pilot, lambda: isinstance(app.screen, HandResultScreen))
        panel = app.screen
        assert isinstance(panel, HandResultScreen)
        text = panel.body_text()
        data = app.table.hand_results[0]
        assert data["contract"] == "11" and data["declarer"] == 0
        assert text.startswith("Hand 1 over")
        assert ("made" if data["made"] else "failed") in text
        assert "You 11" in text
        partner = data["partner"]
        assert (f"with {app.session.names[partner]}" if partner is not None else "alone") in text
        assert "Tricks: " + ", ".join(f"{n} {w}" for n, w in zip(app.session.names, data["tricks_won"])) in text
        last = data["last_trick"]
        assert f"{app.session.names[last['winner']]} won it" in text and "Last trick:" in text
        assert "Points this hand:" in text and "Match totals:" in text
        n = len(app.session.history)
        for _ in range(20):  # the bots wait while the panel is up
            await pilot.pause(0.01)
        assert len(app.session.history) == n and isinstance(app.screen, HandResultScreen)
        await press(pilot, "x")
        await wait_for(pilot, lambda: not isinstance(app.screen, HandResultScreen))
        await wait_for(pilot, lambda: my_turn(app) or len(app.session.history) > n)


async def test_score_title_says_the_real_target():
    """Issue 11 part 4: "game to 10" when the target is 10 (NO-22), not 101."""
    app = NomsApp(make_session(seed=3, rules={"target": 10}))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: my_turn(app))
        assert app.table.query_one("#scoreboard").border_title == "Scores (points, game to 10)"
        assert "Total/10" in app.table.query_one(NomsScoreboard).board_text()


def test_court_value_keys_accept_both_cases():
    """Issue 11 part 6: the footer shows JQKA; upper case types the value too."""
    keys = {b.key for b in NomsTableScreen.BINDINGS if b.action.startswith("rank(")}
    assert {"j,J", "q,Q", "k,K", "a,A"} <= keys


async def test_enter_makes_the_hinted_bid_in_the_auction():
    """After h in the auction the footer names the hinted call on Enter ("⏎ Pass", "⏎ Bid 11")
    and Enter makes it (NO-8): a player follows a hint the same way in every phase."""
    app = NomsApp(make_session(seed=4, seats=EASY))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: my_turn(app))
        assert app.session.view(0).phase is Phase.AUCTION
        assert not app.table.check_action("play", ())  # nothing hinted yet: Enter does nothing here
        await press(pilot, "h")
        await wait_for(pilot, lambda: status(app).message_kind == "hint", 20)
        hinted = app.table._hinted_call
        assert isinstance(hinted, (Bid, Pass))
        words = app.table.describe_action(hinted)
        assert any(ab.binding.action == "play" and ab.binding.description == words[:1].upper() + words[1:]
                   for ab in app.table.active_bindings.values())
        n = len(app.session.history)
        await press(pilot, "enter")
        await wait_for(pilot, lambda: len(app.session.history) > n)
        assert app.session.history[n][0] == 0 and app.session.history[n][1] == str(hinted)
