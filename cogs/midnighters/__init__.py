"""Midnighters on Discord. The board image is in; until its presenter lands it plays with the default one (and
is not offered by /game start)."""

from bot.games import GameUI
from bot.presenter import Presenter
from cogs.midnighters.board import render
from engines import get_engine

UI = GameUI(get_engine("midnighters"), Presenter(), board=render, playable=False)

__all__ = ["UI"]
