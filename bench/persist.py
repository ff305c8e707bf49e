"""Benchmark 2: persisted actions through the real runtime, against the raw cost of one SQLite commit.

Setup: ``games`` live games (all five engines, cut mid-way from random playouts, written as the runtime writes
them and loaded as recovery does) in one process, a :class:`bot.runtime.Runtime`
on a SQLite file with a :class:`bot.delivery.Dispatcher` draining the outbox through a transport that answers at
once (Discord is not what is measured, the outbox's database work is). Timers use a manual clock so no timeout
fires by itself; timeouts happen as random actions, as in the playouts.

Measured, each ``await runtime.act(...)`` on its own:

* **unloaded**: one action at a time, each on a random live game: the latency a single click pays;
* **saturated**: every game has its own task acting as fast as it can (``games`` concurrent players): sustained
  actions per second, and the latency under that queue (context: with 1,000 clients in the queue, latency is
  mostly waiting);
* the same saturated run with the dispatcher detached (``runtime.dispatcher = None``), to split the cost of
  ``act`` from that of delivery bookkeeping.

Baseline, in the same directory in the same run: a raw aiosqlite loop doing one ``INSERT`` + ``COMMIT`` per row
(the runtime's pragmas: WAL, synchronous=NORMAL), and, for context, the same rows committed 100 at a time.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import time
from collections import Counter
from pathlib import Path
from typing import Any

import aiosqlite

from bench.common import NullTransport, PlayedGame, fresh_database, live_specs, summary, write_live_games
from bot.clock import ManualClock
from bot.delivery import Dispatcher
from bot.runtime import Runtime
from engines.core import Action
from engines.playout import _choose as choose_action  # the playouts' own policy: random prompt, player, action

#: A typical action row (a Night Watch vote), the payload of the raw baseline.
ROW = json.dumps({"player": "400000000000000003", "prompt": "vote#7", "kind": "vote", "args": {"target": "400000000000000011"}})


async def raw_commits(path: Path, rows: int, per_commit: int = 1) -> dict[str, Any]:
    """INSERT ``rows`` rows with a COMMIT every ``per_commit`` rows; latency is per commit."""
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    latencies = []
    async with aiosqlite.connect(path) as db:
        await db.execute("PRAGMA journal_mode=WAL")
        await db.execute("PRAGMA synchronous=NORMAL")
        await db.execute("CREATE TABLE actions (game_id INTEGER, seq INTEGER, action TEXT, at REAL, PRIMARY KEY (game_id, seq))")
        await db.commit()
        start = time.perf_counter()
        for i in range(0, rows, per_commit):
            t0 = time.perf_counter()
            for j in range(i, min(rows, i + per_commit)):
                await db.execute("INSERT INTO actions VALUES (?, ?, ?, ?)", (j % 1000, j, ROW, time.time()))
            await db.commit()
            latencies.append(time.perf_counter() - t0)
        elapsed = time.perf_counter() - start
    return {**summary(latencies), "rows_per_s": rows / elapsed, "per_commit": per_commit}


def next_action(runtime: Runtime, game_id: int, chooser: random.Random) -> Action | None:
    live = runtime.games[game_id]
    if live.state is None or live.state.outcome is not None:
        return None
    return choose_action(live.engine, live.state, live.engine.prompts(live.state), chooser, 0.1, 0.0)


class FailedDeliveries(logging.Handler):
    """Counts the outbox rows the dispatcher could not deliver because of an exception (it logs and moves on)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.seen: Counter = Counter()

    def emit(self, record: logging.LogRecord) -> None:
        exc = record.exc_info[1] if record.exc_info else None
        self.seen[f"{type(exc).__name__}: {exc}" if exc else record.getMessage()] += 1


class StatementCounter:
    """Counts the SQL the runtime sends (by kind; outbox reads apart) and the rollbacks of closing connections,
    over the unloaded run with its deliveries: each is a hop to aiosqlite's thread."""

    def __init__(self, db: Any) -> None:
        self.engine = db.engine.sync_engine
        self.counts: Counter = Counter()

    def _statement(self, conn, cursor, sql, params, context, many) -> None:
        kind = sql.split(None, 1)[0].upper()
        self.counts["SELECT outbox" if kind == "SELECT" and "FROM outbox" in sql else kind] += 1

    def _rollback(self, conn) -> None:
        self.counts["ROLLBACK"] += 1

    def _commit(self, conn) -> None:
        self.counts["COMMIT"] += 1

    def __enter__(self) -> "StatementCounter":
        from sqlalchemy import event

        event.listen(self.engine, "before_cursor_execute", self._statement)
        event.listen(self.engine, "rollback", self._rollback)
        event.listen(self.engine, "commit", self._commit)
        return self

    def __exit__(self, *exc: Any) -> None:
        from sqlalchemy import event

        event.remove(self.engine, "before_cursor_execute", self._statement)
        event.remove(self.engine, "rollback", self._rollback)
        event.remove(self.engine, "commit", self._commit)

    def per(self, actions: int) -> dict[str, float]:
        return {kind: n / max(1, actions) for kind, n in sorted(self.counts.items())}


