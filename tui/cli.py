"""The ``cardtable`` command line (typer).

Commands::

    cardtable                       the app, on its setup screen
    cardtable play GAME [--seat SPEC]... [--config FILE] [--seed N] [--log FILE] [--undo MODE]
    cardtable sim GAME --seat SPEC... [--games N] [--seed N] [--log-dir DIR] [--config FILE]
    cardtable arena GAME --seat SPEC... [--deals N] [--seed N] [--jobs N] [--json FILE] [--config FILE]
    cardtable replay LOG [--verify]
    cardtable analyse LOG [--seat N] [--budget K] [--all] | --deal-replay LEVEL [--times N]
    cardtable resume [LOG] [--yes]
    cardtable stats [GAME] [--log-dir DIR]
    cardtable rules GAME [--full]
    cardtable variants GAME
    cardtable web [--port N] [--bind ADDR] [--public-url URL] [-- COMMAND...]

Every expected failure prints one sentence to stderr and exits non-zero: 2 for
a game that is unknown or not available yet (and for typer's usage errors), 1
for everything else. Engine modules and the Textual app are imported inside the
commands, so ``--help`` works without them.
"""

from __future__ import annotations

import os
import random
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Iterator, Optional, cast

# Plain help and usage errors (typer's documented switch; TYPER_USE_RICH=1 brings the boxes back):
# typer's Rich help imports rich.markdown and renders panels, about 0.2 s of CPU, as much again as
# the rest of `cardtable --help` (issue 22: --help under 0.3 s). Set before typer is imported.
os.environ.setdefault("TYPER_USE_RICH", "0")

import typer  # noqa: E402 - after the switch above
from typer._click import exceptions as click_exceptions  # noqa: E402 - typer 0.29 vendors click
from typer.core import TyperCommand, TyperGroup  # noqa: E402

from engine.games import ALL_IDS, TITLES  # noqa: E402

if TYPE_CHECKING:
    from rich.console import JustifyMethod

GAME_HELP = "game id: " + ", ".join(ALL_IDS)
#: Every game by its title, for the top-level help ("Nags, ... and Nogginate"); no game is imported.
GAME_TITLES = ", ".join(list(TITLES.values())[:-1]) + " and " + list(TITLES.values())[-1]
SEAT_HELP = ("a seat, repeat once per seat in clockwise order: human[:NAME] or ai:LEVEL[:NAME] (LEVEL: random, "
             "easy, medium, hard; a search level may name its budget: hard@1.6 seconds, hard@500it iterations)")
CONFIG_HELP = "table config file (TOML); default: the per-user config.toml if it exists"

#: Exit code for an unknown or not-yet-available game (typer uses 2 for usage errors too).
EXIT_UNKNOWN_GAME = 2
EXIT_ERROR = 1

class _FlagsTakeNoValue:
    """Help lists no value type for a flag (``--full``, ``--yes``, ``--help``): typer shows
    ``<bool>`` there, as if the flag took a value (issue 22)."""

    def get_params(self, ctx: Any) -> list:
        params = super().get_params(ctx)  # type: ignore[misc]
        for param in params:
            if getattr(param, "is_flag", False) and param.metavar is None:
                param.metavar = ""
        return params


class _Command(_FlagsTakeNoValue, TyperCommand):
    """Every ``cardtable`` command (see :class:`_FlagsTakeNoValue`)."""


class _OneLineErrorsGroup(_FlagsTakeNoValue, TyperGroup):
    """typer's group whose usage errors (a range such as ``--seed -1`` or
    ``--games 0``, an unknown option, a missing argument) print one line like
    every other error, ``cardtable: ...``, instead of a boxed usage block; exit code 2."""

    def main(self, *args: Any, standalone_mode: bool = True, **kwargs: Any) -> Any:
        if not standalone_mode:
            return super().main(*args, standalone_mode=False, **kwargs)  # type: ignore[misc]  # typer's stub
        try:
            rv = super().main(*args, standalone_mode=False, **kwargs)  # type: ignore[misc]  # types it twice
        except click_exceptions.UsageError as exc:
            where = exc.ctx.command_path if exc.ctx is not None else "cardtable"
            text = " ".join(exc.format_message().split()).rstrip(".")
            typer.echo(f"cardtable: {text[:1].lower() + text[1:]} (see {where} -h)", err=True)
            sys.exit(exc.exit_code)
        except click_exceptions.ClickException as exc:
            typer.echo(f"cardtable: {' '.join(exc.format_message().split())}", err=True)
            sys.exit(exc.exit_code)
        except typer.Abort:
            typer.echo("cardtable: aborted", err=True)
            sys.exit(1)
        sys.exit(rv if isinstance(rv, int) else 0)


