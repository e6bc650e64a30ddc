"""Keys that never surprise (issue 22), at every table.

* The walk: every table's bindings in several states of each of the five games: no key has
  two meanings in one state, and every key in the footer does something or says why not.
* Enter plays only what the table names in words ("Enter: add 10♦ to m1"): Nogginate never
  discards with Enter, Nickels never picks one of several ways, Spite & Malice names the
  hinted move; the setup screen starts the match on Enter from a focused switch.
* ``h`` is the hint on every step (the Noms trump step too); Esc closes the scores/log panel
  and the last events, which do not cover the prompt; ``z`` while a bot moves, ``s``, ``.``
  and ``w`` say something when they do nothing.
* The first frame of a table shows the dealt table, not empty panels.
"""

from __future__ import annotations

import random
from typing import Any, Callable

import pytest
from textual.actions import parse as parse_action
from textual.widgets import Static, Switch

from engine.cards import parse_cards
from engine.games.nogginate.cards import NOGGINATE
from engine.games.nickels.game import LayMeld
from engine.games.nickels.game import Phase as NK
from engine.games.nogginate.game import Add, Discard
from engine.games.nogginate.game import Phase as NG
from engine.games.nags.game import Phase as NA
from engine.games.noms.game import Bid, Trump
from engine.games.noms.game import Phase as NO
from engine.session import Hint, Session
from hidden_support import screen_text
from tui.app import CardtableApp
from tui.screens import table_screen_class
from tui.screens.base_table import BaseTableScreen
from tui.widgets.cards import THEME_DEFAULTS
from tui.widgets.decision import DecisionBar
from tui.widgets.status import StatusLine

from tui_support import SessionApp, press, until_human_turn, wait_for

SMALL = (80, 24)


# -- reaching a state -------------------------------------------------------------------------------

def reach(game: str, seats: list[str], want: Callable[[Any], bool], *, rules: dict | None = None,
          seeds: range = range(1, 30), policy: Callable[[Any, random.Random], Any] | None = None) -> Session:
    """A session (no log) at the first position where the human seat 0 is to move and ``want(view)``
    holds, the bots and the human (``policy``, default: a random legal move) playing up to it."""
    for seed in seeds:
        s = Session(game, rules or {}, seats, seed=seed, write_log=False)
        rng = random.Random(seed)
        s.advance()
        for _ in range(4000):
            if s.is_over:
                break
            if s.to_move == 0:
                view = s.view(0)
                if want(view):
                    return s
                legal = view.legal_actions()
                s.act(policy(view, rng) if policy else rng.choice(legal))
            else:
                s.act(s.bot_choose())
    raise AssertionError(f"no seed reaches the wanted {game} position")


def phase_is(*phases: object) -> Callable[[Any], bool]:
    return lambda v: v.phase in phases


# -- the walk ---------------------------------------------------------------------------------------

def _meanings(screen: BaseTableScreen) -> dict[str, set[str]]:
    """Key -> the descriptions of the bindings enabled for it now, for every key the table
    screen binds (the app's bindings on those keys included; Textual's own keys elsewhere,
    such as ctrl+c, are not the table's)."""
    app = screen.app
    ours = {k for k, bs in screen._bindings.key_to_bindings.items() if any(b.id for b in bs)}
    out: dict[str, set[str]] = {}
    for namespace, bindings in screen._modal_binding_chain:
        for key, bs in bindings.key_to_bindings.items():
            if key not in ours:
                continue
            for b in bs:
                if app._check_action_state(b.action, namespace):
                    out.setdefault(key, set()).add(b.description or parse_action(b.action)[1])
    return out


def _footer_keys(screen: BaseTableScreen) -> list[str]:
    """The keys the footer shows for this screen's own bindings now."""
    return [key for key, active in screen.active_bindings.items()
            if active.binding.show and active.node is screen]


def _observed(app: Any) -> tuple:
    """What a key press may change: the screen (styles too: a cursor), the match, the screen
    shown, the notifications, the status message."""
    return (screen_text(app, styles=True), len(app.session.history), app.screen, len(app._notifications),
            app.table.query_one(StatusLine).message_text)


