"""Midnight Hunt on Discord (see :mod:`cogs.midnight_hunt.presenter` and :mod:`cogs.midnight_hunt.board`)."""

from bot.games import GameUI, Reveal, register
from cogs.midnight_hunt.board import render
from cogs.midnight_hunt.presenter import MidnightHuntPresenter
from engines import get_engine

UI = register(GameUI(
    engine=get_engine("midnight_hunt"),
    presenter=MidnightHuntPresenter(),
    board=render,
    playable=True,
    # MH-59: the end shows no seed (MH-P3), so nothing is committed; Seal plays stay secret (MH-P2)
    reveal=Reveal("MH-59", seed=False, seed_rule="MH-P3", hidden={"seal": "MH-P2"}),
    roles_at_end=lambda view: {p: s.get("faction") for p, s in (view.get("seats") or {}).items()},  # MH-49: public
    bench_players=(2,),
    order=5,
))

__all__ = ["UI"]