app = typer.Typer(
    name="cardtable",
    cls=_OneLineErrorsGroup,
    help=f"A terminal card room: {GAME_TITLES} against honest AI opponents.",
    invoke_without_command=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


class CliError(Exception):
    """A failure to report as one line and an exit code."""

    def __init__(self, message: str, code: int = EXIT_ERROR) -> None:
        super().__init__(message)
        self.code = code


def _expected_errors() -> tuple[type[BaseException], ...]:
    """Exception types that are a user's mistake, not a bug (imported lazily)."""
    from engine.gamelog import LogReplayError
    from engine.seats import SeatSpecError
    from engine.variants import ConfigError
    return (ConfigError, SeatSpecError, LogReplayError, ValueError, OSError)


@contextmanager
def _errors() -> Iterator[None]:
    """Turn expected exceptions into one message on stderr and a non-zero exit."""
    from engine.games import UnknownGame
    try:
        yield
    except CliError as exc:
        _fail(str(exc), exc.code)
    except UnknownGame as exc:
        _fail(str(exc), EXIT_UNKNOWN_GAME)
    except KeyboardInterrupt:
        _fail("interrupted", 130)
    except BrokenPipeError:
        _quiet_broken_pipe()
    except ModuleNotFoundError as exc:
        _fail(f"this install lacks a part of cardtable ({exc.name}); reinstall with pip install .", EXIT_ERROR)
    except Exception as exc:  # noqa: BLE001 - filtered just below
        if isinstance(exc, _expected_errors()):
            _fail(_one_line(exc), EXIT_ERROR)
        raise


def _quiet_broken_pipe() -> None:
    """The reader of our output went away (``cardtable rules nags | head``): stop quietly, like ``cat``."""
    import os
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    raise typer.Exit(141)


def _one_line(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        where = f"{exc.filename}: " if exc.filename else ""
        return f"{where}{exc.strerror}"
    return " ".join(str(exc).split()) or type(exc).__name__


def _fail(message: str, code: int) -> None:
    typer.echo(f"cardtable: {message}", err=True)
    raise typer.Exit(code)


def _check_game(game_id: str) -> Any:
    """The game class; raises UnknownGame (exit 2) for unknown or planned games."""
    from engine.games import get_game
    return get_game(game_id)


def _load_table(config: Optional[Path], ctx: typer.Context | None = None):
    """The command's --config, else the root's --config, else the default file or table: the one
    validation of a config for every command (``engine.config.load_config``, then its ``[keys]``
    against the app's binding ids, so ``sim`` refuses the unknown action ``play`` refuses)."""
    from engine.config import check_keys, load_config, load_default_config
    if config is None and ctx is not None:
        root = ctx.find_root()
        config = (root.obj or {}).get("config") if isinstance(root.obj, dict) else None
    table = load_config(config) if config is not None else load_default_config()
    if table.keys:  # the app's binding ids come from its screens (imported only when there are keys)
        from tui.app import binding_ids
        check_keys(table, binding_ids())
    return table


def _parse_seats(specs: Optional[list[str]]) -> list:
    from engine.seats import SeatSpec
    return [SeatSpec.parse(s) for s in (specs or [])]


def _run_app(table: Any, **kwargs: Any) -> None:
    """Run the app with a table :func:`_load_table` checked (its ``[keys]`` included, only when
    there are keys, so no other game's table screen is imported)."""
    from tui.app import run_app
    run_app(table, **kwargs)


@app.callback()
def root(
    ctx: typer.Context,
    config: Annotated[Optional[Path], typer.Option("--config", "-c", help=CONFIG_HELP, dir_okay=False)] = None,
) -> None:
    """A terminal card room. With no command, open the app on its setup screen."""
    ctx.obj = {"config": config}
    if ctx.invoked_subcommand is None:
        with _errors():
            table = _load_table(config)
            _run_app(table, start="setup")


@app.command(cls=_Command)
def play(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help=GAME_HELP, show_default=False)],
    seat: Annotated[Optional[list[str]], typer.Option("--seat", "-s", help=SEAT_HELP, show_default=False)] = None,
    config: Annotated[Optional[Path], typer.Option("--config", "-c", help=CONFIG_HELP, dir_okay=False)] = None,
    seed: Annotated[Optional[int], typer.Option(help="seed for the deals (default: the config's, else random)",
                                                 min=0)] = None,
    log: Annotated[Optional[Path], typer.Option("--log", help="write the game log to this file "
                                                "(default: a new file in the log folder)", dir_okay=False)] = None,
    undo: Annotated[Optional[str], typer.Option(help="undo against bots: off, own_turn (your last turn) or free "
                                                     "(turn by turn); default: the config's, else own_turn",
                                                show_default=False)] = None,
) -> None:
    """Sit down at a table and play GAME (seats from --seat, else the config file)."""
    with _errors():
        _check_game(game)
        seats = _parse_seats(seat)
        table = _load_table(config, ctx).with_overrides(game=game, seats=seats or None, seed=seed, undo=undo)
        from engine.session import Session
        session = Session(table.game, table.variant_for(), list(table.seats), seed=table.seed,
                          log_path=log, log_dir=table.log_dir, undo=table.undo)
        _run_app(table, start="table", session=session)


