"""Guided first games (issue 24, engine/lesson.py): every lesson script validates and replays
through a Session, a bad script names its file and step, the player may make only the step's
move (anything else gets the step's why), and a pilot plays each lesson through at 80x24 and
120x36 by pressing the keys its steps name, ending on the offer of a real game."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest
from textual.actions import parse as parse_action

from engine.config import TableConfig
from engine.core import IllegalAction
from engine.lesson import LessonError, LessonSession, check_lesson, lesson_games, lesson_path, load_lesson
from engine.session import Session
from tui.app import CardtableApp
from tui.screens.base_table import BaseTableScreen
from tui.screens.hand_result import HandResultScreen
from tui.screens.lesson import LessonDone
from tui.widgets.hand import HandView

GAMES = lesson_games()


def test_every_game_has_a_lesson():
    assert set(GAMES) == {"nags", "noms", "spite_malice", "nickels", "nogginate"}


@pytest.mark.parametrize("game", GAMES)
def test_every_lesson_validates_and_replays_through_a_plain_session(game):
    lesson = load_lesson(game)
    played = check_lesson(lesson)
    assert played.finished
    if game in ("nickels", "nogginate"):
        assert played.hand_number >= 1  # the rummy lessons play their round to the end
    # the same moves through a plain Session (the engine's own check of every move and card)
    plain = Session(game, lesson.rules, list(lesson.seats), seed=1, write_log=False)
    for _actor, notation in played.history:
        plain.state.apply(plain.game.parse_action(notation))  # checks every move and chance outcome
    assert plain.state.state_hash() == played.state.state_hash()


def test_a_bad_script_names_its_file_and_step(tmp_path):
    path = lesson_path("nickels")
    assert path is not None
    bad = tmp_path / "tutorial.toml"
    bad.write_text(path.read_text(encoding="utf-8").replace('moves = ["discard KC"]', 'moves = ["discard QS"]'),
                   encoding="utf-8")
    with pytest.raises(LessonError, match=rf"{bad}: step 2: 'discard QS' is not legal here"):
        load_lesson("nickels", bad)
    text = path.read_text(encoding="utf-8")
    bad.write_text(text.replace('Bix = ["take", "discard 9D"', 'Bix = ["take", "discard 8D"'), encoding="utf-8")
    with pytest.raises(LessonError, match=rf"{bad}: Bix's move 2 \('discard 8D'"):
        load_lesson("nickels", bad)
    bad.write_text('title = "x"\n', encoding="utf-8")
    with pytest.raises(LessonError, match=rf"{bad}: seats"):
        load_lesson("nickels", bad)


def test_a_game_without_a_lesson_names_the_games_that_have_one():
    with pytest.raises(LessonError, match=r"no_such_game has no lesson yet \(lessons: .*nickels"):
        load_lesson("no_such_game")


def test_the_player_may_make_only_the_steps_move():
    session = LessonSession(load_lesson("nickels"))
    session.advance()
    step = session.step
    assert step is not None
    legal_other = next(a for a in session.view(session.to_move).legal_actions() if str(a) not in step.moves)
    with pytest.raises(IllegalAction) as err:
        session.act(legal_other)
    assert str(err.value) == step.why
    assert session.step_index == 0
    session.act(step.moves[0])
    assert session.step_index == 1
    hint = session.hint_with_reason(session.to_move)
    assert str(hint.action) == session.step.moves[0]


# -- the pilot -----------------------------------------------------------------------------------

def _key_for(screen: BaseTableScreen, name: str) -> str:
    """The key to press for a binding id (``nk.take``), or ``name`` itself (a literal key)."""
    if "." not in name:
        return name
    for key, bindings in screen._bindings.key_to_bindings.items():
        if any(b.id == name for b in bindings):
            return key
    raise AssertionError(f"no binding {name} on {type(screen).__name__}")


async def _wait(pilot, cond, limit: float = 30.0) -> None:
    deadline = time.monotonic() + limit
    while not cond():
        assert time.monotonic() < deadline, "the lesson never got there"
        await asyncio.sleep(0.005)
    await pilot.pause()


async def _press(pilot, *keys: str) -> None:
    for key in keys:
        await pilot.press(key)


def _binding_action(screen: BaseTableScreen, key: str) -> str:
    return parse_action(screen._bindings.key_to_bindings[key][0].action)[1]


#: One size a lesson (both sizes for every lesson cost CI a minute): the two rummy games, whose
#: tables are the most crowded, at 80x24, the others at both sizes between them.
PILOT_SIZES = {"nickels": (80, 24), "nogginate": (80, 24), "noms": (80, 24), "nags": (120, 36),
               "spite_malice": (120, 36)}


@pytest.mark.parametrize("game,size", [(g, PILOT_SIZES.get(g, (80, 24))) for g in GAMES])
async def test_a_pilot_plays_each_lesson_through_by_its_keys(game, size, tmp_path):
    lesson = load_lesson(game)
    session = LessonSession(lesson)
    app = CardtableApp(TableConfig(game=game, log_dir=tmp_path / "logs", pace=0.0), start="table", session=session)
    async with app.run_test(size=size) as pilot:
        table = app.screen
        assert isinstance(table, BaseTableScreen) and table.lesson is session
        panel = table.query_one("#lesson")
        navigated = False
        for n, step in enumerate(lesson.steps):
            await _wait(pilot, lambda: isinstance(app.screen, HandResultScreen)
                        or (app.screen is table and table.human_turn() and session.step_index == n))
            if isinstance(app.screen, HandResultScreen):  # a round ends mid-lesson (Nickels' 6 hand)
                await _press(pilot, "space")
                await _wait(pilot, lambda: app.screen is table and table.human_turn() and session.step_index == n)
            shown = str(panel.render())
            assert shown.startswith(f"Lesson {n + 1}/{len(lesson.steps)}: ")
            assert "{key:" not in shown and table.lesson_words(step.text)[:40] in " ".join(shown.split())
            if n == 0:  # a wrong key gets the step's why, and nothing moves
                wrong = next(k for k in ("p", "d", "x", "s", "c", "t") if _key_for(table, step.press[0]) != k
                             and k in table._bindings.key_to_bindings)
                await _press(pilot, wrong)
                await pilot.pause()
                why = table.lesson_words(step.why)
                status = table.query_one("#status")
                assert why[1:] in status.message_text, (wrong, status.message_text)
                assert session.step_index == 0
            if step.select:
                hand = next(w for w in table.query("*") if isinstance(w, HandView) or hasattr(w, "cursor_card"))
                keys = [_key_for(table, k) for k in lesson.card_keys]
                nxt, sel = keys[0], (keys[1] if len(keys) > 1 else None)  # no select key: the cursor picks
                if navigated and sel is not None:  # the card keys are proven: the hint key selects the cards
                    await _press(pilot, _key_for(table, "table.hint"))
                    await _wait(pilot, lambda: sorted(map(str, hand.selected_cards())) == sorted(step.select),
                                limit=10)
                    await _press(pilot, *(_key_for(table, k) for k in step.press))
                    await _wait(pilot, lambda: session.step_index == n + 1, limit=10)
                    continue
                navigated = True  # the first step that selects goes card by card with the card keys
                for card in step.select:
                    for _ in range(len(hand.cards) + 1):
                        at = hand.cursor_card()
                        if at is not None and str(at) == card and (sel is None or hand.cursor not in hand.selected):
                            break
                        await _press(pilot, nxt)
                    else:
                        raise AssertionError(f"step {n + 1}: {card} not in the hand {hand.cards}")
                    if sel is not None:
                        await _press(pilot, sel)
            await _press(pilot, *(_key_for(table, k) for k in step.press))
            await _wait(pilot, lambda: session.step_index == n + 1, limit=10)
        await _wait(pilot, lambda: isinstance(app.screen, (HandResultScreen, LessonDone)))
        if isinstance(app.screen, HandResultScreen):
            await _press(pilot, "space")
        await _wait(pilot, lambda: isinstance(app.screen, LessonDone))
        assert lesson.learned[:30] in " ".join(str(app.screen.query_one("#lesson-done-body").render()).split())
        if game == "noms":  # p plays the lesson's own hand on: the table again, without the lesson's line
            await _press(pilot, "p")
            await _wait(pilot, lambda: app.screen is table and table.human_turn())
            assert not table.has_class("-lesson") and session.done
            assert session.refusal(session.view(0).legal_actions()[0]) is None  # any legal move now
            return
        await _press(pilot, "enter")  # a real game of the same game
        await _wait(pilot, lambda: isinstance(app.screen, BaseTableScreen) and app.screen is not table)
        real = app.screen
        assert isinstance(real, BaseTableScreen) and real.lesson is None and real.session.game.id == game


async def test_learn_from_the_setup_screen(tmp_path):
    table = TableConfig(game="nickels", log_dir=tmp_path / "logs", pace=0.0)
    app = CardtableApp(table)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+l")
        await _wait(pilot, lambda: isinstance(app.screen, BaseTableScreen))
        assert isinstance(app.screen.session, LessonSession)


def test_lesson_files_ship_as_package_data():
    text = Path(__file__).resolve().parents[2].joinpath("pyproject.toml").read_text(encoding="utf-8")
    assert '"*/tutorial.toml"' in text


async def test_the_lesson_names_the_keys_after_the_players_keys_table(tmp_path):
    """A lesson's {key:ID} follows [keys]: with take on y, the first step says "press y"."""
    lesson = load_lesson("nickels")
    table = TableConfig(game="nickels", log_dir=tmp_path / "logs", pace=0.0, keys={"nk.take": "y"})
    app = CardtableApp(table, start="table", session=LessonSession(lesson))
    async with app.run_test(size=(120, 36)) as pilot:
        screen = app.screen
        assert isinstance(screen, BaseTableScreen)
        await _wait(pilot, lambda: screen.human_turn())
        shown = " ".join(str(screen.query_one("#lesson").render()).split())
        assert "press y." in shown and "press t." not in shown
        await _press(pilot, "y")
        await _wait(pilot, lambda: screen.lesson is not None and screen.lesson.step_index == 1, limit=10)


