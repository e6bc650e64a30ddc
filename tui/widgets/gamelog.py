"""The narrated game log: one line per event, cards in their colours.

The cards of a line come from its event: ``Event.data["cards"]`` lists the
canonical texts (:attr:`engine.cards.Card.text`, e.g. ``["7H", "10S", "JK"]``) of
the cards the narration names, and exactly those tokens (written ``7♥`` / ``7H``)
are coloured like the card (:func:`tui.widgets.cards.card_color`: suit colour,
or the special face's colour). A line without card data (a resumed match's
story, a scores line, an event that names no cards) falls back to finding
French cards with a regex.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Collection, Iterable, Sequence

from rich.text import Text
from textual.widgets import RichLog

from engine.cards import Card, CardParseError, Suit
from engine.core import Event
from tui.widgets.cards import _readable_on_dark, ascii_mode, card_color, suit_color
from tui.widgets.narration import asciify, hand_scores_line

_CARD_RE = re.compile(r"\b(10|[2-9JQKA])([♣♦♥♠])")
_ASCII_CARD_RE = re.compile(r"\b(10|[2-9JQKA])([CDHS])\b")
_SUIT_OF = {**{s.symbol: s for s in Suit}, **{s.letter: s for s in Suit}}
#: Characters that may not touch a card token (so ``0♥`` is not found inside ``10♥``, nor ``JK`` in a longer word).
_TOKEN_EDGE = r"[\w♣♦♥♠]"


def card_spans(text: str, cards: Iterable[str], ascii_only: bool = False) -> list[tuple[int, int, Card]]:
    """Where the cards named by an event stand in its narrated ``text``.

    Args:
        text: the narrated line (after :func:`asciify` in ASCII mode).
        cards: canonical card texts (``Event.data["cards"]``); unknown texts are ignored.
        ascii_only: the line is in ASCII (cards written ``10H``, not ``10♥``).

    Returns:
        ``(start, end, card)`` for every whole-token occurrence, in text order.
    """
    by_token: dict[str, Card] = {}
    for t in cards:
        try:
            card = Card.from_text(t)
        except (CardParseError, TypeError):
            continue
        by_token[card.text] = card
        if not ascii_only:
            by_token[card.pretty] = card
    if not by_token:
        return []
    alternatives = "|".join(re.escape(t) for t in sorted(by_token, key=len, reverse=True))
    pattern = re.compile(f"(?<!{_TOKEN_EDGE})(?:{alternatives})(?!{_TOKEN_EDGE})")
    return [(m.start(), m.end(), by_token[m.group(0)]) for m in pattern.finditer(text)]

#: The extra line after a ``hand_over`` event: ``(event data, names) -> text``, or None for no line.
HandLineFn = Callable[[dict, Sequence[str]], "str | None"]


class GameLog(RichLog):
    """A scrolling narration of the match. Keeps every line it shows in
    :attr:`lines_text` (plain text) so tests and the "last events" key can read it.
    It never takes focus, so arrow keys stay with the table.

    Private narration: a line may be visible to some seats only
    (``Event.visible_to``); the log shows only what :attr:`viewer` may see and
    nothing at all while :attr:`covered` (a hand-off screen is up). It keeps
    every line it was given, so :meth:`set_viewer` redraws it for another seat.

    Args:
        hand_line: the scores line written after each ``hand_over`` event
            (default :func:`tui.widgets.narration.hand_scores_line`).
        strong_kinds: event kinds written in bold (e.g. a horse coming in).
    """

    DEFAULT_CSS = """
    GameLog { height: 1fr; background: $surface; scrollbar-size-vertical: 1; }
    """

    can_focus = False

    def __init__(self, *, id: str | None = None, classes: str | None = None,
                 hand_line: HandLineFn | None = None, strong_kinds: Collection[str] = ()) -> None:
        super().__init__(id=id, classes=classes, wrap=True, markup=False, highlight=False,
                         auto_scroll=True, min_width=20)
        self.lines_text: list[str] = []
        self.hand_line: HandLineFn = hand_line or hand_scores_line
        self.strong_kinds = frozenset(strong_kinds)
        #: the seat whose narration is shown; None shows every line (all hands)
        self.viewer: int | None = None
        #: True while the table is covered: nothing is shown
        self.covered = False
        self._entries: list[tuple[str, str, Sequence[str] | None, frozenset[int] | None]] = []
        #: lines were written while hidden (wrapped at min_width): wrap again when shown
        self._stale = False

    def _may_see(self, visible_to: frozenset[int] | None) -> bool:
        if self.covered:
            return False
        return visible_to is None or self.viewer is None or self.viewer in visible_to

    def set_viewer(self, seat: int | None, covered: bool = False) -> None:
        """Show the narration ``seat`` may see (None: every line), or nothing while
        ``covered``; redraws the log from every line given so far."""
        if seat == self.viewer and covered == self.covered:
            return
        self.viewer, self.covered = seat, covered
        self.clear()
        self.lines_text = []
        for text, style, cards, visible_to in self._entries:
            if self._may_see(visible_to):
                self._show(text, style, cards)

    def on_resize(self, event: Any) -> None:
        """A new width (a resized terminal, the side panel shown): wrap the lines again."""
        width = event.size.width
        if width and (width != getattr(self, "_wrapped_at", width) or self._stale):
            self._rewrap()
        self._wrapped_at = width

    def on_show(self) -> None:
        """Shown again (the folded side panel opened with ``i``) after lines were written while
        hidden: those were wrapped at :attr:`min_width` (no width then), so wrap them again. The
        width may equal the last one, so no resize comes to do it."""
        if self._stale and self.scrollable_content_region.width:
            self._rewrap()
        elif self._stale:
            # no width yet (the layout after display comes later, later still under load)
            self.call_after_refresh(self._rewrap_if_stale)

    def _rewrap_if_stale(self) -> None:
        if self._stale and self.scrollable_content_region.width:
            self._rewrap()

    def _rewrap(self) -> None:
        self._stale = False
        self.clear()
        self.lines_text = []
        for text, style, cards, visible_to in self._entries:
            if self._may_see(visible_to):
                self._show(text, style, cards)

    def add_line(self, text: str, style: str = "", cards: Sequence[str] | None = None,
                 visible_to: frozenset[int] | None = None) -> None:
        """Append one narrated line, shown if :attr:`viewer` may see it.

        Args:
            text: the line.
            style: a Rich style for the whole line.
            cards: canonical texts of the cards the line names (``Event.data["cards"]``):
                exactly those tokens are coloured. ``None``: French cards are found
                with a regex instead (for lines that come without card data).
            visible_to: the seats that may see the line (``Event.visible_to``); None: public.
        """
        self._entries.append((text, style, cards, visible_to))
        if self._may_see(visible_to):
            self._show(text, style, cards)

    def _show(self, text: str, style: str = "", cards: Sequence[str] | None = None) -> None:
        """Write one line (suit symbols become letters in ASCII mode)."""
        ascii_only = ascii_mode(self.app)
        if ascii_only:
            text = asciify(text)
        self.lines_text.append(text)
        if self._size_known and not self.scrollable_content_region.width:
            self._stale = True  # hidden: RichLog wraps at min_width now; on_show wraps it again
        line = Text(text, style=style)
        if cards is not None:
            for start, end, card in card_spans(text, cards, ascii_only):
                colour = _readable_on_dark(card_color(self.app, card))
                line.stylize(f"bold {colour}", start, end)
        else:
            regex = _ASCII_CARD_RE if ascii_only else _CARD_RE
            for m in regex.finditer(text):
                colour = _readable_on_dark(suit_color(self.app, _SUIT_OF[m.group(2)]))
                line.stylize(f"bold {colour}", m.start(), m.end())
        self.write(line)

    def add_events(self, events: Iterable[Event], names: Sequence[str]) -> list[str]:
        """Narrate ``events`` with seat names; a finished hand also gets its
        scores line (``hand_line``). Returns the lines the viewer may see
        (private events of other seats are kept but not shown)."""
        out = []
        for e in events:
            text = e.narrate(names)
            style = ""
            if e.kind in self.strong_kinds:
                style = "bold"
            elif e.kind in ("hand_over", "match_over", "blocked"):
                style = "bold reverse"
            elif e.kind == "undo":
                style = "italic"
            cards = e.data.get("cards")
            self.add_line(text, style, cards if isinstance(cards, (list, tuple)) else None, e.visible_to)
            shown = self._may_see(e.visible_to)
            if shown:
                out.append(text)
            if e.kind == "hand_over":
                line = self.hand_line(e.data, names)
                if line:
                    self.add_line(line, "bold", None, e.visible_to)
                    if shown:
                        out.append(line)
        return out
