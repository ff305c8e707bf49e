"""Když sním (When I Dream) on Discord (see :mod:`cogs.kdyz_snim.presenter`): a text-only game (no board image)."""

from bot.games import GameUI, Reveal, register
from cogs.kdyz_snim.presenter import KdyzSnimPresenter
from engines import get_engine

UI = register(GameUI(
    engine=get_engine("kdyz_snim"),
    presenter=KdyzSnimPresenter(),
    board=None,
    playable=True,
    # KS-30: KS-P2..P4 keep elements, roles and spares secret only until the reveals
    reveal=Reveal("KS-30"),
    roles_at_end=None,  # no lasting role: new roles are dealt every round
    bench_players=(6,),
    order=2,
))

__all__ = ["UI"]
