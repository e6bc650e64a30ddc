"""Teams in the contract: ``Game.teams``, ``State.team_of`` derived from it, and
match ends and winners decided on team totals (engine/match.py)."""

from __future__ import annotations

import pytest

from engine.core import Game
from engine.games import GAMES
from engine.match import match_over, match_winners, team_totals

PAIRS = [[0, 2], [1, 3]]


def test_partners_with_equal_totals_are_not_a_tie():
    # 4 seats in 2 partnerships; each seat holds its team's shared total.
    assert not match_over(1, [90, 80, 90, 80], None, 100, unique_leader=True, teams=PAIRS)
    # without teams the two partners 0 and 2 would count as tied leaders forever
    assert not match_over(2, [110, 80, 110, 80], None, 100, unique_leader=True)
    assert match_over(2, [110, 80, 110, 80], None, 100, unique_leader=True, teams=PAIRS)
    assert match_winners([110, 80, 110, 80], teams=PAIRS) == [0, 2]
    # two teams tied above the target: play on
    assert not match_over(3, [120, 120, 120, 120], None, 100, unique_leader=True, teams=PAIRS)
    assert match_winners([120, 120, 120, 120], teams=PAIRS) == [0, 1, 2, 3]
    assert match_winners([30, 10, 30, 10], highest_wins=False, teams=PAIRS) == [1, 3]


def test_team_totals_refuses_inconsistent_teams():
    assert team_totals([5, 7, 5, 7], PAIRS) == [5, 7]
    assert team_totals([5, 7], None) == [5, 7]
    with pytest.raises(ValueError, match="share one total"):
        team_totals([5, 7, 6, 7], PAIRS)
    with pytest.raises(ValueError, match="exactly once"):
        team_totals([5, 7, 5, 7], [[0, 2], [1]])
    with pytest.raises(ValueError, match="exactly once"):
        match_over(1, [5, 7, 5, 7], 1, None, teams=[[0, 1, 2, 3], [1]])


def _partnership_game():
    base = GAMES["noms"]

    class Pairs(base):  # a synthetic partnership: the real rules, teams 0+2 and 1+3
        @classmethod
        def teams(cls, n_seats, variant):
            return [[0, 2], [1, 3]]

    state_cls = type(base.new_state(base.variant_class(), 4))
    sub = type("PairsState", (state_cls,), {"game": Pairs, "__slots__": ()})  # the same layout
    return Pairs, sub


def test_team_of_derives_from_game_teams():
    for gid, game in GAMES.items():
        s = game.new_state(game.variant_class(), game.min_seats)
        assert game.teams(game.min_seats, s.variant) == [[i] for i in range(game.min_seats)]
        assert [s.team_of(i) for i in range(s.n_seats)] == list(range(s.n_seats)), gid
    Pairs, sub = _partnership_game()
    s = Pairs.new_state(Pairs.variant_class(), 4)
    s.__class__ = sub
    assert [s.team_of(i) for i in range(4)] == [0, 1, 0, 1]


def test_default_teams_are_singletons():
    assert Game.teams(3, None) == [[0], [1], [2]]


def test_summary_and_scoreboard_rows_group_partners():
    from rich.console import Console

    from tui.screens.summary import summary_table, team_rows

    names = ["Ann", "Ben", "Cy", "Dee"]
    assert team_rows(names, None) == [("Ann", 0), ("Ben", 1), ("Cy", 2), ("Dee", 3)]
    assert team_rows(names, [[0], [1], [2], [3]]) == team_rows(names, None)
    assert team_rows(names, PAIRS) == [("Ann & Cy", 0), ("Ben & Dee", 1)]
    console = Console(width=100, record=True)
    console.print(summary_table(names, [[60, 40, 60, 40], [50, 30, 50, 30]], [110, 70, 110, 70], [0, 2],
                                teams=PAIRS))
    text = console.export_text()
    assert "Ann & Cy  (winner)" in text and "Ben & Dee" in text and "Dee " not in text.replace("Ben & Dee", "")


async def test_match_scoreboard_shows_one_row_per_team():
    from rich.console import Console
    from textual.app import App

    from tui.widgets.cards import THEME_DEFAULTS
    from tui.widgets.scoreboard import MatchScoreboard

    class Board(MatchScoreboard):
        def update(self, content="", *, layout=True):
            self.drawn = content
            super().update(content, layout=layout)

    class BoardApp(App):
        def get_theme_variable_defaults(self):
            return dict(THEME_DEFAULTS)

        def compose(self):
            yield Board(id="scoreboard")

    app = BoardApp()
    async with app.run_test(size=(80, 20)) as pilot:
        board = app.query_one(Board)
        board.update_scores(["Ann", "Ben", "Cy", "Dee"], [[5, 3, 5, 3]], [5, 3, 5, 3], to_move=3, teams=PAIRS)
        console = Console(width=60, record=True)
        console.print(board.drawn)
        lines = [line for line in console.export_text().splitlines() if "&" in line]
        assert len(lines) == 2 and "Ann & Cy" in lines[0] and "Ben & Dee" in lines[1]
        assert "▶" in lines[1] and "▶" not in lines[0]  # Dee (team 1) is to move
        await pilot.pause(0)


def test_win_credit_gives_each_partner_the_team_share():
    """NG-54: a partnership wins together; a win shared by k teams counts 1/k (NA-21)."""
    from engine.match import win_credit
    assert win_credit([0, 2], 4, [[0, 2], [1, 3]]) == [1.0, 0.0, 1.0, 0.0]
    assert win_credit([0, 1, 2, 3], 4, [[0, 2], [1, 3]]) == [0.5, 0.5, 0.5, 0.5]
    assert win_credit([1, 2], 3) == [0.0, 0.5, 0.5]
    assert win_credit([], 2) == [0.0, 0.0]
