"""Delivery: the dispatcher that sends outbox rows to Discord, in order, exactly once as far as Discord lets us.

Each game's outbox is drained by one task at a time, oldest row first. A row is marked sent (with the message id
it produced, and any slot or thread it created) in one transaction after Discord answered. Should the process die
in between, the row is sent again on restart with the same ``nonce`` and ``enforce_nonce``, so Discord returns
the message it already made instead of posting it twice.

On SQLite (one process) the rows an action writes are handed to the dispatcher by the commit that wrote them
(:meth:`Dispatcher.hand`), so a drain does not read them back; the outbox is read after a restart or a write made
outside ``Runtime.act``, and on PostgreSQL always (other processes write too). Rows are marked sent through the
runtime's :class:`bot.writer.CommitQueue`, group-committed with the actions rather than competing with them for
the write lock.

A render request (``{"do": "present", "seq": n}``, see :mod:`bot.ops`) is worded when its row comes up: the
runtime's presenter turns it into ops (:meth:`bot.runtime.Runtime.presented`), which go out as the row's parts, in
order, each with its own nonce; the row is marked sent with every part's result once the last is delivered.

Discord's pace is kept on the way out (:class:`Paced`): every call waits its turn in one bot-wide window, and each
post then in its channel's (5 in 5 s). A click's own answer can carry a delivery: the rewrite of the public message
it was on (:meth:`Dispatcher.take_rewrites`), or of a DM prompt its player is done with
(:meth:`Dispatcher.controls_gone`).

The :class:`Transport` is the only part that speaks HTTP; :class:`DiscordTransport` uses discord.py's client (its
rate-limit handling included). Tests may swap in their own transport.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from typing import Any, NamedTuple, Protocol

from sqlalchemy import select, text

from bot.db import MARK_SENT, RECORD_SLOTS, Game, OutboxRow
from bot import moderation as mod
from bot.ops import ANSWER, PRESENT, Op

log = logging.getLogger(__name__)


class DeliveryError(Exception):
    """Discord refused: ``kind`` is ``dm_closed``, ``forbidden``, ``not_found``, ``exists`` (a thread was already
    made from that message, 160004), ``archived`` (the thread is archived or locked, 50083) or ``transient``;
    ``code`` is Discord's error code when it gave one (10003 Unknown Channel, 10008 Unknown Message, 50013 ...)."""

    def __init__(self, kind: str, detail: str = "", code: int = 0) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind = kind
        self.code = code


class Transport(Protocol):
    """Discord's REST calls the dispatcher makes. ``files`` are ``(filename, bytes)`` pairs whose attachment
    metadata (alt text) is in ``payload["attachments"]``; an edit with files replaces the message's files."""

    async def post(self, channel_id: int, payload: dict[str, Any], files: list[tuple[str, bytes]] | None = None) -> int: ...
    async def edit(self, channel_id: int, message_id: int, payload: dict[str, Any], files: list[tuple[str, bytes]] | None = None) -> None: ...
    async def delete(self, channel_id: int, message_id: int) -> None: ...
    async def dm_channel(self, user_id: int) -> int: ...
    async def create_thread(self, channel_id: int, name: str, *, message_id: int | None, private: bool) -> int: ...
    async def find_thread(self, guild_id: int, parent_id: int, name: str) -> int | None: ...
    async def close_thread(self, thread_id: int) -> None: ...
    async def thread_member(self, thread_id: int, user_id: int, present: bool) -> None: ...
    async def recent_messages(self, channel_id: int, limit: int = 50) -> list[dict[str, Any]]: ...
    async def create_role(self, guild_id: int, name: str) -> int: ...
    async def find_role(self, guild_id: int, name: str) -> int | None: ...
    async def delete_role(self, guild_id: int, role_id: int) -> None: ...
    async def deny_in_threads(self, channel_id: int, role_id: int) -> None: ...
    async def member_role(self, guild_id: int, user_id: int, role_id: int, present: bool) -> None: ...


class Pacer:
    """At most ``limit`` posts in any ``window`` seconds to one channel (Discord's own pace: 5 in 5 s).

    discord.py waits out 429s, but a game should not run into them: a burst (seven Watch proposals in one second)
    is spread out instead. Time comes from the runtime's clock, so tests can drive it.

    The window is kept ``margin`` seconds longer than Discord's: a post is timed here when it leaves, and posts
    that left exactly 5 s apart can reach Discord less than 5 s apart (the bench's unpaced runs saw a sixth post
    inside Discord's window that way).
    """

    def __init__(self, clock: Any, limit: int = 5, window: float = 5.0, margin: float = 0.25) -> None:
        self.clock = clock
        self.limit = limit
        self.window = window + margin
        #: The times of each channel's posts within the window. Channels without a post in the window are swept
        #: out once a window (:meth:`_sweep`), so the map holds the channels posted to lately, not every one ever.
        self._sent: dict[int, collections.deque[float]] = {}
        self._next_sweep = 0.0
        #: How many calls that go first (``wait(first=True)``) wait for a turn, by channel.
        self._ahead: collections.Counter[int] = collections.Counter()

    async def wait(self, channel_id: int, first: bool = False) -> None:
        """Wait for a turn in ``channel_id``'s window. ``first``: the call goes ahead of those waiting (a deletion the
        rules demand, see :data:`FIRST`): while one waits, the others leave it the next turn."""
        if first:
            self._ahead[channel_id] += 1
        try:
            while True:  # looked up afresh after a wait: a sweep meanwhile may have replaced the channel's entry
                now = self.clock.now()
                sent = self._sent.get(channel_id)
                if sent is None:
                    sent = self._sent[channel_id] = collections.deque()
                while sent and sent[0] <= now - self.window:
                    sent.popleft()
                if len(sent) + (0 if first else self._ahead[channel_id]) < self.limit:
                    sent.append(now)
                    if now >= self._next_sweep:
                        self._sweep(now)
                    return
                if sent:
                    await self.clock.sleep_until(sent[0] + self.window)
                else:  # the turn is free, kept for a call that goes first and is about to take it
                    await asyncio.sleep(0)
        finally:
            if first:
                self._ahead[channel_id] -= 1
                if not self._ahead[channel_id]:
                    del self._ahead[channel_id]

    def _sweep(self, now: float) -> None:
        """Forget the channels with no post in the window (their next post waits for nothing anyway). At most once a
        window, at a post: the map then holds the channels posted to in the last two windows, so a sweep costs
        about one step per post since the last."""
        # a new map rather than deletions: a dict never shrinks its table, which would keep the busiest window's size
        self._sent = {c: sent for c, sent in self._sent.items() if sent and sent[-1] > now - self.window}
        self._next_sweep = now + self.window


#: Discord lets a bot make 50 REST calls a second (interaction responses aside); the bot keeps under it with room
#: for the calls discord.py makes itself (the gateway's, a cog's follow-ups).
BOT_CALLS_PER_SECOND = 40


class Paced:
    """A transport that keeps Discord's pace: every call first waits its turn in the bot-wide window
    (``bot_pacer``, one "channel" for the whole bot: a deal for 25 players - their DM channels, role DMs and
    prompts - is spread over a few seconds instead of bursting 150 calls into one, where Discord answers 429 and,
    done often, blocks the bot for a while), and then a post in its channel's (``pacer``). The channel's wait comes
    last, right before the call, so the times it keeps are when posts leave.

    A deletion goes ahead of the calls waiting in the bot-wide window, and waits in no channel's: Discord counts
    message deletions in rate-limit buckets of their own, apart from the channel's posts (one for messages younger
    than 10 s, one for older; discord.py keys them apart in its ``delete_message``; discord-api-docs #1092, #1295,
    #8330), and discord.py waits out a 429 there should a burst of chatter meet one."""

    BOT = 0  # the bot-wide pacer's one "channel"

    def __init__(self, transport: Transport, pacer: Pacer | None, bot_pacer: Pacer | None) -> None:
        self._transport = transport
        self._pacer = pacer
        self._bot_pacer = bot_pacer

    def __getattr__(self, name: str) -> Any:
        call = getattr(self._transport, name)
        if name.startswith("_") or not asyncio.iscoroutinefunction(call):
            return call
        pacer = self._pacer if name == "post" else None
        first = name == "delete"

        async def paced(*args: Any, **kwargs: Any) -> Any:
            if self._bot_pacer is not None:
                await self._bot_pacer.wait(self.BOT, first=first)
            if pacer is not None:
                await pacer.wait(args[0] if args else kwargs["channel_id"])
            return await call(*args, **kwargs)

        return paced


