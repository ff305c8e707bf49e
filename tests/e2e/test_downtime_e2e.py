"""Issue 25: the time the bot is away is nobody's turn, through the real bot and the fake Discord server.

A game is left alone until its soonest timed choice has a little time left: a Ghost at Home turn (game time 20x
faster, so a 2-minute turn lasts 6 s) with 40 s, or Když sním's first 10 s clue turn, inside the Dreamer's sand
timer, with 7 s. Then the bot is SIGKILLed and restarted later than that (or Discord's gateway goes down for as
long). Either way every choice is still open when the bot is back, the thread is told how long it was away before
anything else, each choice has the time it had left (at least the grace), its countdown shows it, and it times out
only then. (The chess clock's case is in test_midnight_hunt_e2e.py; every kind of timed choice of every game, at
the runtime's level with an injected clock, in tests/bot/test_downtime.py.)
"""

from __future__ import annotations

import asyncio
import re
import sqlite3

import pytest

from bot.clock import ScaledClock
from bot.downtime import GRACE_SECONDS
from tests.e2e.harness import BotProcess, GameTable, game_controls
from tests.fakediscord import FakeDiscord

pytestmark = pytest.mark.e2e

NAMES = ["Ada", "Boris", "Cyril", "Dana", "Erin"]
COUNTDOWN = re.compile(r"<t:(\d+):R>")
AWAY = re.compile(r"for (?:(\d+) min )?(\d+) s|after (?:(\d+) min )?(\d+) s away")
#: game, players, game time's speed-up, the game seconds left on the soonest choice when the bot goes away, and
#: how long (wall seconds) it stays away: always longer than that choice had left.
CASES = {
    "ghost_at_home": ("ghost_at_home", 2, 20.0, 40, 4.0),  # GH: a 2-minute turn, 6 s of wall time
    "kdyz_snim": ("kdyz_snim", 4, 1.0, 7, 9.0),  # KS: a 10 s clue turn (the first), inside the Dreamer's sand timer
    "night_watch": ("night_watch", 5, 10.0, 30, 5.0),  # NW: the discussion, a choice of everyone at once like a vote
}


def turn_messages(server: FakeDiscord, table: GameTable) -> list[dict]:
    """The messages of the open choices (public and private) with their controls and countdown."""
    found = []
    for messages in [table.public(), *(server.dm_messages(p) for p in table.players)]:
        found += [m for m in messages if game_controls(m) and COUNTDOWN.search(m.get("content") or "")]
    return found


def stored_deadlines(db) -> dict[str, float]:
    with sqlite3.connect(db) as con:
        return dict(con.execute("SELECT prompt_id, due_at FROM deadlines WHERE remaining IS NULL AND prompt_id != 'lobby'"))


@pytest.mark.parametrize(
    ("case", "outage"),
    [("ghost_at_home", "restart"), ("ghost_at_home", "gateway"), ("kdyz_snim", "restart"), ("night_watch", "gateway")],
)
async def test_an_outage_longer_than_the_choice_had_left_costs_it_nothing(tmp_path, case, outage):
    game, players, scale, left, outage_seconds = CASES[case]
    names = NAMES[:players]
    clock = ScaledClock(scale)
    server = FakeDiscord(guild_name="Haunted Manor", users=names, text_channels=["general"])
    await server.start()
    db = tmp_path / "nocturne.sqlite3"
    bot = BotProcess(server, db, f"downtime-{case}", time_scale=scale)
    try:
        await bot.start()
        table = GameTable(server, bot, [server.user_id(n) for n in names], game)
        await table.seat_everyone_and_start(await table.open_lobby())
        await server.wait_for(lambda s: turn_messages(s, table) and stored_deadlines(db), timeout=30, what="the first timed choice")
        due = stored_deadlines(db)
        soonest = min(due.values())
        assert soonest - clock.now() > left, (due, clock.now())
        await asyncio.sleep(max(0.0, (soonest - left - clock.now()) / scale))  # the soonest choice has `left` s ...
        before = len(table.public())
        if outage == "restart":
            bot.kill()
            await asyncio.sleep(outage_seconds)
            returning = clock.now()  # the bot is back at the earliest now (the test sees its notice later)
            await bot.start()
        else:
            await server.gateway_outage()
            await asyncio.sleep(outage_seconds)
            assert stored_deadlines(db) == due, "a timer fired while the gateway was down"
            returning = clock.now()
            server.gateway_restored()
        notice = await server.wait_for(
            lambda s: next((m for m in table.public()[before:] if (m.get("content") or "").startswith("🔄")), None),
            timeout=30,
            what="the bot saying it is back",
        )
        back_at = clock.now()
        # the notice is the first thing the game says after the outage, and names it
        assert table.public()[before]["id"] == notice["id"], [m.get("content") for m in table.public()[before:]]
        assert ("(a restart)" if outage == "restart" else "connection to Discord") in notice["content"], notice["content"]
        parts = [int(g) for g in AWAY.search(notice["content"]).groups() if g is not None]
        away = parts[0] * 60 + parts[1] if len(parts) == 2 else parts[0]
        assert outage_seconds * scale - 10 <= away <= outage_seconds * scale + 60, (away, notice["content"])
        # every choice is still open; each has the time it had left (from the bot's return) or the grace
        moved = stored_deadlines(db)
        assert set(moved) == set(due), (due, moved)
        for prompt_id, was in due.items():
            assert was + away - 1.5 <= moved[prompt_id] <= max(was + away, back_at + GRACE_SECONDS) + 1.5, (prompt_id, was, away, moved)
        assert moved[min(due, key=due.get)] >= returning + GRACE_SECONDS - 1  # the soonest had less than the grace
        # the choices' messages now show their new deadlines
        await server.wait_for(
            lambda s: any(abs(int(t) - when) <= 1 for m in turn_messages(s, table) for t in COUNTDOWN.findall(m["content"]) for when in moved.values()),
            timeout=30,
            what="a countdown moved on",
        )
        # and the soonest times out only then
        first = min(moved, key=moved.get)
        await server.wait_for(lambda s: first not in stored_deadlines(db), timeout=60, what="the soonest choice timing out")
        assert clock.now() >= moved[first] - 1
    finally:
        await bot.stop()
        await server.stop()
