"""Play: one action at a time per game, applied to the cached state and made durable before anything is posted.

Every change to a running game goes through :meth:`Play.act` (players, host controls and the clock alike):

1. under the game's lock, the engine applies the action to the cached state (an illegal one raises
   :class:`engines.core.IllegalAction` and nothing is written);
2. the outbox gets a render request for the new step (and any ops the action brings, such as a typed message to
   delete, or a game's end: its record, its role deleted);
3. one transaction inserts the action with its sequence number, the ops, the deadlines of newly opened prompts
   and the game's new ``seq`` (a snapshot now and then follows in a transaction of its own);
4. only then is the cache updated; the game's timers and computer players are re-armed and its dispatcher woken
   right after the click's answer is on its way (:meth:`Play.follow_up`), or at once when the action ended the game.

If another process wrote the same step first, the insert fails on the primary key; the game is reloaded and the
action tried again against the fresh state (usually refused as stale).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from sqlalchemy.exc import IntegrityError

from bot.db import Database, OutboxRow
from bot.live import PAUSED, GameError, LiveGame, Step
from bot.lobby import lobby_text
from bot.ops import Op, present_request
from bot.presenter import Table
from bot.statements import (
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
)
from bot.stats import counted
from engines.core import CLOCK, Action, Engine, IllegalAction, Prompt, State

if TYPE_CHECKING:
    from bot.runtime import Runtime

log = logging.getLogger(__name__)

#: A snapshot is written every this many actions, so a restart replays at most this many.
SNAPSHOT_EVERY = 25
#: Tries of one action against writers in other processes; each retry means another writer made progress.
ATTEMPTS = 5
#: The first item of a row (an id that ``RETURNING`` gave), taken in C.
_first = itemgetter(0)


class Play:
    """Applies actions to running games and writes them with all they cause (:meth:`act`, :meth:`timeout`), and
    puts ops in a running game's outbox outside any action (:meth:`add_ops`)."""

    def __init__(self, runtime: Runtime, db: Database) -> None:
        self.runtime = runtime
        self.db = db
        self.clock = runtime.clock
        #: Snapshots being written after their actions (see :meth:`_snapshot_soon`).
        self.background: set[asyncio.Task[None]] = set()
        #: Games acted on whose timers, computers and delivery are still to follow (see :meth:`follow_up`), each
        #: with whether every row written since was handed to the dispatcher; and the loop's call that follows up.
        self._to_follow: dict[int, tuple[LiveGame, bool]] = {}
        self._following: asyncio.Handle | None = None

    async def act(
        self, game_id: int, action: Action, also: Callable[[Table, State, State, list], list[Op]] | None = None
    ) -> list:
        """Apply one action durably. Raises IllegalAction (refused: nothing written) or GameError.

        ``also(table, before, after, events)``: ops the action brings beyond the presenter's, written first in the
        same transaction (the typed message it came from, deleted: a crash cannot keep the one without the other)."""
        rt = self.runtime
        live = rt.cache.games.get(game_id) or await rt.get(game_id)
        for attempt in range(ATTEMPTS):
            last = attempt == ATTEMPTS - 1
            async with live.lock:
                try:
                    if live.row.status != "running" or live.state is None:
                        raise GameError("not_running")
                    before = live.state
                    if live.engine.reports_elapsed:  # only a game that keeps time is told how long it waited
                        action = self._with_elapsed(live, action)
                    after, events = live.engine.apply(before, action)
                except (IllegalAction, GameError):
                    # refused by this process's copy: unless another process moved the game on meanwhile
                    if last or not await rt.cache.moved_elsewhere(live):
                        raise
                    log.info("game %s: moved on elsewhere; reloading", game_id)
                    live = await rt.cache.reload(game_id)
                    continue
                now = self.clock.now()
                closed, opened, deadlines = deadline_changes(live, before, after, now)
                ops = [present_request(after.step, deadlines)]
                if also is not None:
                    ops = also(live.table(deadlines), before, after, events) + ops
                if after.outcome is not None:
                    for make in rt.end_ops:
                        ops += make(live, after)
                    ops += _result_ops(live, after) + closing_ops(live)
                try:
                    handed = await self._commit(live, action, before, after, ops, now, closed, opened)
                except IntegrityError:
                    if last:
                        raise
                    log.info("game %s: step %s was written elsewhere; reloading", game_id, after.step)
                    live = await rt.cache.reload(game_id)
                    continue
                live.state = after
                live.deadlines = deadlines
                live.keep(Step(before, after, events, action.player))
                if after.outcome is not None or after.step % SNAPSHOT_EVERY == 0:
                    self._snapshot_soon(live, after)
                finished = after.outcome is not None
                live.stored(after.step, "finished" if finished else None)
            if not finished:
                self._follow_up_soon(live, handed)
                return events
            self.follow_up()  # the earlier actions' first, in order
            self._follow_up(live, handed)
            for hook in rt.on_finished:
                hook(live)
            rt.cache.evict_if_over(game_id)  # at once without a dispatcher; else when its drain of the last ops ends
            return events
        raise AssertionError("unreachable")

    def _follow_up_soon(self, live: LiveGame, handed: bool) -> None:
        """Follow ``live``'s action up on the loop's next turn (:meth:`follow_up`). ``handed``: its rows were handed
        to the dispatcher at the commit; a single action of the game whose rows were not makes it read the outbox."""
        pending = self._to_follow
        earlier = pending.get(live.id)
        pending[live.id] = (live, handed and (earlier is None or earlier[1]))
        if self._following is None:
            self._following = asyncio.get_running_loop().call_soon(self.follow_up)

    def follow_up(self) -> None:
        """Re-arm the timers and computer players of every game acted on since the last call, and wake their
        delivery: on the loop's turn after the actions, once for all of them. What a click's answer waits for is
        its action made durable, not this (a task for the drain, timers, computers' turns: a tenth of an action's
        time, issue 27); the drain lets the answer out first anyway. Each is made to match the game as it is by
        then, so following up after a later change (a pause, another action) is right; a timer still armed
        meanwhile on a prompt that closed fires into a stale timeout, which is ignored. The timer or computer task
        whose action it was ends without awaiting anything after it, so it is over by then and is not cancelled.

        Called at once wherever the order matters: when a game ends, when the runtime is made idle or closed."""
        if self._following is not None:
            self._following.cancel()
            self._following = None
        pending, self._to_follow = self._to_follow, {}
        games = self.runtime.cache.games
        for game_id, (live, handed) in pending.items():
            try:
                self._follow_up(games.get(game_id, live), handed)
            except Exception:  # the action stands (it is committed); one game's failure must not leave the others
                log.exception("game %s: its timers, computers or delivery could not be woken after an action", game_id)

    def _follow_up(self, live: LiveGame, handed: bool) -> None:
        rt = self.runtime
        rt.timers.arm(live)
        rt.computers.arm(live)  # a computer's turn, when a prompt now awaits one (bot.computers)
        rt.wake(live.id, handed=handed)  # handed: its rows were handed over at the commit

    async def timeout(self, game_id: int, prompt_id: str) -> None:
        """A prompt's time ran out: applied through :meth:`act` like any action (stale ones are ignored)."""
        try:
            await self.act(game_id, Action.timeout(prompt_id))
        except IllegalAction as exc:
            log.debug("game %s: timeout of %s ignored (%s)", game_id, prompt_id, exc.code)
        except GameError:
            pass

    async def add_ops(self, game_id: int, ops: list[Op]) -> bool:
        """Put ``ops`` in a running game's outbox outside any action (a deleted board to post again, a thread to
        reopen: see :mod:`bot.moderation`) and wake its delivery. Returns whether the game was running."""
        live = await self.runtime.get(game_id)
        async with live.lock:
            if live.row.status != "running":
                return False
            async with self.db.sessions.begin() as session:
                for op in ops:
                    session.add(OutboxRow(game_id=game_id, seq=live.row.seq, op=op, sent=False))
        self.runtime.wake(game_id)
        return True

    def _snapshot_soon(self, live: LiveGame, state: State) -> None:
        """Write a snapshot of ``state`` in a transaction of its own, right after the action: the log is the
        truth and a snapshot only shortens a restart's replay, so the action's commit (and the click's answer)
        does not wait for the state's dump. Lost in a crash, the next restart replays from the one before."""
        task = asyncio.get_running_loop().create_task(self._write_snapshot(live.id, live.engine, state))
        self.background.add(task)
        task.add_done_callback(self.background.discard)

    async def _write_snapshot(self, game_id: int, engine: Engine, state: State) -> None:
        snapshot = {"game_id": game_id, "seq": state.step, "state": engine.dump(state)}
        try:
            await self.runtime.writer.commit([(DELETE_SNAPSHOT, {"b_game": game_id, "b_seq": state.step}), (INSERT_SNAPSHOT, snapshot)])
        except IntegrityError:
            log.debug("game %s: a newer snapshot than step %s is stored already", game_id, state.step)
        except Exception:  # the game goes on; the next snapshot (or a longer replay) makes up for it
            log.warning("game %s: snapshot of step %s not written", game_id, state.step, exc_info=True)

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
    ) -> bool:
        """Write one action with everything it caused (its ops, the deadlines that closed and opened), through
        the group commit. Every statement is one of bot.db's prepared ones, compiled once (on SQLite the writer
        runs their SQL on the driver directly). Returns whether the dispatcher was handed the rows it wrote."""
        rt = self.runtime
        gid = live.id
        statements: list[tuple[Any, Any]] = [
            (INSERT_ACTION, {"game_id": gid, "seq": after.step, "action": action.to_json(), "at": now})
        ]
        # the guard: only the writer that finds the game at the step it started from may write the next one
        step = {"b_id": gid, "b_before": before.step, "b_seq": after.step}
        if after.outcome is not None:
            guard = (FINISH_GAME, {**step, "b_status": "finished", "b_finished_at": now, "b_outcome": _outcome_json(after)})
            roles: dict[str, str] = {}
            for make in rt.result_roles:
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
            if counted(live.row.seats):  # a game with a computer seated counts for nobody's stats (bot.stats)
                statements.append((INSERT_RESULTS, results))
        else:
            guard = (ADVANCE_GAME, step)
        # loops rather than comprehensions on the click's path, as in deadline_changes
        if closed:
            gone = []
            for prompt_id in closed:
                gone.append({"b_game": gid, "b_prompt": prompt_id})
            statements.append((DELETE_DEADLINE, gone))
        statements.append((INSERT_DEADLINES, opened))
        outbox = []
        for op in ops:
            outbox.append({"game_id": gid, "seq": after.step, "op": op})
        dispatcher = rt.dispatcher
        if dispatcher is None or not self.db.is_sqlite or not ops:
            statements.append((INSERT_OUTBOX, outbox))
            await rt.writer.commit(statements, guard)
            # on SQLite, no ops means nothing to hand over and nothing for the dispatcher to read back either
            return dispatcher is not None and self.db.is_sqlite
        # SQLite (one process): the dispatcher is handed the rows by the commit that wrote them (their ids), so it
        # need not read them back; the outbox stays the truth for a restart
        statements.append((INSERT_OUTBOX_IDS, outbox))
        hand = dispatcher.hand

        def handed(returned: list[Any]) -> None:
            # one multi-row INSERT under SQLite's write lock numbers its rows in order (the next id after the
            # largest), while RETURNING may list them in any order: the sorted ids are the ops' ids
            ids = sorted(map(_first, returned[-1]))
            contiguous = len(ids) == len(ops) and ids[-1] - ids[0] == len(ids) - 1
            hand(gid, list(zip(ids, ops)) if contiguous else None)  # None: not sure, read them from the table

        await rt.writer.commit(statements, guard, handed)
        return True

    def _with_elapsed(self, live: LiveGame, action: Action) -> Action:
        """``action`` with the seconds its prompt has waited, in a game that keeps time (``reports_elapsed``).

        A timed prompt's deadline is when it opened plus its timeout; a resumed one's is the resume time plus what
        was left; so timeout - (deadline - now) is the time it waited, pauses excluded."""
        if action.player == CLOCK or action.elapsed is not None:
            return action
        due = live.deadlines.get(action.prompt)
        state = live.state
        if due is None or state is None:  # not a timed prompt, or paused, or not open
            return action
        for prompt in state.prompts:
            if prompt.id == action.prompt:
                break
        else:
            return action
        timeout = prompt.timeout
        if timeout is None:
            return action
        return action.reporting(max(0, min(timeout, int(timeout - (due - self.clock.now())))))


