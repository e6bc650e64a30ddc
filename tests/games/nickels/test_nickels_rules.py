"""Nickels rules NK-1 .. NK-22 (``engine/games/nickels/rules.md``) and the engine's
DECISIONs NK-9a, NK-11a, NK-19a, one or more tests per rule, every option of the
configuration summary, the worked example and the five test vectors.

Positions are built the way a log rebuilds them: chance actions with chosen cards
(``dealer 3``, ``deal ... / ...``, ``upcard 7H``, ``draw 9C``, ``penalty 2D``)
applied to a new state, then player moves in notation, so hands are exactly
known and the parser is exercised too. Later rounds are reached by setting
``round_no`` before the deal (the rounds before it are not needed by the test).
"""

from __future__ import annotations

from collections import Counter

from engine.cards import parse_cards
from engine.games.nickels.game import Nickels, NickelsVariant
from engine.games.nickels.melds import completable, lay_problem, next_melds, parse_meld


def cards(text: str) -> Counter:
    return Counter(parse_cards(text))


def test_nk9a_a_book_laid_first_frees_a_position_for_a_run_joker():
    """NK-9a: 'the card may already lie in a meld laid this turn': with three naturals per meld
    (min_naturals_per_meld=3) 7H 7C 7D + 5H 6H JK=7H 8H is only layable book first, and is offered."""
    hand = "7H 7C 7D 5H 6H 8H JK"
    assert completable(cards(hand), 1, 1, [], 3)
    assert [m.text() for m in next_melds(parse_cards(hand), 1, 1, [], 3)] == ["7C 7D 7H"]
    book = parse_meld("7C 7D 7H")
    assert lay_problem(book, cards(hand), 1, 1, [], 3) is None
    run = parse_meld("5H 6H JK=7H 8H")
    assert lay_problem(run, cards("5H 6H 8H JK"), 0, 1, [book], 3) is None
    # a state agrees: the book is legal and listed
    s = Nickels.new_state(NickelsVariant(min_naturals_per_meld=3), 4)
    s.apply(Nickels.parse_action("dealer 3"))
    s.round_no = 1  # the 7 hand: 1 book + 1 run
    for text in ("deal 7H 7C 7D 5H 6H 8H 10S / 2C 3C 4C 5C 6C 9D QD / 2D 3D 4D 5D 6D 9C QC / 2S 3S 4S 5S 6S 9S QS",
                 "upcard KS", "pass", "pass", "pass", "pass", "draw JK"):
        s.apply(Nickels.parse_action(text))
    act = Nickels.parse_action("meld 7C 7D 7H")
    assert s.is_legal(act) and act in s.legal_actions()
    s.apply(act)
    s.apply(Nickels.parse_action("meld 5H 6H JK=7H 8H"))
    assert s.has_melded(0) and [c.text for c in s.hands[0]] == ["10S"]


# ---------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------

import pytest  # noqa: E402

from engine.cards import Card  # noqa: E402
from engine.core import CHANCE, IllegalAction  # noqa: E402
from engine.games.nickels.game import (  # noqa: E402
    HAND_NAMES, LayMeld, NickelsState, PenaltyValues, Phase)
from engine.games.nickels.melds import CONTRACTS, meld_problem, run_end_positions  # noqa: E402
from engine.variants import ConfigError, build_variant  # noqa: E402


def A(text: str):
    return Nickels.parse_action(text)


def play(s: NickelsState, *texts: str) -> list:
    events: list = []
    for t in texts:
        events += s.apply(A(t))
    return events


def new(n: int = 4, dealer: int = 3, round_no: int = 0, **opts) -> NickelsState:
    """A match at the deal of round ``round_no`` (0: the 6 hand) with ``dealer`` dealing."""
    s = Nickels.new_state(NickelsVariant(**opts), n)
    s.apply(A(f"dealer {dealer}"))
    s.round_no = round_no
    return s


def legal(s: NickelsState) -> set[str]:
    return {str(a) for a in s.legal_actions()}


def hand(s: NickelsState, seat: int) -> str:
    return " ".join(c.text for c in s.hands[seat])


def refused(s: NickelsState, text: str, *fragments: str) -> str:
    """``text`` is illegal: why_illegal names it, apply raises the same sentence and changes nothing."""
    a = A(text)
    why = s.why_illegal(a)
    assert why is not None and not s.is_legal(a) and a not in s.legal_actions(), text
    for f in fragments:
        assert f in why, (text, why)
    before = s.fingerprint()
    with pytest.raises(IllegalAction) as err:
        s.apply(a)
    assert str(err.value) == why
    assert s.fingerprint() == before
    return why


def pass_offers(s: NickelsState) -> list[int]:
    """Every seat offered the top discard passes; returns the offer order."""
    order = []
    while s.phase == Phase.OFFER:
        order.append(s.offer_seat)
        play(s, "pass")
    return order


def quiet_turn(s: NickelsState) -> None:
    """The current player passes the top discard, nobody claims, the player draws a card and
    discards it again (hands do not change)."""
    play(s, "pass")
    pass_offers(s)
    assert s.phase == Phase.DRAW
    card = s.pool[0]
    play(s, f"draw {card.text}", f"discard {card.text}")


QUIET6 = "2C 5D 8H JS KC 3D / 2D 5H 8S JC KD 3H / 2H 5S 8C JD KH 3S / 2S 5C 8D JH KS 3C"


def quiet(n: int = 4, upcard: str = "9D", **opts) -> NickelsState:
    """The 6 hand (2 books) dealt so that nobody can go down, seat 0 to play."""
    s = new(n, n - 1, **opts)
    hands = QUIET6.split(" / ")
    extra = ["4C 6D 7H 10S QC AD", "4D 6H 7S 10C QD AH", "4H 6S 7C 10D QH AS"]
    play(s, "deal " + " / ".join((hands + extra)[:n]), f"upcard {upcard}")
    return s


