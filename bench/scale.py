"""Benchmark 2b: saturated actions per second on PostgreSQL, one bot process against two sharing the database.

The scale path (``DATABASE_URL`` pointing at PostgreSQL, several processes): live games of every engine are written
to a schema of their own, then, in one run, worker processes (``multiprocessing``, spawned: each a whole runtime
with its dispatcher and a transport that answers at once) act on them as fast as they can for a window. Each round
has three windows, each on fresh games, in an order that alternates from round to round: one process on ``games``
games; two processes at once, each on ``games`` games of its own (a shard each: any process may act on any game,
which the two-process tests prove, but a shard's clicks arrive at its own process); and one process on twice as
many. The figure is each process's actions per CPU-second of its own (``time.process_time`` over the window):

* **beside a second process**: each of the two against the single process on as many games. Scale-out adds a
  process for more games; the machine's 2 cores are shared with the PostgreSQL server, so the wall-clock rate cannot
  double, but a second process must not make each one waste work (contention, retries, a slower path);
* **the same games split in two**: each of the two against the single process on both shards' games. This also
  counts what a process loses by holding fewer games at once: fewer acts share each commit of its writer.

Then the log is checked against the acts: every act ``Runtime.act`` acknowledged is one row of the log, none lost,
none doubled.

``python -m bench.scale`` needs PostgreSQL (``TEST_DATABASE_URL``, or the local server CI uses); it drops its schema
afterwards.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import random
import statistics
import time
import uuid
from collections import Counter
from typing import Any

from bench.common import NullTransport, child_stats, live_specs, machine, play_corpus, TYPICAL_SIZES, write_live_games
from bench.persist import next_action

DEFAULT_URL = "postgresql://postgres@127.0.0.1:5432/test"
#: Acts each worker makes before its window (one on each of its first games), outside the figures.
WARM_UP = 20


def _worker(url: str, schema: str, ids: list[int], seconds: float, go: Any, out: Any) -> None:
    out.put(asyncio.run(_act(url, schema, ids, seconds, go, out)))


async def _act(url: str, schema: str, ids: list[int], seconds: float, go: Any, out: Any) -> dict[str, Any]:
    from bot import boards
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
    acked: Counter = Counter()  # acts Runtime.act returned from, by game: each must be one row of the log
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
            acked[gid] += 1
            await asyncio.sleep(0)

    for gid in ids[:WARM_UP]:  # the first acts of a process compile statements and fill caches: not the window's
        action = next_action(runtime, gid, random.Random(f"warm/{gid}"))
        if action is not None:
            await runtime.act(gid, action)
            acked[gid] += 1
    await runtime.idle()
    out.put("ready")
    await asyncio.to_thread(go.wait)  # every worker starts the window together, once all have loaded their games
    tasks = [asyncio.create_task(player(gid)) for gid in ids]
    t0, cpu0, workers0 = time.perf_counter(), time.process_time(), children_cpu()
    await asyncio.sleep(seconds)  # a measurement window, not a wait for a condition
    stop.set()
    counted, elapsed, cpu = done, time.perf_counter() - t0, time.process_time() - cpu0
    workers1 = children_cpu()
    boards_cpu = sum(t - workers0.get(pid, 0.0) for pid, t in workers1.items())
    await asyncio.gather(*tasks)
    await runtime.idle()
    await runtime.close()
    await db.close()
    boards.shared().close()  # its workers (and the pool's thread, which would keep this process from exiting)
    return {
        "actions": counted, "seconds": elapsed, "cpu_s": cpu, "boards_cpu_s": boards_cpu, "board_workers": len(workers1),
        "errors": dict(errors), "acked": dict(acked),
    }


def children_cpu(pid: int | None = None) -> dict[int, float]:
    """CPU seconds (user + system) used so far by each live child process of ``pid`` (this one): a bot's board
    workers (empty where there is none)."""
    tick = os.sysconf("SC_CLK_TCK")
    return {child: (int(fields[11]) + int(fields[12])) / tick for child, fields in child_stats(pid).items()}


def _window(url: str, schema: str, shards: list[list[int]], seconds: float) -> dict[str, Any]:
    """One window: a worker process per shard, all acting for ``seconds``; each one's actions, wall and CPU time."""
    ctx = multiprocessing.get_context("spawn")
    out, go = ctx.Queue(), ctx.Event()
    procs = [ctx.Process(target=_worker, args=(url, schema, ids, seconds, go, out)) for ids in shards]
    for proc in procs:
        proc.start()
    assert all(out.get(timeout=300) == "ready" for _ in procs)
    go.set()
    results = [out.get(timeout=300) for _ in procs]
    for proc in procs:
        proc.join(timeout=60)
    acked: Counter = Counter()
    for r in results:
        acked.update(r.pop("acked"))
    nan = float("nan")
    per_process = [
        {
            **r,
            "actions_per_s": r["actions"] / r["seconds"],
            "actions_per_cpu_s": r["actions"] / r["cpu_s"] if r["cpu_s"] else nan,
            "actions_per_cpu_s_with_boards": r["actions"] / (r["cpu_s"] + r["boards_cpu_s"]) if r["cpu_s"] else nan,
        }
        for r in results
    ]
    return {
        "processes": len(shards),
        "actions": sum(r["actions"] for r in results),
        "actions_per_s": sum(r["actions_per_s"] for r in per_process),
        "per_process": per_process,
        "errors": sum((Counter(r["errors"]) for r in results), Counter()),
        "acked": acked,
    }


