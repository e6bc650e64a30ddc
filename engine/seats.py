"""Seat specifications: who sits in each seat (``human[:NAME]`` or ``ai:LEVEL[:NAME]``)."""

from __future__ import annotations

from dataclasses import dataclass


class SeatSpecError(ValueError):
    """A seat spec that cannot be parsed; the message shows the accepted forms."""


@dataclass(frozen=True)
class SeatSpec:
    """One seat: a human or an AI of some level, with a display name.

    Attributes:
        kind: ``"human"`` or ``"ai"``.
        level: the bot level for ``"ai"`` seats (``random``, ``easy``...), else None.
        name: the name shown at the table ("" means a default is chosen).
    """

    kind: str
    level: str | None = None
    name: str = ""

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    @classmethod
    def parse(cls, text: str) -> "SeatSpec":
        """Parse ``human``, ``human:Ann``, ``ai:easy`` or ``ai:easy:Bob``.

        The level is checked against the game later (see ``engine.ai.base.make_bot``).

        Raises:
            SeatSpecError: for any other shape.
        """
        parts = text.strip().split(":")
        kind = parts[0].lower()
        if kind == "human" and len(parts) <= 2:
            return cls("human", None, parts[1].strip() if len(parts) == 2 else "")
        if kind == "ai" and 2 <= len(parts) <= 3 and parts[1].strip():
            return cls("ai", parts[1].strip().lower(), parts[2].strip() if len(parts) == 3 else "")
        from engine.ai.base import LEVELS

        levels = ", ".join(LEVELS[:-1]) + " or " + LEVELS[-1]
        raise SeatSpecError(f"bad seat {text!r}: write human[:NAME] or ai:LEVEL[:NAME] "
                            f"(LEVEL is {levels})")

    def __str__(self) -> str:
        base = "human" if self.is_human else f"ai:{self.level}"
        return f"{base}:{self.name}" if self.name else base


DEFAULT_AI_NAMES = ("Ada", "Bix", "Cato", "Dora", "Eli", "Fay")


def seat_names(specs: list[SeatSpec]) -> list[str]:
    """Display names for seats: the given name, else "You" for a lone human,
    "Player N" for several humans, and a friendly name for each bot (made
    unique with a number when repeated)."""
    humans = sum(1 for s in specs if s.is_human)
    names = []
    for i, s in enumerate(specs):
        if s.name:
            names.append(s.name)
        elif s.is_human:
            names.append("You" if humans == 1 else f"Player {i + 1}")
        else:
            names.append(f"{DEFAULT_AI_NAMES[i % len(DEFAULT_AI_NAMES)]} ({s.level})")
    seen: dict[str, int] = {}
    for i, n in enumerate(names):
        if names.count(n) > 1:
            seen[n] = seen.get(n, 0) + 1
            names[i] = f"{n} {seen[n]}"
    return names
