"""Midnighters on Discord (see :mod:`cogs.midnighters.presenter` and :mod:`cogs.midnighters.board`)."""

from bot.games import GameUI, Reveal, register
from cogs.midnighters.board import render
from cogs.midnighters.presenter import MidnightersPresenter
from engines import get_engine

UI = register(GameUI(
    engine=get_engine("midnighters"),
    presenter=MidnightersPresenter(),
    board=render,
    playable=True,
    reveal=Reveal("MN-61"),  # every hand, trap and the discard pile, and the seed
    roles_at_end=None,  # no lasting role
    bench_players=(2, 4),
    order=4,
))

__all__ = ["UI"]
