"""A row of widgets (buttons, labels) that wraps onto more rows when the width
is too small for all of them side by side, instead of cutting the last ones off."""

from __future__ import annotations

import math

from textual.widget import Widget

__all__ = ["WrapRow"]


class WrapRow(Widget):
    """Children side by side, left to right, on as few rows as the width allows
    (a grid whose column count is refitted on every resize and after children
    are mounted: call :meth:`fit` after changing them). Height follows the rows.

    Attributes:
        rows: rows in use now.
    """

    DEFAULT_CSS = """
    WrapRow { layout: grid; grid-rows: auto; height: auto; width: 1fr; }
    """

    def __init__(self, *children: Widget, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(*children, id=id, classes=classes)
        self.rows = 1
        self._spec = ""

    def on_resize(self) -> None:
        self.fit()

    def on_mount(self) -> None:
        self.call_after_refresh(self.fit)

    def _width_of(self, child: Widget) -> int:
        styles = child.styles
        if styles.width is not None and styles.width.is_cells:
            inner = int(styles.width.value)
        else:
            inner = child.get_content_width(self.size, self.app.size) + styles.gutter.width
        return inner + styles.margin.width

    def columns_for(self, widths: list[int], width: int) -> int:
        """The most columns (at most ``len(widths)``) whose grid fits ``width`` cells."""
        n = len(widths)
        for cols in range(n, 0, -1):
            rows = math.ceil(n / cols)
            total = sum(max(widths[r * cols + c] for r in range(rows) if r * cols + c < n) for c in range(cols))
            if total <= width:
                return cols
        return 1

    def fit(self) -> None:
        """Choose the columns for the children shown now and the width there is."""
        shown = [c for c in self.children if c.display]
        width = self.content_region.width or self.size.width
        if not shown or not width:
            return
        widths = [self._width_of(c) for c in shown]
        cols = self.columns_for(widths, width)
        self.rows = math.ceil(len(shown) / cols)
        n = len(shown)
        col_widths = [max(widths[r * cols + c] for r in range(self.rows) if r * cols + c < n) for c in range(cols)]
        if self.styles.grid_size_columns != cols:
            self.styles.grid_size_columns = cols
        spec = " ".join(str(w) for w in col_widths)
        if spec != self._spec:
            self._spec = spec
            self.styles.grid_columns = spec
