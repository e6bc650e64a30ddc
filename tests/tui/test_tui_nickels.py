"""The Nickels table screen (tui.games.nickels) driven by keys through Textual pilots:
a claim (NK-13c), going down meld by meld (NK-11, NK-11a), a layoff (NK-16), a joker
swap (NK-16) and the 12 hand (NK-20), from stacked deals so every hand is known; the
generic widgets it is made of (fan hand, melds panel, decision bar), its wording and
its replay renderer."""

from __future__ import annotations

import random
from typing import Iterable

import pytest

from engine.cards import parse_card, parse_cards
from engine.games.nickels.game import Claim, Decline, Discard, LayMeld, Layoff, Phase, Swap
from engine.games.nickels.melds import parse_meld
from engine.chance import RandomChance, StackedChance
from engine.session import Session
from tui.games.nickels.table import ClaimWindow, NickelsTableScreen
from tui.games.nickels.ui import contract_line, describe_action, hand_breakdown, missing_text
from tui.widgets.decision import DecisionBar
from tui.widgets.hand import FanHand
from tui.widgets.melds import MeldsPanel
from tui_support import position_log, replay_board, ScreenTestApp, press, wait_for

SEATS = ["human:Ann", "ai:easy:Bix", "ai:easy:Cy", "ai:easy:Dee"]
#: Bots' hands that can never go down in the 6 or 7 hand (every rank once, no joker).
JUNK = ["2C 3D 4H 6S 8C 10D JH", "3C 5D 6H 8S 10C QD KH", "2D 4S 5C 9H JC QS KC"]


class NKApp(ScreenTestApp):
    SCREEN = NickelsTableScreen


class Stacked(StackedChance):
    """The session's chance source: outcomes from :attr:`queue` (notation; None: at random);
    when round ``r`` is dealt, ``rounds[r]`` becomes the queue."""

    def __init__(self) -> None:
        super().__init__(then=RandomChance(1))
        self.rounds: dict[int, list[str | None]] = {}

    def sample(self, state):
        if state.phase == 1 and state.round_no in self.rounds:  # the deal of a stacked round
            self.stack(self.rounds.pop(state.round_no))
        return super().sample(state)


def make_session(seats: list[str] = SEATS, bots_pass: bool = True,
                 rules: dict | None = None) -> tuple[Session, Stacked]:
    stacked = Stacked()
    s = Session("nickels", rules, seats, seed=1, write_log=False, chance=stacked)
    if bots_pass:  # the bots take nothing and claim nothing (a pass is played whenever it is legal)
        for seat in range(1, len(seats)):
            s.set_standing_order(seat, "pass")
    return s, stacked


def deal(human: str, size: int) -> str:
    return "deal " + " / ".join([human] + [" ".join(j.split()[:size]) for j in JUNK])


def ready(app: NKApp) -> bool:
    return app.session.is_over or (app.screen is app.table and app.table.human_turn())


async def select(pilot, cards: Iterable[str]) -> None:
    """Select ``cards`` in the hand with ←/→ and space, as a player would."""
    hand = pilot.app.table.query_one(FanHand)
    for text in cards:
        card = parse_card(text)
        i = next(i for i, c in enumerate(hand.cards) if c is card and i not in hand.selected)
        delta = i - hand.cursor
        await press(pilot, *(["right"] * delta if delta > 0 else ["left"] * -delta), "space")


def status(app: NKApp):
    return app.table.query_one("#status")


# ---------------------------------------------------------------------------
# A claim (NK-13c) through the decision bar, then going down (NK-11, NK-11a) and a layoff (NK-16)
# ---------------------------------------------------------------------------

