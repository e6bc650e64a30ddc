"""The rummy tables' shared input machine (tui.screens.rummy_input), without a screen: selection ->
target -> choices, multi-digit meld ids, Enter's move, the hinted move, plans laid card by card."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from engine.cards import Card
from engine.core import Action, MeldTarget, meld_ids
from engine.games.nickels.game import Layoff, Swap
from engine.games.nogginate.game import Add, NewNoggi
from engine.games.nogginate.cards import NOGGINATE
from engine.games.nogginate.cheats import Steal
from tui.screens.rummy_input import RummyInput

C = NOGGINATE.parse_cards


@dataclass(frozen=True)
class Meld:
    id: int


@dataclass
class FakeView:
    """Melds with the given ids; ``moves_for`` answers from ``ways`` (kind -> target -> moves) and
    records what it was asked."""

    ids: Sequence[int]
    ways: dict[str, dict[MeldTarget, list[Action]]] = field(default_factory=dict)
    asked: list[tuple[str, tuple[Card, ...], MeldTarget]] = field(default_factory=list)

    @property
    def melds(self) -> list[Meld]:
        return [Meld(i) for i in self.ids]

    def moves_for(self, kind: str, cards: Sequence[Card] = (), target: MeldTarget = None) -> list[Action]:
        self.asked.append((kind, tuple(cards), target))
        return list(self.ways.get(kind, {}).get(target, []))


def machine(view: FakeView, refuse: Sequence[Action] = ()) -> tuple[RummyInput, list[Action]]:
    played: list[Action] = []

    def act(a: Action) -> bool:
        if a in refuse:
            return False
        played.append(a)
        return True

    def plan_for(kind: str, cards: Sequence[Card], target: MeldTarget) -> list[Action]:
        return [Add(meld_ids(target)[0], c) for c in cards] if target is not None else []

    return RummyInput(lambda: view, act, str, lambda a: [getattr(a, "card")] if hasattr(a, "card") else [],
                      plan_for), played


NINE_C = C("9C")[0]


def test_a_key_with_no_target_plays_the_one_move_and_offers_several_by_number():
    a, b = Layoff(NINE_C, 2), Layoff(NINE_C, 2, low=True)
    view = FakeView([1, 2], {"discard": {None: [a]}, "meld": {None: [a, b]}})
    m, played = machine(view)
    assert m.start("discard", [NINE_C]) == "played" and played == [a]
    assert m.start("meld", [NINE_C]) == "ask" and m.choices == [a, b]
    assert m.enter([NINE_C]) is None  # Enter never picks one of several
    assert m.digit(7) == "ignored" and m.choices == [a, b]
    assert m.digit(2) == "played" and played == [a, b] and not m.choices
    assert m.start("pass") == "none"  # the input names no move: the table says its line


def test_the_hinted_way_is_played_when_it_is_among_several():
    a, b = Layoff(NINE_C, 2), Layoff(NINE_C, 2, low=True)
    m, played = machine(FakeView([2], {"meld": {None: [a, b]}}))
    m.hinted = b
    assert m.start("meld", [NINE_C]) == "played" and played == [b]


def test_a_target_typed_in_several_digits_waits_while_a_longer_id_begins_with_it():
    """Melds reach m21: "2" waits (m21 begins with it), "21" is picked at once; "1" waits for
    Enter while m10..m19 exist, and Enter names the move it completes."""
    view = FakeView([1, 2, 10, 21], {"layoff": {21: [Layoff(NINE_C, 21)], 1: [Layoff(NINE_C, 1)]}})
    m, played = machine(view)
    assert m.start("layoff", [NINE_C], need=1) == "wait"
    assert m.digit(2) == "wait" and m.digits == "2"
    assert m.digit(1) == "played" and played == [Layoff(NINE_C, 21)]
    assert view.asked[-1] == ("layoff", (NINE_C,), 21)
    m.start("layoff", [NINE_C], need=1)
    assert m.digit(1) == "wait"
    enter = m.enter([NINE_C])
    assert enter is not None and enter.label == "layoff 9C m1"
    enter.run()
    assert played[-1] == Layoff(NINE_C, 1)
    m.start("layoff", [NINE_C], need=1)
    assert m.digit(0) == "wait" and m.digits == ""  # a leading 0 names no meld
    assert m.digit(3) == "wait"  # no m3: not picked by itself; Enter tries it (the engine says why not)
    enter = m.enter([NINE_C])
    assert enter is not None and enter.label == "layoff m3"


def test_a_meld_clicked_first_is_the_target_of_the_next_move():
    view = FakeView([4], {"swap": {4: [Swap(NINE_C, 4)]}})
    m, played = machine(view)
    assert m.pick(4) == "wait" and m.target == 4
    assert m.start("swap", [NINE_C], need=1) == "played" and played == [Swap(NINE_C, 4)]
    assert m.target is None
    m.pick(4)
    m.pick(4)  # clicked again: forgotten
    assert m.target is None


def test_two_targets_are_picked_in_order_and_asked_as_one_target():
    s = Steal(5, C("7H")[0], 2)
    view = FakeView([2, 5], {"steal": {(5, 2): [s]}})
    m, played = machine(view)
    assert m.start("steal", C("STL"), need=2) == "wait"
    assert m.digit(5) == "wait" and m.picks == [5]
    assert m.enter(C("STL")) is None
    assert m.pick(2) == "played" and played == [s] and view.asked[-1][2] == (5, 2)


def test_numbers_other_than_meld_ids_keep_a_zero_and_wait_for_ten():
    """Tell's rank (0 to 10): "0" is a number, "1" waits for a "0" or Enter."""
    from engine.games.nogginate.cheats import Tell
    view = FakeView([], {"tell discard": {0: [Tell("discard", 0)], 1: [Tell("discard", 1)],
                                          10: [Tell("discard", 10)]}})
    m, played = machine(view)
    m.start("tell discard", need=1, numbers=range(11))
    assert m.digit(0) == "played" and played == [Tell("discard", 0)]
    m.start("tell discard", need=1, numbers=range(11))
    assert m.digit(1) == "wait"
    assert m.digit(0) == "played" and played[-1] == Tell("discard", 10)


def test_a_plan_is_played_card_by_card_and_stops_at_the_first_refusal():
    cards = C("4S 5S 6S")
    m, played = machine(FakeView([3]), refuse=[Add(3, cards[1])])
    assert m.start("add", cards, need=1, plan=True) == "wait"
    enter = m.enter(cards)
    assert enter is None  # nothing typed yet
    m.digit(3)
    assert played == [Add(3, cards[0])]  # the second was refused: the third is not tried


def test_enter_plays_the_hint_only_while_exactly_its_cards_are_selected():
    hinted = NewNoggi(tuple(C("4S 5S 6S")))  # type: ignore[arg-type]
    m, played = machine(FakeView([]))
    m.cards_of = lambda a: list(getattr(a, "cards", ()))
    m.hinted = hinted
    assert m.enter(C("4S 5S")) is None
    enter = m.enter(C("6S 4S 5S"))
    assert enter is not None and enter.label == str(hinted)
    enter.run()
    assert played == [hinted]


def test_reset_and_has_input():
    m, _ = machine(FakeView([1]))
    assert not m.has_input()
    m.start("layoff", [NINE_C], need=1)
    assert m.has_input()
    m.reset()
    assert not m.has_input() and m.pending is None
