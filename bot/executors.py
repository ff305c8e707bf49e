"""The op executors: what each op of :mod:`bot.ops` does on Discord (post, edit, DM, team thread, the game's thread,
mute, delete, forget...), with the files it carries made at send time (a board image, a game record).

:class:`Executors` is one side of :class:`bot.delivery.Dispatcher`; :meth:`Executors.execute` is the one way in,
for the drain, a rush, a transient message (:meth:`Executors.send_now`) and :mod:`bot.moderation`'s reposts.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from sqlalchemy import func, select

from bot import boards
from bot import moderation as mod
from bot.db import FORGET_DM_CHANNEL, RECORD_THREAD, SAVE_DM_CHANNEL, DMChannel, OutboxRow
from bot.ops import ANSWER, Op
from bot.outbox import part_results
from bot.transport import DeliveryError, Transport

if TYPE_CHECKING:
    from bot.delivery import DeliveryRuntime, Live

log = logging.getLogger("bot.delivery")  # the dispatcher's one log, whichever side writes

#: A board older than this (seconds) is posted anew instead of edited: Discord refuses edits of messages older than
#: an hour (30046), and a board drawn that long ago has long sunk under the game's story.
REPOST_AFTER = 45 * 60
#: A board with this many of the bot's messages posted below it in its channel is posted anew (and the old copy
#: deleted) at its next change instead of edited in place, so the board stays among the thread's last few messages
#: (issue 29): one post and one deletion instead of an edit, at most every other turn; a board with less below it is
#: edited where it is, which costs no post of the channel's five in five seconds.
SUNK_BELOW = 2
#: A Discord timestamp (``<t:1700000000:R>``), as a deadline is shown.
_TIMESTAMP = re.compile(r"<t:\d+(?::[tTdDfFR])?>")
#: An outbox row's nonce (``nc12`` or ``nc12p3``, see :class:`bot.outbox.Row`): the row's id.
_NONCE_ROW = re.compile(r"nc(\d+)")
#: The slot that holds who was told in public that their DMs are closed (see :meth:`Executors._dm_closed`).
DM_CLOSED_SLOT = "dm_closed"


class _Resumed:
    """What is known of a game resumed after a crash (:meth:`bot.delivery.Dispatcher.resume`): the messages its
    delivered rows made, the newest outbox row that may have reached Discord before the crash (rows written later
    never did), and each channel's recent messages, read once."""

    __slots__ = ("bound", "known", "recent")

    def __init__(self, known: set[int], bound: int) -> None:
        self.known = known
        self.bound = bound
        self.recent: dict[int, list[dict[str, Any]]] = {}


