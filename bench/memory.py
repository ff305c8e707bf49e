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
import os
import statistics
import time
import tracemalloc
from pathlib import Path
from typing import Any

from bench.common import TYPICAL_SIZES, NullTransport, PlayedGame, fresh_database, json_size, live_specs, write_live_games
from bot.clock import Clock, ManualClock
from bot.delivery import Dispatcher
from bot.pacing import Pacer
from bot.runtime import Runtime
from engines.core import Action


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


async def _play_one(runtime: Runtime, n: int, guild: int) -> int:
    """One game from lobby to end, as players would: a lobby, two seats, the deal, then its end - every other game a
    Midnight Hunt player surrenders (MH-54: finished), the others are aborted by the host."""
    from bot.lobby import lobby_ops

    host = 400_000_000_000_000_000 + 2 * n
    players = [str(host), str(host + 1)]
    live = await runtime.open_lobby(
        "midnight_hunt", guild_id=guild, guild_name="Bench", channel_id=2_000_000 + n, host_id=host,
        host_name="host", language="en", lobby_ops=lobby_ops,
    )

    def seat(row: Any) -> None:
        row.seats[:] = players
        row.names.update({p: f"P{p[-3:]}" for p in players})

    await runtime.update_lobby(live.id, seat, lobby_ops)
    await runtime.start(live.id, lambda game: [{"do": "open_thread", "name": f"game {game.id}"}])
    if n % 2:
        await runtime.cancel(live.id, [{"do": "post", "to": "game", "content": "aborted"}])
    else:
        prompt = live.state.prompts[0]
        await runtime.act(live.id, Action(players[0], prompt.id, "surrender"))
    return live.id


async def run_churn(workdir: Path, *, games: int = 10_000, small: int = 10, live_games: int = 200) -> dict[str, Any]:
    """Memory after ``games`` games started and ended vs after ``small``: the process's RSS and what tracemalloc
    sees still allocated (after a garbage collection), through the real runtime, dispatcher and pacer on a SQLite
    file (Discord answering at once; board images not drawn). Then ``live_games`` games dealt and left running, for
    the cost of one live game with everything kept for it (timers, outbox bookkeeping, DM channels)."""
    import cogs.registry  # noqa: F401  (the games as the bot presents them)

    db = await fresh_database(workdir / "memory-churn.sqlite3")
    runtime = Runtime(db, Clock(), new_seed=lambda: "churn")  # real time: no test clock keeping cancelled sleepers
    dispatcher = Dispatcher(runtime, NullTransport(), retry_delay=0, pacer=Pacer(_JumpClock()))

    async def no_files(live: Any, op: Any) -> list:
        return []

    dispatcher._render = no_files  # type: ignore[method-assign]
    played = 0

    async def play(count: int) -> None:
        nonlocal played
        while count:  # a few games at a time, as on a server (and sooner done)
            batch = min(count, AT_ONCE)
            await asyncio.gather(*(_play_one(runtime, played + i, guild=1_000 + (played + i) % 50) for i in range(batch)))
            played += batch
            count -= batch
            dispatcher.pacer.clock.t += 1.0  # a second of Discord's time a batch: the pacer sweeps now and then
        await runtime.idle()
        dispatcher.pacer.clock.t += 2 * dispatcher.pacer.window  # the pacer's window passes
        await dispatcher.pacer.wait(1)  # a post elsewhere: its sweep forgets the quiet channels

    start = time.perf_counter()
    await play(small)
    gc.collect()
    rss_small = _rss_bytes()
    traced = min(games - small, TRACED)
    mid = max(small, min(games // 10, games - traced))  # caches warm (compiled statements, catalogues) by then
    await play(mid - small)
    gc.collect()
    rss_mid = _rss_bytes()
    await play(games - mid - traced)
    # the last games under tracemalloc (it slows every allocation several times): what each leaves behind
    gc.collect()
    tracemalloc.start()
    traced_before = tracemalloc.get_traced_memory()[0]
    await play(traced)
    gc.collect()
    traced_after = tracemalloc.get_traced_memory()[0]
    rss_many = _rss_bytes()
    after_many = footprint(runtime)
    churn_s = time.perf_counter() - start

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
        "games": games,
        "small": small,
        "seconds": churn_s,
        "rss_small": rss_small,
        "rss_many": rss_many,
        "rss_ratio": rss_many / rss_small if rss_small else float("nan"),
        "mid": mid,
        "rss_mid": rss_mid,
        "rss_ratio_mid": rss_many / rss_mid if rss_mid else float("nan"),
        "traced_games": traced,
        "traced_growth_bytes": traced_after - traced_before,
        "bytes_per_ended_game": (traced_after - traced_before) / max(1, traced),
        "footprint": after_many,
        "live_games": live_games,
        "bytes_per_live_game": per_live,
    }


def render_churn(c: dict[str, Any]) -> list[str]:
    kept = {k: v for k, v in c["footprint"].items() if v}
    ratio = c["rss_ratio"]
    return [
        "### 5b. Memory that does not grow with history",
        "",
        f"{c['games']:,} games played from lobby to end through the runtime, dispatcher and pacer (half finished by a "
        f"surrender, half aborted; Discord answering at once, board images not drawn; {c['seconds']:.0f} s), against "
        f"the same process after the first {c['small']}. Games that are over leave memory once their last deliveries "
        "are out; RSS also holds what the allocator keeps of past peaks.",
        "",
        "| measurement | value |",
        "|---|---:|",
        f"| RSS after {c['small']} games | {c['rss_small'] / 2**20:.1f} MiB |",
        f"| RSS after {c['mid']:,} games | {c['rss_mid'] / 2**20:.1f} MiB |",
        f"| RSS after {c['games']:,} games | {c['rss_many'] / 2**20:.1f} MiB |",
        f"| RSS after {c['games']:,} / after {c['mid']:,} (growth once warm) | {c['rss_ratio_mid']:.2f} × |",
        f"| still allocated per ended game (tracemalloc over the last {c['traced_games']:,}) | "
        f"{c['bytes_per_ended_game']:,.0f} B |",
        f"| entries kept by game or channel after them all | {kept or 'none'} |",
        f"| one live game (dealt, running: state, row, timers, outbox bookkeeping), over {c['live_games']} | "
        f"{c['bytes_per_live_game'] / 1024:.1f} KiB |",
        "",
        "| target | measured | verdict |",
        "|---|---|---|",
        f"| RSS after {c['games']:,} games = RSS after {c['small']} (± noise, 1.1 ×) | {ratio:.2f} × | "
        f"{'**met**' if ratio <= 1.1 else '**not met**'} |",
        "",
        *(
            []
            if ratio <= 1.1
            else [
                f"Missed by {100 * (ratio - 1.1):.0f} points: the first games warm what every process fills once "
                f"(SQLAlchemy's compiled statements, the locale catalogues, the allocator's arenas); once warm, "
                f"{c['games'] - c['mid']:,} more games grew RSS by {c['rss_ratio_mid']:.2f} × and left no entry "
                "by game or channel behind.",
                "",
            ]
        ),
    ]
