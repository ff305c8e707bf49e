"""The group-commit writer on SQLite, in process (issue 16): one stdlib connection on the loop's thread, prepared
statements, the write lock shared with the async engine's connections, checkpoints off the loop."""

from __future__ import annotations

import asyncio
import sqlite3
import threading

import pytest
from sqlalchemy import insert, select, update

from bot import statements as statements_module
from bot import writer as writer_module
from bot.db import ActionRow, Game, OutboxRow
from bot.statements import ADVANCE_GAME, INSERT_ACTION, INSERT_OUTBOX_IDS, Prepared
from bot.writer import CommitQueue, Conflict
from tests.databases import migrated_sqlite


@pytest.fixture
async def db(tmp_path):
    database = await migrated_sqlite(tmp_path / 'w.sqlite3')
    async with database.engine.begin() as conn:
        await conn.execute(
            insert(Game),
            [
                {"id": gid, "engine": "night_watch", "status": "running", "guild_id": 1, "guild_name": "g", "channel_id": 2,
                 "host_id": 3, "language": "en", "seed": "s", "options": {}, "seats": [], "names": {}, "slots": {},
                 "seq": 0, "paused": False, "created_at": 0.0}
                for gid in (1, 2, 3)
            ],
        )
    yield database
    await database.close()


def action(gid: int, before: int) -> tuple[list, tuple]:
    """The writes of one action of game ``gid`` at step ``before`` (its row and an outbox row, guarded)."""
    statements = [
        (INSERT_ACTION, {"game_id": gid, "seq": before + 1, "action": {"kind": "vote", "args": {"ok": True}}, "at": 1.5}),
        (INSERT_OUTBOX_IDS, [{"game_id": gid, "seq": before + 1, "op": {"do": "post", "content": "é"}}]),
    ]
    return statements, (ADVANCE_GAME, {"b_id": gid, "b_before": before, "b_seq": before + 1})


def stored(path: str, sql: str) -> list[tuple]:
    """What another process reading the file sees (a connection of its own)."""
    conn = sqlite3.connect(path)
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


async def test_a_commit_is_on_disk_when_it_returns_with_the_ids_it_wrote(db):
    queue = CommitQueue(db.engine)
    assert queue.in_process
    handed = []
    statements, guard = action(1, 0)
    await queue.commit(statements, guard, handed.append)
    path = db.engine.url.database
    assert stored(path, "SELECT game_id, seq, action FROM actions") == [(1, 1, '{"kind": "vote", "args": {"ok": true}}')]
    assert stored(path, "SELECT seq FROM games WHERE id = 1") == [(1,)]
    ((row_id, op, sent),) = stored(path, "SELECT id, op, sent FROM outbox")
    assert handed == [[[(row_id,)]]] and sent == 0 and op == '{"do": "post", "content": "\\u00e9"}'
    with pytest.raises(Conflict):  # the same step again: the guard finds the game moved on, nothing is written
        await queue.commit(*action(1, 0))
    assert stored(path, "SELECT count(*) FROM actions") == [(1,)]
    await queue.close()


async def test_the_in_process_path_stores_exactly_what_sqlalchemy_stores(db):
    """Prepared statements on the driver and the same statements through SQLAlchemy's async engine leave the
    same bytes (JSON text, booleans as integers, floats)."""
    fast, slow = CommitQueue(db.engine), CommitQueue(db.engine, in_process=False)
    await fast.commit(*action(1, 0))
    await slow.commit(*action(2, 0))
    path = db.engine.url.database
    rows = stored(path, "SELECT game_id, seq, action, at FROM actions ORDER BY game_id")
    assert [r[1:] for r in rows if r[0] == 1] == [r[1:] for r in rows if r[0] == 2]
    ops = stored(path, "SELECT game_id, seq, op, sent, result FROM outbox ORDER BY game_id")
    assert ops[0][1:] == ops[1][1:]
    await fast.close()
    await slow.close()