def test_the_nogginate_lesson_has_the_player_freeze_the_pile():
    """NG-35: one step has the player discard a Freeze card, joker or Bonus card, and says why
    (nobody may take a pile with one on top); the pile is frozen after it."""
    lesson = load_lesson("nogginate")
    session = LessonSession(lesson)
    session.advance()
    froze = []
    while not session.finished:
        seat = session.to_move
        step = session.step
        move = session.step_left()[0] if session.is_human(seat) else session.scripted_move(seat)
        session.act(move)
        if session.is_human(seat) and move.split()[:2] in (["discard", "FZ"], ["discard", "JK"], ["discard", "BN"]):
            froze.append(step)
            assert not session.view(0).discards[-1].is_natural  # frozen (NG-35)
    assert froze, "no step discards a Freeze card, joker or Bonus card"
    assert "NG-35" in froze[0].why and "nobody may take" in froze[0].text


@pytest.mark.parametrize("game", ["nags", "noms", "spite_malice"])
def test_the_short_lessons_end_at_a_natural_point_and_say_how_to_play_on(game):
    """A short lesson ends at the end of a trick (Noms: the bots' cards scripted after the last
    step are played before the lesson is done) or says what comes next; each says how to play on."""
    lesson = load_lesson(game)
    played = check_lesson(lesson)
    assert played.done and "Press p to play this" in lesson.learned
    if game == "noms":
        assert played.narration[-1] == "You win the trick"
        assert played.is_human(played.to_move)  # the winner leads the next trick


def test_the_nickels_lesson_swaps_a_joker():
    """NK-16: the Nickels lesson has the player swap a joker out of a run for the natural card
    it stands for and lay the joker off at once (the 7 hand: the 6 hand has books only)."""
    lesson = load_lesson("nickels")
    moves = [m for step in lesson.steps for m in step.moves]
    swap = next(i for i, m in enumerate(moves) if m.startswith("swap "))
    assert moves[swap + 1].startswith("layoff JK")
    assert "NK-16" in next(s for s in lesson.steps if any(m.startswith("swap") for m in s.moves)).text
    assert check_lesson(lesson).hand_number >= 2  # both rounds played out
