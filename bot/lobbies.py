"""A game's life before and around play: a lobby opened, changed and dealt, a lobby or a game cancelled.

Each is one transaction with the ops it brings (the lobby message rewritten, the game's thread, its first render
request), then the cache, the timers and the dispatcher are told, as for an action (:mod:`bot.play`). A lobby has
one deadline, named :data:`bot.live.LOBBY`, that every change pushes back: a lobby nobody touches for
:data:`LOBBY_SECONDS` closes by itself (:meth:`Lobbies.expire`). What a lobby's message and settings look like is
:mod:`bot.lobby`'s.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from sqlalchemy import delete, insert, update

import translations as i18n
from bot.db import Database, Deadline, Game, OutboxRow, Snapshot
from bot import boards
from bot.games import game_ui
from bot.live import LOBBY, GameError, LiveGame, Step
from bot.ops import Op, present_request
from bot.play import closing_ops, deadline_changes
from engines import get_engine

if TYPE_CHECKING:
    from bot.presenter import Presenter
    from bot.runtime import Runtime

#: A lobby nobody touches for this long closes by itself (its deadline row is named ``LOBBY``).
LOBBY_SECONDS = 3600


class Lobbies:
    """Open, change, deal and cancel games; they are loaded through the runtime's cache like any game."""

    def __init__(self, runtime: Runtime, db: Database) -> None:
        self.runtime = runtime
        self.db = db
        self.clock = runtime.clock

    async def open(
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
        """A new lobby with its host seated, its message to post (``lobby_ops``) and its deadline."""
        rt = self.runtime
        engine = get_engine(engine_name)
        row = Game(
            engine=engine_name,
            status="lobby",
            guild_id=guild_id,
            guild_name=guild_name[:100],
            channel_id=channel_id,
            host_id=host_id,
            language=language,
            seed=rt.new_seed(),
            salt=rt.new_salt(),
            # a game whose elements come in languages (Když sním's KS-5) starts in the server's language
            options={o.name: language for o in engine.options if o.name == "language" and language in o.choices},
            seats=[str(host_id)],
            names={str(host_id): host_name},
            slots={},
            seq=0,
            paused=False,
            created_at=self.clock.now(),
        )
        # what its words and its game's reading need, loaded off the loop (a tenth of a second or more each) before
        # the lobby is worded: the language's catalogues when new to this process, and the game's own tables
        await asyncio.to_thread(_warm, language, game_ui(engine_name).presenter, row.options)
        due = self.clock.now() + LOBBY_SECONDS
        async with self.db.sessions.begin() as session:
            session.add(row)
            await session.flush()
            live = LiveGame(row, engine, deadlines={LOBBY: due})
            session.add(Deadline(game_id=row.id, prompt_id=LOBBY, due_at=due))
            for op in lobby_ops(live):
                session.add(OutboxRow(game_id=row.id, seq=0, op=op, sent=False))
        rt.games[row.id] = live
        rt.timers.arm(live)
        rt.wake(row.id)
        if game_ui(engine_name).board is not None:
            boards.shared().warm()  # its players take a while to join: the workers are ready for its first board
        return live

    async def update(self, game_id: int, change: Callable[[Game], None], lobby_ops: Callable[[LiveGame], list[Op]]) -> LiveGame:
        """Change a lobby (seats, options, narrator) and refresh its message, in one transaction.

        The change is made to the row as read (and locked) inside the transaction, not to the cached copy, so
        two processes seating players at once cannot overwrite each other. Changed options have what they need
        loaded in a thread (:meth:`bot.presenter.Presenter.warm`) before this returns, so not at the game's start.
        """
        rt = self.runtime
        live = await rt.get(game_id)
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
            options_changed = fresh.options != live.row.options
            live.row = _with_delivery_fields(_copy_row(fresh), live.row)
            live.deadlines = {LOBBY: due}
        rt.timers.rearm(live)
        rt.wake(game_id)
        if options_changed:  # what the new options need (Když sním's judge in another language), off the loop now
            await asyncio.to_thread(game_ui(fresh.engine).presenter.warm, fresh.options)
        return live

    async def start(self, game_id: int, start_ops: Callable[[LiveGame], list[Op]]) -> LiveGame:
        """Deal the game from the lobby as stored: engine setup (options are validated here), the first prompts,
        the game's thread, the deadlines. An invalid option or player count raises IllegalAction and nothing
        changes. The deal is the stored seats, options and seed alone, so it replays (see :mod:`bot.wording`)."""
        rt = self.runtime
        live = await rt.get(game_id)
        async with live.lock:
            now = self.clock.now()
            async with self.db.sessions.begin() as session:
                row = await session.get(Game, game_id, with_for_update=True, populate_existing=True)
                if row is None or row.status != "lobby":
                    raise GameError("not_lobby")
                live.row = _with_delivery_fields(_copy_row(row), live.row)
                state, events = live.engine.setup(row.seats, row.options, row.seed)
                live.deadlines = {}
                _, opened, deadlines = deadline_changes(live, None, state, now)
                begin = [op for make in rt.begin_ops for op in make(live)]
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
        rt.timers.rearm(live)
        rt.computers.arm(live)
        rt.wake(game_id)
        return live

    async def cancel(self, game_id: int, ops: list[Op]) -> None:
        """Cancel a lobby or abort a running game; its timers stop and its buttons stop answering, and what the
        game did on the server is undone like at any end (its role deleted, its thread closed)."""
        rt = self.runtime
        live = await rt.get(game_id)
        async with live.lock:
            if live.row.status not in ("lobby", "running"):
                raise GameError("not_running")
            if live.row.status == "running":
                if live.state is not None:  # every open prompt's messages lose their controls
                    presenter = game_ui(live.engine.name).presenter
                    ops = [op for p in live.state.prompts for op in presenter.close_prompt(live.table(), live.state, p)] + ops
                ops = ops + closing_ops(live)
            async with self.db.sessions.begin() as session:
                await session.execute(
                    update(Game).where(Game.id == game_id).values(status="aborted", finished_at=self.clock.now())
                )
                await session.execute(delete(Deadline).where(Deadline.game_id == game_id))
                for op in ops:
                    session.add(OutboxRow(game_id=game_id, seq=live.row.seq, op=op, sent=False))
            live.row.status = "aborted"
            live.deadlines = {}
        rt.timers.disarm(game_id)
        rt.computers.disarm(game_id)
        rt.wake(game_id)
        rt.cache.evict_if_over(game_id)  # at once without a dispatcher; else when its drain of the last ops ends

    async def expire(self, game_id: int) -> None:
        """Nobody started the lobby in time: close it, so nothing waits forever."""
        live = await self.runtime.get(game_id)
        if live.row.status != "lobby":
            return
        text = live.table().t("common.lobby.expired")
        try:
            await self.runtime.cancel(game_id, [{"do": "edit", "slot": "lobby", "content": text, "components": []}])
        except GameError:
            pass  # started or cancelled meanwhile


def _with_delivery_fields(row: Game, cached: Game) -> Game:
    """``row`` as read from the database, keeping what the dispatcher recorded in memory and may not have
    marked yet (the messages it made, the thread): the stored copy of those can lag behind."""
    row.slots = {**(row.slots or {}), **(cached.slots or {})}
    row.thread_id = cached.thread_id or row.thread_id
    return row


def _copy_row(row: Game) -> Game:
    """A detached copy of a game's row (the lists and dicts copied too), for the cache to hold."""
    copy = Game(**{c.key: getattr(row, c.key) for c in Game.__table__.columns})
    copy.seats = list(row.seats)
    copy.names = dict(row.names)
    copy.options = dict(row.options)
    copy.slots = dict(row.slots)
    return copy


def _warm(language: str, presenter: Presenter, options: Mapping[str, Any]) -> None:
    i18n.bundle(language)
    presenter.warm(options)


__all__ = ["LOBBY_SECONDS", "Lobbies"]