async def test_every_prepared_statement_is_compiled_when_the_writer_connects_not_by_the_first_click(db, monkeypatch):
    """Issue 27: SQLAlchemy's compiler made each prepared statement's SQL at its first use, on the loop: about 1 ms
    of the process's first action (its five statements) and of a game's last (its results), the slowest two clicks
    of a game over HTTP (bench/RESULTS.md 2d). The writer compiles them all when it connects, in its thread; the
    list holds every prepared statement :mod:`bot.statements` defines for SQLite."""
    defined = [v for v in vars(statements_module).values() if isinstance(v, Prepared)] + [statements_module.SAVE_DM_CHANNEL["sqlite"]]
    assert set(defined) == set(statements_module.SQLITE_STATEMENTS)
    compiled_in = []
    compile_sql = Prepared.sqlite
    for statement in statements_module.SQLITE_STATEMENTS:  # as in a fresh process: nothing compiled yet
        monkeypatch.setattr(statement, "_compiled", None)

    def recorded(self, dialect):
        compiled_in.append(threading.current_thread() is threading.main_thread())
        return compile_sql(self, dialect)

    monkeypatch.setattr(Prepared, "sqlite", recorded)
    queue = CommitQueue(db.engine)
    await queue.open()
    assert compiled_in == [False] * len(statements_module.SQLITE_STATEMENTS)  # each once, none on the loop's thread
    await queue.commit(*action(1, 0))
    assert len(compiled_in) == len(statements_module.SQLITE_STATEMENTS)  # the first action compiled nothing
    await queue.close()


async def test_a_write_waits_on_the_loop_while_an_async_session_holds_the_lock_then_commits(db):
    """The async session needs the loop to finish its transaction: the writer must not wait inside SQLite on the
    loop's thread (a deadlock until the busy timeout) but queue the unit and try again, and the units of a batch
    that meet a conflict fail alone."""
    queue = CommitQueue(db.engine)
    await queue.commit(*action(3, 0))  # the connection is open
    async with db.engine.begin() as conn:
        await conn.execute(update(Game).where(Game.id == 3).values(guild_name="renamed"))  # holds the write lock
        first = asyncio.ensure_future(queue.commit(*action(1, 0)))
        while not queue._backlog:  # it found the lock taken and queued itself
            await asyncio.sleep(0)
        second = asyncio.ensure_future(queue.commit(*action(2, 0)))
        stale = asyncio.ensure_future(queue.commit(*action(3, 0)))  # game 3 is at step 1 already
        for _ in range(5):
            await asyncio.sleep(0)
        assert not first.done() and not second.done()
        assert (await conn.execute(select(ActionRow.game_id).where(ActionRow.game_id != 3))).all() == []
    await first
    await second
    with pytest.raises(Conflict):
        await stale
    async with db.sessions() as session:
        assert sorted((await session.execute(select(ActionRow.game_id, ActionRow.seq))).all()) == [(1, 1), (2, 1), (3, 1)]
        assert (await session.scalar(select(Game.guild_name).where(Game.id == 3))) == "renamed"
        assert len((await session.scalars(select(OutboxRow.id))).all()) == 3
    await queue.close()


async def test_checkpoints_run_in_a_worker_thread_and_not_in_a_commit(db, monkeypatch):
    monkeypatch.setattr(writer_module, "CHECKPOINT_EVERY", 1)
    queue = CommitQueue(db.engine)
    await queue.commit(*action(1, 0))
    direct = queue._direct
    assert stored(db.engine.url.database, "PRAGMA wal_autocheckpoint") == [(1000,)]  # others keep SQLite's own
    assert direct.raw.execute("PRAGMA wal_autocheckpoint").fetchall() == [(0,)]
    assert direct._checkpoint is not None
    await direct._checkpoint
    assert direct.checkpoints == 1
    await queue.commit(*action(1, 1))
    await queue.close()


# -- issue 27: a thinner write path --------------------------------------------------------------------------


def test_each_statements_values_are_made_as_its_columns_convert_them():
    """The parameter maker made once per prepared statement gives, for any row, what SQLAlchemy's own converters
    give placeholder by placeholder (JSON text, booleans as integers, a value written into the statement)."""
    from sqlalchemy.dialects import sqlite as sqlite_dialect

    from bot import statements as db_module

    dialect = sqlite_dialect.pysqlite.dialect()
    samples = {
        "game_id": 7, "seq": 3, "action": {"player": "1", "args": {"é": [1, None]}}, "at": 1.25, "op": {"do": "post"},
        "sent": False, "prompt_id": "vote#2", "due_at": 9.5, "remaining": None, "state": {"s": [1]}, "user_id": 4,
        "engine": "night_watch", "won": True, "draw": False, "finished_at": 2.0, "guild_id": 5, "role": "watch",
        "b_id": 7, "b_before": 2, "b_seq": 3, "b_game": 7, "b_prompt": "vote#1", "b_status": "finished",
        "b_finished_at": 3.0, "b_outcome": {"winners": ["1"]}, "row_id": 11, "outcome": {"message": 12},
        "b_slots": {"lobby": {"message": 1}}, "b_thread": 13,
    }
    prepared = [value for value in vars(db_module).values() if isinstance(value, db_module.Prepared)]
    assert len(prepared) >= 10
    for statement in prepared:
        _, order = statement.sqlite(dialect)
        expected = tuple(proc(samples.get(n, c)) if proc else samples.get(n, c) for n, c, proc in order)
        assert writer_module._values_maker(order)(samples) == expected, statement


