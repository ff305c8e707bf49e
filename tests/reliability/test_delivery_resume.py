"""Resending the outbox after crashes: rows with the same text make as many messages as there are rows.

Found by the chaos suite (two SIGKILLs in one Ghost at Home game): after a restart the dispatcher looks in the
channel for a message a pending row may have posted just before the crash, matching it by its text, so it is not
posted twice. A message posted *after* the restart by an earlier pending row with the same text (the first
restart's "I am back" notice, still undelivered when the bot died again) was taken for the later row's copy, and
the later row made no message at all. Discord forgets nonces after a while, so the test does too.
"""

from __future__ import annotations

import pytest

from bot.clock import ManualClock
from bot.deliverer import Undelivered
from bot.delivery import Dispatcher
from bot.runtime import Runtime
from tests.bot.conftest import RecordingTransport
from tests.bot.test_runtime import open_game_without_delivery
from tests.databases import migrated_sqlite


class Sink(Undelivered):
    """A dispatcher that never delivers: the process dies before it sends anything."""


@pytest.mark.parametrize("restarts", [2, 3])
async def test_each_restart_notice_is_its_own_message_after_crashes_in_a_row(tmp_path, restarts):
    database = await migrated_sqlite(tmp_path / 'resume.sqlite3')
    clock = ManualClock()
    transport = RecordingTransport()
    transport.nonce_window = 0.0  # an outage longer than Discord's nonce memory
    runtimes = [Runtime(database, clock)]
    live = await open_game_without_delivery(runtimes[0])
    for _ in range(restarts - 1):  # the bot restarts, says it is back, and dies before delivering anything
        runtimes.append(Runtime(database, clock))
        runtimes[-1].dispatcher = Sink()
        runtimes[-1].hold()
        await runtimes[-1].recover()
        await runtimes[-1].back()
    last = Runtime(database, clock)
    runtimes.append(last)
    Dispatcher(last, transport, retry_delay=0)
    last.hold()
    await last.recover()
    await last.back()
    await last.idle()
    thread = (await last.get(live.id)).row.thread_id
    notices = [t for t in transport.texts(thread) if t.startswith("🔄")]
    assert len(notices) == restarts, transport.texts(thread)
    for rt in runtimes:
        await rt.close()
    await database.close()


async def test_a_dm_answered_in_place_before_the_crash_is_not_posted_again(tmp_path):
    """A DM prompt posted just before a crash, which its player then answered in place (a click's answer writes
    ``✅ ...`` under its text), is found after the restart by its text with the answer below, and not re-posted."""
    from bot.ops import PRESENT

    database = await migrated_sqlite(tmp_path / 'resume.sqlite3')
    clock = ManualClock()
    transport = RecordingTransport()
    transport.nonce_window = 0.0  # an outage longer than Discord's nonce memory
    first = Runtime(database, clock)
    live = await open_game_without_delivery(first)
    deal = next(r for r in await _outbox(first, live.id) if r.op["do"] == PRESENT and r.op["seq"] == 0)
    (ops,) = await first.presented(live, [deal.op])
    dm = next(op for op in ops if op.get("to") == "dm")
    channel = await transport.dm_channel(int(dm["user"]))
    answered = await transport.post(channel, {"content": f"{dm['content']}\n✅ Ready."})  # before the crash
    last = Runtime(database, clock)
    Dispatcher(last, transport, retry_delay=0)
    await last.recover()
    await last.idle()
    copies = [m for m in transport.by_channel[channel] if transport.messages[m]["content"].startswith(dm["content"])]
    assert copies == [answered], [transport.messages[m]["content"] for m in copies]
    for rt in (first, last):
        await rt.close()
    await database.close()


async def _outbox(runtime: Runtime, game_id: int):
    from sqlalchemy import select

    from bot.db import OutboxRow

    async with runtime.db.sessions() as session:
        return list((await session.scalars(select(OutboxRow).where(OutboxRow.game_id == game_id).order_by(OutboxRow.id))).all())
