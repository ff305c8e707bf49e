"""Když sním (When I Dream) on Discord (see :mod:`cogs.kdyz_snim.presenter`): a text-only game (no board image)."""

from bot.games import GameUI
from cogs.kdyz_snim.presenter import KdyzSnimPresenter
from engines import get_engine

UI = GameUI(get_engine("kdyz_snim"), KdyzSnimPresenter(), board=None, playable=True)

__all__ = ["UI"]