class Executors:
    """Each op's calls to Discord, and what they record in the game's slots."""

    runtime: DeliveryRuntime
    transport: Transport
    moderation: mod.Moderation
    _parts_done: dict[int, dict[int, list[dict[str, Any]]]]
    _turn: Callable[[int], asyncio.Lock]

    def __init__(self) -> None:
        #: Each user's DM channel: kept in memory, else read from the table (:class:`bot.db.DMChannel`), else opened
        #: (a REST call) and stored there, so it is opened once, not at every deal and restart. 0: looked up in the
        #: table, none stored.
        self._dm_channels: dict[int, int] = {}
        self._dm_reads = asyncio.Lock()
        #: Makers of files named by an op's ``attach`` requests, by kind: ``maker(live, request)`` returns
        #: ``(filename, bytes, description)``; called at send time, so the outbox holds the request, not the bytes.
        self.attachments: dict[str, Callable[[Live, dict[str, Any]], Awaitable[tuple[str, bytes, str]]]] = {}
        #: Games whose undelivered rows may have reached Discord before a crash (see
        #: :meth:`bot.delivery.Dispatcher.resume`), with the message ids their delivered rows are known to have made.
        self._resumed: dict[int, _Resumed | None] = {}
        super().__init__()

    async def send_now(self, live: Live, op: Op, seq: int | None = None) -> bool:
        """Send something transient (a timer warning) directly, outside the outbox. A DM its player is done with
        (its controls taken off by their last answer, see :meth:`controls_gone`) is not warned: the warning would
        rewrite it from the prompt and lose the answer shown in it (a check result).

        An edit of one of the game's messages goes in turn with the game's drain and its clicks' answers
        (:meth:`_turn`): it was worded from the game at step ``seq``, and should the game have moved on by its turn,
        it is not sent (returns ``False``: word it again), since a newer rewrite of the message (a vote's tally, a
        prompt closed) may have landed already, and this one would undo it."""
        slot = live.row.slots.get(op.get("slot"))
        if slot and slot.get("bare"):
            return True
        turn = self._turn(live.id) if op.get("do") == "edit" and slot else contextlib.nullcontext()
        async with turn:
            if seq is not None and self.runtime.games.get(live.id, live).row.seq != seq:
                return False
            try:
                await self.execute(live, op, nonce=None)
            except DeliveryError as exc:
                log.info("game %s: transient message not sent (%s)", live.id, exc.kind)
        return True

    async def execute(self, live: Live, op: Op, nonce: str | None) -> dict[str, Any]:
        kind = op["do"]
        if kind == "nothing":
            return {}
        if kind == "forget":
            live.row.slots = {k: v for k, v in live.row.slots.items() if k != op["slot"]}
            return {"forgotten": op["slot"]}
        if kind == "post":
            result = await self._post(live, op, nonce)
            self.moderation.remember(live, op)
            return result
        if kind == ANSWER:
            return await self._answer(live, op, nonce)
        if kind == "edit":
            slot = live.row.slots.get(op["slot"])
            if slot is None:
                return {"skipped": "no_slot"}
            if slot.get("bare") and _strips_controls(op):  # a click's answer already took them off
                if op.get("forget"):
                    live.row.slots = {k: v for k, v in live.row.slots.items() if k != op["slot"]}
                return {"edited": slot["message"], "already": True}
            if slot.get("bare") and op.get("unless_bare"):  # rewritten from its prompt, it would lose the answer in it
                return {"skipped": "bare"}
            unchanged = _unchanged(slot, op)
            try:
                if not unchanged:  # an edit that changes nothing makes no call (nor draws its board)
                    await self._edit(slot, op, await self._render(live, op))
                    self._controls_back(live, op)
                    self._shown(live, op["slot"], op)
            except DeliveryError as exc:
                if exc.code == mod.UNKNOWN_MESSAGE and self.moderation.can_post_again(live, op["slot"], op):
                    return await self.moderation.post_again(live, op["slot"], op, nonce)  # a moderator deleted it
                if exc.kind != "not_found" or not op.get("forget"):
                    raise
            self.moderation.remember(live, op)
            if op.get("forget"):  # the message is done with (a closed prompt): keep the game's slots small
                live.row.slots = {k: v for k, v in live.row.slots.items() if k != op["slot"]}
            return {"edited": slot["message"], **({"unchanged": True} if unchanged else {})}
        if kind == "open_thread":
            return await self._open_thread(live, op)
        if kind == "team_sync":
            return await self._team_sync(live, op)
        if kind == "mute":
            return await self._mute(live, op)
        if kind == "unmute_all":
            return await self._unmute_all(live, op)
        if kind == "close_thread":
            return await self._close_thread(live)
        if kind == "delete_message":
            return await self._delete_message(op)
        if kind in mod.OPS:
            return await self.moderation.execute(live, op, nonce)
        raise ValueError(f"unknown op {kind!r}")

    async def _delete_message(self, op: Op) -> dict[str, Any]:
        """Delete a message someone typed in the game's channel (a foul clue, the Dreamer's guess), where the bot
        may: one already gone (404 / 10008 Unknown Message, or deleted by a send before a crash) is done, and
        without Manage Messages (403 / 50013) the message stays and the game goes on."""
        try:
            await self.transport.delete(int(op["channel"]), int(op["message"]))
        except DeliveryError as exc:
            if exc.kind == "not_found":
                return {"deleted": op["message"], "already": True}
            if exc.kind == "forbidden":
                return {"skipped": "no_permission"}
            raise
        return {"deleted": op["message"]}

    async def _mute(self, live: Live, op: Op) -> dict[str, Any]:
        """An eliminated player stops talking in the game's thread: a role of this game, denied sending in the
        channel's threads (the channel itself stays open to them), is given to them. Without Manage Roles the game
        simply goes on without it. The role is looked up by its name (which holds the game id) before it is
        made, so a crash between making it and recording it never leaves a second one behind."""
        slot = live.row.slots.get("mute")
        if slot is None or not slot["role"]:  # tried again at each player out: Manage Roles may be back
            told = bool(slot and slot.get("told"))
            try:
                role = await self.transport.find_role(live.row.guild_id, op["role_name"])
                if role is None:
                    role = await self.transport.create_role(live.row.guild_id, op["role_name"])
                await self.transport.deny_in_threads(live.row.channel_id, role)  # idempotent (a PUT)
                slot = {"role": role}
            except DeliveryError as exc:
                if exc.kind not in ("forbidden", "not_found"):
                    raise
                slot = {"role": None, "told": told}
            live.row.slots = {**live.row.slots, "mute": slot}
        if not slot["role"]:
            if not slot.get("told"):  # the host learns it once a game; the game goes on unmuted
                live.row.slots = {**live.row.slots, "mute": {**slot, "told": True}}
                await self.moderation.no_roles(live)
            return {"skipped": "no_permission"}
        try:
            await self.transport.member_role(live.row.guild_id, int(op["user"]), slot["role"], True)
        except DeliveryError as exc:
            if exc.kind not in ("forbidden", "not_found"):
                raise
            return {"skipped": exc.kind}
        return {"muted": op["user"]}

    async def _unmute_all(self, live: Live, op: Op) -> dict[str, Any]:
        """The game ended (finished, aborted): deleting its role gives every muted player their voice back in one
        call, and takes its permission overwrite with it. A role made just before a crash, never recorded, is
        found by its name."""
        slot = live.row.slots.get("mute") or {}
        role = slot.get("role")
        try:
            if role is None and op.get("role_name"):
                role = await self.transport.find_role(live.row.guild_id, op["role_name"])
            if role is None:
                return {"skipped": "no_role"}
            await self.transport.delete_role(live.row.guild_id, role)
        except DeliveryError as exc:
            if exc.kind not in ("forbidden", "not_found"):
                raise
        live.row.slots = {**live.row.slots, "mute": {"role": None}}
        return {"unmuted": True}

    def _payload(self, op: Op, nonce: str | None, preamble: str = "", files: list[tuple[str, bytes, str]] | None = None) -> dict[str, Any]:
        payload: dict[str, Any] = {"allowed_mentions": {"parse": ["users"]}}
        if files:
            payload["attachments"] = _attachments(files)
        for key in ("content", "embeds", "components"):
            if key in op:
                payload[key] = op[key]
        if preamble and "content" in payload:
            payload["content"] = f"{preamble}\n{payload['content']}"
        if nonce:
            payload["nonce"] = nonce
            payload["enforce_nonce"] = True
        return payload

    async def _post(self, live: Live, op: Op, nonce: str | None) -> dict[str, Any]:
        to = op["to"]
        if to == "dm":
            return await self._post_dm(live, op, nonce)
        if to == "team":
            return await self._post_team(live, op, nonce)
        channel = live.row.channel_id if to == "channel" else (live.row.thread_id or live.row.channel_id)
        slot_name = op.get("slot")
        old = live.row.slots.get(slot_name) if slot_name else None
        if old is not None and not self._stale_board(old, op) and _unchanged(old, op):
            return {"edited": old["message"], "unchanged": True}  # it shows this already: no call, no board drawn
        files = await self._render(live, op)
        if old is not None and not self._stale_board(old, op):
            try:
                await self._edit(old, op, files)
                self._controls_back(live, op)
                self._shown(live, slot_name, op)
                return {"edited": old["message"]}
            except DeliveryError as exc:
                if exc.kind != "not_found":
                    raise
            old = None
        preamble = op.get("preamble", "")
        payload = self._payload(op, nonce, preamble, files)
        message_id = await self._posted_before_crash(live, channel, payload, _row_of(nonce))
        if message_id is None:
            message_id = await self.transport.post(channel, payload, **_files(files))
            self._posted_now(live, message_id)
        if slot_name:
            slot = {"channel": channel, "message": message_id, "preamble": preamble, "at": self.runtime.clock.now(), "shown": _digests(op)}
            if "render" in op:  # a board: how many messages sink it is counted from here (:meth:`_sank`)
                slot["board"] = True
            live.row.slots = {**live.row.slots, slot_name: slot}
        if old is not None:  # a board re-posted below the chat: the old copy goes
            with contextlib.suppress(DeliveryError):
                await self.transport.delete(old["channel"], old["message"])
        self._sank(live, channel, slot_name)
        return {"message": message_id, "channel": channel}

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
            resumed = self._resumed[live.id] = _Resumed(known, int(bound or 0))
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
                return mid
        return None

    def _posted_now(self, live: Live, message_id: int) -> None:
        """A message just posted for a resumed game was made by no earlier row: two pending rows with the same text
        (two restarts' notices) make two messages, the second not taken for the first's copy from before a crash."""
        resumed = self._resumed.get(live.id)
        if resumed is not None:
            resumed.known.add(int(message_id))

    def _stale_board(self, slot: dict[str, Any], op: Op) -> bool:
        """A board that has sunk (:data:`SUNK_BELOW` of the bot's messages below it) or is older than
        :data:`REPOST_AFTER` is posted anew below the rest, and the old copy deleted: an edited board sinks under
        the game's story where nobody sees it, and Discord refuses edits of old messages."""
        if "render" not in op:
            return False
        return slot.get("below", 0) >= SUNK_BELOW or self.runtime.clock.now() - slot.get("at", 0) > REPOST_AFTER

    def _sank(self, live: Live, channel: int, posted: str | None = None) -> None:
        """A message was just posted in ``channel`` (by slot ``posted``, if any): every board of the game shown there
        has one more message below it (kept in its slot, so it holds across restarts)."""
        sunk = {
            name: {**slot, "below": slot.get("below", 0) + 1}
            for name, slot in live.row.slots.items()
            # a board slot from before boards were counted is known by its name
            if name != posted and isinstance(slot, dict) and (slot.get("board") or name == "board") and slot.get("channel") == channel
        }
        if sunk:
            live.row.slots = {**live.row.slots, **sunk}

    async def _render(self, live: Live, op: Op) -> list[tuple[str, bytes, str]]:
        """The op's files, made at send time: its board image (``render``, drawn by :mod:`bot.boards`' workers
        while the loop goes on) and any ``attach`` requests (a file built by a registered maker, e.g. a game record).
        A board or a maker that fails costs the file, never the message."""
        files: list[tuple[str, bytes, str]] = []
        request = op.get("render")
        if request:
            try:  # drawn off the event loop, in the board workers (bot.boards)
                drawn = await boards.shared().draw(request)
                if drawn is not None:
                    files.append(drawn)
            except Exception:
                log.exception("game %s: board image failed; sending the text alone", live.id)
        for attach in op.get("attach") or []:
            maker = self.attachments.get(attach.get("kind", ""))
            try:
                if maker is None:
                    raise LookupError(f"no attachment maker {attach.get('kind')!r}")
                files.append(await maker(live, attach))
            except Exception:
                log.exception("game %s: attachment %s failed; sending the text alone", live.id, attach.get("kind"))
        return files

    async def _edit(self, slot: dict[str, Any], op: Op, files: list[tuple[str, bytes, str]] | None = None) -> None:
        """Rewrite a slot's message."""
        payload = rewrite(slot, op)
        if files:
            payload["attachments"] = _attachments(files)
        await self.transport.edit(slot["channel"], slot["message"], payload, **_files(files))
        self._edited(slot["message"])  # answers on their way: this edit may land after them

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
            payload = self._payload(op, nonce)
            message_id = await self._posted_before_crash(live, channel, payload, _row_of(nonce) if row is None else row)
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
                    self._payload({"content": op["fallback"]}, f"{nonce}f" if nonce else None),
                )
                self._sank(live, live.row.thread_id or live.row.channel_id)
            return {"dm_closed": user}
        self._dm_closed(live, user, False)
        if op.get("slot"):
            live.row.slots = {**live.row.slots, op["slot"]: {"channel": channel, "message": message_id, "shown": _digests(op)}}
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

    async def _post_team(self, live: Live, op: Op, nonce: str | None) -> dict[str, Any]:
        slot_name = f"team:{op['team']}"
        slot = live.row.slots.get(slot_name)
        if slot is None:
            slot = await self._make_team_thread(live, op)
        if slot.get("thread"):
            await self._sync_members(live, slot_name, op["members"])
            payload = self._payload(op, nonce)
            message_id = await self._posted_before_crash(live, slot["thread"], payload, _row_of(nonce))
            if message_id is None:
                message_id = await self.transport.post(slot["thread"], payload)
                self._posted_now(live, message_id)
            return {"message": message_id, "channel": slot["thread"]}
        # no private thread allowed: relay to each member by DM (their replies are relayed too, see relay())
        if slot.get("members") != list(op["members"]):
            live.row.slots = {**live.row.slots, slot_name: {**slot, "members": list(op["members"])}}
        sent = []
        for member in op["members"]:
            text = f"[{op.get('name', op['team'])}] {op['content']}"
            result = await self._post_dm(live, {**op, "to": "dm", "user": member, "content": text}, None, _row_of(nonce))
            sent.append(result)
        return {"relayed": sent}

    async def relay(self, live: Live, author: str, text: str) -> bool:
        """A team member wrote to the bot by DM while their team has no private thread: pass it on to the
        others. Returns whether ``author`` belonged to such a team."""
        for slot_name, slot in live.row.slots.items():
            if slot_name.startswith("team:") and slot.get("thread") is None and author in slot.get("members", []):
                name = live.row.names.get(author, author)
                for member in slot["members"]:
                    if member != author:
                        await self.send_now(live, {"do": "post", "to": "dm", "user": member, "content": f"[{slot_name[5:]}] **{name}**: {text}", "fallback": ""})
                return True
        return False

    async def _make_team_thread(self, live: Live, op: Op) -> dict[str, Any]:
        """A team's private thread; one made just before a crash (not recorded) is found by its name, which holds
        the game id, instead of being made twice."""
        slot_name = f"team:{op['team']}"
        name = f"{op.get('name', op['team'])} #{live.id}"
        try:
            thread = await self.transport.find_thread(live.row.guild_id, live.row.channel_id, name)
            if thread is None:
                thread = await self.transport.create_thread(live.row.channel_id, name, message_id=None, private=True)
            slot: dict[str, Any] = {"thread": thread, "members": []}
        except DeliveryError as exc:
            if exc.kind not in ("forbidden", "not_found"):
                raise
            slot = {"thread": None, "members": []}
        live.row.slots = {**live.row.slots, slot_name: slot}
        return slot

    async def _sync_members(self, live: Live, slot_name: str, members: list[str]) -> None:
        slot = live.row.slots[slot_name]
        current = set(slot.get("members", []))
        wanted = set(members)
        for user in sorted(wanted - current):
            await self.transport.thread_member(slot["thread"], int(user), True)
        for user in sorted(current - wanted):
            await self.transport.thread_member(slot["thread"], int(user), False)
        if current != wanted:
            live.row.slots = {**live.row.slots, slot_name: {**slot, "members": sorted(wanted)}}

    async def _team_sync(self, live: Live, op: Op) -> dict[str, Any]:
        slot_name = f"team:{op['team']}"
        if live.row.slots.get(slot_name, {}).get("thread"):
            await self._sync_members(live, slot_name, op["members"])
        return {"members": op["members"]}

    async def _open_thread(self, live: Live, op: Op) -> dict[str, Any]:
        """The game's own thread, started from the lobby message; the channel when threads are not allowed."""
        if live.row.thread_id:
            return {"thread": live.row.thread_id}
        lobby = live.row.slots.get("lobby")
        try:
            thread = await self.transport.create_thread(
                live.row.channel_id, op["name"], message_id=lobby["message"] if lobby else None, private=False
            )
        except DeliveryError as exc:
            if exc.kind == "exists" and lobby:  # made before a crash, never recorded: its id is the message's
                thread = int(lobby["message"])
            elif exc.kind in ("forbidden", "not_found"):
                return {"thread": None, "fallback": "channel"}
            else:
                raise
        live.row.thread_id = thread
        # recorded at once, not with the run of rows it came in: commands in the thread find the game by it, and a
        # crash before that run is marked sent (a deal's DMs take a while) left a restarted bot not knowing its
        # thread until the run was delivered again ('There is no game in this channel' meanwhile)
        try:
            await self.runtime.writer.commit([(RECORD_THREAD, {"b_id": live.id, "b_thread": thread})])
        except Exception:  # the run's own record writes it too
            log.exception("game %s: thread %s not recorded at once", live.id, thread)
        return {"thread": thread}

    async def _close_thread(self, live: Live) -> dict[str, Any]:
        """The game is over: its thread is archived and locked (it stays readable)."""
        if not live.row.thread_id:
            return {"skipped": "no_thread"}
        try:
            await self.transport.close_thread(live.row.thread_id)
        except DeliveryError as exc:
            if exc.kind not in ("forbidden", "not_found"):
                raise
            return {"skipped": exc.kind}
        return {"closed": live.row.thread_id}

    def _shown(self, live: Live, name: str, op: Op) -> None:
        """An edit went out: the slot's message shows what ``op`` set (over what it showed before)."""
        slot = live.row.slots.get(name)
        if slot is not None:
            live.row.slots = {**live.row.slots, name: {**slot, "shown": {**(slot.get("shown") or {}), **_digests(op)}}}

    def _controls_back(self, live: Live, op: Op) -> None:
        """An edit gave a slot's message controls again: it is no longer known to have none."""
        slot = live.row.slots.get(op.get("slot"))
        if op.get("components") and slot and slot.get("bare"):
            live.row.slots = {**live.row.slots, op["slot"]: {k: v for k, v in slot.items() if k != "bare"}}


