"""The one list of games on Discord, found rather than kept: every subpackage of ``cogs/`` is a game's Discord face
and builds and registers its :class:`bot.games.GameUI` as ``UI``. Importing this imports them all, which is what the
slash-command choices, the runtime's presenters and the dispatcher's renderers read. Adding a game's package adds
the game; no file here names one."""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

from bot import games


def _discover() -> tuple[games.GameUI, ...]:
    found = []
    for module in pkgutil.iter_modules([str(Path(__file__).parent)]):
        if module.ispkg:
            package = importlib.import_module(f"cogs.{module.name}")
            ui = package.UI
            if ui.name != module.name:
                raise TypeError(f"cogs/{module.name}/ builds the UI of {ui.name!r}")
            found.append(games.register(ui))
    return tuple(sorted(found, key=lambda ui: (ui.order, ui.name)))


GAMES = _discover()

__all__ = ["GAMES"]
