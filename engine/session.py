"""One match as the TUI and the CLI drive it: seats, bots, chance, the log, undo, hints and resume.

A :class:`Session` owns the omniscient :class:`engine.core.State`, the chance
generator and one generator per bot seat, and writes the log
(:mod:`engine.gamelog`) as play goes. The driver loop is::

    session.advance()                     # deal: chance steps until a player acts
    while not session.is_over:
        seat = session.to_move
        if session.is_human(seat):
            events = session.act(action_chosen_from(session.view(seat)))
        else:
            events = session.act(session.bot_choose())  # bot_choose may run in a worker thread

Randomness: chance outcomes come from the session's chance source
(:mod:`engine.chance`), by default drawn with ``random.Random(seed)``; the bot on
seat ``s`` draws with ``random.Random(f"{seed}:{s}")``. So a seed with the same
seats and moves gives the same match. An undo must not let a player preview
what comes next, so after every undo the chance source is reseeded afresh
(``secrets``) and each bot's generator from that new seed (``f"{new}:{s}"``);
the new seed is written in the log's undo line, so resume continues exactly.

Undo is a house option (:data:`engine.undo.UNDO_MODES`, the table's ``undo`` key):
``"own_turn"`` (default) takes back the human's last turn only, ``"free"``
one more turn per undo as far back as the match goes, ``"off"`` none.
"""

from __future__ import annotations

import contextlib

import random
import secrets
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping, Protocol, Sequence, Union

from engine import gamelog
from engine.ai.base import Bot, RandomBot, choose_with_reason
from engine.chance import ChanceSource, RandomChance
from engine.games import get_spec, make_bot
from engine.core import CHANCE, TERMINAL, Action, Event, Game, IllegalAction, State, View
from engine.games import get_game
from engine.seats import SeatSpec, name_problem, seat_names
from engine.undo import DEFAULT_UNDO, check_undo_mode
from engine.variants import build_variant, variant_to_table
from engine.verdicts import record_written


#: A seat's preset answer (:meth:`Session.set_standing_order`): an action (or its
#: notation) played whenever it is legal for the seat, or ``(view, legal) -> Action | None``.
StandingOrder = Union[Action, str, Callable[[View, list[Action]], "Action | None"]]

def fresh_seed() -> int:
    """A new seed from the operating system (``secrets``), 0..2**63-1: nobody can
    predict it, so the cards it draws cannot be previewed."""
    return secrets.randbelow(2**63)


@dataclass(frozen=True)
class Hint:
    """A suggested move (:meth:`Session.hint_with_reason`).

    Attributes:
        action: the move suggested (one of the seat's legal actions).
        reason: one line saying why in plain words, from the bot that chose it (no final
            full stop).
        level: the bot level that chose it (``medium``, ``easy``, ``random``).
        details: the figures behind a search's choice (trial games and their points,
            :attr:`engine.ai.base.Reason.details`), for a player who asks; "" for a rule of thumb.
        plan: the rest of the turn the hinting bot planned, this move first, in the game's words
            (``"lay 4♠5♠6♠ and 7♣7♦JK, add 8♠ to m2, discard K♦"``); "" when the move is no step
            of a whole-turn plan (issue 25).
    """

    action: Action
    reason: str
    level: str
    details: str = ""
    plan: str = ""


@dataclass(frozen=True)
class ResumePlan:
    """What resuming a log would do (:func:`plan_resume`): the one answer ``cardtable resume``
    and the app's Resume both act on.

    Attributes:
        path: the log.
        up_to_line: resume as the match stood at this line, before the bad one (None: the whole log).
        bad: ``"line N: reason"`` of the first bad line when the log is cut there, else None.
        refusal: one sentence saying why the log cannot be resumed at all, else None.
        finished: True when the match in the log is over (it can only be replayed).
        in_use: True when another table writes the log (it can only be replayed).
    """

    path: Path
    up_to_line: int | None = None
    bad: str | None = None
    refusal: str | None = None
    finished: bool = False
    in_use: bool = False


def plan_resume(path: Path) -> ResumePlan:
    """How the log at ``path`` can be resumed, checked before anyone is asked.

    The log is verified (``engine.gamelog.verify_log``: the first bad line is named);
    a clean unfinished log resumes whole; a log with a bad line is offered only the
    cut before it, and only when :meth:`Session.resume` can resume from there: the
    lines kept replay (checked again here) and do not hold the match's end (a finished
    match with junk after its result line is to be replayed, not resumed). A log another
    table writes (its ``engine.gamelog.LogLock`` is held) is refused, naming the process.

    Returns:
        a :class:`ResumePlan`; never raises for a bad log.
    """
    path = Path(path)
    check = gamelog.verify_log(path)
    if check.ok and check.finished:
        return ResumePlan(path, refusal=f"{path} is a finished game; watch it with: cardtable replay {path}",
                          finished=True)
    if check.line is not None and check.line <= 1:
        return ResumePlan(path, refusal=f"{path}: line {check.line}: {check.reason}; there is no game to resume")
    if not check.ok and check.line is None:
        return ResumePlan(path, refusal=check.reason)
    try:
        gamelog.check_log_free(path)
    except gamelog.LogInUse as err:
        return ResumePlan(path, refusal=str(err), in_use=True)
    except OSError as err:
        return ResumePlan(path, refusal=f"cannot resume {path}: {err.strerror or err}")
    if check.ok or check.line is None:  # (a read failure without a line was refused above)
        return ResumePlan(path)
    cut = check.line - 1
    bad = f"line {check.line}: {check.reason}"
    try:
        log = gamelog.read_log(path)
        log.entries = [e for e in log.entries if e["line"] <= cut]
        gamelog.rebuild(log)
    except (OSError, gamelog.LogReplayError) as err:  # not expected after verify_log: refuse, never offer it
        return ResumePlan(path, refusal=f"{path}: {bad}; the lines before it do not replay either ({err})")
    if log.finished:
        end = next(e["line"] for e in log.entries if e["type"] == "result")
        return ResumePlan(path, refusal=f"{path}: {bad}; the match ended at line {end}, so there is nothing to "
                                        f"resume: watch it with: cardtable replay {path}", finished=True)
    return ResumePlan(path, up_to_line=cut, bad=bad)


