"""Issue 26, bad input: every input the program reads (config, log, seat spec, key map) gives one
short line and a non-zero exit, never a traceback, Python's own wording or a 900 KB echo; one
validation of a config and one of a log header serve every entry point; ``replay --verify``
names the first bad line and ``resume`` offers only cut points it can resume from.

``docs/inputs.md`` lists every input with its limits and the test below that proves each."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from engine.ai.base import MAX_BUDGET_S, MAX_ITERATIONS, parse_level
from engine.config import load_config
from engine.gamelog import check_header, HeaderError, read_log, verify_log
from engine.inputs import MAX_CONFIG_DEPTH, brief
from engine.seats import MAX_NAME_LENGTH, SeatSpec, SeatSpecError, name_problem, safe_name
from engine.session import Session, plan_resume
from engine.stats import scan_logs
from engine.variants import ConfigError
from tui.cli import app

#: The longest one-line error these tests accept: a path, a key, a short quote and what is allowed.
SHORT = 400
PYTHON_WORDING = ("set_int_max_str_digits", "embedded null byte", "Exceeds the limit", "RecursionError",
                  "Traceback", "line None")


@pytest.fixture
def app_calls(monkeypatch):
    """Record run_app calls instead of starting Textual."""
    calls: list[tuple[object, dict]] = []
    import tui.app
    monkeypatch.setattr(tui.app, "run_app", lambda table=None, **kw: calls.append((table, kw)))
    return calls


def one_short_line(result, *fragments: str) -> str:
    """The output is one short line, exit code non-zero, with ``fragments`` and no Python wording."""
    assert result.exit_code != 0, result.output
    text = result.output.strip()
    assert "\n" not in text, text[:2000]
    assert len(text) <= SHORT, f"{len(text)} characters: {text[:300]}..."
    for bad in PYTHON_WORDING:
        assert bad not in text, text
    for f in fragments:
        assert f in text, text
    return text


def invoke(*args: str, input: str | None = None):
    return CliRunner().invoke(app, list(args), input=input)


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def bot_log(path: Path, seed: int = 5, seats: list[str] | None = None) -> Path:
    """A finished log of a real Nags match, written by engine.session (a human seat plays its first legal move)."""
    with Session("nags", None, seats or ["ai:random"] * 3, seed=seed, log_path=path) as s:
        s.advance()
        while not s.is_over:
            s.act(s.view(s.to_move).legal_actions()[0] if s.is_human(s.to_move) else s.bot_choose())
    return path


def lines_of(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def write_lines(path: Path, lines: list) -> Path:
    path.write_text("".join((x if isinstance(x, str) else json.dumps(x)) + "\n" for x in lines))
    return path


COMMANDS = {  # every command that reads the config (bare ``cardtable`` opens the app on it)
    "cardtable": [],
    "play": ["play", "nags"],
    "sim": ["sim", "nags", "-s", "ai:random", "-s", "ai:random", "-n", "1"],
    "arena": ["arena", "nags", "-s", "ai:random", "-s", "ai:random", "-n", "1"],
    "stats": ["stats"],
    "resume": ["resume"],
}

NESTED = {
    "arrays": "x = " + "[" * 500 + "]" * 500 + "\n",
    "inline tables": "x = " + "{a = " * 500 + "1" + "}" * 500 + "\n",
    "rules value": "[rules.nags]\ndirection_mode = " + "[" * 500 + "]" * 500 + "\n",
}


# -- configs ------------------------------------------------------------------------------------

@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("kind", sorted(NESTED))
def test_a_1kb_config_of_500_nested_arrays_or_tables_is_one_line_for_every_command(tmp_path, app_calls, kind,
                                                                                    command):
    """Before: a RecursionError traceback from tomllib for play, sim, arena, stats, resume and bare cardtable."""
    cfg = write(tmp_path / "deep.toml", NESTED[kind])
    assert cfg.stat().st_size < 3100
    one_short_line(invoke("--config", str(cfg), *COMMANDS[command]), "nested too deeply",
                   f"at most {MAX_CONFIG_DEPTH} levels")
    assert app_calls == []


def test_config_nesting_is_bounded_below_the_recursion_limit_too(tmp_path):
    """A config nested 8 levels (no RecursionError) is refused by the depth bound, naming the key."""
    cfg = write(tmp_path / "deep.toml", "[rules.nickels.penalty_values.a.b.c.d.e]\nx = 1\n")
    with pytest.raises(ConfigError, match=r"rules\.nickels\.penalty_values\.a\.b.*nested too deeply; a config "
                                          r"nests at most 5 levels"):
        load_config(cfg)


def test_an_integer_of_5000_digits_in_a_config_names_its_line(tmp_path):
    """Before: Python's 'Exceeds the limit (4300 digits) ... use sys.set_int_max_str_digits()'."""
    cfg = write(tmp_path / "big.toml", 'game = "nags"\n\nseed = ' + "9" * 5000 + "\n")
    one_short_line(invoke("--config", str(cfg), "stats"), "line 3", "5,000 digits", "at most 19 digits")