#: (game, seats, rules, the wanted position, what to do on the table first) per state walked
STATES: list[tuple[str, list[str], dict, Callable[[Any], bool], Callable[[Any], None] | None]] = []


def _select_first(t: Any) -> None:
    t.hand.select_cards([t.view.hand[0]])


def _state(game: str, seats: list[str], want: Callable[[Any], bool], prepare: Callable[[Any], None] | None = None,
           rules: dict | None = None) -> None:
    STATES.append((game, seats, rules or {}, want, prepare))


_NAGS = ["human", "ai:random", "ai:random"]
_NOMS = ["human", "ai:random", "ai:random", "ai:random"]
_NG = ["human", "ai:random", "ai:random", "ai:random"]
_NK = ["human", "ai:random", "ai:random"]
_SM = ["human", "ai:random"]
_state("nags", _NAGS, lambda v: v.phase is NA.PLAY and any(type(a).__name__ == "Play" for a in v.legal_actions()))
_state("nags", _NAGS, lambda v: v.phase is NA.PLAY and not any(type(a).__name__ == "Play" for a in v.legal_actions()))
_state("noms", _NOMS, phase_is(NO.AUCTION))
_state("noms", _NOMS, phase_is(NO.TRUMP))
_state("noms", _NOMS, phase_is(NO.CALL))
_state("noms", _NOMS, phase_is(NO.PLAY))
_state("nogginate", _NG, phase_is(NG.ACQUIRE))
_state("nogginate", _NG, phase_is(NG.MELD))
_state("nogginate", _NG, phase_is(NG.MELD), _select_first)
_state("nickels", _NK, phase_is(NK.OFFER))
_state("nickels", _NK, phase_is(NK.ACQUIRE, NK.AFTER))
_state("nickels", _NK, phase_is(NK.PLAY), _select_first)
_state("spite_malice", _SM, lambda v: True)
_state("spite_malice", _SM, lambda v: True, lambda t: t._pick("hand:0"))


def _noms_policy(view: Any, rng: random.Random) -> Any:
    """Bid 13 when it may (so the human names trumps and calls a card), else a random move."""
    legal = view.legal_actions()
    bids = [a for a in legal if isinstance(a, Bid) and a.level == 13]
    return bids[0] if bids else rng.choice(legal)


@pytest.mark.parametrize("index", range(len(STATES)),
                         ids=[f"{g}-{i}" for i, (g, *_rest) in enumerate(STATES)])
async def test_every_key_has_one_meaning_and_no_footer_key_is_silent(index, monkeypatch):
    """In each state: no key has two meanings (two enabled bindings with different words), and
    every key the footer shows for the table does something when pressed (the screen, the
    match, the screens or the notifications change) or says why it does nothing."""
    # the keys are under test, not the hint's search: the first legal move, at once
    monkeypatch.setattr(Session, "hint_with_reason",
                        lambda self, seat: Hint(self.view(seat).legal_actions()[0], "a test hint", "random"))
    game, seats, rules, want, prepare = STATES[index]
    policy = _noms_policy if game == "noms" else None

    def build() -> SessionApp:
        return SessionApp(reach(game, seats, want, rules=rules, policy=policy, seeds=range(1, 60)))

    pressed: set[str] = set()
    first = True
    while True:
        app = build()
        async with app.run_test(size=SMALL) as pilot:
            await until_human_turn(pilot)
            t = app.table
            if prepare is not None:
                prepare(t)
                t.redraw()
                await pilot.pause()
            assert app.screen is t
            if first:
                assert "h" in _footer_keys(t), f"{game}: the hint is not in the footer {_footer_keys(t)}"
                first = False
            while True:  # the footer of the moment: a key may change what the next one means
                two = {k: m for k, m in _meanings(t).items() if len(m) > 1}
                assert not two, f"{game}: keys with two meanings now: {two}"
                todo = [k for k in _footer_keys(t) if k not in pressed]
                if not todo:
                    return
                key = todo[0]
                pressed.add(key)
                t.clear_message()  # the last key's words must not count for this one
                await pilot.pause()
                before = _observed(app)
                await press(pilot, key)
                await pilot.pause()
                after = _observed(app)
                assert after != before, f"{game}: {key} did nothing and said nothing"
                if t.has_class("-side-open") or t.query("#last-events.-open"):
                    await press(pilot, key)  # a panel: the same key hides it again
                if after[1] != before[1] or app.screen is not t or t.has_class("-side-open") or t.query(
                        "#last-events.-open"):
                    break  # the match moved on (or a screen opened): start again from the state


