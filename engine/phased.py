"""The state skeleton: what every game's :class:`~engine.core.State` would otherwise copy by hand.

A game's state subclasses :class:`PhasedState` and declares three things; the
skeleton derives the rest.

1. **Phases.** ``Phase``, the game's ``enum.IntEnum`` of the steps of a hand
   (``DEALER``, ``DEAL``, ``PLAY``, ..., ``OVER``; the values are the old
   ``P_*`` ints, so fingerprints and logs do not move), ``CHANCE_PHASES`` (the
   phases at which chance acts) and ``OVER`` (the match has ended). The state
   keeps its phase in the field ``phase``; views carry the enum too.
2. **Fields.** ``FIELDS``, one :class:`Field` per attribute, in fingerprint
   order: how :meth:`clone` copies it (:data:`SHARE`, :data:`LIST`, :data:`DICT`,
   :data:`ROWS`, :data:`GRID`) and how :meth:`fingerprint` writes it (:data:`STR`,
   :data:`FLAG`, :data:`PHASE`, :data:`CARDS`, ... a function of the value, or
   ``None`` for a field left out of the fingerprint: a cache derived from the
   variant, or knowledge derived from the history). The class says
   ``__slots__ = slots(FIELDS)``, and ``clone`` and ``fingerprint`` are
   generated from the table when the class is made (as Python source, compiled
   once: as fast as the hand-written copies they replace). A field added once
   is slotted, cloned, fingerprinted (so compared by every clone and
   determinize test) everywhere; :func:`field_differences` names the fields in
   which two states differ.
3. **Verbs.** ``VERBS``, one row per action type (and phase): :func:`move` for a player's
   move (the phases it belongs to, its legality check, the sentence saying why
   not, its handler) and :func:`chance` for a chance outcome (its phase, its
   handler, and the sampler that draws it). Each handler takes its concrete
   action class. From the rows the skeleton builds :meth:`is_legal`,
   :meth:`why_illegal`, :meth:`apply`, :meth:`apply_trusted` and
   :meth:`sample_chance`: the prologue (a chance step, the end of the match, a
   move checked once) is here, the rules are in the handlers. One action type may
   have rows for different phases (a pass that declines an offer, another that
   ends a turn): the row is found by the action's type and the phase.

``__slots__ = ()`` here and in :class:`~engine.core.State` lets the
subclasses' slots take effect: a state has no ``__dict__``.
"""

from __future__ import annotations

import enum
import random
from typing import Any, Callable, ClassVar, Collection, Iterable, Mapping, NamedTuple, Self

from engine.cards import cards_text, pretty_text
from engine.core import Action, Event, IllegalAction, State

__all__ = ["CARDS", "CARD_ROWS", "DICT", "FLAG", "Field", "GRID", "INTS", "INT_ROWS", "LIST", "PHASE",
           "PhasedState", "ROWS", "SHARE", "SORTED_CARDS", "SORTED_ROWS", "STR", "Verb", "chance",
           "field_differences", "move", "slots"]

# -- how clone copies a field: a Python expression of ``{x}``, the old value --
#: The value itself: immutable, or replaced and never changed in place.
SHARE = "{x}"
#: A shallow copy of a list.
LIST = "{x}[:]"
#: A shallow copy of a dict.
DICT = "{x}.copy()"
#: A list of lists, each row (a list) copied. ``map`` with ``list.copy``: a comprehension is a
#: function call of its own on Python 3.11, twice as slow for a few rows.
ROWS = "list(map(list.copy, {x}))"
#: A list of lists of lists (Spite & Malice's discard decks per seat).
GRID = "[list(map(list.copy, r)) for r in {x}]"

