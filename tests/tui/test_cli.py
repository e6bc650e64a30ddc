"""The ``cardtable`` command line (tui/cli.py), driven through typer's CliRunner.

The full-screen app is replaced by a recorder (``tui.app.run_app``), so these
tests check what the CLI hands the app, not the app itself. Logs come from real
bot-only matches (engine.sim) so verify/resume read genuine files.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from engine.gamelog import read_log, verify_log
from engine.games.nags.game import Nags
from engine.seats import SeatSpec
from engine.sim import run_sim
from engine.variants import option_specs
from tui import cli
from tui.cli import app

ROOT = Path(__file__).resolve().parents[2]
COMMANDS = ["play", "sim", "replay", "resume", "rules", "variants"]


@pytest.fixture(autouse=True)
def isolated_dirs(tmp_path, monkeypatch):
    """No test reads the user's config file or writes to the user's log folder."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture
def app_calls(monkeypatch):
    """Record run_app calls instead of starting Textual."""
    calls: list[tuple[object, dict]] = []
    import tui.app
    monkeypatch.setattr(tui.app, "run_app", lambda table=None, **kw: calls.append((table, kw)))
    return calls


def assert_one_line_error(result, code: int, *fragments: str) -> None:
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    assert lines[0].startswith("cardtable: ")
    for fragment in fragments:
        assert fragment in lines[0], lines[0]


def bot_log(tmp_path: Path, seed: int = 5, name: str = "match.jsonl") -> Path:
    """A finished log of a real three-bot match, written by engine.session."""
    from engine.session import Session
    path = tmp_path / "made" / name
    path.parent.mkdir(exist_ok=True)
    with Session("nags", None, ["ai:random"] * 3, seed=seed, log_path=path) as session:
        session.advance()
        while not session.is_over:
            session.act(session.bot_choose())
    return path


def unfinished_copy(log: Path, dest: Path, keep: int = 12) -> Path:
    """The first ``keep`` lines of a finished log: a match stopped part way."""
    lines = log.read_text().splitlines(keepends=True)
    assert len(lines) > keep + 5
    dest.write_text("".join(lines[:keep]))
    return dest


def config_file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "table.toml"
    path.write_text(text)
    return path


# -- help ----------------------------------------------------------------------------

def test_root_help_lists_every_command(runner):
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    for command in COMMANDS:
        assert command in result.output


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help(runner, command):
    result = runner.invoke(app, [command, "--help"])
    assert result.exit_code == 0, result.output
    assert "Usage" in result.output and command in result.output


def test_root_help_names_every_game_by_its_title(runner):
    """Issue 22: the help said "Nags, Noms and Spite & Malice" while five games are playable."""
    from engine.games import TITLES
    result = runner.invoke(app, ["--help"], env={"COLUMNS": "300"})
    assert result.exit_code == 0
    for title in TITLES.values():
        assert title in result.output


@pytest.mark.parametrize("argv", [["--help"], *([command, "--help"] for command in COMMANDS)])
def test_help_shows_no_value_type_for_a_flag(runner, argv):
    """Issue 22: ``--full``, ``--yes``, ``--verify`` and ``--help`` take no value, yet help showed ``<bool>``."""
    result = runner.invoke(app, argv, env={"COLUMNS": "300"})
    assert result.exit_code == 0
    assert "--help" in result.output and "<bool>" not in result.output


# -- rules and variants -----------------------------------------------------------

def test_rules_full_prints_the_shipped_markdown_plainly_when_not_a_tty(runner):
    result = runner.invoke(app, ["rules", "nags", "--full"])
    assert result.exit_code == 0
    shipped = (ROOT / "engine" / "games" / "nags" / "rules.md").read_text(encoding="utf-8")
    assert result.stdout == shipped
    assert "**NA-1**" in result.stdout  # raw Markdown, not rendered


