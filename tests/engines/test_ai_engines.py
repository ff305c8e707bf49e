"""Issue 31: the engine speed-ups a computer player's search rests on list exactly what the rules did.

Ghost at Home's :func:`~engines.ghost_at_home.moves.legal_turn_args` skips the checks its candidate generators
cannot fail; over seeded random playouts (2-4 players) it lists the same turn actions, in the same order, as the
checked definition (GH-7, GH-10 .. GH-27) at every step, for every seated player whose turn it is.
"""

from __future__ import annotations

from engines import get_engine
from engines.ghost_at_home.moves import legal_turn_args, legal_turn_args_checked
from engines.playout import random_playout


def test_gh_fast_legal_turn_actions_equal_the_checked_ones():
    engine = get_engine("ghost_at_home")
    compared = 0

    def hook(before, action, state, events):
        nonlocal compared
        if state.outcome is None and state.phase == "turn":
            assert list(legal_turn_args(state, state.current)) == list(legal_turn_args_checked(state, state.current))
            compared += 1

    for seed in range(12):
        random_playout(engine, [f"p{i}" for i in range(2 + seed % 3)], f"fast/{seed}", on_step=hook, check=True)
    assert compared > 200
