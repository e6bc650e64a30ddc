"""Issue 15: every file a person names is bounded: not a regular file, a config
over 1 MB, a log line over 1 MB and a log over its game's bound are one-line
refusals, found without reading the whole file first."""

from __future__ import annotations

import errno
import os
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from engine.config import MAX_CONFIG_BYTES, load_config
from engine.files import FileTooLarge, read_capped, regular_file_size
from engine.gamelog import MAX_LINE_BYTES, read_log, verify_log
from engine.games.nags.game import Nags
from engine.session import Session
from engine.variants import ConfigError
from tui.cli import app


def one_line_error(result, *fragments: str) -> str:
    assert result.exit_code == 1, result.output
    text = result.output.strip()
    assert "\n" not in text and "Traceback" not in text, text
    for f in fragments:
        assert f in text, text
    return text


def nags_log(tmp_path: Path) -> Path:
    path = tmp_path / "match.jsonl"
    with Session("nags", None, ["ai:random"] * 3, seed=2, log_path=path) as s:
        s.advance()
        while not s.is_over:
            s.act(s.bot_choose())
    return path


@pytest.fixture
def fifo(tmp_path):
    path = tmp_path / "pipe"
    os.mkfifo(path)
    return path


# -- config ---------------------------------------------------------------------------------

def test_config_that_is_a_device_is_refused():
    with pytest.raises(ConfigError, match="not a regular file"):
        load_config("/dev/zero")


def test_config_that_is_a_named_pipe_is_refused_without_opening_it(fifo):
    with pytest.raises(ConfigError, match="not a regular file"):  # opening a pipe would block for ever
        load_config(fifo)


def test_config_over_one_megabyte_is_refused(tmp_path):
    big = tmp_path / "big.toml"
    big.write_text('game = "nags"\n' + "# padding\n" * (MAX_CONFIG_BYTES // 10 + 1))
    # issue 26: "1 MB; at most 1 MB" said nothing; equal rounded sizes give the bytes
    with pytest.raises(ConfigError, match=r"the config file is 1,048,594 bytes; a config file may be at most "
                                          r"1,048,576 bytes \(1 MB\)"):
        load_config(big)
    fits = tmp_path / "fits.toml"
    fits.write_text('game = "nags"\n' + "# padding\n" * (MAX_CONFIG_BYTES // 20))
    assert load_config(fits).game == "nags"


def test_cli_config_dev_zero_is_one_line(tmp_path):
    result = CliRunner().invoke(app, ["--config", "/dev/zero", "sim", "nags", "--seat", "ai:random",
                                      "--seat", "ai:random", "-n", "1"])
    one_line_error(result, "/dev/zero", "not a regular file")


def test_read_capped_reads_no_more_than_its_limit(tmp_path):
    p = tmp_path / "x"
    p.write_bytes(b"a" * 100)
    assert read_capped(p, 100) == b"a" * 100
    with pytest.raises(FileTooLarge) as info:
        read_capped(p, 99, "thing")
    assert info.value.errno == errno.EFBIG and "the thing is 100 bytes" in str(info.value.strerror)
    with pytest.raises(OSError, match="not a regular file"):
        regular_file_size(tmp_path)


# -- logs ---------------------------------------------------------------------------------

def test_log_that_is_a_device_or_pipe_is_refused(fifo):
    for path in (Path("/dev/zero"), fifo):
        with pytest.raises(OSError, match="not a regular file"):
            read_log(path)
        res = verify_log(path)
        assert not res.ok and "not a regular file" in res.reason
    for cmd in (["replay", "/dev/zero", "--verify"], ["replay", str(fifo)], ["resume", str(fifo)]):
        one_line_error(CliRunner().invoke(app, cmd), "not a regular file")


def test_a_log_of_blank_lines_is_refused_quickly(tmp_path):
    blank = tmp_path / "blank.jsonl"
    blank.write_bytes(b"\n" * 5_000_000)
    t = time.perf_counter()
    res = verify_log(blank)
    assert time.perf_counter() - t < 3.0  # it took about half a minute per 5 MB before
    assert not res.ok and res.line == 1 and res.reason == "empty line"
    log = read_log(blank)
    assert 1 < len(log.errors) <= 101


def test_a_log_line_over_one_megabyte_stops_the_reader(tmp_path):
    path = nags_log(tmp_path)
    lines = path.read_text().splitlines(keepends=True)
    lines.insert(5, '{"type": "action", "x": "' + "y" * MAX_LINE_BYTES + '"}\n')
    path.write_text("".join(lines))
    log = read_log(path)
    assert log.errors[0].line == 6 and "over 1 MB" in log.errors[0].message
    assert log.total_lines == 6  # nothing after the long line is read
    res = verify_log(path)
    assert not res.ok and res.line == 6


def test_a_log_over_its_games_bound_is_refused_unread(tmp_path, monkeypatch):
    path = nags_log(tmp_path)
    size = path.stat().st_size
    monkeypatch.setattr(Nags, "max_log_bytes", size - 1)
    with pytest.raises(FileTooLarge, match="the log is .*; a log may be at most"):
        read_log(path)
    res = verify_log(path)
    assert not res.ok and "a log may be at most" in res.reason
    one_line_error(CliRunner().invoke(app, ["replay", str(path), "--verify"]), "a log may be at most")
    one_line_error(CliRunner().invoke(app, ["resume", str(path)]), "a log may be at most")
    monkeypatch.setattr(Nags, "max_log_bytes", size)
    assert verify_log(path).ok


def test_the_default_log_bound_is_64_mb():
    assert Nags.max_log_bytes == 64 * 2**20
