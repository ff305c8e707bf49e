"""The example game, Lanterns, played end to end through the real bot and the fake Discord server by the generic
:class:`tests.e2e.harness.GameTable` driver: the lobby, each hand by DM, three rounds of turns, and the end with
every hand and the seed (LA-8). Lanterns is not offered to servers; the test hook ``NOCTURNE_TEST_GAMES`` offers it
to this bot process only."""

from __future__ import annotations

import asyncio

import pytest

from bot.games import EXTRA_GAMES_ENV
from tests.e2e.harness import BotProcess, GameTable
from tests.fakediscord import FakeDiscord

pytestmark = pytest.mark.e2e

NAMES = ["Ada", "Boris"]
SEED = "lanterns-e2e-1"


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    async def play():
        server = FakeDiscord(guild_name="Lantern Hall", users=NAMES, text_channels=["general"])
        await server.start()
        bot = BotProcess(server, tmp_path_factory.mktemp("la") / "nocturne.sqlite3", SEED)
        bot.env[EXTRA_GAMES_ENV] = "lanterns"
        try:
            await bot.start()
            table = GameTable(server, bot, [server.user_id(n) for n in NAMES], "lanterns")
            lobby = await table.open_lobby()
            await table.seat_everyone_and_start(lobby)
            for _ in range(60):
                if not await table.step():
                    break
            await server.wait_for(lambda s: f"Seed: {SEED}" in (table.game_over() or ""), timeout=30, what="the reveal")
            return server, table
        finally:
            await bot.stop()
            await server.stop()

    return asyncio.run(play())


def test_la_8_a_game_is_played_to_its_end_through_discord(game):
    """LA-6 / LA-8: three rounds, a winner, and at the end every hand, the cards set aside and the seed."""
    _, table = game
    over = table.game_over()
    assert "Game over: most rounds taken" in over and "Set aside:" in over and f"Seed: {SEED}" in over
    public = "\n".join(m.get("content") or "" for m in table.public())
    assert public.count("takes the round") == 3
    assert not table.refused, table.refused


def test_la_p1_each_hand_comes_by_dm_naming_the_server_and_game(game):
    """LA-P1: a hand is sent only to its holder, and never shown in the game's thread before the end."""
    server, table = game
    for name in NAMES:
        dms = [m.get("content") or "" for m in server.dm_messages(server.user_id(name))]
        assert any("Your lanterns:" in t and "Lantern Hall" in t and "Lanterns" in t for t in dms), dms[:3]
        assert any("light one of your lanterns" in t and "<t:" in t for t in dms)
    before_end = [m.get("content") or "" for m in table.public() if not table.is_end(m.get("content") or "")]
    assert not any("Your lanterns" in t for t in before_end)
