"""Discord's budget (issue 27, item 4): calls the bot used to make for nothing.

* a player's DM channel is opened once and remembered across restarts (the ``dm_channels`` table), and opened anew
  only when Discord says it no longer knows it;
* after a restart only the rows that were in the outbox before it can have reached Discord: a post of a row written
  since is made without reading the channel first, and each channel is read at most once per restart;
* an edit that would set what the message already shows makes no call;
* a player whose DMs are closed is told so in public once a game, not at every private message.
"""

from __future__ import annotations

import asyncio
from typing import Any

from sqlalchemy import select

from bot.clock import ManualClock
from bot.db import DMChannel
from bot.delivery import Dispatcher
from bot.dms import DM_CLOSED_SLOT
from bot.runtime import Runtime
from bot.transport import DeliveryError
from engines.core import Action
from tests.bot.conftest import RecordingTransport
from tests.bot.test_runtime import PLAYERS, open_game, open_game_without_delivery
from tests.databases import migrated_sqlite


class CountingTransport(RecordingTransport):
    """Counts reads of a channel's messages too; a DM channel Discord forgot answers 404 / 10003; ``gate``, when
    set, holds the first post until it opens (a drain caught mid-way)."""

    def __init__(self) -> None:
        super().__init__()
        self.reads: list[int] = []
        self.forgotten: set[int] = set()
        self.gate: asyncio.Event | None = None
        self.held = asyncio.Event()

    async def recent_messages(self, channel_id: int, limit: int = 50) -> list[dict[str, Any]]:
        self.reads.append(channel_id)
        return await super().recent_messages(channel_id, limit)

    async def post(self, channel_id: int, payload: dict[str, Any], files: list | None = None) -> int:
        if channel_id in self.forgotten:
            raise DeliveryError("not_found", "10003: Unknown Channel", 10003)
        if self.gate is not None and not self.held.is_set():
            self.held.set()
            await self.gate.wait()
        return await super().post(channel_id, payload, files)

    async def dm_channel(self, user_id: int) -> int:
        channel = await super().dm_channel(user_id)
        while channel in self.forgotten:  # Discord hands out a new channel
            channel = self.dm_of[user_id] = channel + 1
        return channel

    def opened(self) -> int:
        return sum(1 for call, _ in self.calls if call == "dm_channel")

    def edits(self) -> int:
        return sum(1 for call, _ in self.calls if call == "edit")


async def stored_channels(runtime: Runtime) -> dict[int, int]:
    async with runtime.db.sessions() as session:
        return dict((await session.execute(select(DMChannel.user_id, DMChannel.channel_id))).all())


async def test_a_dm_channel_is_opened_once_across_deals_and_restarts(tmp_path):
    """Night Watch deals every player a role by DM: the first game opens each player's DM channel once; a second
    game in a restarted bot opens none."""
    database = await migrated_sqlite(tmp_path / 'dm.sqlite3')
    clock, transport = ManualClock(), CountingTransport()
    first = Runtime(database, clock)
    Dispatcher(first, transport, retry_delay=0)
    await open_game(first)
    assert transport.opened() == len(PLAYERS), transport.calls
    assert await stored_channels(first) == {int(p): transport.dm_of[int(p)] for p in PLAYERS}
    await first.close()
    again = Runtime(database, clock)  # the bot restarted: its memory is gone, the table is not
    Dispatcher(again, transport, retry_delay=0)
    live = await open_game(again)
    assert transport.opened() == len(PLAYERS), "a restart opened DM channels again"
    assert all(transport.dms(int(p)) for p in PLAYERS)
    assert live.id
    await again.close()
    await database.close()


async def test_a_dm_channel_discord_forgot_is_opened_anew_and_stored(tmp_path):
    database = await migrated_sqlite(tmp_path / 'dm.sqlite3')
    clock, transport = ManualClock(), CountingTransport()
    first = Runtime(database, clock)
    Dispatcher(first, transport, retry_delay=0)
    await open_game(first)
    await first.close()
    player = int(PLAYERS[3])
    old = transport.dm_of[player]
    transport.forgotten.add(old)  # 404 / 10003 Unknown Channel from now on
    again = Runtime(database, clock)
    Dispatcher(again, transport, retry_delay=0)
    await open_game(again)
    assert transport.opened() == len(PLAYERS) + 1  # that player's channel alone, once
    new = transport.dm_of[player]
    assert new != old and transport.dms(player)
    assert (await stored_channels(again))[player] == new
    await again.close()
    await database.close()


