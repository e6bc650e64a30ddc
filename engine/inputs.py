"""Bounds and wording for what a person hands the program: a config, a log, a seat spec, a key map.

Every input the program reads is bounded in size (``engine.files``), in nesting
depth (:func:`too_deep`) and in the length of a number (:data:`MAX_INT_DIGITS`),
and an error quotes at most a short prefix of the value it refuses
(:func:`brief`), so a 900 KB value or an integer of 5,000 digits gives one short
line naming the key or line and what is allowed, never Python's own text or a
traceback. ``docs/inputs.md`` lists every input with its limits and the test
proving each. This module is part of the engine: no Textual or Rich imports.
"""

from __future__ import annotations

import math
import re
import reprlib
import unicodedata
from typing import Any, Iterator

#: Characters of a refused value quoted in a message (the rest is left out and counted).
BRIEF_CHARS = 40
#: Digits an integer may have in a config or a log. 19 digits hold any seed (0..2**63-1); Python
#: refuses to convert integers of more than 4,300 digits, with a message that helps nobody.
MAX_INT_DIGITS = 19
#: Nesting a config may have: the deepest real key is ``rules.nickels.penalty_values.ace`` (3 tables
#: below the top) and ``seats[0].spec`` (an array of tables); 5 leaves room and refuses 500.
MAX_CONFIG_DEPTH = 5
#: Nesting a log line may have: a header's ``rules`` holds tables of tables (Nickels'
#: ``penalty_values``); the other lines are flat.
MAX_LOG_DEPTH = 6

_REPR = reprlib.Repr()
_REPR.maxstring = BRIEF_CHARS
_REPR.maxother = BRIEF_CHARS
_REPR.maxlevel = 2
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = _REPR.maxset = 4

_LONG_DIGITS = re.compile(r"[+-]?\d(?:_?\d){%d,}" % MAX_INT_DIGITS)


def int_digits(n: int) -> int:
    """The number of decimal digits of ``n`` (sign left out), found without converting it to text
    (which Python refuses beyond 4,300 digits)."""
    n = abs(n)
    if n < 10:
        return 1
    d = int(n.bit_length() * math.log10(2))  # d or d + 1 digits
    return d + 1 if n >= 10 ** d else d


def brief(value: Any) -> str:
    """``value`` for an error message: its ``repr`` when short, else a prefix of at most
    :data:`BRIEF_CHARS` characters with ``...`` and, for long text, its length
    (``'xxxxxxxx...' (900,000 characters)``); a huge integer as ``an integer of 5,000 digits``;
    nested lists and tables two levels deep at most (``[[[...]]]``). Never raises."""
    try:
        if isinstance(value, int) and not isinstance(value, bool) and int_digits(value) > MAX_INT_DIGITS:
            return f"an integer of {int_digits(value):,} digits"
        text = _REPR.repr(value)
        if isinstance(value, str) and len(value) > BRIEF_CHARS:
            text += f" ({len(value):,} characters)"
        return text
    except (ValueError, RecursionError):  # an object whose repr fails: say what it is
        return f"a {type(value).__name__}"


def walk(value: Any, path: str = "") -> Iterator[tuple[str, Any, int]]:
    """Every value inside ``value`` (tables and arrays opened, iteratively: no recursion),
    as ``(dotted path, value, depth)``; ``value`` itself has depth 0."""
    stack: list[tuple[str, Any, int]] = [(path, value, 0)]
    while stack:
        where, v, depth = stack.pop()
        yield where, v, depth
        if isinstance(v, dict):
            stack.extend((f"{where}.{k}" if where else str(k), x, depth + 1) for k, x in v.items())
        elif isinstance(v, list):
            stack.extend((f"{where}[{i}]", x, depth + 1) for i, x in enumerate(v))


def too_deep(value: Any, limit: int) -> str | None:
    """The path (shortened to :data:`BRIEF_CHARS`) of the first table or array nested more than
    ``limit`` levels deep in ``value``, or None when it nests at most ``limit`` levels."""
    for where, v, depth in walk(value):
        if depth > limit:
            return shorten(where)
    return None


def long_int(value: Any) -> tuple[str, int] | None:
    """``(path, digits)`` of the first integer in ``value`` (a parsed config or log line) with
    more than :data:`MAX_INT_DIGITS` digits, or None."""
    for where, v, _ in walk(value):
        if isinstance(v, int) and not isinstance(v, bool) and int_digits(v) > MAX_INT_DIGITS:
            return shorten(where), int_digits(v)
    return None


def long_int_in_text(text: str) -> tuple[int, int] | None:
    """``(line, digits)`` of the first run of more than :data:`MAX_INT_DIGITS` digits in ``text``
    (the text of a TOML file whose parser refused an integer too long to convert), or None."""
    m = _LONG_DIGITS.search(text)
    if m is None:
        return None
    return text.count("\n", 0, m.start()) + 1, sum(ch.isdigit() for ch in m.group())


def int_too_long(digits: int) -> str:
    """The message for an integer of ``digits`` digits: what it is and what is allowed."""
    return f"an integer of {digits:,} digits; numbers here have at most {MAX_INT_DIGITS} digits"


def shorten(text: str, limit: int = BRIEF_CHARS) -> str:
    """``text`` cut to ``limit`` characters with ``...`` (for a key path or a name in a message)."""
    return text if len(text) <= limit else text[:limit - 3] + "..."


def control_char(text: str) -> str | None:
    """The first control character of ``text`` as its escape (``\\x00`` for NUL), or None.
    A path or name holding one cannot be used (the system refuses a NUL in a path)."""
    for ch in text:
        if unicodedata.category(ch) == "Cc":
            return ascii(ch)[1:-1]
    return None
