"""A click's own answer and the deliveries it carries: the rewrite of the public message clicked on, sent as the
interaction's response (:meth:`Answers.take_rewrites`); the ``answer`` op that holds what the answer showed the
player of their own, delivered only when the answer did not go out; and a DM prompt its player is done with
(:meth:`Answers.controls_gone`).

:class:`Answers` is one side of :class:`bot.delivery.Dispatcher`.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from bot.ops import ANSWER, PRESENT, Op
from bot.outbox import NOTHING, Row
from bot.payloads import rewrite
from bot.statements import MARK_SENT
from bot.transport import DeliveryError, Transport

if TYPE_CHECKING:
    from bot.delivery import DeliveryRuntime, Live

log = logging.getLogger("bot.delivery")  # the dispatcher's one log, whichever side writes

#: Longest wait, in seconds, of a drain for a click's own answer to go out (:meth:`Answers.answering`): Discord
#: refuses an answer after 3 s anyway, and the cog always says how its answer went.
ANSWER_WAIT = 10.0


class _Pending:
    """A click's answer on its way (:meth:`Answers.answering`): whether it went out, and the messages the
    dispatcher edited meanwhile (such an edit may have reached Discord after the answer)."""

    __slots__ = ("shown", "touched")

    def __init__(self) -> None:
        self.shown: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self.touched: set[int] = set()


class Answers:
    """Clicks' answers on their way, and the outbox rows they deliver or wait for."""

    runtime: DeliveryRuntime
    transport: Transport
    _synced: set[int]
    _known: dict[int, dict[int, Op]]
    _worded: dict[int, dict[int, list[Op]]]
    _in_flight: set[int]

    def __init__(self) -> None:
        #: Rows a click's own answer is delivering (:meth:`take_rewrites`) and the message they rewrite, by game: the
        #: game's drain waits for that answer.
        self._claimed: dict[int, tuple[list[int], int]] = {}
        #: Clicks' answers on their way whose content is also an ``answer`` op in the outbox, by game and token: set
        #: to whether the answer went out (:meth:`answering`, :meth:`answered`); the op then makes no call.
        self._answers: dict[int, dict[str, _Pending]] = {}
        #: Each game's turn to rewrite its messages (:meth:`_turn`).
        self._turns: dict[int, asyncio.Lock] = {}
        #: Answers' rows being marked sent as their answers went out (:meth:`_mark_shown_post`).
        self._marking: set[asyncio.Task[None]] = set()
        super().__init__()

    def _turn(self, game_id: int) -> asyncio.Lock:
        """The game's turn to rewrite its messages, held by its drain while it reads, words and delivers rows, and by
        a timer's warning on its way (:meth:`bot.executors.Executors.send_now`): one at a time, so an older rewrite
        never lands after a newer one; and a click's answer rewrites nothing while either holds it or waits."""
        turn = self._turns.get(game_id)
        if turn is None:
            turn = self._turns[game_id] = asyncio.Lock()
        return turn

    def take_rewrites(self, game_id: int, message_id: int) -> tuple[list[int], dict[str, Any]] | None:
        """The rewrites of message ``message_id`` that a click on it just caused, for the click's own answer: an
        interaction response of type 7 updates the message clicked on, one call where an answer and an edit
        were two. Taken only when they are everything the game has undelivered (known in memory: SQLite) and plain
        rewrites of that one message (edits, or posts to its slot; no board to draw, no message to forget), so
        nothing goes out of order; and not while the game's drain is delivering (an edit of the same message on its
        way to Discord could land after the answer). A click's ``answer`` op (:meth:`answering`) is no rewrite and
        is not taken: it is the player's own, answered apart.
        Returns their row ids and the payload of the newest, or ``None``: deliver as usual.

        The rows stay unsent in the outbox until :meth:`rewritten` marks them, and the game's drain waits until
        then: a crash meanwhile sends the edit (idempotent) again after the restart."""
        if game_id not in self._synced or game_id in self._claimed or game_id in self._in_flight:
            return None
        turn = self._turns.get(game_id)
        if turn is not None and turn.locked():  # a warning's edit on its way: the answer could land before it
            return None
        live = self.runtime.games.get(game_id)
        known = self._known.get(game_id)
        if live is None or not known:
            return None
        rows = [Row(row_id, known[row_id]) for row_id in sorted(known) if known[row_id].get("do") != ANSWER]
        if not rows:
            return None
        worded = self._worded.setdefault(game_id, {})
        for row in rows:  # worded here if need be: only from the steps in memory (no database read on a click)
            if row.op.get("do") == PRESENT and row.id not in worded:
                if not self.runtime.rewritable(live, row.op):
                    return None  # answered first; the step is worded after, by the drain
                ops = self.runtime.presented_now(live, row.op)
                if ops is None:
                    return None
                worded[row.id] = ops or [NOTHING]
        ops = [row.op for row in self._split(game_id, rows)]
        slot = live.row.slots.get(ops[-1].get("slot"))
        if slot is None or slot.get("message") != message_id:
            return None
        for op in ops:
            # a post to a slot that has its message is a rewrite of it too (:meth:`_post`)
            if op.get("do") not in ("edit", "post") or op.get("slot") != ops[-1].get("slot") or {"render", "attach", "forget"} & set(op):
                return None
        payload = rewrite(slot, ops[-1])
        row_ids = [row.id for row in rows]
        self._claimed[game_id] = (row_ids, message_id)
        return row_ids, payload

    async def rewritten(self, game_id: int, row_ids: list[int], answered: bool) -> None:
        """The click's answer carrying rows :meth:`take_rewrites` gave went out (``answered``; they are marked
        sent) or failed (they are delivered as usual); either way the game's drain goes on."""
        claimed = self._claimed.get(game_id)
        if claimed is None or claimed[0] != row_ids:
            return
        live = self.runtime.games.get(game_id)  # still there: a game with claimed rows is busy, never evicted
        try:
            if answered and live is not None:
                await self._mark_sent(live, [(row_id, {"edited": claimed[1], "by": "answer"}) for row_id in row_ids])
        finally:
            # claimed until marked: a drain meanwhile would deliver these rows again (unsent until the mark)
            del self._claimed[game_id]
            self.kick(game_id, handed=True)

    def answering(self, game_id: int, token: str) -> None:
        """A click's answer (interaction ``token``) is on its way, and what it shows of the player's own is also in
        the outbox as an ``answer`` op (:func:`bot.ops.answer`): the drain that comes to that op waits for
        :meth:`answered`, then makes no call if the answer went out and delivers the op itself if not."""
        self._answers.setdefault(game_id, {}).setdefault(str(token), _Pending())

    def answered(self, game_id: int, token: str, shown: bool, *, written: bool = True) -> None:
        """How the answer of :meth:`answering` went: ``shown`` to the player, or not (late past Discord's 3 s, refused,
        failed). ``written=False``: the action was refused, so no op waits for it."""
        pending = self._answers.get(game_id, {})
        answer = pending.get(str(token)) if written else pending.pop(str(token), None)
        if answer is not None and not answer.shown.done():
            answer.shown.set_result(shown)
            if shown:
                self._mark_shown_post(game_id, str(token))
        if not pending:
            self._answers.pop(game_id, None)

    def _mark_shown_post(self, game_id: int, token: str) -> None:
        """A click's answer went out whose op would otherwise post what it showed as a DM of its own (a check result
        answered in a thread): its row is marked sent now, not when the game's drain comes to it, which can be
        seconds behind earlier rows on Discord's pace; a crash meanwhile posted it again after the restart, and the
        player read their check twice. The drain still comes to the row and makes no call. An answer that rewrote
        the DM clicked on stays the drain's to mark: an edit of that DM on its way may yet take the answer's words
        off, and the row then edits them back (:meth:`_answer`). Only where the dispatcher was handed the row at its
        commit (a SQLite file); on PostgreSQL the drain reads its rows back and marks it, as before."""
        known = self._known.get(game_id) or {}
        row_id = next(
            (rid for rid, op in known.items() if op.get("do") == ANSWER and op.get("answer") == token and op.get("message") is None),
            None,
        )
        if row_id is not None:
            task = asyncio.get_running_loop().create_task(self._mark_now(game_id, row_id, token))
            self._marking.add(task)
            task.add_done_callback(self._marking.discard)

    async def _mark_now(self, game_id: int, row_id: int, token: str) -> None:
        try:
            await self.runtime.writer.commit([(MARK_SENT, [{"row_id": row_id, "outcome": {"answered": token}}])])
        except Exception:  # the drain marks it as before
            log.warning("game %s: the answer %s could not be marked at once", game_id, token, exc_info=True)

    async def _answer(self, live: Live, op: Op, nonce: str | None) -> dict[str, Any]:
        """A click's answer written with its action (:func:`bot.ops.answer`): no call when this process's answer
        showed it; else (the answer failed, or a crash came between the action and its answer or its mark) the DM
        clicked on is rewritten with it as the answer would have, or the private message is posted. A DM the bot
        edited meanwhile (an edit of an earlier row, on its way as the answer went) is rewritten too: that edit may
        have reached Discord after the answer and taken its words off."""
        pending = self._answers.get(live.id, {})
        answer = pending.get(op["answer"])
        shown = False
        if answer is not None:
            try:
                shown = await asyncio.wait_for(asyncio.shield(answer.shown), ANSWER_WAIT)
            except TimeoutError:
                log.warning("game %s: answer %s not reported in %ss; delivering it", live.id, op["answer"], ANSWER_WAIT)
            pending.pop(op["answer"], None)
            if not pending:
                self._answers.pop(live.id, None)
            if op.get("message") is not None and int(op["message"]) in answer.touched:
                shown = False
        if op.get("message") is None:
            if shown:
                return {"answered": op["answer"]}
            return await self._post_dm(live, {**op, "do": "post", "to": "dm"}, nonce)
        message = int(op["message"])
        self._bare(live, message)  # no controls left: the edit that would take them off at the close makes no call
        if shown:
            return {"edited": message, "by": "answer"}
        try:
            await self.transport.edit(int(op["channel"]), message, {"content": op["content"], "components": []})
        except DeliveryError as exc:
            if exc.kind != "not_found":
                raise
            return {"skipped": "not_found"}
        return {"edited": message}

    def controls_gone(self, game_id: int, message_id: int) -> None:
        """A click's answer took every control off message ``message_id`` (a DM prompt once its player is done):
        its slot is marked so, and the edit that would take them off when the prompt closes makes no call."""
        live = self.runtime.games.get(game_id)
        if live is not None:
            self._bare(live, message_id)

    @staticmethod
    def _bare(live: Live, message_id: int) -> None:
        live.row.slots = {
            name: {**slot, "bare": True} if isinstance(slot, dict) and slot.get("message") == message_id else slot
            for name, slot in live.row.slots.items()
        }

    def _edited(self, message_id: int) -> None:
        """The dispatcher edited message ``message_id``: answers on their way may have reached Discord before it."""
        for pending in self._answers.values():
            for answer in pending.values():
                answer.touched.add(message_id)
