"""A game resumed after a crash: the messages its undelivered rows may already have made on Discord, found among each
channel's recent messages, so that a row sent again does not post its message twice (see
:meth:`bot.delivery.Dispatcher.resume`). One side of :class:`bot.executors.Executors`."""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any

from sqlalchemy import func, select

from bot.db import OutboxRow
from bot.outbox import part_results
from bot.transport import DeliveryError, Transport

if TYPE_CHECKING:
    from bot.delivery import DeliveryRuntime, Live

log = logging.getLogger("bot.delivery")  # the dispatcher's one log, whichever side writes

#: A Discord timestamp (``<t:1700000000:R>``), as a deadline is shown.
_TIMESTAMP = re.compile(r"<t:\d+(?::[tTdDfFR])?>")


class Resumed:
    """What is known of a game resumed after a crash (:meth:`bot.delivery.Dispatcher.resume`): the messages its
    delivered rows made, the newest outbox row that may have reached Discord before the crash (rows written later
    never did), and each channel's recent messages, read once."""

    __slots__ = ("bound", "known", "recent")

    def __init__(self, known: set[int], bound: int) -> None:
        self.known = known
        self.bound = bound
        self.recent: dict[int, list[dict[str, Any]]] = {}


class ResumedPosts:
    """Finding, for a resumed game, the message a post already made before the crash."""

    runtime: DeliveryRuntime
    transport: Transport
    _parts_done: dict[int, dict[int, list[dict[str, Any]]]]

    def __init__(self) -> None:
        #: Games whose undelivered rows may have reached Discord before a crash (see
        #: :meth:`bot.delivery.Dispatcher.resume`), with the message ids their delivered rows are known to have made.
        self._resumed: dict[int, Resumed | None] = {}
        super().__init__()

    async def _posted_before_crash(self, live: Live, channel: int, payload: dict[str, Any], row: int | None) -> int | None:
        """For a game resumed after a crash: the bot's recent message in ``channel`` that this post (of outbox row
        ``row``) already made (same text, and no delivered row of the game made it), or ``None``.

        Only a row that was in the outbox before the restart may have reached Discord (a row written since never
        did, nor a message outside the outbox, ``row`` ``None``), and each channel is read once per restart: its
        messages from before the crash are all there at the first read."""
        if live.id not in self._resumed or not payload.get("content") or row is None:
            return None
        resumed = self._resumed[live.id]
        if resumed is None:
            async with self.runtime.db.sessions() as session:
                results = await session.scalars(select(OutboxRow.result).where(OutboxRow.game_id == live.id, OutboxRow.sent.is_(True)))
                known = {int(r["message"]) for r in part_results(results) if r.get("message")}
                known |= {int(r["message"]) for r in part_results(self._parts_done.get(live.id, {}).values()) if r.get("message")}
                # every row from before the crash is in the table by now (rows written since may be too: checked
                # for nothing, never missed)
                bound = await session.scalar(select(func.max(OutboxRow.id)).where(OutboxRow.game_id == live.id))
            resumed = self._resumed[live.id] = Resumed(known, int(bound or 0))
        if row > resumed.bound:
            return None
        known = resumed.known
        recent = resumed.recent.get(channel)
        if recent is None:
            try:
                recent = resumed.recent[channel] = await self.transport.recent_messages(channel)
            except DeliveryError:
                return None
        for message in recent:
            mid = int(message["id"])
            shown = message.get("content") or ""
            # the same text, or the same with a click's answer below it (a DM prompt its player has answered); its
            # deadline may have moved on since (the bot was away: bot.downtime), so timestamps are not compared
            shown, content = _TIMESTAMP.sub("<t>", shown), _TIMESTAMP.sub("<t>", payload["content"])
            same = shown == content or shown.startswith(content + "\n")
            if (message.get("author") or {}).get("bot") and same and mid not in known:
                known.add(mid)
                log.info("game %s: message %s was posted before a crash; not posting it again", live.id, mid)
                await self._deadlines_moved(channel, message, payload["content"])
                return mid
        return None

    async def _deadlines_moved(self, channel: int, message: dict[str, Any], content: str) -> None:
        """A message found from before the crash shows the deadlines of then; if they moved on since (the bot was
        away: :mod:`bot.downtime`, which rewrote every choice's message it knew of, and this one it did not know
        yet), its countdowns are set to the row's, the rest of it (a click's answer below) kept."""
        now = _TIMESTAMP.findall(content)
        shown = message.get("content") or ""
        if not now or _TIMESTAMP.findall(shown)[: len(now)] == now:
            return
        stamps = iter(now)
        text = _TIMESTAMP.sub(lambda stamp: next(stamps, stamp.group(0)), shown)
        try:
            await self.transport.edit(channel, int(message["id"]), {"content": text})
        except DeliveryError:  # gone meanwhile: the row's post is there, its countdown the old one
            log.info("message %s: its countdown could not be moved on", message["id"])

    def _posted_now(self, live: Live, message_id: int) -> None:
        """A message just posted for a resumed game was made by no earlier row: two pending rows with the same text
        (two restarts' notices) make two messages, the second not taken for the first's copy from before a crash."""
        resumed = self._resumed.get(live.id)
        if resumed is not None:
            resumed.known.add(int(message_id))
