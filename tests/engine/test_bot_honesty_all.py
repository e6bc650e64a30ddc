"""Honesty of every bot level of every built game: a decision never depends on a
card the seat cannot see.

For positions of real games we build other full states that differ only in
hidden cards, in two independent ways:

* ``determinize``: the seat's own view re-deals every hidden card
  (``state.view(seat).determinize(rng)``);
* ``swap``: a few hidden cards change places in the true state (between the
  other hands and the face-down piles), keeping every fact the seat knows:
  hand sizes, the start card with the starter and the low cards in the draw
  pile (Nags NA-7), voids and the called card's unknown holder (Noms NO-12,
  NO-15), non-wild stocks (Spite & Malice SM-5).

The seat's views must be equal, and every level (random, easy, medium, hard;
the searches with a small fixed iteration budget) seeded alike must choose the
same action. Noms also checks that the order in which the previous hand's
tricks were gathered (the next deck's order, NO-5) reaches no view.
"""

from __future__ import annotations

import random

import pytest

from engine.games import levels_for, make_bot
from engine.ai.base import BUDGETS
from engine.games import make_search_bot
from engine.core import CHANCE
from engine.games import get_game
from engine.games.nags.game import NagsVariant, Phase as NagsPhase, start_search_key
from engine.games.noms.game import NomsVariant, Phase as NomsPhase
from engine.games.nickels.game import NickelsVariant
from engine.games.nogginate.cards import CHEAT_CARDS
from engine.games.nogginate.game import NogginateVariant
from engine.games.spite_malice.game import VALUE, SpiteMaliceVariant

pytestmark = pytest.mark.slow  # a slow family: the inner loop runs -m 'not slow'

ITERATIONS = 12

GAMES = {
    "nags": [(NagsVariant(), 2), (NagsVariant(direction_mode="choice"), 3),
             (NagsVariant(shuffle_on_recycle=True, allow_voluntary_turn=True), 4)],
    "noms": [(NomsVariant(), 4), (NomsVariant(mis_value_10=True, first_lead="dealer_left"), 4)],
    "spite_malice": [(SpiteMaliceVariant(), 2), (SpiteMaliceVariant(include_wild_cards_in_stock=False), 2)],
    "nickels": [(NickelsVariant(), 4), (NickelsVariant(max_claims_per_player_per_round=3), 3),
                (NickelsVariant(), 5)],
    "nogginate": [(NogginateVariant(), 4), (NogginateVariant(), 2), (NogginateVariant(six_player_teams="2x3"), 6)],
}


def bots_for(game_id: str) -> dict:
    """Every level of the game; the searches with a fixed iteration budget."""
    out = {}
    for level in levels_for(game_id):
        if level in BUDGETS:
            out[level] = make_search_bot(game_id, level, iterations=ITERATIONS)
        else:
            out[level] = make_bot(game_id, level)
    return out


def positions(game_id: str, n: int, seed: int, tables=None, keep=None, steer=None):
    """Yield states at decisions with a choice, from easy/random self-play.

    ``tables``: the ``(variant, seats)`` tables to play (default ``GAMES[game_id]``); ``keep(state)``:
    only such states are yielded; ``steer(action, legal, rng)``: replaces a bot's action (to make
    rare moves happen)."""
    rng = random.Random(seed)
    game = get_game(game_id)
    tables = tables or GAMES[game_id]
    found = 0
    g = 0
    while found < n:
        variant, seats = tables[g % len(tables)]
        g += 1
        state = game.new_state(variant, seats)
        bots = [make_bot(game_id, "easy" if i % 2 == 0 else "random") for i in range(seats)]
        steps = 0
        while not state.is_over and found < n and steps < 400:
            if state.to_move == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            view = state.view(state.to_move)
            legal = view.legal_actions()
            if len(legal) > 1 and rng.random() < 0.15 and (keep is None or keep(state)):
                found += 1
                yield state.clone()
            a = bots[state.to_move].choose(view, legal, rng)
            state.apply(a if steer is None else steer(a, legal, rng))
            steps += 1


# -- swaps of hidden cards that keep the seat's view --------------------------

