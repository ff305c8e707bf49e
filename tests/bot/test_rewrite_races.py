"""A live message (the vote's tally, NW-10) ends showing its newest rewrite, whoever delivers which: a click's own
answer rewriting it in place (type 7, :mod:`bot.answers`) and the game's drain delivering its older rows never
cross, after a restart included.

The night_watch e2e test (``test_sigkill_and_restart_changes_nothing[during_a_vote]``) once ended with the vote
message one vote short: after the restart the first drain read the outbox left from before the kill (a vote's row)
and, while it read, the next vote's click rewrote the message with the newer tally and marked its row; the drain
then edited the older tally over it, and the last vote before the close has no later rewrite to set it right.

The runtime, the engine, the cog and the database are real; Discord is the recording transport, and the drain's
read of the outbox is held at the point the e2e run's was.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from bot.clock import ManualClock
from bot.presenter import prompt_slot
from engines.core import HOST, Action
from tests.bot.conftest import RecordingTransport
from tests.bot.test_answers import Dead, Discord, Interaction, Process
from tests.bot.test_runtime import GUILD, open_game
from tests.databases import migrated_sqlite

TEN = [str(3100 + i) for i in range(10)]


class HeldReads:
    """The dispatcher's view of the runtime, with its outbox reads (``engine.connect()``) held once :meth:`hold` is
    armed: the read has run against the database, and its rows come back only when :attr:`release` is set."""

    def __init__(self, runtime: Any) -> None:
        self._runtime = runtime
        self.armed = False
        self.held = asyncio.Event()
        self.release = asyncio.Event()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._runtime, name)

    @property
    def db(self) -> Any:
        outer = self
        db = self._runtime.db

        class Engine:
            def __getattr__(self, name: str) -> Any:
                return getattr(db.engine, name)

            @contextlib.asynccontextmanager
            async def connect(self):
                async with db.engine.connect() as conn:
                    yield Conn(conn)

        class Conn:
            def __init__(self, conn: Any) -> None:
                self._conn = conn

            def __getattr__(self, name: str) -> Any:
                return getattr(self._conn, name)

            async def execute(self, *args: Any, **kwargs: Any) -> Any:
                result = await self._conn.execute(*args, **kwargs)
                if outer.armed:
                    outer.armed = False
                    rows = result.all()  # read now, as the drain's own read was: before what comes meanwhile
                    outer.held.set()
                    await outer.release.wait()
                    return Rows(rows)
                return result

        class Database:
            def __getattr__(self, name: str) -> Any:
                return getattr(db, name)

            engine = Engine()

        return Database()


class Rows:
    def __init__(self, rows: list[Any]) -> None:
        self._rows = rows

    def all(self) -> list[Any]:
        return self._rows


def tally(transport: RecordingTransport, message_id: int) -> str:
    content = transport.messages[message_id]["content"]
    return next(line for line in content.splitlines() if line.startswith("Votes cast:"))


async def test_nw_10_a_vote_answered_in_place_while_the_first_drain_after_a_restart_reads_is_not_undone(tmp_path):
    """NW-10: the vote message shows the tally with every vote cast. Killed between a vote's commit and its answer,
    the bot restarts and its first drain reads that vote's row from the outbox; the next vote's click, answered
    meanwhile by rewriting the message (type 7), must not be undone by the drain editing the older tally over it."""
    database = await migrated_sqlite(tmp_path / 'nocturne.sqlite3')
    clock, transport = ManualClock(), RecordingTransport()
    discord_ = Discord(transport)
    process = Process(database, clock, discord_)
    try:
        live = await open_game(process.runtime, players=TEN)
        await process.runtime.act(live.id, Action(HOST, live.state.prompts[0].id, "skip"))  # to the vote
        await process.runtime.idle()
        vote = live.state.prompts[0]
        assert vote.key == "nw.vote"
        slot = live.row.slots[prompt_slot(vote)]
        message_id, channel = slot["message"], slot["channel"]
        target = TEN[1]
        voters = [p for p in TEN if p != target]

        async def click(process: Process, voter: str, **kill: Any) -> Interaction:
            interaction = Interaction(
                discord_, clock, voter, transport.messages[message_id], guild_id=GUILD, channel_id=channel, message_id=message_id, **kill
            )
            game = await process.runtime.get(live.id)
            await process.click(interaction, game, Action(voter, vote.id, "vote", {"target": target}))
            return interaction

        for voter in voters[:6]:
            assert (await click(process, voter)).answers[0][0] == "update"  # answered with the tally (type 7)
            await process.runtime.idle()
        assert tally(transport, message_id) == "Votes cast: 6 of 10."
        # the 7th vote is logged, and the bot is killed before its answer reached Discord
        with contextlib.suppress(Dead):
            await click(process, voters[6], kill_at="before")
        await asyncio.sleep(0)
        await process.runtime.close()
        discord_.dead = False

        process = Process(database, clock, discord_)
        held = HeldReads(process.runtime)
        process.dispatcher.runtime = held
        held.armed = True
        await process.runtime.recover()  # the first drain reads the outbox: the 7th vote's row, not yet delivered
        await asyncio.wait_for(held.held.wait(), 5)
        answered = await click(process, voters[7])  # the 8th vote, clicked while that read is on its way
        held.release.set()
        await process.runtime.idle()
        assert answered.answers, answered.answers
        assert tally(transport, message_id) == "Votes cast: 8 of 10."
        await process.runtime.close()
    finally:
        await database.close()


async def test_nw_10_a_drain_reading_the_outbox_while_a_vote_is_answered_in_place_leaves_its_row_to_the_answer(tmp_path):
    """NW-10: a vote answered by rewriting the tally in place (type 7) costs no call more, even when the game's
    outbox is read back meanwhile (rows written outside an action, such as the back notice after a restart or a
    moderator's repost, wake the drain that way): the vote's row, unsent in the table until the answer marks it, is
    not delivered a second time by the drain (which, while it worded other rows, once lost its words to that mark
    and failed: a ``KeyError`` in the e2e run's log, the game's messages held up until a retry)."""
    database = await migrated_sqlite(tmp_path / 'nocturne.sqlite3')
    clock, transport = ManualClock(), RecordingTransport()
    discord_ = Discord(transport)
    process = Process(database, clock, discord_)
    try:
        live = await open_game(process.runtime, players=TEN)
        await process.runtime.act(live.id, Action(HOST, live.state.prompts[0].id, "skip"))  # to the vote
        await process.runtime.idle()
        vote = live.state.prompts[0]
        slot = live.row.slots[prompt_slot(vote)]
        message_id = slot["message"]
        voter, target = TEN[0], TEN[1]
        interaction = Interaction(
            discord_, clock, voter, transport.messages[message_id], guild_id=GUILD, channel_id=slot["channel"], message_id=message_id
        )
        on_its_way, lands = asyncio.Event(), asyncio.Event()
        answer = interaction.response.edit_message

        async def slow(*args: Any, **kwargs: Any) -> None:
            on_its_way.set()
            await lands.wait()
            await answer(*args, **kwargs)

        interaction.response.edit_message = slow
        calls = len(transport.calls)
        click = asyncio.ensure_future(process.click(interaction, live, Action(voter, vote.id, "vote", {"target": target})))
        await asyncio.wait_for(on_its_way.wait(), 5)
        process.dispatcher.kick(live.id)  # rows written some other way: the outbox is read back
        await process.dispatcher.idle()
        lands.set()
        await click
        await process.runtime.idle()
        assert interaction.answers and interaction.answers[0][0] == "update"
        assert tally(transport, message_id) == "Votes cast: 1 of 10."
        assert transport.calls[calls:] == []  # the answer was the one call
        assert await process.dispatcher._pending_rows(live.id) == []
        await process.runtime.close()
    finally:
        await database.close()


async def test_nw_10_a_time_warning_on_its_way_as_a_vote_is_answered_in_place_does_not_bring_back_the_older_tally(tmp_path):
    """NW-10: the timer's "30 seconds left" rewrites the vote message from the game as it was when it was worded;
    when that edit is still on its way to Discord (the bot-wide pace, a slow call) as a vote comes in, the vote's
    rewrite (it was answered in place, type 7, landing before the warning) must not be undone by it: the message
    ends showing the newer tally."""
    database = await migrated_sqlite(tmp_path / 'nocturne.sqlite3')
    clock, transport = ManualClock(), RecordingTransport()
    discord_ = Discord(transport)
    process = Process(database, clock, discord_)
    try:
        live = await open_game(process.runtime, players=TEN)
        await process.runtime.act(live.id, Action(HOST, live.state.prompts[0].id, "skip"))  # to the vote
        await process.runtime.idle()
        vote = live.state.prompts[0]
        slot = live.row.slots[prompt_slot(vote)]
        message_id = slot["message"]
        on_its_way, lands = asyncio.Event(), asyncio.Event()
        edit = transport.edit

        async def slow(channel_id: int, edited: int, payload: dict[str, Any], files: Any = None) -> None:
            if edited == message_id and "⏳" in (payload.get("content") or "") and not lands.is_set():
                on_its_way.set()
                await lands.wait()
            await edit(channel_id, edited, payload, files)

        discord_.edit = discord_._guarded(slow)
        warning = asyncio.ensure_future(clock.advance(live.deadlines[vote.id] - clock.now() - 30))  # the 30 s warning
        await asyncio.wait_for(on_its_way.wait(), 5)
        voter, target = TEN[0], TEN[1]
        interaction = Interaction(
            discord_, clock, voter, transport.messages[message_id], guild_id=GUILD, channel_id=slot["channel"], message_id=message_id
        )
        await process.click(interaction, live, Action(voter, vote.id, "vote", {"target": target}))
        lands.set()
        await warning
        await process.runtime.idle()
        assert interaction.answers  # privately: the message is the warning's to rewrite until it landed
        assert tally(transport, message_id) == "Votes cast: 1 of 10."
        await process.runtime.close()
    finally:
        await database.close()


async def test_nw_10_a_time_warning_whose_turn_comes_after_a_vote_is_worded_again(tmp_path):
    """NW-10: a warning worded while the drain delivers the previous vote's tally waits its turn; a vote that comes
    in meanwhile makes it stale, so it goes out worded from the game with that vote (never the older tally over the
    newer one, whichever lands last)."""
    database = await migrated_sqlite(tmp_path / 'nocturne.sqlite3')
    clock, transport = ManualClock(), RecordingTransport()
    discord_ = Discord(transport)
    process = Process(database, clock, discord_)
    try:
        live = await open_game(process.runtime, players=TEN)
        await process.runtime.act(live.id, Action(HOST, live.state.prompts[0].id, "skip"))  # to the vote
        await process.runtime.idle()
        vote = live.state.prompts[0]
        message_id = live.row.slots[prompt_slot(vote)]["message"]
        on_its_way, lands = asyncio.Event(), asyncio.Event()
        sent: list[str] = []
        edit = transport.edit

        async def slow(channel_id: int, edited: int, payload: dict[str, Any], files: Any = None) -> None:
            if edited == message_id:
                sent.append(payload.get("content") or "")
                if not lands.is_set():
                    on_its_way.set()
                    await lands.wait()
            await edit(channel_id, edited, payload, files)

        discord_.edit = discord_._guarded(slow)
        target = TEN[1]
        await process.runtime.act(live.id, Action(TEN[0], vote.id, "vote", {"target": target}))  # delivered by the drain
        await asyncio.wait_for(on_its_way.wait(), 5)
        warning = asyncio.ensure_future(clock.advance(live.deadlines[vote.id] - clock.now() - 30))  # worded now, waits
        for _ in range(50):
            await asyncio.sleep(0)
        await process.runtime.act(live.id, Action(TEN[2], vote.id, "vote", {"target": target}))  # the warning is stale
        lands.set()
        await warning
        await process.runtime.idle()
        warnings = [text for text in sent if "seconds left" in text]
        assert warnings and all("Votes cast: 2 of 10." in text for text in warnings), [t.splitlines()[-3:] for t in sent]
        assert tally(transport, message_id) == "Votes cast: 2 of 10."
        await process.runtime.close()
    finally:
        await database.close()
