"""Benchmark 5: memory per live game, by engine.

For each engine, ``per_engine`` live games (cut mid-way from random playouts) are written to a SQLite file; a
fresh :class:`bot.runtime.Runtime` then loads them with :meth:`~bot.runtime.Runtime.get` while
:mod:`tracemalloc` watches. What is still allocated afterwards (after a garbage collection), divided by the number
of games, is the cost of keeping one game live: its detached row, its engine state, its deadlines, its lock and
the cache entries. The JSON size of the snapshot is shown alongside for scale.
"""

from __future__ import annotations

import gc
import statistics
import tracemalloc
from pathlib import Path
from typing import Any

from bench.common import PlayedGame, fresh_database, json_size, live_specs, write_live_games
from bot.clock import ManualClock
from bot.runtime import Runtime
from engines import ENGINE_NAMES


async def run(workdir: Path, corpora: dict[str, list[PlayedGame]], *, per_engine: int = 500) -> list[dict[str, Any]]:
    rows = []
    for name in ENGINE_NAMES:
        db = await fresh_database(workdir / f"memory-{name}.sqlite3")
        specs = list(live_specs({name: corpora[name]}, per_engine, seed=f"memory/{name}"))
        ids = await write_live_games(db, specs)
        runtime = Runtime(db, ManualClock())
        await runtime.get(ids[0])  # imports, caches and the connection pool are not per-game costs
        runtime.forget(ids[0])
        gc.collect()
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        for game_id in ids:
            await runtime.get(game_id)
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        live = runtime.games
        rows.append(
            {
                "engine": name,
                "games": len(ids),
                "bytes_per_game": (after - before) / len(ids),
                "snapshot_json_bytes": statistics.fmean(json_size(live[i].engine.dump(live[i].state)) for i in ids),
            }
        )
        await runtime.close()
        await db.close()
    return rows