@app.command(cls=_Command)
def sim(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help=GAME_HELP, show_default=False)],
    seat: Annotated[list[str], typer.Option("--seat", "-s", help="a bot seat, repeat once per seat: ai:LEVEL[:NAME]",
                                            show_default=False)],
    games: Annotated[int, typer.Option("--games", "-n", help="number of matches to play", min=1)] = 100,
    seed: Annotated[Optional[int], typer.Option(help="base seed (default: the config's, else random; "
                                                     "printed so the run can be repeated)", min=0)] = None,
    log_dir: Annotated[Optional[Path], typer.Option("--log-dir", help="write one log per match into this folder",
                                                    file_okay=False)] = None,
    config: Annotated[Optional[Path], typer.Option("--config", "-c", help=CONFIG_HELP + " (house rules)",
                                                   dir_okay=False)] = None,
) -> None:
    """Play bot-only matches headless and print each seat's wins, win rate (95% interval) and mean score."""
    with _errors():
        _check_game(game)
        seats = _parse_seats(seat)
        humans = [i for i, s in enumerate(seats) if s.is_human]
        if humans:
            raise CliError(f"seat {humans[0]} is a human; a simulation seats only bots (ai:LEVEL)")
        table = _load_table(config, ctx).with_overrides(game=game, seats=seats, seed=seed)
        if log_dir is not None:
            from engine.gamelog import check_log_dir
            check_log_dir(log_dir)
        run_seed = table.seed if table.seed is not None else random.SystemRandom().randrange(2**31)
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
        from engine.sim import run_sim
        err_console = Console(stderr=True)
        with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                      TimeElapsedColumn(), console=err_console, transient=True) as progress:
            task = progress.add_task(f"{game} x{games}", total=games)
            result = run_sim(table.game, table.variant_for(), list(table.seats), games, run_seed,
                             log_dir=log_dir, progress=lambda n: progress.update(task, completed=n))
        _print_sim(result.rows, game, games, run_seed, log_dir)


def _print_sim(rows: list[dict], game: str, games: int, seed: int, log_dir: Optional[Path]) -> None:
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table
    t = Table(title=f"{game}: {games} matches, seed {seed}",
              caption="wins: a shared win (a tie or a drawn game) counts 1/k to each of its k winners "
                      "(players or partnerships; partners each get their team's share)")
    for name, justify in (("seat", "right"), ("spec", "left"), ("games", "right"), ("wins", "right"),
                          ("win %", "right"), ("95% interval", "right"), ("won alone", "right"),
                          ("shared", "right"), ("mean score", "right")):
        t.add_column(name, justify=cast("JustifyMethod", justify))
    for r in rows:
        lo, hi = r["win_rate_ci"]
        wins = r["wins"]
        t.add_row(str(r["seat"]), escape(r["spec"]), str(r["games"]),
                  f"{wins:g}" if float(wins).is_integer() else f"{wins:.2f}",
                  f"{100 * r['win_rate']:.1f}%", f"{100 * lo:.1f}% - {100 * hi:.1f}%",
                  str(r["outright"]), str(r["ties"]), f"{r['mean_score']:.2f}")
    console = Console() if sys.stdout.isatty() else Console(width=120)  # piped: don't wrap the table
    console.print(t)
    if log_dir is not None:
        console.print(f"logs: {log_dir}")


@app.command(cls=_Command)
def arena(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help=GAME_HELP, show_default=False)],
    seat: Annotated[list[str], typer.Option("--seat", "-s", help="a bot seat, repeat once per seat: ai:LEVEL[:NAME] "
                                            "(a search level may name its budget: hard@1.6 seconds, hard@500it "
                                            "iterations); "
                                            "every deal is played once per seat rotation", show_default=False)],
    deals: Annotated[int, typer.Option("--deals", "-n", help="number of duplicate deals (each is played "
                                                             "in every rotation)", min=1)] = 100,
    seed: Annotated[Optional[int], typer.Option(help="base seed (default: the config's, else random; "
                                                     "printed so the run can be repeated)", min=0)] = None,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="worker processes (the numbers do not depend on it)",
                                      min=1)] = 1,
    json_out: Annotated[Optional[Path], typer.Option("--json", help="also write the results to this JSON file",
                                                     dir_okay=False)] = None,
    config: Annotated[Optional[Path], typer.Option("--config", "-c", help=CONFIG_HELP + " (house rules)",
                                                   dir_okay=False)] = None,
    hands: Annotated[Optional[int], typer.Option("--hands", help="stop each game after this many hands "
                                                 "(default: play whole games)", min=1)] = None,
) -> None:
    """Pit bots against each other on duplicate deals: wins (95% interval), mean score, the paired
    per-deal score difference against the first other seat spec, and decision times."""
    with _errors():
        _check_game(game)
        seats = _parse_seats(seat)
        humans = [i for i, s in enumerate(seats) if s.is_human]
        if humans:
            raise CliError(f"seat {humans[0]} is a human; an arena seats only bots (ai:LEVEL)")
        if json_out is not None and not json_out.resolve().parent.is_dir():
            raise CliError(f"cannot write {json_out}: the folder {json_out.resolve().parent} does not exist")
        table = _load_table(config, ctx).with_overrides(game=game, seats=seats, seed=seed)
        jobs = _capped_jobs(jobs)
        run_seed = table.seed if table.seed is not None else random.SystemRandom().randrange(2**31)
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
        from engine.arena import run_arena
        err_console = Console(stderr=True)
        with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                      TimeElapsedColumn(), console=err_console, transient=True) as progress:
            task = progress.add_task(f"{game} x{deals} deals", total=deals)
            result = run_arena(table.game, table.variant_for(), list(table.seats), deals, run_seed, jobs=jobs,
                               progress=lambda n: progress.update(task, completed=n), hands=hands)
        if json_out is not None:
            result.write_json(json_out)
        _print_arena(result.as_dict(), json_out)


