"""Narration checks shared by the per-game narration tests (issue 22, "words that are right").

Every event kind a game's code can make (found in the code, so a new kind without a test
fails) is narrated in the third person and with each seat read as ``you``, and the words
must agree: person from the template's own forms (``{seat} {seat:takes|take}``, see
:mod:`engine.grammar`), number from :func:`engine.grammar.plural` / ``agree``.
"""

from __future__ import annotations

import ast
import importlib
import random
import re
import string
from pathlib import Path
from typing import Iterable

from engine.core import CHANCE, Event, State
from engine.games import get_game, make_bot
from engine.variants import build_variant

YOU = "You"  # the name engine.seats.seat_names gives the lone human
NAMES = ["Ann", "Bix", "Cato", "Dora", "Eve", "Finn", "Gus"]

#: Words that may follow a seat's name without agreeing with it (modal verbs, past tenses, links).
NON_AGREEING = {"must", "cannot", "can", "may", "might", "will", "would", "should", "could", "played", "turned",
                "won", "had", "took", "and", "or"}

_PARSER = string.Formatter()
_THIRD_PERSON_AFTER_YOU = re.compile(r"\b[Yy]ou (\w+)")
_CAPITAL_YOU_INSIDE = re.compile(r"[\w,;)] You\b|: You [a-z]")
_ONE_PLURAL = re.compile(r"(?<![\d.,])\b1 ([a-z]+)\b")


def event_kinds_in_code(game_id: str) -> set[str]:
    """Every ``Event(kind, ...)`` kind written in the game's package (string literals in the
    first argument, e.g. both kinds of ``Event("out" if ... else "round_end", ...)``).

    Raises:
        AssertionError: an ``Event`` whose kind is not written as a literal (a test could not find it).
    """
    package = importlib.import_module(f"engine.games.{game_id}")
    kinds: set[str] = set()
    for path in sorted(Path(p) for p in package.__path__):
        for source in sorted(path.glob("*.py")):
            for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.Call) or not node.args:
                    continue
                name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
                if name != "Event":
                    continue
                found = {c.value for c in ast.walk(node.args[0])
                         if isinstance(c, ast.Constant) and isinstance(c.value, str)}
                assert found, f"{source.name}:{node.lineno}: an Event kind that is not a string literal"
                kinds |= found
    return kinds


def play_events(game_id: str, n_seats: int, tables: Iterable[dict], seeds: Iterable[int],
                max_steps: int = 3000) -> dict[str, list[Event]]:
    """The events of seeded matches (each table, each seed) by kind; even seeds play at
    random, odd seeds mostly as the ``easy`` bot (which finishes games the way people do)."""
    game = get_game(game_id)
    out: dict[str, list[Event]] = {}
    for table in tables:
        variant = build_variant(game.variant_class, table, source="test", section="rules")
        for seed in seeds:
            rng = random.Random(seed)
            bot = make_bot(game_id, "easy") if seed % 2 else None
            s: State = game.new_state(variant, n_seats)
            for _ in range(max_steps):
                if s.is_over:
                    break
                if s.to_move == CHANCE:
                    action = s.sample_chance(rng)
                elif bot is not None and rng.random() < 0.8:
                    action = bot.choose(s.view(s.to_move), s.legal_actions(), rng)
                else:
                    action = rng.choice(s.legal_actions())
                for e in s.apply(action):
                    kept = out.setdefault(e.kind, [])
                    if len(kept) < 4:
                        kept.append(e)
    return out