def deadline_changes(
    live: LiveGame, before: State | None, after: State, now: float
) -> tuple[list[str], list[dict[str, Any]], dict[str, float]]:
    """The deadlines of prompts that closed (to delete), of newly opened timed prompts (rows to insert), and the
    game's deadlines afterwards (for the cache, once committed). A prompt opened while the game is paused starts
    paused, with its whole time left.

    Run by every action: one pass over each list of prompts, in loops of this function's own rather than
    comprehensions, each of which Python 3.11 makes a function of its own, code that a click fetches cold from
    memory (``bench.persist``'s count of the code one `act` runs, issue 27)."""
    have = live.deadlines
    new: dict[str, Prompt] = {}
    for prompt in after.prompts:
        new[prompt.id] = prompt
    old: set[str] = set()
    closed: list[str] = []
    if before:
        for prompt in before.prompts:
            old.add(prompt.id)
            if prompt.id not in new:
                closed.append(prompt.id)
        closed.sort()
    deadlines: dict[str, float] = {}
    for prompt_id, due in have.items():
        if prompt_id in new:
            deadlines[prompt_id] = due
    opened = []
    paused = None
    for prompt_id, prompt in new.items():
        if prompt.timeout is None or prompt_id in old:
            continue
        if paused is None:
            paused = live.row.paused
        if paused:
            opened.append({"game_id": live.id, "prompt_id": prompt_id, "due_at": PAUSED, "remaining": prompt.timeout})
        else:
            opened.append({"game_id": live.id, "prompt_id": prompt_id, "due_at": now + prompt.timeout, "remaining": None})
            deadlines[prompt_id] = now + prompt.timeout
    return closed, opened, deadlines


