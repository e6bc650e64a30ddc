"""The discard pile, the draw pile and the direction sign of the table centre.

Each fits the room it is given: with five rows or more, big cards (and the
direction in a box); with fewer (a short terminal, set by the board's CSS:
``height: 1`` on the pile), one line with compact cards (``Discard 5: 3♣ 4♣ 5♦``,
``Draw 21``, ``Direction ▲ up``). The discard pile shows as many of its top
cards as its width holds (at least the top card)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from rich.style import Style
from rich.text import Text
from textual.app import App
from textual.geometry import Size
from textual.containers import Center, Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Static

from engine.cards import Card, CardKind
from tui.widgets.cards import CardWidget, ascii_mode, card_big, card_small, theme_color, theme_var


class FitLabel(Static):
    """A label with a tall form (several lines) and a one-line form, drawn by the
    height it gets: one line when it has a single row."""

    def __init__(self, tall: str = "", line: str = "", *, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__("", id=id, classes=classes)
        self.tall, self.line = tall, line

    def set_texts(self, tall: str, line: str) -> None:
        """Set the tall and the one-line text."""
        if (tall, line) != (self.tall, self.line):
            self.tall, self.line = tall, line
            self.refresh(layout=True)  # a longer text (Discard 10:) needs a wider label

    def render(self) -> Text:
        return Text(self.line if self.size.height <= 1 else self.tall)


class DiscardPile(Horizontal):
    """The top cards of the discard pile, oldest left, the top card right
    (raised and outlined; the whole last play so when it was several cards, the older
    cards dimmed). Shows up to ``SHOWN`` cards (as many as the width holds, and always
    the whole last play) and the pile's size."""

    SHOWN = 6

    DEFAULT_CSS = """
    DiscardPile { height: 7; width: auto; }
    DiscardPile > #discard-label { width: 12; height: 6; padding: 2 1 0 0; text-align: right; }
    DiscardPile > CardWidget { margin: 1 0 0 0; }
    DiscardPile > CardWidget.-top { margin: 0 0 1 1; border: heavy $accent; }
    DiscardPile > CardWidget.-ascii.-top { border: ascii $accent; }
    DiscardPile > CardWidget.-compact { margin: 0 1 0 0; }
    DiscardPile > CardWidget.-compact.-top { margin: 0 1 0 0; border: none; text-style: bold underline; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._discard: list[Card] = []
        self._room = self.SHOWN
        self._last = 1

    def compose(self):
        yield FitLabel("Discard", "Discard", id="discard-label")
        for i in range(self.SHOWN):
            yield CardWidget(None, index=i)

    def on_resize(self) -> None:
        room = self._fit_room()
        if room != self._room:
            self._room = room
            self.set_cards(self._discard)

    def _fit_room(self) -> int:
        """How many cards the width holds (from the parent's width when ``width: auto``)."""
        parent = self.parent
        avail = self.size.width
        if isinstance(parent, Widget) and parent.size.width:
            others = sum(c.outer_size.width for c in parent.children if c is not self and c.display)
            avail = max(avail, parent.size.width - others - 6)
        label = self.query_one("#discard-label").outer_size.width
        per = 4 if self.size.height <= 2 else 7
        return max(1, min(self.SHOWN, (avail - label - 1) // per))

    def set_cards(self, discard: Sequence[Card], last: int | None = None) -> None:
        """Show the last cards of ``discard`` (bottom to top); the top ``last`` cards (the
        last play; default: the kept count, else 1) are all shown and marked as the top."""
        if last is not None:
            self._last = last
        self._discard = list(discard)
        if self.is_mounted and isinstance(self.parent, Widget) and self.parent.size.width:
            self._room = self._fit_room()
        top_count = max(1, min(self._last, len(discard), self.SHOWN))
        top = list(discard[-min(self.SHOWN, max(self._room, top_count)):]) if discard else []
        slots = list(self.query(CardWidget).results(CardWidget))
        count = f"{len(discard)} card{'s' if len(discard) != 1 else ''}"
        self.query_one("#discard-label", FitLabel).set_texts(f"Discard\n{count}", f"Discard {len(discard)}:")
        for i, w in enumerate(slots):
            card = top[i] if i < len(top) else None
            w.card = card
            shown = card is not None or (i == 0 and not top)
            if w.display != shown:
                w.display = shown
            is_top = card is not None and i >= len(top) - top_count
            w.set_class(is_top, "-top")
            w.dim = card is not None and not is_top


class DrawPile(Vertical):
    """The face-down draw pile with the number of cards in it (one line,
    ``Draw 21``, when given a single row)."""

    DEFAULT_CSS = """
    DrawPile { width: 12; height: 7; }
    DrawPile > Center { height: 5; margin-top: 1; }
    DrawPile > #draw-label { width: 12; text-align: center; }
    """

    def compose(self):
        with Center():
            yield CardWidget(None, face_up=False, label="", id="draw-card")
        yield Static("Draw pile", id="draw-label")

    def on_resize(self) -> None:
        short = self.size.height <= 2
        center = self.query_one(Center)
        if center.display == short:
            center.display = not short

    def set_count(self, count: int) -> None:
        """Show ``count`` cards in the draw pile (an empty slot at 0)."""
        w = self.query_one("#draw-card", CardWidget)
        w.card = None
        w.face_up = False
        w.set_label(str(count) if count else None)
        self.query_one("#draw-label", Static).update(f"Draw: {count}", layout=False)


class DirectionSign(FitLabel):
    """The current rank direction of a game whose piles run up or down (boxed on two lines,
    or one line ``Direction ▲ up`` when given a single row)."""

    DEFAULT_CSS = """
    DirectionSign { width: 14; height: 5; border: round $foreground 40%; content-align: center middle;
                    text-align: center; margin-top: 1; }
    DirectionSign.-ascii { border: ascii $foreground 40%; }
    DirectionSign.-down { color: $warning; }
    """

    def on_mount(self) -> None:
        self.set_class(ascii_mode(self.app), "-ascii")

    def set_direction(self, direction: int) -> None:
        """Show +1 (up) or -1 (down)."""
        a = ascii_mode(self.app)
        arrow = ("^" if a else "▲") if direction > 0 else ("v" if a else "▼")
        word = "up" if direction > 0 else "down"
        self.set_texts(f"Direction\n{arrow} {word} {arrow}", f"Direction {arrow} {word}")
        self.set_class(direction < 0, "-down")


@dataclass(frozen=True)
class Pile:
    """One pile of a rummy table as :class:`PileStrip` draws it.

    Attributes:
        name: its caption (``Stock``, ``Discard pile``, a game's own pile).
        count: how many cards it holds.
        cards: the face-up cards, bottom to top (a discard pile); ``()`` for a face-down stock.
        mark: how the top card stands out: ``""``, ``"claim"`` (it may be claimed now),
            ``"frozen"`` (the pile may not be taken: drawn in the game's ``card-pile-frozen``
            colour), ``"dead"`` (never taken: drawn dim),
            ``"new"`` (it just changed).
        note: a word after the caption (``frozen ❄``, ``may be claimed``), or "".
        tip: the tooltip sentence of the pile (what its mark means), or "".
        short: its name in the one-line form (``Discard``); "" for :attr:`name`.
    """

    name: str
    count: int
    cards: tuple[Card, ...] = ()
    mark: str = ""
    note: str = ""
    tip: str = ""
    short: str = ""


#: Any card, drawn face down (a stock's back).
_BACK = Card.special(CardKind.JOKER)

#: How each pile mark colours the top card's border and the note (a theme variable, a fallback).
_MARKS = {"claim": ("warning", "#ffb300"), "frozen": ("card-pile-frozen", "#00838f"), "new": ("success", "#2e7d32")}


class PileStrip(Widget):
    """The piles of a rummy table side by side, then lines of text beside them (the round,
    what just changed): the stock face down with its count, a discard pile with its top card
    whole and the cards beneath fanned (as many as fit; the rest counted). Big (five rows of cards, a
    caption and a note: ``may be claimed (c)``, ``frozen``) unless the screen is ``-short`` or
    :attr:`big` is False; then one line per pile, the text lines below.

    The widget draws itself (no child widgets): one :meth:`show` call changes everything at
    once, so a frame never shows half of a move. Widths are in cells (``rich.cells.cell_len``).
    """

    DEFAULT_CSS = """
    PileStrip { height: auto; width: 1fr; padding: 0 1; }
    """

    #: Cells between two piles, and the fewest cells the text beside the piles may have (else below).
    GAP, SIDE_MIN = 2, 24

    def __init__(self, *, palette: str = "french", id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.piles: tuple[Pile, ...] = ()
        self.lines: tuple[Text, ...] = ()
        self.palette = palette
        #: None: big unless the screen is ``-short``; True / False forces it
        self.big: bool | None = None
        #: the key that shows every line when not all fit (a table's "last events", ``l``), or ""
        self.more_key = ""

    def show(self, piles: Sequence[Pile], lines: Sequence[str | Text] = ()) -> None:
        """Draw ``piles`` (left to right) and ``lines`` of text beside them (below when narrow)."""
        piles = tuple(piles)
        texts = tuple(x if isinstance(x, Text) else Text(x) for x in lines)
        if piles == self.piles and [t.markup for t in texts] == [t.markup for t in self.lines]:
            return
        self.piles, self.lines = piles, texts
        tips = [f"{p.name}: {p.tip}" for p in piles if p.tip]
        self.tooltip = "\n".join(tips) or None
        self.refresh(layout=True)

    def is_big(self) -> bool:
        """True while the piles are drawn as big cards."""
        if self.big is not None:
            return self.big
        try:
            return not self.screen.has_class("-short")
        except Exception:  # not mounted
            return True

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.rows(width))

    def render(self) -> Text:
        return Text("\n").join(self.rows(self.content_size.width or self.size.width))

    # -- drawing -------------------------------------------------------------------------
    def rows(self, width: int) -> list[Text]:
        """The rows drawn in ``width`` cells."""
        if not self.is_big():
            return self._short_rows(width)
        blocks = self._blocks(width)
        out = [Text(no_wrap=True) for _ in range(7)]
        for i, block in enumerate(blocks):
            bw = max(r.cell_len for r in block)
            for r, row in enumerate(block):
                if i:
                    out[r].append(" " * self.GAP)
                out[r].append_text(row)
                out[r].append(" " * (bw - row.cell_len))
        used = max((r.cell_len for r in out), default=0)
        side = width - used - self.GAP
        if side >= self.SIDE_MIN:  # the first line, then the newest that fit beside the piles
            shown = self.lines[:1] + self.lines[1:][-(len(out) - 1):] if len(self.lines) > len(out) else self.lines
            for r, line in enumerate(shown):
                out[r].append(" " * self.GAP)
                out[r].append_text(_crop(line, side))
            return out
        return out + self._short_rows(width, beside=False)[1:]

    def _short_rows(self, width: int, beside: bool = True) -> list[Text]:
        """At most two rows: every pile in one line (with the first text line after it when it
        fits and ``beside``), then the first text line if it did not and the newest other lines that fit, oldest
        first, after ``+N earlier (KEY)`` when some do not (:attr:`more_key` shows them all)."""
        row = self._line(width)
        if not self.lines:
            return [row]
        sep = Text(" · ", style="dim")
        head, rest = self.lines[0], list(self.lines[1:])
        fixed: list[Text] = []
        if beside and row.cell_len + sep.cell_len + head.cell_len <= width:
            row = Text.assemble(row, sep, head)
        else:
            fixed = [head]

        def more(n: int) -> list[Text]:
            key = f" ({self.more_key})" if self.more_key else ""
            return [Text(f"+{n} earlier{key}", style="dim")] if n else []

        kept = rest[-1:]  # the newest always (cut if it must be)
        while len(kept) < len(rest):
            wider = rest[-len(kept) - 1:]
            if sep.join(fixed + more(len(rest) - len(wider)) + wider).cell_len > width:
                break
            kept = wider
        parts = fixed + more(len(rest) - len(kept)) + kept
        if sep.join(parts).cell_len > width:  # no room for the count: the newest line gets it
            parts = fixed + kept
        return [row] + ([_crop(sep.join(parts), width)] if parts else [])

    def _blocks(self, width: int) -> list[list[Text]]:
        """The piles' blocks for ``width`` cells: the fans of the cards beneath get what is left
        once every pile and :attr:`SIDE_MIN` cells of text beside them are placed (none, else)."""
        bare = [self._block(p, 0) for p in self.piles]
        used = sum(max(r.cell_len for r in b) for b in bare) + self.GAP * max(0, len(bare) - 1)
        room = width - used - (self.GAP + self.SIDE_MIN if self.lines else 0)
        if room < 0:  # the text goes below the piles anyway: the fans take the width
            room = width - used
        out = []
        for pile, block in zip(self.piles, bare):
            if len(pile.cards) > 1 and room >= 4:
                block = self._block(pile, room)
                room -= max(r.cell_len for r in block) - max(r.cell_len for r in self._block(pile, 0))
            out.append(block)
        return out

    def _mark_color(self, mark: str) -> str | None:
        if mark not in _MARKS:
            return None
        var, default = _MARKS[mark]
        return theme_color(self.app, var) if var.startswith("card-") else theme_var(self.app, var, default)

    def _block(self, pile: Pile, room: int) -> list[Text]:
        """One pile as big cards: five rows of cards, its caption and its note; the cards beneath
        the top fanned in at most ``room`` cells (four a card)."""
        app = self.app
        caption = Text(f"{pile.name} {pile.count}", style="bold")
        color = self._mark_color(pile.mark)
        note = Text(pile.note, style=Style(color=color, bold=True) if color else "italic")
        rows: list[Text]
        if not pile.cards:
            if pile.count:
                rows = list(card_big(None, app, face_up=False, label=str(pile.count)).split("\n"))
            else:
                rows = list(card_big(None, app).split("\n"))
            return rows + [caption, note]
        top = pile.cards[-1]
        rows = list(card_big(top, app, palette=self.palette).split("\n"))
        if color:
            rows = _recolor_edges(rows, color)
        if pile.mark == "dead":
            for r in rows:
                r.stylize("dim")
        beneath = list(pile.cards[:-1])
        fit = max(0, min(len(beneath), room // 4, 8))
        shown = beneath[len(beneath) - fit:] if fit else []
        fan = _slivers(shown, app, self.palette)
        out = [Text.assemble(f, r) for f, r in zip(fan, rows)] if shown else rows
        hidden = pile.count - 1 - len(shown)
        if hidden > 0:
            note.append(f"{' ' if note.plain else ''}+{hidden} beneath", style="dim")
        return out + [caption, note]

    def _line(self, width: int) -> Text:
        """Every pile in one line: ``Stock 83 ░░ · Discard pile 14: 3♣ 4♣ 7♣ frozen`` (fewer of the
        cards beneath the top where the width is short)."""
        for beneath in (3, 2, 1, 0):
            line = self._line_with(beneath)
            if line.cell_len <= width:
                return line
        return _crop(line, width)

    def _line_with(self, beneath: int) -> Text:
        app = self.app
        out = Text(no_wrap=True, overflow="ellipsis")
        for i, pile in enumerate(self.piles):
            if i:
                out.append(" · ", style="dim")
            out.append(f"{pile.short or pile.name} {pile.count}", style="bold")
            if not pile.cards:
                if pile.count:
                    out.append(" ")
                    out.append_text(card_small(_BACK, app, face_up=False))
                continue
            out.append(": ")
            for c in pile.cards[-1 - beneath:-1] if beneath else ():
                out.append_text(card_small(c, app, palette=self.palette))
                out.append(" ")
            top = card_small(pile.cards[-1], app, palette=self.palette)
            color = self._mark_color(pile.mark)
            if color:
                top.stylize(Style(underline=True, reverse=True))
            elif pile.mark == "dead":
                top.stylize("dim")
            out.append_text(top)
            if pile.note:
                out.append(f" {pile.note}", style=Style(color=color, bold=True) if color else "italic")
        return out


def _crop(text: Text, width: int) -> Text:
    """``text`` cut to ``width`` cells (an ellipsis where it is cut)."""
    if text.cell_len <= width:
        return text
    out = text.copy()
    out.truncate(max(1, width), overflow="ellipsis")
    return out


def _recolor_edges(rows: list[Text], color: str) -> list[Text]:
    """A big card's border redrawn heavy in ``color`` (the top card that stands out)."""
    heavy = str.maketrans("╭╮╰╯─│", "┏┓┗┛━┃")
    edge = Style(color=color, bold=True)
    out = []
    for i, r in enumerate(rows):
        plain = r.plain
        if i in (0, len(rows) - 1) or len(plain) < 2:
            out.append(Text(plain.translate(heavy), style=edge))
        else:
            out.append(Text.assemble((plain[0].translate(heavy), edge), r[1:-1], (plain[-1].translate(heavy), edge)))
    return out


def _slivers(cards: Sequence[Card], app: App | None, palette: str) -> list[Text]:
    """The cards beneath a pile's top as overlapping slivers, four cells each (rank and suit in
    sight), five rows to stand left of a big card."""
    rows = [Text(no_wrap=True) for _ in range(5)]
    for c in cards:
        big = card_big(c, app, palette=palette).split("\n")
        for r, line in enumerate(big):
            rows[r].append_text(line[:4])
    return rows
