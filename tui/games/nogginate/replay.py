"""The Nogginate position for ``cardtable replay``: the round, the stock and the discard
pile (top card, size, frozen), every team's melds with their marks, the score and the
minimum or pending ``need``, hands (all of them, or what one seat saw: its own hand, the
others' sizes and the cards publicly known to be in them from a taken pile) and the
round scores. With cheat cards: the cheat stock and its dead pile, each hand's cheat cards,
and what was shown and told (NG-C6, NG-C7) only in the seat view of the team it was for."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from engine.grammar import plural
from engine.cards import Card
from engine.games.nogginate.game import Phase
from tui.games.nogginate.palette import SUITS
from tui.games.nogginate.ui import meld_text, pile_text, shown_text, team_name, team_status, tell_words
from tui.widgets.cards import card_text
from tui.widgets.narration import what_seat_sees


class _NogginatePalette:
    """The replay's palette with Nogginate's suit colours (NG-9; a theme may override them)."""

    def __init__(self, base: Any) -> None:
        self.base = base
        self.app = getattr(base, "app", None)
        self.ascii = base.ascii

    def card(self, card: Card) -> Text:
        return card_text(card, self.app, on_face=True, palette=SUITS)

    def cards(self, cards: Any, sep: str = " ") -> Text:
        out = Text()
        for i, c in enumerate(cards):
            if i:
                out.append(sep)
            out.append_text(self.card(c))
        return out if len(out) else Text("-", style="dim")


def render_position(state: Any, names: list[str], seat: int | None, palette: Any) -> Text:
    """A Nogginate position as text.

    Args:
        state: a ``NogginateState`` (omniscient).
        names: seat display names.
        seat: None shows every hand; a seat number shows only what that seat's view holds.
        palette: ``tui.screens.replay.Palette`` (``card(c)`` / ``cards(cs)`` give coloured text).
    Returns:
        The position as rich Text (drawn from ``state.view(seat)`` for a seat view, so it
        reads nothing that seat could not see).
    """
    palette = _NogginatePalette(palette)
    n = state.n_seats
    names = list(names) + [f"seat {i}" for i in range(len(names), n)]
    view = state.view(0 if seat is None else seat)
    a = palette.ascii
    lines: list[Text] = []
    head = Text()
    head.append(f"Nogginate · round {view.round_no + 1}", style="bold")
    head.append(f" · dealer {names[view.dealer]}" if view.dealer >= 0 else "")
    if view.is_over:
        head.append(" · match over", style="bold")
    elif view.to_move >= 0:
        head.append(" · to move: ")
        head.append(names[view.to_move], style="bold")
        if view.phase == Phase.ANSWER:
            head.append(f" (asked by {names[view.turn]}: may I go out?)")
    lines.append(head)
    lines.append(pile_text(view, palette.card))
    lines.append(Text(""))
    lines.append(Text("Teams and melds", style="bold"))
    for t in range(len(view.teams)):
        row = Text(f"  {team_name(view, t, names)}", style="bold")
        row.append(f"  {view.totals[t]} points · {team_status(view, t)}"
                   + (f" · {view.bonuses[t]} Bonus placed" if view.bonuses[t] else ""))
        lines.append(row)
        mine = [m for m in view.melds if m.team == t]
        if not mine:
            lines.append(Text("    -", style="dim"))
        for m in mine:
            line = Text(f"    m{m.id} {'>' if a else '▸'} ", style="bold")
            line.append_text(meld_text(m, palette.card))
            lines.append(line)
    lines.append(Text(""))
    lines.append(Text("Hands" if seat is None else f"Hands ({what_seat_sees(names, seat)})", style="bold"))
    for s in range(n):
        mark = (">" if a else "▶") if s == view.to_move else " "
        row = Text(f"{mark} {names[s]}".ljust(14), style="bold" if s == view.to_move else "")
        row.append(f"{plural(view.hand_sizes[s], 'card', 'cards'):>8}: ")
        if seat is None:
            row.append_text(palette.cards(state.hands[s]))
        elif s == seat:
            row.append_text(palette.cards(view.hand))
        elif view.known[s] or (view.shown and view.shown[s]):
            if view.known[s]:
                row.append("known ")
                row.append_text(palette.cards(view.known[s]))
            if view.shown and view.shown[s]:
                row.append(" shown " if view.known[s] else "shown ")
                row.append_text(palette.cards(view.shown[s]))
        else:
            row.append("-", style="dim")
        if view.cheat_counts and view.cheat_counts[s] and seat is not None and s != seat:
            row.append(f" ({view.cheat_counts[s]} cheat)", style="dim")
        lines.append(row)
    if seat is not None:
        strip = shown_text(view, names, palette.card)
        if strip.plain:
            lines.append(strip)
    else:
        for s in range(n):
            if state.shown[s]:
                row = Text(f"  {names[s]} showed ")
                row.append_text(palette.cards(state.shown[s]))
                row.append(" to the partner")
                lines.append(row)
        for teller, tell in state.tells[-4:]:
            lines.append(Text(f"  {names[teller]} told the partner: {tell_words(tell)}"))
    if view.round_scores:
        lines.append(Text(""))
        lines.append(Text("Rounds", style="bold"))
        for r, pts in enumerate(view.round_scores):
            lines.append(Text(f"  {r + 1:>2}  " + "  ".join(f"{team_name(view, t, names)} {p:+d}"
                                                           for t, p in enumerate(pts))))
        lines.append(Text("  Total " + "  ".join(f"{team_name(view, t, names)} {view.totals[t]}"
                                                 for t in range(len(view.teams))), style="bold"))
    return Text("\n").join(lines)


__all__ = ["render_position"]
