"""The /game commands, the lobby's host-only controls and the DM fallback, through the real bot."""

from __future__ import annotations

import asyncio

import pytest

from tests.e2e.harness import BotProcess, components, find_component
from tests.fakediscord import FakeDiscord

pytestmark = pytest.mark.e2e

NAMES = ["Sheridan", "Ivanova", "Garibaldi", "Franklin", "Delenn", "Londo"]


def game(sub: str, **options) -> list[dict]:
    return [{"type": 1, "name": sub, "options": [{"type": 3, "name": k, "value": v} for k, v in options.items()]}]


class Session:
    """A bot and a server, and a few shortcuts for answering as users."""

    def __init__(self, server: FakeDiscord, bot: BotProcess) -> None:
        self.server, self.bot = server, bot
        self.channel = server.channel_id("general")

    def uid(self, name: str) -> int:
        return self.server.user_id(name)

    async def slash(self, name: str, sub: str, **options):
        iid = await self.server.slash(self.uid(name), self.channel, "game", game(sub, **options))
        return await self.server.wait_for_response(iid, timeout=30)

    async def click(self, name: str, message_id: int, custom_id: str, values=None):
        iid = await self.server.click(self.uid(name), message_id, custom_id, values)
        return await self.server.wait_for_response(iid, timeout=30)

    @staticmethod
    def text(rec) -> str:
        return rec.responses[0].get("content") or ""


async def with_bot(tmp_path, scenario, *, closed_dms=()):
    server = FakeDiscord(guild_name="Babylon 5", users=NAMES, text_channels=["general"])
    await server.start()
    for name in closed_dms:
        server.set_dms_closed(server.user_id(name))
    bot = BotProcess(server, tmp_path / "nocturne.sqlite3", "commands")
    try:
        await bot.start()
        await scenario(Session(server, bot))
    finally:
        await bot.stop()
        await server.stop()


async def open_lobby(s: Session) -> dict:
    rec = await s.slash("Sheridan", "start", game="night_watch")
    assert rec.ephemeral and "Lobby #" in s.text(rec)
    return await s.server.wait_for_message(s.channel, lambda m: find_component(m, "nl:") is not None, timeout=30)


def lobby_id(lobby: dict, what: str) -> str:
    return find_component(lobby, "nl:")["custom_id"].rsplit(":", 1)[0] + f":{what}"


