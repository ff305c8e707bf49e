"""Start the bot: ``python -m bot``. Reads ``.env`` from the working directory (see ``.env.example``).

What can go wrong at start ends in one line on stderr saying what to do, and a non-zero exit: a bad setting (2),
a token Discord refuses (2), no way to reach Discord (1). When Discord itself is down (5xx answers, a gateway that
does not open) the bot tries again a few times, logging one line per try, and then gives up (1) instead of being
restarted in a tight loop.

The database is opened and migrated first, before Discord is contacted: a ``DATABASE_URL`` the bot cannot use
(a folder, a missing folder, a read-only or damaged file, an unknown host, database or login, SSL the server does
not do) is one line and exit 2; a database server that does not answer is tried again a few times, one log line
per try, then given up (1), as for Discord.
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import sys
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dotenv import load_dotenv

from bot.config import ConfigError, Settings

if TYPE_CHECKING:  # bot.db is imported once the settings are read
    from bot.db import Database

log = logging.getLogger("nocturne")

#: Set to 1 to read no ``.env`` at all (the tests do, so a developer's own ``.env`` never leaks into them).
NO_DOTENV = "NOCTURNE_NO_DOTENV"
#: Seconds to wait before each new try while Discord answers with errors; one try more than delays.
RETRY_DELAYS: tuple[float, ...] = (2.0, 10.0, 30.0, 60.0)
#: Seconds to wait before each new try while the database server does not answer at start; one try more.
DATABASE_RETRY_DELAYS: tuple[float, ...] = (2.0, 5.0, 10.0, 30.0)
#: Tries per shard to open the gateway websocket at start (discord.py waits 5 s between them).
GATEWAY_ATTEMPTS = 3
STATUS_PAGE = "https://discordstatus.com"


class GatewayUnavailable(Exception):
    """The gateway websocket did not open within :data:`GATEWAY_ATTEMPTS` tries."""


class StartFailed(Exception):
    """The bot cannot start; ``str()`` is the line for the user, ``code`` the exit status."""

    def __init__(self, line: str, code: int) -> None:
        super().__init__(line)
        self.code = code


def read_dotenv(env: dict[str, str] | os._Environ[str] = os.environ) -> None:
    """Load ``./.env`` (the working directory's, never one found by walking up from this file)."""
    if env.get(NO_DOTENV, "").strip() not in ("", "0"):
        return
    load_dotenv(dotenv_path=Path.cwd() / ".env")


def quiet_voice() -> None:
    """The bot uses no voice: drop discord.py's start-up warnings about PyNaCl and davey."""
    import discord

    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False


def describe(exc: BaseException) -> str:
    """A short, single-line account of a connection error."""
    import aiohttp
    import discord

    if isinstance(exc, discord.HTTPException):
        return f"HTTP {exc.status}" + (f": {exc.text}" if exc.text else "")
    if isinstance(exc, aiohttp.ClientConnectorError):
        error = exc.os_error
        if isinstance(error, socket.gaierror) or not error.errno:
            reason = error.strerror or str(error) or type(error).__name__
        else:
            reason = os.strerror(error.errno)
        return f"{exc.host}:{exc.port}: {reason}"
    if isinstance(exc, discord.ConnectionClosed):
        return f"the gateway closed with code {exc.code}" + (f" ({exc.reason})" if exc.reason else "")
    if isinstance(exc, asyncio.TimeoutError):
        return "timed out"
    text = str(exc).splitlines()[0] if str(exc) else ""
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


class OneLineConnectionLogs(logging.Filter):
    """discord.py logs every failed gateway connection with a full traceback; make it one line each."""

    MESSAGES = ("Failed to connect for shard_id", "Attempting a reconnect for shard ID")

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        if exc is not None and isinstance(record.msg, str) and record.msg.startswith(self.MESSAGES):
            record.msg = f"{record.msg} ({describe(exc).replace('%', '%%')})"
            record.exc_info = record.exc_text = None
            record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


def bound_gateway_retries(bot: Any, attempts: int = GATEWAY_ATTEMPTS) -> None:
    """discord.py retries a shard's first gateway connection forever; stop after ``attempts`` tries per shard.

    ``AutoShardedClient.launch_shard`` retries by calling ``self.launch_shard`` again, so an instance attribute
    wrapping the method sees every try.
    """
    launch = bot.launch_shard
    tries: Counter[int] = Counter()

    async def launch_shard(gateway: Any, shard_id: int, *, initial: bool = False) -> None:
        tries[shard_id] += 1
        if tries[shard_id] > attempts:
            raise GatewayUnavailable(f"the gateway ({gateway}) did not open for shard {shard_id} in {attempts} tries")
        await launch(gateway, shard_id, initial=initial)

    bot.launch_shard = launch_shard


def classify(exc: BaseException) -> StartFailed | None:
    """What to tell the user for an error that ends the start, or None when it is Discord's outage (try again)."""
    import aiohttp
    import discord

    if isinstance(exc, discord.LoginFailure) or (isinstance(exc, discord.ConnectionClosed) and exc.code == 4004):
        return StartFailed(
            "Discord refused DISCORD_TOKEN. Copy the bot token again (Discord developer portal -> your application "
            "-> Bot -> Reset Token) into .env and start again.",
            2,
        )
    if isinstance(exc, discord.PrivilegedIntentsRequired):
        return StartFailed(
            "Discord refused the bot's gateway intents: MESSAGE_CONTENT=on asks for the Message Content intent. Turn "
            "on Message Content Intent in the Discord developer portal (your application -> Bot -> Privileged Gateway "
            "Intents) and start again, or set MESSAGE_CONTENT=off (clues and guesses then go through the forms and "
            "/game say).",
            2,
        )
    if isinstance(exc, aiohttp.ClientConnectorError):
        return StartFailed(
            f"cannot reach Discord ({describe(exc)}). Check this machine's network connection, DNS and firewall "
            "(outgoing HTTPS), then start again.",
            1,
        )
    outage = (discord.DiscordServerError, discord.GatewayNotFound, discord.ConnectionClosed, GatewayUnavailable)
    if isinstance(exc, outage + (aiohttp.ClientError, asyncio.TimeoutError)):
        return None
    raise exc


async def run(
    start_bot: Callable[[Callable[[], None]], Awaitable[None]],
    *,
    delays: tuple[float, ...] = RETRY_DELAYS,
    sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
) -> int:
    """Run the bot until it stops; retry Discord's outages ``len(delays)`` times in a row, then give up.

    ``start_bot(connected)`` runs one bot until it stops or raises, and calls ``connected()`` once the bot is ready
    (a bot that ran and then lost Discord starts counting its tries anew).
    """
    failures = 0

    def connected() -> None:
        nonlocal failures
        failures = 0

    while True:
        try:
            await start_bot(connected)
            return 0
        except Exception as exc:  # noqa: BLE001 - classify re-raises what it does not know
            failed = classify(exc)
            if failed is not None:
                raise failed from None
            failures += 1
            if failures > len(delays):
                raise StartFailed(
                    f"Discord is unavailable ({describe(exc)}); gave up after {failures} tries. "
                    f"See {STATUS_PAGE} and start again later.",
                    1,
                ) from None
            delay = delays[failures - 1]
            log.warning(
                "Discord is unavailable (%s); trying again in %g s (try %d of %d)",
                describe(exc), delay, failures + 1, len(delays) + 1,
            )
            await sleep(delay)


async def open_checked_database(
    url: str,
    *,
    delays: tuple[float, ...] = DATABASE_RETRY_DELAYS,
    sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
    check: Callable[[str], Awaitable[Database]] | None = None,
) -> Database:
    """The database of ``DATABASE_URL``, opened and migrated; a server that does not answer is tried
    ``len(delays)`` more times. Raises :class:`StartFailed`: exit 2 for a setting to fix, 1 for a server down."""
    from bot.db_check import DatabaseUnusable, check_database

    check = check or check_database
    failures = 0
    while True:
        try:
            return await check(url)
        except DatabaseUnusable as exc:
            if not exc.down:
                raise StartFailed(str(exc), 2) from None
            failures += 1
            if failures > len(delays):
                raise StartFailed(f"{exc.what}; gave up after {failures} tries. {exc.todo}.", 1) from None
            delay = delays[failures - 1]
            log.warning("%s; trying again in %g s (try %d of %d)", exc.what, delay, failures + 1, len(delays) + 1)
            await sleep(delay)


class QuietAlembic(logging.Filter):
    """Alembic says at every start which plugins it set up and which dialect it uses; keep only its migrations."""

    def filter(self, record: logging.LogRecord) -> bool:
        return record.levelno > logging.INFO or not (
            record.name == "alembic.runtime.plugins" or str(record.msg).startswith(("Context impl", "Will assume"))
        )


def main() -> int:
    read_dotenv()
    try:
        settings = Settings.from_env()
    except ConfigError as exc:
        print(f"nocturne: {exc}", file=sys.stderr)
        return 2
    logging.basicConfig(
        level=getattr(logging, settings.log_level, logging.INFO),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    logging.getLogger("discord.shard").addFilter(OneLineConnectionLogs())
    if settings.log_level != "DEBUG":
        for name in ("alembic.runtime.plugins", "alembic.runtime.migration"):
            logging.getLogger(name).addFilter(QuietAlembic())
    quiet_voice()
    from bot.app import Nocturne, point_at_fake_discord

    if settings.fake_discord_url:
        point_at_fake_discord(settings.fake_discord_url)

    async def serve() -> int:
        # the database first: a DATABASE_URL that cannot work must not hide behind Discord (nor behind its outage)
        db = await open_checked_database(settings.database_url, delays=DATABASE_RETRY_DELAYS)

        async def start_bot(connected: Callable[[], None]) -> None:
            bot = Nocturne(settings, db=db)
            bound_gateway_retries(bot)

            async def on_ready() -> None:
                connected()

            bot.add_listener(on_ready)
            async with bot:
                await bot.start(settings.token)

        try:
            return await run(start_bot)
        finally:
            await db.close()

    try:
        return asyncio.run(serve())
    except StartFailed as exc:
        print(f"nocturne: {exc}", file=sys.stderr)
        return exc.code
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
