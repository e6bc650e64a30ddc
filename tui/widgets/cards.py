"""Card faces and card backs, coloured from theme variables.

The app's themes define ``$suit-red``, ``$suit-black``, ``$suit-clubs``,
``$suit-diamonds``, ``$suit-hearts``, ``$suit-spades``, ``$card-face``,
``$card-back`` and ``$felt``. Widgets here read them through
:func:`theme_color`, which falls back to :data:`THEME_DEFAULTS`, so the table
also works in an app whose theme lacks them (a Textual stylesheet that names
an undefined variable fails to parse, so these colours are applied from
Python rather than from ``DEFAULT_CSS``).

ASCII mode (``CARDTABLE_ASCII=1`` or an app attribute ``ascii`` /
``ascii_cards`` set true) shows ``10H`` instead of ``10♥`` and ASCII borders.
"""

from __future__ import annotations

import os

from rich.style import Style
from rich.text import Text
from textual.app import App
from textual.color import Color
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from engine.cards import Card, Suit

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
}

_SUIT_VAR = {Suit.CLUBS: "suit-clubs", Suit.DIAMONDS: "suit-diamonds", Suit.HEARTS: "suit-hearts",
             Suit.SPADES: "suit-spades"}


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


def suit_color(app: App | None, suit: Suit | None) -> str:
    """Colour of a suit's cards (NA-4 red/black, or a four-colour theme)."""
    if suit is None:
        return theme_color(app, "suit-black")
    return theme_color(app, _SUIT_VAR[suit])


def card_text(card: Card, app: App | None, *, on_face: bool = False) -> Text:
    """A card as inline rich Text (``10♥`` in its suit colour) for logs and labels.

    With ``on_face`` the text is drawn on the ``$card-face`` colour, like a real card.
    """
    label = card.text if ascii_mode(app) else card.pretty
    color = suit_color(app, card.suit)
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
    """One card drawn as a small bordered box: face up (rank and suit in the
    suit colour) or face down (the ``$card-back`` colour).

    Reactive attributes: ``card`` (a :class:`Card` or ``None`` for an empty
    slot), ``face_up``, ``selected`` (raised one row), ``cursor`` (the
    keyboard cursor is on it), ``dim`` (a fallen horse, a played-over card).
    A click posts :class:`CardWidget.Clicked` with the widget's ``index``.
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
    """

    card: reactive[Card | None] = reactive(None)
    face_up: reactive[bool] = reactive(True)
    selected: reactive[bool] = reactive(False)
    cursor: reactive[bool] = reactive(False)
    dim: reactive[bool] = reactive(False)

    class Clicked(Message):
        """A card was clicked: ``index`` is its place in its row, ``card`` the card."""

        def __init__(self, widget: "CardWidget", index: int, card: Card | None) -> None:
            super().__init__()
            self.widget = widget
            self.index = index
            self.card = card

        @property
        def control(self) -> "CardWidget":
            return self.widget

    def __init__(self, card: Card | None = None, *, face_up: bool = True, index: int = 0,
                 label: str | None = None, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        """Args: ``card`` shown (None for an empty slot); ``index`` is reported
        by clicks; ``label`` replaces the face text (e.g. a draw-pile count)."""
        super().__init__(name=name, id=id, classes=classes)
        self.index = index
        self.label = label
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
            self.styles.color = suit_color(app, card.suit)
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

    def render(self) -> Text:
        inner = 5
        if self.label is not None:
            return Text("\n" + self.label.center(inner) + "\n")
        card = self.card
        if card is None:
            return Text("")
        a = ascii_mode(self.app)
        if not self.face_up:
            fill = ("#" if a else "░") * inner
            return Text("\n".join([fill] * 3))
        rank = card.text[:-1] if card.suit is not None else "JK"
        suit = (card.suit.letter if a else card.suit.symbol) if card.suit is not None else "*"
        return Text(f"{rank.ljust(inner)}\n{suit.center(inner)}\n{rank.rjust(inner)}")

    def on_click(self) -> None:
        self.post_message(self.Clicked(self, self.index, self.card))
