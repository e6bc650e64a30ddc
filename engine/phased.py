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
import operator
import random
from typing import Any, Callable, ClassVar, Collection, Iterable, Mapping, NamedTuple, Self

from engine.cards import cards_text, pretty_text
from engine.core import CHANCE, TERMINAL, Action, Event, IllegalAction, State
from engine.grammar import agree

__all__ = ["AS_IS", "CARDS", "CARD_ROWS", "DICT", "FLAG", "Field", "GRID", "INTS", "INT_ROWS", "LIST", "PHASE",
           "PhasedState", "ROWS", "SHARE", "SORTED_CARDS", "SORTED_ROWS", "STR", "TUPLE", "TUPLES", "Verb", "chance",
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
#: The cards' texts sorted (a pool or a hand whose order means nothing). Sorted by the key
#: ``Card.order`` (the order ``<`` compares): one call a card, not one a comparison.
SORTED_CARDS = "cards_text(sorted({x}, key=_order))"
#: Rows of cards, each in order, joined by ``/``.
CARD_ROWS = '"/".join([cards_text(r) for r in {x}])'
#: Rows of cards, each sorted (hands), joined by ``/``.
SORTED_ROWS = '"/".join([cards_text(sorted(r, key=_order)) for r in {x}])'
#: Ints joined by ``,``.
INTS = '",".join(map(str, {x}))'
#: Rows of ints, each joined by ``,``, the rows by ``;``.
INT_ROWS = '";".join([",".join(map(str, r)) for r in {x}])'


# -- how a view carries a public field (and how determinize reads it back) --
#: The value itself (immutable).
AS_IS = "{x}"
#: A list as a tuple (read back as a list).
TUPLE = "tuple({x})"
#: A list of lists as a tuple of tuples (read back as a list of lists).
TUPLES = "tuple(map(tuple, {x}))"
_THAW = {AS_IS: "{x}", TUPLE: "list({x})", TUPLES: "list(map(list, {x}))"}


_ORDER = operator.attrgetter("order")


class Field(NamedTuple):
    """One attribute of a state: its name, how :meth:`PhasedState.clone` copies it
    (one of :data:`SHARE`, :data:`LIST`, :data:`DICT`, :data:`ROWS`, :data:`GRID`)
    and how :meth:`PhasedState.fingerprint` writes it (one of :data:`STR`,
    :data:`FLAG`, :data:`PHASE`, :data:`CARDS`, :data:`SORTED_CARDS`,
    :data:`CARD_ROWS`, :data:`SORTED_ROWS`, :data:`INTS`, :data:`INT_ROWS`, a
    function ``value -> str``, or ``None``: not fingerprinted), and ``when`` it is."""

    name: str
    copy: str = SHARE
    fingerprint: str | Callable[[Any], str] | None = STR
    #: A Python condition on ``self`` (``"self.variant.use_cheat_cards"``): the field is
    #: fingerprinted only when it holds (a house rule's fields, absent from the hashes of
    #: matches without it). None: always.
    when: str | None = None
    #: How a view carries the field under the same name (:data:`AS_IS`, :data:`TUPLE`,
    #: :data:`TUPLES`), or None: not in the view as it is (private, or shown otherwise).
    #: :meth:`PhasedState.public_fields` and :meth:`PhasedState.set_public_fields` are
    #: generated from these, so the view and ``determinize`` keep no list of their own.
    view: str | None = None


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
         why: Callable[[Any, Any], str] | None = None, *,
         problem: Callable[[Any, Any], str | None] | None = None) -> Verb:
    """A player's move: ``action`` may be taken in ``phases`` when ``legal(state,
    action)`` (None: always, in those phases); ``why(state, action)`` is the
    sentence for an illegal one of those phases (None: the phase's hint, see
    :attr:`PhasedState.PHASE_HINTS`); ``apply(state, action)`` carries out a legal one
    and returns its events. A game whose checks find the sentence anyway (the rummy
    games' meld checks) gives one ``problem(state, action) -> str | None`` instead of
    ``legal`` and ``why``: None when legal, else the sentence."""
    if problem is not None:
        return Verb(action, _phases(phases), apply, _no_problem(problem), problem)  # type: ignore[arg-type]
    return Verb(action, _phases(phases), apply, legal or _always, why)


def _no_problem(problem: Callable[[Any, Any], str | None]) -> Callable[[Any, Any], bool]:
    def legal(state: Any, action: Any) -> bool:
        return problem(state, action) is None
    return legal


def chance(action: type[Action], phase: enum.IntEnum, apply: Callable[[Any, Any], list[Event]],
           sample: Callable[[Any, random.Random], Action] | None = None) -> Verb:
    """A chance outcome of ``phase``: ``sample(state, rng)`` draws one (uniformly over
    the physically possible outcomes; None when another row of the phase samples),
    ``apply(state, action)`` checks that it is possible (raising
    :meth:`PhasedState.impossible` if not) and carries it out."""
    return Verb(action, frozenset([phase]), apply, sample=sample, is_chance=True)