@dataclass
class _Snapshot:
    """Everything needed to return to one human decision point."""

    n: int
    seat: int
    state: State
    narration_len: int
    turn_no: int = 0  # which turn (counted by changes of ``State.turn``) the decision belongs to


class Session:
    """Drives one match: applies chance, validates and applies moves, asks bots, logs.

    Args:
        game_id: a game id from :mod:`engine.games` (``"nags"``).
        variant: the game's variant object, a rules table (``{"match_games": 3}``)
            or None for the default rules.
        seats: one :class:`SeatSpec` (or seat-spec text such as ``"ai:easy"``) per seat.
        seed: the match seed; None picks a random one (stored in :attr:`seed`
            and the log header).
        log_path: where to write the log; None makes a new timestamped file in
            ``log_dir`` (default :func:`engine.gamelog.default_log_dir`). The file is
            created at the first action (:meth:`advance` deals), not here.
        write_log: False keeps no log (simulations, tests).
        undo: the house option, one of :data:`engine.undo.UNDO_MODES` (written in the log header).
        chance: where chance outcomes come from (:mod:`engine.chance`: a stacked deck, the
            arena's duplicate chance); None draws them with ``random.Random(seed)``.

    Raises:
        engine.games.UnknownGame: for an unknown game id.
        engine.variants.ConfigError: for a bad rules table.
        ValueError: for a seat count the game does not allow, a bot level
            the game has no bot for, an unknown undo mode, or a seat name ``engine.seats.name_problem`` refuses.
        FileExistsError: if ``log_path`` already exists.
        engine.gamelog.LogDirError: (an OSError) if the log folder is a file, cannot
            be made or written, or its disk is full (``engine.gamelog.check_log_dir``).

    Attributes:
        state: the omniscient state; only the replay screen and tests may read it.
        history: the actions in effect, ``(actor, notation)``, actor a seat or ``"chance"``.
        narration: every public event (``visible_to`` None) narrated with seat names, in order
            (a resumed table shows it to whichever seat sits down).
        names: display names per seat.
        undo_mode: the house option ``undo`` (:data:`engine.undo.UNDO_MODES`).
        undo_count: undos made in this match so far (those in a resumed log included).
        log_error: None while the log is written; after a failed write (a full
            disk, a removed folder) one sentence saying so. The match goes on in
            memory, no further line is written there, and :meth:`save_log`
            writes the whole match to another file and logs there from then on.
    """

    def __init__(self, game_id: str, variant: Any, seats: Sequence[SeatSpec | str], seed: int | str | None = None,
                 log_path: Path | None = None, *, write_log: bool = True, log_dir: Path | None = None,
                 undo: str = DEFAULT_UNDO, chance: ChanceSource | None = None) -> None:
        game = get_game(game_id)
        undo = check_undo_mode(undo)
        if variant is None or isinstance(variant, Mapping):
            variant = build_variant(game.variant_class, variant or {}, source="session", section="rules")
        specs = [s if isinstance(s, SeatSpec) else SeatSpec.parse(s) for s in seats]
        err = game.seat_range_error(len(specs), variant) or next(
            (f"seat {i}: {p}" for i, p in ((i, name_problem(s.name)) for i, s in enumerate(specs)) if p), None)
        if err:
            raise ValueError(err)
        if seed is None:
            seed = random.SystemRandom().randrange(1, 2**31)
        self._setup(game, variant, specs, seed if isinstance(seed, str) else int(seed), chance)
        self.undo_mode = undo
        self.state = game.new_state(variant, len(specs))
        self.log_path: Path | None = None
        self._writer: gamelog.LogWriter | None = None
        self._log_named_here = log_path is None
        if write_log:
            if log_path is None:
                folder = Path(log_dir or gamelog.default_log_dir())
                gamelog.check_log_dir(folder)
                log_path = gamelog.new_log_path(game.id, folder)
            else:
                gamelog.check_log_dir(Path(log_path).parent)
            self.log_path = Path(log_path)
            if self.log_path.exists():
                raise FileExistsError(f"{self.log_path} already exists; a new game never overwrites a log")
            self._log_pending = True

    def _open_log(self) -> gamelog.LogWriter | None:
        """Create the log with its header, at the match's first action (the deal, when the
        table starts): a match that never started (a config error found before the table
        opened, a table screen that could not load) leaves no file behind (issue 22). If the
        file name was taken meanwhile, a name made here is made afresh; a name given by the
        caller is never overwritten (:attr:`log_error` says so). Returns the writer, or None."""
        if not self._log_pending or self.log_path is None:
            return None
        self._log_pending = False
        if self.log_path.exists():
            if not self._log_named_here:
                self._log_failed(FileExistsError(f"{self.log_path} appeared meanwhile"))
                return None
            self.log_path = gamelog.new_log_path(self.game.id, self.log_path.parent)
        try:
            self._writer = gamelog.LogWriter(self.log_path, self._header())
        except OSError as err:
            self._log_failed(err)
        return self._writer

    def _setup(self, game: type[Game], variant: Any, specs: list[SeatSpec], seed: int | str,
               chance: ChanceSource | None) -> None:
        self.game = game
        self.variant = variant
        self.seats = specs
        self.names = seat_names(specs)
        self.seed = seed
        self.history: list[tuple[int | str, str]] = []
        self.narration: list[str] = []
        #: where chance outcomes come from (:class:`engine.chance.RandomChance` from the seed by default)
        self.chance: ChanceSource = chance if chance is not None else RandomChance(seed)
        self._bots: dict[int, Bot] = {}
        self._bot_rngs: dict[int, random.Random] = {}
        for i, spec in enumerate(specs):
            if not spec.is_human:
                self._bots[i] = make_bot(game.id, spec.level or "random")
                self._bot_rngs[i] = random.Random(f"{seed}:{i}")
        self._snapshots: list[_Snapshot] = []
        self._lock = threading.RLock()
        self._hints = HintMemory(game.id)
        #: seat -> its standing order (notation already parsed to an Action)
        self.standing_orders: dict[int, Action | Callable[[View, list[Action]], Action | None]] = {}
        self._turn_no = 0
        self._turn_seat: int | None = None
        self.undo_mode = DEFAULT_UNDO
        self.undo_count = 0
        #: with undo = "own_turn": the action count of the last undo (no undo may go back further)
        self._undo_floor = 0
        #: True when :meth:`resume` found the match already over (cut before its result line)
        self.ended_before_resume = False
        #: for a match played on from a replay (:meth:`branch`): the source log, line and action count
        self.branched_from: dict | None = None
        self.log_error: str | None = None
        self._log_pending = False  # the log is made at the first action (:meth:`_open_log`)
        self._log_named_here = False

    def _note_turn(self) -> None:
        """Count turns: a new one starts whenever ``State.turn`` names another seat
        (chance and the end, negative values, are not turns)."""
        t = self.state.turn
        if t >= 0 and t != self._turn_seat:
            self._turn_no += 1
            self._turn_seat = t

    def _header(self) -> dict:
        header = {"engine": gamelog.ENGINE_VERSION, "game": self.game.id,
                  "rules": variant_to_table(self.variant),
                  "seats": [{"spec": str(s), "name": n} for s, n in zip(self.seats, self.names)],
                  "seed": self.seed, "undo": self.undo_mode, "started": gamelog.now_iso()}
        if self.branched_from is not None:
            header["branched_from"] = dict(self.branched_from)
        return header

    # -- play on from a replay's position ----------------------------------------
    @classmethod
    def branch(cls, replay: gamelog.Replay, index: int, seats: Sequence[SeatSpec | str], *, source: Path,
               seed: int | str | None = None, log_path: Path | None = None, log_dir: Path | None = None,
               write_log: bool = True, undo: str = DEFAULT_UNDO) -> "Session":
        """A new match that starts at position ``index`` of ``replay`` (the log at ``source``) with
        new ``seats`` ("play on from here", issue 24): the same game and house rules, the first
        ``index`` actions of the replay applied again (so every card dealt so far, hidden ones
        included, stays where it was), then play goes on with the new seats and chance drawn from
        a new ``seed``. Its log is complete by itself: the header (with ``branched_from``: the
        source log, the line of the last action kept, the action count) and every action from the
        deal, so ``cardtable replay --verify`` checks it without the source.

        Raises:
            ValueError: ``index`` outside the replay, a position where the match is over, or
                seats the game refuses (as :class:`Session`).
            OSError: the log cannot be created (as :class:`Session`).
        """
        if not 0 <= index <= replay.last_index:
            raise ValueError(f"position {index} is outside the replay (0 to {replay.last_index})")
        if replay.positions[index].is_over:
            raise ValueError("the match is over at this position: there is nothing to play on")
        log = replay.log
        rules = variant_to_table(gamelog.log_setup(log).variant)
        self = cls(replay.game.id, rules, seats, seed=seed, log_path=log_path, log_dir=log_dir,
                   write_log=write_log, undo=undo)
        line = replay.lines[index - 1] if index else 1
        self.branched_from = {"log": str(source), "line": line, "actions": index}
        for actor, notation in zip(replay.actors[:index], replay.notations[:index]):
            self._snapshot_if_decision()
            self._apply(actor, self.game.parse_action(notation))
        self.chance.reseed(f"{self.seed}:branch:{index}")
        self._snapshots = []  # undo never goes back into the source match
        self._undo_floor = len(self.history)
        self.narration.append(f"Playing on from {Path(source).name}, line {line} ({index} actions)")
        return self

    # -- resume ----------------------------------------------------------------
    @classmethod
    def resume(cls, path: Path, *, up_to_line: int | None = None) -> "Session":
        """Continue an unfinished log, appending to it.

        The log is read leniently and replayed up to its good prefix (or up to
        ``up_to_line``). If lines must be dropped (a bad line, or
        ``up_to_line`` before the end), the original file is first kept as
        ``<name>.bak`` and the log is rewritten with the kept lines.
        The chance generator is brought to the exact state it had (by drawing
        the logged chance steps again from the header's seed, or from the seed
        of the last undo line that names one), so the same cards come as if the
        program had never stopped, when the log was written by this engine;
        otherwise it is seeded from the seed and the action count. Bot
        generators are seeded from the seed, seat and action count. The undo
        option is the header's (``own_turn`` for a log that has none), so a
        resumed match keeps the house rule it was started with.

        A log cut after the match's last action but before its result line
        (the program stopped while writing the end) is completed: the missing
        check, score and result lines are written, :attr:`ended_before_resume`
        is True and the narration says the match had already ended.

        Raises:
            OSError: if the file cannot be read.
            engine.gamelog.LogReplayError: if the header is unusable or a line
                does not replay (resume up to ``err.line - 1`` instead).
            ValueError: if the match in the log is already finished, or a bot
                level in the header is not available.
            engine.gamelog.LogInUse: (an OSError) another table writes this log; its lock
                (``engine.gamelog.LogLock``) is taken before the log is read, and held until
                :meth:`close`, so two tables never append to one log.
        """
        path = Path(path)
        lock = gamelog.LogLock(path).acquire()
        try:
            return cls._resume_locked(path, up_to_line, lock)
        except BaseException:
            lock.release()
            raise

    @classmethod
    def _resume_locked(cls, path: Path, up_to_line: int | None, lock: gamelog.LogLock) -> "Session":
        """:meth:`resume` while holding the log's ``lock`` (handed to the log writer)."""
        log, keep = _log_to_resume(path, up_to_line)
        setup = gamelog.log_setup(log)  # the header as every reader of a log checks it
        game, variant, specs = setup.game, setup.variant, list(setup.seats)
        self = cls.__new__(cls)
        seed = log.header.get("seed")
        self._setup(game, variant, specs, seed if seed is not None else 0, None)
        self.undo_mode = log.undo_mode or DEFAULT_UNDO
        undos = [e for e in log.entries if e["type"] == "undo"]
        self.undo_count = len(undos)
        self._undo_floor = undos[-1]["n"] if undos else 0
        self.names = list(setup.names)
        self.state = game.new_state(variant, len(specs))
        events, last_line = self._replay(log, in_sync=seed is not None)
        if keep < log.total_lines:
            _cut_log(path, keep)
        else:
            _ensure_newline(path)
        self.log_path = path
        writer = self._writer = gamelog.LogWriter(path, None, lock=lock)
        self.ended_before_resume = self.state.is_over
        n = len(self.history)
        if self.state.is_over:
            # Cut after the last action: write the check, score and result lines it lacks
            # (those present were checked by rebuild, so they are the first of the expected ones).
            present = sum(1 for e in log.entries if e["line"] > last_line and e["type"] in ("check", "score"))
            _write_end_lines(writer, self.state, events, skip=present)
            self.narration.append(f"The match in {path.name} had already ended after {n} actions; "
                                  "its missing result lines are written now")
        else:
            self.narration.append(f"Resumed from {path.name} after {n} actions")
        return self

    def _replay(self, log: gamelog.GameLog, in_sync: bool) -> tuple[list[Event], int]:
        """Apply the log's actions in effect to :attr:`state` (snapshots, turns, history,
        narration as in play), drawing each logged chance step again from the chance
        source while it agrees (``in_sync``; an undo line with a seed restarts it), and
        seed the chance source and the bots anew where it did not. Returns the last
        action's events and its line."""
        starts = log.chance_seed_starts()
        events: list[Event] = []
        last_line = 1
        for i, (line, actor, notation) in enumerate(log.effective_actions()):
            if i and i in starts:  # an undo seeded a new chance generator here
                in_sync = self._reseed_chance(starts[i])
            action = self.game.parse_action(notation)
            if actor == "chance" and in_sync:
                in_sync = self.chance.sample(self.state) == action
            if self.state.to_move >= 0:
                self._snapshot_if_decision()
            events = self.state.apply(action)
            last_line = line
            self._note_turn()
            self.history.append((actor, notation))
            self.narration.extend(e.narrate(self.names) for e in events if e.visible_to is None)
        n = len(self.history)
        if n and n in starts:  # the log ends with an undo
            in_sync = self._reseed_chance(starts[n])
        if not in_sync:
            self.chance.reseed(f"{self.seed}:resume:{n}")
        for s in self._bot_rngs:
            self._bot_rngs[s] = random.Random(f"{self.seed}:{s}:resume:{n}")
        return events, last_line

    def _reseed_chance(self, seed: int | str | None) -> bool:
        """Start the chance source from ``seed`` (an undo line's); False when there is none."""
        if seed is None:
            return False
        self.chance.reseed(seed)
        return True

    # -- whose move --------------------------------------------------------------
    @property
    def to_move(self) -> int:
        """The seat to act, :data:`engine.core.CHANCE` or :data:`engine.core.TERMINAL`."""
        return self.state.to_move

    @property
    def is_over(self) -> bool:
        """True when the match has ended."""
        return self.state.is_over

    @property
    def hand_number(self) -> int:
        """The 0-based hand (game, round, deal) being played (``State.hand_number``: public)."""
        return self.state.hand_number

    def scores(self) -> list[float]:
        """The match totals per seat now, in the game's points (public: the score sheet)."""
        return list(self.state.scores())

    def winners(self) -> list[int]:
        """The seats that won the match (ties share); empty while it runs."""
        return list(self.state.winners())

    def is_human(self, seat: int) -> bool:
        """True when ``seat`` is played by a person."""
        return self.seats[seat].is_human

    def seat_kind(self, seat: int) -> str:
        """Who plays ``seat``, for the table's words while it waits: ``"human"`` (a person at
        this terminal) or ``"bot"``. A remote seat's session (``net.client.RemoteSession``) also
        says ``"remote"`` (a person at another terminal) and ``"away"`` (a person whose
        connection is down: the table waits for them)."""
        return "human" if self.is_human(seat) else "bot"

    def view(self, seat: int) -> View:
        """What ``seat`` may know now (the only thing a player's screen or a bot may read)."""
        return self.state.view(seat)

    # -- playing ---------------------------------------------------------------
    def _apply(self, actor: int | str, action: Action) -> list[Event]:
        """Apply and log one action, then log check/score lines for every finished
        hand and the result at the end. The caller has validated ``action`` (a
        player's move in :meth:`act`) or drawn it with ``sample_chance`` (in
        :meth:`advance`), so it goes through ``State.apply_trusted``."""
        events = self.state.apply_trusted(action)
        if actor != "chance":
            self.chance.decision_made()
        self._note_turn()
        self.history.append((actor, str(action)))
        self.narration.extend(e.narrate(self.names) for e in events if e.visible_to is None)
        w = self._writer or self._open_log()
        if w is not None:
            try:
                w.action(len(self.history), actor, str(action))
                _write_end_lines(w, self.state, events)
            except OSError as err:
                self._log_failed(err)
        return events

    def _log_failed(self, err: OSError) -> None:
        """A log write failed: say so in :attr:`log_error`, stop writing there, play on in memory."""
        self.log_error = (f"the log {self.log_path} could not be written ({err.strerror or err}); "
                          "the match goes on in memory: save it to another file")
        w, self._writer = self._writer, None
        _close_quietly(w)

    def save_log(self, path: Path) -> Path:
        """Write the whole match so far (header, every action in effect, the check,
        score and result lines) as a new log at ``path``, and log there from now on
        (clears :attr:`log_error`). This is the way out after a failed write.

        Returns:
            the path written (``~`` expanded).

        Raises:
            FileExistsError: if ``path`` exists (a log is never overwritten).
            OSError: if it cannot be written (e.g. :class:`engine.gamelog.LogDirError`);
                the match stays in memory and the old log state is unchanged.
        """
        path = Path(path).expanduser()
        if path.exists():
            raise FileExistsError(f"{path} already exists; choose a new file name")
        gamelog.check_log_dir(path.parent)
        with self._lock:
            writer = gamelog.LogWriter(path, self._header())
            try:
                state = self.game.new_state(self.variant, len(self.seats))
                for n, (actor, notation) in enumerate(self.history, start=1):
                    events = state.apply(self.game.parse_action(notation))
                    writer.action(n, actor, notation)
                    _write_end_lines(writer, state, events)
            except OSError:
                _close_quietly(writer)
                raise
            old, self._writer = self._writer, writer
            _close_quietly(old)
            self._log_pending = False
            self.log_path = path
            self.log_error = None
            return path

    def _snapshot_if_decision(self) -> None:
        seat = self.state.to_move
        if seat < 0 or not self.seats[seat].is_human:
            return
        n = len(self.history)
        if self._snapshots and self._snapshots[-1].n >= n:
            return
        self._snapshots.append(_Snapshot(n, seat, self.state.clone(), len(self.narration), self._turn_no))

    def advance(self) -> list[Event]:
        """Apply chance steps (drawn with the session's chance generator) and
        the standing orders of the seats that become ``to_move`` (logged as
        those seats' actions) until a player must decide or the match is over;
        returns their events (empty if a player is already to move)."""
        with self._lock:
            events: list[Event] = []
            while True:
                while self.state.to_move == CHANCE:
                    events += self._apply("chance", self.chance.sample(self.state))
                seat = self.state.to_move
                order = self._standing_move(seat) if seat in self.standing_orders else None
                if order is None:
                    break
                events += self._apply(seat, order)
            self._snapshot_if_decision()
            return events

    # -- standing orders -----------------------------------------------------------
    def set_standing_order(self, seat: int, order: StandingOrder | None) -> None:
        """Give ``seat`` a preset answer ("pass on every claim offer"), or clear it
        with None. Whenever ``seat`` becomes ``to_move`` (in :meth:`advance`, which
        :meth:`act` runs after every move) the order is asked: an action (or its
        notation) is played when it is legal then; a callable
        ``(view, legal) -> Action | None`` is given the seat's view and legal
        actions and may decline with None. A played order is logged as that
        seat's own action; when it declines or is illegal the seat decides as usual.
        The caller applies pending orders with :meth:`advance`.

        Raises:
            ValueError: for a seat outside the table.
            engine.core.ActionParseError: for notation that is not an action.
        """
        if not 0 <= seat < len(self.seats):
            raise ValueError(f"no seat {seat} at this table")
        with self._lock:
            if order is None:
                self.standing_orders.pop(seat, None)
                return
            self.standing_orders[seat] = self.game.parse_action(order) if isinstance(order, str) else order

    def _standing_move(self, seat: int) -> Action | None:
        """The move ``seat``'s standing order gives now, if any and legal."""
        order = self.standing_orders.get(seat)
        if order is None or seat < 0:
            return None
        if isinstance(order, Action):
            return order if self.state.is_legal(order) else None
        view = self.state.view(seat)
        action = order(view, view.legal_actions())
        if action is None or not self.state.is_legal(action):
            return None
        return action

    def is_quiet(self, action: Action) -> bool:
        """True for an action that moves nothing on the table (``Action.quiet``,
        e.g. a pass on an offer): a table plays it without the pace delay."""
        return bool(getattr(action, "quiet", False))

    def why_illegal(self, action: Action | str) -> str | None:
        """None if ``to_move`` may take ``action`` now, else a sentence saying why not
        (notation text is parsed first; a parse error is returned as the reason)."""
        if isinstance(action, str):
            try:
                action = self.game.parse_action(action)
            except ValueError as err:
                return str(err)
        if self.state.to_move == TERMINAL:
            return "the match is over"
        return self.state.why_illegal(action)

    def act(self, action: Action | str) -> list[Event]:
        """The player to move takes ``action`` (an Action or its notation).

        The move is validated here, once (``State.why_illegal``; the table screens
        do not check it first), applied without a second check and logged, then
        :meth:`advance` runs; returns the events of the move and of the chance
        steps after it.

        Raises:
            IllegalAction: with the engine's reason, when it is not legal now
                (also at a chance step, or after the end).
            engine.core.ActionParseError: for notation that is not an action.
        """
        with self._lock:
            if isinstance(action, str):
                action = self.game.parse_action(action)
            actor = self.state.to_move
            if actor == TERMINAL:
                raise IllegalAction("the match is over")
            if actor == CHANCE:
                raise IllegalAction("no player may act now: call advance() to deal first")
            reason = self.state.why_illegal(action)
            if reason is not None:
                raise IllegalAction(reason)
            events = self._apply(actor, action)
            return events + self.advance()

    # -- bots and hints -----------------------------------------------------------
    def bot_choose(self, seat: int | None = None) -> Action:
        """The bot's move for ``seat`` (default: the seat to move), chosen from
        that seat's view and legal actions with the seat's own generator.

        Reads only the view and never changes the state, so it may run in a
        worker thread; it advances only that seat's generator.

        Raises:
            ValueError: if the seat is not a bot seat or is not to move.
        """
        seat = self.state.to_move if seat is None else seat
        if seat not in self._bots:
            raise ValueError(f"seat {seat} is not played by a bot")
        with self._lock:
            view = self.state.view(seat)
        legal = view.legal_actions()
        if not legal:
            raise ValueError(f"{self.names[seat]} has nothing to do now")
        return self._bots[seat].choose(view, legal, self._bot_rngs[seat])

    def hint(self, seat: int) -> Action:
        """The move :meth:`hint_with_reason` suggests for ``seat``.

        Raises:
            ValueError: if ``seat`` has nothing to do now.
        """
        return self.hint_with_reason(seat).action

    def hint_with_reason(self, seat: int) -> "Hint":
        """A suggested move for ``seat`` and one line saying why, from the game's hint
        level (``GameSpec.hint_level``: ``medium`` with a fixed search budget where the
        game has it, else ``easy``, else random). The bot sees only ``seat``'s view and
        draws from a generator of its own seeded by the match seed and the position, so
        asking never changes the game and the same position gets the same hint. It may
        search for a fraction of a second: the table calls it in a worker thread.

        The seat's hint bot is kept between hints: a rummy bot that plans whole turns
        (:class:`engine.ai.plans.PlanSearch`) searches once a turn and then hints its plan's
        next move, and the hint carries the rest of the plan in words (:attr:`Hint.plan`).

        Raises:
            ValueError: if ``seat`` has nothing to do now.
        """
        with self._lock:
            view = self.state.view(seat)
            n = len(self.history)
            at = (seat, n, self.state.fingerprint())
        return self._hints.hint(at, view, f"{self.seed}:hint:{n}", self.names[seat], seat)

    def hand_results(self) -> dict[int, dict]:
        """Hand index -> the ``hand_over`` data (``hand``, ``scores``, ``totals``... in points) of
        every hand finished so far, rebuilt by replaying :attr:`history` on a fresh state (a resumed
        match's table never saw the earlier events). Empty if the history cannot be replayed."""
        out: dict[int, dict] = {}
        try:
            state = self.game.new_state(self.variant, len(self.names))
            for _actor, notation in self.history:
                for e in state.apply(self.game.parse_action(notation)):
                    if e.kind == "hand_over":
                        out[int(e.data.get("hand", len(out)))] = dict(e.data)
        except (ValueError, AttributeError, TypeError):  # IllegalAction is a ValueError
            return {}
        return out

    # -- undo --------------------------------------------------------------------
    def _undo_target(self) -> _Snapshot | None:
        """The first decision of the human's turn that holds their last decision
        before now (the current turn once they have moved in it, else their
        previous turn), so one undo takes back a whole turn of several actions."""
        seat = self.state.to_move
        if seat < 0 or not self.seats[seat].is_human:
            return None
        if any(s.is_human for i, s in enumerate(self.seats) if i != seat):
            return None
        n = len(self.history)
        snaps = self._snapshots
        for k in range(len(snaps) - 1, -1, -1):
            snap = snaps[k]
            if snap.n < n and snap.seat == seat:
                while k > 0 and snaps[k - 1].seat == seat and snaps[k - 1].turn_no == snap.turn_no:
                    k -= 1
                return snaps[k]
        return None

    def why_no_undo(self) -> str | None:
        """None when :meth:`undo` may be used now, else the sentence saying why not:
        the house option is ``"off"``; with ``"own_turn"`` the last undo already went
        back to the start of the human's last turn; another person sits at this
        terminal; nobody human is to move; or there is no earlier decision."""
        if self.undo_mode == "off":
            return 'undo is off at this table (house rule undo = "off")'
        seat = self.state.to_move
        if self.state.to_move == TERMINAL:
            return "the match is over"
        if seat >= 0 and self.seats[seat].is_human and \
                any(s.is_human for i, s in enumerate(self.seats) if i != seat):
            return "undo is only for a match against bots (the others at this table have seen the move)"
        target = self._undo_target()
        if target is None:
            return "there is no move of yours to take back"
        if self.undo_mode == "own_turn" and target.n < self._undo_floor:
            return ('only your last turn can be taken back (house rule undo = "own_turn"; '
                    '"free" takes back further)')
        return None

    def can_undo(self) -> bool:
        """True when :meth:`why_no_undo` has no objection: undo is not off, a human
        is to move, every other seat is a bot, that human has an earlier decision to
        go back to (the start of their turn) and, with ``"own_turn"``, it is in their
        last turn."""
        return self.why_no_undo() is None

    def undo_barred_by_house_rule(self) -> bool:
        """True when the human to move has a turn to go back to but the house option
        forbids it (``"off"``, or ``"own_turn"`` after the last turn was already taken
        back): the table shows the undo key so that pressing it says why not."""
        target = self._undo_target()
        return target is not None and (self.undo_mode == "off"
                                       or (self.undo_mode == "own_turn" and target.n < self._undo_floor))

    @property
    def used_undo(self) -> bool:
        """True once an undo was made in this match (also before a resume)."""
        return self.undo_count > 0

    def undo(self, seed: int | None = None) -> list[Event]:
        """Take back everything since the start of the turn in which the human
        now to move last decided (their whole turn, when a turn is several
        actions), so they decide again from exactly that position. One undo takes
        back one turn; with ``undo = "free"`` repeated undos go further back.

        The chance steps still to come are drawn again from a fresh generator,
        ``random.Random(seed)``, and the bot on seat ``s`` draws from
        ``random.Random(f"{seed}:{s}")``, so an undo cannot preview the next
        turned card or a bot's reply. The narration goes back to that position
        and gets one line saying what was taken back. Logs an undo line with
        the new seed (so resume continues exactly).

        Args:
            seed: the new seed (tests); None draws one with :func:`fresh_seed`.

        Returns:
            one ``"undo"`` event.

        Raises:
            IllegalAction: with :meth:`why_no_undo`'s reason when :meth:`can_undo` is False.
        """
        with self._lock:
            reason = self.why_no_undo()
            target = self._undo_target()
            if reason is not None or target is None:
                raise IllegalAction(reason or "there is no move of yours to take back")
            seed = fresh_seed() if seed is None else int(seed)
            count = len(self.history) - target.n
            self._snapshots = [s for s in self._snapshots if s.n <= target.n]
            self.state = target.state.clone()
            self.chance.reseed(seed)
            for s in self._bot_rngs:
                self._bot_rngs[s] = random.Random(f"{seed}:{s}")
            del self.history[target.n:]
            del self.narration[target.narration_len:]
            self._turn_no = target.turn_no
            self._turn_seat = self.state.turn
            self.undo_count += 1
            if self.undo_mode == "own_turn":
                self._undo_floor = target.n
            if self._writer is not None:
                try:
                    self._writer.undo(target.n, count, seed=seed)
                except OSError as err:
                    self._log_failed(err)
            event = Event("undo", "{seat}: " + (f"{count} actions" if count > 1 else "one action") + " taken back",
                          target.seat, {"count": count})
            self.narration.append(event.narrate(self.names))
            return [event]

    # -- end -----------------------------------------------------------------------
    def close(self) -> None:
        """Close the log (the match may be resumed later if it is not over); a match with
        no action yet leaves no log."""
        self._log_pending = False
        if self._writer is not None:
            w, self._writer = self._writer, None
            try:
                w.close()
            except OSError as err:
                self.log_error = f"the log {self.log_path} could not be completed ({err.strerror or err})"
                return
            if self.state.is_over and self.log_error is None and any(s.is_human for s in self.seats):
                record_written(w.path)  # the player's own finished game: the statistics need not replay it

    def __enter__(self) -> "Session":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class TableSession(Protocol):
    """What a table screen needs of a session (issue 27's one typed interface): a local
    :class:`Session` (and its :class:`ReplaySession`, the lessons' session) and a remote seat's
    ``net.client.RemoteSession`` both satisfy it, so ``BaseTableScreen`` does not know which it has.

    A remote session answers only for its own seat: ``view`` of another seat raises, ``is_human`` is
    True for its seat alone (the screen waits for every other seat, person or bot, through
    ``bot_choose``), undo is off, and ``history`` holds what the seat saw of each action.
    """

    game: type[Game]
    variant: Any
    names: list[str]
    seats: list[SeatSpec]
    history: list[tuple[int | str, str]]
    narration: list[str]
    log_path: Path | None
    log_error: str | None
    ended_before_resume: bool

    @property
    def seed(self) -> int | str | None: ...
    @property
    def to_move(self) -> int: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def hand_number(self) -> int: ...
    @property
    def used_undo(self) -> bool: ...
    def scores(self) -> list[float]: ...
    def winners(self) -> list[int]: ...
    def is_human(self, seat: int) -> bool: ...
    def seat_kind(self, seat: int) -> str: ...
    def view(self, seat: int) -> View: ...
    def hand_results(self) -> dict[int, dict]: ...
    def advance(self) -> list[Event]: ...
    def act(self, action: Action | str) -> list[Event]: ...
    def bot_choose(self, seat: int | None = None) -> Action: ...
    def is_quiet(self, action: Action) -> bool: ...
    def why_illegal(self, action: Action | str) -> str | None: ...
    def hint(self, seat: int) -> Action: ...
    def hint_with_reason(self, seat: int) -> "Hint": ...
    def why_no_undo(self) -> str | None: ...
    def can_undo(self) -> bool: ...
    def undo_barred_by_house_rule(self) -> bool: ...
    def undo(self, seed: int | None = None) -> list[Event]: ...
    def set_standing_order(self, seat: int, order: Any) -> None: ...
    def save_log(self, path: Path) -> Path: ...
    def close(self) -> None: ...


