"""Benchmark 2: persisted actions through the real runtime, against the same rows written raw, in the same run.

Setup: ``games`` live games (all five engines, cut mid-way from random playouts, written as the runtime writes
them and loaded as recovery does) in one process, a :class:`bot.runtime.Runtime` on a SQLite file with a
:class:`bot.delivery.Dispatcher` delivering the outbox through a transport that answers at once (Discord is not
what is measured; the outbox's database work is). Every game has been drained once, as in a bot that has been up
a while. Timers use a manual clock so no timeout fires by itself; timeouts happen as random actions, as in the
playouts.

* **Unloaded**: one action at a time on a random live game, each measured around ``await runtime.act(...)``
  (the latency one click pays before it is answered). Interleaved with it, action by action, the **baseline**:
  the very rows that action wrote (its action row, the game's guarded ``seq`` UPDATE, its outbox rows, its
  deadlines and, when due, the snapshot and results), replayed on one stdlib ``sqlite3`` connection to a copy of
  the database taken before the run (same pragmas: WAL, synchronous=NORMAL), SQL and parameters prepared
  beforehand, so only BEGIN, the statements and COMMIT are timed. The ratios of p50 to p50 and p99 to p99 are the
  result. The time the action spent in the writer (``CommitQueue.commit``) is measured too: the persistence share.
* **Old write path, interleaved**: the same unloaded loop, alternating blocks of actions between the in-process
  SQLite writer and the aiosqlite one (``CommitQueue(in_process=False)``, the write path before issue 16's
  second step), on the same games in the same run.
* **Realistic**: every game has a table of players clicking at human pace: a phase is 3-8 clicks 1-3 s apart,
  then 10-40 s pass before the next phase opens (discussion, a sand timer). Each game has been playing at that
  pace for a few minutes when the window opens (its earlier clicks counted off, not played), so the load is the
  steady state from the first second and a window of ``realistic_s`` seconds of real time measures it (no time is
  compressed: clicks are real-time paced, open loop). Click-to-answer is from the moment the click was due to
  ``act`` returning, so a backlog counts.
* **Saturated**: every game's task acts as fast as it can for ``seconds``: actions per second at saturation;
  then half as long with the aiosqlite writer, for the old path's rate in the same run.
* **Profile**: cProfile over a block of unloaded actions: where one action's time goes.

The games are the bot's own, faces included: the registered game UIs (``cogs.registry``, as the bot finds them), so
the dispatcher words every step with its game's presenter and attaches its board images as it does in the bot (how
and where a board is drawn is the dispatcher's: :mod:`bot.executors`); the transport counts the images it was given.
"""

from __future__ import annotations

import asyncio
import cProfile
import gc
import json
import logging
import os
import pstats
import random
import sqlite3
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from sqlalchemy.dialects import sqlite as sqlite_dialect

import cogs.registry  # noqa: F401 - the game UIs as the bot registers them: real wording and boards
from bench.common import NullTransport, PlayedGame, fresh_database, live_specs, summary, write_live_games
from bot.clock import ManualClock
from bot.collector import CollectorPolicy
from bot.delivery import Dispatcher
from bot.games import game_ui, registered
from bot.runtime import Runtime
from bot.statements import INSERT_OUTBOX, INSERT_OUTBOX_IDS, INSERT_SNAPSHOT, Prepared
from bot.writer import CHECKPOINT_EVERY, CommitQueue
from engines.core import Action
from engines.playout import _choose as choose_action  # the playouts' own policy: random prompt, player, action

#: A typical action row (a Night Watch vote), the payload of the one-row context line.
ROW = json.dumps({"player": "400000000000000003", "prompt": "vote#7", "kind": "vote", "args": {"target": "400000000000000011"}})
#: Human pace (seconds): clicks within a phase, clicks per phase, the pause before the next phase.
CLICK_GAP = (1.0, 3.0)
PHASE_CLICKS = (3, 8)
PHASE_GAP = (10.0, 40.0)
#: How long each table has been playing at that pace when the realistic window opens (seconds: about ten cycles).
SETTLED = 300.0
#: Actions per block when the old and new write paths alternate.
AB_BLOCK = 25


class CountingTransport(NullTransport):
    """The transport that answers at once, counting the files (board images) it was given with posts and edits."""

    def __init__(self) -> None:
        super().__init__()
        self.files = 0

    async def post(self, channel_id: int, payload: dict[str, Any], files: list | None = None) -> int:
        self.files += len(files or ())
        return await super().post(channel_id, payload, files)

    async def edit(self, channel_id: int, message_id: int, payload: dict[str, Any], files: list | None = None) -> None:
        self.files += len(files or ())
        await super().edit(channel_id, message_id, payload, files)


def real_uis(engine_names: list[str]) -> dict[str, dict[str, Any]]:
    """The registered UI of every game benchmarked (its presenter's class, and whether it draws a board): a game
    without its face would be worded by the default presenter and drawn by nobody, which is not the bot."""
    return {
        name: {"presenter": type(game_ui(name).presenter).__name__, "board": game_ui(name).board is not None}
        for name in engine_names
    }