async def test_a_unit_committed_at_once_makes_no_future_and_one_that_waits_is_told(db):
    """On SQLite the usual unit commits within the call, without a future; one queued behind a held write lock
    gets one and is answered through it."""
    queue = CommitQueue(db.engine)
    made = []
    unit_init = writer_module.Unit.__init__

    def tracking(self, *args, **kwargs):
        unit_init(self, *args, **kwargs)
        made.append(self)

    writer_module.Unit.__init__ = tracking
    try:
        await queue.commit(*action(1, 0))
        assert made[-1].done is None
        holder = sqlite3.connect(queue._direct.path, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")  # another connection holds the write lock
        waiting = asyncio.ensure_future(queue.commit(*action(1, 1)))
        await asyncio.sleep(0)  # the commit runs until it waits in the queue
        assert made[-1].done is not None and not waiting.done()
        holder.execute("COMMIT")
        holder.close()
        await waiting
    finally:
        writer_module.Unit.__init__ = unit_init
    async with db.sessions() as session:
        assert (await session.get(Game, 1)).seq == 2
    await queue.close()


async def test_a_read_now_sees_every_commit_at_once_and_says_none_where_it_cannot_read(db):
    """A refused click asks whether another process moved the game on (issue 27): on a SQLite file that read runs on
    the writer's own connection, at once, and sees commits made by others too; without that connection (before the
    first commit, or not in process) it answers ``None`` and the caller reads through a session as before."""
    queue = CommitQueue(db.engine)
    assert queue.read_now("SELECT seq FROM games WHERE id = ?", (1,)) is None  # not connected yet
    await queue.commit(*action(1, 0))
    assert queue.read_now("SELECT seq, status FROM games WHERE id = ?", (1,)) == [(1, "running")]
    other = sqlite3.connect(db.engine.url.database)  # another process moves game 2 on
    with other:
        other.execute("UPDATE games SET seq = 7 WHERE id = 2")
    other.close()
    assert queue.read_now("SELECT seq FROM games WHERE id = ?", (2,)) == [(7,)]
    assert queue.read_now("SELECT seq FROM games WHERE id = ?", (99,)) == []
    assert queue.read_now("SELECT nothing FROM nowhere", ()) is None  # a failed read: the caller reads as usual
    slow = CommitQueue(db.engine, in_process=False)
    await slow.commit(*action(3, 0))
    assert slow.read_now("SELECT seq FROM games WHERE id = ?", (3,)) is None
    await queue.close()
    await slow.close()


def test_json_values_are_written_as_sqlalchemy_writes_them():
    """A JSON column's value goes to the driver as SQLAlchemy's own JSON type would write it (``json.dumps``:
    ASCII escapes, its separators, NaN allowed), through the one C encoder made for it (bot.statements.json_text)."""
    import json
    import math

    from sqlalchemy.dialects import sqlite as sqlite_dialect

    from bot.statements import INSERT_OUTBOX_IDS, json_text

    dialect = sqlite_dialect.pysqlite.dialect()
    own = OutboxRow.__table__.c.op.type.dialect_impl(dialect).bind_processor(dialect)
    _, order = INSERT_OUTBOX_IDS.sqlite(dialect)
    ours = dict((name, proc) for name, _, proc in order)["op"]
    samples = [
        {"do": "post", "content": 'é "quoted"\n\t✓ 🌙', "seq": 3, "deadlines": {"vote#2": 1_700_000_000.125}},
        [1, 2.5, -0.0, 1e300, None, True, False, [], {}],
        "text",
        None,
        {"nan": math.nan, "inf": math.inf},
        {1: "an int key"},
    ]
    for value in samples:
        assert ours(value) == own(value) == json.dumps(value) == json_text(value)
    with pytest.raises(TypeError):
        json_text({"set": {1}})  # what json.dumps refuses, refused the same way
