"""Night Watch on Discord (see :mod:`cogs.night_watch.presenter`)."""

from bot.games import GameUI
from cogs.night_watch.presenter import NightWatchPresenter
from engines import get_engine

UI = GameUI(get_engine("night_watch"), NightWatchPresenter(), team_threads=True)

__all__ = ["UI"]