async def test_claim_going_down_and_a_layoff_by_keys():
    s, stack = make_session()
    stack.stack(["dealer 0", deal("7C 7D 7H 9S 9H 2D", 6), "upcard 9D", "penalty KC", None, None, None,
                   "draw 9C", None, None, None, "draw 5H"])
    app = NKApp(s)
    async with app.run_test(size=(160, 50)) as pilot:
        t = app.table
        await wait_for(pilot, lambda: ready(app))
        view = t.view
        assert view.phase == Phase.OFFER and view.to_move == 0 and view.discards[-1] == parse_card("9D")
        bar = t.query_one(DecisionBar)
        assert bar.question == "Claim 9♦ (+1 face-down penalty card)? c claim, Space pass"
        await press(pilot, "c")
        assert (0, "claim") in s.history
        await wait_for(pilot, lambda: ready(app))
        view = t.view
        assert view.claims[0] == 1 and parse_card("9D") in view.hand and parse_card("KC") in view.hand
        # offers of the bots' discards: pass with space, until it is Ann's turn
        while t.view.phase == Phase.OFFER:
            await press(pilot, "space")
            await wait_for(pilot, lambda: ready(app))
        assert t.view.phase == Phase.ACQUIRE and t.view.turn == 0
        await press(pilot, "p")  # pass the top discard: draw 9C
        await wait_for(pilot, lambda: ready(app))
        assert t.view.phase == Phase.PLAY and parse_card("9C") in t.view.hand
        assert "need 2 books" not in status(app).prompt_text and "you hold it" in status(app).prompt_text
        # a refused meld says why, with the rule
        await select(pilot, ["7C", "9S", "2D"])
        await press(pilot, "m")
        assert "NK-7" in status(app).message_text and "NK-8" in status(app).message_text
        await press(pilot, "escape")
        await select(pilot, ["7C", "7D", "7H"])
        await press(pilot, "m")
        await wait_for(pilot, lambda: ready(app))
        assert [tm.meld.text() for tm in t.view.melds] == ["7C 7D 7H"]
        assert "still to lay 1 book" in status(app).prompt_text
        await select(pilot, ["2D"])
        await press(pilot, "d")  # no discard while going down (NK-11a)
        assert "NK-11" in status(app).message_text
        await press(pilot, "escape")
        await select(pilot, ["9S", "9H", "9D"])
        await press(pilot, "m")
        await wait_for(pilot, lambda: ready(app))
        assert t.view.down_turn[0] == t.view.turn_no and "You are down" in status(app).prompt_text
        # no lay off nor joker swap on the turn of going down (NK-15): o and w are not offered, o says why
        offered = {ab.binding.id for ab in t.active_bindings.values() if ab.binding.show and ab.enabled}
        assert "nk.layoff" not in offered and "nk.swap" not in offered and "nk.discard" in offered
        await press(pilot, "o")
        assert "NK-15" in status(app).message_text
        panel = t.query_one(MeldsPanel)
        chip = panel.chip(t.view.melds[1].id)
        assert chip is not None and "m2 ▸ 9♦9♥9♠" in chip.plain and "│9♦│9♥│9♠ │" in str(chip.render())
        await select(pilot, ["2D"])
        await press(pilot, "d")
        await wait_for(pilot, lambda: ready(app))
        while t.view.phase == Phase.OFFER:
            await press(pilot, "space")
            await wait_for(pilot, lambda: ready(app))
        await press(pilot, "p")
        await wait_for(pilot, lambda: ready(app))
        assert panel.chip(2) is chip  # keyed by meld id: not remounted
        # lay off 9C on m2: select it, o, type 2
        await select(pilot, ["9C"])
        await press(pilot, "o")
        assert "Lay off 9♣ on meld m_" in t.query_one(DecisionBar).question
        await press(pilot, "2")
        await wait_for(pilot, lambda: ready(app))
        assert (0, "layoff 9C m2") in s.history
        assert sorted(t.view.melds[1].meld.text().split()) == ["9C", "9D", "9H", "9S"]
        await pilot.pause()
        await pilot.pause()
        shown = str(chip.render()).split("\n")
        # the card just laid off stands out (heavy edge) until the next move of yours
        assert chip.plain == "m2 ▸ 9♣9♦9♥9♠ book" and shown[2] == "┃9♣│9♦│9♥│9♠ │"
        assert chip.size.width >= max(len(r) for r in shown) and chip.size.height == len(shown)  # refitted at once
        # a layoff that breaks a rule is refused with the engine's sentence
        await select(pilot, ["KC"])
        await press(pilot, "o")  # no card fits a meld: o is not offered and says why
        assert "NK-16" in status(app).message_text
        await press(pilot, "1")
        assert "o or w" in status(app).message_text


# ---------------------------------------------------------------------------
# A run with a joker that names its card, then a joker swap (NK-9, NK-16)
# ---------------------------------------------------------------------------

def fast_forward(s: Session, rounds: int) -> None:
    """Play the first ``rounds`` rounds with random moves (rounds end by NK-19a's cap)."""
    rng = random.Random(2)
    s.advance()
    while s.state.round_no < rounds:
        s.act(rng.choice(s.view(s.to_move).legal_actions()))


