"""Pure rules engines, one package per game, behind one contract (:mod:`engines.core`).

>>> from engines import ENGINE_NAMES, get_engine
>>> get_engine("night_watch").min_players
5
"""

from __future__ import annotations

import importlib
from functools import cache

from engines.core import Engine

#: Every game, by the name used in commands, saved games and the database.
ENGINE_NAMES: tuple[str, ...] = ("night_watch", "kdyz_snim", "ghost_at_home", "midnighters", "midnight_hunt")


@cache
def get_engine(name: str) -> Engine:
    """The engine called ``name``. Raises ``KeyError`` for an unknown game."""
    if name not in ENGINE_NAMES:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(ENGINE_NAMES)}")
    module = importlib.import_module(f"engines.{name}")
    engine: Engine = module.ENGINE
    return engine


def available_engines() -> list[str]:
    """The games whose engine package is present (all of them once every game has landed)."""
    found = []
    for name in ENGINE_NAMES:
        try:
            get_engine(name)
        except ModuleNotFoundError as exc:
            if exc.name != f"engines.{name}":
                raise  # a broken engine must fail loudly, not vanish from the list
            continue
        found.append(name)
    return found
