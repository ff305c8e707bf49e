"""The one list of games on Discord. Each game's package builds its :class:`bot.games.GameUI`; registering them
here is what the slash-command choices, the runtime's presenters and the dispatcher's renderers read."""

from bot import games
from cogs import ghost_at_home, kdyz_snim, midnight_hunt, midnighters, night_watch

GAMES = tuple(games.register(package.UI) for package in (night_watch, kdyz_snim, ghost_at_home, midnighters, midnight_hunt))

__all__ = ["GAMES"]