def _capped_jobs(jobs: int) -> int:
    """``--jobs`` capped at the cores this process may use (``engine.arena.usable_cores``): more
    worker processes than cores only share them and slow each decision (the arena's timings
    and time-budgeted bots would suffer). A cap is said on stderr."""
    from engine.arena import usable_cores
    cores = usable_cores()
    if jobs > cores:
        typer.echo(f"cardtable: --jobs {jobs:,}: this machine has {cores} core{'s' if cores > 1 else ''} "
                   f"for this process; using {cores} worker process{'es' if cores > 1 else ''}", err=True)
        return cores
    return jobs


def _ms(x: float) -> str:
    """Milliseconds with 3 significant digits (bot decisions range from microseconds to seconds)."""
    return f"{x:.3g}" if x < 1000 else f"{x:.0f}"


def _print_arena(doc: dict, json_out: Optional[Path]) -> None:
    """The arena table (one row per distinct seat spec), in the style of :func:`_print_sim`."""
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table
    n_rot = doc["rotations"]
    played = "whole games" if doc.get("hands") is None else f"first {doc['hands']} hand(s) of each game"
    t = Table(title=f"{doc['game']}: {doc['deals']} duplicate deals x {n_rot} rotations ({played}), "
                    f"seed {doc['seed']}",
              caption="wins: a win shared by k players (or partnerships) counts 1/k to each, partners each get "
                      "their team's; win % and its interval count partners' shared result once; "
                      "x fair share: win % x the number of players (or partnerships); paired diff: "
                      "mean per-deal score difference to the baseline spec with the same cards in the same seats "
                      "(95% interval)")
    for name, justify in (("spec", "left"), ("seats", "right"), ("games", "right"), ("wins", "right"),
                          ("win %", "right"), ("95% interval", "right"), ("x fair share", "right"),
                          ("mean score", "right"),
                          ("vs", "left"), ("paired diff", "right"), ("95% interval ", "right"),
                          ("ms median", "right"), ("ms p99", "right"), ("ms max", "right")):
        # the spec column never shrinks: "ai:hard@800it" must stay readable
        t.add_column(name, justify=cast("JustifyMethod", justify),
                     min_width=max(len(r["spec"]) for r in doc["seats"]) if name == "spec" else None)
    for r in doc["seats"]:
        lo, hi = r["win_rate_ci"]
        wins = r["wins"]
        diff, ci = r["paired_diff"], r["paired_diff_ci"]
        ms = r["decision_ms"]
        t.add_row(escape(r["spec"]), str(r["seats"]), str(r["games"]),
                  f"{wins:g}" if float(wins).is_integer() else f"{wins:.2f}",
                  f"{100 * r['win_rate']:.1f}%", f"{100 * lo:.1f}% - {100 * hi:.1f}%",
                  f"{r['win_rate'] * doc.get('teams', n_rot):.2f}", f"{r['mean_score']:.2f}",
                  escape(r["baseline"] or "-"), "-" if diff is None else f"{diff:+.2f}",
                  "-" if ci is None else f"{ci[0]:+.2f} .. {ci[1]:+.2f}",
                  _ms(ms["median"]), _ms(ms["p99"]), _ms(ms["max"]))
    console = Console() if sys.stdout.isatty() else Console(width=160)  # piped: don't wrap the table
    console.print(t)
    ch = doc["chance"]
    console.print(f"illegal moves: {doc['illegal_moves']}; chance steps: {ch['prefix']} shared deal steps, "
                  f"{ch['ordered']} draws from the stacked order, {ch['fallback']} unshared")
    if json_out is not None:
        console.print(f"json: {json_out}")


def _check_log_path(log: Path) -> None:
    """Refuse a log path with nothing there, or something that is not a regular file (``/dev/zero``, a pipe)."""
    if not log.exists():
        raise CliError(f"no such log file: {log}")
    if not log.is_file():
        raise CliError(f"{log}: not a regular file; a game log is a .jsonl file")


@app.command(cls=_Command)
def learn(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help=GAME_HELP, show_default=False)],
    config: Annotated[Optional[Path], typer.Option("--config", "-c", help=CONFIG_HELP, dir_okay=False)] = None,
) -> None:
    """A guided first game of GAME: fixed cards, each step waits for its key and says why."""
    with _errors():
        _check_game(game)
        from engine.lesson import LessonSession, load_lesson
        session = LessonSession(load_lesson(game))  # a LessonError (ValueError) is one line, naming the lessons
        table = _load_table(config, ctx)
        _run_app(table, start="table", session=session)


@app.command(cls=_Command)
def replay(
    ctx: typer.Context,
    log: Annotated[Path, typer.Argument(help="a game log (.jsonl)", dir_okay=False, show_default=False)],
    verify: Annotated[bool, typer.Option("--verify", help="re-apply every action and check the hashes; "
                                                         "print ok (exit 0) or 'line N: reason' (exit 1)")] = False,
) -> None:
    """Step through a logged game, or check it with --verify."""
    with _errors():
        _check_log_path(log)
        if verify:
            from engine.gamelog import verify_log
            res = verify_log(log)
            if res.ok:
                typer.echo("ok")
                return
            if res.line is None:  # the file as a whole cannot be read (too large, unreadable)
                raise CliError(res.reason)
            typer.echo(f"line {res.line}: {res.reason}")
            raise typer.Exit(EXIT_ERROR)
        table = _load_table(None, ctx)
        _run_app(table, start="replay", replay_path=log)


