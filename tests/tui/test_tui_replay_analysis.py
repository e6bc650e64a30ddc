"""The replay screen's analysis keys (tui/screens/replay.py, issue 28): ``m`` weighs the human
seat's decisions in a worker while the replay stays live, ``n`` jumps to the next mark and the
status line names it."""

from __future__ import annotations

from pathlib import Path

from engine.session import Session
from tui.screens.replay import ReplayScreen
from tui.widgets.status import StatusLine
from tui_support import logged_nags, nags_replay_app, press, wait_for


def play_nags(path: Path) -> Session:
    """A whole Nags game logged at ``path``: a human seat (its moves the ``easy`` bot's) and two
    ``easy`` bots; the session is left open (the caller closes it)."""
    return logged_nags(path)


def nags_log(tmp_path: Path) -> Path:
    path = tmp_path / "nags.jsonl"
    play_nags(path).close()
    return path


async def test_m_marks_the_mistakes_and_n_jumps_to_them(tmp_path):
    path = nags_log(tmp_path)
    app = nags_replay_app(path, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.pause()
        screen.analysis_budget = 2  # samples per decision: enough to test the screen, not the marks
        await press(pilot, "n")
        assert screen.index == 0 and screen.analysis is None  # nothing to jump to before m
        await press(pilot, "m", "right")
        assert screen.index == 1  # the replay steps while the analysis runs
        await wait_for(pilot, lambda: screen.analysis is not None)
        report = screen.analysis
        assert report.seat == 0 and report.decisions and not screen.query("#analysis-progress")
        assert set(screen.marks) == {d.index + 1 for d in report.mistakes}
        # a mark of our own after position 1: n goes there and the status line says what it found
        mark = report.decisions[0]
        mark.mistake, mark.best, mark.loss = True, "play 9♠", 4.0
        screen.marks = {mark.index + 1: mark}
        await press(pilot, "n")
        assert screen.index == mark.index + 1
        assert "that was a mistake: -4.0 points expected; better: play 9♠" in \
            screen.query_one(StatusLine).message_text.replace("\n", " ")


async def test_m_on_the_summary_opens_the_replay_analysing(tmp_path, monkeypatch):
    from tui.screens.summary import SummaryScreen
    monkeypatch.setattr(ReplayScreen, "analysis_budget", 2)
    path = tmp_path / "nags.jsonl"
    session = play_nags(path)
    app = nags_replay_app(path, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        first = app.screen
        summary = SummaryScreen(session, [], hand_word="Game")
        app.push_screen(summary)
        await wait_for(pilot, lambda: app.screen is summary)
        await press(pilot, "m")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen) and app.screen is not first)
        replay = app.screen
        await wait_for(pilot, lambda: replay.analysis is not None)
        assert replay.analysis.seat == 0
        await press(pilot, "escape")
        await wait_for(pilot, lambda: app.screen is summary)
    session.close()
