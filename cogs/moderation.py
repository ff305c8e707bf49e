"""The gateway events that tell the bot the server changed under a running game, forwarded to
:mod:`bot.moderation` (all of them come without a privileged intent): a message deleted, a thread or channel
deleted, a thread archived or locked, a role or channel's permissions changed. A member kicked from the server is
found otherwise (GUILD_MEMBER_REMOVE needs the members intent): see :meth:`bot.moderation.Moderation.dm_refused`."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord.ext import commands

log = logging.getLogger(__name__)


class ModerationCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @property
    def moderation(self) -> Any:
        dispatcher = getattr(self.bot, "dispatcher", None)
        return getattr(dispatcher, "moderation", None)

    async def cog_load(self) -> None:
        if self.moderation is not None:
            self.moderation.probe = self.missing_permissions

    def missing_permissions(self, guild_id: int, channel_id: int, names: list[str]) -> list[str] | None:
        """Which of ``names`` (discord.py's permission names) the bot lacks in the channel or thread, as the
        gateway's cache knows it (roles and overwrites), or ``None`` when the cache does not know the channel."""
        guild = self.bot.get_guild(guild_id)
        channel = guild.get_channel_or_thread(channel_id) if guild is not None else None
        if channel is None or guild is None or guild.me is None:
            return None
        permissions = channel.permissions_for(guild.me)
        return [name for name in names if not getattr(permissions, name, True)]

    @commands.Cog.listener()
    async def on_raw_message_delete(self, payload: discord.RawMessageDeleteEvent) -> None:
        """A moderator deleted a message: a board or prompt the game keeps editing is posted again."""
        moderation = self.moderation
        if moderation is None or payload.guild_id is None:
            return
        runtime = self.bot.runtime  # type: ignore[attr-defined]
        for live in list(runtime.games.values()):
            if live.row.status != "running" or payload.channel_id not in (live.row.thread_id, live.row.channel_id):
                continue
            slot = moderation.deleted(live, payload.message_id)
            if slot is not None:
                log.info("game %s: its %s message was deleted on the server", live.id, slot)
                await runtime.add_ops(live.id, [{"do": "repost", "slot": slot, "message": payload.message_id}])

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        if self.moderation is not None:
            self.moderation.channel_deleted(payload.thread_id)

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        if self.moderation is not None:
            self.moderation.channel_deleted(channel.id)

    @commands.Cog.listener()
    async def on_raw_thread_update(self, payload: discord.RawThreadUpdateEvent) -> None:
        """A thread was archived or locked (by a moderator, or by Discord after a day without messages): a running
        game's thread is reopened (the outbox holds the op); a thread opened again lets a waiting game go on."""
        moderation = self.moderation
        if moderation is None:
            return
        meta = payload.data.get("thread_metadata") or {}
        if not meta.get("archived") and not meta.get("locked"):
            moderation.server_changed(payload.guild_id)
            return
        runtime = self.bot.runtime  # type: ignore[attr-defined]
        for live in list(runtime.games.values()):
            if (
                live.row.thread_id == payload.thread_id
                and live.row.status == "running"
                and live.id not in moderation.waiting
            ):
                log.info("game %s: its thread was archived or locked", live.id)
                await runtime.add_ops(live.id, [{"do": "reopen_thread"}])

    @commands.Cog.listener()
    async def on_guild_role_update(self, before: discord.Role, after: discord.Role) -> None:
        if self.moderation is not None:
            self.moderation.server_changed(after.guild.id)

    @commands.Cog.listener()
    async def on_guild_channel_update(self, before: discord.abc.GuildChannel, after: discord.abc.GuildChannel) -> None:
        if self.moderation is not None:
            self.moderation.server_changed(after.guild.id)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ModerationCog(bot))