# -- Enter plays only what the table names --------------------------------------------------------

def _bar(t: Any) -> str:
    return t.query_one(DecisionBar).question


async def test_nogginate_enter_never_discards_and_names_the_hinted_move():
    """Seen defect: Enter with one selected card discarded it and ended the turn. Enter plays only
    the move the bar names ("Enter: add 10♦ to m1"); x discards."""
    s = reach("nogginate", _NG, phase_is(NG.MELD))
    app = SessionApp(s)
    async with app.run_test(size=(120, 36)) as pilot:
        await until_human_turn(pilot)
        t = app.table
        card = t.view.hand[0]
        t.hand.select_cards([card])
        await pilot.pause()
        n = len(s.history)
        assert not _bar(t) and not t.enter_text()
        await press(pilot, "enter")
        assert len(s.history) == n and card in s.view(0).hand  # nothing discarded
        assert "Enter plays only the move the bar names" in t._status().message_text
        assert "enter" not in [k for k, a in t.active_bindings.items() if a.enabled]
        # after a hint naming an add, the bar says what Enter plays, and Enter plays exactly that
        st = s.state
        team = st.team_of(0)
        from engine.games.nogginate.melds import NOGGI, TableMeld
        st.hands[0] = sorted(st.hands[0] + NOGGINATE.parse_cards("7H"), key=lambda c: c.order)
        st.melds.append(TableMeld(st.next_id, team, NOGGI, tuple(NOGGINATE.parse_cards("4H 5H 6H")), False))
        mid = st.next_id
        st.next_id += 1
        st.down[team] = True
        t._view = None
        t.redraw()
        hinted = Add(mid, NOGGINATE.parse("7H"))
        t.show_hint(hinted)
        t.redraw()
        await pilot.pause()
        assert _bar(t).startswith(f"Enter: add 7♥ to m{mid}")
        assert t.active_bindings["enter"].binding.description == f"Add 7♥ to m{mid}"
        await press(pilot, "enter")
        assert s.history[-1] == (0, f"add m{mid} 7H")
        # a selection that is not the hint's: Enter is gone again
        t.hand.select_cards([s.view(0).hand[0]])
        await pilot.pause()
        assert not t.enter_text() and not _bar(t)
        # x discards (the footer's Discard key)
        n = len(s.history)
        chosen = s.view(0).hand[0]
        await press(pilot, "x")
        assert s.history[n] == (0, str(Discard(chosen)))


async def test_nogginate_typed_meld_number_names_enter():
    """A typed meld number that another meld's number begins with waits for Enter, and the bar
    says what Enter adds where."""
    s = reach("nogginate", _NG, phase_is(NG.MELD))
    st = s.state
    team = st.team_of(0)
    from engine.games.nogginate.melds import NOGGI, TableMeld
    while st.next_id < 10:  # melds m1..m10 exist: "1" may begin "10"
        st.melds.append(TableMeld(st.next_id, 1 - team, NOGGI, tuple(NOGGINATE.parse_cards("0S 1S 2S")), False))
        st.next_id += 1
    st.melds.append(TableMeld(st.next_id, team, NOGGI, tuple(NOGGINATE.parse_cards("4H 5H 6H")), False))
    st.next_id += 1
    app = SessionApp(s)
    async with app.run_test(size=(120, 36)) as pilot:
        await until_human_turn(pilot)
        t = app.table
        first = [m.id for m in st.melds][0]
        t.hand.select_cards([t.view.hand[0]])
        await press(pilot, str(first))
        name = t.view.hand[0].pretty
        assert f"Enter: add {name} to m{first}" in _bar(t)