@app.command(cls=_Command)
def analyse(
    log: Annotated[Path, typer.Argument(help="a game log (.jsonl)", dir_okay=False, show_default=False)],
    seat: Annotated[Optional[int], typer.Option("--seat", help="the seat to analyse, from 0 (default: the "
                                                "first human seat, else 0)", min=0, show_default=False)] = None,
    budget: Annotated[int, typer.Option("--budget", help="samples per decision: more is slower and surer",
                                        min=1, max=1000)] = 12,
    seed: Annotated[int, typer.Option("--seed", help="the analysis's seed (the same seed, the same marks)",
                                      min=0)] = 0,
    deal_replay: Annotated[Optional[str], typer.Option(
        "--deal-replay", metavar="LEVEL", help="instead: replay your deal with this bot level in your seat "
        "(hard, hard@200it...) and compare its score with yours", show_default=False)] = None,
    times: Annotated[int, typer.Option("--times", help="replays for --deal-replay", min=1, max=100)] = 8,
    all_decisions: Annotated[bool, typer.Option("--all", help="list every decision, not only the mistakes")] = False,
) -> None:
    """Weigh every real decision of a seat in a logged game from that seat's view and mark the
    clear mistakes with their expected cost; or, with --deal-replay, replay the deal with a bot."""
    with _errors():
        _check_log_path(log)
        from engine.gamelog import read_log
        from rich.console import Console
        game_log = read_log(log)
        if game_log.errors and game_log.header:
            typer.echo(f"cardtable: {log}: {game_log.errors[0]}; analysing the lines before it", err=True)
        console = Console() if sys.stdout.isatty() else Console(width=110)
        if deal_replay is not None:
            _deal_replay(console, game_log, seat, deal_replay, times, seed)
            return
        from engine.analysis import AnalysisError, analyse_log, save_summary
        from tui.analysis_text import analysis_renderable
        try:
            with _progress(console, "analysing") as step:
                report = analyse_log(game_log, seat=seat, budget=budget, seed=seed, progress=step)
        except AnalysisError as err:
            raise CliError(f"{log}: {err}") from None
        console.print(analysis_renderable(report, all_decisions=all_decisions))
        try:  # the statistics' accuracy line reads it (a read-only folder: no line, no error)
            save_summary(report, log)
        except OSError:
            pass


def _deal_replay(console: Any, game_log: Any, seat: Optional[int], level: str, times: int, seed: int) -> None:
    """``analyse --deal-replay``: the deal replayed with ``level`` in the seat, one line of result."""
    from engine.deal_replay import DealReplayError, replay_deal
    from engine.gamelog import log_setup
    try:
        setup = log_setup(game_log)
    except Exception as err:  # noqa: BLE001 - a LogReplayError: one line below
        raise CliError(f"{game_log.path}: {err}") from None
    if seat is None:
        seat = next((k for k, s in enumerate(setup.seats) if s.is_human), 0)
    try:
        with _progress(console, f"replaying with {level}") as step:
            res = replay_deal(game_log, seat, level, times=times, seed=seed, progress=step)
    except DealReplayError as err:
        raise CliError(f"{game_log.path}: {err}") from None
    name = setup.names[seat] if seat < len(setup.names) else f"seat {seat}"
    console.print(f"The deal of {game_log.path.name}, {res.hands} hand{'s' if res.hands != 1 else ''}, "
                  f"seat {seat} ({name}); other seats: {', '.join(res.others)}", markup=False, highlight=False)
    console.print(res.summary(), markup=False, highlight=False)
    if res.wins_text():
        console.print(res.wins_text(), markup=False, highlight=False)


