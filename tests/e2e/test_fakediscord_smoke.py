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


async def test_deleting_another_users_message_needs_manage_messages_50013(server: FakeDiscord, bot: commands.Bot) -> None:
    """As on Discord: the bot may always delete its own messages; another user's needs Manage Messages."""
    general = bot.get_channel(server.channel_id("general"))
    mine = await general.send("the bot's own")
    theirs = await server.user_message(server.user_id("alice"), general.id, "alice's")
    await server.set_bot_permissions(1 << 10 | 1 << 11)  # view and send, no Manage Messages
    with pytest.raises(discord.Forbidden) as refused:
        await general.get_partial_message(theirs).delete()
    assert refused.value.code == 50013 and not server.message(theirs).get("deleted")
    await mine.delete()  # its own, still
    await server.set_bot_permissions(1 << 13)
    await general.get_partial_message(theirs).delete()
    assert server.message(theirs).get("deleted")
    with pytest.raises(discord.NotFound) as gone:  # deleted twice: 404 / 10008 Unknown Message
        await general.get_partial_message(theirs).delete()
    assert gone.value.code == 10008


async def test_the_message_content_intent_is_refused_with_4014_unless_the_app_has_it() -> None:
    """An IDENTIFY asking for a privileged intent the portal has not turned on is closed with 4014, which discord.py
    raises as PrivilegedIntentsRequired; with the intent turned on, user messages arrive with their content."""
    for enabled in (False, True):
        srv = await FakeDiscord(guild_name="Test", users=["alice"], message_content_intent=enabled).start()
        point_discord_py_at(srv.url)
        intents = discord.Intents.default()
        intents.message_content = True
        client = discord.Client(intents=intents)
        try:
            await client.login(srv.bot_token)
            task = asyncio.create_task(client.connect(reconnect=True))
            if not enabled:
                with pytest.raises(discord.PrivilegedIntentsRequired):
                    await asyncio.wait_for(task, 10)
                continue
            await asyncio.wait_for(client.wait_until_ready(), 10)
            got = asyncio.ensure_future(client.wait_for("message", timeout=10))
            mid = await srv.user_message(srv.user_id("alice"), srv.channel_id("general"), "hello bot")
            assert (await got).content == "hello bot"
            edited = asyncio.ensure_future(client.wait_for("raw_message_edit", timeout=10))
            await srv.user_edit(srv.user_id("alice"), mid, "hello again")
            assert (await edited).message.content == "hello again"  # an edit's content comes with the intent too
        finally:
            await client.close()
            await srv.stop()
            restore_discord_py_defaults()


async def test_a_user_edits_their_own_message_and_discord_unfurls_a_link(server: FakeDiscord, bot: commands.Bot) -> None:
    """A user's edit is a MESSAGE_UPDATE carrying ``edited_timestamp`` (content blanked without the message-content
    intent, like a new message); a link's embed is one with the content and ``edited_timestamp`` as they were. Only
    the author may edit (50005)."""
    alice, general = server.user_id("alice"), server.channel_id("general")
    mid = await server.user_message(alice, general, "see https://example.org/tea")
    got = asyncio.ensure_future(bot.wait_for("raw_message_edit", timeout=10))
    await server.unfurl(mid, [{"type": "link", "url": "https://example.org/tea", "title": "Tea"}])
    unfurled = await got
    assert unfurled.message_id == mid and unfurled.data["edited_timestamp"] is None and unfurled.message.edited_at is None
    got = asyncio.ensure_future(bot.wait_for("raw_message_edit", timeout=10))
    await server.user_edit(alice, mid, "moon")
    edit = await got
    assert edit.message_id == mid and edit.data["edited_timestamp"] and edit.message.edited_at is not None
    assert edit.message.content == "" and edit.message.author.id == alice  # no message-content intent: blanked
    stored = server.message(mid)
    assert stored["content"] == "moon" and stored["edits"] == 1 and stored["embeds"][0]["title"] == "Tea"
    with pytest.raises(PermissionError):
        await server.user_edit(server.user_id("bob"), mid, "not yours")
    await bot.get_channel(general).get_partial_message(mid).delete()
    with pytest.raises(LookupError):
        await server.user_edit(alice, mid, "gone")


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