async def test_a_run_with_a_joker_and_a_joker_swap():
    s, stack = make_session(bots_pass=False, rules={"max_turns_per_round": 10})
    stack.stack(["dealer 3"])
    stack.rounds[1] = [deal("4C 4D 4S 5H 7H 8H JK", 7), "upcard 10S", "penalty QC", None, None, None, "draw KD",
                   None, None, None, "draw 6H"]
    fast_forward(s, 1)
    for seat in (1, 2, 3):
        s.set_standing_order(seat, "pass")
    assert s.state.round_no == 1 and s.state.turn_seat == 1  # the 7 hand: Bix plays first
    app = NKApp(s)
    async with app.run_test(size=(160, 50)) as pilot:
        t = app.table
        await wait_for(pilot, lambda: ready(app))
        assert contract_line(t.view) == "7 hand: 1 book + 1 run"
        await press(pilot, "c")
        await wait_for(pilot, lambda: ready(app))
        while t.view.phase == Phase.OFFER:
            await press(pilot, "space")
            await wait_for(pilot, lambda: ready(app))
        await press(pilot, "p")
        await wait_for(pilot, lambda: ready(app))
        await select(pilot, ["4C", "4D", "4S"])
        await press(pilot, "m")
        await wait_for(pilot, lambda: ready(app))
        await select(pilot, ["5H", "7H", "8H", "JK"])
        await press(pilot, "m")
        await wait_for(pilot, lambda: ready(app))
        run = [tm for tm in t.view.melds if tm.owner == 0 and tm.meld.is_run][0]
        assert run.meld.text() == "5H JK=6H 7H 8H"
        chip = t.query_one(MeldsPanel).chip(run.id)
        assert "JK(6)" in chip.plain and "╰6♥" in str(chip.render())  # the card the joker stands for, under it
        await select(pilot, ["10S"])
        await press(pilot, "d")
        await wait_for(pilot, lambda: ready(app))
        while t.view.phase == Phase.OFFER:
            await press(pilot, "space")
            await wait_for(pilot, lambda: ready(app))
        await press(pilot, "p")
        await wait_for(pilot, lambda: ready(app))
        assert parse_card("6H") in t.view.hand
        await select(pilot, ["6H"])
        await press(pilot, "w", str(run.id))
        await wait_for(pilot, lambda: ready(app))
        assert s.history[-1] == (0, f"swap 6H m{run.id}")
        assert parse_card("JK") in t.view.hand
        assert [tm for tm in t.view.melds if tm.id == run.id][0].meld.text() == "5H 6H 7H 8H"
        # the joker goes on at either end of the run: the bar asks which card it stands for
        await select(pilot, ["JK"])
        await press(pilot, "o", str(run.id))
        question = t.query_one(DecisionBar).question
        assert question.startswith("Which? 1 ") and "joker as 4♥" in question and "joker as 9♥" in question
        await press(pilot, "2")
        await wait_for(pilot, lambda: ready(app))
        assert s.history[-1][1].startswith("layoff JK=") and s.history[-1][1].endswith(f"m{run.id}")


# ---------------------------------------------------------------------------
# The 12 hand: three runs with every card, no discard (NK-20)
# ---------------------------------------------------------------------------

async def test_the_12_hand_goes_out_with_three_runs_and_no_discard():
    s, stack = make_session(bots_pass=False, rules={"max_turns_per_round": 10})
    stack.stack(["dealer 1"])
    junk12 = ["2C 3D 4H 6S 8C 10D JH 2H 3S 5C 7D 9H", "3C 5D 6H 8S 10C QD KH 4D 7S 9C JD 2S",
              "2D 4S 5S 9H JC QS KC 6C 8D 10S AD 3H"]
    stack.rounds[6] = ["deal " + " / ".join(["2C 3C 4C 5C 6D 7D 8D 9D 10H JH QH KH"] + junk12), "upcard AS",
                       "draw AH"]
    fast_forward(s, 6)
    for seat in (1, 2, 3):
        s.set_standing_order(seat, "pass")
    app = NKApp(s)
    async with app.run_test(size=(160, 50)) as pilot:
        t = app.table
        await wait_for(pilot, lambda: ready(app))
        assert contract_line(t.view) == "12 hand: 3 runs, every card, no discard"
        assert t.view.turn == 0 and t.view.phase == Phase.ACQUIRE
        await press(pilot, "p")
        await wait_for(pilot, lambda: ready(app))
        assert "12 hand" in status(app).prompt_text and "you hold it" in status(app).prompt_text
        for run in (["2C", "3C", "4C", "5C"], ["6D", "7D", "8D", "9D"], ["10H", "JH", "QH", "KH", "AH"]):
            await select(pilot, run)
            await press(pilot, "m")
            await wait_for(pilot, lambda: s.is_over or ready(app))
        assert s.is_over and s.state.out_seat == 0
        assert [n for a, n in s.history if a == 0][-1] == "meld 10H JH QH KH AH"
        assert s.state.round_scores[-1][0] == 0


