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

Randomness: chance outcomes are drawn with ``random.Random(seed)``; the bot on
seat ``s`` draws with ``random.Random(f"{seed}:{s}")``. So a seed with the same
seats and moves gives the same match, and an undo that restores these
generators brings back the same cards.
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence, Union

from engine import gamelog
from engine.ai.base import Bot, RandomBot, choose_with_reason
from engine.games import get_spec, make_bot
from engine.core import CHANCE, TERMINAL, Action, Event, Game, IllegalAction, State, View
from engine.games import get_game
from engine.seats import SeatSpec, seat_names
from engine.variants import build_variant, variant_to_table


#: A seat's preset answer (:meth:`Session.set_standing_order`): an action (or its
#: notation) played whenever it is legal for the seat, or ``(view, legal) -> Action | None``.
StandingOrder = Union[Action, str, Callable[[View, list[Action]], "Action | None"]]


@dataclass(frozen=True)
class Hint:
    """A suggested move (:meth:`Session.hint_with_reason`).

    Attributes:
        action: the move suggested (one of the seat's legal actions).
        reason: one line saying why, from the bot that chose it (no final full stop).
        level: the bot level that chose it (``medium``, ``easy``, ``random``).
    """

    action: Action
    reason: str
    level: str


@dataclass
class _Snapshot:
    """Everything needed to return to one human decision point."""

    n: int
    seat: int
    state: State
    chance_rng: Any
    bot_rngs: dict[int, Any]
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
            ``log_dir`` (default :func:`engine.gamelog.default_log_dir`).
        write_log: False keeps no log (simulations, tests).

    Raises:
        engine.games.UnknownGame: for an unknown game id.
        engine.variants.ConfigError: for a bad rules table.
        ValueError: for a seat count the game does not allow, or a bot level
            the game has no bot for.
        FileExistsError: if ``log_path`` already exists.

    Attributes:
        state: the omniscient state; only the replay screen and tests may read it.
        history: the actions in effect, ``(actor, notation)``, actor a seat or ``"chance"``.
        narration: every public event (``visible_to`` None) narrated with seat names, in order
            (a resumed table shows it to whichever seat sits down).
        names: display names per seat.
    """

    def __init__(self, game_id: str, variant: Any, seats: Sequence[SeatSpec | str], seed: int | str | None = None,
                 log_path: Path | None = None, *, write_log: bool = True, log_dir: Path | None = None) -> None:
        game = get_game(game_id)
        if variant is None or isinstance(variant, Mapping):
            variant = build_variant(game.variant_class, variant or {}, source="session", section="rules")
        specs = [s if isinstance(s, SeatSpec) else SeatSpec.parse(s) for s in seats]
        err = game.seat_range_error(len(specs))
        if err:
            raise ValueError(err)
        if seed is None:
            seed = random.SystemRandom().randrange(1, 2**31)
        self._setup(game, variant, specs, seed if isinstance(seed, str) else int(seed))
        self.state = game.new_state(variant, len(specs))
        self.log_path: Path | None = None
        self._writer: gamelog.LogWriter | None = None
        if write_log:
            if log_path is None:
                log_path = gamelog.new_log_path(game.id, log_dir or gamelog.default_log_dir())
            self.log_path = Path(log_path)
            if self.log_path.exists():
                raise FileExistsError(f"{self.log_path} already exists; a new game never overwrites a log")
            self._writer = gamelog.LogWriter(self.log_path, self._header())

    def _setup(self, game: type[Game], variant: Any, specs: list[SeatSpec], seed: int | str) -> None:
        self.game = game
        self.variant = variant
        self.seats = specs
        self.names = seat_names(specs)
        self.seed = seed
        self.history: list[tuple[int | str, str]] = []
        self.narration: list[str] = []
        self._chance_rng = random.Random(seed)
        self._bots: dict[int, Bot] = {}
        self._bot_rngs: dict[int, random.Random] = {}
        for i, spec in enumerate(specs):
            if not spec.is_human:
                self._bots[i] = make_bot(game.id, spec.level or "random")
                self._bot_rngs[i] = random.Random(f"{seed}:{i}")
        self._snapshots: list[_Snapshot] = []
        self._lock = threading.RLock()
        #: seat -> its standing order (notation already parsed to an Action)
        self.standing_orders: dict[int, Action | Callable[[View, list[Action]], Action | None]] = {}
        self._turn_no = 0
        self._turn_seat: int | None = None

    def _note_turn(self) -> None:
        """Count turns: a new one starts whenever ``State.turn`` names another seat
        (chance and the end, negative values, are not turns)."""
        t = self.state.turn
        if t >= 0 and t != self._turn_seat:
            self._turn_no += 1
            self._turn_seat = t

    def _header(self) -> dict:
        return {"engine": gamelog.ENGINE_VERSION, "game": self.game.id,
                "rules": variant_to_table(self.variant),
                "seats": [{"spec": str(s), "name": n} for s, n in zip(self.seats, self.names)],
                "seed": self.seed, "started": gamelog.now_iso()}

    # -- resume ----------------------------------------------------------------
    @classmethod
    def resume(cls, path: Path, *, up_to_line: int | None = None) -> "Session":
        """Continue an unfinished log, appending to it.

        The log is read leniently and replayed up to its good prefix (or up to
        ``up_to_line``). If lines must be dropped (a bad line, or
        ``up_to_line`` before the end), the original file is first kept as
        ``<name>.bak`` and the log is rewritten with the kept lines.
        The chance generator is brought to the exact state it had (by drawing
        the logged chance steps again), so the same cards come as if the
        program had never stopped, when the log was written by this engine;
        otherwise it is seeded from the seed and the action count. Bot
        generators are seeded from the seed, seat and action count.

        Raises:
            OSError: if the file cannot be read.
            engine.gamelog.LogReplayError: if the header is unusable or a line
                does not replay (resume up to ``err.line - 1`` instead).
            ValueError: if the match in the log is already finished, or a bot
                level in the header is not available.
        """
        path = Path(path)
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
        game, variant, _ = gamelog._game_and_variant(log)
        specs = [SeatSpec.parse(s["spec"]) for s in log.header["seats"]]
        self = cls.__new__(cls)
        seed = log.header.get("seed")
        self._setup(game, variant, specs, seed if seed is not None else 0)
        self.names = [s.get("name") or n for s, n in zip(log.header["seats"], self.names)]
        self.state = game.new_state(variant, len(specs))
        in_sync = seed is not None
        for line, actor, notation in log.effective_actions():
            action = game.parse_action(notation)
            if actor == "chance" and in_sync:
                in_sync = self.state.sample_chance(self._chance_rng) == action
            if self.state.to_move >= 0:
                self._snapshot_if_decision(rng_known=in_sync)
            events = self.state.apply(action)
            self._note_turn()
            self.history.append((actor, notation))
            self.narration.extend(e.narrate(self.names) for e in events if e.visible_to is None)
        n = len(self.history)
        if not in_sync:
            self._chance_rng = random.Random(f"{self.seed}:resume:{n}")
        for s in self._bot_rngs:
            self._bot_rngs[s] = random.Random(f"{self.seed}:{s}:resume:{n}")
        # Undo snapshots from the replay hold the bot generators of the resumed run.
        for snap in self._snapshots:
            snap.bot_rngs = {s: r.getstate() for s, r in self._bot_rngs.items()}
        if keep < log.total_lines:
            _cut_log(path, keep)
        else:
            _ensure_newline(path)
        self.log_path = path
        self._writer = gamelog.LogWriter(path, None)
        self.narration.append(f"Resumed from {path.name} after {n} actions")
        return self

    # -- whose move --------------------------------------------------------------
    @property
    def to_move(self) -> int:
        """The seat to act, :data:`engine.core.CHANCE` or :data:`engine.core.TERMINAL`."""
        return self.state.to_move

    @property
    def is_over(self) -> bool:
        """True when the match has ended."""
        return self.state.is_over

    def is_human(self, seat: int) -> bool:
        """True when ``seat`` is played by a person."""
        return self.seats[seat].is_human

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
        self._note_turn()
        self.history.append((actor, str(action)))
        self.narration.extend(e.narrate(self.names) for e in events if e.visible_to is None)
        w = self._writer
        if w is not None:
            w.action(len(self.history), actor, str(action))
            for e in events:
                if e.kind == "hand_over":
                    hand = e.data.get("hand", self.state.hand_number)
                    w.check(hand, self.state.state_hash())
                    totals = e.data.get("totals", self.state.scores())
                    w.score(hand, e.data.get("scores", totals), totals)
            if self.state.is_over:
                w.result(self.state.winners(), self.state.scores(), self.state.state_hash())
        return events

    def _snapshot_if_decision(self, rng_known: bool = True) -> None:
        seat = self.state.to_move
        if seat < 0 or not self.seats[seat].is_human:
            return
        n = len(self.history)
        if self._snapshots and self._snapshots[-1].n >= n:
            return
        self._snapshots.append(_Snapshot(
            n, seat, self.state.clone(), self._chance_rng.getstate() if rng_known else None,
            {s: r.getstate() for s, r in self._bot_rngs.items()}, len(self.narration), self._turn_no))

    def advance(self) -> list[Event]:
        """Apply chance steps (drawn with the session's chance generator) and
        the standing orders of the seats that become ``to_move`` (logged as
        those seats' actions) until a player must decide or the match is over;
        returns their events (empty if a player is already to move)."""
        with self._lock:
            events: list[Event] = []
            while True:
                while self.state.to_move == CHANCE:
                    events += self._apply("chance", self.state.sample_chance(self._chance_rng))
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

        Raises:
            ValueError: if ``seat`` has nothing to do now.
        """
        with self._lock:
            view = self.state.view(seat)
            n = len(self.history)
        legal = view.legal_actions()
        if not legal:
            raise ValueError(f"{self.names[seat]} has nothing to do now")
        level = get_spec(self.game.id).hint_level_name()
        try:
            bot: Bot = make_bot(self.game.id, level)
        except ValueError:
            bot, level = RandomBot(), "random"
        action, reason = choose_with_reason(bot, view, legal, random.Random(f"{self.seed}:hint:{n}"))
        return Hint(action, reason, level.partition("@")[0])

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

    def can_undo(self) -> bool:
        """True when a human is to move, every other seat is a bot, and that
        human has an earlier decision to go back to (the start of their turn)."""
        return self._undo_target() is not None

    def undo(self) -> list[Event]:
        """Take back everything since the start of the turn in which the human
        now to move last decided (their whole turn, when a turn is several
        actions), so they decide again from exactly that position. The chance and bot
        generators are restored too, so the same cards come. The narration
        goes back to that position and gets one line saying what was taken
        back. Logs an undo line.

        Returns:
            one ``"undo"`` event.

        Raises:
            IllegalAction: when :meth:`can_undo` is False.
        """
        with self._lock:
            target = self._undo_target()
            if target is None:
                raise IllegalAction("there is no move of yours to take back")
            count = len(self.history) - target.n
            self._snapshots = [s for s in self._snapshots if s.n <= target.n]
            self.state = target.state.clone()
            if target.chance_rng is not None:
                self._chance_rng.setstate(target.chance_rng)
            else:
                self._chance_rng = random.Random(f"{self.seed}:undo:{target.n}")
            for s, st in target.bot_rngs.items():
                self._bot_rngs[s].setstate(st)
            del self.history[target.n:]
            del self.narration[target.narration_len:]
            self._turn_no = target.turn_no
            self._turn_seat = self.state.turn
            if self._writer is not None:
                self._writer.undo(target.n, count)
            event = Event("undo", "{seat}: " + (f"{count} actions" if count > 1 else "one action") + " taken back",
                          target.seat, {"count": count})
            self.narration.append(event.narrate(self.names))
            return [event]

    # -- end -----------------------------------------------------------------------
    def close(self) -> None:
        """Close the log (the match may be resumed later if it is not over)."""
        if self._writer is not None:
            self._writer.close()
            self._writer = None

    def __enter__(self) -> "Session":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


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