async def test_nickels_enter_picks_no_way_of_several_and_names_the_lay_off():
    """Enter never picks the first of several arrangements; with a lay off waiting for its meld
    number, the bar says what Enter lays off where."""
    s = reach("nickels", _NK, phase_is(NK.PLAY))
    app = SessionApp(s)
    async with app.run_test(size=(120, 36)) as pilot:
        await until_human_turn(pilot)
        t = app.table
        a, b = (LayMeld(m) for m in _two_arrangements())
        t.choices = [a, b]
        t.redraw()
        await pilot.pause()
        n = len(s.history)
        assert _bar(t).startswith("Which? 1 ")
        await press(pilot, "enter")
        assert len(s.history) == n and t.choices == [a, b]
        assert "number of your choice" in t._status().message_text
        t.choices = []
        t.pending, t.digits = "layoff", "1"
        t.hand.select_cards([t.view.hand[0]])
        t.redraw()
        await pilot.pause()
        assert f"Enter: lay off {t.view.hand[0].pretty} on m1" in _bar(t)


def _two_arrangements() -> list:
    from engine.games.nickels.melds import arrange
    melds = arrange(parse_cards("JK 3H 4H 5H"))  # the joker is a 2 below the run, or a 6 above it
    assert len(melds) >= 2
    return melds[:2]


async def test_spite_malice_prompt_names_the_hinted_move_for_enter():
    """After a hint, Enter plays the hinted move (possibly a discard that ends the turn): the
    prompt names it instead of "Enter autoplay"."""
    s = reach("spite_malice", _SM, lambda v: True)
    app = SessionApp(s)
    async with app.run_test(size=(120, 36)) as pilot:
        await until_human_turn(pilot)
        t = app.table
        from engine.games.spite_malice.game import Discard as DiscardCard
        hand = t.hand_slots
        card = next(c for c in hand if c is not None)
        t.show_hint(DiscardCard(card, 2))
        await pilot.pause()
        prompt = t._status().prompt_text
        assert f"Enter: discard {card.pretty}" in prompt and "autoplay" not in prompt.lower()
        n = len(s.history)
        await press(pilot, "enter")
        assert s.history[n] == (0, str(DiscardCard(card, 2)))


# -- h is the hint everywhere ---------------------------------------------------------------------

async def test_noms_h_is_the_hint_at_the_trump_step_and_digits_name_trumps():
    """Seen defect: at "announce trumps" h chose hearts. h asks for a hint there too (the footer
    shows it, and undo); 3 announces hearts."""
    s = reach("noms", _NOMS, phase_is(NO.TRUMP), policy=_noms_policy)
    app = SessionApp(s)
    async with app.run_test(size=SMALL) as pilot:
        await until_human_turn(pilot)
        t = app.table
        footer = _footer_keys(t)
        assert "h" in footer and "z" in footer
        n = len(s.history)
        await press(pilot, "h")
        await wait_for(pilot, lambda: t._status().message_kind == "hint", 30)
        assert len(s.history) == n and s.view(0).phase is NO.TRUMP
        await press(pilot, "3")
        assert s.history[n] == (0, str(Trump(2)))


