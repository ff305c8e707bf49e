"""Midnighters on Discord (see :mod:`cogs.midnighters.presenter` and :mod:`cogs.midnighters.board`)."""

from bot.games import GameUI
from cogs.midnighters.board import render
from cogs.midnighters.presenter import MidnightersPresenter
from engines import get_engine

UI = GameUI(get_engine("midnighters"), MidnightersPresenter(), board=render, playable=True)

__all__ = ["UI"]
