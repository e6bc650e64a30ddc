""""Join a table" (issue 27): the setup screen's way to a seat at a table a friend hosts
(``cardtable host``), for a player with no command line, such as one in a browser (``cardtable web``).

The dialog asks for the table's address and the seat's code, the two parts of the host's join line
(pasting the whole line ``cardtable join ws://HOST:PORT --code CODE`` into the address fills both);
it joins with ``net.client.join`` off the screen's thread and shows the same table screen as
``cardtable join``. A refusal (a wrong code, an unreachable table) is the client's one sentence, in
the dialog.
"""

from __future__ import annotations

import shlex
from typing import Any

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static


def parse_join_line(url: str, code: str = "") -> tuple[str, str]:
    """The address and code from what the player typed: ``url`` may be the host's whole join line
    (``cardtable join ws://HOST:PORT --code CODE``), whose code then fills an empty ``code``.

    Returns:
        ``(url, code)``, stripped (either may be empty: the dialog asks for what is missing).
    """
    url, code = url.strip(), code.strip()
    if " " in url:
        try:
            words = shlex.split(url)
        except ValueError:
            words = url.split()
        addresses = [w for w in words if w.startswith(("ws://", "wss://"))]
        if "--code" in words and words.index("--code") + 1 < len(words) and not code:
            code = words[words.index("--code") + 1]
        url = addresses[0] if addresses else url
    return url, code


class JoinTableScreen(ModalScreen["Any | None"]):
    """Asks for a table's address and a seat code, joins, and dismisses with the connected
    ``net.client.RemoteSession`` (None on Escape). A refusal is shown in the dialog."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="join.cancel")]

    DEFAULT_CSS = """
    JoinTableScreen { align: center middle; }
    JoinTableScreen #join-dialog { width: 76; height: auto; border: round $accent; background: $surface;
                                   padding: 1 2; }
    JoinTableScreen #join-error { color: $error; height: auto; }
    """

    def __init__(self, joiner: Any = None) -> None:
        """``joiner(url, code)`` returns a session or raises ``net.client.JoinError`` (default:
        ``net.client.join``; tests pass their own)."""
        super().__init__()
        self._joiner = joiner
        self.joining = False

    def compose(self) -> ComposeResult:
        with Vertical(id="join-dialog"):
            yield Static("Join a table a friend hosts: their join line gives the address and your "
                         "seat's code (paste the whole line into the address). Enter joins, Escape goes back.",
                         id="join-text", markup=False)
            yield Label("Address")
            yield Input(placeholder="ws://HOST:8765", id="join-url")
            yield Label("Seat code")
            yield Input(placeholder="the code after --code", id="join-code")
            yield Static("", id="join-error", markup=False)

    def on_mount(self) -> None:
        self.query_one("#join-url", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        url_box, code_box = self.query_one("#join-url", Input), self.query_one("#join-code", Input)
        url, code = parse_join_line(url_box.value, code_box.value)
        url_box.value, code_box.value = url, code
        error = self.query_one("#join-error", Static)
        if not url.startswith(("ws://", "wss://")):
            error.update("The address starts with ws:// or wss:// (from the host's join line).")
            url_box.focus()
            return
        if not code:
            error.update("Give your seat's code (after --code in the join line).")
            code_box.focus()
            return
        if self.joining:
            return
        self.joining = True
        error.update(f"Joining {url}…")
        self._join(url, code)

    @work(thread=True, exclusive=True)
    def _join(self, url: str, code: str) -> None:
        joiner = self._joiner
        if joiner is None:
            from net.client import join as joiner
        try:
            session = joiner(url, code)
        except Exception as err:  # noqa: BLE001 - JoinError, or an OSError the client did not wrap
            self.app.call_from_thread(self._refused, " ".join(str(err).split()) or type(err).__name__)
            return
        self.app.call_from_thread(self._joined, session)

    def _joined(self, session: Any) -> None:
        if not self.is_current:  # the player went back (Escape) while it joined
            session.close()
            return
        self.dismiss(session)

    def _refused(self, reason: str) -> None:
        self.joining = False
        self.query_one("#join-error", Static).update(f"Cannot join: {reason}")

    def action_cancel(self) -> None:
        self.dismiss(None)


__all__ = ["JoinTableScreen", "parse_join_line"]
