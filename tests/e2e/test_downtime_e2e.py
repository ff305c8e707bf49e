"""Issue 25: the time the bot is away is nobody's turn, through the real bot and the fake Discord server.

A 2-player Ghost at Home game (game time 20x faster, so a 2-minute turn lasts 6 s) is left alone until its open
turn has 40 s left; then the bot is SIGKILLed and restarted 4 s (80 game seconds) later, or Discord's gateway goes
down for as long. Either way the turn is still open when the bot is back, the thread is told how long it was away
before anything else, the turn's countdown moved on by that time, and the turn times out only then. (The chess
clock's case is in test_midnight_hunt_e2e.py, the other kinds of timed choice in tests/bot/test_downtime.py.)
"""

from __future__ import annotations

import asyncio
import re
import sqlite3

import pytest

from bot.clock import ScaledClock
from tests.e2e.harness import BotProcess, GameTable, game_controls
from tests.fakediscord import FakeDiscord

pytestmark = pytest.mark.e2e

NAMES = ["Ada", "Boris"]
SCALE = 20.0
COUNTDOWN = re.compile(r"<t:(\d+):R>")
AWAY = re.compile(r"for (?:(\d+) min )?(\d+) s|after (?:(\d+) min )?(\d+) s away")
#: Game seconds left on the turn when the bot goes away, and how long (in wall seconds) it stays away.
LEFT, OUTAGE = 40, 4.0


def game_now() -> float:
    return ScaledClock(SCALE).now()


def turn_messages(server: FakeDiscord, table: GameTable) -> list[dict]:
    """The messages of the open turn (public and private) with their controls and countdown."""
    found = []
    for messages in [table.public(), *(server.dm_messages(p) for p in table.players)]:
        found += [m for m in messages if game_controls(m) and COUNTDOWN.search(m.get("content") or "")]
    return found


def stored_deadlines(db) -> dict[str, float]:
    with sqlite3.connect(db) as con:
        return dict(con.execute("SELECT prompt_id, due_at FROM deadlines WHERE remaining IS NULL"))


@pytest.mark.parametrize("outage", ["restart", "gateway"])
async def test_an_outage_longer_than_the_turn_had_left_costs_the_turn_nothing(tmp_path, outage):
    server = FakeDiscord(guild_name="Haunted Manor", users=NAMES, text_channels=["general"])
    await server.start()
    db = tmp_path / "nocturne.sqlite3"
    bot = BotProcess(server, db, "haunted-2-270", time_scale=SCALE)
    try:
        await bot.start()
        table = GameTable(server, bot, [server.user_id(n) for n in NAMES], "ghost_at_home")
        await table.seat_everyone_and_start(await table.open_lobby())
        await server.wait_for(lambda s: turn_messages(s, table), timeout=30, what="the first turn")
        (prompt_id, due), = stored_deadlines(db).items()
        await asyncio.sleep(max(0.0, (due - LEFT - game_now()) / SCALE))  # the turn has 40 s left ...
        before = len(table.public())
        if outage == "restart":
            bot.kill()
            await asyncio.sleep(OUTAGE)
            await bot.start()
        else:
            await server.gateway_outage()
            await asyncio.sleep(OUTAGE)
            assert stored_deadlines(db) == {prompt_id: due}, "a timer fired while the gateway was down"
            server.gateway_restored()
        notice = await server.wait_for(
            lambda s: next((m for m in table.public()[before:] if (m.get("content") or "").startswith("🔄")), None),
            timeout=30,
            what="the bot saying it is back",
        )
        back_at = game_now()
        # the notice is the first thing the game says after the outage, and names it
        assert table.public()[before]["id"] == notice["id"], [m.get("content") for m in table.public()[before:]]
        assert ("(a restart)" if outage == "restart" else "connection to Discord") in notice["content"], notice["content"]
        parts = [int(g) for g in AWAY.search(notice["content"]).groups() if g is not None]
        away = parts[0] * 60 + parts[1] if len(parts) == 2 else parts[0]
        assert OUTAGE * SCALE - 10 <= away <= OUTAGE * SCALE + 60, (away, notice["content"])
        # the turn is still open, and its deadline moved on by the time the bot was away
        moved = stored_deadlines(db)
        assert list(moved) == [prompt_id], moved
        assert abs(moved[prompt_id] - (due + away)) <= 1.5, (due, away, moved)
        assert moved[prompt_id] - back_at >= LEFT - 15  # it still has (about) the 40 s it had
        # its messages now show that deadline
        await server.wait_for(
            lambda s: any(abs(int(t) - moved[prompt_id]) <= 1 for m in turn_messages(s, table) for t in COUNTDOWN.findall(m["content"])),
            timeout=30,
            what="the turn's countdown moved on",
        )
        # and it times out only then
        await server.wait_for(lambda s: prompt_id not in stored_deadlines(db), timeout=60, what="the turn timing out")
        assert game_now() >= moved[prompt_id] - 1
    finally:
        await bot.stop()
        await server.stop()
