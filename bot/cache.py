"""The live games of this process, by id: loaded from the database on first use, dropped when over.

Any process sharing the database can act on any game, so a game is not "owned" by being in memory: it is loaded
when something touches it (a click, a timer, a delivery), from its last snapshot and the actions logged after it,
and reloaded when another process is found to have moved it on. A game that is over leaves memory once its last
deliveries are done (:meth:`GameCache.evict_if_over`), so memory follows the games being played, not the games
ever played.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from sqlalchemy import select
from sqlalchemy.orm import Session

from bot.db import ActionRow, Database, Deadline, Game, Snapshot
from bot.live import GameError, LiveGame
from engines import get_engine
from engines.core import Action

if TYPE_CHECKING:
    from bot.runtime import Runtime


class GameCache:
    """The games in memory and how they get there and go: :meth:`get`, :meth:`forget`, :meth:`evict_if_over`.

    It asks the runtime for its dispatcher (is a game's delivery done?) and its timers (a dropped game's stop;
    a reloaded game's are re-armed)."""

    def __init__(self, runtime: Runtime, db: Database) -> None:
        self.runtime = runtime
        self.db = db
        #: The games in memory: lobbies and running games once touched, and games that are over until their last
        #: deliveries are done (then they are evicted, see :meth:`evict_if_over`, and reload on the next use).
        self.games: dict[int, LiveGame] = {}
        #: The lock of each game being loaded, with how many callers use it (it goes when the last one is done).
        self.load_locks: dict[int, _LoadLock] = {}
        #: How a game is read from the database; an attribute so a test can slow it down or make it fail.
        self.load: Callable[[int], Awaitable[LiveGame]] = self._load

    async def get(self, game_id: int) -> LiveGame:
        """The live game ``game_id``, loaded from the database on first use (any process can act on any game).

        A game that is over is loaded too (a stale click, /game history, a late delivery) and answers like any
        other; it leaves memory again soon after unless a delivery still needs it."""
        live = self.games.get(game_id)
        if live is not None:
            return live
        loading = self.load_locks.get(game_id)
        if loading is None:
            loading = self.load_locks[game_id] = _LoadLock()
        loading.users += 1
        live = None
        try:
            async with loading.lock:  # one load per game at a time; whoever waited finds it loaded
                live = self.games.get(game_id)
                if live is None:
                    live = await self.load(game_id)
                    self.games[game_id] = live
        finally:
            loading.users -= 1
            if not loading.users and self.load_locks.get(game_id) is loading:
                del self.load_locks[game_id]
                if live is not None and live.over:  # once every caller that waited for it has it, it may go
                    asyncio.get_running_loop().call_soon(self.evict_if_over, game_id)
        return live

    async def _load(self, game_id: int) -> LiveGame:
        """Read a game (see :meth:`_read`): on a SQLite file at once, on the writer's own connection, else through
        an async session."""
        quick = self.runtime.writer.session_now()
        if quick is not None:
            with quick:
                return self._read(quick, game_id)
        async with self.db.sessions() as session:
            return await session.run_sync(self._read, game_id)

    @staticmethod
    def _read(session: Session, game_id: int) -> LiveGame:
        """A game's row, and for a game that was dealt its state (snapshot + the actions after it), and for a game
        still open its deadlines (a paused one's are not running, so not kept)."""
        row = session.get(Game, game_id)
        if row is None:
            raise GameError("no_game", id=game_id)
        live = LiveGame(row, get_engine(row.engine))
        if row.status in ("running", "finished"):
            snap = session.get(Snapshot, game_id)
            if snap is None:
                raise GameError("corrupt_game", id=game_id)
            state = live.engine.load(snap.state)
            tail = session.scalars(
                select(ActionRow).where(ActionRow.game_id == game_id, ActionRow.seq > snap.seq).order_by(ActionRow.seq)
            )
            for entry in tail:
                state, _ = live.engine.apply(state, Action.from_json(entry.action))
            live.state = state
        if row.status in ("lobby", "running"):
            rows = session.scalars(select(Deadline).where(Deadline.game_id == game_id))
            live.deadlines = {r.prompt_id: r.due_at for r in rows if r.remaining is None}
        return live

    def forget(self, game_id: int) -> None:
        """Drop a game from the cache, and its timers (it reloads from the database on next use)."""
        self.games.pop(game_id, None)
        self.runtime.timers.disarm(game_id)

    def evict_if_over(self, game_id: int) -> bool:
        """Drop a game that is over from memory, with everything kept for it (timers, the dispatcher's
        bookkeeping), once the dispatcher is not delivering for it: its final messages, record, role deletion and
        thread close go out first (the dispatcher calls :meth:`bot.runtime.Runtime.drained` when its drain ends).
        A later use of the id reloads it from the database.

        Safe at any moment for a game that is over: it is over in the database too (the status is set in memory
        only after the commit), and nothing changes it any more except what the dispatcher records, which it
        stores before it calls ``drained``. Whoever still holds the evicted copy (a click waiting for its lock) is
        refused as by the fresh one (not running)."""
        live = self.games.get(game_id)
        if live is None or not live.over or game_id in self.load_locks:
            return False  # (a load in progress: its last caller checks again)
        dispatcher = self.runtime.dispatcher
        if dispatcher is not None and dispatcher.busy(game_id):
            return False  # its drain calls drained() when it ends
        del self.games[game_id]
        self.runtime.timers.disarm(game_id)  # a game that is over has none left to fire
        if dispatcher is not None:
            dispatcher.release(game_id, users=live.users())
        return True

    async def reload(self, game_id: int) -> LiveGame:
        """The game read again from the database (another process moved it on), its timers re-armed."""
        self.forget(game_id)
        live = await self.get(game_id)
        self.runtime.timers.arm(live)
        return live

    async def refreshed(self, live: LiveGame) -> LiveGame | None:
        """``live`` reloaded when another process moved the game on since it was loaded here, else ``None``: for a
        click this process's copy finds stale, before telling the player so."""
        if not await self.moved_elsewhere(live):
            return None
        return await self.reload(live.id)

    async def moved_elsewhere(self, live: LiveGame) -> bool:
        """Has another process (sharing the database) written this game since it was loaded here? On a SQLite file
        read on the writer's own connection, at once (see :meth:`bot.writer.CommitQueue.read_now`)."""
        rows = self.runtime.writer.read_now("SELECT seq, status FROM games WHERE id = ?", (live.id,))
        if rows is not None:
            return bool(rows) and tuple(rows[0]) != (live.row.seq, live.row.status)
        async with self.db.sessions() as session:
            row = (await session.execute(select(Game.seq, Game.status).where(Game.id == live.id))).one_or_none()
        return row is not None and (row.seq, row.status) != (live.row.seq, live.row.status)


@dataclass
class _LoadLock:
    """The lock one game's loads take, and how many callers are using it."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    users: int = 0


__all__ = ["GameCache"]
