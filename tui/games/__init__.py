"""The table registry: game id -> :class:`TableSpec`.

Each game's user interface is one package, ``tui/games/<id>/``: its table
screen (``table.py``), its own widgets (``widgets.py``), its wording (``ui.py``)
and its replay renderer, described by one ``TABLE = TableSpec(...)`` in its
``__init__``. Screens and renderers are named as ``"module:attribute"`` and
imported only when used, so one game's screen failing to load never breaks the
app (the player gets one sentence instead). Adding a game means adding its
package and one entry to :data:`TABLES` (and its engine package to
``engine.games.SPECS``).
"""

from __future__ import annotations

from tui.games import nags, nickels, nogginate, noms, spite_malice
from tui.games.spec import TableSpec, load

#: game id -> its table spec.
TABLES: dict[str, TableSpec] = {t.game_id: t for t in (nags.TABLE, noms.TABLE, spite_malice.TABLE, nickels.TABLE,
                                                    nogginate.TABLE)}

__all__ = ["TABLES", "TableSpec", "load"]
