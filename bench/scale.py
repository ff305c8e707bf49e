"""Benchmark 2b: saturated actions per second on PostgreSQL, one bot process against two sharing the database.

The scale path (``DATABASE_URL`` pointing at PostgreSQL, several processes): live games of every engine are written
to a schema of their own, then, in one run, worker processes (``multiprocessing``, spawned: each a whole runtime
with its dispatcher and a transport that answers at once) act on them as fast as they can for a window: first one
process on all the games, then two at once, each on half of them (a shard's games; any process may act on any game,
which the two-process tests prove, but a shard's clicks arrive at its own process). The ratio of the two totals is
the figure; the machine's cores are shared with the PostgreSQL server, whose work grows with the rate.

``python -m bench.scale`` needs PostgreSQL (``TEST_DATABASE_URL``, or the local server CI uses); it drops its schema
afterwards.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import random
import time
import uuid
from collections import Counter
from typing import Any

from bench.common import NullTransport, live_specs, machine, play_corpus, TYPICAL_SIZES, write_live_games
from bench.persist import next_action

DEFAULT_URL = "postgresql://postgres@127.0.0.1:5432/test"


def _worker(url: str, schema: str, ids: list[int], seconds: float, start_at: float, out: Any) -> None:
    out.put(asyncio.run(_act(url, schema, ids, seconds, start_at)))


async def _act(url: str, schema: str, ids: list[int], seconds: float, start_at: float) -> dict[str, Any]:
    from bot.clock import ManualClock
    from bot.config import normalise_database_url
    from bot.db import Database
    from bot.delivery import Dispatcher
    from bot.runtime import Runtime

    db = Database(normalise_database_url(url), schema=schema)
    runtime = Runtime(db, ManualClock())
    Dispatcher(runtime, NullTransport(), retry_delay=0)
    for gid in ids:  # loaded before the window, as in a bot that has been up a while
        await runtime.get(gid)
    errors: Counter = Counter()
    done = 0
    stop = asyncio.Event()

    async def player(gid: int) -> None:
        nonlocal done
        chooser = random.Random(f"scale/{gid}/{os.getpid()}")
        while not stop.is_set():
            action = next_action(runtime, gid, chooser)
            if action is None:
                return
            try:
                await runtime.act(gid, action)
            except Exception as exc:  # a failure is a result to count, not a reason to stop the window
                errors[type(exc).__name__] += 1
                return
            done += 1
            await asyncio.sleep(0)

    await asyncio.sleep(max(0.0, start_at - time.time()))  # every worker starts the window together
    tasks = [asyncio.create_task(player(gid)) for gid in ids]
    t0 = time.perf_counter()
    await asyncio.sleep(seconds)  # a measurement window, not a wait for a condition
    stop.set()
    counted, elapsed = done, time.perf_counter() - t0
    await asyncio.gather(*tasks)
    await runtime.close()
    await db.close()
    return {"actions": counted, "seconds": elapsed, "errors": dict(errors)}


def _window(url: str, schema: str, shards: list[list[int]], seconds: float) -> dict[str, Any]:
    ctx = multiprocessing.get_context("spawn")
    out = ctx.Queue()
    start_at = time.time() + 8.0  # time for the workers to start and load their games
    procs = [ctx.Process(target=_worker, args=(url, schema, ids, seconds, start_at, out)) for ids in shards]
    for proc in procs:
        proc.start()
    results = [out.get(timeout=300) for _ in procs]
    for proc in procs:
        proc.join(timeout=60)
    actions = sum(r["actions"] for r in results)
    return {
        "processes": len(shards),
        "actions": actions,
        "actions_per_s": sum(r["actions"] / r["seconds"] for r in results),
        "errors": sum((Counter(r["errors"]) for r in results), Counter()),
    }


async def _setup(url: str, schema: str, games: int, corpus: int) -> list[int]:
    from bot.config import normalise_database_url
    from bot.db import open_in_new_schema

    db = await open_in_new_schema(normalise_database_url(url), schema)
    corpora = {name: play_corpus(name, corpus) for name in TYPICAL_SIZES}
    ids = await write_live_games(db, list(live_specs(corpora, games, seed="scale")))
    await db.close()
    return ids


async def _drop(url: str, schema: str) -> None:
    from bot.config import normalise_database_url
    from bot.db import drop_schema

    await drop_schema(normalise_database_url(url), schema)


def reachable(url: str | None = None) -> bool:
    """Is a PostgreSQL server there to measure on (the bench skips this step without one)?"""
    import socket
    from urllib.parse import urlsplit

    parts = urlsplit(url or os.environ.get("TEST_DATABASE_URL") or DEFAULT_URL)
    try:
        with socket.create_connection((parts.hostname or "127.0.0.1", parts.port or 5432), timeout=1):
            return True
    except OSError:
        return False


def run(url: str | None = None, *, games: int = 600, seconds: float = 15.0, corpus: int = 20) -> dict[str, Any]:
    """One process on all ``games``, then two on half each, ``seconds`` each: their actions per second."""
    url = url or os.environ.get("TEST_DATABASE_URL") or DEFAULT_URL
    schema = f"bench_{uuid.uuid4().hex[:10]}"
    ids = asyncio.run(_setup(url, schema, games, corpus))
    try:
        shuffled = random.Random("scale").sample(ids, len(ids))
        one = _window(url, schema, [shuffled], seconds)
        two = _window(url, schema, [shuffled[0::2], shuffled[1::2]], seconds)
    finally:
        asyncio.run(_drop(url, schema))
    return {"games": games, "seconds": seconds, "one": one, "two": two, "ratio": two["actions_per_s"] / one["actions_per_s"], "machine": machine()}


def render(result: dict[str, Any]) -> list[str]:
    one, two = result["one"], result["two"]
    ratio = result["ratio"]
    out = [
        "### 2b. Two processes on PostgreSQL",
        "",
        f"{result['games']:,} live games in a PostgreSQL schema of their own (the server on this machine, sharing its "
        f"2 cores with the bot processes); every game acting as fast as it can for {result['seconds']:.0f} s, first in "
        "one process, then in two at once, each acting on half the games (`python -m bench.scale`).",
        "",
        "| processes | actions | actions/s |",
        "|---:|---:|---:|",
        f"| 1 | {one['actions']:,} | {one['actions_per_s']:,.0f} |",
        f"| 2 | {two['actions']:,} | {two['actions_per_s']:,.0f} |",
        "",
        f"Two processes against one: **{ratio:.2f} ×** — target ≥ 1.8 ×: {'**met**' if ratio >= 1.8 else '**not met**'}. "
        "One process on PostgreSQL is bound by its one event loop (the rules, the statements' round trips, the "
        "deliveries' reads of the outbox); the second process brings a second loop, and the server had room.",
        "",
    ]
    errors = {**one["errors"], **{f"{k} (two processes)": v for k, v in two["errors"].items()}}
    if errors:
        out += ["Errors raised by `Runtime.act` (that game stopped acting): " + ", ".join(f"{k} × {v}" for k, v in errors.items()) + ".", ""]
    return out


if __name__ == "__main__":
    print("\n".join(render(run())))
