"""Seat specifications: who sits in each seat (``human[:NAME]`` or ``ai:LEVEL[:NAME]``)."""

from __future__ import annotations

from dataclasses import dataclass

from wcwidth import clip, wcswidth

from engine.inputs import brief


class SeatSpecError(ValueError):
    """A seat spec that cannot be parsed; the message shows the accepted forms."""


#: Widest seat name a person may give, in terminal cells (a letter such as ``A`` takes one
#: cell, a wide one such as ``Ａ`` or ``王`` two, a combining accent none): the name columns
#: of the tables are laid out for it.
MAX_NAME_LENGTH = 24


def name_cells(name: str) -> int:
    """The terminal cells ``name`` takes (``wcwidth.wcswidth``; -1 if it holds a control character)."""
    return wcswidth(name)


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a seat name, or None when it can.

    A seat name is at most :data:`MAX_NAME_LENGTH` terminal cells wide
    (:func:`name_cells`: a fullwidth name of 24 characters is 48 cells and is refused;
    12 of them fit), all printable (``str.isprintable``: no control characters such
    as ESC, tabs or newlines, no invisible format characters). Markup-like text
    (``[bold]``) is allowed: every screen shows names literally (escaped where
    markup is parsed).
    """
    if len(name) > MAX_NAME_LENGTH * 4:  # far too long: say so without measuring it
        return f"a seat name may be at most {MAX_NAME_LENGTH} cells wide, not {len(name):,} characters"
    if not name.isprintable():
        return "a seat name may hold printable characters only (no control characters or escape sequences)"
    cells = name_cells(name)
    if cells > MAX_NAME_LENGTH:
        wide = " (wide characters such as Ａ or 王 take two cells)" if cells > len(name) else ""
        return f"a seat name may be at most {MAX_NAME_LENGTH} cells wide, not {cells}{wide}"
    return None


def safe_name(name: object) -> str:
    """A name from a source that was not validated (someone else's log) made safe to
    show: every non-printable character is written as its escape (``\\x1b``), and a
    name wider than :data:`MAX_NAME_LENGTH` cells is cut with ``…`` to fit them. A valid
    name comes back unchanged. Escaping markup is the display's job (``rich.markup.escape``)."""
    text = name if isinstance(name, str) else str(name)
    if name_problem(text) is None:
        return text
    text = "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text[:MAX_NAME_LENGTH * 4])
    if name_cells(text) <= MAX_NAME_LENGTH:
        return text
    return clip(text, 0, MAX_NAME_LENGTH - 1).rstrip() + "…"


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
    def parse(cls, text: str, *, lenient: bool = False) -> "SeatSpec":
        """Parse ``human``, ``human:Ann``, ``ai:easy`` or ``ai:easy:Bob``.

        The level is checked against the game later (see ``engine.ai.base.make_bot``).
        The name must pass :func:`name_problem`; with ``lenient`` (a spec read
        from a log) a bad name is made safe with :func:`safe_name` instead.

        Raises:
            SeatSpecError: for any other shape, or a bad name (unless ``lenient``).
        """
        parts = text.strip().split(":")
        kind = parts[0].lower()
        if kind == "human" and len(parts) <= 2:
            return cls("human", None, _checked_name(parts[1] if len(parts) == 2 else "", text, lenient))
        if kind == "ai" and 2 <= len(parts) <= 3 and parts[1].strip():
            return cls("ai", parts[1].strip().lower(), _checked_name(parts[2] if len(parts) == 3 else "", text,
                                                                     lenient))
        from engine.ai.base import LEVELS

        levels = ", ".join(LEVELS[:-1]) + " or " + LEVELS[-1]
        raise SeatSpecError(f"bad seat {brief(text)}: write human[:NAME] or ai:LEVEL[:NAME] "
                            f"(LEVEL is {levels})")

    def __str__(self) -> str:
        base = "human" if self.is_human else f"ai:{self.level}"
        return f"{base}:{self.name}" if self.name else base


def _checked_name(raw: str, spec: str, lenient: bool) -> str:
    name = raw.strip()
    problem = name_problem(name)
    if problem is None:
        return name
    if lenient:
        return safe_name(name)
    raise SeatSpecError(f"bad seat {brief(spec.strip())}: {problem}")


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
