"""Rich rendering of a game's analysis (:class:`engine.analysis.GameReport`), shared by
``cardtable analyse`` and the app's screens. Names and moves from a log are
:class:`rich.text.Text`, never read as markup."""

from __future__ import annotations

from rich import box
from rich.console import Group
from rich.table import Table
from rich.text import Text

from engine.analysis import GameReport


def summary_lines(report: GameReport) -> list[str]:
    """The summary in plain lines: decisions, mistakes, expected loss, accuracy."""
    n = len(report.decisions)
    acc = report.accuracy
    lines = [f"Seat {report.seat} ({report.seat_name}): {n} real decision{'s' if n != 1 else ''} "
             f"({report.forced} forced moves not counted), {len(report.mistakes)} "
             f"mistake{'s' if len(report.mistakes) != 1 else ''}, "
             f"{report.expected_loss:.1f} {report.unit} expected lost"
             + (f"; accuracy {100 * acc:.0f}%" if acc is not None else "")
             + f" ({report.budget} samples a decision)."]
    return lines


def analysis_renderable(report: GameReport, all_decisions: bool = False) -> Group:
    """The marks (every decision with ``all_decisions``) and the summary by kind of decision."""
    parts: list = []
    rows = report.decisions if all_decisions else report.mistakes
    if rows:
        marks = Table(box=box.SIMPLE, title="Decisions" if all_decisions else "Mistakes", title_justify="left")
        for col in ("hand", "line", "kind", "played", "verdict"):
            marks.add_column(col, justify="right" if col in ("hand", "line") else "left")
        for d in rows:
            marks.add_row(str(d.hand + 1), str(d.line), Text(d.kind), Text(d.played),
                          Text(d.reason, style="red" if d.mistake else ""))
        parts.append(marks)
    else:
        parts.append(Text("No clear mistake found." if report.decisions else "No real decision to weigh."))
    kinds = Table(box=box.SIMPLE, title="By kind of decision", title_justify="left")
    kinds.add_column("kind")
    kinds.add_column("decisions", justify="right")
    kinds.add_column("mistakes", justify="right")
    kinds.add_column(f"{report.unit} lost", justify="right")
    for kind, n, m, lost in report.by_kind():
        kinds.add_row(Text(kind), str(n), str(m), f"{lost:.1f}")
    parts.append(kinds)
    parts.extend(Text(line) for line in summary_lines(report))
    return Group(*parts)
