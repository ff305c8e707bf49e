"""An in-memory fake Discord (REST + gateway) for end-to-end tests of the real bot.

Runs on ``127.0.0.1`` inside the test's event loop (``await FakeDiscord(...).start()``); the bot can be
in-process or a subprocess pointed at ``server.url`` (see :func:`point_discord_py_at`).  All state is
in memory; every mutation wakes :meth:`FakeDiscord.wait_for` waiters, so tests wait on conditions,
never on wall-clock sleeps.
"""

from __future__ import annotations

import asyncio
import collections
import copy
import hashlib
import json
import logging
import os
import random
import re
import secrets
import time
import uuid
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, Deque, Dict, List, NamedTuple, Optional, Sequence, Set, Tuple, Union

from aiohttp import WSMsgType, web

from . import payloads as P

log = logging.getLogger("fakediscord")

API_PREFIX = "/api/v10"

#: Discord lets a bot post at most this many messages to one channel in :data:`POST_WINDOW` seconds.
POSTS_PER_WINDOW = 5
POST_WINDOW = 5.0
#: How many times faster than Discord's own the fake server keeps its pace (the per-channel post window), unless a
#: test passes ``pace``. The test suite sets it for every fake server and bot process alike (tests/conftest.py;
#: the bot's pacer reads the same variable), so an end-to-end game waits on its CPU work, not on Discord's clock.
PACE_ENV = "NOCTURNE_TEST_DISCORD_PACE"


def default_pace() -> float:
    return float(os.environ.get(PACE_ENV) or 1.0)
ENV_VAR = "NOCTURNE_FAKE_DISCORD"
TOKEN_ENV_VAR = "NOCTURNE_FAKE_DISCORD_TOKEN"


# --------------------------------------------------------------------------- discord.py wiring


def point_discord_py_at(url: str) -> None:
    """Point the imported discord.py (REST + gateway) at a fake server at ``url`` (``http://127.0.0.1:PORT``).

    Sets ``discord.http.Route.BASE`` (also used by interaction/webhook routes) and
    ``DiscordWebSocket.DEFAULT_GATEWAY``.  Must be called before ``Client.login``/``start``.
    """
    import discord.gateway
    import discord.http
    import yarl

    base = yarl.URL(url.rstrip("/"))
    discord.http.Route.BASE = str(base) + API_PREFIX
    scheme = "wss" if base.scheme == "https" else "ws"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = base.with_scheme(scheme).with_path("/gateway")


def point_discord_py_from_env(environ: Optional[Dict[str, str]] = None) -> Optional[str]:
    """If ``NOCTURNE_FAKE_DISCORD`` is set, call :func:`point_discord_py_at` with it and return the URL."""
    env = os.environ if environ is None else environ
    url = env.get(ENV_VAR)
    if url:
        point_discord_py_at(url)
    return url or None


def restore_discord_py_defaults() -> None:
    """Undo :func:`point_discord_py_at` (for in-process tests that share the interpreter)."""
    import discord.gateway
    import discord.http
    import yarl

    discord.http.Route.BASE = "https://discord.com/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL("wss://gateway.discord.gg/")


# --------------------------------------------------------------------------- records


class RequestRecord(NamedTuple):
    """One REST call as seen by the server. ``path`` is relative to ``/api/v10`` (e.g. ``/channels/1/messages``)."""

    method: str
    path: str
    json: Any
    status: int
    query: Dict[str, str]
    route: str  # the route template, e.g. "/channels/{channel_id}/messages"


class WaitTimeout(AssertionError):
    """Raised by the ``wait_*`` helpers when the condition is not met in time."""


@dataclass
class InteractionRecord:
    """Everything the bot did with one injected interaction.

    ``responses`` is the ordered list of what the bot sent: dicts with ``kind`` (``"callback"``,
    ``"followup"``, ``"edit"``, ``"delete"``), ``type`` (callback type for callbacks), ``content``,
    ``embeds``, ``components``, ``flags``, ``ephemeral``, ``message_id`` and the raw ``data``.
    """

    id: int
    token: str
    type: int  # 2 command, 3 component, 4 autocomplete, 5 modal submit
    user_id: int
    channel_id: int
    guild_id: Optional[int]
    payload: Dict[str, Any]
    created_at: float  # loop.time() at injection
    delivered: bool = False
    callback_type: Optional[int] = None
    acked_after: Optional[float] = None  # seconds from injection to the callback
    original_message_id: Optional[int] = None
    followup_ids: List[int] = field(default_factory=list)
    modal: Optional[Dict[str, Any]] = None
    choices: Optional[List[Dict[str, Any]]] = None
    responses: List[Dict[str, Any]] = field(default_factory=list)
    errors: List[Dict[str, Any]] = field(default_factory=list)  # rejected calls (status, body)
    _server: Any = field(default=None, repr=False)

    @property
    def acknowledged(self) -> bool:
        return self.callback_type is not None

    @property
    def ephemeral(self) -> bool:
        """Whether the original response (callback message / deferred message) is ephemeral."""
        msg = self.original
        return bool(msg and int(msg.get("flags", 0)) & P.FLAG_EPHEMERAL)

    @property
    def original(self) -> Optional[Dict[str, Any]]:
        """Current state of the original response message (edits applied), or ``None``."""
        if self.original_message_id is None:
            return None
        return self._server.message(self.original_message_id)

    @property
    def followups(self) -> List[Dict[str, Any]]:
        """Current state of every followup message (edits applied)."""
        return [m for m in (self._server.message(i) for i in self.followup_ids) if m is not None]

    @property
    def messages(self) -> List[Dict[str, Any]]:
        """Original (if any) followed by the followups."""
        out = [self.original] if self.original is not None else []
        return out + [m for m in self.followups if m["id"] != (out[0]["id"] if out else None)]


@dataclass
class _StoredMessage:
    payload: Dict[str, Any]
    guild_id: Optional[int]
    ephemeral: bool = False
    deleted: bool = False
    interaction_id: Optional[int] = None
    edits: int = 0
    created_at: float = 0.0  # FakeDiscord.clock() when stored (for the nonce dedup window)
    deleted_at: Optional[float] = None  # FakeDiscord.clock() when deleted (see FakeDiscord.message_times)


@dataclass
class _Fault:
    status: int
    body: Dict[str, Any]
    headers: Dict[str, str]
    remaining: Optional[int]  # None = unlimited (probability mode)
    probability: Optional[float]
    match: Optional[Callable[[str, str], bool]]


class _Session:
    def __init__(self, session_id: str, intents: int, shard: Optional[List[int]]) -> None:
        self.id = session_id
        self.intents = intents
        self.shard = shard
        self.seq = 0
        self.buffer: Deque[Dict[str, Any]] = collections.deque(maxlen=2000)
        self.ws: Optional[web.WebSocketResponse] = None
        self.lock = asyncio.Lock()
        self.alive = True
        self.order = 0  # FakeDiscord.identify_count when this session was identified

    async def send(self, payload: Dict[str, Any]) -> None:
        ws = self.ws
        if ws is None or ws.closed:
            return
        try:
            await ws.send_str(json.dumps(payload))
        except (ConnectionError, RuntimeError) as exc:  # peer went away mid-send
            log.debug("gateway send failed: %s", exc)

    async def dispatch(self, event: str, data: Dict[str, Any]) -> None:
        async with self.lock:
            self.seq += 1
            payload = {"op": 0, "t": event, "s": self.seq, "d": data}
            self.buffer.append(payload)
            await self.send(payload)


def _rate_limited(retry_after: float, *, is_global: bool = False, code: int = 0) -> Tuple[Dict[str, Any], Dict[str, str]]:
    """A 429's body and headers as Discord sends them: ``Via`` included, without which discord.py takes the 429 for a
    Cloudflare ban and raises instead of waiting ``retry_after``."""
    headers = {
        "Via": "1.1 google",
        "Retry-After": str(max(1, int(retry_after + 0.999))),
        "X-RateLimit-Limit": str(POSTS_PER_WINDOW),
        "X-RateLimit-Remaining": "0",
        "X-RateLimit-Reset-After": f"{retry_after:.3f}",
        "X-RateLimit-Reset": f"{time.time() + retry_after:.3f}",
        "X-RateLimit-Scope": "global" if is_global else "user",
    }
    if is_global:
        headers["X-RateLimit-Global"] = "true"
    body = {"message": "You are being rate limited.", "retry_after": retry_after, "global": is_global, "code": code}
    return body, headers


def _json_response(data: Any, status: int = 200, headers: Optional[Dict[str, str]] = None) -> web.Response:
    # Content-Type must be exactly "application/json": discord.py compares it verbatim.
    h = {"Content-Type": "application/json"}
    if headers:
        h.update(headers)
    return web.Response(status=status, body=json.dumps(data).encode(), headers=h)


if hasattr(web, "RequestKey"):  # aiohttp >= 3.11 prefers typed request keys
    _BODY: Any = web.RequestKey("fakediscord_body", object)
    _FILES: Any = web.RequestKey("fakediscord_files", list)
else:  # pragma: no cover
    _BODY, _FILES = "fakediscord_body", "fakediscord_files"


def _empty(status: int = 204) -> web.Response:
    return web.Response(status=status)


class _HTTPError(Exception):
    def __init__(self, status: int, code: int, message: str, body: Optional[Dict[str, Any]] = None) -> None:
        super().__init__(message)
        self.status = status
        self.body = body or P.error_body(code, message)


def _not_found(code: int, what: str) -> _HTTPError:
    return _HTTPError(404, code, f"Unknown {what}")


UserSpec = Union[str, int, Tuple[int, str], Dict[str, Any]]


# --------------------------------------------------------------------------- server


