"""Issue 11, "Hidden information stays hidden": the replay's seat view and the
table never show a card the seat could not see; undo cannot preview.

Every test is parametrized over the game registry (``engine.games.SPECS``), so a
new game is covered as soon as it is registered. Cards are compared by face
(``tests/hidden_support.py``): a state's faces minus those its view holds.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.cards import pretty_text
from engine.chance import RandomChance
from engine.config import default_seats
from engine.core import IllegalAction
from engine.gamelog import Replay, read_log, verify_log
from engine.games import SPECS
from engine.session import Session
from hidden_support import (faces_in, hidden_from, human_turn_then_bots, screen_text, shown_cards, table_app,
                            to_human_decision, wait_until)
from tui.screens.replay import ReplayScreen
from tui_support import ReplayApp

GAME_IDS = sorted(SPECS)
#: Variants whose hidden information differs enough to be covered too: ``game+variant`` -> (game, rules,
#: seats). Nogginate's cheat cards add a second hidden pool and, between partners (4 seats), what a Show
#: reveals and a Tell says only to the partner (NG-C6, NG-C7).
VARIANTS = {"nogginate+cheats": ("nogginate", {"use_cheat_cards": True}, 4)}
CASES = GAME_IDS + sorted(VARIANTS)


def game_rules(case: str) -> tuple[str, dict | None]:
    """The game id and house rules of a test case (a game id, or a key of :data:`VARIANTS`)."""
    return VARIANTS[case][:2] if case in VARIANTS else (case, None)
MAX_ACTIONS = 260  # enough for deals, redeals/draws and several turns of every seat
HOLD = 60.0  # a pace no test waits out: the bot's move is held until the test sets the pace to 0


def n_seats(game_id: str) -> int:
    return VARIANTS[game_id][2] if game_id in VARIANTS else len(default_seats(game_id))


def bot_log(case: str, tmp_path: Path, seed: int = 5, max_actions: int = MAX_ACTIONS) -> Path:
    """A logged match of random bots (``case``: a game id or a :data:`VARIANTS` key), stopped
    after ``max_actions`` actions."""
    game_id, rules = game_rules(case)
    path = tmp_path / f"{case}-{seed}.jsonl"
    with Session(game_id, rules, ["ai:random"] * n_seats(case), seed=seed, log_path=path) as s:
        s.advance()
        while not s.is_over and len(s.history) < max_actions:
            s.act(s.bot_choose())
    return path


# -- the replay's seat view ---------------------------------------------------------------

async def settled_text(app, pilot, tries: int = 20) -> str:
    """The screen text once two frames in a row agree: under load a widget (a meld's cards, the trick
    in the centre) can be drawn a frame or more after the others (issue 24's stale meld)."""
    text = screen_text(app)
    for _ in range(tries):
        await pilot.pause()
        again = screen_text(app)
        if again == text:
            return text
        text = again
    return text


#: Every how many positions the replay's table is drawn and read (the narration is checked at each);
#: each seat starts at another offset, so the seats together draw positions about 10 apart.
DRAW_EVERY = 40


@pytest.mark.parametrize("game_id", CASES)
async def test_replay_seat_view_never_shows_a_hidden_card(game_id, tmp_path):
    """The replay draws each position with the game's table, read-only (issue 24). At every
    :data:`DRAW_EVERY`-th step and for every seat: the screen shows no face the seat's view lacks,
    and is drawn the same for another state with the same view (a determinization), so it reads
    nothing but the view; at every step the step's narration and the earlier steps name no face the
    seat has not seen so far (in its views or in what it observed of a step, ``State.observation``:
    a played card). The omniscient view (``a``) does show hidden cards (so the check can fail)."""
    path = bot_log(game_id, tmp_path)
    replay = Replay(read_log(path))
    app = ReplayApp(path)
    rng = random.Random(11)
    leaked_in_omniscient = 0
    async with app.run_test(size=(120, 36)) as pilot:
        screen = app.replay_screen
        await wait_until(pilot, lambda: app.screen is screen)
        await pilot.pause()
        replay = screen.replay  # the screen's own positions: a determinization put there is what it draws
        for seat in range(replay.n_seats):
            screen.seat = seat
            seen: set = set()
            for i, state in enumerate(replay.positions):
                view = state.view(seat)
                seen |= faces_in(view)
                just_seen: set = set()  # the step as the seat observed it: the status line narrates it
                if i:  # what the seat observed of the step (State.observation: a move is public)
                    before = replay.positions[i - 1]
                    observed = before.observation(replay.game.parse_action(replay.notations[i - 1]), seat)
                    just_seen = {c for c in faces_in(before) if shown_cards(observed, [c])}
                    seen |= just_seen
                screen.set_reactive(ReplayScreen.index, i)  # drawn below, every DRAW_EVERY steps
                text = "\n".join(screen.narration_lines() + screen.history_lines())
                unseen = faces_in(state) - seen
                assert not shown_cards(text, unseen), (seat, i, shown_cards(text, unseen), text)
                step = i + 10 * seat  # each seat draws other positions
                if step % DRAW_EVERY:
                    continue
                screen.show_position()
                hidden = hidden_from(state, seat) - just_seen  # a last play is public, even once gathered up
                board = await settled_text(app, pilot)
                assert not shown_cards(board, hidden), (seat, i, shown_cards(board, hidden))
                if step % (2 * DRAW_EVERY) == 0:  # another state with the same view: the same screen
                    replay.positions[i] = view.determinize(rng)
                    screen.show_position()
                    other = await settled_text(app, pilot)
                    replay.positions[i] = state
                    screen.show_position()
                    above_footer = -3  # the footer redraws its keys when the bindings refresh
                    assert other.splitlines()[:above_footer] == board.splitlines()[:above_footer], (seat, i)
                if seat == 0 and not leaked_in_omniscient:  # once is enough to show the check can fail
                    screen.seat = None
                    await pilot.pause()
                    leaked_in_omniscient += bool(shown_cards(screen_text(app), hidden))
                    screen.seat = seat
    assert leaked_in_omniscient, "the omniscient view shows the hidden cards (so the check can fail)"
    if game_id in VARIANTS:  # the variant's own secrets were in play (NG-C6, NG-C7 for the cheat cards)
        assert any(n.startswith(("show ", "tell ")) for n in replay.notations), "no Show or Tell was played"


@pytest.mark.parametrize("game_id", CASES)
def test_replay_chance_steps_are_narrated_as_the_seat_saw_them(game_id, tmp_path):
    """A chance step that hides cards (a deal, a shuffle, another seat's draw) is
    narrated in a seat view as ``State.observation`` gives it, never in full,
    while the omniscient view (``a``, titled so) shows the whole notation."""
    path = bot_log(game_id, tmp_path)
    replay = Replay(read_log(path))
    screen = ReplayScreen(path)
    hiding = 0
    for j, notation in enumerate(replay.notations):
        if replay.actors[j] != "chance":
            continue
        action = replay.game.parse_action(notation)
        screen.index = j + 1
        screen.seat = None
        assert screen.narration_lines()[0] == f"chance: {pretty_text(notation)}"  # cards as the table writes them
        assert screen.view_title().startswith("Everything (omniscient)")
        assert "everything (omniscient)" in screen.status_text()
        for seat in range(replay.n_seats):
            screen.seat = seat
            observed = replay.positions[j].observation(action, seat)
            assert screen.narration_lines()[0] == f"chance: {pretty_text(observed)}"
            assert screen.view_title().startswith(f"{screen.seat_name(seat)}'s view")
            hiding += observed != notation
    assert hiding, "the match has chance steps that hide cards"


# -- the table, at another seat's moment and while covered -----------------------------------

@pytest.mark.parametrize("game_id", CASES)
async def test_table_shows_no_hidden_card_while_a_bot_moves_or_you_wait(game_id):
    """One human against random bots: while a bot is thinking (the table shows
    the human's view at another seat's moment) and at each of the human's turns,
    the screen names no face the human's view lacks."""
    seats = ["human"] + ["ai:random"] * (n_seats(game_id) - 1)
    session = Session(*game_rules(game_id), seats, seed=4, write_log=False)
    app = table_app(session, pace=HOLD)  # a bot holds its move until the test has looked
    rng = random.Random(4)
    bot_moments = 0
    async with app.run_test(size=(160, 50)) as pilot:
        t = app.table
        for _ in range(6):
            t.pace = HOLD
            await wait_until(pilot, lambda: session.is_over or t.human_turn() or t.thinking is not None)
            if session.is_over:
                break
            if t.thinking is not None:
                bot_moments += 1
                hidden = hidden_from(session.state, 0)
                text = screen_text(app)
                assert not shown_cards(text, hidden), shown_cards(text, hidden)
                t.pace = 0.0  # let the bots play on (the worker re-reads the pace)
                await wait_until(pilot, lambda: session.is_over or t.human_turn())
                if session.is_over:
                    break
            hidden = hidden_from(session.state, 0)
            text = screen_text(app)
            assert not shown_cards(text, hidden), shown_cards(text, hidden)
            assert shown_cards(text, session.view(0).hand), "the capture shows your own hand"
            t.human_act(rng.choice(session.view(0).legal_actions()))
    assert bot_moments, "a bot moved while the table was watched"


@pytest.mark.slow
@pytest.mark.parametrize("game_id", CASES)
async def test_hot_seat_hand_off_shows_no_private_card(game_id):
    """Two people at one terminal: while the table is covered for the hand-off,
    the screen names no face that is not public (in every seat's view); once
    uncovered, only what the player taking the keyboard may see."""
    from tui.screens.handoff import HandoffScreen
    n = n_seats(game_id)
    seats = ["human:Ann", "human:Cy"] + ["ai:random"] * (n - 2)
    session = Session(*game_rules(game_id), seats, seed=6, write_log=False)
    app = table_app(session, pace=0.0)
    rng = random.Random(6)
    covers = 0
    async with app.run_test(size=(160, 50)) as pilot:
        t = app.table
        for _ in range(12):
            await wait_until(pilot, lambda: session.is_over or isinstance(app.screen, HandoffScreen)
                          or getattr(app.screen, "PUBLIC_WINDOW", False) or t.human_turn())
            if session.is_over:
                break
            if getattr(app.screen, "PUBLIC_WINDOW", False):  # a public window for everyone (a claim offer)
                state = session.state
                private = faces_in(state) - set.intersection(*(faces_in(state.view(s)) for s in range(n)))
                text = screen_text(app)
                assert not shown_cards(text, private), shown_cards(text, private)
                await pilot.press("enter")
                continue
            if isinstance(app.screen, HandoffScreen):
                covers += 1
                assert t.covered
                state = session.state
                private = faces_in(state) - set.intersection(*(faces_in(state.view(s)) for s in range(n)))
                text = screen_text(app)
                assert not shown_cards(text, private), shown_cards(text, private)
                await pilot.press("enter")
                await wait_until(pilot, lambda: t.human_turn())
            seat = session.to_move
            hidden = hidden_from(session.state, seat)
            text = screen_text(app)
            assert not shown_cards(text, hidden), shown_cards(text, hidden)
            assert shown_cards(text, session.view(seat).hand), "the capture shows the player's own hand"
            t.human_act(rng.choice(session.view(seat).legal_actions()))
    assert covers >= 2, "the table was covered for hand-offs"


# -- undo ----------------------------------------------------------------------------------------

def _chance_after(s: Session, k: int = 6) -> tuple[str, ...]:
    """The next ``k`` chance outcomes and bot moves the session would produce from
    here (played on a copy: same generators, same state)."""
    import copy
    c = copy.copy(s)
    c.state = s.state.clone()
    c.chance = RandomChance(0)
    c.chance.rng.setstate(s.chance.rng.getstate())
    c._bot_rngs = {i: random.Random() for i in s._bot_rngs}
    for i, r in s._bot_rngs.items():
        c._bot_rngs[i].setstate(r.getstate())
    c._writer = None
    c.history = list(s.history)
    c.narration = []
    c._snapshots = []
    out: list[str] = []
    rng = random.Random(0)
    while len(out) < k and not c.is_over:
        n = len(c.history)
        if c.is_human(c.to_move):
            c.act(rng.choice(c.view(c.to_move).legal_actions()))
        else:
            c.act(c.bot_choose())
        out += [notation for actor, notation in c.history[n:] if actor == "chance" or not c.is_human(int(actor))]
    return tuple(out[:k])


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_undo_redraws_what_comes_next_with_a_fresh_seed(game_id, tmp_path):
    """After an undo the cards still to come and the bots' replies come from a
    fresh seed: over several undos of the same turn, what would come next differs
    (it was always the same before this change); the log keeps every new seed,
    verifies, and resumes exactly where it stopped with the same generator."""
    seats = ["human"] + ["ai:random"] * (n_seats(game_id) - 1)
    s = Session(game_id, None, seats, seed=21, log_dir=tmp_path, undo="free")
    rng = random.Random(21)
    to_human_decision(s)
    for _ in range(3):
        human_turn_then_bots(s, rng)
    assert s.can_undo()
    futures = set()
    for _ in range(6):
        s.undo()
        futures.add(_chance_after(s))
        human_turn_then_bots(s, random.Random(1))  # the same moves every time
    assert len(futures) >= 4, futures
    expected = _chance_after(s, 3)
    s.close()
    log = read_log(s.log_path)
    undos = [e for e in log.entries if e["type"] == "undo"]
    assert len(undos) == 6 and len({u["seed"] for u in undos}) == 6 and log.used_undo
    v = verify_log(s.log_path)
    assert v.ok, v.reason
    r = Session.resume(s.log_path)
    assert r.state.fingerprint() == s.state.fingerprint() and r.history == s.history
    assert r.used_undo and r.undo_count == 6 and r.undo_mode == "free"
    r._bot_rngs = {i: random.Random() for i in s._bot_rngs}  # bots are reseeded on resume; compare chance only
    for i, g in s._bot_rngs.items():
        r._bot_rngs[i].setstate(g.getstate())
    assert _chance_after(r, 3) == expected  # the chance generator is the running game's
    r.close()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_undo_off_refuses_with_the_reason(game_id):
    seats = ["human"] + ["ai:random"] * (n_seats(game_id) - 1)
    s = Session(game_id, None, seats, seed=8, write_log=False, undo="off")
    to_human_decision(s)
    human_turn_then_bots(s, random.Random(8))
    assert not s.can_undo() and s.undo_barred_by_house_rule()
    assert s.why_no_undo() == 'undo is off at this table (house rule undo = "off")'
    with pytest.raises(IllegalAction, match='undo = "off"'):
        s.undo()
    assert not s.used_undo


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_undo_own_turn_takes_back_one_turn_and_free_two(game_id):
    """``own_turn``: one undo back to the start of the last turn, no further (the
    reason names the option); ``free``: a second undo takes back the turn before."""
    seats = ["human"] + ["ai:random"] * (n_seats(game_id) - 1)
    for mode in ("own_turn", "free"):
        s = Session(game_id, None, seats, seed=9, write_log=False, undo=mode)
        rng = random.Random(9)
        to_human_decision(s)
        starts = []
        for _ in range(3):
            starts.append((len(s.history), s.state.fingerprint()))
            human_turn_then_bots(s, rng)
        s.undo()
        assert (len(s.history), s.state.fingerprint()) == starts[-1]
        if mode == "own_turn":
            assert not s.can_undo() and s.undo_barred_by_house_rule()
            assert "own_turn" in (s.why_no_undo() or "")
            with pytest.raises(IllegalAction, match="only your last turn"):
                s.undo()
            human_turn_then_bots(s, rng)
            s.undo()  # the turn played again may be taken back again
            assert (len(s.history), s.state.fingerprint()) == starts[-1]
        else:
            s.undo()
            assert (len(s.history), s.state.fingerprint()) == starts[-2]
            s.undo()
            assert (len(s.history), s.state.fingerprint()) == starts[-3]
