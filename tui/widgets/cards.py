"""Card faces and card backs, coloured from theme variables.

The app's themes define ``$suit-red``, ``$suit-black``, ``$suit-clubs``,
``$suit-diamonds``, ``$suit-hearts``, ``$suit-spades``, ``$card-face``,
``$card-back``, ``$felt`` and the joker's ``$card-joker``. A game brings the
looks and colours of its own special faces and any suit colours of its own as a
:class:`GamePalette` (:func:`register_palette`, called by the game's UI package), and
a board asks for its suit colours by name (``palette=`` the name it registered).
Widgets here read the colours through
:func:`theme_color`, which falls back to :data:`THEME_DEFAULTS`, so the table
also works in an app whose theme lacks them (a Textual stylesheet that names
an undefined variable fails to parse, so these colours are applied from
Python rather than from ``DEFAULT_CSS``).

ASCII mode (``CARDTABLE_ASCII=1`` or an app attribute ``ascii`` /
``ascii_cards`` set true) shows ``10H`` instead of ``10♥`` and ASCII borders.

Any :class:`engine.cards.Card` can be drawn, face up or face down, in two
sizes that every game's board may reuse. A natural card shows its rank and
suit; a special face (the joker, a game's registered kinds) is drawn from its
row in :data:`FACE_LOOKS` (label, ASCII label, the word in the middle of the big
card, theme colour variable), so a new kind of face is a new row, not a branch:

* small, one line: :func:`card_label` (plain ``10♥`` / ``10H`` / ``JK`` / ``░░``)
  and :func:`card_small` (the same as coloured rich Text), or the clickable
  one-line widget :class:`SmallCard`;
* big, five rows (a bordered 7x5 card): :func:`card_rows` / :func:`card_big`
  as text, or the clickable widget :class:`CardWidget`.

Both widgets post :class:`CardWidget.Clicked` with the card, the widget's
``index`` and its ``source`` id (e.g. ``"hand"``, ``"discard:2"``), so a board
can implement click-to-pick with one handler, ``on_card_widget_clicked``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Mapping

from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import App
from textual.color import Color
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from engine.cards import Card, CardKind, Suit
from themes import register_variables

#: Fallback colours for the card theme variables (a classic two-colour deck on green felt).
THEME_DEFAULTS: dict[str, str] = {
    "suit-red": "#c62828",
    "suit-black": "#1a1a1a",
    "suit-clubs": "#1a1a1a",
    "suit-diamonds": "#c62828",
    "suit-hearts": "#c62828",
    "suit-spades": "#1a1a1a",
    "card-face": "#f4f1e8",
    "card-back": "#3550a0",
    "felt": "#1d5c3a",
    "card-text": "#1a1a1a",
    "runner-in": "#7bd389",
    "runner-fallen": "#9e9e9e",
    "card-joker": "#7b1fa2",
}

#: Suit colour variables per palette: ``"french"`` (the theme's suit colours, red/black
#: or four-colour) and those games register (:func:`register_palette`).
SUIT_PALETTES: dict[str, dict[Suit, str]] = {
    "french": {Suit.CLUBS: "suit-clubs", Suit.DIAMONDS: "suit-diamonds", Suit.HEARTS: "suit-hearts",
               Suit.SPADES: "suit-spades"},
}
_SUIT_VAR = SUIT_PALETTES["french"]


@dataclass(frozen=True)
class FaceLook:
    """How one special (unsuited) kind of face is drawn.

    Attributes:
        label: the small one-line form (at most 3 cells), e.g. ``JK``.
        ascii: ``label`` in ASCII mode.
        word: the middle row of the big card (at most 5 cells), e.g. ``JOKER``.
        ascii_word: ``word`` in ASCII mode.
        color: the theme variable of the face's text colour, e.g. ``card-joker``.
        word2: a second word for the bottom row of the big card (at most 5 cells; a name
            too long for one row goes on two, ``Hands`` / ``Off``), or "" for the label again.
    """

    label: str
    ascii: str
    word: str
    ascii_word: str
    color: str
    word2: str = ""


#: The look of every special kind: the joker's, and those games register (:func:`register_palette`).
FACE_LOOKS: dict[CardKind, FaceLook] = {
    CardKind.JOKER: FaceLook("JK", "JK", "JOKER", "JOKER", "card-joker"),
}


def face_look(kind: CardKind) -> FaceLook:
    """The :data:`FACE_LOOKS` row of a special ``kind``; a kind no palette registered
    is drawn by its code in ``$card-text`` (never an error at the table)."""
    look = FACE_LOOKS.get(kind)
    return look if look is not None else FaceLook(kind.code, kind.code, kind.code, kind.code, "card-text")


@dataclass(frozen=True)
class GamePalette:
    """The look of one game's own cards: what it adds to the shared card widgets and themes.

    Attributes:
        faces: each special kind of the game -> its :class:`FaceLook`.
        colors: the theme variables the game adds (its faces' and suits') -> their default colours.
        theme_colors: theme name -> variable -> the colour in that theme, where it is not the default.
        suits: suit palette name (a board's ``palette=``) -> suit -> the variable of its colour.
    """

    faces: Mapping[CardKind, FaceLook] = field(default_factory=dict)
    colors: Mapping[str, str] = field(default_factory=dict)
    theme_colors: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    suits: Mapping[str, Mapping[Suit, str]] = field(default_factory=dict)


def register_palette(palette: GamePalette) -> None:
    """Add a game's faces (:data:`FACE_LOOKS`), suit palettes (:data:`SUIT_PALETTES`) and
    colours (:data:`THEME_DEFAULTS`, and every theme through
    :func:`themes.register_variables`). Idempotent."""
    FACE_LOOKS.update(palette.faces)
    THEME_DEFAULTS.update(palette.colors)
    SUIT_PALETTES.update({name: dict(suits) for name, suits in palette.suits.items()})
    register_variables(palette.colors, palette.theme_colors)


def ascii_mode(app: App | None) -> bool:
    """True when cards should be drawn in ASCII: ``CARDTABLE_ASCII`` is set to a
    true value, or the app has a true ``ascii`` or ``ascii_cards`` attribute."""
    env = os.environ.get("CARDTABLE_ASCII", "").strip().lower()
    if env in ("1", "true", "yes", "on"):
        return True
    if app is None:
        return False
    for attr in ("ascii", "ascii_cards"):
        value = getattr(app, attr, False)
        if isinstance(value, bool) and value:
            return True
    return False


def theme_color(app: App | None, name: str) -> str:
    """The value of theme variable ``name`` (e.g. ``"suit-hearts"``) in the app's
    current theme, else its :data:`THEME_DEFAULTS` fallback. Returns a colour string."""
    value = None
    if app is not None:
        try:
            value = app.theme_variables.get(name)
            if value is None:
                value = app.get_css_variables().get(name)
        except Exception:  # an app still starting has no theme variables yet
            value = None
    if value is None and name in ("suit-clubs", "suit-spades") and app is not None:
        value = getattr(app, "theme_variables", {}).get("suit-black")
    if value is None and name in ("suit-diamonds", "suit-hearts") and app is not None:
        value = getattr(app, "theme_variables", {}).get("suit-red")
    return value or THEME_DEFAULTS[name]


def suit_color(app: App | None, suit: Suit | None, palette: str = "french") -> str:
    """Colour of a suit's cards (red and black, or a four-colour theme; with the name of
    a palette a game registered, that game's colours). ``None`` (no suit) gives the
    black suits' colour.

    Raises:
        KeyError: for a palette not in :data:`SUIT_PALETTES`.
    """
    if suit is None:
        return theme_color(app, "suit-black")
    return theme_color(app, SUIT_PALETTES[palette][suit])


def card_color(app: App | None, card: Card, palette: str = "french") -> str:
    """Colour of ``card``'s face text: its suit colour in ``palette`` for a natural
    card, else its kind's variable from :data:`FACE_LOOKS` (``$card-joker``...)."""
    if not card.is_natural:
        return theme_color(app, face_look(card.kind).color)
    return suit_color(app, card.suit, palette)


#: Width of a small face-down card (two back cells, like ``10`` is two cells wide).
_BACK_SMALL = {False: "░░", True: "##"}


def card_label(card: Card | None, ascii_only: bool = False, *, face_up: bool = True) -> str:
    """A card in one line as plain text: ``10♥`` (``10H`` with ``ascii_only``), a
    special face's :data:`FACE_LOOKS` label (``JK``), ``░░`` (``##``)
    face down, ``--`` for no card (an empty slot)."""
    if card is None:
        return "--"
    if not face_up:
        return _BACK_SMALL[ascii_only]
    if not card.is_natural:
        look = face_look(card.kind)
        return look.ascii if ascii_only else look.label
    return card.text if ascii_only else card.pretty


def card_small(card: Card | None, app: App | None, *, face_up: bool = True, on_face: bool = True,
               palette: str = "french") -> Text:
    """The small (one-line) form as rich Text: :func:`card_label` coloured like the card
    (:func:`card_color` in ``palette`` on ``$card-face``; a back on ``$card-back``). With
    ``on_face=False`` a face-up card is drawn on the panel's background instead (for logs and prompts)."""
    a = ascii_mode(app)
    label = card_label(card, a, face_up=face_up)
    if card is None:
        return Text(label, style="dim")
    if not face_up:
        return Text(label, style=Style(color="#f0f0f0", bgcolor=theme_color(app, "card-back")))
    color = card_color(app, card, palette)
    if on_face:
        return Text(label, style=Style(color=color, bgcolor=theme_color(app, "card-face"), bold=True))
    return Text(label, style=Style(color=_readable_on_dark(color), bold=True))


#: Inner width and height of the big card (inside its border).
BIG_INNER_WIDTH, BIG_INNER_HEIGHT = 5, 3


def card_rows(card: Card | None, ascii_only: bool = False, *, face_up: bool = True,
              label: str | None = None) -> list[str]:
    """The inside of the big card: 3 rows of 5 characters.

    Face up: rank top left, suit in the middle, rank bottom right (``10``, ``♥``);
    a special face shows its :data:`FACE_LOOKS` label and word (a joker: ``JK`` /
    ``JOKER`` / ``JK``; a face with a second word shows it on the bottom row). Face down: a back pattern
    (``░``, ``#`` in ASCII). ``label`` (e.g. a pile count) replaces the face,
    centred on the middle row. No card and no label: 3 blank rows.
    """
    inner = BIG_INNER_WIDTH
    if label is not None:
        return ["".ljust(inner), label.center(inner), "".ljust(inner)]
    if card is None:
        return [" " * inner] * BIG_INNER_HEIGHT
    if not face_up:
        return [("#" if ascii_only else "░") * inner] * BIG_INNER_HEIGHT
    if not card.is_natural:
        look = face_look(card.kind)
        label, word = (look.ascii, look.ascii_word) if ascii_only else (look.label, look.word)
        return [label.ljust(inner), word.center(inner), look.word2.center(inner) if look.word2 else label.rjust(inner)]
    rank = card.text[:-1]
    suit = card.suit.letter if ascii_only else card.suit.symbol
    return [rank.ljust(inner), suit.center(inner), rank.rjust(inner)]


def card_big(card: Card | None, app: App | None, *, face_up: bool = True, label: str | None = None,
             palette: str = "french") -> Text:
    """The big form as rich Text: 5 rows of 7 cells, a border around :func:`card_rows`,
    coloured like :class:`CardWidget` (for boards drawn as text, e.g. the replay).
    An empty slot (no card, no label) has a dashed border."""
    a = ascii_mode(app)
    rows = card_rows(card, a, face_up=face_up, label=label)
    if card is None and label is None:
        tl, tr, bl, br, h, v = ("+", "+", "+", "+", "-", ":") if a else ("╭", "╮", "╰", "╯", "╌", "╎")
        body = Style(dim=True)
        border = Style(dim=True)
    else:
        tl, tr, bl, br, h, v = ("+", "+", "+", "+", "-", "|") if a else ("╭", "╮", "╰", "╯", "─", "│")
        if face_up and card is not None:
            body = Style(color=card_color(app, card, palette), bgcolor=theme_color(app, "card-face"), bold=True)
        else:
            body = Style(color="#f0f0f0", bgcolor=theme_color(app, "card-back"), bold=True)
        border = body
    text = Text()
    text.append(tl + h * BIG_INNER_WIDTH + tr + "\n", style=border)
    for row in rows:
        text.append(v, style=border)
        text.append(row, style=body)
        text.append(v + "\n", style=border)
    text.append(bl + h * BIG_INNER_WIDTH + br, style=border)
    return text


def card_text(card: Card, app: App | None, *, on_face: bool = False, palette: str = "french") -> Text:
    """A card as inline rich Text (``10♥`` in its suit colour, ``JK`` in ``$card-joker``)
    for logs and labels.

    With ``on_face`` the text is drawn on the ``$card-face`` colour, like a real card.
    """
    label = card_label(card, ascii_mode(app))
    color = card_color(app, card, palette)
    if on_face:
        style = Style(color=color, bgcolor=theme_color(app, "card-face"), bold=True)
    else:
        style = Style(color=_readable_on_dark(color), bold=True)
    return Text(label, style=style)


def _readable_on_dark(color: str) -> str:
    """A near-black suit colour is unreadable on a dark panel: lighten it for inline text."""
    try:
        c = Color.parse(color)
    except Exception:
        return color
    if c.brightness < 0.35:
        return Color(200, 200, 200).hex if c.brightness < 0.2 else c.lighten(0.4).hex
    return c.hex


class CardWidget(Widget):
    """One card drawn big (a bordered 7x5 box): face up (rank and suit in the
    suit colour; a joker reads ``JOKER``) or face down (the ``$card-back`` colour).

    Reactive attributes: ``card`` (a :class:`Card` or ``None`` for an empty
    slot), ``face_up``, ``selected`` (raised one row), ``cursor`` (the
    keyboard cursor is on it), ``dim`` (a fallen horse, a played-over card).
    A click posts :class:`CardWidget.Clicked` with the widget's ``index``,
    its ``card`` and its ``source`` id (``"hand"``, ``"discard:2"``...).
    ``palette`` names the suit colours (:data:`SUIT_PALETTES`).
    """

    DEFAULT_CSS = """
    CardWidget {
        width: 7;
        height: 5;
        border: round $foreground 40%;
        content-align: center middle;
        text-style: bold;
    }
    CardWidget.-ascii { border: ascii $foreground 40%; }
    CardWidget.-cursor { border: heavy $accent; }
    CardWidget.-ascii.-cursor { border: ascii $accent; text-style: bold reverse; }
    CardWidget.-selected { border: double $warning; }
    CardWidget.-ascii.-selected { border: ascii $warning; }
    CardWidget.-cursor.-selected { border: heavy $warning; }
    CardWidget.-dim { opacity: 60%; }
    CardWidget.-empty { border: dashed $foreground 30%; }
    CardWidget.-compact, CardWidget.-compact.-cursor, CardWidget.-compact.-selected, CardWidget.-compact.-empty {
        border: none; min-width: 3; text-style: bold;
    }
    CardWidget.-compact.-cursor { text-style: bold underline; }
    CardWidget.-compact.-selected { text-style: bold reverse; }
    CardWidget.-compact.-cursor.-selected { text-style: bold reverse underline; }
    """

    #: Below this outer height the card is drawn compact: one line (``7♥``), no border.
    COMPACT_BELOW = 5

    card: reactive[Card | None] = reactive(None)
    face_up: reactive[bool] = reactive(True)
    selected: reactive[bool] = reactive(False)
    cursor: reactive[bool] = reactive(False)
    dim: reactive[bool] = reactive(False)

    class Clicked(Message):
        """A card was clicked (posted by :class:`CardWidget` and :class:`SmallCard`).

        Attributes:
            widget: the card widget clicked.
            index: its place in its row (the ``index`` it was built with).
            card: the card shown (None for an empty slot). A face-down card
                still reports its card; a board decides what a click may reveal.
            source: the widget's source id, e.g. ``"hand"``, ``"stock"``,
                ``"discard:2"`` (None if it was given none).
        """

        def __init__(self, widget: Widget, index: int, card: Card | None, source: str | None = None) -> None:
            super().__init__()
            self.widget = widget
            self.index = index
            self.card = card
            self.source = source

        @property
        def control(self) -> Widget:
            return self.widget

    def __init__(self, card: Card | None = None, *, face_up: bool = True, index: int = 0,
                 label: str | None = None, source: str | None = None, name: str | None = None,
                 id: str | None = None, classes: str | None = None, palette: str = "french") -> None:
        """Args: ``card`` shown (None for an empty slot); ``index`` and ``source``
        (e.g. ``"discard:2"``) are reported by clicks; ``label`` replaces the face
        text (e.g. a draw-pile count); ``palette`` names the suit colours."""
        if card is None and label is None:  # the class mounting would set: styled once (issue 22)
            classes = f"{classes} -empty" if classes else "-empty"
        super().__init__(name=name, id=id, classes=classes)
        self.index = index
        self.label = label
        self.source = source
        self.palette = palette
        self.set_reactive(CardWidget.card, card)
        self.set_reactive(CardWidget.face_up, face_up)

    def on_mount(self) -> None:
        self.set_class(ascii_mode(self.app), "-ascii")
        self._apply_colours()
        self.watch(self.app, "theme", lambda _old, _new: self._apply_colours(), init=False)

    def _apply_colours(self) -> None:
        app = self.app
        card = self.card
        self.set_class(card is None and self.label is None, "-empty")
        if card is None and self.label is None:
            self.styles.background = None
            return
        if self.face_up and card is not None:
            self.styles.background = theme_color(app, "card-face")
            self.styles.color = card_color(app, card, self.palette)
        else:
            self.styles.background = theme_color(app, "card-back")
            self.styles.color = "#f0f0f0"

    def watch_card(self) -> None:
        if self.is_mounted:
            self._apply_colours()

    def watch_face_up(self) -> None:
        if self.is_mounted:
            self._apply_colours()

    def watch_selected(self, value: bool) -> None:
        self.set_class(value, "-selected")

    def watch_cursor(self, value: bool) -> None:
        self.set_class(value, "-cursor")

    def watch_dim(self, value: bool) -> None:
        self.set_class(value, "-dim")

    def set_label(self, label: str | None) -> None:
        """Replace the text drawn on the card (used for the draw pile's count)."""
        self.label = label
        self._apply_colours()
        self.refresh()

    @property
    def compact(self) -> bool:
        """True when the card is drawn in one line (its container gave it less than
        :attr:`COMPACT_BELOW` rows, e.g. on a short terminal)."""
        return self.has_class("-compact")

    def set_compact(self, compact: bool) -> None:
        """Draw the card in one line (``True``) or big; a board that gives its cards one
        row calls this as it changes the row (else the card finds out on its resize)."""
        if compact != self.compact:
            self.set_class(compact, "-compact")
            self.refresh(layout=True)

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.height)

    def _fit(self, height: int) -> None:
        """Compact below :attr:`COMPACT_BELOW` rows (``height`` is the outer height, border included)."""
        compact = 0 < height < self.COMPACT_BELOW
        if compact != self.compact:
            self.set_compact(compact)
            # the new border comes with the next style update: lay out and paint again after it
            self.call_after_refresh(self.refresh, layout=True)

    def render(self) -> Text:
        outer = self.outer_size.height
        if outer and (0 < outer < self.COMPACT_BELOW) != self.compact:  # a resize seen late: fit again
            self.call_after_refresh(lambda: self._fit(self.outer_size.height))
        if self.compact:
            if self.label is not None:
                return Text(self.label)
            if self.card is None:
                return Text("--", style="dim")
            return Text(card_label(self.card, ascii_mode(self.app), face_up=self.face_up))
        if self.label is not None:
            return Text("\n" + self.label.center(BIG_INNER_WIDTH) + "\n")
        card = self.card
        if card is None:
            return Text("")
        return Text("\n".join(card_rows(card, ascii_mode(self.app), face_up=self.face_up)))

    def on_click(self) -> None:
        self.post_message(self.Clicked(self, self.index, self.card, self.source))


