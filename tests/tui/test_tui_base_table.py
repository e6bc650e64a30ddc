"""The game-independent table screen (tui.screens.base_table), the table-screen
registry (tui.screens), generic summary and narration, and card drawing for
any card (joker, face-down back, small and big forms, clickable widgets).

A tiny fake game screen that only knows "play the first legal action" drives
a real Nags session, so what is proven here is the base alone: bots (NA-11..
NA-17 played by the engine's random bots), hand-off, undo and the end of the
match (NA-21)."""

from __future__ import annotations


import pytest
from rich.console import Console
from textual.app import App
from textual.binding import Binding
from textual.widgets import Static

from engine.cards import Card, Suit, parse_card, pretty_text
from engine.config import TableConfig
from engine.games.nags.game import Buy, ChooseDirection, DoneBuying, Pass, Turn
from engine.seats import SeatSpec
from engine.session import Session
from tui_support import ScreenTestApp, press, wait_for
from tui.screens import TABLE_SCREENS, TableScreenError, table_screen_class, table_screen_for
from tui.screens.base_table import COMMON_BINDINGS, BaseTableScreen, hand_results_from_history
from tui.screens.hand_result import HandResultScreen
from tui.screens.handoff import HandoffScreen
from tui.screens.summary import SummaryScreen, summary_table
from tui.games.nags.table import NagsTableScreen
from tui.widgets.cards import (THEME_DEFAULTS, CardWidget, SmallCard, card_big, card_label, card_rows,
                               card_small)
from tui.widgets.gamelog import GameLog
from tui.widgets.narration import format_points, hand_scores_line
from tui.widgets.scoreboard import MatchScoreboard
from tui.widgets.status import StatusLine

SIZE = (140, 44)


class FakeGameScreen(BaseTableScreen):
    """A game screen with no game knowledge: x plays the first legal action,
    y tries an action that is not legal now."""

    BINDINGS = [
        Binding("x", "first", "First legal", id="fake.first"),
        Binding("y", "illegal", "Illegal", id="fake.illegal"),
    ]

    def __init__(self, session, pace: float = 0.0) -> None:
        super().__init__(session, pace=pace)
        self.resets = 0
        self.draws: list[tuple[int, bool, tuple]] = []
        self.hints: list = []
        self.tried: list = []

    def compose_table(self):
        yield Static("", id="fake-board", classes="table-panel")

    def refresh_view(self, view) -> None:
        hand = () if self.covered else tuple(view.hand)
        self.draws.append((view.seat, self.covered, hand))
        self.query_one("#fake-board", Static).update("covered" if self.covered else " ".join(c.text for c in hand))

    def prompt(self, view) -> str:
        return f"fake prompt for seat {view.seat}"

    def check_game_action(self, action, parameters):
        return self.human_turn() if action in ("first", "illegal") else True

    def reset_input(self) -> None:
        self.resets += 1

    def show_hint(self, action) -> None:
        self.hints.append(action)
        super().show_hint(action)

    def action_first(self) -> None:
        self.human_act(self.legal()[0])

    def action_illegal(self) -> None:
        legal = self.legal()
        candidates = [Pass(), Turn(), DoneBuying(), ChooseDirection(1), Buy(2)]
        action = next(a for a in candidates if a not in legal)
        self.tried.append(action)
        self.human_act(action)


class BaseApp(ScreenTestApp):
    SCREEN = FakeGameScreen


def nags(seats: list[str], seed: int = 7, **rules) -> Session:
    return Session("nags", rules, seats, seed=seed, write_log=False)






def ready(app: BaseApp) -> bool:
    t = app.table
    return (app.session.is_over or isinstance(app.screen, (HandoffScreen, HandResultScreen))
            or (app.screen is t and t.human_turn()))


def test_common_bindings_follow_the_games_own():
    ids = [b.id for b in FakeGameScreen.BINDINGS]
    assert ids == ["fake.first", "fake.illegal"] + [b.id for b in COMMON_BINDINGS]
    nags_ids = [b.id for b in NagsTableScreen.BINDINGS]
    assert nags_ids[-len(COMMON_BINDINGS):] == [b.id for b in COMMON_BINDINGS] and nags_ids[0] == "table.left"


