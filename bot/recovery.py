"""Recovery after a start: what a restart picks up again from the database.

Nothing is rebuilt up front: games are loaded from snapshot + log on first use (an action, a timer, a delivery,
see :mod:`bot.cache`), so a restart with thousands of live games is ready at once and each game costs its replay
when touched. What cannot wait for a touch is re-armed here: every open deadline (one that passed while the bot
was down fires at once, unless the bot is away, see :meth:`bot.timers.Timers.hold`), and every outbox with rows
left unsent. The catalogues of the languages those games speak, and what their games' wording loads ahead
(:meth:`bot.presenter.Presenter.warm`), are loaded here too, before anyone is served: the first words in a
language would otherwise parse them on the event loop, a tenth to a fifth of a second in which no click is
answered. So is what every game's first action would make (:meth:`engines.core.Engine.prepare`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sqlalchemy import select

import translations as i18n
from bot.db import Deadline, Game, OutboxRow
from bot.games import game_ui
from engines import ENGINE_NAMES, get_engine

if TYPE_CHECKING:
    from bot.runtime import Runtime


async def recover(runtime: Runtime) -> list[int]:
    """Re-arm the timers of every lobby and running game this process owns, from the stored deadlines, and have
    the dispatcher resend every outbox. Returns the ids of the games owned."""
    async with runtime.db.sessions() as session:
        live_games = {
            game_id: (guild, engine, language, options)
            for game_id, guild, engine, language, options in await session.execute(
                select(Game.id, Game.guild_id, Game.engine, Game.language, Game.options).where(
                    Game.status.in_(["lobby", "running"])
                )
            )
        }
        deadlines = (
            await session.execute(
                select(Deadline.game_id, Deadline.prompt_id, Deadline.due_at)
                .where(Deadline.remaining.is_(None))
                .order_by(Deadline.due_at)  # the longest overdue fire first
            )
        ).all()
        pending = (await session.execute(select(OutboxRow.game_id).where(OutboxRow.sent.is_(False)).distinct())).all()
    owned = sorted(gid for gid, (guild, *_) in live_games.items() if runtime.owns_guild(guild))
    owned_set = set(owned)
    # the writer's own connection (a SQLite file) before serving: each game is read on it at its first use
    # (bot.cache), at once rather than through aiosqlite's thread, and the first action need not wait to connect
    await runtime.writer.open()
    i18n.bundle(i18n.DEFAULT_LANGUAGE)  # what a catalogue lacks is said in English
    for name in ENGINE_NAMES:  # every game's, not only those running here: any process may act on any game
        get_engine(name).prepare()
    for game_id in owned:
        _guild, engine, language, options = live_games[game_id]
        i18n.bundle(language)
        game_ui(engine).presenter.warm(options or {})
    dispatcher = runtime.dispatcher
    if dispatcher is not None:
        for (game_id,) in pending:
            dispatcher.resume(game_id)
    await runtime.computers.recover()  # computers' pending turns, derived from their games' states
    # the timers last, with nothing awaited after them: when this returns every deadline has its timer, and none
    # has fired yet (an overdue one fires on the loop's next turn)
    for game_id, prompt_id, due in deadlines:
        if game_id in owned_set:
            runtime.timers.arm_one(game_id, prompt_id, due)
    return owned


__all__ = ["recover"]
