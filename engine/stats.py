"""The player's statistics, read from the logs folder (``cardtable stats`` and the statistics screen).

Every number here is recomputed from the logs folder (:mod:`engine.gamelog`)
each time. :func:`read_record` reads a log's header (the first line), its last
line (the ``result`` line of a finished match) and its progress
(:func:`engine.gamelog.log_progress`: actions by a seat, finished hands and undo
lines, found without parsing every line); and a finished log of the player's
counts only when it verifies (``engine.gamelog.verify_log``, what ``cardtable
replay --verify`` runs: every action replayed, every hash, score and the result
checked), so an edited result line is not believed. A log that does not verify
is skipped and listed with its first bad line (:attr:`LogScan.corrupt`).
Replaying takes from 3 ms (a Nags match) to about 0.3 s (a long Nogginate match)
a log, so each verdict is kept in a small cache (:class:`Verdicts`, in the user
cache folder) keyed by the SHA-256 of the log's bytes, and a table that closes
the player's finished log records it (:func:`record_written`): a log is replayed
at most once, and again only when its bytes change. An unfinished log
nobody played (no action by a seat) is no game of the player's: it is counted
in :attr:`LogScan.unplayed` and left out.

Who is "the player": the human seat(s) of each log (``human`` seat specs in
the header). A log without a human seat (``cardtable sim``, bots only) is not
the player's game: it is counted in :attr:`LogScan.bot_only` and left out of
every statistic. A log whose header cannot be used, or whose result line does
not fit its seats, is skipped and counted in :attr:`LogScan.corrupt`.

How a finished game counts for the player (``winners`` from the result line,
``H`` the human seats):

* **won**: every winning team (a seat alone, or a partnership, ``Game.teams``)
  holds a human seat: the player beat every bot, or won with their partner
  (Nogginate NG-54: partners win together, so a bot partner does not halve it);
* **shared**: a team with a human seat shares the win with a team without one
  (a tie, NA-21); it is worth the human teams' share of the win,
  ``engine.match.win_credit``, as in ``cardtable sim``;
* **lost**: no human seat is among the winners.

Unfinished games (no result line) are listed as unfinished, never as losses,
and take no part in win rates or streaks. A game "used undo" when its log
holds any ``undo`` line.
"""

from __future__ import annotations

import dataclasses
import json
import math
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone, tzinfo
from pathlib import Path
from typing import Iterable

from engine import gamelog
from engine.ai.base import LEVELS
from engine.files import read_capped
from engine.match import win_credit
from engine.seats import SeatSpec
from engine.sim import wilson_interval
from engine.verdicts import Verdicts, default_verdicts_path

WON, SHARED, LOST, UNFINISHED = "won", "shared", "lost", "unfinished"

#: The opponents' level of a game without any bot seat (hot-seat, humans only).
NO_BOTS = "humans only"


class CorruptLog(ValueError):
    """A log the statistics cannot use; ``str(err)`` says why in one sentence."""


