"""Group commit: the writes of many actions, from many games, made durable in one transaction.

A commit costs far more than the statements in it (SQLite's WAL sync, PostgreSQL's round trip and flush), so
when many games act at once, :class:`CommitQueue` gathers every pending unit of writes and commits them together.
Each caller still waits for its own unit to be durable before it tells anyone: the action log stays the truth.

A unit is a list of Core statements plus an optional *guard*: a statement that must change exactly one row
(``UPDATE games SET seq = n + 1 WHERE id = ? AND seq = n``), which is how a second writer is detected. If any
unit of a batch fails, the batch is rolled back and each unit is retried in a transaction of its own, so one
conflict only fails its own caller.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine
from sqlalchemy.sql import Executable

log = logging.getLogger(__name__)

#: Most units in one transaction (keeps a batch's latency bounded under a flood).
MAX_BATCH = 256


class Conflict(IntegrityError):
    """Another writer moved the game on first (its guard changed no row, or its step already exists)."""

    def __init__(self, detail: str) -> None:
        super().__init__(detail, None, Exception(detail))


@dataclass
class Unit:
    """The writes of one action. ``guard`` must change exactly one row, else the unit is a :class:`Conflict`.

    ``on_commit`` is called with the rows the unit's statements returned (``RETURNING``, in statement order) as
    soon as the transaction holding them is committed, before anyone else runs on the loop: that is how the
    dispatcher is handed the outbox rows an action wrote without reading them back."""

    statements: Sequence[tuple[Executable, Any]]
    guard: tuple[Executable, Any] | None = None
    on_commit: Callable[[list[Any]], None] | None = None
    returned: list[Any] = field(default_factory=list)
    done: asyncio.Future[None] = field(default_factory=lambda: asyncio.get_running_loop().create_future())

    def committed(self) -> None:
        if self.on_commit is not None:
            try:
                self.on_commit(self.returned)
            except Exception:  # the writes are durable; whoever missed them reads them from the database
                log.exception("on_commit hook failed")
        if not self.done.done():
            self.done.set_result(None)


class CommitQueue:
    """One writer task per database: commits whatever is queued, together."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self._queue: asyncio.Queue[Unit] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None

    async def commit(
        self,
        statements: Sequence[tuple[Executable, Any]],
        guard: tuple[Executable, Any] | None = None,
        on_commit: Callable[[list[Any]], None] | None = None,
    ) -> None:
        """Return once the statements are committed; raise :class:`Conflict` (or the database's error)."""
        unit = Unit(statements, guard, on_commit)
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run())
        self._queue.put_nowait(unit)
        await unit.done

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None

    async def _run(self) -> None:
        while True:
            batch = [await self._queue.get()]
            while len(batch) < MAX_BATCH and not self._queue.empty():
                batch.append(self._queue.get_nowait())
            try:
                async with self.engine.begin() as conn:
                    for unit in batch:
                        await _apply(conn, unit)
            except Exception:
                await self._one_by_one(batch)
            else:
                for unit in batch:
                    unit.committed()

    async def _one_by_one(self, batch: list[Unit]) -> None:
        for unit in batch:
            try:
                async with self.engine.begin() as conn:
                    await _apply(conn, unit)
            except Exception as exc:  # handed to the caller, who knows what it means
                if not unit.done.done():
                    unit.done.set_exception(exc)
            else:
                unit.committed()


async def _apply(conn: AsyncConnection, unit: Unit) -> None:
    unit.returned = []  # a unit retried on its own after its batch failed returns its rows afresh
    if unit.guard is not None:
        statement, params = unit.guard
        result = await conn.execute(statement, params)
        if result.rowcount != 1:
            raise Conflict("the game moved on in another process")
    for statement, params in unit.statements:
        if params is None:
            result = await conn.execute(statement)
        elif isinstance(params, list) and not params:
            continue  # an executemany with nothing to insert
        else:
            result = await conn.execute(statement, params)
        if result.returns_rows:
            unit.returned.append(result.all())
