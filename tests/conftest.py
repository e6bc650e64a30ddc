"""Shared fixtures.

``unloadable_game``: the registry imports a game's package only when it is first asked for
(``engine.games.SPECS``); an install that lacks a game's package (or one that fails to
import) must give one sentence, never a traceback. The fixture makes Nogginate's package
fail to import for one test."""

from __future__ import annotations

import sys

import pytest

import engine.games as games


@pytest.fixture
def unloadable_game(monkeypatch):
    """Make ``nogginate``'s package fail to import for this test (``None`` in ``sys.modules``
    stops an import, as a missing package would); returns its id."""
    gid = "nogginate"
    monkeypatch.setitem(sys.modules, f"engine.games.{gid}", None)
    for registry in (games.SPECS, games.GAMES):
        registry.forget(gid)
    yield gid
    for registry in (games.SPECS, games.GAMES):  # loaded again from the real package next time
        registry.forget(gid)


@pytest.fixture(autouse=True)
def _own_user_folders(tmp_path_factory, monkeypatch):
    """Every test gets its own user config, data and cache folders (``XDG_*_HOME``): no test reads
    the developer's config file, writes to their log folder, or shares the statistics' cache of
    verdicts on replayed logs (``engine.stats.Verdicts``) with another test."""
    for kind in ("CONFIG", "DATA", "CACHE"):
        monkeypatch.setenv(f"XDG_{kind}_HOME", str(tmp_path_factory.mktemp(kind.lower())))


@pytest.fixture
def plan_searches(monkeypatch) -> list[int]:
    """A counter of the rummy bots' whole-turn plan searches (``engine.ai.plans.PlanSearch.search_plans``
    calls, issue 25): ``plan_searches[0]`` grows by one per search."""
    from engine.ai.plans import PlanSearch
    count = [0]
    real = PlanSearch.search_plans

    def counted(self, *a, **k):
        count[0] += 1
        return real(self, *a, **k)
    monkeypatch.setattr(PlanSearch, "search_plans", counted)
    return count
