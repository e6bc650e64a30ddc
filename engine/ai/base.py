"""The bot contract and the registry of bot levels.

A bot sees only its seat's :class:`engine.core.View` and the legal actions
derived from it; it never receives a :class:`engine.core.State`. Every bot is
deterministic for a given ``rng`` (the caller seeds it).
"""

from __future__ import annotations

import random
import re
from typing import Callable, Protocol, Sequence

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


#: Bot levels in order of strength (``medium`` and ``hard`` are ISMCTS searches, ``engine.ai.levels``).
LEVELS: tuple[str, ...] = ("random", "easy", "medium", "hard")

# game id -> level -> factory. Per-game heuristics register themselves here.
_FACTORIES: dict[str, dict[str, Callable[[], Bot]]] = {}


def register(game_id: str, level: str, factory: Callable[[], Bot]) -> None:
    """Make ``level`` available for ``game_id`` (called by per-game bot modules)."""
    _FACTORIES.setdefault(game_id, {})[level] = factory


def levels_for(game_id: str) -> list[str]:
    """The bot levels available for a game (``random`` always is)."""
    _load_game_bots()
    return ["random"] + [lv for lv in LEVELS if lv != "random" and lv in _FACTORIES.get(game_id, {})]


def default_level(game_id: str) -> str:
    """The level new AI seats get: ``easy`` where the game has it (fast and
    decent; the search levels ``medium``/``hard`` are chosen on purpose), else ``random``."""
    return "easy" if "easy" in levels_for(game_id) else "random"


#: Levels that search, and so accept a budget suffix (``hard@1.6``, ``hard@500it``).
SEARCH_LEVELS: tuple[str, ...] = ("medium", "hard")


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


def make_bot(game_id: str, level: str) -> Bot:
    """A new bot of ``level`` for ``game_id``; ``level`` may carry a search
    budget (see :func:`parse_level`).

    Raises:
        ValueError: naming the levels available for that game, or for a bad budget.
    """
    if level == "random":
        return RandomBot()
    _load_game_bots()
    base, seconds, iterations = parse_level(level)
    factory = _FACTORIES.get(game_id, {}).get(base)
    if factory is None:
        raise ValueError(f"no {base!r} bot for {game_id}; levels: {', '.join(levels_for(game_id))}")
    if seconds is None and iterations is None:
        return factory()
    from engine.ai.levels import make_search_bot

    return make_search_bot(game_id, base, budget_s=seconds, iterations=iterations)


def _load_game_bots() -> None:
    """Import the per-game bot modules so they register their levels."""
    import engine.ai.nags  # noqa: F401
    import engine.ai.noms  # noqa: F401
    import engine.ai.spite_malice  # noqa: F401
    import engine.ai.levels  # noqa: F401  (medium and hard: ISMCTS)