@pytest.mark.parametrize("game", ["nags", "noms", "spite_malice"])
def test_rules_prints_how_to_play_and_the_tables_keys_by_default(runner, game, monkeypatch):
    monkeypatch.setattr("tui.cli._page", lambda parts: pytest.fail("paged while not a terminal"))
    result = runner.invoke(app, ["rules", game])
    assert result.exit_code == 0, result.output
    howto = (ROOT / "engine" / "games" / game / "howto.md").read_text(encoding="utf-8")
    assert result.stdout.startswith(howto.rstrip())
    assert f"cardtable rules --full {game}" in result.stdout
    assert "## Keys at this table" in result.stdout and "| `h` | Hint |" in result.stdout
    assert "| `z` | Undo |" in result.stdout


def test_rules_in_a_terminal_is_rendered_and_paged(runner, monkeypatch):
    import pydoc
    paged: list[str] = []
    monkeypatch.setattr("tui.cli._stdout_is_terminal", lambda: True)
    monkeypatch.setattr(pydoc, "pager", lambda text, *a, **k: paged.append(text))
    for argv in (["rules", "noms"], ["rules", "noms", "--full"]):
        result = runner.invoke(app, argv)
        assert result.exit_code == 0, result.output
        assert result.stdout == ""  # everything went to the pager
    howto, full = paged
    plain = re.sub(r"\x1b\[[0-9;]*m", "", howto)
    assert "How to play Noms" in plain and "**Aim:**" not in plain  # rendered, not raw Markdown
    assert "Keys at this table" in plain and "Hint" in plain
    assert "NO-15" in re.sub(r"\x1b\[[0-9;]*m", "", full)


def test_paging_uses_no_library_the_app_does_not_depend_on():
    """Issue 22: the pager imported click, which is not a dependency (a fresh install failed).
    In a fresh interpreter, page the rules (the pager itself replaced) and look at ``sys.modules``;
    tests/tui/test_fresh_install.py runs the real command in a terminal on a fresh install."""
    code = """
import pydoc, sys
import tui.cli
tui.cli._stdout_is_terminal = lambda: True
pydoc.pager = lambda text: print(len(text))
sys.argv = ["cardtable", "rules", "nags"]
try:
    tui.cli.main()
except SystemExit as exit:
    assert not exit.code, exit.code
print("click" in sys.modules)
"""
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    paged, click_loaded = out.split()
    assert int(paged) > 500 and click_loaded == "False"


def test_rules_keys_follow_the_configs_key_remapping(runner, tmp_path):
    cfg = tmp_path / "c.toml"
    cfg.write_text('[keys]\n"table.hint" = "f2"\n')
    result = runner.invoke(app, ["--config", str(cfg), "rules", "nags"])
    assert result.exit_code == 0, result.output
    assert "| `F2` | Hint |" in result.stdout


def test_variants_lists_every_option_with_type_default_allowed_rule_and_help(runner):
    result = runner.invoke(app, ["variants", "nags"])
    assert result.exit_code == 0
    blocks = {b.splitlines()[0]: b for b in result.stdout.split("\n\n")[1:] if b.strip()}
    specs = option_specs(Nags.variant_class)
    assert list(blocks) == [s.name for s in specs]
    for s in specs:
        block = blocks[s.name]
        assert f"type: {s.type_name}" in block
        assert f"allowed: {s.allowed}" in block
        assert f"rule: {s.rule}" in block
        assert f"help: {s.help}" in block
    assert 'default: "fixed"' in blocks["direction_mode"]
    assert "default: (none)" in blocks["match_target"]
    assert "default: false" in blocks["buying_horses"]


# -- bad game, bad seat, bad config -------------------------------------------------

@pytest.mark.parametrize("argv", [["rules", "nogginate"], ["variants", "nogginate"], ["play", "nogginate"],
                                  ["sim", "nogginate", "--seat", "ai:random", "--seat", "ai:random"]])
def test_a_game_that_cannot_be_loaded_is_one_message_and_exit_2(runner, app_calls, argv, unloadable_game):
    result = runner.invoke(app, argv)
    assert_one_line_error(result, 2, "Nogginate (nogginate) could not be loaded", "pip install .")
    assert app_calls == []


@pytest.mark.parametrize("argv", [["rules", "poker"], ["variants", "Nags"], ["play", "bridge"]])
def test_unknown_game_is_one_message_and_exit_2(runner, argv):
    assert_one_line_error(runner.invoke(app, argv), 2, "unknown game", "nags, noms, spite_malice, nickels, nogginate")