#: Most outbox rows one drain step delivers before marking them sent.
BATCH = 50
#: Shortest and longest pause, in seconds, before a game whose drain failed is drained again.
DRAIN_RETRY_MIN = 1.0
DRAIN_RETRY_MAX = 60.0
#: Longest wait, in seconds, of a drain for a click's own answer to go out (:meth:`Dispatcher.answering`): Discord
#: refuses an answer after 3 s anyway, and the cog always says how its answer went.
ANSWER_WAIT = 10.0


class _Pending:
    """A click's answer on its way (:meth:`Dispatcher.answering`): whether it went out, and the messages the
    dispatcher edited meanwhile (such an edit may have reached Discord after the answer)."""

    __slots__ = ("shown", "touched")

    def __init__(self) -> None:
        self.shown: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self.touched: set[int] = set()


class _Row(NamedTuple):
    """An undelivered outbox row (its id makes the post's nonce) and its op; or one of the ops a render request
    was worded into, ``part`` of ``parts``."""

    id: int
    op: Op
    part: int | None = None
    parts: int = 1

    @property
    def nonce(self) -> str:
        return f"nc{self.id}" if self.part is None else f"nc{self.id}p{self.part}"


#: What a render request that says nothing is delivered as (one part, so its row is marked like any other).
NOTHING: Op = {"do": "nothing"}
#: Ops that go ahead of everything else the bot has to send (:meth:`Dispatcher.rush`): the deletion of a message the
#: rules delete (a foul clue; the Dreamer's guess, which KS-19 deletes at once) waits for no post before it.
FIRST = frozenset({"delete_message"})


