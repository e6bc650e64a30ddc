"""Game-independent wording for the table: ASCII fallback of narration, points as text, a finished hand's
scores line and the "thinking…" cue. Text only (no widgets); a game's own
module (``tui.games.<id>.ui``) may word things its own way instead.
"""

from __future__ import annotations

from typing import Sequence

from engine.cards import Suit, pretty_text
from engine.grammar import render

_SYMBOL_TO_LETTER = str.maketrans({s.symbol: s.letter for s in Suit})


def asciify(text: str) -> str:
    """Replace suit symbols, arrows and the ellipsis by ASCII (``7♥`` -> ``7H``, ``→`` -> ``->``)."""
    return text.translate(_SYMBOL_TO_LETTER).replace("←", "<-").replace("→", "->").replace("…", "...")


def format_points(x: float) -> str:
    """Points as text: ``10``, ``-3``, ``7.5``, ``2.25`` (no trailing zeros; any sign)."""
    x = float(x)
    if x.is_integer():
        return str(int(x))
    return f"{x:.2f}".rstrip("0").rstrip(".")


def hand_scores_line(data: dict, names: Sequence[str], hand_word: str = "Hand") -> str:
    """The scores of a finished hand from a ``hand_over`` event's data
    (``hand`` index from 0, ``scores`` and ``totals`` in points):
    ``Hand 2: Ann 10, Bix -3. Match: Ann 25, Bix 4.`` A missing list is left out."""
    scores = data.get("scores") or []
    totals = data.get("totals") or []
    parts = [f"{hand_word} {int(data.get('hand', 0)) + 1}:"]
    if scores:
        parts.append(", ".join(f"{n} {format_points(s)}" for n, s in zip(names, scores)) + ".")
    if totals:
        parts.append("Match: " + ", ".join(f"{n} {format_points(t)}" for n, t in zip(names, totals)) + ".")
    return " ".join(parts)


def notation_words(action: object, ascii_only: bool = False) -> str:
    """An action's notation as a player reads it: its cards written as the table writes
    them (``discard 10♥ D1``; the notation itself, ``discard 10H D1``, in ASCII mode)."""
    text = str(action)
    return text if ascii_only else pretty_text(text)


def what_seat_sees(names: Sequence[str], seat: int) -> str:
    """A replay's heading for one seat's view: ``what Bix sees``, ``what you see``
    (the seat named ``You``), ``what seat 5 sees`` for a seat ``names`` lacks."""
    if not 0 <= seat < len(names):
        return f"what seat {seat} sees"
    return render(f"what {{s{seat}}} {{s{seat}:sees|see}}", names)


def thinking_text(name: str, ascii_only: bool = False, kind: str = "bot") -> str:
    """The cue shown while another seat chooses its move, by who plays it
    (:meth:`engine.session.Session.seat_kind`): a bot ``Bix is thinking…``; a person at another
    terminal ``Waiting for Di to play…``; a person with no connection (not joined yet, or gone)
    ``Waiting for Di, who is not connected: play goes on when Di joins``."""
    dots = "..." if ascii_only else "…"
    if kind == "away":
        return f"Waiting for {name}, who is not connected: play goes on when {name} joins"
    if kind == "remote":
        return f"Waiting for {name} to play{dots}"
    return f"{name} is thinking{dots}"


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``... (places in a race)."""
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")