@dataclass(frozen=True)
class GameRecord:
    """One logged match as the statistics see it.

    Attributes:
        path: the log file.
        game_id: the header's game id.
        started: when the match began (the header's ``started``, UTC; the file's
            modification time if the header has none).
        seats: the seat specs from the header, seat 0 first.
        names: the seats' display names from the header.
        finished: True when the log ends with a result line.
        winners: the winning seats (empty while unfinished).
        scores: the final match totals per seat in the game's points (empty while unfinished).
        used_undo: True when the log holds any ``undo`` line.
        modified: the file's modification time (seconds since the epoch): when it was last played.
        rules: the header's house rules table (as written; :func:`engine.variants.build_variant` reads it).
        progress: how far the match got (:func:`engine.gamelog.log_progress`): actions by a seat
            (none: a match nobody played, which :func:`scan_logs` leaves out) and finished hands.
        teams: the partnerships (``Game.teams`` under the header's rules); every seat alone by default.
    """

    path: Path
    game_id: str
    started: datetime
    seats: tuple[SeatSpec, ...]
    names: tuple[str, ...]
    finished: bool
    winners: tuple[int, ...] = ()
    scores: tuple[float, ...] = ()
    used_undo: bool = False
    modified: float = 0.0
    rules: dict = field(default_factory=dict, compare=False)
    progress: gamelog.LogProgress = gamelog.LogProgress()
    teams: tuple[tuple[int, ...], ...] = ()

    @property
    def partnerships(self) -> list[list[int]]:
        """:attr:`teams`, or every seat alone when none are given."""
        return [list(t) for t in self.teams] if self.teams else [[s] for s in range(len(self.seats))]

    @property
    def human_teams(self) -> list[list[int]]:
        """The teams (or lone seats) that hold a human seat."""
        humans = set(self.human_seats)
        return [t for t in self.partnerships if humans & set(t)]

    @property
    def human_seats(self) -> tuple[int, ...]:
        """The seats played by a person (the player's seats)."""
        return tuple(i for i, s in enumerate(self.seats) if s.is_human)

    @property
    def bot_only(self) -> bool:
        """True for a match without any human seat (a simulation)."""
        return not self.human_seats

    @property
    def opponents_level(self) -> str:
        """The bot seats' levels, weakest first, joined by ``+`` (``easy``,
        ``easy+hard``); a search budget (``hard@1.6``) counts as its level;
        :data:`NO_BOTS` when no seat is a bot."""
        levels = {(s.level or "random").split("@", 1)[0] for s in self.seats if not s.is_human}
        if not levels:
            return NO_BOTS
        order = {lv: i for i, lv in enumerate(LEVELS)}
        return "+".join(sorted(levels, key=lambda lv: (order.get(lv, len(order)), lv)))

    @property
    def credit(self) -> float:
        """The player's share of the win: the share (``engine.match.win_credit``) of each
        winning team holding a human seat, each team counted once (1 won, alone or with a
        partner; 0 lost; between for a shared win); 0 while unfinished."""
        if not self.finished or not self.winners:
            return 0.0
        shares = win_credit(self.winners, len(self.seats), self.partnerships)
        return min(1.0, sum(shares[t[0]] for t in self.human_teams))

    @property
    def outcome(self) -> str:
        """:data:`WON`, :data:`SHARED`, :data:`LOST` or :data:`UNFINISHED` (see the module docstring)."""
        if not self.finished:
            return UNFINISHED
        c = self.credit
        return WON if c >= 1.0 else LOST if c <= 0.0 else SHARED

    @property
    def _sign(self) -> float:
        """-1 when the winners have the lowest score (the lowest score wins), else 1."""
        if self.winners and max(self.scores) != min(self.scores) \
                and all(self.scores[w] == min(self.scores) for w in self.winners):
            return -1.0
        return 1.0

    @property
    def score_pair(self) -> tuple[float, float] | None:
        """The player's best seat's final score and the best score of a seat outside the player's
        teams (a partner is not an opponent), in the game's points, "best" as the game counts it
        (the lowest where the lowest score wins). None while unfinished, without a human seat, or
        when every seat is on a human's team."""
        humans = self.human_seats
        mine_seats = {s for t in self.human_teams for s in t}
        others = [i for i in range(len(self.scores)) if i not in mine_seats]
        if not self.finished or not humans or not others or len(self.scores) != len(self.seats):
            return None
        sign = self._sign
        mine = max(humans, key=lambda i: sign * self.scores[i])
        best_other = max(others, key=lambda i: sign * self.scores[i])
        return self.scores[mine], self.scores[best_other]

    @property
    def margin(self) -> float | None:
        """The player's best seat's score minus the best other seat's score (:attr:`score_pair`),
        counted so that a higher number is better (for a game whose winners have the lowest
        score, the sign is turned). None where :attr:`score_pair` is."""
        pair = self.score_pair
        return None if pair is None else self._sign * (pair[0] - pair[1])

    def players_text(self) -> str:
        """The seats' names in seat order, ``"You, Ada (easy), Bix (easy)"``."""
        return ", ".join(self.names)


