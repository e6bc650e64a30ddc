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
        palette: ``"module:attribute"`` of the game's own faces and colours (a
            ``tui.widgets.cards.GamePalette``; importing the module registers it), or ""
            for a game drawn with the shared faces and colours alone.
    """

    game_id: str
    screen: str
    palette: str = ""

    def load_palette(self) -> None:
        """Register the game's :attr:`palette` with the card widgets and themes (idempotent;
        done before its table is shown, a replay's too).

        Raises:
            ImportError, AttributeError: when the module or the attribute is missing.
        """
        if self.palette:
            load(self.palette)


def load(target: str) -> Any:
    """Import ``"module:attribute"`` and return the attribute.

    Raises:
        ImportError, AttributeError: when the module or the attribute is missing.
    """
    module_name, _, attr = target.partition(":")
    return getattr(importlib.import_module(module_name), attr)


__all__ = ["TableSpec", "load"]
