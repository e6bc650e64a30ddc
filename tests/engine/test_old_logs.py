"""Logs written before the engine's restructuring (one package per game, lazy
legality, card kinds, observations; commit b54612d, ``cardtable sim --seed 99``)
still replay and verify: every action re-applies, every hash and score matches."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.gamelog import verify_log

OLD_LOGS = sorted((Path(__file__).resolve().parents[1] / "fixtures" / "old_logs").glob("*.jsonl"))


def test_there_is_an_old_log_of_every_game_built_then():
    assert {p.name.split("-")[0] for p in OLD_LOGS} == {"nags", "noms", "spite_malice"}


@pytest.mark.parametrize("path", OLD_LOGS, ids=lambda p: p.name)
def test_an_old_log_verifies(path):
    result = verify_log(path)
    assert result.ok and result.finished, result.reason
