"""A footer whose keys never scroll out of sight: it wraps onto a second row.

Textual's :class:`~textual.widgets.Footer` is one row that scrolls sideways, so
on an 80-column terminal a table's last keys (``? Rules``, ``z Undo``...) are
simply cut off. :class:`WrappingFooter` is the same footer, compact, that
lays its keys out on as many rows (up to :attr:`WrappingFooter.MAX_ROWS`) as
the width needs, and hides the command-palette key when space is short.
"""

from __future__ import annotations

import math

from rich.text import Text
from textual import events
from textual.widget import Widget
from textual.widgets import Footer

__all__ = ["WrappingFooter", "footer_item_width"]


def footer_item_width(widget: Widget) -> int:
    """The cells one top-level item of a compact footer needs on one row
    (a key with its description, a group of keys with its label), margins included."""
    key_display = getattr(widget, "key_display", None)
    if key_display is not None:  # a FooterKey
        description = getattr(widget, "description", "")
        return Text(key_display).cell_len + (Text(description).cell_len + 1 if description else 0) + 1
    if widget.children:  # a KeyGroup: its keys side by side, then a space
        return sum(footer_item_width(c) for c in widget.children) + 1
    rendered = getattr(widget, "content", None)  # a FooterLabel (a Label)
    return Text(str(rendered or "")).cell_len + 1


class WrappingFooter(Footer):
    """The key footer of every cardtable screen: compact, and on several rows
    when one row is too narrow for all its keys (so every key stays visible at
    80 columns). The command-palette key (``^p``) is shown only when there is room.

    Attributes:
        rows: the number of rows in use now (1 to :attr:`MAX_ROWS`).
    """

    MAX_ROWS = 3

    DEFAULT_CSS = """
    WrappingFooter { padding: 0 0 0 1; }
    WrappingFooter.-compact FooterLabel { margin: 0 1 0 0; }
    WrappingFooter.-rows { layout: grid; grid-columns: auto; grid-rows: 1; grid-gutter: 0 1; }
    WrappingFooter.-rows > FooterKey, WrappingFooter.-rows > KeyGroup, WrappingFooter.-rows > FooterLabel {
        width: auto; margin: 0;
    }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes, compact=True, show_command_palette=False)
        self.rows = 1

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self._fit)

    def on_mount(self) -> None:
        self.call_after_refresh(self._fit)

    async def recompose(self) -> None:
        await super().recompose()
        self.call_after_refresh(self._fit)

    def _items(self) -> list[Widget]:
        return [c for c in self.children if not c.has_class("-command-palette")]

    def needed_width(self) -> int:
        """Cells the keys need on a single row."""
        return sum(footer_item_width(c) for c in self._items())

    def _fit(self) -> None:
        if not self.is_mounted:
            return
        width = (self.size.width or self.app.size.width) - 1  # the left padding
        need = self.needed_width()
        rows = 1
        items = self._items()
        if need > width and items:
            rows = min(self.MAX_ROWS, max(2, math.ceil(need / max(1, width))))
            # a grid needs columns: as many as fit the widest row of items
            while rows < self.MAX_ROWS and not self._grid_fits(items, rows, width):
                rows += 1
        palette = rows == 1 and need + 14 <= width
        if palette != self.show_command_palette:
            self.show_command_palette = palette
            self.call_after_refresh(self.recompose)  # then fits again
        self.rows = rows
        self.set_class(rows > 1, "-rows")
        if rows > 1:
            cols = math.ceil(len(items) / rows)
            if self.styles.grid_size_columns != cols:
                self.styles.grid_size_columns = cols
        if self.styles.height is None or self.styles.height.value != rows:
            self.styles.height = rows

    @staticmethod
    def _grid_fits(items: list[Widget], rows: int, width: int) -> bool:
        cols = math.ceil(len(items) / rows)
        widths = [footer_item_width(w) for w in items]
        total = 0
        for c in range(cols):
            total += max(widths[r * cols + c] for r in range(rows) if r * cols + c < len(widths))
        return total <= width
