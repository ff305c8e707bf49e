"""The fake server sends each interaction to one gateway session, as Discord does: the guild's shard, shard 0 for
DMs, or the shard a test names. Two raw gateway clients stand in for two bot processes (no bot needed)."""

from __future__ import annotations

import asyncio
import json

import aiohttp

from tests.fakediscord import FakeDiscord


async def identify(
    server: FakeDiscord, http: aiohttp.ClientSession, shard: list[int]
) -> tuple[aiohttp.ClientWebSocketResponse, list[dict]]:
    """A gateway connection identified as ``shard`` (``[shard_id, shard_count]``), and the list its frames go to."""
    ws = await http.ws_connect(server.gateway_url)
    await ws.receive_json()  # HELLO
    await ws.send_str(json.dumps({"op": 2, "d": {"token": server.bot_token, "intents": 0, "shard": shard}}))
    return ws, []


async def collect(ws: aiohttp.ClientWebSocketResponse, seen: list[dict]) -> None:
    async for msg in ws:
        if msg.type == aiohttp.WSMsgType.TEXT:
            seen.append(json.loads(msg.data))


async def test_an_interaction_reaches_one_session_chosen_by_shard():
    server = await FakeDiscord(users=["alice"]).start()
    try:
        async with aiohttp.ClientSession() as http:
            ws0, seen0 = await identify(server, http, [0, 2])
            await server.wait_until_ready(identifies=1)
            ws1, seen1 = await identify(server, http, [1, 2])
            await server.wait_until_ready(identifies=2)
            tasks = [asyncio.create_task(collect(ws, seen)) for ws, seen in ((ws0, seen0), (ws1, seen1))]
            assert [s["shard"] for s in server.sessions()] == [[0, 2], [1, 2]]

            def interactions(seen: list[dict]) -> list[str]:
                return [f["d"]["id"] for f in seen if f.get("t") == "INTERACTION_CREATE"]

            alice, general = server.user_id("alice"), server.channel_id("general")
            own = (server.guild_id >> 22) % 2
            server.strict_commands = False  # no command was synced: a raw client has none
            default = await server.slash(alice, general, "ping")
            to1 = await server.slash(alice, general, "ping", shard=1)
            to0 = await server.slash(alice, general, "ping", shard=0)
            await server.wait_for(lambda s: len(interactions(seen0)) + len(interactions(seen1)) == 3, timeout=10)
            by_shard = {0: interactions(seen0), 1: interactions(seen1)}
            assert str(default) in by_shard[own] and str(default) not in by_shard[1 - own]
            assert by_shard[1].count(str(to1)) == 1 and str(to1) not in by_shard[0]
            assert by_shard[0].count(str(to0)) == 1 and str(to0) not in by_shard[1]
            for ws in (ws0, ws1):
                await ws.close()
            await asyncio.gather(*tasks, return_exceptions=True)
    finally:
        await server.stop()
