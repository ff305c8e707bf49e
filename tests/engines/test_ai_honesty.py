"""Issue 31: computer players are honest by construction.

Each game with computer players samples a full hidden state from one seat's view
(:meth:`engines.core.Engine.sample_state`). Over seeded random playouts, at every step and for every seat: the
sample's view for that seat equals the real view, its legal actions for that seat are the real ones, and it keeps
the game's invariants. Two real states that differ only in what the seat cannot see (a second, independent sample
is such a state: another deal of the unseen cards) give the same decision for the same seed, at every level.
"""

from __future__ import annotations

import json
import os
import random

import pytest

from engines import ai, get_engine
from engines.ai import GAMES, LEVELS, decide
from engines.ai.search import Budget
from engines.core import SAMPLING, Action
from engines.playout import random_playout

#: Whole games checked at every step for every seat, ``NOCTURNE_LONG=1`` twice as many.
SEEDS = 2 if os.environ.get("NOCTURNE_LONG") == "1" else 1
#: (game, players, options, seeds): GH 2 and 4 players, MN 2 and 4, MH 1v1 and 2v2.
TABLES = [
    ("ghost_at_home", 2, {}, 3 * SEEDS),
    ("ghost_at_home", 4, {}, 2 * SEEDS),
    ("midnighters", 2, {"max_turns": 40}, 2 * SEEDS),  # MN-62: a random game runs to 200 turns, alike after 40
    ("midnighters", 4, {"max_turns": 40}, 1 * SEEDS),
    ("midnight_hunt", 2, {}, 2 * SEEDS),
    ("midnight_hunt", 4, {"mode": "2v2"}, 1 * SEEDS),
]


def _plain(data: dict) -> dict:
    return json.loads(json.dumps(data))


@pytest.mark.parametrize(("game", "count", "options", "seeds"), TABLES, ids=lambda v: str(v))
def test_sampled_state_matches_the_seat(game, count, options, seeds):
    engine = get_engine(game)
    checked = 0

    def hook(before, action, state, events):
        nonlocal checked
        if state.outcome is not None:
            return
        for player in state.players:
            view = _plain(engine.view(state, player, known=True))
            assert view.keys() - engine.view(state, player).keys() == {SAMPLING}  # only a computer's view has it
            sample = engine.sample_state(view, player, random.Random(f"{checked}"))
            checked += 1
            assert _plain(engine.view(sample, player, known=True)) == view, f"{game}: the sample's view differs for {player}"
            assert [a.to_json() for a in engine.legal_actions(sample, player)] == [
                a.to_json() for a in engine.legal_actions(state, player)
            ], f"{game}: the sample's legal actions differ for {player}"
            engine.check_invariants(sample)

    for seed in range(seeds):
        random_playout(engine, [f"p{i}" for i in range(count)], seed, options=options, on_step=hook)
    assert checked > 50


def _prompted(engine, state):
    for prompt in state.prompts:
        for player in prompt.players:
            if any(a.kind not in ("leave", "surrender") for a in engine.legal_actions(state, player)):
                return player
    return None


@pytest.mark.parametrize("game", sorted(GAMES))
def test_hidden_differences_do_not_change_the_decision(game, monkeypatch):
    """Two states alike in all the seat sees (the real one and another deal of what it cannot see) decide alike;
    the decision is legal in the real state. (The searches run on small budgets here: the same code, less CPU; hard by sequential halving, as its real budget.)"""
    for level in ("normal", "hard"):
        monkeypatch.setitem(ai.BUDGETS[game], level, Budget(6, 3) if level == "normal" else Budget(10, 3, halving=True))
    engine = get_engine(game)
    played = random_playout(engine, ["p0", "p1"], 3, check=False)
    state, _ = engine.setup(["p0", "p1"], played.record["options"], played.record["seed"])
    compared = 0
    for i, entry in enumerate(played.record["log"][:40]):
        player = _prompted(engine, state)
        if player is not None and i % 4 == 0:
            view = _plain(engine.view(state, player, known=True))
            other = engine.sample_state(view, player, random.Random(i))  # differs only in what `player` cannot see
            assert _plain(engine.view(other, player, known=True)) == view
            for level in LEVELS if i % 8 == 0 else ("easy",):
                chosen = decide(game, view, player, level, seed=i)
                assert chosen == decide(game, _plain(engine.view(other, player, known=True)), player, level, seed=i)
                engine.apply(state, Action.from_json(chosen))  # legal in the real state
            compared += 1
        state, _ = engine.apply(state, Action.from_json(entry))
        if state.outcome is not None:
            break
    assert compared >= 3
