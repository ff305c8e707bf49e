"""The offline table plays Ghost at Home: ``--auto`` to a winner, deterministic per seed; ``--save`` and
``replay``; hotseat shows the houses as text and asks the prompted player; every event is worded in en/ru/cs."""

from __future__ import annotations

import ast
import io
import re
from pathlib import Path

import pytest

from engines.__main__ import Table as OfflineTable
from engines.__main__ import _ask
from engines.playout import random_playout
from tests.engines.ghost_at_home.helpers import GH
from tests.engines.offline_table import auto_game_replays
from translations import LANGUAGES, bundle, render_event

LOCALES = Path(__file__).resolve().parents[3] / "data" / "locales"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_auto_play_reaches_a_winner_deterministically_and_replays(tmp_path, players):
    assert auto_game_replays("ghost_at_home", players, "5", tmp_path).startswith("Outcome: escaped; winners: P")


def test_hotseat_shows_the_houses_and_asks_the_prompted_player():
    record = {"engine": "ghost_at_home", "players": ["A", "B", "C"], "options": {}, "seed": "5", "log": []}
    out = io.StringIO()
    table = OfflineTable(GH, record, out, reveal=False)
    action = _ask(GH, table, out, io.StringIO("x\n1\n"))
    text = out.getvalue()
    assert "--- A, your move (gh.prompt_turn) ---" in text
    assert "A - 3 cards (to play, you)" in text and "3 dark | -" in text and "Your hand: " in text
    assert "Type a number" in text
    assert action.player == "A" and action == GH.legal_actions(table.state, "A")[0]


def _message_ids(lang: str) -> set[str]:
    text = (LOCALES / lang / "ghost_at_home.ftl").read_text(encoding="utf-8")
    return set(re.findall(r"^(gh-[\w-]+) =", text, flags=re.MULTILINE))


def test_every_message_exists_in_every_language():
    ids = {lang: _message_ids(lang) for lang in LANGUAGES}
    assert ids["en"] and all(ids[lang] == ids["en"] for lang in LANGUAGES), {
        lang: ids[lang] ^ ids["en"] for lang in LANGUAGES
    }


def test_every_event_error_and_prompt_is_worded_in_every_language():
    games = [random_playout(GH, ["a", "b", "c"][: 2 + i % 2], seed=i, check=False, keep_events=True, host_rate=0.01)
             for i in range(40)]  # fmt: skip
    events = [e for g in games for e in g.events]
    codes = _error_codes()
    assert {"lower_floors_first", "not_enough_bulbs", "not_your_window"} <= codes
    for lang in LANGUAGES:
        b = bundle(lang)
        for event in events:
            assert b.has_message(event.key.replace(".", "-")), (lang, event.key)
            text = render_event(lang, event.key, event.params, {"a": "Ann", "b": "Bob", "c": "Cid"})
            assert "{" not in text and "gh-" not in text, (lang, event.key, text)
        for code in codes:
            assert b.has_message(f"gh-error-{code}"), (lang, code)
        for key in ("gh-prompt_turn", "gh-prompt_cat", "gh-prompt_ghost"):
            assert b.has_message(key)


def _error_codes() -> set[str]:
    """Every IllegalAction code the engine's source can raise: ``require(cond, "code", ...)`` and
    ``IllegalAction("code", ...)``."""
    codes = set()
    for path in (Path(__file__).resolve().parents[3] / "engines" / "ghost_at_home").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                position = {"require": 1, "IllegalAction": 0}.get(node.func.id)
                if position is not None and isinstance(node.args[position], ast.Constant):
                    codes.add(node.args[position].value)
    return codes
