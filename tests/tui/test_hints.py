"""Hints that say why (issue 11, part 3): every bot gives its move with one line of
reason (``engine.ai.base.choose_with_reason``), the same move as ``choose``; the
session's hint asks the game's ``medium`` search with a fixed budget, from the seat's
view only, without touching the game; and the Noms defect seen: a defender against
a 13 contract was told to throw away its only A♦."""

from __future__ import annotations

import random
import re

import pytest

from engine.ai.base import FORCED_REASON, RandomBot, choose_with_reason
from engine.ai.ismcts import SearchResult, action_words, search_reason
from engine.cards import parse_card
from engine.games import SPECS, make_bot
from engine.games.nags.game import Play as NagsPlay
from engine.games.noms.game import Play as NomsPlay
from engine.session import Session

SEATS = {"nags": 3, "noms": 4, "spite_malice": 2, "nickels": 4, "nogginate": 4}


def positions(game: str, seed: int, limit: int):
    """Views of the seat to move (with two or more legal moves) along an easy-bot match."""
    s = Session(game, None, ["ai:easy"] * SEATS[game], seed=seed, write_log=False)
    s.advance()
    k = 0
    while not s.is_over and k < limit:
        v = s.view(s.to_move)
        if len(v.legal_actions()) > 1:
            yield v
        s.act(s.bot_choose())
        k += 1


@pytest.mark.parametrize("game", sorted(SPECS))
@pytest.mark.parametrize("level", ["easy", "medium@30it"])
def test_choose_with_reason_gives_chooses_move_and_one_line(game, level):
    seen = 0
    for i, view in enumerate(positions(game, 5, 200)):
        if seen >= (40 if level == "easy" else 8):  # the search is slower: fewer decisions
            break
        legal = view.legal_actions()
        a1 = make_bot(game, level).choose(view, legal, random.Random(i))
        a2, why = choose_with_reason(make_bot(game, level), view, legal, random.Random(i))
        assert a2 == a1
        assert why and "\n" not in why and not why.endswith(".")
        assert why != "the bot's choice" and "easy bot's choice" not in why  # every game explains itself
        seen += 1
    assert seen >= 5


def test_forced_and_random_moves_say_so():
    view = next(positions("nags", 3, 200))
    legal = view.legal_actions()
    assert choose_with_reason(make_bot("nags", "easy"), view, legal[:1], random.Random(1)) == (legal[0],
                                                                                                FORCED_REASON)
    assert choose_with_reason(RandomBot(), view, legal, random.Random(1))[1] == "picked at random"

    class Plain:  # a bot without reasons of its own
        level = "odd"

        def choose(self, view, legal, rng):
            return legal[0]

    assert choose_with_reason(Plain(), view, legal, random.Random(1)) == (legal[0], "the odd bot's choice")


def test_nags_reasons_match_the_move():
    """A reason names what the play does: a horse it brings in has the play's value and
    colour; playing out uses every card."""
    checked = 0
    for seed in range(1, 30):
        for view in positions("nags", seed, 400):
            legal = view.legal_actions()
            a, why = choose_with_reason(make_bot("nags", "easy"), view, legal, random.Random(seed))
            if why.startswith(("brings the ", "makes the ")):
                runner = parse_card(why.split()[2])
                assert isinstance(a, NagsPlay) and a.cards[0].rank == runner.rank
                brings = any(c.is_red == runner.is_red for c in a.cards)
                assert brings == why.startswith("brings the ")  # else it falls (NA-12)
                checked += 1
            if why.startswith("plays out"):
                assert isinstance(a, NagsPlay) and len(a.cards) == len(view.hand)
    assert checked >= 1


def test_noms_reasons_match_the_card():
    checked = 0
    for seed in range(1, 4):
        for view in positions("noms", seed, 150):
            legal = view.legal_actions()
            a, why = choose_with_reason(make_bot("noms", "easy"), view, legal, random.Random(seed))
            if isinstance(a, NomsPlay) and why.startswith("draws trumps with"):
                assert a.card.suit == view.trump and a.card.pretty in why
                checked += 1
            if isinstance(a, NomsPlay) and why.startswith("cannot win this trick") and view.trick:
                assert a.card.suit != view.trick[0].suit  # a discard: out of the suit led
    assert checked >= 1


def test_search_reason_words():
    """Issue 22: a search's reason is plain words that never claim more than its figures hold; the figures
    ("+3.0 points", the trial games) are the reason's details, shown on request."""
    res = SearchResult(NomsPlay(parse_card("2S")), 100, 0.1, {}, {"play 2S": 3.0, "play AD": -5.0}, 1,
                       unit="points")
    assert search_reason(res) == "it did best in trial games"
    assert search_reason(res).details == "100 trial games: this move +3.0 points on average, A♦ -5.0 points"
    agree = search_reason(res, (NomsPlay(parse_card("2S")), "keeps the ace"))
    assert agree == "keeps the ace; the other choices did worse in trial games"
    overrule = search_reason(res, (NomsPlay(parse_card("AD")), "discards low"))
    assert overrule == "in trial games it did better than A♦, the rule of thumb's choice (discards low)"
    # the rule of thumb kept although another move scored higher: said so, never "the others did worse"
    close = SearchResult(NomsPlay(parse_card("2S")), 16, 0.1, {}, {"play 2S": -10.9, "play AD": 1.9}, 1,
                         unit="points")
    kept = search_reason(close, (NomsPlay(parse_card("2S")), "keeps the ace"))
    assert kept == "keeps the ace; A♦ scored higher in trial games, but not clearly enough to change the choice"
    assert kept.details == "16 trial games: this move -10.9 points on average, A♦ +1.9 points"
    plans = SearchResult(NomsPlay(parse_card("2S")), 40, 0.1, {}, {"0 play 2S / x": 0.6, "0 play 3S": 0.5}, 1,
                         chosen_key="0 play 2S / x")
    assert search_reason(plans) == "it did best in trial games"
    assert search_reason(plans).details == "40 trial games: this move rated 60%, 3♠ 50%"
    assert action_words("discard 7H D1") == "discard 7♥ D1"


