"""Lanterns on Discord: the example game, text only, not offered to servers (``/game start`` offers it where the
test hook ``NOCTURNE_TEST_GAMES`` names it). Everything the platform knows of it is declared here and in
``engines/lanterns/``."""

from bot.games import GameUI, Reveal, register
from cogs.lanterns.presenter import LanternsPresenter
from engines import get_engine

UI = register(GameUI(
    engine=get_engine("lanterns"),
    presenter=LanternsPresenter(),
    playable=False,
    reveal=Reveal("LA-8"),  # every hand, the cards set aside and the seed are shown at the end
    roles_at_end=None,  # no roles
    bench_players=(2,),
    order=100,
))

__all__ = ["UI"]
