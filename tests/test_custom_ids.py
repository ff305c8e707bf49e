"""Every in-game ``custom_id`` is made by a builder of :mod:`bot.controls`, never written by hand.

The builders (:func:`bot.controls.custom_id`, :func:`~bot.controls.action_id`, :func:`~bot.controls.picker_id`,
:func:`~bot.controls.select_id`, :func:`~bot.controls.multi_select_id`) keep an id within Discord's 100 characters,
falling back to a short hash of the action when it would not fit; an id written by hand (``f"np:{game}:…"``)
skips that fallback and is refused by Discord the day an argument grows. This test reads the source of ``bot/``
and ``cogs/`` and refuses any string that builds an id of an in-game tag (:data:`bot.controls.TAGS`) outside the
builders: an f-string, a literal id, a concatenation or a join starting with ``nc:``, ``np:``, ``ns:``, ``nx:``,
``nm:`` or ``nt:``. Reading a tag (``custom_id.startswith("nt:")``) is not building one and is allowed.

The lobby's and the host panel's ids (``nl:``, ``nls:``, ``nh:``, …) carry no action and are not covered here.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

from bot import controls as ctl

ROOT = Path(__file__).resolve().parents[1]
#: Where ids may be written out: the builders themselves.
BUILDERS = {("bot/controls.py", name) for name in ("custom_id", "picker_id", "select_id", "multi_select_id")}
TAG = "|".join(ctl.TAGS)
#: A string that starts an id: a tag and a colon (``"np:"`` alone is only read, in a ``startswith``).
STARTS_ID = re.compile(rf"^(?:{TAG}):")
#: A literal id or id template: a tag and at least one more field (``"nc:1:p:ready"``, ``"ns:%s:%s"``).
LITERAL_ID = re.compile(rf"^(?:{TAG}):[^:]*:")


def hand_built(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """``(line, why)`` for every place in ``tree`` that writes an in-game custom id by hand, with the name of the
    function it is in (``why`` ends with ``@<function>``); one finding a line."""
    seen: set[int] = set()
    for node, function in _walk(tree, ""):
        why = None
        if isinstance(node, ast.JoinedStr) and node.values:
            first = node.values[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str) and STARTS_ID.match(first.value):
                why = f"f-string {first.value!r}…"
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and LITERAL_ID.match(node.value):
            why = f"literal {node.value[:40]!r}"
        elif isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod)):
            left = node.left
            while isinstance(left, ast.BinOp):
                left = left.left
            if isinstance(left, ast.Constant) and isinstance(left.value, str) and STARTS_ID.match(left.value):
                why = f"concatenation {left.value!r} + …"
        elif _joins_a_tag(node):
            why = "':'.join of a tag"
        if why is not None and node.lineno not in seen:
            seen.add(node.lineno)
            yield node.lineno, f"{why} @{function or '<module>'}"


def _walk(node: ast.AST, function: str) -> Iterator[tuple[ast.AST, str]]:
    for child in ast.iter_child_nodes(node):
        inner = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) and not function else function
        yield child, inner
        yield from _walk(child, inner)


def _joins_a_tag(node: ast.AST) -> bool:
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "join" and node.args):
        return False
    sep, items = node.func.value, node.args[0]
    if not (isinstance(sep, ast.Constant) and sep.value == ":" and isinstance(items, (ast.List, ast.Tuple)) and items.elts):
        return False
    first = items.elts[0]
    return isinstance(first, ast.Constant) and first.value in ctl.TAGS


def sources() -> Iterator[Path]:
    for folder in ("bot", "cogs"):
        yield from sorted((ROOT / folder).rglob("*.py"))


def test_no_custom_id_is_written_by_hand():
    found = []
    for path in sources():
        rel = path.relative_to(ROOT).as_posix()
        for line, why in hand_built(ast.parse(path.read_text(encoding="utf-8"), filename=rel)):
            if (rel, why.rpartition("@")[2]) not in BUILDERS:
                found.append(f"{rel}:{line}: {why}")
    assert not found, "custom ids written by hand; use the builders of bot/controls.py:\n" + "\n".join(found)


def test_the_check_finds_what_it_refuses_and_lets_reading_be():
    bad = '''
def f(game, pid, kind, ctl):
    a = f"np:{game}:{pid}:0:*"
    b = "nc:1:p:ready"
    c = "ns:" + str(game) + ":" + pid
    d = ":".join(["nx", str(game), pid])
    e = "nm:%s:%s" % (game, pid)
'''
    lines = sorted(line for line, _ in hand_built(ast.parse(bad)))
    assert lines == [3, 4, 5, 6, 7]
    fine = '''
def g(cid, game, pid, ctl):
    if cid.startswith("nt:"):
        return ctl.picker_id(game, pid, 0, ctl.Partial(), [])
    return f"{cid}:{game}", "lobby:join", "nl:1:join"
'''
    assert list(hand_built(ast.parse(fine))) == []


def test_the_builders_are_where_the_check_allows_them():
    for rel, name in BUILDERS:
        tree = ast.parse((ROOT / rel).read_text(encoding="utf-8"))
        assert any(isinstance(n, ast.FunctionDef) and n.name == name for n in tree.body), f"{rel} has no {name}()"
