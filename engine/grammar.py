"""Narration templates whose person and number are written in the template.

A game words an event once, as a template (:attr:`engine.core.Event.text`), and
the template itself carries every form that depends on who reads it; nothing
rewrites finished English afterwards. A template is a :meth:`str.format` string
whose fields name seats:

* ``{seat}`` (the event's seat) and ``{s0}``, ``{s1}``... (any seat): the seat's
  name. The seat read in the second person (``you``, see :func:`render`) is
  ``You`` at the start of a sentence and ``you`` inside one
  (``{s1} gives 7♥ to {seat}`` -> ``Bix gives 7♥ to you``). ``{s0:^}`` is always
  capitalised (a label: ``Winner: {s0:^}`` -> ``Winner: You``).
* ``{seat:plays|play}``: a word that agrees with that seat, the third person
  singular before the bar and the second person after it
  (``{seat} {seat:has|have} gone down`` -> ``Bix has gone down`` / ``You have gone down``).
* ``{seat:'s}``: the possessive, ``Bix's`` / ``your`` (``Your`` at a sentence's start).

Numbers are known when an event is made, so plurals are chosen then, with both
forms written out: :func:`plural` (``plural(1, "card", "cards")`` -> ``1 card``) and
:func:`agree` (``agree(1, "goes", "go")``).

Plain text only; used by :meth:`engine.core.Event.narrate` and by the table's
own wording (prompts, result lines, replay headings).
"""

from __future__ import annotations

import re
import string
from typing import Sequence

#: The name :func:`engine.seats.seat_names` gives the lone human seat; the seat
#: with this name is the one read in the second person unless a caller names another.
YOU = "You"

_PARSER = string.Formatter()
#: Characters after which a field starts a sentence (and ``you`` is capitalised).
_SENTENCE_BREAKS = '.!?"'


class TemplateError(ValueError):
    """A narration template with a field that names no seat or a form it cannot
    choose (``{seat:bad}``); ``str(err)`` names the field."""


def you_seat(names: Sequence[str]) -> int | None:
    """The seat read in the second person by default: the seat named ``You``
    (the lone human, :func:`engine.seats.seat_names`), or None."""
    try:
        return list(names).index(YOU)
    except ValueError:
        return None


def plural(n: int, one: str, many: str) -> str:
    """``n`` and the form of a noun phrase that agrees with it: ``plural(1, "card",
    "cards")`` -> ``"1 card"``, ``plural(3, "card", "cards")`` -> ``"3 cards"``."""
    return f"{n} {one if n == 1 else many}"


def agree(n: int, one: str, many: str) -> str:
    """The form that agrees with a count, without the count: ``agree(1, "goes", "go")``
    -> ``"goes"`` (``7♥ goes back``), ``agree(2, "goes", "go")`` -> ``"go"``."""
    return one if n == 1 else many


def article(word: str) -> str:
    """``word`` after the indefinite article it takes when read aloud: ``a 7``, ``an 8``,
    ``an A`` (a card value; ``an 11``, ``an 18``), ``an ace``, ``a Noggi``. A single
    capital letter is read by its name (``an A``, ``a K``)."""
    w = word.strip()
    if re.match(r"8|1[18](?!\d)", w):
        return f"an {word}"
    if len(w) == 1 and w.isalpha():
        return f"{'an' if w.upper() in 'AEFHILMNORSX' else 'a'} {word}"
    return f"{'an' if w[:1].lower() in 'aeiou' else 'a'} {word}"


def _starts_sentence(before: str) -> bool:
    tail = before.rstrip()
    return not tail or tail[-1] in _SENTENCE_BREAKS


def _field_seat(field: str, seat: int | None) -> int | None:
    if field == "seat":
        return seat if seat is not None and seat >= 0 else None
    if field.startswith("s") and field[1:].isdigit():
        return int(field[1:])
    raise TemplateError(f"{{{field}}} names no seat")


#: ``you`` value of :func:`render`: the seat named ``You`` (:func:`you_seat`).
NAMED_YOU = -1


def render(template: str, names: Sequence[str], seat: int | None = None, you: int | None = NAMED_YOU) -> str:
    """Fill in a narration template for a reader.

    Args:
        template: the template (fields as in the module docstring).
        names: every seat's name, by seat number.
        seat: the seat ``{seat}`` stands for (None or negative: ``chance``).
        you: the seat read in the second person: :data:`NAMED_YOU` (the default) the
            seat named ``You``, None no seat.
    Returns:
        the sentence.
    Raises:
        TemplateError: a field names no seat of ``names`` or has an unknown form.
    """
    if you == NAMED_YOU:
        you = you_seat(names)
    out: list[str] = []
    try:
        parts = list(_PARSER.parse(template))
    except ValueError as err:
        raise TemplateError(f"{template!r}: {err}") from None
    for literal, field, spec, _conv in parts:
        out.append(literal)
        if field is not None:
            out.append(_field_text(field, spec, names, seat, you, out))
    return "".join(out)


def _field_text(field: str, spec: str | None, names: Sequence[str], seat: int | None, you: int | None,
                before: list[str]) -> str:
    """One field of :func:`render`: a seat's name or *you* (capitalised at the start of a
    sentence, ``before`` being the text so far), a possessive, or the form of a verb.

    Raises:
        TemplateError: the field names no seat of ``names`` or has an unknown form.
    """
    idx = _field_seat(field, seat)
    if idx is not None and not 0 <= idx < len(names):
        raise TemplateError(f"{{{field}}}: there is no seat {idx}")
    second = idx is not None and idx == you
    if spec and "|" in spec:
        third_form, _, second_form = spec.partition("|")
        return second_form if second else third_form
    if spec and spec not in ("^", "'s"):
        raise TemplateError(f"{{{field}:{spec}}}: unknown form (use {{{field}:third|second}} or {{{field}:'s}})")
    start = spec == "^" or _starts_sentence("".join(before))
    name = names[idx] if idx is not None else "chance"
    if spec == "'s":
        return ("Your" if start else "your") if second else f"{name}'s"
    if second:
        return "You" if start else "you"
    return name


__all__ = ["NAMED_YOU", "YOU", "TemplateError", "agree", "plural", "render", "you_seat"]
