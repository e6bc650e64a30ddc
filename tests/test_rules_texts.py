"""Every game's shipped rules text: each numbered rule is named by a test, and
the text matches the project's clarified rules (``../shared/rules/``) when that
folder is beside the checkout."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.games import SPECS

TESTS = Path(__file__).resolve().parent
SHARED_RULES = TESTS.parent.parent / "shared" / "rules"
RULE_ID = re.compile(r"\*\*([A-Z]{2}-\d+[a-z]?)\*\*")


def _tests_text() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in TESTS.glob("test_*.py"))


@pytest.mark.parametrize("game_id", sorted(SPECS))
def test_every_numbered_rule_is_named_by_a_test(game_id):
    ids = sorted(set(RULE_ID.findall(SPECS[game_id].rules_text())))
    assert ids, "a rules text without numbered rules"
    text = _tests_text()
    unnamed = [i for i in ids if not re.search(rf"(?<![A-Za-z]){i.replace('-', '[-_]')}(?![0-9a-z])", text)]
    assert unnamed == []


@pytest.mark.parametrize("game_id", sorted(SPECS))
def test_the_shipped_rules_are_the_clarified_rules(game_id):
    shared = SHARED_RULES / f"{game_id}.md"
    if not shared.exists():
        pytest.skip("../shared/rules is not beside this checkout")
    assert SPECS[game_id].rules_text() == shared.read_text(encoding="utf-8")
