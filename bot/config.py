"""Settings from the environment (and a ``.env`` in the working directory). See ``.env.example``.

Every setting is checked at start: a bad value stops the bot with a line naming the setting and what it accepts,
instead of being ignored until it matters.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass

from translations import LANGUAGES

DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///nocturne.sqlite3"

LOG_LEVELS: tuple[str, ...] = ("DEBUG", "INFO", "WARNING", "ERROR")
#: How a switch (``MESSAGE_CONTENT``) is written: on / off, true / false, 1 / 0 (any case).
SWITCH_VALUES: dict[str, bool] = {"on": True, "true": True, "1": True, "off": False, "false": False, "0": False}
#: The database URL schemes the bot has drivers for (``postgres://`` is Heroku's spelling).
DATABASE_SCHEMES: tuple[str, ...] = ("sqlite", "sqlite+aiosqlite", "postgres", "postgresql", "postgresql+asyncpg")


class ConfigError(Exception):
    """A setting is missing or malformed; the message says what to set."""


@dataclass(frozen=True)
class Settings:
    token: str
    database_url: str
    default_language: str | None
    dev_guild_id: int | None
    shard_count: int | None
    shard_ids: tuple[int, ...] | None
    log_level: str
    #: Read messages typed in game threads (Když sním's clues, guesses and recaps): asks Discord for the privileged
    #: Message Content intent, which the application must have turned on in the developer portal.
    message_content: bool = False
    #: Worker processes drawing board images (bot.boards); ``None``: one per core but one, ``0``: a thread instead.
    board_workers: int | None = None
    #: Test hook: the base URL of a fake Discord server (tests/fakediscord). Never set in production.
    fake_discord_url: str | None = None
    #: Test hook: deal every game from this seed, so end-to-end runs can be compared. Never set in production.
    test_seed: str | None = None
    #: Test hook: game time runs this many times faster than the wall clock. Never set in production.
    test_time_scale: float = 1.0
    #: Test hook: Discord's pace (posts per channel, calls per second) runs this many times faster, as the fake
    #: server's does (tests/fakediscord). Never set in production.
    test_discord_pace: float = 1.0

    @classmethod
    def from_env(cls, env: os._Environ[str] | dict[str, str] = os.environ) -> Settings:
        token = env.get("DISCORD_TOKEN", "").strip()
        if not token:
            raise ConfigError(
                "DISCORD_TOKEN is not set. Copy .env.example to .env and put your bot token there "
                "(Discord developer portal -> your application -> Bot -> Reset Token)."
            )
        shard_count = _int_or_none(env, "SHARD_COUNT", minimum=1)
        shard_ids = _shard_ids(env, shard_count)
        return cls(
            token=token,
            database_url=_database_url(env),
            default_language=_choice(env, "DEFAULT_LANGUAGE", LANGUAGES, lower=True),
            dev_guild_id=_int_or_none(env, "DEV_GUILD_ID", minimum=1),
            shard_count=shard_count,
            shard_ids=shard_ids,
            log_level=_choice(env, "LOG_LEVEL", LOG_LEVELS, lower=False) or "INFO",
            message_content=_switch(env, "MESSAGE_CONTENT", default=False),
            board_workers=_int_or_none(env, "BOARD_WORKERS", minimum=0),
            fake_discord_url=env.get("NOCTURNE_FAKE_DISCORD") or None,
            test_seed=env.get("NOCTURNE_TEST_SEED") or None,
            test_time_scale=_factor(env, "NOCTURNE_TEST_TIME_SCALE", "game time runs, e.g. 20"),
            test_discord_pace=_factor(env, "NOCTURNE_TEST_DISCORD_PACE", "Discord's pace runs against a fake server, e.g. 10"),
        )


def normalise_database_url(url: str) -> str:
    """Accept Heroku's ``postgres://`` and plain ``postgresql://`` and pick the async drivers.

    libpq's ``sslmode`` (which hosted PostgreSQL URLs often carry) is asyncpg's ``ssl``, with the same values.

    >>> normalise_database_url("postgres://u:p@h:5432/db")
    'postgresql+asyncpg://u:p@h:5432/db'
    >>> normalise_database_url("sqlite:///games.db")
    'sqlite+aiosqlite:///games.db'
    >>> normalise_database_url("postgres://u:p@h/db?sslmode=require&application_name=x")
    'postgresql+asyncpg://u:p@h/db?ssl=require&application_name=x'
    """
    for prefix in ("postgres://", "postgresql://", "postgresql+asyncpg://"):
        if url.startswith(prefix):
            return _sslmode_as_ssl("postgresql+asyncpg://" + url[len(prefix) :])
    if url.startswith("sqlite://"):
        return "sqlite+aiosqlite://" + url[len("sqlite://") :]
    return url


def _sslmode_as_ssl(url: str) -> str:
    base, sep, query = url.partition("?")
    if not sep:
        return url
    params = query.split("&")
    if any(p.split("=", 1)[0] == "ssl" for p in params):
        return url  # asyncpg's own spelling wins
    return base + "?" + "&".join("ssl" + p[len("sslmode") :] if p.split("=", 1)[0] == "sslmode" else p for p in params)


def is_in_memory(url: str) -> bool:
    """A SQLite URL whose database lives in memory (``sqlite://``, ``sqlite:///:memory:``, ``mode=memory``...).

    >>> [is_in_memory(u) for u in ("sqlite+aiosqlite://", "sqlite+aiosqlite:///:memory:", "sqlite+aiosqlite:///g.db")]
    [True, True, False]
    """
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return False
    database = parsed.database or ""
    return (
        database in ("", ":memory:")
        or database.startswith("file::memory:")
        or (database.startswith("file:") and "mode=memory" in database)
        or parsed.query.get("mode") == "memory"
    )


def _database_url(env) -> str:
    raw = env.get("DATABASE_URL", "").strip() or DEFAULT_DATABASE_URL
    scheme, sep, _ = raw.partition("://")
    if not sep or scheme.lower() not in DATABASE_SCHEMES:
        what = f"a {scheme}:// URL" if sep else repr(raw)  # never echo a password
        raise ConfigError(
            "DATABASE_URL must be a SQLite or PostgreSQL URL (sqlite:///file.sqlite3, "
            f"postgresql://user:pass@host/db or postgres://...), not {what}"
        )
    url = normalise_database_url(scheme.lower() + "://" + raw[len(scheme) + 3 :])
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        make_url(url)
    except (ValueError, ArgumentError):  # never their text: it would echo the password
        raise ConfigError(
            f"DATABASE_URL cannot be read as a {scheme}:// URL (is the port a number?). Write it as "
            "sqlite:///file.sqlite3 or postgresql://user:pass@host:5432/db"
        ) from None
    if is_in_memory(url):
        raise ConfigError(
            "DATABASE_URL is an in-memory SQLite database, which loses every game when the bot stops. Give a file "
            "(sqlite:///nocturne.sqlite3, or leave DATABASE_URL empty for that default) or a PostgreSQL URL"
        )
    return url


def _choice(env, name: str, allowed: tuple[str, ...], *, lower: bool) -> str | None:
    raw = env.get(name, "").strip()
    if not raw:
        return None
    value = raw.lower() if lower else raw.upper()
    if value not in allowed:
        raise ConfigError(f"{name} must be one of {', '.join(allowed)} (or empty), not {raw!r}")
    return value


def _switch(env, name: str, *, default: bool) -> bool:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    value = SWITCH_VALUES.get(raw.lower())
    if value is None:
        raise ConfigError(f"{name} must be on or off (or true / false, 1 / 0, or empty for {'on' if default else 'off'}), not {raw!r}")
    return value


def _int_or_none(env, name: str, *, minimum: int) -> int | None:
    raw = env.get(name, "").strip()
    if not raw:
        return None
    try:
        value = int(raw)
    except ValueError:
        raise ConfigError(f"{name} must be a whole number, not {raw!r}") from None
    if value < minimum:
        raise ConfigError(f"{name} must be {minimum} or more, not {raw!r}")
    return value


def _factor(env, name: str, what: str) -> float:
    """A test hook's speed-up: a number above 0 (default 1, the real pace)."""
    raw = env.get(name, "").strip()
    if not raw:
        return 1.0
    try:
        value = float(raw)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value > 0):
        raise ConfigError(f"{name} (a test hook) must be a number above 0 (how many times faster {what}), not {raw!r}")
    return value


def _shard_ids(env, shard_count: int | None) -> tuple[int, ...] | None:
    raw = env.get("SHARD_IDS", "").strip()
    if not raw:
        return None
    if shard_count is None:
        raise ConfigError("SHARD_IDS needs SHARD_COUNT too (the total number of shards across all processes).")
    try:
        ids = tuple(int(s) for s in raw.split(","))
    except ValueError:
        raise ConfigError(f"SHARD_IDS must be shard numbers separated by commas (like 0,1), not {raw!r}") from None
    if any(not 0 <= i < shard_count for i in ids) or len(set(ids)) != len(ids):
        raise ConfigError(
            f"SHARD_IDS must be distinct numbers from 0 to {shard_count - 1} (SHARD_COUNT is {shard_count}), not {raw!r}"
        )
    return ids
