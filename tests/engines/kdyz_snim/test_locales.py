"""Every event, prompt, enum value and refusal of Když sním is worded in English, Russian and Czech."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

from engines.kdyz_snim import ENGINE
from engines.kdyz_snim.roles import CARD_ROLES
from engines.kdyz_snim.state import FATES
from engines.playout import random_playout
from translations import LANGUAGES, bundle, message_id, render_event

ROOT = Path(__file__).resolve().parents[3]
ENGINE_SOURCE = sorted((ROOT / "engines" / "kdyz_snim").glob("*.py"))


def _ids(lang: str) -> set[str]:
    text = (ROOT / "data" / "locales" / lang / "kdyz_snim.ftl").read_text("utf-8")
    return set(re.findall(r"^(ks-[a-z0-9_-]+) =", text, re.MULTILINE))


@cache
def random_events() -> list:
    """Events of random games, played once per process by the first test that reads them (not at collection:
    every worker of the suite collects this module)."""
    events = []
    for i, options in enumerate([{}, {"clue_mode": "voice", "language": "ru"}, {"language": "en"}] * 4):
        result = random_playout(
            ENGINE,
            [f"p{j}" for j in range(4 + i % 7)],
            f"loc{i}",
            options=options,
            check=False,
            keep_events=True,
            host_rate=0.05,
        )
        events += result.events
    return events



def test_the_three_catalogues_hold_the_same_messages():
    assert _ids("en") == _ids("ru") == _ids("cs")


def test_every_event_and_prompt_key_of_random_games_has_a_message():
    keys = {e.key for e in random_events()} | {
        f"ks.{name}" for name in ("dream", "clue", "foul_review", "last_guess", "recap", "next_night")
    }
    assert {"ks.card_changed", "ks.foul_reported", "ks.player_left", "ks.game_over"} <= keys
    for lang in LANGUAGES:
        missing = sorted(k for k in keys if not bundle(lang).has_message(message_id(k)))
        assert not missing, (lang, missing)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_event_renders_without_fluent_errors(lang):
    for event in random_events()[:3000]:
        text = render_event(lang, event.key, event.params)
        assert text != event.key and "{" not in text, (event.key, text)


def test_every_role_fate_reason_and_refusal_code_is_worded():
    codes = set()
    for path in ENGINE_SOURCE:  # the code of every require(condition, code, ...) and IllegalAction(code, ...)
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            position = {"require": 1, "IllegalAction": 0}.get(node.func.id)
            if position is not None and isinstance(node.args[position], ast.Constant):
                codes.add(node.args[position].value)
    needed = {f"ks-error-{c}" for c in codes}
    needed |= {f"ks-role-{r}" for r in ("dreamer", *CARD_ROLES)} | {f"ks-fate-{f}" for f in FATES}
    needed |= {f"ks-reason-{r}" for r in ("words", "same", "translation", "stem", "all_dreamt", "too_few_players")}
    needed |= {f"ks-option-{o.name}" for o in ENGINE.options}
    for lang in LANGUAGES:
        assert needed <= _ids(lang), (lang, sorted(needed - _ids(lang)))
    assert "ks-error-stale_card" in needed and "ks-error-empty_clue" in needed
