"""Delivery: the dispatcher that sends outbox rows to Discord, in order, exactly once as far as Discord lets us.

Each game's outbox is drained by one task at a time, oldest row first. A row is marked sent (with the message id
it produced, and any slot or thread it created) in one transaction after Discord answered. Should the process die
in between, the row is sent again on restart with the same ``nonce`` and ``enforce_nonce``, so Discord returns
the message it already made instead of posting it twice.

The :class:`Dispatcher` is this module's drain and the sides it is made of, one job each:

* :mod:`bot.outbox`: the rows, read from the table or handed over by the commit, worded, marked sent;
* :mod:`bot.executors`: what each op does on Discord, with its sides :mod:`bot.dms` (a player's DMs),
  :mod:`bot.teams` (a team's thread or relay), :mod:`bot.resumed` (posts made before a crash) and
  :mod:`bot.payloads` (what a message carries);
* :mod:`bot.answers`: a click's own answer and the deliveries it carries;
* :mod:`bot.rush`: deletions the rules demand, ahead of everything else;
* :mod:`bot.pacing`: Discord's pace, bot-wide and per channel; :mod:`bot.transport`: the HTTP calls;
* :mod:`bot.moderation`: what it does when the server changed under a game.

It meets the runtime through :class:`DeliveryRuntime`, what it needs of the runtime; the runtime holds it as its
``dispatcher``, a :class:`bot.deliverer.Deliverer` (what the runtime needs of it).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Iterable, Mapping
from typing import Any, Protocol

from sqlalchemy import select, text

from bot import moderation as mod
from bot.answers import Answers
from bot.clock import Clock
from bot.db import Database, Game
from bot.deliverer import Deliverer
from bot.executors import Executors
from bot.ops import Op
from bot.outbox import Outbox, Row
from bot.pacing import Paced, Pacer
from bot.rush import FIRST, Rush, first_ahead
from bot.transport import DeliveryError, Transport
from bot.writer import CommitQueue

log = logging.getLogger(__name__)


class Live(Protocol):
    """A game in memory as delivery sees it (:class:`bot.runtime.LiveGame`): its id, and its row, whose ``slots``
    (the messages it keeps editing, its team threads, its mute role) and ``thread_id`` delivery records."""

    @property
    def id(self) -> int: ...

    @property
    def row(self) -> Game: ...


class DeliveryRuntime(Protocol):
    """What the dispatcher needs from the runtime (:class:`bot.runtime.Runtime`): its database, clock and writer,
    the games in memory, the wording of render requests, and to hear when a game's drain ended."""

    #: The runtime holds the dispatcher that delivers its outbox (set by :class:`Dispatcher`), as what it asks of it
    #: (:class:`bot.deliverer.Deliverer`, the other direction's Protocol).
    dispatcher: Deliverer | None

    @property
    def db(self) -> Database: ...

    @property
    def clock(self) -> Clock: ...

    @property
    def writer(self) -> CommitQueue: ...

    @property
    def games(self) -> Mapping[int, Live]: ...

    async def get(self, game_id: int) -> Live:
        """The game, loaded if it is not in memory."""
        ...

    async def presented(self, live: Live, requests: list[Op]) -> list[list[Op]]:
        """The ops each render request is worded into (the steps read back if they left memory)."""
        ...

    def presented_now(self, live: Live, request: Op) -> list[Op] | None:
        """The ops a render request is worded into from the steps in memory, or ``None`` (no database read)."""
        ...

    def rewritable(self, live: Live, request: Op) -> bool:
        """``False`` when a render request's ops surely are not rewrites of one message alone (not worded to say)."""
        ...

    def drained(self, game_id: int) -> None:
        """The game's drain ended with everything it knew of delivered."""
        ...

    async def present(self) -> None:
        """Return once the bot is there for players: nothing of a game goes out while it is away (bot.downtime)."""
        ...


#: Shortest and longest pause, in seconds, before a game whose drain failed is drained again.
DRAIN_RETRY_MIN = 1.0
DRAIN_RETRY_MAX = 60.0
#: A board superseded by a newer one in the outbox is still drawn if it was last drawn this many seconds ago.
BOARD_SHOWN_EVERY = 3.0