def hint_for_view(game_id: str, view: View, key: str, name: str = "this seat", *,
                  bots: dict[int, tuple[str, Bot]] | None = None, seat: int = 0) -> Hint:
    """A suggested move from ``view`` alone and one line saying why, by the game's hint level
    (``GameSpec.hint_level``: ``medium`` with a fixed search budget where the game has it, else
    ``easy``, else random), drawing from ``random.Random(key)`` (same position, same key: same hint).
    A local session keys it by the seed and the position; a remote seat (``net.client``), which
    does not know the seed, by its seat and position.

    ``bots`` (seat -> (level, bot)) keeps each seat's hint bot between hints: a rummy bot that
    plans whole turns (:class:`engine.ai.plans.PlanSearch`) searches once a turn and then hints
    its plan's next move, with the rest of the plan in words (:attr:`Hint.plan`, issue 25).

    Raises:
        ValueError: if the view has no legal action (``name`` has nothing to do now).
    """
    legal = view.legal_actions()
    if not legal:
        raise ValueError(f"{name} has nothing to do now")
    level = get_spec(game_id).hint_level_name()
    kept = bots.get(seat) if bots is not None else None
    if kept is not None and kept[0] == level:
        bot: Bot = kept[1]
    else:
        try:
            bot = make_bot(game_id, level)
        except ValueError:
            bot, level = RandomBot(), "random"
        if bots is not None:
            bots[seat] = (level, bot)
    action, reason = choose_with_reason(bot, view, legal, random.Random(key))
    words = getattr(bot, "plan_words_ahead", None)
    return Hint(action, str(reason), level.partition("@")[0], getattr(reason, "details", ""),
                words(action) if words is not None else "")