@contextmanager
def _progress(console: Any, what: str) -> Iterator[Any]:
    """A Rich progress bar for a long command; yields ``step(done, total)`` (shown only on a terminal)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
    with Progress(TextColumn(what), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), console=console,
                  transient=True, disable=not console.is_terminal) as bar:
        task = bar.add_task(what, total=None)

        def step(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)
        yield step


@app.command(cls=_Command)
def resume(
    ctx: typer.Context,
    log: Annotated[Optional[Path], typer.Argument(help="the log to continue (default: the newest unfinished "
                                                       "game in the log folder)", dir_okay=False,
                                                  show_default=False)] = None,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="if the log has a bad line, resume up to it "
                                                          "without asking (for non-interactive shells)")] = False,
) -> None:
    """Continue an unfinished game from its log."""
    with _errors():
        from engine.gamelog import default_log_dir, newest_unfinished
        from engine.session import Session, plan_resume
        table = _load_table(None, ctx)
        if log is None:
            folder = Path(table.log_dir) if table.log_dir is not None else Path(default_log_dir())
            found = newest_unfinished(folder) if folder.is_dir() else None
            if found is None:
                raise CliError(f"no unfinished game in {folder}")
            log = Path(found)
        else:
            _check_log_path(log)
        plan = plan_resume(log)  # verifies every line; offers only a cut it can resume from
        if plan.refusal:
            raise CliError(plan.refusal)
        if plan.bad:
            typer.echo(f"{log}: {plan.bad}", err=True)
            if not yes and not typer.confirm(
                    f"Resume the game as it stood at line {plan.up_to_line}, before the bad line? "
                    f"(--yes skips this question)", default=False, err=True):
                raise CliError("not resumed")
        session = Session.resume(log, up_to_line=plan.up_to_line)
        if session.ended_before_resume:
            session.close()
            typer.echo(f"{log}: the match had already ended (the log stopped before its result line, "
                       f"now written); watch it with: cardtable replay {log}")
            return
        _run_app(table, start="table", session=session)


@app.command(cls=_Command)
def stats(
    ctx: typer.Context,
    game: Annotated[Optional[str], typer.Argument(help=GAME_HELP + " (default: every game)",
                                                  show_default=False)] = None,
    log_dir: Annotated[Optional[Path], typer.Option("--log-dir", help="the folder of game logs (default: the "
                                                    "config's log_dir, else the per-user log folder)",
                                                    file_okay=False)] = None,
) -> None:
    """Your games from the log folder: played, won, win rate (95% interval), by game and by opponents'
    level, best and worst results, streaks and results over time. Bot-only logs (simulations) are left out."""
    with _errors():
        if game is not None:
            _check_game(game)
        from engine.gamelog import default_log_dir
        from engine.stats import load_stats
        if log_dir is None:
            table = _load_table(None, ctx)
            log_dir = Path(table.log_dir) if table.log_dir is not None else Path(default_log_dir())
        if log_dir.exists() and not log_dir.is_dir():
            raise CliError(f"{log_dir} is not a folder")
        result = load_stats(log_dir, game)
        from rich.console import Console
        from tui.stats_text import stats_renderable
        console = Console() if sys.stdout.isatty() else Console(width=100)  # piped: don't wrap the tables
        console.print(stats_renderable(result))


@app.command(cls=_Command)
def rules(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help=GAME_HELP, show_default=False)],
    full: Annotated[bool, typer.Option("--full", help="the full numbered rules instead of How to play")] = False,
) -> None:
    """How to play GAME (the aim, a turn, the keys at its table); --full: the numbered rules.
    In a terminal the text is rendered and paged; piped, it is plain Markdown."""
    with _errors():
        if full:
            text = rules_text(game)
            if _stdout_is_terminal():
                from rich.markdown import Markdown
                _page([Markdown(text)])
            else:
                typer.echo(text, nl=not text.endswith("\n"))
            return
        _check_game(game)
        from tui.screens.howto import howto_markdown, howto_page, key_sections, keys_renderable
        keymap = _config_keymap(ctx)
        more = "Full numbered rules: cardtable rules --full " + game
        if _stdout_is_terminal():
            from rich.markdown import Markdown
            text, _ = howto_markdown(game)
            _page([Markdown(text.rstrip() + "\n\n*" + more + "*"), "",
                   keys_renderable(key_sections(game, keymap=keymap), "bold cyan")])
        else:
            text, _ = howto_page(game, keymap=keymap, more=more)
            typer.echo(text, nl=not text.endswith("\n"))


def _stdout_is_terminal() -> bool:
    """True when our output goes to a terminal (then ``rules`` renders and pages it)."""
    return sys.stdout.isatty()


def _page(renderables: list[Any]) -> None:
    """Render Rich ``renderables`` for this terminal and show them in the pager, as ``man``
    would: Rich's pager, which is ``pydoc.pager`` (``$MANPAGER`` or ``$PAGER``, else ``less``).
    Colours are kept (``LESS=-R`` unless the player set ``LESS``). Only libraries the app
    depends on are used (issue 22: click, which is not one, made this fail on a fresh install)."""
    import os
    from rich.console import Console
    os.environ.setdefault("LESS", "-R")
    console = Console(force_terminal=True)
    with console.pager(styles=True):
        for r in renderables:
            console.print(r)


def _config_keymap(ctx: typer.Context | None) -> dict[str, str]:
    """The ``[keys]`` remapping of the config the app would use (so the keys printed
    are the keys at the table); empty when there is none or it cannot be read (the app
    reports a bad config itself)."""
    try:
        return dict(_load_table(None, ctx).keys or {})
    except Exception:  # noqa: BLE001 - only the printed key names depend on it
        return {}


def rules_text(game_id: str) -> str:
    """The Markdown rules shipped for ``game_id`` (``engine/games/<id>/rules.md``).

    Raises:
        UnknownGame: for an unknown or unavailable game.
        OSError: if the rules file is missing from the install.
    """
    from engine.games import get_spec
    _check_game(game_id)
    return get_spec(game_id).rules_text()


@app.command(cls=_Command)
def variants(
    game: Annotated[str, typer.Argument(help=GAME_HELP, show_default=False)],
) -> None:
    """List every house-rule option of GAME: name, type, default, allowed values, rule id, help."""
    with _errors():
        from engine.variants import option_specs
        g = _check_game(game)
        specs = option_specs(g.variant_class)
        if sys.stdout.isatty():
            from rich.console import Console
            from rich.table import Table
            t = Table(title=f"{g.title} house rules: set them in [rules.{g.id}] of the config file")
            for col in ("option", "type", "default", "allowed", "rule", "help"):
                t.add_column(col, overflow="fold")
            for s in specs:
                seed = f" (seed: {s.seed_name})" if s.seed_name else ""
                t.add_row(s.name, s.type_name, _fmt_default(s.default), s.allowed, s.rule, s.help + seed)
            Console().print(t)
            for note in _unavailable_notes(g):
                Console().print(note)
            return
        typer.echo(f"{g.title} house rules: set them in [rules.{g.id}] of the config file\n")
        for s in specs:
            seed = f"  seed name: {s.seed_name}\n" if s.seed_name else ""
            typer.echo(f"{s.name}\n{seed}  type: {s.type_name}\n  default: {_fmt_default(s.default)}\n"
                       f"  allowed: {s.allowed}\n  rule: {s.rule}\n  help: {s.help}\n")
        for note in _unavailable_notes(g):
            typer.echo(note)


def _unavailable_notes(game: Any) -> list[str]:
    """Lines naming a game's presets that cannot be played (a module-level
    ``UNAVAILABLE_TYPES`` and ``NOT_PUBLISHED`` in the game's module, e.g. Spite & Malice SM-20)."""
    mod = sys.modules.get(game.__module__)
    names = getattr(mod, "UNAVAILABLE_TYPES", ())
    why = getattr(mod, "NOT_PUBLISHED", "not available")
    return [f"game_type {name}: {why}" for name in names]


