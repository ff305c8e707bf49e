"""Group commit: the writes of many actions, from many games, made durable in one transaction.

A commit costs far more than the statements in it (SQLite's WAL sync, PostgreSQL's round trip and flush), so
when many games act at once, :class:`CommitQueue` gathers every pending unit of writes and commits them together.
Each caller still waits for its own unit to be durable before it tells anyone: the action log stays the truth.

A unit is a list of Core statements plus an optional *guard*: a statement that must change exactly one row
(``UPDATE games SET seq = n + 1 WHERE id = ? AND seq = n``), which is how a second writer is detected. If any
unit of a batch fails, the batch is rolled back and each unit is retried in a transaction of its own, so one
conflict only fails its own caller.

**SQLite, in process.** On a SQLite file the queue writes through one persistent connection of the stdlib driver
used on the event loop's own thread (:class:`_SQLiteWriter`), not through aiosqlite: an action's transaction is a
fraction of a millisecond of work, far less than the dozen hops to aiosqlite's thread and back it took. The
connection has the same pragmas as every other (WAL, synchronous=NORMAL, foreign keys), so durability is as
before: :meth:`CommitQueue.commit` returns only after ``COMMIT`` returned, and a killed process loses nothing that
was acknowledged. :class:`bot.statements.Prepared` statements (everything an action writes) run as SQL compiled once;
any other Core statement runs through SQLAlchemy on the same connection and transaction.

Checkpoints (copying the WAL into the database file, with an fsync) are the one slow part of a SQLite commit:
SQLite runs them inside the COMMIT that crosses 1000 pages, which would block the loop for milliseconds. The
writer's connection does not checkpoint automatically; the writer runs a PASSIVE checkpoint on a connection of
its own in a worker thread instead, about as often (readers and writers go on meanwhile).

A transaction starts with ``BEGIN IMMEDIATE`` under a zero busy timeout: it takes the write lock at once or not
at all, and never waits inside SQLite on the loop's thread (an aiosqlite session holding the lock needs the loop
to finish its own transaction, so waiting there would deadlock until the timeout). While another connection holds
the lock, the unit is queued and the writer tries again after SQLite's own busy-handler pauses, awaited on the
loop, for as long as the other connections' busy timeout (30 s); units arriving meanwhile join that batch. Once
it holds the lock it runs to ``COMMIT`` without yielding, so it never makes another connection wait for the loop.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import sqlite3
import time
from collections.abc import Callable, Sequence
from typing import Any

from sqlalchemy import create_engine, event, pool
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine
from sqlalchemy.orm import Session
from sqlalchemy.sql import Executable

from bot.db import sqlite_pragmas
from bot.statements import SQLITE_STATEMENTS, Prepared

log = logging.getLogger(__name__)

#: Most units in one transaction (keeps a batch's latency bounded under a flood).
MAX_BATCH = 256
#: Pauses between tries while another connection holds SQLite's write lock (SQLite's own busy handler's steps).
BUSY_PAUSES = (0.001, 0.002, 0.005, 0.01, 0.015, 0.02, 0.025, 0.025, 0.025, 0.05, 0.05, 0.1)
#: How long a write waits for the lock before it fails (the async connections' busy timeout).
BUSY_TIMEOUT = 30.0
#: The in-process writer copies the WAL into the database (a PASSIVE checkpoint, in a worker thread) every this
#: many commits: about as often as SQLite's own automatic checkpoint at 1000 pages, for commits of 5-10 pages.
#: (The WAL file's size says nothing: SQLite reuses it from the start after a checkpoint, without shrinking it.)
CHECKPOINT_EVERY = 200
#: Passes of one checkpoint at most, until every frame of the WAL is copied (see :func:`_checkpoint`).
CHECKPOINT_PASSES = 8


class Conflict(IntegrityError):
    """Another writer moved the game on first (its guard changed no row, or its step already exists)."""

    def __init__(self, detail: str) -> None:
        super().__init__(detail, None, Exception(detail))


class Unit:
    """The writes of one action. ``guard`` must change exactly one row, else the unit is a :class:`Conflict`.

    ``on_commit`` is called with the rows the unit's statements returned (``RETURNING``, in statement order) as
    soon as the transaction holding them is committed, before anyone else runs on the loop: that is how the
    dispatcher is handed the outbox rows an action wrote without reading them back.

    ``done`` is made only for a unit that waits in the queue: one committed at once (the usual case on SQLite)
    never needs a future."""

    __slots__ = ("done", "guard", "on_commit", "returned", "statements")

    def __init__(
        self,
        statements: Sequence[tuple[Executable | Prepared, Any]],
        guard: tuple[Executable | Prepared, Any] | None = None,
        on_commit: Callable[[list[Any]], None] | None = None,
    ) -> None:
        self.statements = statements
        self.guard = guard
        self.on_commit = on_commit
        self.returned: list[Any] = []
        self.done: asyncio.Future[None] | None = None

    def waiting(self) -> asyncio.Future[None]:
        """The future its caller awaits while it is queued."""
        if self.done is None:
            self.done = asyncio.get_running_loop().create_future()
        return self.done

    def committed(self) -> None:
        if self.on_commit is not None:
            try:
                self.on_commit(self.returned)
            except Exception:  # the writes are durable; whoever missed them reads them from the database
                log.exception("on_commit hook failed")
        done = self.done
        if done is not None and not done.done():
            done.set_result(None)

    def failed(self, exc: BaseException) -> None:
        done = self.waiting()
        if not done.done():
            done.set_exception(exc)


class CommitQueue:
    """One writer per database: commits whatever is queued, together.

    ``in_process``: write a SQLite file through the in-process connection (the default for a SQLite file);
    ``False`` keeps every write on the async engine (PostgreSQL always; benchmarks compare the two)."""

    def __init__(self, engine: AsyncEngine, *, in_process: bool | None = None) -> None:
        self.engine = engine
        if in_process is None:
            in_process = _is_sqlite_file(engine)
        self._direct = _SQLiteWriter(engine) if in_process else None
        self._queue: asyncio.Queue[Unit] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        #: Units handed to the writer task and not yet settled (SQLite: while it waits for the lock).
        self._backlog = 0

    @property
    def in_process(self) -> bool:
        return self._direct is not None

    async def commit(
        self,
        statements: Sequence[tuple[Executable | Prepared, Any]],
        guard: tuple[Executable | Prepared, Any] | None = None,
        on_commit: Callable[[list[Any]], None] | None = None,
    ) -> None:
        """Return once the statements are committed; raise :class:`Conflict` (or the database's error)."""
        unit = Unit(statements, guard, on_commit)
        direct = self._direct
        if direct is not None:
            if direct.connection is None:
                await self.open()
            # while the lock is free this returns without yielding to the loop, like an uncontended asyncio.Lock:
            # the transaction runs to COMMIT right here (a caller acting in a loop must await something else, as
            # every interaction does)
            if not self._backlog:
                try:
                    direct.run([unit])
                except _Busy:
                    pass  # another connection holds the write lock: wait for it in the queue, off this call
                else:
                    unit.committed()
                    return
        done = unit.waiting()
        self._backlog += 1
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run())
        self._queue.put_nowait(unit)
        await done

    async def open(self) -> None:
        """Connect the in-process writer now rather than at the first commit (nothing to do on PostgreSQL)."""
        if self._direct is not None and self._direct.connection is None:
            await self._direct.open()

    def read_now(self, sql: str, params: tuple[Any, ...]) -> list[Any] | None:
        """The rows of a small read run at once on the in-process connection (a SQLite file), on the loop's thread:
        a fraction of a millisecond where an aiosqlite session costs a dozen hops to its thread and back (a refused
        click asks whether the game moved on, before it is answered). In WAL a read neither waits for nor blocks a
        writer, and between two awaits this connection holds no transaction of its own, so it sees every commit.
        ``None`` when there is no such connection (yet), or the read failed: the caller reads as usual."""
        direct = self._at_rest()
        if direct is None:
            return None
        try:
            return direct.raw.execute(sql, params).fetchall()
        except sqlite3.Error:
            return None

    def session_now(self) -> Session | None:
        """A synchronous ORM session on the in-process connection (a SQLite file), for a few small reads run at once
        on the loop's thread, as :meth:`read_now` runs one: a game read on its first use costs four round trips to
        aiosqlite's thread and back through an async session (about 3 ms a game after a restart, issue 27), and here
        none. Only while the connection holds no transaction (between two awaits it never does); the session is
        bound to it, so closing the session leaves it as it was. ``None``: no such connection (yet), or busy; the
        caller reads as usual."""
        direct = self._at_rest()
        return Session(bind=direct.connection, expire_on_commit=False) if direct is not None else None

    def _at_rest(self) -> _SQLiteWriter | None:
        """The in-process connection when it is open and holds no transaction, at the driver's level or
        SQLAlchemy's (between two awaits it never does): what may be read on at once."""
        direct = self._direct
        if direct is None or direct.raw is None or direct.raw.in_transaction or direct.connection.in_transaction():
            return None
        return direct

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None
        if self._direct is not None:
            checkpoint = self._direct._checkpoint
            if checkpoint is not None and not checkpoint.done():  # its thread finishes before the loop may close
                await asyncio.gather(checkpoint, return_exceptions=True)
            self._direct.close()

    async def _run(self) -> None:
        while True:
            batch = [await self._queue.get()]
            while len(batch) < MAX_BATCH and not self._queue.empty():
                batch.append(self._queue.get_nowait())
            try:
                if self._direct is not None:
                    await self._direct_batch(batch)
                    continue
                try:
                    async with self.engine.begin() as conn:
                        for unit in batch:
                            await _apply(conn, unit)
                except Exception:
                    await self._one_by_one(batch)
                else:
                    for unit in batch:
                        unit.committed()
            finally:
                self._backlog -= len(batch)

    async def _one_by_one(self, batch: list[Unit]) -> None:
        for unit in batch:
            try:
                async with self.engine.begin() as conn:
                    await _apply(conn, unit)
            except Exception as exc:  # handed to the caller, who knows what it means
                unit.failed(exc)
            else:
                unit.committed()

    async def _direct_batch(self, batch: list[Unit]) -> None:
        """SQLite in process: commit ``batch`` as soon as the write lock is free; if one of its units fails, each
        is tried on its own, so only that one fails."""
        direct = self._direct
        assert direct is not None
        if direct.connection is None:
            await direct.open()
        started = time.monotonic()
        for tries in itertools.count():
            try:
                direct.run(batch)
            except _Busy as busy:
                if time.monotonic() - started > BUSY_TIMEOUT:
                    for unit in batch:
                        unit.failed(busy.error)
                    return
                await asyncio.sleep(BUSY_PAUSES[min(tries, len(BUSY_PAUSES) - 1)])
            except Exception as exc:
                if len(batch) == 1:
                    batch[0].failed(exc)
                    return
                for unit in batch:
                    await self._direct_batch([unit])
                return
            else:
                for unit in batch:
                    unit.committed()
                return


