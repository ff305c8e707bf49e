"""Computer players (issue 31): seats a host fills with a computer at a level, and their moves.

**Who they are.** A computer's player id is a negative number as a string, ``-<n><level>``: ``-12`` is computer 1 at
level 2 (``normal``), ``-23`` computer 2 at ``hard``. Discord's ids are positive snowflakes, so a computer never
collides with a person; its level and number travel with the id itself (the seats, the log, the record, any
restart), with nothing else to store. A computer is never written to: a DM addressed to one is dropped by the
executors before any call (its id is not a Discord id), and it is never mentioned (the game names it by its name,
``🤖 Bot 1 · normal`` in the lobby's language, kept in the lobby's names like anyone's).

**Which games.** Those the players' package (:data:`DECIDER`, ``engines.ai``) lists in its ``GAMES``; it is imported
by name, so ``bot`` still names no game, and a missing package offers computers nowhere.

**How they move** (:class:`Computers`). After every commit that leaves a prompt open for a computer (an action,
the deal, a resume, a restart's recovery), the runtime arms the computer's turn: its decision starts at once, off
the event loop in a worker process (spawned, like the board workers of :mod:`bot.boards`), given only
``engine.view(state, player, known=True)``, what a person in that seat would see; the move is made no sooner than a second
or two after the prompt opened (the injected clock: a person's pace), in a game of computers only once what the
game said before has reached Discord (so that it reads naturally in its thread, at the pace the thread can show),
and never while the bot is away or the game is paused. It goes through :meth:`bot.runtime.Runtime.act` like a click: logged, delivered,
timed. A decision whose state moved on meanwhile is dropped (the commit that moved it armed a new one); a restart
derives every pending computer turn from the games' states again (:meth:`Computers.recover`). A decider that fails
costs the computer its considered move, never the game: it plays a random legal move instead, and the prompt's
own timeout still applies to computers as to anyone.
"""

from __future__ import annotations

import asyncio
import hashlib
import importlib
import logging
import multiprocessing
import os
import random
import threading
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, Any

from sqlalchemy import String, cast, select

from bot import thinking
from bot.db import Game
from engines.core import Action, IllegalAction

if TYPE_CHECKING:
    from bot.live import LiveGame
    from bot.runtime import Runtime

log = logging.getLogger(__name__)

#: The levels, weakest first; a computer's id carries its level's place here (1-based).
LEVELS = ("easy", "normal", "hard")
#: The computer players' package, ``module:function`` (imported by name in the worker processes).
DECIDER = "engines.ai:decide"
#: Test hook: another decider (``module:function``) for the bot's computers, e.g. a quick one for an end-to-end test.
DECIDER_ENV = "NOCTURNE_TEST_COMPUTER_DECIDER"
#: The setting that sizes the pool of decision workers (default: one per core but one, at least one).
WORKERS_ENV = "COMPUTER_WORKERS"
#: A computer moves no sooner than this many seconds after its prompt opened (a person's pace), spread over the range.
PACE = (1.0, 2.0)
#: Seconds a decision may take, queue included, before the computer plays a random legal move instead.
DECIDE_TIMEOUT = 30.0
#: Real seconds a computer's move waits, at most, for what the game said before it to reach Discord (a game of
#: computers only would otherwise outrun the thread's pace of five posts in five seconds and read ever further behind).
DELIVERY_WAIT = 15.0
#: How often that wait looks (real seconds: Discord's pace is the wall clock's, whatever the games' clock).
DELIVERY_POLL = 0.05
#: Most computers a lobby seats beyond which ids would run out of digits (never reached: tables seat at most 25).
MAX_NUMBER = 99

#: Moves a computer never makes on its own, not even as a fallback (giving up is a person's choice).
NEVER = frozenset({"leave", "surrender", "resign"})

#: A decider: (game, view, player, level, seed) -> Action.to_json().
Decider = Callable[[str, dict, str, str, int], dict]


# -- ids ------------------------------------------------------------------------------------------------------------


def computer_id(number: int, level: str) -> str:
    """The player id of computer ``number`` (1, 2 ...) at ``level``."""
    if level not in LEVELS or not 1 <= number <= MAX_NUMBER:
        raise ValueError(f"no computer {number} at {level!r}")
    return f"-{number}{LEVELS.index(level) + 1}"


def is_computer(player: Any) -> bool:
    """Is ``player`` (a seat's id) a computer? Discord's ids are positive, a computer's negative."""
    text = str(player)
    return len(text) >= 3 and text[0] == "-" and text[1:].isdigit() and text[-1] in "123"


def level_of(player: str) -> str:
    return LEVELS[int(str(player)[-1]) - 1]


def number_of(player: str) -> int:
    return int(str(player)[1:-1])


