"""The prepared statements: everything an action writes, and the dispatcher's marks after a delivery, as Core
statements whose SQL is compiled once (:class:`Prepared`; run by :mod:`bot.writer`) over the tables of
:mod:`bot.db`."""

from __future__ import annotations

import json
from json.encoder import c_make_encoder, encode_basestring_ascii
from typing import Any

from sqlalchemy import JSON, bindparam, delete, false, insert, true, update
from sqlalchemy.dialects import postgresql as postgresql_dialect
from sqlalchemy.dialects import sqlite as sqlite_dialect

from bot.db import ActionRow, Deadline, DMChannel, Game, OutboxRow, Result, Snapshot


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
                order.append((name, bind.value, _bind_processor(bind.type, dialect)))
            self._compiled = (compiled.string, tuple(order))
        return self._compiled

    def __str__(self) -> str:
        return str(self.core)


def _bind_processor(type_: Any, dialect: Any) -> Any:
    """The converter of a parameter of type ``type_``: the type's own, but for JSON, :func:`json_text` (what
    SQLAlchemy's JSON type writes, without its layers: every action writes two or three such values)."""
    impl = type_.dialect_impl(dialect)
    text = getattr(impl, "_str_impl", None)  # SQLAlchemy's own: where a version has none, its processor is kept
    if (
        isinstance(type_, JSON)
        and not type_.none_as_null  # None is written as JSON's null, as json.dumps writes it
        and getattr(dialect, "_json_serializer", None) is None  # the engine was given no serializer of its own
        and text is not None
        and text.bind_processor(dialect) is None  # and the text goes to the driver as it is
    ):
        return json_text
    return impl.bind_processor(dialect)


def _json_chunks() -> Any:
    """The C encoder behind ``json.dumps(value)`` (its separators, ASCII only, NaN allowed), made once instead of at
    every call; it does not look for cycles, which a value read from JSON or built by the runtime never has."""
    if c_make_encoder is None:  # a Python without the json module's C part
        return None
    return c_make_encoder(None, json.JSONEncoder().default, encode_basestring_ascii, None, ": ", ", ", False, False, True)


_chunks = _json_chunks()


def _json_text(value: Any) -> str:
    return "".join(_chunks(value, 0))


#: ``json.dumps(value)``, the same text, in one call to C.
json_text = _json_text if _chunks is not None else json.dumps


#: What every action writes (bot.play.Play._commit), compiled once.
_OUTBOX_KEYS = ("game_id", "seq", "op")
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
#: A row is written unsent: the flag is a literal of the SQL, so no row pays the boolean type's converter (two
#: calls in Python), nor does a mark below.
INSERT_OUTBOX = Prepared(insert(OutboxRow).values(sent=false()), _OUTBOX_KEYS)
INSERT_OUTBOX_IDS = Prepared(insert(OutboxRow).values(sent=false()), _OUTBOX_KEYS, returns_id=True)
#: What the dispatcher (bot.delivery) writes after a delivery: rows sent, with what Discord answered (executemany),
#: and the messages and thread the game has made.
MARK_SENT = Prepared(update(OutboxRow).where(OutboxRow.id == bindparam("row_id")).values(sent=true(), result=bindparam("outcome")))
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

#: Every prepared statement the SQLite writer runs: each is compiled when the writer connects, in its thread
#: (:meth:`bot.writer._SQLiteWriter._connect`), not by the process's first action, first delivery or a game's last
#: action (SQLAlchemy's compiler: the first action took 1.1-1.25 ms, the next 0.1-0.2 ms).
SQLITE_STATEMENTS = (
    INSERT_ACTION,
    ADVANCE_GAME,
    FINISH_GAME,
    INSERT_RESULTS,
    DELETE_SNAPSHOT,
    INSERT_SNAPSHOT,
    DELETE_DEADLINE,
    INSERT_DEADLINES,
    INSERT_OUTBOX,
    INSERT_OUTBOX_IDS,
    MARK_SENT,
    RECORD_SLOTS,
    RECORD_THREAD,
    SAVE_DM_CHANNEL["sqlite"],
    FORGET_DM_CHANNEL,
)
