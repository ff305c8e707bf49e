"""The cyclic garbage collector's policy for a bot that keeps many games live for hours.

In CPython 3.11 a full collection walks every object the collector tracks, and the event loop waits for it. A bot
with 1,000 live games tracks some 225,000 (their states, rows, timers), and each full collection stopped the loop for
about 150 ms, twice in a 20 s window: the slowest clicks of the realistic benchmark (bench §2). What survives a full
collection is mostly what lives on (the modules, the live games), so :class:`CollectorPolicy` moves it out of the
collector's reach (:func:`gc.freeze`) at the end of every full collection; the next ones walk only what was made
since. What they walk is then what was promoted since the last one and still lives (the clicks and deliveries in
flight, the newest states), so the policy also has them come more often than CPython would (:data:`FULL_EVERY`),
each the shorter for it.

An object freed by reference counting is freed as soon as before, frozen or not: that is how a finished game's
state goes. What freezing delays is reference *cycles* among frozen objects: they are freed by the first full
collection after a thaw (:func:`gc.unfreeze`), which walks everything once more. The policy thaws every
``thaw_every`` seconds, so the memory held back is what the bot leaves in cycles in that time: the memory
benchmark's churn found 40-70 such objects after 300-10,000 games with CPython's full collections (bench §5b), and
260 after 10,000 with the policy's more frequent ones, which catch more short-lived cycles alive (bench/RESULTS.md,
"What a full collection walks").
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from typing import Any

#: How often a full collection walks everything again (and frees the cycles that died frozen): once an hour, the
#: pause of a full walk (150-270 ms at 1,000 live games, bench §2) against the memory an hour's cycles hold.
THAW_EVERY_S = 3600.0

#: A full collection comes after this many collections of the middle generation (CPython's default is 10). Under
#: the policy each one walks only what was promoted since the one before and is still alive, so more frequent ones
#: are shorter: at 1,000 live games, 4 instead of 10 took the realistic window's longest pause from 85-116 ms to
#: 33-44 ms and its whole collection time down by a fifth (bench/RESULTS.md, "What a full collection walks").
FULL_EVERY = 4

#: The generation whose collection is a full one.
OLDEST = 2


class CollectorPolicy:
    """Freezes the survivors of every full collection; thaws them before the first full collection once
    ``thaw_every`` seconds have passed since the last thaw (or since :meth:`install`); and runs a full collection
    after every ``full_every`` collections of the middle generation.

    >>> policy = CollectorPolicy(thaw_every=60.0, now=lambda: 0.0).install()
    >>> _ = gc.collect()
    >>> gc.get_freeze_count() > 0
    True
    >>> policy.uninstall()
    >>> gc.get_freeze_count()
    0
    """

    def __init__(
        self,
        *,
        thaw_every: float = THAW_EVERY_S,
        full_every: int = FULL_EVERY,
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        self.thaw_every = thaw_every
        self.full_every = full_every
        #: The collector's thresholds before :meth:`install`, given back by :meth:`uninstall`.
        self._thresholds: tuple[int, ...] | None = None
        self._now = now
        self._thaw_at = 0.0
        #: Full collections seen, and how many of them walked everything after a thaw (for the benchmarks).
        self.full_collections = 0
        self.thaws = 0

    def install(self) -> CollectorPolicy:
        self._thaw_at = self._now() + self.thaw_every
        self._thresholds = gc.get_threshold()
        young, middle, _ = self._thresholds
        gc.set_threshold(young, middle, self.full_every)
        gc.callbacks.append(self._on_collection)
        return self

    def uninstall(self) -> None:
        """Stops the policy and hands everything frozen back to the collector (what a process that goes on doing
        other work wants: a test, a benchmark's next window)."""
        if self._on_collection in gc.callbacks:
            gc.callbacks.remove(self._on_collection)
        if self._thresholds is not None:
            gc.set_threshold(*self._thresholds)
            self._thresholds = None
        gc.unfreeze()

    def _on_collection(self, phase: str, info: dict[str, Any]) -> None:
        # called by the collector itself, before and after each collection; freezing and thawing only relink its
        # lists, so both are cheap and safe here
        if info["generation"] != OLDEST:
            return
        if phase == "start":
            if self._now() >= self._thaw_at:
                gc.unfreeze()  # this collection walks everything, and frees the cycles that died frozen
                self._thaw_at = self._now() + self.thaw_every
                self.thaws += 1
        else:
            gc.freeze()
            self.full_collections += 1
