"""The replay screen's analysis keys (tui/screens/replay.py, issue 28): ``m`` weighs the human
seat's decisions in a worker while the replay stays live, ``n`` jumps to the next mark and ``N``
to the one before, the status line names it; the timeline row draws every position, the one
shown, each hand's start and the marks, and a click on it moves there; the footer shows m, n, N
only when they act; ``p`` at a mark plays on from just before the marked move."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.ai.analysis import Decision, GameReport
from engine.session import Session
from tui.screens.base_table import BaseTableScreen
from tui.screens.replay import PlayOnScreen, ReplayScreen
from tui.widgets.timeline import ReplayTimeline, timeline_cells
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
        # play-test 2026-11-27: the notice read "Analysing You's decisions"
        assert any(n.message.startswith("Analysing your decisions;") for n in app._notifications)
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
        assert "✗ mistake 1 of 1: -4.0 points expected; better: play 9♠" in \
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
        assert "m" in footer_keys(summary)  # the match has a log: the footer offers its analysis
        await press(pilot, "m")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen) and app.screen is not first)
        replay = app.screen
        await wait_for(pilot, lambda: replay.analysis is not None)
        assert replay.analysis.seat == 0
        await press(pilot, "escape")
        await wait_for(pilot, lambda: app.screen is summary)
    session.close()


# -- the timeline --------------------------------------------------------------------------------

def test_timeline_cells_place_each_position_in_its_column():
    """10 positions in 10 columns: one a column; the shown one is ``current``, those before it
    ``played``; a hand's start, a mistake and a doubt sit in their own columns."""
    cells = timeline_cells(10, 9, 4, hands=[6], mistakes=[2, 8], doubts=[3])
    assert cells == ["played", "played", "mistake", "doubt", "current", "ahead", "hand-ahead", "ahead",
                     "mistake", "ahead"]
    # 101 positions in 11 columns: position i in column i // 10; a mistake outranks a hand's start
    # and a doubt in its column, the position shown outranks all and marks a mistake it sits on
    cells = timeline_cells(11, 100, 55, hands=[30, 71], mistakes=[33, 57, 70], doubts=[36, 90])
    assert cells[3] == "mistake" and cells[7] == "mistake" and cells[9] == "doubt"
    assert cells[5] == "current-mistake" and cells.count("current-mistake") + cells.count("current") == 1
    assert timeline_cells(11, 100, 55, hands=[30])[3] == "hand-played"
    assert timeline_cells(5, 0, 0) == ["current", "ahead", "ahead", "ahead", "ahead"]  # no action yet


def fake_report(screen: ReplayScreen, seat: int = 0) -> GameReport:
    """An analysis of ``seat`` in the screen's log without running it: the seat's first, third and
    fifth moves marked as mistakes (4, 6 and 8 points), its second "not clearly" (5 points, not clearly),
    its fourth and sixth fine (an alternative 1 point worse; one 0.5 point better, under Nags'
    least gain for a mistake: no mark)."""
    replay = screen.replay
    moves = [i for i, actor in enumerate(replay.actors) if actor == seat]
    decisions = []
    for k, i in enumerate(moves[:6]):
        loss = {3: -1.0, 5: 0.5}.get(k, 4.0 + k)
        decisions.append(Decision(i, replay.lines[i], replay.positions[i].hand_number, "plays", f"move {k}",
                                  "play 9♠", loss, low=loss - 3, high=loss + 3, samples=2, mistake=k in (0, 2, 4),
                                  unit="points"))
    return GameReport("nags", seat, "You", "points", ("plays",), decisions)


def footer_keys(screen: ReplayScreen) -> set[str]:
    """The screen's keys the footer shows now (a binding disabled by ``check_action`` is hidden)."""
    return {key for key, active in screen.active_bindings.items()
            if active.binding.show and active.enabled and active.node is screen}