class _Busy(Exception):
    """SQLite's write lock is held by another connection (the write was rolled back; try again later)."""

    def __init__(self, error: Exception) -> None:
        super().__init__(str(error))
        self.error = error


def _is_sqlite_file(engine: AsyncEngine) -> bool:
    database = engine.url.database
    return engine.dialect.name == "sqlite" and bool(database) and database != ":memory:" and not database.startswith("file:")


def _is_busy(exc: BaseException) -> bool:
    orig = getattr(exc, "orig", exc)
    code = getattr(orig, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
    return isinstance(orig, sqlite3.OperationalError) and "locked" in str(orig)


class _SQLiteWriter:
    """One connection of the stdlib driver to the SQLite file, used on the loop's thread (see the module doc)."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.url = engine.url.set(drivername="sqlite")
        self.sync_engine: Any = None
        self.connection: Any = None  # SQLAlchemy's sync Connection (for Core statements that are not Prepared)
        self.raw: sqlite3.Connection | None = None
        self.dialect: Any = None
        self._opening: asyncio.Future[None] | None = None
        self.path = self.url.database
        self._commits = 0
        self._checkpoint: asyncio.Future[None] | None = None
        #: Checkpoints run off the loop (for benchmarks and tests).
        self.checkpoints = 0
        #: Each Prepared statement's SQL, parameter maker and whether it returns ids, made on first use.
        self._plans: dict[Any, tuple[str, Callable[[dict[str, Any]], tuple[Any, ...]], bool]] = {}
        self._cursor: Any = None
        #: Whether the transaction under way ran a Core statement through SQLAlchemy's connection.
        self._through_core = False

    async def open(self) -> None:
        """Connect in a worker thread (setting WAL may wait for the file's lock), once."""
        if self._opening is None or (self._opening.done() and self.connection is None):
            self._opening = asyncio.ensure_future(asyncio.to_thread(self._connect))
        await asyncio.shield(self._opening)

    def _connect(self) -> None:
        engine = create_engine(
            self.url,
            poolclass=pool.StaticPool,
            # isolation_level None: the driver issues no BEGIN of its own; the writer says BEGIN IMMEDIATE itself
            connect_args={"timeout": BUSY_TIMEOUT, "isolation_level": None, "check_same_thread": False},
        )
        event.listen(engine, "connect", sqlite_pragmas)
        connection = engine.connect()
        raw = connection.connection.dbapi_connection
        raw.execute("PRAGMA busy_timeout=0")  # on the loop's thread a busy lock is waited for by the loop, not here
        raw.execute("PRAGMA wal_autocheckpoint=0")  # checkpoints run in a worker thread (see _checkpoint_later)
        self.sync_engine, self.dialect, self.raw = engine, engine.dialect, raw
        self._cursor = raw.cursor()
        self._plans = {}
        for statement in SQLITE_STATEMENTS:  # compiled here, in this thread, rather than by the first click
            self._plan(statement)
        self.connection = connection

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.sync_engine.dispose()
        self.connection = self.raw = self.sync_engine = self._cursor = None
        self._opening = None

    def run(self, units: list[Unit]) -> None:
        """Commit ``units`` in one transaction, or roll back and raise (:class:`_Busy` while the lock is held)."""
        raw = self.raw
        assert raw is not None
        cursor = self._cursor
        try:
            cursor.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            if _is_busy(exc):
                raise _Busy(_wrap("BEGIN IMMEDIATE", exc)) from exc
            raise _wrap("BEGIN IMMEDIATE", exc) from exc
        self._through_core = False
        try:
            for unit in units:
                self._apply(cursor, unit)
            cursor.execute("COMMIT")
        except BaseException as exc:
            if raw.in_transaction:
                raw.execute("ROLLBACK")
            if self.connection.in_transaction():
                self.connection.rollback()
            if isinstance(exc, Exception) and _is_busy(exc):
                raise _Busy(exc if isinstance(exc, DBAPIError) else _wrap("COMMIT", exc)) from exc
            if isinstance(exc, sqlite3.Error):
                raise _wrap("", exc) from exc
            raise
        if self._through_core and self.connection.in_transaction():
            self.connection.commit()  # SQLAlchemy's view of the connection: the driver has already committed
        self._commits += 1
        if self._commits >= CHECKPOINT_EVERY:
            self._checkpoint_later()

    def _checkpoint_later(self) -> None:
        """Copy the WAL into the database in a worker thread (one at a time; a PASSIVE checkpoint neither waits
        for nor blocks readers and writers)."""
        if self._checkpoint is not None and not self._checkpoint.done():
            return
        self._commits = 0
        self._checkpoint = asyncio.ensure_future(asyncio.to_thread(_checkpoint, self.path))
        self._checkpoint.add_done_callback(self._checkpointed)

    def _checkpointed(self, future: asyncio.Future[None]) -> None:
        if future.cancelled():
            return
        if future.exception() is not None:  # the next one tries again; the WAL only grows meanwhile
            log.warning("WAL checkpoint failed: %s", future.exception())
        else:
            self.checkpoints += 1

    def _apply(self, cursor: sqlite3.Cursor, unit: Unit) -> None:
        unit.returned = []  # a unit retried on its own after its batch failed returns its rows afresh
        if unit.guard is not None:
            statement, params = unit.guard
            if self._execute(cursor, statement, params)[0] != 1:
                raise Conflict("the game moved on in another process")
        for statement, params in unit.statements:
            if isinstance(params, list) and not params:
                continue  # an executemany with nothing to insert
            _, rows = self._execute(cursor, statement, params)
            if rows is not None:
                unit.returned.append(rows)

    def _plan(self, statement: Prepared) -> tuple[str, Callable[[dict[str, Any]], tuple[Any, ...]], bool]:
        """A prepared statement's SQL, parameter maker and whether it returns ids, made once."""
        sql, order = statement.sqlite(self.dialect)
        plan = self._plans[statement] = (sql, _values_maker(order), statement.returns_id)
        return plan

    def _execute(self, cursor: sqlite3.Cursor, statement: Any, params: Any) -> tuple[int, list[Any] | None]:
        if not isinstance(statement, Prepared):
            self._through_core = True
            result = self.connection.execute(statement) if params is None else self.connection.execute(statement, params)
            return result.rowcount, (result.all() if result.returns_rows else None)
        sql, values, returns_id = self._plans.get(statement) or self._plan(statement)
        if type(params) is list:
            if returns_id:  # one row at a time, each id as RETURNING would give it
                ids = []
                for row in params:
                    cursor.execute(sql, values(row))
                    ids.append((cursor.lastrowid,))
                return len(ids), ids
            cursor.executemany(sql, map(values, params))
            return cursor.rowcount, None
        cursor.execute(sql, values(params or {}))
        return cursor.rowcount, ([(cursor.lastrowid,)] if returns_id else None)


def _checkpoint(path: str) -> None:
    """Copy the whole WAL into the database, in passes (each PASSIVE: it neither waits for nor blocks anyone).

    A pass copies the frames the WAL held when it began, while the writer goes on committing; SQLite starts the
    WAL again from its beginning (at the next write) only once every frame is copied. With one pass per checkpoint
    that never happened while actions kept coming: the WAL grew by every commit (30 MB over 2,000 commits of
    ``bench.persist``), and every COMMIT appended to an ever longer file, about 1.5 times the cost of a COMMIT into
    a WAL started again (issue 27). Each further pass copies only what was committed during the one before, so the
    passes shorten until one finds nothing new; should commits outrun them, the next checkpoint goes on from there."""
    connection = sqlite3.connect(path, timeout=BUSY_TIMEOUT)
    try:
        seen = None
        for _ in range(CHECKPOINT_PASSES):
            _busy, frames, copied = connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
            if frames < 0 or copied < frames or frames == seen:  # not WAL; a reader holds frames; nothing new
                return
            seen = frames
    finally:
        connection.close()


def _values_maker(order: tuple[tuple[str, Any, Any], ...]) -> Callable[[dict[str, Any]], tuple[Any, ...]]:
    """The function turning one row's parameters (a dict) into the statement's values in placeholder order: each
    ``params.get(name, constant)``, converted by its column's type when it has a converter. Made once per
    statement as a function of its own (one tuple display, no loop over the placeholders per row)."""
    defaults: list[str] = []
    namespace: dict[str, Any] = {}
    items = []
    for i, (name, constant, processor) in enumerate(order):
        namespace[f"c{i}"] = constant
        defaults.append(f"c{i}=c{i}")
        item = f"p.get({name!r}, c{i})"
        if processor is not None:
            namespace[f"f{i}"] = processor
            defaults.append(f"f{i}=f{i}")
            item = f"f{i}({item})"
        items.append(item)
    body = f"({items[0]},)" if len(items) == 1 else f"({', '.join(items)})"
    source = f"def values(p, {', '.join(defaults)}):\n    return {body}\n" if defaults else "def values(p):\n    return ()\n"
    exec(compile(source, "<bot.writer values>", "exec"), namespace)  # noqa: S102 - source made from names above
    return namespace["values"]


def _wrap(sql: str, exc: BaseException) -> DBAPIError:
    """The driver's error as SQLAlchemy's (IntegrityError, OperationalError...), as the async path raises them."""
    return DBAPIError.instance(sql, None, exc, sqlite3.Error)


async def _apply(conn: AsyncConnection, unit: Unit) -> None:
    unit.returned = []  # a unit retried on its own after its batch failed returns its rows afresh
    if unit.guard is not None:
        statement, params = unit.guard
        statement = statement.core if isinstance(statement, Prepared) else statement
        result = await conn.execute(statement, params) if params is not None else await conn.execute(statement)
        if result.rowcount != 1:
            raise Conflict("the game moved on in another process")
    for statement, params in unit.statements:
        statement = statement.core if isinstance(statement, Prepared) else statement
        if params is None:
            result = await conn.execute(statement)
        elif isinstance(params, list) and not params:
            continue  # an executemany with nothing to insert
        else:
            result = await conn.execute(statement, params)
        if result.returns_rows:
            unit.returned.append(result.all())
