"""A player's view built on the state's public view is the view made from the state alone, in every game.

The bot asks each state's public view first and hands it to :meth:`engines.core.Engine.view` for the players' views
(``public=``, issue 27), so a game that builds its players' views on the public one (Když sním's
``_view_over``) must build exactly what it would have made from scratch; games that do not are checked too, as
the default must ignore what it was handed. Over seeded random games of every engine, every step, every seat.
"""

from __future__ import annotations

import pytest

from engines import available_engines, get_engine
from engines.core import Action
from engines.playout import random_playout


@pytest.mark.parametrize("name", available_engines())
def test_a_players_view_built_on_the_public_view_is_the_view_itself(name):
    engine = get_engine(name)
    compared = 0
    tables = [(seed, n) for seed in range(3) for n in sorted({engine.min_players, engine.max_players})]
    for seed, n in tables:
        players = [str(10**17 + i) for i in range(n)]
        played = random_playout(engine, players, seed, check=False, host_rate=0.1)
        state, _ = engine.setup(players, {}, seed)
        for entry in [None, *played.record["log"]]:
            if entry is not None:
                state, _ = engine.apply(state, Action.from_json(entry))
            public = engine.view(state, None)
            for player in [*players, "400000000000000000"]:  # the seats, and someone who is not seated
                assert engine.view(state, player, public=public) == engine.view(state, player), (seed, state.step, player)
                compared += 1
            assert public == engine.view(state, None)  # and the public view read, not changed, by building on it
    assert compared > 50
