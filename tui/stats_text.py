"""Rich renderings of the player's statistics (:mod:`engine.stats`), shared by
``cardtable stats`` and the app's statistics and recent-games screens.

Every text that comes from a log (seat names) is put in a :class:`rich.text.Text`
or passed through :func:`rich.markup.escape`, never read as markup.
"""

from __future__ import annotations

from datetime import datetime, tzinfo
from typing import Any

from rich import box
from rich.console import Group
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from engine.stats import LOST, SHARED, UNFINISHED, WON, GameRecord, Period, PlayerStats, Tally

#: Styles of the three outcomes in tables and bars.
OUTCOME_STYLE = {WON: "green", SHARED: "yellow", LOST: "red", UNFINISHED: "dim"}
#: The mark after a game that used undo.
UNDO_MARK = "undo"


def game_title(game_id: str) -> str:
    """The game's title without a bracketed aside (``Noms`` for "Noms (Nomination Whist)"),
    or the id for an id that is not a game (the game is not imported)."""
    from engine.games import game_title as full_title
    return full_title(game_id).split(" (", 1)[0]


def pct(x: float) -> str:
    """A share 0..1 as a percentage with one decimal (``48.8%``)."""
    return f"{100 * x:.1f}%"


def interval_text(t: Tally) -> str:
    """The Wilson 95% interval of a tally's win rate, ``34.1-63.6%`` (``-`` without a finished game)."""
    if not t.played:
        return "-"
    lo, hi = t.interval
    return f"{100 * lo:.1f}-{100 * hi:.1f}%"


def margin_text(record: GameRecord | None) -> str:
    """A game's margin (:attr:`engine.stats.GameRecord.margin`) as ``+12.5`` / ``-3``."""
    if record is None or record.margin is None:
        return "-"
    return f"{record.margin:+g}"


def when_text(record: GameRecord, tz: tzinfo | None = None, short: bool = False) -> str:
    """When a game started, local time: ``2026-11-23 14:02`` (``short``: ``Nov 23 14:02`` this
    year, ``2025-11-23`` before)."""
    t = record.started.astimezone(tz)
    if short:
        return t.strftime("%b %d %H:%M") if t.year == datetime.now(tz).year else t.strftime("%Y-%m-%d")
    return t.strftime("%Y-%m-%d %H:%M")


def overall_text(stats: PlayerStats) -> Text:
    """Two or three lines: games played and won, the win rate with its interval, streaks."""
    t = stats.overall
    s = stats.streaks
    out = Text()
    if not t.played and not t.unfinished:
        out.append("No games of yours in this folder yet.")
        return out
    if not t.played:
        out.append(f"No finished games yet; {t.unfinished} unfinished (not counted).")
        return out
    out.append(f"{t.played} finished game{'s' if t.played != 1 else ''}: ", style="bold")
    out.append(f"won {t.won}", style=OUTCOME_STYLE[WON])
    if t.shared:
        out.append(", ")
        out.append(f"shared {t.shared}", style=OUTCOME_STYLE[SHARED])
    out.append(", ")
    out.append(f"lost {t.lost}", style=OUTCOME_STYLE[LOST])
    if t.unfinished:
        out.append(f"; {t.unfinished} unfinished (not counted)")
    out.append("\n")
    if t.played:
        out.append("Win rate ", style="bold")
        out.append(pct(t.win_rate), style="bold")
        out.append(f" (95% interval {interval_text(t)})")
        if t.undo:
            out.append(f"; {t.undo} used undo")
        out.append("\n")
    if s.current_won is not None:
        run = ("win" if s.current == 1 else "wins") if s.current_won else ("loss" if s.current == 1 else "losses")
        out.append(f"Current streak: {s.current} {run}"
                   f" · longest winning streak {s.longest_won}, longest losing streak {s.longest_lost}")
    return out


def _table(title: str) -> Table:
    return Table(title=title, title_justify="left", title_style="bold", box=box.SIMPLE_HEAD, pad_edge=False,
                 padding=(0, 1), collapse_padding=True, show_edge=False)


def game_table(stats: PlayerStats) -> Table:
    """One row per game: finished games, won / shared / lost, win rate and its
    interval, best and worst margins, games with undo, unfinished games."""
    table = _table("By game")
    for name in ("game", "games", "won", "shared", "lost", "win %", "95% interval", "best", "worst", "undo"):
        table.add_column(name, justify="left" if name == "game" else "right", no_wrap=name != "game")
    for t in stats.by_game:
        table.add_row(Text(game_title(t.label)), str(t.played), str(t.won), str(t.shared), str(t.lost),
                      pct(t.win_rate) if t.played else "-", interval_text(t), margin_text(t.best),
                      margin_text(t.worst), str(t.undo))
    table.caption = "best / worst: your score minus the best other seat's, in the game's points"
    table.caption_justify = "left"
    return table


def level_table(stats: PlayerStats) -> Table:
    """One row per opponents' level (the bot seats' levels, from the log headers)."""
    table = _table("By opponents' level")
    for name in ("opponents", "games", "won", "shared", "lost", "win %", "95% interval", "undo"):
        table.add_column(name, justify="left" if name == "opponents" else "right", no_wrap=name != "opponents")
    for t in stats.by_level:
        table.add_row(Text(t.label), str(t.played), str(t.won), str(t.shared), str(t.lost),
                      pct(t.win_rate) if t.played else "-", interval_text(t), str(t.undo))
    return table


