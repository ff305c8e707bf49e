"""The server changing under a running game: what moderators (or Discord itself) do to the messages, thread,
channel, permissions and members a game relies on, and how the game goes on or ends cleanly.

The dispatcher (:mod:`bot.delivery`) calls in here from a few hooks; the cog forwards the gateway events a bot gets
without a privileged intent (``cogs.moderation``). The outbox stays the truth throughout: every op stays in it until
it is delivered or given up with a recorded reason.

* **A message the bot keeps editing is deleted** (the board, a public prompt, the lobby): an edit of it answers
  404 / 10008 Unknown Message; the message is posted again in the same place and its slot points at the new one
  (:meth:`Moderation.post_again`), so the game goes on. The MESSAGE_DELETE event puts a ``repost`` op in the outbox,
  so it comes back at once with what it last showed (kept in memory; after a restart it comes back at its next edit).
* **The game's thread or channel is deleted** (THREAD_DELETE / CHANNEL_DELETE, or any call answering 404 / 10003
  Unknown Channel): the game ends as aborted, its players are told by DM, its record (row, log, outbox) stays; what
  was still to post there is given up, once each, with the reason recorded.
* **The thread is archived or locked** (THREAD_UPDATE, or 400 / 50083 on a call): it is reopened (unlocked too,
  which needs Manage Threads); where the bot may not, the host is told by DM and the delivery waits.
* **A permission is taken away** (403 / 50013 Missing Permissions, 50001 Missing Access, on a post or edit in the
  game's thread or channel): the host is told once by DM which permission is missing; the game's delivery waits
  (:class:`Waiting`: its rows stay in the outbox, the drain is tried again 1, 2, 4 ... 60 s later, and at once when a
  role or channel changes), and goes on when it is given back (the host is told that too).
* **A player is no longer on the server** (kicked, or left; GUILD_MEMBER_REMOVE needs the privileged members intent,
  which the bot does not use): found when a DM to them fails with 403 / 50007 and the member lookup answers
  404 / 10007 Unknown Member, which happens when their turn or choice comes. They then leave through the engine's own
  ``leave`` action, as ``/game leave`` does, with what the game's rules say about leaving (MH-55, GH-35, KS-31,
  MN-63, NW-24).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import Any

from bot.live import GameError
from bot.lobby import lobby_text
from bot.ops import Op, post
from bot.transport import DeliveryError
from engines.core import Action, IllegalAction

log = logging.getLogger(__name__)

UNKNOWN_CHANNEL = 10003
UNKNOWN_MESSAGE = 10008
MISSING_ACCESS = 50001
#: A member found on the server when a DM to them failed is not looked up again for this long (seconds).
MEMBER_CHECKED_FOR = 600.0
#: What a slot's message shows, as remembered to post it again.
SHOWN = ("content", "embeds", "components", "render")
#: The ops this module delivers (see :meth:`Moderation.execute`).
OPS = ("repost", "reopen_thread")


class Waiting(Exception):
    """A game's delivery cannot go on now (a permission missing, its thread closed to the bot): its rows stay in the
    outbox and its drain is tried again later, or at once when the server changes."""


class Moderation:
    """What the dispatcher knows and does about moderators' changes; one per dispatcher."""

    def __init__(self, dispatcher: Any) -> None:
        self.dispatcher = dispatcher
        #: What each public slot's message shows now, by game (to post it again when it is deleted): in memory only.
        self.shown: dict[int, dict[str, Op]] = {}
        #: Games whose delivery waits, and what the host was told is missing (told once per change).
        self.waiting: dict[int, tuple[str, ...]] = {}
        #: Games being ended because their thread or channel is gone.
        self.ending: set[int] = set()
        #: (guild, user) found on the server when a DM failed, and when.
        self.members: dict[tuple[int, int], float] = {}
        #: Players of each game found gone from the server.
        self.left: dict[int, set[str]] = {}
        #: ``probe(guild_id, channel_id, names)``: which of the permission names (discord.py's) the bot lacks there,
        #: from the gateway's cache, or ``None`` when it cannot tell (set by ``cogs.moderation``).
        self.probe: Callable[[int, int, list[str]], list[str] | None] | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def runtime(self) -> Any:
        return self.dispatcher.runtime

    def forget(self, game_id: int) -> None:
        """The game left memory (over and drained)."""
        self.shown.pop(game_id, None)
        self.waiting.pop(game_id, None)
        self.left.pop(game_id, None)
        self.ending.discard(game_id)

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- where an op goes --------------------------------------------------------------------------------

    @staticmethod
    def _public(live: Any, channel: Any) -> bool:
        row = live.row
        return channel is not None and int(channel) in {
            c for c in (getattr(row, "thread_id", None), getattr(row, "channel_id", None)) if c
        }

    @staticmethod
    def target(live: Any, op: Op) -> int | None:
        """The game channel (its thread or its channel) an op posts or edits in, or ``None`` (a DM, a team thread,
        anything else)."""
        kind = op.get("do")
        if kind == "post" and op.get("to") in ("game", "channel"):
            return live.row.channel_id if op["to"] == "channel" else (live.row.thread_id or live.row.channel_id)
        if kind in ("edit", "repost"):
            slot = live.row.slots.get(op.get("slot"))
            channel = slot.get("channel") if isinstance(slot, dict) else None
            return int(channel) if Moderation._public(live, channel) else None
        if kind == "reopen_thread":
            return live.row.thread_id
        return None

    # -- a deleted message -------------------------------------------------------------------------------

    def remember(self, live: Any, op: Op) -> None:
        """A post or edit of a slot went through: keep what its message shows now (public slots only: nobody but
        the player deletes a DM, and a DM the bot sent cannot be deleted by them)."""
        name = op.get("slot")
        if not name:
            return
        slot = live.row.slots.get(name)
        kept = self.shown.get(live.id)
        if slot is None or op.get("forget") or not self._public(live, slot.get("channel")):
            if kept is not None:
                kept.pop(name, None)
            return
        fields = {k: op[k] for k in SHOWN if k in op}
        kept = self.shown.setdefault(live.id, {})
        kept[name] = fields if op.get("do") == "post" else {**kept.get(name, {}), **fields}

    def deleted(self, live: Any, message_id: int) -> str | None:
        """MESSAGE_DELETE: the public slot of ``live`` whose message that was, if any."""
        for name, slot in live.row.slots.items():
            if isinstance(slot, dict) and slot.get("message") == message_id and self._public(live, slot.get("channel")):
                return name
        return None

    async def post_again(self, live: Any, name: str, op: Op, nonce: str | None) -> dict[str, Any]:
        """Post slot ``name``'s message anew where it was (``op`` says what it shows, over what it showed), and point
        the slot at the new message. The nonce is the op's own, so a crash before the mark posts nothing twice."""
        slot = live.row.slots[name]
        shown = {**self.shown.get(live.id, {}).get(name, {}), **{k: op[k] for k in SHOWN if k in op}}
        to = (
            "channel"
            if int(slot["channel"]) == live.row.channel_id and live.row.thread_id not in (None, live.row.channel_id)
            else "game"
        )
        again: Op = {"do": "post", "to": to, "slot": name, **shown}
        if slot.get("preamble"):
            again["preamble"] = slot["preamble"]
        if slot.get("story"):  # a board's chapter of the story (bot.executors): posted again with it
            again["story"] = list(slot["story"])
        live.row.slots = {k: v for k, v in live.row.slots.items() if k != name}  # no edit of the deleted message first
        try:
            result = await self.dispatcher._post(live, again, nonce)
        except BaseException:
            if name not in live.row.slots:
                live.row.slots = {**live.row.slots, name: slot}
            raise
        self.remember(live, again)
        log.info("game %s: message of %s was deleted; posted again as %s", live.id, name, result.get("message"))
        return {**result, "reposted": slot.get("message")}

    def can_post_again(self, live: Any, name: str, op: Op) -> bool:
        """An edit of slot ``name`` found its message deleted: can it be posted again in its place?"""
        slot = live.row.slots.get(name)
        if not slot or op.get("forget") or not self._public(live, slot.get("channel")):
            return False
        shown = {**self.shown.get(live.id, {}).get(name, {}), **op}
        return bool(shown.get("content") or shown.get("embeds"))

    # -- ops of this module ------------------------------------------------------------------------------

    async def execute(self, live: Any, op: Op, nonce: str | None) -> dict[str, Any]:
        if live.over:
            return {"skipped": "over"}
        if op["do"] == "reopen_thread":
            thread = live.row.thread_id
            if not thread or thread == live.row.channel_id:
                return {"skipped": "no_thread"}
            if not await self._reopen(live):
                raise DeliveryError("archived", "the bot may not reopen the thread", 50083)
            return {"reopened": thread}
        slot = live.row.slots.get(op["slot"])
        if not slot or slot.get("message") != op["message"]:
            return {"skipped": "moved"}  # posted again already (an edit found it gone), or done with
        if not self.can_post_again(live, op["slot"], {}):
            return {"skipped": "not_known"}  # (after a restart) it comes back at its next edit
        return await self.post_again(live, op["slot"], {}, nonce)

    # -- a delivery that failed --------------------------------------------------------------------------

    async def failed(self, live: Any, op: Op, exc: Any) -> bool:
        """A row's op failed with ``exc`` (a :class:`bot.transport.DeliveryError`, not transient). Returns whether
        to try it once more (the thread was reopened); raises :class:`Waiting` when the game's delivery must wait;
        else the row is given up with the error recorded."""
        channel = self.target(live, op)
        if channel is None:
            return False
        if exc.kind == "not_found" and exc.code == UNKNOWN_CHANNEL:
            self.channel_gone(live.id, thread=channel == live.row.thread_id and channel != live.row.channel_id)
            return False
        if exc.kind == "archived" and channel == live.row.thread_id:
            if op.get("do") != "reopen_thread" and await self._reopen(live):
                return True
            await self._wait(live, ("manage_threads",), "moderation.thread_closed", channel)
        if exc.kind == "forbidden":
            await self._wait(live, tuple(self._missing(live, channel, op, exc)), "moderation.missing", channel)
        return False

    def went_through(self, live: Any) -> None:
        """A row of ``live`` was delivered: if its delivery was waiting, the host learns it goes on."""
        if live.id in self.waiting:
            del self.waiting[live.id]
            channel = live.row.thread_id or live.row.channel_id
            self._spawn(self._tell_host(live, live.table().t("moderation.back", channel=f"<#{channel}>")))

    def server_changed(self, guild_id: int | None = None) -> None:
        """A role, channel or thread changed: games waiting (in that server) try their delivery again at once."""
        for game_id in list(self.waiting):
            live = self.runtime.games.get(game_id)
            if live is not None and (guild_id is None or live.row.guild_id == guild_id):
                self.dispatcher.kick(game_id)

    async def _wait(self, live: Any, missing: tuple[str, ...], key: str, channel: int) -> None:
        """The host is told (once per change of what is missing), and the game's delivery waits."""
        if self.waiting.get(live.id) != missing:
            self.waiting[live.id] = missing
            table = live.table()
            names = ", ".join(table.t(f"moderation.perm.{name}") for name in missing)
            log.warning("game %s: waiting for %s in channel %s", live.id, ",".join(missing), channel)
            await self._tell_host(live, table.t(key, channel=f"<#{channel}>", permissions=names))
        raise Waiting(f"game {live.id}: {','.join(missing)}")

    def _missing(self, live: Any, channel: int, op: Op, exc: Any) -> list[str]:
        """The permissions the bot lacks in ``channel`` for ``op``, by name: from the gateway's cache where it
        tells, else as Discord's error says."""
        if exc.code == MISSING_ACCESS:
            return ["view_channel"]
        in_thread = channel == live.row.thread_id and channel != live.row.channel_id
        send = "send_messages_in_threads" if in_thread else "send_messages"
        files = bool(op.get("render") or op.get("attach"))
        needed = ["view_channel"] + ([send] if op.get("do") == "post" else []) + (["attach_files"] if files else [])
        found = None
        if self.probe is not None:
            try:
                found = self.probe(live.row.guild_id, channel, needed)
            except Exception:  # a cache that cannot tell: Discord's answer names enough
                log.debug("permission probe failed", exc_info=True)
        return found or (
            ["attach_files"] if files and op.get("do") == "edit" else [send, *(["attach_files"] if files else [])]
        )

    async def _reopen(self, live: Any) -> bool:
        """Unarchive (and unlock) the game's thread, where the bot may. Returns whether it is open now."""
        reopen = getattr(self.dispatcher.transport, "reopen_thread", None)
        if reopen is None or not live.row.thread_id:
            return False
        for unlock in (True, False):  # unlocking needs Manage Threads; an archived, unlocked thread opens without
            try:
                await reopen(live.row.thread_id, unlock)
            except DeliveryError as exc:
                if exc.kind in ("forbidden", "archived"):
                    continue
                if exc.kind == "not_found" and exc.code == UNKNOWN_CHANNEL:
                    self.channel_gone(live.id, thread=True)
                    return False
                raise
            log.info("game %s: its thread %s was archived or locked; reopened", live.id, live.row.thread_id)
            return True
        return False

    async def no_roles(self, live: Any) -> None:
        """Manage Roles is missing: players who are out cannot be silenced in the thread (NW-20). The game does not
        wait for it; the host is told once, by DM."""
        channel = live.row.thread_id or live.row.channel_id
        log.warning("game %s: no Manage Roles; players out are not silenced", live.id)
        await self._tell_host(live, live.table().t("moderation.no_roles", channel=f"<#{channel}>"))

    async def _tell_host(self, live: Any, text: str) -> None:
        op = {"do": "post", "to": "dm", "user": str(live.row.host_id), "content": f"{live.table().header()}\n{text}"}
        await self.dispatcher.send_now(live, op)

    # -- a deleted thread or channel ---------------------------------------------------------------------

    def channel_deleted(self, channel_id: int) -> None:
        """THREAD_DELETE / CHANNEL_DELETE: the games in memory played there end."""
        for live in list(self.runtime.games.values()):
            if channel_id in (live.row.thread_id, live.row.channel_id) and not live.over:
                self.channel_gone(
                    live.id, thread=channel_id == live.row.thread_id and channel_id != live.row.channel_id
                )

    def channel_gone(self, game_id: int, *, thread: bool) -> None:
        if game_id not in self.ending:
            self.ending.add(game_id)
            self._spawn(self._end(game_id, thread))

    async def _end(self, game_id: int, thread: bool) -> None:
        """End a game whose thread or channel is gone: aborted, its players told by DM (with nothing posted where
        it played), the lobby message saying why when the channel is still there."""
        try:
            live = await self.runtime.get(game_id)
            if live.row.status not in ("lobby", "running"):
                return
            table = live.table()
            ops: list[Op] = []
            if live.row.status == "running":
                text = f"{table.header()}\n{table.t('moderation.thread_deleted' if thread else 'moderation.channel_deleted')}"
                people = dict.fromkeys(
                    [
                        *map(str, live.row.seats),
                        str(live.row.host_id),
                        *([str(live.row.narrator_id)] if live.row.narrator_id else []),
                    ]
                )
                ops += [post("dm", text, user=person) for person in people]
            if thread and "lobby" in live.row.slots:
                ended = f"{lobby_text(table, live.engine, live.row)}\n{table.t('moderation.ended_lobby')}"
                ops.append({"do": "edit", "slot": "lobby", "content": ended, "components": []})
            log.warning("game %s: its %s was deleted; ending it", game_id, "thread" if thread else "channel")
            await self.runtime.cancel(game_id, ops)
        except GameError:
            pass  # ended meanwhile
        except Exception:
            log.exception("game %s: could not end it after its channel was deleted", game_id)
            self.ending.discard(game_id)

    # -- a player gone from the server -------------------------------------------------------------------

    async def dm_refused(self, live: Any, user: int) -> bool:
        """A DM to ``user`` failed with 50007: is it because they are no longer on the server? Then they leave the
        game as the rules say (once), and no "open your DMs" notice is posted for them."""
        player = str(user)
        if not live.row.guild_id or player not in live.row.seats or live.over:
            return False
        gone = self.left.setdefault(live.id, set())
        if player in gone:
            return True
        key = (live.row.guild_id, int(user))
        now = self.runtime.clock.now()
        if now - self.members.get(key, float("-inf")) < MEMBER_CHECKED_FOR:
            return False
        is_member = getattr(self.dispatcher.transport, "is_member", None)
        if is_member is None:
            return False
        try:
            member = await is_member(live.row.guild_id, int(user))
        except DeliveryError:
            return False
        if member:
            self.members[key] = now
            return False
        gone.add(player)
        log.info("game %s: player %s is no longer on the server; they leave the game", live.id, player)
        self._spawn(self._leave(live.id, player))
        return True

    async def _leave(self, game_id: int, player: str) -> None:
        """The player leaves through the engine's own ``leave`` action (as ``/game leave``), with a public line
        saying why."""
        try:
            live = await self.runtime.get(game_id)
            if live.row.status != "running" or live.state is None:
                return
            prompt = live.state.prompts[0].id if live.state.prompts else ""
            note = post("game", live.table().t("moderation.left_server", player=live.table().name(player)))
            await self.runtime.act(game_id, Action(player, prompt, "leave"), also=lambda *_: [dict(note)])
        except (IllegalAction, GameError) as exc:
            log.info("game %s: %s could not leave (%s)", game_id, player, exc)
        except Exception:
            log.exception("game %s: %s could not leave", game_id, player)
