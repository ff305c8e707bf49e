"""Typed words without the Message Content intent: ``/game say`` sends a Když sním clue as the Clue button's form
does (KS-14, KS-15), and tells a player whom nothing asks for words so, privately. Real bot, fake Discord."""

from __future__ import annotations

import asyncio
import re

import pytest

from tests.e2e.harness import BotProcess, GameTable
from tests.fakediscord import FakeDiscord

pytestmark = pytest.mark.e2e

NAMES = ["Ann", "Bob", "Cid", "Dee"]
TURN = re.compile(r"✏️ <@(\d+)>, your clue for dream card")


async def say(server: FakeDiscord, table: GameTable, user: int, text: str) -> str:
    iid = await server.slash(user, table.thread, "game", [{"type": 1, "name": "say", "options": [{"type": 3, "name": "text", "value": text}]}])
    rec = await server.wait_for_response(iid, timeout=30)
    assert rec.ephemeral, rec.responses
    return rec.responses[-1].get("content") or ""


async def clue_by_command(tmp_path):
    server = FakeDiscord(guild_name="Dreamland", users=NAMES, text_channels=["general"])
    await server.start()
    bot = BotProcess(server, tmp_path / "nocturne.sqlite3", "typed-words-1")
    try:
        await bot.start()
        table = GameTable(server, bot, [server.user_id(n) for n in NAMES], "kdyz_snim")
        lobby = await table.open_lobby()
        await table.seat_everyone_and_start(lobby)
        turn = await server.wait_for(
            lambda s: next((m for m in reversed(table.public()) if TURN.search(m.get("content") or "")), None),
            timeout=30,
            what="a clue turn",
        )
        giver = int(TURN.search(turn["content"]).group(1))
        night = next(m["content"] for m in table.public() if "is dreaming" in (m.get("content") or ""))
        dreamer = int(re.search(r"<@(\d+)>", night).group(1))  # the Dreamer's typed words are guesses
        idle = next(p for p in table.players if p not in (giver, dreamer))
        refused = await say(server, table, idle, "moon")
        answered = await say(server, table, giver, "moon")
        shown = await server.wait_for(
            lambda s: next((m for m in table.public() if "moon" in (m.get("content") or "")), None), timeout=30, what="the clue in the thread"
        )
        return refused, answered, shown
    finally:
        await bot.stop()
        await server.stop()


@pytest.fixture(scope="module")
def said(tmp_path_factory):
    return asyncio.run(clue_by_command(tmp_path_factory.mktemp("say")))


def test_ks_14_a_clue_typed_with_game_say_is_given_like_the_forms(said):
    _refused, answered, shown = said
    assert answered == "✏️ Sent: “moon”.", answered
    assert "moon" in shown["content"]


def test_game_say_tells_a_player_with_nothing_to_type_privately(said):
    refused, _answered, _shown = said
    assert "Nothing of yours asks for typed words" in refused