# ---------------------------------------------------------------------------
# Several people at one terminal: one public claim window, no hand-off per discard
# ---------------------------------------------------------------------------

async def test_one_public_claim_window_for_several_people():
    s, stack = make_session(seats=["human:Ann", "ai:easy:Bix", "human:Cy", "ai:easy:Dee"], bots_pass=False)
    for seat in (1, 3):
        s.set_standing_order(seat, "pass")
    stack.stack(["dealer 0", deal("7C 7D 7H 9S 9H 2D", 6), "upcard 9D", "penalty KC"])
    app = NKApp(s)
    async with app.run_test(size=(160, 50)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ClaimWindow))
        window = app.screen
        assert set(window.keys.values()) == {0, 2}
        text = str(window._text.render())
        assert "9♦ is offered" in text and "Ann: press a" in text and "Cy: press c" in text
        await press(pilot, "a", "enter")  # Ann claims, Cy passes: the session plays both in turn order
        await wait_for(pilot, lambda: any(n == "claim" for a, n in s.history))
        assert (2, "pass") in s.history and (0, "claim") in s.history
        assert s.history.index((2, "pass")) < s.history.index((0, "claim"))  # NK-13c: Cy is asked first


# ---------------------------------------------------------------------------
# Widgets, wording and replay
# ---------------------------------------------------------------------------

async def test_fan_hand_groups_by_suit_or_rank_and_keeps_the_selection():
    from textual.app import App

    cards = parse_cards("KH 2C 7H 7C JK AS 2H 7S 9D 10C 3D 4D 5D 6D QS QC 8H 9H 10H JH 4C 5C")

    class HandApp(App):
        def compose(self):
            yield FanHand(id="h")

    app = HandApp()
    async with app.run_test(size=(80, 24)) as pilot:
        hand = app.query_one(FanHand)
        hand.set_cards(cards)
        await pilot.pause()
        assert [c.text for c in hand.cards[:4]] == ["2C", "4C", "5C", "7C"] and hand.cards[-1].is_joker
        hand.select_cards(parse_cards("7H 7C"))
        assert hand.toggle_group() == "rank"
        assert [c.text for c in hand.cards[:3]] == ["2C", "2H", "3D"]
        assert sorted(c.text for c in hand.selected_cards()) == ["7C", "7H"]
        assert hand.compact and len(hand._slots) == 22  # 22 cards wrap as one-line cards


def test_prompt_says_what_the_contract_still_needs():
    from engine.games.nickels.game import Nickels, NickelsVariant

    st = Nickels.new_state(NickelsVariant(), 4)
    st.apply(st.sample_chance(random.Random(1)))  # the dealer; then put the state in the 8 hand (2 runs)
    st.round_no = 2
    st.hands[0] = list(parse_cards("5H 6H 7H 8H 2C 9S KD QD"))
    view = st.view(0)
    assert missing_text(view) == "need 2 runs; you have one: 5♥6♥7♥8♥"
    assert contract_line(view) == "8 hand: 2 runs"


def test_describe_and_breakdown():
    # in a sentence (the hint, the bar's "Enter: ...") the cards are spaced, as every other line writes them
    assert describe_action(LayMeld(parse_meld("5H JK=6H 7H 8H"))) == "lay the run 5♥ JK(6) 7♥ 8♥"
    assert describe_action(Layoff(parse_card("JK"), 4, parse_card("6C"))) == "lay off a joker as 6♣ on m4"
    assert describe_action(Swap(parse_card("5S"), 4)) == "put 5♠ in m4 and take its joker"
    assert describe_action(Discard(parse_card("7H"))) == "discard 7♥"
    assert describe_action(Claim()) .startswith("claim") and describe_action(Decline()) == "pass"
    data = {"hand": 0, "scores": [0.0, 40.0, 10.0], "totals": [0.0, 40.0, 10.0], "out": 0,
            "left": ["", "KD 5C", "10S"], "melded": [True, False, True], "unmelded": 25}
    assert hand_breakdown(data, ["Ann", "Bix", "Cy"]) == "Ann went out; Bix 40 (K♦ 5♣ + 25 not down); Cy 10 (10♠)"
    assert hand_breakdown(data, ["Ann", "Bix", "Cy"], ascii_only=True) == \
        "Ann went out; Bix 40 (KD 5C + 25 not down); Cy 10 (10S)"