def _fmt_default(value: Any) -> str:
    if value is None:
        return "(none)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


@app.command(cls=_Command)
def web(
    ctx: typer.Context,
    command: Annotated[Optional[list[str]], typer.Argument(
        help="what each browser tab runs, after --: play GAME [options], learn GAME, replay LOG, resume [LOG] "
             "or join URL --code CODE "
             "(default: the setup screen)", show_default=False, metavar="COMMAND")] = None,
    port: Annotated[int, typer.Option("--port", "-p", help="TCP port (0: any free port)", min=0, max=65535)] = 8000,
    bind: Annotated[str, typer.Option("--bind", help="address to listen on; 0.0.0.0 lets other machines in")]
    = "127.0.0.1",
    public_url: Annotated[Optional[str], typer.Option("--public-url", help="the address browsers use, when a "
                                                      "reverse proxy stands in front (https://... for TLS)",
                                                      show_default=False)] = None,
) -> None:
    """Serve the app in a browser (the web extra: textual-serve); each tab runs its own app.
    Example: cardtable web --port 8080 -- play noms --seat human --seat ai:easy --seat ai:easy --seat ai:easy"""
    with _errors():
        from tui.web import LOOPBACK, WebCommandError, WebExtraMissing, serve
        root = ctx.find_root()
        config = (root.obj or {}).get("config") if isinstance(root.obj, dict) else None
        args = list(command or [])
        if args[:1] in (["play"], ["learn"]) and len(args) > 1:
            _check_game(args[1])
        if config is not None:
            _load_table(config)  # a bad config fails here, once, not in every tab
        if bind not in LOOPBACK:
            typer.echo(f"cardtable web: listening on {bind}: anyone who reaches this port runs the app as you "
                       "(your config, logs and files); see docs/web.md", err=True)
        try:
            serve(args, host=bind, port=port, public_url=public_url,
                  config=str(Path(config).resolve()) if config is not None else None)
        except (WebExtraMissing, WebCommandError) as exc:
            raise CliError(str(exc)) from None
        except OSError as exc:
            raise CliError(f"--bind {bind} --port {port}: {_one_line(exc)}") from None


HOST_SEAT_HELP = ("a seat, repeat once per seat in clockwise order: human[:NAME] (yours, at this terminal), "
                  "remote[:NAME] (a friend joining with a code) or ai:LEVEL[:NAME]")


def _tls(cert: Optional[Path], key: Optional[Path]) -> Any:
    """The server's TLS context from ``--cert``/``--key`` (PEM files), or None without them."""
    if cert is None and key is None:
        return None
    if cert is None:
        raise CliError("--key needs --cert (the certificate, PEM)")
    import ssl
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    try:
        ctx.load_cert_chain(cert, key)
    except ssl.SSLError as err:
        raise CliError(f"{cert}: not a usable certificate and key ({err.reason or err})") from None
    return ctx


def _client_tls(url: str, cafile: Optional[Path]) -> Any:
    """The client's TLS context for a ``wss://`` URL: the system's trusted certificates, plus
    ``--cafile`` (a host's own self-signed certificate)."""
    if not url.startswith("wss://"):
        return None
    import ssl
    ctx = ssl.create_default_context(cafile=str(cafile) if cafile else None)
    if cafile is not None:
        ctx.check_hostname = False  # a self-signed certificate named for another host: trust it by the file
    return ctx


