"""The Nickels position for ``cardtable replay``: the round and its contract, the
draw pile and discard pile, every player's melds, hands (all of them, or what one
seat saw: its own hand, the others' sizes and the cards publicly known to be in
them, NK-13) and the score sheet."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from engine.games.nickels.game import Phase
from engine.grammar import plural
from tui.games.nickels.ui import contract_line, meld_text
from tui.widgets.narration import what_seat_sees


def render_position(state: Any, names: list[str], seat: int | None, palette: Any) -> Text:
    """A Nickels position as text.

    Args:
        state: a ``NickelsState`` (omniscient).
        names: seat display names.
        seat: None shows every hand; a seat number shows only what that seat's view holds.
        palette: ``tui.screens.replay.Palette`` (``card(c)`` / ``cards(cs)`` give coloured text).
    Returns:
        The position as rich Text (drawn from ``state.view(seat)`` for a seat view, so it
        reads nothing that seat could not see).
    """
    n = state.n_seats
    names = list(names) + [f"seat {i}" for i in range(len(names), n)]
    view = state.view(0 if seat is None else seat)
    a = palette.ascii
    lines: list[Text] = []
    head = Text()
    head.append(contract_line(view) if view.phase != Phase.DEALER else "Nickels", style="bold")
    head.append(f" · dealer {names[view.dealer]}" if view.dealer >= 0 else "")
    if view.is_over:
        head.append(" · match over", style="bold")
    elif view.to_move >= 0:
        head.append(" · to move: ")
        head.append(names[view.to_move], style="bold")
    lines.append(head)
    piles = Text(f"Draw pile {view.pool_count} · discard pile ")
    if view.discards:
        piles.append_text(palette.card(view.discards[-1]))
        piles.append(f" ({len(view.discards) - 1} beneath)")
    else:
        piles.append("empty", style="dim")
    lines.append(piles)
    lines.append(Text(""))
    lines.append(Text("Melds", style="bold"))
    for s in range(n):
        row = Text(f"  {names[s]}".ljust(14))
        mine = [m for m in view.melds if m.owner == s]
        if not mine:
            row.append("-", style="dim")
        for tm in mine:
            row.append(f"m{tm.id} {'>' if a else '▸'} ", style="bold")
            row.append_text(meld_text(tm.meld, palette.card))
            row.append("  ")
        lines.append(row)
    lines.append(Text(""))
    lines.append(Text("Hands" if seat is None else f"Hands ({what_seat_sees(names, seat)})", style="bold"))
    for s in range(n):
        mark = (">" if a else "▶") if s == view.to_move else " "
        row = Text(f"{mark} {names[s]}".ljust(14), style="bold" if s == view.to_move else "")
        size = view.hand_sizes[s]
        status = "down" if view.down_turn[s] >= 0 else "not down"
        claims = view.claims[s]
        row.append(f"{plural(size, 'card', 'cards'):>8}, {status}"
                   + (f", {plural(claims, 'claim', 'claims')}" if claims else "") + ": ")
        if seat is None:
            row.append_text(palette.cards(state.hands[s]))
        elif s == seat:
            row.append_text(palette.cards(view.hand))
        elif view.known[s]:
            row.append("known ")
            row.append_text(palette.cards(view.known[s]))
        else:
            row.append("-", style="dim")
        lines.append(row)
    if view.round_scores:
        lines.append(Text(""))
        lines.append(Text("Score sheet", style="bold"))
        for r, pts in enumerate(view.round_scores):
            lines.append(Text(f"  {6 + r:>2} hand  " + "  ".join(f"{names[s]} {pts[s]}" for s in range(n))))
        lines.append(Text("  Total    " + "  ".join(f"{names[s]} {view.totals[s]}" for s in range(n)),
                          style="bold"))
    return Text("\n").join(lines)


__all__ = ["render_position"]
