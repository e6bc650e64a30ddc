"""SVG snapshots of the table layouts of Nags, Noms and Spite & Malice (fixed seed, pace 0) at
160x50, 120x36 and 80x24 (issue 11: big cards where they fit, one-line cards and a folded
side column on small terminals).

Regenerate after a deliberate layout change with
``pytest tests/tui/test_tui_snapshot.py --snapshot-update`` and look at the SVG."""

from __future__ import annotations


import pytest


from tui_support import TableApp, until_human_turn


class SnapshotApp(TableApp):
    """A game's table screen alone (``game`` last: the older snapshot tests name only seats and seed)."""

    def __init__(self, seats: list[str], seed: int, rules: dict | None = None, game: str = "nags") -> None:
        super().__init__(game, seats, seed, rules)


async def _until_human_turn(pilot) -> None:
    await until_human_turn(pilot, pauses=1)


async def _until_settled(pilot) -> None:
    """Your turn, then idle pauses until the screen stops changing (the game log scrolls to its
    end with an animation; one pause caught it half-way now and then under load)."""
    await until_human_turn(pilot, pauses=1)
    from tui.widgets.gamelog import GameLog
    for log in pilot.app.screen.query(GameLog):
        log.scroll_end(animate=False)  # RichLog's auto-scroll is smooth: settle it now
    previous = None
    for _ in range(20):
        await pilot.wait_for_scheduled_animations()  # the game log scrolls to its end smoothly
        await pilot.pause(0.05)
        shot = pilot.app.export_screenshot()
        if shot == previous:
            return
        previous = shot


#: The snapshot sizes besides 160x50 (the tests above keep their names and their 160x50 files).
SMALLER = [(120, 36), (80, 24)]


def test_table_layout(snap_compare):
    """Your turn after the bots' opening plays: runners, piles, hand, scores, log, status, footer."""
    app = SnapshotApp(["human", "ai:random", "ai:random"], seed=7)

    async def run_before(pilot) -> None:
        await _until_human_turn(pilot)
        await pilot.press("right", "space")  # cursor and a raised, selected card

    assert snap_compare(app, terminal_size=(160, 50), run_before=run_before)


def test_noms_table_layout(snap_compare):
    """Noms: your first call in the auction (bid keys and buttons, the table, hand, scores toward 101)."""
    app = SnapshotApp(["human", "ai:random", "ai:random", "ai:random"], seed=3, game="noms")

    async def run_before(pilot) -> None:
        await _until_human_turn(pilot)

    assert snap_compare(app, terminal_size=(160, 50), run_before=run_before)


def test_spite_malice_board_layout(snap_compare):
    """Spite & Malice: your first turn, with a hand card picked (its legal play decks marked)."""
    app = SnapshotApp(["human", "ai:random"], seed=4, rules={"game_type": "SNM_A_SHORT"}, game="spite_malice")

    async def run_before(pilot) -> None:
        await _until_human_turn(pilot)
        await pilot.press("1")

    assert snap_compare(app, terminal_size=(160, 50), run_before=run_before)


@pytest.mark.parametrize("size", SMALLER, ids=lambda s: f"{s[0]}x{s[1]}")
def test_table_layout_smaller(snap_compare, size):
    """Nags on a smaller terminal: all four runners and all nine hand cards (one-line at 80x24)."""
    app = SnapshotApp(["human", "ai:random", "ai:random"], seed=7)

    async def run_before(pilot) -> None:
        await _until_human_turn(pilot)
        await pilot.press("right", "space")

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SMALLER, ids=lambda s: f"{s[0]}x{s[1]}")
def test_noms_table_layout_smaller(snap_compare, size):
    """Noms on a smaller terminal: the whole call bar, the four seats, the 13-card hand."""
    app = SnapshotApp(["human", "ai:random", "ai:random", "ai:random"], seed=3, game="noms")

    async def run_before(pilot) -> None:
        await _until_human_turn(pilot)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SMALLER, ids=lambda s: f"{s[0]}x{s[1]}")
