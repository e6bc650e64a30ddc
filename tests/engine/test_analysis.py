"""The analysis board (engine/analysis.py, the games' analysis.py, engine/deal_replay.py; issue 28):
honest by construction (re-dealt hidden cards, same marks), planted blunders marked, forced
moves not counted, the deal replayed with the log's own luck."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from engine.analysis import AnalysisError, analyse_log, analyse_positions, analysis_for, decision_at
from engine.cards import parse_cards
from engine.core import CHANCE
from engine.deal_replay import DealReplayError, replay_deal
from engine.gamelog import Replay, read_log
from engine.games.nickels.game import Discard, NickelsState, NickelsVariant, Phase as NkPhase, TableMeld
from engine.games.nickels.melds import parse_meld
from engine.games.noms.game import Bid, Noms, NomsVariant, Pass, Phase as NoPhase


def first_hand_log(tmp_path: Path, game: str, seats: list[str], seed: int = 6) -> Path:
    """A log of the first hand of a real match (seat 0 human, its moves the ``easy`` bot's); seed 6
    gives a hand that is played (the first hands of seeds 1 to 5 are passed out)."""
    from engine.games import make_bot
    from engine.session import Session
    path = tmp_path / f"{game}.jsonl"
    easy = make_bot(game, "easy")
    rng = random.Random(seed)
    with Session(game, None, seats, seed=seed, log_path=path) as session:
        session.advance()
        while not session.is_over and session.state.hand_number == 0:
            st = session.state
            if st.to_move == 0:
                view = st.view(0)
                session.act(easy.choose(view, view.legal_actions(), rng))
            else:
                session.act(session.bot_choose())
    return path


@pytest.fixture(scope="module")
def noms_log(tmp_path_factory) -> Path:
    return first_hand_log(tmp_path_factory.mktemp("noms"), "noms", ["human:Ann"] + ["ai:easy"] * 3)


# -- honesty -----------------------------------------------------------------------------------

def test_re_dealing_the_hidden_cards_leaves_every_mark_unchanged(noms_log):
    """At each decision of seat 0, the cards it could not see are dealt again (a determinization
    of its view, so everything it saw is the same); with the same seed the report is identical."""
    replay = Replay(read_log(noms_log))
    redealt = list(replay.positions)
    changed = 0
    for i, actor in enumerate(replay.actors):
        if actor == 0:
            other = replay.positions[i].view(0).determinize(random.Random(1000 + i))
            assert other.view(0) == replay.positions[i].view(0)
            changed += other.hands != replay.positions[i].hands
            redealt[i] = other
    assert changed > 3  # the hidden hands really differ
    args = dict(game_id="noms", actors=replay.actors, notations=replay.notations, seat=0, budget=3, seed=5)
    honest = analyse_positions(positions=replay.positions, **args)
    again = analyse_positions(positions=redealt, **args)
    assert honest.decisions and again.decisions == honest.decisions


def test_forced_moves_are_not_counted(noms_log):
    log = read_log(noms_log)
    replay = Replay(log)
    ga = analysis_for("noms")
    report = analyse_log(log, seat=None, budget=2)  # None: the human seat, 0
    assert report.seat == 0 and report.seat_name == "Ann"
    mine = [i for i, a in enumerate(replay.actors) if a == 0]
    assert report.forced + len(report.decisions) == len(mine)
    single = [i for i in mine if len(replay.positions[i].legal_actions()) == 1]
    assert single and report.forced >= len(single)
    for d in report.decisions:
        view = replay.positions[d.index].view(0)
        assert len(ga.distinct(view, view.legal_actions())) > 1
        assert d.index not in single


# -- planted blunders ----------------------------------------------------------------------------

def weak_hand_auction(seed: int = 0):
    """A Noms state at the first call of a seat holding no ace and no king."""
    rng = random.Random(seed)
    while True:
        s = Noms.new_state(NomsVariant(), 4)
        while s.to_move == CHANCE:
            s.apply(s.sample_chance(rng))
        if s.phase == NoPhase.AUCTION and not any(c.rank >= 13 for c in s.hands[s.to_move]):
            return s


def test_bidding_13_on_a_weak_hand_is_marked():
    s = weak_hand_auction()
    view = s.view(s.to_move)
    ga = analysis_for("noms")
    blunder = decision_at(ga, view, Bid(13), budget=8, seed=0, index=0)
    assert blunder.mistake and blunder.kind == "bids" and blunder.played == "bid 13"
    assert blunder.loss > 3 and blunder.low > 0  # failing 13 gives each opponent 13 (NO-19)
    assert blunder.reason.startswith(f"a mistake: -{blunder.loss:.1f} points expected; better: ")
    assert not decision_at(ga, view, Pass(), budget=8, seed=0, index=0).mistake


def fed_next_player() -> NickelsState:
    """Seat 0 to discard in the first round, one Q from going down; seat 1 is down with one card
    left and its books take no more cards; 9♥ would extend seat 2's run: discarding it lets seat 1
    take it, lay it off and go out."""
    s = NickelsState(NickelsVariant(), 4)
    s.round_no, s.dealer = 0, 3
    hands = ["KS KD KC QD QC 9H 4C", "2C", "3D 4D 2D 5C 6D 7C", "5S 6S 2S 4S 7D 7S"]
    s.hands = [sorted(parse_cards(h), key=lambda c: c.order) for h in hands]
    s.discards = parse_cards("JD")
    s.melds = [TableMeld(1, 2, parse_meld("5H 6H 7H 8H")), TableMeld(2, 1, parse_meld("3S 3H 3C 3D 3S 3H 3C")),
               TableMeld(3, 1, parse_meld("10S 10H 10D 10C 10S 10H 10D 10C"))]
    s.next_id = 4
    s.down_turn = [-1, 2, 3, -1]
    s.known = [[] for _ in range(4)]
    rest = Counter(s._deck)
    for h in s.hands:
        rest.subtract(h)
    rest.subtract(s.discards)
    for m in s.melds:
        rest.subtract(m.meld.cards)
    s.pool = list(rest.elements())
    s.turn_seat, s.offer_seat, s.turn_no, s.phase = 0, -1, 5, NkPhase.PLAY
    return s


def test_discarding_the_card_that_lets_the_next_player_go_out_is_marked():
    view = fed_next_player().view(0)
    ga = analysis_for("nickels")
    blunder = decision_at(ga, view, Discard(parse_cards("9H")[0]), budget=24, seed=0, index=0)
    assert blunder.mistake and blunder.kind == "discards"
    assert blunder.reason.startswith("a mistake: +") and "penalty points expected; better: discard" in blunder.reason
    assert blunder.low > 0
    assert not decision_at(ga, view, Discard(parse_cards("4C")[0]), budget=24, seed=0, index=0).mistake


def going_down_in_the_7_hand() -> NickelsState:
    """Seat 0 to meld in the 7 hand (a book and a run), not down, holding the book 7♣ 7♦ 7♥ and
    the run 5♠ 6♠ 8♠ with a joker for the 7♠."""
    s = NickelsState(NickelsVariant(), 4)
    s.round_no, s.dealer = 1, 3
    hands = ["7C 7D 7H 5S 6S 8S JK QD", "2C 4D 6H 8C 10C QH KD", "3D 5C JH 8D 10S KS 2H", "2D 4H 6C 9C JD QS 3C"]
    s.hands = [sorted(parse_cards(h), key=lambda c: c.order) for h in hands]
    s.discards = parse_cards("9D")
    s.down_turn = [-1] * 4
    s.known = [[] for _ in range(4)]
    rest = Counter(s._deck)
    for h in s.hands:
        rest.subtract(h)
    rest.subtract(s.discards)
    s.pool = list(rest.elements())
    s.turn_seat, s.offer_seat, s.turn_no, s.phase = 0, -1, 5, NkPhase.PLAY
    return s


def test_every_meld_of_going_down_is_going_down_in_the_tables_words():
    """Play-test 2026-11-27: the second meld of going down was listed as "melds and lay-offs", and a run
    with a joker read "meld 2♣ 3♣ JK=4C 5♣" (the notation) where the table shows JK(4)."""
    from engine.games.nickels.game import LayMeld
    ga = analysis_for("nickels")
    s = going_down_in_the_7_hand()
    book = next(a for a in s.legal_actions() if isinstance(a, LayMeld) and not a.meld.is_run)
    assert ga.kind(s.view(0), book) == "going down" and ga.words(s.view(0), book) == "meld 7♣ 7♦ 7♥"
    s.apply(book)
    run = next(a for a in s.legal_actions() if isinstance(a, LayMeld))
    assert ga.kind(s.view(0), run) == "going down"
    assert ga.words(s.view(0), run) == "meld 5♠ 6♠ JK(7) 8♠"


def test_nogginate_pile_choices_in_words():
    """Play-test 2026-11-27: the analysis listed "pile 9♥ 9♠" where the hint says "take the pile with 9♥ 9♠ as
    a new Nate" (NG-36); draws and takes onto a Noggi read as notation too."""
    from engine.games.nogginate.cards import NOGGINATE
    from engine.games.nogginate.game import Draw, Onto, TakePile
    from engine.session import Session
    s = Session("nogginate", None, ["ai:random"] * 2, seed=3, write_log=False)
    s.advance()
    view = s.view(s.to_move)
    ga = analysis_for("nogginate")
    nine_h, nine_s = NOGGINATE.parse_cards("9H 9S")
    assert ga.words(view, TakePile((nine_h, nine_s))) == "take the pile with 9♥ 9♠ as a new Nate"
    assert ga.words(view, TakePile((nine_h, nine_s), 4)) == "take the pile with 9♥ 9♠ onto m4"
    assert ga.words(view, Draw()) == "draw two cards" and ga.words(view, Draw("1c1x")) == \
        "draw one card and one cheat card"
    assert ga.words(view, Onto(3)) == f"take {view.discards[-1].pretty} onto m3"


def test_a_verdict_in_penalty_points_says_the_better_move_cost_fewer():
    """Play-test 2026-11-27: "fine: discard 10♣ scored 6.9 penalty points more, not clearly" read as if 10♣
    had been worse; in penalty points (more is worse) the better move cost fewer."""
    from engine.analysis import Decision
    d = Decision(0, 6, 0, "discards", "discard J♦", "discard 10♣", 6.9, -1.0, 14.8, 12, False, "penalty points")
    assert d.reason == "fine: discard 10♣ cost 6.9 penalty points fewer, not clearly"
    d = Decision(0, 6, 0, "leads", "lead K♦", "lead 6♣", 6.9, -1.0, 14.8, 12, False, "points")
    assert d.reason == "fine: lead 6♣ scored 6.9 points more, not clearly"


# -- errors -----------------------------------------------------------------------------------------

def test_a_bad_seat_or_budget_is_one_sentence(noms_log):
    log = read_log(noms_log)
    with pytest.raises(AnalysisError, match="seat 4 is not in this game: seats 0 to 3"):
        analyse_log(log, seat=4)
    with pytest.raises(AnalysisError, match="budget 0 is out of range"):
        analyse_log(log, budget=0)


# -- the deal replayed -------------------------------------------------------------------------------

def test_the_deal_replayed_by_the_same_bots_is_the_same_game(tmp_path):
    """With the log's own chance outcomes, deterministic ``easy`` bots in every seat replay the
    logged Nags game exactly: the same score, every chance step answered from the log."""
    from engine.seats import SeatSpec
    from engine.sim import run_sim
    run_sim("nags", None, [SeatSpec.parse("ai:easy")] * 3, 1, 11, log_dir=tmp_path)
    log = read_log(tmp_path / "game-00000.jsonl")
    res = replay_deal(log, 1, "easy", times=2)
    assert res.scores == [res.yours, res.yours] and res.fallback_steps == 0 and res.logged_steps > 0
    assert res.summary().startswith(f"you scored {res.yours:.0f} points; easy in your seat scored "
                                    f"{res.yours:.0f} points on average over 2 replays")
    assert res.match_over and res.wins_text() == f"easy won {sum(res.wins):.0f} of 2 replays; you " + \
        {1.0: "won", 0.0: "lost"}.get(res.you_won, "shared the win")
    other = replay_deal(log, 1, "random", times=2)
    assert other.others == ["ai:easy", "ai:easy"] and len(other.scores) == 2


def test_deal_replay_refusals(noms_log, tmp_path):
    log = read_log(noms_log)
    with pytest.raises(DealReplayError, match="no expert bot for noms"):
        replay_deal(log, 0, "expert")
    with pytest.raises(DealReplayError, match="seat 7 is not in this game"):
        replay_deal(log, 7, "easy")
    part = tmp_path / "part.jsonl"
    part.write_text("".join(noms_log.read_text().splitlines(keepends=True)[:8]))
    with pytest.raises(DealReplayError, match="no finished hand"):
        replay_deal(read_log(part), 0, "easy")


# -- the statistics' accuracy line ------------------------------------------------------------------

def test_an_analysed_game_gives_the_statistics_an_accuracy_line(noms_log, tmp_path):
    from engine.analysis import read_summary, save_summary, summary_path
    from engine.stats import load_stats
    from tui.stats_text import accuracy_text
    folder = tmp_path / "logs"
    folder.mkdir()
    log = folder / "noms.jsonl"
    log.write_bytes(noms_log.read_bytes())
    assert load_stats(folder).accuracy == [] and accuracy_text(load_stats(folder)) is None
    report = analyse_log(read_log(log), seat=0, budget=2)
    report.decisions[0].mistake = True
    report.decisions[0].loss = 6.5
    save_summary(report, log)
    [acc] = load_stats(folder).accuracy
    assert (acc.game_id, acc.games, acc.decisions, acc.mistakes, acc.expected_loss) == \
        ("noms", 1, len(report.decisions), 1, 6.5)
    line = accuracy_text(load_stats(folder)).plain
    assert line.startswith("Accuracy (analysed games): Noms ") and f"of {len(report.decisions)} decisions in 1 game, " \
        "1 mistake, 6.5 points expected lost" in line
    summary_path(log).write_text('{"game": "noms", "seat": 0, "decisions": 1, "mistakes": 5}')
    assert read_summary(log) is None and load_stats(folder).accuracy == []  # not a summary: ignored
