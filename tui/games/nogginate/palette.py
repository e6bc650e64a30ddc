"""Nogginate's own faces and colours (NG-8, NG-9, NG-11): the Freeze, Bonus and cheat cards'
looks and text colours, and the printed suit colours (blue clubs, orange diamonds, purple
hearts, green spades), darker in the high-contrast theme. Importing this module registers
:data:`PALETTE` with the shared card widgets and every theme
(``tui.widgets.cards.register_palette``); the table, the replay and the wording import it,
and ``TABLE.palette`` names it for code that shows any game."""

from __future__ import annotations

from engine.cards import CardKind, Suit
from engine.games.nogginate.cards import CHEAT_KINDS, Kind
from tui.widgets.cards import FaceLook, GamePalette, register_palette

#: The name a board gives for Nogginate's suit colours (``palette=SUITS``).
SUITS = "nogginate"

#: A cheat card's big face names its power (NG-11), in one or two lines of at most 5 cells.
CHEAT_WORDS: dict[CardKind, tuple[str, str]] = {
    Kind.COMBINE: ("Comb-", "ine"), Kind.HANDS_OFF: ("Hands", "Off"),
    Kind.JOKERNATE: ("Joker", "nate"), Kind.RECONFIGURE: ("Recon", "fig"),
    Kind.REMOVE: ("Re-", "move"), Kind.RESURRECT: ("Resur", "rect"), Kind.SHOW: ("Show", ""),
    Kind.STEAL: ("Steal", ""), Kind.TELL: ("Tell", ""),
}

PALETTE = GamePalette(
    faces={
        Kind.FREEZE: FaceLook("FZ", "FZ", "❄", "FRZ", "card-freeze"),
        Kind.BONUS: FaceLook("BN", "BN", "BONUS", "BONUS", "card-bonus"),
        **{k: FaceLook(k.code, k.code, CHEAT_WORDS[k][0], CHEAT_WORDS[k][0], "card-cheat", CHEAT_WORDS[k][1])
           for k in CHEAT_KINDS},
    },
    colors={"card-freeze": "#00838f", "card-pile-frozen": "#00838f", "card-bonus": "#b07800", "card-cheat": "#ad1457",
            "nogginate-clubs": "#1565c0", "nogginate-diamonds": "#ef6c00", "nogginate-hearts": "#7b1fa2",
            "nogginate-spades": "#2e7d32"},
    theme_colors={"high-contrast": {"card-freeze": "#006b75", "card-pile-frozen": "#006b75",
                                    "card-bonus": "#8a5a00", "card-cheat": "#c2005b",
                                    "nogginate-clubs": "#0033cc", "nogginate-diamonds": "#e65100",
                                    "nogginate-hearts": "#6a00a8", "nogginate-spades": "#00701a"}},
    suits={SUITS: {Suit.CLUBS: "nogginate-clubs", Suit.DIAMONDS: "nogginate-diamonds",
                   Suit.HEARTS: "nogginate-hearts", Suit.SPADES: "nogginate-spades"}},
)

register_palette(PALETTE)
