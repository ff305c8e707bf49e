"""Benchmark 5: memory per live game, by engine; and memory that does not grow with history.

For each engine, ``per_engine`` live games (cut mid-way from random playouts) are written to a SQLite file; a
fresh :class:`bot.runtime.Runtime` then loads them with :meth:`~bot.runtime.Runtime.get` while
:mod:`tracemalloc` watches. What is still allocated afterwards (after a garbage collection), divided by the number
of games, is the cost of keeping one game live: its detached row, its engine state, its deadlines, its lock and
the cache entries. The JSON size of the snapshot is shown alongside for scale.

:func:`run_churn` plays many games from lobby to end through the runtime and dispatcher (finished and aborted) and
compares the memory held after 10,000 with the memory held after 10: games that are over leave memory once their
last deliveries are out, so the two should match within noise.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import os
import random
import statistics
import time
import tracemalloc
from pathlib import Path
from typing import Any

from bench.persist import next_action
from bench.common import TYPICAL_SIZES, NullTransport, child_stats, PlayedGame, fresh_database, json_size, live_specs, write_live_games
from bot.clock import Clock, ManualClock
from bot.collector import CollectorPolicy
from bot.delivery import Dispatcher
from bot.pacing import Pacer
from bot.runtime import Runtime


async def run(workdir: Path, corpora: dict[str, list[PlayedGame]], *, per_engine: int = 500) -> list[dict[str, Any]]:
    rows = []
    for name in TYPICAL_SIZES:
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


# -- memory that does not grow with history -------------------------------------------------------------------


#: Games played at once in :func:`run_churn`, and how many of the last are played under tracemalloc.
AT_ONCE = 25
TRACED = 500


class _JumpClock:
    """The pacer's clock: a wait moves time on at once (Discord's pace is not what is measured here)."""

    def __init__(self) -> None:
        self.t = 0.0

    def now(self) -> float:
        return self.t

    async def sleep_until(self, when: float) -> None:
        self.t = max(self.t, when)
        await asyncio.sleep(0)


def _rss_bytes() -> int:
    """The process's resident set now (not its peak), from /proc; 0 where there is none."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError):
        return 0


def footprint(runtime: Runtime) -> dict[str, int]:
    """Entries kept by game or channel in the runtime, its dispatcher and pacer."""
    d = runtime.dispatcher
    return {
        "games": len(runtime.games),
        "load_locks": len(runtime._load_locks),
        "timers": len(runtime._timers),
        "drain_workers": len(d._workers),
        "outbox_sync": len(d._synced) + len(d._seen) + len(d._known),
        "boards": len(d._board_shown),
        "dm_channels": len(d._dm_channels),
        "paced_channels": len(d.pacer._sent),
    }


#: The games of the churn, in turn (every game the bot offers), each at its typical table sizes in turn.
CHURN_ENGINES = tuple(TYPICAL_SIZES)


