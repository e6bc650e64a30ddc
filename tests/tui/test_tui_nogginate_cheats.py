"""The Nogginate table with cheat cards (issue 14, TUI): the cheat stock and its dead pile on
the felt, cheat faces that name their power, the draw choice (``1`` / ``2``), each power
played by selecting its card and then its targets with a question per step (Steal with the
card to take, Combine, Resurrect, Show, Tell's menu), refusals with the engine's sentence,
Hands Off and the special meld kinds on the melds panel, the "shown by partner" strip (only
for the seat it was shown to, behind its hand-off in hot seat), ``team_choice`` returns given
by number, and the replay's seat view."""

from __future__ import annotations

import asyncio
import time

from engine.cards import Card
from engine.games.nogginate.cards import CHEAT_CARDS, NOGGINATE, Kind
from engine.games.nogginate.cheats import TELL_RANKED, TELLS, Tell
from engine.games.nogginate.game import Phase
from engine.games.nogginate.melds import CHEAT_NATE, JOKERNATE, NATE, NOGGI, TableMeld
from engine.session import Session
from tui.games.nogginate.table import NogginateTableScreen
from tui.widgets.melds import MeldsPanel
from tui.games.nogginate.ui import TELL_MENU, describe_action, meld_plain, prompt, shown_text
from tui.screens.handoff import HandoffScreen
from tui.widgets.cards import card_rows
from tui.widgets.decision import DecisionBar

from tui_support import TableApp, position_log, press, replay_board, until_human_turn, wait_for

cards = NOGGINATE.parse_cards
CHEATS = {"use_cheat_cards": True}
SEATS = ["human:Ann", "ai:random:Bix", "ai:random:Cy", "ai:random:Dee"]


def set_hand(session: Session, seat: int, text: str) -> None:
    """``seat`` holds exactly ``text``'s cards (the screen is under test, not the deck)."""
    session.state.hands[seat] = sorted(cards(text), key=lambda c: c.order)


def add_meld(session: Session, team: int, kind: str, text: str, closed: bool = False,
             guards: int = 0) -> int:
    st = session.state
    mid = st.next_id
    st.melds.append(TableMeld(mid, team, kind, tuple(cards(text)), closed, guards))
    st.next_id += 1
    return mid


def moves_of(session: Session, seat: int = 0) -> list[str]:
    return [m for actor, m in session.history if actor == seat]


async def meld_phase(app: TableApp, pilot, hand: str) -> NogginateTableScreen:
    """Ann's turn, her team down, after a plain draw; her hand is ``hand``."""
    await until_human_turn(pilot)
    t = app.table
    s = app.session
    assert s.state.phase == Phase.ACQUIRE and s.to_move == 0
    s.state.down[0] = True
    await press(pilot, "d")
    await wait_for(pilot, lambda: t.human_turn() and t.view.phase == Phase.MELD)
    set_hand(s, 0, hand)
    t.redraw()
    await pilot.pause()
    return t


def bar(t: NogginateTableScreen) -> str:
    return t.query_one(DecisionBar).question


async def test_the_draw_choice_keys_and_the_cheat_piles_on_the_felt():
    app = TableApp("nogginate", SEATS, seed=3, rules=CHEATS)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_human_turn(pilot)
        t = app.table
        s = app.session
        text = t.prompt(t.view)
        assert text.startswith("Draw two cards (d custom, 1 one custom and one cheat, 2 two cheat)")
        info = t.query_one("#ng-info").render().plain
        n = t.view.cheat_stock_count
        piles = {p.name: p.count for p in t.query_one("#ng-info").piles}
        assert piles["Cheat stock"] == n and piles["Cheat pile"] == 0
        assert f"Cheat {n} " in info and "Cheat pile 0" in info  # one line at 80x24
        await press(pilot, "1")
        assert moves_of(s)[-1] == "draw 1c1x"
        await wait_for(pilot, lambda: t.human_turn() and t.view.phase == Phase.MELD)
        held = sum(1 for c in t.view.hand if c in CHEAT_CARDS)
        assert held == 1
        assert f"Cheat {n - 1} " in t.query_one("#ng-info").render().plain
        assert "(1x)" in t.query_one(MeldsPanel).row(0).query_one(".meld-owner").render().plain


