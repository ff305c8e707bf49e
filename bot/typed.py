"""Messages typed in a game's channel (``MESSAGE_CONTENT=on``): found cheaply, read by the game's presenter.

Most messages a bot with the Message Content intent receives are in no game at all, so finding a message's game
is a dictionary lookup (:class:`GameChannels`): the channel each running game plays in (its thread, or its channel
when threads are not allowed), read from the database now and then, since other processes sharing it start and end
games too, and at once when this process starts or ends one. Only a message in a game's channel costs a query.

The game's presenter decides what the message is (:meth:`bot.presenter.Presenter.read_typed`: a Když sním clue,
guess or recap, or chatter the rules delete); this module applies it. A message whose action is taken is deleted,
when the presenter says so, in the action's own transaction (an outbox op, so a crash keeps both or neither), and
at once, ahead of what the game was about to post (:meth:`bot.rush.Rush.rush`); chatter that causes no
action is deleted at once, outside the outbox. What the action taught its player (a foul clue's reason) goes to
them privately, since there is no interaction to answer. Nothing is said in the channel.

A message edited in a game's channel (:func:`is_edit` tells a person's edit from the other updates Discord sends)
is never read again: the presenter says whether it is deleted (:meth:`bot.presenter.Presenter.read_edit`; a Když
sním clue edited after it was judged), and it is, at once, like chatter.
"""

from __future__ import annotations

import asyncio
import collections
import logging
import math
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from datetime import datetime, timedelta, timezone
from typing import Any

from sqlalchemy import select

from bot.db import Game, OutboxRow
from bot.games import game_ui
from bot.ops import Op, delete_message
from bot.presenter import Presenter, Table, Typed
from bot.runtime import GameError, LiveGame, Runtime
from engines.core import Event, IllegalAction, State

log = logging.getLogger(__name__)

#: The index of game channels is read again when it is older than this (seconds): a game another process started
#: is found within this long even when nothing else tells this process about it.
REFRESH_SECONDS = 10.0
#: A thread the index does not know, under a channel where a game was opened, makes it read again at once (a game
#: that just opened its thread), at most this often.
UNKNOWN_THREAD_SECONDS = 1.0
#: A typed message is read up to this many characters, like the forms' fields and ``/game say``.
MAX_TYPED = 200
#: An update of a message the bot has not cached is an edit only when its ``edited_timestamp`` is this recent: an
#: older one is the mark of an edit made long ago, carried by an update that is no edit (a pin, a thread started
#: from the message, a link's embed). Generous, for a host clock a little off Discord's.
EDIT_WINDOW = timedelta(minutes=10)


class GameChannels:
    """Which running game, if any, plays in a channel or thread, without a query for the many that are in none."""

    def __init__(self, runtime: Runtime, clock: Callable[[], float] = time.monotonic) -> None:
        self.runtime = runtime
        self.clock = clock
        #: The channel each running game plays in (its thread, else its channel) -> the game's id.
        self._games: dict[int, int] = {}
        #: The channels lobbies and running games were opened in (a new thread under one may be a game's).
        self._parents: set[int] = set()
        self._loaded = -math.inf
        self._stale = True
        self._lock = asyncio.Lock()
        #: How many times the index was read (tests: a message in no game costs none most of the time).
        self.loads = 0

    def changed(self) -> None:
        """A game opened, started or ended in this process: read the index again at the next message."""
        self._stale = True

    async def game_of(self, channel_id: int, parent_id: int | None = None) -> int | None:
        """The running game playing in ``channel_id`` (a thread of ``parent_id``), or ``None``."""
        now = self.clock()
        game = self._games.get(channel_id)
        unknown_thread = game is None and parent_id is not None and parent_id in self._parents
        if self._stale or now - self._loaded > REFRESH_SECONDS or (unknown_thread and now - self._loaded > UNKNOWN_THREAD_SECONDS):
            await self._load()
            game = self._games.get(channel_id)
        return game

    async def _load(self) -> None:
        async with self._lock:
            if not self._stale and self.clock() - self._loaded <= UNKNOWN_THREAD_SECONDS:
                return  # read meanwhile by another message
            self._stale = False
            self._loaded = self.clock()
            async with self.runtime.db.sessions() as session:
                rows = (
                    await session.execute(
                        select(Game.id, Game.engine, Game.status, Game.guild_id, Game.channel_id, Game.thread_id)
                        .where(Game.status.in_(["lobby", "running"]))
                        .order_by(Game.id)
                    )
                ).all()
            games: dict[int, int] = {}
            parents: set[int] = set()
            for game_id, engine, status, guild_id, channel_id, thread_id in rows:
                if not self.runtime.owns_guild(guild_id) or not reads_typed(engine):
                    continue  # its messages go to the process of its shard; or the game takes no typed words
                parents.add(channel_id)
                if status != "running":
                    continue
                live = self.runtime.games.get(game_id)  # a thread this process just made is not marked yet
                thread = live.row.thread_id if live is not None and live.row.thread_id else thread_id
                games[thread or channel_id] = game_id
            self._games, self._parents = games, parents
            self.loads += 1


