"""The transport: the only part of delivery that speaks HTTP to Discord.

:class:`Transport` is the REST calls the dispatcher (:mod:`bot.delivery`) makes; :class:`DiscordTransport` makes them
through discord.py's HTTP client, its rate-limit handling and retries included, and turns Discord's refusals into
:class:`DeliveryError` with a kind the dispatcher and :mod:`bot.moderation` act on. Tests swap in their own transport.
"""

from __future__ import annotations

import asyncio
import json
from datetime import timedelta
from typing import Any, Protocol

import aiohttp
import discord
from discord import utils
from discord.http import Route


class DeliveryError(Exception):
    """Discord refused: ``kind`` is ``dm_closed``, ``forbidden``, ``not_found``, ``exists`` (a thread was already
    made from that message, 160004), ``archived`` (the thread is archived or locked, 50083) or ``transient``;
    ``code`` is Discord's error code when it gave one (10003 Unknown Channel, 10008 Unknown Message, 50013 ...)."""

    def __init__(self, kind: str, detail: str = "", code: int = 0) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind = kind
        self.code = code


class Transport(Protocol):
    """Discord's REST calls the dispatcher makes. ``files`` are ``(filename, bytes)`` pairs whose attachment
    metadata (alt text) is in ``payload["attachments"]``; an edit with files replaces the message's files."""

    async def post(self, channel_id: int, payload: dict[str, Any], files: list[tuple[str, bytes]] | None = None) -> int: ...
    async def edit(self, channel_id: int, message_id: int, payload: dict[str, Any], files: list[tuple[str, bytes]] | None = None) -> None: ...
    async def delete(self, channel_id: int, message_id: int) -> None: ...
    async def dm_channel(self, user_id: int) -> int: ...
    async def create_thread(self, channel_id: int, name: str, *, message_id: int | None, private: bool) -> int: ...
    async def find_thread(self, guild_id: int, parent_id: int, name: str) -> int | None: ...
    async def close_thread(self, thread_id: int) -> None: ...
    async def thread_member(self, thread_id: int, user_id: int, present: bool) -> None: ...
    async def recent_messages(self, channel_id: int, limit: int = 50) -> list[dict[str, Any]]: ...
    async def create_role(self, guild_id: int, name: str) -> int: ...
    async def find_role(self, guild_id: int, name: str) -> int | None: ...
    async def delete_role(self, guild_id: int, role_id: int) -> None: ...
    async def deny_in_threads(self, channel_id: int, role_id: int) -> None: ...
    async def member_role(self, guild_id: int, user_id: int, role_id: int, present: bool) -> None: ...