async def test_no_cheat_keys_without_cheat_cards():
    app = TableApp("nogginate", SEATS, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_human_turn(pilot)
        t = app.table
        assert "cheat" not in t.prompt(t.view).lower()
        assert "Cheat" not in t.query_one("#ng-info").render().plain
        await press(pilot, "1")
        assert moves_of(app.session) == []
        assert t.check_game_action("cheatnate", ()) is False


async def test_steal_asks_for_the_meld_the_card_and_the_destination():
    app = TableApp("nogginate", SEATS, seed=3, rules=CHEATS)
    async with app.run_test(size=(120, 36)) as pilot:
        t = await meld_phase(app, pilot, "STL 2C 3C 9S")
        s = app.session
        mine = add_meld(s, 0, NOGGI, "4H 5H 6H")
        nate = add_meld(s, 0, NATE, "9C 9D 9S")
        theirs = add_meld(s, 1, NOGGI, "7H 8H 9H 10H")
        t.redraw()
        t.hand.select_cards(cards("STL"))
        await pilot.pause()
        assert bar(t).startswith("Steal: pick the opponent's meld to take from")
        await press(pilot, str(theirs))
        assert bar(t).startswith(f"Steal from m{theirs}: pick the card  1 7♥  2 9♥")
        await press(pilot, "2")
        assert bar(t).startswith(f"Steal 9♥ from m{theirs}: pick your meld to put it on")
        await press(pilot, str(mine))  # 9♥ does not fit the Noggi 4♥5♥6♥: the engine's sentence
        assert "NG-C8" in t._status().message_text and moves_of(s)[-1] == "draw"
        assert bar(t).startswith("Steal: pick the opponent's meld")  # start again
        await press(pilot, str(theirs), "2", str(nate))
        assert moves_of(s)[-1] == f"steal m{theirs} 9H m{nate}"
        assert [str(c) for c in next(m for m in s.state.melds if m.id == nate).cards].count("9H") == 1


async def test_steal_from_a_meld_with_hands_off_is_refused_with_the_rule():
    app = TableApp("nogginate", SEATS, seed=3, rules=CHEATS)
    async with app.run_test(size=(120, 36)) as pilot:
        t = await meld_phase(app, pilot, "STL 2C 3C 9S")
        s = app.session
        add_meld(s, 0, NOGGI, "4H 5H 6H")
        theirs = add_meld(s, 1, NOGGI, "7H 8H 9H 10H", guards=1)
        t.redraw()
        await pilot.pause()
        chip = t.query_one(MeldsPanel).chip(theirs).render().plain
        assert "hands-off" in chip
        t.hand.select_cards(cards("STL"))
        await press(pilot, str(theirs))
        assert t._status().message_text == f"m{theirs} has Hands Off: Steal cannot take from it (NG-C2)"
        assert moves_of(s)[-1] == "draw"


async def test_a_cheat_card_with_nothing_to_act_on_says_so_instead_of_asking():
    """Seen in tmux: Hands Off selected with no meld on the table: the bar asked "pick your open meld
    to protect (its number)", 1 then offered "Enter: Hands Off: m1" for a meld that did not exist."""
    app = TableApp("nogginate", SEATS, seed=3, rules=CHEATS)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await meld_phase(app, pilot, "HOF 2C 3C 9S")
        app.session.state.melds = [m for m in app.session.state.melds if m.team != 0]  # no meld of Ann's team
        t.redraw()
        t.hand.select_cards(cards("HOF"))
        await pilot.pause()
        assert bar(t) == ("Hands Off has nothing to act on now: it needs an open Noggi or Nate of your team (NG-C2). "
                          "x discards it (Esc cancels)")
        mine = add_meld(app.session, 0, NOGGI, "4H 5H 6H")
        t.redraw()
        await pilot.pause()
        assert bar(t).startswith("Hands Off: pick your open meld to protect from Steal")
        await press(pilot, str(mine))
        assert moves_of(app.session)[-1] == f"handsoff m{mine}"


async def test_combine_two_noggis_and_a_refusal_that_names_the_rule():
    app = TableApp("nogginate", SEATS, seed=3, rules=CHEATS)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await meld_phase(app, pilot, "CMB 2C 3C 9S")
        s = app.session
        a = add_meld(s, 0, NOGGI, "0H 1H 2H 3H 4H 5H")
        b = add_meld(s, 0, NOGGI, "5H 6H 7H 8H 9H 10H")
        c = add_meld(s, 0, NOGGI, "4S 5S 6S")
        t.redraw()
        t.hand.select_cards(cards("CMB"))
        await pilot.pause()
        assert bar(t).startswith("Combine: pick your first open Noggi")
        await press(pilot, str(a))
        assert bar(t).startswith(f"Combine m{a} with: pick your other Noggi")
        await press(pilot, str(c))
        assert "same suit" in t._status().message_text and "NG-C1" in t._status().message_text
        await press(pilot, str(a), str(b))
        assert moves_of(s)[-1] == f"combine m{a} m{b}"
        sup = next(m for m in s.state.melds if m.id == a)
        assert sup.closed and len(sup.cards) == 11
        assert "5♥" in " ".join(x.pretty for x in t.view.hand)  # the extra copy came back


async def test_resurrect_a_closed_meld():
    app = TableApp("nogginate", SEATS, seed=3, rules=CHEATS)
    async with app.run_test(size=(120, 36)) as pilot:
        t = await meld_phase(app, pilot, "RES 2C 3C 9S")
        s = app.session
        m = add_meld(s, 0, NOGGI, "0H 1H 2H 3H 4H 5H 6H", closed=True)
        t.redraw()
        t.hand.select_cards(cards("RES"))
        await pilot.pause()
        assert bar(t).startswith("Resurrect: pick your closed meld to reopen")
        t.post_message(t.query_one("#ng-melds").Picked(m))  # a click on the meld
        await wait_for(pilot, lambda: moves_of(s)[-1] == f"resurrect m{m}")
        assert not next(x for x in s.state.melds if x.id == m).closed


async def test_show_a_card_and_the_partner_strip():
    app = TableApp("nogginate", SEATS, seed=3, rules=CHEATS)
    async with app.run_test(size=(120, 36)) as pilot:
        t = await meld_phase(app, pilot, "SHW 7H 2C 3C 9S")
        s = app.session
        t.hand.select_cards(cards("SHW"))
        await pilot.pause()
        assert bar(t).startswith("Show: select the one card to show your partner (Space)")
        assert "x discards Show instead" in t.prompt(t.view)
        space = [k for k in t.query("FooterKey") if getattr(k, "key", "") == "space"]
        assert space and all(k.key_display == t.key_label("ng.space") == "Space" for k in space)  # one spelling
        await press(pilot, "enter")
        assert "select the one card" in t._status().message_text
        t.hand.select_cards(cards("SHW 7H"))
        await pilot.pause()
        assert bar(t).startswith("Show: 7♥ to your partner only") and "Enter: Show 7♥ to your partner" in bar(t)
        assert "select it alone, then x" in t.prompt(t.view) and "discards Show" not in t.prompt(t.view)  # x: 1 card
        await press(pilot, "enter")
        assert moves_of(s)[-1] == "show 7H"
        assert "you showed 7♥" in t.query_one("#ng-shown").render().plain
        partner = s.view(2)
        assert shown_text(partner, ["Ann", "Bix", "Cy", "Dee"], lambda c: __import__("rich.text").text.Text(
            c.pretty)).plain.startswith("Shown by Ann: 7♥")
        opponent = s.view(1)
        assert shown_text(opponent, ["Ann", "Bix", "Cy", "Dee"], lambda c: c).plain == ""


async def test_tell_menu_plain_and_with_a_rank():
    app = TableApp("nogginate", SEATS, seed=3, rules=CHEATS)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await meld_phase(app, pilot, "TEL TEL 2C 3C 9S")
        s = app.session
        t.hand.select_cards([Card.special(Kind.TELL)])
        await pilot.pause()
        assert bar(t).startswith("Tell your partner: 1 draw custom  2 draw cheat  3 take the pile")
        await press(pilot, "3")
        assert moves_of(s)[-1] == "tell pile"
        t.hand.select_cards([Card.special(Kind.TELL)])
        await press(pilot, "7")
        assert bar(t).startswith("Tell: discard which rank?")
        await press(pilot, "1")  # 1 or 10: wait
        assert moves_of(s)[-1] == "tell pile"
        await press(pilot, "0")
        assert moves_of(s)[-1] == "tell discard 10"
        assert "you told: discard a 10" in t.query_one("#ng-shown").render().plain


def test_tell_menu_covers_the_engine_tells():
    assert [adv for adv, _words in TELL_MENU] == list(TELLS)
    assert set(TELL_RANKED) <= {adv for adv, _w in TELL_MENU}


def test_cheat_faces_meld_kinds_and_words():
    assert card_rows(Card.special(Kind.RESURRECT)) == ["RES  ", "Resur", " rect"]
    jn = TableMeld(4, 0, JOKERNATE, tuple(cards("JK JK JK")), False)
    assert meld_plain(jn) == "JKJKJK Jokernate open"
    cn = TableMeld(5, 0, CHEAT_NATE, tuple(cards("STL STL STL")), True)
    assert meld_plain(cn) == "STLSTLSTL cheat-Nate"
    guarded = TableMeld(6, 0, NOGGI, tuple(cards("4H 5H 6H")), False, 2)
    assert meld_plain(guarded, True) == "4H5H6H Noggi open hands-off×2"
    assert describe_action(Tell("keep", 7)) == "Tell your partner: keep your 7s (they feed the opponents)"


async def test_team_choice_returns_are_given_by_number():
    app = TableApp("nogginate", SEATS, seed=3, rules={**CHEATS, "steal_return_policy": "team_choice"})
    async with app.run_test(size=(120, 36)) as pilot:
        t = await meld_phase(app, pilot, "STL 2C 3C 9S")
        s = app.session
        # Ann steals 8♠ from the middle of the opponents' Noggi: both short parts go back to them
        mine = add_meld(s, 0, NATE, "8C 8D 8H")
        theirs = add_meld(s, 1, NOGGI, "6S 7S 8S 9S 10S")
        t.redraw()
        t.hand.select_cards(cards("STL"))
        await pilot.pause()
        await press(pilot, str(theirs))
        if "8♠ is the only card" not in t._status().message_text:  # a meld of the deal takes another card
            assert "pick the card" in bar(t)
            await press(pilot, str(t.card_choices.index(cards("8S")[0]) + 1))
        await press(pilot, str(mine))
        assert moves_of(s)[-1] == f"steal m{theirs} 8S m{mine}"
        assert s.state.phase != Phase.MELD and s.state.returning
        # the returning team's next player (a bot here) gives them out; the bar words it for a human
        await wait_for(pilot, lambda: not s.state.returning)
        assert [m.split()[0] for _a, m in s.history[-4:]].count("give") >= 2


async def test_hot_seat_the_strip_only_behind_the_partners_hand_off():
    app = TableApp("nogginate", ["human:Ann", "ai:random:Bix", "human:Cy", "ai:random:Dee"], seed=5, rules=CHEATS)
    async with app.run_test(size=(120, 36)) as pilot:
        deadline = time.monotonic() + 30
        t = app.table
        s = app.session
        for _ in range(300):
            assert time.monotonic() < deadline
            if isinstance(app.screen, HandoffScreen):
                await press(pilot, "enter")
                await wait_for(pilot, lambda: t.human_turn())
            await wait_for(pilot, lambda: t.human_turn() or isinstance(app.screen, HandoffScreen))
            if t.human_turn() and s.to_move == 0 and s.state.phase == Phase.ACQUIRE:
                break
            if t.human_turn():
                t.human_act(s.view(s.to_move).legal_actions()[0])
            await asyncio.sleep(0)
        s.state.down[0] = True
        await press(pilot, "d")
        await wait_for(pilot, lambda: t.human_turn() and t.view.phase == Phase.MELD)
        set_hand(s, 0, "SHW 7H 2C 3C 9S")
        t.redraw()
        await pilot.pause()
        t.hand.select_cards(cards("SHW 7H"))
        await press(pilot, "enter")
        assert moves_of(s)[-1] == "show 7H"
        t.hand.select_cards(cards("9S"))
        await press(pilot, "x")
        # Cy's hand-off: nothing private on the covered table; the strip shows once Cy is in
        await wait_for(pilot, lambda: isinstance(app.screen, HandoffScreen) or (t.human_turn()
                                                                                and t.shown_seat == 2))
        if isinstance(app.screen, HandoffScreen):
            assert not t.query_one("#ng-shown").has_class("-open")
            await press(pilot, "enter")
        await wait_for(pilot, lambda: t.human_turn() and t.shown_seat == 2)
        assert "Shown by Ann: 7♥" in t.query_one("#ng-shown").render().plain


async def test_replay_seat_view_shows_the_shown_card_only_to_the_partners_team(tmp_path):
    """NG-C6 in the replay (issue 24, drawn by the table): Cy, Ann's partner, sees the card Ann showed;
    Bix does not; the log of everything says it."""
    s = Session("nogginate", CHEATS, ["ai:random:Ann", "ai:random:Bix", "ai:random:Cy", "ai:random:Dee"], seed=4,
                write_log=False)
    s.advance()
    while not (s.state.phase == Phase.MELD and s.to_move == 0):
        s.act(s.bot_choose())
    s.state.hands[0] = sorted(cards("SHW 7H 2C 3C 9S"), key=lambda c: c.order)
    s.act(NOGGINATE.parse("SHW") and s.game.parse_action("show 7H"))
    cy = await replay_board(position_log(s, tmp_path, 2), (120, 36))
    bix = await replay_board(position_log(s, tmp_path, 1), (120, 36))
    assert "Cheat stock" in cy and "Shown by Ann: 7♥" in cy
    assert "Shown by" not in bix and "Cheat stock" in bix


def test_prompt_mentions_the_cheat_card_step():
    s = Session("nogginate", CHEATS, ["ai:random"] * 4, seed=4, write_log=False)
    s.advance()
    while not (s.state.phase == Phase.MELD and s.to_move == 0):
        s.act(s.bot_choose())
    s.state.hands[0] = sorted(cards("STL 2C 3C 9S 9D"), key=lambda c: c.order)
    assert "A cheat card: select it, then its target." in prompt(s.view(0), ["A", "B", "C", "D"])


async def test_a_hinted_power_is_played_with_enter_and_undone_with_z():
    from engine.games.nogginate.cheats import Steal
    app = TableApp("nogginate", SEATS, seed=3, rules=CHEATS)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await meld_phase(app, pilot, "STL 2C 3C 9S")
        s = app.session
        mine = add_meld(s, 0, NOGGI, "4H 5H 6H")
        theirs = add_meld(s, 1, NOGGI, "7H 8H 9H 10H")
        t.redraw()
        await pilot.pause()
        t.show_hint(Steal(theirs, cards("7H")[0], mine))
        await pilot.pause()
        assert t.hand.selected_cards() == cards("STL")
        assert "Steal 7♥ from" in t._status().message_text
        await press(pilot, "enter")
        assert moves_of(s)[-1] == f"steal m{theirs} 7H m{mine}"
        await press(pilot, "z")
        await wait_for(pilot, lambda: t.human_turn())
        assert not any(m.startswith("steal") for m in moves_of(s))  # the whole turn is taken back


async def test_steal_scrolls_the_opponents_melds_into_sight_on_a_small_screen():
    app = TableApp("nogginate", SEATS, seed=3, rules=CHEATS)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await meld_phase(app, pilot, "STL 2C 3C 9S")
        s = app.session
        for suit in "CDHS":  # wide melds: one a line at 80 columns
            add_meld(s, 0, NOGGI, " ".join(f"{r}{suit}" for r in range(6)))
            add_meld(s, 0, NATE, f"9{suit} 9{suit} 9C 9D 9H 9S")
        theirs = add_meld(s, 1, NOGGI, "7H 8H 9H 10H")
        t.redraw()
        await pilot.pause()
        panel = t.query_one("#ng-melds")
        panel.scroll_home(animate=False)
        await pilot.pause()
        chip = t.query_one(MeldsPanel).chip(theirs)
        assert not panel.region.contains_region(chip.region)  # out of sight below your own melds
        t.hand.select_cards(cards("STL"))
        await pilot.pause()
        await pilot.pause()
        assert panel.region.contains_region(chip.region)


async def test_returned_cards_are_given_by_number_in_the_bar():
    app = TableApp("nogginate", SEATS, seed=3, rules={**CHEATS, "steal_return_policy": "team_choice"})
    async with app.run_test(size=(80, 24)) as pilot:
        await until_human_turn(pilot)
        t = app.table
        s = app.session
        st = s.state
        st.phase, st.returning, st.return_team, st.return_seat = Phase.RETURN, cards("7H 8H"), 0, 0
        st.hands[0].append(cards("STL")[0])  # (the screen is under test, not how the position came about)
        t._view = None
        t.redraw()
        await pilot.pause()
        assert bar(t) == "The Steal returned 7♥ 8♥: give 7♥ to 1 Ann  2 Cy"
        assert "give each card to one of you" in t.prompt(t.view)
        await press(pilot, "2")
        assert moves_of(s)[-1] == "give 7H s2"
        await wait_for(pilot, lambda: t.human_turn())
        assert bar(t) == "The Steal returned 8♥: give 8♥ to 1 Ann  2 Cy"
        await press(pilot, "enter")  # several ways: Enter picks none of them (issue 22), it says why
        assert moves_of(s)[-1] == "give 7H s2" and "number of your choice" in t._status().message_text
        await press(pilot, "1")
        assert moves_of(s)[-1] == "give 8H s0"


async def test_jokernate_with_one_joker_offers_no_enter_move():
    """Seen in the 2026-11-27 play-through at 80x24: Jokernate selected with one joker in hand, the
    bar said "nothing to act on now" yet also "Enter: play Jokernate with three jokers", which Enter
    then refused (NG-C3 needs three jokers). Enter names a move only when it is legal."""
    app = TableApp("nogginate", SEATS, seed=3, rules=CHEATS)
    async with app.run_test(size=(80, 24)) as pilot:
        t = await meld_phase(app, pilot, "JKN JK 2C 3C 9S")
        t.hand.select_cards(cards("JKN"))
        await pilot.pause()
        assert t.enter_move() is None and "Enter" not in bar(t)
        assert bar(t).startswith("Jokernate has nothing to act on now: it needs three jokers in your hand (NG-C3).")
        set_hand(app.session, 0, "JKN JK JK JK 9S")
        t.redraw()
        t.hand.select_cards(cards("JKN"))
        await pilot.pause()
        move = t.enter_move()
        assert move is not None and move.label == "play Jokernate with three jokers"