# -- how fingerprint writes a field: an expression of ``{x}``, or a function --
#: ``str(x)``: ints, None, a card, a text.
STR = "str({x})"
#: ``0`` or ``1``.
FLAG = "str(int({x}))"
#: The phase's name in lower case (``play``), the text the old ``PHASE_NAMES`` held.
PHASE = "_phase_names[{x}]"
#: The cards' texts in order.
CARDS = "cards_text({x})"
#: The cards' texts sorted (a pool or a hand whose order means nothing).
SORTED_CARDS = "cards_text(sorted({x}))"
#: Rows of cards, each in order, joined by ``/``.
CARD_ROWS = '"/".join([cards_text(r) for r in {x}])'
#: Rows of cards, each sorted (hands), joined by ``/``.
SORTED_ROWS = '"/".join([cards_text(sorted(r)) for r in {x}])'
#: Ints joined by ``,``.
INTS = '",".join(map(str, {x}))'
#: Rows of ints, each joined by ``,``, the rows by ``;``.
INT_ROWS = '";".join([",".join(map(str, r)) for r in {x}])'


class Field(NamedTuple):
    """One attribute of a state: its name, how :meth:`PhasedState.clone` copies it
    (one of :data:`SHARE`, :data:`LIST`, :data:`DICT`, :data:`ROWS`, :data:`GRID`)
    and how :meth:`PhasedState.fingerprint` writes it (one of :data:`STR`,
    :data:`FLAG`, :data:`PHASE`, :data:`CARDS`, :data:`SORTED_CARDS`,
    :data:`CARD_ROWS`, :data:`SORTED_ROWS`, :data:`INTS`, :data:`INT_ROWS`, a
    function ``value -> str``, or ``None``: not fingerprinted)."""

    name: str
    copy: str = SHARE
    fingerprint: str | Callable[[Any], str] | None = STR


def slots(fields: Iterable[Field]) -> tuple[str, ...]:
    """The ``__slots__`` of a state class with ``fields``."""
    return tuple(f.name for f in fields)


class Verb(NamedTuple):
    """One row of a state's ``VERBS`` table (made by :func:`move` or :func:`chance`)."""

    action: type[Action]
    phases: frozenset[enum.IntEnum]
    apply: Callable[[Any, Any], list[Event]]
    legal: Callable[[Any, Any], bool] | None = None
    why: Callable[[Any, Any], str] | None = None
    sample: Callable[[Any, random.Random], Action] | None = None
    is_chance: bool = False


def _phases(phases: enum.IntEnum | Collection[enum.IntEnum]) -> frozenset[enum.IntEnum]:
    return frozenset([phases]) if isinstance(phases, enum.IntEnum) else frozenset(phases)


def _always(state: Any, action: Any) -> bool:
    return True


def move(action: type[Action], phases: enum.IntEnum | Collection[enum.IntEnum],
         apply: Callable[[Any, Any], list[Event]], legal: Callable[[Any, Any], bool] | None = None,
         why: Callable[[Any, Any], str] | None = None) -> Verb:
    """A player's move: ``action`` may be taken in ``phases`` when ``legal(state,
    action)`` (None: always, in those phases); ``why(state, action)`` is the
    sentence for an illegal one of those phases (None: the phase's hint, see
    :attr:`PhasedState.PHASE_HINTS`); ``apply(state, action)`` carries out a legal one
    and returns its events."""
    return Verb(action, _phases(phases), apply, legal or _always, why)


def chance(action: type[Action], phase: enum.IntEnum, apply: Callable[[Any, Any], list[Event]],
           sample: Callable[[Any, random.Random], Action] | None = None) -> Verb:
    """A chance outcome of ``phase``: ``sample(state, rng)`` draws one (uniformly over
    the physically possible outcomes; None when another row of the phase samples),
    ``apply(state, action)`` checks that it is possible (raising
    :meth:`PhasedState.impossible` if not) and carries it out."""
    return Verb(action, frozenset([phase]), apply, sample=sample, is_chance=True)