async def _play_one(runtime: Runtime, n: int, guild: int, *, actions: int | None = None) -> bool:
    """One game from lobby to end, as players would: a lobby, its seats, the deal, then random legal plays (the
    playouts' policy, seeded by ``n``) - to the game's end, or, after ``actions`` of them, an abort by the host.
    Game ``n`` is of ``CHURN_ENGINES[n % 5]``, at its typical sizes in turn. Returns whether it finished."""
    from bot.lobby import lobby_ops

    engine = CHURN_ENGINES[n % len(CHURN_ENGINES)]
    sizes = TYPICAL_SIZES[engine]
    host = 400_000_000_000_000_000 + 100 * n
    players = [str(host + k) for k in range(sizes[(n // len(CHURN_ENGINES)) % len(sizes)])]
    live = await runtime.open_lobby(
        engine, guild_id=guild, guild_name="Bench", channel_id=2_000_000 + n, host_id=host,
        host_name="host", language="en", lobby_ops=lobby_ops,
    )

    def seat(row: Any) -> None:
        row.seats[:] = players
        row.names.update({p: f"P{p[-3:]}" for p in players})

    await runtime.update_lobby(live.id, seat, lobby_ops)
    await runtime.start(live.id, lambda game: [{"do": "open_thread", "name": f"game {game.id}"}])
    chooser = random.Random(f"churn/{n}")
    played = 0
    while actions is None or played < actions:
        action = next_action(runtime, live.id, chooser)
        if action is None:
            return True  # over: finished
        await runtime.act(live.id, action)
        played += 1
    if next_action(runtime, live.id, chooser) is None:
        return True
    await runtime.cancel(live.id, [{"do": "post", "to": "game", "content": "aborted"}])
    return False


async def run_churn(
    workdir: Path, *, games: int = 10_000, small: int = 10, first: int = 1_000, actions: int = 3, boards: bool = True,
    budget_s: float | None = None, live_games: int = 200, traced: int = 200, log: Any = lambda m: None,
) -> dict[str, Any]:
    """Memory after ``games`` games started and ended vs after ``first`` (and ``small``): the process's RSS, its
    board workers' (``bot.boards``' pool: separate processes), and what tracemalloc sees still allocated per ended
    game (after a garbage collection), through the real runtime, dispatcher and pacer on a SQLite file (Discord
    answering at once). Every game the bot offers in turn (:func:`_play_one`: dealt, ``actions`` random plays, then
    aborted unless over); ``boards``: their boards drawn as the dispatcher draws them. ``budget_s``: stop at the
    first batch past that many seconds if ``games`` are not played by then (the count played is reported). Then
    ``live_games`` games dealt and left running, for the cost of one live game with everything kept for it (timers,
    outbox bookkeeping, DM channels). Run it in a fresh process (:func:`run_churn_fresh`): a process that did other
    work first hides growth in what it already holds."""
    import cogs.registry  # noqa: F401  (the games as the bot presents them)

    # the bot's collector policy (bot.collector), as the bot installs it: a full collection's survivors are frozen,
    # so a cycle that dies frozen is held until the hourly thaw, and counts in the RSS below (the run is shorter)
    collector = CollectorPolicy().install()
    try:
        db = await fresh_database(workdir / "memory-churn.sqlite3")
        runtime = Runtime(db, Clock(), new_seed=lambda: "churn")  # real time: no test clock keeping cancelled sleepers
        dispatcher = Dispatcher(runtime, NullTransport(), retry_delay=0, pacer=Pacer(_JumpClock()))

        if not boards:
            async def no_files(live: Any, op: Any) -> list:
                return []

            dispatcher._render = no_files  # type: ignore[method-assign]
        played = 0
        ended = {"finished": 0, "aborted": 0}
        failed = _FailedBoards()
        logging.getLogger("bot.delivery").addHandler(failed)
        start = time.perf_counter()

        async def play(count: int, *, budget: bool = False) -> None:
            nonlocal played
            while count > 0:  # a few games at a time, as on a server (and sooner done)
                batch = min(count, AT_ONCE)
                over = await asyncio.gather(
                    *(_play_one(runtime, played + i, guild=1_000 + (played + i) % 50, actions=actions) for i in range(batch))
                )
                for finished in over:
                    ended["finished" if finished else "aborted"] += 1
                played += batch
                count -= batch
                dispatcher.pacer.clock.t += 1.0  # a second of Discord's time a batch: the pacer sweeps now and then
                # the batch's deliveries out (its boards drawn) before the next: a churn faster than the board workers
                # would queue boards until they time out, and measure the queue
                await runtime.idle()
                if played % 500 < AT_ONCE:
                    log(f"    churn: {played:,} games, {time.perf_counter() - start:.0f} s, RSS {_rss_bytes() / 2**20:.1f} MiB")
                if budget and budget_s is not None and time.perf_counter() - start > budget_s:
                    break
            await runtime.idle()
            dispatcher.pacer.clock.t += 2 * dispatcher.pacer.window  # the pacer's window passes
            await dispatcher.pacer.wait(1)  # a post elsewhere: its sweep forgets the quiet channels

        def rss() -> dict[str, int]:
            import translations

            gc.collect()
            workers = children_rss()
            return {
                "bot": _rss_bytes(), "board_workers": sum(workers.values()), "board_processes": len(workers),
                # worded messages kept (an LRU of translations.WORDED_KEPT): a bounded cache, filled by each game's own
                # names and times
                "worded_kept": translations._translated.cache_info().currsize,
                "worded_bound": translations._translated.cache_info().maxsize,
            }

        await play(small)
        at_small = rss()
        first = max(small, min(first, games))
        traced = max(0, min(traced, first - small))
        await play(first - small - traced)
        # the last games before the first checkpoint under tracemalloc (it slows every allocation several times), caches
        # warm by then (compiled statements, catalogues): what each ended game leaves behind
        gc.collect()
        tracemalloc.start()
        traced_before = tracemalloc.get_traced_memory()[0]
        await play(traced)
        gc.collect()
        traced_after = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        at_first = rss()
        first_s = time.perf_counter() - start
        await play(games - first, budget=True)
        at_many = rss()
        after_many = footprint(runtime)
        churn_s = time.perf_counter() - start
        # a thaw now: what it frees is what died frozen over the run (the cycles the policy holds until its hour is up)
        frozen = gc.get_freeze_count()
        gc.unfreeze()
        thaw_start = time.perf_counter()
        thaw_freed = gc.collect()
        thaw_ms = (time.perf_counter() - thaw_start) * 1e3
        at_thawed = rss()
        tracemalloc.start()

        from bot.lobby import lobby_ops

        # the ended games' last deliveries and evictions done first, or what they free counts against the live ones
        await runtime.idle()
        gc.collect()
        before_live = tracemalloc.get_traced_memory()[0]
        for n in range(live_games):
            host = 500_000_000_000_000_000 + 2 * n
            live = await runtime.open_lobby(
                "midnight_hunt", guild_id=1_000, guild_name="Bench", channel_id=3_000_000 + n, host_id=host,
                host_name="host", language="en", lobby_ops=lobby_ops,
            )
            seats = [str(host), str(host + 1)]

            def seat(row: Any, seats: list[str] = seats) -> None:
                row.seats[:] = seats
                row.names.update({p: f"P{p[-3:]}" for p in seats})

            await runtime.update_lobby(live.id, seat, lobby_ops)
            await runtime.start(live.id, lambda game: [{"do": "open_thread", "name": f"game {game.id}"}])
        await runtime.idle()
        gc.collect()
        per_live = (tracemalloc.get_traced_memory()[0] - before_live) / live_games
        tracemalloc.stop()
        await runtime.close()
        await db.close()
        return {
            "games": played,
            "games_asked": games,
            "actions": actions,
            "boards": boards,
            "ended": ended,
            "boards_failed": failed.count,
            "small": small,
            "first": first,
            "seconds": churn_s,
            "first_seconds": first_s,
            "rss_small": at_small["bot"],
            "rss_first": at_first["bot"],
            "rss_many": at_many["bot"],
            "rss_ratio": at_many["bot"] / at_first["bot"] if at_first["bot"] else float("nan"),
            "frozen_at_end": frozen,
            "thaw_freed_objects": thaw_freed,
            "thaw_ms": thaw_ms,
            "rss_thawed": at_thawed["bot"],
            "rss_ratio_small": at_many["bot"] / at_small["bot"] if at_small["bot"] else float("nan"),
            "workers_small": at_small["board_workers"],
            "workers_first": at_first["board_workers"],
            "workers_many": at_many["board_workers"],
            "board_processes": at_many["board_processes"],
            "worded_kept": [at_small["worded_kept"], at_first["worded_kept"], at_many["worded_kept"]],
            "worded_bound": at_many["worded_bound"],
            "workers_ratio": at_many["board_workers"] / at_first["board_workers"] if at_first["board_workers"] else float("nan"),
            "traced_games": traced,
            "traced_growth_bytes": traced_after - traced_before,
            "bytes_per_ended_game": (traced_after - traced_before) / max(1, traced),
            "footprint": after_many,
            "live_games": live_games,
            "bytes_per_live_game": per_live,
        }
    finally:  # a churn run in-process (the smoke test) leaves the collector as it found it
        collector.uninstall()


class _FailedBoards(logging.Handler):
    """Counts the boards the dispatcher gave up on (it logs, and sends the text alone)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += "board image failed" in record.getMessage()


def children_rss(pid: int | None = None) -> dict[int, int]:
    """The resident set of each live child process of ``pid`` (this one: the board workers), from /proc."""
    page = os.sysconf("SC_PAGE_SIZE")
    found = {}
    for child in child_stats(pid):
        try:
            with open(f"/proc/{child}/statm") as statm:
                found[child] = int(statm.read().split()[1]) * page
        except (OSError, ValueError, IndexError):
            continue
    return found


def run_churn_fresh(workdir: Path, *, log: Any = lambda m: None, env: dict[str, str] | None = None, **kwargs: Any) -> dict[str, Any]:
    """:func:`run_churn` in a fresh process (``python -m bench.memory churn``): the bot's own memory, not a process
    that did other work first. ``kwargs`` as for :func:`run_churn`; ``env``: more environment for it (the smoke test
    draws boards in a thread, ``BOARD_WORKERS=0``)."""
    import json
    import subprocess
    import sys

    out = workdir / "memory-churn.json"
    args = [sys.executable, "-m", "bench.memory", "churn", "--workdir", str(workdir), "--out", str(out), "--json", json.dumps(kwargs)]
    root = Path(__file__).resolve().parents[1]
    proc = subprocess.Popen(args, cwd=root, env={**os.environ, "PYTHONPATH": str(root), **(env or {})}, stderr=subprocess.PIPE, text=True)
    assert proc.stderr is not None
    for line in proc.stderr:  # its progress, passed on
        log(line.rstrip())
    if proc.wait() != 0:
        raise RuntimeError(f"the churn process failed ({proc.returncode})")
    return json.loads(out.read_text())


def _main(argv: list[str] | None = None) -> None:
    import argparse
    import json
    import sys

    parser = argparse.ArgumentParser(prog="python -m bench.memory")
    parser.add_argument("what", choices=["churn"])
    parser.add_argument("--workdir", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--json", default="{}", help="run_churn's keyword arguments")
    args = parser.parse_args(argv)
    kwargs = json.loads(args.json)
    result = asyncio.run(run_churn(args.workdir, log=lambda m: print(m, file=sys.stderr, flush=True), **kwargs))
    from bot import boards

    boards.shared().close()  # the pool's workers leave with us
    args.out.write_text(json.dumps(result))


def render_churn(c: dict[str, Any]) -> list[str]:
    kept = {k: v for k, v in c["footprint"].items() if v}
    ratio = c["rss_ratio"]
    mib = 2**20
    cut = c["games"] < c["games_asked"]
    out = [
        "### 5b. Memory that does not grow with history",
        "",
        f"{c['games']:,} games played from lobby to end in a fresh process (`python -m bench.memory churn`, started by "
        "the bench: nothing else ran in it first) through the runtime, dispatcher and pacer on SQLite, Discord answering "
        f"at once: every game the bot offers in turn ({', '.join(CHURN_ENGINES)}, at their typical table sizes), each "
        f"dealt, then up to {c['actions']} random legal plays, then aborted by its host unless over "
        f"({c['ended']['finished']:,} finished, {c['ended']['aborted']:,} aborted); "
        + ("boards drawn as the dispatcher draws them, in `bot.boards`' worker pool (separate processes: their RSS "
        "is shown apart)" if c["boards"] else "board images not drawn")
        + f"; {c['seconds']:.0f} s in all, niced, on a machine shared with other work. RSS also holds what the "
        "allocator keeps of past peaks.",
        "",
    ]
    if cut:
        out += [
            f"**Cut short:** {c['games_asked']:,} games were asked for; the run stops at its time budget, and "
            f"{c['games']:,} fit (boards cost tens of milliseconds of CPU each on this 2-core machine; each batch of "
            f"{AT_ONCE} games waits for its deliveries and boards before the next).",
            "",
        ]
    out += [
        "| measurement | bot process | its child processes (board workers) |",
        "|---|---:|---:|",
        f"| RSS after {c['small']} games | {c['rss_small'] / mib:.1f} MiB | {c['workers_small'] / mib:.1f} MiB |",
        f"| RSS after {c['first']:,} games | {c['rss_first'] / mib:.1f} MiB | {c['workers_first'] / mib:.1f} MiB |",
        f"| RSS after {c['games']:,} games | {c['rss_many'] / mib:.1f} MiB | {c['workers_many'] / mib:.1f} MiB |",
        f"| after {c['games']:,} / after {c['first']:,} | **{ratio:.2f} ×** | {c['workers_ratio']:.2f} × |",
        f"| after {c['games']:,} / after {c['small']} | {c['rss_ratio_small']:.2f} × | |",
        "",
        "| other measurement | value |",
        "|---|---:|",
        f"| still allocated per ended game (tracemalloc over {c['traced_games']:,} games before the {c['first']:,}th) | "
        f"{c['bytes_per_ended_game']:,.0f} B |",
        f"| entries kept by game or channel after them all | {kept or 'none'} |",
        f"| one live game (dealt, running: state, row, timers, outbox bookkeeping), over {c['live_games']} Midnight Hunt "
        f"duels | {c['bytes_per_live_game'] / 1024:.1f} KiB |",
        f"| child processes (`bot.boards`' workers, and multiprocessing's resource tracker) | {c['board_processes']} |",
        f"| boards the dispatcher gave up on (sent the text alone) | {c.get('boards_failed', 0):,} |",
        *(
            [f"| under the bot's collector policy (`bot.collector`), objects frozen after {c['games']:,} games / freed "
             f"by a thaw then (what died frozen) / its full collection | {c['frozen_at_end']:,} / "
             f"{c['thaw_freed_objects']:,} / {c['thaw_ms']:.0f} ms |",
             f"| RSS after that thaw | {c['rss_thawed'] / mib:.1f} MiB |"]
            if "frozen_at_end" in c else []
        ),
        *(
            [f"| worded messages kept by `translations` (an LRU of {c.get('worded_bound') or 32_768:,}) after {c['small']} / {c['first']:,} / {c['games']:,} games | "
             + " / ".join(f"{n:,}" for n in c["worded_kept"]) + " |"]
            if c.get("worded_kept") else []
        ),
        "",
        f"Target: RSS after 10,000 games of all five with boards ≤ 1.1 × after 1,000, from a fresh process. Measured "
        f"after {c['games']:,} against after {c['first']:,}: **{ratio:.2f} ×** — "
        f"{'**met**' if ratio <= 1.1 else '**not met**'}"
        + (f" (at {c['games']:,} games, not 10,000)" if c["games"] < 10_000 else "")
        + ".",
        "",
    ]
    return out

if __name__ == "__main__":
    _main()
