"""The game runtime: live games by id, one action at a time per game, timers, and recovery after a restart.

Every change goes through :meth:`Runtime.act` (players, host controls and the clock alike):

1. under the game's lock, the engine applies the action to the cached state (an illegal one raises
   :class:`engines.core.IllegalAction` and nothing is written);
2. the outbox gets a render request for the new step (and any ops the action brings, such as a typed message to
   delete, or a game's end: its record, its role deleted);
3. one transaction inserts the action with its sequence number, the ops, the deadlines of newly opened prompts
   and the game's new ``seq`` (a snapshot now and then follows in a transaction of its own);
4. only then is the cache updated, timers re-armed and the dispatcher woken to deliver the ops.

What players read is not worded in the action: the render request (:func:`bot.ops.present_request`: "present step
``seq``") is worded by the presenter when the dispatcher delivers it (:meth:`Runtime.presented`), in the game's
language, from the step kept in memory or, after a restart or in another process, replayed from the seed and the
log. Wording is most of an action's time; the click is answered and durable without it.

A crash at any point loses nothing: before the commit nothing happened; after it, :meth:`Runtime.recover`
rebuilds the game from snapshot + log, re-arms its timers from the stored deadlines and the dispatcher sends
whatever was not yet sent. If another process wrote the same step first, the insert fails on the primary key;
the game is reloaded and the action tried again against the fresh state (usually refused as stale).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import String, cast, delete, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from bot.clock import Clock
from bot.downtime import BLIP_SECONDS, GRACE_SECONDS, credited
from bot.db import (
    ADVANCE_GAME,
    DELETE_DEADLINE,
    DELETE_SNAPSHOT,
    FINISH_GAME,
    INSERT_ACTION,
    INSERT_DEADLINES,
    INSERT_OUTBOX,
    INSERT_OUTBOX_IDS,
    INSERT_RESULTS,
    INSERT_SNAPSHOT,
    ActionRow,
    Database,
    Deadline,
    Game,
    GuildSettings,
    OutboxRow,
    Snapshot,
)
from bot.ops import PRESENT, Op, present_request
from bot.games import game_ui
from bot.lobby import lobby_text
from bot.presenter import Table, back_safely, present_safely
from bot.writer import CommitQueue
from engines import get_engine
from engines.core import CLOCK, Action, Engine, IllegalAction, State

log = logging.getLogger(__name__)

#: A snapshot is written every this many actions, so a restart replays at most this many.
SNAPSHOT_EVERY = 25
#: A lobby nobody touches for this long closes by itself (its deadline row is named ``LOBBY``).
LOBBY_SECONDS = 3600
LOBBY = "lobby"
#: ``due_at`` of a paused deadline (its time left is in ``remaining``).
PAUSED = float("inf")
#: Tries of one action against writers in other processes; each retry means another writer made progress.
ATTEMPTS = 5
#: Tries of a timeout that fails outside the rules (the database busy, its pool exhausted, a bug), this many
#: seconds apart (times the try's number); after that it is still tried every TIMER_PARKED_SECONDS, logged as an
#: error each time, so a game never waits for a restart to move on.
TIMER_ATTEMPTS = 5
TIMER_RETRY_SECONDS = 2.0
TIMER_PARKED_SECONDS = 60.0
#: Statuses of a game that is over: nothing changes it any more, only its last deliveries are left.
OVER = ("finished", "aborted")
#: Warnings before a prompt times out, in seconds left (each only when the prompt lasts at least twice that).
WARN_AT = (30, 10)
#: Steps kept in memory per game for their render requests; an older one is replayed when delivered.
KEEP_STEPS = 64


@dataclass(frozen=True)
class Step:
    """One transition as the presenter words it: the states around step ``after.step``, its events and actor."""

    before: State | None
    after: State
    events: list
    actor: str | None = None


class GameError(Exception):
    """A request the runtime refuses outside the rules (no such game, not the host, lobby full...).

    ``code`` is translated by the bot as ``common.error.<code>``.
    """

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


@dataclass
class LiveGame:
    """A game in memory: its row (detached), engine and current state, and the lock that serialises it."""

    row: Game
    engine: Engine
    state: State | None = None
    #: When each open timed prompt runs out (unix time), as stored in ``deadlines``; absent while paused.
    deadlines: dict[str, float] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    #: The steps whose render requests are not worded yet, by seq (taken by :meth:`Runtime.presented`).
    steps: dict[int, Step] = field(default_factory=dict)

    def keep(self, step: Step) -> None:
        self.steps[step.after.step] = step
        if len(self.steps) > KEEP_STEPS:  # nobody words them (no dispatcher): the oldest replay if ever needed
            del self.steps[min(self.steps)]

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def over(self) -> bool:
        return self.row.status in OVER

    def table(self, deadlines: dict[str, float] | None = None) -> Table:
        return Table(
            game_id=self.row.id,
            engine=self.engine,
            lang=self.row.language,
            names=dict(self.row.names),
            guild_name=self.row.guild_name,
            narrator=str(self.row.narrator_id) if self.row.narrator_id else None,
            host=str(self.row.host_id),
            deadlines=dict(self.deadlines if deadlines is None else deadlines),
        )


class Runtime:
    """Owns the live games of this process. ``dispatcher`` (set by the bot) delivers outbox ops."""

    def __init__(
        self,
        db: Database,
        clock: Clock | None = None,
        *,
        owns_guild: Callable[[int], bool] = lambda guild_id: True,
        new_seed: Callable[[], str] = lambda: secrets.token_hex(8),
        new_salt: Callable[[], str] = lambda: secrets.token_hex(16),
        timer_concurrency: int | None = None,
    ) -> None:
        """``timer_concurrency``: most timer work in flight at once (default: a share of the connection pool)."""
        self.db = db
        self.clock = clock or Clock()
        self.owns_guild = owns_guild
        self.new_seed = new_seed
        self.new_salt = new_salt
        #: The games in memory: lobbies and running games once touched, and games that are over until their last
        #: deliveries are done (then they are evicted, see :meth:`_evict_if_over`, and reload on the next use).
        self.games: dict[int, LiveGame] = {}
        self.writer = CommitQueue(db.engine)
        #: Timer tasks by game, then prompt id (by game first, so re-arming one game never scans the others).
        self._timers: dict[int, dict[str, asyncio.Task[None]]] = {}
        #: The lock of each game being loaded, with how many callers use it (it goes when the last one is done).
        self._load_locks: dict[int, _LoadLock] = {}
        #: Bounds the timer work (warnings, timeouts, lobby expiries) in flight at once, so a restart with thousands
        #: of overdue deadlines fires them in batches instead of all asking the connection pool at once.
        self.timer_concurrency = timer_concurrency or _timer_concurrency(db)
        self._timer_slots = asyncio.Semaphore(self.timer_concurrency)
        #: Timer work that failed outside the rules and was tried again (see TIMER_ATTEMPTS); for tests and benches.
        self.timer_failures = 0
        #: How many times render requests were worded from a replay of the log (their steps not in memory).
        self.replays = 0
        self.dispatcher: Any = None  # bot.delivery.Dispatcher, or a test double with kick(game_id)
        self.on_finished: list[Callable[[LiveGame], Any]] = []
        #: Makers of ops for a game's end (records, reveals), written in the same transaction as the final action.
        self.end_ops: list[Callable[[LiveGame, State], list[Op]]] = []
        #: Makers of ops for a game's deal (the seed's commitment), posted after the start ops and before anything
        #: the deal itself sends.
        self.begin_ops: list[Callable[[LiveGame], list[Op]]] = []
        #: Each seated player's role, side or faction at the end (player id -> name), stored with their result.
        self.result_roles: list[Callable[[LiveGame, State], dict[str, str]]] = []
        self._working = 0
        self._settled = asyncio.Event()
        #: Snapshots being written after their actions (see :meth:`_snapshot_soon`).
        self._background: set[asyncio.Task[None]] = set()
        #: Since when the bot has been away (down, or cut off from the gateway), while it is (see :meth:`hold`).
        self.away_since: float | None = None
        #: Set while the bot is there for players; timers wait for it before they fire.
        self._present = asyncio.Event()
        self._present.set()

    # -- loading -------------------------------------------------------------------------------------------

    async def get(self, game_id: int) -> LiveGame:
        """The live game ``game_id``, loaded from the database on first use (any process can act on any game).

        A game that is over is loaded too (a stale click, /game history, a late delivery) and answers like any
        other; it leaves memory again soon after unless a delivery still needs it."""
        live = self.games.get(game_id)
        if live is not None:
            return live
        loading = self._load_locks.get(game_id)
        if loading is None:
            loading = self._load_locks[game_id] = _LoadLock()
        loading.users += 1
        live = None
        try:
            async with loading.lock:  # one load per game at a time; whoever waited finds it loaded
                live = self.games.get(game_id)
                if live is None:
                    live = await self._load(game_id)
                    self.games[game_id] = live
        finally:
            loading.users -= 1
            if not loading.users and self._load_locks.get(game_id) is loading:
                del self._load_locks[game_id]
                if live is not None and live.over:  # once every caller that waited for it has it, it may go
                    asyncio.get_running_loop().call_soon(self._evict_if_over, game_id)
        return live

    async def _load(self, game_id: int) -> LiveGame:
        async with self.db.sessions() as session:
            row = await session.get(Game, game_id)
            if row is None:
                raise GameError("no_game", id=game_id)
            live = LiveGame(row, get_engine(row.engine))
            if row.status in ("running", "finished"):
                snap = await session.get(Snapshot, game_id)
                if snap is None:
                    raise GameError("corrupt_game", id=game_id)
                state = live.engine.load(snap.state)
                tail = await session.scalars(
                    select(ActionRow).where(ActionRow.game_id == game_id, ActionRow.seq > snap.seq).order_by(ActionRow.seq)
                )
                for entry in tail:
                    state, _ = live.engine.apply(state, Action.from_json(entry.action))
                live.state = state
            if row.status in ("lobby", "running"):
                rows = await session.scalars(select(Deadline).where(Deadline.game_id == game_id))
                live.deadlines = {r.prompt_id: r.due_at for r in rows if r.remaining is None}
        return live

    def forget(self, game_id: int) -> None:
        """Drop a game from the cache (it reloads from the database on next use)."""
        self.games.pop(game_id, None)
        for task in self._timers.pop(game_id, {}).values():
            _cancel_timer(task)

    def drained(self, game_id: int) -> None:
        """Called by the dispatcher when it has delivered everything it knows of for ``game_id``."""
        self._evict_if_over(game_id)

    def _evict_if_over(self, game_id: int) -> bool:
        """Drop a game that is over from memory, with everything kept for it (timers, the dispatcher's
        bookkeeping), once the dispatcher is not delivering for it: its final messages, record, role deletion and
        thread close go out first (the dispatcher calls :meth:`drained` when its drain ends). A later use of the
        id reloads it from the database.

        Safe at any moment for a game that is over: it is over in the database too (the status is set in memory
        only after the commit), and nothing changes it any more except what the dispatcher records, which it
        stores before it calls :meth:`drained`. Whoever still holds the evicted copy (a click waiting for its
        lock) is refused as by the fresh one (not running)."""
        live = self.games.get(game_id)
        if live is None or not live.over or game_id in self._load_locks:
            return False  # (a load in progress: its last caller checks again)
        busy = getattr(self.dispatcher, "busy", None)
        if busy is not None and busy(game_id):
            return False  # its drain calls drained() when it ends
        del self.games[game_id]
        for task in self._timers.pop(game_id, {}).values():  # a game that is over has none left to fire
            _cancel_timer(task)
        release = getattr(self.dispatcher, "release", None)
        if release is not None:
            row = live.row
            release(game_id, users={*map(str, row.seats or ()), *(row.names or {}), str(row.host_id), str(row.narrator_id)})
        return True

    # -- lobby ---------------------------------------------------------------------------------------------

    async def open_lobby(
        self,
        engine_name: str,
        *,
        guild_id: int,
        guild_name: str,
        channel_id: int,
        host_id: int,
        host_name: str,
        language: str,
        lobby_ops: Callable[[LiveGame], list[Op]],
    ) -> LiveGame:
        engine = get_engine(engine_name)
        row = Game(
            engine=engine_name,
            status="lobby",
            guild_id=guild_id,
            guild_name=guild_name[:100],
            channel_id=channel_id,
            host_id=host_id,
            language=language,
            seed=self.new_seed(),
            salt=self.new_salt(),
            # a game whose elements come in languages (Když sním's KS-5) starts in the server's language
            options={o.name: language for o in engine.options if o.name == "language" and language in o.choices},
            seats=[str(host_id)],
            names={str(host_id): host_name},
            slots={},
            seq=0,
            paused=False,
            created_at=self.clock.now(),
        )
        due = self.clock.now() + LOBBY_SECONDS
        async with self.db.sessions.begin() as session:
            session.add(row)
            await session.flush()
            live = LiveGame(row, engine, deadlines={LOBBY: due})
            session.add(Deadline(game_id=row.id, prompt_id=LOBBY, due_at=due))
            for op in lobby_ops(live):
                session.add(OutboxRow(game_id=row.id, seq=0, op=op, sent=False))
        self.games[row.id] = live
        self._arm(live)
        self._kick(row.id)
        return live

    async def update_lobby(
        self, game_id: int, change: Callable[[Game], None], lobby_ops: Callable[[LiveGame], list[Op]]
    ) -> LiveGame:
        """Change a lobby (seats, options, narrator) and refresh its message, in one transaction.

        The change is made to the row as read (and locked) inside the transaction, not to the cached copy, so
        two processes seating players at once cannot overwrite each other.
        """
        live = await self.get(game_id)
        async with live.lock:
            async with self.db.sessions.begin() as session:
                row = await session.get(Game, game_id, with_for_update=True, populate_existing=True)
                if row is None or row.status != "lobby":
                    raise GameError("not_lobby")
                fresh = _copy_row(row)
                change(fresh)
                row.seats, row.names, row.options = fresh.seats, fresh.names, fresh.options
                row.narrator_id = fresh.narrator_id
                draft = LiveGame(fresh, live.engine)
                for op in lobby_ops(draft):
                    session.add(OutboxRow(game_id=game_id, seq=0, op=op, sent=False))
                due = self.clock.now() + LOBBY_SECONDS  # any activity keeps a lobby open
                await session.merge(Deadline(game_id=game_id, prompt_id=LOBBY, due_at=due))
            live.row = _with_delivery_fields(_copy_row(fresh), live.row)
            live.deadlines = {LOBBY: due}
        self._disarm(game_id)
        self._arm(live)
        self._kick(game_id)
        return live

    async def start(self, game_id: int, start_ops: Callable[[LiveGame], list[Op]]) -> LiveGame:
        """Deal the game from the lobby as stored: engine setup (options are validated here), the first prompts,
        the game's thread, the deadlines. An invalid option or player count raises IllegalAction and nothing
        changes. The deal is the stored seats, options and seed alone, so it replays (see :meth:`presented`)."""
        live = await self.get(game_id)
        async with live.lock:
            now = self.clock.now()
            async with self.db.sessions.begin() as session:
                row = await session.get(Game, game_id, with_for_update=True, populate_existing=True)
                if row is None or row.status != "lobby":
                    raise GameError("not_lobby")
                live.row = _with_delivery_fields(_copy_row(row), live.row)
                state, events = live.engine.setup(row.seats, row.options, row.seed)
                live.deadlines = {}
                _, opened, deadlines = self._deadline_changes(live, None, state, now)
                begin = [op for make in self.begin_ops for op in make(live)]
                ops = start_ops(live) + begin + [present_request(0, deadlines)]
                row.status = "running"
                row.started_at = now
                await session.execute(delete(Deadline).where(Deadline.game_id == game_id, Deadline.prompt_id == LOBBY))
                session.add(Snapshot(game_id=game_id, seq=0, state=live.engine.dump(state)))
                if opened:
                    await session.execute(insert(Deadline), opened)
                for op in ops:
                    session.add(OutboxRow(game_id=game_id, seq=0, op=op, sent=False))
            live.row.status = "running"
            live.row.started_at = now
            live.state = state
            live.deadlines = deadlines
            live.keep(Step(None, state, events))
        self._disarm(game_id)
        self._arm(live)
        self._kick(game_id)
        return live

    async def cancel(self, game_id: int, ops: list[Op]) -> None:
        """Cancel a lobby or abort a running game; its timers stop and its buttons stop answering, and what the
        game did on the server is undone like at any end (its role deleted, its thread closed)."""
        live = await self.get(game_id)
        async with live.lock:
            if live.row.status not in ("lobby", "running"):
                raise GameError("not_running")
            if live.row.status == "running":
                if live.state is not None:  # every open prompt's messages lose their controls
                    presenter = game_ui(live.engine.name).presenter
                    ops = [op for p in live.state.prompts for op in presenter.close_prompt(live.table(), live.state, p)] + ops
                ops = ops + self._closing_ops(live)
            async with self.db.sessions.begin() as session:
                await session.execute(
                    update(Game).where(Game.id == game_id).values(status="aborted", finished_at=self.clock.now())
                )
                await session.execute(delete(Deadline).where(Deadline.game_id == game_id))
                for op in ops:
                    session.add(OutboxRow(game_id=game_id, seq=live.row.seq, op=op, sent=False))
            live.row.status = "aborted"
            live.deadlines = {}
        self._disarm(game_id)
        self._kick(game_id)
        self._evict_if_over(game_id)  # at once without a dispatcher; else when its drain of the last ops ends

    async def add_ops(self, game_id: int, ops: list[Op]) -> bool:
        """Put ``ops`` in a running game's outbox outside any action (a deleted board to post again, a thread to
        reopen: see :mod:`bot.moderation`) and wake its delivery. Returns whether the game was running."""
        live = await self.get(game_id)
        async with live.lock:
            if live.row.status != "running":
                return False
            async with self.db.sessions.begin() as session:
                for op in ops:
                    session.add(OutboxRow(game_id=game_id, seq=live.row.seq, op=op, sent=False))
        self._kick(game_id)
        return True

    # -- play ----------------------------------------------------------------------------------------------

    async def act(
        self, game_id: int, action: Action, also: Callable[[Table, State, State, list], list[Op]] | None = None
    ) -> list:
        """Apply one action durably. Raises IllegalAction (refused: nothing written) or GameError.

        ``also(table, before, after, events)``: ops the action brings beyond the presenter's, written first in the
        same transaction (the typed message it came from, deleted: a crash cannot keep the one without the other)."""
        live = await self.get(game_id)
        for attempt in range(ATTEMPTS):
            last = attempt == ATTEMPTS - 1
            async with live.lock:
                try:
                    if live.row.status != "running" or live.state is None:
                        raise GameError("not_running")
                    before = live.state
                    action = self._with_elapsed(live, action)
                    after, events = live.engine.apply(before, action)
                except (IllegalAction, GameError):
                    # refused by this process's copy: unless another process moved the game on meanwhile
                    if last or not await self._moved_elsewhere(live):
                        raise
                    log.info("game %s: moved on elsewhere; reloading", game_id)
                    live = await self._reload(game_id)
                    continue
                now = self.clock.now()
                closed, opened, deadlines = self._deadline_changes(live, before, after, now)
                ops = [present_request(after.step, deadlines)]
                if also is not None:
                    ops = also(live.table(deadlines), before, after, events) + ops
                if after.outcome is not None:
                    for make in self.end_ops:
                        ops += make(live, after)
                    ops += self._result_ops(live, after) + self._closing_ops(live)
                try:
                    await self._commit(live, action, before, after, ops, now, closed, opened)
                except IntegrityError:
                    if last:
                        raise
                    log.info("game %s: step %s was written elsewhere; reloading", game_id, after.step)
                    live = await self._reload(game_id)
                    continue
                live.state = after
                live.deadlines = deadlines
                live.keep(Step(before, after, events, action.player))
                if after.outcome is not None or after.step % SNAPSHOT_EVERY == 0:
                    self._snapshot_soon(live, after)
                finished = after.outcome is not None
                if finished:
                    live.row.status = "finished"
                live.row.seq = after.step
            self._arm(live)
            if self.db.is_sqlite and hasattr(self.dispatcher, "hand"):
                self.dispatcher.kick(game_id, handed=True)  # its rows were handed over at the commit
            else:
                self._kick(game_id)
            if finished:
                for hook in self.on_finished:
                    hook(live)
                self._evict_if_over(game_id)  # at once without a dispatcher; else when its drain of the last ops ends
            return events
        raise AssertionError("unreachable")

    def _snapshot_soon(self, live: LiveGame, state: State) -> None:
        """Write a snapshot of ``state`` in a transaction of its own, right after the action: the log is the
        truth and a snapshot only shortens a restart's replay, so the action's commit (and the click's answer)
        does not wait for the state's dump. Lost in a crash, the next restart replays from the one before."""
        task = asyncio.get_running_loop().create_task(self._write_snapshot(live.id, live.engine, state))
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _write_snapshot(self, game_id: int, engine: Engine, state: State) -> None:
        snapshot = {"game_id": game_id, "seq": state.step, "state": engine.dump(state)}
        try:
            await self.writer.commit([(DELETE_SNAPSHOT, {"b_game": game_id, "b_seq": state.step}), (INSERT_SNAPSHOT, snapshot)])
        except IntegrityError:
            log.debug("game %s: a newer snapshot than step %s is stored already", game_id, state.step)
        except Exception:  # the game goes on; the next snapshot (or a longer replay) makes up for it
            log.warning("game %s: snapshot of step %s not written", game_id, state.step, exc_info=True)

    def _closing_ops(self, live: LiveGame) -> list[Op]:
        """What every ending undoes on the server, last of all: the muted role goes (with its overwrite), and
        the game's thread is archived and locked (it stays readable)."""
        role_name = live.table().t("common.muted_role", id=str(live.id))
        return [{"do": "unmute_all", "role_name": role_name}, {"do": "close_thread"}]

    def _result_ops(self, live: LiveGame, state: State) -> list[Op]:
        """The lobby message, up in the channel, shows how the game ended."""
        table = live.table()
        outcome = state.outcome
        assert outcome is not None
        winners = ", ".join(table.name(p) for p in outcome.winners)
        text = table.t("common.lobby.draw") if outcome.draw or not winners else table.t("common.lobby.won", winners=winners)
        return [{"do": "edit", "slot": "lobby", "content": f"{lobby_text(table, live.engine, live.row)}\n🏁 {text}", "components": []}]

    # -- wording at delivery --------------------------------------------------------------------------------

    def presented_now(self, live: LiveGame, request: Op) -> list[Op] | None:
        """The presenter's ops for a render request, if its step is still in memory (else ``None``: see
        :meth:`presented`). The step is taken: the dispatcher keeps the ops until they are delivered."""
        step = live.steps.pop(request["seq"], None)
        return None if step is None else self._word(live, request, step)

    async def presented(self, live: LiveGame, requests: list[Op]) -> list[list[Op]]:
        """The presenter's ops for each render request, in order: from the steps in memory, the others (after a
        restart, a reload, or an action another process took) replayed from the stored seed and log in one pass.
        The ops are the same as when the step was taken (same states, events and deadlines; the words in the
        game's language now), so a post cut off by a crash is posted again with the same nonce."""
        kept = [live, self.games.get(live.id, live)]  # the game may have been reloaded since the drain took it
        steps = {r["seq"]: step for r in requests for held in kept if (step := held.steps.pop(r["seq"], None))}
        missing = sorted({r["seq"] for r in requests} - set(steps))
        if missing:
            steps.update(await self._replay(live, missing))
        worded = []
        for request in requests:
            step = steps.get(request["seq"])
            if step is None:  # not in the log: nothing to say (never happens unless the database lost rows)
                log.error("game %s: step %s of a render request is not in the log", live.id, request["seq"])
            worded.append([] if step is None else self._word(live, request, step))
        return worded

    def _word(self, live: LiveGame, request: Op, step: Step) -> list[Op]:
        presenter = game_ui(live.engine.name).presenter
        table = live.table(request.get("deadlines") or {})
        if "back" in request:  # the bot is back (see back()): said over the step's state, which nothing changed
            return back_safely(presenter, table, step.after, request["back"]["away"], request["back"]["why"])
        return present_safely(presenter, table, step.before, step.after, step.events, step.actor)

    async def _replay(self, live: LiveGame, seqs: list[int]) -> dict[int, Step]:
        """The steps ``seqs`` rebuilt from the deal (the stored seats, options and seed) and the action log."""
        self.replays += 1
        async with self.db.sessions() as session:
            row = await session.get(Game, live.id)
            if row is None:
                raise GameError("no_game", id=live.id)
            actions = (
                await session.scalars(
                    select(ActionRow.action).where(ActionRow.game_id == live.id, ActionRow.seq <= seqs[-1]).order_by(ActionRow.seq)
                )
            ).all()
        wanted = set(seqs)
        state, events = live.engine.setup(row.seats, row.options, row.seed)
        steps = {0: Step(None, state, events)} if 0 in wanted else {}
        for stored in actions:
            action = Action.from_json(stored)
            after, events = live.engine.apply(state, action)
            if after.step in wanted:
                steps[after.step] = Step(state, after, events, action.player)
            state = after
        return steps

    async def _reload(self, game_id: int) -> LiveGame:
        self.forget(game_id)
        live = await self.get(game_id)
        self._arm(live)
        return live

    async def refreshed(self, live: LiveGame) -> LiveGame | None:
        """``live`` reloaded when another process moved the game on since it was loaded here, else ``None``: for a
        click this process's copy finds stale, before telling the player so."""
        if not await self._moved_elsewhere(live):
            return None
        return await self._reload(live.id)

    async def _moved_elsewhere(self, live: LiveGame) -> bool:
        """Has another process (sharing the database) written this game since it was loaded here?"""
        async with self.db.sessions() as session:
            row = (await session.execute(select(Game.seq, Game.status).where(Game.id == live.id))).one_or_none()
        return row is not None and (row.seq, row.status) != (live.row.seq, live.row.status)

    async def _commit(
        self,
        live: LiveGame,
        action: Action,
        before: State,
        after: State,
        ops: list[Op],
        now: float,
        closed: list[str],
        opened: list[dict[str, Any]],
    ) -> None:
        """Write one action with everything it caused (its ops, the deadlines that closed and opened), through
        the group commit. Every statement is one of bot.db's prepared ones, compiled once (on SQLite the writer
        runs their SQL on the driver directly)."""
        gid = live.id
        statements: list[tuple[Any, Any]] = [
            (INSERT_ACTION, {"game_id": gid, "seq": after.step, "action": action.to_json(), "at": now})
        ]
        # the guard: only the writer that finds the game at the step it started from may write the next one
        step = {"b_id": gid, "b_before": before.step, "b_seq": after.step}
        if after.outcome is not None:
            guard = (FINISH_GAME, {**step, "b_status": "finished", "b_finished_at": now, "b_outcome": _outcome_json(after)})
            roles: dict[str, str] = {}
            for make in self.result_roles:
                roles.update(make(live, after))
            results = [
                {
                    "game_id": gid,
                    "user_id": int(player),
                    "engine": live.engine.name,
                    "won": player in after.outcome.winners,
                    "draw": after.outcome.draw,
                    "finished_at": now,
                    "guild_id": live.row.guild_id,
                    "role": roles.get(player),
                }
                for player in live.row.seats
            ]
            statements.append((INSERT_RESULTS, results))
        else:
            guard = (ADVANCE_GAME, step)
        if closed:
            statements.append((DELETE_DEADLINE, [{"b_game": gid, "b_prompt": prompt_id} for prompt_id in closed]))
        statements.append((INSERT_DEADLINES, opened))
        outbox = [{"game_id": gid, "seq": after.step, "op": op, "sent": False} for op in ops]
        hand = getattr(self.dispatcher, "hand", None) if self.db.is_sqlite else None
        if hand is None or not ops:
            statements.append((INSERT_OUTBOX, outbox))
            await self.writer.commit(statements, guard)
            return
        # SQLite (one process): the dispatcher is handed the rows by the commit that wrote them (their ids), so it
        # need not read them back; the outbox stays the truth for a restart
        statements.append((INSERT_OUTBOX_IDS, outbox))

        def handed(returned: list[Any]) -> None:
            # one multi-row INSERT under SQLite's write lock numbers its rows in order (the next id after the
            # largest), while RETURNING may list them in any order: the sorted ids are the ops' ids
            ids = sorted(row_id for (row_id,) in returned[-1])
            contiguous = len(ids) == len(ops) and ids[-1] - ids[0] == len(ids) - 1
            hand(gid, list(zip(ids, ops)) if contiguous else None)  # None: not sure, read them from the table

        await self.writer.commit(statements, guard, handed)

    def _with_elapsed(self, live: LiveGame, action: Action) -> Action:
        """``action`` with the seconds its prompt has waited, for a game that keeps time (``reports_elapsed``).

        A timed prompt's deadline is when it opened plus its timeout; a resumed one's is the resume time plus what
        was left; so timeout - (deadline - now) is the time it waited, pauses excluded."""
        if not live.engine.reports_elapsed or action.player == CLOCK or "elapsed" in action.args:
            return action
        prompt = next((p for p in live.state.prompts if p.id == action.prompt), None) if live.state else None
        due = live.deadlines.get(action.prompt)
        if prompt is None or prompt.timeout is None or due is None:
            return action
        elapsed = max(0, min(prompt.timeout, int(prompt.timeout - (due - self.clock.now()))))
        return Action(action.player, action.prompt, action.kind, {**action.args, "elapsed": elapsed})

    def _deadline_changes(
        self, live: LiveGame, before: State | None, after: State, now: float
    ) -> tuple[list[str], list[dict[str, Any]], dict[str, float]]:
        """The deadlines of prompts that closed (to delete), of newly opened timed prompts (rows to insert),
        and the game's deadlines afterwards (for the cache, once committed)."""
        old = {p.id for p in before.prompts} if before else set()
        new = {p.id: p for p in after.prompts}
        closed = sorted(old - set(new))
        deadlines = {pid: due for pid, due in live.deadlines.items() if pid in new}
        opened = []
        for prompt_id, prompt in new.items():
            if prompt_id in old or prompt.timeout is None:
                continue
            if live.row.paused:  # a prompt opened while paused starts paused, with its whole time left
                opened.append({"game_id": live.id, "prompt_id": prompt_id, "due_at": PAUSED, "remaining": prompt.timeout})
            else:
                opened.append({"game_id": live.id, "prompt_id": prompt_id, "due_at": now + prompt.timeout, "remaining": None})
                deadlines[prompt_id] = now + prompt.timeout
        return closed, opened, deadlines

    async def timeout(self, game_id: int, prompt_id: str) -> None:
        """A prompt's time ran out: applied through :meth:`act` like any action (stale ones are ignored)."""
        try:
            await self.act(game_id, Action.timeout(prompt_id))
        except IllegalAction as exc:
            log.debug("game %s: timeout of %s ignored (%s)", game_id, prompt_id, exc.code)
        except GameError:
            pass

    # -- timers --------------------------------------------------------------------------------------------

    def _arm(self, live: LiveGame) -> None:
        """Make the timer tasks of a game match its cached deadlines (they only change under its lock)."""
        if not self.owns_guild(live.row.guild_id):
            return
        timers = self._timers.get(live.id, {})
        for prompt_id in [p for p in timers if p not in live.deadlines]:
            _cancel_timer(timers.pop(prompt_id))
        if not timers:
            self._timers.pop(live.id, None)  # a game without timers keeps no empty entry
        for prompt_id, due in live.deadlines.items():
            self._arm_one(live.id, prompt_id, due)

    def _arm_one(self, game_id: int, prompt_id: str, due: float) -> None:
        timers = self._timers.setdefault(game_id, {})
        if prompt_id not in timers:
            timers[prompt_id] = asyncio.get_running_loop().create_task(self._run_timer(game_id, prompt_id, due))

    async def _run_timer(self, game_id: int, prompt_id: str, due_at: float) -> None:
        """Warn before the end (the game is loaded then, if a restart left it on disk), then time out.

        The work runs in :attr:`timer_concurrency` slots (:meth:`_timer_work`), so thousands of deadlines that
        passed while the bot was down fire in batches the connection pool can serve. A timeout that fails for a
        reason outside the rules (the database busy, the pool exhausted, a bug) is tried again after a pause rather
        than dropped: TIMER_ATTEMPTS times with a growing pause, then every TIMER_PARKED_SECONDS for as long as it
        fails (an error in the log each time), so no game waits for a restart to move on."""
        try:
            for left in WARN_AT:
                if prompt_id != LOBBY and due_at - left > self.clock.now():
                    await self.clock.sleep_until(due_at - left)
                    await self._present.wait()  # away: no warning; the deadline moves on when the bot is back
                    try:
                        await self._timer_work(self._warn, game_id, prompt_id, left)
                    except Exception:  # a warning is not worth a retry: the timeout still comes
                        log.exception("game %s: warning for %s failed", game_id, prompt_id)
            await self.clock.sleep_until(due_at)
            await self._present.wait()  # away: nobody could answer; :meth:`back` re-arms this timer later
            attempt = 0
            while True:
                try:
                    if prompt_id == LOBBY:
                        await self._timer_work(self._expire_lobby, game_id)
                    else:
                        await self._timer_work(self.timeout, game_id, prompt_id)
                    return
                except Exception:
                    attempt += 1
                    self.timer_failures += 1
                    if attempt < TIMER_ATTEMPTS:
                        pause = TIMER_RETRY_SECONDS * attempt
                        log.warning("game %s: timeout of %s failed (attempt %d); again in %.0f s", game_id, prompt_id, attempt, pause, exc_info=True)
                    else:
                        pause = TIMER_PARKED_SECONDS
                        log.error("game %s: timeout of %s failed %d times; again in %.0f s", game_id, prompt_id, attempt, pause, exc_info=True)
                    await self.clock.sleep_until(self.clock.now() + pause)
        finally:
            timers = self._timers.get(game_id)
            if timers is not None and timers.get(prompt_id) is asyncio.current_task():
                del timers[prompt_id]
                if not timers:
                    del self._timers[game_id]

    async def _timer_work(self, work: Callable[..., Awaitable[None]], *args: Any) -> None:
        """Run timer work in one of :attr:`timer_concurrency` slots, counted so :meth:`idle` waits for it from
        the moment it is due (queued work included)."""
        self._working += 1
        try:
            async with self._timer_slots:
                await work(*args)
        finally:
            self._working -= 1
            if not self._working:
                self._settled.set()

    async def _expire_lobby(self, game_id: int) -> None:
        """Nobody started the lobby in time: close it, so nothing waits forever."""
        live = await self.get(game_id)
        if live.row.status != "lobby":
            return
        text = live.table().t("common.lobby.expired")
        try:
            await self.cancel(game_id, [{"do": "edit", "slot": "lobby", "content": text, "components": []}])
        except GameError:
            pass  # started or cancelled meanwhile

    async def idle(self) -> None:
        """Wait until no timer work runs and every outbox is delivered (tests; shutdown)."""
        while self._working:
            self._settled.clear()
            await self._settled.wait()
        while self._background:
            await asyncio.gather(*self._background, return_exceptions=True)
        if self.dispatcher is not None:
            await self.dispatcher.idle()

    async def _warn(self, game_id: int, prompt_id: str, seconds_left: int) -> None:
        """Edit "N seconds left" into the prompt's own messages (a prompt lasting at least twice that long), so
        only its audience sees it: nothing public for a private prompt or a reaction window."""
        live = await self.get(game_id)
        prompt = next((p for p in live.state.prompts if p.id == prompt_id), None) if live.state else None
        if prompt is None or not prompt.timeout or prompt.timeout < 2 * seconds_left or self.dispatcher is None:
            return
        try:
            ops = game_ui(live.engine.name).presenter.warn_ops(live.table(), live.state, prompt, seconds_left)
        except Exception:
            log.exception("game %s: warning for %s failed", game_id, prompt_id)
            return
        for op in ops:
            await self.dispatcher.send_now(live, op)

    async def close(self) -> None:
        """Stop every timer and let deliveries in flight finish (shutdown; the end of a test)."""
        timers = [task for tasks in self._timers.values() for task in tasks.values()]
        self._timers.clear()
        for task in timers:
            task.cancel()
        await asyncio.gather(*timers, return_exceptions=True)
        await self.idle()
        cancel_retries = getattr(self.dispatcher, "cancel_retries", None)
        if cancel_retries is not None:
            cancel_retries()
        await self.writer.close()

    def _disarm(self, game_id: int) -> None:
        for task in self._timers.pop(game_id, {}).values():
            _cancel_timer(task)

    async def pause(self, game_id: int) -> None:
        """Host control: stop the clocks of every open prompt, keeping the time each had left."""
        live = await self.get(game_id)
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
        self._disarm(game_id)

    async def resume(self, game_id: int) -> None:
        live = await self.get(game_id)
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
        self._arm(live)

    async def extend(self, game_id: int, seconds: int) -> None:
        """Host control: give every open prompt ``seconds`` more."""
        live = await self.get(game_id)
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
        self._disarm(game_id)
        self._arm(live)

    # -- recovery ------------------------------------------------------------------------------------------

    async def recover(self) -> list[int]:
        """After a start: re-arm the timers of every lobby and running game this process owns, from the stored
        deadlines (one that passed while down fires at once, unless the bot is away: see :meth:`hold`), and resend
        the outbox.

        Games are rebuilt from snapshot + log on first use (an action, a timer, a delivery), not all up front:
        a restart with thousands of live games is ready at once, and each game costs its replay when touched.
        """
        async with self.db.sessions() as session:
            live_games = dict(
                (await session.execute(select(Game.id, Game.guild_id).where(Game.status.in_(["lobby", "running"])))).all()
            )
            deadlines = (
                await session.execute(
                    select(Deadline.game_id, Deadline.prompt_id, Deadline.due_at)
                    .where(Deadline.remaining.is_(None))
                    .order_by(Deadline.due_at)  # the longest overdue fire first
                )
            ).all()
            pending = (await session.execute(select(OutboxRow.game_id).where(OutboxRow.sent.is_(False)).distinct())).all()
        owned = sorted(gid for gid, guild in live_games.items() if self.owns_guild(guild))
        owned_set = set(owned)
        for game_id, prompt_id, due in deadlines:
            if game_id in owned_set:
                self._arm_one(game_id, prompt_id, due)
        for (game_id,) in pending:
            if self.dispatcher is not None:
                self.dispatcher.resume(game_id)
        return owned

    # -- the bot's absence (bot.downtime) ------------------------------------------------------------------

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
        grace = GRACE_SECONDS if announce else 0.0
        async with self.db.sessions.begin() as session:
            games = (
                await session.execute(select(Game.id, Game.guild_id, Game.status, Game.seq).where(Game.status.in_(["lobby", "running"])))
            ).all()
            owned = {gid: (status, seq) for gid, guild, status, seq in games if self.owns_guild(guild)}
            rows = (
                await session.scalars(select(Deadline).where(Deadline.remaining.is_(None), Deadline.game_id.in_(list(owned))))
            ).all() if owned else []
            moved: dict[int, dict[str, float]] = {}
            for row in rows:
                row.due_at = credited(row.due_at, since, now, grace)
                moved.setdefault(row.game_id, {})[row.prompt_id] = row.due_at
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
            live = self.games.get(gid)
            if live is not None:
                live.deadlines = {pid: deadlines.get(pid, due) for pid, due in live.deadlines.items()}
                self._disarm(gid)
                self._arm(live)
            else:  # not in memory: the timers recover() armed, re-armed at the moved deadlines
                self._disarm(gid)
                for prompt_id, due in deadlines.items():
                    self._arm_one(gid, prompt_id, due)
        self.away_since = None
        self._present.set()
        if announce:
            for gid, (status, _) in owned.items():
                if status == "running":
                    self._kick(gid)
        log.info("back after %.1f s away (%s): %d deadline(s) of %d game(s) moved on", away, why, len(rows), len(moved))
        return away

    def _kick(self, game_id: int) -> None:
        if self.dispatcher is not None:
            self.dispatcher.kick(game_id)

    # -- settings and queries ------------------------------------------------------------------------------

    async def guild_language(self, guild_id: int) -> str | None:
        async with self.db.sessions() as session:
            row = await session.get(GuildSettings, guild_id)
            return row.language if row else None

    async def set_guild_language(self, guild_id: int, language: str) -> None:
        async with self.db.sessions.begin() as session:
            await session.merge(GuildSettings(guild_id=guild_id, language=language))

    async def games_in(self, guild_id: int, statuses: Iterable[str] = ("lobby", "running")) -> list[Game]:
        async with self.db.sessions() as session:
            rows = await session.scalars(
                select(Game).where(Game.guild_id == guild_id, Game.status.in_(list(statuses))).order_by(Game.id)
            )
            return list(rows)

    async def games_of(self, user_id: int, statuses: Iterable[str] = ("running",)) -> list[LiveGame]:
        """Running games where ``user_id`` is seated or narrates (for /game mine)."""
        # seats are a JSON list of id strings: a text match narrows the rows in the database, the check below is exact
        seated = cast(Game.seats, String).like(f'%"{int(user_id)}"%')
        async with self.db.sessions() as session:
            rows = (
                await session.scalars(
                    select(Game)
                    .where(Game.status.in_(list(statuses)), or_(seated, Game.narrator_id == user_id))
                    .order_by(Game.id)
                )
            ).all()
        return [await self.get(row.id) for row in rows if str(user_id) in row.seats or row.narrator_id == user_id]

    async def log_of(self, game_id: int) -> list[dict[str, Any]]:
        async with self.db.sessions() as session:
            rows = await session.scalars(select(ActionRow).where(ActionRow.game_id == game_id).order_by(ActionRow.seq))
            return [r.action for r in rows]


def _cancel_timer(task: asyncio.Task[None]) -> None:
    """Stop a timer task, unless it is the one running: a timeout that ends its prompt (or its game) finishes its own
    work and then ends by itself, rather than being cancelled half-way through its last steps."""
    if task is not asyncio.current_task():
        task.cancel()


@dataclass
class _LoadLock:
    """The lock one game's loads take, and how many callers are using it."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    users: int = 0


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


def _outcome_json(state: State) -> dict[str, Any]:
    o = state.outcome
    assert o is not None
    return {"winners": list(o.winners), "reason": o.reason, "teams": list(o.teams), "draw": o.draw}


def _with_delivery_fields(row: Game, cached: Game) -> Game:
    """``row`` as read from the database, keeping what the dispatcher recorded in memory and may not have
    marked yet (the messages it made, the thread): the stored copy of those can lag behind."""
    row.slots = {**(row.slots or {}), **(cached.slots or {})}
    row.thread_id = cached.thread_id or row.thread_id
    return row


def _copy_row(row: Game) -> Game:
    copy = Game(**{c.key: getattr(row, c.key) for c in Game.__table__.columns})
    copy.seats = list(row.seats)
    copy.names = dict(row.names)
    copy.options = dict(row.options)
    copy.slots = dict(row.slots)
    return copy


__all__ = ["CLOCK", "GameError", "LiveGame", "Runtime"]