async def test_noms_value_key_moves_the_cursor_and_enter_plays():
    """In play a value key puts the cursor on a card of that value (again: the next one); Enter plays it."""
    s = reach("noms", _NOMS, phase_is(NO.PLAY), policy=_noms_policy)
    app = SessionApp(s)
    async with app.run_test(size=SMALL) as pilot:
        await until_human_turn(pilot)
        t = app.table
        from tui.games.noms.table import NomsHand
        from tui.games.noms.ui import RANK_KEYS
        hand = t.query_one(NomsHand)
        card = sorted(hand.legal, key=lambda c: c.order)[0]
        key = next(k for k, r in RANK_KEYS.items() if r == card.rank)
        same = [c for c in hand.cards if c.rank == card.rank]
        await press(pilot, key)
        assert hand.cursor_card() in same and hand.cursor_card() in hand.legal
        assert "under the cursor: Enter plays it" in t._status().message_text
        if len(same) > 1:
            first = hand.cursor_card()
            await press(pilot, key)
            assert hand.cursor_card() != first and hand.cursor_card() in same
        chosen = hand.cursor_card()
        n = len(s.history)
        await press(pilot, "enter")
        if chosen in hand.legal or len(s.history) > n:
            assert s.history[n] == (0, f"play {chosen.text}")


# -- Esc closes every overlay; quiet keys say why ---------------------------------------------------

async def test_escape_closes_the_side_panel_and_the_last_events_which_spare_the_prompt():
    s = reach("nogginate", _NG, phase_is(NG.MELD))
    app = SessionApp(s)
    async with app.run_test(size=SMALL) as pilot:
        await until_human_turn(pilot)
        t = app.table
        t.hand.select_cards([t.view.hand[0]])
        await pilot.pause()
        await press(pilot, "i")
        assert t.has_class("-side-open")
        await press(pilot, "escape")
        assert not t.has_class("-side-open")
        assert t.hand.selected_cards() == [t.view.hand[0]]  # Esc closed the panel, it cancelled nothing
        await press(pilot, "l")
        panel = t.query_one("#last-events", Static)
        await pilot.pause()
        assert panel.has_class("-open") and panel.region.height > 0
        status = t.query_one(StatusLine)
        assert not panel.region.overlaps(status.region)
        assert t._status().prompt_text in screen_text(app).replace("\n", " ") or status.region.height >= 3
        await press(pilot, "escape")
        assert not panel.has_class("-open")
        assert t.hand.selected_cards() == [t.view.hand[0]]
        await press(pilot, "escape")  # now Esc is the table's: it clears the selection
        assert t.hand.selected_cards() == []


async def test_quiet_keys_say_why():
    """z while a bot moves, s before the end, . without bots, w outside the play step."""
    s = Session("nags", {}, ["human", "ai:random", "ai:random"], seed=3, write_log=False)
    app = SessionApp(s, pace=30.0)  # the bots think for a long time
    async with app.run_test(size=SMALL) as pilot:
        t = app.table
        await wait_for(pilot, lambda: t.thinking is not None or t.human_turn())
        if t.human_turn():  # the human moves first here: let the bots think after it
            t.human_act(s.view(0).legal_actions()[0])
            await wait_for(pilot, lambda: t.thinking is not None)
        await press(pilot, "z")
        assert "Undo is for your turn" in t._status().message_text
        await press(pilot, "s")
        assert "summary comes when the match is over" in t._status().message_text
    people = Session("nags", {}, ["human", "human", "human"], seed=3, write_log=False)
    app = SessionApp(people)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await press(pilot, "enter")  # the hand-off
        await wait_for(pilot, lambda: app.table.human_turn())
        await press(pilot, "full_stop")
        assert "no bots at this table" in app.table._status().message_text
    s = reach("nickels", _NK, phase_is(NK.ACQUIRE, NK.AFTER))
    app = SessionApp(s)
    async with app.run_test(size=SMALL) as pilot:
        await until_human_turn(pilot)
        await press(pilot, "w")
        assert "take the top card (t) or pass it (p)" in app.table._status().message_text


# -- the setup screen ------------------------------------------------------------------------------