def test_bad_seat_spec(runner, app_calls):
    result = runner.invoke(app, ["play", "nags", "--seat", "human", "--seat", "robot"])
    assert_one_line_error(result, 1, "bad seat 'robot'", "human[:NAME] or ai:LEVEL[:NAME]")
    assert app_calls == []


def test_bot_level_the_game_lacks(runner):
    result = runner.invoke(app, ["play", "nags", "--seat", "human", "--seat", "ai:expert"])
    assert_one_line_error(result, 1, "no 'expert' bot for Nags", "levels: random, easy, medium, hard")


def test_seat_count_outside_the_game_range(runner):
    result = runner.invoke(app, ["play", "nags", "--seat", "human"])
    assert_one_line_error(result, 1, "Nags needs 2 to 5 seats, not 1")
    result = runner.invoke(app, ["sim", "nags"] + ["--seat", "ai:random"] * 6)
    assert_one_line_error(result, 1, "Nags needs 2 to 5 seats, not 6")


def test_sim_refuses_human_seats(runner):
    result = runner.invoke(app, ["sim", "nags", "--seat", "ai:random", "--seat", "human"])
    assert_one_line_error(result, 1, "seat 1 is a human", "only bots")


@pytest.mark.parametrize("argv_before,argv_after", [([], ["play", "nags", "--config"]),
                                                    (["--config"], []),
                                                    ([], ["sim", "nags", "--seat", "ai:random", "--seat",
                                                          "ai:random", "--config"])])
def test_bad_config_names_file_key_and_allowed_values(runner, app_calls, tmp_path, argv_before, argv_after):
    path = config_file(tmp_path, 'theme = "neon"\n')
    argv = argv_before + [str(path)] + argv_after if argv_before else argv_after + [str(path)]
    result = runner.invoke(app, argv)
    assert_one_line_error(result, 1, f"{path}: theme: unknown theme 'neon'", '"felt"')
    assert app_calls == []


def test_config_with_bad_toml_syntax(runner, tmp_path):
    path = config_file(tmp_path, "pace = \n")
    assert_one_line_error(runner.invoke(app, ["play", "nags", "--config", str(path)]), 1,
                          str(path), "line 1", "bad TOML syntax")


def test_missing_config_file(runner, tmp_path):
    assert_one_line_error(runner.invoke(app, ["--config", str(tmp_path / "nope.toml")]), 1,
                          "no such config file")


def test_broken_default_config_file_is_reported(runner, tmp_path):
    default = tmp_path / "xdg-config" / "cardtable" / "config.toml"
    default.parent.mkdir(parents=True)
    default.write_text("[rules.nags]\nmatch_games = 0\n")
    assert_one_line_error(runner.invoke(app, []), 1, str(default), "rules.nags.match_games", "1..100")


# -- opening the app ------------------------------------------------------------------

def test_no_command_opens_the_setup_screen_with_the_config(runner, app_calls, tmp_path):
    path = config_file(tmp_path, 'theme = "high-contrast"\npace = 0.2\n')
    result = runner.invoke(app, ["--config", str(path)])
    assert result.exit_code == 0, result.output
    [(table, kw)] = app_calls
    assert kw == {"start": "setup"}
    assert table.theme == "high-contrast" and table.pace == 0.2


def test_no_command_without_a_config_file_uses_the_default_table(runner, app_calls):
    from engine.config import default_table
    assert runner.invoke(app, []).exit_code == 0
    assert app_calls[0][0] == default_table()


def test_play_goes_to_the_table_with_the_given_seats_seed_and_log(runner, app_calls, tmp_path):
    log = tmp_path / "mine.jsonl"
    result = runner.invoke(app, ["play", "nags", "--seat", "human:Ann", "--seat", "ai:random:Bob",
                                 "--seed", "11", "--log", str(log)])
    assert result.exit_code == 0, result.output
    [(table, kw)] = app_calls
    assert kw["start"] == "table"
    session = kw["session"]
    assert [str(s) for s in session.seats] == ["human:Ann", "ai:random:Bob"]
    assert session.seed == 11 and table.seed == 11
    assert not log.exists()  # made when the table deals (issue 22)
    session.advance()
    assert read_log(log).header["seed"] == 11


