"""Private messages: a post to one player's DMs, through their DM channel (opened once and stored, see
:class:`bot.db.DMChannel`), and what happens when their DMs are closed (a notice in public, once a game). One side
of :class:`bot.executors.Executors`."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from sqlalchemy import select

from bot import moderation as mod
from bot.db import DMChannel
from bot.ops import Op
from bot.payloads import digests, message_payload, row_of
from bot.resumed import ResumedPosts
from bot.statements import FORGET_DM_CHANNEL, SAVE_DM_CHANNEL
from bot.transport import DeliveryError

if TYPE_CHECKING:
    from bot.delivery import Live

log = logging.getLogger("bot.delivery")  # the dispatcher's one log, whichever side writes

#: The slot that holds who was told in public that their DMs are closed (see :meth:`DirectMessages._dm_closed`).
DM_CLOSED_SLOT = "dm_closed"


class DirectMessages(ResumedPosts):
    """Each DM's calls to Discord, and the DM channels they go through."""

    moderation: mod.Moderation

    def __init__(self) -> None:
        #: Each user's DM channel: kept in memory, else read from the table (:class:`bot.db.DMChannel`), else opened
        #: (a REST call) and stored there, so it is opened once, not at every deal and restart. 0: looked up in the
        #: table, none stored.
        self._dm_channels: dict[int, int] = {}
        self._dm_reads = asyncio.Lock()
        super().__init__()

    async def _post_dm(self, live: Live, op: Op, nonce: str | None, row: int | None = None) -> dict[str, Any]:
        """A private message. ``row``: the outbox row it belongs to, when its ``nonce`` does not say (a relay)."""
        if not str(op["user"]).isdigit():  # not a Discord user (an engine's actor id): nobody to tell
            # a computer player (bot.computers: a negative id) is never written to, by design: no warning for it
            level = logging.DEBUG if str(op["user"]).startswith("-") else logging.WARNING
            log.log(level, "game %s: DM to %r skipped", live.id, op["user"])
            return {"skipped": "not_a_user"}
        user = int(op["user"])
        try:
            channel = await self._dm_channel(live, user)
            payload = message_payload(op, nonce)
            message_id = await self._posted_before_crash(live, channel, payload, row_of(nonce) if row is None else row)
            if message_id is None:
                try:
                    message_id = await self.transport.post(channel, payload)
                except DeliveryError as exc:
                    if exc.code != mod.UNKNOWN_CHANNEL:
                        raise
                    await self._forget_dm_channel(user)  # Discord no longer knows it: opened anew, once
                    channel = await self._dm_channel(live, user)
                    message_id = await self.transport.post(channel, payload)
                self._posted_now(live, message_id)
        except DeliveryError as exc:
            if exc.kind not in ("dm_closed", "forbidden"):
                raise
            if exc.kind == "dm_closed" and await self.moderation.dm_refused(live, user):
                return {"left_server": user}  # they leave the game (bot.moderation); nothing to say in public
            # DMs closed: say so in the game channel with nothing secret, and point to /game mine; a quiet DM
            # (one whose public notice would tell something, like who acts at night) says nothing. Said once a game
            # to each player, until a DM reaches them again: every turn's DM would otherwise ping them in public.
            if op.get("fallback") and self._dm_closed(live, user, True):
                await self.transport.post(
                    live.row.thread_id or live.row.channel_id,
                    message_payload({"content": op["fallback"]}, f"{nonce}f" if nonce else None),
                )
                self._sank(live, live.row.thread_id or live.row.channel_id)
            return {"dm_closed": user}
        self._dm_closed(live, user, False)
        if op.get("slot"):
            live.row.slots = {**live.row.slots, op["slot"]: {"channel": channel, "message": message_id, "shown": digests(op)}}
        return {"message": message_id, "channel": channel}

    def _dm_closed(self, live: Live, user: int, closed: bool) -> bool:
        """Record whether ``user``'s DMs are closed in this game (a slot, so it holds across restarts). Returns
        whether that is news: closed now and not told yet."""
        slot = live.row.slots.get(DM_CLOSED_SLOT) or {}
        told = set(slot.get("users", ()))
        if (user in told) == closed:
            return False
        told = told | {user} if closed else told - {user}
        if told:
            live.row.slots = {**live.row.slots, DM_CLOSED_SLOT: {"users": sorted(told)}}
        else:
            live.row.slots = {k: v for k, v in live.row.slots.items() if k != DM_CLOSED_SLOT}
        return closed

    async def _dm_channel(self, live: Live, user: int) -> int:
        """``user``'s DM channel: remembered, else stored (read once for every player of ``live`` not in memory),
        else opened and stored."""
        if user not in self._dm_channels:
            await self._load_dm_channels(live, user)
        channel = self._dm_channels.get(user)
        if not channel:
            channel = self._dm_channels[user] = await self.transport.dm_channel(user)
            await self._store_dm_channel(user, channel)
        return channel

    async def _load_dm_channels(self, live: Live, user: int) -> None:
        # one read at a time: after a restart every game's first DM comes at once, and a connection each would empty
        # the pool the clicks need (the bench's saturated run saw QueuePool timeouts); a read waiting its turn
        # finds its players already read by the one before, mostly
        async with self._dm_reads:
            if user in self._dm_channels:
                return
            seats = getattr(live.row, "seats", None) or ()
            users = {user} | {int(s) for s in seats if str(s).isdigit() and int(s) not in self._dm_channels}
            try:
                async with self.runtime.db.engine.connect() as conn:
                    query = select(DMChannel.user_id, DMChannel.channel_id).where(DMChannel.user_id.in_(users))
                    found = dict((await conn.execute(query)).all())
            except Exception:  # the table is a saving: without it the channel is opened as before
                log.exception("game %s: stored DM channels not read", live.id)
                return
            for one in users:
                self._dm_channels[one] = int(found.get(one) or 0)

    async def _store_dm_channel(self, user: int, channel: int) -> None:
        statement = SAVE_DM_CHANNEL["sqlite" if self.runtime.db.is_sqlite else "postgresql"]
        try:
            await self.runtime.writer.commit([(statement, {"user_id": user, "channel_id": channel})])
        except Exception:
            log.exception("DM channel of %s not stored", user)

    async def _forget_dm_channel(self, user: int) -> None:
        self._dm_channels[user] = 0
        try:
            await self.runtime.writer.commit([(FORGET_DM_CHANNEL, {"b_user": user})])
        except Exception:
            log.exception("DM channel of %s not forgotten", user)

    if TYPE_CHECKING:  # the executors' (bot.executors.Executors)

        def _sank(self, live: Live, channel: int, posted: str | None = None) -> None: ...
