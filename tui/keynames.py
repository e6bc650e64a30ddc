"""Keys as a player reads them (``? / F1``, ``Enter``), and the config's ``[keys]`` remapping of a
binding: light enough for a table screen to name its keys in every prompt without the how-to
screen (and its Markdown) being imported."""

from __future__ import annotations

from typing import Mapping

from textual.keys import format_key

__all__ = ["key_text", "remapped"]

_KEY_NAMES = {"enter": "Enter", "escape": "Esc", "space": "Space", "tab": "Tab", "backspace": "Backspace",
              "pageup": "PgUp", "pagedown": "PgDn", "home": "Home", "end": "End"}


def key_text(keys: str) -> str:
    """A binding's key string (``"question_mark,f1"``, ``"ctrl+t"``) as a player reads it
    (``"? / F1"``, ``"ctrl+t"``)."""
    out = []
    for key in (k.strip() for k in keys.split(",")):
        if not key:
            continue
        *mods, base = key.split("+")
        name = _KEY_NAMES.get(base) or (base.upper() if base[:1] == "f" and base[1:].isdigit() else format_key(base))
        out.append("+".join([*mods, name]))
    return " / ".join(out)


def remapped(keymap: Mapping[str, str] | None, binding_id: str | None) -> str | None:
    """The keys the config's ``[keys]`` table gives the binding ``binding_id``, or None.
    ``keymap`` may name a binding in full (``howto.rules``) or by its short name (``rules``,
    which remaps every binding of that name), as ``engine.config.resolve_keys`` reads it;
    the full id wins."""
    if not keymap or not binding_id:
        return None
    return keymap.get(binding_id) or keymap.get(binding_id.rsplit(".", 1)[-1])
