"""Every ``custom_id`` is made by a builder of :mod:`bot.custom_ids`, never written by hand.

The in-game builders (:func:`bot.custom_ids.custom_id`, :func:`~bot.custom_ids.action_id`,
:func:`~bot.custom_ids.picker_id`, :func:`~bot.custom_ids.select_id`, :func:`~bot.custom_ids.multi_select_id`) keep
an id within Discord's 100 characters, falling back to a short hash of the action when it would not fit; the
lobby's and the host panel's (:func:`~bot.custom_ids.lobby_id`, :func:`~bot.custom_ids.host_id` and their
siblings) refuse a field their patterns would not read back and an id over 100 characters. An id written by hand
(``f"np:{game}:…"``, ``f"nh:{game}:{kind}:{prompt}"``) skips both and is refused by Discord the day an argument or
a prompt id grows. This test reads the source of ``bot/`` and ``cogs/`` and refuses any string that builds an id of
a tag (in-game: :data:`bot.custom_ids.TAGS`; the lobby's and the host panel's: :data:`bot.custom_ids.PANEL_TAGS`)
outside the builders' module: an f-string, a literal id, a concatenation, a join or a ``replace`` making ``nc:``,
``np:``, ``nl:``, ``nh:``, ``nls:`` … Reading a tag (``custom_id.startswith("nt:")``) is not building one and is
allowed.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

from bot import custom_ids

ROOT = Path(__file__).resolve().parents[1]
#: Where ids may be written out: the builders themselves, and the patterns that read the panels' ids back (module
#: constants of the builders' module, beside the builders).
BUILDERS = {
    ("bot/custom_ids.py", name) for name in ("custom_id", "picker_id", "select_id", "multi_select_id", "_panel_id", "<module>")
}
ALL_TAGS = (*custom_ids.TAGS, *custom_ids.PANEL_TAGS)
TAG = "|".join(ALL_TAGS)
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
        elif _replaces_with_a_tag(node):
            why = "replace(…) making a tag"
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
    return isinstance(first, ast.Constant) and first.value in ALL_TAGS


def _replaces_with_a_tag(node: ast.AST) -> bool:
    """``cid.replace("nls:", "nlu:")``: an id turned into another tag's by hand."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "replace"):
        return False
    new = node.args[1] if len(node.args) > 1 else None
    return isinstance(new, ast.Constant) and isinstance(new.value, str) and STARTS_ID.match(new.value) is not None


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
    assert not found, "custom ids written by hand; use the builders of bot/custom_ids.py:\n" + "\n".join(found)


def test_the_check_finds_what_it_refuses_and_lets_reading_be():
    bad = '''
def f(game, pid, kind, ctl):
    a = f"np:{game}:{pid}:0:*"
    b = "nc:1:p:ready"
    c = "ns:" + str(game) + ":" + pid
    d = ":".join(["nx", str(game), pid])
    e = "nm:%s:%s" % (game, pid)
    f = f"nl:{game}:join"
    g = f"nh:{game}:{kind}:{pid}"
    h = "nls:" + str(game) + ":narrator"
    i = cid.replace("nls:", "nlu:")
    j = "nhs:1:remove:p"
'''
    lines = sorted(line for line, _ in hand_built(ast.parse(bad)))
    assert lines == [3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
    fine = '''
def g(cid, game, pid, ctl):
    if cid.startswith("nt:") or cid.startswith("nl:"):
        return ctl.picker_id(game, pid, 0, ctl.Partial(), [])
    return f"{cid}:{game}", "lobby:join", custom_ids.lobby_id(game, "join"), cid.replace(":", "-")
'''
    assert list(hand_built(ast.parse(fine))) == []


def test_the_builders_are_where_the_check_allows_them():
    for rel, name in BUILDERS:
        tree = ast.parse((ROOT / rel).read_text(encoding="utf-8"))
        if name != "<module>":
            assert any(isinstance(n, ast.FunctionDef) and n.name == name for n in tree.body), f"{rel} has no {name}()"



def test_the_panels_ids_are_read_back_by_their_patterns_and_kept_within_100_characters():
    """What the lobby's and host panel's builders make, the dynamic items' patterns read back, field for field; a
    field the pattern would not read (a colon in an option's name) or an id over Discord's 100 characters is
    refused when built, not sent to fail on the click."""
    import re

    import pytest

    from bot.codec import CodecError

    cases = [
        (custom_ids.lobby_id(12, "join"), custom_ids.LOBBY_BUTTON, {"game": "12", "what": "join", "extra": None}),
        (custom_ids.lobby_id(12, "settings", 2), custom_ids.LOBBY_BUTTON, {"game": "12", "what": "settings", "extra": "2"}),
        (custom_ids.lobby_select_id(12, "opt", "day_seconds"), custom_ids.LOBBY_SELECT, {"game": "12", "what": "opt", "extra": "day_seconds"}),
        (custom_ids.user_select_id(custom_ids.lobby_select_id(12, "narrator")), custom_ids.LOBBY_USER_SELECT, {"game": "12"}),
        (custom_ids.host_id(12, "pause"), custom_ids.HOST_BUTTON, {"game": "12", "what": "pause", "prompt": None}),
        (custom_ids.host_id(12, "skip", "day#3"), custom_ids.HOST_BUTTON, {"game": "12", "what": "skip", "prompt": "day#3"}),
        (custom_ids.host_select_id(12, "remove", "day#3"), custom_ids.HOST_SELECT, {"game": "12", "what": "remove", "prompt": "day#3"}),
    ]
    for cid, pattern, groups in cases:
        match = re.fullmatch(pattern, cid)
        assert match is not None and match.groupdict() == groups, cid
    assert custom_ids.counts_form_id(12, "roles") == "nlm:12:roles"
    for build in (
        lambda: custom_ids.lobby_id(12, "toggle", "a:b"),
        lambda: custom_ids.host_id(12, "skip", "p:q"),
        lambda: custom_ids.host_id(12, "skip", "p" * 100),
        lambda: custom_ids.lobby_select_id(12, "opt", "x" * 100),
    ):
        with pytest.raises(CodecError) as refused:
            build()
        assert refused.value.code == "unencodable"
