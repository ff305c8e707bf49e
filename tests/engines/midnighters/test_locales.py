"""Every event, prompt, enum value and refusal of Midnighters is worded in English, Russian and Czech."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from engines.midnighters.data import ALL_CARDS, LOCATIONS, NIGHTMARES
from engines.playout import random_playout
from tests.engines.midnighters.helpers import MN
from translations import LANGUAGES, bundle, message_id

ENGINE_SOURCE = sorted((Path(__file__).resolve().parents[3] / "engines" / "midnighters").glob("*.py"))


def _ids(lang: str) -> set[str]:
    text = (Path(__file__).resolve().parents[3] / "data" / "locales" / lang / "midnighters.ftl").read_text("utf-8")
    return set(re.findall(r"^(mn-[a-z0-9_-]+) =", text, re.MULTILINE))


def test_the_three_catalogues_hold_the_same_messages():
    assert _ids("en") == _ids("ru") == _ids("cs")


def test_every_event_and_prompt_key_of_random_games_has_a_message():
    keys = set()
    for i in range(15):
        result = random_playout(MN, [f"p{j}" for j in range(2 + i % 5)], seed=f"loc{i}", check=False, keep_events=True)
        keys |= {e.key for e in result.events}
    keys |= {"mn.turn", "mn.window"} | {f"mn.choose_{k}" for k in ("forest", "square", "motel_target", "motel_take")}
    keys |= {"mn.choose_excess", "mn.choose_restaurant", "mn.choose_assign"}
    for lang in LANGUAGES:
        missing = sorted(k for k in keys if not bundle(lang).has_message(message_id(k)))
        assert not missing, (lang, missing)


def test_every_card_location_colour_and_refusal_code_is_worded():
    codes = set()
    for path in ENGINE_SOURCE:  # the code of every require(...) and every refusal activation_refusal returns
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            call = isinstance(node, ast.Call) and getattr(node.func, "id", "") == "require" and len(node.args) > 1
            if call and isinstance(node.args[1], ast.Constant):
                codes.add(node.args[1].value)
            if isinstance(node, ast.FunctionDef) and node.name == "activation_refusal":
                codes |= {
                    r.value.value
                    for r in ast.walk(node)
                    if isinstance(r, ast.Return) and isinstance(r.value, ast.Constant)
                } - {None}
    needed = {f"mn-card-{c}" for c in ALL_CARDS} | {f"mn-location-{loc}" for loc in LOCATIONS}
    needed |= {f"mn-colour-{c}" for c in NIGHTMARES} | {f"mn-error-{c}" for c in codes}
    for lang in LANGUAGES:
        assert needed <= _ids(lang), (lang, sorted(needed - _ids(lang)))
    assert "mn-error-no_actions" in needed and "mn-error-bad_spring" in needed
