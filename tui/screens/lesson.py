"""The end of a guided first game (``engine.lesson``): what the player learned, and a
real match offered.

The table screen shows it once the lesson's last step is played (and the round's
result has been seen): Enter starts a real match of the game with the lesson's
seats (``CardtableApp.play_after_lesson``), p plays the lesson's own game on against
the bots (the hand or round it stopped in, and on), Esc goes back to the setup screen.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static


class LessonDone(ModalScreen[bool | None]):
    """A modal panel: the lesson's title, what was learned, and two choices.

    Args:
        title: the lesson's title ("Your first rounds of Nickels").
        learned: what the player learned (already worded for this table: keys, ASCII).
        game_title: the game's title, for the buttons.

    Returns (dismiss value): True for a real match, None to play the lesson's game on,
    False for the setup screen.
    """

    DEFAULT_CSS = """
    LessonDone { align: center middle; background: $background 40%; }
    LessonDone > Vertical { width: 76; max-width: 100%; height: auto; max-height: 100%;
                            padding: 0 2; border: double $success; background: $surface; }
    LessonDone #lesson-done-title { text-style: bold; }
    LessonDone #lesson-done-buttons { height: auto; margin-top: 1; layout: vertical; }
    LessonDone #lesson-done-buttons Button { margin-right: 2; }
    """

    BINDINGS = [
        Binding("enter", "answer(True)", "Play a real game", id="lesson.play", priority=True),
        Binding("p", "answer(None)", "Play this one on", id="lesson.on"),
        Binding("escape", "answer(False)", "Back to the setup", id="lesson.setup"),
    ]

    def __init__(self, title: str, learned: str, game_title: str) -> None:
        super().__init__()
        self.title_text = title
        self.learned = learned
        self.game_title = game_title

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(f"{self.title_text}: done", id="lesson-done-title", markup=False)
            yield Static(self.learned, id="lesson-done-body", markup=False)
            with Horizontal(id="lesson-done-buttons"):
                yield Button(f"Play a real game of {self.game_title} (enter)", variant="success", id="play",
                             compact=True)
                yield Button("Play this one on (p)", id="on", compact=True)
                yield Button("Back to the setup (esc)", id="setup", compact=True)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None if event.button.id == "on" else event.button.id == "play")

    def action_answer(self, play: bool | None) -> None:
        self.dismiss(play)


__all__ = ["LessonDone"]