@pytest.mark.parametrize("size", [(80, 24), (120, 36)])
async def test_the_replay_draws_the_table_of_a_seat_and_hides_other_hands(tmp_path, size):
    """Issue 24: a replay position is drawn by the Nickels table, read-only: Cy's view shows the
    contract and the discard pile, not Ann's hand; the omniscient panel (a) shows every hand."""
    s, stack = make_session(seats=["ai:easy:Ann", "ai:easy:Bix", "ai:easy:Cy", "ai:easy:Dee"], bots_pass=False)
    stack.stack(["dealer 0", deal("7C 7D 7H 9S 9H 2D", 6), "upcard 9D"])
    s.advance()
    text = await replay_board(position_log(s, tmp_path, 2), size)
    assert "6 hand: 2 books" in text and "Cy's view" in text
    assert "Discard 1: 9♦" in text or "Discard pile 1" in text  # one-line or big cards
    assert "7♣" not in text  # Ann's hand is hidden from Cy
    everything = await replay_board(position_log(s, tmp_path, 2), size, keys=("a",))
    assert "Everything (omniscient)" in everything
    assert any(line.strip("│ ").startswith("Ann: ") and "7♣" in line for line in everything.splitlines())


@pytest.mark.parametrize("size", [(160, 50), (100, 30), (80, 24)])
async def test_the_table_fits_with_a_20_card_hand(size):
    """Every hand card, the melds panel, the prompt and the footer on screen with 20+ cards."""
    from test_tui_layout import assert_on_screen, assert_table_fits

    s, stack = make_session()
    stack.stack(["dealer 0", deal("7C 7D 7H 9S 9H 2D", 6), "upcard 9D"])
    app = NKApp(s)
    async with app.run_test(size=size) as pilot:
        t = app.table
        await wait_for(pilot, lambda: ready(app))
        t.view.hand  # noqa: B018
        big = parse_cards("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 2D 3D 4D 5D 6D 7D 8D 9D JK")
        t.hand.set_cards(big)
        await pilot.pause()
        await pilot.pause()
        assert_table_fits(t)
        for i, w in enumerate(t.hand._slots):
            assert_on_screen(w, f"hand card {i}")
        assert_on_screen(t.query_one(MeldsPanel), "the melds panel")
        assert_on_screen(t.query_one(DecisionBar), "the decision bar")


async def test_a_joker_that_can_stand_for_two_cards_is_asked_and_a_hint_lays_its_own_arrangement():
    """6♥7♥8♥ and a joker form two runs (the joker as 5♥ or 9♥): the decision bar asks
    which (1 or 2); after ``h`` the same cards and ``m`` lay the hint's arrangement."""
    s, stack = make_session(bots_pass=False, rules={"max_turns_per_round": 10})
    stack.stack(["dealer 3"])
    stack.rounds[1] = [deal("4C 4D 4S 6H 7H 8H JK", 7), "upcard 10S", "penalty QC", None, None, None, "draw KD"]
    fast_forward(s, 1)
    for seat in (1, 2, 3):
        s.set_standing_order(seat, "pass")
    app = NKApp(s)
    async with app.run_test(size=(120, 36)) as pilot:
        t = app.table
        await wait_for(pilot, lambda: ready(app))
        await press(pilot, "c")
        await wait_for(pilot, lambda: ready(app))
        while t.view.phase == Phase.OFFER:
            await press(pilot, "space")
            await wait_for(pilot, lambda: ready(app))
        await press(pilot, "p")
        await wait_for(pilot, lambda: ready(app))
        await select(pilot, ["4C", "4D", "4S"])
        await press(pilot, "m")
        await wait_for(pilot, lambda: ready(app))
        await select(pilot, ["6H", "7H", "8H", "JK"])
        await press(pilot, "m")
        assert t.query_one(DecisionBar).question.startswith("Which? 1 JK(5)6♥7♥8♥  2 6♥7♥8♥JK(9)")
        await press(pilot, "escape")
        assert not t.query_one(DecisionBar).question and not t.hand.selected
        hinted = LayMeld(parse_meld("6H 7H 8H JK=9H"))
        t.show_hint(hinted)  # as the hint worker shows it: the cards are selected
        await press(pilot, "m")
        await wait_for(pilot, lambda: ready(app))
        assert s.history[-1] == (0, "meld 6H 7H 8H JK=9H")