# ---------------------------------------------------------------------------
# NK-1 .. NK-5: players, decks, rounds, deal, up-card
# ---------------------------------------------------------------------------

def test_nk1_three_to_six_players_seven_only_with_allow_seven_players():
    v = NickelsVariant()
    assert Nickels.seat_counts(v) == [3, 4, 5, 6]
    assert Nickels.seat_counts(NickelsVariant(allow_seven_players=True)) == [3, 4, 5, 6, 7]
    for n in (2, 7, 8):
        with pytest.raises(ValueError):
            Nickels.new_state(v, n)
    assert "NK-1" in Nickels.seat_range_error(7, v)
    assert Nickels.new_state(NickelsVariant(allow_seven_players=True), 7).n_seats == 7
    assert build_variant(NickelsVariant, {"allow_seven_players": True}).allow_seven_players


@pytest.mark.parametrize("n,size,jokers", [(3, 108, 4), (4, 108, 4), (5, 162, 6), (6, 162, 6), (7, 216, 8)])
def test_nk2_decks_by_player_count(n, size, jokers):
    """NK-2: 3-4 players 2 decks + 4 jokers, 5-6 players 3 + 6, 7 players 4 + 8."""
    v = NickelsVariant(allow_seven_players=True)
    deck = v.full_deck(n)
    assert len(deck) == size and Counter(deck)[Card.joker()] == jokers
    decks = (size - jokers) // 52
    assert all(k == decks for c, k in Counter(deck).items() if not c.is_joker)
    s = Nickels.new_state(v, n)
    assert sum(len(z) for z in s.zones().values()) == size


def test_nk3_seven_rounds_dealt_6_to_12_cards_and_nk4_the_deal_rotates():
    """NK-3, NK-4: a whole match (quiet turns, NK-19a ends each round after 10 turns): rounds
    deal 6..12 cards, one at a time from the dealer's left, the dealer passes clockwise and the
    player on the dealer's left plays first."""
    import random
    rng = random.Random(7)
    s = Nickels.new_state(NickelsVariant(max_turns_per_round=10), 4)
    play(s, "dealer 2")
    dealers, sizes, firsts = [], [], []
    while not s.is_over:
        if s.to_move == CHANCE:
            a = s.sample_chance(rng)
            ev = s.apply(a)
            for e in ev:
                if e.kind == "deal":
                    dealers.append(e.seat)
                    sizes.append(e.data["size"])
                    assert e.data["round"] == len(sizes) - 1
                    assert [len(h) for h in s.hands] == [e.data["size"]] * 4
            if s.phase == Phase.ACQUIRE and s.turn_no == 1:
                firsts.append(s.turn_seat)
            continue
        # nobody goes down: pass, pass offers, discard what was drawn
        acts = s.legal_actions()
        a = A("pass") if "pass" in legal(s) else next(x for x in acts if str(x).startswith("discard"))
        s.apply(a)
    assert dealers == [2, 3, 0, 1, 2, 3, 0]
    assert sizes == [6, 7, 8, 9, 10, 11, 12] and [n for n in HAND_NAMES] == [f"{k} hand" for k in sizes]
    assert firsts == [(d + 1) % 4 for d in dealers]
    assert len(s.round_scores) == 7


def test_nk4_sampled_deal_is_one_at_a_time_and_a_wrong_deal_is_refused():
    import random
    s = Nickels.new_state(NickelsVariant(), 5)
    d = s.sample_chance(random.Random(1))
    assert 0 <= d.seat < 5
    s.apply(d)
    deal = s.sample_chance(random.Random(2))
    assert [len(h) for h in deal.hands] == [6] * 5
    with pytest.raises(IllegalAction, match="6 hand deals 6 cards"):
        s.apply(A("deal 2C 3C / 4C 5C / 6C 7C / 8C 9C / 10C JC"))
    with pytest.raises(IllegalAction, match="not in the pack"):
        s.apply(A("deal " + " / ".join(["JK JK 2C 3C 4C 5C"] * 5)))
    s.apply(deal)
    assert s.turn_seat == (s.dealer + 1) % 5 and s.phase == Phase.UPCARD


def test_nk5_the_upcard_starts_the_discard_pile_and_the_joker_option():
    s = new()
    play(s, "deal " + QUIET6)
    pool = len(s.pool)
    play(s, "upcard JK")  # default: a joker may start the discard pile
    assert [c.text for c in s.discards] == ["JK"] and len(s.pool) == pool - 1 and s.phase == Phase.ACQUIRE
    s = new(reject_joker_upcard=True)
    play(s, "deal " + QUIET6)
    ev = play(s, "upcard JK")
    assert [e.kind for e in ev] == ["upcard_joker"] and "NK-5" in ev[0].text
    assert s.discards == [] and len(s.pool) == pool and s.phase == Phase.UPCARD and s.to_move == CHANCE
    play(s, "upcard 9D")
    assert [c.text for c in s.discards] == ["9D"] and s.phase == Phase.ACQUIRE and s.to_move == 0


# ---------------------------------------------------------------------------
# NK-6: penalty values (and the penalty_values table option)
# ---------------------------------------------------------------------------

def test_nk6_penalty_values_and_the_table_option():
    pv = PenaltyValues()
    assert [pv.of(c) for c in parse_cards("JK AS KD QC JH 10S 9C 2D")] == [50, 20, 10, 10, 10, 10, 5, 5]
    v = build_variant(NickelsVariant, {"penalty_values": {"joker": 40, "ace": 15, "ten_to_king": 7, "two_to_nine": 1}})
    assert v.penalty_values == PenaltyValues(40, 15, 7, 1)
    assert build_variant(NickelsVariant, {"penalty_values": {"ace": 1}}).penalty_values == PenaltyValues(ace=1)
    with pytest.raises(ConfigError):
        build_variant(NickelsVariant, {"penalty_values": {"queen": 3}})
    with pytest.raises(ConfigError):
        build_variant(NickelsVariant, {"penalty_values": {"ace": -1}})
    # used by scoring: the 6 hand ends after 10 quiet turns, every hand unmelded
    s = quiet(max_turns_per_round=10, penalty_values=PenaltyValues(1, 2, 3, 4), unmelded_penalty=0)
    for _ in range(10):
        quiet_turn(s)
    # seat 0 holds 2C 5D 8H JS KC 3D: four 2-9 (4 each) and two 10-K (3 each)
    assert s.round_scores[-1][0] == 4 * 4 + 2 * 3


