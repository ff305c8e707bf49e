"""Checking ``DATABASE_URL`` at start: open the database and migrate it, or say in one line what is wrong and what
to do (:class:`DatabaseUnusable`: a missing folder, a read-only file, a server down, a wrong password ...)."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import os
import socket
import sqlite3
from pathlib import Path

from sqlalchemy import text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import SQLAlchemyError

from bot.db import Database

#: Seconds the database server has to answer at start before it counts as down (asyncpg alone waits 60).
CONNECT_TIMEOUT = 15.0

log = logging.getLogger("bot.db")


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
