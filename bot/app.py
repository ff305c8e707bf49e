"""The Discord client: an AutoShardedBot that owns the runtime, the dispatcher and the cogs."""

from __future__ import annotations

import gc
import hashlib
import json
import logging
import re
from types import SimpleNamespace
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import boards, records
from bot.clock import Clock, ScaledClock
from bot.collector import CollectorPolicy
from bot.config import Settings
from bot.db import Database, Meta, open_database
from bot.delivery import Dispatcher
from bot.heartbeat import Heartbeat, heartbeat_key
from bot.pacing import BOT_CALLS_PER_SECOND, Pacer
from bot.runtime import Runtime
from bot.translator import FluentTranslator
from bot.transport import DiscordTransport

log = logging.getLogger(__name__)

#: The extensions to load: the one cog that serves every game (the games themselves are in ``cogs.registry``).
COGS = ("cogs.game",)
#: A live message (vote tally, ready count) is rewritten at most about once per this many seconds.
TALLY_DEBOUNCE_SECONDS = 0.75


class Nocturne(commands.AutoShardedBot):
    """The bot. ``runtime`` acts on games by id; any shard (and any process) can act on any game."""

    def __init__(self, settings: Settings, *, clock: Clock | None = None, db: Database | None = None) -> None:
        """``db``: the database, already opened and migrated (``python -m bot`` checks it before Discord); the
        bot then leaves closing it to its owner. Without it, the bot opens its own at setup."""
        intents = discord.Intents.default()
        intents.members = False
        # privileged: only when typed clues are read (MESSAGE_CONTENT=on), and then the portal must allow it
        intents.message_content = settings.message_content
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            shard_count=settings.shard_count,
            shard_ids=list(settings.shard_ids) if settings.shard_ids else None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            guild_ready_timeout=0.5 if settings.fake_discord_url else 2.0,
        )
        self.settings = settings
        self.clock = clock or (ScaledClock(settings.test_time_scale) if settings.test_time_scale != 1.0 else Clock())
        self.db: Database | None = db
        self._owns_db = db is None
        self.runtime: Runtime | None = None
        self.dispatcher: Dispatcher | None = None
        self.heartbeat: Heartbeat | None = None
        #: The board pool this bot installed at its start (bot.boards), and the one it replaced.
        self._boards: boards.Boards | None = None
        self._boards_before: boards.Boards | None = None
        self._collector: CollectorPolicy | None = None
        #: Every shard was connected once since the start (before that, the bot is away since its last heartbeat).
        self._started = False
        #: The shards connected to the gateway now.
        self._shards_up: set[int] = set()
        #: The dynamic items (every control's routing, cogs.views), by their custom_id pattern: see
        #: :meth:`add_dynamic_items`.
        self._dynamic_items: dict[re.Pattern[str], type[discord.ui.DynamicItem[Any]]] = {}

    # -- the controls' clicks, routed by their custom_id alone -------------------------------------------------

    def add_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None:
        """Every control is a dynamic item routed by its custom_id (``cogs.views``); they are kept here and routed
        by :meth:`on_interaction`, not by discord.py's view store, which for each click rebuilt the clicked
        message's whole view from its components (``View.from_message``: every button and select of a board or a
        vote made into an item), looked the item up in it and swapped the dynamic one in: 0.2-0.3 ms of a click
        whose whole answer costs a trivial discord.py bot ~2 ms (issue 27, bench 2d). What a route needs is the
        id and the chosen values, which the interaction's data holds; a click with no message is ignored as
        discord.py ignores it."""
        for item in items:
            if not issubclass(item, discord.ui.DynamicItem):
                raise TypeError(f"expected subclass of DynamicItem not {item.__name__}")
            self._dynamic_items[item.__discord_ui_compiled_template__] = item

    def remove_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None:
        for item in items:
            self._dynamic_items.pop(item.__discord_ui_compiled_template__, None)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A component's click, handed to the dynamic item its custom_id matches (see :meth:`add_dynamic_items`)."""
        if interaction.type is not discord.InteractionType.component or interaction.message is None:
            return
        data: Any = interaction.data or {}
        custom_id = str(data.get("custom_id", ""))
        for pattern, factory in self._dynamic_items.items():
            match = pattern.fullmatch(custom_id)
            if match is None:
                continue
            try:
                # the item as the message has it is only its id here (every route reads no more of it)
                item = await factory.from_custom_id(interaction, SimpleNamespace(custom_id=custom_id), match)
                item._refresh_state(interaction, data)  # the chosen values (a select's), as discord.py sets them
                if await item.interaction_check(interaction):
                    await item.callback(interaction)
            except Exception:  # each route answers its own failures; this is what discord.py logs past them
                log.exception("dynamic item %s failed on %s", factory.__name__, custom_id)
            return

    async def setup_hook(self) -> None:
        if self.db is None:
            self.db = await open_database(self.settings.database_url)
        seed = self.settings.test_seed
        # the test hook deals every game from one seed; its salt is fixed too, so runs compare message for message
        salt = hashlib.sha256(f"salt/{seed}".encode()).hexdigest()[:32] if seed else ""
        hooks = {"new_seed": lambda: seed, "new_salt": lambda: salt} if seed else {}
        self.runtime = Runtime(self.db, self.clock, owns_guild=self._owns_guild, **hooks)
        # Discord's pace is wall-clock time, whatever the games' clock (faster only against a fake server that keeps
        # the same faster pace: the test suite's). The margins stay in real seconds: they cover a post's way to
        # Discord, which a faster pace does not shorten.
        pace = self.settings.test_discord_pace
        pace_clock = ScaledClock(pace) if pace != 1.0 else Clock()
        self.dispatcher = Dispatcher(
            self.runtime,
            DiscordTransport(self.http),
            # the debounce spares Discord's edit budget, so it keeps Discord's pace too
            debounce=TALLY_DEBOUNCE_SECONDS / pace,
            pacer=Pacer(pace_clock, margin=0.25 * pace),
            bot_pacer=Pacer(pace_clock, limit=BOT_CALLS_PER_SECOND, window=1.0, margin=0.05 * pace),
        )
        records.install(self.runtime, self.dispatcher)  # seed commitments, reveals, game records, result roles
        await self.tree.set_translator(FluentTranslator())
        for name in COGS:
            await self.load_extension(name)
        await self._sync_commands()
        # Until the gateway is ready nobody can play: the time since the last heartbeat is nobody's turn (bot.downtime)
        self.heartbeat = Heartbeat(self.db, self.clock, heartbeat_key(self.shard_ids, self.shard_count))
        self.runtime.hold(await self.heartbeat.last())
        # board images are drawn off the loop, by worker processes that start when a lobby of a game with a board
        # opens (or with the first board of a recovered game), not here: a bot running no such game needs none
        self._boards = boards.Boards(self.settings.board_workers)
        self._boards_before = boards.install(self._boards)
        recovered = await self.runtime.recover()
        log.info("recovered %d running game(s)", len(recovered))
        # What is loaded by now (modules, catalogues, the judge's lemma tables, the recovered games) mostly lives on:
        # from this full collection on, each one's survivors leave the collector's reach, so the next ones walk only
        # what was made since and stop the loop for less (bot.collector, bench §2)
        self._collector = CollectorPolicy().install()
        gc.collect()

    # -- the bot's presence (bot.downtime): a restart or a lost gateway is nobody's turn ---------------------
    # A shard can be reached from its READY (``shard_connect``, before discord.py's own ``ready`` waits for the
    # guilds) or RESUMED on; the bot is back when every shard it runs is.

    async def on_shard_connect(self, shard_id: int) -> None:
        await self._shard_up(shard_id)

    async def on_shard_resumed(self, shard_id: int) -> None:
        await self._shard_up(shard_id)

    async def on_shard_disconnect(self, shard_id: int) -> None:
        """A shard lost the gateway: clicks cannot reach it, so the timers wait and the heartbeat stops."""
        self._shards_up.discard(shard_id)
        if self._started and self.runtime is not None:
            self.runtime.hold()
            if self.heartbeat is not None:
                self.heartbeat.stop()

    async def _shard_up(self, shard_id: int) -> None:
        self._shards_up.add(shard_id)
        expected = set(self.shard_ids) if self.shard_ids is not None else set(range(self.shard_count or 1))
        if self.runtime is None or not expected <= self._shards_up:
            return
        if not self._started:
            self._started = True
            await self._back("restart")
        elif self.runtime.away_since is not None:
            await self._back("gateway")

    async def _back(self, why: str) -> None:
        assert self.runtime is not None and self.heartbeat is not None
        away = await self.runtime.back(why)
        log.info("back after %.0f s away (%s)", away, why)
        self.heartbeat.start()

    def _owns_guild(self, guild_id: int) -> bool:
        """Timers and deliveries of a game are handled by the process holding its guild's shard."""
        if not self.shard_ids:
            return True
        return (guild_id >> 22) % (self.shard_count or 1) in self.shard_ids

    async def _sync_commands(self) -> None:
        """Sync application commands only when they changed since the last sync (or to the dev guild)."""
        guild = discord.Object(self.settings.dev_guild_id) if self.settings.dev_guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        translator = self.tree.translator
        payload = [await cmd.get_translated_payload(self.tree, translator) for cmd in self.tree.get_commands(guild=guild)]
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True, default=str).encode()).hexdigest()
        stored = await self._stored_digest(guild)
        if stored == digest:
            log.info("application commands unchanged; not syncing")
            return
        await self.tree.sync(guild=guild)
        await self._store_digest(guild, digest)

    async def _stored_digest(self, guild: discord.abc.Snowflake | None) -> str | None:
        assert self.db is not None
        async with self.db.sessions() as session:
            row = await session.get(Meta, _digest_key(guild))
            return row.value if row else None

    async def _store_digest(self, guild: discord.abc.Snowflake | None, digest: str) -> None:
        assert self.db is not None
        async with self.db.sessions.begin() as session:
            await session.merge(Meta(key=_digest_key(guild), value=digest))

    async def close(self) -> None:
        if self.heartbeat is not None:
            self.heartbeat.stop()
        if self.runtime is not None:  # no computer moves any more, and its worker processes stop (bot.computers)
            await self.runtime.computers.close()
        await super().close()
        if self._collector is not None:  # everything frozen goes back to the collector, as for the board pool below
            self._collector.uninstall()
            self._collector = None
        if self._boards is not None:
            # the pool this bot installed goes, and whatever the process drew with before comes back (a bot run
            # inside another program, a test, leaves it as it found it)
            boards.install(self._boards_before)
            await self._boards.aclose()
            self._boards = None
        if self.db is not None and self._owns_db:
            await self.db.close()


def _digest_key(guild: discord.abc.Snowflake | None) -> str:
    return f"commands:{guild.id if guild else 'global'}"


def point_at_fake_discord(url: str) -> None:
    """Test hook (``NOCTURNE_FAKE_DISCORD``): talk to the project's fake Discord server instead of Discord."""
    import yarl

    discord.http.Route.BASE = url.rstrip("/") + "/api/v10"
    ws = yarl.URL(url.rstrip("/").replace("http://", "ws://", 1) + "/gateway")
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = ws


__all__ = ["Nocturne", "app_commands", "point_at_fake_discord"]
