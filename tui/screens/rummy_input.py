"""The rummy tables' input machine (issue 24), written once for Nickels and Nogginate:
selection -> target -> choices.

A table's key names a kind of move (``layoff``, ``add``, ``steal``...) and the machine gathers
the rest: the cards selected in the hand when the key was pressed, then the meld(s) the kind aims
at (typed as numbers, several digits when melds reach ``m21``, or clicked), and asks the engine
for the moves those mean (``view.moves_for(kind, cards, target)``; ``view.plan_for`` for a meld
laid one card at a time). One move is played; several are offered as choices (1-9); none means
the input names no move, and the table says its own line. Enter plays what the bar names: the
typed number once it is a whole meld id, or the hinted move while exactly its cards are selected.

The machine holds no widget: the table gives it the seat's view, how to play a move and how to
word one, so it is tested without a screen (``tests/tui/test_rummy_input.py``). Each table keeps
only its key-to-move map and its lines (the questions in its decision bar, its refusals).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Collection, Literal, Protocol, Sequence

from engine.cards import Card
from engine.core import Action, MeldTarget
from tui.screens.enter_move import EnterMove, hinted_move

__all__ = ["MeldsView", "Outcome", "Pending", "RummyInput"]

#: What an input step did: ``played`` (a move went through), ``refused`` (the engine said no, and
#: the table shows why), ``ask`` (several ways: the choices wait for a number), ``wait`` (a target
#: or more digits are awaited), ``none`` (the input names no move: the table says its line),
#: ``ignored`` (the key means nothing at this step).
Outcome = Literal["played", "refused", "ask", "wait", "none", "ignored"]


class _Meld(Protocol):
    @property
    def id(self) -> int: ...


class MeldsView(Protocol):
    """What the machine reads of a rummy view: its melds' ids and the engine's move builders."""

    @property
    def melds(self) -> Sequence[_Meld]: ...

    def moves_for(self, kind: str, cards: Sequence[Card] = (), target: MeldTarget = None) -> list[Action]: ...


@dataclass
class Pending:
    """A move waiting for its targets.

    Attributes:
        kind: the move's kind (``view.moves_for``'s).
        cards: the cards selected when it started.
        need: how many targets it takes (meld ids, or numbers from ``numbers``).
        plan: play ``view.plan_for(kind, cards, target)`` in order (cards laid one at a time).
        numbers: what a typed number may name (None: the meld ids on the table).
    """

    kind: str
    cards: tuple[Card, ...]
    need: int = 1
    plan: bool = False
    numbers: Collection[int] | None = None


class RummyInput:
    """The input of one rummy table (see the module docstring).

    Args:
        view: the shown seat's view now.
        act: plays a move (the screen's ``human_act``): True if it was played.
        describe: a move in a player's words (``lay off 9♣ on m2``).
        cards_of: the hand cards a move uses (to match a hint against the selection).
        plan_for: the moves laying cards one at a time (``view.plan_for``), for kinds started with
            ``plan=True``; None: the table has none.

    Attributes:
        choices: the ways offered (1-9 picks one), or [].
        pending: the move waiting for its targets, or None.
        digits: the number typed so far.
        picks: the targets picked so far for :attr:`pending`.
        target: a meld picked (clicked) before any move, or None.
        hinted: the last hint's move, or None.
    """

    #: At most this many ways are offered by number.
    MAX_CHOICES = 9

    def __init__(self, view: Callable[[], MeldsView], act: Callable[[Action], bool],
                 describe: Callable[[Action], str], cards_of: Callable[[Action], Sequence[Card]],
                 plan_for: Callable[[str, Sequence[Card], MeldTarget], list[Action]] | None = None) -> None:
        self.view = view
        self.act = act
        self.describe = describe
        self.cards_of = cards_of
        self.plan_for = plan_for
        self.choices: list[Action] = []
        self.pending: Pending | None = None
        self.digits = ""
        self.picks: list[int] = []
        self.target: int | None = None
        self.hinted: Action | None = None

    # -- state ---------------------------------------------------------------------------------
    def reset(self) -> None:
        """Forget everything (after a move, an undo, Esc)."""
        self.choices = []
        self.pending = None
        self.digits = ""
        self.picks = []
        self.target = None
        self.hinted = None

    def has_input(self) -> bool:
        """True when Esc has something to cancel here (the selection is the hand's)."""
        return bool(self.choices or self.pending or self.digits or self.picks or self.target is not None)

    def numbers(self) -> Collection[int]:
        """What a typed number may name now: the pending move's numbers, else the melds' ids."""
        if self.pending is not None and self.pending.numbers is not None:
            return self.pending.numbers
        return [m.id for m in self.view().melds]

    def typed(self) -> int | None:
        """The typed number, or None: a meld id as typed (Enter on one that is not on the table gets
        the engine's refusal), another number only once it is one of :meth:`numbers`."""
        if not self.digits:
            return None
        n = int(self.digits)
        if self.pending is not None and self.pending.numbers is not None and n not in self.pending.numbers:
            return None
        return n

    # -- steps ---------------------------------------------------------------------------------
    def offer(self, moves: Sequence[Action]) -> Outcome:
        """The ways an input names: none -> ``none``; one -> played; several -> the hinted one
        if it is among them, else they are offered by number (``ask``)."""
        if not moves:
            return "none"
        if len(moves) == 1:
            return self._play(moves[0])
        if self.hinted is not None and self.hinted in moves:
            return self._play(self.hinted)
        self.choices = list(moves[:self.MAX_CHOICES])
        return "ask"

    def start(self, kind: str, cards: Sequence[Card] = (), *, need: int = 0, plan: bool = False,
              numbers: Collection[int] | None = None) -> Outcome:
        """A key named a move of ``kind`` with the ``cards`` selected: with no target to wait for
        (``need`` 0) it resolves now; else it waits for ``need`` targets (a meld picked before, by a
        click, is the first)."""
        self.choices = []
        self.digits = ""
        self.picks = []
        self.pending = Pending(kind, tuple(cards), need, plan, numbers)
        if need and numbers is None and self.target is not None:
            self.picks = [self.target]
        self.target = None
        if len(self.picks) >= need:
            return self._finish()
        return "wait"

    def pick(self, number: int) -> Outcome:
        """A target picked (a whole typed number, a clicked meld) for the pending move; with none
        pending, a clicked meld is remembered as :attr:`target` (picked again: forgotten)."""
        self.digits = ""
        if self.pending is None:
            self.target = None if self.target == number else number
            return "wait"
        self.picks.append(number)
        if len(self.picks) >= self.pending.need:
            return self._finish()
        return "wait"

    def digit(self, d: int) -> Outcome:
        """A digit key: the number of a choice when ways are offered, else part of a number for the
        pending move; the number is picked as soon as no longer one begins with it (``1`` waits
        for Enter or a ``0`` while ``m10`` exists)."""
        if self.choices:
            if 1 <= d <= len(self.choices):
                chosen = self.choices[d - 1]
                self.choices = []
                return self._play(chosen)
            return "ignored"
        if self.pending is None:
            return "ignored"
        keep_zero = self.pending.numbers is not None and 0 in self.pending.numbers
        digits = self.digits + str(d)
        self.digits = (digits if keep_zero else digits.lstrip("0"))[:3]
        n = self.typed()
        if n is not None and n in self.numbers() and not any(str(m).startswith(self.digits) and str(m) != self.digits
                                     for m in self.numbers()):
            return self.pick(n)
        return "wait"

    def enter(self, selected: Sequence[Card]) -> EnterMove | None:
        """What Enter plays now: the typed number once it names a target (the move it completes,
        in words), or the hinted move while exactly its cards are ``selected``; never one of
        several offered ways (their numbers choose)."""
        if self.choices:
            return None
        n = self.typed()
        if self.pending is not None and n is not None:
            return EnterMove(self.pending_words(n), lambda: self.pick(n))
        if self.pending is not None:
            return None
        return hinted_move(self.hinted, selected, self.cards_of, self.describe, self.act)

    def pending_words(self, number: int) -> str:
        """The pending move completed with ``number``, in words: the one move it makes, else
        ``<kind> m<number>``."""
        p = self.pending
        if p is None:
            return ""
        if len(self.picks) + 1 < p.need:
            return f"{p.kind} m{number}"
        moves = self._moves(p, self._target(self.picks + [number]))
        if len(moves) == 1 or (p.plan and moves):
            return "; ".join(self.describe(m) for m in moves[:3]) + (" …" if len(moves) > 3 else "")
        return f"{p.kind} m{number}"

    # -- internals -----------------------------------------------------------------------------
    @staticmethod
    def _target(picks: Sequence[int]) -> MeldTarget:
        if not picks:
            return None
        return picks[0] if len(picks) == 1 else tuple(picks)

    def _moves(self, p: Pending, target: MeldTarget) -> list[Action]:
        if p.plan and self.plan_for is not None:
            return self.plan_for(p.kind, p.cards, target)
        return self.view().moves_for(p.kind, p.cards, target)

    def _finish(self) -> Outcome:
        p = self.pending
        assert p is not None
        target = self._target(self.picks)
        self.pending, self.picks, self.digits = None, [], ""
        moves = self._moves(p, target)
        if p.plan:
            if not moves:
                return "none"
            for move in moves:  # one card at a time (NG-26a); the first refusal stops and says why
                if self._play(move) != "played":
                    return "refused"
            return "played"
        return self.offer(moves)

    def _play(self, move: Action) -> Outcome:
        return "played" if self.act(move) else "refused"
