"""The bot contract, the level names and their search budgets.

Which levels a game has is its package's business (``GameSpec.bots``); the
registry :mod:`engine.games` makes bots by game id and level.

A bot sees only its seat's :class:`engine.core.View` and the legal actions
derived from it; it never receives a :class:`engine.core.State`. Every bot is
deterministic for a given ``rng`` (the caller seeds it).

**Reasons.** :func:`choose_with_reason` asks any bot for its move and one line
saying why (the table's hint shows it). A bot may implement
``choose_with_reason(view, legal, rng) -> (Action, str)`` itself: the ``easy``
heuristics give the rule of thumb they applied, the searches what their search
found. A bot without it gets a plain description (:func:`plain_reason`).

A reason is plain words a player reads at the table ("keeps your run of hearts open;
the other choices did worse in trial games"); the figures behind a search's choice
(points, trial games) ride along as :attr:`Reason.details`, shown only on request.
"""

from __future__ import annotations

import random
import re
from typing import Protocol, Sequence

from engine.core import Action, View
from engine.inputs import brief


class Bot(Protocol):
    """A computer player.

    ``choose(view, legal, rng)`` returns one element of ``legal`` (never empty)
    for the seat ``view.seat``; ``level`` is its seat-spec level name.
    """

    level: str

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action: ...


class Reason(str):
    """A move's reason in plain words (the string itself) and, in :attr:`details`, the
    figures behind it ("100 trial games: this move +3.0 points on average, A♦ -5.0"),
    empty for a rule of thumb. A ``str``, so every ``(Action, str)`` API carries it.

    Args:
        text: the reason in words (no final full stop).
        details: the figures, or "".
    """

    details: str

    def __new__(cls, text: str, details: str = "") -> "Reason":
        obj = super().__new__(cls, text)
        obj.details = details
        return obj


#: The reason given for a move that is the only legal one.
FORCED_REASON = "the only legal move"


def plain_reason(legal: Sequence[Action], level: str = "") -> str:
    """The reason of a bot that gives none: the move is forced, or the bot's level chose it."""
    if len(legal) == 1:
        return FORCED_REASON
    return f"the {level} bot's choice" if level else "the bot's choice"


def choose_with_reason(bot: Bot, view: View, legal: Sequence[Action], rng: random.Random) -> tuple[Action, str]:
    """``bot``'s move for ``view.seat`` and one line saying why (no final full stop).

    Uses the bot's own ``choose_with_reason`` when it has one (same move as
    ``choose`` with the same ``rng``), else ``choose`` and :func:`plain_reason`.

    Raises:
        ValueError: if ``legal`` is empty.
    """
    if not legal:
        raise ValueError("no legal action to choose from")
    own = getattr(bot, "choose_with_reason", None)
    if callable(own):
        action, reason = own(view, legal, rng)
        return action, reason or plain_reason(legal, getattr(bot, "level", ""))
    return bot.choose(view, legal, rng), plain_reason(legal, getattr(bot, "level", ""))


class RandomBot:
    """Level ``random``: a uniformly random legal action (draws with ``rng.random()`` only)."""

    level = "random"

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[int(rng.random() * len(legal))]

    def choose_with_reason(self, view: View, legal: Sequence[Action], rng: random.Random) -> tuple[Action, str]:
        """:meth:`choose` and its reason (forced, or picked at random)."""
        return self.choose(view, legal, rng), FORCED_REASON if len(legal) == 1 else "picked at random"


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

    def choose_with_reason(self, view: View, legal: Sequence[Action], rng: random.Random) -> tuple[Action, str]:
        """:meth:`choose` with one line saying why: the move and its reason as
        :meth:`decide_with_reason` gives them (a forced move at once).

        Raises:
            ValueError: if ``legal`` is empty.
        """
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0], FORCED_REASON
        return self.decide_with_reason(view, legal, rng)

    def decide_with_reason(self, view: View, legal: Sequence[Action], rng: random.Random) -> tuple[Action, str]:
        """:meth:`decide`'s move and the rule of thumb that chose it (the same move
        as :meth:`decide` for the same ``rng``). Default: :meth:`decide` and a plain
        reason; a game's heuristic overrides it with its own words."""
        return self.decide(view, legal, rng), plain_reason(legal, self.level)


#: Bot levels in order of strength (``medium`` and ``hard`` search; each game package says which it has).
LEVELS: tuple[str, ...] = ("random", "easy", "medium", "hard")

#: Levels that search, and so accept a budget suffix (``hard@1.6``, ``hard@500it``).
SEARCH_LEVELS: tuple[str, ...] = ("medium", "hard")

