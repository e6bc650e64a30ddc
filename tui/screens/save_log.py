"""The "save the log elsewhere" dialog, offered after a log write failed.

When the log cannot be written mid-match (a full disk, a removed folder) the
session keeps the match in memory (``engine.session.Session.log_error``); this
dialog asks for another file and writes the whole match there
(``Session.save_log``), which then takes the following moves too.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static


def suggested_path(session: Any) -> Path:
    """Where to offer to save: the home folder, under the failed log's file name."""
    name = Path(session.log_path).name if getattr(session, "log_path", None) else "cardtable-match.jsonl"
    return Path.home() / name


class SaveLogScreen(ModalScreen["Path | None"]):
    """Asks for a file and saves the session's log there; dismisses with the path
    written, or None when cancelled (escape). A failure is shown in the dialog."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="savelog.cancel")]

    DEFAULT_CSS = """
    SaveLogScreen { align: center middle; }
    SaveLogScreen #savelog-dialog { width: 76; height: auto; border: round $error; background: $surface;
                                    padding: 1 2; }
    SaveLogScreen #savelog-error { color: $error; height: auto; }
    """

    def __init__(self, session: Any) -> None:
        super().__init__()
        self.session = session
        self.saved: Path | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="savelog-dialog"):
            yield Static(f"{self.session.log_error or 'Save the log to another file.'}\n\n"
                         "Write the whole match so far to this file (Enter), or Escape to go back:",
                         id="savelog-text", markup=False)
            yield Input(str(suggested_path(self.session)), id="savelog-path")
            yield Static("", id="savelog-error", markup=False)

    def on_mount(self) -> None:
        self.query_one("#savelog-path", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if not text:
            self.query_one("#savelog-error", Static).update("Give a file name.")
            return
        try:
            self.saved = self.session.save_log(Path(text))
        except OSError as err:
            why = err.strerror if isinstance(err.strerror, str) and err.filename is None and err.strerror else str(err)
            self.query_one("#savelog-error", Static).update(f"Not saved: {why}")
            return
        self.dismiss(self.saved)

    def action_cancel(self) -> None:
        self.dismiss(None)
