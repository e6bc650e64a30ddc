"""The harness shared by the table-screen pilot tests: a bare app that shows
one table screen, and helpers to press keys and wait while bots play."""

from __future__ import annotations

import asyncio
import contextlib
import time
from pathlib import Path

from textual.app import App

from engine.session import Session
from tui.screens import table_screen_class
from tui.widgets.cards import THEME_DEFAULTS


class ScreenTestApp(App):
    """A bare app showing one table screen (the real app is tested in
    ``test_tui_app.py``). Subclasses set :attr:`SCREEN`; ``new_match_like``
    ("play again") is recorded in :attr:`again_calls`."""

    SCREEN: type

    def __init__(self, session: Session, pace: float = 0.0) -> None:
        super().__init__()
        self.session = session
        self.table = self.SCREEN(session, pace=pace)
        self.again_calls: list[Session] = []

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return dict(THEME_DEFAULTS)

    def on_mount(self) -> None:
        self.push_screen(self.table)

    def new_match_like(self, session: Session) -> None:
        self.again_calls.append(session)


async def wait_for(pilot, cond, limit: float = 30.0) -> None:
    """Let the app run (bot workers included) until ``cond()`` holds.

    Sleeps instead of ``pilot.pause`` (which forces a full repaint each call)."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if cond():
            await pilot.pause(0)
            if cond():
                return
        await asyncio.sleep(0.003)
    raise AssertionError("the table never reached the expected state")


async def press(pilot, *keys: str) -> None:
    """Press keys as a player would, without ``pilot.press``'s wait for an idle
    CPU (which waits up to a second while the bots keep playing)."""
    for key in keys:
        pilot.app.simulate_key(key)
        await pilot.pause(0)
    await pilot.pause(0)


class SessionApp(App):
    """A session's table screen alone (its game's screen class), on the default theme plus
    the card fallbacks."""

    def __init__(self, session: Session, pace: float = 0.0) -> None:
        super().__init__()
        self.session = session
        self.table = table_screen_class(session.game.id)(session, pace=pace)

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return dict(THEME_DEFAULTS)

    def on_mount(self) -> None:
        self.push_screen(self.table)


class TableApp(SessionApp):
    """A game's table screen alone (pace 0) for a new match of ``game``."""

    def __init__(self, game: str, seats: list[str], seed: int, rules: dict | None = None) -> None:
        super().__init__(Session(game, rules or {}, seats, seed=seed, write_log=False))


async def until_human_turn(pilot, pauses: int = 2) -> None:
    """Wait (at most 30 s) until the table screen is up and a human is to move, then ``pauses`` idle pauses."""
    app = pilot.app
    deadline = time.monotonic() + 30
    while not (app.screen is app.table and app.table.human_turn()):
        assert time.monotonic() < deadline, "the human never got a turn"
        await asyncio.sleep(0.005)
    for _ in range(pauses):
        await pilot.pause()


@contextlib.asynccontextmanager
async def setup_screen(tmp_path: Path, seats: list | None = None):
    """The app on its setup screen for a two-seat Nags table logging under ``tmp_path``: yields the screen."""
    from engine.config import TableConfig
    from engine.seats import SeatSpec
    from tui.app import CardtableApp
    from tui.screens.setup import SetupScreen
    table = TableConfig(game="nags", seats=seats or [SeatSpec("human"), SeatSpec("ai", "random")],
                        log_dir=tmp_path / "logs", pace=0.0)
    app = CardtableApp(table)
    async with app.run_test(size=(150, 60)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        yield app.screen


class ReplayApp(App):
    """A bare app showing one replay screen (``ReplayScreen(path)`` or of a :class:`LoadedLog`)."""

    def __init__(self, path: Path | None = None, loaded=None) -> None:
        super().__init__()
        from tui.screens.replay import ReplayScreen
        self.replay_screen = ReplayScreen(path, loaded=loaded)

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return dict(THEME_DEFAULTS)

    def on_mount(self) -> None:
        self.push_screen(self.replay_screen)


def position_log(session: Session, tmp_path: Path, seat: int | None):
    """A :class:`tui.screens.replay.LoadedLog` of one position: ``session``'s state now (a test may
    have set it up by hand), shown as ``seat`` saw it (None: everything)."""
    from engine.gamelog import LogWriter, Replay, read_log
    from tui.screens.replay import LoadedLog
    path = tmp_path / f"position-{id(session)}.jsonl"
    LogWriter(path, session._header()).close()
    replay = Replay(read_log(path))
    replay.positions[0] = session.state.clone()
    return LoadedLog(path, replay, "", session.game.id, list(session.names), 0, seat, session._header())


async def replay_board(loaded, size: tuple[int, int] = (120, 36), keys: tuple[str, ...] = ()) -> str:
    """The screen text of the replay of ``loaded`` (after ``keys``) at ``size``."""
    from hidden_support import screen_text
    app = ReplayApp(loaded=loaded)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: app.screen is app.replay_screen)
        for _ in range(3):
            await pilot.pause()
        if keys:
            await press(pilot, *keys)
            await pilot.pause()
        return screen_text(app)


def logged_nags(path: Path, seats: tuple[str, ...] = ("human:You", "ai:easy", "ai:easy")) -> Session:
    """A whole Nags game (its first game: the match) logged at ``path``, the human seats playing the
    ``easy`` bot's moves; the session is left open (the caller closes it)."""
    import random
    from engine.games import make_bot
    easy, rng = make_bot("nags", "easy"), random.Random(4)
    s = Session("nags", {}, list(seats), seed=4, log_path=path)
    s.advance()
    while not s.is_over and s.state.hand_number == 0:
        seat = s.to_move
        view = s.state.view(seat)
        s.act(easy.choose(view, view.legal_actions(), rng) if s.is_human(seat) else s.bot_choose())
    return s


def nags_replay_app(path: Path, tmp_path: Path):
    """The app opened on the replay of the Nags log at ``path`` (a human seat and two ``easy`` bots)."""
    from engine.config import TableConfig
    from engine.seats import SeatSpec
    from tui.app import CardtableApp
    table = TableConfig(game="nags", seats=[SeatSpec("human")] + [SeatSpec("ai", "easy")] * 2,
                        log_dir=tmp_path / "logs", pace=0.0)
    return CardtableApp(table, start="replay", replay_path=path)