class FakeDiscord:
    """A fake Discord server: one guild, some users and text channels, one bot application.

    ``users`` entries may be names (``"alice"``), ``(id, name)`` tuples or dicts with ``id``/``name``
    (``username`` also accepted). ``text_channels`` are channel names. Ids are snowflakes; look them
    up with :meth:`user_id` / :meth:`channel_id`.
    """

    def __init__(
        self,
        *,
        guild_name: str = "Test",
        users: Sequence[UserSpec] = ("alice", "bob"),
        text_channels: Sequence[str] = ("general",),
        bot_name: str = "Nocturne",
        bot_token: Optional[str] = None,
        bot_permissions: int = P.P_ADMINISTRATOR,
        message_content_intent: bool = False,
        heartbeat_interval_ms: int = 41250,
        interaction_ack_timeout: Optional[float] = 3.0,
        strict_commands: bool = True,
        seed: int = 0,
        host: str = "127.0.0.1",
        nonce_window: float = 300.0,
        clock: Optional[Callable[[], float]] = None,
        pace: Optional[float] = None,
    ) -> None:
        self._snow = P.SnowflakeGenerator()
        #: Discord's pace, this many times faster (default :func:`default_pace`): a bot's sixth post to a channel
        #: within ``POST_WINDOW / pace`` seconds is answered 429, as Discord does within 5 s. A bot process started
        #: by the test harness keeps the same pace (``NOCTURNE_TEST_DISCORD_PACE``).
        self.pace = pace if pace is not None else default_pace()
        #: Posts refused for the channel's pace: ``(channel_id, clock())``; a bot that keeps Discord's pace makes none.
        self.pace_refusals: List[Tuple[int, float]] = []
        self._posted_at: Dict[int, Deque[float]] = collections.defaultdict(collections.deque)
        #: Seconds-valued time source (default ``time.monotonic``); replace it to fake the passing of time.
        self.clock: Callable[[], float] = clock or time.monotonic
        #: How long (seconds) a message nonce is remembered for ``enforce_nonce`` dedup (Discord: "a few minutes").
        self.nonce_window = nonce_window
        self.host = host
        self.port: Optional[int] = None
        self.bot_token: str = bot_token or f"fake.{secrets.token_hex(8)}"
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.interaction_ack_timeout = interaction_ack_timeout
        self.strict_commands = strict_commands
        #: Has the application Message Content Intent turned on in the developer portal? Off (as for a new app): an
        #: IDENTIFY asking for it is closed with 4014 (disallowed intents), as Discord does.
        self.message_content_intent = message_content_intent
        self._rng = random.Random(seed)

        self.application_id: int = self._snow()
        self.bot_user_id: int = self.application_id  # like modern Discord apps: bot user id == app id
        self.guild_id: int = self._snow()
        self.guild_name = guild_name
        self._guild_joined_at = P.iso()

        self._users: Dict[int, Dict[str, Any]] = {}
        self._names: Dict[str, int] = {}
        self._members: Dict[int, Dict[str, Any]] = {}  # user_id -> {"roles": [...], "joined_at": str, "nick": ...}
        self._roles: Dict[int, Dict[str, Any]] = {}
        self._channels: Dict[int, Dict[str, Any]] = {}
        self._channel_names: Dict[str, int] = {}
        self._thread_members: Dict[int, Dict[int, Dict[str, Any]]] = {}
        self._dm_by_user: Dict[int, int] = {}
        self._dms_closed: Set[int] = set()
        self._messages: Dict[int, _StoredMessage] = {}
        self._nonces: Dict[Tuple[int, int, str], int] = {}  # (channel_id, author_id, nonce) -> newest message id
        self._channel_messages: Dict[int, List[int]] = collections.defaultdict(list)
        self._attachments: Dict[int, bytes] = {}
        self._interactions: Dict[int, InteractionRecord] = {}
        self._interactions_by_token: Dict[str, InteractionRecord] = {}
        self._commands: Dict[Optional[int], List[Dict[str, Any]]] = {None: []}
        self._command_ids: Dict[Tuple[Optional[int], str, int], int] = {}
        self._sessions: Dict[str, _Session] = {}
        self._ws: Set[web.WebSocketResponse] = set()
        #: Cleared during a gateway outage (:meth:`gateway_outage`): IDENTIFY and RESUME wait for it.
        self._gateway_up = asyncio.Event()
        self._gateway_up.set()
        self._faults: List[_Fault] = []
        self._changed = asyncio.Event()
        self._runner: Optional[web.AppRunner] = None

        #: Every REST call, in order (see :class:`RequestRecord`).
        self.requests: List[RequestRecord] = []
        #: (method, path) of calls that hit no known route (also logged as warnings).
        self.unknown_routes: List[Tuple[str, str]] = []
        #: Every bulk overwrite: ``(guild_id or None, payload)``.
        self.command_puts: List[Tuple[Optional[int], List[Dict[str, Any]]]] = []
        #: Number of IDENTIFYs answered with READY (grows on every bot (re)start).
        self.identify_count = 0
        #: Number of successful RESUMEs.
        self.resume_count = 0
        #: Heartbeats (op 1) received.
        self.heartbeats = 0
        #: Presence updates (op 3) the bot sent.
        self.presences: List[Dict[str, Any]] = []
        #: Typing indicators: list of channel ids, in order.
        self.typing: List[int] = []
        #: Message creates answered with an existing message because of ``nonce`` + ``enforce_nonce``.
        self.nonce_dedup_hits = 0

        everyone = P.role_payload(self.guild_id, "@everyone", permissions=P.EVERYONE_PERMISSIONS)
        self._roles[self.guild_id] = everyone
        self.bot_role_id = self._snow()
        self._roles[self.bot_role_id] = P.role_payload(
            self.bot_role_id, bot_name, permissions=bot_permissions, position=1, managed=True
        )
        self._users[self.bot_user_id] = P.user_payload(self.bot_user_id, bot_name, bot=True)
        self._members[self.bot_user_id] = {"roles": [self.bot_role_id], "joined_at": self._guild_joined_at, "nick": None}
        for spec in users:
            self._add_user(spec)
        self.owner_id = next((u for u in self._users if u != self.bot_user_id), self.bot_user_id)
        for i, name in enumerate(text_channels):
            self._add_text_channel(name, i)

    # ------------------------------------------------------------------ setup helpers

    def _add_user(self, spec: UserSpec, *, member: bool = True) -> int:
        if isinstance(spec, str):
            uid, name, bot = self._snow(), spec, False
        elif isinstance(spec, int):
            uid, name, bot = spec, f"user{spec}", False
        elif isinstance(spec, tuple):
            uid, name, bot = int(spec[0]), spec[1], False
        else:
            uid = int(spec.get("id") or self._snow())
            name = spec.get("name") or spec.get("username") or f"user{uid}"
            bot = bool(spec.get("bot", False))
        self._users[uid] = P.user_payload(uid, name, bot=bot)
        self._names[name] = uid
        if member:
            self._members[uid] = {"roles": [], "joined_at": P.iso(), "nick": None}
        return uid

    def _add_text_channel(self, name: str, position: int) -> int:
        cid = self._snow()
        self._channels[cid] = P.text_channel_payload(cid, self.guild_id, name, position)
        self._channel_names[name] = cid
        return cid

    def user_id(self, name: str) -> int:
        """Id of the user created from ``name``."""
        return self._names[name]

    def channel_id(self, name: str = "general") -> int:
        """Id of the guild text channel called ``name``."""
        return self._channel_names[name]

    @property
    def user_ids(self) -> List[int]:
        """Ids of all non-bot users, in creation order."""
        return [u for u in self._users if u != self.bot_user_id]

    async def add_member(self, name: str, *, user_id: Optional[int] = None) -> int:
        """Add a user to the guild at runtime (dispatches GUILD_MEMBER_ADD). Returns the user id."""
        uid = self._add_user((user_id or self._snow(), name))
        await self._dispatch("GUILD_MEMBER_ADD", dict(self._member(uid), guild_id=str(self.guild_id)), intent=P.INTENT_GUILD_MEMBERS)
        self._notify()
        return uid

    async def add_role(self, name: str, *, permissions: int = 0) -> int:
        """Create a guild role (dispatches GUILD_ROLE_CREATE). Returns the role id."""
        rid = self._snow()
        self._roles[rid] = P.role_payload(rid, name, permissions=permissions, position=len(self._roles))
        await self._dispatch("GUILD_ROLE_CREATE", {"guild_id": str(self.guild_id), "role": self._roles[rid]})
        return rid

    async def set_bot_permissions(self, permissions: int) -> None:
        """Change the bot's role permissions at runtime (dispatches GUILD_ROLE_UPDATE), e.g. to take Manage
        Messages away mid-game."""
        role = self._roles[self.bot_role_id]
        role["permissions"] = str(permissions)
        await self._dispatch("GUILD_ROLE_UPDATE", {"guild_id": str(self.guild_id), "role": role})
        self._notify()

    def set_dms_closed(self, user_id: int, closed: bool = True) -> None:
        """Make sending to ``user_id``'s DM channel fail with 403 / code 50007."""
        (self._dms_closed.add if closed else self._dms_closed.discard)(user_id)

    # ------------------------------------------------------------------ a moderator changes the server

    async def moderator_delete_message(self, message_id: int) -> None:
        """A moderator deletes a message (the bot's too): MESSAGE_DELETE to the gateway; later edits, deletes and
        nonce-deduplicated sends of it answer 404 / 10008 Unknown Message."""
        sm = self._messages.get(int(message_id))
        if sm is None or sm.deleted:
            raise LookupError(f"no message {message_id}")
        await self._delete_and_dispatch(sm)

    async def delete_channel(self, channel_id: int) -> None:
        """A moderator deletes a channel or thread: THREAD_DELETE (a thread) or CHANNEL_DELETE (a channel, whose
        threads go with it without an event of their own, as on Discord). Every later call naming it answers
        404 / 10003 Unknown Channel."""
        ch = self._channel_or_404(channel_id)
        gone = [int(ch["id"])] + [cid for cid, c in self._channels.items() if c.get("parent_id") == ch["id"] and c["type"] in (10, 11, 12)]
        for cid in gone:
            del self._channels[cid]
        if ch["type"] in (10, 11, 12):
            await self._dispatch("THREAD_DELETE", {"id": ch["id"], "guild_id": ch["guild_id"], "parent_id": ch["parent_id"], "type": ch["type"]})
        else:
            await self._dispatch("CHANNEL_DELETE", self._wire(ch))
        self._notify()

    async def set_thread_state(self, thread_id: int, *, archived: Optional[bool] = None, locked: Optional[bool] = None) -> None:
        """A moderator archives / locks a thread (or Discord auto-archives an idle one): THREAD_UPDATE. In an archived
        thread edits answer 400 / 50083; a send unarchives it unless it is locked (then 50083 too); a locked thread
        takes sends and unarchiving only from someone with Manage Threads."""
        th = self._thread_or_404(str(thread_id))
        meta = th["thread_metadata"]
        if archived is not None:
            meta["archived"] = archived
            meta["archive_timestamp"] = P.iso()
        if locked is not None:
            meta["locked"] = locked
        await self._dispatch("THREAD_UPDATE", self._wire(th))
        self._notify()

    async def set_bot_channel_permissions(self, channel_id: int, *, allow: int = 0, deny: int = 0) -> None:
        """A moderator edits the bot's member overwrite on a channel (a thread follows its parent's): CHANNEL_UPDATE.
        ``allow=deny=0`` removes it."""
        ch = self._channel_or_404(channel_id)
        target = str(self.bot_user_id)
        kept = [o for o in ch.get("permission_overwrites", []) if o["id"] != target]
        ch["permission_overwrites"] = kept + ([{"id": target, "type": 1, "allow": str(allow), "deny": str(deny)}] if allow or deny else [])
        await self._dispatch("CHANNEL_UPDATE", self._wire(ch))
        self._notify()

    async def kick_member(self, user_id: int) -> None:
        """A moderator kicks a member (or they leave the server): GUILD_MEMBER_REMOVE only to sessions with the
        privileged members intent, as on Discord; they leave its threads. Afterwards the member lookup
        ``GET /guilds/{id}/members/{user}`` answers 404 / 10007 Unknown Member and a DM to them (who now shares no
        server with the bot) 403 / 50007."""
        uid = int(user_id)
        if self._members.pop(uid, None) is None:
            raise LookupError(f"{uid} is no member")
        for members in self._thread_members.values():
            members.pop(uid, None)
        await self._dispatch("GUILD_MEMBER_REMOVE", {"guild_id": str(self.guild_id), "user": self._users[uid]}, intent=P.INTENT_GUILD_MEMBERS)
        self._notify()

    def _bot_permissions_in(self, ch: Dict[str, Any]) -> int:
        """The bot's permissions in a guild channel, Discord's way: its roles', then the channel's overwrites
        (@everyone, its roles, itself); a thread has its parent's."""
        base = self._permissions_of(self.bot_user_id)
        if base & P.P_ADMINISTRATOR or base == P.ALL_PERMISSIONS:
            return P.ALL_PERMISSIONS
        if ch["type"] in (10, 11, 12):
            ch = self._channels.get(int(ch["parent_id"]), ch)
        overwrites = {o["id"]: o for o in ch.get("permission_overwrites", [])}
        perms = base
        everyone = overwrites.get(str(self.guild_id))
        if everyone:
            perms = (perms & ~int(everyone["deny"])) | int(everyone["allow"])
        allow = deny = 0
        for rid in self._members.get(self.bot_user_id, {}).get("roles", []):
            o = overwrites.get(str(rid))
            if o:
                allow, deny = allow | int(o["allow"]), deny | int(o["deny"])
        perms = (perms & ~deny) | allow
        mine = overwrites.get(str(self.bot_user_id))
        if mine:
            perms = (perms & ~int(mine["deny"])) | int(mine["allow"])
        return perms

    def _require(self, ch: Optional[Dict[str, Any]], needed: int) -> None:
        """The bot needs ``needed`` in guild channel ``ch`` (``None``: guild-wide): 403 / 50001 Missing Access
        without View Channel, else 403 / 50013 Missing Permissions."""
        if ch is not None and not ch.get("guild_id"):
            return  # a DM
        perms = self._permissions_of(self.bot_user_id) if ch is None else self._bot_permissions_in(ch)
        if ch is not None and not perms & P.P_VIEW_CHANNEL:
            raise _HTTPError(403, P.MISSING_ACCESS, "Missing Access")
        if needed & ~perms:
            raise _HTTPError(403, P.MISSING_PERMISSIONS, "Missing Permissions")

    # ------------------------------------------------------------------ lifecycle

    @property
    def url(self) -> str:
        """Base URL, e.g. ``http://127.0.0.1:54321`` (pass to :func:`point_discord_py_at`)."""
        if self.port is None:
            raise RuntimeError("server not started")
        return f"http://{self.host}:{self.port}"

    @property
    def gateway_url(self) -> str:
        return f"ws://{self.host}:{self.port}/gateway"

    def env(self) -> Dict[str, str]:
        """Environment variables for a bot subprocess: ``NOCTURNE_FAKE_DISCORD`` and ``..._TOKEN``."""
        return {ENV_VAR: self.url, TOKEN_ENV_VAR: self.bot_token}

    async def start(self, port: int = 0) -> "FakeDiscord":
        """Start listening on ``127.0.0.1:port`` (0 = pick a free port). Returns ``self``."""
        self._changed = asyncio.Event()
        app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024 * 1024)
        self._build_routes(app)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False, shutdown_timeout=0.5)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, port)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        log.info("fake discord listening on %s", self.url)
        return self

    async def stop(self) -> None:
        """Close gateway connections and stop the HTTP server."""
        for ws in list(self._ws):
            await ws.close(code=4000, message=b"server stopping")
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> "FakeDiscord":
        return await self.start()

    async def __aexit__(self, *exc: Any) -> None:
        await self.stop()

    # ------------------------------------------------------------------ waiting

    def _notify(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    async def wait_for(
        self, predicate: Callable[["FakeDiscord"], Any], timeout: float = 10.0, what: str = "", *, poll_interval: float = 0.05
    ) -> Any:
        """Wait until ``predicate(server)`` is truthy and return its value.

        Re-checked on every server state change (REST call, gateway traffic) and every ``poll_interval``
        seconds (so predicates about an in-process bot's cache work too); raises :class:`WaitTimeout`
        (an ``AssertionError``) with recent traffic after ``timeout`` seconds.
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            result = predicate(self)
            if result:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                tail = "\n  ".join(f"{r.method} {r.path} -> {r.status}" for r in self.requests[-15:])
                raise WaitTimeout(
                    f"timed out after {timeout}s waiting for {what or predicate!r}\n"
                    f"unknown routes: {self.unknown_routes}\nlast requests:\n  {tail}"
                )
            event = self._changed
            try:
                await asyncio.wait_for(event.wait(), min(remaining, poll_interval))
            except asyncio.TimeoutError:
                pass

    async def wait_until_ready(self, timeout: float = 10.0, *, identifies: int = 1) -> None:
        """Wait until READY + GUILD_CREATE have been sent ``identifies`` times in total (default: once).

        After restarting the bot, pass ``identifies=server.identify_count + 1`` (captured before the restart).
        Note discord.py itself fires ``on_ready`` ``guild_ready_timeout`` seconds (default 2) later.
        """
        await self.wait_for(lambda s: s.identify_count >= identifies, timeout, f"IDENTIFY #{identifies}")

    async def wait_for_response(self, interaction_id: int, timeout: float = 10.0, *, count: int = 1) -> InteractionRecord:
        """Wait until the bot has sent at least ``count`` responses (callback, followups, edits) to the interaction."""
        rec = self._interactions[interaction_id]
        await self.wait_for(lambda s: len(rec.responses) >= count, timeout, f"{count} response(s) to interaction {interaction_id}")
        return rec

    async def wait_for_message(
        self, channel_id: int, predicate: Optional[Callable[[Dict[str, Any]], bool]] = None, timeout: float = 10.0
    ) -> Dict[str, Any]:
        """Wait for a (non-deleted) bot message in ``channel_id`` matching ``predicate``; returns the newest match."""

        def check(s: "FakeDiscord") -> Optional[Dict[str, Any]]:
            for m in reversed(s.messages(channel_id, include_deleted=False)):
                if predicate is None or predicate(m):
                    return m
            return None

        return await self.wait_for(check, timeout, f"a message in channel {channel_id}")

    async def wait_for_dm(
        self, user_id: int, predicate: Optional[Callable[[Dict[str, Any]], bool]] = None, timeout: float = 10.0
    ) -> Dict[str, Any]:
        """Wait for a bot DM to ``user_id`` matching ``predicate``; returns the newest match."""

        def check(s: "FakeDiscord") -> Optional[Dict[str, Any]]:
            for m in reversed(s.dm_messages(user_id)):
                if predicate is None or predicate(m):
                    return m
            return None

        return await self.wait_for(check, timeout, f"a DM to {user_id}")

    # ------------------------------------------------------------------ inspection

    def _public(self, sm: _StoredMessage) -> Dict[str, Any]:
        out = copy.deepcopy(sm.payload)
        out["deleted"] = sm.deleted
        out["ephemeral"] = sm.ephemeral
        out["edits"] = sm.edits
        if sm.interaction_id is not None:
            out["interaction_id"] = sm.interaction_id
        return out

    def message(self, message_id: int) -> Optional[Dict[str, Any]]:
        """A copy of any stored message (channel, DM, thread or ephemeral), with ``deleted``/``ephemeral``/``edits`` keys."""
        sm = self._messages.get(int(message_id))
        return None if sm is None else self._public(sm)

    def message_times(self, message_id: int) -> Tuple[float, Optional[float]]:
        """When a stored message was created and when it was deleted (``None``: it was not), by :attr:`clock`: how
        long a message the bot deletes stayed readable, and what was posted meanwhile."""
        sm = self._messages[int(message_id)]
        return sm.created_at, sm.deleted_at

    def messages(
        self, channel_id: int, *, include_deleted: bool = True, from_bot: Optional[bool] = True
    ) -> List[Dict[str, Any]]:
        """Messages in a channel/thread/DM, oldest first, edits applied.

        ``from_bot=True`` (default) keeps only the bot's messages, ``False`` only others', ``None`` all.
        Deleted messages are kept with ``deleted=True`` unless ``include_deleted=False``.
        """
        out = []
        for mid in self._channel_messages.get(int(channel_id), []):
            sm = self._messages[mid]
            if sm.deleted and not include_deleted:
                continue
            is_bot = int(sm.payload["author"]["id"]) == self.bot_user_id
            if from_bot is not None and is_bot != from_bot:
                continue
            out.append(self._public(sm))
        return out

    def dm_channel_id(self, user_id: int) -> Optional[int]:
        """The DM channel id the bot opened with ``user_id`` (``None`` if never opened)."""
        return self._dm_by_user.get(int(user_id))

    def dm_messages(self, user_id: int, *, include_deleted: bool = True) -> List[Dict[str, Any]]:
        """Messages the bot sent to ``user_id``'s DM channel."""
        cid = self._dm_by_user.get(int(user_id))
        return [] if cid is None else self.messages(cid, include_deleted=include_deleted)

    def channel(self, channel_id: int) -> Optional[Dict[str, Any]]:
        """A copy of a channel / thread / DM channel payload."""
        ch = self._channels.get(int(channel_id))
        return copy.deepcopy(ch) if ch else None

    def threads(self, parent_id: Optional[int] = None) -> List[Dict[str, Any]]:
        """Threads (optionally only those under ``parent_id``), oldest first."""
        return [
            copy.deepcopy(c)
            for c in self._channels.values()
            if c["type"] in (10, 11, 12) and (parent_id is None or int(c["parent_id"]) == int(parent_id))
        ]

    def thread_member_ids(self, thread_id: int) -> Set[int]:
        return set(self._thread_members.get(int(thread_id), {}))

    def member_role_ids(self, user_id: int) -> List[int]:
        return list(self._members[int(user_id)]["roles"])

    def interaction(self, interaction_id: int) -> InteractionRecord:
        return self._interactions[interaction_id]

    def commands(self, guild_id: Optional[int] = None) -> List[Dict[str, Any]]:
        """Registered application commands (global when ``guild_id`` is None)."""
        return copy.deepcopy(self._commands.get(guild_id, []))

    def attachment_bytes(self, attachment_id: int) -> bytes:
        return self._attachments[int(attachment_id)]

    def count_requests(self, method: Optional[str] = None, route: Optional[str] = None, *, status: Optional[int] = None) -> int:
        """Count logged REST calls by method, route template (e.g. ``"/channels/{channel_id}/messages"``) and status."""
        return sum(
            1
            for r in self.requests
            if (method is None or r.method == method)
            and (route is None or r.route == route)
            and (status is None or r.status == status)
        )

    # ------------------------------------------------------------------ fault injection

    def inject_429(
        self,
        next_n: Optional[int] = 1,
        *,
        probability: Optional[float] = None,
        retry_after: float = 0.05,
        match: Union[None, str, Callable[[str, str], bool]] = None,
        is_global: bool = False,
    ) -> None:
        """Answer matching REST calls with 429 (with ``Via`` and ``X-RateLimit-*`` headers, ``retry_after`` in the body).

        ``next_n``: fail the next N matching calls; or ``probability`` (0..1, seeded RNG) for every call.
        ``match``: a substring of ``"METHOD /path"`` or ``callable(method, path) -> bool``; default all calls.
        """
        body, headers = _rate_limited(retry_after, is_global=is_global)
        self._add_fault(429, body, headers, next_n, probability, match)

    def inject_error(
        self,
        status: int,
        code: int = 0,
        message: str = "Injected error",
        next_n: Optional[int] = 1,
        *,
        probability: Optional[float] = None,
        match: Union[None, str, Callable[[str, str], bool]] = None,
    ) -> None:
        """Answer matching REST calls with ``status`` and ``{"code": code, "message": message}`` (e.g. 500, 403)."""
        self._add_fault(status, P.error_body(code, message), {}, next_n, probability, match)

    def _over_pace(self, channel_id: int) -> Optional[web.Response]:
        """A 429 for a post over the channel's pace (:data:`POSTS_PER_WINDOW` in ``POST_WINDOW / pace`` seconds by
        :attr:`clock`), as Discord answers it; ``None`` (and the post counted) when it is within."""
        now, window = self.clock(), POST_WINDOW / self.pace
        posted = self._posted_at[channel_id]
        while posted and posted[0] <= now - window:
            posted.popleft()
        if len(posted) < POSTS_PER_WINDOW:
            posted.append(now)
            return None
        self.pace_refusals.append((channel_id, now))
        retry_after = posted[0] + window - now
        log.warning("channel %s: a sixth post within %.2f s: 429 (the bot did not keep Discord's pace)", channel_id, window)
        body, headers = _rate_limited(retry_after, code=20028)
        return _json_response(body, 429, headers)

    def clear_faults(self) -> None:
        self._faults.clear()

    def _add_fault(self, status, body, headers, next_n, probability, match) -> None:
        if isinstance(match, str):
            needle = match
            match = lambda m, p: needle in f"{m} {p}"  # noqa: E731
        self._faults.append(_Fault(status, body, headers, None if probability is not None else next_n, probability, match))

    def _take_fault(self, method: str, path: str) -> Optional[_Fault]:
        for fault in list(self._faults):
            if fault.match is not None and not fault.match(method, path):
                continue
            if fault.probability is not None:
                if self._rng.random() < fault.probability:
                    return fault
                continue
            if fault.remaining is not None:
                fault.remaining -= 1
                if fault.remaining <= 0:
                    self._faults.remove(fault)
            return fault
        return None

    # ------------------------------------------------------------------ gateway control

    async def reconnect_gateway(self) -> None:
        """Send op 7 RECONNECT to every connected bot (it should RESUME)."""
        for ws in list(self._ws):
            await ws.send_str(json.dumps({"op": 7, "d": None, "s": None, "t": None}))

    async def drop_gateway(self, code: int = 4000) -> None:
        """Close every gateway connection with ``code`` (4000 = resumable)."""
        for ws in list(self._ws):
            await ws.close(code=code)

    async def gateway_outage(self) -> None:
        """Discord's gateway goes down: every connection is closed (resumably) and a bot that connects again gets
        HELLO but no answer to its IDENTIFY or RESUME until :meth:`gateway_restored`. Interactions cannot reach
        it meanwhile; REST still works."""
        self._gateway_up.clear()
        await self.drop_gateway(4000)

    def gateway_restored(self) -> None:
        """The gateway is back: waiting IDENTIFYs and RESUMEs are answered (READY / RESUMED)."""
        self._gateway_up.set()

    def invalidate_sessions(self) -> None:
        """Forget every gateway session: a later RESUME gets op 9 (invalid session) and must re-IDENTIFY.

        Note discord.py sleeps 5 s before a non-initial re-IDENTIFY in the same process
        (``Client.before_identify_hook``); restarting the bot process does not have that delay.
        """
        for sess in self._sessions.values():
            sess.alive = False
        self._sessions.clear()

    @property
    def connected(self) -> bool:
        """Whether some identified bot session has a live gateway connection."""
        return any(s.alive and s.ws is not None and not s.ws.closed for s in self._sessions.values())

    async def _dispatch(self, event: str, data: Dict[str, Any], *, intent: Optional[int] = None) -> bool:
        delivered = False
        for sess in list(self._sessions.values()):
            if not sess.alive:
                continue
            if intent is not None and not sess.intents & intent:
                continue
            was_live = sess.ws is not None and not sess.ws.closed
            await sess.dispatch(event, copy.deepcopy(data))
            delivered = delivered or was_live
        return delivered

    # ------------------------------------------------------------------ payload views

    def _member(self, user_id: int, *, with_user: bool = True) -> Dict[str, Any]:
        m = self._members[user_id]
        return P.member_payload(self._users[user_id], m["roles"], m["joined_at"], with_user=with_user, nick=m.get("nick"))

    def _permissions_of(self, user_id: int) -> int:
        if user_id == self.owner_id:
            return P.ALL_PERMISSIONS
        perms = int(self._roles[self.guild_id]["permissions"])
        for rid in self._members.get(user_id, {}).get("roles", []):
            perms |= int(self._roles[rid]["permissions"])
        return P.ALL_PERMISSIONS if perms & P.P_ADMINISTRATOR else perms

    def _guild_channels(self) -> List[Dict[str, Any]]:
        return [c for c in self._channels.values() if c.get("guild_id") and c["type"] not in (10, 11, 12)]

    def _guild_threads(self) -> List[Dict[str, Any]]:
        return [c for c in self._channels.values() if c["type"] in (10, 11, 12) and not c["thread_metadata"]["archived"]]

    def _guild_rest(self) -> Dict[str, Any]:
        return {
            "id": str(self.guild_id),
            "name": self.guild_name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
            "region": None,
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "premium_progress_bar_enabled": False,
            "preferred_locale": "en-US",
            "features": [],
            "roles": list(self._roles.values()),
            "emojis": [],
            "stickers": [],
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "vanity_url_code": None,
            "max_members": 500000,
            "max_video_channel_users": 25,
            "widget_enabled": False,
            "application_id": None,
        }

    def _guild_create(self, intents: int) -> Dict[str, Any]:
        data = self._guild_rest()
        if intents & P.INTENT_GUILD_MEMBERS:
            members = [self._member(u) for u in self._members]
        else:  # like Discord: without GUILD_MEMBERS only the bot itself is sent
            members = [self._member(self.bot_user_id)]
        data.update(
            {
                "joined_at": self._guild_joined_at,
                "large": False,
                "unavailable": False,
                "member_count": len(self._members),  # == len(members) with the members intent: no chunking
                "members": members,
                "channels": [dict(c) for c in self._guild_channels()],
                "threads": [dict(c) for c in self._guild_threads()],
                "voice_states": [],
                "presences": [],
                "stage_instances": [],
                "guild_scheduled_events": [],
                "soundboard_sounds": [],
            }
        )
        return data

    def _channel_for_event(self, ch: Dict[str, Any]) -> Dict[str, Any]:
        return dict(ch)

    def _message_event(self, sm: _StoredMessage, session_intents: Optional[int] = None) -> Dict[str, Any]:
        data = copy.deepcopy(sm.payload)
        if sm.guild_id is not None:
            data["guild_id"] = str(sm.guild_id)
            author_id = int(data["author"]["id"])
            if author_id in self._members and not data.get("webhook_id"):
                data["member"] = self._member(author_id, with_user=False)
        return data

    # ------------------------------------------------------------------ messages core

    def _channel_or_404(self, channel_id: Any) -> Dict[str, Any]:
        try:
            ch = self._channels.get(int(channel_id))
        except ValueError:
            ch = None
        if ch is None:
            raise _not_found(P.UNKNOWN_CHANNEL, "Channel")
        return ch

    def _message_or_404(self, channel_id: int, message_id: Any) -> _StoredMessage:
        try:
            sm = self._messages.get(int(message_id))
        except ValueError:
            sm = None
        if sm is None or sm.deleted or int(sm.payload["channel_id"]) != int(channel_id):
            raise _not_found(P.UNKNOWN_MESSAGE, "Message")
        return sm

    def _attachments_from(self, payload: Dict[str, Any], files: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
        out = []
        meta = {str(a.get("id")): a for a in payload.get("attachments") or []}
        for i, f in enumerate(files):
            aid = self._snow()
            self._attachments[aid] = f["data"]
            m = meta.get(str(i), {})
            filename = m.get("filename") or f["filename"] or f"file{i}"
            out.append(
                {
                    "id": str(aid),
                    "filename": filename,
                    "size": len(f["data"]),
                    "url": f"{self.url}/attachments/{aid}/{filename}",
                    "proxy_url": f"{self.url}/attachments/{aid}/{filename}",
                    "content_type": f.get("content_type"),
                    "description": m.get("description"),
                    "ephemeral": False,
                }
            )
        return out

    def _build_message(
        self,
        channel: Dict[str, Any],
        author_id: int,
        payload: Dict[str, Any],
        files: List[Dict[str, Any]],
        *,
        msg_type: int = 0,
        flags: int = 0,
        message_id: Optional[int] = None,
        extra: Optional[Dict[str, Any]] = None,
    ) -> Dict[str, Any]:
        mid = message_id or self._snow()
        content = payload.get("content") or ""
        msg: Dict[str, Any] = {
            "id": str(mid),
            "channel_id": channel["id"],
            "author": dict(self._users[author_id]),
            "content": str(content),
            "timestamp": P.iso(P.snowflake_time(mid)),
            "edited_timestamp": None,
            "tts": bool(payload.get("tts", False)),
            "mention_everyone": False,
            "mentions": P.resolve_mentions(str(content), payload.get("allowed_mentions"), self._users),
            "mention_roles": [],
            "attachments": self._attachments_from(payload, files),
            "embeds": P.normalise_embeds(payload.get("embeds")),
            "components": P.assign_component_ids(copy.deepcopy(payload.get("components") or [])),
            "pinned": False,
            "type": msg_type,
            "flags": int(flags),
        }
        if payload.get("nonce") is not None:
            msg["nonce"] = payload["nonce"]
        if payload.get("allowed_mentions") is not None:
            msg["_allowed_mentions"] = payload["allowed_mentions"]  # kept for tests; stripped from wire payloads
        ref = payload.get("message_reference")
        if ref and ref.get("message_id"):
            target = self._messages.get(int(ref["message_id"]))
            if target is None or target.deleted:
                if ref.get("fail_if_not_exists", True):
                    raise _HTTPError(400, P.INVALID_FORM_BODY, "Invalid Form Body", {
                        "code": P.INVALID_FORM_BODY, "message": "Invalid Form Body",
                        "errors": {"message_reference": {"_errors": [{"code": "MESSAGE_REFERENCE_UNKNOWN_MESSAGE", "message": "Unknown message"}]}},
                    })
            else:
                msg["type"] = 19
                msg["message_reference"] = {
                    "type": 0,
                    "message_id": target.payload["id"],
                    "channel_id": target.payload["channel_id"],
                    **({"guild_id": str(target.guild_id)} if target.guild_id else {}),
                }
                ref_payload = self._wire(target.payload)
                ref_payload.pop("referenced_message", None)
                msg["referenced_message"] = ref_payload
        if extra:
            msg.update(extra)
        return msg

    @staticmethod
    def _wire(payload: Dict[str, Any]) -> Dict[str, Any]:
        return {k: copy.deepcopy(v) for k, v in payload.items() if not k.startswith("_")}

    async def _store_and_dispatch(self, msg: Dict[str, Any], *, ephemeral: bool, interaction_id: Optional[int] = None) -> _StoredMessage:
        ch = self._channels[int(msg["channel_id"])]
        guild_id = int(ch["guild_id"]) if ch.get("guild_id") else None
        sm = _StoredMessage(payload=msg, guild_id=guild_id, ephemeral=ephemeral, interaction_id=interaction_id,
                            created_at=self.clock())
        self._messages[int(msg["id"])] = sm
        if not ephemeral:
            self._channel_messages[int(ch["id"])].append(int(msg["id"]))
            ch["last_message_id"] = msg["id"]
            if ch["type"] in (10, 11, 12):
                ch["message_count"] = ch.get("message_count", 0) + 1
                ch["total_message_sent"] = ch.get("total_message_sent", 0) + 1
            await self._dispatch_message_create(sm)
        self._notify()
        return sm

    def _nonce_duplicate(self, channel_id: int, author_id: int, payload: Dict[str, Any]) -> Optional[_StoredMessage]:
        """Discord's ``enforce_nonce``: the message this create would duplicate, or ``None`` to create one.

        Only when ``payload`` has a ``nonce`` and ``enforce_nonce`` is true and the same author created a message
        with that nonce in the same channel within :attr:`nonce_window` seconds (by :attr:`clock`).  If that
        message has since been deleted, Discord answers 404 / 10008 (raised here).
        """
        nonce = payload.get("nonce")
        if nonce is None or not payload.get("enforce_nonce"):
            return None
        mid = self._nonces.get((int(channel_id), int(author_id), str(nonce)))
        sm = self._messages.get(mid) if mid is not None else None
        if sm is None or self.clock() - sm.created_at > self.nonce_window:
            return None
        if sm.deleted:
            raise _not_found(P.UNKNOWN_MESSAGE, "Message")
        self.nonce_dedup_hits += 1
        self._notify()
        return sm

    def _remember_nonce(self, sm: _StoredMessage) -> None:
        nonce = sm.payload.get("nonce")
        if nonce is not None:
            key = (int(sm.payload["channel_id"]), int(sm.payload["author"]["id"]), str(nonce))
            self._nonces[key] = int(sm.payload["id"])

    async def _dispatch_message_create(self, sm: _StoredMessage) -> None:
        await self._dispatch_user_message("MESSAGE_CREATE", sm)

    async def _dispatch_user_message(self, event: str, sm: _StoredMessage) -> None:
        """MESSAGE_CREATE / MESSAGE_UPDATE of a message, to every session, respecting the message-content intent."""
        data = self._wire(self._message_event(sm))
        author_is_bot = int(data["author"]["id"]) == self.bot_user_id
        for sess in list(self._sessions.values()):
            if not sess.alive:
                continue
            ev = data
            if not author_is_bot and sm.guild_id is not None and not sess.intents & P.INTENT_MESSAGE_CONTENT:
                mentioned = any(int(u["id"]) == self.bot_user_id for u in data.get("mentions", []))
                if not mentioned:  # privileged intent missing: Discord blanks these fields
                    ev = dict(data, content="", embeds=[], attachments=[], components=[])
            await sess.dispatch(event, copy.deepcopy(ev))

    def _apply_edit(self, sm: _StoredMessage, payload: Dict[str, Any], files: List[Dict[str, Any]]) -> None:
        msg = sm.payload
        if "content" in payload:
            msg["content"] = payload["content"] or ""
            msg["mentions"] = P.resolve_mentions(msg["content"], payload.get("allowed_mentions", msg.get("_allowed_mentions")), self._users)
        if "embeds" in payload:
            msg["embeds"] = P.normalise_embeds(payload["embeds"])
        if "components" in payload:
            msg["components"] = P.assign_component_ids(copy.deepcopy(payload["components"] or []))
        if "allowed_mentions" in payload and payload["allowed_mentions"] is not None:
            msg["_allowed_mentions"] = payload["allowed_mentions"]
        if "flags" in payload and payload["flags"] is not None:
            keep = int(msg.get("flags", 0)) & (P.FLAG_EPHEMERAL | (1 << 15))
            msg["flags"] = keep | (int(payload["flags"]) & ~P.FLAG_EPHEMERAL & ~P.FLAG_LOADING)
        if "attachments" in payload or files:
            kept_ids = {str(a.get("id")) for a in payload.get("attachments") or []}
            kept = [a for a in msg["attachments"] if a["id"] in kept_ids] if "attachments" in payload else msg["attachments"]
            msg["attachments"] = kept + self._attachments_from(payload, files)
        msg["flags"] = int(msg.get("flags", 0)) & ~P.FLAG_LOADING
        msg["edited_timestamp"] = P.iso()
        sm.edits += 1

    async def _edit_and_dispatch(self, sm: _StoredMessage, payload: Dict[str, Any], files: List[Dict[str, Any]]) -> None:
        self._apply_edit(sm, payload, files)
        if not sm.ephemeral:
            await self._dispatch("MESSAGE_UPDATE", self._wire(self._message_event(sm)))
        self._notify()

    async def _delete_and_dispatch(self, sm: _StoredMessage) -> None:
        sm.deleted, sm.deleted_at = True, self.clock()
        if not sm.ephemeral:
            data = {"id": sm.payload["id"], "channel_id": sm.payload["channel_id"]}
            if sm.guild_id:
                data["guild_id"] = str(sm.guild_id)
            await self._dispatch("MESSAGE_DELETE", data)
        self._notify()

    def _check_can_send(self, ch: Dict[str, Any]) -> None:
        if ch["type"] == 1:
            recipient = int(ch["recipients"][0]["id"])
            if recipient in self._dms_closed or recipient not in self._members:  # closed, or shares no server now
                raise _HTTPError(403, P.CANNOT_DM_USER, "Cannot send messages to this user")
        if ch["type"] in (10, 11, 12):
            meta = ch["thread_metadata"]
            if meta["archived"]:
                if meta.get("locked"):
                    raise _HTTPError(400, P.THREAD_ARCHIVED, "Thread is locked")
                meta["archived"] = False  # sending to an archived, unlocked thread unarchives it
            elif meta.get("locked"):  # a locked thread takes messages from moderators only
                self._require(ch, P.P_MANAGE_THREADS)

    # ------------------------------------------------------------------ test-driven traffic

    def _new_interaction(self, itype: int, user_id: int, channel_id: int, data: Dict[str, Any], message: Optional[Dict[str, Any]] = None) -> InteractionRecord:
        user_id, channel_id = int(user_id), int(channel_id)
        if user_id not in self._users:
            raise KeyError(f"unknown user {user_id}")
        ch = self._channels.get(channel_id)
        if ch is None:
            raise KeyError(f"unknown channel {channel_id}")
        iid = self._snow()
        token = f"tok.{iid}.{secrets.token_hex(8)}"
        in_guild = bool(ch.get("guild_id"))
        payload: Dict[str, Any] = {
            "id": str(iid),
            "application_id": str(self.application_id),
            "type": itype,
            "data": data,
            "channel_id": str(channel_id),
            "channel": self._wire(ch),
            "token": token,
            "version": 1,
            "locale": "en-US",
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": 26214400,
            "authorizing_integration_owners": {"0": str(self.guild_id)},
            "app_permissions": str(self._permissions_of(self.bot_user_id) if in_guild else P.ALL_PERMISSIONS),
        }
        if in_guild:
            member = self._member(user_id)
            member["permissions"] = str(self._permissions_of(user_id))
            payload.update(guild_id=str(self.guild_id), guild_locale="en-US", member=member, context=0)
            payload["guild"] = {"id": str(self.guild_id), "locale": "en-US", "features": []}
        else:
            payload.update(user=dict(self._users[user_id]), context=1)
        if message is not None:
            payload["message"] = message
        loop = asyncio.get_running_loop()
        rec = InteractionRecord(
            id=iid, token=token, type=itype, user_id=user_id, channel_id=channel_id,
            guild_id=self.guild_id if in_guild else None, payload=payload, created_at=loop.time(), _server=self,
        )
        self._interactions[iid] = rec
        self._interactions_by_token[token] = rec
        return rec

    def sessions(self) -> List[Dict[str, Any]]:
        """The identified gateway sessions, oldest first: ``id``, ``shard`` (``[shard_id, shard_count]`` or
        None), ``connected`` (a live websocket) and ``order`` (1 for the first IDENTIFY the server answered)."""
        return [
            {"id": s.id, "shard": s.shard, "connected": s.ws is not None and not s.ws.closed, "order": s.order}
            for s in sorted(self._sessions.values(), key=lambda s: s.order)
            if s.alive
        ]

    def _interaction_session(self, rec: InteractionRecord, shard: Optional[int]) -> Optional[_Session]:
        """The one session an interaction goes to, as Discord does it: the shard owning the guild
        (``(guild_id >> 22) % shard_count``; shard 0 for DMs), or the shard a test names with ``shard=``.
        Sessions that did not identify with a shard all count as shard 0; among several candidates the
        newest connected one wins (e.g. a restarted bot whose old session is still buffering)."""
        alive = [s for s in self._sessions.values() if s.alive]
        if shard is None:
            count = next((int(s.shard[1]) for s in alive if s.shard), 1) or 1
            shard = (rec.guild_id >> 22) % count if rec.guild_id else 0
        candidates = [s for s in alive if (int(s.shard[0]) if s.shard else 0) == shard]
        if not candidates:
            return None
        return max(candidates, key=lambda s: (s.ws is not None and not s.ws.closed, s.order))

    async def _deliver(self, rec: InteractionRecord, shard: Optional[int] = None) -> int:
        # An interaction reaches one session only (two answering it would be a 40060 for the second).
        sess = self._interaction_session(rec, shard)
        rec.delivered = False
        if sess is not None:
            rec.delivered = sess.ws is not None and not sess.ws.closed
            await sess.dispatch("INTERACTION_CREATE", copy.deepcopy(rec.payload))
        if not rec.delivered:
            log.warning("interaction %s injected while no bot (shard %s) is connected", rec.id, shard)
        self._notify()
        return rec.id

    def _find_command(self, name: str, ctype: int) -> Optional[Dict[str, Any]]:
        for scope in (self.guild_id, None):
            for cmd in self._commands.get(scope, []):
                if cmd["name"] == name and int(cmd.get("type", 1)) == ctype:
                    return cmd
        return None

    def _resolved_for(self, options: List[Dict[str, Any]], guild: bool) -> Dict[str, Any]:
        resolved: Dict[str, Any] = {}
        for opt in options:
            if opt.get("type") in (1, 2):
                sub = self._resolved_for(opt.get("options") or [], guild)
                for k, v in sub.items():
                    resolved.setdefault(k, {}).update(v)
                continue
            value = opt.get("value")
            if opt.get("type") in (6, 9) and value is not None and int(value) in self._users:
                uid = int(value)
                resolved.setdefault("users", {})[str(uid)] = dict(self._users[uid])
                if guild and uid in self._members:
                    m = self._member(uid, with_user=False)
                    m["permissions"] = str(self._permissions_of(uid))
                    resolved.setdefault("members", {})[str(uid)] = m
            if opt.get("type") in (8, 9) and value is not None and int(value) in self._roles:
                resolved.setdefault("roles", {})[str(value)] = dict(self._roles[int(value)])
        return resolved

    async def slash(
        self,
        user_id: int,
        channel_id: int,
        name: str,
        options: Optional[List[Dict[str, Any]]] = None,
        *,
        command_type: int = 1,
        target_id: Optional[int] = None,
        autocomplete: bool = False,
        shard: Optional[int] = None,
    ) -> int:
        """Inject INTERACTION_CREATE for application command ``name`` (type 2; type 4 if ``autocomplete``).

        ``options`` use Discord's wire format, e.g. ``[{"type": 1, "name": "start", "options":
        [{"type": 3, "name": "game", "value": "night_watch"}]}]``. User/role options get ``resolved`` data.
        In a DM channel (see :meth:`open_dm`) the payload carries ``user`` instead of ``member``.
        With ``strict_commands`` (default) the command must have been synced. Returns the interaction id.
        ``shard``: deliver to the session of that shard instead of the guild's own (see :meth:`sessions`).
        """
        options = copy.deepcopy(options or [])
        cmd = self._find_command(name, command_type)
        if cmd is None and self.strict_commands:
            raise LookupError(f"command {name!r} (type {command_type}) was never synced; synced: "
                              f"{[c['name'] for s in self._commands.values() for c in s]}")
        in_guild = bool(self._channels[int(channel_id)].get("guild_id"))
        data: Dict[str, Any] = {
            "id": cmd["id"] if cmd else str(self._snow()),
            "name": name,
            "type": command_type,
            "options": options,
            "resolved": self._resolved_for(options, in_guild),
        }
        if cmd and cmd.get("guild_id"):
            data["guild_id"] = cmd["guild_id"]
        if target_id is not None:
            data["target_id"] = str(target_id)
            if command_type == 2 and int(target_id) in self._users:
                data["resolved"] = self._resolved_for([{"type": 6, "value": str(target_id)}], in_guild)
            elif command_type == 3:
                target = self._messages.get(int(target_id))
                if target is not None:
                    data["resolved"] = {"messages": {str(target_id): self._wire(target.payload)}}
        rec = self._new_interaction(4 if autocomplete else 2, user_id, channel_id, data)
        return await self._deliver(rec, shard)

    async def click(
        self,
        user_id: int,
        message_id: int,
        custom_id: str,
        values: Optional[List[str]] = None,
        *,
        component_type: Optional[int] = None,
        shard: Optional[int] = None,
    ) -> int:
        """Inject a component interaction (type 3) on a bot message (channel, DM, thread or ephemeral).

        The component is looked up by ``custom_id`` in the message (its type decides button/select);
        clicking a missing or disabled component raises ``LookupError``. ``values`` for selects.
        ``shard``: deliver to the session of that shard instead of the guild's own (two bot processes).
        Returns the interaction id.
        """
        sm = self._messages.get(int(message_id))
        if sm is None or sm.deleted:
            raise LookupError(f"no message {message_id}")
        comp = next((c for c in P.iter_components(sm.payload.get("components", [])) if c.get("custom_id") == custom_id), None)
        if comp is None and component_type is None:
            ids = [c.get("custom_id") for c in P.iter_components(sm.payload.get("components", [])) if c.get("custom_id")]
            raise LookupError(f"message {message_id} has no component {custom_id!r}; it has {ids}")
        if comp is not None and comp.get("disabled"):
            raise LookupError(f"component {custom_id!r} on message {message_id} is disabled")
        ctype = component_type or int(comp["type"])  # type: ignore[index]
        data: Dict[str, Any] = {"custom_id": custom_id, "component_type": ctype}
        if ctype in (3, 5, 6, 7, 8):
            data["values"] = list(values or [])
            if ctype in (5, 7) and values:
                data["resolved"] = self._resolved_for([{"type": 6, "value": v} for v in values], sm.guild_id is not None)
        if comp is not None and comp.get("id") is not None:
            data["id"] = comp["id"]
        rec = self._new_interaction(3, user_id, int(sm.payload["channel_id"]), data, message=self._wire(sm.payload))
        return await self._deliver(rec, shard)

    async def submit_modal(
        self, interaction_id: int, values: Dict[str, Any], *, user_id: Optional[int] = None, shard: Optional[int] = None
    ) -> int:
        """Submit the modal the bot opened in response to ``interaction_id`` (type 5 interaction).

        ``values`` maps text-input ``custom_id`` -> string (or select ``custom_id`` -> list of strings).
        Returns the new interaction id.
        """
        origin = self._interactions[interaction_id]
        if origin.modal is None:
            raise LookupError(f"interaction {interaction_id} did not open a modal")
        modal = origin.modal

        def answer(comp: Dict[str, Any]) -> Dict[str, Any]:
            cid = comp.get("custom_id")
            out: Dict[str, Any] = {"type": comp["type"], "custom_id": cid}
            if comp.get("id") is not None:
                out["id"] = comp["id"]
            v = values.get(cid, comp.get("value", "") if comp["type"] == 4 else [])
            if comp["type"] == 4:
                out["value"] = str(v)
            else:
                out["values"] = list(v)
            return out

        comps = []
        for top in modal.get("components", []):
            if top["type"] == 1:
                comps.append({"type": 1, "components": [answer(c) for c in top.get("components", [])]})
            elif top["type"] == 18 and top.get("component"):
                comps.append({"type": 18, "id": top.get("id"), "component": answer(top["component"])})
        data = {"custom_id": modal["custom_id"], "components": comps}
        message = origin.payload.get("message")
        rec = self._new_interaction(5, user_id or origin.user_id, origin.channel_id, data, message=message)
        return await self._deliver(rec, shard)

    async def user_message(self, user_id: int, channel_id: int, content: str, **extra: Any) -> int:
        """Post a message as a user (dispatches MESSAGE_CREATE, respecting the message-content intent). Returns its id.

        ``nonce=..., enforce_nonce=True`` in ``extra`` dedups like the REST create (returns the earlier id).
        """
        ch = self._channel_or_404(channel_id)
        dup = self._nonce_duplicate(int(ch["id"]), int(user_id), extra)
        if dup is not None:
            return int(dup.payload["id"])
        msg = self._build_message(ch, int(user_id), {"content": content, **extra}, [])
        msg["mentions"] = P.resolve_mentions(content, None, self._users)
        self._remember_nonce(await self._store_and_dispatch(msg, ephemeral=False))
        return int(msg["id"])

    async def user_edit(self, user_id: int, message_id: int, content: str) -> int:
        """A user edits the text of their own message, as in the client: sets ``edited_timestamp`` and dispatches
        MESSAGE_UPDATE (the whole message, edits applied, respecting the message-content intent like
        :meth:`user_message`). Someone else's message: 403 / 50005; a deleted one: 404 / 10008 (raised as
        ``LookupError``). Returns the message's id."""
        sm = self._messages.get(int(message_id))
        if sm is None or sm.deleted or sm.ephemeral:
            raise LookupError(f"Unknown Message {message_id}")
        if int(sm.payload["author"]["id"]) != int(user_id):
            raise PermissionError(f"50005 Cannot edit a message authored by another user ({message_id})")
        msg = sm.payload
        msg["content"] = str(content)
        msg["mentions"] = P.resolve_mentions(msg["content"], None, self._users)
        msg["edited_timestamp"] = P.iso()
        sm.edits += 1
        await self._dispatch_user_message("MESSAGE_UPDATE", sm)
        self._notify()
        return int(message_id)

    async def unfurl(self, message_id: int, embeds: List[Dict[str, Any]]) -> int:
        """Discord unfurls a link in a message: its embeds change and MESSAGE_UPDATE is dispatched with the content
        and ``edited_timestamp`` as they were (not an edit). Returns the message's id."""
        sm = self._messages.get(int(message_id))
        if sm is None or sm.deleted or sm.ephemeral:
            raise LookupError(f"Unknown Message {message_id}")
        sm.payload["embeds"] = P.normalise_embeds(embeds)
        await self._dispatch_user_message("MESSAGE_UPDATE", sm)
        self._notify()
        return int(message_id)

    async def open_dm(self, user_id: int) -> int:
        """Get or create the DM channel between the bot and ``user_id`` (for injecting DM interactions)."""
        return int(self._dm_channel(int(user_id))["id"])

    def _dm_channel(self, user_id: int) -> Dict[str, Any]:
        cid = self._dm_by_user.get(user_id)
        if cid is None:
            cid = self._snow()
            self._channels[cid] = P.dm_channel_payload(cid, self._users[user_id])
            self._dm_by_user[user_id] = cid
        return self._channels[cid]

    # ------------------------------------------------------------------ HTTP plumbing

    @web.middleware
    async def _middleware(self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]) -> web.StreamResponse:
        path = request.path
        if not path.startswith(API_PREFIX + "/"):
            return await handler(request)
        rel = path[len(API_PREFIX):]
        body, files = await self._read_body(request)
        request[_BODY], request[_FILES] = body, files
        route = request.match_info.route.resource.canonical if request.match_info.route.resource else "?"
        route = route[len(API_PREFIX):] if route.startswith(API_PREFIX) else route
        status = 500
        try:
            needs_auth = not (rel.startswith("/interactions/") or rel.startswith("/webhooks/"))
            if needs_auth and request.headers.get("Authorization") != f"Bot {self.bot_token}":
                resp: web.StreamResponse = _json_response({"message": "401: Unauthorized", "code": 0}, 401)
            else:
                fault = self._take_fault(request.method, rel)
                if fault is not None:
                    resp = _json_response(fault.body, fault.status, fault.headers)
                else:
                    try:
                        resp = await handler(request)
                    except _HTTPError as exc:
                        resp = _json_response(exc.body, exc.status)
            if 200 <= resp.status < 300 and resp.status != 204:
                bucket = hashlib.md5(f"{request.method} {route}".encode()).hexdigest()[:16]
                resp.headers.update(
                    {
                        "X-RateLimit-Bucket": bucket,
                        "X-RateLimit-Limit": "50",
                        "X-RateLimit-Remaining": "49",
                        "X-RateLimit-Reset": f"{time.time() + 1:.3f}",
                        "X-RateLimit-Reset-After": "1.000",
                    }
                )
            status = resp.status
            return resp
        finally:
            self.requests.append(RecordRequest(request.method, rel, body, status, dict(request.query), route))
            self._notify()

    async def _read_body(self, request: web.Request) -> Tuple[Any, List[Dict[str, Any]]]:
        files: List[Dict[str, Any]] = []
        if not request.can_read_body:
            return None, files
        ctype = request.content_type
        if ctype == "multipart/form-data":
            body = None
            reader = await request.multipart()
            while True:
                part = await reader.next()
                if part is None:
                    break
                data = await part.read()  # type: ignore[union-attr]
                if part.name == "payload_json":  # type: ignore[union-attr]
                    body = json.loads(data.decode())
                else:
                    files.append({"name": part.name, "filename": part.filename, "data": bytes(data),  # type: ignore[union-attr]
                                  "content_type": part.headers.get("Content-Type")})  # type: ignore[union-attr]
            return body, files
        raw = await request.read()
        if not raw:
            return None, files
        try:
            return json.loads(raw.decode()), files
        except ValueError:
            return raw.decode(errors="replace"), files

    def _build_routes(self, app: web.Application) -> None:
        r = app.router
        A = API_PREFIX
        r.add_get("/gateway", self._gateway_ws)
        r.add_get(A + "/gateway", self.h_gateway)
        r.add_get(A + "/gateway/bot", self.h_gateway_bot)
        r.add_get(A + "/users/@me", self.h_me)
        r.add_post(A + "/users/@me/channels", self.h_create_dm)
        r.add_get(A + "/users/{user_id}", self.h_user)
        r.add_get(A + "/oauth2/applications/@me", self.h_application)
        r.add_get(A + "/applications/@me", self.h_application)
        for base in (A + "/applications/{app_id}/commands", A + "/applications/{app_id}/guilds/{guild_id}/commands"):
            r.add_get(base, self.h_commands_get)
            r.add_put(base, self.h_commands_put)
            r.add_post(base, self.h_command_post)
            r.add_get(base + "/{command_id}", self.h_command_get)
            r.add_patch(base + "/{command_id}", self.h_command_patch)
            r.add_delete(base + "/{command_id}", self.h_command_delete)
        C = A + "/channels/{channel_id}"
        r.add_get(C, self.h_channel_get)
        r.add_patch(C, self.h_channel_patch)
        r.add_delete(C, self.h_channel_delete)
        r.add_post(C + "/typing", self.h_typing)
        r.add_get(C + "/messages", self.h_messages_get)
        r.add_post(C + "/messages", self.h_message_post)
        r.add_post(C + "/messages/bulk-delete", self.h_messages_bulk_delete)
        r.add_get(C + "/messages/pins", self.h_pins_get)
        r.add_put(C + "/messages/pins/{message_id}", self.h_pin)
        r.add_delete(C + "/messages/pins/{message_id}", self.h_unpin)
        r.add_get(C + "/pins", self.h_pins_get)
        r.add_put(C + "/pins/{message_id}", self.h_pin)
        r.add_delete(C + "/pins/{message_id}", self.h_unpin)
        r.add_get(C + "/messages/{message_id}", self.h_message_get)
        r.add_patch(C + "/messages/{message_id}", self.h_message_patch)
        r.add_delete(C + "/messages/{message_id}", self.h_message_delete)
        r.add_put(C + "/messages/{message_id}/reactions/{emoji}/@me", self.h_reaction_add)
        r.add_delete(C + "/messages/{message_id}/reactions/{emoji}/@me", self.h_reaction_remove)
        r.add_post(C + "/messages/{message_id}/threads", self.h_thread_from_message)
        r.add_post(C + "/threads", self.h_thread_create)
        r.add_get(C + "/thread-members", self.h_thread_members_get)
        r.add_put(C + "/thread-members/{user_id}", self.h_thread_member_add)
        r.add_delete(C + "/thread-members/{user_id}", self.h_thread_member_remove)
        r.add_put(C + "/permissions/{target_id}", self.h_overwrite_put)
        r.add_delete(C + "/permissions/{target_id}", self.h_overwrite_delete)
        G = A + "/guilds/{guild_id}"
        r.add_get(G, self.h_guild_get)
        r.add_get(G + "/channels", self.h_guild_channels)
        r.add_get(G + "/threads/active", self.h_guild_active_threads)
        r.add_get(G + "/roles", self.h_guild_roles)
        r.add_post(G + "/roles", self.h_guild_role_create)
        r.add_delete(G + "/roles/{role_id}", self.h_guild_role_delete)
        r.add_get(G + "/members", self.h_guild_members)
        r.add_get(G + "/members/{user_id}", self.h_guild_member)
        r.add_patch(G + "/members/{user_id}", self.h_guild_member_patch)
        r.add_put(G + "/members/{user_id}/roles/{role_id}", self.h_member_role_add)
        r.add_delete(G + "/members/{user_id}/roles/{role_id}", self.h_member_role_remove)
        r.add_post(A + "/interactions/{interaction_id}/{token}/callback", self.h_interaction_callback)
        W = A + "/webhooks/{app_id}/{token}"
        r.add_post(W, self.h_followup)
        r.add_get(W + "/messages/{message_id}", self.h_webhook_message_get)
        r.add_patch(W + "/messages/{message_id}", self.h_webhook_message_patch)
        r.add_delete(W + "/messages/{message_id}", self.h_webhook_message_delete)
        r.add_get("/_fake/state", self.h_fake_state)
        r.add_post("/_fake/{action}", self.h_fake_action)
        r.add_route("*", "/{tail:.*}", self.h_unknown)

    async def h_unknown(self, request: web.Request) -> web.Response:
        rel = request.path[len(API_PREFIX):] if request.path.startswith(API_PREFIX) else request.path
        self.unknown_routes.append((request.method, rel))
        log.warning("fake discord: unknown route %s %s", request.method, request.path)
        return _json_response({"message": "Unknown", "code": 0}, 404)

    # ------------------------------------------------------------------ REST: login & gateway

    async def h_gateway(self, request: web.Request) -> web.Response:
        return _json_response({"url": self.gateway_url})

    async def h_gateway_bot(self, request: web.Request) -> web.Response:
        return _json_response(
            {
                "url": self.gateway_url,
                "shards": 1,
                "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1},
            }
        )

    async def h_me(self, request: web.Request) -> web.Response:
        me = dict(self._users[self.bot_user_id], verified=True, mfa_enabled=False, locale="en-US", email=None)
        return _json_response(me)

    async def h_user(self, request: web.Request) -> web.Response:
        try:
            user = self._users[int(request.match_info["user_id"])]
        except (KeyError, ValueError):
            raise _not_found(P.UNKNOWN_USER, "User")
        return _json_response(user)

    async def h_application(self, request: web.Request) -> web.Response:
        owner = self._users[self.owner_id]
        return _json_response(
            {
                "id": str(self.application_id),
                "name": self._users[self.bot_user_id]["username"],
                "icon": None,
                "description": "",
                "summary": "",
                "type": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "verify_key": "0" * 64,
                "owner": owner,
                "team": None,
                "flags": 0,
                "tags": [],
                "redirect_uris": [],
                "interactions_endpoint_url": None,  # non-None makes discord.py warn that gateway interactions are off
                "approximate_guild_count": 1,
                "bot": dict(self._users[self.bot_user_id]),
            }
        )

    # ------------------------------------------------------------------ REST: users / DMs

    async def h_create_dm(self, request: web.Request) -> web.Response:
        body = request[_BODY] or {}
        try:
            uid = int(body["recipient_id"])
        except (KeyError, ValueError, TypeError):
            raise _HTTPError(400, P.INVALID_FORM_BODY, "Invalid Form Body")
        if uid not in self._users:
            raise _not_found(P.UNKNOWN_USER, "User")
        return _json_response(self._wire(self._dm_channel(uid)))

    # ------------------------------------------------------------------ REST: application commands

    def _check_app(self, request: web.Request) -> Optional[int]:
        if request.match_info.get("app_id") not in (str(self.application_id),):
            raise _not_found(P.UNKNOWN_WEBHOOK if "token" in request.match_info else 10002, "Application")
        gid = request.match_info.get("guild_id")
        if gid is not None and gid != str(self.guild_id):
            raise _HTTPError(403, P.MISSING_ACCESS, "Missing Access")
        return int(gid) if gid else None

    def _command_from(self, scope: Optional[int], body: Dict[str, Any]) -> Dict[str, Any]:
        ctype = int(body.get("type", 1))
        key = (scope, body["name"], ctype)
        cid = self._command_ids.setdefault(key, self._snow())
        cmd = {
            "id": str(cid),
            "application_id": str(self.application_id),
            "version": str(self._snow()),
            "type": ctype,
            "name": body["name"],
            "description": body.get("description", ""),
            "options": body.get("options", []),
            "default_member_permissions": body.get("default_member_permissions"),
            "dm_permission": body.get("dm_permission", True),
            "nsfw": body.get("nsfw", False),
            "name_localizations": body.get("name_localizations"),
            "description_localizations": body.get("description_localizations"),
            "contexts": body.get("contexts"),
            "integration_types": body.get("integration_types", [0]),
        }
        if scope is not None:
            cmd["guild_id"] = str(scope)
        return cmd

    def _validate_commands(self, body: Any) -> None:
        if not isinstance(body, list):
            raise _HTTPError(400, P.INVALID_FORM_BODY, "Invalid Form Body")
        errs = P.FormErrors()
        seen = set()
        for i, cmd in enumerate(body):
            name = cmd.get("name", "")
            ctype = int(cmd.get("type", 1))
            if (name, ctype) in seen:
                errs.add([i, "name"], "APPLICATION_COMMANDS_DUPLICATE_NAME", "Application command names must be unique")
            seen.add((name, ctype))
            if ctype == 1:
                if not re.fullmatch(r"[-_\w]{1,32}", name) or name != name.lower():
                    errs.add([i, "name"], "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
                if not 1 <= len(cmd.get("description", "")) <= 100:
                    errs.add([i, "description"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
            if len(cmd.get("options") or []) > 25:
                errs.add([i, "options"], "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
        if len([c for c in body if int(c.get("type", 1)) == 1]) > 100:
            errs.add([], "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length.")
        if errs:
            raise _HTTPError(400, P.INVALID_FORM_BODY, "Invalid Form Body", errs.body())

    async def h_commands_get(self, request: web.Request) -> web.Response:
        scope = self._check_app(request)
        return _json_response(self._commands.get(scope, []))

    async def h_commands_put(self, request: web.Request) -> web.Response:
        scope = self._check_app(request)
        body = request[_BODY]
        self._validate_commands(body)
        self.command_puts.append((scope, copy.deepcopy(body)))
        self._commands[scope] = [self._command_from(scope, c) for c in body]
        return _json_response(self._commands[scope])

    async def h_command_post(self, request: web.Request) -> web.Response:
        scope = self._check_app(request)
        body = request[_BODY] or {}
        self._validate_commands([body])
        cmd = self._command_from(scope, body)
        cmds = [c for c in self._commands.get(scope, []) if c["id"] != cmd["id"]]
        self._commands[scope] = cmds + [cmd]
        return _json_response(cmd, 201)

    def _command_or_404(self, scope: Optional[int], command_id: str) -> Dict[str, Any]:
        for c in self._commands.get(scope, []):
            if c["id"] == command_id:
                return c
        raise _not_found(10063, "application command")

    async def h_command_get(self, request: web.Request) -> web.Response:
        scope = self._check_app(request)
        return _json_response(self._command_or_404(scope, request.match_info["command_id"]))

    async def h_command_patch(self, request: web.Request) -> web.Response:
        scope = self._check_app(request)
        cmd = self._command_or_404(scope, request.match_info["command_id"])
        cmd.update({k: v for k, v in (request[_BODY] or {}).items() if k not in ("id", "application_id")})
        cmd["version"] = str(self._snow())
        return _json_response(cmd)

    async def h_command_delete(self, request: web.Request) -> web.Response:
        scope = self._check_app(request)
        cmd = self._command_or_404(scope, request.match_info["command_id"])
        self._commands[scope].remove(cmd)
        return _empty()

    # ------------------------------------------------------------------ REST: channels & messages

    async def h_channel_get(self, request: web.Request) -> web.Response:
        ch = self._channel_or_404(request.match_info["channel_id"])
        return _json_response(self._wire(ch))

    async def h_channel_patch(self, request: web.Request) -> web.Response:
        ch = self._channel_or_404(request.match_info["channel_id"])
        body = request[_BODY] or {}
        if ch["type"] in (10, 11, 12):
            meta = ch["thread_metadata"]
            opening_locked = body.get("archived") is False and meta.get("locked")
            if "locked" in body or opening_locked or int(ch.get("owner_id") or 0) != self.bot_user_id:
                self._require(ch, P.P_MANAGE_THREADS)  # (un)locking, or opening a locked thread: moderators only
            for key in ("archived", "locked", "auto_archive_duration", "invitable"):
                if key in body and body[key] is not None:
                    meta[key] = body[key]
                    if key == "archived":
                        meta["archive_timestamp"] = P.iso()
            for key in ("name", "rate_limit_per_user", "flags", "applied_tags"):
                if key in body and body[key] is not None:
                    ch[key] = body[key]
            await self._dispatch("THREAD_UPDATE", self._wire(ch))
        else:
            for key in ("name", "topic", "position", "nsfw", "rate_limit_per_user", "parent_id",
                        "permission_overwrites", "default_auto_archive_duration"):
                if key in body:
                    ch[key] = body[key]
            await self._dispatch("CHANNEL_UPDATE", self._wire(ch))
        self._notify()
        return _json_response(self._wire(ch))

    async def h_channel_delete(self, request: web.Request) -> web.Response:
        ch = self._channel_or_404(request.match_info["channel_id"])
        del self._channels[int(ch["id"])]
        if ch["type"] in (10, 11, 12):
            await self._dispatch("THREAD_DELETE", {"id": ch["id"], "guild_id": ch["guild_id"], "parent_id": ch["parent_id"], "type": ch["type"]})
        elif ch.get("guild_id"):
            await self._dispatch("CHANNEL_DELETE", self._wire(ch))
        self._notify()
        return _json_response(self._wire(ch))

    async def h_typing(self, request: web.Request) -> web.Response:
        ch = self._channel_or_404(request.match_info["channel_id"])
        self.typing.append(int(ch["id"]))
        return _empty()

    async def h_messages_get(self, request: web.Request) -> web.Response:
        ch = self._channel_or_404(request.match_info["channel_id"])
        q = request.query
        limit = max(1, min(100, int(q.get("limit", 50))))
        ids = [m for m in self._channel_messages.get(int(ch["id"]), []) if not self._messages[m].deleted]
        if "before" in q:
            ids = [m for m in ids if m < int(q["before"])]
        if "after" in q:
            ids = [m for m in ids if m > int(q["after"])]
            ids = ids[:limit]
        if "around" in q:
            around = int(q["around"])
            older = [m for m in ids if m <= around][-((limit + 1) // 2):]
            newer = [m for m in ids if m > around][: limit // 2]
            ids = older + newer
        ids = sorted(ids, reverse=True)[:limit]
        return _json_response([self._wire(self._messages[m].payload) for m in ids])

    async def h_message_post(self, request: web.Request) -> web.Response:
        ch = self._channel_or_404(request.match_info["channel_id"])
        body, files = request[_BODY] or {}, request[_FILES]
        err = P.validate_message(body, has_files=bool(files))
        if err:
            raise _HTTPError(400, err["code"], err["message"], err)
        send = P.P_SEND_IN_THREADS if ch["type"] in (10, 11, 12) else P.P_SEND_MESSAGES
        self._require(ch, send | (P.P_ATTACH_FILES if files else 0))
        self._check_can_send(ch)
        dup = self._nonce_duplicate(int(ch["id"]), self.bot_user_id, body)
        if dup is not None:  # enforce_nonce: return the earlier message (edits applied), no new MESSAGE_CREATE
            return _json_response(self._wire(dup.payload))
        refusal = self._over_pace(int(ch["id"]))
        if refusal is not None:
            return refusal
        flags = int(body.get("flags") or 0) & ~P.FLAG_EPHEMERAL
        msg = self._build_message(ch, self.bot_user_id, body, files, flags=flags)
        self._remember_nonce(await self._store_and_dispatch(msg, ephemeral=False))
        return _json_response(self._wire(msg))

    async def h_message_get(self, request: web.Request) -> web.Response:
        sm = self._message_or_404(int(request.match_info["channel_id"]), request.match_info["message_id"])
        return _json_response(self._wire(sm.payload))

    async def h_message_patch(self, request: web.Request) -> web.Response:
        ch = self._channel_or_404(request.match_info["channel_id"])
        sm = self._message_or_404(int(request.match_info["channel_id"]), request.match_info["message_id"])
        if int(sm.payload["author"]["id"]) != self.bot_user_id:
            raise _HTTPError(403, 50005, "Cannot edit a message authored by another user")
        body, files = request[_BODY] or {}, request[_FILES]
        self._require(ch, P.P_ATTACH_FILES if files else 0)
        if ch["type"] in (10, 11, 12) and ch["thread_metadata"]["archived"]:
            raise _HTTPError(400, P.THREAD_ARCHIVED, "Thread is archived")
        err = P.validate_message(body, has_files=bool(files), partial=True)
        if err:
            raise _HTTPError(400, err["code"], err["message"], err)
        await self._edit_and_dispatch(sm, body, files)
        return _json_response(self._wire(sm.payload))

    def _check_manage_messages(self, sm: _StoredMessage) -> None:
        """Deleting another user's message in a server needs Manage Messages (50013 Missing Permissions)."""
        if sm.guild_id is None or int(sm.payload["author"]["id"]) == self.bot_user_id:
            return
        if not self._permissions_of(self.bot_user_id) & P.P_MANAGE_MESSAGES:
            raise _HTTPError(403, P.MISSING_PERMISSIONS, "Missing Permissions")

    async def h_message_delete(self, request: web.Request) -> web.Response:
        sm = self._message_or_404(int(request.match_info["channel_id"]), request.match_info["message_id"])
        self._check_manage_messages(sm)
        await self._delete_and_dispatch(sm)
        return _empty()

    async def h_messages_bulk_delete(self, request: web.Request) -> web.Response:
        ch = self._channel_or_404(request.match_info["channel_id"])
        ids = [int(i) for i in (request[_BODY] or {}).get("messages", [])]
        found = [self._message_or_404(int(ch["id"]), mid) for mid in ids]
        for sm in found:  # bulk delete needs Manage Messages, whoever wrote the messages
            if sm.guild_id is not None and not self._permissions_of(self.bot_user_id) & P.P_MANAGE_MESSAGES:
                raise _HTTPError(403, P.MISSING_PERMISSIONS, "Missing Permissions")
        for sm in found:
            sm.deleted, sm.deleted_at = True, self.clock()
        data: Dict[str, Any] = {"ids": [str(i) for i in ids], "channel_id": ch["id"]}
        if ch.get("guild_id"):
            data["guild_id"] = ch["guild_id"]
        await self._dispatch("MESSAGE_DELETE_BULK", data)
        self._notify()
        return _empty()

    async def h_pins_get(self, request: web.Request) -> web.Response:
        ch = self._channel_or_404(request.match_info["channel_id"])
        pinned = [self._messages[m] for m in self._channel_messages.get(int(ch["id"]), []) if self._messages[m].payload.get("pinned") and not self._messages[m].deleted]
        if request.path.endswith("/messages/pins"):
            return _json_response({"items": [{"pinned_at": P.iso(), "message": self._wire(sm.payload)} for sm in pinned], "has_more": False})
        return _json_response([self._wire(sm.payload) for sm in pinned])

    async def h_pin(self, request: web.Request) -> web.Response:
        sm = self._message_or_404(int(request.match_info["channel_id"]), request.match_info["message_id"])
        sm.payload["pinned"] = True
        self._notify()
        return _empty()

    async def h_unpin(self, request: web.Request) -> web.Response:
        sm = self._message_or_404(int(request.match_info["channel_id"]), request.match_info["message_id"])
        sm.payload["pinned"] = False
        self._notify()
        return _empty()

    def _emoji(self, raw: str) -> Dict[str, Any]:
        if ":" in raw:
            name, eid = raw.split(":", 1)
            return {"id": eid, "name": name}
        return {"id": None, "name": raw}

    async def h_reaction_add(self, request: web.Request) -> web.Response:
        sm = self._message_or_404(int(request.match_info["channel_id"]), request.match_info["message_id"])
        emoji = self._emoji(request.match_info["emoji"])
        reactions = sm.payload.setdefault("reactions", [])
        for r in reactions:
            if r["emoji"] == emoji:
                if not r["me"]:
                    r["me"], r["count"] = True, r["count"] + 1
                break
        else:
            reactions.append({"emoji": emoji, "count": 1, "me": True, "me_burst": False, "burst_colors": [],
                              "count_details": {"burst": 0, "normal": 1}})
        self._notify()
        return _empty()

    async def h_reaction_remove(self, request: web.Request) -> web.Response:
        sm = self._message_or_404(int(request.match_info["channel_id"]), request.match_info["message_id"])
        emoji = self._emoji(request.match_info["emoji"])
        sm.payload["reactions"] = [
            r for r in (dict(r, me=False, count=r["count"] - 1) if r["emoji"] == emoji and r["me"] else r for r in sm.payload.get("reactions", []))
            if r["count"] > 0
        ]
        self._notify()
        return _empty()

    # ------------------------------------------------------------------ REST: threads

    async def _create_thread(self, parent: Dict[str, Any], body: Dict[str, Any], thread_id: Optional[int] = None) -> Dict[str, Any]:
        if parent["type"] not in (0, 5) or not body.get("name"):
            raise _HTTPError(400, P.INVALID_FORM_BODY, "Invalid Form Body")
        tid = thread_id or self._snow()
        th = P.thread_payload(
            tid, self.guild_id, int(parent["id"]), self.bot_user_id, str(body["name"])[:100],
            private=int(body.get("type") or 11) == 12,
            auto_archive_duration=int(body.get("auto_archive_duration") or parent.get("default_auto_archive_duration", 1440)),
            invitable=body.get("invitable", True) if body.get("invitable") is not None else True,
            rate_limit_per_user=int(body.get("rate_limit_per_user") or 0),
        )
        self._channels[tid] = th
        self._thread_members[tid] = {}
        self._add_thread_member(th, self.bot_user_id)
        event = dict(self._wire(th), newly_created=True, member=self._thread_members[tid][self.bot_user_id])
        await self._dispatch("THREAD_CREATE", event)
        self._notify()
        return th

    def _add_thread_member(self, th: Dict[str, Any], user_id: int) -> Dict[str, Any]:
        tm = P.thread_member_payload(int(th["id"]), user_id)
        self._thread_members[int(th["id"])][user_id] = tm
        th["member_count"] = min(50, len(self._thread_members[int(th["id"])]))
        return tm

    async def h_thread_create(self, request: web.Request) -> web.Response:
        parent = self._channel_or_404(request.match_info["channel_id"])
        private = int((request[_BODY] or {}).get("type") or 11) == 12
        self._require(parent, P.P_CREATE_PRIVATE_THREADS if private else P.P_CREATE_PUBLIC_THREADS)
        th = await self._create_thread(parent, request[_BODY] or {})
        return _json_response(self._wire(th), 201)

    async def h_thread_from_message(self, request: web.Request) -> web.Response:
        parent = self._channel_or_404(request.match_info["channel_id"])
        sm = self._message_or_404(int(parent["id"]), request.match_info["message_id"])
        self._require(parent, P.P_CREATE_PUBLIC_THREADS)
        if sm.payload.get("thread"):
            raise _HTTPError(400, 160004, "A thread has already been created for this message")
        body = dict(request[_BODY] or {}, type=11)
        th = await self._create_thread(parent, body, thread_id=int(sm.payload["id"]))  # Discord: thread id == message id
        sm.payload["thread"] = self._wire(th)
        return _json_response(self._wire(th), 201)

    def _thread_or_404(self, channel_id: str) -> Dict[str, Any]:
        th = self._channel_or_404(channel_id)
        if th["type"] not in (10, 11, 12):
            raise _HTTPError(400, 50024, "Cannot execute action on this channel type")
        return th

    def _target_user(self, raw: str) -> int:
        uid = self.bot_user_id if raw == "@me" else int(raw)
        if uid not in self._users:
            raise _not_found(P.UNKNOWN_USER, "User")
        return uid

    async def h_thread_members_get(self, request: web.Request) -> web.Response:
        th = self._thread_or_404(request.match_info["channel_id"])
        return _json_response(list(self._thread_members[int(th["id"])].values()))

    async def h_thread_member_add(self, request: web.Request) -> web.Response:
        th = self._thread_or_404(request.match_info["channel_id"])
        uid = self._target_user(request.match_info["user_id"])
        self._require(th, P.P_SEND_IN_THREADS)
        if th["thread_metadata"]["archived"]:
            raise _HTTPError(400, P.THREAD_ARCHIVED, "Thread is archived")
        if uid not in self._thread_members[int(th["id"])]:
            tm = self._add_thread_member(th, uid)
            ev_member = dict(tm, member=self._member(uid)) if uid in self._members else tm
            data = {"id": th["id"], "guild_id": th["guild_id"], "member_count": th["member_count"], "added_members": [ev_member]}
            if uid == self.bot_user_id:
                await self._dispatch("THREAD_MEMBERS_UPDATE", data)
            else:
                await self._dispatch("THREAD_MEMBERS_UPDATE", data, intent=P.INTENT_GUILD_MEMBERS)
        self._notify()
        return _empty()

    async def h_thread_member_remove(self, request: web.Request) -> web.Response:
        th = self._thread_or_404(request.match_info["channel_id"])
        uid = self._target_user(request.match_info["user_id"])
        if self._thread_members[int(th["id"])].pop(uid, None) is not None:
            th["member_count"] = len(self._thread_members[int(th["id"])])
            data = {"id": th["id"], "guild_id": th["guild_id"], "member_count": th["member_count"], "removed_member_ids": [str(uid)]}
            await self._dispatch("THREAD_MEMBERS_UPDATE", data, intent=None if uid == self.bot_user_id else P.INTENT_GUILD_MEMBERS)
        self._notify()
        return _empty()

    # ------------------------------------------------------------------ REST: permissions

    async def h_overwrite_put(self, request: web.Request) -> web.Response:
        ch = self._channel_or_404(request.match_info["channel_id"])
        self._require(ch, P.P_MANAGE_ROLES)
        target = request.match_info["target_id"]
        body = request[_BODY] or {}
        ow = {"id": target, "type": int(body.get("type", 1)), "allow": str(body.get("allow", "0")), "deny": str(body.get("deny", "0"))}
        ch["permission_overwrites"] = [o for o in ch.get("permission_overwrites", []) if o["id"] != target] + [ow]
        await self._dispatch("CHANNEL_UPDATE", self._wire(ch))
        self._notify()
        return _empty()

    async def h_overwrite_delete(self, request: web.Request) -> web.Response:
        ch = self._channel_or_404(request.match_info["channel_id"])
        self._require(ch, P.P_MANAGE_ROLES)
        target = request.match_info["target_id"]
        ch["permission_overwrites"] = [o for o in ch.get("permission_overwrites", []) if o["id"] != target]
        await self._dispatch("CHANNEL_UPDATE", self._wire(ch))
        self._notify()
        return _empty()

    # ------------------------------------------------------------------ REST: guild

    def _check_guild(self, request: web.Request) -> None:
        if request.match_info["guild_id"] != str(self.guild_id):
            raise _not_found(P.UNKNOWN_GUILD, "Guild")

    async def h_guild_get(self, request: web.Request) -> web.Response:
        self._check_guild(request)
        data = self._guild_rest()
        if request.query.get("with_counts") in ("1", "true", "True"):
            data.update(approximate_member_count=len(self._members), approximate_presence_count=0)
        return _json_response(data)

    async def h_guild_channels(self, request: web.Request) -> web.Response:
        self._check_guild(request)
        return _json_response([self._wire(c) for c in self._guild_channels()])

    async def h_guild_active_threads(self, request: web.Request) -> web.Response:
        self._check_guild(request)
        threads = self._guild_threads()
        members = [tm for th in threads for uid, tm in self._thread_members[int(th["id"])].items() if uid == self.bot_user_id]
        return _json_response({"threads": [self._wire(t) for t in threads], "members": members})

    async def h_guild_roles(self, request: web.Request) -> web.Response:
        self._check_guild(request)
        return _json_response(list(self._roles.values()))

    async def h_guild_role_create(self, request: web.Request) -> web.Response:
        self._check_guild(request)
        self._require(None, P.P_MANAGE_ROLES)
        body = request[_BODY] or {}
        rid = await self.add_role(str(body.get("name", "new role")), permissions=int(body.get("permissions", 0) or 0))
        return _json_response(self._roles[rid])

    async def h_guild_role_delete(self, request: web.Request) -> web.Response:
        """Deleting a role takes it off every member and out of every channel's overwrites, as on Discord."""
        self._check_guild(request)
        self._require(None, P.P_MANAGE_ROLES)
        rid = int(request.match_info["role_id"])
        if rid not in self._roles:
            raise _not_found(P.UNKNOWN_ROLE, "Role")
        del self._roles[rid]
        for uid, member in self._members.items():
            if rid in member["roles"]:
                member["roles"].remove(rid)
        for ch in self._channels.values():
            if "permission_overwrites" in ch:
                ch["permission_overwrites"] = [o for o in ch["permission_overwrites"] if o["id"] != str(rid)]
        await self._dispatch("GUILD_ROLE_DELETE", {"guild_id": str(self.guild_id), "role_id": str(rid)})
        self._notify()
        return _empty()

    async def h_guild_members(self, request: web.Request) -> web.Response:
        self._check_guild(request)
        limit = max(1, min(1000, int(request.query.get("limit", 1))))
        after = int(request.query.get("after", 0))
        ids = sorted(u for u in self._members if u > after)[:limit]
        return _json_response([self._member(u) for u in ids])

    def _member_or_404(self, raw: str) -> int:
        uid = self.bot_user_id if raw == "@me" else int(raw)
        if uid not in self._members:
            raise _not_found(P.UNKNOWN_MEMBER, "Member")
        return uid

    async def h_guild_member(self, request: web.Request) -> web.Response:
        self._check_guild(request)
        return _json_response(self._member(self._member_or_404(request.match_info["user_id"])))

    async def _member_updated(self, uid: int) -> None:
        await self._dispatch("GUILD_MEMBER_UPDATE", dict(self._member(uid), guild_id=str(self.guild_id)),
                             intent=None if uid == self.bot_user_id else P.INTENT_GUILD_MEMBERS)
        self._notify()

    async def h_guild_member_patch(self, request: web.Request) -> web.Response:
        self._check_guild(request)
        uid = self._member_or_404(request.match_info["user_id"])
        body = request[_BODY] or {}
        m = self._members[uid]
        if "nick" in body:
            m["nick"] = body["nick"]
        if "roles" in body:
            for rid in body["roles"]:
                if int(rid) not in self._roles:
                    raise _not_found(P.UNKNOWN_ROLE, "Role")
            m["roles"] = [int(r) for r in body["roles"]]
        await self._member_updated(uid)
        return _json_response(self._member(uid))

    async def h_member_role_add(self, request: web.Request) -> web.Response:
        self._check_guild(request)
        self._require(None, P.P_MANAGE_ROLES)
        uid = self._member_or_404(request.match_info["user_id"])
        rid = int(request.match_info["role_id"])
        if rid not in self._roles:
            raise _not_found(P.UNKNOWN_ROLE, "Role")
        if rid not in self._members[uid]["roles"]:
            self._members[uid]["roles"].append(rid)
            await self._member_updated(uid)
        return _empty()

    async def h_member_role_remove(self, request: web.Request) -> web.Response:
        self._check_guild(request)
        self._require(None, P.P_MANAGE_ROLES)
        uid = self._member_or_404(request.match_info["user_id"])
        rid = int(request.match_info["role_id"])
        if rid not in self._roles:
            raise _not_found(P.UNKNOWN_ROLE, "Role")
        if rid in self._members[uid]["roles"]:
            self._members[uid]["roles"].remove(rid)
            await self._member_updated(uid)
        return _empty()

    # ------------------------------------------------------------------ REST: interactions

    def _record_error(self, rec: Optional[InteractionRecord], exc: _HTTPError) -> _HTTPError:
        if rec is not None:
            rec.errors.append({"status": exc.status, "body": exc.body})
            self._notify()
        return exc

    @staticmethod
    def _response_entry(kind: str, data: Dict[str, Any], msg: Optional[Dict[str, Any]], **extra: Any) -> Dict[str, Any]:
        src = msg if msg is not None else data
        flags = int((msg or {}).get("flags", data.get("flags") or 0) or 0)
        entry = {
            "kind": kind,
            "content": src.get("content"),
            "embeds": src.get("embeds"),
            "components": src.get("components"),
            "flags": flags,
            "ephemeral": bool(flags & P.FLAG_EPHEMERAL),
            "message_id": int(msg["id"]) if msg else None,
            "data": copy.deepcopy(data),
        }
        entry.update(extra)
        return entry

    async def h_interaction_callback(self, request: web.Request) -> web.Response:
        rec = None
        try:
            rec = self._interactions.get(int(request.match_info["interaction_id"]))
        except ValueError:
            pass
        if rec is None or rec.token != request.match_info["token"]:
            raise _not_found(P.UNKNOWN_INTERACTION, "interaction")
        loop = asyncio.get_running_loop()
        elapsed = loop.time() - rec.created_at
        if rec.callback_type is not None:
            raise self._record_error(rec, _HTTPError(400, P.ALREADY_ACKNOWLEDGED, "Interaction has already been acknowledged."))
        if self.interaction_ack_timeout is not None and elapsed > self.interaction_ack_timeout:
            raise self._record_error(rec, _not_found(P.UNKNOWN_INTERACTION, "interaction"))
        body, files = request[_BODY] or {}, request[_FILES]
        ctype = int(body.get("type", 0))
        data = body.get("data") or {}
        ch = self._channels[rec.channel_id]
        msg: Optional[Dict[str, Any]] = None
        component_msg = self._messages.get(int(rec.payload["message"]["id"])) if rec.payload.get("message") else None

        if ctype == 4:
            err = P.validate_message(data, has_files=bool(files))
            if err:
                raise self._record_error(rec, _HTTPError(400, err["code"], err["message"], err))
            ephemeral = bool(int(data.get("flags") or 0) & P.FLAG_EPHEMERAL)
            msg = self._build_message(ch, self.bot_user_id, data, files, msg_type=20 if rec.type == 2 else 0,
                                      flags=int(data.get("flags") or 0), extra=self._interaction_extra(rec))
            await self._store_and_dispatch(msg, ephemeral=ephemeral, interaction_id=rec.id)
            rec.original_message_id = int(msg["id"])
        elif ctype == 5:
            flags = P.FLAG_LOADING | (int(data.get("flags") or 0) & P.FLAG_EPHEMERAL)
            msg = self._build_message(ch, self.bot_user_id, {}, [], msg_type=20 if rec.type == 2 else 0, flags=flags,
                                      extra=self._interaction_extra(rec))
            await self._store_and_dispatch(msg, ephemeral=bool(flags & P.FLAG_EPHEMERAL), interaction_id=rec.id)
            rec.original_message_id = int(msg["id"])
        elif ctype in (6, 7):
            if component_msg is None:
                raise self._record_error(rec, _HTTPError(400, 40004, "Interaction type is not applicable for this response type"))
            rec.original_message_id = int(component_msg.payload["id"])
            if ctype == 7:
                err = P.validate_message(data, has_files=bool(files), partial=True)
                if err:
                    raise self._record_error(rec, _HTTPError(400, err["code"], err["message"], err))
                await self._edit_and_dispatch(component_msg, data, files)
                msg = component_msg.payload
        elif ctype == 8:
            rec.choices = list(data.get("choices") or [])
        elif ctype == 9:
            if rec.type == 5:
                raise self._record_error(rec, _HTTPError(400, 40004, "Interaction type is not applicable for this response type"))
            err = P.validate_modal(data)
            if err:
                raise self._record_error(rec, _HTTPError(400, err["code"], err["message"], err))
            rec.modal = copy.deepcopy(data)
            P.assign_component_ids(rec.modal.get("components", []))
        elif ctype == 1:
            pass
        else:
            raise self._record_error(rec, _HTTPError(400, P.INVALID_FORM_BODY, "Invalid Form Body"))

        rec.callback_type = ctype
        rec.acked_after = elapsed
        rec.responses.append(self._response_entry("callback", data, copy.deepcopy(msg) if msg else None, type=ctype))
        self._notify()
        if "with_response" not in request.query:
            return _empty()
        orig = self._messages.get(rec.original_message_id) if rec.original_message_id else None
        resource: Dict[str, Any] = {"type": ctype}
        if msg is not None:
            resource["message"] = self._wire(msg)
        return _json_response(
            {
                "interaction": {
                    "id": str(rec.id),
                    "type": rec.type,
                    "activity_instance_id": None,
                    "response_message_id": str(orig.payload["id"]) if orig is not None and ctype in (4, 5, 7) else None,
                    "response_message_loading": ctype == 5,
                    "response_message_ephemeral": bool(orig and orig.ephemeral and ctype in (4, 5, 7)),
                },
                "resource": resource,
            }
        )

    def _interaction_extra(self, rec: InteractionRecord) -> Dict[str, Any]:
        user = dict(self._users[rec.user_id])
        extra: Dict[str, Any] = {
            "webhook_id": str(self.application_id),
            "application_id": str(self.application_id),
            "interaction_metadata": {
                "id": str(rec.id),
                "type": rec.type,
                "user": user,
                "authorizing_integration_owners": {"0": str(self.guild_id)},
            },
        }
        if rec.type == 2:
            extra["interaction"] = {"id": str(rec.id), "type": rec.type, "name": rec.payload["data"].get("name", ""), "user": user}
        if rec.payload.get("message"):
            extra["interaction_metadata"]["interacted_message_id"] = rec.payload["message"]["id"]
        return extra

    def _webhook_rec(self, request: web.Request) -> InteractionRecord:
        if request.match_info["app_id"] != str(self.application_id):
            raise _not_found(P.UNKNOWN_WEBHOOK, "Webhook")
        rec = self._interactions_by_token.get(request.match_info["token"])
        if rec is None:
            raise _not_found(P.UNKNOWN_WEBHOOK, "Webhook")
        if rec.callback_type is None:  # followups before the initial response are rejected by Discord
            raise self._record_error(rec, _not_found(P.UNKNOWN_WEBHOOK, "Webhook"))
        return rec

    def _webhook_msg(self, rec: InteractionRecord, raw: str) -> _StoredMessage:
        if raw == "@original":
            if rec.original_message_id is None:
                raise self._record_error(rec, _not_found(P.UNKNOWN_MESSAGE, "Message"))
            mid = rec.original_message_id
        else:
            try:
                mid = int(raw)
            except ValueError:
                raise _not_found(P.UNKNOWN_MESSAGE, "Message")
            if mid != rec.original_message_id and mid not in rec.followup_ids:
                raise self._record_error(rec, _not_found(P.UNKNOWN_MESSAGE, "Message"))
        sm = self._messages.get(mid)
        if sm is None or sm.deleted:
            raise self._record_error(rec, _not_found(P.UNKNOWN_MESSAGE, "Message"))
        return sm

    async def h_followup(self, request: web.Request) -> web.Response:
        rec = self._webhook_rec(request)
        body, files = request[_BODY] or {}, request[_FILES]
        err = P.validate_message(body, has_files=bool(files))
        if err:
            raise self._record_error(rec, _HTTPError(400, err["code"], err["message"], err))
        orig = self._messages.get(rec.original_message_id) if rec.original_message_id else None
        if rec.callback_type == 5 and orig is not None and int(orig.payload["flags"]) & P.FLAG_LOADING and not orig.deleted:
            # Discord quirk: the first followup after a deferred (type 5) response *replaces* the loading
            # message, and keeps the defer's ephemerality whatever flags the followup asks for.
            await self._edit_and_dispatch(orig, {k: v for k, v in body.items() if k != "flags"}, files)
            sm = orig
            replaced = True
        else:
            ephemeral = bool(int(body.get("flags") or 0) & P.FLAG_EPHEMERAL)
            msg = self._build_message(self._channels[rec.channel_id], self.bot_user_id, body, files,
                                      flags=int(body.get("flags") or 0), extra=self._interaction_extra(rec))
            sm = await self._store_and_dispatch(msg, ephemeral=ephemeral, interaction_id=rec.id)
            rec.followup_ids.append(int(msg["id"]))
            replaced = False
        rec.responses.append(self._response_entry("followup", body, copy.deepcopy(sm.payload), replaced_loading=replaced))
        self._notify()
        if request.query.get("wait") in ("1", "true", "True"):
            return _json_response(self._wire(sm.payload))
        return _empty()

    async def h_webhook_message_get(self, request: web.Request) -> web.Response:
        rec = self._webhook_rec(request)
        return _json_response(self._wire(self._webhook_msg(rec, request.match_info["message_id"]).payload))

    async def h_webhook_message_patch(self, request: web.Request) -> web.Response:
        rec = self._webhook_rec(request)
        sm = self._webhook_msg(rec, request.match_info["message_id"])
        body, files = request[_BODY] or {}, request[_FILES]
        err = P.validate_message(body, has_files=bool(files), partial=True)
        if err:
            raise self._record_error(rec, _HTTPError(400, err["code"], err["message"], err))
        await self._edit_and_dispatch(sm, body, files)
        rec.responses.append(self._response_entry("edit", body, copy.deepcopy(sm.payload)))
        self._notify()
        return _json_response(self._wire(sm.payload))

    async def h_webhook_message_delete(self, request: web.Request) -> web.Response:
        rec = self._webhook_rec(request)
        sm = self._webhook_msg(rec, request.match_info["message_id"])
        await self._delete_and_dispatch(sm)
        rec.responses.append(self._response_entry("delete", {}, None, message_id=int(sm.payload["id"])))
        self._notify()
        return _empty()

    # ------------------------------------------------------------------ gateway

    async def _gateway_ws(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await ws.prepare(request)
        self._ws.add(ws)
        session: Optional[_Session] = None
        try:
            await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": self.heartbeat_interval_ms}, "s": None, "t": None}))
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                try:
                    frame = json.loads(msg.data)
                except ValueError:
                    await ws.close(code=4002, message=b"Error while decoding payload")
                    break
                op, d = frame.get("op"), frame.get("d")
                if op == 1:
                    self.heartbeats += 1
                    await ws.send_str(json.dumps({"op": 11, "d": None, "s": None, "t": None}))
                elif op == 2:
                    if session is not None:
                        await ws.close(code=4005, message=b"Already authenticated")
                        break
                    if (d or {}).get("token") not in (self.bot_token, f"Bot {self.bot_token}"):
                        await ws.close(code=4004, message=b"Authentication failed")
                        break
                    if int((d or {}).get("intents", 0) or 0) & P.INTENT_MESSAGE_CONTENT and not self.message_content_intent:
                        await ws.close(code=4014, message=b"Disallowed intent(s).")
                        break
                    await self._gateway_up.wait()
                    session = await self._identify(ws, d)
                elif op == 6:
                    await self._gateway_up.wait()
                    session = await self._resume(ws, d or {})
                    if session is None:
                        continue
                elif op == 3:
                    self.presences.append(d)
                    self._notify()
                elif op == 8:
                    await self._request_members(session, d or {})
                elif op == 4:
                    pass  # voice state update: ignored
                else:
                    await ws.close(code=4001, message=b"Unknown opcode")
                    break
        finally:
            self._ws.discard(ws)
            if session is not None and session.ws is ws:
                session.ws = None
            self._notify()
        return ws

    async def _identify(self, ws: web.WebSocketResponse, d: Dict[str, Any]) -> _Session:
        # A new IDENTIFY supersedes sessions nobody is connected to (e.g. a SIGKILLed bot).
        for sid, old in list(self._sessions.items()):
            if old.ws is None or old.ws.closed:
                old.alive = False
                del self._sessions[sid]
        sess = _Session(uuid.uuid4().hex, int(d.get("intents", 0) or 0), d.get("shard"))
        sess.ws = ws
        sess.order = self.identify_count + 1
        self._sessions[sess.id] = sess
        ready: Dict[str, Any] = {
            "v": 10,
            "user": dict(self._users[self.bot_user_id], verified=True, mfa_enabled=False),
            "guilds": [{"id": str(self.guild_id), "unavailable": True}],
            "session_id": sess.id,
            "session_type": "normal",
            "resume_gateway_url": self.gateway_url,
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "user_settings": {},
            "_trace": ["fakediscord"],
        }
        if sess.shard is not None:
            ready["shard"] = sess.shard
        await sess.dispatch("READY", ready)
        await sess.dispatch("GUILD_CREATE", self._guild_create(sess.intents))
        self.identify_count += 1
        self._notify()
        return sess

    async def _resume(self, ws: web.WebSocketResponse, d: Dict[str, Any]) -> Optional[_Session]:
        sess = self._sessions.get(str(d.get("session_id")))
        if sess is None or not sess.alive or d.get("token") not in (self.bot_token, f"Bot {self.bot_token}"):
            await ws.send_str(json.dumps({"op": 9, "d": False, "s": None, "t": None}))
            return None
        async with sess.lock:
            if sess.ws is not None and sess.ws is not ws and not sess.ws.closed:
                await sess.ws.close(code=4000)
            sess.ws = ws
            seq = int(d.get("seq") or 0)
            for payload in list(sess.buffer):
                if payload["s"] > seq:
                    await sess.send(payload)
            sess.seq += 1
            await sess.send({"op": 0, "t": "RESUMED", "s": sess.seq, "d": {"_trace": ["fakediscord"]}})
        self.resume_count += 1
        self._notify()
        return sess

    async def _request_members(self, session: Optional[_Session], d: Dict[str, Any]) -> None:
        if session is None:
            return
        ids = d.get("user_ids")
        query = d.get("query") or ""
        members = [
            self._member(u)
            for u in self._members
            if (ids is None or str(u) in {str(i) for i in (ids if isinstance(ids, list) else [ids])})
            and self._users[u]["username"].lower().startswith(query.lower())
        ]
        limit = int(d.get("limit") or 0)
        if limit:
            members = members[:limit]
        chunk = {"guild_id": str(self.guild_id), "members": members, "chunk_index": 0, "chunk_count": 1}
        if d.get("nonce") is not None:
            chunk["nonce"] = d["nonce"]
        await session.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    # ------------------------------------------------------------------ cross-process control (/_fake/...)

    async def h_fake_state(self, request: web.Request) -> web.Response:
        """Snapshot for a test driving a server in another process."""
        return _json_response(self.snapshot())

    def snapshot(self) -> Dict[str, Any]:
        """JSON-able view of the state (ids are strings)."""
        return {
            "url": self.url,
            "bot_token": self.bot_token,
            "application_id": str(self.application_id),
            "bot_user_id": str(self.bot_user_id),
            "guild_id": str(self.guild_id),
            "users": {u["username"]: u["id"] for uid, u in self._users.items() if uid != self.bot_user_id},
            "channels": {n: str(c) for n, c in self._channel_names.items()},
            "identify_count": self.identify_count,
            "connected": self.connected,
            "messages": {str(cid): self.messages(cid, from_bot=None) for cid in self._channel_messages},
            "interactions": {
                str(i): {"callback_type": r.callback_type, "responses": r.responses, "errors": r.errors, "delivered": r.delivered}
                for i, r in self._interactions.items()
            },
            "commands": {str(k): v for k, v in self._commands.items()},
            "command_puts": len(self.command_puts),
            "unknown_routes": self.unknown_routes,
            "request_count": len(self.requests),
            "nonce_dedup_hits": self.nonce_dedup_hits,
        }

    async def h_fake_action(self, request: web.Request) -> web.Response:
        """``POST /_fake/{slash|click|submit_modal|user_message|user_edit|unfurl|set_dms_closed|inject_429}`` with the method's kwargs as JSON."""
        action = request.match_info["action"]
        allowed = {"slash", "click", "submit_modal", "user_message", "user_edit", "unfurl", "set_dms_closed", "inject_429", "inject_error", "open_dm"}
        if action not in allowed:
            return _json_response({"message": f"unknown action {action}", "code": 0}, 404)
        kwargs = await request.json() if request.can_read_body else {}
        for key in ("user_id", "channel_id", "message_id", "interaction_id"):
            if key in kwargs and kwargs[key] is not None:
                kwargs[key] = int(kwargs[key])
        try:
            result = getattr(self, action)(**kwargs)
            if asyncio.iscoroutine(result):
                result = await result
        except (LookupError, PermissionError, TypeError, ValueError) as exc:
            return _json_response({"message": str(exc), "code": 0}, 400)
        return _json_response({"result": str(result) if isinstance(result, int) else result})


# The middleware builds records through this alias (kept short for readability above).
RecordRequest = RequestRecord
