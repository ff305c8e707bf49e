"""Every rule id of the binding rules (../shared/rules/<game>.md) is named by at least one test of that game.

A rule is "named" when a test file mentions its id (``NW-13``) or a test is called after it (``test_nw_13_...``,
``test_nw_15_16_...`` covers both). The rules live beside the repository (CI lays ``shared/`` next to the clone).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engines import ENGINE_NAMES

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT.parent / "shared" / "rules"
RULE_ID = re.compile(r"\*\*([A-Z]{2}-P?\d+)\*\*")


def named_ids(text: str, prefix: str) -> set[str]:
    ids = {m.upper() for m in re.findall(rf"\b{prefix}-P?\d+\b", text, flags=re.IGNORECASE)}
    for match in re.finditer(rf"def test_{prefix.lower()}((?:_p?\d+)+)", text):
        ids |= {f"{prefix}-{n.upper()}" for n in match.group(1).strip("_").split("_")}
    return ids


@pytest.mark.parametrize("game", ENGINE_NAMES)
def test_every_rule_id_is_named_by_a_test(game):
    rules_file = RULES / f"{game}.md"
    if not rules_file.exists():
        pytest.skip(f"the binding rules are not beside the repository ({rules_file})")
    ids = set(RULE_ID.findall(rules_file.read_text(encoding="utf-8")))
    assert ids, "no rule ids found in the rules file"
    prefix = next(iter(ids)).split("-")[0]
    tests_dir = ROOT / "tests" / "engines" / game
    text = "\n".join(p.read_text(encoding="utf-8") for p in sorted(tests_dir.rglob("*.py")))
    missing = sorted(ids - named_ids(text, prefix), key=lambda r: (len(r), r))
    assert not missing, f"rules without a test naming them: {', '.join(missing)}"
