"""The Spite & Malice table screen (tui.games.spite_malice.table) and its
wording (tui.games.spite_malice.ui), driven by keys and clicks through Textual
pilots against bots at pace 0: a whole game by keys (SM-8 moves, SM-12 the
discard ends a turn, SM-13 win or SM-15 tie), picking a source and a target,
autoplay, clicks, refused moves worded as "play deck 1 needs a 7" (SM-9),
the hint (the easy bot's move, picked) and the replay renderer."""

from __future__ import annotations


import pytest

from engine.cards import parse_card, parse_cards
from engine.games.spite_malice.game import (VALUE, Deal, Discard, Draw, PlayDiscard, PlayHand, PlayStock, SpiteMalice,
                                       SpiteMaliceVariant)
from engine.session import Session
from hidden_support import shown_cards
from tui_support import ScreenTestApp, position_log, press, replay_board, wait_for
from tui.screens import table_screen_class
from tui.games.spite_malice.table import SMPile, SpiteMaliceTableScreen
from tui.screens.summary import SummaryScreen
from tui.games.spite_malice.ui import (DISCARD_KEYS, HAND_KEYS, PLAY_KEYS, STOCK_KEY, autoplay, describe_action,
                                 explain_illegal, prompt, shown_value_label, value_word)
from tui.widgets.cards import CardWidget
from tui.widgets.status import StatusLine

SIZE = (160, 50)
SHORT = {"game_type": "SNM_A_SHORT"}


class SMApp(ScreenTestApp):
    """A bare app that shows one Spite & Malice table."""

    SCREEN = SpiteMaliceTableScreen


def session(seed: int = 3, bot: str = "ai:random") -> Session:
    return Session("spite_malice", dict(SHORT), ["human", bot], seed=seed, write_log=False)






def ready(app: SMApp) -> bool:
    t = app.table
    return app.session.is_over or (app.screen is t and t.human_turn())


def hand_order(view) -> list:
    return sorted(view.hand, key=lambda c: (VALUE[c], c.order))


def keys_for(view, action, slots=None) -> list[str]:
    """The keys a player presses for ``action``: the source's key, then the target's
    (a hand card's key is its slot on screen, ``slots``; by default the sorted hand)."""
    order = list(hand_order(view) if slots is None else slots)
    if isinstance(action, PlayHand):
        return [HAND_KEYS[order.index(action.card)], PLAY_KEYS[action.deck]]
    if isinstance(action, Discard):
        return [HAND_KEYS[order.index(action.card)], DISCARD_KEYS[action.pile]]
    if isinstance(action, PlayStock):
        return [STOCK_KEY, PLAY_KEYS[action.deck]]
    assert isinstance(action, PlayDiscard)
    return [DISCARD_KEYS[action.pile], PLAY_KEYS[action.deck]]


def status(app: SMApp) -> StatusLine:
    return app.table.query_one(StatusLine)


def my_moves(s: Session) -> list[str]:
    return [n for actor, n in s.history if actor == 0]


# ---------------------------------------------------------------------------
# Wording (no app)
# ---------------------------------------------------------------------------

def _position():
    """SNM A-SHORT: seat 0 plays first (its stock top 9 beats 2), draws A-5, builds P1 up
    to 5, refills (SM-11) and plays the 6: play deck 1 shows 6."""
    st = SpiteMalice.new_state(SpiteMaliceVariant(game_type="SNM_A_SHORT"))
    st.apply(Deal((tuple(parse_cards("2C 3C 4C 5C 9H")), tuple(parse_cards("3D 4D 5D 6D 2S")))))
    st.apply(Draw(tuple(parse_cards("AH 2H 3H 4H 5H"))))
    for c in parse_cards("AH 2H 3H 4H 5H"):
        st.apply(PlayHand(c, 0))
    st.apply(Draw(tuple(parse_cards("6S 9S KS 7C 7D"))))
    st.apply(PlayHand(parse_card("6S"), 0))
    return st


