"""Midnight Hunt on Discord. The board image is in; until its presenter lands it plays with the default one (and
is not offered by /game start)."""

from bot.games import GameUI
from bot.presenter import Presenter
from cogs.midnight_hunt.board import render
from engines import get_engine

UI = GameUI(get_engine("midnight_hunt"), Presenter(), board=render, playable=False)

__all__ = ["UI"]
