"""House-rule options: declared once per game, validated from TOML tables.

A game's variant is a frozen dataclass whose fields are declared with
:func:`option`; the field name is the ``CONFIG`` name from ``shared/rules``.
:func:`build_variant` turns a TOML table (``[rules.nags]``) into a validated
variant object and raises :class:`ConfigError` naming the file, the key and
the allowed values for every mistake. The rules engine reads options only from
the variant object, so a variant changes a rule in exactly one place.
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, get_args, get_origin, get_type_hints
import types

from engine.inputs import brief, shorten


class ConfigError(ValueError):
    """A configuration mistake, with where it is and what would be valid.

    Attributes:
        source: the file (or ``"--rule"``/``"command line"``) the value came from.
        key: the dotted key (``rules.nags.direction_mode``).
        message: what is wrong and what is allowed.
    """

    def __init__(self, source: str, key: str, message: str) -> None:
        self.source, self.key, self.message = source, key, message
        where = shorten(key, 60)  # a key path is a person's text too: a 900 KB key is not echoed
        super().__init__(f"{source}: {where}: {message}" if key else f"{source}: {message}")


@dataclass(frozen=True)
class OptionSpec:
    """Description of one house-rule option (shown by ``cardtable variants``)."""

    name: str
    type: type
    default: Any
    rule: str
    help: str
    choices: tuple[Any, ...] | None = None
    min: int | None = None
    max: int | None = None
    nullable: bool = False
    seed_name: str | None = None

    @property
    def is_table(self) -> bool:
        """True for an option that is itself a table of options (a nested variant
        dataclass, e.g. Nickels' ``penalty_values``)."""
        return dataclasses.is_dataclass(self.type)

    @property
    def type_name(self) -> str:
        if self.is_table:
            return "table"
        base = {bool: "bool", int: "int", str: "string", float: "float"}.get(self.type, self.type.__name__)
        return f"{base} (optional)" if self.nullable else base

    @property
    def allowed(self) -> str:
        """Human text of the allowed values."""
        if self.choices is not None:
            return ", ".join(_fmt(c) for c in self.choices)
        if self.is_table:
            return "a table of " + ", ".join(f.name for f in dataclasses.fields(self.type))
        if self.type is bool:
            return "true, false"
        if self.min is not None or self.max is not None:
            lo = "" if self.min is None else str(self.min)
            hi = "" if self.max is None else str(self.max)
            text = f"{lo}..{hi}" if lo and hi else (f">= {lo}" if lo else f"<= {hi}")
            return text + (" or omitted" if self.nullable else "")
        return "any " + self.type_name


def _quote(value: Any) -> str:
    """A value a person gave, for an error message: as :func:`_fmt` when short, else a short
    prefix (``engine.inputs.brief``): a 900 KB string or a 5,000-digit integer is not echoed."""
    if isinstance(value, (str, bool, float)) or (isinstance(value, int) and abs(value) < 10 ** 19):
        text = _fmt(value)
        if len(text) <= 42:
            return text
    return brief(value)


def _fmt(value: Any) -> str:
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def option(default: Any, *, rule: str, help: str, choices: Iterable[Any] | None = None,
           min: int | None = None, max: int | None = None, seed_name: str | None = None) -> Any:
    """Declare a variant field. ``rule`` names the rule the option changes
    (``"NA-22"``), ``help`` says what it does; ``choices``, ``min``, ``max``
    bound the value; ``seed_name`` is the seed's own name for it, if different."""
    meta = {"rule": rule, "help": help, "choices": tuple(choices) if choices is not None else None,
            "min": min, "max": max, "seed_name": seed_name}
    return dataclasses.field(default=default, metadata=meta)


def option_specs(variant_class: type) -> list[OptionSpec]:
    """The options of a variant dataclass, in declaration order (worked out once per class:
    ``typing.get_type_hints`` costs a millisecond, and every ``build_variant`` asks)."""
    return list(_option_specs(variant_class))


@functools.lru_cache(maxsize=None)
def _option_specs(variant_class: type) -> tuple[OptionSpec, ...]:
    hints = get_type_hints(variant_class)
    specs = []
    for f in dataclasses.fields(variant_class):
        typ, nullable = _unwrap_optional(hints[f.name])
        m = f.metadata
        specs.append(OptionSpec(f.name, typ, f.default, m.get("rule", ""), m.get("help", ""),
                                m.get("choices"), m.get("min"), m.get("max"), nullable,
                                m.get("seed_name")))
    return tuple(specs)


def _unwrap_optional(hint: Any) -> tuple[type, bool]:
    origin = get_origin(hint)
    if origin in (types.UnionType,) or str(origin) == "typing.Union":
        args = [a for a in get_args(hint) if a is not type(None)]
        return args[0], len(args) < len(get_args(hint))
    if origin is not None and str(origin) == "typing.Literal":
        return type(get_args(hint)[0]), False
    return hint, False


def check_value(spec: OptionSpec, value: Any, source: str, key: str) -> Any:
    """Validate one option value and return it.

    Raises:
        ConfigError: for a wrong type, a value outside ``choices`` or the range.
    """
    if value is None and spec.nullable:
        return None
    if spec.is_table:
        if isinstance(value, spec.type):
            return value
        if not isinstance(value, Mapping):
            raise ConfigError(source, key, f"expected a table, got {_quote(value)}; allowed: {spec.allowed}")
        # only the keys given change; the others keep the option's default values
        d = spec.default
        base = dataclasses.asdict(d) if dataclasses.is_dataclass(d) and not isinstance(d, type) else {}
        return build_variant(spec.type, {**base, **value}, source=source, section=key)
    ok_type = isinstance(value, spec.type) and not (spec.type is int and isinstance(value, bool))
    if spec.type is float and isinstance(value, int) and not isinstance(value, bool):
        value, ok_type = float(value), True
    if not ok_type:
        raise ConfigError(source, key, f"expected {spec.type_name}, got {_quote(value)} "
                                       f"({type(value).__name__}); allowed: {spec.allowed}")
    if spec.choices is not None and value not in spec.choices:
        raise ConfigError(source, key, f"{_quote(value)} is not allowed; choose one of {spec.allowed}")
    if (spec.min is not None and value < spec.min) or (spec.max is not None and value > spec.max):
        raise ConfigError(source, key, f"{_quote(value)} is out of range; allowed: {spec.allowed}")
    return value


def build_variant(variant_class: type, table: Mapping[str, Any] | None = None, *,
                  source: str = "config", section: str = "") -> Any:
    """Build a validated variant from a TOML table (missing keys take defaults).

    Args:
        variant_class: the game's variant dataclass.
        table: option name -> value, as read by ``tomllib``.
        source: where the table came from, for error messages.
        section: the TOML section (``rules.nags``), prefixed to key names.

    Raises:
        ConfigError: for an unknown key (listing the valid ones), a wrong type,
            a value out of range, or a combination the game rejects (its
            ``problems()`` method).
    """
    specs = {s.name: s for s in option_specs(variant_class)}
    values: dict[str, Any] = {}
    prefix = f"{section}." if section else ""
    for key, value in (table or {}).items():
        if key not in specs:
            raise ConfigError(source, prefix + key, "unknown option; valid options are "
                              + ", ".join(specs))
        values[key] = check_value(specs[key], value, source, prefix + key)
    variant = variant_class(**values)
    problems = getattr(variant, "problems", None)
    for key, message in (problems() if problems else []):
        raise ConfigError(source, prefix + key, message)
    return variant


def variant_to_table(variant: Any) -> dict[str, Any]:
    """The variant as a TOML-ready table (options left at ``None`` are omitted)."""
    return {k: v for k, v in dataclasses.asdict(variant).items() if v is not None}