def test_play_uses_config_seats_rules_and_log_dir(runner, app_calls, tmp_path):
    path = config_file(tmp_path, 'log_dir = "logs"\nseed = 3\n[[seats]]\nspec = "ai:random"\n'
                                 '[[seats]]\nspec = "human:Cy"\n[rules.nags]\ndirection_mode = "alternating"\n')
    result = runner.invoke(app, ["play", "nags", "--config", str(path)])
    assert result.exit_code == 0, result.output
    session = app_calls[0][1]["session"]
    assert [str(s) for s in session.seats] == ["ai:random", "human:Cy"]
    assert session.variant.direction_mode == "alternating"
    session.advance()
    [log] = list((tmp_path / "logs").glob("*.jsonl"))
    assert read_log(log).header["rules"]["direction_mode"] == "alternating"


def test_play_refuses_an_existing_log_file(runner, app_calls, tmp_path):
    log = tmp_path / "taken.jsonl"
    log.write_text("")
    result = runner.invoke(app, ["play", "nags", "--log", str(log)])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert app_calls == []


# -- sim --------------------------------------------------------------------------------

def test_sim_prints_the_same_numbers_as_run_sim(runner, tmp_path):
    result = runner.invoke(app, ["sim", "nags", "--seat", "ai:random", "--seat", "ai:random:Zed",
                                 "--games", "4", "--seed", "21", "--log-dir", str(tmp_path / "s")])
    assert result.exit_code == 0, result.output
    out = result.stdout
    for column in ("seat", "spec", "games", "wins", "win %", "95% interval", "won alone", "shared", "mean score"):
        assert column in out
    assert "4 matches, seed 21" in out
    expected = run_sim("nags", None, [SeatSpec("ai", "random"), SeatSpec("ai", "random", "Zed")], 4, 21)
    for row, line in zip(expected.rows, [ln for ln in out.splitlines() if "ai:random" in ln]):
        lo, hi = row["win_rate_ci"]
        assert row["spec"] in line
        assert f"{100 * row['win_rate']:.1f}%" in line
        assert f"{100 * lo:.1f}% - {100 * hi:.1f}%" in line
        assert f"{row['mean_score']:.2f}" in line
        assert f" {row['outright']} " in line and f" {row['ties']} " in line
    assert len(list((tmp_path / "s").glob("*.jsonl"))) == 4


def test_sim_without_seed_prints_the_seed_it_used(runner):
    result = runner.invoke(app, ["sim", "nags", "--seat", "ai:random", "--seat", "ai:random", "--games", "1"])
    assert result.exit_code == 0, result.output
    assert "1 matches, seed " in result.stdout


def test_sim_rejects_zero_games(runner):
    result = runner.invoke(app, ["sim", "nags", "--seat", "ai:random", "--seat", "ai:random", "--games", "0"])
    assert result.exit_code == 2 and "Traceback" not in result.output


# -- replay and verify ---------------------------------------------------------------------

def test_verify_ok_and_bad_line(runner, tmp_path):
    log = bot_log(tmp_path)
    result = runner.invoke(app, ["replay", str(log), "--verify"])
    assert (result.exit_code, result.stdout) == (0, "ok\n")

    lines = log.read_text().splitlines(keepends=True)
    bad = tmp_path / "bad.jsonl"
    bad.write_text("".join(lines[:6]) + "{not json\n" + "".join(lines[7:]))
    result = runner.invoke(app, ["replay", str(bad), "--verify"])
    assert result.exit_code == 1
    assert result.stdout.startswith("line 7: ")
    assert result.stdout.count("\n") == 1


def test_verify_catches_an_illegal_action(runner, tmp_path):
    log = bot_log(tmp_path)
    lines = log.read_text().splitlines()
    # The first decision by a seat: make it a play of a card nobody can hold twice.
    i = next(k for k, ln in enumerate(lines) if json.loads(ln).get("actor") not in (None, "chance"))
    obj = json.loads(lines[i])
    obj["action"] = "play 2C 2C 2C 2C 2C"
    lines[i] = json.dumps(obj)
    bad = tmp_path / "illegal.jsonl"
    bad.write_text("\n".join(lines) + "\n")
    result = runner.invoke(app, ["replay", str(bad), "--verify"])
    assert result.exit_code == 1
    assert result.stdout.startswith(f"line {i + 1}: ")


