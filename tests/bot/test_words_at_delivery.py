"""Words are made at delivery (issue 16): an action stores a render request, and the dispatcher has the presenter
word it when it sends it: from the step kept in memory, or after a restart replayed from the seed and the log,
with the same result either way."""

from __future__ import annotations

import random

from sqlalchemy import select

from bot.db import OutboxRow
from bot.delivery import Dispatcher
from bot.transport import DeliveryError
from bot.ops import PRESENT
from bot.runtime import Runtime
from tests.bot.conftest import RecordingTransport
from tests.bot.test_runtime import open_game, open_game_without_delivery, play_randomly


async def outbox(runtime: Runtime, game_id: int) -> list[OutboxRow]:
    async with runtime.db.sessions() as session:
        return list((await session.scalars(select(OutboxRow).where(OutboxRow.game_id == game_id).order_by(OutboxRow.id))).all())


async def test_an_action_stores_its_step_not_its_words(database, clock):
    """The action's transaction holds one render request (the step and the deadlines it left), no text."""
    runtime = Runtime(database, clock)
    live = await open_game_without_delivery(runtime)
    await play_randomly(runtime, live.id, random.Random(3), 12)
    rows = await outbox(runtime, live.id)
    for seq in range(1, live.state.step + 1):
        ops = [r.op for r in rows if r.seq == seq]
        assert [op["do"] for op in ops] == [PRESENT], ops
        assert ops[0]["seq"] == seq and "content" not in ops[0]
    await runtime.close()


async def test_a_step_worded_after_a_restart_reads_as_it_would_have_from_memory(database, clock):
    """The words of every step replayed from the seed and the log (a new process, nothing in memory) equal the
    words the process that took the steps makes from the states it kept; the deal (step 0) included."""
    first = Runtime(database, clock)
    live = await open_game_without_delivery(first)
    await play_randomly(first, live.id, random.Random(5), 20)
    requests = [r.op for r in await outbox(first, live.id) if r.op["do"] == PRESENT]
    assert [op["seq"] for op in requests] == list(range(live.state.step + 1))
    from_memory = await first.presented(live, requests)
    assert first.replays == 0
    assert any(op.get("content") for ops in from_memory for op in ops)  # real words, in DMs and the thread
    second = Runtime(database, clock)
    restarted = await second.get(live.id)
    assert await second.presented(restarted, requests) == from_memory
    assert second.replays == 1  # one pass over the log for all of them
    await first.close()
    await second.close()


class FailsOnce(RecordingTransport):
    """Discord answering one post with a transient error (a 5xx) once."""

    def __init__(self, fail_at: int) -> None:
        super().__init__()
        self.fail_at = fail_at
        self.posts = 0

    async def post(self, channel_id, payload, files=None):
        self.posts += 1
        if self.posts == self.fail_at:
            raise DeliveryError("transient", "503")
        return await super().post(channel_id, payload, files)


async def test_a_drain_cut_off_in_the_middle_of_a_steps_messages_goes_on_from_the_next_one(database, clock):
    """The deal is one render request worded into many posts (a DM per player, the thread): a transient failure at
    the third leaves the first two sent and not sent again; the row is marked with every part's result."""
    transport = FailsOnce(fail_at=3)
    runtime = Runtime(database, clock)
    Dispatcher(runtime, transport, retry_delay=0)
    live = await open_game(runtime)
    deal = next(r for r in await outbox(runtime, live.id) if r.op["do"] == PRESENT and r.op["seq"] == 0)
    parts = deal.result["parts"]
    assert deal.sent and len(parts) > 3
    messages = [p["message"] for p in parts if "message" in p]
    assert len(messages) == len(set(messages)) == len(transport.messages) - 1  # all but the lobby's message are the deal's
    assert transport.posts == len(transport.messages) + 1  # the failed post alone was tried twice
    await runtime.close()
