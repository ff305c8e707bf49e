"""The outbox as the dispatcher sees it: each game's undelivered rows, read from the table or known in memory, their
render requests worded into parts, and the rows marked sent once delivered.

On SQLite (one process) the rows an action writes are handed over by the commit that wrote them
(:meth:`Outbox.hand`), so a drain does not read them back; the outbox is read after a restart or a write made outside
``Runtime.act``, and on PostgreSQL always (other processes write too). Rows are marked sent through the runtime's
:class:`bot.writer.CommitQueue`, group-committed with the actions rather than competing with them for the write lock.

A render request (``{"do": "present", "seq": n}``, see :mod:`bot.ops`) is worded when its row comes up: the
runtime's presenter turns it into ops (:meth:`bot.runtime.Runtime.presented`), which go out as the row's parts, in
order, each with its own nonce; the row is marked sent with every part's result once the last is delivered.

:class:`Outbox` is one side of :class:`bot.delivery.Dispatcher`; it reads the rows a click's answer claimed
(``_claimed``, :mod:`bot.answers`) and the deletions taken ahead (``_first``, :mod:`bot.rush`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

from sqlalchemy import select

from bot.db import OutboxRow
from bot.ops import PRESENT, Op
from bot.statements import MARK_SENT, RECORD_SLOTS

if TYPE_CHECKING:
    from bot.delivery import DeliveryRuntime, Live


#: Most outbox rows one drain step delivers before marking them sent.
BATCH = 50


class Row(NamedTuple):
    """An undelivered outbox row (its id makes the post's nonce) and its op; or one of the ops a render request
    was worded into, ``part`` of ``parts``."""

    id: int
    op: Op
    part: int | None = None
    parts: int = 1

    @property
    def nonce(self) -> str:
        return f"nc{self.id}" if self.part is None else f"nc{self.id}p{self.part}"


#: What a render request that says nothing is delivered as (one part, so its row is marked like any other).
NOTHING: Op = {"do": "nothing"}


def part_results(results: Iterable[Any]) -> Iterable[dict[str, Any]]:
    """Each delivered op's result: a row's own, or each of a render request's parts'."""
    for result in results:
        if isinstance(result, list):
            yield from part_results(result)
        elif isinstance(result, dict):
            yield from result["parts"] if "parts" in result else (result,)


class Outbox:
    """Each game's undelivered rows, kept in memory where the commit hands them over, and their marks."""

    runtime: DeliveryRuntime
    _claimed: dict[int, tuple[list[int], int]]
    _first: dict[int, dict[int, bool]]

    def __init__(self) -> None:
        #: SQLite (one process, one writer): each game's undelivered rows known in memory (id -> op), valid while
        #: the game is in ``_synced`` - since the last read of its outbox every row it gained was handed over by
        #: the commit that wrote it (:meth:`hand`). A plain :meth:`kick` (rows written some other way) unsyncs it.
        self._known: dict[int, dict[int, Op]] = {}
        self._synced: set[int] = set()
        #: The highest outbox row id of each synced game already known: ids grow in commit order under SQLite's
        #: one write lock, so a handed row at or below it was already read from the table.
        self._seen: dict[int, int] = {}
        #: Render requests worded and not yet delivered: game -> row id -> its ops; and the results of the parts
        #: of a row already delivered (a drain that stopped in the middle of a row goes on from the next part).
        self._worded: dict[int, dict[int, list[Op]]] = {}
        self._parts_done: dict[int, dict[int, list[dict[str, Any]]]] = {}
        super().__init__()

    def hand(self, game_id: int, rows: list[tuple[int, Op]] | None) -> None:
        """Rows ``(id, op)`` just committed for ``game_id`` (called by the writer at the commit, synchronously):
        kept in memory when the game's outbox is known, so its drain does not read them back. The caller still
        kicks the game once it has updated its cached state. ``None``: rows were written but cannot be handed
        over; the next drain reads the outbox."""
        if rows is None:
            self._synced.discard(game_id)
            return
        if game_id not in self._synced or not rows:
            return  # the next drain reads the outbox, these rows included
        known = self._known.setdefault(game_id, {})
        seen = self._seen.get(game_id, 0)
        for row_id, op in rows:
            if row_id > seen:
                known[row_id] = op
        self._seen[game_id] = max(seen, rows[-1][0])

    async def _pending_rows(self, game_id: int) -> list[Row]:
        """The game's next undelivered rows, oldest first: from memory when its outbox is known (SQLite), else read
        from the outbox (after a restart, after a write that was not handed over, always on PostgreSQL)."""
        if game_id in self._claimed:
            # a click's answer is rewriting a message: what comes after waits for it (:meth:`rewritten`), and the
            # rows it delivers, unsent in the table until it marks them, are not read back and delivered twice
            return []
        if game_id in self._synced:
            known = self._known.get(game_id, {})
            return [Row(row_id, known[row_id]) for row_id in sorted(known)[:BATCH]]
        sqlite = self.runtime.db.is_sqlite
        if sqlite:  # from now on, rows committed for this game are handed over (a kick meanwhile unsyncs it)
            self._synced.add(game_id)
            self._known[game_id] = {}
        async with self.runtime.db.engine.connect() as conn:
            found = (
                await conn.execute(
                    select(OutboxRow.id, OutboxRow.op)
                    .where(OutboxRow.game_id == game_id, OutboxRow.sent.is_(False))
                    .order_by(OutboxRow.id)
                    .limit(BATCH)
                )
            ).all()
        rows = [Row(row_id, op) for row_id, op in found]
        if sqlite:
            if len(rows) == BATCH:
                self._synced.discard(game_id)  # more wait in the table: read again after these
            elif game_id in self._synced:
                known = self._known.setdefault(game_id, {})
                known.update((row.id, row.op) for row in rows)
                if rows:
                    self._seen[game_id] = max(self._seen.get(game_id, 0), rows[-1].id)
                return [Row(row_id, known[row_id]) for row_id in sorted(known)[:BATCH]]
        return rows

    def _forget_rows(self, game_id: int, row_ids: list[int]) -> None:
        for kept in (self._known.get(game_id), self._worded.get(game_id), self._parts_done.get(game_id)):
            if kept is not None:
                for row_id in row_ids:
                    kept.pop(row_id, None)
        for kept_by_game in (self._worded, self._parts_done):
            if not kept_by_game.get(game_id, True):
                del kept_by_game[game_id]
        taken = self._first.get(game_id)
        if taken:
            for row_id in row_ids:
                if row_id in taken:
                    taken[row_id] = True

    async def _parts(self, live: Live, rows: list[Row]) -> list[Row]:
        """``rows`` with each render request replaced by the ops it is worded into (worded once, kept until the
        row is marked sent), less the parts already delivered."""
        worded = self._worded.get(live.id, {})
        requests = [row for row in rows if row.op.get("do") == PRESENT and row.id not in worded]
        if requests:
            presented = await self.runtime.presented(live, [row.op for row in requests])
            # looked up after the wording: rows marked meanwhile (a rush's) may have taken the game's map away
            worded = self._worded.setdefault(live.id, {})
            for row, ops in zip(requests, presented):
                worded[row.id] = ops or [NOTHING]
        return self._split(live.id, rows)

    def _split(self, game_id: int, rows: list[Row]) -> list[Row]:
        worded = self._worded.get(game_id, {})
        done = self._parts_done.get(game_id, {})
        parts: list[Row] = []
        for row in rows:
            if row.op.get("do") != PRESENT:
                parts.append(row)
                continue
            ops = worded[row.id]
            start = len(done.get(row.id, ()))
            parts += [Row(row.id, op, index, len(ops)) for index, op in enumerate(ops) if index >= start]
        return parts

    def _part_delivered(self, game_id: int, row: Row, result: dict[str, Any]) -> tuple[int, dict[str, Any]] | None:
        """The row and its result once it is wholly delivered (a render request: its last part), else ``None``."""
        if row.part is None:
            return row.id, result
        results = self._parts_done.setdefault(game_id, {}).setdefault(row.id, [])
        results.append(result)
        if len(results) < row.parts:
            return None
        del self._parts_done[game_id][row.id]
        return row.id, {"parts": results}

    async def _ops_after(self, live: Live, row_id: int) -> list[Op]:
        game_id = live.id
        if game_id in self._synced:
            known = self._known.get(game_id, {})
            rows = [Row(i, known[i]) for i in sorted(known) if i > row_id]
        else:
            async with self.runtime.db.sessions() as session:
                found = await session.execute(
                    select(OutboxRow.id, OutboxRow.op)
                    .where(OutboxRow.game_id == game_id, OutboxRow.id > row_id, OutboxRow.sent.is_(False))
                    .order_by(OutboxRow.id)
                )
                rows = [Row(i, op) for i, op in found]
        return [row.op for row in await self._parts(live, rows)]

    async def _pending(self, game_id: int) -> bool:
        rushed = [row_id for row_id, marked in self._first.get(game_id, {}).items() if not marked]  # a rush marks them
        query = select(OutboxRow.id).where(OutboxRow.game_id == game_id, OutboxRow.sent.is_(False))
        async with self.runtime.db.sessions() as session:
            found = await session.scalar((query.where(OutboxRow.id.not_in(rushed)) if rushed else query).limit(1))
        return found is not None

    async def _mark_sent(self, live: Live, delivered: list[tuple[int, dict[str, Any]]], slots: bool = True) -> None:
        """Mark a run of delivered rows sent, with the slots they made (unless not ``slots``: a rush makes none, and
        its copy of them may be older than the drain's), in one transaction.

        Should the process die before this, the rows are sent again after the restart: posts carry their row's
        nonce (Discord returns the message it already made), edits are idempotent.
        """
        if not delivered:
            return
        answered = {r["edited"] for r in part_results(r for _, r in delivered) if r.get("by") == "answer" and "edited" in r}
        if answered:  # a click's answer rewrote these messages: what their slots say they show is no longer known
            live.row.slots = {
                name: {k: v for k, v in slot.items() if k != "shown"}
                if isinstance(slot, dict) and slot.get("message") in answered
                else slot
                for name, slot in live.row.slots.items()
            }
        statements = [  # bot.db's prepared statements, compiled once
            (MARK_SENT, [{"row_id": rid, "outcome": result} for rid, result in delivered]),
            (RECORD_SLOTS, {"b_id": live.id, "b_slots": dict(live.row.slots), "b_thread": live.row.thread_id}),
        ][: 2 if slots else 1]
        # the actions' own writer: one connection, group-committed with them, no lock fight
        await self.runtime.writer.commit(statements)
        self._forget_rows(live.id, [rid for rid, _ in delivered])