def test_replay_opens_the_replay_screen(runner, app_calls, tmp_path):
    log = bot_log(tmp_path)
    assert runner.invoke(app, ["replay", str(log)]).exit_code == 0
    [(table, kw)] = app_calls
    assert kw == {"start": "replay", "replay_path": log}


def test_replay_missing_file(runner, tmp_path):
    assert_one_line_error(runner.invoke(app, ["replay", str(tmp_path / "gone.jsonl"), "--verify"]), 1,
                          "no such log file")


# -- resume ---------------------------------------------------------------------------------

def test_resume_named_log(runner, app_calls, tmp_path):
    log = bot_log(tmp_path)
    part = unfinished_copy(log, tmp_path / "part.jsonl")
    result = runner.invoke(app, ["resume", str(part)])
    assert result.exit_code == 0, result.output
    [(table, kw)] = app_calls
    assert kw["start"] == "table"
    session = kw["session"]
    assert len(session.history) == len(read_log(part).effective_actions())


def test_resume_finds_the_newest_unfinished_log_in_the_config_log_dir(runner, app_calls, tmp_path):
    log = bot_log(tmp_path)
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "done.jsonl").write_text(log.read_text())
    part = unfinished_copy(log, logs / "part.jsonl", keep=15)
    path = config_file(tmp_path, 'log_dir = "logs"\n')
    result = runner.invoke(app, ["--config", str(path), "resume"])
    assert result.exit_code == 0, result.output
    assert app_calls[0][1]["session"].log_path == part


def test_resume_with_nothing_to_resume(runner, tmp_path):
    path = config_file(tmp_path, 'log_dir = "empty"\n')
    assert_one_line_error(runner.invoke(app, ["--config", str(path), "resume"]), 1, "no unfinished game")


def test_resume_refuses_a_finished_game(runner, app_calls, tmp_path):
    log = bot_log(tmp_path)
    assert_one_line_error(runner.invoke(app, ["resume", str(log)]), 1, "finished game", "cardtable replay")
    assert app_calls == []


def bad_line_log(tmp_path: Path) -> tuple[Path, int]:
    log = bot_log(tmp_path)
    part = unfinished_copy(log, tmp_path / "part.jsonl", keep=14)
    with part.open("a") as f:
        f.write("garbage\n")
    return part, 15


def test_resume_bad_line_asks_and_no_means_no(runner, app_calls, tmp_path):
    part, bad = bad_line_log(tmp_path)
    before = part.read_text()
    result = runner.invoke(app, ["resume", str(part)], input="n\n")
    assert result.exit_code == 1
    assert f"line {bad}: " in result.output and "--yes" in result.output
    assert "not resumed" in result.output
    assert app_calls == [] and part.read_text() == before


def test_resume_bad_line_yes_resumes_up_to_it(runner, app_calls, tmp_path):
    part, bad = bad_line_log(tmp_path)
    result = runner.invoke(app, ["resume", str(part)], input="y\n")
    assert result.exit_code == 0, result.output
    session = app_calls[0][1]["session"]
    assert len(session.history) == len(read_log(part).effective_actions())
    assert verify_log(part).ok  # the bad line was cut (the original is kept as .bak)


def test_resume_bad_line_with_yes_flag_does_not_ask(runner, app_calls, tmp_path):
    part, bad = bad_line_log(tmp_path)
    result = runner.invoke(app, ["resume", str(part), "--yes"])  # no input: a prompt would abort
    assert result.exit_code == 0, result.output
    assert f"line {bad}: " in result.output
    assert len(app_calls) == 1


def test_resume_log_without_header(runner, tmp_path):
    path = tmp_path / "junk.jsonl"
    path.write_text("hello\n")
    assert_one_line_error(runner.invoke(app, ["resume", str(path)]), 1, "line 1", "no game to resume")


