"""Benchmark 3: a restart with many live games, against reading the same rows raw.

``games`` live games (the five engines in equal shares, each cut at a random step of a real random game, so
their logs have realistic lengths) are written to a SQLite file as the runtime keeps them: the game row, the
action log, the latest snapshot (every SNAPSHOT_EVERY actions) and the deadlines of the open prompts.

* **Runtime**: a new :class:`bot.runtime.Runtime` on that file runs :meth:`~bot.runtime.Runtime.recover`: every
  timer re-armed from the deadlines and the outbox resumed — from then on every game can take an action, and a
  game is rebuilt (snapshot + replay of the log's tail) when first touched. Then, for context, every game is
  fetched with :meth:`~bot.runtime.Runtime.get`, which rebuilds them all.
* **Raw**: one aiosqlite connection SELECTs the same rows (running games, their snapshots, the log after each
  snapshot, the deadlines) and nothing more.
* **Engine share**: the CPU part alone (``engine.load`` of every snapshot + replay of every tail from rows
  already in memory), to tell database time from rules time.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import aiosqlite

from bench.common import NullTransport, PlayedGame, fresh_database, live_specs, write_live_games
from bot.clock import ManualClock
from bot.delivery import Dispatcher
from bot.runtime import Runtime
from engines import get_engine
from engines.core import Action

RAW_QUERIES = (
    "SELECT * FROM games WHERE status = 'running'",
    "SELECT s.* FROM snapshots s JOIN games g ON g.id = s.game_id WHERE g.status = 'running'",
    "SELECT a.* FROM actions a JOIN snapshots s ON s.game_id = a.game_id JOIN games g ON g.id = a.game_id"
    " WHERE g.status = 'running' AND a.seq > s.seq ORDER BY a.game_id, a.seq",
    "SELECT d.* FROM deadlines d JOIN games g ON g.id = d.game_id WHERE g.status = 'running'",
)


async def raw_select(path: Path) -> tuple[float, dict[str, list]]:
    start = time.perf_counter()
    async with aiosqlite.connect(path) as db:
        results = {}
        for query in RAW_QUERIES:
            async with db.execute(query) as cursor:
                results[query] = await cursor.fetchall()
    return time.perf_counter() - start, results


def engine_share(rows: dict[str, list]) -> float:
    """Seconds to load every snapshot and replay every tail, from rows already fetched."""
    games = {row[0]: row[1] for row in rows[RAW_QUERIES[0]]}  # id -> engine
    tails: dict[int, list[str]] = {}
    for game_id, _seq, action, _at in rows[RAW_QUERIES[2]]:
        tails.setdefault(game_id, []).append(action)
    start = time.perf_counter()
    for game_id, _seq, state in rows[RAW_QUERIES[1]]:
        engine = get_engine(games[game_id])
        current = engine.load(json.loads(state))
        for action in tails.get(game_id, []):
            current, _ = engine.apply(current, Action.from_json(json.loads(action)))
    return time.perf_counter() - start


async def run(workdir: Path, corpora: dict[str, list[PlayedGame]], *, games: int = 10_000) -> dict[str, Any]:
    path = workdir / "restart.sqlite3"
    db = await fresh_database(path)
    specs = list(live_specs(corpora, games, seed="restart"))
    t0 = time.perf_counter()
    await write_live_games(db, specs)
    write_s = time.perf_counter() - t0
    await db.close()

    raw_s, rows = await raw_select(path)  # warms the page cache for both readers alike
    raw_s, rows = await raw_select(path)
    tail_actions = len(rows[RAW_QUERIES[2]])

    db = await open_existing(path)
    runtime = Runtime(db, ManualClock())
    Dispatcher(runtime, NullTransport(), retry_delay=0)
    try:
        start = time.perf_counter()
        ids = await runtime.recover()
        ready_s = time.perf_counter() - start  # timers armed, outbox resumed: every game can take an action
        timers = sum(len(tasks) for tasks in runtime._timers.values())
        for game_id in ids:
            await runtime.get(game_id)
        runtime_s = time.perf_counter() - start
        assert len(ids) == games and all(runtime.games[i].state is not None for i in ids)
        await runtime.close()
    finally:
        await db.close()
    return {
        "games": games,
        "log_actions": sum(s.cut for s in specs),
        "tail_actions": tail_actions,
        "timers": timers,
        "write_s": write_s,
        "ready_s": ready_s,
        "runtime_s": runtime_s,
        "raw_s": raw_s,
        "engine_s": engine_share(rows),
        "ratio": ready_s / raw_s,
        "loaded_ratio": runtime_s / raw_s,
    }


async def open_existing(path: Path):
    """The existing file, opened as the bot opens it (migrations are already applied)."""
    from bot.db import open_database

    return await open_database(f"sqlite+aiosqlite:///{path}")


async def run_storm(workdir: Path, corpora: dict[str, list[PlayedGame]], *, deadlines: int = 3000) -> dict[str, Any]:
    """A restart after a long outage: live games with ``deadlines`` deadlines, all passed, restored by
    :meth:`~bot.runtime.Runtime.recover`; every timeout fires at once (the issue's storm, where 435 of 3,000 timer
    tasks died on the exhausted connection pool). Reported: timeouts fired per second, the most in flight at once
    against the bound, retries, and any game left behind (none should be)."""
    from sqlalchemy import select

    from bench.common import EPOCH
    from bot.db import Deadline, Game

    path = workdir / "storm.sqlite3"
    db = await fresh_database(path)
    specs, count = [], 0
    for spec in live_specs(corpora, 20 * deadlines, seed="storm"):
        timed = sum(1 for p in spec.game.prompts[spec.cut] if p.timeout is not None)
        if timed:
            specs.append(spec)
            count += timed
        if count >= deadlines:
            break
    ids = await write_live_games(db, specs)
    clock = ManualClock(EPOCH + 100_000)  # long after every stored deadline
    runtime = Runtime(db, clock)
    dispatcher = Dispatcher(runtime, NullTransport(), retry_delay=0)

    async def no_files(live: Any, op: Any) -> list:  # the timers are measured, not board images
        return []

    dispatcher._render = no_files  # type: ignore[method-assign]
    seen = {"now": 0, "most": 0, "fired": 0}
    timeout = runtime.timeout

    async def counted(game_id: int, prompt_id: str) -> None:
        seen["now"] += 1
        seen["most"] = max(seen["most"], seen["now"])
        try:
            await timeout(game_id, prompt_id)
        finally:
            seen["now"] -= 1
            seen["fired"] += 1

    runtime.timeout = counted  # type: ignore[method-assign]
    try:
        async with db.sessions() as session:
            before = dict((await session.execute(select(Game.id, Game.seq))).all())
        start = time.perf_counter()
        await runtime.recover()
        tasks = [task for timers in runtime._timers.values() for task in timers.values()]
        await clock.advance(0)
        await runtime.idle()
        storm_s = time.perf_counter() - start
        died = sum(1 for t in tasks if not t.done() or t.cancelled() or t.exception() is not None)
        async with db.sessions() as session:
            after = dict((await session.execute(select(Game.id, Game.seq))).all())
            overdue = len((await session.execute(select(Deadline.game_id).where(Deadline.due_at <= clock.now()))).all())
        await runtime.close()
    finally:
        await db.close()
    return {
        "games": len(ids),
        "timers": len(tasks),
        "seconds": storm_s,
        "fired_per_s": seen["fired"] / storm_s if storm_s else float("nan"),
        "most_in_flight": seen["most"],
        "bound": runtime.timer_concurrency,
        "retries": runtime.timer_failures,
        "not_done": died,
        "overdue_left": overdue,
        "games_stuck": sum(1 for gid in ids if after[gid] <= before[gid]),
    }


def render_storm(s: dict[str, Any]) -> list[str]:
    ok = s["not_done"] == 0 and s["overdue_left"] == 0 and s["games_stuck"] == 0
    return [
        "### 3b. Restart storm",
        "",
        f"{s['timers']:,} deadlines of {s['games']:,} live games, all passed while the bot was down, fired after "
        f"`recover()`: {s['fired_per_s']:,.0f} timeouts/s ({s['seconds']:.1f} s), at most {s['most_in_flight']} in "
        f"flight at once (bound: {s['bound']}, against the connection pool), {s['retries']} retried.",
        "",
        "| target | measured | verdict |",
        "|---|---|---|",
        f"| no timer lost: every game moves on | {s['games_stuck']} games stuck, {s['not_done']} timer tasks died or "
        f"hung, {s['overdue_left']} deadlines still overdue | {_verdict(ok)} |",
        "",
    ]


def _verdict(ok: bool) -> str:
    return "**met**" if ok else "**not met**"
