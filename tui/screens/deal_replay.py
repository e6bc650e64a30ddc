"""Your deal, played by the bots, in the app (issue 28; ``engine/deal_replay.py``).

On the match summary (and the replay screen), ``d`` asks for a bot level (default ``hard``) and
a number of replays (default 8) in :class:`DealReplayChoice`, then replays the match's deal with
that bot in the player's seat in a thread worker: a ``ProgressBar`` counts the hands played, the
screen stays live, and Esc stops the replays (the bots are asked to stop before every move).
The result is said in plain words in the game's unit, beside the player's own score:
"You scored 9 points; hard scored 6.1 points on average over 8 replays (95% interval 4.2 to 8.0)."

:class:`DealReplayHost` holds the key's logic for any screen; the screen says where the bar and the
result go (:meth:`DealReplayHost.deal_mount`, :meth:`DealReplayHost.deal_show`).
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, ProgressBar, Select

from engine.deal_replay import MAX_TIMES, DealReplayResult

#: Replays offered by default (the issue's "on average over 8 replays").
DEFAULT_TIMES = 8


def _num(x: float) -> str:
    """A score for a sentence: whole numbers as they are, others to one decimal."""
    return f"{x:.0f}" if float(x).is_integer() or abs(x) >= 100 else f"{x:.1f}"


def deal_replay_text(res: DealReplayResult, hand_word: str = "Hand") -> str:
    """The result in plain words, the player's score first, in the game's unit
    (:attr:`DealReplayResult.unit`), with the 95% interval of the bot's mean and the wins when the
    match was finished."""
    n = len(res.scores)
    word = hand_word.lower()
    what = f"{res.hands} {word}{'s' if res.hands != 1 else ''}"
    what = f"the whole match, {what}" if res.match_over else what
    mean, low, high = res.interval()
    lines = [f"Your deal, played by {res.level} in your seat ({n} replay{'s' if n != 1 else ''} of {what}, "
             "the same cards, the other seats as they were):"]
    if len(set(res.scores)) == 1:
        theirs = f"{_num(mean)} {res.unit} in {'every' if n > 1 else 'the'} replay"
    else:
        iv = f" (95% interval {_num(low)} to {_num(high)})" if math.isfinite(low) else ""
        theirs = f"{_num(mean)} {res.unit} on average{iv}"
    lines.append(f"You scored {_num(res.yours)} {res.unit}; {res.level} scored {theirs}."
                 + ("" if res.highest_wins else " Fewer is better."))
    if not res.choices:
        lines.append(f"Every move in your seat was forced (one legal move each time), so {res.level} "
                     "could only play your game again.")
    if res.match_over and res.wins:
        won = sum(res.wins)
        you = "won" if res.you_won == 1 else "lost" if res.you_won == 0 else "shared the win of"
        lines.append(f"{res.level} won {_num(won)} of the {n} replay{'s' if n != 1 else ''}; you {you} the match.")
    stand_ins = [o.split("played by ", 1)[1] for o in res.others if o.startswith("human")]
    if stand_ins:
        lines.append(f"Another person's seat was played by {stand_ins[0]}, the bot of the table's hints.")
    if res.illegal:
        lines.append(f"({res.illegal} bot move{'s were' if res.illegal != 1 else ' was'} illegal and replaced "
                     "by a random legal move.)")
    return "\n".join(lines)


class DealReplayChoice(ModalScreen["tuple[str, int] | None"]):
    """The level and the number of replays for "your deal, played by the bots": ``Run`` (Enter)
    answers ``(level, times)``, Esc cancels (None).

    Args:
        game_id: the game (its levels, weakest first; ``hard`` is the default where it exists).
        hand_word: what the game calls a hand, for the sentence on top.
    """

    DEFAULT_CSS = """
    DealReplayChoice { align: center middle; }
    DealReplayChoice > Vertical { width: 64; max-width: 100%; height: auto; max-height: 100%;
        border: double $accent; background: $surface; padding: 0 1; }
    DealReplayChoice Label { width: 100%; }
    DealReplayChoice .deal-row { height: auto; }
    DealReplayChoice .deal-label { width: 10; padding-top: 1; }
    DealReplayChoice #deal-level { width: 20; }
    DealReplayChoice #deal-times { width: 10; }
    DealReplayChoice #deal-error { color: $error; }
    DealReplayChoice #deal-buttons { height: auto; align-horizontal: center; }
    DealReplayChoice #deal-buttons Button { margin: 0 1; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="deal.cancel")]

    def __init__(self, game_id: str, hand_word: str = "Hand") -> None:
        super().__init__()
        from engine.games import get_spec
        self.levels = get_spec(game_id).levels()
        self.default_level = "hard" if "hard" in self.levels else self.levels[-1]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(Text.assemble(("Your deal, played by the bots", "bold"),
                                      ": the same cards again with a bot in your seat, the other seats "
                                      "as they were. More replays take longer and say more."))
            with Horizontal(classes="deal-row"):
                yield Label("Level", classes="deal-label")
                yield Select([(lv, lv) for lv in self.levels], value=self.default_level, allow_blank=False,
                             id="deal-level")
            with Horizontal(classes="deal-row"):
                yield Label("Replays", classes="deal-label")
                yield Input(str(DEFAULT_TIMES), type="integer", id="deal-times", max_length=3)
            yield Label("", id="deal-error")
            with Horizontal(id="deal-buttons"):
                yield Button("Run (Enter)", id="deal-run", variant="primary")
                yield Button("Cancel (Esc)", id="deal-cancel")

    def on_mount(self) -> None:
        self.query_one("#deal-run", Button).focus()

    def choice(self) -> tuple[str, int] | None:
        """``(level, times)`` as filled in, or None (and the reason shown) for a bad count."""
        raw = self.query_one("#deal-times", Input).value.strip()
        times = int(raw) if raw.isdigit() else 0
        if not 1 <= times <= MAX_TIMES:
            self.query_one("#deal-error", Label).update(f"Replays: a number from 1 to {MAX_TIMES}.")
            return None
        return str(self.query_one("#deal-level", Select).value), times

    def _run(self) -> None:
        chosen = self.choice()
        if chosen is not None:
            self.dismiss(chosen)

    def on_input_changed(self, event: Input.Changed) -> None:
        self.query_one("#deal-error", Label).update("")  # the refusal was about the old count

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._run()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "deal-run":
            self._run()
        else:
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class DealReplayHost:
    """The ``d`` key's logic for a screen that shows a finished (or part-played) match's log.

    The screen sets :attr:`deal_log` (the log path, None when there is none) and implements
    :meth:`deal_mount` (where the progress bar goes) and :meth:`deal_show` (show the result or
    the reason it stopped); its ``check_action`` asks :meth:`deal_check`. Bindings it declares:
    ``deal_replay`` (shown when it can act), ``deal_replay_why`` (the same key, hidden, when it
    cannot: it says why) and ``cancel_deal_replay`` (Esc while the replays run).

    Attributes:
        deal_log: the match's log.
        deal_running: the replays are under way.
        deal_result: the last result (a :class:`DealReplayResult`).
    """

    deal_log: Path | None = None
    deal_running: bool = False
    deal_result: DealReplayResult | None = None
    #: a test's bot factory ``(game_id, level) -> Bot`` (None: the registry's)
    deal_bot_factory: Any = None
    _deal_offer: tuple[int | None, str] | None = None
    _deal_stop: bool = False

    def deal_offer(self) -> tuple[int | None, str]:
        """``(seat, "")`` when the key can act, else ``(None, why)`` (read once from the log)."""
        if self._deal_offer is None:
            path = self.deal_log
            if path is None or not Path(path).is_file():
                self._deal_offer = (None, "this match has no log to replay its deal from.")
            else:
                from engine.deal_replay import player_seat
                from engine.gamelog import read_log
                self._deal_offer = player_seat(read_log(Path(path)))
        return self._deal_offer

    def deal_check(self, action: str) -> bool | None:
        """``check_action``'s answer for the deal replay's actions (None: not one of them)."""
        if action == "deal_replay":
            return self.deal_offer()[0] is not None and not self.deal_running
        if action == "deal_replay_why":
            return self.deal_offer()[0] is None
        if action == "cancel_deal_replay":
            return self.deal_running
        return None

    def deal_mount(self, bar: Widget) -> None:
        """Mount the progress bar where the screen shows it (the screen's)."""
        raise NotImplementedError

    def deal_show(self, text: str, ok: bool) -> None:
        """Show what the replays are doing, their result (``ok``) or why there is none (the screen's)."""
        raise NotImplementedError

    def action_deal_replay_why(self) -> None:
        """``d`` when the deal cannot be replayed: one sentence saying why."""
        screen: Any = self
        screen.notify("Your deal, played by the bots: " + self.deal_offer()[1], severity="warning",
                      timeout=6, markup=False)

    def action_deal_replay(self) -> None:
        """``d``: ask the level and the replays (:class:`DealReplayChoice`), then run them."""
        screen: Any = self
        seat, _ = self.deal_offer()
        if seat is None or self.deal_running or self.deal_log is None:
            return
        from engine.gamelog import read_log
        log = read_log(Path(self.deal_log))
        game_id = str(log.header.get("game", "")) if log.header else ""
        hand_word = screen.deal_hand_word() if hasattr(screen, "deal_hand_word") else "Hand"

        def chosen(answer: tuple[str, int] | None) -> None:
            if answer is not None:
                self.start_deal_replay(log, seat, *answer, hand_word=hand_word)

        screen.app.push_screen(DealReplayChoice(game_id, hand_word), chosen)

    def start_deal_replay(self, log: Any, seat: int, level: str, times: int, hand_word: str = "Hand") -> None:
        """Run the replays in a thread worker, a progress bar in :meth:`deal_area`."""
        screen: Any = self
        self.deal_running, self._deal_stop = True, False
        bar = ProgressBar(id="deal-progress", show_eta=True)
        self.deal_show(f"Replaying your deal with {level} in your seat, {times} time{'s' if times != 1 else ''} "
                       "(Esc stops):", True)
        self.deal_mount(bar)
        screen.refresh_bindings()
        factory = self.deal_bot_factory

        def work() -> None:
            from textual.worker import get_current_worker
            from engine.deal_replay import DealReplayCancelled, DealReplayError, replay_deal
            worker = get_current_worker()

            def step(done: int, total: int) -> None:
                if not worker.is_cancelled:
                    screen.app.call_from_thread(bar.update, total=total, progress=done)

            def stop() -> bool:
                return self._deal_stop or worker.is_cancelled

            try:
                res = replay_deal(log, seat, level, times=times, progress=step, stop=stop, bot_factory=factory)
            except DealReplayCancelled:
                return
            except (DealReplayError, RuntimeError) as err:
                if not worker.is_cancelled:
                    screen.app.call_from_thread(self._deal_done, f"No deal replay: {err}", False)
                return
            if not worker.is_cancelled:
                self.deal_result = res
                screen.app.call_from_thread(self._deal_done, deal_replay_text(res, hand_word), True)

        screen.run_worker(work, thread=True, exclusive=True, group="deal-replay", name="deal-replay")

    def _deal_done(self, text: str, ok: bool) -> None:
        screen: Any = self
        self.deal_running = False
        for bar in screen.query("#deal-progress"):
            bar.remove()
        screen.refresh_bindings()
        self.deal_show(text, ok)

    def action_cancel_deal_replay(self) -> None:
        """Esc while the replays run: stop them (before the bots' next move); no result."""
        screen: Any = self
        if not self.deal_running:
            return
        self._deal_stop = True
        screen.workers.cancel_group(screen, "deal-replay")
        self._deal_done("The deal replay was stopped (Esc); press d to run it again.", False)


__all__ = ["DEFAULT_TIMES", "DealReplayChoice", "DealReplayHost", "deal_replay_text"]
