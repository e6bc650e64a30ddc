"""The contract every game implements: ``Game``, ``State``, ``Action``, ``Event``, ``View``.

A game is a state machine in the style of OpenSpiel and python-chess:

* ``State.to_move`` is the seat that must act now, :data:`CHANCE` when the next
  step is a chance outcome (a deal, a turned card, a shuffle), or
  :data:`TERMINAL` when the match is over. A game that lets a player act out
  of turn (a claim, a partner's yes/no answer) simply makes that seat
  ``to_move`` for the step; ``State.turn`` keeps whose turn it is.
* ``State.legal_actions()`` lists what ``to_move`` may do (for a human or a
  bot seat; chance steps are sampled with :meth:`State.sample_chance`).
  ``State.is_legal(action)`` answers for one action without listing them all,
  and ``State.why_illegal(action)`` says in a sentence why not.
* ``State.apply(action)`` checks the action, changes the state and returns the
  :class:`Event` list that narrates what happened. The TUI animates events; it
  never diffs states. ``State.apply_trusted(action)`` does the same without the
  check, for callers that took the action from ``legal_actions()`` (or from
  ``sample_chance``) of this very state: bots' rollouts, simulations, and the
  session after it has validated a move once. Never for a person's input or a
  replayed log line (python-chess's ``push`` against ``is_legal``).
* Views compute their legal list lazily: ``View.legal_actions()`` builds it on
  the first call and caches it outside the dataclass fields.
* ``State.view(seat)`` is exactly what one seat may know, and
  ``View.determinize(rng)`` builds a full state consistent with it, so a
  search bot that is handed a view can never touch a hidden card.

Chance is explicit. A state owns no random generator: whoever drives it (the
session, a simulation, a search bot) samples chance outcomes with its own
``random.Random`` and applies them as ordinary actions, whose notation goes
into the log. A replay re-applies the recorded outcomes and never reshuffles,
so it does not depend on Python's ``random`` staying the same across versions.
The helpers below draw only through ``Random.random()``, the one method whose
sequence Python promises to keep, so a seed also replays the same game on a
later Python.
"""

from __future__ import annotations

import functools
import hashlib
import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Mapping, Sequence, TypeVar

from engine.cards import Card, CardParseError, pretty_text
from engine.grammar import NAMED_YOU, TemplateError, render
from engine.inputs import brief
from engine.match import ScoreBreakdown

#: ``to_move`` value for a chance step (deal, shuffle, turned card).
CHANCE = -1
#: ``to_move`` value once the match is over.
TERMINAL = -2

T = TypeVar("T")


class IllegalAction(ValueError):
    """Raised by :meth:`State.apply` for an action that is not legal now.

    ``str(err)`` is a sentence a player can read ("you must play a 5 or a 6").
    """


class ActionParseError(ValueError):
    """Raised by :meth:`Game.parse_action` for text that is not an action."""


#: A notation's verb table: verb -> parser of the rest of the text (see :func:`parse_notation`).
VerbTable = Mapping[str, Callable[[str], "Action"]]


def parse_notation(text: str, parse_verb: "Callable[[str, str], Action | None] | VerbTable", game: str,
                   verbs: str) -> "Action":
    """Parse an action's notation: split off the verb (lower-cased) and the rest,
    and ask the game's verb table ``parse_verb[verb](rest)`` for the action (or
    ``parse_verb(verb, rest)``, a function answering ``None`` for an unknown verb).

    Args:
        text: the notation, e.g. ``"play 7H 7D"``.
        parse_verb: the game's verb table (:data:`VerbTable`; :func:`bare` makes the
            entry of a verb without arguments) or per-verb parser; a parser may raise
            ``ActionParseError``, ``CardParseError`` or ``ValueError`` for a bad argument.
        game: the game's title, for the unknown-verb message.
        verbs: the player verbs to list in that message.

    Raises:
        ActionParseError: for empty text, an unknown verb, or a bad argument (the
            message quotes ``text`` and says what was wrong).
    """
    words = text.strip().split(None, 1)
    if not words:
        raise ActionParseError("empty action")
    verb, rest = words[0].lower(), (words[1].strip() if len(words) > 1 else "")
    try:
        if callable(parse_verb):
            action = parse_verb(verb, rest)
        else:
            parser = parse_verb.get(verb)
            action = None if parser is None else parser(rest)
    except ActionParseError:
        raise
    except (CardParseError, ValueError) as err:
        raise ActionParseError(f"{brief(text)}: {err}") from None
    if action is None:
        raise ActionParseError(f"unknown {game} action {brief(verb)} ({verbs})")
    return action


