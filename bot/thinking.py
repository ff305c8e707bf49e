"""What a computer player's worker process runs (:mod:`bot.computers`): kept apart, with nothing but the standard
library imported here, so that a worker starts by importing the decider alone (the bot's own modules, the database
layer among them, cost a worker seconds on a loaded machine, and a computer's first move waited for them).

A worker is spawned by the bot and leaves by itself once the bot is gone (as the board workers do, :mod:`bot.boards`);
it imports its decider, named ``module:function`` (``engines.ai:decide``), when it starts.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from bot.workers import ready, watch_the_bot


def resolve(spec: str) -> Callable[..., dict]:
    """The decider named ``module:function``."""
    module, _, function = spec.partition(":")
    return getattr(importlib.import_module(module), function or "decide")


def start(spec: str, bot: int) -> None:
    """A worker's start: it watches for the bot (``bot``: its process id, given by the bot) and imports its decider."""
    watch_the_bot(bot)
    resolve(spec)


def think(spec: str, game: str, view: dict, player: str, level: str, seed: int) -> dict:
    """One decision: the decider named by ``spec`` given the seat's view alone."""
    return resolve(spec)(game, view, player, level, seed)


__all__ = ["ready", "resolve", "start", "think"]