def next_action(runtime: Runtime, game_id: int, chooser: random.Random) -> Action | None:
    live = runtime.games.get(game_id)  # a game that is over leaves memory
    if live is None or live.state is None or live.state.outcome is not None:
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
    """Counts the SQL sent per action: the async engine's statements (reads, other writes) by SQLAlchemy's events,
    and the in-process writer's by the driver's trace callback (every statement it runs, BEGIN and COMMIT included)."""

    def __init__(self, runtime: Runtime) -> None:
        self.engine = runtime.db.engine.sync_engine
        self.writer = runtime.writer
        self.counts: Counter = Counter()

    def _count(self, sql: str, prefix: str = "") -> None:
        words = sql.split(None, 2)
        kind = words[0].upper() if words else "?"
        if kind == "BEGIN" and len(words) > 1:
            kind = f"BEGIN {words[1].upper()}"
        if kind == "SELECT" and "FROM outbox" in sql:
            kind = "SELECT outbox"
        self.counts[prefix + kind] += 1

    def _statement(self, conn, cursor, sql, params, context, many) -> None:
        self._count(sql, "async ")

    def _rollback(self, conn) -> None:
        self.counts["async ROLLBACK"] += 1

    def _commit(self, conn) -> None:
        self.counts["async COMMIT"] += 1

    def __enter__(self) -> "StatementCounter":
        from sqlalchemy import event

        event.listen(self.engine, "before_cursor_execute", self._statement)
        event.listen(self.engine, "rollback", self._rollback)
        event.listen(self.engine, "commit", self._commit)
        raw = self.writer._direct.raw if self.writer.in_process and self.writer._direct else None
        if raw is not None:
            raw.set_trace_callback(self._count)
        self._raw = raw
        return self

    def __exit__(self, *exc: Any) -> None:
        from sqlalchemy import event

        event.remove(self.engine, "before_cursor_execute", self._statement)
        event.remove(self.engine, "rollback", self._rollback)
        event.remove(self.engine, "commit", self._commit)
        if self._raw is not None:
            self._raw.set_trace_callback(None)

    def per(self, actions: int) -> dict[str, float]:
        return {kind: n / max(1, actions) for kind, n in sorted(self.counts.items())}


# -- the baseline: the same rows, raw --------------------------------------------------------------------


class Capture:
    """Wraps ``runtime.writer.commit``: keeps the writes of each action (the units with a guard) for the baseline,
    and the time each spent in the writer, up to its COMMIT.

    The wrapper is a plain function handing back the writer's own coroutine, and the time is taken by the unit's
    ``on_commit`` hook: a coroutine of the bench's around every commit would be timed as part of `act`, which the
    baseline does not pay."""

    def __init__(self, runtime: Runtime) -> None:
        self.runtime = runtime
        self.actions: list[tuple[Any, list]] = []
        self.commit_s: list[float] = []
        self.on = False

    def install(self, writer: CommitQueue) -> None:
        commit = writer.commit
        clock = time.perf_counter

        def recording(statements, guard=None, on_commit=None):
            if not self.on or guard is None:
                return commit(statements, guard, on_commit)
            t0 = clock()

            def committed(returned):
                self.commit_s.append(clock() - t0)
                if on_commit is not None:
                    on_commit(returned)

            self.actions.append((guard, statements))  # a new list per action, never changed after its commit
            return commit(statements, guard, committed)

        writer.commit = recording  # type: ignore[method-assign]

    def take(self) -> tuple[Any, list] | None:
        return self.actions.pop() if self.actions else None


