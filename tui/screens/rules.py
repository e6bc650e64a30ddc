"""The rules screen: a game's Markdown rules (``engine/games/<id>/rules.md``) in a MarkdownViewer."""

from __future__ import annotations


from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Header, MarkdownViewer

from engine.games import UnknownGame, game_title, get_spec
from tui.screens.navigate import GoBack
from tui.widgets.footer import WrappingFooter


def rules_markdown(game_id: str) -> tuple[str, bool]:
    """The Markdown rules of ``game_id`` (``engine/games/<id>/rules.md``).

    Returns:
        ``(markdown, found)``; when the file is missing ``markdown`` is a short
        page saying so and ``found`` is False.
    """
    title = game_title(game_id)
    try:
        text = get_spec(game_id).rules_text()
    except (UnknownGame, OSError, ModuleNotFoundError):
        return (f"# {title}\n\nThe rules of {title} are not installed: `engine/games/{game_id}/rules.md` is "
                f"missing from this copy of cardtable.\n", False)
    return text, True


class RulesScreen(Screen):
    """The rules of one game; ``escape`` (or ``q``) goes back.

    Args:
        game_id: the game whose rules to show.

    Attributes:
        game_id: as given; ``found``: False if the rules file was missing.
    """

    BINDINGS = [
        Binding("escape,q", "close", "Back", id="rules.close"),
        Binding("t", "toggle_toc", "Contents", id="rules.toc"),
    ]

    def __init__(self, game_id: str) -> None:
        super().__init__()
        self.game_id = game_id
        self.markdown, self.found = rules_markdown(game_id)

    def compose(self) -> ComposeResult:
        yield Header()
        yield MarkdownViewer(self.markdown, show_table_of_contents=False, id="rules-viewer")
        yield WrappingFooter()

    def on_mount(self) -> None:
        self.sub_title = f"Rules of {game_title(self.game_id)}"
        self.query_one(MarkdownViewer).document.focus()

    def action_toggle_toc(self) -> None:
        """Show or hide the table of contents."""
        viewer = self.query_one(MarkdownViewer)
        viewer.show_table_of_contents = not viewer.show_table_of_contents

    def action_close(self) -> None:
        """Back to the previous screen (quits if this is the only screen)."""
        self.post_message(GoBack())