def test_expected_errors_include_log_replay_error():
    from engine.gamelog import LogReplayError
    assert LogReplayError in cli._expected_errors()


def test_logs_written_by_sim_verify(runner, tmp_path):
    """`cardtable sim --log-dir` must write logs that `cardtable replay --verify` accepts."""
    folder = tmp_path / "simlogs"
    result = runner.invoke(app, ["sim", "nags", "--seat", "ai:random", "--seat", "ai:random", "--games", "2",
                                 "--seed", "4", "--log-dir", str(folder)])
    assert result.exit_code == 0, result.output
    logs = sorted(folder.glob("*.jsonl"))
    assert len(logs) == 2
    for log in logs:
        result = runner.invoke(app, ["replay", str(log), "--verify"])
        assert (result.exit_code, result.stdout) == (0, "ok\n"), f"{log.name}: {result.stdout}"


def test_readme_starts_with_the_two_commands_ci_runs():
    lines = (ROOT / "README.md").read_text().splitlines()
    assert lines[0] == "python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/cardtable"
    assert lines[1] == ("python3 -m venv .venv && .venv/bin/pip install '.[test]' "
                        "&& .venv/bin/python -m pytest -n auto")
    ci = (ROOT / ".ci" / "run").read_text()
    assert ci.startswith("#!/usr/bin/env bash") and "set -euo pipefail" in ci
    assert 'test_cmd="$(sed -n 2p README.md)"' in ci  # CI runs the README's own line
    import tomllib
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts == {"cardtable": "tui.cli:main"}


def test_documented_key_remap_example_is_accepted(runner, app_calls, tmp_path):
    """Issue 11 part 6: README's ``[keys] rules = "f1"`` and config.example.toml's keys work."""
    readme = (ROOT / "README.md").read_text()
    assert '[keys]' in readme and 'rules = "f1"' in readme
    path = config_file(tmp_path, '[keys]\nrules = "f1"\ntheme = "ctrl+y"\n')
    result = runner.invoke(app, ["--config", str(path)])
    assert result.exit_code == 0, result.output
    example = (ROOT / "config.example.toml").read_text().replace("# rules = ", "rules = ").replace(
        "# theme = ", "theme = ")
    path.write_text(example)
    result = runner.invoke(app, ["--config", str(path)])
    assert result.exit_code == 0, result.output


def test_a_config_error_found_at_start_leaves_no_log(runner, app_calls, tmp_path):
    """Issue 22: a typo in [keys] stopped `play` after its log was made: that header-only log was
    then the "unfinished game" resume and Continue opened, instead of the real one."""
    path = config_file(tmp_path, 'log_dir = "logs"\n[keys]\n"table.hnit" = "f2"\n')
    result = runner.invoke(app, ["play", "nags", "--config", str(path)])
    assert_one_line_error(result, 1, "keys.table.hnit", "did you mean table.hint")
    assert app_calls == [] and list((tmp_path / "logs").glob("*.jsonl")) == []


def test_unknown_key_id_is_a_one_line_startup_error_with_close_matches(runner, app_calls, tmp_path):
    path = config_file(tmp_path, '[keys]\n"table.hnit" = "f2"\n')
    result = runner.invoke(app, ["--config", str(path)])
    assert_one_line_error(result, 1, str(path), "keys.table.hnit", "did you mean table.hint")
    assert app_calls == [] and len(result.output) < 200


@pytest.mark.parametrize("argv,fragments", [
    (["play", "nags", "--seed", "-1"], ["--seed", "greater than or equal to 0", "cardtable play -h"]),
    (["sim", "nags", "--seat", "ai:random", "--seat", "ai:random", "--games", "0"],
     ["--games", "greater than or equal to 1"]),
    (["play", "nags", "--bogus"], ["no such option: --bogus"]),
    (["rules"], ["missing argument"]),
    (["bogus"], ["no such command 'bogus'"]),
])
def test_usage_errors_are_one_line_like_every_other_error(runner, app_calls, argv, fragments):
    """Issue 11 part 6: typer's range and usage errors printed a boxed usage block."""
    result = runner.invoke(app, argv)
    assert_one_line_error(result, 2, *fragments)
    assert "╭" not in result.output and "Usage:" not in result.output
