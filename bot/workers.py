"""What every worker process of the bot does for itself (the board workers, :mod:`bot.boards`; the computer players'
workers, :mod:`bot.thinking`): leave when the bot is gone, and answer the bot's start-up ping. Only the standard
library is imported here, so a worker that imports this starts as fast as its own work allows."""

from __future__ import annotations

import os
import threading
import time

#: Seconds between a worker's checks that the bot is still there.
WATCH_EVERY = 1.0


def watch_the_bot(bot: int) -> None:
    """Start watching for the bot from a worker. A worker outlives a bot that was killed (its queue's pipe never
    closes: the worker holds both ends), so it leaves once its parent is no longer the bot. ``bot`` is the bot's
    process id, given by the bot rather than read here: a bot killed while its worker was still importing has made
    the worker an orphan already, whose parent now is init, and a worker watching for that would never leave."""
    threading.Thread(target=_watch, args=(bot,), name="watch-the-bot", daemon=True).start()


def _watch(bot: int) -> None:
    while os.getppid() == bot:
        time.sleep(WATCH_EVERY)
    os._exit(0)


def ready() -> int:
    """The bot's start-up ping: one per worker, so that every worker has started (and imported) before work comes."""
    return os.getpid()


__all__ = ["WATCH_EVERY", "ready", "watch_the_bot"]
