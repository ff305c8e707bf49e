"""Every rule id of the binding rules is named by a test that asserts on that rule.

A test names a rule when the id is in the test function's name (``test_nw_13_...``; ``test_nw_15_16_...`` names
both, ``test_nw_p3_...`` names NW-P3), in its docstring (or its test class's docstring), or in a pytest param id
(``pytest.param(..., id="NW-3")``, ``ids=[...]``). A comment, a module docstring or a helper's name does not count:
those say where a rule is touched, not which test would fail if it broke.

The rule ids come from the binding rules: the repository's copy of them, ``docs/rules/binding/<game>.md``, which
must be the same as the originals where those are beside the checkout (``../shared/rules/<game>.md``; CI lays
``shared/`` next to the clone). The committed list of their ids, ``tests/rule_ids.txt``, must agree with them. A game
whose binding rules were written with it keeps them in its own engine package instead (``engines/<game>/RULES.md``),
and the list does not name it. Refresh the copy and the list with::

    cp ../shared/rules/*.md docs/rules/binding/
    .venv/bin/python -m tests.test_rule_coverage > tests/rule_ids.txt
"""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from functools import cache
from pathlib import Path

import pytest

from engines import ENGINE_NAMES

#: One worker parses every test module once (``naming_tests``, cached) for all the games' checks.
pytestmark = pytest.mark.one_process

ROOT = Path(__file__).resolve().parents[1]
#: The originals, beside the checkout where there are (CI), and the repository's copy of them.
RULES = ROOT.parent / "shared" / "rules"
RULES_COPY = ROOT / "docs" / "rules" / "binding"
RULE_IDS_FILE = ROOT / "tests" / "rule_ids.txt"
RULE_ID = re.compile(r"\*\*([A-Z]{2}-P?\d+)\*\*")


def _order(rule_id: str) -> tuple[int, int]:
    number = rule_id.split("-")[1]
    return (1, int(number[1:])) if number.startswith("P") else (0, int(number))


def ids_in_rules(text: str) -> list[str]:
    """The rule ids a rules file defines (each as ``**XX-N**``), in rule order."""
    return sorted(set(RULE_ID.findall(text)), key=_order)


def rule_ids_text() -> str:
    """``tests/rule_ids.txt`` as it should read, from the binding rules (``docs/rules/binding``)."""
    lines = [
        "# The rule ids of the binding rules (../shared/rules/<game>.md), used by tests/test_rule_coverage.py where",
        "# those files are not beside the checkout. Regenerate: .venv/bin/python -m tests.test_rule_coverage > tests/rule_ids.txt",
    ]
    for game in ENGINE_NAMES:
        rules_file = binding_rules(game)
        if rules_file is not None and rules_file.name != "RULES.md":
            lines += [f"{game} {rule_id}" for rule_id in ids_in_rules(rules_file.read_text(encoding="utf-8"))]
    return "\n".join(lines) + "\n"


def binding_rules(game: str) -> Path | None:
    """The file of the game's binding rules: beside the checkout, the repository's copy, or in its engine package
    (``None``: none is here, the committed list of the ids stands in)."""
    for path in (RULES / f"{game}.md", RULES_COPY / f"{game}.md", ROOT / "engines" / game / "RULES.md"):
        if path.is_file():
            return path
    return None


@cache
def committed_rule_ids() -> dict[str, list[str]]:
    ids: dict[str, list[str]] = defaultdict(list)
    for line in RULE_IDS_FILE.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            game, rule_id = line.split()
            ids[game].append(rule_id)
    return dict(ids)


def rule_ids(game: str) -> list[str]:
    rules_file = binding_rules(game)
    if rules_file is not None:
        return ids_in_rules(rules_file.read_text(encoding="utf-8"))
    return committed_rule_ids().get(game, [])


# -- which test names which rule ---------------------------------------------------------------------------------


def ids_in_name(name: str, prefix: str) -> set[str]:
    """``test_nw_15_16_shooters`` -> NW-15, NW-16; ``test_nw_p3_...`` -> NW-P3."""
    found = set()
    for match in re.finditer(rf"(?:^|_){prefix.lower()}((?:_p?\d+)+)(?=_|$)", name):
        found |= {f"{prefix}-{n.upper()}" for n in match.group(1).strip("_").split("_")}
    return found


def ids_in_text(text: str, prefix: str) -> set[str]:
    return {m.upper() for m in re.findall(rf"\b{prefix}-P?\d+\b", text, flags=re.IGNORECASE)}