# ---------------------------------------------------------------------------
# NK-7 .. NK-9, NK-9a: melds; test vector 1
# ---------------------------------------------------------------------------

def test_nk7_books_and_nk8_runs_test_vector_1():
    ok = ["AC 2C 3C 4C", "JC QC KC AC", "5C JK=6C 7C 8C", "5C 5D 5C", "7C 7D JK", "JK=AS 2S 3S 4S"]
    for text in ok:
        assert meld_problem(parse_meld(text)) is None, text
    from engine.games.nickels.melds import MeldError
    with pytest.raises(MeldError, match="NK-8"):
        parse_meld("QC KC AC 2C")  # no wrap
    with pytest.raises(MeldError, match="NK-8"):
        parse_meld("5C 6D 7C 8C")  # one suit
    with pytest.raises(MeldError, match="NK-8"):
        parse_meld("5C 5D 6C")  # neither a book (NK-7) nor a run
    assert "NK-7" in meld_problem(parse_meld("5C 5D"))
    assert "NK-8" in meld_problem(parse_meld("5C 6C 7C"))


def test_nk8_ace_low_or_high_never_both_and_13_card_max():
    low = parse_meld("AS 2S 3S 4S")
    high = parse_meld("JS QS KS AS")
    assert (low.lo, low.hi, high.lo, high.hi) == (1, 4, 11, 14)
    assert run_end_positions(low) == [5] and run_end_positions(high) == [10]
    full = parse_meld("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")
    assert meld_problem(full) is None and run_end_positions(full) == []
    two_to_a = parse_meld("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS")
    assert meld_problem(two_to_a) is None and run_end_positions(two_to_a) == []
    assert "NK-8" in meld_problem(parse_meld("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"))  # both aces
    # a 2..K run takes an ace at either end, but only one (then it is 13 long)
    k = parse_meld("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")
    assert run_end_positions(k) == [1, 14]


def test_nk9_jokers_wild_and_min_naturals_per_meld():
    assert parse_meld("7C JK JK").rank == 7
    assert parse_meld("5C JK=6C 7C 8C").card_at(6).text == "6C"
    assert "NK-9" in meld_problem(parse_meld("7C JK JK"), 2)
    assert meld_problem(parse_meld("7C 7D JK"), 2) is None
    from engine.games.nickels.melds import MeldError
    with pytest.raises(MeldError, match="NK-9"):
        parse_meld("JK JK JK")
    with pytest.raises(MeldError, match="NK-9"):
        parse_meld("5C JK 7C 8C")  # a joker in a run must name its card
    # the option in a game: seat 0 holds 7C JK JK and 9S 9S 9D; with 2 naturals 7C JK JK is no book
    for mn, can in ((1, True), (2, False)):
        s = new(min_naturals_per_meld=mn)
        play(s, "deal 7C JK JK 9S 9S 9D / " + " / ".join(QUIET6.split(" / ")[1:]), "upcard 2S")
        play(s, "pass")
        pass_offers(s)
        play(s, "draw QD")
        a = A("meld 7C JK JK")
        assert s.is_legal(a) == can and (a in s.legal_actions()) == can
        if not can:
            assert "NK-9" in refused(s, "meld 7C JK JK")


def test_nk9a_a_run_joker_stands_only_for_a_card_not_held():
    why = lay_problem(parse_meld("5H JK=6H 7H 8H"), cards("5H 6H 7H 8H JK 2C 2D 2S"), 0, 2, [])
    assert why is not None and "NK-9a" in why
    # going down never puts the joker on a held card's place
    runs = [m.text() for m in next_melds(parse_cards("5H 6H 7H 8H JK 2C"), 0, 1, [])]
    assert "5H 6H 7H 8H" in runs and "JK=4H 5H 6H 7H 8H" in runs
    assert not any("JK=5H" in r or "JK=6H" in r or "JK=7H" in r or "JK=8H" in r for r in runs)


# ---------------------------------------------------------------------------
# NK-10, NK-11, NK-11a: contracts and going down
# ---------------------------------------------------------------------------

def test_nk10_contracts_and_minimum_cards_nk17_consequence():
    """NK-10: the seven contracts; NK-17: each needs at least the hand size."""
    assert CONTRACTS == ((2, 0), (1, 1), (0, 2), (3, 0), (2, 1), (1, 2), (0, 3))
    for i, (b, r) in enumerate(CONTRACTS):
        assert 3 * b + 4 * r == 6 + i  # NK-17: every contract needs the hand size at least
    s = new(round_no=4)
    ev = play(s, "deal " + " / ".join(["2C 3C 4C 5C 6C 7C 8C 9C 10C JC"] * 2 + ["2D 3D 4D 5D 6D 7D 8D 9D 10D JD"] * 2))
    assert "2 books + 1 run" in ev[0].text and "10 hand" in ev[0].text


def _eight_hand_seat0(hand0: str, upcard: str = "KS", **opts) -> NickelsState:
    """The 8 hand (2 runs), seat 0 to play holding ``hand0`` (8 cards) after passing and drawing nothing yet."""
    s = new(round_no=2, **opts)
    others = ["2C 4C 6C 8C QC AC 3D 5D", "2D 4D 6D 8D QD AD 3C 5C", "7C 7D KC KD JD 9D 2C 4D"]
    play(s, "deal " + " / ".join([hand0] + others), f"upcard {upcard}")
    return s