async def test_after_a_restart_only_rows_from_before_it_are_looked_for_each_channel_read_once(tmp_path):
    """A bot killed before delivering a deal restarts: the deal's rows may have reached Discord (the outage outlasted
    Discord's nonce memory), so each channel they post to is read, once. Rows written after the restart (players
    clicking while the deal is still going out) post without reading anything."""
    database = await migrated_sqlite(tmp_path / 'resume.sqlite3')
    clock, transport = ManualClock(), CountingTransport()
    transport.nonce_window = 0.0
    first = Runtime(database, clock)
    live = await open_game_without_delivery(first)
    await first.close()
    last = Runtime(database, clock)
    dispatcher = Dispatcher(last, transport, retry_delay=0)
    transport.gate = asyncio.Event()
    await last.recover()
    await asyncio.wait_for(transport.held.wait(), 10)  # the resumed drain is posting the deal
    game = await last.get(live.id)
    prompt = game.state.prompts[0]
    for player in PLAYERS[1:4]:  # clicks meanwhile: new rows, after the restart
        await last.act(live.id, Action(player, prompt.id, "ready"))
    transport.gate.set()
    await last.idle()
    assert transport.reads, "the resumed rows were not looked for"
    assert len(transport.reads) == len(set(transport.reads)), "a channel was read more than once"
    resumed_channels = {transport.messages[m]["channel"] for m in transport.messages}
    assert set(transport.reads) <= resumed_channels
    assert live.id not in dispatcher._resumed  # noqa: SLF001 - drained: nothing left to look for
    for player in PLAYERS:
        assert len(transport.dms(int(player))) == 1, transport.dms(int(player))  # every role DM once
    await last.close()
    await database.close()


async def test_an_edit_that_changes_nothing_makes_no_call(runtime, transport):
    dispatcher = runtime.dispatcher
    live = await open_game(runtime)
    before = sum(1 for call, _ in transport.calls if call == "edit")

    async def edit(**fields: Any) -> dict[str, Any]:
        return await dispatcher.execute(live, {"do": "edit", "slot": "probe", **fields}, nonce=None)

    posted = await dispatcher.execute(live, {"do": "post", "to": "game", "slot": "probe", "content": "3 votes", "components": []}, "ncx")
    edits = lambda: sum(1 for call, _ in transport.calls if call == "edit") - before  # noqa: E731
    assert (await edit(content="3 votes"))["unchanged"] and edits() == 0
    await edit(content="4 votes")
    assert edits() == 1 and transport.messages[posted["message"]]["content"] == "4 votes"
    await edit(content="4 votes", components=[])
    assert edits() == 1  # both fields already shown
    await edit(components=[{"type": 1, "components": []}])
    assert edits() == 2
    # a click's answer rewrote the message (an interaction response, not an edit): what it shows is not known
    await dispatcher._mark_sent(live, [(0, {"edited": posted["message"], "by": "answer"})], slots=False)  # noqa: SLF001
    await edit(content="4 votes")
    assert edits() == 3
    # a post to a slot that shows it already is no call either
    await dispatcher.execute(live, {"do": "post", "to": "game", "slot": "probe", "content": "4 votes"}, "ncy")
    assert edits() == 3


async def test_a_player_with_dms_closed_is_told_in_public_once_a_game(runtime, transport):
    """Issue 28: every private message of a player whose DMs are closed pinged them in the thread; now once, and
    again only after a DM went through and failed anew."""
    dispatcher = runtime.dispatcher
    live = await open_game(runtime)
    player = int(PLAYERS[2])
    transport.closed_dms.add(player)
    thread = live.row.thread_id
    dm = {"do": "post", "to": "dm", "user": str(player), "content": "your turn", "fallback": f"<@{player}>, DMs closed"}

    def notices() -> int:
        return sum(1 for text in transport.texts(thread) if "DMs closed" in text)

    for turn in range(4):
        assert (await dispatcher.execute(live, dm, f"nc{9000 + turn}"))["dm_closed"] == player
    assert notices() == 1
    assert live.row.slots[DM_CLOSED_SLOT] == {"users": [player]}
    transport.closed_dms.discard(player)  # they opened their DMs
    await dispatcher.execute(live, dm, "nc9100")
    assert DM_CLOSED_SLOT not in live.row.slots
    transport.closed_dms.add(player)  # and closed them again
    await dispatcher.execute(live, dm, "nc9101")
    await dispatcher.execute(live, dm, "nc9102")
    assert notices() == 2


async def resumed_after_a_crash(tmp_path, transport: CountingTransport):
    """A game whose rows were written and never delivered, in a runtime started again on its database, as
    :meth:`bot.delivery.Dispatcher.resume` leaves it before its drain runs: (runtime, database, the game, the
    dispatcher's look for a post made before the crash, the newest outbox row)."""
    from sqlalchemy import func

    from bot.db import OutboxRow

    database = await migrated_sqlite(tmp_path / 'resume.sqlite3')
    clock = ManualClock()
    first = Runtime(database, clock)
    live = await open_game_without_delivery(first)
    await first.close()
    last = Runtime(database, clock)
    dispatcher = Dispatcher(last, transport, retry_delay=0)
    async with last.db.sessions() as session:
        newest = await session.scalar(select(func.max(OutboxRow.id)).where(OutboxRow.game_id == live.id))
    game = await last.get(live.id)
    dispatcher._resumed[live.id] = None  # noqa: SLF001 - as resume() leaves it, before the drain runs
    return last, database, game, dispatcher._posted_before_crash, newest  # noqa: SLF001