def _compile(cls: type, fields: tuple[Field, ...]) -> None:
    """Give ``cls`` the ``clone`` and ``fingerprint`` that ``fields`` describe."""
    env: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "cards_text": cards_text,
                           "_phase_names": {p: p.name.lower() for p in cls.Phase}}  # type: ignore[attr-defined]
    copies = []
    parts = ["self.game.id"]
    for f in fields:
        value = f"self.{f.name}"
        copies.append(f"    s.{f.name} = " + f.copy.format(x=value))
        if f.fingerprint is None:
            continue
        if callable(f.fingerprint):
            env[f"_fp_{f.name}"] = f.fingerprint
            parts.append(f"_fp_{f.name}({value})")
        else:
            parts.append(f.fingerprint.format(x=value))
    src = ("def clone(self):\n    s = _new(_cls)\n" + "\n".join(copies) + "\n    return s\n"
           "def fingerprint(self):\n    return '|'.join([" + ", ".join(parts) + "])\n")
    exec(compile(src, f"<{cls.__name__} fields>", "exec"), env)
    if "clone" not in cls.__dict__:
        env["clone"].__qualname__ = f"{cls.__name__}.clone"
        env["clone"].__doc__ = "An independent copy, field by field as ``FIELDS`` says (generated)."
        cls.clone = env["clone"]  # type: ignore[attr-defined]
    if "fingerprint" not in cls.__dict__:
        env["fingerprint"].__qualname__ = f"{cls.__name__}.fingerprint"
        env["fingerprint"].__doc__ = ("The game id and every fingerprinted field of ``FIELDS``, in order, "
                                      "joined by ``|`` (generated).")
        cls.fingerprint = env["fingerprint"]  # type: ignore[attr-defined]


def field_differences(a: State, b: State) -> list[str]:
    """The names of the ``FIELDS`` in which two states of one :class:`PhasedState`
    class differ (``==`` on the values), in table order; empty when they agree."""
    return [f.name for f in type(a).FIELDS if getattr(a, f.name) != getattr(b, f.name)]  # type: ignore[attr-defined]