def _compile(cls: type, fields: tuple[Field, ...]) -> None:
    """Give ``cls`` the ``clone`` and ``fingerprint`` that ``fields`` describe."""
    env: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "cards_text": cards_text, "_order": _ORDER,
                           "_phase_names": {p: p.name.lower() for p in cls.Phase}}  # type: ignore[attr-defined]
    copies = []
    groups: list[tuple[str | None, list[str]]] = [(None, ["self.game.id"])]  # runs of fields by `when`
    for f in fields:
        value = f"self.{f.name}"
        copies.append(f"    s.{f.name} = " + f.copy.format(x=value))
        if f.fingerprint is None:
            continue
        if callable(f.fingerprint):
            env[f"_fp_{f.name}"] = f.fingerprint
            part = f"_fp_{f.name}({value})"
        else:
            part = f.fingerprint.format(x=value)
        if groups[-1][0] != f.when:
            groups.append((f.when, []))
        groups[-1][1].append(part)
    if len(groups) == 1:
        fp = "    return '|'.join([" + ", ".join(groups[0][1]) + "])\n"
    else:
        fp = "    p = [" + ", ".join(groups[0][1]) + "]\n"
        for when, parts in groups[1:]:
            fp += (f"    if {when}:\n        p += [" if when else "    p += [") + ", ".join(parts) + "]\n"
        fp += "    return '|'.join(p)\n"
    public = [f for f in fields if f.view is not None]
    src = ("def clone(self):\n    s = _new(_cls)\n" + "\n".join(copies) + "\n    return s\n"
           "def fingerprint(self):\n" + fp
           + "def public_fields(self):\n    return {" + ", ".join(
               f"{f.name!r}: " + f.view.format(x=f"self.{f.name}") for f in public if f.view) + "}\n"
           + "def set_public_fields(self, view):\n" + "".join(
               f"    self.{f.name} = " + _THAW[f.view].format(x=f"view.{f.name}") + "\n" for f in public if f.view)
           + "    return None\n")
    exec(compile(src, f"<{cls.__name__} fields>", "exec"), env)
    if "clone" not in cls.__dict__:
        env["clone"].__qualname__ = f"{cls.__name__}.clone"
        env["clone"].__doc__ = "An independent copy, field by field as ``FIELDS`` says (generated)."
        cls.clone = env["clone"]  # type: ignore[attr-defined]
    for name in ("public_fields", "set_public_fields"):
        if name not in cls.__dict__:
            env[name].__qualname__ = f"{cls.__name__}.{name}"
            setattr(cls, name, env[name])
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
    #: Who moves in each phase of a player's move: the name of the field holding the seat
    #: (read by the default :attr:`to_move`).
    MOVER: ClassVar[Mapping[Any, str]] = {}
    #: What a player may do in each phase: the refusal of an action without a row in the phase
    #: (a sentence, or a function ``(state, action) -> str`` where it depends on the action).
    PHASE_HINTS: ClassVar[Mapping[enum.IntEnum, str | Callable[[Any, Any], str]]] = {}

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

    def public_fields(self) -> dict[str, Any]:
        """The fields a view carries under their own names (``Field.view``), frozen as the
        table says (generated): ``view = View(seat=..., **state.public_fields(), ...)``."""
        raise NotImplementedError(f"{type(self).__name__} declares no FIELDS")

    def set_public_fields(self, view: Any) -> None:
        """Set the fields a view carries (``Field.view``) from ``view``, thawed back to
        lists (generated): what ``determinize`` copies before dealing the unseen cards."""
        raise NotImplementedError(f"{type(self).__name__} declares no FIELDS")

    # -- whose move ----------------------------------------------------------------
    @property
    def to_move(self) -> int:
        """The seat in the field :attr:`MOVER` names for this phase; else :data:`~engine.core.TERMINAL`
        once the match is over, else :data:`~engine.core.CHANCE` (a game with another rule overrides it)."""
        who = self.MOVER.get(self.phase)
        if who is not None:
            return getattr(self, who)
        return TERMINAL if self.phase is self.OVER else CHANCE

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
        hint = self.PHASE_HINTS.get(p)
        if callable(hint):
            return hint(self, action)
        return hint or f"{pretty_text(str(action))} is not legal now"

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

    # -- the end ------------------------------------------------------------------------
    def end_match(self, totals: list[float]) -> Event:
        """End the match (phase :attr:`OVER`) and return its ``match_over`` event: "Winner: X"
        (or "Winners: X, Y") of :meth:`winners`, with the ``winners`` and the final ``totals``
        (per seat, in points) as its data."""
        self.phase = self.OVER
        w = self.winners()
        return Event("match_over", agree(len(w), "Winner: ", "Winners: ")
                     + ", ".join(f"{{s{i}:^}}" if k == 0 else f"{{s{i}}}" for k, i in enumerate(w)), None,
                     {"winners": w, "totals": totals})

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