async def test_a_row_written_after_the_restart_is_posted_without_reading_the_channel(tmp_path):
    """Only a row that was in the outbox at the restart is looked for in the channel before its post; a later row's
    post, or a message outside the outbox (a timer's warning), never reached Discord before it."""
    transport = CountingTransport()
    last, database, game, look, newest = await resumed_after_a_crash(tmp_path, transport)
    payload = {"content": "🌙 Night falls."}
    assert await look(game, 77, payload, newest + 1) is None
    assert await look(game, 77, payload, None) is None
    assert transport.reads == []
    assert await look(game, 77, payload, newest) is None
    assert await look(game, 77, payload, newest - 1) is None
    assert transport.reads == [77]  # once for the restart, however many rows look
    await last.close()
    await database.close()


async def test_the_stored_dm_channels_are_read_one_game_at_a_time(tmp_path):
    """After a restart every game's first DM comes at once: their reads of the stored channels take one connection
    at a time, not one each (the pool the clicks need ran dry under the bench's load), and a game whose players an
    earlier read found reads nothing."""
    from types import SimpleNamespace

    database = await migrated_sqlite(tmp_path / 'dm.sqlite3')
    runtime = Runtime(database, ManualClock())
    dispatcher = Dispatcher(runtime, CountingTransport(), retry_delay=0)
    real, open_now, most, reads = database.engine, [0], [0], [0]

    class Counting:
        def connect(self):
            connection = real.connect()

            class Counted:
                async def __aenter__(self):
                    open_now[0] += 1
                    reads[0] += 1
                    most[0] = max(most[0], open_now[0])
                    result = await connection.__aenter__()
                    await asyncio.sleep(0.01)  # a read that takes a while, so that the others come meanwhile
                    return result

                async def __aexit__(self, *exc):
                    open_now[0] -= 1
                    return await connection.__aexit__(*exc)

            return Counted()

    games = [SimpleNamespace(id=g, row=SimpleNamespace(seats=[str(100 + g), "7"])) for g in range(8)]
    database.engine = Counting()
    try:
        await asyncio.gather(*(dispatcher._dm_channel(game, 100 + game.id) for game in games),
                             dispatcher._dm_channel(games[0], 7))
    finally:
        database.engine = real
    assert most[0] == 1
    assert reads[0] == len(games)  # the shared player "7" was read with the first game, not again
    await runtime.close()
    await database.close()


async def test_a_games_thread_is_recorded_the_moment_it_is_made(tmp_path):
    """Commands in a game's thread find the game by the thread recorded on its row. The thread is recorded when it
    is made, not with the run of rows it came in (a deal's DMs take a while, and a crash before the run was marked
    left a restarted bot answering 'There is no game in this channel' in the game's own thread)."""
    from bot.db import Game
    from tests.bot.test_runtime import CHANNEL

    class HoldsTheFirstPostInTheThread(CountingTransport):
        async def post(self, channel_id: int, payload: dict[str, Any], files: list | None = None) -> int:
            if channel_id != CHANNEL and self.gate is not None and not self.held.is_set():
                self.held.set()
                await self.gate.wait()
            return await RecordingTransport.post(self, channel_id, payload, files)

    database = await migrated_sqlite(tmp_path / 'thread.sqlite3')
    clock, transport = ManualClock(), HoldsTheFirstPostInTheThread()
    runtime = Runtime(database, clock)
    live = await open_game_without_delivery(runtime)
    transport.gate = asyncio.Event()
    Dispatcher(runtime, transport, retry_delay=0)
    runtime.dispatcher.kick(live.id)
    await asyncio.wait_for(transport.held.wait(), 10)  # the thread is made, its first post held: the run is not over
    async with database.sessions() as session:
        stored = (await session.execute(select(Game.thread_id).where(Game.id == live.id))).scalar_one()
    assert stored is not None and stored == live.row.thread_id
    transport.gate.set()
    await runtime.idle()
    await runtime.close()
    await database.close()


async def test_a_post_found_from_before_the_crash_shows_the_deadline_moved_on_since(tmp_path):
    """A DM posted just before a crash, its row not yet marked: the bot, back after being away, moved every deadline
    on (bot.downtime) but could not rewrite a message it did not know of; the row sent again finds the message
    (no second post) and sets its countdown to the new deadline, keeping a click's answer written below it."""
    transport = CountingTransport()
    before = await transport.post(77, {"content": "🗳️ Vote: ends <t:1000:R>\n✅ You voted."})
    last, database, game, look, newest = await resumed_after_a_crash(tmp_path, transport)
    assert await look(game, 77, {"content": "🗳️ Vote: ends <t:1060:R>"}, newest) == before
    assert transport.messages[before]["content"] == "🗳️ Vote: ends <t:1060:R>\n✅ You voted."
    assert transport.edits() == 1
    await last.close()
    await database.close()
