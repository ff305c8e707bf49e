"""Nothing is cut off (issue 29, item 4): every control of every game fits Discord's limits as written, in every
language, with display names as long as Discord lets them be (32 characters).

Over seeded random games of every registered game (found through :mod:`cogs.registry`), each transition is presented
by the game's own presenter in en, ru and cs, with every player's name 32 characters long; every control it sends,
and every picker step a player reaches by clicking through them, is rendered. ``bot.ops`` would shorten a label that
is too long with an ellipsis, cutting it mid-word: here every such cut is recorded instead, and the test fails on
any. A button's label is at most 80 characters, a select option's at most 100 (a placeholder 150). The labels are
short by design: the .ftl strings are worded to fit, never truncated.

Also: no label reads like the engine's notation (hex coordinates ``-1,3``, a location or rule id in brackets):
Midnight Hunt names a hex as its board image labels it (``b1``: a letter along the row, the row from side A's edge).
"""

from __future__ import annotations

import functools
import os
import re
from typing import Any
from unittest import mock

import pytest

from bot import ops
from bot.games import GameUI
from bot.presenter import Table
from cogs.registry import GAMES as REGISTERED
from tests.bot.presenting import components_of, reached_actions, transitions
from translations import LANGUAGES

#: One worker reads every game's controls: each test of a game and language reads the same cached walk (``walked``).
pytestmark = pytest.mark.one_process

#: Discord's longest display name; each player's name is this long (in the script of the language tested).
NAME_LENGTH = 32
NAMES = {
    "en": "Bartholomew Alexander Longname-S",
    "ru": "Александра Константиновна Долгор",
    "cs": "Bartoloměj Alexandr Dlouhojmenný",
}
SEEDS = range(12 if os.environ.get("NOCTURNE_LONG") else 4)
#: The longest labels a game has, which the seeded games must reach for the test to mean anything: Ghost at Home's
#: Cat food and Space hole, Midnighters' springing of a trap.
REACHED = {"ghost_at_home": ("🐟 ", "🌀 "), "midnighters": ("💥 ",)}
#: Every state of a game's start, then every fifth (a long game's states repeat its start's).
EVERY_STATE_UP_TO = 60
GAME_ID = 987654321987654321
#: Engine notation that must not reach a button: a hex ``q,r`` or a rule or location id in brackets.
JARGON = re.compile(r"(?<![\d:])-?\d+,-?\d+(?![\d])|\((?:[A-Z]{1,3}\d*|[A-Z]{2}-[A-Z]?\d+)\)")


def names_for(players: list[str], lang: str) -> dict[str, str]:
    base = NAMES[lang]
    assert len(base) == NAME_LENGTH
    # each name as long as Discord allows, told apart by its last character
    return {p: base[:-1] + str(i % 10) for i, p in enumerate(players)}


def players_for(ui: GameUI) -> list[str]:
    counts = sorted(ui.engine.player_counts)
    n = max(c for c in counts if c <= 6)
    return [str(10**17 + i) for i in range(n)]


@pytest.fixture
def cut(monkeypatch) -> list[tuple[int, str]]:
    """Every text ``bot.ops`` had to shorten (limit, text), instead of shortening it silently."""
    seen: list[tuple[int, str]] = []
    monkeypatch.setattr(ops, "clip", _recording(seen))
    return seen


def _recording(seen: list[tuple[int, str]]):
    original = ops.clip

    def clip(text: str, limit: int = ops.MAX_CONTENT) -> str:
        if len(text) > limit and limit < ops.MAX_CONTENT:
            seen.append((limit, text))
        return original(text, limit)

    return clip


def labels_of(rows: list[dict[str, Any]]) -> list[str]:
    out = []
    for row in rows:
        for c in row.get("components", []):
            out.append(c.get("label") or "")
            out += [o["label"] for o in c.get("options", [])]
    return [label for label in out if label]


@functools.cache
def walked(name: str, lang: str) -> tuple[frozenset[str], tuple[tuple[int, str], ...]]:
    """Every label of every control game ``name`` shows over its seeded games in ``lang`` with 32-character names
    (what it sends, and every picker step reached by clicking through), and every text ``bot.ops`` had to cut."""
    ui = next(ui for ui in REGISTERED if ui.name == name)
    players = players_for(ui)
    table = Table(game_id=GAME_ID, engine=ui.engine, lang=lang, names=names_for(players, lang), guild_name="Dreamland")
    shown: set[str] = set()
    cut: list[tuple[int, str]] = []
    with mock.patch.object(ops, "clip", _recording(cut)):
        for seed in SEEDS:
            for index, (before, after, events, action) in enumerate(transitions(ui.engine, players, seed)):
                if index > EVERY_STATE_UP_TO and index % 5:
                    continue
                actor = action.player if action is not None else None
                for op in ui.presenter.present(table, before, after, events, actor):
                    shown.update(labels_of(op.get("components") or []))
                for prompt in after.prompts:
                    for player in prompt.players:
                        if player not in players:
                            continue
                        rows = ui.presenter.components(table, after, player, prompt)
                        shown.update(labels_of(rows))
                        reached_actions(
                            ui.presenter, table, after, player, prompt.id, rows, lambda step: shown.update(labels_of(step.components))
                        )
    return frozenset(shown), tuple(cut)


GAMES = [ui.name for ui in REGISTERED]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", GAMES)
def test_every_control_fits_with_32_character_names(name: str, lang: str):
    shown, cut = walked(name, lang)
    assert shown, "no control was rendered"
    for icon in REACHED.get(name, ()):
        assert any(label.startswith(icon) for label in shown), f"no {icon}label reached: more seeds needed"
    too_long = sorted({(limit, len(text), text) for limit, text in cut})
    assert not too_long, "\n".join(f"{n} > {limit}: {text}" for limit, n, text in too_long)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", GAMES)
def test_no_control_reads_like_engine_notation(name: str, lang: str):
    shown, _ = walked(name, lang)
    jargon = sorted(label for label in shown if JARGON.search(label))
    assert not jargon, jargon[:10]


def test_the_check_catches_a_cut(cut):
    """The recording above sees what ``bot.ops`` would have shortened."""
    ops.button("x" * 81, "id")
    ops.select("id", [("y" * 101, "v")])
    assert [limit for limit, _ in cut] == [80, 100]
    assert components_of({"components": ops.rows(ops.button("ok", "id"))})[0]["label"] == "ok"
