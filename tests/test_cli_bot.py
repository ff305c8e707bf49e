"""``python -m bot`` as a newcomer meets it: a refused token, no network and Discord's outages each end in one
line saying what to do (never a traceback), outages are retried a bounded number of times, and no voice warnings."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import socket
import sys
from pathlib import Path

import discord
import pytest

from bot.__main__ import GatewayUnavailable, OneLineConnectionLogs, StartFailed, bound_gateway_retries, run
from tests.fakediscord import FakeDiscord, point_discord_py_at, restore_discord_py_defaults

ROOT = Path(__file__).resolve().parents[1]


def bot_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    return {
        "PATH": os.environ.get("PATH", "/usr/bin"),
        "PYTHONPATH": str(ROOT),
        "NOCTURNE_NO_DOTENV": "1",
        "DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'bot.sqlite3'}",
        "LOG_LEVEL": "INFO",
        **extra,
    }


async def run_bot(tmp_path: Path, timeout: float = 60, **env: str) -> tuple[int, str]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=tmp_path, env=bot_env(tmp_path, **env),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
    )
    output, _ = await asyncio.wait_for(proc.communicate(), timeout)
    return proc.returncode, output.decode()


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def assert_one_clear_line(output: str) -> str:
    assert "Traceback" not in output, output
    errors = [line for line in output.splitlines() if line.startswith("nocturne: ")]
    assert len(errors) == 1, output
    return errors[0]


@pytest.fixture
async def server():
    fake = await FakeDiscord(guild_name="Test", users=["alice"], text_channels=["general"]).start()
    yield fake
    await fake.stop()
    restore_discord_py_defaults()


async def test_a_token_discord_refuses_is_one_line_saying_where_to_get_one(tmp_path, server):
    code, output = await run_bot(tmp_path, DISCORD_TOKEN="not.the.token", NOCTURNE_FAKE_DISCORD=server.url)
    line = assert_one_clear_line(output)
    assert code == 2
    assert "refused DISCORD_TOKEN" in line and "Reset Token" in line


async def test_message_content_on_without_the_portals_intent_is_one_line_naming_both_ways_out(tmp_path, server):
    """MESSAGE_CONTENT=on asks for a privileged intent; an application without it turned on is closed with 4014.
    The line says where to turn it on and which setting turns it off, and a refusal is not retried."""
    assert not server.message_content_intent
    code, output = await run_bot(tmp_path, DISCORD_TOKEN=server.bot_token, NOCTURNE_FAKE_DISCORD=server.url, MESSAGE_CONTENT="on")
    line = assert_one_clear_line(output)
    assert code == 2
    assert "Message Content Intent" in line and "Privileged Gateway Intents" in line and "MESSAGE_CONTENT=off" in line
    assert server.identify_count == 0


async def test_no_way_to_reach_discord_is_one_line_about_the_network(tmp_path):
    url = f"http://127.0.0.1:{closed_port()}"
    code, output = await run_bot(tmp_path, DISCORD_TOKEN="t", NOCTURNE_FAKE_DISCORD=url)
    line = assert_one_clear_line(output)
    assert code == 1
    assert "cannot reach Discord" in line and "Connection refused" in line and "network" in line


async def test_an_outage_at_start_is_retried_with_a_log_line_and_no_voice_warnings(tmp_path, server):
    server.inject_error(503, message="Service Unavailable", next_n=1, match="GET /users/@me")
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=tmp_path,
        env=bot_env(tmp_path, DISCORD_TOKEN=server.bot_token, NOCTURNE_FAKE_DISCORD=server.url),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
    )
    ready = asyncio.create_task(server.wait_until_ready(timeout=60))
    exited = asyncio.create_task(proc.wait())
    await asyncio.wait({ready, exited}, return_when=asyncio.FIRST_COMPLETED)
    if proc.returncode is None:
        proc.terminate()
    output = (await asyncio.wait_for(proc.communicate(), 30))[0].decode()
    ready.cancel()
    assert not exited.done() or proc.returncode < 0, f"the bot stopped by itself:\n{output}"
    assert "Discord is unavailable (HTTP 503" in output and "trying again in 2 s (try 2 of 5)" in output, output
    assert "Traceback" not in output, output
    assert "PyNaCl" not in output and "davey" not in output, output


# --- the retry policy, in-process ------------------------------------------------------------------------------


def server_error(status: int = 502) -> discord.DiscordServerError:
    class Response:
        reason = "Bad Gateway"

    response = Response()
    response.status = status  # type: ignore[attr-defined]
    return discord.DiscordServerError(response, "")  # type: ignore[arg-type]


async def test_an_outage_is_retried_a_bounded_number_of_times_then_given_up_in_one_line(caplog):
    tries, slept = [], []

    async def start_bot(connected):
        tries.append(1)
        raise server_error()

    async def sleep(seconds):
        slept.append(seconds)

    with caplog.at_level(logging.WARNING, "nocturne"), pytest.raises(StartFailed) as failed:
        await run(start_bot, delays=(1, 2, 3), sleep=sleep)
    assert len(tries) == 4 and slept == [1, 2, 3]
    assert failed.value.code == 1 and "gave up after 4 tries" in str(failed.value)
    assert "discordstatus.com" in str(failed.value)
    assert [r.getMessage().split(";")[0] for r in caplog.records] == ["Discord is unavailable (HTTP 502)"] * 3


async def test_a_bot_that_was_connected_counts_its_tries_anew():
    outcomes = iter(["connect-then-fail", "fail", "connect-then-fail", "fail", "stop"])

    async def start_bot(connected):
        outcome = next(outcomes)
        if outcome == "stop":
            return
        if outcome.startswith("connect"):
            connected()
        raise server_error()

    async def sleep(seconds):
        pass

    assert await run(start_bot, delays=(0, 0), sleep=sleep) == 0


async def test_a_refused_token_is_not_retried_and_an_unknown_error_is_not_hidden():
    async def refused(connected):
        raise discord.LoginFailure("Improper token has been passed.")

    with pytest.raises(StartFailed) as failed:
        await run(refused, delays=(0,))
    assert failed.value.code == 2

    async def bug(connected):
        raise ZeroDivisionError

    with pytest.raises(ZeroDivisionError):
        await run(bug, delays=(0,))


class GatewayDown(FakeDiscord):
    """Login works; the gateway URL Discord hands out does not answer."""

    async def h_gateway_bot(self, request):
        response = await super().h_gateway_bot(request)
        data = json.loads(response.body)
        response.body = json.dumps({**data, "url": f"ws://127.0.0.1:{closed_port()}"}).encode()
        return response


class FastSleep:
    """discord.shard's ``asyncio`` with its fixed 5 s wait between gateway tries cut to nothing."""

    def __getattr__(self, name):
        return getattr(asyncio, name)

    @staticmethod
    async def sleep(seconds, result=None):
        return await asyncio.sleep(0, result)


async def test_a_gateway_that_does_not_open_is_tried_a_bounded_number_of_times_in_one_line_each(monkeypatch, caplog):
    import discord.shard

    monkeypatch.setattr(discord.shard, "asyncio", FastSleep())
    fake = await GatewayDown(guild_name="Test", users=["alice"], text_channels=["general"]).start()
    shard_log = logging.getLogger("discord.shard")
    one_line = OneLineConnectionLogs()
    shard_log.addFilter(one_line)
    try:
        point_discord_py_at(fake.url)
        client = discord.AutoShardedClient(intents=discord.Intents.none())
        bound_gateway_retries(client, attempts=3)
        with caplog.at_level(logging.WARNING, "discord.shard"), pytest.raises(GatewayUnavailable):
            async with client:
                await asyncio.wait_for(client.start(fake.bot_token), 60)
    finally:
        shard_log.removeFilter(one_line)
        await fake.stop()
        restore_discord_py_defaults()
    tries = [r for r in caplog.records if r.getMessage().startswith("Failed to connect for shard_id")]
    assert len(tries) == 3
    assert all(r.exc_info is None and r.levelname == "WARNING" for r in tries)
