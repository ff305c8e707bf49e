"""Questions about games and servers that change nothing a game plays: a server's language, the games on a server
or of a player, a game's log. They read the database directly (games another process holds included); only
:meth:`Queries.games_of` loads the games it finds, for the caller to show their state.

**A server's language is kept in memory** (:attr:`Queries.languages`): every click in a server channel words its
refusals in it, and a database round trip per click cost more than the action itself (issue 27). It is read once
per server, on first use, and set here by :meth:`Queries.set_guild_language` (/game language) after its commit.

Why no other process can leave this copy stale: with shards split over processes, Discord sends a server's
interactions to the shard that holds the server, so the one process running that shard both reads a server's
language (its clicks and commands) and writes it (its /game language); shard assignment is fixed for a process's
life (``SHARD_IDS``/``SHARD_COUNT``). Clicks in DMs reach shard 0 but have no server, and read no server's language
(a game's messages use the language stored on the game). What is left is a process that stops serving a server
while still running, which this bot never does: a resharding starts new processes, whose caches start empty."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from sqlalchemy import String, cast, or_, select

from bot.db import ActionRow, Database, Game, GuildSettings
from bot.live import LiveGame


class Queries:
    """The bot's reads for commands (/game status, /game mine, /game language, /game history)."""

    def __init__(self, db: Database, get: Callable[[int], Awaitable[LiveGame]]) -> None:
        """``get``: the cache's loader of a live game."""
        self.db = db
        self.get = get
        #: Each server's chosen language (``None``: none chosen) once read, kept right by :meth:`set_guild_language`.
        self.languages: dict[int, str | None] = {}

    async def guild_language(self, guild_id: int) -> str | None:
        """The language a server chose with /game language, if it did: from memory after its first read."""
        try:
            return self.languages[guild_id]
        except KeyError:
            pass
        async with self.db.sessions() as session:
            row = await session.get(GuildSettings, guild_id)
            language = row.language if row else None
        # a /game language committed while this read was under way has set its value already: that one stays
        return self.languages.setdefault(guild_id, language)

    async def set_guild_language(self, guild_id: int, language: str) -> None:
        """Store a server's language, and keep it in memory once it is committed."""
        async with self.db.sessions.begin() as session:
            await session.merge(GuildSettings(guild_id=guild_id, language=language))
        self.languages[guild_id] = language

    async def games_in(self, guild_id: int, statuses: Iterable[str] = ("lobby", "running")) -> list[Game]:
        """The rows of a server's games in ``statuses``, oldest first."""
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
        """A game's actions as stored, in order."""
        async with self.db.sessions() as session:
            rows = await session.scalars(select(ActionRow).where(ActionRow.game_id == game_id).order_by(ActionRow.seq))
            return [r.action for r in rows]


__all__ = ["Queries"]