def test_refused_play_says_what_the_play_deck_needs():
    """SM-9: the reason names the value the play deck needs, the wild cards and the card refused."""
    st = _position()
    view = st.view(0)
    bad = PlayHand(parse_card("9S"), 0)
    text = explain_illegal(bad, view, st.why_illegal(bad))
    assert text == "play deck 1 needs a 7 (or a wild card: K), not 9♠ (SM-9)"
    empty = PlayHand(parse_card("9S"), 1)
    assert explain_illegal(empty, view, st.why_illegal(empty)).startswith("play deck 2 is empty: it needs an Ace")
    other = "you do not hold 8H"
    assert explain_illegal(PlayHand(parse_card("8H"), 0), view, other) == other
    assert [value_word(v) for v in (1, 7, 8, 12)] == ["an Ace", "a 7", "an 8", "a Queen"]


def test_autoplay_and_wild_marks():
    """SM-9: a natural 7 fits only P1 (autoplay); a wild K fits every deck, at different
    values, so autoplay asks; once played, the K shows the value it stands for."""
    st = _position()
    view = st.view(0)
    hand = sorted(view.hand, key=lambda c: (VALUE[c], c.order))  # 7C 7D 9S KS
    action, why = autoplay(view, f"hand:{hand.index(parse_card('7C'))}")
    assert action == PlayHand(parse_card("7C"), 0) and why == ""
    action, why = autoplay(view, f"hand:{hand.index(parse_card('KS'))}")
    assert action is None and "P1, P2, P3, P4" in why and "a or b or c or d" in why
    action, why = autoplay(view, f"hand:{hand.index(parse_card('9S'))}")
    assert action is None and "fits no play deck" in why
    assert describe_action(PlayHand(parse_card("KS"), 0), view) == "play K♠ from hand to play deck 1 (wild, as 7)"
    assert describe_action(Discard(parse_card("9S"), 2), view) == \
        "discard 9♠ from hand onto discard deck 3 (ends your turn)"
    st.apply(PlayHand(parse_card("KS"), 0))
    assert shown_value_label(st.view(0), 0) == "K=7"
    assert shown_value_label(st.view(0), 1) is None


def test_prompt_says_the_turn_ends_with_a_discard():
    """SM-12: the prompt says the turn ends only by discarding; with a card picked it names its targets."""
    st = _position()
    view = st.view(0)
    names = ["You", "Bix"]
    text = prompt(view, names)
    assert "turn 1" in text and "only discarding a hand card (q-r) ends the turn" in text
    picked = prompt(view, names, "hand:0")  # 7C fits P1
    assert picked.startswith("7♣ picked: a play it") and "q-r discard it (ends your turn)" in picked
    assert "it fits no play deck" in prompt(view, names, "hand:2")  # 9S
    assert "is playing" in prompt(st.view(1), names)


async def test_replay_draws_the_table_of_each_side(tmp_path):
    """Issue 24: a replay position drawn by the Spite & Malice table: both sides' play decks and
    stocks; seat 1's view does not show seat 0's hand, the omniscient panel does."""
    session = Session("spite_malice", {"game_type": "SNM_A_SHORT"}, ["ai:easy:You", "ai:easy:Bix"], seed=1,
                      write_log=False)
    session.state = _position()
    hand, top = parse_cards("7C"), parse_cards("9H")
    text = await replay_board(position_log(session, tmp_path, 0), (140, 40))
    assert shown_cards(text, hand) and shown_cards(text, top)  # seat 0's own hand, its stock's top
    bix = await replay_board(position_log(session, tmp_path, 1), (140, 40))
    assert not shown_cards(bix, hand) and shown_cards(bix, top)  # not seat 0's hand; a stock top is public
    everything = await replay_board(position_log(session, tmp_path, 1), (140, 40), keys=("a",))
    assert any(line.strip("│ ").startswith("You: ") and "7♣" in line for line in everything.splitlines())


def test_registered_table_screen():
    assert table_screen_class("spite_malice") is SpiteMaliceTableScreen


# ---------------------------------------------------------------------------
# The screen
# ---------------------------------------------------------------------------