@pytest.mark.slow
async def test_base_alone_plays_a_match_to_the_summary():
    """Bots move through the worker, the human through x; the match (NA-21, 2 games) ends in the summary
    with the per-game points the engine kept."""
    session = nags(["human", "ai:random", "ai:random"], seed=11, match_games=2)
    app = BaseApp(session)
    async with app.run_test(size=SIZE) as pilot:
        moves = 0
        while True:
            await wait_for(pilot, lambda: ready(app))
            if session.is_over:
                break
            if isinstance(app.screen, HandResultScreen):  # the finished hand's result waits for a key
                await press(pilot, "space")
                await wait_for(pilot, lambda: not isinstance(app.screen, HandResultScreen))
                continue
            status = app.table.query_one(StatusLine)
            assert status.prompt_text == "fake prompt for seat 0"
            n = len(session.history)
            await press(pilot, "x")
            await wait_for(pilot, lambda: len(session.history) > n)
            moves += 1
        await wait_for(pilot, lambda: isinstance(app.screen, SummaryScreen))
        assert moves and {1, 2} <= {actor for actor, _ in session.history}
        expected = [[h / 2 for h in game] for game in session.view(0).history]  # NA-19 half points
        assert app.screen.hand_scores == expected and len(expected) == 2
        assert app.screen.totals == session.state.scores()
        log = app.table.query_one(GameLog).lines_text
        assert any(line.startswith("Hand 1: ") and "Match:" in line for line in log)
        assert any(line.startswith("Hand 2: ") for line in log)
        assert isinstance(app.table.query_one("#scoreboard"), MatchScoreboard)
        assert app.table.resets == moves


async def test_thinking_cue_while_a_bot_chooses():
    session = nags(["human", "ai:random"], seed=4)
    app = BaseApp(session, pace=0.4)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: ready(app))
        await press(pilot, "x")
        if session.is_over:
            pytest.fail("seed 4 ended at once")  # pragma: no cover
        await wait_for(pilot, lambda: app.table.thinking == 1)
        assert app.table.query_one(StatusLine).prompt_text == f"{session.names[1]} is thinking…"
        assert not app.table.human_turn()


async def test_handoff_covers_the_table_between_humans():
    session = nags(["human:Ann", "human:Ben", "ai:random"], seed=2)
    app = BaseApp(session)
    async with app.run_test(size=SIZE) as pilot:
        seen = set()
        for _ in range(6):
            await wait_for(pilot, lambda: ready(app))
            if session.is_over:
                break
            assert isinstance(app.screen, HandoffScreen)
            seat = session.to_move
            assert app.screen.player == session.names[seat]
            assert app.table.draws[-1][1:] == (True, ())  # covered: no card drawn
            resets = app.table.resets
            await press(pilot, "enter")
            await wait_for(pilot, lambda: app.screen is app.table and app.table.human_turn())
            assert app.table.shown_seat == seat and app.table.resets == resets + 1
            assert app.table.draws[-1] == (seat, False, tuple(session.view(seat).hand))
            seen.add(seat)
            n = len(session.history)
            await press(pilot, "x")
            await wait_for(pilot, lambda: len(session.history) > n)
        assert seen == {0, 1}


async def test_undo_and_stale_bot_moves_are_dropped():
    session = nags(["human", "ai:random", "ai:random"], seed=3)
    app = BaseApp(session)
    async with app.run_test(size=SIZE) as pilot:
        t = app.table
        await wait_for(pilot, lambda: ready(app))
        n0, hand0 = len(session.history), session.view(0).hand
        assert not t.check_action("undo", ())
        await press(pilot, "x")
        await wait_for(pilot, lambda: ready(app) and len(session.history) > n0 + 1)
        assert not session.is_over and t.check_action("undo", ())
        resets = t.resets
        await press(pilot, "z")
        await wait_for(pilot, lambda: ready(app))
        assert len(session.history) == n0 and session.view(0).hand == hand0
        assert t.resets == resets + 1
        status = t.query_one(StatusLine)
        assert status.message_text == "Move taken back: decide again."
        assert "back" in t.query_one(GameLog).lines_text[-1]
        # A bot move chosen before the undo (older generation) is ignored even for the seat to move.
        legal = session.view(0).legal_actions()
        t.post_message(BaseTableScreen.BotMoved(0, legal[0], t._generation - 1))
        await pilot.pause(0)
        await pilot.pause(0)
        assert len(session.history) == n0


