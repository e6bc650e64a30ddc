"""The table configuration file (engine/config.py): loading, validation, saving.

Every kind of mistake must raise ConfigError naming the file, the key and what
is allowed. Seat counts follow NA-1 (Nags seats 2 to 5).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import config as cfgmod
from engine.games import levels_for
from engine.config import (TableConfig, check_keys, default_config_path, default_table, load_config,
                           load_default_config, parse_config, save_config, theme_names)
from engine.games import GAMES
from engine.games.nags.game import NagsVariant
from engine.seats import SeatSpec
from engine.variants import ConfigError, option_specs

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "config.example.toml"


def write(tmp_path: Path, text: str, name: str = "table.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# -- the example file and the defaults ------------------------------------------

def test_example_config_loads_and_is_the_default_table_with_names():
    cfg = load_config(EXAMPLE)
    assert cfg.game == "nags"
    assert cfg.theme == "felt" and cfg.pace == 0.6 and cfg.seed is None and cfg.log_dir is None
    assert [str(s) for s in cfg.seats] == ["human:You", "ai:easy:Bix", "ai:easy"]
    # Every [rules.nags] value shown is the default, so the example changes no rule.
    assert cfg.rules["nags"] == NagsVariant()


def test_example_config_names_every_option_of_every_available_game_with_its_rule():
    text = EXAMPLE.read_text(encoding="utf-8")
    assigned = set(re.findall(r"^#?\s*([a-z_]+)\s*=", text, flags=re.M))
    for key in cfgmod.TABLE_KEYS:
        if key not in ("seats", "rules", "keys"):
            assert key in assigned, f"table key {key} missing from config.example.toml"
    assert "[[seats]]" in text and "[keys]" in text
    for game_id, game in GAMES.items():
        section = text.split(f"[rules.{game_id}]", 1)
        assert len(section) == 2, f"[rules.{game_id}] missing"
        body = section[1].split("\n[", 1)[0]
        for spec in option_specs(game.variant_class):
            assert re.search(rf"^#?\s*{spec.name}\s*=", body, flags=re.M), f"{spec.name} missing"
            assert spec.rule in body, f"rule {spec.rule} of {spec.name} not named"


def test_default_table_is_nags_with_you_and_two_bots():
    cfg = default_table()
    assert cfg.game == "nags" and cfg.theme == "felt" and cfg.pace == 0.6
    assert [s.kind for s in cfg.seats] == ["human", "ai", "ai"]
    expected = "easy" if "easy" in levels_for("nags") else "random"
    assert [s.level for s in cfg.seats[1:]] == [expected, expected]
    assert cfg.variant_for() == NagsVariant()


def test_default_seats_fall_back_to_random_without_easy(monkeypatch):
    monkeypatch.setattr("engine.games.levels_for", lambda game_id: ["random"])
    assert [str(s) for s in cfgmod.default_seats("nags")] == ["human", "ai:random", "ai:random"]


def test_default_config_path_is_cardtable_config_toml():
    path = default_config_path()
    assert path.name == "config.toml" and path.parent.name == "cardtable"


def test_load_default_config_uses_the_file_only_when_it_exists(tmp_path, monkeypatch):
    path = tmp_path / "cardtable" / "config.toml"
    monkeypatch.setattr(cfgmod, "default_config_path", lambda: path)
    assert load_default_config() == default_table()
    path.parent.mkdir()
    path.write_text('game = "nags"\npace = 0.1\n[[seats]]\nspec = "ai:random"\n[[seats]]\nspec = "human"\n')
    cfg = load_default_config()
    assert cfg.pace == 0.1 and [str(s) for s in cfg.seats] == ["ai:random", "human"]
    assert cfg.source == str(path)


def test_minimal_file_gets_default_seats_and_rules(tmp_path):
    cfg = load_config(write(tmp_path, 'theme = "high-contrast"\n'))
    assert cfg.theme == "high-contrast"
    assert len(cfg.seats) == 3 and cfg.seats[0].is_human
    assert cfg.rules == {} and cfg.variant_for("nags") == NagsVariant()


def test_full_file_values(tmp_path):
    cfg = load_config(write(tmp_path, """
