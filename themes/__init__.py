"""Textual themes for cardtable, read from the ``*.toml`` files in this package.

Each TOML file holds the fields of one :class:`textual.theme.Theme` (``name``,
``primary``, ``background``, ``dark``...), a ``label`` shown to players, and a
``[variables]`` table of the card-room CSS variables every theme defines:

``felt``, ``card-face``, ``card-back``, ``card-text``, ``suit-red``,
``suit-black``, ``suit-clubs``, ``suit-diamonds``, ``suit-hearts``,
``suit-spades``, ``runner-in``, ``runner-fallen``, and the joker's text colour
``card-joker``. A game adds variables of its own (its special faces' and its
own suit colours) with :func:`register_variables`, from the palette its UI package
registers (``tui.widgets.cards.register_palette``): each theme gets the game's
colour for it in that theme, or the game's default, unless the theme file sets the
variable itself.

Widgets use them in CSS (``color: $suit-hearts;``) or, for Rich text, through
:func:`suit_colour`. A four-colour deck is therefore a theme, not code.
``cardtable.tcss`` is the app's shared stylesheet (:data:`APP_CSS_PATH`).
"""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path
from typing import Mapping

from textual.theme import Theme

#: The CSS variables every cardtable theme must define.
CARD_VARIABLES: tuple[str, ...] = (
    "felt", "card-face", "card-back", "card-text", "suit-red", "suit-black", "suit-clubs",
    "suit-diamonds", "suit-hearts", "suit-spades", "runner-in", "runner-fallen", "card-joker",
)

#: The variables games registered (:func:`register_variables`), with their default colours.
GAME_VARIABLES: dict[str, str] = {}

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


def register_variables(defaults: Mapping[str, str], per_theme: Mapping[str, Mapping[str, str]] | None = None) -> None:
    """Add a game's CSS variables to every theme: a theme gets ``per_theme[theme][name]``,
    else ``defaults[name]``, unless its own file sets the variable (a theme may
    override any game's colour). Idempotent."""
    GAME_VARIABLES.update(defaults)
    for name, theme in THEMES.items():
        own = (per_theme or {}).get(name, {})
        for var, default in defaults.items():
            theme.variables.setdefault(var, own.get(var, default))


def theme_variable_defaults() -> dict[str, str]:
    """Fallback values of the card variables (the default theme's, and the games'
    :data:`GAME_VARIABLES`), so CSS that uses ``$suit-hearts`` or a game's
    colour still parses under a built-in Textual theme."""
    return {**GAME_VARIABLES, **THEMES[DEFAULT_THEME].variables}


_SUIT_VARIABLE = {0: "suit-clubs", 1: "suit-diamonds", 2: "suit-hearts", 3: "suit-spades"}


def suit_colour(variables: dict[str, str], suit: int | None) -> str:
    """The colour of a suit (``engine.cards.Suit`` value 0..3: clubs, diamonds,
    hearts, spades) in a theme's ``variables``; ``card-text`` for jokers (``None``)."""
    if suit is None:
        return variables.get("card-text", "#000000")
    return variables.get(_SUIT_VARIABLE[int(suit)], "#000000")
