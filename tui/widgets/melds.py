"""The melds panel of a rummy table: one row per player (or team), each meld a chip of small
overlapping cards with its id and marks (``m3 open dirty`` over ``╭──╭──╭───╮``...), or one line
(``m3 ▸ 4♠5♠6♠7♠ open``) on a short screen, for any rummy game. It knows nothing of a game's
rules: the table gives it the rows already worded, and a click on a meld reports the meld's id.

A redraw is whole: every chip's text and width are set in the :meth:`MeldsPanel.show` call that
the hand's redraw shares, new rows come with their chips, and the wrapping grid is refitted at
once (never a frame later), so no stale or half-updated meld is ever drawn."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

from engine.cards import Card
from tui.widgets.cards import card_fan
from tui.widgets.wraprow import WrapRow

__all__ = ["MeldChip", "MeldRow", "MeldsPanel", "MeldLine", "crop_lines"]


@dataclass(frozen=True)
class MeldLine:
    """One meld as the panel shows it.

    Attributes:
        id: its id (``3`` for ``m3``).
        cards: its cards as coloured text for the one-line form (the table words them,
            e.g. ``4♠5♠JK(6)7♠``).
        faces: its cards, for the small overlapping cards ((): the one-line form only).
        under: per card, what it stands for ("" for none), written under a joker.
        marks: its state in words (``open dirty``, ``closed clean``, ``hands-off``), or empty.
        tip: the tooltip: what the meld and its marks mean.
        changed: indices of the cards that just changed (laid off, stolen in), drawn heavy.
        new: the whole meld just changed (laid, combined, split off).
    """

    id: int
    cards: Text
    faces: tuple[Card, ...] = ()
    under: tuple[str, ...] = ()
    marks: Text = field(default_factory=Text)
    tip: str = ""
    changed: tuple[int, ...] = ()
    new: bool = False


def crop_lines(text: Text, width: int) -> Text:
    """Each line of ``text`` cut to ``width`` cells (an ellipsis where cut): a caption that never
    runs into the next column (a CJK name is two cells a character)."""
    out = []
    for line in text.split("\n", allow_blank=True):
        if line.cell_len > width:
            line = line.copy()
            line.truncate(max(1, width), overflow="ellipsis")
        out.append(line)
    return Text("\n").join(out)


class MeldChip(Static):
    """One meld: ``m3`` and its marks over its small overlapping cards (or ``m3 ▸ 4♠5♠6♠7♠ open``
    in one line). Clicking it posts :class:`MeldsPanel.Picked`. Classes: ``-target`` (picked as
    the target of a layoff or swap), ``-new`` (it just changed)."""

    DEFAULT_CSS = """
    MeldChip { width: auto; height: 1; padding: 0 1 0 0; text-wrap: nowrap; }
    MeldChip.-target { background: $accent 40%; text-style: bold; }
    MeldChip.-new { background: $success 25%; }
    """

    def __init__(self, meld_id: int, *, id: str | None = None) -> None:
        super().__init__("", id=id)
        self.meld_id = meld_id
        self._shown: tuple | None = None
        #: the meld in one line of plain text (``m3 ▸ 4♠5♠6♠7♠ open``), whatever the form drawn
        self.plain = ""

    def show(self, meld: MeldLine, ascii_only: bool, target: bool, tall: bool = False, palette: str = "french") -> bool:
        """Draw the meld (only when it changed), tall (small overlapping cards) or in one line.
        Sets the chip's width and height in cells. Returns True when its size changed (the row
        must refit its columns)."""
        key = (meld.cards.markup, meld.marks.markup, meld.faces, meld.under, meld.changed, meld.new, ascii_only,
               target, tall, palette)
        if key == self._shown:
            return False
        self._shown = key
        arrow = ">" if ascii_only else "▸"
        line = Text.assemble((f"m{self.meld_id} {arrow} ", "bold"), meld.cards)
        if meld.marks.plain:
            line.append(" ")
            line.append_text(meld.marks)
        self.plain = line.plain
        if tall and meld.faces:
            head = Text.assemble((f"m{self.meld_id}", "bold"), " ", meld.marks)
            fan = card_fan(meld.faces, self.app, under=meld.under, marked=meld.changed, palette=palette)
            text = Text("\n").join([head, *fan])
        else:
            text = line
        text.no_wrap = True
        width = max(cell_len(r) for r in text.plain.split("\n")) + 1
        height = len(text.plain.split("\n"))
        self.update(text)
        self.tooltip = meld.tip or None
        self.set_class(target, "-target")
        self.set_class(meld.new or bool(meld.changed), "-new")
        changed = (self.styles.width is None or self.styles.width.value != width
                   or self.styles.height is None or self.styles.height.value != height)
        if changed:
            self.styles.width = width
            self.styles.height = height
        return changed

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

    def __init__(self, caption: str | Text = "", chips: Sequence[MeldChip] = (), *, tip: str = "",
                 id: str | None = None) -> None:
        super().__init__(id=id)
        #: the caption the row is composed with (a row mounted by a redraw shows it at once)
        self.caption = caption
        self._chips = list(chips)
        self._tip = tip

    def compose(self):
        owner = Static(self.caption, classes="meld-owner")
        owner.tooltip = self._tip or None
        yield owner
        none = Static("no melds", classes="meld-none")
        none.display = not self._chips
        yield WrapRow(none, *self._chips)


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
    MeldsPanel.-tall > MeldRow { margin-bottom: 1; }
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

    def chip(self, meld_id: int) -> MeldChip | None:
        """The widget of meld ``meld_id``, if it is on the panel."""
        return self._chips.get(meld_id)

    def row(self, index: int) -> "MeldRow | None":
        """The ``index``-th row (a player or team, its caption and melds), if drawn."""
        return self._rows[index] if index < len(self._rows) else None

    def show(self, rows: Sequence[tuple[str | Text, Sequence[MeldLine]]], *, target: int | None = None,
             ascii_only: bool = False, tall: bool = False, palette: str = "french", caption_width: int = 0,
             caption_tip: str = "") -> None:
        """Draw ``rows``: each a caption and its melds in order; ``target`` marks a meld; ``tall``
        draws each meld as small overlapping cards (else one line); ``palette`` names the suit
        colours; ``caption_width`` (cells, 0: the row's CSS width) crops each caption line;
        ``caption_tip`` is every caption's tooltip (what its words mean)."""
        self.target = target
        self.set_class(tall, "-tall")
        width = caption_width
        wanted = {m.id for _caption, melds in rows for m in melds}
        for mid in [m for m in self._chips if m not in wanted]:
            self._chips.pop(mid).remove()
        while len(self._rows) > len(rows):
            self._rows.pop().remove()
        for r, (caption, melds) in enumerate(rows):
            if width and isinstance(caption, Text):
                caption = crop_lines(caption, width - 1)
            chips = []
            for m in melds:
                chip = self._chips.get(m.id)
                if chip is None:
                    # no DOM id: a chip of the same meld id may still be on its way out (remove() is
                    # async), and a replay jump or a new round brings the id back in the same frame
                    chip = MeldChip(m.id)
                    self._chips[m.id] = chip
                chip.show(m, ascii_only, m.id == target, tall, palette)
                chips.append(chip)
            if r >= len(self._rows):  # a new row comes with its chips (one frame, never a caption alone)
                row = MeldRow(caption, chips, tip=caption_tip)  # no DOM id, as the chips
                self._rows.append(row)
                self.mount(row)
                continue
            row = self._rows[r]
            if not row.is_mounted or not row.children:  # mounted, not composed yet: its compose takes these
                row.caption, row._chips = caption, chips
                continue
            owner = row.query_one(".meld-owner", Static)
            owner.update(caption)
            owner.tooltip = caption_tip or None
            wrap = row.query_one(WrapRow)
            fresh = [c for c in chips if c.parent is None]
            if fresh:
                wrap.mount(*fresh)
            none = wrap.query_one(".meld-none", Static)
            if none.display != (not melds):
                none.display = not melds
            wrap.fit()  # at once: the chips' widths are set, no frame with stale columns
