"""The bot contract, the level names and their search budgets.

Which levels a game has is its package's business (``GameSpec.bots``); the
registry :mod:`engine.games` makes bots by game id and level.

A bot sees only its seat's :class:`engine.core.View` and the legal actions
derived from it; it never receives a :class:`engine.core.State`. Every bot is
deterministic for a given ``rng`` (the caller seeds it).
"""

from __future__ import annotations

import random
import re
from typing import Protocol, Sequence

from engine.core import Action, View


class Bot(Protocol):
    """A computer player.

    ``choose(view, legal, rng)`` returns one element of ``legal`` (never empty)
    for the seat ``view.seat``; ``level`` is its seat-spec level name.
    """

    level: str

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action: ...


class RandomBot:
    """Level ``random``: a uniformly random legal action (draws with ``rng.random()`` only)."""

    level = "random"

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[int(rng.random() * len(legal))]


class HeuristicBot:
    """Base of the per-game ``easy`` heuristics. :meth:`choose` rejects an empty
    ``legal`` and returns a forced move at once; subclasses implement :meth:`decide`,
    which is called only when there is a real choice (two or more legal actions)."""

    level = "easy"

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        """Pick an action for ``view.seat`` from ``legal``.

        Raises:
            ValueError: if ``legal`` is empty.
        """
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        return self.decide(view, legal, rng)

    def decide(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        """Choose among two or more legal actions (the game's heuristic)."""
        raise NotImplementedError


#: Bot levels in order of strength (``medium`` and ``hard`` search; each game package says which it has).
LEVELS: tuple[str, ...] = ("random", "easy", "medium", "hard")

#: Levels that search, and so accept a budget suffix (``hard@1.6``, ``hard@500it``).
SEARCH_LEVELS: tuple[str, ...] = ("medium", "hard")

#: Seconds per decision of each search level: ``medium`` about 0.15 s, ``hard`` about
#: 0.8 s, so that 99% of decisions stay under 1 s on a 2-core machine.
BUDGETS: dict[str, float] = {"medium": 0.15, "hard": 0.8}


def parse_level(level: str) -> tuple[str, float | None, int | None]:
    """Split a level with an optional search budget into ``(level, seconds, iterations)``.

    ``hard`` gives ``("hard", None, None)`` (the level's own budget);
    ``hard@1.6`` a budget of 1.6 seconds per decision; ``hard@500it`` 500
    search iterations per decision (load-independent, for measurements).

    Raises:
        ValueError: for a budget on a level that does not search, or a budget
            that is not a positive number of seconds or iterations.
    """
    base, sep, budget = level.partition("@")
    if not sep:
        return level, None, None
    if base not in SEARCH_LEVELS:
        raise ValueError(f"only {' and '.join(SEARCH_LEVELS)} take a search budget, not {base!r} in {level!r}")
    m = re.fullmatch(r"(\d+)it|(\d+(?:\.\d+)?|\.\d+)s?", budget.strip())
    if m is None or float(m.group(1) or m.group(2)) <= 0:
        raise ValueError(f"bad search budget {budget!r} in {level!r}: write seconds (hard@1.6) "
                         "or iterations (hard@500it)")
    if m.group(1):
        return base, None, int(m.group(1))
    return base, float(m.group(2)), None