async def test_illegal_action_shows_the_engine_reason_and_hint_goes_to_the_hook():
    session = nags(["human", "ai:random"], seed=9)
    app = BaseApp(session)
    async with app.run_test(size=SIZE) as pilot:
        t = app.table
        await wait_for(pilot, lambda: ready(app))
        n = len(session.history)
        await press(pilot, "y")
        status = t.query_one(StatusLine)
        assert status.message_kind == "error"
        assert status.message_text == session.why_illegal(t.tried[-1])
        assert len(session.history) == n
        # the screen does not check a move itself: Session.act does, once
        asked = []
        why = session.why_illegal
        session.why_illegal = lambda a: asked.append(a) or why(a)
        await press(pilot, "y")
        assert status.message_kind == "error" and asked == [] and len(session.history) == n
        session.why_illegal = why
        await press(pilot, "h")
        await wait_for(pilot, lambda: bool(t.hints))  # the hint is sought in a worker thread
        hint = session.hint_with_reason(0)
        assert t.hints == [hint.action]
        more = " (h: figures)" if hint.details else ""
        words = pretty_text(str(hint.action))  # the default describe_action: cards as the table writes them
        assert status.message_kind == "hint" and status.message_text == f"{words} — {hint.reason}{more}"
        # issue 22: the reason is words; h again on the same position shows the figures, without a new search
        assert "%" not in hint.reason and "trial games:" not in hint.reason and "trial games:" in hint.details
        await press(pilot, "h")
        assert t.hints == [hint.action] and status.message_kind == "hint"
        assert status.message_text == (hint.details
                                       or "no trial games behind this hint: a rule of thumb, or the only move")
        # seen in Nogginate: after Esc cleared the hinted cards, h showed the figures for ever; h a
        # third time shows the hint again (its move too, no new search), a fourth the figures
        await press(pilot, "h")
        assert t.hints == [hint.action, hint.action]
        assert status.message_text == f"{words} — {hint.reason}{more}"
        await press(pilot, "h")
        assert len(t.hints) == 2 and status.message_text.startswith(hint.details or "no trial games")


# -- registry -----------------------------------------------------------------------------------

def test_registry_gives_the_nags_screen():
    assert TABLE_SCREENS["nags"] == "tui.games.nags.table:NagsTableScreen"
    cls = table_screen_class("nags")
    assert cls is NagsTableScreen and issubclass(cls, BaseTableScreen)
    screen = table_screen_for(nags(["human", "ai:random"]), pace=0.25)
    assert isinstance(screen, NagsTableScreen) and screen.pace == 0.25


def test_registry_errors_are_one_sentence(monkeypatch):
    monkeypatch.delitem(TABLE_SCREENS, "nogginate")
    with pytest.raises(TableScreenError, match="Nogginate cannot be played at the table yet"):
        table_screen_class("nogginate", "Nogginate")
    monkeypatch.setitem(TABLE_SCREENS, "zz", "tui.screens.no_such_module:Screen")
    with pytest.raises(TableScreenError, match="could not be loaded"):
        table_screen_class("zz")
    monkeypatch.setitem(TABLE_SCREENS, "zz", "tui.games.nags.table:NoSuchClass")
    with pytest.raises(TableScreenError, match="could not be loaded"):
        table_screen_class("zz")


