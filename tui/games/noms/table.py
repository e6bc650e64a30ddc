"""The Noms (Nomination Whist) table screen: one human (or several at one
terminal) against bots, four seats, a game to 101 (rules NO-1..NO-22).

Only the Noms parts live here: the trick laid out around the table (the seat
shown at the bottom), the contract panel (bid, declarer, trumps, called card,
whether the partner is known, tricks per seat and side, the exposed Mis a Vis
hand), the bidding / trump buttons, the called-card input and 4x13 grid, the
fanned hand with its legal cards highlighted, and the Noms scoreboard. Seats,
bots, hand-off, undo, hint, the log and the summary come from
:class:`tui.screens.base_table.BaseTableScreen`.

Everything drawn comes from ``session.view(seat)`` of the seat shown; moves go
through ``human_act`` (an illegal attempt shows the engine's reason).

Keys (every binding has an id, so the app's keymap can remap it):

==============  ======================================================
0 1 2 3         bid 10, 11, 12, 13 (7 8 9 with the minimum-7 rules, NO-V2)
m / v           bid Mis / Mis a Vis (NO-7)
p               pass (NO-8)
1 2 3 4 / n     trumps clubs, diamonds, hearts, spades / no trump (NO-10a)
type + Enter    the called card in the input (``AS``, ``10H``; a bare rank is
                of trumps, NO-11), or click it in the grid (NO-10b)
←/→, Enter      move along the hand, play the card under the cursor (NO-15)
2-9 0 j q k a   the cursor to a card of that value (again: the next one), Enter plays it
click           play the card clicked
t               show the last trick
escape          hide the last trick; leave (or go back to) the called-card input
z h l ? s       undo, hint, last events, rules, summary (from the base): ``h`` is the hint on
                every step (issue 22), so no suit is chosen by a letter
==============  ======================================================
"""

from __future__ import annotations

from typing import Any, Sequence

import io

from rich.markup import escape
from rich import box
from rich.console import Console, Group
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.color import Color
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Button, Input, Static

from engine.cards import Card, Suit, parse_card, rank_text
from engine.grammar import plural
from engine.core import Action, Event
from engine.games.noms.game import Bid, Call, NomsView, Pass, Phase, Play, Trump
from tui.games.noms.ui import (BID_KEYS, HAND_WORD, KEY_HELP, RANK_KEYS, STRONG_EVENT_KINDS, TRUMP_KEYS,
                         action_words, auction_line, bid_key, bid_label, card_label, contract_line, display_order,
                         last_call, legal_bids, parse_called_card, prompt, result_text, seat_role, suit_text,
                         tricks_line)
from tui.games.noms.ui import hand_breakdown, hand_result_lines
from engine.session import TableSession
from tui.screens.base_table import COMMON_BINDINGS, BaseTableScreen
from tui.screens.hand_result import points_lines
from tui.widgets.cards import ascii_mode, card_color, card_small, theme_color
from tui.widgets.wraprow import WrapRow

#: Card size in the centre and the hand (a bordered 7x5 card).
CARD_W, CARD_H = 7, 5


# ---------------------------------------------------------------------------
# Drawing helpers
# ---------------------------------------------------------------------------

class Canvas:
    """A grid of styled cells that is turned into rich Text (for layouts where
    blocks overlap, such as a fanned hand). Writes outside the grid are dropped."""

    def __init__(self, width: int, height: int) -> None:
        self.width = max(0, width)
        self.height = max(0, height)
        self.cells: list[list[tuple[str, Style | None]]] = [[(" ", None)] * self.width for _ in range(self.height)]

    def put(self, x: int, y: int, text: str, style: Style | None = None) -> None:
        """Write ``text`` at column ``x`` of row ``y`` (one cell per character)."""
        if not 0 <= y < self.height:
            return
        row = self.cells[y]
        for i, ch in enumerate(text):
            if 0 <= x + i < self.width:
                row[x + i] = (ch, style)

    def put_text(self, x: int, y: int, text: Text) -> None:
        """Write a one-line rich Text at ``(x, y)`` keeping its styles."""
        plain = text.plain
        styles: list[Style | None] = [None] * len(plain)
        for span in text.spans:
            st = span.style if isinstance(span.style, Style) else Style.parse(str(span.style))
            for k in range(span.start, min(span.end, len(plain))):
                under = styles[k]
                styles[k] = st if under is None else under + st
        base = text.style if isinstance(text.style, Style) else (Style.parse(text.style) if text.style else None)
        for k, ch in enumerate(plain):
            cell = styles[k]
            if base is not None:
                cell = base if cell is None else base + cell
            self.put(x + k, y, ch, cell)

    def to_text(self) -> Text:
        """The grid as rich Text, one line per row."""
        out = Text()
        for y, row in enumerate(self.cells):
            if y:
                out.append("\n")
            run, run_style = "", None
            for ch, st in row:
                if st is not run_style and run:
                    out.append(run, style=run_style)
                    run = ""
                run_style = st
                run += ch
            if run:
                out.append(run, style=run_style)
        return out


def _blend(a: str, b: str, amount: float) -> str:
    try:
        return Color.parse(a).blend(Color.parse(b), amount).hex
    except Exception:
        return a


