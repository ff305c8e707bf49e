"""Ghost at Home on Discord (see :mod:`cogs.ghost_at_home.presenter` and :mod:`cogs.ghost_at_home.board`)."""

from bot.games import GameUI, Reveal, register
from cogs.ghost_at_home.board import render
from cogs.ghost_at_home.presenter import GhostAtHomePresenter
from engines import get_engine

UI = register(GameUI(
    engine=get_engine("ghost_at_home"),
    presenter=GhostAtHomePresenter(),
    board=render,
    playable=True,
    # GH-33: every hand and the seed are shown at the end, never the faces of cards discarded face down (GH-P2)
    reveal=Reveal("GH-33", hidden={"discard": "GH-P2"}),
    roles_at_end=None,  # everyone races for themselves
    quiet_kinds=frozenset({"no_cat", "no_ghost"}),  # answering a ghost or a cat with nothing (GH-17, GH-30)
    bench_players=(3, 4),
    order=3,
))

__all__ = ["UI"]
