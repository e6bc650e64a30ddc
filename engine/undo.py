"""The undo house option: its modes and the check of a value.

Below :mod:`engine.gamelog` (whose header carries the option) and
:mod:`engine.session` (which takes back turns by it), so the log never imports
the session. The option itself: ``"off"`` (no undo), ``"own_turn"`` (back to the
start of the human's last turn, once) and ``"free"`` (one turn per undo, as far
back as wanted); :class:`engine.session.Session` implements them.
"""

from __future__ import annotations

#: The house option ``undo``: ``"off"`` (no undo), ``"own_turn"`` (back to the start of the
#: human's last turn, once), ``"free"`` (one turn per undo, as far back as wanted).
UNDO_MODES: tuple[str, ...] = ("off", "own_turn", "free")
#: The option when a table or an older log names none.
DEFAULT_UNDO = "own_turn"


def check_undo_mode(mode: object) -> str:
    """``mode`` if it is one of :data:`UNDO_MODES`.

    Raises:
        ValueError: naming the allowed values.
    """
    if mode not in UNDO_MODES:
        raise ValueError(f"undo must be one of {', '.join(repr(m) for m in UNDO_MODES)}, not {mode!r}")
    return str(mode)