@pytest.mark.parametrize("size", [(80, 24)])
async def test_the_timeline_draws_the_marks_and_n_N_and_a_click_move_to_them(tmp_path, size):
    """The timeline row shows the position and every mark where :func:`timeline_cells` puts it; the
    footer offers m before the analysis and n/N only where a mark lies ahead/behind; n, N and a
    click on a mark's column move to it; at a mark the status line says which mistake and why, and
    a doubt says "not clearly"; N with no mark behind says so; the tooltip over a mark names it."""
    path = nags_log(tmp_path)
    app = nags_replay_app(path, tmp_path)
    async with app.run_test(size=size) as pilot:
        screen = app.screen
        await wait_for(pilot, lambda: screen.query(ReplayTimeline) and screen.query_one(ReplayTimeline).shown)
        timeline = screen.query_one(ReplayTimeline)
        assert timeline.region.width == size[0] and timeline.shown[0] == "●"  # a whole row, in the rule's place
        assert {"m"} <= footer_keys(screen) and not {"n", "N"} & footer_keys(screen)
        await press(pilot, "n")  # not offered: it says why
        assert screen.index == 0 and "Press m first" in screen.query_one(StatusLine).message_text
        report = fake_report(screen)
        screen._analysis_done(report)  # as the worker ends (its marks are our own)
        await pilot.pause()
        marks = sorted(d.index + 1 for d in report.mistakes)
        doubt = report.decisions[1].index + 1
        assert sorted(screen.marks) == marks and sorted(screen.doubts) == [doubt]
        width = timeline.content_size.width
        for m in marks:
            assert timeline.shown[timeline.column_of(m)] == "✗"
        assert timeline.shown[timeline.column_of(doubt)] == "?"
        assert footer_keys(screen) >= {"n"} and not {"m", "N"} & footer_keys(screen)
        assert "You: 3 mistakes, 18.0 points expected lost" in screen.query_one(StatusLine).prompt_text
        await press(pilot, "n")
        assert screen.index == marks[0]
        message = screen.query_one(StatusLine).message_text.replace("\n", " ")
        assert "You: " in message and "✗ mistake 1 of 3: -4.0 points expected; better: play 9♠" in message
        assert timeline.cells(width)[timeline.column_of(marks[0])] == "current-mistake"
        await press(pilot, "N")  # nothing behind the first mark
        assert screen.index == marks[0]
        assert "No marked mistake before this point" in screen.query_one(StatusLine).message_text
        await press(pilot, "n", "n")
        assert screen.index == marks[2] and footer_keys(screen) >= {"N"} and "n" not in footer_keys(screen)
        await press(pilot, "N")
        assert screen.index == marks[1]
        screen.index = doubt
        await pilot.pause()
        assert "not clearly: play 9♠ scored 5.0 points more" in screen.query_one(StatusLine).message_text
        await press(pilot, "end")
        await pilot.hover(ReplayTimeline, offset=(1 + timeline.column_of(marks[2]), 0))  # 1: the padding
        assert str(timeline.tooltip).startswith(f"action {marks[2]}, game 1: You: ")
        assert "✗ mistake 3 of 3: -8.0 points expected" in str(timeline.tooltip)
        await pilot.click(ReplayTimeline, offset=(1 + timeline.column_of(marks[2]), 0))
        await wait_for(pilot, lambda: screen.index == marks[2])
        await pilot.click(ReplayTimeline, offset=(1, 0))
        await wait_for(pilot, lambda: screen.index == 0)


async def test_play_on_from_a_mark_starts_just_before_the_marked_move(tmp_path):
    """At a marked mistake, p plays on from the decision (the position before the marked move), the
    dialog says so, and the new match's history is the log's up to that move."""
    path = nags_log(tmp_path)
    app = nags_replay_app(path, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        await wait_for(pilot, lambda: screen.query(ReplayTimeline) and screen.query_one(ReplayTimeline).shown)
        report = fake_report(screen)
        screen._analysis_done(report)
        await press(pilot, "n", "n")
        mark = report.mistakes[1]
        assert screen.index == mark.index + 1
        assert "p plays on from before this move" in screen.query_one(StatusLine).prompt_text
        await press(pilot, "p")
        await wait_for(pilot, lambda: isinstance(app.screen, PlayOnScreen))
        chooser = app.screen
        assert chooser.index == mark.index and chooser.before == f"your {mark.played}"
        await press(pilot, "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, BaseTableScreen) and not app.screen.READ_ONLY)
        session = app.screen.session
        replay = screen.replay
        assert session.branched_from["actions"] == mark.index
        assert session.history == list(zip(replay.actors[:mark.index], replay.notations[:mark.index]))
        assert session.to_move == 0  # the marked decision is the human seat's again


async def test_the_footer_names_only_the_logs_seat_keys(tmp_path):
    """A three-seat log's replay offers "0-2 Seat view" (it said "0-5" for every game), and 5 says
    which seats there are."""
    app = nags_replay_app(nags_log(tmp_path), tmp_path)
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        shown = [ab.binding for ab in screen.active_bindings.values() if ab.binding.action == "seat(0)"]
        assert shown and shown[0].key_display == "0-2"
        assert screen.check_action("seat", (2,)) and not screen.check_action("seat", (5,))
        await press(pilot, "5")
        await wait_for(pilot, lambda: "seats 0 to 2" in screen.query_one(StatusLine).message_text)
