"""The "How to play" screen: one screen per game (the aim, a turn in five lines, the
keys at the table), shown first by ``?``/``F1``; the full numbered rules are one key
further (:class:`tui.screens.rules.RulesScreen`).

The text is the game's own (``engine/games/<id>/howto.md``, through
``GameSpec.howto_text``); the keys part is built here from the game's table screen
bindings (and the config's ``[keys]`` remapping), so it is always the keys the table
really has, each key listed once. A key written in the text in backticks (`` `x` ``) and the
"Press r" line follow the remapping too. A game without a ``howto.md`` still gets its keys
and a pointer to the rules, so a new game (Nickels, Nogginate) only adds its file.
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Mapping, Sequence

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Header, Markdown, Static

from engine.games import UnknownGame, game_title, get_spec
from tui.keynames import key_text, remapped
from tui.screens.navigate import GoBack
from tui.widgets.footer import WrappingFooter

#: Friendlier names than Textual's footer glyphs for a few keys (the how-to is read, not glanced at).
def _compress(keys: list[str]) -> list[str]:
    """Single digits in an unbroken run of three or more as one range (``0 1 ... 9`` -> ``0-9``)."""
    if len(keys) >= 3 and all(len(k) == 1 and k.isdigit() for k in keys):
        values = sorted(int(k) for k in keys)
        if values == list(range(values[0], values[-1] + 1)):
            return [f"{values[0]}-{values[-1]}"]
    return keys


def _tokens(keys: str) -> list[str]:
    """The keys of a row's key text, one each (``"? / F1"`` -> ``["?", "F1"]``, ``"c d h s"`` -> four)."""
    return [t for part in keys.split(" / ") for t in part.split()]


def binding_rows(bindings: Iterable[BindingType], keymap: Mapping[str, str] | None = None) -> list[tuple[str, str]]:
    """The keys of a screen as ``(keys, what they do)`` rows, in the bindings' order, each
    key in one row only.

    Shown bindings come first in their place (their ``key_display`` covers a range
    such as ``2-9 0 J Q K A``); shown bindings with the same description are merged
    (``← / →  Move``). A hidden binding is listed only when its description is not
    already listed (``Esc  Clear``); hidden bindings of one description are one row
    (``0-9  Meld number``). A key that means different things at different steps is one
    row with its meanings (``n  No; New Noggi``). ``keymap`` (the config's ``[keys]``
    table: binding id or short name -> keys) replaces a binding's keys as the app does.
    """
    rows: dict[str, list[str]] = {}
    hidden: dict[str, list[str]] = {}
    for b in bindings:
        if not isinstance(b, Binding) or not b.description:
            continue
        new = remapped(keymap, b.id)
        key = key_text(new) if new else (b.key_display or key_text(b.key))
        listed = rows.setdefault(b.description, []) if b.show else hidden.setdefault(b.description, [])
        if key not in listed:
            listed.append(key)
    for desc, keys in hidden.items():
        if desc not in rows:
            rows[desc] = _compress(keys)
    merged: list[tuple[list[str], list[str]]] = []
    where: dict[str, int] = {}
    for desc, keys in rows.items():
        tokens = [t for k in keys for t in _tokens(k)]
        i = next((where[t] for t in tokens if t in where), None)
        if i is None:
            merged.append((list(keys), [desc]))
            i = len(merged) - 1
        else:
            have = {t for k in merged[i][0] for t in _tokens(k)}
            merged[i][0].extend(k for k in keys if not set(_tokens(k)) <= have)
            merged[i][1].append(desc)
        for t in tokens:
            where.setdefault(t, i)
    return [(" / ".join(keys), "; ".join(descs)) for keys, descs in merged]


def keys_markdown(rows: Sequence[tuple[str, str]], title: str = "Keys at this table") -> str:
    """A Markdown section listing ``rows`` (``(keys, what they do)``) as a two-column table."""
    if not rows:
        return ""
    lines = [f"## {title}", "", "| key | does |", "|---|---|"]
    for keys, desc in rows:
        lines.append(f"| `{keys.replace('|', '¦')}` | {desc} |")
    return "\n".join(lines) + "\n"


def keys_renderable(sections: Sequence[tuple[str, Sequence[tuple[str, str]]]], key_style: str = "bold") -> Group:
    """``(title, rows)`` sections of keys as Rich text: a bold title, then one line
    per row (keys in a column of their own, then what they do). For the screen and a
    terminal, where a Markdown table would take three lines a key."""
    parts: list[Any] = []
    for title, rows in sections:
        if not rows:
            continue
        if parts:
            parts.append(Text(""))
        parts.append(Text(title, style="bold underline"))
        grid = Table.grid(padding=(0, 2))
        grid.add_column(no_wrap=True, style=key_style)
        grid.add_column()
        for keys, desc in rows:
            grid.add_row(keys, desc)
        parts.append(grid)
    return Group(*parts)


