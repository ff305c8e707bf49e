"""The database: tables, connection and migrations (SQLAlchemy 2 async; SQLite by default, PostgreSQL to scale).

The action log is the truth. A game is its row in ``games`` (who, where, options, seed) plus its rows in
``actions``; ``snapshots`` only shorten the replay. Every accepted action is inserted with the next sequence
number, in the same transaction as the ``outbox`` rows that carry what must be posted to Discord and the
``deadlines`` of the prompts it opened. ``(game_id, seq)`` is the primary key of ``actions``: a second writer
(another process, a double click) cannot insert the same step twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import os
import socket
import sqlite3
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
    bindparam,
    delete,
    event,
    insert,
    text,
    update,
)
from sqlalchemy.dialects import postgresql as postgresql_dialect
from sqlalchemy.dialects import sqlite as sqlite_dialect
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker, create_async_engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"
#: Seconds the database server has to answer at start before it counts as down (asyncpg alone waits 60).
CONNECT_TIMEOUT = 15.0

log = logging.getLogger(__name__)


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
    Discord says it is unknown (bot.executors)."""

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




class Prepared:
    """A Core statement whose every value is a named bind parameter, so its SQL is compiled once.

    On SQLite the writer (bot.writer) runs the compiled SQL on the stdlib driver directly, the parameters
    converted by the columns' own types (JSON text, booleans as integers), exactly as SQLAlchemy would; on
    PostgreSQL it is executed as the Core statement it wraps. ``keys``: the columns an INSERT sets (every row
    passes all of them). ``returns_id``: the INSERT hands back each row's primary key, as ``RETURNING`` does.
    """

    __slots__ = ("statement", "core", "keys", "returns_id", "_compiled")

    def __init__(self, statement: Any, keys: tuple[str, ...] | None = None, *, returns_id: bool = False) -> None:
        self.statement = statement
        self.keys = keys
        self.returns_id = returns_id
        self.core = statement.returning(*statement.table.primary_key.columns) if returns_id else statement
        self._compiled: tuple[str, tuple[tuple[str, Any, Any], ...]] | None = None

    def sqlite(self, dialect: Any) -> tuple[str, tuple[tuple[str, Any, Any], ...]]:
        """The SQL (qmark style) and, per placeholder in order, its parameter name, its constant (a value
        written into the statement) and the type's converter."""
        if self._compiled is None:
            compiled = self.statement.compile(dialect=dialect, column_keys=list(self.keys) if self.keys else None)
            order = []
            for name in compiled.positiontup or ():
                bind = compiled.binds[name]
                if self.keys is not None and name not in self.keys:
                    raise ValueError(f"{self}: {name} is not among the keys {self.keys}")
                processor = bind.type.dialect_impl(dialect).bind_processor(dialect)
                order.append((name, bind.value, processor))
            self._compiled = (compiled.string, tuple(order))
        return self._compiled

    def __str__(self) -> str:
        return str(self.core)


#: What every action writes (bot.play.Play._commit), compiled once.
_OUTBOX_KEYS = ("game_id", "seq", "op", "sent")
INSERT_ACTION = Prepared(insert(ActionRow), ("game_id", "seq", "action", "at"))
#: The guard of an action: only the writer that finds the game at the step it started from writes the next one.
ADVANCE_GAME = Prepared(
    update(Game).where(Game.id == bindparam("b_id"), Game.seq == bindparam("b_before")).values(seq=bindparam("b_seq"))
)
FINISH_GAME = Prepared(
    update(Game)
    .where(Game.id == bindparam("b_id"), Game.seq == bindparam("b_before"))
    .values(
        seq=bindparam("b_seq"),
        status=bindparam("b_status"),
        finished_at=bindparam("b_finished_at"),
        outcome=bindparam("b_outcome"),
    )
)
INSERT_RESULTS = Prepared(
    insert(Result), ("game_id", "user_id", "engine", "won", "draw", "finished_at", "guild_id", "role")
)
#: An older snapshot gives way to a newer one; a newer one stays (its INSERT then fails, and it serves better).
DELETE_SNAPSHOT = Prepared(delete(Snapshot).where(Snapshot.game_id == bindparam("b_game"), Snapshot.seq < bindparam("b_seq")))
INSERT_SNAPSHOT = Prepared(insert(Snapshot), ("game_id", "seq", "state"))
DELETE_DEADLINE = Prepared(
    delete(Deadline).where(Deadline.game_id == bindparam("b_game"), Deadline.prompt_id == bindparam("b_prompt"))
)
INSERT_DEADLINES = Prepared(insert(Deadline), ("game_id", "prompt_id", "due_at", "remaining"))
INSERT_OUTBOX = Prepared(insert(OutboxRow), _OUTBOX_KEYS)
INSERT_OUTBOX_IDS = Prepared(insert(OutboxRow), _OUTBOX_KEYS, returns_id=True)
#: What the dispatcher (bot.delivery) writes after a delivery: rows sent, with what Discord answered (executemany),
#: and the messages and thread the game has made.
MARK_SENT = Prepared(update(OutboxRow).where(OutboxRow.id == bindparam("row_id")).values(sent=True, result=bindparam("outcome")))
RECORD_SLOTS = Prepared(
    update(Game).where(Game.id == bindparam("b_id")).values(slots=bindparam("b_slots"), thread_id=bindparam("b_thread"))
)
#: A game's thread, recorded the moment it is made (see ``Executors._open_thread``).
RECORD_THREAD = Prepared(update(Game).where(Game.id == bindparam("b_id")).values(thread_id=bindparam("b_thread")))