def test_nk11_exactly_the_contract_books_of_different_ranks():
    book7 = parse_meld("7C 7D 7H")
    why = lay_problem(parse_meld("7S 7C 7D"), cards("7S 7C 7D 9S"), 1, 0, [book7])
    assert why == "a contract's books must be of different ranks (NK-11)"
    s = new()  # 6 hand: 2 books; six sevens and a draw are no contract
    play(s, "deal 7C 7D 7H 7S 7C 7D / " + " / ".join(QUIET6.split(" / ")[1:]), "upcard 2H", "pass")
    pass_offers(s)
    play(s, "draw 7H")
    assert not any(t.startswith("meld") for t in legal(s))
    refused(s, "meld 7C 7D 7H", "NK-11")
    # exactly the contract: no third book after going down
    s3 = new()
    play(s3, "deal 7C 7D 7H 9S 9C 9D / " + " / ".join(QUIET6.split(" / ")[1:]), "upcard 2H", "pass")
    pass_offers(s3)
    play(s3, "draw 4S", "meld 7C 7D 7H", "meld 9C 9D 9S")
    assert s3.owed == (0, 0) and legal(s3) == {"discard 4S"}


def test_nk11_same_suit_runs_that_could_join_are_refused_overlapping_allowed():
    s = _eight_hand_seat0("3S 4S 5S 6S 7S 8S 9S 10S")
    play(s, "pass")
    pass_offers(s)
    play(s, "draw 5H")
    # 3-4-5-6 + 7-8-9-10 could be one run: refused, and never offered
    assert "meld 3S 4S 5S 6S" not in legal(s)
    refused(s, "meld 3S 4S 5S 6S", "NK-11")
    s = _eight_hand_seat0("3S 4S 5S 6S 5S 6S 7S 8S")
    play(s, "pass")
    pass_offers(s)
    play(s, "draw 5H", "meld 3S 4S 5S 6S")
    assert "meld 5S 6S 7S 8S" in legal(s)
    play(s, "meld 5S 6S 7S 8S")
    assert s.owed == (0, 0) and legal(s) == {"discard 5H"}
    s = _eight_hand_seat0("3S 4S 5S 6S 8S 9S 10S JS")
    play(s, "pass")
    pass_offers(s)
    play(s, "draw 5H", "meld 3S 4S 5S 6S", "meld 8S 9S 10S JS")
    assert s.has_melded(0)
    # runs that together would be longer than 13 can never be one run: allowed
    two = parse_meld("AS 2S 3S 4S 5S 6S 7S")
    assert lay_problem(parse_meld("8S 9S 10S JS QS KS AS"), cards("8S 9S 10S JS QS KS AS"), 0, 1, [two]) is None


def test_nk11a_going_down_meld_by_meld_is_a_pending_commitment():
    s = _eight_hand_seat0("3S 4S 5S 6S 8H 9H 10H JH")
    play(s, "pass")
    pass_offers(s)
    play(s, "draw 2H")
    assert "discard 2H" in legal(s)
    play(s, "meld 3S 4S 5S 6S")
    assert s.owed == (0, 1) and s.has_melded(0)
    assert legal(s) == {"meld 8H 9H 10H JH"}
    refused(s, "discard 2H", "NK-11")
    play(s, "meld 8H 9H 10H JH")
    assert legal(s) == {"discard 2H"}
    # a first meld that leaves the rest of the contract impossible is refused
    s = _eight_hand_seat0("3S 4S 5S 6S 7S 8S 9S 10S")
    play(s, "pass")
    pass_offers(s)
    play(s, "draw 2H")
    refused(s, "meld 3S 4S 5S 6S 7S 8S 9S 10S", "NK-11")
    assert not any(t.startswith("meld") for t in legal(s))


# ---------------------------------------------------------------------------
# NK-12 .. NK-14: the turn, the offer, the penalty card, the card underneath
# ---------------------------------------------------------------------------

def test_nk12_acquire_then_meld_then_discard():
    s = quiet()
    assert legal(s) == {"take", "pass"}
    refused(s, "discard 2C", "NK-12")
    refused(s, "claim", "NK-13")
    play(s, "take")
    assert s.phase == Phase.PLAY and "take" not in legal(s)
    refused(s, "take", "NK-12")
    assert all(t.startswith("discard") for t in legal(s))


def test_nk13b_take_the_top_discard_free_and_it_is_publicly_known():
    s = quiet(upcard="9D")
    play(s, "take")
    assert "9D" in hand(s, 0) and len(s.hands[0]) == 7 and s.claims == [0] * 4
    assert [c.text for c in s.view(2).known[0]] == ["9D"]
    play(s, "discard 9D")
    assert s.view(2).known[0] == ()


def test_nk13c_offer_order_first_claim_wins_penalty_card_seen_only_by_the_claimant():
    s = quiet(n=5)
    play(s, "pass")
    assert (s.phase, s.offer_seat, s.to_move, s.turn) == (Phase.OFFER, 1, 1, 0)
    assert legal(s) == {"claim", "pass"}
    play(s, "pass")
    assert s.offer_seat == 2
    play(s, "claim")
    assert s.to_move == CHANCE and "9D" in hand(s, 2) and s.claims == [0, 0, 1, 0, 0]
    pen = A("penalty QH")
    assert s.observation(pen, 2) == "penalty QH"
    assert all(s.observation(pen, k) == "penalty" for k in (0, 1, 3, 4))
    ev = s.apply(pen)
    private = [e for e in ev if e.kind == "penalty_private"]
    assert private and all(e.visible_to == frozenset({2}) for e in private)
    assert all(e.visible_to is None for e in ev if e.kind == "penalty")
    assert len(s.hands[2]) == 8 and "QH" in hand(s, 2)
    v1 = s.view(1)
    assert [c.text for c in v1.known[2]] == ["9D"] and v1.hand_sizes[2] == 8 and v1.claims[2] == 1
    assert parse_cards("QH")[0] not in v1.known[2]
    # the offer stops at the first claim: no card underneath, so seat 0 draws
    assert s.phase == Phase.DRAW and s.to_move == CHANCE and s.turn_seat == 0
    assert s.observation(A("draw 4S"), 0) == "draw 4S" and s.observation(A("draw 4S"), 2) == "draw"


