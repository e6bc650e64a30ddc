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


def hidden_from_all(state: Any) -> set[Card]:
    """The faces no seat-independent observer sees (a covered table): those
    missing from at least one seat's view... i.e. all but the public ones."""
    public = set.intersection(*(faces_in(state.view(s)) for s in range(state.n_seats)))
    return faces_in(state) - public


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
