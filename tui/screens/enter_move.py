"""What Enter does at a table, in one place: the move the bar names, or nothing.

Issue 22 ("keys that never surprise"): Enter plays only the move a table shows in words
("Enter: add 10♦ to m1"), and the words are on screen whenever Enter would do something.
A table screen says what Enter would do now by returning an :class:`EnterMove` from its
``enter_move()`` hook (:class:`tui.screens.base_table.BaseTableScreen`); the base binds
nothing else to Enter, shows the move's words in the footer and gives a reason when Enter
has nothing to do. :func:`hinted_move` is the rummy tables' shared step: the hinted move,
once its cards are exactly the selected ones.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from engine.core import Action

__all__ = ["EnterMove", "hinted_move"]


@dataclass(frozen=True)
class EnterMove:
    """The move Enter makes now.

    Attributes:
        label: the move in a player's words, lower case (``"add 10♦ to m1"``); the table shows
            it as ``Enter: add 10♦ to m1``.
        run: does it (usually ``lambda: screen.human_act(action)``); its result is ignored.
    """

    label: str
    run: Callable[[], Any]


def hinted_move(hinted: Action | None, selected: Sequence[Any], cards_of: Callable[[Action], Sequence[Any]],
                describe: Callable[[Action], str], act: Callable[[Action], Any]) -> EnterMove | None:
    """Enter after a hint: the hinted move, while its cards (``cards_of(hinted)``; none for a
    draw, a pass...) are exactly the ``selected`` cards; else None (the player changed the
    selection).

    Args:
        hinted: the last hint's action, or None.
        selected: the cards selected in the hand now.
        cards_of: the hand cards an action uses.
        describe: an action in a player's words.
        act: plays an action (the screen's ``human_act``).
    """
    if hinted is None:
        return None
    if sorted(cards_of(hinted)) != sorted(selected):
        return None
    return EnterMove(describe(hinted), lambda: act(hinted))