async def test_app_without_a_table_screen_notifies_instead_of_failing(tmp_path, monkeypatch):
    from tui.app import CardtableApp, binding_ids

    assert {"table.undo", "table.value-j", "table.play"} <= set(binding_ids())
    monkeypatch.delitem(TABLE_SCREENS, "nags")
    table = TableConfig(game="nags", seats=[SeatSpec("human"), SeatSpec("ai", "random")],
                        log_dir=tmp_path / "logs", pace=0.0)
    app = CardtableApp(table)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = app.screen
        assert app.start_table(table) is False
        await pilot.pause()
        assert app.screen is before
        texts = [n.message for n in app._notifications]
        assert any("no table screen" in m for m in texts)
    assert not list((tmp_path / "logs").glob("*.jsonl"))  # no log for a match that never started


# -- summary, narration, resumed scores ---------------------------------------------------------

class _State:
    def __init__(self, totals, winners):
        self._totals, self._winners = totals, winners

    def scores(self):
        return list(self._totals)

    def winners(self):
        return list(self._winners)


class _Session:
    names = ["Ann", "Bix", "Cy"]

    def __init__(self, totals, winners):
        self._state = _State(totals, winners)

    def scores(self):
        return self._state.scores()

    def winners(self):
        return self._state.winners()


def test_summary_table_shows_negative_and_fractional_points():
    table = summary_table(["Ann", "Bix"], [[-3.0, 7.5], [2.0, -0.25]], [-1.0, 7.25], [0], hand_word="Hand")
    console = Console(width=100, record=True)
    console.print(table)
    text = console.export_text()
    for cell in ("-3", "7.5", "-0.25", "-1", "7.25", "Scores (hands 1-2)", "Ann  (winner)"):
        assert cell in text
    assert "7.50" not in text and "-3.0" not in text
    assert [format_points(x) for x in (10, 6.5, -2, 0.125)] == ["10", "6.5", "-2", "0.12"]


async def test_summary_screen_for_a_lowest_wins_game():
    session = _Session([12.0, -4.0, 30.5], winners=[1])
    screen = SummaryScreen(session, [[2.0, -4.0, 0.5]], hand_word="Hand")
    assert screen.totals == [12.0, -4.0, 30.5] and screen.hand_scores == [[2.0, -4.0, 0.5]]
    assert screen.winners_text() == "Winner: Bix"


def test_a_remote_seats_summary_offers_no_play_again():
    """After a match at a table server only the host can start another: a joined seat's summary
    neither shows "Play again" nor offers r (it used to fail with a notice)."""
    local = _Session([1.0, 2.0, 3.0], winners=[0])
    remote = _Session([1.0, 2.0, 3.0], winners=[0])
    remote.url = "ws://127.0.0.1:8765"  # as net.client.RemoteSession has
    assert SummaryScreen(local).check_action("play_again", ()) is True
    assert SummaryScreen(remote).check_action("play_again", ()) is False


def test_generic_narration():
    line = hand_scores_line({"hand": 1, "scores": [-2.0, 5.5], "totals": [3.0, 5.5]}, ["Ann", "Bix"])
    assert line == "Hand 2: Ann -2, Bix 5.5. Match: Ann 3, Bix 5.5."


def test_hand_results_rebuilt_from_history_match_the_events():
    """A resumed match's finished games (NA-20/NA-21) are rebuilt from the history."""
    session = nags(["ai:random"] * 3, seed=5, match_games=3)
    seen = {}
    for e in session.advance():
        assert e.kind != "hand_over"
    while not session.is_over:
        for e in session.act(session.bot_choose()):
            if e.kind == "hand_over":
                seen[e.data["hand"]] = e.data
    rebuilt = hand_results_from_history(session)
    assert sorted(rebuilt) == [0, 1, 2]
    assert rebuilt == seen


# -- cards ----------------------------------------------------------------------------------------

def test_small_and_big_forms_of_any_card():
    joker, ten = Card.joker(), parse_card("10H")
    assert card_label(ten) == "10♥" and card_label(ten, True) == "10H"
    assert card_label(joker) == "JK" and card_label(joker, True) == "JK"
    assert card_label(ten, face_up=False) == "░░" and card_label(ten, True, face_up=False) == "##"
    assert card_label(None) == "--"
    assert card_rows(joker) == ["JK   ", "JOKER", "   JK"]
    assert card_rows(ten, True) == ["10   ", "  H  ", "   10"]
    assert card_rows(ten, face_up=False) == ["░░░░░"] * 3
    for card, up in ((joker, True), (ten, True), (ten, False), (None, True)):
        lines = card_big(card, None, face_up=up).plain.split("\n")
        assert len(lines) == 5 and {len(line) for line in lines} == {7}
    assert "JOKER" in card_big(joker, None).plain
    assert card_small(Card.get(12, Suit.SPADES), None).plain == "Q♠"


