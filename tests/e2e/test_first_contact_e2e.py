"""A player's first contact with a game, through the real bot and the fake Discord server: joining a lobby checks
that the bot can reach the player by DM and says so privately (NW fix 1), so nobody is named in public later;
starting a Night Watch game tells the host privately who can read the Watch's private thread (NW fix 13)."""

from __future__ import annotations

import asyncio

import pytest

import translations as i18n
from tests.e2e.harness import BotProcess, GameTable, find_component
from tests.fakediscord import FakeDiscord

pytestmark = pytest.mark.e2e

NAMES = ["Host", "Open", "Closed", "Mod", "Extra"]
MANAGE_THREADS = 1 << 34


async def join_two(tmp_path):
    server = FakeDiscord(guild_name="Babylon 5", users=NAMES, text_channels=["general"])
    await server.start()
    bot = BotProcess(server, tmp_path / "nocturne.sqlite3", "first-contact")
    bot.forked = False  # first contact: ``python -m bot`` in a new interpreter, as a newcomer starts it
    try:
        await bot.start()
        host, open_, closed = (server.user_id(n) for n in NAMES[:3])
        server.set_dms_closed(closed)
        table = GameTable(server, bot, [host, open_, closed])
        lobby = await table.open_lobby()
        join = find_component(server.message(lobby), "nl:")["custom_id"].rsplit(":", 1)[0] + ":join"
        answers = {}
        for player, count in ((open_, 1), (closed, 2)):  # the closed one also gets the warning as a follow-up
            iid = await server.click(player, lobby, join)
            answers[player] = (await server.wait_for_response(iid, timeout=30, count=count)).responses
        await server.wait_for(lambda s: s.dm_messages(open_), timeout=30, what="the hello DM")
        # a moderator joins too (Discord lets Manage Threads read private threads), and the host starts
        mod, extra = server.user_id("Mod"), server.user_id("Extra")
        role = await server.add_role("Moderators", permissions=MANAGE_THREADS)
        server._members[mod]["roles"].append(role)  # noqa: SLF001 - the fake server's own member record
        for player in (mod, extra):
            await server.wait_for_response(await server.click(player, lobby, join), timeout=30)
        await server.wait_for(lambda s: "5" in (s.message(lobby).get("content") or ""), timeout=30, what="five seats")
        start = join.rsplit(":", 1)[0] + ":start"
        answers["start"] = (await server.wait_for_response(await server.click(host, lobby, start), timeout=30, count=2)).responses
        return server, answers, (host, open_, closed)
    finally:
        await bot.stop()
        await server.stop()


@pytest.fixture(scope="module")
def joined(tmp_path_factory):
    return asyncio.run(join_two(tmp_path_factory.mktemp("contact")))


def test_a_player_whose_dms_are_closed_is_told_privately_when_joining(joined):
    server, answers, (host, open_, closed) = joined
    texts = [r.get("content") or "" for r in answers[closed]]
    assert all(r["ephemeral"] for r in answers[closed])
    assert any("cannot send you private messages" in t and "/game mine" in t for t in texts), texts
    # the table is told nothing: no public message names the player or their closed DMs
    public = [m.get("content") or "" for m in server.messages(server.channel_id("general"))]
    assert not any("private message" in t for t in public), public


def test_a_player_with_open_dms_gets_a_hello_and_no_warning(joined):
    server, answers, (host, open_, closed) = joined
    assert not any("cannot send you" in (r.get("content") or "") for r in answers[open_])
    hello = [m["content"] for m in server.dm_messages(open_)]
    greeting = i18n.translate("en", "nw.dm_hello")  # the game's own hello (issue 26), not the shared one
    assert any("Babylon 5" in t and greeting in t for t in hello), hello


def test_nw_the_host_learns_privately_who_can_read_the_watch_thread(joined):
    server, answers, _players = joined
    warning = [r for r in answers["start"] if "can manage threads" in (r.get("content") or "")]
    assert len(warning) == 1 and warning[0]["ephemeral"] and "Mod" in warning[0]["content"]
    assert "Extra" not in warning[0]["content"] and "Open" not in warning[0]["content"]
    public = [m.get("content") or "" for c in [server.channel_id("general"), *(int(t["id"]) for t in server.threads(server.channel_id("general")))] for m in server.messages(c)]
    assert not any("manage threads" in t for t in public)