def reads_typed(engine: str) -> bool:
    """Does the game's presenter read typed or edited messages (override :meth:`Presenter.read_typed` or
    :meth:`Presenter.read_edit`)? The others' threads are left out of the index, so their messages cost nothing
    either."""
    kind = type(game_ui(engine).presenter)
    return kind.read_typed is not Presenter.read_typed or kind.read_edit is not Presenter.read_edit


def is_edit(data: Mapping[str, Any], before: Any | None = None, now: datetime | None = None) -> bool:
    """Is a MESSAGE_UPDATE (its raw ``data``) a person's edit of their message? Discord also sends one when it
    unfurls a link's embed, when a message is pinned or a thread is started from it: those leave the content and
    ``edited_timestamp`` as they were. ``before`` is the message as cached before the update (discord.py's
    ``cached_message``: ``content``, ``edited_at``), if it was: then an update is an edit when its edited time or
    its content changed. Without it, when its edited time is within :data:`EDIT_WINDOW` of ``now``."""
    stamp = data.get("edited_timestamp")
    if not stamp:
        return False  # never edited: an embed, a pin, a thread
    try:
        edited = datetime.fromisoformat(str(stamp))
    except ValueError:
        return False
    if edited.tzinfo is None:
        edited = edited.replace(tzinfo=timezone.utc)
    if before is not None:
        return edited != before.edited_at or ("content" in data and data["content"] != before.content)
    return abs((now or datetime.now(timezone.utc)) - edited) <= EDIT_WINDOW


