"""The one descriptor each game package exports: :class:`GameSpec`.

A game lives in one package, ``engine/games/<id>/`` (its rules, notation,
state and view in ``game.py``, its bots in ``bots.py`` and ``search.py``, its
clarified rules in ``rules.md``), and says everything the rest of the engine
needs to know about it in one ``SPEC = GameSpec(...)`` in its ``__init__``.
The registry (:mod:`engine.games`) is one dict of these; nothing else in the
engine names a game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import resources
from typing import Any, Callable, Mapping

from engine.ai.base import LEVELS, Bot, RandomBot
from engine.core import Action, Game, State
from engine.inputs import brief

#: A bot factory: ``factory(level, budget_s, iterations) -> Bot``. ``level`` is the
#: plain level name (``"hard"``); a budget is ``None`` unless the seat spec named one
#: (``hard@1.6`` gives ``budget_s=1.6``, ``hard@500it`` gives ``iterations=500``).
BotFactory = Callable[[str, "float | None", "int | None"], Bot]

#: ``take(pool, k, universe, new_pass=False) -> list of k cards``: the arena's stacked
#: draw pile (:meth:`engine.arena.DuplicateChance.take`).
Taker = Callable[..., list]

#: The arena hook: ``draw_step(state, take) -> Action | None``. At a chance step that
#: draws from a face-down pile, the outcome built from ``take``; otherwise ``None``.
DrawStep = Callable[[State, Taker], "Action | None"]


@dataclass(frozen=True)
class GameSpec:
    """Everything about one game that code outside its package may use.

    Attributes:
        game: the :class:`engine.core.Game` subclass (id, title, seats, variant, ``new_state``).
        package: the game's package (``"engine.games.nags"``); its ``rules.md`` is the rules text
            and its ``howto.md`` the one-screen "How to play" (aim and a turn in five lines).
        bots: level name (``easy``, ``medium``, ``hard``) -> :data:`BotFactory`. ``random``
            is every game's and need not be listed.
        draw_step: the arena's hook for fair duplicate deals (:data:`DrawStep`), or ``None``
            when every chance step after the deal may be drawn freely.
        hint_level: the level (with an optional budget, ``medium@200it``) whose choice
            and reason the table's hint shows; None: ``medium`` with its own budget
            where the game has it, else ``easy``, else ``random`` (:meth:`hint_level_name`).
            A budget in iterations keeps the hint the same however busy the machine is.
        hand_word: what the game calls one hand, capitalised (``"Round"`` in Nickels, ``"Game"``
            in Nags): the table's "Round 3 over" and the recent games' "round 3 of 7".
        match_hands: ``match_hands(variant) -> int | None``: how many hands a match of ``variant``
            lasts when that is fixed (Nickels' seven rounds), None when it ends on a score;
            None (the default) for a game whose matches never have a fixed length.
        score_unit: what a score (``State.scores``) counts, in words: ``"points"``, or Nickels'
            ``"penalty points"`` (lower is better, NK-22): the deal replay's "you scored 23 points".
    """

    game: type[Game]
    package: str
    bots: Mapping[str, BotFactory] = field(default_factory=dict)
    draw_step: DrawStep | None = None
    hint_level: str | None = None
    hand_word: str = "Hand"
    match_hands: Callable[[Any], "int | None"] | None = None
    score_unit: str = "points"

    @property
    def id(self) -> str:
        """The game id (``"nags"``)."""
        return self.game.id

    def rules_text(self) -> str:
        """The game's clarified rules (Markdown) from ``<package>/rules.md``.

        Raises:
            FileNotFoundError: if the rules file is not installed.
        """
        return resources.files(self.package).joinpath("rules.md").read_text(encoding="utf-8")

    def howto_text(self) -> str:
        """The game's one-screen "How to play" (Markdown) from ``<package>/howto.md``:
        the aim and a turn in five lines, for a newcomer; the numbered rules stay in
        ``rules.md``. The keys are not in it (the table lists its own).

        Raises:
            FileNotFoundError: if the file is not installed (a game may not have one yet).
        """
        return resources.files(self.package).joinpath("howto.md").read_text(encoding="utf-8")

    def hands_in_match(self, variant: Any) -> int | None:
        """How many hands a match of ``variant`` lasts (:attr:`match_hands`), or None when not fixed."""
        return None if self.match_hands is None else self.match_hands(variant)

    def progress_text(self, hands_done: int, variant: Any = None) -> str:
        """Where an unfinished match stands, for a list of games: ``"round 3 of 7"`` (Nickels,
        2 rounds done), ``"hand 4"`` when the match's length is not fixed or ``variant`` is None."""
        total = None if variant is None else self.hands_in_match(variant)
        current = hands_done + 1 if total is None else min(hands_done + 1, total)
        return f"{self.hand_word.lower()} {current}" + ("" if total is None else f" of {total}")

    def hint_level_name(self) -> str:
        """The level the hint asks (see ``hint_level``), e.g. ``"medium@200it"``."""
        if self.hint_level is not None:
            return self.hint_level
        for level in ("medium", "easy"):
            if level in self.bots:
                return level
        return "random"

    def levels(self) -> list[str]:
        """The bot levels of this game, weakest first (``random`` always)."""
        return ["random"] + [lv for lv in LEVELS if lv != "random" and lv in self.bots]

    def seat_levels(self) -> list[str]:
        """Every level a seat spec may name (:meth:`levels`, then the game's extra bots such as
        Nogginate's ``easy-plain``, kept for measurements and not offered to players)."""
        base = self.levels()
        return base + sorted(lv for lv in self.bots if lv not in base)

    def make_bot(self, level: str, budget_s: float | None = None, iterations: int | None = None) -> Bot:
        """A new bot of ``level`` (a plain level name) with an optional search budget.

        Raises:
            ValueError: naming this game's levels when it has no ``level`` bot.
        """
        if level == "random":
            return RandomBot()
        factory = self.bots.get(level)
        if factory is None:
            raise ValueError(f"no {brief(level)} bot for {self.id}; levels: {', '.join(self.levels())}")
        return factory(level, budget_s, iterations)


def standard_bots(easy: Callable[[], Bot], search: BotFactory) -> dict[str, BotFactory]:
    """The usual bot levels of a game: ``easy`` (a heuristic built by ``easy()``;
    it takes no budget) and ``medium``/``hard`` (``search(level, budget_s,
    iterations)``, the game's search bot)."""
    return {"easy": lambda level, budget_s, iterations: easy(), "medium": search, "hard": search}


__all__ = ["BotFactory", "DrawStep", "GameSpec", "Taker", "standard_bots"]