@pytest.mark.slow
async def test_whole_game_by_keys_against_a_random_bot():
    """Every human move is typed as source key + target key (SM-8); the game ends (SM-13 win
    or SM-15 tie) in the summary; the board shows the stocks and play decks from the view."""
    s = session(seed=7)
    app = SMApp(s)
    async with app.run_test(size=SIZE) as pilot:
        typed = 0
        kinds = set()
        while True:
            await wait_for(pilot, lambda: ready(app))
            if s.is_over:
                break
            view = s.view(0)
            action = s.hint(0)  # the human plays like the easy bot, so the game is short
            kinds.add(type(action))
            # the board shows the view: both stock counts and every play deck's top
            table = app.table
            assert f"{view.stock_counts[0]} card" in str(table.query_one("#my-stock .pile-note").render())
            for j, deck in enumerate(view.play):
                assert table.query_one(f"#play-{j}", SMPile).card_widget.card == (deck[-1] if deck else None)
            before = len(my_moves(s))
            await press(pilot, *keys_for(view, action, table.hand_slots))
            await wait_for(pilot, lambda: s.is_over or len(my_moves(s)) > before)
            assert my_moves(s)[before] == str(action)
            typed += 1
        assert typed > 5 and {PlayHand, PlayStock, Discard} <= kinds
        await wait_for(pilot, lambda: isinstance(app.screen, SummaryScreen))
        assert s.view(0).is_over
        assert "The game is over" in status(app).prompt_text


async def test_pick_source_then_target_and_cancel():
    """A picked hand card is marked and its legal targets are lit; Esc drops it; an empty
    discard deck cannot be picked; a hand card then a discard deck key discards (SM-12)."""
    s = session(seed=3)
    app = SMApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: ready(app))
        table = app.table
        await press(pilot, "1")
        assert table.picked == "hand:0"
        assert table.query_one("#hand-0", SMPile).card_widget.selected
        view = s.view(0)
        lit = {j for j in range(4) if table.query_one(f"#play-{j}", SMPile).card_widget.cursor}
        card = hand_order(view)[0]
        assert lit == {a.deck for a in view.legal_actions() if isinstance(a, PlayHand) and a.card == card}
        assert "picked" in status(app).prompt_text
        await press(pilot, "escape")
        assert table.picked is None and not table.query_one("#hand-0", SMPile).card_widget.selected
        empty = next(i for i, d in enumerate(view.discards[0]) if not d)
        await press(pilot, DISCARD_KEYS[empty])
        assert table.picked is None and "is empty" in status(app).message_text
        before = len(my_moves(s))
        turns = view.turns
        await press(pilot, "2", DISCARD_KEYS[empty])
        await wait_for(pilot, lambda: len(my_moves(s)) > before)
        assert my_moves(s)[before] == str(Discard(hand_order(view)[1], empty))
        await wait_for(pilot, lambda: ready(app))
        assert s.view(0).turns >= turns + 1  # the discard ended the turn


def _find_unique_play(view):
    """A source whose card fits exactly one play deck (or only decks showing the same value)."""
    from tui.games.spite_malice.ui import source_card
    sources = [f"hand:{i}" for i in range(len(view.hand))] + ["stock"] + [f"discard:{i}" for i in range(4)]
    for src in sources:
        if source_card(view, src) is None:
            continue
        action, _ = autoplay(view, src)
        if action is not None:
            return src, action
    return None