class SmallCard(Widget):
    """One card in one line (``10♥``, ``JK``, ``░░`` face down), for trick
    layouts and dense boards. Clickable like :class:`CardWidget`: a click posts
    :class:`CardWidget.Clicked` with ``index``, ``card`` and ``source``.

    Reactive attributes: ``card`` (None: an empty slot ``--``), ``face_up``,
    ``selected`` (reverse video), ``dim``. ``palette`` names the suit colours.
    """

    DEFAULT_CSS = """
    SmallCard { width: auto; height: 1; padding: 0 0; }
    SmallCard.-selected { text-style: reverse; }
    SmallCard.-dim { opacity: 60%; }
    """

    card: reactive[Card | None] = reactive(None, layout=True)
    face_up: reactive[bool] = reactive(True, layout=True)
    selected: reactive[bool] = reactive(False)
    dim: reactive[bool] = reactive(False)

    def __init__(self, card: Card | None = None, *, face_up: bool = True, index: int = 0,
                 source: str | None = None, name: str | None = None, id: str | None = None,
                 classes: str | None = None, palette: str = "french") -> None:
        """Args: ``card`` shown (None for an empty slot); ``index`` and ``source``
        are reported by clicks; ``palette`` names the suit colours."""
        super().__init__(name=name, id=id, classes=classes)
        self.index = index
        self.source = source
        self.palette = palette
        self.set_reactive(SmallCard.card, card)
        self.set_reactive(SmallCard.face_up, face_up)

    def on_mount(self) -> None:
        self.watch(self.app, "theme", lambda _old, _new: self.refresh(), init=False)

    def watch_selected(self, value: bool) -> None:
        self.set_class(value, "-selected")

    def watch_dim(self, value: bool) -> None:
        self.set_class(value, "-dim")

    def render(self) -> Text:
        return card_small(self.card, self.app, face_up=self.face_up, palette=self.palette)

    def on_click(self) -> None:
        self.post_message(CardWidget.Clicked(self, self.index, self.card, self.source))
