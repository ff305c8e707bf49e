"""When things run out: one timer task per open deadline, the host's pause / resume / extend, and the bot's absence.

A game's deadlines live in two places that change together under its lock: the ``deadlines`` table (the truth a
restart reads) and :attr:`bot.live.LiveGame.deadlines` (what the timers here are armed from, see
:meth:`Timers.arm`). A timer warns before the end ("N seconds left", edited into the prompt's own messages), then
applies the prompt's timeout through the runtime like any action, or closes a lobby nobody started.

While the bot is away (down, or cut off from Discord's gateway: :meth:`Timers.hold`) no timer fires: nobody could
have answered. When it is back (:meth:`Timers.back`) every open deadline moves on by the time it was away
(:mod:`bot.downtime` says by how much), and each game's thread is told.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import TYPE_CHECKING, Any

from sqlalchemy import bindparam, select, update

from bot.db import Database, Deadline, Game, OutboxRow
from bot.downtime import BLIP_SECONDS, GRACE_SECONDS, credited
from bot.games import game_ui
from bot.live import LOBBY, PAUSED, GameError, LiveGame
from bot.ops import PRESENT, present_request

if TYPE_CHECKING:
    from bot.runtime import Runtime

log = logging.getLogger(__name__)

#: Tries of a timeout that fails outside the rules (the database busy, its pool exhausted, a bug), this many
#: seconds apart (times the try's number); after that it is still tried every TIMER_PARKED_SECONDS, logged as an
#: error each time, so a game never waits for a restart to move on.
TIMER_ATTEMPTS = 5
TIMER_RETRY_SECONDS = 2.0
TIMER_PARKED_SECONDS = 60.0
#: Warnings before a prompt times out, in seconds left (each only when the prompt lasts at least twice that).
WARN_AT = (30, 10)
#: Most times a warning is worded and sent, when actions keep coming in while it is on its way (see ``_warn``).
WARN_TRIES = 3
#: A waiting timer whose moment is this close when the clock's call comes starts then (its task sleeps the rest,
#: so it warns and times out on time): the loop's clock, which fires the call, and the clock the deadlines are read
#: on may read a little apart (a scaled test clock by more), and a call that came too early would only call again.
EARLY_SECONDS = 0.05
#: The waiting timers' heap is rid of stopped ones once it holds more than this many entries and twice what it
#: held after the last clean-up (as asyncio's loop does with cancelled handles), so quick answers cost no call.
COMPACT_MIN = 1024
#: Tries of moving the deadlines on when the bot is back (the database busy); after that the timers are let go
#: on the deadlines they had rather than held for good.
BACK_ATTEMPTS = 3


class Timers:
    """The timer tasks of this process's games, and what moves their deadlines (pause, resume, extend, absence).

    A timeout goes through :meth:`bot.runtime.Runtime.timeout` and a lobby's end through the runtime's lobbies,
    so the timers know when, not what."""

    def __init__(self, runtime: Runtime, db: Database, concurrency: int | None = None) -> None:
        """``concurrency``: most timer work in flight at once (default: a share of the connection pool)."""
        self.runtime = runtime
        self.db = db
        self.clock = runtime.clock
        #: Timers by game, then prompt id (by game first, so re-arming one game never scans the others).
        self.tasks: dict[int, dict[str, _Timer]] = {}
        #: Bounds the timer work (warnings, timeouts, lobby expiries) in flight at once, so a restart with thousands
        #: of overdue deadlines fires them in batches instead of all asking the connection pool at once.
        self.concurrency = concurrency or _timer_concurrency(db)
        self._slots = asyncio.Semaphore(self.concurrency)
        #: Timer work that failed outside the rules and was tried again (see TIMER_ATTEMPTS); for tests and benches.
        self.failures = 0
        self._working = 0
        self._settled = asyncio.Event()
        #: Since when the bot has been away (down, or cut off from the gateway), while it is (see :meth:`hold`).
        self.away_since: float | None = None
        #: Set while the bot is there for players; timers wait for it before they fire, and deliveries before they
        #: go out (see :meth:`present`).
        self._present = asyncio.Event()
        self._present.set()
        #: Timers waiting for their first moment (see :meth:`arm_one`), earliest first, with one call on the clock
        #: for the earliest moment (:meth:`_call_at`); a timer stopped meanwhile stays here, marked, until it comes
        #: up or the heap is cleaned up (:data:`COMPACT_MIN`).
        self._waiting: list[tuple[float, int, _Timer]] = []
        self._order = itertools.count()
        self._compact_at = COMPACT_MIN
        self._call: Any = None
        self._call_moment: float | None = None

    # -- arming --------------------------------------------------------------------------------------------

    def arm(self, live: LiveGame) -> None:
        """Make the timer tasks of a game match its cached deadlines (they only change under its lock)."""
        if not self.runtime.owns_guild(live.row.guild_id):
            return
        game_id = live.id
        deadlines = live.deadlines
        timers = self.tasks.get(game_id)
        if timers is not None:
            for prompt_id in timers.keys() - deadlines.keys():  # a set made in C (no comprehension on a click's path)
                timers.pop(prompt_id).cancel()
            if not timers:
                del self.tasks[game_id]  # a game without timers keeps no empty entry
            if self._waiting and self._waiting[0][2].stopped:
                self._follow_earliest()
        for prompt_id, due in deadlines.items():
            if not timers or prompt_id not in timers:
                self.arm_one(game_id, prompt_id, due)

    def arm_one(self, game_id: int, prompt_id: str, due: float) -> None:
        """A timer for one deadline, unless it has one (recovery arms from the table, before any game is loaded).

        Until its first moment (its first warning, or the deadline itself) a timer waits in one heap for the whole
        process, under one call on the clock for the earliest moment: most prompts are answered long before then,
        and an action that opens one should not pay for a task, nor for a handle on the clock to cancel when it is
        answered (stopping a waiting timer only marks it). The task that warns and times out (:meth:`_run`) starts
        when that moment comes; a deadline already passed starts it at once."""
        timers = self.tasks.setdefault(game_id, {})
        if prompt_id in timers:
            return
        timers[prompt_id] = timer = _Timer(game_id, prompt_id, due)
        now = self.clock.now()
        first = None
        if prompt_id != LOBBY:
            for left in WARN_AT:
                if due - left > now:
                    first = left
                    break
        at = due if first is None else due - first
        if at <= now:
            timer.start(self._run(timer, None))
            return
        timer.first = first
        waiting = self._waiting
        heapq.heappush(waiting, (at, next(self._order), timer))
        if len(waiting) > self._compact_at:
            waiting[:] = [entry for entry in waiting if not entry[2].stopped]
            heapq.heapify(waiting)
            self._compact_at = max(COMPACT_MIN, 2 * len(waiting))
        if self._call_moment is None or at < self._call_moment:
            self._call_at(at)

    def _call_at(self, at: float) -> None:
        """The clock's one call, moved to ``at`` (the earliest waiting timer's moment)."""
        if self._call is not None:
            self._call.cancel()
        call_at = getattr(self.clock, "call_at", None)
        self._call = call_at(at, self._fire) if call_at is not None else _sleep_then(self.clock, at, self._fire)
        self._call_moment = at

    def _follow_earliest(self) -> None:
        """The earliest waiting timer was stopped: the clock's call moves on to the next one still waiting (or goes),
        so the clock is never asked to wake for a moment at which nothing is left to happen."""
        waiting = self._waiting
        while waiting and waiting[0][2].stopped:
            heapq.heappop(waiting)
        if waiting:
            if waiting[0][0] != self._call_moment:
                self._call_at(waiting[0][0])
        elif self._call is not None:
            self._call.cancel()
            self._call = self._call_moment = None

    def _fire(self) -> None:
        """The earliest moment came: start every waiting timer whose moment it is, then call again for the next."""
        self._call = self._call_moment = None
        waiting = self._waiting
        until = self.clock.now() + EARLY_SECONDS
        while waiting and (waiting[0][0] <= until or waiting[0][2].stopped):
            timer = heapq.heappop(waiting)[2]
            if not timer.stopped:
                timer.start(self._run(timer, timer.first))
        if waiting:
            self._call_at(waiting[0][0])

    def disarm(self, game_id: int) -> None:
        """Stop every timer of a game."""
        for timer in self.tasks.pop(game_id, {}).values():
            timer.cancel()
        if self._waiting and self._waiting[0][2].stopped:
            self._follow_earliest()

    def rearm(self, live: LiveGame) -> None:
        """Timers from scratch for a game whose deadlines all moved."""
        self.disarm(live.id)
        self.arm(live)

    async def _run(self, timer: _Timer, first: int | None) -> None:
        """Warn before the end (the game is loaded then, if a restart left it on disk), then time out.

        Started at the timer's first moment (see :meth:`arm_one`): ``first`` is the warning that moment is for
        (seconds left), which is given even if the clock reads it a hair late; a later warning is given unless its
        moment passed meanwhile (the bot away, slow work).

        The work runs in :attr:`concurrency` slots (:meth:`_work`), so thousands of deadlines that passed while
        the bot was down fire in batches the connection pool can serve. A timeout that fails for a reason outside
        the rules (the database busy, the pool exhausted, a bug) is tried again after a pause rather than dropped:
        TIMER_ATTEMPTS times with a growing pause, then every TIMER_PARKED_SECONDS for as long as it fails (an
        error in the log each time), so no game waits for a restart to move on."""
        game_id, prompt_id, due_at = timer.game_id, timer.prompt_id, timer.due
        try:
            for left in WARN_AT:
                if prompt_id != LOBBY and (left == first or due_at - left > self.clock.now()):
                    await self.clock.sleep_until(due_at - left)
                    await self._present.wait()  # away: no warning; the deadline moves on when the bot is back
                    if self.clock.now() >= due_at:  # back, but the deadlines could not be moved on: time is up
                        break
                    try:
                        await self._work(self._warn, game_id, prompt_id, left)
                    except Exception:  # a warning is not worth a retry: the timeout still comes
                        log.exception("game %s: warning for %s failed", game_id, prompt_id)
            await self.clock.sleep_until(due_at)
            await self._present.wait()  # away: nobody could answer; :meth:`back` re-arms this timer later
            attempt = 0
            while True:
                try:
                    if prompt_id == LOBBY:
                        await self._work(self.runtime.lobbies.expire, game_id)
                    else:  # looked up at each try: a test or bench counts the timeouts by replacing it
                        await self._work(self.runtime.timeout, game_id, prompt_id)
                    return
                except Exception:
                    attempt += 1
                    self.failures += 1
                    if attempt < TIMER_ATTEMPTS:
                        pause = TIMER_RETRY_SECONDS * attempt
                        log.warning("game %s: timeout of %s failed (attempt %d); again in %.0f s", game_id, prompt_id, attempt, pause, exc_info=True)
                    else:
                        pause = TIMER_PARKED_SECONDS
                        log.error("game %s: timeout of %s failed %d times; again in %.0f s", game_id, prompt_id, attempt, pause, exc_info=True)
                    await self.clock.sleep_until(self.clock.now() + pause)
        finally:
            timers = self.tasks.get(game_id)
            if timers is not None and timers.get(prompt_id) is timer:
                del timers[prompt_id]
                if not timers:
                    del self.tasks[game_id]

    async def _work(self, work: Callable[..., Awaitable[None]], *args: Any) -> None:
        """Run timer work in one of :attr:`concurrency` slots, counted so :meth:`settled` waits for it from the
        moment it is due (queued work included)."""
        self._working += 1
        try:
            async with self._slots:
                await work(*args)
        finally:
            self._working -= 1
            if not self._working:
                self._settled.set()

    async def _warn(self, game_id: int, prompt_id: str, seconds_left: int) -> None:
        """Edit "N seconds left" into the prompt's own messages (a prompt lasting at least twice that long), so
        only its audience sees it: nothing public for a private prompt or a reaction window.

        The warning rewrites those messages as the game stands when it is worded, and waits its turn with the
        game's other rewrites (:meth:`bot.executors.Executors.send_now`); should an action come in meanwhile (its
        rewrite, a vote's newer tally, may land first), it is worded again from the game as it is then (at most
        :data:`WARN_TRIES` times), rather than undo that rewrite."""
        for _ in range(WARN_TRIES):
            live = await self.runtime.get(game_id)
            dispatcher = self.runtime.dispatcher
            prompt = next((p for p in live.state.prompts if p.id == prompt_id), None) if live.state else None
            if prompt is None or not prompt.timeout or prompt.timeout < 2 * seconds_left or dispatcher is None:
                return
            seq = live.row.seq
            try:
                ops = game_ui(live.engine.name).presenter.warn_ops(live.table(), live.state, prompt, seconds_left)
            except Exception:
                log.exception("game %s: warning for %s failed", game_id, prompt_id)
                return
            for op in ops:
                if not await dispatcher.send_now(live, op, seq):
                    log.info("game %s: the game moved on before the warning for %s went; worded again", game_id, prompt_id)
                    break
            else:
                return

    async def settled(self) -> None:
        """Wait until no timer work runs (queued work included)."""
        while self._working:
            self._settled.clear()
            await self._settled.wait()

    async def stop(self) -> None:
        """Stop every timer (shutdown; the end of a test)."""
        timers = [timer for timers in self.tasks.values() for timer in timers.values()]
        self.tasks.clear()
        for timer in timers:
            timer.cancel(always=True)
        if self._call is not None:
            self._call.cancel()
        self._call = self._call_moment = None
        self._waiting.clear()
        await asyncio.gather(*[timer.task for timer in timers if timer.task is not None], return_exceptions=True)
        self._present.set()  # no timer is left to fire: deliveries waiting for the bot's return go out (a shutdown)

    # -- the host's controls -------------------------------------------------------------------------------

    async def pause(self, game_id: int) -> None:
        """Stop the clocks of every open prompt, keeping the time each had left."""
        live = await self.runtime.get(game_id)
        async with live.lock:
            if live.row.status != "running":
                raise GameError("not_running")
            if live.row.paused:
                raise GameError("already_paused")
            now = self.clock.now()
            async with self.db.sessions.begin() as session:
                rows = (await session.scalars(select(Deadline).where(Deadline.game_id == game_id))).all()
                for row in rows:
                    row.remaining = max(0.0, row.due_at - now)
                    row.due_at = PAUSED
                await session.execute(update(Game).where(Game.id == game_id).values(paused=True))
            live.row.paused = True
            live.deadlines = {}
        self.disarm(game_id)

    async def resume(self, game_id: int) -> None:
        """Start the clocks again, each prompt with the time it had left."""
        live = await self.runtime.get(game_id)
        async with live.lock:
            if not live.row.paused:
                raise GameError("not_paused")
            now = self.clock.now()
            async with self.db.sessions.begin() as session:
                rows = (await session.scalars(select(Deadline).where(Deadline.game_id == game_id))).all()
                for row in rows:
                    row.due_at = now + (row.remaining or 0.0)
                    row.remaining = None
                await session.execute(update(Game).where(Game.id == game_id).values(paused=False))
                live.deadlines = {row.prompt_id: row.due_at for row in rows}
            live.row.paused = False
        self.arm(live)

    async def extend(self, game_id: int, seconds: int) -> None:
        """Give every open prompt ``seconds`` more (paused or not)."""
        live = await self.runtime.get(game_id)
        async with live.lock:
            if live.row.status != "running":
                raise GameError("not_running")
            async with self.db.sessions.begin() as session:
                rows = (await session.scalars(select(Deadline).where(Deadline.game_id == game_id))).all()
                for row in rows:
                    if row.remaining is not None:
                        row.remaining += seconds
                    else:
                        row.due_at += seconds
            live.deadlines = {pid: due + seconds for pid, due in live.deadlines.items()}
        self.rearm(live)

    # -- the bot's absence (bot.downtime) ------------------------------------------------------------------

    async def present(self) -> None:
        """Return once the bot is there for players (at once unless it is away, see :meth:`hold`). A game's
        deliveries wait for it: what was still to go out when the bot went away states the deadlines :meth:`back`
        moves on, so posted before that it would show a choice as ended that is not."""
        await self._present.wait()

    def hold(self, since: float | None = None) -> None:
        """The bot is away since ``since`` (its last heartbeat before a restart, or when the gateway was lost;
        ``None``: now): no timer fires until :meth:`back`. Holding again keeps the earlier moment."""
        if self.away_since is None:
            self.away_since = self.clock.now() if since is None else min(since, self.clock.now())
        self._present.clear()

    async def back(self, why: str = "restart") -> float:
        """The bot is there again (``why``: ``restart`` or ``gateway``): the time it was away was nobody's turn.

        Every open deadline of this process's lobbies and running games moves on by that time, with at least
        GRACE_SECONDS left (:func:`bot.downtime.credited`), in one transaction with, for every running game, a
        render request that tells its thread the bot is back (before anything else the game says afterwards) and
        rewrites each open choice's messages with its new deadline. A gateway outage shorter than BLIP_SECONDS
        only moves the deadlines on. Returns how long the bot was away."""
        since = self.away_since
        if since is None:
            return 0.0
        now = self.clock.now()
        away = max(0.0, now - since)
        announce = why != "gateway" or away >= BLIP_SECONDS
        for attempt in range(1, BACK_ATTEMPTS + 1):
            try:
                return await self._back(since, now, away, why, announce)
            except Exception:
                if attempt == BACK_ATTEMPTS:  # never hold the timers for good: they fire on the deadlines they had
                    log.exception("the bot is back, but its deadlines could not be moved on; timers go on as they were")
                    self.away_since = None
                    self._present.set()
                    return away
                log.warning("moving deadlines on after the bot's absence failed (try %d); again", attempt, exc_info=True)
                await asyncio.sleep(0.1 * attempt)
        raise AssertionError("unreachable")

    async def _back(self, since: float, now: float, away: float, why: str, announce: bool) -> float:
        grace = GRACE_SECONDS if announce else 0.0
        owns_guild = self.runtime.owns_guild
        async with self.db.sessions.begin() as session:
            games = (
                await session.execute(select(Game.id, Game.guild_id, Game.status, Game.seq).where(Game.status.in_(["lobby", "running"])))
            ).all()
            owned = {gid: (status, seq) for gid, guild, status, seq in games if owns_guild(guild)}
            rows = (
                await session.execute(
                    select(Deadline.game_id, Deadline.prompt_id, Deadline.due_at).where(
                        Deadline.remaining.is_(None), Deadline.game_id.in_(list(owned))
                    )
                )
            ).all() if owned else []
            moved: dict[int, dict[str, float]] = {}
            for game_id, prompt_id, due in rows:
                moved.setdefault(game_id, {})[prompt_id] = credited(due, since, now, grace)
            if moved:  # a click may close a prompt meanwhile (the gateway is up): its row is then simply gone
                table = Deadline.__table__  # Core, row by row: a row gone meanwhile just updates nothing
                await (await session.connection()).execute(
                    update(table)
                    .where(table.c.game_id == bindparam("b_game"), table.c.prompt_id == bindparam("b_prompt"), table.c.remaining.is_(None))
                    .values(due_at=bindparam("b_due")),
                    [{"b_game": g, "b_prompt": p, "b_due": d} for g, dues in moved.items() for p, d in dues.items()],
                )
            # what the bot had still to say before it went away states the deadlines it then had: a choice posted
            # now must not read "ended 1 s ago" (rows partly delivered keep their words, the notice corrects them)
            if moved:
                waiting = await session.scalars(
                    select(OutboxRow).where(OutboxRow.game_id.in_(list(moved)), OutboxRow.sent.is_(False), OutboxRow.result.is_(None))
                )
                for row in waiting:
                    if row.op.get("do") == PRESENT and row.op.get("deadlines"):
                        now_due = moved[row.game_id]
                        row.op = {**row.op, "deadlines": {pid: now_due.get(pid, due) for pid, due in row.op["deadlines"].items()}}
            if announce:
                for gid, (status, seq) in owned.items():
                    if status == "running":
                        request = {**present_request(seq, moved.get(gid, {})), "back": {"away": away, "why": why}}
                        session.add(OutboxRow(game_id=gid, seq=seq, op=request, sent=False))
        for gid, deadlines in moved.items():
            live = self.runtime.games.get(gid)
            if live is not None:
                live.deadlines = {pid: deadlines.get(pid, due) for pid, due in live.deadlines.items()}
                self.rearm(live)
            else:  # not in memory: the timers recover() armed, re-armed at the moved deadlines
                self.disarm(gid)
                for prompt_id, due in deadlines.items():
                    self.arm_one(gid, prompt_id, due)
        self.away_since = None
        self._present.set()
        if announce:
            for gid, (status, _) in owned.items():
                if status == "running":
                    self.runtime.wake(gid)
        log.info("back after %.1f s away (%s): %d deadline(s) of %d game(s) moved on", away, why, len(rows), len(moved))
        return away


class _Timer:
    """One deadline's timer (see :meth:`Timers.arm_one`): waiting for its first moment in the timers' heap, then the
    task that warns and times out. It answers ``done()``, ``cancelled()`` and ``exception()`` as that task does (a
    timer stopped before it started is done and cancelled), for the tests and benches that watch timers fire."""

    __slots__ = ("due", "first", "game_id", "prompt_id", "stopped", "task")

    def __init__(self, game_id: int, prompt_id: str, due: float) -> None:
        self.game_id = game_id
        self.prompt_id = prompt_id
        self.due = due
        #: The warning its first moment is for (seconds left), ``None``: the deadline itself.
        self.first: int | None = None
        self.task: asyncio.Task[None] | None = None
        #: Stopped before its moment: left in the heap, skipped when it comes up.
        self.stopped = False

    def start(self, run: Coroutine[Any, Any, None]) -> None:
        """Its moment came: the task that warns and times out starts."""
        self.task = asyncio.get_running_loop().create_task(run)

    def cancel(self, always: bool = False) -> None:
        """Stop the timer, unless its task is the one running (and not ``always``): a timeout that ends its prompt
        (or its game) finishes its own work and then ends by itself, rather than being cancelled half-way through
        its last steps."""
        if self.task is None:
            self.stopped = True
        elif always or self.task is not asyncio.current_task():
            self.task.cancel()

    def done(self) -> bool:
        return self.task.done() if self.task is not None else self.stopped

    def cancelled(self) -> bool:
        return self.task.cancelled() if self.task is not None else self.stopped

    def exception(self) -> BaseException | None:
        if self.task is not None:
            return self.task.exception()
        raise asyncio.CancelledError() if self.stopped else asyncio.InvalidStateError("the timer has not fired")


def _sleep_then(clock: Any, when: float, callback: Callable[[], Any]) -> asyncio.Task[None]:
    """A clock without ``call_at`` (a test's own): a task sleeping until ``when``, then ``callback``."""

    async def wait() -> None:
        await clock.sleep_until(when)
        callback()

    return asyncio.get_running_loop().create_task(wait())


def _timer_concurrency(db: Database) -> int:
    """Timer work in flight at once, against the connection pool: each timeout holds at most one pooled connection
    at a time (its load, or a staleness check; on SQLite its commit goes through the writer's own). SQLite (the
    default queue pool, 5 + 10 overflow): half, 7, the rest for clicks and deliveries' short reads. PostgreSQL
    (bot/db.py: 10 + 10): a quarter, 5, since drains hold up to two each (bot.delivery: a quarter of the pool drains
    at once, so 10), leaving 5 for clicks and the writer."""
    pool = db.engine.pool
    size = getattr(pool, "size", None)
    capacity = (size() if callable(size) else 1) + max(0, int(getattr(pool, "_max_overflow", 0) or 0))
    return max(1, capacity // (2 if db.is_sqlite else 4))


__all__ = ["TIMER_ATTEMPTS", "TIMER_PARKED_SECONDS", "TIMER_RETRY_SECONDS", "WARN_AT", "Timers"]