def computers_in(seats: Any) -> dict[str, str]:
    """The computers among ``seats``: player id -> level, in seat order."""
    return {str(p): level_of(str(p)) for p in seats or () if is_computer(p)}


def next_number(seats: Any) -> int:
    """The smallest number no computer in ``seats`` has."""
    taken = {number_of(p) for p in computers_in(seats)}
    return next(n for n in range(1, MAX_NUMBER + 1) if n not in taken)


def name_of(table: Any, player: str) -> str:
    """A computer's name in the table's language: ``🤖 Bot 1 · normal``."""
    level = table.t(f"computers.level.{level_of(player)}")
    return table.t("computers.name", number=number_of(player), level=level)


class SeatRefused(Exception):
    """The host's change of computer seats is refused: ``code`` is ``full`` or ``gone`` (``computers-<code>``)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def seat(row: Any, level: str, table: Any, limit: int) -> str:
    """Seat a new computer at ``level`` in a lobby's ``row`` that seats at most ``limit``; returns its name. Raises
    ``ValueError`` for an unknown level, ``SeatRefused("full")`` when every seat is taken."""
    if level not in LEVELS:
        raise ValueError(f"no level {level!r}")
    if len(row.seats) >= limit:
        raise SeatRefused("full")
    player = computer_id(next_number(row.seats), level)
    row.seats.append(player)
    row.names[player] = name_of(table, player)
    return row.names[player]


def unseat(row: Any, player: str) -> str:
    """Take computer ``player`` from a lobby's ``row``; returns its name. Raises ``SeatRefused("gone")`` when it is
    not seated (or is no computer: a person leaves by themselves)."""
    if not is_computer(player) or player not in row.seats:
        raise SeatRefused("gone")
    row.seats.remove(player)
    return str(row.names.pop(player, player))


# -- which games ----------------------------------------------------------------------------------------------------


def decider_spec() -> str:
    return os.environ.get(DECIDER_ENV, "").strip() or DECIDER


_offered: frozenset[str] | None = None


def offered_games() -> frozenset[str]:
    """The games computers play: the decider's package's ``GAMES`` (none when it cannot be imported)."""
    global _offered
    if _offered is None:
        module = decider_spec().partition(":")[0]
        try:
            _offered = frozenset(getattr(importlib.import_module(module), "GAMES", ()))
        except ImportError:
            log.info("no computer players: %s cannot be imported", module)
            _offered = frozenset()
    return _offered


def offers(engine_name: str) -> bool:
    """Can a lobby of ``engine_name`` seat computers?"""
    return engine_name in offered_games()


def workers_from_env() -> int:
    raw = os.environ.get(WORKERS_ENV, "").strip()
    return int(raw) if raw.isdigit() and int(raw) > 0 else max(1, (os.cpu_count() or 1) - 1)


# -- in the bot -----------------------------------------------------------------------------------------------------


class Stale(Exception):
    """The game moved on between a computer's decision and its move: the move is dropped."""