def _parse_started(value: object) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        t = datetime.fromisoformat(value)
        t = t if t.tzinfo is not None else t.replace(tzinfo=timezone.utc)
        t.astimezone()  # a date at the edge of the calendar cannot be shown in local time
    except (ValueError, OverflowError, OSError):
        return None
    return t


def read_record(path: Path, verdicts: Verdicts | None = None) -> GameRecord:
    """Read what the statistics need from one log: the header, the result line, any undo line,
    and for a finished log of the player (a human seat) whether it verifies.

    The header is checked as every reader of a log checks it (``engine.gamelog.check_header``).
    A finished log with a human seat is replayed in full (``engine.gamelog.verify_log``), or
    its verdict taken from ``verdicts`` (a fresh in-memory :class:`Verdicts` when None).

    Raises:
        CorruptLog: the header is not a usable log header, the result line does not fit the
            seats, or the finished log does not verify (naming its first bad line).
        OSError: the file cannot be read, or is over its game's size bound (``engine.files.FileTooLarge``).
    """
    record, raw = _quick_record(Path(path))
    check_verifies(record, raw, verdicts or Verdicts())
    return record


def check_verifies(record: GameRecord, raw: bytes, verdicts: Verdicts) -> None:
    """Refuse a finished log of the player (a human seat) that does not verify.

    Args:
        record: the log as :func:`_quick_record` read it; ``raw``: its bytes.
        verdicts: the verification cache.

    Raises:
        CorruptLog: naming the first bad line (``cardtable replay --verify``'s verdict).
    """
    if not record.finished or record.bot_only:
        return
    bad = verdicts.verdict(record.path, raw)
    if bad:
        raise CorruptLog(f"it does not verify (replay --verify): {bad}")


def _quick_record(path: Path) -> tuple[GameRecord, bytes]:
    """The record from the header, the last line and the log's progress (nothing replayed), and the log's bytes.

    Raises:
        CorruptLog, OSError: as :func:`read_record` (but never for a log that does not verify).
    """
    modified = path.stat().st_mtime
    header, setup = _header_of(path)
    raw = read_capped(path, setup.game.max_log_bytes, "log")
    rest = raw.partition(b"\n")[2]
    seats, names = setup.seats, setup.names
    teams = tuple(tuple(t) for t in setup.game.teams(len(seats), setup.variant))
    started = _parse_started(header.get("started"))
    if started is None:
        started = datetime.fromtimestamp(modified, timezone.utc)
    result = _result_of(rest.rstrip(b"\n").rpartition(b"\n")[2])
    progress = gamelog.log_progress(raw)
    record = GameRecord(path=path, game_id=header["game"], started=started, seats=seats, names=names,
                        finished=result is not None, used_undo=progress.undos > 0, modified=modified,
                        rules=dict(header.get("rules") or {}), progress=progress, teams=teams)
    if result is None:
        return record, raw
    n = len(seats)
    winners = tuple(result["winners"])
    try:
        scores = tuple(float(x) for x in result["scores"])
    except OverflowError:
        scores = (math.inf,)
    if len(scores) != n or any(not 0 <= w < n for w in winners) or not winners \
            or not all(math.isfinite(x) for x in scores):
        raise CorruptLog("the result line does not fit the header's seats")
    return dataclasses.replace(record, finished=True, winners=winners, scores=scores), raw


def _header_of(path: Path) -> tuple[dict, gamelog.LogSetup]:
    """A log's header line and what it sets up (:func:`engine.gamelog.check_header`).

    Raises:
        CorruptLog: not a usable header."""
    with open(path, "rb") as f:
        first = f.readline(gamelog.MAX_LINE_BYTES + 1).rstrip(b"\n")
    try:
        header = json.loads(first)
    except (ValueError, RecursionError):  # RecursionError: absurdly nested JSON
        raise CorruptLog("the first line is not a log header") from None
    try:
        return header, gamelog.check_header(header)
    except gamelog.HeaderError as err:
        raise CorruptLog(str(err)) from None


