"""Fixtures for runtime tests: a real database (a SQLite file, or PostgreSQL when TEST_DATABASE_URL is set),
a manual clock and a transport that records what would go to Discord."""

from __future__ import annotations

import itertools
import os
import uuid
from typing import Any

import pytest

from bot.clock import ManualClock
from bot.config import normalise_database_url
from bot.db import drop_schema, open_in_new_schema
from bot.delivery import Dispatcher
from bot.runtime import Runtime
from bot.transport import DeliveryError
from tests.databases import migrated_sqlite

PG_URL = os.environ.get("TEST_DATABASE_URL")


class RecordingTransport:
    """Stands in for Discord: keeps every post and edit, and can refuse DMs to chosen users.

    Strict where Discord is: a second thread from one message is refused (160004, ``exists``); a deleted role or
    message is ``not_found``; ``enforce_nonce`` de-duplication forgets after :attr:`nonce_window` calls' worth of
    time (set it to 0 to model an outage longer than Discord remembers nonces).
    """

    def __init__(self) -> None:
        self.ids = itertools.count(1000)
        self.messages: dict[int, dict[str, Any]] = {}
        self.by_channel: dict[int, list[int]] = {}
        self.dm_of: dict[int, int] = {}
        self.closed_dms: set[int] = set()
        self.nonces: dict[tuple[int, str], int] = {}
        self.threads: dict[int, dict[str, Any]] = {}
        self.calls: list[tuple[str, Any]] = []
        self.roles: dict[int, dict[str, Any]] = {}
        self.no_manage_roles = False
        #: Without Manage Messages a message the bot did not post (a player's) cannot be deleted (403 / 50013).
        self.no_manage_messages = False
        self.no_private_threads = False
        self.nonce_window: float | None = None  # None: nonces are remembered forever
        self.now = 0.0
        self.nonce_times: dict[tuple[int, str], float] = {}
        self.thread_of_message: dict[int, int] = {}

    async def post(self, channel_id: int, payload: dict[str, Any], files: list | None = None) -> int:
        self.calls.append(("post", channel_id))
        if channel_id in self.dm_of.values() and any(self.dm_of.get(u) == channel_id for u in self.closed_dms):
            raise DeliveryError("dm_closed")
        nonce = payload.get("nonce")
        fresh = self.nonce_window is None or self.now - self.nonce_times.get((channel_id, nonce), self.now) <= self.nonce_window
        if nonce and (channel_id, nonce) in self.nonces and fresh and self.nonces[(channel_id, nonce)] in self.messages:
            return self.nonces[(channel_id, nonce)]
        mid = next(self.ids)
        self.messages[mid] = {"channel": channel_id, **payload, **({"files": files} if files else {})}
        self.by_channel.setdefault(channel_id, []).append(mid)
        if nonce:
            self.nonces[(channel_id, nonce)] = mid
            self.nonce_times[(channel_id, nonce)] = self.now
        return mid

    async def recent_messages(self, channel_id: int, limit: int = 50) -> list[dict[str, Any]]:
        ids = [m for m in self.by_channel.get(channel_id, []) if m in self.messages][-limit:]
        return [{"id": str(m), "content": self.messages[m].get("content", ""), "author": {"bot": True}} for m in reversed(ids)]

    async def edit(self, channel_id: int, message_id: int, payload: dict[str, Any], files: list | None = None) -> None:
        self.calls.append(("edit", message_id))
        if message_id not in self.messages:
            raise DeliveryError("not_found")
        self.messages[message_id].update(payload, **({"files": files} if files else {}))

    async def delete(self, channel_id: int, message_id: int) -> None:
        self.calls.append(("delete", message_id))
        if self.no_manage_messages and message_id not in self.messages:
            raise DeliveryError("forbidden", "50013: Missing Permissions")
        if self.messages.pop(message_id, None) is None:
            raise DeliveryError("not_found")
        self.by_channel.get(channel_id, []).remove(message_id) if message_id in self.by_channel.get(channel_id, []) else None

    async def dm_channel(self, user_id: int) -> int:
        self.calls.append(("dm_channel", user_id))
        return self.dm_of.setdefault(user_id, 900_000 + user_id)

    async def create_thread(self, channel_id: int, name: str, *, message_id: int | None, private: bool) -> int:
        self.calls.append(("thread", name))
        if private and self.no_private_threads:
            raise DeliveryError("forbidden")
        if message_id is not None and message_id in self.thread_of_message:
            raise DeliveryError("exists", "160004: a thread has already been created for this message")
        tid = message_id if message_id is not None else next(self.ids)
        if message_id is not None:
            self.thread_of_message[message_id] = tid
        self.threads[tid] = {"name": name, "private": private, "members": set(), "parent": channel_id}
        return tid

    async def find_thread(self, guild_id: int, parent_id: int, name: str) -> int | None:
        self.calls.append(("find_thread", name))
        return next((t for t, th in self.threads.items() if th["name"] == name and th["parent"] == parent_id and not th.get("archived")), None)

    async def close_thread(self, thread_id: int) -> None:
        self.calls.append(("close_thread", thread_id))
        self.threads[thread_id].update(archived=True, locked=True)

    async def find_role(self, guild_id: int, name: str) -> int | None:
        self.calls.append(("find_role", name))
        return next((r for r, role in self.roles.items() if role["name"] == name), None)

    async def thread_member(self, thread_id: int, user_id: int, present: bool) -> None:
        members = self.threads[thread_id]["members"]
        (members.add if present else members.discard)(user_id)

    async def create_role(self, guild_id: int, name: str) -> int:
        if self.no_manage_roles:
            raise DeliveryError("forbidden")
        self.calls.append(("create_role", name))
        rid = next(self.ids)
        self.roles[rid] = {"name": name, "members": set(), "denied_in": set()}
        return rid

    async def delete_role(self, guild_id: int, role_id: int) -> None:
        self.calls.append(("delete_role", role_id))
        if self.roles.pop(role_id, None) is None:
            raise DeliveryError("not_found")

    async def deny_in_threads(self, channel_id: int, role_id: int) -> None:
        self.roles[role_id]["denied_in"].add(channel_id)

    async def member_role(self, guild_id: int, user_id: int, role_id: int, present: bool) -> None:
        members = self.roles[role_id]["members"]
        (members.add if present else members.discard)(user_id)

    def texts(self, channel_id: int) -> list[str]:
        return [self.messages[m].get("content", "") for m in self.by_channel.get(channel_id, [])]

    def dms(self, user_id: int) -> list[str]:
        return self.texts(self.dm_of.get(user_id, -1))


@pytest.fixture(params=["sqlite", "postgresql"])
async def database(request, tmp_path):
    if request.param == "postgresql" and not PG_URL:
        pytest.skip("PostgreSQL variant: set TEST_DATABASE_URL (CI sets it where PostgreSQL runs)")
    if request.param == "sqlite":
        db = await migrated_sqlite(tmp_path / "nocturne.sqlite3")
        yield db
        await db.close()
        return
    # a schema of its own per test, so tests never see each other's rows
    schema = f"t_{uuid.uuid4().hex[:12]}"
    db = await open_in_new_schema(normalise_database_url(PG_URL), schema)
    yield db
    await db.close()
    await drop_schema(normalise_database_url(PG_URL), schema)


@pytest.fixture
def clock():
    return ManualClock()


@pytest.fixture
def transport():
    return RecordingTransport()


@pytest.fixture
async def runtime(database, clock, transport):
    seeds = itertools.count(1)
    rt = Runtime(database, clock, new_seed=lambda: f"seed-{next(seeds)}")  # reproducible deals
    Dispatcher(rt, transport, retry_delay=0)
    yield rt
    await rt.close()