def bare(verb: str, action: "Action") -> Callable[[str], "Action"]:
    """The verb-table entry of ``verb``, which takes no arguments and means ``action``.

    The parser it returns raises ``ActionParseError`` when any text follows the verb."""
    def parse(rest: str) -> "Action":
        if rest:
            raise ActionParseError(f"{brief(verb)} takes no arguments")
        return action
    return parse


class Action:
    """Base of every action. Subclasses are small frozen dataclasses whose
    ``str()`` is the action's notation (``play 7H 7D``, ``bid 11``, ``turn``),
    and ``Game.parse_action(str(a)) == a`` always holds.

    ``quiet`` (a class attribute) is True for an action that moves nothing on
    the table (a pass on an offer): a table plays a bot's quiet action without
    the pace delay."""

    __slots__ = ()
    quiet: ClassVar[bool] = False


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """A player's pass, where a game has one (Nags NA-16: nothing can be turned;
    Noms NO-8: a pass in the auction). Notation: ``pass``."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class ChooseDealer(Action):
    """Chance: the first dealer, drawn at random (Nags NA-6a, Noms NO-2).
    Notation: ``dealer 2``."""
    seat: int

    def __str__(self) -> str:
        return f"dealer {self.seat}"


@dataclass(slots=True)
class Event:
    """Something that happened, for narration and animation. Treat it as
    immutable: it is not a frozen dataclass only because building a frozen one
    costs about 1.1 us against 0.27 us, and games make an event on almost every
    step (measured 2026-11-23; a Noms random playout runs ~8% faster).

    Attributes:
        kind: a short identifier (``"play"``, ``"horse_in"``, ``"hand_over"``...).
        text: the narration template (:mod:`engine.grammar`): ``{seat}`` stands for
            the acting seat's name, ``{s0}``, ``{s1}``... for any other seat's name,
            and every word that agrees with a seat is written in both persons
            (``{seat} {seat:plays|play} 7♥``).
        seat: the seat the event is about, if any.
        data: extra facts for widgets and logs (JSON-serialisable values).
        visible_to: the seats that may see this event (a card shown to a
            partner, a face-down penalty card, "You draw 7H 3S"); None: public.
            Narration shown for one seat (the game log widget) skips the events
            it may not see; an all-hands view (a replay's, a spectator with every
            card shown) sees them all.
    """

    kind: str
    text: str
    seat: int | None = None
    data: dict[str, Any] = field(default_factory=dict)
    visible_to: frozenset[int] | None = None

    def seen_by(self, seat: int | None) -> bool:
        """Whether ``seat`` may see this event (``seat`` None: an all-hands view, always True)."""
        return self.visible_to is None or seat is None or seat in self.visible_to

    def narrate(self, names: Sequence[str], you: int | None = NAMED_YOU) -> str:
        """The narration for a reader: the template :attr:`text` with seat names
        filled in and every form chosen for the seat read in the second person
        (:func:`engine.grammar.render`: ``{seat} {seat:bids|bid} 10`` -> ``You bid 10``).

        Args:
            names: the seats' names.
            you: the seat read as ``you``; :data:`engine.grammar.NAMED_YOU` (the
                default) means the seat named ``You`` (the lone human), None nobody.
        Returns:
            the sentence; a template that names a seat ``names`` lacks is returned
            as written (a log's narration must not fail on it)."""
        try:
            return render(self.text, names, self.seat, you)
        except TemplateError:
            return self.text


#: The meld(s) a table's partial input aims at (``View.moves_for``): one meld id, several in the
#: order they were picked (a Steal's victim then its destination, two Nates to merge), or None.
MeldTarget = int | tuple[int, ...] | None


def meld_ids(target: MeldTarget) -> tuple[int, ...]:
    """The meld ids of a :data:`MeldTarget`: none, one, or several in the order picked."""
    if target is None:
        return ()
    return (target,) if isinstance(target, int) else tuple(target)


class View(ABC):
    """What one seat may know. Subclasses are frozen dataclasses, so two views
    compare equal exactly when the seat has been told the same things (the
    honesty tests rely on this).

    Every view has ``seat``, ``to_move`` and ``is_over`` attributes.

    The legal list is lazy: a view built by ``State.view`` holds no list of
    actions; :meth:`legal_actions` derives it (the game's :meth:`compute_legal`)
    from the view's own fields on the first call and keeps it in the
    instance ``__dict__`` under ``_legal``, outside the dataclass fields, so the
    cache takes no part in ``==``, ``hash``, ``repr`` or ``dataclasses.replace``
    (views must not use ``slots=True``).
    """

    seat: int
    to_move: int
    is_over: bool

    def is_legal(self, action: "Action") -> bool:
        """True when this seat may take ``action`` now (``action in self.legal_actions()``)."""
        return action in self.legal_actions()

    @abstractmethod
    def determinize(self, rng: random.Random) -> "State":
        """Return a full state consistent with this view: every card this seat
        cannot see is re-dealt at random among the places it could be, and
        cards known to be somewhere (own hand, table, inferences) stay there.
        Used by search bots; the result never depends on the true hidden cards."""

    def legal_actions(self) -> list[Action]:
        """The actions this seat may take now (empty when it is not to move):
        :meth:`compute_legal` on the first call, then the cached tuple; a new
        list each call, so callers may change it."""
        legal = self.__dict__.get("_legal")
        if legal is None:
            legal = tuple(self.compute_legal()) if self.to_move == self.seat else ()
            object.__setattr__(self, "_legal", legal)
        return list(legal)

    @abstractmethod
    def compute_legal(self) -> Sequence[Action]:
        """This seat's legal actions derived from the view's own fields, in the
        order of ``State.legal_actions()`` of the state the view was built from;
        called at most once per view, and only when the seat is to move."""


class State(ABC):
    """A whole match of one game, from the first deal to the final score.

    Subclasses keep their data in plain lists and ints so :meth:`clone` is cheap,
    and declare ``__slots__`` (this base has only ``__weakref__``, so theirs take
    effect: a state has no ``__dict__``, and a test can still hold a weak
    reference to one); :class:`engine.phased.PhasedState` is the skeleton the
    games build on.
    """

    __slots__ = ("__weakref__",)
    game: ClassVar["type[Game]"]
    n_seats: int
    variant: Any

    # -- whose move -------------------------------------------------------
    @property
    @abstractmethod
    def to_move(self) -> int:
        """The seat to act now, :data:`CHANCE` or :data:`TERMINAL`."""

    @property
    def turn(self) -> int:
        """Whose turn it is in the game's sense (may differ from ``to_move``
        during an out-of-turn claim or a partner's answer). Defaults to ``to_move``."""
        return self.to_move

    @property
    def is_over(self) -> bool:
        """True when the match has ended."""
        return self.to_move == TERMINAL

    # -- moves -----------------------------------------------------------
    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Legal actions of ``to_move``; empty at chance and terminal steps."""

    def is_legal(self, action: Action) -> bool:
        """True when ``to_move`` may take ``action`` now: the same answer as
        ``action in self.legal_actions()`` (False at chance and terminal steps).

        Games override this with a direct check that does not enumerate every
        legal action (a typed move is checked against the rules it names)."""
        if self.to_move < 0:
            return False
        return action in self.legal_actions()

    def why_illegal(self, action: Action) -> str | None:
        """``None`` if ``action`` is legal now (:meth:`is_legal`), else a sentence
        saying why not. Games override this to name the rule that forbids the move."""
        if self.to_move in (CHANCE, TERMINAL):
            return "no player may act now"
        return None if self.is_legal(action) else f"{pretty_text(str(action))} is not a legal move now"

    @abstractmethod
    def apply(self, action: Action) -> list[Event]:
        """Carry out ``action`` (a player's move or a chance outcome) and return
        the events that narrate it. A player's move is checked first
        (:meth:`is_legal`); a chance outcome is checked to be possible.

        Raises:
            IllegalAction: if the action is not legal now (the state is unchanged).
        """

    def apply_trusted(self, action: Action) -> list[Event]:
        """:meth:`apply` without the legality check, for trusted callers only.

        ``action`` must be an element of ``self.legal_actions()`` or an outcome
        of ``self.sample_chance(rng)``, taken from this state as it is now (a
        bot's rollout, a simulation, the session once it has validated a
        person's move). Anything else leaves the state undefined: never use it
        for a person's input or a log line being replayed. Returns the events
        like :meth:`apply`. Games override it to skip the player-move check (a
        chance outcome is still checked to be possible: deals are rare); this
        default simply calls :meth:`apply`.
        """
        return self.apply(action)

    @abstractmethod
    def sample_chance(self, rng: random.Random) -> Action:
        """At a :data:`CHANCE` step, draw an outcome with ``rng`` (uniformly over
        the physically possible outcomes) and return it as an action to apply.

        Raises:
            IllegalAction: if ``to_move`` is not :data:`CHANCE`.
        """

    # -- results -----------------------------------------------------------
    @abstractmethod
    def scores(self) -> list[float]:
        """Match totals per seat in the game's points (Nags has half points)."""

    @abstractmethod
    def winners(self) -> list[int]:
        """Seats that have won the match (ties share); empty while it is running."""

    @property
    @abstractmethod
    def hand_number(self) -> int:
        """0-based number of the hand (game, round, deal) being played."""

    # -- information -------------------------------------------------------
    @abstractmethod
    def view(self, seat: int) -> View:
        """Exactly what ``seat`` may know now."""

    def observation(self, action: Action, seat: int) -> str:
        """What ``seat`` observes of ``action`` applied to this state (call it
        before applying): the action's notation when everyone sees it whole
        (the default: moves and face-up chance outcomes). A game overrides it for
        a chance step that hides cards: the seat that receives cards sees them,
        the others a count (``draw 7H 3S`` for the drawer, ``draw 2`` for the
        rest). Any seat number outside the table (e.g. -1, a spectator) gets the
        public part only. Two outcomes a seat cannot tell apart have the same
        observation; the search keys chance edges by it, and the replay's seat
        view and the narration show it.

        Args:
            action: a legal move or possible chance outcome now.
            seat: the observing seat.

        Returns:
            One line of text (not necessarily parseable as an action)."""
        return str(action)

    def determinize(self, seat: int, rng: random.Random) -> "State":
        """A full state consistent with ``seat``'s view (built from the view
        alone, so it cannot leak what the view hides)."""
        return self.view(seat).determinize(rng)

    @abstractmethod
    def clone(self) -> "State":
        """An independent copy (cards are shared: they are immutable)."""

    @abstractmethod
    def zones(self) -> dict[str, list[Card]]:
        """Every card of the match by where it lies now, as ``zone name -> cards``
        (a hand, the draw pile, the tricks taken...; cards not yet dealt are in a
        zone too, e.g. ``"pack"``). Card conservation: the multiset union of the
        zones is the same at every step of a match (checked by
        ``benchmarks/fuzz.py``). Zone names are free text; a zone may be empty.
        Not for hot paths: it builds new lists."""

    @abstractmethod
    def fingerprint(self) -> str:
        """A canonical text of the whole state (stable across processes and
        Python versions); equal states have equal fingerprints."""

    def state_hash(self) -> str:
        """16 hex digits of SHA-256 over :meth:`fingerprint` (used in log check lines)."""
        return hashlib.sha256(self.fingerprint().encode()).hexdigest()[:16]

    def team_of(self, seat: int) -> int:
        """The index (in ``Game.teams(n_seats, variant)``) of the partnership
        ``seat`` belongs to; with the default teams that is the seat itself."""
        return _team_index(type(self).game, self.n_seats, self.variant)[seat]


class Game(ABC):
    """One card game: its id, seat counts, variant type and how to start it.

    Attributes:
        id: the game id used by the CLI, config and logs (``"nags"``).
        title: the name shown to players.
        min_seats, max_seats: allowed number of seats.
        variant_class: the frozen dataclass of house-rule options.
        max_log_bytes: the size bound of one match's log (default 64 MB).
        highest_wins: True when the highest score wins a hand or match (False: the
            lowest, as Nickels' penalty points, NK-22).
    """

    id: ClassVar[str]
    title: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    variant_class: ClassVar[type]
    #: Largest log of one match the log reader accepts, in bytes (``engine.gamelog.read_log``).
    #: 64 MB is far above any match of sane house rules (a 100-game Nags match of five
    #: seats writes about 0.6 MB, a Noms game at its 2000-hand cap about 8 MB).
    max_log_bytes: ClassVar[int] = 64 * 2**20
    highest_wins: ClassVar[bool] = True

    @classmethod
    @abstractmethod
    def new_state(cls, variant: Any, n_seats: int) -> State:
        """A new match at its first (chance) step.

        Raises:
            ValueError: if ``n_seats`` is outside ``min_seats..max_seats``.
        """

    @classmethod
    @abstractmethod
    def parse_action(cls, text: str) -> Action:
        """Parse an action's notation (the inverse of ``str(action)``).

        Raises:
            ActionParseError: naming what is wrong with the text.
        """

    @classmethod
    def teams(cls, n_seats: int, variant: Any) -> list[list[int]]:
        """The partnerships at a table of ``n_seats`` with ``variant``: a list of
        teams, each a list of seats, every seat in exactly one team. Default:
        every seat plays alone (``[[0], [1], ...]``). Match ends and winners are
        decided on team totals (:mod:`engine.match`)."""
        return [[s] for s in range(n_seats)]

    @classmethod
    def round_breakdown(cls, data: Mapping[str, Any], variant: Any, n_seats: int) -> list[ScoreBreakdown] | None:
        """Where every point of a finished hand came from, per seat or per partnership (each
        team once), from its ``hand_over`` event's ``data``; each group's items sum to the
        hand's points of its seats (``data["scores"]``). Default: None (the game has no
        itemised breakdown; its table words the ``hand_over`` data itself)."""
        return None

    @classmethod
    def seat_counts(cls, variant: Any = None) -> list[int]:
        """The seat counts a match may have under ``variant`` (every count of
        ``min_seats..max_seats`` that :meth:`seat_range_error` accepts)."""
        return [n for n in range(cls.min_seats, cls.max_seats + 1) if cls.seat_range_error(n, variant) is None]

    @classmethod
    def seat_range_error(cls, n_seats: int, variant: Any = None) -> str | None:
        """``None`` if ``n_seats`` is allowed (under ``variant``'s house rules when given:
        Nickels seats 7 only with ``allow_seven_players``), else a sentence saying what is."""
        if cls.min_seats <= n_seats <= cls.max_seats:
            return None
        if cls.min_seats == cls.max_seats:
            return f"{cls.title} needs {cls.min_seats} seats, not {n_seats}"
        return f"{cls.title} needs {cls.min_seats} to {cls.max_seats} seats, not {n_seats}"


@functools.lru_cache(maxsize=256)
def _team_index(game: type[Game], n_seats: int, variant: Any) -> tuple[int, ...]:
    """Seat -> team index of ``game.teams(n_seats, variant)`` (cached: variants are frozen)."""
    out = [-1] * n_seats
    for i, team in enumerate(game.teams(n_seats, variant)):
        for s in team:
            out[s] = i
    if -1 in out:
        raise ValueError(f"{game.__name__}.teams({n_seats}) leaves seats {[s for s, t in enumerate(out) if t < 0]} "
                         "without a team")
    return tuple(out)


# -- chance helpers: only Random.random(), whose sequence Python keeps stable --

def rand_below(rng: random.Random, n: int) -> int:
    """A uniform integer in ``0..n-1`` drawn with ``rng.random()`` only."""
    return int(rng.random() * n)


def shuffled(rng: random.Random, items: Sequence[T]) -> list[T]:
    """A uniformly shuffled copy of ``items`` (Fisher-Yates on ``rng.random()``)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        out[i], out[j] = out[j], out[i]
    return out
