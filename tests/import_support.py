"""``loaded_after``: what a fresh interpreter has imported after running some code (the start-up
tests of issue 22 check structure through ``sys.modules``; the time is measured in ``benchmarks/``)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def loaded_after(code: str) -> dict[str, list[str]]:
    """Run ``code`` in a fresh interpreter; the game packages and some heavy modules it left loaded."""
    probe = code + """
import json, sys
print(json.dumps({
    "games": sorted(m for m in sys.modules if m.startswith("engine.games.") and m.count(".") == 2),
    "tables": sorted(m for m in sys.modules if m.startswith("tui.games.") and m.endswith(".table")),
    "other": sorted(m for m in ("rich.markdown", "markdown_it", "tui.screens.howto", "tui.screens.setup",
                                "tui.screens.history", "tui.screens.replay", "engine.stats") if m in sys.modules),
}))
"""
    proc = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])
