"""The bot's own time of absence: a heartbeat in the database, and what the bot does when it comes back.

While the bot is down (killed, restarting, upgraded) or cut off from Discord's gateway, nobody can play: clicks
fail with "This interaction failed" and no prompt can be answered. That time is nobody's turn. So:

* a running, connected process writes a heartbeat (:class:`Heartbeat`) every :data:`BEAT_SECONDS` of its clock
  into ``meta``, under a key naming the shards it runs (a process that later runs the same shards, this one
  restarted or another taking over, reads the same key);
* a process that starts, or whose gateway connection was lost, is *away* (:meth:`bot.runtime.Runtime.hold`):
  its timers wait instead of timing out choices nobody could make;
* when it is connected again (:meth:`bot.runtime.Runtime.back`), every open deadline of its games moves on by the
  time it was away, and each open choice gets at least :data:`GRACE_SECONDS` (:func:`credited`); the chess
  clocks and turn budgets follow, since a game's clock is charged what its prompt's deadline says it waited. The
  game's thread is told first, and each open choice's message is rewritten with its new deadline.

A gateway outage shorter than :data:`BLIP_SECONDS` (Discord reconnects a session in about a second now and then)
only moves the deadlines on; it is not announced.
"""

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
#: Every open choice has at least this long once the bot is back, however little it had left.
GRACE_SECONDS = 20.0
#: A gateway outage shorter than this only moves deadlines on, without a notice or the grace.
BLIP_SECONDS = 5.0
#: The prefix of heartbeat keys in ``meta``.
KEY_PREFIX = "alive:"


def heartbeat_key(shard_ids: Iterable[int] | None, shard_count: int | None) -> str:
    """The heartbeat key of a process running ``shard_ids`` of ``shard_count`` (``None``: every shard)."""
    if not shard_ids:
        return f"{KEY_PREFIX}all"
    return f"{KEY_PREFIX}{','.join(str(s) for s in sorted(shard_ids))}/{shard_count or 1}"


def credited(due: float, since: float, now: float, grace: float = GRACE_SECONDS) -> float:
    """A deadline ``due`` once the bot is back at ``now`` after being away since ``since``: what was left when it
    went away, from now, and at least ``grace``. A deadline already past when it went away is left as it is (the
    choice had all its time while the bot was there; its timeout fires now)."""
    if due <= since:
        return due
    return now + max(due - since, grace)


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


__all__ = ["BEAT_SECONDS", "BLIP_SECONDS", "GRACE_SECONDS", "Heartbeat", "credited", "heartbeat_key"]
