"""The game runtime: the one object the bot, the cog and the dispatcher hold to run games, and the parts it is made of.

:class:`Runtime` is a facade. Each of its jobs is a module of its own, and its methods hand each call to the part
whose job it is:

* :mod:`bot.cache` keeps the live games by id, loads them on first use and drops them when over;
* :mod:`bot.lobbies` opens, changes, deals and cancels games;
* :mod:`bot.play` applies actions, one at a time per game, durably before anything is posted;
* :mod:`bot.wording` words render requests when the dispatcher delivers them;
* :mod:`bot.timers` fires deadlines, pauses, resumes and extends them, and holds them while the bot is away;
* :mod:`bot.recovery` re-arms what a restart finds in the database;
* :mod:`bot.queries` answers commands' questions (a server's language, kept in memory; the games of a server or a
  player).

The shared things they reach through the runtime: the database and its group commit (:attr:`Runtime.writer`),
the clock, the hooks other modules install (:attr:`Runtime.end_ops` and its siblings), and the dispatcher, as
:class:`bot.deliverer.Deliverer` says what the runtime asks of it (what the dispatcher asks of the runtime is
:class:`bot.delivery.DeliveryRuntime`). Neither probes the other for what it has: both are typed Protocols.

A crash at any point loses nothing: before an action's commit nothing happened; after it, :meth:`Runtime.recover`
re-arms the timers from the stored deadlines, the game is rebuilt from snapshot + log when next touched, and the
dispatcher sends whatever was not yet sent.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from bot.cache import GameCache
from bot.clock import Clock
from bot.computers import Computers
from bot.db import Database, Game
from bot.deliverer import Deliverer
from bot.live import LOBBY, OVER, PAUSED, GameError, LiveGame, Step
from bot.lobbies import LOBBY_SECONDS, Lobbies
from bot.ops import Op
from bot.play import ATTEMPTS, SNAPSHOT_EVERY, Play
from bot.presenter import Table
from bot.queries import Queries
from bot.recovery import recover
from bot.timers import TIMER_ATTEMPTS, TIMER_PARKED_SECONDS, TIMER_RETRY_SECONDS, WARN_AT, Timers
from bot.wording import Wording
from bot.writer import CommitQueue
from engines.core import CLOCK, Action, State


class Runtime:
    """Owns the live games of this process. ``dispatcher`` (set by the bot's :class:`bot.delivery.Dispatcher`)
    delivers the outbox; without one, ops are written and nothing is sent."""

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
        #: Whether this process runs the timers of a server's games (with shards split over processes).
        self.owns_guild = owns_guild
        self.new_seed = new_seed
        self.new_salt = new_salt
        #: The group commit every action goes through (a bench swaps it for another).
        self.writer = CommitQueue(db.engine)
        #: Whoever delivers the outbox: :class:`bot.delivery.Dispatcher` sets itself here; a test may set a
        #: :class:`bot.deliverer.Undelivered`. None: ops are written and nothing is told of them.
        self.dispatcher: Deliverer | None = None
        #: Called with a game that has just finished (after its commit).
        self.on_finished: list[Callable[[LiveGame], Any]] = []
        #: Makers of ops for a game's end (records, reveals), written in the same transaction as the final action.
        self.end_ops: list[Callable[[LiveGame, State], list[Op]]] = []
        #: Makers of ops for a game's deal (the seed's commitment), posted after the start ops and before anything
        #: the deal itself sends.
        self.begin_ops: list[Callable[[LiveGame], list[Op]]] = []
        #: Each seated player's role, side or faction at the end (player id -> name), stored with their result.
        self.result_roles: list[Callable[[LiveGame, State], dict[str, str]]] = []
        self.cache = GameCache(self, db)
        self.timers = Timers(self, db, timer_concurrency)
        self.lobbies = Lobbies(self, db)
        self.play = Play(self, db)
        self.wording = Wording(db, self.cache.games)
        self.queries = Queries(db, self.get)
        #: The computer players' turns (bot.computers): armed after every commit that awaits one.
        self.computers = Computers(self)

    def wake(self, game_id: int, *, handed: bool = False) -> None:
        """Wake the dispatcher for a game whose outbox got rows (``handed``: all of them given to it at the commit)."""
        if self.dispatcher is not None:
            self.dispatcher.kick(game_id, handed=handed)

    # -- the cache (bot.cache) -----------------------------------------------------------------------------

    @property
    def games(self) -> dict[int, LiveGame]:
        """The games in memory, by id."""
        return self.cache.games

    async def get(self, game_id: int) -> LiveGame:
        """The live game ``game_id``, loaded from the database on first use (see :meth:`bot.cache.GameCache.get`)."""
        return await self.cache.get(game_id)

    def forget(self, game_id: int) -> None:
        """Drop a game from the cache (it reloads from the database on next use)."""
        self.cache.forget(game_id)

    def drained(self, game_id: int) -> None:
        """Called by the dispatcher when it has delivered everything it knows of for ``game_id``: a game that is
        over may leave memory now, and one still running keeps only what its current state answered (its legal
        actions and views)."""
        live = self.cache.games.get(game_id)
        if live is not None:
            live.memo.settle(live.state)
        self.cache.evict_if_over(game_id)

    async def refreshed(self, live: LiveGame) -> LiveGame | None:
        """``live`` reloaded when another process moved the game on since it was loaded here, else ``None``."""
        return await self.cache.refreshed(live)

    # -- lobbies (bot.lobbies) -----------------------------------------------------------------------------

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
        """A new lobby with its host seated (see :meth:`bot.lobbies.Lobbies.open`)."""
        return await self.lobbies.open(
            engine_name,
            guild_id=guild_id,
            guild_name=guild_name,
            channel_id=channel_id,
            host_id=host_id,
            host_name=host_name,
            language=language,
            lobby_ops=lobby_ops,
        )

    async def update_lobby(
        self, game_id: int, change: Callable[[Game], None], lobby_ops: Callable[[LiveGame], list[Op]]
    ) -> LiveGame:
        """Change a lobby and refresh its message, in one transaction (see :meth:`bot.lobbies.Lobbies.update`)."""
        return await self.lobbies.update(game_id, change, lobby_ops)

    async def start(self, game_id: int, start_ops: Callable[[LiveGame], list[Op]]) -> LiveGame:
        """Deal the game from the lobby as stored (see :meth:`bot.lobbies.Lobbies.start`)."""
        return await self.lobbies.start(game_id, start_ops)

    async def cancel(self, game_id: int, ops: list[Op]) -> None:
        """Cancel a lobby or abort a running game (see :meth:`bot.lobbies.Lobbies.cancel`)."""
        await self.lobbies.cancel(game_id, ops)

    # -- play (bot.play) -----------------------------------------------------------------------------------

    async def act(
        self, game_id: int, action: Action, also: Callable[[Table, State, State, list], list[Op]] | None = None
    ) -> list:
        """Apply one action durably and return its events (see :meth:`bot.play.Play.act`). Raises IllegalAction
        (refused: nothing written) or GameError."""
        return await self.play.act(game_id, action, also)

    async def timeout(self, game_id: int, prompt_id: str) -> None:
        """A prompt's time ran out: applied like any action (stale ones are ignored). The timers call it here."""
        await self.play.timeout(game_id, prompt_id)

    async def add_ops(self, game_id: int, ops: list[Op]) -> bool:
        """Put ``ops`` in a running game's outbox outside any action (see :meth:`bot.play.Play.add_ops`)."""
        return await self.play.add_ops(game_id, ops)

    # -- wording at delivery (bot.wording) -----------------------------------------------------------------

    def rewritable(self, live: LiveGame, request: Op) -> bool:
        """May a render request's ops be only rewrites of one message (see :meth:`bot.wording.Wording.rewritable`)?"""
        return self.wording.rewritable(live, request)

    def presented_now(self, live: LiveGame, request: Op) -> list[Op] | None:
        """The presenter's ops for a render request whose step is in memory, else ``None``."""
        return self.wording.presented_now(live, request)

    async def presented(self, live: LiveGame, requests: list[Op]) -> list[list[Op]]:
        """The presenter's ops for each render request, in order (see :meth:`bot.wording.Wording.presented`)."""
        return await self.wording.presented(live, requests)

    @property
    def replays(self) -> int:
        """How many times render requests were worded from a replay of the log."""
        return self.wording.replays

    # -- timers (bot.timers) -------------------------------------------------------------------------------

    async def pause(self, game_id: int) -> None:
        """Host control: stop the clocks of every open prompt, keeping the time each had left."""
        await self.timers.pause(game_id)
        self.computers.disarm(game_id)

    async def resume(self, game_id: int) -> None:
        """Host control: start them again."""
        await self.timers.resume(game_id)
        self.computers.arm(await self.get(game_id))

    async def extend(self, game_id: int, seconds: int) -> None:
        """Host control: give every open prompt ``seconds`` more."""
        await self.timers.extend(game_id, seconds)

    def hold(self, since: float | None = None) -> None:
        """The bot is away since ``since`` (``None``: now): no timer fires until :meth:`back`."""
        self.timers.hold(since)

    async def back(self, why: str = "restart") -> float:
        """The bot is there again: open deadlines move on by the time away (see :meth:`bot.timers.Timers.back`)."""
        return await self.timers.back(why)

    async def present(self) -> None:
        """Return once the bot is there for players (see :meth:`bot.timers.Timers.present`)."""
        await self.timers.present()

    @property
    def away_since(self) -> float | None:
        """Since when the bot has been away, while it is."""
        return self.timers.away_since

    @property
    def timer_concurrency(self) -> int:
        return self.timers.concurrency

    @property
    def timer_failures(self) -> int:
        """Timer work that failed outside the rules and was tried again."""
        return self.timers.failures

    @property
    def _timers(self) -> dict[int, dict[str, asyncio.Task[None]]]:
        """The timer tasks by game and prompt (tests and benches count them)."""
        return self.timers.tasks

    # -- recovery (bot.recovery) ---------------------------------------------------------------------------

    async def recover(self) -> list[int]:
        """After a start: re-arm every owned game's timers and resend the outbox (see :func:`bot.recovery.recover`)."""
        return await recover(self)

    # -- queries (bot.queries) -----------------------------------------------------------------------------

    async def guild_language(self, guild_id: int) -> str | None:
        """The language a server chose with /game language, if it did: read once, then from memory (every click in
        a server channel asks; see :mod:`bot.queries` for why no other process can change it meanwhile)."""
        return await self.queries.guild_language(guild_id)

    async def set_guild_language(self, guild_id: int, language: str) -> None:
        """/game language: stored, and in memory from its commit on."""
        await self.queries.set_guild_language(guild_id, language)

    async def games_in(self, guild_id: int, statuses: Iterable[str] = ("lobby", "running")) -> list[Game]:
        return await self.queries.games_in(guild_id, statuses)

    async def games_of(self, user_id: int, statuses: Iterable[str] = ("running",)) -> list[LiveGame]:
        """Running games where ``user_id`` is seated or narrates (for /game mine)."""
        return await self.queries.games_of(user_id, statuses)

    async def log_of(self, game_id: int) -> list[dict[str, Any]]:
        return await self.queries.log_of(game_id)

    # -- the whole ----------------------------------------------------------------------------------------

    async def idle(self) -> None:
        """Wait until no timer work runs, snapshots are written and every outbox is delivered (tests; shutdown)."""
        self.play.follow_up()
        await self.timers.settled()
        await self.computers.settled()
        while self.play.background:
            await asyncio.gather(*self.play.background, return_exceptions=True)
        if self.dispatcher is not None:
            await self.dispatcher.idle()

    async def close(self) -> None:
        """Stop every timer and let deliveries in flight finish (shutdown; the end of a test)."""
        self.play.follow_up()  # the last actions' deliveries are woken, and their timers armed before all are stopped
        await self.computers.close()
        await self.timers.stop()
        await self.idle()
        if self.dispatcher is not None:
            self.dispatcher.cancel_retries()
        await self.writer.close()

    # read and replaced by tests: one slows a game's load down or makes it fail, one loses the snapshots
    @property
    def _load(self) -> Callable[[int], Awaitable[LiveGame]]:
        return self.cache.load

    @_load.setter
    def _load(self, load: Callable[[int], Awaitable[LiveGame]]) -> None:
        self.cache.load = load

    @property
    def _snapshot_soon(self) -> Callable[[LiveGame, State], None]:
        return self.play._snapshot_soon

    @_snapshot_soon.setter
    def _snapshot_soon(self, snapshot_soon: Callable[[LiveGame, State], None]) -> None:
        self.play._snapshot_soon = snapshot_soon  # type: ignore[method-assign]

    @property
    def _load_locks(self) -> dict[int, Any]:
        return self.cache.load_locks


__all__ = [
    "ATTEMPTS",
    "CLOCK",
    "LOBBY",
    "LOBBY_SECONDS",
    "OVER",
    "PAUSED",
    "SNAPSHOT_EVERY",
    "TIMER_ATTEMPTS",
    "TIMER_PARKED_SECONDS",
    "TIMER_RETRY_SECONDS",
    "WARN_AT",
    "GameError",
    "LiveGame",
    "Runtime",
    "Step",
]