#: The largest search budget a seat spec may name: seconds per decision (``hard@60``) and
#: iterations per decision (``hard@5000it``). Beyond them a bot would seem never to answer:
#: Nogginate's and Nickels' searches run about 45 to 180 rollouts a second on a busy 2-core
#: machine (docs/ai-measurements.md), so 5,000 iterations take up to about 2 minutes there.
MAX_BUDGET_S = 60.0
MAX_ITERATIONS = 5000

#: Seconds per decision of each search level: ``medium`` about 0.15 s, ``hard`` about
#: 0.8 s, so that 99% of decisions stay under 1 s on a 2-core machine.
BUDGETS: dict[str, float] = {"medium": 0.15, "hard": 0.8}


def parse_level(level: str) -> tuple[str, float | None, int | None]:
    """Split a level with an optional search budget into ``(level, seconds, iterations)``.

    ``hard`` gives ``("hard", None, None)`` (the level's own budget);
    ``hard@1.6`` a budget of 1.6 seconds per decision; ``hard@500it`` 500
    search iterations per decision (load-independent, for measurements).

    Raises:
        ValueError: for a budget on a level that does not search, a budget that is
            not a positive number of seconds or iterations, or one over
            :data:`MAX_BUDGET_S` seconds or :data:`MAX_ITERATIONS` iterations.
    """
    base, sep, budget = level.partition("@")
    if not sep:
        return level, None, None
    if base not in SEARCH_LEVELS:
        raise ValueError(f"only {' and '.join(SEARCH_LEVELS)} take a search budget, not {brief(base)} "
                         f"in {brief(level)}")
    limits = f"at most {MAX_BUDGET_S:g} seconds (hard@60) or {MAX_ITERATIONS:,} iterations (hard@{MAX_ITERATIONS}it)"
    m = re.fullmatch(r"0*(\d{1,12})it|0*(\d{1,12}(?:\.\d{1,12})?|\.\d{1,12})s?", budget.strip())
    if m is None:
        if re.fullmatch(r"\d{13,}(?:it|s)?", budget.strip()):  # all digits, but far too many
            raise ValueError(f"search budget {brief(budget)} in {brief(base + '@...')} is too large; {limits}")
        raise ValueError(f"bad search budget {brief(budget)} in {brief(level)}: write seconds (hard@1.6) "
                         "or iterations (hard@500it)")
    if float(m.group(1) or m.group(2)) <= 0:
        raise ValueError(f"bad search budget {brief(budget)} in {brief(level)}: a budget is more than 0; {limits}")
    if m.group(1):
        if int(m.group(1)) > MAX_ITERATIONS:
            raise ValueError(f"search budget {int(m.group(1)):,} iterations in {brief(level)} is too large; {limits}")
        return base, None, int(m.group(1))
    if float(m.group(2)) > MAX_BUDGET_S:
        raise ValueError(f"search budget {float(m.group(2)):g} seconds in {brief(level)} is too large; {limits}")
    return base, float(m.group(2)), None


def margin_reward(margin: float, scale: float) -> float:
    """A reward in [0, 1] from a points margin: ``0.5 + margin / scale``, clipped (the
    rummy searches' rewards: Nickels' penalty-point margin, Nogginate's team margin)."""
    x = 0.5 + margin / scale
    return 0.0 if x < 0 else 1.0 if x > 1 else x


def paired_pick(scores: Sequence[Sequence[float]], margin: float, min_gain: float) -> int:
    """Flat Monte Carlo with common random numbers: which candidate to play.

    Args:
        scores: per candidate, its rollout scores (higher is better); candidate 0 is the
            heuristic's own move and ``scores[i][k]`` shares sample ``k`` with ``scores[0][k]``.
        margin: standard errors of the paired difference a candidate must clear.
        min_gain: the mean paired difference (in the scores' unit) a candidate must exceed.

    Returns:
        0 unless another candidate beats candidate 0 by a mean paired difference above
        ``min_gain`` and ``margin`` standard errors; then the one with the best lower bound.
        Used by the Spite & Malice and Nickels searches."""
    base = scores[0]
    best, best_lb = 0, 0.0
    for i in range(1, len(scores)):
        m = min(len(base), len(scores[i]))
        if m < 2:
            continue
        d = [scores[i][k] - base[k] for k in range(m)]
        mean = sum(d) / m
        var = sum((x - mean) ** 2 for x in d) / (m - 1)
        lb = mean - margin * (var / m) ** 0.5
        if mean > min_gain and lb > best_lb:
            best, best_lb = i, lb
    return best