def draw_card(canvas: Canvas, x: int, y: int, card: Card | None, app: Any, *, face_up: bool = True,
              dim: bool = False, border: str | None = None, corner_only: bool = False,
              label: str | None = None) -> None:
    """Draw a bordered 7x5 card at ``(x, y)``: rank and suit top left, the suit in
    the middle and (unless ``corner_only``, used under an overlapping card)
    bottom right. ``card`` None draws an empty dashed slot (with ``label`` in it).
    ``dim`` mutes the colours (a card that may not be played); ``border``
    colours the frame (the cursor, a trick's winner)."""
    a = ascii_mode(app)
    if card is None:
        st = Style(dim=True)
        tl, tr, bl, br, h, v = ("+", "+", "+", "+", "-", ":") if a else ("╭", "╮", "╰", "╯", "╌", "╎")
        canvas.put(x, y, tl + h * 5 + tr, st)
        for r in range(1, 4):
            inner = (label or "").center(5)[:5] if r == 2 else " " * 5
            canvas.put(x, y + r, v, st)
            canvas.put(x + 1, y + r, inner, Style(dim=True, italic=True))
            canvas.put(x + 6, y + r, v, st)
        canvas.put(x, y + 4, bl + h * 5 + br, st)
        return
    face = theme_color(app, "card-face")
    felt = theme_color(app, "felt")
    if face_up:
        fg, bg = card_color(app, card), face
    else:
        fg, bg = "#f0f0f0", theme_color(app, "card-back")
    if dim:
        bg = _blend(bg, felt, 0.55)
        fg = _blend(fg, felt, 0.45)
    body = Style(color=fg, bgcolor=bg, bold=True)
    frame = Style(color=border, bgcolor=bg, bold=True) if border else body
    heavy = border is not None
    if a:
        tl, tr, bl, br, h, v = ("+", "+", "+", "+", "=" if heavy else "-", "|")
    elif heavy:
        tl, tr, bl, br, h, v = "┏", "┓", "┗", "┛", "━", "┃"
    else:
        tl, tr, bl, br, h, v = "╭", "╮", "╰", "╯", "─", "│"
    if face_up:
        rank, of = card.text[:-1], card.suit
        assert of is not None, "Noms deals no joker"
        suit = of.letter if a else of.symbol
        rows = [(rank + suit).ljust(5), suit.center(5), " " * 5 if corner_only else (rank + suit).rjust(5)]
    else:
        rows = [("#" if a else "░") * 5] * 3
    canvas.put(x, y, tl + h * 5 + tr, frame)
    for r, inner in enumerate(rows, start=1):
        canvas.put(x, y + r, v, frame)
        canvas.put(x + 1, y + r, inner, body)
        canvas.put(x + 6, y + r, v, frame)
    canvas.put(x, y + 4, bl + h * 5 + br, frame)


def _accent(app: Any) -> str:
    try:
        return app.theme_variables.get("accent") or "#ffa62b"
    except Exception:
        return "#ffa62b"


def _success(app: Any) -> str:
    try:
        return app.theme_variables.get("success") or "#4ebf71"
    except Exception:
        return "#4ebf71"


def _warning(app: Any) -> str:
    try:
        return app.theme_variables.get("warning") or "#ffcc00"
    except Exception:
        return "#ffcc00"


# ---------------------------------------------------------------------------
# Widgets
# ---------------------------------------------------------------------------