def swap_nags(state, seat: int, rng: random.Random):
    """NA-6/NA-7/NA-15: swap hidden cards between the other hands and the
    unordered draw pile (not the start card before the opening, not a card
    below the start card, not a card known to be in the pool)."""
    s = state.clone()
    fixed = set()
    if s.phase is NagsPhase.PLAY and s.start_card is not None and not s.opened:
        fixed.add(s.start_card)
    low = start_search_key(s.start_card) if s.start_card is not None else None
    places = [s.hands[i] for i in range(s.n_seats) if i != seat] + [s.pool]
    known = list(s.pool_known)
    for _ in range(8):
        a, b = rng.sample(range(len(places)), 2)
        pa, pb = places[a], places[b]
        ia = [k for k, c in enumerate(pa) if c not in fixed and c not in known
              and (low is None or start_search_key(c) >= low)]
        ib = [k for k, c in enumerate(pb) if c not in fixed and c not in known
              and (low is None or start_search_key(c) >= low)]
        if ia and ib:
            x, y = rng.choice(ia), rng.choice(ib)
            pa[x], pb[y] = pb[y], pa[x]
    for i in range(s.n_seats):
        s.hands[i].sort()
    return s


def swap_noms(state, seat: int, rng: random.Random):
    """NO-12/NO-14/NO-15: swap cards of one suit between two other hands that
    are not void in it; the called card moves only while this seat cannot know
    its holder (the partner follows the card)."""
    s = state.clone()
    if s.phase not in (NomsPhase.AUCTION, NomsPhase.TRUMP, NomsPhase.CALL, NomsPhase.PLAY):
        return s
    view = s.view(seat)
    voids = view.voids()
    others = [i for i in range(4) if i != seat and not (view.exposed and i == s.declarer)]
    movable_called = view.partner is None
    for _ in range(10):
        if len(others) < 2:
            break
        a, b = rng.sample(others, 2)
        suit = rng.randrange(4)
        if suit in voids[a] or suit in voids[b]:
            continue
        xa = [c for c in s.hands[a] if c.suit == suit and (movable_called or c is not s.called)]
        xb = [c for c in s.hands[b] if c.suit == suit and (movable_called or c is not s.called)]
        if not xa or not xb:
            continue
        x, y = rng.choice(xa), rng.choice(xb)
        s.hands[a].remove(x)
        s.hands[b].remove(y)
        s.hands[a].append(y)
        s.hands[b].append(x)
        s.hands[a].sort()
        s.hands[b].sort()
    if s.phase is NomsPhase.AUCTION:  # before any play the dealt hands are the hands (NO-16)
        s.dealt = [h[:] for h in s.hands]
    if s.called is not None and not s.revealed:
        holder = next(i for i in range(4) if s.called in s.hands[i])
        s.partner = -1 if holder == s.declarer else holder
    return s


def swap_sm(state, seat: int, rng: random.Random):
    """SM-5/SM-18: swap cards between the other hand, both stocks below their
    top cards and the draw deck (no wild card into a stock when the variant
    keeps them out). The removed pile's contents are known (SM-18 amended): its
    cards stay; only its order is shuffled."""
    s = state.clone()
    other = 1 - seat
    wmin = s.variant.wild_min
    no_wild_stock = not s.variant.include_wild_cards_in_stock
    # (list, first index, last index exclusive, is a stock)
    places = [(s.hands[other], 0, len(s.hands[other]), False), (s.pool, 0, len(s.pool), False)]
    rng.shuffle(s.removed)
    for i in range(2):
        places.append((s.stocks[i], 0, max(0, len(s.stocks[i]) - 1), True))
    places = [p for p in places if p[2] > p[1]]
    for _ in range(10):
        if len(places) < 2:
            break
        (la, a0, a1, sa), (lb, b0, b1, sb) = rng.sample(places, 2)
        x, y = rng.randrange(a0, a1), rng.randrange(b0, b1)
        if no_wild_stock and ((sa and VALUE[lb[y]] >= wmin) or (sb and VALUE[la[x]] >= wmin)):
            continue
        la[x], lb[y] = lb[y], la[x]
    s.hands[other].sort()
    s.pool.sort()
    return s


def swap_nickels(state, seat: int, rng: random.Random):
    """NK-13/NK-18: swap hidden cards between the other hands and the unordered draw
    pile, never a card publicly known to be in a hand (a discard it took)."""
    s = state.clone()
    places = [s.hands[i] for i in range(s.n_seats) if i != seat] + [s.pool]
    known = [list(s.known[i]) for i in range(s.n_seats) if i != seat] + [[]]
    for _ in range(10):
        a, b = rng.sample(range(len(places)), 2)
        pa, pb = places[a], places[b]
        ia = [k for k, c in enumerate(pa) if c not in known[a]]
        ib = [k for k, c in enumerate(pb) if c not in known[b]]
        if ia and ib:
            x, y = rng.choice(ia), rng.choice(ib)
            pa[x], pb[y] = pb[y], pa[x]
    for i in range(s.n_seats):
        s.hands[i].sort(key=lambda c: c.order)
    return s