async def test_rest_paths_roundtrip(server: FakeDiscord, bot: commands.Bot) -> None:
    """Channel/thread/guild REST calls discord.py makes, and what the server records."""
    import io

    guild = bot.get_guild(server.guild_id)
    general = guild.get_channel(server.channel_id("general"))
    alice = guild.get_member(server.user_id("alice"))

    first = await general.send("first", embed=discord.Embed(title="Board", description="x"))
    reply = await first.reply("a reply", file=discord.File(io.BytesIO(b"PNGDATA"), filename="board.png"))
    assert reply.reference.message_id == first.id
    assert reply.attachments[0].filename == "board.png"
    assert server.attachment_bytes(reply.attachments[0].id) == b"PNGDATA"
    edited = await first.edit(content="first (edited)")
    assert edited.content == "first (edited)"
    await reply.delete()
    stored = {m["id"]: m for m in server.messages(general.id)}
    assert stored[str(first.id)]["edits"] == 1 and stored[str(first.id)]["embeds"][0]["title"] == "Board"
    assert stored[str(reply.id)]["deleted"] is True
    history = [m.content async for m in general.history(limit=10)]
    assert history == ["first (edited)"]

    thread = await first.create_thread(name="from-message")
    assert thread.id == first.id  # Discord: a thread started from a message shares its id
    await thread.edit(archived=True, locked=True)
    assert server.channel(thread.id)["thread_metadata"]["locked"] is True
    with pytest.raises(discord.HTTPException):
        await thread.send("locked out")

    await general.set_permissions(alice, send_messages=False)
    assert server.channel(general.id)["permission_overwrites"][0]["id"] == str(alice.id)
    await general.set_permissions(alice, overwrite=None)
    assert server.channel(general.id)["permission_overwrites"] == []

    role_id = await server.add_role("Werewolf")
    role = await server.wait_for(lambda s: guild.get_role(role_id), what="GUILD_ROLE_CREATE in the bot cache")
    await alice.add_roles(role)
    assert role.id in server.member_role_ids(alice.id)
    await alice.remove_roles(role)
    assert role.id not in server.member_role_ids(alice.id)

    with pytest.raises(discord.HTTPException) as excinfo:
        await general.send("x" * 2001)
    assert excinfo.value.code == 50035
    async with general.typing():
        pass
    assert server.typing == [general.id]
    assert server.unknown_routes == []