def _result_of(last: bytes) -> dict | None:
    """The result line, if ``last`` (a log's last line) is one; None for another line
    or a line cut off while writing (the match is unfinished).

    Raises:
        CorruptLog: a result line of the wrong shape."""
    if not (last.startswith(b"{") and b'"result"' in last):
        return None
    try:
        obj = json.loads(last)
    except (ValueError, RecursionError):
        return None
    if not (isinstance(obj, dict) and obj.get("type") == "result"):
        return None
    why = gamelog.line_problem(obj)
    if why:
        raise CorruptLog(why)
    return obj


@dataclass
class LogScan:
    """What a logs folder holds, as read by :func:`scan_logs`.

    Attributes:
        folder: the folder read.
        records: the player's games (at least one human seat), oldest first.
        bot_only: logs without a human seat (simulations), left out of the statistics.
        unplayed: unfinished logs of a match nobody played (no action by a seat: a table left at
            once, or an older log of a start that failed), left out of everything.
        corrupt: ``(path, reason)`` for each log that could not be used (skipped).
        exists: False when the folder does not exist (then everything is empty).
    """

    folder: Path
    records: list[GameRecord] = field(default_factory=list)
    bot_only: int = 0
    unplayed: int = 0
    corrupt: list[tuple[Path, str]] = field(default_factory=list)
    exists: bool = True

    @property
    def unfinished(self) -> list[GameRecord]:
        """The player's unfinished games, oldest first."""
        return [r for r in self.records if not r.finished]

    def recent(self, limit: int | None = None) -> list[GameRecord]:
        """The player's games, newest first (at most ``limit``)."""
        out = sorted(self.records, key=lambda r: (r.started, r.path.name), reverse=True)
        return out if limit is None else out[:limit]


def scan_logs(folder: Path, game: str | None = None, verdicts: Verdicts | None = None) -> LogScan:
    """Read every ``*.jsonl`` log directly in ``folder`` (not its sub-folders).

    Args:
        folder: the logs folder (``engine.gamelog.default_log_dir()`` or the config's ``log_dir``).
        game: keep only this game's logs (bot-only and corrupt counts still
            cover the whole folder when None; with a game, only that game's
            bot-only logs are counted, and corrupt logs are counted whatever
            their game, since a broken header may not say it).
        verdicts: the verification cache (default: :func:`default_verdicts_path`'s), saved
            at the end when a log was replayed.

    Returns:
        a :class:`LogScan`; never raises for a bad log (a missing folder gives an
        empty scan with ``exists`` False).
    """
    folder = Path(folder)
    scan = LogScan(folder=folder)
    if not folder.is_dir():
        scan.exists = False
        return scan
    verdicts = Verdicts(default_verdicts_path()) if verdicts is None else verdicts
    for path in sorted(folder.glob("*" + gamelog.LOG_SUFFIX)):
        try:
            record, raw = _quick_record(path)
            if game is None or record.game_id == game:
                check_verifies(record, raw, verdicts)
        except CorruptLog as err:
            scan.corrupt.append((path, str(err)))
            continue
        except IsADirectoryError:
            continue
        except OSError as err:
            scan.corrupt.append((path, f"cannot read it ({err.strerror or err})"))
            continue
        if game is not None and record.game_id != game:
            continue
        if record.bot_only:
            scan.bot_only += 1
            continue
        if not record.finished and not record.progress.seat_actions:
            scan.unplayed += 1
            continue
        scan.records.append(record)
    verdicts.save()
    scan.records.sort(key=lambda r: (r.started, r.path.name))
    return scan


