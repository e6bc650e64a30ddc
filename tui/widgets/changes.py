"""What just changed at a rummy table: the melds laid or grown, the cards laid off, the pile
taken or claimed, and the sentences saying who did it, gathered from the events the table
receives (never from the omniscient state). Game-independent: a game names its event kinds
(:class:`ChangeKinds`)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable, Mapping, Sequence

from engine.cards import pretty_text
from engine.core import Event
from engine.grammar import TemplateError, render

__all__ = ["ChangeKinds", "Changes"]


@dataclass(frozen=True)
class ChangeKinds:
    """Which events change what, for one game.

    Attributes:
        new_meld: kinds whose ``data["meld"]`` is a meld laid whole (``meld``, ``combine``).
        grown: kinds whose ``data["meld"]`` got the cards ``data["cards"]`` (``layoff``, ``add``); the
            meld ``data["from"]`` they came from, if any (a Steal's victim), changed as a whole.
        touched: kinds that changed the meld ``data["meld"]`` as a whole (``close``, ``merge``).
        pile: kinds that take from the discard pile (``take``, ``claim``, ``pile``).
        said: kinds whose sentence is told in the "what changed" line (every kind above is).
        reset: kinds that start afresh (a new deal).
        words: kind -> a narration template used instead of the event's own text (``<card>``
            stands for ``data["card"]``).
    """

    new_meld: frozenset[str] = frozenset()
    grown: frozenset[str] = frozenset()
    touched: frozenset[str] = frozenset()
    pile: frozenset[str] = frozenset()
    said: frozenset[str] = frozenset()
    reset: frozenset[str] = frozenset({"deal"})
    words: Mapping[str, str] = field(default_factory=dict)


@dataclass
class Changes:
    """What changed since the shown seat's last move (its own move included).

    Attributes:
        melds: meld id -> the card texts that came onto it, one per copy (empty: the whole meld changed).
        pile: True when the discard pile was taken or claimed.
        lines: the sentences, oldest first ("Bix claims 4♣ with a penalty card (May I?)").
    """

    kinds: ChangeKinds
    melds: dict[int, list[str]] = field(default_factory=dict)
    pile: bool = False
    lines: list[str] = field(default_factory=list)

    def clear(self) -> None:
        """Forget everything (a new deal)."""
        self.melds.clear()
        self.pile = False
        self.lines.clear()

    def add(self, events: Iterable[Event], names: Sequence[str], viewer: int) -> None:
        """Take in one batch of events (one move's): a batch of ``viewer``'s own move starts
        afresh, others add to what is marked; a new deal in the batch starts afresh after it (the
        move that ended the last round is not news in the new one). Events ``viewer`` may not see
        are skipped."""
        k = self.kinds
        batch = [e for e in events if e.visible_to is None or viewer in e.visible_to]
        resets = [i for i, e in enumerate(batch) if e.kind in k.reset]
        if resets:  # a new deal: what happened before it (the last round's going out) is over
            self.clear()
            batch = batch[resets[-1] + 1:]
        acting = [e for e in batch if e.kind in k.said | k.new_meld | k.grown | k.touched | k.pile]
        if not acting:
            return
        if acting[0].seat == viewer:
            self.clear()
        for e in acting:
            mid = e.data.get("meld")
            if e.kind in k.new_meld | k.touched and isinstance(mid, int):
                self.melds[mid] = []
                for other in e.data.get("into") or ():
                    self.melds[int(other)] = []
            elif e.kind in k.grown and isinstance(mid, int):
                if self.melds.get(mid, None) != []:
                    self.melds.setdefault(mid, []).extend(str(c) for c in e.data.get("cards") or ())
                source = e.data.get("from")
                if isinstance(source, int):  # the meld a card came from (a Steal's victim) changed too
                    self.melds[source] = []
            if e.kind in k.pile:
                self.pile = True
            template = k.words.get(e.kind, e.text).replace("<card>", pretty_text(str(e.data.get("card", ""))))
            try:
                line = render(template, names, e.seat)
            except TemplateError:  # a template this table cannot fill: the event's own words
                line = e.text
            self.lines.append(line)
        del self.lines[:-8]

    def marked(self, meld_id: int, cards: Sequence[str]) -> tuple[bool, tuple[int, ...]]:
        """Whether meld ``meld_id`` is new, and the indices of its ``cards`` (texts) that changed."""
        got = self.melds.get(meld_id)
        if got is None:
            return False, ()
        if not got:
            return True, ()
        left = Counter(got)  # two 10♥ in the meld, one just added: one marked (the later one)
        marked = []
        for i in range(len(cards) - 1, -1, -1):
            if left[cards[i]] > 0:
                left[cards[i]] -= 1
                marked.append(i)
        return False, tuple(sorted(marked))
