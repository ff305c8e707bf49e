"""The registry of games the bot can put on Discord: one :class:`GameUI` per game.

``bot`` knows no game. Each game's Discord face lives in its own package, ``cogs/<game>/``, which builds a
:class:`GameUI` (its presenter, board renderer and whether ``/game start`` offers it yet); ``cogs.registry``
registers them all, and everything else asks here: the slash-command choices, the runtime's presenter, the
dispatcher's renderer. An engine without a registered UI gets the default presenter, which plays any game with
plain text and generic controls.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engines import get_engine
from engines.core import Engine

if TYPE_CHECKING:
    from bot.presenter import Presenter
    from bot.render import Renderer


@dataclass(frozen=True)
class GameUI:
    """One game's Discord face."""

    engine: Engine
    presenter: Presenter
    #: The public board image, from the spectator view (``None``: a text-only game).
    board: Renderer | None = None
    #: Offered by ``/game start`` (a game whose Discord face is still being built can be registered but hidden).
    playable: bool = True
    #: Does the game talk in private team threads (the Watch's)? Moderators can read those; the host is told.
    team_threads: bool = False

    @property
    def name(self) -> str:
        return self.engine.name

    @property
    def prefix(self) -> str:
        return self.engine.prefix


_GAMES: dict[str, GameUI] = {}


def register(ui: GameUI) -> GameUI:
    _GAMES[ui.name] = ui
    return ui


def game_ui(name: str) -> GameUI:
    """The registered UI of ``name``, or a plain one with the default presenter."""
    ui = _GAMES.get(name)
    if ui is None:
        from bot.presenter import Presenter

        ui = GameUI(get_engine(name), Presenter(), playable=False)
    return ui


def registered() -> list[GameUI]:
    """Every registered game, in registration order."""
    return list(_GAMES.values())


def playable() -> list[GameUI]:
    return [ui for ui in _GAMES.values() if ui.playable]


__all__ = ["GameUI", "game_ui", "playable", "register", "registered"]