async def _log_rows(url: str, schema: str) -> dict[int, int]:
    """The log's rows by game, and each game's own count of them (``games.seq``), as the database holds them."""
    from sqlalchemy import text

    from bot.config import normalise_database_url
    from bot.db import Database

    db = Database(normalise_database_url(url), schema=schema)
    try:
        async with db.engine.connect() as conn:
            rows = dict((await conn.execute(text("SELECT game_id, count(*) FROM actions GROUP BY game_id"))).all())
            seqs = dict((await conn.execute(text("SELECT id, seq FROM games"))).all())
    finally:
        await db.close()
    return {"rows": {int(k): int(v) for k, v in rows.items()}, "seq": {int(k): int(v) for k, v in seqs.items()}}


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


def schedule(rounds: int) -> list[tuple[int, str]]:
    """The windows in the order they run, as (round, kind), rounds counted from 1: one, two, double; then double,
    two, one; and so on, so that a drift of the machine's speed falls on every kind alike."""
    kinds = ["one", "two", "double"]
    return [(r, kind) for r in range(1, rounds + 1) for kind in (kinds if r % 2 else kinds[::-1])]


def run(url: str | None = None, *, games: int = 300, seconds: float = 10.0, rounds: int = 3, corpus: int = 20, log: Any = lambda m: None) -> dict[str, Any]:
    """``rounds`` times: one process acting on ``games`` games, two at once on ``games`` games each, and one on twice
    as many, for ``seconds`` each (the order alternating from round to round); each window on games of its own,
    fresh. Every process's actions per second and per CPU-second; then the log checked against the acts
    acknowledged."""
    url = url or os.environ.get("TEST_DATABASE_URL") or DEFAULT_URL
    schema = f"bench_{uuid.uuid4().hex[:10]}"
    t0 = time.perf_counter()
    ids = asyncio.run(_setup(url, schema, games * 5 * rounds, corpus))
    log(f"    scale: {len(ids):,} games written in {time.perf_counter() - t0:.0f} s")
    windows: list[dict[str, Any]] = []
    try:
        before = asyncio.run(_log_rows(url, schema))
        fresh = iter(random.Random("scale").sample(ids, len(ids)))

        def take(n: int) -> list[int]:
            return [next(fresh) for _ in range(n)]

        for r, kind in schedule(rounds):
            shards = [take(games)] if kind == "one" else [take(games), take(games)] if kind == "two" else [take(2 * games)]
            windows.append({"round": r, "kind": kind, **_window(url, schema, shards, seconds)})
            log(f"    scale: round {r}, {kind}: {windows[-1]['actions']:,} actions")
        after = asyncio.run(_log_rows(url, schema))
    finally:
        asyncio.run(_drop(url, schema))
    acked: Counter = Counter()
    for w in windows:
        acked.update(w.pop("acked"))
    added = Counter({g: n - before["rows"].get(g, 0) for g, n in after["rows"].items()})
    lost = sum(max(0, acked[g] - added[g]) for g in set(acked) | set(added))
    doubled = sum(max(0, added[g] - acked[g]) for g in set(acked) | set(added))
    seq_wrong = sum(1 for g, seq in after["seq"].items() if seq != after["rows"].get(g, 0))

    def window(r: int, kind: str) -> dict[str, Any]:
        return next(w for w in windows if w["round"] == r and w["kind"] == kind)

    def ratios(key: str, against: str) -> list[list[float]]:
        """Each round: each two-process worker's ``key`` over the same round's single process's (``against``)."""
        return [
            [p[key] / window(r, against)["per_process"][0][key] for p in window(r, "two")["per_process"]]
            for r in range(1, rounds + 1)
        ]

    out: dict[str, Any] = {"games": games, "seconds": seconds, "rounds": rounds, "windows": windows}
    for name, key, against in (
        ("beside", "actions_per_cpu_s", "one"),
        ("beside_with_boards", "actions_per_cpu_s_with_boards", "one"),
        ("split", "actions_per_cpu_s", "double"),
        ("split_with_boards", "actions_per_cpu_s_with_boards", "double"),
    ):
        found = ratios(key, against)
        flat = [x for pair in found for x in pair]
        out[name] = {"ratios": found, "min": min(flat), "mean": statistics.fmean(flat)}
    out["economy"] = [
        window(r, "double")["per_process"][0]["actions_per_cpu_s"] / window(r, "one")["per_process"][0]["actions_per_cpu_s"]
        for r in range(1, rounds + 1)
    ]
    out["wall_ratios"] = [window(r, "two")["actions_per_s"] / window(r, "double")["actions_per_s"] for r in range(1, rounds + 1)]
    out.update(acked=sum(acked.values()), logged=sum(added.values()), lost=lost, doubled=doubled, seq_wrong=seq_wrong, machine=machine())
    return out