def test_spite_malice_board_layout_smaller(snap_compare, size):
    """Spite & Malice on a smaller terminal: every deck and the whole hand, rows compact as needed."""
    app = SnapshotApp(["human", "ai:random"], seed=4, rules={"game_type": "SNM_A_SHORT"}, game="spite_malice")

    async def run_before(pilot) -> None:
        await _until_human_turn(pilot)
        await pilot.press("1")

    assert snap_compare(app, terminal_size=size, run_before=run_before)


def test_nickels_table_layout(snap_compare):
    """Nickels: the contract and piles, players and melds, the claim offer's decision bar, the hand, the score sheet."""
    app = SnapshotApp(["human", "ai:random", "ai:random", "ai:random"], seed=3, game="nickels")

    async def run_before(pilot) -> None:
        await _until_human_turn(pilot)

    assert snap_compare(app, terminal_size=(160, 50), run_before=run_before)


@pytest.mark.parametrize("size", [(100, 30), (80, 24)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_nickels_table_layout_smaller(snap_compare, size):
    """Nickels on a smaller terminal: one-line cards, the four players' rows, the prompt and the keys."""
    app = SnapshotApp(["human", "ai:random", "ai:random", "ai:random"], seed=3, game="nickels")

    async def run_before(pilot) -> None:
        await _until_human_turn(pilot)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


def test_nogginate_table_layout(snap_compare):
    """Nogginate: the round, stock and discard pile; the teams with their melds, scores and minimum; the hand
    in Nogginate's palette; the scores per team."""
    app = SnapshotApp(["human", "ai:random", "ai:random", "ai:random"], seed=3, game="nogginate")

    async def run_before(pilot) -> None:
        await _until_settled(pilot)

    assert snap_compare(app, terminal_size=(160, 50), run_before=run_before)


@pytest.mark.parametrize("size", SMALLER, ids=lambda s: f"{s[0]}x{s[1]}")
def test_nogginate_table_layout_smaller(snap_compare, size):
    """Nogginate on a smaller terminal: one-line cards, the two teams' rows, the prompt and the keys."""
    app = SnapshotApp(["human", "ai:random", "ai:random", "ai:random"], seed=3, game="nogginate")

    async def run_before(pilot) -> None:
        await _until_settled(pilot)

    assert snap_compare(app, terminal_size=size, run_before=run_before)


def _cheat_table(pilot) -> None:
    """A table with cheat cards in play (constructed on top of the seed's deal): cheat cards in the
    hand, the dead pile, a Hands Off meld and a Jokernate, and what the partner showed and told."""
    from engine.games.nogginate.cards import NOGGINATE
    from engine.games.nogginate.cheats import Tell
    from engine.games.nogginate.melds import JOKERNATE, NOGGI, TableMeld

    st = pilot.app.session.state
    cards = NOGGINATE.parse_cards
    st.hands[0] = sorted(st.hands[0][:11] + cards("STL SHW TEL CMB"), key=lambda c: c.order)
    st.cheat_discards.extend(cards("RES HOF"))
    for c in cards("STL SHW TEL CMB RES HOF"):
        st.cheat_stock.remove(c)
    st.melds.append(TableMeld(st.next_id, 1, NOGGI, tuple(cards("2S 3S 4S 5S")), False, 1))
    st.melds.append(TableMeld(st.next_id + 1, 0, JOKERNATE, tuple(cards("JK JK JK")), False))
    st.next_id += 2
    st.hands[2].append(cards("7H")[0])
    st.shown[2].append(cards("7H")[0])
    st.tells.append((2, Tell("pile")))
    pilot.app.table.redraw()


@pytest.mark.parametrize("size", SMALLER, ids=lambda s: f"{s[0]}x{s[1]}")
def test_nogginate_cheat_cards_layout(snap_compare, size):
    """Nogginate with cheat cards: the cheat stock and dead pile under the custom ones, the draw keys 1 / 2 in
    the prompt, cheat faces in the hand, Hands Off and a Jokernate on the melds, the partner's Show and Tell."""
    app = SnapshotApp(["human", "ai:random", "ai:random", "ai:random"], seed=3, rules={"use_cheat_cards": True},
                      game="nogginate")

    async def run_before(pilot) -> None:
        await _until_settled(pilot)
        _cheat_table(pilot)
        await _until_settled(pilot)

    assert snap_compare(app, terminal_size=size, run_before=run_before)
