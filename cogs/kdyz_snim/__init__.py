"""kdyz_snim on Discord: presenter, controls, board image. Plays with the default presenter until its face lands."""

from bot.games import GameUI
from bot.presenter import Presenter
from engines import get_engine

UI = GameUI(get_engine("kdyz_snim"), Presenter(), playable=False)

__all__ = ["UI"]