class DiscordTransport:
    """The transport over discord.py's HTTP client (rate limits and retries are discord.py's)."""

    def __init__(self, http: Any) -> None:
        self.http = http

    async def _call(self, route: Any, **kwargs: Any) -> Any:
        try:
            return await self.http.request(route, **kwargs)
        except discord.Forbidden as exc:
            raise DeliveryError("dm_closed" if exc.code == 50007 else "forbidden", str(exc), exc.code) from exc
        except discord.NotFound as exc:
            raise DeliveryError("not_found", str(exc), exc.code) from exc
        except discord.HTTPException as exc:
            if exc.code == 160004:  # a thread was already created from this message
                raise DeliveryError("exists", str(exc)) from exc
            if exc.code == 50083:  # the thread is archived (an edit) or locked (see bot.moderation)
                raise DeliveryError("archived", str(exc), exc.code) from exc
            if exc.status == 429 or exc.status >= 500:  # discord.py gave up retrying: try again later, never drop it
                raise DeliveryError("transient", str(exc)) from exc
            raise
        except (discord.RateLimited, aiohttp.ClientError, asyncio.TimeoutError) as exc:
            raise DeliveryError("transient", str(exc)) from exc

    async def post(self, channel_id: int, payload: dict[str, Any], files: list[tuple[str, bytes]] | None = None) -> int:
        route = Route("POST", "/channels/{channel_id}/messages", channel_id=channel_id)
        data = await self._call(route, **_body(payload, files))
        return int(data["id"])

    async def edit(self, channel_id: int, message_id: int, payload: dict[str, Any], files: list[tuple[str, bytes]] | None = None) -> None:
        route = Route("PATCH", "/channels/{channel_id}/messages/{message_id}", channel_id=channel_id, message_id=message_id)
        await self._call(route, **_body(payload, files))

    async def delete(self, channel_id: int, message_id: int) -> None:
        # Discord limits deleting a message younger than 10 s, or older than 14 days, in buckets of their own:
        # discord.py keeps them apart by this metadata, as in its own delete_message (discord-api-docs #1092, #1295)
        age = utils.utcnow() - utils.snowflake_time(int(message_id))
        metadata = "sub-10-seconds" if age <= timedelta(seconds=10) else None
        if age >= timedelta(days=14):
            metadata = "older-than-two-weeks"
        path = "/channels/{channel_id}/messages/{message_id}"
        route = Route("DELETE", path, channel_id=channel_id, message_id=message_id, metadata=metadata)
        await self._call(route)

    async def dm_channel(self, user_id: int) -> int:
        data = await self._call(Route("POST", "/users/@me/channels"), json={"recipient_id": str(user_id)})
        return int(data["id"])

    async def create_thread(self, channel_id: int, name: str, *, message_id: int | None, private: bool) -> int:
        body: dict[str, Any] = {"name": name[:100], "auto_archive_duration": 1440}
        if message_id:
            route = Route(
                "POST", "/channels/{channel_id}/messages/{message_id}/threads", channel_id=channel_id, message_id=message_id
            )
        else:
            route = Route("POST", "/channels/{channel_id}/threads", channel_id=channel_id)
            body["type"] = 12 if private else 11
            body["invitable"] = False
        data = await self._call(route, json=body)
        return int(data["id"])

    async def find_thread(self, guild_id: int, parent_id: int, name: str) -> int | None:
        data = await self._call(Route("GET", "/guilds/{guild_id}/threads/active", guild_id=guild_id))
        found = [t for t in data.get("threads", []) if t.get("name") == name[:100] and int(t.get("parent_id") or 0) == parent_id]
        return int(found[0]["id"]) if found else None

    async def close_thread(self, thread_id: int) -> None:
        await self._call(Route("PATCH", "/channels/{channel_id}", channel_id=thread_id), json={"archived": True, "locked": True})

    async def reopen_thread(self, thread_id: int, unlock: bool) -> None:
        """Unarchive a thread (and unlock it: that needs Manage Threads), see :mod:`bot.moderation`."""
        body = {"archived": False, **({"locked": False} if unlock else {})}
        await self._call(Route("PATCH", "/channels/{channel_id}", channel_id=thread_id), json=body)

    async def is_member(self, guild_id: int, user_id: int) -> bool:
        """Is ``user_id`` still a member of the server (404 / 10007 Unknown Member: no)? Needs no privileged intent."""
        try:
            await self._call(Route("GET", "/guilds/{guild_id}/members/{user_id}", guild_id=guild_id, user_id=user_id))
        except DeliveryError as exc:
            if exc.kind == "not_found" and exc.code in (10007, 10013):
                return False
            raise
        return True

    async def recent_messages(self, channel_id: int, limit: int = 50) -> list[dict[str, Any]]:
        return await self._call(Route("GET", "/channels/{channel_id}/messages", channel_id=channel_id), params={"limit": limit})

    async def find_role(self, guild_id: int, name: str) -> int | None:
        roles = await self._call(Route("GET", "/guilds/{guild_id}/roles", guild_id=guild_id))
        found = [r for r in roles if r.get("name") == name[:100]]
        return int(found[0]["id"]) if found else None

    async def create_role(self, guild_id: int, name: str) -> int:
        data = await self._call(Route("POST", "/guilds/{guild_id}/roles", guild_id=guild_id), json={"name": name[:100], "permissions": "0"})
        return int(data["id"])

    async def delete_role(self, guild_id: int, role_id: int) -> None:
        await self._call(Route("DELETE", "/guilds/{guild_id}/roles/{role_id}", guild_id=guild_id, role_id=role_id))

    async def deny_in_threads(self, channel_id: int, role_id: int) -> None:
        deny = 1 << 38  # SEND_MESSAGES_IN_THREADS: the channel itself stays open to the eliminated
        route = Route("PUT", "/channels/{channel_id}/permissions/{target}", channel_id=channel_id, target=role_id)
        await self._call(route, json={"type": 0, "allow": "0", "deny": str(deny)})

    async def member_role(self, guild_id: int, user_id: int, role_id: int, present: bool) -> None:
        route = Route(
            "PUT" if present else "DELETE",
            "/guilds/{guild_id}/members/{user_id}/roles/{role_id}",
            guild_id=guild_id,
            user_id=user_id,
            role_id=role_id,
        )
        await self._call(route)

    async def thread_member(self, thread_id: int, user_id: int, present: bool) -> None:
        route = Route(
            "PUT" if present else "DELETE",
            "/channels/{channel_id}/thread-members/{user_id}",
            channel_id=thread_id,
            user_id=user_id,
        )
        await self._call(route)


def _body(payload: dict[str, Any], files: list[tuple[str, bytes]] | None) -> dict[str, Any]:
    """discord.py's request arguments: JSON, or a multipart form (``payload_json`` and ``files[n]``) with files."""
    if not files:
        return {"json": payload}
    form: list[dict[str, Any]] = [{"name": "payload_json", "value": json.dumps(payload)}]
    for i, (name, data) in enumerate(files):
        content_type = "application/json" if name.endswith(".json") else "image/png"  # a game record, or a board
        form.append({"name": f"files[{i}]", "value": data, "filename": name, "content_type": content_type})
    return {"form": form}