def test_nk13c_melded_seats_are_skipped_and_the_offer_starts_left_of_the_current_player():
    s = quiet(n=5)
    quiet_turn(s)  # seat 0
    s.down_turn[3] = 1  # seat 3 has gone down (as if) this round
    play(s, "pass")  # seat 1 passes the top discard
    assert pass_offers(s) == [2, 4]  # seat 0 discarded it (NK-14a)
    assert s.phase == Phase.DRAW and s.turn_seat == 1


def test_nk14a_the_discarder_is_not_offered_its_own_discard():
    """With three players seat 0's discard is offered to seat 2 only (seat 1 passed it on its turn);
    the up-card of a round's first turn, which nobody threw, goes round to everyone but C."""
    s = quiet(n=3)
    play(s, "pass")  # turn 1: the up-card
    assert pass_offers(s) == [1, 2]
    play(s, f"draw {s.pool[0].text}")
    play(s, "discard 2C")  # seat 0 throws 2C
    assert s.turn_seat == 1 and s.discards[-1].text == "2C"
    assert not s.may_claim(0) and s.may_claim(2) and not s.view(2).may_claim(0)
    play(s, "pass")  # seat 1 passes 2C: offered to seat 2, never back to seat 0
    assert pass_offers(s) == [2] and s.phase == Phase.DRAW


def test_nk13d_the_card_underneath_is_offered_to_c_only_nk13f_and_the_option():
    for claims_per_turn in (1, 2):
        s = quiet(out_of_turn_claims_per_turn=claims_per_turn)
        quiet_turn(s)  # discards: 9D, then what seat 0 drew
        top, under = s.discards[-1], s.discards[-2]
        play(s, "pass", "claim")  # seat 1 passes, seat 2 claims
        play(s, "penalty 7D")
        assert s.phase == Phase.AFTER and s.to_move == 1 and s.discards[-1] is under
        assert legal(s) == {"take", "pass"}
        c = s.clone()
        play(c, "take")  # NK-13d: take the card underneath
        assert under.text in hand(c, 1) and c.phase == Phase.PLAY and c.known[1] == [under]
        play(s, "pass")
        if claims_per_turn == 1:
            assert s.phase == Phase.DRAW  # NK-13f: not offered to anyone else
        else:
            assert s.phase == Phase.OFFER and s.offer_seat == 2  # offered again from C's left
            play(s, "claim", "penalty 7S")
            assert s.claims == [0, 0, 2, 0] and top.text in hand(s, 2) and under.text in hand(s, 2)
    s = quiet(out_of_turn_claims_per_turn=0)
    play(s, "pass")
    assert s.phase == Phase.DRAW  # no claims at all


def test_nk13e_nobody_claims_c_draws_and_nk13g_claim_limit_per_round():
    s = quiet()
    play(s, "pass")
    assert pass_offers(s) == [1, 2, 3] and s.phase == Phase.DRAW and s.turn_seat == 0
    for limit, offered in ((1, [0]), (None, [0, 1])):  # no limit by default
        s = quiet(max_claims_per_player_per_round=limit)
        play(s, "pass", "claim", "penalty 7D")  # seat 1 claims once
        play(s, "draw 7C", "discard 7C")
        quiet_turn(s)  # seat 1's own turn
        quiet_turn(s)  # seat 2's
        play(s, "pass")  # seat 3 passes seat 2's discard: not to seat 2 (NK-14a), to seat 1 only without a limit
        assert pass_offers(s) == offered


def test_nk13h_a_melded_player_takes_discards_on_its_own_turn_nk14_offers_every_turn():
    s = quiet()
    quiet_turn(s)
    play(s, "pass")  # turn 2: the discard is offered again (NK-14)
    assert s.phase == Phase.OFFER and s.offer_seat == 2
    s = quiet()
    s.down_turn[0] = 0  # seat 0 went down (as if) before this turn
    assert legal(s) == {"take", "pass"}
    play(s, "take")
    assert "9D" in hand(s, 0)


# ---------------------------------------------------------------------------
# Test vectors 4 and 5; NK-15, NK-16, NK-18: going down, layoffs, joker swaps
# ---------------------------------------------------------------------------

def _vector4() -> NickelsState:
    """The 7 hand (1 book + 1 run), dealer 3. Seat 1 claims the up-card (a joker) on seat 0's turn,
    goes down on its own with 9C 9D 9H (m1) and 4S JK=5S 6S 7S (m2); seat 2 claims 2C on seat 1's
    turn and goes down with 10D 10H 10S (m3) and JD QD KD AD (m4)."""
    s = new(round_no=1)
    play(s, "deal 2H 3H 5D 6C 7C QH KC / 4S 6S 7S 9C 9D 9H 8S / 10H 10D 10S JD QD KD AD / 2D 3D 5S 6H 8H JC KH",
         "upcard JK", "pass", "claim", "penalty 10C", "draw 2C", "discard 2C")
    play(s, "pass", "claim", "penalty 8C")  # seat 1's turn: seat 2 claims 2C
    assert s.phase == Phase.DRAW and s.turn_seat == 1  # nothing under 2C
    play(s, "draw 3C", "meld 9C 9D 9H", "meld 4S JK=5S 6S 7S")
    return s


