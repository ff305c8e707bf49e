"""Shared plumbing of the reliability tests that drive the real bot: one bot for a whole module, sync calls into it.

Hypothesis runs its examples one after another from ordinary (sync) test code, and starting the bot takes seconds,
so :class:`World` keeps **one** fake Discord server and **one** bot subprocess (:class:`tests.e2e.harness.BotProcess`)
alive for a test module, on an asyncio loop running in a background thread. Test code calls :meth:`World.run`
with a coroutine and gets its result, as if the loop were its own.

:func:`stored_game` reads a game's rows straight from the bot's SQLite file (``games``, ``actions``,
``snapshots``, ``deadlines``, ``outbox``) - the truth the bot recovers from - so a test can prove that a refused
click changed nothing at all. :meth:`World.settle` first waits (bounded) until the bot has delivered the game's
outbox, because delivery marks outbox rows as sent and records message ids in the game's row.
"""

from __future__ import annotations

import asyncio
import json
import re
import sqlite3
import threading
import time
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar

from tests.e2e.harness import BotProcess, components, find_component
from tests.fakediscord import FakeDiscord

T = TypeVar("T")

#: Discord's MANAGE_GUILD permission bit ("Manage Server").
MANAGE_GUILD = 1 << 5
#: Every table holding a game's stored state, with the column naming the game.
GAME_TABLES = {"games": "id", "actions": "game_id", "snapshots": "game_id", "deadlines": "game_id", "outbox": "game_id"}


def stored_game(db_path: Path, game_id: int) -> dict[str, list[tuple]]:
    """Every stored row of one game, table by table, in a stable order (compare two reads with ``==``)."""
    with sqlite3.connect(f"file:{db_path}?mode=ro", uri=True, timeout=30) as conn:
        return {
            table: sorted(conn.execute(f"SELECT * FROM {table} WHERE {column} = ?", (game_id,)).fetchall(), key=repr)
            for table, column in GAME_TABLES.items()
        }


def unsent(db_path: Path, game_id: int) -> int:
    with sqlite3.connect(f"file:{db_path}?mode=ro", uri=True, timeout=30) as conn:
        return conn.execute("SELECT COUNT(*) FROM outbox WHERE game_id = ? AND NOT sent", (game_id,)).fetchone()[0]


def text_of(rec: Any) -> str:
    """The text of an interaction's first answer (its callback message or first followup)."""
    return (rec.responses[0].get("content") or "") if rec.responses else ""


#: What a refusal must not look like: a traceback, an untranslated message id or error code, a raw placeholder.
NOT_HUMAN = re.compile(r"Traceback|Exception|Error:|\{\s*\$|\bcommon[-.]|\berror[-.]|\b[a-z]+_[a-z_]+\b")


def assert_refused(rec: Any, what: str) -> str:
    """``rec`` is a private answer giving a reason in words (not silence, not a traceback, not an error code)."""
    assert rec.responses, f"{what}: no answer at all"
    assert rec.ephemeral, f"{what}: the refusal was public: {rec.responses}"
    text = text_of(rec)
    assert len(text.strip()) >= 10, f"{what}: no reason given: {text!r}"
    assert not NOT_HUMAN.search(text), f"{what}: not a human reason: {text!r}"
    return text