def test_special_faces_are_drawn_from_the_per_kind_table():
    from engine.cards import CardKind, all_faces
    from engine.games.nogginate.cards import NOGGINATE, Kind
    from themes import CARD_VARIABLES, GAME_VARIABLES
    from tui.games import TABLES, load
    from tui.widgets.cards import FACE_LOOKS, card_color, card_text, suit_color
    nogginate = load(TABLES["nogginate"].palette)  # a game's own faces and colours: loading registers them
    specials = [c for c in all_faces() if not c.is_natural]
    assert {c.kind for c in specials} == set(FACE_LOOKS)  # every special kind has a row
    assert set(FACE_LOOKS) == {CardKind.JOKER} | set(nogginate.faces)
    for card in specials:
        look = FACE_LOOKS[card.kind]
        assert (look.color in CARD_VARIABLES or look.color in nogginate.colors) and look.color in THEME_DEFAULTS
        assert card_color(None, card) == THEME_DEFAULTS[look.color]
        assert card_label(card) == look.label and card_label(card, True) == look.ascii
        assert NOGGINATE.parse(card_label(card, True)) is card  # the ASCII label is the notation
        bottom = look.word2.center(5) if look.word2 else look.label.rjust(5)
        assert card_rows(card) == [look.label.ljust(5), look.word.center(5), bottom]
        assert card_rows(card, True)[1] == look.ascii_word.center(5)
        assert card_text(card, None).plain == look.label
        lines = card_big(card, None).plain.split("\n")
        assert len(lines) == 5 and {len(line) for line in lines} == {7}
        assert all(len(x) <= 3 for x in (look.label, look.ascii)) and all(
            len(x) <= 5 for x in (look.word, look.ascii_word, look.word2))
    freeze = Card.special(Kind.FREEZE)
    assert card_small(freeze, None).plain == "FZ" and card_rows(freeze, True) == ["FZ   ", " FRZ ", "   FZ"]
    assert card_rows(Card.special(Kind.STEAL)) == ["STL  ", "Steal", "  STL"]
    assert card_rows(Card.special(Kind.HANDS_OFF)) == ["HOF  ", "Hands", " Off "]
    assert len({card_color(None, Card.special(k)) for k in (CardKind.JOKER, Kind.FREEZE, Kind.BONUS,
                                                          Kind.TELL)}) == 4
    # Ranks 0 and 1 draw like any natural card.
    zero = Card.get(0, Suit.CLUBS)
    assert card_label(zero) == "0♣" and card_rows(zero, True) == ["0    ", "  C  ", "    0"]
    # Nogginate's own suit palette: blue clubs, orange diamonds, purple hearts, green spades (NG-9).
    assert [suit_color(None, s, "nogginate") for s in Suit] == ["#1565c0", "#ef6c00", "#7b1fa2", "#2e7d32"]
    assert card_color(None, zero, "nogginate") == GAME_VARIABLES["nogginate-clubs"] == "#1565c0"
    assert card_color(None, zero) == THEME_DEFAULTS["suit-clubs"]
    assert set(CARD_VARIABLES) | set(GAME_VARIABLES) <= set(THEME_DEFAULTS)


class CardsApp(App):
    def __init__(self) -> None:
        super().__init__()
        self.clicks: list[tuple] = []

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return dict(THEME_DEFAULTS)

    def compose(self):
        yield CardWidget(Card.joker(), source="discard:2", index=3, id="big")
        yield CardWidget(parse_card("7C"), face_up=False, source="stock", id="back")
        yield SmallCard(parse_card("10D"), source="trick:1", id="small")

    def on_card_widget_clicked(self, message: CardWidget.Clicked) -> None:
        self.clicks.append((message.card, message.source, message.index))


