"""The melds panel of a rummy table: one row per player (or team), each meld a
labelled line of small cards (``m3 ▸ 4♠5♠6♠7♠``), for any rummy game.
It knows nothing of a game's rules: the table gives it the rows
already worded, and a click on a meld reports the meld's id."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from rich.text import Text
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

from tui.widgets.wraprow import WrapRow

__all__ = ["MeldChip", "MeldRow", "MeldsPanel", "MeldLine"]


@dataclass(frozen=True)
class MeldLine:
    """One meld as the panel shows it: its id (``3`` for ``m3``) and its cards as
    coloured text (the table words them, e.g. ``4♠5♠JK(6)7♠``)."""

    id: int
    cards: Text


class MeldChip(Static):
    """One meld: ``m3 ▸`` and its cards. Clicking it posts :class:`MeldsPanel.Picked`.
    The class ``-target`` marks the meld picked as the target of a layoff or swap."""

    DEFAULT_CSS = """
    MeldChip { width: auto; height: 1; padding: 0 1 0 0; text-wrap: nowrap; }
    MeldChip.-target { background: $accent 40%; text-style: bold; }
    MeldChip.-last { text-style: underline; }
    """

    def __init__(self, meld_id: int, *, id: str | None = None) -> None:
        super().__init__("", id=id)
        self.meld_id = meld_id
        self._shown: tuple | None = None

    def show(self, cards: Text, ascii_only: bool, target: bool) -> bool:
        """Draw the meld (only when it changed). Returns True when its width changed
        (the row must refit its columns)."""
        key = (cards.plain, str(cards.spans), ascii_only, target)
        if key == self._shown:
            return False
        grew = self._shown is None or self._shown[0] != key[0]
        self._shown = key
        arrow = ">" if ascii_only else "▸"
        self.update(Text.assemble((f"m{self.meld_id} {arrow} ", "bold"), cards))
        self.set_class(target, "-target")
        return grew

    def on_click(self) -> None:
        self.post_message(MeldsPanel.Picked(self.meld_id))


class MeldRow(Widget):
    """One player's row: a caption (name, melded or not...) and that player's melds, wrapping."""

    DEFAULT_CSS = """
    MeldRow { height: auto; width: 1fr; layout: horizontal; }
    MeldRow > .meld-owner { width: 23; height: auto; }
    MeldRow > WrapRow { width: 1fr; }
    MeldRow > WrapRow > .meld-none { color: $text-muted; width: auto; }
    """

    def __init__(self, caption: str | Text = "", *, id: str | None = None) -> None:
        super().__init__(id=id)
        #: the caption the row is composed with (a row mounted by a redraw shows it at once)
        self.caption = caption

    def compose(self):
        yield Static(self.caption, classes="meld-owner")
        yield WrapRow(Static("no melds", classes="meld-none"))


class MeldsPanel(VerticalScroll):
    """Every player's melds, one :class:`MeldRow` per row given to :meth:`show`.

    Meld widgets are keyed by the meld's id (``#meld-3``): a redraw updates a meld in
    place and never remounts one that is still on the table. Rows scroll when the
    panel is too short.

    Attributes:
        target: the meld id marked as picked, or None.
    """

    DEFAULT_CSS = """
    MeldsPanel { height: auto; max-height: 12; padding: 0 1; }
    """

    class Picked(Message):
        """A meld was clicked (``meld_id``: 3 for ``m3``)."""

        def __init__(self, meld_id: int) -> None:
            super().__init__()
            self.meld_id = meld_id

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.target: int | None = None
        self._chips: dict[int, MeldChip] = {}
        self._rows: list[MeldRow] = []
        self._latest: tuple = ((), None, False)

    def _show_latest(self) -> None:
        rows, target, ascii_only = self._latest
        self.show(rows, target=target, ascii_only=ascii_only)

    def chip(self, meld_id: int) -> MeldChip | None:
        """The widget of meld ``meld_id``, if it is on the panel."""
        return self._chips.get(meld_id)

    def show(self, rows: Sequence[tuple[str | Text, Sequence[MeldLine]]], *, target: int | None = None,
             ascii_only: bool = False) -> None:
        """Draw ``rows``: each a caption and its melds in order; ``target`` marks a meld."""
        self.target = target
        self._latest = (rows, target, ascii_only)
        while len(self._rows) < len(rows):
            row = MeldRow(rows[len(self._rows)][0], id=f"meld-row-{len(self._rows)}")
            self._rows.append(row)
            self.mount(row)
        while len(self._rows) > len(rows):
            self._rows.pop().remove()
        wanted = {m.id for _caption, melds in rows for m in melds}
        for mid in [m for m in self._chips if m not in wanted]:
            self._chips.pop(mid).remove()
        later = False
        for row, (caption, melds) in zip(self._rows, rows):
            if not row.is_mounted or not row.children:  # just mounted (with its caption): its melds once it is ready
                row.caption = caption
                later = True
                continue
            row.query_one(".meld-owner", Static).update(caption)
            wrap = row.query_one(WrapRow)
            changed = False
            for m in melds:
                chip = self._chips.get(m.id)
                if chip is None:
                    chip = MeldChip(m.id, id=f"meld-{m.id}")
                    self._chips[m.id] = chip
                    wrap.mount(chip)
                    changed = True
                changed = chip.show(m.cards, ascii_only, m.id == target) or changed
            none = wrap.query_one(".meld-none", Static)
            if none.display != (not melds):
                none.display = not melds
                changed = True
            if changed:
                wrap.call_after_refresh(wrap.fit)
        if later:
            self.call_after_refresh(self._show_latest)