def test_nk15_no_layoff_in_the_going_down_turn_test_vector_5_offers_skip_melded_seats():
    s = _vector4()
    assert hand(s, 1) == "3C 8S 10C"
    refused(s, "layoff 8S m2", "NK-15")
    assert legal(s) == {"discard 3C", "discard 8S", "discard 10C"}
    play(s, "discard 3C")
    play(s, "pass")  # seat 2's turn
    assert pass_offers(s) == [3, 0]  # seat 1 has melded: skipped (vector 5)
    play(s, "draw 4H", "meld 10D 10H 10S", "meld JD QD KD AD", "discard 4H")
    assert hand(s, 2) == "2C 8C"
    quiet_turn(s)  # seat 3
    play(s, "pass")  # seat 0: seats 1 and 2 have melded, seat 3 threw the card (NK-14a)
    assert pass_offers(s) == []
    play(s, "draw 8D", "discard 8D")


def test_nk16_layoffs_on_anyones_melds_joker_replacement_test_vector_4_nk18_out_by_layoff():
    s = _vector4()
    play(s, "discard 3C", "pass")
    pass_offers(s)
    play(s, "draw 4H", "meld 10D 10H 10S", "meld JD QD KD AD", "discard 4H")
    quiet_turn(s)
    quiet_turn(s)
    play(s, "pass")  # seat 1's next turn
    pass_offers(s)
    play(s, "draw 5S")
    assert hand(s, 1) == "5S 8S 10C" and s.may_lay_off(1)
    moves = legal(s)
    assert {"swap 5S m2", "layoff 8S m2", "layoff 10C m3"} <= moves
    refused(s, "swap 10C m2", "NK-16")  # the joker in m2 stands for 5S exactly
    refused(s, "layoff 10C m1", "NK-16")
    refused(s, "layoff AD m4", "you do not hold")
    refused(s, "meld 8S 8S 8S", "NK-16")  # no new melds after going down
    play(s, "swap 5S m2")
    assert hand(s, 1) == "8S 10C JK" and s.meld_by_id(2).meld.text() == "4S 5S 6S 7S"
    assert Card.joker() in s.view(0).known[1]
    assert s.is_legal(A("layoff JK m1"))  # vector 4: the freed joker may go on the book of 9s
    keep = s.clone()
    play(keep, "layoff 8S m2", "discard 10C")  # or kept (a joker kept costs 50 at the end)
    assert hand(keep, 1) == "JK"
    play(s, "layoff JK m3")  # on seat 2's book
    assert s.meld_by_id(3).meld.text() == "10D 10H 10S JK"
    refused(s, "swap 10C m3", "NK-16", "permanent")  # jokers in books are permanent
    play(s, "layoff 10C m3")
    ev = play(s, "layoff 8S m2")  # NK-18: out by laying off the last card
    assert [e.kind for e in ev][:3] == ["layoff", "out", "hand_over"] and s.out_seat == 1
    # NK-21: seat 2 melded (2C 8C: 10), seats 0 and 3 did not (+25)
    assert s.round_scores[-1] == [5 * 5 + 10 + 10 + 25, 0, 10, 5 * 5 + 10 + 10 + 25]


def test_nk16_run_layoffs_ace_high_or_low_and_a_joker_naming_its_card():
    s = _vector4()
    play(s, "discard 3C", "pass")
    pass_offers(s)
    play(s, "draw 4H", "meld 10D 10H 10S", "meld JD QD KD AD", "discard 4H")
    quiet_turn(s)
    quiet_turn(s)
    play(s, "pass")
    pass_offers(s)
    play(s, "draw JK")
    m = legal(s)
    assert {"layoff JK=3S m2", "layoff JK=8S m2", "layoff JK=10D m4", "layoff JK m1", "layoff JK m3"} <= m
    assert not any("m4 low" in t for t in m)  # J-Q-K-A takes only the 10 below
    refused(s, "layoff JK=AD m4 low", "NK-8")
    refused(s, "layoff JK m2", "NK-9")  # name the card
    play(s, "layoff JK=3S m2")
    assert s.meld_by_id(2).meld.text() == "JK=3S 4S JK=5S 6S 7S"
    assert "layoff JK=2S m2" not in legal(s)  # no joker left


def test_nk16_ace_low_layoff_on_a_run():
    s = _eight_hand_seat0("2S 3S 4S 5S 8H 9H 10H JH", upcard="KC")
    play(s, "pass", "pass", "claim", "penalty AS")  # seat 2 claims: not relevant to seat 0
    play(s, "draw AS")
    play(s, "meld 2S 3S 4S 5S", "meld 8H 9H 10H JH")
    assert legal(s) == {"discard AS"}  # NK-15 again; NK-17: one card left, no pickups
    ev = play(s, "discard AS")
    assert s.out_seat == 0 and any(e.kind == "out" for e in ev)


def test_nk16_layoff_ace_low_needs_low():
    """An ace on 2-3-4-5 goes at the low end only with 'low'; refusals name NK-8."""
    from engine.games.nickels.game import Layoff, TableMeld, layoff_problem
    run = TableMeld(1, 0, parse_meld("2S 3S 4S 5S"))
    aces = parse_cards("AS")
    assert layoff_problem(Layoff(aces[0], 1, None, True), aces, [run]) is None
    why = layoff_problem(Layoff(aces[0], 1), aces, [run])
    assert "NK-8" in why and "'layoff AS m1 low'" in why
    high = TableMeld(2, 0, parse_meld("10S JS QS KS"))
    assert layoff_problem(Layoff(aces[0], 2), aces, [high]) is None
    why = layoff_problem(Layoff(aces[0], 2, None, True), aces, [high])
    assert "NK-8" in why and "'layoff AS m2'" in why and "high end" in why


# ---------------------------------------------------------------------------
# NK-17, NK-18: the 8 hand (test vector 2) and the worked example
# ---------------------------------------------------------------------------

