"""A footer whose keys never scroll out of sight: it wraps onto more rows.

Textual's :class:`~textual.widgets.Footer` is one row that scrolls sideways, so
on an 80-column terminal a table's last keys (``? Rules``, ``z Undo``...) are
simply cut off. :class:`WrappingFooter` is the same footer, compact, whose keys
flow onto as many rows as the width needs (like words in a paragraph), and
which shows the command-palette key only when one row has room for it.
"""

from __future__ import annotations

from typing import Iterable

from rich.text import Text
from textual.app import ComposeResult
from textual.compose import compose
from textual.containers import HorizontalGroup
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer

from tui.keynames import key_text

__all__ = ["WrappingFooter", "footer_item_width", "flow_rows", "spell_key"]


def _kids(widget: Widget) -> list[Widget]:
    return list(widget.children) or list(getattr(widget, "_pending_children", []))


def footer_item_width(widget: Widget) -> int:
    """The cells one top-level item of a compact footer needs on a row
    (a key with its description, a group of keys, a group's label), the gap after it included."""
    key_display = getattr(widget, "key_display", None)
    if key_display is not None:  # a FooterKey
        description = getattr(widget, "description", "")
        return Text(key_display).cell_len + (Text(description).cell_len + 1 if description else 0) + 1
    kids = _kids(widget)
    if kids:  # a KeyGroup: its keys side by side
        return sum(footer_item_width(c) for c in kids) + 1
    rendered = getattr(widget, "content", None)  # a FooterLabel (a Label)
    return Text(str(rendered or "")).cell_len + 1


def spell_key(widget: Widget) -> None:
    """A footer key (a FooterKey, or each key of a KeyGroup) spelled as the prompts spell it
    (:func:`tui.keynames.key_text`: ``Space``, ``Esc``, ``Tab``) where Textual's spelling differs
    only in case (``space``, ``esc``), so the width stays; ``⏎`` and ``←`` stay as they are."""
    for w in _kids(widget) or [widget]:
        shown, key = getattr(w, "key_display", None), getattr(w, "key", None)
        if isinstance(shown, str) and isinstance(key, str) and "," not in key:
            word = key_text(key)
            if word != shown and word.lower() == shown.lower():
                w.key_display = word  # type: ignore[attr-defined]


def flow_rows(widths: Iterable[int], width: int) -> list[int]:
    """Greedy line breaking: how many items (of ``widths`` cells) go on each row of ``width`` cells.
    An item wider than the row gets a row of its own."""
    rows: list[int] = []
    used = 0
    for w in widths:
        if rows and used + w <= width:
            rows[-1] += 1
            used += w
        else:
            rows.append(1)
            used = w
    return rows or [0]


class WrappingFooter(Footer):
    """The key footer of every cardtable screen: compact, and on several rows
    when one row is too narrow for all its keys (so every key stays visible at
    80 columns). The command-palette key (``^p``) is shown only when there is room.

    Attributes:
        rows: the number of rows in use now.
    """

    DEFAULT_CSS = """
    WrappingFooter { padding: 0 0 0 1; }
    WrappingFooter.-compact FooterLabel { margin: 0 1 0 0; }
    WrappingFooter.-rows { layout: vertical; }
    WrappingFooter > .footer-row { height: 1; width: 1fr; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes, compact=True, show_command_palette=False)
        self.rows = 1
        self._split: list[int] = []
        self._refit_pending = False
        self._shown: tuple | None = None  # what the keys were composed from (see bindings_changed)

    def _room(self) -> int:
        return max(1, (self.size.width or self.app.size.width) - 1)  # the left padding

    def _keys_shown(self) -> tuple:
        """All that Textual's footer composes its keys from: the screen's shown bindings (key, words,
        action, group, key display), whether each is enabled and its tooltip, and the palette's key."""
        app = self.app
        return (self.show_command_palette, app.ENABLE_COMMAND_PALETTE, app.COMMAND_PALETTE_BINDING,
                tuple((b.key, b.description, b.action, b.group, b.show, b.tooltip, app.get_key_display(b),
                       enabled, tooltip) for _, b, enabled, tooltip in self.screen.active_bindings.values()))

    def bindings_changed(self, screen: Screen) -> None:
        """Recompose (Textual's footer does at every refresh of the bindings: each key a new widget
        styled again) only when the keys shown change: a move refreshes the bindings, and most leave
        them as they were (a whole hand played by keys: 74 of 150 recomposes, 2026-11-27)."""
        if (self._shown is not None and self._bindings_ready and self.is_attached and screen is self.screen
                and self._keys_shown() == self._shown):
            return
        super().bindings_changed(screen)

    def compose(self) -> ComposeResult:
        self._shown = self._keys_shown() if self._bindings_ready else None
        nodes = compose(self, super().compose())
        items = [n for n in nodes if not n.has_class("-command-palette")]
        for n in items:
            spell_key(n)
        palette = [n for n in nodes if n.has_class("-command-palette")]
        widths = [footer_item_width(n) for n in items]
        room = self._room()
        split = flow_rows(widths, room)
        self._split = split
        self.rows = len(split) if items else 1
        self.set_class(self.rows > 1, "-rows")
        self.styles.height = self.rows
        if self.rows == 1:
            yield from items
            if sum(widths) + 14 <= room:
                yield from palette
            return
        start = 0
        for count in split:
            yield HorizontalGroup(*items[start:start + count], classes="footer-row")
            start += count

    def on_mount(self) -> None:
        self.show_command_palette = True  # composed only when one row has room (see compose)

    def on_resize(self) -> None:
        items = [w for c in self.children
                 for w in (_kids(c) if c.has_class("footer-row") else [c]) if not w.has_class("-command-palette")]
        if items and flow_rows([footer_item_width(w) for w in items], self._room()) != self._split:
            if not self._refit_pending:  # one recompose at a time
                self._refit_pending = True
                self.call_after_refresh(self._refit)

    async def _refit(self) -> None:
        self._refit_pending = False
        await self.recompose()