class TypedMessages:
    """Hands each message typed in a game's channel to its game (see the module docstring)."""

    def __init__(self, runtime: Runtime, clock: Callable[[], float] = time.monotonic) -> None:
        self.runtime = runtime
        self.channels = GameChannels(runtime, clock)
        runtime.on_finished.append(lambda live: self.channels.changed())
        #: Messages of one channel are handled one at a time, in the order they arrived (KS-12: in order received).
        self._order: dict[int, asyncio.Lock] = {}
        self._waiting: collections.Counter[int] = collections.Counter()
        self._deleting: set[asyncio.Task[None]] = set()

    async def handle(self, *, channel_id: int, parent_id: int | None, author_id: int, message_id: int, text: str) -> str:
        """What became of the message: ``not_a_game``, ``ignored``, ``acted``, ``refused`` or ``deleted``."""
        return await self._in_order(channel_id, lambda: self._handle(channel_id, parent_id, str(author_id), message_id, text[:MAX_TYPED]))

    async def handle_edit(self, *, channel_id: int, parent_id: int | None, author_id: int, message_id: int) -> str:
        """A message was edited (see :func:`is_edit`): ``not_a_game``, ``ignored`` or ``deleted``. It is never read
        as words: what it was has been read already, when it was typed. Handled in order with the channel's new
        messages, so a clue typed and at once edited is judged as typed, then deleted."""
        return await self._in_order(channel_id, lambda: self._handle_edit(channel_id, parent_id, str(author_id), message_id))

    async def _in_order(self, channel_id: int, handler: Callable[[], Awaitable[str]]) -> str:
        # no await before the lock: the handlers of one channel's messages queue in the order they arrived
        lock = self._order.setdefault(channel_id, asyncio.Lock())
        self._waiting[channel_id] += 1
        try:
            async with lock:
                return await handler()
        finally:
            self._waiting[channel_id] -= 1
            if not self._waiting[channel_id]:
                del self._waiting[channel_id]
                self._order.pop(channel_id, None)

    async def settle(self) -> None:
        """Wait for the deletions in flight (tests, shutdown)."""
        while self._deleting:
            await asyncio.gather(*list(self._deleting), return_exceptions=True)

    async def _handle(self, channel_id: int, parent_id: int | None, author: str, message_id: int, text: str) -> str:
        game_id = await self.channels.game_of(channel_id, parent_id)
        if game_id is None:
            return "not_a_game"
        live = await self._running(game_id, channel_id)
        if live is None:
            return "not_a_game"
        live = await self.runtime.refreshed(live) or live  # another process may have moved the game on
        presenter = game_ui(live.engine.name).presenter
        typed = self._read(presenter, live, author, text)
        tried: list[dict[str, Any]] = []
        while typed is not None and typed.action is not None and typed.action.to_json() not in tried:
            tried.append(typed.action.to_json())
            deleted: list[Op] = []
            try:
                also = _also(presenter, typed, channel_id, message_id, deleted)
                await self.runtime.act(game_id, typed.action, also=also)
                if deleted and self.runtime.dispatcher is not None:
                    self.runtime.dispatcher.rush(game_id)  # at once, not after what the game was about to post
                return "acted"
            except (IllegalAction, GameError) as exc:
                # refused (an empty clue, a turn that just ran out): read it again on the game as it is now, where
                # it may be something else (chatter, once the giver's turn is over)
                log.debug("game %s: typed %s refused (%s)", game_id, typed.action.kind, getattr(exc, "code", exc))
                live = await self._running(game_id, channel_id)
                if live is None:
                    return "refused"
                typed = self._read(presenter, live, author, text)
        if typed is None:
            return "ignored"
        if typed.delete:  # no action taken: nothing to keep it with, so at once
            self._delete_now(live, delete_message(channel_id, message_id))
            return "deleted"
        return "refused" if tried else "ignored"

    async def _handle_edit(self, channel_id: int, parent_id: int | None, author: str, message_id: int) -> str:
        game_id = await self.channels.game_of(channel_id, parent_id)
        live = None if game_id is None else await self._running(game_id, channel_id)
        if live is None:
            return "not_a_game"
        live = await self.runtime.refreshed(live) or live
        assert live.state is not None
        try:
            delete = game_ui(live.engine.name).presenter.read_edit(live.table(), live.state, author)
        except Exception:  # a bug in how a game reads edits must not break the listener
            log.exception("game %s: reading an edited message failed", live.id)
            return "ignored"
        if not delete:
            return "ignored"
        self._delete_now(live, delete_message(channel_id, message_id))
        return "deleted"

    async def _running(self, game_id: int, channel_id: int) -> LiveGame | None:
        """The game, if it still runs in that channel (the index may be behind: another process ended it, or the
        game's thread was made since)."""
        try:
            live = await self.runtime.get(game_id)
        except GameError:
            live = None
        if live is None or live.row.status != "running" or live.state is None or await self._plays_in(live) != channel_id:
            self.channels.changed()
            return None
        return live

    async def _plays_in(self, live: LiveGame) -> int | None:
        """The channel a game plays in: its thread; its channel when no thread could be made; ``None`` while its
        thread is still being made (the channel then is the server's, not the game's, and nobody's chatter there
        is the game's business). Only a game without a known thread costs a query."""
        if live.row.thread_id:
            return live.row.thread_id
        async with self.runtime.db.sessions() as session:
            thread = await session.scalar(select(Game.thread_id).where(Game.id == live.id))
            if thread:
                return thread  # made by another process, marked with its delivery
            # rows are delivered in order: an open_thread among the first undelivered ones is still to come
            pending = (
                await session.scalars(
                    select(OutboxRow.op).where(OutboxRow.game_id == live.id, OutboxRow.sent.is_(False)).order_by(OutboxRow.id).limit(20)
                )
            ).all()
        if any(op.get("do") == "open_thread" for op in pending):
            return None
        return live.row.channel_id

    @staticmethod
    def _read(presenter: Presenter, live: LiveGame, author: str, text: str) -> Typed | None:
        assert live.state is not None
        try:
            return presenter.read_typed(live.table(), live.state, author, text)
        except Exception:  # a bug in how a game reads messages must not break the listener
            log.exception("game %s: reading a typed message failed", live.id)
            return None

    def _delete_now(self, live: LiveGame, op: Op) -> None:
        """Chatter is deleted in the background, so a burst of it never holds up the next clue."""
        dispatcher = self.runtime.dispatcher
        if dispatcher is None:
            return

        async def delete() -> None:
            try:
                await dispatcher.send_now(live, op)
            except Exception:  # an answer Discord gives no other op (a 400): the message stays
                log.exception("game %s: deleting message %s failed", live.id, op["message"])

        task = asyncio.get_running_loop().create_task(delete())
        self._deleting.add(task)
        task.add_done_callback(self._deleting.discard)


def _also(
    presenter: Presenter, typed: Typed, channel_id: int, message_id: int, deleted: list[Op]
) -> Callable[[Table, State, State, list], list[Op]]:
    """The ops a typed action brings, written with it: the message's deletion (when the presenter asks for it, or
    its events are among ``delete_on``; also put in ``deleted``, so the caller has it delivered first) and what
    the action taught its player, privately."""

    def ops(table: Table, before: State, after: State, events: Sequence[Event]) -> list[Op]:
        assert typed.action is not None
        out = [delete_message(channel_id, message_id)] if typed.delete or any(e.key in typed.delete_on for e in events) else []
        deleted[:] = out  # as of the last try (an action tried again on a reloaded game asks again)
        return out + presenter.typed_answer_ops(table, typed.action, events)

    return ops


__all__ = ["EDIT_WINDOW", "GameChannels", "TypedMessages", "MAX_TYPED", "REFRESH_SECONDS", "is_edit"]
