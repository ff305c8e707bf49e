"""The heartbeat: a running, connected process marks in ``meta`` that it is alive, so that the bot, back after being
away, knows since when it was away (:mod:`bot.downtime`)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable

from sqlalchemy import select, update

from bot.clock import Clock
from bot.db import Database, Meta

log = logging.getLogger(__name__)

#: A connected process marks that it is alive this often (seconds of its clock).
BEAT_SECONDS = 5.0
#: The prefix of heartbeat keys in ``meta``.
KEY_PREFIX = "alive:"


def heartbeat_key(shard_ids: Iterable[int] | None, shard_count: int | None) -> str:
    """The heartbeat key of a process running ``shard_ids`` of ``shard_count`` (``None``: every shard)."""
    if not shard_ids:
        return f"{KEY_PREFIX}all"
    return f"{KEY_PREFIX}{','.join(str(s) for s in sorted(shard_ids))}/{shard_count or 1}"


class Heartbeat:
    """Marks in ``meta`` that this process is alive and connected, every :data:`BEAT_SECONDS`."""

    def __init__(self, db: Database, clock: Clock, key: str) -> None:
        self.db = db
        self.clock = clock
        self.key = key
        self._task: asyncio.Task[None] | None = None

    async def last(self) -> float | None:
        """When this process's shards were last known alive: their own key, else the newest beat of any process
        (the shards were split differently before), else ``None`` (a new installation)."""
        async with self.db.sessions() as session:
            beats = dict((await session.execute(select(Meta.key, Meta.value).where(Meta.key.like(f"{KEY_PREFIX}%")))).all())
        times = {key: _as_time(value) for key, value in beats.items()}
        own = times.get(self.key)
        if own is not None:
            return own
        known = [t for t in times.values() if t is not None]
        return max(known) if known else None

    async def beat(self) -> None:
        value = repr(self.clock.now())
        async with self.db.sessions.begin() as session:
            changed = await session.execute(update(Meta).where(Meta.key == self.key).values(value=value))
            if not changed.rowcount:
                session.add(Meta(key=self.key, value=value))

    def start(self) -> None:
        """Beat now and then every :data:`BEAT_SECONDS` until :meth:`stop` (call it once connected)."""
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run())

    def stop(self) -> None:
        """No more beats (the gateway was lost: the process is not there for players until it is back)."""
        if self._task is not None:
            self._task.cancel()
            self._task = None

    async def _run(self) -> None:
        while True:
            try:
                await self.beat()
            except Exception:  # the database busy or away: the next beat tries again
                log.warning("heartbeat not written", exc_info=True)
            await self.clock.sleep_until(self.clock.now() + BEAT_SECONDS)


def _as_time(value: str) -> float | None:
    try:
        return float(value)
    except ValueError:
        return None


__all__ = ["BEAT_SECONDS", "Heartbeat", "heartbeat_key"]
