"""Night Watch on Discord (see :mod:`cogs.night_watch.presenter`)."""

from bot.games import GameUI, Reveal, register
from cogs.night_watch.presenter import NightWatchPresenter
from engines import get_engine

UI = register(GameUI(
    engine=get_engine("night_watch"),
    presenter=NightWatchPresenter(),
    team_threads=True,
    # NW-23: every role, every night's actions, the votes and the seed are shown at the end
    reveal=Reveal("NW-23"),
    roles_at_end=lambda view: view.get("revealed_roles") or {},  # NW-23 reveals every role
    bench_players=(10, 25),
    order=1,
))

__all__ = ["UI"]