def test_a_long_but_readable_integer_is_refused_by_its_key(tmp_path):
    cfg = write(tmp_path / "big.toml", "[rules.nags]\nmatch_games = " + "9" * 300 + "\n")
    one_short_line(invoke("--config", str(cfg), "stats"), "rules.nags.match_games", "300 digits")


def test_a_nul_in_log_dir_is_named_not_embedded_null_byte(tmp_path, app_calls):
    """Before: 'embedded null byte' from the operating system call, naming no key."""
    cfg = write(tmp_path / "nul.toml", 'log_dir = "logs\\u0000x"\n')
    for command in ("play", "stats", "resume"):
        args = ["play", "nags"] if command == "play" else [command]
        one_short_line(invoke("--config", str(cfg), *args), "log_dir", "\\x00")


@pytest.mark.parametrize("text, key", [
    ('game = "{x}"\n', "game"),
    ('theme = "{x}"\n', "theme"),
    ('undo = "{x}"\n', "undo"),
    ('[[seats]]\nspec = "human:{x}"\n', "seats[0].spec"),
    ('[[seats]]\nspec = "ai:{x}"\n', "seats[0].spec"),
    ('[rules.nags]\ndirection_mode = "{x}"\n', "rules.nags.direction_mode"),
    ('[rules.nags]\n"{x}" = 1\n', "rules.nags.xxx"),
    ('[keys]\nhint = "{x}"\n', "keys.hint"),
    ('[keys]\n"{x}" = "h"\n', "keys.xxx"),
])
def test_a_900kb_value_is_quoted_by_a_short_prefix(tmp_path, text, key):
    """Before: the whole 900 KB value was echoed in the error."""
    cfg = write(tmp_path / "huge.toml", text.replace("{x}", "x" * 900_000))
    out = one_short_line(invoke("--config", str(cfg), "stats"), key)
    assert "x" * 60 not in out


def test_sim_refuses_an_unknown_keys_action_as_play_does(tmp_path, app_calls):
    """One validation of a config for every command: before, sim, arena and stats took a [keys]
    action that play refused."""
    cfg = write(tmp_path / "keys.toml", '[keys]\nno_such_action = "f5"\n')
    for command in ("play", "sim", "arena", "stats"):
        one_short_line(invoke("--config", str(cfg), *COMMANDS[command]), "keys.no_such_action", "unknown action")
    assert app_calls == []


def test_a_config_file_just_over_1_mb_says_by_how_much(tmp_path):
    """Before: 'the config file is 1 MB; a config file may be at most 1 MB'."""
    cfg = write(tmp_path / "big.toml", "#" + "x" * 2**20 + "\n")
    one_short_line(invoke("--config", str(cfg), "stats"), "1,048,578 bytes", "at most 1,048,576 bytes (1 MB)")


# -- search budgets, --jobs -----------------------------------------------------------------------

@pytest.mark.parametrize("level", ["hard@99999999999999999999it", "hard@100000", f"hard@{MAX_ITERATIONS + 1}it",
                                   f"medium@{MAX_BUDGET_S + 0.5}", "hard@1" + "0" * 5000 + "it"])
def test_absurd_search_budgets_are_refused_naming_the_limit(tmp_path, level):
    """Before: accepted, and the bot never answered (or Python's 4,300-digit wording)."""
    with pytest.raises(ValueError, match="too large; at most 60 seconds .* or 5,000 iterations"):
        parse_level(level)
    args = ["-s", f"ai:{level}", "-s", "ai:random", "-n", "1"]
    for command in ("sim", "arena"):
        one_short_line(invoke(command, "nags", *args), "too large", "at most 60 seconds", "5,000 iterations")
    cfg = write(tmp_path / "c.toml", f'[[seats]]\nspec = "human"\n[[seats]]\nspec = "ai:{level}"\n')
    one_short_line(invoke("--config", str(cfg), "play", "nags"), "seats[1].spec", "too large")