def template_problems(template: str) -> list[str]:
    """What is wrong in a template itself: a seat's name followed by a present-tense verb
    written once (``{seat} takes``), or a form pair in the wrong order (``{seat:take|takes}``)."""
    problems = []
    parts = list(_PARSER.parse(template))
    for i, (_lit, field, spec, _conv) in enumerate(parts):
        if field is None:
            continue
        if spec and "|" in spec:
            third, _, second = spec.partition("|")
            if not third.endswith("s") or (second.endswith("s") and not second.endswith("ss")) or third == second:
                problems.append(f"{{{field}:{spec}}}: write the third person singular first, the second after")
            clause = re.split(r"[:;.(]", parts[i + 1][0] if i + 1 < len(parts) else "")[0]
            for m in re.finditer(r"\band ([a-z]+)\b", clause):  # {seat} {seat:holds|hold} 2♣ and starts
                if m.group(1).endswith("s") and not m.group(1).endswith("ss"):
                    problems.append(f"'{m.group(0)}' after {{{field}:{spec}}}: the verb needs both persons too")
            continue
        if spec:  # {seat:'s}, {s0:^}
            continue
        nxt_lit = parts[i + 1][0] if i + 1 < len(parts) else ""
        nxt_field = parts[i + 1][1] if i + 1 < len(parts) else None
        nxt_spec = parts[i + 1][2] if i + 1 < len(parts) else ""
        if nxt_lit == " " and nxt_field == field and nxt_spec and "|" in nxt_spec:
            continue  # {seat} {seat:takes|take}
        m = re.match(r" ([a-z]+)\b", nxt_lit)
        if m and m.group(1) not in NON_AGREEING and not m.group(1).endswith("ed"):
            problems.append(f"{{{field}}} {m.group(1)}: the verb needs both persons, {{{field}:third|second}}")
    return problems


def text_problems(text: str, *, second_person: bool) -> list[str]:
    """What is wrong in a narrated sentence: a third-person verb after ``you``, ``You``
    inside a sentence, ``1`` with a plural noun, template marks left over."""
    problems = []
    if any(ch in text for ch in "{}|"):
        problems.append("a template mark is left in the text")
    if second_person:
        for m in _THIRD_PERSON_AFTER_YOU.finditer(text):
            word = m.group(1)
            if word.endswith("s") and not word.endswith("ss"):
                problems.append(f"'{m.group(0)}': the verb does not agree with you")
        if "You's" in text or "you's" in text:
            problems.append("'you's' for 'your'")
        if _CAPITAL_YOU_INSIDE.search(text):
            problems.append("'You' inside a sentence")
    for m in _ONE_PLURAL.finditer(text):
        word = m.group(1)
        if word.endswith("s") and not word.endswith("ss") and word not in ("is", "was", "has"):
            problems.append(f"'{m.group(0)}': 1 with a plural")
    return problems


def narration_problems(events: Iterable[Event], n_seats: int) -> list[str]:
    """Every problem of every event, narrated in the third person and with each of the
    first ``n_seats`` seats as ``you``."""
    names = NAMES
    out = []
    for e in events:
        for p in template_problems(e.text):
            out.append(f"{e.kind}: {e.text!r}: {p}")
        third = e.narrate(names)
        for p in text_problems(third, second_person=False):
            out.append(f"{e.kind}: {third!r}: {p}")
        for you in range(n_seats):
            text = e.narrate([YOU if i == you else n for i, n in enumerate(names)])  # the lone human's table
            for p in text_problems(text, second_person=True):
                out.append(f"{e.kind} (seat {you} as you): {text!r}: {p}")
    return out


def assert_every_kind_narrated_well(game_id: str, n_seats: int, by_kind: dict[str, list[Event]]) -> None:
    """Every kind in the game's code was narrated (``by_kind`` holds at least one event of
    it) and no narration has a problem (``n_seats``: the most seats of any table played)."""
    missing = event_kinds_in_code(game_id) - set(by_kind)
    assert not missing, f"{game_id}: event kinds with no narration test: {sorted(missing)}"
    problems = narration_problems([e for evs in by_kind.values() for e in evs], n_seats)
    assert not problems, "\n".join(problems)


def add_events(by_kind: dict[str, list[Event]], events: Iterable[Event]) -> dict[str, list[Event]]:
    """Add events (e.g. of a forced position) to ``by_kind``; returns it."""
    for e in events:
        by_kind.setdefault(e.kind, []).append(e)
    return by_kind