def key_sections(game_id: str, app: Any = None, keymap: Mapping[str, str] | None = None
                 ) -> list[tuple[str, list[tuple[str, str]]]]:
    """The keys of ``game_id``'s table, then the app-wide keys not already listed
    (``app``: the running app, for its bindings; None for the default app's), as
    ``(title, rows)`` sections for :func:`keys_markdown` / :func:`keys_renderable`."""
    table = binding_rows(table_bindings(game_id), keymap)
    seen = {t for keys, _ in table for t in _tokens(keys)}
    everywhere = []
    for keys, desc in binding_rows(app_bindings(app), keymap):
        new = [k for k in keys.split(" / ") if not set(_tokens(k)) <= seen]
        if new:
            everywhere.append((" / ".join(new), desc))
    return [("Keys at this table", table), ("Keys everywhere", everywhere)]


def follow_keymap(text: str, bindings: Iterable[BindingType], keymap: Mapping[str, str] | None) -> str:
    """``text`` with every key written in backticks (`` `x` ``) that the config remaps
    replaced by its new key: a backticked key is a key of ``bindings`` (by its default keys),
    and it is replaced when every binding on it is remapped to one same key. Other
    backticked words (`` `use_cheat_cards` ``) are left as they are."""
    if not keymap:
        return text
    owners: dict[str, list[str | None]] = {}
    for b in bindings:
        if isinstance(b, Binding):
            for k in b.key.split(","):
                owners.setdefault(key_text(k), []).append(b.id)

    def swap(m: re.Match[str]) -> str:
        ids = owners.get(m.group(1))
        if not ids:
            return m.group(0)
        new = {remapped(keymap, i) for i in ids}
        if len(new) != 1 or None in new:
            return m.group(0)
        return f"`{key_text(str(new.pop()).split(',')[0])}`"

    return re.sub(r"`([^`\s]{1,12})`", swap, text)


def howto_markdown(game_id: str, keymap: Mapping[str, str] | None = None) -> tuple[str, bool]:
    """The "How to play" Markdown of ``game_id`` (``engine/games/<id>/howto.md``), its
    backticked keys following ``keymap`` (the config's ``[keys]``, :func:`follow_keymap`).

    Returns:
        ``(markdown, found)``; when the file is missing ``markdown`` is a short page
        pointing to the full rules and ``found`` is False.
    """
    try:
        text = get_spec(game_id).howto_text()
        legend = legend_markdown(game_id)
        if legend:
            text = text.rstrip() + "\n\n" + legend
        return follow_keymap(text, table_bindings(game_id), keymap), True
    except (UnknownGame, OSError, ModuleNotFoundError):
        title = game_title(game_id)
        return (f"# How to play {title}\n\nThere is no short guide to {title} yet: the full rules are one key "
                "away.\n", False)


def legend_markdown(game_id: str) -> str:
    """The "What the table shows" section of ``game_id``'s how-to: every mark and abbreviation
    of its table (its screen class's ``LEGEND``: (mark, meaning) pairs, the same text as the
    table's tooltips) as a Markdown list; "" for a game whose table declares none."""
    from tui.screens import TableScreenError, has_table_screen, table_screen_class
    if not has_table_screen(game_id):
        return ""
    try:
        legend = getattr(table_screen_class(game_id), "LEGEND", ())
    except TableScreenError:
        return ""
    if not legend:
        return ""
    rows = "\n".join(f"* **{mark}**: {words}" for mark, words in legend)
    return f"## What the table shows\n\n{rows}\n"


def table_bindings(game_id: str) -> list[BindingType]:
    """The bindings of ``game_id``'s table screen class (its own and the common table
    keys), or [] when the game has no table screen that loads."""
    from tui.screens import TableScreenError, has_table_screen, table_screen_class
    if not has_table_screen(game_id):
        return []
    try:
        return list(table_screen_class(game_id).BINDINGS)
    except TableScreenError:
        return []


