"""The "How to play" screen: one screen per game (the aim, a turn in five lines, the
keys at the table), shown first by ``?``/``F1``; the full numbered rules are one key
further (:class:`tui.screens.rules.RulesScreen`).

The text is the game's own (``engine/games/<id>/howto.md``, through
``GameSpec.howto_text``); the keys part is built here from the game's table screen
bindings (and the config's ``[keys]`` remapping), so it is always the keys the table
really has. A game without a ``howto.md`` still gets its keys and a pointer to the
rules, so a new game (Nickels, Nogginate) only adds its file.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.keys import format_key
from textual.screen import Screen
from textual.widgets import Header, Markdown, Static

from engine.games import UnknownGame, game_title, get_spec
from tui.widgets.footer import WrappingFooter

#: Friendlier names than Textual's footer glyphs for a few keys (the how-to is read, not glanced at).
_KEY_NAMES = {"enter": "Enter", "escape": "Esc", "space": "Space", "tab": "Tab", "backspace": "Backspace",
              "pageup": "PgUp", "pagedown": "PgDn", "home": "Home", "end": "End"}


def key_text(keys: str) -> str:
    """A binding's key string (``"question_mark,f1"``, ``"ctrl+t"``) as a player reads it
    (``"? / F1"``, ``"ctrl+t"``)."""
    out = []
    for key in (k.strip() for k in keys.split(",")):
        if not key:
            continue
        *mods, base = key.split("+")
        name = _KEY_NAMES.get(base) or (base.upper() if base[:1] == "f" and base[1:].isdigit() else format_key(base))
        out.append("+".join([*mods, name]))
    return " / ".join(out)


def binding_rows(bindings: Iterable[BindingType], keymap: Mapping[str, str] | None = None) -> list[tuple[str, str]]:
    """The keys of a screen as ``(keys, what they do)`` rows, in the bindings' order.

    Shown bindings come first in their place (their ``key_display`` covers a range
    such as ``2-9 0 J Q K A``); shown bindings with the same description are merged
    (``← / →  Move``). A hidden binding is listed only when its description is not
    already listed (``Esc  Clear``). ``keymap`` (binding id -> keys, the config's
    ``[keys]`` table) replaces a binding's keys as the app does.
    """
    rows: dict[str, list[str]] = {}
    hidden: list[tuple[str, str]] = []
    for b in bindings:
        if not isinstance(b, Binding) or not b.description:
            continue
        remapped = keymap.get(b.id) if keymap and b.id else None
        keys = key_text(remapped) if remapped else (b.key_display or key_text(b.key))
        if b.show:
            shown = rows.setdefault(b.description, [])
            if keys not in shown:
                shown.append(keys)
        else:
            hidden.append((b.description, keys))
    for desc, keys in hidden:
        if desc not in rows:
            rows[desc] = [keys]
    return [(" / ".join(keys), desc) for desc, keys in rows.items()]


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
    seen = {keys for keys, _ in table}
    everywhere = [r for r in binding_rows(app_bindings(app), keymap) if r[0] not in seen]
    return [("Keys at this table", table), ("Keys everywhere", everywhere)]


def howto_markdown(game_id: str) -> tuple[str, bool]:
    """The "How to play" Markdown of ``game_id`` (``engine/games/<id>/howto.md``).

    Returns:
        ``(markdown, found)``; when the file is missing ``markdown`` is a short page
        pointing to the full rules and ``found`` is False.
    """
    try:
        return get_spec(game_id).howto_text(), True
    except (UnknownGame, OSError, ModuleNotFoundError):
        title = game_title(game_id)
        return (f"# How to play {title}\n\nThere is no short guide to {title} yet: the full rules are one key "
                "away.\n", False)


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
        out.append(Binding(cls.COMMAND_PALETTE_BINDING, "command_palette", "Commands and the Keys panel",
                           id="app.commands"))
    return out


def howto_page(game_id: str, app: Any = None, keymap: Mapping[str, str] | None = None,
               more: str = "") -> tuple[str, bool]:
    """The whole "How to play" page as Markdown (the CLI prints it): the game's
    ``howto.md``, then ``more`` (a line such as "Press r for the full numbered rules"),
    then the keys of :func:`key_sections`.

    Returns:
        ``(markdown, found)`` as :func:`howto_markdown`.
    """
    text, found = howto_markdown(game_id)
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
        rules_key = key_text(keymap.get("howto.rules", "r").split(",")[0])
        text, self.found = howto_markdown(self.game_id)
        self.markdown = text.rstrip() + f"\n\n*Press {rules_key} for the full numbered rules, Esc to go back.*\n"
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
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        else:
            self.app.exit()


__all__ = ["HowToScreen", "app_bindings", "binding_rows", "game_title", "howto_markdown", "howto_page",
           "key_sections", "key_text", "keys_markdown", "keys_renderable", "table_bindings"]