def swap_nogginate(state, seat: int, rng: random.Random):
    """NG-13/NG-36: swap hidden cards between the other hands (the partner's too: it is
    as hidden as an opponent's, NG-7) and the unordered stock, never a card publicly
    known to be in a hand (a taken pile)."""
    s = state.clone()
    places = [s.hands[i] for i in range(s.n_seats) if i != seat] + [s.stock]
    known = [list(s.known[i]) for i in range(s.n_seats) if i != seat] + [[]]
    for _ in range(10):
        a, b = rng.sample(range(len(places)), 2)
        pa, pb = places[a], places[b]
        ia = [k for k, c in enumerate(pa) if c not in known[a]]
        ib = [k for k, c in enumerate(pb) if c not in known[b]]
        if ia and ib:
            x, y = rng.choice(ia), rng.choice(ib)
            pa[x], pb[y] = pb[y], pa[x]
    for i in range(s.n_seats):
        s.hands[i].sort(key=lambda c: c.order)
    return s


SWAPS = {"nags": swap_nags, "noms": swap_noms, "spite_malice": swap_sm, "nickels": swap_nickels,
         "nogginate": swap_nogginate}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_no_level_uses_hidden_cards(game_id):
    """Every level decides alike on states that differ only in hidden cards."""
    bots = bots_for(game_id)
    assert set(bots) == {"random", "easy", "medium", "hard"}
    rng = random.Random(99)
    checked = moved = 0
    for k, state in enumerate(positions(game_id, 14, seed=len(game_id))):
        seat = state.to_move
        view = state.view(seat)
        alternatives = [view.determinize(random.Random(k)), SWAPS[game_id](state, seat, rng)]
        for alt in alternatives:
            if alt.fingerprint() != state.fingerprint():
                moved += 1
            alt_view = alt.view(seat)
            assert alt_view == view
            for level, bot in bots.items():
                a1 = bot.choose(view, view.legal_actions(), random.Random(k))
                a2 = bot.choose(alt_view, alt_view.legal_actions(), random.Random(k))
                assert a1 == a2, (game_id, level, str(a1), str(a2))
                assert a1 in view.legal_actions()
            checked += 1
    assert checked == 28
    assert moved >= checked * 3 // 4  # the hidden cards really moved in most states


def _state_at_cut(seed: int):
    """A Noms state after a played hand, at the cut of the next one (NO-5)."""
    rng = random.Random(seed)
    game = get_game("noms")
    while True:
        state = game.new_state(NomsVariant(), 4)
        bots = [make_bot("noms", "easy") for _ in range(4)]
        while not state.is_over:
            if state.phase is NomsPhase.CUT and state.hand_number >= 1 and state.results[-1][1] >= 0:
                return state, rng
            if state.to_move == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            view = state.view(state.to_move)
            state.apply(bots[state.to_move].choose(view, view.legal_actions(), rng))


def test_noms_bots_ignore_the_order_the_last_hand_was_gathered_in():
    """NO-5 and the AI note on the no-shuffle deal: two states that differ only
    in the order of the gathered deck (the previous hand's trick order) give
    every seat equal views; after the same cut, the states that differ only in
    the order each hand was dealt in give equal views and equal decisions."""
    state, rng = _state_at_cut(4)
    other = state.clone()
    other.deck = rng.sample(state.deck, len(state.deck))  # a different gathering order
    assert other.deck != state.deck
    for seat in range(4):
        assert state.view(seat) == other.view(seat)
    # Same cut, then the same hands dealt in a different order: `dealt` keeps the
    # deal order (the trace of the deck's order) and must not reach a view.
    state.apply(state.sample_chance(rng))
    other = state.clone()
    other.dealt = [rng.sample(p, len(p)) for p in state.dealt]
    assert other.dealt != state.dealt and sorted(map(sorted, other.dealt)) == sorted(map(sorted, state.dealt))
    bots = {lv: (make_search_bot("noms", lv, iterations=ITERATIONS) if lv in BUDGETS else make_bot("noms", lv))
            for lv in levels_for("noms")}
    decisions = 0
    while state.hand_number == other.hand_number and not state.is_over and decisions < 6:
        if state.to_move == CHANCE:
            break
        seat = state.to_move
        v1, v2 = state.view(seat), other.view(seat)
        assert v1 == v2
        for level, bot in bots.items():
            assert bot.choose(v1, v1.legal_actions(), random.Random(decisions)) == \
                bot.choose(v2, v2.legal_actions(), random.Random(decisions)), level
        a = bots["easy"].choose(v1, v1.legal_actions(), random.Random(decisions))
        state.apply(a)
        other.apply(a)
        decisions += 1
    assert decisions == 6