class HintMemory:
    """What a table's hints remember (issue 25), for a local :class:`Session` and a remote seat
    (``net.client``) alike: each seat's hint bot between hints, so a rummy bot that plans whole
    turns searches once a turn and then hints its plan's next move, and the last hint with the
    position it is for, so asking again there gives the same hint without a search."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self._bots: dict[int, tuple[str, Bot]] = {}
        self._last: tuple[object, Hint] | None = None

    def hint(self, at: object, view: View, key: str, name: str, seat: int) -> Hint:
        """:func:`hint_for_view` for ``seat``'s ``view`` at position ``at`` (any key equal for the
        same position), the seat's bot kept.

        Raises:
            ValueError: if the view has no legal action.
        """
        if self._last is not None and self._last[0] == at:
            return self._last[1]
        hint = hint_for_view(self.game_id, view, key, name, bots=self._bots, seat=seat)
        self._last = (at, hint)
        return hint


class ReplaySession(Session):
    """One position of a replay as a session a table screen draws from (issue 24): the table's
    read-only mode shows ``view(seat)`` of :attr:`position` like any match, and nothing can be
    played: :meth:`act`, :meth:`bot_choose` and the hints refuse, :meth:`advance` does nothing,
    undo is off (:meth:`is_human` still says which seats were people's, for the table's words).
    :meth:`goto` moves to another position.

    Args:
        replay: the positions (:class:`engine.gamelog.Replay`).
        names: the seats' names to show.
        index: the first position shown.

    Attributes:
        replay: as given. index: the position shown. history: the actions before it.
    """

    def __init__(self, replay: gamelog.Replay, names: Sequence[str], index: int = 0) -> None:
        setup = gamelog.log_setup(replay.log)
        seed = setup.seed
        self._setup(replay.game, setup.variant, list(setup.seats), seed if seed is not None else 0, None)
        self.names = list(names)
        self.undo_mode = "off"
        self.log_path = None
        self._writer = None
        self.replay = replay
        self.index = 0
        self.goto(index)

    @property
    def position(self) -> State:
        """The omniscient state at :attr:`index` (for the replay's "everything" view only)."""
        return self.state

    def goto(self, index: int) -> None:
        """Show position ``index`` (clamped to the replay)."""
        index = max(0, min(index, self.replay.last_index))
        self.index = index
        self.state = self.replay.positions[index]
        self.history = list(zip(self.replay.actors[:index], self.replay.notations[:index]))

    def hand_results(self) -> dict[int, dict]:
        """Hand index -> the ``hand_over`` data of every hand finished before :attr:`index`."""
        out: dict[int, dict] = {}
        for events in self.replay.events[:self.index]:
            for e in events:
                if e.kind == "hand_over":
                    out[int(e.data.get("hand", len(out)))] = dict(e.data)
        return out

    def is_human(self, seat: int) -> bool:
        """Whether the logged seat was a person's (the table words its hand "Your hand"); a
        person's seat still makes no move here."""
        return 0 <= seat < len(self.seats) and self.seats[seat].is_human

    def advance(self) -> list[Event]:
        return []

    def act(self, action: Action | str) -> list[Event]:
        raise IllegalAction("a replay is read-only: play on from here to make a move")

    def bot_choose(self, seat: int | None = None) -> Action:
        raise IllegalAction("a replay is read-only: nobody moves")

    def hint_with_reason(self, seat: int) -> "Hint":
        raise ValueError("a replay gives no hints")

    def why_no_undo(self) -> str | None:
        return "a replay is read-only"

    def undo(self, seed: int | None = None) -> list[Event]:
        raise IllegalAction("a replay is read-only")

    def close(self) -> None:
        """Nothing to close: a replay writes no log."""


def _log_to_resume(path: Path, up_to_line: int | None) -> tuple[gamelog.GameLog, int]:
    """The log at ``path`` read for :meth:`Session.resume`, its entries cut after line
    ``keep`` (the good prefix, or ``up_to_line`` before it), checked to replay; and ``keep``.

    Raises:
        OSError, engine.gamelog.LogReplayError, ValueError: see :meth:`Session.resume`.
    """
    log = gamelog.read_log(path)
    if not log.header:
        raise gamelog.LogReplayError(1, log.errors[0].message if log.errors else "the log has no header")
    keep = log.good_prefix_lines if up_to_line is None else min(up_to_line, log.good_prefix_lines)
    if keep < 1:
        raise gamelog.LogReplayError(1, "nothing to resume: the header is unusable")
    if keep < log.total_lines:
        log.entries = [e for e in log.entries if e["line"] <= keep]
    if log.finished:
        raise ValueError(f"the match in {path} is already finished; replay it instead")
    gamelog.rebuild(log)  # checks every line first (raises LogReplayError)
    return log, keep


def _end_lines(state: State, events: list[Event]) -> list[dict]:
    """The lines a log gets after an action whose events are ``events`` (``state`` is
    the state after it): a check and a score line per finished hand, then the result
    line if the match is over."""
    lines: list[dict] = []
    for e in events:
        if e.kind == "hand_over":
            hand = e.data.get("hand", state.hand_number)
            totals = e.data.get("totals", state.scores())
            lines.append({"type": "check", "hand": hand, "hash": state.state_hash()})
            lines.append({"type": "score", "hand": hand, "scores": e.data.get("scores", totals), "totals": totals})
    if state.is_over:
        lines.append({"type": "result", "winners": state.winners(), "scores": state.scores(),
                      "hash": state.state_hash()})
    return lines


def _write_end_lines(w: gamelog.LogWriter, state: State, events: list[Event], skip: int = 0) -> None:
    """Write :func:`_end_lines` but the first ``skip`` (already in the log)."""
    for line in _end_lines(state, events)[skip:]:
        kind = line["type"]
        if kind == "check":
            w.check(line["hand"], line["hash"])
        elif kind == "score":
            w.score(line["hand"], line["scores"], line["totals"])
        else:
            w.result(line["winners"], line["scores"], line["hash"])


def _close_quietly(writer: gamelog.LogWriter | None) -> None:
    """Close ``writer`` (if any), ignoring an OSError: it is closed after a failed
    write, or replaced by a new log, and its failure is already said."""
    if writer is not None:
        with contextlib.suppress(OSError):
            writer.close()


def _ensure_newline(path: Path) -> None:
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        with open(path, "ab") as f:
            f.write(b"\n")


def _cut_log(path: Path, keep: int) -> Path:
    """Keep the first ``keep`` lines of a log; the original is saved beside it
    as ``<name>.bak`` (``.bak2``... if taken), which log listings ignore.
    Returns the backup path."""
    data = path.read_bytes()
    k, backup = 1, path.with_name(path.name + ".bak")
    while backup.exists():
        k += 1
        backup = path.with_name(f"{path.name}.bak{k}")
    backup.write_bytes(data)
    lines = data.split(b"\n")
    path.write_bytes(b"".join(line + b"\n" for line in lines[:keep]))
    return backup
