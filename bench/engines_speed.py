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
from engines import get_engine
from engines.core import replay
from engines.playout import random_playout


def run(seconds: float = 3.0) -> list[dict[str, Any]]:
    """For each engine and typical size: games/s, mean actions per game and replay actions/s."""
    rows = []
    for name in TYPICAL_SIZES:
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


def copy_on_read_against_pickle(games: int = 8, rounds: int = 4) -> list[dict[str, Any]]:
    """Issue 16: replays timed with ``Engine.apply``'s copy on read against the whole-state pickle copy it
    replaced, interleaved round by round on the same logs (µs per action, and how many times faster)."""
    import pickle

    import engines.core as core

    # Engine.apply reads both from engines.core's globals at every call, so replacing them there switches the copy
    copy_on_read, settle = core.private_copy, core.settle

    def whole_copy(state: Any) -> Any:
        return pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))

    rows = []
    try:
        for name in TYPICAL_SIZES:
            engine = get_engine(name)
            for n in TYPICAL_SIZES[name]:
                records = [random_playout(engine, player_ids(n), f"cow/{i}", check=False).record for i in range(games)]
                actions = sum(len(r["log"]) for r in records)
                spent = {"pickle": 0.0, "copy_on_read": 0.0}
                for _ in range(rounds):
                    for mode in spent:
                        core.private_copy, core.settle = (whole_copy, lambda s: None) if mode == "pickle" else (copy_on_read, settle)
                        start = time.perf_counter()
                        for record in records:
                            replay(engine, record)
                        spent[mode] += time.perf_counter() - start
                per = {mode: t / rounds / actions * 1e6 for mode, t in spent.items()}
                rows.append({"engine": name, "players": n, **{f"{m}_us": v for m, v in per.items()}, "faster": per["pickle"] / per["copy_on_read"]})
    finally:
        core.private_copy, core.settle = copy_on_read, settle
    return rows