def bar_chart(unit: str, periods: list[Period], width: int = 30) -> Table:
    """A Rich bar chart of results over time: one row per period, a bar of
    won (green), shared (yellow) and lost (red) games scaled to ``width`` cells."""
    table = Table(title=f"Results by {unit}", title_justify="left", show_header=False, box=None, pad_edge=False)
    table.add_column("when", justify="right", no_wrap=True)
    table.add_column("bar", no_wrap=True)
    table.add_column("count", no_wrap=True)
    most = max((p.played for p in periods), default=0)
    for p in periods:
        bar = Text()
        scale = width / most if most else 0
        # round the running total so the parts add up to the whole bar
        done = 0.0
        for n, outcome, ch in ((p.won, WON, "█"), (p.shared, SHARED, "▒"), (p.lost, LOST, "░")):
            start = round(done * scale)
            done += n
            bar.append(ch * (round(done * scale) - start), style=OUTCOME_STYLE[outcome])
        count = f"{p.won} won" + (f", {p.shared} shared" if p.shared else "") + f", {p.lost} lost"
        table.add_row(p.label, bar, count)
    return table


def notes_text(stats: PlayerStats) -> Text:
    """What was left out: bot-only logs, unreadable logs (with the first reason), and where the logs are."""
    scan = stats.scan
    out = Text(style="dim")
    if not scan.exists:
        out.append(f"The log folder {scan.folder} does not exist yet.\n")
    else:
        out.append(f"Logs read from {scan.folder}.\n")
    if scan.bot_only:
        out.append(f"{scan.bot_only} bot-only log{'s' if scan.bot_only != 1 else ''} (simulations) "
                   "left out: they are not your games.\n")
    if scan.corrupt:
        path, why = scan.corrupt[0]
        n = len(scan.corrupt)
        out.append(f"{n} unreadable log{'s' if n != 1 else ''} skipped ({path.name}: {why}"
                   + (", ..." if n > 1 else "") + ").\n")
    out.append("A shared win counts as its share in the win rate; unfinished games are not losses.")
    return out


def accuracy_text(stats: PlayerStats) -> Text | None:
    """The accuracy line of the analysed games (issue 28), one game per line: ``Accuracy (analysed
    games): Noms 95% of 44 decisions in 1 game, 2 mistakes, 14.2 points expected lost``; None
    when no game of the player's was analysed."""
    if not stats.accuracy:
        return None
    out = Text()
    out.append("Accuracy (analysed games): ", style="bold")
    for k, a in enumerate(stats.accuracy):
        if k:
            out.append("; ")
        out.append(f"{game_title(a.game_id)} {pct(a.share)} of {a.decisions} decisions in {a.games} "
                   f"game{'s' if a.games != 1 else ''}, {a.mistakes} mistake{'s' if a.mistakes != 1 else ''}, "
                   f"{a.expected_loss:.1f} {a.unit} expected lost")
    return out


def stats_renderable(stats: PlayerStats, tz: tzinfo | None = None, bar_width: int = 30) -> Any:
    """Everything ``cardtable stats`` prints, as one Rich renderable."""
    parts: list[Any] = [overall_text(stats)]
    acc = accuracy_text(stats)
    if acc is not None:
        parts.append(acc)
    if stats.overall.played or stats.overall.unfinished:
        parts += [Text(), game_table(stats), Text(), level_table(stats)]
        unit, periods = stats.over_time(tz=tz)
        if periods:
            parts += [Text(), bar_chart(unit, periods, bar_width)]
    parts += [Text(), notes_text(stats)]
    return Group(*parts)


def progress_text(record: GameRecord) -> str:
    """Where an unfinished game stands, ``"round 3 of 7"`` (its game's ``GameSpec.progress_text``
    of the hands finished, with the header's house rules); ``"hand 3"`` for a game this install
    cannot load or rules it cannot read. The game's package is imported."""
    from engine.games import UnknownGame, get_spec
    from engine.variants import build_variant
    done = record.progress.hands_done
    try:
        spec = get_spec(record.game_id)
    except UnknownGame:
        return f"hand {done + 1}"
    try:
        variant = build_variant(spec.game.variant_class, record.rules, source=str(record.path), section="rules")
    except ValueError:  # a ConfigError: rules another version wrote
        variant = None
    return spec.progress_text(done, variant)


def result_text(record: GameRecord) -> Text:
    """A game's result as a list shows it: the outcome (coloured) and, finished, the score,
    yours first (``won, 112 to 87``; ``Ann won`` when every seat is a person); unfinished,
    how far it got (``unfinished, round 3 of 7``); `` (undo)`` when undo was used."""
    out = Text(record.outcome, style=OUTCOME_STYLE[record.outcome])
    pair = record.score_pair
    if not record.finished:
        out.append(f", {progress_text(record)}")
    elif pair is not None:
        out.append(f", {pair[0]:g} to {pair[1]:g}")
    elif record.winners:
        out = Text(" and ".join(record.names[w] for w in record.winners) + " won")
    if record.used_undo:
        out.append(f" ({UNDO_MARK})", style="italic")
    return out


def recent_row(record: GameRecord, tz: tzinfo | None = None) -> tuple[Text, Text, Text, Text]:
    """The cells of one game in a recent-games list: when, game, result (:func:`result_text`), players."""
    return (Text(when_text(record, tz, short=True)), Text(game_title(record.game_id)), result_text(record),
            Text(record.players_text()))


def describe_unfinished(record: GameRecord) -> str:
    """One markup line for the setup screen: ``Nickels with Ada (easy), Bix (easy): round 3 of 7,
    started 2026-11-23 14:02`` (names escaped). Imports the game (:func:`progress_text`)."""
    humans = set(record.human_seats)
    others = [n for i, n in enumerate(record.names) if i not in humans]
    with_ = f" with {escape(', '.join(others))}" if others else ""
    return (f"[b]{escape(game_title(record.game_id))}[/b]{with_}: {escape(progress_text(record))}, "
            f"started {when_text(record)}")