class World:
    """A fake Discord server and the real bot, on a loop in a background thread, for one test module."""

    def __init__(self, tmp: Path, users: list[str], channels: list[str], seed: str) -> None:
        self.tmp, self.users, self.channels, self.seed = tmp, users, channels, seed
        self.db_path = tmp / "nocturne.sqlite3"
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="world-loop", daemon=True)
        self.server: FakeDiscord | None = None
        self.bot: BotProcess | None = None

    # -- lifecycle ---------------------------------------------------------------------------------------------

    def start(self) -> World:
        self.thread.start()
        self.run(self._start(), timeout=120)
        return self

    async def _start(self) -> None:
        self.server = FakeDiscord(guild_name="Reliability", users=self.users, text_channels=self.channels)
        await self.server.start()
        self.bot = BotProcess(self.server, self.db_path, self.seed)
        await self.bot.start()

    def stop(self) -> None:
        async def _stop() -> None:
            if self.bot is not None:
                await self.bot.stop()
            if self.server is not None:
                await self.server.stop()

        try:
            self.run(_stop(), timeout=60)
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(timeout=30)
            self.loop.close()

    def run(self, coro: Coroutine[Any, Any, T], timeout: float = 120) -> T:
        """Run ``coro`` on the world's loop and return its result (raising what it raised)."""
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    # -- acting as users -----------------------------------------------------------------------------------------

    @property
    def srv(self) -> FakeDiscord:
        assert self.server is not None
        return self.server

    def uid(self, name: str) -> int:
        return self.srv.user_id(name)

    def channel(self, name: str) -> int:
        return self.srv.channel_id(name)

    async def slash(self, name: str, channel_id: int, sub: str, **options: str) -> Any:
        opts = [{"type": 3, "name": k, "value": v} for k, v in options.items()]
        iid = await self.srv.slash(self.uid(name), channel_id, "game", [{"type": 1, "name": sub, "options": opts}])
        return await self.srv.wait_for_response(iid, timeout=30)

    async def click(self, name: str, message_id: int, custom_id: str, values: list[str] | None = None) -> Any:
        """Click a component of a message as ``name`` - anyone can, as with a message everyone sees.

        The component must be on the message: discord.py dispatches a dynamic item only when the interaction's
        message holds its custom id (and Discord itself only sends clicks on components a message shows). So a
        control is "forged" by clicking it on a message that has it - a host's panel, an old private message -
        as someone it was not meant for. ``values`` are sent as given, valid or not (a modified client can).
        """
        iid = await self.srv.click(self.uid(name), message_id, custom_id, values)
        return await self.srv.wait_for_response(iid, timeout=30)

    async def open_lobby(self, host: str, channel_id: int, game: str = "night_watch") -> dict[str, Any]:
        before = {m["id"] for m in self.srv.messages(channel_id)}
        rec = await self.slash(host, channel_id, "start", game=game)
        assert rec.ephemeral, rec.responses
        return await self.srv.wait_for_message(
            channel_id, lambda m: m["id"] not in before and find_component(m, "nl:") is not None, timeout=30
        )

    @staticmethod
    def lobby_game(lobby: dict[str, Any]) -> int:
        return int(find_component(lobby, "nl:")["custom_id"].split(":")[1])

    # -- the stored game ---------------------------------------------------------------------------------------

    async def settle(self, game_id: int, timeout: float = 30) -> None:
        """Wait until everything the game queued is delivered (bounded: fails after ``timeout`` seconds)."""
        deadline = time.monotonic() + timeout
        while unsent(self.db_path, game_id):
            assert time.monotonic() < deadline, f"game {game_id}: the outbox was not delivered in {timeout}s"
            await asyncio.sleep(0.05)

    def stored(self, game_id: int) -> dict[str, list[tuple]]:
        return stored_game(self.db_path, game_id)

    async def refused_unchanged(self, game_id: int, what: str, interaction: Coroutine[Any, Any, Any]) -> str:
        """Run one interaction that must be refused: a private reason, and the stored game byte-identical."""
        await self.settle(game_id)
        before = self.stored(game_id)
        rec = await interaction
        text = assert_refused(rec, what)
        after = self.stored(game_id)
        assert after == before, f"{what}: the refusal {text!r} changed the stored game: {_diff(before, after)}"
        return text


def _diff(before: dict[str, list[tuple]], after: dict[str, list[tuple]]) -> str:
    out = []
    for table in GAME_TABLES:
        if before[table] != after[table]:
            gone = [r for r in before[table] if r not in after[table]]
            new = [r for r in after[table] if r not in before[table]]
            out.append(f"{table}: -{json.dumps(gone, default=str)[:400]} +{json.dumps(new, default=str)[:400]}")
    return "; ".join(out)


__all__ = ["MANAGE_GUILD", "World", "assert_refused", "components", "find_component", "stored_game", "text_of"]
