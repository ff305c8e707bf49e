"""Time for the runtime, injectable: the real clock in production, a manual one in tests (no wall-clock sleeps)."""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time
from collections.abc import Callable
from typing import Any


class Clock:
    """Wall-clock time (unix seconds) and sleeping until a moment."""

    def now(self) -> float:
        return time.time()

    async def sleep_until(self, when: float) -> None:
        delay = when - self.now()
        if delay > 0:
            await asyncio.sleep(delay)

    def call_at(self, when: float, callback: Callable[[], Any]) -> Any:
        """Call ``callback`` on the loop at the moment ``when`` (at once, soon, if it has passed); returns a handle
        whose ``cancel()`` stops it. A timer armed this way costs the loop a handle, not a task (bot.timers)."""
        loop = asyncio.get_running_loop()
        return loop.call_at(loop.time() + max(0.0, when - self.now()), callback)


class ScaledClock(Clock):
    """Wall-clock time running ``scale`` times faster (a test hook: an end-to-end game whose rules count minutes of
    sand-timer plays in seconds). Measured from a fixed epoch, so a restarted process reads the same time."""

    EPOCH = 1_700_000_000.0

    def __init__(self, scale: float) -> None:
        self.scale = scale

    def now(self) -> float:
        return self.EPOCH + (time.time() - self.EPOCH) * self.scale

    async def sleep_until(self, when: float) -> None:
        delay = (when - self.now()) / self.scale
        if delay > 0:
            await asyncio.sleep(delay)

    def call_at(self, when: float, callback: Callable[[], Any]) -> Any:
        loop = asyncio.get_running_loop()
        return loop.call_at(loop.time() + max(0.0, (when - self.now()) / self.scale), callback)


class ManualClock(Clock):
    """A clock that moves only when a test calls :meth:`advance`; sleepers wake in deadline order."""

    def __init__(self, start: float = 1_700_000_000.0) -> None:
        self._now = start
        #: Who waits for a moment, in deadline order: sleepers' futures and :meth:`call_at`'s calls (both answer
        #: ``done()`` and ``set_result(None)``).
        self._sleepers: list[tuple[float, int, Any]] = []
        self._order = itertools.count()

    def now(self) -> float:
        return self._now

    async def sleep_until(self, when: float) -> None:
        if when <= self._now:
            await asyncio.sleep(0)
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._sleepers, (when, next(self._order), future))
        await future

    def call_at(self, when: float, callback: Callable[[], Any]) -> _Call:
        """``callback`` called when :meth:`advance` reaches ``when``, in deadline order with the sleepers (soon, if
        ``when`` has passed)."""
        call = _Call(callback)
        if when <= self._now:
            asyncio.get_running_loop().call_soon(call.set_result, None)
        else:
            heapq.heappush(self._sleepers, (when, next(self._order), call))
        return call

    async def advance(self, seconds: float) -> None:
        """Move time forward, waking every sleeper whose moment has come and letting it run."""
        target = self._now + seconds
        while self._sleepers and self._sleepers[0][0] <= target:
            when, _, future = heapq.heappop(self._sleepers)
            self._now = max(self._now, when)
            if not future.done():
                future.set_result(None)
            for _ in range(20):  # let the woken task and whatever it starts run to their next await
                await asyncio.sleep(0)
        self._now = target
        for _ in range(20):
            await asyncio.sleep(0)


class _Call:
    """A callback waiting in :class:`ManualClock`'s queue of sleepers: answers like their futures (``done``,
    ``set_result``), and is called at once when its moment comes; ``cancel()`` before that stops it."""

    __slots__ = ("callback",)

    def __init__(self, callback: Callable[[], Any] | None) -> None:
        self.callback = callback

    def done(self) -> bool:
        return self.callback is None

    def cancel(self) -> None:
        self.callback = None

    def set_result(self, _result: None) -> None:
        callback, self.callback = self.callback, None
        if callback is not None:
            callback()