def render(result: dict[str, Any]) -> list[str]:
    rounds, games = result["rounds"], result["games"]
    out = [
        "### 2b. Two processes on PostgreSQL",
        "",
        f"Live games in a PostgreSQL schema of their own (the server on this machine, sharing its 2 cores with the bot "
        f"processes), acted on as fast as they can for {result['seconds']:.0f} s a window. Each of {rounds} rounds has "
        f"three windows, in an order alternating from round to round, each on fresh games: one process on {games:,} "
        f"games (*one*), two at once on {games:,} games each (*two*: a shard each), one on {2 * games:,} (*double*). "
        "Each process's CPU time over its window (`time.process_time` in the worker: its loop, the rules, the driver, "
        f"the dispatcher) divides its actions, after a warm-up of {WARM_UP} acts outside the window. Two cores shared "
        "with the database cannot show a 2 × wall-clock gain; what scale-out must not do is waste work "
        "(`python -m bench.scale`).",
        "",
        "| round | window | processes | actions | actions/s (sum) | actions per CPU-second, each bot process | with its board workers' CPU | CPU-s / wall-s, each |",
        "|---:|---|---:|---:|---:|---|---|---|",
    ]
    for w in result["windows"]:
        per = w["per_process"]
        out.append(
            f"| {w['round']} | {w['kind']} | {w['processes']} | {w['actions']:,} | {w['actions_per_s']:,.0f} | "
            + ", ".join(f"{p['actions_per_cpu_s']:,.0f}" for p in per)
            + " | "
            + ", ".join(f"{p['actions_per_cpu_s_with_boards']:,.0f}" for p in per)
            + " | "
            + ", ".join(f"{p['cpu_s'] / p['seconds']:.2f}" for p in per)
            + " |"
        )

    def listed(figure: dict[str, Any]) -> str:
        return "; ".join(", ".join(f"{x:.2f}" for x in pair) for pair in figure["ratios"])

    beside, split = result["beside"], result["split"]
    verdict = "**met**" if beside["min"] >= 0.9 else "**not met**"
    out += [
        "",
        f"**Beside a second process** (each of *two* against *one*, round by round): {listed(beside)}. Worst "
        f"**{beside['min']:.2f} ×**, mean {beside['mean']:.2f} × — target ≥ 0.9 ×: {verdict}. With each bot's board "
        f"workers' CPU (`bot.boards`' pool, {result['windows'][0]['per_process'][0]['board_workers']} worker "
        f"process(es) a bot here): {listed(result['beside_with_boards'])}; worst {result['beside_with_boards']['min']:.2f} ×.",
        "",
        f"**The same games split in two** (each of *two* against *double*): {listed(split)}; worst {split['min']:.2f} ×, "
        f"mean {split['mean']:.2f} × (with board workers: worst {result['split_with_boards']['min']:.2f} ×). Part of "
        "this gap is no waste but the economy of holding more games at once (more acts share each commit of the "
        "writer): *double* over *one*, one process each, round by round: "
        + ", ".join(f"{x:.2f} ×" for x in result["economy"])
        + ". Wall-clock actions/s, *two* against *double*: "
        + ", ".join(f"{x:.2f} ×" for x in result["wall_ratios"])
        + ".",
        "",
        f"Nothing lost or doubled: {result['acked']:,} acts acknowledged by `Runtime.act`, {result['logged']:,} rows "
        f"added to the log; {result['lost']} acknowledged without a row, {result['doubled']} rows without an "
        f"acknowledged act, {result['seq_wrong']} games whose `seq` differs from their log's rows — "
        f"{'**met**' if result['lost'] == result['doubled'] == result['seq_wrong'] == 0 else '**not met**'}.",
        "",
    ]
    errors = Counter()
    for w in result["windows"]:
        errors.update({f"{k} ({w['kind']})": v for k, v in w["errors"].items()})
    if errors:
        out += ["Errors raised by `Runtime.act` (that game stopped acting): " + ", ".join(f"{k} × {v}" for k, v in errors.items()) + ".", ""]
    return out


if __name__ == "__main__":
    print("\n".join(render(run())))
