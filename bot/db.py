"""The database: tables, connection and migrations (SQLAlchemy 2 async; SQLite by default, PostgreSQL to scale).
The statements every action writes are in :mod:`bot.statements`; checking ``DATABASE_URL`` at start is
:mod:`bot.db_check`.

The action log is the truth. A game is its row in ``games`` (who, where, options, seed) plus its rows in
``actions``; ``snapshots`` only shorten the replay. Every accepted action is inserted with the next sequence
number, in the same transaction as the ``outbox`` rows that carry what must be posted to Discord and the
``deadlines`` of the prompts it opened. ``(game_id, seq)`` is the primary key of ``actions``: a second writer
(another process, a double click) cannot insert the same step twice.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    event,
    inspect,
    text,
)
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker, create_async_engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"



class Base(DeclarativeBase):
    type_annotation_map = {dict[str, Any]: JSON, list[Any]: JSON}


class Game(Base):
    """One game, from lobby to result."""

    __tablename__ = "games"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    engine: Mapped[str] = mapped_column(String(32))
    #: lobby -> running -> finished | aborted
    status: Mapped[str] = mapped_column(String(16), index=True)
    guild_id: Mapped[int] = mapped_column(BigInteger, index=True)
    #: The server's name when the game was opened, for the header of private messages.
    guild_name: Mapped[str] = mapped_column(String(100), default="")
    channel_id: Mapped[int] = mapped_column(BigInteger)
    #: The game's own thread (None: the game runs in the channel).
    thread_id: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    host_id: Mapped[int] = mapped_column(BigInteger)
    narrator_id: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    language: Mapped[str] = mapped_column(String(8))
    seed: Mapped[str] = mapped_column(String(64))
    #: Random salt of the seed's commitment (SHA-256 of ``salt:seed``, posted at the start, opened at the end;
    #: see bot.records). ``None`` for games opened before commitments existed.
    salt: Mapped[str | None] = mapped_column(String(64), nullable=True)
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    #: Seats in order: Discord user ids as strings (the engine's player ids).
    seats: Mapped[list[Any]] = mapped_column(JSON, default=list)
    #: Display names at the time of joining, by player id.
    names: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    #: Messages the bot edits (lobby, tally, board...) and channels it made (team threads), by slot name.
    slots: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    #: The sequence number of the last action applied (0: just dealt).
    seq: Mapped[int] = mapped_column(Integer, default=0)
    #: Timers paused by the host (remaining seconds are kept in ``deadlines``).
    paused: Mapped[bool] = mapped_column(Boolean, default=False)
    outcome: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[float] = mapped_column(Float)
    #: When the game was dealt (the lobby may have waited long before).
    started_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    finished_at: Mapped[float | None] = mapped_column(Float, nullable=True)

    #: /game history: a server's finished games, newest first.
    __table_args__ = (Index("ix_games_guild_status_finished", "guild_id", "status", "finished_at"),)


class ActionRow(Base):
    """The log: every accepted action (timeouts included), numbered from 1 per game."""

    __tablename__ = "actions"

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    at: Mapped[float] = mapped_column(Float)


class Snapshot(Base):
    """A dumped engine state after action ``seq``, so a restart replays only the log's tail."""

    __tablename__ = "snapshots"

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer)
    state: Mapped[dict[str, Any]] = mapped_column(JSON)


class Deadline(Base):
    """When an open prompt times out (absolute unix time), or how long it had left when timers were paused."""

    __tablename__ = "deadlines"

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    prompt_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    due_at: Mapped[float] = mapped_column(Float)
    remaining: Mapped[float | None] = mapped_column(Float, nullable=True)


class OutboxRow(Base):
    """Something to post, send, edit or create on Discord, written with the action that caused it."""

    __tablename__ = "outbox"
    __table_args__ = (Index("ix_outbox_pending", "sent", "id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    op: Mapped[dict[str, Any]] = mapped_column(JSON)
    sent: Mapped[bool] = mapped_column(Boolean, default=False)
    #: What Discord answered (message id...), or why it could not be delivered.
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)


class GuildSettings(Base):
    __tablename__ = "guild_settings"

    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    language: Mapped[str | None] = mapped_column(String(8), nullable=True)
    #: ``False``: a server admin turned /game stats off on this server (``None``: on, the default).
    stats_enabled: Mapped[bool | None] = mapped_column(Boolean, nullable=True)


class Meta(Base):
    """Small facts about the installation (e.g. the digest of the last application-command sync)."""

    __tablename__ = "meta"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(String(256))


class DMChannel(Base):
    """Each player's DM channel with the bot, opened once (a REST call) and kept across restarts; forgotten when
    Discord says it is unknown (bot.dms)."""

    __tablename__ = "dm_channels"

    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True, autoincrement=False)
    channel_id: Mapped[int] = mapped_column(BigInteger)