def closing_ops(live: LiveGame) -> list[Op]:
    """What every ending undoes on the server, last of all: the muted role goes (with its overwrite), and the
    game's thread is archived and locked (it stays readable)."""
    role_name = live.table().t("common.muted_role", id=str(live.id))
    return [{"do": "unmute_all", "role_name": role_name}, {"do": "close_thread"}]


def _result_ops(live: LiveGame, state: State) -> list[Op]:
    """The lobby message, up in the channel, shows how the game ended."""
    table = live.table()
    outcome = state.outcome
    assert outcome is not None
    winners = ", ".join(table.name(p) for p in outcome.winners)
    text = table.t("common.lobby.draw") if outcome.draw or not winners else table.t("common.lobby.won", winners=winners)
    if table.has(f"{table.prefix}.ending"):  # a game that words how it ended says it here as in its thread (MN-60)
        params = {k: v for k, v in outcome.params.items() if isinstance(v, (str, int)) and k != "player"}
        ending = table.t(f"{table.prefix}.ending", **{"cause": "none", "turns": 0, **params, "reason": outcome.reason, "player": winners})
        text = table.t("common.lobby.ended", ending=ending)
    return [{"do": "edit", "slot": "lobby", "content": f"{lobby_text(table, live.engine, live.row)}\n🏁 {text}", "components": []}]


def _outcome_json(state: State) -> dict[str, Any]:
    o = state.outcome
    assert o is not None
    return {"winners": list(o.winners), "reason": o.reason, "teams": list(o.teams), "draw": o.draw}


__all__ = ["ATTEMPTS", "SNAPSHOT_EVERY", "Play", "closing_ops", "deadline_changes"]
