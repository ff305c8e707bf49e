"""A game in memory, as the runtime's parts share it: :class:`LiveGame` (its row, engine, state, deadlines and lock),
the :class:`Step` a transition leaves for the presenter to word, and :class:`GameError`, the runtime's refusals
outside the rules.

Nothing here does I/O: the cache (:mod:`bot.cache`) loads and drops live games, the play
(:mod:`bot.play`) changes them under their lock, the timers (:mod:`bot.timers`) read their deadlines.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from bot.db import Game
from bot.presenter import StateMemo, Table
from engines.core import Action, Engine, State

#: Statuses of a game that is over: nothing changes it any more, only its last deliveries are left.
OVER = ("finished", "aborted")
#: Steps kept in memory per game for their render requests; an older one is replayed when delivered.
KEEP_STEPS = 64
#: ``due_at`` of a paused deadline (its time left is in ``remaining``).
PAUSED = float("inf")
#: The deadline row of a lobby (it closes by itself when nobody touches it, see :mod:`bot.lobbies`).
LOBBY = "lobby"


class Step(NamedTuple):
    """One transition as the presenter words it: the states around step ``after.step``, its events and actor.

    A named tuple rather than a frozen dataclass: every action makes one (:meth:`LiveGame.keep`), and a frozen
    dataclass's ``__init__`` sets each field through a call of ``object.__setattr__`` (issue 27)."""

    before: State | None
    after: State
    events: list
    actor: str | None = None


class GameLock(asyncio.Lock):
    """asyncio's lock, taken and given back in one call each when nobody waits for it, as every click finds a game's.

    asyncio's own ``async with`` makes five calls in Python (enter, acquire, exit, release, waking the next), code
    that is cold in the processor's caches by the next click (issue 27, ``act`` against the raw write). The fast
    path here is acquire's and release's own, on the same attributes of Python 3.11's lock; anything else (a waiter,
    even a cancelled one) goes through asyncio's code, so the order and cancellation of waiters are asyncio's."""

    async def __aenter__(self) -> None:
        if not self._locked and not self._waiters:
            self._locked = True
        else:
            await self.acquire()

    async def __aexit__(self, *exc: object) -> None:
        if self._locked and not self._waiters:
            self._locked = False
        else:
            self.release()


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
    lock: asyncio.Lock = field(default_factory=GameLock)
    #: The steps whose render requests are not worded yet, by seq (taken by :meth:`bot.wording.Wording.presented`).
    steps: dict[int, Step] = field(default_factory=dict)
    #: The legal actions and views asked of its newest states (by clicks and by the wording; see :class:`StateMemo`).
    memo: StateMemo = field(default_factory=StateMemo, repr=False, compare=False)
    #: The game's id, which never changes: read a few times by every action, where the row's own attribute (a
    #: SQLAlchemy descriptor, cold in the CPU's cache by the next click) costs a call each time (issue 27).
    id: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.id = self.row.id

    def keep(self, step: Step) -> None:
        self.steps[step.after.step] = step
        if len(self.steps) > KEEP_STEPS:  # nobody words them (no dispatcher): the oldest replay if ever needed
            del self.steps[min(self.steps)]

    def stored(self, seq: int, status: str | None = None) -> None:
        """The row as an action's commit left it in the database: its ``seq`` and, when it changed, its ``status``.

        A live game's row is a detached record nothing flushes (every write to it is a Core statement, see
        :mod:`bot.play`), so the values go straight into the row's own dict: SQLAlchemy's change tracking would
        keep a history nobody reads, at about 10 µs a set on a row that is cold in the CPU's cache (issue 27)."""
        fields = self.row.__dict__
        fields["seq"] = seq
        if status is not None:
            fields["status"] = status

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
            memo=self.memo,
        )

    def legal(self, state: State, player: str) -> list[Action]:
        """``player``'s legal actions in ``state``, one of this game's (asked of the engine once: a
        :class:`StateMemo`)."""
        return self.memo.legal(self.engine, state, player)

    def users(self) -> set[str]:
        """Everyone the game may have a DM channel or a pending answer for: seats, names, host and narrator."""
        row = self.row
        return {*map(str, row.seats or ()), *(row.names or {}), str(row.host_id), str(row.narrator_id)}


__all__ = ["KEEP_STEPS", "LOBBY", "OVER", "PAUSED", "GameError", "LiveGame", "Step"]