async def test_setup_enter_starts_from_a_focused_switch_and_space_toggles_it(tmp_path, monkeypatch):
    """Seen defect: Enter toggled the focused house-rule switch. Enter starts the match from
    anywhere (the footer shows it), space toggles the switch."""
    from engine.config import TableConfig
    from engine.seats import SeatSpec
    table = TableConfig(game="nags", seats=[SeatSpec("human"), SeatSpec("ai", "random"), SeatSpec("ai", "random")],
                        log_dir=tmp_path / "logs", pace=0.0)
    app = CardtableApp(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        setup = app.screen
        switch = setup.query_one("#opt-shuffle_on_recycle", Switch)
        switch.focus()
        await pilot.pause()
        before = switch.value
        await pilot.press("space")
        assert switch.value != before
        assert setup.active_bindings["enter"].binding.description == "Start"
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, BaseTableScreen))
        assert switch.value != before
        assert app.screen.session.variant.shuffle_on_recycle == (not before)
        app.screen.session.close()
        app.pop_screen()
        await wait_for(pilot, lambda: app.screen is setup)
        # the game list: the arrows choose the game, so Enter starts the game shown chosen
        games = setup.query_one("#game")
        games.focus()
        first = setup.game_id
        await pilot.press("down")
        await wait_for(pilot, lambda: setup.game_id != first)
        chosen = setup.game_id
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, BaseTableScreen))
        assert app.screen.session.game.id == chosen
        app.screen.session.close()


async def test_setup_arrows_typed_fast_choose_one_game_and_enter_starts_it(tmp_path):
    """Seen in tmux: four quick downs on the game list left Nickels and Nogginate both shown on,
    the form on Nickels, and Enter started Nickels. Each arrow chooses one game at once; Enter
    right after an arrow starts the game the list shows."""
    from textual.widgets import RadioButton
    from engine.config import TableConfig
    from engine.seats import SeatSpec
    table = TableConfig(game="nags", seats=[SeatSpec("human"), SeatSpec("ai", "random"), SeatSpec("ai", "random")],
                        log_dir=tmp_path / "logs", pace=0.0)
    app = CardtableApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        setup = app.screen
        setup.query_one("#game").focus()
        for _ in range(4):
            app.simulate_key("down")
        await wait_for(pilot, lambda: setup.game_id == "nogginate")
        for _ in range(5):
            await pilot.pause()
        assert [b.id for b in setup.query(RadioButton) if b.value] == ["game-nogginate"]
        assert setup.game_id == "nogginate" and setup.query("#opt-use_cheat_cards")
        app.simulate_key("up")
        app.simulate_key("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, BaseTableScreen))
        assert app.screen.session.game.id == "nickels"
        app.screen.session.close()


# -- the first frame -------------------------------------------------------------------------------

@pytest.mark.parametrize("game,seats", [("nags", _NAGS), ("noms", _NOMS), ("nogginate", _NG),
                                        ("nickels", _NK), ("spite_malice", _SM)])
async def test_the_first_frame_shows_the_dealt_table(game, seats):
    """What the player sees first is the dealt table and a prompt, never empty panels
    (the frame is read after the first refresh, before anything else runs)."""
    seen: list[tuple[str, str, list[str]]] = []
    base = table_screen_class(game)

    class Probe(base):  # type: ignore[misc, valid-type]
        def on_mount(self) -> None:  # runs before the table's own on_mount (Textual walks the MRO)
            self.call_after_refresh(self._probe)

        def _probe(self) -> None:
            panels = [*self.query(".table-panel").results(Static), *self.query(".meld-owner").results(Static)]
            empty = [w.id or type(w).__name__ for w in panels if w.display and not str(w.render()).strip()]
            seen.append((self.query_one(StatusLine).prompt_text, screen_text(self.app), empty))

    class App(SessionApp):
        def __init__(self, session: Session) -> None:
            super(SessionApp, self).__init__()
            self.session = session
            self.table = Probe(session, pace=0)

        def get_theme_variable_defaults(self) -> dict[str, str]:
            return dict(THEME_DEFAULTS)

    app = App(Session(game, {}, seats, seed=5, write_log=False))
    async with app.run_test(size=SMALL) as pilot:
        await wait_for(pilot, lambda: bool(seen))
        prompt, text, empty = seen[0]
        assert prompt.strip(), "the first frame has no prompt"
        assert not empty, f"empty panels in the first frame: {empty}"
    assert f"{len(app.session.view(0).hand)} card" in text, text
