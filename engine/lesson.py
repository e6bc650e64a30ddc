"""Guided first games (issue 24): a lesson is data, one TOML file per game, and a
:class:`LessonSession` plays it.

A lesson file holds the table (``rules``, ``seats``), every chance outcome in the
game's notation (``chance``: the first dealer, the deal, every card drawn: the round
is fixed card by card), the other seats' moves (``[scripted]``: per seat name, in
order) and the player's steps (``[[step]]``: ``text`` says what to do and why,
``why`` is the sentence a wrong move gets, ``moves`` the step's move(s) in
notation (one key may play several: a Nate of seven cards is its start and four
``add`` moves; the player makes them all, in any order); ``select`` and ``press`` say which
cards to pick and which keys to press, for the table's pilot). Texts may name keys as
``{key:BINDING_ID}``: the table writes them after the player's ``[keys]``.

:func:`load_lesson` validates a file and :func:`check_lesson` plays it through a
:class:`LessonSession`, so a bad script is refused with its file and step named
(:class:`LessonError`), before any table shows it.

The lesson files live beside each game's table (``engine/games/<id>/tutorial.toml``,
package data beside ``howto.md``); :func:`lesson_path` finds them, :func:`lesson_games` lists the games
that have one.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from engine.chance import StackedChance
from engine.core import TERMINAL, Action, Event, IllegalAction
from engine.games import TITLES
from engine.seats import SeatSpec
from engine.session import Hint, Session

#: The package whose game folders hold the lesson files (``<id>/tutorial.toml``).
LESSON_PACKAGE = "engine.games"
LESSON_FILE = "tutorial.toml"


class LessonError(ValueError):
    """A lesson file that cannot be played: ``str()`` names the file, the step or seat, and why."""


@dataclass(frozen=True)
class LessonStep:
    """One thing the player does in a lesson.

    Attributes:
        text: what to do and why (may name keys as ``{key:BINDING_ID}``).
        why: the sentence any other move gets ("In this lesson, take the discard pile: ...").
        moves: the step's moves, in notation, all to be made (in any order: one key may play
            several); the hint shows the first not yet made.
        select: the cards (notation) the step's keys act on, for the pilot.
        press: the keys, as binding ids (``nk.take``) or key names (``3``), for the pilot.
    """

    text: str
    why: str
    moves: tuple[str, ...]
    select: tuple[str, ...] = ()
    press: tuple[str, ...] = ()


@dataclass(frozen=True)
class Lesson:
    """A whole lesson (see the module docstring); made by :func:`load_lesson`.

    Attributes:
        game_id: the game (``nickels``).
        title: one line ("Your first rounds of Nickels").
        intro: shown before the first step.
        learned: what the player has learned, shown at the end.
        rules: the house-rules table for the game's variant.
        seats: the seat specs, the player's first among the humans.
        chance: every chance outcome, in order, in notation.
        scripted: seat -> its moves in notation, in order.
        steps: the player's steps.
        source: the file it was read from (for messages).
        player: the player's seat.
        card_keys: the binding ids that move to the next card and select it (the pilot's ``select``).
    """

    game_id: str
    title: str
    intro: str
    learned: str
    rules: dict[str, Any]
    seats: tuple[str, ...]
    chance: tuple[str, ...]
    scripted: dict[int, tuple[str, ...]]
    steps: tuple[LessonStep, ...]
    source: str = ""
    player: int = field(default=0)
    card_keys: tuple[str, ...] = ()


def lesson_path(game_id: str) -> Path | None:
    """The lesson file of ``game_id`` (``engine/games/<id>/tutorial.toml``), or None when the game has none."""
    try:
        path = resources.files(LESSON_PACKAGE).joinpath(game_id, LESSON_FILE)
    except (ModuleNotFoundError, TypeError):
        return None
    return Path(str(path)) if path.is_file() else None


def lesson_games() -> list[str]:
    """The ids of the games that have a lesson, in the registry's order."""
    return [g for g in TITLES if lesson_path(g) is not None]


def _strings(value: Any, where: str, what: str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(x, str) and x.strip() for x in value):
        raise LessonError(f"{where}: {what} must be a list of non-empty strings")
    return tuple(x.strip() for x in value)


def _text(table: dict, key: str, where: str, *, required: bool = True) -> str:
    value = table.get(key, "")
    if not isinstance(value, str) or (required and not value.strip()):
        raise LessonError(f"{where}: {key} must be {'a non-empty' if required else 'a'} string")
    return " ".join(value.split())


def parse_lesson(data: dict, game_id: str, source: str) -> Lesson:
    """A :class:`Lesson` from a lesson file's TOML table (shape only: :func:`check_lesson` plays it).

    Raises:
        LessonError: naming ``source`` and the key or step at fault.
    """
    known = {"title", "intro", "learned", "rules", "seats", "chance", "scripted", "step", "card_keys"}
    extra = sorted(set(data) - known)
    if extra:
        raise LessonError(f"{source}: unknown key {extra[0]!r} (allowed: {', '.join(sorted(known))})")
    seats = _strings(data.get("seats"), source, "seats")
    try:
        specs = [SeatSpec.parse(s) for s in seats]
    except ValueError as err:
        raise LessonError(f"{source}: seats: {err}") from None
    humans = [i for i, s in enumerate(specs) if s.is_human]
    if len(humans) != 1:
        raise LessonError(f"{source}: seats: a lesson has exactly one human seat (the player), not {len(humans)}")
    names = [s.name or "" for s in specs]
    scripted_raw = data.get("scripted", {})
    if not isinstance(scripted_raw, dict):
        raise LessonError(f"{source}: [scripted] must be a table of seat name = [moves]")
    scripted: dict[int, tuple[str, ...]] = {}
    for who, moves in scripted_raw.items():
        if who not in names or specs[names.index(who)].is_human:
            bots = ", ".join(n for n, s in zip(names, specs) if not s.is_human)
            raise LessonError(f"{source}: scripted.{who}: not a bot seat's name (the bots: {bots})")
        scripted[names.index(who)] = _strings(moves, f"{source}: scripted.{who}", "the moves")
    rules = data.get("rules", {})
    if not isinstance(rules, dict):
        raise LessonError(f"{source}: [rules] must be a table of house rules")
    raw_steps = data.get("step")
    if not isinstance(raw_steps, list) or not raw_steps:
        raise LessonError(f"{source}: a lesson needs at least one [[step]]")
    steps = []
    for n, raw in enumerate(raw_steps, start=1):
        where = f"{source}: step {n}"
        if not isinstance(raw, dict):
            raise LessonError(f"{where}: must be a table")
        extra = sorted(set(raw) - {"text", "why", "moves", "select", "press"})
        if extra:
            raise LessonError(f"{where}: unknown key {extra[0]!r} (allowed: text, why, moves, select, press)")
        steps.append(LessonStep(_text(raw, "text", where), _text(raw, "why", where),
                                _strings(raw.get("moves"), where, "moves"),
                                _strings(raw.get("select", []), where, "select") if raw.get("select") else (),
                                _strings(raw.get("press", []), where, "press") if raw.get("press") else ()))
    return Lesson(game_id, _text(data, "title", source), _text(data, "intro", source), _text(data, "learned", source),
                  dict(rules), seats, _strings(data.get("chance"), source, "chance"), scripted, tuple(steps),
                  source, humans[0],
                  _strings(data["card_keys"], source, "card_keys") if "card_keys" in data else ())


def load_lesson(game_id: str, path: Path | None = None) -> Lesson:
    """Read, validate and play through the lesson of ``game_id`` (from ``path``, default
    :func:`lesson_path`).

    Raises:
        LessonError: no lesson for the game (naming the games that have one), a TOML
            error, a bad shape, or a move or card the script cannot play (file and step named).
    """
    path = path if path is not None else lesson_path(game_id)
    if path is None:
        raise LessonError(f"{game_id} has no lesson yet (lessons: {', '.join(lesson_games()) or 'none'})")
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as err:
        raise LessonError(f"{path}: {err}") from None
    lesson = parse_lesson(data, game_id, str(path))
    check_lesson(lesson)
    return lesson


class LessonSession(Session):
    """A :class:`Session` that plays a :class:`Lesson`: the chance steps come from the
    lesson's fixed outcomes, the bots play their scripted moves (then their own, if the
    match goes on), and the player may make only the current step's move: anything else
    raises ``IllegalAction`` with the step's ``why``. No log is written and undo is off
    (a lesson goes one way). The hint is the step's move.

    Args:
        lesson: the lesson (from :func:`load_lesson`).

    Attributes:
        lesson: the lesson.
        step_index: how many steps the player has done.
    """

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.step_index = 0
        #: the moves of the current step made so far (notation)
        self.step_done: list[str] = []
        self._queues: dict[int, list[str]] = {s: list(m) for s, m in lesson.scripted.items()}
        self._stack = StackedChance(lesson.chance)
        super().__init__(lesson.game_id, lesson.rules, list(lesson.seats), seed="lesson", write_log=False,
                         undo="off", chance=self._stack)

    @property
    def step(self) -> LessonStep | None:
        """The step the player is at, or None once every step is done."""
        steps = self.lesson.steps
        return steps[self.step_index] if self.step_index < len(steps) else None

    @property
    def finished(self) -> bool:
        """True once the player has made every step's move."""
        return self.step_index >= len(self.lesson.steps)

    @property
    def done(self) -> bool:
        """True once the lesson is over: every step made and the bots' moves scripted after the
        last step played (the rest of a trick, say), so a lesson ends at a natural point; the
        table then shows what was learned."""
        if not self.finished or self.is_over:
            return self.finished
        seat = self.to_move
        return seat < 0 or self.is_human(seat) or self.scripted_move(seat) is None

    def _same(self, action: Action, notation: str) -> bool:
        return str(action) == str(self.game.parse_action(notation))

    def step_left(self) -> list[str]:
        """The current step's moves not made yet (notation), in the script's order; [] after the last step."""
        step = self.step
        if step is None:
            return []
        left = list(step.moves)
        for done in self.step_done:
            left.remove(done)
        return left

    def refusal(self, action: Action | str) -> str | None:
        """None when the player's ``action`` is the current step's, else the step's ``why``
        (None too after the last step: the match is the player's own then)."""
        step = self.step
        if step is None:
            return None
        if isinstance(action, str):
            action = self.game.parse_action(action)
        return None if any(self._same(action, m) for m in self.step_left()) else step.why

    def act(self, action: Action | str) -> list[Event]:
        """The seat to move plays ``action``: the player only the step's move (else
        ``IllegalAction`` with its ``why``), a bot its scripted move or its own.

        Raises:
            IllegalAction, engine.core.ActionParseError: see :meth:`Session.act`.
        """
        if isinstance(action, str):
            action = self.game.parse_action(action)
        seat = self.to_move
        human = seat >= 0 and self.is_human(seat)
        if human:
            reason = self.refusal(action)
            if reason is not None:
                raise IllegalAction(reason)
        events = super().act(action)
        if human and not self.finished:
            self.step_done.append(next(m for m in self.step_left() if self._same(action, m)))
            if not self.step_left():
                self.step_index += 1
                self.step_done = []
        elif not human:
            queue = self._queues.get(seat)
            if queue and self._same(action, queue[0]):
                queue.pop(0)
        return events

    def why_no_undo(self) -> str | None:
        """A lesson has no undo: a wrong move is refused before it is made."""
        return "a lesson has no undo: a wrong move is refused before it is made"

    def undo_barred_by_house_rule(self) -> bool:
        """False: the table offers no undo key in a lesson."""
        return False

    def scripted_move(self, seat: int) -> str | None:
        """The next scripted move of bot ``seat`` (notation), or None when its script is done."""
        queue = self._queues.get(seat)
        return queue[0] if queue else None

    def bot_choose(self, seat: int | None = None) -> Action:
        """The bot's scripted move while its script lasts, then its own choice."""
        seat = self.to_move if seat is None else seat
        move = self.scripted_move(seat)
        if move is not None:
            return self.game.parse_action(move)
        return super().bot_choose(seat)

    def hint_with_reason(self, seat: int) -> Hint:
        """The step's next move and the step's ``why`` as the reason."""
        step = self.step
        if step is None or seat != self.to_move:
            return super().hint_with_reason(seat)
        return Hint(self.game.parse_action(self.step_left()[0]), step.why, "lesson")


def check_lesson(lesson: Lesson) -> LessonSession:
    """Play ``lesson`` through: the deal, every bot's scripted move and every step's moves
    in the script's order, each checked by the engine, then the bots' moves scripted after
    the last step (until the player is to move or the scripts end: :attr:`LessonSession.done`);
    at the end no scripted move or chance outcome is left over.

    Returns:
        the session after the last step (for tests).

    Raises:
        LessonError: naming the file and the step (or the bot and its move) and the engine's reason.
    """
    src = lesson.source or lesson.game_id
    try:
        session = LessonSession(lesson)
        session.advance()
    except (ValueError, IllegalAction) as err:  # a bad rules table, seat or deal
        raise LessonError(f"{src}: the deal: {err}") from None
    done: dict[int, int] = {s: 0 for s in lesson.scripted}
    while not session.finished:
        seat = session.to_move
        n = session.step_index + 1
        if seat == TERMINAL:
            raise LessonError(f"{src}: step {n}: the match is over before it")
        if session.is_human(seat):
            move = session.step_left()[0]
            try:
                reason = session.why_illegal(move)
            except ValueError as err:
                reason = str(err)
            if reason is not None:
                raise LessonError(f"{src}: step {n}: {move!r} is not legal here: {reason}")
            try:
                session.act(move)
            except (ValueError, IllegalAction) as err:  # the chance outcomes after it
                raise LessonError(f"{src}: step {n}: after {move!r}: {err}") from None
            continue
        scripted = session.scripted_move(seat)
        name = session.names[seat]
        if scripted is None:
            raise LessonError(f"{src}: step {n}: {name} is to move but has no scripted move left")
        done[seat] = done.get(seat, 0) + 1
        try:
            session.act(scripted)
        except (ValueError, IllegalAction) as err:
            raise LessonError(f"{src}: {name}'s move {done[seat]} ({scripted!r}, before step {n}): {err}") from None
    while not session.done:  # the bots' moves scripted after the last step (the rest of a trick)
        seat = session.to_move
        scripted = session.scripted_move(seat)
        assert scripted is not None  # not done: a bot with a scripted move is to move
        done[seat] = done.get(seat, 0) + 1
        try:
            session.act(scripted)
        except (ValueError, IllegalAction) as err:
            raise LessonError(f"{src}: {session.names[seat]}'s move {done[seat]} ({scripted!r}, after the last step): "
                              f"{err}") from None
    left = {session.names[s]: q for s, q in session._queues.items() if q}
    if left:
        who, moves = next(iter(left.items()))
        raise LessonError(f"{src}: after the last step {who} still has scripted moves: {', '.join(moves)}")
    if session._stack.queue:
        left_over = ", ".join(map(str, session._stack.queue))
        raise LessonError(f"{src}: after the last step chance outcomes are left over: {left_over}")
    return session


__all__ = ["LESSON_FILE", "Lesson", "LessonError", "LessonSession", "LessonStep", "check_lesson", "lesson_games",
           "lesson_path", "load_lesson", "parse_lesson"]
