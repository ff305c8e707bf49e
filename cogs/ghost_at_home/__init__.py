"""Ghost at Home on Discord (see :mod:`cogs.ghost_at_home.presenter` and :mod:`cogs.ghost_at_home.board`)."""

from bot.games import GameUI
from cogs.ghost_at_home.board import render
from cogs.ghost_at_home.presenter import GhostAtHomePresenter
from engines import get_engine

UI = GameUI(get_engine("ghost_at_home"), GhostAtHomePresenter(), board=render, playable=True)

__all__ = ["UI"]