@dataclass
class Tally:
    """Counts for a group of the player's games (all, one game, one opponents' level).

    Attributes:
        label: what the group is (a game id, a level, ``"all"``).
        won, shared, lost: finished games by outcome.
        unfinished: games without a result.
        undo: finished games that used undo.
        credit: wins with shared wins counted as their share.
        best, worst: the finished game with the highest and the lowest
            :attr:`GameRecord.margin` (only meaningful inside one game, whose
            points share a unit).
    """

    label: str
    won: int = 0
    shared: int = 0
    lost: int = 0
    unfinished: int = 0
    undo: int = 0
    credit: float = 0.0
    best: GameRecord | None = None
    worst: GameRecord | None = None

    @property
    def played(self) -> int:
        """Finished games (the ones a win rate is taken over)."""
        return self.won + self.shared + self.lost

    @property
    def win_rate(self) -> float:
        """``credit / played`` in 0..1 (0 without a finished game)."""
        return self.credit / self.played if self.played else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The Wilson 95% interval of :attr:`win_rate` (``engine.sim.wilson_interval``)."""
        return wilson_interval(min(self.credit, self.played), self.played)

    def add(self, record: GameRecord) -> None:
        """Count one game."""
        outcome = record.outcome
        if outcome == UNFINISHED:
            self.unfinished += 1
            return
        if outcome == WON:
            self.won += 1
        elif outcome == SHARED:
            self.shared += 1
        else:
            self.lost += 1
        self.credit += record.credit
        if record.used_undo:
            self.undo += 1
        m = record.margin
        if m is not None:
            if self.best is None or m > (self.best.margin or 0.0):
                self.best = record
            if self.worst is None or m < (self.worst.margin or 0.0):
                self.worst = record


@dataclass
class Streaks:
    """Runs of consecutive finished games, oldest to newest (unfinished games
    neither extend nor break a run; a shared win counts as a win).

    Attributes:
        current: the length of the run the newest finished game belongs to.
        current_won: True if that run is of wins, False of losses (None without games).
        longest_won: the longest run of wins.
        longest_lost: the longest run of losses.
    """

    current: int = 0
    current_won: bool | None = None
    longest_won: int = 0
    longest_lost: int = 0


def streaks(records: Iterable[GameRecord]) -> Streaks:
    """The win and loss runs of ``records`` taken in the order given (oldest first)."""
    out = Streaks()
    for r in records:
        if not r.finished:
            continue
        won = r.outcome != LOST
        if out.current_won is won:
            out.current += 1
        else:
            out.current, out.current_won = 1, won
        if won:
            out.longest_won = max(out.longest_won, out.current)
        else:
            out.longest_lost = max(out.longest_lost, out.current)
    return out


@dataclass
class Period:
    """The finished games of one day, week or month."""

    label: str
    won: int = 0
    shared: int = 0
    lost: int = 0

    @property
    def played(self) -> int:
        return self.won + self.shared + self.lost


def _period_key(t: datetime, unit: str) -> tuple[tuple[int, ...], str]:
    if unit == "day":
        return (t.year, t.month, t.day), t.strftime("%b %d").replace(" 0", " ")
    if unit == "week":
        y, w, _ = t.isocalendar()
        monday = (t - timedelta(days=t.weekday()))
        return (y, w), "wk " + monday.strftime("%b %d").replace(" 0", " ")
    return (t.year, t.month), t.strftime("%b %Y")


def results_over_time(records: Iterable[GameRecord], max_periods: int = 12,
                      tz: tzinfo | None = None) -> tuple[str, list[Period]]:
    """The player's finished games counted per day, else per week, else per month.

    The smallest of those units with at most ``max_periods`` periods that hold
    games is used (months when even they are more, keeping the newest
    ``max_periods``). Periods without a game are left out.

    Args:
        records: the games (any order); unfinished ones are ignored.
        max_periods: the most periods returned (>= 1).
        tz: the time zone that decides the day (None: the computer's local zone).

    Returns:
        ``(unit, periods)``: unit ``"day"``, ``"week"`` or ``"month"``, periods oldest first.
    """
    done = [r for r in records if r.finished]
    times = [r.started.astimezone(tz) for r in done]
    unit = "month"
    for candidate in ("day", "week"):
        if len({_period_key(t, candidate)[0] for t in times}) <= max_periods:
            unit = candidate
            break
    periods: dict[tuple[int, ...], Period] = {}
    for r, t in zip(done, times):
        key, label = _period_key(t, unit)
        p = periods.setdefault(key, Period(label))
        outcome = r.outcome
        if outcome == WON:
            p.won += 1
        elif outcome == SHARED:
            p.shared += 1
        else:
            p.lost += 1
    ordered = [periods[k] for k in sorted(periods)]
    return unit, ordered[-max_periods:]


@dataclass
class PlayerStats:
    """Everything the statistics screen and ``cardtable stats`` show.

    Attributes:
        scan: the folder as read (records, bot-only and corrupt counts).
        overall: all the player's games.
        by_game: one tally per game id, in the registry's order.
        by_level: one tally per opponents' level (:attr:`GameRecord.opponents_level`), ordered by
            the strongest bot, then the weakest (``random``, ``random+easy``, ``easy``, ...).
        streaks: win and loss runs over all games.
    """

    scan: LogScan
    overall: Tally
    by_game: list[Tally]
    by_level: list[Tally]
    streaks: Streaks
    accuracy: list["Accuracy"] = field(default_factory=list)

    def over_time(self, max_periods: int = 12, tz: tzinfo | None = None) -> tuple[str, list[Period]]:
        """:func:`results_over_time` of the player's games."""
        return results_over_time(self.scan.records, max_periods, tz)


@dataclass
class Accuracy:
    """The analysed games of one game id (issue 28: ``cardtable analyse`` and the replay's ``m``
    keep a summary beside each log they analyse; only a human seat's analysis counts).

    Attributes:
        game_id: the game.
        games: analysed games.
        decisions, mistakes: real decisions weighed and those marked, over those games.
        expected_loss: the marked mistakes' expected cost, in :attr:`unit`.
        unit: the game's unit ("points", "penalty points").
    """

    game_id: str
    games: int = 0
    decisions: int = 0
    mistakes: int = 0
    expected_loss: float = 0.0
    unit: str = "points"

    @property
    def share(self) -> float:
        """The share of real decisions not marked (1.0 with no decision)."""
        return 1.0 if not self.decisions else 1 - self.mistakes / self.decisions


def accuracy_of(records: Iterable[GameRecord]) -> list[Accuracy]:
    """Per game id (in the order first met), the analysis summaries kept beside these logs
    (:func:`engine.ai.analysis.read_summary`) of one of the record's human seats."""
    from engine.ai.analysis import read_summary
    out: dict[str, Accuracy] = {}
    for r in records:
        data = read_summary(r.path)
        if data is None or data["game"] != r.game_id or data["seat"] not in r.human_seats:
            continue
        acc = out.setdefault(r.game_id, Accuracy(r.game_id, unit=data["unit"]))
        acc.games += 1
        acc.decisions += data["decisions"]
        acc.mistakes += data["mistakes"]
        acc.expected_loss += float(data["expected_loss"])
    return list(out.values())


def compute_stats(scan: LogScan) -> PlayerStats:
    """The statistics of a :class:`LogScan` (see the module docstring for what counts as won)."""
    from engine.games import ALL_IDS
    overall = Tally("all")
    games: dict[str, Tally] = {}
    levels: dict[str, Tally] = {}
    for r in scan.records:
        overall.add(r)
        games.setdefault(r.game_id, Tally(r.game_id)).add(r)
        levels.setdefault(r.opponents_level, Tally(r.opponents_level)).add(r)
    game_order = {g: i for i, g in enumerate(ALL_IDS)}
    level_order = {lv: i for i, lv in enumerate(LEVELS)}

    def level_key(label: str) -> tuple:
        ranks = [level_order.get(p, len(level_order)) for p in label.split("+")]
        return (label == NO_BOTS, max(ranks), min(ranks), label)  # by the strongest bot, then the weakest

    by_game = sorted(games.values(), key=lambda t: (game_order.get(t.label, len(game_order)), t.label))
    by_level = sorted(levels.values(), key=lambda t: level_key(t.label))
    overall.best = overall.worst = None  # margins of different games do not compare
    return PlayerStats(scan, overall, by_game, by_level, streaks(scan.records), accuracy_of(scan.records))


def load_stats(folder: Path, game: str | None = None) -> PlayerStats:
    """:func:`compute_stats` of :func:`scan_logs` (``folder``, ``game``); never raises for a bad log."""
    return compute_stats(scan_logs(folder, game))
