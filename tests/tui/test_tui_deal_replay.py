"""Your deal, played by the bots, in the app (tui/screens/deal_replay.py, issue 28): ``d`` on the
match summary asks a level and a number of replays, replays the deal in a worker with a progress
bar, and shows the result beside the player's in the game's unit; Esc stops it and leaves the
summary open; the key is in the footer only after a game against bots, and says why otherwise."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import AsyncIterator

from textual.app import App
from textual.widgets import Input, ProgressBar, Select, Static

from engine.deal_replay import DealReplayResult
from engine.games import make_bot
from tui.screens.deal_replay import DealReplayChoice, deal_replay_text
from tui.screens.summary import SummaryScreen
from tui_support import logged_nags, nags_replay_app, press, wait_for

VS_BOTS = ("human:You", "ai:easy", "ai:easy")


class Host(App):
    """The summary alone (Esc back leaves it for the host's default screen)."""


def footer_keys(screen) -> list[str]:
    """The keys the footer shows for the screen's own bindings now (test_keys.py's rule)."""
    return [key for key, active in screen.active_bindings.items() if active.binding.show and active.node is screen]


@contextlib.asynccontextmanager
async def on_summary(tmp_path: Path, seats: tuple[str, ...]) -> AsyncIterator[tuple[App, object, SummaryScreen]]:
    """The summary of a logged Nags game with ``seats``, shown at 80x24: ``(app, pilot, summary)``."""
    session = logged_nags(tmp_path / "nags.jsonl", seats)
    app, summary = Host(), SummaryScreen(session, [], hand_word="Game")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            app.push_screen(summary)
            await wait_for(pilot, lambda: app.screen is summary)
            yield app, pilot, summary
    finally:
        session.close()


async def choose(pilot, app, level: str, times: int) -> None:
    await press(pilot, "d")
    await wait_for(pilot, lambda: isinstance(app.screen, DealReplayChoice))
    dialog = app.screen
    assert dialog.query_one("#deal-level", Select).value == "hard"  # the default level
    dialog.query_one("#deal-level", Select).value = level
    dialog.query_one("#deal-times", Input).value = str(times)
    await press(pilot, "enter")  # the Run button has the focus


def shown(summary: SummaryScreen) -> str:
    return str(summary.query_one("#summary-deal-text", Static).render())


async def test_d_replays_the_deal_and_shows_it_beside_yours(tmp_path):
    async with on_summary(tmp_path, VS_BOTS) as (app, pilot, summary):
        assert "d" in footer_keys(summary)
        await choose(pilot, app, "easy", 2)
        await wait_for(pilot, lambda: summary.deal_result is not None and not summary.deal_running)
        res = summary.deal_result
        text = shown(summary)
        assert f"You scored {res.yours:.0f} points; easy scored" in text
        assert text.endswith(f"easy won {sum(res.wins):.0f} of the 2 replays; you {'won' if res.you_won else 'lost'} "
                             "the match.")
        assert "2 replays of the whole match, 1 game" in text and not summary.query(ProgressBar)
        assert "escape" in footer_keys(summary)  # Esc is back to the table again


async def test_esc_stops_the_replays_and_stays_on_the_summary(tmp_path):
    asked: list[int] = []

    def cheap(game_id: str, level: str):
        asked.append(1)
        return make_bot(game_id, "easy")

    async with on_summary(tmp_path, VS_BOTS) as (app, pilot, summary):
        summary.deal_bot_factory = cheap
        await choose(pilot, app, "hard", 100)
        await wait_for(pilot, lambda: bool(summary.query(ProgressBar)) and bool(asked))
        assert summary.deal_running and "d" not in footer_keys(summary)
        await press(pilot, "escape")
        assert app.screen is summary and not summary.deal_running and not summary.query(ProgressBar)
        await wait_for(pilot, lambda: not any(w.is_running for w in app.workers))
        assert summary.deal_result is None and len(asked) < 100 * 3  # it stopped before the end
        assert "stopped" in shown(summary)
        await press(pilot, "escape")  # now Esc goes back to the table, as before
        await wait_for(pilot, lambda: app.screen is not summary)


async def test_a_hot_seat_game_does_not_offer_it_and_d_says_why(tmp_path):
    async with on_summary(tmp_path, ("human:Ann", "human:Bix", "human:Cy")) as (app, pilot, summary):
        assert "d" not in footer_keys(summary)
        await press(pilot, "d")
        assert app.screen is summary and not summary.deal_running
        [note] = list(app._notifications)
        assert "needs a game against bots; every seat here was a person" in note.message


def test_the_result_in_words_in_the_games_unit():
    res = DealReplayResult(0, "hard", 3, 340.0, scores=[500.0, 530.0, 515.0, 515.0], match_over=False, choices=9)
    assert deal_replay_text(res, "Hand").splitlines() == [
        "Your deal, played by hard in your seat (4 replays of 3 hands, the same cards, the other seats as they were):",
        "You scored 340 points; hard scored 515 points on average (95% interval 496 to 534)."]
    nickels = DealReplayResult(1, "easy", 7, 61.0, scores=[40.0, 40.0], highest_wins=False, unit="penalty points",
                               match_over=True, you_won=0.5, wins=[1.0, 0.5], others=["human, played by medium@16it"])
    assert deal_replay_text(nickels, "Round").splitlines()[1:] == [
        "You scored 61 penalty points; easy scored 40 penalty points in every replay. Fewer is better.",
        "Every move in your seat was forced (one legal move each time), so easy could only play your game again.",
        "easy won 1.5 of the 2 replays; you shared the win of the match.",
        "Another person's seat was played by medium@16it, the bot of the table's hints."]


async def test_d_on_the_replay_screen_says_the_result_in_a_notification(tmp_path):
    from tui.screens.replay import ReplayScreen
    path = tmp_path / "nags.jsonl"
    logged_nags(path).close()
    app = nags_replay_app(path, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        await choose(pilot, app, "easy", 1)
        await wait_for(pilot, lambda: replay.deal_result is not None and not replay.deal_running)
        await press(pilot, "right")  # the replay is still live
        assert app.screen is replay and replay.index == 1 and not replay.query(ProgressBar)
        assert any("You scored" in n.message and "easy scored" in n.message for n in app._notifications)