class RawRows:
    """One stdlib sqlite3 connection to a copy of the database: replays an action's rows, timed from BEGIN to
    COMMIT, its SQL and parameters prepared beforehand (nothing but the database's own work is in the figure)."""

    def __init__(self, path: Path) -> None:
        self.conn = sqlite3.connect(path, isolation_level=None, timeout=30)
        # the runtime's pragmas; checkpoints are run between replays, untimed, as the in-process writer runs them
        # off the loop (bot.writer): the figure is the rows' own cost
        for pragma in ("journal_mode=WAL", "synchronous=NORMAL", "foreign_keys=ON", "wal_autocheckpoint=0"):
            self.conn.execute(f"PRAGMA {pragma}")
        self.path = path
        self.dialect = sqlite_dialect.pysqlite.dialect()
        self.guard_misses = 0
        self.replays = 0

    def prepare(self, statement: Any, params: Any) -> tuple[str, list[tuple] | tuple]:
        if not isinstance(statement, Prepared):  # any other Core statement: compiled here, outside the timing
            statement = Prepared(statement)
        sql, order = statement.sqlite(self.dialect)
        convert = [(name, const, proc) for name, const, proc in order]

        def values(p: dict) -> tuple:
            return tuple((proc(p.get(n, c)) if proc else p.get(n, c)) for n, c, proc in convert)

        if isinstance(params, list):
            return sql, [values(p) for p in params]
        return sql, values(params or {})

    def replay(self, guard: Any, statements: list) -> float:
        guard_sql, guard_values = self.prepare(*guard)
        work = [self.prepare(s, p) for s, p in statements if not (isinstance(p, list) and not p)]
        conn = self.conn
        t0 = time.perf_counter()
        conn.execute("BEGIN")
        if conn.execute(guard_sql, guard_values).rowcount != 1:
            self.guard_misses += 1
        for sql, values in work:
            if isinstance(values, list):
                conn.executemany(sql, values)
            else:
                conn.execute(sql, values)
        conn.execute("COMMIT")
        elapsed = time.perf_counter() - t0
        self.replays += 1
        if self.replays % (CHECKPOINT_EVERY // 2) == 0:  # the runtime commits twice per action (its marks)
            conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
        return elapsed

    def close(self) -> None:
        self.conn.close()


def copy_database(source: Path, target: Path) -> None:
    """A consistent copy of a SQLite file (WAL included), by the backup API."""
    for suffix in ("", "-wal", "-shm"):
        Path(f"{target}{suffix}").unlink(missing_ok=True)
    src, dst = sqlite3.connect(source), sqlite3.connect(target)
    try:
        src.backup(dst)
    finally:
        src.close()
        dst.close()


async def raw_one_row(path: Path, rows: int) -> dict[str, Any]:
    """Context: one INSERT + COMMIT per row on a stdlib connection (the old baseline's unit of work)."""
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")
    conn.execute("CREATE TABLE actions (game_id INTEGER, seq INTEGER, action TEXT, at REAL, PRIMARY KEY (game_id, seq))")
    latencies = []
    start = time.perf_counter()
    for j in range(rows):
        t0 = time.perf_counter()
        conn.execute("BEGIN")
        conn.execute("INSERT INTO actions VALUES (?, ?, ?, ?)", (j % 1000, j, ROW, time.time()))
        conn.execute("COMMIT")
        latencies.append(time.perf_counter() - t0)
    elapsed = time.perf_counter() - start
    conn.close()
    return {**summary(latencies), "rows_per_s": rows / elapsed}


# -- the runs ----------------------------------------------------------------------------------------------


async def act(runtime: Runtime, game_id: int, action: Action, errors: Counter) -> bool:
    """One action; an error the runtime raises is counted (by engine) and that game is left alone from then on."""
    try:
        await runtime.act(game_id, action)
        return True
    except Exception as exc:  # a failure of the runtime is a result to report, not a reason to stop the run
        _count_error(runtime, game_id, exc, errors)
        return False


def _count_error(runtime: Runtime, game_id: int, exc: Exception, errors: Counter) -> None:
    live = runtime.games.get(game_id)
    errors[f"{live.engine.name if live else game_id}: {type(exc).__name__}: {exc}"] += 1


def pick(runtime: Runtime, live_ids: list[int], chooser: random.Random) -> tuple[int, Action] | None:
    """A random live game and its next action; games that are over leave ``live_ids`` (``None``: none left)."""
    while live_ids:
        gid = chooser.choice(live_ids)
        action = next_action(runtime, gid, chooser)
        if action is not None:
            return gid, action
        live_ids.remove(gid)
    return None


async def timed(runtime: Runtime, game_id: int, action: Action, errors: Counter) -> float | None:
    """:func:`act` timed: its seconds, or ``None`` when the runtime failed it. ``Runtime.act`` is awaited here
    directly: a coroutine of the bench's around it would be timed as part of `act`, which the baseline does not pay."""
    t0 = time.perf_counter()
    try:
        await runtime.act(game_id, action)
    except Exception as exc:  # counted as :func:`act` counts it
        _count_error(runtime, game_id, exc, errors)
        return None
    return time.perf_counter() - t0


async def unloaded(
    runtime: Runtime,
    live_ids: list[int],
    actions: int,
    chooser: random.Random,
    errors: Counter,
    *,
    capture: Capture | None = None,
    raw: RawRows | None = None,
    raw_latencies: list[float] | None = None,
    shapes: list | None = None,
) -> list[float]:
    """One action at a time; with ``raw``, each followed by the replay of its rows on the baseline connection."""
    latencies: list[float] = []
    while len(latencies) < actions and (picked := pick(runtime, live_ids, chooser)) is not None:
        gid, action = picked
        game = runtime.games[gid].engine.name  # before the action: a game that ends with it may leave the cache
        elapsed = await timed(runtime, gid, action, errors)
        if elapsed is None:
            live_ids.remove(gid)
            continue
        latencies.append(elapsed)
        await runtime.idle()  # the next click finds the bot idle: its deliveries are done
        if raw is not None and capture is not None:
            written = capture.take()
            if written is not None and raw_latencies is not None:
                raw_latencies.append(replayed := raw.replay(*written))
                if shapes is not None:
                    shapes.append((elapsed, _shape(written[1]), game, replayed))
    return latencies


def _shape(statements: list) -> tuple[int, bool]:
    """An action's outbox rows, and whether it wrote a snapshot (every 25th step, and the last)."""
    rows = sum(len(p) for s, p in statements if s in (INSERT_OUTBOX, INSERT_OUTBOX_IDS))
    return rows, any(s is INSERT_SNAPSHOT for s, _ in statements)


def by_game(shapes: list[tuple[float, tuple[int, bool], str, float]]) -> dict[str, dict[str, float]]:
    """The unloaded p50s of each game's own actions, ``act`` and its rows raw: the target is on the whole mix's
    p50, and this shows which games' clicks cost most beside the rows they write (a Night Watch vote writes few)."""
    games: dict[str, list[tuple[float, float]]] = {}
    for elapsed, _, game, replayed in shapes:
        games.setdefault(game, []).append((elapsed, replayed))
    out = {}
    for game, pairs in sorted(games.items()):
        act_ms, raw_ms = summary([a for a, _ in pairs])["p50_ms"], summary([r for _, r in pairs])["p50_ms"]
        out[game] = {"n": len(pairs), "act_p50_ms": act_ms, "raw_p50_ms": raw_ms, "ratio": act_ms / raw_ms}
    return out


def slowest(shapes: list[tuple[float, tuple[int, bool], str, float]]) -> dict[str, float]:
    """The slowest 1% of the unloaded actions against all of them: outbox rows each, share writing a snapshot."""
    if not shapes:
        return {}
    ordered = sorted(shapes, key=lambda s: s[0])
    top = ordered[int(len(ordered) * 0.99) :] or ordered[-1:]

    def figures(sample):
        return {"outbox_rows": sum(s[1][0] for s in sample) / len(sample), "snapshot": sum(s[1][1] for s in sample) / len(sample)}

    return {"all": figures(ordered), "slowest": figures(top), "n_slowest": len(top)}


async def alternating(
    runtime: Runtime, live_ids: list[int], actions: int, chooser: random.Random, errors: Counter
) -> dict[str, list[float]]:
    """The unloaded loop in blocks of AB_BLOCK actions, alternating the in-process writer and the aiosqlite one."""
    new_writer = runtime.writer
    old_writer = CommitQueue(runtime.db.engine, in_process=False)
    out: dict[str, list[float]] = {"in_process": [], "aiosqlite": []}
    try:
        for block in range(max(2, actions // AB_BLOCK)):
            name = "in_process" if block % 2 == 0 else "aiosqlite"
            runtime.writer = new_writer if name == "in_process" else old_writer
            await runtime.idle()  # the other writer's marks are done: each block has its own writer alone
            out[name] += await unloaded(runtime, live_ids, AB_BLOCK, chooser, errors)
    finally:
        await runtime.idle()
        runtime.writer = new_writer
        await old_writer.close()
    return out


async def back_to_back(
    runtime: Runtime, live_ids: list[int], pairs: int, chooser: random.Random, errors: Counter
) -> dict[str, list[float]]:
    """Where `act`'s time goes beyond its work: pairs of actions of one game, the first after the bot's last
    deliveries (as the unloaded loop times it: its memory cold), the second right after it with nothing between
    (its rules, statements and bookkeeping still in the processor's caches); then one action of another game of
    the same kind (the code warm, that game's own state cold); the deliveries of all three come after."""
    out: dict[str, list[float]] = {"after_deliveries": [], "right_after": [], "other_game": []}
    while len(out["right_after"]) < pairs and (picked := pick(runtime, live_ids, chooser)) is not None:
        gid, first = picked
        cold = await timed(runtime, gid, first, errors)
        second = next_action(runtime, gid, chooser) if cold is not None else None
        warm = await timed(runtime, gid, second, errors) if second is not None else None
        if cold is not None and warm is not None:
            out["after_deliveries"].append(cold)
            out["right_after"].append(warm)
        elif cold is None or second is not None:  # a failed action: the game is left alone from then on
            live_ids.remove(gid)
        if (other := _same_kind(runtime, live_ids, gid, chooser)) is not None:
            elapsed = await timed(runtime, *other, errors)
            if elapsed is None:
                live_ids.remove(other[0])
            else:
                out["other_game"].append(elapsed)
        await runtime.idle()
    return out


#: The areas :func:`footprint` counts functions by, from where their code lives (the first that matches): generated
#: code is named after its maker (``<bot.writer values>``, ``<copier of House>``; dataclasses' ``<string>``).
FOOTPRINT_AREAS = (
    ("rules", (f"{os.sep}engines{os.sep}", "<copier of ")),
    ("bot", (f"{os.sep}bot{os.sep}", "<bot.")),
    ("SQLAlchemy", (f"{os.sep}sqlalchemy{os.sep}",)),
)


async def footprint(
    runtime: Runtime, live_ids: list[int], actions: int, chooser: random.Random, errors: Counter
) -> dict[str, Any]:
    """How much code one unloaded `act` runs: the distinct Python functions (by area: the rules, the bot, SQLAlchemy,
    the rest, which is the standard library and dataclasses' generated code) and C callables each action calls,
    counted under ``sys.setprofile`` on a block of its own (the hook calls back at every call, so nothing here is
    timed). A count, not a time: the same on any machine and in any run. It is what a cold `act` pays for beyond
    its work: each distinct function is code (and its interpreter caches) fetched again from memory after the
    deliveries between two clicks, which the context rows (the same code warm) measure in time."""
    per_action: list[Counter] = []
    while len(per_action) < actions and (picked := pick(runtime, live_ids, chooser)) is not None:
        gid, action = picked
        seen: set[Any] = set()

        def called(frame: Any, event: str, arg: Any, seen: set[Any] = seen) -> None:
            if event == "call":
                seen.add(frame.f_code)
            elif event == "c_call":  # a C method is a new bound object at each call: known by its name
                seen.add((getattr(arg, "__module__", None), getattr(arg, "__qualname__", None) or repr(arg)))

        sys.setprofile(called)
        try:
            await runtime.act(gid, action)
        except Exception as exc:  # counted as :func:`act` counts it
            _count_error(runtime, gid, exc, errors)
            live_ids.remove(gid)
            continue
        finally:
            sys.setprofile(None)
        await runtime.idle()
        per_action.append(Counter(_area(callee) for callee in seen))
    areas = [name for name, _ in FOOTPRINT_AREAS] + ["other Python", "C"]
    return {
        "n": len(per_action),
        "median": {area: statistics.median(c[area] for c in per_action) if per_action else 0 for area in areas},
        "median_total": statistics.median(sum(c.values()) for c in per_action) if per_action else 0,
    }


def _area(callee: Any) -> str:
    if isinstance(callee, tuple):
        return "C"
    for name, marks in FOOTPRINT_AREAS:
        if any(mark in callee.co_filename for mark in marks):
            return name
    return "other Python"


def _same_kind(runtime: Runtime, live_ids: list[int], gid: int, chooser: random.Random) -> tuple[int, Action] | None:
    """Another live game of ``gid``'s engine and its next action (``None``: none with an action to take)."""
    live = runtime.games.get(gid)
    if live is None:
        return None
    others = [g for g in live_ids if g != gid and g in runtime.games and runtime.games[g].engine is live.engine]
    while others:
        other = others.pop(chooser.randrange(len(others)))
        action = next_action(runtime, other, chooser)
        if action is not None:
            return other, action
    return None


async def realistic(runtime: Runtime, ids: list[int], seconds: float, seed: str, errors: Counter) -> dict[str, Any]:
    """Human-paced tables (see the module doc), open loop, for ``seconds`` of real time."""
    latencies: list[float] = []
    loop = asyncio.get_running_loop()

    async def table(gid: int, chooser: random.Random, clicks_left: int, at: float) -> None:
        while (due := start + at) < end:
            await asyncio.sleep(max(0.0, due - loop.time()))
            action = next_action(runtime, gid, chooser)
            if action is None:
                return
            if not await act(runtime, gid, action, errors):
                return
            latencies.append(loop.time() - due)
            clicks_left, at = _next_click(chooser, clicks_left, at)

    # the tables' pace (a few minutes of it counted off for each) and the collector's census are made before the
    # window's clock starts, so no click is due while they hold the loop
    with GCPauses() as pauses:
        tables = [(gid, *settled(seed, gid)) for gid in ids]
        start = loop.time() + 0.05
        end = start + seconds
        t0 = time.perf_counter()
        await asyncio.gather(*(table(*t) for t in tables))
    elapsed = time.perf_counter() - t0
    full = time.perf_counter()
    gc.collect()  # what the next full collection costs under the bot's policy (it stops the loop that long)
    pauses.full_collection_ms = (time.perf_counter() - full) * 1e3
    return {
        **summary(latencies),
        "actions_per_s": len(latencies) / max(elapsed, 1e-9),
        "seconds": elapsed,
        "gc": pauses.figures(),
    }


def settled(seed: str, gid: int) -> tuple[random.Random, int, float]:
    """A realistic table that has been playing at its pace since long before the window opens (its clicks before it
    are only counted off), so the window finds each game where the steady state has it: most of them between two
    phases, about one in four in the middle of one. (A game started at a random click of a phase instead put 8 in 9
    games in a phase at once: nearly three times the steady load in the window's first seconds.) Its chooser, the
    clicks left in its phase and when its next click is due, in seconds from the window's start."""
    chooser = random.Random(f"{seed}/{gid}")
    clicks_left, at = 0, -SETTLED + chooser.uniform(0, PHASE_GAP[1])
    while at < 0:
        clicks_left, at = _next_click(chooser, clicks_left, at)
    return chooser, clicks_left, at


def _next_click(chooser: random.Random, clicks_left: int, at: float) -> tuple[int, float]:
    """A table's pace: the click due ``at`` is made (opening a phase of 3-8 clicks when none are left), and the
    clicks left and when the next one is due follow (1-3 s later in a phase, 10-40 s after its last click)."""
    clicks_left = (clicks_left or chooser.randint(*PHASE_CLICKS)) - 1
    return clicks_left, at + (chooser.uniform(*CLICK_GAP) if clicks_left else chooser.uniform(*PHASE_GAP))


class GCPauses:
    """The garbage collector's pauses during a run, by generation (a full collection stops the loop for as long
    as it takes to scan every tracked object)."""

    def __init__(self) -> None:
        self.pauses: dict[int, list[float]] = {}
        self._started = 0.0

    def _callback(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        else:
            self.pauses.setdefault(info["generation"], []).append(time.perf_counter() - self._started)

    def __enter__(self) -> "GCPauses":
        gc.callbacks.append(self._callback)
        self.tracked = len(gc.get_objects())
        self.frozen = gc.get_freeze_count()
        self.full_every = gc.get_threshold()[2]
        return self

    def __exit__(self, *exc: Any) -> None:
        gc.callbacks.remove(self._callback)

    def figures(self) -> dict[str, Any]:
        return {
            "tracked_objects": self.tracked,
            "frozen_objects": self.frozen,
            "full_every": self.full_every,
            "full_collection_ms": getattr(self, "full_collection_ms", float("nan")),
            "by_generation": {g: {"n": len(p), "max_ms": max(p) * 1e3, "total_ms": sum(p) * 1e3} for g, p in sorted(self.pauses.items())},
        }


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
            await asyncio.sleep(0)  # the interaction's own I/O (answering Discord) yields to the loop

    tasks = [asyncio.create_task(player(gid)) for gid in ids]
    start = time.perf_counter()
    await asyncio.sleep(seconds)  # a measurement window, not a wait for a condition
    stop.set()
    done = len(latencies)
    elapsed = time.perf_counter() - start
    await asyncio.gather(*tasks)
    return latencies[:done], elapsed


#: Where one action's time goes, from the profile: label -> (file suffix, function names).
PROFILED = {
    "Runtime.act (the whole action)": ("bot/runtime.py", ("act",)),
    "engine: apply (rules + copying the fields they read)": ("engines/core.py", ("apply",)),
    "of which copying fields on first read": ("engines/copying.py", ("private_copy", "__get__", "settle")),
    "Runtime._commit (statements + writer)": ("bot/play.py", ("_commit",)),
    "writer: SQLite transactions (all commits)": ("bot/writer.py", ("run",)),
    "dispatcher: drains (wording, deliveries, marks)": ("bot/delivery.py", ("_drain",)),
    "of which wording the steps (presenter, Fluent)": ("bot/presenter.py", ("present_safely",)),
    "of which marking rows sent": ("bot/outbox.py", ("_mark_sent",)),
}


async def profile(runtime: Runtime, live_ids: list[int], actions: int, chooser: random.Random, errors: Counter) -> dict[str, Any]:
    """cProfile over ``actions`` unloaded actions and their deliveries: ms per action in each part (profiled time,
    inflated by the profiler: the shares are what counts)."""
    profiler = cProfile.Profile()
    t0 = time.perf_counter()
    profiler.enable()
    done = await unloaded(runtime, live_ids, actions, chooser, errors)
    await runtime.idle()
    profiler.disable()
    wall = time.perf_counter() - t0
    stats = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
    n = max(1, len(done))
    parts: dict[str, float] = {}
    for label, (suffix, names) in PROFILED.items():
        total = sum(ct for (file, _line, func), (_cc, _nc, _tt, ct, _callers) in stats.items() if func in names and file.endswith(suffix))
        parts[label] = total / n * 1e3
    return {"actions": len(done), "wall_ms_per_action": wall / n * 1e3, "ms_per_action": parts}


async def run(
    workdir: Path,
    corpora: dict[str, list[PlayedGame]],
    *,
    games: int = 1000,
    unloaded_actions: int = 2000,
    seconds: float = 20.0,
    realistic_s: float | None = None,
) -> dict[str, Any]:
    load_start = os.getloadavg()[0]
    raw_row = await raw_one_row(workdir / "raw.sqlite3", max(unloaded_actions, 2000))
    failed = FailedDeliveries()
    logging.getLogger("bot.delivery").addHandler(failed)
    path = workdir / "persist.sqlite3"
    db = await fresh_database(path)
    runtime = Runtime(db, ManualClock())
    transport = CountingTransport()
    uis = real_uis(sorted(corpora))
    assert {ui.name for ui in registered()} >= set(uis), "every benchmarked game has its registered UI"
    Dispatcher(runtime, transport, retry_delay=0)
    raw = None
    collector = CollectorPolicy()
    try:
        t0 = time.perf_counter()
        await write_live_games(db, list(live_specs(corpora, games, seed="persist")))
        # the collector's policy is the bot's (bot.collector: a full collection's survivors frozen), installed as the
        # bot installs it; the corpus the live games were cut from (every step's prompts of hundreds of played games)
        # is the bench's, not the bot's: frozen by this first full collection, so later ones walk what a bot's would
        collector.install()
        gc.collect()
        copy_database(path, workdir / "baseline.sqlite3")  # the same games, for the same rows to be replayed on
        raw = RawRows(workdir / "baseline.sqlite3")
        ids = await runtime.recover()
        for game_id in ids:  # rebuilt on first use; load them now so setup stays out of the measurement
            await runtime.get(game_id)
            runtime.dispatcher.kick(game_id)  # and drained once, as in a bot that has been up a while
        await runtime.idle()
        gc.collect()  # as the bot collects once its games are recovered (bot.app): what lives on by now is frozen
        setup_s = time.perf_counter() - t0
        chooser = random.Random("persist")
        errors: Counter = Counter()
        capture = Capture(runtime)
        capture.install(runtime.writer)
        live_ids = list(ids)
        capture.on = True  # from the first action on, the baseline copy gets the same rows
        await unloaded(runtime, live_ids, min(50, unloaded_actions), chooser, errors, capture=capture, raw=raw, raw_latencies=[])
        capture.commit_s.clear()  # that was the warm-up (connections, caches)
        raw_latencies: list[float] = []
        shapes: list = []
        lat_unloaded = await unloaded(
            runtime, live_ids, unloaded_actions, chooser, errors, capture=capture, raw=raw, raw_latencies=raw_latencies,
            shapes=shapes,
        )
        await runtime.idle()
        capture.on = False
        commit_s = list(capture.commit_s)
        warm = await back_to_back(runtime, live_ids, unloaded_actions // 2, chooser, errors)  # as the loop above left it
        # statements are counted on a block of their own: the driver's trace calls back into Python at every
        # statement, which the timed actions must not pay when the baseline's connection does not
        counted = max(50, unloaded_actions // 10)
        with StatementCounter(runtime) as statements:
            counted = len(await unloaded(runtime, live_ids, counted, chooser, errors))
            await runtime.idle()
        code = await footprint(runtime, live_ids, max(50, unloaded_actions // 10), chooser, errors)
        ab = await alternating(runtime, live_ids, unloaded_actions // 2, chooser, errors)
        prof = await profile(runtime, live_ids, max(20, unloaded_actions // 10), chooser, errors)
        lat_real = await realistic(runtime, ids, realistic_s if realistic_s is not None else seconds, "realistic", errors)
        await runtime.idle()
        lat_sat, elapsed = await saturated(runtime, ids, seconds, "saturated", errors)
        await runtime.idle()
        new_writer, runtime.writer = runtime.writer, CommitQueue(db.engine, in_process=False)
        try:  # the same, with the aiosqlite writer of before, right after (half the window)
            lat_old, elapsed_old = await saturated(runtime, ids, seconds / 2, "saturated-aiosqlite", errors)
            await runtime.idle()
        finally:
            await runtime.writer.close()
            runtime.writer = new_writer
        live = sum(1 for gid in ids if gid in runtime.games and runtime.games[gid].state.outcome is None)
        await runtime.close()
    finally:
        collector.uninstall()
        logging.getLogger("bot.delivery").removeHandler(failed)
        if raw is not None:
            raw.close()
        await db.close()
    return {
        "games": games,
        "load_average": [load_start, os.getloadavg()[0]],
        "live_at_end": live,
        "setup_s": setup_s,
        "raw_row": raw_row,
        "baseline": {**summary(raw_latencies), "guard_misses": raw.guard_misses},
        "unloaded": {**summary(lat_unloaded), "slowest": slowest(shapes), "by_game": by_game(shapes)},
        "commit": summary(commit_s),
        "ab": {name: summary(values) for name, values in ab.items()},
        "back_to_back": {name: summary(values) for name, values in warm.items()},
        "footprint": code,
        "profile": prof,
        "realistic": {**lat_real, "games": games, "click_gap_s": CLICK_GAP, "phase_clicks": PHASE_CLICKS, "phase_gap_s": PHASE_GAP},
        "saturated": {**summary(lat_sat), "actions_per_s": len(lat_sat) / elapsed},
        "saturated_aiosqlite": {**summary(lat_old), "actions_per_s": len(lat_old) / elapsed_old},
        "transport_calls": transport.calls,
        "uis": uis,
        "board_images": transport.files,
        "statements_per_action": statements.per(counted),
        "errors": dict(errors),
        "delivery_errors": dict(failed.seen),
    }


def main(argv: list[str] | None = None) -> int:
    """``python -m bench.persist``: this benchmark alone, at the full sizes; ``--write`` puts its section into
    bench/RESULTS.md in place of the one there (the other sections are left as they were measured)."""
    import argparse
    import tempfile

    from bench.common import machine, play_corpus, TYPICAL_SIZES
    from bench.report import _persist

    parser = argparse.ArgumentParser(prog="python -m bench.persist", description=main.__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--unloaded", type=int, default=3000)
    parser.add_argument("--seconds", type=float, default=20.0, help="the saturated window")
    parser.add_argument("--realistic", type=float, default=20.0, help="the realistic window, real time")
    parser.add_argument("--corpus", type=int, default=30, help="random games per engine to cut live games from")
    parser.add_argument("--runs", type=int, default=1, help="repeat, show the last run and every run's spread")
    parser.add_argument("--write", action="store_true", help="replace section 2 of bench/RESULTS.md")
    parser.add_argument("--json", type=Path, help="also dump the raw figures as JSON")
    parser.add_argument("--render", type=Path, help="no run: render the runs a --json file holds")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    runs = json.loads(args.render.read_text()) if args.render else []
    corpora = {} if runs else {name: play_corpus(name, args.corpus) for name in TYPICAL_SIZES}
    for _ in range(0 if runs else max(1, args.runs)):
        with tempfile.TemporaryDirectory(prefix="nocturne-bench-") as tmp:
            runs.append(
                asyncio.run(
                    run(Path(tmp), corpora, games=args.games, unloaded_actions=args.unloaded, seconds=args.seconds,
                        realistic_s=args.realistic)
                )
            )
    results = runs[-1]
    m = machine()
    lines = _persist(results)
    note = [
        "",
        f"Measured on its own (`.venv/bin/python -m bench.persist --runs {len(runs)}`, {m['date']}, {m['cores']} cores, "
        f"Python {m['python']}{'' if args.render else f', {time.perf_counter() - started:.0f} s'}; the machine may be shared, so "
        "the absolute times are noisy and the ratios within a run are the result"
        + (f"; load average {min(min(r['load_average']) for r in runs):.1f}–"
           f"{max(max(r['load_average']) for r in runs):.1f}" if all("load_average" in r for r in runs) else "")
        + "); `python -m bench` runs it as step 2.",
    ]
    if "uis" in results:
        drawn = [name for name, ui in results["uis"].items() if ui["board"]]
        faces = ", ".join(f"{name} ({ui['presenter']})" for name, ui in results["uis"].items())
        note += [
            "",
            (f"**With the real game UIs** (issue 27): the {len(results['uis'])} games' registered faces (`cogs.registry`: "
            f"{faces}), "
            f"so every step is worded by its game's presenter and the boards of {', '.join(drawn) or 'none'} are drawn "
            f"as the dispatcher draws them: {results['board_images']:,} board images went out with the run's "
            f"{results['transport_calls']:,} calls. The realistic and saturated lines below are the bot's cost with them."),
        ]
    if len(runs) > 1:
        def spread(figure) -> str:
            values = sorted(figure(r) for r in runs)
            return f"{values[0]:,.1f}–{values[-1]:,.1f}"

        note += [
            "",
            f"The tables show the last of {len(runs)} runs; over all of them: unloaded p50 "
            f"{spread(lambda r: r['unloaded']['p50_ms'] / r['baseline']['p50_ms'])} × and p99 "
            f"{spread(lambda r: r['unloaded']['p99_ms'] / r['baseline']['p99_ms'])} × the baseline; the writer alone "
            f"{spread(lambda r: r['commit']['p50_ms'] / r['baseline']['p50_ms'])} × at p50; aiosqlite / in-process "
            f"{spread(lambda r: r['ab']['aiosqlite']['p50_ms'] / r['ab']['in_process']['p50_ms'])} × at p50 and "
            f"{spread(lambda r: r['ab']['aiosqlite']['p99_ms'] / r['ab']['in_process']['p99_ms'])} × at p99; "
            f"saturated {spread(lambda r: r['saturated']['actions_per_s'])} actions/s (aiosqlite writer "
            f"{spread(lambda r: r['saturated_aiosqlite']['actions_per_s'])}); realistic p99 "
            f"{spread(lambda r: r['realistic']['p99_ms'])} ms.",
        ]
    lines[1:1] = note
    text = "\n".join(lines)
    if args.json:
        args.json.write_text(json.dumps(runs, indent=1, default=str))
    if not args.write:
        print(text)
        return 0
    path = Path(__file__).with_name("RESULTS.md")
    current = path.read_text()
    start = current.index("## 2. ")
    end = current.find("### 2b. ", start)  # the PostgreSQL section (bench.scale) stays as it was measured
    end = end if end != -1 else current.index("## 3. ")
    path.write_text(current[:start] + text + "\n" + current[end:])
    print(f"wrote section 2 of {path}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
