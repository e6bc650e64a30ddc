"""Issue 11 part 4, results a player can read: each finished hand's breakdown
comes from the engine's ``hand_over`` data (Nags NA-18/NA-19 play-out and horse
points, Spite & Malice SM-17 cards left in the loser's stock, Noms NO-19..NO-21
contracts), is worded by the game's UI module and shown in the end-of-match
summary; the generic result panel (:class:`HandResultScreen`) waits for a key."""

from __future__ import annotations

import pytest
from textual.app import App

from engine.session import Session
from tui.games.nags.table import NagsTableScreen
from tui.games.nags.ui import game_breakdown
from tui.games.noms.table import NomsTableScreen
from tui.games.noms.ui import hand_breakdown
from tui.games.spite_malice.table import SpiteMaliceTableScreen
from tui.games.spite_malice.ui import game_breakdown as snm_breakdown
from tui.screens.hand_result import CONTINUE_TEXT, HandResultScreen
from tui.screens.summary import SummaryScreen
from tui_support import ScreenTestApp, press, wait_for


def hand_overs(game: str, seats: list[str], rules: dict | None, seed: int) -> tuple[Session, list[dict]]:
    """Play a bots-only match headless; the ``hand_over`` data of every hand."""
    s = Session(game, rules, seats, seed=seed, write_log=False)
    out = [e.data for e in s.advance() if e.kind == "hand_over"]
    while not s.is_over:
        out += [e.data for e in s.act(s.bot_choose()) if e.kind == "hand_over"]
    return s, out


def test_nags_breakdown_is_play_out_plus_horse_points():
    """NA-20: a game's points are the play-out points (NA-18) plus horse points (NA-19, NA-25)."""
    s, datas = hand_overs("nags", ["ai:easy"] * 3, {"match_games": 3}, seed=4)
    assert len(datas) == 3
    for d in datas:
        for seat in range(3):
            assert d["playout_points"][seat] + d["horse_points"][seat] == pytest.approx(d["scores"][seat])
        line = game_breakdown(d, s.names)
        if d["blocked"]:
            assert line.startswith("blocked: no play-out points (NA-16)")
            assert not any(d["playout_points"])
        else:
            out = d["played_out"]
            assert line.startswith(f"{s.names[out]} played out: +")
            assert d["playout_points"][out] >= 5  # 5 + 1 per card left (NA-18)
        horses = line.split(" · ")[1]
        assert horses == "no horse points" or horses.startswith("horse points: ")
        for name, h in zip(s.names, d["horse_points"]):
            assert (f"{name} " in horses) == bool(h)


def test_spite_malice_breakdown_says_the_score_is_the_losers_stock():
    """SM-17: the winner scores the cards left in the loser's stock; a tie scores nothing."""
    seen_win = False
    for seed in range(1, 8):
        s, datas = hand_overs("spite_malice", ["ai:easy", "ai:easy"], {"game_type": "SNM_A_SHORT"}, seed=seed)
        for d in datas:
            line = snm_breakdown(d, s.names)
            w = d["winner"]
            if w is None:
                assert d["scores"] == [0.0, 0.0] and line.startswith("a tie (") and "nobody scores" in line
                assert "{seat}" not in line
            else:
                seen_win = True
                left = d["stock_left"][1 - w]
                assert d["scores"][w] == left and d["stock_left"][w] == 0
                assert (f"{s.names[w]} won: {s.names[1 - w]} had {left} card" in line
                        and f"left in the stock, so {s.names[w]} scores {left} (SM-17)" in line)
    assert seen_win


def test_spite_malice_tie_wording():
    line = snm_breakdown({"winner": None, "stock_left": [4, 5], "reason": "2000 turns played: the game ends "
                                                                          "as a tie (SM-16)"}, ["You", "Bix"])
    assert line == "a tie (2000 turns played: the game ends as a tie (SM-16)): nobody scores"


def test_noms_breakdown_names_each_hands_contract():
    """NO-19..NO-21: the contract, the partner, made or failed and the side's tricks, per hand."""
    s, datas = hand_overs("noms", ["ai:easy"] * 4, {"target": 30}, seed=2)
    assert datas
    for d in datas:
        line = hand_breakdown(d, s.names, ascii_only=True)
        if d["contract"] is None:
            assert line.startswith("all passed")
            continue
        who = s.names[d["declarer"]]
        assert line.startswith(f"{who} {d['contract_name']}")
        assert ("made" if d["made"] else "failed") in line
        if str(d["contract"]).isdigit():
            side = d["tricks_won"][d["declarer"]] + (d["tricks_won"][d["partner"]] if d["partner"] is not None
                                                      else 0)
            assert f"with {side} of {d['contract']} tricks" in line
            assert (f"with {s.names[d['partner']]}" if d["partner"] is not None else " alone") in line


@pytest.mark.parametrize("screen,game,rules,seats,seed,word", [
    (NagsTableScreen, "nags", {"match_games": 2}, 3, 7, "Game"),
    (SpiteMaliceTableScreen, "spite_malice", {"game_type": "SNM_A_SHORT", "match_to": 5}, 2, 6, "Game"),
    (NomsTableScreen, "noms", {"target": 20}, 4, 7, "Hand"),
])
async def test_summary_shows_the_breakdown_from_the_events(screen, game, rules, seats, seed, word):
    """The end-of-match summary lists how each hand was scored, from the table's hand_over data."""

    class BotsApp(ScreenTestApp):
        SCREEN = screen

    session = Session(game, rules, ["ai:easy"] * seats, seed=seed, write_log=False)
    app = BotsApp(session)
    async with app.run_test(size=(160, 50)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SummaryScreen), limit=300)
        summary = app.screen
        assert isinstance(summary, SummaryScreen)
        table = app.table
        assert len(summary.breakdown) == len(table.hand_results) >= 2
        for h, line in enumerate(summary.breakdown):
            assert line == f"{word} {h + 1}: " + table.hand_breakdown(table.hand_results[h], session.names)
        shown = str(summary.query_one("#summary-breakdown-text").render())
        assert summary.breakdown[0] in shown


