"""A refusal always names its reason, in the player's language (issue 28, item 3).

Every refusal an engine can give is an :class:`engines.core.IllegalAction` with a stable ``code``, an English
``reason`` and parameters; the bot words it by its code (:func:`bot.wording.refusal_text`, what the cog answers a
refused click with). This test finds every code each engine raises (its source read, not a list kept by hand: a
new code is checked the day it is written), renders each in every language with the parameters the engine gives
it, and refuses:

* a code no catalogue words (the player would read the engine's English ``reason``);
* a text with a placeable left unfilled, or a raw key;
* a generic text ("That is not possible now", "That combination is not allowed here") where the engine gave a
  specific reason, and two codes of one game worded alike though the engine's reasons differ.

One test per game, so that each game's gaps are its own (``-k ghost_at_home``).
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import translations as i18n
from bot.wording import refusal_text
from engines import get_engine
from engines.core import IllegalAction

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted(p.name for p in (ROOT / "engines").iterdir() if (p / "engine.py").exists())
#: Refusals of :mod:`engines.core` no player can meet: seats come from Discord ids, dumps from the database, and a
#: timeout from the clock alone.
INTERNAL = {"bad_player", "bad_dump", "the clock can only time out", "this prompt has no time limit"}
#: The shared texts that say no more than "no": a refusal the engine gave a reason for must not end up as one.
GENERIC_KEYS = ("common.error.bad_action", "common.error.not_legal", "common.error.stale", "common.error.internal")
#: Sample values by parameter name when the engine passes a variable (numbers where the words count them).
NUMBERS = re.compile(r"count|min|max|needed|bulbs|seats|floor|seconds|round|day|night|turn|total|left|have|size")


@dataclass(frozen=True)
class Refusal:
    code: str
    reason: str
    params: dict[str, Any]
    where: str


def _literal(node: ast.AST) -> Any:
    try:
        return ast.literal_eval(node)
    except ValueError:
        return None


def _reason(node: ast.AST) -> str:
    if isinstance(node, ast.JoinedStr):  # an f-string: its constant parts are enough to tell reasons apart
        return "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
    value = _literal(node)
    return value if isinstance(value, str) else "?"


def _sample(name: str, node: ast.AST) -> Any:
    value = _literal(node)
    if isinstance(value, (str, int, float)) and not isinstance(value, bool):
        return value
    return 2 if NUMBERS.search(name) else "x"


def refusals(game: str) -> list[Refusal]:
    """Every ``require(cond, "code", "reason", ...)`` and ``IllegalAction("code", "reason", ...)`` in the engine's
    package (``core``: the shared checks of :mod:`engines.core` every engine runs, but those no player meets)."""
    found = []
    paths = [ROOT / "engines" / "core.py"] if game == "core" else sorted((ROOT / "engines" / game).glob("*.py"))
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            args = node.args[1:] if name == "require" else node.args if name == "IllegalAction" else None
            if args is None or len(args) < 2:
                continue
            code = _literal(args[0])
            if not isinstance(code, str):
                continue
            params = {k.arg: _sample(k.arg, k.value) for k in node.keywords if k.arg}
            if game == "core" and (code in INTERNAL or _reason(args[1]) in INTERNAL):
                continue
            found.append(Refusal(code, _reason(args[1]), params, f"{path.relative_to(ROOT)}:{node.lineno}"))
    return found


def _generic(lang: str) -> set[str]:
    return {i18n.translate(lang, key) for key in GENERIC_KEYS}


@pytest.mark.parametrize("game", [*GAMES, "core"])
def test_every_refusal_an_engine_gives_is_worded_with_its_reason_in_every_language(game: str) -> None:
    prefix = get_engine(game).prefix if game != "core" else "common"
    found = refusals(game)
    assert found, f"no refusal found in engines/{game}: has the way engines refuse changed?"
    gaps = []
    for lang in i18n.LANGUAGES:
        generic = _generic(lang)
        worded: dict[str, Refusal] = {}
        for refusal in found:
            exc = IllegalAction(refusal.code, refusal.reason, **refusal.params)
            text = refusal_text(lang, exc, prefix)
            own, shared = f"{prefix}.error.{refusal.code}", f"common.error.{refusal.code}"
            if not (i18n.bundle(lang).has_message(i18n.message_id(own)) or i18n.bundle(lang).has_message(i18n.message_id(shared))):
                gaps.append(f"{lang} {refusal.code} ({refusal.where}): not worded in {lang}; the player reads {text!r}")
                continue
            if "{" in text or "error." in text or "error-" in text:
                gaps.append(f"{lang} {refusal.code} ({refusal.where}): worded with a gap: {text!r}")
            if text in generic:
                gaps.append(f"{lang} {refusal.code} ({refusal.where}): generic {text!r} for {refusal.reason!r}")
            other = worded.setdefault(text, refusal)
            if other.code != refusal.code and other.reason != refusal.reason:
                gaps.append(
                    f"{lang} {refusal.code} and {other.code} ({refusal.where}, {other.where}) both read {text!r}, "
                    f"though the engine says {refusal.reason!r} and {other.reason!r}"
                )
    assert not gaps, "\n".join(dict.fromkeys(gaps))


def test_the_refusal_test_finds_codes_with_their_parameters() -> None:
    """The scan itself: Ghost at Home's light that shows too few bulbs is found, with its count and the need."""
    (bulbs,) = {r.code: r for r in refusals("ghost_at_home")}["not_enough_bulbs"].params.items() - {("needed", 2)}
    assert bulbs[0] == "bulbs"
    text = refusal_text("en", IllegalAction("not_enough_bulbs", "too few", bulbs=4, needed=5), "gh")
    assert "4" in text and "5" in text, text
