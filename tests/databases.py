"""A test's own SQLite database, its schema up to date: a copy of one migrated once per test process.

Migrating a new database costs about 50 ms of CPU (Alembic loads and runs every script), hundreds of tests open one,
and the schema is the same each time: copying a migrated file costs under a millisecond. The file is still a real
SQLite database opened by the bot's own :class:`bot.db.Database`. The end-to-end tests' bots start on such a copy
too (a bot opening a database at the head revision runs no Alembic); migrating a new file at start is what
``tests/test_cli_bot.py`` and ``tests/test_install.py`` do.
"""

from __future__ import annotations

import atexit
import shutil
import sqlite3
import tempfile
from pathlib import Path

from bot.db import Database, open_database

_template: Path | None = None


def sqlite_url(path: Path) -> str:
    return f"sqlite+aiosqlite:///{path}"


async def migrated_sqlite(path: Path) -> Database:
    """A new database at ``path`` with every migration applied."""
    await copy_migrated(path)
    return Database(sqlite_url(path))


async def copy_migrated(path: Path) -> None:
    """Write a new SQLite file at ``path`` with every migration applied (a copy of this process's template)."""
    global _template
    if _template is None:
        folder = Path(tempfile.mkdtemp(prefix="nocturne-schema-"))
        atexit.register(shutil.rmtree, folder, True)
        template = folder / "migrated.sqlite3"
        db = await open_database(sqlite_url(template))
        await db.close()
        with sqlite3.connect(template) as con:  # everything in the main file: the copy is the whole database
            con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        _template = template
    shutil.copyfile(_template, path)