class PanelApp(App):
    def __init__(self) -> None:
        super().__init__()
        self.closed: list[object] = []

    def on_mount(self) -> None:
        self.push_screen(HandResultScreen("Hand 1 over", ["line one", "line two"]), self.closed.append)


async def test_result_panel_closes_on_any_key():
    app = PanelApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        panel = app.screen
        assert isinstance(panel, HandResultScreen)
        assert panel.body_text() == f"Hand 1 over\nline one\nline two\n{CONTINUE_TEXT}"
        await press(pilot, "q")
        await wait_for(pilot, lambda: not isinstance(app.screen, HandResultScreen))
        assert app.closed == [None]


# -- issue 24: where every point came from (the engine's Game.round_breakdown) ------------------------

from engine.games import get_game  # noqa: E402
from tui.screens.hand_result import SCROLL_TEXT, plain_text, sheet_table  # noqa: E402
from tui_support import SessionApp  # noqa: E402


def _rows(groups) -> list[tuple[str, str]]:
    """Each item's rule and signed points as the panel writes them (cards of one seat on one row)."""
    out = []
    for g in groups:
        cards = [i for i in g.items if i.kind == "card"]
        rest = [i for i in g.items if i.kind != "card"]
        if cards:
            total = sum(i.points for i in cards)
            out.append((cards[0].rule, f"+{total:g}" if total > 0 else f"{total:g}"))
        out += [(i.rule, f"+{i.points:g}" if i.points > 0 else f"{i.points:g}") for i in rest]
    return out


@pytest.mark.parametrize("game,rules,seats", [
    ("nickels", {}, 4),
    ("nogginate", {"fixed_rounds": 2}, 4),
    ("nogginate", {"fixed_rounds": 2, "use_cheat_cards": True}, 3),
])
@pytest.mark.parametrize("size", [(80, 24), (120, 36)])
async def test_rummy_results_say_where_every_point_came_from(game, rules, seats, size):
    """NK-21 / NG-46..NG-52: after a bots' match the summary has each round's breakdown (each team
    once), the sheet by source sums to the match totals, and each round's result panel lists every
    item with its points and rule; at 80x24 a panel taller than the screen says how to scroll."""
    session, _datas = hand_overs(game, ["ai:easy"] * seats, rules, seed=5)  # played headless: the table opens
    app = SessionApp(session)  # on the finished match (its hands' results rebuilt from the history)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SummaryScreen))
        summary = app.screen
        assert isinstance(summary, SummaryScreen)
        table = app.table
        hands = sorted(table.hand_results)
        assert len(summary.breakdowns) == len(hands) == (7 if game == "nickels" else 2)
        teams = get_game(game).teams(seats, session.variant)
        for h, groups in zip(hands, summary.breakdowns):
            data = table.hand_results[h]
            assert [list(g.seats) for g in groups] == [list(t) for t in teams]  # each team once
            assert all(data["scores"][s] == g.total for g in groups for s in g.seats)
        sums = {g.seats: 0.0 for g in summary.breakdowns[0]}
        for groups in summary.breakdowns:
            for g in groups:
                sums[g.seats] += g.total
        assert all(session.scores()[seats_[0]] == total for seats_, total in sums.items())
        assert summary.query_one("#summary-sheet") and len(summary.query(".summary-hand")) == len(hands)
        sheet = plain_text(sheet_table(summary.breakdowns, session.names), 200)
        assert "Where the points came from" in sheet
        for label, total in ((" & ".join(session.names[s] for s in t), session.scores()[t[0]]) for t in teams):
            assert any(line.startswith(f"│ {label} ") and line.rstrip(" │").endswith(f" {total:g}")
                       for line in sheet.splitlines()), (label, total, sheet)

        data = table.hand_results[hands[0]]
        panel = HandResultScreen("Round 1 over", table.hand_result_lines(data, []))
        app.push_screen(panel)
        await wait_for(pilot, lambda: app.screen is panel)
        await pilot.pause()
        text = panel.body_text(width=size[0] - 6)
        for rule, points in _rows(summary.breakdowns[0]):
            assert any(rule in line and points in line for line in text.splitlines()), (rule, points, text)
        scroll = panel.query_one("#result-scroll")
        tall = scroll.max_scroll_y > 0
        assert str(panel.query_one("#result-continue").render()) == (SCROLL_TEXT if tall else CONTINUE_TEXT)
        if tall:
            await press(pilot, "pagedown")
            assert app.screen is panel and scroll.scroll_y > 0
        await press(pilot, "x")
        await wait_for(pilot, lambda: app.screen is not panel)


def test_points_lines_name_each_partnership_once():
    """Nogginate (partnerships): "Points this round: Me & Cy 1640, Bix & Ada 380", not each seat
    (seen in the 2026-11-27 play-through); without teams, every seat as before."""
    from tui.screens.hand_result import points_lines
    names = ["Me", "Bix", "Cy", "Ada"]
    data = {"scores": [1640, 380, 1640, 380], "totals": [1640, 380, 1640, 380]}
    lines = points_lines(data, names, "Round", teams=[(0, 2), (1, 3)])
    assert lines == ["Points this round: Me & Cy 1640, Bix & Ada 380", "Match totals: Me & Cy 1640, Bix & Ada 380"]
    assert points_lines(data, names, "Round")[0] == "Points this round: Me 1640, Bix 380, Cy 1640, Ada 380"
