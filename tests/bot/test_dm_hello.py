"""A player who joins a lobby is said hello by DM (so closed DMs show at once, not mid-game), and the hello is the
game's own when its catalogue has one (``<prefix>.dm_hello``: what that game will send there), else the common
``common.dm_hello``. The cog's lobby handler is the real one, its interaction a stand-in; runtime and database are
real."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

import translations
from bot.lobby import lobby_ops
from bot.runtime import Runtime
from cogs.game import GameCog
from engines import ENGINE_NAMES, get_engine

GUILD, CHANNEL, HOST, JOINER = 111, 222, 1001, 1002


class Joining:
    """A click on the lobby's Join by ``JOINER``: its private answers and the DMs the bot sends them, recorded."""

    def __init__(self) -> None:
        self.id = 31337  # the interaction's own id, as Discord gives every interaction
        self.dms: list[str] = []
        self.answers: list[str] = []
        self.user = SimpleNamespace(id=JOINER, display_name="Pia", guild_permissions=None, send=self._send)
        self.guild_id, self.channel_id, self.guild_locale = GUILD, CHANNEL, None
        self.response = SimpleNamespace(is_done=lambda: bool(self.answers), send_message=self._answer)
        self.followup = SimpleNamespace(send=self._answer)

    async def _send(self, text: str, **_: Any) -> None:
        self.dms.append(text)

    async def _answer(self, text: str, **_: Any) -> None:
        self.answers.append(text)


async def joined(database: Any, clock: Any, engine: str) -> tuple[Joining, Any]:
    """``JOINER`` joins a new lobby of ``engine``; returns the click and the lobby's table."""
    runtime = Runtime(database, clock)
    cog = GameCog(SimpleNamespace(runtime=runtime))
    live = await runtime.open_lobby(
        engine, guild_id=GUILD, guild_name="Manor", channel_id=CHANNEL, host_id=HOST, host_name="Ada", language="en",
        lobby_ops=lobby_ops,
    )
    click = Joining()
    await cog.on_lobby(click, live.id, "join", None, None)
    live = await runtime.get(live.id)
    assert str(JOINER) in live.row.seats, click.answers
    await runtime.close()
    return click, live.table()


@pytest.mark.parametrize("engine", ENGINE_NAMES)
async def test_the_hello_is_the_games_own_when_its_catalogue_has_one(database, clock, engine):
    """Whatever the catalogues hold now: a game with ``<prefix>.dm_hello`` greets with it, one without with the
    common hello; either way under the DM header that names the game."""
    click, table = await joined(database, clock, engine)
    own = f"{get_engine(engine).prefix}.dm_hello"
    expected = table.t(own) if table.has(own) else table.t("common.dm_hello")
    assert click.dms == [f"{table.header()}\n{expected}"]


@pytest.mark.parametrize("present", [True, False])
async def test_a_games_own_hello_is_used_when_present_and_the_common_one_when_not(database, clock, monkeypatch, present):
    """With the catalogue made to hold (or lack) the game's own hello, the DM says it (or the common one)."""
    engine = ENGINE_NAMES[0]
    own = f"{get_engine(engine).prefix}.dm_hello"
    has, translate = translations.has, translations.translate

    def holding(lang: str, key: str) -> bool:
        return present if key == own else has(lang, key)

    def saying(lang: str, key: str, **args: Any) -> str:
        return "👋 the game's own hello" if key == own and present else translate(lang, key, **args)

    monkeypatch.setattr(translations, "has", holding)
    monkeypatch.setattr(translations, "translate", saying)
    click, table = await joined(database, clock, engine)
    assert len(click.dms) == 1
    hello = click.dms[0].split("\n", 1)[1]
    assert hello == ("👋 the game's own hello" if present else translate("en", "common.dm_hello"))
