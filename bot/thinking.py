"""What a computer player's worker process runs (:mod:`bot.computers`): kept apart, with nothing but the standard
library imported here, so that a worker starts by importing the decider alone (the bot's own modules, the database
layer among them, cost a worker seconds on a loaded machine, and a computer's first move waited for them).

A worker is spawned by the bot and leaves by itself once the bot is gone (as the board workers do, :mod:`bot.boards`);
it imports its decider, named ``module:function`` (``engines.ai:decide``), when it starts.
"""

from __future__ import annotations

import importlib
import os
import threading
import time
from collections.abc import Callable

#: Seconds between a worker's checks that the bot is still there.
WATCH_EVERY = 1.0


def resolve(spec: str) -> Callable[..., dict]:
    """The decider named ``module:function``."""
    module, _, function = spec.partition(":")
    return getattr(importlib.import_module(module), function or "decide")


def start(spec: str, bot: int) -> None:
    """A worker's start: it watches for the bot (``bot``: its process id, given by the bot) and imports its decider."""
    threading.Thread(target=_watch_the_bot, args=(bot,), name="watch-the-bot", daemon=True).start()
    resolve(spec)


def _watch_the_bot(bot: int) -> None:
    while os.getppid() == bot:
        time.sleep(WATCH_EVERY)
    os._exit(0)


def think(spec: str, game: str, view: dict, player: str, level: str, seed: int) -> dict:
    """One decision: the decider named by ``spec`` given the seat's view alone."""
    return resolve(spec)(game, view, player, level, seed)


def ready() -> int:
    return os.getpid()


__all__ = ["WATCH_EVERY", "ready", "resolve", "start", "think"]