class Result(Base):
    """One row per seated player of a finished game, written with the game's last action: what stats count
    (bot/stats.py computes everything from these rows and the games they belong to)."""

    __tablename__ = "results"
    __table_args__ = (
        # a server's leaderboard of one game: an index-only scan of the server's rows of that game
        Index("ix_results_board", "guild_id", "engine", "user_id", "won", "game_id"),
        # one player's games on a server, oldest first (streaks)
        Index("ix_results_player", "guild_id", "user_id", "finished_at"),
    )

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    engine: Mapped[str] = mapped_column(String(32))
    won: Mapped[bool] = mapped_column(Boolean)
    draw: Mapped[bool] = mapped_column(Boolean)
    finished_at: Mapped[float] = mapped_column(Float)
    #: The game's server (the game's own, copied so a server's stats need no join).
    guild_id: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    #: The player's role, side or faction as the end of the game revealed it (``None``: the game has none).
    role: Mapped[str | None] = mapped_column(String(32), nullable=True)


class StatsPrivacy(Base):
    """A player who asked to be left out of a server's leaderboards (/game stats privacy)."""

    __tablename__ = "stats_privacy"

    guild_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    user_id: Mapped[int] = mapped_column(BigInteger, primary_key=True)


class Database:
    """An async engine and session factory, with migrations applied by :meth:`migrate`."""

    def __init__(self, url: str, *, schema: str | None = None) -> None:
        """``schema`` (PostgreSQL only) keeps the tables in a schema of their own, e.g. one per test."""
        self.url = url
        self.is_sqlite = url.startswith("sqlite")
        kwargs: dict[str, Any] = {}
        if self.is_sqlite:
            kwargs["connect_args"] = {"timeout": 30}
        else:
            kwargs.update(pool_size=10, max_overflow=10, pool_pre_ping=True)
            if schema:
                kwargs["connect_args"] = {"server_settings": {"search_path": schema}}
        self.engine: AsyncEngine = create_async_engine(url, **kwargs)
        if self.is_sqlite:
            event.listen(self.engine.sync_engine, "connect", sqlite_pragmas)
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)

    async def migrate(self) -> None:
        """Apply every Alembic migration not yet applied (creates the schema on first start)."""
        async with self.engine.begin() as conn:
            await conn.run_sync(_upgrade)

    async def close(self) -> None:
        await self.engine.dispose()


def sqlite_pragmas(dbapi_connection, _record=None) -> None:
    """Every SQLite connection's settings (the async engine's and the in-process writer's, bot.writer)."""
    # WAL lets readers work while a write commits; NORMAL sync is durable across process crashes in WAL mode.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()




#: The newest migration's revision (``bot/migrations/versions``). A database already at it is left alone without
#: Alembic, whose import and scripts cost about a tenth of a second of CPU at every start of the bot;
#: tests/bot/test_records.py checks that it is Alembic's head.
SCHEMA_HEAD = "0003"


def at_schema_head(connection) -> bool:
    """The database's schema is :data:`SCHEMA_HEAD` (its ``alembic_version`` table says so)."""
    if not inspect(connection).has_table("alembic_version"):
        return False
    return [row[0] for row in connection.execute(text("SELECT version_num FROM alembic_version"))] == [SCHEMA_HEAD]


def _upgrade(connection) -> None:
    if at_schema_head(connection):
        return
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.attributes["connection"] = connection
    command.upgrade(config, "head")


async def open_database(url: str) -> Database:
    db = Database(url)
    await db.migrate()
    return db



async def open_in_new_schema(url: str, schema: str) -> Database:
    """PostgreSQL: a database whose tables live in ``schema``, made for it (a test's or a bench's own, so runs
    never see each other's rows); :func:`drop_schema` removes it."""
    admin = Database(url)
    async with admin.engine.begin() as conn:
        await conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    await admin.close()
    db = Database(url, schema=schema)
    await db.migrate()
    return db


async def drop_schema(url: str, schema: str) -> None:
    admin = Database(url)
    async with admin.engine.begin() as conn:
        await conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
    await admin.close()


__all__ = [
    "ActionRow",
    "Base",
    "Database",
    "DMChannel",
    "Deadline",
    "Game",
    "GuildSettings",
    "OutboxRow",
    "Meta",
    "Result",
    "Snapshot",
    "StatsPrivacy",
    "drop_schema",
    "open_database",
    "open_in_new_schema",
    "sqlite_pragmas",
]