game = "nags"
seed = 42
theme = "felt"
log_dir = "logs"
pace = 1
[[seats]]
spec = "human:Ann"
[[seats]]
spec = "ai:random:Bob"
[rules.nags]
direction_mode = "alternating"
match_games = 3
buying_horses = true
[keys]
rules = "f2"
"""))
    assert cfg.seed == 42 and cfg.pace == 1.0 and isinstance(cfg.pace, float)
    assert cfg.log_dir == tmp_path / "logs"  # relative to the file's folder
    assert cfg.seats == [SeatSpec("human", None, "Ann"), SeatSpec("ai", "random", "Bob")]
    assert cfg.variant_for() == NagsVariant(direction_mode="alternating", match_games=3, buying_horses=True)
    assert cfg.keys == {"rules": "f2"}


def test_log_dir_home_is_expanded(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    cfg = load_config(write(tmp_path, 'log_dir = "~/cardlogs"\n'))
    assert cfg.log_dir == tmp_path / "home" / "cardlogs"


# -- every kind of mistake: file, key and allowed values --------------------------

MISTAKES = [
    # (toml text, key named, fragments of the message)
    ('colour = "red"\n', "colour", ["unknown key", "game, seed, theme, log_dir, pace, undo, seats, rules, keys"]),
    ('undo = "always"\n', "undo", ["unknown undo option 'always'", '"off", "own_turn", "free"']),
    ('undo = false\n', "undo", ["expected a string", '"off", "own_turn", "free"']),
    ('pace = "fast"\n', "pace", ["expected a number", "0.0..10.0"]),
    ("pace = 11\n", "pace", ["out of range", "0.0..10.0"]),
    ("pace = -0.5\n", "pace", ["out of range"]),
    ("seed = -1\n", "seed", ["out of range", "0.."]),
    ('seed = "abc"\n', "seed", ["expected an integer"]),
    ("seed = true\n", "seed", ["expected an integer"]),
    ("seed = 1.5\n", "seed", ["expected an integer"]),
    ('game = "poker"\n', "game", ["unknown game", "nags, noms, spite_malice, nickels, nogginate"]),
    ("game = 3\n", "game", ["expected a string", "nags"]),
    ('theme = "neon"\n', "theme", ["unknown theme", '"felt"', '"high-contrast"']),
    ("log_dir = 5\n", "log_dir", ["expected a string"]),
    ('log_dir = ""\n', "log_dir", ["empty path"]),
    ('seats = "human"\n', "seats", ["array of tables", "[[seats]]"]),
    ('seats = ["human", "ai:easy"]\n', "seats[0]", ["expected a table", 'spec = "human[:NAME]"']),
    ('[[seats]]\nspec = "human"\n[[seats]]\nspec = "robot"\n', "seats[1].spec",
     ["bad seat 'robot'", "human[:NAME] or ai:LEVEL[:NAME]"]),
    ('[[seats]]\nspec = "human"\n[[seats]]\nkind = "ai"\n', "seats[1].kind", ["unknown key", "valid keys are spec"]),
    ('[[seats]]\nspec = "human"\n[[seats]]\nname = "Bob"\n', "seats[1].name", ["unknown key", "spec"]),
    ('[[seats]]\n', "seats[0].spec", ["missing", "ai:LEVEL[:NAME]"]),
    ('[[seats]]\nspec = 7\n', "seats[0].spec", ["expected a string"]),
    ('[[seats]]\nspec = "human"\n[[seats]]\nspec = "ai:grandmaster"\n', "seats[1].spec",
     ["no 'grandmaster' bot for Nags", "levels: random"]),
    ('[[seats]]\nspec = "human"\n[[seats]]\nspec = "ai:easy@2"\n', "seats[1].spec",
     ["only medium and hard take a search budget", "'easy'"]),
    ('[[seats]]\nspec = "human"\n[[seats]]\nspec = "ai:hard@fast"\n', "seats[1].spec",
     ["bad search budget 'fast'", "hard@1.6", "hard@500it"]),
    ('[[seats]]\nspec = "human"\n', "seats", ["Nags needs 2 to 5 seats, not 1"]),
    ('[[seats]]\nspec = "human"\n' + '[[seats]]\nspec = "ai:random"\n' * 5, "seats",
     ["Nags needs 2 to 5 seats, not 6"]),
    ('rules = 3\n', "rules", ["[rules.nags]", "nags, noms"]),
    ('[rules.poker]\nx = 1\n', "rules.poker", ["unknown game", "nags, noms, spite_malice"]),
    ('[rules.nogginate]\nx = 1\n', "rules.nogginate.x", ["unknown option", "use_cheat_cards"]),
    ('[rules.nogginate]\nsteal_return_policy = "me"\n', "rules.nogginate.steal_return_policy",
     ['"next_to_play", "team_choice", "fewest_cards"']),
    ('[rules.nogginate]\nsix_player_teams = "4x1"\n', "rules.nogginate.six_player_teams", ['"3x2", "2x3"']),
    ('[rules]\nnags = 1\n', "rules.nags", ["expected a table"]),
    ('[rules.nags]\nspeed = 2\n', "rules.nags.speed", ["unknown option", "direction_mode", "match_games"]),
    ('[rules.nags]\ndirection_mode = "sideways"\n', "rules.nags.direction_mode",
     ['"fixed", "alternating", "choice"']),
    ('[rules.nags]\nmatch_games = 0\n', "rules.nags.match_games", ["out of range", "1..100"]),
    ('[rules.nags]\nmatch_games = "two"\n', "rules.nags.match_games", ["expected int", "1..100"]),
    ('[rules.nags]\nshuffle_on_recycle = "yes"\n', "rules.nags.shuffle_on_recycle", ["true, false"]),
    ('[rules.nags]\nbuying_horses = true\n', "rules.nags.buying_horses", ["NA-25", "match_games > 1"]),
    ('[keys]\nrules = 3\n', "keys.rules", ["key name", "ctrl+z"]),
    ('[keys]\nrules = "ctrl + r"\n', "keys.rules", ["no spaces"]),
    ('keys = ["q"]\n', "keys", ["[keys]"]),
]


@pytest.mark.parametrize("text,key,fragments", MISTAKES, ids=[m[1] + ":" + m[2][0] for m in MISTAKES])
def test_every_mistake_names_file_key_and_allowed_values(tmp_path, text, key, fragments):
    path = write(tmp_path, text)
    with pytest.raises(ConfigError) as info:
        load_config(path)
    err = info.value
    assert err.source == str(path)
    assert err.key == key
    message = str(err)
    assert message.startswith(f"{path}: {key}: ")
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} not in {message!r}"
    assert "\n" not in message


def test_bad_toml_syntax_names_file_and_line(tmp_path):
    path = write(tmp_path, 'game = "nags"\npace = 0.6\ntheme = felt\n')
    with pytest.raises(ConfigError) as info:
        load_config(path)
    message = str(info.value)
    assert message.startswith(f"{path}: line 3, column 9: bad TOML syntax")


def test_missing_and_unreadable_files(tmp_path):
    with pytest.raises(ConfigError, match="no such config file"):
        load_config(tmp_path / "nope.toml")
    with pytest.raises(ConfigError, match="cannot read the file"):
        load_config(tmp_path)  # a folder
    bad = tmp_path / "latin1.toml"
    bad.write_bytes('game = "nags" # caf\xe9\n'.encode("latin-1"))
    with pytest.raises(ConfigError, match="not UTF-8"):
        load_config(bad)


# -- command-line overrides -------------------------------------------------------

def test_with_overrides_replaces_seats_seed_and_revalidates():
    base = default_table()
    new = base.with_overrides(game="nags", seats=[SeatSpec.parse("ai:random"), SeatSpec.parse("human:Z")],
                              seed=9)
    assert new.seed == 9 and [str(s) for s in new.seats] == ["ai:random", "human:Z"]
    assert base.seed is None and len(base.seats) == 3  # the original is unchanged
    assert base.with_overrides(game="nags").seats == base.seats
    with pytest.raises(ConfigError, match=r"command line: --seat: Nags needs 2 to 5 seats, not 1"):
        base.with_overrides(game="nags", seats=[SeatSpec("human")])
    with pytest.raises(ConfigError, match=r"--seat \(seat 1\): no 'expert' bot for Nags; levels: random"):
        base.with_overrides(game="nags", seats=[SeatSpec("human"), SeatSpec("ai", "expert")])


def test_a_game_that_cannot_be_loaded_is_a_config_error(tmp_path, unloadable_game):
    for text, fragments in (('game = "nogginate"\n', ["game:", "could not be loaded"]),
                            ('[rules.nogginate]\nx = 1\n', ["rules.nogginate:", "could not be loaded"])):
        path = write(tmp_path, text)
        with pytest.raises(ConfigError) as info:
            load_config(path)
        for f in fragments:
            assert f in str(info.value)
    with pytest.raises(ConfigError, match="could not be loaded"):
        default_table().with_overrides(game="nogginate")


def test_variant_for_a_game_that_cannot_be_loaded_raises_unknown_game(unloadable_game):
    from engine.games import UnknownGame
    with pytest.raises(UnknownGame, match="could not be loaded"):
        default_table().variant_for("nogginate")


def test_check_keys_lists_valid_actions():
    cfg = parse_config({"keys": {"rules": "f2", "dance": "d"}}, source="t.toml")
    with pytest.raises(ConfigError, match=r"t.toml: keys.dance: unknown action; valid actions are rules, quit"):
        check_keys(cfg, ["rules", "quit"])
    check_keys(parse_config({"keys": {"quit": "q"}}), ["rules", "quit"])


# -- themes and engine purity -------------------------------------------------------

def test_theme_names_come_from_the_theme_files_felt_first():
    names = theme_names()
    assert names[0] == "felt" and "high-contrast" in names
    files = {p.stem for p in (ROOT / "themes").glob("*.toml")}
    assert set(names) == files


def test_config_module_never_imports_textual_or_rich():
    code = ("import sys, engine.config as c; c.theme_names(); c.load_config(sys.argv[1]); "
            "bad = [m for m in ('textual', 'rich', 'themes') if m in sys.modules]; "
            "sys.exit(', '.join(bad) or 0)")
    proc = subprocess.run([sys.executable, "-c", code, str(EXAMPLE)], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


# -- saving ------------------------------------------------------------------------

def test_save_then_load_gives_the_same_table(tmp_path):
    cfg = TableConfig(game="nags", seed=7, theme="high-contrast", log_dir=tmp_path / "logs", pace=0.25,
                      seats=[SeatSpec("human", None, "Ann"), SeatSpec("ai", "random")],
                      rules={"nags": NagsVariant(direction_mode="choice", match_target=50)},
                      keys={"rules": "f2"})
    path = tmp_path / "sub" / "config.toml"
    save_config(cfg, path)
    assert load_config(path) == cfg
    text = path.read_text()
    assert "match_target = 50" in text and "seed = 7" in text


def test_save_leaves_out_unset_seed_and_log_dir(tmp_path):
    path = tmp_path / "c.toml"
    save_config(default_table(), path)
    text = path.read_text()
    assert "seed" not in text and "log_dir" not in text
    assert load_config(path) == default_table()


names = st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz ", min_size=1,
                max_size=8).map(str.strip).filter(bool)
seat_specs = st.one_of(
    st.builds(lambda n: SeatSpec("human", None, n), st.one_of(st.just(""), names)),
    st.builds(lambda lv, n: SeatSpec("ai", lv, n), st.sampled_from(["random"]), st.one_of(st.just(""), names)),
)


@st.composite
def nags_variants(draw):
    games = draw(st.integers(1, 100))
    target = draw(st.one_of(st.none(), st.integers(1, 2500)))  # NA-21b: at most 2,500
    is_match = games > 1 or target is not None
    horses = draw(st.booleans()) if is_match else False
    return NagsVariant(
        opening_must_include_lowest_card=draw(st.booleans()), allow_voluntary_turn=draw(st.booleans()),
        shuffle_on_recycle=draw(st.booleans()),
        direction_mode=draw(st.sampled_from(["fixed", "alternating", "choice"])),
        match_games=games, match_target=target, buying_horses=horses,
        allow_negative_after_purchase=draw(st.booleans()) if horses else False)


@settings(max_examples=40, deadline=None)
@given(seed=st.one_of(st.none(), st.integers(0, 2**63 - 1)), pace=st.floats(0.0, 10.0),
       theme=st.sampled_from(["felt", "high-contrast"]), seats=st.lists(seat_specs, min_size=2, max_size=5),
       variant=nags_variants())
def test_any_valid_table_survives_save_and_load(tmp_path_factory, seed, pace, theme, seats, variant):
    cfg = TableConfig(seed=seed, pace=pace, theme=theme, seats=seats, rules={"nags": variant})
    path = tmp_path_factory.mktemp("cfg") / "config.toml"
    save_config(cfg, path)
    assert load_config(path) == cfg


def test_dotted_binding_ids_in_keys_are_flattened(tmp_path):
    # `table.hint = "f2"` is a nested TOML table; the binding id is "table.hint".
    path = write(tmp_path, 'game = "nags"\n[keys]\ntable.hint = "f2"\n"app.theme" = "f3"\n')
    assert load_config(path).keys == {"table.hint": "f2", "app.theme": "f3"}
    bad = write(tmp_path, 'game = "nags"\n[keys]\ntable.hint = 3\n', "bad.toml")
    with pytest.raises(ConfigError, match=r"keys\.table\.hint"):
        load_config(bad)


def test_default_seats_fit_each_game():
    """You plus easy bots: 3 seats for Nags (NA-1), 4 for Noms (NO-1), 2 for Spite & Malice (SM-1)."""
    from engine.config import default_seats
    assert [str(s) for s in default_seats("nags")] == ["human", "ai:easy", "ai:easy"]
    assert len(default_seats("noms")) == 4 and len(default_seats("spite_malice")) == 2


def test_playing_another_game_than_the_file_keeps_only_seats_that_fit(tmp_path):
    # No file at all, then `cardtable play spite_malice`: the default table's 3 Nags seats do not fit.
    cfg = default_table().with_overrides(game="spite_malice")
    assert [str(s) for s in cfg.seats] == ["human", "ai:easy"]
    # A file with no [[seats]] for Spite & Malice gets 2 seats.
    path = write(tmp_path, 'game = "spite_malice"\n[rules.spite_malice]\ngame_type = "SNM_A_SHORT"\n')
    assert len(load_config(path).seats) == 2
    # Seats that fit the other game are kept; explicit --seat seats are always checked.
    two = write(tmp_path, 'game = "nags"\n[[seats]]\nspec = "human:Ann"\n[[seats]]\nspec = "ai:random"\n', "two.toml")
    assert [str(s) for s in load_config(two).with_overrides(game="spite_malice").seats] == ["human:Ann", "ai:random"]
    with pytest.raises(ConfigError, match="--seat"):
        load_config(two).with_overrides(game="spite_malice", seats=[SeatSpec("human")] * 3)


# -- an option that is a table of options (Nickels' penalty_values, NK-6) ---------------

def test_a_table_option_takes_a_toml_table_and_keeps_unnamed_entries_at_their_defaults(tmp_path):
    path = tmp_path / "t.toml"
    path.write_text('game = "nickels"\n[rules.nickels]\npenalty_values = { joker = 40, ace = 15 }\n',
                    encoding="utf-8")
    cfg = load_config(path)
    pv = cfg.variant_for("nickels").penalty_values
    assert (pv.joker, pv.ace, pv.ten_to_king, pv.two_to_nine) == (40, 15, 10, 5)
    out = tmp_path / "saved.toml"
    save_config(cfg, out)
    assert load_config(out).variant_for("nickels") == cfg.variant_for("nickels")


@pytest.mark.parametrize("body, key, words", [
    ("penalty_values = { jokers = 40 }", "rules.nickels.penalty_values.jokers",
     ["unknown option", "joker, ace, ten_to_king, two_to_nine"]),
    ("penalty_values = { joker = -1 }", "rules.nickels.penalty_values.joker", ["out of range", "0..1000"]),
    ("penalty_values = 50", "rules.nickels.penalty_values", ["expected a table", "joker"]),
])
def test_a_wrong_entry_of_a_table_option_names_the_whole_key(tmp_path, body, key, words):
    path = tmp_path / "t.toml"
    path.write_text(f'game = "nickels"\n[rules.nickels]\n{body}\n', encoding="utf-8")
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert err.value.key == key and str(path) in str(err.value)
    for w in words:
        assert w in err.value.message
