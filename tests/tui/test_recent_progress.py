"""Recent games say where each game stands (issue 22, "Outside the table"): an unfinished game
its progress ("round 3 of 7"), a finished one its result and score; a game nobody played (a
log with no action by a seat) is not listed, and "Continue" never offers it."""

from __future__ import annotations

import random

from engine.gamelog import newest_unfinished
from engine.games import SPECS, make_bot
from engine.session import Session
from engine.stats import read_record, scan_logs
from stats_support import play_log
from tui.stats_text import describe_unfinished, progress_text, result_text


def play_hands(path, game: str, seats: list[str], hands: int, rules: dict | None = None, seed: int = 3):
    """A match of ``game`` stopped right after ``hands`` hands ended (human seats moved by an easy bot)."""
    with Session(game, rules, seats, seed=seed, log_path=path) as s:
        rng = random.Random(seed)
        stand_in = make_bot(game, "easy")
        done = sum(e.kind == "hand_over" for e in s.advance())
        while done < hands and not s.is_over:
            seat = s.to_move
            if s.is_human(seat):
                view = s.view(seat)
                events = s.act(stand_in.choose(view, view.legal_actions(), rng))
            else:
                events = s.act(s.bot_choose())
            done += sum(e.kind == "hand_over" for e in events)
            if done < hands and s.to_move < 0:
                events = s.advance()
    return path


def test_an_unfinished_game_shows_its_round_of_the_match(tmp_path):
    path = play_hands(tmp_path / "nickels.jsonl", "nickels", ["human", "ai:easy", "ai:easy"], hands=2)
    record = read_record(path)
    assert not record.finished and record.progress.hands_done == 2
    assert progress_text(record) == "round 3 of 7"
    assert str(result_text(record)) == "unfinished, round 3 of 7"
    assert ": round 3 of 7, started " in describe_unfinished(record)


def test_a_match_without_a_fixed_length_shows_the_hand_alone(tmp_path):
    path = play_hands(tmp_path / "nags.jsonl", "nags", ["human", "ai:easy"], hands=1,
                      rules={"match_target": 50})
    assert progress_text(read_record(path)) == "game 2"
    path = play_hands(tmp_path / "nags3.jsonl", "nags", ["human", "ai:easy"], hands=1, rules={"match_games": 3})
    assert progress_text(read_record(path)) == "game 2 of 3"


def test_a_finished_game_shows_its_result_and_score(tmp_path):
    record = read_record(play_log(tmp_path / "done.jsonl", seed=4))
    assert record.finished
    mine, theirs = record.score_pair
    humans = record.human_seats
    assert mine == max(record.scores[i] for i in humans) and theirs == max(
        record.scores[i] for i in range(len(record.seats)) if i not in humans)  # Nags: the highest score wins
    assert str(result_text(record)) == f"{record.outcome}, {mine:g} to {theirs:g}"


def test_a_game_nobody_played_is_not_listed_and_not_continued(tmp_path):
    real = play_log(tmp_path / "nags-real.jsonl", seed=5, stop_after=12)
    assert not read_record(real).finished
    header_only = tmp_path / "nags-header-only.jsonl"
    header_only.write_text(real.read_text().splitlines()[0] + "\n")
    dealt = Session("nags", None, ["human", "ai:easy"], seed=6, log_path=tmp_path / "nags-dealt.jsonl")
    dealt.advance()  # the deal alone: the player left at once
    dealt.close()
    scan = scan_logs(tmp_path)
    assert [r.path for r in scan.records] == [real] and scan.unplayed == 2
    assert newest_unfinished(tmp_path) == real


def test_every_game_names_its_hands_as_its_table_does():
    from tui.screens import table_screen_class
    for gid, spec in SPECS.items():
        assert table_screen_class(gid).HAND_WORD == spec.hand_word