class Dispatcher:
    """Drains each game's outbox in order; ``kick(game_id)`` after every commit that wrote ops."""

    def __init__(
        self,
        runtime: Any,
        transport: Transport,
        *,
        retry_delay: float = 1.0,
        debounce: float = 0.0,
        pacer: Pacer | None = None,
        bot_pacer: Pacer | None = None,
    ) -> None:
        """``debounce``: seconds a rewrite of a live message (a tally) waits for a newer one to replace it.
        ``pacer``: keeps posts to any one channel under Discord's pace; ``bot_pacer``: every call of the transport
        under the bot-wide one (see :class:`Paced`)."""
        self.runtime = runtime
        self.debounce = debounce
        self.pacer = pacer
        self.bot_pacer = bot_pacer
        self.transport: Transport = Paced(transport, pacer, bot_pacer) if pacer or bot_pacer else transport
        self.retry_delay = retry_delay
        self._workers: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()
        self._dm_channels: dict[int, int] = {}
        #: Makers of files named by an op's ``attach`` requests, by kind: ``maker(live, request)`` returns
        #: ``(filename, bytes, description)``; called at send time, so the outbox holds the request, not the bytes.
        self.attachments: dict[str, Callable[[Any, dict[str, Any]], Awaitable[tuple[str, bytes, str]]]] = {}
        #: Games whose undelivered rows may have reached Discord before a crash (see :meth:`resume`), with the
        #: message ids their delivered rows are known to have made.
        self._resumed: dict[int, set[int] | None] = {}
        #: When each board slot of a game was last drawn (by this process), for :data:`BOARD_SHOWN_EVERY`.
        self._board_shown: dict[int, dict[Any, float]] = {}
        #: SQLite (one process, one writer): each game's undelivered rows known in memory (id -> op), valid while
        #: the game is in ``_synced`` - since the last read of its outbox every row it gained was handed over by
        #: the commit that wrote it (:meth:`hand`). A plain :meth:`kick` (rows written some other way) unsyncs it.
        self._known: dict[int, dict[int, Op]] = {}
        self._synced: set[int] = set()
        #: The highest outbox row id of each synced game already known: ids grow in commit order under SQLite's
        #: one write lock, so a handed row at or below it was already read from the table.
        self._seen: dict[int, int] = {}
        #: Rows a click's own answer is delivering (:meth:`take_rewrites`) and the message they rewrite, by game: the
        #: game's drain waits for that answer.
        self._claimed: dict[int, tuple[list[int], int]] = {}
        #: Clicks' answers on their way whose content is also an ``answer`` op in the outbox, by game and token: set
        #: to whether the answer went out (:meth:`answering`, :meth:`answered`); the op then makes no call.
        self._answers: dict[int, dict[str, _Pending]] = {}
        #: Render requests worded and not yet delivered: game -> row id -> its ops; and the results of the parts
        #: of a row already delivered (a drain that stopped in the middle of a row goes on from the next part).
        #: Games whose drain is between taking rows and marking them sent: a click's answer then rewrites nothing
        #: (an edit on its way to Discord could land after the answer and show the older message).
        self._in_flight: set[int] = set()
        #: Drains of a game that failed in a row, and the retries waiting (see :meth:`_retry_later`).
        self._drain_failures: dict[int, int] = {}
        self._retries: set[asyncio.Task[None]] = set()
        #: Rows of :data:`FIRST` taken for delivery, by game: row id -> marked sent yet. The game's drain or
        #: :meth:`rush`, whichever takes a row first, delivers it; the other passes it by.
        self._first: dict[int, dict[int, bool]] = {}
        self._rushes: set[asyncio.Task[None]] = set()
        self._worded: dict[int, dict[int, list[Op]]] = {}
        self._parts_done: dict[int, dict[int, list[dict[str, Any]]]] = {}
        #: PostgreSQL: a drain holds a pooled connection for its advisory lock from start to end (Discord's calls
        #: included), and one more at times; so at most a quarter of the pool's connections drain at once (5 of
        #: bot/db.py's 10 + 10; Discord's own 50 requests/s is about what five games' drains make), and a restart
        #: that resumes thousands of outboxes queues them here instead of exhausting the pool for timers and clicks.
        self._drains_at_once = asyncio.Semaphore(max(1, _pool_capacity(runtime.db.engine) // 4))
        #: Moderators' changes under a running game (a deleted board, thread or channel, a permission taken away...).
        self.moderation = mod.Moderation(self)
        runtime.dispatcher = self

    async def bot_turn(self, calls: int = 1) -> None:
        """Wait until the bot-wide pace has room for ``calls`` more REST calls: for calls made outside the
        dispatcher (a cog's own through discord.py), so they share one budget with the deliveries."""
        if self.bot_pacer is not None:
            for _ in range(calls):
                await self.bot_pacer.wait(Paced.BOT)

    def resume(self, game_id: int) -> None:
        """Deliver a game's rows left undelivered by a crash. A post among them may have reached Discord just
        before the crash; Discord's nonce de-duplication forgets after minutes, so after a longer outage the
        channel's recent messages are searched for it before it is posted again."""
        self._resumed[game_id] = None
        self.kick(game_id)

    def hand(self, game_id: int, rows: list[tuple[int, Op]] | None) -> None:
        """Rows ``(id, op)`` just committed for ``game_id`` (called by the writer at the commit, synchronously):
        kept in memory when the game's outbox is known, so its drain does not read them back. The caller still
        kicks the game once it has updated its cached state. ``None``: rows were written but cannot be handed
        over; the next drain reads the outbox."""
        if rows is None:
            self._synced.discard(game_id)
            return
        if game_id not in self._synced or not rows:
            return  # the next drain reads the outbox, these rows included
        known = self._known.setdefault(game_id, {})
        seen = self._seen.get(game_id, 0)
        for row_id, op in rows:
            if row_id > seen:
                known[row_id] = op
        self._seen[game_id] = max(seen, rows[-1][0])

    def busy(self, game_id: int) -> bool:
        """Is a drain of ``game_id`` running, about to, or to be tried again after a failure? The runtime keeps a
        game that is over until it is not."""
        worker = self._workers.get(game_id)
        running = worker is not None and not worker.done()
        # rows a click's answer is rewriting, a drain to try again, or a deletion rushed, are deliveries still to come
        rushed = not all(self._first.get(game_id, {}).values())
        return running or game_id in self._claimed or game_id in self._drain_failures or rushed

    def release(self, game_id: int, users: Iterable[str] = ()) -> None:
        """Forget what is kept for ``game_id``, a game that is over and fully drained (the runtime evicts it):
        its outbox bookkeeping (a later drain, if any, reads the outbox like after a restart), its boards' times,
        and the DM channels of its ``users`` (a user still playing elsewhere costs one lookup the next time)."""
        self._again.discard(game_id)
        self._resumed.pop(game_id, None)
        self._known.pop(game_id, None)
        self._synced.discard(game_id)
        self._seen.pop(game_id, None)
        self._claimed.pop(game_id, None)
        self._answers.pop(game_id, None)
        self._worded.pop(game_id, None)
        self._parts_done.pop(game_id, None)
        self._drain_failures.pop(game_id, None)
        self._first.pop(game_id, None)
        self._board_shown.pop(game_id, None)
        self.moderation.forget(game_id)
        for user in users:
            if str(user).isdigit():
                self._dm_channels.pop(int(user), None)

    def kick(self, game_id: int, *, handed: bool = False) -> None:
        """Wake the game's drain. ``handed``: every row written since the last kick was handed over (:meth:`hand`);
        otherwise rows may have been written some other way and the outbox is read again."""
        if not handed:
            self._synced.discard(game_id)
        worker = self._workers.get(game_id)
        if worker is not None and not worker.done():
            self._again.add(game_id)
            return
        self._workers[game_id] = asyncio.get_running_loop().create_task(self._drain(game_id))

    async def idle(self) -> None:
        """Wait until every outbox this process knows of is drained (tests and shutdown)."""
        while True:
            busy = [w for w in self._workers.values() if not w.done()]
            if not busy:
                return
            await asyncio.gather(*busy, return_exceptions=True)

    async def _drain(self, game_id: int) -> None:
        """Deliver the game's pending rows; with several processes on one database, one at a time per game.

        When it is done the worker leaves :attr:`_workers` and tells the runtime (``drained``), which evicts a game
        that is over: a finished game's last messages, record, role deletion and thread close are delivered
        first."""
        done = False
        try:
            while True:
                async with self._exclusive(game_id) as mine:
                    if not mine:
                        done = True
                        return  # another process is draining this game; it re-checks for our rows when it is done
                    live = await self._refresh_slots(game_id) if not self.runtime.db.is_sqlite else await self.runtime.get(game_id)
                    await self._drain_rows(live)
                    current = await self.runtime.get(game_id)
                    if current is not live:  # the runtime reloaded the game meanwhile: hand it what we delivered
                        current.row.slots, current.row.thread_id = dict(live.row.slots), live.row.thread_id
                # rows another process committed while we held the lock were left to us: look once more (and again
                # if a kick came while we looked)
                if game_id in self._again:
                    continue
                if self.runtime.db.is_sqlite or not await self._pending(game_id):
                    if game_id not in self._again:
                        done = True
                        return
        except mod.Waiting as waiting:  # a permission missing, the thread closed to the bot: see bot.moderation
            log.info("%s; trying again later", waiting)
            self._retry_later(game_id)
        except Exception:  # the database (or a bug) failed the drain: its rows are still in the outbox
            log.exception("game %s: delivery failed; trying again shortly", game_id)
            self._retry_later(game_id)
        finally:
            if self._workers.get(game_id) is asyncio.current_task():
                del self._workers[game_id]
                drained = getattr(self.runtime, "drained", None)
                if done and drained is not None:  # a drain that failed keeps its game for its retry
                    self._drain_failures.pop(game_id, None)
                    drained(game_id)

    def cancel_retries(self) -> None:
        """Shutdown: the retries waiting are dropped (the outbox keeps their rows for the next start)."""
        for task in list(self._retries):
            task.cancel()

    def _retry_later(self, game_id: int) -> None:
        """Drain a game again after a failed drain, 1, 2, 4 ... up to 60 s later (``retry_delay`` times that), so its
        messages do not wait for the game's next action, which may never come (the last one of a game)."""
        failures = self._drain_failures[game_id] = self._drain_failures.get(game_id, 0) + 1
        delay = min(DRAIN_RETRY_MAX, max(self.retry_delay, DRAIN_RETRY_MIN) * 2 ** (failures - 1))
        self._synced.discard(game_id)  # what is known in memory may be off: read the outbox again
        clock = self.runtime.clock

        async def retry() -> None:
            await clock.sleep_until(clock.now() + delay)
            if game_id in self._drain_failures:  # not released meanwhile (a game evicted has nothing to retry)
                self.kick(game_id)

        task = asyncio.get_running_loop().create_task(retry())
        self._retries.add(task)
        task.add_done_callback(self._retries.discard)

    async def _drain_rows(self, live: Any) -> None:
        """Deliver pending rows in order. ``live`` is pinned for the whole drain, so the slots and thread it
        records stay together even if the runtime reloads the game meanwhile."""
        game_id = live.id
        failures = 0
        while True:
            self._again.discard(game_id)
            self._prune_first(game_id)
            pending = [row for row in await self._pending_rows(game_id) if row.id not in self._first.get(game_id, {})]
            rows = _first_ahead(await self._parts(live, pending))
            if not rows:
                if game_id in self._again:
                    continue
                self._resumed.pop(game_id, None)
                if not self._known.get(game_id, True):
                    del self._known[game_id]  # nothing pending: an idle game keeps no empty map
                return
            self._in_flight.add(game_id)
            try:
                failures = await self._deliver_rows(live, rows, failures)
            finally:
                self._in_flight.discard(game_id)

    async def _deliver_rows(self, live: Any, rows: list[_Row], failures: int) -> int:
        """Deliver ``rows`` in order and mark them sent. Returns 0, or after a transient failure the number of
        failures in a row so far (what was delivered before it is marked; the rest is tried again after a pause)."""
        game_id = live.id
        delivered: list[tuple[int, dict[str, Any]]] = []
        taken = [row.id for row in rows if row.op.get("do") in FIRST and self._take(game_id, row.id)]
        try:
            return await self._deliver_taken(live, rows, failures, delivered, set(taken))
        finally:
            self._give_back(game_id, taken)  # those not marked sent (a failure): the next drain delivers them

    async def _deliver_taken(
        self, live: Any, rows: list[_Row], failures: int, delivered: list[tuple[int, dict[str, Any]]], taken: set[int]
    ) -> int:
        """:meth:`_deliver_rows` once the rows of :data:`FIRST` it delivers are ``taken`` (the others a rush took)."""
        game_id = live.id
        for index, row in enumerate(rows):
            if row.op.get("do") in FIRST and row.id not in taken:
                continue  # delivered (or being delivered) by a rush
            later = [r.op for r in rows[index + 1 :]]
            if self.debounce and row.op.get("slot") in live.row.slots and not later:
                # the last rewrite of a live message so far: give a newer one a moment to replace it
                await asyncio.sleep(self.debounce)
                later = await self._ops_after(live, row.id)
            try:
                result = await self._deliver(live, row, later)
            except DeliveryError as exc:
                if exc.kind == "transient" and failures < 5:
                    await self._mark_sent(live, delivered)
                    await asyncio.sleep(self.retry_delay * (failures + 1))
                    return failures + 1
                result = await self._moderated(live, row, later, exc, delivered)
            except Exception:  # a bug in one op must not block the game's outbox forever
                log.exception("game %s: outbox row %s failed", game_id, row.id)
                result = {"error": "exception"}
            failures = 0
            if "error" not in result:
                self.moderation.went_through(live)
            done = self._part_delivered(game_id, row, result)
            if done is not None:
                delivered.append(done)
        await self._mark_sent(live, delivered)
        return 0

    async def _moderated(self, live: Any, row: _Row, later: list[Op], exc: DeliveryError, delivered: list[tuple[int, dict[str, Any]]]) -> dict[str, Any]:
        """A row Discord refused: the server may have changed under the game (:mod:`bot.moderation`). Returns the
        row's result: delivered after all (its thread reopened), or given up with the error recorded; or raises
        :class:`bot.moderation.Waiting` (the rows delivered before it marked): the game's delivery waits."""
        try:
            if await self.moderation.failed(live, row.op, exc):
                return await self._deliver(live, row, later)
        except mod.Waiting:
            await self._mark_sent(live, delivered)
            raise
        except DeliveryError as again:
            exc = again
        return {"error": exc.kind, **({"code": exc.code} if exc.code else {})}

    async def _pending_rows(self, game_id: int) -> list[_Row]:
        """The game's next undelivered rows, oldest first: from memory when its outbox is known (SQLite), else read
        from the outbox (after a restart, after a write that was not handed over, always on PostgreSQL)."""
        if game_id in self._synced:
            if game_id in self._claimed:
                return []  # a click's answer is rewriting a message: what comes after waits for it (:meth:`rewritten`)
            known = self._known.get(game_id, {})
            return [_Row(row_id, known[row_id]) for row_id in sorted(known)[:BATCH]]
        sqlite = self.runtime.db.is_sqlite
        if sqlite:  # from now on, rows committed for this game are handed over (a kick meanwhile unsyncs it)
            self._synced.add(game_id)
            self._known[game_id] = {}
        async with self.runtime.db.engine.connect() as conn:
            found = (
                await conn.execute(
                    select(OutboxRow.id, OutboxRow.op)
                    .where(OutboxRow.game_id == game_id, OutboxRow.sent.is_(False))
                    .order_by(OutboxRow.id)
                    .limit(BATCH)
                )
            ).all()
        rows = [_Row(row_id, op) for row_id, op in found]
        if sqlite:
            if len(rows) == BATCH:
                self._synced.discard(game_id)  # more wait in the table: read again after these
            elif game_id in self._synced:
                known = self._known.setdefault(game_id, {})
                known.update((row.id, row.op) for row in rows)
                if rows:
                    self._seen[game_id] = max(self._seen.get(game_id, 0), rows[-1].id)
                return [_Row(row_id, known[row_id]) for row_id in sorted(known)[:BATCH]]
        return rows

    def _forget_rows(self, game_id: int, row_ids: list[int]) -> None:
        for kept in (self._known.get(game_id), self._worded.get(game_id), self._parts_done.get(game_id)):
            if kept is not None:
                for row_id in row_ids:
                    kept.pop(row_id, None)
        for kept_by_game in (self._worded, self._parts_done):
            if not kept_by_game.get(game_id, True):
                del kept_by_game[game_id]
        taken = self._first.get(game_id)
        if taken:
            for row_id in row_ids:
                if row_id in taken:
                    taken[row_id] = True

    async def _parts(self, live: Any, rows: list[_Row]) -> list[_Row]:
        """``rows`` with each render request replaced by the ops it is worded into (worded once, kept until the
        row is marked sent), less the parts already delivered."""
        worded = self._worded.setdefault(live.id, {})
        requests = [row for row in rows if row.op.get("do") == PRESENT and row.id not in worded]
        if requests:
            for row, ops in zip(requests, await self.runtime.presented(live, [row.op for row in requests])):
                worded[row.id] = ops or [NOTHING]
        return self._split(live.id, rows)

    def _split(self, game_id: int, rows: list[_Row]) -> list[_Row]:
        worded = self._worded.get(game_id, {})
        done = self._parts_done.get(game_id, {})
        parts: list[_Row] = []
        for row in rows:
            if row.op.get("do") != PRESENT:
                parts.append(row)
                continue
            ops = worded[row.id]
            start = len(done.get(row.id, ()))
            parts += [_Row(row.id, op, index, len(ops)) for index, op in enumerate(ops) if index >= start]
        return parts

    def _part_delivered(self, game_id: int, row: _Row, result: dict[str, Any]) -> tuple[int, dict[str, Any]] | None:
        """The row and its result once it is wholly delivered (a render request: its last part), else ``None``."""
        if row.part is None:
            return row.id, result
        results = self._parts_done.setdefault(game_id, {}).setdefault(row.id, [])
        results.append(result)
        if len(results) < row.parts:
            return None
        del self._parts_done[game_id][row.id]
        return row.id, {"parts": results}

    @contextlib.asynccontextmanager
    async def _exclusive(self, game_id: int) -> AsyncIterator[bool]:
        """Hold the game's delivery lock across processes (a PostgreSQL advisory lock; SQLite has one process,
        whose per-game worker is already alone)."""
        if self.runtime.db.is_sqlite:
            yield True
            return
        async with self._drains_at_once, self.runtime.db.engine.connect() as conn:
            # keyed by (schema, game): advisory locks are database-wide, and game ids repeat across schemas
            args = {"g": game_id}
            got = bool(await conn.scalar(text("SELECT pg_try_advisory_lock(hashtext(current_schema()), :g)"), args))
            try:
                yield got
            finally:
                if got:
                    await conn.scalar(text("SELECT pg_advisory_unlock(hashtext(current_schema()), :g)"), args)

    async def _refresh_slots(self, game_id: int) -> Any:
        """Another process may have made the thread or a slot's message: start from what is stored."""
        live = await self.runtime.get(game_id)
        async with self.runtime.db.sessions() as session:
            stored = (await session.execute(select(Game.slots, Game.thread_id).where(Game.id == game_id))).first()
        if stored is not None:
            live.row.slots = dict(stored.slots or {})
            live.row.thread_id = stored.thread_id
        return live

    async def _ops_after(self, live: Any, row_id: int) -> list[Op]:
        game_id = live.id
        if game_id in self._synced:
            known = self._known.get(game_id, {})
            rows = [_Row(i, known[i]) for i in sorted(known) if i > row_id]
        else:
            async with self.runtime.db.sessions() as session:
                found = await session.execute(
                    select(OutboxRow.id, OutboxRow.op)
                    .where(OutboxRow.game_id == game_id, OutboxRow.id > row_id, OutboxRow.sent.is_(False))
                    .order_by(OutboxRow.id)
                )
                rows = [_Row(i, op) for i, op in found]
        return [row.op for row in await self._parts(live, rows)]

    async def _pending(self, game_id: int) -> bool:
        rushed = [row_id for row_id, marked in self._first.get(game_id, {}).items() if not marked]  # a rush marks them
        query = select(OutboxRow.id).where(OutboxRow.game_id == game_id, OutboxRow.sent.is_(False))
        async with self.runtime.db.sessions() as session:
            found = await session.scalar((query.where(OutboxRow.id.not_in(rushed)) if rushed else query).limit(1))
        return found is not None

    async def _mark_sent(self, live: Any, delivered: list[tuple[int, dict[str, Any]]], slots: bool = True) -> None:
        """Mark a run of delivered rows sent, with the slots they made (unless not ``slots``: a rush makes none, and
        its copy of them may be older than the drain's), in one transaction.

        Should the process die before this, the rows are sent again after the restart: posts carry their row's
        nonce (Discord returns the message it already made), edits are idempotent.
        """
        if not delivered:
            return
        statements = [  # bot.db's prepared statements, compiled once
            (MARK_SENT, [{"row_id": rid, "outcome": result} for rid, result in delivered]),
            (RECORD_SLOTS, {"b_id": live.id, "b_slots": dict(live.row.slots), "b_thread": live.row.thread_id}),
        ][: 2 if slots else 1]
        writer = getattr(self.runtime, "writer", None)
        if writer is not None:  # the actions' own writer: one connection, group-committed with them, no lock fight
            await writer.commit(statements)
        else:
            async with self.runtime.db.engine.begin() as conn:
                for statement, params in statements:
                    await conn.execute(statement.core, params)
        self._forget_rows(live.id, [rid for rid, _ in delivered])

    # -- deletions first -----------------------------------------------------------------------------------

    def rush(self, game_id: int) -> None:
        """Deliver the game's undelivered rows of :data:`FIRST` now, ahead of the rows before them and of other
        games' calls: a message the rules delete (the Dreamer's typed guess, which KS-19 deletes at once) is not
        left readable while the game's drain waits for Discord's pace (5 posts in 5 s a channel) to post what
        came before it. Called after the commit that wrote them, whose kick wakes the drain for the rest.

        The rows stay in the outbox, written with their action, until they are marked sent: a crash before that
        deletes again after the restart (a message already gone is done). The drain passes by the rows a rush
        took, and a rush those the drain took (:attr:`_first`). A deletion Discord refuses is left to the drain,
        which tries again in order or gives up as it does with any row."""
        task = asyncio.get_running_loop().create_task(self._rush(game_id))
        self._rushes.add(task)
        task.add_done_callback(self._rushes.discard)

    async def _rush(self, game_id: int) -> None:
        taken: list[int] = []
        try:
            live = self.runtime.games.get(game_id)
            if live is None:
                return  # not in memory: its drain reads the outbox, deletions first
            rows = [row for row in await self._first_rows(game_id) if self._take(game_id, row.id)]
            taken = [row.id for row in rows]
            delivered = []
            for row in rows:
                try:
                    delivered.append((row.id, await self.execute(live, row.op, nonce=None)))
                except DeliveryError as exc:
                    log.info("game %s: deleting first failed (%s); left to the drain", game_id, exc.kind)
            await self._mark_sent(live, delivered, slots=False)
        except Exception:  # the database failed the mark: the drain deletes again (a message already gone is done)
            log.exception("game %s: deletions first failed; left to the drain", game_id)
        finally:
            if self._give_back(game_id, taken):
                self.kick(game_id, handed=True)  # its outbox in memory still holds them, if it did
            elif not self.busy(game_id) and getattr(self.runtime, "drained", None) is not None:
                self.runtime.drained(game_id)  # a game that is over and waited for this leaves memory

    async def _first_rows(self, game_id: int) -> list[_Row]:
        """The game's undelivered rows of :data:`FIRST`, oldest first: from memory when its outbox is known (SQLite),
        else read from the outbox."""
        if game_id in self._synced:
            known = self._known.get(game_id, {})
            return [_Row(row_id, known[row_id]) for row_id in sorted(known) if known[row_id].get("do") in FIRST]
        async with self.runtime.db.engine.connect() as conn:
            found = await conn.execute(
                select(OutboxRow.id, OutboxRow.op)
                .where(OutboxRow.game_id == game_id, OutboxRow.sent.is_(False))
                .where(OutboxRow.op["do"].as_string().in_(sorted(FIRST)))
                .order_by(OutboxRow.id)
            )
            return [_Row(row_id, op) for row_id, op in found]

    def _take(self, game_id: int, row_id: int) -> bool:
        """Take a row of :data:`FIRST` to deliver it: ``False`` when the drain or a rush has it already."""
        taken = self._first.setdefault(game_id, {})
        if row_id in taken:
            return False
        taken[row_id] = False
        return True

    def _give_back(self, game_id: int, row_ids: Iterable[int]) -> bool:
        """Rows taken and not marked sent (their delivery failed): the game's drain delivers them. Were there any?"""
        taken = self._first.get(game_id, {})
        back = [row_id for row_id in row_ids if taken.get(row_id) is False]
        for row_id in back:
            del taken[row_id]
        if not taken:
            self._first.pop(game_id, None)
        return bool(back)

    def _prune_first(self, game_id: int) -> None:
        """Forget the rows of :data:`FIRST` marked sent, before the drain reads its next rows (which cannot hold
        them any more); not while a rush may still hold a read from before their mark."""
        taken = self._first.get(game_id)
        if taken and not self._rushes:
            self._first[game_id] = {row_id: marked for row_id, marked in taken.items() if not marked}
            if not self._first[game_id]:
                del self._first[game_id]

    # -- a click's own answer -----------------------------------------------------------------------------

    def take_rewrites(self, game_id: int, message_id: int) -> tuple[list[int], dict[str, Any]] | None:
        """The rewrites of message ``message_id`` that a click on it just caused, for the click's own answer: an
        interaction response of type 7 updates the message clicked on, one call where an answer and an edit
        were two. Taken only when they are everything the game has undelivered (known in memory: SQLite) and plain
        rewrites of that one message (edits, or posts to its slot; no board to draw, no message to forget), so
        nothing goes out of order; and not while the game's drain is delivering (an edit of the same message on its
        way to Discord could land after the answer). A click's ``answer`` op (:meth:`answering`) is no rewrite and
        is not taken: it is the player's own, answered apart.
        Returns their row ids and the payload of the newest, or ``None``: deliver as usual.

        The rows stay unsent in the outbox until :meth:`rewritten` marks them, and the game's drain waits until
        then: a crash meanwhile sends the edit (idempotent) again after the restart."""
        if game_id not in self._synced or game_id in self._claimed or game_id in self._in_flight:
            return None
        live = self.runtime.games.get(game_id)
        known = self._known.get(game_id)
        if live is None or not known:
            return None
        rows = [_Row(row_id, known[row_id]) for row_id in sorted(known) if known[row_id].get("do") != ANSWER]
        if not rows:
            return None
        worded = self._worded.setdefault(game_id, {})
        for row in rows:  # worded here if need be: only from the steps in memory (no database read on a click)
            if row.op.get("do") == PRESENT and row.id not in worded:
                ops = self.runtime.presented_now(live, row.op)
                if ops is None:
                    return None
                worded[row.id] = ops or [NOTHING]
        ops = [row.op for row in self._split(game_id, rows)]
        slot = live.row.slots.get(ops[-1].get("slot"))
        if slot is None or slot.get("message") != message_id:
            return None
        for op in ops:
            # a post to a slot that has its message is a rewrite of it too (:meth:`_post`)
            if op.get("do") not in ("edit", "post") or op.get("slot") != ops[-1].get("slot") or {"render", "attach", "forget"} & set(op):
                return None
        payload = _rewrite(slot, ops[-1])
        row_ids = [row.id for row in rows]
        self._claimed[game_id] = (row_ids, message_id)
        return row_ids, payload

    async def rewritten(self, game_id: int, row_ids: list[int], answered: bool) -> None:
        """The click's answer carrying rows :meth:`take_rewrites` gave went out (``answered``; they are marked
        sent) or failed (they are delivered as usual); either way the game's drain goes on."""
        claimed = self._claimed.get(game_id)
        if claimed is None or claimed[0] != row_ids:
            return
        del self._claimed[game_id]
        live = self.runtime.games.get(game_id)  # still there: a game with claimed rows is busy, never evicted
        try:
            if answered and live is not None:
                await self._mark_sent(live, [(row_id, {"edited": claimed[1], "by": "answer"}) for row_id in row_ids])
        finally:
            self.kick(game_id, handed=True)

    def answering(self, game_id: int, token: str) -> None:
        """A click's answer (interaction ``token``) is on its way, and what it shows of the player's own is also in
        the outbox as an ``answer`` op (:func:`bot.ops.answer`): the drain that comes to that op waits for
        :meth:`answered`, then makes no call if the answer went out and delivers the op itself if not."""
        self._answers.setdefault(game_id, {}).setdefault(str(token), _Pending())

    def answered(self, game_id: int, token: str, shown: bool, *, written: bool = True) -> None:
        """How the answer of :meth:`answering` went: ``shown`` to the player, or not (late past Discord's 3 s, refused,
        failed). ``written=False``: the action was refused, so no op waits for it."""
        pending = self._answers.get(game_id, {})
        answer = pending.get(str(token)) if written else pending.pop(str(token), None)
        if answer is not None and not answer.shown.done():
            answer.shown.set_result(shown)
        if not pending:
            self._answers.pop(game_id, None)

    async def _answer(self, live: Any, op: Op, nonce: str | None) -> dict[str, Any]:
        """A click's answer written with its action (:func:`bot.ops.answer`): no call when this process's answer
        showed it; else (the answer failed, or a crash came between the action and its answer or its mark) the DM
        clicked on is rewritten with it as the answer would have, or the private message is posted. A DM the bot
        edited meanwhile (an edit of an earlier row, on its way as the answer went) is rewritten too: that edit may
        have reached Discord after the answer and taken its words off."""
        pending = self._answers.get(live.id, {})
        answer = pending.get(op["answer"])
        shown = False
        if answer is not None:
            try:
                shown = await asyncio.wait_for(asyncio.shield(answer.shown), ANSWER_WAIT)
            except TimeoutError:
                log.warning("game %s: answer %s not reported in %ss; delivering it", live.id, op["answer"], ANSWER_WAIT)
            pending.pop(op["answer"], None)
            if not pending:
                self._answers.pop(live.id, None)
            if op.get("message") is not None and int(op["message"]) in answer.touched:
                shown = False
        if op.get("message") is None:
            if shown:
                return {"answered": op["answer"]}
            return await self._post_dm(live, {**op, "do": "post", "to": "dm"}, nonce)
        message = int(op["message"])
        self._bare(live, message)  # no controls left: the edit that would take them off at the close makes no call
        if shown:
            return {"edited": message, "by": "answer"}
        try:
            await self.transport.edit(int(op["channel"]), message, {"content": op["content"], "components": []})
        except DeliveryError as exc:
            if exc.kind != "not_found":
                raise
            return {"skipped": "not_found"}
        return {"edited": message}

    def controls_gone(self, game_id: int, message_id: int) -> None:
        """A click's answer took every control off message ``message_id`` (a DM prompt once its player is done):
        its slot is marked so, and the edit that would take them off when the prompt closes makes no call."""
        live = self.runtime.games.get(game_id)
        if live is not None:
            self._bare(live, message_id)

    @staticmethod
    def _bare(live: Any, message_id: int) -> None:
        live.row.slots = {
            name: {**slot, "bare": True} if isinstance(slot, dict) and slot.get("message") == message_id else slot
            for name, slot in live.row.slots.items()
        }

    def _controls_back(self, live: Any, op: Op) -> None:
        """An edit gave a slot's message controls again: it is no longer known to have none."""
        slot = live.row.slots.get(op.get("slot"))
        if op.get("components") and slot and slot.get("bare"):
            live.row.slots = {**live.row.slots, op["slot"]: {k: v for k, v in slot.items() if k != "bare"}}

    # -- one op --------------------------------------------------------------------------------------------

    async def _deliver(self, live: Any, row: _Row, later: list[Op]) -> dict[str, Any]:
        op = row.op
        board = op.get("slot") if "render" in op else None
        now = self.runtime.clock.now()
        if op.get("slot") in live.row.slots and any(_rewrites(o, op) for o in later):
            # a later op rewrites the same message: skip this edit (debounce), except that a board is shown at
            # least every few seconds, so fast play does not freeze it until play stops
            if board is None or now - self._board_shown.get(live.id, {}).get(board, 0.0) < BOARD_SHOWN_EVERY:
                return {"superseded": True}
        result = await self.execute(live, op, nonce=row.nonce)
        if board is not None:
            self._board_shown.setdefault(live.id, {})[board] = now
        return result

    async def send_now(self, live: Any, op: Op) -> None:
        """Send something transient (a timer warning) directly, outside the outbox. A DM its player is done with
        (its controls taken off by their last answer, see :meth:`controls_gone`) is not warned: the warning would
        rewrite it from the prompt and lose the answer shown in it (a check result)."""
        slot = live.row.slots.get(op.get("slot"))
        if slot and slot.get("bare"):
            return
        try:
            await self.execute(live, op, nonce=None)
        except DeliveryError as exc:
            log.info("game %s: transient message not sent (%s)", live.id, exc.kind)

    async def execute(self, live: Any, op: Op, nonce: str | None) -> dict[str, Any]:
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
            try:
                await self._edit(slot, op, await self._render(live, op))
                self._controls_back(live, op)
            except DeliveryError as exc:
                if exc.code == mod.UNKNOWN_MESSAGE and self.moderation.can_post_again(live, op["slot"], op):
                    return await self.moderation.post_again(live, op["slot"], op, nonce)  # a moderator deleted it
                if exc.kind != "not_found" or not op.get("forget"):
                    raise
            self.moderation.remember(live, op)
            if op.get("forget"):  # the message is done with (a closed prompt): keep the game's slots small
                live.row.slots = {k: v for k, v in live.row.slots.items() if k != op["slot"]}
            return {"edited": slot["message"]}
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

    async def _mute(self, live: Any, op: Op) -> dict[str, Any]:
        """An eliminated player stops talking in the game's thread: a role of this game, denied sending in the
        channel's threads (the channel itself stays open to them), is given to them. Without Manage Roles the game
        simply goes on without it. The role is looked up by its name (which holds the game id) before it is
        made, so a crash between making it and recording it never leaves a second one behind."""
        slot = live.row.slots.get("mute")
        if slot is None:
            try:
                role = await self.transport.find_role(live.row.guild_id, op["role_name"])
                if role is None:
                    role = await self.transport.create_role(live.row.guild_id, op["role_name"])
                await self.transport.deny_in_threads(live.row.channel_id, role)  # idempotent (a PUT)
                slot = {"role": role}
            except DeliveryError as exc:
                if exc.kind not in ("forbidden", "not_found"):
                    raise
                slot = {"role": None}
            live.row.slots = {**live.row.slots, "mute": slot}
        if not slot["role"]:
            return {"skipped": "no_permission"}
        try:
            await self.transport.member_role(live.row.guild_id, int(op["user"]), slot["role"], True)
        except DeliveryError as exc:
            if exc.kind not in ("forbidden", "not_found"):
                raise
            return {"skipped": exc.kind}
        return {"muted": op["user"]}

    async def _unmute_all(self, live: Any, op: Op) -> dict[str, Any]:
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

    async def _post(self, live: Any, op: Op, nonce: str | None) -> dict[str, Any]:
        to = op["to"]
        if to == "dm":
            return await self._post_dm(live, op, nonce)
        if to == "team":
            return await self._post_team(live, op, nonce)
        channel = live.row.channel_id if to == "channel" else (live.row.thread_id or live.row.channel_id)
        slot_name = op.get("slot")
        files = await self._render(live, op)
        old = live.row.slots.get(slot_name) if slot_name else None
        if old is not None and not self._stale_board(old, op):
            try:
                await self._edit(old, op, files)
                self._controls_back(live, op)
                return {"edited": old["message"]}
            except DeliveryError as exc:
                if exc.kind != "not_found":
                    raise
            old = None
        preamble = op.get("preamble", "")
        payload = self._payload(op, nonce, preamble, files)
        message_id = await self._posted_before_crash(live, channel, payload)
        if message_id is None:
            message_id = await self.transport.post(channel, payload, **_files(files))
            self._posted_now(live, message_id)
        if slot_name:
            slot = {"channel": channel, "message": message_id, "preamble": preamble, "at": self.runtime.clock.now()}
            live.row.slots = {**live.row.slots, slot_name: slot}
        if old is not None:  # a board re-posted below the chat: the old copy goes
            with contextlib.suppress(DeliveryError):
                await self.transport.delete(old["channel"], old["message"])
        return {"message": message_id, "channel": channel}

    async def _posted_before_crash(self, live: Any, channel: int, payload: dict[str, Any]) -> int | None:
        """For a game resumed after a crash: the bot's recent message in ``channel`` that this post already made
        (same text, and no delivered row of the game made it), or ``None``."""
        if live.id not in self._resumed or not payload.get("content"):
            return None
        known = self._resumed[live.id]
        if known is None:
            async with self.runtime.db.sessions() as session:
                results = await session.scalars(select(OutboxRow.result).where(OutboxRow.game_id == live.id, OutboxRow.sent.is_(True)))
                known = {int(r["message"]) for r in _part_results(results) if r.get("message")}
                known |= {int(r["message"]) for r in _part_results(self._parts_done.get(live.id, {}).values()) if r.get("message")}
            self._resumed[live.id] = known
        try:
            recent = await self.transport.recent_messages(channel)
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

    def _posted_now(self, live: Any, message_id: int) -> None:
        """A message just posted for a resumed game was made by no earlier row: two pending rows with the same text
        (two restarts' notices) make two messages, the second not taken for the first's copy from before a crash."""
        known = self._resumed.get(live.id)
        if known is not None:
            known.add(int(message_id))

    def _stale_board(self, slot: dict[str, Any], op: Op) -> bool:
        """A board older than :data:`REPOST_AFTER` is posted anew (Discord refuses many edits to old messages,
        and an edited board sinks under the chat where nobody sees it)."""
        return "render" in op and self.runtime.clock.now() - slot.get("at", 0) > REPOST_AFTER

    async def _render(self, live: Any, op: Op) -> list[tuple[str, bytes, str]]:
        """The op's files, made at send time: its board image (``render``) and any ``attach`` requests (a file
        built by a registered maker, e.g. a game record). A maker that fails costs the file, never the message."""
        files: list[tuple[str, bytes, str]] = []
        request = op.get("render")
        if request:
            from bot.games import game_ui
            from bot.render import RenderContext

            try:
                renderer = game_ui(request["engine"]).board
                if renderer is not None:
                    image = renderer(request["view"], RenderContext(request.get("lang", "en"), request.get("names") or {}))
                    files.append((image.filename, image.png, image.description))
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
        payload = _rewrite(slot, op)
        if files:
            payload["attachments"] = _attachments(files)
        await self.transport.edit(slot["channel"], slot["message"], payload, **_files(files))
        for pending in self._answers.values():  # answers on their way: this edit may land after them
            for answer in pending.values():
                answer.touched.add(slot["message"])

    async def _post_dm(self, live: Any, op: Op, nonce: str | None) -> dict[str, Any]:
        if not str(op["user"]).isdigit():  # not a Discord user (an engine's actor id): nobody to tell
            log.warning("game %s: DM to %r skipped", live.id, op["user"])
            return {"skipped": "not_a_user"}
        user = int(op["user"])
        try:
            channel = self._dm_channels.get(user) or await self.transport.dm_channel(user)
            self._dm_channels[user] = channel
            payload = self._payload(op, nonce)
            message_id = await self._posted_before_crash(live, channel, payload)
            if message_id is None:
                message_id = await self.transport.post(channel, payload)
                self._posted_now(live, message_id)
        except DeliveryError as exc:
            if exc.kind not in ("dm_closed", "forbidden"):
                raise
            if exc.kind == "dm_closed" and await self.moderation.dm_refused(live, user):
                return {"left_server": user}  # they leave the game (bot.moderation); nothing to say in public
            # DMs closed: say so in the game channel with nothing secret, and point to /game mine; a quiet DM
            # (one whose public notice would tell something, like who acts at night) says nothing.
            if op.get("fallback"):
                await self.transport.post(
                    live.row.thread_id or live.row.channel_id,
                    self._payload({"content": op["fallback"]}, f"{nonce}f" if nonce else None),
                )
            return {"dm_closed": user}
        if op.get("slot"):
            live.row.slots = {**live.row.slots, op["slot"]: {"channel": channel, "message": message_id}}
        return {"message": message_id, "channel": channel}

    async def _post_team(self, live: Any, op: Op, nonce: str | None) -> dict[str, Any]:
        slot_name = f"team:{op['team']}"
        slot = live.row.slots.get(slot_name)
        if slot is None:
            slot = await self._make_team_thread(live, op)
        if slot.get("thread"):
            await self._sync_members(live, slot_name, op["members"])
            payload = self._payload(op, nonce)
            message_id = await self._posted_before_crash(live, slot["thread"], payload)
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
            result = await self._post_dm(live, {**op, "to": "dm", "user": member, "content": text}, None)
            sent.append(result)
        return {"relayed": sent}

    async def relay(self, live: Any, author: str, text: str) -> bool:
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

    async def _make_team_thread(self, live: Any, op: Op) -> dict[str, Any]:
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

    async def _sync_members(self, live: Any, slot_name: str, members: list[str]) -> None:
        slot = live.row.slots[slot_name]
        current = set(slot.get("members", []))
        wanted = set(members)
        for user in sorted(wanted - current):
            await self.transport.thread_member(slot["thread"], int(user), True)
        for user in sorted(current - wanted):
            await self.transport.thread_member(slot["thread"], int(user), False)
        if current != wanted:
            live.row.slots = {**live.row.slots, slot_name: {**slot, "members": sorted(wanted)}}

    async def _team_sync(self, live: Any, op: Op) -> dict[str, Any]:
        slot_name = f"team:{op['team']}"
        if live.row.slots.get(slot_name, {}).get("thread"):
            await self._sync_members(live, slot_name, op["members"])
        return {"members": op["members"]}

    async def _open_thread(self, live: Any, op: Op) -> dict[str, Any]:
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
        return {"thread": thread}

    async def _close_thread(self, live: Any) -> dict[str, Any]:
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


def _first_ahead(rows: list[_Row]) -> list[_Row]:
    """``rows`` with those of :data:`FIRST` ahead of the others (each in its order): a deletion waits for no post."""
    first = [row for row in rows if row.op.get("do") in FIRST]
    return first + [row for row in rows if row.op.get("do") not in FIRST] if first else rows


def _strips_controls(op: Op) -> bool:
    """Does the edit only take a message's controls off (a closed prompt's)?"""
    return op.get("components") == [] and not set(op) - {"do", "slot", "components", "forget"}


#: A Discord timestamp (``<t:1700000000:R>``), as a deadline is shown.
_TIMESTAMP = re.compile(r"<t:\d+(?::[tTdDfFR])?>")


def _part_results(results: Iterable[Any]) -> Iterable[dict[str, Any]]:
    """Each delivered op's result: a row's own, or each of a render request's parts'."""
    for result in results:
        if isinstance(result, list):
            yield from _part_results(result)
        elif isinstance(result, dict):
            yield from result["parts"] if "parts" in result else (result,)


def _pool_capacity(engine: Any) -> int:
    """Connections the engine's pool hands out at most (its size plus overflow; 1 for a pool without a size)."""
    pool = getattr(engine, "pool", None)
    size = getattr(pool, "size", None)
    return (size() if callable(size) else 1) + max(0, int(getattr(pool, "_max_overflow", 0) or 0))


#: A board older than this (seconds) is posted anew instead of edited.
REPOST_AFTER = 45 * 60
#: A board superseded by a newer one in the outbox is still drawn if it was last drawn this many seconds ago.
BOARD_SHOWN_EVERY = 3.0


def _attachments(files: list[tuple[str, bytes, str]]) -> list[dict[str, Any]]:
    return [{"id": i, "filename": name, "description": description} for i, (name, _, description) in enumerate(files)]


def _files(files: list[tuple[str, bytes, str]] | None) -> dict[str, Any]:
    """The transport's ``files`` argument, only when there are files (so simple transports need not take it)."""
    return {"files": [(name, data) for name, data, _ in files]} if files else {}


def _rewrite(slot: dict[str, Any], op: Op) -> dict[str, Any]:
    """What an edit op sets on its slot's message; the announcements it was first posted with (its preamble) stay
    on top."""
    payload = {k: op[k] for k in ("content", "embeds", "components") if k in op}
    if "content" in payload and slot.get("preamble"):
        payload["content"] = f"{slot['preamble']}\n{payload['content']}"
    return payload


def _rewrites(later: Op, op: Op) -> bool:
    """Does ``later`` set everything ``op`` sets on the same slot (so sending ``op`` first is wasted)?"""
    fields = {"content", "embeds", "components"}
    return later.get("slot") == op.get("slot") and (fields & set(op)) <= set(later)


class DiscordTransport:
    """The transport over discord.py's HTTP client (rate limits and retries are discord.py's)."""

    def __init__(self, http: Any) -> None:
        self.http = http

    async def _call(self, route: Any, **kwargs: Any) -> Any:
        import aiohttp
        import discord

        try:
            return await self.http.request(route, **kwargs)
        except discord.Forbidden as exc:
            raise DeliveryError("dm_closed" if exc.code == 50007 else "forbidden", str(exc), exc.code) from exc
        except discord.NotFound as exc:
            raise DeliveryError("not_found", str(exc), exc.code) from exc
        except discord.HTTPException as exc:
            if exc.code == 160004:  # a thread was already created from this message
                raise DeliveryError("exists", str(exc)) from exc
            if exc.code == 50083:  # the thread is archived (an edit) or locked (see bot.moderation)
                raise DeliveryError("archived", str(exc), exc.code) from exc
            if exc.status == 429 or exc.status >= 500:  # discord.py gave up retrying: try again later, never drop it
                raise DeliveryError("transient", str(exc)) from exc
            raise
        except (discord.RateLimited, aiohttp.ClientError, asyncio.TimeoutError) as exc:
            raise DeliveryError("transient", str(exc)) from exc

    async def post(self, channel_id: int, payload: dict[str, Any], files: list[tuple[str, bytes]] | None = None) -> int:
        from discord.http import Route

        route = Route("POST", "/channels/{channel_id}/messages", channel_id=channel_id)
        data = await self._call(route, **_body(payload, files))
        return int(data["id"])

    async def edit(self, channel_id: int, message_id: int, payload: dict[str, Any], files: list[tuple[str, bytes]] | None = None) -> None:
        from discord.http import Route

        route = Route("PATCH", "/channels/{channel_id}/messages/{message_id}", channel_id=channel_id, message_id=message_id)
        await self._call(route, **_body(payload, files))

    async def delete(self, channel_id: int, message_id: int) -> None:
        from datetime import timedelta

        from discord import utils
        from discord.http import Route

        # Discord limits deleting a message younger than 10 s, or older than 14 days, in buckets of their own:
        # discord.py keeps them apart by this metadata, as in its own delete_message (discord-api-docs #1092, #1295)
        age = utils.utcnow() - utils.snowflake_time(int(message_id))
        metadata = "sub-10-seconds" if age <= timedelta(seconds=10) else None
        if age >= timedelta(days=14):
            metadata = "older-than-two-weeks"
        path = "/channels/{channel_id}/messages/{message_id}"
        route = Route("DELETE", path, channel_id=channel_id, message_id=message_id, metadata=metadata)
        await self._call(route)

    async def dm_channel(self, user_id: int) -> int:
        from discord.http import Route

        data = await self._call(Route("POST", "/users/@me/channels"), json={"recipient_id": str(user_id)})
        return int(data["id"])

    async def create_thread(self, channel_id: int, name: str, *, message_id: int | None, private: bool) -> int:
        from discord.http import Route

        body: dict[str, Any] = {"name": name[:100], "auto_archive_duration": 1440}
        if message_id:
            route = Route(
                "POST", "/channels/{channel_id}/messages/{message_id}/threads", channel_id=channel_id, message_id=message_id
            )
        else:
            route = Route("POST", "/channels/{channel_id}/threads", channel_id=channel_id)
            body["type"] = 12 if private else 11
            body["invitable"] = False
        data = await self._call(route, json=body)
        return int(data["id"])

    async def find_thread(self, guild_id: int, parent_id: int, name: str) -> int | None:
        from discord.http import Route

        data = await self._call(Route("GET", "/guilds/{guild_id}/threads/active", guild_id=guild_id))
        found = [t for t in data.get("threads", []) if t.get("name") == name[:100] and int(t.get("parent_id") or 0) == parent_id]
        return int(found[0]["id"]) if found else None

    async def close_thread(self, thread_id: int) -> None:
        from discord.http import Route

        await self._call(Route("PATCH", "/channels/{channel_id}", channel_id=thread_id), json={"archived": True, "locked": True})

    async def reopen_thread(self, thread_id: int, unlock: bool) -> None:
        """Unarchive a thread (and unlock it: that needs Manage Threads), see :mod:`bot.moderation`."""
        from discord.http import Route

        body = {"archived": False, **({"locked": False} if unlock else {})}
        await self._call(Route("PATCH", "/channels/{channel_id}", channel_id=thread_id), json=body)

    async def is_member(self, guild_id: int, user_id: int) -> bool:
        """Is ``user_id`` still a member of the server (404 / 10007 Unknown Member: no)? Needs no privileged intent."""
        from discord.http import Route

        try:
            await self._call(Route("GET", "/guilds/{guild_id}/members/{user_id}", guild_id=guild_id, user_id=user_id))
        except DeliveryError as exc:
            if exc.kind == "not_found" and exc.code in (10007, 10013):
                return False
            raise
        return True

    async def recent_messages(self, channel_id: int, limit: int = 50) -> list[dict[str, Any]]:
        from discord.http import Route

        return await self._call(Route("GET", "/channels/{channel_id}/messages", channel_id=channel_id), params={"limit": limit})

    async def find_role(self, guild_id: int, name: str) -> int | None:
        from discord.http import Route

        roles = await self._call(Route("GET", "/guilds/{guild_id}/roles", guild_id=guild_id))
        found = [r for r in roles if r.get("name") == name[:100]]
        return int(found[0]["id"]) if found else None

    async def create_role(self, guild_id: int, name: str) -> int:
        from discord.http import Route

        data = await self._call(Route("POST", "/guilds/{guild_id}/roles", guild_id=guild_id), json={"name": name[:100], "permissions": "0"})
        return int(data["id"])

    async def delete_role(self, guild_id: int, role_id: int) -> None:
        from discord.http import Route

        await self._call(Route("DELETE", "/guilds/{guild_id}/roles/{role_id}", guild_id=guild_id, role_id=role_id))

    async def deny_in_threads(self, channel_id: int, role_id: int) -> None:
        from discord.http import Route

        deny = 1 << 38  # SEND_MESSAGES_IN_THREADS: the channel itself stays open to the eliminated
        route = Route("PUT", "/channels/{channel_id}/permissions/{target}", channel_id=channel_id, target=role_id)
        await self._call(route, json={"type": 0, "allow": "0", "deny": str(deny)})

    async def member_role(self, guild_id: int, user_id: int, role_id: int, present: bool) -> None:
        from discord.http import Route

        route = Route(
            "PUT" if present else "DELETE",
            "/guilds/{guild_id}/members/{user_id}/roles/{role_id}",
            guild_id=guild_id,
            user_id=user_id,
            role_id=role_id,
        )
        await self._call(route)

    async def thread_member(self, thread_id: int, user_id: int, present: bool) -> None:
        from discord.http import Route

        route = Route(
            "PUT" if present else "DELETE",
            "/channels/{channel_id}/thread-members/{user_id}",
            channel_id=thread_id,
            user_id=user_id,
        )
        await self._call(route)


def _body(payload: dict[str, Any], files: list[tuple[str, bytes]] | None) -> dict[str, Any]:
    """discord.py's request arguments: JSON, or a multipart form (``payload_json`` and ``files[n]``) with files."""
    if not files:
        return {"json": payload}
    import json

    form: list[dict[str, Any]] = [{"name": "payload_json", "value": json.dumps(payload)}]
    for i, (name, data) in enumerate(files):
        content_type = "application/json" if name.endswith(".json") else "image/png"  # a game record, or a board
        form.append({"name": f"files[{i}]", "value": data, "filename": name, "content_type": content_type})
    return {"form": form}