class TrickTable(Widget):
    """The centre of the table: the four seats around it (the seat shown at the
    bottom, the next in play order on the left, then top, then right), each
    with its name, tricks won, role and the card it played to the current trick.
    While no card of a new trick is down, the finished trick stays shown with
    its winner marked; :attr:`show_last` shows the last finished trick on request.
    Draws big cards when there is room, one-line cards otherwise."""

    DEFAULT_CSS = """
    TrickTable { height: 1fr; width: 1fr; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.blocks: list[dict] = []
        self.centre_text = ""
        #: the card last played by a bot (marked in the success colour), or None
        self.last_card: Card | None = None

    def set_last(self, card: Card | None) -> None:
        """Mark ``card`` (a bot's last play, if it is on the table) or nothing."""
        if card != self.last_card:
            self.last_card = card
            self.refresh()

    def update_table(self, view: NomsView, names: Sequence[str], *, bottom: int, thinking: int | None,
                     show_last: bool) -> None:
        """Rebuild from ``view`` (public facts only: played cards, calls, tricks won)."""
        n = 4
        cards: dict[int, Card] = {}
        winner = None
        centre = ""
        if view.phase is Phase.PLAY or view.tricks:
            if (show_last or not view.trick) and view.tricks:
                leader, played, winner = view.tricks[-1]
                cards = {(leader + k) % n: c for k, c in enumerate(played)}
                label = "Last trick" if show_last and view.trick else f"Trick {len(view.tricks)}"
                centre = f"{label}: {names[winner]} won it"
            else:
                cards = {(view.leader + k) % n: c for k, c in enumerate(view.trick)}
                centre = f"Trick {len(view.tricks) + 1} of 13"
                led = view.trick[0].suit if view.trick else None
                if led is not None:
                    centre += f" · {led.name.lower()} led"
        elif view.phase is Phase.AUCTION:
            centre = "Auction" + (f": {bid_label(view.high)} is highest" if view.high else "")
        elif view.phase in (Phase.TRUMP, Phase.CALL):
            centre = f"{names[view.declarer]} to announce " + ("trumps" if view.phase is Phase.TRUMP else "a card")
        blocks = []
        for rel in range(n):
            seat = (bottom + rel) % n
            info = []
            if view.phase is Phase.AUCTION or (view.declarer < 0 and view.auction):
                call = last_call(view, seat)
                if call:
                    info.append("bids " + call if call != "pass" else "passed")
            else:
                info.append(f"{view.won[seat]} trick{'s' if view.won[seat] != 1 else ''}")
            role = seat_role(view, seat)
            if role:
                info.append(role)
            blocks.append({
                "seat": seat, "name": names[seat] + (" (D)" if seat == view.dealer else ""),
                "to_move": view.to_move == seat and not view.is_over,
                "thinking": thinking == seat, "info": " · ".join(info), "card": cards.get(seat),
                "winner": winner == seat,
            })
        self.blocks = blocks
        self.centre_text = centre
        self._set_subtitle()
        self.refresh()

    def on_resize(self) -> None:
        self._set_subtitle()

    def _layout(self, w: int, h: int) -> tuple[bool, int, int] | None:
        """The drawing's layout at ``w`` x ``h`` cells: (big cards?, side block width, middle block
        width), or None for a line per seat (no room for the seats around the table)."""
        big = h >= 15 and w >= 3 * (CARD_W + 2)
        if not big and h < 7:
            return None
        side_need = max(max(len(self.blocks[r]["name"]) + 2, len(self.blocks[r]["info"])) for r in (1, 3))
        bws = max(CARD_W, min(26, side_need, (w - 2) // 3))
        bwm = max(CARD_W, min(32, w - 2 * bws - 2))
        return big, bws, bwm

    def _set_subtitle(self) -> None:
        """The trick's title goes to the border when it does not fit between the side seats. Set
        here, from the blocks and the size, never in :meth:`render` (a subtitle set while drawing
        shows a frame late, so one view was drawn two ways: issue 24's replay test)."""
        w, h = self.size.width, self.size.height
        layout = self._layout(w, h) if self.blocks and w >= 12 else None
        text = self.centre_text
        subtitle = "" if layout is None or len(text) <= max(0, w - 2 * layout[1] - 2) else escape(text)
        if self.border_subtitle != subtitle:
            self.border_subtitle = subtitle

    def render(self) -> Text:
        w, h = self.size.width, self.size.height
        canvas = Canvas(w, h)
        if not self.blocks or w < 12 or h < 1:
            return canvas.to_text()
        app = self.app
        a = ascii_mode(app)
        layout = self._layout(w, h)
        if layout is None:  # a line per seat (two seats a line when there are not 4 rows)
            per_line = 1 if h >= len(self.blocks) else (2 if 2 * h >= len(self.blocks) else 4)
            col_w = w // per_line
            for i, b in enumerate(self.blocks):
                line = Text(f"{b['name']}: ")
                line.append_text(card_small(b["card"], app))
                line.append(f"  {b['info']}", style="dim")
                line.truncate(col_w - 1)
                canvas.put_text((i % per_line) * col_w, i // per_line, line)
            if h > (len(self.blocks) + per_line - 1) // per_line and self.centre_text:
                canvas.put(0, h - 1, self.centre_text[:w], Style(bold=True))
            return canvas.to_text()
        big, bws, bwm = layout
        total = 15 if big else 7
        y0 = max(0, (h - total) // 2)
        xs = {0: (w - bwm) // 2, 1: 0, 2: (w - bwm) // 2, 3: w - bws}
        ys = ({0: 8, 1: 4, 2: 0, 3: 4} if big else {0: 4, 1: 2, 2: 0, 3: 2})
        accent = _accent(app)
        for rel, b in enumerate(self.blocks):
            x, y = xs[rel], y0 + ys[rel]
            bw = bwm if rel in (0, 2) else bws
            mark = ("~ " if a else "… ") if b["thinking"] else ((">" if a else "▶") + " " if b["to_move"] else "")
            name = (mark + b["name"])[:bw]
            canvas.put(x + (bw - len(name)) // 2, y, name,
                       Style(bold=True, color=accent) if b["to_move"] else Style(bold=True))
            info = b["info"][:bw]
            canvas.put(x + (bw - len(info)) // 2, y + 1, info, Style(italic=True, dim=not b["winner"]))
            card = b["card"]
            last = card is not None and card == self.last_card
            if big:
                cx = x + (bw - CARD_W) // 2
                border = _warning(app) if b["winner"] else (_success(app) if last else None)
                draw_card(canvas, cx, y + 2, card, app, border=border,
                          dim=card is not None and not b["winner"] and any(o["winner"] for o in self.blocks))
            else:
                label = card_small(card, app)
                if b["winner"]:
                    label.stylize("underline")
                elif last:
                    label.stylize(f"bold underline {_success(app)}")
                canvas.put_text(x + (bw - len(label.plain)) // 2, y + 2, label)
        cy = y0 + (7 if big else 3)
        text = self.centre_text
        room = max(0, w - 2 * bws - 2)
        if len(text) <= room:  # else it is the border's subtitle (_set_subtitle)
            canvas.put((w - len(text)) // 2, cy, text, Style(bold=True))
        return canvas.to_text()


class NomsHand(Widget):
    """The shown seat's hand as a fan of big cards, laid out by suit.

    ``legal`` cards are drawn bright and the others dimmed while ``active``
    (the seat may play); the cursor card is raised with a heavy frame.
    A click posts :class:`NomsHand.Picked` with the card under the pointer.
    Given fewer than 5 rows (short terminals) it draws compact one-line cards
    (``7♥``, the cursor underlined and reversed), wrapping if the width needs it."""

    DEFAULT_CSS = """
    NomsHand { height: 6; width: 1fr; }
    """
    #: Cells per card in the compact (one-line) hand.
    COMPACT_CELL = 4

    class Picked(Message):
        """A card of the hand was clicked."""

        def __init__(self, card: Card) -> None:
            super().__init__()
            self.card = card

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.cards: list[Card] = []
        self.legal: set[Card] = set()
        self.active = False
        self.face_up = True
        self.cursor = 0

    def set_hand(self, cards: Sequence[Card], *, legal: Sequence[Card] = (), active: bool = False,
                 face_up: bool = True) -> None:
        """Show ``cards`` (already in display order); ``legal`` are highlighted while ``active``."""
        old = self.cursor_card()
        self.cards = list(cards)
        self.legal = set(legal)
        self.active = active
        self.face_up = face_up
        if old in self.cards:
            self.cursor = self.cards.index(old)
        self.cursor = max(0, min(self.cursor, len(self.cards) - 1))
        if active and self.cards and self.cards[self.cursor] not in self.legal:
            first = next((i for i, c in enumerate(self.cards) if c in self.legal), None)
            if first is not None:
                self.cursor = first
        self.refresh(layout=self.compact)

    def cursor_card(self) -> Card | None:
        """The card under the cursor (None for an empty hand)."""
        return self.cards[self.cursor] if 0 <= self.cursor < len(self.cards) else None

    def move(self, delta: int) -> None:
        """Move the cursor ``delta`` cards, skipping cards that may not be played while active."""
        n = len(self.cards)
        if not n:
            return
        i = self.cursor
        for _ in range(n):
            i = (i + delta) % n
            if not self.active or not self.legal or self.cards[i] in self.legal:
                break
        self.cursor = i
        self.refresh()

    def put_cursor(self, card: Card) -> bool:
        """Put the cursor on ``card``; False if the hand does not hold it."""
        if card in self.cards:
            self.cursor = self.cards.index(card)
            self.refresh()
            return True
        return False

    def step(self) -> int:
        """Columns between the left edges of two cards (4 to 8, to fit the width)."""
        n = len(self.cards)
        if n <= 1:
            return CARD_W + 1
        return max(3, min(CARD_W + 1, (self.size.width - CARD_W - 1) // (n - 1)))

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        """Rows for ``height: auto`` (short terminals): the compact hand's rows."""
        cols = max(1, (width - 1) // self.COMPACT_CELL)
        return max(1, -(-len(self.cards) // cols))

    @property
    def compact(self) -> bool:
        """True when the hand is drawn as one-line cards (it has fewer than 5 rows)."""
        return 0 < self.size.height < CARD_H

    def _compact_cols(self) -> int:
        return max(1, (self.size.width - 1) // self.COMPACT_CELL)

    def _render_compact(self) -> Text:
        w, h = self.size.width, self.size.height
        canvas = Canvas(w, h)
        if not self.cards:
            canvas.put(1, 0, "(no cards)", Style(dim=True))
            return canvas.to_text()
        cols = self._compact_cols()
        app = self.app
        for i, c in enumerate(self.cards):
            label = card_small(c, app, face_up=self.face_up)
            if self.active and self.face_up and i == self.cursor:
                label.stylize("reverse underline")
            elif self.active and c not in self.legal:
                label.stylize("dim")
            canvas.put_text(1 + (i % cols) * self.COMPACT_CELL, i // cols, label)
        return canvas.to_text()

    def render(self) -> Text:
        if self.compact:
            return self._render_compact()
        w = self.size.width
        canvas = Canvas(w, 6)
        if not self.cards:
            canvas.put(1, 2, "(no cards)", Style(dim=True))
            return canvas.to_text()
        step = self.step()
        app = self.app
        accent = _accent(app)
        for i, c in enumerate(self.cards):
            x = 1 + i * step
            cursor = self.active and self.face_up and i == self.cursor
            dim = self.active and c not in self.legal
            border = accent if cursor else None
            draw_card(canvas, x, 0 if cursor else 1, c, app, face_up=self.face_up, dim=dim, border=border,
                      corner_only=step < CARD_W and i < len(self.cards) - 1)
        return canvas.to_text()

    def on_click(self, event: Any) -> None:
        offset = event.get_content_offset(self)
        if offset is None or not self.cards or not self.face_up:
            return
        if self.compact:
            i = (offset.x - 1) // self.COMPACT_CELL + offset.y * self._compact_cols()
            if offset.x >= 1 and 0 <= i < len(self.cards):
                self.cursor = i
                self.refresh()
                self.post_message(self.Picked(self.cards[i]))
            return
        step = self.step()
        x = offset.x - 1
        for i in range(len(self.cards) - 1, -1, -1):
            if i * step <= x < i * step + CARD_W:
                self.cursor = i
                self.refresh()
                self.post_message(self.Picked(self.cards[i]))
                return


#: Characters that can begin a typed card code (``AS``, ``10H``, ``1S``, ``KH``).
_CARD_CODE_START = frozenset("123456789akqjtAKQJT")
#: The table's own letter keys and their actions (``h`` hint, ``l`` last events, ``z`` undo...).
_TABLE_KEYS = {key: b.action for b in COMMON_BINDINGS for key in b.key.split(",") if len(key) == 1}


class CallInput(Input):
    """The called-card input (NO-10b): at most three characters of a card code. While
    it is empty, a table key that cannot begin a card code (``h`` hint, ``l``, ``z``...)
    is not typed but left to the table (its binding runs, and the footer shows it), so a
    hint can be asked for here too."""

    def __init__(self, **kwargs) -> None:
        super().__init__(max_length=3, **kwargs)

    def _table_key(self, character: str | None) -> bool:
        return (not self.value and character is not None and character in _TABLE_KEYS
                and character not in _CARD_CODE_START)

    def check_consume_key(self, key: str, character: str | None) -> bool:
        """An empty input leaves the table's own letters to the table (see the class docstring)."""
        return not self._table_key(character) and super().check_consume_key(key, character)

    async def _on_key(self, event: events.Key) -> None:
        # Textual calls Input's own handler after this one unless the default is prevented;
        # the event goes on up to the table's bindings
        if self._table_key(event.character):
            event.prevent_default()


class CallGrid(Widget):
    """The 52 cards in a 4x13 grid (a suit per row, ace first) for calling a
    card (NO-10b). The seat's own cards are underlined; the picked one is
    reversed. A click posts :class:`CallGrid.Picked`."""

    DEFAULT_CSS = """
    CallGrid { height: 4; width: 1fr; }
    """
    CELL = 4
    ROWS = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
    RANKS = tuple(range(14, 1, -1))

    class Picked(Message):
        """A card of the grid was clicked."""

        def __init__(self, card: Card) -> None:
            super().__init__()
            self.card = card

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.own: set[Card] = set()
        self.picked: Card | None = None

    def set_grid(self, own: Sequence[Card], picked: Card | None) -> None:
        """Mark the seat's own cards and the picked card."""
        self.own = set(own)
        self.picked = picked
        self.refresh()

    def render(self) -> Text:
        out = Text()
        for r, suit in enumerate(self.ROWS):
            if r:
                out.append("\n")
            for rank in self.RANKS:
                card = Card.get(rank, suit)
                label = card_small(card, self.app)
                if card in self.own:
                    label.stylize("underline")
                if card == self.picked:
                    label.stylize("reverse")
                out.append_text(label)
                out.append(" " * (self.CELL - len(label.plain)))
        return out

    def on_click(self, event: Any) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        r, col = offset.y, offset.x // self.CELL
        if 0 <= r < 4 and 0 <= col < 13:
            card = Card.get(self.RANKS[col], self.ROWS[r])
            self.picked = card
            self.refresh()
            self.post_message(self.Picked(card))


class NomsScoreboard(Static):
    """Game totals toward the target (101, NO-22), the last hands' points with
    double hands marked ``x2`` (NO-18, NO-21), who is to move and who deals."""

    DEFAULT_CSS = """
    NomsScoreboard { height: auto; width: 1fr; padding: 0 1; }
    """
    HISTORY_COLUMNS = 4
    board: Any = ""

    def update_board(self, view: NomsView, names: Sequence[str], *, thinking: int | None = None,
                     humans: Sequence[int] = ()) -> None:
        """Redraw from ``view`` (``results``, ``totals``, ``mult``: public facts)."""
        a = ascii_mode(self.app)
        target = view.variant.target
        table = Table(box=box.ASCII if a else box.SIMPLE_HEAD, expand=True, pad_edge=False, show_edge=False)
        table.add_column("", width=2, no_wrap=True)
        table.add_column("Seat", ratio=3, no_wrap=True, overflow="ellipsis")
        results = list(view.results)
        first = max(0, len(results) - self.HISTORY_COLUMNS)
        mults = _hand_mults(results, view)
        for k in range(first, len(results)):
            dbl = mults[k] > 1
            table.add_column(f"H{k + 1}" + (f"x{mults[k]}" if dbl else ""), justify="right", no_wrap=True,
                             header_style="bold reverse" if dbl else None)
        table.add_column(f"Total/{target}", justify="right", no_wrap=True, style="bold")
        best = max(view.totals) if view.totals else 0
        for seat, name in enumerate(names):
            if thinking == seat:
                mark = "~" if a else "…"
            elif view.to_move == seat and not view.is_over:
                mark = ">" if a else "▶"
            else:
                mark = ""
            label = Text(name + (" *" if seat in humans and len(humans) > 1 else ""))
            if seat == view.dealer and not view.is_over:
                label.append(" (D)", style="dim")
            row: list = [Text(mark, style="bold"), label]
            for k in range(first, len(results)):
                pts = results[k][4][seat]
                row.append(Text(str(pts), style="bold" if pts else "dim"))
            total = Text(str(view.totals[seat]))
            if view.is_over and view.totals[seat] == best:
                total.stylize("bold reverse")
            row.append(total)
            table.add_row(*row)
        foot = Text()
        if results:
            foot.append("Last: " + result_text(results[-1], names), style="dim")
        if not view.is_over and view.mult > 1:
            foot.append(("\n" if len(foot) else "") + f"This hand is a double hand: scores x{view.mult} (NO-18)",
                        style="bold")
        elif not view.is_over and view.next_mult > 1:
            foot.append(("\n" if len(foot) else "") + f"Next hand is doubled x{view.next_mult} (NO-18)", style="bold")
        self.board = Group(table, foot) if len(foot) else table
        self.update(self.board)

    def board_text(self, width: int = 56) -> str:
        """The board as plain text (for tests and screen readers)."""
        console = Console(width=width, record=True, file=io.StringIO())
        console.print(self.board)
        return console.export_text()


def _hand_mults(results: Sequence[tuple], view: NomsView) -> list[int]:
    """The multiplier of each finished hand (NO-18): x2 after an all-pass (more
    with ``double_hands_stack``), from the results alone."""
    out: list[int] = []
    m = 1
    for r in results:
        out.append(m)
        if r[1] < 0:  # all passed: the next hand is doubled
            m = m * 2 if view.variant.double_hands_stack else 2
        else:
            m = 1
    return out


# ---------------------------------------------------------------------------
# The screen
# ---------------------------------------------------------------------------

_MOVE_GROUP = Binding.Group("Move", compact=True)


def _bindings() -> list[BindingType]:
    out: list[BindingType] = []
    for key, level in BID_KEYS.items():
        shown = key in ("0", "m", "v")
        out.append(Binding(key, f"bid({level})", {"0": "Bid", "m": "Mis", "v": "Mis a Vis"}.get(key, "Bid"),
                           show=shown, key_display="0-3" if key == "0" else None, id=f"noms.bid-{key}"))
    out.append(Binding("p", "pass_bid", "Pass", id="noms.pass"))
    for key, suit in TRUMP_KEYS.items():
        if suit is None:
            out.append(Binding(key, "trump(-1)", "No trump", id="noms.notrump"))
        else:
            out.append(Binding(key, f"trump({suit})", "Trumps", show=key == "1", key_display="1-4",
                               id=f"noms.trump-{Suit(suit).letter.lower()}"))
    for key, rank in RANK_KEYS.items():
        out.append(Binding(f"{key},{key.upper()}" if key.isalpha() else key, f"rank({rank})", "Card of a value",
                           show=key == "2", key_display="2-9 0 JQKA",
                           id=f"noms.rank-{key}"))
    out += [
        Binding("left", "move(-1)", "Move", key_display="←", id="noms.left", group=_MOVE_GROUP),
        Binding("right", "move(1)", "Move", key_display="→", id="noms.right", group=_MOVE_GROUP),
        Binding("enter", "play", "Play", id="noms.play"),
        Binding("t", "last_trick", "Last trick", id="noms.last-trick"),
        Binding("escape", "escape", "Cancel", show=False, id="noms.escape"),
    ]
    return out


class NomsTableScreen(BaseTableScreen[NomsView]):
    """A Noms game at the table (see the module docstring for the keys).

    Args:
        session: an ``engine.session.Session`` of Noms (not yet advanced, or resumed).
        pace: seconds a bot's move is held back (0 for tests); ``CARDTABLE_PACE`` overrides it.

    Attributes: those of :class:`BaseTableScreen`, plus ``show_last`` (the last
    trick is shown on request).
    """

    BINDINGS = _bindings()  # + z undo, h hint, l last events, ? rules, s summary from BaseTableScreen

    HAND_WORD = HAND_WORD
    STRONG_EVENT_KINDS = STRONG_EVENT_KINDS
    KEY_HELP = KEY_HELP
    SCORES_TITLE = "Scores (points)"  # + the variant's target (NO-22), set in setup_table

    DEFAULT_CSS = """
    NomsTableScreen #contract { height: auto; padding: 0 1; background: $surface 60%; }
    NomsTableScreen #centre { height: 1fr; min-height: 5; padding: 0 1; }
    NomsTableScreen #actions { height: auto; padding: 0 1; background: $surface 40%; }
    NomsTableScreen #bidbar { height: auto; }
    NomsTableScreen #bidbar Button { margin: 0 1 0 0; min-width: 6; }
    NomsTableScreen #callpanel { height: auto; }
    NomsTableScreen #call-row { height: auto; }
    NomsTableScreen #call-input { width: 24; }
    NomsTableScreen #call-help { width: 1fr; padding: 1 1 0 1; color: $text-muted; }
    NomsTableScreen #hand-panel { height: 8; padding: 0 1; background: $surface 40%; }
    NomsTableScreen #hand-panel.-active { border: round $accent; border-title-color: $accent; }
    NomsTableScreen.-ascii #hand-panel.-active { border: ascii $accent; }
    /* short terminals: a one-line hand, a one-line called-card input, no help beside it */
    NomsTableScreen.-short #hand-panel, NomsTableScreen.-medium.-calling #hand-panel { height: auto; }
    NomsTableScreen.-short NomsHand, NomsTableScreen.-medium.-calling NomsHand { height: auto; max-height: 4; }
    NomsTableScreen.-short #centre { min-height: 3; }
    NomsTableScreen.-short #call-help { display: none; }
    NomsTableScreen.-short #call-row { height: 1; }
    NomsTableScreen.-short #call-input { height: 1; border: none; padding: 0 1; }
    """

    def __init__(self, session: TableSession, pace: float = 0.6, *, name: str | None = None) -> None:
        super().__init__(session, pace, name=name)
        self.show_last = False
        self._value_key: int | None = None  # the value key pressed last (pressed again: the next card)
        self._bids_shown: tuple = ()
        self._call_visible = False
        self._hinted_call: Action | None = None  # a hinted bid, pass or trump announcement: Enter makes it

    # -- hooks ---------------------------------------------------------------------------
    def compose_table(self) -> ComposeResult:
        yield Static("", id="contract", classes="table-panel")
        yield TrickTable(id="centre", classes="table-panel")
        with Vertical(id="actions", classes="table-panel"):
            yield WrapRow(id="bidbar")
            with Vertical(id="callpanel"):
                with Horizontal(id="call-row"):
                    yield CallInput(placeholder="AS, 10H…", id="call-input")
                    yield Static("Type it + Enter, or click it below (underlined: your own cards; "
                                 "calling one = you play alone).", id="call-help")
                yield CallGrid(id="call-grid")
        with Vertical(id="hand-panel", classes="table-panel"):
            yield NomsHand(id="hand")

    def compose_scores(self) -> ComposeResult:
        yield NomsScoreboard(id="scoreboard")

    def setup_table(self) -> None:
        self.query_one("#scoreboard").border_title = f"Scores (points, game to {self.session.variant.target})"
        self.query_one("#contract").border_title = "Contract"
        self.query_one("#centre").border_title = f"{self.game_title}: the table"
        self.query_one("#actions").display = False
        self.query_one("#callpanel").display = False

    def refresh_view(self, view: NomsView) -> None:
        names = self.names
        a = self.ascii
        mine = self.human_turn()
        # contract panel
        lines = Text(contract_line(view, names, a), style="bold")
        lines.append("\n" + (auction_line(view, names) if view.phase is Phase.AUCTION
                              else tricks_line(view, names, per_seat=False)))
        if view.exposed:
            who = "Your" if view.declarer == self.shown_seat else f"{names[view.declarer]}'s"
            lines.append(f"\n{who} Mis a Vis hand, face up (NO-14): ", style="bold")
            for i, c in enumerate(display_order(view.exposed)):
                if i:
                    lines.append(" ")
                lines.append_text(card_small(c, self.app))
        self.query_one("#contract", Static).update(lines)
        # centre
        if self.show_last and not view.tricks:
            self.show_last = False
        self.query_one(TrickTable).update_table(view, names, bottom=self.shown_seat, thinking=self.thinking,
                                                show_last=self.show_last)
        # actions: bids, trumps, the called card
        self._refresh_actions(view, mine)
        # hand
        legal = [x.card for x in view.legal_actions() if isinstance(x, Play)] if mine else []
        hand = self.query_one(NomsHand)
        hand.set_hand([] if self.covered else display_order(view.hand), legal=legal,
                      active=mine and view.phase is Phase.PLAY, face_up=not self.covered)
        panel = self.query_one("#hand-panel")
        name = names[self.shown_seat]
        whose = "Your hand" if len(self.humans) == 1 else f"{escape(name)}'s hand"
        if self.covered:
            panel.border_title = "Hand hidden"
        else:
            extra = " · bright cards may be played" if mine and view.phase is Phase.PLAY else ""
            panel.border_title = f"{whose} ({plural(len(view.hand), 'card', 'cards')}){extra}"
        panel.set_class(mine, "-active")
        self._show_play()

    def _play_card(self) -> Card | None:
        """The card Enter plays now: the card under the cursor (one that may not be played gets the
        engine's reason, NO-15), or None."""
        if not self.human_turn() or self.view.phase is not Phase.PLAY:
            return None
        return self.query_one(NomsHand).cursor_card()

    def _show_play(self) -> None:
        """The footer names what Enter does: the card it plays (``⏎ Play 7♥``), or in the auction
        and the trump announcement the hinted call (``⏎ Bid 11``); never a bare "Play"."""
        card = self._play_card()
        hinted = self._hinted_now()
        if hinted is not None:
            text = self.describe_action(hinted)
            self.set_binding_text(text[:1].upper() + text[1:], "noms.play")
        else:
            self.set_binding_text(f"Play {card_label(card, self.ascii)}" if card is not None else "Play", "noms.play")
        self.refresh_bindings()

    def _hinted_now(self) -> Action | None:
        """The hinted bid, pass or trump announcement while it is still the shown seat's legal
        move (Enter makes it), else None."""
        hinted = self._hinted_call
        if hinted is None or not self.is_mounted or not self.human_turn():
            return None
        return hinted if hinted in self.view.legal_actions() else None

    def _refresh_actions(self, view: NomsView, mine: bool) -> None:
        actions = self.query_one("#actions")
        bidbar = self.query_one("#bidbar", WrapRow)
        callpanel = self.query_one("#callpanel")
        phase = view.phase if mine else None
        want: tuple = ()
        if phase is Phase.AUCTION:
            want = ("auction", tuple(legal_bids(view.legal_actions())), Pass() in view.legal_actions())
        elif phase is Phase.TRUMP:
            want = ("trump",)
        if want != self._bids_shown:
            self._bids_shown = want
            bidbar.remove_children()
            buttons: list[Button] = []
            if phase is Phase.AUCTION:
                actions.border_title = "Your call (NO-8)"
                for level in want[1]:
                    buttons.append(self._button(f"{bid_label(level)} [{bid_key(level)}]", f"bid:{level}"))
                if want[2]:
                    buttons.append(self._button("Pass [p]", "pass", "warning"))
            elif phase is Phase.TRUMP:
                actions.border_title = f"Trumps for your {bid_label(view.contract)} (NO-10a)"
                for key, suit in TRUMP_KEYS.items():
                    buttons.append(self._button(f"[{key}] {suit_text(suit, self.ascii).capitalize()}",
                                                f"trump:{-1 if suit is None else suit}"))
            if buttons:
                bidbar.mount_all(buttons)
                self.call_after_refresh(bidbar.fit)
        calling = phase is Phase.CALL and not self.covered
        if calling:
            actions.border_title = "Call your hidden partner's card (NO-10b)"
            grid = self.query_one(CallGrid)
            grid.set_grid(view.hand, grid.picked)
        if callpanel.display != calling:
            callpanel.display = calling
            self.set_class(calling, "-calling")  # a short or medium terminal then shows a one-line hand
        bidbar.display = bool(want)
        show = bool(want) or calling
        if actions.display != show:
            actions.display = show
        if calling and not self._call_visible:
            self.query_one("#call-input", Input).focus()
        elif not calling and self._call_visible:
            inp = self.query_one("#call-input", Input)
            if inp.has_focus:
                self.set_focus(None)
        self._call_visible = calling

    def _button(self, label: str, name: str, variant: str = "primary") -> Button:
        b = Button(Text(label), variant=variant, name=name, compact=True)  # type: ignore[arg-type]
        b.can_focus = False
        return b

    def refresh_scores(self, view: NomsView) -> None:
        self.query_one(NomsScoreboard).update_board(view, self.names, thinking=self.thinking, humans=self.humans)

    def prompt(self, view: NomsView) -> str:
        return prompt(view, self.names, many_humans=len(self.humans) > 1, ascii_only=self.ascii)

    def hand_breakdown(self, data: dict, names: Sequence[str]) -> str:
        return hand_breakdown(data, names, self.ascii)

    def mark_last_play(self, seat: int | None, cards: Sequence[str]) -> None:
        """The trick is drawn on a canvas: the bot's last card gets a success-coloured frame."""
        self.query_one(TrickTable).set_last(parse_card(cards[0]) if cards else None)

    def hand_result_lines(self, data: dict, events: Sequence[Event]) -> list[Any]:
        """The contract and its outcome, tricks per seat, the last trick complete, then the points."""
        return hand_result_lines(data, self.names, self.ascii) + points_lines(data, self.names, self.HAND_WORD)

    def describe_action(self, action: Action) -> str:
        return action_words(action, self.ascii)

    def reset_input(self) -> None:
        self.show_last = False
        self._value_key = None
        self._hinted_call = None
        if self.is_mounted:
            try:
                self.query_one("#call-input", Input).value = ""
                self.query_one(CallGrid).picked = None
            except Exception:  # not composed yet
                pass

    def show_hint(self, action: Action) -> None:
        """A play puts the cursor on the card (Enter plays it); a call fills the input."""
        if isinstance(action, Play):
            self.query_one(NomsHand).put_cursor(action.card)
            self.message(f"{self.describe_action(action)} (under the cursor: press Enter)", "hint")
        elif isinstance(action, Call):
            self.query_one("#call-input", Input).value = action.card.text
            self.query_one(CallGrid).set_grid(self.view.hand, action.card)
            self.message(f"{self.describe_action(action)} (press Enter)", "hint")
        elif isinstance(action, (Bid, Pass, Trump)):
            self._hinted_call = action
            self._show_play()
            self.message(f"{self.describe_action(action)} (press Enter)", "hint")
        else:
            self.message(self.describe_action(action), "hint")

    def check_game_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        mine = self.human_turn()
        phase = self.view.phase
        if action == "bid":
            return mine and phase is Phase.AUCTION and parameters[0] in self.view.variant.bid_levels
        if action == "pass_bid":
            return mine and phase is Phase.AUCTION
        if action == "trump":
            return mine and phase is Phase.TRUMP
        if action == "rank":
            return mine and phase is Phase.PLAY
        if action == "move":
            return mine and phase is Phase.PLAY
        if action == "play":  # a card under the cursor, or a hinted call, named in the footer
            return (self._play_card() is not None or self._hinted_now() is not None
                    or (None if mine and phase is Phase.PLAY else False))
        if action == "last_trick":
            return bool(self.view.tricks)
        if action == "escape":
            return self._call_visible or self.show_last
        return True

    def why_not_game(self, action: str, parameters: tuple[object, ...]) -> str | None:
        phase = self.view.phase
        steps = {Phase.AUCTION: "Bid first: the keys in the bar (p passes).",
                 Phase.TRUMP: "Announce trumps first: 1 clubs, 2 diamonds, 3 hearts, 4 spades, n no trump.",
                 Phase.CALL: "Call a card first: type it in the box (Esc puts the cursor there) and press Enter."}
        if action in ("bid", "pass_bid", "trump", "rank", "move", "play") and phase in steps:
            return steps[phase]
        if action in ("bid", "pass_bid", "trump"):
            return "The auction is over: play a card (←/→ or a value key, then Enter)."
        if action == "last_trick":
            return "No trick has been finished yet in this hand."
        if action == "play":
            return "Put the cursor on a card (←/→ or its value key), then Enter."
        return None

    # -- actions -------------------------------------------------------------------------
    def action_bid(self, level: int) -> None:
        """0-3, 7-9, m, v: bid that level (NO-7, NO-8); an illegal bid shows the reason."""
        self.human_act(Bid(level))

    def action_pass_bid(self) -> None:
        """p: pass in the auction (NO-8)."""
        self.human_act(Pass())

    def action_trump(self, suit: int) -> None:
        """1-4, n: announce trumps (clubs, diamonds, hearts, spades) or no trump (NO-10a)."""
        self.human_act(Trump(None if suit < 0 else suit))

    def action_rank(self, rank: int) -> None:
        """A value key (2-9, 0 the ten, j q k a): the cursor to the next card of that value in the
        hand (the playable ones first); Enter plays it. No card of that value: says so."""
        hand = self.query_one(NomsHand)
        same = [c for c in hand.cards if c.rank == rank]
        if not same:
            self.message(f"You hold no {rank_text(rank)}.", "info")
            return
        ordered = [c for c in same if c in hand.legal] + [c for c in same if c not in hand.legal]
        current = hand.cursor_card()
        again = current is not None and self._value_key == rank and current in ordered  # the same key: the next card
        nxt = ordered[(ordered.index(current) + 1) % len(ordered)] if again and current is not None else ordered[0]
        self._value_key = rank
        hand.put_cursor(nxt)
        self._show_play()
        more = " (again: the next one)" if len(same) > 1 else ""
        self.message(f"{card_label(nxt, self.ascii)} under the cursor: Enter plays it{more}.", "info")

    def action_move(self, delta: int) -> None:
        """←/→: move the cursor along the hand (over the cards that may be played)."""
        self._value_key = None
        self.query_one(NomsHand).move(delta)
        self._show_play()

    def action_play(self) -> None:
        """Enter: play the card under the cursor (NO-15); in the auction or the trump announcement,
        make the hinted call (NO-8, NO-10a)."""
        hinted = self._hinted_now()
        if hinted is not None:
            self.human_act(hinted)
            return
        card = self.query_one(NomsHand).cursor_card()
        if card is not None:
            self.human_act(Play(card))

    def action_last_trick(self) -> None:
        """t: show (or hide) the last finished trick in the centre."""
        self.show_last = not self.show_last
        self.redraw()

    def action_escape(self) -> None:
        """Escape: hide the last trick; leave (or go back to) the called-card input."""
        if self.show_last:
            self.show_last = False
        else:
            inp = self.query_one("#call-input", Input)
            if inp.has_focus:
                self.set_focus(None)
            else:
                inp.focus()
        self.redraw()

    def _call(self, card: Card) -> None:
        self.human_act(Call(card))

    # -- mouse and widgets -------------------------------------------------------------------
    @on(Button.Pressed, "#bidbar Button")
    def _button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        kind, _, arg = (event.button.name or "").partition(":")
        if kind == "bid":
            self.human_act(Bid(int(arg)))
        elif kind == "pass":
            self.human_act(Pass())
        elif kind == "trump":
            self.human_act(Trump(None if int(arg) < 0 else int(arg)))

    @on(Input.Submitted, "#call-input")
    def _call_typed(self, event: Input.Submitted) -> None:
        event.stop()
        if not self.human_turn() or self.view.phase is not Phase.CALL:
            return
        try:
            card = parse_called_card(event.value, self.view.trump)
        except ValueError as err:
            self.message(str(err), "error")
            return
        self._call(card)

    @on(CallGrid.Picked)
    def _grid_picked(self, event: CallGrid.Picked) -> None:
        inp = self.query_one("#call-input", Input)
        inp.value = event.card.text
        inp.focus()
        own = " (your own card: you would play alone, NO-12)" if event.card in self.view.hand else ""
        self.message(f"press Enter to call {card_label(event.card, self.ascii)}{own}", "info")

    @on(NomsHand.Picked)
    def _hand_picked(self, event: NomsHand.Picked) -> None:
        if self.human_turn() and self.view.phase is Phase.PLAY:
            self.human_act(Play(event.card))


__all__ = ["NomsTableScreen", "TrickTable", "NomsHand", "CallGrid", "NomsScoreboard", "Canvas", "draw_card"]