def test_the_largest_budgets_are_accepted():
    assert parse_level(f"hard@{MAX_ITERATIONS}it") == ("hard", None, MAX_ITERATIONS)
    assert parse_level(f"hard@{MAX_BUDGET_S:g}") == ("hard", MAX_BUDGET_S, None)


def test_arena_jobs_are_capped_at_the_cores_and_the_cap_is_said(monkeypatch):
    import engine.arena as arena
    seen = {}
    real = arena.run_arena
    monkeypatch.setattr(arena, "usable_cores", lambda: 2)
    monkeypatch.setattr(arena, "run_arena", lambda *a, **kw: (seen.update(kw), real(*a, **kw))[1])
    result = invoke("arena", "nags", "-s", "ai:random", "-s", "ai:random", "-n", "1", "--jobs", "64")
    assert result.exit_code == 0, result.output
    assert seen["jobs"] == 2
    assert "--jobs 64: this machine has 2 cores for this process; using 2 worker processes" in result.output


# -- seat names and specs -----------------------------------------------------------------------

def test_seat_names_are_limited_in_terminal_cells_not_characters():
    """Before: a fullwidth name of 24 characters (48 cells) was accepted and wrapped its column."""
    assert name_problem("Ａ" * 24) == ("a seat name may be at most 24 cells wide, not 48 (wide characters "
                                       "such as Ａ or 王 take two cells)")
    assert name_problem("Ａ" * 12) is None and name_problem("x" * MAX_NAME_LENGTH) is None
    assert name_problem("e\u0301" * 24) is None  # a combining accent takes no cell
    with pytest.raises(SeatSpecError, match="24 cells wide"):
        SeatSpec.parse("human:" + "王" * 13)
    shown = safe_name("Ａ" * 30)  # someone else's log: cut to fit the cells
    assert shown.endswith("…") and sum(2 if ch == "Ａ" else 1 for ch in shown) <= MAX_NAME_LENGTH


def test_a_fullwidth_name_is_refused_at_the_command_line(app_calls):
    one_short_line(invoke("play", "nags", "-s", "human:" + "Ａ" * 24, "-s", "ai:random"), "24 cells wide")
    assert app_calls == []


def test_brief_quotes_a_prefix_and_never_converts_a_huge_integer():
    assert brief("x" * 900_000).endswith("(900,000 characters)") and len(brief("x" * 900_000)) < 80
    assert brief(10 ** 5000) == "an integer of 5,001 digits"
    assert brief(json.loads("[" * 500 + "]" * 500)) == "[[[...]]]"


# -- logs ---------------------------------------------------------------------------------------

def test_a_log_header_of_500_nested_arrays_is_a_short_line_1_error(tmp_path):
    path = bot_log(tmp_path / "m.jsonl")
    lines = path.read_text().splitlines()
    header = lines[0].replace('"rules": {', '"rules": {"deep": ' + "[" * 500 + "]" * 500 + ", ", 1)
    write(path, "\n".join([header] + lines[1:]) + "\n")
    out = one_short_line(invoke("replay", "--verify", str(path)), "line 1", "nested too deeply")
    assert out.startswith("line 1: ")
    one_short_line(invoke("resume", str(path)), "line 1", "no game to resume")


def test_an_integer_of_5000_digits_in_a_log_line_is_named_without_pythons_words(tmp_path):
    path = bot_log(tmp_path / "m.jsonl")
    lines = path.read_text().splitlines()
    lines[3] = '{"type": "action", "n": ' + "9" * 5000 + ', "actor": "chance", "action": "x"}'
    write(path, "\n".join(lines) + "\n")
    one_short_line(invoke("replay", "--verify", str(path)), "line 4", "5,000 digits")


def test_a_900kb_action_is_quoted_by_a_short_prefix(tmp_path):
    path = bot_log(tmp_path / "m.jsonl")
    lines = lines_of(path)
    lines[3]["action"] = "y" * 900_000
    write_lines(path, lines)
    out = one_short_line(invoke("replay", "--verify", str(path)), "line 4", "cannot read the action")
    assert "y" * 60 not in out