async def test_interaction_followup_edit_delete_and_dm_context(server: FakeDiscord, bot: commands.Bot) -> None:
    guild_obj = discord.Object(server.guild_id)
    seen_channels = []

    @bot.tree.command(name="slow", description="Defers publicly", guild=guild_obj)
    async def slow(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        # After a type-5 defer, the first followup replaces the loading message (Discord quirk),
        # keeping the defer's visibility even if it asks to be ephemeral.
        await interaction.followup.send("done", ephemeral=True)
        extra = await interaction.followup.send("second", wait=True)
        await interaction.edit_original_response(content="done (edited)")
        await extra.delete()

    @bot.tree.command(name="where", description="Works in DMs")
    async def where(interaction: discord.Interaction) -> None:
        seen_channels.append(type(interaction.channel).__name__)
        await interaction.response.send_message("here", ephemeral=True)

    @bot.tree.command(name="pickgame", description="Autocomplete", guild=guild_obj)
    async def pickgame(interaction: discord.Interaction, game: str) -> None:
        await interaction.response.send_message(game)

    @pickgame.autocomplete("game")
    async def _games(interaction: discord.Interaction, current: str):
        return [app_commands.Choice(name=g, value=g) for g in ("night_watch", "midnighters") if g.startswith(current)]

    await bot.tree.sync(guild=guild_obj)
    await bot.tree.sync()
    alice, general = server.user_id("alice"), server.channel_id("general")

    rec = await server.wait_for_response(await server.slash(alice, general, "slow"), count=5)
    assert [r["kind"] for r in rec.responses] == ["callback", "followup", "followup", "edit", "delete"]
    assert rec.responses[1]["replaced_loading"] is True and rec.responses[1]["ephemeral"] is False
    msgs = server.messages(general)
    assert [(m["content"], m["deleted"]) for m in msgs] == [("done (edited)", False), ("second", True)]
    assert rec.original["content"] == "done (edited)" and not rec.original["flags"] & 128

    dm = await server.open_dm(alice)
    rec = await server.wait_for_response(await server.slash(alice, dm, "where"))
    assert rec.ephemeral and seen_channels == ["DMChannel"]

    opts = [{"type": 3, "name": "game", "value": "mid", "focused": True}]
    rec = await server.wait_for_response(await server.slash(alice, general, "pickgame", opts, autocomplete=True))
    assert rec.callback_type == 8 and rec.choices == [{"name": "midnighters", "value": "midnighters"}]

    with pytest.raises(LookupError):
        await server.slash(alice, general, "never-synced")


async def test_slow_ack_is_rejected_like_discord(server: FakeDiscord, bot: commands.Bot) -> None:
    errors = []
    release = asyncio.Event()

    @bot.tree.command(name="sleepy", description="Acks too late", guild=discord.Object(server.guild_id))
    async def sleepy(interaction: discord.Interaction) -> None:
        await release.wait()
        try:
            await interaction.response.send_message("late")
        except discord.NotFound as exc:
            errors.append(exc.code)

    await bot.tree.sync(guild=discord.Object(server.guild_id))
    server.interaction_ack_timeout = 0.0  # instead of sleeping 3 s: every ack is "late"
    iid = await server.slash(server.user_id("alice"), server.channel_id("general"), "sleepy")
    release.set()
    rec = server.interaction(iid)
    await server.wait_for(lambda s: rec.errors, what="rejected callback")
    assert rec.errors[0]["body"]["code"] == 10062 and not rec.acknowledged
    await server.wait_for(lambda s: errors)
    assert errors == [10062]


async def test_enforce_nonce_dedups_message_create(server: FakeDiscord, bot: commands.Bot) -> None:
    from discord.http import Route

    general = server.channel_id("general")
    created: list[int] = []

    async def on_message(message: discord.Message) -> None:
        created.append(message.id)

    bot.add_listener(on_message)

    def post(content: str, **extra):
        route = Route("POST", "/channels/{channel_id}/messages", channel_id=general)
        return bot.http.request(route, json={"content": content, **extra})

    first = await post("once", nonce="x1", enforce_nonce=True)
    edit = Route("PATCH", "/channels/{channel_id}/messages/{message_id}", channel_id=general, message_id=first["id"])
    await bot.http.request(edit, json={"content": "once (edited)"})
    again = await post("twice", nonce="x1", enforce_nonce=True)
    assert again["id"] == first["id"] and again["content"] == "once (edited)"  # the stored message, edits applied
    assert [m["id"] for m in server.messages(general)] == [first["id"]]
    assert server.nonce_dedup_hits == 1
    route = "/channels/{channel_id}/messages"
    assert server.count_requests("POST", route, status=200) == 2

    # Gateway events arrive in order: once the marker's MESSAGE_CREATE is seen, a duplicate would have been too.
    marker = await post("marker")
    await server.wait_for(lambda s: int(marker["id"]) in created, what="marker MESSAGE_CREATE")
    assert created == [int(first["id"]), int(marker["id"])]

    # Same nonce in another channel, or from another author, is a different message.
    other = await bot.get_channel(general).create_thread(name="t", type=discord.ChannelType.public_thread)
    in_thread = Route("POST", "/channels/{channel_id}/messages", channel_id=other.id)
    elsewhere = await bot.http.request(in_thread, json={"content": "x", "nonce": "x1", "enforce_nonce": True})
    assert elsewhere["id"] != first["id"]
    alice = server.user_id("alice")
    by_alice = await server.user_message(alice, general, "hi", nonce="x1", enforce_nonce=True)
    assert by_alice != int(first["id"])
    assert await server.user_message(alice, general, "hi again", nonce="x1", enforce_nonce=True) == by_alice
    assert server.nonce_dedup_hits == 2

    # discord.py itself sends a random nonce with enforce_nonce on every send.
    sent = await bot.get_channel(general).send("via discord.py", nonce="dpy-1")
    resent = await bot.get_channel(general).send("via discord.py", nonce="dpy-1")
    assert resent.id == sent.id and server.nonce_dedup_hits == 3

    # Past the window (server clock), the nonce is forgotten; a deleted original answers 404 / 10008.
    base = server.clock()
    server.clock = lambda: base + server.nonce_window + 1
    later = await post("later", nonce="x1", enforce_nonce=True)
    assert later["id"] != first["id"]
    await bot.http.delete_message(general, later["id"])
    with pytest.raises(discord.NotFound) as excinfo:
        await post("after delete", nonce="x1", enforce_nonce=True)
    assert excinfo.value.code == 10008
    assert server.nonce_dedup_hits == 3
    assert server.unknown_routes == []


async def test_repeated_nonce_without_enforce_creates_new_messages(server: FakeDiscord, bot: commands.Bot) -> None:
    from discord.http import Route

    general = server.channel_id("general")
    route = Route("POST", "/channels/{channel_id}/messages", channel_id=general)
    a = await bot.http.request(route, json={"content": "a", "nonce": "x1"})
    b = await bot.http.request(route, json={"content": "b", "nonce": "x1", "enforce_nonce": False})
    assert a["id"] != b["id"] and a["nonce"] == b["nonce"] == "x1"
    assert [m["content"] for m in server.messages(general)] == ["a", "b"]
    assert server.nonce_dedup_hits == 0
    # With enforce_nonce, the newest message carrying that nonce is the one returned.
    c = await bot.http.request(route, json={"content": "c", "nonce": "x1", "enforce_nonce": True})
    assert c["id"] == b["id"] and server.nonce_dedup_hits == 1

    with pytest.raises(discord.HTTPException) as excinfo:
        await bot.http.request(route, json={"content": "d", "nonce": "n" * 26, "enforce_nonce": True})
    assert excinfo.value.code == 50035


async def test_a_sixth_post_to_a_channel_within_discords_window_is_refused_429_at_the_servers_pace() -> None:
    """Discord's pace, kept by the fake server on its clock: 5 posts per 5 s per channel, ``pace`` times faster (the
    suite's bots keep the same pace, tests/conftest.py). The sixth post inside the window is a 429 whose
    ``retry_after`` is when the window's first post leaves it; then it goes through, and another channel never
    waited."""
    import aiohttp

    now = [1000.0]
    srv = await FakeDiscord(users=["alice"], text_channels=["general", "other"], pace=10, clock=lambda: now[0]).start()
    try:
        headers = {"Authorization": f"Bot {srv.bot_token}"}

        async def post(session: aiohttp.ClientSession, channel: str) -> tuple[int, dict]:
            url = f"{srv.url}/api/v10/channels/{srv.channel_id(channel)}/messages"
            async with session.post(url, json={"content": "hello"}, headers=headers) as resp:
                return resp.status, await resp.json()

        async with aiohttp.ClientSession() as session:
            statuses = []
            for _ in range(5):
                statuses.append((await post(session, "general"))[0])
                now[0] += 0.05
            assert statuses == [200] * 5
            status, body = await post(session, "general")
            assert status == 429 and body["retry_after"] == pytest.approx(0.5 - 0.25)  # 5 s / 10, from the first post
            assert (await post(session, "other"))[0] == 200
            now[0] += 0.26  # the first post has left the window
            assert (await post(session, "general"))[0] == 200
        assert len(srv.pace_refusals) == 1 and srv.pace_refusals[0][0] == srv.channel_id("general")
    finally:
        await srv.stop()


async def test_discord_py_waits_out_a_post_over_the_channels_pace_and_posts_it(server: FakeDiscord, bot: commands.Bot) -> None:
    """The pace's 429 reads as Discord's own (``Via`` and all): discord.py, which takes a 429 without it for a
    Cloudflare ban and raises, waits ``retry_after`` and posts the message."""
    general = bot.get_channel(server.channel_id("general"))
    sent = [await general.send(f"post {i}") for i in range(6)]  # a bot that does not keep the pace: the sixth waits
    assert [m["content"] for m in server.messages(general.id)] == [f"post {i}" for i in range(6)]
    assert len(sent) == 6 and len(server.pace_refusals) >= 1
