"""The descriptor each game's UI package exports (:class:`TableSpec`)."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

@dataclass(frozen=True)
class TableSpec:
    """How one game is shown.

    Attributes:
        game_id: the engine's game id.
        screen: ``"module:Class"`` of its table screen (a
            :class:`tui.screens.base_table.BaseTableScreen` subclass).
        replay: ``"module:function"`` of its replay renderer,
            ``render(state, names, seat or None, palette) -> rich.text.Text``.
    """

    game_id: str
    screen: str
    replay: str


def load(target: str) -> Any:
    """Import ``"module:attribute"`` and return the attribute.

    Raises:
        ImportError, AttributeError: when the module or the attribute is missing.
    """
    module_name, _, attr = target.partition(":")
    return getattr(importlib.import_module(module_name), attr)


__all__ = ["TableSpec", "load"]
