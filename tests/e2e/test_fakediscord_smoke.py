"""Smoke tests: the real discord.py (in-process, same loop) against tests.fakediscord."""

from __future__ import annotations

import asyncio
import os
import re
import sys
from pathlib import Path

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from tests.fakediscord import FakeDiscord, point_discord_py_at, restore_discord_py_defaults

pytestmark = pytest.mark.e2e

REPO_ROOT = Path(__file__).resolve().parents[2]


class PingButton(discord.ui.DynamicItem[discord.ui.Button], template=r"ping:(?P<id>[0-9]+)"):
    """A persistent button whose custom_id carries an id."""

    def __init__(self, pid: int) -> None:
        super().__init__(discord.ui.Button(label="Pong", style=discord.ButtonStyle.primary, custom_id=f"ping:{pid}"))
        self.pid = pid

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        return cls(int(match["id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.followup.send(f"clicked {self.pid}", ephemeral=True)


class NameModal(discord.ui.Modal, title="Your name"):
    name = discord.ui.TextInput(label="Name", custom_id="name")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"hello {self.name.value}", ephemeral=True)


def make_bot(guild_id: int) -> commands.Bot:
    intents = discord.Intents.default()
    intents.members = True
    bot = commands.Bot(command_prefix="!", intents=intents, guild_ready_timeout=0.05)
    bot.add_dynamic_items(PingButton)
    guild = discord.Object(guild_id)

    @bot.tree.command(name="ping", description="Ping the bot", guild=guild)
    async def ping(interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(PingButton(42))
        await interaction.response.send_message("pong", view=view)
        original = await interaction.original_response()
        assert original.content == "pong"
        await interaction.user.send("hello by DM")
        thread = await interaction.channel.create_thread(name="game-1", type=discord.ChannelType.public_thread)
        await thread.add_user(interaction.user)
        await thread.send("welcome to the thread")

    @bot.tree.command(name="name", description="Ask for a name", guild=guild)
    async def name(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(NameModal())

    @bot.tree.command(name="greet", description="Greet someone", guild=guild)
    @app_commands.describe(who="who to greet")
    async def greet(interaction: discord.Interaction, who: discord.Member) -> None:
        await interaction.response.send_message(f"hi {who.display_name}", ephemeral=True)

    return bot


@pytest.fixture
async def server():
    srv = await FakeDiscord(guild_name="Test", users=["alice", "bob"], text_channels=["general"]).start()
    point_discord_py_at(srv.url)
    try:
        yield srv
    finally:
        await srv.stop()
        restore_discord_py_defaults()


@pytest.fixture
async def bot(server: FakeDiscord):
    bot = make_bot(server.guild_id)
    await bot.login(server.bot_token)
    task = asyncio.create_task(bot.connect(reconnect=True))
    try:
        await server.wait_until_ready(timeout=10)
        await asyncio.wait_for(bot.wait_until_ready(), 10)
        yield bot
    finally:
        await bot.close()
        await asyncio.wait_for(task, 10)


async def test_login_ready_and_guild_cache(server: FakeDiscord, bot: commands.Bot) -> None:
    assert bot.user is not None and bot.user.id == server.bot_user_id
    assert bot.application_id == server.application_id
    guild = bot.get_guild(server.guild_id)
    assert guild is not None and guild.name == "Test"
    assert guild.chunked  # member_count == len(members): no chunk request needed
    assert {m.name for m in guild.members} == {"alice", "bob", "Nocturne"}
    assert guild.get_channel(server.channel_id("general")).name == "general"
    assert server.unknown_routes == []


async def test_command_sync_counts_puts(server: FakeDiscord, bot: commands.Bot) -> None:
    guild = discord.Object(server.guild_id)
    synced = await bot.tree.sync(guild=guild)
    assert sorted(c.name for c in synced) == ["greet", "name", "ping"]
    assert all(c.id for c in synced)
    assert len(server.command_puts) == 1
    assert {c["name"] for c in server.commands(server.guild_id)} == {"ping", "name", "greet"}
    again = await bot.tree.sync(guild=guild)
    assert [c.id for c in again] == [c.id for c in synced]  # ids are stable across overwrites
    assert len(server.command_puts) == 2
    fetched = await bot.tree.fetch_commands(guild=guild)
    assert sorted(c.name for c in fetched) == ["greet", "name", "ping"]


async def test_slash_button_dm_thread(server: FakeDiscord, bot: commands.Bot) -> None:
    await bot.tree.sync(guild=discord.Object(server.guild_id))
    alice, general = server.user_id("alice"), server.channel_id("general")

    iid = await server.slash(alice, general, "ping")
    rec = await server.wait_for_response(iid)
    assert rec.callback_type == 4
    assert rec.responses[0]["content"] == "pong"
    assert not rec.ephemeral
    button = rec.responses[0]["components"][0]["components"][0]
    assert button["custom_id"] == "ping:42" and button["label"] == "Pong"

    # The DM and the thread message arrive after the response; wait on conditions, not time.
    dm = await server.wait_for_dm(alice)
    assert dm["content"] == "hello by DM"
    thread_msg = await server.wait_for(lambda s: s.threads(general) and s.messages(int(s.threads(general)[0]["id"])))
    assert thread_msg[0]["content"] == "welcome to the thread"
    thread = server.threads(general)[0]
    assert thread["name"] == "game-1"
    assert server.thread_member_ids(int(thread["id"])) == {server.bot_user_id, alice}
    # The bot's cache saw its own thread and messages through the gateway.
    assert bot.get_channel(int(thread["id"])) is not None

    public = server.messages(general)
    assert [m["content"] for m in public] == ["pong"]
    assert public[0]["id"] == str(rec.original_message_id)

    # Click the dynamic button: deferred ephemerally, then followed up.
    cid = await server.click(server.user_id("bob"), rec.original_message_id, "ping:42")
    click = await server.wait_for_response(cid, count=2)
    assert click.callback_type == 5
    assert click.ephemeral
    assert click.responses[1]["kind"] == "followup"
    assert click.responses[1]["content"] == "clicked 42"
    assert click.responses[1]["ephemeral"] is True
    assert click.acked_after is not None and click.acked_after < 3
    # Ephemeral messages stay out of the channel.
    assert [m["content"] for m in server.messages(general)] == ["pong"]
    assert server.unknown_routes == []


async def test_modal_and_user_option(server: FakeDiscord, bot: commands.Bot) -> None:
    await bot.tree.sync(guild=discord.Object(server.guild_id))
    alice, bob, general = server.user_id("alice"), server.user_id("bob"), server.channel_id("general")

    iid = await server.slash(alice, general, "greet", [{"type": 6, "name": "who", "value": str(bob)}])
    rec = await server.wait_for_response(iid)
    assert rec.responses[0]["content"] == "hi bob" and rec.ephemeral

    iid = await server.slash(alice, general, "name")
    rec = await server.wait_for_response(iid)
    assert rec.callback_type == 9 and rec.modal["title"] == "Your name"
    sid = await server.submit_modal(iid, {"name": "Ada"})
    sub = await server.wait_for_response(sid)
    assert sub.responses[0]["content"] == "hello Ada" and sub.ephemeral


async def test_dms_closed_raises_forbidden_50007(server: FakeDiscord, bot: commands.Bot) -> None:
    bob = server.user_id("bob")
    server.set_dms_closed(bob)
    user = await bot.fetch_user(bob)
    with pytest.raises(discord.Forbidden) as excinfo:
        await user.send("psst")
    assert excinfo.value.code == 50007
    assert server.dm_messages(bob) == []


async def test_429_is_retried_and_posts_once(server: FakeDiscord, bot: commands.Bot) -> None:
    general = bot.get_channel(server.channel_id("general"))
    server.inject_429(next_n=1, retry_after=0.05, match="POST /channels/")
    msg = await general.send("after a rate limit")
    assert msg.content == "after a rate limit"
    assert [m["content"] for m in server.messages(general.id)] == ["after a rate limit"]
    route = "/channels/{channel_id}/messages"
    assert server.count_requests("POST", route, status=429) == 1
    assert server.count_requests("POST", route, status=200) == 1


async def test_gateway_resume_delivers_events(server: FakeDiscord, bot: commands.Bot) -> None:
    await server.drop_gateway(4000)
    await server.wait_for(lambda s: s.resume_count == 1 and s.connected, what="RESUME")
    got = asyncio.ensure_future(bot.wait_for("message", timeout=10))
    mid = await server.user_message(server.user_id("alice"), server.channel_id("general"), "hello bot")
    message = await got
    assert message.id == mid
    assert message.content == ""  # no message-content intent: Discord blanks it
    assert server.identify_count == 1


async def test_component_update_message_with_select(server: FakeDiscord, bot: commands.Bot) -> None:
    class Picker(discord.ui.View):
        @discord.ui.select(custom_id="pick", options=[discord.SelectOption(label=x, value=x) for x in ("red", "blue")])
        async def pick(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
            select.disabled = True
            await interaction.response.edit_message(content=f"picked {select.values[0]}", view=self)

    @bot.tree.command(name="pick", description="Pick a colour", guild=discord.Object(server.guild_id))
    async def pick(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("choose", view=Picker(timeout=30))

    await bot.tree.sync(guild=discord.Object(server.guild_id))
    alice, general = server.user_id("alice"), server.channel_id("general")
    rec = await server.wait_for_response(await server.slash(alice, general, "pick"))
    mid = rec.original_message_id
    upd = await server.wait_for_response(await server.click(alice, mid, "pick", values=["blue"]))
    assert upd.callback_type == 7
    edited = server.message(mid)
    assert edited["content"] == "picked blue" and edited["edits"] == 1
    assert edited["components"][0]["components"][0]["disabled"] is True
    with pytest.raises(LookupError):
        await server.click(alice, mid, "pick", values=["red"])  # disabled components cannot be clicked


async def test_bot_subprocess_sigkill_and_restart(server: FakeDiscord, tmp_path: Path) -> None:
    """The bot as a subprocess (pointed at the server by env), SIGKILLed and restarted."""
    env = {**os.environ, **server.env(), "PYTHONPATH": str(REPO_ROOT)}
    logs = []

    async def spawn() -> asyncio.subprocess.Process:
        log_file = open(tmp_path / f"bot{len(logs)}.log", "wb")
        logs.append(log_file)
        return await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tests.fakediscord.example_bot", env=env, cwd=str(REPO_ROOT),
            stdout=log_file, stderr=log_file,
        )

    alice, general = server.user_id("alice"), server.channel_id("general")
    proc = await spawn()
    try:
        await server.wait_until_ready(timeout=20)
        assert len(server.command_puts) == 1  # setup_hook synced before connecting
        first_pid = proc.pid
        rec = await server.wait_for_response(await server.slash(alice, general, "ping"))
        assert rec.responses[0]["content"] == f"pong from {first_pid}"

        proc.kill()
        await proc.wait()
        await server.wait_for(lambda s: not s.connected, what="disconnect after SIGKILL")
        lost = server.interaction(await server.slash(alice, general, "ping"))
        assert not lost.delivered  # nobody was connected to receive it

        n = server.identify_count
        proc = await spawn()
        await server.wait_until_ready(timeout=20, identifies=n + 1)
        rec = await server.wait_for_response(await server.slash(alice, general, "ping"))
        assert rec.responses[0]["content"] == f"pong from {proc.pid}"
        assert [m["content"] for m in server.messages(general)] == [f"pong from {first_pid}", f"pong from {proc.pid}"]
    except BaseException:
        for f in logs:
            f.flush()
            print(Path(f.name).read_text(errors="replace")[-3000:])
        raise
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
        for f in logs:
            f.close()