async def act(runtime: Runtime, game_id: int, action: Action, errors: Counter) -> bool:
    """One action; an error the runtime raises is counted (by engine) and that game is left alone from then on."""
    try:
        await runtime.act(game_id, action)
        return True
    except Exception as exc:  # a failure of the runtime is a result to report, not a reason to stop the run
        errors[f"{runtime.games[game_id].engine.name}: {type(exc).__name__}: {exc}"] += 1
        return False


async def unloaded(
    runtime: Runtime, ids: list[int], actions: int, chooser: random.Random, errors: Counter
) -> list[float]:
    latencies: list[float] = []
    live_ids = list(ids)
    while len(latencies) < actions and live_ids:
        gid = chooser.choice(live_ids)
        action = next_action(runtime, gid, chooser)
        if action is None:
            live_ids.remove(gid)
            continue
        t0 = time.perf_counter()
        if await act(runtime, gid, action, errors):
            latencies.append(time.perf_counter() - t0)
        else:
            live_ids.remove(gid)
    return latencies


async def saturated(
    runtime: Runtime, ids: list[int], seconds: float, seed: str, errors: Counter
) -> tuple[list[float], float]:
    """Every game acts as fast as it can for ``seconds``; returns the latencies and the measured wall time."""
    latencies: list[float] = []
    stop = asyncio.Event()

    async def player(gid: int) -> None:
        chooser = random.Random(f"{seed}/{gid}")
        while not stop.is_set():
            action = next_action(runtime, gid, chooser)
            if action is None:
                return
            t0 = time.perf_counter()
            if not await act(runtime, gid, action, errors):
                return
            latencies.append(time.perf_counter() - t0)

    tasks = [asyncio.create_task(player(gid)) for gid in ids]
    start = time.perf_counter()
    await asyncio.sleep(seconds)  # a measurement window, not a wait for a condition
    stop.set()
    done = len(latencies)
    elapsed = time.perf_counter() - start
    await asyncio.gather(*tasks)
    return latencies[:done], elapsed


async def run(workdir: Path, corpora: dict[str, list[PlayedGame]], *, games: int = 1000, unloaded_actions: int = 2000, seconds: float = 20.0) -> dict[str, Any]:
    raw = await raw_commits(workdir / "raw.sqlite3", max(unloaded_actions, 2000))
    raw_batched = await raw_commits(workdir / "raw.sqlite3", max(unloaded_actions, 2000) * 5, per_commit=100)
    failed = FailedDeliveries()
    logging.getLogger("bot.delivery").addHandler(failed)
    db = await fresh_database(workdir / "persist.sqlite3")
    runtime = Runtime(db, ManualClock())
    transport = NullTransport()
    Dispatcher(runtime, transport, retry_delay=0)
    try:
        t0 = time.perf_counter()
        await write_live_games(db, list(live_specs(corpora, games, seed="persist")))
        ids = await runtime.recover()
        for game_id in ids:  # rebuilt on first use; load them now so setup stays out of the measurement
            await runtime.get(game_id)
        setup_s = time.perf_counter() - t0
        chooser = random.Random("persist")
        errors: Counter = Counter()
        with StatementCounter(db) as statements:
            lat_unloaded = await unloaded(runtime, ids, unloaded_actions, chooser, errors)
            await runtime.idle()
        lat_sat, elapsed = await saturated(runtime, ids, seconds, "with-dispatcher", errors)
        await runtime.idle()
        dispatcher = runtime.dispatcher
        runtime.dispatcher = None
        lat_bare, elapsed_bare = await saturated(runtime, ids, seconds / 2, "act-only", errors)
        runtime.dispatcher = dispatcher
        live = sum(1 for gid in ids if runtime.games[gid].state.outcome is None)
        await runtime.close()
    finally:
        logging.getLogger("bot.delivery").removeHandler(failed)
        await db.close()
    return {
        "games": games,
        "live_at_end": live,
        "setup_s": setup_s,
        "raw": raw,
        "raw_batched": raw_batched,
        "unloaded": summary(lat_unloaded),
        "saturated": {**summary(lat_sat), "actions_per_s": len(lat_sat) / elapsed},
        "act_only": {**summary(lat_bare), "actions_per_s": len(lat_bare) / elapsed_bare},
        "transport_calls": transport.calls,
        "statements_per_action": statements.per(len(lat_unloaded)),
        "errors": dict(errors),
        "delivery_errors": dict(failed.seen),
    }
