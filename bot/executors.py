"""The op executors: what each op of :mod:`bot.ops` does on Discord (post, edit, the game's thread, mute, delete,
forget...), with the files it carries made at send time (a board image, a game record). A DM is sent by
:mod:`bot.dms`, a team's post by :mod:`bot.teams`, and what a post's message carries is made by :mod:`bot.payloads`.

:class:`Executors` is one side of :class:`bot.delivery.Dispatcher`; :meth:`Executors.execute` is the one way in,
for the drain, a rush, a transient message (:meth:`Executors.send_now`) and :mod:`bot.moderation`'s reposts.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from bot import boards
from bot import moderation as mod
from bot.ops import ANSWER, Op
from bot.payloads import (
    attachment_fields,
    digests,
    file_args,
    message_payload,
    rewrite,
    row_of,
    shows_already,
    strips_controls,
)
from bot.presenter import STORY_LINES, STORY_ROOM
from bot.statements import RECORD_THREAD
from bot.teams import TeamThreads
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


class Executors(TeamThreads):
    """Each op's calls to Discord, and what they record in the game's slots; DMs (:mod:`bot.dms`), team posts
    (:mod:`bot.teams`) and the copies of posts made before a crash (:mod:`bot.resumed`) are its sides."""

    runtime: DeliveryRuntime
    transport: Transport
    moderation: mod.Moderation
    _parts_done: dict[int, dict[int, list[dict[str, Any]]]]
    _turn: Callable[[int], asyncio.Lock]

    def __init__(self) -> None:
        #: Makers of files named by an op's ``attach`` requests, by kind: ``maker(live, request)`` returns
        #: ``(filename, bytes, description)``; called at send time, so the outbox holds the request, not the bytes.
        self.attachments: dict[str, Callable[[Live, dict[str, Any]], Awaitable[tuple[str, bytes, str]]]] = {}
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
            if slot.get("bare") and strips_controls(op):  # a click's answer already took them off
                if op.get("forget"):
                    live.row.slots = {k: v for k, v in live.row.slots.items() if k != op["slot"]}
                return {"edited": slot["message"], "already": True}
            if slot.get("bare") and op.get("unless_bare"):  # rewritten from its prompt, it would lose the answer in it
                return {"skipped": "bare"}
            unchanged = shows_already(slot, op)
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

    async def _post(self, live: Live, op: Op, nonce: str | None) -> dict[str, Any]:
        to = op["to"]
        if to == "dm":
            return await self._post_dm(live, op, nonce)
        if to == "team":
            return await self._post_team(live, op, nonce)
        channel = live.row.channel_id if to == "channel" else (live.row.thread_id or live.row.channel_id)
        slot_name = op.get("slot")
        if slot_name and "render" in op:
            return await self._post_board(live, op, nonce, channel)
        old = live.row.slots.get(slot_name) if slot_name else None
        if old is not None and shows_already(old, op):
            return {"edited": old["message"], "unchanged": True}  # it shows this already: no call
        files = await self._render(live, op)
        if old is not None:
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
        payload = message_payload(op, nonce, preamble, files)
        message_id = await self._posted_before_crash(live, channel, payload, row_of(nonce))
        if message_id is None:
            message_id = await self.transport.post(channel, payload, **file_args(files))
            self._posted_now(live, message_id)
        if slot_name:
            slot = {"channel": channel, "message": message_id, "preamble": preamble, "at": self.runtime.clock.now(), "shown": digests(op)}
            live.row.slots = {**live.row.slots, slot_name: slot}
        self._sank(live, channel, slot_name)
        return {"message": message_id, "channel": channel}

    async def _post_board(self, live: Live, op: Op, nonce: str | None, channel: int) -> dict[str, Any]:
        """The board's op (:meth:`bot.presenter.Presenter.story_ops`): the board carries the game's story. Its slot
        keeps the chapter of lines its message shows (``story``); the op's lines (``story``) are added to it, above
        the caption (the op's ``content``), and the image drawn anew (unless ``keep``: only the text changed).

        While the chapter has room (:data:`bot.presenter.STORY_ROOM`, :data:`bot.presenter.STORY_LINES`), the
        message is edited; once it is full, sunk (:data:`SUNK_BELOW` of the bot's messages below it) or older than
        :data:`REPOST_AFTER`, the lines open a new chapter posted below, and the old message stays as it stands: a
        chapter of the game's story, its picture as it was then. An old board that told no story (a game whose
        lines go elsewhere) is deleted instead, so the thread does not fill with copies of the board.

        All of it is decided from the slot alone, which is saved with the row's sent mark: a row sent again after a
        crash makes the same edit, or the same post (found by :mod:`bot.resumed`)."""
        name = op["slot"]
        old = live.row.slots.get(name)
        lines = list(op.get("story") or ())
        caption = op.get("content", "")
        if old is not None and not self._stale_board(old) and _fits([*(old.get("story") or ()), *lines], caption):
            if not lines and shows_already(old, op):
                return {"edited": old["message"], "unchanged": True}  # it shows this already: no call, no board drawn
            told = [*(old.get("story") or ()), *lines]
            keep = op.get("keep") and "files" in (old.get("shown") or {})  # the picture stands: not drawn again
            files = [] if keep else await self._render(live, op)
            try:
                await self._edit(old, {**op, "content": _chapter(told, caption)}, files)
            except DeliveryError as exc:
                if exc.kind != "not_found":
                    raise
                old = {**old, "story": []}  # deleted by a moderator: what it told is gone with it
            else:
                shown = {**(old.get("shown") or {}), **{k: v for k, v in digests(op).items() if not (keep and k == "files")}}
                live.row.slots = {**live.row.slots, name: {**live.row.slots[name], "story": told, "shown": shown}}
                return {"edited": old["message"]}
        files = await self._render(live, op)
        payload = message_payload({**op, "content": _chapter(lines, caption)}, nonce, "", files)
        message_id = await self._posted_before_crash(live, channel, payload, row_of(nonce))
        if message_id is None:
            message_id = await self.transport.post(channel, payload, **file_args(files))
            self._posted_now(live, message_id)
        # a board: how many messages sink it is counted from here (:meth:`_sank`)
        slot = {"channel": channel, "message": message_id, "preamble": "", "at": self.runtime.clock.now(), "shown": digests(op), "board": True}
        live.row.slots = {**live.row.slots, name: {**slot, **({"story": lines} if lines else {})}}
        if old is not None and not old.get("story"):  # a copy of the board that told nothing: it goes
            with contextlib.suppress(DeliveryError):
                await self.transport.delete(old["channel"], old["message"])
        elif old is not None and _has_controls(old):  # a chapter stays as it stands, but its buttons are the past's
            with contextlib.suppress(DeliveryError):
                await self.transport.edit(old["channel"], old["message"], {"components": []})
        self._sank(live, channel, name)
        return {"message": message_id, "channel": channel}

    def _stale_board(self, slot: dict[str, Any]) -> bool:
        """A board that has sunk (:data:`SUNK_BELOW` of the bot's messages below it) or is older than
        :data:`REPOST_AFTER` is posted anew below the rest: an edited board sinks under the game's story where
        nobody sees it, and Discord refuses edits of old messages."""
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
            payload["attachments"] = attachment_fields(files)
        await self.transport.edit(slot["channel"], slot["message"], payload, **file_args(files))
        self._edited(slot["message"])  # answers on their way: this edit may land after them

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
            live.row.slots = {**live.row.slots, name: {**slot, "shown": {**(slot.get("shown") or {}), **digests(op)}}}

    def _controls_back(self, live: Live, op: Op) -> None:
        """An edit gave a slot's message controls again: it is no longer known to have none."""
        slot = live.row.slots.get(op.get("slot"))
        if op.get("components") and slot and slot.get("bare"):
            live.row.slots = {**live.row.slots, op["slot"]: {k: v for k, v in slot.items() if k != "bare"}}


def _chapter(lines: list[str], caption: str) -> str:
    """A board's message: the chapter's lines, then the caption (what screen readers read with the image)."""
    return "\n".join([*lines, caption]) if lines else caption


def _has_controls(slot: dict[str, Any]) -> bool:
    """Does the slot's message show controls (a board carrying the turn's buttons, Midnight Hunt's Surrender)?"""
    shown = (slot.get("shown") or {}).get("components")
    return shown is not None and shown != _NO_CONTROLS


_NO_CONTROLS = digests({"components": []})["components"]


def _fits(lines: list[str], caption: str) -> bool:
    """Does a chapter of ``lines`` fit one board's message (:data:`bot.presenter.STORY_ROOM`, ``STORY_LINES``)?"""
    return len(lines) <= STORY_LINES and len(_chapter(lines, caption)) <= STORY_ROOM