@app.command(cls=_Command)
def host(
    ctx: typer.Context,
    game: Annotated[Optional[str], typer.Argument(help=GAME_HELP + " (not with --resume)", show_default=False)] = None,
    seat: Annotated[Optional[list[str]], typer.Option("--seat", "-s", help=HOST_SEAT_HELP, show_default=False)] = None,
    config: Annotated[Optional[Path], typer.Option("--config", "-c", help=CONFIG_HELP + " (house rules)",
                                                   dir_okay=False)] = None,
    port: Annotated[int, typer.Option("--port", "-p", help="the port to listen on (0: any free port)",
                                      min=0, max=65535)] = 8765,
    bind: Annotated[str, typer.Option("--bind", help="the address to listen on; 0.0.0.0 lets other machines "
                                                     "join (default: this machine only)")] = "127.0.0.1",
    headless: Annotated[bool, typer.Option("--headless", help="serve only: no seat at this terminal")] = False,
    seed: Annotated[Optional[int], typer.Option(help="seed for the deals (default: random)", min=0)] = None,
    log: Annotated[Optional[Path], typer.Option("--log", help="write the game log to this file",
                                                dir_okay=False)] = None,
    resume_log: Annotated[Optional[Path], typer.Option(
        "--resume", help="serve the unfinished hosted table of this log again (after a crash): the same seat codes",
        dir_okay=False)] = None,
    cert: Annotated[Optional[Path], typer.Option("--cert", help="TLS certificate (PEM): serve wss://",
                                                 dir_okay=False)] = None,
    key: Annotated[Optional[Path], typer.Option("--key", help="the certificate's private key (PEM)",
                                                dir_okay=False)] = None,
    address: Annotated[Optional[str], typer.Option("--address", help="the host name or address your friends "
                                                   "reach this machine by, for the join lines")] = None,
) -> None:
    """Host a table: friends join their seats from their own terminals (cardtable join)."""
    with _errors():
        from net.client import JoinError, join as join_table
        from net.server import ServerThread, TableServer
        tls = _tls(cert, key)
        table = _load_table(config, ctx)
        kw: dict[str, Any] = {"bind": bind, "port": port, "ssl": tls}
        if resume_log is not None:
            if game is not None or seat:
                raise CliError("--resume takes the game and the seats from the log: give no GAME or --seat")
            _check_log_path(resume_log)
            make = lambda: TableServer.resume(resume_log, **kw)  # noqa: E731
        else:
            if game is None:
                raise CliError("which game? cardtable host GAME --seat ... (or --resume LOG)")
            _check_game(game)
            if not seat:
                raise CliError("give every seat: --seat human:NAME --seat remote --seat ai:LEVEL ...")
            table = table.with_overrides(game=game)
            rules, log_dir = table.variant_for(), table.log_dir
            make = lambda: TableServer.new(game, seat, rules=rules, seed=seed, log_path=log,  # noqa: E731
                                           log_dir=log_dir, **kw)
        runner = ServerThread(make)
        server = runner.start()
        lines = [f"{server.session.names[s]}: {server.join_line(s, address)}" for s in server.remote]
        typer.echo(f"Hosting {server.session.game.title} at {server.url}; the log is {server.session.log_path}")
        for line in lines:
            typer.echo(line)
        if bind == "127.0.0.1" and address is None:
            typer.echo("(only this machine can join: --bind 0.0.0.0 --address NAME lets friends in)")
        mine = [s for s in server.codes if s not in server.remote]
        try:
            if headless or not mine:
                typer.echo("Serving until the match is over (ctrl+c stops; cardtable host --resume LOG goes on)")
                runner.wait_over()
                typer.echo(f"The match is over; the log is {server.session.log_path}")
                return
            if sys.stdin.isatty():
                typer.echo("Send each friend their line, then press Enter to sit down at the table.")
                input()
            try:
                session = join_table(server.url.replace("0.0.0.0", "127.0.0.1"), server.codes[mine[0]],
                                     ssl_context=_client_tls(server.url, cert))
            except JoinError as err:
                raise CliError(str(err)) from None
            session.narration[:0] = ["Join lines (only you see these):"] + lines
            session.hosted_log = server.session.log_path
            _run_app(table, start="table", session=session)
            session.close()
        except KeyboardInterrupt:  # ctrl+c on a headless host: stop serving, say how to go on
            pass
        finally:
            runner.stop()
        if not server.session.is_over:
            typer.echo(f"The table is closed; serve it again with: cardtable host --resume {server.session.log_path} "
                       f"--port {server.port} (the same join lines)")


@app.command(cls=_Command, name="join")
def join_cmd(
    ctx: typer.Context,
    url: Annotated[str, typer.Argument(help="the table's address from the host's join line (ws://HOST:PORT)",
                                       show_default=False)],
    code: Annotated[str, typer.Option("--code", help="your seat's code from the host's join line",
                                      show_default=False)],
    cafile: Annotated[Optional[Path], typer.Option("--cafile", help="trust this certificate (PEM) for a wss:// "
                                                   "table with a self-signed one", dir_okay=False)] = None,
) -> None:
    """Join a table a friend hosts (cardtable host) and play your seat."""
    with _errors():
        from net.client import JoinError, join as join_table
        table = _load_table(None, ctx)
        try:
            session = join_table(url, code, ssl_context=_client_tls(url, cafile))
        except JoinError as err:
            raise CliError(str(err)) from None
        try:
            _run_app(table, start="table", session=session)
        finally:
            session.close()


def main() -> None:
    """Console-script entry point (``cardtable = "tui.cli:main"``)."""
    app(prog_name="cardtable")


if __name__ == "__main__":
    main()
