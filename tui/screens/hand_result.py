"""The pause after a finished hand, for any game: the hand's result stays on
screen until the player presses a key (or clicks), so the last trick and the
points do not flash by while the bots go on with the next hand.

The lines come from the ``hand_over`` event's data (the engine's facts) worded
by the table screen's ``hand_result_lines`` hook; this screen only shows them.
"""

from __future__ import annotations

import io
from typing import Any, Sequence

from rich import box
from rich.console import Console, Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from engine.grammar import TemplateError, render
from engine.match import ScoreBreakdown, ScoreItem
from tui.widgets.narration import asciify, format_points

#: The last line of the panel.
CONTINUE_TEXT = "Press any key to continue"
#: The last line when the result is taller than the screen.
SCROLL_TEXT = "↑ ↓ PgUp PgDn scroll · any other key continues"
#: Keys that scroll a result taller than the screen (lines; ±2 is a page).
SCROLL_KEYS = {"up": -1, "down": 1, "pageup": -2, "pagedown": 2}


class HandResultScreen(ModalScreen[None]):
    """A modal panel over the table with one finished hand's result.

    Args:
        title: e.g. ``Hand 3 over``.
        lines: the result, one renderable (``str`` or rich ``Text``/table) per line.

    Any key or a click closes it (the key is not passed on to the table).
    """

    DEFAULT_CSS = """
    HandResultScreen { align: center middle; background: $background 40%; }
    HandResultScreen #result-box { width: 96; max-width: 100%; height: auto; max-height: 100%;
                                   padding: 0 2; border: double $accent; background: $surface; }
    HandResultScreen #result-scroll { height: auto; max-height: 1fr; }
    HandResultScreen #result-title { text-style: bold; }
    HandResultScreen #result-continue { color: $text-muted; margin-top: 1; }
    """

    def __init__(self, title: str, lines: Sequence[RenderableType]) -> None:
        super().__init__()
        self.title_text = title
        # plain strings are shown as they are (seat names may hold "[" or "]"), never as markup
        self.lines: list[RenderableType] = [Text(line) if isinstance(line, str) else line for line in lines]

    def compose(self) -> ComposeResult:
        with Vertical(id="result-box"):
            yield Static(self.title_text, id="result-title", markup=False)
            with VerticalScroll(id="result-scroll", can_focus=False):
                yield Static(Group(*self.lines), id="result-body")
            yield Static(CONTINUE_TEXT, id="result-continue")

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self._say_scroll)

    def on_mount(self) -> None:
        self.call_after_refresh(self._say_scroll)

    def _say_scroll(self) -> None:
        """When the result is taller than the screen, the last line says how to see the rest."""
        scroll = self.query_one("#result-scroll", VerticalScroll)
        self.query_one("#result-continue", Static).update(
            SCROLL_TEXT if scroll.max_scroll_y > 0 else CONTINUE_TEXT)

    def body_text(self, width: int = 92) -> str:
        """The panel's text without styles (title, lines, the continue line), a table's rows
        laid out ``width`` cells wide, for tests."""
        out = [self.title_text]
        for line in self.lines:
            out.append(line.plain if isinstance(line, Text) else plain_text(line, width))
        return "\n".join(out + [CONTINUE_TEXT])

    def on_key(self, event: events.Key) -> None:
        event.stop()
        event.prevent_default()
        scroll = self.query_one("#result-scroll", VerticalScroll)
        move = SCROLL_KEYS.get(event.key)
        if move is not None and scroll.max_scroll_y > 0:  # a result taller than the screen: these keys scroll
            step = max(1, scroll.size.height - 1) if abs(move) > 1 else 1
            scroll.scroll_to(y=scroll.scroll_y + (step if move > 0 else -step), animate=False)
            return
        self.dismiss(None)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.dismiss(None)


def plain_text(renderable: RenderableType, width: int) -> str:
    """``renderable`` (a rich table...) as plain text ``width`` cells wide, trailing spaces cut."""
    console = Console(width=width, color_system=None, record=True, file=io.StringIO())
    console.print(renderable)
    return "\n".join(line.rstrip() for line in console.export_text(styles=False).splitlines())


def points_lines(data: dict[str, Any], names: Sequence[str], hand_word: str = "Hand",
                 teams: Sequence[Sequence[int]] = ()) -> list[str]:
    """The generic part of a hand's result from its ``hand_over`` data (``scores`` and
    ``totals`` in points, one per seat): ``Points this hand: Ann 10, Bix -3`` and
    ``Match totals: Ann 25, Bix 4``. With ``teams`` (the seats of each partnership, as the
    breakdown groups them) a partnership is named once, ``Ann & Cy 1640``, with its first
    seat's points (partners share them)."""
    groups = [list(t) for t in teams if t]
    if not groups or sorted(s for t in groups for s in t) != list(range(len(names))):
        groups = [[s] for s in range(len(names))]

    def per_group(values: Sequence[float]) -> str:
        return ", ".join(f"{' & '.join(names[s] for s in g)} {format_points(values[g[0]])}"
                         for g in groups if g[0] < len(values))

    out = []
    scores = data.get("scores") or []
    totals = data.get("totals") or []
    if scores:
        out.append(f"Points this {hand_word.lower()}: " + per_group(scores))
    if totals:
        out.append("Match totals: " + per_group(totals))
    return out


