"""The table registry: game id -> :class:`TableSpec`.

Each game's user interface is one package, ``tui/games/<id>/`` (the game's id in
:data:`engine.games.TITLES`): its table screen (``table.py``), its own widgets
(``widgets.py``) and its wording (``ui.py``) (its replays are drawn by its table screen), described by
one ``TABLE = TableSpec(...)`` in its ``__init__``, which imports nothing else.
Screens and renderers are named as ``"module:attribute"`` and imported only
when used, so one game's screen failing to load never breaks the app (the
player gets one sentence instead), and showing one game never imports another.
Adding a game means adding its package; :data:`TABLES` finds it by its id.
"""

from __future__ import annotations

import importlib

from engine.games import ALL_IDS
from tui.games.spec import TableSpec, load


def _tables() -> dict[str, TableSpec]:
    """game id -> ``tui.games.<id>.TABLE`` for every game of the engine's registry that has a UI package."""
    out: dict[str, TableSpec] = {}
    for gid in ALL_IDS:
        name = f"{__name__}.{gid}"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as err:
            if err.name == name:  # a game with no table yet: "cannot be played at the table yet"
                continue
            raise
        out[gid] = module.TABLE
    return out


#: game id -> its table spec (games of ``engine.games.ALL_IDS`` with a UI package, in that order).
TABLES: dict[str, TableSpec] = _tables()

__all__ = ["TABLES", "TableSpec", "load"]
