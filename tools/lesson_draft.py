"""Draft a lesson script (``engine/games/<id>/tutorial.toml``) from a real deal.

Plays a match of GAME with bots on every seat from SEED until seat 0 (the player to be) has
made MOVES moves, and prints the TOML skeleton of ``engine.lesson``: the chance outcomes of
that stretch (the deal and every card drawn), the other seats' moves and the player's steps
(each with a placeholder text and why for a person to write). Try seeds until the stretch
teaches what the lesson wants; then write the texts and check it with ``cardtable learn GAME``
(``engine.lesson.load_lesson`` plays it through and names any step that does not fit).

Usage: python tools/lesson_draft.py GAME SEATS MOVES SEED [LEVEL]
(SEATS: how many; LEVEL: the bots' level, default easy.)
"""

from __future__ import annotations

import sys

from engine.games import get_spec
from engine.session import Session


def draft(game: str, seats: int, moves: int, seed: int, level: str = "easy") -> str:
    """The TOML skeleton (see the module docstring) for ``game`` with ``seats`` bots from ``seed``."""
    names = ["You", "Bix", "Cy", "Ada", "Dot", "Eve", "Fay"][:seats]
    session = Session(game, {}, [f"ai:{level}:{n}" for n in names], seed=seed, write_log=False)
    session.advance()
    mine = 0
    while mine < moves and not session.is_over:
        seat = session.to_move
        session.act(session.bot_choose(seat))
        mine += seat == 0
    chance = [n for a, n in session.history if a == "chance"]
    while chance and session.history[-1][0] == "chance":  # the draws after the player's last move
        session.history.pop()
        chance.pop()
    out = [f"# drafted by tools/lesson_draft.py {game} {seats} {moves} {seed} {level}",
           'title = "TODO"', 'intro = "TODO"', 'learned = "TODO"',
           "seats = [" + ", ".join(f'"{"human" if i == 0 else "ai:" + level}:{n}"' for i, n in enumerate(names)) + "]",
           "chance = ["] + [f'    "{c}",' for c in chance] + ["]", "", "[scripted]"]
    for s in range(1, seats):
        theirs = [n for a, n in session.history if a == s]
        if theirs:
            out.append(f"{names[s]} = [" + ", ".join(f'"{m}"' for m in theirs) + "]")
    for a, n in session.history:
        if a == 0:
            out += ["", "[[step]]", 'text = "TODO"', 'why = "in this lesson, TODO"', f'moves = ["{n}"]']
    out += ["", "# what happened (the table's narration):"] + [f"# {line}" for line in session.narration]
    return "\n".join(out)


if __name__ == "__main__":
    args = sys.argv[1:]
    if len(args) not in (4, 5):
        sys.exit(__doc__)
    get_spec(args[0])  # an unknown game says so
    print(draft(args[0], int(args[1]), int(args[2]), int(args[3]), *(args[4:])))