class PhasedState(State):
    """A state made of a ``Phase``, a ``FIELDS`` table and a ``VERBS`` table (see
    the module docstring). Subclasses write ``to_move``, the legal-list builder,
    the handlers, the view and the results; everything generic is here."""

    __slots__ = ()

    #: The game's phases (an ``enum.IntEnum``).
    Phase: ClassVar[type[enum.IntEnum]]
    #: Phases at which ``to_move`` is CHANCE.
    CHANCE_PHASES: ClassVar[frozenset[enum.IntEnum]]
    #: The phase of a finished match.
    OVER: ClassVar[enum.IntEnum]
    #: Every attribute, in fingerprint order.
    FIELDS: ClassVar[tuple[Field, ...]]
    #: One row per action type (:func:`move`, :func:`chance`).
    VERBS: ClassVar[tuple[Verb, ...]]
    #: Why no player may act at a chance step / after the end (``why_illegal``, ``apply``).
    CHANCE_TEXT: ClassVar[str] = "it is not a player's move: the cards are being dealt"
    OVER_TEXT: ClassVar[str] = "the match is over"
    #: What a player may do in each phase: the refusal of an action of another phase.
    PHASE_HINTS: ClassVar[Mapping[enum.IntEnum, str]] = {}

    # built from VERBS by __init_subclass__: action type -> phase -> the row's handlers
    _MOVES: ClassVar[dict[type, dict[Any, tuple[Callable[[Any, Any], bool], Callable[[Any, Any], list[Event]],
                                               Callable[[Any, Any], str] | None]]]]
    _CHANCE: ClassVar[dict[type, dict[Any, Callable[[Any, Any], list[Event]]]]]
    _SAMPLE: ClassVar[dict[Any, Callable[[Any, random.Random], Action]]]

    phase: Any

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = cls.__dict__
        if "FIELDS" in own:
            if tuple(own.get("__slots__", ())) != slots(cls.FIELDS):
                raise TypeError(f"{cls.__name__}.__slots__ must be slots(FIELDS)")
            _compile(cls, cls.FIELDS)
        if "VERBS" in own:
            cls._MOVES, cls._CHANCE, cls._SAMPLE = {}, {}, {}
            for v in cls.VERBS:
                for p in v.phases:
                    if v.is_chance:
                        cls._CHANCE.setdefault(v.action, {})[p] = v.apply
                        if v.sample is not None:
                            cls._SAMPLE[p] = v.sample
                    else:
                        cls._MOVES.setdefault(v.action, {})[p] = (v.legal or _always, v.apply, v.why)

    # -- generated from FIELDS (these stand in for type checkers) ------------------------
    def clone(self) -> Self:
        """An independent copy, field by field as ``FIELDS`` says (generated for each subclass)."""
        raise NotImplementedError(f"{type(self).__name__} declares no FIELDS")

    def fingerprint(self) -> str:
        """The game id and every fingerprinted field of ``FIELDS``, joined by ``|`` (generated)."""
        raise NotImplementedError(f"{type(self).__name__} declares no FIELDS")

    # -- whose move ----------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        """True when the match has ended (phase ``OVER``)."""
        return self.phase is self.OVER

    # -- legality ----------------------------------------------------------------------
    def is_legal(self, action: Action) -> bool:
        """The same answer as ``action in self.legal_actions()``, from the ``VERBS``
        row of the action's type and this phase: its legality check (False at chance
        and terminal steps: no move belongs to those phases)."""
        rows = self._MOVES.get(type(action))
        row = rows.get(self.phase) if rows is not None else None
        return row is not None and row[0](self, action)

    def why_illegal(self, action: Action) -> str | None:
        """None if ``action`` is legal now, else a sentence: :attr:`CHANCE_TEXT`,
        :attr:`OVER_TEXT`, the ``why`` handler of the action's row for this phase,
        else the phase's hint (:attr:`PHASE_HINTS`)."""
        p = self.phase
        if p in self.CHANCE_PHASES:
            return self.CHANCE_TEXT
        if p is self.OVER:
            return self.OVER_TEXT
        rows = self._MOVES.get(type(action))
        row = rows.get(p) if rows is not None else None
        if row is not None:
            if row[0](self, action):
                return None
            if row[2] is not None:
                return row[2](self, action)
        return self.PHASE_HINTS.get(p) or f"{pretty_text(str(action))} is not legal now"

    # -- apply -----------------------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Carry out a player's move (checked with its row's legality check first) or a
        chance outcome (checked to be possible by its handler) and return its events.

        Raises:
            IllegalAction: the move is not legal (the :meth:`why_illegal` sentence),
                the outcome is not possible, or the match is over; the state is unchanged.
        """
        p = self.phase
        if p in self.CHANCE_PHASES:
            return self._apply_chance(action)
        rows = self._MOVES.get(type(action))  # is_legal, inlined: apply runs once a step
        row = rows.get(p) if rows is not None else None
        if row is None or not row[0](self, action):
            raise IllegalAction(self.why_illegal(action) or f"{pretty_text(str(action))} is not legal now")
        return row[1](self, action)

    def apply_trusted(self, action: Action) -> list[Event]:
        """:meth:`apply` without the move check (see :meth:`State.apply_trusted`):
        ``action`` must come from ``legal_actions()`` or ``sample_chance`` of this state."""
        p = self.phase
        if p in self.CHANCE_PHASES:
            return self._apply_chance(action)
        return self._MOVES[type(action)][p][1](self, action)

    def _apply_chance(self, action: Action) -> list[Event]:
        rows = self._CHANCE.get(type(action))
        handler = rows.get(self.phase) if rows is not None else None
        if handler is None:
            raise self.impossible(action)
        return handler(self, action)

    def impossible(self, action: Action, why: str = "") -> IllegalAction:
        """The error for a chance outcome that cannot happen now: ``why``, or
        "<action> is not a possible chance outcome now (<phase>)". Handlers raise it."""
        return IllegalAction(why or f"{action} is not a possible chance outcome now ({self.phase.name.lower()})")

    # -- chance ------------------------------------------------------------------------
    def sample_chance(self, rng: random.Random) -> Action:
        """Draw this chance step's outcome with the phase's sampler (``VERBS``).

        Raises:
            IllegalAction: if ``to_move`` is not CHANCE.
        """
        sampler = self._SAMPLE.get(self.phase)
        if sampler is None:
            raise IllegalAction("not a chance step")
        return sampler(self, rng)
