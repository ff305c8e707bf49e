"""Messages people type to the bot: a private message relayed to the sender's team, and, with MESSAGE_CONTENT=on,
a message typed or edited in a game's thread, which goes to that game (:mod:`bot.typed`).

Part of :class:`cogs.game.GameCog` (a mixin: the cog's ``bot``, ``runtime`` and ``typed`` are its own).
"""

from __future__ import annotations

import logging

import discord
from discord.ext import commands

from bot.typed import is_edit

log = logging.getLogger(__name__)


class Messages:
    """The cog's message listeners."""

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        """DMs to the bot from a team member whose team has no private thread are relayed to the team."""
        if message.guild is not None or message.author.bot or not message.content:
            return
        for live in await self.runtime.games_of(message.author.id):
            if await self.bot.dispatcher.relay(live, str(message.author.id), message.content[:1500]):  # type: ignore[attr-defined]
                await message.add_reaction("📨")
                return

    @commands.Cog.listener("on_message")
    async def on_game_message(self, message: discord.Message) -> None:
        """MESSAGE_CONTENT=on: a message typed in a game's thread goes to that game, which reads it as its rules say
        (a clue, a guess or a recap; chatter it deletes). Bots, webhooks and system messages are not read."""
        if self.typed is None or message.guild is None or message.author.bot or message.webhook_id is not None:
            return
        if message.type not in (discord.MessageType.default, discord.MessageType.reply) or not message.content:
            return
        try:
            await self.typed.handle(
                channel_id=message.channel.id,
                parent_id=getattr(message.channel, "parent_id", None),
                author_id=message.author.id,
                message_id=message.id,
                text=message.content,
            )
        except Exception:
            log.exception("typed message %s in %s failed", message.id, message.channel.id)

    @commands.Cog.listener()
    async def on_raw_message_edit(self, payload: discord.RawMessageUpdateEvent) -> None:
        """MESSAGE_CONTENT=on: a person's edit of a message in a game's thread goes to that game, which may delete
        it (a clue edited after it was judged). Raw, so a message typed before a restart counts too;
        bots', webhooks' and system messages and updates that are no edit (a link's embed) are not read."""
        message = payload.message
        if self.typed is None or payload.guild_id is None or message.author.bot or message.webhook_id is not None:
            return
        if message.type not in (discord.MessageType.default, discord.MessageType.reply) or not is_edit(payload.data, payload.cached_message):
            return
        try:
            await self.typed.handle_edit(
                channel_id=payload.channel_id,
                parent_id=getattr(message.channel, "parent_id", None),
                author_id=message.author.id,
                message_id=payload.message_id,
            )
        except Exception:
            log.exception("edited message %s in %s failed", payload.message_id, payload.channel_id)
