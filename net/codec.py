"""Views, events and actions as JSON values, and back (the table server's payloads).

A seat's :class:`engine.core.View` is a frozen dataclass of cards, numbers, tuples,
nested dataclasses and enums; :func:`encode` turns any such value into plain JSON
(objects, arrays, strings, numbers) and :func:`decode` rebuilds an equal value:
``decode(json.loads(json.dumps(encode(v)))) == v`` for every view of every game
(tests/net/test_codec.py).

Tags (a JSON object with one of these keys is a tagged value):

* ``{"c": "10H"}`` a card (:class:`engine.cards.Card`, by its canonical text);
* ``{"t": [...]}`` a tuple, ``{"fs": [...]}`` a frozenset, ``{"s": [...]}`` a set;
* ``{"d": [[k, v], ...]}`` a dict whose keys are not all strings; ``{"o": {...}}`` one whose keys are;
* ``{"e": "module:Class", "v": 3}`` an enum member;
* ``{"dc": "module:Class", "f": {...}}`` a dataclass (its init fields).

Only classes of the engine (modules under ``engine.``) are rebuilt, and only dataclasses and
enums among them; anything else raises :class:`CodecError`. The client trusts the server for what
it shows, but a bad or hostile payload still cannot make it import or call anything else.
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
from typing import Any

from engine.cards import Card
from engine.core import Action, Event

#: modules a tagged class may come from
_ALLOWED_PREFIX = "engine."


class CodecError(ValueError):
    """A payload that is not a value :func:`decode` may rebuild (names what is wrong)."""


def _name(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


def encode(value: Any) -> Any:
    """``value`` (a view, an event's data, any value made of cards, numbers, text, tuples,
    lists, sets, dicts, engine enums and engine dataclasses) as a JSON value.

    Raises:
        CodecError: for a value of another type (a function, an object of a class outside the engine).
    """
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, enum.Enum):
        return {"e": _name(type(value)), "v": value.value}
    if isinstance(value, (int, float)):
        return value
    if isinstance(value, Card):
        return {"c": value.text}
    if isinstance(value, list):
        return [encode(v) for v in value]
    if isinstance(value, tuple) and not hasattr(value, "_fields"):
        return {"t": [encode(v) for v in value]}
    if isinstance(value, frozenset):
        return {"fs": [encode(v) for v in _sorted(value)]}
    if isinstance(value, set):
        return {"s": [encode(v) for v in _sorted(value)]}
    if isinstance(value, dict):
        if all(isinstance(k, str) for k in value):
            return {"o": {k: encode(v) for k, v in value.items()}}
        return {"d": [[encode(k), encode(v)] for k, v in value.items()]}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        cls = type(value)
        if not cls.__module__.startswith(_ALLOWED_PREFIX):
            raise CodecError(f"cannot send a {_name(cls)}: only the engine's classes")
        return {"dc": _name(cls), "f": {f.name: encode(getattr(value, f.name))
                                         for f in dataclasses.fields(value) if f.init}}
    raise CodecError(f"cannot send a value of type {type(value).__name__}")


def _sorted(items: Any) -> list:
    """A set's members in a stable order (so two equal views encode alike)."""
    try:
        return sorted(items)
    except TypeError:
        return sorted(items, key=repr)


_classes: dict[str, type] = {}


def _class(name: Any) -> type:
    if not isinstance(name, str) or ":" not in name:
        raise CodecError(f"bad class name {name!r}")
    cls = _classes.get(name)
    if cls is not None:
        return cls
    module, _, qual = name.partition(":")
    if not module.startswith(_ALLOWED_PREFIX):
        raise CodecError(f"class {name} is not the engine's")
    try:
        obj: Any = importlib.import_module(module)
        for part in qual.split("."):
            obj = getattr(obj, part)
    except (ImportError, AttributeError) as err:
        raise CodecError(f"no class {name}") from err
    if not isinstance(obj, type) or not (dataclasses.is_dataclass(obj) or issubclass(obj, enum.Enum)):
        raise CodecError(f"{name} is not a dataclass or an enum")
    _classes[name] = obj
    return obj


def decode(data: Any) -> Any:
    """The value :func:`encode` made ``data`` from.

    Raises:
        CodecError: for a tag or class it may not rebuild, or an unknown card.
    """
    if data is None or isinstance(data, (bool, int, float, str)):
        return data
    if isinstance(data, list):
        return [decode(v) for v in data]
    if not isinstance(data, dict) or len(data) not in (1, 2):
        raise CodecError(f"bad value {str(data)[:60]}")
    if "c" in data:
        card = Card._by_text.get(data["c"]) if isinstance(data["c"], str) else None
        if card is None:
            raise CodecError(f"unknown card {data['c']!r}")
        return card
    if "t" in data:
        return tuple(decode(v) for v in _list(data["t"]))
    if "fs" in data:
        return frozenset(decode(v) for v in _list(data["fs"]))
    if "s" in data:
        return {decode(v) for v in _list(data["s"])}
    if "o" in data and isinstance(data["o"], dict):
        return {k: decode(v) for k, v in data["o"].items()}
    if "d" in data:
        return {decode(k): decode(v) for k, v in _list(data["d"])}
    if "e" in data:
        cls = _class(data["e"])
        try:
            return cls(data.get("v"))
        except (ValueError, TypeError) as err:
            raise CodecError(f"bad {data['e']} value") from err
    if "dc" in data and isinstance(data.get("f"), dict):
        cls = _class(data["dc"])
        try:
            return cls(**{k: decode(v) for k, v in data["f"].items()})
        except TypeError as err:
            raise CodecError(f"bad fields for {data['dc']}: {err}") from err
    raise CodecError(f"bad value {str(data)[:60]}")


def _list(value: Any) -> list:
    if not isinstance(value, list):
        raise CodecError(f"expected a list, got {type(value).__name__}")
    return value


def encode_event(event: Event) -> dict:
    """One event as JSON (its ``visible_to`` is not sent: the server sends a seat only the events it may see)."""
    out = {"kind": event.kind, "text": event.text, "seat": event.seat, "data": encode(event.data)}
    if event.visible_to is not None:
        out["private"] = True
    return out


def decode_event(data: Any, seat: int) -> Event:
    """An event :func:`encode_event` made, seen by ``seat`` (its ``visible_to`` is None when
    public, else ``{seat}``).

    Raises:
        CodecError: for a malformed event.
    """
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise CodecError("bad event")
    private = bool(data.get("private"))
    return Event(data["kind"], str(data.get("text", "")), data.get("seat"), decode(data.get("data") or {"o": {}}),
                 frozenset({seat}) if private else None)


__all__ = ["CodecError", "encode", "decode", "encode_event", "decode_event", "Action"]
