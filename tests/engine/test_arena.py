"""The duplicate arena (engine/arena.py) and ``cardtable arena`` (tui/cli.py).

This file is also CI's smoke arena: a few duplicate deals of easy against
random per game, checked for legality (zero illegal moves), sane statistics
and decision timings being recorded.
"""

from __future__ import annotations

import json
import random
import statistics
from collections import Counter

import pytest
from typer.testing import CliRunner

from engine.games import make_bot
from engine.cards import standard_deck
from engine.arena import DuplicateChance, play_deal, rotation_seats, run_arena, summarize
from engine.core import CHANCE
from engine.games import get_game
from engine.games.nags.game import Reveal
from engine.seats import SeatSpec
from tui.cli import app

pytestmark = pytest.mark.slow  # a slow family: the inner loop runs -m 'not slow'

EASY, RANDOM = SeatSpec("ai", "easy"), SeatSpec("ai", "random")

#: (game, seat specs) of the smoke arena: every game, easy against random.
SMOKE = [("nags", [EASY, RANDOM]), ("nags", [EASY, RANDOM, RANDOM, RANDOM]),
         ("spite_malice", [EASY, RANDOM]), ("noms", [EASY, RANDOM, RANDOM, RANDOM])]


@pytest.fixture(autouse=True)
def isolated_dirs(tmp_path, monkeypatch):
    """No test reads the user's config file."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))


def play_until_decision(game_id: str, n: int, seed: int, deal: int):
    """A fresh state advanced with DuplicateChance up to its first player decision."""
    game = get_game(game_id)
    state = game.new_state(game.variant_class(), n)
    chance = DuplicateChance(seed, deal)
    while state.to_move == CHANCE:
        state.apply(chance.sample(state))
    return state, chance


def play_with_draw_log(game_id: str, n: int, seed: int, deal: int, bot_seed: str):
    """Play one hand with random bots (seeded by ``bot_seed``), returning the cards
    taken from the stacked order during its first pass, in the order taken."""
    game = get_game(game_id)
    state = game.new_state(game.variant_class(), n)
    chance = DuplicateChance(seed, deal)
    rng = random.Random(bot_seed)
    for _ in range(100_000):
        if state.is_over:
            break
        if state.to_move == CHANCE:
            events = state.apply(chance.sample(state))
        else:
            legal = state.legal_actions()
            chance.decision_made()
            events = state.apply(legal[int(rng.random() * len(legal))])
        if any(e.kind == "hand_over" for e in events):
            break
    return [card for p, card in chance.taken if p == 0]


# -- duplicate chance ---------------------------------------------------------------------

@pytest.mark.parametrize("game_id,n", [("nags", 2), ("nags", 4), ("noms", 4), ("spite_malice", 2)])
def test_every_rotation_gets_the_same_deal(game_id, n):
    """Dealer, runners (NA-5), hands (NA-6, NO-6, SM-5) and first player are the
    same in every rotation of a deal, and differ between deals."""
    first, _ = play_until_decision(game_id, n, seed=11, deal=3)
    again, _ = play_until_decision(game_id, n, seed=11, deal=3)
    other, _ = play_until_decision(game_id, n, seed=11, deal=4)
    assert first.fingerprint() == again.fingerprint()
    assert first.fingerprint() != other.fingerprint()
    assert first.to_move == again.to_move
    assert [first.view(s) for s in range(n)] == [again.view(s) for s in range(n)]


@pytest.mark.parametrize("game_id,specs", SMOKE)
def test_play_deal_seats_the_rotated_bots_on_the_same_cards(game_id, specs):
    """Rotation r puts spec k at seat (k + r) mod n, and every rotation starts from the same dealt state."""
    rec = play_deal(game_id, None, specs, seed=5, deal=0)
    n = len(specs)
    assert len(rec.fingerprints) == n and len(set(rec.fingerprints)) == 1
    assert rotation_seats(4, 1) == [1, 2, 3, 0]
    assert sorted(rotation_seats(n, 2)) == list(range(n))
    assert len(rec.scores) == n and all(len(row) == n for row in rec.scores)


def test_spec_k_sees_seat_k_plus_r_hand():
    """The bot of spec k in rotation r is handed the view of seat (k + r) mod n."""
    seen: dict[tuple[int, int], tuple] = {}

    class Recorder:
        level = "random"

        def __init__(self) -> None:
            self.first: tuple | None = None

        def choose(self, view, legal, rng):
            if self.first is None:
                self.first = (view.seat, view.hand)
            return legal[0]

    made: list[Recorder] = []

    def factory(game_id, level):
        made.append(Recorder())
        return made[-1]

    play_deal("noms", None, [RANDOM] * 4, seed=2, deal=1, bot_factory=factory, hands=1)
    for i, bot in enumerate(made):  # four bots per rotation, spec order
        r, k = divmod(i, 4)
        seat, hand = bot.first
        assert seat == (k + r) % 4
        seen[(r, seat)] = hand
    for seat in range(4):  # every rotation deals the same 13 cards to the same seat (NO-6)
        assert len({seen[(r, seat)] for r in range(4)}) == 1


@pytest.mark.parametrize("game_id,n", [("nags", 2), ("nags", 3), ("spite_malice", 2)])
def test_draw_pile_is_stacked_the_same_for_every_rotation(game_id, n):
    """Cards turned (NA-11) or drawn (SM-7, SM-11) come off the stacked order in the
    same sequence, whoever plays: two different plays of a deal agree on every
    card drawn until the shorter one stops (or the pile is recycled, SM-14)."""
    agreed = 0
    for deal in range(3):
        a = play_with_draw_log(game_id, n, seed=8, deal=deal, bot_seed="a")
        b = play_with_draw_log(game_id, n, seed=8, deal=deal, bot_seed="b")
        k = min(len(a), len(b))
        assert a[:k] == b[:k]
        agreed += k
    assert agreed >= 20  # the sequences are long enough for the comparison to mean something


def test_take_is_a_uniform_draw_from_the_pool():
    """The first pool card of the shuffled order is uniform over the pool, and a
    take returns cards of the pool only (faces may repeat, SM-3 two decks)."""
    deck = standard_deck()
    pool = deck[10:20]
    counts = Counter(DuplicateChance(1, d).take(pool, 1, deck)[0] for d in range(2000))
    assert set(counts) == set(pool)
    assert all(140 <= c <= 260 for c in counts.values()), counts  # expected 200 each
    double = deck + deck
    pool2 = [deck[0], deck[0], deck[1]]
    got = DuplicateChance(1, 0).take(pool2, 3, double)
    assert Counter(got) == Counter(pool2)


def test_take_starts_a_new_pass_when_cards_come_back():
    """A pool that gained cards since the pass began is served by a fresh order (SM-14, NA-15)."""
    deck = standard_deck()
    ch = DuplicateChance(4, 0)
    pool = list(deck)
    first = ch.take(pool, 5, deck)
    pool = [c for c in pool if c not in first]
    ch.take(pool, 1, deck)
    assert ch.passes == 1
    ch.take(pool + first[:1], 1, deck)  # a drawn card is back in the pool
    assert ch.passes == 2


# -- the smoke arena (CI) -------------------------------------------------------------------

@pytest.mark.parametrize("game_id,specs", SMOKE)
def test_smoke_arena_easy_against_random(game_id, specs):
    res = run_arena(game_id, None, specs, deals=3, seed=2024)
    n = len(specs)
    assert res.illegal_moves == 0
    assert res.chance["prefix"] > 0
    assert [s.spec for s in res.seats] == ["ai:easy", "ai:random"]
    easy, rnd = res.seats
    assert (easy.seats, rnd.seats) == (1, n - 1)
    assert easy.games + rnd.games == 3 * n * n  # deals x rotations x seats
    assert easy.wins + rnd.wins == pytest.approx(3 * n)  # one win (maybe shared) per game
    for s in res.seats:
        lo, hi = s.win_rate_ci
        assert 0 <= lo <= s.win_rate <= hi <= 1
        ms = s.decision_ms
        assert ms["count"] > 0 and 0 <= ms["median"] <= ms["p99"] <= ms["max"]
        assert s.paired_diff_ci[0] <= s.paired_diff <= s.paired_diff_ci[1]
    assert (easy.baseline, rnd.baseline) == ("ai:random", "ai:easy")
    assert easy.paired_diff == pytest.approx(-rnd.paired_diff)
    # the mean scores agree with the records they summarise
    all_easy = [rec.scores[r][0] for rec in res.records for r in range(n)]
    assert easy.mean_score == pytest.approx(statistics.fmean(all_easy))


def test_paired_difference_is_per_deal_and_same_seat():
    """paired_diff is the mean over deals of (spec's mean score - baseline's mean score) in that deal."""
    specs = [EASY, RANDOM, RANDOM, RANDOM]
    recs = [play_deal("nags", None, specs, seed=9, deal=d) for d in range(4)]
    res = summarize("nags", None, specs, 9, recs)
    diffs = [statistics.fmean([rec.scores[r][0] for r in range(4)])
             - statistics.fmean([rec.scores[r][k] for r in range(4) for k in (1, 2, 3)]) for rec in recs]
    assert res.seats[0].paired_diff == pytest.approx(statistics.fmean(diffs))
    half = 1.96 * statistics.stdev(diffs) / 2
    mean = statistics.fmean(diffs)
    assert res.seats[0].paired_diff_ci == pytest.approx([mean - half, mean + half])


def test_partners_shared_result_counts_once_in_the_interval():
    """Partners (Nogginate 4 seats: seats 0+2 and 1+3) get one team result: the win rate's
    Wilson interval is over results (deals x rotations per team), not seat-games, which would
    count each result twice and narrow the interval."""
    from engine.arena import DealRecord
    from engine.games.nogginate.game import NogginateVariant
    from engine.sim import wilson_interval
    specs = [EASY, RANDOM, EASY, RANDOM]
    rng = random.Random(5)
    recs = []
    for d in range(30):
        wins, scores = [], []
        for r in range(4):
            w = rng.random() < 0.6  # the easy team wins
            wins.append([1.0, 0.0, 1.0, 0.0] if w else [0.0, 1.0, 0.0, 1.0])
            scores.append([10.0, 0.0, 10.0, 0.0] if w else [0.0, 10.0, 0.0, 10.0])
        recs.append(DealRecord(d, scores, wins, [[], [], [], []], 0, [0, 0, 0]))
    res = summarize("nogginate", NogginateVariant(), specs, 1, recs)
    easy = res.seats[0]
    team_wins = sum(rec.wins[r][0] for rec in recs for r in range(4))
    assert easy.games == 240 and easy.results == 120 and easy.team_wins == team_wins
    assert easy.win_rate == pytest.approx(team_wins / 120) == pytest.approx(easy.wins / easy.games)
    assert easy.win_rate_ci == pytest.approx(list(wilson_interval(team_wins, 120)))
    assert easy.win_rate_ci != pytest.approx(list(wilson_interval(easy.wins, 240)))
    # without partnerships a result is a seat-game
    solo = summarize("nags", None, specs, 1, recs).seats[0]
    assert solo.results == solo.games == 240


def test_one_distinct_spec_has_no_baseline():
    res = run_arena("nags", None, [RANDOM, RANDOM], deals=2, seed=1)
    assert len(res.seats) == 1 and res.seats[0].baseline is None and res.seats[0].paired_diff is None
    assert res.seats[0].wins == pytest.approx(4)


def test_jobs_2_gives_the_same_result_as_jobs_1():
    specs = [EASY, RANDOM]

    def strip(doc):
        for s in doc["seats"]:
            s.pop("decision_ms")
        return doc

    one = run_arena("spite_malice", None, specs, deals=5, seed=77, jobs=1)
    two = run_arena("spite_malice", None, specs, deals=5, seed=77, jobs=2)
    assert strip(one.as_dict()) == strip(two.as_dict())
    assert [r.scores for r in one.records] == [r.scores for r in two.records]
    assert [s.decision_ms["count"] for s in one.seats] == [s.decision_ms["count"] for s in two.seats]
    other = run_arena("spite_malice", None, specs, deals=5, seed=78, jobs=1)
    assert [r.scores for r in other.records] != [r.scores for r in one.records]


# -- illegal moves ---------------------------------------------------------------------------

class Cheat:
    """A bot that answers with an action of another phase (never legal in play), or crashes."""

    level = "cheat"

    def __init__(self, crash: bool = False) -> None:
        self.crash = crash
        self.calls = 0

    def choose(self, view, legal, rng):
        self.calls += 1
        if self.crash:
            raise RuntimeError("bot bug")
        return Reveal(legal[0].cards[0]) if hasattr(legal[0], "cards") and legal[0].cards else "nonsense"


@pytest.mark.parametrize("crash", [False, True])
def test_an_illegal_bot_is_counted_and_the_game_goes_on(crash):
    cheats: list[Cheat] = []

    def factory(game_id, level):
        if level == "cheat":
            cheats.append(Cheat(crash))
            return cheats[-1]
        return make_bot(game_id, level)

    rec = play_deal("nags", None, [SeatSpec("ai", "cheat"), RANDOM], seed=3, deal=0, bot_factory=factory)
    assert rec.illegal == sum(c.calls for c in cheats) > 0
    assert len(rec.times[0]) == rec.illegal  # every cheat decision was timed and replaced
    assert len(rec.scores) == 2  # both rotations finished


# -- JSON and the command line ----------------------------------------------------------------

def test_cli_arena_prints_the_table_and_writes_the_json(tmp_path):
    out = tmp_path / "arena.json"
    result = CliRunner().invoke(app, ["arena", "nags", "--seat", "ai:easy", "--seat", "ai:random",
                                      "--deals", "3", "--seed", "12", "--json", str(out)])
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    assert "ai:easy" in result.output and "paired diff" in result.output and "illegal moves: 0" in result.output
    doc = json.loads(out.read_text())
    assert {"game", "deals", "illegal_moves", "seats"} <= set(doc)
    assert (doc["game"], doc["deals"], doc["illegal_moves"]) == ("nags", 3, 0)
    assert len(doc["seats"]) == 2
    for s in doc["seats"]:
        assert {"spec", "games", "wins", "win_rate", "win_rate_ci", "mean_score", "paired_diff",
                "paired_diff_ci", "decision_ms"} <= set(s)
        assert len(s["win_rate_ci"]) == 2 and len(s["paired_diff_ci"]) == 2
        assert {"median", "p99", "max"} <= set(s["decision_ms"])
        assert s["games"] == 6
    expected = run_arena("nags", None, [EASY, RANDOM], 3, 12).as_dict()
    assert [s["wins"] for s in doc["seats"]] == [s["wins"] for s in expected["seats"]]
    assert [s["paired_diff"] for s in doc["seats"]] == [s["paired_diff"] for s in expected["seats"]]


def test_cli_arena_help():
    result = CliRunner().invoke(app, ["arena", "--help"])
    assert result.exit_code == 0
    for option in ("--seat", "--deals", "--seed", "--jobs", "--json"):
        assert option in result.output
    assert "arena" in CliRunner().invoke(app, ["--help"]).output


@pytest.mark.parametrize("argv,code,fragment", [
    (["nags", "--seat", "ai:easy", "--seat", "human"], 1, "seat 1 is a human"),
    (["nags", "--seat", "ai:easy", "--seat", "ai:expert"], 1, "no 'expert' bot for Nags"),
    (["noms", "--seat", "ai:easy", "--seat", "ai:random"], 1, "needs 4 seats, not 2"),
    (["poker", "--seat", "ai:easy", "--seat", "ai:random"], 2, "unknown game"),
    (["nags", "--seat", "ai", "--seat", "ai:random"], 1, "bad seat 'ai'"),
])
def test_cli_arena_errors_are_one_sentence(argv, code, fragment):
    result = CliRunner().invoke(app, ["arena"] + argv + ["--deals", "1"])
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("cardtable: ") and fragment in lines[0], result.output


def test_cli_arena_refuses_a_json_file_in_a_missing_folder(tmp_path):
    result = CliRunner().invoke(app, ["arena", "nags", "--seat", "ai:easy", "--seat", "ai:random", "--deals", "1",
                                      "--json", str(tmp_path / "no" / "such" / "x.json")])
    assert result.exit_code == 1 and "does not exist" in result.output and "Traceback" not in result.output


def test_cli_arena_rejects_zero_deals_and_jobs():
    for opt in ("--deals", "--jobs"):
        result = CliRunner().invoke(app, ["arena", "nags", "--seat", "ai:easy", "--seat", "ai:random", opt, "0"])
        assert result.exit_code == 2 and "Traceback" not in result.output


# -- whole games and --hands ------------------------------------------------------------------

def test_a_deal_is_a_whole_game_unless_hands_is_given():
    """Noms: a deal plays the game to 101 (NO-22) by default; ``hands=1`` stops
    after the first hand and counts that hand's scores."""
    specs = [EASY, RANDOM, RANDOM, RANDOM]
    whole = play_deal("noms", None, specs, seed=5, deal=0)
    assert all(max(scores) >= 101 for scores in whole.scores)
    one = play_deal("noms", None, specs, seed=5, deal=0, hands=1)
    assert all(max(scores) < 101 for scores in one.scores)
    assert one.fingerprints == whole.fingerprints  # the same deal...
    assert len(one.times[0]) < len(whole.times[0])  # ...of which one hand is played
    res = run_arena("noms", None, specs, deals=1, seed=5, hands=1)
    assert res.as_dict()["hands"] == 1 and run_arena("noms", None, specs, 1, 5).as_dict()["hands"] is None


def test_cli_arena_hands_option():
    result = CliRunner().invoke(app, ["arena", "noms", "-s", "ai:easy", "-s", "ai:random", "-s", "ai:random",
                                      "-s", "ai:random", "--deals", "1", "--seed", "3", "--hands", "2"])
    assert result.exit_code == 0, result.output
    assert "first 2 hand(s) of each game" in result.output and "x fair share" in result.output
    bad = CliRunner().invoke(app, ["arena", "nags", "-s", "ai:easy", "-s", "ai:easy@3", "--deals", "1"])
    assert bad.exit_code == 1 and "only medium and hard take a search budget" in bad.output


def test_a_partial_nickels_run_credits_the_fewest_penalty_points():
    """NK-22 with ``hands``: a Nickels round is won by the fewest penalty points, so the
    first round's win credit goes to the lowest scores (it went to the highest)."""
    specs = [EASY, RANDOM, RANDOM]
    one = play_deal("nickels", None, specs, seed=3, deal=0, hands=1)
    for scores, wins in zip(one.scores, one.wins):
        low = min(scores)
        assert [k for k, w in enumerate(wins) if w > 0] == [k for k, s in enumerate(scores) if s == low]
        assert max(scores) > low  # the rotation tells lowest from highest