async def test_autoplay_key_plays_to_the_only_play_deck():
    """Enter (or the source's key twice) plays the picked card where it fits (the seed's autoplay)."""
    for seed in range(1, 40):
        s = session(seed=seed)
        s.advance()
        while not s.is_over and s.to_move != 0:
            s.act(s.bot_choose())
        found = _find_unique_play(s.view(0)) if not s.is_over else None
        if found:
            break
    assert found, "no seed gives an autoplay position"
    src, action = found
    app = SMApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: ready(app))
        view = s.view(0)
        key = {"stock": STOCK_KEY}.get(src) or (HAND_KEYS if src.startswith("hand") else DISCARD_KEYS)[
            int(src.split(":")[1])]
        before = len(my_moves(s))
        await press(pilot, key, "enter")
        await wait_for(pilot, lambda: len(my_moves(s)) > before)
        assert my_moves(s)[before] == str(action)
        assert app.table.picked is None
        # a hand card that fits nowhere: autoplay explains and plays nothing
        await wait_for(pilot, lambda: ready(app))
        view = s.view(0)
        hand = app.table.hand_slots  # the keys stay on their cards within the turn
        misfit = [i for i, c in enumerate(hand) if c is not None
                  and not any(isinstance(a, PlayHand) and a.card == c for a in view.legal_actions())]
        if misfit and not s.is_over:
            n = len(s.history)
            await press(pilot, HAND_KEYS[misfit[0]], HAND_KEYS[misfit[0]])
            assert len(s.history) == n and "fits no play deck" in status(app).message_text


async def test_click_source_then_target():
    """Mouse: click a hand card, then a play deck it fits (or a discard deck)."""
    s = session(seed=3)
    app = SMApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: ready(app))
        view = s.view(0)
        table = app.table
        legal = view.legal_actions()
        plays = [a for a in legal if isinstance(a, PlayHand)]
        action = plays[0] if plays else next(a for a in legal if isinstance(a, Discard))
        i = hand_order(view).index(action.card)
        await pilot.click(table.query_one(f"#hand-{i}", SMPile).card_widget)
        assert table.picked == f"hand:{i}"
        target = (f"#play-{action.deck}" if isinstance(action, PlayHand) else f"#my-discard-{action.pile}")
        before = len(my_moves(s))
        await pilot.click(table.query_one(target, SMPile).card_widget)
        await wait_for(pilot, lambda: len(my_moves(s)) > before)
        assert my_moves(s)[before] == str(action)
        await wait_for(pilot, lambda: ready(app))
        if not s.is_over:  # the other player's piles cannot be played from (SM-8)
            await pilot.click(table.query_one("#opp-stock", SMPile).card_widget)
            assert "cannot play from" in status(app).message_text


async def test_illegal_move_says_why():
    """A hand card onto a play deck it does not fit: refused with the value the deck needs (SM-9)."""
    s = session(seed=3)
    app = SMApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: ready(app))
        view = s.view(0)
        legal = set(view.legal_actions())
        hand = hand_order(view)
        i, j = next((i, j) for i, c in enumerate(hand) for j in range(4) if PlayHand(c, j) not in legal)
        n = len(s.history)
        await press(pilot, HAND_KEYS[i], PLAY_KEYS[j])
        assert len(s.history) == n
        msg = status(app).message_text
        assert msg.startswith(f"play deck {j + 1}") and "needs a" in msg and hand[i].pretty in msg
        assert app.table.picked == f"hand:{i}"  # the pick stays for another try
        await press(pilot, PLAY_KEYS[j])
        assert status(app).message_kind == "error"


async def test_hint_picks_the_easy_bots_move():
    """h shows the easy bot's move in words and picks it; Enter plays exactly that move."""
    s = session(seed=3, bot="ai:easy")
    app = SMApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: ready(app))
        expected = s.hint(0)
        await press(pilot, "h")
        await wait_for(pilot, lambda: status(app).message_kind == "hint")  # sought in a worker thread
        msg = status(app).message_text
        assert msg.startswith("play ") or msg.startswith("discard ")
        assert ("to play deck" in msg) or ("onto discard deck" in msg)
        assert app.table.picked is not None and app.table.hint_target is not None
        before = len(my_moves(s))
        await press(pilot, "enter")
        await wait_for(pilot, lambda: len(my_moves(s)) > before)
        assert my_moves(s)[before] == str(expected)


async def test_narrow_terminal_layout_fits():
    """At 120x40 the right column narrows and every pile of the board is on screen."""
    s = session(seed=3)
    app = SMApp(s)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: ready(app))
        table = app.table
        assert table.query_one("#table-right").size.width <= 44
        for w in table.query(CardWidget):
            if w.display and w.parent.display:
                r = w.region
                assert r.right <= 120 and r.bottom <= 40 - 4, (w.parent.id, r)