class Computers:
    """The computers' turns of this process's games.

    ``decider``: a callable run on the event loop itself (tests inject a fake one), or ``None``: the decider named by
    :func:`decider_spec`, run in ``workers`` spawned processes (started, in the background, with the first game that
    seats a computer). ``pace``: the range of seconds a move waits after its prompt opened."""

    def __init__(self, runtime: Runtime, *, decider: Decider | None = None, workers: int | None = None,
                 pace: tuple[float, float] = PACE) -> None:
        self.runtime = runtime
        self.clock = runtime.clock
        self.decider = decider
        self.workers = workers
        self.pace = pace
        #: The pending turn of each (game, computer): the step it was armed at and its task.
        self.tasks: dict[tuple[int, str], tuple[int, asyncio.Task[None]]] = {}
        #: The same turns by game (the computers with one), so arming a game never scans the others' turns.
        self._pending: dict[int, set[str]] = {}
        self._executor: Executor | None = None
        self._starting: asyncio.Task[Executor] | None = None
        self._lock = threading.Lock()
        self._working = 0
        self._settled = asyncio.Event()
        self.closed = False
        #: Counters for tests and benches: moves made, decisions dropped as stale, decisions that failed.
        self.moves = 0
        self.stale = 0
        self.failures = 0

    # -- arming --------------------------------------------------------------------------------------------

    def arm(self, live: LiveGame) -> None:
        """Make the computers' pending turns match the game's state: one per computer a prompt awaits now (at this
        step); any other is dropped. Called after every commit that can open or close a prompt."""
        if self.closed:
            return
        if live.id not in self._pending and not _seated(live):
            return  # no computer at this table and no turn of one pending (most games): nothing to arm or to drop
        if not self.runtime.owns_guild(live.row.guild_id):
            return
        state = live.state
        if self.decider is None and self._executor is None and self._starting is None and _seated(live):
            # the workers start with the first game that seats a computer, before its first turn needs them
            self._starting = asyncio.get_running_loop().create_task(asyncio.to_thread(self._start))
            self._starting.add_done_callback(_quietly)
        awaited: set[str] = set()
        if live.row.status == "running" and state is not None and state.outcome is None and not live.row.paused:
            awaited = {p for prompt in live.engine.prompts(state) for p in prompt.players if is_computer(p)}
        step = state.step if state is not None else -1
        for player in list(self._pending.get(live.id, ())):
            armed, task = self.tasks[(live.id, player)]
            if player not in awaited or armed != step:
                self._drop((live.id, player))
                if task is not asyncio.current_task():  # a move that moved the game finishes its own work
                    task.cancel()
        for player in sorted(awaited):
            if (live.id, player) not in self.tasks:
                due = self.clock.now() + self._delay(live, player, step)  # from the commit that opened the turn
                task = asyncio.get_running_loop().create_task(self._turn(live, player, step, due))
                self.tasks[(live.id, player)] = (step, task)
                self._pending.setdefault(live.id, set()).add(player)

    def disarm(self, game_id: int) -> None:
        for player in list(self._pending.get(game_id, ())):
            _, task = self._drop((game_id, player))
            if task is not asyncio.current_task():
                task.cancel()

    def _drop(self, key: tuple[int, str]) -> tuple[int, asyncio.Task[None]]:
        """Forget a pending turn (its task is the caller's to cancel, or its own to end)."""
        entry = self.tasks.pop(key)
        players = self._pending.get(key[0])
        if players is not None:
            players.discard(key[1])
            if not players:
                del self._pending[key[0]]
        return entry

    async def recover(self) -> int:
        """After a start: every running game of this process with a computer seated is loaded and its computers'
        pending turns armed, derived from its state (a restart resumes a computer's turn like anyone's). Returns
        how many games were armed."""
        async with self.runtime.db.sessions() as session:
            rows = (
                await session.execute(
                    select(Game.id, Game.guild_id, Game.seats).where(Game.status == "running", cast(Game.seats, String).like('%"-%'))
                )
            ).all()
        armed = 0
        for game_id, guild_id, seats in rows:
            if not computers_in(seats) or not self.runtime.owns_guild(guild_id):
                continue
            try:
                self.arm(await self.runtime.get(game_id))
                armed += 1
            except Exception:  # one game that cannot load keeps no other computer waiting
                log.exception("game %s: its computers' turns could not be resumed", game_id)
        return armed

    # -- a turn --------------------------------------------------------------------------------------------

    def _delay(self, live: LiveGame, player: str, step: int) -> float:
        low, high = self.pace
        return low + (high - low) * (_seed(live, player, step, "pace") % 1000) / 999

    async def _turn(self, live: LiveGame, player: str, step: int, due: float) -> None:
        """Decide (off the loop), wait for a person's pace (until ``due``) and for the bot's presence, then move
        through act."""
        state = live.state
        assert state is not None
        try:
            view = live.engine.view(state, player, known=True)
            try:
                decided: dict | None = await self._decide(live.engine.name, view, player, level_of(player), _seed(live, player, step, "think"))
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                decided = None
                if type(exc).__name__ == "NothingToDecide":  # only giving up is open to it: the prompt times out
                    log.debug("game %s: %s has nothing to decide", live.id, player)
                else:
                    self.failures += 1
                    log.exception("game %s: %s's decision failed; a random legal move instead", live.id, player)
            await self.clock.sleep_until(due)
            await self.runtime.timers.present()  # away: nobody moves, computers neither
            self._working += 1
            try:
                if all(is_computer(p) for p in live.row.seats):  # nobody's pace but the thread's to keep
                    await self._delivered(live.id)
                await self._move(live.id, player, step, decided)
            finally:
                self._working -= 1
                if not self._working:
                    self._settled.set()
        finally:
            entry = self.tasks.get((live.id, player))
            if entry is not None and entry[1] is asyncio.current_task():
                self._drop((live.id, player))

    async def _delivered(self, game_id: int) -> None:
        """Wait (up to DELIVERY_WAIT) until the game's outbox is delivered: a game of computers only moves at the pace
        its thread can show it. (With a person seated, the person's pace is the game's, as at any table.)"""
        dispatcher = self.runtime.dispatcher
        waited = 0.0
        while dispatcher is not None and dispatcher.busy(game_id) and waited < DELIVERY_WAIT:
            await asyncio.sleep(DELIVERY_POLL)
            waited += DELIVERY_POLL

    async def _move(self, game_id: int, player: str, step: int, decided: dict | None) -> None:
        live = self.runtime.games.get(game_id) or await self.runtime.get(game_id)
        state = live.state
        if state is None or state.step != step or live.row.status != "running" or live.row.paused:
            self.stale += 1
            return
        action = Action.from_json(decided) if decided is not None else None
        if action is not None and action.player != player:
            log.warning("game %s: %s's decider answered for %r; a random legal move instead", game_id, player, action.player)
            action = None

        def exactly_then(table: Any, before: Any, after: Any, events: Any) -> list:
            if before.step != step:  # under the game's lock: another move came first
                raise Stale
            return []

        for attempt in ("decided", "fallback"):
            if action is None:
                legal = [a for a in live.engine.legal_actions(state, player) if a.kind not in NEVER]
                if not legal:
                    return
                action = random.Random(_seed(live, player, step, "fallback")).choice(legal)
            try:
                await self.runtime.act(game_id, action, exactly_then)
                self.moves += 1
                return
            except Stale:
                self.stale += 1
                return
            except IllegalAction as exc:
                self.failures += 1
                log.warning("game %s: %s's %s move %s was refused (%s)", game_id, player, attempt, action.kind, exc.code)
                action = None
            except Exception:
                self.failures += 1
                log.exception("game %s: %s's move failed; its prompt's timeout still applies", game_id, player)
                return

    async def _decide(self, game: str, view: dict, player: str, level: str, seed: int) -> dict:
        if self.decider is not None:
            return self.decider(game, view, player, level, seed)
        if self._starting is not None and not self._starting.done():
            await asyncio.wait([self._starting])  # being started already: the same pool
        executor = self._executor or await asyncio.to_thread(self._start)
        future = executor.submit(thinking.think, decider_spec(), game, view, player, level, seed)
        try:
            return await asyncio.wait_for(asyncio.wrap_future(future), DECIDE_TIMEOUT)
        except BrokenProcessPool:
            self._replace(executor)
            raise

    # -- the pool ------------------------------------------------------------------------------------------

    def _start(self) -> Executor:
        with self._lock:
            if self.closed:
                raise RuntimeError("the computers' pool is closed")
            if self._executor is None:
                workers = self.workers or workers_from_env()
                executor = ProcessPoolExecutor(
                    workers, mp_context=multiprocessing.get_context("spawn"),
                    initializer=thinking.start, initargs=(decider_spec(), os.getpid()),
                )
                for _ in range(workers):
                    executor.submit(thinking.ready)
                self._executor = executor
            return self._executor

    def _replace(self, broken: Executor) -> None:
        with self._lock:
            if self._executor is not broken:
                return
            self._executor = None
        log.warning("a computers' worker died; starting new ones for the next decision")
        broken.shutdown(wait=False, cancel_futures=True)

    async def settled(self) -> None:
        """Wait until no computer is making its move (pending turns still pacing are not waited for)."""
        while self._working:
            self._settled.clear()
            await self._settled.wait()

    async def close(self) -> None:
        """Stop every pending turn and the workers (shutdown; the end of a test)."""
        self.closed = True
        tasks = [task for _, task in self.tasks.values()]
        self.tasks.clear()
        self._pending.clear()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self._starting is not None:  # a pool being started ahead of need is shut down with the rest
            await asyncio.wait([self._starting])
        with self._lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)


