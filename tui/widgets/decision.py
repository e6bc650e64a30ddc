"""A one-line decision bar for quick questions at the table ("Claim 7♥ (+1 face-down
penalty card)? c claim, space pass"), for any game. It only shows the question: the
table's keys answer it."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

__all__ = ["DecisionBar"]


class DecisionBar(Static):
    """The question of the moment, or nothing (then the bar is hidden).

    Attributes:
        question: the plain text shown now ("" when hidden).
    """

    DEFAULT_CSS = """
    DecisionBar { height: auto; width: 1fr; padding: 0 1; background: $warning 25%; text-style: bold;
                  display: none; }
    DecisionBar.-open { display: block; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__("", id=id, classes=classes)
        self.question = ""

    def ask(self, question: str | Text) -> None:
        """Show ``question`` (one line; it wraps on a narrow screen)."""
        plain = question.plain if isinstance(question, Text) else question
        if plain == self.question:
            return
        self.question = plain
        self.update(question)
        self.set_class(bool(plain), "-open")

    def close(self) -> None:
        """Hide the bar."""
        self.ask("")
