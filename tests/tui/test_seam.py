"""The seam between the table screens and the engine (issue 24): a screen reads what its seat
may see (``Session.view``) and the Session's public API, never the omniscient state."""

from __future__ import annotations

import re
from pathlib import Path

import tui

TUI = Path(tui.__file__).parent
#: ``session.state``, ``s.state.phase``, ``self.session.state`` ... (``app.state`` is not the engine's)
OMNISCIENT = re.compile(r"\b(?:session|s)\.state\b|\bstate\.(?:hands|pool|deck)\b")


def table_and_screen_modules() -> list[Path]:
    """Every screen module (the replay screen, which shows a finished match whole, aside) and
    every game's table screen."""
    screens = [p for p in (TUI / "screens").glob("*.py") if p.name != "replay.py"]
    return sorted(screens + list(TUI.glob("games/*/table.py")))


def test_no_screen_reads_the_omniscient_state():
    modules = table_and_screen_modules()
    assert len(modules) > 10 and any(p.name == "base_table.py" for p in modules)
    found = [f"{path.relative_to(TUI.parent)}:{n}: {line.strip()}"
             for path in modules
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
             if OMNISCIENT.search(line)]
    assert not found, "read the seat's view or the Session's public API instead:\n" + "\n".join(found)
