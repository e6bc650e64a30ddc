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
