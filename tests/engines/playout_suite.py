"""The random-playout checks every engine runs (see :mod:`engines.playout`).

A game's test module calls :func:`run_playouts` with its player counts and, for the privacy invariants, a hook
that inspects every transition. ``NOCTURNE_PLAYOUTS`` sets the number of games; by default 32 per test, and
1,000 (every legal action tried at every step) with ``NOCTURNE_LONG=1``, which is the engine issues' bar.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from engines.core import Engine
from engines.playout import Playout, StepHook, random_playout

DEFAULT_GAMES = 32
LONG_GAMES = 1000
#: Legal actions tried at each step besides the one played (all of them with ``NOCTURNE_LONG=1``): a game with
#: hundreds of legal actions per step checks a different handful at every step of its 1,000 games.
LEGAL_SAMPLE = None if os.environ.get("NOCTURNE_LONG") == "1" else 6
#: Playout tests are split into this many parametrised chunks so pytest-xdist spreads them over the cores.
CHUNKS = 4


def playout_count(default: int | None = None) -> int:
    """How many checked games a playout test plays: ``NOCTURNE_PLAYOUTS``, else 1,000 with ``NOCTURNE_LONG=1``
    (what the engine issues ask for), else 32 so the default suite stays within its time (three minutes on two cores)."""
    if "NOCTURNE_PLAYOUTS" in os.environ:
        return int(os.environ["NOCTURNE_PLAYOUTS"])
    if default is not None:
        return default
    return LONG_GAMES if os.environ.get("NOCTURNE_LONG") == "1" else DEFAULT_GAMES


def run_playouts(
    engine: Engine,
    player_counts: Sequence[int],
    *,
    games: int | None = None,
    seed_prefix: str = "",
    on_step: StepHook | None = None,
    options: dict | None = None,
    host_rate: float = 0.0,
    timeout_rate: float = 0.1,
    chunk: int = 0,
    chunks: int = 1,
) -> list[Playout]:
    """Play ``games`` seeded games spread over ``player_counts``; every check of random_playout is on.

    With ``chunks > 1`` only the games ``chunk, chunk + chunks, ...`` are played (one test per chunk).
    """
    results = []
    for i in range(chunk, games if games is not None else playout_count(), chunks):
        n = player_counts[i % len(player_counts)]
        players = [f"p{j}" for j in range(1, n + 1)]
        result = random_playout(
            engine,
            players,
            seed=f"{seed_prefix}{i}",
            options=options,
            on_step=on_step,
            host_rate=host_rate,
            timeout_rate=timeout_rate,
            legal_sample=LEGAL_SAMPLE,
        )
        assert engine.outcome(result.state) is not None
        results.append(result)
    return results
