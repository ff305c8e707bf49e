"""Midnight Hunt on Discord (see :mod:`cogs.midnight_hunt.presenter` and :mod:`cogs.midnight_hunt.board`)."""

from bot.games import GameUI
from cogs.midnight_hunt.board import render
from cogs.midnight_hunt.presenter import MidnightHuntPresenter
from engines import get_engine

UI = GameUI(get_engine("midnight_hunt"), MidnightHuntPresenter(), board=render, playable=True)

__all__ = ["UI"]