def test_a_70mb_log_says_its_size_not_line_none(tmp_path):
    """Before: 'line None: cannot read ...: the log is 70 MB; a log may be at most 64 MB'."""
    path = tmp_path / "huge.jsonl"
    with open(path, "wb") as f:
        f.truncate(70 * 2**20)  # sparse: no 70 MB written
    one_short_line(invoke("replay", "--verify", str(path)), "the log is 70 MB", "at most 64 MB")


@pytest.mark.parametrize("spec, fragment", [("ai:genius", "no 'genius' bot for Nags"),
                                            ("ai:hard@99999999999999999999it", "too large"),
                                            ("ai:easy@3", "only medium and hard take a search budget")])
def test_verify_resume_and_stats_judge_a_header_seat_alike(tmp_path, spec, fragment):
    """One check of a log header: before, replay --verify said ok for a seat resume refused."""
    path = bot_log(tmp_path / "logs" / "m.jsonl", seats=["human", "ai:random", "ai:random"])
    lines = lines_of(path)
    lines[0]["seats"][2]["spec"] = spec
    write_lines(path, lines[:12])  # unfinished: resume would otherwise refuse a finished game
    one_short_line(invoke("replay", "--verify", str(path)), "line 1: the header's seat 2", fragment)
    one_short_line(invoke("resume", "--yes", str(path)), "line 1: the header's seat 2", fragment)
    with pytest.raises(HeaderError, match="seat 2"):
        check_header(lines[0])
    assert [p.name for p, _ in scan_logs(path.parent).corrupt] == ["m.jsonl"]


def illegal_then_repeated_n(tmp_path: Path) -> tuple[Path, int]:
    """A log whose action at line k is illegal and whose line k + 1 repeats k's ``n``: returns (path, k)."""
    path = bot_log(tmp_path / "m.jsonl", seed=7)
    lines = lines_of(path)[:25]
    k = next(i for i, x in enumerate(lines) if i > 5 and x["type"] == "action" and x["actor"] != "chance"
             and x["action"].startswith("play"))
    lines[k]["action"] = "play 2C 2D 2H 2S"  # nobody holds all four twos after a deal
    lines[k + 1]["n"] = lines[k]["n"]
    write_lines(path, lines)
    return path, k + 1


def test_verify_names_the_illegal_action_not_the_repeated_n_after_it(tmp_path):
    """Before: 'line k+1: action count n is ...' instead of the illegal action on line k."""
    path, k = illegal_then_repeated_n(tmp_path)
    res = verify_log(path)
    assert (res.line, "is illegal" in res.reason) == (k, True), res


def test_resume_offers_the_cut_before_the_first_bad_line_and_resumes_there(tmp_path, app_calls):
    """Before: the cut offered was before the repeated n, which kept the illegal action: resume failed."""
    path, k = illegal_then_repeated_n(tmp_path)
    result = invoke("resume", "--yes", str(path))
    assert result.exit_code == 0, result.output
    assert f"line {k}: " in result.output
    session = app_calls[0][1]["session"]
    assert len(session.history) == k - 2  # lines 2..k-1 are actions (no hand ended yet)
    session.close()


def test_a_finished_log_with_junk_after_its_result_is_not_offered_a_cut(tmp_path, app_calls):
    """Before: resume asked to resume at the result line, then failed: 'already finished'."""
    path = bot_log(tmp_path / "m.jsonl")
    with path.open("a") as f:
        f.write("junk\n")
    out = one_short_line(invoke("resume", str(path), input="y\n"), "the match ended at line", "cardtable replay")
    assert "Resume the game" not in out and app_calls == []


def test_every_cut_point_resume_offers_can_be_resumed(tmp_path):
    """A finished Nags log damaged at each line in three ways: plan_resume either refuses at once or
    offers a cut that Session.resume resumes."""
    good = bot_log(tmp_path / "good.jsonl", seed=11)
    lines = good.read_text().splitlines()
    offered = 0
    for i in range(1, len(lines)):
        for how in ("garbage", "repeat", "drop"):
            damaged = list(lines)
            if how == "garbage":
                damaged[i] = '{"type": "action"}'
            elif how == "repeat":
                damaged.insert(i, lines[i])
            else:
                del damaged[i]
            path = write(tmp_path / f"cut-{i}-{how}.jsonl", "\n".join(damaged) + "\n")
            plan = plan_resume(path)
            if plan.refusal:
                continue
            offered += 1
            with Session.resume(path, up_to_line=plan.up_to_line) as s:
                assert len(s.history) == len(read_log(path).effective_actions())
    assert offered > len(lines)