#: A player's DM channel remembered (an upsert: another process may have stored it meanwhile), or forgotten.
SAVE_DM_CHANNEL = {
    dialect: Prepared(
        module.insert(DMChannel)
        .values(user_id=bindparam("user_id"), channel_id=bindparam("channel_id"))
        .on_conflict_do_update(index_elements=["user_id"], set_={"channel_id": bindparam("channel_id")})
    )
    for dialect, module in (("sqlite", sqlite_dialect), ("postgresql", postgresql_dialect))
}
FORGET_DM_CHANNEL = Prepared(delete(DMChannel).where(DMChannel.user_id == bindparam("b_user")))


def _upgrade(connection) -> None:
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


class DatabaseUnusable(Exception):
    """The database of ``DATABASE_URL`` cannot be used. ``str()`` is one line: what is wrong, then what to do.

    ``down``: the server did not answer (refused, timed out, starting up): it may come back, so trying again is worth
    it; otherwise the setting itself is wrong and only the user can put it right.
    """

    def __init__(self, what: str, todo: str, *, down: bool = False) -> None:
        super().__init__(f"{what}. {todo}.")
        self.what = what
        self.todo = todo
        self.down = down


async def check_database(url: str, *, connect_timeout: float = CONNECT_TIMEOUT) -> Database:
    """Open the database of ``DATABASE_URL`` and bring its schema up to date, before anything else is started.

    Whatever stops it is raised as :class:`DatabaseUnusable`, one line naming ``DATABASE_URL`` (its password
    masked), what is wrong and what to do; an error that is no database's (a bug) is raised as it is.
    """
    parsed = make_url(url)
    path = _sqlite_path(parsed)
    if path is not None:
        _check_sqlite_path(path)
    db = Database(url)
    try:
        # a server that does not answer counts as down after a while; a SQLite file answers or fails at once
        async with asyncio.timeout(None if db.is_sqlite else connect_timeout):
            async with db.engine.connect() as conn:
                await conn.execute(text("SELECT 1"))
        await db.migrate()
    except Exception as exc:  # _diagnose says which are the database's; the others are raised as they are
        with contextlib.suppress(Exception):  # the error that matters is the first one
            await db.close()
        unusable = _diagnose(exc, parsed, path)
        if unusable is None:
            raise
        log.debug("DATABASE_URL cannot be used", exc_info=exc)
        raise unusable from exc
    return db


def shown_url(parsed: URL) -> str:
    """``DATABASE_URL`` as the bot uses it, fit for a log line: the password masked."""
    return parsed.render_as_string(hide_password=True)


def _sqlite_path(parsed: URL) -> Path | None:
    """The file of a SQLite URL (made absolute, as the messages show it), or None (PostgreSQL, a ``file:`` URI)."""
    if parsed.get_backend_name() != "sqlite" or not parsed.database or parsed.database.startswith("file:"):
        return None
    return Path(os.path.abspath(parsed.database))


