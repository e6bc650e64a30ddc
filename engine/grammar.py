"""Person agreement for narration: a seat may be named ``You`` (the lone human,
``engine.seats.seat_names``), and "You bids 10" must read "You bid 10".

Used by :meth:`engine.core.Event.narrate`, so every narrated line (the table's
log, the session's narration, a replay, a result reason) agrees with ``You``
without each message being worded twice. Plain text only.
"""

from __future__ import annotations

from typing import Sequence

#: The seat name that takes the second person.
YOU = "You"

#: Third-person verbs of narration and their second-person forms (generic card-game verbs).
SECOND_PERSON_VERBS: dict[str, str] = {
    "plays": "play", "turns": "turn", "passes": "pass", "chooses": "choose", "buys": "buy", "holds": "hold",
    "deals": "deal", "owns": "own", "takes": "take", "starts": "start", "bids": "bid", "leads": "lead",
    "wins": "win", "follows": "follow", "discards": "discard", "draws": "draw", "calls": "call",
    "builds": "build", "has": "have", "is": "are", "was": "were", "scores": "score", "makes": "make",
    "goes": "go", "gets": "get", "brings": "bring", "melds": "meld", "lays": "lay", "picks": "pick",
    "moves": "move", "shows": "show", "keeps": "keep", "loses": "lose", "ruffs": "ruff", "declares": "declare",
    "announces": "announce", "shuffles": "shuffle", "fails": "fail", "cuts": "cut", "cannot": "cannot",
    "needs": "need", "must": "must", "does": "do", "doubles": "double", "claims": "claim", "declines": "decline",
    "asks": "ask", "answers": "answer", "freezes": "freeze", "stops": "stop",
    "reveals": "reveal", "exposes": "expose", "sorts": "sort", "stacks": "stack", "flips": "flip",
}


def second_person(text: str, names: Sequence[str]) -> str:
    """``text`` with every verb whose subject is the seat named ``You`` in the
    second person: the word after ``You``, and the word after ``and`` while
    ``You`` is still the subject (no other seat named since):
    ``You turned up 9♥ and plays first`` -> ``You turned up 9♥ and play first``;
    ``Bix leads and You wins`` -> ``Bix leads and You win``. Unchanged when no
    seat in ``names`` is named ``You``.

    Args:
        text: a narrated sentence with seat names filled in.
        names: the seat names.
    Returns:
        the sentence, verbs agreeing with ``You``.
    """
    if YOU not in names or YOU not in text:
        return text
    others = {n for n in names if n != YOU}
    words = text.split(" ")
    subject_you = False
    for i in range(1, len(words)):
        prev = words[i - 1]
        if prev == YOU or (prev == "and" and subject_you):
            words[i] = SECOND_PERSON_VERBS.get(words[i], words[i])
        if prev == YOU:
            subject_you = True
        elif prev in others or prev.rstrip(",.:;") in others:
            subject_you = False
    return " ".join(words)


__all__ = ["YOU", "SECOND_PERSON_VERBS", "second_person"]