#: How a match's score sheet names each kind of :class:`engine.match.ScoreItem` (its ``kind``).
KIND_WORDS = {"melds": "Closed melds", "bonus": "Bonus cards", "out": "Going out", "hand": "Cards left",
              "card": "Cards left", "penalty": "Bonus held", "unmelded": "Not melded"}


def item_words(item: ScoreItem, names: Sequence[str]) -> str:
    """An item's text with its seats named (``{s2} went out`` -> ``Cy went out``, ``You went out``)."""
    try:
        return render(item.what, names, None)
    except TemplateError:
        return item.what


def group_label(group: ScoreBreakdown, names: Sequence[str]) -> str:
    """``Ann`` or, for a partnership, ``Ann & Cy``."""
    return " & ".join(names[s] if 0 <= s < len(names) else f"seat {s}" for s in group.seats)


def signed(points: float) -> str:
    """``+1500``, ``-60``, ``0``."""
    text = format_points(points)
    return "+" + text if points > 0 else text


def breakdown_table(groups: Sequence[ScoreBreakdown], names: Sequence[str], *,
                    ascii_only: bool = False) -> Group:
    """Where every point of a finished hand came from (issue 24): per seat or partnership (each
    team once) a bold line with its name(s) and the hand's points, then one row per source with its
    points and the rule that gives them; a seat's single cards left (items of kind ``card``) share
    one row (``cards left: K♠ 10, 7♦ 5, JK 50``); a note (``not qualified``) closes the block. The
    name line wraps rather than cutting a long or wide (CJK) name; the rows fold at any width.

    Args:
        groups: the hand's breakdown (``Game.round_breakdown``).
        names: seat names.
        ascii_only: ASCII text (suits as letters).
    """
    text = asciify if ascii_only else (lambda t: t)
    parts: list[RenderableType] = []
    for g in groups:
        parts.append(Text.assemble((text(group_label(g, names)), "bold"), "  ", (signed(g.total), "bold")))
        table = Table(box=None, expand=True, show_header=False, pad_edge=False, padding=(0, 1))
        table.add_column("From", ratio=1, overflow="fold")
        table.add_column("Points", justify="right", no_wrap=True)
        table.add_column("Rule", no_wrap=True, style="dim", width=6)
        cards = [i for i in g.items if i.kind == "card"]
        for item in g.items:
            if item.kind != "card":
                table.add_row(Text(text(item_words(item, names))), signed(item.points), item.rule)
            elif item is cards[0]:
                table.add_row(Text(text("cards left: " + ", ".join(f"{c.what} {format_points(c.points)}"
                                                                            for c in cards))),
                              signed(sum(c.points for c in cards)), item.rule)
        if not g.items:
            table.add_row("nothing scored", "0", "")
        if g.note:
            table.add_row(Text(text(g.note), style="italic"), "", "")
        parts.append(Padding(table, (0, 0, 0, 2)))
    return Group(*parts)


def sheet_table(breakdowns: Sequence[Sequence[ScoreBreakdown]], names: Sequence[str], *,
                ascii_only: bool = False) -> Table | None:
    """A match's score sheet by source (issue 24): per seat or partnership, the points each kind of
    source (:data:`KIND_WORDS`: closed melds, Bonus cards, going out, cards left...) brought over
    every finished hand, and their sum; None when no hand has a breakdown."""
    kinds: list[str] = []
    sums: dict[tuple[int, ...], dict[str, float]] = {}
    for groups in breakdowns:
        for g in groups:
            row = sums.setdefault(g.seats, {})
            for i in g.items:
                word = KIND_WORDS.get(i.kind, i.kind)
                if word not in kinds:
                    kinds.append(word)
                row[word] = row.get(word, 0) + i.points
    if not sums:
        return None
    # names are text, never markup (a seat called "[i]Ann[/i]" reads as typed)
    table = Table(box=box.ASCII if ascii_only else box.ROUNDED, title="Where the points came from", expand=False)
    table.add_column("Seat", no_wrap=True)
    for word in kinds:
        table.add_column(word, justify="right")
    table.add_column("Sum", justify="right", style="bold", no_wrap=True)
    for seats, row in sums.items():
        label = " & ".join(names[s] if 0 <= s < len(names) else f"seat {s}" for s in seats)
        table.add_row(Text(label), *(format_points(row.get(w, 0)) for w in kinds), format_points(sum(row.values())))
    return table


__all__ = ["HandResultScreen", "points_lines", "CONTINUE_TEXT", "KIND_WORDS", "breakdown_table", "group_label",
           "item_words", "sheet_table", "signed"]