def _param_ids(decorator: ast.expr) -> list[str]:
    """The strings given as ``id=`` (``pytest.param``) or ``ids=`` (``parametrize``) in a decorator."""
    texts = []
    for node in ast.walk(decorator):
        if isinstance(node, ast.keyword) and node.arg in ("id", "ids"):
            texts += [n.value for n in ast.walk(node.value) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
    return texts


def _tests(body: list[ast.stmt], class_doc: str = ""):
    for node in body:
        if isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            yield from _tests(node.body, ast.get_docstring(node) or "")
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test"):
            yield node, class_doc


@cache
def naming_tests() -> dict[str, set[str]]:
    """Rule id -> the tests (``path::name``) naming it, over every test module."""
    named: dict[str, set[str]] = defaultdict(set)
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        if path.resolve() == Path(__file__).resolve():
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for func, class_doc in _tests(tree.body):
            texts = [ast.get_docstring(func) or "", class_doc, *(t for d in func.decorator_list for t in _param_ids(d))]
            for prefix in _prefixes():
                ids = ids_in_name(func.name, prefix) | {i for t in texts for i in ids_in_text(t, prefix)}
                for rule_id in ids:
                    named[rule_id].add(f"{path.relative_to(ROOT)}::{func.name}")
    return dict(named)


@cache
def _prefixes() -> tuple[str, ...]:
    return tuple(sorted({ids[0].split("-")[0] for game in ENGINE_NAMES if (ids := rule_ids(game))}))


# -- the checks --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", ENGINE_NAMES)
def test_every_rule_id_is_named_by_a_test_asserting_on_it(game):
    ids = rule_ids(game)
    assert ids, f"no rule ids for {game} (in {RULES} or {RULE_IDS_FILE})"
    named = naming_tests()
    uncovered = [rule_id for rule_id in ids if rule_id not in named]
    assert not uncovered, (
        f"{len(uncovered)} of {len(ids)} {game} rules are named by no test (in a test's name, docstring or param "
        f"id): {', '.join(uncovered)}"
    )


@pytest.mark.parametrize("game", ENGINE_NAMES)
def test_tests_name_only_rules_that_exist(game):
    ids = set(rule_ids(game))
    prefix = next(iter(ids)).split("-")[0]
    unknown = {r: sorted(tests) for r, tests in naming_tests().items() if r.startswith(f"{prefix}-") and r not in ids}
    assert not unknown, f"tests name {game} rule ids the rules do not define: {unknown}"


def test_the_repositorys_copy_of_the_binding_rules_is_the_original():
    if not RULES.is_dir():
        pytest.skip(f"the original binding rules are not beside this checkout ({RULES}, laid there by CI): nothing "
                    "to compare docs/rules/binding with")
    originals = {path.name: path.read_text(encoding="utf-8") for path in RULES.glob("*.md")}
    copies = {path.name: path.read_text(encoding="utf-8") for path in RULES_COPY.glob("*.md")}
    assert copies == originals, f"docs/rules/binding differs from {RULES}: cp {RULES}/*.md docs/rules/binding/"


def test_the_committed_rule_ids_match_the_binding_rules():
    def by_game(text: str) -> dict[str, list[str]]:
        ids: dict[str, list[str]] = defaultdict(list)
        for line in text.splitlines():
            if line.strip() and not line.startswith("#"):
                game, rule_id = line.split()
                ids[game].append(rule_id)
        return dict(ids)

    assert by_game(RULE_IDS_FILE.read_text(encoding="utf-8")) == by_game(rule_ids_text()), (
        "tests/rule_ids.txt is out of date: .venv/bin/python -m tests.test_rule_coverage > tests/rule_ids.txt"
    )


@pytest.mark.parametrize(
    ("name", "doc", "expected"),
    [
        ("test_nw_13_watch_kill", "", {"NW-13"}),
        ("test_nw_15_16_shooters", "", {"NW-15", "NW-16"}),
        ("test_nw_p3_watch_channel", "", {"NW-P3"}),
        ("test_stale_prompt", "Refusals keep the state (NW-2, nw-p1).", {"NW-2", "NW-P1"}),
        ("test_news_13", "", set()),
        ("test_night", "NW-130x is no id; NW-1X neither", set()),
    ],
)
def test_what_counts_as_naming_a_rule(name, doc, expected):
    assert ids_in_name(name, "NW") | ids_in_text(doc, "NW") == expected


def test_a_comment_or_a_module_docstring_names_no_rule(tmp_path):
    source = '"""Module: NW-1."""\n\n\ndef test_x():\n    # NW-2\n    assert True  # NW-3\n'
    tree = ast.parse(source)
    (func, class_doc), = _tests(tree.body)
    assert (ast.get_docstring(func) or "") == "" and class_doc == "" and not ids_in_name(func.name, "NW")


if __name__ == "__main__":
    print(rule_ids_text(), end="")