def app_bindings(app: Any = None) -> list[BindingType]:
    """The app-wide keys a player may use at any screen: the app's own bindings
    (``app``'s class, default the cardtable app) and the command palette (``ctrl+p``)."""
    if app is None:
        from tui.app import CardtableApp
        app = CardtableApp
    cls = app if isinstance(app, type) else type(app)
    out: list[BindingType] = list(getattr(cls, "BINDINGS", []))
    if getattr(cls, "ENABLE_COMMAND_PALETTE", False):
        key = str(getattr(cls, "COMMAND_PALETTE_BINDING", "ctrl+p"))
        out.append(Binding(key, "command_palette", "Commands and the Keys panel", id="app.commands"))
    return out


def howto_page(game_id: str, app: Any = None, keymap: Mapping[str, str] | None = None,
               more: str = "") -> tuple[str, bool]:
    """The whole "How to play" page as Markdown (the CLI prints it): the game's
    ``howto.md``, then ``more`` (a line such as "Press r for the full numbered rules"),
    then the keys of :func:`key_sections`.

    Returns:
        ``(markdown, found)`` as :func:`howto_markdown`.
    """
    text, found = howto_markdown(game_id, keymap)
    parts = [text.rstrip() + "\n"]
    if more:
        parts.append(more + "\n")
    for title, rows in key_sections(game_id, app, keymap):
        if rows:
            parts.append(keys_markdown(rows, title))
    return "\n".join(parts), found


class HowToScreen(Screen[None]):
    """One game's "How to play" (the aim, a turn, the keys at its table);
    ``r`` (or ``?``/``F1`` again) opens the full numbered rules; ``escape`` (or ``q``) goes back.

    Args:
        game_id: the game to explain.

    Attributes:
        game_id: as given; ``found``: False if the game has no ``howto.md``;
        markdown: the game's text shown (set when mounted); key_rows: the key
        sections shown below it (:func:`key_sections`).
    """

    BINDINGS = [
        Binding("escape,q", "close", "Back", id="howto.close"),
        Binding("r,question_mark,f1", "full_rules", "Full rules", key_display="r", id="howto.rules"),
    ]

    DEFAULT_CSS = """
    HowToScreen #howto-body { height: 1fr; padding: 0 1; }
    HowToScreen Markdown { margin: 0; padding: 0; }
    HowToScreen MarkdownH1 { margin: 0 0 1 0; padding: 0; content-align: left top; text-align: left; }
    HowToScreen MarkdownH2 { margin: 1 0 0 0; padding: 0; }
    HowToScreen MarkdownParagraph { margin: 0; }
    HowToScreen MarkdownOrderedList { margin: 0 0 1 0; padding: 0; }
    HowToScreen #howto-keys { margin: 0 0 1 0; }
    """

    def __init__(self, game_id: str) -> None:
        super().__init__()
        self.game_id = game_id
        self.found = True
        self.markdown = ""
        self.key_rows: list[tuple[str, list[tuple[str, str]]]] = []

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="howto-body"):
            yield Markdown(id="howto-text")
            yield Static(id="howto-keys")
        yield WrappingFooter()

    def on_mount(self) -> None:
        self.sub_title = f"How to play {game_title(self.game_id)}"
        table = getattr(self.app, "table", None)
        keymap = dict(getattr(table, "keys", None) or {})
        rules_key = key_text((remapped(keymap, "howto.rules") or "r").split(",")[0])
        back_key = key_text((remapped(keymap, "howto.close") or "escape").split(",")[0])
        text, self.found = howto_markdown(self.game_id, keymap)
        self.markdown = (text.rstrip() + f"\n\n*Press {rules_key} for the full numbered rules, {back_key} to go "
                         "back.*\n")
        self.query_one(Markdown).update(self.markdown)
        self.key_rows = key_sections(self.game_id, self.app, keymap)
        accent = self.app.theme_variables.get("accent", "yellow")
        self.query_one("#howto-keys", Static).update(keys_renderable(self.key_rows, f"bold {accent}"))
        self.query_one("#howto-body").focus()

    def on_screen_resume(self) -> None:
        """Shown again (the screen is kept installed): start from the top."""
        self.query_one("#howto-body", VerticalScroll).scroll_home(animate=False)

    def action_full_rules(self) -> None:
        """r: the full numbered rules (the app's rules screen, above this one)."""
        show = getattr(self.app, "show_rules", None)
        if callable(show):
            show(self.game_id)

    def action_close(self) -> None:
        """Back to the previous screen (quits if this is the only screen)."""
        self.post_message(GoBack())


__all__ = ["HowToScreen", "app_bindings", "binding_rows", "follow_keymap", "game_title", "howto_markdown",
           "legend_markdown",
           "howto_page", "key_sections", "key_text", "keys_markdown", "keys_renderable", "remapped", "table_bindings"]
