"""Every game declares, once and with itself, what the platform needs to know about it, and nothing else lists it.

* **the engine** (``engines/<game>/``, found by :data:`engines.ENGINE_NAMES`): its ``name`` is its package's, a
  two-letter rule and message ``prefix`` of its own, ``player_counts`` that :meth:`Engine.setup` honours exactly,
  binding rules whose ids carry the prefix, a ``<prefix>-name`` and ``<prefix>-rules`` message in every language;
* **the Discord face** (``cogs/<game>/``, found by ``cogs.registry``): a :class:`bot.games.GameUI` for every engine,
  whose reveal cites the game's own rules, whose bench sizes are table sizes it is played by, and whose quiet kinds
  are kinds the engine has;
* **no shared file names a game**: ``bot/``, the shared modules of ``cogs/`` and ``engines/`` name no game
  (:data:`SHARED`), so a new game is its own packages, locale files, guide and tests, and nothing more.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import translations as i18n
from bot.games import game_ui, registered
from engines import ENGINE_NAMES, get_engine
from engines.core import HOST, IllegalAction
from tests.test_rule_coverage import rule_ids

ROOT = Path(__file__).resolve().parents[1]
#: Files shared by every game: none of them may name one (by its name, or its rule ids).
SHARED = sorted(
    [
        *(ROOT / "bot").rglob("*.py"),
        *(p for p in (ROOT / "cogs").glob("*.py")),
        *(p for p in (ROOT / "engines").glob("*.py") if p.name != "__main__.py"),
    ]
)
#: The games added since the first five (not offered to servers yet): named nowhere shared, not even in a comment.
#: (The first five's rule ids stand in some shared comments, as examples of what a mechanism was built for.)
NEWEST = [ui.name for ui in registered() if not ui.playable]


@pytest.mark.parametrize("game", ENGINE_NAMES)
def test_the_engine_declares_its_name_prefix_and_player_counts(game):
    engine = get_engine(game)
    assert engine.name == game
    assert re.fullmatch(r"[a-z]{2}", engine.prefix), engine.prefix
    others = [get_engine(g).prefix for g in ENGINE_NAMES if g != game]
    assert engine.prefix not in others, f"{game}: prefix {engine.prefix} is taken"
    counts = engine.player_counts
    assert counts == tuple(sorted(set(counts))) and counts[0] >= 1
    assert (engine.min_players, engine.max_players) == (counts[0], counts[-1])
    for n in range(max(1, counts[0] - 1), counts[-1] + 2):
        players = [f"p{i}" for i in range(n)]
        try:
            engine.setup(players, {}, seed="counts")
            dealt = True
        except IllegalAction as exc:
            assert exc.code == "player_count", (game, n, exc)
            dealt = False
        assert dealt == (n in counts), f"{game}: {n} players {'are' if dealt else 'are not'} dealt, player_counts says otherwise"


@pytest.mark.parametrize("game", ENGINE_NAMES)
def test_the_engine_has_rules_with_its_prefix_and_its_name_and_rules_in_every_language(game):
    engine = get_engine(game)
    ids = rule_ids(game)
    assert ids, f"{game}: no binding rules (../shared/rules/{game}.md, engines/{game}/RULES.md or tests/rule_ids.txt)"
    assert all(i.startswith(f"{engine.prefix.upper()}-") for i in ids), ids[:5]
    for lang in i18n.LANGUAGES:
        for key in (f"{engine.prefix}.name", f"{engine.prefix}.rules"):
            assert i18n.bundle(lang).has_message(i18n.message_id(key)), f"{lang}: no {i18n.message_id(key)}"
        assert (i18n.LOCALES_DIR / lang / f"{game}.ftl").is_file(), f"{lang}: no {game}.ftl"


def test_every_engine_has_a_discord_face():
    assert sorted(ui.name for ui in registered()) == sorted(ENGINE_NAMES)
    orders = [ui.order for ui in registered()]
    assert len(set(orders)) == len(orders), "two games share a place in the lists"


@pytest.mark.parametrize("game", ENGINE_NAMES)
def test_the_discord_face_declares_what_the_platform_reads(game):
    ui = game_ui(game)
    known = set(rule_ids(game))
    assert ui.reveal.rules() and set(ui.reveal.rules()) <= known, ui.reveal
    assert ui.reveal.seed or ui.reveal.seed_rule, "a seed kept secret names the rule that keeps it"
    assert ui.bench_players and set(ui.bench_players) <= set(ui.engine.player_counts), ui.bench_players
    kinds = _kinds_seen(ui.engine)
    assert set(ui.reveal.hidden) <= kinds, f"hidden kinds the engine never offers: {set(ui.reveal.hidden) - kinds}"
    assert ui.quiet_kinds <= kinds, f"quiet kinds the engine never offers: {ui.quiet_kinds - kinds}"
    if ui.roles_at_end is not None:
        players = [f"p{i}" for i in range(ui.engine.min_players)]
        state, _ = ui.engine.setup(players, {}, seed="roles")
        assert isinstance(ui.roles_at_end(ui.engine.view(state, None)), dict)


def _kinds_seen(engine, games: int = 4, steps: int = 400) -> set[str]:
    """The action kinds a few random games offer."""
    kinds: set[str] = set()
    for g in range(games):
        rng = random.Random(g)
        players = [f"p{i}" for i in range(engine.player_counts[g % len(engine.player_counts)])]
        state, _ = engine.setup(players, {}, seed=f"kinds-{g}")
        for _ in range(steps):
            prompts = engine.prompts(state)
            if not prompts:
                break
            for who in (*players, HOST):
                kinds |= {a.kind for a in engine.legal_actions(state, who)}
            prompt = rng.choice(prompts)
            action = engine.random_action(state, rng.choice(prompt.players), rng)
            if action is None:
                break
            state, _ = engine.apply(state, action)
    return kinds


def _names(game: str) -> list[str]:
    """How a shared file could name ``game``: its name, or one of its rule ids."""
    return [game, rf"\b{get_engine(game).prefix.upper()}-P?\d+\b"]


@pytest.mark.parametrize("game", NEWEST or ["(none)"])
def test_no_shared_file_names_a_game_added_since(game):
    """The newest games (those not offered to servers yet, like the example game) are named nowhere shared: not in
    ``bot/``, not in ``cogs/*.py`` (``cogs/game.py``, ``cogs/registry.py`` ...), not in ``engines/*.py``."""
    if game == "(none)":
        pytest.skip("every game is offered to servers")
    named = {str(p.relative_to(ROOT)) for p in SHARED for pattern in _names(game) if re.search(pattern, p.read_text(encoding="utf-8"))}
    assert not named, f"{game} is named in shared files: {sorted(named)}"


def test_shared_code_names_no_game():
    """``bot/`` and the shared modules of ``cogs/`` and ``engines/`` name no game in their code: a game's name in a
    string or an identifier. (The five first games' rule ids may stand in comments as examples of a mechanism.)"""
    names = re.compile(r"""["'](?:%s)["']""" % "|".join(ENGINE_NAMES))
    found = {}
    for path in SHARED:
        for line in path.read_text(encoding="utf-8").splitlines():
            if names.search(line) and not line.strip().startswith(">>>"):  # a doctest's example may name one
                found[str(path.relative_to(ROOT))] = line.strip()
    assert not found, f"shared code names games: {found}"


@pytest.mark.parametrize(
    ("lang", "midnight_hunt", "kdyz_snim"),
    [("en", "2 or 4 players", "4–10 players"), ("ru", "2 или 4 игрока", "4–10 игроков"), ("cs", "2 nebo 4 hráči", "4–10 hráčů")],
)
def test_mh_11_the_rules_header_says_2_or_4_players_not_a_range(lang, midnight_hunt, kdyz_snim):
    """Midnight Hunt is played 1v1 or 2v2 (MH-11): its table sizes are 2 and 4, never 3."""
    from cogs.game import players_text
    from engines import get_engine

    assert players_text(lang, get_engine("midnight_hunt").player_counts) == midnight_hunt
    assert players_text(lang, get_engine("kdyz_snim").player_counts) == kdyz_snim
