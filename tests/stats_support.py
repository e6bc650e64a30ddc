"""Real logs for the statistics tests: matches played through :class:`engine.session.Session`
with a human seat whose moves an ``easy`` bot chooses (so the log is the one a person's
game would leave), optionally with an undo or stopped part way."""

from __future__ import annotations

import random
from pathlib import Path

from engine.games import make_bot
from engine.gamelog import Replay, read_log
from engine.session import Session

NAGS_SEATS = ["human", "ai:easy", "ai:easy"]


def play_log(path: Path, game: str = "nags", seats: list[str] | None = None, seed: int = 1, *,
             undo: bool = False, stop_after: int | None = None) -> Path:
    """Play one match into ``path`` (human seats moved by an easy bot).

    Args:
        undo: take back the human's first turn once, as the table's undo key does.
        stop_after: stop (unfinished) once this many actions are in effect.
    """
    seats = seats or NAGS_SEATS
    with Session(game, None, seats, seed=seed, log_path=path) as s:
        rng = random.Random(seed)
        stand_in = make_bot(game, "easy")
        undone = False
        s.advance()
        while not s.is_over:
            if stop_after is not None and len(s.history) >= stop_after:
                break
            seat = s.to_move
            if s.is_human(seat):
                if undo and not undone and s.can_undo():
                    s.undo()
                    undone = True
                    continue
                view = s.view(seat)
                s.act(stand_in.choose(view, view.legal_actions(), rng))
            else:
                s.act(s.bot_choose())
    return path


def replayed_winners(path: Path) -> list[int]:
    """The winners by a full replay of the log (independent of the statistics' quick reader)."""
    return Replay(read_log(path)).positions[-1].winners()
