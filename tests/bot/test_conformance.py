"""The game-UI platform's conformance test, run over every registered game (on Discord yet or not).

On many random states of each game, for every open prompt and every player it asks:

* every legal action is reachable from the controls the bot would send (buttons, selects, the multi-select, the
  text modal and the step-by-step picker), and every control decodes back to exactly a legal action;
* every message the presenter makes passes the fake Discord server's own payload validation (custom ids unique
  and at most 100 characters, at most 5 rows of 5 buttons, at most 25 options, content lengths);
* a game with a board renders its board from the public view;
* presenters read the game only through ``Table.view`` / ``Table.legal`` (never the state's own fields).
"""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path

import pytest

from bot import controls as ctl
from bot import decoder
from bot.games import registered
from bot.presenter import Presenter, Table
from bot.render import MIN_WIDTH, RenderContext
from engines.core import HOST, Action
from tests.fakediscord import payloads

GAMES = [ui.name for ui in registered()]
GAME_ID = 987654321987654321  # a Discord-sized id, so the custom ids are as long as they get
STATES_PER_GAME = 12
ROOT = Path(__file__).resolve().parents[2]


def random_states(ui, games: int = STATES_PER_GAME, steps: int = 120):
    """States along seeded random games (players with Discord-sized ids)."""
    engine = ui.engine
    for g in range(games):
        rng = random.Random(f"{ui.name}-{g}")
        n = rng.choice([n for n in engine.player_counts if n <= 8])
        players = [str(10**17 + 1000 * g + i) for i in range(n)]
        state, events = engine.setup(players, {}, seed=f"conf-{g}")
        yield players, None, state, events
        for _ in range(rng.randint(5, steps)):
            prompts = engine.prompts(state)
            if not prompts or state.outcome is not None:
                break
            prompt = rng.choice(prompts)
            action = engine.random_action(state, rng.choice(prompt.players), rng)
            if action is None:
                break
            before = state
            state, events = engine.apply(state, action)
            yield players, before, state, events


def table_for(ui, players) -> Table:
    names = {p: f"Player {i} with a longish display name" for i, p in enumerate(players)}
    return Table(game_id=GAME_ID, engine=ui.engine, lang="en", names=names, guild_name="Conformance", host=players[0])


def _key(action: Action) -> str:
    return json.dumps([action.kind, action.args], sort_keys=True)


@pytest.mark.parametrize("game", GAMES)
def test_every_legal_action_is_reachable_and_every_control_decodes_to_one(game):
    ui = next(u for u in registered() if u.name == game)
    presenter = ui.presenter
    checked = 0
    for players, _before, state, _events in random_states(ui):
        table = table_for(ui, players)
        labels = presenter.labels(table)
        for prompt in ui.engine.prompts(state):
            for player in prompt.players:
                legal = ui.engine.legal_actions(state, player)
                wanted = {_key(a) for a in ctl.playable(legal, prompt.id)}
                reached = decoder.reachable(GAME_ID, prompt.id, legal, labels)
                assert {_key(a) for a in reached} == wanted, (game, prompt.key, player)
                checked += 1
    assert checked > 20


@pytest.mark.parametrize("game", GAMES)
def test_every_message_passes_discords_payload_validation(game):
    ui = next(u for u in registered() if u.name == game)
    presenter = ui.presenter
    for players, before, state, events in random_states(ui):
        table = table_for(ui, players)
        for op in presenter.present(table, before, state, events):
            if op.get("do") in ("post", "edit"):
                _validate(op, game)
        for prompt in ui.engine.prompts(state):
            for player in prompt.players:
                who = players[0] if player == HOST else player
                _validate({"content": "x", "components": presenter.components(table, state, player, prompt)}, game)
                # every picker step the controls lead to is a valid message as well
                for partial in _first_steps(presenter, table, state, player, prompt.id):
                    step = presenter.picker(table, state, player, prompt.id, partial)
                    _validate({"content": presenter.picker_text(table, step), "components": step.components}, game)
                assert who


def _first_steps(presenter: Presenter, table: Table, state, player: str, prompt_id: str) -> list[ctl.Partial]:
    legal = ctl.playable(table.legal(state, player), prompt_id)
    return [ctl.Partial(kind) for kind in dict.fromkeys(a.kind for a in legal)]


def _validate(op: dict, game: str) -> None:
    payload = {k: op[k] for k in ("content", "components", "embeds") if k in op}
    if "content" in payload and not payload["content"]:
        payload["content"] = "x"
    error = payloads.validate_message(payload, partial=op.get("do") == "edit")  # the fake server's own check
    assert error is None, f"{game}: {error}\n{json.dumps(payload)[:1500]}"


@pytest.mark.parametrize("game", [ui.name for ui in registered() if ui.board is not None] or ["none"])
def test_every_board_renders_from_the_public_view(game):
    if game == "none":
        pytest.skip("no game has a board image registered yet")
    ui = next(u for u in registered() if u.name == game)
    for n, (players, _before, state, _events) in enumerate(random_states(ui, games=3, steps=40)):
        if n % 10:  # each board's own tests render many more states; this checks the registry's wiring
            continue
        image = ui.board(ui.engine.view(state, None), RenderContext("en", {p: p[-4:] for p in players}))
        assert image.png.startswith(b"\x89PNG") and image.description
        assert int.from_bytes(image.png[16:20], "big") >= MIN_WIDTH


PRESENTER_SOURCES = sorted(ROOT.glob("cogs/*/presenter.py")) + [ROOT / "bot" / "presenter.py"]
#: The fields of engines.core.State every presenter may read (what is open, whether it is over).
BASE_FIELDS = {"prompts", "outcome", "step", "players"}


@pytest.mark.parametrize("path", PRESENTER_SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_presenters_read_views_not_state(path):
    """``state.<field>`` in a presenter may only name what every state has; the rest comes from the views."""
    tree = ast.parse(path.read_text())
    bad = [
        f"{path.name}:{node.lineno}: state.{node.attr}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id in ("state", "before", "after")
        and node.attr not in BASE_FIELDS
    ]
    assert not bad, bad