class Dispatcher(Outbox, Rush, Answers, Executors):
    """Drains each game's outbox in order; ``kick(game_id)`` after every commit that wrote ops."""

    def __init__(
        self,
        runtime: DeliveryRuntime,
        transport: Transport,
        *,
        retry_delay: float = 1.0,
        debounce: float = 0.0,
        pacer: Pacer | None = None,
        bot_pacer: Pacer | None = None,
    ) -> None:
        """``debounce``: seconds a rewrite of a live message (a tally) waits for a newer one to replace it.
        ``pacer``: keeps posts to any one channel under Discord's pace; ``bot_pacer``: every call of the transport
        under the bot-wide one (see :class:`bot.pacing.Paced`)."""
        super().__init__()
        self.runtime = runtime
        self.debounce = debounce
        self.pacer = pacer
        self.bot_pacer = bot_pacer
        self.transport: Transport = Paced(transport, pacer, bot_pacer) if pacer or bot_pacer else transport
        self.retry_delay = retry_delay
        self._workers: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()
        #: When each board slot of a game was last drawn (by this process), for :data:`BOARD_SHOWN_EVERY`.
        self._board_shown: dict[int, dict[Any, float]] = {}
        #: Games whose drain is between taking rows and marking them sent: a click's answer then rewrites nothing
        #: (an edit on its way to Discord could land after the answer and show the older message).
        self._in_flight: set[int] = set()
        #: Drains of a game that failed in a row, and the retries waiting (see :meth:`_retry_later`).
        self._drain_failures: dict[int, int] = {}
        self._retries: set[asyncio.Task[None]] = set()
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
        self._turns.pop(game_id, None)
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
            # the answer first, then the deliveries: a click's action kicks this drain, and its answer's request is
            # on its way by the time the drain first runs, but aiohttp (Python 3.11) writes its body from a task of
            # its own, queued behind this one; one turn of the loop lets it go out before the drain words and sends
            # the action's messages (its whole wording, a board, ran before the answer's bytes: 0.3-5 ms per click)
            await asyncio.sleep(0)
            # away (a restart not yet connected, a lost gateway): the rows wait for the bot's return, which moves the
            # deadlines they state on first
            await self.runtime.present()
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
                if done:  # a drain that failed keeps its game for its retry
                    self._drain_failures.pop(game_id, None)
                    self.runtime.drained(game_id)

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

    async def _drain_rows(self, live: Live) -> None:
        """Deliver pending rows in order. ``live`` is pinned for the whole drain, so the slots and thread it
        records stay together even if the runtime reloads the game meanwhile."""
        game_id = live.id
        failures = 0
        while True:
            self._again.discard(game_id)
            self._prune_first(game_id)
            # in flight from the read of the rows on, not only from their delivery: a click's answer that rewrote
            # a message while they were read or worded (awaits) would show a newer step than theirs, and then be
            # undone by them (after a restart, the outbox read back saw a vote's row, the next vote was answered
            # with the newer tally meanwhile, and the older tally was edited over it)
            self._in_flight.add(game_id)
            try:
                async with self._turn(game_id):  # after a timer's warning on its way, if one is (send_now)
                    pending = [row for row in await self._pending_rows(game_id) if row.id not in self._first.get(game_id, {})]
                    rows = first_ahead(await self._parts(live, pending))
                    if not rows:
                        if game_id in self._again:
                            continue
                        self._resumed.pop(game_id, None)
                        if not self._known.get(game_id, True):
                            del self._known[game_id]  # nothing pending: an idle game keeps no empty map
                        return
                    failures = await self._deliver_rows(live, rows, failures)
            finally:
                self._in_flight.discard(game_id)

    async def _deliver_rows(self, live: Live, rows: list[Row], failures: int) -> int:
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
        self, live: Live, rows: list[Row], failures: int, delivered: list[tuple[int, dict[str, Any]]], taken: set[int]
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

    async def _moderated(self, live: Live, row: Row, later: list[Op], exc: DeliveryError, delivered: list[tuple[int, dict[str, Any]]]) -> dict[str, Any]:
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

    async def _refresh_slots(self, game_id: int) -> Live:
        """Another process may have made the thread or a slot's message: start from what is stored."""
        live = await self.runtime.get(game_id)
        async with self.runtime.db.sessions() as session:
            stored = (await session.execute(select(Game.slots, Game.thread_id).where(Game.id == game_id))).first()
        if stored is not None:
            live.row.slots = dict(stored.slots or {})
            live.row.thread_id = stored.thread_id
        return live

    async def _deliver(self, live: Live, row: Row, later: list[Op]) -> dict[str, Any]:
        op = row.op
        board = op.get("slot") if "render" in op else None
        now = self.runtime.clock.now()
        if op.get("slot") in live.row.slots and any(_rewrites(o, op) for o in later):
            # a later op rewrites the same message: skip this edit (debounce), except that a board is shown at
            # least every few seconds, so fast play does not freeze it until play stops
            if board is None or now - self._board_shown.get(live.id, {}).get(board, 0.0) < BOARD_SHOWN_EVERY:
                if not op.get("story"):
                    return {"superseded": True}
                op = {**op, "keep": True}  # its lines are the story, told now; the picture waits for the newer one
                board = None
        result = await self.execute(live, op, nonce=row.nonce)
        if board is not None:
            self._board_shown.setdefault(live.id, {})[board] = now
        return result


def _pool_capacity(engine: Any) -> int:
    """Connections the engine's pool hands out at most (its size plus overflow; 1 for a pool without a size)."""
    pool = getattr(engine, "pool", None)
    size = getattr(pool, "size", None)
    return (size() if callable(size) else 1) + max(0, int(getattr(pool, "_max_overflow", 0) or 0))


def _rewrites(later: Op, op: Op) -> bool:
    """Does ``later`` set everything ``op`` sets on the same slot (so sending ``op`` first is wasted)?"""
    fields = {"content", "embeds", "components"}
    return later.get("slot") == op.get("slot") and (fields & set(op)) <= set(later)