def _check_sqlite_path(path: Path) -> None:
    """What the file system alone tells about a SQLite path, in words better than SQLite's "unable to open"."""
    folder = path.parent
    if path.is_dir():
        raise DatabaseUnusable(
            f"DATABASE_URL points at {path}, which is a folder, not a SQLite file",
            f"Point DATABASE_URL at a file, e.g. sqlite:///{path / 'nocturne.sqlite3'}, and start again",
        )
    if not folder.exists():
        raise DatabaseUnusable(
            f"DATABASE_URL points at {path}, but the folder {folder} does not exist",
            f"Create it (mkdir -p {folder}) or point DATABASE_URL at a file in a folder that exists, and start again",
        )
    if not folder.is_dir():
        raise DatabaseUnusable(
            f"DATABASE_URL points at {path}, but {folder} is a file, not a folder",
            "Point DATABASE_URL at a file in a folder (e.g. sqlite:///nocturne.sqlite3) and start again",
        )
    if path.exists() and not os.access(path, os.R_OK | os.W_OK):
        raise DatabaseUnusable(
            f"DATABASE_URL points at {path}, which this user ({_user()}) cannot write: the file is read-only",
            "Give this user read and write access to it (chown / chmod), or point DATABASE_URL elsewhere, "
            "and start again",
        )
    if not os.access(folder, os.W_OK | os.X_OK):
        raise DatabaseUnusable(
            f"DATABASE_URL points at {path}, in the folder {folder}, which this user ({_user()}) cannot write "
            "(SQLite keeps its -wal and -shm files beside the database)",
            "Give this user write access to the folder, or point DATABASE_URL at a file in a folder it can write, "
            "and start again",
        )


def _user() -> str:
    try:
        import pwd

        return pwd.getpwuid(os.geteuid()).pw_name
    except (ImportError, KeyError):
        return f"uid {os.geteuid()}" if hasattr(os, "geteuid") else "the bot's user"


def _causes(exc: BaseException) -> list[BaseException]:
    """The error and what it wraps: SQLAlchemy's ``orig``, the driver's own error behind it, their causes."""
    chain: list[BaseException] = []
    current: BaseException | None = exc
    while current is not None and current not in chain:
        chain.append(current)
        orig = getattr(current, "orig", None)
        current = orig if isinstance(orig, BaseException) else (current.__cause__ or current.__context__)
    return chain


def _diagnose(exc: BaseException, parsed: URL, path: Path | None) -> DatabaseUnusable | None:
    """One line for a database that cannot be used, or None when ``exc`` is not about the database."""
    chain = _causes(exc)
    where = f"{path}" if path is not None else shown_url(parsed)
    if parsed.get_backend_name() == "sqlite":
        found = _diagnose_sqlite(chain, where)
    else:
        found = _diagnose_postgresql(chain, parsed)
    if found is not None:
        return found
    for error in chain:
        if type(error).__name__ == "CommandError" and "Can't locate revision" in str(error):
            return DatabaseUnusable(
                f"DATABASE_URL ({where}) holds a database a newer Nocturne has migrated ({_first_line(error)})",
                "Run the newer version, or point DATABASE_URL at a database of this one (a backup), and start again",
            )
    if any(isinstance(e, (SQLAlchemyError, sqlite3.Error, OSError)) or _is_asyncpg(e) for e in chain):
        return DatabaseUnusable(
            f"DATABASE_URL ({where}) cannot be used ({_describe(chain[-1])})",
            "Check the database and the URL, and start again (LOG_LEVEL=DEBUG shows the details)",
        )
    return None


def _diagnose_sqlite(chain: list[BaseException], where: str) -> DatabaseUnusable | None:
    for error in chain:
        if not isinstance(error, sqlite3.Error):
            continue
        message = str(error)
        if "not a database" in message or "malformed" in message:
            return DatabaseUnusable(
                f"DATABASE_URL points at {where}, which is not a SQLite database or is damaged ({message})",
                "Restore it from a backup, or move it away so the bot starts with an empty one, and start again",
            )
        if "readonly" in message or "read-only" in message:
            return DatabaseUnusable(
                f"DATABASE_URL points at {where}, which SQLite may only read ({message})",
                "Give this user write access to the file and its folder, or point DATABASE_URL elsewhere, and "
                "start again",
            )
        if "unable to open" in message:
            return DatabaseUnusable(
                f"DATABASE_URL points at {where}, which SQLite cannot open or create ({message})",
                "Check that the path is a file in a folder this user may write, or point DATABASE_URL elsewhere, "
                "and start again",
            )
        if "locked" in message:
            return DatabaseUnusable(
                f"DATABASE_URL points at {where}, which another process keeps locked ({message})",
                "Stop the other process using it (another bot on the same file?), then start again",
                down=True,
            )
    return None


