"""Benchmark 1: how fast each engine plays, with no database or Discord in the way.

* **Random games per second**: whole games of random legal actions and random timeouts
  (:func:`engines.playout.random_playout` without its per-step checks), at each engine's typical sizes.
* **Replay speed**: actions per second when rebuilding those games from their logs (:func:`engines.core.replay`),
  which is what a restart does for the tail after the last snapshot.

The first game of each engine is played before timing: some engines load data on first use (Když sním's
lemmatiser takes over a second), which is a start-up cost, not a per-game one.
"""

from __future__ import annotations

import time
from typing import Any

from bench.common import TYPICAL_SIZES, player_ids
from engines import ENGINE_NAMES, get_engine
from engines.core import replay
from engines.playout import random_playout


def run(seconds: float = 3.0) -> list[dict[str, Any]]:
    """For each engine and typical size: games/s, mean actions per game and replay actions/s."""
    rows = []
    for name in ENGINE_NAMES:
        engine = get_engine(name)
        for n in TYPICAL_SIZES[name]:
            players = player_ids(n)
            random_playout(engine, players, "warm-up", check=False)
            records = []
            start = time.perf_counter()
            while time.perf_counter() - start < seconds or not records:
                records.append(random_playout(engine, players, f"bench/{len(records)}", check=False).record)
            played = time.perf_counter() - start
            actions = sum(len(r["log"]) for r in records)
            start = time.perf_counter()
            for record in records:
                replay(engine, record)
            replayed = time.perf_counter() - start
            rows.append(
                {
                    "engine": name,
                    "players": n,
                    "games": len(records),
                    "games_per_s": len(records) / played,
                    "actions_per_game": actions / len(records),
                    "replay_actions_per_s": actions / replayed,
                }
            )
    return rows
