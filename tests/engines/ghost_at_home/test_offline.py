"""The offline table plays Ghost at Home: ``--auto`` to a winner, deterministic per seed; ``--save`` and
``replay``; hotseat shows the houses as text and asks the prompted player; every event is worded in en/ru/cs."""

from __future__ import annotations

import ast
import io
import re
from pathlib import Path

import pytest

from engines.hotseat import CLEAR, ask
from engines.playout import random_playout
from engines.table import Table as OfflineTable
from engines.table import plain, table_word
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
    table = OfflineTable(GH, record, out, reveal=False, hotseat=True)
    state, prompt = table.state, GH.prompts(table.state)[0]
    # Enter: A takes the screen handed to them; "x" is no choice; 1 is the first action.
    action = ask(GH, table, out, io.StringIO("\nx\n1\n"))
    text = out.getvalue()
    assert CLEAR in text
    board, private = text.split(CLEAR, 1)[1].split(table_word("en", "table.pass_to", player="A"), 1)
    # the houses, drawn for everyone before the screen is passed to A
    assert "A: 3 cards in hand (to play)" in board and "Floor 3 (dark): no rooms" in board
    # then A's own view: their hand (only there), the prompt as the bot words it, the menu
    hand = plain(render_event("en", "gh.your_hand", {"cards": GH.view(state, "A")["hand"]}))
    assert hand.startswith("Your hand: ") and hand not in board
    assert any("🔒" in line and hand in line for line in private.splitlines()), private
    menu = private.split(table_word("en", "table.seat", player="A"), 1)[1]
    assert menu.index(plain(render_event("en", "gh.prompt_turn", prompt.params))) < menu.index("\n  1. ")
    assert menu.split("\n> ", 1)[1].startswith(table_word("en", "table.pick"))  # "x" answered: pick a number
    assert action.player == "A" and action == GH.legal_actions(state, "A")[0]


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
