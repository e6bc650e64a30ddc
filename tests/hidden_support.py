"""Helpers for the hidden-information tests (``test_hidden_info.py``): which card
faces a state holds, which of them a seat may see, and whether a text shows one.

Generic over the registry: a state's and a view's cards are found by walking
their fields (slots, dataclass fields, tuples, lists, dicts, counters), so a new
game is covered without code of its own. The comparison is by face: with
several decks (Spite & Malice), a face that is both hidden and in sight counts
as in sight.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from typing import Any, Iterable

from engine.cards import Card


def faces_in(obj: Any) -> set[Card]:
    """Every card face reachable from ``obj`` through its fields and containers."""
    found: set[Card] = set()
    seen: set[int] = set()
    stack = [obj]
    while stack:
        x = stack.pop()
        if isinstance(x, Card):
            found.add(x)
            continue
        if x is None or isinstance(x, (str, bytes, int, float, bool)) or id(x) in seen:
            continue
        seen.add(id(x))
        if isinstance(x, Mapping):
            stack.extend(x.keys())
            stack.extend(x.values())
        elif isinstance(x, (list, tuple, set, frozenset)):
            stack.extend(x)
        elif dataclasses.is_dataclass(x):
            stack.extend(getattr(x, f.name) for f in dataclasses.fields(x))
        else:
            for cls in type(x).__mro__:
                for name in getattr(cls, "__slots__", ()):
                    if hasattr(x, name):
                        stack.append(getattr(x, name))
            stack.extend(getattr(x, "__dict__", {}).values())
    return found


def hidden_from(state: Any, seat: int) -> set[Card]:
    """The faces ``state`` holds that ``seat``'s view does not show."""
    return faces_in(state) - faces_in(state.view(seat))


def _token_pattern(cards: Iterable[Card]) -> re.Pattern[str] | None:
    words = set()
    for c in cards:
        words.add(c.text)
        words.add(c.pretty)
    if not words:
        return None
    alts = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<![\w♣♦♥♠])(?:{alts})(?![\w♣♦♥♠])")


_SUIT_LETTER = {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "C": "C", "D": "D", "H": "H", "S": "S"}
_BOX_RANK = re.compile(r"[│┃╏|](10|[2-9AJQK])(?=\s)")
_BOX_SUIT = re.compile(r"[│┃╏|]\s*([♣♦♥♠CDHS])\s*[│┃╏|]")


def boxed_faces(text: str) -> list[str]:
    """French cards drawn as full faces (a box whose first line starts with the
    rank and whose second line holds the suit, as the table widgets draw them),
    as canonical texts (``7C``, ``10D``)."""
    lines = text.splitlines()
    out = []
    for y in range(len(lines) - 1):
        for m in _BOX_RANK.finditer(lines[y]):
            below = _BOX_SUIT.match(lines[y + 1], m.start())
            if below:
                out.append(m.group(1) + _SUIT_LETTER[below.group(1)])
    return out


def shown_cards(text: str, cards: Iterable[Card]) -> list[str]:
    """The tokens of ``text`` that name one of ``cards``: ``7H`` or ``7♥`` as whole
    words, or a full card face drawn as a box (:func:`boxed_faces`)."""
    cards = list(cards)
    pattern = _token_pattern(cards)
    found = [] if pattern is None else pattern.findall(text)
    texts = {c.text for c in cards}
    return found + [t for t in boxed_faces(text) if t in texts]


# -- driving a match ---------------------------------------------------------------------------

def to_human_decision(s: Any) -> None:
    """Deal and let the bots play until a human must decide (or the match ends)."""
    s.advance()
    while not s.is_over and not s.is_human(s.to_move):
        s.act(s.bot_choose())


def human_turn_then_bots(s: Any, rng: Any) -> None:
    """The human to move plays a whole turn (several actions where the game has
    them) with random legal moves, then the bots play until a human must decide.
    A turn lasts while ``State.turn`` stays: in Nickels the other seats' claim
    offers (NK-13c) come between the human's take-or-pass and the rest of the turn."""
    to_human_decision(s)
    turn = s.state.turn
    while not s.is_over and s.state.turn == turn:
        if s.is_human(s.to_move):
            s.act(rng.choice(s.view(s.to_move).legal_actions()))
            continue
        s.advance()
        if not s.is_over and not s.is_human(s.to_move) and s.state.turn == turn:
            s.act(s.bot_choose())
    to_human_decision(s)


def table_app(session: Any, pace: float = 0.0) -> Any:
    """A bare Textual app showing ``session`` in its game's table screen (``app.table``)."""
    from textual.app import App

    from tui.screens import table_screen_for
    from tui.widgets.cards import THEME_DEFAULTS

    class HiddenTestApp(App):
        def __init__(self) -> None:
            super().__init__()
            self.session = session
            self.table = table_screen_for(session, pace=pace)

        def get_theme_variable_defaults(self) -> dict[str, str]:
            return dict(THEME_DEFAULTS)

        def on_mount(self) -> None:
            self.push_screen(self.table)

    return HiddenTestApp()


async def wait_until(pilot: Any, cond: Any, limit: float = 30.0) -> None:
    """Let the app run (bot workers included) until ``cond()`` holds twice in a row."""
    import asyncio
    import time
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        await pilot.pause(0)
        if cond():
            await pilot.pause()
            if cond():
                return
        await asyncio.sleep(0.005)
    raise AssertionError("the table never reached the expected moment")


def screen_text(app: Any, styles: bool = False) -> str:
    """What the terminal shows now (the active screen over those below it), as plain text
    (``styles``: with its styles as ANSI codes, so that a moved cursor shows)."""
    import io

    from rich.console import Console
    console = Console(width=app.size.width, height=app.size.height, file=io.StringIO(), record=True,
                      force_terminal=True, color_system="truecolor", legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text(styles=styles)


def plans_ignore_hidden_cards(states: Iterable[Any], make_bot: Any, seed_base: int) -> int:
    """Issue 25: for each state, a fresh plan-searching bot (``make_bot()``) chooses from the
    seat's view and from the view of a re-deal of every card the seat cannot see; the move,
    the whole cached plan and the search's figures must be equal. Returns the states checked."""
    import random

    checked = 0
    for k, s in enumerate(states):
        me = s.to_move
        v = s.view(me)
        alt = v.determinize(random.Random(seed_base + k))
        assert alt.view(me) == v
        got = []
        for state in (s, alt):
            bot = make_bot()
            view = state.view(me)
            a = bot.choose(view, view.legal_actions(), random.Random(k))
            got.append((a, [x for x, _ in bot._cached], bot.last.values if bot.last else None))
        assert got[0] == got[1], (str(got[0][0]), str(got[1][0]))
        checked += 1
    return checked
