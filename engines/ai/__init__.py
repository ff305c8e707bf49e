"""Computer players for the games played at a table (issue 31): Ghost at Home, Midnighters and Midnight Hunt.

:func:`decide` is the one entry point. It is pure: it reads only what the seat sees (``view`` is
``engine.view(state, player, known=True)``), draws everything hidden from that seat at random with
:meth:`engines.core.Engine.sample_state` (so two real games that differ only in what the seat cannot see get the
same decision for the same seed), and returns a legal action as its JSON. Levels:

* ``easy``: the game's heuristic (:mod:`engines.ai.policies`) on one sampled state: sensible, instant;
* ``normal``: flat Monte Carlo search over sampled states (:mod:`engines.ai.search`), about 0.1-0.5 s of CPU;
* ``hard``: the same search with a bigger budget (about 1-1.5 s).

Budgets are counts (iterations, candidates, playout depth), never a clock: a decision is deterministic for a seed
and its CPU bounded (``python -m bench.ai`` measures it). Night Watch and Když sním have no computer players: they
are played by talking (docs/computers.md).
"""

from __future__ import annotations

import random

from engines import get_engine
from engines.ai.policies import GAME_AI, best
from engines.ai.search import NEVER, Budget, search

LEVELS = ("easy", "normal", "hard")
GAMES = frozenset({"ghost_at_home", "midnighters", "midnight_hunt"})

#: Search budgets by game and level, calibrated on this project's machine by ``python -m bench.ai`` (normal
#: <= 0.5 s of CPU a decision, hard <= about 1.5 s).
BUDGETS: dict[str, dict[str, Budget]] = {
    # Ghost at Home's hard spends about 1 s: with normal judging by the same fitted evaluation, only a sharper
    # comparison of the same candidates sets hard apart (600 playouts beat normal in 59.4 % of 480 games, 2,000 in
    # 66.0 % of 400: bench/RESULTS.md).
    "ghost_at_home": {"normal": Budget(200, 5), "hard": Budget(2000, 8, halving=True)},
    "midnight_hunt": {"normal": Budget(100, 6), "hard": Budget(700, 10, halving=True)},
    "midnighters": {"normal": Budget(150, 5, prior=0.05), "hard": Budget(320, 6, halving=True)},
}


class NothingToDecide(ValueError):
    """The seat has no choice to make now (not prompted, or only leaving is open)."""


def decide(game: str, view: dict, player: str, level: str, seed: int) -> dict:
    """Pure: choose an action for ``player`` from what that seat sees. ``view`` is exactly
    ``engines.<game>.engine.view(state, player, known=True)``. Returns :meth:`Action.to_json` of an action legal in the real
    state. Bounded CPU per level; deterministic for a given seed."""
    if game not in GAMES:
        raise ValueError(f"no computer players for {game!r}")
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    engine = get_engine(game)
    chooser = random.Random(f"ai/{game}/{level}/{player}/{seed}")
    first = engine.sample_state(view, player, chooser)
    legal = engine.legal_actions(first, player)
    candidates = [a for a in legal if a.kind not in NEVER]
    if not candidates:
        raise NothingToDecide(f"{player} has nothing to decide now")
    if len(candidates) == 1:
        return candidates[0].to_json()
    ai = GAME_AI[game]
    if level == "easy":
        action = best(candidates, lambda a: ai.score(engine, first, player, a), chooser)
    else:
        action = search(engine, game, view, player, BUDGETS[game][level], chooser, first, candidates)
    return action.to_json()


__all__ = ["GAMES", "LEVELS", "NothingToDecide", "decide"]
