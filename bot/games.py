"""The registry of games the bot can put on Discord: one :class:`GameUI` per game.

``bot`` knows no game. Each game's Discord face lives in its own package, ``cogs/<game>/``, which builds a
:class:`GameUI` declaring everything the platform needs to know about the game on Discord: its presenter and board
renderer, what its end-of-game reveal makes public (its record), what stats read as each player's role at the end,
which of its action kinds are grey buttons, whether ``/game start`` offers it, and the table sizes the benchmarks
deal. ``cogs.registry`` finds and registers them all; everything else asks here: the slash-command choices, the
runtime's presenter, the dispatcher's renderer, records and stats. A game that is not registered has no Discord
face: asking for it is an error, never a silent default.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engines.core import Engine

if TYPE_CHECKING:
    from bot.presenter import Presenter
    from bot.render import Renderer

#: Test hook: games to offer on ``/game start`` although their UI is not ``playable`` yet (comma-separated names;
#: the end-to-end tests of a game still being built set it). Empty in production.
EXTRA_GAMES_ENV = "NOCTURNE_TEST_GAMES"


@dataclass(frozen=True)
class Reveal:
    """What a game's rules make public at its end, for its record (:mod:`bot.records`)."""

    #: The rule of the end-of-game reveal.
    rule: str
    #: Is the seed shown at the end? Only then is it committed to at the start (a commitment never opened proves
    #: nothing).
    seed: bool = True
    #: The rule that keeps the seed secret, when it is.
    seed_rule: str = ""
    #: Action kinds whose choice stays secret after the end, with the rule that says so.
    hidden: Mapping[str, str] = field(default_factory=dict)

    def rules(self) -> list[str]:
        """Every rule id this reveal cites."""
        return [self.rule, *self.hidden.values(), *([self.seed_rule] if self.seed_rule else [])]


#: Reads each player's role, side or faction at the end from the public view: player id -> role.
RoleReader = Callable[[Mapping[str, Any]], Mapping[str, Any]]


@dataclass(frozen=True, kw_only=True)
class GameUI:
    """One game's Discord face, and every Discord-level fact about the game."""

    engine: Engine
    presenter: Presenter
    #: What becomes public at the end (the record's contents, the commitment to the seed).
    reveal: Reveal
    #: What stats read as each player's role at the end, from the public view (``None``: the game has no lasting
    #: role, e.g. Když sním deals new ones every round). Declared either way.
    roles_at_end: RoleReader | None
    #: Table sizes a typical game is dealt at (the benchmarks' games: the recommended count and the extremes).
    bench_players: tuple[int, ...]
    #: Where the game stands in ``/game start``'s and ``/game rules``' lists (smaller first).
    order: int
    #: The public board image, from the spectator view (``None``: a text-only game).
    board: Renderer | None = None
    #: Offered by ``/game start`` (a game whose Discord face is still being built can be registered but hidden).
    playable: bool = True
    #: Does the game talk in private team threads (the Watch's)? Moderators can read those; the host is told.
    team_threads: bool = False
    #: The game's own action kinds drawn as grey buttons (declining rather than doing), besides the common ones
    #: (:data:`bot.controls.QUIET_KINDS`).
    quiet_kinds: frozenset[str] = frozenset()

    @property
    def name(self) -> str:
        return self.engine.name

    @property
    def prefix(self) -> str:
        return self.engine.prefix

    def offered(self) -> bool:
        """Does ``/game start`` offer the game (``playable``, or named by the test hook :data:`EXTRA_GAMES_ENV`)?"""
        return self.playable or self.name in os.environ.get(EXTRA_GAMES_ENV, "").split(",")


_GAMES: dict[str, GameUI] = {}


def register(ui: GameUI) -> GameUI:
    if ui.name in _GAMES and _GAMES[ui.name] is not ui:
        raise ValueError(f"{ui.name} is registered twice")
    _GAMES[ui.name] = ui
    return ui


def game_ui(name: str) -> GameUI:
    """The registered UI of ``name``. Raises ``KeyError`` for a game nobody registered (``cogs.registry`` registers
    every game's)."""
    try:
        return _GAMES[name]
    except KeyError:
        raise KeyError(f"no Discord UI is registered for {name!r} (import cogs.registry)") from None


def registered() -> list[GameUI]:
    """Every registered game, in the order of the lists (:attr:`GameUI.order`)."""
    return sorted(_GAMES.values(), key=lambda ui: (ui.order, ui.name))


def playable() -> list[GameUI]:
    """The games ``/game start`` offers, in the order of the lists."""
    return [ui for ui in registered() if ui.offered()]


__all__ = ["EXTRA_GAMES_ENV", "GameUI", "Reveal", "RoleReader", "game_ui", "playable", "register", "registered"]
