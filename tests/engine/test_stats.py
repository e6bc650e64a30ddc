"""The player's statistics from a logs folder (engine/stats.py) and ``cardtable stats``.

The folder holds real logs: matches played through Session with a human seat
(moved by an easy bot), one of them with an undo, one stopped part way, two
bot-only simulation logs and three broken files. Expected outcomes come from a
full replay of each log (:func:`replayed_winners`), not from the quick reader
under test.
"""

from __future__ import annotations

import json
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from typer.testing import CliRunner

from engine.seats import SeatSpec
from engine.sim import run_sim, wilson_interval
from engine.stats import (LOST, NO_BOTS, SHARED, UNFINISHED, WON, CorruptLog, GameRecord, compute_stats,
                          read_record, results_over_time, scan_logs, streaks)
from tests.stats_support import play_log, replayed_winners
from tui.cli import app

#: Nags matches of the player against two easy bots, in the folder's (name) order; seed 3 uses undo.
NAGS_SEEDS = [1, 2, 3, 4, 5, 6, 7, 8]


@pytest.fixture(autouse=True)
def isolated_dirs(tmp_path, monkeypatch):
    """No test reads the user's config file or log folder."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("logs")
    for i, seed in enumerate(NAGS_SEEDS):
        play_log(d / f"nags-{i:02d}.jsonl", seed=seed, undo=seed == 3)
    play_log(d / "nags-50-random.jsonl", seats=["human:Ann", "ai:random", "ai:random"], seed=11)
    play_log(d / "nags-51-mixed.jsonl", seats=["ai:random", "human:Ann", "ai:easy"], seed=12)
    play_log(d / "spite_malice-60.jsonl", "spite_malice", ["human", "ai:easy"], seed=4)
    play_log(d / "nags-99-unfinished.jsonl", seed=21, stop_after=12)
    run_sim("nags", None, [SeatSpec("ai", "easy")] * 3, 2, 9, log_dir=d)  # game-00000.jsonl, game-00001.jsonl
    (d / "garbage.jsonl").write_text("this is not a log\n")
    header = json.loads((d / "nags-00.jsonl").read_text().splitlines()[0])
    (d / "chess.jsonl").write_text(json.dumps({**header, "game": "chess"}) + "\n")
    lines = (d / "nags-01.jsonl").read_text().splitlines()
    result = json.loads(lines[-1])
    (d / "nags-bad-result.jsonl").write_text("\n".join(lines[:-1] + [json.dumps({**result, "winners": [7]})]) + "\n")
    (d / "notes.txt").write_text("not a log: no .jsonl suffix\n")
    return d


def expected_outcome(path: Path, humans: set[int]) -> str:
    winners = replayed_winners(path)
    share = sum(1 for w in winners if w in humans) / len(winners)
    return WON if share == 1 else LOST if share == 0 else SHARED


# -- reading one log ------------------------------------------------------------------------

def test_read_record_of_a_finished_game(folder):
    path = folder / "nags-00.jsonl"
    r = read_record(path)
    assert r.game_id == "nags" and r.finished and r.human_seats == (0,)
    assert list(r.winners) == replayed_winners(path)
    assert r.outcome == expected_outcome(path, {0})
    assert r.opponents_level == "easy" and not r.used_undo
    assert r.names[0] == "You" and r.players_text().startswith("You, ")
    assert len(r.scores) == 3 and r.margin is not None
    best_other = max(r.scores[1:])
    assert r.margin == pytest.approx(r.scores[0] - best_other)


def test_undo_and_unfinished_are_marked(folder):
    assert read_record(folder / "nags-02.jsonl").used_undo  # seed 3 took a turn back
    assert "undo" in (folder / "nags-02.jsonl").read_text()
    assert not any(read_record(folder / f"nags-{i:02d}.jsonl").used_undo for i in (0, 1, 3, 4))
    r = read_record(folder / "nags-99-unfinished.jsonl")
    assert not r.finished and r.outcome == UNFINISHED and r.credit == 0 and r.margin is None


def test_a_log_cut_off_mid_line_is_unfinished_not_corrupt(folder, tmp_path):
    text = (folder / "nags-00.jsonl").read_text()
    cut = tmp_path / "cut.jsonl"
    cut.write_text(text[: len(text) - 20])  # the result line is cut off, as by kill -9
    r = read_record(cut)
    assert not r.finished and r.outcome == UNFINISHED


@pytest.mark.parametrize("name, why", [("garbage.jsonl", "not a log header"), ("chess.jsonl", "chess"),
                                       ("nags-bad-result.jsonl", "does not fit")])
def test_corrupt_logs_raise_corrupt_log(folder, name, why):
    with pytest.raises(CorruptLog, match=why):
        read_record(folder / name)


@pytest.mark.parametrize("change", [{"scores": [1e400, 0, 0]}, {"scores": [10 ** 400, 0, 0]},
                                    {"winners": []}, {"scores": [1, 2]}])
def test_impossible_result_lines_are_corrupt(folder, tmp_path, change):
    lines = (folder / "nags-00.jsonl").read_text().splitlines()
    result = {**json.loads(lines[-1]), **change}
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines[:-1] + [json.dumps(result).replace("Infinity", "1e400")]) + "\n")
    with pytest.raises(CorruptLog):
        read_record(bad)


def test_deeply_nested_json_is_corrupt_not_a_crash(tmp_path):
    path = tmp_path / "deep.jsonl"
    path.write_text("[" * 100_000 + "]" * 100_000 + "\n")
    with pytest.raises(CorruptLog):
        read_record(path)
    assert len(scan_logs(tmp_path).corrupt) == 1


def test_a_bad_start_time_falls_back_to_the_file_time(folder, tmp_path):
    lines = (folder / "nags-00.jsonl").read_text().splitlines()
    header = {**json.loads(lines[0]), "started": "0001-01-01T00:00:00+05:00"}
    path = tmp_path / "old.jsonl"
    path.write_text("\n".join([json.dumps(header)] + lines[1:]) + "\n")
    r = read_record(path)
    assert r.finished and r.started.year >= 2000


def test_opponents_level_and_credit_of_records():
    t = datetime(2026, 1, 1, tzinfo=timezone.utc)

    def rec(seats, winners, scores=None) -> GameRecord:
        specs = tuple(SeatSpec.parse(s) for s in seats)
        return GameRecord(Path("x.jsonl"), "nags", t, specs, tuple(seats), True, tuple(winners),
                          tuple(scores or [0.0] * len(seats)))

    assert rec(["human", "ai:hard@1.6", "ai:easy"], [0]).opponents_level == "easy+hard"
    assert rec(["human", "human"], [1]).opponents_level == NO_BOTS
    tie = rec(["human", "ai:easy", "ai:easy"], [0, 2], [10, 4, 10])
    assert tie.outcome == SHARED and tie.credit == pytest.approx(0.5) and tie.margin == 0
    assert rec(["human", "ai:easy"], [1], [3, 9]).margin == -6
    # a game whose winner has the lowest score: the margin is turned so higher is better
    assert rec(["human", "ai:easy"], [0], [2, 9]).margin == 7
    # hot-seat: the humans' side beat the bot
    assert rec(["human", "human", "ai:easy"], [1]).outcome == WON


# -- the folder -----------------------------------------------------------------------------------

def test_scan_counts_player_games_bot_only_and_corrupt(folder):
    scan = scan_logs(folder)
    names = [r.path.name for r in scan.records]
    assert "game-00000.jsonl" not in names and scan.bot_only == 2  # simulations are not the player's
    assert sorted(p.name for p, _ in scan.corrupt) == ["chess.jsonl", "garbage.jsonl", "nags-bad-result.jsonl"]
    assert len(scan.records) == len(NAGS_SEEDS) + 4
    assert [r.path.name for r in scan.unfinished] == ["nags-99-unfinished.jsonl"]
    assert scan.recent(3)[0].started >= scan.recent(3)[-1].started
    only_sm = scan_logs(folder, "spite_malice")
    assert [r.game_id for r in only_sm.records] == ["spite_malice"] and only_sm.bot_only == 0


def test_missing_folder_is_an_empty_scan(tmp_path):
    scan = scan_logs(tmp_path / "nope")
    assert not scan.exists and scan.records == [] and scan.recent() == []
    stats = compute_stats(scan)
    assert stats.overall.played == 0 and stats.streaks.current_won is None


def test_win_rate_interval_by_game_and_level(folder):
    stats = compute_stats(scan_logs(folder))
    outcomes = {}
    for r in scan_logs(folder).records:
        if r.finished:
            outcomes[r.path.name] = expected_outcome(r.path, set(r.human_seats))
    won = sum(1 for o in outcomes.values() if o == WON)
    lost = sum(1 for o in outcomes.values() if o == LOST)
    assert 0 < won < len(outcomes) and lost > 0  # the seeds give both results
    t = stats.overall
    assert (t.played, t.unfinished, t.undo) == (len(outcomes), 1, 1)
    assert t.won + t.shared == won + sum(1 for o in outcomes.values() if o == SHARED) and t.lost == lost
    assert t.win_rate == pytest.approx(t.credit / t.played)
    assert t.interval == wilson_interval(t.credit, t.played)  # the sim's Wilson interval, reused
    lo, hi = t.interval
    assert lo < t.win_rate < hi
    assert [g.label for g in stats.by_game] == ["nags", "spite_malice"]
    nags = stats.by_game[0]
    assert nags.played == len(NAGS_SEEDS) + 2 and nags.unfinished == 1
    assert nags.best.margin == max(r.margin for r in stats.scan.records if r.game_id == "nags" and r.finished)
    assert nags.worst.margin == min(r.margin for r in stats.scan.records if r.game_id == "nags" and r.finished)
    assert [lv.label for lv in stats.by_level] == ["random", "random+easy", "easy"]
    assert stats.by_level[0].played == 1 and stats.by_level[-1].played == len(NAGS_SEEDS) + 1


def test_streaks_follow_the_order_of_play(folder):
    records = scan_logs(folder).records
    finished = [r for r in records if r.finished]
    seq = [expected_outcome(r.path, set(r.human_seats)) != LOST for r in finished]
    # the longest run of wins, and the current run, computed plainly
    longest, run = 0, 0
    for w in seq:
        run = run + 1 if w else 0
        longest = max(longest, run)
    current = 1
    while current < len(seq) and seq[-current - 1] == seq[-1]:
        current += 1
    s = compute_stats(scan_logs(folder)).streaks
    assert (s.longest_won, s.current, s.current_won) == (longest, current, seq[-1])


def test_streaks_of_a_known_sequence():
    t = datetime(2026, 1, 1, tzinfo=timezone.utc)
    specs = (SeatSpec("human"), SeatSpec("ai", "easy"))

    def rec(outcome: str) -> GameRecord:
        winners = {"w": (0,), "l": (1,), "s": (0, 1)}.get(outcome, ())
        return GameRecord(Path("x"), "nags", t, specs, ("You", "Bix"), outcome != "u", winners, (0.0, 0.0))

    s = streaks([rec(c) for c in "wwlwwuwslll"])  # u: unfinished (ignored), s: shared (a win)
    assert (s.longest_won, s.longest_lost, s.current, s.current_won) == (4, 3, 3, False)
    s = streaks([rec(c) for c in "llwu"])
    assert (s.current, s.current_won, s.longest_lost) == (1, True, 2)


def test_results_over_time_by_day_week_month():
    specs = (SeatSpec("human"), SeatSpec("ai", "easy"))
    start = datetime(2026, 3, 2, 12, tzinfo=timezone.utc)  # a Monday

    def rec(days: int, won: bool) -> GameRecord:
        return GameRecord(Path(f"{days}"), "nags", start + timedelta(days=days), specs, ("You", "Bix"), True,
                          (0,) if won else (1,), (1.0, 0.0))

    unit, periods = results_over_time([rec(0, True), rec(0, False), rec(1, True)], tz=timezone.utc)
    assert unit == "day" and [(p.label, p.won, p.lost) for p in periods] == [("Mar 2", 1, 1), ("Mar 3", 1, 0)]
    many = [rec(d, d % 2 == 0) for d in range(0, 40, 2)]  # 20 days in 6 weeks
    unit, periods = results_over_time(many, max_periods=12, tz=timezone.utc)
    assert unit == "week" and sum(p.played for p in periods) == 20 and periods[0].label == "wk Mar 2"
    unit, periods = results_over_time([rec(d, True) for d in range(0, 400, 7)], max_periods=12, tz=timezone.utc)
    assert unit == "month" and len(periods) == 12 and periods[-1].label == "Apr 2027"


def test_reading_500_logs_is_fast(tmp_path, folder):
    """The quick reader reads header, last line and undo lines only: 500 logs well under two seconds."""
    d = tmp_path / "many"
    d.mkdir()
    sources = [folder / f"nags-{i:02d}.jsonl" for i in range(len(NAGS_SEEDS))] + [folder / "spite_malice-60.jsonl"]
    for i in range(500):
        (d / f"g-{i:03d}.jsonl").write_bytes(sources[i % len(sources)].read_bytes())
    t0 = time.perf_counter()
    stats = compute_stats(scan_logs(d))
    elapsed = time.perf_counter() - t0
    assert stats.overall.played == 500
    assert elapsed < 5.0, f"{elapsed:.2f} s for 500 logs"  # about 0.25 s on the dev machine


def test_the_quick_reader_parses_only_header_result_undo_and_score_lines(folder, monkeypatch):
    """Once a log's verdict is cached (issue 26: a finished log counts only when it verifies),
    reading it again parses its header, result, undo and score lines only."""
    import engine.stats as stats_mod
    path = folder / "nags-02.jsonl"  # finished, with an undo line
    verdicts = stats_mod.Verdicts()
    read_record(path, verdicts)  # replays it once (or finds the verdict its table recorded)
    parsed: list[bytes] = []
    real = json.loads
    monkeypatch.setattr(stats_mod.json, "loads", lambda b, *a, **k: (parsed.append(b), real(b, *a, **k))[1])
    lines = path.read_text().splitlines()
    read_record(path, verdicts)
    undo_lines = sum(1 for line in lines[1:] if '"undo"' in line)  # the header names the option
    score_lines = sum(1 for line in lines if '"type": "score"' in line)
    assert undo_lines and len(parsed) == 2 + undo_lines + score_lines < len(lines) / 4


# -- cardtable stats --------------------------------------------------------------------------------

def test_cli_stats_prints_the_tables(folder):
    result = CliRunner().invoke(app, ["stats", "--log-dir", str(folder)])
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())  # a long temporary path may wrap a line
    stats = compute_stats(scan_logs(folder))
    t = stats.overall
    assert f"{t.played} finished games" in out and f"Win rate {100 * t.win_rate:.1f}%" in out
    lo, hi = t.interval
    assert f"95% interval {100 * lo:.1f}-{100 * hi:.1f}%" in out
    for fragment in ("By game", "By opponents' level", "Nags", "Spite & Malice", "random+easy", "Results by day",
                     "2 bot-only logs", "3 unreadable logs skipped", "1 unfinished", "1 used undo",
                     "longest winning streak"):
        assert fragment in out, fragment
    assert "Traceback" not in out


def test_cli_stats_one_game_and_errors(folder, tmp_path):
    runner = CliRunner()
    result = runner.invoke(app, ["stats", "spite_malice", "--log-dir", str(folder)])
    assert result.exit_code == 0 and "1 finished game:" in result.output and "Nags" not in result.output
    result = runner.invoke(app, ["stats", "chess", "--log-dir", str(folder)])
    assert result.exit_code == 2 and result.output.startswith("cardtable: unknown game")
    result = runner.invoke(app, ["stats", "--log-dir", str(tmp_path / "none")])
    flat = " ".join(result.output.split())  # a long temporary path may wrap the line
    assert result.exit_code == 0 and "No games of yours" in flat and "does not exist" in flat
    assert runner.invoke(app, ["stats", "--help"]).exit_code == 0


def test_cli_stats_with_only_an_unfinished_game(folder, tmp_path):
    d = tmp_path / "only"
    d.mkdir()
    (d / "a.jsonl").write_bytes((folder / "nags-99-unfinished.jsonl").read_bytes())
    result = CliRunner().invoke(app, ["stats", "--log-dir", str(d)])
    assert result.exit_code == 0 and "No finished games yet; 1 unfinished" in result.output
    assert "Win rate" not in result.output


def test_cli_stats_reads_the_config_log_dir(folder, tmp_path):
    cfg = tmp_path / "table.toml"
    cfg.write_text(f'log_dir = "{folder}"\n')
    result = CliRunner().invoke(app, ["--config", str(cfg), "stats"])
    assert result.exit_code == 0, result.output
    assert f"{compute_stats(scan_logs(folder)).overall.played} finished games" in result.output
