"""The Nags replay renderer: a position as text for ``cardtable replay``."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from engine.games.nags.game import CAME_IN, FELL, NagsState, half_text, value_text
from tui.widgets.narration import ordinal


def render_position(state: Any, names: list[str], seat: int | None, palette: Any) -> Text:
    """A Nags position as text: runners with their state (NA-12), the discard
    pile's top cards, the draw pile count, the hands, the scores (NA-19..21).

    Args:
        state: a ``NagsState`` (omniscient).
        names: seat display names.
        seat: None shows every hand; a seat number shows that seat's view only.
        palette: card colouring.
    """
    view = state if seat is None else state.view(seat)
    assert isinstance(state, NagsState)
    n = state.n_seats

    def who(i: int) -> str:
        return names[i] if 0 <= i < len(names) else f"seat {i}"

    lines: list[Text] = []
    head = Text()
    head.append(f"Game {view.game_no + 1}", style="bold")
    head.append(f" · dealer {who(view.dealer)} · direction {'up' if view.direction > 0 else 'down'}")
    to_move = view.to_move
    if to_move >= 0:
        head.append(" · to move: ")
        head.append(who(to_move), style="bold")
    elif state.is_over:
        head.append(" · match over", style="bold")
    lines.append(head)
    lines.append(Text(""))

    runners = Text("Runners   ", style="bold")
    if not view.runners:
        runners.append("-", style="dim")
    for r in view.runners:
        card, status, position, credited = r[0], r[1], r[2], r[3]
        runners.append_text(palette.card(card))
        if status == CAME_IN:
            runners.append(f" in {ordinal(position)} ({who(credited)})", style="bold")
        elif status == FELL:
            runners.append(" fallen", style="dim strike")
        else:
            runners.append(" running")
        runners.append("   ")
    lines.append(runners)

    discard = Text("Discard   ", style="bold")
    top = list(view.discard[-8:])
    if len(view.discard) > len(top):
        discard.append("… ", style="dim")
    discard.append_text(palette.cards(top))
    if view.discard:
        count = len(view.discard)
        discard.append(f"   ({count} card{'s' if count != 1 else ''}, top ", style="dim")
        discard.append_text(palette.card(view.discard[-1]))
        discard.append(")", style="dim")
    lines.append(discard)
    stock = len(state.stock_known) + len(state.pool) if seat is None else view.stock_count
    lines.append(Text(f"Draw pile {stock} card{'s' if stock != 1 else ''}", style="bold"))
    lines.append(Text(""))

    lines.append(Text("Hands" if seat is None else f"Hands (what {who(seat)} sees)", style="bold"))
    for i in range(n):
        row = Text()
        marker = "▶ " if i == to_move else "  "
        row.append(marker + f"{i} {who(i)}".ljust(18), style="bold" if i == to_move else "")
        if seat is None:
            hand = sorted(state.hands[i])
            row.append(f"({len(hand)}) ", style="dim")
            row.append_text(palette.cards(hand))
        elif i == seat:
            row.append(f"({len(view.hand)}) ", style="dim")
            row.append_text(palette.cards(view.hand))
        else:
            row.append(f"({view.hand_sizes[i]}) " + "▒" * view.hand_sizes[i], style="dim")
        lines.append(row)
    lines.append(Text(""))

    lines.append(Text("Scores" + ("            game   match" if state.variant.is_match else "            game"),
                      style="bold"))
    for i in range(n):
        row = Text(f"  {who(i)}".ljust(20) + f"{half_text(view.game_half[i]):>4}")
        if state.variant.is_match:
            row.append(f"{half_text(view.totals_half[i]):>8}")
        lines.append(row)
    owners = dict(view.owners)
    if owners:
        lines.append(Text("Owned horses (NA-25) " + ", ".join(f"{value_text(v)}: {who(s)}"
                                                              for v, s in sorted(owners.items())), style="dim"))
    return Text("\n").join(lines)
