"""``python -m bot`` as a newcomer meets it: a refused token, no network and Discord's outages each end in one
line saying what to do (never a traceback), outages are retried a bounded number of times, and no voice warnings.
A ``DATABASE_URL`` the bot cannot use is found before Discord is contacted, in one line too."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import shutil
import socket
import sqlite3
import subprocess
import sys
import uuid
from pathlib import Path

import discord
import pytest

from bot.__main__ import (
    GatewayUnavailable,
    OneLineConnectionLogs,
    StartFailed,
    bound_gateway_retries,
    open_checked_database,
    run,
)
from bot.db_check import DatabaseUnusable
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
    assert "setup plugin" not in output and "Context impl" not in output, output  # alembic's chatter at every start


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


# --- the database, checked before Discord ----------------------------------------------------------------------

PG_URL = os.environ.get("TEST_DATABASE_URL")
PASSWORD = "hunter2-secret"
#: ``python -m bot`` with the database's retry delays cut to nothing (a server that is down is tried 3 times).
NO_WAIT = "import sys, bot.__main__ as m; m.DATABASE_RETRY_DELAYS = (0.0, 0.0); sys.exit(m.main())"


async def run_bot_on(tmp_path: Path, database_url: str, server: FakeDiscord) -> tuple[int, str, str]:
    """The bot started against ``server`` with ``database_url``: its exit status, stdout and stderr apart."""
    env = bot_env(tmp_path, DATABASE_URL=database_url, DISCORD_TOKEN=server.bot_token, NOCTURNE_FAKE_DISCORD=server.url)
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-c", NO_WAIT, cwd=tmp_path, env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(proc.communicate(), 60)
    return proc.returncode, out.decode(), err.decode()


@contextlib.contextmanager
def read_only(path: Path):
    """``path`` read-only for this process: by its mode, or, for root (whom modes do not stop), made immutable."""
    if os.geteuid() != 0:
        mode = path.stat().st_mode
        path.chmod(0o555 if path.is_dir() else 0o444)
        try:
            yield
        finally:
            path.chmod(mode)
        return
    chattr = shutil.which("chattr")
    if chattr is None or subprocess.run([chattr, "+i", str(path)], capture_output=True, check=False).returncode:
        pytest.skip("running as root, where only an immutable file (chattr +i) is read-only, and chattr fails here")
    try:
        yield
    finally:
        subprocess.run([chattr, "-i", str(path)], check=True)


def sqlite_file(path: Path) -> Path:
    with contextlib.closing(sqlite3.connect(path)) as conn:
        conn.execute("CREATE TABLE t (x)")
        conn.commit()
    return path


def setup_folder(tmp: Path) -> str:
    (tmp / "games").mkdir()
    return f"sqlite:///{tmp / 'games'}"


def setup_missing_folder(tmp: Path) -> str:
    return f"sqlite:///{tmp / 'nowhere' / 'games.sqlite3'}"


def setup_corrupted(tmp: Path) -> str:
    (tmp / "games.sqlite3").write_bytes(b"SQLite format 3\x00" + os.urandom(8192))
    return f"sqlite:///{tmp / 'games.sqlite3'}"


def setup_not_sqlite(tmp: Path) -> str:
    (tmp / "games.sqlite3").write_text("these are my notes, not a database\n" * 200)
    return f"sqlite:///{tmp / 'games.sqlite3'}"


SQLITE_CASES = {
    "folder": (setup_folder, "which is a folder"),
    "missing folder": (setup_missing_folder, "does not exist"),
    "corrupted": (setup_corrupted, "not a SQLite database or is damaged"),
    "another kind of file": (setup_not_sqlite, "not a SQLite database or is damaged"),
    "in memory": (lambda tmp: "sqlite://", "in-memory"),
    "in memory, named": (lambda tmp: "sqlite:///:memory:", "in-memory"),
    "unknown driver option": (
        lambda tmp: f"postgresql://nocturne:{PASSWORD}@127.0.0.1:{closed_port()}/db?channel_binding=require",
        "does not take: channel_binding",
    ),
}


def assert_refused(code: int, out: str, err: str, server: FakeDiscord, *says: str) -> str:
    """Exit 2, exactly one line on stderr naming DATABASE_URL and saying what is wrong, and Discord never asked."""
    lines = err.splitlines()
    assert code == 2 and len(lines) == 1 and not out, (code, out, err)
    line = lines[0]
    assert line.startswith("nocturne: ") and "DATABASE_URL" in line and PASSWORD not in line, line
    for said in says:
        assert said in line, line
    assert server.requests == [] and server.identify_count == 0, "Discord was contacted before the database"
    return line


@pytest.mark.parametrize("case", list(SQLITE_CASES))
async def test_a_database_the_bot_cannot_use_is_one_line_and_exit_2_before_discord(tmp_path, server, case):
    setup, says = SQLITE_CASES[case]
    code, out, err = await run_bot_on(tmp_path, setup(tmp_path), server)
    assert_refused(code, out, err, server, says)


@pytest.mark.parametrize("what", ["file", "folder"])
async def test_a_read_only_database_file_or_folder_is_one_line_and_exit_2(tmp_path, server, what):
    folder = tmp_path / "data"
    folder.mkdir()
    target = sqlite_file(folder / "games.sqlite3") if what == "file" else folder
    with read_only(target):
        code, out, err = await run_bot_on(tmp_path, f"sqlite:///{folder / 'games.sqlite3'}", server)
    assert_refused(code, out, err, server, "cannot write")


async def test_an_unknown_database_host_is_one_line_and_exit_2(tmp_path, server):
    try:
        socket.getaddrinfo("nohost.invalid", 5432)
    except socket.gaierror as exc:
        if exc.errno == socket.EAI_AGAIN:
            pytest.skip("this machine's DNS does not answer (a temporary failure is retried, not refused)")
    else:
        pytest.skip("this machine's DNS resolves nohost.invalid")
    code, out, err = await run_bot_on(tmp_path, f"postgresql://nocturne:{PASSWORD}@nohost.invalid/db", server)
    assert_refused(code, out, err, server, "host 'nohost.invalid' is not known")


async def test_a_database_server_that_is_down_is_tried_again_then_given_up_with_exit_1(tmp_path, server):
    port = closed_port()
    code, out, err = await run_bot_on(tmp_path, f"postgresql://nocturne:{PASSWORD}@127.0.0.1:{port}/db", server)
    assert code == 1 and not out, (code, out, err)
    assert "Traceback" not in err and PASSWORD not in err, err
    *tries, line = err.splitlines()
    assert len(tries) == 2 and all("does not answer" in t and "trying again in 0 s" in t for t in tries), err
    assert line.startswith("nocturne: the PostgreSQL server of DATABASE_URL") and "***" in line, line
    assert f"127.0.0.1:{port}: Connection refused" in line and "gave up after 3 tries" in line, line
    assert "Start the server" in line, line
    assert server.requests == [] and server.identify_count == 0


# PostgreSQL's own refusals need a server: the one of TEST_DATABASE_URL (skipped without it).


def pg_url(**parts: str) -> str:
    from sqlalchemy.engine import make_url

    from bot.config import normalise_database_url

    if not PG_URL:
        pytest.skip("set TEST_DATABASE_URL (a PostgreSQL server) for the database server's own refusals")
    url = make_url(normalise_database_url(PG_URL)).set(drivername="postgresql", **parts)
    return url.render_as_string(hide_password=False)


async def test_an_unknown_postgresql_database_is_one_line_and_exit_2(tmp_path, server):
    name = f"nocturne_missing_{uuid.uuid4().hex[:8]}"
    code, out, err = await run_bot_on(tmp_path, pg_url(database=name), server)
    assert_refused(code, out, err, server, f"no database '{name}'", f"createdb {name}")


async def test_a_login_postgresql_refuses_is_one_line_and_exit_2(tmp_path, server):
    user = f"nocturne_nobody_{uuid.uuid4().hex[:8]}"
    code, out, err = await run_bot_on(tmp_path, pg_url(username=user, password=PASSWORD), server)
    assert_refused(code, out, err, server, "refused the login", user)


async def test_sslmode_is_understood_and_a_server_without_ssl_is_one_line_and_exit_2(tmp_path, server):
    """libpq's ``?sslmode=require`` becomes asyncpg's ``ssl``: asyncpg itself would refuse the option."""
    url = pg_url()
    import asyncpg

    from bot.config import normalise_database_url

    conn = await asyncpg.connect(normalise_database_url(url).replace("+asyncpg", ""))
    try:
        ssl_on = await conn.fetchval("SHOW ssl")
    finally:
        await conn.close()
    if ssl_on == "on":
        pytest.skip("the test server does SSL: sslmode=require would work")
    code, out, err = await run_bot_on(tmp_path, url + ("&" if "?" in url else "?") + "sslmode=require", server)
    assert_refused(code, out, err, server, "sslmode=require", "does not do SSL")


# --- the database retry policy, in-process ---------------------------------------------------------------------


async def test_a_database_server_down_is_retried_a_bounded_number_of_times_a_wrong_setting_never():
    tries, slept = [], []
    down = DatabaseUnusable("the PostgreSQL server of DATABASE_URL (x) does not answer (h:1: refused)", "Start it", down=True)

    async def sleep(seconds):
        slept.append(seconds)

    async def comes_back(url):
        tries.append(url)
        if len(tries) < 3:
            raise down
        return "the database"

    assert await open_checked_database("url", delays=(1, 2, 3), sleep=sleep, check=comes_back) == "the database"
    assert len(tries) == 3 and slept == [1, 2]

    tries.clear(), slept.clear()

    async def never(url):
        tries.append(url)
        raise down

    with pytest.raises(StartFailed) as failed:
        await open_checked_database("url", delays=(1, 2), sleep=sleep, check=never)
    assert failed.value.code == 1 and len(tries) == 3 and slept == [1, 2]
    assert str(failed.value) == f"{down.what}; gave up after 3 tries. Start it."

    tries.clear(), slept.clear()

    async def wrong(url):
        tries.append(url)
        raise DatabaseUnusable("DATABASE_URL points at /x, which is a folder", "Point it at a file")

    with pytest.raises(StartFailed) as failed:
        await open_checked_database("url", delays=(1, 2), sleep=sleep, check=wrong)
    assert failed.value.code == 2 and len(tries) == 1 and not slept
    assert str(failed.value) == "DATABASE_URL points at /x, which is a folder. Point it at a file."


async def test_a_database_server_that_never_answers_counts_as_down_after_the_connect_timeout():
    """A port that takes the connection and says nothing (a hung server, a firewall that drops): asyncpg alone would
    wait 60 s, and then the bot is restarted in a loop; the check gives up after its timeout and calls it down."""
    from bot.db_check import check_database

    silent = await asyncio.start_server(lambda reader, writer: None, "127.0.0.1", 0)
    port = silent.sockets[0].getsockname()[1]
    try:
        with pytest.raises(DatabaseUnusable) as unusable:
            await check_database(f"postgresql+asyncpg://nocturne:{PASSWORD}@127.0.0.1:{port}/db", connect_timeout=0.2)
    finally:
        silent.close()
    assert unusable.value.down and "does not answer" in str(unusable.value) and "no answer in time" in str(unusable.value)
    assert PASSWORD not in str(unusable.value)


async def test_the_bot_leaves_a_database_it_was_handed_open(tmp_path):
    """``python -m bot`` opens the database before Discord and hands it to each try; a try's close keeps it."""
    from bot import boards
    from bot.app import Nocturne
    from bot.config import Settings
    from bot.db_check import check_database

    db = await check_database(f"sqlite+aiosqlite:///{tmp_path / 'games.sqlite3'}")
    closed = []
    close, db.close = db.close, lambda: closed.append(1)  # type: ignore[method-assign]
    try:
        bot = Nocturne(Settings.from_env({"DISCORD_TOKEN": "t"}), db=db)
        assert bot.db is db
        async with bot:  # closed on the way out, as after a try that failed
            pass
        assert closed == []
        assert not boards.shared().closed  # nor does it close a board pool it did not start (the process's own)
        async with db.engine.connect() as conn:  # migrated by the check
            assert (await conn.exec_driver_sql("SELECT count(*) FROM games")).scalar() == 0
    finally:
        await close()
