"""A test's own SQLite database, its schema up to date: a copy of one migrated once per test process.

Migrating a new database costs about 50 ms of CPU (Alembic loads and runs every script), hundreds of tests open one,
and the schema is the same each time: copying a migrated file costs under a millisecond. The file is still a real
SQLite database opened by the bot's own :class:`bot.db.Database`. The end-to-end tests' bots start on such a copy
too (a bot opening a database at the head revision runs no Alembic); migrating a new file at start is what
``tests/test_cli_bot.py`` and ``tests/test_install.py`` do.
"""

from __future__ import annotations

import asyncio
import atexit
import shutil
import sqlite3
import tempfile
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bot.db import Database, open_database

_template: Path | None = None
_making = threading.Lock()


def sqlite_url(path: Path) -> str:
    return f"sqlite+aiosqlite:///{path}"


async def migrated_sqlite(path: Path) -> Database:
    """A new database at ``path`` with every migration applied."""
    await copy_migrated(path)
    return Database(sqlite_url(path))


async def copy_migrated(path: Path) -> None:
    """Write a new SQLite file at ``path`` with every migration applied (a copy of this process's template)."""
    shutil.copyfile(_migrated_template(), path)


def _migrated_template() -> Path:
    """This process's migrated file, made by the first caller. Callers may come at once (a fixture starting two bots
    with ``asyncio.gather``), so the template is made under a lock, on an event loop of its own in a thread: the
    caller's loop waits that once (about a tenth of a second), and nobody sees a half-migrated file."""
    global _template
    with _making:
        if _template is None:
            folder = Path(tempfile.mkdtemp(prefix="nocturne-schema-"))
            atexit.register(shutil.rmtree, folder, True)
            template = folder / "migrated.sqlite3"
            with ThreadPoolExecutor(1) as thread:
                thread.submit(asyncio.run, _migrate(template)).result()
            with sqlite3.connect(template) as con:  # everything in the main file: the copy is the whole database
                con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            _template = template
    return _template


async def _migrate(path: Path) -> None:
    db = await open_database(sqlite_url(path))
    await db.close()