def test_test_vector_2_nk17_going_down_without_pickups_leaves_one_card_nk18_discard_goes_out():
    s = _eight_hand_seat0("2H 3H 4H 5H 9C 10C JC 6S", upcard="QC")
    play(s, "take")
    assert len(s.hands[0]) == 9
    play(s, "meld 2H 3H 4H 5H", "meld 9C 10C JC QC")
    assert hand(s, 0) == "6S" and legal(s) == {"discard 6S"}
    ev = play(s, "discard 6S")
    assert s.out_seat == 0 and [e.kind for e in ev][1:3] == ["out", "hand_over"]


def test_worked_example_4_players_8_hand_dealer_3():
    s = new(round_no=2, dealer=3)
    play(s, "deal 2H 3H 4H 5H 9C 10C JC 6S / JK AC 9C 9D 4D 3D 2S QC / 4H 5H 6H 8S 9S 10S JS KD / "
            "2D 3C 4C 5D 6D 7C 8D 9D", "upcard 7H")
    # 1. seat 0 declines, seat 1 declines, seat 2 claims 7H and a penalty card: 10 cards
    play(s, "pass")
    assert s.offer_seat == 1
    play(s, "pass", "claim", "penalty QS")
    assert len(s.hands[2]) == 10
    # 2. nothing under 7H: seat 0 draws
    assert s.phase == Phase.DRAW and s.turn_seat == 0 and s.discards == []
    play(s, "draw KS", "discard KS")
    play(s, "pass")  # seat 1's turn
    pass_offers(s)
    play(s, "draw 5C", "discard 5C")
    # 3. seat 2 draws (11), goes down with runs of 4 and 5 (9 cards), discards 1, keeps 1
    play(s, "pass")
    pass_offers(s)
    play(s, "draw 2C")
    assert len(s.hands[2]) == 11
    play(s, "meld 4H 5H 6H 7H", "meld 8S 9S 10S JS QS", "discard 2C")
    assert hand(s, 2) == "KD"
    # 4. seat 2 can no longer take cards out of turn
    play(s, "pass")  # seat 3
    assert pass_offers(s) == [0, 1]
    play(s, "draw 6C", "discard 6C")
    # 5. seat 0 goes down with two runs using all but one card and goes out
    play(s, "pass")
    assert pass_offers(s) == [1]  # seat 3 threw 6C (NK-14a)
    play(s, "draw QC", "meld 2H 3H 4H 5H", "meld 9C 10C JC QC")
    assert hand(s, 0) == "6S"
    play(s, "discard 6S")
    # 6. scores
    assert s.out_seat == 0
    assert s.round_scores[-1] == [0, 130, 10, 65]
    assert hand(s, 1) == "" and s.round_no == 3  # the 9 hand is being dealt


# ---------------------------------------------------------------------------
# NK-19, NK-19a: the draw pile runs out; every round ends
# ---------------------------------------------------------------------------

def _drain(s: NickelsState, keep: int) -> None:
    """Move all but ``keep`` cards of the draw pile under the discard pile's top card."""
    moved, s.pool = s.pool[keep:], s.pool[:keep]
    s.discards = moved + s.discards


def test_nk19_reshuffle_all_discards_but_the_top():
    s = quiet()
    _drain(s, 0)
    top = s.discards[-1]
    n = len(s.discards)
    ev = play(s, "pass", "pass", "pass", "pass")  # seat 0 passes, then seats 1, 2, 3
    assert s.phase == Phase.DRAW and len(s.pool) == n - 1 and s.discards == [top]
    assert [e.kind for e in ev][-1] == "reshuffle" and "NK-19" in ev[-1].text
    assert sum(len(z) for z in s.zones().values()) == 108


def test_nk19_a_claim_needs_a_penalty_card_and_the_round_ends_when_none_can_be_drawn():
    s = quiet()
    _drain(s, 0)
    s.discards = s.discards[-2:]  # pretend the rest left the game: only two cards, no draw pile
    s.pool = []
    assert not s.may_claim(1)  # after the claim only one discard would be left: no penalty card (NK-19)
    play(s, "pass")
    assert s.phase == Phase.DRAW and len(s.pool) == 1  # no offers; the card under the top is the new draw pile
    s = quiet()
    s.pool, s.discards = [], s.discards[-1:]
    ev = play(s, "pass")
    assert s.round_no == 1 and s.out_seat is None and [e.kind for e in ev][1:3] == ["round_end", "hand_over"]
    assert "NK-19" in ev[1].text
    assert s.round_scores[-1][0] == 5 * 4 + 10 * 2 + 25  # NK-21: scored, +25 for not melding


def test_nk19a_max_turns_per_round_ends_the_round_with_nobody_out():
    s = quiet(max_turns_per_round=10)
    for _ in range(9):
        quiet_turn(s)
    assert s.round_no == 0 and s.turn_no == 10
    play(s, "pass")
    pass_offers(s)
    card = s.pool[0]
    ev = play(s, f"draw {card.text}", f"discard {card.text}")
    end = next(e for e in ev if e.kind == "round_end")
    assert "NK-19a" in end.text and s.out_seat is None and s.round_no == 1
    assert NickelsVariant().max_turns_per_round == 1000
    with pytest.raises(ConfigError):
        build_variant(NickelsVariant, {"max_turns_per_round": 5})


# ---------------------------------------------------------------------------
# NK-20: the 12 hand (test vector 3); NK-21, NK-22: scoring
# ---------------------------------------------------------------------------

TWELVE_OTHERS = ["2C 4C 6C 8C 10C QC AC 3D 5D 7D 9D JD", "2D 4D 6D 8D 10D QD AD 3S 5S 7S 9S JS",
                 "2S 4S 6S 8S 10S QS AS 3C 5C 7C 9C JC"]


