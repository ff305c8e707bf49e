"""A server's language is kept in memory (issue 27): every click in a server channel words its refusals in it, and
reading it from the database cost a round trip per click. It is read once per server and kept right by
/game language; the process running a server's shard is the only one that reads or sets it (bot/queries.py)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Self

import discord
from sqlalchemy import event

import translations as i18n
from bot.delivery import Dispatcher
from bot.runtime import Runtime
from cogs.game import GameCog
from engines.core import HOST, Action
from tests.bot.test_answers import Discord, Interaction
from tests.bot.test_runtime import GUILD, PLAYERS, open_game, parsing_recorded


class Statements:
    """Every SQL statement the async engine runs while counting (SQLAlchemy's cursor event), and the in-process
    writer's (the driver's trace)."""

    def __init__(self, runtime: Runtime) -> None:
        self.engine = runtime.db.engine.sync_engine
        self.writer = runtime.writer
        self.seen: list[str] = []

    def _statement(self, conn, cursor, sql, params, context, many) -> None:
        self.seen.append(sql)

    def __enter__(self) -> Self:
        event.listen(self.engine, "before_cursor_execute", self._statement)
        raw = self.writer._direct.raw if self.writer._direct is not None else None
        if raw is not None:
            raw.set_trace_callback(self.seen.append)
        self._raw = raw
        return self

    def __exit__(self, *exc) -> None:
        event.remove(self.engine, "before_cursor_execute", self._statement)
        if self._raw is not None:
            self._raw.set_trace_callback(None)

    def reading(self, table: str) -> list[str]:
        return [sql for sql in self.seen if table in sql and sql.lstrip().upper().startswith("SELECT")]


async def test_a_servers_language_is_read_once_and_kept_right_when_it_changes(database, clock):
    runtime = Runtime(database, clock)
    with Statements(runtime) as statements:
        assert await runtime.guild_language(GUILD) is None  # none chosen: that is remembered too
        assert await runtime.guild_language(GUILD) is None
    assert len(statements.reading("guild_settings")) == 1
    for chosen in ("cs", "ru"):
        await runtime.set_guild_language(GUILD, chosen)  # /game language
        with Statements(runtime) as statements:
            assert await runtime.guild_language(GUILD) == chosen
        assert statements.reading("guild_settings") == []  # kept at the change, not read back
    # stored: a process starting afresh (a restart) reads what was set
    fresh = Runtime(database, clock)
    assert await fresh.guild_language(GUILD) == "ru"
    assert await fresh.guild_language(GUILD + 1) is None
    await runtime.close()
    await fresh.close()


async def test_a_language_set_while_a_first_read_is_under_way_is_not_undone_by_it(database, clock):
    """The first read of a server's language and /game language overlap: the read, finishing last with the value
    from before, must not put it back over the one just set."""
    runtime = Runtime(database, clock)
    await runtime.set_guild_language(GUILD, "cs")
    runtime.queries.languages.clear()  # as in a process that has not read it yet
    read, go_on = asyncio.Event(), asyncio.Event()
    sessions = database.sessions

    class ReadThenWait:
        """The read's session: its SELECT runs, then it waits before handing the value back."""

        def __call__(self):
            return self

        async def __aenter__(self):
            self.session = sessions()
            return await self.session.__aenter__()

        async def __aexit__(self, *exc):
            read.set()
            await go_on.wait()
            return await self.session.__aexit__(*exc)

        def begin(self):
            return sessions.begin()

    runtime.queries.db = SimpleNamespace(sessions=ReadThenWait())
    reading = asyncio.create_task(runtime.guild_language(GUILD))
    await read.wait()  # the read has "cs" in hand ...
    await runtime.set_guild_language(GUILD, "ru")  # ... when /game language commits "ru"
    go_on.set()
    assert await reading == "ru"
    assert await runtime.guild_language(GUILD) == "ru"
    runtime.queries.db = database
    await runtime.close()


async def test_a_click_in_a_server_channel_reads_no_language_from_the_database(database, clock, transport):
    """The click path (cogs/clicks.py: the server's language for its refusals, the game, the action, the answer)
    after the server's first click reads no guild settings (NW-10: a vote on the public vote message); on SQLite it
    reads nothing at all, its deliveries included (PostgreSQL's dispatcher reads the outbox back)."""
    discord_ = Discord(transport)
    runtime = Runtime(database, clock, new_seed=lambda: "language-seed")
    dispatcher = Dispatcher(runtime, discord_, retry_delay=0)
    cog = GameCog(SimpleNamespace(runtime=runtime, dispatcher=dispatcher, settings=None))
    live = await open_game(runtime)
    await runtime.act(live.id, Action(HOST, live.state.prompts[0].id, "skip"))  # NW-9: the host skips to the vote
    await runtime.idle()
    vote = live.state.prompts[0].id
    message_id = live.row.slots[f"prompt:{vote}"]["message"]
    message = transport.messages[message_id]

    def click(voter: str, target: str) -> Interaction:
        interaction = Interaction(discord_, clock, voter, message, guild_id=GUILD, channel_id=live.row.thread_id, message_id=message_id)
        interaction.guild_locale = None
        interaction.type = None
        interaction.data = {}
        return interaction

    select = next(c for row in message["components"] for c in row["components"] if c.get("options"))
    custom_id = select["custom_id"]
    against = [o["value"] for o in select["options"] if o["value"].endswith(PLAYERS[0])]  # a vote against the host
    await cog.on_control(click(PLAYERS[1], PLAYERS[0]), custom_id, against)  # the server's first click reads it
    await runtime.idle()
    answers = []
    with Statements(runtime) as statements:
        for voter in PLAYERS[2:5]:
            interaction = click(voter, PLAYERS[0])
            await cog.on_control(interaction, custom_id, against)
            await runtime.idle()
            answers += interaction.answers
    assert statements.reading("guild_settings") == []
    if database.is_sqlite:  # nothing at all is read: the game, the outbox rows and the language are in memory
        assert [sql for sql in statements.seen if sql.lstrip().upper().startswith("SELECT")] == []
    assert answers and not any("⚠️" in (text or "") for _, text in answers), answers  # answered, none refused
    assert len(live.state.votes) == 4, live.state.votes  # the clicks were applied
    await runtime.close()


async def test_a_servers_language_new_to_the_process_is_parsed_off_the_loop(database, clock, monkeypatch):
    """A command in a server whose language no game here speaks yet (its own locale, Czech; or one just chosen with
    /game language) words its answer in a language whose catalogues are not parsed: a tenth to a fifth of a second
    of CPU. It is parsed in a thread before the answer is worded, once; the loop stays free meanwhile."""
    parsed = parsing_recorded(monkeypatch)
    runtime = Runtime(database, clock)
    cog = GameCog(SimpleNamespace(runtime=runtime, settings=None))
    interaction = SimpleNamespace(guild_id=GUILD, guild_locale=discord.Locale.czech)
    assert await cog.language(interaction) == "cs"  # no language chosen: the server's own locale
    assert parsed == [("cs", False)] and i18n.loaded("cs")
    assert await cog.language(interaction) == "cs"
    assert parsed == [("cs", False)]  # once
    await runtime.set_guild_language(GUILD, "ru")
    assert await cog.language(interaction) == "ru"
    assert parsed == [("cs", False), ("ru", False)]
    await runtime.close()
