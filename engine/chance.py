"""Chance sources: where a driver (:class:`engine.session.Session`) takes the outcome
of each chance step from.

A state owns no random generator (``docs/engine.md``): at a chance step the
driver asks its chance source for an outcome and applies it like any action. The
sources here:

* :class:`RandomChance`: ``state.sample_chance`` with one ``random.Random`` (the
  session's default: a seed replays the same match);
* :class:`StackedChance`: outcomes given in advance as notation (a stacked deck, a
  tutorial's or a test's chosen deal), then another source;
* :class:`engine.arena.DuplicateChance`: the arena's shared luck across the
  rotations of a deal.
"""

from __future__ import annotations

import random
from typing import Iterable

from engine.core import Action, State


class ChanceSource:
    """Answers a driver's chance steps. Subclasses implement :meth:`sample`."""

    def sample(self, state: State) -> Action:
        """The outcome of ``state``'s chance step (``state.to_move == CHANCE``).

        Raises:
            engine.core.IllegalAction: if ``state`` is not at a chance step.
        """
        raise NotImplementedError

    def decision_made(self) -> None:
        """A player has acted (the driver calls it after every move); nothing by default."""

    def reseed(self, seed: int | str) -> None:
        """Draw from ``seed`` from now on (after an undo, on resume); nothing by default."""


class RandomChance(ChanceSource):
    """``state.sample_chance(rng)`` with ``rng = random.Random(seed)``."""

    def __init__(self, seed: int | str) -> None:
        self.rng = random.Random(seed)

    def sample(self, state: State) -> Action:
        return state.sample_chance(self.rng)

    def reseed(self, seed: int | str) -> None:
        self.rng = random.Random(seed)


class StackedChance(ChanceSource):
    """Outcomes in a queue, as notation (``None`` for "draw this one at random") or
    actions, answered in order; once the queue is empty, ``then`` answers.

    The outcomes are not checked here: applying an impossible one raises
    ``IllegalAction`` where the driver applies it (``State.apply`` checks chance
    outcomes, ``apply_trusted`` too).

    Args:
        outcomes: the first outcomes.
        then: the source after them (and for each ``None``).
    """

    def __init__(self, outcomes: Iterable[str | Action | None] = (), then: ChanceSource | None = None) -> None:
        self.queue: list[str | Action | None] = list(outcomes)
        self.then = then if then is not None else RandomChance(0)

    def stack(self, outcomes: Iterable[str | Action | None]) -> None:
        """Put ``outcomes`` in place of whatever is still queued."""
        self.queue = list(outcomes)

    def sample(self, state: State) -> Action:
        nxt = self.queue.pop(0) if self.queue else None
        if nxt is None:
            return self.then.sample(state)
        return state.game.parse_action(nxt) if isinstance(nxt, str) else nxt

    def decision_made(self) -> None:
        self.then.decision_made()

    def reseed(self, seed: int | str) -> None:
        self.then.reseed(seed)