def test_nk20_test_vector_3_twelve_hand_all_cards_in_three_runs_no_discard():
    s = new(round_no=6)
    play(s, "deal 2H 3H 4H 5H 7H 8H 9H 10H JC QC KC AC / " + " / ".join(TWELVE_OTHERS), "upcard 5S", "pass")
    pass_offers(s)
    play(s, "draw KS")  # 13 cards, only 12 fit in three runs
    s2 = new(round_no=6)
    play(s2, "deal 2H 3H 4H 5H 7H 8H 9H 10H JC QC KC AC / " + " / ".join(TWELVE_OTHERS), "upcard 5S", "pass")
    pass_offers(s2)
    play(s2, "draw 10C")  # 10C JC QC KC AC: a run of 5
    assert "meld 2H 3H 4H 5H" in legal(s2)
    play(s2, "meld 2H 3H 4H 5H", "meld 7H 8H 9H 10H")
    refused(s2, "discard AC", "NK-11")
    ev = play(s2, "meld 10C JC QC KC AC")
    assert s2.out_seat == 0 and any(e.kind == "out" for e in ev)
    # NK-21: no 25 in the 12 hand for those who did not meld
    assert s2.round_scores[-1] == [0, 8 * 5 + 3 * 10 + 20, 90, 90]
    assert s2.phase == Phase.OVER and s2.is_over
    # only 12 of the 13 fit: no going down at all
    assert not any(t.startswith("meld") for t in legal(s))
    why = refused(s, "meld 2H 3H 4H 5H", "NK-20")
    assert "no discard" in why


def test_nk21_unmelded_penalty_option_and_nk22_lowest_total_wins_ties_share():
    s = new(round_no=6, max_turns_per_round=10, unmelded_penalty=40)
    s.totals = [100, 50, 60, 50]
    play(s, "deal 2H 3H 4H 5H 7H 8H 9H 10H JC QC KC AC / " + " / ".join(TWELVE_OTHERS), "upcard 5S")
    for _ in range(10):
        quiet_turn(s)
    assert s.is_over
    assert s.round_scores[-1] == [7 * 5 + 4 * 10 + 20, 90, 90, 90]  # NK-21: no 25 (here 40) in the 12 hand
    assert s.totals == [195, 140, 150, 140]
    assert s.winners() == [1, 3] and s.scores() == [195.0, 140.0, 150.0, 140.0]
    s = quiet(max_turns_per_round=10, unmelded_penalty=40)
    for _ in range(10):
        quiet_turn(s)
    assert s.round_scores[-1][0] == 4 * 5 + 2 * 10 + 40


def test_views_show_melds_discards_pool_size_who_has_melded_and_claims():
    s = _vector4()
    v = s.view(3)
    assert [m.label() for m in v.melds] == ["m1", "m2"] and v.down_turn[1] == s.turn_no
    assert v.pool_count == len(s.pool) and v.claims == (0, 1, 1, 0)
    assert [c.text for c in v.known[2]] == ["2C"] and v.hand == tuple(s.hands[3])
    assert "10C" not in " ".join(c.text for c in v.known[1])  # the penalty card stays hidden
    assert v.contract == (1, 1)


def test_refusals_name_the_rule():
    s = quiet()
    assert "NK-12" in refused(s, "layoff 2C m1")
    play(s, "pass")
    assert "NK-13" in refused(s, "take")
    s = quiet()
    play(s, "take")
    assert "NK-16" in refused(s, "layoff 2C m1")
    assert "NK-16" in refused(s, "swap 2C m1")
    refused(s, "discard AS", "do not hold")
    s = quiet()
    play(s, "take")
    assert isinstance(A("meld 7C 7D JK"), LayMeld)


def test_nk7_a_constructed_book_must_be_a_real_book_in_canonical_order():
    """NK-7: a LayMeld built by hand (not parsed) is checked like a parsed one: a book of 7s
    that calls itself a book of 8s, or lists a joker first, is refused, so is_legal agrees with
    legal_actions."""
    from engine.games.nickels.melds import Book
    s = new()
    play(s, "deal 7C 7D 7H 9S 9D JK / " + " / ".join(QUIET6.split(" / ")[1:]), "upcard 2H", "pass")
    pass_offers(s)
    play(s, "draw 9C")
    seven, nine, joker = parse_cards("7C 7D 7H"), parse_cards("9S 9D 9C"), Card.joker()
    assert LayMeld(Book(7, tuple(seven))) in s.legal_actions()
    for bad in (Book(8, tuple(seven)), Book(9, (joker, nine[0], nine[1])), Book(7, (seven[1], seven[0], seven[2]))):
        a = LayMeld(bad)
        assert a not in s.legal_actions()
        assert not s.is_legal(a) and "NK-7" in s.why_illegal(a)


def test_nk20_nk9a_twelve_hand_whose_lowest_card_run_must_wait_for_another_run():
    """NK-20 with NK-9a and three naturals per meld: JK=5D 6D 7D 8D, then 7D 8D 9D 10D, then
    6D JK=7D JK=8D 9D 10D (7D and 8D no longer held) lays all 13 cards; the run holding the lowest
    card (6D) with two jokers can only come last."""
    hand = "6D 6D 7D 7D 8D 8D 9D 9D 10D 10D JK JK JK"
    assert completable(cards(hand), 0, 3, [], 3, True)
    assert next_melds(parse_cards(hand), 0, 3, [], 3, True)
    s = new(round_no=6, min_naturals_per_meld=3)
    others = "2C 4C 6C 8C 10C QC AC 3S 5S 7S 9S JS / 2H 4H 6H 8H 10H QH AH 3C 5C 7C 9C JC / " \
             "2S 4S 6S 8S 10S QS AS 3H 5H 7H 9H JH"
    play(s, "deal 6D 6D 7D 7D 8D 8D 9D 9D 10D 10D JK JK / " + others, "upcard 5S", "pass")
    pass_offers(s)
    play(s, "draw JK", "meld JK=5D 6D 7D 8D", "meld 7D 8D 9D 10D")
    assert legal(s) == {"meld 6D JK=7D JK=8D 9D 10D"}
    play(s, "meld 6D JK=7D JK=8D 9D 10D")
    assert s.out_seat == 0 and s.is_over
