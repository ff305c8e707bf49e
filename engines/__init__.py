"""Pure rules engines, one package per game, behind one contract (:mod:`engines.core`).

Every subpackage of ``engines/`` is a game: ``engines/<name>/__init__.py`` builds its engine as ``ENGINE``, whose
``name`` is the package's name and which declares the rest (its rule prefix, player counts, options). Nothing else
lists the games: adding a package adds a game (``tests/test_games.py`` checks each declares what it must).

>>> from engines import ENGINE_NAMES, get_engine
>>> get_engine("night_watch").min_players
5
>>> get_engine("midnight_hunt").player_counts
(2, 4)
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from pathlib import Path

from engines.core import Engine

#: Packages under ``engines/`` that are not games: the computer players (issue 31).
NOT_GAMES = frozenset({"ai"})


def _discover() -> tuple[str, ...]:
    """The game packages under ``engines/``, by name (not imported: an engine loads when first asked for)."""
    found = (m.name for m in pkgutil.iter_modules([str(Path(__file__).parent)]) if m.ispkg)
    return tuple(sorted(name for name in found if name not in NOT_GAMES))


#: Every game, by the name used in commands, saved games and the database.
ENGINE_NAMES: tuple[str, ...] = _discover()


@cache
def get_engine(name: str) -> Engine:
    """The engine called ``name``. Raises ``KeyError`` for an unknown game."""
    if name not in ENGINE_NAMES:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(ENGINE_NAMES)}")
    module = importlib.import_module(f"engines.{name}")
    engine: Engine = module.ENGINE
    if engine.name != name:
        raise TypeError(f"engines/{name}/ builds an engine named {engine.name!r}")
    return engine


def available_engines() -> list[str]:
    """Every game (kept for callers from when games landed one by one: each is always present now)."""
    return list(ENGINE_NAMES)
