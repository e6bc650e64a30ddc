"""Every game's shipped rules text: each numbered rule is named by a test, and
the text matches the project's clarified rules (``../shared/rules/``) when that
folder is beside the checkout."""

from __future__ import annotations

import difflib
import re
from pathlib import Path

import pytest

from engine.games import SPECS

TESTS = Path(__file__).resolve().parents[1]
SHARED_RULES = TESTS.parent.parent / "shared" / "rules"
#: A numbered rule where it is stated: ``**NK-13**``, ``**NG-45i**``, ``**NG-C0f**``, ``**NG-C1 Combine.**``.
RULE_ID = re.compile(r"\*\*([A-Z]{2}-C?\d+[a-z]?)(?:\*\*| )")


def _tests_text() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in TESTS.rglob("test_*.py"))


@pytest.mark.parametrize("game_id", sorted(SPECS))
def test_every_numbered_rule_is_named_by_a_test(game_id):
    ids = sorted(set(RULE_ID.findall(SPECS[game_id].rules_text())))
    assert ids, "a rules text without numbered rules"
    text = _tests_text()
    unnamed = [i for i in ids if not re.search(rf"(?<![A-Za-z]){i.replace('-', '[-_]')}(?![0-9a-z])", text)]
    assert unnamed == []


def _added_lines(shared: str, shipped: str) -> list[str]:
    """The lines ``shipped`` adds to ``shared``; raises AssertionError if it changes or drops any shared line."""
    matcher = difflib.SequenceMatcher(None, shared.splitlines(), shipped.splitlines(), autojunk=False)
    added: list[str] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        assert tag in ("equal", "insert"), f"shared rules lines {i1 + 1}-{i2} changed or dropped"
        if tag == "insert":
            added.extend(shipped.splitlines()[j1:j2])
    return added


@pytest.mark.parametrize("game_id", sorted(SPECS))
def test_the_shipped_rules_are_the_clarified_rules_plus_numbered_decisions(game_id):
    """The shipped text keeps every line of ``../shared/rules/<game>.md`` (read-only there) in order and adds
    only numbered DECISIONs the engine needed (and their configuration rows)."""
    shared = SHARED_RULES / f"{game_id}.md"
    if not shared.exists():
        pytest.skip("../shared/rules is not beside this checkout")
    added = _added_lines(shared.read_text(encoding="utf-8"), SPECS[game_id].rules_text())
    for line in added:
        if not line.strip() or line.startswith("| `"):
            continue
        assert RULE_ID.search(line) and "DECISION" in line, f"an added line that is not a numbered DECISION: {line}"


def test_rule_ids_are_found_in_both_forms():
    """The card rules of Nogginate are numbered ``NG-C1`` and carry their name inside the bold."""
    text = "* **NG-C0f** **Powers.** x\n* **NG-C1 Combine.** y\n* **NK-13** z\n* **NG-45i** w\n"
    assert RULE_ID.findall(text) == ["NG-C0f", "NG-C1", "NK-13", "NG-45i"]


def test_an_edited_shared_rule_is_refused():
    shared = "# R\n* **XX-1** one.\n* **XX-2** two.\n"
    assert _added_lines(shared, shared + "* **XX-2a** **DECISION:** more.\n") == ["* **XX-2a** **DECISION:** more."]
    with pytest.raises(AssertionError, match="changed or dropped"):
        _added_lines(shared, shared.replace("two", "three"))