def _seated(live: LiveGame) -> bool:
    """Does a computer sit at ``live``'s table? Asked at every action (most tables have none), so it is derived from
    the seats each time (under a microsecond for a full table), never remembered where it could go stale."""
    seats = live.row.seats
    # a computer's id starts with "-", which sorts before every digit: the least seat tells, in one C-level pass
    return bool(seats) and min(map(str, seats))[0] == "-" and any(is_computer(p) for p in seats)


def _quietly(task: asyncio.Task[Any]) -> None:
    """A pool started ahead of need that failed (or was closed first) is started again by the first decision."""
    if not task.cancelled() and task.exception() is not None:
        log.info("the computers' workers did not start ahead: %s", task.exception())


def _seed(live: LiveGame, player: str, step: int, what: str) -> int:
    """A computer's own chance at a step: from the game's secret seed and salt through a one-way hash, so the same
    after a restart and telling nothing of the deal."""
    text = f"computer/{what}/{live.row.seed}/{live.row.salt}/{step}/{player}"
    return int(hashlib.sha256(text.encode()).hexdigest()[:12], 16)


__all__ = [
    "DECIDER",
    "LEVELS",
    "PACE",
    "Computers",
    "SeatRefused",
    "computer_id",
    "computers_in",
    "is_computer",
    "level_of",
    "name_of",
    "next_number",
    "number_of",
    "offered_games",
    "offers",
    "seat",
    "unseat",
]