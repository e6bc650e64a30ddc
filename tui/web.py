"""``cardtable web``: the app in a browser, served by textual-serve (issue 27).

textual-serve (an aiohttp server) answers ``/`` with a page holding an xterm.js terminal and,
for every browser connection to ``/ws``, starts the app command as a new process driven by
Textual's web driver; one tab is one app, with its own setup screen, table and log. The command
is this same Python running ``tui.cli`` (so the app in the browser is the installed app, whatever
``cardtable`` is first on the PATH), with the arguments the player gave after ``--``.

textual-serve is the ``web`` extra (``pip install '.[web]'``), not a main dependency: it brings
aiohttp and jinja2, which the terminal app does not need. Without it, :func:`serve` raises
:class:`WebExtraMissing`, which the CLI prints as one line naming the extra.
"""

from __future__ import annotations

import re
import shlex
import socket
import sys
from collections.abc import Sequence
from typing import Any

#: The ``cardtable`` commands that open the app and so can run in a browser tab (an empty
#: command opens the setup screen, like plain ``cardtable``).
APP_COMMANDS = ("play", "learn", "replay", "resume", "join")

#: Loopback addresses: binding elsewhere lets other machines play (the CLI warns).
LOOPBACK = ("127.0.0.1", "localhost", "::1")

INSTALL_HINT = "cardtable web needs the web extra: pip install 'cardtable[web]' (from a clone: pip install '.[web]')"


#: textual-serve's page asks Google Fonts for Roboto Mono, which it also ships in its static folder:
#: the page served here uses the shipped font (no third-party request each time a player opens the
#: page, and the same glyphs offline). The hidden text makes the browser load the font before the page's
#: load event, when textual.js opens the terminal and measures its cells.
WEB_FONT_LINK = re.compile(r"<link[^>]*fonts\.googleapis\.com[^>]*>")
LOCAL_FONT = """<style>
      @font-face { font-family: "Roboto Mono"; font-style: normal; font-weight: 100 700;
        src: url("{{ config.static.url }}fonts/RobotoMono-VariableFont_wght.ttf") format("truetype"); }
      @font-face { font-family: "Roboto Mono"; font-style: italic; font-weight: 100 700;
        src: url("{{ config.static.url }}fonts/RobotoMono-Italic-VariableFont_wght.ttf") format("truetype"); }
    </style>"""
FONT_PRIMER = ('<div aria-hidden="true" style="position:absolute;visibility:hidden;font-family:\'Roboto Mono\'">'
               'x<b>x</b><i>x</i></div>')


def local_font_page(template: str) -> str:
    """textual-serve's page template with its Google Fonts link replaced by :data:`LOCAL_FONT` and
    :data:`FONT_PRIMER` at the top of the body (unchanged if a later textual-serve has no such link)."""
    if not WEB_FONT_LINK.search(template):
        return template
    page = WEB_FONT_LINK.sub(lambda _: LOCAL_FONT, template, count=1)
    return re.sub(r"(<body[^>]*>)", lambda m: m[1] + FONT_PRIMER, page, count=1)


class WebExtraMissing(RuntimeError):
    """textual-serve is not installed (the ``web`` extra)."""


class WebCommandError(ValueError):
    """The command after ``--`` is not one that opens the app."""


def app_command(args: Sequence[str] = (), config: str | None = None) -> str:
    """The shell command each browser connection runs: this Python, ``-P -m tui.cli`` (``-P``:
    the server's working folder cannot shadow the installed package), the root ``--config``,
    then ``args`` (empty: the setup screen).

    Args:
        args: a ``cardtable`` command line without ``cardtable``, e.g. ``["play", "nags", "--seed", "3"]``.
        config: an absolute path to a table config file, or ``None``.

    Raises:
        WebCommandError: if ``args`` starts with anything but one of :data:`APP_COMMANDS`.
    """
    if args and args[0] not in APP_COMMANDS:
        raise WebCommandError(f"a browser tab runs the app: after -- give one of {', '.join(APP_COMMANDS)} "
                              f"and its arguments, not {args[0]!r}")
    argv = [sys.executable, "-P", "-m", "tui.cli"]
    if config is not None:
        argv += ["--config", config]
    return shlex.join(argv + list(args))


def free_port(host: str) -> int:
    """A TCP port the OS reports free on ``host`` now (for ``--port 0``: textual-serve writes its
    port into the page's websocket address, so it must know the number before it listens)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


def make_server(command: str, host: str, port: int, public_url: str | None = None, title: str = "cardtable") -> Any:
    """A textual-serve ``Server`` for ``command`` on ``host:port``.

    Without ``public_url``, the page's websocket address comes from the address the browser used
    (its ``Host`` header), so a server bound to ``0.0.0.0`` works from other machines; behind a
    reverse proxy with TLS give ``public_url`` (``https://...``: the page then uses ``wss:``).

    Raises:
        WebExtraMissing: if textual-serve is not installed.
    """
    try:
        from textual_serve.server import Server
    except ModuleNotFoundError as exc:
        raise WebExtraMissing(INSTALL_HINT) from exc

    class CardtableServer(Server):  # type: ignore[misc, valid-type]  # textual-serve is untyped here
        async def handle_index(self, request: Any) -> Any:
            if public_url is None:  # the address this browser reached us at (no await until it is used)
                self.public_url = f"{request.scheme}://{request.host}"
            return await super().handle_index(request)

        async def _make_app(self) -> Any:
            app = await super()._make_app()
            import aiohttp_jinja2
            import jinja2
            files = jinja2.FileSystemLoader(self.templates_path)

            def load(name: str) -> str:
                return local_font_page(files.get_source(jinja2.Environment(), name)[0])
            aiohttp_jinja2.setup(app, loader=jinja2.FunctionLoader(load))
            return app

        async def on_startup(self, app: Any) -> None:
            url = public_url or f"http://{'[' + host + ']' if ':' in host else host}:{port}"
            self.console.print(f"cardtable web: open {url} in a browser (each tab is its own app); "
                               f"Ctrl+C stops the server", highlight=False, soft_wrap=True)

    return CardtableServer(command, host=host, port=port, title=title, public_url=public_url)


def serve(args: Sequence[str] = (), *, host: str = "127.0.0.1", port: int = 8000,
          public_url: str | None = None, config: str | None = None) -> None:
    """Serve the app on ``host:port`` until Ctrl+C (or SIGTERM).

    Args:
        args: the ``cardtable`` command each tab runs (see :func:`app_command`).
        host: the address to listen on (default loopback only).
        port: the TCP port; 0 picks a free one.
        public_url: the address browsers use, when it is not the one they reach (a reverse proxy).
        config: a table config file for every tab.

    Raises:
        WebExtraMissing: without textual-serve.
        WebCommandError: for a command that does not open the app.
        OSError: if ``host`` cannot be bound (address in use, unknown host).
    """
    command = app_command(args, config)
    if port == 0:
        port = free_port(host)
    make_server(command, host, port, public_url).serve()


__all__ = ["APP_COMMANDS", "INSTALL_HINT", "LOOPBACK", "WebCommandError", "WebExtraMissing", "app_command",
           "free_port", "local_font_page", "make_server", "serve"]