def _diagnose_postgresql(chain: list[BaseException], parsed: URL) -> DatabaseUnusable | None:
    url = shown_url(parsed)
    host = f"{parsed.host or 'localhost'}:{parsed.port or 5432}"
    for error in chain:
        name = type(error).__name__
        if name == "InvalidCatalogNameError":
            database = parsed.database or parsed.username or ""
            return DatabaseUnusable(
                f"DATABASE_URL ({url}): the server at {host} has no database {database!r}",
                f"Create it (createdb {database}, or CREATE DATABASE) or fix its name in DATABASE_URL, and start again",
            )
        if name in ("InvalidPasswordError", "InvalidAuthorizationSpecificationError"):
            return DatabaseUnusable(
                f"DATABASE_URL ({url}): the server at {host} refused the login ({_first_line(error)})",
                "Fix the user name and password in DATABASE_URL (or the server's pg_hba.conf), and start again",
            )
        if name == "InsufficientPrivilegeError":
            return DatabaseUnusable(
                f"DATABASE_URL ({url}): the user may not create or change the bot's tables ({_first_line(error)})",
                "Grant the user rights on the database (e.g. make it the owner), or use another user, and start again",
            )
        if name in ("CannotConnectNowError", "TooManyConnectionsError"):
            return _down(url, host, _first_line(error))
        if name == "ConnectionDoesNotExistError" or (name == "InterfaceError" and "connection" in str(error).lower()):
            return _down(url, host, _first_line(error))
        if isinstance(error, ConnectionError) and "rejected SSL upgrade" in str(error):
            return DatabaseUnusable(
                f"DATABASE_URL ({url}) asks for SSL (sslmode={parsed.query.get('ssl', 'require')}), but the server "
                f"at {host} does not do SSL",
                "Take sslmode out of DATABASE_URL (or write sslmode=prefer), or turn SSL on in the server, and "
                "start again",
            )
        if isinstance(error, socket.gaierror):
            if error.errno in (socket.EAI_AGAIN,):
                return _down(url, host, f"DNS: {error.strerror}")
            return DatabaseUnusable(
                f"DATABASE_URL ({url}): the host {parsed.host!r} is not known (DNS: {error.strerror})",
                "Fix the host name in DATABASE_URL (and check this machine's DNS), and start again",
            )
        if error.__class__.__module__ == "ssl" or name.startswith("SSL"):
            return DatabaseUnusable(
                f"DATABASE_URL ({url}): SSL with the server at {host} failed ({_first_line(error)})",
                "Check the sslmode in DATABASE_URL and the server's certificate, and start again",
            )
        if isinstance(error, TypeError) and "unexpected keyword argument" in str(error):
            option = str(error).rsplit("argument", 1)[-1].strip(" '\"")
            return DatabaseUnusable(
                f"DATABASE_URL ({url}) has an option the PostgreSQL driver (asyncpg) does not take: {option}",
                "Take it out of DATABASE_URL (sslmode is understood; ssl is asyncpg's own spelling), and start again",
            )
        if isinstance(error, (TimeoutError, asyncio.TimeoutError)):
            return _down(url, host, "no answer in time")
        if isinstance(error, OSError) and error.errno in (
            errno.ECONNREFUSED, errno.ECONNRESET, errno.EHOSTUNREACH, errno.ENETUNREACH, errno.ETIMEDOUT,
            errno.ECONNABORTED, errno.ENOENT,  # ENOENT: a Unix socket that is not there (the server is not running)
        ):
            return _down(url, host, os.strerror(error.errno))
    return None


def _down(url: str, host: str, reason: str) -> DatabaseUnusable:
    return DatabaseUnusable(
        f"the PostgreSQL server of DATABASE_URL ({url}) does not answer ({host}: {reason})",
        "Start the server, or fix the host and port in DATABASE_URL, then start the bot again",
        down=True,
    )


def _is_asyncpg(error: BaseException) -> bool:
    return type(error).__module__.startswith("asyncpg")


def _first_line(error: BaseException) -> str:
    text_ = str(error).strip()
    return text_.splitlines()[0] if text_ else type(error).__name__


def _describe(error: BaseException) -> str:
    return f"{type(error).__name__}: {_first_line(error)}" if str(error).strip() else type(error).__name__


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
    "DatabaseUnusable",
    "DMChannel",
    "Deadline",
    "Game",
    "GuildSettings",
    "OutboxRow",
    "Meta",
    "Prepared",
    "Result",
    "Snapshot",
    "StatsPrivacy",
    "check_database",
    "drop_schema",
    "open_database",
    "open_in_new_schema",
    "sqlite_pragmas",
]