async def test_hand_keys_stay_on_their_cards_within_a_turn():
    """Issue 11 part 6: after a play the other hand cards keep their keys (a planned
    "3 q" discarded the wrong card); the footer shows the keys that exist; the legal
    targets of a pick are lit."""
    from tui.games.spite_malice.ui import hand_keys_text
    for seed in range(1, 30):
        s = session(seed=seed)
        app = SMApp(s)
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: ready(app))
            table = app.table
            view = s.view(0)
            before = list(table.hand_slots)
            assert before == hand_order(view)
            plays = [a for a in view.legal_actions() if isinstance(a, PlayHand) and a.card in before[:2]]
            if len(before) < 4 or not plays:
                continue
            action = plays[0]
            i = before.index(action.card)
            await press(pilot, HAND_KEYS[i], PLAY_KEYS[action.deck])
            await wait_for(pilot, lambda: len(my_moves(s)) == 1)
            await wait_for(pilot, lambda: ready(app))
            if s.to_move != 0:
                continue
            slots = table.hand_slots
            assert slots[i] is None  # a gap where the played card was
            assert [c for j, c in enumerate(slots) if j != i] == [c for j, c in enumerate(before) if j != i]
            keys = hand_keys_text(slots)
            assert HAND_KEYS[i] not in keys.split() and keys.startswith("1" if i else "2")
            shown = {b.binding.key_display for b in table.active_bindings.values() if b.binding.id == "snm.hand-1"}
            assert shown == {keys}
            assert f"keys {keys})" in str(table.query_one("#snm-hand").border_title)
            await press(pilot, "3")
            assert table.picked == "hand:2" and table.query_one("#hand-2", SMPile).card_widget.card == before[2]
            view = s.view(0)
            lit = {t for t in ("play:0", "play:1", "play:2", "play:3", "discard:0", "discard:1", "discard:2",
                               "discard:3")
                   if table.query_one(f"#{'play' if t.startswith('play') else 'my-discard'}-{t[-1]}",
                                      SMPile).has_class("-target")}
            from tui.games.spite_malice.ui import legal_targets
            assert lit == set(legal_targets(view, "hand:2", slots)) and any(t.startswith("discard") for t in lit)
            await press(pilot, DISCARD_KEYS[0])
            await wait_for(pilot, lambda: len(my_moves(s)) == 2)
            assert my_moves(s)[1] == str(Discard(before[2], 0))
            return
    pytest.fail("no seed let the human play a low hand card and go on")


async def test_a_hand_key_without_a_card_says_where_the_cards_are():
    """Seen at 80x24: with 4 cards left, 5 (and 6-9) said only "Hand card: not at this step."."""
    s = session(seed=3)
    app = SMApp(s)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: ready(app))
        table = app.table
        await press(pilot, "9")
        await pilot.pause()
        assert status(app).message_text == "A hand holds 5 cards here: your hand cards are on 1-5."
        table.hand_slots[1] = None  # a card played from slot 2 leaves a gap within the turn
        table.refresh_bindings()
        await press(pilot, "2")
        await pilot.pause()
        assert status(app).message_text == "No hand card on 2 now: your hand cards are on 1 3-5."
        assert table.picked is None


def test_hand_keys_text_and_stable_hand():
    from tui.games.spite_malice.ui import hand_keys_text, stable_hand
    a, b, c = parse_cards("2H 5S 9C")
    assert hand_keys_text([a, b, c]) == "1-3" and hand_keys_text([None, b, c]) == "2-3"
    assert hand_keys_text([a, None, c, b]) == "1 3-4" and hand_keys_text([]) == ""

    class V:
        hand = (c, a)
    assert stable_hand(V(), [a, b, c]) == [a, None, c]  # b was played: a gap, the others stay
    V.hand = (c, a, b, b)
    assert stable_hand(V(), [a, None, c]) == sorted(V.hand, key=lambda x: (VALUE[x], x.order))  # a draw: afresh
