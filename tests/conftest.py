"""Shared fixtures.

``planned_game``: every game of the product is built now, so the "not available yet" path
(a game listed in ``engine.games.PLANNED``, for a game added to the product before its
rules are) is tested by turning Nogginate back into a planned game for one test: its spec
leaves the registries, in place, so every module that imported them sees the change."""

from __future__ import annotations

import pytest

import engine.games as games


@pytest.fixture
def planned_game(monkeypatch):
    """Make ``nogginate`` a planned game (not available yet) for this test; returns its id."""
    gid = "nogginate"
    monkeypatch.delitem(games.SPECS, gid)
    monkeypatch.delitem(games.GAMES, gid)
    monkeypatch.setitem(games.PLANNED, gid, "Nogginate")
    try:
        from tui import games as tables
        from tui import screens
    except ImportError:  # pragma: no cover - the TUI is always installed with the tests
        return gid
    if gid in tables.TABLES:
        monkeypatch.delitem(tables.TABLES, gid)
    if gid in screens.TABLE_SCREENS:
        monkeypatch.delitem(screens.TABLE_SCREENS, gid)
    return gid


@pytest.fixture(autouse=True)
def _own_user_folders(tmp_path_factory, monkeypatch):
    """Every test gets its own user config, data and cache folders (``XDG_*_HOME``): no test reads
    the developer's config file, writes to their log folder, or shares the statistics' cache of
    verdicts on replayed logs (``engine.stats.Verdicts``) with another test."""
    for kind in ("CONFIG", "DATA", "CACHE"):
        monkeypatch.setenv(f"XDG_{kind}_HOME", str(tmp_path_factory.mktemp(kind.lower())))
