"""The layering (ARCHITECTURE.md): the engine never loads a terminal library,
the installed app carries every game's package and rules file, and the modules
shared by every game name none."""

from __future__ import annotations

import re
import subprocess
import sys
import zipfile
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

_IMPORT_ALL = """
import importlib, pkgutil, sys
import engine
names = [m.name for m in pkgutil.walk_packages(engine.__path__, "engine.")]
for name in names:
    importlib.import_module(name)
loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("textual", "rich", "tui", "themes"))
print(len(names))
print(",".join(loaded))
"""


def test_importing_every_engine_module_loads_no_terminal_library():
    out = subprocess.run([sys.executable, "-c", _IMPORT_ALL], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout.splitlines()
    count, loaded = int(out[0]), out[1] if len(out) > 1 else ""
    assert count >= 20  # every module was walked, not just the package
    assert loaded == ""


def _source_files(root: Path) -> set[str]:
    out = set()
    for top in ("engine", "tui", "themes", "net"):
        for p in (root / top).rglob("*"):
            if p.is_file() and "__pycache__" not in p.parts and p.suffix in (".py", ".md", ".tcss", ".toml"):
                out.add(p.relative_to(root).as_posix())
    return out


@pytest.fixture(scope="module")
def wheel_names(tmp_path_factory) -> set[str]:
    dest = tmp_path_factory.mktemp("wheel")
    proc = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                           "-w", str(dest), str(ROOT)], capture_output=True, text=True)
    if proc.returncode != 0:
        pytest.fail(f"building the wheel failed: {proc.stderr[-2000:]}")
    (wheel,) = dest.glob("cardtable-*.whl")
    with zipfile.ZipFile(wheel) as z:
        return set(z.namelist())


def test_the_wheel_holds_every_module_rules_file_and_theme(wheel_names):
    missing = sorted(_source_files(ROOT) - wheel_names)
    assert missing == []


def test_the_wheel_holds_each_registered_games_packages(wheel_names):
    from engine.games import SPECS
    from tui.games import TABLES

    assert set(TABLES) == set(SPECS)
    for gid, spec in SPECS.items():
        base = spec.package.replace(".", "/")
        assert {f"{base}/__init__.py", f"{base}/game.py", f"{base}/rules.md", f"{base}/howto.md"} <= wheel_names
        ui = TABLES[gid].screen.partition(":")[0].replace(".", "/") + ".py"
        assert ui in wheel_names


#: Modules shared by every game: a game's names, words, rule ids and card codes stay out of them
#: (a game registers its own card kinds, faces and colours instead).
GENERIC = ["tui/widgets", "themes", "engine/cards.py"]


def _game_terms() -> list[re.Pattern]:
    """Whole-word patterns that name one game: its id and title words, its rule-id prefix
    (the ``XX-`` most used in its ``rules.md``), Nogginate's meld and special-card words, and
    the names and codes of the card kinds games register (``HANDS_OFF``, ``HOF``)."""
    from engine.cards import CardKind
    from engine.games.nogginate.cards import SPECIAL_KINDS
    words: set[str] = {"noggi", "nate", "cheat", "freeze", "bonus", "jokernate"}
    registered = [k for k in CardKind.all() if k.owner]
    assert set(SPECIAL_KINDS[1:]) <= set(registered)
    names = {w for k in registered for w in (k.name, k.code)}
    prefixes: set[str] = set()
    for rules in (ROOT / "engine" / "games").glob("*/rules.md"):
        gid = rules.parent.name
        words |= {gid, *gid.split("_")}
        counts = Counter(re.findall(r"\b([A-Z]{2})-\d", rules.read_text(encoding="utf-8")))
        prefixes.add(counts.most_common(1)[0][0])
    assert {"nags", "nogginate", "spite", "malice"} <= words and {"NA", "NG", "NK", "SM"} <= prefixes
    return [re.compile(rf"\b(?:{'|'.join(sorted(words))})\b", re.IGNORECASE),
            re.compile(rf"\b(?:{'|'.join(sorted(prefixes))})-\d"),
            re.compile(rf"\b(?:{'|'.join(sorted(names))})\b")]  # upper case: ``REMOVE``, not "remove"


def test_generic_modules_name_no_game():
    terms = _game_terms()
    files = [p for top in GENERIC for p in ([ROOT / top] if top.endswith(".py") else sorted((ROOT / top).rglob("*")))
             if p.suffix in (".py", ".toml", ".tcss") and "__pycache__" not in p.parts]
    assert len(files) >= 10 and ROOT / "engine" / "cards.py" in files
    found = [f"{p.relative_to(ROOT)}:{i}: {line.strip()}" for p in files
             for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if any(t.search(line) for t in terms)]
    assert found == []