async def test_card_widgets_draw_jokers_and_backs_and_report_their_source():
    app = CardsApp()
    async with app.run_test(size=(40, 20)) as pilot:
        big, back, small = (app.query_one(f"#{i}") for i in ("big", "back", "small"))
        assert "JOKER" in str(big.render())
        assert str(back.render()) == "\n".join(["░" * 5] * 3)
        assert str(small.render()) == "10♦"
        await pilot.click("#big")
        await pilot.click("#small")
        await pilot.pause()
        assert app.clicks == [(Card.joker(), "discard:2", 3), (parse_card("10D"), "trick:1", 0)]


def test_summary_table_of_a_long_match_stays_readable():
    """A Noms game to 101 can take a dozen hands: past MAX_HAND_COLUMNS the
    earliest hands are summed in one column, and the totals are never cut."""
    from rich.console import Console

    from tui.screens.summary import MAX_HAND_COLUMNS, summary_table
    names = ["You", "Bix (easy)", "Cato (easy)", "Dora (easy)"]
    hands = [[float(h), 0.0, 26.0, -13.0] for h in range(14)]
    totals = [sum(h[i] for h in hands) for i in range(4)]
    table = summary_table(names, hands, totals, [2], hand_word="Hand")
    assert len(table.columns) == 1 + MAX_HAND_COLUMNS + 1
    console = Console(width=100, record=True)
    console.print(table)
    text = console.export_text()
    assert "1-5" in text and "Scores (hands 1-14)" in text
    assert "364" in text and "-182" in text and "91" in text  # totals and the summed early hands, whole
    assert "…" not in text


# -- the game log colours cards from Event.data ------------------------------------------------------

class RecordingLog(GameLog):
    """A GameLog that keeps the rich Text of every line it writes."""

    def __init__(self, **kw) -> None:
        super().__init__(**kw)
        self.written: list = []

    def write(self, content, *args, **kwargs):
        self.written.append(content)
        return super().write(content, *args, **kwargs)


class LogApp(App):
    def get_theme_variable_defaults(self) -> dict[str, str]:
        return dict(THEME_DEFAULTS)

    def compose(self):
        yield RecordingLog(id="log")


def _styled(line) -> dict[str, str]:
    return {line.plain[s.start:s.end]: str(s.style) for s in line.spans}


@pytest.mark.parametrize("ascii_cards", [False, True])
async def test_game_log_colours_exactly_the_cards_in_event_data(monkeypatch, ascii_cards):
    from engine.core import Event
    from engine.games.nogginate.cards import Kind
    from tui.widgets.cards import _readable_on_dark, card_color
    monkeypatch.setenv("CARDTABLE_ASCII", "1" if ascii_cards else "0")
    app = LogApp()
    async with app.run_test(size=(80, 20)):
        log = app.query_one(RecordingLog)
        zero, one, freeze = Card.get(0, Suit.HEARTS), Card.get(1, Suit.SPADES), Card.special(Kind.FREEZE)
        events = [Event("meld", "{seat} melds 0♥ 1♠ FZ beside 10♥ and JKN", 0, {"cards": ["0H", "1S", "FZ"]}),
                  Event("note", "{seat} remembers 7♣", 1),  # no card data: the French regex fallback
                  Event("none", "{seat} plays 7♣", 1, {"cards": []})]  # data says no cards: nothing coloured
        log.add_events(events, ["Ann", "Bix"])
        first, second, third = log.written
        colour = {c: f"bold {_readable_on_dark(card_color(app, c))}" for c in (zero, one, freeze)}
        if ascii_cards:
            assert log.lines_text[0] == "Ann melds 0H 1S FZ beside 10H and JKN"
            assert _styled(first) == {"0H": colour[zero], "1S": colour[one], "FZ": colour[freeze]}
            assert list(_styled(second)) == ["7C"]
        else:
            assert _styled(first) == {"0♥": colour[zero], "1♠": colour[one], "FZ": colour[freeze]}
            assert list(_styled(second)) == ["7♣"]
        assert _styled(third) == {}
        assert colour[freeze] != colour[zero]