@pytest.mark.parametrize("game", sorted(SPECS))
def test_hint_reasons_are_words_and_the_figures_are_details(game):
    """Every game's hint (its medium search) reads without figures; any figures are in ``details``."""
    s = Session(game, None, ["human"] + ["ai:easy"] * (SEATS[game] - 1), seed=4, write_log=False)
    s.advance()
    for _ in range(3):
        while not s.is_over and s.to_move != 0:
            s.act(s.bot_choose())
        if s.is_over:
            break
        hint = s.hint_with_reason(0)
        assert not re.search(r"[+-]\d+\.\d|play-outs|\d+%| vs ", hint.reason), hint.reason
        assert not hint.details or "trial games" in hint.details
        s.act(hint.action)


# -- the session's hint ----------------------------------------------------------------------------------

def test_every_game_hints_with_its_medium_search_on_a_fixed_budget():
    for gid, spec in SPECS.items():
        level = spec.hint_level_name()
        assert level.startswith("medium@") and level.endswith("it"), gid  # the same hint on any machine


def test_hint_reads_only_the_seats_view_and_never_changes_the_game():
    s = Session("noms", None, ["human", "ai:easy", "ai:easy", "ai:easy"], seed=12, write_log=False)
    s.advance()
    while s.to_move != 0:
        s.act(s.bot_choose())
    before = (s.state.state_hash(), list(s.history), {k: r.getstate() for k, r in s._bot_rngs.items()},
              s.chance.rng.getstate())
    hint = s.hint_with_reason(0)
    assert hint.level == "medium" and hint.action in s.view(0).legal_actions() and hint.reason
    assert s.hint_with_reason(0) == hint  # the same position, the same hint
    after = (s.state.state_hash(), list(s.history), {k: r.getstate() for k, r in s._bot_rngs.items()},
             s.chance.rng.getstate())
    assert after == before
    # Other seats' hidden cards swapped: the seat's view is the same, so is the hint.
    other = Session("noms", None, ["human", "ai:easy", "ai:easy", "ai:easy"], seed=12, write_log=False)
    other.advance()
    while other.to_move != 0:
        other.act(other.bot_choose())
    other.state.hands[1], other.state.hands[2] = other.state.hands[2], other.state.hands[1]
    assert other.view(0) == s.view(0) and other.state.state_hash() != s.state.state_hash()
    assert other.hint_with_reason(0) == hint


#: A Noms hand (seed 291, cards dealt by the log's chance steps) in which seat 3 bid 13 with spades
#: trumps and called A♠ (seat 2); after 11 tricks seat 1, a defender holding 2♠ 7♠ 9♠ A♦, is last
#: to play to 9♥ 10♦ Q♠ and cannot follow hearts. The old hint (the easy bot) threw away the A♦,
#: the defenders' one sure trick against 13.
NOMS_13_DEFENCE = [
    "dealer 2", "shuffle 2D JC 6D 10S 9S 4D QH 10C 6C JS 3S 7D 4C 6S 9D AD 2C KD 3H KH 5C 5S AC 3D 10D 9C KS "
    "7C 3C 4H 8H QD AS 8S 5H 6H 8C 5D QC 2H JH 2S 7S 10H KC 9H JD 7H 8D 4S QS AH", "cut 21",
    "bid 13", "pass", "pass", "pass", "trump S", "call AS",
    "play AC", "play 4C", "play 2C", "play 5C", "play 3S", "play 6S", "play 10S", "play AS", "play KC", "play 6C",
    "play 7C", "play 3C", "play 4D", "play 3D", "play 7D", "play 6D", "play AH", "play 4H", "play 3H", "play 5H",
    "play QC", "play JC", "play 10C", "play 8C", "play 9C", "play 9D", "play 8S", "play 8D", "play KH", "play 6H",
    "play 2H", "play 8H", "play QH", "play 7H", "play JH", "play 10H", "play 9H", "play 10D", "play QS",
]


def test_a_defender_against_13_is_not_told_to_throw_away_the_only_ace_of_diamonds():
    s = Session("noms", None, ["ai:easy", "human", "ai:easy", "ai:easy"], seed=291, write_log=False)
    for notation in NOMS_13_DEFENCE:
        s.state.apply(s.game.parse_action(notation))
    view = s.view(1)
    assert s.to_move == 1 and view.contract == 13 and view.declarer == 3 and view.trump == 3
    ace = parse_card("AD")
    assert set(view.hand) == {parse_card(c) for c in ("2S", "7S", "9S", "AD")}
    assert [str(c) for c in view.trick] == ["9H", "10D", "QS"]
    hint = s.hint_with_reason(1)
    assert hint.action != NomsPlay(ace)
    assert hint.action.card.suit == view.trump  # a low trump goes; the ace stays for a trick
    assert "keeps your sure winners" in hint.reason
    # The rule of thumb itself no longer throws the ace (it is the search's default and rollout policy).
    easy, why = choose_with_reason(make_bot("noms", "easy"), view, view.legal_actions(), random.Random(1))
    assert easy == NomsPlay(parse_card("2S")) and why.startswith("cannot win this trick: throws a low trump")
