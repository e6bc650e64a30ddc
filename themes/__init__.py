"""Textual themes for cardtable, read from the ``*.toml`` files in this package.

Each TOML file holds the fields of one :class:`textual.theme.Theme` (``name``,
``primary``, ``background``, ``dark``...), a ``label`` shown to players, and a
``[variables]`` table of the card-room CSS variables every theme defines:

``felt``, ``card-face``, ``card-back``, ``card-text``, ``suit-red``,
``suit-black``, ``suit-clubs``, ``suit-diamonds``, ``suit-hearts``,
``suit-spades``, ``runner-in``, ``runner-fallen``, and the text colours of the
special faces ``card-joker``, ``card-freeze``, ``card-bonus``, ``card-cheat``.
A theme may also define the :data:`OPTIONAL_VARIABLES` (Nogginate's printed suit
colours); where it does not, ``tui.widgets.cards.THEME_DEFAULTS`` supplies them.

Widgets use them in CSS (``color: $suit-hearts;``) or, for Rich text, through
:func:`suit_colour`. A four-colour deck is therefore a theme, not code.
``cardtable.tcss`` is the app's shared stylesheet (:data:`APP_CSS_PATH`).
"""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path

from textual.theme import Theme

#: The CSS variables every cardtable theme must define.
CARD_VARIABLES: tuple[str, ...] = (
    "felt", "card-face", "card-back", "card-text", "suit-red", "suit-black", "suit-clubs",
    "suit-diamonds", "suit-hearts", "suit-spades", "runner-in", "runner-fallen",
    "card-joker", "card-freeze", "card-bonus", "card-cheat",
)

#: CSS variables a theme may define, with the colour used where it does not: the
#: Nogginate palette (NG-9: blue clubs, orange diamonds, purple hearts, green spades).
OPTIONAL_VARIABLES: dict[str, str] = {
    "nogginate-clubs": "#1565c0", "nogginate-diamonds": "#ef6c00", "nogginate-hearts": "#7b1fa2",
    "nogginate-spades": "#2e7d32",
}

#: Theme used when the config names none (or names an unknown one).
DEFAULT_THEME = "felt"

#: Order in which the theme-toggle key cycles through the themes.
THEME_ORDER: tuple[str, ...] = ("felt", "high-contrast", "four-colour", "parlour")

#: Path of the shared app stylesheet.
APP_CSS_PATH: Path = Path(__file__).with_name("cardtable.tcss")

_THEME_FIELDS = {"name", "primary", "secondary", "warning", "error", "success", "accent", "foreground",
                 "background", "surface", "panel", "boost", "dark", "luminosity_spread", "text_alpha"}


class ThemeFileError(ValueError):
    """A theme TOML file that is malformed or misses a card variable (names the file)."""


def _load(name: str, text: str) -> tuple[Theme, str]:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise ThemeFileError(f"theme file {name}: {err}") from None
    variables = data.pop("variables", {})
    label = data.pop("label", data.get("name", name))
    missing = [v for v in CARD_VARIABLES if v not in variables]
    if missing:
        raise ThemeFileError(f"theme file {name} lacks the variables {', '.join(missing)}")
    unknown = set(data) - _THEME_FIELDS
    if unknown:
        raise ThemeFileError(f"theme file {name} has unknown keys {', '.join(sorted(unknown))}")
    return Theme(variables={k: str(v) for k, v in variables.items()}, **data), str(label)


def load_themes() -> tuple[dict[str, Theme], dict[str, str]]:
    """Read every ``*.toml`` theme shipped in this package.

    Returns:
        ``(themes, labels)``: theme name -> :class:`Theme`, and theme name ->
        the label shown to players, ordered as :data:`THEME_ORDER` (then any others).

    Raises:
        ThemeFileError: for a broken theme file (a packaging mistake, never user input).
    """
    found: dict[str, Theme] = {}
    labels: dict[str, str] = {}
    for entry in sorted(resources.files(__name__).iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".toml"):
            theme, label = _load(entry.name, entry.read_text(encoding="utf-8"))
            found[theme.name] = theme
            labels[theme.name] = label
    order = [n for n in THEME_ORDER if n in found] + [n for n in found if n not in THEME_ORDER]
    return {n: found[n] for n in order}, {n: labels[n] for n in order}


THEMES, THEME_LABELS = load_themes()


def theme_variable_defaults() -> dict[str, str]:
    """Fallback values of the card variables (the default theme's, and the
    :data:`OPTIONAL_VARIABLES`), so CSS that uses ``$suit-hearts`` or
    ``$nogginate-clubs`` still parses under a built-in Textual theme."""
    return {**OPTIONAL_VARIABLES, **THEMES[DEFAULT_THEME].variables}


_SUIT_VARIABLE = {0: "suit-clubs", 1: "suit-diamonds", 2: "suit-hearts", 3: "suit-spades"}


def suit_colour(variables: dict[str, str], suit: int | None) -> str:
    """The colour of a suit (``engine.cards.Suit`` value 0..3: clubs, diamonds,
    hearts, spades) in a theme's ``variables``; ``card-text`` for jokers (``None``)."""
    if suit is None:
        return variables.get("card-text", "#000000")
    return variables.get(_SUIT_VARIABLE[int(suit)], "#000000")