# -- Nogginate with cheat cards (NG-11, NG-C6, NG-C7) -------------------------------------------

NOGGINATE_CHEATS = [(NogginateVariant(use_cheat_cards=True), 4),
                    (NogginateVariant(use_cheat_cards=True, steal_return_policy="team_choice",
                                      cheat_nate_mixed_types=True), 4),
                    (NogginateVariant(use_cheat_cards=True), 3)]


def swap_nogginate_cheats(state, seat: int, rng: random.Random):
    """NG-11/NG-13/NG-36/NG-C6: swap hidden cards of one pool (custom cards between the other
    hands and the custom stock, cheat cards between the other hands and the cheat stock: how
    many cheat cards a hand holds is public), never a card publicly known to be in a hand nor
    one a partner showed this seat."""
    s = state.clone()
    view = state.view(seat)
    others = [i for i in range(s.n_seats) if i != seat]
    for cheat, stock in ((False, s.stock), (True, s.cheat_stock)):
        places = [s.hands[i] for i in others] + [stock]
        fixed = [list(s.known[i]) + list(view.shown[i]) for i in others] + [[]]
        for _ in range(10):
            a, b = rng.sample(range(len(places)), 2)
            pa, pb = places[a], places[b]
            ia = [k for k, c in enumerate(pa) if (c in CHEAT_CARDS) == cheat and c not in fixed[a]]
            ib = [k for k, c in enumerate(pb) if (c in CHEAT_CARDS) == cheat and c not in fixed[b]]
            if ia and ib:
                x, y = rng.choice(ia), rng.choice(ib)
                pa[x], pb[y] = pb[y], pa[x]
    for i in range(s.n_seats):
        s.hands[i].sort(key=lambda c: c.order)
    return s


def _draw_cheats_sometimes(a, legal, rng):
    if str(a) == "draw" and rng.random() < 0.4:
        return next((x for x in legal if str(x) in ("draw 1c1x", "draw 2x")), a)
    return a


def nogginate_cheat_positions(n: int, seed: int):
    """Decisions with a choice from easy/random self-play at tables with cheat cards, the
    easy seats drawing cheat cards now and then so that powers, Shows and Tells happen."""
    return positions("nogginate", n, seed, NOGGINATE_CHEATS,
                     keep=lambda s: bool(s.cheat_discards) or any(c in CHEAT_CARDS for h in s.hands for c in h),
                     steer=_draw_cheats_sometimes)


def test_no_nogginate_level_uses_hidden_cards_with_cheat_cards():
    """Every Nogginate level (and ``easy-plain``) decides alike on states that differ only in
    hidden cards at tables with cheat cards: the cheat stock, the cheat cards in other hands,
    and what was shown to the other team (NG-C6) stay hidden."""
    bots = bots_for("nogginate")
    bots["easy-plain"] = make_bot("nogginate", "easy-plain")
    rng = random.Random(7)
    checked = moved = 0
    for k, state in enumerate(nogginate_cheat_positions(14, seed=14)):
        seat = state.to_move
        view = state.view(seat)
        for alt in (view.determinize(random.Random(k)), swap_nogginate_cheats(state, seat, rng)):
            if alt.fingerprint() != state.fingerprint():
                moved += 1
            alt_view = alt.view(seat)
            assert alt_view == view
            for level, bot in bots.items():
                a1 = bot.choose(view, view.legal_actions(), random.Random(k))
                a2 = bot.choose(alt_view, alt_view.legal_actions(), random.Random(k))
                assert a1 == a2, ("nogginate+cheats", level, str(a1), str(a2))
                assert a1 in view.legal_actions()
            checked += 1
    assert checked == 28
    assert moved >= checked * 3 // 4
