"""Deletions first: a message the rules delete (a foul clue; the Dreamer's typed guess, which KS-19 deletes at once)
is deleted by a rush of its outbox row, ahead of the posts its game's drain waits to make at Discord's pace (5 in
5 s a channel) and of the calls waiting in the bot-wide pace (:class:`bot.pacing.Paced`).

The row is still written in its action's transaction and marked sent once deleted; the drain and a rush each pass by
the rows the other took. :class:`Rush` is one side of :class:`bot.delivery.Dispatcher`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from sqlalchemy import select

from bot.db import OutboxRow
from bot.outbox import Row
from bot.transport import DeliveryError

if TYPE_CHECKING:
    from bot.delivery import DeliveryRuntime

log = logging.getLogger("bot.delivery")  # the dispatcher's one log, whichever side writes

#: Ops that go ahead of everything else the bot has to send (:meth:`Rush.rush`): the deletion of a message the
#: rules delete (a foul clue; the Dreamer's guess, which KS-19 deletes at once) waits for no post before it.
FIRST = frozenset({"delete_message"})


def first_ahead(rows: list[Row]) -> list[Row]:
    """``rows`` with those of :data:`FIRST` ahead of the others (each in its order): a deletion waits for no post."""
    first = [row for row in rows if row.op.get("do") in FIRST]
    return first + [row for row in rows if row.op.get("do") not in FIRST] if first else rows


class Rush:
    """The rows of :data:`FIRST`, delivered by a rush or by the game's drain, whichever takes them first."""

    runtime: DeliveryRuntime
    _synced: set[int]
    _known: dict[int, dict[int, Any]]

    def __init__(self) -> None:
        #: Rows of :data:`FIRST` taken for delivery, by game: row id -> marked sent yet. The game's drain or
        #: :meth:`rush`, whichever takes a row first, delivers it; the other passes it by.
        self._first: dict[int, dict[int, bool]] = {}
        self._rushes: set[asyncio.Task[None]] = set()
        super().__init__()

    def rush(self, game_id: int) -> None:
        """Deliver the game's undelivered rows of :data:`FIRST` now, ahead of the rows before them and of other
        games' calls: a message the rules delete (the Dreamer's typed guess, which KS-19 deletes at once) is not
        left readable while the game's drain waits for Discord's pace (5 posts in 5 s a channel) to post what
        came before it. Called after the commit that wrote them, whose kick wakes the drain for the rest.

        The rows stay in the outbox, written with their action, until they are marked sent: a crash before that
        deletes again after the restart (a message already gone is done). The drain passes by the rows a rush
        took, and a rush those the drain took (:attr:`_first`). A deletion Discord refuses is left to the drain,
        which tries again in order or gives up as it does with any row."""
        task = asyncio.get_running_loop().create_task(self._rush(game_id))
        self._rushes.add(task)
        task.add_done_callback(self._rushes.discard)

    async def _rush(self, game_id: int) -> None:
        taken: list[int] = []
        try:
            live = self.runtime.games.get(game_id)
            if live is None:
                return  # not in memory: its drain reads the outbox, deletions first
            rows = [row for row in await self._first_rows(game_id) if self._take(game_id, row.id)]
            taken = [row.id for row in rows]
            delivered = []
            for row in rows:
                try:
                    delivered.append((row.id, await self.execute(live, row.op, nonce=None)))
                except DeliveryError as exc:
                    log.info("game %s: deleting first failed (%s); left to the drain", game_id, exc.kind)
            await self._mark_sent(live, delivered, slots=False)
        except Exception:  # the database failed the mark: the drain deletes again (a message already gone is done)
            log.exception("game %s: deletions first failed; left to the drain", game_id)
        finally:
            if self._give_back(game_id, taken):
                self.kick(game_id, handed=True)  # its outbox in memory still holds them, if it did
            elif not self.busy(game_id):
                self.runtime.drained(game_id)  # a game that is over and waited for this leaves memory

    async def _first_rows(self, game_id: int) -> list[Row]:
        """The game's undelivered rows of :data:`FIRST`, oldest first: from memory when its outbox is known (SQLite),
        else read from the outbox."""
        if game_id in self._synced:
            known = self._known.get(game_id, {})
            return [Row(row_id, known[row_id]) for row_id in sorted(known) if known[row_id].get("do") in FIRST]
        async with self.runtime.db.engine.connect() as conn:
            found = await conn.execute(
                select(OutboxRow.id, OutboxRow.op)
                .where(OutboxRow.game_id == game_id, OutboxRow.sent.is_(False))
                .where(OutboxRow.op["do"].as_string().in_(sorted(FIRST)))
                .order_by(OutboxRow.id)
            )
            return [Row(row_id, op) for row_id, op in found]

    def _take(self, game_id: int, row_id: int) -> bool:
        """Take a row of :data:`FIRST` to deliver it: ``False`` when the drain or a rush has it already."""
        taken = self._first.setdefault(game_id, {})
        if row_id in taken:
            return False
        taken[row_id] = False
        return True

    def _give_back(self, game_id: int, row_ids: Iterable[int]) -> bool:
        """Rows taken and not marked sent (their delivery failed): the game's drain delivers them. Were there any?"""
        taken = self._first.get(game_id, {})
        back = [row_id for row_id in row_ids if taken.get(row_id) is False]
        for row_id in back:
            del taken[row_id]
        if not taken:
            self._first.pop(game_id, None)
        return bool(back)

    def _prune_first(self, game_id: int) -> None:
        """Forget the rows of :data:`FIRST` marked sent, before the drain reads its next rows (which cannot hold
        them any more); not while a rush may still hold a read from before their mark."""
        taken = self._first.get(game_id)
        if taken and not self._rushes:
            self._first[game_id] = {row_id: marked for row_id, marked in taken.items() if not marked}
            if not self._first[game_id]:
                del self._first[game_id]
