"""Keys that surprised at 80x24 (issue 24, the seam): one footer key per move, no stale "why not",
prompts that follow [keys], x not offered when going out is barred, Enter's card named in Noms."""

from __future__ import annotations

from engine.games.nickels.game import Phase as NK
from engine.games.nogginate.game import Phase as NG
from engine.games.noms.game import Phase as NO
from test_keys import reach, phase_is
from tui.games.nickels import ui as nk_ui
from tui.games.nogginate import ui as ng_ui
from tui_support import SessionApp, press, until_human_turn


def _shown(screen, description: str) -> list[str]:
    """The footer's keys showing ``description`` now (enabled and shown)."""
    return [key for key, ab in screen.active_bindings.items()
            if ab.binding.show and ab.enabled and ab.binding.description == description]


def test_prompts_name_the_keys_of_the_table_keymap():
    """A remapped key ([keys]) is the key the prompt names (the table passes its key_label)."""
    nk = reach("nickels", ["human", "ai:random", "ai:random"], phase_is(NK.ACQUIRE)).view(0)
    keys = {"nk.take": "k", "nk.pass": "f7"}
    text = nk_ui.prompt(nk, ["Ann", "Bix", "Cy"], keys=lambda b: keys.get(b, nk_ui.default_key(b)))
    assert "(k)" in text and "(f7)" in text and "(t)" not in text
    ng = reach("nogginate", ["human", "ai:random", "ai:random", "ai:random"], phase_is(NG.ACQUIRE)).view(0)
    text = ng_ui.prompt(ng, ["Ann", "Bix", "Cy", "Dee"],
                        keys=lambda b: "F3" if b == "ng.draw" else ng_ui.default_key(b))
    assert "(F3)" in text and "(d)" not in text


async def test_nickels_a_claim_offer_shows_one_pass_key():
    """On a claim offer space passes: p (which passes too) is not a second "Pass" in the footer."""
    s = reach("nickels", ["human", "ai:random", "ai:random"], phase_is(NK.OFFER))
    app = SessionApp(s)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_human_turn(pilot)
        t = app.table
        assert t.view.phase == NK.OFFER
        assert len(_shown(t, "Pass")) == 1


async def test_a_why_not_goes_once_the_key_would_do_something():
    """Esc with nothing to cancel says so; once a card is selected Esc has something to cancel and
    the stale "Nothing to close or cancel." goes."""
    s = reach("nickels", ["human", "ai:random", "ai:random"], phase_is(NK.PLAY))
    app = SessionApp(s)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_human_turn(pilot)
        t = app.table
        await press(pilot, "escape")
        assert t._status().message_text == "Nothing to close or cancel."
        await press(pilot, "space")
        await pilot.pause()
        assert t.hand.selected_cards()
        assert t._status().message_text != "Nothing to close or cancel."


async def test_nogginate_x_is_not_offered_when_going_out_is_barred():
    """NG-44: one card left and the team short of two closed melds: x (discard and go out) is not in
    the footer, pressing it says why and that s passes; the prompt says so too."""
    s = reach("nogginate", ["human", "ai:random", "ai:random", "ai:random"], phase_is(NG.MELD))
    st = s.state
    st.hands[0] = st.hands[0][:1]
    view = s.view(0)
    assert not any(a for a in view.legal_actions() if str(a).startswith(("discard", "out")))
    app = SessionApp(s)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_human_turn(pilot)
        t = app.table
        assert not _shown(t, "Discard")
        assert "may not go out now" in t._status().prompt_text
        await press(pilot, "x")
        assert "You may not go out now" in t._status().message_text and "s passes" in t._status().message_text


async def test_noms_enter_names_the_card_it_plays():
    """The footer's Enter says which card it plays ("Play A♠"), never a bare "Play"."""
    s = reach("noms", ["human", "ai:random", "ai:random", "ai:random"], phase_is(NO.PLAY))
    app = SessionApp(s)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_human_turn(pilot)
        t = app.table
        plays = [ab.binding.description for ab in t.active_bindings.values() if ab.binding.id == "noms.play"]
        assert plays and all(d.startswith("Play ") and len(d) > len("Play ") for d in plays), plays