def test_lobby_host_controls_and_commands(tmp_path):
    async def scenario(s: Session) -> None:
        assert len(s.server.command_puts) == 1
        rules = await s.slash("Ivanova", "rules", game="night_watch")
        assert rules.ephemeral and "Night Watch" in s.text(rules)
        assert "No games" in s.text(await s.slash("Ivanova", "status"))

        lobby = await open_lobby(s)
        mid = int(lobby["id"])
        # host-only controls are refused, privately, for everyone else
        for what in ("start", "settings", "cancel"):
            rec = await s.click("Ivanova", mid, lobby_id(lobby, what))
            assert rec.ephemeral and "Only the host" in s.text(rec), what
        assert "Only the host" in s.text(await s.slash("Ivanova", "abort"))
        # too few players: a clear refusal, nothing starts
        rec = await s.click("Sheridan", mid, lobby_id(lobby, "start"))
        assert "at least 5" in s.text(rec)
        for name in NAMES[1:5]:
            assert (await s.click(name, mid, lobby_id(lobby, "join"))).ephemeral
        rec = await s.click("Ivanova", mid, lobby_id(lobby, "join"))
        assert "already in this lobby" in s.text(rec)
        # settings: a timer select and the role counts (NW-4), refused with the reason when invalid
        panel = await s.click("Sheridan", mid, lobby_id(lobby, "settings"))
        panel_msg = panel.responses[0]
        select = next(c for c in components(panel_msg) if c["custom_id"].endswith(":opt:discussion_seconds"))
        rec = await s.click("Sheridan", int(panel_msg["message_id"]), select["custom_id"], ["60"])
        assert "Saved" in s.text(rec)
        await s.server.wait_for(lambda srv: "Discussion: 60 seconds" in srv.message(mid)["content"], timeout=30, what="lobby shows the option")
        counts = next(c for c in components(panel_msg) if ":counts:roles" in c["custom_id"])
        modal_rec = await s.click("Sheridan", int(panel_msg["message_id"]), counts["custom_id"])
        field = modal_rec.modal["components"][0]["components"][0]["custom_id"]
        bad = await s.server.wait_for_response(await s.server.submit_modal(modal_rec_id(s, modal_rec), {field: "citizen=4 garibaldi=1"}), timeout=30)
        assert "At least one Night Watch member" in s.text(bad)
        modal_rec = await s.click("Sheridan", int(panel_msg["message_id"]), counts["custom_id"])
        good = await s.server.wait_for_response(await s.server.submit_modal(modal_rec_id(s, modal_rec), {field: "citizen=3 watch=1 garibaldi=1"}), timeout=30)
        assert "Saved" in s.text(good)
        rec = await s.click("Sheridan", mid, lobby_id(lobby, "start"))
        assert "started" in s.text(rec)
        thread = (await s.server.wait_for(lambda srv: srv.threads(s.channel), timeout=30))[0]

        status = await s.slash("Londo", "status")
        assert "Day 1" in s.text(status)
        mine = await s.slash("Ivanova", "mine")
        assert mine.ephemeral and "Your role" in s.text(mine)
        # host panel: refused for players, pause/resume for the host
        assert "Only the host" in s.text(await s.server.wait_for_response(await s.server.slash(s.uid("Ivanova"), int(thread["id"]), "game", game("host")), timeout=30))
        panel = await s.server.wait_for_response(await s.server.slash(s.uid("Sheridan"), int(thread["id"]), "game", game("host")), timeout=30)
        pause = next(c for c in components(panel.responses[0]) if c["custom_id"].endswith(":pause"))
        rec = await s.click("Sheridan", int(panel.responses[0]["message_id"]), pause["custom_id"])
        assert "paused" in s.text(rec)
        # /game language is for Manage Server only
        assert "Manage Server" in s.text(await s.slash("Ivanova", "language", language="ru"))
        # a restart does not sync unchanged commands again
        s.bot.kill()
        await s.bot.start()
        assert len(s.server.command_puts) == 1
        aborted = await s.server.wait_for_response(await s.server.slash(s.uid("Sheridan"), int(thread["id"]), "game", game("abort")), timeout=30)
        assert "stopped" in s.text(aborted)

    asyncio.run(with_bot(tmp_path, scenario))


def modal_rec_id(s: Session, rec) -> int:
    return next(iid for iid, r in s.server._interactions.items() if r is rec)


def test_closed_dms_fall_back_to_game_mine(tmp_path):
    async def scenario(s: Session) -> None:
        lobby = await open_lobby(s)
        mid = int(lobby["id"])
        for name in NAMES[1:]:
            await s.click(name, mid, lobby_id(lobby, "join"))
        await s.click("Sheridan", mid, lobby_id(lobby, "start"))
        thread = int((await s.server.wait_for(lambda srv: srv.threads(s.channel), timeout=30))[0]["id"])
        uid = s.uid("Delenn")
        notice = await s.server.wait_for_message(thread, lambda m: f"<@{uid}>" in (m.get("content") or ""), timeout=30)
        # the notice says nothing but where to look
        assert notice["content"] == (
            f"<@{uid}>, I could not send you a private message. "
            "Open `/game mine` here to see your role and choices."
        )
        mine = await s.slash("Delenn", "mine")
        assert mine.ephemeral and "Your role" in s.text(mine)

    asyncio.run(with_bot(tmp_path, scenario, closed_dms=("Delenn",)))