def _row_of(nonce: str | None) -> int | None:
    """The outbox row a nonce belongs to (``None``: a message outside the outbox)."""
    found = _NONCE_ROW.match(nonce or "")
    return int(found.group(1)) if found else None


def _digests(op: Op) -> dict[str, str]:
    """Short digests of what ``op`` sets on its message, field by field (its board by the view it is drawn from):
    kept in its slot as what the message shows (``shown``)."""
    fields = {k: op[k] for k in ("content", "embeds", "components") if k in op}
    if op.get("render"):
        fields["files"] = op["render"]
    return {
        k: hashlib.blake2b(json.dumps(v, sort_keys=True, default=str).encode(), digest_size=8).hexdigest()
        for k, v in fields.items()
    }


def _unchanged(slot: dict[str, Any], op: Op) -> bool:
    """Does the slot's message already show everything ``op`` would set? Not known for a message a click's answer
    rewrote (``bare``, or ``shown`` dropped, see :meth:`bot.outbox.Outbox._mark_sent`), nor for attached files."""
    shown = slot.get("shown")
    if not shown or slot.get("bare") or op.get("attach"):
        return False
    wanted = _digests(op)
    return bool(wanted) and all(shown.get(k) == v for k, v in wanted.items())


def _strips_controls(op: Op) -> bool:
    """Does the edit only take a message's controls off (a closed prompt's)?"""
    return op.get("components") == [] and not set(op) - {"do", "slot", "components", "forget"}


def _attachments(files: list[tuple[str, bytes, str]]) -> list[dict[str, Any]]:
    return [{"id": i, "filename": name, "description": description} for i, (name, _, description) in enumerate(files)]


def _files(files: list[tuple[str, bytes, str]] | None) -> dict[str, Any]:
    """The transport's ``files`` argument, only when there are files (so simple transports need not take it)."""
    return {"files": [(name, data) for name, data, _ in files]} if files else {}


def rewrite(slot: dict[str, Any], op: Op) -> dict[str, Any]:
    """What an edit op sets on its slot's message; the announcements it was first posted with (its preamble) stay
    on top."""
    payload = {k: op[k] for k in ("content", "embeds", "components") if k in op}
    if "content" in payload and slot.get("preamble"):
        payload["content"] = f"{slot['preamble']}\n{payload['content']}"
    return payload

