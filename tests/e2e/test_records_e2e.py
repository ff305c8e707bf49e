"""Fair deals, records and stats through the real bot and the fake Discord server: a 5-player Night Watch game
whose seed is committed to before the deal and revealed at the end (NW-23); the record attached to the final
message is fetched from the server, verifies and replays to the outcome the bot announced; /game history links
to that message; /game stats answers, hides a player who asks, and is the server admin's to switch off."""

from __future__ import annotations

import asyncio
import hashlib
import io
import json
import re

import pytest

from engines.__main__ import main as engines_main
from tests.e2e.harness import BotProcess, NightWatchTable
from tests.fakediscord import FakeDiscord

pytestmark = pytest.mark.e2e

NAMES = ["Sheridan", "Ivanova", "Garibaldi", "Franklin", "Delenn"]  # Sheridan owns the server (Manage Server)
MAX_STEPS = 300


def slash_options(sub: str, options: dict | None = None, group: str | None = None) -> list[dict]:
    typed = [{"type": 6 if k == "player" else 5 if isinstance(v, bool) else 3, "name": k, "value": v} for k, v in (options or {}).items()]
    command = {"type": 1, "name": sub, "options": typed}
    return [{"type": 2, "name": group, "options": [command]}] if group else [command]


def test_a_game_is_committed_revealed_recorded_and_counted(tmp_path):
    asyncio.run(scenario(tmp_path))


async def scenario(tmp_path) -> None:
    server = FakeDiscord(guild_name="Babylon 5", users=NAMES, text_channels=["general"])
    await server.start()
    bot = BotProcess(server, tmp_path / "nocturne.sqlite3", "records-e2e")
    try:
        await bot.start()
        uid = {n: server.user_id(n) for n in NAMES}
        channel = server.channel_id("general")

        async def slash(name: str, sub: str, options: dict | None = None, group: str | None = None) -> str:
            iid = await server.slash(uid[name], channel, "game", slash_options(sub, options, group))
            rec = await server.wait_for_response(iid, timeout=30)
            assert rec.ephemeral
            return rec.responses[0].get("content") or ""

        table = NightWatchTable(server, bot, [uid[n] for n in NAMES])
        lobby = await table.open_lobby()
        await table.seat_everyone_and_start(lobby)
        thread = table.thread
        sealed_msg = await server.wait_for_message(thread, lambda m: (m.get("content") or "").startswith("🔐"), timeout=30)
        commitment = re.search(r"`([0-9a-f]{64})`", sealed_msg["content"]).group(1)
        # the commitment is the thread's first message, and the deal (each role by DM) comes after it
        assert server.messages(thread)[0]["id"] == sealed_msg["id"]
        roles = [await server.wait_for_dm(uid[n], lambda m: "Your role:" in (m.get("content") or ""), timeout=30) for n in NAMES]
        assert all(int(m["id"]) > int(sealed_msg["id"]) for m in roles), (sealed_msg["id"], [(m["id"], m["content"][:80]) for m in roles])

        for _ in range(MAX_STEPS):
            if not await table.step():
                break
        assert table.game_over(), bot.log()[-3000:]
        final = await server.wait_for_message(
            thread, lambda m: any(a["filename"].endswith(".json") for a in m.get("attachments") or []), timeout=30
        )
        assert server.messages(thread, include_deleted=False)[-1]["id"] == final["id"]  # the game's final message
        (attachment,) = final["attachments"]
        data = server.attachment_bytes(int(attachment["id"]))
        record = json.loads(data)
        # the reveal opens the commitment posted at the start
        assert f"seed `{record['seed']}`" in final["content"] and f"salt `{record['salt']}`" in final["content"]
        assert hashlib.sha256(f"{record['salt']}:{record['seed']}".encode()).hexdigest() == commitment
        assert record["players"] == NAMES and record["digest"] in attachment["description"]
        # the record replays to the outcome the bot announced, and verifies against the values on Discord
        path = tmp_path / attachment["filename"]
        path.write_bytes(data)
        out, err = io.StringIO(), io.StringIO()
        assert engines_main(["replay", str(path)], out=out, err=err) == 0, err.getvalue()
        announced = server.message(int(lobby))["content"]
        winners = record["outcome"]["winners"]
        assert winners and all(w in announced.split("🏁")[-1] for w in winners)
        assert out.getvalue().splitlines()[-1].endswith(", ".join(winners))
        out = io.StringIO()
        code = engines_main(["verify", str(path), "--commitment", commitment, "--digest", record["digest"]], out=out, err=err)
        assert code == 0 and out.getvalue().startswith("fair: "), out.getvalue()

        # /game history links to the final message
        history = await slash("Ivanova", "history")
        assert f"/channels/{server.guild_id}/{thread}/{final['id']})" in history and f"#{table.game_id}" in history
        # /game stats: one game each; the leaderboard needs five
        mine = await slash("Ivanova", "show", group="stats")
        assert "Ivanova" in mine and "1 game" in mine
        top = await slash("Garibaldi", "top", {"game": "night_watch"}, group="stats")
        assert "Nobody has finished 5 games" in top
        assert "hidden" in await slash("Delenn", "privacy", {"hide": True}, group="stats")
        assert "private" in await slash("Ivanova", "show", {"player": str(uid["Delenn"])}, group="stats")
        assert "1 game" in await slash("Delenn", "show", group="stats")  # always visible to the player
        # the switch and forgetting are the server admin's
        assert "Manage Server" in await slash("Ivanova", "switch", {"enabled": False}, group="stats")
        assert "off" in await slash("Sheridan", "switch", {"enabled": False}, group="stats")
        assert "turned off" in await slash("Ivanova", "show", group="stats")
        await slash("Sheridan", "switch", {"enabled": True}, group="stats")
        assert "Manage Server" in await slash("Ivanova", "forget", {"player": str(uid["Franklin"])}, group="stats")
        assert "deleted" in await slash("Sheridan", "forget", {"player": str(uid["Franklin"])}, group="stats")
        assert "no finished games" in await slash("Sheridan", "show", {"player": str(uid["Franklin"])}, group="stats")
        assert "Franklin" not in await slash("Ivanova", "history")
    finally:
        await bot.stop()
        await server.stop()
