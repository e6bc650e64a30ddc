"""Replaying a game log: rebuild the state (:func:`rebuild`), verify every check line
(:func:`verify_log`) and every position for the replay screen (:class:`Replay`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from engine.core import CHANCE, TERMINAL, ActionParseError, Event, IllegalAction, State
from engine.inputs import brief
from engine.gamelog.lines import HeaderError, LogSetup, check_header
from engine.gamelog.reader import GameLog, read_log

# ---------------------------------------------------------------------------
# Rebuilding and verifying
# ---------------------------------------------------------------------------

class LogReplayError(Exception):
    """A log line that does not replay. ``line`` is its 1-based number,
    ``reason`` one sentence saying why."""

    def __init__(self, line: int, reason: str) -> None:
        self.line, self.reason = line, reason
        super().__init__(f"line {line}: {reason}")


def _game_and_variant(log: GameLog):
    """(game class, variant, n_seats) from the header (:func:`check_header`), or LogReplayError at line 1."""
    setup = log_setup(log)
    return setup.game, setup.variant, len(setup.seats)


def log_setup(log: GameLog) -> LogSetup:
    """The header of ``log`` checked by :func:`check_header`.

    Raises:
        LogReplayError: at line 1 when the header is missing or unusable.
    """
    if not log.header:
        raise LogReplayError(1, log.errors[0].message if log.errors else "the log has no header")
    try:
        return check_header(log.header)
    except HeaderError as err:
        raise LogReplayError(1, str(err)) from None


def _actor_of(state: State) -> int | str | None:
    t = state.to_move
    if t == CHANCE:
        return "chance"
    if t == TERMINAL:
        return None
    return t


def _apply_logged(game, state: State, line: int, actor: int | str, notation: str) -> list[Event]:
    """Parse and apply one logged action, or raise LogReplayError naming ``line``."""
    try:
        action = game.parse_action(notation)
    except ActionParseError as err:
        raise LogReplayError(line, f"cannot read the action {brief(notation)}: {err}") from None
    expected = _actor_of(state)
    if expected is None:
        raise LogReplayError(line, f"{brief(notation)} comes after the end of the match")
    if actor != expected:
        who = "a chance step" if expected == "chance" else f"seat {expected}"
        raise LogReplayError(line, f"the log says {brief(actor)} acts, but {who} is to move")
    try:
        return state.apply(action)
    except IllegalAction as err:
        raise LogReplayError(line, f"{brief(notation)} is illegal: {err}") from None


def _same_numbers(a: list, b: list) -> bool:
    return len(a) == len(b) and all(abs(float(x) - float(y)) < 1e-9 for x, y in zip(a, b))


def rebuild(log: GameLog, up_to_line: int | None = None) -> State:
    """Replay a log into a new state.

    Builds the state from the header (game, ``rules`` through the game's
    variant class, seat count), re-applies every action line (taking back
    what undo lines undo) up to and including ``up_to_line`` (default: the
    whole good prefix), and checks every ``check`` hash, every ``score`` line
    against the hand's ``hand_over`` event, and the ``result`` line.

    Returns:
        the state after the last line replayed.

    Raises:
        LogReplayError: for the first line that does not replay: a bad header,
            an unparsable or illegal action (with the engine's reason), an
            actor who is not ``to_move``, or a hash, score or result mismatch.
            A log whose only problem is a bad line after the good prefix
            rebuilds fine (read errors are the reader's business).
    """
    game, variant, n_seats = _game_and_variant(log)
    state = game.new_state(variant, n_seats)
    applied: list[tuple[int, int | str, str]] = []
    last_events: list[Event] = []
    for e in log.entries:
        line = e["line"]
        if up_to_line is not None and line > up_to_line:
            break
        kind = e["type"]
        if kind == "action":
            last_events = _apply_logged(game, state, line, e["actor"], e["action"])
            applied.append((line, e["actor"], e["action"]))
        elif kind == "undo":
            del applied[len(applied) - e["count"]:]
            state = game.new_state(variant, n_seats)
            last_events = []
            for a_line, actor, notation in applied:
                last_events = _apply_logged(game, state, a_line, actor, notation)
        else:
            _check_line(e, state, last_events)
    return state


def _check_line(e: dict, state: State, last_events: list[Event]) -> None:
    """A check, score or result line ``e`` against the replay (``state`` after the
    line's action, ``last_events`` that action's events).

    Raises:
        LogReplayError: naming what differs.
    """
    line, kind = e["line"], e["type"]
    if kind == "check":
        got = state.state_hash()
        if got != e["hash"]:
            raise LogReplayError(line, f"state hash mismatch after hand {e['hand']}: "
                                       f"the log has {e['hash']}, the replay gives {got}")
    elif kind == "score":
        over = [ev for ev in last_events if ev.kind == "hand_over"]
        if not over:
            raise LogReplayError(line, "a score line where no hand has just ended")
        data = over[-1].data
        for key, what in (("scores", "hand scores"), ("totals", "match totals")):
            if key in data and not _same_numbers(e[key], data[key]):
                raise LogReplayError(line, f"{what} {e[key]} differ from the replay's {data[key]}")
    elif kind == "result":
        _check_result(e, state)


def _check_result(e: dict, state: State) -> None:
    """The result line ``e`` against the replay's final ``state`` (see :func:`_check_line`)."""
    line = e["line"]
    if not state.is_over:
        raise LogReplayError(line, "a result line but the match is not over in the replay")
    if state.state_hash() != e["hash"]:
        raise LogReplayError(line, f"final state hash mismatch: the log has {e['hash']}, "
                                   f"the replay gives {state.state_hash()}")
    if sorted(e["winners"]) != sorted(state.winners()):
        raise LogReplayError(line, f"the log names winners {e['winners']}, the replay gives {state.winners()}")
    if not _same_numbers(e["scores"], state.scores()):
        raise LogReplayError(line, f"final scores {e['scores']} differ from the replay's {state.scores()}")


@dataclass
class VerifyResult:
    """The outcome of :func:`verify_log`.

    Attributes:
        ok: True when every line reads and replays.
        line: the first bad line (None when ok, or when the file cannot be read).
        reason: one sentence: what is wrong, or a summary when ok.
        finished: True when the log has a result line (an unfinished log can still be ok).
        actions: actions in effect at the end of what was replayed.
    """

    ok: bool
    line: int | None
    reason: str
    finished: bool = False
    actions: int = 0


def verify_log(path: Path) -> VerifyResult:
    """Read and fully replay a log, checking every hash, score and the result.

    An unfinished log verifies ok up to its end (``finished`` is False then).
    The first bad line is named: the good prefix is replayed before a read error is
    reported, so an illegal action is named rather than a line after it whose shape
    is wrong (a repeated ``n``). Never raises for a bad log.
    """
    try:
        log = read_log(path)
    except OSError as err:
        return VerifyResult(False, None, f"cannot read {path}: {err.strerror or err}")
    try:
        rebuild(log)  # only the good prefix: any error here comes before the first read error
    except LogReplayError as err:
        return VerifyResult(False, err.line, err.reason, log.finished)
    if log.errors:
        first = log.errors[0]
        return VerifyResult(False, first.line, first.message, log.finished, len(log.effective_actions()))
    n = len(log.effective_actions())
    how = "finished" if log.finished else "unfinished"
    return VerifyResult(True, None, f"{how} log of {n} actions replays exactly", log.finished, n)


# ---------------------------------------------------------------------------
# Replay positions (for the replay screen)
# ---------------------------------------------------------------------------

def replay_whole(log: GameLog) -> tuple[LogSetup, "Replay"]:
    """The header and every position of ``log`` (its good prefix), for a reader that needs the
    whole log to replay (the analysis board, the deal replay).

    Raises:
        LogReplayError: for an unusable header, or naming the first action that does not replay.
    """
    setup = log_setup(log)
    replay = Replay(log)
    if replay.error is not None:
        raise replay.error
    return setup, replay


class Replay:
    """Every position of a logged match, for stepping forward and back.

    Built from the log's effective actions (undo lines applied). Index ``i``
    of :attr:`positions` is the state before action ``i`` (so ``positions[0]``
    is the new match and ``positions[-1]`` the last state); ``events[i]``,
    ``actors[i]``, ``notations[i]`` and ``lines[i]`` describe action ``i``.

    A log that stops replaying partway gives the positions up to the bad
    action and sets :attr:`error` (a :class:`LogReplayError`); hashes are not
    checked here (that is :func:`verify_log`'s job).

    Raises:
        LogReplayError: only if the header itself is unusable.
    """

    def __init__(self, log: GameLog) -> None:
        self.log = log
        game, variant, n_seats = _game_and_variant(log)
        self.game = game
        self.n_seats = n_seats
        state = game.new_state(variant, n_seats)
        self.positions: list[State] = [state.clone()]
        self.events: list[list[Event]] = []
        self.actors: list[int | str] = []
        self.notations: list[str] = []
        self.lines: list[int] = []
        self.error: LogReplayError | None = None
        for line, actor, notation in log.effective_actions():
            try:
                events = _apply_logged(game, state, line, actor, notation)
            except LogReplayError as err:
                self.error = err
                break
            self.positions.append(state.clone())
            self.events.append(events)
            self.actors.append(actor)
            self.notations.append(notation)
            self.lines.append(line)

    @property
    def last_index(self) -> int:
        """The index of the final position (= number of actions replayed)."""
        return len(self.positions) - 1

    def _is_turn_stop(self, i: int) -> bool:
        if i == 0 or i == self.last_index:
            return True
        to_move = self.positions[i].to_move
        if to_move < 0:
            return False
        for j in range(i - 1, -1, -1):
            if self.actors[j] != "chance":
                return self.actors[j] != to_move
        return True

    def next_turn_index(self, i: int) -> int:
        """The next position after ``i`` where a different player is to act
        (chance steps and a player's run of actions count as one step), or
        the last position."""
        for j in range(i + 1, self.last_index + 1):
            if self._is_turn_stop(j):
                return j
        return self.last_index

    def prev_turn_index(self, i: int) -> int:
        """The previous such position before ``i``, or 0."""
        for j in range(min(i, self.last_index + 1) - 1, -1, -1):
            if self._is_turn_stop(j):
                return j
        return 0

    def _is_hand_start(self, j: int) -> bool:
        return 0 < j <= self.last_index and \
            self.positions[j].hand_number != self.positions[j - 1].hand_number

    def next_hand_index(self, i: int) -> int:
        """The first position of the next hand after ``i`` (where
        ``hand_number`` changes), or the last position."""
        for j in range(i + 1, self.last_index + 1):
            if self._is_hand_start(j):
                return j
        return self.last_index

    def prev_hand_index(self, i: int) -> int:
        """The start of the hand before position ``i``'s hand start (or of the
        current hand if ``i`` is inside it), or 0."""
        for j in range(min(i, self.last_index + 1) - 1, 0, -1):
            if self._is_hand_start(j):
                return j
        return 0
