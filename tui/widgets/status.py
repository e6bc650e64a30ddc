"""The status line: what the player may do now, and the latest message
(an illegal move's reason, a hint, who is thinking)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class StatusLine(Static):
    """Two lines: a message (error, hint or notice) above the prompt.

    The prompt is always set (it says what the player may do now); the
    message is cleared by the next move. A message longer than
    :data:`MESSAGE_LINES` lines at the current width is cut with an ellipsis, so
    the prompt below it always shows (a hint's whole text is in the game log).
    Read :attr:`prompt_text` and :attr:`message_text` in tests."""

    #: The most lines the message may take above the prompt.
    MESSAGE_LINES = 2

    DEFAULT_CSS = """
    StatusLine { height: auto; min-height: 3; max-height: 5; width: 1fr; padding: 0 1; background: $panel;
                 border-top: solid $primary 50%; }
    StatusLine.-instead { max-height: 7; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__("", id=id, classes=classes)
        self.prompt_text = ""
        self.message_text = ""
        self.message_kind = "info"
        #: what the line shows now (message as cut, then the prompt), for tests
        self.shown = Text()
        #: shown in place of the prompt when set (a lesson's step on a short screen), or ""
        self.instead = ""

    def set_prompt(self, text: str) -> None:
        """Set what the player may do now."""
        self.prompt_text = text
        self._redraw()

    def show_instead(self, text: str) -> None:
        """Show ``text`` in place of the prompt ("" shows the prompt again): on a short screen a
        lesson's step, which says what to press and why, takes the prompt's rows rather than
        rows of its own. :attr:`prompt_text` is kept."""
        if text != self.instead:
            self.instead = text
            self.set_class(bool(text), "-instead")
            self._redraw()

    def set_message(self, text: str, kind: str = "info") -> None:
        """Show ``text`` above the prompt; ``kind`` is ``info``, ``error`` or ``hint``."""
        self.message_text = text
        self.message_kind = kind
        self._redraw()

    def clear_message(self) -> None:
        """Remove the message line."""
        if self.message_text:
            self.message_text = ""
            self._redraw()

    def _redraw(self) -> None:
        text = Text()
        if self.message_text:
            kind = self.message_kind
            prefix = {"error": "Not allowed: ", "hint": "Hint: "}.get(kind, "")
            if kind == "error":
                style = f"bold {self._var('error', 'red')}"
            elif kind == "hint":
                style = f"bold {self._var('accent', 'yellow')}"
            else:
                style = "italic"
            text.append_text(self._fit_message(Text(prefix + self.message_text, style=style)))
        text.append("\n")
        if self.instead:
            text.append(self.instead, style=f"bold {self._var('warning', 'yellow')}")
        else:
            text.append(self.prompt_text, style="bold")
        self.shown = text
        self.update(text)

    def _fit_message(self, message: Text) -> Text:
        """``message`` cut to :data:`MESSAGE_LINES` lines of the current width, ending in "…"."""
        width = self.content_size.width if self.is_mounted else 0
        if width <= 0:
            return message
        lines = message.wrap(self.app.console, width)
        if len(lines) <= self.MESSAGE_LINES:
            return message
        kept = lines[:self.MESSAGE_LINES]
        last = kept[-1]
        last.rstrip()
        last.truncate(width - 1)
        last.append("…")
        return Text("\n").join(kept)

    def on_resize(self) -> None:
        self._redraw()

    def _var(self, name: str, default: str) -> str:
        try:
            return self.app.theme_variables.get(name, default)
        except Exception:
            return default
